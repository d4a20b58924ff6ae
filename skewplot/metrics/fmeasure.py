"""F-measure space [S §3]: F_alpha of each operating point against the skew.

``F_alpha = 1 / (alpha/Pr + (1 - alpha)/Re)`` [S Eq 3].  With the rates of a
point and the deployment skew pi = P(+) it reads [S Eq 9, 10]::

    F = pi TPR / (alpha (pi TPR + (1 - pi) FPR) + (1 - alpha) pi)

(expected true positives over alpha times the predicted positives plus
``1 - alpha`` times the actual positives).  Against pi every point is an
increasing concave curve; a soft classifier is the upper envelope of its
points' curves.  F is a ratio of two affine functions of (TPR, FPR), so its
level sets are straight lines in ROC space and its maximum over any set of
points is reached on their ROC convex hull: the envelope only looks there.
"""

from __future__ import annotations

import numpy as np

from .._memory import check_memory
from .._validate import check_rate_pair, check_unit_array, scalar_or_array
from ..skew import FixedSkew
from ._inputs import METRIC_INPUT_PARAMS, keyword_after_points, one_classifier, skew_by_name
from .fweight import f_alpha_from_beta, f_beta_from_alpha, resolve_f_weight
from .hull import frontier_hull
from .multiclass import OneVsRest
from .per_class import each_class
from .precision import _check_points, curve_rates, skew_model_of

__all__ = [
    "f_measure",
    "f_curves",
    "f_envelope",
    "f_crossing",
    "f_alpha_crossing",
    "f_max_bound",
    "f_always_positive",
    "f_alpha_from_beta",
    "f_beta_from_alpha",
]


def _f_at(tpr, fpr, pi, f_alpha):
    """F_alpha from rates at skew ``pi`` [S Eq 10]; broadcasts, never warns.

    Where the ratio is 0/0 it takes its limit as pi moves into (0, 1): at
    ``pi = 0`` with ``FPR = 0`` (or ``alpha = 0``) the curve is the constant
    ``TPR / (alpha TPR + 1 - alpha)``; a point with ``TPR = 0`` gives 0.  The
    empty prediction at ``alpha = 1`` (precision) must be replaced by the
    caller (:func:`skewplot.metrics.precision.curve_rates`); here it gives 0.
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    pi = np.asarray(pi, dtype=float)
    a = float(f_alpha)
    num = pi * tpr
    den = a * (num + (1.0 - pi) * fpr) + (1.0 - a) * pi
    ok = den > 0
    out = np.divide(num, np.where(ok, den, 1.0))
    if ok.all():
        return out
    at_zero = a * tpr + (1.0 - a)
    limit = np.divide(tpr, np.where(at_zero > 0, at_zero, 1.0))
    limit = np.where((pi == 0) & (at_zero > 0), limit, 0.0)
    return np.where(ok, out, limit)


def _rates(pts, f_alpha):
    """Rates to put into F: at ``f_alpha = 1`` the empty prediction takes its limit."""
    if f_alpha == 1.0:
        return curve_rates(pts)
    return np.asarray(pts.tpr), np.asarray(pts.fpr)


@skew_by_name
def f_measure(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None, f_alpha=None,
              beta=None):
    """F_alpha of every operating point at a deployment skew [S Eq 9, 10].

    Parameters
    ----------
%(metric_input_params)s    skew : None, float, (lo, hi) or SkewModel, optional
        None: the data set's own skew.  A float pi = P(+) in (0, 1).  A range
        or another skew model gives the expected F over it, ``E[F_pi]``.  For
        F over a grid of skews (one curve per point) see :func:`f_curves`.
        With a :class:`~skewplot.OneVsRest` ``data``, a prior vector
        ``{class: prior}`` (or a PriorEstimate) or per-class ranges: each
        class at its own prior, as a ``PerClass`` of arrays.
    f_alpha : float in [0, 1], default 0.5
        Weight of precision: 0 gives recall, 1 precision, 0.5 the F1 score.
        ``f_alpha = 1 / (1 + beta**2)`` for the usual F_beta
        (:func:`f_alpha_from_beta`).
    beta : float >= 0, optional
        F_beta instead: ``f_alpha = 1 / (1 + beta**2)`` (``beta=1`` is F1).
        Give ``f_alpha`` or ``beta``, not both; neither is F1.

    Returns
    -------
    ndarray of shape (n_points,)
        At the empty prediction F is 0 for ``f_alpha < 1``; at ``f_alpha = 1``
        (precision) it is the limit along the curve, as in
        :func:`skewplot.precision`.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.88], [0.06])
    >>> sp.f_measure(pts, skew=0.25, f_alpha=0.5).round(4).tolist()
    [0.0, 0.8544, 0.4]
    """
    if isinstance(data, OneVsRest):  # each class against the rest, at its own prior
        return each_class(f_measure, data, skew, (y_score, y_true, sample_weight, pos_label), f_alpha=f_alpha,
                          beta=beta)
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="f_measure", bounded=False)
    _check_points(pts)
    f_alpha = resolve_f_weight(f_alpha, beta)
    model = skew_model_of(pts, skew)
    tpr, fpr = _rates(pts, f_alpha)
    if isinstance(model, FixedSkew):
        return _f_at(tpr, fpr, model.value, f_alpha)
    return np.asarray(model.expect(lambda p: _f_at(tpr, fpr, np.reshape(p, (-1, 1)), f_alpha)), dtype=float)


def _skew_grid(skews):
    pi = check_unit_array(skews, "skews")
    if pi.ndim > 1:
        raise ValueError(f"skews must be a number or 1-D, got an array of shape {pi.shape}")
    return pi


@skew_by_name
def f_curves(data=None, y_score=None, *, skews=None, f_alpha=None, beta=None, y_true=None, sample_weight=None,
             pos_label=None):
    """F_alpha of every point over a grid of skews: one curve per point.

    Parameters
    ----------
