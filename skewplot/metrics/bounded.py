"""Operating points known up to the order inside score bins, and certified areas.

When scores are aggregated into bins (a ``GROUP BY`` over a table too large
to sort), each bin tells how much positive and negative weight it holds and
its smallest and largest score, but not how the two classes are ordered
inside it.  Every ordering is a monotone ROC path through the bin's box, from
``(FP0, TP0)`` to ``(FP0 + N, TP0 + P)``.  Two paths bound them all:

* ``lower``: each bin's negatives first, then its positives;
* ``upper``: each bin's positives first, then its negatives.

At every recall and every skew, precision ``pi TPR / (pi TPR + (1 - pi) FPR)``
falls as FPR grows, and the exact path's FPR at a given TPR lies between the
two paths' (the lower path has the largest FPR the box allows, the upper the
smallest).  So precision along the exact curve is bracketed pointwise, and
every area that integrates it is bracketed too (proofs in
``docs/beyond_memory.rst``):

* ``"continuous"`` and P̄/P̃ areas: ``[A(lower), A(upper)]``;
* ``"step"`` (average precision): in a mixed bin, the continuous area of the
  lower path's run below, its step area on the upper path above -- each
  positive's step height is at least the lower path's precision at its recall
  (the lower path's positives arrive after every negative of their bin), and
  at most the precision of its bin's positives tied at the top of the bin.
  ``AP(lower)`` is *not* a lower bound: it ties a bin's positives together;
* the schemes linear in PR space (``"trapezoid"``, ``"discrete-tp"``,
  ``"discrete-fp"``): per ROC segment of a mixed bin, the smaller of its
  continuous and trapezoid areas on ``lower`` and the larger on ``upper``
  (likewise in a bin whose positives spread over several scores: the points
  between them are unknown).
  Precision along the lower path's vertical run is concave in recall, so its
  chord lies below every vertex of the exact curve, and the upper path's
  concave run lies above every chord between them.  Along a tie (one
  diagonal segment) precision is linear-fractional, hence convex or concave:
  the trapezoid takes the chord itself, and Davis & Goadrich's polyline
  through points on the curve lies between the chord and the curve;
* ROC AUC: ``[AUC(lower), AUC(upper)]``.

A bin holding one distinct score, or only one class, is exact: both paths
take its straight segment.
"""

from __future__ import annotations

import math
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import NamedTuple

import numpy as np

from .._validate import check_1d_array, check_bool, check_choice, check_nonnegative, check_pair, check_same_length
from .auc import INTERPOLATIONS, aucpr, continuous_segment_area, normalizing_gap, roc_auc
from .points import OperatingPoints
from .precision import skew_model_of

__all__ = ["Bracket", "BoundedOperatingPoints", "format_bracket"]

#: Most decimals ``format_bracket`` prints: a narrower bracket prints this wide.
MAX_DECIMALS = 12


def format_bracket(low, high, digits=4, sep=", "):
    """``"[low, high]"`` rounded outward, with enough decimals to show the width.

    The printed interval always contains ``[low, high]``: ``low`` is rounded
    down and ``high`` up (exactly, through :class:`decimal.Decimal`).  It
    carries at least ``digits`` significant digits of the larger end, and
    more when the bracket is narrower than that: two significant digits of
    the width show (the printed width is within 2 units of the last place
    of the true one), up to ``MAX_DECIMALS`` decimals.  Legends, tables and
    the command line print every bracket with this one function.

    Parameters
    ----------
    low, high : float
        The bracket, ``low <= high``.
    digits : int, default=4
        Significant digits of the larger end when the width needs fewer.
    sep : str, default=", "
        Between the two ends (``","`` in a table split on white space).

    Returns
    -------
    str

    Examples
    --------
    >>> from skewplot.metrics.bounded import format_bracket
    >>> format_bracket(0.375712, 0.375718)  # the float 0.375712 lies just below 0.375712
    '[0.3757119, 0.3757180]'
    >>> format_bracket(0.40, 0.42), format_bracket(0.00012341, 0.00012349)
    ('[0.4000, 0.4200]', '[0.000123410, 0.000123490]')
    >>> format_bracket(1 / 3, 2 / 3)      # outward: 0.3333 <= 1/3, 0.6667 >= 2/3
    '[0.3333, 0.6667]'
    """
    low, high = float(low), float(high)
    if not low <= high:
        raise ValueError(f"a bracket needs low <= high, got [{low!r}, {high!r}]")
    scale = max(abs(low), abs(high))
    decimals = digits - 1 - math.floor(math.log10(scale)) if scale > 0 else digits
    width = high - low
    if width > 0:
        decimals = max(decimals, math.ceil(-math.log10(width)) + 1)
    decimals = min(max(decimals, 0), MAX_DECIMALS)
    unit = Decimal(1).scaleb(-decimals)
    lo = Decimal(low).quantize(unit, rounding=ROUND_FLOOR)
    hi = Decimal(high).quantize(unit, rounding=ROUND_CEILING)
    return f"[{lo:.{decimals}f}{sep}{hi:.{decimals}f}]"


