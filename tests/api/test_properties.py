"""Property tests (hypothesis): invariants of the skew models, the areas and the input checks.

Precision ``P_pi(a, b) = pi a / (pi a + (1 - pi) b)`` increases in ``pi``; most
bounds below follow from that and from the definition of the minimum curve.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import skewplot as sp
from skewplot._validate import check_bool
from skewplot.skew.ranges import uniform_precision

SETTINGS = settings(max_examples=60, deadline=None)

unit_open = st.floats(1e-300, 1.0, exclude_max=True, allow_subnormal=False)
extreme_skew = st.one_of(unit_open, st.floats(1 - 1e-9, 1.0, exclude_max=True),
                         st.sampled_from([1e-300, 1e-100, 1e-12, 1 - 1e-12, 1 - 1e-15, 0.5]))
rate = st.floats(0.0, 1.0, allow_subnormal=False)  # rates are counts over totals, never subnormal


@st.composite
def curves(draw):
    """A random ROC polyline from hard labels (ties included)."""
    n = draw(st.integers(2, 30))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    assume(0 < sum(y) < n)
    s = draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    return sp.operating_points(np.array(y), np.array(s, dtype=float))


@st.composite
def ranges(draw):
    lo = draw(st.one_of(st.just(0.0), st.floats(0.0, 0.999), st.sampled_from([1e-300, 1e-12, 1 - 1e-9])))
    width = draw(st.one_of(st.floats(1e-12, 1.0), st.sampled_from([1e-12, 1e-6, 1.0])))
    hi = min(1.0, lo + width)
    assume(lo < hi)
    return lo, hi


@st.composite
def models(draw):
    kind = draw(st.sampled_from(["fixed", "range", "weighted", "series"]))
    if kind == "fixed":
        return sp.FixedSkew(draw(extreme_skew))
    if kind in ("range", "weighted"):
        lo, hi = draw(ranges())
        if kind == "range":
            return sp.SkewRange(lo, hi)
        assume(hi - lo > 1e-6)
        return sp.SkewRange(lo, hi, weight=lambda p: 1.0 + p)
    values = draw(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=6))
    return sp.SkewSeries(values)


# 1
@SETTINGS
@given(curves(), models())
@pytest.mark.slow  # 1.1 s
def test_normalised_aucpr_in_unit_interval_for_every_skew_model(pts, model):
    assume(model.aucpr_min_gap() > 0)
    v = sp.aucpr(pts, skew=model, normalize=True)
    assert -1e-9 <= v <= 1 + 1e-9


# 2
@pytest.mark.slow  # 1.1 s (2026-11-29, -n 2)
@SETTINGS
@given(curves(), models())
def test_aucpr_min_is_below_every_achievable_aucpr(pts, model):
    assert sp.aucpr_min(model) <= sp.aucpr(pts, skew=model) + 1e-12


# 3
@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
@SETTINGS
@given(rate, rate, ranges())
def test_pbar_lies_between_the_precisions_at_the_ends(a, b, rng):
    lo, hi = rng
    assume(a + b > 0)
    # A one-sample series is a point mass that also takes the limits at skews 0 and 1.
    p_lo = float(sp.SkewSeries([lo]).precision(a, b))
    p_hi = float(sp.SkewSeries([hi]).precision(a, b))
    v = float(uniform_precision(a, b, lo, hi))
    assert v >= 0.0
    assert p_lo * (1 - 1e-12) - 1e-300 <= v <= p_hi * (1 + 1e-12) + 1e-300


# 4
@SETTINGS
@given(rate, rate, st.floats(0.0, 0.999), st.integers(1, 12))
def test_pbar_is_continuous_as_the_range_closes(a, b, lo, k):
    assume(a > 0 and b > 0)
    h = 10.0 ** -k
    p_lo = float(sp.SkewSeries([lo]).precision(a, b))
    v = float(uniform_precision(a, b, lo, min(1.0, lo + h)))
    # P' = a b / D² <= max(a, b) / min(a, b) bounds the slope.
    slope = max(a, b) / min(a, b)
    assert abs(v - p_lo) <= slope * h + 1e-12


# 5
@pytest.mark.slow  # loaded run 2026-11-29
@SETTINGS
@given(curves(), extreme_skew, extreme_skew)
def test_precision_and_area_increase_with_the_skew(pts, s1, s2):
    s1, s2 = min(s1, s2), max(s1, s2)
    p1, p2 = sp.precision(pts, skew=s1), sp.precision(pts, skew=s2)
    assert np.all(p1 <= p2 * (1 + 1e-12) + 1e-300)
    assert sp.aucpr(pts, skew=s1) <= sp.aucpr(pts, skew=s2) + 1e-12


# 6
@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
@SETTINGS
@given(ranges())
def test_range_minimum_area_between_its_ends(rng):
    lo, hi = rng
    v = sp.aucpr_min((lo, hi))
    a = sp.aucpr_min(lo) if lo > 0 else 0.0
    b = sp.aucpr_min(hi) if hi < 1 else 1.0
    assert a * (1 - 1e-12) <= v <= b * (1 + 1e-12) and 0.0 <= v <= 1.0


# 7
@SETTINGS
@given(st.floats(0.0, 1.0), st.floats(1e-3, 1 - 1e-3), st.floats(1e-3, 1 - 1e-3))
def test_transform_precision_round_trips(p, a, b):
    there = sp.transform_precision(p, a, b)
    assert 0.0 <= there <= 1.0
    # The odds change by up to 1e6 here, so `there` may sit within 1e-6 of 0 or 1 and keep ~10 digits of p.
    assert sp.transform_precision(there, b, a) == pytest.approx(p, rel=1e-8, abs=1e-12)


# 8
@pytest.mark.slow  # loaded run 2026-11-29
@SETTINGS
@given(st.lists(st.integers(-(2**62), 2**62), min_size=2, max_size=40), st.data())
def test_int64_scores_rank_exactly(values, data):
    s = np.array(values, dtype=np.int64) + np.int64(2**62) // 2
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=s.size, max_size=s.size)))
    assume(0 < y.sum() < y.size)
    pts = sp.operating_points(y, s)
    distinct = sorted(set(int(v) for v in s), reverse=True)
    assert len(pts) == len(distinct) + 1
    tp = [sum(int(yy) for v, yy in zip(s, y, strict=True) if int(v) >= t) for t in distinct]
    assert pts.tp[1:].tolist() == tp


# 9
@SETTINGS
@given(st.lists(st.floats(-1e6, 1e6), min_size=4, max_size=20), st.data())
@pytest.mark.slow  # 0.5 s
def test_masked_arrays_are_honoured_or_refused(scores, data):
    s = np.array(scores)
    y = np.arange(s.size) % 2
    mask = np.array(data.draw(st.lists(st.booleans(), min_size=s.size, max_size=s.size)))
    m = np.ma.masked_array(s, mask=mask)
    if mask.any():
        with pytest.raises(ValueError, match="y_score is a masked array"):
            sp.operating_points(y, m)
    else:
        assert np.array_equal(sp.operating_points(y, m).tpr, sp.operating_points(y, s).tpr)


# 10
@pytest.mark.slow  # 2.6 s (2026-11-29, -n 2)
@SETTINGS
@given(st.one_of(st.integers(), st.floats(allow_nan=True), st.text(max_size=5), st.none(),
                 st.lists(st.booleans(), max_size=2)))
def test_only_true_and_false_pass_as_bools(value):
    with pytest.raises(TypeError, match="flag must be True or False"):
        check_bool(value, "flag")


# 11
@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
@SETTINGS
@given(extreme_skew)
def test_best_and_worst_curves_normalise_to_one_and_zero(skew):
    best = sp.OperatingPoints.from_rates([1.0], [0.0])
    worst = sp.achievable_curve([1.0] + [0.0] * 50, kind="min")
    assume(sp.aucpr_min(skew) < 1.0)
    assert sp.aucpr(best, skew=skew, normalize=True) == pytest.approx(1.0, abs=1e-9)
    # The min curve of 1 positive and 50 negatives at the data set's skew is Boyd's curve only at that skew;
    # at any skew it is still at or above it.
    assert sp.aucpr(worst, skew=skew, normalize=True) >= -1e-9


# 12
@pytest.mark.slow  # loaded run 2026-11-29
@SETTINGS
@given(rate, rate, ranges())
def test_weighted_range_precision_between_the_ends(a, b, rng):
    lo, hi = rng
    assume(a + b > 0 and hi - lo > 1e-6)
    model = sp.SkewRange(lo, hi, weight=lambda p: np.exp(-3 * p))
    p_lo = float(sp.SkewSeries([lo]).precision(a, b))
    p_hi = float(sp.SkewSeries([hi]).precision(a, b))
    v = float(model.precision(a, b))
    assert p_lo - 1e-12 <= v <= p_hi + 1e-12


# 13
@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
@SETTINGS
@given(rate, rate, st.lists(st.floats(0.0, 1.0), min_size=1, max_size=8))
def test_series_precision_between_its_extremes(a, b, values):
    assume(a + b > 0)
    per = [float(sp.SkewSeries([v]).precision(a, b)) for v in values]
    v = float(sp.SkewSeries(values).precision(a, b))
    assert min(per) - 1e-12 <= v <= max(per) + 1e-12


# 14
@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
@SETTINGS
@given(curves(), st.floats(1e-6, 1 - 1e-6))
def test_area_and_its_complement_add_to_one(pts, skew):
    model = sp.FixedSkew(skew)
    assert model.aucpr(pts.tpr, pts.fpr) + model.aucpr_gap(pts.tpr, pts.fpr) == pytest.approx(1.0, abs=1e-12)
    assert sp.aucpr_min(skew) + model.aucpr_min_gap() == pytest.approx(1.0, abs=1e-14)


# 15
@SETTINGS
@given(curves(), st.sampled_from(["skew", "interpolation", "normalize"]),
       st.one_of(st.text(max_size=4), st.integers(), st.floats(allow_nan=True), st.none()))
@pytest.mark.slow  # 4.8 s
def test_a_rejected_update_changes_nothing(pts, param, value):
    import matplotlib.pyplot as plt

    disp = sp.plot_pr(pts, skew=0.3)
    before = (disp.skew, disp.interpolation, disp.normalize, dict(disp.aucs_))
    try:
        disp.update(**{param: value})
    except (ValueError, TypeError):
        assert (disp.skew, disp.interpolation, disp.normalize, dict(disp.aucs_)) == before
    plt.close(disp.figure_)


# 16
@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
@SETTINGS
@given(st.floats(0.0, 1.0))
def test_null_ppf_stays_on_the_support(q):
    from skewplot.stats import recall_null

    d = recall_null(20, 5, 7)
    lo, hi = d.support()
    assert lo <= d.ppf(q) <= hi
    a, b = d.interval(q)
    assert lo <= a <= b <= hi