%(metric_input_params)s    skews : float or array-like of shape (k,) in [0, 1]
        Values of pi = P(+); the ends 0 and 1 are allowed (the curves' limits).
    f_alpha : float in [0, 1], default 0.5
    beta : float >= 0, optional
        F_beta instead: ``f_alpha = 1 / (1 + beta**2)`` (``beta=1`` is F1).
        Give ``f_alpha`` or ``beta``, not both; neither is F1.

    Returns
    -------
    ndarray of shape (n_points,) or (k, n_points)

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.8], [0.15])
    >>> sp.f_curves(pts, skews=[0.0, 0.5, 1.0]).round(4)[:, 1].tolist()
    [0.0, 0.8205, 0.8889]
    """
    y_score, skews = keyword_after_points(data, y_score, skews, "skews", "f_curves")
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="f_curves", bounded=False)
    _check_points(pts)
    f_alpha = resolve_f_weight(f_alpha, beta)
    pi = _skew_grid(skews)
    check_memory(4 * pi.size * len(pts) * 8, f"f_curves over {pi.size} skews x {len(pts)} points")
    tpr, fpr = _rates(pts, f_alpha)
    return _f_at(tpr, fpr, pi[..., None] if pi.ndim else pi, f_alpha)


def _envelope_candidates(tpr, fpr, f_alpha):
    """Frontier vertices; at ``f_alpha = 1`` without the empty prediction.

    Its precision is only a limit, equal to another point's, so leaving it
    out never changes the best value.
    """
    cand = frontier_hull(tpr, fpr)
    if f_alpha == 1.0:
        cand = cand[(tpr[cand] > 0) | (fpr[cand] > 0)]
    return cand


def _best_on(tpr, fpr, cand, pi, f_alpha):
    """Best F and the candidate reaching it, per skew in ``pi`` (1-D)."""
    table = _f_at(tpr[cand], fpr[cand], pi[:, None], f_alpha)
    k = np.argmax(table, axis=1)
    return table[np.arange(pi.size), k], cand[k]


@skew_by_name
def f_envelope(data=None, y_score=None, *, skews=None, y_true=None, sample_weight=None, pos_label=None,
               f_alpha=None, beta=None):
    """Upper envelope of the F-curves: the best F_alpha at each skew [S §3.1].

    The best threshold of a soft classifier at each skew.  Only the points on
    the ROC convex hull are evaluated (F is quasi-linear in the rates, so its
    maximum lies there); the result equals the maximum over all points.

    Parameters
    ----------
