"""One calling convention (issue 30, class 16): every metric, interval and plot takes the same inputs.

Points, ``(y_true, y_score)`` or ``data=table`` with the same keywords give the
same answer (checked against the points' own computation); a skew is a
number, a pair, a model or an estimate everywhere; a skew given in
``y_score``'s place, an unknown keyword, binned points where exact ones are
needed and a missing optional dependency are each refused by a message that
names the function and the fix.
"""

from __future__ import annotations

import sys

import numpy as np
import pandas as pd
import pytest

import skewplot as sp
from skewplot.metrics._inputs import one_classifier
from skewplot.plotting.bracket import plot_bracket

# plot_integrated_pr, P̄-R's deprecated second spelling, is still checked here until it is removed
pytestmark = pytest.mark.filterwarnings("ignore:plot_integrated_pr\\(\\) is deprecated:DeprecationWarning")

Y, S = sp.datasets.make_scores(400, 0.2, random_state=0)
B = S + np.random.default_rng(1).normal(size=400)
W = np.random.default_rng(2).uniform(0.5, 2.0, 400)
PTS = sp.operating_points(Y, S)
TABLE = pd.DataFrame({"label": Y, "score": S, "other": B, "w": W})
COMBINATIONS = sp.boolean_combinations(Y[:50], S[:50], B[:50])
EST = sp.estimate_skew(Y, S, sp.datasets.make_scores(3000, 0.05, random_state=3)[1])


@pytest.fixture(autouse=True)
def _close():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


# ----------------------------------------------------------------------- the same answer from every input

METRICS = {"aucpr": sp.aucpr, "average_precision": sp.average_precision, "roc_auc": sp.roc_auc, "aucprg": sp.aucprg}
SKEWS = [None, 0.01, (0.001, 0.1), sp.SkewSeries([0.02, 0.05, 0.2]), EST]


@pytest.mark.parametrize("name", sorted(METRICS))
@pytest.mark.parametrize("skew", range(len(SKEWS)))
def test_metrics_take_points_arrays_and_tables(name, skew):
    func = METRICS[name]
    kw = {} if name == "roc_auc" else {"skew": SKEWS[skew]}
    ref = func(PTS, **kw)
    assert func(Y, S, **kw) == ref
    assert func(y_true=Y, y_score=S, **kw) == ref
    assert func(TABLE, y_true="label", y_score="score", **kw) == ref
    assert func({"label": Y, "score": S}, y_true="label", y_score="score", **kw) == ref
    weighted = func(sp.operating_points(Y, S, sample_weight=W), **kw)
    assert func(Y, S, sample_weight=W, **kw) == weighted
    assert func(TABLE, y_true="label", y_score="score", sample_weight="w", **kw) == weighted
    labels = np.where(Y, "spam", "ham")
    assert func(labels, S, pos_label="spam", **kw) == ref


CURVES = {"precision": lambda r: r, "f_measure": lambda r: r, "pr_curve": lambda r: np.concatenate(r),
          "prg_curve": lambda r: np.concatenate([r.recall_gain, r.precision_gain])}


@pytest.mark.parametrize("name", sorted(CURVES))
@pytest.mark.parametrize("skew", [0.01, (0.001, 0.1), EST])
def test_curves_take_points_arrays_and_tables(name, skew):
    func, flat = getattr(sp, name), CURVES[name]
    ref = flat(func(PTS, skew=skew))
    for other in (func(Y, S, skew=skew), func(TABLE, y_true="label", y_score="score", skew=skew)):
        assert np.array_equal(flat(other), ref)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_an_estimate_is_its_point_estimate_everywhere():
    assert sp.aucpr(PTS, skew=EST) == sp.aucpr(PTS, skew=EST.estimate)
    assert sp.average_precision(PTS, skew=EST) == sp.average_precision(PTS, skew=EST.estimate)
    ci = sp.aucpr_ci(Y, S, skew=EST, n_boot=200, random_state=0)
    assert ci.estimate == sp.aucpr(PTS, skew=EST.estimate)
    assert sp.compare(Y, S, B, skew=EST, n_boot=200, random_state=0).estimate_a == ci.estimate
    disp = sp.plot_pr(PTS, skew=EST)
    assert disp.aucs_["classifier"] == pytest.approx(sp.aucpr(PTS, skew=EST.estimate), rel=1e-12)
    assert sp.as_skew(EST) == sp.FixedSkew(EST.estimate)


