"""Sorting helpers of the operating-points kernel: runs of equal scores, a multi-core sort."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

__all__ = ["group_starts", "parallel_sort", "sorted_with"]


def group_starts(sorted_scores):
    """Start index of each run of equal values in a sorted array."""
    new = np.empty(sorted_scores.size, dtype=bool)
    new[0] = True
    np.not_equal(sorted_scores[1:], sorted_scores[:-1], out=new[1:])
    return np.flatnonzero(new)


# Below this size one np.sort is faster than splitting the work.
_PARALLEL_MIN = 1_000_000
_POOL = None


def parallel_sort(a):
    """``np.sort(a)`` using every core: split at sample quantiles, sort the parts in threads.

    numpy releases the GIL while sorting, so the parts sort concurrently; the
    parts are then laid end to end.  ``a`` must be finite (checked earlier).
    """
    workers = min(os.cpu_count() or 1, 8)
    if a.size < _PARALLEL_MIN or workers < 2:
        return np.sort(a)
    pool = _pool(workers)
    pivots = _pivots(a, workers)
    out = np.empty_like(a)
    bounds = [0]
    rest = a
    for pivot in pivots:  # lay the parts end to end in ``out``, then sort each in place
        below = rest < pivot
        k = int(np.count_nonzero(below))
        np.compress(below, rest, out=out[bounds[-1]:bounds[-1] + k])
        bounds.append(bounds[-1] + k)
        rest = rest[~below]
    out[bounds[-1]:] = rest
    bounds.append(a.size)
    list(pool.map(lambda k: out[bounds[k]:bounds[k + 1]].sort(), range(len(bounds) - 1)))
    return out


def _pool(workers):
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="skewplot-sort")
    return _POOL


def sorted_with(a, *arrays):
    """``a`` sorted, and ``arrays`` reordered the same way (ties in any order).

    Large inputs are split at sample quantiles of ``a``; each part is
    argsorted and gathered in its own thread (numpy releases the GIL for
    both), then the parts are laid end to end.

    Returns
    -------
    list of ndarray
        ``[sorted a, *reordered arrays]``.
    """
    workers = min(os.cpu_count() or 1, 8)
    if a.size < _PARALLEL_MIN or workers < 2:
        order = np.argsort(a)
        return [a[order]] + [x[order] for x in arrays]
    pivots = _pivots(a, workers)
    part = np.searchsorted(pivots, a, side="right") if pivots.size > 1 else (a >= pivots[0]).astype(np.intp)
    pieces = [np.flatnonzero(part == k) for k in range(pivots.size + 1)]

    def work(idx):
        key = a[idx]
        order = np.argsort(key)
        idx = idx[order]
        return [key[order]] + [x[idx] for x in arrays]

    done = list(_pool(workers).map(work, pieces))
    return [np.concatenate([d[k] for d in done]) for k in range(len(arrays) + 1)]


def _pivots(a, workers):
    sample = np.sort(a[:: max(a.size // 4096, 1)])
    return np.unique(sample[(np.arange(1, workers) * sample.size) // workers])
