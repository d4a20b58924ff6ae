"""One tool, one data file, a fresh process: times the computation only and prints JSON.

Run by ``bench_pipeline.py``; not meant to be run by hand.  Usage::

    python _pipeline_worker.py TOOL DATA_DIR REPEAT [--memory]

The data directory holds ``score.bin`` (float64), ``label.bin`` (int8) and
``soft.bin`` (float64 soft labels), raw little-endian arrays written once by
the driver.  The tool
runs once on a small slice first (imports, lazy loading), then ``REPEAT``
times on the whole data; the JSON line holds every wall time, the areas the
tool computed (for the agreement columns) and, with ``--memory``, the peak
of Python-tracked allocations during one more call (tracemalloc).  After
that, untimed, skewplot also computes the areas the R tools report
(Davis-Goadrich and trapezoid) for their agreement columns.
"""

import json
import resource
import sys
import time
import tracemalloc

import numpy as np


def skewplot_pipeline(y, s, soft):
    import skewplot as sp

    pts = sp.operating_points(y, s)
    return {"aucpr": sp.aucpr(pts), "ap": sp.average_precision(pts)}


def skewplot_weighted(y, s, soft):
    import skewplot as sp

    pts = sp.OperatingPoints.from_weights(s, soft)
    return {"aucpr": sp.aucpr(pts), "ap": sp.average_precision(pts)}


def sklearn_pipeline(y, s, soft):
    from sklearn.metrics import average_precision_score, precision_recall_curve

    precision_recall_curve(y, s)
    return {"ap": float(average_precision_score(y, s))}


def _doubled(s, soft):
    # scikit-learn has no soft labels: each point once as a positive (weight p), once as a negative (1 - p).
    return np.repeat(np.array([1, 0], dtype=np.int8), s.size), np.concatenate((s, s)), np.concatenate((soft, 1 - soft))


def sklearn_weighted(y, s, soft, prepared=None):
    from sklearn.metrics import average_precision_score, precision_recall_curve

    y2, s2, w2 = prepared
    precision_recall_curve(y2, s2, sample_weight=w2)
    return {"ap": float(average_precision_score(y2, s2, sample_weight=w2))}


def sort_only(y, s, soft):
    np.sort(s)


def argsort_only(y, s, soft):
    np.argsort(s)


TOOLS = {
    "np.sort": sort_only,
    "np.argsort": argsort_only,
    "skewplot": skewplot_pipeline,
    "skewplot-weighted": skewplot_weighted,
    "sklearn": sklearn_pipeline,
    "sklearn-weighted": sklearn_weighted,
}


def main():
    tool, path, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
    memory = "--memory" in sys.argv[4:]
    y = np.fromfile(f"{path}/label.bin", dtype=np.int8)
    s = np.fromfile(f"{path}/score.bin", dtype=np.float64)
    soft = np.fromfile(f"{path}/soft.bin", dtype=np.float64)
    fn = TOOLS[tool]
    if tool == "sklearn-weighted":
        prepared = _doubled(s, soft)
        small = tuple(a[np.r_[:500, s.size:s.size + 500]] for a in prepared)
        fn(y[:1000], s[:1000], soft[:1000], small)  # warm-up
        run = lambda: fn(y, s, soft, prepared)  # noqa: E731
    else:
        fn(y[:1000], s[:1000], soft[:1000])  # warm-up: imports and lazy loading
        run = lambda: fn(y, s, soft)  # noqa: E731
    times, values = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        values = run()
        times.append(time.perf_counter() - t0)
    out = {"tool": tool, "times": times, "values": values or {}}
    if memory:
        tracemalloc.start()
        run()
        out["peak_bytes"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        out["input_bytes"] = int(s.nbytes + (soft.nbytes if "weighted" in tool else y.nbytes))
    if tool == "skewplot":  # untimed: the areas the R tools compute, for their agreement columns
        import skewplot as sp

        pts = sp.operating_points(y, s)
        out["values"].update({k: sp.aucpr(pts, interpolation=k) for k in ("discrete-tp", "trapezoid")})
    out["maxrss_bytes"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps(out))


if __name__ == "__main__":
    main()
