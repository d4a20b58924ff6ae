"""Adversarial sweep of issue 30's sixteen classes of bad and edge input, across every engine.

Each case is classified: right (valid input, answer checked against an
independent computation: ``operating_points``, exact fractions, mpmath),
clear (a refusal: ValueError/TypeError/MemoryError naming the argument),
wrong (a wrong answer, or invalid input accepted), crash (any other
exception, an engine's own included), hang (over 40 s), warning (a warning
on valid input) and unhelpful (a refusal that names nothing to fix).  It
prints the case behind each bad outcome and a class-by-class table.

Run (heavy: wrap it in ``flock /tmp/heavy.lock`` on a shared machine)::

    python benchmarks/sweep_bad_inputs.py                  # every class, every engine but Spark
    python benchmarks/sweep_bad_inputs.py --only 1,6       # some classes
    python benchmarks/sweep_bad_inputs.py --spark --engines spark --only 1,2,3,5,6
"""

from __future__ import annotations

import argparse
import collections
import decimal
import os
import signal
import sys
import tempfile
import time
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd

import skewplot as sp
from skewplot.metrics.bounded import BoundedOperatingPoints, format_bracket

TIMEOUT = 40
CASES = []


class Hang(Exception):
    pass


def case(cls, name, fn, expect="ok", check=None, needles=()):
    CASES.append(dict(cls=cls, name=name, fn=fn, expect=expect, check=check, needles=needles))


def _alarm(signum, frame):
    raise Hang()


IGNORED_WARNINGS = ("future.infer_string", "PySpark does not yet", "is_datetime64tz_dtype", "distutils",
                    "pkg_resources", "Pandas4Warning", "iteritems", "swapaxes", "ChainedAssignment",
                    "n_boot=", "is small",  # n_boot small: our own advice on purpose-small sweeps
                    "sits on the boundary")  # estimate_skew's boundary estimate: the answer, said (issue 41)


def run_case(c):
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIMEOUT)
    start = time.perf_counter()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = c["fn"]()
            exc = None
        except Hang:
            return "hang", f"> {TIMEOUT} s"
        except BaseException as e:  # noqa: BLE001
            out, exc = None, e
        finally:
            signal.alarm(0)
    took = time.perf_counter() - start
    relevant = [w for w in caught if not any(k in str(w.message) or k in w.category.__name__
                                             for k in IGNORED_WARNINGS)
                and not issubclass(w.category, (DeprecationWarning, PendingDeprecationWarning))]
    if c["expect"] == "ok":
        if exc is not None:
            kind = "crash" if type(exc).__module__ != "builtins" or not isinstance(exc, (ValueError, TypeError,
                                                                                         MemoryError)) else "wrong"
            return kind, f"{type(exc).__name__}: {str(exc)[:200]}"
        try:
            good = True if c["check"] is None else c["check"](out)
        except Exception as e:  # noqa: BLE001
            return "crash", f"check failed: {type(e).__name__}: {e}"[:200]
        if not good:
            return "wrong", f"check false: {str(out)[:160]}"
        if relevant:
            return "warning", "; ".join(f"{w.category.__name__}: {str(w.message)[:120]}" for w in relevant)
        return "right", f"{took:.2f}s"
    # expect a refusal
    if exc is None:
        return "wrong", f"accepted: {str(out)[:160]}"
    if type(exc).__module__ != "builtins" or not isinstance(exc, (ValueError, TypeError, MemoryError, ImportError,
                                                                  SystemExit)):
        return "crash", f"{type(exc).__module__}.{type(exc).__name__}: {str(exc)[:200]}"
    msg = str(exc).lower()
    if c["needles"] and not any(n.lower() in msg for n in c["needles"]):
        return "unhelpful", f"{type(exc).__name__}: {str(exc)[:200]}"
    return "clear", f"{type(exc).__name__}: {str(exc)[:120]}"


# ---------------------------------------------------------------------------------------------- engines
TMP = None  # a temporary folder, made by main()
_counter = [0]
SPARK = None


def fresh_dir():
    _counter[0] += 1
    d = TMP / f"c{_counter[0]}"
    d.mkdir()
    return d


def native(df, kind):
    import pyarrow as pa
    import pyarrow.parquet as pq

    if kind == "pandas":
        return df
    if kind == "polars":
        import polars as pl
        return pl.from_arrow(pa.Table.from_pandas(df, preserve_index=False))
    if kind == "polars-lazy":
        import polars as pl
        return pl.from_arrow(pa.Table.from_pandas(df, preserve_index=False)).lazy()
    if kind == "duckdb":
        import duckdb
        con = duckdb.connect()
        return con.from_arrow(pa.Table.from_pandas(df, preserve_index=False))
    if kind == "parquet":
        d = fresh_dir()
        pq.write_table(pa.Table.from_pandas(df, preserve_index=False), d / "t.parquet")
        return str(d / "t.parquet")
    if kind == "csv":
        d = fresh_dir()
        df.to_csv(d / "t.csv", index=False)
        return str(d / "t.csv")
    if kind == "glob":
        d = fresh_dir()
        t = pa.Table.from_pandas(df, preserve_index=False)
        for i, rows in enumerate(np.array_split(np.arange(t.num_rows), 3)):
            pq.write_table(t.take(rows), d / f"p{i}.parquet")
        return str(d / "p*.parquet")
    if kind == "ibis":
        import ibis
        return ibis.memtable(df)
    if kind == "spark":
        return SPARK.createDataFrame(df)
    raise AssertionError(kind)


ENGINES = ["pandas", "polars", "polars-lazy", "duckdb", "parquet", "csv", "glob", "ibis"]


def csv_roundtrip(s):
    import io
    return pd.read_csv(io.StringIO(pd.DataFrame({"s": s}).to_csv(index=False)))["s"].to_numpy()


def contains(b, v):
    return b.low <= v <= b.high


def answer_check(y, s, w=None, csv=False):
    """Exact equals operating_points; a bracket holds every area of it."""
    def check(got):
        want = sp.operating_points(y, s, sample_weight=w)
        if isinstance(got, BoundedOperatingPoints):
            for skew in (None, 0.01, 0.5):
                if not contains(sp.aucpr(got, skew=skew), sp.aucpr(want, skew=skew)):
                    return False
                if not contains(sp.aucpr(got, skew=skew, interpolation="step"),
                                sp.aucpr(want, skew=skew, interpolation="step")):
                    return False
            return contains(sp.roc_auc(got), sp.roc_auc(want))
        rtol = 0 if w is None else 1e-13
        return (np.allclose(got.tp, want.tp, rtol=rtol, atol=0) and np.allclose(got.fp, want.fp, rtol=rtol, atol=0)
                and np.array_equal(got.thresholds, want.thresholds))
    return check


MODES = {"exact": {}, "bins=5": dict(bins=5), "bins=2**52": dict(bins=2**52), "max_groups=3": dict(max_groups=3),
         "tolerance=1e-2": dict(tolerance=1e-2), "tolerance=1e-5": dict(tolerance=1e-5)}


