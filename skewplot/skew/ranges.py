"""Skew ranges: integrated precision P̄ over [pi1, pi2], uniform or weighted [L Eq 7, §4.3.2].

Uniform ranges use the closed forms of :mod:`skewplot.skew.uniform`; weighted ranges (and uniform
ranges too narrow for those) use the rules of :mod:`skewplot.skew.quadrature`.
"""

from __future__ import annotations

import numpy as np

from .._validate import check_scalar
from .base import SkewModel, skew_text
from .formulas import mean_aucpr_min
from .quadrature import adaptive_rule, gauss_legendre, graded_edges, graded_rule
from .uniform import uniform_aucpr, uniform_precision, uniform_segment_areas

# Nodes whose normalised weight is below this are dropped: with integrands in
# [0, 1] they cannot move an expectation by more than their total weight.
_NEGLIGIBLE_WEIGHT = 1e-17


def uniform_aucpr_min(lo, hi):
    """Area under the minimum P̄-R curve [L Eq 20]: :func:`skewplot.skew.formulas.mean_aucpr_min`."""
    return mean_aucpr_min(lo, hi)


class SkewRange(SkewModel):
    """Deployment skew anywhere in [lo, hi]: integrated precision P̄ [L Eq 7].

    Uniform by default, as in [L]; or weighted by a density ``w(pi')``
    normalised on [lo, hi] [L §4.3.2] (e.g. the normal fitted to observed
    skews, [L §5.1]).

    Parameters
    ----------
    lo, hi : float
        The range, ``0 <= lo < hi <= 1``.  The ends may be 0 and 1; there
        precision takes its limit.
    weight : callable or frozen scipy.stats distribution, optional
        A density on pi' (its ``pdf`` for a distribution), evaluated on
        arrays.  It must be non-negative and have a positive integral over
        [lo, hi]; it is renormalised there.

    Notes
    -----
    Uniform ranges use closed forms: P̄ per point (no quadrature), the
    minimum curve, its area [L Eq 20] (dilogarithm from
    ``scipy.special.spence``) and the area under the P̄-R curve (see
    :meth:`aucpr`), exact to rounding.  Weighted ranges integrate over
    Gauss-Legendre panels graded towards the ends of the range, where
    precision changes fastest, and halved further where the weighted
    integrals of pi' and of precision-like probes are not yet converged to
    1e-13 (``skewplot.skew.quadrature.adaptive_rule``); nodes with weight
    below 1e-17 are dropped.  The weight is checked at the nodes only.

    Examples
    --------
    >>> import skewplot as sp
    >>> r = sp.SkewRange(0.0, 0.5)
    >>> r.mean, round(r.aucpr_min(), 4), r.label()
    (0.25, 0.1424, '$\\\\bar{P}_{[0, 0.5]}$')
    >>> round(float(r.precision(0.8, 0.2)), 4)
    0.5189
    """

    symbol = "\\bar{P}"

    def __init__(self, lo, hi, weight=None):
        self.lo = check_scalar(lo, "lo", lo=0.0, hi=1.0)
        self.hi = check_scalar(hi, "hi", lo=0.0, hi=1.0)
        if not self.lo < self.hi:
            raise ValueError(f"lo must be smaller than hi, got lo={self.lo:g}, hi={self.hi:g}")
        self.weight = weight
        self._density = None if weight is None else _density_of(weight)
        self._nodes = None

    @property
    def uniform(self) -> bool:
        """True when no weight was given."""
        return self._density is None

    @property
    def _closed(self) -> bool:
        # The closed forms are differences of antiderivatives over hi - lo.  A
        # range narrower than 1% of its distance to 0 and 1 (where precision's
        # singularities in pi' lie) is integrated by 8-point Gauss-Legendre
        # instead: no cancellation, and converged to rounding at that distance.
        return self.uniform and not self.hi - self.lo < 1e-2 * min(self.lo, 1.0 - self.hi)

    def nodes(self):
        if self._nodes is None:
            if self.uniform and not self._closed:
                x, w = gauss_legendre(8)
                pi = self.lo + (self.hi - self.lo) * x
            elif self.uniform:
                pi, w = graded_rule(self.lo, self.hi)
            else:
                pi, w = adaptive_rule(self._weighted, graded_edges(self.lo, self.hi), 1e-13)
            w = w / w.sum()
            keep = w > _NEGLIGIBLE_WEIGHT
            self._nodes = (pi[keep], w[keep] / w[keep].sum())
        return self._nodes

    def _weighted(self, x):
        return x, _weight_values(self._density, x)

    @property
    def mean(self) -> float:
        if self.uniform:
            return 0.5 * (self.lo + self.hi)
        return super().mean

    def precision(self, tpr, fpr):
        if self._closed:
            out = uniform_precision(tpr, fpr, self.lo, self.hi)
            return float(out) if out.ndim == 0 else out
        return super().precision(tpr, fpr)

    def min_precision(self, recall):
        if self._closed:
            out = uniform_precision(recall, 1.0, self.lo, self.hi)
            return float(out) if out.ndim == 0 else out
        return super().min_precision(recall)

    def aucpr(self, tpr, fpr):
        """Area under the P̄-R curve; exact for a uniform range (``uniform_aucpr``)."""
        if self._closed:
            return uniform_aucpr(tpr, fpr, self.lo, self.hi)
        return super().aucpr(tpr, fpr)

    def segment_aucpr(self, row, a0, b0, a1, b1, n_rows):
        if not self._closed:
            return None
        live = a1 > a0
        if not live.all():
            row, a0, b0, a1, b1 = row[live], a0[live], b0[live], a1[live], b1[live]
        return uniform_segment_areas(row, a0, b0, a1 - a0, b1 - b0, self.lo, self.hi, n_rows)

    def aucpr_min(self) -> float:
        if self._closed:
            return uniform_aucpr_min(self.lo, self.hi)
        return super().aucpr_min()

    # Above this top of the range, 1 - area would lose digits: the gaps are integrated
    # over the graded nodes instead of subtracted from the closed forms.
    _GAP_DIRECT = 0.99

    def aucpr_gap(self, tpr, fpr) -> float:
        if self._closed and self.hi < self._GAP_DIRECT:
            return 1.0 - uniform_aucpr(tpr, fpr, self.lo, self.hi)
        return super().aucpr_gap(tpr, fpr)

    def aucpr_min_gap(self) -> float:
        if self._closed and self.hi < self._GAP_DIRECT:
            return 1.0 - uniform_aucpr_min(self.lo, self.hi)
        return super().aucpr_min_gap()

    def label(self) -> str:
        sup = "" if self.uniform else "^{w}"
        return f"${self.symbol}{sup}_{{[{skew_text(self.lo)}, {skew_text(self.hi)}]}}$"

    def describe(self) -> str:
        return f"π′ ∈ [{skew_text(self.lo)}, {skew_text(self.hi)}], {'uniform' if self.uniform else 'weighted'}"

    def __repr__(self):
        extra = "" if self.uniform else f", weight={self.weight!r}"
        return f"SkewRange({self.lo!r}, {self.hi!r}{extra})"

    def __eq__(self, other):
        return (
            isinstance(other, SkewRange)
            and (other.lo, other.hi) == (self.lo, self.hi)
            and other.weight is self.weight
        )

    def __hash__(self):
        return hash(("SkewRange", self.lo, self.hi, id(self.weight)))


def _density_of(weight):
    pdf = getattr(weight, "pdf", None)
    if pdf is not None and hasattr(weight, "dist"):
        return pdf
    if hasattr(weight, "dist"):
        raise TypeError("weight must be a continuous distribution (with a pdf); a discrete one has no density")
    if not callable(weight):
        raise TypeError(
            f"weight must be a callable density w(pi) or a frozen scipy.stats distribution, got {type(weight).__name__}"
        )
    return weight


def _weight_values(density, pi):
    try:
        vals = np.asarray(density(pi), dtype=float)
    except Exception as exc:
        raise TypeError(f"weight could not be evaluated on an array of skews: {exc}") from exc
    if vals.shape != pi.shape:
        vals = np.broadcast_to(vals, pi.shape) if vals.ndim == 0 else vals
    if vals.shape != pi.shape:
        raise ValueError(f"weight must return one value per skew; got shape {vals.shape} for {pi.shape}")
    if not np.isfinite(vals).all():
        raise ValueError("weight returned NaN or infinite values on the range")
    if vals.min() < 0:
        raise ValueError(f"weight must be non-negative on the range, found {vals.min():g}")
    if not vals.max() > 0:
        raise ValueError("weight integrates to zero on the range [lo, hi]")
    return vals
