"""Boolean combinations and IBC against direct evaluation of every decision with numpy."""

import numpy as np
import pytest

import skewplot as sp
from skewplot.metrics.combine import FUNCTIONS

# Written out independently of the module's table of functions.
DIRECT = {
    "a&b": lambda a, b: np.logical_and(a, b),
    "~a&b": lambda a, b: np.logical_and(np.logical_not(a), b),
    "a&~b": lambda a, b: np.logical_and(a, np.logical_not(b)),
    "~(a&b)": lambda a, b: np.logical_not(np.logical_and(a, b)),
    "a|b": lambda a, b: np.logical_or(a, b),
    "~a|b": lambda a, b: np.logical_or(np.logical_not(a), b),
    "a|~b": lambda a, b: np.logical_or(a, np.logical_not(b)),
    "~(a|b)": lambda a, b: np.logical_not(np.logical_or(a, b)),
    "a^b": lambda a, b: np.logical_xor(a, b),
    "a==b": lambda a, b: np.equal(a, b),
}


def small_data(rng, n=40):
    y = (rng.random(n) < 0.4).astype(int)
    y[:2] = [0, 1]
    a = np.round(rng.normal(size=n) + y, 0)  # heavy ties
    b = np.round(rng.normal(size=n) + 0.5 * y, 1)
    return y, a, b


def direct_rates(y, a, b, fn, t_a, t_b, w=None):
    w = np.ones(y.size) if w is None else w
    pred = DIRECT[fn](a >= t_a, b >= t_b)
    pos, neg = y == 1, y == 0
    return (w * (pred & pos)).sum() / w[pos].sum(), (w * (pred & neg)).sum() / w[neg].sum()


@pytest.mark.slow_cases('False')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("weighted", [False, True])
def test_every_function_and_threshold_pair_against_direct_evaluation(rng, weighted):
    for _ in range(3):
        y, a, b = small_data(rng)
        w = rng.uniform(0.1, 3.0, y.size) if weighted else None
        combos = sp.boolean_combinations(y, a, b, sample_weight=w)
        ta, tb = np.unique(a)[::-1], np.unique(b)[::-1]
        np.testing.assert_array_equal(combos.thresholds_a, ta)
        np.testing.assert_array_equal(combos.thresholds_b, tb)
        assert combos.tpr.shape == (10, ta.size, tb.size)
        want_t = np.empty(combos.tpr.shape)
        want_f = np.empty(combos.fpr.shape)
        for k, fn in enumerate(FUNCTIONS):
            for i, t_a in enumerate(ta):
                for j, t_b in enumerate(tb):
                    want_t[k, i, j], want_f[k, i, j] = direct_rates(y, a, b, fn, t_a, t_b, w)
        if weighted:
            np.testing.assert_allclose(combos.tpr, want_t, rtol=1e-12, atol=1e-15)
            np.testing.assert_allclose(combos.fpr, want_f, rtol=1e-12, atol=1e-15)
        else:
            # Whole counts are exact; a rate is a difference or complement of rates
            # count * fl(1/n) in [0, 1], so it is off by at most a few ulp of 1.
            eps = np.finfo(float).eps
            np.testing.assert_allclose(combos.tpr, want_t, rtol=0, atol=4 * eps)
            np.testing.assert_allclose(combos.fpr, want_f, rtol=0, atol=4 * eps)
            n_pos, n_neg = (y == 1).sum(), (y == 0).sum()
            np.testing.assert_array_equal(np.rint(combos.tpr * n_pos), np.rint(want_t * n_pos))
            np.testing.assert_array_equal(np.rint(combos.fpr * n_neg), np.rint(want_f * n_neg))
        for r in (combos.tpr, combos.fpr):
            assert r.min() >= 0.0 and r.max() <= 1.0


