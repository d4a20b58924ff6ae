"""F-measure space: values from [S], the definition, root finding and brute force."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import brentq

import skewplot as sp
from skewplot.skew import SkewModel

from conftest import random_scores


def one(tpr, fpr):
    return sp.OperatingPoints.from_rates([tpr], [fpr])


def f_by_definition(tp, fp, n_pos, f_alpha):
    """F_alpha = 1 / (alpha / Pr + (1 - alpha) / Re) from counts [S Eq 3]."""
    pr, re = tp / (tp + fp), tp / n_pos
    return 1.0 / (f_alpha / pr + (1.0 - f_alpha) / re)


# ---------------------------------------------------------------- the formula
def test_f_measure_equals_definition_from_counts(rng):
    y, s = random_scores(rng, 300)
    pts = sp.operating_points(y, s)
    tp, fp = pts.tp[1:], pts.fp[1:]
    live = tp > 0
    for f_alpha in (0.1, 0.5, 0.9):
        got = sp.f_measure(pts, f_alpha=f_alpha)[1:]
        want = f_by_definition(tp[live], fp[live], pts.n_pos, f_alpha)
        np.testing.assert_allclose(got[live], want, rtol=1e-12)
        np.testing.assert_array_equal(got[~live], 0.0)


def test_f1_matches_sklearn(rng):
    from sklearn.metrics import f1_score, fbeta_score

    y, s = random_scores(rng, 200)
    pts = sp.operating_points(y, s)
    for k in (3, len(pts) // 2, len(pts) - 2):
        pred = s >= pts.thresholds[k]
        assert sp.f_measure(pts)[k] == pytest.approx(f1_score(y, pred), rel=1e-12)
        f_alpha = sp.f_alpha_from_beta(2.0)
        assert sp.f_measure(pts, f_alpha=f_alpha)[k] == pytest.approx(fbeta_score(y, pred, beta=2.0), rel=1e-12)


def test_f_at_another_skew_equals_reweighted_counts(rng):
    # Moving to skew pi' scales positives by pi'/pi and negatives by (1-pi')/(1-pi).
    y, s = random_scores(rng, 150)
    pts = sp.operating_points(y, s)
    pi2 = 0.03
    tp = pts.tpr[1:] * pi2
    fp = pts.fpr[1:] * (1 - pi2)
    want = f_by_definition(tp[tp > 0], fp[tp > 0], pi2, 0.3)
    np.testing.assert_allclose(sp.f_measure(pts, skew=pi2, f_alpha=0.3)[1:][tp > 0], want, rtol=1e-12)


def test_limits_in_alpha_are_recall_and_precision(rng):
    y, s = random_scores(rng, 120)
    pts = sp.operating_points(y, s)
    np.testing.assert_allclose(sp.f_measure(pts, skew=0.2, f_alpha=0.0), pts.tpr, rtol=1e-14)
    np.testing.assert_allclose(sp.f_measure(pts, skew=0.2, f_alpha=1.0), sp.precision(pts, skew=0.2), rtol=1e-14)


def test_empty_prediction_without_nan():
    pts = sp.OperatingPoints.from_rates([0.5, 0.9], [0.1, 0.4])
    for f_alpha in (0.0, 0.3, 1.0):
        for pi in (0.01, 0.5, 0.99):
            v = sp.f_measure(pts, skew=pi, f_alpha=f_alpha)
            assert np.isfinite(v).all()
    assert sp.f_measure(pts, skew=0.3, f_alpha=0.7)[0] == 0.0
    # f_alpha = 1: precision's limit along the curve = precision of the first segment
    assert sp.f_measure(pts, skew=0.3, f_alpha=1.0)[0] == pytest.approx(0.3 * 0.5 / (0.3 * 0.5 + 0.7 * 0.1))


def test_seed_alpha_curves_meet():
    # [S §3.1, Fig 1]: TPR .8, FPR .15 -> every alpha curve passes pi = 0.4286 at F = TPR.
    pi = sp.f_alpha_crossing((0.8, 0.15))
    assert pi == pytest.approx(0.15 / 0.35, abs=1e-15)
    assert round(pi, 4) == 0.4286
    values = [sp.f_measure(one(0.8, 0.15), skew=pi, f_alpha=a)[1] for a in (0.0, 0.2, 0.5, 0.7, 1.0)]
    np.testing.assert_allclose(values, 0.8, rtol=1e-13)
    # below the crossing F falls as alpha rises, above it rises [S §3.1]
    lo = [sp.f_measure(one(0.8, 0.15), skew=0.2, f_alpha=a)[1] for a in (0.2, 0.5, 0.7)]
    hi = [sp.f_measure(one(0.8, 0.15), skew=0.7, f_alpha=a)[1] for a in (0.2, 0.5, 0.7)]
    assert np.all(np.diff(lo) < 0) and np.all(np.diff(hi) > 0)


def test_alpha_crossing_by_root_finding():
    rng = np.random.default_rng(3)
    for _ in range(20):
        tpr, fpr = np.sort(rng.uniform(0.05, 0.95, 2))[::-1]
        root = brentq(lambda p: sp.f_curves(one(tpr, fpr), skews=p, f_alpha=0.2)[1]
                      - sp.f_curves(one(tpr, fpr), skews=p, f_alpha=0.8)[1], 1e-9, 1 - 1e-9, xtol=1e-14)
        assert sp.f_alpha_crossing((tpr, fpr)) == pytest.approx(root, abs=1e-10)


def test_seed_section_2_1_precisions_give_f():
    # [S §2.1]: at lambda = 3, Pr = .88 / .83 and Re = .88 for (.88, .04) / (.88, .06);
    # at lambda = 4, Pr = .846 / .786.  F1 is their harmonic mean with the recall.
    # ([S Table 1] prints values that no alpha reproduces from these; not used.)
    for pi, (pr1, pr2) in ((0.25, (0.88, 0.83)), (0.2, (0.846, 0.786))):
        f = [sp.f_measure(one(0.88, fpr), skew=pi, f_alpha=0.5)[1] for fpr in (0.04, 0.06)]
        assert f[0] == pytest.approx(2 * pr1 * 0.88 / (pr1 + 0.88), abs=1e-3)
        assert f[1] == pytest.approx(2 * pr2 * 0.88 / (pr2 + 0.88), abs=1e-3)


def test_curve_ends_and_shape():
    # [S §3.1]: F(0) = 0, F(1) = TPR / (alpha (TPR - 1) + 1); increasing and concave.
    pts = one(0.8, 0.15)
    grid = np.linspace(0, 1, 401)
    f = sp.f_curves(pts, skews=grid, f_alpha=0.4)[:, 1]
    assert f[0] == 0.0
    assert f[-1] == pytest.approx(0.8 / (0.4 * (0.8 - 1) + 1), rel=1e-14)
    assert np.all(np.diff(f) > 0) and np.all(np.diff(f, 2) < 1e-15)


def test_f_curves_ends_for_fpr_zero_take_the_limit():
    pts = sp.OperatingPoints.from_rates([0.6], [0.0])
    f = sp.f_curves(pts, skews=[0.0, 1e-9, 0.5], f_alpha=0.5)
    np.testing.assert_allclose(f[:, 1], 0.6 / (0.5 * 0.6 + 0.5), rtol=1e-12)
    assert sp.f_curves(pts, skews=0.0, f_alpha=1.0)[1] == 1.0


def test_f_curves_table_matches_f_measure(rng):
    y, s = random_scores(rng, 100)
    pts = sp.operating_points(y, s)
    grid = [0.01, 0.2, 0.6]
    table = sp.f_curves(pts, skews=grid, f_alpha=0.3)
    assert table.shape == (3, len(pts))
    for row, pi in zip(table, grid, strict=True):
        np.testing.assert_array_equal(row, sp.f_measure(pts, skew=pi, f_alpha=0.3))


def test_expected_f_under_a_skew_model_matches_quadrature():
    from scipy.integrate import quad

    class Uniform(SkewModel):
        def nodes(self):
            x, w = np.polynomial.legendre.leggauss(40)
            return 0.1 + 0.2 * (x + 1) / 2, w / 2

    pts = sp.OperatingPoints.from_rates([0.4, 0.7], [0.05, 0.3])
    got = sp.f_measure(pts, skew=Uniform(), f_alpha=0.6)
    for k in range(1, len(pts)):
        want = quad(lambda p: sp.f_measure(pts, skew=p, f_alpha=0.6)[k], 0.1, 0.3)[0] / 0.2
        assert got[k] == pytest.approx(want, rel=1e-10)


# ------------------------------------------------------------------ crossing
@settings(max_examples=200, deadline=None)
@given(st.floats(0.01, 0.99), st.floats(0.01, 0.99), st.floats(0.01, 0.99), st.floats(0.01, 0.99),
       st.floats(0.05, 0.95))
@pytest.mark.slow  # loaded run 2026-11-29
def test_f_crossing_is_where_the_curves_meet(ta, fa, tb, fb, f_alpha):
    d = fa * tb - fb * ta
    if abs(tb - ta) < 1e-3 or abs(d) < 1e-3:
        return
    pi = sp.f_crossing((ta, fa), (tb, fb), f_alpha=f_alpha)
    fa_ = sp.f_curves(one(ta, fa), skews=[pi] if 0 < pi <= 1 else [0.5], f_alpha=f_alpha)[0, 1]
    fb_ = sp.f_curves(one(tb, fb), skews=[pi] if 0 < pi <= 1 else [0.5], f_alpha=f_alpha)[0, 1]
    if 0 < pi <= 1:
        assert fa_ == pytest.approx(fb_, rel=1e-9)
    else:  # no crossing on (0, 1]: one point wins everywhere
        grid = np.linspace(0.001, 1, 200)
        diff = (sp.f_curves(one(ta, fa), skews=grid, f_alpha=f_alpha)[:, 1]
                - sp.f_curves(one(tb, fb), skews=grid, f_alpha=f_alpha)[:, 1])
        assert np.all(diff > -1e-12) or np.all(diff < 1e-12)


def test_f_crossing_eq11_against_brentq():
    # [S Fig 3b]: (.55, .08) and (.5, .03) cross once.
    a, b = (0.55, 0.08), (0.5, 0.03)

    def gap(p):
        return sp.f_curves(one(*a), skews=p, f_alpha=0.5)[1] - sp.f_curves(one(*b), skews=p, f_alpha=0.5)[1]

    root = brentq(gap, 0.01, 0.99, xtol=1e-14)
    assert sp.f_crossing(a, b, f_alpha=0.5) == pytest.approx(root, abs=1e-10)
    # Above the crossing the point with the larger TPR and FPR wins.
    assert gap(root + 0.1) > 0 > gap(root - 0.1)


def test_f_crossing_vectorised_and_dominance():
    got = sp.f_crossing((np.array([0.55, 0.98]), np.array([0.08, 0.5])), ((0.5, 0.93), (0.03, 0.6)))
    assert got[0] == pytest.approx(sp.f_crossing((0.55, 0.08), (0.5, 0.03)))
    # [S Fig 3a]: (.98, .5) dominates (.93, .6): the crossing is outside (0, 1]
    assert not 0 < got[1] <= 1


def test_f_crossing_errors():
    with pytest.raises(ValueError, match="f_alpha"):
        sp.f_crossing((0.5, 0.1), (0.6, 0.2), f_alpha=0.0)
    with pytest.raises(ValueError, match="f_alpha"):
        sp.f_crossing((0.5, 0.1), (0.6, 0.2), f_alpha=1.5)
    with pytest.raises(ValueError, match="point_a and point_b"):
        sp.f_crossing((0.5, 0.1), (0.5, 0.1))
    with pytest.raises(ValueError, match="point_b"):
        sp.f_crossing((0.5, 0.1), (1.5, 0.1))
    with pytest.raises(TypeError, match="point_a"):
        sp.f_crossing(0.5, (0.5, 0.1))
    with pytest.raises(ValueError, match="point"):
        sp.f_alpha_crossing((1.0, 0.0))


# ------------------------------------------------------------------ envelope
def test_f_envelope_equals_brute_force(rng):
    for trial in range(5):
        y, s = random_scores(rng, 400, pos_frac=0.2 + 0.1 * trial)
        pts = sp.operating_points(y, s)
        grid = np.concatenate(([0.0, 1e-6], np.linspace(0.001, 1, 97), [1.0]))
        for f_alpha in (0.0, 0.25, 0.5, 0.9, 1.0):
            best, index = sp.f_envelope(pts, skews=grid, f_alpha=f_alpha)
            table = sp.f_curves(pts, skews=grid, f_alpha=f_alpha)  # every point
            np.testing.assert_allclose(best, table.max(axis=1), rtol=1e-12, atol=1e-15)
            np.testing.assert_allclose(table[np.arange(grid.size), index], best, rtol=1e-12, atol=1e-15)
            if f_alpha == 1.0:
                assert np.all(index > 0)  # never the empty prediction


def test_f_envelope_scalar_and_seed_fig2():
    # [S Fig 2] classifier C_1: the envelope picks thresholds with growing TPR as pi grows.
    c1 = sp.OperatingPoints.from_rates([0.55, 0.75, 0.88, 0.98], [0.08, 0.15, 0.28, 0.5])
    f, i = sp.f_envelope(c1, skews=0.3)
    assert isinstance(f, float) and isinstance(i, int)
    _, index = sp.f_envelope(c1, skews=np.linspace(0.01, 1, 50))
    assert np.all(np.diff(c1.tpr[index]) >= 0)


# ------------------------------------------------------------------ baselines
def test_f_max_bound_is_f_of_tpr_one_and_bounds_points(rng):
    pi, fpr_max, f_alpha = 0.1, 0.05, 0.5
    assert sp.f_max_bound(pi, fpr_max, f_alpha=f_alpha) == pytest.approx(1 / (1 + f_alpha * (1 / pi - 1) * fpr_max))
    y, s = random_scores(rng, 300)
    pts = sp.operating_points(y, s)
    ok = pts.fpr <= fpr_max
    assert np.all(sp.f_measure(pts, skew=pi, f_alpha=f_alpha)[ok] <= sp.f_max_bound(pi, fpr_max, f_alpha=f_alpha))


def test_always_positive():
    pi = np.array([0.0, 0.1, 0.5, 1.0])
    np.testing.assert_allclose(sp.f_always_positive(pi, f_alpha=0.5), 2 * pi / (1 + pi))
    pts = one(0.7, 0.2)
    np.testing.assert_allclose(sp.f_always_positive(pi[1:], f_alpha=0.3),
                               sp.f_curves(pts, skews=pi[1:], f_alpha=0.3)[:, -1])
    assert sp.f_always_positive(0.0, f_alpha=0.0) == 1.0  # recall of always-positive


def test_beta_alpha_conversion_round_trip():
    for beta in (0.0, 0.5, 1.0, 2.0, 10.0):
        assert sp.f_beta_from_alpha(sp.f_alpha_from_beta(beta)) == pytest.approx(beta, abs=1e-12)
    assert sp.f_alpha_from_beta(float("inf")) == 0.0
    assert sp.f_beta_from_alpha(0.0) == float("inf")
    with pytest.raises(ValueError, match="beta"):
        sp.f_alpha_from_beta(-1.0)
    with pytest.raises(ValueError, match="f_alpha"):
        sp.f_beta_from_alpha(2.0)


# ------------------------------------------------------------------ bad input
def test_bad_input_names_the_argument():
    pts = one(0.8, 0.15)
    for bad in (-0.1, 1.1, float("nan")):
        with pytest.raises(ValueError, match="f_alpha"):
            sp.f_measure(pts, skew=0.3, f_alpha=bad)
        with pytest.raises(ValueError, match="f_alpha"):
            sp.f_envelope(pts, skews=[0.3], f_alpha=bad)
    with pytest.raises(TypeError, match="f_alpha"):
        sp.f_measure(pts, skew=0.3, f_alpha="half")
    with pytest.raises(ValueError, match="skews"):
        sp.f_envelope(pts, skews=[0.3, 1.2])
    with pytest.raises(ValueError, match="skews"):
        sp.f_curves(pts, skews=[[0.3]])
    with pytest.raises(ValueError, match="skew"):
        sp.f_measure(pts, skew=1.5)
    with pytest.raises(ValueError, match="skew"):
        sp.f_measure(pts)  # built from rates: no data set skew
    with pytest.raises(TypeError, match="y_score is missing"):
        sp.f_measure([0.1, 0.2], skew=0.3)
    with pytest.raises(TypeError, match=r"f_measure\(\): the second argument is y_score.*skew=0.3"):
        sp.f_measure(pts, 0.3)
    with pytest.raises(ValueError, match="fpr_max"):
        sp.f_max_bound(0.1, 2.0)
