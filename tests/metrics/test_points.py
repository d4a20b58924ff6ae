import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_curve

import skewplot as sp

from conftest import random_scores


def sklearn_counts(y, s, w=None):
    fpr, tpr, thr = roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    w = np.ones_like(s, dtype=float) if w is None else np.asarray(w, float)
    n_pos, n_neg = w[y == 1].sum(), w[y == 0].sum()
    return tpr * n_pos, fpr * n_neg, thr


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("weighted", [False, True])
def test_counts_equal_sklearn_roc_curve(seed, weighted):
    rng = np.random.default_rng(seed)
    y, s = random_scores(rng, 500)
    w = None
    if weighted:
        w = rng.exponential(size=y.size)
        w[rng.random(y.size) < 0.1] = 0.0  # zero weights make no threshold, as in sklearn
        w[:2] = 1.0
    pts = sp.operating_points(y, s, sample_weight=w)
    tp, fp, thr = sklearn_counts(y, s, w)
    np.testing.assert_allclose(pts.tp, tp, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(pts.fp, fp, rtol=1e-12, atol=1e-9)
    np.testing.assert_array_equal(pts.thresholds[1:], thr[1:])
    assert pts.thresholds[0] == np.inf


def test_small_hand_computed_case():
    pts = sp.operating_points([1, 0, 1, 0, 0], [0.9, 0.9, 0.5, 0.2, 0.2])
    assert pts.thresholds.tolist() == [np.inf, 0.9, 0.5, 0.2]
    assert pts.tp.tolist() == [0, 1, 2, 2]
    assert pts.fp.tolist() == [0, 1, 1, 3]
    assert (pts.n_pos, pts.n_neg, pts.skew) == (2.0, 3.0, 0.4)
    assert pts.tpr.tolist() == [0, 0.5, 1, 1]
    np.testing.assert_allclose(pts.fpr, [0, 1 / 3, 1 / 3, 1])
    assert len(pts) == 4


def test_positives_as_the_larger_class_and_label_spellings():
    rng = np.random.default_rng(1)
    y, s = random_scores(rng, 300, pos_frac=0.8)
    ref = sp.operating_points(y, s)
    tp, fp, _ = sklearn_counts(y, s)
    np.testing.assert_array_equal(ref.tp, tp)
    for labels, kw in [((y == 1), {}), (np.where(y == 1, 1, -1), {}),
                       (np.where(y == 1, "spam", "ham"), {"pos_label": "spam"}),
                       (np.where(y == 1, 7, 3), {"pos_label": 7})]:
        pts = sp.operating_points(labels, s, **kw)
        np.testing.assert_array_equal(pts.tp, ref.tp)
        np.testing.assert_array_equal(pts.fp, ref.fp)


def test_pos_label_zero_swaps_the_classes():
    y, s = np.array([0, 1, 0, 1]), np.array([0.1, 0.2, 0.3, 0.4])
    pts = sp.operating_points(y, -s, pos_label=0)
    ref = sp.operating_points(1 - y, -s)
    np.testing.assert_array_equal(pts.tp, ref.tp)


def test_soft_labels_with_01_weights_equal_hard_labels(rng):
    y, s = random_scores(rng, 400)
    soft = sp.OperatingPoints.from_weights(s, y.astype(float))
    hard = sp.operating_points(y, s)
    for a in ("tp", "fp", "thresholds", "tpr", "fpr"):
        np.testing.assert_array_equal(getattr(soft, a), getattr(hard, a))


def test_soft_labels_add_weights_per_class():
    pts = sp.OperatingPoints.from_weights([0.9, 0.5, 0.5, 0.1], [0.8, 0.5, 0.1, 0.1])
    np.testing.assert_allclose(pts.tp, [0, 0.8, 1.4, 1.5])
    np.testing.assert_allclose(pts.fp, [0, 0.2, 1.6, 2.5])
    both = sp.OperatingPoints.from_weights([0.9, 0.5], [2.0, 1.0], [1.0, 3.0])
    np.testing.assert_allclose(both.tp, [0, 2, 3])
    np.testing.assert_allclose(both.fp, [0, 1, 4])


def test_from_counts_and_from_score_counts_rebuild_the_kernel(rng):
    y, s = random_scores(rng, 300)
    pts = sp.operating_points(y, s)
    again = sp.OperatingPoints.from_counts(pts.tp[1:], pts.fp[1:], pts.n_pos, pts.n_neg,
                                           thresholds=pts.thresholds[1:])
    np.testing.assert_array_equal(again.tp, pts.tp)
    np.testing.assert_array_equal(again.thresholds, pts.thresholds)
    u, inv = np.unique(s, return_inverse=True)
    pos = np.bincount(inv, weights=y, minlength=u.size)
    neg = np.bincount(inv, weights=1 - y, minlength=u.size)
    perm = rng.permutation(u.size)  # a GROUP BY returns rows in any order
    agg = sp.OperatingPoints.from_score_counts(u[perm], pos[perm], neg[perm])
    np.testing.assert_array_equal(agg.tp, pts.tp)
    np.testing.assert_array_equal(agg.fp, pts.fp)


def test_from_counts_adds_the_missing_end_points():
    pts = sp.OperatingPoints.from_counts([3, 4], [1, 3], 5, 6)
    assert pts.tp.tolist() == [0, 3, 4, 5]
    assert pts.fp.tolist() == [0, 1, 3, 6]


def test_from_rates_orders_points_and_adds_end_points():
    pts = sp.OperatingPoints.from_rates([0.9, 0.5], [0.4, 0.1])
    assert pts.tpr.tolist() == [0, 0.5, 0.9, 1]
    assert pts.fpr.tolist() == [0, 0.1, 0.4, 1]
    assert pts.skew is None and pts.tp is None and pts.thresholds is None
    with_skew = sp.OperatingPoints.from_rates([0.5], [0.1], skew=0.2, thresholds=[0.3])
    assert with_skew.skew == pytest.approx(0.2)
    assert with_skew.thresholds.tolist() == [np.inf, 0.3, -np.inf]
    np.testing.assert_allclose(with_skew.tp, [0, 0.1, 0.2])


def test_from_rates_rejects_points_that_cross():
    with pytest.raises(ValueError, match="tpr and fpr"):
        sp.OperatingPoints.from_rates([0.9, 0.5], [0.1, 0.4])


def test_immutable():
    pts = sp.operating_points([0, 1], [0.2, 0.7])
    with pytest.raises(AttributeError):
        pts.tp = None
    with pytest.raises(ValueError):
        pts.tp[0] = 5.0


def test_pickle_round_trip():
    import pickle
    pts = sp.operating_points([0, 1, 1], [0.2, 0.7, 0.1])
    again = pickle.loads(pickle.dumps(pts))
    np.testing.assert_array_equal(again.tp, pts.tp)
    assert again.skew == pts.skew


@pytest.mark.parametrize(
    "call, exc, match",
    [
        (lambda: sp.operating_points([0, 1], [np.nan, 1.0]), ValueError, "y_score.*NaN"),
        (lambda: sp.operating_points([0, 1], [np.inf, 1.0]), ValueError, "y_score.*infinite"),
        (lambda: sp.operating_points([0, 1, 2], [0.1, 0.2, 0.3]), ValueError, "y_true.*more than two"),
        (lambda: sp.operating_points([1, 1], [0.1, 0.2]), ValueError, "y_true.*one class"),
        (lambda: sp.operating_points([0, 1], [0.1, 0.2, 0.3]), ValueError, "length"),
        (lambda: sp.operating_points([], []), ValueError, "empty"),
        (lambda: sp.operating_points([0, 1], [[0.1], [0.2]]), ValueError, "y_score must be 1-D"),
        (lambda: sp.operating_points([0, 1], [0.1, 0.2], sample_weight=[1, -1]), ValueError,
         "sample_weight.*non-negative"),
        (lambda: sp.operating_points(["a", "b"], [0.1, 0.2]), ValueError, "pos_label"),
        (lambda: sp.operating_points([0, 1], ["x", "y"]), TypeError, "y_score"),
        (lambda: sp.operating_points([3, 4], [0.1, 0.2]), ValueError, "pos_label"),
        (lambda: sp.operating_points([0, 1], [0.1, 0.2], pos_label=5), ValueError, "pos_label"),
        (lambda: sp.OperatingPoints.from_weights([0.1, 0.2], [0.5, 1.5]), ValueError, "pos_weight.*\\[0, 1\\]"),
        (lambda: sp.OperatingPoints.from_weights([0.1, 0.2], [0.5, 1.5], [-1, 1]), ValueError,
         "neg_weight.*non-negative"),
        (lambda: sp.OperatingPoints.from_weights([0.1, 0.2], [-0.5, 1.5], [1, 1]), ValueError,
         "pos_weight.*non-negative"),
        (lambda: sp.OperatingPoints.from_weights([0.1, 0.2], [0.0, 0.0]), ValueError, "positive weight"),
        (lambda: sp.OperatingPoints.from_rates([0.5], [0.1], skew=1.0), ValueError, "skew"),
        (lambda: sp.OperatingPoints.from_rates([1.5], [0.1]), ValueError, "tpr"),
        (lambda: sp.OperatingPoints.from_counts([3, 2], [1, 2], 5, 5), ValueError, "cumulative"),
        (lambda: sp.OperatingPoints.from_counts([3], [1], 0, 5), ValueError, "n_pos"),
    ],
)
def test_bad_input_names_the_argument(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.integers(-5, 5), st.floats(0, 3)), min_size=2, max_size=40),
)
@pytest.mark.slow  # 0.5 s
def test_rates_are_monotone_from_origin_to_one(rows):
    y = np.array([r[0] for r in rows], dtype=int)
    y[0], y[1] = 0, 1
    s = np.array([r[1] for r in rows], dtype=float)
    w = np.array([r[2] for r in rows]) + 0.01
    pts = sp.operating_points(y, s, sample_weight=w)
    for r in (pts.tpr, pts.fpr):
        assert r[0] == 0 and r[-1] == pytest.approx(1.0, abs=0) and np.all(np.diff(r) >= 0)
    assert np.all(np.diff(pts.thresholds) < 0)
    assert len(pts) == np.unique(s).size + 1


