"""Bad and edge inputs of the statistics (issue 30, classes 10-12, 14, 15): generated, function x kind of input.

One rule for each kind of argument, used everywhere: booleans
(``_validate.check_bool``), counts (``check_int``: integers only, never
truncated), ordered pairs (``check_pair``).  Each bad case must raise a
ValueError/TypeError naming the argument; RuntimeWarnings are errors in this
suite (pyproject's ``filterwarnings``), so the valid edge cases also prove
that no warning is raised.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats import anova_over_skews

from conftest import no_warning_of_ours

# plot_integrated_pr, P̄-R's deprecated second spelling, is still checked here until it is removed
pytestmark = pytest.mark.filterwarnings("ignore:plot_integrated_pr\\(\\) is deprecated:DeprecationWarning")

Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 0])
A = np.array([0.1, 0.9, 0.3, 0.35, 0.8, 0.2, 0.7, 0.6, 0.15, 0.4])
B = A[::-1].copy()

BAD_BOOLS = {"str_no": "no", "str_yes": "yes", "int0": 0, "int1": 1, "none": None, "float": 0.0,
             "array": np.array([True]), "list": [False]}
BAD_COUNTS = {"half": 2.5, "float_whole": 3.0, "big_float": 1e3, "zero": 0, "negative": -1, "string": "3",
              "bool": True, "none": None, "nan": np.nan, "inf": np.inf}
BAD_PAIRS = {"reversed": (0.4, 0.2), "equal": (0.3, 0.3), "nan": (np.nan, 0.3), "inf": (0.1, np.inf),
             "triple": (0.1, 0.2, 0.3), "single": (0.1,), "scalar": 0.3, "string": "ab", "none": None,
             "text": ("a", "b"), "bool": (True, 0.5), "two_d": np.ones((2, 2)), "dict": {"a": 0.1, "b": 0.2},
             "above": (0.2, 1.5), "negative": (-0.1, 0.2)}
BAD_LEVELS = {"zero": 0.0, "one": 1.0, "negative": -0.5, "above": 1.5, "nan": np.nan, "string": "0.9",
              "none_is_ok_elsewhere": [0.9], "bool": True}
BAD_METHODS = {"unknown": "nope", "none": None, "number": 3, "upper": "BCA"}

CASES = []  # (id, thunk, the name the message must hold)


def bad(group, values, call, name):
    for key, value in values.items():
        CASES.append((f"{group}-{key}", (lambda v=value: call(v)), name))


def _ci(**kw):
    return sp.aucpr_ci(Y, A, **{"n_boot": 50, "random_state": 0, **kw})


def _cmp(**kw):
    return sp.compare(Y, A, B, **{"n_boot": 50, "random_state": 0, **kw})


for func, call in (("aucpr_ci", _ci), ("compare", _cmp)):
    bad(f"{func}.stratified", BAD_BOOLS, lambda v, c=call: c(stratified=v), "stratified")
    bad(f"{func}.normalize", BAD_BOOLS, lambda v, c=call: c(normalize=v), "normalize")
    bad(f"{func}.n_boot", BAD_COUNTS, lambda v, c=call: c(n_boot=v), "n_boot")
    bad(f"{func}.confidence", {k: v for k, v in BAD_LEVELS.items() if k != "none_is_ok_elsewhere"},
        lambda v, c=call: c(confidence=v), "confidence")
    bad(f"{func}.interval", BAD_METHODS, lambda v, c=call: c(interval=v), "interval")
    bad(f"{func}.interpolation", BAD_METHODS, lambda v, c=call: c(interpolation=v), "interpolation")
    bad(f"{func}.random_state", {"string": "seed", "float": 1.5, "list_of_str": ["a"]},
        lambda v, c=call: c(random_state=v), "random_state")
bad("bootstrap_points.stratified", BAD_BOOLS,
    lambda v: sp.stats.bootstrap.bootstrap_points(sp.operating_points(Y, A), 10, stratified=v), "stratified")
bad("bootstrap_points.n_boot", BAD_COUNTS,
    lambda v: sp.stats.bootstrap.bootstrap_points(sp.operating_points(Y, A), v), "n_boot")
bad("plot_comparison.n_skews", {k: v for k, v in BAD_COUNTS.items() if k != "zero"} | {"one": 1},
    lambda v: sp.plot_comparison(Y, A, B, n_skews=v, n_boot=20), "n_skews")
bad("plot_comparison.skew_sweep", BAD_PAIRS | {"zero": (0.0, 0.5), "one": (0.1, 1.0)},
    lambda v: sp.plot_comparison(Y, A, B, skew_sweep=v, n_boot=20), "skew_sweep")
bad("plot_comparison.log_skew", BAD_BOOLS, lambda v: sp.plot_comparison(Y, A, B, log_skew=v, n_boot=20), "log_skew")
bad("plot_comparison.stratified", BAD_BOOLS, lambda v: sp.plot_comparison(Y, A, B, stratified=v, n_boot=20),
    "stratified")
bad("plot_comparison.normalize", BAD_BOOLS, lambda v: sp.plot_comparison(Y, A, B, normalize=v, n_boot=20),
    "normalize")
bad("plot_comparison.skews", {"nan": [0.1, np.nan], "decreasing": [0.3, 0.1], "zero": [0.0, 0.2],
                              "string": "0.1", "none_in": [0.1, None]},
    lambda v: sp.plot_comparison(Y, A, B, skews=v, n_boot=20), "skews")
bad("plot_integrated_pr.skew_range", {k: v for k, v in BAD_PAIRS.items() if k != "equal"},
    lambda v: sp.plot_integrated_pr(sp.operating_points(Y, A), skew_range=v), "skew_range")
bad("Bracket", {"reversed": (0.6, 0.4), "nan": (np.nan, 0.5), "inf": (0.1, np.inf), "text": ("a", 0.5),
                "none": (None, 0.5), "bool": (True, 0.5)}, lambda v: sp.Bracket(*v), "Bracket")
bad("plot_cost.trivial", BAD_BOOLS, lambda v: sp.plot_cost(sp.operating_points(Y, A), trivial=v), "trivial")
bad("plot_cost.operating_range", BAD_BOOLS,
    lambda v: sp.plot_cost(sp.operating_points(Y, A), operating_range=v), "operating_range")
bad("plot_cost.lines", BAD_BOOLS, lambda v: sp.plot_cost(sp.operating_points(Y, A), lines=v), "lines")
bad("plot_cost.envelope", BAD_BOOLS, lambda v: sp.plot_cost(sp.operating_points(Y, A), envelope=v), "envelope")
bad("plot_fmeasure.log_skew", {k: v for k, v in BAD_BOOLS.items() if k != "none"},  # None: chosen by the skew
    lambda v: sp.plot_fmeasure(sp.operating_points(Y, A), log_skew=v),
    "log_skew")
bad("estimate_skew.n_boot", {k: v for k, v in BAD_COUNTS.items() if k != "zero"} | {"one": 1},
    lambda v: sp.estimate_skew(Y, A, A, confidence=0.9, n_boot=v), "n_boot")
bad("estimate_skew.confidence", {k: v for k, v in BAD_LEVELS.items() if k != "none_is_ok_elsewhere"},
    lambda v: sp.estimate_skew(Y, A, A, confidence=v), "confidence")
bad("precision_null.n", BAD_COUNTS, lambda v: sp.stats.precision_null(v, 3, 2), "n")
bad("precision_null.n_pos", {k: v for k, v in BAD_COUNTS.items() if k != "big_float"} | {"above_n": 20},
    lambda v: sp.stats.precision_null(10, v, 2), "n_pos")
bad("average_precision_null.n_pos", BAD_COUNTS | {"above_n": 20},
    lambda v: sp.stats.average_precision_null(10, v), "n_pos")
bad("operating_points_from.bins", {k: v for k, v in BAD_COUNTS.items() if k != "none"},
    lambda v: sp.operating_points_from({"s": A, "y": Y}, "s", "y", bins=v), "bins")


# issue 41 item 4: the exact count bootstrap's counts and skew (a tp above its class gave a rate of 1.0; zero
# classes or a skew of 0 or 1 a ZeroDivisionError; a NaN skew an IndexError)
def _count_bootstrap(**kw):
    from skewplot.stats.exact_bootstrap import CountBootstrap

    args = {"n_pos": 10, "n_neg": 20, "tp": 6, "fp": 3} | kw
    skew, m = args.pop("skew", 0.1), args.pop("m", 0.5)
    cb = CountBootstrap(**args)
    return cb.precision(skew, 0.1), cb.cost(skew, m, 0.9)


for arg in ("n_pos", "n_neg"):
    bad(f"CountBootstrap.{arg}", BAD_COUNTS, lambda v, a=arg: _count_bootstrap(**{a: v}), arg)
bad("CountBootstrap.tp", {"above_n_pos": 11, "negative": -1, "float": 6.0, "nan": np.nan},
    lambda v: _count_bootstrap(tp=v), "tp")
bad("CountBootstrap.fp", {"above_n_neg": 21, "negative": -1, "string": "3"}, lambda v: _count_bootstrap(fp=v), "fp")
bad("CountBootstrap.skew", {"zero": 0.0, "one": 1.0, "nan": np.nan, "negative": -0.1, "string": "0.1"},
    lambda v: _count_bootstrap(skew=v), "skew")
bad("CountBootstrap.m", {"above": 1.5, "nan": np.nan}, lambda v: _count_bootstrap(m=v), "m")


@pytest.mark.filterwarnings("ignore:n_boot=.* is small:UserWarning")
@pytest.mark.parametrize("thunk,name", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_is_refused_by_name(thunk, name, close_figures):
    with pytest.raises((ValueError, TypeError)) as info:
        thunk()
    assert name in str(info.value), str(info.value)


@pytest.fixture
def close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


def test_one_count_rule_never_truncates():
    """``n_skews=2.5`` became 2 and ``n_boot=2.5`` 2: one rule, integers only, with a hint for whole floats."""
    with pytest.raises(TypeError, match=r"n_skews must be a whole number \(an int\), got float 2.5$"):
        sp.plot_comparison(Y, A, B, n_skews=2.5, n_boot=20)
    with pytest.raises(TypeError, match="n_boot must be a whole number .*got float 1000.0; write 1000"):
        sp.aucpr_ci(Y, A, n_boot=1e3)
    assert sp.aucpr_ci(Y, A, n_boot=np.int64(120), random_state=0).n_boot == 120


def test_stratified_no_is_refused_not_taken_as_true():
    with pytest.raises(TypeError, match="stratified must be True or False, got str 'no'"):
        sp.aucpr_ci(Y, A, stratified="no")
    assert sp.aucpr_ci(Y, A, stratified=np.bool_(False), n_boot=200, random_state=0).n_boot == 200


# ----------------------------------------------------------------------- n = 2 and tiny samples (class 10)

TINY = [([0, 1], [0.2, 0.8]), ([1, 0], [0.2, 0.8]), ([0, 1], [0.5, 0.5]), ([True, False], [3, 3]),
        ([0, 1, 0], [0.1, 0.2, 0.3]), ([1, 1, 0], [0.1, 0.2, 0.3])]


@pytest.mark.parametrize("method", ["bca", "bc", "percentile", "basic"])
@pytest.mark.parametrize("case", range(len(TINY)))
def test_bootstrap_and_comparison_at_two_and_three_rows(method, case):
    """n = 2 crashed with an IndexError in the BCa jackknife (no row can be left out of a one-row class)."""
    y, s = TINY[case]
    pts = sp.operating_points(y, s)
    r = sp.aucpr_ci(y, s, n_boot=200, interval=method, random_state=0)
    assert r.estimate == sp.aucpr(pts)
    assert r.low <= r.estimate <= r.high
    if len(y) == 2:  # one row per class: every stratified replicate is the data itself
        assert r.low == r.high == r.estimate and r.se == 0.0
    c = sp.compare(y, s, s[::-1], n_boot=200, interval=method, random_state=0)
    assert c.low <= c.difference <= c.high
    same = sp.compare(y, s, s, n_boot=200, interval=method, random_state=0)
    assert same.difference == 0.0 and same.pvalue == 1.0


def test_unstratified_two_rows_say_why():
    with pytest.raises(ValueError, match="only one class.*stratified=True"):
        sp.aucpr_ci([0, 1], [0.2, 0.8], n_boot=200, stratified=False, random_state=0)


# ----------------------------------------------------------------------- estimate_skew (class 12)

@pytest.mark.parametrize("method", ["ml", "hdy", "pacc", "acc", "median_sweep"])
@pytest.mark.parametrize("scores", ["constant", "constant_int", "same_in_both_classes"])
def test_estimate_skew_refuses_an_unidentifiable_skew(method, scores):
    """Constant test scores gave 0.99999992: every skew predicts the same deployment scores."""
    rng = np.random.default_rng(0)
    y = np.tile([False, True], 150)
    s = {"constant": np.full(300, 0.5), "constant_int": np.full(300, 7),
         "same_in_both_classes": np.repeat(np.arange(150.0), 2)}[scores]  # each score: one of each class
    with pytest.raises(ValueError, match="cannot be identified"):
        sp.estimate_skew(y, s, rng.normal(size=50), quantifier=method)


@pytest.mark.parametrize("method", ["ml", "hdy", "pacc", "acc", "median_sweep"])
@pytest.mark.parametrize("deploy", ["constant", "one_score", "constant_above_range", "below_range", "one_test_group"])
@pytest.mark.filterwarnings("ignore:100% of .* lie outside the test scores' range")
def test_estimate_skew_gives_a_boundary_estimate_for_deployment_scores_in_one_test_group(method, deploy):
    """Issue 41: deployment scores all above, below or inside one test score group were refused ("cannot be
    identified"); the answer is the boundary the group points to, with its interval and a warning naming it."""
    y, s = sp.datasets.make_scores(400, 0.3, random_state=0)
    asc = np.unique(s)
    d, boundary = {"constant": (np.full(50, 0.7), 1), "one_score": ([0.1], 0),
                   "constant_above_range": (np.full(20, s.max() + 5), 1), "below_range": ([s.min() - 1], 0),
                   "one_test_group": (np.linspace(asc[100], asc[101], 30, endpoint=False), 0)}[deploy]
    with pytest.warns(UserWarning, match=rf"sits on the boundary pi' = {boundary}: the {len(d)} score\(s\) of "
                                         "deploy_score all fall in one score group"):
        est = sp.estimate_skew(y, s, d, quantifier=method, confidence=0.9)
    assert est.estimate == boundary and est.low <= boundary <= est.high and est.method == method
    with pytest.warns(UserWarning, match=r"boundary .* of batches\[1\]"):
        series = sp.estimate_skew_series(y, s, [s[:50], d])
    assert series.values[1] == boundary


def test_estimate_skew_refuses_one_test_group_equally_likely_in_both_classes():
    """One group of deployment scores where the test classes are equally likely says nothing of pi'."""
    y = np.r_[np.zeros(10), np.ones(5), np.zeros(5), np.ones(10)]
    s = np.repeat([0.0, 1.0, 2.0], 10)
    with pytest.raises(ValueError, match=r"cannot be identified from deploy_score: its 4 score\(s\) all fall in one "
                                         r"score group of the test set \(in \[1, 2\)\), where .* equally likely"):
        sp.estimate_skew(y, s, [1.0, 1.5, 1.2, 1.9])


def test_estimate_skew_takes_deployment_scores_in_two_groups():
    """The rule is one group, not few scores: two deployment scores in two groups still give an estimate."""
    y, s = sp.datasets.make_scores(400, 0.3, random_state=0)
    assert 0 <= sp.estimate_skew(y, s, [s.min(), s.max()]).estimate <= 1


@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    '0.0005-ml',
    '0.999-hdy',
    '0.999-ml')
