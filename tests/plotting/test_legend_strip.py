"""A single Axes' legend strip in a small figure: wrapped or compact entries keep the Axes 60 % of its cell.

A 3.4 x 2.6 in figure at matplotlib's default 10 pt leaves a strip under
the x label about three rows: four classifiers with a long name, a
bootstrap band and three baselines took one column and the Axes down to
29-55 % of its height.  The strip (and a figure's shared legend) then
tries its labels wrapped before their numbers, and a compact form (the
minimum-achievable edge joined to its unachievable region, a band's
method dropped); a Display's ``update`` writes new areas in the same form.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot._format import number
from skewplot.plotting._notes import note
from skewplot.plotting.layout._legend_entries import strip_entries, wrap_label
from skewplot.testing import lint_figure

NAMES = ("model A", "model B", "model C", "baseline logistic regression")


def _points(k, rate=0.01, n=20_000):
    rng = np.random.default_rng(1)
    y = (rng.random(n) < rate).astype(int)
    return {name: sp.operating_points(y, rng.normal(size=n) + sep * y)
            for name, sep in zip(NAMES[:k], (2.5, 2.0, 1.6, 1.0), strict=False)}


@pytest.mark.parametrize("label", ["baseline logistic regression (AUCPR = 0.001)", "model A (ROC AUC = 0.967)",
                                   "90 % pointwise bootstrap CI\n(percentile, 20 replicates)", "random (0.0001)",
                                   "trivial (always −, always +)", "averyveryverylongnamewithoutanyspace (AUC = 1)"])
@pytest.mark.parametrize("width", [18, 30])
def test_a_wrapped_label_says_the_same_in_lines_that_fit(label, width):
    wrapped = wrap_label(label, width)
    assert wrapped.split() == label.split()  # the same words, in order: only spaces became line breaks
    for line in wrapped.split("\n"):
        assert len(line) <= width or " " not in line, line
    if len(label) <= width:
        assert wrapped == label
    elif "=" in label:  # the numbers' bracket starts a line of its own
        assert any(line.startswith("(") and "=" in line for line in wrapped.split("\n"))


def test_the_compact_form_joins_the_dotted_edge_to_its_region():
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    edge, region, curve = Line2D([], [], linestyle=":"), Patch(), Line2D([], [])
    labels = ["good (AUCPR = 0.5)", "90 % CI\n(percentile, 20 replicates)", "minimum achievable", "unachievable"]
    handles, texts, stands = strip_entries([curve, Patch(), edge, region], labels, compact=True)
    assert texts == ["good (AUCPR = 0.5)", "90 % CI", "minimum achievable, unachievable below"]  # both named
    assert stands == [labels[0], labels[1], labels[3]]
    assert handles[0] is curve and handles[2] == (region, edge)
    assert strip_entries(None, labels)[1] == labels  # no form: the entries as given


def test_the_areas_form_says_the_kind_once_in_a_first_entry_and_keeps_every_number():
    # the kind as the legend's title took a row of its own: ten classifiers' strip under a 3.5 x 2.8 in figure kept
    # the Axes 50 % of its height (pr-04); in a first entry of its own it takes a cell, and "(...)" goes
    from matplotlib.lines import Line2D

    labels = ["good (ROC AUC = 0.967 ± 0.0176)", "mean ± 1 SD\nof 5 folds", "chance (AUC = 0.500)",
              "bad (ROC AUC = 0.5)"]
    _, texts, stands = strip_entries(None, labels, compact="areas")
    assert texts == ["ROC AUC", "good 0.967 ± 0.0176", "mean ± 1 SD", "chance (AUC = 0.500)", "bad 0.5"]  # AUC: not
    assert stands == ["ROC AUC", *labels]  # the kind
    handles, _, _ = strip_entries([Line2D([], [], color="C0") for _ in labels], labels, compact="areas")
    assert len(handles) == 5 and handles[0].get_linestyle() == "None"  # a cell without a sample


@pytest.mark.slow  # about 1.5 s: two small figures laid out a dozen times, a bootstrap band
@pytest.mark.parametrize("kind", ["pr_ci", "roc"])
def test_a_small_figure_keeps_the_axes_share_with_a_readable_strip(kind):
    """main: pr_ci with 3 classifiers kept 49 % of the height, roc with 4 kept 50 %."""
    fig = plt.figure(figsize=(3.4, 2.6), layout="constrained")
    ax = fig.add_subplot()
    if kind == "pr_ci":
        sp.plot_pr(_points(3), skew=1e-4, confidence=0.9, n_boot=20, random_state=0, ax=ax)
    else:
        sp.plot_roc(_points(4), ax=ax)
    assert lint_figure(fig) == []
    legend = ax.get_legend()
    assert min(t.get_fontsize() for t in legend.get_texts()) >= 6.9  # x-small of 10 pt, never smaller
    assert legend._ncols >= 2
    plt.close(fig)


def _key(ax):
    from matplotlib.legend import Legend

    return [a for a in ax.artists if isinstance(a, Legend)]


@pytest.mark.slow  # about 2 s: four classifiers' bootstrap bands, a strip tried in a dozen forms
@pytest.mark.parametrize("ci", [None, 0.9])
def test_four_classifiers_in_a_small_figure_split_curves_below_and_key_inside(ci):
    """main: 3.4 x 2.6 in, four classifiers (one named "baseline logistic regression"), skew 1e-4: the Axes kept
    39 % of its height (29 % with a band) and its y label left the figure.  No strip of eight entries fits the
    three rows under the x label at 7 pt: the curves take the strip, the key the empty upper right.  Without a band,
    the split strip placed again (as a threshold mark places it) takes its key with it."""
    fig = plt.figure(figsize=(3.4, 2.6), layout="constrained")
    ax = fig.add_subplot()
    disp = sp.plot_pr(_points(4, rate=0.001, n=100_000), skew=1e-4, confidence=ci, n_boot=20, random_state=0, ax=ax)
    assert lint_figure(fig) == []
    strip = ax.get_legend()
    (key,) = _key(ax)
    assert [t.get_text().split("\n")[0] for t in strip.get_texts()] == [
        f"model {k} (AUCPR = {number(disp.aucs_['model ' + k])})" for k in "ABC"] + ["baseline logistic regression"]
    texts = [t.get_text() for t in key.get_texts()]
    assert "random (0.0001)" in texts and texts[-1] == "unachievable"
    assert texts[0] == ("90 % pointwise bootstrap CI" if ci else "random (0.0001)")
    assert min(t.get_fontsize() for lg in (strip, key) for t in lg.get_texts()) >= 6.9
    renderer = fig.canvas.get_renderer()
    assert key.get_window_extent(renderer).y0 > ax.bbox.y0 and strip.get_window_extent(renderer).y1 < ax.bbox.y0
    # the lint sees the key: moved onto the curves, it is reported
    key.set_loc("center left")
    assert [p.kind for p in lint_figure(fig)] == ["legend"]
    if ci is None:
        _a_split_strip_placed_again_takes_its_key_with_it(disp)
    plt.close(fig)


def _a_split_strip_placed_again_takes_its_key_with_it(disp):
    """roc-06 on matplotlib 3.8: a threshold marker's entry placed the legend again, and the strip that replaced a
    split one showed every entry while the old key stayed inside the Axes ("chance (AUC = 0.500)" twice).

    Checked on the split figure without a band above (the same call, size and data this check once made a figure of
    its own for: a strip tried in a dozen forms again), after the checks of that figure.
    """
    ax = disp.ax_
    assert len(_key(ax)) == 1, "placed again: no split strip to start from"
    disp._place_legend()  # as mark_threshold does
    keys = _key(ax)
    shown = {t.get_text() for t in ax.get_legend().get_texts()}
    assert len(keys) <= 1 and not shown & {t.get_text() for key in keys for t in key.get_texts()}, "placed again"


@pytest.mark.slow  # about 1 s: a paper row with a bootstrap band, linted
def test_a_paper_row_of_pr_with_a_band_and_roc_keeps_the_panels_share():
    """main: the shared row of four classifiers, a band and the baselines left each panel 59 % of its cell."""
    from skewplot.plotting import style

    points = _points(4, rate=0.001, n=100_000)
    with style.paper("single"):
        fig, axs = plt.subplots(1, 2)
        sp.plot_pr(points, skew=1e-4, confidence=0.9, n_boot=20, random_state=0, ax=axs[0])
        sp.plot_roc(points, ax=axs[1])
        assert lint_figure(fig) == []
    plt.close(fig)


@pytest.mark.slow  # about 1 s: a widget built and stepped, linted twice
def test_a_widget_step_keeps_the_wrapped_strip_wrapped():
    """The skew step writes new areas in the legend: in the wrapped form the strip was laid out with."""
    pytest.importorskip("ipywidgets")
    w = sp.widgets.interactive_pr(_points(4), skew=0.01, figsize=(3.8, 3.2))
    legend = w.figure.axes[0].get_legend()
    assert note(legend, "form")[0] is not None, "this figure's strip is expected to wrap"
    before = [t.get_text() for t in legend.get_texts()]
    assert "baseline logistic regression\n(AUCPR = " in before[3]
    assert lint_figure(w.figure) == []
    w.controls["skew"].value = 0.001
    disp = w.displays["pr"]
    assert disp.ax_.get_legend() is legend
    after = [t.get_text() for t in legend.get_texts()]
    want = strip_entries(None, disp.ax_.get_legend_handles_labels()[1], *note(legend, "form"))[1]
    assert after == want and after != before
    assert "baseline logistic regression\n(AUCPR = " in after[3]
    assert f"(AUCPR = {number(disp.aucs_['model A'])})" in after[0]
    assert lint_figure(w.figure) == []
    plt.close("all")


@pytest.mark.slow  # about 1.5 s: a widget built and stepped, linted twice
def test_a_widget_step_writes_a_split_legends_texts_in_both_parts():
    pytest.importorskip("ipywidgets")
    w = sp.widgets.interactive_pr(_points(4, rate=0.001, n=100_000), skew=1e-4, figsize=(3.6, 3))  # split on 3.8 too
    ax = w.figure.axes[0]
    (key,) = _key(ax)
    assert lint_figure(w.figure) == []
    w.controls["skew"].value = 2e-4
    disp = w.displays["pr"]
    assert ax.get_legend().get_texts()[0].get_text() == f"model A (AUCPR = {number(disp.aucs_['model A'])})"
    assert [t.get_text() for t in key.get_texts()] == ["random (0.0002)", "minimum achievable", "unachievable"]
    assert lint_figure(w.figure) == []
    plt.close("all")


@pytest.mark.slow_cases('prg')  # 1.8 s at most (2026-11-29)
@pytest.mark.parametrize("kind", [pytest.param("pr_ci", marks=pytest.mark.slow), "prg"])  # pr_ci: 3.5 s
def test_talk_sized_fonts_keep_the_legend_in_the_figure_and_the_axes_whole(kind):
    # seaborn's "talk" context (fonts 1.5x) over a 4.5 x 3.5 in figure: no strip keeps the Axes 60 %. A legend
    # wider than the Axes was first tried inside it and the layout squeezed the Axes to 4 px around it; a strip
    # taller than the figure left the layout unapplied and was kept, drawn off the figure's bottom edge.
    import seaborn as sns

    from skewplot.plotting.layout._figure import kept_sizes

    points = _points(4, rate=0.001, n=100_000)
    with sns.plotting_context("talk"):
        fig, ax = plt.subplots(figsize=(4.5, 3.5))
        if kind == "pr_ci":
            sp.plot_pr(points, skew=1e-4, confidence=0.9, n_boot=20, random_state=0, ax=ax)
        else:
            sp.plot_prg(points, skew=1e-4, ax=ax)
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        legends = [lg for lg in (ax.get_legend(), *fig.legends) if lg is not None]
        assert legends
        for lg in legends:
            box = lg.get_window_extent(renderer)
            assert box.x0 >= -1 and box.y0 >= -1 and box.x1 <= fig.bbox.width + 1 and box.y1 <= fig.bbox.height + 1
        (w, cw), (h, ch) = kept_sizes(ax)
        assert w > 0.4 * cw and h > 0.4 * ch, ((w, cw), (h, ch))
        problems = [str(p) for p in lint_figure(fig)]
        assert not any("outside the figure" in p for p in problems), problems
    plt.close(fig)


@pytest.mark.slow  # about 1 s: ten classifiers' legend fitted
def test_every_drawn_baseline_keeps_an_entry_named_for_it_with_ten_classifiers():
    """At 1e-3 with 10 classifiers main dropped "minimum achievable" from the legend while its dotted curve was
    drawn, and labelled the joined entry "unachievable"."""
    import matplotlib.pyplot as plt

    t = np.linspace(0.1, 0.9, 5)
    pts = {f"model {chr(65 + k)}": sp.OperatingPoints.from_rates(t, t ** (1.5 + k / 3), skew=0.01) for k in range(10)}
    disp = sp.plot_pr(pts, skew=1e-3)
    disp.figure_.canvas.draw()
    legend = disp.ax_.get_legend() or disp.figure_.legends[0]
    texts = " | ".join(t.get_text().replace("\n", " ") for t in legend.get_texts())
    for key, artist in disp.baselines_.items():
        if artist.get_visible():
            name = "random" if key == "random" else artist.get_label()
            assert name in texts, (key, texts)
    plt.close("all")


@pytest.mark.slow  # about 0.6 s each: a figure laid out and linted
@pytest.mark.parametrize("length", [60, 200])
def test_a_long_name_ends_in_an_ellipsis_and_the_legend_stays_in_the_figure(length):
    """main 42e01f6: a 200-character name pushed the legend past the figure's edge."""
    import matplotlib.pyplot as plt

    long = ("a gradient boosted model on every feature " * 5)[:length]
    t = np.linspace(0.1, 0.9, 5)
    pts = {long: sp.OperatingPoints.from_rates(t, t ** 2, skew=0.05),
           "model B": sp.OperatingPoints.from_rates(t, t ** 1.5, skew=0.05)}
    disp = sp.plot_pr(pts, skew=0.01)
    problems = [str(p) for p in lint_figure(disp.figure_)]  # the lint draws the figure: measured on that draw
    legend = disp.ax_.get_legend() or disp.figure_.legends[0]
    texts = [t.get_text() for t in legend.get_texts()]
    assert any(t.startswith(long[:30]) and "…" in t and long not in t for t in texts), texts
    box, fig = legend.get_window_extent(), disp.figure_.bbox
    assert fig.x0 - 1 <= box.x0 and box.x1 <= fig.x1 + 1 and fig.y0 - 1 <= box.y0 and box.y1 <= fig.y1 + 1
    assert problems == []
    plt.close("all")


