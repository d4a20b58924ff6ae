import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate
from sklearn.metrics import average_precision_score, roc_auc_score

import skewplot as sp
from skewplot.metrics.auc import continuous_segment_area

from conftest import random_scores


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weighted", [False, True])
def test_average_precision_and_roc_auc_equal_sklearn(seed, weighted):
    rng = np.random.default_rng(seed)
    y, s = random_scores(rng, 400)
    w = rng.exponential(size=y.size) if weighted else None
    pts = sp.operating_points(y, s, sample_weight=w)
    assert sp.average_precision(pts) == pytest.approx(average_precision_score(y, s, sample_weight=w), rel=1e-12)
    assert sp.aucpr(pts, interpolation="step") == sp.average_precision(pts)
    assert sp.roc_auc(pts) == pytest.approx(roc_auc_score(y, s, sample_weight=w), rel=1e-12)


def _precision_along(tp_a, fp_a, d_tp, d_fp, n_pos):
    """Precision as a function of recall on one straight ROC segment (brute force)."""
    def f(r):
        x = r * n_pos - tp_a
        t = x / d_tp
        tp, fp = tp_a + t * d_tp, fp_a + t * d_fp
        return tp / (tp + fp) if tp + fp > 0 else d_tp / (d_tp + d_fp)
    return f


@pytest.mark.parametrize("tp_a, fp_a, d_tp, d_fp", [
    (0.0, 0.0, 2.0, 3.0), (1.0, 0.0, 1.0, 4.0), (3.0, 7.0, 0.5, 0.01), (2.0, 2.0, 1e-7, 3.0), (5.0, 1.0, 2.0, 0.0),
])
def test_continuous_segment_area_equals_quad(tp_a, fp_a, d_tp, d_fp):
    n_pos, n_neg = 10.0, 20.0
    tpr = np.array([tp_a, tp_a + d_tp]) / n_pos
    fpr = np.array([fp_a, fp_a + d_fp]) / n_neg
    pi = n_pos / (n_pos + n_neg)
    got = continuous_segment_area(tpr, fpr, pi)[0]
    f = _precision_along(tp_a, fp_a, d_tp, d_fp, n_pos)
    want, _ = integrate.quad(f, tp_a / n_pos, (tp_a + d_tp) / n_pos, epsabs=1e-15, epsrel=1e-13)
    assert got == pytest.approx(want, rel=1e-10, abs=1e-15)


def test_continuous_aucpr_equals_quad_over_the_whole_curve(rng):
    y, s = random_scores(rng, 60)
    w = rng.uniform(0.2, 2.0, size=y.size)
    pts = sp.operating_points(y, s, sample_weight=w)
    total = 0.0
    for i in range(len(pts) - 1):
        d_tp = pts.tp[i + 1] - pts.tp[i]
        if d_tp <= 0:
            continue
        f = _precision_along(pts.tp[i], pts.fp[i], d_tp, pts.fp[i + 1] - pts.fp[i], pts.n_pos)
        total += integrate.quad(f, pts.tpr[i], pts.tpr[i + 1], epsabs=1e-14, epsrel=1e-12)[0]
    assert sp.aucpr(pts) == pytest.approx(total, rel=1e-9)


def test_aucpr_at_another_skew_equals_reweighting_the_negatives(rng):
    y, s = random_scores(rng, 300)
    pts = sp.operating_points(y, s)
    for k in (0.1, 3.0, 50.0):
        w = np.where(y == 1, 1.0, k)
        reweighted = sp.operating_points(y, s, sample_weight=w)
        for interp in sp.INTERPOLATIONS:
            if interp.startswith("discrete"):
                continue  # unit steps depend on the count scale, not only the skew
            assert sp.aucpr(pts, skew=reweighted.skew, interpolation=interp) == pytest.approx(
                sp.aucpr(reweighted, interpolation=interp), rel=1e-10)


