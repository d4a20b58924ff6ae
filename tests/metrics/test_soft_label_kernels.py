"""Soft labels without ties: the one-pass kernels (counts, continuous AUCPR, AP) against independent computations.

Every untied soft-labelled point weighs 1 in all, so point ``k`` counts ``k``
and the negatives are ``k - tp[k]`` (``counting.Remainder``); the areas at the
data set's own skew then have kernels of their own
(``skew.one_log.unit_weight_areas``: the continuous area and AP in one pass).  They
are checked against the general one-log integral in 60-digit mpmath, against
the stable per-segment kernel on the same points stored as plain arrays, and
against scikit-learn's AP on the data doubled into weighted hard labels.
"""

from __future__ import annotations

import mpmath as mp
import numpy as np
import pytest

import skewplot as sp
from skewplot._config import HALVES_MIN as _HALVES_MIN
from skewplot.metrics._sorting import sorted_and_order
from skewplot.metrics.counting import _GATHER, _REMAINDER_MAX, Remainder, _gathered_cumsum
from skewplot.skew.one_log import FAST_AREA_ERR, FAST_AREA_RTOL, unit_weight_areas

U = 2.0**-53


def soft_curve(kind, n, seed=0):
    """Scores and soft labels of a few shapes: uniform, mostly tiny, near 0/1 with exact 0 and 1, tiny area."""
    rng = np.random.default_rng(seed)
    s = rng.normal(size=n)
    if kind == "uniform":
        p = rng.random(n)
    elif kind == "tiny":
        p = rng.random(n) ** 8
    elif kind == "ends":
        p = np.where(rng.random(n) < 0.5, rng.random(n) * 1e-9, 1 - rng.random(n) * 1e-9)
        p[::7], p[3::11] = 0.0, 1.0
    elif kind == "scarce":  # positives of weight about 1e-6 each: the area is below the bound's reach
        p = rng.random(n) * 2e-6
    s = s + 2.0 * p  # positives score higher
    return s, p


def mp_area(tp):
    """The continuous area of the polyline (tp[k], k - tp[k]) from the general one-log integral, 60 digits.

    Per segment ``int_0^L (TP_A + s) / (D_A + (1 + c) s) ds = L / (1 + c) + (c TP_A - FP_A) ln(D_B / D_A) / (1 + c)^2``
    with ``c = dFP / dTP``; from the origin the precision is constant.
    """
    with mp.workdps(60):
        total = mp.mpf(0)
        t = [mp.mpf(float(v)) for v in tp]
        for k in range(len(t) - 1):
            length = t[k + 1] - t[k]
            if length == 0:
                continue
            f_a, f_b = k - t[k], (k + 1) - t[k + 1]
            if k == 0:
                total += length * length / (length + f_b)
                continue
            c = (f_b - f_a) / length
            total += length / (1 + c) + (c * t[k] - f_a) * mp.log(mp.mpf(k + 1) / k) / (1 + c) ** 2
        return total / t[-1]


def test_mp_reference_against_quadrature():
    """The reference itself against tanh-sinh quadrature of precision over recall, on a short curve."""
    _, p = soft_curve("uniform", 6, seed=5)
    tp = np.concatenate(([0.0], np.cumsum(p)))
    with mp.workdps(30):
        quad = mp.mpf(0)
        for k in range(6):
            t0, length = mp.mpf(float(tp[k])), mp.mpf(float(tp[k + 1])) - mp.mpf(float(tp[k]))
            if length:
                quad += mp.quad(lambda s: (t0 + length * s) / (k + s) if k else length, [0, 1]) * length
        quad /= mp.mpf(float(tp[-1]))
        assert abs(quad - mp_area(tp)) < mp.mpf(10) ** -25


@pytest.mark.slow_cases('ends', 'scarce', 'uniform')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("kind", ["uniform", "tiny", "ends", "scarce"])
def test_unit_weight_area_obeys_its_bound(kind):
    """Error <= FAST_AREA_ERR (R = 1) plus the sum's rounding; kept exactly where that is <= rtol of the area."""
    _, p = soft_curve(kind, 3000)
    tp = np.concatenate(([0.0], np.cumsum(p)))
    ref = float(mp_area(tp))
    summing = tp.size * U * ref
    raw = unit_weight_areas(tp, rtol=np.inf)[0]
    assert abs(raw - ref) <= FAST_AREA_ERR + summing, (raw, ref)
    kept = unit_weight_areas(tp)[0]
    assert np.isnan(kept) == (raw * FAST_AREA_RTOL < FAST_AREA_ERR)
    assert np.isnan(kept) == (kind == "scarce")  # area ~1e-6: the bound is too large against it
    if not np.isnan(kept):
        assert abs(kept - ref) <= FAST_AREA_RTOL * ref + summing


