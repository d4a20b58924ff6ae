"""The objective of every threshold under an uncertain deployment skew: expected, worst case, regret.

:func:`skewplot.choose_threshold` (in :mod:`skewplot.stats.choose`, which adds
the bootstrap) picks a threshold from these values; the decision figure draws
them.  Every value is computed at every operating point (no grid of
thresholds) from the one-skew formulas: the normalised expected cost
(:func:`skewplot.metrics.cost._nec` at :func:`~skewplot.probability_cost`),
F_beta (:func:`skewplot.metrics.fmeasure._f_at`) and precision
(:func:`skewplot.skew.base.precision_nodes`, or the model's own
:meth:`~skewplot.SkewModel.precision`).

*Goodness* below is the objective with the sign that makes larger better:
``-NEC`` for cost, F for ``"fbeta"``, precision, recall.

Worst case and regret are exact over the skew range ``[lo, hi]``:

* NEC is linear in ``PC(+)``, which is monotone in pi', so its worst is at an
  end; F and precision increase with pi', so theirs is at ``lo``.
* Cost regret ``NEC_i - min_j NEC_j`` is convex in ``PC(+)`` (a line minus a
  concave envelope): its maximum is at an end.
* F regret: with ``u = (1 - pi')/pi'``, ``F_j = TPR_j / (c_j + a FPR_j u)``
  (``a`` the F weight, ``c_j = a TPR_j + 1 - a``), and ``F_j - F_i`` has one
  stationary point, where ``sqrt(TPR_i FPR_i) (c_j + a FPR_j u) =
  sqrt(TPR_j FPR_j) (c_i + a FPR_i u)``; the maximum over ``u`` is at an end
  or there, and the best ``j`` is a vertex of the ROC convex hull.
"""

from __future__ import annotations

import numpy as np

from ..skew import FixedSkew, SkewModel, SkewRange, SkewSeries
from ..skew.base import precision_nodes
from ..skew.formulas import precision_at
from .cost import _nec, cost_envelope, probability_cost
from .fmeasure import _envelope_candidates, _f_at
from .precision import curve_rates

__all__ = ["TARGETS", "RISKS", "MEET_RTOL", "meets", "reach_floor", "skew_bounds", "goodness_at",
           "expected_goodness", "worst_goodness", "max_regret", "objective_band", "TargetIndex", "PrecisionIndex"]

TARGETS = ("cost", "fbeta", "precision", "recall")
RISKS = ("expected", "worst", "regret", "chance")
# A precision or recall within this relative distance below its target meets it.  Both are computed from
# float counts and rates (sums of weights, ratios, the odds (1 - pi')/pi'), each exact to a few ulps: a point
# whose exact value equals the target (precision 0.9 = 18 of 20 rows at pi' = 0.9) may come out an ulp below
# it.  1e-12 is far above those roundings and far below any difference a target is set to tell apart.
MEET_RTOL = 1e-12
# Rows of points evaluated at once against every hull vertex (F regret).
_CHUNK = 1 << 18


def reach_floor(value):
    """The least precision or recall that meets the target ``value``: ``value`` less :data:`MEET_RTOL` of it."""
    return value - MEET_RTOL * abs(value)


def meets(good, value):
    """Whether a precision or recall ``good`` (array) meets the target ``value``, to the counts' rounding.

    Examples
    --------
    >>> from skewplot.metrics.decide import meets
    >>> bool(meets(1.0 / (1.0 + 0.1 / 0.9), 0.9)), bool(meets(0.8999, 0.9))
    (True, False)
    """
    return np.asarray(good) >= reach_floor(value)


def skew_bounds(model):
    """The smallest and largest skew of a model: the ends of a range, the extreme samples of a series.

    Other models: the extreme quadrature nodes.
    """
    if isinstance(model, FixedSkew):
        return model.value, model.value
    if isinstance(model, SkewRange):
        return model.lo, model.hi
    if isinstance(model, SkewSeries):
        return float(np.min(model.values)), float(np.max(model.values))
    pi, w = model.nodes()
    pi = pi[w > 0]
    return float(pi.min()), float(pi.max())


