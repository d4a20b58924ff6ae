"""The few closed-form expressions everything else is built from.

Each formula lives here once; skew models, metrics and plots call these.
All functions are vectorised and broadcast their arguments.
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
