"""The closed forms the saved page runs (``runtime/closed_forms.js``) against the Python functions they mirror.

The page's ``CF`` module is run in Node on random inputs and on the edge
cases each Python function handles (a rate of 0, pi' at 0 or 1, an exact
rounding tie); every value must agree with the Python function to a few
ulps and every string exactly.  Skipped without ``node``, failed without it in CI.
"""

import json
import re
import shutil
import subprocess
from importlib import resources
from types import SimpleNamespace

import numpy as np
import pytest

from skewplot.metrics.cost import _nec, cost_crossing, probability_cost
from skewplot.metrics.curve import _densified
from skewplot.metrics.fmeasure import _f_at, f_crossing
from skewplot.plotting._display import auc_label
from skewplot.plotting.cost import CostDisplay
from skewplot.skew import FixedSkew, SkewRange
from skewplot.skew.base import skew_text
from skewplot.skew.formulas import precision_at
from skewplot.skew.uniform import uniform_precision
from skewplot.widgets._readout import _fmt

NODE = shutil.which("node")
pytestmark = pytest.mark.usefixtures("node")  # skips without node; fails in CI (tests/conftest.py)


def _module():
    """The page's file as it ships, run with a bare ``window``: it defines ``CF`` and nothing else."""
    text = resources.files("skewplot.widgets.page").joinpath("runtime", "closed_forms.js").read_text(encoding="utf-8")
    return "var window = {};\n" + text + "\nvar CF = window.skewplotPage.cf;"


def run_js(calls):
    """Evaluate ``[[function, args], ...]`` with the page's CF module; returns the results."""
    script = _module() + "\nvar calls = " + json.dumps(calls) + ";\n" + """
var out = calls.map(function (c) {
  if (c[0] === "densified") {
    var a = c[1], prec = a[4][0] === "fixed" ? function (t, f) { return CF.precisionAt(t, f, a[4][1]); }
      : function (t, f) { return CF.uniformPrecision(t, f, a[4][1], a[4][2]); };
    return CF.densified(a[0], a[1], a[2], a[3], prec);
  }
  var v = CF[c[0]].apply(null, c[1]);
  return typeof v === "number" && !isFinite(v) ? String(v) : v;
});
process.stdout.write(JSON.stringify(out));
"""
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def _num(v):
    return float(v) if not isinstance(v, str) else {"Infinity": np.inf, "-Infinity": -np.inf, "NaN": np.nan}[v]


rng = np.random.default_rng(7)
EDGE = [0.0, 1.0, 1e-300, 1e-12, 0.5, 1 - 1e-12]


def _rates(n):
    t, f = rng.random(n), rng.random(n) ** 3
    return np.r_[t, EDGE, [0.0, 0.3]], np.r_[f, EDGE[::-1], [0.3, 0.0]]


@pytest.mark.slow  # loaded run 2026-11-29
def test_precision_uniform_precision_and_the_f_and_cost_lines_agree_with_python():
    t, f = _rates(40)
    pis = np.r_[rng.random(len(t) - 6), 0.0, 1.0, 1e-4, 0.9999, 1e-300, 0.5]
    ranges = [(0.0, 0.5), (1e-4, 2e-4), (0.3, 0.3000001), (0.0, 1.0), (0.9, 0.9999)]
    calls, want = [], []
    for a, b, pi in zip(t, f, pis, strict=True):
        calls.append(["precisionAt", [a, b, pi]])
        want.append(float(precision_at(a, b, pi)))
        for m in (0.0, 0.3, 1.0):
            calls.append(["probabilityCost", [pi, m]])
            want.append(float(probability_cost(pi, m)))
            calls.append(["xOfPc", [pi, m, "skew"]])
            want.append(float(CostDisplay._x_of_pc(SimpleNamespace(x_axis="skew", m=m), pi)))
        calls.append(["nec", [a, b, pi]])
        want.append(float(_nec(a, b, pi)))
        for w in (0.0, 0.5, 1.0):
            calls.append(["fAt", [a, b, pi, w]])
            want.append(float(_f_at(a, b, pi, w)))
        for lo, hi in ranges:
            calls.append(["uniformPrecision", [a, b, lo, hi]])
            want.append(float(uniform_precision(a, b, lo, hi)))
    for (ta, fa), (tb, fb) in zip(zip(t[:-1], f[:-1], strict=True), zip(t[1:], f[1:], strict=True), strict=True):
        if (ta - tb) + (fa - fb) != 0:
            calls.append(["costCrossing", [ta, fa, tb, fb]])
            want.append(float(cost_crossing((ta, fa), (tb, fb))))
        if fa * tb - fb * ta != 0 or tb != ta:
            calls.append(["fCrossing", [ta, fa, tb, fb, 0.5]])
            with np.errstate(all="ignore"):
                want.append(float(f_crossing((ta, fa), (tb, fb), f_alpha=0.5)))
    got = [_num(v) for v in run_js(calls)]
    np.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-300, err_msg=str(calls[:3]))


