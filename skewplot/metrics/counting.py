"""Sort and count: scores and labels to cumulative counts per threshold, the one O(n log n) step.

Both kernels return ``(thresholds, tp, fp, live)`` by decreasing threshold,
from the empty prediction (threshold ``inf``, no counts) to
everything-positive; tied scores form one point.  ``live`` holds the
increasing indices ``i`` of the ROC segments (point ``i`` to ``i + 1``) along
which ``tp`` grows, or :data:`MOST` when so many do that the areas use
every point anyway (more than half; for untied hard labels, a quarter or
more), or None when only an O(n) pass would find them: every
area under a PR curve changes only along those segments, so the metrics work
on them alone (:func:`segment_ends`).
:class:`~skewplot.metrics.points.OperatingPoints` stores the result.
"""

from __future__ import annotations

import numpy as np

from .._config import cut_in_two, in_two
from .._validate import check_finite
from ._sorting import group_starts, has_ties, sorted_and_order

__all__ = ["hard_label_counts", "weighted_counts", "segment_ends", "LazyCounts", "Staircase", "Remainder",
           "unit_weight_tp", "MOST"]

#: ``live`` of a curve where most segments gain recall: the areas then use every point.
MOST = "most"


def weighted_counts(score, pw, nw, n_threads=1):
    """Cumulative positive and negative weight at or above each distinct score.

    One sort of 64-bit keys that carry each point's index
    (:func:`~skewplot.metrics._sorting.sorted_and_order`; the scores are
    value-sorted beside it, in a second thread when ``n_threads > 1``), one
    gather of the weights in that order and cumulative sums written into
    the outputs.  Points whose weights are both zero make no threshold (as
    scikit-learn).  ``nw=None`` means soft labels, ``nw = 1 - pw`` (``pw``
    in [0, 1]): only the positive weights are gathered, and the negative
    ones follow from them (:class:`Remainder`: ``k - tp[k]`` when no label
    exceeds ``1 - 1/32``; nearer 1 that subtraction cancels, and ``1 - pw``
    is summed from the same gathered slices).  Without ties the group sums
    are the sorted weights themselves.

    Examples
    --------
    >>> import numpy as np
    >>> score, pw, nw = np.array([0.2, 0.9, 0.2]), np.array([1.0, 0.5, 0.0]), np.array([0.0, 0.5, 1.0])
    >>> thr, tp, fp, live = weighted_counts(score, pw, nw)
    >>> thr.tolist(), tp.tolist(), fp.tolist(), live
    ([inf, 0.9, 0.2], [0.0, 0.5, 1.5], [0.0, 0.5, 1.5], 'most')
    """
    if nw is None:
        lo, hi = float(pw.min()), float(pw.max())  # NaN fails both comparisons below
        if not (lo >= 0 and hi <= 1):
            check_finite(pw, "pos_weight")
            raise ValueError(
                "pos_weight must lie in [0, 1] when neg_weight is not given "
                f"(found values in [{lo:g}, {hi:g}]); pass neg_weight for other weights"
            )
        _check_both_classes(hi > 0, lo < 1)
    else:
        keep = (pw + nw) > 0
        if not keep.all():
            score, pw, nw = score[keep], pw[keep], nw[keep]
        _check_both_classes(pw.sum() > 0, nw.sum() > 0)
    thr, order, spare, tied = sorted_and_order(score, n_threads=n_threads)
    n = order.size
    check_finite(thr[[1, n]], "y_score")  # NaN sorts to an end: the ends are finite only if every score is
    down = thr[1:]  # the scores from the largest, as ``order`` takes the points
    if not tied:  # every point is its own threshold, counted in the outputs
        if nw is None:  # every point weighs 1 in all: the negatives follow from the positives
            # Labels near 1: k - tp[k] would cancel (see Remainder), so the negatives are summed too.
            neg = np.empty(n + 1) if hi > _REMAINDER_MAX else None
            tp = _gathered_cumsum(pw, order, spare, n_threads, neg=neg)
            del order
            live = MOST if lo > 0 or 2 * np.count_nonzero(pw) > n else np.flatnonzero(tp[1:] > tp[:-1])
            return thr, tp, Remainder(tp, neg), live
        tp, fp = np.empty(n + 1), np.empty(n + 1)
        np.take(pw, order, out=tp[1:], mode="clip")  # indices are valid; "raise" would buffer a copy
        np.take(nw, order, out=fp[1:], mode="clip")
        del order, spare
        tp[0] = fp[0] = 0.0
        # Recall grows where a point has positive weight; an index list only when that is rare.
        live = MOST if 2 * np.count_nonzero(pw) > n else np.flatnonzero(tp[1:])
        np.cumsum(tp[1:], out=tp[1:])
        np.cumsum(fp[1:], out=fp[1:])
        return thr, tp, fp, live
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


