"""Every P̄/P̃ closed form against mpmath quadrature, to 1e-9 relative, near skews 0 and 1.

The reference integrates the fixed-skew precision ``pi a / (pi a + (1 - pi) b)``
(and the curve areas built from it) with mpmath's tanh-sinh quadrature at 30
digits, starting from the exact binary values of the float arguments.  The grid
holds ranges touching 0 and 1, ranges of width 1e-12, ranges far below 1e-100
and fixed skews down to 1e-300.
"""

from __future__ import annotations

import mpmath as mp
import numpy as np
import pytest

import skewplot as sp
from skewplot.skew.ranges import uniform_precision

mp.mp.dps = 30
RTOL = 1e-9

RANGES = [
    (0.0, 1.0), (0.0, 0.5), (0.5, 1.0), (0.2, 0.3), (0.0, 1e-12), (0.0, 1e-20), (1e-250, 1e-200),
    (1e-12, 2e-12), (0.3, 0.3 + 1e-12), (1 - 1e-12, 1.0), (1 - 2e-12, 1 - 1e-12), (0.999, 1.0), (1e-300, 1e-3),
]
SKEWS = [1e-300, 1e-100, 1e-20, 1e-12, 1e-4, 0.01, 0.3, 0.5, 0.9, 1 - 1e-6, 1 - 1e-12, 1 - 1e-15]
POINTS = [(0.8, 0.2), (0.5, 0.5), (1e-8, 0.9), (0.9, 1e-8), (1.0, 1.0), (0.3, 0.0), (0.0, 0.3), (0.25, 0.75)]
# A small ROC polyline with a segment at FPR = 0, one leaving the origin, and one along TPR = 1.
CURVE = (np.array([0.0, 0.25, 0.5, 0.75, 1.0, 1.0]), np.array([0.0, 0.0, 0.1, 0.5, 0.8, 1.0]))


def close(value, ref, rtol=RTOL):
    ref = float(ref)
    return abs(float(value) - ref) <= rtol * abs(ref) + 1e-300


def mp_precision(a, b, p):
    a, b = mp.mpf(a), mp.mpf(b)
    if a == 0 and b == 0:
        return p
    den = p * a + (1 - p) * b
    if den == 0:  # p = 0 with b = 0 < a, or p = 1 with a = 0 < b: the limits
        return mp.mpf(1) if b == 0 else mp.mpf(0)
    return p * a / den


def mp_range_mean(f, lo, hi, weight=None):
    lo, hi = mp.mpf(lo), mp.mpf(hi)
    # Split where precision bends (near the ends) so tanh-sinh sees smooth pieces.
    pts = [lo, lo + (hi - lo) * mp.mpf("1e-6"), lo + (hi - lo) / 2, hi - (hi - lo) * mp.mpf("1e-6"), hi]
    if weight is None:
        return mp.quad(f, pts) / (hi - lo)
    return mp.quad(lambda p: f(p) * weight(p), pts) / mp.quad(weight, pts)


def mp_fixed_aucpr(tpr, fpr, p, dps=80):
    """Area under the continuous PR curve at skew p, segment by segment at ``dps`` digits.

    Along a ROC segment precision is ``(alpha + beta t) / (gamma + delta t)``, whose
    integral over t in [0, 1] is ``beta/delta + (alpha delta - beta gamma)/delta² ln(1 + delta/gamma)``
    (the textbook form; the library uses a rearranged one), times the recall gained.
    """
    with mp.workdps(dps):
        p = mp.mpf(p)
        total = mp.mpf(0)
        for i in range(len(tpr) - 1):
            a0, b0 = mp.mpf(tpr[i]), mp.mpf(fpr[i])
            da, db = mp.mpf(tpr[i + 1]) - a0, mp.mpf(fpr[i + 1]) - b0
            if da == 0:
                continue
            alpha, beta = p * a0, p * da
            gamma, delta = p * a0 + (1 - p) * b0, p * da + (1 - p) * db
            if gamma == 0:
                total += da * beta / delta
            else:
                total += da * (beta / delta + (alpha * delta - beta * gamma) / delta**2 * mp.log(1 + delta / gamma))
        return +total


