"""Multiclass scores as one binary problem per class: "class k against the rest".

:func:`one_vs_rest` turns labels of K >= 3 classes and a score per class
(scikit-learn's ``predict_proba`` or ``decision_function`` matrix, a
mapping ``{class: scores}``, or score columns of a table) into a
:class:`OneVsRest`: a read-only mapping ``{class: OperatingPoints}`` that
also carries the test set's class priors.  Each class is sorted once; every
per-class metric or curve at a new vector of class priors is then a closed
form on these counts (:mod:`skewplot.metrics.per_class`).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np

from .._frames import eager_columns, is_table
from .._validate import as_plain_array, check_1d_array, check_finite, check_nonnegative, check_same_length, plain
from .mixed_counts import class_at
from .points import OperatingPoints, _readonly

__all__ = ["OneVsRest", "one_vs_rest", "check_priors", "PRIOR_ATOL"]


def _key(value):
    """A class label as a plain Python value (``0``, not ``np.int64(0)``), for mapping keys."""
    return value.item() if isinstance(value, np.generic) else value


#: How far from 1 a prior vector's sum may be (rounding of typed or estimated priors).
PRIOR_ATOL = 1e-6


def _is_estimate(value):
    """An estimate of class priors (:class:`~skewplot.PriorEstimate`): an object with a ``priors`` mapping."""
    return not isinstance(value, Mapping) and isinstance(getattr(value, "priors", None), Mapping)


def check_priors(priors, classes, name="skew"):
    """``priors`` as ``{class: float}`` in the order of ``classes``, or a ValueError/TypeError naming ``name``.

    ``priors`` is a mapping ``{class: prior}`` or an estimate with a
    ``.priors`` mapping; its keys must be ``classes``, each prior in
    [0, 1], their sum 1 within :data:`PRIOR_ATOL`.

    Examples
    --------
    >>> from skewplot.metrics.multiclass import check_priors
    >>> check_priors({"b": 0.3, "a": 0.7}, ["a", "b"])
    {'a': 0.7, 'b': 0.3}
    >>> check_priors({"a": 0.7, "b": 0.2}, ["a", "b"])
    Traceback (most recent call last):
    ...
    ValueError: skew: the class priors must sum to 1, got 0.9 ({'a': 0.7, 'b': 0.2})
    """
    if _is_estimate(priors):
        priors = priors.priors
    if not isinstance(priors, Mapping):
        raise TypeError(
            f"{name} must be a mapping {{class: prior}} (one prior per class, summing to 1) or a PriorEstimate "
            f"(skewplot.estimate_priors), got {type(priors).__name__} {priors!r}"
        )
    given = {_key(k): v for k, v in priors.items()}
    missing = [plain(c) for c in classes if c not in given]
    extra = [plain(k) for k in given if k not in set(classes)]
    if missing or extra:
        parts = ([f"no prior for class(es) {', '.join(missing)}"] if missing else []) + \
                ([f"class(es) {', '.join(extra)} not among the classes"] if extra else [])
        raise ValueError(f"{name}: {'; '.join(parts)}; the classes are {', '.join(plain(c) for c in classes)}")
    out = {}
    for c in classes:
        v = given[c]
        if isinstance(v, bool) or not isinstance(v, (numbers.Real, np.floating, np.integer)):
            raise TypeError(f"{name}[{plain(c)}] must be a number (a class prior), got {type(v).__name__} {v!r}")
        v = float(v)
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"{name}[{plain(c)}] must lie in [0, 1], got {v:g}")
        out[c] = v
    total = sum(out.values())
    if abs(total - 1.0) > PRIOR_ATOL:
        raise ValueError(f"{name}: the class priors must sum to 1, got {total:.6g} ({out})")
    return out


class OneVsRest(Mapping):
    """One-vs-rest operating points of a multiclass classifier: ``{class: OperatingPoints}`` (read-only).

    Build it with :func:`one_vs_rest`.  Entry ``k`` holds the operating
    points of "class k against every other class"; its ``skew`` is class
    k's prior in the test set.

    Attributes
    ----------
    classes : tuple
        The classes, in the order of the score columns.
    priors : dict
        ``{class: prior}``: each class's (weighted) share of the test set;
        they sum to 1.

    Examples
    --------
    >>> import skewplot as sp
    >>> ovr = sp.one_vs_rest([0, 1, 2, 2], [[.8, .1, .1], [.2, .5, .3], [.1, .2, .7], [.3, .3, .4]])
    >>> ovr.classes, ovr.priors
    ((0, 1, 2), {0: 0.25, 1: 0.25, 2: 0.5})
    >>> ovr[2].tp.tolist()
    [0.0, 1.0, 2.0, 2.0, 2.0]
    """

    __slots__ = ("_points", "_counts")

    def __init__(self, points, counts):
        # Private: one_vs_rest validates; this only stores (``counts``: see class_counts).
        object.__setattr__(self, "_points", dict(points))
        object.__setattr__(self, "_counts", {k: _readonly(c) for k, c in counts.items()})

    def __setattr__(self, name, value):
        raise AttributeError("OneVsRest is immutable")

    def __getitem__(self, key):
        return self._points[key]

    def __iter__(self):
        return iter(self._points)

    def __len__(self):
        return len(self._points)

    @property
    def classes(self):
        return tuple(self._points)

    @property
    def priors(self):
        return {k: pts.skew for k, pts in self._points.items()}

    def class_counts(self, cls):
        """Read-only array: ``[i, j]``, the weight of class ``classes[j]`` at or above ``self[cls].thresholds[i]``."""
        return self._counts[cls]

    def __repr__(self):
        shown = ", ".join(f"{plain(k)}: {p:.4g}" for k, p in self.priors.items())
        return f"OneVsRest(n_classes={len(self)}, priors={{{shown}}})"

    def __reduce__(self):
        return (OneVsRest, (self._points, self._counts))

    def _weights(self, priors):
        """Weight per unit of each class's test weight that gives it the prior ``priors[j]``."""
        totals = next(iter(self._counts.values()))[-1]
        return np.array([priors[c] for c in self._points]) / totals * totals.sum()

    def against_rest(self, cls, priors):
        """Class ``cls``'s points with "the rest" at the composition ``priors`` gives it, its totals kept.

        Under a prior vector the rest of class k is the mixture of the other
        classes at their new priors, so its FPR at each threshold is
        ``sum_j pi'_j FPR_kj / (1 - pi'_k)``: a closed form on the stored
        per-class counts, no sorting.  The positives and the rest keep their
        test totals (the skew is given separately, ``skew=priors[cls]``).
        With ``priors[cls] = 1`` the rest is kept at the test composition.
        """
        counts, pts = self._counts[cls], self._points[cls]
        i = self.classes.index(cls)
        w = self._weights(priors)
        w[i] = 0.0
        rest = counts[-1] @ w
        if not rest > 0:  # no rest at these priors: any composition gives precision 1
            return pts
        w *= pts.n_neg / rest
        return OperatingPoints._from_cumulative(pts.thresholds, pts.tp, counts @ w)

    def at_priors(self, priors):
        """The same classifier on the test set reweighted to class priors ``priors`` (importance weights).

        Each row of class j weighs ``pi'_j / pi_j``, so every class's own
        skew is its new prior and every space drawn at ``skew=None`` shows
        the deployment: ``plot_roc(ovr.at_priors(p))`` draws each class
        against the rest as the deployment mixes it.  No sorting.

        Parameters
        ----------
        priors : mapping or PriorEstimate
            ``{class: prior}``, each in (0, 1), summing to 1.

        Returns
        -------
        OneVsRest

        Examples
        --------
        >>> import skewplot as sp
        >>> ovr = sp.one_vs_rest([0, 1, 2, 2], [[.8, .1, .1], [.2, .5, .3], [.1, .2, .7], [.3, .3, .4]])
        >>> {k: round(p, 12) for k, p in ovr.at_priors({0: 0.1, 1: 0.3, 2: 0.6}).priors.items()}
        {0: 0.1, 1: 0.3, 2: 0.6}
        """
        w = self._row_weights(priors)
        return OneVsRest(self._points_at(w), {k: c * w for k, c in self._counts.items()})

    def _row_weights(self, priors):
        """``pi'_j / pi_j`` per class: the weight of each test row of class j at the vector ``priors`` (checked)."""
        priors = check_priors(priors, self.classes, "priors")
        zero = [plain(c) for c, p in priors.items() if not 0.0 < p < 1.0]
        if zero:
            raise ValueError(f"priors: class(es) {', '.join(zero)} have prior 0 or 1, where their one-vs-rest curve "
                             "does not exist; give priors in (0, 1), or leave the class out")
        return self._weights(priors) / self._weights(self.priors)

    def _points_at(self, w, thresholds=None):
        """``{class: OperatingPoints}``, each test row of class j weighted ``w[j]`` (TPR grows where it did)."""
        points = {}
        for i, (k, c) in enumerate(self._counts.items()):
            own = self._points.get(k)  # None while one_vs_rest builds the mapping (``thresholds`` given)
            points[k] = class_at(c, w, i, thresholds[k] if own is None else own)
        return points


