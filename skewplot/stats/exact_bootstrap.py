"""The stratified count bootstrap at one skew, exactly: its percentile interval with infinitely many replicates.

In the stratified bootstrap of :func:`skewplot.choose_threshold` the
positives a replicate ranks at or above a threshold are
``A ~ Binomial(P, tp/P)`` and its negatives ``B ~ Binomial(N, fp/N)``, the
two independent (:func:`skewplot.stats.choose.report_at`).  At one fixed
skew every reported quantity is a function of ``(A, B)`` whose exact
distribution is known, so the limit ``n_boot -> inf`` of the percentile
interval is computed here without drawing: the ``alpha``-quantile
``inf{x : F(x) >= alpha}`` of the exact distribution, ``alpha = (1 -+ c)/2``.

* Recall, FPR and the counts are monotone in one binomial: its quantile.
* Precision rises with ``(A/P) / (B/N)``, the cost falls with ``A`` and rises
  with ``B``: ``F(x) = sum_a P(A = a) P(B on the right side of a cut that
  depends on a and x)``, and the quantile is found by bisection on ``x``
  followed by a snap to the largest atom at or below the bracket's top.
  The replicate with ``A = B = 0`` has precision ``pi'``, the value
  :func:`skewplot.skew.formulas.precision_at` (so ``np.quantile`` over the
  Monte-Carlo replicates) gives it.

The pmfs are built from the mode outward by the ratio recurrence
``pmf(k+1)/pmf(k) = (n-k)/(k+1) * p/(1-p)``, kept while a term is at least
``1e-17`` of the mode's, and normalised by their sum: O(sqrt(n p (1-p)))
terms, no overflow at ``n = 1e8``.  Every sum is sequential (``cumsum``,
never ``np.sum``'s pairwise order) and every product is formed in one fixed
order, so that ``skewplot/widgets/page_interval.js`` (the saved page's copy
of recall and precision) reproduces these numbers bit for bit: change one,
change both.
"""

from __future__ import annotations

import math

import numpy as np

from ..metrics.cost import _nec, probability_cost
from ..skew.formulas import precision_at

__all__ = ["CountBootstrap", "binomial_pmf"]

#: Terms of a pmf below this fraction of the mode's are dropped.
TINY = 1e-17
#: Bisection stops when the bracket is this narrow (then snaps to an atom).
_WIDTH = 1e-15


def _run(start, ratios):
    """``start, start*r0, (start*r0)*r1, ...``: the recurrence's terms in sequential order, up to the first < TINY."""
    terms = np.cumprod(np.concatenate([[start], ratios]))[1:]
    small = np.flatnonzero(terms < TINY)
    return (terms[:small[0]], True) if small.size else (terms, False)


def _side(n, mode, odds, up, width):
    """Terms on one side of the mode (nearest first), the mode's term being 1."""
    out, last, k = [], 1.0, mode
    while True:
        ks = np.arange(k, min(n, k + width) if up else max(0, k - width), 1 if up else -1, dtype=float)
        if ks.size == 0:
            break
        ratios = (n - ks) / (ks + 1.0) * odds if up else ks / (n - ks + 1.0) * odds
        terms, done = _run(last, ratios)
        out.append(terms)
        if done or terms.size < ks.size:
            break
        last, k = float(terms[-1]), int(ks[-1]) + (1 if up else -1)
    return np.concatenate(out) if out else np.empty(0)


def binomial_pmf(n, p):
    """The pmf of ``Binomial(n, p)`` on the part of its support that matters: ``(k0, pmf)``.

    ``pmf[j] = P(K = k0 + j)``; terms below ``1e-17`` of the mode's are left
    out and the rest normalised by their (sequential) sum.

    Parameters
    ----------
    n : int >= 0
    p : float in [0, 1]

    Returns
    -------
    k0 : int
    pmf : ndarray

    Examples
    --------
    >>> from skewplot.stats.exact_bootstrap import binomial_pmf
    >>> k0, pmf = binomial_pmf(4, 0.5)
    >>> k0, [round(float(v) * 16, 6) for v in pmf]
    (0, [1.0, 4.0, 6.0, 4.0, 1.0])
    """
    n = int(n)
    if p <= 0.0:
        return 0, np.ones(1)
    if p >= 1.0:
        return n, np.ones(1)
    mode = min(n, math.floor((n + 1) * p))
    width = int(10.0 * math.sqrt(n * p * (1.0 - p))) + 64
    up = _side(n, mode, p / (1.0 - p), True, width)
    down = _side(n, mode, (1.0 - p) / p, False, width)
    terms = np.concatenate([down[::-1], [1.0], up])
    return mode - down.size, terms / np.cumsum(terms)[-1]


class _Binomial:
    """One class's count in a replicate: support, pmf, ``cdf[j] = P(K <= k0+j)``, ``sf[j] = P(K >= k0+j)``."""

    def __init__(self, n, k):
        self.n = int(n)
        self.k0, self.pmf = binomial_pmf(self.n, k / n)
        self.k = self.k0 + np.arange(self.pmf.size, dtype=float)
        self.cdf = np.cumsum(self.pmf)
        self.sf = np.append(np.cumsum(self.pmf[::-1])[::-1], 0.0)  # sf[size] = 0: beyond the support
        self.top = self.k0 + self.pmf.size - 1

    def lower(self, alpha):
        """The ``alpha``-quantile ``inf{k : P(K <= k) >= alpha}``."""
        return self.k0 + min(int(np.searchsorted(self.cdf, alpha, side="left")), self.pmf.size - 1)

    def upper(self, alpha):
        """``max{k : P(K >= k) >= alpha}``: the ``alpha``-quantile of a decreasing function of K."""
        return self.k0 + max(int(np.count_nonzero(self.sf >= alpha)) - 1, 0)


