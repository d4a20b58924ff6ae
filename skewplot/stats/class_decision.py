"""The decision a multiclass classifier makes at new class priors, as an expected confusion matrix.

Bayes' rule at priors ``pi'`` predicts the class of largest posterior at
``pi'``: the argmax of :func:`~skewplot.adjust_priors` of the test
posteriors.  Under prior shift the deployment's confusion matrix per
``per`` cases is ``per * pi'_i * P(predict j | class i)``, the rates read
off the labelled test set; bootstrap replicates redraw each class's test
rows (and, for a :class:`~skewplot.PriorEstimate`, take its replicates'
priors), so the intervals hold both uncertainties.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from .._defaults import N_BOOT_DECISION
from .._validate import as_plain_array, check_choice, check_int, check_scalar, plain
from ..metrics.multiclass import _key, _score_columns
from ..metrics.per_class import PerClass, _is_prior_vector, adjust_priors, check_priors, class_skews
from ._checks import as_generator
from ._deployed import _REPORTED, _report, _values

__all__ = ["ConfusionEstimate", "expected_confusion", "choose_class_thresholds", "report_classes"]

RULES = ("argmax", "unadjusted")


@dataclass(frozen=True)
class ConfusionEstimate:
    """Expected confusion matrix per ``per`` deployed cases (rows: true class, columns: predicted class).

    Attributes
    ----------
    classes : tuple
    matrix, low, high : ndarray of shape (K, K)
        Expected counts and their percentile bootstrap interval (``low``,
        ``high`` None without ``confidence``).
    priors : dict
        The class priors the deployment is taken at.
    per : int
    rule : str
    """

    classes: tuple
    matrix: np.ndarray
    low: np.ndarray | None
    high: np.ndarray | None
    priors: dict
    per: int
    rule: str
    distribution: np.ndarray | None = field(default=None, repr=False)

    @property
    def accuracy(self):
        """Share of deployed cases classified correctly."""
        return float(np.trace(self.matrix) / self.per)

    @property
    def recall(self):
        """``{class: share of its cases predicted as it}``."""
        rows = self.matrix.sum(axis=1)
        return {c: float(self.matrix[i, i] / rows[i]) if rows[i] > 0 else float("nan")
                for i, c in enumerate(self.classes)}

    @property
    def precision(self):
        """``{class: share of the cases predicted as it that are it}`` (NaN where none is predicted)."""
        cols = self.matrix.sum(axis=0)
        return {c: float(self.matrix[i, i] / cols[i]) if cols[i] > 0 else float("nan")
                for i, c in enumerate(self.classes)}


def _confusion(label, pred, prior, k, per):
    rates = np.zeros((k, k))
    np.add.at(rates, (label, pred), 1.0)
    return per * prior[:, None] * rates / rates.sum(axis=1, keepdims=True)


def expected_confusion(y_true, y_score, priors, *, classes=None, rule="argmax", per=10_000, confidence=0.9,
                       n_boot=N_BOOT_DECISION, random_state=None):
    """Expected confusion matrix per ``per`` deployed cases of the decision at class priors ``priors``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of the labelled test set.
    y_score : array-like of shape (n, K) or mapping
        Posteriors on the test set (``predict_proba``), as
        :func:`~skewplot.one_vs_rest` takes them.
    priors : mapping or PriorEstimate
        The deployment's class priors ``{class: prior}``.  An estimate's
        bootstrap replicates (when it has them) are drawn into the interval.
    classes : array-like of shape (K,), optional
        The class of each column (default: the sorted labels).
    rule : {"argmax", "unadjusted"}, default="argmax"
        ``"argmax"``: the class of largest posterior at ``priors`` (Bayes'
        rule there); ``"unadjusted"``: the largest posterior as the
        classifier gives it (the test priors), for comparison.
    per : int, default=10000
        Deployed cases the counts are given per.
    confidence : float in (0, 1) or None, default=0.9
        Level of the percentile bootstrap interval of each cell.
    n_boot : int, default=1000 (``N_BOOT_DECISION``)
    random_state : None, int or numpy Generator

    Returns
    -------
    ConfusionEstimate

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 3, 3000)                        # a balanced test set
    >>> x = rng.normal(size=(3000, 3)) + 1.5 * np.eye(3)[y]
    >>> proba = np.exp(1.5 * x) / np.exp(1.5 * x).sum(axis=1, keepdims=True)  # exact posteriors
    >>> deploy = {0: 0.90, 1: 0.07, 2: 0.03}
    >>> bayes = sp.expected_confusion(y, proba, deploy, random_state=0)
    >>> as_is = sp.expected_confusion(y, proba, deploy, rule="unadjusted", confidence=None)
    >>> round(bayes.accuracy, 3), round(as_is.accuracy, 3)    # the argmax at the new priors does better
    (0.93, 0.745)
    >>> int(bayes.matrix[2, 2]), int(bayes.low[2, 2]), int(bayes.high[2, 2])  # class 2 found, per 10 000
    (74, 67, 81)
    """
    check_choice(rule, "rule", RULES)
    per = check_int(per, "per", lo=1)
    y = as_plain_array(y_true, "y_true")
    if y.ndim != 1 or y.size == 0:
        raise ValueError(f"y_true must be a non-empty 1-D array of class labels, got shape {y.shape}")
    classes, cols = _score_columns(y_score, classes, y)
    proba = np.column_stack(cols)
    if proba.shape[0] != y.size:
        raise ValueError(f"y_score has {proba.shape[0]} rows but y_true has length {y.size}; they must match")
    k = len(classes)
    index = {c: i for i, c in enumerate(classes)}
    label = np.array([index.get(_key(v), -1) for v in y.tolist()], dtype=np.intp)
    if (label < 0).any():
        raise ValueError(f"y_true holds label(s) {sorted({plain(v) for v in y[label < 0].tolist()})} that no "
                         "column of y_score scores")
    counts = np.bincount(label, minlength=k)
    if not counts.all():
        raise ValueError(f"class {plain(classes[int(np.argmin(counts))])} does not occur in y_true")
    test = counts / counts.sum()
    prior = np.array(list(check_priors(priors, classes, "priors").values()))
    dist_priors = getattr(priors, "distribution", None)
    if dist_priors is not None:  # an estimate's replicates, its columns put in the order of classes
        dist_priors = dist_priors[:, [list(priors.priors).index(c) for c in classes]]

    def decide(p, at):
        return np.argmax(adjust_priors(p, test, at) if rule == "argmax" else p, axis=1)

    matrix = _confusion(label, decide(proba, prior), prior, k, per)
    low = high = dist = None
    if confidence is not None:
        confidence = check_scalar(confidence, "confidence", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
        n_boot = check_int(n_boot, "n_boot", lo=2)
        rng = as_generator(random_state)
        by_class = [np.flatnonzero(label == i) for i in range(k)]
        dist = np.empty((n_boot, k, k))
        for b in range(n_boot):
            rows = np.concatenate([rng.choice(r, r.size) for r in by_class])
            at = prior if dist_priors is None else dist_priors[rng.integers(0, len(dist_priors))]
            dist[b] = _confusion(label[rows], decide(proba[rows], at), at, k, per)
        tail = 50.0 * (1.0 - confidence)
        low, high = np.percentile(dist, [tail, 100.0 - tail], axis=0)
    return ConfusionEstimate(tuple(classes), matrix, low, high, dict(zip(classes, prior.tolist(), strict=True)),
                             per, rule, dist)


def _class_draws(skew, classes):
    """An estimate's bootstrap prior vectors (columns in the order of ``classes``), or None."""
    dist = getattr(skew, "distribution", None)
    if dist is None:
        return None
    return np.clip(dist[:, [list(skew.priors).index(c) for c in classes]], 0.0, 1.0)