def test_table_columns_are_aligned(rng):
    y, a, b = small_data(rng, 30)
    combos = sp.boolean_combinations(y, a, b)
    n = combos.n_rows
    assert set(combos) == {"function", "t_a", "t_b", "tpr", "fpr"}
    assert all(len(combos[c]) == n for c in combos)
    for k in rng.integers(0, n, 25):
        fn, t_a, t_b = combos["function"][k], combos["t_a"][k], combos["t_b"][k]
        assert combos.row(k) == (fn, t_a, t_b)
        assert (combos["tpr"][k], combos["fpr"][k]) == pytest.approx(direct_rates(y, a, b, fn, t_a, t_b), rel=1e-15)
    frame = combos.to_frame()
    assert list(frame.columns) == ["function", "t_a", "t_b", "tpr", "fpr"] and len(frame) == n
    assert list(frame["function"].astype(str)) == list(combos["function"])
    with pytest.raises(KeyError, match="tp"):
        combos["tp"]


def test_trivial_combinations_reduce_to_each_classifier(rng):
    # a & b with b at its lowest threshold (all positive) is a alone.
    y, a, b = small_data(rng, 50)
    combos = sp.boolean_combinations(y, a, b)
    pts = sp.operating_points(y, a)
    k = FUNCTIONS.index("a&b")
    np.testing.assert_allclose(combos.tpr[k, :, -1], pts.tpr[1:], rtol=1e-15)
    np.testing.assert_allclose(combos.fpr[k, :, -1], pts.fpr[1:], rtol=1e-15)


def test_pos_label_and_labels(rng):
    y, a, b = small_data(rng, 30)
    labels = np.where(y == 1, "yes", "no")
    c1 = sp.boolean_combinations(y, a, b)
    c2 = sp.boolean_combinations(labels, a, b, pos_label="yes")
    np.testing.assert_array_equal(c1.tpr, c2.tpr)


def _all_decisions(scores, y):
    """Every decision of [S Alg 1], evaluated sample by sample: (tpr, fpr, recipe text)."""
    rows = []
    names = list(scores)
    for name in names:
        s = np.asarray(scores[name])
        for t in np.concatenate(([np.inf], np.unique(s))):
            pred = s >= t
            rows.append((pred[y == 1].mean(), pred[y == 0].mean()))
    for i, na in enumerate(names):
        for nb in names[i + 1:]:
            sa, sb = np.asarray(scores[na]), np.asarray(scores[nb])
            for fn in FUNCTIONS:
                for t_a in np.unique(sa):
                    for t_b in np.unique(sb):
                        pred = DIRECT[fn](sa >= t_a, sb >= t_b)
                        rows.append((pred[y == 1].mean(), pred[y == 0].mean()))
    return np.array(rows)


def _f(t, f, pi, f_alpha):
    tp, fp = pi * t, (1 - pi) * f
    den = f_alpha * (tp + fp) + (1 - f_alpha) * pi
    return np.divide(tp, den, out=np.zeros_like(tp), where=tp > 0)


@pytest.mark.slow_cases('0.5')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("f_alpha", [0.3, 0.5, 1.0])
def test_ibc_equals_exhaustive_search(rng, f_alpha):
    n = 36
    y = (rng.random(n) < 0.35).astype(int)
    y[:2] = [0, 1]
    scores = {
        "u": np.round(rng.normal(size=n) + y, 1),
        "v": np.round(rng.normal(size=n) + 0.8 * y, 1),
        "w": np.round(rng.normal(size=n) + 0.5 * y, 0),
    }
    skews = np.array([0.01, 0.05, 0.2, 0.5, 0.9])
    ibc = sp.iterative_boolean_combination(y, scores, skews, f_alpha=f_alpha)
    rows = _all_decisions(scores, y)
    want = np.array([_f(rows[:, 0], rows[:, 1], pi, f_alpha).max() for pi in skews])
    np.testing.assert_allclose(ibc.f, want, rtol=1e-12)
    assert ibc.f.shape == skews.shape
    # Each recipe, applied to the scores, reproduces its point and its F.
    for k, recipe in enumerate(ibc.recipes):
        pred = ibc.decide(scores, k)
        tpr, fpr = pred[y == 1].mean(), pred[y == 0].mean()
        assert (tpr, fpr) == pytest.approx((ibc.tpr[k], ibc.fpr[k]), abs=1e-15)
        assert _f(np.array([tpr]), np.array([fpr]), skews[k], f_alpha)[0] == pytest.approx(ibc.f[k], rel=1e-12)
        assert isinstance(str(recipe), str)


