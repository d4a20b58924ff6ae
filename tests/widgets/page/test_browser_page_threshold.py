"""The explorer's threshold control in its saved page (``runtime/threshold.js``), opened from disk in Chromium.

The page and the live widget are moved through the same states: the
threshold slider by keyboard, the classifier whose threshold it moves, the
mode, the precision and recall targets, a skew step in precision mode and
the "choose threshold" button (at π′: the least cost at m, or the target;
over the skew range: the mean, the worst case and the regret).
After each, every mark the page drew is within half a pixel of the
kernel's (``test_browser_scene._compare``, which also checks the curves
and the AUC table), and the threshold table's cells and the slider's
readout are the kernel's strings; the intervals under recall and precision
are those of the exact count bootstrap (``exact_bootstrap.CountBootstrap``),
which the kernel's readout gives as well.
"""

import re

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats.exact_bootstrap import CountBootstrap
from skewplot.widgets import explorer, interactive_fmeasure, interactive_pr
from skewplot.widgets.threshold import CONFIDENCE

from .test_browser_scene import _compare, _grid, _jump, _open, _start, _step, _text

pytestmark = pytest.mark.slow


def _cells(fragment):
    """The table's cells, row by row, without the intervals under recall and precision."""
    fragment = re.sub(r"<br><span[^>]*>\[[^\]]*\]</span>", "", fragment)
    rows = re.findall(r"<tr>(.*?)</tr>", fragment, re.S)
    return [[_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)] for row in rows]


def _intervals(fragment):
    return re.findall(r"\[([-0-9.e+]+), ([-0-9.e+]+)\]", fragment)


def _exact(widget):
    """The 90 % intervals of recall and precision the page shows: the exact count bootstrap (exact_bootstrap.py)."""
    out = []
    pi = widget.controls["skew"].value
    for name, pts in widget.threshold_control.points.items():
        i = widget.threshold_index_[name]
        if i is None or not all(float(v).is_integer() for v in (pts.tp[-1], pts.fp[-1], pts.tp[i], pts.fp[i])):
            continue  # weighted rows: no interval from the counts
        cb = CountBootstrap(int(pts.tp[-1]), int(pts.fp[-1]), int(pts.tp[i]), int(pts.fp[i]))
        probs = ((1 - CONFIDENCE) / 2, (1 + CONFIDENCE) / 2)
        out.append(tuple(cb.rate(a, "pos") for a in probs))
        if pts.tp[i] > 0 or pts.fp[i] > 0:  # none at the empty prediction, whose precision is a limit
            out.append(tuple(cb.precision(pi, a) for a in probs))
    return out


def _check(page, widget, where):
    _compare(page, widget, where)  # every mark (and curve) within half a pixel, the AUC table
    shown = page.evaluate("document.querySelector('.skewplot-threshold-readout').innerHTML")
    assert _cells(shown) == _cells(widget.threshold_table.value), where
    assert _intervals(shown) == _intervals(widget.threshold_table.value), where
    # each written bound within the rounding of its last digit (one format per column) of the exact bound
    pairs = _intervals(shown)
    assert len(pairs) == len(_exact(widget)), where
    for pair, exact in zip(pairs, _exact(widget), strict=True):
        for text, value in zip(pair, exact, strict=True):
            unit = 10.0 ** -len(text.partition(".")[2]) if "e" not in text else abs(value) * 1e-2
            assert abs(float(text) - value) <= 0.5 * unit * (1 + 1e-9), where
    state = page.evaluate("window.skewplotPage.threshold")
    names = list(widget.threshold_control.points)
    assert state["index"] == [widget.threshold_index_[n] for n in names], where
    assert state["mode"] == widget.controls["threshold_mode"].value, where
    if state["mode"] == "threshold":
        readout = page.evaluate("document.querySelector(\"input[data-control='threshold'] + output\").textContent")
        assert readout == widget.controls["threshold"].readout.value, where


def _select(page, widget, name, value, index):
    page.locator(f"select[data-control='{name}']").select_option(str(index))
    widget.controls[name].value = value


def _press(page, widget):
    page.click("button[data-control='choose_button']")
    widget.threshold_control.choose()


def _choose_for(page, widget, value):
    options = [v for _, v in widget.choose_for.options]
    page.locator("select[data-control='choose_for']").select_option(str(options.index(value)))
    widget.choose_for.value = value


def _slide(page, widget, rank):
    """The threshold slider to ``rank`` by keyboard; the kernel takes every rank between, as its slider does."""
    slider = widget.controls["threshold"].slider_
    start = slider.value
    _step(page, "threshold", rank)
    for k in range(start, rank, 1 if rank > start else -1):
        slider.value = k + (1 if rank > start else -1)


