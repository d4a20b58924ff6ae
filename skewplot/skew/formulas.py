"""The closed forms at one skew that the skew models and the metrics are built from.

Each formula lives here once; skew models, metrics and plots call these.
The module imports numpy only, so that the models can use the exact
fixed-skew area (:func:`continuous_segment_area`) without importing the
metrics that import them.  All functions are vectorised and broadcast
their arguments.
"""

from __future__ import annotations

import numpy as np


def precision_at(tpr, fpr, pi):
    """Precision at deployment skew ``pi`` from ROC rates [L Eq 9].

    ``P = pi*tpr / (pi*tpr + (1 - pi)*fpr)``.  Where ``tpr = fpr = 0`` the
    ratio is undefined; callers replace that point by its limit along the
    curve (see :func:`skewplot.metrics.precision.curve_rates`).  Here such
    entries are returned as ``pi`` (the random-classifier value) without a
    warning, so that the function is total.
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    pi = np.asarray(pi, dtype=float)
    num = pi * tpr
    den = num + (1.0 - pi) * fpr
    safe = den > 0
    out = np.divide(num, np.where(safe, den, 1.0))
    return np.where(safe, out, np.broadcast_to(pi, out.shape))


def min_precision_at(recall, pi):
    """Boyd et al.'s minimum achievable precision at recall ``recall`` and skew ``pi``.

    The classifier that reaches recall ``R`` only after every negative:
    ``pi*R / (pi*R + 1 - pi)`` (``FPR = 1`` in :func:`precision_at`).
    """
    recall = np.asarray(recall, dtype=float)
    pi = np.asarray(pi, dtype=float)
    num = pi * recall
    return num / (num + (1.0 - pi))


def aucpr_min_at(pi):
    """Area under the minimum achievable PR curve at skew ``pi`` (Boyd et al. 2012).

    ``1 + (1 - pi) * ln(1 - pi) / pi``; 0 at ``pi -> 0`` and 1 at ``pi -> 1``.
    """
    pi = np.asarray(pi, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        val = 1.0 + (1.0 - pi) * np.log1p(-pi) / pi
    val = np.where(pi <= 0.0, 0.0, val)
    return np.where(pi >= 1.0, 1.0, val)


def transform_precision(precision, from_skew, to_skew):
    """Precision measured at skew ``from_skew`` as it would be at ``to_skew`` [L Eq 3].

    ``P' = pi' / (pi' + (1 - pi') * (pi / (1 - pi)) * (1/P - 1))``.  ``P = 0``
    stays 0.
    """
    p = np.asarray(precision, dtype=float)
    a = np.asarray(from_skew, dtype=float)
    b = np.asarray(to_skew, dtype=float)
    # Written as a ratio of products so that P = 0 gives 0 without dividing by zero.
    num = b * (1.0 - a) * p
    den = num + (1.0 - b) * a * (1.0 - p)
    return num / den


def continuous_segment_area(tpr, fpr, pi):
    """Area under the continuously interpolated PR curve, per ROC segment.

    Between neighbouring points A and B the ROC curve is the straight line
    (TP_A + x, FP_A + b x), x in [0, dTP] [K]; its exact area in PR space at
    skew ``pi`` is (THEORY.md, with D = TP + FP)::

        (dTP / (pi dD)) * [dTP + ((dFP TP_A - dTP FP_A) / dD) * ln(D_B / D_A)]

    with TP = pi TPR and FP = (1 - pi) FPR.  A segment leaving the origin has
    constant precision dTP / dD; a segment with dTP = 0 has no area.

    Parameters
    ----------
    tpr, fpr : ndarray of shape (n,)
        Rates along the curve, non-decreasing.
    pi : float or ndarray
        Skew(s); an array of shape (k, 1) gives one row per skew.

    Returns
    -------
    ndarray of shape (n - 1,) or (k, n - 1)
    """
    pi = np.asarray(pi, dtype=float)
    tp = pi * tpr
    fp = (1.0 - pi) * fpr
    tp_a, fp_a = tp[..., :-1], fp[..., :-1]
    d_tp = np.diff(tp, axis=-1)
    d_fp = np.diff(fp, axis=-1)
    d_d = d_tp + d_fp
    d_a = tp_a + fp_a
    live = d_tp > 0
    safe_dd = np.where(live, d_d, 1.0)
    from_origin = d_a <= 0
    # log1p(dD / D_A) = ln(D_B / D_A), accurate for short segments.
    log_ratio = np.log1p(np.divide(d_d, np.where(from_origin, 1.0, d_a)))
    coef = np.where(from_origin, 0.0, (d_fp * tp_a - d_tp * fp_a) / safe_dd)
    area = (d_tp / (pi * safe_dd)) * (d_tp + coef * log_ratio)
    return np.where(live, area, 0.0)
