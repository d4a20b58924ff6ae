"""Curves lying on a baseline are told in the legend (figure review of ba94d56, class 1: cost-01..09, fm-03..07).

Below some PC(+) a weak classifier's cost envelope is the always-negative line, and at rare skews its F curve the
always-positive one; drawn one over another only the top one showed and nothing said the others were there.  Each
test fails on 680eb56, where no entry said so (and F's always-positive curve was drawn under the envelopes).
"""

import re

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

import skewplot as sp
from skewplot.plotting._coincide import MARK, coinciding_runs, hidden_note
from skewplot.plotting._hidden import hidden_text, hidden_under


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


def test_a_narrow_panel_names_each_hidden_curves_cover_before_it_lists_or_counts_them():
    # prg-10 (review18): a line per covering curve had no free place in panel 4, whose note said "4 curves under
    # another" and named none; then one list ("under others: ...") named them but not what covers each (review20,
    # review23): the clauses run on, two to a line, where a line each has no place
    from types import SimpleNamespace

    from skewplot.plotting._hidden import say_hidden
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
    # main: "under others: lasso, svm, forest" (before it "3 curves under another")
    assert " ".join(note.get_text().split()) == "under mlp: lasso; under knn: svm; under bayes: forest"
    assert note.get_text().count("\n") == 1
    assert not [p for p in lint_figure(fig) if p.kind != "legend"]


def _pairs(fig):
    """Two pairs of flat curves on ``fig``'s Axes, each first one under the second: ``a`` 0.004 below ``b`` and
    ``c`` 0.008 below ``d`` (of a 0..1 axis)."""
    ax = fig.axes[0]
    ax.set(xlim=(0, 1), ylim=(0, 1))
    x = np.linspace(0, 1, 51)
    lines = {}
    for name, y in (("a", 0.5), ("b", 0.504), ("c", 0.2), ("d", 0.208)):
        (lines[name],) = ax.plot(x, 0 * x + y, linewidth=2)
    return ax, lines


def test_a_note_of_hidden_curves_is_decided_on_the_size_the_figure_is_drawn_at():
    # prg-10 (review20, review23): the note was decided when the panel was drawn, before the shared legend and the
    # panels' areas shrank it, and named svm, whose longest stretch under naive Bayes was 4-6 % of the saved
    # panel's width (the rule: 8 %).  Each draw's layout decides it again on the Axes as they are then
    from types import SimpleNamespace

    from skewplot.plotting._hidden import say_hidden, shown_note
    from skewplot.plotting.layout._figure import constrained

    fig = plt.figure(figsize=(6, 3), dpi=100)
    fig.add_subplot()
    constrained(fig)
    ax, lines = _pairs(fig)
    fig.canvas.draw()
    # 1.4 px of line half-width: b is 0.9 px above a (hidden), d 1.9 px above c (apart)
    assert " ".join(say_hidden(SimpleNamespace(ax_=ax, lines_=lines)).get_text().split()) == "under b: a"
    fig.set_size_inches(6, 9)  # three times as tall: a 2.8 px below b, apart (main: "under b: a" still)
    fig.canvas.draw()
    assert shown_note(ax, "under") is None and not any(t.get_visible() for t in ax.texts)
    fig.set_size_inches(6, 1.6)  # half as tall: both pairs lie on one another
    fig.canvas.draw()
    note = shown_note(ax, "under")
    assert note is not None and note.get_visible()
    assert [line.strip() for line in note.get_text().split("\n")] == ["under b: a", "under d: c"]
    # drawn again at the same size: decided as it was, not measured again, and where it was
    place = note.get_position(), note.get_text()
    fig.canvas.draw()
    assert shown_note(ax, "under") is note and (note.get_position(), note.get_text()) == place


def _ten():
    """The ten classifiers (one with a 60-character name) of the review matrix's PR-gain figures on its 1 % positive
    set (``tools/figure_matrix.py --quick``)."""
    rng = np.random.default_rng(100)
    y, _ = sp.datasets.make_scores(50_000, 0.01, random_state=rng)
    names = ["logistic", "gradient-boosted trees, 500 rounds, depth 6, tuned on fold 3", "random forest", "svm",
             "naive Bayes", "knn", "mlp", "lasso", "ridge", "tree"]
    seps = (2.6, 2.0, 1.6, 1.3, 1.0, 0.8, 0.6, 0.45, 0.3, 0.15)
    return {name: sp.operating_points(y, rng.normal(size=y.size) + sep * y)
            for name, sep in zip(names, seps, strict=True)}


