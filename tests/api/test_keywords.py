"""One meaning and one default per keyword across the public API (issue 41 item 2).

Walks every public signature (``skewplot``, ``skewplot.plotting``,
``skewplot.stats``, ``skewplot.widgets``, ``skewplot.datasets``: functions,
constructors of the displays, public methods; result records left out) and
fails on

* a keyword with two defaults, unless ``DEFAULTS_DIFFER`` gives the reason;
* a keyword of ``MEANINGS`` whose description in a docstring does not say
  that meaning (``skew_range`` is only the range P̄ averages over; the
  comparison's axis sweep and the widgets' slider bounds have names of their
  own; a confidence level is ``confidence=`` everywhere);
* an ``n_boot`` default that is not its kind's constant in ``skewplot._defaults``.

The renamed spellings still work for one release, with a DeprecationWarning
naming the new one.
"""

import dataclasses
import inspect
import re
import sysconfig
import warnings
from pathlib import Path

import numpy as np
import pytest

import skewplot as sp
from skewplot import _defaults

Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 0] * 3)
A = np.linspace(0.0, 1.0, 30) + 0.5 * Y
B = np.cos(np.arange(30.0)) + 0.3 * Y

# keyword -> why its default differs between functions (every other keyword has one default)
DEFAULTS_DIFFER = {
    "confidence": "None where an interval is optional (choose_threshold, estimate_skew, the plots' bands); 0.95 "
                  "where the interval is what the function returns (aucpr_ci, compare, plot_comparison)",
    "n_boot": "one per kind of computation, stated in skewplot/_defaults.py (checked below)",
    "figsize": "each widget's own layout",
    "interpolation": "Landgrebe's AUPREC and IAUPREC are defined with the trapezoid rule",
    "log_skew": "None (by the rule of the guide) where the skew axis may be linear; True for plots whose x axis "
                "is a sweep over skews",
    "m": "None in best_threshold (F unless m= is given) and probability_cost (m is required there)",
    "n_samples": "a histogram's draws (plot_ap_null) against a p-value's permutations (9999, the usual count)",
    "palette": "set_theme sets a palette; elsewhere None takes the current one",
    "random_state": "the bundled example data are the same on every call (datasets); None everywhere else",
    "skew": "anova_over_skews names a column; example_classifiers the data's own skew",
    "score": "anova_over_skews names a column; operating_points_from's deprecated alias of y_score",
    "progress": "operating_points_from's is the engine's own (DuckDB's) progress bar, off unless asked for; the "
                "bootstrap and estimation calls show theirs only after 2 s (issue 44.3)",
    "description": "each slider's own label",
    "lo": "each slider's own range", "hi": "each slider's own range", "step": "each slider's own grid",
    "steps_per_decade": "each slider's own grid", "value": "each slider's own initial value",
}

# keyword -> what its description must say, wherever it appears
MEANINGS = {
    "skew_range": r"P̄|P-bar|averag|integrat|range of skews|skew range",
    "skew_sweep": r"axis|over",
    "skew_bounds": r"axis",
    "slider_bounds": r"slider",
    "confidence": r"confidence|level|interval|band",
    "interval": r"bootstrap interval",
    "quantifier": r"estimator of the (skew|priors)",
    "approximation": r"null distribution gives the p-value",
}
# no signature has these any more; method= meant three things: the bootstrap interval's kind (interval=), the skew
# or priors' estimator (quantifier=) and how a p-value reads the null distribution (approximation=)
GONE = {"ci": "confidence", "method": "interval, quantifier or approximation"}

# function -> the constant of skewplot._defaults its n_boot defaults to
N_BOOT = {
    "aucpr_ci": "N_BOOT_INTERVAL", "compare": "N_BOOT_INTERVAL",
    "choose_threshold": "N_BOOT_DECISION", "plot_comparison": "N_BOOT_DECISION",
    "estimate_skew": "N_BOOT_SKEW", "estimate_skew_series": "N_BOOT_SKEW", "estimate_priors": "N_BOOT_SKEW",
    "expected_confusion": "N_BOOT_DECISION",
    "plot_pr": "N_BOOT_BAND", "plot_cost": "N_BOOT_BAND", "plot_fmeasure": "N_BOOT_BAND",
    "PRDisplay": "N_BOOT_BAND", "CostDisplay": "N_BOOT_BAND", "FMeasureDisplay": "N_BOOT_BAND",
}


