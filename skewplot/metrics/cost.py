"""Cost space [S §2.3]: Drummond & Holte's cost curves, envelopes and operating ranges.

A crisp classifier (one ROC point) is a straight line in cost space: its
normalised expected cost against the probability cost ``PC(+)`` runs from
``(0, FPR)`` to ``(1, 1 - TPR)`` [S Eq 7].  The lower envelope of the lines of
a soft classifier is the dual of its ROC convex hull, so it is computed from
the hull with exact breakpoints rather than on a grid.
"""

from __future__ import annotations

import numpy as np

from .._validate import (
    check_rate_pair,
    check_scalar,
    check_unit_array,
    scalar_or_array,
)
from ._inputs import METRIC_INPUT_PARAMS, keyword_after_points, one_classifier
from .hull import frontier_hull
from .precision import _check_points

__all__ = [
    "probability_cost",
    "expected_cost",
    "cost_envelope",
    "cost_crossing",
    "operating_range",
    "trivial_costs",
]


def probability_cost(skew, m=None, *, c_fn=None, c_fp=None):
    """Probability cost ``PC(+)`` of a deployment skew [S Eq 6, 13].

    ``PC(+) = pi C_FN / (pi C_FN + (1 - pi) C_FP)``; with the cost weight
    ``m = C_FP / (C_FP + C_FN)`` this is ``(1/m - 1) pi / ((1/m - 2) pi + 1)``.

    Parameters
    ----------
    skew : float or array-like in [0, 1]
        Positive fraction pi = P(+) met in deployment.
    m : float in [0, 1], default 0.5
        Relative cost of a false positive.  ``m = 0.5`` (equal costs) gives
        ``PC(+) = pi``; ``m = 0`` gives 1 and ``m = 1`` gives 0 at every skew
        (also at the corners ``pi = 0`` and ``pi = 1``, where the ratio is 0/0).
    c_fn, c_fp : float >= 0, optional
        The two misclassification costs; give both instead of ``m``.

    Returns
    -------
    float or ndarray
        Shaped like ``skew``.

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.probability_cost(0.25)
    0.25
    >>> round(sp.probability_cost(0.1, c_fn=9.0, c_fp=1.0), 4)
    0.5
    """
    pi = check_unit_array(skew, "skew")
    if c_fn is not None or c_fp is not None:
        if m is not None:
            raise TypeError("give either m or the costs c_fn and c_fp, not both")
        if c_fn is None or c_fp is None:
            raise TypeError("c_fn and c_fp must be given together")
        c_fn = check_scalar(c_fn, "c_fn", lo=0.0)
        c_fp = check_scalar(c_fp, "c_fp", lo=0.0)
        if c_fn + c_fp <= 0:
            raise ValueError("c_fn and c_fp are both zero; at least one cost must be positive")
        m = c_fp / (c_fp + c_fn)
    m = 0.5 if m is None else check_scalar(m, "m", lo=0.0, hi=1.0)
    num = pi * (1.0 - m)
    den = num + (1.0 - pi) * m
    # den = 0 only at the corners (pi, m) = (0, 0) or (1, 1): follow m there.
    out = np.divide(num, np.where(den > 0, den, 1.0))
    out = np.where(den > 0, out, 1.0 - m)
    return scalar_or_array(out)


def _nec(tpr, fpr, pc):
    """Normalised expected cost [S Eq 7]: ``(1 - TPR - FPR) PC + FPR``."""
    return (1.0 - tpr - fpr) * pc + fpr


def expected_cost(data=None, y_score=None, *, pc=None, y_true=None, sample_weight=None, pos_label=None):
    """Normalised expected cost of every operating point [S Eq 7].

    ``NEC = (1 - TPR - FPR) PC(+) + FPR``: each point is the line from
    ``(0, FPR)`` to ``(1, 1 - TPR)`` in cost space.

    Parameters
    ----------
%(metric_input_params)s    pc : float or array-like of shape (k,) in [0, 1]
        Probability cost(s) ``PC(+)`` (see :func:`probability_cost`).

    Returns
    -------
    ndarray of shape (n_points,) or (k, n_points)
        One row per ``pc`` when ``pc`` is an array.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.88], [0.04])
    >>> sp.expected_cost(pts, pc=sp.probability_cost(0.25)).round(4).tolist()   # [S §2.1]
    [0.25, 0.06, 0.75]
    """
    y_score, pc = keyword_after_points(data, y_score, pc, "pc", "expected_cost")
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="expected_cost", bounded=False)
    _check_points(pts)
    pc = check_unit_array(pc, "pc")
    if pc.ndim > 1:
        raise ValueError(f"pc must be a number or 1-D, got an array of shape {pc.shape}")
    return _nec(pts.tpr, pts.fpr, pc[..., None] if pc.ndim else pc)


def trivial_costs(pc):
    """Costs of the two trivial classifiers: always-negative and always-positive.

    Always-negative (ROC point (0, 0)) costs ``PC(+)``; always-positive
    ((1, 1)) costs ``1 - PC(+)``.

    Parameters
    ----------
    pc : float or array-like in [0, 1]

    Returns
    -------
    always_negative, always_positive : float or ndarray

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.metrics.cost.trivial_costs(0.2)
    (0.2, 0.8)
    """
    pc = check_unit_array(pc, "pc")
    return scalar_or_array(pc), scalar_or_array(1.0 - pc)