# ---------------------------------------------------------------------------------------------- class 1
def class1(engines):
    rng = np.random.default_rng(101)
    y = np.array([1, 0, 0, 1, 0, 1, 1, 0, 0, 0])
    ranges = {
        "two subnormals": np.array([5e-324, 1e-323] * 5),
        "subnormal band": 2.5e-310 + np.arange(10) * 5e-324,
        "tiny and huge": np.array([1e-308, -1e-308, 1e308, -1e308, 0.0, 5e-324, -5e-324, 1.0, 2.0, 3.0]),
        "full double range": np.array([-np.finfo(float).max, np.finfo(float).max] * 5),
        "near max": np.finfo(float).max * (1 - np.arange(10) * 1e-16),
        "one outlier": np.r_[0.3 + np.arange(9) * 1e-12, 1e200],
        "all equal": np.full(10, -7.5),
        "huge negatives": -np.logspace(300, 308, 10),
        "random normal": np.round(rng.normal(size=10), 3),
    }
    for rname, s in ranges.items():
        for kind in engines:
            for mname, kw in MODES.items():
                case(1, f"{rname}|{kind}|{mname}",
                     lambda s=s, kind=kind, kw=kw: sp.operating_points_from(
                         native(pd.DataFrame({"s": s, "y": y}), kind), y_score="s", y_true="y", **kw),
                     check=answer_check(y, s if kind != "csv" else csv_roundtrip(s)))
    for bins in (2**53 + 1, 2**63, 10**40, -1, 0, 2.5, True):
        for kind in ("pandas", "duckdb", "polars"):
            case(1, f"bins={bins!r}|{kind}",
                 lambda bins=bins, kind=kind: sp.operating_points_from(
                     native(pd.DataFrame({"s": ranges["tiny and huge"], "y": y}), kind), y_score="s", y_true="y",
                     bins=bins), expect="refuse", needles=("bins",))


# ---------------------------------------------------------------------------------------------- class 2
def class2(engines):
    import pyarrow as pa
    y = np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0])
    big = 2**53
    dtypes = {
        "int64 beyond 2**53, 1 apart": np.array([big + k for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)],
                                               dtype=np.int64),
        "int64 near 2**63": np.array([2**63 - 1 - k for k in range(12)], dtype=np.int64),
        "int64 mixed signs": np.array([-(2**62) - 1, -(2**62), 2**62, 2**62 + 1, 0, 3, 3, -5, 2**60, 2**60 + 1,
                                       -(2**60), 7], dtype=np.int64),
        "uint64 top": np.array([2**64 - 1 - k for k in range(12)], dtype=np.uint64),
        "uint64 both halves": np.array([0, 1, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 1, 5, 5, 2**53, 2**53 + 1, 9,
                                        10], dtype=np.uint64),
        "int16": np.array([-32768, 32767, 0, 1, 1, 2, -1, 5, 100, -100, 7, 8], dtype=np.int16),
        "float32 close": (np.float32(1.0) + np.arange(12, dtype=np.float32) * np.float32(2**-23)).astype(np.float32),
        "float32 extremes": np.array([3.4e38, -3.4e38, 1e-45, -1e-45, 0, 1, 2, 3, 1e-38, 1e38, 5, 6],
                                     dtype=np.float32),
    }
    for dname, s in dtypes.items():
        for kind in engines:
            for mname in ("exact", "bins=5", "max_groups=3", "tolerance=1e-5"):
                def fn(s=s, kind=kind, kw=MODES[mname]):
                    df = pd.DataFrame({"s": s, "y": y})
                    return sp.operating_points_from(native(df, kind), y_score="s", y_true="y", **kw)
                ref = s
                if kind == "csv" and s.dtype == np.float32:
                    ref = csv_roundtrip(s)  # pandas writes float32 as its repr
                case(2, f"{dname}|{kind}|{mname}", fn, check=answer_check(y, ref))
    decs = [decimal.Decimal(v) for v in ("0.10", "0.20", "0.30", "0.30", "99999999999999.99", "-1.00", "0.01",
                                         "0.02", "99999999999999.98", "99999999999999.97", "5.55", "5.56")]
    for kind in ("pandas", "polars", "polars-lazy", "duckdb", "parquet", "glob"):
        for mname in ("exact", "bins=5", "max_groups=3", "tolerance=1e-5"):
            def fn(kind=kind, kw=MODES[mname]):
                t = pa.table({"s": pa.array(decs, type=pa.decimal128(16, 2)), "y": pa.array(y)})
                df = t.to_pandas(types_mapper=pd.ArrowDtype)
                return sp.operating_points_from(native(df, kind), y_score="s", y_true="y", **kw)
            case(2, f"decimal(16,2)|{kind}|{mname}", fn, check=answer_check(y, np.array([float(d) for d in decs])))


# ---------------------------------------------------------------------------------------------- class 3
def class3(engines):
    rng = np.random.default_rng(303)
    names = ["__skewplot_score", "__skewplot_label", "__skewplot_pos", "__skewplot_neg", "__skewplot_bin",
             "__skewplot_sub", "__skewplot_weight", "pos", "neg", "rows", "lo", "hi", "n", "len", "count", "sum"]
    s, y, w = np.round(rng.normal(size=40), 1), np.tile([1, 0, 0, 1], 10), rng.uniform(0.2, 3, 40)
    for name in names:
        for kind in engines[:5]:
            for role in ("score", "label", "weight", "extra"):
                def fn(name=name, kind=kind, role=role):
                    cols = {"s": s, "y": y, "w": w}
                    key = {"score": "s", "label": "y", "weight": "w"}.get(role)
                    if key:
                        cols[name] = cols.pop(key)
                    else:
                        cols[name] = -s
                    args = {"score": "s", "label": "y", "weight": "w"}
                    if key:
                        args[role] = name
                    return sp.operating_points_from(native(pd.DataFrame(cols), kind), y_score=args["score"],
                                                    y_true=args["label"], sample_weight=args["weight"],
                                                    tolerance=1e-4 if role == "extra" else None)
                case(3, f"{name}|{kind}|{role}", fn, check=answer_check(y, s, w))


# ---------------------------------------------------------------------------------------------- class 4
def class4():
    import pyarrow as pa
    import pyarrow.parquet as pq
    y = np.tile([0, 1, 1, 0], 3)

    def parts(types, corrupt=None, rename=None, empty=None):
        d = fresh_dir()
        vals = []
        for i, typ in enumerate(types):
            if typ == "int64":
                v = np.array([2**53 + 1 + i * 10 + k for k in range(4)], dtype=np.int64)
            elif typ == "int32":
                v = np.array([i * 10 + k for k in range(4)], dtype=np.int32)
            elif typ == "float":
                v = np.array([0.5 + i + k / 8 for k in range(4)])
            elif typ == "decimal":
                v = [decimal.Decimal(f"{i}.{k}5") for k in range(4)]
            vals.append(v)
            cols = {"s": pa.array(v) if typ != "decimal" else pa.array(v, type=pa.decimal128(6, 2)),
                    "y": pa.array(y[4 * i: 4 * i + 4])}
            if rename and i == rename:
                cols = {"score": cols["s"], "y": cols["y"]}
            tab = pa.table(cols)
            if empty is not None and i == empty:
                tab = tab.slice(0, 0)
            pq.write_table(tab, d / f"p{i}.parquet")
        if corrupt is not None:
            (d / f"p{corrupt}.parquet").write_bytes(b"PAR1 not really a parquet file PAR1")
        return str(d / "p*.parquet"), vals

    combos = [("int64", "float", "int64"), ("float", "int64", "float"), ("int32", "int64", "float"),
              ("int64", "int64", "int64"), ("float", "float", "float"), ("int32", "float", "int32"),
              ("decimal", "float", "decimal"), ("decimal", "decimal", "decimal")]
    for combo in combos:
        for mname in ("exact", "bins=5", "tolerance=1e-5"):
            def fn(combo=combo, kw=MODES[mname]):
                path, _ = parts(combo)
                return sp.operating_points_from(path, y_score="s", y_true="y", **kw)
            _, vals = parts(combo)
            has_float = "float" in combo or "decimal" in combo
            flat = np.concatenate([np.array([float(x) for x in v]) if has_float else np.asarray(v, dtype=np.int64)
                                   for v in vals])
            case(4, f"glob {combo}|{mname}", fn, check=answer_check(y, flat))
            for cli in ("report",):
                def fn2(combo=combo, cli=cli):
                    path, _ = parts(combo)
                    from skewplot.cli import main
                    return main([cli, path, "--y-score", "s", "--y-true", "y"])
                case(4, f"cli {cli} glob {combo}|{mname}", fn2, check=lambda r: r == 0)
    for combo in [("float", "float", "float"), ("int64", "float", "int64")]:
        for bad in ("corrupt0", "corrupt2", "renamed1"):
            def fn(combo=combo, bad=bad):
                path, _ = parts(combo, corrupt=int(bad[-1]) if bad.startswith("corrupt") else None,
                                rename=1 if bad == "renamed1" else None)
                return sp.operating_points_from(path, y_score="s", y_true="y")
            case(4, f"glob {combo} {bad}", fn, expect="refuse", needles=("table", "parquet", "file", "column", "s"))
            def fn_cli(combo=combo, bad=bad):
                import contextlib
                import io
                path, _ = parts(combo, corrupt=int(bad[-1]) if bad.startswith("corrupt") else None,
                                rename=1 if bad == "renamed1" else None)
                from skewplot.cli import main
                err = io.StringIO()
                with contextlib.redirect_stderr(err):
                    status = main(["report", path, "--y-score", "s", "--y-true", "y"])
                if status == 2 and len(err.getvalue().strip().splitlines()) == 1:
                    raise ValueError(err.getvalue())
                return status, err.getvalue()
            case(4, f"cli glob {combo} {bad}", fn_cli, expect="refuse", needles=("error",))
    case(4, "glob with an empty part", lambda: sp.operating_points_from(parts(("float", "float", "float"), empty=1)[0],
                                                                        y_score="s", y_true="y"),
         check=lambda p: isinstance(p, sp.OperatingPoints))
    case(4, "glob matching nothing", lambda: sp.operating_points_from(str(fresh_dir() / "*.parquet"), y_score="s",
                                                                      y_true="y"),
         expect="refuse", needles=("table", "no file", "match"))


