"""best_threshold against brute force over every point and every mix of two points."""

import numpy as np
import pytest

import skewplot as sp
from skewplot.metrics.threshold import ThresholdChoice

from conftest import random_scores


def brute_constrained(tpr, fpr, score, max_fpr, maximise=True):
    """Best value over all points with FPR <= max_fpr and all two-point mixes reaching FPR = max_fpr.

    Independent of the hull: every pair (i, j) with FPR_i <= max_fpr < FPR_j is mixed
    to land on FPR = max_fpr; the objectives are monotone along a segment, so its
    best feasible point is an end or that cut.
    """
    sign = 1.0 if maximise else -1.0
    ok = fpr <= max_fpr
    best = np.max(sign * score(tpr[ok], fpr[ok]))
    i, j = np.nonzero(ok[:, None] & ~ok[None, :])
    q = (max_fpr - fpr[i]) / (fpr[j] - fpr[i])
    t = tpr[i] + q * (tpr[j] - tpr[i])
    if t.size:
        best = max(best, np.max(sign * score(t, np.full(t.size, max_fpr))))
    return sign * best


def test_by_f_equals_brute_force(rng):
    for trial in range(6):
        y, s = random_scores(rng, 300, pos_frac=0.15 + 0.1 * trial, ties=trial % 2 == 0)
        pts = sp.operating_points(y, s)
        for pi in (0.01, 0.2, pts.skew, 0.9):
            for f_alpha in (0.0, 0.3, 0.5, 1.0):
                best = sp.best_threshold(pts, skew=pi, f_alpha=f_alpha)
                values = sp.f_measure(pts, skew=pi, f_alpha=f_alpha)
                assert best.value == pytest.approx(values.max(), rel=1e-12)
                assert values[best.index] == pytest.approx(best.value, rel=1e-12)
                assert best.threshold == pts.thresholds[best.index]
                assert (best.tpr, best.fpr) == (pts.tpr[best.index], pts.fpr[best.index])
                assert not best.mixed and best.criterion == "f" and best.pc is None
                if f_alpha == 1.0:
                    assert best.index > 0


def test_by_cost_equals_brute_force(rng):
    for trial in range(6):
        y, s = random_scores(rng, 300, pos_frac=0.15 + 0.1 * trial)
        pts = sp.operating_points(y, s)
        for pi in (0.01, 0.3, 0.7):
            for m in (0.1, 0.5, 0.9):
                best = sp.best_threshold(pts, skew=pi, m=m)
                pc = sp.probability_cost(pi, m)
                costs = sp.expected_cost(pts, pc=pc)
                assert best.value == pytest.approx(costs.min(), abs=1e-14)
                assert costs[best.index] == pytest.approx(best.value, abs=1e-14)
                assert best.pc == pc and best.criterion == "cost"


def test_matches_envelopes(rng):
    y, s = random_scores(rng, 400)
    pts = sp.operating_points(y, s)
    f, i = sp.f_envelope(pts, skews=0.05, f_alpha=0.5)
    best = sp.best_threshold(pts, skew=0.05, f_alpha=0.5)
    assert (best.value, best.index) == (pytest.approx(f, rel=1e-13), i)
    c, j = sp.cost_envelope(pts, pc=sp.probability_cost(0.05, 0.3))
    best = sp.best_threshold(pts, skew=0.05, m=0.3)
    assert (best.value, best.index) == (pytest.approx(c, abs=1e-15), j)


def test_data_set_skew_by_default(rng):
    y, s = random_scores(rng, 200)
    pts = sp.operating_points(y, s)
    assert sp.best_threshold(pts, f_alpha=0.5) == sp.best_threshold(pts, skew=pts.skew, f_alpha=0.5)
    assert sp.best_threshold(pts, skew=sp.FixedSkew(0.1), m=0.5) == sp.best_threshold(pts, skew=0.1, m=0.5)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_max_fpr_mix_equals_brute_force(rng):
    hits = 0
    for trial in range(6):
        y, s = random_scores(rng, 200, pos_frac=0.3, ties=trial % 2 == 0)
        pts = sp.operating_points(y, s)
        tpr, fpr = np.asarray(pts.tpr), np.asarray(pts.fpr)
        for max_fpr in (0.0, 0.013, 0.05, 0.21, 0.6):
            for pi in (0.05, 0.5, 0.95):
                pc = sp.probability_cost(pi, 0.5)
                best = sp.best_threshold(pts, skew=pi, m=0.5, max_fpr=max_fpr)
                want = brute_constrained(tpr, fpr, lambda t, f: (1 - t - f) * pc + f, max_fpr, maximise=False)
                assert best.value == pytest.approx(want, abs=1e-13)
                assert best.fpr <= max_fpr + 1e-15
                for f_alpha in (0.5, 1.0):
                    best_f = sp.best_threshold(pts, skew=pi, f_alpha=f_alpha, max_fpr=max_fpr)
                    want = brute_constrained(tpr, fpr, lambda t, f: _f(t, f, pi, f_alpha), max_fpr)
                    assert best_f.value == pytest.approx(want, rel=1e-12)
                if best.mixed:
                    hits += 1
                    q = best.proportion
                    a, b = best.index, best.index_b
                    assert 0 < q < 1 and fpr[a] < max_fpr < fpr[b]
                    assert best.tpr == pytest.approx((1 - q) * tpr[a] + q * tpr[b], rel=1e-14)
                    assert best.fpr == max_fpr
                    assert (best.threshold, best.threshold_b) == (pts.thresholds[a], pts.thresholds[b])
                    # the mix is strictly better than every single feasible threshold
                    costs = sp.expected_cost(pts, pc=pc)
                    assert best.value < costs[fpr <= max_fpr].min()
    assert hits > 5