_MIN_AUCPR = {}


def mp_min_aucpr(p):
    """Area under Boyd's minimum curve, by quadrature of the minimum precision over recall.

    Kept by skew and working precision: the range means of the uniform and the
    weighted tests integrate it at the same tanh-sinh nodes where their ranges
    are the same, and the fixed-skew tests take it at the same skews.
    """
    p = mp.mpf(p)
    if p == 0 or p == 1:
        return p
    key = (p, mp.mp.prec)
    if key not in _MIN_AUCPR:
        _MIN_AUCPR[key] = mp.quad(lambda r: p * r / (p * r + 1 - p), [0, 1])
    return _MIN_AUCPR[key]


@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    '0.8-0.2-0.999999999998-0.999999999999')
@pytest.mark.slow_cases('0.9-1e-08-0.0-0.5')  # 0.3 s or more, 2-worker run of 2026-12-01
@pytest.mark.parametrize("lo,hi", RANGES)
@pytest.mark.parametrize("a,b", POINTS)
def test_uniform_pbar_per_point(lo, hi, a, b):
    ref = mp_range_mean(lambda p: mp_precision(a, b, p), lo, hi)
    got = uniform_precision(a, b, lo, hi)
    assert 0.0 <= got <= 1.0
    assert close(got, ref), (got, ref)
    assert close(sp.SkewRange(lo, hi).precision(a, b), ref)


@pytest.mark.parametrize("lo,hi", RANGES)
def test_uniform_min_and_random_baselines(lo, hi):
    model = sp.SkewRange(lo, hi)
    for recall in (1e-9, 0.3, 1.0):
        ref = mp_range_mean(lambda p, r=recall: mp_precision(r, 1.0, p), lo, hi)
        got = model.min_precision(recall)
        assert 0.0 <= got <= 1.0 and close(got, ref), (recall, got, ref)
    # The random classifier (TPR = FPR) has precision pi' at every skew: its P̄ is the mean.
    ref = (mp.mpf(lo) + mp.mpf(hi)) / 2
    assert close(model.precision(0.4, 0.4), ref)
    assert close(model.mean, ref)


AREA_RANGES = [(0.0, 1.0), (0.0, 0.5), (0.2, 0.3), (0.0, 1e-12), (1e-250, 1e-200), (0.3, 0.3 + 1e-12),
               (1 - 1e-12, 1.0), (0.999, 1.0)]
assert set(AREA_RANGES) <= set(RANGES)


@pytest.mark.parametrize("lo,hi", RANGES)
@pytest.mark.slow_cases(
    "0.0-0.5", "0.0-1.0", "0.2-0.3", "0.5-1.0", "0.999-1.0", "0.999999999998-0.999999999999", "0.999999999999-1.0",
)  # 1.4 s, 4.0 s, 0.7 s, 4.2 s, 5.6 s, 5.9 s, 6.4 s
@pytest.mark.slow_cases(  # loaded run 2026-11-29
    '0.0-1e-12',
    '0.3-0.30000000000099997',
    '1e-12-2e-12',
    '1e-300-0.001')
@pytest.mark.slow_cases('1e-250-1e-200')  # its area part was 0.5 s or more (loaded run 2026-11-29 12:50)
def test_uniform_min_area_and_area_and_normalised_area(lo, hi):
    """aucpr_min of the range; on AREA_RANGES also a curve's area and normalised area.

    Both take the range mean of the minimum area, a quadrature of a quadrature
    (nearly all of their time): one case computes it once for both (they were
    two tests, each computing it).  Every check runs, and a failure names the
    quantity.
    """
    amin = mp_range_mean(mp_min_aucpr, lo, hi)
    got = sp.aucpr_min((lo, hi))
    failed = [] if 0.0 <= got <= 1.0 and close(got, amin) else [("aucpr_min", got, amin)]
    if (lo, hi) in AREA_RANGES:
        pts = sp.OperatingPoints.from_rates(*CURVE, skew=0.5)
        ref = mp_range_mean(lambda p: mp_fixed_aucpr(*CURVE, p), lo, hi)
        got = sp.aucpr(pts, skew=(lo, hi))
        if not (0.0 <= got <= 1.0 and close(got, ref)):
            failed.append(("aucpr", got, ref))
        ref_n = (ref - amin) / (1 - amin)
        got_n = sp.aucpr(pts, skew=(lo, hi), normalize=True)
        if not (0.0 <= got_n <= 1.0 and close(got_n, ref_n, 1e-6)):
            failed.append(("aucpr normalize=True", got_n, ref_n))
    assert not failed, failed


