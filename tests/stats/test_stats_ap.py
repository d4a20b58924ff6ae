"""Average precision under a random ranking: exact moments, [Z] approximation, sampler, p-values, test."""

from fractions import Fraction
from functools import cache
from itertools import combinations

import mpmath
import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import average_precision_score

import skewplot as sp
from skewplot.stats import ap_null, average_precision_null, average_precision_test
from skewplot.stats.ap_null import _moment_coefficients


@cache
def enumerated_ap(n, m):
    """Every AP value (exact fractions) over all C(n, m) placements of the positives."""
    return tuple(
        sum(Fraction(i + 1, rank + 1) for i, rank in enumerate(pos)) / m for pos in combinations(range(n), m)
    )


def enumerated_moments(n, m):
    values = enumerated_ap(n, m)
    mean = sum(values) / len(values)
    return mean, sum((v - mean) ** 2 for v in values) / len(values)


def naive_ap_draws(n, m, size, rng):
    """AP of random rankings by a route independent of .sample(): full permutations and cumsum."""
    out = np.empty(size)
    k = np.arange(1, n + 1)
    for s in range(0, size, 2000):
        b = min(2000, size - s)
        y = np.argsort(rng.random((b, n)), axis=1) < m  # item labels 0..m-1 are the positives
        out[s : s + b] = np.where(y, np.cumsum(y, axis=1) / k, 0.0).sum(axis=1) / m
    return out


# --- exact moments --------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 13))
def test_exact_moments_against_full_enumeration(n):
    for m in range(1, n + 1):
        mean, var = enumerated_moments(n, m)
        null = average_precision_null(n, m)
        assert null.mean == pytest.approx(float(mean), rel=1e-13)
        assert null.var == pytest.approx(float(var), rel=1e-11, abs=1e-17)


def test_theory_example_n10_m3():
    mean, var = enumerated_moments(10, 3)
    null = average_precision_null(10, 3)
    assert null.mean == pytest.approx(float(mean), rel=1e-14)
    assert null.var == pytest.approx(float(var), rel=1e-12)


def test_edge_cases_by_hand():
    # m = n: every ranking is perfect.
    assert average_precision_null(7, 7).mean == 1.0
    assert average_precision_null(7, 7).var == 0.0
    # m = 1: AP = 1/L with L uniform on 1..n.
    n = 50
    h = sum(1.0 / k for k in range(1, n + 1))
    h2 = sum(1.0 / k**2 for k in range(1, n + 1))
    null = average_precision_null(n, 1)
    assert null.mean == pytest.approx(h / n, rel=1e-14)
    assert null.var == pytest.approx(h2 / n - (h / n) ** 2, rel=1e-13)


@pytest.mark.slow
@pytest.mark.parametrize("n, m, draws", [(1000, 100, 40_000), (2000, 500, 40_000)])
def test_exact_moments_against_monte_carlo(n, m, draws):
    """Seeded simulation by naive full permutations.

    Tolerance: 4 standard errors.  For the mean SE = sd/sqrt(N); for the
    variance SE = sqrt((mu4 - s^4) / N) with the sample fourth central moment.
    A correct formula fails with probability about 6e-5 per check.
    """
    x = naive_ap_draws(n, m, draws, np.random.default_rng(12345 + n))
    null = average_precision_null(n, m)
    se_mean = np.sqrt(null.var / draws)
    assert abs(x.mean() - null.mean) < 4 * se_mean
    s2 = x.var(ddof=1)
    mu4 = np.mean((x - x.mean()) ** 4)
    se_var = np.sqrt((mu4 - s2**2) / draws)
    assert abs(s2 - null.var) < 4 * se_var


def test_zhang_su_table_iii_empirical_values():
    # [Z Table III] simulated with 10^4 permutations: variance .0001286 and .000096, mean .2527.
    assert average_precision_null(1000, 100).var == pytest.approx(0.0001286, abs=5e-6)
    assert average_precision_null(2000, 500).var == pytest.approx(0.000096, abs=5e-6)
    assert average_precision_null(2000, 500).mean == pytest.approx(0.2527, abs=5e-4)


def exact_variance_mpmath(n, m):
    """The closed form evaluated at 50 digits, for the float's rounding error."""
    mpmath.mp.dps = 50
    (_, _), coeffs = _moment_coefficients(n, m)
    h = mpmath.harmonic(n)
    h2 = mpmath.zeta(2) - mpmath.zeta(2, n + 1)
    c0, c_h, c_hh, c_h2 = (mpmath.mpf(c.numerator) / c.denominator for c in coeffs)
    return float(c0 + c_h * h + c_hh * h * h + c_h2 * h2)


