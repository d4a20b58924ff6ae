"""Cost space: [S §2.1] values, root finding, brute force and an independent hull."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import brentq
from scipy.spatial import ConvexHull

import skewplot as sp
from skewplot.metrics.cost import operating_range, trivial_costs

from conftest import random_scores


def one(tpr, fpr):
    return sp.OperatingPoints.from_rates([tpr], [fpr])


@pytest.mark.parametrize(
    "lam, ec1, ec2, pr1, pr2",
    [(3, 0.06, 0.075, 0.88, 0.83), (4, 0.056, 0.072, 0.846, 0.786)],
)
def test_seed_section_2_1(lam, ec1, ec2, pr1, pr2):
    # [S §2.1]: (TPR, FPR) = (.88, .04) and (.88, .06), C_FN = C_FP = 1.
    pi = 1 / (1 + lam)
    pc = sp.probability_cost(pi, c_fn=1.0, c_fp=1.0)
    assert pc == pytest.approx(pi)
    assert sp.expected_cost(one(0.88, 0.04), pc=pc)[1] == pytest.approx(ec1, abs=1e-12)
    assert sp.expected_cost(one(0.88, 0.06), pc=pc)[1] == pytest.approx(ec2, abs=1e-12)
    assert sp.precision(one(0.88, 0.04), skew=pi)[1] == pytest.approx(pr1, abs=5e-4)
    assert sp.precision(one(0.88, 0.06), skew=pi)[1] == pytest.approx(pr2, abs=5e-4)


def test_nec_is_normalised_eq1_cost():
    # [S Eq 1] EC = FNR P(+) C_FN + FPR P(-) C_FP; normalised by its largest value
    # P(+) C_FN + P(-) C_FP it is [S Eq 7] at PC(+) of [S Eq 6].
    rng = np.random.default_rng(1)
    for _ in range(20):
        tpr, fpr = rng.random(2)
        pi, c_fn, c_fp = rng.uniform(0.01, 0.99), rng.uniform(0.1, 5), rng.uniform(0.1, 5)
        ec = (1 - tpr) * pi * c_fn + fpr * (1 - pi) * c_fp
        norm = pi * c_fn + (1 - pi) * c_fp
        pc = sp.probability_cost(pi, c_fn=c_fn, c_fp=c_fp)
        pts = sp.OperatingPoints.from_rates([tpr, 1.0], [fpr, 1.0])
        k = int(np.argmin(np.abs(pts.tpr - tpr) + np.abs(pts.fpr - fpr)))
        assert sp.expected_cost(pts, pc=pc)[k] == pytest.approx(ec / norm, rel=1e-12)


def test_probability_cost_eq13_equals_eq6():
    pi = np.linspace(0, 1, 11)
    for m in (0.1, 0.5, 0.8):
        eq13 = (1 / m - 1) * pi / ((1 / m - 2) * pi + 1)
        np.testing.assert_allclose(sp.probability_cost(pi, m), eq13, rtol=1e-13)
        np.testing.assert_allclose(sp.probability_cost(pi, c_fn=1 - m, c_fp=m), eq13, rtol=1e-13)
    np.testing.assert_array_equal(sp.probability_cost(pi, 0.5), pi)
    np.testing.assert_array_equal(sp.probability_cost(pi, 0.0), 1.0)   # [S §3.3]
    np.testing.assert_array_equal(sp.probability_cost(pi, 1.0), 0.0)


def test_expected_cost_ends_and_table():
    pts = sp.OperatingPoints.from_rates([0.6, 0.9], [0.1, 0.5])
    # [S Eq 8]: NEC = FPR at PC = 0 and 1 - TPR at PC = 1
    np.testing.assert_allclose(sp.expected_cost(pts, pc=0.0), pts.fpr)
    np.testing.assert_allclose(sp.expected_cost(pts, pc=1.0), 1 - pts.tpr)
    table = sp.expected_cost(pts, pc=[0.0, 0.3, 1.0])
    assert table.shape == (3, len(pts))
    np.testing.assert_allclose(table[1], sp.expected_cost(pts, pc=0.3))
    neg, pos = trivial_costs(np.array([0.0, 0.3, 1.0]))
    np.testing.assert_allclose(table[:, 0], neg)   # empty prediction = always negative
    np.testing.assert_allclose(table[:, -1], pos)  # everything positive


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
@settings(max_examples=200, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_cost_crossing_eq14_by_root_finding(ta, fa, tb, fb):
    den = (ta - tb) + (fa - fb)
    if abs(den) < 1e-3:
        return
    pc = sp.cost_crossing((ta, fa), (tb, fb))

    def gap(x):
        return (1 - ta - fa) * x + fa - ((1 - tb - fb) * x + fb)

    assert gap(pc) == pytest.approx(0.0, abs=1e-12)
    if 0.01 < pc < 0.99:
        assert brentq(gap, 0, 1, xtol=1e-15) == pytest.approx(pc, abs=1e-10)


def test_cost_crossing_to_skew_through_eq13():
    # The docstring's inversion of Eq 13 maps PC* back to a skew with the same PC.
    pc = sp.cost_crossing((0.5, 0.1), (0.8, 0.3))
    for m in (0.2, 0.5, 0.7):
        pi = pc * m / (pc * m + (1 - pc) * (1 - m))
        assert sp.probability_cost(pi, m) == pytest.approx(pc, rel=1e-13)


def test_operating_range_beats_both_trivial_classifiers():
    rng = np.random.default_rng(5)
    grid = np.linspace(0, 1, 2001)
    for _ in range(30):
        tpr, fpr = rng.random(2)
        lo, hi = operating_range((tpr, fpr))
        line = (1 - tpr - fpr) * grid + fpr
        neg, pos = trivial_costs(grid)
        beats = (line < neg) & (line < pos)
        inside = (grid > lo) & (grid < hi)
        margin = np.minimum(np.abs(grid - lo), np.abs(grid - hi)) > 1e-9
        np.testing.assert_array_equal(beats[margin], inside[margin])
        if tpr <= fpr:
            assert lo == hi == 0.5
    assert operating_range((0.0, 0.0)) == (0.5, 0.5)
    assert operating_range((1.0, 1.0)) == (0.5, 0.5)
    lo, hi = operating_range((np.array([0.8, 0.3]), np.array([0.2, 0.6])))
    assert lo.shape == (2,) and lo[1] == hi[1] == 0.5


def _upper_hull_reference(tpr, fpr):
    """Independent reference: scipy's qhull on the points plus (1, 0), upper-left part."""
    xy = np.column_stack((np.append(fpr, 1.0), np.append(tpr, 0.0)))
    v = ConvexHull(xy).vertices
    v = v[v < tpr.size]
    # keep the vertices on the boundary from (0, 0) to (1, 1) above the diagonal side
    keep = [i for i in v if tpr[i] >= fpr[i]]
    return set(zip(fpr[keep].round(12), tpr[keep].round(12), strict=True))