@pytest.mark.parametrize("model", [FixedSkew(0.01), FixedSkew(0.5), SkewRange(0.0, 0.5), SkewRange(1e-4, 0.02)],
                         ids=repr)
@pytest.mark.slow_cases('FixedSkew(0.01)', 'FixedSkew(0.5)')  # loaded run 2026-11-29
def test_the_densified_pr_curve_has_the_kernels_vertices(model):
    # a ROC polyline from the origin: the page bends each segment exactly as pr_curve does
    t = np.r_[0.0, np.sort(rng.random(60)), 1.0]
    f = np.r_[0.0, np.sort(rng.random(60) ** 4), 1.0]
    lt, lf = t.copy(), f.copy()
    lt[0], lf[0] = t[1], f[1]  # curve_rates: the origin at its limit along the curve
    rec, prec = _densified(t, f, lt, lf, model, 1e-3)
    spec = ["fixed", model.value] if isinstance(model, FixedSkew) else ["range", model.lo, model.hi]
    (js,) = run_js([["densified", [t.tolist(), f.tolist(), lt.tolist(), lf.tolist(), spec]]])
    assert len(js[0]) == rec.size
    np.testing.assert_allclose(js[0], rec, rtol=1e-14, atol=1e-15)
    np.testing.assert_allclose(js[1], prec, rtol=1e-12, atol=1e-15)