%(metric_input_params)s    skews : float or array-like of shape (k,) in [0, 1]
        The skews at which the best F is wanted.
    f_alpha, beta : float, optional
        The F weight, as in :func:`f_curves` (F1 when neither is given).

    Returns
    -------
    f : float or ndarray
        The best F at each skew, shaped like ``skews``.
    index : int or ndarray of int
        The operating point that reaches it (ties: the smaller FPR; the
        empty prediction is never returned at ``f_alpha = 1``).

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.55, 0.75, 0.88, 0.98], [0.08, 0.15, 0.28, 0.5])
    >>> f, index = sp.f_envelope(pts, skews=[0.05, 0.5])
    >>> f.round(4).tolist(), index.tolist()
    ([0.3583, 0.8148], [1, 3])
    """
    y_score, skews = keyword_after_points(data, y_score, skews, "skews", "f_envelope")
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="f_envelope", bounded=False)
    _check_points(pts)
    f_alpha = resolve_f_weight(f_alpha, beta)
    pi = _skew_grid(skews)
    tpr, fpr = np.asarray(pts.tpr), np.asarray(pts.fpr)
    # the hull's vertices, kept on the points (they never change): a widget asks again at every step
    cand = pts._memo(("f_envelope_candidates", f_alpha == 1.0), lambda: _envelope_candidates(tpr, fpr, f_alpha))
    best, index = _best_on(tpr, fpr, cand, np.atleast_1d(pi), f_alpha)
    if pi.ndim == 0:
        return float(best[0]), int(index[0])
    return best, index


def f_crossing(point_a, point_b, *, f_alpha=None, beta=None):
    """Skew where the F-curves of two points cross [S Eq 11].

    ``pi* = D / (((alpha - 1)/alpha)(TPR_b - TPR_a) + D)`` with
    ``D = FPR_a TPR_b - FPR_b TPR_a``.  Every F-curve passes through 0 at
    pi = 0 (when FPR > 0); this is the other meeting point.  Above ``pi*``
    the point with the larger TPR and FPR has the larger F.

    Parameters
    ----------
    point_a, point_b : (tpr, fpr) pairs
        Scalars or arrays that broadcast.
    f_alpha : float in (0, 1], default 0.5
        (At 0, F is the recall, which does not depend on the skew.)
    beta : float >= 0, optional
        F_beta instead: ``f_alpha = 1 / (1 + beta**2)``; not with ``f_alpha``.

    Returns
    -------
    float or ndarray
        ``pi*``.  A value outside [0, 1] (``inf`` included) means the curves
        do not cross at any skew in (0, 1]: one point is better everywhere.

    Raises
    ------
    ValueError
        If the two curves coincide at every skew.

    Examples
    --------
    >>> import skewplot as sp
    >>> round(sp.f_crossing((0.55, 0.08), (0.5, 0.03)), 4)   # [S Fig 3b]
    0.3197
    """
    a = resolve_f_weight(f_alpha, beta, lo_open=True)
    ta, fa = check_rate_pair(point_a, "point_a")
    tb, fb = check_rate_pair(point_b, "point_b")
    d = fa * tb - fb * ta
    num = a * d
    den = (a - 1.0) * (tb - ta) + num
    if np.any((den == 0) & (num == 0)):
        raise ValueError("point_a and point_b have the same F-curve at every skew; they never cross at one skew")
    out = np.divide(num, np.where(den == 0, 1.0, den))
    return scalar_or_array(np.where(den == 0, np.inf, out))


def f_alpha_crossing(point):
    """Skew where the F-curves of one point for every ``f_alpha`` meet [S §3.1].

    ``pi = FPR / (FPR - TPR + 1)``; there ``F_alpha = TPR`` whatever the
    weight.  Below it F grows as ``f_alpha`` falls, above it as it rises.

    Parameters
    ----------
    point : (tpr, fpr) pair of scalars or arrays

    Returns
    -------
    float or ndarray
        The skew ``pi`` in [0, 1] where the curves meet.

    Raises
    ------
    ValueError
        For the perfect point (TPR = 1, FPR = 0), whose F is 1 everywhere.

    Examples
    --------
    >>> import skewplot as sp
    >>> round(sp.f_alpha_crossing((0.8, 0.15)), 4)   # [S Fig 1]
    0.4286
    """
    tpr, fpr = check_rate_pair(point, "point")
    den = fpr - tpr + 1.0
    if np.any(den == 0):
        raise ValueError("point is the perfect classifier (TPR = 1, FPR = 0): its F is 1 for every f_alpha and skew")
    return scalar_or_array(fpr / den)


def f_max_bound(skew, fpr_max, *, f_alpha=None, beta=None):
    """Highest F_alpha reachable with ``FPR <= fpr_max`` (Neyman-Pearson) [S §3.4.1].

    The point ``(TPR = 1, FPR = fpr_max)``:
    ``1 / (1 + alpha (1/pi - 1) fpr_max)``.

    Parameters
    ----------
    skew : float or array-like in [0, 1]
    fpr_max : float or array-like in [0, 1]
    f_alpha, beta : float, optional
        The F weight, as in :func:`f_curves` (F1 when neither is given).

    Returns
    -------
    float or ndarray
        F_alpha of the point ``(TPR, FPR) = (1, fpr_max)`` at each skew.

    Examples
    --------
    >>> import skewplot as sp
    >>> round(sp.f_max_bound(0.1, 0.05), 4)
    0.8163
    """
    pi = check_unit_array(skew, "skew")
    fpr = check_unit_array(fpr_max, "fpr_max")
    return scalar_or_array(_f_at(1.0, fpr, pi, resolve_f_weight(f_alpha, beta)))


def f_always_positive(skew, *, f_alpha=None, beta=None):
    """F_alpha of the classifier that calls everything positive: the F-space baseline.

    ``pi / (alpha + (1 - alpha) pi)`` (ROC point (1, 1)).  Always-negative
    has F = 0.

    Parameters
    ----------
    skew : float or array-like in [0, 1]
    f_alpha, beta : float, optional
        The F weight, as in :func:`f_curves` (F1 when neither is given).

    Returns
    -------
    float or ndarray
        Its F_alpha at each skew.

    Examples
    --------
    >>> import skewplot as sp
    >>> round(sp.f_always_positive(0.25), 4)
    0.4
    """
    pi = check_unit_array(skew, "skew")
    return scalar_or_array(_f_at(1.0, 1.0, pi, resolve_f_weight(f_alpha, beta)))


for _f in (f_measure, f_envelope, f_curves):
    _f.__doc__ = _f.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
