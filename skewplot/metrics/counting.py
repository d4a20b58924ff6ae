"""Sort and count: scores and labels to cumulative counts per threshold, the one O(n log n) step.

Both kernels return ``(thresholds, tp, fp)`` by decreasing threshold, from the
empty prediction (threshold ``inf``, no counts) to everything-positive; tied
scores form one point.  :class:`~skewplot.metrics.points.OperatingPoints`
stores them.
"""

from __future__ import annotations

import numpy as np

from ._sorting import group_starts, parallel_sort, sorted_with

__all__ = ["hard_label_counts", "weighted_counts"]


def weighted_counts(score, pw, nw):
    """Cumulative positive and negative weight at or above each distinct score.

    One ``argsort`` (:func:`~skewplot.metrics._sorting.sorted_with`) plus
    linear passes.  Points whose weights are both zero make no threshold (as
    scikit-learn).

    Examples
    --------
    >>> import numpy as np
    >>> thr, tp, fp = weighted_counts(np.array([0.2, 0.9, 0.2]), np.array([1.0, 0.5, 0.0]), np.array([0.0, 0.5, 1.0]))
    >>> thr.tolist(), tp.tolist(), fp.tolist()
    ([inf, 0.9, 0.2], [0.0, 0.5, 1.5], [0.0, 0.5, 1.5])
    """
    keep = (pw + nw) > 0
    if not keep.all():
        score, pw, nw = score[keep], pw[keep], nw[keep]
    if pw.sum() <= 0:
        raise ValueError("the positive weights sum to zero: y_true holds no positive weight")
    if nw.sum() <= 0:
        raise ValueError("the negative weights sum to zero: y_true holds no negative weight")
    s, pw_sorted, nw_sorted = sorted_with(score, pw, nw)
    starts = group_starts(s)
    tp_group = np.add.reduceat(pw_sorted, starts)
    fp_group = np.add.reduceat(nw_sorted, starts)
    thr = np.concatenate(([np.inf], s[starts][::-1]))
    tp = np.concatenate(([0.0], np.cumsum(tp_group[::-1])))
    fp = np.concatenate(([0.0], np.cumsum(fp_group[::-1])))
    return thr, tp, fp


def hard_label_counts(score, is_pos):
    """Cumulative numbers of positives and negatives at or above each distinct score.

    Only the counts per distinct score are needed, so the scores are sorted
    by value (no argsort) and the smaller class is counted into the distinct
    values with a binary search: one ``np.sort`` plus linear passes.

    Examples
    --------
    >>> import numpy as np
    >>> thr, tp, fp = hard_label_counts(np.array([0.9, 0.8, 0.8, 0.1]), np.array([True, False, True, False]))
    >>> thr.tolist(), tp.tolist(), fp.tolist()
    ([inf, 0.9, 0.8, 0.1], [0.0, 1.0, 2.0, 2.0], [0.0, 0.0, 1.0, 2.0])
    """
    n = score.size
    s = parallel_sort(score)
    starts = group_starts(s)
    distinct = s[starts]
    del s
    n_pos = int(np.count_nonzero(is_pos))
    small_is_pos = n_pos <= n - n_pos
    small = score[is_pos] if small_is_pos else score[~is_pos]
    per_group = np.bincount(np.searchsorted(distinct, small), minlength=distinct.size)
    t = distinct.size + 1
    thr, small_c, other_c = np.empty(t), np.empty(t), np.empty(t)
    thr[0], small_c[0], other_c[0] = np.inf, 0.0, 0.0
    thr[1:] = distinct[::-1]
    np.cumsum(per_group[::-1], out=small_c[1:])
    np.subtract(n, starts[::-1], out=other_c[1:])  # everything scored at or above
    other_c[1:] -= small_c[1:]
    return (thr, small_c, other_c) if small_is_pos else (thr, other_c, small_c)