@pytest.mark.slow  # about 4 s: a poster-sized strip tried in every style and form
def test_ten_classifiers_under_poster_fonts_keep_the_axes_and_the_legend_in_the_figure():
    """main 0a8cd3f: ten classifiers' ROC under seaborn's "poster" fonts at matplotlib's default size took the
    Axes to 9 % of its cell's height (review id roc-06: the strip in one column filled the figure). The strip now
    takes smaller fonts still (``xx-small``, then 0.4 of the font size: 9.6 pt under "poster") and the areas' kind
    as its title: 58 %."""
    import seaborn as sns

    from skewplot.plotting.layout._figure import kept_sizes

    t = np.linspace(0.02, 0.98, 6)
    names = ("logistic", "gbm", "random forest", "svm", "naive Bayes", "knn", "mlp", "lasso", "ridge", "tree")
    pts = {name: sp.OperatingPoints.from_rates(t, t ** (0.2 + k / 8), skew=0.01) for k, name in enumerate(names)}
    with sns.plotting_context("poster"):
        disp = sp.plot_roc(pts)
        fig = disp.figure_
        fig.canvas.draw()
        (_, _), (h, ch) = kept_sizes(disp.ax_)
        assert h > 0.55 * ch, (h, ch)
        problems = [str(p) for p in lint_figure(fig)]
        assert not any(p.startswith(("[legend]", "[text-outside]", "[text-overlap]")) for p in problems), problems
    plt.close(fig)