def _class_counts(score, label, weight, n_classes):
    """``(thresholds, counts)`` by one sort: ``counts[i, j]``, class j's weight scored at or above ``thresholds[i]``.

    Row 0 is the empty prediction (threshold ``inf``); rows of zero weight make no threshold.
    """
    if weight is not None and not (weight > 0).all():
        keep = weight > 0
        score, label, weight = score[keep], label[keep], weight[keep]
    order = np.argsort(-score, kind="stable")
    s = score[order]
    ends = np.flatnonzero(np.r_[s[1:] != s[:-1], True])
    rows = np.zeros((s.size, n_classes))
    rows[np.arange(s.size), label[order]] = 1.0 if weight is None else weight[order]
    counts = np.vstack([np.zeros(n_classes), np.cumsum(rows, axis=0)[ends]])
    return np.r_[np.inf, s[ends]], np.asfortranarray(counts)  # stored by column: see _points_at


def _refuse_two(n, where):
    raise ValueError(
        f"{where} has {n} classes; one-vs-rest needs three or more. For two classes use the binary functions "
        "on the positive class's scores: sp.operating_points(y_true, y_score[:, 1]), sp.aucpr(y_true, "
        "y_score[:, 1], skew=...), sp.plot_pr(...)"
    )


def _score_columns(y_score, classes, labels):
    """``(classes, [column per class])`` from a matrix or a mapping ``{class: scores}``."""
    if isinstance(y_score, Mapping):
        if classes is not None:
            raise TypeError("classes= names the columns of a y_score matrix; a mapping y_score names them by its keys")
        if not y_score:
            raise ValueError("y_score is an empty mapping; give one score array per class")
        keys = [_key(k) for k in y_score]
        cols = [check_finite(check_1d_array(v, f"y_score[{plain(k)}]"), f"y_score[{plain(k)}]")
                for k, v in zip(keys, y_score.values(), strict=True)]
        return keys, cols
    if y_score is None:
        raise TypeError("one_vs_rest needs y_score: an (n, K) matrix of scores, one column per class "
                        "(predict_proba or decision_function), or a mapping {class: scores}")
    s = as_plain_array(y_score, "y_score")
    if s.ndim == 1:
        raise ValueError(
            f"y_score is 1-D (shape {s.shape}): one score per row is a binary classifier's; one_vs_rest needs one "
            "column per class, an (n, K) matrix, or a mapping {class: scores}"
        )
    if s.ndim != 2:
        raise ValueError(f"y_score must be an (n, K) matrix, got an array of shape {s.shape}")
    if s.dtype.kind not in "biuf":
        raise TypeError(f"y_score must hold numbers, got dtype {s.dtype}")
    s = check_finite(s.astype(float, copy=False), "y_score")
    if classes is None:
        found = np.unique(labels)
        if s.shape[1] != found.size:
            raise ValueError(
                f"y_score has {s.shape[1]} columns but y_true has {found.size} classes "
                f"({', '.join(plain(v) for v in found[:10])}); name the columns with classes= "
                "(for a fitted scikit-learn classifier: classes=clf.classes_)"
            )
        classes = found
    classes = [_key(c) for c in as_plain_array(classes, "classes").ravel()]
    if len(classes) != s.shape[1]:
        raise ValueError(f"classes has {len(classes)} entries but y_score has {s.shape[1]} columns; "
                         "give one class per column, in the columns' order")
    return classes, [s[:, j] for j in range(s.shape[1])]


