"""The figure lint (``skewplot/testing/_lint.py``) finds each fault it is meant to find.

Each test breaks one rule on purpose in a figure drawn by hand and checks
that :func:`lint_figure` reports it, with the kind named, while a clean
figure of the same kind passes: a lint that cannot fail proves nothing.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from skewplot.testing import KINDS, assert_clean, lint_figure


def _kinds(fig):
    return {p.kind for p in lint_figure(fig)}


def _curves(ax):
    x = np.linspace(0, 1, 200)
    ax.plot(x, x**0.3, color="C0", label="good")
    ax.plot(x, x, color="C1", label="weak")
    ax.set_xlabel("x")
    ax.set_ylabel("y")


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_clean_figure_passes():
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.legend(loc="lower right")
    ax.plot([0.2], [0.6], "o", color="C0")
    ax.plot([0.5], [0.3], "o", color="C1")
    assert lint_figure(fig) == []
    assert_clean(fig)


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_legend_over_a_curve():
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.legend(loc="center")  # the diagonal runs through the middle
    assert _kinds(fig) == {"legend"}
    with pytest.raises(AssertionError, match="legend"):
        assert_clean(fig)
    assert_clean(fig, ignore=["legend"])


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_figure_legend_over_a_panel():
    fig, axes = plt.subplots(1, 2)
    for ax in axes:
        _curves(ax)
    # a figure legend over the middle of the left panel, where its diagonal runs
    fig.legend(*axes[0].get_legend_handles_labels(), loc="center", bbox_to_anchor=(0.3, 0.5))
    assert "legend" in _kinds(fig)


@pytest.mark.slow  # 0.6 s
def test_a_panel_legend_beside_the_shared_legend():
    import skewplot as sp

    points = sp.datasets.example_classifiers()
    fig, axes = plt.subplots(1, 2, figsize=(7.2, 3), layout="constrained")
    sp.plot_pr(points, ax=axes[0])
    sp.plot_roc(points, ax=axes[1])
    assert "panel-legend" not in _kinds(fig)  # the two panels share the figure legend
    axes[0].legend(loc="lower left")  # a gallery page giving the areas of one panel again
    assert "panel-legend" in _kinds(fig)
    fig2, axes2 = plt.subplots(1, 2, figsize=(7.2, 3), layout="constrained")
    sp.plot_skew_transform(0.1, [0.5, 0.01], ax=axes2[0])  # its own legend, marked so
    sp.plot_roc(points, ax=axes2[1])
    assert "panel-legend" not in _kinds(fig2)


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_legend_outside_that_squeezes_its_axes():
    fig, axes = plt.subplots(1, 2, figsize=(6, 3), layout="constrained")
    for ax in axes:
        _curves(ax)
        ax.legend([f"legend entry {i}" for i in range(2)], loc="upper left", bbox_to_anchor=(1.0, 1.0))
    assert _kinds(fig) == {"squeezed"}


@pytest.mark.slow  # loaded run 2026-11-29
def test_texts_that_overlap_and_leave_the_figure():
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.text(0.55, 0.15, "one label", transform=ax.transAxes)  # under both curves
    ax.text(0.57, 0.15, "another label", transform=ax.transAxes)
    assert _kinds(fig) == {"text-overlap"}
    fig2, ax2 = plt.subplots()
    _curves(ax2)
    ax2.text(0.98, 0.5, "a label past the edge", transform=fig2.transFigure)
    assert _kinds(fig2) == {"text-outside"}


def test_a_combining_character_outside_mathtext():
    """Review62: the explorer's key "P-macron's range" (P and U+0304) read "P's range" on matplotlib 3.8.0, the
    macron drawn over nothing; the mathtext accent ``$\\bar{P}$`` draws on every version."""
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.set_title("P\u0304 over the range")
    problems = [p for p in lint_figure(fig) if p.kind == "text-glyph"]
    assert len(problems) == 1 and "U+0304" in problems[0].message and "title" in problems[0].message
    ax.set_title(r"$\bar{P}$ over the range, costs $5")
    assert "text-glyph" not in _kinds(fig)
    ax.legend(["good", "$P\u0303$ (tilde)"])  # in mathtext too
    assert "text-glyph" in _kinds(fig)


@pytest.mark.slow  # loaded run 2026-11-29
def test_markers_outside_or_on_top_of_each_other():
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.plot([0.5], [0.5], "o", color="C0")
    ax.plot([0.503], [0.5], "o", color="C1")  # about 1 px away: same shape, size and fill, the top one hides
    assert _kinds(fig) == {"marker-hidden"}
    fig2, ax2 = plt.subplots(layout="constrained")
    _curves(ax2)
    ax2.set_xlim(0, 1)
    ax2.plot([2.0], [0.5], "o", color="C0", clip_on=False)
    assert _kinds(fig2) == {"marker-outside"}
    fig3, ax3 = plt.subplots(layout="constrained")
    _curves(ax3)
    ax3.plot([0.5], [0.5], "o", color="C0")
    ax3.plot([0.5], [0.5], "s", color="C0")  # one classifier's two markers may touch
    assert lint_figure(fig3) == []


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_label_over_a_curve_or_a_marker():
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.text(0.5, 0.5, "a label on the diagonal", ha="center", va="center")
    problems = lint_figure(fig)
    assert {p.kind for p in problems} == {"text-data"} and "'weak'" in problems[0].message
    fig2, ax2 = plt.subplots(layout="constrained")
    _curves(ax2)
    ax2.plot([0.8], [0.2], "o", color="C2")
    ax2.text(0.8, 0.2, "over a dot", ha="center", va="center")
    assert _kinds(fig2) == {"text-data"}
    # a label that starts at its reference line (the skew marker's) and sits below the curves is clean
    fig3, ax3 = plt.subplots(layout="constrained")
    _curves(ax3)
    ax3.axvline(0.6, color="0.3", linestyle=":")
    ax3.text(0.6, 0.1, " beside its line", ha="left", va="bottom")
    assert lint_figure(fig3) == []


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_marker_cut_by_the_spines():
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.plot([0.0], [0.0], "D", color="k", markersize=6, zorder=4.5)  # clipped to the Axes: half hidden
    assert _kinds(fig) == {"marker-clipped"}
    ax.lines[-1].set_clip_on(False)
    assert lint_figure(fig) == []


@pytest.mark.slow  # loaded run 2026-11-29
def test_axes_that_show_nothing():
    fig, axes = plt.subplots(1, 3, figsize=(9, 3), layout="constrained")
    _curves(axes[0])
    axes[1].set_xlim(0, 1)  # nothing drawn
    axes[2].plot([5, 6], [5, 6], color="C0", label="off view")
    axes[2].set_xlim(0, 1)
    axes[2].set_ylim(0, 1)
    problems = lint_figure(fig)
    assert {p.kind for p in problems} == {"empty"}
    assert len(problems) == 3  # axes 1 empty; axes 2's curve out of view, and so nothing shown
    fig2, ax = plt.subplots(layout="constrained")
    ax.fill_between([0, 1], [0.5, 0.5], [0.5 + 1e-6, 0.5 + 1e-6], color="C2")  # a band thinner than a pixel
    ax.plot([0, 1], [0.2, 0.9], color="C0")
    assert _kinds(fig2) == {"empty"}
    # a zero-width band with a legend entry lists what nothing draws, though a line of its colour is drawn
    # (plot_decision's "π′ from 0.01 to 0.01" at one skew, figure review of 95734ae)
    fig3, ax = plt.subplots(layout="constrained")
    ax.plot([0, 1], [0.2, 0.9], color="C0")
    ax.fill_between([0, 1], [0.2, 0.9], [0.2, 0.9], color="C0", alpha=0.2, label="π′ from 0.01 to 0.01")
    assert _kinds(fig3) == {"empty"}
    ax.collections[-1].set_label("_nolegend_")
    assert lint_figure(fig3) == []


def test_a_labels_opaque_box_over_a_line():
    # cost-05 of the figure review of 95734ae: the skew label's white box blanked the trivial line along its top
    # edge, which the label's glyphs only touched
    fig, ax = plt.subplots(layout="constrained")
    ax.plot([0, 1], [0.2, 0.9], color="C0")
    ax.axvline(0.3, color="0.3", linestyle=":")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    fig.canvas.draw()
    text = ax.text(0.3, 0.95, " π′=0.3 ", ha="left", va="top", transform=ax.get_xaxis_transform(),
                   bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 3.0})
    top = ax.transAxes.inverted().transform((0, text.get_window_extent(fig.canvas.get_renderer()).y1 + 1.0))[1]
    ax.axhline(top, color="0.35", linestyle="--")  # 1 px over the glyphs: hidden under the box's padding
    assert _kinds(fig) == {"text-data"}
    text.set_bbox(None)  # no box: a line that only touches the glyphs' edge is seen
    assert lint_figure(fig) == []


def test_unknown_kinds_are_refused():
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="checks: unknown kind"):
        lint_figure(fig, checks=["legend", "colour"])
    assert set(KINDS) >= {"legend", "panel-legend", "squeezed", "text-overlap", "text-outside", "text-data",
                          "marker-outside", "marker-off-data", "marker-hidden", "marker-clipped", "empty"}


def test_a_histogram_and_a_suptitle_are_not_faults():
    fig, ax = plt.subplots(layout="constrained")
    ax.hist(np.random.default_rng(0).normal(size=200), 10, histtype="step")
    fig.suptitle("a title above the panel")
    assert lint_figure(fig) == []


@pytest.mark.slow  # loaded run 2026-11-29
def test_open_markers_of_two_classifiers_differ_by_their_edge():
    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ax.plot([0.5], [0.5], "D", color="C0", markerfacecolor="white")
    ax.plot([0.5], [0.5], "D", color="C1", markerfacecolor="white")  # same white face, another classifier
    assert _kinds(fig) == {"marker-hidden"}
    fig2, ax2 = plt.subplots(layout="constrained")
    _curves(ax2)
    ax2.plot([0.5], [0.5], "D", color="C0", markerfacecolor="white")
    ax2.plot([0.5], [0.5], "o", color="C0", markerfacecolor="white")  # another shape: both seen
    ax2.plot([0.7], [0.5], "o", color="C0", markersize=9)
    ax2.plot([0.7], [0.5], "o", color="C1", markersize=6)  # nested: a ring of C0 around C1
    assert lint_figure(fig2) == []


@pytest.mark.slow  # a drawn figure, linted three times
def test_a_stack_of_nested_rings_hides_its_lower_marks():
    """cost-01/02/03/08 and fm-03/05/06/07 of the review of 494a71d: ten coinciding dots nested in rings of 0.4 pt
    (main 494a71d's ``nest_markers``) read as one disc; shared out in wedges (``share_markers``) each one shows."""
    from skewplot.plotting.layout._markers import share_markers

    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    ring = 3.6 / 9  # 494a71d: each mark under another grew by this, ten marks within 3.6 pt
    for k in range(10):
        ax.plot([0.5], [0.5], "o", markersize=5 + 2 * ring * (9 - k), color=f"C{k}")
    assert _kinds(fig) == {"marker-hidden"}
    fig2, ax2 = plt.subplots(layout="constrained")
    _curves(ax2)
    share_markers(ax2, [ax2.plot([0.5], [0.5], "o", markersize=5, color=f"C{k}")[0] for k in range(10)])
    ax2.plot([0.7], [0.5], "D", color="C0", markerfacecolor="none")  # two hollow marks half over each other:
    ax2.plot([0.7], [0.52], "D", color="C1", markerfacecolor="none")  # both outlines seen
    assert lint_figure(fig2) == []
    # a small dot under a larger one beside it: another size, yet hidden
    fig3, ax3 = plt.subplots(layout="constrained")
    _curves(ax3)
    ax3.plot([0.7], [0.5], "o", markersize=5, color="C0")
    ax3.plot([0.7], [0.505], "o", markersize=9, color="C1")
    assert _kinds(fig3) == {"marker-hidden"}


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_mark_moved_off_its_value_is_a_defect():
    """main 42e01f6 dodged coinciding marks sideways by an offset transform: drawn off their data."""
    from matplotlib.transforms import ScaledTranslation

    fig, ax = plt.subplots(layout="constrained")
    _curves(ax)
    (mark,) = ax.plot([0.5], [0.5], "o", color="C0")
    mark.set_transform(ax.transData + ScaledTranslation(6 / 72, 0.0, fig.dpi_scale_trans))
    assert _kinds(fig) == {"marker-off-data"}
    fig2, ax2 = plt.subplots(layout="constrained")
    _curves(ax2)
    ax2.plot([0.5], [0.5], "o", color="C0", transform=ax2.transAxes)  # in Axes coordinates: no value to be off
    assert lint_figure(fig2) == []


@pytest.mark.slow  # loaded run 2026-11-29
def test_the_lint_leaves_a_drawn_figure_fresh():
    # A widget's test polls ``figure.stale`` for the draw the browser asks for: a lint that read the ticks
    # (marking them stale) would make that wait forever. A figure changed after the draw stays stale.
    fig, axes = plt.subplots(1, 2)
    for ax in axes:
        ax.plot([0, 1], [0, 1], label="a")
        ax.legend(loc="lower right")
    assert lint_figure(fig) == [] and not fig.stale and not any(ax.stale for ax in axes)
    fig.canvas.mpl_connect("draw_event", lambda event: axes[1].set_title("after the draw"))
    lint_figure(fig)
    assert fig.stale
    plt.close(fig)


@pytest.mark.parametrize("draw", ["hist-step", "stairs"])
def test_a_legend_over_a_step_histogram_or_stairs(draw):
    # the gallery helper's find (session of 0a8cd3f): the legend rule counted lines and collections, not the outline
    # patches of hist(histtype="step") and ax.stairs, so a legend over such curves passed
    fig, ax = plt.subplots(figsize=(4, 3), dpi=72)
    edges = np.linspace(0, 1, 11)
    heights = np.full(10, 0.9)  # a flat top across the whole width, under the legend's place
    if draw == "stairs":
        ax.stairs(heights, edges, label="counts")
    else:
        ax.hist(edges[:-1] + 0.05, bins=edges, weights=heights, histtype="step", label="counts")
    ax.set(xlim=(0, 1), ylim=(0, 1))
    ax.legend(loc="upper center")
    assert "legend" in _kinds(fig)
    ax.get_legend().set_loc("lower center")  # below the top: clear of the outline (its sides are the spines')
    assert "legend" not in _kinds(fig)
    plt.close(fig)


def test_a_mark_over_a_tick_label():
    # cost-02 of the review of 5c0f0e2: ten nested marks at the axis' left end, a 70 px disc over the "1e-3" tick
    fig, ax = plt.subplots(figsize=(3, 3), dpi=100, layout="constrained")
    ax.set(xlim=(0, 1), ylim=(0, 1), xticks=[0, 0.5, 1], yticks=[0, 0.5, 1])
    (mark,) = ax.plot([0.0], [0.5], "o", markersize=6, clip_on=False)
    assert "marker-on-tick" not in _kinds(fig)  # a small mark on the spine clears the label
    mark.set_markersize(40)  # a stack grown over it
    assert "marker-on-tick" in _kinds(fig)
    plt.close(fig)