def _davis_goadrich(tp, fp, n_pos, along):
    """Direct loop over integer steps (independent of the vectorised code)."""
    rec, prec = [], []
    for i in range(len(tp) - 1):
        d_tp, d_fp = tp[i + 1] - tp[i], fp[i + 1] - fp[i]
        length = d_tp if along == "tp" else d_fp
        steps = max(int(np.ceil(length)), 1) if d_tp > 0 else 1
        for j in range(steps):
            t = min(j / length, 1.0) if length > 0 else 0.0
            a, b = tp[i] + t * d_tp, fp[i] + t * d_fp
            rec.append(a / n_pos)
            prec.append(a / (a + b) if a + b > 0 else d_tp / (d_tp + d_fp))
    rec.append(1.0)
    prec.append(tp[-1] / (tp[-1] + fp[-1]))
    return integrate.trapezoid(prec, rec)


@pytest.mark.parametrize("along", ["tp", "fp"])
def test_discrete_schemes_equal_a_direct_loop(rng, along):
    y, s = random_scores(rng, 200)
    pts = sp.operating_points(y, s)
    want = _davis_goadrich(pts.tp, pts.fp, pts.n_pos, along)
    assert sp.aucpr(pts, interpolation="discrete-" + along) == pytest.approx(want, rel=1e-12)


def test_discrete_tp_approaches_continuous_for_large_counts(rng):
    y, s = random_scores(rng, 20000, ties=True)
    pts = sp.operating_points(y, s)
    assert sp.aucpr(pts, interpolation="discrete-tp") == pytest.approx(sp.aucpr(pts), abs=2e-3)


def test_trapezoid_is_straight_lines_in_pr_space():
    pts = sp.operating_points([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    r, p = pts.tpr, pts.tp / np.maximum(pts.tp + pts.fp, 1)
    p[0] = 1.0  # limit along the first segment
    assert sp.aucpr(pts, interpolation="trapezoid") == pytest.approx(integrate.trapezoid(p, r))


def test_all_weights_half_give_aucpr_half(rng):
    s = rng.normal(size=200)
    pts = sp.OperatingPoints.from_weights(s, np.full(200, 0.5))
    assert sp.aucpr(pts) == pytest.approx(0.5, abs=1e-14)


def test_boyd_aucpr_min_equals_the_worst_ranking_and_quad():
    for pi in (0.01, 0.2, 0.5, 0.9):
        want = integrate.quad(lambda r: sp.min_precision(r, pi), 0, 1, epsabs=1e-14)[0]
        assert sp.aucpr_min(pi) == pytest.approx(want, rel=1e-10)
    # Every negative ranked before every positive: the worst classifier.
    y = np.r_[np.zeros(30), np.ones(10)]
    worst = sp.operating_points(y, -np.arange(40.0))
    assert sp.aucpr(worst) == pytest.approx(sp.aucpr_min(worst.skew), rel=1e-12)
    assert sp.aucpr(worst, normalize=True) == pytest.approx(0.0, abs=1e-12)


def test_normalize(rng):
    y, s = random_scores(rng, 200)
    pts = sp.operating_points(y, s)
    lo = sp.aucpr_min(pts)
    assert sp.aucpr(pts, normalize=True) == pytest.approx((sp.aucpr(pts) - lo) / (1 - lo))
    perfect = sp.operating_points(y, y + 0.0)
    assert sp.aucpr(perfect, skew=0.03, normalize=True) == pytest.approx(1.0)


def test_from_rates_needs_a_skew_for_counts_and_for_the_default():
    pts = sp.OperatingPoints.from_rates([0.5], [0.1])
    with pytest.raises(ValueError, match="skew"):
        sp.aucpr(pts)
    with pytest.raises(ValueError, match="counts"):
        sp.aucpr(pts, skew=0.3, interpolation="discrete-tp")
    assert 0 < sp.aucpr(pts, skew=0.3) < 1


def test_bad_interpolation_and_skew():
    pts = sp.operating_points([0, 1], [0.1, 0.9])
    with pytest.raises(ValueError, match="interpolation"):
        sp.aucpr(pts, interpolation="linear")
    for bad in (0.0, 1.0, -0.2, 1.5):
        with pytest.raises(ValueError, match="skew"):
            sp.aucpr(pts, skew=bad)
    with pytest.raises(TypeError, match="skew"):
        sp.aucpr(pts, skew="0.5")
    with pytest.raises(TypeError, match=r"aucpr\(y_true, y_score\): y_score is missing"):
        sp.aucpr([0.1, 0.2])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.integers(0, 6)), min_size=2, max_size=30),
    st.floats(0.001, 0.999),
)
@pytest.mark.slow  # 0.9 s
def test_every_auc_lies_in_unit_interval_and_perfect_is_one(rows, pi):
    y = np.array([r[0] for r in rows], dtype=int)
    y[0], y[1] = 0, 1
    s = np.array([r[1] for r in rows], dtype=float)
    pts = sp.operating_points(y, s)
    for interp in sp.INTERPOLATIONS:
        for skew in (None, pi):
            a = sp.aucpr(pts, skew=skew, interpolation=interp)
            assert -1e-12 <= a <= 1 + 1e-12
    assert 0 <= sp.roc_auc(pts) <= 1
    perfect = sp.operating_points(y, y.astype(float))
    assert sp.aucpr(perfect, skew=pi) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