class _Ends(NamedTuple):
    low: float
    high: float


class Bracket(_Ends):
    """An interval ``[low, high]`` guaranteed to contain an exact value.

    ``low`` and ``high`` are finite numbers with ``low <= high``
    (``check_pair``, the rule of every interval
    argument); anything else is refused.

    Examples
    --------
    >>> from skewplot.metrics.bounded import Bracket
    >>> b = Bracket(0.40, 0.42)
    >>> round(b.width, 2), 0.41 in b
    (0.02, True)
    >>> Bracket(0.6, 0.4)
    Traceback (most recent call last):
    ...
    ValueError: Bracket(low, high) must have low <= high, got (0.6, 0.4)
    """

    __slots__ = ()

    def __new__(cls, low, high):
        return super().__new__(cls, *check_pair((low, high), "Bracket(low, high)", strict=False, what="(low, high)"))

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low

    @property
    def mid(self) -> float:
        """The middle of the interval (the best single guess)."""
        return 0.5 * (self.low + self.high)

    def __contains__(self, value) -> bool:
        return self.low <= value <= self.high

    def __repr__(self):
        return f"Bracket(low={self.low:.10g}, high={self.high:.10g}, width={self.width:.3g})"

    def __str__(self):
        """The bracket as legends and tables print it (``format_bracket``)."""
        return format_bracket(self.low, self.high)