@pytest.mark.slow  # loaded run 2026-11-29
def test_intervals_take_arrays_tables_and_points():
    ref = sp.aucpr_ci(Y, S, n_boot=300, random_state=0)
    table = sp.aucpr_ci(TABLE, y_true="label", y_score="score", n_boot=300, random_state=0)
    assert (table.estimate, table.low, table.high) == (ref.estimate, ref.low, ref.high)
    # Points of unweighted hard labels hold every row: the same rows, regrouped (so other draws).
    pts = sp.aucpr_ci(PTS, n_boot=300, random_state=0)
    assert pts.estimate == ref.estimate and pts.low <= pts.estimate <= pts.high
    weighted = sp.aucpr_ci(TABLE, y_true="label", y_score="score", sample_weight="w", n_boot=300, random_state=0)
    assert weighted.estimate == sp.aucpr(Y, S, sample_weight=W)
    c1 = sp.compare(Y, S, B, n_boot=300, random_state=0)
    c2 = sp.compare(TABLE, "score", "other", y_true="label", n_boot=300, random_state=0)
    assert (c1.difference, c1.low, c1.high, c1.pvalue) == (c2.difference, c2.low, c2.high, c2.pvalue)
    c3 = sp.compare(y_true=Y, score_a=S, score_b=B, n_boot=300, random_state=0)
    assert c3.difference == c1.difference
    disp = sp.plot_comparison(TABLE, "score", "other", y_true="label", n_skews=4, n_boot=100, random_state=0)
    assert disp.result_["difference"].shape == (4,)


ENVELOPES = {"expected_cost": ("pc", [0.0, 0.01, 0.3, 1.0]), "cost_envelope": ("pc", [0.0, 0.01, 0.3, 1.0]),
             "f_envelope": ("skews", [0.001, 0.2, 0.9])}


@pytest.mark.parametrize("name", sorted(ENVELOPES))
def test_cost_and_f_envelopes_take_points_arrays_and_tables(name):
    func, (key, grid) = getattr(sp, name), ENVELOPES[name]
    flat = (lambda r: np.concatenate([np.ravel(x) for x in r])) if name != "expected_cost" else np.ravel
    ref = flat(func(PTS, **{key: grid}))
    weighted = flat(func(sp.operating_points(Y, S, sample_weight=W), **{key: grid}))
    assert np.array_equal(flat(func(Y, S, **{key: grid})), ref)
    assert np.array_equal(flat(func(y_true=Y, y_score=S, **{key: grid})), ref)
    assert np.array_equal(flat(func(TABLE, y_true="label", y_score="score", **{key: grid})), ref)
    assert np.array_equal(flat(func(Y, S, sample_weight=W, **{key: grid})), weighted)
    assert np.array_equal(flat(func(np.where(Y, "spam", "ham"), S, pos_label="spam", **{key: grid})), ref)
    with pytest.warns(DeprecationWarning, match=rf"{name}\(pts, {key}\): pass {key}= by name"):
        old = flat(func(PTS, grid))  # the order before the one input rule, for one release
    assert np.array_equal(old, ref)
    with pytest.raises(TypeError, match=rf"{name}\(\) needs {key}="):
        func(Y, S)
    with pytest.raises(TypeError, match=rf"{name}\(\) needs exact operating points"):
        func(sp.operating_points_from(TABLE, y_score="score", y_true="label", bins=16), **{key: grid})