def _from_table(data, y_true, y_score, classes, sample_weight):
    if not isinstance(y_true, str):
        raise TypeError("with data=table, y_true names the column of class labels (a str)")
    if isinstance(y_score, Mapping):
        if classes is not None:
            raise TypeError("classes= is given twice: as y_score's keys and as classes=")
        classes, names = [_key(k) for k in y_score], list(y_score.values())
    elif isinstance(y_score, (list, tuple)) and y_score and all(isinstance(c, str) for c in y_score):
        names = list(y_score)
    else:
        raise TypeError("with data=table, y_score lists the score columns, one per class (a list of column "
                        "names in sorted-class order, or with classes=), or maps each class to its column")
    roles = {"y_true": y_true, **{f"y_score[{i}]": n for i, n in enumerate(names)}}
    if sample_weight is not None:
        if not isinstance(sample_weight, str):
            raise TypeError("with data=table, sample_weight names a column (a str)")
        roles["sample_weight"] = sample_weight
    cols, _ = eager_columns(data, roles)
    matrix = np.column_stack([cols[f"y_score[{i}]"] for i in range(len(names))])
    return cols["y_true"], matrix, classes, cols.get("sample_weight")


def one_vs_rest(y_true=None, y_score=None, *, classes=None, sample_weight=None, data=None):
    """One-vs-rest operating points of a multiclass classifier, one sort per class.

    Parameters
    ----------
    y_true : array-like of shape (n,) or str
        Class labels (three classes or more), or their column in ``data``.
    y_score : array-like of shape (n, K), mapping, or list of str
        Scores, larger meaning more of that class: a matrix with one
        column per class in sorted-label order (what scikit-learn's
        ``predict_proba`` and ``decision_function`` return), or a mapping
        ``{class: scores}``; with ``data``, the score columns (a list of
        names, or a mapping ``{class: column name}``).
    classes : array-like of shape (K,), optional
        The class of each column of ``y_score`` (default: the sorted labels
        of ``y_true``); for a fitted scikit-learn classifier ``clf.classes_``.
    sample_weight : array-like of shape (n,) or str, optional
        Non-negative weights of the rows (or their column in ``data``).
    data : DataFrame or dict of columns, optional
        A table with a class column (``y_true=``) and one score column per
        class (``y_score=``).

    Returns
    -------
    OneVsRest
        ``{class: OperatingPoints}`` with the test set's class priors as
        ``.priors``.

    Raises
    ------
    ValueError
        Two classes (use the binary functions); a class of ``classes`` absent from ``y_true`` (its curve
        has no positives), or a label of ``y_true`` that no column scores; lengths or column counts that
        do not match; NaN or infinite scores.

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 3, 1000)                     # three classes
    >>> proba = rng.dirichlet([1, 1, 1], 1000) + 0.3 * np.eye(3)[y]
    >>> proba /= proba.sum(axis=1, keepdims=True)          # as predict_proba returns
    >>> ovr = sp.one_vs_rest(y, proba)
    >>> ovr
    OneVsRest(n_classes=3, priors={0: 0.315, 1: 0.33, 2: 0.355})
    >>> res = sp.aucpr(ovr, skew={0: 0.9, 1: 0.05, 2: 0.05})  # class 1 and 2 rare
    >>> round(res[1], 3), round(res.macro, 3), round(res.weighted, 3)
    (0.289, 0.513, 0.9)
    """
    if data is not None:
        if not (is_table(data) or isinstance(data, Mapping)):
            raise TypeError(f"data must be a table (a DataFrame or a dict of columns), got {type(data).__name__}")
        y_true, y_score, classes, sample_weight = _from_table(data, y_true, y_score, classes, sample_weight)
    if y_true is None:
        raise TypeError("one_vs_rest needs y_true: the class labels")
    y = as_plain_array(y_true, "y_true")
    if y.ndim != 1 or y.size == 0:
        raise ValueError(f"y_true must be a non-empty 1-D array of class labels, got shape {y.shape}")
    if y.dtype.kind == "f" and not np.isfinite(y).all():
        raise ValueError("y_true contains NaN or infinite values")
    classes, cols = _score_columns(y_score, classes, y)
    if len(set(classes)) != len(classes):
        raise ValueError(f"classes must be distinct, got {[plain(c) for c in classes]}")
    if len(classes) < 3:
        _refuse_two(len(classes), "y_score")
    check_same_length(("y_true", y), *((f"y_score[{plain(k)}]", c) for k, c in zip(classes, cols, strict=True)))
    w = None
    if sample_weight is not None:
        w = check_nonnegative(check_1d_array(sample_weight, "sample_weight"), "sample_weight")
        check_same_length(("y_true", y), ("sample_weight", w))
    found = {_key(v) for v in np.unique(y)}
    unscored = found - set(classes)
    if unscored:
        raise ValueError(f"y_true holds label(s) {sorted(plain(v) for v in unscored)} that no column of y_score "
                         f"scores (classes: {[plain(c) for c in classes]})")
    index = {c: i for i, c in enumerate(classes)}
    label = np.array([index[_key(v)] for v in y.tolist()], dtype=np.intp)
    present = np.bincount(label, weights=w, minlength=len(classes))
    if not present.all():
        absent = classes[int(np.flatnonzero(present == 0)[0])]
        raise ValueError(f"class {plain(absent)} of classes does not occur in y_true (with positive weight); its "
                         "one-vs-rest curve has no positives. Drop its column, or test on data that has it")
    thresholds, counts = {}, {}
    for k, col in zip(classes, cols, strict=True):
        thresholds[k], counts[k] = _class_counts(col, label, w, len(classes))
    return OneVsRest(OneVsRest({}, counts)._points_at(np.ones(len(classes)), thresholds), counts)


def check_one_vs_rest(value, name="data"):
    """``value`` if it is a :class:`OneVsRest`, else a TypeError naming ``name``."""
    if not isinstance(value, OneVsRest):
        raise TypeError(f"{name} must be a OneVsRest (see skewplot.one_vs_rest), got {type(value).__name__}")
    return value