@pytest.mark.slow  # about 1.5 s each: data drawn, a strip tried in every style and form
@pytest.mark.parametrize("case", ["temporal", "range"])
def test_four_classifiers_in_a_paper_column_keep_the_axes_share(case):
    """Review ids tmp-05 and int-06 (main 857e082): four classifiers in a 3.5 x 2.8 in column under seaborn's
    "notebook" fonts kept 59 % and 56 % of their cell's height, every strip style and form short of 60 %. The
    strip's last try takes the smallest style in tighter rows and columns (``TIGHT``): 61 %."""
    import matplotlib as mpl

    from skewplot.plotting.layout._figure import kept_sizes

    rng = np.random.default_rng(10)
    y, _ = sp.datasets.make_scores(20_000, 0.001 if case == "temporal" else 0.01, random_state=rng)
    names = ["logistic", "gradient-boosted trees, 500 rounds, depth 6, tuned on fold 3" if case == "range" else "gbm",
             "random forest", "svm"]
    pts = {name: sp.operating_points(y, rng.normal(size=y.size) + sep * y)
           for name, sep in zip(names, (2.6, 2.0, 1.6, 1.3), strict=True)}
    with mpl.rc_context():
        sp.set_theme(context="notebook", column="single")
        if case == "temporal":
            t = np.linspace(0, 1, 50)
            disp = sp.plot_temporal_pr(pts, skew_series=1e-3 * (1 + 0.8 * np.sin(6 * t)))
        else:
            disp = sp.plot_pr(pts, skew=(1e-4, 1e-3))
        fig = disp.figure_
        fig.canvas.draw()
        (_, _), (h, ch) = kept_sizes(disp.ax_)
        assert h >= 0.6 * ch, (h, ch)
        assert [str(p) for p in lint_figure(fig)] == []
    plt.close("all")


