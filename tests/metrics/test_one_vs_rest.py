"""One-vs-rest operating points and metrics at per-class priors, against references from the definitions.

Each class's precision at its prior is recomputed from direct counts
(``tp pi' / (tp pi' + fp (1 - pi') n_pos / n_neg)`` on the raw rows at each
threshold), and each class's areas against the binary functions on
``(y == k, s[:, k])``; the inputs are checked for the errors they must raise.
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.metrics.per_class import check_priors


def _data(n=300, k=4, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    s = rng.random((n, k))
    s[np.arange(n), y] += 0.6
    return y, np.round(s, 2)  # ties, so that a point holds several rows


PRIORS = {0: 0.05, 1: 0.15, 2: 0.3, 3: 0.5}


def test_each_class_is_its_own_binary_problem():
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)
    assert ovr.classes == (0, 1, 2, 3)
    for k in range(4):
        ref = sp.operating_points(y == k, s[:, k])
        np.testing.assert_array_equal(ovr[k].tp, ref.tp)
        np.testing.assert_array_equal(ovr[k].fp, ref.fp)
        assert ovr.priors[k] == np.mean(y == k)
    assert sum(ovr.priors.values()) == pytest.approx(1.0)


def test_class_counts_are_each_class_scored_above_every_threshold_read_only():
    """The counts every prior vector is computed from, public (the plotting layer read them as ``_counts``)."""
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)
    for k in ovr.classes:
        counts = ovr.class_counts(k)
        above = s[:, k][:, None] >= ovr[k].thresholds[None, :]  # rows scored at or above each threshold
        np.testing.assert_array_equal(counts, np.stack([above[y == j].sum(axis=0) for j in ovr.classes], axis=1))
        np.testing.assert_array_equal(counts[:, k], ovr[k].tp)
        with pytest.raises(ValueError, match="read-only"):
            counts[0, 0] = 1.0
    moved = ovr.at_priors(PRIORS)
    assert moved.class_counts(1)[-1] @ np.ones(4) == pytest.approx(moved[1].n_pos + moved[1].n_neg)
    with pytest.raises(KeyError):
        ovr.class_counts(7)


def _importance(y, priors):
    """Row weights that give class k the prior ``priors[k]``: pi'_y / pi_y."""
    test = np.bincount(y) / y.size
    return np.array([priors[k] for k in range(test.size)])[y] / test[y]


def test_precision_at_each_prior_from_direct_counts():
    """Precision of class k at threshold t under the prior vector: weighted counts of the rows scored >= t."""
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)
    prec = sp.precision(ovr, skew=PRIORS)
    w = _importance(y, PRIORS)
    for k in PRIORS:
        for i, t in enumerate(ovr[k].thresholds[1:], start=1):
            above = s[:, k] >= t
            ref = np.sum(w[above & (y == k)]) / np.sum(w[above])
            assert prec[k][i] == pytest.approx(ref, rel=1e-12)


def test_the_rest_moves_with_the_other_priors():
    """Class 0's precision at the same prior differs when the rest is made of other classes."""
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)
    a = sp.aucpr(ovr, skew={0: 0.2, 1: 0.7, 2: 0.05, 3: 0.05})[0]
    b = sp.aucpr(ovr, skew={0: 0.2, 1: 0.05, 2: 0.05, 3: 0.7})[0]
    assert abs(a - b) > 1e-3
    # When the others keep their test proportions, the rest is unchanged: the binary skew transform.
    test = ovr.priors
    same_mix = {k: (0.2 if k == 0 else 0.8 * test[k] / (1 - test[0])) for k in test}
    assert sp.aucpr(ovr, skew=same_mix)[0] == pytest.approx(sp.aucpr(ovr[0], skew=0.2), rel=1e-12)


def test_areas_per_class_against_the_binary_functions_on_reweighted_rows():
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)
    w = _importance(y, PRIORS)
    for func in (sp.aucpr, sp.average_precision):
        res = func(ovr, skew=PRIORS)
        ref = {k: func(y == k, s[:, k], sample_weight=w, skew=PRIORS[k]) for k in PRIORS}
        assert dict(res) == pytest.approx(ref, rel=1e-12)
        assert res.macro == pytest.approx(np.mean(list(ref.values())))
        assert res.weighted == pytest.approx(sum(PRIORS[k] * ref[k] for k in PRIORS))
        assert res.priors == PRIORS
    at_test = sp.aucpr(ovr)  # None: each class at its test prior
    assert dict(at_test) == pytest.approx({k: sp.aucpr(y == k, s[:, k]) for k in PRIORS}, rel=1e-13)
    roc = sp.roc_auc(ovr)
    assert dict(roc) == pytest.approx({k: sp.roc_auc(y == k, s[:, k]) for k in PRIORS}, rel=1e-13)
    moved = ovr.at_priors(PRIORS)
    assert dict(sp.roc_auc(moved)) == pytest.approx(
        {k: sp.roc_auc(y == k, s[:, k], sample_weight=w) for k in PRIORS}, rel=1e-12)
    assert dict(sp.aucpr(moved)) == pytest.approx(dict(sp.aucpr(ovr, skew=PRIORS)), rel=1e-12)


