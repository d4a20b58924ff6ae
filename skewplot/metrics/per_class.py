"""Per-class deployment priors: a metric of each one-vs-rest class at its own prior, and the prior-shift rule.

A vector of class priors ``{class: pi'_k}`` (summing to 1) fixes, for every
one-vs-rest problem "k against the rest", its deployment skew ``pi'_k`` and
the make-up of its "rest" (the other classes at their new priors, so the
rest's FPR moves too).  :func:`per_class` evaluates a binary metric on each
class's points against that rest at that skew -- closed forms on the stored
per-class counts, no sorting -- and returns a :class:`PerClass` with the
macro and prior-weighted averages.
:func:`adjust_priors` is Bayes' correction of posteriors for a new prior vector.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .._validate import as_plain_array, check_finite, plain
from ..skew import FixedSkew, SkewModel, as_skew
from .multiclass import PRIOR_ATOL, OneVsRest, _is_estimate, _key, check_priors

__all__ = ["PerClass", "check_priors", "class_skews", "per_class", "each_class", "adjust_priors", "PRIOR_ATOL"]

class PerClass(Mapping):
    """A metric of each one-vs-rest class at its own prior: ``{class: value}``, with its averages.

    Attributes
    ----------
    priors : dict
        ``{class: prior}`` each class was measured at.
    macro : float or None
        The unweighted mean over the classes (None for per-point arrays).
    weighted : float or None
        The prior-weighted mean ``sum_k pi'_k value_k`` (None for arrays).

    Examples
    --------
    >>> import skewplot as sp
    >>> ovr = sp.one_vs_rest([0, 1, 2, 2], [[.8, .1, .1], [.2, .5, .3], [.1, .2, .7], [.3, .3, .4]])
    >>> res = sp.aucpr(ovr, skew={0: 0.1, 1: 0.1, 2: 0.8})
    >>> dict(res)
    {0: 1.0, 1: 1.0, 2: 1.0}
    >>> res.macro, res.weighted
    (1.0, 1.0)
    """

    __slots__ = ("_values", "_priors", "_name")

    def __init__(self, values, priors, metric="value"):
        self._values, self._priors, self._name = dict(values), dict(priors), metric

    def __getitem__(self, key):
        return self._values[key]

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)

    priors = property(lambda self: dict(self._priors))

    def _scalar(self):
        return all(isinstance(v, float) for v in self._values.values())

    @property
    def macro(self):
        return float(np.mean(list(self._values.values()))) if self._scalar() else None

    @property
    def weighted(self):
        if not self._scalar():
            return None
        return float(sum(self._priors[k] * v for k, v in self._values.items()))

    def __repr__(self):
        if not self._scalar():
            return f"PerClass({self._name}, classes={[plain(k) for k in self._values]})"
        shown = ", ".join(f"{plain(k)}: {v:.4g}" for k, v in self._values.items())
        return f"PerClass({self._name}, {{{shown}}}, macro={self.macro:.4g}, weighted={self.weighted:.4g})"


def _is_range(value):
    return isinstance(value, SkewModel) or (isinstance(value, (tuple, list, np.ndarray)) and len(value) == 2)


def _is_prior_vector(skew):
    """A prior vector: a PriorEstimate, or a mapping with no range among its values (numbers, checked later)."""
    return _is_estimate(skew) or (isinstance(skew, Mapping) and not any(_is_range(v) for v in skew.values()))


def _class_model(value, name):
    """One class's skew range or model (never a single number: numbers make a prior vector)."""
    model = as_skew(value)
    if isinstance(model, FixedSkew):
        raise TypeError(f"{name} is one number, but the mapping also holds ranges: give every class a prior "
                        "(numbers summing to 1: a prior vector) or every class a (lo, hi) range, not a mix")
    return model


def class_skews(ovr, skew, name="skew"):
    """``(points, skews, priors)``: each class of ``ovr`` with the skew it is measured at.

    * ``skew=None``: each class against the rest at its test-set prior.
    * a prior vector ``{class: prior}`` (summing to 1) or a PriorEstimate:
      class k at ``pi'_k`` against the rest as the vector mixes it
      (:meth:`OneVsRest.against_rest`, no sorting); ``skews[k]`` is the float.
    * ranges, ``{class: (lo, hi)}`` (or a SkewModel per class) or one
      ``(lo, hi)``/SkewModel for every class: class k's prior runs over its
      range while the other classes keep their test-set proportions among
      themselves (a range per class fixes no prior vector), so ``points[k]``
      is ``ovr[k]``; ``skews[k]`` is the model.

    ``priors`` weigh the classes' mean: the prior vector, or the test
    set's priors for None and ranges.
    """
    if not isinstance(ovr, OneVsRest):
        raise TypeError(f"data must be a OneVsRest (see skewplot.one_vs_rest), got {type(ovr).__name__}")
    if skew is None:
        return dict(ovr), ovr.priors, ovr.priors
    if _is_prior_vector(skew):
        priors = check_priors(skew, ovr.classes, name)
        edge = [plain(k) for k, p in priors.items() if not 0.0 < p < 1.0]
        if edge:
            raise ValueError(f"{name}: class(es) {', '.join(edge)} have prior 0 or 1, where a one-vs-rest metric "
                             "is degenerate (precision 0 or 1 at every threshold); leave such classes out")
        return {k: ovr.against_rest(k, priors) for k in ovr.classes}, priors, priors
    if isinstance(skew, Mapping):
        given = {_key(k): v for k, v in skew.items()}
        if set(given) != set(ovr.classes):
            raise ValueError(f"{name}: give one range per class, for exactly the classes "
                             f"{[plain(c) for c in ovr.classes]}; got {[plain(k) for k in given]}")
        models = {k: _class_model(given[k], f"{name}[{plain(k)}]") for k in ovr.classes}
    else:
        model = as_skew(skew)
        if isinstance(model, FixedSkew):
            raise TypeError(f"{name}: one number for every class is not a prior vector; give a mapping "
                            "{class: prior} (summing to 1), a PriorEstimate, or a (lo, hi) range")
        models = dict.fromkeys(ovr.classes, model)
    return dict(ovr), models, ovr.priors