def test_boolean_combinations_take_the_labels_first_like_compare():
    ref = sp.boolean_combinations(Y[:60], S[:60], B[:60])
    for other in (sp.boolean_combinations(TABLE.iloc[:60], "score", "other", y_true="label"),
                  sp.boolean_combinations(y_true=Y[:60], score_a=S[:60], score_b=B[:60])):
        assert np.array_equal(other.tpr, ref.tpr) and np.array_equal(other.fpr, ref.fpr)
    weighted = sp.boolean_combinations(Y[:60], S[:60], B[:60], sample_weight=W[:60])
    table = sp.boolean_combinations(TABLE.iloc[:60], "score", "other", y_true="label", sample_weight="w")
    assert np.array_equal(table.tpr, weighted.tpr)
    # The order before (scores first, labels last) is refused, not read as labels S and scores Y.
    with pytest.raises(TypeError, match=r"boolean_combinations\(y_true, score_a, score_b\): the labels come "
                                        r"first.*holds 60 distinct values and the last 2"):
        sp.boolean_combinations(S[:60], B[:60], Y[:60])
    with pytest.raises(TypeError, match="pairs classifiers row by row"):
        sp.boolean_combinations(PTS, S, B)


def test_operating_points_from_takes_the_keywords_of_every_metric():
    ref = sp.operating_points(Y, S, sample_weight=W)
    new = sp.operating_points_from(TABLE, y_score="score", y_true="label", sample_weight="w")
    assert np.array_equal(new.tp, ref.tp) and np.array_equal(new.fp, ref.fp)
    for old, key in (("score", "y_score"), ("label", "y_true"), ("weight", "sample_weight")):
        kw = {"y_score": "score", "y_true": "label", "sample_weight": "w"}
        kw[old] = kw.pop(key)
        with pytest.warns(DeprecationWarning, match=rf"{old}= is deprecated, pass {key}="):
            got = sp.operating_points_from(TABLE, **kw)
        assert np.array_equal(got.tp, ref.tp) and np.array_equal(got.fp, ref.fp)
        with pytest.raises(TypeError, match=rf"got both {key}= and its deprecated spelling {old}="):
            sp.operating_points_from(TABLE, **kw, **{key: kw[old]})
    with pytest.raises(TypeError, match="needs y_true="):
        sp.operating_points_from(TABLE, y_score="score")


# ----------------------------------------------------------------------- refusals, by function x kind of input

POSITIONAL_SKEWS = {"float": 0.005, "int_like": np.float32(0.1), "pair": (0.002, 0.02), "list_pair": [0.1, 0.3],
                    "model": sp.SkewRange(0.01, 0.1), "estimate": EST}
TAKES_POINTS = {
    "aucpr": (sp.aucpr, "skew"), "average_precision": (sp.average_precision, "skew"),
    "roc_auc": (sp.roc_auc, "skew"), "aucpr_ci": (sp.aucpr_ci, "skew"), "aucprg": (sp.aucprg, "skew"),
    "plot_prg": (sp.plot_prg, "skew"), "precision": (sp.precision, "skew"), "f_measure": (sp.f_measure, "skew"),
    "pr_curve": (sp.pr_curve, "skew"), "prg_curve": (sp.prg_curve, "skew"),
    "plot_pr": (sp.plot_pr, "skew"), "plot_roc": (sp.plot_roc, "skew"), "plot_cost": (sp.plot_cost, "skew"),
    "plot_fmeasure": (sp.plot_fmeasure, "skew"), "plot_integrated_pr": (sp.plot_integrated_pr, "skew_range"),
    "plot_temporal_pr": (sp.plot_temporal_pr, "skew_series"),
    "plot_aucpr_vs_skew": (sp.plot_aucpr_vs_skew, "skew"),
}
POSITIONAL = [(f"{f}-{k}", f, v) for f in TAKES_POINTS for k, v in POSITIONAL_SKEWS.items()]


@pytest.mark.parametrize("case,func_name,value", POSITIONAL, ids=[c[0] for c in POSITIONAL])
def test_a_skew_in_second_place_names_its_keyword(case, func_name, value):
    func, keyword = TAKES_POINTS[func_name]
    extra = {"skew_series": [0.1, 0.2]} if func_name == "plot_temporal_pr" else {}
    with pytest.raises(TypeError, match=rf"{func_name}\(\): the second argument is y_score.*{keyword}="):
        func(PTS, value, **extra)