@pytest.mark.slow  # about 1 s: three panels' strips tried in every style and form
def test_a_row_of_panels_with_strips_of_their_own_keeps_each_axes_width():
    """Review id skt-02 (main 857e082): in a paper row of three skew transforms under seaborn's "poster" fonts each
    panel's own strip took its cell's width, centred on the cell, and the layout narrowed each Axes to 18 % of its
    cell's width to make room beside it. A strip wider than its Axes is for a cell as wide as the figure only."""
    import matplotlib as mpl

    from skewplot.plotting.layout._figure import kept_sizes

    with mpl.rc_context():
        sp.set_theme(context="poster", column="double")
        fig, axes = plt.subplots(1, 3)
        for ax, skew in zip(axes, (0.5, 0.1, 0.01), strict=True):
            sp.plot_skew_transform(skew, [1e-4, 1e-3, 1e-2, 0.1, 0.5], ax=ax)
        problems = lint_figure(fig)  # the lint draws the figure (about 1 s here): measured on that draw
        for ax in axes:
            (w, cw), (h, ch) = kept_sizes(ax)
            assert w >= 0.6 * cw and h >= 0.6 * ch, (w, cw, h, ch)
        assert not [p for p in problems if p.kind == "squeezed"]
    plt.close("all")


@pytest.mark.slow  # about 5 s: ten classifiers' strip tried in every style and form
def test_ten_classifiers_under_poster_fonts_get_a_strip_at_the_smallest_legible_size_not_a_legend_over_them():
    # int-04 (review7): under seaborn's "poster" the strip's fonts stopped at 0.4 of the font size (9.6 pt), no
    # strip kept the Axes 40 % of its height, and the 15-entry legend went inside, over logistic, gbm and rf
    import matplotlib as mpl

    rng = np.random.default_rng(2)
    y = (rng.random(20_000) < 0.01).astype(int)
    ten = {f"model {k}": sp.operating_points(y, rng.normal(size=y.size) + (2.6 - 0.25 * k) * y) for k in range(10)}
    try:
        sp.set_theme(context="poster")
        disp = sp.plot_pr(ten, skew=(0.0, 0.5))
        fig = disp.figure_
        problems = [p for p in lint_figure(fig) if p.kind in ("legend", "squeezed", "text-outside", "text-too-small")]
        assert problems == [], problems
        legend = disp.ax_.get_legend()
        renderer = fig.canvas.get_renderer()
        assert legend.get_window_extent(renderer).y1 <= disp.ax_.bbox.y0  # under the Axes
        assert min(t.get_fontsize() for t in legend.get_texts()) >= 6.5
        plt.close(fig)
    finally:
        mpl.rcdefaults()
