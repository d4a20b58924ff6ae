"""Boolean combination of two classifiers' decisions [S §3.4.2, Alg 1] (the iterative search: :mod:`.ibc`).

For thresholds ``(t_a, t_b)`` the crisp decisions are ``a = score_a >= t_a``
and ``b = score_b >= t_b``.  On each class every one of the ten Boolean
functions of ``a`` and ``b`` counts follows from ``|a|``, ``|b|`` and
``|a & b|``; ``|a & b|`` for every pair of thresholds is a 2-D cumulative
count over the two score ranks, so all ``10 Ta Tb`` combinations cost
``O(n + Ta Tb)``.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .._memory import check_memory
from .._validate import check_1d_array, check_nonnegative, check_same_length, check_scores, require
from ._labels import positive_mask
from ._rows import labelled_rows, refuse_labels_last

__all__ = ["FUNCTIONS", "BooleanCombinations", "boolean_combinations"]

#: The ten Boolean functions of [S Alg 1], B_1 ... B_10, in that order.
FUNCTIONS = ("a&b", "~a&b", "a&~b", "~(a&b)", "a|b", "~a|b", "a|~b", "~(a|b)", "a^b", "a==b")

_APPLY = {
    "a&b": lambda a, b: a & b,
    "~a&b": lambda a, b: ~a & b,
    "a&~b": lambda a, b: a & ~b,
    "~(a&b)": lambda a, b: ~(a & b),
    "a|b": lambda a, b: a | b,
    "~a|b": lambda a, b: ~a | b,
    "a|~b": lambda a, b: a | ~b,
    "~(a|b)": lambda a, b: ~(a | b),
    "a^b": lambda a, b: a ^ b,
    "a==b": lambda a, b: a == b,
}

_COLUMNS = ("function", "t_a", "t_b", "tpr", "fpr")
_BLOCK_ROWS = 64  # rows of the Ta x Tb tables per block: the block stays in cache


def _ranks(score):
    """Distinct scores (decreasing) and each sample's rank among them (0 = highest)."""
    values, inverse = np.unique(score, return_inverse=True)
    return values[::-1], (values.size - 1) - inverse.ravel()


def _and_counts(rank_a, rank_b, weight, ta, tb):
    """``X[i, j]``: weight of the samples with ``rank_a <= i`` and ``rank_b <= j``.

    Whole-number counts stay int64 (``weight`` None): exact, and their
    cumulative sums vectorise where float ones cannot.
    """
    x = np.bincount(rank_a * tb + rank_b, weights=weight, minlength=ta * tb).reshape(ta, tb)
    np.cumsum(x, axis=1, out=x)
    if tb >= 64:  # row by row: each step is a vectorised add over tb values
        for i in range(1, ta):
            np.add(x[i - 1], x[i], out=x[i])
    else:
        np.cumsum(x, axis=0, out=x)
    return x


def _fill_rates(out, x, exact):
    """Rates of the ten functions from ``|a & b|`` counts ``x`` (Ta, Tb) of one class.

    Block by block, so that each block stays in cache.  Rates come from
    counts times ``r = fl(1/n)``, which keeps every value in [0, 1]
    (``c r <= n r`` rounds to at most 1); the complements are ``1 - rate``.
    """
    n = float(x[-1, -1])
    r = 1.0 / n
    a_all, b_all = x[:, -1].astype(float), x[-1, :].astype(float)
    b_rate = b_all * r
    for r0 in range(0, x.shape[0], _BLOCK_ROWS):
        r1 = r0 + _BLOCK_ROWS
        xb, a, o = x[r0:r1].astype(float), a_all[r0:r1, None], out[:, r0:r1]
        np.add(a, b_all, out=o[4])
        o[4] -= xb                             # |a | b| (counts)
        np.subtract(o[4], xb, out=o[8])        # |a ^ b| (counts)
        o[4] *= r                              # a | b
        o[8] *= r                              # a ^ b
        np.multiply(xb, r, out=o[0])           # a & b
        np.subtract(b_rate, o[0], out=o[1])    # ~a & b
        np.subtract(a * r, o[0], out=o[2])     # a & ~b
        np.subtract(1.0, o[0], out=o[3])       # ~(a & b)
        np.subtract(1.0, o[2], out=o[5])       # ~a | b
        np.subtract(1.0, o[1], out=o[6])       # a | ~b
        np.subtract(1.0, o[4], out=o[7])       # ~(a | b)
        np.subtract(1.0, o[8], out=o[9])       # a == b
        if not exact:  # weighted sums may round a hair outside [0, 1]
            np.clip(o, 0.0, 1.0, out=o)