def test_max_and_min_achievable_curves_equal_enumeration():
    rng = np.random.default_rng(7)
    pos = rng.uniform(size=6)
    neg = 1 - pos
    areas = [sp.aucpr(sp.OperatingPoints.from_weights(np.array(p, float), pos, neg))
             for p in itertools.permutations(range(6))]
    assert sp.aucpr(sp.achievable_curve(pos, kind="max")) == pytest.approx(max(areas), rel=1e-12)
    assert sp.aucpr(sp.achievable_curve(pos, kind="min")) == pytest.approx(min(areas), rel=1e-12)
    rand = sp.achievable_curve(pos, kind="random")
    assert sp.aucpr(rand) == pytest.approx(pos.sum() / 6)


def test_random_rankings_spread_around_the_class_ratio():
    rng = np.random.default_rng(3)
    pos = rng.beta(0.5, 2.0, size=300)
    aucs = sp.random_rankings_aucpr(pos, n_rankings=200, random_state=1)
    assert aucs.shape == (200,)
    ratio = pos.sum() / pos.size
    assert abs(np.median(aucs) - ratio) < 0.02
    assert sp.aucpr(sp.achievable_curve(pos, kind="min")) < aucs.min()
    assert aucs.max() < sp.aucpr(sp.achievable_curve(pos, kind="max"))


@pytest.mark.parametrize("ties", [False, True])
def test_aucpr_at_skews_matches_the_exact_area_at_200_skews(ties):
    """The corner representation is exact: within 1e-6 (in fact ~1e-15) of the area over every vertex."""
    from scipy.special import expit

    from skewplot.metrics.auc import aucpr_at_skews

    y, s = sp.datasets.make_scores(30_000, skew=0.1, random_state=11)
    if ties:
        s = np.round(s, 1)  # diagonal ROC segments
    pts = sp.operating_points(y, s)
    skews = expit(np.linspace(-12, 12, 200))
    fast = aucpr_at_skews(pts, skews)
    exact = np.array([sp.aucpr(pts, skew=float(p)) for p in skews])
    assert np.max(np.abs(fast - exact)) <= 1e-6
    assert np.max(np.abs(fast - exact)) <= 1e-12  # what the representation really gives
    assert len(sp.metrics.auc.polyline_corners(pts)) < len(pts) / 2 or ties


def test_aucpr_at_skews_rejects_bad_skews():
    from skewplot.metrics.auc import aucpr_at_skews

    pts = sp.operating_points([0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8])
    with pytest.raises(ValueError, match="skews"):
        aucpr_at_skews(pts, [0.2, 1.5])
    from skewplot.skew.base import aucpr_nodes

    np.testing.assert_array_equal(aucpr_at_skews(pts, [0.0, 1.0]), aucpr_nodes(pts.tpr, pts.fpr, [0.0, 1.0]))
    np.testing.assert_allclose(aucpr_at_skews(pts, [0.3], interpolation="step"),
                               [sp.aucpr(pts, skew=0.3, interpolation="step")])