def test_roc_convex_hull_against_qhull_and_dominance(rng):
    for trial in range(8):
        y, s = random_scores(rng, 500, ties=trial % 2 == 0)
        pts = sp.operating_points(y, s)
        hull = sp.roc_convex_hull(pts)
        assert hull[0] == 0 and hull[-1] == len(pts) - 1
        assert np.all(np.diff(hull) > 0)
        f, t = pts.fpr[hull], pts.tpr[hull]
        # strictly convex: slopes strictly decrease
        slopes = np.diff(t) / np.where(np.diff(f) > 0, np.diff(f), np.nan)
        finite = slopes[np.isfinite(slopes)]
        assert np.all(np.diff(finite) < 0)
        # no point lies above the hull (piecewise-linear interpolation)
        assert np.all(pts.tpr <= np.interp(pts.fpr, f, t) + 1e-12)
        ref = _upper_hull_reference(pts.tpr, pts.fpr)
        got = set(zip(f.round(12), t.round(12), strict=True))
        assert got - {(0.0, 0.0), (1.0, 1.0)} == ref - {(0.0, 0.0), (1.0, 1.0)}


def test_roc_convex_hull_degenerate():
    # all points on the diagonal: the hull is the two ends
    pts = sp.OperatingPoints.from_rates([0.2, 0.5], [0.2, 0.5])
    assert sp.roc_convex_hull(pts).tolist() == [0, 3]
    # a perfect classifier
    pts = sp.operating_points([0, 1], [0.0, 1.0])
    assert pts.tpr[sp.roc_convex_hull(pts)].tolist() == [0.0, 1.0, 1.0]


