"""choose_threshold against brute force over every threshold, written here with plain masks and loops."""

import numpy as np
import pytest
from scipy import integrate, optimize, stats

import skewplot as sp


def _data(n, pos_rate, seed, *, ties, weights):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < pos_rate
    y[:3] = True  # a few positives even at 0.1 %
    s = rng.normal(size=n) + 2.0 * y
    if ties:
        s = np.round(s, 1)
    w = rng.uniform(0.3, 3.0, n) if weights else None
    return y, s, w


def _brute_rates(y, s, w):
    """Every threshold (the distinct scores and +inf) with its rates, by masks."""
    w = np.ones(len(y)) if w is None else w
    thr = np.concatenate([[np.inf], np.unique(s)[::-1]])
    tpr = np.array([w[(s >= t) & y].sum() for t in thr]) / w[y].sum()
    fpr = np.array([w[(s >= t) & ~y].sum() for t in thr]) / w[~y].sum()
    return thr, tpr, fpr


def _prec(t, f, p):
    with np.errstate(invalid="ignore", divide="ignore"):
        return p * t / (p * t + (1 - p) * f)


def _cost(t, f, p, m):
    # The cost per case over its largest value (everything wrong), [S Eq 7]
    c_fn, c_fp = 1 - m, m
    return (p * (1 - t) * c_fn + (1 - p) * f * c_fp) / (p * c_fn + (1 - p) * c_fp)


def _fb(t, f, p, beta):
    prec = _prec(t, f, p)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(t > 0, (1 + beta**2) * prec * t / (beta**2 * prec + t), 0.0)


def _objective(target, t, f, p, m, beta):
    """Larger is better; arrays of thresholds broadcast against skews."""
    if target == "cost":
        return -_cost(t, f, p, m)
    if target == "fbeta":
        return _fb(t, f, p, beta)
    return _prec(t, f, p)


def _expect(fn, skew):
    """E[fn(pi')]: adaptive quadrature over a range, the trapezoid weights in time of a series."""
    if isinstance(skew, tuple):
        return integrate.quad_vec(fn, *skew, epsabs=1e-15, epsrel=1e-12, limit=500)[0] / (skew[1] - skew[0])
    if isinstance(skew, sp.SkewSeries):
        w = np.ones(skew.values.size)
        w[[0, -1]] = 0.5  # the trapezoid rule in time
        return sum(wi * fn(p) for p, wi in zip(skew.values, w / w.sum(), strict=True))
    return fn(skew)


def _grid(skew):
    if isinstance(skew, tuple):
        return np.linspace(*skew, 2001)
    if isinstance(skew, sp.SkewSeries):
        return np.linspace(skew.values.min(), skew.values.max(), 2001)
    return np.array([skew])


