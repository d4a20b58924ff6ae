"""Landgrebe et al.: AUPREC [LG Eq 4], IAUPREC [LG Eq 5], the P-ROC surface."""

import numpy as np
import pytest
from scipy.integrate import quad

import skewplot as sp

from conftest import random_scores


def eq4(tpr, fpr, lam):
    """[LG Eq 4] written out: trapezoid of TPR / (TPR + lambda FPR) over TPR."""
    with np.errstate(invalid="ignore"):
        prec = tpr / (tpr + lam * fpr)
    prec[0] = prec[1]  # the empty prediction: the limit along the first segment
    return float(np.sum(np.diff(tpr) * 0.5 * (prec[1:] + prec[:-1])))


@pytest.fixture
def pts(rng):
    y, s = random_scores(rng, 300)
    return sp.operating_points(y, s)


@pytest.mark.parametrize("lam", [1.0, 9.0, 99.0, 0.25])
def test_auprec_is_equation_4(pts, lam):
    assert sp.auprec(pts, ratio=lam) == pytest.approx(eq4(pts.tpr, pts.fpr, lam), rel=1e-13)
    assert sp.auprec(pts, ratio=lam, interpolation="continuous") == pytest.approx(sp.aucpr(pts, skew=1 / (1 + lam)),
                                                                             rel=1e-15)


@pytest.mark.parametrize("lo, hi", [(1.0, 100.0), (0.0, 3.0), (4.0, 19.0)])
def test_iauprec_is_equation_5_normalised(pts, lo, hi):
    ref = quad(lambda lam: eq4(pts.tpr, pts.fpr, lam), lo, hi, epsabs=1e-14, epsrel=1e-12, limit=200)[0] / (hi - lo)
    assert sp.iauprec(pts, ratio_range=(lo, hi)) == pytest.approx(ref, rel=1e-10)
    # the same through the skew model: weight 1 / pi'^2 on pi' = 1 / (1 + lambda) [L Eq 6]
    model = sp.SkewRange(1 / (1 + hi), 1 / (1 + lo), weight=lambda p: p**-2.0)
    assert sp.aucpr(pts, skew=model, interpolation="trapezoid") == pytest.approx(ref, rel=1e-10)
    cont = quad(lambda lam: sp.aucpr(pts, skew=1 / (1 + lam)), lo, hi, epsabs=1e-14, epsrel=1e-12,
                limit=200)[0] / (hi - lo)
    assert sp.iauprec(pts, ratio_range=(lo, hi), interpolation="continuous") == pytest.approx(cont, rel=1e-10)


def test_iauprec_of_a_point_on_the_axes():
    on_axis = sp.OperatingPoints.from_rates([0.5, 0.5], [0.0, 0.3])  # FPR = 0 up to recall .5
    ref = quad(lambda lam: eq4(on_axis.tpr, on_axis.fpr, lam), 0.0, 10.0, epsabs=1e-14)[0] / 10
    assert sp.iauprec(on_axis, ratio_range=(0.0, 10.0)) == pytest.approx(ref, rel=1e-12)


def test_pr_surface_is_precision_at_each_skew(pts):
    skews = np.array([0.0, 0.01, 0.5, 0.9, 1.0])
    recall, s, prec = sp.pr_surface(pts, skews=skews)
    assert prec.shape == (5, len(pts)) and np.all((prec >= 0) & (prec <= 1))
    np.testing.assert_array_equal(recall, pts.tpr)
    for row, p in zip(prec[1:-1], skews[1:-1], strict=True):
        np.testing.assert_allclose(row, sp.precision(pts, skew=p), rtol=1e-15)
    # the ends take their limits: 0 except where FPR = 0 at skew 0, 1 where TPR > 0 at skew 1
    assert np.all(prec[0][pts.fpr > 0] == 0) and np.all(prec[-1][pts.tpr > 0] == 1)
    r, s, default = sp.pr_surface(pts)
    assert default.shape == (51, len(pts)) and s[0] == 0 and s[-1] == 1


@pytest.mark.parametrize(
    "call, exc, match",
    [
        (lambda p: sp.auprec(p, ratio=0.0), ValueError, "ratio"),
        (lambda p: sp.auprec(p, ratio=-1.0), ValueError, "ratio"),
        (lambda p: sp.auprec([0.1], 1.0), TypeError, "needs ratio="),  # labels first: 1.0 is y_score
        (lambda p: sp.iauprec(p, ratio_range=(5.0, 1.0)), ValueError, "ratio_range"),
        (lambda p: sp.iauprec(p, ratio_range=(-1.0, 1.0)), ValueError, "ratio_range"),
        (lambda p: sp.iauprec(p, ratio_range=3.0), TypeError, "ratio_range"),
        (lambda p: sp.iauprec(p, ratio_range=(1.0, 2.0), interpolation="x"), ValueError, "interpolation"),
        (lambda p: sp.pr_surface(p, skews=[0.5, 1.5]), ValueError, "skews"),
        (lambda p: sp.pr_surface(p, skews=[[0.5]]), ValueError, "skews"),
    ],
)
def test_bad_input_names_the_argument(pts, call, exc, match):
    with pytest.raises(exc, match=match):
        call(pts)