def test_a_skew_in_second_place_after_a_mapping_or_bounded_points():
    with pytest.raises(TypeError, match=r"plot_cost\(\).*skew=0.005"):
        sp.plot_cost({"a": PTS, "b": PTS}, 0.005)
    with pytest.raises(TypeError, match=r"plot_integrated_pr\(\).*skew_range=\(0.002, 0.02\)"):
        sp.plot_integrated_pr({"a": PTS}, (0.002, 0.02))
    bounded = sp.operating_points_from(TABLE, "score", "label", bins=16)
    with pytest.raises(TypeError, match=r"aucpr\(\).*skew=0.1"):
        sp.aucpr(bounded, 0.1)


UNKNOWN = {"colour": "color", "linewdith": "linewidth", "skwe": "skew", "interpolaton": "interpolation"}
PLOTS = {
    "plot_pr": lambda **k: sp.plot_pr(PTS, **k), "plot_roc": lambda **k: sp.plot_roc(PTS, **k),
    "plot_cost": lambda **k: sp.plot_cost(PTS, **k), "plot_fmeasure": lambda **k: sp.plot_fmeasure(PTS, **k),
    "plot_integrated_pr": lambda **k: sp.plot_integrated_pr(PTS, **k),
    "plot_temporal_pr": lambda **k: sp.plot_temporal_pr(PTS, skew_series=[0.1, 0.2], **k),
    "plot_aucpr_vs_skew": lambda **k: sp.plot_aucpr_vs_skew(PTS, skews=[0.1, 0.5], **k),
    "plot_skew_transform": lambda **k: sp.plot_skew_transform(0.5, [0.1], **k),
    "plot_comparison": lambda **k: sp.plot_comparison(Y, S, B, n_skews=3, n_boot=50, **k),
    "plot_ap_null": lambda **k: sp.plot_ap_null(50, 10, n_samples=200, **k),
    "plot_bracket": lambda **k: plot_bracket(sp.operating_points_from(TABLE, "score", "label", bins=16), **k),
    "plot_pr_surface": lambda **k: sp.plot_pr_surface(PTS, skews=[0.1, 0.5], **k),
    "plot_prg": lambda **k: sp.plot_prg(PTS, **k),
}
UNKNOWN_CASES = [(f"{p}-{k}", p, k) for p in PLOTS for k in UNKNOWN
                 if not (k == "interpolaton" and p in ("plot_skew_transform", "plot_ap_null", "plot_bracket"))]


@pytest.mark.filterwarnings("ignore:n_boot=.* is small:UserWarning")
@pytest.mark.parametrize("case,plot,key", UNKNOWN_CASES, ids=[c[0] for c in UNKNOWN_CASES])
def test_unknown_keywords_are_refused_by_skewplot(case, plot, key):
    with pytest.raises(TypeError, match=rf"^{plot}\(\) got an unexpected keyword argument '{key}'") as info:
        PLOTS[plot](**{key: 1})
    assert "Line2D.set" not in str(info.value)
    if key in ("colour", "linewdith"):
        assert f"did you mean '{UNKNOWN[key]}'" in str(info.value)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_line_aliases_override_the_plot_defaults():
    disp = sp.plot_pr(PTS, lw=3.5, c="k", ls=":")
    line = disp.lines_["classifier"]
    assert (line.get_linewidth(), line.get_color(), line.get_linestyle()) == (3.5, "k", ":")


@pytest.mark.parametrize("func", ["plot_cost", "plot_fmeasure", "plot_aucpr_vs_skew", "plot_pr_surface",
                                  "interactive_cost", "interactive_fmeasure", "explorer"])
def test_binned_points_where_exact_ones_are_needed(func):
    bounded = sp.operating_points_from(TABLE, "score", "label", bins=16)
    call = getattr(sp, func, None) or getattr(sp.widgets, func)
    with pytest.raises(TypeError, match=rf"{func}\(\) needs exact operating points; BoundedOperatingPoints"):
        call(bounded)


@pytest.mark.parametrize("func", ["aucpr_ci", "compare"])
def test_intervals_refuse_points_without_rows(func):
    weighted = sp.operating_points(Y, S, sample_weight=W)
    if func == "aucpr_ci":
        with pytest.raises(ValueError, match="aucpr_ci.. resamples rows.*hold weights"):
            sp.aucpr_ci(weighted)
    else:
        with pytest.raises(TypeError, match="compare.. pairs classifiers row by row"):
            sp.compare(PTS, PTS)


