"""Defect classes of the figure review of main 5c0f0e2 (tools/figure_review.md), each on small data.

Each test fails on 0a8cd3f: the cost skew label written through the trivial line at cost 1, a data-set panel
without marks on its curves, the trivial line hidden under the envelopes, ten coinciding marks grown into a
70 px disc stack.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.layout._markers import CLEAR_PT, GROW_MAX_PT, line_segments, nest_markers


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


def test_ten_coinciding_marks_stay_small_and_nearby_ones_are_not_grown():
    # cost-02/03: ten dots at one cost grew a ring of 1.2 pt each, a 27 pt (70 px at 200 dpi) disc stack
    fig, ax = plt.subplots(figsize=(3, 3), dpi=100)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    stack = [ax.plot([0.5], [0.5], "o", markersize=5, color=f"C{k}")[0] for k in range(10)]
    nest_markers(ax, stack)
    sizes = [m.get_markersize() for m in stack]
    assert max(sizes) <= 5 + 2 * GROW_MAX_PT + 1e-9
    assert len(set(np.round(sizes, 9))) == 10  # still each its own size: told apart, none hidden
    # marks 5 pt apart each show most of the other: nesting them chained a run of marks into one stack (roc-08)
    run = [ax.plot([0.1], [0.1 + 0.07 * k], "D", markersize=6, color=f"C{k}")[0] for k in range(5)]
    nest_markers(ax, run)
    assert [m.get_markersize() for m in run] == [6.0] * 5