@pytest.mark.parametrize("p", SKEWS)
def test_fixed_min_area_and_precision(p):
    ref = mp_min_aucpr(p)
    got = sp.aucpr_min(p)
    assert 0.0 <= got <= 1.0 and close(got, ref), (got, ref)
    for a, b in POINTS:
        if a == 0 and b == 0:
            continue
        got = sp.FixedSkew(p).precision(a, b)
        assert 0.0 <= got <= 1.0 and close(got, mp_precision(a, b, mp.mpf(p))), (a, b, got)


@pytest.mark.parametrize("p", SKEWS)
def test_fixed_area_and_normalised_area(p):
    pts = sp.OperatingPoints.from_rates(*CURVE, skew=0.5)
    ref = mp_fixed_aucpr(*CURVE, mp.mpf(p))
    got = sp.aucpr(pts, skew=p)
    assert close(got, ref), (got, ref)
    amin = mp_min_aucpr(p)
    ref_n = (ref - amin) / (1 - amin)
    got_n = sp.aucpr(pts, skew=p, normalize=True)
    assert 0.0 <= got_n <= 1.0
    assert close(got_n, ref_n, 1e-6 if p > 1 - 1e-12 else RTOL), (got_n, ref_n)


def _beta_weight(p):
    return p * (1 - p) ** 2


WEIGHTED = [(0.0, 1.0), (0.0, 0.01), (0.2, 0.3), (0.99, 1.0), (1e-12, 1e-6)]


@pytest.mark.slow_cases('1e-12-1e-06')  # 0.8 s at most (2026-11-29)
@pytest.mark.parametrize("lo,hi", WEIGHTED)
@pytest.mark.slow_cases("0.0-0.01", "0.0-1.0", "0.2-0.3", "0.99-1.0")  # 0.7 s, 3.0 s, 1.2 s, 3.3 s
def test_weighted_pbar_baselines_and_areas(lo, hi):
    model = sp.SkewRange(lo, hi, weight=lambda p: p * (1 - p) ** 2)
    w = _beta_weight
    for a, b in [(0.8, 0.2), (1e-8, 0.9), (0.9, 1e-8), (0.3, 0.0)]:
        ref = mp_range_mean(lambda p, a=a, b=b: mp_precision(a, b, p), lo, hi, w)
        got = model.precision(a, b)
        assert 0.0 <= got <= 1.0 and close(got, ref), (a, b, got, ref)
    ref = mp_range_mean(lambda p: mp_precision(0.5, 1.0, p), lo, hi, w)
    assert close(model.min_precision(0.5), ref)
    assert close(model.mean, mp_range_mean(lambda p: p, lo, hi, w))
    ref_min = mp_range_mean(mp_min_aucpr, lo, hi, w)
    assert close(model.aucpr_min(), ref_min)
    pts = sp.OperatingPoints.from_rates(*CURVE, skew=0.5)
    ref_area = mp_range_mean(lambda p: mp_fixed_aucpr(*CURVE, p), lo, hi, w)
    assert close(sp.aucpr(pts, skew=model), ref_area)
    got_n = sp.aucpr(pts, skew=model, normalize=True)
    assert 0.0 <= got_n <= 1.0 and close(got_n, (ref_area - ref_min) / (1 - ref_min), 1e-6)


def test_series_pbar_is_the_trapezoid_average():
    """P̃ of a sampled series: the trapezoid rule over the samples, each term exact."""
    values = [1e-300, 1e-12, 0.2, 0.5, 1 - 1e-12]
    model = sp.SkewSeries(values)
    for a, b in [(0.8, 0.2), (1e-8, 0.9), (0.3, 0.0)]:
        vals = [mp_precision(a, b, mp.mpf(v)) for v in values]
        ref = (sum(vals) - (vals[0] + vals[-1]) / 2) / (len(values) - 1)
        assert close(model.precision(a, b), ref)
    vals = [mp_min_aucpr(v) for v in values]
    assert close(model.aucpr_min(), (sum(vals) - (vals[0] + vals[-1]) / 2) / (len(values) - 1))