@pytest.mark.parametrize("scale", [1e-250, 1e-120])
def test_unit_weight_areas_refuse_underflowing_weights(scale):
    """Products of weights this small underflow (AP would be 0): both refuse, and the public areas are right."""
    assert np.all(np.isnan(unit_weight_areas(np.array([0.0, 1.0, 2.0]) * scale)))
    assert unit_weight_areas(np.array([0.0, 0.4])) == pytest.approx((0.4, 0.4), rel=1e-15)  # one point: 0.4
    pts = sp.OperatingPoints.from_weights([3.0, 2.0, 1.0], np.array([1.0, 1.0, 0.0]) * scale)
    assert isinstance(pts._fp, Remainder)
    # Each point weighs 1 in all: precision is tp[k] / k = scale all along (the third point adds no recall).
    assert sp.average_precision(pts) == pytest.approx(scale, rel=1e-15)
    assert sp.aucpr(pts) == pytest.approx(scale, rel=1e-15)


def _arrays(pts):
    """The same points with plain-array counts: the general (stable) path of every area."""
    plain = sp.OperatingPoints.from_counts(np.array(pts.tp), np.array(pts.fp), pts.n_pos, pts.n_neg)
    assert not isinstance(plain._fp, Remainder)
    return plain


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    '8193-ends',
    '8193-scarce',
    '8193-tiny',
    '8193-uniform')
@pytest.mark.parametrize("kind", ["uniform", "tiny", "ends", "scarce"])
@pytest.mark.parametrize("n", [1, 2, 8193, pytest.param(16386, marks=pytest.mark.slow)])  # 16386: 0.6-1.0 s per kind
def test_soft_label_areas_equal_the_general_path(kind, n):
    s, p = soft_curve(kind, n, seed=n)
    if n == 1:
        p = np.array([0.3])
    pts = sp.OperatingPoints.from_weights(s, p)
    assert isinstance(pts._fp, Remainder)
    plain = _arrays(pts)
    for fast, slow in ((sp.aucpr(pts), sp.aucpr(plain)), (sp.average_precision(pts), sp.average_precision(plain))):
        assert fast == pytest.approx(slow, rel=1e-13, abs=1e-300)
    if n > 2:
        ref = float(mp_area(np.asarray(pts.tp)))
        assert sp.aucpr(pts) == pytest.approx(ref, rel=1e-12)
    # Other skews and skew models take the general path; they agree too.
    for skew in (0.2, (0.1, 0.4)):
        assert sp.aucpr(pts, skew=skew) == pytest.approx(sp.aucpr(plain, skew=skew), rel=1e-12)


@pytest.mark.slow_cases('tiny')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("kind", ["uniform", "ends", "tiny"])
def test_soft_label_ap_against_scikit_learn_and_exact(kind):
    """Within 20 u of the AP of exactly summed weights; any gap to scikit-learn is scikit-learn's own rounding.

    scikit-learn takes each point twice (weights p and 1 - p) and sums the two
    classes' weights one by one; its precision carries both sums' rounding.
    """
    import math

    from sklearn.metrics import average_precision_score

    s, p = soft_curve(kind, 20000, seed=1)
    taken = p[np.argsort(-s)]
    exact_t = np.array(list(_running_fsum(taken)))
    ref = math.fsum(taken * exact_t / np.arange(1, p.size + 1)) / exact_t[-1]
    got = sp.average_precision(sp.OperatingPoints.from_weights(s, p))
    y2 = np.r_[np.ones(p.size), np.zeros(p.size)]
    sk = average_precision_score(y2, np.r_[s, s], sample_weight=np.r_[p, 1 - p])
    assert abs(got - ref) <= 20 * U * ref, (got, ref)
    assert abs(got - sk) <= max(abs(sk - ref), 1e-15) + 20 * U * ref, (got, sk, ref)


@pytest.mark.parametrize("n", [1, 2, _GATHER - 1, _GATHER, _GATHER + 1, 2 * _GATHER + 2, _HALVES_MIN - 1,
                               _HALVES_MIN, pytest.param(40 * _GATHER + 3, marks=pytest.mark.slow)])  # the last: 0.8 s