CASES = [(0.001, 4000, 1), (0.01, 3000, 2), (0.1, 800, 3)]
SKEWS = [0.01, (0.002, 0.05), sp.SkewSeries([0.001, 0.01, 0.01, 0.03])]


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'cost-range-False-False-0.001-4000-1',
    'cost-series-False-False-0.001-4000-1',
    'cost-series-False-False-0.01-3000-2',
    'fbeta-range-False-False-0.01-3000-2',
    'fbeta-series-False-False-0.001-4000-1',
    'fbeta-series-False-False-0.01-3000-2')
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'cost-range-False-False-0.01-3000-2')
@pytest.mark.parametrize("pos_rate,n,seed", CASES)
@pytest.mark.parametrize("ties,weights", [(True, True), (False, False), (True, False)])
@pytest.mark.parametrize("skew", SKEWS, ids=["fixed", "range", "series"])
@pytest.mark.parametrize("target", ["cost", "fbeta"])
@pytest.mark.slow_cases("fbeta-range-False-False-0.001-4000-1")  # 0.8 s
def test_expected_and_worst_equal_brute_force(pos_rate, n, seed, ties, weights, skew, target):
    y, s, w = _data(n, pos_rate, seed, ties=ties, weights=weights)
    thr, tpr, fpr = _brute_rates(y, s, w)
    m, beta = 0.2, 2.0
    for risk in ("expected", "worst"):
        if risk == "expected":
            vals = _expect(lambda p: _objective(target, tpr, fpr, p, m, beta), skew)
        else:
            vals = _objective(target, tpr, fpr, _grid(skew)[:, None], m, beta).min(axis=0)
        d = sp.choose_threshold(y, s, skew=skew, target=target, risk=risk, m=m, beta=beta, sample_weight=w)
        k = int(np.flatnonzero(thr == d.threshold)[0])
        best = vals.max()
        assert vals[k] == pytest.approx(best, rel=1e-9, abs=1e-12), (risk, d.threshold, thr[np.argmax(vals)])
        sign = -1 if target == "cost" else 1
        assert sign * d.value == pytest.approx(best, rel=1e-9, abs=1e-12)


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'fbeta-range-0.001-4000-1',
    'fbeta-range-0.01-3000-2',
    'fbeta-range-0.1-800-3')
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'fbeta-series-0.001-4000-1',
    'fbeta-series-0.01-3000-2',
    'fbeta-series-0.1-800-3')
@pytest.mark.parametrize("pos_rate,n,seed", CASES)
@pytest.mark.parametrize("skew", SKEWS[1:], ids=["range", "series"])
@pytest.mark.parametrize("target", ["cost", "fbeta"])
def test_regret_equals_brute_force(pos_rate, n, seed, skew, target):
    y, s, w = _data(n, pos_rate, seed, ties=True, weights=True)
    thr, tpr, fpr = _brute_rates(y, s, w)
    grid = _grid(skew)

    def regret_at(p, k):
        return _objective(target, tpr, fpr, p, 0.3, 1.0).max() - _objective(target, tpr[k], fpr[k], p, 0.3, 1.0)

    def worst_regret(k):
        """The grid's largest regret of threshold k, refined between the grid's neighbours."""
        r = np.array([regret_at(p, k) for p in grid])
        g = int(np.argmax(r))
        lo, hi = grid[max(g - 1, 0)], grid[min(g + 1, grid.size - 1)]
        opt = optimize.minimize_scalar(lambda p: -regret_at(p, k), bounds=(lo, hi), method="bounded",
                                       options={"xatol": 1e-15})
        return max(r[g], -opt.fun)

    grid = _grid(skew)
    table = _objective(target, tpr, fpr, grid[:, None], 0.3, 1.0)
    regret = (table.max(axis=1, keepdims=True) - table).max(axis=0)  # on the grid: a lower bound
    d = sp.choose_threshold(y, s, skew=skew, target=target, risk="regret", m=0.3, sample_weight=w)
    k = int(np.flatnonzero(thr == d.threshold)[0])
    best = int(np.argmin(regret))
    assert d.value == pytest.approx(worst_regret(k), rel=1e-9, abs=1e-13)
    assert d.value <= worst_regret(best) * (1 + 1e-9) + 1e-13


@pytest.mark.parametrize("pos_rate,n,seed", CASES)
@pytest.mark.parametrize("skew", SKEWS, ids=["fixed", "range", "series"])
def test_precision_and_recall_targets_equal_brute_force(pos_rate, n, seed, skew):
    y, s, w = _data(n, pos_rate, seed, ties=True, weights=True)
    thr, tpr, fpr = _brute_rates(y, s, w)
    for risk in ("expected", "worst", "regret"):
        for value in (0.2, 0.5):
            if risk == "expected":
                prec = _expect(lambda p: _prec(tpr, fpr, p), skew)
            else:
                prec = _prec(tpr, fpr, _grid(skew)[:, None]).min(axis=0)
            prec = np.where(tpr + fpr > 0, prec, -1.0)
            ok = prec >= value
            if not ok.any():
                with pytest.raises(ValueError, match="value: no threshold reaches precision"):
                    sp.choose_threshold(y, s, skew=skew, target="precision", value=value, risk=risk,
                                        sample_weight=w)
                continue
            best = np.flatnonzero(ok & (tpr == tpr[ok].max()))[0]
            d = sp.choose_threshold(y, s, skew=skew, target="precision", value=value, risk=risk, sample_weight=w)
            assert d.threshold == thr[best]
    for value in (0.0, 0.5, 0.9, 1.0):
        d = sp.choose_threshold(y, s, skew=skew, target="recall", value=value, sample_weight=w)
        assert d.threshold == thr[np.flatnonzero(tpr >= value)[0]]


