"""Every on/off parameter of the public API refuses what is not True or False, naming itself (issue 41 item 3).

The walk collects every parameter of the public callables (``skewplot``,
``skewplot.plotting``, ``skewplot.stats``, ``skewplot.widgets``: functions,
constructors, public methods) whose default is a bool, or whose docstring
types it ``bool``; ``FLAGS_IN_KWARGS`` adds the flags a widget takes
through ``**kwargs``.  Each one needs a recipe below (a cheap valid call);
the test then calls it with the flag set to ``"yes"``, 1, 0.0, ``"False"``
and None (where None is not its documented "automatic" default) and expects
a TypeError whose message names the flag; a numpy bool is taken.
A new flag without a recipe fails ``test_every_flag_has_a_recipe``.
"""

import inspect
import re
from functools import partial

import numpy as np
import pytest

import skewplot as sp

Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 0])
S = np.array([0.1, 0.9, 0.3, 0.8, 0.35, 0.2, 0.6, 0.7, 0.05, 0.4])
S2 = np.array([0.2, 0.7, 0.1, 0.9, 0.6, 0.3, 0.2, 0.4, 0.5, 0.1])

# Result records whose bool fields are data the library fills in, not options.
NOT_OPTIONS = {"ThresholdChoice.__init__": "a result record: `mixed` says whether the point mixes two thresholds"}

# Flags passed through **kwargs: (callable's name, flag).
FLAGS_IN_KWARGS = [("interactive_pr", "threshold_control"), ("interactive_cost", "threshold_control"),
                   ("interactive_fmeasure", "threshold_control")]


def _pts():
    return sp.operating_points(Y, S)


def _bounded():
    import pandas as pd

    return sp.operating_points_from(pd.DataFrame({"y": Y, "s": S}), y_score="s", y_true="y", bins=4)


def _display():
    return sp.plot_pr(_pts())


def _table():
    import pandas as pd

    return pd.DataFrame({"y": Y, "s": S})


def _recipes():
    """Callable's name -> a factory of one cheap valid call (built once per test), taking the flag as a keyword."""
    import skewplot.widgets as w
    from skewplot.stats.choose import report_at

    pts = _pts
    return {
        "aucpr": lambda: partial(sp.aucpr, pts()),
        "aucpr_ci": lambda: partial(sp.aucpr_ci, Y, S, n_boot=100, random_state=0),
        "compare": lambda: partial(sp.compare, Y, S, S2, n_boot=100, random_state=0),
        "operating_points_from": lambda: partial(sp.operating_points_from, _table(), y_score="s", y_true="y"),
        "prg_curve": lambda: partial(sp.prg_curve, pts()),
        "BoundedOperatingPoints.aucpr": lambda: _bounded().aucpr,
        "BoundedOperatingPoints.width_by_bin": lambda: _bounded().width_by_bin,
        "plot_pr": lambda: partial(sp.plot_pr, pts()),
        "PRDisplay.__init__": lambda: partial(sp.PRDisplay, pts()),
        "plot_cost": lambda: partial(sp.plot_cost, pts()),
        "CostDisplay.__init__": lambda: partial(sp.CostDisplay, pts()),
        "plot_fmeasure": lambda: partial(sp.plot_fmeasure, pts()),
        "FMeasureDisplay.__init__": lambda: partial(sp.FMeasureDisplay, pts()),
        "plot_prg": lambda: partial(sp.plot_prg, pts(), skew=0.3),
        "PRGDisplay.__init__": lambda: partial(sp.PRGDisplay, pts(), skew=0.3),
        "plot_roc": lambda: partial(sp.plot_roc, pts()),
        "ROCDisplay.__init__": lambda: partial(sp.ROCDisplay, pts()),
        "plot_aucpr_vs_skew": lambda: partial(sp.plot_aucpr_vs_skew, pts(), skews=[0.1, 0.5]),
        "plot_pr_surface": lambda: partial(sp.plot_pr_surface, pts(), skews=[0.1, 0.5], n_recall=5),
        "plot_comparison": lambda: partial(sp.plot_comparison, Y, S, S2, n_boot=100, n_skews=3, random_state=0),
        "ComparisonDisplay.plot": lambda: sp.plot_comparison(Y, S, S2, n_boot=100, n_skews=3, random_state=0).plot,
        "Display.update": lambda: sp.plot_pr(pts()).update,
        "report_at": lambda: partial(report_at, pts(), 2, 0.3),
        "choose_threshold": lambda: partial(sp.choose_threshold, Y, S, skew=0.3, target="fbeta"),
        "estimate_skew": lambda: partial(sp.estimate_skew, Y, S, S2),
        "explorer": lambda: partial(w.explorer, pts()),
        "interactive_pr": lambda: partial(w.interactive_pr, pts()),
        "interactive_cost": lambda: partial(w.interactive_cost, pts()),
        "interactive_fmeasure": lambda: partial(w.interactive_fmeasure, pts()),
        "skew_slider": lambda: w.skew_slider,
        "skew_range_slider": lambda: w.skew_range_slider,
    }