def test_the_threshold_control_works_in_the_explorers_page(chromium, tmp_path):
    data = sp.datasets.example_classifiers(n=2000, skew=0.05, random_state=3)
    widget = explorer(data, skew=0.1)
    path = tmp_path / "explorer.html"
    widget.save_html(path)
    names = list(widget.threshold_control.points)
    context, page, requests, errors = _open(chromium, path)
    try:
        grids = _start(page, widget)
        _check(page, widget, "start")
        rank = widget.controls["threshold"].slider_.value
        _slide(page, widget, rank - 3)
        _check(page, widget, "threshold: three ranks down")
        _select(page, widget, "threshold_of", names[1], 1)
        page.evaluate("([n, v]) => window.skewplotPage.threshold.set(n, v)", ["threshold", 0])
        widget.controls["threshold"].slider_.value = 0  # the top rank: inf, the empty prediction (its precision
        # is the limit along the curve)
        _check(page, widget, "threshold of the second classifier, at the top rank")
        _jump(page, widget, grids, "skew", len(grids["skew"]) // 4)
        _check(page, widget, "a skew step in threshold mode")
        _select(page, widget, "threshold_mode", "precision", 1)
        _check(page, widget, "precision target 0.5")
        for k in (0, 93, 100):  # 0: every point reaches it; 1: only points without false positives
            page.evaluate("([n, v]) => window.skewplotPage.threshold.set(n, v)", ["target", k])
            widget.controls["target"].value = k / 100
            _check(page, widget, f"precision target {k / 100}")
        _jump(page, widget, grids, "skew", len(grids["skew"]) - 1)
        _check(page, widget, "a skew step in precision mode (the marks follow)")
        _step(page, "target", 99)
        widget.controls["target"].value = 0.99
        _check(page, widget, "precision target 0.99 by keyboard")
        _select(page, widget, "threshold_mode", "recall", 2)
        _check(page, widget, "recall target 0.99")
        page.click("button[data-control='choose_button']")
        widget.threshold_control.choose()
        _check(page, widget, "the button in recall mode: threshold mode, at the recall target")
        _jump(page, widget, grids, "m", len(_grid(widget, "m")) // 5)
        _press(page, widget)
        _check(page, widget, "the button in threshold mode: the least cost at m")
        nodes = len(grids["skew_range"])
        _jump(page, widget, grids, "skew_range", (1, nodes // 2))
        _jump(page, widget, grids, "skew_range", (0, nodes // 4))
        _choose_for(page, widget, "worst")
        _press(page, widget)
        _check(page, widget, "the button over the range, worst case: the least largest cost at its ends")
        _jump(page, widget, grids, "m", len(_grid(widget, "m")) // 2)
        _choose_for(page, widget, "regret")
        _press(page, widget)
        _check(page, widget, "the button over the range, regret: the least largest excess over the least cost")
        _choose_for(page, widget, "expected")
        _press(page, widget)
        _check(page, widget, "the button over the range, expected: the least mean cost (the cost at the mean PC(+))")
        # π′ in [0.25, 1] at m = 0.89: the mean cost's choice is neither the cost's at the range's middle (PC(+) is
        # not linear in π′ there) nor the worst case's, for both classifiers
        _jump(page, widget, grids, "skew_range", (1, nodes - 1))
        _jump(page, widget, grids, "m", len(_grid(widget, "m")) - len(_grid(widget, "m")) // 8)
        _press(page, widget)
        _check(page, widget, "the button over the range [0.25, 1], expected, at m = 0.89")
        _jump(page, widget, grids, "skew_range", (1, nodes // 2))
        _jump(page, widget, grids, "m", len(_grid(widget, "m")) // 2)
        _choose_for(page, widget, "worst")
        _select(page, widget, "threshold_mode", "precision", 1)
        page.evaluate("([n, v]) => window.skewplotPage.threshold.set(n, v)", ["target", 60])
        widget.controls["target"].value = 0.6
        _press(page, widget)
        assert widget.status.value == "", widget.status.value
        _check(page, widget, "the button over the range, worst case: precision 0.6 at its lower end")
        _choose_for(page, widget, "expected")
        _select(page, widget, "threshold_mode", "precision", 1)
        _press(page, widget)
        assert widget.status.value == "", widget.status.value
        _check(page, widget, "the button over the range, expected: the most recall with mean precision 0.6")
        _choose_for(page, widget, "worst")
        _select(page, widget, "threshold_mode", "precision", 1)
        page.evaluate("([n, v]) => window.skewplotPage.threshold.set(n, v)", ["target", 100])
        widget.controls["target"].value = 1.0
        # from 0: precision 1 at π′ = 0 only without false positives, which the weak classifier's top score has
        _jump(page, widget, grids, "skew_range", (0, 0))
        _press(page, widget)
        said = page.locator("[data-control='choose_status']").text_content()
        assert said and said == _text(widget.status.value), (said, widget.status.value)
        _check(page, widget, "a refused choice changes nothing")
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()


def test_the_threshold_control_of_a_weighted_f_widget_works_in_its_page(chromium, tmp_path):
    # weighted rows: the counts are stored as float64 (not as steps) and the table has no interval, as the
    # kernel's; a single space's control: its cost at m = 0.5, its F panel's dashed line for the threshold
    rng = np.random.default_rng(5)
    y = rng.random(1500) < 0.2
    frame = {"y_true": y, "a": rng.normal(size=1500) + 1.2 * y, "b": rng.normal(size=1500) + 0.5 * y}
    data = {name: sp.operating_points(frame["y_true"], frame[name], sample_weight=rng.random(1500) + 0.5)
            for name in ("a", "b")}
    widget = interactive_fmeasure(data, skew=0.1, threshold_control=True)
    thr = data["a"].thresholds
    widget.controls["threshold"].value = float(0.5 * (thr[40] + thr[41]))  # set in code between two scores
    path = tmp_path / "f.html"
    widget.save_html(path)
    context, page, requests, errors = _open(chromium, path)
    try:
        grids = _start(page, widget)
        _check(page, widget, "start: a threshold set between two scores, written as set")
        _jump(page, widget, grids, "skew", 3)
        _check(page, widget, "a skew step: the threshold still as set")
        _slide(page, widget, widget.controls["threshold"].slider_.value + 4)
        _check(page, widget, "threshold: four ranks up")
        _jump(page, widget, grids, "f_alpha", 10)
        _check(page, widget, "an F weight step: the threshold's line follows")
        _select(page, widget, "threshold_mode", "recall", 2)
        _check(page, widget, "recall target 0.5")
        _press(page, widget)
        _check(page, widget, "the button at π′: recall 0.5")
        assert "<span" not in page.evaluate("document.querySelector('.skewplot-threshold-readout').innerHTML")
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()


def test_the_threshold_control_of_interactive_pr_works_in_its_page(chromium, tmp_path):
    # interactive_pr pre-renders a frame per state, but its threshold slider's ranks are too many states: with
    # the control its page draws the curves itself, as the explorer's does
    data = sp.datasets.example_classifiers(n=1500, skew=0.05, random_state=4)
    widget = interactive_pr(data, skew=0.1, threshold_control=True)
    path = tmp_path / "pr.html"
    assert widget.save_html(path)["drawn"]
    context, page, requests, errors = _open(chromium, path)
    try:
        grids = _start(page, widget)
        _check(page, widget, "start")
        _jump(page, widget, grids, "skew", len(grids["skew"]) // 5)
        _check(page, widget, "a skew step: the mark and the table at the new π′")
        legend = page.evaluate("window.skewplotPage.legend")  # the panel's own legend: AUCPR and random at π′
        want = [t.get_text() for t in widget.displays["pr"].ax_.get_legend().get_texts()]
        assert len(legend) == 3 and all(text in want for text in legend), (legend, want)
        _slide(page, widget, widget.controls["threshold"].slider_.value - 5)
        _check(page, widget, "threshold: five ranks down")
        _select(page, widget, "threshold_mode", "precision", 1)
        _check(page, widget, "precision target 0.5")
        _press(page, widget)
        _check(page, widget, "the button at π′: the most recall with precision 0.5")
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()


def test_an_off_scale_mark_is_where_the_kernel_draws_it(chromium, tmp_path):
    # rare positives: log precision axes; at the start weak's least-cost threshold predicts nothing (precision 0/0,
    # no PR mark); set to its top score, a negative's, its precision is 0: an off-scale mark raised by half its size
    # above the spine, in the page as in the kernel (_compare: within half a pixel), the F line at 0 on its spine
    widget = explorer(sp.datasets.example_classifiers(n=3000, skew=0.01, random_state=3), skew=0.005)
    assert all(len(m.points_["weak"].get_xdata()) == 0 for m in widget.threshold_control.markers if m.space == "pr")
    widget.controls["threshold_of"].value = "weak"
    widget.controls["threshold"].value = float(widget.threshold_control.points["weak"].thresholds[1])
    low = [m.points_["weak"] for m in widget.threshold_control.markers if m.space == "pr"]
    assert len(low) == 2 and all(line.get_marker() == "v" and line.get_ydata()[0] == 0 for line in low)
    path = tmp_path / "explorer.html"
    widget.save_html(path)
    context, page, requests, errors = _open(chromium, path)
    try:
        _start(page, widget)
        _check(page, widget, "start: weak's precision 0 below the log axes (its top case alone, a negative)")
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()
