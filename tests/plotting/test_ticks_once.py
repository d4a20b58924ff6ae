"""A draw's measures lay each Axis' ticks out once per state (``_compat.ticks_laid_out_once``, issue 44)."""

from matplotlib.axis import XTick
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from skewplot.plotting._compat import ticks_laid_out_once


def _figure():
    fig = Figure(figsize=(4, 3))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1])
    return fig, ax


def test_within_the_context_the_ticks_are_laid_out_once_per_state_and_follow_a_change(monkeypatch):
    fig, ax = _figure()
    renderer = fig.canvas.get_renderer()
    placed = []
    update = XTick.update_position
    monkeypatch.setattr(XTick, "update_position", lambda tick, loc: placed.append(id(tick)) or update(tick, loc))
    outside = ax.get_tightbbox(renderer)
    placed.clear()
    ax.get_tightbbox(renderer)
    assert len(placed) > len(set(placed))  # matplotlib lays them out several times a measure
    placed.clear()
    with ticks_laid_out_once(fig):
        assert ax.get_tightbbox(renderer).bounds == outside.bounds
        assert ax.get_tightbbox(renderer).bounds == outside.bounds
        fig.canvas.draw()
        assert placed and len(placed) == len(set(placed))  # each tick placed once
        ax.set_xlim(0, 1000)  # a new state: laid out again, as without the context
        wide = ax.get_tightbbox(renderer)
        assert [t.get_text() for t in ax.get_xticklabels()][-1] == "1000"
        fig.set_size_inches(6, 3)  # a new box
        renderer = fig.canvas.get_renderer()
        moved = ax.get_tightbbox(renderer)
    assert "_update_ticks" not in vars(ax.xaxis) and "_get_ticklabel_bboxes" not in vars(ax.xaxis)
    assert moved.bounds == ax.get_tightbbox(renderer).bounds
    fig.set_size_inches(4, 3)
    assert wide.bounds == ax.get_tightbbox(fig.canvas.get_renderer()).bounds


def test_a_state_the_formatters_read_besides_is_part_of_the_key():
    fig, ax = _figure()
    renderer = fig.canvas.get_renderer()
    flag = {"on": False}
    with ticks_laid_out_once(fig, state=lambda axis: flag["on"]):
        ax.get_tightbbox(renderer)
        ax.xaxis.set_major_formatter(lambda x, pos: "a" if flag["on"] else "b")
        ax.get_tightbbox(renderer)
        assert ax.get_xticklabels()[0].get_text() == "b"
        formatter = ax.xaxis.get_major_formatter()
        ax.xaxis.major.formatter = formatter  # the same formatter, reading a flag that changes
        flag["on"] = True
        ax.get_tightbbox(renderer)
        assert ax.get_xticklabels()[0].get_text() == "a"