class BooleanCombinations(Mapping):
    """ROC points of the ten Boolean functions of two classifiers, for every threshold pair.

    A read-only mapping of equal-length columns ``function``, ``t_a``,
    ``t_b``, ``tpr``, ``fpr`` (one row per function and threshold pair, in
    the order of ``FUNCTIONS``, then ``t_a``, then ``t_b``); the columns are
    built on access.  The same numbers as 3-D arrays, without copies:

    Attributes
    ----------
    functions : tuple of str
        ``FUNCTIONS``.
    thresholds_a, thresholds_b : ndarray
        The distinct scores of each classifier, decreasing.
    tpr, fpr : ndarray of shape (10, Ta, Tb)
        ``tpr[f, i, j]`` is the TPR of function ``f`` with thresholds
        ``thresholds_a[i]`` and ``thresholds_b[j]``.
    n_pos, n_neg : float
        Class totals.
    """

    def __init__(self, thresholds_a, thresholds_b, tpr, fpr, n_pos, n_neg):
        self.functions = FUNCTIONS
        self.thresholds_a, self.thresholds_b = thresholds_a, thresholds_b
        self.tpr, self.fpr = tpr, fpr
        self.n_pos, self.n_neg = float(n_pos), float(n_neg)

    @property
    def n_rows(self):
        """Number of rows of the table: ``10 * Ta * Tb``."""
        return self.tpr.size

    def __getitem__(self, column):
        ta, tb = self.thresholds_a.size, self.thresholds_b.size
        if column == "tpr":
            return self.tpr.ravel()
        if column == "fpr":
            return self.fpr.ravel()
        if column == "function":
            return np.repeat(np.asarray(FUNCTIONS), ta * tb)
        if column == "t_a":
            return np.tile(np.repeat(self.thresholds_a, tb), len(FUNCTIONS))
        if column == "t_b":
            return np.tile(self.thresholds_b, len(FUNCTIONS) * ta)
        raise KeyError(f"no column {column!r}; the columns are {', '.join(_COLUMNS)}")

    def __iter__(self):
        return iter(_COLUMNS)

    def __len__(self):
        return len(_COLUMNS)

    def row(self, k):
        """``(function, t_a, t_b)`` of row ``k`` of the table."""
        f, i, j = np.unravel_index(int(k), self.tpr.shape)
        return FUNCTIONS[f], float(self.thresholds_a[i]), float(self.thresholds_b[j])

    def to_frame(self):
        """The table as a pandas DataFrame (``function`` categorical); needs pandas."""
        pd = require("pandas", "BooleanCombinations.to_frame")

        data = {c: self[c] for c in _COLUMNS}
        data["function"] = pd.Categorical.from_codes(
            np.repeat(np.arange(len(FUNCTIONS)), self.tpr[0].size), categories=list(FUNCTIONS)
        )
        return pd.DataFrame(data)

    def __repr__(self):
        ta, tb = self.thresholds_a.size, self.thresholds_b.size
        return f"BooleanCombinations(functions=10, Ta={ta}, Tb={tb}, rows={self.n_rows})"


def _labels_and_weights(y_true, scores, scores_name, sample_weight, pos_label):
    y = np.asarray(y_true)
    if y.ndim != 1:
        raise ValueError(f"y_true must be 1-D, got an array of shape {y.shape}")
    check_same_length(("y_true", y), (scores_name, scores))
    is_pos = positive_mask(y, pos_label)
    if sample_weight is None:
        return is_pos, None
    w = check_nonnegative(check_1d_array(sample_weight, "sample_weight"), "sample_weight")
    check_same_length(("y_true", y), ("sample_weight", w))
    if not (w * is_pos).sum() > 0 or not (w * ~is_pos).sum() > 0:
        raise ValueError("sample_weight gives one class zero total weight; both classes are needed")
    return is_pos, w