def _untied_curve_starting_with_a_negative():
    """Vertical ROC runs off the FPR = 0 axis: at tiny skews their whole area is the curvature term."""
    rng = np.random.default_rng(0)
    y = (rng.random(300) < 0.3).astype(int)
    s = rng.normal(size=300) + y
    y[np.argmax(s)] = 0
    return sp.operating_points(y, s)


@pytest.mark.parametrize("p", sorted(SKEWS + [1e-9, 1 - 1e-9]))
def test_aucpr_at_skews_at_extreme_skews(p):
    """The explorer's AUCPR-against-skew curve (corners + the segment closed form) against 400 digits."""
    from skewplot.metrics.auc import aucpr_at_skews

    for pts in (_untied_curve_starting_with_a_negative(), sp.OperatingPoints.from_rates(*CURVE, skew=0.5)):
        ref = mp_fixed_aucpr(pts.tpr, pts.fpr, p, dps=800)  # at 1e-300 the textbook form cancels 600 digits
        got = aucpr_at_skews(pts, [p])[0]
        assert close(got, ref), (p, got, float(ref))
        assert close(sp.aucpr(pts, skew=p), ref), (p, float(ref))


def _bound_curves():
    """An untied curve off the FPR = 0 axis, a tied one (diagonal segments) and a small one from rates."""
    rng = np.random.default_rng(3)
    y = (rng.random(400) < 0.2).astype(int)
    tied = sp.operating_points(y, np.round(rng.normal(size=400) + y, 1))
    return _untied_curve_starting_with_a_negative(), tied, sp.OperatingPoints.from_rates(*CURVE, skew=0.5)


@pytest.mark.parametrize("p", [1e-15, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3, 0.05, 0.5, 0.99, 1 - 1e-9])
def test_fast_aucpr_obeys_its_proven_bound(p):
    """The one-log form errs by <= FAST_AREA_ERR * R (+ the sum's rounding); kept where that is <= 1e-10 of A."""
    from skewplot.skew.one_log import FAST_AREA_ERR, FAST_AREA_RTOL, fast_aucpr_at_skews

    u = 2.0**-53
    for pts in _bound_curves():
        ref = float(mp_fixed_aucpr(pts.tpr, pts.fpr, p, dps=120))
        recall = float(pts.tpr[-1] - pts.tpr[0])
        summing = len(pts) * u * ref  # recursive summation of non-negative terms, the stable kernel's too
        raw = fast_aucpr_at_skews(pts.tpr, pts.fpr, np.array([p]), rtol=np.inf)[0]
        assert abs(raw - ref) <= FAST_AREA_ERR * recall + summing, (p, raw, ref)
        kept = fast_aucpr_at_skews(pts.tpr, pts.fpr, np.array([p]))[0]
        assert np.isnan(kept) or abs(kept - ref) <= FAST_AREA_RTOL * ref + summing, (p, kept, ref)
        assert np.isnan(kept) == (ref * FAST_AREA_RTOL < 0.99 * FAST_AREA_ERR * recall) or np.isclose(
            ref * FAST_AREA_RTOL, FAST_AREA_ERR * recall, rtol=0.02)


def test_fast_aucpr_needs_its_switch():
    """Without the switch to the stable kernel the one-log form is far off at tiny skews (what the switch is for)."""
    from skewplot.skew.one_log import fast_aucpr_at_skews

    pts = _untied_curve_starting_with_a_negative()
    p = 1e-12
    ref = float(mp_fixed_aucpr(pts.tpr, pts.fpr, p, dps=120))
    raw = fast_aucpr_at_skews(pts.tpr, pts.fpr, np.array([p]), rtol=np.inf)[0]
    assert abs(raw - ref) > 1e-6 * ref  # the cancellation is real
    assert np.isnan(fast_aucpr_at_skews(pts.tpr, pts.fpr, np.array([p]))[0])
