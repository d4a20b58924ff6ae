"""The widgets' threshold readout and target lookup, against choose_threshold and brute force."""

import numpy as np
import pytest

import skewplot as sp
from skewplot.metrics.decide import PrecisionIndex, TargetIndex
from skewplot.metrics.precision import skew_model_of
from skewplot.plotting.threshold import threshold_index
from skewplot.stats.choose import report_at


@pytest.fixture(scope="module", params=[0.01, 0.2])
def rows(request):
    rng = np.random.default_rng(3)
    n = 1500
    y = rng.random(n) < request.param
    y[:2] = [True, False]
    s = np.round(rng.normal(size=n) + 1.5 * y, 1)  # ties
    return y, s


def _brute(y, s, t, pi, m):
    """Counts at ``score >= t`` from the rows, and what they give at skew ``pi``."""
    tpr, fpr = np.mean(s[y] >= t), np.mean(s[~y] >= t)
    prec = pi * tpr / (pi * tpr + (1 - pi) * fpr) if tpr + fpr > 0 else None
    pc = pi * (1 - m) / (pi * (1 - m) + (1 - pi) * m)
    return {"recall": tpr, "fpr": fpr, "precision": prec, "cost": pc * (1 - tpr) + (1 - pc) * fpr,
            "tp": 1e4 * pi * tpr, "fp": 1e4 * (1 - pi) * fpr}


def test_report_at_every_threshold_equals_brute_force(rows):
    y, s = rows
    pts = sp.operating_points(y, s)
    for t in np.unique(s)[::3]:
        i = threshold_index(pts, t)
        got = report_at(pts, i, 0.003, m=0.3)
        want = _brute(y, s, t, 0.003, 0.3)
        for key, value in want.items():
            if value is not None:
                assert got[key] == pytest.approx(value, rel=1e-12, abs=1e-12), key


def test_report_at_a_chosen_point_equals_choose_threshold(rows):
    y, s = rows
    pts = sp.operating_points(y, s)
    d = sp.choose_threshold(y, s, skew=(0.001, 0.05), target="cost", m=0.2)
    r = report_at(pts, d.index, (0.001, 0.05), m=0.2)
    for key in ("recall", "precision", "fpr", "cost"):
        assert r[key] == pytest.approx(getattr(d, key), rel=1e-12)
    for key, value in d.counts.items():
        assert r[key] == pytest.approx(value, rel=1e-12)


@pytest.mark.slow_cases('0.2')  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_report_at_intervals_match_the_row_bootstrap(rows):
    """Binomial counts are the stratified row bootstrap's distribution at one threshold: quantiles agree."""
    y, s = rows
    pts = sp.operating_points(y, s)
    d = sp.choose_threshold(y, s, skew=0.05, target="fbeta", confidence=0.8, n_boot=4000, random_state=1)
    r = report_at(pts, d.index, 0.05, confidence=0.8, n_boot=4000, random_state=2)
    n_pos = int(y.sum())
    for key in ("recall", "precision"):
        lo, hi = d.intervals[key]
        width = hi - lo
        # Monte Carlo error of a 10 % quantile from 4000 draws, plus one count's step in recall
        slack = 0.08 * width + 1.0 / n_pos
        assert r["intervals"][key][0] == pytest.approx(lo, abs=slack), key
        assert r["intervals"][key][1] == pytest.approx(hi, abs=slack), key
        assert r["intervals"][key][0] <= r[key] <= r["intervals"][key][1]


def test_report_at_refuses_weighted_points_for_intervals():
    pts = sp.operating_points([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3], sample_weight=[0.5, 1.5, 1.0, 1.0])
    assert report_at(pts, 1, 0.1)["intervals"] is None
    with pytest.raises(ValueError, match="unit-weight"):
        report_at(pts, 1, 0.1, confidence=0.9)
    with pytest.raises(ValueError, match="index"):
        report_at(pts, 9, 0.1)


@pytest.mark.parametrize("target", ["precision", "recall"])
@pytest.mark.parametrize("skew", [0.002, 0.3, (0.01, 0.1)])
def test_target_index_is_choose_thresholds_pick(rows, target, skew):
    y, s = rows
    pts = sp.operating_points(y, s)
    look = TargetIndex(pts, target, skew_model_of(pts, skew))
    for v in np.linspace(0.0, 1.0, 41):
        try:
            want = sp.choose_threshold(pts, skew=skew, target=target, value=float(v)).index
        except ValueError:
            want = None
        assert look(float(v)) == want, v


def test_precision_index_picks_target_indexs_point_at_every_skew(rows):
    """The skew-free index against the per-skew one, at skews across (0, 1) and at targets equal to a point's precision.

    Counts of small integers make exact ties: a target equal to a point's float precision is where the ratio
    bound and the float comparison could disagree.
    """
    y, s = rows
    pts = sp.operating_points(y, s)
    look = PrecisionIndex(pts)
    rng = np.random.default_rng(7)
    tpr, fpr = np.asarray(pts.tpr), np.asarray(pts.fpr)
    for pi in (1e-300, 1e-12, 1e-4, 0.003, 0.05, 1 / 3, 0.5, 0.9, 1 - 1e-9):
        per_skew = TargetIndex(pts, "precision", sp.FixedSkew(pi))
        with np.errstate(divide="ignore", invalid="ignore"):
            exact = pi * tpr / (pi * tpr + (1 - pi) * fpr)
        values = [0.0, 1.0, 1.5, -0.1, *rng.random(20), *rng.choice(exact[np.isfinite(exact)], 20),
                  *np.nextafter(rng.choice(exact[np.isfinite(exact)], 10), 2.0)]
        for v in values:
            assert look(float(v), pi) == per_skew(float(v)), (pi, v)
