"""Iterative Boolean combination: the best classifier or Boolean combination of two per skew [S Alg 1].

The candidates come from :mod:`.combine` (every threshold pair of every
pair of classifiers); here the best one per skew is kept, by F_alpha, with a
recipe that reproduces its decision on new scores.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from .._frames import is_table
from .._validate import check_same_length, check_scores
from ._rows import labelled_rows
from .combine import _APPLY, _labels_and_weights, boolean_combinations
from .fmeasure import _envelope_candidates, _f_at, _skew_grid
from .fweight import _check_alpha
from .points import operating_points

__all__ = ["BooleanRecipe", "IBCResult", "iterative_boolean_combination"]


def _names_columns(scores):
    """Whether ``scores`` names columns of a table: a non-empty list of str, or a mapping to str."""
    values = list(scores.values()) if isinstance(scores, Mapping) else scores
    return isinstance(values, (list, tuple)) and bool(values) and all(isinstance(v, str) for v in values)


@dataclass(frozen=True)
class BooleanRecipe:
    """How to reproduce one chosen decision on new scores.

    ``function`` None means the classifier ``a`` alone (``score_a >= t_a``);
    otherwise ``function(score_a >= t_a, score_b >= t_b)``.
    """

    a: object
    t_a: float
    function: str | None = None
    b: object = None
    t_b: float | None = None

    def apply(self, scores):
        """Boolean decisions (True = positive) on ``scores``, a mapping name -> array."""
        da = np.asarray(scores[self.a], dtype=float) >= self.t_a
        if self.function is None:
            return da
        db = np.asarray(scores[self.b], dtype=float) >= self.t_b
        return _APPLY[self.function](da, db)

    def __str__(self):
        if self.function is None:
            return f"{self.a} >= {self.t_a:g}"
        parts = {"a": f"({self.a} >= {self.t_a:g})", "b": f"({self.b} >= {self.t_b:g})"}
        return re.sub("[ab]", lambda m: parts[m.group()], self.function)


@dataclass(frozen=True)
class IBCResult:
    """Best single or combined decision per deployment skew [S Alg 1].

    Attributes
    ----------
    skews, f : ndarray of shape (k,)
        The skews and the best F_alpha at each.
    tpr, fpr : ndarray of shape (k,)
        The ROC point of the chosen decision.
    recipes : tuple of BooleanRecipe
        Aligned with ``skews``; ``recipes[i].apply(new_scores)`` decides.
    """

    skews: np.ndarray
    f: np.ndarray
    tpr: np.ndarray
    fpr: np.ndarray
    recipes: tuple
    f_alpha: float

    def decide(self, scores, skew_index):
        """Decisions on new ``scores`` (mapping name -> array) for ``skews[skew_index]``."""
        return self.recipes[skew_index].apply(scores)


def iterative_boolean_combination(data=None, scores=None, skews=None, *, y_true=None, f_alpha=None, sample_weight=None,
                                  pos_label=None):
    """Best classifier or Boolean combination of two for each skew, by F_alpha [S Alg 1].

    Candidates are every threshold of every classifier and every Boolean
    function of every pair of classifiers at every threshold pair
    (:func:`boolean_combinations`).  The ordered pairs (e, k) and (k, e) of
    [S Alg 1] give the same ten functions with ``a`` and ``b`` swapped, so
    each unordered pair is combined once.  Per skew the candidate with the
    highest F_alpha (the upper envelope of their F-curves) is kept; it is
    searched on each candidate set's ROC convex hull, where F reaches its
    maximum.  Ties go to a single classifier, then to the earlier pair.

    Parameters
    ----------
    data : array-like of shape (n,) or DataFrame, optional
        The labels, first as in :func:`boolean_combinations`
        (``iterative_boolean_combination(y_true, scores, skews)``), or a
        table whose columns ``y_true=`` and ``scores`` (and
        ``sample_weight=``) name.  The older order ``(scores, y_true,
        skews)`` still works for one release, with a DeprecationWarning.
    scores : mapping name -> array-like of shape (n,) or str, or list of str
        At least two classifiers' scores on the validation samples; with a
        table, their columns (a list of column names, or a mapping name ->
        column).
    skews : array-like of shape (k,) in [0, 1]
        Deployment skews pi = P(+) (the operating conditions).
    y_true : array-like of shape (n,) or str, optional
        The labels when ``data`` is None, or their column in ``data``.
    f_alpha : float in [0, 1], optional
        The F weight (None: 0.5, F1).
    sample_weight : array-like of shape (n,) or str, optional
    pos_label : scalar, optional

    Returns
    -------
    IBCResult

    Examples
    --------
    >>> import skewplot as sp
    >>> y = [1, 1, 0, 0, 0, 0]
    >>> scores = {"u": [0.9, 0.1, 0.8, 0.2, 0.3, 0.4], "v": [0.1, 0.9, 0.8, 0.2, 0.3, 0.4]}
    >>> ibc = sp.iterative_boolean_combination(y, scores, [0.2, 0.5])
    >>> ibc.f.round(4).tolist(), str(ibc.recipes[1])
    ([1.0, 1.0], '~((u >= 0.2)&(v >= 0.2))')
    >>> ibc.decide(scores, 1).tolist()
    [True, True, False, False, False, False]
    """
    if isinstance(data, Mapping) and not _names_columns(scores) and not is_table(data):
        warnings.warn("iterative_boolean_combination(scores, y_true, skews) is the old order: the labels come "
                      "first, as in boolean_combinations; call iterative_boolean_combination(y_true, scores, skews)",
                      DeprecationWarning, stacklevel=2)
        data, scores = scores, data
    if isinstance(scores, (list, tuple)) and _names_columns(scores):
        scores = {name: name for name in scores}
    if not isinstance(scores, Mapping):
        raise TypeError("scores must be a mapping name -> scores (or, with a table, a list of column names), "
                        f"got {type(scores).__name__}")
    if len(scores) < 2:
        raise ValueError(f"scores must hold at least two classifiers to combine, got {len(scores)}")
    if skews is None:
        raise TypeError("iterative_boolean_combination(y_true, scores, skews): skews is missing")
    f_alpha = _check_alpha(0.5 if f_alpha is None else f_alpha)  # None: F1, as every f_alpha=
    pi = np.atleast_1d(_skew_grid(skews))
    names = list(scores)
    y_true, columns, sample_weight = labelled_rows(
        data, [(f"scores[{name!r}]", scores[name]) for name in names], y_true=y_true, sample_weight=sample_weight,
        func="iterative_boolean_combination", skew_arg=None)
    arrays = {name: check_scores(col, f"scores[{name!r}]") for name, col in zip(names, columns, strict=True)}
    check_same_length(*((f"scores[{name!r}]", arrays[name]) for name in names))
    is_pos, w = _labels_and_weights(y_true, arrays[names[0]], f"scores[{names[0]!r}]", sample_weight, pos_label)

    best_f = np.full(pi.size, -np.inf)
    best_t, best_r = np.zeros(pi.size), np.zeros(pi.size)
    recipes = [None] * pi.size

    def offer(tpr, fpr, make_recipe):
        cand = _envelope_candidates(tpr, fpr, f_alpha)
        table = _f_at(tpr[cand], fpr[cand], pi[:, None], f_alpha)
        k = np.argmax(table, axis=1)
        f = table[np.arange(pi.size), k]
        better = f > best_f
        best_f[better] = f[better]
        for s in np.flatnonzero(better):  # over skews, not samples
            best_t[s], best_r[s] = tpr[cand[k[s]]], fpr[cand[k[s]]]
            recipes[s] = make_recipe(int(cand[k[s]]))

    for name in names:
        pts = operating_points(is_pos, arrays[name], sample_weight=w)
        offer(np.asarray(pts.tpr), np.asarray(pts.fpr),
              lambda i, name=name, thr=pts.thresholds: BooleanRecipe(name, float(thr[i])))
    for na, nb in combinations(names, 2):
        combos = boolean_combinations(is_pos, arrays[na], arrays[nb], sample_weight=w)

        def make(k, na=na, nb=nb, combos=combos):
            fn, t_a, t_b = combos.row(k)
            return BooleanRecipe(na, t_a, fn, nb, t_b)

        offer(combos.tpr.ravel(), combos.fpr.ravel(), make)
    return IBCResult(skews=pi, f=best_f, tpr=best_t, fpr=best_r, recipes=tuple(recipes), f_alpha=f_alpha)