@pytest.mark.slow_cases('0.0001')  # loaded run 2026-11-29
@pytest.mark.parametrize("pi", [0.01, 0.3, 0.9999, 1e-4, 0.5])
def test_the_prg_curve_the_page_draws_is_the_kernels(pi):
    # prg_curve of a polyline with TPR = 0 points, a vertex exactly at TPR = pi, and the segment crossing it
    from skewplot.metrics.prg import _clipped, gain_skew

    t = np.r_[0.0, 0.0, np.sort(rng.random(50)), pi, 1.0]
    f = np.r_[0.0, 0.1, np.sort(rng.random(53) ** 3)[:51], 1.0]
    order = np.argsort(t, kind="stable")
    t, f = t[order], f[order]
    pg = gain_skew(FixedSkew(pi))
    c = _clipped(t, f, np.arange(t.size), pg)
    got_pi, (rg, pgain) = run_js([["gainSkew", [pi]], ["prgClipped", [t.tolist(), f.tolist(), pg]]])
    assert got_pi == pg
    np.testing.assert_allclose(rg, c.recall_gain, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(pgain, c.precision_gain, rtol=1e-13, atol=1e-15)
    assert len(rg) == c.recall_gain.size >= 2


@pytest.mark.parametrize("n, bins", [(50, 20), (3000, 40), (3000, 7)])
def test_the_pages_m4_decimation_keeps_the_kernels_vertices(n, bins):
    from skewplot.plotting._decimate import decimation_indices

    x = np.sort(np.r_[rng.random(n - 3), 0.25, 0.25, 1.0])  # a tie and a bin edge
    key = np.round(rng.random(n), 2)  # ties in the key: the first extreme is kept
    (got,) = run_js([["decimation", [x.tolist(), key.tolist(), bins]]])
    assert got == decimation_indices(x, key, bins).tolist()


def test_the_tables_digits_and_the_marker_labels_are_pythons():
    values = np.r_[rng.random(50), -rng.random(5) * 1e-4, [0.0625, 0.1875, 0.3125, 0.0005, 0.9995, 1.0, 0.12345,
                                                             2.5e-5, 1e-7, 123.0, 0.000123456, 1234.5]]
    calls = [["fmt3", [v]] for v in values] + [["g3", [v]] for v in values if v > 0]
    want = [_fmt(v) for v in values] + [format(v, ".3g") for v in values if v > 0]
    skews = np.r_[rng.random(20), 0.5, 0.75, 0.9999, 0.99995, 0.625, 1e-4, 0.00125, 0.999]
    calls += [["skewText", [v]] for v in skews] + [["aucLabel", ["strong", v]] for v in values[:10]]
    want += [skew_text(v) for v in skews] + [auc_label("strong", v, "AUCPR") for v in values[:10]]
    assert run_js(calls) == want


@pytest.mark.slow_cases('pr')  # 0.8 s at most (2026-11-29)
@pytest.mark.parametrize("make", [pytest.param("cost", marks=pytest.mark.slow), "pr"])  # cost: 1.1 s
def test_the_scripts_of_a_written_page_parse(tmp_path, make):
    # the script goes into the page with "</" escaped; a regex holding "</" would then break it
    import skewplot as sp
    from skewplot.widgets import interactive_cost, interactive_pr

    data = sp.datasets.example_classifiers(n=300, skew=0.2, random_state=3)
    widget = interactive_cost(data, skew=0.1) if make == "cost" else interactive_pr(data, slider_bounds=(0.09, 0.11))
    widget.save_html(tmp_path / "page.html")
    script = re.findall(r"<script>\n(.*?)</script>", (tmp_path / "page.html").read_text(encoding="utf-8"), re.S)[-1]
    done = subprocess.run([NODE, "-e", "new Function(require('fs').readFileSync(0, 'utf8'))"], input=script,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow  # loaded run 2026-11-29
def test_the_pages_number_format_is_pythons_string_for_string():
    from skewplot._format import column, number

    edges = [0.0, 1.0, -1.0, 0.5, 0.05, 2.1e-4, 5e-4, 9.9995e-5, 1e-4, 0.99987, 0.9995, 1 - 1e-12, 1 - 1e-9, 0.125,
             0.0625, 2.5e-5, 999999.5, 999.95, 1e6, 1.5e7, 1e21, 3e22, -2680.4, 1.33, 0.000123456, 5e-324, 1.7e308]
    values = np.r_[edges, rng.random(60), rng.random(60) * 10.0 ** rng.integers(-9, 9, 60),
                   -rng.random(20) * 10.0 ** rng.integers(-6, 6, 20), 1 - 10.0 ** -rng.uniform(1, 12, 30)]
    calls, want = [], []
    for v in values:
        for digits in (2, 3, 4):
            calls.append(["number", [float(v), digits]])
            want.append(number(float(v), digits))
    cols = [values[k:k + 5].tolist() for k in range(0, len(values) - 5, 5)] + [[0.268, 2e-4], [1.33, 2680.0, 0.0]]
    calls += [["column", [c, 3]] for c in cols] + [["number", [None, 3]]]
    want += [column(c, 3) for c in cols] + [number(None)]
    assert run_js(calls) == want


def test_the_pages_legend_names_are_pythons():
    from skewplot.plotting._display import legend_name

    names = ["gbm", "a" * 40, "a" * 41, "b" * 60, "x " * 30, "$x_1$ " + "c" * 50, r"\$x " + "d" * 50,
             "é" * 45, "🙂" * 45, "model with a very long descriptive name for the paper figure"]
    calls = [["legendName", [n]] for n in names] + [["aucLabel", [n, 2.1e-4]] for n in names]
    want = [legend_name(n) for n in names] + [auc_label(n, 2.1e-4, "AUCPR") for n in names]
    assert run_js(calls) == want


def test_the_pages_distinct_digits_are_pythons():
    # the review of 1b3cc5f read AUPRG 0.696 / 0.696 for naive Bayes 0.69642 and knn 0.69569
    from skewplot._format import distinct_digits

    sets = [[0.69642, 0.69569, 0.89611, 0.89572, 0.5], [0.5, 0.5, 0.25], [1 - 1e-7, 1 - 2e-7, 0.99], [0.3],
            [2.1e-4, 2.1004e-4, 0.0], [0.1, 0.1 + 1e-15, None]]
    sets += [(0.7 + rng.random(6) * 1e-3).tolist() for _ in range(10)]
    calls = [["distinctDigits", [s, 3]] for s in sets]
    calls += [["aucLabel", ["knn", 0.69569, 4]]]
    want = [distinct_digits(s, 3) for s in sets] + ["knn (AUCPR = 0.6957)"]
    assert run_js(calls) == want
