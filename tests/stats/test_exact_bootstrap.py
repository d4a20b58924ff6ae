"""The exact count bootstrap (:mod:`skewplot.stats.exact_bootstrap`) against independent computations.

References: scipy's binomial pmf, cdf and ppf; full enumeration of every
``(a, b)`` pair with scipy's pmfs, the values sorted and the inverse CDF
read off; the Monte-Carlo path of ``report_at`` with many replicates.
"""

import math

import numpy as np
import pytest
from scipy.stats import binom

from skewplot.metrics.cost import _nec, probability_cost
from skewplot.skew.formulas import precision_at
from skewplot.stats.exact_bootstrap import CountBootstrap, binomial_pmf

# an alpha within this of a cumulative mass is a knife edge: either neighbouring atom is right
EDGE = 1e-9


@pytest.mark.parametrize("n, p", [(1, 0.5), (7, 0.0), (7, 1.0), (30, 0.3), (1000, 0.999), (10**8, 1e-8),
                                  (10**8, 0.5), (10**8, 3e-7), (10**7, 1 - 1e-6), (2, 0.9)])
def test_binomial_pmf_is_scipys_on_a_short_support(n, p):
    k0, pmf = binomial_pmf(n, p)
    k = k0 + np.arange(pmf.size)
    assert k[0] >= 0 and k[-1] <= n and pmf.min() > 0
    ref = binom.pmf(k, n, p)
    # the recurrence's rounding grows with the distance from the mode: 1.4e-11 at the tails of n = 1e8, p = 1/2
    assert np.all(np.abs(pmf - ref) <= 1e-10 * ref)
    left_out = binom.cdf(k[0] - 1, n, p) + binom.sf(k[-1], n, p)
    assert left_out < 1e-15
    assert pmf.size <= 20 * math.sqrt(n * p * (1 - p)) + 70  # +-8.9 sd of a normal: O(sqrt(npq)), never O(n)


def _inverse_cdf(values, weights, alpha):
    """The atoms between which ``inf{x : F(x) >= alpha}`` lies, allowing for a knife edge."""
    order = np.argsort(values, kind="stable")
    v, c = values[order], np.cumsum(weights[order])
    lo = v[min(np.searchsorted(c, alpha - EDGE), v.size - 1)]
    hi = v[min(np.searchsorted(c, alpha + EDGE), v.size - 1)]
    return lo, hi


def _grid(n_pos, n_neg, tp, fp):
    a, b = np.arange(n_pos + 1), np.arange(n_neg + 1)
    w = binom.pmf(a, n_pos, tp / n_pos)[:, None] * binom.pmf(b, n_neg, fp / n_neg)[None, :]
    return (a / n_pos)[:, None], (b / n_neg)[None, :], w.ravel()


def _cases(count, seed):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n_pos, n_neg = int(rng.integers(1, 25)), int(rng.integers(1, 25))
        tp, fp = int(rng.integers(0, n_pos + 1)), int(rng.integers(0, n_neg + 1))
        skew = float(rng.choice([1e-4, 0.5, 0.9999, rng.uniform(0.01, 0.99)]))
        yield n_pos, n_neg, tp, fp, skew
    for n_pos, n_neg, tp, fp in [(1, 1, 1, 0), (1, 1, 0, 1), (1, 3, 1, 2), (9, 9, 0, 4), (9, 9, 9, 4), (9, 9, 4, 0),
                                 (9, 9, 4, 9), (9, 9, 9, 0), (9, 9, 0, 9), (16, 5, 1, 1)]:
        for skew in (1e-4, 0.3, 0.9999):
            yield n_pos, n_neg, tp, fp, skew


@pytest.mark.parametrize("alpha", [0.05, 0.95])
def test_every_quantile_equals_full_enumeration(alpha):
    for n_pos, n_neg, tp, fp, skew in _cases(25, int(alpha * 100)):
        cb = CountBootstrap(n_pos, n_neg, tp, fp)
        t, f, w = _grid(n_pos, n_neg, tp, fp)
        m = 0.3
        checks = {"recall": (cb.rate(alpha, "pos"), np.broadcast_to(t, (n_pos + 1, n_neg + 1)).ravel()),
                  "fpr": (cb.rate(alpha, "neg"), np.broadcast_to(f, (n_pos + 1, n_neg + 1)).ravel()),
                  "cost": (cb.cost(skew, m, alpha), _nec(t, f, float(probability_cost(skew, m))).ravel())}
        if tp or fp:
            checks["precision"] = (cb.precision(skew, alpha), precision_at(t, f, skew).ravel())
        for name, (got, values) in checks.items():
            lo, hi = _inverse_cdf(values, w, alpha)
            assert lo - 1e-12 <= got <= hi + 1e-12, (name, n_pos, n_neg, tp, fp, skew, got, lo, hi)
        # a decreasing function of A (FN): its alpha-quantile sits at max{a : P(A >= a) >= alpha}
        fn = 1.0 - np.broadcast_to(t, (n_pos + 1, n_neg + 1)).ravel()
        lo, hi = _inverse_cdf(fn, w, alpha)
        assert 1 - hi - 1e-12 <= cb.rate(alpha, "pos", decreasing=True) <= 1 - lo + 1e-12


def test_rates_are_scipys_ppf_at_large_n():
    for n, k in [(10**7, 3), (10**7, 10**7 - 2), (10**6, 5 * 10**5), (1, 1), (1, 0)]:
        cb = CountBootstrap(n, 1, k, 0)
        for alpha in (0.05, 0.95):
            want = binom.ppf(alpha, n, k / n) if 0 < k < n else k
            assert cb.rate(alpha, "pos") * n == want


