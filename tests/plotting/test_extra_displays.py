import numpy as np
import pytest
from scipy.stats import norm

import skewplot as sp


def test_skew_transform_lines_are_eq_3_and_update_moves_them():
    disp = sp.plot_skew_transform(0.5, [0.01, 0.3])
    x, y = disp.lines_["pi'=0.3"].get_data()
    # Independent: build rates that give precision x at skew 0.5, then precision at 0.3.
    tpr = np.full_like(x, 0.6)
    fpr = np.where(x > 0, tpr * (1 - x) / np.where(x > 0, x, 1), 1.0)
    inside = (fpr <= 1) & (x > 0)
    want = 0.3 * tpr / (0.3 * tpr + 0.7 * fpr)
    np.testing.assert_allclose(y[inside], want[inside], rtol=1e-12)
    np.testing.assert_allclose(disp.baselines_["identity"].get_ydata(), [0, 1])
    line = disp.lines_["pi'=0.3"]
    disp.update(from_skew=0.1)
    assert disp.lines_["pi'=0.3"] is line
    np.testing.assert_allclose(line.get_ydata(), sp.transform_precision(x, 0.1, 0.3))
    with pytest.raises(ValueError, match="from_skew"):
        disp.update(from_skew=1.0)
    with pytest.raises(ValueError, match="to_skews"):
        sp.plot_skew_transform(0.5, [0.0])


def test_ap_null_draws_exact_moments_and_observed():
    disp = sp.plot_ap_null(200, 20, observed=0.2, n_samples=3000, random_state=1)
    null = sp.stats.average_precision_null(200, 20)
    x, y = disp.lines_["density"].get_data()
    np.testing.assert_allclose(y, norm.pdf(x, null.mean, np.sqrt(null.var)))
    np.testing.assert_allclose(disp.lines_["observed"].get_xdata(), [0.2, 0.2])
    assert disp.pvalue_ == pytest.approx(null.pvalue(0.2))
    assert "p = " in disp.lines_["observed"].get_label()
    heights = np.array([p.get_height() for p in disp.histogram_])
    widths = np.array([p.get_width() for p in disp.histogram_])
    assert np.sum(heights * widths) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="observed"):
        sp.plot_ap_null(200, 20, observed=1.5)
