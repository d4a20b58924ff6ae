"""Precision-recall-gain space against an independent implementation in exact fractions.

The reference follows Flach & Kull's definitions in precision and recall
(not in rates): gains from the contingency table at the deployment skew, the
crossing of recall gain 0 on the segment between two thresholds (the mix of
the two predictions whose recall is pi'), trapezoids over recall gain >= 0.
"""

from fractions import Fraction as Fr

import numpy as np
import pytest

import skewplot as sp


def _data(n, pos_rate, seed):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < pos_rate
    y[:3] = True
    s = np.round(rng.normal(size=n) + 1.5 * y, 1)  # ties
    w = rng.integers(1, 5, n)  # integer weights: exact fractions
    return y, s, w


def _counts(y, s, w):
    """(TP, FP) of every threshold from +inf down, in fractions, by plain loops."""
    out = [(Fr(0), Fr(0))]
    for t in sorted(set(s.tolist()), reverse=True):
        tp = sum(Fr(int(wi)) for yi, si, wi in zip(y, s, w, strict=True) if si >= t and yi)
        fp = sum(Fr(int(wi)) for yi, si, wi in zip(y, s, w, strict=True) if si >= t and not yi)
        out.append((tp, fp))
    return out


def _gains(tp, fp, n_pos, n_neg, pi):
    """[FK] gains of one contingency table at skew pi: from precision and recall at pi."""
    recall = tp / n_pos
    prec = pi * recall / (pi * recall + (1 - pi) * fp / n_neg)
    return (recall - pi) / ((1 - pi) * recall), (prec - pi) / ((1 - pi) * prec)


def _reference(counts, pi):
    n_pos, n_neg = counts[-1]
    pts = []
    for k in range(1, len(counts)):
        (tp0, fp0), (tp1, fp1) = counts[k - 1], counts[k]
        r0, r1 = tp0 / n_pos, tp1 / n_pos
        if r0 < pi < r1:  # the mix of the two predictions with recall pi
            a = (pi - r0) / (r1 - r0)
            pts.append(_gains(tp0 + a * (tp1 - tp0), fp0 + a * (fp1 - fp0), n_pos, n_neg, pi))
        if r1 >= pi:
            pts.append(_gains(tp1, fp1, n_pos, n_neg, pi))
    area = sum((x1 - x0) * (y0 + y1) / 2 for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False))
    return pts, area


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'skew0-0.001-3000-1',
    'skew1-0.001-3000-1',
    'skew2-0.001-3000-1')
@pytest.mark.parametrize("pos_rate,n,seed", [(0.001, 3000, 1), (0.01, 1500, 2), (0.1, 400, 3)])
@pytest.mark.parametrize("skew", [Fr(1, 10000), Fr(1, 100), Fr(3, 10)])
def test_prg_curve_and_area_equal_the_fraction_reference(pos_rate, n, seed, skew):
    y, s, w = _data(n, pos_rate, seed)
    pts = sp.operating_points(y, s, sample_weight=w)
    ref, area = _reference(_counts(y, s, w), skew)
    c = sp.prg_curve(pts, skew=float(skew))
    np.testing.assert_allclose(c.recall_gain, [float(x) for x, _ in ref], rtol=0, atol=1e-12)
    np.testing.assert_allclose(c.precision_gain, [float(v) for _, v in ref], rtol=1e-12, atol=1e-12)
    assert sp.aucprg(pts, skew=float(skew)) == pytest.approx(float(area), rel=1e-12, abs=1e-14)


