"""F_beta beside F_alpha (issue 21 item 2): exactly one of them, F1 checked against scikit-learn."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.metrics import f1_score, fbeta_score

import skewplot as sp


@pytest.fixture(scope="module")
def data():
    y, s = sp.datasets.make_scores(2000, 0.1, random_state=11)
    return y, np.round(s, 2)  # ties, as real scores have


@pytest.mark.slow  # 1.1 s
def test_best_f1_threshold_equals_scikit_learn(data):
    y, s = data
    pts = sp.operating_points(y, s)
    best = sp.best_threshold(pts, beta=1)
    assert best.value == pytest.approx(f1_score(y, s >= best.threshold), rel=1e-12)
    # and it is the best F1 over every threshold (brute force with scikit-learn)
    brute = max(f1_score(y, s >= t) for t in np.unique(s))
    assert best.value == pytest.approx(brute, rel=1e-12)
    assert sp.best_threshold(pts, f_alpha=0.5).threshold == best.threshold


@pytest.mark.parametrize("beta", [0.5, 2.0, 3.0])
def test_f_beta_equals_scikit_learn_and_alpha(data, beta):
    y, s = data
    pts = sp.operating_points(y, s)
    best = sp.best_threshold(pts, beta=beta)
    assert best.value == pytest.approx(fbeta_score(y, s >= best.threshold, beta=beta), rel=1e-12)
    alpha = 1 / (1 + beta**2)
    assert sp.best_threshold(pts, f_alpha=alpha).threshold == best.threshold
    np.testing.assert_allclose(sp.f_measure(pts, skew=0.01, beta=beta), sp.f_measure(pts, skew=0.01, f_alpha=alpha))
    np.testing.assert_allclose(sp.f_curves(pts, skews=[0.01, 0.3], beta=beta),
                               sp.f_curves(pts, skews=[0.01, 0.3], f_alpha=alpha))
    np.testing.assert_allclose(sp.f_envelope(pts, skews=[0.01, 0.3], beta=beta)[0],
                               sp.f_envelope(pts, skews=[0.01, 0.3], f_alpha=alpha)[0])
    assert sp.f_always_positive(0.02, beta=beta) == pytest.approx(sp.f_always_positive(0.02, f_alpha=alpha))
    assert sp.f_max_bound(0.02, 0.1, beta=beta) == pytest.approx(sp.f_max_bound(0.02, 0.1, f_alpha=alpha))


def test_exactly_one_weight(data):
    pts = sp.operating_points(*data)
    with pytest.raises(TypeError, match="f_alpha or beta, not both"):
        sp.f_measure(pts, skew=0.1, f_alpha=0.5, beta=1)
    with pytest.raises(TypeError, match=r"exactly one of beta or f_alpha .* or m .*; got beta, m"):
        sp.best_threshold(pts, skew=0.1, beta=1, m=0.5)
    with pytest.raises(TypeError, match="got none"):
        sp.best_threshold(pts, skew=0.1)
    with pytest.raises(ValueError, match="beta"):
        sp.f_measure(pts, skew=0.1, beta=-1)
    with pytest.raises(TypeError, match="not both"):
        sp.plot_fmeasure(pts, f_alpha=0.2, beta=2)


@pytest.mark.slow  # 0.5 s
def test_f_space_names_the_measure(data):
    pts = sp.operating_points(*data)
    assert sp.plot_fmeasure(pts).ax_.get_ylabel().startswith("F-measure F1")
    two = sp.plot_fmeasure(pts, beta=2)
    assert two.ax_.get_ylabel().startswith("F-measure F2 (β=2")
    assert two.f_alpha == pytest.approx(0.2)
    ref = sp.plot_fmeasure(pts, f_alpha=0.2)
    for a, b in zip(two.lines_.values(), ref.lines_.values(), strict=True):
        np.testing.assert_allclose(a.get_xydata(), b.get_xydata())
    two.update(f_alpha=0.7)
    assert "α=0.7" in two.ax_.get_ylabel() and "beta" not in two.ax_.get_ylabel()
    two.update(beta=1)
    assert two.f_alpha == 0.5 and two.ax_.get_ylabel().startswith("F-measure F1")
    plt.close("all")


@pytest.mark.slow  # 1.8 s
def test_widgets_take_beta(data):
    pytest.importorskip("ipywidgets")
    from skewplot.widgets import explorer, interactive_fmeasure

    pts = sp.operating_points(*data)
    w = interactive_fmeasure(pts, beta=2, skew=0.05)
    assert w.controls["f_alpha"].value == pytest.approx(0.2)
    assert "F2 (" in w.displays["fmeasure"].ax_.get_ylabel()
    w.controls["skew"].value = 0.02  # a skew step keeps the name F2
    assert "F2 (" in w.displays["fmeasure"].ax_.get_ylabel()
    e = explorer(pts, beta=3)
    assert e.displays["fmeasure"].f_alpha == pytest.approx(0.1)
    plt.close("all")