def goodness_at(tpr, fpr, pi, target, *, m=0.5, f_alpha=0.5):
    """Goodness of rates ``(tpr, fpr)`` at skews ``pi`` (broadcast): ``-NEC``, F, precision or recall.

    Precision uses the limits of :func:`~skewplot.skew.base.precision_nodes`;
    give rates from :func:`~skewplot.metrics.precision.curve_rates` so that the
    empty prediction carries its limit along the curve.
    """
    if target == "cost":
        return -_nec(tpr, fpr, probability_cost(pi, m))
    if target == "fbeta":
        return _f_at(tpr, fpr, pi, f_alpha)
    if target == "precision":
        return precision_nodes(tpr, fpr, pi)
    return np.broadcast_to(np.asarray(tpr, dtype=float), np.broadcast_shapes(np.shape(tpr), np.shape(pi)))


def _rates(pts, target):
    if target == "precision":
        return curve_rates(pts)
    return np.asarray(pts.tpr, dtype=float), np.asarray(pts.fpr, dtype=float)


def expected_goodness(pts, model: SkewModel, target, *, m=0.5, f_alpha=0.5):
    """``E[goodness]`` over the model at every point (precision: the model's own, closed form where it has one)."""
    tpr, fpr = _rates(pts, target)
    if target == "recall":
        return tpr.copy()
    if target == "precision":
        return np.asarray(model.precision(tpr, fpr), dtype=float)
    if target == "cost":  # NEC is linear in PC(+), and PC(+) at m is precision_at(1 - m, m, pi'): E[PC] in the
        # model's own form (closed for a uniform range), so the expected cost is exact and one pass
        return -_nec(tpr, fpr, float(model.precision(1.0 - m, m)))
    return np.asarray(model.expect(lambda p: goodness_at(tpr, fpr, p[:, None], target, m=m, f_alpha=f_alpha)),
                      dtype=float)


def worst_goodness(pts, bounds, target, *, m=0.5, f_alpha=0.5):
    """The smallest goodness over skews in ``bounds = (lo, hi)``, per point (exact: see the module note)."""
    tpr, fpr = _rates(pts, target)
    lo, hi = bounds
    return np.minimum(goodness_at(tpr, fpr, lo, target, m=m, f_alpha=f_alpha),
                      goodness_at(tpr, fpr, hi, target, m=m, f_alpha=f_alpha))


