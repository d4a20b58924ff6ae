"""Binned operating points: the bracket always holds the exact area.

The exact curve is computed from the unbinned rows with
``operating_points``; the bracket from the bins alone.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skewplot as sp
from skewplot.metrics.bounded import BoundedOperatingPoints, Bracket

SKEWS = [None, 1e-6, 0.01, 0.5, 0.999, (0.05, 0.3), (0.0, 1.0)]


def _binned(score, y, w, n_bins):
    """Equal-width bins of the rows, as an engine would return them."""
    edges = np.linspace(score.min(), score.max(), n_bins + 1)
    b = np.clip(np.searchsorted(edges, score, side="right") - 1, 0, n_bins - 1)
    ids = np.unique(b)
    lo = np.array([score[b == i].min() for i in ids])
    hi = np.array([score[b == i].max() for i in ids])
    pos = np.array([w[(b == i) & y].sum() for i in ids])
    neg = np.array([w[(b == i) & ~y].sum() for i in ids])
    return BoundedOperatingPoints.from_bins(lo, hi, pos, neg)


def _inside(exact, bracket):
    assert isinstance(bracket, Bracket)
    slack = 0.0  # the brackets are rounded outward: the exact value lies inside, not within 1e-12
    assert bracket.low - slack <= exact <= bracket.high + slack, (exact, bracket)


def _check_all(score, y, w, n_bins, weighted):
    pts = sp.operating_points(y.astype(int), score, sample_weight=w if weighted else None)
    bounded = _binned(score, y, w, n_bins)
    _inside(sp.roc_auc(pts), sp.roc_auc(bounded))
    for skew in SKEWS:
        _inside(sp.average_precision(pts, skew=skew), sp.average_precision(bounded, skew=skew))
        for interp in sp.INTERPOLATIONS:
            discrete = interp.startswith("discrete")
            if discrete and (weighted or isinstance(skew, tuple) or skew in (1e-6, 0.999)):
                continue  # discrete schemes need unit counts and skews away from 0 and 1
            for normalize in (False, True):
                _inside(sp.aucpr(pts, skew=skew, interpolation=interp, normalize=normalize),
                        sp.aucpr(bounded, skew=skew, interpolation=interp, normalize=normalize))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 80), n_bins=st.sampled_from([1, 2, 3, 7, 40, 1000]),
       decimals=st.sampled_from([0, 1, 2, 6]), pos_rate=st.floats(0.02, 0.98), weighted=st.booleans())
@pytest.mark.slow  # 8.7 s
def test_bracket_holds_exact_value(seed, n, n_bins, decimals, pos_rate, weighted):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < pos_rate
    y[0], y[-1] = True, False  # both classes
    score = np.round(rng.normal(size=n) + y * rng.uniform(0, 2), decimals)
    w = rng.uniform(0.05, 5.0, size=n) if weighted else np.ones(n)
    _check_all(score, y, w, n_bins, weighted)


@pytest.mark.slow  # loaded run 2026-11-29
def test_extreme_skews_and_weights_stay_inside():
    rng = np.random.default_rng(3)
    n = 3000
    y = rng.random(n) < 0.002
    y[:2] = True
    score = rng.normal(size=n) + 2 * y
    w = 10.0 ** rng.uniform(-6, 6, size=n)
    _check_all(score, y, w, 25, weighted=True)


def test_single_valued_bins_are_exact():
    rng = np.random.default_rng(0)
    score = rng.integers(0, 20, size=500).astype(float)
    y = rng.random(500) < 0.3 + score / 60
    pts = sp.operating_points(y.astype(int), score)
    bounded = _binned(score, y, np.ones(500), 10_000)  # every bin holds one score
    assert bounded.exact
    for interp in sp.INTERPOLATIONS:
        br = sp.aucpr(bounded, skew=0.05, interpolation=interp)
        exact = sp.aucpr(pts, skew=0.05, interpolation=interp)
        if interp in ("continuous", "trapezoid"):
            assert br.low == pytest.approx(exact, abs=1e-13) and br.high == pytest.approx(exact, abs=1e-13)
        else:
            _inside(exact, br)
    # Exact bins: only the outward rounding, (2 n + 64) eps of each end, separates the ends.
    assert sp.roc_auc(bounded).width <= 2 * (2 * len(bounded.lower) + 65) * np.finfo(float).eps


def test_bracket_narrows_as_bins_shrink():
    rng = np.random.default_rng(1)
    n = 20_000
    y = rng.random(n) < 0.05
    score = rng.normal(size=n) + 1.5 * y
    widths = [sp.aucpr(_binned(score, y, np.ones(n), k)).width for k in (10, 100, 1000)]
    assert widths[0] > 3 * widths[1] > 9 * widths[2] > 0


def test_ap_of_lower_path_is_not_a_lower_bound_but_the_bracket_is():
    # The example: 2 negatives then 2 positives, all in one bin.
    score = np.array([4.0, 3.0, 2.0, 1.0])
    y = np.array([False, False, True, True])
    pts = sp.operating_points(y.astype(int), score)
    bounded = _binned(score, y, np.ones(4), 1)
    assert sp.average_precision(pts) == pytest.approx(5 / 12)
    assert sp.average_precision(bounded.lower) == pytest.approx(0.5)  # ties the positives: too high
    _inside(5 / 12, sp.average_precision(bounded))


@pytest.mark.parametrize("kwargs, match", [
    (dict(bin_low=[1.0, 0.0], bin_high=[0.5, 0.2], pos=[1, 1], neg=[1, 1]), "bin_low must not exceed"),
    (dict(bin_low=[0.0, 0.5], bin_high=[0.6, 1.0], pos=[1, 1], neg=[1, 1]), "overlap"),
    (dict(bin_low=[0.0], bin_high=[1.0], pos=[1], neg=[0]), "both positive and negative"),
    (dict(bin_low=[0.0], bin_high=[1.0], pos=[-1], neg=[2]), "pos must be non-negative"),
    (dict(bin_low=[0.0, 1.0], bin_high=[np.inf, 1.0], pos=[1, 1], neg=[1, 1]), "finite"),
    (dict(bin_low=[0.0], bin_high=[1.0, 2.0], pos=[1], neg=[1]), "bin_high has length"),
])
def test_from_bins_refuses_bad_bins(kwargs, match):
    with pytest.raises(ValueError, match=match):
        BoundedOperatingPoints.from_bins(**kwargs)


def test_bad_interpolation_is_named():
    b = BoundedOperatingPoints.from_bins([0.5, 0.0], [1.0, 0.4], [2, 1], [1, 2])
    with pytest.raises(ValueError, match="interpolation"):
        sp.aucpr(b, interpolation="nope")


def _exact_areas(y, score, w, pi):
    """ROC AUC and AP (fractions) and the continuous AUCPR at ``pi`` and its normalised value (mpmath, 40 digits)."""
    from fractions import Fraction

    import mpmath as mp

    mp.mp.dps = 40
    levels = np.unique(score)[::-1]
    pos = [sum((Fraction(float(v)) for v in w[(score == t) & y]), Fraction(0)) for t in levels]
    neg = [sum((Fraction(float(v)) for v in w[(score == t) & ~y]), Fraction(0)) for t in levels]
    n_pos, n_neg, p = sum(pos), sum(neg), Fraction(float(pi))
    tpr, fpr = [Fraction(0)], [Fraction(0)]
    for a, b in zip(pos, neg, strict=True):
        tpr.append(tpr[-1] + a / n_pos)
        fpr.append(fpr[-1] + b / n_neg)
    auc = sum(((fpr[i + 1] - fpr[i]) * (tpr[i + 1] + tpr[i]) / 2 for i in range(len(pos))), Fraction(0))
    ap = sum(((tpr[i + 1] - tpr[i]) * p * tpr[i + 1] / (p * tpr[i + 1] + (1 - p) * fpr[i + 1])
              for i in range(len(pos)) if tpr[i + 1] > tpr[i]), Fraction(0))

    def segment(t0, f0, t1, f1):
        t0, f0, t1, f1, q = (mp.mpf(x.numerator) / x.denominator for x in (t0, f0, t1, f1, p))

        def prec(u):
            t, f = t0 + u * (t1 - t0), f0 + u * (f1 - f0)
            return q * t / (q * t + (1 - q) * f) if t + f > 0 else q * (t1 - t0) / (q * (t1 - t0) + (1 - q) * (f1 - f0))
        return (t1 - t0) * mp.quad(prec, [0, 1])

    area = mp.fsum(segment(tpr[i], fpr[i], tpr[i + 1], fpr[i + 1]) for i in range(len(pos)) if tpr[i + 1] > tpr[i])
    floor = segment(Fraction(0), Fraction(1), Fraction(1), Fraction(1))  # every negative first
    return auc, ap, area, (area - floor) / (1 - floor)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 40), n_bins=st.sampled_from([1, 2, 3, 7, 40]),
       decimals=st.sampled_from([0, 1, 2]), weighted=st.booleans(), pi=st.sampled_from([1e-6, 0.01, 0.3, 0.9]))
@pytest.mark.slow  # 1.2 s
def test_brackets_hold_the_value_computed_in_exact_arithmetic(seed, n, n_bins, decimals, weighted, pi):
    # No slack: the ends are rounded outward, so the exact-arithmetic value lies inside, not within an ulp.
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    y[0], y[-1] = True, False
    score = np.round(rng.normal(size=n) + y, decimals)
    w = rng.uniform(0.05, 5.0, size=n) if weighted else np.ones(n)
    bounded = _binned(score, y, w, n_bins)
    auc, ap, area, normalised = _exact_areas(y, score, w, pi)
    b = sp.roc_auc(bounded)
    assert b.low <= auc <= b.high
    b = sp.average_precision(bounded, skew=pi)
    assert b.low <= ap <= b.high
    b = sp.aucpr(bounded, skew=pi)
    assert b.low <= area <= b.high
    b = sp.aucpr(bounded, skew=pi, normalize=True)
    assert b.low <= normalised <= b.high
