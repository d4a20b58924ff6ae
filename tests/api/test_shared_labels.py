"""Several classifiers on shared labels: ``f(y_true, {name: scores})`` is ``f({name: operating_points(y_true, s)})``.

Issue 41 item 1: every entry point that takes a mapping of classifiers (each
plot, each widget, the explorer, the metrics of several classifiers) takes the
labels once with a mapping of scores, and draws (measures) exactly what the
explicit operating points give.  The rule lives in one place,
``skewplot.metrics._inputs.classifiers``.
"""

import numpy as np
import pytest

import skewplot as sp

# plot_integrated_pr, P̄-R's deprecated second spelling, is still checked here until it is removed
pytestmark = pytest.mark.filterwarnings("ignore:plot_integrated_pr\\(\\) is deprecated:DeprecationWarning")

RNG = np.random.default_rng(41)
Y = RNG.random(300) < 0.2
SCORES = {"logistic": RNG.normal(size=300) + 1.5 * Y, "gbm": np.round(RNG.normal(size=300) + 1.0 * Y, 1)}
W = RNG.uniform(0.5, 2.0, 300)


def _explicit(**kw):
    return {name: sp.operating_points(Y, s, **kw) for name, s in SCORES.items()}


def _same_points(a, b):
    assert list(a) == list(b)
    for name in a:
        pa, pb = a[name], b[name]
        for field in ("tp", "fp", "thresholds"):
            np.testing.assert_array_equal(getattr(pa, field), getattr(pb, field), err_msg=f"{name}.{field}")


def _same_lines(d1, d2):
    assert list(d1.lines_) == list(d2.lines_)
    for key in d1.lines_:
        l1, l2 = d1.lines_[key], d2.lines_[key]
        if hasattr(l1, "get_xydata"):
            np.testing.assert_array_equal(l1.get_xydata(), l2.get_xydata(), err_msg=str(key))
            assert l1.get_label() == l2.get_label()


PLOTS = {
    "plot_pr": dict(skew=0.05),
    "plot_roc": {},
    "plot_cost": dict(skew=0.05),
    "plot_fmeasure": dict(skew=0.05),
    "plot_prg": dict(skew=0.05),
    "plot_integrated_pr": dict(skew_range=(0.01, 0.2)),
    "plot_temporal_pr": dict(skew_series=sp.SkewSeries([0.05, 0.1, 0.02])),
    "plot_aucpr_vs_skew": dict(skews=[0.01, 0.1, 0.5]),
    "plot_decision": dict(skew=(0.01, 0.1), target="fbeta"),
}


@pytest.mark.slow_cases('plot_temporal_pr')  # 0.8 s at most (2026-11-29)
@pytest.mark.parametrize("func", [pytest.param(f, marks=[pytest.mark.slow] if f == "plot_aucpr_vs_skew" else [])
                                  for f in sorted(PLOTS)])
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'plot_integrated_pr',
    'plot_pr',
    'plot_prg',
    'plot_roc')
@pytest.mark.slow_cases('plot_cost', 'plot_fmeasure')  # loaded run 2026-11-29
def test_every_plot_draws_shared_labels_as_the_explicit_points(func):
    plot = getattr(sp, func)
    shared, explicit = plot(Y, SCORES, **PLOTS[func]), plot(_explicit(), **PLOTS[func])
    _same_points(shared.points, explicit.points)
    _same_lines(shared, explicit)
    if hasattr(explicit, "aucs_"):
        assert shared.aucs_ == explicit.aucs_


@pytest.mark.slow  # loaded run 2026-11-29
def test_weights_pos_label_units_and_tables_follow_the_same_rule():
    import pandas as pd

    labels = np.where(Y, "spam", "ham")
    shared = sp.plot_pr(labels, SCORES, sample_weight=W, pos_label="spam", skew=0.05)
    _same_points(shared.points, _explicit(sample_weight=W))
    table = pd.DataFrame({"y": Y, **SCORES})
    by_column = sp.plot_roc(table, {name: name for name in SCORES}, y_true="y")
    _same_points(by_column.points, _explicit())
    folds = np.arange(300) % 3
    cv = sp.plot_pr(Y, SCORES, units=folds)
    for name, s in SCORES.items():
        assert [f.tp.tolist() for f in cv.points[name]] == \
            [sp.operating_points(Y[folds == k], s[folds == k]).tp.tolist() for k in range(3)]


