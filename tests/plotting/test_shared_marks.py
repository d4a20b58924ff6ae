"""Coinciding marks shared out in wedges read as one whole mark each (figure review: a lone wedge as an arrowhead).

The review rejected cost-01/02/03/08 and fm-03/05/06/07 for wedges that read as
arrowheads.  fm-03's seven weak classifiers' F dots were sevenths of one mark:
grouped by pairs linked one to the next (a run 22 px long at 200 dpi), and on
the Axes' pixels before the draw's layout shrank it.  Each test here fails on
997b5a1.
"""

from itertools import combinations

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.layout._markers import near_px, share_markers, shared_part


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _drawn(marks):
    return np.array([m.get_transform().transform(m.get_xydata()[0]) for m in marks])


def _pies_whole(marks, reach):
    """Every wedge has, each closer than ``reach`` to it and to one another, the other wedges of its mark."""
    xy = _drawn(marks)
    for i, m in enumerate(marks):
        part, of = shared_part(m)
        if of == 1:
            continue
        near = [j for j in range(len(marks)) if j != i and shared_part(marks[j])[1] == of
                and np.hypot(*(xy[j] - xy[i])) < reach]
        whole = any(sorted([part] + [shared_part(marks[j])[0] for j in rest]) == list(range(of))
                    and all(np.hypot(*(xy[a] - xy[b])) < reach for a, b in combinations(rest, 2))
                    for rest in combinations(near, of - 1))
        if not whole:
            return False
    return True


def test_a_run_of_marks_is_shared_in_pies_whose_marks_are_all_near():
    fig, ax = plt.subplots(figsize=(3, 3), dpi=100)
    fig.subplots_adjust(0, 0, 1, 1)
    ax.set(xlim=(0, 300), ylim=(0, 300))
    reach = near_px(fig.dpi)  # 6 px
    # a run 4 px a step: linked pair by pair, the five were one mark cut in fifths spread over 16 px
    run = [ax.plot([150.0], [100.0 + 4.0 * k], "o", markersize=5, color=f"C{k}")[0] for k in range(5)]
    share_markers(ax, run)
    assert _pies_whole(run, reach)
    assert [shared_part(m)[1] for m in run] == [2, 2, 2, 2, 1]  # two halved marks and one whole
    assert np.allclose(_drawn(run)[:, 1], ax.transData.transform([[0, 100.0 + 4.0 * k] for k in range(5)])[:, 1])
    # fm-03's seven dots as drawn (pixels at 200 dpi, here 100 dpi halved): none a lone seventh
    ys = np.array([360.3, 366.5, 357.7, 339.7, 340.5, 340.5, 347.6]) / 2.0
    dots = [ax.plot([200.0], [y], "o", markersize=2.1, color=f"C{k}")[0] for k, y in enumerate(ys)]
    share_markers(ax, dots)
    assert _pies_whole(dots, reach) and max(shared_part(m)[1] for m in dots) < 7


def test_a_shared_mark_is_drawn_over_a_whole_mark_beside_it_and_gives_its_place_back():
    fig, ax = plt.subplots(figsize=(3, 3), dpi=100)
    fig.subplots_adjust(0, 0, 1, 1)
    ax.set(xlim=(0, 300), ylim=(0, 300))
    marks = [ax.plot([150.0], [y], "o", markersize=5, color=f"C{k}", zorder=3)[0]
             for k, y in enumerate((100.0, 104.0, 108.0))]
    share_markers(ax, marks)
    pie = [m for m in marks if shared_part(m)[1] > 1]
    whole = [m for m in marks if shared_part(m)[1] == 1]
    assert len(pie) == 2 and len(whole) == 1
    assert min(m.get_zorder() for m in pie) > whole[0].get_zorder() == 3  # the pie whole, the mark under it
    assert len({m.get_zorder() for m in pie}) == 1 and len({m.get_markersize() for m in marks}) >= 2
    marks[1].set_data([150.0], [200.0])
    share_markers(ax, marks)
    assert all(shared_part(m) == (0, 1) and m.get_zorder() == 3 and m.get_markersize() == 5 for m in marks)


def test_marks_are_shared_out_again_on_the_layout_the_draw_makes():
    # shared on the plot's pixels, the marks kept their wedges when the draw's layout (or savefig's dpi) moved them
    # apart or together; the figure's own layout shares them out again
    from skewplot.plotting.layout._figure import constrained

    fig, ax = plt.subplots(figsize=(3, 3), dpi=100)
    constrained(fig)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    marks = [ax.plot([0.5], [0.5 + 0.02 * k], "o", markersize=5, color=f"C{k}")[0] for k in range(2)]
    share_markers(ax, marks)
    fig.canvas.draw()
    assert [shared_part(m)[1] for m in marks] == [2, 2]  # about 4 px apart
    fig.set_size_inches(3, 12)  # 0.02 of the y axis: about 20 px
    fig.canvas.draw()
    assert [shared_part(m) for m in marks] == [(0, 1), (0, 1)] and {m.get_marker() for m in marks} == {"o"}
    fig.set_size_inches(3, 3)
    fig.canvas.draw()
    assert [shared_part(m)[1] for m in marks] == [2, 2] and _pies_whole(marks, near_px(fig.dpi))


@pytest.mark.slow  # about 1 s: a drawn figure, saved at another dpi
def test_the_weak_classifiers_f_dots_at_a_rare_skew_are_whole_pies_as_saved(tmp_path):
    # fm-03 of the review: ten classifiers at 1e-3, the weak ones' F near 0; saved at 200 dpi after the layout
    rng = np.random.default_rng(0)
    y = (rng.random(20_000) < 0.01).astype(int)
    pts = {f"c{k}": sp.operating_points(y, rng.normal(size=y.size) + s * y)
           for k, s in enumerate(np.linspace(2.5, 0.1, 10))}
    disp = sp.plot_fmeasure(pts, skew=1e-3)
    fig = disp.figure_
    fig.savefig(tmp_path / "f.png", dpi=200)
    marks = list(disp.markers_.values())
    assert _pies_whole(marks, near_px(200))
    xy = _drawn(marks)  # the pixels of the last draw (at 200 dpi): on their values
    want = disp.ax_.transData.transform([[m.get_xdata()[0], m.get_ydata()[0]] for m in marks])
    np.testing.assert_allclose(xy, want, atol=1e-6)