@pytest.mark.parametrize("m", [1, 2, 100, 10_000, 100_000, 500_000, 999_000, 999_999])
def test_no_cancellation_at_a_million(m):
    n = 1_000_000
    assert average_precision_null(n, m).var == pytest.approx(exact_variance_mpmath(n, m), rel=1e-13)


def test_closed_form_against_prefix_sums():
    """The reduction to harmonic numbers against the double sum done directly with prefix sums.

    Var = (1/m^2) [sum_k C_kk / k^2 + 2 sum_{k<l} C_kl / (k l)], with the
    covariances of S_k = y_k h_k from the indicator moments p_r = m^(r)/n^(r).
    """
    n, m = 3000, 40
    p1, p2, p3, p4 = (np.prod([(m - i) / (n - i) for i in range(r)]) for r in (1, 2, 3, 4))
    k = np.arange(1, n + 1, dtype=np.longdouble)
    e = p1 + (k - 1) * p2  # E[S_k]
    diag = p1 + 3 * (k - 1) * p2 + (k - 1) * (k - 2) * p3 - e * e
    # sum_{k<l} (E[S_k S_l] - e_k e_l)/(k l), E[S_k S_l] = 2 p2 + (3k + l - 5) p3 + (k-1)(l-3) p4:
    # for each l, the inner sum over k < l through prefix sums of 1/k, 1 and e_k/k.
    inv = 1 / k
    pre = lambda a: np.concatenate([[0], np.cumsum(a)[:-1]])  # noqa: E731  sum over k < l
    s_inv, s_one, s_e = pre(inv), pre(np.ones_like(k)), pre(e * inv)
    l = k  # noqa: E741  the l of the formula above
    inner = (
        2 * p2 * s_inv
        + p3 * (3 * s_one + (l - 5) * s_inv)
        + p4 * ((l - 3) * s_one - (l - 3) * s_inv)
        - e * s_e
    ) / l
    var = float((np.sum(diag / k**2) + 2 * np.sum(inner)) / m**2)
    assert average_precision_null(n, m).var == pytest.approx(var, rel=1e-9)


# --- [Z] normal approximation ------------------------------------------------------------------


def zhang_su_bruteforce(n, m):
    """[Z Eq 8-13] term by term, O(m^2)."""
    i = np.arange(1, m + 1, dtype=float)
    el = i * n / m
    vl = i * n * (i * n + i + n - m) / (m * (m + 1)) - el**2
    mean = np.sum(i / el * (1 + vl / el**2)) / m
    var = np.sum(i**2 * vl / el**4 * (1 - vl / el**2))
    for a in range(1, m + 1):
        for b in range(a + 1, m + 1):
            cov = a * (n - 1) * (n * b + n - m) / (m * (m - 1)) - (a * n / m) * (b * n / m)
            var += 2 * a * b * cov / ((a * n / m) ** 2 * (b * n / m) ** 2)
    return mean, var / m**2


def test_zhang_su_approximate_means():
    assert round(average_precision_null(1000, 100).approx_mean, 4) == 0.1037
    assert round(average_precision_null(2000, 500).approx_mean, 4) == 0.2522


@pytest.mark.parametrize("n, m", [(1000, 100), (300, 40), (50, 2)])
def test_zhang_su_closed_form_matches_term_by_term(n, m):
    null = average_precision_null(n, m)
    mean, var = zhang_su_bruteforce(n, m)
    assert null.approx_mean == pytest.approx(mean, rel=1e-12)
    assert null.approx_var == pytest.approx(var, rel=1e-10)


def test_zhang_su_variance_distance_as_documented():
    # The docstring's claim: the printed [Z] variance is 2x and 2.8x the exact one.
    a, b = average_precision_null(1000, 100), average_precision_null(2000, 500)
    assert a.approx_var / a.var == pytest.approx(2.03, abs=0.01)
    assert b.approx_var / b.var == pytest.approx(2.83, abs=0.01)


# --- sampler --------------------------------------------------------------------------------------


@pytest.fixture(params=["sequential", "keys"])
def sampler_path(request, monkeypatch):
    """Run a test through each of the two sampling algorithms."""
    monkeypatch.setattr(ap_null, "_SEQUENTIAL_MIN_DRAWS", 1 if request.param == "sequential" else 10**12)
    return request.param


