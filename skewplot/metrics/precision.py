"""Precision under a skew model, its transform between skews, and the baselines."""

from __future__ import annotations

import numpy as np

from .._validate import check_finite, check_scalar
from ..skew import SkewModel, as_skew
from ..skew import formulas as _formulas
from .points import OperatingPoints

__all__ = [
    "precision",
    "transform_precision",
    "min_precision",
    "random_precision",
    "curve_rates",
    "skew_model_of",
]


def _check_points(pts, name="pts"):
    if not isinstance(pts, OperatingPoints):
        raise TypeError(
            f"{name} must be an OperatingPoints (see skewplot.operating_points), got {type(pts).__name__}"
        )
    return pts


def skew_model_of(pts, skew) -> SkewModel:
    """The skew model for ``skew=`` on ``pts``: None means the data set's own skew."""
    return as_skew(skew, default=None if pts is None else pts.skew)


def curve_rates(pts):
    """ROC rates of ``pts`` with the point TPR = FPR = 0 replaced by its limit.

    Precision is undefined at the empty prediction.  Along the straight ROC
    segment that leaves the origin precision is constant, so the limit along
    the curve is the precision of the first point that is not the origin.
    Replacing the origin's rates by that point's rates gives this limit under
    every skew model, with no NaN and no warning.

    Returns
    -------
    tpr, fpr : ndarray
        Copies of ``pts.tpr`` and ``pts.fpr``, the leading origin entries replaced.
    """
    _check_points(pts)
    tpr, fpr = np.array(pts.tpr), np.array(pts.fpr)
    origin = (tpr == 0) & (fpr == 0)
    if origin.any():
        first = int(np.argmin(origin))  # first point off the origin; (1, 1) always is
        tpr[origin], fpr[origin] = tpr[first], fpr[first]
    return tpr, fpr


def precision(pts, skew=None):
    """Precision of every operating point under a skew model.

    Parameters
    ----------
    pts : OperatingPoints
    skew : None, float, (lo, hi) or SkewModel, optional
        None: the data set's own skew (plain precision).  A float pi': the
        precision at that deployment skew [L Eq 3, 9].  A range or a model:
        the expected precision under it (P̄ for a range, P̃ for a series).

    Returns
    -------
    ndarray
        One value per point.  At the empty prediction (TPR = FPR = 0) the
        value is the limit along the curve (see ``curve_rates``).

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.8], [0.2])
    >>> sp.precision(pts, skew=0.4).round(4).tolist()
    [0.7273, 0.7273, 0.4]
    """
    model = skew_model_of(_check_points(pts), skew)
    tpr, fpr = curve_rates(pts)
    return np.asarray(model.precision(tpr, fpr), dtype=float)


def transform_precision(precision, from_skew, to_skew):
    """Precision measured at skew ``from_skew`` as it would be at ``to_skew`` [L Eq 3].

    Parameters
    ----------
    precision : float or array-like
        Precision values in [0, 1], measured on data with positive fraction
        ``from_skew``.
    from_skew, to_skew : float in (0, 1)

    Returns
    -------
    float or ndarray
        Precision at ``to_skew``, broadcast over the arguments.

    Examples
    --------
    >>> import skewplot as sp
    >>> round(float(sp.transform_precision(0.8 / 1.1, 0.5, 0.09)), 4)  # [L Table 2]
    0.2087
    """
    p = np.asarray(precision, dtype=float)
    check_finite(p, "precision")
    if p.size and (p.min() < 0 or p.max() > 1):
        raise ValueError("precision must lie in [0, 1]")
    a = check_scalar(from_skew, "from_skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    b = check_scalar(to_skew, "to_skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    out = _formulas.transform_precision(p, a, b)
    return float(out) if out.ndim == 0 else out


def min_precision(recall, skew):
    """Minimum achievable precision at ``recall`` under a skew model.

    For a fixed skew pi this is Boyd et al.'s boundary of the unachievable
    region, ``pi R / (pi R + 1 - pi)``; for a model it is its expectation
    [L Eq 13, 19].

    Parameters
    ----------
    recall : float or array-like in [0, 1]
    skew : float, (lo, hi), SkewModel or OperatingPoints
        An OperatingPoints stands for its own data set skew.

    Returns
    -------
    float or ndarray
    """
    r = np.asarray(recall, dtype=float)
    check_finite(r, "recall")
    if r.size and (r.min() < 0 or r.max() > 1):
        raise ValueError("recall must lie in [0, 1]")
    out = np.asarray(_model_from(skew).min_precision(r), dtype=float)
    return float(out) if out.ndim == 0 else out


def random_precision(skew) -> float:
    """Precision of a random classifier (TPR = FPR) under a skew model.

    pi for a fixed skew, (pi1 + pi2)/2 for a uniform range [L Eq 22], the
    time average of pi'(t) for a series [L Eq 15]: the model's mean.

    Parameters
    ----------
    skew : float, (lo, hi), SkewModel or OperatingPoints
    """
    return float(_model_from(skew).mean)


def _model_from(skew) -> SkewModel:
    if isinstance(skew, OperatingPoints):
        return skew_model_of(skew, None)
    if skew is None:
        raise ValueError("skew is required: a float in (0, 1), a (lo, hi) range, a skew model or OperatingPoints")
    return as_skew(skew)
