"""Precision-recall-gain space [FK] at any deployment skew, and the area under its curve.

Flach & Kull (2015) measure precision and recall against the always-positive
classifier, whose precision is the positive share pi::

    precG = (P - pi) / ((1 - pi) P),     recG = (R - pi) / ((1 - pi) R).

Here pi is the deployment skew pi'.  In ROC rates (``docs/theory.rst``,
"Precision-recall-gain space"):

* ``precG = 1 - FPR / TPR``: the same at every skew;
* ``recG = 1 - o' (1 - TPR) / TPR`` with the odds ``o' = pi' / (1 - pi')``.

The map ``(TPR, FPR) -> (recG, precG)`` is projective (it divides by TPR), so
straight ROC segments are straight PRG segments and the ROC convex hull is
the PRG convex hull.  Under a skew model the gains are their expectations
over the model: precision gain does not move, and the expected recall gain
is the recall gain at the mean odds ``E[o']``, that is at the single skew
``pi_g = E[o'] / (1 + E[o'])`` (``gain_skew``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validate import check_bool
from ._inputs import METRIC_INPUT_PARAMS, one_classifier, skew_by_name
from .hull import roc_convex_hull
from .multiclass import OneVsRest
from .per_class import each_class
from .precision import _check_points, skew_model_of

__all__ = ["PRGCurve", "GainIndex", "gain_skew", "precision_gain", "recall_gain", "prg_curve", "aucprg"]


def gain_skew(model):
    """The skew whose recall gain is the model's expected recall gain: ``E[o'] / (1 + E[o'])``.

    Raises ValueError when the model reaches pi' = 1 (infinite odds) or sits
    at pi' = 0 (every recall gain is 1).
    """
    pi, w = model.nodes()
    if np.any(pi[w > 0] >= 1.0):
        raise ValueError("skew: recall gain needs pi' < 1 (at pi' = 1 the odds pi'/(1 - pi') are infinite), "
                         f"and {model!r} reaches 1")
    odds = float(model.expect(lambda p: p / (1.0 - p)))
    if odds <= 0:
        raise ValueError(f"skew: recall gain needs pi' > 0 somewhere, and {model!r} is 0 throughout")
    return odds / (1.0 + odds)


def precision_gain(tpr, fpr):
    """``1 - FPR / TPR`` (the same at every skew); -inf where ``TPR = 0 < FPR``, nan at the origin."""
    tpr, fpr = np.asarray(tpr, dtype=float), np.asarray(fpr, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return 1.0 - fpr / tpr


def recall_gain(tpr, skew):
    """``1 - o (1 - TPR) / TPR`` at skew ``pi`` (odds ``o = pi / (1 - pi)``); -inf where ``TPR = 0``."""
    tpr = np.asarray(tpr, dtype=float)
    odds = skew / (1.0 - skew)
    with np.errstate(divide="ignore"):
        return 1.0 - odds * (1.0 - tpr) / tpr


@dataclass(frozen=True)
class PRGCurve:
    """A precision-recall-gain curve over recall gain in [0, 1] (the part [FK] draw and integrate).

    Attributes
    ----------
    recall_gain, precision_gain : ndarray
        The vertices, by increasing recall gain; the first is at recall gain
        0 when the curve crosses it (a point on the ROC segment there).
    index : ndarray of int
        The operating point of each vertex (-1 for the crossing point).
    skew : float
        The skew of the gains (``gain_skew`` of the model).
    """

    recall_gain: np.ndarray
    precision_gain: np.ndarray
    index: np.ndarray
    skew: float


def _clipped(tpr, fpr, index, pi):
    """Gains of the polyline ``tpr, fpr`` (increasing), cut where recall gain crosses 0 (TPR = pi)."""
    j = int(np.searchsorted(tpr, pi, side="left"))  # the first point with TPR >= pi
    if j >= tpr.size:
        return PRGCurve(np.empty(0), np.empty(0), np.empty(0, dtype=np.intp), pi)
    t, f, idx = tpr[j:], fpr[j:], index[j:]
    if j > 0 and tpr[j] > pi:
        q = (pi - tpr[j - 1]) / (tpr[j] - tpr[j - 1])
        t = np.concatenate([[pi], t])
        f = np.concatenate([[fpr[j - 1] + q * (fpr[j] - fpr[j - 1])], f])
        idx = np.concatenate([[-1], idx])
    rg = recall_gain(t, pi)
    rg[t == pi] = 0.0  # exactly, not up to rounding
    return PRGCurve(rg, precision_gain(t, f), idx.astype(np.intp), pi)


@skew_by_name
def prg_curve(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None, hull=False):
    """The precision-recall-gain curve [FK] at a deployment skew (or under a skew model).

    Parameters
    ----------
%(metric_input_params)s    skew : None, float, (lo, hi) or SkewModel, optional
        The deployment skew pi' the gains are taken against (None: the data
        set's own).  Under a model the gains are expectations over it (see
        the module note): the recall gain at ``gain_skew``.
    hull : bool, default=False
        The convex hull instead (the ROC convex hull's vertices: the map to
        PRG space keeps straight lines straight).

    Returns
    -------
    PRGCurve
        The part with recall gain in [0, 1]; precision gain is not clipped
        (it is negative where precision is below pi').

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.5, 0.8], [0.1, 0.4])
    >>> c = sp.prg_curve(pts, skew=0.2)
    >>> c.recall_gain.round(4).tolist(), c.precision_gain.round(4).tolist()
    ([0.0, 0.75, 0.9375, 1.0], [0.8, 0.8, 0.5, 0.0])
    """
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="prg_curve", bounded=False)
    _check_points(pts)
    hull = check_bool(hull, "hull")
    pi = gain_skew(skew_model_of(pts, skew))
    tpr, fpr = np.asarray(pts.tpr, dtype=float), np.asarray(pts.fpr, dtype=float)
    index = np.arange(tpr.size)
    if hull:
        index = roc_convex_hull(pts)
        tpr, fpr = tpr[index], fpr[index]
    return _clipped(tpr, fpr, index, pi)


@skew_by_name
def aucprg(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None):
    """Area under the precision-recall-gain curve [FK] over recall gain in [0, 1].

    The curve is piecewise linear between operating points; the segment that
    crosses recall gain 0 is cut there; precision gain is not clipped, so a
    curve below precision gain 0 subtracts.  (Flach & Kull's reference code
    computes the same area.)

    Parameters
    ----------
