"""Bad and edge inputs across the public API, generated: every function × every class of input that applies.

Each case either expects a ``ValueError``/``TypeError`` whose message names the
argument at fault (another exception type, or a message without the name,
fails), or a value computed independently (scikit-learn's ``roc_curve``, exact
integer arithmetic, the closed-form limits at skews 0 and 1).  RuntimeWarnings
are errors in this suite (pyproject's ``filterwarnings``), so the valid edge
cases also prove that no warning is raised.
"""

from __future__ import annotations

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats import ScaledHypergeom, average_precision_null, precision_null, recall_null

Y = np.array([0, 1, 0, 1, 1, 0, 0, 1])
S = np.array([0.1, 0.9, 0.3, 0.35, 0.8, 0.2, 0.7, 0.6])
PTS = sp.operating_points(Y, S)

# ----------------------------------------------------------------------- input classes
MASKED = np.ma.masked_array(S, mask=[0, 1, 0, 0, 0, 0, 0, 0])
BAD_ARRAYS = {
    "none": None,
    "string": "0.1,0.2",
    "scalar": 0.5,
    "two_d": np.ones((2, 4)),
    "empty": np.array([]),
    "nan": np.array([0.1, np.nan, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
    "inf": np.array([0.1, np.inf, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
    "neg_inf": np.array([0.1, -np.inf, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
    "text": np.array(list("abcdefgh")),
    "objects": np.array([object()] * 8),
    "ragged": [[0.1, 0.2], [0.3]],
    "masked": MASKED,
    "complex": np.ones(8) * (1 + 1j),
    "wrong_length": np.array([0.1, 0.2, 0.3]),
}
BAD_UNIT = {  # rates, weights in [0, 1]
    **{k: v for k, v in BAD_ARRAYS.items() if k != "text"},
    "above_one": np.array([0.1, 1.5, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
    "negative": np.array([0.1, -0.5, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]),
}
BAD_OPEN_SKEWS = {"zero": 0.0, "one": 1.0, "negative": -0.1, "above": 1.1, "nan": np.nan, "inf": np.inf,
                  "string": "0.1", "bool": True, "complex": 0.1 + 0j, "triple": [0.1, 0.2, 0.3], "dict": {"a": 1}}
BAD_BOOLS = {"str_no": "no", "str_yes": "yes", "int0": 0, "int1": 1, "none": None, "float": 0.0,
             "array": np.array([True]), "list": [False]}
BAD_INTS = {"half": 2.5, "float_whole": 3.0, "zero": 0, "negative": -1, "string": "3", "bool": True, "none": None,
            "nan": np.nan}
BAD_CHOICES = {"unknown": "nope", "none": None, "number": 3, "upper": "CONTINUOUS", "list": ["continuous"]}

CASES = []  # (id, thunk, argument name)


def bad(group, values, call, name):
    for key, value in values.items():
        CASES.append((f"{group}-{key}", (lambda v=value: call(v)), name))


# ----------------------------------------------------------------------- arrays
bad("operating_points.y_score", BAD_ARRAYS, lambda v: sp.operating_points(Y, v), "y_score")
bad("operating_points.y_true", {k: v for k, v in BAD_ARRAYS.items() if k not in ("text", "objects", "complex")},
    lambda v: sp.operating_points(v, S), "y_true")
bad("operating_points.sample_weight", {**{k: v for k, v in BAD_ARRAYS.items() if k != "none"},
                                      "negative": -np.ones(8)},
    lambda v: sp.operating_points(Y, S, sample_weight=v), "sample_weight")
bad("from_weights.y_score", BAD_ARRAYS, lambda v: sp.OperatingPoints.from_weights(v, Y * 1.0), "y_score")
bad("from_weights.pos_weight", BAD_UNIT, lambda v: sp.OperatingPoints.from_weights(S, v), "pos_weight")
bad("from_rates.tpr", BAD_UNIT, lambda v: sp.OperatingPoints.from_rates(v, np.linspace(0, 1, 8)), "tpr")
bad("from_rates.fpr", BAD_UNIT, lambda v: sp.OperatingPoints.from_rates(np.linspace(0, 1, 8), v), "fpr")
bad("from_counts.tp", {**BAD_ARRAYS, "negative": -np.ones(8)},
    lambda v: sp.OperatingPoints.from_counts(v, np.arange(8.0), 7, 7), "tp")
bad("from_counts.n_pos", {k: v for k, v in BAD_OPEN_SKEWS.items() if k not in ("one", "above")},
    lambda v: sp.OperatingPoints.from_counts(np.arange(8.0), np.arange(8.0), v, 7), "n_pos")
bad("from_score_counts.scores", BAD_ARRAYS,
    lambda v: sp.OperatingPoints.from_score_counts(v, np.ones(8), np.ones(8)), "scores")
OK_LENGTH = {k: v for k, v in BAD_UNIT.items() if k != "wrong_length"}
bad("SkewSeries.values", OK_LENGTH, lambda v: sp.SkewSeries(v), "values")
bad("SkewSeries.times", {**{k: v for k, v in BAD_ARRAYS.items() if k != "none"}, "decreasing": -np.arange(8.0)},
    lambda v: sp.SkewSeries(np.linspace(0.1, 0.2, 8), times=v), "times")
bad("achievable_curve.pos_weight", OK_LENGTH, lambda v: sp.achievable_curve(v), "pos_weight")
bad("random_rankings_aucpr.pos_weight", OK_LENGTH, lambda v: sp.random_rankings_aucpr(v, n_rankings=2),
    "pos_weight")
bad("boolean_combinations.score_a", BAD_ARRAYS, lambda v: sp.boolean_combinations(Y, v, S), "score_a")
bad("boolean_combinations.score_b", BAD_ARRAYS, lambda v: sp.boolean_combinations(Y, S, v), "score_b")
bad("skew_limits.skews", {k: v for k, v in BAD_UNIT.items() if k != "wrong_length"},
    lambda v: sp.skew_limits(v), "skews")
bad("plot_temporal_pr.skew_series", {"callable": (lambda t: 0.1), "two_d": np.ones((2, 2)) * 0.1, "none": None,
                                     "string": "0.1"},
    lambda v: sp.plot_temporal_pr(PTS, skew_series=v), "skew_series")

# ----------------------------------------------------------------------- skews and ranges
for fname, call in {
    "aucpr": lambda v: sp.aucpr(PTS, skew=v),
    "precision": lambda v: sp.precision(PTS, skew=v),
    "pr_curve": lambda v: sp.pr_curve(PTS, skew=v),
    "FixedSkew": lambda v: sp.FixedSkew(v),
    "f_measure": lambda v: sp.f_measure(PTS, skew=v),
    "best_threshold": lambda v: sp.best_threshold(PTS, skew=v, f_alpha=0.5),
    "plot_pr": lambda v: sp.plot_pr(PTS, skew=v),
}.items():
    bad(f"{fname}.skew", BAD_OPEN_SKEWS, call, "skew")
for key, (lo, hi, name) in {
    "reversed": (0.5, 0.2, "lo"), "equal": (0.3, 0.3, "lo"), "lo_negative": (-0.1, 0.5, "lo"),
    "hi_above": (0.2, 1.5, "hi"), "lo_nan": (np.nan, 0.5, "lo"), "hi_inf": (0.1, np.inf, "hi"),
    "lo_string": ("0", 0.5, "lo"), "hi_bool": (0.1, True, "hi"),
}.items():
    CASES.append((f"SkewRange-{key}", (lambda lo=lo, hi=hi: sp.SkewRange(lo, hi)), name))
    CASES.append((f"aucpr.range-{key}", (lambda lo=lo, hi=hi: sp.aucpr(PTS, skew=(lo, hi))), name))
    CASES.append((f"aucpr_min.range-{key}", (lambda lo=lo, hi=hi: sp.aucpr_min((lo, hi))), name))
bad("SkewRange.weight", {"string": "uniform", "number": 3, "negative": (lambda p: p - 1.0),
                         "nan": (lambda p: p * np.nan), "zero": (lambda p: 0.0 * p)},
    lambda v: sp.SkewRange(0.1, 0.5, weight=v).nodes(), "weight")

# ----------------------------------------------------------------------- bools, ints, choices
bad("aucpr.normalize", BAD_BOOLS, lambda v: sp.aucpr(PTS, normalize=v), "normalize")
bad("plot_pr.normalize", BAD_BOOLS, lambda v: sp.plot_pr(PTS, normalize=v), "normalize")
bad("plot_pr.baselines", BAD_BOOLS, lambda v: sp.plot_pr(PTS, baselines=v), "baselines")
bad("plot_roc.hull", BAD_BOOLS, lambda v: sp.plot_roc(PTS, hull=v), "hull")
bad("plot_aucpr_vs_skew.normalize", BAD_BOOLS, lambda v: sp.plot_aucpr_vs_skew(PTS, skews=[0.1, 0.5], normalize=v),
    "normalize")
bad("random_rankings_aucpr.n_rankings", BAD_INTS, lambda v: sp.random_rankings_aucpr([0.2, 0.9, 0.1], n_rankings=v),
    "n_rankings")
bad("plot_ap_null.n_samples", BAD_INTS, lambda v: sp.plot_ap_null(10, 3, n_samples=v), "n_samples")
bad("plot_cost.max_lines", {k: v for k, v in BAD_INTS.items() if k != "none"},  # None: one line per 4 px
    lambda v: sp.plot_cost(PTS, max_lines=v), "max_lines")
bad("aucpr.interpolation", BAD_CHOICES, lambda v: sp.aucpr(PTS, interpolation=v), "interpolation")
bad("plot_pr.interpolation", BAD_CHOICES, lambda v: sp.plot_pr(PTS, interpolation=v), "interpolation")
bad("achievable_curve.kind", {**BAD_CHOICES, "unknown": "best"}, lambda v: sp.achievable_curve([0.2, 0.9], kind=v),
    "kind")
bad("f_measure.f_alpha", {"negative": -0.1, "above": 1.1, "nan": np.nan, "string": "0.5", "bool": False},
    lambda v: sp.f_measure(PTS, skew=0.3, f_alpha=v), "f_alpha")
bad("plot_fmeasure.f_alpha", {"negative": -0.1, "above": 1.1, "string": "0.5"},
    lambda v: sp.plot_fmeasure(PTS, f_alpha=v), "f_alpha")

# ----------------------------------------------------------------------- statistics
for fname, dist in {"recall_null": recall_null, "precision_null": precision_null}.items():
    bad(f"{fname}.n", {"zero": 0, "half": 2.5, "string": "10", "negative": -3}, lambda v, d=dist: d(v, 1, 1), "n")
    bad(f"{fname}.n_pos", {"above_n": 11, "negative": -1, "half": 1.5}, lambda v, d=dist: d(10, v, 3), "n_pos")
    bad(f"{fname}.q", {"negative": -0.1, "above": 1.5, "nan": np.nan, "string": "a"},
        lambda v, d=dist: d(10, 3, 4).ppf(v), "q")
    bad(f"{fname}.confidence", {"negative": -0.1, "above": 1.5, "nan": np.nan},
        lambda v, d=dist: d(10, 3, 4).interval(v), "confidence")
bad("ScaledHypergeom.kind", BAD_CHOICES, lambda v: ScaledHypergeom(10, 3, 4, kind=v), "kind")
bad("average_precision_null.n_pos", {"zero": 0, "above_n": 11, "half": 2.5}, lambda v: average_precision_null(10, v),
    "n_pos")
bad("plot_ap_null.observed", {"negative": -0.1, "above": 1.1, "nan": np.nan, "string": "0.5"},
    lambda v: sp.plot_ap_null(10, 3, observed=v, n_samples=10), "observed")

# ----------------------------------------------------------------------- displays
bad("PRDisplay.update.skew", BAD_OPEN_SKEWS, lambda v: sp.plot_pr(PTS).update(skew=v), "skew")
bad("PRDisplay.update.interpolation", BAD_CHOICES, lambda v: sp.plot_pr(PTS).update(interpolation=v),
    "interpolation")
bad("PRDisplay.update.normalize", BAD_BOOLS, lambda v: sp.plot_pr(PTS).update(normalize=v), "normalize")
bad("ROCDisplay.update.hull", BAD_BOOLS, lambda v: sp.plot_roc(PTS).update(hull=v), "hull")
bad("CostDisplay.update.skew", {k: v for k, v in BAD_OPEN_SKEWS.items() if k not in ("zero", "one")},
    lambda v: sp.plot_cost(PTS).update(skew=v), "skew")
bad("FMeasureDisplay.update.f_alpha", {"negative": -0.1, "above": 1.1, "string": "a"},
    lambda v: sp.plot_fmeasure(PTS).update(f_alpha=v), "f_alpha")
bad("CostDisplay.envelope_area.name", {"unknown": "nope", "number": 3},
    lambda v: sp.plot_cost(PTS).envelope_area(v), "name")
bad("AUCPRSkewDisplay.update.normalize", BAD_BOOLS,
    lambda v: sp.plot_aucpr_vs_skew(PTS, skews=[0.1, 0.5]).update(normalize=v), "normalize")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'AUCPRSkewDisplay.update.normalize-float',
    'AUCPRSkewDisplay.update.normalize-int0',
    'AUCPRSkewDisplay.update.normalize-int1',
    'AUCPRSkewDisplay.update.normalize-str_no',
    'AUCPRSkewDisplay.update.normalize-str_yes',
    'CostDisplay.update.skew-dict')
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'AUCPRSkewDisplay.update.normalize-array',
    'AUCPRSkewDisplay.update.normalize-list',
    'AUCPRSkewDisplay.update.normalize-none',
    'CostDisplay.envelope_area.name-number',
    'CostDisplay.envelope_area.name-unknown',
    'CostDisplay.update.skew-above',
    'CostDisplay.update.skew-bool',
    'CostDisplay.update.skew-complex',
    'CostDisplay.update.skew-inf',
    'CostDisplay.update.skew-nan',
    'CostDisplay.update.skew-negative',
    'CostDisplay.update.skew-string',
    'CostDisplay.update.skew-triple',
    'FMeasureDisplay.update.f_alpha-above',
    'FMeasureDisplay.update.f_alpha-negative',
    'FMeasureDisplay.update.f_alpha-string',
    'PRDisplay.update.skew-nan',
    'ROCDisplay.update.hull-str_yes')
@pytest.mark.slow_cases('PRDisplay.update.skew-string')  # 0.3 s or more, 2-worker run of 2026-12-01
@pytest.mark.parametrize("call,name", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_is_refused_by_name(call, name):
    with pytest.raises(Exception) as info:
        call()
    assert isinstance(info.value, (ValueError, TypeError)), f"{type(info.value).__name__}: {info.value}"
    assert name in str(info.value), f"the message does not name {name!r}: {info.value}"


# ----------------------------------------------------------------------- valid edge cases, checked values
def sklearn_counts(y, s, w=None):
    from sklearn.metrics import roc_curve

    fpr, tpr, thr = roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    return tpr, fpr


def _int_scores(dtype):
    base = np.array([2**60 + 3 * i for i in range(12)], dtype=np.uint64)
    return base.astype(dtype)


VALUE_CASES = []


def value(case_id):
    def deco(fn):
        VALUE_CASES.append(pytest.param(fn, id=case_id))
        return fn
    return deco


for dtype in (np.int64, np.uint64):
    @value(f"{np.dtype(dtype).name}_beyond_2**53_rank_exactly")
    def _(dtype=dtype):
        s = _int_scores(dtype)
        y = np.array([0, 1] * 6)
        pts = sp.operating_points(y, s)
        assert len(pts) - 1 == np.unique(s).size == 12
        # Exact: Python integers rank them (the scores are distinct, so one point each).
        exact = sorted(range(12), key=lambda i: -int(s[i]))
        tp = np.cumsum(y[exact])
        assert np.array_equal(pts.tp[1:], tp)
        w = sp.OperatingPoints.from_weights(s, y * 1.0)
        assert np.array_equal(w.tp[1:], tp)

for kind, make in {"bool": lambda: S > 0.5, "int8": lambda: (S * 10).astype(np.int8),
                   "float32": lambda: S.astype(np.float32), "tiny": lambda: S * 1e-310,
                   "huge": lambda: S * 1e300, "negative": lambda: -S, "list": lambda: list(S)}.items():
    @value(f"operating_points-scores-{kind}")
    def _(make=make):
        s = make()
        pts = sp.operating_points(Y, s)
        tpr, fpr = sklearn_counts(Y, np.asarray(s, dtype=float))
        np.testing.assert_allclose(pts.tpr, tpr)
        np.testing.assert_allclose(pts.fpr, fpr)


@value("masked_without_mask_is_plain")
def _():
    a = sp.operating_points(np.ma.masked_array(Y), np.ma.masked_array(S))
    np.testing.assert_array_equal(a.tpr, PTS.tpr)


@value("pandas_series")
def _():
    pd = pytest.importorskip("pandas")
    a = sp.operating_points(pd.Series(Y), pd.Series(S, index=np.arange(8)[::-1]))
    np.testing.assert_array_equal(a.tpr, PTS.tpr)


@value("one_point_per_class")
def _():
    pts = sp.operating_points([0, 1], [0.5, 0.5])
    assert pts.tpr.tolist() == [0.0, 1.0] and pts.fpr.tolist() == [0.0, 1.0]
    assert sp.aucpr(pts) == pytest.approx(0.5)


for p in (5e-324, 1e-300, 1e-100, 1e-20):
    @value(f"aucpr_at_skew_{p:g}_is_recall_at_fpr_0")
    def _(p=p):
        # As pi' -> 0 precision is 1 where FPR = 0 and ~0 elsewhere: the area is the recall at FPR = 0.
        at_zero = PTS.tpr[PTS.fpr == 0].max()
        assert sp.aucpr(PTS, skew=p) == pytest.approx(at_zero, abs=max(1e-9, 1e3 * p))
        prec = sp.precision(PTS, skew=p)
        assert np.all(prec[1:][PTS.fpr[1:] == 0] == 1.0)

for p in (1 - 1e-16, 1 - 1e-12, 1e-300):
    @value(f"normalised_aucpr_in_unit_interval_at_{p!r}")
    def _(p=p):
        v = sp.aucpr(PTS, skew=p, normalize=True)
        assert 0.0 <= v <= 1.0

for lo, hi, ref in [(0.0, 1e-20, 2.5e-21), (0.0, 1e-12, 2.5e-13), (1 - 1e-12, 1.0, 0.99999999998593)]:
    @value(f"aucpr_min_range_{lo!r}_{hi!r}")
    def _(lo=lo, hi=hi, ref=ref):
        assert sp.aucpr_min((lo, hi)) == pytest.approx(ref, rel=1e-6)
        assert sp.aucpr((sp.achievable_curve([1.0, 0.0, 0.0], kind="min")), skew=(lo, hi)) >= sp.aucpr_min((lo, hi)) * (
            1 - 1e-12)


@value("normalize_over_tiny_range")
def _():
    v = sp.aucpr(PTS, skew=(0.0, 1e-20), normalize=True)
    assert 0.0 <= v <= 1.0


@value("null_ppf_0_and_interval_1_on_the_support")
def _():
    for d in (recall_null(10, 3, 4), precision_null(10, 3, 4)):
        lo, hi = d.support()
        assert d.ppf(0) == lo and d.interval(1) == (lo, hi)


for n, n_pos in [(10, 1), (10, 10), (1, 1)]:
    @value(f"plot_ap_null_degenerate_{n}_{n_pos}")
    def _(n=n, n_pos=n_pos):
        disp = sp.plot_ap_null(n, n_pos, n_samples=50)
        for line in disp.lines_.values():
            assert np.all(np.isfinite(np.asarray(line.get_xydata(), dtype=float)))


@value("f_alpha_zero_is_recall")
def _():
    # F_alpha = 1 / (alpha / P + (1 - alpha) / R): recall itself at alpha = 0, whatever the skew.
    np.testing.assert_allclose(sp.f_measure(PTS, skew=0.3, f_alpha=0.0), PTS.tpr)
    disp = sp.plot_fmeasure(PTS, f_alpha=0.0, skew=0.3)
    disp.update(f_alpha=0.0)


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'plot_ap_null_degenerate_10_10',
    'plot_ap_null_degenerate_1_1')
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'plot_ap_null_degenerate_10_1')
@pytest.mark.parametrize("check", VALUE_CASES)
@pytest.mark.slow_cases("f_alpha_zero_is_recall")  # 0.5 s
def test_valid_edge_case_has_the_right_value(check):
    check()


def test_case_count():
    assert len(CASES) + len(VALUE_CASES) >= 300


# ----------------------------------------------------------------------- memory guard
def test_memory_guard_refuses_before_allocating_and_names_the_need():
    import tracemalloc

    n = 20_000
    a = np.arange(n, dtype=float)
    b = a[::-1].copy()
    y = np.arange(n) % 2
    tracemalloc.start()
    with pytest.raises(MemoryError, match=r"20000 x 20000.*71\.5 GiB.*set_memory_limit") as info:
        sp.boolean_combinations(y, a, b)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50 * n * 8, peak  # linear in n: the tables were never allocated
    assert "score_a" in str(info.value)


def test_memory_limit_is_settable_and_guards_every_superlinear_function():
    old = sp.set_memory_limit(10_000)
    try:
        assert sp.get_memory_limit() == 10_000
        with pytest.raises(MemoryError, match="f_curves"):
            sp.f_curves(PTS, skews=np.linspace(0, 1, 200))
        with pytest.raises(MemoryError, match="pr_surface"):
            sp.pr_surface(PTS, skews=np.linspace(0, 1, 200))
        with pytest.raises(MemoryError, match="boolean_combinations"):
            sp.boolean_combinations(Y, S, S[::-1])
        sp.set_memory_limit(10**9)
        assert sp.boolean_combinations(Y, S, S[::-1]).tpr.shape == (10, 8, 8)
    finally:
        sp.set_memory_limit(old)
    assert sp.set_memory_limit(None) == old and sp.get_memory_limit() == 4 * 2**30
    for bad_value in (0, -1, 2.5, "1G", True):
        with pytest.raises(TypeError, match="nbytes"):
            sp.set_memory_limit(bad_value)