def test_metrics_measure_one_classifier():
    with pytest.raises(TypeError, match=r"aucpr\(\) measures one classifier; data is a mapping of 2"):
        sp.aucpr({"a": PTS, "b": PTS})
    with pytest.raises(TypeError, match="y_score is missing"):
        sp.roc_auc(Y)
    with pytest.raises(TypeError, match="with data=, y_score must name a column"):
        sp.aucpr(TABLE, y_true="label")
    assert one_classifier(PTS) is PTS  # no copy, no work


@pytest.mark.parametrize("module,call,extra", [
    ("duckdb", lambda tmp: sp.operating_points_from(str(tmp / "x.parquet"), "s", "y"), "tables"),
    ("statsmodels.formula.api", lambda tmp: sp.stats.anova_over_skews(pd.DataFrame({"x": [1]})), "stats"),
    ("pandas", lambda tmp: COMBINATIONS.to_frame(), "stats"),
])
def test_a_missing_optional_dependency_names_its_extra(monkeypatch, tmp_path, module, call, extra):
    (tmp_path / "x.parquet").write_bytes(b"PAR1")
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(ImportError) as info:
        call(tmp_path)
    message = str(info.value)
    assert f'pip install "skewplot[{extra}]"' in message and "\n" not in message
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_the_extras_named_exist_in_pyproject():
    import pathlib

    import tomllib

    from skewplot._validate import EXTRAS

    project = tomllib.loads((pathlib.Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    for module, extra in EXTRAS.items():
        assert extra in extras, extra
        assert any(req.split(">")[0].split("[")[0].strip() == module for req in extras[extra]), (module, extra)


@pytest.mark.slow  # loaded run 2026-11-29
def test_choose_threshold_takes_the_same_inputs_and_cost_f_plots_an_estimate():
    ref = sp.choose_threshold(Y, S, skew=0.05, target="cost").threshold
    assert sp.choose_threshold(TABLE, y_true="label", y_score="score", skew=0.05, target="cost").threshold == ref
    assert sp.choose_threshold(y_true=Y, y_score=S, skew=0.05, target="cost").threshold == ref
    bounded = sp.operating_points_from(TABLE, "score", "label", bins=16)
    with pytest.raises(TypeError, match=r"choose_threshold\(\) needs the rows \(or exact operating points\); "
                                        "BoundedOperatingPoints"):
        sp.choose_threshold(bounded, skew=0.05, target="cost")
    for plot in (sp.plot_cost, sp.plot_fmeasure):
        assert plot(PTS, skew=EST).skew == EST.estimate


def test_estimate_skew_takes_the_same_test_set_inputs():
    _, deploy = sp.datasets.make_scores(2000, 0.05, random_state=3)
    ref = sp.estimate_skew(Y, S, deploy).estimate
    assert sp.estimate_skew(TABLE, y_true="label", y_score="score", deploy_score=deploy).estimate == ref
    assert sp.estimate_skew(PTS, deploy_score=deploy).estimate == ref  # unweighted hard labels: the rows
    assert sp.estimate_skew(y_true=Y, y_score=S, deploy_score=deploy).estimate == ref
    with pytest.raises(TypeError, match="estimate_skew needs deploy_score"):
        sp.estimate_skew(Y, S)


@pytest.mark.parametrize("call", ["plot_decision", "choose_threshold"])
@pytest.mark.parametrize("skew", [0.005, (0.002, 0.02)])
def test_a_required_skew_given_second_names_skew(call, skew):
    """Python's own "missing 1 required keyword-only argument: 'skew'" came first; now skewplot's message."""
    with pytest.raises(TypeError, match=rf"{call}\(\): the second argument is y_score .* skew="):
        getattr(sp, call)(PTS, skew, **({"target": "cost"} if call == "choose_threshold" else {}))
    with pytest.raises(TypeError, match=rf"{call}\(\) needs skew="):
        getattr(sp, call)(Y, S, **({"target": "cost"} if call == "choose_threshold" else {}))


@pytest.mark.parametrize("call", [lambda: sp.random_rankings_aucpr(np.ones(1000), np.ones(1000), n_rankings=10**10),
                                  lambda: sp.random_rankings_aucpr(np.ones(9), np.ones(9), n_rankings=10**30),
                                  lambda: sp.plot_comparison(Y, S, B, n_skews=10**30)])
def test_counts_beyond_memory_are_refused_by_name_before_any_allocation(call):
    """numpy's own MemoryError (74.5 GiB) or "Maximum allowed size exceeded" escaped."""
    with pytest.raises(MemoryError, match=r"n_rankings=|n_skews="):
        call()


POINTS_ONLY_BEFORE = {"best_threshold": {"skew": 0.1, "beta": 1.0}, "f_curves": {"skews": [0.05, 0.5]},
                      "roc_convex_hull": {}, "auprec": {"ratio": 4.0}, "iauprec": {"ratio_range": (1.0, 20.0)},
                      "pr_surface": {"skews": [0.05, 0.5]}}


def _flat(result):
    if hasattr(result, "threshold"):
        return np.array([result.threshold, result.value])
    if isinstance(result, tuple):
        return np.concatenate([np.ravel(r) for r in result])
    return np.ravel(result)


@pytest.mark.parametrize("name", sorted(POINTS_ONLY_BEFORE))
def test_metrics_that_took_points_only_take_arrays_and_tables_too(name):
    """best_threshold(pts, skew), f_curves(pts, skews), auprec(pts, ratio) ... took points only, the second
    argument positional; now the one input rule, the second argument by name (positional: deprecated)."""
    func, kw = getattr(sp, name), POINTS_ONLY_BEFORE[name]
    ref = _flat(func(PTS, **kw))
    assert np.array_equal(_flat(func(Y, S, **kw)), ref)
    assert np.array_equal(_flat(func(TABLE, y_true="label", y_score="score", **kw)), ref)
    weighted = _flat(func(sp.operating_points(Y, S, sample_weight=W), **kw))
    assert np.array_equal(_flat(func(TABLE, y_true="label", y_score="score", sample_weight="w", **kw)), weighted)
    if kw:
        (key, value), = ((k, v) for k, v in kw.items() if k != "beta")
        rest = {k: v for k, v in kw.items() if k != key}
        with pytest.warns(DeprecationWarning, match=rf"pass {key}= by name"):
            old = func(PTS, value, **rest)
        assert np.array_equal(_flat(old), ref)


@pytest.mark.parametrize("skew", [0.1, (0.01, 0.05), sp.FixedSkew(0.1)], ids=["number", "pair", "model"])
@pytest.mark.parametrize("func", ["aucpr", "average_precision", "aucpr_ci", "plot_pr"])
def test_a_skew_after_labels_is_named(func, skew):
    """After labels as after points, a skew in the scores' place is refused naming skew=."""
    with pytest.raises(TypeError, match=rf"{func}\(\): the second argument is y_score .* skew="):
        getattr(sp, func)(np.array([0, 1, 0, 1, 1]), skew)


def _skew_keyword_functions():
    import inspect

    out = []
    for name in sp.__all__:
        func = getattr(sp, name)
        if not inspect.isfunction(func):
            continue
        params = list(inspect.signature(func).parameters.values())
        if any(p.kind is p.KEYWORD_ONLY and p.name.startswith("skew") for p in params) \
                and not any(p.kind is p.VAR_POSITIONAL for p in params):
            out.append(name)
    return out


@pytest.mark.parametrize("name", _skew_keyword_functions())
@pytest.mark.parametrize("skew", [0.1, (0.01, 0.1)])
def test_a_skew_after_the_data_is_refused_naming_its_keyword(name, skew):
    """Issue 41 item 4: aucprg(y, s, 0.1) said only "takes from 0 to 2 positional arguments but 3 were given"."""
    import inspect

    func = getattr(sp, name)
    params = inspect.signature(func).parameters.values()
    n_pos = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
    keyword = next(p.name for p in params if p.kind is p.KEYWORD_ONLY and p.name.startswith("skew"))
    data = ([0, 1, 1, 0], [0.1, 0.9, 0.5, 0.3], [0.2, 0.4, 0.8, 0.1])[:n_pos]
    with pytest.raises(TypeError, match=rf"{name}\(\): a skew goes by name, {name}\(\.\.\., {keyword}="):
        func(*data, skew)