@pytest.mark.parametrize("n, m", [(6, 3), (7, 1), (8, 7), (9, 2), (12, 5)])
def test_sampler_distribution_against_enumeration(n, m, sampler_path):
    """Chi-square goodness of fit of 20 000 draws to the exact law (seeded; level 1e-4)."""
    values = [float(v) for v in enumerated_ap(n, m)]
    support, counts = np.unique(np.round(values, 12), return_counts=True)
    draws = average_precision_null(n, m).sample(20_000, random_state=7)
    idx = np.searchsorted(support, np.round(draws, 12))
    assert np.allclose(support[idx], np.round(draws, 12))  # every draw is an attainable AP
    observed = np.bincount(idx, minlength=support.size)
    expected = counts / counts.sum() * draws.size
    assert stats.chisquare(observed, expected).pvalue > 1e-4


@pytest.mark.slow_cases('keys-2000-500')  # loaded run 2026-11-29
@pytest.mark.parametrize("n, m", [(1000, 100), (2000, 500)])
def test_sampler_moments_against_exact(n, m, sampler_path):
    """4 standard errors, as in the Monte-Carlo test of the moments."""
    x = average_precision_null(n, m).sample(10_000, random_state=99)
    null = average_precision_null(n, m)
    assert abs(x.mean() - null.mean) < 4 * null.std / np.sqrt(x.size)
    mu4 = np.mean((x - x.mean()) ** 4)
    assert abs(x.var(ddof=1) - null.var) < 4 * np.sqrt((mu4 - null.var**2) / x.size)


def test_sampler_moments_and_shape():
    null = average_precision_null(2000, 1500)  # the branch for many positives
    x = null.sample((100, 40), random_state=np.random.default_rng(1))
    assert x.shape == (100, 40)
    assert abs(x.mean() - null.mean) < 4 * null.std / np.sqrt(x.size)
    assert np.array_equal(null.sample(5, random_state=3), null.sample(5, random_state=3))
    assert average_precision_null(4, 4).sample(3).tolist() == [1.0, 1.0, 1.0]
    assert null.sample(0).shape == (0,)


def test_sample_agrees_with_sklearn():
    """One draw rebuilt as labels in rank order: scikit-learn gives the same AP."""
    null = average_precision_null(200, 30)
    rng = np.random.default_rng(5)
    ap = null.sample(1, random_state=rng)[0]
    # Re-draw the same positions with the same stream to rebuild the labels.
    keys = np.random.default_rng(5).random((1, 200))
    hits = np.argpartition(keys, 29, axis=1)[0, :30]
    y = np.zeros(200)
    y[hits] = 1
    assert ap == pytest.approx(average_precision_score(y, -np.arange(200.0)), rel=1e-12)


# --- p-values -------------------------------------------------------------------------------------


def test_normal_pvalue_uses_exact_moments():
    null = average_precision_null(2000, 500)
    z = (0.27 - null.mean) / null.std
    assert null.pvalue(0.27) == pytest.approx(stats.norm.sf(z), rel=1e-12)
    assert null.pvalue(0.27, "less") == pytest.approx(stats.norm.cdf(z), rel=1e-12)
    assert null.pvalue(0.27, "two-sided") == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-12)
    arr = null.pvalue([0.2, 0.25, 0.3])
    assert arr.shape == (3,) and np.all(np.diff(arr) < 0)


def test_permutation_pvalue_against_exact_tail():
    """n = 8, m = 3: the Monte-Carlo p-value against the enumerated tail, 4 binomial SEs."""
    values = np.array([float(v) for v in enumerated_ap(8, 3)])
    null = average_precision_null(8, 3)
    for ap in (0.3, 0.5, 0.8):
        exact = np.mean(values >= ap - 1e-12)
        p = null.pvalue(ap, approximation="permutation", n_samples=20_000, random_state=11)
        assert abs(p - exact) < 4 * np.sqrt(exact * (1 - exact) / 20_000) + 1e-4
    # The observed value itself counts: the smallest p is 1 / (n_samples + 1).
    assert null.pvalue(1.0, approximation="permutation", n_samples=99, random_state=0) >= 1 / 100
    two = null.pvalue(0.5, "two-sided", approximation="permutation", n_samples=999, random_state=2)
    one = min(
        null.pvalue(0.5, "greater", approximation="permutation", n_samples=999, random_state=2),
        null.pvalue(0.5, "less", approximation="permutation", n_samples=999, random_state=2),
    )
    assert two == pytest.approx(min(1.0, 2 * one))