# ---------------------------------------------------------------------------------------------- class 5
def class5(spark):
    import duckdb
    import pyarrow as pa
    import pyarrow.parquet as pq
    df = pd.DataFrame({"s": [0.1, 0.5, 0.7, 0.2, 0.9, 0.4], "y": [0, 1, 1, 0, 1, 0]})

    def closed():
        con = duckdb.connect()
        rel = con.from_df(df)
        con.close()
        return sp.operating_points_from(rel, y_score="s", y_true="y")

    def deleted():
        d = fresh_dir()
        pq.write_table(pa.Table.from_pandas(df), d / "t.parquet")
        rel = duckdb.read_parquet(str(d / "t.parquet"))
        os.remove(d / "t.parquet")
        return sp.operating_points_from(rel, y_score="s", y_true="y")

    def failing_sql():
        con = duckdb.connect()
        rel = con.sql("select s, y, cast('x' || s as double) as bad from (select unnest([0.1, 0.5]) as s, "
                      "unnest([0, 1]) as y)")
        return sp.operating_points_from(rel, y_score="bad", y_true="y")

    def error_in_scores():
        con = duckdb.connect()
        rel = con.sql("select s, y, s / (s - s) as bad from (select unnest([0.1, 0.5, 0.7]) as s, "
                      "unnest([0, 1, 1]) as y)")
        return sp.operating_points_from(rel, y_score="bad", y_true="y")

    cases = {"closed connection": closed, "deleted source file": deleted, "failing SQL": failing_sql,
             "non-finite computed scores": error_in_scores}
    for kind in ("pandas", "polars", "duckdb", "parquet"):
        cases[f"empty column name|{kind}"] = lambda kind=kind: sp.operating_points_from(
            native(df, kind), y_score="", y_true="y")
        cases[f"missing column|{kind}"] = lambda kind=kind: sp.operating_points_from(
            native(df, kind), y_score="S", y_true="y")
        cases[f"label column text, pos_label number|{kind}"] = lambda kind=kind: sp.operating_points_from(
            native(df.assign(y=df.y.map({0: "n", 1: "p"})), kind), y_score="s", y_true="y")
        cases[f"score column text|{kind}"] = lambda kind=kind: sp.operating_points_from(
            native(df.assign(s=df.s.astype(str)), kind), y_score="s", y_true="y")
        cases[f"null scores|{kind}"] = lambda kind=kind: sp.operating_points_from(
            native(df.assign(s=[0.1, None, 0.3, 0.4, 0.5, 0.6]), kind), y_score="s", y_true="y")
        cases[f"no rows|{kind}"] = lambda kind=kind: sp.operating_points_from(
            native(df.iloc[:0], kind), y_score="s", y_true="y")
        cases[f"not a table|{kind}"] = lambda: sp.operating_points_from(42, y_score="s", y_true="y")
    if spark is not None:
        cases["spark s and S"] = lambda: sp.operating_points_from(
            SPARK.createDataFrame(df.assign(S=df.s)), y_score="s", y_true="y")
        cases["spark empty name"] = lambda: sp.operating_points_from(SPARK.createDataFrame(df), y_score="",
                                                                     y_true="y")
        cases["spark missing column"] = lambda: sp.operating_points_from(SPARK.createDataFrame(df), y_score="q",
                                                                         y_true="y")
    for name, fn in cases.items():
        case(5, name, fn, expect="refuse", needles=("y_score", "y_true", "table", "column", "rows", "finite",
                                                    "pos_label", "ambiguous"))


# ---------------------------------------------------------------------------------------------- class 6
def class6(engines):
    rng = np.random.default_rng(606)
    n = 3000
    y = (rng.random(n) < 0.25).astype(np.int64)
    sets = {
        "packed 1e-11 beside 1e9": np.r_[0.5 + 1e-11 * (rng.normal(size=n - 1) + y[1:]), 1e9],
        "two outliers both sides": np.r_[-1e250, rng.normal(size=n - 2) + y[1:-1], 1e250],
        "int64 3 apart beyond 2**61": (2**61 + 3 * rng.integers(0, 400, n) + 5 * y).astype(np.int64),
        "uint64 near top": (np.uint64(2**64 - 10**6) + rng.integers(0, 500, n).astype(np.uint64)),
        "ulps around 1": 1.0 + rng.integers(0, 300, n) * 2.0**-52 + y * 2.0**-51,
        "1e-300 near 1e300": np.r_[1e-300 * (rng.random(n - 2) + y[:-2]), 1e300, -1e300],
    }
    for sname, s in sets.items():
        for kind in engines[:5]:
            for tol in (1e-2, 1e-4, 1e-6):
                for mg in (2**20, 2**11):
                    def fn(s=s, kind=kind, tol=tol, mg=mg):
                        with warnings.catch_warnings(record=True) as caught:
                            warnings.simplefilter("always")
                            got = sp.operating_points_from(native(pd.DataFrame({"s": s, "y": y}), kind),
                                                           y_score="s", y_true="y", tolerance=tol, max_groups=mg)
                        said = [w for w in caught if "was not met" in str(w.message)]
                        for w in caught:
                            if w not in said:
                                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
                        return got, said

                    def check(result, s=s, tol=tol, mg=mg):
                        got, said = result
                        if not answer_check(y, s)(got):
                            return False
                        if sp.aucpr(got).width <= tol:
                            return not said
                        # not met: right only when said, and only when the distinct scores exceed max_groups
                        return bool(said) and np.unique(s).size > mg
                    case(6, f"{sname}|{kind}|tol={tol}|max_groups={mg}", fn, check=check)


# ---------------------------------------------------------------------------------------------- class 7
def _exact_step(y, s, w=None, skew=None):
    """Average precision (step interpolation) in exact fractions, at the data set's skew or ``skew``."""
    w = np.ones(len(y)) if w is None else w
    order = sorted(set(s.tolist()), reverse=True)
    P = sum(Fraction(float(wi)) for wi, yi in zip(w, y, strict=True) if yi)
    N = sum(Fraction(float(wi)) for wi, yi in zip(w, y, strict=True) if not yi)
    pi = Fraction(P, P + N) if skew is None else Fraction(skew)
    tp = fp = Fraction(0)
    area = Fraction(0)
    for t in order:
        dp = sum(Fraction(float(wi)) for wi, yi, si in zip(w, y, s, strict=True) if si == t and yi)
        dn = sum(Fraction(float(wi)) for wi, yi, si in zip(w, y, s, strict=True) if si == t and not yi)
        tp += dp
        fp += dn
        if dp:
            tpr, fpr = tp / P, fp / N
            area += (dp / P) * (pi * tpr / (pi * tpr + (1 - pi) * fpr))
    return area


