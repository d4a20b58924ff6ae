"""Operating points: the immutable type every space is computed from, and its constructors.

An :class:`OperatingPoints` holds, for every distinct score threshold, the
(weighted) numbers of positives and negatives scored at or above it.  Points
run by decreasing threshold from the empty prediction (``tp = fp = 0``,
threshold ``+inf``) to everything-positive (``tp = n_pos``, ``fp = n_neg``);
tied scores form one point.  The sort-and-count kernels that turn scores
and labels into those counts live in :mod:`skewplot.metrics.counting`.
"""

from __future__ import annotations

import numpy as np

from .._config import spare_threads
from .._validate import (
    as_plain_array,
    check_1d_array,
    check_finite,
    check_nonnegative,
    check_same_length,
    check_scalar,
    score_keys,
)
from ._labels import positive_mask
from .counting import LazyCounts, hard_label_counts, segment_ends, weighted_counts

__all__ = ["OperatingPoints", "operating_points"]


def _readonly(a):
    if a is None or isinstance(a, LazyCounts):  # built into an array when first read (_counts)
        return a
    a = np.asarray(a, dtype=float)  # the kernels' reversed views stay views
    a.flags.writeable = False
    return a


class OperatingPoints:
    """ROC operating points of one classifier on one data set (immutable).

    Build it with :func:`operating_points` (hard labels), or one of the
    constructors :meth:`from_weights` (soft labels), :meth:`from_rates`,
    :meth:`from_counts` and :meth:`from_score_counts`.

    Attributes
    ----------
    thresholds : ndarray or None
        Decreasing score thresholds; ``thresholds[0] = inf`` is the empty
        prediction.  A point predicts positive where ``score >= threshold``.
        None when built from rates without thresholds.
    tp, fp : ndarray or None
        (Weighted) true and false positives at each threshold, non-decreasing.
        None when built from rates without a skew.
    n_pos, n_neg : float or None
        Total positive and negative weight.
    tpr, fpr : ndarray
        ``tp / n_pos`` and ``fp / n_neg``, from (0, 0) to (1, 1).
    skew : float or None
        ``n_pos / (n_pos + n_neg)``, the data set's own skew pi.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.operating_points([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> pts.tp.tolist(), pts.fp.tolist()
    ([0.0, 1.0, 1.0, 2.0, 2.0], [0.0, 0.0, 1.0, 1.0, 2.0])
    >>> pts.skew
    0.5
    """

    __slots__ = ("_thresholds", "_tp", "_fp", "_n_pos", "_n_neg", "_tpr", "_fpr", "_skew", "_live", "_memos")

    def __init__(self, *, tpr=None, fpr=None, thresholds=None, tp=None, fp=None, n_pos=None, n_neg=None, live=None):
        # Private: the constructors below validate; this only stores.  ``live``: see _area_points.
        object.__setattr__(self, "_tpr", _readonly(tpr))
        object.__setattr__(self, "_fpr", _readonly(fpr))
        object.__setattr__(self, "_live", live)
        object.__setattr__(self, "_memos", {})
        object.__setattr__(self, "_thresholds", _readonly(thresholds))
        object.__setattr__(self, "_tp", _readonly(tp))
        object.__setattr__(self, "_fp", _readonly(fp))
        object.__setattr__(self, "_n_pos", None if n_pos is None else float(n_pos))
        object.__setattr__(self, "_n_neg", None if n_neg is None else float(n_neg))
        object.__setattr__(self, "_skew", None if n_pos is None else self._n_pos / (self._n_pos + self._n_neg))

    def __setattr__(self, name, value):
        raise AttributeError("OperatingPoints is immutable")

    def __delattr__(self, name):
        raise AttributeError("OperatingPoints is immutable")

    thresholds = property(lambda self: self._thresholds)
    tp = property(lambda self: self._counts("_tp"))
    fp = property(lambda self: self._counts("_fp"))
    n_pos = property(lambda self: self._n_pos)
    n_neg = property(lambda self: self._n_neg)
    skew = property(lambda self: self._skew)
    tpr = property(lambda self: self._rate("_tpr", self.tp, self._n_pos))
    fpr = property(lambda self: self._rate("_fpr", self.fp, self._n_neg))

    def _counts(self, slot):
        counts = getattr(self, slot)
        return counts.array() if isinstance(counts, LazyCounts) else counts

    def _rate(self, slot, counts, total):
        if getattr(self, slot) is None:  # built from counts: the rate is computed when first read
            object.__setattr__(self, slot, _readonly(counts / total))
        return getattr(self, slot)

    def __len__(self):
        return len(self._tp if self._tpr is None else self._tpr)

    def __repr__(self):
        skew = "None" if self._skew is None else f"{self._skew:.4g}"
        return f"OperatingPoints(n_points={len(self)}, n_pos={self._n_pos}, n_neg={self._n_neg}, skew={skew})"

    def _take(self, idx, thresholds=None):
        """The points at ``idx`` (increasing indices), with the same totals (``thresholds``: theirs, if known)."""
        def pick(a):
            return None if a is None else a.at(idx) if isinstance(a, LazyCounts) else a[idx]
        return OperatingPoints(tpr=pick(self._tpr), fpr=pick(self._fpr),
                               thresholds=pick(self._thresholds) if thresholds is None else thresholds,
                               tp=pick(self._tp), fp=pick(self._fp), n_pos=self._n_pos, n_neg=self._n_neg)

    def _area_points(self):
        """The ends of the segments where TPR grows and the two end points: the same ROC polyline.

        Every area (any interpolation, any skew model, ROC AUC) has zero terms
        elsewhere, so it costs O(positive segments) on these points.  Cached.
        """
        def reduced():
            live = np.flatnonzero(np.diff(self.tpr) > 0) if self._live is None else self._live
            idx = segment_ends(live, len(self))  # None when most points would stay
            return self if idx is None else self._take(idx)

        return self._memo("area", reduced)

    def _memo(self, key, compute):
        """``compute()``, computed at the first call for ``key`` and kept (the points never change)."""
        if key not in self._memos:
            self._memos[key] = compute()
        return self._memos[key]

    def __reduce__(self):
        return (_rebuild, (self._tpr, self._fpr, self._thresholds, self.tp, self.fp, self._n_pos, self._n_neg))

    # ------------------------------------------------------------------ builders
    @classmethod
    def _from_cumulative(cls, thresholds, tp, fp, live=None, *, relabel=None):
        """Store counts from the empty prediction to everything-positive (``live``: see counting; ``relabel``:
        thresholds computed on exact integer ranks mapped back, see ``_validate.score_keys``)."""
        thresholds = thresholds if relabel is None else relabel(thresholds)
        return cls(thresholds=thresholds, tp=tp, fp=fp, n_pos=float(tp[-1]), n_neg=float(fp[-1]), live=live)

    @classmethod
    def from_weights(cls, y_score, pos_weight, neg_weight=None):
        """Operating points of soft-labelled data [K].

        Each data point ``i`` adds ``pos_weight[i]`` to the positives and
        ``neg_weight[i]`` to the negatives.

        Parameters
        ----------
        y_score : array-like of shape (n,)
            Classifier scores; larger means more positive.
        pos_weight : array-like of shape (n,)
            Weight of each point in the positive class.  Without
            ``neg_weight`` it must lie in [0, 1] (a soft label).
        neg_weight : array-like of shape (n,), optional
            Weight in the negative class; defaults to ``1 - pos_weight``.

        Returns
        -------
        OperatingPoints
            One point per distinct score, with weighted counts.

        Examples
        --------
        >>> import skewplot as sp
        >>> pts = sp.OperatingPoints.from_weights([0.9, 0.5, 0.1], [0.8, 0.5, 0.1])
        >>> pts.tp.round(2).tolist()
        [0.0, 0.8, 1.3, 1.4]
        """
        score, relabel = score_keys(y_score, finite=False)  # the kernel checks the sorted scores' ends
        pw = check_1d_array(pos_weight, "pos_weight")
        check_same_length(("y_score", score), ("pos_weight", pw))
        if neg_weight is None:  # soft labels: the kernel checks that pw lies in [0, 1]
            return cls._from_cumulative(*weighted_counts(score, pw, None, n_threads=spare_threads()), relabel=relabel)
        check_finite(score, "y_score")
        check_nonnegative(pw, "pos_weight")
        nw = check_nonnegative(check_1d_array(neg_weight, "neg_weight"), "neg_weight")
        check_same_length(("y_score", score), ("neg_weight", nw))
        return cls._from_weighted(score, pw, nw, relabel)

    @classmethod
    def _from_weighted(cls, score, pw, nw, relabel=None):
        return cls._from_cumulative(*weighted_counts(score, pw, nw, n_threads=spare_threads()), relabel=relabel)

    @classmethod
    def from_rates(cls, tpr, fpr, *, skew=None, thresholds=None):
        """Operating points given directly as ROC rates.

        The points are put in order (by decreasing ``thresholds`` when given,
        else by increasing rates) and the end points (0, 0) and (1, 1) are
        added when missing.

        Parameters
        ----------
        tpr, fpr : array-like of shape (k,)
            True and false positive rates in [0, 1] that rise together.
        skew : float in (0, 1), optional
            The data set skew the rates were measured at.  Without it,
            ``tp``, ``fp``, ``n_pos``, ``n_neg`` and ``skew`` are None and
            metrics need an explicit ``skew=``.
        thresholds : array-like of shape (k,), optional
            The score threshold of each point.

        Returns
        -------
        OperatingPoints
            With counts only when ``skew`` is given (totals ``skew`` and ``1 - skew``).

        Examples
        --------
        >>> import skewplot as sp
        >>> pts = sp.OperatingPoints.from_rates([0.8], [0.2])
        >>> pts.tpr.tolist(), pts.fpr.tolist()
        ([0.0, 0.8, 1.0], [0.0, 0.2, 1.0])
        """
        tpr, fpr = (check_finite(check_1d_array(v, k), k) for v, k in ((tpr, "tpr"), (fpr, "fpr")))
        check_same_length(("tpr", tpr), ("fpr", fpr))
        for name, r in (("tpr", tpr), ("fpr", fpr)):
            if r.min() < 0 or r.max() > 1:
                raise ValueError(f"{name} must lie in [0, 1], found values in [{r.min():g}, {r.max():g}]")
        if thresholds is not None:
            thr = check_1d_array(thresholds, "thresholds")
            check_same_length(("tpr", tpr), ("thresholds", thr))
            if np.isnan(thr).any():
                raise ValueError("thresholds contains NaN")
            order = np.argsort(-thr, kind="stable")
            thr = thr[order]
        else:
            order, thr = np.lexsort((fpr, tpr)), None
        tpr, fpr = tpr[order], fpr[order]
        if np.any(np.diff(tpr) < 0) or np.any(np.diff(fpr) < 0):
            raise ValueError(
                "tpr and fpr must rise together along the curve (one classifier's points); "
                "the given points cross over"
            )
        if tpr[0] != 0 or fpr[0] != 0:
            tpr, fpr = np.concatenate(([0.0], tpr)), np.concatenate(([0.0], fpr))
            thr = None if thr is None else np.concatenate(([np.inf], thr))
        if tpr[-1] != 1 or fpr[-1] != 1:
            tpr, fpr = np.concatenate((tpr, [1.0])), np.concatenate((fpr, [1.0]))
            thr = None if thr is None else np.concatenate((thr, [-np.inf]))
        if skew is None:
            return cls(tpr=tpr, fpr=fpr, thresholds=thr)
        pi = check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
        return cls(tpr=tpr, fpr=fpr, thresholds=thr, tp=tpr * pi, fp=fpr * (1 - pi), n_pos=pi, n_neg=1 - pi)

    @classmethod
    def from_counts(cls, tp, fp, n_pos, n_neg, *, thresholds=None):
        """Operating points from cumulative counts computed elsewhere (SQL, Dask, Spark).

        Parameters
        ----------
        tp, fp : array-like of shape (k,)
            (Weighted) positives and negatives scored at or above each
            threshold, by decreasing threshold (non-decreasing counts).
        n_pos, n_neg : float
            Total positive and negative weight.
        thresholds : array-like of shape (k,), optional
            Decreasing thresholds of the points.

        Returns
        -------
        OperatingPoints
            With (0, 0) prepended and (n_pos, n_neg) appended where missing.

        See Also
        --------
        OperatingPoints.from_score_counts : from per-score (not cumulative) counts.
        """
        tp, fp = (check_nonnegative(check_1d_array(v, k), k) for v, k in ((tp, "tp"), (fp, "fp")))
        check_same_length(("tp", tp), ("fp", fp))
        n_pos, n_neg = (check_scalar(v, k, lo=0.0, lo_open=True) for v, k in ((n_pos, "n_pos"), (n_neg, "n_neg")))
        if np.any(np.diff(tp) < 0) or np.any(np.diff(fp) < 0):
            raise ValueError("tp and fp must be cumulative counts, non-decreasing by decreasing threshold")
        if tp[-1] > n_pos * (1 + 1e-9) or fp[-1] > n_neg * (1 + 1e-9):
            raise ValueError("tp must not exceed n_pos and fp must not exceed n_neg")
        thr = None
        if thresholds is not None:
            thr = check_1d_array(thresholds, "thresholds")
            check_same_length(("tp", tp), ("thresholds", thr))
            if np.any(thr[1:] > thr[:-1]):  # no difference: it overflows for scores near +-1.8e308
                raise ValueError("thresholds must be decreasing, in the order of tp and fp")
        if tp[0] != 0 or fp[0] != 0:
            tp, fp = np.concatenate(([0.0], tp)), np.concatenate(([0.0], fp))
            thr = None if thr is None else np.concatenate(([np.inf], thr))
        tp, fp = np.minimum(tp, n_pos), np.minimum(fp, n_neg)
        if tp[-1] != n_pos or fp[-1] != n_neg:
            tp, fp = np.concatenate((tp, [n_pos])), np.concatenate((fp, [n_neg]))
            thr = None if thr is None else np.concatenate((thr, [-np.inf]))
        return cls(tpr=tp / n_pos, fpr=fp / n_neg, thresholds=thr, tp=tp, fp=fp, n_pos=n_pos, n_neg=n_neg)

    @classmethod
    def from_score_counts(cls, scores, pos_counts, neg_counts):
        """Operating points from counts per score value, in any order.

        This is what a ``GROUP BY score`` query returns: for each (distinct or
        binned) score, the positive and negative weight that has it.  Equal
        scores are merged.

        Parameters
        ----------
        scores : array-like of shape (k,)
        pos_counts, neg_counts : array-like of shape (k,)
            Non-negative (weighted) counts.

        Returns
        -------
        OperatingPoints
            Equal to :func:`operating_points` on the unaggregated data.

        Examples
        --------
        >>> import skewplot as sp
        >>> a = sp.OperatingPoints.from_score_counts([0.2, 0.9, 0.5], [0, 3, 1], [4, 1, 2])
        >>> a.tp.tolist(), a.fp.tolist()
        ([0.0, 3.0, 4.0, 4.0], [0.0, 1.0, 3.0, 7.0])
        """
        score, relabel = score_keys(scores, name="scores")
        pc = check_nonnegative(check_1d_array(pos_counts, "pos_counts"), "pos_counts")
        nc = check_nonnegative(check_1d_array(neg_counts, "neg_counts"), "neg_counts")
        check_same_length(("scores", score), ("pos_counts", pc), ("neg_counts", nc))
        return cls._from_weighted(score, pc, nc, relabel)