def max_regret(pts, bounds, target, *, m=0.5, f_alpha=0.5):
    """The largest regret over skews in ``bounds``: the best goodness at that skew minus the point's.

    Cost and F only (for the constraint targets regret coincides with the
    worst case, see :func:`skewplot.choose_threshold`).
    """
    tpr, fpr = _rates(pts, target)
    lo, hi = bounds
    if target == "cost":
        out = None
        for pi in (lo, hi):
            pc = probability_cost(pi, m)
            best, _ = cost_envelope(pts, pc=pc)
            r = _nec(tpr, fpr, pc) - best
            out = r if out is None else np.maximum(out, r)
        return np.maximum(out, 0.0)
    cand = _envelope_candidates(tpr, fpr, f_alpha)
    tj, fj = tpr[cand], fpr[cand]
    out = np.empty(tpr.size)
    step = max(1, _CHUNK // max(cand.size, 1))
    for s in range(0, tpr.size, step):
        ti, fi = tpr[s:s + step, None], fpr[s:s + step, None]
        reg = None
        for pi in (lo, hi, _stationary(ti, fi, tj, fj, f_alpha, lo, hi)):
            r = (_f_at(tj, fj, pi, f_alpha) - _f_at(ti, fi, pi, f_alpha)).max(axis=1)
            reg = r if reg is None else np.maximum(reg, r)
        out[s:s + step] = reg
    return np.maximum(out, 0.0)


def _stationary(ti, fi, tj, fj, a, lo, hi):
    """The skew where ``F_j - F_i`` is stationary (module note), clipped into ``[lo, hi]``; ``lo`` where none."""
    ri, rj = np.sqrt(ti * fi), np.sqrt(tj * fj)
    ci, cj = a * ti + 1.0 - a, a * tj + 1.0 - a
    den = a * (ri * fj - rj * fi)
    num = rj * ci - ri * cj
    ok = (den != 0) & (ri > 0) & (rj > 0)
    u = np.divide(num, np.where(ok, den, 1.0))
    ok &= u > 0
    pi = 1.0 / (1.0 + np.where(ok, u, 1.0))
    return np.where(ok, np.clip(pi, lo, hi), lo)


def objective_band(pts, model: SkewModel, target, *, m=0.5, f_alpha=0.5):
    """The objective (not the goodness) per point: expected over the model, and its range over the model's skews.

    Returns
    -------
    expected, low, high : ndarray of shape (n_points,)
        ``low``/``high`` are the objective's extremes over skews in
        :func:`skew_bounds` (NEC, F and precision are monotone in pi' or in
        ``PC(+)``, so the extremes are at the two ends).

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.metrics.decide import objective_band
    >>> pts = sp.OperatingPoints.from_rates([0.5], [0.1])
    >>> e, lo, hi = objective_band(pts, sp.SkewRange(0.1, 0.3), "precision")
    >>> bool(lo[1] <= e[1] <= hi[1])
    True
    """
    sign = -1.0 if target == "cost" else 1.0
    tpr, fpr = _rates(pts, target)
    ends = [sign * goodness_at(tpr, fpr, pi, target, m=m, f_alpha=f_alpha) for pi in skew_bounds(model)]
    exp = sign * expected_goodness(pts, model, target, m=m, f_alpha=f_alpha)
    return exp, np.minimum(*ends), np.maximum(*ends)


class TargetIndex:
    """The point :func:`skewplot.choose_threshold` picks for a precision or recall target, in O(log n).

    ``choose_threshold(pts, skew=model, target=target, value=v)`` (risk
    ``"expected"``) picks, among the points reaching ``v``, the one with the
    most recall (the highest threshold among equals) for precision, and the
    highest threshold for recall.  Recall rises along the points, so both
    are a search in sorted arrays once the running maximum of precision from
    the last point back is known (O(n) once per model, then a search per
    target value): the last point reaching ``v`` is where that maximum falls
    below ``v``, and the pick is the first candidate with its recall.

    Parameters
    ----------
    pts : OperatingPoints
    target : {"precision", "recall"}
    model : SkewModel
        Precision's model (recall does not depend on it).

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.metrics.decide import TargetIndex
    >>> pts = sp.operating_points([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.8, 0.9])
    >>> look = TargetIndex(pts, "precision", sp.FixedSkew(0.5))
    >>> look(0.7), sp.choose_threshold(pts, skew=0.5, target="precision", value=0.7).index
    (4, 4)
    >>> look(1.01) is None
    True
    """

    def __init__(self, pts, target, model):
        if target not in ("precision", "recall"):
            raise ValueError(f"target must be 'precision' or 'recall', got {target!r}")
        self.target = target
        self._tpr = np.asarray(pts.tpr, dtype=float)
        if target == "precision":
            good = expected_goodness(pts, model, "precision")
            cand = (self._tpr > 0) | (np.asarray(pts.fpr) > 0)  # as choose_threshold: the empty prediction is a limit
            good = np.where(cand, good, -np.inf)
            self._first = int(np.argmax(cand)) if cand.any() else len(good)
            self._neg_reach = -np.maximum.accumulate(good[::-1])[::-1]  # non-decreasing

    def __call__(self, value):
        """The index picked for the target ``value``, or None when no point reaches it."""
        tpr, n = self._tpr, self._tpr.size
        value = reach_floor(value)
        if self.target == "recall":
            i = int(np.searchsorted(tpr, value, side="left"))
            return i if i < n else None
        last = int(np.searchsorted(self._neg_reach, -value, side="right")) - 1
        if last < 0:
            return None
        return max(int(np.searchsorted(tpr, tpr[last], side="left")), self._first)


class PrecisionIndex:
    """``TargetIndex(pts, "precision", FixedSkew(skew))(value)`` at any skew, each in O(log n) after one O(n) pass.

    At a fixed skew ``pi`` precision rises with ``r = tpr / fpr``:
    ``P >= v`` exactly when ``r >= v (1 - pi) / (pi (1 - v))``, so the running
    maximum of ``r`` from the last point back, kept once, serves every skew
    (a widget's skew step in precision-target mode rebuilt the O(n)
    :class:`TargetIndex`).  Points whose ``r`` lies within a relative 1e-9 of
    that bound are settled by precision in floating point, as
    :class:`TargetIndex` compares it, so the two pick the same point at an
    exact tie; skews 0 and 1 and targets outside (0, 1) go to
    :class:`TargetIndex` itself.  (The band widens as ``v`` or ``pi`` nears 1,
    where ``1 - v`` and ``1 - pi`` lose digits.)

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.metrics.decide import PrecisionIndex
    >>> pts = sp.operating_points([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.8, 0.9])
    >>> look = PrecisionIndex(pts)
    >>> look(0.7, 0.5), sp.choose_threshold(pts, skew=0.5, target="precision", value=0.7).index
    (4, 4)
    """

    _BAND = 1e-9

    def __init__(self, pts):
        self._pts = pts
        self._tpr = np.asarray(pts.tpr, dtype=float)
        self._fpr = np.asarray(pts.fpr, dtype=float)
        cand = (self._tpr > 0) | (self._fpr > 0)
        self._first = int(np.argmax(cand)) if cand.any() else self._tpr.size
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(self._fpr > 0, self._tpr / self._fpr, np.inf)
        r = np.where(cand, r, -np.inf)
        self._neg_reach = -np.maximum.accumulate(r[::-1])[::-1]  # non-decreasing

    def _last(self, bound):
        """The last point whose ratio reaches ``bound`` (-1 when none)."""
        return int(np.searchsorted(self._neg_reach, -bound, side="right")) - 1

    def __call__(self, value, skew):
        """The index picked for the precision target ``value`` at ``skew``, or None when no point reaches it."""
        pi, v = float(skew), float(value)
        if not (0.0 < pi < 1.0 and 0.0 < v < 1.0):
            return TargetIndex(self._pts, "precision", FixedSkew(pi))(v)
        v = reach_floor(v)  # as TargetIndex: a precision at the target to the counts' rounding meets it
        bound = v * (1.0 - pi) / (pi * (1.0 - v))
        # 1 - v and 1 - pi lose digits near 1, and so does a float precision near v: the band widens with them
        band = self._BAND + 64 * np.finfo(float).eps * (1.0 / (1.0 - v) + 1.0 / (1.0 - pi))
        sure, maybe = self._last(bound * (1.0 + band)), self._last(bound * (1.0 - band))
        last = sure
        if maybe > sure:  # the points past ``sure`` up to ``maybe``: the last whose float precision reaches v
            lo = sure + 1
            reach = precision_at(self._tpr[lo:maybe + 1], self._fpr[lo:maybe + 1], pi) >= v
            cand = (self._tpr[lo:maybe + 1] > 0) | (self._fpr[lo:maybe + 1] > 0)
            hits = np.flatnonzero(reach & cand)
            if hits.size:
                last = lo + int(hits[-1])
        if last < 0:
            return None
        return max(int(np.searchsorted(self._tpr, self._tpr[last], side="left")), self._first)
