"""Within ``_compat.text_sizes_kept`` a text is laid out once per key, and again after any change (issue 44)."""

import threading

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

from skewplot.plotting._compat import text as compat_text
from skewplot.plotting._compat import text_sizes_kept


@pytest.fixture
def counted(monkeypatch):
    """Calls of matplotlib's own ``Text._get_layout``, under the wrapper the context puts on the class."""
    calls = []
    layout = Text._get_layout
    original = getattr(layout, "__wrapped__", layout)
    monkeypatch.setattr(Text, "_get_layout", lambda text, renderer: calls.append(text) or original(text, renderer))
    monkeypatch.setattr(compat_text, "_layout_wrapper", [None])
    return calls


def _figure():
    fig = Figure(figsize=(4, 3), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], label="a line")
    ax.set_xlabel(r"skew $\pi'$")
    ax.legend()
    note = ax.text(0.5, 0.5, "two\nlines", ha="left", va="bottom", rotation=15)
    return fig, ax, note


def _pixels(fig):
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba()).copy()


def test_a_second_draw_in_the_context_lays_out_no_text_and_paints_the_same(counted):
    fig, _, _ = _figure()
    plain = _pixels(fig)
    assert counted  # matplotlib lays each text out at each measure and draw
    counted.clear()
    with text_sizes_kept(fig):
        assert (_pixels(fig) == plain).all()
    first = len(counted)
    assert 0 < first
    counted.clear()
    fig.set_size_inches(5, 3.5)  # a new renderer (a resize): the layouts stay
    with text_sizes_kept(fig):
        resized = _pixels(fig)
    assert counted == []
    counted.clear()
    assert (resized == _pixels(fig)).all()  # outside the context: the same pixels, laid out again
    assert counted


@pytest.mark.parametrize("change", [
    lambda t: t.set_text("other\ntext"), lambda t: t.set_fontsize(14), lambda t: t.set_rotation(30),
    lambda t: t.set_rotation_mode("anchor"), lambda t: t.set_ha("right"), lambda t: t.set_va("top"),
    lambda t: t.set_multialignment("right"), lambda t: t.set_linespacing(2.0), lambda t: t.set_fontfamily("serif"),
    lambda t: t.set_fontweight("bold"), lambda t: t.figure.set_dpi(150)])
@pytest.mark.slow_cases('<lambda>2')  # 0.3 s or more, 2-worker run of 2026-12-01
def test_a_changed_text_is_laid_out_again(change):
    fig, _, note = _figure()
    with text_sizes_kept(fig):
        before = _pixels(fig)
        change(note)
        kept = _pixels(fig)
    plain = _pixels(fig)
    assert kept.shape == plain.shape and (kept == plain).all()
    assert kept.shape != before.shape or (kept != before).any()


def test_another_thread_and_a_wrapped_text_are_laid_out_as_matplotlib_does(counted):
    fig, ax, note = _figure()
    note.set_wrap(True)
    renderer = fig.canvas.get_renderer()
    other = []
    with text_sizes_kept(fig):
        note.get_window_extent(renderer)
        note.get_window_extent(renderer)
        assert counted.count(note) == 2
        counted.clear()
        label = ax.xaxis.label
        label.get_window_extent(renderer)
        thread = threading.Thread(target=lambda: other.append(label.get_window_extent(renderer)))
        thread.start()
        thread.join()
        assert counted == [label, label]  # kept in this thread; the other thread's measure computed it again



@pytest.mark.slow  # about 4 s: ten classifiers' legend search
def test_a_crowded_legends_trials_lay_each_text_out_once(counted):
    """A plot's legend search (ten classifiers' strips in every style and form, each tried in a layout) and its
    layouts lay a text out once per key, not at every trial: ``plot_pr`` of ten classifiers in a paper column took
    5.6 s of CPU (issue 44).  Before: 12 254 layouts of 116 texts, "random (0.01)" 500 times; now 162, at most 9."""
    import collections

    import matplotlib.pyplot as plt

    import skewplot as sp
    from skewplot.plotting import style

    rng = np.random.default_rng(1)
    y = (rng.random(4000) < 0.05).astype(int)
    data = {f"model {i}": sp.operating_points(y, rng.normal(size=y.size) + (2.5 - 0.25 * i) * y) for i in range(10)}
    with style.paper("single"):
        disp = sp.plot_pr(data, skew=0.01, threshold=0.5, confidence=0.9, n_boot=10, random_state=0)
    plt.close(disp.figure_)
    per_key = collections.Counter((t.get_text(), t.get_fontsize(), t.get_rotation()) for t in counted)
    assert max(per_key.values()) <= 40, per_key.most_common(3)
