"""A plot with ``threshold=`` places its legend once, where the mark made after the plot would have moved it."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.plotting.layout import _legend  # noqa: E402
from skewplot.plotting.threshold import mark_threshold  # noqa: E402

FUNCS = {"pr": sp.plot_pr, "roc": sp.plot_roc, "prg": sp.plot_prg, "cost": sp.plot_cost, "f": sp.plot_fmeasure}


@pytest.fixture(scope="module")
def points():
    rng = np.random.default_rng(3)
    y = (rng.random(20_000) < 0.01).astype(int)
    return {name: sp.operating_points(y, rng.normal(size=y.size) + sep * y)
            for name, sep in (("logistic regression", 2.4), ("random forest", 2.0), ("knn", 1.5), ("svm", 1.0))}


def _pixels(fig):
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba()).copy()


@pytest.mark.slow  # about 6 s: five spaces drawn twice
@pytest.mark.parametrize("space", list(FUNCS))
def test_a_threshold_plot_searches_its_legend_once_and_draws_what_a_later_mark_draws(points, space, monkeypatch):
    """``plot_*(threshold=)`` made its marks after the plot had placed its legend, then searched for the legend's
    place again from scratch with the marks as obstacles: half of a ten-classifier plot's time. The marks are now
    made as the plot places its legend, which is searched once; the figure is the one the plot and a later
    ``mark_threshold`` draw, pixel for pixel."""
    kwargs = {} if space == "roc" else {"skew": 0.01}
    searches = []
    place = _legend._place_legend
    monkeypatch.setattr(_legend, "_place_legend", lambda *a, **k: searches.append(1) or place(*a, **k))
    fig, ax = plt.subplots(figsize=(4, 3.4))
    disp = FUNCS[space](points, threshold=1.5, ax=ax, **kwargs)
    assert len(searches) == 1 and len(disp._threshold_markers) == 1
    once = _pixels(fig)
    monkeypatch.undo()
    fig2, ax2 = plt.subplots(figsize=(4, 3.4))
    mark_threshold(FUNCS[space](points, ax=ax2, **kwargs), 1.5)
    assert np.array_equal(once, _pixels(fig2))
    plt.close("all")
