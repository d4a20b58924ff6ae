"""Shared timing helpers for the benchmark scripts (ratios measured in one run)."""

import statistics
import time


def best_of(fn, repeat=3):
    """Smallest wall time of ``repeat`` calls of ``fn`` (seconds)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def step_times(fn, values):
    """Wall time (ms) of each call ``fn(v)``, for ``v`` in ``values`` in order (a slider's steps)."""
    out = []
    for v in values:
        t0 = time.perf_counter()
        fn(v)
        out.append(1e3 * (time.perf_counter() - t0))
    return out


def median_ms(fn, values):
    """Median wall time (ms) of ``fn(v)`` over ``values``."""
    return statistics.median(step_times(fn, values))


def np_sort_ms(x, repeat=7):
    """Median wall time (ms) of ``np.sort(x)`` over ``repeat`` runs: the unit the benchmarks' ratios use."""
    import numpy as np

    return statistics.median(step_times(lambda _: np.sort(x), range(repeat)))


def size_from_args(doc, default=1e6):
    """The ``--n`` of a benchmark script run with only that option (``doc``: its docstring, for ``--help``)."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--n", type=float, default=default)
    return int(parser.parse_args().n)