@pytest.mark.parametrize("method", ["ml", "hdy", "pacc", "acc", "median_sweep"])
@pytest.mark.parametrize("deploy_skew", [0.0005, 0.999])
def test_estimate_skew_interval_holds_its_estimate_near_the_ends(method, deploy_skew):
    y, s = sp.datasets.make_scores(2000, 0.2, random_state=0)
    _, d = sp.datasets.make_scores(2000, deploy_skew, random_state=1)
    est = sp.estimate_skew(y, s, d, quantifier=method, confidence=0.9, n_boot=60, random_state=0)
    assert 0.0 <= est.low <= est.estimate <= est.high <= 1.0


# ----------------------------------------------------------------------- warnings on valid input (class 14)

def test_discrete_interpolation_with_huge_weights_warns_nothing():
    """Weights 1e-12..1e12 rescaled to skew 1e-9 overflowed int64 in the step count (a cast warning)."""
    rng = np.random.default_rng(0)
    y = rng.random(200) < 0.3
    s = rng.normal(size=200) + y
    w = 10.0 ** rng.uniform(-12, 12, 200)
    pts = sp.operating_points(y, s, sample_weight=w)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for skew in (None, 1e-9, 0.5):
            for interp in ("discrete-fp", "discrete-tp"):
                try:
                    area = sp.aucpr(pts, skew=skew, interpolation=interp)
                except ValueError as exc:  # too many unit steps: said so, with the count
                    assert f"interpolation='{interp}' needs" in str(exc) and "unit steps" in str(exc)
                else:
                    assert 0.0 <= area <= 1.0
        # The segments that gain no recall (one step each) held ~1e21 negatives: counted in floats now.
        assert 0.0 < sp.aucpr(pts, skew=1e-9, interpolation="discrete-fp") < 1.0


