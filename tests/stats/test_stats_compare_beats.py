"""``compare(...).prob_a_beats_b``: the chance that A beats B out there, over the test set and the skew.

(a) A naive loop (rows resampled by index and every AUCPR computed from
scratch by sorting) with the same seed and the same skew draws gives the same
replicate differences and the same probability.  (b) Calibration: A against
itself gives exactly 1/2; A clearly better gives 1; A and B equal in
distribution average 1/2; with a spread of true effects the probability is
calibrated (slow).  (c) Skew uncertainty: two classifiers whose AUCPRs cross
at pi*; the probability is the skew model's mass below pi*, and moves with it.
"""

import warnings

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats.compare import ROUNDING


def _data(n=80, seed=0, prevalence=0.3):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < prevalence
    a = np.round(rng.normal(size=n) + 1.2 * y, 1)  # ties
    b = np.round(a + rng.normal(scale=0.9, size=n), 1)
    return y, a, b


def _crossing(n=4000, seed=0, prevalence=0.2):
    """A ranks 30 % of the positives far above everything and the rest at random; B is better in the bulk.

    A wins at low skews (precision there is the FPR = 0 corner), B at high skews.
    """
    rng = np.random.default_rng(seed)
    y = rng.random(n) < prevalence
    top = rng.random(n) < 0.3
    a = np.where(y & top, rng.normal(4.0, 0.5, n), rng.normal(0.0, 1.0, n))
    b = rng.normal(0.0, 1.0, n) + 1.5 * y
    return y, a, b


def _win(d, a, b):
    """The documented tie rule: a difference within ROUNDING of the larger area is a tie."""
    if abs(d) <= ROUNDING * max(abs(a), abs(b)):
        return 0.5
    return 1.0 if d > 0 else 0.0


def _naive(y, a, b, *, skew_draws, seed, n_boot, weights=None, stratified=True, interpolation="continuous",
           normalize=False, skew_fixed=None):
    """The probability from a plain loop: resample row indices, sort each replicate afresh, compare."""
    rng = np.random.default_rng(seed)
    if skew_draws is not None:
        skew_draws(rng)  # consume the skew draws first, as compare does
    pools = [np.flatnonzero(y), np.flatnonzero(~y)] if stratified else [np.arange(y.size)]
    idx = [rng.integers(0, p.size, size=(n_boot, p.size)) for p in pools]  # one chunk at this size
    diffs, won = [], []
    draws = skew_draws(np.random.default_rng(seed)) if skew_draws is not None else None
    for r in range(n_boot):
        rows = np.concatenate([p[i[r]] for p, i in zip(pools, idx, strict=True)])
        w = None if weights is None else weights[rows]
        pi = skew_fixed if draws is None else float(draws[r])
        area_a, area_b = (sp.aucpr(y[rows], s[rows], sample_weight=w, skew=pi, interpolation=interpolation)
                          for s in (a, b))
        d = area_a - area_b
        won.append(_win(d, area_a, area_b))
        if won[-1] == 0.5:
            d = 0.0
        if normalize:
            floor = sp.aucpr_min(pi)
            d = d / (1.0 - floor)
        diffs.append(d)
    return np.array(diffs), float(np.mean(won)), draws


UNIFORM = (0.01, 0.3)
SERIES = sp.SkewSeries([0.02, 0.2, 0.1, 0.05])


def _uniform_draws(rng, n_boot=150):
    return rng.uniform(*UNIFORM, size=n_boot)


def _series_draws(rng, n_boot=150):
    pi, w = SERIES.nodes()
    return rng.choice(pi, size=n_boot, p=w)