def _vector(ovr, skew, func):
    if skew is None or not _is_prior_vector(skew):
        raise TypeError(f"{func}: a one-vs-rest mapping takes skew= as the deployment's prior vector "
                        "{class: prior} (summing to 1) or a PriorEstimate")
    return class_skews(ovr, skew)


def class_count_intervals(ovr, cls, index, prior, draws, m, confidence, n_boot, rng):
    """Percentile intervals of :func:`~skewplot.stats.choose.report_at`'s quantities for class ``cls`` at ``index``.

    The stratified bootstrap of the test rows (each class resampled from its
    own rows) makes the count of class j scored at or above the threshold
    ``Binomial(n_j, share_j)``, independently per class; class ``cls``'s
    recall is its own share, its rest's FPR the others' shares mixed at the
    replicate's priors (``prior``, or a row of ``draws`` per replicate).
    """
    counts = ovr.class_counts(cls)
    above, total = counts[index], counts[-1]
    if not np.all(np.mod(np.r_[above, total], 1.0) == 0.0):
        raise ValueError("confidence: intervals from the counts need unit-weight rows; this one-vs-rest mapping "
                         "was built with sample weights")
    i = ovr.classes.index(cls)
    shares = rng.binomial(total.astype(np.int64), above / total, size=(n_boot, total.size)) / total
    p = np.broadcast_to(prior, shares.shape) if draws is None else draws[rng.integers(0, len(draws), n_boot)]
    rest = np.array(p, dtype=float)
    rest[:, i] = 0.0
    fpr = (rest * shares).sum(axis=1) / np.maximum(rest.sum(axis=1), np.finfo(float).tiny)
    per = _values(shares[:, i], fpr, p[:, i], m)
    q = ((1.0 - confidence) / 2, (1.0 + confidence) / 2)
    out = {k: tuple(float(v) for v in np.quantile(np.broadcast_to(per[k], (n_boot,)), q)) for k in _REPORTED}
    if above[i] == 0 and above.sum() == above[i]:  # the empty prediction: its precision is a limit
        out["precision"] = None
    return out