def _exact_roc(y, s):
    pos = [si for si, yi in zip(s, y, strict=True) if yi]
    neg = [si for si, yi in zip(s, y, strict=True) if not yi]
    tot = sum(Fraction(1) if a > b else Fraction(1, 2) if a == b else 0 for a in pos for b in neg)
    return tot / (len(pos) * len(neg))


def class7():
    rng = np.random.default_rng(707)
    for k in range(40):
        n = int(rng.integers(5, 40))
        y = (rng.random(n) < rng.uniform(0.1, 0.9)).astype(int)
        y[0], y[1] = 0, 1
        s = np.round(rng.normal(size=n) * 10 ** rng.uniform(-6, 6), int(rng.integers(0, 4)))
        bins = int(rng.integers(1, 8))
        skew = [None, 0.01, 1e-4, 0.5][k % 4]
        def fn(y=y, s=s, bins=bins):
            return sp.operating_points_from(pd.DataFrame({"s": s, "y": y}), y_score="s", y_true="y", bins=bins)
        def check(b, y=y, s=s, skew=skew):
            exact_ap = _exact_step(y, s, skew=skew)
            br = sp.aucpr(b, skew=skew, interpolation="step")
            roc = sp.roc_auc(b)
            return (Fraction(br.low) <= exact_ap <= Fraction(br.high)
                    and Fraction(roc.low) <= _exact_roc(y, s) <= Fraction(roc.high))
        case(7, f"bins={bins} n={n} skew={skew} #{k}", fn, check=check)
        def exact_mode(y=y, s=s):
            return sp.operating_points_from(pd.DataFrame({"s": s, "y": y}), y_score="s", y_true="y")
        def check_exact(p, y=y, s=s, skew=skew):
            return abs(Fraction(sp.aucpr(p, skew=skew, interpolation="step")) - _exact_step(y, s, skew=skew)) \
                <= Fraction(1, 10**12)
        case(7, f"exact step vs fractions n={n} skew={skew} #{k}", exact_mode, check=check_exact)
    for k in range(60):
        lo = float(rng.uniform(0, 1)) if k % 3 else float(rng.integers(0, 10**4)) / 10**4
        hi = min(1.0, lo + float(rng.exponential(1e-3)) * (k % 5))
        def fn(lo=lo, hi=hi):
            return format_bracket(lo, hi)
        def check(text, lo=lo, hi=hi):
            a, b = (Fraction(decimal.Decimal(x.strip())) for x in text.strip("[]").split(","))
            return a <= Fraction(lo) and Fraction(hi) <= b
        case(7, f"format_bracket({lo!r}, {hi!r})", fn, check=check)
    # the CLI's printed brackets hold the exact value
    for k in range(6):
        n = 30
        y = np.tile([0, 1, 1], 10)
        s = np.round(rng.normal(size=n) + y, 2)
        d = fresh_dir()
        import pyarrow as pa
        import pyarrow.parquet as pq
        pq.write_table(pa.table({"s": s, "y": y}), d / "t.parquet")
        def fn(d=d):
            import contextlib
            import io

            from skewplot.cli import main
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = main(["report", str(d / "t.parquet"), "--y-score", "s", "--y-true", "y", "--tolerance",
                               "0.5"])
            return status, out.getvalue()
        def check(r, y=y, s=s):
            status, text = r
            roc = _exact_roc(y, s)
            import re
            brackets = re.findall(r"\[(-?[\d.]+),\s*(-?[\d.]+)\]", text)
            return status == 0 and bool(brackets) and any(
                Fraction(decimal.Decimal(a)) <= roc <= Fraction(decimal.Decimal(b)) for a, b in brackets)
        case(7, f"cli report brackets #{k}", fn, check=check)


# ---------------------------------------------------------------------------------------------- class 8
def class8():
    import mpmath
    mpmath.mp.dps = 40
    rng = np.random.default_rng(808)
    for k in range(30):
        n = 20
        frac = rng.choice([1e-12, 1 - 1e-12, 1e-300, 1 - 2**-52, 0.5, 2**-1074, 1 - 1e-9], n)
        frac[0], frac[1] = 0.0, 1.0
        s = rng.normal(size=n)
        skew = [1e-9, 1e-12, 0.999999999, 0.5][k % 4]
        def fn(frac=frac, s=s, skew=skew):
            pts = sp.OperatingPoints.from_weights(s, frac, 1 - frac)
            return sp.precision(pts, skew=skew), pts
        def check(r, frac=frac, s=s, skew=skew):
            prec, pts = r
            order = np.argsort(-s, kind="stable")
            P = mpmath.fsum(mpmath.mpf(float(f)) for f in frac)
            N = mpmath.fsum(1 - mpmath.mpf(float(f)) for f in frac)
            tp = fp = mpmath.mpf(0)
            ok = True
            vals = []
            for i in order:
                tp += mpmath.mpf(float(frac[i]))
                fp += 1 - mpmath.mpf(float(frac[i]))
                tpr, fpr = tp / P, fp / N
                d = skew * tpr + (1 - skew) * fpr
                vals.append(skew * tpr / d if d else None)
            got = np.asarray(prec)[1:]
            for g, v in zip(got, vals, strict=True):
                if v is None or v == 0:
                    continue
                # relative error 1e-12, for values a double holds to full precision (not subnormals)
                if abs(mpmath.mpf(float(g)) - v) / v > 1e-12 and abs(mpmath.mpf(float(g)) - v) > 1e-290:
                    ok = False
            return ok
        case(8, f"soft labels near 0/1 skew={skew} #{k}", fn, check=check)


# ---------------------------------------------------------------------------------------------- class 9
def class9():
    rng = np.random.default_rng(909)
    y = rng.random(800) < 0.3
    s = np.repeat(np.arange(4.0), 200)
    s2 = rng.normal(size=800)
    needles = ("n_boot", "memory", "max", "too", "skew", "rows", "lower", "limit", "threshold", "interpol")
    case(9, "discrete interpolation, 800 tied rows, skew range",
         lambda: sp.aucpr(y, s, skew=(0.001, 0.9), interpolation="discrete"), expect="either", needles=needles)
    case(9, "aucpr_ci n_boot=1e9", lambda: sp.aucpr_ci(y, s2, n_boot=10**9), expect="refuse", needles=needles)
    case(9, "compare n_boot=5e8", lambda: sp.compare(y, s2, -s2, n_boot=5 * 10**8), expect="refuse", needles=needles)
    case(9, "boolean_combinations 3e4 x 3e4", lambda: sp.boolean_combinations(
        rng.random(30000) < 0.5, rng.random(30000), rng.random(30000)), expect="refuse", needles=needles)
    case(9, "plot_comparison n_skews=1e7", lambda: sp.plot_comparison(y, s2, -s2, n_skews=10**7, n_boot=200),
         expect="refuse", needles=needles + ("n_skews",))
    case(9, "estimate_skew n_boot=1e9", lambda: sp.estimate_skew(y, s2, rng.normal(size=500), confidence=0.9,
                                                                  n_boot=10**9), expect="refuse", needles=needles)
    case(9, "random_rankings n_rankings=1e10", lambda: sp.random_rankings_aucpr(np.ones(1000), np.ones(1000),
                                                                                 n_rankings=10**10),
         expect="refuse", needles=needles + ("n_rankings",))
    case(9, "bins=2**52 on 1e5 rows", lambda: sp.operating_points_from(
        pd.DataFrame({"s": rng.normal(size=100000), "y": rng.random(100000) < 0.5}), y_score="s", y_true="y",
        bins=2**52), expect="either", needles=needles + ("bins", "memory"))
    case(9, "max_groups=2**40", lambda: sp.operating_points_from(
        pd.DataFrame({"s": rng.normal(size=1000), "y": rng.random(1000) < 0.5}), y_score="s", y_true="y",
        max_groups=2**40), expect="either", needles=needles + ("max_groups",))
    case(9, "choose_threshold n_boot=1e9", lambda: sp.choose_threshold(y, s2, skew=0.1, target="cost",
                                                                        confidence=0.9, n_boot=10**9),
         expect="refuse", needles=needles)