def _public():
    import skewplot.datasets
    import skewplot.plotting
    import skewplot.stats
    import skewplot.widgets

    seen = {}
    for module in (sp, skewplot.plotting, skewplot.stats, skewplot.widgets, skewplot.datasets):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                seen.setdefault(id(obj), (name, obj))
            elif inspect.isclass(obj) and not dataclasses.is_dataclass(obj):
                seen.setdefault(id(obj.__init__), (name, obj.__init__))
                for key, value in vars(obj).items():
                    if not key.startswith("_") and inspect.isfunction(value):
                        seen.setdefault(id(value), (f"{name}.{key}", value))
    out = []
    for qual, func in sorted(seen.values(), key=lambda item: item[0]):
        try:
            out.append((qual, func, inspect.signature(func).parameters))
        except (TypeError, ValueError):
            continue
    return out


PUBLIC = _public()


def _description(doc, name):
    """The numpydoc entry of parameter ``name`` (its type line and the indented lines after it)."""
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        head = re.match(r"^(\*{0,2}[A-Za-z_][\w, *]*?)(\s:.*)?$", line)
        if head and name in [n.strip() for n in head.group(1).split(",")]:
            body = [line]
            for nxt in lines[i + 1:]:
                if nxt.strip() and not nxt.startswith(" "):
                    break
                body.append(nxt)
            return "\n".join(body)
    return None


def test_the_walk_sees_the_whole_api():
    assert len(PUBLIC) > 100


def test_a_keyword_has_one_default_or_a_stated_reason():
    defaults = {}
    for qual, _, params in PUBLIC:
        for name, p in params.items():
            if p.default is not inspect.Parameter.empty and p.kind is not p.VAR_KEYWORD:
                defaults.setdefault(name, {}).setdefault(repr(p.default), []).append(qual)
    two = {name: seen for name, seen in defaults.items() if len(seen) > 1 and name not in DEFAULTS_DIFFER}
    assert not two, f"keywords with two defaults (unify them, or say why in DEFAULTS_DIFFER): {two}"
    stale = sorted(name for name in DEFAULTS_DIFFER if len(defaults.get(name, {})) < 2)
    assert not stale, f"DEFAULTS_DIFFER lists keywords that now have one default: {stale}"


def test_random_state_and_pos_label_defaults():
    for qual, _, params in PUBLIC:
        if "pos_label" in params:
            assert params["pos_label"].default is None, f"{qual}: pos_label is inferred everywhere"
        if "random_state" in params and not qual.endswith("_example") and qual != "example_classifiers":
            assert params["random_state"].default is None, f"{qual}: random_state=None everywhere"


@pytest.mark.parametrize("keyword", sorted(MEANINGS))
def test_a_keyword_means_one_thing(keyword):
    found = []
    for qual, func, params in PUBLIC:
        if keyword not in params:
            continue
        doc = inspect.getdoc(func) or ""
        text = _description(doc, keyword) or (doc if f"``{keyword}``" in doc else "")  # a one-line docstring
        if re.search(r"\bAs (in )?:(func|meth):", text) or (not text and func.__name__ == "__init__"):
            continue  # documented by reference, or a display's constructor: its plot_* function says it
        found.append(qual)
        assert re.search(MEANINGS[keyword], text), f"{qual}: {keyword}= is described as {text!r}"
    assert found, f"no public signature has {keyword}="


def test_renamed_spellings_are_gone_from_the_signatures():
    for qual, _, params in PUBLIC:
        for old, new in GONE.items():
            assert old not in params, f"{qual} still has {old}= (renamed {new}=)"
    widgets_with_bounds = [q for q, _, p in PUBLIC if "skew_bounds" in p and q.startswith(("interactive", "explorer"))]
    assert not widgets_with_bounds, "a widget's skew slider bounds are slider_bounds="
    sweeps = [q for q, _, p in PUBLIC if "skew_range" in p and q == "plot_comparison"]
    assert not sweeps, "plot_comparison's axis sweep is skew_sweep="


METHOD_RENAMED = {  # the old method= of each, by the meaning it had
    "aucpr_ci": "interval", "compare": "interval", "plot_comparison": "interval", "ComparisonDisplay": "interval",
    "estimate_skew": "quantifier", "estimate_skew_series": "quantifier", "estimate_skew_range": "quantifier",
    "estimate_priors": "quantifier", "average_precision_test": "approximation",
    "AveragePrecisionNull.pvalue": "approximation",
}