@pytest.mark.slow_cases('131072')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('131071')  # loaded run 2026-11-29
def test_gathered_cumsum_is_accurate_and_non_decreasing(n):
    """Written into the memory of the order it reads, across slice boundaries and the halves; against exact sums.

    Two threads write exactly the sums one thread writes.
    """
    import math

    rng = np.random.default_rng(n)
    score, pw = rng.normal(size=n), rng.random(n)
    pw[::5] = 1.0
    _, order, spare, tied = sorted_and_order(score)
    assert not tied
    taken = pw[order]
    assert np.shares_memory(order, spare)
    again = np.array(spare)  # the same order, for the two-thread run
    got = _gathered_cumsum(pw, order, spare)
    assert got is spare and got[0] == 0.0 and np.all(np.diff(got) >= 0)
    assert np.array_equal(_gathered_cumsum(pw, again[1:].view(np.intp), again, n_threads=2), got)
    if n <= _GATHER:  # one slice: np.cumsum itself
        assert np.array_equal(got[1:], np.cumsum(taken))
    check = np.unique(np.r_[1:min(n, 50) + 1, np.linspace(1, n, 60).astype(int), [n]])
    exact = np.array([math.fsum(taken[:k]) for k in check])
    err = np.abs(got[check] - exact) / exact
    # One slice's additions and one per slice before (one more past the halves' cut): far below np.cumsum's
    # rounding over n additions.
    assert err.max() <= U * (2 * _GATHER ** 0.5 + 2 * (n / _GATHER + 2)), err.max()


def test_two_threads_give_the_one_thread_areas_bit_for_bit():
    """Past the size where the counts and both areas are cut in two halves, the thread count changes nothing."""
    s, p = soft_curve("uniform", 3 * _HALVES_MIN + 17, seed=3)
    got = {}
    for threads in (1, 2):
        old = sp.set_config(n_threads=threads)
        try:
            pts = sp.OperatingPoints.from_weights(s, p)
            got[threads] = (np.array(pts.tp), sp.aucpr(pts), sp.average_precision(pts))
        finally:
            sp.set_config(**old)
    assert np.array_equal(got[1][0], got[2][0])
    assert got[1][1:] == got[2][1:]
    plain = _arrays(pts)  # the general (stable) path on the same counts
    assert got[1][1] == pytest.approx(sp.aucpr(plain), rel=1e-13)
    assert got[1][2] == pytest.approx(sp.average_precision(plain), rel=1e-13)


def test_weight_one_rounding_up_across_a_power_of_two_keeps_negatives_non_decreasing():
    """1 - 2**-53 then 1: the sum 2 - 2**-53 rounds up to 2, so k - tp[k] would fall by 2**-53."""
    p = np.array([1 - 2.0**-53, 1.0, 0.5, 1.0])
    pts = sp.OperatingPoints.from_weights([4.0, 3.0, 2.0, 1.0], p)
    from fractions import Fraction

    t1, t2 = Fraction(pts.tp[1]), Fraction(pts.tp[2])
    assert t2 - t1 > 1 and 2 - t2 < 1 - t1  # the rounding this guards against happens: k - tp[k] falls
    assert np.all(np.diff(pts.fp) >= 0) and pts._fp.at(np.array([1, 2])).tolist() == pts.fp[1:3].tolist()
    plain = sp.OperatingPoints.from_counts(pts.tp, pts.fp, pts.n_pos, pts.n_neg)  # a valid round trip
    assert sp.aucpr(pts) == pytest.approx(sp.aucpr(plain), rel=1e-15)
    assert sp.average_precision(pts) == pytest.approx(sp.average_precision(plain), rel=1e-15)


@pytest.mark.slow  # loaded run 2026-11-29
def test_soft_label_ap_is_closer_to_exact_than_one_cumsum():
    """AP against the exactly rounded running sums: the sliced sums keep it within a few units of 1e-16."""
    import math

    n = 300_000
    s, p = soft_curve("uniform", n, seed=7)
    order = np.argsort(-s)
    taken = p[order]
    exact_t = np.array(list(_running_fsum(taken)))
    ref = math.fsum(taken * exact_t / np.arange(1, n + 1)) / exact_t[-1]
    got = sp.average_precision(sp.OperatingPoints.from_weights(s, p))
    assert abs(got - ref) <= 20 * U * ref, (got, ref)