def _prg10():
    """The figure of prg-10 in the review matrix: ``plot_prg`` of :func:`_ten` in a 2x2 grid under the poster theme."""
    pts = _ten()
    sp.set_theme(context="poster", column="double")
    fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.6))
    skews = (None, 1e-2, 1e-3, 1e-4)
    return fig, [sp.plot_prg(pts, skew=skew, ax=ax) for ax, skew in zip(axes.ravel(), skews, strict=True)]


def _clauses(said):
    """``{hidden: cover}`` of a note's clauses (``"under knn: naive Bayes; under lasso: mlp"``, a line each or run
    on)."""
    return {name: cover for cover, names in re.findall(r"under ([^:;]+): (.+?)(?=;|$| under )", said)
            for name in names.split(", ")}


@pytest.mark.slow  # about 5 s: four PRG panels of ten curves, saved
def test_the_grids_notes_name_only_curves_hidden_in_the_saved_figure():
    import io

    import matplotlib as mpl

    from skewplot.plotting._coincide import COVERED, MIN_SHARE

    with mpl.rc_context():
        fig, disps = _prg10()
        fig.savefig(io.BytesIO(), dpi=200)
        fig.set_dpi(200)  # the saved figure's pixels: its panels as the reader sees them
        for k, disp in enumerate(disps):
            ax, lines = disp.ax_, disp.lines_
            note = disp.hidden_text_
            said = " ".join(note.get_text().split()) if note is not None and note.get_visible() else ""

            def under(name, other):  # the longest stretch of name under other, a share of the saved Axes' width
                width = COVERED * lines[name].get_linewidth() * fig.dpi / 72.0
                runs = coinciding_runs(ax, lines[name].get_data(), lines[other].get_data(), width, min_share=0.0,
                                       apart_from=0.0)
                return max((r[2] for r in runs), default=0.0)

            # svm lies under naive Bayes over 4-6 % of the saved width (main: "under naive Bayes: random forest, svm"
            # in every panel, decided on the panels before the shared legend shrank them)
            assert under("svm", "naive Bayes") < MIN_SHARE and "svm" not in said, (k, said)
            listed = _clauses(said)
            for name, cover in listed.items():  # each one named lies under what it names over the rule's share
                assert under(name, cover) >= MIN_SHARE, (k, name, said)
            # random forest lies under naive Bayes only where the curves converge to one point (review24), with
            # ridge, mlp and lasso gone there too (main: "under naive Bayes: random forest" in every panel)
            assert "random forest" not in said, (k, said)
            if k == 3:  # what covers each (before: "under others: random forest, svm, naive Bayes, mlp")
                assert listed == {"naive Bayes": "knn", "mlp": "lasso"}, said
        plt.close(fig)


def test_a_stretch_where_three_curves_meet_hides_none_of_them():
    # review24: where the PR-gain curves converge to one point, random forest lay under naive Bayes over the right
    # 10-22 % and was named, while ridge, mlp and lasso, gone into the same bundle, were not: a bundle of three or
    # more curves singles none of them out; two curves alone on one another still do, crossed by a third or not
    ax = Figure(figsize=(4, 3), dpi=100).add_subplot()
    ax.set(xlim=(0, 1), ylim=(0, 1))
    x = np.linspace(0, 1, 201)
    ends = np.clip((x - 0.6) / 0.1, 0, 1)  # the three converge from x = 0.6 and lie on one another from 0.7
    step = x < 0.9  # and step down onto the zero level at 0.9, as PR-gain curves do at their end
    lines = {}
    for name, y in (("a", (0.9 - 0.3 * ends) * step), ("b", (0.8 - 0.2 * ends) * step),
                    ("c", (0.7 - 0.1 * ends) * step),
                    ("d", 0.3 + 0 * x), ("e", 0.3 + 0 * x), ("f", 0.05 + 0.5 * x)):
        (lines[name],) = ax.plot(x, y, linewidth=2)
    groups, at = hidden_under(ax, lines)
    # main: {"c": ["a", "b"], "e": ["d"]}; f crosses d and e at x = 0.5 and does not part them
    assert groups == {"e": ["d"]} and 0.4 < at < 0.6
    # lying on one another on to the Axes' edge off the zero level, they end on no common point (review27: ovr-prg-01)
    for name in "abc":
        lines[name].set_ydata(lines[name].get_ydata() + 0.6 * ~step)
    groups = hidden_under(ax, lines)[0]
    assert sorted(n for names in groups.values() for n in names) == ["a", "b", "d"] and groups["e"] == ["d"]
    # two of the three alone on one another: hidden again
    lines.pop("a").remove()
    assert hidden_under(ax, lines)[0] == {"c": ["b"], "e": ["d"]}


