"""Shared timing helper for the benchmark scripts (ratios measured in one run)."""

import time


def best_of(fn, repeat=3):
    """Smallest wall time of ``repeat`` calls of ``fn`` (seconds)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best