def _rebuild(tpr, fpr, thr, tp, fp, n_pos, n_neg):
    return OperatingPoints(tpr=tpr, fpr=fpr, thresholds=thr, tp=tp, fp=fp, n_pos=n_pos, n_neg=n_neg)


def operating_points(y_true, y_score, *, sample_weight=None, pos_label=None):
    """Operating points of a scoring classifier on labelled data.

    One point per distinct score (ties form one point), by decreasing
    threshold, from the empty prediction (threshold ``inf``) to
    everything-positive.  Counts equal scikit-learn's
    ``roc_curve(..., drop_intermediate=False)`` times the class totals.
    Points whose sample weight is zero make no threshold.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels: {0, 1}, {-1, 1}, booleans, or any two values with
        ``pos_label``.
    y_score : array-like of shape (n,)
        Scores, larger meaning more positive; finite.
    sample_weight : array-like of shape (n,), optional
        Non-negative weights.
    pos_label : scalar, optional
        The positive class; needed for labels other than {0, 1}, {-1, 1}.

    Returns
    -------
    OperatingPoints

    Notes
    -----
    Without weights only the counts per distinct score are needed, so the
    kernel value-sorts the scores and places the sorted smaller class among
    them by binary search: one ``np.sort`` plus linear passes.
    With weights it is one ``np.argsort`` plus linear passes.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.operating_points([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> pts.thresholds.tolist()
    [inf, 0.9, 0.8, 0.1]
    >>> pts.tpr.tolist(), pts.fpr.tolist()
    ([0.0, 0.5, 1.0, 1.0], [0.0, 0.0, 0.5, 1.0])
    """
    score, relabel = score_keys(y_score, finite=sample_weight is not None)  # hard labels: checked once sorted
    y = as_plain_array(y_true, "y_true") if y_true is not None else None
    if y is None:
        raise TypeError("y_true must be an array-like of labels, got None")
    if y.ndim != 1:
        raise ValueError(f"y_true must be 1-D, got an array of shape {y.shape}")
    check_same_length(("y_true", y), ("y_score", score))
    is_pos = positive_mask(y, pos_label, y_score)
    if sample_weight is not None:
        w = check_1d_array(sample_weight, "sample_weight")
        check_same_length(("y_true", y), ("sample_weight", w))
        check_nonnegative(w, "sample_weight")
        pw = np.where(is_pos, w, 0.0)
        return OperatingPoints._from_weighted(score, pw, w - pw, relabel)
    return OperatingPoints._from_cumulative(*hard_label_counts(score, is_pos, lazy=True), relabel=relabel)