class BoundedOperatingPoints:
    """Operating points of binned scores: two curves that bracket the exact one.

    Build it with :meth:`from_bins` or :func:`skewplot.operating_points_from`.
    Every area function of skewplot (:func:`~skewplot.aucpr` under every
    interpolation and skew model, :func:`~skewplot.average_precision`,
    :func:`~skewplot.roc_auc`) accepts it and returns a :class:`Bracket`.

    Attributes
    ----------
    lower, upper : OperatingPoints
        Each bin's negatives first (``lower``) or positives first (``upper``).
    n_pos, n_neg, skew : float
        Totals and the data set's skew, as for :class:`OperatingPoints`.
    bin_low, bin_high : ndarray
        Smallest and largest score of each non-empty bin, by decreasing score.
    bin_pos, bin_neg : ndarray
        Positive and negative weight of each bin.
    exact : bool
        True when no bin mixes classes over distinct scores: then ``lower``
        and ``upper`` are the same exact curve.

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.metrics.bounded import BoundedOperatingPoints
    >>> b = BoundedOperatingPoints.from_bins([0.9, 0.5], [1.0, 0.8], [3, 1], [1, 4])
    >>> sp.roc_auc(b)
    Bracket(low=0.6, high=0.95, width=0.35)
    """

    def __init__(self, lower, upper, bin_low, bin_high, bin_pos, bin_neg, segment_bin, source, n_input):
        # Private: from_bins validates; this only stores.
        self.lower, self.upper = lower, upper
        self.bin_low, self.bin_high = bin_low, bin_high
        self.bin_pos, self.bin_neg = bin_pos, bin_neg
        self._segment_bin = segment_bin  # (lower, upper): bin index of each ROC segment
        self._source, self._n_input = source, n_input  # input row of each stored bin; rows given

    n_pos = property(lambda self: self.lower.n_pos)
    n_neg = property(lambda self: self.lower.n_neg)
    skew = property(lambda self: self.lower.skew)

    @property
    def exact(self) -> bool:
        return bool(np.array_equal(self.lower.tp, self.upper.tp) and np.array_equal(self.lower.fp, self.upper.fp))

    def __len__(self):
        return len(self.bin_low)

    def __repr__(self):
        mixed = int(np.sum(_mixed(self.bin_low, self.bin_high, self.bin_pos, self.bin_neg)))
        return (f"BoundedOperatingPoints(n_bins={len(self)}, mixed_bins={mixed}, "
                f"n_pos={self.n_pos:g}, n_neg={self.n_neg:g})")

    @classmethod
    def from_bins(cls, bin_low, bin_high, pos, neg):
        """Bracketing curves from per-bin weights, in any row order.

        Parameters
        ----------
        bin_low, bin_high : array-like of shape (k,)
            Smallest and largest score in each bin.  Bins must not overlap.
        pos, neg : array-like of shape (k,)
            Positive and negative weight in each bin.

        Returns
        -------
        BoundedOperatingPoints
        """
        # Integer scores stay integers: beyond 2**53 neighbouring bins would otherwise share an edge.
        lo = check_1d_array(bin_low, "bin_low", keep_int=True)
        hi = check_1d_array(bin_high, "bin_high", keep_int=True)
        if lo.dtype != hi.dtype:
            lo, hi = lo.astype(float), hi.astype(float)
        pos = check_nonnegative(check_1d_array(pos, "pos"), "pos")
        neg = check_nonnegative(check_1d_array(neg, "neg"), "neg")
        check_same_length(("bin_low", lo), ("bin_high", hi), ("pos", pos), ("neg", neg))
        if not (np.isfinite(lo).all() and np.isfinite(hi).all()):
            raise ValueError("bin_low and bin_high must be finite scores")
        if np.any(lo > hi):
            raise ValueError("bin_low must not exceed bin_high in any bin")
        n_input = lo.size
        source = np.flatnonzero((pos + neg) > 0)
        source = source[np.argsort(hi[source], kind="stable")[::-1]]  # no negation: unsigned scores
        lo, hi, pos, neg = lo[source], hi[source], pos[source], neg[source]
        if lo.size == 0:
            raise ValueError("the bins hold no weight")
        if np.any(lo[:-1] <= hi[1:]):
            raise ValueError("bins overlap: each bin's smallest score must exceed the next bin's largest")
        n_pos, n_neg = float(pos.sum()), float(neg.sum())
        if n_pos <= 0 or n_neg <= 0:
            raise ValueError("the bins must hold both positive and negative weight")
        mixed = _mixed(lo, hi, pos, neg)
        lower, lower_bins = _path(lo, hi, pos, neg, mixed, negatives_first=True)
        upper, upper_bins = _path(lo, hi, pos, neg, mixed, negatives_first=False)
        return cls(lower, upper, lo, hi, pos, neg, (lower_bins, upper_bins), source, n_input)

    # ------------------------------------------------------------------ areas
    def aucpr(self, skew=None, *, interpolation="continuous", normalize=False) -> Bracket:
        """Bracket of :func:`skewplot.aucpr` of the exact curve (see the module notes)."""
        check_choice(interpolation, "interpolation", INTERPOLATIONS)
        normalize = check_bool(normalize, "normalize")
        model = skew_model_of(self.lower, skew)
        if interpolation == "continuous":
            low, high = aucpr(self.lower, skew=model), aucpr(self.upper, skew=model)
        else:
            # The step scheme is compared with the continuous area segment by segment; the
            # schemes linear in PR space (Davis & Goadrich included) with the trapezoid.
            own = "step" if interpolation == "step" else "trapezoid"
            # Bins whose positives spread over several scores hide the points these schemes
            # pass through; Davis & Goadrich is bracketed on ties too, the others are exact there.
            spread = (self.bin_low < self.bin_high) & (self.bin_pos > 0)
            loose = [np.ones(b.size, bool) if interpolation.startswith("discrete") else spread[b]
                     for b in self._segment_bin]
            low = float(model.expect(lambda p: _segment_bound(self.lower, p, own, np.minimum, loose[0]), batch=4))
            high = float(model.expect(lambda p: _segment_bound(self.upper, p, own, np.maximum, loose[1]), batch=4))
        low, high = _outward(low, high, len(self.lower), len(self.upper))
        if normalize:
            normalizing_gap(model)
            floor_lo, floor_hi = _outward(*(2 * (model.aucpr_min(),)), 1, 1)
            low, high = _normalized(low, high, floor_lo, floor_hi)
        return Bracket(low, high)

    def average_precision(self, skew=None) -> Bracket:
        """Bracket of :func:`skewplot.average_precision` of the exact curve."""
        return self.aucpr(skew, interpolation="step")

    def roc_auc(self) -> Bracket:
        """Bracket of :func:`skewplot.roc_auc` of the exact curve."""
        return Bracket(*_outward(roc_auc(self.lower), roc_auc(self.upper), len(self.lower), len(self.upper)))

    def width_by_bin(self, skew=None, *, input_order=False):
        """Each bin's share of the continuous AUCPR bracket's width at a fixed ``skew``.

        Used to choose the bins worth refining; sums to the width.  With
        ``input_order`` the shares follow the rows given to :meth:`from_bins`
        (0 for rows without weight) instead of decreasing score.
        """
        input_order = check_bool(input_order, "input_order")
        pi = self.skew if skew is None else float(skew)
        out = np.zeros(len(self))
        for pts, seg_bin, sign in ((self.upper, self._segment_bin[1], 1.0), (self.lower, self._segment_bin[0], -1.0)):
            area = continuous_segment_area(pts.tpr, pts.fpr, pi)
            np.add.at(out, seg_bin, sign * area)
        out = np.maximum(out, 0.0)
        if input_order:
            full = np.zeros(self._n_input)
            full[self._source] = out
            return full
        return out

    def _bracketed_area(self, name, **kwargs):
        """Hook the area functions of :mod:`skewplot.metrics.auc` call."""
        return getattr(self, name)(**kwargs)


