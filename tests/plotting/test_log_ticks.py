"""Issue 29: no overlapping tick labels on any log axis (plot_comparison over (0.001, 0.05) printed them)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.plotting import style  # noqa: E402
from skewplot.plotting._axes import log_axis  # noqa: E402

from conftest import no_warning_of_ours  # noqa: E402


@pytest.fixture(scope="module")
def scores():
    y, a = sp.datasets.make_scores(3000, 0.1, random_state=0)
    return y, a, a + np.random.default_rng(1).normal(size=3000)


def _tick_boxes(ax, which):
    """(text, pixel box) of every tick label drawn: non-empty, at a tick inside the view (matplotlib skips others)."""
    axis = ax.xaxis if which == "x" else ax.yaxis
    r = ax.figure.canvas.get_renderer()
    lo, hi = sorted(axis.get_view_interval())
    ticks = axis.get_major_ticks() + axis.get_minor_ticks()
    return [(t.label1.get_text(), t.label1.get_window_extent(r)) for t in ticks
            if t.label1.get_visible() and t.label1.get_text() and lo * (1 - 1e-9) <= t.get_loc() <= hi * (1 + 1e-9)]


def _overlaps(ax, which):
    boxes = _tick_boxes(ax, which)
    return [(a, c) for i, (a, b) in enumerate(boxes) for c, d in boxes[i + 1:] if b.overlaps(d)]


@pytest.mark.slow  # 1.9 s
def test_the_issue_case_and_a_paper_row(scores):
    y, a, b = scores
    disp = sp.plot_comparison(y, a, b, n_skews=8, n_boot=100, random_state=0, skew_sweep=(0.001, 0.05))
    disp.figure_.canvas.draw()
    assert _overlaps(disp.ax_, "x") == []
    assert len(_tick_boxes(disp.ax_, "x")) >= 3  # labels kept where they fit: 10^-3, 3x10^-3, 10^-2 ...
    with style.paper("double"):
        fig, axes = plt.subplots(1, 3, layout="constrained")
        for ax, r in zip(axes, [(0.001, 0.05), (0.002, 0.02), (1e-4, 0.9)], strict=True):
            sp.plot_comparison(y, a, b, n_skews=8, n_boot=100, random_state=0, skew_sweep=r, ax=ax)
        for dpi in (fig.dpi, 300):  # the labels are chosen again at each draw, at its resolution
            fig.set_dpi(dpi)
            fig.canvas.draw()
            for ax in axes:
                assert _overlaps(ax, "x") == [], dpi
                assert len(_tick_boxes(ax, "x")) >= 2
    plt.close("all")


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'lims0-1.2',
    'lims0-2.0',
    'lims0-6.0',
    'lims1-6.0',
    'lims2-6.0')
@pytest.mark.slow_cases('lims1-1.2', 'lims3-1.2')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("width", [1.2, 2.0, 6.0])
@pytest.mark.parametrize("lims", [(1e-3, 0.05), (0.002, 0.02), (1e-4, 1.0), (0.3, 0.9)])
@pytest.mark.slow_cases("lims1-2.0")  # 0.6 s
def test_any_span_and_width_gives_separate_labels(width, lims):
    fig, ax = plt.subplots(figsize=(width, width), layout="constrained")
    ax.plot(lims, lims)
    log_axis(ax, "x")
    log_axis(ax, "y")
    ax.set_xlim(*lims)
    ax.set_ylim(*lims)
    fig.canvas.draw()
    assert _overlaps(ax, "x") == [] and _overlaps(ax, "y") == []
    assert len(_tick_boxes(ax, "x")) >= 1
    plt.close(fig)


@pytest.mark.slow  # loaded run 2026-11-29
def test_without_it_matplotlib_overlaps(scores):
    """The check above can fail: one of its axes with matplotlib's own formatters has overlapping labels.

    One decade: every matplotlib labels its minor ticks (over the issue's 1.7 decades, 3.8 labels only 10^-3 and
    10^-2, and 3.9 onwards the minor ticks too; ``log_axis`` labels them on every version).
    """
    fig, ax = plt.subplots(figsize=(1.2, 1.2), layout="constrained")
    ax.plot([0.002, 0.02], [0, 1])
    ax.set_xscale("log")
    ax.set_xlim(0.002, 0.02)
    fig.canvas.draw()
    assert _overlaps(ax, "x") != []
    plt.close(fig)


@pytest.mark.parametrize(("lims", "labelled"), [((1e-3, 0.05), True), ((1.1e-3, 0.05), True), ((0.01, 0.5), True),
                                                ((0.002, 0.5), True), ((1e-3, 0.1), False), ((2e-3, 1.0), False)])
def test_minor_labels_follow_the_decades_in_view_on_every_matplotlib(lims, labelled):
    # two decades in view label 2, 3, 4, 6 x 10^k where they fit, three or more none.  Matplotlib 3.8 labelled no
    # minor tick over more than one decade (1e-3 .. 0.05: 1e-3 and 0.01 only); 3.9 onwards counts the decades in
    # view but leaves 1e-3 uncounted (math.log(0.001, 10) > -3), and labelled 0.002 .. 0.5 at 0.01 and 0.1 only
    fig, ax = plt.subplots(figsize=(6.4, 2.0), dpi=100)
    ax.plot(lims, lims)
    log_axis(ax, "x")
    ax.set_xlim(*lims)
    fig.canvas.draw()
    minor = [t.get_loc() for t in ax.xaxis.get_minor_ticks()
             if t.label1.get_text() and lims[0] * (1 - 1e-9) <= t.get_loc() <= lims[1] * (1 + 1e-9)]
    plt.close(fig)
    leading = {round(v / 10.0 ** np.floor(np.log10(v) + 1e-9)) for v in minor}
    assert (len(minor) >= 3 and leading <= {2, 3, 4, 6}) if labelled else minor == [], (lims, minor)


@pytest.mark.slow  # 0.7 s
def test_the_log_axes_of_every_display_use_it():
    pts = sp.datasets.example_classifiers()
    for disp in (sp.plot_cost(pts, skew=0.001), sp.plot_fmeasure(pts, skew=0.001), sp.plot_aucpr_vs_skew(pts)):
        assert type(disp.ax_.xaxis.get_minor_formatter()).__name__ == "FittingLogFormatter"
    assert type(sp.plot_cost(pts, skew=0.001).ax_.yaxis.get_major_formatter()).__name__ == "FittingLogFormatter"
    plt.close("all")


@pytest.mark.slow  # 2.3 s (2026-11-29, -n 2)
def test_panels_sharing_a_precision_axis_share_its_log_scale():
    """``sharey=True`` with one rare skew: every panel is logarithmic down to the lowest floor, no warning."""

    from skewplot.plotting._axes import precision_floor

    pts = sp.datasets.example_classifiers(n=3000, skew=0.05, random_state=2)
    fig, axes = plt.subplots(1, 3, sharey=True)
    with no_warning_of_ours():
        for ax, skew in zip(axes, (0.001, 0.05, 0.5), strict=True):
            sp.plot_pr(pts, skew=skew, ax=ax)
    assert all(ax.get_yscale() == "log" for ax in axes)
    assert axes[2].get_ylim()[0] == precision_floor(0.001)  # the rarest panel's baseline stays in view
    plt.close(fig)


def test_a_title_too_wide_for_its_panel_drops_its_last_clause():
    from skewplot.plotting._axes import fit_title

    fig, (narrow, wide) = plt.subplots(1, 2, figsize=(6.0, 2.0), width_ratios=[1, 5])
    fit_title(narrow, "π′ ∈ [0.0001, 0.002], uniform")
    fit_title(wide, "π′ ∈ [0.0001, 0.002], uniform")
    assert narrow.get_title() == "π′ ∈ [0.0001, 0.002]"  # a bracket's comma is never cut
    assert wide.get_title() == "π′ ∈ [0.0001, 0.002], uniform"
    plt.close(fig)


@pytest.mark.parametrize(("which", "direction"), [("x", "out"), ("y", "out"), ("x", "inout"), ("x", "in")])
def test_minor_labels_sit_on_the_decades_baseline(which, direction):
    # apn-03/05/06 (figure review of ba94d56): under seaborn's poster the major ticks (12 pt) reach 4 pt further
    # than the minor ones (8 pt), and "0.1" sat ~15 px below "0.2", "0.3", "0.4": two baselines
    rc = {f"{which}tick.major.size": 12.0, f"{which}tick.minor.size": 8.0, f"{which}tick.direction": direction}
    with matplotlib.rc_context(rc):
        fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
        log_axis(ax, which)
        (ax.set_xlim if which == "x" else ax.set_ylim)(0.15, 0.9)  # under a decade: minor labels on 3.8 too
        fig.canvas.draw()
        axis = ax.xaxis if which == "x" else ax.yaxis
        edge = (lambda e: e.y1) if which == "x" else (lambda e: e.x1)  # the side facing the spine
        major = {round(edge(t.get_window_extent()), 1) for t in axis.get_majorticklabels() if t.get_text()}
        minor = {round(edge(t.get_window_extent()), 1) for t in axis.get_minorticklabels() if t.get_text()}
        plt.close(fig)
    assert major and minor and len(major | minor) == 1, (major, minor)


def _decades_in_view(axis):
    lo, hi = sorted(axis.get_view_interval())
    return [10.0 ** k for k in range(int(np.ceil(np.log10(lo) - 1e-9)), int(np.floor(np.log10(hi) + 1e-9)) + 1)]


def _ticked(locs, value):
    return any(np.isclose(np.log10(v), np.log10(value), atol=1e-9) for v in locs if v > 0)


def test_a_decade_the_majors_skip_has_an_unlabelled_minor_tick():
    # review24: a short axis over four decades labels 1e-4, 0.01 and 1 (matplotlib's majors every second decade)
    # and drew no tick at 1e-3 or 0.1, not even a minor one
    fig, ax = plt.subplots(figsize=(2.0, 2.0), dpi=100)
    log_axis(ax, "x")
    ax.set_xlim(1e-4, 1.0)
    fig.canvas.draw()
    major, minor = ax.xaxis.get_majorticklocs(), ax.xaxis.get_minorticklocs()
    skipped = [d for d in _decades_in_view(ax.xaxis) if not _ticked(major, d)]
    assert skipped, "the axis labels every decade: the case is gone"
    assert all(_ticked(minor, d) for d in skipped), (major, minor)
    texts = {round(float(np.log10(t.get_loc()))): t.label1.get_text() for t in ax.xaxis.get_minor_ticks()
             if np.isclose(np.log10(t.get_loc()), round(float(np.log10(t.get_loc()))))}
    assert all(texts[round(float(np.log10(d)))] == "" for d in skipped), texts
    assert [t.get_text() for t in ax.xaxis.get_majorticklabels() if t.get_text()]  # the majors keep their labels
    plt.close(fig)


@pytest.mark.slow  # 2-3 s a case (2026-12-01, loaded machine)
@pytest.mark.parametrize("size", [(3.0, 2.5), (6.4, 4.8)])
def test_every_decade_of_a_cost_axis_has_a_tick(size):
    """A small panel (majors every second decade on both axes) gains a minor tick at each skipped decade; a large
    one (every decade labelled) has no minor tick at a decade: its ticks are matplotlib's."""
    pts = sp.datasets.example_classifiers(n=2000)
    fig, ax = plt.subplots(figsize=size, dpi=100, layout="constrained")
    sp.plot_cost(pts, skew=1e-4, ax=ax)
    fig.canvas.draw()
    for axis in (ax.xaxis, ax.yaxis):
        major, minor = axis.get_majorticklocs(), axis.get_minorticklocs()
        decades = _decades_in_view(axis)
        assert all(_ticked(major, d) or _ticked(minor, d) for d in decades), (axis.axis_name, major, minor)
        labelled = [t.get_loc() for t in axis.get_minor_ticks() if t.label1.get_text()]
        assert not any(_ticked(labelled, d) for d in decades), labelled
        if size == (6.4, 4.8):
            assert all(_ticked(major, d) for d in decades) and not any(_ticked(minor, d) for d in decades)
        else:
            assert any(_ticked(minor, d) for d in decades), (axis.axis_name, major)  # the case this test is for
    plt.close(fig)


