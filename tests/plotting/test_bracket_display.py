"""Binned scores are drawn as certified bands that hold the exact curve."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from matplotlib.path import Path  # noqa: E402

import skewplot as sp  # noqa: E402


@pytest.fixture
def tables():
    rng = np.random.default_rng(0)
    out = {}
    for name, shift in (("strong", 2.0), ("weak", 0.8)):
        y = (rng.random(4000) < 0.1).astype(int)
        out[name] = pd.DataFrame({"s": rng.normal(size=y.size) + shift * y, "y": y})
    return out


def _inside_band(band, x, y):
    """Share of the points (x, y) inside the band's polygon (edges count as inside)."""
    path = Path(band.get_xy())
    return np.mean(path.contains_points(np.column_stack((x, y)), radius=1e-9)
                   | path.contains_points(np.column_stack((x, y)), radius=-1e-9))


@pytest.mark.parametrize("skew", [None, 0.01, (0.01, 0.2)])
def test_pr_band_holds_the_exact_curve(tables, skew):
    df = tables["strong"]
    bounded = sp.operating_points_from(df, "s", "y", bins=40)
    exact = sp.operating_points(df.y, df.s)
    disp = sp.plot_pr(bounded, skew=skew)
    band = disp.bands_["classifier"]
    assert disp.brackets_["classifier"] == sp.aucpr(bounded, skew)
    assert sp.aucpr(exact, skew) in disp.brackets_["classifier"]
    # The exact curve's vertices lie in the band (a few sit exactly on its vertical edges).
    r, p = sp.pr_curve(exact, skew)
    assert _inside_band(band, r[1:], p[1:]) > 0.97
    assert "AUCPR in [" in band.get_label()
    plt.close("all")


def test_several_classifiers_and_roc(tables):
    bounded = {k: sp.operating_points_from(v, "s", "y", bins=30) for k, v in tables.items()}
    disp = sp.plot_roc(bounded)
    assert list(disp.bands_) == ["strong", "weak"]
    for name, df in tables.items():
        assert sp.roc_auc(sp.operating_points(df.y, df.s)) in disp.brackets_[name]
    assert disp.bands_["strong"].get_facecolor()[:3] != pytest.approx(disp.bands_["weak"].get_facecolor()[:3])
    disp = sp.plot_integrated_pr(bounded, skew_range=(0.01, 0.3))
    assert list(disp.bands_) == ["strong", "weak"]
    plt.close("all")


def test_bad_space_and_mixed_inputs_are_refused(tables):
    from skewplot.plotting.bracket import plot_bracket

    bounded = sp.operating_points_from(tables["weak"], "s", "y", bins=10)
    with pytest.raises(ValueError, match="space must be one of"):
        plot_bracket(bounded, space="cost")
    with pytest.raises(TypeError, match="BoundedOperatingPoints"):
        plot_bracket({"a": bounded, "b": sp.operating_points(tables["weak"].y, tables["weak"].s)})
