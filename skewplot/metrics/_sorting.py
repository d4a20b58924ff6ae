"""Sorting helpers of the operating-points kernels: runs of equal scores, an index sort of 64-bit keys."""

from __future__ import annotations

import numpy as np

from .._config import cut_in_two, in_two

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


def _sorted_with_ties(buf, score):
    """``buf[:-1]`` the scores value-sorted (increasing); whether two of them are equal."""
    buf[:-1] = score
    buf[:-1].sort()
    return has_ties(buf[:-1])


def sorted_and_order(score, n_threads=1):
    """The order of decreasing scores, the scores in that order, whether two tie, and memory to reuse.

    ``score`` must be float64; where any score is NaN or infinite, a
    non-finite value ends up at one end of ``thr[1:]``, where the caller
    checks (positive NaNs sort above ``inf``, negative ones below
    ``-inf``).  Instead of ``np.argsort``
    (a sort of indices, several times slower than numpy's sort of 64-bit
    numbers) each score becomes one unsigned 64-bit key: its IEEE bits
    mapped to an order-reversing integer, the lowest ``b`` bits replaced by
    its index (``b`` bits hold ``n - 1``).  One value sort of these keys
    orders the points by their truncated scores; points whose truncated
    scores are equal (a relative difference below about ``2**(b - 52)``)
    are then put in their exact order by a small argsort of those points
    alone.  The keys are built and compared in cache-sized slices, so the
    only large arrays are the two results.  The sorted scores are then
    gathered in that order; with ``n_threads > 1`` (and ``n`` from
    ``_PARALLEL_MIN``) two threads build the keys, half each, and the
    second then value-sorts the scores instead while the keys sort, which
    costs nothing on an idle core.  Either way ``thr`` holds the same
    values.

    Returns
    -------
    thr : ndarray of shape (n + 1,)
        ``inf`` followed by the scores from the largest down: the
        thresholds of the untied points (a reversed view of the value sort
        when a second thread made it).
    order : ndarray of intp, shape (n,)
        ``score[order]`` equals ``thr[1:]`` (tied scores in any order).
    spare : ndarray of float64, shape (n + 1,)
        The memory that holds ``order``: ``spare[k + 1]`` shares its bytes
        with ``order[k]``, for the caller to reuse once the order is no
        longer needed (one large array fewer to allocate).
    tied : bool
        Whether two scores are equal (:func:`has_ties`; ``-0.0`` ties ``0.0``).

    Examples
    --------
    >>> import numpy as np
    >>> thr, order, _, tied = sorted_and_order(np.array([0.5, -2.0, 0.25, 3.0]))
    >>> thr.tolist(), order.tolist(), tied
    ([inf, 3.0, 0.5, 0.25, -2.0], [3, 0, 2, 1], False)
    """
    n = score.size
    store = np.empty(n + 1, dtype=np.uint64)
    key, order = store[1:], store[1:].view(np.intp)
    low = np.uint64((1 << max((n - 1).bit_length(), 1)) - 1)  # the bits that hold the index
    if n_threads > 1 and n >= _PARALLEL_MIN:
        buf = np.empty(n + 1)
        half = cut_in_two(0, n, _SLICE, least=0)
        in_two(lambda: _keys_into(key, score, 0, half, low), lambda: _keys_into(key, score, half, n, low), 2)
        _, tied = in_two(lambda: _order_from_keys(key, score, low), lambda: _sorted_with_ties(buf, score), 2)
        thr = buf[::-1]  # sorted in place increasing (a reversed view would be sorted through a copy)
    else:
        thr = np.empty(n + 1)
        _keys_into(key, score, 0, n, low)
        _order_from_keys(key, score, low)
        np.take(score, order, out=thr[1:], mode="clip")  # indices are valid; "raise" would buffer a copy
        tied = has_ties(thr[1:])
    thr[0] = np.inf
    return thr, order, store.view(np.float64), tied


def _keys_into(key, score, lo, hi, low):
    """The keys of the points ``lo .. hi - 1``: order-reversing score bits, the index in the bits ``low``."""
    bits = score.view(np.uint64)
    for i in range(lo, hi, _SLICE):
        j = min(i + _SLICE, hi)
        part = key[i:j]
        np.right_shift(bits[i:j].view(np.int64), 63, out=part.view(np.int64))  # all ones if negative
        np.invert(part, out=part)
        part &= _ONES_BUT_SIGN
        part ^= bits[i:j]  # positives flipped below the negatives: unsigned order is decreasing score
        part &= ~low
        part |= np.arange(i, j, dtype=np.uint64)


def _order_from_keys(key, score, low):
    """Sort the keys and leave in them the order of decreasing ``score`` (viewed as intp by the caller)."""
    n = key.size
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