def test_decades_too_short_for_a_tick_each_get_none():
    from skewplot.plotting._minor_ticks import SKIPPED_DECADE_PX

    fig, ax = plt.subplots(figsize=(3.0, 2.0), dpi=100)
    log_axis(ax, "x")
    ax.set_xlim(1e-300, 1.0)  # ~0.8 px a decade: a tick at each would be a bar
    fig.canvas.draw()
    assert ax.bbox.width / 300 < SKIPPED_DECADE_PX
    lo, hi = ax.get_xlim()
    assert [v for v in ax.xaxis.get_minorticklocs() if lo <= v <= hi] == []
    plt.close(fig)


@pytest.mark.parametrize("height", [0.7, 0.9, 1.2, 2.0])
@pytest.mark.parametrize("lims", [(3e-5, 1.0), (1e-4, 1.0), (1e-6, 0.5), (2e-3, 0.5)])
def test_a_short_axis_over_many_decades_labels_two_of_them_on_every_matplotlib(height, lims):
    """Review62: on matplotlib 3.8.0 the explorer's PR panel (~70 px, 3e-5 .. 1) was labelled "0.01" alone, and its
    scale could not be read; 3.10 onwards label 1e-4 and 1.  Every axis over two decades or more labels two of
    them, inside the view, on every matplotlib."""
    fig, ax = plt.subplots(figsize=(3.0, height), dpi=100, layout="constrained")
    ax.plot([1e-3, 1], [lims[0] * 1.01, lims[1] * 0.99])
    log_axis(ax, "y")
    ax.set_ylim(*lims)
    fig.canvas.draw()
    decades = [text for text, _ in _tick_boxes(ax, "y") if np.isclose(np.log10(float(text)) % 1, 0, atol=1e-9)
               or np.isclose(np.log10(float(text)) % 1, 1, atol=1e-9)]
    assert len(decades) >= 2, (lims, height, [t.get_text() for t in ax.yaxis.get_ticklabels()])
    plt.close(fig)
