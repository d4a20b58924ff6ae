"""Rows and grids of panels (issue 42 item 4): each panel says its skew and keeps its areas, one classifier is
one entry of one colour.

On main 42e01f6 a ``style.paper("double")`` row of PR panels had no titles (the skew only in a 5.6 pt
subscript of the y label), no area anywhere (the shared legend names classifiers only), and a row of ROC
panels joined two classifiers whose colours are close ("gbm / svm": the colour-blind palette's orange and
vermilion) into one entry, whose sample then gave the second classifier the first one's colour.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting import style


@pytest.fixture(scope="module")
def four():
    rng = np.random.default_rng(5)
    y = (rng.random(4000) < 0.05).astype(int)
    return {name: sp.operating_points(y, rng.normal(size=y.size) + sep * y)
            for name, sep in (("logistic", 2.6), ("gbm", 2.0), ("random forest", 1.6), ("svm", 1.0))}


def _areas(ax):
    """The areas a panel shows: in a legend of its own (the kind as its title, or over the panel in its first cell,
    a number beside each classifier's line sample, >= 6.5 pt), or in its title's lines after the skew
    (``"AUCPR: 0.31, 0.08"``)."""
    legend = ax.get_legend()
    if legend is not None:  # its kind as its title, or over the panel (with no room inside) in its first cell
        assert min(t.get_fontsize() for t in legend.get_texts()) >= 6.5
        # as a reader reads them, row by row, left to right: a block over the panel hands matplotlib (which fills
        # columns first) its entries in the order that reads across (57ee8fb), so its texts' own order is not it
        renderer = ax.figure.canvas.get_renderer()
        boxes = [t.get_window_extent(renderer) for t in legend.get_texts()]
        shown = sorted(zip(boxes, legend.get_texts(), strict=True), key=lambda bt: (-round(bt[0].y0), bt[0].x0))
        texts = [t.get_text() for _, t in shown]
        kind = legend.get_title().get_text() or texts.pop(0)  # read first: the kind heads the block
        assert kind in ("AUCPR", "ROC AUC") or ax.get_title() in ("AUCPR", "ROC AUC"), kind
        return [float(t) for t in texts if t not in ("AUCPR", "ROC AUC")]
    assert ax.title.get_fontsize() >= 6.5
    numbers = ", ".join(line.split(": ")[-1] for line in ax.get_title().split("\n")[1:])
    return [float(v) for v in numbers.split(", ")]


@pytest.mark.slow  # about 4 s: three panels' legends fitted
def test_a_row_of_pr_panels_says_each_skew_and_keeps_each_panels_areas(four):
    with style.paper("double"):
        fig, axes = plt.subplots(1, 3)
        disps = [sp.plot_pr(four, skew=s, ax=ax) for ax, s in zip(axes, (1e-2, 1e-3, 1e-4), strict=True)]
        fig.canvas.draw()
        for disp, skew in zip(disps, ("0.01", "0.001", "0.0001"), strict=True):
            title = disp.ax_.title
            assert title.get_text() == f"π′ = {skew}"  # the areas' kind is their block's (int-01's cut title)
            assert title.get_fontsize() >= 6.5 and title.get_visible()  # points: the size printed
            np.testing.assert_allclose(_areas(disp.ax_), [disp.aucs_[k] for k in four], rtol=5e-3, atol=5e-4)
        names = [t.get_text() for t in fig.legends[0].get_texts()]
        assert names[:4] == list(four)  # the shared legend: names without numbers
        plt.close(fig)


@pytest.mark.slow  # about 1 s: three ROC panels
def test_a_shared_legend_never_joins_two_classifiers(four):
    sp.set_theme(context="paper")  # seaborn's colour-blind palette: "gbm" orange and "svm" vermilion
    try:
        with style.paper("double"):
            fig, axes = plt.subplots(1, 3)
            disps = [sp.plot_roc(four, ax=ax) for ax in axes]
            (legend,) = fig.legends
            names = [t.get_text() for t in legend.get_texts()]
            assert names == [*four, "chance"]
            for disp in disps:
                np.testing.assert_allclose(_areas(disp.ax_), [disp.aucs_[k] for k in four], rtol=5e-3, atol=5e-4)
            for name, handle in zip(names, legend.legend_handles, strict=True):
                if name in four:  # one colour per classifier, in every panel and in the legend
                    assert {disp.lines_[name].get_color() for disp in disps} == {handle.get_color()}
            plt.close(fig)
    finally:
        import matplotlib as mpl

        mpl.rcdefaults()


@pytest.mark.slow  # about 1 s: three ROC panels and a shared legend
def test_a_classifier_keeps_its_colour_in_a_row_where_another_is_missing(four):
    # a classifier missing from the middle panel shifted the colours of the ones after it there
    from matplotlib.colors import to_rgb

    names = list(four)
    fig, axes = plt.subplots(1, 3, figsize=(9, 3))
    sp.plot_roc(four, ax=axes[0])
    middle = sp.plot_roc({n: four[n] for n in names if n != names[1]}, ax=axes[1])
    extra = dict(four, newcomer=four[names[0]])
    last = sp.plot_roc(extra, ax=axes[2])
    colours = {n: to_rgb(line.get_color()) for n, line in last.lines_.items()}
    for n, line in middle.lines_.items():
        assert to_rgb(line.get_color()) == colours[n], n
    assert colours["newcomer"] not in [colours[n] for n in names]  # a colour no other classifier has
    plt.close(fig)


@pytest.mark.slow  # about 3 s: a paper row of ten classifiers' panels
def test_areas_that_do_not_fit_a_panel_say_whose_they_are(four):
    # main 1b3cc5f wrote "AUCPR: 0.578, 0.286, ..." in a 3-line title when the areas found no free place inside:
    # numbers that did not say which classifier they were, and a title cut at the figure's edge (prg-08)
    from skewplot.testing import lint_figure

    rng = np.random.default_rng(1)
    y = (rng.random(3000) < 0.02).astype(int)
    ten = {f"model {k}": sp.operating_points(y, rng.normal(size=y.size) + (2.6 - 0.25 * k) * y) for k in range(10)}
    with style.paper("double"):
        fig, axes = plt.subplots(1, 3)
        for ax, skew in zip(axes, (1e-2, 1e-3, 1e-4), strict=True):
            sp.plot_pr(ten, skew=skew, ax=ax)
        problems = lint_figure(fig)  # the lint draws the figure: read on that draw
        for ax in axes:
            legend = ax.get_legend()  # its kind in its first cell, without a sample; no bare numbers
            assert legend is not None and len(legend.get_texts()) == 11 and legend.get_texts()[0].get_text() == "AUCPR"
            colours = [h.get_color() for h in legend.legend_handles[1:]]
            assert len(set(map(str, colours))) == 10  # each number beside its classifier's colour
            assert not legend.legend_handles[0].get_visible() or legend.legend_handles[0].get_linestyle() == "None"
        problems = [p for p in problems if p.kind in ("text-outside", "text-overlap", "legend")]
        assert problems == [], problems
    plt.close(fig)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_roc_panels_of_a_row_name_their_data_set(four):
    from skewplot.skew.base import skew_text

    fig, axes = plt.subplots(1, 2, figsize=(7, 3))
    sp.plot_roc(four, ax=axes[0])
    sp.plot_roc({"a": sp.OperatingPoints.from_rates([0.3, 0.6], [0.1, 0.3], skew=0.002)}, ax=axes[1])
    assert axes[0].get_title() == f"π = {skew_text(four['svm'].skew)} (data set)"
    assert axes[1].get_title() == "π = 0.002 (data set)"
    plt.close(fig)


@pytest.mark.slow  # several rows of panels
@pytest.mark.filterwarnings("ignore:n_boot=20 is small")
def test_every_panel_of_a_row_names_its_data_sweep_or_series(four):
    # figure review of 95734ae: roc-04 (folds), aucsk-07, cmp-03 and tmp-04 left row panels that show different
    # data, sweeps or series unnamed (or titled alike)
    from skewplot.skew.base import skew_text

    pi = skew_text(four["svm"].skew)
    names = list(four)
    fig, axes = plt.subplots(1, 4, figsize=(12, 3))
    sp.plot_roc(folds={"a": [four[n] for n in names[:2]]}, ax=axes[0])
    sp.plot_aucpr_vs_skew(four, skews=np.geomspace(1e-3, 0.5, 8), ax=axes[1])
    sp.plot_temporal_pr(four, skew_series=[1e-3, 3e-3], ax=axes[2])
    sp.plot_temporal_pr(four, skew_series=[1e-2, 3e-2], ax=axes[3])
    assert [ax.get_title().split("\n")[0] for ax in axes[:2]] == [f"π = {pi} (data set)"] * 2
    assert axes[2].get_title().startswith("mean π′ = 0.002") and axes[3].get_title().startswith("mean π′ = 0.02")
    plt.close(fig)
    rng = np.random.default_rng(0)
    y = (rng.random(3000) < 0.05).astype(int)
    a, b = rng.normal(size=3000) + 2 * y, rng.normal(size=3000) + y
    fig, axes = plt.subplots(1, 2, figsize=(8, 3))
    for ax, sweep in zip(axes, ((1e-3, 0.5), (1e-4, 0.05)), strict=True):
        sp.plot_comparison(y, a, b, skew_sweep=sweep, n_skews=4, n_boot=20, random_state=0, ax=ax)
    assert [ax.get_title() for ax in axes] == ["π′ from 0.001 to 0.5", "π′ from 0.0001 to 0.05"]
    plt.close(fig)


@pytest.mark.slow  # one figure
def test_a_single_panel_at_a_skew_range_names_it(four):
    # int-05: "Precision P̄" alone, the range named nowhere (the y label's longer forms did not fit)
    disp = sp.plot_pr(four, skew=(1e-3, 1e-2))
    assert disp.ax_.get_title() == "π′ ∈ [0.001, 0.01], uniform"


@pytest.mark.slow  # about 3 s: a paper row of three integrated-PR panels
def test_a_rows_panels_show_their_areas_in_one_form(four):
    # int-01 (review7): the areas over panels 1 and 2 (blocks of one and two rows) and an inset in panel 3
    from skewplot.testing import lint_figure

    with style.paper("double"):
        fig, axes = plt.subplots(1, 3)
        for ax, skew_range in zip(axes, ((0.0, 0.5), (1e-3, 1e-2), (1e-4, 1e-3)), strict=True):
            sp.plot_pr(four, skew=skew_range, ax=ax)
        problems = lint_figure(fig)  # the lint draws the figure: measured on that draw
        renderer = fig.canvas.get_renderer()
        over = {ax.get_legend().get_window_extent(renderer).y0 >= ax.bbox.y1 - 1 for ax in axes}
        assert len(over) == 1, "some panels' areas inside, others' over the panel"
        if over == {True}:  # blocks wider than their panel stay in their cells, and take no width from the panels
            for k, ax in enumerate(axes):
                box = ax.get_legend().get_window_extent(renderer)
                assert k * fig.bbox.width / 3 <= box.x0 and box.x1 <= (k + 1) * fig.bbox.width / 3
        assert [p for p in problems if p.kind != "text-data"] == []
    plt.close(fig)
