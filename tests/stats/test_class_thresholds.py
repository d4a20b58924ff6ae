"""choose_threshold and report_at for one-vs-rest: per-class thresholds at a prior vector, and the argmax rule.

Each class's decision is checked against the binary choose_threshold on
``(y == k, s[:, k])`` with the rows reweighted to the priors (its rest is
then the other classes at their new priors); the count-bootstrap intervals
against a brute-force bootstrap that resamples each class's rows.
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats.choose import report_at


def _data(n=300, k=3, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    s = np.round(rng.random((n, k)) + 0.6 * np.eye(k)[y], 2)
    return y, s


PRIORS = {0: 0.7, 1: 0.2, 2: 0.1}


def _weights(y, priors):
    test = np.bincount(y) / y.size
    return np.array([priors[k] for k in range(test.size)])[y] / test[y]


@pytest.mark.parametrize("target, extra", [("cost", {"m": 0.3}), ("fbeta", {"beta": 2.0}),
                                           ("precision", {"value": 0.5})])
def test_each_class_decides_as_the_binary_on_reweighted_rows(target, extra):
    y, s = _data()
    w = _weights(y, PRIORS)
    res = sp.choose_threshold(y, s, skew=PRIORS, target=target, **extra)
    same = sp.choose_threshold(sp.one_vs_rest(y, s), skew=PRIORS, target=target, **extra)
    for k, prior in PRIORS.items():
        ref = sp.choose_threshold(y == k, s[:, k], sample_weight=w, skew=prior, target=target, **extra)
        assert res[k].threshold == ref.threshold == same[k].threshold
        assert res[k].counts == pytest.approx(ref.counts, rel=1e-12)
        assert res[k].value == pytest.approx(ref.value, rel=1e-12)
        assert sum(res[k].counts.values()) == pytest.approx(10_000)
        assert res[k].counts["tp"] + res[k].counts["fn"] == pytest.approx(10_000 * prior)
    assert res.priors == PRIORS


def test_report_at_each_class_from_direct_counts():
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)
    index = {0: 20, 1: 35, 2: 50}
    rep = report_at(ovr, index, PRIORS)
    w = _weights(y, PRIORS)
    for k, i in index.items():
        t = ovr[k].thresholds[i]
        above = s[:, k] >= t
        tp = np.sum(w[above & (y == k)]) / np.sum(w[y == k]) * 10_000 * PRIORS[k]
        fp = np.sum(w[above & (y != k)]) / np.sum(w[y != k]) * 10_000 * (1 - PRIORS[k])
        assert rep[k]["tp"] == pytest.approx(tp, rel=1e-12)
        assert rep[k]["fp"] == pytest.approx(fp, rel=1e-12)
        assert rep[k]["precision"] == pytest.approx(tp / (tp + fp), rel=1e-12)
        assert rep[k]["intervals"] is None


@pytest.mark.slow
def test_count_intervals_match_a_bootstrap_of_each_class_rows():
    y, s = _data(n=300)
    ovr = sp.one_vs_rest(y, s)
    k, i = 1, 40
    got = report_at(ovr, {0: 10, 1: i, 2: 10}, PRIORS, confidence=0.8, n_boot=4000, random_state=1)[k]
    t = ovr[k].thresholds[i]
    rng = np.random.default_rng(2)
    rows = [np.flatnonzero(y == j) for j in range(3)]
    tp, fp = [], []
    for _ in range(4000):
        share = [np.mean(s[rng.choice(r, r.size), k] >= t) for r in rows]
        fpr = sum(PRIORS[j] * share[j] for j in (0, 2)) / (1 - PRIORS[k])
        tp.append(10_000 * PRIORS[k] * share[k])
        fp.append(10_000 * (1 - PRIORS[k]) * fpr)
    for name, ref in (("tp", tp), ("fp", fp)):
        lo, hi = np.quantile(ref, [0.1, 0.9])
        assert got["intervals"][name] == pytest.approx((lo, hi), rel=0.05, abs=5.0)


@pytest.mark.slow
def test_an_estimate_draws_its_replicates_into_the_intervals():
    y, s = _data()
    proba = s / s.sum(axis=1, keepdims=True)
    est = sp.estimate_priors(y, proba, proba[y != 2], n_boot=50, random_state=0)
    fixed = sp.choose_threshold(y, proba, skew=est.priors, target="cost", confidence=0.9, n_boot=300,
                                random_state=0)
    drawn = sp.choose_threshold(y, proba, skew=est, target="cost", confidence=0.9, n_boot=300, random_state=0)
    width = [np.diff(d[0].intervals["tp"])[0] for d in (fixed, drawn)]
    assert width[1] > width[0]  # the priors' uncertainty widens the count of class 0
    assert drawn[0].skew.mean == pytest.approx(np.mean(est.distribution[:, 0]), rel=0.02)


def test_argmax_is_the_expected_confusion_at_the_priors():
    y, s = _data()
    proba = s / s.sum(axis=1, keepdims=True)
    got = sp.choose_threshold(y, proba, skew=PRIORS, target="argmax")
    ref = sp.expected_confusion(y, proba, PRIORS, confidence=None)
    np.testing.assert_allclose(got.matrix, ref.matrix, rtol=1e-12)
    assert got.low is None


@pytest.mark.parametrize("call, err, words", [
    (lambda y, s: sp.choose_threshold(y, s, skew=PRIORS, target="cost", risk="chance"), ValueError, "chance"),
    (lambda y, s: sp.choose_threshold(y, s, skew={0: (0.1, 0.2), 1: (0.1, 0.2), 2: (0.5, 0.7)}, target="cost"),
     TypeError, "prior vector"),
    (lambda y, s: sp.choose_threshold(sp.one_vs_rest(y, s), skew=PRIORS, target="argmax"), TypeError,
     "largest posterior"),
    (lambda y, s: sp.choose_threshold(y, s, skew=PRIORS, target="argmax", beta=2), TypeError, "argmax"),
    (lambda y, s: report_at(sp.one_vs_rest(y, s), 3, PRIORS), TypeError, "class: point index"),
    (lambda y, s: report_at(sp.one_vs_rest(y, s), {0: 1, 1: 1, 2: 10**6}, PRIORS), ValueError, r"index\[2\]"),
    (lambda y, s: report_at(sp.one_vs_rest(y, s, sample_weight=np.full(y.size, 0.5)), {0: 1, 1: 1, 2: 1}, PRIORS,
                            confidence=0.9), ValueError, "unit-weight"),
])
def test_bad_multiclass_decisions_are_refused(call, err, words):
    y, s = _data(n=60)
    with pytest.raises(err, match=words):
        call(y, s)