def _callables():
    import skewplot.plotting
    import skewplot.stats
    import skewplot.widgets
    from skewplot.stats.choose import report_at

    seen = {}
    for module in (sp, skewplot.plotting, skewplot.stats, skewplot.widgets):
        for name in module.__all__:
            obj = getattr(module, name)
            found = [(name, obj)] if inspect.isfunction(obj) else []
            if inspect.isclass(obj):
                found = [(f"{name}.__init__", obj.__init__)]
                found += [(f"{name}.{k}", v) for k, v in vars(obj).items()
                          if not k.startswith("_") and inspect.isfunction(v)]
            for qual, func in found:
                seen.setdefault(id(func), (qual, func))
    seen[id(report_at)] = ("report_at", report_at)  # the readout's function, named in the issue
    return sorted(seen.values(), key=lambda item: item[0])


def _flags():
    out = []
    for qual, func in _callables():
        if qual in NOT_OPTIONS:
            continue
        try:
            params = inspect.signature(func).parameters
        except (TypeError, ValueError):
            continue
        doc = inspect.getdoc(func) or ""
        for name, p in params.items():
            typed_bool = re.search(rf"^{name}\s*:\s*bool\b", doc, re.M)
            if isinstance(p.default, bool) or typed_bool:
                out.append((qual, name, p.default))
    out += [(qual, name, False) for qual, name in FLAGS_IN_KWARGS]
    return out


FLAGS = _flags()


def test_the_walk_finds_the_flags_the_issue_names():
    names = {(q, n) for q, n, _ in FLAGS}
    for flag in [("explorer", "prg"), ("explorer", "threshold_control"), ("interactive_cost", "threshold_control"),
                 ("report_at", "exact"), ("aucpr", "normalize"), ("plot_pr", "log_precision")]:
        assert flag in names
    assert len(FLAGS) > 40


def test_every_flag_has_a_recipe():
    recipes = _recipes()
    missing = sorted({q for q, _, _ in FLAGS if q not in recipes})
    assert not missing, f"flags without a recipe in this test: {missing}"


# Recipes that take seconds even when the flag is refused (the comparison's bootstrap runs before its plot).
SLOW_RECIPES = {"ComparisonDisplay.plot"}


@pytest.mark.parametrize(("qual", "name", "default"), [
    pytest.param(*flag, marks=[pytest.mark.slow] if flag[0] in SLOW_RECIPES else [], id=f"{flag[0]}-{flag[1]}")
    for flag in FLAGS])
def test_a_flag_refuses_what_is_not_a_bool(qual, name, default):
    call = _recipes()[qual]()
    for value in ["yes", 1, 0.0, "False"] + ([] if default is None else [None]):
        with pytest.raises(TypeError, match=rf"\b{name}\b"):
            call(**{name: value})


@pytest.mark.slow  # draws every plot and builds every widget once
@pytest.mark.parametrize(("qual", "name", "default"), FLAGS, ids=[f"{q}-{n}" for q, n, _ in FLAGS])
def test_a_flag_takes_a_numpy_bool(qual, name, default):
    call = _recipes()[qual]()
    call(**{name: np.bool_(default if isinstance(default, bool) else True)})
