"""expected_confusion against direct counts of the Bayes decision at new priors."""

import numpy as np
import pytest

import skewplot as sp


def _data(n=900, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    x = rng.normal(size=(n, 3)) + 1.2 * np.eye(3)[y]
    e = np.exp(1.2 * x)
    return y, e / e.sum(axis=1, keepdims=True)  # exact posteriors at equal priors


PRIORS = {0: 0.7, 1: 0.2, 2: 0.1}


def test_matrix_from_direct_counts():
    y, proba = _data(n=300)
    test = np.bincount(y) / y.size
    res = sp.expected_confusion(y, proba, PRIORS, per=1000, confidence=None)
    scores = proba.tolist()
    decided = [max(range(3), key=lambda c, r=r: r[c] * PRIORS[c] / test[c]) for r in scores]  # Bayes at PRIORS
    for i in range(3):
        mine = [d for d, t in zip(decided, y.tolist(), strict=True) if t == i]
        for j in range(3):
            assert res.matrix[i, j] == pytest.approx(1000 * PRIORS[i] * mine.count(j) / len(mine), rel=1e-12)
    assert res.matrix.sum() == pytest.approx(1000)
    assert res.accuracy == pytest.approx(np.trace(res.matrix) / 1000)
    assert res.recall[2] == pytest.approx(res.matrix[2, 2] / res.matrix[2].sum())


@pytest.mark.slow  # loaded run 2026-11-29
def test_bayes_rule_beats_the_unadjusted_argmax_and_intervals_hold_the_estimate():
    y, proba = _data(n=3000, seed=1)
    bayes = sp.expected_confusion(y, proba, PRIORS, n_boot=50, random_state=0)
    as_is = sp.expected_confusion(y, proba, PRIORS, rule="unadjusted", confidence=None)
    assert bayes.accuracy > as_is.accuracy + 0.02
    assert (bayes.low <= bayes.matrix + 1e-9).all() and (bayes.matrix <= bayes.high + 1e-9).all()
    _, deployed = _data(n=1500, seed=2)
    est = sp.estimate_priors(y, proba, deployed, n_boot=30, random_state=0)
    with_est = sp.expected_confusion(y, proba, est, n_boot=50, random_state=0)
    fixed = sp.expected_confusion(y, proba, est.priors, n_boot=50, random_state=0)
    assert np.sum(with_est.high - with_est.low) > np.sum(fixed.high - fixed.low)  # the priors' uncertainty too


def test_bad_inputs():
    y, proba = _data(n=60)
    with pytest.raises(ValueError, match="sum to 1"):
        sp.expected_confusion(y, proba, {0: 0.5, 1: 0.5, 2: 0.5})
    with pytest.raises(ValueError, match="rule"):
        sp.expected_confusion(y, proba, PRIORS, rule="max")
    with pytest.raises(ValueError, match="rows but y_true"):
        sp.expected_confusion(y[:-1], proba, PRIORS)
