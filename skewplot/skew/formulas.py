"""The closed forms at one skew that the skew models and the metrics are built from.

Each formula lives here once; skew models, metrics and plots call these.
The module imports numpy only, so that the models can use the exact
fixed-skew area (:func:`continuous_segment_area`) without importing the
metrics that import them.  All functions are vectorised and broadcast
their arguments.
"""

from __future__ import annotations

import numpy as np


def _odds_against(pi):
    """``(1 - pi) / pi``, the negatives per positive at skew ``pi`` (``inf`` at 0)."""
    pi = np.asarray(pi, dtype=float)
    with np.errstate(divide="ignore", over="ignore"):
        return (1.0 - pi) / pi


def precision_at(tpr, fpr, pi):
    """Precision at deployment skew ``pi`` from ROC rates [L Eq 9].

    ``P = pi*tpr / (pi*tpr + (1 - pi)*fpr)``, evaluated as
    ``tpr / (tpr + fpr (1 - pi)/pi)`` so that a subnormal ``pi`` does not
    underflow ``pi*tpr`` (a point with ``fpr = 0 < tpr`` has precision 1 at
    every skew, ``pi = 0`` included).  Where ``tpr = fpr = 0`` the ratio is
    undefined; callers replace that point by its limit along the curve (see
    :func:`skewplot.metrics.precision.curve_rates`).  Here such entries are
    returned as ``pi`` (the random-classifier value) without a warning, so
    that the function is total.
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    pi = np.asarray(pi, dtype=float)
    odds = _odds_against(pi)
    with np.errstate(over="ignore", invalid="ignore"):
        fp_term = np.where(fpr > 0, fpr * odds, 0.0)
        den = tpr + fp_term
        safe = den > 0
        out = np.divide(tpr, np.where(safe, den, 1.0))
    return np.where(safe, out, np.broadcast_to(pi, out.shape))


def min_precision_at(recall, pi):
    """Boyd et al.'s minimum achievable precision at recall ``recall`` and skew ``pi``.

    The classifier that reaches recall ``R`` only after every negative:
    ``pi*R / (pi*R + 1 - pi)`` (``FPR = 1`` in :func:`precision_at`).
    """
    return precision_at(recall, 1.0, pi)


# Number of terms of the power series below; with |x| <= 0.125 the tail is under 1e-18.
_SERIES_TERMS = 20


def aucpr_min_at(pi):
    """Area under the minimum achievable PR curve at skew ``pi`` (Boyd et al. 2012).

    ``1 + (1 - pi) * ln(1 - pi) / pi``; 0 at ``pi -> 0`` and 1 at ``pi -> 1``.
    Below ``pi = 1/8`` the closed form cancels to ``~eps/pi`` and the series
    ``sum_k pi^k / (k (k + 1))`` is used instead.
    """
    pi = np.asarray(pi, dtype=float)
    small = pi < 0.125
    with np.errstate(divide="ignore", invalid="ignore"):
        val = 1.0 + (1.0 - pi) * np.log1p(-pi) / pi
    if small.any():
        x = np.where(small, pi, 0.0)
        acc = np.zeros_like(x)
        for k in range(_SERIES_TERMS, 0, -1):
            acc = acc * x + 1.0 / (k * (k + 1))
        val = np.where(small, x * acc, val)
    val = np.where(pi <= 0.0, 0.0, val)
    return np.where(pi >= 1.0, 1.0, val)


def aucpr_min_gap(pi):
    """``1 - aucpr_min_at(pi) = -(1 - pi) ln(1 - pi) / pi``, with its digits near ``pi = 1``."""
    pi = np.asarray(pi, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        val = -(1.0 - pi) * np.log1p(-pi) / pi
    val = np.where(pi <= 0.0, 1.0, val)
    return np.where(pi >= 1.0, 0.0, val)


def _integral_aucpr_min_from_zero(p):
    """``int_0^p aucpr_min_at(x) dx``; the series ``sum p^(k+1) / (k (k+1)^2)`` near 0."""
    from scipy.special import spence

    p = float(p)
    if p < 0.125:
        return p * sum(p**k / (k * (k + 1) ** 2) for k in range(1, _SERIES_TERMS + 1))
    log_term = (p - 1.0) * np.log1p(-p) if p < 1.0 else 0.0
    return 2.0 * p - log_term - float(spence(1.0 - p))


def _integral_aucpr_min_to_one(q):
    """``int_{1-q}^1 aucpr_min_at(x) dx`` for ``q`` in [0, 1].

    Near ``q = 0``: ``q + sum_{n>=2} q^n (ln q / n - 1/n^2)`` (expanding
    ``s ln s / (1 - s)``), so that ranges ending at 1 keep their digits.
    """
    from scipy.special import spence

    q = float(q)
    if q <= 0.0:
        return 0.0
    if q < 0.125:
        lq = np.log(q)
        return q + sum(q**n * (lq / n - 1.0 / n**2) for n in range(2, _SERIES_TERMS + 2))
    # g(1) - g(1 - q) with g(p) = 2p - (p - 1) ln(1 - p) - Li2(p), Li2(x) = spence(1 - x)
    return 2.0 - np.pi**2 / 6.0 - (2.0 * (1.0 - q) + q * np.log(q) - float(spence(q)))


def mean_aucpr_min(lo, hi):
    """Average of :func:`aucpr_min_at` over ``[lo, hi]``: the uniform range's area [L Eq 20].

    The antiderivative is taken from 0 for the part of the range below 1/2
    and towards 1 for the part above, each from its own series near the
    end, so that ranges touching 0 or 1 keep their relative accuracy.
    """
    lo, hi = float(lo), float(hi)
    if hi < 0.125:
        # sum_k (hi^(k+1) - lo^(k+1)) / ((hi - lo) k (k+1)^2), each quotient expanded as
        # hi^k sum_i (lo/hi)^i: nothing cancels and nothing underflows for tiny ranges.
        r = lo / hi
        powers = np.cumsum(r ** np.arange(_SERIES_TERMS + 1))
        k = np.arange(1, _SERIES_TERMS + 1)
        with np.errstate(under="ignore"):
            terms = hi ** (k - 1) * powers[k] / (k * (k + 1) ** 2)
        return float(hi * np.sum(terms))
    total = 0.0
    if lo < 0.5:
        total += _integral_aucpr_min_from_zero(min(hi, 0.5)) - _integral_aucpr_min_from_zero(lo)
    if hi > 0.5:
        total += _integral_aucpr_min_to_one(1.0 - max(lo, 0.5)) - _integral_aucpr_min_to_one(1.0 - hi)
    return float(np.clip(total / (hi - lo), 0.0, 1.0))


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


def _y_minus_log1p_series(x, scale=1.0):
    """``scale (x - ln(1 + x))`` for ``0 <= x < 1/8`` from ``sum_{j>=2} (-x)^j / j``, stopping below 1e-17 of the first.

    Multiplied as ``(scale x) (x acc)``: ``x²`` alone underflows below ``x ~ 1e-154`` (skews near 1e-300).
    """
    top = float(x.max()) if x.size else 0.0
    n = 22 if top <= 0 else int(min(22, max(2, np.ceil(np.log(1e-17) / np.log(top)) + 2)))
    acc = np.zeros_like(x)
    for j in range(n, 1, -1):
        acc = acc * (-x) + 1.0 / j
    return (scale * x) * (x * acc)


def continuous_segment_area(tpr, fpr, pi, *, complement=False, vertical=False):
    """Area under the continuously interpolated PR curve, per ROC segment.

    Between neighbouring points A and B the ROC curve is a straight line
    [K].  Precision depends only on the ratio of positives to negatives, so
    the counts are taken in units of the positives: ``TP = TPR`` and
    ``FP = FPR (1 - pi) / pi`` (this keeps every step in range for skews
    down to the smallest double).  With ``L = dTPR``, ``k = dFP / L``,
    ``D = TP + FP`` and ``y = (1 + k) L / D_A`` the exact area is::

        L TP_A / D_A - (k TP_A - FP_A) / (1 + k)^2 * (y - ln(1 + y))

    (the integral of ``(TP_A + s) / (D_A + (1 + k) s)`` over ``s`` in
    [0, L]): the start's precision times the recall gained, less the
    curvature, with ``y - ln(1 + y)`` from its series.  That holds for short
    segments (``y <= 1``); for long ones the same integral is written as the
    asymptote plus a log term, ``L / (1 + k) + (k TP_A - FP_A) ln(1 + y) / (1 + k)^2``.
    In both forms the correction is a bounded fraction of the leading term,
    so no digits cancel.  A segment leaving the
    origin has constant precision ``1 / (1 + k)``; a segment with
    ``dTPR = 0`` has no area.

    Parameters
    ----------
    tpr, fpr : ndarray of shape (n,)
        Rates along the curve, non-decreasing.
    pi : float or ndarray
        Skew(s) in (0, 1); an array of shape (k, 1) gives one row per skew.
    complement : bool, default=False
        Return the area *above* the curve instead, ``int (1 - P) dR``, from
        its own closed form (``L FP_A / D_A + curvature``): near ``pi = 1``,
        where the area is ``1 - tiny``, this keeps the digits of the tiny part.
    vertical : bool, default=False
        The caller knows that FPR does not change along any segment (``k =
        0``, every segment of untied scores that gains TPR): the steps
        that multiply or divide by ``k`` or ``1 + k`` are left out, and the
        result is the same doubles.

    Returns
    -------
    ndarray of shape (n - 1,) or (k, n - 1)
    """
    odds = _odds_against(pi)
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        fp = odds * fpr
        if np.isinf(odds).any():  # pi' subnormal: inf * 0 would be NaN where FPR = 0
            fp = np.where(fpr > 0, fp, 0.0)
        tp_a, fp_a = tpr[..., :-1], fp[..., :-1]
        length = np.diff(tpr, axis=-1)
        d_a = tp_a + fp_a
        live = length > 0
        if not vertical:
            k = np.diff(fp, axis=-1) / np.where(live, length, 1.0)
            inv = 1.0 / (1.0 + k)
        from_origin = d_a <= 0
        any_origin = bool(from_origin.any())
        start = length / np.where(from_origin, 1.0, d_a) if any_origin else length / d_a
        y = start if vertical else start / inv
        # (k TP_A - FP_A) / delta²; delta² would overflow for tiny skews
        slope_inv = -fp_a if vertical else (k * tp_a - fp_a) * inv * inv
        # Short segments (y <= 1): start value plus curvature, with y - ln(1 + y).
        # Long ones: the asymptote 1/delta plus a log term.  Either way the correction is at most
        # ln(1 + y)/y (long) or y/2 (short) of the leading term, so nothing cancels.
        if np.isfinite(np.sum(y)):  # one pass, no temporary: every y is finite
            log_1py = np.log1p(y)
        else:  # y overflowed (a subnormal D_A): ln y from its factors
            finite_y = np.isfinite(y)
            log_start = np.log(start) if vertical else -np.log(inv) + np.log(start)
            log_1py = np.where(finite_y, np.log1p(np.where(finite_y, y, 0.0)), log_start)
        long = y > 1.0
        corr = slope_inv * np.where(long, log_1py, y - log_1py)
        # y - ln(1 + y) computed directly carries an error of ~2 eps / y of itself.  That is harmless
        # where the correction is ~y/2 of the leading term (most short segments); where it is not
        # (a segment starting on an axis, TP_A = 0 or FP_A = 0) the series is used instead.
        lead = start * (fp_a if complement else tp_a)
        # Judged by the correction's size (about |slope/delta| y²/2), not by its computed value: below
        # y ~ 1e-16, y - ln(1 + y) rounds to 0 and would hide exactly the segments that need the series
        # (a vertical run off the FPR = 0 axis at a skew such as 1e-20).
        redo = (y < 0.125) & (np.abs(slope_inv) * y > 400.0 * np.abs(lead))
        if redo.any():
            corr = np.broadcast_to(corr, redo.shape).copy()
            corr[redo] = _y_minus_log1p_series(np.broadcast_to(y, redo.shape)[redo],
                                               np.broadcast_to(slope_inv, redo.shape)[redo])
        if complement:
            lim = 0.0 * length if vertical else length * k * inv
            out = np.where(long, lim - corr, lead + corr)
        else:
            lim = length if vertical else length * inv
            out = np.where(long, lim + corr, lead - corr)
        if any_origin:
            out = np.where(from_origin, lim, out)
        # inv in (0, inf) (vertical: 1) and D_A finite everywhere, checked by reductions (a NaN fails every
        # comparison)
        inv_ok = vertical or inv.size == 0 or (inv.min() > 0 and inv.max() < np.inf)
        if not (inv_ok and np.isfinite(np.sum(d_a))):
            bad = ~np.isfinite(d_a) if vertical else ~(np.isfinite(inv) & np.isfinite(d_a) & (inv > 0))
            # FP overflowed (a subnormal skew): precision is 0 to rounding along the segment
            out = np.where(bad, length if complement else 0.0, out)
    return np.where(live, np.maximum(out, 0.0), 0.0)