@pytest.mark.slow  # loaded run 2026-11-29
def test_large_tied_input_equals_sklearn():
    rng = np.random.default_rng(5)
    n = 1_200_000
    y = (rng.random(n) < 0.3).astype(int)
    s = np.round(rng.normal(size=n) + y, 3)
    pts = sp.operating_points(y, s)
    fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_array_equal(pts.tpr, tpr)
    np.testing.assert_array_equal(pts.fpr, fpr)
    np.testing.assert_array_equal(pts.thresholds[1:], thr[1:])


@pytest.mark.parametrize("kind", ["continuous", "ties", "constant"])
def test_parallel_weighted_path_equals_the_serial_one(monkeypatch, kind):
    from skewplot.metrics import _sorting
    rng = np.random.default_rng(12)
    s = {"continuous": rng.normal(size=4000), "ties": np.round(rng.normal(size=4000), 1),
         "constant": np.full(4000, 0.3)}[kind]
    w = rng.random(4000)
    serial = sp.OperatingPoints.from_weights(s, w)
    monkeypatch.setattr(_sorting, "_PARALLEL_MIN", 10)
    monkeypatch.setattr("skewplot._config._others_running", lambda: 0)  # idle cores: threads are used
    monkeypatch.setattr("skewplot._config._available_cores", lambda: 4)
    old = sp.set_config(n_threads=3)
    try:
        parallel = sp.OperatingPoints.from_weights(s, w)
    finally:
        sp.set_config(**old)
    np.testing.assert_array_equal(parallel.thresholds, serial.thresholds)
    np.testing.assert_array_equal(parallel.tp, serial.tp)  # the same halves, whatever the threads
    np.testing.assert_array_equal(parallel.fp, serial.fp)
