"""Bootstrap intervals at any skew: replicates against a naive resample-and-sort, bad input."""

import numpy as np
import pytest
from scipy.integrate import quad

import skewplot as sp
from skewplot.stats import _resample
from skewplot.stats.bootstrap import aucpr_rows, points_of

MODELS = [
    None,
    0.02,
    (0.01, 0.2),
    (0.0, 1.0),
    sp.SkewRange(0.01, 0.3, weight=lambda p: 1.0 + 10 * p),
    sp.SkewSeries([0.01, 0.05, 0.2, 0.1]),
]


def _data(n=400, seed=0, ties=True):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.15
    s = rng.normal(size=n) + 1.2 * y
    if ties:
        s = np.round(s, 1)  # ties inside and across the classes
    return y, s


def _draws(pools, rng, n_rep):
    """The rows a chunk of ``n_rep`` replicates draws, written out: numpy's default integers, pool by pool.

    Independent of ``_resample.draw``, so that a change of the random stream (which changes every
    seeded interval) fails the tests that compare with these rows.
    """
    return [rng.integers(0, pool.size, size=(n_rep, pool.size)) for pool in pools]


@pytest.mark.slow_cases('True-True')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('True-False')  # loaded run 2026-11-29
@pytest.mark.slow_cases('False-False', 'False-True')  # 1.0 s at most (2026-11-29)
@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
def test_replicates_equal_a_naive_resample_and_sort(stratified, weighted):
    """Same drawn rows: the binned polylines give every area the re-sorted data give."""
    y, s = _data()
    rng = np.random.default_rng(1)
    w = rng.uniform(0.5, 2.0, size=y.size) if weighted else None
    pts = points_of(y, s, w)
    pools, n_bins = _resample.make_pools([s], [pts], y, w, stratified)
    idx = _draws(pools, np.random.default_rng(2), 6)
    tp, fp = _resample.polylines(*_resample.counts(pools, n_bins, 0, idx))
    rows = [np.flatnonzero(y), np.flatnonzero(~y)] if stratified else [np.arange(y.size)]
    for interpolation in sp.INTERPOLATIONS:
        for skew in MODELS:
            if interpolation.startswith("discrete") and (weighted or skew == (0.0, 1.0)):
                continue
            model = None if skew is None else sp.as_skew(skew)  # None: each replicate's own skew
            got = aucpr_rows(tp, fp, model, interpolation, False)
            for r in range(6):
                take = np.concatenate([pool_rows[ix[r]] for pool_rows, ix in zip(rows, idx, strict=True)])
                ref_pts = sp.operating_points(y[take], s[take], sample_weight=None if w is None else w[take])
                ref = sp.aucpr(ref_pts, skew=model, interpolation=interpolation)
                assert got[r] == pytest.approx(ref, rel=1e-12, abs=1e-14), (interpolation, skew, r)


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
def test_counts_one_replicate_at_a_time_equal_the_flat_counts(stratified, weighted, monkeypatch):
    """Large pools are counted replicate by replicate, small ones in one flat bincount: the same sums, bit for bit
    (the naive resample-and-sort test above checks the flat form on its small data)."""
    y, s = _data()
    w = np.random.default_rng(1).uniform(0.5, 2.0, size=y.size) if weighted else None
    pools, n_bins = _resample.make_pools([s], [points_of(y, s, w)], y, w, stratified)
    idx = _draws(pools, np.random.default_rng(2), 5)
    got = {}
    for row_by_row in (1, 10**9):
        monkeypatch.setattr(_resample, "_ROW_BY_ROW", row_by_row)
        got[row_by_row] = _resample.counts(pools, n_bins, 0, idx)
    for one, flat in zip(got[1], got[10**9], strict=True):
        assert one.dtype == flat.dtype and np.array_equal(one, flat)