def choose_class_thresholds(ovr, skew, *, binary, confidence, n_boot, random_state, **choose):
    """:func:`~skewplot.choose_threshold` per class of ``ovr``: each against its rest at its prior.

    ``binary`` is the binary ``choose_threshold`` (passed in: its module
    imports this one); ``choose`` holds the binary call's ``target``, ``value``, ``m``,
    ``beta`` and ``risk``.  With an estimate that has bootstrap replicates,
    class k's skew is the distribution of its estimates (as the binary case
    takes a SkewEstimate) and its rest is mixed at the point estimate.
    """
    from ..skew import SkewSeries

    if choose.get("risk") == "chance":
        raise ValueError("risk='chance' resamples rows, which a one-vs-rest mapping no longer holds; choose with "
                         "risk='expected', 'worst' or 'regret' and ask for intervals with confidence=")
    points, skews, priors = _vector(ovr, skew, "choose_threshold")
    draws = _class_draws(skew, ovr.classes)
    rng = as_generator(random_state)
    prior = np.array(list(priors.values()))
    out = {}
    for i, k in enumerate(ovr.classes):
        model = skews[k] if draws is None else SkewSeries(np.append(draws[:, i], draws[0, i]))
        dec = binary(points[k], skew=model, **choose)
        if confidence is not None:
            intervals = class_count_intervals(ovr, k, dec.index, prior, draws, choose["m"], confidence, n_boot, rng)
            dec = replace(dec, intervals=intervals, confidence=confidence, n_boot=n_boot)
        out[k] = dec
    return PerClass(out, priors, "choose_threshold")


def report_classes(ovr, index, skew, *, m, confidence, n_boot, random_state):
    """:func:`~skewplot.stats.choose.report_at` per class: ``index`` maps each class to its operating point."""
    from ..skew import FixedSkew
    points, skews, priors = _vector(ovr, skew, "report_at")
    if not isinstance(index, Mapping) or {_key(k) for k in index} != set(ovr.classes):
        raise TypeError(f"index: a one-vs-rest mapping needs {{class: point index}} for the classes "
                        f"{[plain(c) for c in ovr.classes]}, got {index!r}")
    index = {_key(k): v for k, v in index.items()}
    draws = _class_draws(skew, ovr.classes)
    rng = as_generator(random_state)
    prior = np.array(list(priors.values()))
    out = {}
    for k in ovr.classes:
        i = check_int(index[k], f"index[{plain(k)}]", lo=0, hi=len(points[k]) - 1)
        out[k] = _report(points[k], i, FixedSkew(skews[k]), m)
        out[k]["intervals"] = None if confidence is None else class_count_intervals(
            ovr, k, i, prior, draws, m, confidence, n_boot, rng)
    return PerClass(out, priors, "report_at")


def choose_for_classes(data, y_score, *, binary, y_true, sample_weight, skew, target, confidence, n_boot, random_state,
                       **choose):
    """:func:`~skewplot.choose_threshold`'s multiclass case: per-class thresholds, or the argmax at the priors.

    ``data`` is a OneVsRest, or labels (or a table) with ``y_score`` an
    ``(n, K)`` matrix of scores.  ``target="argmax"`` returns
    :func:`expected_confusion` (Bayes' rule at the priors, posteriors needed).
    """
    from .._frames import is_table
    from ..metrics.multiclass import OneVsRest, one_vs_rest

    if target == "argmax":
        if isinstance(data, OneVsRest):
            raise TypeError("target='argmax' decides each row by its largest posterior: give the labels and the "
                            "(n, K) posteriors (predict_proba), not a OneVsRest")
        extra = [k for k in ("value", "beta") if choose.get(k) is not None]
        if extra or choose.get("risk", "expected") != "expected" or sample_weight is not None:
            raise TypeError("target='argmax' takes skew=, confidence=, n_boot= and random_state= only (no "
                            f"{', '.join(extra) or 'risk= or sample_weight='})")
        labels = data if y_true is None else y_true
        return expected_confusion(labels, y_score, skew, confidence=confidence, n_boot=n_boot,
                                  random_state=random_state)
    if not isinstance(data, OneVsRest):
        table = data is not None and (is_table(data) or isinstance(data, Mapping))
        data = one_vs_rest(y_true, y_score, sample_weight=sample_weight, data=data) if table else \
            one_vs_rest(data if y_true is None else y_true, y_score, sample_weight=sample_weight)
    elif y_score is not None or y_true is not None:
        raise TypeError("choose_threshold(): data is a one-vs-rest mapping; y_score and y_true apply to labels")
    return choose_class_thresholds(data, skew, binary=binary, target=target, confidence=confidence, n_boot=n_boot,
                                   random_state=random_state, **choose)