# Rounding of one area, in units of eps times the area: each ROC segment's term is a non-negative
# number computed to within a few eps of itself (the closed forms of skew.formulas cancel no digits; the
# rates carry the relative error of the cumulative sums of weights, at most ~n eps), and summing n
# non-negative terms adds at most (n - 1) eps; skew models average non-negative values per node.
# So |computed - exact| <= (2 n + _TERM_EPS) eps |area|, with n the number of points.
_TERM_EPS = 64
_EPS = np.finfo(float).eps


def _outward(low, high, n_low, n_high):
    """``[low, high]`` widened by the rounding bound of each end, then rounded outward (within [0, 1])."""
    low = float(low) - (2 * n_low + _TERM_EPS) * _EPS * abs(float(low))
    high = float(high) + (2 * n_high + _TERM_EPS) * _EPS * abs(float(high))
    return max(float(np.nextafter(low, -np.inf)), 0.0), min(float(np.nextafter(high, np.inf)), 1.0)


def _normalized(low, high, floor_lo, floor_hi):
    """``(A - floor) / (1 - floor)`` over the intervals of A and floor, each operation rounded outward."""
    down, up = (lambda x: float(np.nextafter(x, -np.inf))), (lambda x: float(np.nextafter(x, np.inf)))
    num_lo, num_hi = down(low - floor_hi), up(high - floor_lo)
    den_lo, den_hi = down(1.0 - floor_hi), up(1.0 - floor_lo)
    return (down(num_lo / (den_hi if num_lo >= 0 else den_lo)),
            up(num_hi / (den_lo if num_hi >= 0 else den_hi)))


def _mixed(lo, hi, pos, neg):
    """Bins whose order matters: distinct scores and both classes."""
    return (lo < hi) & (pos > 0) & (neg > 0)


def _path(lo, hi, pos, neg, mixed, negatives_first):
    """One bracketing path as OperatingPoints, and the bin of each of its segments."""
    k = lo.size
    # Two steps per mixed bin (one class, then the other), one per exact bin.
    first_pos = np.where(mixed, 0.0 if negatives_first else pos, 0.0)
    first_neg = np.where(mixed, neg if negatives_first else 0.0, 0.0)
    step_pos = np.column_stack((first_pos, pos - first_pos)).ravel()
    step_neg = np.column_stack((first_neg, neg - first_neg)).ravel()
    step_thr = np.column_stack((hi, lo)).ravel()
    step_bin = np.repeat(np.arange(k), 2)
    live = np.column_stack((mixed, np.ones(k, dtype=bool))).ravel()
    tp = np.cumsum(step_pos[live])
    fp = np.cumsum(step_neg[live])
    # Cumulative sums of floats may end a hair away from the totals.
    n_pos, n_neg = float(pos.sum()), float(neg.sum())
    tp[-1], fp[-1] = n_pos, n_neg
    pts = OperatingPoints.from_counts(np.minimum(tp, n_pos), np.minimum(fp, n_neg), n_pos, n_neg,
                                      thresholds=step_thr[live])
    # from_counts prepends the origin (the first step always adds weight) and appends nothing.
    return pts, step_bin[live]


def _segment_bound(pts, pi, own, pick, loose):
    """Sum over ROC segments of the own-scheme area at each skew in ``pi``.

    On the ``loose`` segments the sum takes ``pick(continuous area, own-scheme area)``.
    """
    pi = np.asarray(pi, dtype=float)[:, None]
    tpr, fpr = np.asarray(pts.tpr), np.asarray(pts.fpr)
    cont = continuous_segment_area(tpr, fpr, pi)
    tp, fp = pi * tpr, (1.0 - pi) * fpr
    den = tp + fp
    prec = np.divide(tp, den, out=np.zeros_like(tp), where=den > 0)
    # At the origin: the limit along the first segment (as precision.curve_rates).
    first = int(np.argmax(den[0] > 0))
    prec[:, :first] = (tp[:, first] / den[:, first])[:, None]
    heights = prec[:, 1:] if own == "step" else 0.5 * (prec[:, 1:] + prec[:, :-1])
    own_area = np.diff(tpr) * heights
    return np.sum(np.where(loose, pick(cont, own_area), own_area), axis=1)