@pytest.mark.slow  # 0.9 s (2026-11-29, -n 2)
def test_the_comparison_takes_its_two_classifiers_as_a_mapping():
    kw = dict(skew=0.05, n_boot=100, random_state=0)
    a, b = SCORES["logistic"], SCORES["gbm"]
    res, ref = sp.compare(Y, SCORES, **kw), sp.compare(Y, a, b, **kw)
    assert (res.difference, res.low, res.high, res.pvalue) == (ref.difference, ref.low, ref.high, ref.pvalue)
    disp = sp.plot_comparison(Y, SCORES, n_skews=3, n_boot=100, random_state=0)
    ref = sp.plot_comparison(Y, a, b, n_skews=3, n_boot=100, random_state=0, names=("logistic", "gbm"))
    np.testing.assert_array_equal(disp.lines_["difference"].get_xydata(), ref.lines_["difference"].get_xydata())
    assert disp.lines_["difference"].get_label() == ref.lines_["difference"].get_label()
    with pytest.raises(TypeError, match="two classifiers"):
        sp.compare(Y, {"a": a}, skew=0.05)
    with pytest.raises(TypeError, match="score_b"):
        sp.compare(Y, SCORES, b, skew=0.05)


def test_the_iterative_combination_takes_the_same_mapping():
    """Its scores were a mapping on shared labels before the rule: each single classifier's F is reachable."""
    shared = sp.iterative_boolean_combination(Y, SCORES, skews=[0.05, 0.2])
    for k, pi in enumerate(shared.skews):
        alone = max(float(np.max(sp.f_measure(p, skew=pi))) for p in _explicit().values())
        assert shared.f[k] >= alone - 1e-12


@pytest.mark.parametrize("widget", ["interactive_pr"] + [  # each builds two widgets: one in the fast suite
    pytest.param(w, marks=pytest.mark.slow) for w in ["interactive_cost", "interactive_fmeasure",
                                                      "interactive_integrated_pr", "interactive_temporal_pr",
                                                      "explorer"]])
@pytest.mark.slow_cases('interactive_pr')  # loaded run 2026-11-29
def test_every_widget_takes_shared_labels(widget):
    import skewplot.widgets as w

    kw = {"interactive_temporal_pr": dict(skew_series=sp.SkewSeries([0.05, 0.1, 0.02]))}.get(widget, {})
    shared, explicit = getattr(w, widget)(Y, SCORES, **kw), getattr(w, widget)(_explicit(), **kw)
    for key in explicit.displays:
        _same_points(shared.displays[key].points, explicit.displays[key].points)
        _same_lines(shared.displays[key], explicit.displays[key])


@pytest.mark.parametrize(("scores", "kw", "match"), [
    ({}, {}, "empty mapping"),
    ({"a": 0.1}, {}, r"y_score\['a'\] must be the scores"),
    ({"a": SCORES["gbm"]}, dict(hue=np.zeros(300)), "hue"),
    ({"a": SCORES["gbm"]}, dict(name="x"), "name="),
    ({"a": SCORES["gbm"][:10]}, {}, "y_score"),
])
def test_a_bad_mapping_of_scores_is_refused_naming_it(scores, kw, match):
    with pytest.raises((TypeError, ValueError), match=match):
        sp.plot_pr(Y, scores, **kw)


def test_labels_are_needed_first():
    pts = sp.operating_points(Y, SCORES["gbm"])
    with pytest.raises(TypeError, match="labels they share"):
        sp.plot_pr({"a": pts}, SCORES)
    with pytest.raises(TypeError, match="labels they share"):
        sp.plot_pr(pts, SCORES)
