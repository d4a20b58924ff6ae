"""The one-vs-rest explorer (issue 43) in JupyterLab + Chromium under ipympl: a class's prior stepped on the page.

Three classes, 600 rows.  The chosen class's prior slider is moved by
keyboard (three steps) and by a mouse drag.  After each move the page's
slider shows the kernel's prior, the kernel's prior vector (the control's,
the displays', the table's) has the chosen class at that prior and sums to
1, the page's table is the kernel's (its π′ column summing to 1 to the
digits it shows), the chosen class's AUCPR and ROC AUC equal the metrics
computed afresh at the vector, the status line is empty, the kernel's
figure is not stale (the step's frame drew it), and the browser shows
exactly the kernel's full draw.  Then the kernel is idle (under 5 % CPU
over 5 s).  Screenshots go to
``$SKEWPLOT_ARTIFACTS/widgets``.
"""

import decimal
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

SETUP = ("import numpy as np\nrng = np.random.default_rng(0)\ny = rng.integers(0, 3, 600)\n"
         "ovr = sp.one_vs_rest(y, rng.random((600, 3)) + 0.8 * np.eye(3)[y])")
MAKE = "sp.widgets.explorer(ovr)"
STATE = ('import json as _j; _p = w.priors(); _k = w.controls["class"].value; '
         '_name = next(n for n, c in w.displays["pr"].class_names.items() if c == _k); _r = w.readouts_[_name]; '
         'print("CSTATE" + _j.dumps({"n": {n}, "value": w.controls["skew"].value, "chosen": _p[_k], '
         '"priors": list(_p.values()), "displays": [list(w.displays[d].priors.values()) for d in ("pr", "roc", '
         '"cost", "fmeasure")], "table_priors": [r["π′"] for r in w.readouts_.values()], "readout": w.readout.value, '
         '"status": w.status.value, "aucpr": _r["AUCPR(π′)"], "roc": _r["ROC AUC"], '
         '"aucpr_ref": float(sp.aucpr(ovr, skew=_p)[_k]), "roc_ref": float(sp.roc_auc(ovr.at_priors(_p)[_k])), '
         '"stale": bool(w.figure.stale)}))')


def _text(html):
    text = re.sub(r"<[^>]+>", " ", html)
    return "".join(text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").split())


def _half_unit(shown):
    """Half a unit of the last digit ``shown`` (``"0.313"``, ``"1.2e-3"``) has."""
    return 0.5 * 10.0 ** decimal.Decimal(shown).as_tuple().exponent * (1 + 1e-9)


# the table's text and its π′ column (each row's second cell), read at one moment
_TABLE = ("t => [t.textContent, [...t.querySelectorAll('tr')].slice(1)"
          ".map(r => r.querySelectorAll('td')[1].textContent.trim())]")


def _disagreement(s, slider, table):
    """What differs between the page's slider and table and the kernel (None: they agree)."""
    shown = slider.locator(".widget-readout").text_content().strip()
    if not re.fullmatch(r"\d+(\.\d+)?(e-?\d+)?", shown):
        return f"the slider's readout shows {shown!r}"
    if abs(float(shown) - s["value"]) > _half_unit(shown):
        return f"the slider shows {shown}, the kernel has {s['value']}"
    text, s["cells"] = table.evaluate(_TABLE)  # at one moment: a later step's table may come between two reads
    if _text(s["readout"]) != "".join(text.split()):
        return "the page's table differs from the kernel's"
    if s["status"]:
        return f"status line: {s['status']}"
    return None


def _agree(sess, slider, table, timeout=120.0):
    """Wait until the kernel has taken every step the page shows; then its numbers must be the metrics'."""
    s = settled_state(sess, lambda: json.loads(sess.ask(STATE, "CSTATE")),
                      lambda s: _disagreement(s, slider, table), timeout)
    assert s["chosen"] == s["value"], s  # the chosen class at the slider's prior, the others scaled
    assert sum(s["priors"]) == pytest.approx(1.0, abs=1e-12), s
    assert all(d == pytest.approx(s["priors"], rel=1e-12) for d in s["displays"]), s
    assert s["table_priors"] == pytest.approx(s["priors"], rel=1e-12), s
    assert s["aucpr"] == pytest.approx(s["aucpr_ref"], rel=1e-12), s
    assert s["roc"] == pytest.approx(s["roc_ref"], rel=1e-12), s
    # the page's π′ column: the priors as shown, summing to 1 within the digits shown
    cells = s["cells"]
    assert len(cells) == len(s["priors"]), cells
    assert abs(sum(float(c) for c in cells) - 1.0) <= sum(_half_unit(c) for c in cells), cells
    return s


def test_class_prior_steps_in_jupyterlab(lab, artifacts):
    from playwright.sync_api import expect

    key, backend = "classes", "widget"
    shots = artifacts / "widgets"
    with widget_page(lab, key, backend, MAKE, shots, setup=SETUP) as (page, pid):
        widget = page.locator(".skewplot-widget")
        fig_loc = figure_locator(widget, backend)
        expect(fig_loc).to_be_visible()
        table = widget.locator(".skewplot-readout")
        expect(table).to_contain_text("AUCPR")
        slider = widget.locator(".widget-slider").filter(has_text="its prior").first
        sess = Session(page, lab["root"], key, backend, shots)
        start = _agree(sess, slider, table)
        check_frame(sess, fig_loc, "start")
        fresh_draw(sess)

        # keyboard: three steps up the chosen class's prior (50 a decade, on a grid through the starting prior)
        before = table.text_content()
        slider.locator(".noUi-handle").first.focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        wait_changed(table, before, page)
        s = _agree(sess, slider, table)
        assert s["value"] == pytest.approx(start["value"] * 10 ** (3 / 50), rel=1e-9), (start["value"], s["value"])
        assert not s["stale"], "the kernel's figure is stale after the keyboard steps"
        check_frame(sess, fig_loc, "keyboard")
        fresh_draw(sess)

        # mouse: drag the handle 40 px to the left (a lower prior; the other classes take up the slack)
        before = table.text_content()
        drag_handle(page, slider, -40)
        wait_changed(table, before, page)
        t = _agree(sess, slider, table)
        others = zip(s["priors"][1:], t["priors"][1:], strict=True)
        assert t["value"] < s["value"] and all(b > a for a, b in others), (s, t)
        assert not t["stale"], "the kernel's figure is stale after the drag"
        check_frame(sess, fig_loc, "drag")

        cpu = kernel_cpu(pid)
        assert cpu < 0.05, f"the idle kernel used {100 * cpu:.0f} % CPU over 5 s"
        page.mouse.move(1, 1)
        page.screenshot(path=str(shots / f"page_{key}_{backend}.png"), full_page=True)