@pytest.mark.parametrize("mirrored", [False, True])
def test_a_bundle_hides_its_curves_unless_it_reaches_their_end(mirrored):
    # ovr-prg-01 (d174887): classes 3 and 4 lay under 5 over a quarter of the width in the middle of panel 2, in a
    # bundle of brown, grey and purple curves, and the note no longer named them.  A bundle hides none only where it
    # reaches an end of the hidden curve (curves converging to a common end), at either end of the width; that end
    # is taken off the zero level, where a curve's own end hides nothing (prg-05: random forest and svm converge
    # into naive Bayes and drop to zero past it)
    ax = Figure(figsize=(4, 3), dpi=100).add_subplot()
    ax.set(xlim=(0, 1), ylim=(-0.1, 1))
    x = np.linspace(0, 1, 401)
    apart = 1 - np.clip((0.2 - np.abs(x - 0.5)) / 0.05, 0, 1)  # a, b and c meet over 0.35-0.65 only
    meet = np.clip((x - 0.6) / 0.1, 0, 1)  # d, e and f converge from 0.6, lie on one another from 0.7
    drop = x > 0.9  # and d and e step down to the zero line at 0.9
    lines = {}
    for name, y in (("a", 0.6 + 0.2 * apart), ("b", 0.6 + 0.1 * apart), ("c", 0.6 + 0 * x),
                    ("d", (0.4 - 0.2 * meet) * (1 - drop)), ("e", (0.3 - 0.1 * meet) * (1 - drop)), ("f", 0.2 + 0 * x)):
        (lines[name],) = ax.plot(1 - x if mirrored else x, y, linewidth=2)
    groups, at = hidden_under(ax, lines)
    # d174887: {} (the middle bundle hid none either; a lies on b a column longer than on c); d and e, drawn on to
    # the right end on the zero line, are not hidden in the bundle that reaches their end at 0.9 (10 % from the
    # drawn end)
    assert groups == {"b": ["a"], "c": ["b"]} and 0.4 < at < 0.6


@pytest.mark.parametrize("converge", [False, True])
def test_a_ribbon_of_plateaus_running_to_the_edge_hides_as_two_curves_do(converge):
    # review27 rejected ovr-prg-01: in panel 2 class 5 lies 0.8 px under 7 (6 another 4 px above) over the right 43 %,
    # plateaus at levels of their own up to the Axes' edge, and 18cd6b8 took that bundle for curves converging to a
    # common end, while in panel 3 class 6 lying so under 7 alone was named.  Only where the curves step onto the
    # zero level do they meet at an end; drawn off it up to the edge, they run on side by side
    ax = Figure(figsize=(4, 3), dpi=100).add_subplot()
    ax.set(xlim=(0, 1), ylim=(-0.1, 1))
    pixel = 1.0 / (ax.transData.transform([[0, 1]]) - ax.transData.transform([[0, 0]]))[0, 1]
    x = np.linspace(0, 1, 401)
    fall = np.clip((0.5 - x) / 0.2, 0, 1)  # a, b and c come down from levels of their own onto plateaus at 0.5
    ramp = np.clip((1 - x) / 0.4, 0, 1) if converge else 1.0  # or on from 0.6 to one end, (1, 0)
    lines = {}
    for name, y in (("a", (0.3 + 0.65 * fall) * ramp), ("b", (0.3 + pixel + 0.4 * fall) * ramp),
                    ("c", (0.3 + 2 * pixel + 0.15 * fall) * ramp),
                    ("d", 0.6 + 0 * x), ("e", np.where(x < 0.5, 0.85, 0.6 + pixel))):  # two alone, to the edge
        (lines[name],) = ax.plot(x, y, linewidth=2)
    groups, _ = hidden_under(ax, lines)
    if converge:  # a under b and b under c over 0.5-0.98 (48 %), in a bundle stepping onto zero at their end
        assert groups == {"e": ["d"]}
    else:  # 18cd6b8: {"e": ["d"]}, the three plateaus' bundle taken for a common end at the edge
        assert groups == {"b": ["a"], "c": ["b"], "e": ["d"]}


def test_a_note_takes_the_corner_past_the_last_tenth():
    # prg-08's panel 3 (review24): the corner right of a steep curve's end lay past the last tenth of the width,
    # where a note is placed only against the panel's right edge
    from skewplot.plotting.layout._marker_label import fit_anywhere

    fig, ax = plt.subplots(figsize=(5, 3), dpi=100)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    for x in np.arange(0.0, 0.83, 0.01):  # free only right of 0.83
        ax.plot([x, x], [0, 1], color="0.5")
    fig.canvas.draw()
    text = ax.text(0.2, 0.5, "", transform=ax.get_xaxis_transform(), fontsize=7)
    tenth = 0.1 * ax.bbox.width
    text.set_text(" abcdefghi ")
    assert tenth < text.get_window_extent().width < 1.6 * tenth  # wider than a tenth, narrower than the corner
    assert fit_anywhere(text, 0.2, ("abcdefghi", "2"))  # main: "2" at 0.9
    assert text.get_visible() and text.get_text().strip() == "abcdefghi"
    box = text.get_window_extent()
    assert ax.transData.inverted().transform([[box.x0, 0]])[0, 0] >= 0.83 and box.x1 <= ax.bbox.x1