# ---------------------------------------------------------------------------------------------- class 10
def class10():
    tiny = {"n=2": ([0, 1], [0.2, 0.8]), "n=2 reversed": ([1, 0], [0.2, 0.8]), "n=2 tied": ([0, 1], [0.5, 0.5]),
            "n=3": ([0, 1, 1], [0.1, 0.9, 0.4]), "n=3 weighted": ([0, 1, 0], [0.1, 0.9, 0.4])}
    for name, (y, s) in tiny.items():
        for method in ("percentile", "basic", "bc", "bca"):
            for stratified in (True, False):
                case(10, f"aucpr_ci {name} {method} strat={stratified}",
                     lambda y=y, s=s, m=method, st=stratified: sp.aucpr_ci(y, s, n_boot=200, interval=m,
                                                                           stratified=st, random_state=0),
                     expect="either", needles=("n_boot", "rows", "class", "positive", "negative", "y_true"),
                     check=lambda r: r.low <= r.estimate <= r.high)
                case(10, f"compare {name} {method} strat={stratified}",
                     lambda y=y, s=s, m=method, st=stratified: sp.compare(y, s, np.asarray(s)[::-1], n_boot=200,
                                                                          interval=m, stratified=st, random_state=0),
                     expect="either", needles=("n_boot", "rows", "class", "positive", "negative", "y_true"),
                     check=lambda r: r.low <= r.difference <= r.high)
        case(10, f"estimate_skew {name}", lambda y=y, s=s: sp.estimate_skew(y, s, [0.1, 0.3, 0.9, 0.5]),
             expect="either", needles=("identified", "deploy", "y_score", "y_true"))
        case(10, f"plot_pr confidence {name}",
             lambda y=y, s=s: sp.plot_pr(y, s, confidence="bootstrap", n_boot=50, random_state=0),
             expect="either", needles=("confidence", "n_boot", "rows"))


# ---------------------------------------------------------------------------------------------- class 11
def class11():
    y, s = sp.datasets.make_scores(200, 0.3, random_state=11)
    bad_bools = ["no", "yes", 1, 0, 2, None, np.int64(1), "True", 1.0]
    for v in bad_bools:
        case(11, f"aucpr_ci stratified={v!r}", lambda v=v: sp.aucpr_ci(y, s, stratified=v, n_boot=100),
             expect="refuse", needles=("stratified",))
        case(11, f"compare stratified={v!r}", lambda v=v: sp.compare(y, s, -s, stratified=v, n_boot=100),
             expect="refuse", needles=("stratified",))
        case(11, f"aucpr normalize={v!r}", lambda v=v: sp.aucpr(y, s, normalize=v), expect="refuse",
             needles=("normalize",))
        case(11, f"operating_points_from soft_labels={v!r}", lambda v=v: sp.operating_points_from(
            pd.DataFrame({"s": s, "y": y}), y_score="s", y_true="y", soft_labels=v), expect="refuse",
             needles=("soft_labels",))
        case(11, f"plot_comparison log_skew={v!r}", lambda v=v: sp.plot_comparison(y, s, -s, log_skew=v, n_skews=3,
                                                                                    n_boot=100),
             expect="refuse", needles=("log_skew",))
    bad_counts = [2.5, "10", True, -3, 0, np.nan, 1e100, 10**30, None]
    for v in bad_counts:
        case(11, f"plot_comparison n_skews={v!r}", lambda v=v: sp.plot_comparison(y, s, -s, n_skews=v, n_boot=100),
             expect="refuse", needles=("n_skews",))
        case(11, f"aucpr_ci n_boot={v!r}", lambda v=v: sp.aucpr_ci(y, s, n_boot=v), expect="refuse",
             needles=("n_boot",))
        case(11, f"operating_points_from max_groups={v!r}", lambda v=v: sp.operating_points_from(
            pd.DataFrame({"s": s, "y": y}), y_score="s", y_true="y", max_groups=v),
             expect="either" if v in (1e100, 10**30) else "refuse", needles=("max_groups",),
             check=lambda p: isinstance(p, sp.OperatingPoints))  # a huge most-groups is a valid limit
        case(11, f"random_rankings n_rankings={v!r}", lambda v=v: sp.random_rankings_aucpr(
            np.ones(10), np.ones(10), n_rankings=v), expect="refuse", needles=("n_rankings",))
    for lo, hi in [(0.6, 0.4), (np.nan, 0.5), (0.1, np.inf), ("a", 0.3), (True, 1.0), (0.5, None)]:
        case(11, f"Bracket({lo!r}, {hi!r})", lambda lo=lo, hi=hi: sp.Bracket(lo, hi), expect="refuse",
             needles=("low", "high", "bracket"))
    for v in [1.0, 0.0, -0.1, 1.5, np.nan, True, "0.9", (0.9,)]:
        case(11, f"aucpr_ci confidence={v!r}", lambda v=v: sp.aucpr_ci(y, s, confidence=v, n_boot=100),
             expect="refuse", needles=("confidence",))


# ---------------------------------------------------------------------------------------------- class 12
def class12():
    rng = np.random.default_rng(1212)
    y, s = sp.datasets.make_scores(1500, 0.3, random_state=12)
    needles = ("identif", "deploy", "separate")
    for method in ("ml", "hdy", "pacc", "acc", "median_sweep"):
        case(12, f"constant test scores {method}", lambda m=method: sp.estimate_skew(
            y, np.full(y.size, 0.4), rng.normal(size=200), quantifier=m),
             expect="refuse", needles=needles)
        # one test score group of deployment scores: a boundary estimate (issue 41), no longer a refusal
        case(12, f"constant deployment scores {method}", lambda m=method: sp.estimate_skew(
            y, s, np.full(300, 0.25), quantifier=m), check=lambda e: e.estimate in (0.0, 1.0))
        case(12, f"one deployment score {method}", lambda m=method: sp.estimate_skew(y, s, [1.0], quantifier=m),
             check=lambda e: e.estimate in (0.0, 1.0))
        case(12, f"scores independent of labels {method}", lambda m=method: sp.estimate_skew(
            np.tile([0, 1], 300), np.repeat(np.arange(300.0), 2), rng.normal(size=100), quantifier=m),
             expect="refuse", needles=needles)
        for dskew in (0.0005, 0.02, 0.5, 0.98, 0.9995):
            _, d = sp.datasets.make_scores(1500, dskew, random_state=int(dskew * 1e4))
            case(12, f"interval holds estimate {method} pi'={dskew}", lambda m=method, d=d: sp.estimate_skew(
                y, s, d, quantifier=m, confidence=0.9, n_boot=60, random_state=1),
                 check=lambda e: e.low <= e.estimate <= e.high and 0 <= e.low and e.high <= 1)