# Largest soft label for which the negatives of untied points are ``k - tp[k]`` (see Remainder): then the
# subtraction multiplies the positives' relative rounding by at most 31, below 1e-10 at any n.
_REMAINDER_MAX = 1.0 - 1.0 / 32

# Points per slice of _gathered_cumsum's sums.
_GATHER = 1 << 14


def _gathered_cumsum(pw, order, out, n_threads=1, neg=None):
    """``out[0] = 0`` and ``out[1:]`` the running sums of ``pw[order]``; ``out[1:]`` may be the memory of ``order``.

    The weights are gathered over the order they replace (element ``k`` is
    read before it is written), then summed slice by slice: each slice of
    ``_GATHER`` on its own, then offset by the total before it, so a sum
    carries the rounding of one slice's additions and of one addition per
    slice before it, not of every addition before it (one ``np.cumsum``
    over 1e7 soft labels errs about a hundred times more).  From
    ``_config.HALVES_MIN`` points the two halves (split at a slice boundary) are
    gathered and summed apart, in two threads when ``n_threads > 1``, and
    the first half's total is then added to the second: one rounding more
    there, whatever the number of threads.  Each half is three numpy
    calls, so two threads seldom wait for each other.  The sums never
    decrease: within a slice they are one offset added to non-decreasing
    sums, a slice starts from the last sum before it, and adding one total
    keeps that order.  With ``neg`` (an array like ``out``) the running sums
    of ``1 - pw[order]`` are written there the same way, from the gathered
    slices.
    """
    n = order.size
    mid = cut_in_two(0, n, _GATHER)
    halves = [(slice(0, mid), slice(1, mid + 1)), (slice(mid, n), slice(mid + 1, n + 1))]
    first, _ = in_two(*(lambda i=i, o=o: _running_sums(pw, order[i], out[o], None if neg is None else neg[o])
                        for i, o in halves), n_threads if mid < n else 1)
    if mid < n:
        out[mid + 1:] += first[0]
        if neg is not None:
            neg[mid + 1:] += first[1]
    out[0] = 0.0
    if neg is not None:
        neg[0] = 0.0
    return out


def _running_sums(pw, idx, out, neg=None):
    """``out`` (which may be ``idx``'s memory) the running sums of ``pw[idx]`` from 0, slice by slice; the totals.

    With ``neg``, also the running sums of ``1 - pw[idx]`` there.  Returns
    ``(total of out, total of neg or None)``.
    """
    np.take(pw, idx, out=out, mode="clip")  # indices are valid; "raise" would buffer a copy
    if neg is not None:
        np.subtract(1.0, out, out=neg)  # exact for labels >= 1/2, where the negatives are small
    return _sliced_cumsum(out), (None if neg is None else _sliced_cumsum(neg))


def _sliced_cumsum(out):
    """``out`` replaced by its running sums, slice by slice (see :func:`_gathered_cumsum`); the total."""
    rows = out.size // _GATHER
    full = out[:rows * _GATHER].reshape(rows, _GATHER)
    np.cumsum(full, axis=1, out=full)  # each slice from 0
    offsets = np.cumsum(full[:, -1])  # the running total after each slice, summed as it goes
    full[1:] += offsets[:-1, None]
    tail = out[rows * _GATHER:]
    np.cumsum(tail, out=tail)
    if rows and tail.size:
        tail += offsets[-1]
    return float(out[-1]) if out.size else 0.0


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
        few = 4 * small.size < n
        del small
        # Recall grows where a positive enters: an index list only when that is rare (else the areas
        # use every point anyway, and the list would be one more array of up to half the curve's length).
        live = enter - 1 if small_is_pos and few else MOST
        if lazy and small_is_pos and few:  # the areas read counts at few points: keep the staircases
            small_c, other_c = Staircase(enter, n + 1, False), Staircase(enter, n + 1, True)
        else:  # the counts as arrays, with no third array of the curve's length alive at once
            small_c = Staircase(enter, n + 1, False).array()
            del enter
            other_c = np.arange(n + 1, dtype=float)
            other_c -= small_c
        thresholds = buf[::-1]
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