def _bisect(mass, alpha):
    """The top of a bracket ``(lo, hi]`` of width <= 1e-15 holding ``inf{x in [0, 1] : mass(x) >= alpha}``."""
    lo, hi = 0.0, 1.0
    while hi - lo > _WIDTH:
        mid = (lo + hi) / 2.0
        if mid <= lo or mid >= hi:
            break
        if mass(mid) >= alpha:
            hi = mid
        else:
            lo = mid
    return hi


class CountBootstrap:
    """The stratified count bootstrap of one operating point, exactly: quantiles of what a replicate reports.

    A replicate has ``A ~ Binomial(n_pos, tp/n_pos)`` positives and
    ``B ~ Binomial(n_neg, fp/n_neg)`` negatives at or above the threshold,
    independent.  Each method gives the ``alpha``-quantile
    ``inf{x : P(X <= x) >= alpha}`` of one quantity ``X``: the limit, as
    the replicates grow, of the percentile interval's ends.

    Parameters
    ----------
    n_pos, n_neg : int >= 1
        The classes' rows.
    tp, fp : int
        The counts at the operating point.

    Examples
    --------
    >>> from skewplot.stats.exact_bootstrap import CountBootstrap
    >>> cb = CountBootstrap(100, 900, 60, 30)
    >>> cb.rate(0.05, "pos"), cb.rate(0.95, "pos")
    (0.52, 0.68)
    >>> round(cb.precision(0.1, 0.05), 4), round(cb.cost(0.1, 0.5, 0.95), 4)
    (0.596, 0.082)
    """

    def __init__(self, n_pos, n_neg, tp, fp):
        self.n_pos, self.n_neg = int(n_pos), int(n_neg)
        self.A, self.B = _Binomial(n_pos, tp), _Binomial(n_neg, fp)

    def rate(self, alpha, cls, decreasing=False):
        """Quantile of ``A / n_pos`` (``cls="pos"``) or ``B / n_neg`` (``"neg"``).

        With ``decreasing``, ``max{x : P(rate >= x) >= alpha}``: the rate at
        the ``alpha``-quantile of a decreasing function of it (FN, TN).
        """
        c = self.A if cls == "pos" else self.B
        return (c.upper(alpha) if decreasing else c.lower(alpha)) / c.n

    def precision(self, skew, alpha):
        """Quantile of ``precision_at(A/P, B/N, skew)`` (``skew`` where ``A = B = 0``).

        ``F(x) = sum_a P(A = a) P(B >= b_min(a, x))``, ``b_min = ceil(N a (1 - x) / (P x odds))``
        with ``odds = (1 - skew)/skew``: bisection on ``x``, then the largest atom at or below the bracket's top.
        """
        A, B = self.A, self.B
        odds = (1.0 - skew) / skew
        r = self.n_neg / (self.n_pos * odds)
        a, pa, nb = A.k, A.pmf, B.pmf.size

        def b_min(x):
            if x >= 1.0:
                return np.zeros(a.size)
            need = np.maximum(np.ceil(r * a * (1.0 - x) / x), 1.0)
            return np.where(a > 0, need, 0.0 if x >= skew else 1.0)

        def mass(x):
            j = np.clip(b_min(x) - B.k0, 0, nb).astype(np.intp)
            return np.cumsum(pa * B.sf[j])[-1]

        b = b_min(_bisect(mass, alpha))
        ok = b <= B.top
        return float(np.max(precision_at(a[ok] / self.n_pos, np.maximum(b[ok], B.k0) / self.n_neg, skew)))

    def cost(self, skew, m, alpha):
        """Quantile of ``NEC = (1 - A/P) PC + (B/N)(1 - PC)``, ``PC = probability_cost(skew, m)``.

        It falls with ``A`` and rises with ``B``: ``F(x) = sum_a P(A = a) P(B <= b_max(a, x))``,
        the quantile found as :meth:`precision` finds its own.
        """
        A, B, n_pos, n_neg = self.A, self.B, self.n_pos, self.n_neg
        pc = float(probability_cost(skew, m))
        a, pa, nb = A.k, A.pmf, B.pmf.size
        cdf = np.concatenate([[0.0], B.cdf])  # cdf[j + 1] = P(B <= k0 + j)

        def b_max(x):
            miss = (1.0 - a / n_pos) * pc
            if pc >= 1.0:
                return np.where(miss <= x, float(n_neg), -1.0)
            return np.floor(n_neg * (x - miss) / (1.0 - pc))

        def mass(x):
            j = np.clip(b_max(x) - B.k0 + 1, 0, nb).astype(np.intp)
            return np.cumsum(pa * cdf[j])[-1]

        b = np.minimum(b_max(_bisect(mass, alpha)), B.top)
        ok = b >= B.k0
        return float(np.max(_nec(a[ok] / n_pos, b[ok] / n_neg, pc)))
