"""The benchmarks a user feels, as cases of ``record.py``: each runs in a fresh process and returns numbers.

A case is a function ``case(size)`` returning ``{metric: value}``: times in
seconds (``*_s``), peak resident memory in MB (``*_mb``), ratios (``*_x``).
``size`` is ``"full"`` (issue 44's sizes) or ``"quick"`` (smaller data, the
whole set in under two minutes).  Times are wall seconds; ``*_cpu_s`` are the
same calls' CPU seconds (all threads of the process), steadier than wall
time on a machine other work keeps busy.  Every case also gets ``np_sort_1e6_s``,
the median of seven ``np.sort`` of 1e6 floats in the same process, so that
two runs on a shared machine can be read against its speed at the time.

The cases call only what skewplot's public API had on 2026-11-27 (main
6a8ed22), so that ``record.py ab`` can run them on an older checkout.
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

#: Where the Parquet files of the table cases are written once (not committed).
DATA_DIR = os.environ.get("SKEWPLOT_BENCH_DIR", "/tmp/skewplot-bench")

#: Issue 44's goals: metric -> the most it may be (s or MB) on the 2-core machine of the issue.
GOALS = {
    "interactive_pr.skew_step_s": 0.030,
    "aucpr_ci.pbar_s": 3.0,
    "explorer.build_s": 3.0,
    "explorer.skew_step_s": 0.040,
    "explorer.m_step_s": 0.040,
    "explorer.peak_mb": 1000.0,
    # the PR-gain panel's skew step within 3x the other panels': the explorer with PRG (prg=True) over without
    "explorer.prg_over_skew_x": 3.0,
    "save_html.write_s": 5.0,
    "save_html.peak_mb": 1000.0,
    "operating_points_from.tolerance_s": 1.5,
    "operating_points_from.peak_mb": 500.0,
    # issue 43 item 6: the class-prior step within the binary explorer's step budget (the two goals above); the
    # ratio to the binary step (``prior_over_skew_x``, ~1.4: a class panel paints about 1.8x the artists) is kept
    "class_explorer.prior_step_s": 0.040,
    # ipympl's toolbar and resize corner on the explorer at 2 x 1e6: from the gesture's last message to the figure
    # still, kernel CPU (the browser's own time: ``bench_explorer_browser.py --views``)
    "views.zoom_cpu_s": 0.3,
    "views.home_cpu_s": 0.3,
    "views.resize_cpu_s": 0.3,
    "views.nudge_cpu_s": 0.3,
}


def peak_mb():
    """The process' peak resident memory so far (MB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(fn):
    """``(wall seconds, result)`` of ``fn()``; its CPU seconds (all threads) are left in ``timed.cpu``."""
    t0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    timed.cpu = time.process_time() - c0
    return time.perf_counter() - t0, out


def steps(fn, values):
    """Median and max wall seconds of ``fn(v)`` over ``values``, and the median CPU seconds."""
    times, cpu = [], []
    for v in values:
        times.append(timed(lambda v=v: fn(v))[0])
        cpu.append(timed.cpu)
    return statistics.median(times), max(times), statistics.median(cpu)


def np_sort_s(n=1_000_000, repeat=7):
    x = np.random.default_rng(0).random(n)
    return statistics.median(timed(lambda: np.sort(x))[0] for _ in range(repeat))


def pipeline(size):
    """Operating points + continuous AUCPR + AP at 1 % positives against ``np.sort`` and scikit-learn."""
    from sklearn.metrics import average_precision_score, precision_recall_curve

    import skewplot as sp

    out = {}
    for n in (1_000_000,) if size == "quick" else (1_000_000, 10_000_000):
        rng = np.random.default_rng(0)
        y = (rng.random(n) < 0.01).astype(np.int8)
        s = rng.normal(size=n) + 1.5 * y
        ours = min(timed(lambda: (sp.aucpr(p := sp.operating_points(y, s)), sp.average_precision(p)))[0]
                   for _ in range(3))
        base = min(timed(lambda: np.sort(s))[0] for _ in range(3))
        theirs, _ = timed(lambda: (precision_recall_curve(y, s), average_precision_score(y, s)))
        tag = f"{n:.0e}".replace("+0", "")
        out.update({f"{tag}_s": ours, f"{tag}_vs_np_sort_x": ours / base, f"sklearn_{tag}_over_x": theirs / ours})
    return out


def interactive_pr(size):
    """A skew step of ``interactive_pr`` on a 1e6-threshold curve: ``Display.update`` + the Agg frame."""
    import matplotlib

    matplotlib.use("Agg")
    import skewplot as sp

    n = 1_000_000
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(np.int8)
    pts = sp.operating_points(y, rng.normal(size=n) + 1.5 * y)
    build, w = timed(lambda: sp.widgets.interactive_pr(pts, skew=0.1))
    w._show = lambda: None  # the frame alone: no PNG
    grid = np.geomspace(1e-3, 0.6, 12 if size == "quick" else 25)
    values = [float(v) for v in np.r_[grid[::2], grid[1::2][::-1]]]
    median, worst, cpu = steps(lambda v: setattr(w.controls["skew"], "value", v), values)
    return {"build_s": build, "skew_step_s": median, "skew_step_max_s": worst, "skew_step_cpu_s": cpu}


