"""The skew-model interface, the point mass, and the quadrature helpers the models share.

Kept apart from :mod:`skewplot.skew` (which re-exports everything) so that
each model lives in a small module.  Nothing here imports ``skewplot.metrics``
at import time: the metrics import the models, so the models import the
metrics' helpers lazily, inside the functions that need them.
"""

from __future__ import annotations

import numpy as np

from . import _formulas
from ._validate import check_scalar


def _col(p, ndim):
    """Reshape nodes ``p`` (k,) to broadcast against an array of ``ndim`` dims."""
    return np.asarray(p, dtype=float).reshape((-1,) + (1,) * ndim)


# --------------------------------------------------------------------------
# Per-skew quantities with their limits at pi' = 0 and pi' = 1.  Series and
# ranges may reach both ends; there the fixed-skew formulas are 0/0 for some
# points, and the value used is the limit as pi' moves into (0, 1).


def precision_nodes(tpr, fpr, pi):
    """``P_pi(tpr, fpr)`` with its limits at ``pi = 0`` and ``pi = 1``.

    At ``pi = 0`` a point with ``fpr = 0 < tpr`` keeps precision 1 (it does so
    at every ``pi > 0``); at ``pi = 1`` a point with ``tpr = 0 < fpr`` keeps 0.
    ``tpr = fpr = 0`` gives ``pi`` as in :func:`skewplot._formulas.precision_at`.
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    pi = np.asarray(pi, dtype=float)
    out = _formulas.precision_at(tpr, fpr, pi)
    out = np.where((pi <= 0.0) & (fpr == 0) & (tpr > 0), 1.0, out)
    return np.where((pi >= 1.0) & (tpr == 0) & (fpr > 0), 0.0, out)


def min_precision_nodes(recall, pi):
    """Boyd's minimum precision ``pi R / (pi R + 1 - pi)``; 1 at ``pi = 1`` for every R."""
    recall = np.asarray(recall, dtype=float)
    pi = np.asarray(pi, dtype=float)
    num = pi * recall
    den = num + (1.0 - pi)
    return np.where(den > 0, num / np.where(den > 0, den, 1.0), 1.0)


def aucpr_nodes(tpr, fpr, pi):
    """Continuous AUCPR of the ROC polyline at each skew in ``pi`` (1-D), limits included.

    ``pi -> 0``: precision tends to 1 where FPR = 0 and to 0 elsewhere, so the
    area is the recall reached at FPR = 0.  ``pi -> 1``: precision tends to 1
    wherever TPR > 0, so the area is 1.
    """
    from .metrics.auc import continuous_segment_area

    pi = np.asarray(pi, dtype=float)
    out = np.empty(pi.shape)
    inner = (pi > 0) & (pi < 1)
    if inner.any():
        out[inner] = continuous_segment_area(tpr, fpr, pi[inner][:, None]).sum(axis=1)
    at_zero = float(np.max(np.where(fpr == 0, tpr, 0.0)))
    out[pi <= 0] = at_zero
    out[pi >= 1] = 1.0
    return out


# --------------------------------------------------------------------------
# Quadrature rules.


def gauss_legendre(m):
    """Gauss-Legendre nodes and weights on [0, 1]."""
    x, w = np.polynomial.legendre.leggauss(m)
    return 0.5 * (x + 1.0), 0.5 * w


def graded_edges(lo, hi, *, max_levels=40):
    """Panel edges on [lo, hi], halving towards each end (see :func:`graded_rule`)."""
    mid = 0.5 * (lo + hi)
    half = mid - lo
    edges = [mid]
    for end, gap, sign in ((lo, lo, -1.0), (hi, 1.0 - hi, 1.0)):
        if gap > 0:
            levels = int(np.clip(np.ceil(np.log2(half / gap)) + 1, 0, max_levels))
        else:
            levels = max_levels
        edges.extend(end - sign * half * 0.5 ** np.arange(1, levels + 1))
        edges.append(end)
    return np.unique(np.asarray(edges, dtype=float))