def test_priors_zero_and_one():
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)
    with pytest.raises(ValueError, match=r"class\(es\) 0, 2 have prior 0 or 1"):
        sp.aucpr(ovr, skew={0: 0.0, 1: 0.9, 2: 0.0, 3: 0.1})
    assert ovr.against_rest(1, {0: 0.0, 1: 1.0, 2: 0.0, 3: 0.0}) is ovr[1]  # no rest: the test rest kept
    with pytest.raises(ValueError, match="prior 0 or 1"):
        ovr.at_priors({0: 0.0, 1: 0.5, 2: 0.25, 3: 0.25})


def test_average_precision_per_class_matches_sklearn_at_test_priors():
    from sklearn.metrics import average_precision_score

    y, s = _data(seed=3)
    res = sp.average_precision(sp.one_vs_rest(y, s))
    for k in range(4):
        assert res[k] == pytest.approx(average_precision_score(y == k, s[:, k]), rel=1e-12)
    assert res.macro == pytest.approx(average_precision_score(np.eye(4)[y], s, average="macro"), rel=1e-12)


def test_inputs_mapping_classes_table_and_weights_agree():
    y, s = _data(n=120)
    names = np.array(["a", "b", "c", "d"])
    ref = sp.one_vs_rest(names[y], s)
    assert ref.classes == ("a", "b", "c", "d")
    by_map = sp.one_vs_rest(names[y], {c: s[:, j] for j, c in enumerate(names)})
    reordered = sp.one_vs_rest(names[y], s[:, ::-1], classes=names[::-1])
    table = {"label": names[y], **{f"p_{c}": s[:, j] for j, c in enumerate(names)}}
    by_table = sp.one_vs_rest("label", [f"p_{c}" for c in names], data=table)
    by_table_map = sp.one_vs_rest(y_true="label", y_score={c: f"p_{c}" for c in names}, data=table)
    for other in (by_map, reordered, by_table, by_table_map):
        for c in names:
            np.testing.assert_array_equal(other[c].tp, ref[c].tp)
            np.testing.assert_array_equal(other[c].fp, ref[c].fp)
    w = np.arange(1, 121) % 3
    weighted = sp.one_vs_rest(y, s, sample_weight=w)
    rows = np.repeat(np.arange(120), w)  # integer weights: the rows repeated
    repeated = sp.one_vs_rest(y[rows], s[rows])
    for k in range(4):
        np.testing.assert_allclose(weighted[k].tpr, repeated[k].tpr)
        np.testing.assert_allclose(weighted[k].fpr, repeated[k].fpr)
    assert weighted.priors == pytest.approx(repeated.priors)


@pytest.mark.parametrize("call, err, words", [
    (lambda y, s: sp.one_vs_rest(y, s[:, :2]), ValueError, "name the columns with classes="),
    (lambda y, s: sp.one_vs_rest(y % 2, s[:, :2]), ValueError, "binary functions"),
    (lambda y, s: sp.one_vs_rest(y, s[:, 0]), ValueError, "1-D"),
    (lambda y, s: sp.one_vs_rest(y[:-1], s), ValueError, "length"),
    (lambda y, s: sp.one_vs_rest(y, s, classes=[0, 1, 2]), ValueError, "classes has 3 entries"),
    (lambda y, s: sp.one_vs_rest(y, s, classes=[0, 1, 2, 2]), ValueError, "distinct"),
    (lambda y, s: sp.one_vs_rest(y, np.where(s > 1.5, np.nan, s)), ValueError, "y_score contains NaN"),
    (lambda y, s: sp.one_vs_rest(np.where(y == 3, 0, y), s, classes=[0, 1, 2, 3]), ValueError,
     "class 3 of classes does not occur"),
    (lambda y, s: sp.one_vs_rest(y, s[:, :3], classes=[0, 1, 2]), ValueError, "no column of y_score"),
    (lambda y, s: sp.one_vs_rest(y, s, sample_weight=-np.ones(len(y))), ValueError, "sample_weight"),
    (lambda y, s: sp.one_vs_rest(y, None), TypeError, "needs y_score"),
    (lambda y, s: sp.one_vs_rest(y, s.astype(str)), TypeError, "numbers"),
    (lambda y, s: sp.one_vs_rest(y, {0: s[:, 0]}, classes=[0]), TypeError, "keys"),
])
def test_bad_inputs_name_the_argument(call, err, words):
    y, s = _data(n=60)
    with pytest.raises(err, match=words):
        call(y, s)


