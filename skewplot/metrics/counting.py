"""Sort and count: scores and labels to cumulative counts per threshold, the one O(n log n) step.

Both kernels return ``(thresholds, tp, fp, live)`` by decreasing threshold,
from the empty prediction (threshold ``inf``, no counts) to
everything-positive; tied scores form one point.  ``live`` holds the
increasing indices ``i`` of the ROC segments (point ``i`` to ``i + 1``) along
which ``tp`` grows (:data:`MOST` when they are more than half), or None
when only an O(n) pass would find them: every
area under a PR curve changes only along those segments, so the metrics work
on them alone (:func:`segment_ends`).
:class:`~skewplot.metrics.points.OperatingPoints` stores the result.
"""

from __future__ import annotations

import numpy as np

from .._validate import check_finite
from ._sorting import group_starts, has_ties, sorted_and_order

__all__ = ["hard_label_counts", "weighted_counts", "segment_ends", "Staircase", "MOST"]

#: ``live`` of a curve where more than half of the segments gain recall: the areas then use every point.
MOST = "most"


def weighted_counts(score, pw, nw, n_threads=1):
    """Cumulative positive and negative weight at or above each distinct score.

    One sort of 64-bit keys that carry each point's index
    (:func:`~skewplot.metrics._sorting.sorted_and_order`; the scores are
    value-sorted beside it, in a second thread when ``n_threads > 1``), one
    gather of the weights in that order and cumulative sums written into
    the outputs.  Points whose weights are both zero make no threshold (as
    scikit-learn).  ``nw=None`` means soft labels, ``nw = 1 - pw`` (``pw``
    in [0, 1]): only the positive weights are gathered and the negative
    ones follow from them.  Without ties the group sums are the sorted
    weights themselves.

    Examples
    --------
    >>> import numpy as np
    >>> score, pw, nw = np.array([0.2, 0.9, 0.2]), np.array([1.0, 0.5, 0.0]), np.array([0.0, 0.5, 1.0])
    >>> thr, tp, fp, live = weighted_counts(score, pw, nw)
    >>> thr.tolist(), tp.tolist(), fp.tolist(), live
    ([inf, 0.9, 0.2], [0.0, 0.5, 1.5], [0.0, 0.5, 1.5], 'most')
    """
    if nw is None:
        _check_both_classes(pw.max() > 0, pw.min() < 1)
    else:
        keep = (pw + nw) > 0
        if not keep.all():
            score, pw, nw = score[keep], pw[keep], nw[keep]
        _check_both_classes(pw.sum() > 0, nw.sum() > 0)
    buf, order, spare = sorted_and_order(score, n_threads=n_threads)
    n = order.size
    down = buf[n - 1::-1]  # the scores from the largest, as ``order`` takes the points
    if not (down[1:] == down[:-1]).any():  # no ties: every point is its own threshold, counted in the outputs
        tp = np.empty(n + 1)
        np.take(pw, order, out=tp[1:], mode="clip")  # indices are valid; "raise" would buffer a copy
        if nw is None:
            del order
            fp = spare  # the order is used up: its memory takes the negative weights 1 - pw
            np.subtract(1.0, tp[1:], out=fp[1:])
        else:
            fp = np.empty(n + 1)
            np.take(nw, order, out=fp[1:], mode="clip")
            del order, spare
        tp[0] = fp[0] = 0.0
        # Recall grows where a point has positive weight; an index list only when that is rare.
        live = MOST if 2 * np.count_nonzero(pw) > n else np.flatnonzero(tp[1:])
        np.cumsum(tp[1:], out=tp[1:])
        np.cumsum(fp[1:], out=fp[1:])
        return buf[::-1], tp, fp, live
    pw_sorted = pw[order]
    nw_sorted = 1.0 - pw_sorted if nw is None else nw[order]
    del order, spare
    starts = group_starts(down)
    tp_group = np.add.reduceat(pw_sorted, starts)
    fp_group = np.add.reduceat(nw_sorted, starts)
    t = starts.size + 1
    thresholds, tp, fp = np.empty(t), np.empty(t), np.empty(t)
    thresholds[0], tp[0], fp[0] = np.inf, 0.0, 0.0
    thresholds[1:] = down[starts]
    np.cumsum(tp_group, out=tp[1:])
    np.cumsum(fp_group, out=fp[1:])
    gaining = np.count_nonzero(tp_group)  # no index list when most segments gain recall (soft labels)
    return thresholds, tp, fp, MOST if 2 * gaining > tp_group.size else np.flatnonzero(tp_group)


def _check_both_classes(has_pos, has_neg):
    if not has_pos:
        raise ValueError("the positive weights sum to zero: y_true holds no positive weight")
    if not has_neg:
        raise ValueError("the negative weights sum to zero: y_true holds no negative weight")