def _running_fsum(values):
    """Exactly rounded running sums (Shewchuk partials, as math.fsum), one by one."""
    import math

    partials = []
    for x in values:
        i = 0
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            hi = x + y
            lo = y - (hi - x)
            if lo:
                partials[i] = lo
                i += 1
            x = hi
        partials[i:] = [x]
        yield math.fsum(partials)


def test_soft_counts_stay_lazy_and_read_right():
    s, p = soft_curve("uniform", 5000)
    p = p * _REMAINDER_MAX  # below it k - tp[k] does not cancel: the negatives stay lazy
    pts = sp.OperatingPoints.from_weights(s, p)
    sp.aucpr(pts), sp.average_precision(pts)
    assert pts._fp._built is None  # the areas never built the negatives' array
    tp, fp = pts.tp, pts.fp
    assert np.array_equal(fp, np.arange(tp.size) - tp) and not fp.flags.writeable
    assert np.all(np.diff(fp) >= 0) and fp[0] == 0 and pts.n_neg == fp[-1]
    assert pts.n_pos + pts.n_neg == pytest.approx(5000, rel=1e-15)
    order = np.argsort(-s)
    assert np.allclose(fp[1:], np.cumsum(1 - p[order]), rtol=1e-12, atol=1e-9)
    assert pts.fp is fp  # built once
    part = pts._take(np.array([0, 10, 5000]))
    assert part.fp.tolist() == [0.0, fp[10], fp[5000]]


def _exact_rates(s, p):
    """Rates of the soft-labelled points in 80-digit arithmetic, from the labels as given (no ties in ``s``)."""
    order = np.argsort(-s, kind="stable")
    with mp.workdps(80):
        tp, fp = [mp.mpf(0)], [mp.mpf(0)]
        for x in p[order]:
            x = mp.mpf(float(x))
            tp.append(tp[-1] + x)
            fp.append(fp[-1] + (1 - x))
        return [t / tp[-1] for t in tp], [f / fp[-1] for f in fp]


def _mpmath_reference():
    """tests/skew/test_closed_forms_mpmath.py, loaded by its path (it is not on sys.path when run alone)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[1] / "skew" / "test_closed_forms_mpmath.py"
    spec = importlib.util.spec_from_file_location("closed_forms_mpmath_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    '0.0001-ends',
    '0.5-at_switch',
    '0.5-near_one',
    '1e-09-at_switch',
    '1e-09-near_one')
@pytest.mark.parametrize("kind", ["ends", "near_one", "at_switch"])
@pytest.mark.parametrize("skew", [1e-9, 1e-4, 0.5])
def test_labels_near_one_keep_the_negatives_accurate(kind, skew):
    """Labels 1 - 1e-9 made k - tp[k] cancel: at skew 1e-9 the AUCPR was off by ~1e-7 (issue 30, class 8).

    Now the negatives are summed where a label exceeds ``_REMAINDER_MAX``,
    and every rate and area matches 80-digit arithmetic to the documented
    1e-10 (here far better); at the switch itself ``k - tp[k]`` is kept.
    """
    mp_fixed_aucpr = _mpmath_reference().mp_fixed_aucpr

    rng = np.random.default_rng(3)
    n = 1500
    if kind == "ends":
        s, p = soft_curve("ends", n, seed=2)
    else:
        top = 1 - rng.random(n) * 1e-9 if kind == "near_one" else np.full(n, _REMAINDER_MAX)
        p = np.where(rng.random(n) < 0.5, rng.random(n) * 1e-9, top)
        s = rng.normal(size=n) + 2.0 * p
    pts = sp.OperatingPoints.from_weights(s, p)
    assert isinstance(pts._fp, Remainder)
    assert (pts._fp._built is None) == (p.max() <= _REMAINDER_MAX)
    tpr, fpr = _exact_rates(s, p)
    exact_fpr = np.array([float(f) for f in fpr])
    assert np.allclose(pts.fpr, exact_fpr, rtol=1e-12, atol=0)
    ref = mp_fixed_aucpr(tpr, fpr, skew)
    assert abs(sp.aucpr(pts, skew=skew) - float(ref)) <= 1e-10 * float(ref)
    assert pts.n_neg == pytest.approx(float(np.sum(1 - p)), rel=1e-13)