def test_report_counts_per_10000():
    y, s, w = _data(3000, 0.01, 5, ties=True, weights=True)
    thr, tpr, fpr = _brute_rates(y, s, w)
    skew = (0.001, 0.02)
    d = sp.choose_threshold(y, s, skew=skew, target="fbeta", sample_weight=w)
    k = int(np.flatnonzero(thr == d.threshold)[0])
    t, f, mu = tpr[k], fpr[k], 0.0105
    assert d.recall == pytest.approx(t) and d.fpr == pytest.approx(f)
    assert d.counts["tp"] == pytest.approx(1e4 * mu * t) and d.counts["fp"] == pytest.approx(1e4 * (1 - mu) * f)
    assert sum(d.counts.values()) == pytest.approx(1e4)
    assert d.precision == pytest.approx(_expect(lambda p: _prec(t, f, p), skew), rel=1e-9)
    assert d.cost == pytest.approx(_expect(lambda p: _cost(t, f, p, 0.5), skew), rel=1e-9)


def _replicate_rates(y, s, w, thr, n_boot, seed):
    """The replicates choose_threshold draws (stratified: positives, then negatives), counted by masks."""
    rng = np.random.default_rng(seed)
    w = np.ones(len(y)) if w is None else w
    pos, neg = np.flatnonzero(y), np.flatnonzero(~y)
    ip = rng.integers(0, pos.size, size=(n_boot, pos.size))
    ineg = rng.integers(0, neg.size, size=(n_boot, neg.size))
    tpr = np.empty((n_boot, thr.size))
    fpr = np.empty((n_boot, thr.size))
    for r in range(n_boot):
        rp, rn = pos[ip[r]], neg[ineg[r]]
        for j, t in enumerate(thr):
            tpr[r, j] = w[rp][s[rp] >= t].sum() / w[rp].sum()
            fpr[r, j] = w[rn][s[rn] >= t].sum() / w[rn].sum()
    return tpr, fpr, rng