def aucpr_ci(size):
    """``aucpr_ci`` of the area under P̄-R over SkewRange(0.01, 0.1), n = 1e5, 10 % positives, percentile.

    ``pbar_s`` is a fresh process' first call with 1000 replicates: the one-off import of ``skewplot.stats``
    (``import_s``: scipy's special functions, optimizers and spatial module, ~0.4 s) once, plus the call's
    time per 1000 replicates.  Quick mode runs 200 replicates and scales the call alone: until 2026-11-30 it
    scaled the import with it (5 x ~0.4 s of the ~3.8 s recorded).
    """
    import skewplot as sp

    n, n_boot = 100_000, 200 if size == "quick" else 1000
    rng = np.random.default_rng(0)
    y = rng.random(n) < 0.1
    s = rng.normal(size=n) + 1.5 * y
    imported, (ci, skew_range) = timed(lambda: (sp.aucpr_ci, sp.SkewRange))  # the lazy names: skewplot.stats
    import_cpu = timed.cpu
    seconds, _ = timed(lambda: ci(y, s, skew=skew_range(0.01, 0.1), n_boot=n_boot, interval="percentile",
                                  random_state=0))
    return {"pbar_s": imported + seconds * 1000 / n_boot, "pbar_cpu_s": import_cpu + timed.cpu * 1000 / n_boot,
            "import_s": imported, "replicates_run": n_boot}


def _fraud_explorer(size, **options):
    import matplotlib

    matplotlib.use("Agg")
    from fraud_data import fraud_points

    import skewplot as sp

    points = fraud_points(100_000 if size == "quick" else 1_000_000)
    build, w = timed(lambda: sp.widgets.explorer(points, **options))
    return sp, w, (build, timed.cpu)


def explorer(size):
    """The explorer of issue 29's data (2 x 1e6, 1 % positives): build, skew and m steps (Agg frame), peak RSS;
    then the same with PR-gain beside PR (``prg=True``, built after the peak is read): its skew step and its
    ratio to the plain one (CPU)."""
    _, w, build = _fraud_explorer(size)
    w._show = lambda: None
    repeat = 8 if size == "quick" else 15
    skews = [float(v) for v in 2e-4 * 10 ** (np.arange(1, 3 * repeat + 1) / 50)]
    skew_median, _, skew_cpu = steps(lambda v: setattr(w.controls["skew"], "value", v), skews)
    grid = np.linspace(0.2, 0.8, repeat)
    ms = [float(v) for v in np.r_[grid[::2], grid[1::2][::-1]]]
    m_median, _, m_cpu = steps(lambda v: setattr(w.controls["m"], "value", v), ms)
    out = {"build_s": build[0], "build_cpu_s": build[1], "skew_step_s": skew_median, "skew_step_cpu_s": skew_cpu,
           "m_step_s": m_median, "m_step_cpu_s": m_cpu, "peak_mb": peak_mb()}
    del w
    _, w, _ = _fraud_explorer(size, prg=True)
    w._show = lambda: None
    out["prg_skew_step_s"], _, out["prg_skew_step_cpu_s"] = steps(
        lambda v: setattr(w.controls["skew"], "value", v), skews)
    out["prg_over_skew_x"] = out["prg_skew_step_cpu_s"] / skew_cpu
    return out


def save_html(size):
    """``save_html`` of that explorer: write time and the peak RSS of building and writing."""
    import tempfile

    _, w, _ = _fraud_explorer(size)
    before = peak_mb()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "explorer.html")
        seconds, _ = timed(lambda: w.save_html(path))
        size_mb = os.path.getsize(path) / 1e6
    return {"write_s": seconds, "write_cpu_s": timed.cpu, "file_mb": size_mb, "peak_before_mb": before,
            "peak_mb": peak_mb()}


