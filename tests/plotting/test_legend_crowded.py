"""Ten classifiers with a band, baselines and a threshold in one paper column: the crowded strip's last form.

Review ids pr-04, pr-11, cost-01, fm-06 (tools/figure_review.md, main d146c10): every strip of the legend rule left
the Axes 49-53 % of its cell's height, its names wrapped over two or three lines ("random / forest 0.155",
"minimum / achievable, / unachievable below"), and under seaborn's "poster" the x tick row hung ~45 px under the
spine (ticks not drawn still pad their labels by their 12 pt length).  The last strip now takes the x tick labels
against the spine and the key's terse texts ("90 % CI", "min. achievable"), each entry on one line.
"""

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.layout._figure import kept_sizes
from skewplot.plotting.layout._legend_crowded import close_ticks
from skewplot.plotting.layout._legend_entries import strip_entries
from skewplot.testing import lint_figure

NAMES = ("logistic", "gbm", "random forest", "svm", "naive Bayes", "knn", "mlp", "lasso", "ridge", "tree")


@pytest.fixture(autouse=True)
def _defaults():
    yield
    plt.close("all")
    mpl.rcdefaults()


def _ten(rate=0.01, n=20_000, folds=False):
    rng = np.random.default_rng(int(rate * 1e4))
    y = (rng.random(n) < rate).astype(int)
    seps = (2.6, 2.0, 1.6, 1.3, 1.0, 0.8, 0.6, 0.45, 0.3, 0.15)
    scores = [rng.normal(size=n) + sep * y for sep in seps]
    if folds:
        parts = np.array_split(np.arange(n), 5)
        return {name: [sp.operating_points(y[p], s[p]) for p in parts] for name, s in zip(NAMES, scores, strict=True)}
    return {name: sp.operating_points(y, s) for name, s in zip(NAMES, scores, strict=True)}


def test_the_terse_form_names_every_key_entry_in_fewer_characters():
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    labels = ["good (AUCPR = 0.513)", "90 % pointwise bootstrap CI\n(percentile, 50 replicates)", "random (0.01)",
              "minimum achievable", "unachievable", "threshold 2", "bad (AUCPR = 0.0110)"]
    edge, region = Line2D([], [], linestyle=":"), Patch()
    handles = [Line2D([], []), Patch(), Line2D([], [], linestyle="--"), edge, region, Line2D([], [], marker="D"),
               Line2D([], [])]
    shown, texts, stands = strip_entries(handles, labels, compact="terse")
    assert texts == ["AUCPR", "good 0.513", "90 % CI", "random (0.01)", "min. achievable", "threshold 2", "bad 0.0110"]
    assert shown[4] == (region, edge)  # the dotted edge over the region it bounds: one sample, both drawn
    assert stands == ["AUCPR", *labels[:3], labels[4], *labels[5:]]  # what an update rewrites them from
    cost = ["logistic", "one line per threshold", "trivial (always −, always +)", "* partly on always −"]
    assert strip_entries(None, cost, compact="terse")[1] == ["logistic", "each threshold", "always −, always +",
                                                             "* partly on always −"]
    roc = ["logistic (ROC AUC = 0.967 ± 0.0176)", "mean ± 1 SD of 5 folds", "chance (AUC = 0.500)"]
    band = Patch()
    shown, texts, _ = strip_entries([Line2D([], []), band, Line2D([], [])], roc, compact="terse")
    assert texts == ["ROC AUC ± 1 SD of 5 folds", "logistic 0.967 ± 0.0176", "chance (0.500)"]  # what "±" is
    assert shown[0] is band  # beside the band's sample


def test_hidden_ticks_give_their_room_back_and_drawn_ones_keep_it():
    sp.set_theme(context="poster", column="single")  # whitegrid: ticks not drawn, 12 pt long
    fig, (hidden, drawn) = plt.subplots(1, 2)
    drawn.tick_params(axis="x", bottom=True)
    hidden.set_xscale("log")
    assert close_ticks(hidden) and not close_ticks(drawn)
    for tick in hidden.xaxis.get_major_ticks()[:1] + hidden.xaxis.get_minor_ticks()[:1]:
        assert tick.get_tick_padding() == 0 and tick.get_pad() == mpl.rcParams["xtick.major.pad"]  # one row
    assert drawn.xaxis.get_major_ticks()[0].get_tick_padding() > 0
    assert hidden.yaxis.get_major_ticks()[0].get_tick_padding() > 0  # the y labels keep theirs (the corner)


def _gap_pt(ax):
    """Points between the x axis' spine and the top of its highest tick label."""
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    tops = [t.get_window_extent(renderer).y1 for t in ax.get_xticklabels() if t.get_visible() and t.get_text()]
    return (ax.bbox.y0 - max(tops)) * 72 / fig.dpi