def test_cost_envelope_equals_brute_force(rng):
    for trial in range(6):
        y, s = random_scores(rng, 600, pos_frac=0.1 + 0.1 * trial, ties=trial % 2 == 0)
        pts = sp.operating_points(y, s)
        hull = sp.roc_convex_hull(pts)
        # the grid includes every breakpoint exactly: the crossings of hull neighbours
        breaks = [sp.cost_crossing((pts.tpr[i], pts.fpr[i]), (pts.tpr[j], pts.fpr[j]))
                  for i, j in zip(hull[:-1], hull[1:], strict=True)]
        grid = np.sort(np.concatenate((np.linspace(0, 1, 301), breaks)))
        cost, index = sp.cost_envelope(pts, pc=grid)
        table = sp.expected_cost(pts, pc=grid)  # every point's line
        np.testing.assert_allclose(cost, table.min(axis=1), atol=1e-14)
        np.testing.assert_allclose(table[np.arange(grid.size), index], cost, atol=1e-14)
        neg, pos = trivial_costs(grid)
        assert np.all(cost <= np.minimum(neg, pos) + 1e-15)


def test_cost_envelope_scalar_and_breakpoint_tie():
    pts = sp.OperatingPoints.from_rates([0.5, 0.9], [0.1, 0.4])
    pc = sp.cost_crossing((0.5, 0.1), (0.9, 0.4))
    cost, index = sp.cost_envelope(pts, pc=pc)
    assert isinstance(cost, float) and index == 1  # tie: the smaller FPR
    assert cost == pytest.approx(sp.expected_cost(pts, pc=pc)[2], abs=1e-15)


def test_bad_input_names_the_argument():
    pts = one(0.8, 0.2)
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="pc"):
            sp.expected_cost(pts, pc=bad)
        with pytest.raises(ValueError, match="pc"):
            sp.cost_envelope(pts, pc=[0.2, bad])
        with pytest.raises(ValueError, match="m"):
            sp.probability_cost(0.2, m=bad)
        with pytest.raises(ValueError, match="skew"):
            sp.probability_cost(bad)
    with pytest.raises(ValueError, match="pc"):
        sp.expected_cost(pts, pc=float("nan"))
    with pytest.raises(TypeError, match="pc"):
        sp.expected_cost(pts, pc="0.3")
    with pytest.raises(ValueError, match="pc"):
        sp.expected_cost(pts, pc=[[0.3]])
    with pytest.raises(TypeError, match="y_score is missing .*operating points"):
        sp.expected_cost((0.8, 0.2), pc=0.3)
    with pytest.raises(TypeError, match="c_fn"):
        sp.probability_cost(0.2, m=0.5, c_fn=1.0, c_fp=2.0)
    with pytest.raises(TypeError, match="c_fn and c_fp"):
        sp.probability_cost(0.2, c_fn=1.0)
    with pytest.raises(ValueError, match="c_fp"):
        sp.probability_cost(0.2, c_fn=1.0, c_fp=-1.0)
    with pytest.raises(ValueError, match="c_fn and c_fp"):
        sp.probability_cost(0.2, c_fn=0.0, c_fp=0.0)
    with pytest.raises(ValueError, match="parallel"):
        sp.cost_crossing((0.5, 0.25), (0.75, 0.0))
    with pytest.raises(ValueError, match="point_a"):
        sp.cost_crossing((0.5, -0.1), (0.6, 0.0))


def test_frontier_hull_of_an_ordered_curve_equals_the_sorting_path(rng):
    """A curve in threshold order (ties in FPR, TPR and both) takes the sort-free path: the same points."""
    from skewplot.metrics import hull as hull_module

    for _ in range(30):
        n = int(rng.integers(2, 200))
        fpr = np.sort(rng.integers(0, 12, n) / 11.0)  # coarse: many runs of equal FPR and equal points
        tpr = np.sort(rng.integers(0, 12, n) / 11.0)
        fast = hull_module.frontier_hull(tpr, fpr)
        shuffle = rng.permutation(n)  # out of order: the sorting path, mapped back to the curve's indices
        slow = shuffle[hull_module.frontier_hull(tpr[shuffle], fpr[shuffle])]
        np.testing.assert_array_equal(np.c_[fpr[fast], tpr[fast]], np.c_[fpr[slow], tpr[slow]])
        # of equal copies the first, as the stable sort keeps it
        assert fast.tolist() == [int(np.flatnonzero((fpr == fpr[i]) & (tpr == tpr[i]))[0]) for i in fast]
