"""Curves of a Parquet table larger than it is convenient to load: time and peak memory.

Writes the data once (binormal scores, 1 % positives; not committed), then
times each way of getting the AUCPR in a fresh process, reporting wall time,
CPU time of all the process's threads, the process's peak resident memory
and the AUCPR (exact, or the certified bracket):

* ``numpy``: load the two columns into memory, ``operating_points`` + ``aucpr``
  (on both files, as the baseline of the two routes below);
* ``bracket``: ``operating_points_from(path, tolerance=1e-5)`` through DuckDB;
* ``exact-1e4``: a file of the same rows with scores rounded to 3 decimals
  (about 1e4 distinct values), ``operating_points_from(path)`` (exact);
* ``spark`` (when PySpark and Java are installed): a 1e7-row file read by
  Spark local[2]: ``operating_points_from(df, tolerance=1e-5)`` beside
  Spark's own ``BinaryClassificationEvaluator(metricName="areaUnderPR")``,
  both against the exact AUCPR of the same file (numpy).

Usage: ``python benchmarks/bench_tables.py [--rows 1e8] [--spark-rows 1e7] [--dir /tmp/skewplot-bench]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import textwrap
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_RUN = textwrap.dedent("""
    import json, resource, sys, time
    import numpy as np
    sys.path.insert(0, {root!r})
    import skewplot as sp
    t0 = time.perf_counter()
    {body}
    out["seconds"] = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu_s"] = usage.ru_utime + usage.ru_stime
    out["peak_mb"] = usage.ru_maxrss / 1024
    print(json.dumps(out))