def boolean_combinations(data=None, score_a=None, score_b=None, *, y_true=None, sample_weight=None, pos_label=None):
    """ROC points of all ten Boolean combinations of two classifiers [S Alg 1].

    Every pair ``(t_a, t_b)`` of a distinct score of ``a`` and a distinct
    score of ``b`` is a threshold pair (as in [S Alg 1]; the lowest score
    already predicts everything positive, and the all-negative decision is
    not added).  Decisions are ``score >= threshold``.

    Parameters
    ----------
    data : array-like of shape (n,) or DataFrame, optional
        The labels, first as in :func:`skewplot.compare`
        (``boolean_combinations(y_true, score_a, score_b)``), or a table
        whose columns ``y_true=``, ``score_a=``, ``score_b=`` (and
        ``sample_weight=``) name.  Binary labels as
        :func:`skewplot.operating_points` takes them.
    score_a, score_b : array-like of shape (n,) or str
        Scores of the two classifiers on the same samples (or their columns).
    y_true : array-like or str, optional
        The labels when ``data`` is None, or their column in ``data``.
    sample_weight : array-like of shape (n,) or str, optional
    pos_label : scalar, optional

    Returns
    -------
    BooleanCombinations
        A mapping of equal-length columns ``function``, ``t_a``, ``t_b``,
        ``tpr``, ``fpr`` (``to_frame()`` gives a DataFrame), and the 3-D
        arrays ``tpr``, ``fpr`` of shape (10, Ta, Tb).

    Notes
    -----
    Time ``O(n log n + Ta Tb)``: one sort per classifier, a 2-D histogram of
    the two score ranks per class, its 2-D cumulative sum, and one pass per
    function.  Memory is about ``192 Ta Tb`` bytes; above
    :func:`skewplot.get_memory_limit` (4 GiB unless changed with
    :func:`skewplot.set_memory_limit`) a ``MemoryError`` says how much would
    be needed, before anything is allocated.

    Examples
    --------
    >>> import skewplot as sp
    >>> combos = sp.boolean_combinations([1, 1, 0, 0], [0.9, 0.2, 0.6, 0.1], [0.3, 0.8, 0.7, 0.2])
    >>> combos.tpr.shape
    (10, 4, 4)
    >>> i, j = 0, 1      # t_a = 0.9, t_b = 0.7
    >>> f = sp.metrics.combine.FUNCTIONS.index("a|b")
    >>> float(combos.tpr[f, i, j]), float(combos.fpr[f, i, j])
    (1.0, 0.5)
    """
    refuse_labels_last(data, score_b, y_true, "boolean_combinations(y_true, score_a, score_b)",
                       "score_a, score_b, y_true")
    y_true, (score_a, score_b), sample_weight = labelled_rows(
        data, [("score_a", score_a), ("score_b", score_b)], y_true=y_true, sample_weight=sample_weight,
        func="boolean_combinations", skew_arg=None)
    sa = check_scores(score_a, "score_a")
    sb = check_scores(score_b, "score_b")
    check_same_length(("score_a", sa), ("score_b", sb))
    is_pos, w = _labels_and_weights(y_true, sa, "score_a", sample_weight, pos_label)
    thr_a, rank_a = _ranks(sa)
    thr_b, rank_b = _ranks(sb)
    ta, tb = thr_a.size, thr_b.size
    # Two (10, Ta, Tb) float outputs, the cumulative table and _fill_rates' temporaries.
    check_memory((2 * len(FUNCTIONS) + 4) * ta * tb * 8,
                 f"boolean_combinations with {ta} x {tb} distinct scores of score_a x score_b")
    shape = (len(FUNCTIONS), ta, tb)
    tpr, fpr = np.empty(shape), np.empty(shape)
    totals = []
    for cls, out in ((is_pos, tpr), (~is_pos, fpr)):
        if w is None:
            x = _and_counts(rank_a[cls], rank_b[cls], None, ta, tb)
        else:
            x = _and_counts(rank_a, rank_b, np.where(cls, w, 0.0), ta, tb)
        totals.append(float(x[-1, -1]))
        _fill_rates(out, x, exact=w is None)
    return BooleanCombinations(thr_a, thr_b, tpr, fpr, totals[0], totals[1])