@pytest.mark.slow_cases('0.0001-False', '0.02-True')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.0001-True', '0.98-True')  # loaded run 2026-11-29
@pytest.mark.parametrize("log_skew", [True, False])
@pytest.mark.parametrize("skew", [1e-4, 0.02, 0.98])
def test_one_skew_comparison_plot_warns_nothing(log_skew, skew, close_figures):
    """One skew gave matplotlib's identical-xlims warning; it is now a point with its interval in a window."""
    with no_warning_of_ours():
        disp = sp.plot_comparison(Y, A, B, skews=[skew], n_boot=200, log_skew=log_skew, random_state=0)
    lo, hi = disp.ax_.get_xlim()
    assert lo < skew < hi
    assert "ci_bar" in disp.bands_


# ----------------------------------------------------------------------- ANOVA of an exact fit (class 15)

def _frame(model_effect, noise=0.0, seed=0):
    import pandas as pd

    rng = np.random.default_rng(seed)
    rows = [(m, s, f, 0.8 - 0.5 * s + model_effect * "ABC".index(m) + noise * rng.normal())
            for m in "ABC" for s in (0.01, 0.1, 0.5) for f in range(5)]
    return pd.DataFrame(rows, columns=["model", "skew", "fold", "score"])


@pytest.mark.slow_cases('fold')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('None')  # loaded run 2026-11-29
@pytest.mark.parametrize("block", [None, "fold"])
def test_anova_exact_fit_reports_no_model_effect(block):
    """Scores of the skew alone gave model F = 4.12, p = 0.027 from rounding; now the limits are reported."""
    out = anova_over_skews(_frame(0.0), block=block)
    for table in out.values():
        assert table.attrs["exact_fit"]
        assert table.loc["model", "sum_sq"] == 0.0 and table.loc["model", "PR(>F)"] == 1.0
        assert table.loc["Residual", "sum_sq"] == 0.0
    assert out["three_way"].loc["skew", "PR(>F)"] == 0.0 and out["three_way"].loc["skew", "F"] == np.inf