# ---------------------------------------------------------------------------------------------- class 13
def class13():
    from skewplot import widgets as spw
    pts = sp.operating_points(np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 0]),
                              np.array([0.1, 0.9, 0.3, 0.35, 0.8, 0.2, 0.7, 0.6, 0.05, 0.5]))
    y, s = sp.datasets.make_scores(300, 0.2, random_state=13)
    _, d = sp.datasets.make_scores(600, 0.05, random_state=14)
    est = sp.estimate_skew(y, s, d, confidence=0.9, n_boot=50, random_state=0)
    built = {}
    frame = pd.DataFrame({"label": y, "score": s})  # a table, as a user holds it (tests use points)
    cols = {"y_true": "label", "y_score": "score"}
    makers = {
        "interactive_pr": lambda: spw.interactive_pr(frame, skew=0.07, **cols),
        "interactive_fmeasure": lambda: spw.interactive_fmeasure(frame, skew=0.07, f_alpha=0.3, **cols),
        "interactive_cost": lambda: spw.interactive_cost(frame, skew=0.07, m=0.7, **cols),
        "interactive_integrated_pr": lambda: spw.interactive_integrated_pr(frame, skew_range=(0.02, 0.3), **cols),
        "interactive_temporal_pr": lambda: spw.interactive_temporal_pr(frame, skew_series=[0.05, 0.15, 0.4, 0.2],
                                                                       **cols),
        "explorer": lambda: spw.explorer(frame, skew=0.07, skew_range=(0.01, 0.2), **cols),
    }
    bad_scalar = [np.nan, np.inf, -np.inf, 0, -1, 2, 100.0, True, False, np.bool_(True), 1e-300]
    bad_pair = [(0.4, 0.1), (np.nan, 0.2), (0.1, np.inf), (-0.1, 0.2), (0.1, 1.5), (True, 0.3), (0.2, np.bool_(1))]

    def step(widget, control, value):
        w = built.get(widget)
        if w is None:
            w = built[widget] = makers[widget]()
        c = w.controls[control]
        before = ({k: x.value for k, x in w.controls.items()},
                  {n: {k: v for k, v in vars(dd).items() if k in ("skew", "f_alpha", "m", "skew_range")}
                   for n, dd in w.displays.items()}, dict(w.readouts_))
        start = c.value
        c.value = value
        after = ({k: x.value for k, x in w.controls.items()},
                 {n: {k: v for k, v in vars(dd).items() if k in ("skew", "f_alpha", "m", "skew_range")}
                  for n, dd in w.displays.items()}, dict(w.readouts_))
        said = "refused" in w.status.value
        c.value = start
        if after == before and said:
            raise ValueError(f"refused with a status line: {w.status.value}")
        return after, before, w.status.value

    for widget in makers:
        controls = {"interactive_pr": ["skew"], "interactive_fmeasure": ["skew", "f_alpha"],
                    "interactive_cost": ["skew", "m"], "interactive_integrated_pr": ["skew_range"],
                    "interactive_temporal_pr": ["t_end"], "explorer": ["skew", "skew_range", "f_alpha", "m"]}[widget]
        for control in controls:
            values = bad_pair if control == "skew_range" else bad_scalar
            if control == "t_end":  # the series runs over [1, 3] (its times)
                values = [v for v in values if not (isinstance(v, (int, float)) and not isinstance(v, bool)
                                                    and 1 <= v <= 3)]
            if control in ("f_alpha", "m"):
                values = [v for v in values if not (isinstance(v, (int, float)) and not isinstance(v, bool)
                                                    and 0 <= v <= 1)]
            for v in values:
                case(13, f"{widget}.{control}={v!r}", lambda w=widget, c=control, v=v: step(w, c, v),
                     expect="refuse", needles=(control,))
    for widget in ("interactive_pr", "interactive_cost", "interactive_fmeasure", "explorer"):
        case(13, f"{widget}(skew=SkewEstimate)", lambda w=widget: getattr(spw, w)(pts, skew=est),
             check=lambda wd: wd.controls["skew"].value == est.estimate)
        case(13, f"{widget}(estimated_skew=SkewEstimate)", lambda w=widget: getattr(spw, w)(pts, estimated_skew=est),
             check=lambda wd: hasattr(wd, "go_to_estimate"))
    case(13, "dropdown weighting=None", lambda: step("interactive_integrated_pr", "weighting", None)
         if "weighting" in makers["interactive_integrated_pr"]().controls else None, expect="refuse",
         needles=("weighting",))


# ---------------------------------------------------------------------------------------------- class 14
def class14():
    rng = np.random.default_rng(1414)
    n = 400
    y = (rng.random(n) < 0.2).astype(int)
    y[:2] = [0, 1]
    s = rng.normal(size=n) + y
    weights = {"1e-12..1e12": 10.0 ** rng.uniform(-12, 12, n), "some zero": np.where(rng.random(n) < 0.3, 0, 1.0),
               "1e-300": np.full(n, 1e-300), "1e300": np.full(n, 1e300) * (1 + rng.random(n) * 1e-3),
               "subnormal": np.full(n, 5e-324) * rng.integers(1, 5, n)}
    for wname, w in weights.items():
        w = w.copy()
        w[:2] = np.maximum(w[:2], 1e-300)
        for fname, f in [("aucpr", lambda w=w: sp.aucpr(y, s, sample_weight=w, skew=(0.01, 0.2))),
                         ("average_precision", lambda w=w: sp.average_precision(y, s, sample_weight=w)),
                         ("roc_auc", lambda w=w: sp.roc_auc(y, s, sample_weight=w)),
                         ("aucpr_ci", lambda w=w: sp.aucpr_ci(y, s, sample_weight=w, n_boot=100, random_state=0)),
                         ("compare", lambda w=w: sp.compare(y, s, -s, sample_weight=w, n_boot=100, random_state=0)),
                         ("plot_pr", lambda w=w: sp.plot_pr(y, s, sample_weight=w, skew=0.01)),
                         ("plot_cost", lambda w=w: sp.plot_cost(y, s, sample_weight=w, skew=0.01)),
                         ("f_envelope", lambda w=w: sp.f_envelope(y, s, sample_weight=w, skews=[0.01, 0.5])),
                         ("table", lambda w=w: sp.operating_points_from(
                             pd.DataFrame({"s": s, "y": y, "w": w}), y_score="s", y_true="y", sample_weight="w"))]:
            case(14, f"{fname} weights {wname}", f, expect="either",
                 needles=("sample_weight", "overflow", "weight"))
    case(14, "plot_comparison one skew", lambda: sp.plot_comparison(y, s, -s, skews=[0.1], n_boot=100,
                                                                    random_state=0))
    case(14, "plot_comparison two equal skews", lambda: sp.plot_comparison(y, s, -s, skews=[0.1, 0.1], n_boot=100,
                                                                           random_state=0), expect="either",
         needles=("skews",))
    case(14, "plot_aucpr_vs_skew one skew", lambda: sp.plot_aucpr_vs_skew(y, s, skews=[0.05]))
    case(14, "plot_pr skew 1e-9", lambda: sp.plot_pr(y, s, skew=1e-9))
    case(14, "plot_pr skew 1-1e-9", lambda: sp.plot_pr(y, s, skew=1 - 1e-9))
    case(14, "plot_integrated_pr tiny range", lambda: sp.plot_integrated_pr(y, s, skew_range=(1e-6, 1.0000001e-6)))
    case(14, "plot_cost constant scores", lambda: sp.plot_cost(y, np.zeros(n), skew=0.1))
    case(14, "plot_fmeasure perfect", lambda: sp.plot_fmeasure(y, y.astype(float), skew=0.1))
    case(14, "plot_roc one point", lambda: sp.plot_roc(y, np.zeros(n)))
    case(14, "plot_decision", lambda: sp.plot_decision(y, s, skew=1e-4))
    case(14, "plot_prg", lambda: sp.plot_prg(y, s, skew=0.001))
    case(14, "aucprg skew 1e-6", lambda: sp.aucprg(y, s, skew=1e-6))
    case(14, "compare identical", lambda: sp.compare(y, s, s, n_boot=200, random_state=0))