def _f(t, f, pi, f_alpha):
    """F from the definition with pi-weighted counts (no library code)."""
    tp, fp = pi * t, (1 - pi) * f
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(tp > 0, tp / (f_alpha * (tp + fp) + (1 - f_alpha) * pi), 0.0)


def test_mixed_decisions_realise_the_point():
    # Deciding with threshold_b on a share q of the inputs gives the mixed rates on average.
    y = np.array([1, 1, 0, 1, 0, 0, 1, 0, 0, 0])
    s = np.array([9, 8, 7, 6, 5, 4, 3, 2, 1, 0], dtype=float)
    pts = sp.operating_points(y, s)
    best = sp.best_threshold(pts, skew=0.8, m=0.5, max_fpr=0.1)
    assert best.mixed
    rng = np.random.default_rng(0)
    reps = 20000
    use_b = rng.random((reps, y.size)) < best.proportion
    pred = np.where(use_b, s >= best.threshold_b, s >= best.threshold)
    tpr = (pred & (y == 1)).sum(1).mean() / (y == 1).sum()
    fpr = (pred & (y == 0)).sum(1).mean() / (y == 0).sum()
    assert tpr == pytest.approx(best.tpr, abs=0.01) and fpr == pytest.approx(best.fpr, abs=0.01)


def test_tie_at_a_breakpoint_lists_the_alternative():
    pts = sp.OperatingPoints.from_rates([0.5, 0.9], [0.1, 0.4], thresholds=[2.0, 1.0])
    pc = sp.cost_crossing((0.5, 0.1), (0.9, 0.4))  # PC(+) = pi at m = 0.5
    best = sp.best_threshold(pts, skew=pc, m=0.5)
    assert best.index == 1 and best.alternatives == (2,) and not best.mixed
    assert best.threshold == 2.0
    away = sp.best_threshold(pts, skew=pc * 0.9, m=0.5)
    assert away.alternatives == ()


def test_without_thresholds():
    pts = sp.OperatingPoints.from_rates([0.5, 0.9], [0.1, 0.4])
    best = sp.best_threshold(pts, skew=0.3, f_alpha=0.5)
    assert isinstance(best, ThresholdChoice) and best.threshold is None


def test_bad_input_names_the_argument():
    pts = sp.OperatingPoints.from_rates([0.5, 0.9], [0.1, 0.4], skew=0.3)
    with pytest.raises(TypeError, match="f_alpha.*m"):
        sp.best_threshold(pts, skew=0.3)
    with pytest.raises(TypeError, match="f_alpha.*m"):
        sp.best_threshold(pts, skew=0.3, f_alpha=0.5, m=0.5)
    with pytest.raises(ValueError, match="f_alpha"):
        sp.best_threshold(pts, skew=0.3, f_alpha=1.2)
    with pytest.raises(ValueError, match="m"):
        sp.best_threshold(pts, skew=0.3, m=-0.2)
    with pytest.raises(ValueError, match="max_fpr"):
        sp.best_threshold(pts, skew=0.3, m=0.5, max_fpr=1.5)
    with pytest.raises(ValueError, match="skew"):
        sp.best_threshold(pts, skew=1.0, m=0.5)

    class TwoPoint(sp.SkewModel):
        def nodes(self):
            return np.array([0.1, 0.3]), np.array([0.5, 0.5])

    with pytest.raises(TypeError, match="skew"):
        sp.best_threshold(pts, skew=TwoPoint(), f_alpha=0.5)
    with pytest.raises(TypeError, match=r"second argument is y_score .* skew=0.3"):  # after labels, a number is a skew
        sp.best_threshold([0.1], 0.3, m=0.5)
