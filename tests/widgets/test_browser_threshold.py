"""The explorer's threshold control in JupyterLab + Chromium, under ipympl and the inline backend (issue 32).

The threshold slider is moved by keyboard (three steps) and by a mouse
drag.  After each move the page's slider (its handle's rank), its label and
the threshold table equal the kernel's control, ``threshold_index_`` and
``threshold_readouts_``; the kernel's recall and precision at π′ equal a
brute-force computation from the operating point's counts; the status line
is empty; and the browser shows exactly the kernel's full draw.  Then the
kernel is idle (under 5 % CPU over 5 s) and its figure is not stale.
Screenshots go to ``$SKEWPLOT_ARTIFACTS/widgets``.
"""

import json
import re

import pytest

from ._browser import (
    Session,
    check_frame,
    drag_handle,
    figure_locator,
    fresh_draw,
    kernel_cpu,
    settled_state,
    wait_changed,
    widget_page,
)

MAKE = "sp.widgets.explorer(points, skew=0.01)"
STATE = ('import json as _j; _c = w.controls["threshold"]; _n = w.threshold_control.selected; '
         '_p = w.threshold_control.points[_n]; _i = w.threshold_index_[_n]; _pi = w.controls["skew"].value; '
         '_t = float(_p.tp[_i] / _p.tp[-1]); _f = float(_p.fp[_i] / _p.fp[-1]); '
         'print("TSTATE" + _j.dumps({"n": {n}, "value": _c.value, "rank": _c.slider_.value, "points": len(_p), '
         '"index": _i, "label": _c.readout.value, "table": w.threshold_table.value, "status": w.status.value, '
         '"recall": w.threshold_readouts_[_n]["recall"], "precision": w.threshold_readouts_[_n]["precision"], '
         '"brute": [_t, _pi * _t / (_pi * _t + (1 - _pi) * _f) if _t + _f > 0 else None], '
         '"stale": bool(w.figure.stale)}))')


def _text(html):
    text = re.sub(r"<[^>]+>", " ", html)
    return "".join(text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").split())


def _disagreement(s, control, table):
    """What differs between the page's slider, label and table and the kernel (None: they agree)."""
    handle = control.locator(".noUi-handle").first
    now = handle.get_attribute("aria-valuenow")
    if now is None or round(float(now)) != s["rank"]:
        return f"the page's handle is at rank {now}, the kernel's at {s['rank']}"
    label = "".join((control.locator(".widget-label").last.text_content() or "").split())
    if label != "".join(s["label"].split()):
        return f"the page's label shows {label!r}, the kernel has {s['label']!r}"
    if _text(s["table"]) != "".join(table.text_content().split()):
        return "the page's threshold table differs from the kernel's"
    if s["status"]:
        return f"status line: {s['status']}"
    if s["index"] != s["points"] - 1 - s["rank"]:  # the slider's new rank is set before its step has run
        return f"the kernel's index {s['index']} is not yet its rank's ({s['rank']})"
    return None


def _press(page, slider, key, times):
    """Focus the slider's handle and press ``key`` ``times`` times."""
    slider.locator(".noUi-handle").first.focus()
    for _ in range(times):
        page.keyboard.press(key)


def _agree(sess, control, table, timeout=120.0):
    s = settled_state(sess, lambda: json.loads(sess.ask(STATE, "TSTATE")),
                      lambda s: _disagreement(s, control, table), timeout)
    # the kernel's numbers: the rank's point, and recall and precision at pi' by brute force from its counts
    assert s["index"] == s["points"] - 1 - s["rank"], s
    assert s["recall"] == pytest.approx(s["brute"][0], rel=1e-12, abs=1e-15), s
    if s["brute"][1] is not None:
        assert s["precision"] == pytest.approx(s["brute"][1], rel=1e-12), s
    return s


@pytest.mark.parametrize("backend", ["widget", "inline"])
def test_drag_the_threshold_in_jupyterlab(lab, artifacts, backend):
    from playwright.sync_api import expect

    key = "threshold"
    root = lab["root"]
    shots = artifacts / "widgets"
    with widget_page(lab, key, backend, MAKE, shots) as (page, pid):
        widget = page.locator(".skewplot-widget")
        fig_loc = figure_locator(widget, backend)
        expect(fig_loc).to_be_visible()
        control = widget.locator(".skewplot-threshold")
        table = widget.locator(".skewplot-threshold-readout")
        expect(table).to_contain_text("precision")
        sess = Session(page, root, key, backend, shots)
        start = _agree(sess, control, table)
        check_frame(sess, fig_loc, "start")
        fresh_draw(sess)

        # keyboard: three steps up the ranks
        before = table.text_content()
        _press(page, control, "ArrowRight", 3)
        wait_changed(table, before, page)
        s = _agree(sess, control, table)
        assert s["rank"] == start["rank"] + 3, (start["rank"], s["rank"])
        assert not s["stale"], "the kernel's figure is stale after the keyboard steps"
        check_frame(sess, fig_loc, "keyboard")
        fresh_draw(sess)

        # mouse: drag the handle 60 px to the left (lower thresholds: more recall)
        before = table.text_content()
        drag_handle(page, control, -60, steps=10)
        wait_changed(table, before, page)
        t = _agree(sess, control, table)
        assert t["rank"] < s["rank"] and t["recall"] >= s["recall"], (s, t)
        assert not t["stale"], "the kernel's figure is stale after the drag"
        check_frame(sess, fig_loc, "drag")

        cpu = kernel_cpu(pid)
        assert cpu < 0.05, f"the idle kernel used {100 * cpu:.0f} % CPU over 5 s"
        fig_loc.scroll_into_view_if_needed()
        page.mouse.move(1, 1)
        page.screenshot(path=str(shots / f"page_{key}_{backend}.png"), full_page=True)