@pytest.mark.parametrize("case", [
    dict(skew=UNIFORM, draws=_uniform_draws),
    dict(skew=SERIES, draws=_series_draws),
    dict(skew=UNIFORM, draws=_uniform_draws, weights=True),
    dict(skew=UNIFORM, draws=_uniform_draws, stratified=False),
    dict(skew=UNIFORM, draws=_uniform_draws, interpolation="step"),
    dict(skew=UNIFORM, draws=_uniform_draws, normalize=True),
    dict(skew=0.05, draws=None, skew_fixed=0.05),
    dict(skew=None, draws=None, skew_fixed=None),
])
@pytest.mark.slow_cases('case2', 'case3', 'case4', 'case5')  # loaded run 2026-11-29
def test_equals_a_naive_loop_with_the_same_seed_and_skew_draws(case):
    y, a, b = _data()
    n_boot, seed = 150, 7
    weights = np.random.default_rng(1).uniform(0.5, 2.0, y.size) if case.get("weights") else None
    kw = dict(stratified=case.get("stratified", True), interpolation=case.get("interpolation", "continuous"),
              normalize=case.get("normalize", False))
    r = sp.compare(y, a, b, skew=case["skew"], sample_weight=weights, n_boot=n_boot, random_state=seed,
                   interval="percentile", **kw)
    diffs, prob, draws = _naive(y, a, b, skew_draws=case["draws"], seed=seed, n_boot=n_boot, weights=weights,
                                skew_fixed=case.get("skew_fixed"), **kw)
    if draws is None:
        assert r.skew_draws is None
        np.testing.assert_array_equal(r.deployed_distribution, r.distribution)
    else:
        np.testing.assert_array_equal(r.skew_draws, draws)
    np.testing.assert_allclose(r.deployed_distribution, diffs, rtol=1e-9, atol=1e-12)
    assert r.prob_a_beats_b == prob
    assert 0.0 < prob < 1.0  # the case discriminates
    won = np.where(diffs > 0, 1.0, np.where(diffs == 0, 0.5, 0.0))
    assert r.prob_a_beats_b_se == pytest.approx(won.std(ddof=1) / np.sqrt(n_boot), rel=1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
@pytest.mark.filterwarnings("ignore:.*outside the test scores' range:UserWarning")
def test_an_estimate_draws_from_its_bootstrap_distribution():
    y, a, b = _data(n=120, seed=3)
    _, deploy = sp.datasets.make_scores(400, 0.1, random_state=2)
    est = sp.estimate_skew(y, a, deploy, confidence=0.9, n_boot=50, random_state=0)
    r = sp.compare(y, a, b, skew=est, n_boot=120, random_state=4, interval="percentile")
    expect = np.random.default_rng(4).choice(np.clip(est.distribution, 0.0, 1.0), size=120)
    np.testing.assert_array_equal(r.skew_draws, expect)
    diffs, prob, _ = _naive(y, a, b, skew_draws=lambda g: g.choice(np.clip(est.distribution, 0, 1), size=120),
                            seed=4, n_boot=120)
    np.testing.assert_allclose(r.deployed_distribution, diffs, rtol=1e-9, atol=1e-12)
    assert r.prob_a_beats_b == prob
    # The metric itself stays at the point estimate.
    assert r.estimate_a == sp.aucpr(y, a, skew=est.estimate)
    # Without a distribution the estimate is a fixed skew.
    point = sp.estimate_skew(y, a, deploy)
    assert sp.compare(y, a, b, skew=point, n_boot=120, random_state=4).skew_draws is None


@pytest.mark.slow_cases('step', 'trapezoid')  # loaded run 2026-11-29
@pytest.mark.parametrize("interpolation", ["continuous", "step", "trapezoid"])
def test_drawn_skews_at_0_and_1_take_the_limits(interpolation):
    """At pi' = 1 every AUCPR and AP is 1 (a tie); at pi' = 0 precision is 1 only at FPR = 0.

    (The trapezoid joins a precision of 0, negatives first, to 1 linearly: not a tie at 1.)
    """
    y, a, b = _data(n=100, seed=5)
    r = sp.compare(y, a, b, skew=sp.SkewSeries([0.0, 1.0, 0.0]), n_boot=100, random_state=0,
                   interval="percentile", interpolation=interpolation)
    at_one = r.skew_draws == 1.0
    assert at_one.any() and (~at_one).any()
    if interpolation != "trapezoid":
        assert np.all(r.deployed_distribution[at_one] == 0.0)
    assert np.all(np.isfinite(r.deployed_distribution))
    if interpolation == "continuous":  # pi' -> 0: the recall reached at FPR = 0, from the resampled rows
        rng = np.random.default_rng(0)
        pi, w = sp.SkewSeries([0.0, 1.0, 0.0]).nodes()
        np.testing.assert_array_equal(rng.choice(pi, size=100, p=w), r.skew_draws)
        pools = [np.flatnonzero(y), np.flatnonzero(~y)]
        idx = [rng.integers(0, p.size, size=(100, p.size)) for p in pools]
        for k in np.flatnonzero(~at_one):
            pos, neg = (p[i[k]] for p, i in zip(pools, idx, strict=True))
            top = [np.mean(s[pos] > s[neg].max()) for s in (a, b)]
            assert r.deployed_distribution[k] == pytest.approx(top[0] - top[1], abs=1e-15)


def test_paired_kernel_equals_the_fixed_skew_kernel_row_by_row():
    from skewplot.skew.base import aucpr_nodes

    rng = np.random.default_rng(0)
    tpr = np.sort(rng.random((6, 30)), axis=1)
    fpr = np.sort(rng.random((6, 30)), axis=1)
    tpr[:, 0] = fpr[:, 0] = 0.0
    tpr[:, -1] = fpr[:, -1] = 1.0
    pi = np.array([1e-4, 0.0, 0.3, 1.0, 0.9, 0.02])
    got = aucpr_nodes(tpr, fpr, pi, paired=True)
    each = [aucpr_nodes(tpr[j], fpr[j], pi[j:j + 1])[0] for j in range(6)]
    np.testing.assert_array_equal(got, each)
    with pytest.raises(ValueError, match="paired"):
        aucpr_nodes(tpr, fpr, pi[:3], paired=True)


# --------------------------------------------------------------------------- (b) calibration


@pytest.mark.parametrize("skew", [None, 0.02, (0.01, 0.3), SERIES])
def test_a_against_itself_is_exactly_one_half(skew):
    y, a, _ = _data(n=200)
    for other in (a, 3.0 * a + 1.0, np.exp(a)):  # the same ranking
        r = sp.compare(y, a, other, skew=skew, n_boot=100, random_state=0, interval="percentile")
        assert r.prob_a_beats_b == 0.5 and r.prob_a_beats_b_se == 0.0
        assert np.all(r.deployed_distribution == 0.0)


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_clearly_better_gives_one_and_swapping_gives_the_complement():
    rng = np.random.default_rng(5)
    y = rng.random(1000) < 0.1
    a = rng.normal(size=1000) + 2.5 * y
    b = a + rng.normal(scale=3.0, size=1000)
    r = sp.compare(y, a, b, skew=(0.005, 0.2), n_boot=200, random_state=0, interval="percentile")
    assert r.prob_a_beats_b == 1.0 and r.prob_a_beats_b_se == 0.0
    y, a, b = _data(n=200, seed=2)
    ab = sp.compare(y, a, b, skew=(0.01, 0.3), n_boot=200, random_state=3, interval="percentile")
    ba = sp.compare(y, b, a, skew=(0.01, 0.3), n_boot=200, random_state=3, interval="percentile")
    assert 0.0 < ab.prob_a_beats_b < 1.0
    assert ab.prob_a_beats_b + ba.prob_a_beats_b == 1.0
    assert ab.prob_a_beats_b_se == ba.prob_a_beats_b_se


def _equal_in_distribution(rng, n=300):
    y = rng.random(n) < 0.2
    z = rng.normal(size=n) + 1.0 * y
    return y, z + rng.normal(size=n), z + rng.normal(size=n)


@pytest.mark.slow  # loaded run 2026-11-29
def test_equal_in_distribution_averages_one_half():
    """30 test sets where A and B are two draws of the same noisy classifier: mean probability 1/2.

    Each probability is spread over (0, 1) (about uniformly: it is a
    bootstrap tail share of a difference centred on 0); the mean of 30 has
    a standard deviation of about 0.29 / sqrt(30) = 0.053.
    """
    rng = np.random.default_rng(11)
    probs = [sp.compare(*_equal_in_distribution(rng), skew=(0.02, 0.2), n_boot=100, interval="percentile",
                        random_state=int(rng.integers(1 << 31))).prob_a_beats_b for _ in range(30)]
    assert abs(np.mean(probs) - 0.5) < 0.16  # 3 SD
    assert np.std(probs) > 0.15  # spread out, not a p-value's point mass


@pytest.mark.slow
def test_equal_in_distribution_is_about_uniform_over_many_test_sets():
    """400 test sets: mean 1/2 (SD 0.014) and about 5 % of the probabilities above 0.95 (SD 1.1 points)."""
    rng = np.random.default_rng(12)
    probs = np.array([sp.compare(*_equal_in_distribution(rng), skew=(0.02, 0.2), n_boot=200, interval="percentile",
                                 random_state=int(rng.integers(1 << 31))).prob_a_beats_b for _ in range(400)])
    assert abs(probs.mean() - 0.5) < 0.045
    assert 0.015 < np.mean(probs > 0.95) < 0.09
    assert 0.015 < np.mean(probs < 0.05) < 0.09


@pytest.mark.slow
def test_calibrated_over_a_spread_of_true_effects():
    """Separations differ by delta ~ U(-0.5, 0.5): the share of test sets where A truly wins matches the probability.

    Binormal with equal variances: the larger separation has the higher
    AUCPR at every skew (its ROC curve dominates), so the truth is the sign
    of delta.  300 test sets, grouped by the probability into five bins;
    in each bin with at least 20 sets the share of true wins is within 0.2
    of the bin's mean probability (binomial SD at most 0.11), and overall
    within 0.06 (SD 0.029).
    """
    rng = np.random.default_rng(21)
    probs, truth = [], []
    for _ in range(300):
        delta = rng.uniform(-0.5, 0.5)
        n = 400
        y = rng.random(n) < 0.2
        z = rng.normal(size=n)
        a = (z + rng.normal(size=n)) / np.sqrt(2.0) + (1.2 + delta / 2) * y
        b = (z + rng.normal(size=n)) / np.sqrt(2.0) + (1.2 - delta / 2) * y
        r = sp.compare(y, a, b, skew=(0.02, 0.2), n_boot=200, interval="percentile",
                       random_state=int(rng.integers(1 << 31)))
        probs.append(r.prob_a_beats_b)
        truth.append(delta > 0)
    probs, truth = np.array(probs), np.array(truth, float)
    assert abs(probs.mean() - truth.mean()) < 0.06
    bins = np.minimum((probs * 5).astype(int), 4)
    for k in range(5):
        sel = bins == k
        if sel.sum() >= 20:
            assert abs(probs[sel].mean() - truth[sel].mean()) < 0.2, (k, sel.sum())
    # Better than knowing nothing: the Brier score of 1/2 is 0.25.
    assert np.mean((probs - truth) ** 2) < 0.2


# --------------------------------------------------------------------------- (c) skew uncertainty


@pytest.fixture(scope="module")
def crossing():
    y, a, b = _crossing()
    flips = sp.inversion_skews(sp.operating_points(y, a), sp.operating_points(y, b))
    assert flips.size == 1
    return y, a, b, float(flips[0])


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_wins_at_low_skew_and_b_at_high_skew(crossing):
    y, a, b, pi_star = crossing
    assert 0.03 < pi_star < 0.15
    low = sp.compare(y, a, b, skew=(0.002, 0.02), n_boot=200, random_state=0, interval="percentile")
    high = sp.compare(y, a, b, skew=(0.2, 0.5), n_boot=200, random_state=0, interval="percentile")
    assert low.prob_a_beats_b > 0.99 and low.difference > 0
    assert high.prob_a_beats_b < 0.01 and high.difference < 0


@pytest.mark.slow  # 0.6 s
def test_probability_follows_the_skew_models_mass(crossing):
    """A two-valued series with mass w at 0.01 (A wins) and 1 - w at 0.3 (B wins): the probability is w."""
    y, a, b, pi_star = crossing
    probs = []
    for k in range(5):
        model = sp.SkewSeries([0.01] * k + [0.3] * (4 - k) + [0.01] * (k > 0))
        pi, w = model.nodes()
        mass = float(w[pi < pi_star].sum())
        r = sp.compare(y, a, b, skew=model, n_boot=300, random_state=k, interval="percentile")
        assert r.prob_a_beats_b == pytest.approx(mass, abs=4 * r.prob_a_beats_b_se + 1e-12)
        probs.append(r.prob_a_beats_b)
    assert probs == sorted(probs) and probs[0] == 0.0 and probs[-1] == 1.0


@pytest.mark.slow  # loaded run 2026-11-29
def test_probability_over_a_range_is_its_share_below_the_crossing(crossing):
    """Uniform on (lo, hi) around pi*: about (pi* - lo) / (hi - lo), though the P̄ difference has one sign."""
    y, a, b, pi_star = crossing
    lo, hi = pi_star - 0.03, pi_star + 0.09
    r = sp.compare(y, a, b, skew=(lo, hi), n_boot=400, random_state=1, interval="percentile")
    share = (pi_star - lo) / (hi - lo)  # 0.25
    # Near pi* the test set cannot tell them apart; that smear is about symmetric.
    assert r.prob_a_beats_b == pytest.approx(share, abs=4 * r.prob_a_beats_b_se + 0.03)
    assert r.difference < 0  # on average over the range (the P̄ area) B is better


def test_bad_skew_is_refused_by_name():
    y, a, b = _data(n=60)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for bad, exc in (((0.3, 0.1), ValueError), ("high", TypeError), (1.5, ValueError), (True, TypeError)):
            with pytest.raises(exc, match="skew"):
                sp.compare(y, a, b, skew=bad, n_boot=20)
        est = sp.SkewEstimate(estimate=0.1, low=0.05, high=0.2, confidence=0.9, method="ml", test_skew=0.3,
                              n_deploy=100, distribution=np.array([0.1, np.nan, 0.2]))
        with pytest.raises(ValueError, match="skew: the estimate's bootstrap distribution holds NaN"):
            sp.compare(y, a, b, skew=est, n_boot=20)


@pytest.mark.slow
def test_skew_part_matches_the_population_share_over_simulated_test_sets():
    """Crossing curves, deployment skew uniform on (0.02, 0.2): the population answer is mu(pi' < pi*).

    pi* of the population from 2e6 rows (0.0629, so the share is 0.238).
    Over 100 test sets of 4000 rows the mean probability was 0.260 (SD of
    the mean 0.009): the plug-in areas' small-sample bias moves the
    estimated crossing up a little (0.278 at 1000 rows, 0.260 at 4000).
    """
    y, a, b = _crossing(n=2_000_000, seed=100)
    pi_star = float(sp.inversion_skews(sp.operating_points(y, a), sp.operating_points(y, b))[0])
    lo, hi = 0.02, 0.2
    share = (pi_star - lo) / (hi - lo)
    probs = [sp.compare(*_crossing(n=4000, seed=1000 + k), skew=(lo, hi), n_boot=200, interval="percentile",
                        random_state=k).prob_a_beats_b for k in range(100)]
    assert abs(np.mean(probs) - share) < 0.05
    assert 0.03 < np.std(probs) < 0.2  # each test set's answer varies with its estimated crossing