%(metric_input_params)s    skew : None, float, (lo, hi), SkewModel or SkewEstimate, optional
        As :func:`prg_curve`.  With a :class:`~skewplot.OneVsRest` ``data``,
        a prior vector ``{class: prior}`` (or a PriorEstimate) or per-class
        ranges ``{class: (lo, hi)}``: each class at its own prior.

    Returns
    -------
    float or PerClass
        Per class (with macro and prior-weighted means) for a one-vs-rest mapping.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.5, 0.8], [0.1, 0.4])
    >>> round(sp.aucprg(pts, skew=0.2), 6)
    0.7375
    """
    if isinstance(data, OneVsRest):  # each class against the rest, at its own prior
        return each_class(aucprg, data, skew, (y_score, y_true, sample_weight, pos_label))
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="aucprg", bounded=False)
    return curve_area(prg_curve(pts, skew=skew))


def curve_area(c):
    """The area under a :class:`PRGCurve` (trapezoids over recall gain): :func:`aucprg` of a curve at hand."""
    if c.recall_gain.size < 2:
        return 0.0
    return float(np.sum(np.diff(c.recall_gain) * 0.5 * (c.precision_gain[1:] + c.precision_gain[:-1])))


class GainIndex:
    """A ROC polyline's PRG curve and its area at any skew, from arrays made once.

    With ``u = 1 / TPR`` and odds ``o``, recall gain is ``1 + o - o u`` and
    precision gain ``1 - FPR u``, so the trapezoid of the segment from vertex
    ``k`` to ``k + 1`` is ``o (u_k - u_k+1) (1 - (FPR_k u_k + FPR_k+1 u_k+1) / 2)``:
    the odds times a number that does not depend on the skew.  Their sums
    from each vertex to the end, made once, give AUPRG at any skew in
    O(log n): the sum from the first vertex with ``TPR >= pi'`` plus the
    piece of the segment that crosses recall gain 0.

    Parameters
    ----------
    pts : OperatingPoints

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.metrics.prg import GainIndex
    >>> gains = GainIndex(sp.OperatingPoints.from_rates([0.5, 0.8], [0.1, 0.4]))
    >>> round(gains.area(0.2), 6), round(gains.area(0.6), 6)
    (0.7375, 0.458333)
    """

    def __init__(self, pts):
        _check_points(pts)
        self.tpr = np.asarray(pts.tpr, dtype=float)
        self.fpr = np.asarray(pts.fpr, dtype=float)
        on = self.tpr > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            u = np.divide(1.0, self.tpr, out=np.full(self.tpr.size, np.inf), where=on)
            self._key = self.fpr * u  # FPR / TPR; a vertex at TPR = 0 is never on a curve (pi' > 0)
            piece = np.where(on[:-1], (u[:-1] - u[1:]) * (1.0 - 0.5 * (self._key[:-1] + self._key[1:])), 0.0)
        self._u = u
        self._tail = np.r_[np.cumsum(piece[::-1])[::-1], 0.0]  # the pieces from each vertex to the end

    def start(self, pi):
        """The first vertex with ``TPR >= pi`` (``len`` when none)."""
        return int(np.searchsorted(self.tpr, pi, side="left"))

    def area(self, pi):
        """AUPRG at the gain skew ``pi`` (``gain_skew`` of a model): :func:`aucprg` (the trapezoids of
        :func:`curve_area`, summed once for every skew), in O(log n)."""
        j = self.start(pi)
        if j >= self.tpr.size:
            return 0.0
        odds = pi / (1.0 - pi)
        total = self._tail[j]
        if j > 0 and self.tpr[j] > pi:  # the segment across recall gain 0, from its crossing at TPR = pi
            q = (pi - self.tpr[j - 1]) / (self.tpr[j] - self.tpr[j - 1])
            f = self.fpr[j - 1] + q * (self.fpr[j] - self.fpr[j - 1])
            total += (1.0 / pi - self._u[j]) * (1.0 - 0.5 * (f / pi + self._key[j]))
        return float(odds * total)

    def extreme_vertices(self, j):
        """The vertices from ``j`` on with the largest ``FPR/TPR`` and the smallest positive one (the lowest
        and the highest precision gain below 1 of the curve from there); suffix arrays made at the first call."""
        if not hasattr(self, "_extremes"):
            with np.errstate(invalid="ignore"):
                self._extremes = (_suffix_arg(np.where(self.tpr > 0, self._key, -np.inf), np.maximum),
                                  _suffix_arg(np.where(self._key > 0, self._key, np.inf), np.minimum))
        return int(self._extremes[0][j]), int(self._extremes[1][j])

    def curve(self, pi, keep):
        """The :class:`PRGCurve` at the gain skew ``pi`` through the vertices ``keep`` (increasing indices), cut
        at recall gain 0 between the two vertices around it (give both)."""
        return _clipped(self.tpr[keep], self.fpr[keep], keep, pi)


def _suffix_arg(values, better):
    """For each index ``j``, an index of the ``better`` (``np.maximum`` or ``np.minimum``) of ``values[j:]``."""
    backwards = values[::-1]
    best = better.accumulate(backwards)
    last = np.maximum.accumulate(np.where(backwards == best, np.arange(values.size), 0))
    return (values.size - 1 - last)[::-1]


for _f in (prg_curve, aucprg):
    _f.__doc__ = _f.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
del _f
