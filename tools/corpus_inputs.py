"""Issue 41's corpus of bad inputs (its item 4 list, the flags of item 3), kept apart from the test suite.

Each case is one call and what it must do:

* ``refuse(*names)``: raise a ValueError or TypeError whose message names
  one of ``names`` (the argument at fault); or, for a size beyond the
  memory limit, the MemoryError of skewplot's memory guard naming it
  (``skewplot.set_memory_limit`` raises the limit);
* ``refuse_file(*names)``: as ``refuse``, and also Python's OSError for a
  file that cannot be written, naming the path (the convention of
  ``open``): before any work is done;
* ``right(check)``: return, and ``check(result)`` holds: the answer agrees
  with an independent computation (scipy, direct counts, the same call in
  another spelling).

Outcomes: *right* and *clear* are what the issue asks for; *wrong* (a
result where a refusal was due, or a check that fails), *unclear* (a
refusal that does not name the argument) and *crash* (any other exception)
are defects.  The script prints every defect, a table by class and the
count, and exits 1 on any defect.

Run from the repository root (a few seconds of CPU)::

    python tools/corpus_inputs.py [--verbose]
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import traceback
import warnings

import numpy as np
import pandas as pd

import skewplot as sp

CASES = []


def refuse(*names):
    return ("refuse", names)


def refuse_file(*names):
    return ("refuse_file", names)


def right(check=lambda result: True):
    return ("right", check)


def case(cls, name, call, expect):
    CASES.append((cls, name, call, expect))


def run(cls, name, call, expect):
    kind, arg = expect
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = call()
    except (ValueError, TypeError, MemoryError, OSError) as exc:
        if isinstance(exc, MemoryError) and "skewplot.set_memory_limit" not in str(exc):
            return "crash", f"MemoryError not from the memory guard: {exc}"
        if isinstance(exc, OSError) and kind != "refuse_file":
            return "crash", f"{type(exc).__name__}: {exc}"
        if kind == "right":
            return "wrong", f"refused a valid input: {type(exc).__name__}: {exc}"
        said = str(exc)
        return ("clear", said) if any(n in said for n in arg) else ("unclear", f"{type(exc).__name__}: {said}")
    except Exception as exc:  # noqa: BLE001 - the corpus counts every other exception as a crash
        return "crash", f"{type(exc).__module__}.{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}"
    finally:
        _close_figures()
    if kind != "right":
        return "wrong", f"accepted, returned {type(result).__name__}"
    try:
        ok = arg(result)
    except Exception as exc:  # noqa: BLE001
        return "wrong", f"check failed: {type(exc).__name__}: {exc}"
    return ("right", "") if ok else ("wrong", f"check failed on {result!r}"[:300])


def _close_figures():
    import matplotlib.pyplot as plt

    plt.close("all")


# ------------------------------------------------------------------------------------------------ data

RNG = np.random.default_rng(41)
Y, S = sp.datasets.make_scores(400, 0.3, random_state=0)
PTS = sp.operating_points(Y, S)
NOT_FLAGS = {"str_yes": "yes", "one": 1, "zero_float": 0.0, "str_false": "False", "none": None}


# ------------------------------------------------------------- 1. CountBootstrap's counts and skew

def _count_bootstrap():
    from scipy.stats import binom

    from skewplot.stats.exact_bootstrap import CountBootstrap as CB

    for name, args, names in [
        ("tp above n_pos", (10, 10, 11, 3), ("tp",)), ("fp above n_neg", (10, 10, 3, 11), ("fp",)),
        ("n_pos zero", (0, 10, 0, 3), ("n_pos",)), ("n_neg zero", (10, 0, 3, 0), ("n_neg",)),
        ("negative tp", (10, 10, -1, 3), ("tp",)), ("fractional tp", (10, 10, 2.5, 3), ("tp",)),
        ("nan fp", (10, 10, 2, np.nan), ("fp",)), ("string n_pos", ("10", 10, 2, 3), ("n_pos",)),
        ("bool n_neg", (10, True, 2, 0), ("n_neg",)), ("inf n_neg", (10, np.inf, 2, 3), ("n_neg",)),
    ]:
        case("count_bootstrap", name, lambda a=args: CB(*a), refuse(*names))
    cb = CB(100, 900, 60, 30)
    for skew in (0.0, 1.0, np.nan, -0.1, 1.5, "0.1", None):
        case("count_bootstrap", f"precision skew={skew!r}", lambda v=skew: cb.precision(v, 0.05), refuse("skew"))
    for alpha in (0.0, 1.0, np.nan, 1.5, "0.05"):
        case("count_bootstrap", f"rate alpha={alpha!r}", lambda v=alpha: cb.rate(v, "pos"), refuse("alpha"))
    case("count_bootstrap", "rate cls='x'", lambda: cb.rate(0.05, "x"), refuse("cls"))
    for alpha in (0.05, 0.5, 0.95):
        case("count_bootstrap", f"rate {alpha} = scipy's binomial quantile / n",
             lambda a=alpha: cb.rate(a, "pos"), right(lambda r, a=alpha: r == binom.ppf(a, 100, 0.6) / 100))


# ------------------------------------------------------------------------------ 2. plot_decision

def _plot_decision():
    s2 = S + RNG.normal(size=S.size)
    mapping = {"a": PTS, "b": sp.operating_points(Y, s2)}
    case("plot_decision", "a mapping of points (as its docstring)",
         lambda: sp.plot_decision(mapping, skew=0.1), right(lambda d: sorted(d.lines_) == ["a", "b"]))
    case("plot_decision", "labels with a mapping of scores",
         lambda: sp.plot_decision(Y, {"a": S, "b": s2}, skew=0.1), right(lambda d: sorted(d.lines_) == ["a", "b"]))
    case("plot_decision", "threshold={name: 0.5}",
         lambda: sp.plot_decision(mapping, skew=0.1, threshold={"a": 0.5, "b": 0.2}), right())
    for bad in ({"a": "x"}, {"zz": 0.5}, "x", [0.5], np.nan, {"a": None}):
        case("plot_decision", f"threshold={bad!r}", lambda v=bad: sp.plot_decision(mapping, skew=0.1, threshold=v),
             refuse("threshold"))
    for value in (2, -0.1, np.nan, "0.8", 1.5):
        case("plot_decision", f"precision value={value!r}",
             lambda v=value: sp.plot_decision(PTS, skew=0.1, target="precision", value=v), refuse("value"))
        case("choose_threshold", f"precision value={value!r}",
             lambda v=value: sp.choose_threshold(PTS, skew=0.1, target="precision", value=v), refuse("value"))
    for kw, bad in [("target", "nope"), ("skew", 1.5), ("beta", -1), ("m", 2.0), ("skew", "0.1")]:
        case("plot_decision", f"{kw}={bad!r}", lambda k=kw, v=bad: sp.plot_decision(PTS, **{"skew": 0.1, k: v}),
             refuse(kw))


# ------------------------------------------------------------------------ 3. save_html's arguments

def _save_html(folder):
    import skewplot.widgets as w

    widget = w.interactive_pr(PTS, skew=0.1)
    for title in (5, b"t", ["t"], 1.5):
        case("save_html", f"title={title!r}",
             lambda v=title: widget.save_html(os.path.join(folder, "a.html"), title=v, progress=False), refuse("title"))
    for path in ("/proc/x.html", "/proc/skewplot-nope/x.html", "/sys/x.html", os.path.join(folder, "no-dir", "x.html"),
                 folder, "", 5, None):
        case("save_html", f"path={path!r}", lambda p=path: widget.save_html(p, progress=False),
             refuse_file("path", repr(str(path))))
    out = os.path.join(folder, "ok.html")
    case("save_html", "a good path and title", lambda: widget.save_html(out, title="PR at 10 %", progress=False),
         right(lambda _: os.path.getsize(out) > 0 and "PR at 10 %" in open(out, encoding="utf-8").read()))


# -------------------------------------------------------------------- 4. a skew in the wrong place

def _positional_skew():
    for name, call in [
        ("aucprg(y, s, 0.1)", lambda: sp.aucprg(Y, S, 0.1)), ("aucpr(y, s, 0.1)", lambda: sp.aucpr(Y, S, 0.1)),
        ("aucpr(pts, 0.1)", lambda: sp.aucpr(PTS, 0.1)), ("plot_cost(pts, 0.005)", lambda: sp.plot_cost(PTS, 0.005)),
        ("plot_pr(pts, (0.01, 0.1))", lambda: sp.plot_pr(PTS, (0.01, 0.1))),
        ("average_precision(pts, 0.2)", lambda: sp.average_precision(PTS, 0.2)),
        ("f_measure(pts, 0.1)", lambda: sp.f_measure(PTS, 0.1)),
        ("prg_curve(pts, 0.1)", lambda: sp.prg_curve(PTS, 0.1)),
        ("aucpr_ci(y, s, 0.1)", lambda: sp.aucpr_ci(Y, S, 0.1)),
    ]:
        case("positional_skew", name, call, refuse("skew="))


# ------------------------------------------------------------------ 5. n_boot beyond memory or time

def _n_boot():
    huge = 10**12
    for name, call in [
        ("choose_threshold", lambda: sp.choose_threshold(Y, S, skew=0.1, target="fbeta", confidence=0.9, n_boot=huge)),
        ("choose_threshold chance", lambda: sp.choose_threshold(Y, S, skew=(0.05, 0.2), target="precision", value=0.5,
                                                                risk="chance", n_boot=huge)),
        ("aucpr_ci", lambda: sp.aucpr_ci(Y, S, n_boot=huge)),
        ("compare", lambda: sp.compare(Y, S, S[::-1], n_boot=huge)),
        ("estimate_skew", lambda: sp.estimate_skew(Y, S, S[:100], confidence=0.9, n_boot=huge)),
        ("plot_pr band", lambda: sp.plot_pr(PTS, confidence=0.9, n_boot=huge)),
        ("report_at", lambda: sp.stats.choose.report_at(PTS, 10, 0.1, confidence=0.9, n_boot=huge)),
    ]:
        case("n_boot", f"{name} n_boot=1e12", call, refuse("n_boot"))


# -------------------------------------------------------------------------------- 6. beta=None is F1

def _beta():
    case("beta", "f_measure beta=None is F1", lambda: sp.f_measure(PTS, skew=0.1, beta=None),
         right(lambda r: np.array_equal(r, sp.f_measure(PTS, skew=0.1, f_alpha=0.5))))
    case("beta", "best_threshold beta=1 is f_alpha=0.5", lambda: sp.best_threshold(PTS, skew=0.1, beta=1.0),
         right(lambda r: r == sp.best_threshold(PTS, skew=0.1, f_alpha=0.5)))
    for beta, alpha in ((0.0, 1.0), (np.inf, 0.0), (2.0, 0.2)):  # alpha = 1 / (1 + beta^2): precision, recall, F2
        case("beta", f"f_measure beta={beta} is f_alpha={alpha}", lambda b=beta: sp.f_measure(PTS, skew=0.1, beta=b),
             right(lambda r, a=alpha: np.allclose(r, sp.f_measure(PTS, skew=0.1, f_alpha=a), rtol=1e-12, atol=0)))
    case("beta", "choose_threshold fbeta beta=None is F1",
         lambda: sp.choose_threshold(PTS, skew=0.1, target="fbeta", beta=None),
         right(lambda r: r.threshold == sp.choose_threshold(PTS, skew=0.1, target="fbeta", beta=1.0).threshold))
    for bad in (-1.0, np.nan, "2", -np.inf, True):
        case("beta", f"f_measure beta={bad!r}", lambda v=bad: sp.f_measure(PTS, skew=0.1, beta=v), refuse("beta"))
        case("beta", f"choose_threshold beta={bad!r}",
             lambda v=bad: sp.choose_threshold(PTS, skew=0.1, target="fbeta", beta=v), refuse("beta"))
    case("beta", "beta and f_alpha both", lambda: sp.f_measure(PTS, skew=0.1, beta=1.0, f_alpha=0.5),
         refuse("beta", "f_alpha"))


# -------------------------------------------------- 7. estimate_skew: deployment scores in one group

def _boundary():
    asc = np.unique(S)
    placements = {"above": (np.full(20, S.max() + 5.0), 1.0), "below": (np.full(20, S.min() - 5.0), 0.0),
                  "inside_low_group": (np.linspace(asc[100], asc[101], 30, endpoint=False), None),
                  "one_score_high": ([asc[-3]], None), "one_score_low": ([asc[2]], None)}
    for place, (d, boundary) in placements.items():
        for q in ("ml", "hdy", "pacc", "acc", "median_sweep"):
            case("estimate_skew_boundary", f"{place} {q}",
                 lambda d=d, q=q: sp.estimate_skew(Y, S, d, quantifier=q, confidence=0.9),
                 right(lambda e, d=d, b=boundary: _boundary_ok(e, np.asarray(d), b)))
    y = np.r_[np.zeros(10), np.ones(5), np.zeros(5), np.ones(10)]
    case("estimate_skew_boundary", "a group as likely in both classes",
         lambda: sp.estimate_skew(y, np.repeat([0.0, 1.0, 2.0], 10), [1.0, 1.5]), refuse("deploy_score"))


def _boundary_ok(est, d, boundary):
    """The boundary the group points to (a likelihood ratio from scikit-learn's isotonic fit) and the interval from
    scipy's binomial pmf on a grid, shares by direct counts."""
    from scipy.stats import binom
    from sklearn.isotonic import IsotonicRegression

    at = S[S <= d[0]].max() if (S <= d[0]).any() else S.min()
    post = IsotonicRegression(increasing=True).fit(S, Y).predict([at])[0]
    expected = 1.0 if post > Y.mean() else 0.0
    if boundary is not None and expected != boundary:
        return False
    above = np.unique(S)[np.unique(S) > at]
    side = (S >= at) if expected else (S < (above.min() if above.size else np.inf))
    t_pos, t_neg = side[Y == 1].mean(), side[Y == 0].mean()
    grid = np.linspace(0.0, 1.0, 100_001)
    ok = grid[binom.pmf(d.size, d.size, grid * t_pos + (1 - grid) * t_neg) >= 0.1]
    low, high = (min(ok.min(), expected), max(ok.max(), expected)) if ok.size else (expected, expected)
    return est.estimate == expected and abs(est.low - low) <= 2e-5 and abs(est.high - high) <= 2e-5


# ------------------------------------------------- 8-9. tolerance that cannot be met; empty CSV files

def _tables(folder):
    from skewplot.cli import main

    frame = pd.DataFrame({"s": S, "y": Y})
    for tol in (1e-12, 0.01):  # met: the bracket narrows to the tolerance (to the exact area at 1e-12)
        case("tolerance", f"operating_points_from tolerance={tol!r} is met",
             lambda t=tol: sp.aucpr(sp.operating_points_from(frame, y_score="s", y_true="y", bins=4, tolerance=t)),
             right(lambda b, t=tol: b.high - b.low <= t and b.low <= sp.aucpr(PTS) <= b.high))
    for groups in (8, 16, 64):
        case("tolerance", f"tolerance=1e-12 beyond max_groups={groups}",
             lambda g=groups: sp.operating_points_from(frame, y_score="s", y_true="y", tolerance=1e-12, max_groups=g),
             refuse("tolerance"))
    for tol in (0.0, -0.1, np.nan, "0.01", np.inf):
        case("tolerance", f"operating_points_from tolerance={tol!r}",
             lambda t=tol: sp.operating_points_from(frame, y_score="s", y_true="y", tolerance=t), refuse("tolerance"))
    parquet = os.path.join(folder, "t.parquet")
    frame.assign(s=S).to_parquet(parquet)
    for tol in ("0", "-1", "x", "nan"):
        case("tolerance", f"CLI --tolerance {tol}", lambda t=tol: _cli_refuses(
            main, ["report", parquet, "--y-score", "s", "--y-true", "y", "--tolerance", t]), right())
    header = os.path.join(folder, "header.csv")
    with open(header, "w") as fh:
        fh.write("s,y\n")
    nulls = os.path.join(folder, "nulls.csv")
    with open(nulls, "w") as fh:
        fh.write("s,y\n,\n,\n")
    for name, path in (("header-only CSV", header), ("all-null CSV", nulls)):
        case("empty_csv", f"operating_points_from {name}",
             lambda p=path: sp.operating_points_from(p, y_score="s", y_true="y"),
             refuse("no rows", "no data rows", "only missing values"))
        case("empty_csv", f"CLI report {name}",
             lambda p=path: _cli_refuses(main, ["report", p, "--y-score", "s", "--y-true", "y"],
                                         ("no data rows", "only missing", "--y-score")), right())


def _cli_refuses(main, args, needles=("tolerance",)):
    """The CLI exits 2 with a message naming one of ``needles`` (captured from stderr)."""
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = main(args)
        except SystemExit as exc:  # argparse's own refusals
            code = exc.code
    said = err.getvalue()
    if code != 2 or not any(n in said for n in needles):
        raise AssertionError(f"exit {code}: {said!r}")
    return True


# ------------------------------------------------------- 10. hue columns of mixed types (pandas, polars)

def _hue():
    n = 40
    y = np.tile([0, 1], n // 2)
    s = np.linspace(0.0, 1.0, n) + 0.3 * y
    frames = {"pandas": lambda cols: pd.DataFrame(cols)}
    try:
        import polars as pl

        frames["polars"] = lambda cols: pl.DataFrame({k: (pl.Series(v.tolist(), dtype=pl.Object)
                                                          if getattr(v, "dtype", None) is np.dtype(object) else v)
                                                      for k, v in cols.items()})
    except ImportError:
        pass
    for engine, make in frames.items():
        for name, values in [("int+str", (1, 1, "a", "a")), ("int+float+str", (1, 1, 2.5, 2.5, "a", "a", "b", "b")),
                             ("str+bytes", ("a", "a", b"a", b"a")), ("bool+str", (True, True, "x", "x")),
                             ("date+str", (pd.Timestamp("2020-01-01"),) * 2 + ("a", "a"))]:
            h = np.array(list(values) * (n // len(values)), dtype=object)
            levels = len(dict.fromkeys(values))
            case("mixed_hue", f"{engine} hue {name}",
                 lambda m=make, h=h: sp.plot_roc(data=m({"y": y, "s": s, "h": h}), y_true="y", y_score="s", hue="h"),
                 right(lambda d, k=levels: len(d.lines_) == k))
        for name, values in [("tuple", ((1, 2), "a")), ("list", ([1], "a")), ("dict", ({1: 2}, "a"))]:
            h = np.empty(n, dtype=object)
            for i in range(n):
                h[i] = values[i % 2]
            if engine == "polars" and name != "tuple":
                continue
            case("mixed_hue", f"{engine} hue of {name}s",
                 lambda m=make, h=h: sp.plot_roc(data=m({"y": y, "s": s, "h": h}), y_true="y", y_score="s", hue="h"),
                 refuse("hue"))
    y_mixed = pd.Series([1, "a"] * (n // 2), dtype=object)
    case("mixed_hue", "labels 1 and 'a' without pos_label", lambda: sp.aucpr(y_mixed, s), refuse("pos_label"))
    case("mixed_hue", "labels 1 and 'a' with pos_label='a'", lambda: sp.aucpr(y_mixed, s, pos_label="a"),
         right(lambda r: r == sp.aucpr(y, s)))


# ------------------------------------------------------------- 11-12. figsize, a Series as the table

def _shapes():
    import skewplot.widgets as w

    for size in ((0, 0), (-1, 3), (np.nan, 3), "big", (3,), (np.inf, 2)):
        case("figsize", f"explorer figsize={size!r}", lambda v=size: w.explorer(PTS, figsize=v), refuse("figsize"))
        case("figsize", f"interactive_cost figsize={size!r}",
             lambda v=size: w.interactive_cost(PTS, figsize=v), refuse("figsize"))
    series = pd.Series(S)
    case("series_table", "operating_points_from(Series)",
         lambda: sp.operating_points_from(series, y_score="s", y_true="y"), refuse("table"))
    case("series_table", "plot_pr(data=Series)", lambda: sp.plot_pr(data=series, y_true="y", y_score="s"),
         refuse("data", "y_true", "y_score"))
    case("series_table", "aucpr(data=Series, y_score=name)", lambda: sp.aucpr(series, "s", y_true="y"),
         refuse("data", "y_true", "y_score"))


# -------------------------------------------------------------------- 13. inversion_skews at eps=1e-300

def _inversion():
    worse = sp.operating_points(Y, S + RNG.normal(scale=3.0, size=S.size))
    for eps in (1e-300, 1e-12, 5e-324):
        case("inversion_skews", f"dominated pair eps={eps!r}", lambda e=eps: sp.inversion_skews(PTS, PTS, eps=e),
             right(lambda r: np.all(np.isfinite(np.asarray(r, dtype=float)))))
        case("inversion_skews", f"crossing pair eps={eps!r}", lambda e=eps: sp.inversion_skews(PTS, worse, eps=e),
             right(lambda r: np.all(np.isfinite(np.asarray(r, dtype=float)))))
    for eps in (0.0, -1e-6, np.nan, "1e-6"):
        case("inversion_skews", f"eps={eps!r}", lambda e=eps: sp.inversion_skews(PTS, worse, eps=e), refuse("eps"))


# ------------------------------------------------------------- 14. a precision exactly at its target

def _at_target():
    y = np.array([1] + [0] * 17 + [1])
    s = np.array([0.0] * 18 + [0.25])
    case("at_target", "the issue's case: everything predicted has precision 0.9 at pi'=0.9",
         lambda: sp.choose_threshold(y, s, skew=0.9, target="precision", value=0.9),
         right(lambda d: d.recall == 1.0 and d.precision == sp.precision(sp.operating_points(y, s), skew=0.9)[-1]))
    case("at_target", "recall exactly 0.5 is met by the top score",
         lambda: sp.choose_threshold(y, s, skew=0.5, target="recall", value=0.5),
         right(lambda d: d.threshold == 0.25 and d.recall == 0.5))
    case("at_target", "0.9 + 1e-9 is missed",
         lambda: sp.choose_threshold(y, s, skew=0.9, target="precision", value=0.9 + 1e-9),
         right(lambda d: d.recall < 1.0))


# -------------------------------------------------------------------------------- flags (item 3)

def _flags():
    import skewplot.widgets as w
    from skewplot.stats.choose import report_at

    for label, bad in NOT_FLAGS.items():
        case("flags", f"explorer prg={label}", lambda v=bad: w.explorer(PTS, prg=v), refuse("prg"))
        case("flags", f"interactive_cost threshold_control={label}",
             lambda v=bad: w.interactive_cost(PTS, threshold_control=v), refuse("threshold_control"))
        case("flags", f"report_at exact={label}", lambda v=bad: report_at(PTS, 10, 0.1, exact=v), refuse("exact"))
        case("flags", f"aucpr normalize={label}", lambda v=bad: sp.aucpr(PTS, normalize=v), refuse("normalize"))
        case("flags", f"plot_pr baselines={label}", lambda v=bad: sp.plot_pr(PTS, baselines=v), refuse("baselines"))
    case("flags", "report_at exact=np.True_", lambda: report_at(PTS, 10, 0.1, exact=np.True_, confidence=0.9),
         right(lambda r: r is not None))


def build(folder):
    for part in (_count_bootstrap, _plot_decision, _positional_skew, _n_boot, _beta, _boundary, _hue, _shapes,
                 _inversion, _at_target, _flags):
        part()
    _save_html(folder)
    _tables(folder)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every case")
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    table = collections.defaultdict(collections.Counter)
    defects = []
    with tempfile.TemporaryDirectory() as folder:
        build(folder)
        for cls, name, call, expect in CASES:
            outcome, said = run(cls, name, call, expect)
            table[cls][outcome] += 1
            if outcome not in ("right", "clear"):
                defects.append(f"[{outcome}] {cls}: {name}: {said}")
            elif args.verbose:
                print(f"[{outcome}] {cls}: {name}: {said[:160]}")
    outcomes = ("right", "clear", "wrong", "unclear", "crash")
    print(f"{'class':<24}" + "".join(f"{o:>9}" for o in outcomes))
    for cls, counts in table.items():
        print(f"{cls:<24}" + "".join(f"{counts[o]:>9}" for o in outcomes))
    total = collections.Counter()
    for counts in table.values():
        total.update(counts)
    print(f"{'all':<24}" + "".join(f"{total[o]:>9}" for o in outcomes))
    for line in defects:
        print(line)
    print(f"{len(CASES)} cases: {total['right']} right, {total['clear']} clear, {len(defects)} defects")
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
