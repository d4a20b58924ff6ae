"""Curves lying on a baseline are told in the legend (figure review of ba94d56, class 1: cost-01..09, fm-03..07).

Below some PC(+) a weak classifier's cost envelope is the always-negative line, and at rare skews its F curve the
always-positive one; drawn one over another only the top one showed and nothing said the others were there.  Each
test fails on 680eb56, where no entry said so (and F's always-positive curve was drawn under the envelopes).
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

import skewplot as sp
from skewplot.plotting._coincide import MARK, coinciding_runs, hidden_note, hidden_text, hidden_under


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _scores(n=800, prevalence=0.02, separations=(3.0, 0.0), seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    return {f"c{k}": sp.operating_points(y, rng.normal(size=n) + s * y) for k, s in enumerate(separations)}


def _texts(disp):
    return [t.get_text() for t in disp.ax_.get_legend().get_texts()] if disp.ax_.get_legend() else \
        [t.get_text() for lg in disp.figure_.legends for t in lg.get_texts()]


@pytest.mark.slow  # about 0.5 s: a drawn figure
@pytest.mark.parametrize(("plot", "baseline", "words"), [
    (sp.plot_cost, "always_negative", "partly on always −"),
    (sp.plot_fmeasure, "always_positive", "partly on always positive"),
])
def test_a_curve_on_the_baseline_is_marked_in_the_legend_and_not_moved(plot, baseline, words):
    pts = _scores()
    disp = plot(pts, skew=0.01, max_lines=5)
    texts = " | ".join(_texts(disp))
    assert f"c1{MARK}" in texts  # the random classifier lies on the trivial classifier's line
    assert f"c0{MARK}" not in texts  # the strong one is apart from it
    assert f"{MARK} {words}" in texts  # and an entry says what the mark means
    # each curve is where its data are (nothing was moved to show it)
    for name, line in disp.lines_.items():
        x, y = line.get_data()
        assert np.allclose(y, disp._envelope_at(disp._hulls[name][0], x)), name
    # the baseline is drawn over the envelopes, so that the line a curve lies on shows
    assert disp.baselines_[baseline].get_zorder() > max(line.get_zorder() for line in disp.lines_.values())


@pytest.mark.slow  # about 1.5 s: a row's shared legend
def test_a_row_names_each_classifier_once_in_its_shared_legend():
    # a PR panel's "c1" and a cost panel's "c1*" were two entries of the shared legend for one classifier
    pts = _scores()
    fig, (left, right) = plt.subplots(1, 2, figsize=(6, 2.5))
    sp.plot_pr(pts, skew=0.01, ax=left)
    cost = sp.plot_cost(pts, skew=0.01, max_lines=5, ax=right)
    assert [line.get_label() for line in cost.lines_.values()] == ["c0", "c1"]
    texts = [t.get_text() for lg in fig.legends for t in lg.get_texts()]
    assert not any(MARK in t for t in texts)
    # but the panel itself says which curve lies on what, inside it and legibly (cost-02/03/04 of the review of
    # 494a71d: eight curves on always − in a row with nothing saying so); the curve is not moved for it
    fig.canvas.draw()
    note = cost.coincide_text_
    assert note is not None and note.get_visible()
    assert note.get_text().strip() == hidden_note(["c1"], "always −") == "on always −: c1"
    assert note.get_fontsize() >= 6.5 and note.axes is right
    box, panel = note.get_window_extent(), right.bbox
    assert panel.x0 - 1 <= box.x0 and box.x1 <= panel.x1 + 1 and panel.y0 - 1 <= box.y0 and box.y1 <= panel.y1 + 1
    x, y = cost.lines_["c1"].get_data()
    assert np.allclose(y, cost._envelope_at(cost._hulls["c1"][0], x))


def test_a_panels_note_names_each_hidden_curve_in_lines_that_fit():
    text = hidden_note(["naive Bayes", "random forest", "x" * 60, "$a_1$"], "always positive", width=24)
    lines = text.split("\n")
    assert lines[0].startswith("on always positive:")
    assert all(len(line) <= 24 for line in lines[1:])
    assert "naive Bayes" in text and "random forest" in text and "$a_1$" in text and "x" * 15 + "…" in text
    assert hidden_note([], "always −") == ""


def test_coinciding_runs_keep_to_a_line_width_at_the_figures_size():
    ax = Figure(figsize=(4, 3), dpi=100).add_subplot()
    ax.set(xlim=(0, 1), ylim=(0, 1))
    x = np.linspace(0, 1, 201)
    px_per_unit = ax.bbox.height
    for offset_px, expected in ((1.0, 1), (6.0, 0)):
        runs = coinciding_runs(ax, (x, x + offset_px / px_per_unit), (x, x * 0 + x), 2.0)
        assert len(runs) == expected
    # a crossing is not a hidden curve: too short a stretch is dropped
    assert coinciding_runs(ax, (x, 1 - x), (x, x), 2.0) == []


@pytest.mark.slow  # about 0.5 s: two drawn figures
@pytest.mark.parametrize("plot", [sp.plot_aucpr_vs_skew, sp.plot_prg])
def test_a_curve_under_another_classifiers_is_named_in_a_note(plot):
    # two classifiers of the same scores draw one line: the one painted first is under the other, and a note in
    # the panel says so (prg-07's mlp under lasso, aucsk-02's ridge under tree of the review of 494a71d)
    pts = _scores(separations=(3.0, 1.0))
    pts["twin"] = pts["c1"]
    disp = plot(pts)
    disp.figure_.canvas.draw()
    note = disp.hidden_text_
    assert note is not None and note.axes is disp.ax_ and note.get_fontsize() >= 6.5
    assert note.get_text().strip() == "under twin: c1"
    box, panel = note.get_window_extent(), disp.ax_.bbox
    assert panel.x0 - 1 <= box.x0 and box.x1 <= panel.x1 + 1 and panel.y0 - 1 <= box.y0 and box.y1 <= panel.y1 + 1
    # apart, nothing is said
    del pts["twin"]
    assert plot(pts).hidden_text_ is None


def test_hidden_under_keeps_to_what_is_painted_over():
    ax = Figure(figsize=(4, 3), dpi=100).add_subplot()
    ax.set(xlim=(0, 1), ylim=(0, 1))
    x = np.linspace(0, 1, 101)
    (a,) = ax.plot(x, 0.5 + 0 * x, linewidth=2)
    (b,) = ax.plot(x, 0.5 + 0 * x, linewidth=2)
    (c,) = ax.plot(x, 0.2 + 0.5 * x, linewidth=2)
    (d,) = ax.plot(x, 0 * x, linewidth=2)
    (e,) = ax.plot(x, 0 * x, linewidth=2)
    groups, at = hidden_under(ax, {"a": a, "b": b, "c": c, "d": d, "e": e})
    # a under b (painted after it), b over a is not hidden; c crosses them only; d and e meet on the zero line
    assert groups == {"b": ["a"]} and 0.4 < at < 0.6
    assert hidden_text(groups) == "under b: a"


def test_a_narrow_panel_names_its_hidden_curves_in_one_list_before_it_counts_them():
    # prg-10 (review18): a line per covering curve had no free place in panel 4, whose note said "4 curves under
    # another" and named none; one list of the hidden names ("under others: ...") fits where the count did
    from types import SimpleNamespace

    from skewplot.plotting._coincide import say_hidden
    from skewplot.testing import lint_figure

    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    x = np.linspace(0, 1, 51)
    # room for two lines of text, about 0.4, on matplotlib 3.8 too (its glyphs are a little wider: 0.33 left it none)
    for y in [*np.arange(0.0, 0.30, 0.03), *np.arange(0.48, 1.0, 0.03)]:
        ax.plot(x, 0 * x + y, color="0.8", linewidth=0.5)
    lines = {}
    for name, y in (("lasso", 0.6), ("mlp", 0.6), ("svm", 0.75), ("knn", 0.75), ("forest", 0.9), ("bayes", 0.9)):
        (lines[name],) = ax.plot(x, 0 * x + y, linewidth=2)  # each first of a pair under the second
    fig.canvas.draw()
    note = say_hidden(SimpleNamespace(ax_=ax, lines_=lines))
    assert note.get_visible()
    assert " ".join(note.get_text().split()) == "under others: lasso, svm, forest"  # main: "3 curves under another"
    assert not [p for p in lint_figure(fig) if p.kind != "legend"]
