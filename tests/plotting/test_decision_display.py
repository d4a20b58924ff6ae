"""plot_decision draws metrics.decide's objective band against the threshold."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.metrics.decide import objective_band  # noqa: E402


def test_lines_are_the_objective_and_the_marker_the_choice():
    rng = np.random.default_rng(1)
    y = rng.random(2000) < 0.05
    s = np.round(rng.normal(size=2000) + 2 * y, 2)
    pts = sp.operating_points(y, s)
    d = sp.choose_threshold(y, s, skew=(0.01, 0.1), target="fbeta", risk="worst")
    disp = sp.plot_decision(y, s, skew=(0.01, 0.1), target="fbeta", threshold=d)
    exp, lo, hi = objective_band(pts, sp.SkewRange(0.01, 0.1), "fbeta", f_alpha=0.5)
    x, v = disp.lines_["expected"].get_data()
    np.testing.assert_array_equal(x, pts.thresholds[1:][::-1])  # 2000 points: nothing decimated
    np.testing.assert_array_equal(v, exp[1:][::-1])
    (mx,), (my,) = disp.marker_.get_data()
    assert mx == d.threshold and my == pytest.approx(exp[d.index])
    assert np.all(lo <= exp + 1e-12) and np.all(exp <= hi + 1e-12)


def test_bad_arguments():
    y, s = [0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6]
    with pytest.raises(ValueError, match="target"):
        sp.plot_decision(y, s, skew=0.1, target="gain")
    with pytest.raises(ValueError, match="m"):
        sp.plot_decision(y, s, skew=0.1, m=2.0)
    with pytest.raises(TypeError, match="one classifier"):
        sp.plot_decision({"a": sp.operating_points(y, s), "b": sp.operating_points(y, s)}, skew=0.1)