def class_explorer(size):
    """The one-vs-rest explorer's prior step against the binary explorer's skew step, in one run (issue 43 item 6).

    Four classes, 30 000 rows (1e6 at full size); the binary explorer on the
    same rows (class 0 against the rest, its default controls).  Steps of the
    class explorer's prior slider and of the binary skew slider alternate in
    rounds, so that the ratio ``prior_over_skew_x`` (medians of CPU seconds)
    is read at one load.  Needs ``explorer(ovr)`` (main of 2026-11-29 on):
    an older checkout reports an error for this case.
    """
    import matplotlib

    matplotlib.use("Agg")
    import skewplot as sp

    n, k = (30_000, 4) if size == "quick" else (1_000_000, 4)
    rng = np.random.default_rng(0)
    y = rng.integers(0, k, n)
    s = rng.random((n, k)) + 0.8 * np.eye(k)[y]
    build, w = timed(lambda: sp.widgets.explorer(sp.one_vs_rest(y, s)))
    binary = sp.widgets.explorer((y == 0).astype(np.int8), s[:, 0])
    w._show = binary._show = lambda: None  # the frame alone: no PNG
    grid = np.geomspace(0.01, 0.9, 8)
    values = [float(v) for v in np.r_[grid[::2], grid[1::2][::-1]]]
    times = {"prior": [], "skew": []}
    for r in range(2 if size == "quick" else 1):
        for key, widget in (("skew", binary), ("prior", w)):
            times[key].append(steps(lambda v, c=widget.controls["skew"]: setattr(c, "value", v),
                                    values if r % 2 == 0 else values[::-1]))
    out = {"build_s": build}
    for key, rows in times.items():
        out[f"{key}_step_s"] = statistics.median(t[0] for t in rows)
        out[f"{key}_step_cpu_s"] = statistics.median(t[2] for t in rows)
    out["prior_over_skew_x"] = out["prior_step_cpu_s"] / out["skew_step_cpu_s"]
    return out


def views(size):
    """ipympl's zoom, Home, corner resize (80 x 60 px) and nudge (30 x 24 px) of the explorer on issue 29's data,
    answered as ipympl's page answers them (``bench_explorer_views.py``): medians of kernel CPU seconds from the
    gesture's last message to the figure still, and the wall seconds to its last image."""
    import matplotlib

    matplotlib.use("module://ipympl.backend_nbagg")
    import bench_explorer_views as bench
    from fraud_data import fraud_points

    import skewplot as sp

    w = sp.widgets.explorer(fraud_points(100_000 if size == "quick" else 1_000_000))
    rows = bench.measure(w, 3)
    out = {}
    for name, timings in rows.items():
        out[f"{name}_cpu_s"] = statistics.median(t[2] for t in timings)
        out[f"{name}_s"] = statistics.median(t[1] for t in timings)
    return out


def _parquet(rows):
    import bench_tables

    os.makedirs(DATA_DIR, exist_ok=True)
    import duckdb

    duckdb.execute("SET enable_progress_bar = false")
    return bench_tables._files(DATA_DIR, rows)[0]


def operating_points_from(size):
    """``operating_points_from(path, tolerance=1e-5)`` on a Parquet file of 3e7 rows (1 % positives)."""
    import skewplot as sp

    path = _parquet(3_000_000 if size == "quick" else 30_000_000)
    start = peak_mb()
    seconds, pts = timed(lambda: sp.operating_points_from(path, "s", "y", tolerance=1e-5))
    return {"tolerance_s": seconds, "tolerance_cpu_s": timed.cpu, "bins": len(pts), "peak_mb": peak_mb(),
            "peak_before_mb": start}


def table_engine(size):
    """A table engine at 1e7 rows: ``operating_points_from`` on a polars DataFrame, tolerance=1e-5 and exact."""
    import polars as pl

    import skewplot as sp

    n = 1_000_000 if size == "quick" else 10_000_000
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.01).astype(np.int8)
    df = pl.DataFrame({"s": rng.normal(size=n) + 1.5 * y, "y": y})
    tol, _ = timed(lambda: sp.operating_points_from(df, "s", "y", tolerance=1e-5))
    rounded = df.with_columns(pl.col("s").round(3))
    exact, _ = timed(lambda: sp.operating_points_from(rounded, "s", "y"))
    return {"polars_tolerance_s": tol, "polars_exact_1e4_scores_s": exact}


def plot_ten(size):
    """``plot_pr`` of ten classifiers with ``threshold=`` in a paper column (3.5 x 3.2 in), drawn once.

    What a figure costs besides its numbers (the legend's place searched
    among the curves and marks, every text laid out, the notes of hidden
    curves): a user waits for it in a notebook cell, and the review matrix,
    the docs build and the slow suites pay it many times.  The same in both
    sizes (5e4 samples, 1 % positives); the median of three plots.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import skewplot as sp

    rng = np.random.default_rng(0)
    y = (rng.random(50_000) < 0.01).astype(np.int8)
    names = ("logistic regression", "random forest", "gradient boosting", "svm", "knn", "naive Bayes", "mlp",
             "tree", "lasso", "ridge")
    points = {name: sp.operating_points(y, rng.normal(size=y.size) + (0.5 + 0.2 * k) * y)
              for k, name in enumerate(names)}

    def plot():
        fig, ax = plt.subplots(figsize=(3.5, 3.2))
        sp.plot_pr(points, skew=0.01, threshold=2.0, ax=ax)
        fig.canvas.draw()
        plt.close(fig)

    wall, cpu = [], []
    for _ in range(3):
        wall.append(timed(plot)[0])
        cpu.append(timed.cpu)
    return {"plot_s": statistics.median(wall), "plot_cpu_s": statistics.median(cpu)}


CASES = {f.__name__: f for f in (pipeline, interactive_pr, aucpr_ci, explorer, save_html,
                                 operating_points_from, table_engine, class_explorer, views, plot_ten)}