def graded_rule(lo, hi, *, m=8, max_levels=40):
    """Composite Gauss-Legendre rule on [lo, hi], graded geometrically towards each end.

    Precision ``P_pi(a, b)`` as a function of ``pi`` has its singularities
    at ``pi = -b/(a - b)``: at or left of 0, and at or right of 1.  Panels
    halve in width towards ``lo`` until they are no wider than their distance
    to 0 (``lo`` itself when ``lo > 0``; ``max_levels`` halvings, down to
    ``~1e-12`` of the range, when ``lo = 0``), and likewise towards ``hi``
    and 1.  Every panel then sees the nearest singularity at least its own
    width away, where an ``m``-point rule converges like ``5.8**(-2m)``;
    panels deeper than 16 levels hold so little mass that 4 points suffice.

    Returns
    -------
    nodes, weights : ndarray
        Weights sum to ``hi - lo``.
    """
    edges = graded_edges(lo, hi, max_levels=max_levels)
    width = np.diff(edges)
    deep = width < 0.5 * (hi - lo) * 0.5**16
    nodes, weights = [], []
    for order, sel in ((m, ~deep), (min(m, 4), deep)):
        if not sel.any():
            continue
        x, w = gauss_legendre(order)
        a, h = edges[:-1][sel], width[sel]
        nodes.append((a[:, None] + h[:, None] * x).ravel())
        weights.append((h[:, None] * w).ravel())
    return np.concatenate(nodes), np.concatenate(weights)


# Functions of pi' whose integrals drive adaptive_rule: 1 (the mass), pi' (kinks)
# and precision-like steps near pi' = 0 and pi' = 1 on several scales.
_SCALES = np.array([1e-1, 1e-2, 1e-4, 1e-6])


def _probes(p):
    p = p[..., None]
    return np.concatenate([np.ones_like(p), p, p / (p + _SCALES), (1.0 - p) / (1.0 - p + _SCALES)], axis=-1)


def adaptive_rule(fn, edges, tol, *, order=10, max_rounds=60, max_panels=20000):
    """Nodes in pi' and weights (sum 1) for ``E[g] = int g(pi(x)) dens(x) dx / int dens``.

    ``fn(x)`` returns ``(pi(x), dens(x))`` for an array ``x``.  Starting from
    the panels between ``edges``, a panel is halved until its ``order``-point
    Gauss-Legendre estimate and that of its two halves agree, for 1, pi' and
    for precision-like functions of pi' (steps on scales 1e-1 to 1e-6 at
    each end), to ``tol`` times the panel's share of the total (or 1e-3 of
    ``tol`` in absolute terms).  Kinks are bracketed to ~1e-13 of the span.
    """
    x, w = gauss_legendre(order)
    edges = np.asarray(edges, dtype=float)
    span = edges[-1] - edges[0]
    left, width = edges[:-1], np.diff(edges)
    done_x, done_w = [], []
    scale = None
    for _ in range(max_rounds):
        halves = np.stack([left, left + 0.5 * width], axis=1)
        x_whole = left[:, None] + width[:, None] * x
        x_half = halves[:, :, None] + 0.5 * width[:, None, None] * x
        est_whole = width[:, None] * np.einsum("j,kjp->kp", w, _weighted_probes(fn, x_whole))
        est_half = 0.5 * width[:, None] * np.einsum("j,khjp->kp", w, _weighted_probes(fn, x_half))
        if scale is None:  # the total mass, from the first pass
            scale = float(np.sum(est_half[:, 0]))
            if not scale > 0:
                raise ValueError("weight integrates to zero on the range [lo, hi]")
        err = np.max(np.abs(est_whole - est_half), axis=1) / scale
        ok = (err <= tol * np.maximum(width / span, 1e-3)) | (width <= span * 1e-13)
        done_x.append(x_half[ok].ravel())
        done_w.append(np.broadcast_to(0.5 * width[ok, None, None] * w, x_half[ok].shape).ravel())
        left, width = halves[~ok].ravel(), np.repeat(0.5 * width[~ok], 2)
        if left.size == 0:
            break
        if left.size > max_panels:
            raise ValueError("the skew varies too fast for the adaptive rule; pass samples instead")
    else:
        done_x.append((left[:, None] + width[:, None] * x).ravel())
        done_w.append((width[:, None] * w).ravel())
    pi, dens = fn(np.concatenate(done_x))
    wt = np.concatenate(done_w) * dens
    return pi, wt / wt.sum()


def _weighted_probes(fn, x):
    pi, dens = fn(x)
    return _probes(pi) * np.asarray(dens, dtype=float)[..., None]