@pytest.mark.filterwarnings("ignore:n_boot=4 is small")
@pytest.mark.parametrize("skew", [(0.01, 0.1), (0.0, 0.5), 0.02, None, sp.SkewSeries([0.01, 0.05, 0.2])])
def test_aucpr_ci_replicates_of_untied_scores_equal_a_full_recomputation(skew):
    """The benchmark's case (continuous scores: every recall segment vertical, a few next to the axes).

    aucpr_ci's own replicates against resampling the same rows, re-sorting and
    calling sp.aucpr on them, to 1e-12.
    """
    rng = np.random.default_rng(5)
    y = rng.random(20000) < 0.1
    s = rng.normal(size=y.size) + 1.5 * y
    r = sp.aucpr_ci(y, s, skew=skew, n_boot=4, interval="percentile", random_state=11)
    pools, _ = _resample.make_pools([s], [points_of(y, s, None)], y, None, True)
    idx = _draws(pools, np.random.default_rng(11), 4)  # the same draws (one chunk)
    rows = [np.flatnonzero(y), np.flatnonzero(~y)]
    for k in range(4):
        take = np.concatenate([pool_rows[ix[k]] for pool_rows, ix in zip(rows, idx, strict=True)])
        ref_pts = sp.operating_points(y[take], s[take])
        ref = sp.aucpr(ref_pts, skew=skew)
        assert r.distribution[k] == pytest.approx(ref, rel=1e-12, abs=1e-15), k
        if skew == (0.01, 0.1) and k == 0:  # and against the fixed-skew areas averaged over the range
            avg = quad(lambda p: sp.aucpr(ref_pts, skew=p), 0.01, 0.1, epsabs=1e-15, epsrel=1e-13, limit=200)[0] / 0.09
            assert r.distribution[k] == pytest.approx(avg, rel=1e-12)
    assert np.ptp(r.distribution) > 1e-3  # the replicates differ (a real resample)


def test_unresampled_bins_give_the_estimate_for_every_model():
    y, s = _data(ties=True)
    pts = points_of(y, s, None)
    pools, n_bins = _resample.make_pools([s], [pts], y, None, True)
    tp, fp = _resample.polylines(*(c[None] for c in _resample.full_counts(pools, n_bins, 0)))
    for skew in MODELS:
        model = sp.as_skew(skew, default=pts.skew)
        for normalize in (False, True):
            got = aucpr_rows(tp, fp, model, "continuous", normalize)[0]
            assert got == pytest.approx(sp.aucpr(pts, skew=model, normalize=normalize), rel=1e-12, abs=1e-14)


@pytest.mark.slow_cases('skew2', 'skew3', 'skew4')  # loaded run 2026-11-29
@pytest.mark.parametrize("skew", MODELS)
def test_aucpr_ci_every_skew_model(skew):
    y, s = _data(n=600, seed=3)
    r = sp.aucpr_ci(y, s, skew=skew, n_boot=200, random_state=0)
    pts = sp.operating_points(y, s)
    assert r.estimate == pytest.approx(sp.aucpr(pts, skew=skew), rel=1e-12)
    assert r.low < r.estimate < r.high
    assert r.distribution.shape == (200,)
    assert r.se == pytest.approx(r.distribution.std(ddof=1))
    n = sp.aucpr_ci(y, s, skew=skew, n_boot=200, random_state=0, normalize=True)
    assert n.estimate == pytest.approx(sp.aucpr(pts, skew=skew, normalize=True), rel=1e-12)
    assert n.low < n.estimate < n.high


def test_seeded_runs_repeat_and_methods_share_replicates():
    y, s = _data()
    a = sp.aucpr_ci(y, s, skew=0.05, n_boot=300, random_state=7, interval="percentile")
    b = sp.aucpr_ci(y, s, skew=0.05, n_boot=300, random_state=7, interval="bca")
    np.testing.assert_array_equal(a.distribution, b.distribution)
    lo, hi = np.quantile(a.distribution, [0.025, 0.975])
    assert (a.low, a.high) == (pytest.approx(lo), pytest.approx(hi))