@pytest.mark.slow  # about 4 s: three PRG panels of ten curves, saved
def test_a_rows_notes_say_what_covers_each_hidden_curve():
    # prg-08 (review24, rejected on matplotlib 3.11 and 3.8): panel 3 said "under others: random forest, naive
    # Bayes, mlp" (the clauses, five lines wide as "under naive Bayes:", had no free place) and so not that knn
    # covers naive Bayes and lasso mlp; random forest lies under naive Bayes only in the bundle at the right end
    import io

    import matplotlib as mpl

    with mpl.rc_context():
        pts = _ten()
        sp.set_theme(context="notebook", column="double")
        fig, axes = plt.subplots(1, 3)
        disps = [sp.plot_prg(pts, skew=skew, ax=ax) for ax, skew in zip(axes, (1e-2, 1e-3, 1e-4), strict=True)]
        fig.savefig(io.BytesIO(), dpi=200)
        said = [" ".join(d.hidden_text_.get_text().split()) if d.hidden_text_ is not None
                and d.hidden_text_.get_visible() else "" for d in disps]
        plt.close(fig)
    assert said[:2] == ["", ""], said  # main: "under naive Bayes: random forest" in both
    assert _clauses(said[2]) == {"naive Bayes": "knn", "mlp": "lasso"}, said
    assert disps[2].hidden_text_.get_fontsize() >= 6.5


def test_a_label_takes_the_first_free_place_a_place_by_place_search_finds():
    # b05e757 tries every height and side of a place at once; the place taken is the first free one in the order of
    # LABEL_PLACES (left side first), as a search box by box finds, and the fewest-covered one when none is free
    from skewplot.plotting.layout._legend_geometry import _blocked, _crossing
    from skewplot.plotting.layout._marker_label import (
        _EDGE_PX,
        CLEAR_PT,
        LABEL_PLACES,
        _meets,
        _obstacles,
        _within_span,
        fit_marker_label,
    )

    rng = np.random.default_rng(7)
    taken = set()
    for trial in range(12):
        fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
        ax.set(xlim=(0, 1), ylim=(0, 1))
        for _ in range(3 + trial):
            ax.plot(np.sort(rng.uniform(0, 1, 6)), rng.uniform(0, 1, 6), color="0.5")
        ax.text(rng.uniform(0.1, 0.6), rng.uniform(0.1, 0.9), "an obstacle")
        fig.canvas.draw()
        text = ax.text(0.5, 0.5, "", transform=ax.get_xaxis_transform(), fontsize=8)
        x = rng.uniform(0.1, 0.9)
        free = fit_marker_label(text, x, ("a label", "a label"))
        # the search box by box
        text.set_text(" a label ")
        width, height = text.get_window_extent().width, text.get_window_extent().height
        segs, boxes = _obstacles(ax, text, set())
        px, box = ax.transData.transform((x, 0.5))[0], ax.bbox
        segs = _within_span(segs, (px - width - 2.0, px + width + 2.0))
        bounds = (np.minimum(segs[:, 0], segs[:, 1]), np.maximum(segs[:, 0], segs[:, 1]))
        clear = CLEAR_PT * fig.dpi / 72.0
        places = []
        for frac, va in LABEL_PLACES:
            y = box.y0 + frac * box.height
            y0 = y - height if va == "top" else y if va == "bottom" else y - height / 2.0
            for side in [s for s, room in (("left", box.x1 - px), ("right", px - box.x0)) if width <= room]:
                x0 = px if side == "left" else px - width
                lb = (x0 + _EDGE_PX, y0 - clear, x0 + width - _EDGE_PX, y0 + height + clear)
                covered = int(_crossing(segs, lb).sum()) + sum(_meets(b, lb) for b in boxes)
                places.append(((side, va, frac), _blocked(segs, bounds, lb) or any(_meets(b, lb) for b in boxes),
                               covered))
        expected = next((p for p, blocked, _ in places if not blocked), None)
        assert free == (expected is not None)
        if expected is None:
            expected = min(places, key=lambda p: p[2])[0]
        assert (text.get_horizontalalignment(), text.get_verticalalignment(), text.get_position()[1]) == expected
        taken.add(free)
        plt.close(fig)
    assert taken == {True, False}  # both a free place and the fewest-covered one were exercised