@pytest.mark.slow  # loaded run 2026-11-29
def test_precision_at_large_n_equals_enumeration_over_the_support():
    """N = 1e7 and skews 1e-4 and 0.9999: the grid enumerated where scipy's pmfs are not negligible."""
    for n_pos, n_neg, tp, fp in [(40, 10**7, 13, 300), (2000, 10**7, 1500, 25_000)]:
        a = np.arange(*binom.ppf([1e-14, 1 - 1e-14], n_pos, tp / n_pos).astype(int) + [0, 1])
        b = np.arange(*binom.ppf([1e-14, 1 - 1e-14], n_neg, fp / n_neg).astype(int) + [0, 1])
        w = (binom.pmf(a, n_pos, tp / n_pos)[:, None] * binom.pmf(b, n_neg, fp / n_neg)[None, :]).ravel()
        cb = CountBootstrap(n_pos, n_neg, tp, fp)
        for skew in (1e-4, 0.9999):
            v = precision_at((a / n_pos)[:, None], (b / n_neg)[None, :], skew).ravel()
            for alpha in (0.05, 0.95):
                lo, hi = _inverse_cdf(v, w / w.sum(), alpha)
                assert lo - 1e-12 <= cb.precision(skew, alpha) <= hi + 1e-12


def test_degenerate_counts():
    cb = CountBootstrap(10, 10, 10, 0)  # every replicate: A = 10, B = 0
    assert cb.rate(0.05, "pos") == cb.rate(0.95, "pos") == 1.0
    assert cb.precision(0.3, 0.05) == cb.precision(0.3, 0.95) == 1.0
    cb = CountBootstrap(10, 10, 0, 10)
    assert cb.precision(0.3, 0.05) == cb.precision(0.3, 0.95) == 0.0
    assert cb.cost(0.3, 0.5, 0.5) == pytest.approx(1.0)
    # A = B = 0 has precision pi' (precision_at's value, the Monte-Carlo path's); here P(A = B = 0) = 1/4
    cb = CountBootstrap(2, 10**6, 1, 0)
    assert cb.precision(0.37, 0.05) == 0.37 and cb.precision(0.37, 0.95) == 1.0


def test_report_at_exact_is_the_limit_of_its_monte_carlo_interval():
    """Each end of the Monte-Carlo interval (2e5 replicates) lies between the exact ends at levels +-5 sd."""
    import skewplot as sp
    from skewplot.stats.choose import report_at

    rng = np.random.default_rng(7)
    y = rng.random(3000) < 0.1
    pts = sp.operating_points(y, rng.normal(size=3000) + 1.5 * y)
    i = int(np.searchsorted(-np.asarray(pts.thresholds), -1.2))
    conf, n_boot = 0.9, 200_000
    mc = report_at(pts, i, 0.02, m=0.3, confidence=conf, n_boot=n_boot, random_state=1)["intervals"]
    exact = report_at(pts, i, 0.02, m=0.3, confidence=conf, exact=True)["intervals"]
    shift = 2 * 5 * math.sqrt(0.05 * 0.95 / n_boot)  # a shift of the confidence moves each level by half of it
    wide = report_at(pts, i, 0.02, m=0.3, confidence=conf + shift, exact=True)["intervals"]
    narrow = report_at(pts, i, 0.02, m=0.3, confidence=conf - shift, exact=True)["intervals"]
    assert set(mc) == set(exact)
    for key in mc:
        assert wide[key][0] <= exact[key][0] <= narrow[key][0] <= narrow[key][1] <= exact[key][1] <= wide[key][1]
        assert wide[key][0] - 1e-12 <= mc[key][0] <= narrow[key][0] + 1e-12, key
        assert narrow[key][1] - 1e-12 <= mc[key][1] <= wide[key][1] + 1e-12, key
    assert exact == report_at(pts, i, 0.02, m=0.3, confidence=conf, exact=True, random_state=5)["intervals"]
    with pytest.raises(ValueError, match="exact"):
        report_at(pts, i, (0.01, 0.05), confidence=conf, exact=True)
    empty = report_at(pts, 0, 0.02, confidence=conf, exact=True)["intervals"]
    assert empty["precision"] is None and empty["recall"] == (0.0, 0.0)


@pytest.mark.parametrize("call, name", [
    (lambda cb: cb.rate(0.0, "pos"), "alpha"), (lambda cb: cb.rate(1.0, "neg"), "alpha"),
    (lambda cb: cb.rate(np.nan, "pos"), "alpha"), (lambda cb: cb.rate("0.05", "pos"), "alpha"),
    (lambda cb: cb.rate(0.05, "x"), "cls"), (lambda cb: cb.rate(0.05, "pos", decreasing="yes"), "decreasing"),
    (lambda cb: cb.precision(0.1, 1.5), "alpha"), (lambda cb: cb.cost(0.1, 0.5, -0.1), "alpha"),
])
def test_a_quantile_level_and_class_are_checked_by_name(call, name):
    """Issue 41's corpus: rate(alpha=0 or 1.5) returned a number and cls='x' was taken as the negatives."""
    with pytest.raises((ValueError, TypeError), match=name):
        call(CountBootstrap(100, 900, 60, 30))


def test_report_at_refuses_replicates_beyond_memory_naming_n_boot():
    import skewplot as sp
    from skewplot.stats.choose import report_at

    pts = sp.operating_points([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.8, 0.9])
    with pytest.raises(MemoryError, match="n_boot=1000000000000 replicates"):
        report_at(pts, 2, 0.01, confidence=0.9, n_boot=10**12)