def cost_crossing(point_a, point_b):
    """Probability cost where the cost lines of two points cross [S Eq 14].

    ``PC* = (FPR_a - FPR_b) / ((TPR_a - TPR_b) + FPR_a - FPR_b)``.  Below
    ``PC*`` the point with the smaller FPR costs less; above, the other.

    To get the deployment skew of the crossing for a cost weight ``m``
    invert [S Eq 13]: ``pi* = PC* m / (PC* m + (1 - PC*)(1 - m))``.  (The
    printed [S Eq 15] garbles this inversion; at ``m = 0.5`` it must give
    ``pi* = PC*``, which the form above does.)

    Parameters
    ----------
    point_a, point_b : (tpr, fpr) pairs
        Scalars or arrays that broadcast.

    Returns
    -------
    float or ndarray
        The crossing.  Lines that do not cross inside [0, 1] (one point is
        better at every ``PC(+)``) give a value outside [0, 1].

    Raises
    ------
    ValueError
        If the two lines do not meet at a single ``PC(+)``: parallel
        (``TPR_a - TPR_b = FPR_b - FPR_a``) or the same point.

    Examples
    --------
    >>> import skewplot as sp
    >>> round(sp.cost_crossing((0.5, 0.1), (0.8, 0.3)), 4)
    0.4
    """
    ta, fa = check_rate_pair(point_a, "point_a")
    tb, fb = check_rate_pair(point_b, "point_b")
    num = fa - fb
    den = (ta - tb) + num
    if np.any(den == 0):
        raise ValueError(
            "point_a and point_b give parallel cost lines (TPR_a - TPR_b = FPR_b - FPR_a), "
            "so they never cross at a single PC(+)"
        )
    return scalar_or_array(num / den)


def operating_range(point):
    """Range of ``PC(+)`` where a point costs less than both trivial classifiers.

    The point ``(TPR, FPR)`` beats always-negative for
    ``PC(+) > FPR / (TPR + FPR)`` and always-positive for
    ``PC(+) < (1 - FPR) / (2 - TPR - FPR)`` (Drummond & Holte).

    Parameters
    ----------
    point : (tpr, fpr) pair of scalars or arrays

    Returns
    -------
    lo, hi : float or ndarray
        The open interval ``(lo, hi)``.  Points on or below the diagonal
        (``TPR <= FPR``) never beat both and get the empty interval
        ``(0.5, 0.5)``, the limit of the range as a point nears the diagonal.

    Examples
    --------
    >>> import skewplot as sp
    >>> lo, hi = sp.metrics.cost.operating_range((0.8, 0.2))
    >>> round(lo, 4), round(hi, 4)
    (0.2, 0.8)
    """
    tpr, fpr = check_rate_pair(point, "point")
    live = tpr > fpr  # then tpr + fpr > 0 and 2 - tpr - fpr > 0
    lo = np.divide(fpr, np.where(live, tpr + fpr, 1.0))
    hi = np.divide(1.0 - fpr, np.where(live, 2.0 - tpr - fpr, 1.0))
    return scalar_or_array(np.where(live, lo, 0.5)), scalar_or_array(np.where(live, hi, 0.5))


def _envelope_on_frontier(tpr, fpr, frontier, pc):
    """Lowest NEC at each ``pc`` and which frontier vertex gives it.

    Vertex ``j`` is optimal between the crossings of its line with its
    neighbours' [S Eq 14]; these breakpoints increase along the hull.  At a
    breakpoint the vertex with the smaller FPR is returned.
    """
    t, f = tpr[frontier], fpr[frontier]
    d_f, d_t = np.diff(f), np.diff(t)
    breaks = d_f / (d_f + d_t)  # d_f > 0 and d_t > 0 on the frontier
    k = np.searchsorted(breaks, pc, side="left")
    return _nec(t[k], f[k], pc), frontier[k], breaks


def cost_envelope(data=None, y_score=None, *, pc=None, y_true=None, sample_weight=None, pos_label=None):
    """Lower envelope of the cost lines: the lowest NEC at each ``PC(+)``.

    Computed through the ROC convex hull (the envelope is its dual), so it is
    exact at every ``pc``, breakpoints included, in O(n log n + k log n).

    Parameters
    ----------
%(metric_input_params)s    pc : float or array-like in [0, 1]

    Returns
    -------
    cost : float or ndarray
        Lowest normalised expected cost, shaped like ``pc``.
    index : int or ndarray of int
        The operating point that reaches it; where two hull vertices tie (at
        a breakpoint) the one with the smaller FPR.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.5, 0.9], [0.1, 0.4])
    >>> cost, index = sp.cost_envelope(pts, pc=[0.2, 0.5, 0.8])
    >>> cost.round(3).tolist(), index.tolist()
    ([0.18, 0.25, 0.16], [1, 2, 2])
    """
    y_score, pc = keyword_after_points(data, y_score, pc, "pc", "cost_envelope")
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="cost_envelope", bounded=False)
    _check_points(pts)
    pc = check_unit_array(pc, "pc")
    tpr, fpr = np.asarray(pts.tpr), np.asarray(pts.fpr)
    cost, index, _ = _envelope_on_frontier(tpr, fpr, frontier_hull(tpr, fpr), pc)
    if pc.ndim == 0:
        return float(cost), int(index)
    return cost, index


for _f in (expected_cost, cost_envelope):
    _f.__doc__ = _f.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
