"""Paired bootstrap comparison: same rows for both classifiers, exact zero for identical scores."""

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats import _resample
from skewplot.stats.bootstrap import aucpr_rows, points_of
from skewplot.stats.compare import compare_many


def _data(n=500, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.2
    a = rng.normal(size=n) + 1.5 * y
    b = np.round(a + rng.normal(scale=0.8, size=n), 1)
    return y, a, b


@pytest.mark.parametrize("skew", [None, 0.02, (0.01, 0.3), sp.SkewSeries([0.02, 0.1, 0.05])])
def test_identical_scores_differ_by_exactly_zero(skew):
    y, a, _ = _data()
    r = sp.compare(y, a, a.copy(), skew=skew, n_boot=200, random_state=0)
    assert r.difference == 0.0
    assert np.all(r.distribution == 0.0)
    assert (r.low, r.high, r.se, r.pvalue) == (0.0, 0.0, 0.0, 1.0)
    assert r.estimate_a == r.estimate_b == pytest.approx(sp.aucpr(sp.operating_points(y, a), skew=skew))


def test_paired_replicates_equal_naive_differences_on_the_same_rows():
    y, a, b = _data(n=300)
    pts = [points_of(y, s, None) for s in (a, b)]
    pools, n_bins = _resample.make_pools([a, b], pts, y, None, True)
    idx = _resample.draw(np.random.default_rng(3), pools, 5)
    model = sp.FixedSkew(0.03)
    lines = [_resample.polylines(*_resample.counts(pools, n_bins, k, idx)) for k in range(2)]
    got = aucpr_rows(*lines[0], model, "continuous", False) - aucpr_rows(*lines[1], model, "continuous", False)
    rows = [np.flatnonzero(y), np.flatnonzero(~y)]
    for r in range(5):
        take = np.concatenate([pr[ix[r]] for pr, ix in zip(rows, idx, strict=True)])
        ref = (sp.aucpr(sp.operating_points(y[take], a[take]), skew=model)
               - sp.aucpr(sp.operating_points(y[take], b[take]), skew=model))
        assert got[r] == pytest.approx(ref, rel=1e-10, abs=1e-13)


def test_pairing_narrows_the_interval():
    """B is A plus noise: the paired SE of the difference is below the unpaired sqrt(se_a² + se_b²)."""
    y, a, b = _data(n=800, seed=2)
    r = sp.compare(y, a, b, skew=0.05, n_boot=400, random_state=1)
    sa = sp.aucpr_ci(y, a, skew=0.05, n_boot=400, random_state=1).se
    sb = sp.aucpr_ci(y, b, skew=0.05, n_boot=400, random_state=2).se
    assert r.difference > 0
    assert r.se < 0.9 * np.hypot(sa, sb)


@pytest.mark.parametrize("method", ["bca", "bc", "percentile", "basic"])
def test_pvalue_agrees_with_the_interval(method):
    """p < 1 - confidence exactly when the interval leaves out 0 (checked at many confidences)."""
    y, a, b = _data(n=400, seed=4)
    for conf in (0.5, 0.8, 0.9, 0.95, 0.99):
        r = sp.compare(y, a, b, skew=0.1, n_boot=500, random_state=5, confidence=conf, interval=method)
        excludes = r.low > 0 or r.high < 0
        assert (r.pvalue < 1 - conf) == excludes or abs(r.pvalue - (1 - conf)) < 0.01, (conf, r)


def test_compare_many_shares_replicates_across_skews():
    y, a, b = _data(n=300)
    out = compare_many(y, a, b, [0.01, 0.1], n_boot=150, random_state=0, interval="percentile")
    one = sp.compare(y, a, b, skew=0.1, n_boot=150, random_state=0, interval="percentile")
    np.testing.assert_allclose(out["distribution"][:, 1], one.distribution, rtol=1e-12)


def test_bad_input_names_the_argument():
    y, a, b = _data(n=100)
    with pytest.raises(ValueError, match="score_b has length"):
        sp.compare(y, a, b[:-1])
    with pytest.raises(ValueError, match="score_a contains NaN"):
        sp.compare(y, np.where(y, np.nan, a), b)
    with pytest.raises(ValueError, match="confidence"):
        sp.compare(y, a, b, confidence=1.5)
    with pytest.raises(ValueError, match="n_boot"):
        sp.compare(y, a, b, n_boot=-3)
