"""A dashed line's legend sample shows two dashes, however short the sample (cost-04 of the figure review).

The threshold's cost and F lines are 2 pt wide with dashes of 4 and 2 widths: 8 pt on, 4 pt off.  A poster grid's
shared legend has samples of 1.8 x 6.7 pt = 12 pt: one dash and its gap, a short bar that does not read as dashed
("threshold 2").  The sample's dashes are shrunk until a dash, a gap and a dash fill it; the legend keeps its size.
"""

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.lines import Line2D

import skewplot as sp
from skewplot.plotting._compat import dash_pattern


def _dashed_samples(legend):
    """``(label, sample, its length in points)`` of every dashed Line2D sample of ``legend``."""
    length = legend.handlelength * legend.prop.get_size_in_points()
    out = []
    for handle, text in zip(legend.legend_handles, legend.get_texts(), strict=True):
        if isinstance(handle, Line2D) and dash_pattern(handle, scaled=True)[1]:
            out.append((text.get_text(), handle, length))
    return out


def _two_dashes(sample, length):
    seq = dash_pattern(sample, scaled=True)[1]
    return seq[0] + seq[1] + seq[2 % len(seq)] <= length + 1e-9


@pytest.mark.slow  # about 2 s: a 2x2 grid of cost panels under the poster theme
def test_a_grids_threshold_sample_shows_two_dashes():
    rng = np.random.default_rng(1)
    y, _ = sp.datasets.make_scores(5000, 0.01, random_state=rng)
    pts = {name: sp.operating_points(y, rng.normal(size=y.size) + sep * y)
           for name, sep in (("logistic", 2.6), ("gbm", 2.0))}
    with mpl.rc_context():
        sp.set_theme(context="poster", column="double")
        fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.6))
        for ax, skew in zip(axes.ravel(), (None, 1e-2, 1e-3, 1e-4), strict=True):
            sp.plot_cost(pts, skew=skew, threshold=2.0, ax=ax)
        fig.canvas.draw()
        (legend,) = fig.legends
        samples = {label: (sample, length) for label, sample, length in _dashed_samples(legend)}
        sample, length = samples["threshold 2"]
        assert length < 16  # 8 pt on, 4 pt off, 8 pt on did not fit: this is the case that read as a bar
        assert _two_dashes(sample, length), dash_pattern(sample, scaled=True)
        # the plotted lines keep their own dashes (8 pt on, 4 pt off); only the sample's are shorter
        marker = next(d for d in fig.axes[0].get_lines() if d.get_label() == "threshold 2")
        assert dash_pattern(marker, scaled=True)[1] == pytest.approx([8.0, 4.0])
        assert all(_two_dashes(s, n) for s, n in samples.values())
    plt.close(fig)


def test_the_explorers_threshold_sample_shows_two_dashes():
    pytest.importorskip("ipywidgets")
    from skewplot.widgets import explorer

    w = explorer(sp.datasets.example_classifiers(n=2000, skew=0.05, random_state=2), skew=0.01)
    w.figure.canvas.draw()
    length = w.legend_.handlelength * w.legend_.prop.get_size_in_points()
    # the threshold's entry: its mark and, beside it, the dashes of its cost and F lines (a tuple's samples)
    dashed = [h for h in w.legend_.findobj(Line2D) if h.get_linewidth() >= 2.0 and dash_pattern(h, scaled=True)[1]]
    assert dashed and all(_two_dashes(h, length) for h in dashed)