def test_ibc_is_at_least_the_best_single_classifier(rng):
    n = 200
    y = (rng.random(n) < 0.2).astype(int)
    scores = {"p": rng.normal(size=n) + y, "q": rng.normal(size=n) + y}
    skews = np.linspace(0.02, 0.98, 9)
    ibc = sp.iterative_boolean_combination(y, scores, skews)
    for s in scores.values():
        single, _ = sp.f_envelope(sp.operating_points(y, s), skews=skews)
        assert np.all(ibc.f >= single - 1e-15)


def test_bad_input_names_the_argument():
    y = np.array([0, 1, 0, 1])
    a = np.array([0.1, 0.9, 0.4, 0.6])
    with pytest.raises(ValueError, match="score_b"):
        sp.boolean_combinations(y, a, a[:3])
    with pytest.raises(ValueError, match="y_true"):
        sp.boolean_combinations(y[:3], a, a)
    with pytest.raises(ValueError, match="score_a"):
        sp.boolean_combinations(y, [0.1, np.nan, 0.3, 0.2], a)
    with pytest.raises(ValueError, match="sample_weight"):
        sp.boolean_combinations(y, a, a, sample_weight=[1, 1, -1, 1])
    with pytest.raises(ValueError, match="scores"):
        sp.iterative_boolean_combination(y, {"a": a}, [0.2])
    with pytest.raises(TypeError, match="scores"):
        sp.iterative_boolean_combination(y, [a, a], [0.2])
    with pytest.raises(ValueError, match="scores\\['b'\\]"):
        sp.iterative_boolean_combination(y, {"a": a, "b": a[:3]}, [0.2])
    with pytest.raises(ValueError, match="f_alpha"):
        sp.iterative_boolean_combination(y, {"a": a, "b": a}, [0.2], f_alpha=1.5)
    with pytest.raises(ValueError, match="skews"):
        sp.iterative_boolean_combination(y, {"a": a, "b": a}, [0.2, 1.2])


def test_ibc_takes_the_labels_first_like_boolean_combinations_and_tables():
    """The labels come first, as in boolean_combinations(y_true, a, b); a table's columns by name."""
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(5)
    y = (rng.random(120) < 0.3).astype(int)
    scores = {"p": np.round(rng.normal(size=120) + y, 1), "q": np.round(rng.normal(size=120) + y, 1)}
    skews = [0.05, 0.3, 0.7]
    want = sp.iterative_boolean_combination(y, scores, skews)
    frame = pd.DataFrame({"label": y, **scores})
    before = frame.copy()
    for got in (sp.iterative_boolean_combination(frame, ["p", "q"], skews, y_true="label"),
                sp.iterative_boolean_combination(frame, {"p": "p", "q": "q"}, skews, y_true="label"),
                sp.iterative_boolean_combination(y_true=y, scores=scores, skews=skews)):
        np.testing.assert_array_equal(got.f, want.f)
        assert [str(r) for r in got.recipes] == [str(r) for r in want.recipes]
    pd.testing.assert_frame_equal(frame, before)
    with pytest.warns(DeprecationWarning, match=r"old order.*iterative_boolean_combination\(y_true, scores, skews\)"):
        old = sp.iterative_boolean_combination(scores, y, skews)
    np.testing.assert_array_equal(old.f, want.f)
    with pytest.raises(TypeError, match=r"with data=, scores\['q'\] must name a column"):
        sp.iterative_boolean_combination(frame, {"p": "p", "q": scores["q"]}, skews, y_true="label")
    with pytest.raises(TypeError, match="skews is missing"):
        sp.iterative_boolean_combination(y, scores)
