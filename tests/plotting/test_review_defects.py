"""Defect classes of the figure review of main 5c0f0e2 (tools/figure_review.md), each on small data.

Each test fails on 0a8cd3f: the cost skew label written through the trivial line at cost 1, a data-set panel
without marks on its curves, the trivial line hidden under the envelopes, ten coinciding marks grown into a
70 px disc stack, PR-gain curves below 0 with no tick there, a 3.5 pt superscript in a PR-gain tick, and a pi*
line on the right spine of AUCPR-against-skew with an orphan number beside it.  The coinciding marks' tests fail
on 494a71d too: its rings thinned to 0.4 pt, which the lint now finds hiding the marks under them.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.layout._markers import CLEAR_PT, line_segments, pie_size, share_markers, shared_part


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _scores(n, prevalence, separations, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    return {f"c{k}": sp.operating_points(y, rng.normal(size=n) + s * y) for k, s in enumerate(separations)}


@pytest.mark.slow  # 0.4-1 s: a drawn figure
def test_the_cost_skew_label_keeps_clear_of_the_trivial_lines():
    # cost-05: "π′=0.01, PC(+)=0.01" written through the always-positive dashed line at cost 1 (its box's top 0.3 px
    # under the line: the label's box was shrunk 1.5 px on every side before it was tested against the lines)
    pts = _scores(1000, 0.05, [2.0])["c0"]
    disp = sp.plot_cost(pts, skew=0.01, max_lines=5)
    fig = disp.figure_
    fig.canvas.draw()
    box = disp.skew_text_.get_window_extent()
    clear = CLEAR_PT * fig.dpi / 72.0 - 0.5
    for line in disp.baselines_.values():
        segs = line_segments(line)
        # where a baseline runs over the label's x span, its y keeps ``clear`` from the label's box
        x = np.linspace(box.x0, box.x1, 50)
        for (x0, y0), (x1, y1) in segs:
            inside = (x >= min(x0, x1)) & (x <= max(x0, x1)) & (x1 != x0)
            if not inside.any():
                continue
            y = y0 + (y1 - y0) * (x[inside] - x0) / (x1 - x0)
            assert np.all((y < box.y0 - clear) | (y > box.y1 + clear)), line.get_label()


@pytest.mark.slow_cases('plot_cost')  # 0.3 s or more, 2-worker run of 2026-12-01
@pytest.mark.slow_cases("plot_fmeasure")  # about 1 s
@pytest.mark.parametrize("plot", [sp.plot_cost, sp.plot_fmeasure])
def test_the_data_sets_skew_is_marked_on_every_curve(plot):
    # cost-04, cost-10: the data-set panel of a grid had its skew line but no dot on its curves, the others had
    pts = _scores(1000, 0.05, [2.0, 1.0])
    disp = plot(pts, max_lines=5)
    x = disp.skew_line_.get_xdata()[0]
    for name, marker in disp.markers_.items():
        assert marker.get_visible()
        assert marker.get_xdata()[0] == pytest.approx(x)
        assert marker.get_ydata()[0] == pytest.approx(disp._marker_y(name, x))


@pytest.mark.slow  # 0.4-1 s: a drawn figure
def test_the_trivial_lines_are_drawn_over_the_cost_envelopes():
    # cost-01/06/07/09: below PC(+) ~ 0.1 the envelopes ARE the always-negative line, which lay hidden under them
    disp = sp.plot_cost(_scores(1000, 0.05, [2.0, 1.5]), skew=0.01, max_lines=5)
    top = max(line.get_zorder() for line in disp.lines_.values())
    assert all(b.get_zorder() > top for b in disp.baselines_.values())
    assert all(b.get_zorder() < m.get_zorder() for b in disp.baselines_.values() for m in disp.markers_.values())


def test_ten_coinciding_marks_share_one_mark_and_nearby_ones_keep_their_own():
    # cost-02/03: ten dots at one cost grew a ring of 1.2 pt each, a 27 pt (70 px at 200 dpi) disc stack; then
    # rings thinned to 0.4 pt, which no reader tells apart (review of 494a71d: cost-01/02/03/08, fm-03/05/06/07)
    fig, ax = plt.subplots(figsize=(3, 3), dpi=100)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    stack = [ax.plot([0.5], [0.5], "o", markersize=5, color=f"C{k}")[0] for k in range(10)]
    share_markers(ax, stack)
    assert [shared_part(m) for m in stack] == [(k, 10) for k in range(10)]  # a wedge each, in the legend's order
    assert len({tuple(np.round(m.get_marker().vertices, 6).ravel()) for m in stack}) == 10  # ten shapes
    assert all(m.get_markerfacecolor() == m.get_color() or m.get_markerfacecolor() != "none" for m in stack)
    assert all(np.allclose(m.get_xydata(), [[0.5, 0.5]]) for m in stack)  # none moved
    assert pie_size(5, 10) <= 2.1 * 5  # one mark about twice the size, not a 27 pt stack
    # marks 5 pt apart each show most of the other: sharing them chained a run of marks into one stack (roc-08)
    run = [ax.plot([0.1], [0.1 + 0.07 * k], "D", markersize=6, color=f"C{k}")[0] for k in range(5)]
    share_markers(ax, run)
    assert [m.get_markersize() for m in run] == [6.0] * 5 and {m.get_marker() for m in run} == {"D"}


@pytest.mark.slow  # about 1 s: a drawn figure, linted
def test_ten_classifiers_dots_at_a_rare_skew_are_one_shared_mark_on_their_values():
    # cost-01/02/03/08 of the review of 494a71d: at 1e-3 nine of ten costs are the trivial one; their dots were a
    # stack of 0.4 pt rings (the lint's "marker-hidden" finds it on 494a71d)
    from skewplot.testing import lint_figure

    pts = _scores(4000, 0.01, np.linspace(2.5, 0.15, 10))
    disp = sp.plot_cost(pts, skew=1e-3, max_lines=5)
    fig = disp.figure_
    fig.canvas.draw()
    pc = sp.probability_cost(1e-3, 0.5)
    for name, m in disp.markers_.items():  # each drawn at its own value: the envelope's cost at the skew
        (x, y), want = m.get_xydata()[0], float(sp.cost_envelope(pts[name], pc=pc)[0])
        assert x == pytest.approx(pc, rel=1e-12) and y == pytest.approx(want, rel=1e-12)
        drawn = m.get_transform().transform([[x, y]])[0]
        np.testing.assert_allclose(drawn, disp.ax_.transData.transform([[pc, want]])[0], atol=1e-6)
    assert max(shared_part(m)[1] for m in disp.markers_.values()) > 2  # the coinciding ones share one mark
    assert lint_figure(fig, checks=("marker-hidden", "marker-off-data", "marker-outside")) == []


def _negative_prg():
    # a classifier worse than chance at the top of its ranking: precision gains below 0 at rare skews
    rng = np.random.default_rng(3)
    y = (rng.random(4000) < 0.02).astype(int)
    good = rng.normal(size=y.size) + 2.0 * y
    bad = rng.normal(size=y.size) + 0.5 * y
    bad[y == 0][:5] += 6.0
    bad = np.where((y == 0) & (rng.random(y.size) < 0.002), bad + 6.0, bad)
    return {"good": sp.operating_points(y, good), "bad": sp.operating_points(y, bad)}


@pytest.mark.slow  # 0.4-1 s: a drawn figure
def test_prg_curves_below_zero_get_ticks_there_and_no_superscripts():
    # prg-01/07/08/10: AUPRG -2.9 drawn below precision gain 0 with no tick below it; prg-03: "1−10⁻⁶"
    disp = sp.plot_prg(_negative_prg(), skew=1e-4)
    disp.figure_.canvas.draw()
    assert disp.decades_
    lo = disp.ax_.get_ylim()[0]
    assert lo < 0
    ticks = [(t.get_loc(), t.label1.get_text()) for t in disp.ax_.yaxis.get_major_ticks()]
    below = [(v, s) for v, s in ticks if lo <= v < 0]
    assert below, ticks
    for v, s in below:
        assert float(s.replace("−", "-")) == pytest.approx(v)
    texts = [t.label1.get_text() for axis in (disp.ax_.xaxis, disp.ax_.yaxis) for t in axis.get_major_ticks()]
    assert not any(set(s) & set("⁰¹²³⁴⁵⁶⁷⁸⁹⁻") for s in texts), texts


@pytest.mark.slow  # about 1 s under load
def test_an_inversion_on_the_axis_end_draws_no_line_and_a_shown_one_names_its_pair(monkeypatch):
    # aucsk-02/03: a second π* at 0.9999955 was a line on the right spine and a bare "0.9999955" beside it
    import skewplot.metrics.ranking as ranking

    monkeypatch.setattr(ranking, "inversion_skews", lambda a, b, **kw: np.array([0.26, 0.9999955]))
    pts = _scores(1000, 0.05, [2.0, 1.5])
    disp = sp.plot_aucpr_vs_skew(pts, skews=np.geomspace(1e-3, 0.999, 20))
    assert sorted(disp.markers_) == [("c0", "c1", 0)]  # the root on the spine: no line
    assert list(disp.inversions_[("c0", "c1")]) == [0.26, 0.9999955]  # ...yet reported
    disp.figure_.canvas.draw()
    texts = [t.get_text().strip() for t in disp.ax_.texts if t.get_visible() and t.get_text().strip()]
    assert texts == ["π* = 0.260 (c0 / c1)"]


def _one(n=1000, prevalence=0.01, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    y[:3] = 1
    return y, rng.normal(size=n) + 2.0 * y


@pytest.mark.slow  # about 0.5 s: a 3-D figure
def test_the_surface_names_its_classifier_and_its_colour_bar_spans_its_colours():
    # surf-01..05: titled "classifier" (the placeholder of arrays given no name); the bar's foot white (colours
    # scaled to the surface's lowest value, ticks from the floor below it); the bar's labels past the right edge
    y, s = _one()
    disp = sp.plot_pr_surface(y, s, skews=[1e-3, 1e-2, 0.1], n_recall=5)
    assert "classifier" not in disp.ax_.get_title() and "(data set)" in disp.ax_.get_title()
    norm = disp.lines_["surface"].norm  # the colours run over the z axis' whole range, as the bar's ticks do
    assert (norm.vmin, norm.vmax) == pytest.approx(disp.ax_.get_zlim())
    assert disp.colorbar_.ax.get_ylim() == pytest.approx(disp.ax_.get_zlim())
    fig = disp.figure_
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    assert disp.colorbar_.ax.get_tightbbox(renderer).x1 <= fig.bbox.x1 + 0.5
    named = sp.plot_pr_surface(y, s, name="logistic", skews=[1e-3, 0.1], n_recall=5)
    assert named.ax_.get_title().startswith("logistic, π = ")


@pytest.mark.slow  # about 0.8 s: the null's exact moments
def test_the_ap_null_axis_ends_at_ap_1():
    # apn-06: an observed AP of 0.9 on the log axis ran it to 1.44
    disp = sp.plot_ap_null(300, 60, observed=0.9, n_samples=200, random_state=0)
    assert disp.ax_.get_xscale() == "log"
    assert disp.ax_.get_xlim()[1] <= 1.0 * 1.03 + 1e-12
    assert disp.ax_.get_xlim()[1] > 0.9


def test_logit_tick_labels_on_logit_by_logit_axes_never_touch():
    # skt-02: "0.990.999" – a tick's x position was taken at y = 0, NaN on a logit y axis, so every position was
    # NaN and no label was ever dropped
    from skewplot.plotting._axes import logit_axis

    fig, ax = plt.subplots(figsize=(1.2, 2.0), dpi=100)
    ax.plot([1e-3, 0.999], [1e-6, 0.999])
    logit_axis(ax, "x")
    logit_axis(ax, "y")
    ax.set(xlim=(1e-3, 0.999), ylim=(1e-6, 0.999))
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for axis in (ax.xaxis, ax.yaxis):
        lo, hi = sorted(axis.get_view_interval())
        boxes = sorted([t.label1.get_window_extent(renderer) for t in axis.get_major_ticks()
                        if t.label1.get_visible() and t.label1.get_text() and lo <= t.get_loc() <= hi],
                       key=lambda b: (b.x0, b.y0))
        assert len(boxes) >= 2
        for a, b in zip(boxes[:-1], boxes[1:], strict=True):
            assert not a.overlaps(b), (a, b)
