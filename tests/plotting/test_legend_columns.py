"""A legend's column count for a width: foretold from one trial legend, the same count bisection finds."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from skewplot.plotting.layout._legend_columns import _bisect, columns, foretold_widths  # noqa: E402

LABELS = ["logistic regression (AUCPR = 0.312)", "random forest", "gradient-boosted trees, 500 rounds, depth 6",
          "svm", "k-nearest neighbours\n(AUCPR = 0.0456)", "naive Bayes", "random (0.01)", "minimum achievable",
          "90 % pointwise bootstrap CI\n(percentile, 50 replicates)", "threshold 2", "π′ = 0.0001"]


@pytest.fixture
def axes():
    fig, ax = plt.subplots(figsize=(9, 4), dpi=100)
    handles = [ax.plot([0, 1], [k, k], label=label)[0] for k, label in enumerate(LABELS)]
    yield ax, handles, fig.canvas.get_renderer()
    plt.close(fig)


def _maker(ax, handles, n, fontsize, made):
    def make(ncol):
        made.append(ncol)
        return ax.legend(handles[:n], LABELS[:n], ncol=ncol, fontsize=fontsize, loc="upper center")

    return make


@pytest.mark.parametrize("fontsize", [7, 11, 16])
def test_the_widths_foretold_from_one_legend_are_those_of_every_column_count(axes, fontsize):
    ax, handles, renderer = axes
    n = len(LABELS)
    make = _maker(ax, handles, n, fontsize, [])
    trial = make(6)
    foretold = foretold_widths(trial, 6, n, renderer)
    trial.remove()
    drawn = []
    for k in range(1, n + 1):
        legend = make(k)
        drawn.append(legend.get_window_extent(renderer).width)
        legend.remove()
    np.testing.assert_allclose(foretold, drawn, rtol=0, atol=1e-6)


@pytest.mark.slow  # about 8 s: some 200 legends drawn
@pytest.mark.parametrize("n", [3, 5, 8, 11])
def test_the_count_is_the_one_bisection_finds_from_fewer_legends(axes, n):
    """Over widths from one column's to all of them (and each width a hair either side of a count's), the
    legend kept has the columns bisection gives it, is the Axes' legend, and fewer legends were drawn."""
    ax, handles, renderer = axes
    widths = []
    for k in range(1, n + 1):
        legend = _maker(ax, handles, n, 9, [])(k)
        w = legend.get_window_extent(renderer).width
        legend.remove()
        widths += [w - 1e-9, w + 1e-9]
    ours, theirs = 0, 0
    for width in [10.0, *widths]:
        made, made_bisect = [], []
        got = columns(_maker(ax, handles, n, 9, made), width, n, renderer)
        assert ax.get_legend() is got
        got.remove()
        want = _bisect(_maker(ax, handles, n, 9, made_bisect), width, renderer, n)
        want.remove()
        assert made[-1] == made_bisect[-1], width
        ours, theirs = ours + len(made), theirs + len(made_bisect)
    assert ours < theirs  # bisection: about log2(n) + 1 legends; here 1 to 3 (more at widths this close to a count)