@pytest.mark.slow_cases('shape0')  # 0.3 s or more, 2-worker run of 2026-12-01
@pytest.mark.parametrize("shape", [(4, 5, 3), (2, 3, 3), (3, 6, 4)])
def test_anova_of_a_constant_average_reports_no_model_effect_and_no_warning(shape):
    """Averaged over the skews the scores were one constant: statsmodels' sums of squares came back NaN (0/0),
    read as an effect (model F = inf, p = 0), with a ValueWarning and a RuntimeWarning on valid input."""
    import warnings

    import pandas as pd

    models, skews, reps = shape
    rows = [(f"m{m}", pi, r, 0.1 * float(np.log(pi)) + 0.3)
            for m in range(models) for pi in np.geomspace(0.001, 0.5, skews) for r in range(reps)]
    frame = pd.DataFrame(rows, columns=["model", "skew", "fold", "score"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = anova_over_skews(frame, block="fold")
    for table in out.values():
        assert table.attrs["exact_fit"] and table.loc["model", "PR(>F)"] == 1.0 and table.loc["model", "F"] == 0.0


def test_anova_exact_fit_with_a_model_effect_and_a_noisy_fit():
    exact = anova_over_skews(_frame(0.01), block="fold")["three_way"]
    assert exact.attrs["exact_fit"] and exact.loc["model", "PR(>F)"] == 0.0
    noisy = anova_over_skews(_frame(0.0, noise=1e-9), block="fold")["three_way"]  # tiny but real noise
    assert not noisy.attrs["exact_fit"] and 0.0 < noisy.loc["model", "PR(>F)"] < 1.0


# ---------------------------------------------------------------- issue 30 sweep, second corpus (new inputs)
@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_time_guards_refuse_hours_of_work_up_front():
    """n_boot=1e8 fits the memory guard (1.6 GB) but is hours of replicates; n_skews=1e7 likewise."""
    import time

    rng = np.random.default_rng(1)
    y = rng.random(200) < 0.3
    s = rng.normal(size=200) + y
    calls = [(lambda: sp.aucpr_ci(y, s, n_boot=10**8), r"n_boot=100000000 replicates of 200 rows would take"),
             (lambda: sp.compare(y, s, s[::-1], n_boot=10**8), r"n_boot=100000000 replicates"),
             (lambda: sp.estimate_skew(y, s, s, confidence=0.9, n_boot=10**8), r"n_boot=100000000 replicates"),
             (lambda: sp.plot_comparison(y, s, s[::-1], n_skews=10**6, n_boot=1000),
              r"n_boot=1000 replicates of \S+ (rows|classifier\(s\)) at 1000000 skews")]  # time or memory
    for call, named in calls:
        start = time.process_time()
        with pytest.raises((ValueError, MemoryError), match=named):
            call()
        assert time.process_time() - start < 5  # refused before the work, not after it


def test_deployment_scores_from_the_same_classifier_warn_nothing():
    """A few deployment scores past the test range are normal (1.7 % of 300 beside 200 test rows warned)."""
    rng = np.random.default_rng(5)
    y = rng.random(200) < 0.3
    s = rng.normal(size=200) + 2 * y
    deploy = rng.normal(size=3000) + 2 * (rng.random(3000) < 0.05)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for method in ("ml", "acc", "pacc", "hdy"):
            sp.estimate_skew(y, s, deploy, quantifier=method)
    with pytest.warns(UserWarning, match="lie outside the test scores' range"):
        sp.estimate_skew(y, s, deploy * 10)  # another scale still warns


def test_a_data_set_skew_that_rounds_to_one_is_refused_naming_sample_weight():
    """Negatives of subnormal weight beside positives of 1e-300: the data set's skew is 1.0 in doubles, and
    aucpr_ci said "skew must lie in (0.0, 1.0), got 1" (as if the caller had passed skew=1)."""
    y = np.tile([0, 1, 0, 0], 25)
    s = np.linspace(0, 1, 100)
    w = np.where(y == 1, 1e-300, 5e-324)
    for call in (lambda: sp.aucpr_ci(y, s, sample_weight=w, n_boot=100), lambda: sp.precision(y, s, sample_weight=w)):
        with pytest.raises(ValueError, match="data set's own skew, and it rounds to 1.*sample_weight"):
            call()
    assert sp.aucpr_ci(y, s, sample_weight=w, skew=0.1, n_boot=100, random_state=0).estimate > 0


@pytest.mark.slow  # loaded run 2026-11-29
def test_one_skew_against_skew_is_a_point_in_a_window_with_no_warning():
    """plot_aucpr_vs_skew(skews=[0.05]) set equal x limits: matplotlib's 'identical low and high xlims' warning."""

    y, s = sp.datasets.make_scores(200, 0.2, random_state=0)
    for log_skew in (True, False):
        with no_warning_of_ours():
            disp = sp.plot_aucpr_vs_skew(y, s, skews=[0.05], log_skew=log_skew)
        lo, hi = disp.ax_.get_xlim()
        assert lo < 0.05 < hi and disp.lines_["classifier"].get_marker() == "o"
        disp.figure_.clf()


def test_choose_thresholds_memory_guard_names_n_boot():
    with pytest.raises(MemoryError, match=r"n_boot=1000000000000 replicates.*lower n_boot"):
        sp.choose_threshold(Y, A, skew=0.1, target="fbeta", risk="chance", n_boot=10**12)


def test_a_valid_count_bootstrap_is_unchanged():
    from skewplot.stats.exact_bootstrap import CountBootstrap

    cb = CountBootstrap(np.int64(100), 900, 60, np.int32(30))  # numpy integers are counts too
    assert (cb.rate(0.05, "pos"), cb.rate(0.95, "pos")) == (0.52, 0.68)