@pytest.mark.slow_cases('False')  # 0.3 s or more, 2-worker run of 2026-12-01
@pytest.mark.slow_cases('True')  # loaded run 2026-11-29
@pytest.mark.parametrize("weights", [False, True])
def test_chance_equals_brute_force_on_the_same_replicates(weights):
    y, s, w = _data(500, 0.1, 7, ties=True, weights=weights)
    thr, tpr, fpr = _brute_rates(y, s, w)
    n_boot, level = 200, 0.8
    rt, rf, rng = _replicate_rates(y, s, w, thr, n_boot, 11)
    pis = rng.uniform(0.02, 0.08, n_boot)  # then one skew per replicate
    with np.errstate(invalid="ignore"):
        prec = np.where(rt + rf > 0, _prec(rt, rf, pis[:, None]), pis[:, None])
    prob = (prec >= 0.5).mean(axis=0)
    prob[(tpr == 0) & (fpr == 0)] = 0
    ok = prob >= level
    best = np.flatnonzero(ok & (tpr == tpr[ok].max()))[0]
    d = sp.choose_threshold(y, s, skew=(0.02, 0.08), target="precision", value=0.5, risk="chance", level=level,
                            n_boot=n_boot, sample_weight=w, random_state=11)
    assert d.threshold == thr[best] and d.value == pytest.approx(prob[best])
    # F_1: the threshold whose F reached with probability 0.8 is largest
    f = np.where(rt > 0, 2 * prec * rt / np.where(rt > 0, prec + rt, 1), 0.0)
    q = np.sort(f, axis=0)[int(np.floor(0.2 * n_boot))]
    d = sp.choose_threshold(y, s, skew=(0.02, 0.08), target="fbeta", risk="chance", level=level,
                            n_boot=n_boot, sample_weight=w, random_state=11)
    assert d.value == pytest.approx(q.max(), rel=1e-12)
    assert q[np.flatnonzero(thr == d.threshold)[0]] == pytest.approx(q.max(), rel=1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
def test_intervals_cover_the_estimate_and_skew_estimate_is_accepted():
    rng = np.random.default_rng(3)
    y = rng.random(3000) < 0.1
    s = rng.normal(size=3000) + 2 * y
    new = np.concatenate([rng.normal(size=4900), rng.normal(size=100) + 2])
    est = sp.estimate_skew(y, s, new, confidence=0.9, n_boot=200, random_state=0)
    for risk in ("expected", "worst", "regret", "chance"):
        d = sp.choose_threshold(y, s, skew=est, target="fbeta", risk=risk, confidence=0.9, n_boot=300,
                                random_state=0)
        assert set(d.intervals) == {"recall", "precision", "fpr", "cost", "tp", "fp", "fn", "tn"}
        for k in ("recall", "fpr"):
            lo, hi = d.intervals[k]
            assert lo <= getattr(d, k) <= hi
        lo, hi = d.intervals["tp"]
        assert lo <= d.counts["tp"] <= hi


@pytest.mark.parametrize("kwargs,err,match", [
    (dict(target="gain"), ValueError, "target"),
    (dict(target="cost", risk="bad"), ValueError, "risk"),
    (dict(target="precision"), TypeError, "needs value="),
    (dict(target="cost", value=0.3), TypeError, "value="),
    (dict(target="recall", value=1.5), ValueError, "value"),
    (dict(target="cost", level=1.0, risk="chance"), ValueError, "level"),
    (dict(target="cost", m=-0.1), ValueError, "m"),
    (dict(target="fbeta", beta=-1.0), ValueError, "beta"),
])
def test_bad_input_names_the_argument(kwargs, err, match):
    y, s, _ = _data(300, 0.1, 1, ties=False, weights=False)
    kwargs = {"skew": 0.1, **kwargs}
    with pytest.raises(err, match=match):
        sp.choose_threshold(y, s, **kwargs)


def test_unreachable_target_says_what_is_reached():
    y, s = [0, 1, 0, 1, 0], [0.9, 0.8, 0.1, 0.2, 0.5]
    for risk in ("expected", "worst", "chance"):
        with pytest.raises(ValueError, match="value: no threshold reaches precision >= 0.5"):
            sp.choose_threshold(y, s, skew=1e-4, target="precision", value=0.5, risk=risk, n_boot=100,
                                random_state=0)


def test_operating_points_and_missing_skew():
    y, s, _ = _data(300, 0.1, 1, ties=False, weights=False)
    pts = sp.operating_points(y, s)
    assert sp.choose_threshold(pts, skew=0.05, target="fbeta").threshold == \
        sp.choose_threshold(y, s, skew=0.05, target="fbeta").threshold
    with pytest.raises(TypeError, match="resample"):
        sp.choose_threshold(pts, skew=0.05, target="fbeta", risk="chance")
    with pytest.raises(TypeError, match="skew is required"):
        sp.choose_threshold(y, s, skew=None, target="fbeta")


def test_expected_at_one_skew_is_best_threshold():
    y, s, _ = _data(2000, 0.05, 9, ties=True, weights=False)
    pts = sp.operating_points(y, s)
    for kw, target in ((dict(beta=1.0), "fbeta"), (dict(m=0.3), "cost")):
        for risk in ("expected", "worst", "regret"):
            d = sp.choose_threshold(y, s, skew=0.02, target=target, risk=risk, **kw)
            b = sp.best_threshold(pts, skew=0.02, **kw)
            assert d.threshold == b.threshold or b.alternatives


def _coverage(skew, judged_under, level, sims, seed):
    """Share of simulated test sets whose chosen threshold meets precision >= 0.3 out there.

    Binormal scores (positives shifted by 1.5): the true precision of a
    threshold at pi' is known.  Out there pi' is drawn from ``judged_under``
    (a point or a uniform range), so the share is averaged over it exactly.
    """
    rng = np.random.default_rng(seed)
    pis = np.linspace(*judged_under, 2001) if isinstance(judged_under, tuple) else np.array([judged_under])
    hits = []
    for k in range(sims):
        y = rng.random(3000) < 0.05
        s = rng.normal(size=3000) + 1.5 * y
        d = sp.choose_threshold(y, s, skew=skew, target="precision", value=0.3, risk="chance", level=level,
                                n_boot=400, random_state=k)
        tpr, fpr = stats.norm.sf(d.threshold - 1.5), stats.norm.sf(d.threshold)
        hits.append(np.mean(_prec(tpr, fpr, pis) >= 0.3))
    return float(np.mean(hits))


@pytest.mark.slow
def test_chance_is_calibrated_by_simulation():
    # Measured (300 simulations): 0.843 at a fixed skew and level 0.8, 0.905 over a range at level 0.9.
    assert 0.8 - 0.085 <= _coverage(0.05, 0.05, 0.8, 200, 5) <= 0.8 + 0.1  # 3 binomial SE: 0.085
    assert abs(_coverage((0.02, 0.08), (0.02, 0.08), 0.9, 200, 6) - 0.9) <= 0.04
    # Ignoring the skew's uncertainty (choosing at the mean skew) falls short out there.
    assert _coverage(0.05, (0.02, 0.08), 0.9, 100, 7) < 0.9 - 0.1


def test_a_precision_exactly_at_the_target_meets_it():
    """y = [1, 0 x 17, 1], s = [0 x 18, 0.25] at pi' = 0.9: predicting everything has precision exactly 0.9
    (18 x 0.1 ... = 0.9 / (0.9 + 0.1), as sp.precision says), and recall 1; float rounding gives 0.8999999999999999.
    Counted as a miss, the pick was 0.25 (recall 0.5)."""
    from fractions import Fraction

    from skewplot.metrics.decide import PrecisionIndex, TargetIndex

    y = [1] + [0] * 17 + [1]
    s = [0.0] * 18 + [0.25]
    pi = Fraction(9, 10)
    exact = pi * 1 / (pi * 1 + (1 - pi) * 1)  # tpr = fpr = 1, in rationals
    assert exact == Fraction(9, 10)
    for risk in ("expected", "worst", "regret"):
        d = sp.choose_threshold(y, s, skew=0.9, target="precision", value=0.9, risk=risk)
        assert (d.threshold, d.recall) == (0.0, 1.0), risk
        assert d.precision == pytest.approx(0.9, rel=1e-15)
    pts = sp.operating_points(y, s)
    assert TargetIndex(pts, "precision", sp.FixedSkew(0.9))(0.9) == PrecisionIndex(pts)(0.9, 0.9) == len(pts) - 1
    # the tolerance is the rounding's, not a loosened target: a precision truly below 0.9 still misses
    d = sp.choose_threshold(y, s, skew=0.9, target="precision", value=0.9 + 1e-9)
    assert d.threshold == 0.25
    # and a recall exactly at its target meets it (1/2 of the positives at value 0.5)
    assert sp.choose_threshold(y, s, skew=0.9, target="recall", value=0.5).threshold == 0.25
