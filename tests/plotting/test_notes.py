"""skewplot's notes on matplotlib's objects (``plotting._notes``) keep no figure alive."""

import gc
import weakref

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.plotting import _notes  # noqa: E402


@pytest.mark.slow  # about 1 s a case: a figure drawn, closed and collected
@pytest.mark.parametrize("make", [
    lambda p: sp.plot_cost(p),  # an axis label painted by an artist of its own, noted on its axis
    lambda p: sp.plot_pr(p, skew=0.001, ax=plt.subplots(figsize=(2.4, 2.0))[1]),  # a legend strip, its entries noted
    lambda p: sp.plot_pr(p, skew=0.01, ax=plt.subplots(1, 2, figsize=(5, 2.4))[1][0]),  # a shared figure legend
], ids=["painted-label", "strip", "shared"])
def test_a_closed_figure_is_freed_with_its_notes(make):
    pts = sp.datasets.example_classifiers(n=300, skew=0.1, random_state=0)
    fig = make(pts).figure_
    fig.canvas.draw()
    assert any(k.figure is fig for k in list(_notes._NOTES) if hasattr(k, "figure"))  # it has notes
    ref = weakref.ref(fig)
    plt.close(fig)
    del fig
    gc.collect()
    assert ref() is None