@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'linear-False',
    'linear-True',
    'log-False',
    'log-True')
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("nodes", ["linear", "log", "uneven"])
def test_aucpr_integrals_equal_the_exact_pbar_area_at_every_node(ties, nodes):
    """``x AUC_P̄[0, x]`` accumulated over the gaps (Gauss-Legendre in pi') equals each node's exact P̄ area."""
    from skewplot.metrics.auc import aucpr_integrals

    y, s = sp.datasets.make_scores(5_000, skew=0.1, random_state=3)
    pts = sp.operating_points(y, np.round(s, 1) if ties else s)
    x = {"linear": np.linspace(0.0, 1.0, 101), "log": np.r_[0.0, np.geomspace(1e-6, 1.0, 121)],
         "uneven": np.array([0.0, 0.0, 1e-9, 0.3, 0.3, 0.31, 0.9, 0.999999])}[nodes]
    g = aucpr_integrals(pts, x)
    exact = np.array([v * sp.aucpr(pts, skew=sp.SkewRange(0.0, v)) if v > 0 else 0.0 for v in x])
    np.testing.assert_allclose(g, exact, rtol=1e-13, atol=1e-16)
    lo, hi = 3, len(x) - 2  # a range's area from two of them, as the saved page takes it
    assert abs((g[hi] - g[lo]) / (x[hi] - x[lo]) - sp.aucpr(pts, skew=sp.SkewRange(x[lo], x[hi]))) < 1e-12


def test_aucpr_integrals_reject_bad_nodes():
    from skewplot.metrics.auc import aucpr_integrals

    pts = sp.operating_points([0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8])
    for bad in ([0.5, 0.2], [0.1, 1.5], [-0.1, 0.2]):
        with pytest.raises(ValueError, match="nodes"):
            aucpr_integrals(pts, bad)


def _tied_points():
    y, s = sp.datasets.make_scores(600, 0.2, random_state=0)
    return sp.operating_points(y, np.round(s, 1))  # 61 tied groups: segments gain TP and FP at once


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_discrete_schemes_under_a_skew_range_refuse_quadratic_work_first():
    """Issue 30 class 9: 600 rows, discrete-fp over (1e-5, 0.5) stepped 1.4e8 units (17-46 s, 0.9-3.6 GB)."""
    import time

    pts = _tied_points()
    start = time.process_time()
    for call in (lambda: sp.aucpr(pts, skew=(1e-5, 0.5), interpolation="discrete-fp"),
                 lambda: sp.metrics.auc.aucpr_at_skews(pts, np.geomspace(1e-5, 0.5, 200), interpolation="discrete-fp"),
                 lambda: sp.aucpr(pts, skew=sp.SkewRange(1e-6, 0.5), interpolation="discrete-fp", normalize=True)):
        with pytest.raises(ValueError, match=r"interpolation='discrete-fp' needs at least .* unit steps at .*, over "
                                             r".*interpolation='continuous'"):
            call()
    assert time.process_time() - start < 1.0  # refused before the first node, not after minutes
    # A range whose work is small still answers, and discrete-tp does not rescale its unit.
    assert 0 < sp.aucpr(pts, skew=(1e-3, 0.5), interpolation="discrete-fp") < 1
    assert 0 < sp.aucpr(pts, skew=(1e-5, 0.5), interpolation="discrete-tp") < 1


@pytest.mark.parametrize("along", ["tp", "fp"])
def test_the_discrete_work_bound_never_exceeds_the_steps_taken(along):
    from skewplot.metrics._discrete import stepped_curve

    pts = _tied_points()
    for pi in (1e-3, 0.05, 0.2, 0.9):
        n_neg = pts.n_pos * (1 - pi) / pi
        taken = stepped_curve(pts.tpr * pts.n_pos, pts.fpr * n_neg, pts.n_pos, along)[0].size - 1
        d_tp, d_fpr = np.diff(pts.tpr * pts.n_pos), np.diff(pts.fpr)
        lengths = d_tp[d_tp > 0] if along == "tp" else n_neg * d_fpr[d_tp > 0]
        assert max(lengths.sum(), d_tp.size) <= taken