def test_degenerate_null_pvalue():
    null = average_precision_null(5, 5)
    assert null.pvalue(1.0) == 1.0
    assert null.pvalue(1.0, "less") == 1.0
    assert null.pvalue(0.9, "less") == 0.0


# --- the test on scores ---------------------------------------------------------------------------


def test_average_precision_test_good_and_bad_rankings(rng):
    y = np.r_[np.ones(40), np.zeros(960)]
    score = rng.normal(size=1000) + 1.5 * y
    good = average_precision_test(y, score)
    null = average_precision_null(1000, 40)
    assert good.ap == pytest.approx(average_precision_score(y, score), rel=1e-12)
    assert good.n == 1000 and good.n_pos == 40
    assert good.null_mean == null.mean and good.null_var == null.var
    assert good.z == pytest.approx((good.ap - null.mean) / null.std, rel=1e-12)
    assert good.pvalue == pytest.approx(null.pvalue(good.ap), rel=1e-12)
    assert good.pvalue < 1e-6
    bad = average_precision_test(y, -(rng.normal(size=1000) + 1.5 * y), alternative="less")
    # AP is bounded below and right-skewed, so even a reversed ranking is only moderately "less".
    assert bad.z < -2 and bad.pvalue < 0.05


def test_average_precision_test_observed_ap_is_sklearns_with_ties(rng):
    y = (rng.random(300) < 0.2).astype(int)
    s = np.round(rng.normal(size=300) + y, 1)  # many ties
    res = average_precision_test(y, s)
    assert res.ap == pytest.approx(average_precision_score(y, s), rel=1e-12)
    res_perm = average_precision_test(y, s, approximation="permutation", n_samples=500, random_state=0)
    assert res_perm.method == "permutation" and 0 < res_perm.pvalue <= 1


def test_result_is_frozen_and_readable(rng):
    y = np.r_[np.ones(5), np.zeros(15)]
    res = average_precision_test(y, rng.normal(size=20), pos_label=1)
    with pytest.raises(AttributeError):
        res.ap = 0.5
    text = repr(res)
    assert text.startswith("AveragePrecisionTestResult(ap=") and "pvalue=" in text and "n_pos=5" in text


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, exc, name",
    [((0, 1), ValueError, "n"), ((10, 0), ValueError, "n_pos"), ((10, 11), ValueError, "n_pos"),
     ((10, -2), ValueError, "n_pos"), ((2.5, 1), TypeError, "n"), ((10, "3"), TypeError, "n_pos")],
)
def test_null_bad_arguments(args, exc, name):
    with pytest.raises(exc, match=rf"^{name} "):
        average_precision_null(*args)


def test_pvalue_and_sample_bad_arguments():
    null = average_precision_null(100, 10)
    with pytest.raises(ValueError, match="ap must lie in"):
        null.pvalue(1.2)
    with pytest.raises(ValueError, match="ap must lie in"):
        null.pvalue([0.5, -0.1])
    with pytest.raises(ValueError, match="ap contains NaN"):
        null.pvalue(np.nan)
    with pytest.raises(ValueError, match="alternative"):
        null.pvalue(0.5, alternative="bigger")
    with pytest.raises(ValueError, match="approximation"):
        null.pvalue(0.5, approximation="bootstrap")
    with pytest.raises(ValueError, match="n_samples"):
        null.pvalue(0.5, approximation="permutation", n_samples=0)
    with pytest.raises(ValueError, match="size"):
        null.sample(-1)
    with pytest.raises(AttributeError):
        null.mean = 0.3


def test_average_precision_test_bad_arguments():
    with pytest.raises(ValueError, match="y_true"):
        average_precision_test([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="alternative"):
        average_precision_test([0, 1], [0.1, 0.2], alternative="up")
    with pytest.raises(ValueError, match="approximation"):
        average_precision_test([0, 1], [0.1, 0.2], approximation="exact")
    with pytest.raises(ValueError, match="y_score"):
        average_precision_test([0, 1, 0], [0.1, 0.2])


def test_public_names():
    names = ("recall_null", "precision_null", "average_precision_null", "average_precision_test", "anova_over_skews")
    for name in names:
        assert callable(getattr(sp.stats, name))