class LazyCounts:
    """Cumulative counts kept in a compact form: :meth:`at` reads a few, :meth:`array` builds them all once.

    The areas read counts only at the ends of the segments that gain recall
    (or slice by slice), so a curve's length-``size`` arrays are built, read
    only, the first time a user reads them.
    """

    __slots__ = ("_built",)

    def __len__(self):
        return self.size

    def __getitem__(self, k):
        return float(self.at(np.array(k % self.size)))

    def array(self):
        """All ``size`` counts (read-only, built at the first call)."""
        if self._built is None:
            built = self._build()
            built.flags.writeable = False
            self._built = built
        return self._built


class Staircase(LazyCounts):
    """Cumulative count of one class over ``size`` untied points, kept as the points where it steps.

    ``enter`` holds, increasing, the points at which a member of the smaller
    class enters; its count at point ``k`` is the number of entries at or
    before ``k``, and the other class's count (``complement``) is ``k``
    minus that.  Reading counts at a few points (:meth:`at`) costs a binary
    search each, so areas over the recall-gaining segments never need the
    ``size`` counts.

    Examples
    --------
    >>> import numpy as np
    >>> c = Staircase(np.array([1, 3]), 5, False)
    >>> c.array().tolist(), Staircase(np.array([1, 3]), 5, True).at(np.array([2, 4])).tolist(), c[-1]
    ([0.0, 1.0, 1.0, 2.0, 2.0], [1.0, 2.0], 2.0)
    """

    __slots__ = ("enter", "size", "complement")

    def __init__(self, enter, size, complement):
        self.enter, self.size, self.complement, self._built = enter, size, complement, None

    def at(self, idx):
        """The counts at the points ``idx`` (float)."""
        small = np.searchsorted(self.enter, idx, side="right").astype(float)
        return idx - small if self.complement else small

    def _build(self):
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


class Remainder(LazyCounts):
    """The negatives of untied points that each weigh 1 in all (soft labels): ``k - tp[k]`` at point ``k``.

    Made non-decreasing by a running minimum from the end (the last value,
    the negatives' total, stays ``n - tp[n]``): a weight of exactly 1 added
    to a sum just below a power of two can round that sum up by half a unit
    in its last place, so ``k - tp[k]`` alone could fall by as much.
    :meth:`at` reads the same array (built at its first call).

    ``k - tp[k]`` multiplies the relative rounding of ``tp[k]`` by
    ``tp[k] / (k - tp[k])``, up to ``1 / (1 - label)``: 1e9 for labels
    ``1 - 1e-9``, which at skew 1e-9, where the negatives decide precision,
    put AUCPRs off by 1e-7.  So where a label exceeds ``1 - 1/32``
    (:data:`_REMAINDER_MAX`, a factor of at most 31) the counting kernel
    sums the negatives as well and passes them as ``neg``: the array is
    then built already, and only the points' total weight ``k`` is still
    known from the count.

    Examples
    --------
    >>> import numpy as np
    >>> fp = Remainder(np.array([0.0, 0.75, 1.0]))
    >>> fp[-1], fp._built is None, fp.array().tolist(), fp.at(np.array([1])).tolist()
    (1.0, True, [0.0, 0.25, 1.0], [0.25])
    """

    __slots__ = ("tp",)

    def __init__(self, tp, neg=None):
        self.tp, self._built = tp, neg
        if neg is not None:
            neg.flags.writeable = False

    size = property(lambda self: self.tp.size)

    def __getitem__(self, k):
        if k % self.size == self.size - 1 and self._built is None:  # the total, without building the array
            return float(self.size - 1 - self.tp[-1])
        return super().__getitem__(k)

    def at(self, idx):
        """The counts at the points ``idx`` (float)."""
        return self.array()[idx]

    def _build(self):
        other = np.arange(self.tp.size, dtype=float)
        other -= self.tp
        np.minimum.accumulate(other[::-1], out=other[::-1])
        return other


def unit_weight_tp(pts):
    """``pts.tp`` when ``pts`` are untied points that each weigh 1 in all and most segments gain recall, else None.

    Then point ``k`` counts ``k`` in all, and the areas at the data set's own
    skew have kernels of their own (:func:`~skewplot.skew.one_log.unit_weight_areas`).
    """
    return pts.tp if isinstance(pts._fp, Remainder) and isinstance(pts._live, str) else None


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
