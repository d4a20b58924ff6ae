"""Sorting helpers of the operating-points kernels: runs of equal scores, an index sort of 64-bit keys."""

from __future__ import annotations

import numpy as np

from .._config import thread_pool

__all__ = ["group_starts", "has_ties", "sorted_and_order"]


def group_starts(sorted_scores):
    """Start index of each run of equal values in a sorted array."""
    new = np.empty(sorted_scores.size, dtype=bool)
    new[0] = True
    np.not_equal(sorted_scores[1:], sorted_scores[:-1], out=new[1:])
    return np.flatnonzero(new)


def has_ties(sorted_scores):
    """Whether a sorted array holds two equal neighbours, compared in cache-sized slices (no array of its length)."""
    last = sorted_scores.size - 1
    return any(np.equal(sorted_scores[i + 1:min(i + _SLICE, last) + 1], sorted_scores[i:min(i + _SLICE, last)]).any()
               for i in range(0, last, _SLICE))


# Below this size a second thread costs more than it saves.
_PARALLEL_MIN = 200_000


def _sort_into(buf, score):
    buf[:-1] = score
    buf[:-1].sort()


def sorted_and_order(score, n_threads=1):
    """``score`` sorted into a buffer of ``n + 1`` (``inf`` last), and the order of decreasing scores.

    ``score`` must be finite float64.  Instead of ``np.argsort`` (a sort of
    indices, several times slower than numpy's sort of 64-bit numbers)
    each score becomes one unsigned 64-bit key: its IEEE bits mapped to an
    order-reversing integer, the lowest ``b`` bits replaced by its index
    (``b`` bits hold ``n - 1``).  One value sort of these keys orders the
    points by their truncated scores; points whose truncated scores are
    equal (a relative difference below about ``2**(b - 52)``) are then put
    in their exact order by a small argsort of those points alone.  The
    scores themselves are value-sorted too, in a second thread when
    ``n_threads > 1``.  The keys are built and compared in cache-sized
    slices, so the only large arrays are the two results.

    Returns
    -------
    buf : ndarray of shape (n + 1,)
        ``np.sort(score)`` followed by ``inf``.
    order : ndarray of intp, shape (n,)
        ``score[order]`` equals ``buf[n - 1::-1]``, the scores from the
        largest down (tied scores in any order).
    spare : ndarray of float64, shape (n + 1,)
        The memory that holds ``order``, for the caller to reuse once the
        order is no longer needed (one large array fewer to allocate).

    Examples
    --------
    >>> import numpy as np
    >>> buf, order, _ = sorted_and_order(np.array([0.5, -2.0, 0.25, 3.0]))
    >>> buf.tolist(), order.tolist()
    ([-2.0, 0.25, 0.5, 3.0, inf], [3, 0, 2, 1])
    """
    n = score.size
    buf = np.empty(n + 1)
    buf[n] = np.inf
    side = thread_pool(1).submit(_sort_into, buf, score) if n_threads > 1 and n >= _PARALLEL_MIN else None
    if side is None:
        _sort_into(buf, score)
    b = max((n - 1).bit_length(), 1)
    low = np.uint64((1 << b) - 1)
    store = np.empty(n + 1, dtype=np.uint64)
    key = store[:n]
    bits = score.view(np.uint64)
    for i in range(0, n, _SLICE):
        part = key[i:i + _SLICE]
        np.right_shift(bits[i:i + _SLICE].view(np.int64), 63, out=part.view(np.int64))  # all ones if negative
        np.invert(part, out=part)
        part &= _ONES_BUT_SIGN
        part ^= bits[i:i + _SLICE]  # positives flipped below the negatives: unsigned order is decreasing score
        part &= ~low
        part |= np.arange(i, i + part.size, dtype=np.uint64)
    key.sort()
    runs = []
    for i in range(0, n - 1, _SLICE):
        j = min(i + _SLICE, n - 1)
        same = np.bitwise_xor(key[i + 1:j + 1], key[i:j]) <= low  # neighbours with equal truncated scores
        if same.any():
            runs.append(np.flatnonzero(same) + i)
    key &= low
    order = key.view(np.intp)
    if runs:
        _exact_within_runs(order, np.concatenate(runs), score)
    if side is not None:
        side.result()
    return buf, order, store.view(np.float64)


_SLICE = 1 << 16
_ONES_BUT_SIGN = np.uint64((1 << 63) - 1)


def _exact_within_runs(order, starts, score):
    """Reorder, in place, the points of runs of equal truncated keys (``starts``: ``i`` where ``i + 1`` ties)."""
    members = np.union1d(starts, starts + 1)
    idx = order[members]
    vals = score[idx]
    if (vals[1:] > vals[:-1]).any():
        # Runs are consecutive and already in order among themselves: one stable argsort orders each run.
        order[members] = idx[np.argsort(-vals, kind="stable")]