@pytest.mark.slow  # about 3 s each: ten classifiers' strip tried in every style and form, a bootstrap band
@pytest.mark.parametrize("case", ["pr-04", "pr-11", "cost-01", "fm-06", "roc-05"])
def test_ten_classifiers_in_a_paper_column_keep_the_axes_share_with_one_line_entries(case):
    """main d146c10: pr-04 53 %, pr-11 49.5 %, cost-01 53 %, fm-06 50 %, roc-05 55 % of the cell's height.

    pr-04's figure then takes a step of its skew: an update writes the crowded strip's texts in its terse form."""
    func, theme, skew, rate, threshold = {"pr-04": ("plot_pr", "paper", 0.01, 0.01, 2.0),
                                          "pr-11": ("plot_pr", "poster", 1e-3, 0.001, 2.0),
                                          "cost-01": ("plot_cost", "poster", None, 0.01, None),
                                          "fm-06": ("plot_fmeasure", "poster", None, 0.01, 2.0),
                                          "roc-05": ("plot_roc", "paper", None, 0.001, None)}[case]
    sp.set_theme(context=theme, column="single")
    if func == "plot_roc":  # the folds' mean and ± 1 SD
        disp = sp.plot_roc(folds=_ten(rate, n=50_000, folds=True))
    else:
        disp = getattr(sp, func)(_ten(rate), skew=skew, threshold=threshold, confidence=0.9, n_boot=20,
                                 random_state=0)
    fig = disp.figure_
    before = [t.get_text() for t in disp.ax_.get_legend().get_texts()]  # as plotted, before any draw
    problems = [str(p) for p in lint_figure(fig)]
    assert problems == [], problems
    (_, _), (h, ch) = kept_sizes(disp.ax_)
    assert h >= 0.6 * ch, (h, ch)
    legend = disp.ax_.get_legend()
    texts = [t.get_text() for t in legend.get_texts()]
    assert not any("\n" in t for t in texts), texts  # no name, number or key on a second line
    assert min(t.get_fontsize() for t in legend.get_texts()) >= 6.5
    assert _gap_pt(disp.ax_) <= mpl.rcParams["xtick.major.pad"] + 1.0  # main: 15.5 pt under "poster"
    for key, artist in getattr(disp, "baselines_", {}).items():  # every drawn baseline keeps an entry named for it
        if artist.get_visible() and not artist.get_label().startswith("_"):
            name = {"random": "random", "min": "min. achievable", "unachievable": "min. achievable",
                    "always_negative": "always −", "always_positive": "always +"}.get(key, key)
            assert any(name in t for t in texts), (key, texts)
    if case == "pr-04":
        _an_update_writes_the_crowded_strips_texts_in_its_terse_form(disp, before)


def _an_update_writes_the_crowded_strips_texts_in_its_terse_form(disp, before):
    """A step of the skew writes the crowded strip's new texts in its terse form.

    Checked on pr-04's figure (the same call, theme and data this check once made a figure of its own for: it took
    a ten-classifier plot with a bootstrap band, about 3 s, again), after the checks of that figure.
    """
    assert "90 % CI" in before and "min. achievable" in before, ("update: before", before)
    disp.update(skew=0.02)
    after = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    assert after[0] == "AUCPR" and "90 % CI" in after and "min. achievable" in after, ("update: after", after)
    assert "random (0.02)" in after and after != before and not any("=" in t for t in after), ("update", after)


@pytest.mark.slow  # about 6 s: four panels of ten classifiers, the shared legend and the areas fitted at draw
def test_a_grid_of_ten_classifiers_under_poster_fonts_keeps_every_panel_its_share():
    """Review id tmp-03 (main d146c10): a 2x2 grid under "poster" kept each panel 56 % of its cell's height, the x
    tick rows hanging 12 pt of hidden ticks under the spines; with them against the spines, 62 %."""
    sp.set_theme(context="poster", column="double")
    fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.6))
    pts = _ten()
    t = np.linspace(0, 1, 50)
    series = [1e-3 * (1 + 0.8 * np.sin(6 * t)), 1e-2 * (1 + 0.5 * t), 1e-4 + 1e-3 * t, 0.05 * (1 + t)]
    for ax, skews in zip(axes.ravel(), series, strict=True):
        sp.plot_temporal_pr(pts, skew_series=skews, ax=ax)
    problems = [str(p) for p in lint_figure(fig)]
    assert problems == [], problems
    for ax in axes.ravel():
        (_, _), (h, ch) = kept_sizes(ax)
        assert h >= 0.6 * ch, (h, ch)
        assert _gap_pt(ax) <= mpl.rcParams["xtick.major.pad"] + 1.0
