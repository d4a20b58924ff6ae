"""The PRDisplay shortcut the widgets rely on for speed: AUCs on the ROC polyline's corners only."""

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

import skewplot as sp
from skewplot.metrics.auc import polyline_corners

MODELS = [None, 0.003, 0.5, (0.0, 0.5), (0.1, 1.0), sp.SkewSeries([0.2, 0.01, 0.0, 1.0]),
          sp.SkewRange(0.0, 0.6, weight=lambda p: np.exp(-((p - 0.1) / 0.05) ** 2))]


def scores(seed, n, *, ties):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.2).astype(int)
    y[:2] = 0, 1
    s = rng.normal(size=n) + y
    return y, (np.round(s, 1) if ties else s)


@pytest.mark.parametrize("ties", [False, True])
def test_corners_keep_the_polyline(ties):
    y, s = scores(1, 3000, ties=ties)
    pts = sp.operating_points(y, s)
    c = polyline_corners(pts)
    assert len(c) <= len(pts) and c.skew == pts.skew
    if not ties:
        assert len(c) < len(pts) / 2
    # the kept vertices are a subsequence; each dropped one sits inside a straight vertical/horizontal run
    pos = np.searchsorted(pts.tpr + pts.fpr, c.tpr + c.fpr)
    np.testing.assert_array_equal(pts.tpr[pos], c.tpr)
    np.testing.assert_array_equal(pts.fpr[pos], c.fpr)
    dropped = np.setdiff1d(np.arange(len(pts)), pos)
    assert 0 not in dropped and len(pts) - 1 not in dropped
    d_tp, d_fp = np.diff(pts.tpr), np.diff(pts.fpr)
    vertical = (d_fp[dropped - 1] == 0) & (d_fp[dropped] == 0)
    horizontal = (d_tp[dropped - 1] == 0) & (d_tp[dropped] == 0)
    assert np.all(vertical | horizontal)


@pytest.mark.parametrize("ties", [False, True])
# ids without memory addresses (a weight function's repr has one): pytest-xdist's workers must collect the same ids
@pytest.mark.slow_cases(  # loaded run 2026-11-29
    '0.003-False',
    '0.003-True',
    '0.5-False',
    '0.5-True',
    'None-False',
    'None-True')
@pytest.mark.parametrize("model", MODELS, ids=lambda m: re.sub(r" at 0x[0-9a-f]+", "", repr(m)))
def test_display_auc_equals_aucpr_on_all_points(ties, model):
    y, s = scores(2, 2000, ties=ties)
    pts = sp.operating_points(y, s)
    disp = sp.plot_pr(pts, skew=0.1, ax=Figure().subplots())
    disp.update(skew=model)
    assert disp.aucs_["classifier"] == pytest.approx(sp.aucpr(pts, skew=model), rel=1e-11, abs=1e-14)


def test_soft_labels_and_rates_are_handled():
    rng = np.random.default_rng(3)
    s = rng.normal(size=500)
    pts = sp.OperatingPoints.from_weights(s, rng.random(500))
    assert sp.aucpr(polyline_corners(pts), skew=0.05) == pytest.approx(sp.aucpr(pts, skew=0.05), rel=1e-12)
    rates = sp.OperatingPoints.from_rates([0, 0.2, 0.4, 0.4, 0.4, 1], [0, 0, 0, 0.3, 0.5, 1], skew=0.2)
    c = polyline_corners(rates)
    assert c.tpr.tolist() == [0, 0.4, 0.4, 1] and c.fpr.tolist() == [0, 0, 0.5, 1]
    for model in MODELS[:-1]:
        assert sp.aucpr(c, skew=model) == pytest.approx(sp.aucpr(rates, skew=model), rel=1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
def test_other_interpolations_use_every_point():
    y, s = scores(4, 800, ties=False)
    pts = sp.operating_points(y, s)
    disp = sp.plot_pr(pts, skew=0.05, interpolation="step", ax=Figure().subplots())
    assert disp.aucs_["classifier"] == pytest.approx(sp.aucpr(pts, skew=0.05, interpolation="step"), rel=1e-12)