def test_under_a_series_the_gains_are_their_expectations():
    y, s, w = _data(600, 0.05, 4)
    pts = sp.operating_points(y, s, sample_weight=w)
    values = [Fr(1, 100), Fr(1, 50), Fr(1, 20), Fr(1, 50)]
    weights = [Fr(1, 2), Fr(1), Fr(1), Fr(1, 2)]  # the series' trapezoid rule in time
    counts = _counts(y, s, w)
    n_pos, n_neg = counts[-1]
    c = sp.prg_curve(pts, skew=sp.SkewSeries([float(v) for v in values]))
    for rg, pg, i in zip(c.recall_gain, c.precision_gain, c.index, strict=True):
        if i < 0:
            continue
        tp, fp = counts[i]
        per = [_gains(tp, fp, n_pos, n_neg, v) for v in values]
        exp_rg = sum(wt * g[0] for wt, g in zip(weights, per, strict=True)) / sum(weights)
        exp_pg = sum(wt * g[1] for wt, g in zip(weights, per, strict=True)) / sum(weights)
        assert rg == pytest.approx(float(exp_rg), abs=1e-12) and pg == pytest.approx(float(exp_pg), abs=1e-12)
    # A range: E[o'] from its closed form, -log(1 - pi) - pi integrated
    lo, hi = 0.01, 0.05
    odds = (np.log((1 - lo) / (1 - hi)) - (hi - lo)) / (hi - lo)
    assert sp.prg_curve(pts, skew=(lo, hi)).skew == pytest.approx(odds / (1 + odds), rel=1e-12)


def test_hull_is_the_upper_convex_hull_in_prg_space():
    y, s, w = _data(2000, 0.02, 5)
    pts = sp.operating_points(y, s, sample_weight=w)
    c = sp.prg_curve(pts, skew=0.01)
    h = sp.prg_curve(pts, skew=0.01, hull=True)
    keep = c.index >= 0
    x, v = c.recall_gain[keep], c.precision_gain[keep]
    # every curve vertex lies on or below the hull polyline (at recall gain 1 the hull is vertical)
    inner = x < 1
    assert np.all(np.interp(x[inner], h.recall_gain, h.precision_gain) >= v[inner] - 1e-12)
    assert np.all(v[~inner] <= h.precision_gain[h.recall_gain == 1].max())
    # every hull vertex but the cut is a curve vertex, and the hull turns clockwise (concave)
    assert set(h.index[h.index >= 0]) <= set(c.index)
    dx, dy = np.diff(h.recall_gain), np.diff(h.precision_gain)
    slopes = dy[dx > 0] / dx[dx > 0]
    assert np.all(np.diff(slopes) <= 1e-9)


def test_f_gain_is_linear_in_the_gains():
    """F_beta gain (F - pi)/((1 - pi) F) = (precG + beta^2 recG)/(1 + beta^2): iso-F lines are straight."""
    pi, beta = 0.05, 2.0
    t, f = np.array([0.3, 0.6, 0.9]), np.array([0.01, 0.05, 0.2])
    pts = sp.OperatingPoints.from_rates(t, f)
    fb = sp.f_measure(pts, skew=pi, beta=beta)[1:-1]
    fg = (fb - pi) / ((1 - pi) * fb)
    c = sp.prg_curve(pts, skew=pi)
    on = np.isin(c.index, [1, 2, 3])
    np.testing.assert_allclose(fg, (c.precision_gain[on] + beta**2 * c.recall_gain[on]) / (1 + beta**2),
                               rtol=1e-12)


def test_bad_skews():
    pts = sp.OperatingPoints.from_rates([0.5], [0.1])
    with pytest.raises(ValueError, match="skew: recall gain needs pi' < 1"):
        sp.prg_curve(pts, skew=sp.SkewSeries([0.1, 1.0]))
    with pytest.raises(ValueError, match="skew"):
        sp.aucprg(pts, skew=1.5)
    with pytest.raises(TypeError, match=r"aucprg\(\): the second argument is y_score.*skew=0.1"):
        sp.aucprg(pts, 0.1)
    with pytest.raises(TypeError, match=r"prg_curve\(\): the second argument is y_score.*skew=0.1"):
        sp.prg_curve(pts, 0.1)
    with pytest.raises(TypeError, match="y_score is missing"):
        sp.aucprg([0.5], skew=0.1)
