"""Curves of a Parquet table larger than it is convenient to load: time and peak memory.

Writes the data once (binormal scores, 1 % positives; not committed), then
times each way of getting the AUCPR in a fresh process, reporting wall time,
the process's peak resident memory and the AUCPR (exact, or the certified
bracket):

* ``numpy``: load the two columns into memory, ``operating_points`` + ``aucpr``;
* ``bracket``: ``operating_points_from(path, tolerance=1e-5)`` through DuckDB;
* ``exact-1e4``: the same file with scores rounded to about 1e4 distinct
  values, ``operating_points_from(path)`` (exact);
* ``spark`` (when PySpark and Java are installed): ``operating_points_from``
  on a Spark DataFrame of the first 1e7 rows, beside Spark's own
  ``BinaryClassificationEvaluator(metricName="areaUnderPR")``.

Usage: ``python benchmarks/bench_tables.py [--rows 1e8] [--dir /tmp/skewplot-bench]``.
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
    out = {{"aucpr": sp.aucpr(pts)}}
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
    df = spark.read.parquet({path!r}).limit({spark_rows}).cache()
    df.count()
    t0 = time.perf_counter()
    pts = sp.operating_points_from(df, "s", "y", tolerance=1e-5)
    b = sp.aucpr(pts)
    ours = time.perf_counter() - t0
    t1 = time.perf_counter()
    ev = BinaryClassificationEvaluator(rawPredictionCol="s", labelCol="yd", metricName="areaUnderPR")
    theirs_value = ev.evaluate(df.withColumn("yd", df["y"].cast("double")))
    theirs = time.perf_counter() - t1
    out = {{"aucpr": [b.low, b.high], "width": b.width, "ours_s": ours, "spark_evaluator_s": theirs,
            "spark_evaluator_aucpr": theirs_value}}
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


def _run(mode, path, spark_rows=10**7):
    code = _RUN.format(root=ROOT, body=textwrap.indent(textwrap.dedent(BODIES[mode]), "").format(
        path=path, spark_rows=spark_rows))
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed"}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=float, default=1e8)
    ap.add_argument("--dir", default="/tmp/skewplot-bench")
    ap.add_argument("--skip-numpy", action="store_true", help="skip loading everything into memory")
    args = ap.parse_args(argv)
    rows = int(args.rows)
    os.makedirs(args.dir, exist_ok=True)
    cont = os.path.join(args.dir, f"scores_{rows}.parquet")
    rounded = os.path.join(args.dir, f"scores_{rows}_r2.parquet")
    for path, dec in ((cont, None), (rounded, 3)):
        if not os.path.exists(path):
            t = time.perf_counter()
            _write(path, rows, dec)
            print(f"wrote {path} in {time.perf_counter() - t:.1f} s ({os.path.getsize(path) / 2**20:.0f} MiB)")
    results = {}
    if not args.skip_numpy:
        results["numpy (load column, operating_points)"] = _run("numpy", cont)
    results["operating_points_from, tolerance=1e-5"] = _run("bracket", cont)
    results["operating_points_from, exact, ~1e4 scores"] = _run("exact-1e4", rounded)
    try:
        import pyspark  # noqa: F401

        results["Spark local[2], first 1e7 rows"] = _run("spark", cont)
    except ImportError:
        results["Spark local[2], first 1e7 rows"] = {"error": "pyspark not installed"}
    base = results.get("numpy (load column, operating_points)", {}).get("seconds")
    print(f"\n{rows:.0e} rows, 1 % positives; {os.cpu_count()} cores; {time.strftime('%Y-%m-%d')}")
    print("(wall seconds; CPU seconds of all the process's threads, steadier on a busy machine)")
    print(f"{'method':46s} {'seconds':>8s} {'x numpy':>8s} {'CPU s':>8s} {'peak MB':>8s}  result")
    for name, r in results.items():
        if "error" in r:
            print(f"{name:46s} {'-':>8s} {'-':>8s} {'-':>8s} {'-':>8s}  {r['error']}")
            continue
        ratio = f"{r['seconds'] / base:.2f}" if base else "-"
        extra = {k: v for k, v in r.items() if k not in ("seconds", "peak_mb", "cpu_s")}
        print(f"{name:46s} {r['seconds']:8.2f} {ratio:>8s} {r['cpu_s']:8.2f} {r['peak_mb']:8.0f}  {json.dumps(extra)}")


if __name__ == "__main__":
    main()