class SkewModel:
    """Base class of the distributions over the deployment skew pi'.

    Subclasses implement :meth:`nodes` (quadrature nodes in [0, 1] and
    weights summing to one) or override :meth:`expect`; they may override
    :meth:`precision`, :meth:`min_precision`, :meth:`aucpr` and
    :meth:`aucpr_min` with closed forms.  Nodes may be 0 or 1: every method
    uses the limit of the fixed-skew value there.
    """

    #: Short name used in plot labels, e.g. ``"P"``, ``"\\bar{P}"``.
    symbol = "P"

    @property
    def mean(self) -> float:
        """Expected pi': the precision of a random classifier (TPR = FPR)."""
        return float(self.expect(lambda p: p))

    def nodes(self):
        """Quadrature nodes ``pi`` and weights ``w`` (``w.sum() == 1``)."""
        raise NotImplementedError

    def expect(self, f, *, batch=16):
        """Integrate ``f`` over the model: ``E[f(pi')]``.

        Parameters
        ----------
        f : callable
            Vectorised in its argument: given a 1-D array of skews of length
            ``k`` it returns an array whose first axis has length ``k``.
        batch : int, default=16
            How many nodes are passed to ``f`` at once; bounds memory when ``f``
            returns one value per operating point.

        Returns
        -------
        float or ndarray
            ``sum_k w_k f(pi_k)``.
        """
        pi, w = self.nodes()
        total = None
        for start in range(0, len(pi), batch):
            vals = np.asarray(f(pi[start:start + batch]), dtype=float)
            ww = w[start:start + batch].reshape((-1,) + (1,) * (vals.ndim - 1))
            part = (ww * vals).sum(axis=0)
            total = part if total is None else total + part
        return total

    def precision(self, tpr, fpr):
        """Expected precision ``E[P_pi'(tpr, fpr)]`` per point.

        Points with ``tpr = fpr = 0`` get the mean skew; the metrics replace
        them by their limit along the curve before calling this.
        """
        tpr = np.asarray(tpr, dtype=float)
        fpr = np.asarray(fpr, dtype=float)
        # Clipped: a weighted sum of values in [0, 1] may round just past 1.
        return np.clip(self.expect(lambda p: precision_nodes(tpr, fpr, _col(p, tpr.ndim))), 0.0, 1.0)

    def min_precision(self, recall):
        """Expected minimum-achievable precision at ``recall`` [L Eq 13, 19]."""
        recall = np.asarray(recall, dtype=float)
        return np.clip(self.expect(lambda p: min_precision_nodes(recall, _col(p, recall.ndim))), 0.0, 1.0)

    def aucpr(self, tpr, fpr) -> float:
        """Expected continuous AUCPR of the ROC polyline ``(tpr, fpr)``.

        By Fubini this is the area under the model's PR curve (P̄-R, P̃-R).
        The default sums the exact fixed-skew area [K] over the nodes, so it
        is exact for the model's own discrete measure.

        Parameters
        ----------
        tpr, fpr : ndarray of shape (n,)
            Rates from (0, 0) to (1, 1), non-decreasing.
        """
        tpr = np.asarray(tpr, dtype=float)
        fpr = np.asarray(fpr, dtype=float)
        return float(self.expect(lambda p: aucpr_nodes(tpr, fpr, p), batch=4))

    def aucpr_min(self) -> float:
        """Expected area under the minimum-achievable PR curve."""
        return float(self.expect(_formulas.aucpr_min_at))

    def label(self) -> str:
        """Mathtext for the precision axis, e.g. ``$P_{\\pi'=0.01}$``."""
        return f"${self.symbol}$"

    def describe(self) -> str:
        """The skews in plain text (no mathtext, so cheap to redraw), e.g. ``"π′ = 0.01"``."""
        return f"mean π′ = {self.mean:.3g}"


class FixedSkew(SkewModel):
    """A single deployment skew pi' in (0, 1): precision at another skew [L Eq 3, 9].

    Parameters
    ----------
    value : float
        The positive fraction pi' = N_p / (N_p + N_n) met in deployment.

    Examples
    --------
    >>> import skewplot as sp
    >>> m = sp.FixedSkew(0.4)
    >>> round(float(m.precision(0.8, 0.2)), 4)
    0.7273
    >>> m.label()
    "$P_{\\\\pi'=0.4}$"
    """

    symbol = "P"

    def __init__(self, value):
        self.value = check_scalar(value, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)

    @property
    def mean(self) -> float:
        return self.value

    def nodes(self):
        return np.array([self.value]), np.array([1.0])

    def precision(self, tpr, fpr):
        return _formulas.precision_at(tpr, fpr, self.value)

    def min_precision(self, recall):
        return _formulas.min_precision_at(recall, self.value)

    def aucpr_min(self) -> float:
        return float(_formulas.aucpr_min_at(self.value))

    def label(self) -> str:
        return f"$P_{{\\pi'={self.value:.3g}}}$"

    def describe(self) -> str:
        return f"π′ = {self.value:.3g}"

    def __repr__(self):
        return f"FixedSkew({self.value!r})"

    def __eq__(self, other):
        return isinstance(other, FixedSkew) and other.value == self.value

    def __hash__(self):
        return hash(("FixedSkew", self.value))
