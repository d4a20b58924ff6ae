"""Recall and precision at rank t under a random ranking (skewplot.stats.recall_null / precision_null)."""

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats import precision_null, recall_null


def hits_distribution(n, m, t):
    """Exact P(h hits in the top t) by enumerating every placement of the m positives."""
    counts = {}
    for pos in combinations(range(n), m):
        h = sum(p < t for p in pos)
        counts[h] = counts.get(h, 0) + 1
    return {h: Fraction(c, comb(n, m)) for h, c in counts.items()}


# --- values from [Z] Section III (and THEORY.md) ---------------------------------------------


def test_zhang_su_recall_values():
    r = recall_null(1000, 100, 100)
    assert r.mean() == pytest.approx(0.1, abs=1e-15)
    assert round(r.var(), 5) == 0.00081
    # THEORY.md: Var h = t (m/n) ((n-m)/n) ((n-t)/(n-1)), recall = h / m
    assert r.var() == pytest.approx(100 * 0.1 * 0.9 * (900 / 999) / 100**2, rel=1e-13)


def test_zhang_su_precision_values():
    p = precision_null(2000, 500, 500)
    assert p.mean() == pytest.approx(0.25, abs=1e-15)
    assert round(p.var(), 5) == 0.00028
    assert p.var() == pytest.approx(500 * 0.25 * 0.75 * (1500 / 1999) / 500**2, rel=1e-13)
    # At t = m recall and precision coincide [Z §III].
    assert recall_null(2000, 500, 500).var() == pytest.approx(p.var(), rel=1e-14)


def test_reachable_from_top_level():
    assert sp.stats.recall_null is recall_null
    assert sp.stats.precision_null is precision_null


# --- full enumeration on small cases -----------------------------------------------------------


@pytest.mark.slow_cases('5', '6', '7')  # loaded run 2026-11-29
@pytest.mark.parametrize("n", range(1, 8))
def test_against_enumeration(n):
    for m in range(1, n + 1):
        for t in range(1, n + 1):
            dist = hits_distribution(n, m, t)
            mean = sum(h * p for h, p in dist.items())
            var = sum(h * h * p for h, p in dist.items()) - mean**2
            for dist_obj, scale in ((recall_null(n, m, t), m), (precision_null(n, m, t), t)):
                assert dist_obj.mean() == pytest.approx(float(mean / scale), rel=1e-12, abs=1e-15)
                assert dist_obj.var() == pytest.approx(float(var / scale**2), rel=1e-12, abs=1e-15)
                cum = Fraction(0)
                for h in range(0, min(m, t) + 1):
                    x = h / scale  # a float on the grid, as a user would pass it
                    ph = dist.get(h, Fraction(0))
                    cum += ph
                    assert dist_obj.pmf(x) == pytest.approx(float(ph), abs=1e-13)
                    assert dist_obj.cdf(x) == pytest.approx(float(cum), abs=1e-13)
                    assert dist_obj.sf(x) == pytest.approx(float(1 - cum), abs=1e-13)


def test_ppf_inverts_cdf():
    r = recall_null(50, 7, 20)
    q = np.linspace(0.0, 1.0, 41)
    x = r.ppf(q)
    assert np.all(r.cdf(x) >= q - 1e-12)
    # The next grid point down has cdf below q (ppf is the smallest such value).
    below = x - 1.0 / 7
    inside = q > 0
    assert np.all(r.cdf(below[inside]) < q[inside] + 1e-12)


def test_pmf_off_grid_and_total_mass():
    p = precision_null(30, 10, 8)
    assert p.pmf(0.3) == 0.0  # 0.3 * 8 = 2.4 hits: not attainable
    grid = np.arange(0, 9) / 8
    assert p.pmf(grid).sum() == pytest.approx(1.0, abs=1e-14)
    assert p.support() == (0.0, 1.0)
    assert recall_null(30, 10, 25).support() == (0.5, 1.0)  # at least 5 of 10 among the top 25


def test_rvs_matches_moments(rng):
    r = recall_null(500, 40, 120)
    draws = r.rvs(size=40_000, random_state=rng)
    se = r.std() / np.sqrt(draws.size)
    assert abs(draws.mean() - r.mean()) < 5 * se
    # draws sit on the grid k / n_pos
    assert np.allclose(draws * 40, np.round(draws * 40))
    same = r.rvs(size=5, random_state=np.random.RandomState(3)), r.rvs(size=5, random_state=np.random.RandomState(3))
    assert np.array_equal(*same)


def test_interval_and_repr():
    r = recall_null(1000, 100, 100)
    lo, hi = r.interval(0.95)
    assert r.cdf(hi) - r.cdf(lo) + r.pmf(lo) >= 0.95
    assert repr(r) == "recall_null(n=1000, n_pos=100, t=100)"
    assert repr(precision_null(10, 2, 3)) == "precision_null(n=10, n_pos=2, t=3)"


def test_counts_are_integers_numpy_ints_included():
    """One count rule everywhere (issue 30): numpy integers are counts, floats never (not even 1e3)."""
    a = recall_null(1000, np.int64(100), np.int32(100))
    assert (a.n, a.n_pos, a.t) == (1000, 100, 100)
    with pytest.raises(TypeError, match=r"n must be a whole number \(an int\), got float 1000.0; write 1000"):
        recall_null(1e3, 100, 100)


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("func", [recall_null, precision_null])
@pytest.mark.parametrize(
    "args, exc, name",
    [
        ((0, 1, 1), ValueError, "n"),
        ((10, 0, 3), ValueError, "n_pos"),
        ((10, 11, 3), ValueError, "n_pos"),
        ((10, 3, 0), ValueError, "t"),
        ((10, 3, 11), ValueError, "t"),
        ((10.5, 3, 2), TypeError, "n"),
        (("10", 3, 2), TypeError, "n"),
        ((10, True, 2), TypeError, "n_pos"),
        ((10, 3, float("nan")), TypeError, "t"),
    ],
)
def test_bad_arguments(func, args, exc, name):
    with pytest.raises(exc, match=rf"^{name} "):
        func(*args)


def test_bad_probabilities_and_values():
    r = recall_null(10, 3, 4)
    with pytest.raises(ValueError, match="q must lie in"):
        r.ppf(1.5)
    with pytest.raises(ValueError, match="q must lie in"):
        r.ppf([-0.1, 0.5])
    with pytest.raises(ValueError, match="x contains NaN"):
        r.cdf(np.nan)
    with pytest.raises(TypeError, match="x must hold numbers"):
        r.pmf("a")
    with pytest.raises(ValueError, match="confidence must lie in"):
        r.interval(2.0)
    with pytest.raises(TypeError, match="random_state"):
        r.rvs(size=3, random_state="seed")
