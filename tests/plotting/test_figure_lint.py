"""Every plot function and widget passes the figure lint at rare skews (issue 29 item 7).

Data with 1 % and 0.1 % positives, deployment skews down to 1e-4; single
figures, ``style.paper("single")`` rows of two panels, ``style.paper("double")``
rows of three, 2x2 grids through ``ax=``, and every widget.  The lint
(``skewplot/testing/_lint.py``) reads the artists after a draw; that it
fails on a broken layout is shown in ``test_figure_lint_fails.py``.

A fault that another piece of work is to fix can be listed in ``OTHERS``
(case prefix and kind -> owner): it is then left out of this test, and
should get its own ``xfail(strict=True)`` case that fails until the fix
lands (none is listed now).

Gallery scripts are linted by ``tests/docs/test_gallery.py`` (docs suite), and
the figures of 1e6 distinct scores here in the slow suite.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting import style
from skewplot.testing import lint_figure

SKEWS = (1e-4, 0.005)


def _pair(rate, n, seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < rate).astype(int)
    return y, {"good": rng.normal(size=n) + 2.2 * y, "weak": rng.normal(size=n) + 1.2 * y}


@pytest.fixture(scope="module")
def data():
    out = {}
    for key, rate, n in (("1%", 0.01, 10_000), ("0.1%", 0.001, 40_000)):
        y, scores = _pair(rate, n, 0)
        out[key] = (y, scores, {name: sp.operating_points(y, s) for name, s in scores.items()})
    return out


def _bounded(y, scores):
    import pandas as pd

    frame = pd.DataFrame({"good": scores["good"], "y": y})
    return {"good": sp.operating_points_from(frame, y_score="good", y_true="y", bins=400)}


# ------------------------------------------------------------------ recipes: (y, scores, points, skew, ax) -> drawn
PANELS = {
    "pr": lambda y, s, p, k, ax: sp.plot_pr(p, skew=k, ax=ax),
    "pr_ci": lambda y, s, p, k, ax: sp.plot_pr(p, skew=k, confidence=0.95, n_boot=20, random_state=0, ax=ax),
    "pr_folds": lambda y, s, p, k, ax: sp.plot_pr(folds={"good": [p["good"], p["weak"]]}, skew=k, ax=ax),
    "integrated": lambda y, s, p, k, ax: sp.plot_pr(p, skew=(k, 20 * k), ax=ax),
    "temporal": lambda y, s, p, k, ax: sp.plot_temporal_pr(p, skew_series=[k, 3 * k, 10 * k], ax=ax),
    "roc": lambda y, s, p, k, ax: sp.plot_roc(p, hull=True, ax=ax),
    "cost": lambda y, s, p, k, ax: sp.plot_cost(p, skew=k, ax=ax),
    "cost_skew_axis": lambda y, s, p, k, ax: sp.plot_cost(p, skew=k, x_axis="skew", ax=ax),
    "fmeasure": lambda y, s, p, k, ax: sp.plot_fmeasure(p, skew=k, ax=ax),
    "aucpr_vs_skew": lambda y, s, p, k, ax: sp.plot_aucpr_vs_skew(p, ax=ax),
    "skew_transform": lambda y, s, p, k, ax: sp.plot_skew_transform(float(np.mean(y)), [k, 0.01, 0.1], ax=ax),
    "comparison": lambda y, s, p, k, ax: sp.plot_comparison(y, s["good"], s["weak"], skew_sweep=(k, 0.5), n_skews=12,
                                                            n_boot=100, random_state=0, ax=ax),
    "ap_null": lambda y, s, p, k, ax: sp.plot_ap_null(len(y), int(y.sum()), observed=0.2, n_samples=500, ax=ax),
    "prg": lambda y, s, p, k, ax: sp.plot_prg(p, skew=k, ax=ax),
    "bracket": lambda y, s, p, k, ax: sp.plot_pr(_bounded(y, s), skew=k, ax=ax),
    # issue 29 item 7's remaining cases: thresholds marked, bands, folds, decisions
    "pr_threshold": lambda y, s, p, k, ax: sp.plot_pr(p, skew=k, threshold=_thr(y, s), ax=ax),
    "integrated_threshold": lambda y, s, p, k, ax: sp.plot_pr(p, skew=(k, 20 * k),
                                                                         threshold=_thr(y, s), ax=ax),
    "roc_decision": lambda y, s, p, k, ax: sp.plot_roc(p, threshold=_decision(y, s, k), ax=ax),
    "cost_threshold": lambda y, s, p, k, ax: sp.plot_cost(p, skew=k, threshold=_thr(y, s), ax=ax),
    "fmeasure_threshold": lambda y, s, p, k, ax: sp.plot_fmeasure(p, skew=k, threshold=_thr(y, s), ax=ax),
    "prg_threshold": lambda y, s, p, k, ax: sp.plot_prg(p, skew=k, threshold=_thr(y, s), ax=ax),
    "roc_folds": lambda y, s, p, k, ax: sp.plot_roc(folds=_folds(p), band="quantile", ax=ax),
    "cost_ci": lambda y, s, p, k, ax: sp.plot_cost(p, skew=k, confidence=0.95, n_boot=20, random_state=0, ax=ax),
    "decision": lambda y, s, p, k, ax: sp.plot_decision(y, s["good"], skew=(k, 10 * k), target="fbeta",
                                                        threshold=_decision(y, s, k), ax=ax),
    "decision_cost": lambda y, s, p, k, ax: sp.plot_decision(y, s["good"], skew=k, target="cost",
                                                             threshold=_thr(y, s), ax=ax),
}
# a 3-D Axes of its own (no ``ax=`` of a 2-D grid): a single figure only; its texts and its legend are linted
SINGLE_ONLY = {"pr_surface": lambda y, s, p, k: sp.plot_pr_surface(p["good"])}


def _thr(y, s):
    """A score threshold: "good" catches half the positives above it."""
    return float(np.median(s["good"][np.asarray(y) == 1]))


def _folds(p):
    return {"good": [p["good"], p["weak"], p["good"]]}


def _decision(y, s, k):
    return sp.choose_threshold(y, s["good"], skew=(k, 10 * k), target="fbeta", risk="worst")
ROWS = {"single": ("pr", "cost"), "double": ("pr", "integrated", "fmeasure"),
        "single-thresholds": ("pr_threshold", "fmeasure_threshold"),
        "double-decisions": ("roc_decision", "decision", "cost_ci")}
GRIDS = {"spaces": ("pr", "roc", "cost", "fmeasure"),
         "skews": ("integrated", "temporal", "aucpr_vs_skew", "comparison"),
         "thresholds": ("pr_threshold", "integrated_threshold", "cost_threshold", "prg_threshold")}

# Faults of the figures that other work is to fix: (case prefix, kind) -> owner and reason.  Empty: the
# narrow explorer's P-bar title that ran past the figure at pi' = 1e-4 now drops its ", uniform" clause when
# it does not fit (``_titles.fit_title``).
OTHERS = {}


def _owned(case, kind):
    return next((why for (prefix, k), why in OTHERS.items() if k == kind and case.startswith(prefix)), None)


def _problems(case, fig):
    problems = lint_figure(fig)
    mine = [p for p in problems if _owned(case, p.kind) is None]
    theirs = [p for p in problems if _owned(case, p.kind) is not None]
    plt.close(fig)
    return mine, theirs


def _single(name, data, key, skew):
    y, scores, points = data[key]
    if name in SINGLE_ONLY:
        return SINGLE_ONLY[name](y, scores, points, skew).figure_
    return PANELS[name](y, scores, points, skew, None).figure_


def _row(column, data, key, skew):
    y, scores, points = data[key]
    names = ROWS[column]
    with style.paper(column.split("-")[0]):
        fig, axes = plt.subplots(1, len(names), layout="constrained")
        for ax, name in zip(axes, names, strict=True):
            PANELS[name](y, scores, points, skew, ax)
        fig.canvas.draw()
    return fig


def _grid(which, data, key, skew):
    y, scores, points = data[key]
    fig, axes = plt.subplots(2, 2, figsize=(9, 7), layout="constrained")
    for ax, name in zip(axes.flat, GRIDS[which], strict=True):
        PANELS[name](y, scores, points, skew, ax)
    return fig


def _widget(name, data, key, skew):
    pytest.importorskip("ipywidgets")
    from skewplot import widgets

    y, scores, points = data[key]
    make = {"w-pr": lambda: widgets.interactive_pr(points, skew=skew),
            "w-integrated": lambda: widgets.interactive_integrated_pr(points, skew_range=(skew, 20 * skew)),
            "w-temporal": lambda: widgets.interactive_temporal_pr(points, skew_series=[skew, 3 * skew, 10 * skew]),
            "w-cost": lambda: widgets.interactive_cost(points, skew=skew),
            "w-fmeasure": lambda: widgets.interactive_fmeasure(points, skew=skew),
            "w-explorer": lambda: widgets.explorer(points, skew=skew, skew_range=(skew, 20 * skew)),
            # three classes, the first at the rare skew, the others sharing the rest
            "w-classes": lambda: widgets.interactive_classes(_three_classes(), skew=_vector(skew)),
            "w-class-explorer": lambda: widgets.explorer(_three_classes(), skew=_vector(skew))}[name]
    return make().figure


def _three_classes():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 3, 3000)
    return sp.one_vs_rest(y, rng.normal(size=(3000, 3)) + 1.5 * np.eye(3)[y])


def _vector(skew):
    return {0: skew, 1: (1 - skew) / 2, 2: (1 - skew) / 2}


# the deployment skew changes nothing in these: drawn once per data set
NO_SKEW = {"roc", "aucpr_vs_skew", "ap_null", "skew_transform", "roc_folds", "pr_surface"}
CASES = ([(name, _single, name) for name in [*PANELS, *SINGLE_ONLY]] + [(f"row-{c}", _row, c) for c in ROWS]
         + [(f"grid-{g}", _grid, g) for g in GRIDS])
# Cases added after the first 80 (thresholds, decisions, fold and ci bands): in the fast suite at the
# rarest data and skew only, the other combinations in the slow suite (the fast suite stays under 3 min).
LATER = {"pr_threshold", "integrated_threshold", "roc_decision", "cost_threshold", "fmeasure_threshold",
         "prg_threshold", "roc_folds", "cost_ci", "decision", "decision_cost", "row-single-thresholds",
         "row-double-decisions", "grid-thresholds"}


def _marks(case, key, skew):
    rarest = key == "0.1%" and skew == min(SKEWS if case not in NO_SKEW else [SKEWS[-1]])
    return [pytest.mark.slow] if case in LATER and not rarest else []


PARAMS = [pytest.param(case, make, arg, key, skew, id=f"{case}-{key}-{skew:g}", marks=_marks(case, key, skew))
          for case, make, arg in CASES for key in ("1%", "0.1%") for skew in SKEWS
          if not (case in NO_SKEW and skew != SKEWS[-1])]
WIDGETS = ("w-pr", "w-integrated", "w-temporal", "w-cost", "w-fmeasure", "w-explorer", "w-classes",
           "w-class-explorer")
PARAMS += [pytest.param(name, _widget, name, key, skew, id=f"{name}-{key}-{skew:g}")
           for name in WIDGETS for key, skew in (("0.1%", 1e-4), ("1%", 0.005))]


def test_every_public_plot_function_and_widget_has_a_case():
    """A new public plot function or widget fails here until a case above draws it."""
    import inspect
    import sys

    from skewplot import widgets

    source = inspect.getsource(sys.modules[__name__])
    public = {f"sp.{n}(" for n in dir(sp) if n.startswith("plot_") and not hasattr(getattr(sp, n), "deprecated")}
    public |= {f"widgets.{n}(" for n in widgets.__all__ if n.startswith("interactive_") or n == "explorer"}
    assert len(public) >= 18  # a deprecated spelling (plot_integrated_pr) draws through the function it names
    assert sorted(call for call in public if call not in source) == []


@pytest.mark.slow_cases(  # 1.1 s at most (2026-11-29)
    'fmeasure-0.1%-0.0001', 'fmeasure_threshold-0.1%-0.0001', 'temporal-1%-0.0001', 'w-fmeasure-0.1%-0.0001',
    'w-fmeasure-1%-0.005')
@pytest.mark.parametrize(("case", "make", "arg", "key", "skew"), PARAMS)
@pytest.mark.slow_cases(
    "ap_null-0.1%-0.005", "comparison-0.1%-0.0001", "cost-0.1%-0.0001", "cost-1%-0.005", "cost_ci-0.1%-0.0001",
    "cost_skew_axis-0.1%-0.0001", "cost_skew_axis-0.1%-0.005", "cost_skew_axis-1%-0.0001",
    "cost_threshold-0.1%-0.0001", "grid-skews-0.1%-0.0001", "grid-skews-0.1%-0.005", "grid-skews-1%-0.0001",
    "grid-skews-1%-0.005", "grid-spaces-0.1%-0.0001", "grid-spaces-0.1%-0.005", "grid-spaces-1%-0.0001",
    "grid-spaces-1%-0.005", "grid-thresholds-0.1%-0.0001", "pr-1%-0.0001", "pr_folds-0.1%-0.0001",
    "roc_decision-0.1%-0.0001", "row-double-0.1%-0.0001", "row-double-0.1%-0.005", "row-double-1%-0.0001",
    "row-double-1%-0.005", "row-double-decisions-0.1%-0.0001", "row-single-0.1%-0.0001", "row-single-0.1%-0.005",
    "row-single-1%-0.0001", "row-single-1%-0.005", "row-single-thresholds-0.1%-0.0001", "w-cost-0.1%-0.0001",
    "w-cost-1%-0.005", "w-explorer-0.1%-0.0001", "w-explorer-1%-0.005", "w-integrated-0.1%-0.0001",
    "w-integrated-1%-0.005", "w-pr-0.1%-0.0001", "w-pr-1%-0.005", "w-temporal-0.1%-0.0001", "w-temporal-1%-0.005",
)
@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'ap_null-1%-0.005',
    'aucpr_vs_skew-0.1%-0.005',
    'aucpr_vs_skew-1%-0.005',
    'bracket-0.1%-0.0001',
    'bracket-0.1%-0.005',
    'bracket-1%-0.0001',
    'bracket-1%-0.005',
    'comparison-0.1%-0.005',
    'comparison-1%-0.0001',
    'comparison-1%-0.005',
    'cost-0.1%-0.005',
    'cost-1%-0.0001',
    'cost_skew_axis-1%-0.005',
    'decision-0.1%-0.0001',
    'decision_cost-0.1%-0.0001',
    'fmeasure-0.1%-0.005',
    'fmeasure-1%-0.0001',
    'fmeasure-1%-0.005',
    'integrated-0.1%-0.0001',
    'integrated-0.1%-0.005',
    'integrated-1%-0.0001',
    'integrated-1%-0.005',
    'integrated_threshold-0.1%-0.0001',
    'pr-0.1%-0.0001',
    'pr-0.1%-0.005',
    'pr-1%-0.005',
    'pr_ci-0.1%-0.0001',
    'pr_ci-0.1%-0.005',
    'pr_ci-1%-0.0001',
    'pr_ci-1%-0.005',
    'pr_folds-0.1%-0.005',
    'pr_folds-1%-0.0001',
    'pr_folds-1%-0.005',
    'pr_surface-0.1%-0.005',
    'pr_threshold-0.1%-0.0001',
    'prg-0.1%-0.0001',
    'prg-0.1%-0.005',
    'prg-1%-0.0001',
    'prg_threshold-0.1%-0.0001',
    'roc_folds-0.1%-0.005',
    'skew_transform-0.1%-0.005',
    'temporal-0.1%-0.0001',
    'temporal-0.1%-0.005',
    'temporal-1%-0.005')
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'prg-1%-0.005',
    'roc-0.1%-0.005',
    'roc-1%-0.005',
    'skew_transform-1%-0.005',
    'w-class-explorer-0.1%-0.0001',
    'w-class-explorer-1%-0.005',
    'w-classes-0.1%-0.0001',
    'w-classes-1%-0.005')
def test_figures_pass_the_lint(case, make, arg, key, skew, data):
    mine, _ = _problems(case, make(arg, data, key, skew))
    assert not mine, "\n".join(map(str, mine))


# ------------------------------------------------------------------ real data sizes (slow)
BIG_PANELS = ("pr", "integrated", "roc", "cost", "cost_skew_axis", "fmeasure", "prg", "pr_threshold",
              "cost_threshold", "fmeasure_threshold", "aucpr_vs_skew", "decision_cost")


@pytest.fixture(scope="module")
def fraud():
    """Issue 29's data: 1e6 rows, 1 % positives, two models of about 1e6 distinct scores each."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "fraud_data.py"
    spec = importlib.util.spec_from_file_location("fraud_data", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    y, scores = module.fraud_scores(1_000_000)
    scores = {"good": scores["gbm"].astype(float), "weak": scores["logistic"].astype(float)}
    points = {name: sp.operating_points(y, s) for name, s in scores.items()}
    assert min(len(p) for p in points.values()) > 5e5  # about 1e6 distinct scores: no ties to speak of
    return {"1%": (y, scores, points)}


@pytest.mark.slow
@pytest.mark.parametrize("skew", SKEWS)
@pytest.mark.parametrize("case", [*BIG_PANELS, "grid-spaces", "grid-thresholds", "row-double"])
def test_figures_of_a_million_distinct_scores_pass_the_lint(case, skew, fraud):
    if case.startswith("grid-"):
        fig = _grid(case[5:], fraud, "1%", skew)
    elif case.startswith("row-"):
        fig = _row(case[4:], fraud, "1%", skew)
    else:
        fig = _single(case, fraud, "1%", skew)
    mine, _ = _problems(case, fig)
    assert not mine, "\n".join(map(str, mine))