# ---------------------------------------------------------------------------------------------- class 15
def class15():
    rng = np.random.default_rng(1515)
    for k in range(12):
        models, skews, reps = 2 + k % 3, 3 + k % 4, 3 + k % 2
        rows = []
        for m in range(models):
            for pi in np.geomspace(0.001, 0.5, skews):
                for r in range(reps):
                    rows.append({"model": f"m{m}", "skew": pi, "block": r,
                                 "score": float(np.log(pi)) * 0.1 + 0.3})  # the skew only, exactly
        frame = pd.DataFrame(rows)

        def fn(frame=frame, block=k % 2 == 0):
            from skewplot.stats import anova_over_skews
            return anova_over_skews(frame, block="block" if block else None)

        def check(res):
            for key in ("two_way", "three_way"):
                t = res[key]
                p = t.loc["model", "PR(>F)"]
                if not (np.isnan(p) or p > 0.05):
                    return False
            return True
        case(15, f"skew-only scores models={models} skews={skews} reps={reps}", fn, check=check)
        noisy = frame.assign(score=frame.score + rng.normal(size=len(frame)) * 1e-3)

        def fn2(noisy=noisy):
            from skewplot.stats import anova_over_skews
            return anova_over_skews(noisy)
        case(15, f"skew + noise models={models} skews={skews}", fn2,
             check=lambda res: all(np.isfinite(res[k].loc["skew", "F"]) for k in ("three_way",)))


# ---------------------------------------------------------------------------------------------- class 16
def class16():
    from skewplot import widgets as spw
    y, s = sp.datasets.make_scores(300, 0.2, random_state=16)
    b = s + np.random.default_rng(2).normal(size=300)
    pts = sp.operating_points(y, s)
    table = pd.DataFrame({"label": y, "score": s, "other": b})
    _, d = sp.datasets.make_scores(800, 0.05, random_state=17)
    est = sp.estimate_skew(y, s, d)
    bounded = sp.operating_points_from(table, y_score="score", y_true="label", bins=8)
    plots = ["plot_pr", "plot_roc", "plot_cost", "plot_fmeasure", "plot_integrated_pr", "plot_prg",
             "plot_aucpr_vs_skew", "plot_decision"]
    metrics = ["aucpr", "average_precision", "aucprg", "precision", "pr_curve", "f_measure", "expected_cost",
               "cost_envelope", "f_envelope", "choose_threshold"]
    # a positional skew
    for name in plots + ["aucpr", "average_precision", "aucprg", "precision", "pr_curve"]:
        for skew in (0.005, (0.002, 0.02)):
            case(16, f"{name}(pts, {skew!r})", lambda n=name, k=skew: getattr(sp, n)(pts, k), expect="refuse",
                 needles=("skew=", "skew_range=", "skews="))
    # a mistyped keyword
    for name in plots + metrics + ["aucpr_ci", "compare", "estimate_skew"]:
        case(16, f"{name}(..., skwe=0.1)", lambda n=name: getattr(sp, n)(y, s, skwe=0.1), expect="refuse",
             needles=(name,))
    for name in ["interactive_pr", "interactive_cost", "interactive_fmeasure", "interactive_integrated_pr",
                 "explorer"]:
        case(16, f"widgets.{name}(..., skwe=0.1)", lambda n=name: getattr(spw, n)(y, s, skwe=0.1), expect="refuse",
             needles=(f"{name}()",))
    for name, kw in [("best_threshold", {"skew": 0.1, "beta": 1.0}), ("f_curves", {"skews": [0.1]}),
                     ("roc_convex_hull", {}), ("auprec", {"ratio": 3.0}), ("iauprec", {"ratio_range": (1, 9)}),
                     ("pr_surface", {"skews": [0.1]})]:
        case(16, f"{name} points/arrays/table", lambda n=name, kw=kw: [
            getattr(sp, n)(pts, **kw), getattr(sp, n)(y, s, **kw),
            getattr(sp, n)(table, y_true="label", y_score="score", **kw)],
             check=lambda r: all(repr(v) == repr(r[0]) for v in r))
    # binned points where rows or exact points are needed
    for name in ["plot_cost", "plot_fmeasure", "cost_envelope", "f_envelope", "expected_cost", "aucpr_ci",
                 "choose_threshold", "plot_decision", "plot_prg", "aucprg"]:
        def fn(n=name):
            kw = {"plot_cost": {}, "cost_envelope": {"pc": [0.1]}, "f_envelope": {"skews": [0.1]},
                  "expected_cost": {"pc": [0.1]}, "choose_threshold": {"skew": 0.1, "target": "cost"},
                  "plot_decision": {"skew": 0.1}}.get(n, {})
            return getattr(sp, n)(bounded, **kw)
        case(16, f"{name}(BoundedOperatingPoints)", fn, expect="either", needles=("bounded", "binned", "bins",
                                                                                 "exact"))
    for w in ("interactive_cost", "interactive_fmeasure", "explorer"):
        case(16, f"{w}(BoundedOperatingPoints)", lambda w=w: getattr(spw, w)(bounded), expect="either",
             needles=("bounded", "binned", "bins", "exact"))
    # a skew estimate everywhere, equal to its point estimate
    for name in ["aucpr", "average_precision", "aucprg"]:
        case(16, f"{name}(skew=SkewEstimate)", lambda n=name: getattr(sp, n)(pts, skew=est),
             check=lambda v, n=name: v == getattr(sp, n)(pts, skew=est.estimate))
    for name in ["plot_pr", "plot_cost", "plot_fmeasure", "plot_prg", "plot_decision"]:
        case(16, f"{name}(skew=SkewEstimate)", lambda n=name: getattr(sp, n)(pts, skew=est))
    case(16, "aucpr_ci(skew=SkewEstimate)", lambda: sp.aucpr_ci(y, s, skew=est, n_boot=100, random_state=0),
         check=lambda r: r.estimate == sp.aucpr(pts, skew=est.estimate))
    case(16, "compare(skew=SkewEstimate)", lambda: sp.compare(y, s, b, skew=est, n_boot=100, random_state=0))
    case(16, "choose_threshold(skew=SkewEstimate)", lambda: sp.choose_threshold(y, s, skew=est, target="cost"))
    # points, arrays and data= give one answer
    for name in ["aucpr", "average_precision", "roc_auc", "aucprg"]:
        case(16, f"{name} points/arrays/table", lambda n=name: {getattr(sp, n)(pts), getattr(sp, n)(y, s),
                                                                 getattr(sp, n)(table, y_true="label",
                                                                                y_score="score")},
             check=lambda vals: len(vals) == 1)
    for name in ["expected_cost", "cost_envelope"]:
        case(16, f"{name} points/arrays/table", lambda n=name: [getattr(sp, n)(pts, pc=[0.3]),
                                                                 getattr(sp, n)(y, s, pc=[0.3]),
                                                                 getattr(sp, n)(table, y_true="label",
                                                                                y_score="score", pc=[0.3])],
             check=lambda vals: all(np.array_equal(np.asarray(v[0] if isinstance(v, tuple) else v, dtype=float),
                                                   np.asarray(vals[0][0] if isinstance(vals[0], tuple) else vals[0],
                                                              dtype=float)) for v in vals))
    case(16, "aucpr_ci table", lambda: sp.aucpr_ci(table, y_true="label", y_score="score", n_boot=100,
                                                   random_state=0),
         check=lambda r: r.estimate == sp.aucpr(pts))
    case(16, "compare table", lambda: sp.compare(table, "score", "other", y_true="label", n_boot=100,
                                                 random_state=0))
    case(16, "boolean_combinations labels first", lambda: sp.boolean_combinations(y[:40], s[:40], b[:40]))
    case(16, "boolean_combinations labels last", lambda: sp.boolean_combinations(s[:40], b[:40], y[:40]),
         expect="refuse", needles=("labels come first",))
    case(16, "iterative_boolean_combination labels first",
         lambda: sp.iterative_boolean_combination(y[:60], {"a": s[:60], "b": b[:60]}, [0.1, 0.5]))
    case(16, "iterative_boolean_combination table",
         lambda: sp.iterative_boolean_combination(table.iloc[:60], ["score", "other"], [0.1, 0.5], y_true="label"),
         check=lambda r: np.array_equal(r.f, sp.iterative_boolean_combination(
             y[:60], {"score": s[:60], "other": b[:60]}, [0.1, 0.5]).f))
    # the CLI's column options named as the keywords
    d = fresh_dir()
    table.to_csv(d / "t.csv", index=False)
    from skewplot.cli import main
    case(16, "cli --y-score --y-true", lambda: main(["report", str(d / "t.csv"), "--y-score", "score", "--y-true",
                                                     "label"]), check=lambda r: r == 0)
    case(16, "cli --sample-weight", lambda: main(["report", str(d / "t.csv"), "--y-score", "score", "--y-true",
                                                  "label", "--sample-weight", "other"]), expect="either",
         needles=("weight",), check=lambda r: r == 2)
    # a missing optional dependency names its extra
    def missing(mod, fn):
        def run():
            saved = {k: v for k, v in sys.modules.items() if k == mod or k.startswith(mod + ".")}
            for k in saved:
                sys.modules[k] = None
            sys.modules[mod] = None
            try:
                return fn()
            finally:
                for k in list(sys.modules):
                    if k == mod or k.startswith(mod + "."):
                        del sys.modules[k]
                sys.modules.update(saved)
        return run
    case(16, "no duckdb, parquet path", missing("duckdb", lambda: sp.operating_points_from(
        str(d / "t.csv"), y_score="score", y_true="label")), expect="refuse", needles=("pip install", "duckdb"))
    case(16, "no statsmodels, anova", missing("statsmodels", lambda: __import__(
        "skewplot.stats", fromlist=["anova_over_skews"]).anova_over_skews(pd.DataFrame(
            {"score": [1.0, 2, 3, 4], "model": list("aabb"), "skew": [0.1, 0.2, 0.1, 0.2]}))), expect="refuse",
         needles=("pip install", "statsmodels"))