def per_class(metric, ovr, skew, name=None, at_priors=True, **kwargs):
    """``metric(points_k, skew=skew_k, **kwargs)`` for every class k of ``ovr``, as a :class:`PerClass`.

    ``skew`` is None (each class at its test-set prior), a prior vector
    ``{class: prior}`` or a prior estimate (each class against the rest as
    the vector mixes it), or ranges (see :func:`class_skews`).  With
    ``at_priors=False`` the metric is prior-free: ``metric(points_k, **kwargs)``.
    """
    points, skews, priors = class_skews(ovr, skew if at_priors else None)
    values = {k: metric(pts, **({"skew": skews[k]} if at_priors else {}), **kwargs) for k, pts in points.items()}
    return PerClass(values, priors, name or getattr(metric, "__name__", "value"))


def each_class(metric, ovr, skew, given=(None,) * 4, name=None, at_priors=True, **kwargs):
    """A public metric's one-vs-rest case: :func:`per_class`, refusing labels or scores given beside ``ovr``.

    ``given`` is the metric's ``(y_score, y_true, sample_weight, pos_label)``.
    """
    name = name or metric.__name__
    roles = ("y_score", "y_true", "sample_weight", "pos_label")
    extra = [k for k, v in zip(roles, given, strict=True) if v is not None]
    if extra:
        raise TypeError(f"{name}(): data is a one-vs-rest mapping of operating points; "
                        f"{', '.join(extra)} apply to labels and scores only")
    return per_class(metric, ovr, skew, name, at_priors, **kwargs)


def _prior_vector(priors, classes, name):
    if isinstance(priors, Mapping) or _is_estimate(priors):
        if classes is None:
            keys = priors.priors if _is_estimate(priors) else priors
            classes = sorted(_key(k) for k in keys)
        return np.array(list(check_priors(priors, classes, name).values())), classes
    v = check_finite(as_plain_array(priors, name).astype(float), name)
    if v.ndim != 1:
        raise ValueError(f"{name} must be 1-D (one prior per class), got shape {v.shape}")
    if v.size and (v.min() < 0 or v.max() > 1):
        raise ValueError(f"{name} must lie in [0, 1]")
    if abs(v.sum() - 1.0) > PRIOR_ATOL:
        raise ValueError(f"{name}: the class priors must sum to 1, got {v.sum():.6g}")
    return v, classes


def adjust_priors(proba, from_priors, to_priors, *, classes=None):
    """Posteriors at new class priors: Bayes' prior-shift correction ``p_k pi'_k / pi_k``, renormalised.

    Under prior shift (``p(x | k)`` unchanged, only the class balance
    moves) the posterior at priors ``pi'`` is ``p_k (pi'_k / pi_k) /
    sum_j p_j (pi'_j / pi_j)`` [Saerens et al. 2002, Eq. 2.4], with ``p``
    the posterior at the priors ``pi`` the classifier was calibrated at.

    Parameters
    ----------
    proba : array-like of shape (n, K) or (K,)
        Posteriors at ``from_priors``, non-negative (rows need not sum to 1).
    from_priors, to_priors : array-like of shape (K,), mapping or PriorEstimate
        Class priors, each summing to 1: arrays in the columns' order, or
        mappings ``{class: prior}`` (then ``classes`` orders the columns,
        by default the sorted classes).  ``from_priors`` must be positive.
    classes : sequence, optional
        The class of each column of ``proba``, when priors are mappings.

    Returns
    -------
    ndarray
        Posteriors at ``to_priors``, each row summing to 1.

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.adjust_priors([0.5, 0.3, 0.2], [1/3, 1/3, 1/3], [0.1, 0.1, 0.8]).round(4).tolist()
    [0.2083, 0.125, 0.6667]
    """
    p = check_finite(as_plain_array(proba, "proba").astype(float), "proba")
    if p.ndim not in (1, 2) or p.shape[-1] < 2:
        raise ValueError(f"proba must be (n, K) or (K,) posteriors with K >= 2 classes, got shape {p.shape}")
    if p.size and p.min() < 0:
        raise ValueError(f"proba must be non-negative, found {p.min():g}")
    src, classes = _prior_vector(from_priors, classes, "from_priors")
    dst, classes = _prior_vector(to_priors, classes, "to_priors")
    for name, v in (("from_priors", src), ("to_priors", dst)):
        if v.size != p.shape[-1]:
            raise ValueError(f"{name} has {v.size} priors but proba has {p.shape[-1]} columns")
    if src.min() <= 0:
        raise ValueError(f"from_priors must be positive (the correction divides by it), found {src.min():g}")
    q = p * (dst / src)
    total = q.sum(axis=-1, keepdims=True)
    if not (total > 0).all():
        rows = np.flatnonzero(np.ravel(total) <= 0)
        raise ValueError(f"proba row(s) {rows[:5].tolist()} have no mass on any class of positive to_priors; "
                         "their posterior at the new priors is undefined")
    return q / total
