"""plot_prg draws what prg_curve computes, moves in place on update, and refuses what it cannot draw."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.plotting._display import decimation_indices  # noqa: E402


def _points(rate=0.01, n=20000, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < rate
    return sp.operating_points(y, rng.normal(size=n) + 2 * y)


def test_lines_are_the_curves_and_update_moves_them():
    pts = _points()
    disp = sp.plot_prg({"a": pts}, skew=0.01, hull=True)
    c = sp.prg_curve(pts, skew=0.01)
    x, y = disp.lines_["a"].get_data()
    # the curve's vertices the Axes can show (M4 per pixel column), the ends kept: far fewer than all
    keep = decimation_indices(c.recall_gain, c.precision_gain, disp._n_bins)
    assert keep[0] == 0 and keep[-1] == c.recall_gain.size - 1 and keep.size < c.recall_gain.size / 3
    np.testing.assert_array_equal(x, c.recall_gain[keep])
    np.testing.assert_array_equal(y, c.precision_gain[keep])
    assert disp.aucs_["a"] == sp.aucprg(pts, skew=0.01)  # the area of every vertex
    line = disp.lines_["a"]
    disp.update(skew=(0.001, 0.05))
    assert disp.lines_["a"] is line
    c = sp.prg_curve(pts, skew=(0.001, 0.05))
    np.testing.assert_array_equal(line.get_xdata(),
                                  c.recall_gain[decimation_indices(c.recall_gain, c.precision_gain, disp._n_bins)])
    assert "AUPRG" in line.get_label() and "at π′" in disp.ax_.get_xlabel()
    np.testing.assert_array_equal(disp.hulls_["a"].get_xdata(),
                                  sp.prg_curve(pts, skew=(0.001, 0.05), hull=True).recall_gain)


def test_rejected_update_leaves_the_display():
    pts = _points()
    disp = sp.plot_prg(pts, skew=0.01)
    before = disp.lines_["classifier"].get_xdata().copy()
    with pytest.raises(ValueError, match="skew"):
        disp.update(skew=sp.SkewSeries([0.5, 1.0]))
    assert disp.skew == 0.01
    np.testing.assert_array_equal(disp.lines_["classifier"].get_xdata(), before)


def test_folds_are_refused():
    pts = _points()
    with pytest.raises(TypeError, match="folds"):
        sp.plot_prg(folds=[pts, pts])