# ---------------------------------------------------------------------------------------------- injected faults
def faults():
    import duckdb

    from skewplot.tables import _binning
    y = np.tile([0, 1, 1, 0], 10)
    s = np.linspace(0, 1, 40)
    df = pd.DataFrame({"s": s, "y": y})

    def patched(target, attr, replacement, fn):
        def run():
            old = getattr(target, attr)
            setattr(target, attr, replacement)
            try:
                return fn()
            finally:
                setattr(target, attr, old)
        return run

    def boom(*a, **k):
        raise RuntimeError("injected engine failure")

    def boom_duck(*a, **k):
        raise duckdb.IOException("IO Error: injected read failure")

    for kind in ("pandas", "polars", "duckdb", "parquet"):
        for mode in ({}, {"bins": 4}, {"tolerance": 1e-4}):
            case("faults", f"engine raises mid-scan|{kind}|{mode}", patched(
                _binning.Binning, "_collect", boom, lambda kind=kind, mode=mode: sp.operating_points_from(
                    native(df, kind), y_score="s", y_true="y", **mode)), expect="refuse",
                 needles=("table", "failed", "y_score"))
            case("faults", f"duckdb IOException|{kind}|{mode}", patched(
                _binning.Binning, "_collect", boom_duck, lambda kind=kind, mode=mode: sp.operating_points_from(
                    native(df, kind), y_score="s", y_true="y", **mode)), expect="refuse",
                 needles=("table", "failed", "y_score"))

    import matplotlib.figure

    def disk_full(self, fh, **kw):
        fh.write(b"partial")
        raise OSError(28, "No space left on device")

    d = fresh_dir()
    df.to_csv(d / "in.csv", index=False)
    from skewplot.cli import main

    def cli_disk_full(space):
        import contextlib
        import io
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            status = main(["plot", str(d / "in.csv"), "--y-score", "s", "--y-true", "y", "--space", space, "-o",
                           str(d / f"{space}.png")])
        leftovers = [p.name for p in d.iterdir() if p.name != "in.csv"]
        if status == 2 and len(err.getvalue().strip().splitlines()) == 1 and not leftovers:
            raise ValueError(err.getvalue())
        return status, err.getvalue(), leftovers
    for space in ("pr", "roc", "cost", "f", "integrated"):
        case("faults", f"cli disk full {space}", patched(matplotlib.figure.Figure, "savefig", disk_full,
                                                         lambda sp_=space: cli_disk_full(sp_)),
             expect="refuse", needles=("no space",))
    case("faults", "memory limit tiny", lambda: (sp.set_memory_limit(10_000), sp.aucpr_ci(y, s, n_boot=2000))[1],
         expect="refuse", needles=("memory", "n_boot"))
    case("faults", "memory limit restored", lambda: sp.set_memory_limit(None) or sp.aucpr_ci(y, s, n_boot=200,
                                                                                            random_state=0))


def main():
    global SPARK, TMP
    TMP = Path(tempfile.mkdtemp(prefix="sweep30-"))
    ap = argparse.ArgumentParser()
    ap.add_argument("--spark", action="store_true")
    ap.add_argument("--only")
    ap.add_argument("--engines", help="comma-separated engines (default: all but spark, plus spark with --spark)")
    ap.add_argument("--show", default="wrong,crash,hang,warning,unhelpful")
    args = ap.parse_args()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    engines = list(ENGINES)
    if args.spark:
        from pyspark.sql import SparkSession
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        SPARK = (SparkSession.builder.master("local[1]").appName("sweep30").config("spark.ui.enabled", "false")
                 .config("spark.sql.shuffle.partitions", "2").config("spark.driver.bindAddress", "127.0.0.1")
                 .config("spark.driver.host", "127.0.0.1").getOrCreate())
        SPARK.sparkContext.setLogLevel("ERROR")
        engines.append("spark")
    if args.engines:
        engines = args.engines.split(",")
    builders = {"1": lambda: class1(engines), "2": lambda: class2(engines), "3": lambda: class3(engines),
                "4": class4, "5": lambda: class5(SPARK), "6": lambda: class6(engines), "7": class7, "8": class8,
                "9": class9, "10": class10, "11": class11, "12": class12, "13": class13, "14": class14,
                "15": class15, "16": class16, "faults": faults}
    for key, build in builders.items():
        if args.only and key not in args.only.split(","):
            continue
        build()
    counts = collections.defaultdict(collections.Counter)
    show = set(args.show.split(","))
    for c in CASES:
        expect = c["expect"]
        if expect == "either":
            c["expect"] = "ok"
            outcome, detail = run_case(c)
            if outcome in ("wrong", "crash") and detail.startswith(("ValueError", "TypeError", "MemoryError")):
                c["expect"] = "refuse"
                outcome, detail = run_case(c)  # a refusal is a right answer here, if it is clear
        else:
            outcome, detail = run_case(c)
        counts[c["cls"]][outcome] += 1
        if outcome in show:
            print(f"[{c['cls']}] {outcome:9s} {c['name']}: {detail}", flush=True)
        plt.close("all")
    cols = ["right", "clear", "wrong", "crash", "hang", "warning", "unhelpful"]
    print("\nclass      " + " ".join(f"{c:>9s}" for c in cols) + "     total")
    total = collections.Counter()
    for cls in sorted(counts, key=lambda k: (isinstance(k, str), k)):
        print(f"{cls!s:10s} " + " ".join(f"{counts[cls][c]:9d}" for c in cols) + f" {sum(counts[cls].values()):9d}")
        total.update(counts[cls])
    print(f"{'all':10s} " + " ".join(f"{total[c]:9d}" for c in cols) + f" {sum(total.values()):9d}")
    refusals = total["clear"] + total["unhelpful"]
    if refusals:
        print(f"unhelpful errors: {100 * total['unhelpful'] / refusals:.2f} % of {refusals} refusals")


if __name__ == "__main__":
    main()