def test_method_is_renamed_by_its_meaning_everywhere_it_was():
    for qual, func, params in PUBLIC:
        taken = getattr(func, "renamed_keywords", {})
        if "method" in taken:
            assert METHOD_RENAMED.get(qual) == taken["method"], f"{qual}: method= renamed {taken['method']}="
            assert taken["method"] in params
    seen = {q for q, f, _ in PUBLIC if "method" in getattr(f, "renamed_keywords", {})}
    assert seen == set(METHOD_RENAMED)


def test_method_still_works_for_one_release_with_a_warning():
    old = _warns_naming("interval", lambda: sp.aucpr_ci(Y, A, n_boot=100, method="percentile", random_state=0,
                                                        progress=False))
    new = sp.aucpr_ci(Y, A, n_boot=100, interval="percentile", random_state=0, progress=False)
    assert (old.low, old.high, old.method) == (new.low, new.high, "percentile")
    y, s = sp.datasets.make_scores(400, 0.3, random_state=0)
    _, d = sp.datasets.make_scores(300, 0.1, random_state=1)
    old = _warns_naming("quantifier", lambda: sp.estimate_skew(y, s, d, method="acc"))
    assert old.estimate == sp.estimate_skew(y, s, d, quantifier="acc").estimate and old.method == "acc"
    null = sp.stats.average_precision_null(60, 10)
    old = _warns_naming("approximation", lambda: null.pvalue(0.4, method="permutation", n_samples=99,
                                                             random_state=0))
    assert old == null.pvalue(0.4, approximation="permutation", n_samples=99, random_state=0)
    with pytest.raises(TypeError, match="both quantifier= and its old spelling method="):
        sp.estimate_skew(y, s, d, method="acc", quantifier="ml")


def test_n_boot_defaults_are_the_constants_of_their_kind():
    constants = {getattr(_defaults, name) for name in _defaults.__all__}
    for qual, _, params in PUBLIC:
        if "n_boot" not in params:
            continue
        default = params["n_boot"].default
        assert default in constants, f"{qual}: n_boot={default} is none of skewplot._defaults"
        owner = qual.split(".")[0]
        assert owner in N_BOOT, f"{qual}: say which kind of n_boot it has in N_BOOT"
        assert default == getattr(_defaults, N_BOOT[owner]), f"{qual}: n_boot should be {N_BOOT[owner]}"


def _our_deprecations(caught):
    """The messages of skewplot's own DeprecationWarnings in ``caught``; not those installed packages raise inside
    the call (on the floors: matplotlib 3.8 calling pyparsing's camelCase names, ipywidgets 8.0 creating ipykernel's
    deprecated Comm)."""
    installed = Path(sysconfig.get_paths()["purelib"]).resolve()
    return [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)
            and not Path(w.filename).resolve().is_relative_to(installed)]


