"""Every metric under every skew model: precision, pr_curve, aucpr (+normalize), baselines."""

import warnings

import numpy as np
import pytest
import scipy.stats as st
from hypothesis import given, settings
from hypothesis import strategies as hs
from scipy.integrate import quad, trapezoid

import skewplot as sp
from skewplot.metrics.auc import continuous_segment_area
from skewplot.skew import SkewRange, SkewSeries

from conftest import random_scores


def fixed_auc(pts, p):
    """Continuous AUCPR at one skew, from the foundation's per-segment formula."""
    if p <= 0:
        return float(np.max(np.where(pts.fpr == 0, pts.tpr, 0.0)))
    if p >= 1:
        return 1.0
    return float(continuous_segment_area(pts.tpr, pts.fpr, p).sum())


def quad_over_skews(pts, lo, hi):
    brk = [lo + (hi - lo) * f for f in (1e-9, 1e-6, 1e-3, 1e-1)] + [hi - (hi - lo) * 1e-6]
    val = quad(lambda p: fixed_auc(pts, p), lo, hi, points=brk, limit=500, epsabs=1e-15, epsrel=1e-13)[0]
    return val / (hi - lo)


def quad_over_recall(pts, model):
    """Area under the P̄-R curve: P̄ integrated over recall along each ROC segment."""
    total = 0.0
    for i in range(len(pts) - 1):
        a0, b0 = pts.tpr[i], pts.fpr[i]
        da, db = pts.tpr[i + 1] - a0, pts.fpr[i + 1] - b0
        if da <= 0:
            continue
        if a0 == 0 and b0 == 0:  # constant along the ray from the origin
            total += da * float(model.precision(da, db))
            continue
        total += quad(lambda t: float(model.precision(a0 + t * da, b0 + t * db)), 0, 1,
                      epsabs=1e-15, epsrel=1e-13, limit=200)[0] * da
    return total


def curves(rng):
    y, s = random_scores(rng, 400)
    w = rng.uniform(0.2, 3.0, size=y.size)
    yield sp.operating_points(y, s, sample_weight=w)
    yield sp.operating_points(y, s)
    # points on both axes: FPR = 0 with recall, TPR = 0 with false positives
    yield sp.OperatingPoints.from_rates([0.3, 0.3, 0.7], [0.0, 0.4, 0.6])
    yield sp.OperatingPoints.from_rates([0.0, 0.5], [0.3, 0.5])


@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    '0.0-0.5',
    '0.3-0.5',
    '0.5-1.0',
    '0.6-0.9')
@pytest.mark.slow_cases('0.0-1.0')  # loaded run 2026-11-29
@pytest.mark.parametrize("lo, hi", [(0.0, 0.5), (0.0, 1.0), (0.3, 0.5), (0.6, 0.9), (0.5, 1.0), (1e-4, 0.2)])
def test_integrated_aucpr_is_exact(rng, lo, hi):
    for pts in curves(rng):
        got = sp.aucpr(pts, skew=(lo, hi))
        assert got == pytest.approx(quad_over_skews(pts, lo, hi), rel=1e-10)
        assert got == pytest.approx(quad_over_recall(pts, SkewRange(lo, hi)), rel=1e-10)


@pytest.mark.slow  # loaded run 2026-11-29
def test_weighted_and_series_aucpr_match_quadrature(rng):
    dist = st.norm(0.129, 0.035)
    model = SkewRange(0.0, 1.0, weight=dist)
    mass = dist.cdf(1) - dist.cdf(0)
    f = lambda t: np.minimum(1.0, 2.0 ** np.asarray(t) / 1e4)  # noqa: E731
    series = SkewSeries.from_function(f, t_end=20.0)
    kink = np.log2(1e4)
    for pts in curves(rng):
        ref = quad(lambda p: dist.pdf(p) * fixed_auc(pts, p), 0, 1, points=[1e-6, 1e-3, 0.129],
                   epsabs=1e-15, limit=300)[0] / mass
        assert sp.aucpr(pts, skew=model) == pytest.approx(ref, rel=1e-10)
        ref = quad(lambda t: fixed_auc(pts, float(f(t))), 0, 20, points=[kink], epsabs=1e-15, limit=300)[0] / 20
        assert sp.aucpr(pts, skew=series) == pytest.approx(ref, rel=1e-10)


def test_series_aucpr_is_the_trapezoid_of_fixed_aucprs(rng):
    y, s = random_scores(rng, 200)
    pts = sp.operating_points(y, s)
    vals, times = np.array([0.0, 0.1, 0.3, 1.0, 0.05]), np.array([0.0, 1.0, 1.5, 4.0, 6.0])
    want = trapezoid([fixed_auc(pts, v) for v in vals], times) / 6.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sp.aucpr(pts, skew=SkewSeries(vals, times)) == pytest.approx(want, rel=1e-13)


@pytest.mark.parametrize("skew", [(0.0, 0.5), SkewRange(0.0, 1.0, weight=st.beta(2, 8)), SkewSeries([0.0, 0.2, 1.0])])
def test_normalize_uses_the_models_minimum(rng, skew):
    y, s = random_scores(rng, 300)
    pts = sp.operating_points(y, s)
    auc, lo = sp.aucpr(pts, skew=skew), sp.aucpr_min(skew)
    assert sp.aucpr(pts, skew=skew, normalize=True) == pytest.approx((auc - lo) / (1 - lo), rel=1e-13)
    worst = sp.OperatingPoints.from_rates([0.0], [1.0])
    assert sp.aucpr(worst, skew=skew, normalize=True) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("interpolation", ["step", "trapezoid"])