def test_stratified_replicates_keep_class_counts():
    y, s = _data()
    pts = points_of(y, s, None)
    pools, n_bins = _resample.make_pools([s], [pts], y, None, True)
    idx = _draws(pools, np.random.default_rng(0), 50)
    tp, fp = _resample.polylines(*_resample.counts(pools, n_bins, 0, idx))
    assert np.all(tp[:, -1] == y.sum()) and np.all(fp[:, -1] == (~y).sum())


@pytest.mark.slow  # 1.2 s
def test_bca_interval_matches_scipy_bootstrap_on_the_same_statistic():
    """The interval arithmetic (BCa with its jackknife acceleration) against scipy on the test skew."""
    from scipy import stats

    y, s = _data(n=150, seed=5, ties=False)
    ours = sp.aucpr_ci(y, s, n_boot=4000, random_state=0, stratified=False, interval="bca")

    def stat(idx):
        idx = idx.astype(int)
        return sp.aucpr(sp.operating_points(y[idx], s[idx]))

    ref = stats.bootstrap((np.arange(y.size),), stat, n_resamples=4000, vectorized=False, method="BCa",
                          confidence_level=0.95, random_state=np.random.default_rng(0))
    # Different draws: the ends agree to Monte Carlo error (a few thousandths).
    assert ours.low == pytest.approx(ref.confidence_interval.low, abs=0.012)
    assert ours.high == pytest.approx(ref.confidence_interval.high, abs=0.012)


def test_bad_input_names_the_argument():
    y, s = _data()
    with pytest.raises(ValueError, match="confidence"):
        sp.aucpr_ci(y, s, confidence=1.0)
    with pytest.raises(ValueError, match="confidence"):
        sp.aucpr_ci(y, s, confidence=0)
    with pytest.raises(ValueError, match="n_boot"):
        sp.aucpr_ci(y, s, n_boot=0)
    with pytest.warns(UserWarning, match="n_boot"):
        sp.aucpr_ci(y, s, n_boot=50, random_state=0)
    with pytest.raises(ValueError, match="interval"):
        sp.aucpr_ci(y, s, interval="studentised")
    with pytest.raises(ValueError, match="y_score has length"):
        sp.aucpr_ci(y, s[:-1])
    with pytest.raises(ValueError, match="sample_weight has length"):
        sp.aucpr_ci(y, s, sample_weight=np.ones(3))
    with pytest.raises(ValueError, match="interpolation"):
        sp.aucpr_ci(y, s, interpolation="linear")
    with pytest.raises(ValueError, match="only one class"):
        sp.aucpr_ci(np.zeros(10), np.arange(10.0))
    with pytest.raises(ValueError, match="skew"):
        sp.aucpr_ci(y, s, skew=1.5)
    with pytest.raises(ValueError, match="y_score contains NaN"):
        sp.aucpr_ci(y, np.where(y, np.nan, s))


def test_single_class_resample_without_stratification_is_a_clear_error():
    y = np.r_[np.ones(1, bool), np.zeros(60, bool)]
    s = np.arange(61.0)
    with pytest.raises(ValueError, match="stratified=True"):
        sp.aucpr_ci(y, s, n_boot=200, stratified=False, random_state=0)
    r = sp.aucpr_ci(y, s, n_boot=200, random_state=0)  # stratified: always one positive
    assert r.low <= r.estimate <= r.high


@pytest.mark.parametrize("n_boot", [10**7, 10**12])
def test_a_band_refuses_replicates_beyond_memory_naming_n_boot(n_boot):
    """Issue 41's corpus: plot_pr(confidence=0.9, n_boot=1e12) drew replicates for a minute and 5 GB, then
    failed in numpy; the band's replicates are all kept, so their memory is checked before any is drawn."""
    y, s = sp.datasets.make_scores(400, 0.3, random_state=0)
    pts = sp.operating_points(y, s)
    with pytest.raises(MemoryError, match=rf"n_boot={n_boot} band replicates of 400 rows"):
        sp.stats.bootstrap.bootstrap_points(pts, n_boot)
    with pytest.raises(MemoryError, match=rf"n_boot={n_boot}"):
        sp.plot_pr(pts, confidence=0.9, n_boot=n_boot)