""")

BODIES = {
    "numpy": """
    import duckdb
    cols = duckdb.sql("SELECT s, y FROM read_parquet({path!r})").fetchnumpy()
    pts = sp.operating_points(cols["y"], cols["s"])
    out = {{"aucpr": sp.aucpr(pts), "aucpr_trapezoid": sp.aucpr(pts, interpolation="trapezoid")}}
    """,
    "bracket": """
    pts = sp.operating_points_from({path!r}, "s", "y", tolerance=1e-5)
    b = sp.aucpr(pts)
    out = {{"aucpr": [b.low, b.high], "width": b.width, "bins": len(pts)}}
    """,
    "exact-1e4": """
    pts = sp.operating_points_from({path!r}, "s", "y")
    out = {{"aucpr": sp.aucpr(pts), "points": len(pts), "exact": isinstance(pts, sp.OperatingPoints)}}
    """,
    "spark": """
    from pyspark.sql import SparkSession
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    spark = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
             .config("spark.driver.memory", "4g").config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.driver.host", "127.0.0.1").getOrCreate())
    spark.sparkContext.setLogLevel("OFF")
    df = spark.read.parquet({path!r}).cache()
    df.count()
    t0 = time.perf_counter()
    pts = sp.operating_points_from(df, "s", "y", tolerance=1e-5)
    b = sp.aucpr(pts)
    bt = sp.aucpr(pts, interpolation="trapezoid")
    ours = time.perf_counter() - t0
    t1 = time.perf_counter()
    ev = BinaryClassificationEvaluator(rawPredictionCol="s", labelCol="yd", metricName="areaUnderPR")
    theirs_value = ev.evaluate(df.withColumn("yd", df["y"].cast("double")))
    theirs = time.perf_counter() - t1
    out = {{"aucpr": [b.low, b.high], "width": b.width, "aucpr_trapezoid": [bt.low, bt.high],
            "ours_s": ours, "spark_evaluator_s": theirs, "spark_evaluator_aucpr": theirs_value}}
    """,
}


def _write(path, rows, decimals=None):
    import duckdb

    s = "sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) + 1.5 * y"
    if decimals is not None:
        s = f"round({s}, {decimals})"
    duckdb.sql(f"""
        COPY (SELECT {s} AS s, y FROM (SELECT (random() < 0.01)::TINYINT AS y FROM range({rows})))
        TO '{path}' (FORMAT parquet, ROW_GROUP_SIZE 1000000)
    """)


def _run(mode, path):
    code = _RUN.format(root=ROOT, body=textwrap.indent(textwrap.dedent(BODIES[mode]), "").format(path=path))
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed"}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _files(folder, rows):
    cont = os.path.join(folder, f"scores_{rows}.parquet")
    rounded = os.path.join(folder, f"scores_{rows}_r2.parquet")
    for path, dec in ((cont, None), (rounded, 3)):
        if not os.path.exists(path):
            t = time.perf_counter()
            _write(path, rows, dec)
            print(f"wrote {path} in {time.perf_counter() - t:.1f} s ({os.path.getsize(path) / 2**20:.0f} MiB)")
    return cont, rounded


def _print(results, base):
    print(f"{'method':44s} {'seconds':>8s} {'x numpy':>8s} {'CPU s':>8s} {'peak MB':>8s}  result")
    for name, r in results.items():
        if "error" in r:
            print(f"{name:44s} {'-':>8s} {'-':>8s} {'-':>8s} {'-':>8s}  {r['error']}")
            continue
        ratio = f"{r['seconds'] / base:.2f}" if base else "-"
        extra = {k: v for k, v in r.items() if k not in ("seconds", "peak_mb", "cpu_s")}
        print(f"{name:44s} {r['seconds']:8.2f} {ratio:>8s} {r['cpu_s']:8.2f} {r['peak_mb']:8.0f}  {json.dumps(extra)}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=float, default=1e8)
    ap.add_argument("--spark-rows", type=float, default=1e7)
    ap.add_argument("--dir", default="/tmp/skewplot-bench")
    ap.add_argument("--only", choices=["duckdb", "spark"], help="run one part only")
    ap.add_argument("--skip-numpy", action="store_true", help="skip loading everything into memory")
    args = ap.parse_args(argv)
    rows, spark_rows = int(args.rows), int(args.spark_rows)
    os.makedirs(args.dir, exist_ok=True)
    load = os.getloadavg()[0]
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {len(os.sched_getaffinity(0))} cores; "
          f"1-minute load {load:.2f} at the start; 1 % positives, binormal scores")
    print("(wall seconds; CPU seconds of all the process's threads, steadier on a busy machine)")
    if args.only != "spark":
        cont, rounded = _files(args.dir, rows)
        print(f"\n{rows:.0e} rows, DuckDB")
        for label, mode, path in (("numpy, continuous scores", "numpy", cont),
                                  ("operating_points_from, tolerance=1e-5", "bracket", cont),
                                  ("numpy, scores rounded to 3 decimals", "numpy", rounded),
                                  ("operating_points_from, exact, ~1e4 scores", "exact-1e4", rounded)):
            if mode == "numpy" and args.skip_numpy:
                continue
            result = _run(mode, path)
            if mode == "numpy":
                base = result.get("seconds")
            _print({label: result}, base if not args.skip_numpy else None)
    if args.only != "duckdb":
        try:
            import pyspark  # noqa: F401
        except ImportError:
            print("\nSpark: pyspark is not installed")
            return
        cont, _ = _files(args.dir, spark_rows)
        print(f"\n{spark_rows:.0e} rows, Spark local[2] (times inside one session, after caching the table)")
        exact = _run("numpy", cont)
        spark = _run("spark", cont)
        _print({"numpy (exact)": exact, "Spark session": spark}, None)
        if "error" not in exact and "error" not in spark:
            e = exact["aucpr"]
            v = spark["spark_evaluator_aucpr"]
            lo, hi = spark["aucpr"]
            print(f"exact AUCPR {e:.6f} (trapezoid {exact['aucpr_trapezoid']:.6f}); "
                  f"operating_points_from {spark['ours_s']:.2f} s, bracket [{lo:.6f}, {hi:.6f}] "
                  f"(holds exact: {lo <= e <= hi}); BinaryClassificationEvaluator {spark['spark_evaluator_s']:.2f} s, "
                  f"{v:.6f} ({100 * (v - e) / e:+.2f} % vs exact, "
                  f"{100 * (v - exact['aucpr_trapezoid']) / exact['aucpr_trapezoid']:+.2f} % vs trapezoid); "
                  f"ratio {spark['spark_evaluator_s'] / spark['ours_s']:.1f}x")


if __name__ == "__main__":
    main()