def test_linear_schemes_average_the_fixed_skew_values(rng, interpolation):
    y, s = random_scores(rng, 150)
    pts = sp.operating_points(y, s)
    ref = quad(lambda p: sp.aucpr(pts, skew=p, interpolation=interpolation), 0.1, 0.4, epsabs=1e-14)[0] / 0.3
    assert sp.aucpr(pts, skew=(0.1, 0.4), interpolation=interpolation) == pytest.approx(ref, rel=1e-10)


def test_discrete_scheme_under_a_range_averages_fixed_skews():
    pts = sp.operating_points([0, 1, 1, 0, 1, 0], [0.1, 0.9, 0.6, 0.6, 0.3, 0.2])
    got = sp.aucpr(pts, skew=SkewSeries([0.2, 0.4]), interpolation="discrete-tp")
    want = 0.5 * (sp.aucpr(pts, skew=0.2, interpolation="discrete-tp")
                  + sp.aucpr(pts, skew=0.4, interpolation="discrete-tp"))
    assert got == pytest.approx(want, rel=1e-13)


@pytest.mark.parametrize(
    "skew",
    [0.05, (0.0, 0.5), SkewRange(0.0, 1.0, weight=st.norm(0.129, 0.035)), SkewSeries([0.0, 0.3, 1.0], [0, 1, 5])],
)
def test_pr_curve_follows_the_model(rng, skew):
    y, s = random_scores(rng, 120)
    pts = sp.operating_points(y, s)
    model = sp.as_skew(skew)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r, p = sp.pr_curve(pts, skew=skew)
        prec = sp.precision(pts, skew=skew)
    assert r[0] == 0 and r[-1] == 1 and np.all(np.diff(r) >= 0)
    assert np.all((p >= 0) & (p <= 1))
    # every drawn vertex lies on the model's curve; the operating points are among them
    assert np.isin(pts.tpr, r).all()
    assert p[-1] == pytest.approx(model.mean, rel=1e-12)
    assert prec[-1] == pytest.approx(model.mean, rel=1e-12)
    # area under the drawn polyline approaches the exact area
    assert trapezoid(p, r) == pytest.approx(sp.aucpr(pts, skew=skew), abs=2e-3)


@pytest.mark.parametrize(
    "skew, at_zero_recall",
    # At recall 0 the minimum precision is 0 for every skew below 1 and 1 at skew 1
    # (a quarter of the trapezoid weight of the series sits there).
    [((0.0, 0.5), 0.0), (SkewRange(0.1, 0.9, weight=lambda p: p), 0.0), (SkewSeries([0.0, 0.5, 1.0]), 0.25)],
)
def test_baselines_for_every_model(skew, at_zero_recall):
    model = sp.as_skew(skew)
    recall = np.linspace(0, 1, 11)
    mins = sp.min_precision(recall, skew)
    assert mins[0] == pytest.approx(at_zero_recall, abs=1e-15)
    assert mins[-1] == pytest.approx(model.mean, rel=1e-12)  # FPR = TPR = 1: the random level
    assert np.all(np.diff(mins) >= -1e-15)
    # area under the minimum curve, against quadrature over recall
    ref = quad(lambda r: float(sp.min_precision(r, skew)), 0, 1, epsabs=1e-13, limit=200)[0]
    assert sp.aucpr_min(skew) == pytest.approx(ref, rel=1e-9)
    assert sp.random_precision(skew) == pytest.approx(model.mean, rel=1e-15)


@settings(max_examples=500, deadline=None)
@given(hs.lists(hs.tuples(hs.floats(0, 1), hs.floats(0, 1)), min_size=1, max_size=6),
       hs.floats(0.0, 0.6), hs.floats(0.05, 0.4))
@pytest.mark.slow  # 1.2 s
def test_integrated_curve_stays_in_the_unit_square_and_above_its_minimum(raw, lo, width):
    tpr = np.sort([a for a, _ in raw])
    fpr = np.sort([b for _, b in raw])
    pts = sp.OperatingPoints.from_rates(tpr, fpr)
    model = SkewRange(lo, lo + width)
    p = sp.precision(pts, skew=model)
    assert np.all((p >= 0) & (p <= 1))
    assert np.all(p >= model.min_precision(pts.tpr) - 1e-12)
    auc = sp.aucpr(pts, skew=model)
    assert model.aucpr_min() - 1e-12 <= auc <= 1.0 + 1e-12


def test_subnormal_rates_and_range_end_give_no_overflow():
    # Found by hypothesis: FPR 8e-323 with a range starting at 5e-324 overflowed a / b.
    pts = sp.OperatingPoints.from_rates([0.0625, 1.0], [8e-323, 1.0])
    p = sp.precision(pts, skew=sp.SkewRange(5e-324, 0.3))
    assert np.all(np.isfinite(p)) and np.all((p >= 0) & (p <= 1))