def hard_label_counts(score, is_pos, name="y_score", lazy=False):
    """Points of hard-labelled data: one ``np.sort`` of the scores plus linear passes.

    Only the counts per distinct score are needed, never the order of the
    labels, so the scores are value-sorted (no argsort).  The smaller class
    is sorted on its own and placed among the sorted scores by a binary
    search with sorted keys.  Without ties, point ``k`` holds the
    ``k`` highest scores: the smaller class's count is a staircase, the
    other class's is ``k`` minus it, and the thresholds are the sort buffer
    itself read backwards (no copy); with ``lazy=True`` and positives under
    a quarter (the areas then need counts at few points only) the two counts
    are returned as :class:`Staircase` objects (O(positives) memory), turned
    into arrays only when read.  ``score`` must not contain NaN or
    infinity; that is checked on the sorted ends (NaN sorts last).

    Examples
    --------
    >>> import numpy as np
    >>> thr, tp, fp, live = hard_label_counts(np.array([0.9, 0.8, 0.8, 0.1]), np.array([True, False, True, False]))
    >>> thr.tolist(), tp.tolist(), fp.tolist(), live.tolist()
    ([inf, 0.9, 0.8, 0.1], [0.0, 1.0, 2.0, 2.0], [0.0, 0.0, 1.0, 2.0], [0, 1])
    """
    n = score.size
    buf = np.empty(n + 1)
    sorted_scores = buf[:n]
    sorted_scores[...] = score
    sorted_scores.sort()
    check_finite(sorted_scores[[0, -1]], name)  # the extremes are finite only if every value is
    buf[n] = np.inf
    n_pos = int(np.count_nonzero(is_pos))
    small_is_pos = 2 * n_pos <= n
    small = score[is_pos] if small_is_pos else score[~is_pos]
    small.sort()
    if not has_ties(sorted_scores):
        # Point k = n - rank: where each member of the smaller class enters, increasing.
        enter = n - np.searchsorted(sorted_scores, small)[::-1]
        small_c = Staircase(enter, n + 1, False)
        other_c = Staircase(enter, n + 1, True)
        if not (lazy and small_is_pos and 4 * small.size < n):  # else the areas read every count anyway
            small_c = small_c.array()
            other_c = np.arange(n + 1, dtype=float) - small_c
        thresholds = buf[::-1]
        live = enter - 1 if small_is_pos else None
    else:
        starts = group_starts(sorted_scores)
        distinct = sorted_scores[starts]
        d = distinct.size
        per_group = np.bincount(np.searchsorted(distinct, small), minlength=d)
        thresholds = np.empty(d + 1)
        thresholds[0] = np.inf
        thresholds[1:] = distinct[::-1]
        del buf, sorted_scores, distinct
        small_c = np.empty(d + 1)
        small_c[0] = 0.0
        np.cumsum(per_group[::-1], out=small_c[1:])
        other_c = np.empty(d + 1)
        other_c[0] = 0.0
        np.subtract(n, starts[::-1], out=other_c[1:])  # everything scored at or above
        other_c[1:] -= small_c[1:]
        pos_in_group = per_group if small_is_pos else np.diff(starts, append=n) - per_group
        live = (d - 1 - np.flatnonzero(pos_in_group))[::-1].copy()
    tp, fp = (small_c, other_c) if small_is_pos else (other_c, small_c)
    return thresholds, tp, fp, live


class Staircase:
    """Cumulative count of one class over ``size`` untied points, kept as the points where it steps.

    ``enter`` holds, increasing, the points at which a member of the smaller
    class enters; its count at point ``k`` is the number of entries at or
    before ``k``, and the other class's count (``complement``) is ``k``
    minus that.  Reading counts at a few points (:meth:`at`) costs a binary
    search each, so areas over the recall-gaining segments never need the
    ``size`` counts; :meth:`array` builds them when they are read.

    Examples
    --------
    >>> import numpy as np
    >>> c = Staircase(np.array([1, 3]), 5, False)
    >>> c.array().tolist(), Staircase(np.array([1, 3]), 5, True).at(np.array([2, 4])).tolist(), c[-1]
    ([0.0, 1.0, 1.0, 2.0, 2.0], [1.0, 2.0], 2.0)
    """

    __slots__ = ("enter", "size", "complement")

    def __init__(self, enter, size, complement):
        self.enter, self.size, self.complement = enter, size, complement

    def __len__(self):
        return self.size

    def __getitem__(self, k):
        return float(self.at(np.array(k % self.size)))

    def at(self, idx):
        """The counts at the points ``idx`` (float)."""
        small = np.searchsorted(self.enter, idx, side="right").astype(float)
        return idx - small if self.complement else small

    def array(self):
        """All ``size`` counts."""
        m, n = self.enter.size, self.size
        if 16 * m < n:  # a few long steps: write each value once
            small = np.repeat(np.arange(m + 1, dtype=float), np.diff(self.enter, prepend=0, append=n))
        else:  # many short steps: np.repeat's per-step cost dominates; count the entries instead
            small = np.zeros(n)
            small[self.enter] = 1.0
            np.cumsum(small, out=small)
        if not self.complement:
            return small
        other = np.arange(n, dtype=float)
        other -= small
        return other


def segment_ends(live, n):
    """Increasing indices of both ends of the segments ``live`` among ``n`` points, and of the two end points.

    None when more than half of the points would be kept (or ``live`` is
    :data:`MOST`): gathering them then costs more than the areas save.
    """
    if isinstance(live, str) or 2 * live.size > n:
        return None
    if 4 * live.size < n:  # few segments: interleave the two sorted lists, no O(n) mask
        ends = np.empty(2 * live.size + 2, dtype=np.intp)
        ends[0], ends[-1] = 0, n - 1
        ends[1:-1:2] = live
        ends[2:-1:2] = live + 1
        idx = ends[np.concatenate(([True], ends[1:] != ends[:-1]))]
    else:
        keep = np.zeros(n, dtype=bool)
        keep[[0, n - 1]] = True
        keep[live] = True
        keep[live + 1] = True
        idx = np.flatnonzero(keep)
    return None if 2 * idx.size > n else idx