@pytest.mark.parametrize("priors, err, words", [
    ({0: 0.5, 1: 0.5, 2: 0.0}, ValueError, "no prior for class"),
    ({0: 0.5, 1: 0.2, 2: 0.2, 3: 0.1, 9: 0.0}, ValueError, "9 not among"),
    ({0: 0.5, 1: 0.2, 2: 0.2, 3: 0.2}, ValueError, "sum to 1, got 1.1"),
    ({0: 1.5, 1: -0.5, 2: 0.0, 3: 0.0}, ValueError, r"skew\[0\] must lie in \[0, 1\]"),
    ({0: "a", 1: 0.5, 2: 0.25, 3: 0.25}, TypeError, "must be a number"),
    (0.3, TypeError, "mapping"),
])
def test_bad_priors_are_refused(priors, err, words):
    y, s = _data(n=60)
    ovr = sp.one_vs_rest(y, s)
    with pytest.raises(err, match=words):
        sp.aucpr(ovr, skew=priors)


def test_extra_arguments_beside_a_one_vs_rest_mapping_are_refused():
    y, s = _data(n=60)
    with pytest.raises(TypeError, match="y_true apply to labels"):
        sp.aucpr(sp.one_vs_rest(y, s), y_true=y)


def test_no_resorting_at_a_new_prior_vector(monkeypatch):
    y, s = _data()
    ovr = sp.one_vs_rest(y, s)

    def no_sort(*a, **k):
        raise AssertionError("sorted again")

    monkeypatch.setattr(np, "sort", no_sort)
    monkeypatch.setattr(np, "argsort", no_sort)
    sp.aucpr(ovr, skew=PRIORS)
    sp.precision(ovr, skew={0: 0.25, 1: 0.25, 2: 0.25, 3: 0.25})


def test_priors_keys_may_be_numpy_scalars_and_sums_may_round():
    got = check_priors({np.int64(1): 0.3 + 1e-9, np.int64(0): 0.7}, (0, 1))
    assert list(got) == [0, 1]


def test_adjust_priors_formula_and_bayes_on_a_mixture():
    from scipy.stats import norm

    # Three Gaussian classes on a line: exact posteriors at any priors by Bayes' rule.
    x = np.linspace(-4, 4, 41)
    lik = np.column_stack([norm.pdf(x, m, 1.0) for m in (-1.0, 0.0, 1.5)])
    src, dst = np.array([0.2, 0.5, 0.3]), np.array([0.6, 0.1, 0.3])
    post_src = lik * src / (lik * src).sum(axis=1, keepdims=True)
    post_dst = lik * dst / (lik * dst).sum(axis=1, keepdims=True)
    np.testing.assert_allclose(sp.adjust_priors(post_src, src, dst), post_dst, rtol=1e-12)
    by_map = sp.adjust_priors(post_src, {"a": 0.2, "b": 0.5, "c": 0.3}, {"c": 0.3, "a": 0.6, "b": 0.1})
    np.testing.assert_allclose(by_map, post_dst, rtol=1e-12)
    one = sp.adjust_priors([0.5, 0.3, 0.2], [0.25, 0.25, 0.5], [0.5, 0.25, 0.25])
    ref = np.array([0.5 * 2, 0.3 * 1, 0.2 * 0.5])
    np.testing.assert_allclose(one, ref / ref.sum(), rtol=1e-14)


@pytest.mark.parametrize("args, words", [
    (([0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.3, 0.3, 0.4]), "from_priors must be positive"),
    (([0.5, 0.5], [0.5, 0.5], [0.2, 0.2, 0.6]), "to_priors has 3 priors"),
    (([0.5, -0.5, 1.0], [0.3, 0.3, 0.4], [0.3, 0.3, 0.4]), "non-negative"),
    (([0.5, 0.5, 0.0], [0.3, 0.3, 0.4], [0.0, 0.0, 1.0]), "undefined"),
    (([0.5, 0.5, 0.0], [0.3, 0.3, 0.5], [0.0, 0.0, 1.0]), "sum to 1"),
])
def test_adjust_priors_refuses(args, words):
    with pytest.raises(ValueError, match=words):
        sp.adjust_priors(*args)