def _warns_naming(new, call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = call()
    said = _our_deprecations(caught)
    assert said and all(f"{new}=" in s for s in said), said
    return out


@pytest.mark.slow  # loaded run 2026-11-29
def test_the_old_spellings_still_work_with_a_warning_naming_the_new_one():
    pts = sp.operating_points(Y, A)
    old = _warns_naming("confidence", lambda: sp.plot_pr(pts, ci=0.9, n_boot=100, random_state=0))
    new = sp.plot_pr(pts, confidence=0.9, n_boot=100, random_state=0)
    assert old.ci == new.ci == 0.9
    np.testing.assert_array_equal(old.bands_["classifier"].get_paths()[0].vertices,
                                  new.bands_["classifier"].get_paths()[0].vertices)
    with pytest.raises(TypeError, match="both confidence= and its old spelling ci="):
        sp.plot_pr(pts, ci=0.9, confidence=0.9)


@pytest.mark.slow  # bootstraps for the bands and the comparison
def test_the_other_old_spellings_still_work_with_a_warning_naming_the_new_one():
    pts = sp.operating_points(Y, A)
    _warns_naming("confidence", lambda: sp.plot_cost(pts, ci=0.9, n_boot=100, random_state=0))
    _warns_naming("confidence", lambda: sp.PRDisplay(pts, ci=0.9, n_boot=100, random_state=0))
    old = _warns_naming("skew_sweep", lambda: sp.plot_comparison(Y, A, B, skew_range=(0.01, 0.2), n_skews=3,
                                                                 n_boot=100, random_state=0))
    np.testing.assert_allclose(old.skews, np.geomspace(0.01, 0.2, 3))


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_widget_takes_its_old_slider_bounds_with_a_warning():
    import skewplot.widgets as w

    pts = sp.operating_points(Y, A)
    widget = _warns_naming("slider_bounds", lambda: w.interactive_pr(pts, skew=0.1, skew_bounds=(0.05, 0.2)))
    slider = widget.controls["skew"]
    assert 10 ** slider.max == pytest.approx(0.2)
    assert slider.lo == 0.05 and 0.05 * 10 ** -slider.step < 10 ** slider.min <= 0.05  # its left end is 0.05


def test_operating_points_from_infers_pos_label_as_every_function():
    import pandas as pd

    s = [0.1, 0.9, 0.5, 0.3]
    ref = sp.operating_points([0, 1, 1, 0], s)
    for y in ([0, 1, 1, 0], [-1, 1, 1, -1], [False, True, True, False]):
        got = sp.operating_points_from(pd.DataFrame({"y": y, "s": s}), y_score="s", y_true="y")
        np.testing.assert_array_equal(got.tp, ref.tp)
        np.testing.assert_array_equal(got.fp, ref.fp)
    with pytest.raises(ValueError, match=r"pos_label is needed: the y_true column holds \[1, 2\]"):
        sp.operating_points_from(pd.DataFrame({"y": [1, 2, 2, 1], "s": s}), y_score="s", y_true="y")
    with pytest.raises(TypeError, match="pos_label is needed"):
        sp.operating_points_from(pd.DataFrame({"y": list("abba"), "s": s}), y_score="s", y_true="y")
    got = sp.operating_points_from(pd.DataFrame({"y": list("abba"), "s": s}), y_score="s", y_true="y", pos_label="b")
    np.testing.assert_array_equal(got.tp, ref.tp)


def test_a_series_is_no_table():
    """Issue 41 item 4: a pandas Series as the table raised an AttributeError in _frames.py."""
    import pandas as pd

    with pytest.raises(TypeError, match=r"table must be a DataFrame .* got Series"):
        sp.operating_points_from(pd.Series(Y), y_score="s", y_true="y")


# Live widgets whose range slider starts at skew_range= (P̄'s range, its one meaning); their static figure is
# plot_pr(skew=(lo, hi)).  Every other public callable that draws P̄-R besides plot_pr is a deprecated spelling.
P_BAR_WIDGETS = {"interactive_integrated_pr", "explorer"}


def _draws_p_bar(qual, params):
    return "skew_range" in params or "integrated" in qual.lower()


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_p_bar_r_has_one_spelling():
    """P̄-R is plot_pr(data, skew=(lo, hi)); a second public spelling must warn, naming it (issue 41 item 2)."""
    others = [(q, f) for q, f, p in PUBLIC
              if _draws_p_bar(q, p) and q.split(".")[0] not in P_BAR_WIDGETS and q != "estimate_skew_range"]
    assert [q for q, _ in others] == ["plot_integrated_pr"], "a new P̄-R spelling: deprecate it or say why"
    for qual, func in others:
        assert "plot_pr(data, skew=(lo, hi))" in getattr(func, "deprecated", ""), f"{qual} is not deprecated"
    pts = sp.operating_points(Y, A)
    old = _warns_naming("plot_pr(data, skew", lambda: sp.plot_integrated_pr(pts, skew_range=(0.01, 0.2)))
    new = sp.plot_pr(pts, skew=(0.01, 0.2))
    model = sp.plot_pr(pts, skew=sp.SkewRange(0.01, 0.2))
    labels = [d.ax_.get_legend_handles_labels()[1][0] for d in (old, new, model)]
    assert labels[0] == labels[1] == labels[2] == f"classifier (AUCPR = {sp.aucpr(pts, skew=(0.01, 0.2)):.3f})"
    for disp in (old, model):
        np.testing.assert_array_equal(disp.lines_["classifier"].get_xydata(), new.lines_["classifier"].get_xydata())


def test_a_deprecated_function_warns_naming_its_replacement():
    """Every public function marked by _validate.deprecated says, when called, what to use instead."""
    marked = {q: f.deprecated for q, f, _ in PUBLIC if getattr(f, "deprecated", None)}
    assert set(marked) == {"plot_integrated_pr"}, "list a newly deprecated function's call below"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sp.plot_integrated_pr(sp.operating_points(Y, A))
    said = _our_deprecations(caught)
    assert said == [f"plot_integrated_pr() is deprecated: use {marked['plot_integrated_pr']}; plot_integrated_pr() "
                    "will be removed in the next release"]
