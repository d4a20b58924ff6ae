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
  depends on a and x)``, and the quantile is found by a bracketing search
  on ``x`` (regula falsi, safeguarded by halving) followed by a snap to the
  largest atom at or below the bracket's top.
  The replicate with ``A = B = 0`` has precision ``pi'``, the value
  :func:`skewplot.skew.formulas.precision_at` (so ``np.quantile`` over the
  Monte-Carlo replicates) gives it.

The pmfs are built from the mode outward by the ratio recurrence
``pmf(k+1)/pmf(k) = (n-k)/(k+1) * p/(1-p)``, kept while a term is at least
``1e-17`` of the mode's, and normalised by their sum: O(sqrt(n p (1-p)))
terms, no overflow at ``n = 1e8``.  Every sum is sequential (``cumsum``,
never ``np.sum``'s pairwise order) and every product is formed in one fixed
order, so that ``skewplot/widgets/page/runtime/interval.js`` (the saved page's copy
of recall and precision) reproduces these numbers bit for bit: change one,
change both.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .._validate import check_bool, check_choice, check_int, check_scalar
from ..metrics.cost import _nec, probability_cost
from ..skew.formulas import precision_at

__all__ = ["CountBootstrap", "binomial_pmf", "exact_intervals"]

#: Terms of a pmf below this fraction of the mode's are dropped.
TINY = 1e-17
#: The search ends when the bracket is this narrow, holds _ENUM atoms (then listed), or atoms within _SAME.
_WIDTH, _ENUM, _SAME = 1e-15, 256, 1e-13


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


def _search(cut, mass, alpha, j_zero, probes, spread, atoms):
    """The atom ``q = inf{x in [0, 1] : F(x) >= alpha}``: ``(None, cut(q))``, or ``((a index, b), None)``.

    ``cut(x)`` gives per ``a`` an index whose difference between two ``x``
    counts the atoms ``(a, b)`` between them, ``mass(cut(x)) = F(x)`` (summed
    in order), ``j_zero = cut(0)``.  If ``F(0) >= alpha``, ``q`` is at 0.
    Otherwise ``F(lo) < alpha <= F(hi)`` throughout: the bracket ``(lo, hi]``
    is narrowed at the ``probes`` (values of the statistic where F is about
    ``alpha`` by the 1-D quantiles), then by regula falsi with the Illinois
    rule (F is nearly continuous where the supports are wide), a halving
    wherever three steps did not halve it.  Once it holds at most 256 atoms,
    ``atoms(j_lo, j_hi)`` lists them (keys ordering them as the statistic
    does, masses, ``a`` indices, ``b``): sorted by key, ``a``, ``b``, their
    masses are added to ``F(lo)`` in order, and the first to reach ``alpha``
    is ``q``.  A larger bracket whose atoms are one value but for rounding
    (one ratio ``a/b``, one ``b - a``: ``spread(j_lo, j_hi)`` within 1e-13),
    or 1e-15 wide, ends the search at ``cut(hi)``: ``q`` is the largest atom
    at or below ``hi``.
    """
    lo, hi, j_lo, j_hi = 0.0, 1.0, j_zero, cut(1.0)
    f_lo, g_hi = float(mass(j_lo)), 1.0
    if f_lo >= alpha:
        return None, j_lo
    for x in probes:
        if lo < x < hi:
            j = cut(x)
            f = float(mass(j))
            if f >= alpha:
                hi, j_hi, g_hi = x, j, f
            else:
                lo, j_lo, f_lo = x, j, f
    g_lo, side, w1, w2, w3 = f_lo, 0, math.inf, math.inf, math.inf
    while hi - lo > _WIDTH:
        count = abs(int((j_hi - j_lo).sum()))
        if count <= _ENUM:
            keys, masses, ai, b = atoms(j_lo, j_hi)
            order = np.lexsort((b, ai, keys))
            reach = np.flatnonzero(np.cumsum(np.concatenate([[f_lo], masses[order]]))[1:] >= alpha)
            k = order[reach[0] if reach.size else -1]
            return (int(ai[k]), int(b[k])), None
        if count <= j_lo.size + _ENUM:
            least, most = spread(j_lo, j_hi)
            if most - least <= _SAME * most:
                break
        x = (lo + hi) / 2.0
        if not hi - lo > 0.5 * w3:
            step = lo + (hi - lo) * ((alpha - g_lo) / (g_hi - g_lo))
            x = step if lo < step < hi else x
        if not lo < x < hi:
            break
        w3, w2, w1 = w2, w1, hi - lo
        j = cut(x)
        f = float(mass(j))
        if f >= alpha:
            hi, j_hi, g_hi = x, j, f
            g_lo = alpha + (g_lo - alpha) / 2.0 if side == 1 else g_lo
            side = 1
        else:
            lo, j_lo, g_lo, f_lo = x, j, f, f
            g_hi = alpha + (g_hi - alpha) / 2.0 if side == -1 else g_hi
            side = -1
    return None, j_hi


def _levels(alpha):
    """Levels ``l`` of the probes: the statistic at (one class's ``l``-quantile, the other's ``1 - l``).

    With ``b = min(alpha, 1 - alpha)``, the corners at levels ``b``,
    ``b**(3/4)``, ``b**(1/2)`` (in the tail ``alpha`` is in) bracket the
    quantile of a sum of two normal terms, in increasing order: ``F`` at
    the first is at most ``alpha``, at the last at least, whatever the
    terms' shares.  ``sqrt`` only: it rounds the same in the page.
    """
    b = min(alpha, 1.0 - alpha)
    r = math.sqrt(b)
    levels = [b, r * math.sqrt(r), r]
    return levels if alpha <= 0.5 else [1.0 - v for v in levels[::-1]]


def _ragged(first, count):
    """Row index and value of ``first[i] + t`` for ``t < count[i]``, rows in order."""
    rows = np.repeat(np.arange(first.size), count)
    return rows, first[rows] + (np.arange(rows.size) - np.repeat(np.cumsum(count) - count, count))


def _check_alpha(alpha):
    """A quantile's level, strictly inside (0, 1) (an interval's end)."""
    return check_scalar(alpha, "alpha", lo=0.0, hi=1.0, lo_open=True, hi_open=True)


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
        self.n_pos, self.n_neg = check_int(n_pos, "n_pos", lo=1), check_int(n_neg, "n_neg", lo=1)
        tp = check_int(tp, "tp", lo=0, hi=self.n_pos, hi_name="n_pos")
        fp = check_int(fp, "fp", lo=0, hi=self.n_neg, hi_name="n_neg")
        self.A, self.B = _Binomial(self.n_pos, tp), _Binomial(self.n_neg, fp)

    def rate(self, alpha, cls, decreasing=False):
        """Quantile of ``A / n_pos`` (``cls="pos"``) or ``B / n_neg`` (``"neg"``).

        With ``decreasing``, ``max{x : P(rate >= x) >= alpha}``: the rate at
        the ``alpha``-quantile of a decreasing function of it (FN, TN).
        """
        alpha, decreasing = _check_alpha(alpha), check_bool(decreasing, "decreasing")
        c = self.A if check_choice(cls, "cls", ("pos", "neg")) == "pos" else self.B
        return (c.upper(alpha) if decreasing else c.lower(alpha)) / c.n

    def precision(self, skew, alpha):
        """Quantile of ``precision_at(A/P, B/N, skew)`` (``skew`` where ``A = B = 0``).

        ``F(x) = sum_a P(A = a) P(B >= b_min(a, x))``, ``b_min = ceil(N a (1 - x) / (P x odds))``
        with ``odds = (1 - skew)/skew``, searched on ``x`` (``_search``).  Many
        atoms share the value 1 (``B = 0``): that quantile is found first.
        """
        skew = check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
        alpha = _check_alpha(alpha)
        A, B = self.A, self.B
        odds = (1.0 - skew) / skew
        ra = self.n_neg / (self.n_pos * odds) * A.k
        nb, sf, pa = B.pmf.size, B.sf, A.pmf
        zero = A.k0 == 0  # the first a is 0: its atoms are 0 (b > 0) and skew (b = 0)

        def index(b):  # into B.sf of b_min per a
            return np.clip(b - B.k0, 0, nb).astype(np.intp)

        def cut(x):  # 0 < x <= 1
            if x >= 1.0:
                return index(np.zeros(ra.size))
            b = np.maximum(np.ceil(ra * (1.0 - x) / x), 1.0)
            if zero:
                b[0] = 0.0 if x >= skew else 1.0
            return index(b)

        def mass(j):
            return np.cumsum(pa * sf[j])[-1]

        j_zero = np.full(ra.size, nb, dtype=np.intp)  # a > 0: every atom is above 0; a = 0: those with b > 0 are 0
        below_one = index(np.ones(ra.size))  # a > 0: the atoms below 1 are those with b > 0; a = 0: all
        if zero:
            j_zero[0], below_one[0] = index(np.ones(1))[0], index(np.zeros(1))[0]
        if mass(below_one) < alpha:  # P(precision < 1) < alpha
            return 1.0
        probes = [precision_at(A.lower(v) / self.n_pos, B.upper(v) / self.n_neg, skew) for v in _levels(alpha)]

        def values(ok, b):
            return precision_at(A.k[ok] / self.n_pos, b / self.n_neg, skew)

        def key(ok, b):  # precision as the cut sees it: r a / (r a + b), cheaper than values
            den = ra[ok] + b
            return np.where(den > 0, ra[ok] / np.where(den > 0, den, 1.0), skew)

        def spread(j_lo, j_hi):  # precision falls with b: the bracket's atoms of a are b in [j_hi, j_lo)
            ok = j_hi < j_lo
            return float(np.min(key(ok, B.k0 + j_lo[ok] - 1))), float(np.max(key(ok, B.k0 + j_hi[ok])))

        def atoms(j_lo, j_hi):
            sel = np.flatnonzero(j_hi < j_lo)
            rows, b = _ragged(B.k0 + j_hi[sel], j_lo[sel] - j_hi[sel])
            ai = sel[rows]
            return key(ai, b), pa[ai] * B.pmf[b - B.k0], ai, b

        pick, j = _search(cut, mass, alpha, j_zero, [float(p) for p in probes], spread, atoms)
        if pick is not None:
            return float(values(pick[0], pick[1]))
        ok = j < nb
        return float(np.max(values(ok, B.k0 + j[ok])))

    def cost(self, skew, m, alpha):
        """Quantile of ``NEC = (1 - A/P) PC + (B/N)(1 - PC)``, ``PC = probability_cost(skew, m)``.

        It falls with ``A`` and rises with ``B``: ``F(x) = sum_a P(A = a) P(B <= b_max(a, x))``,
        searched as :meth:`precision` searches its own.
        """
        skew, alpha = check_scalar(skew, "skew", lo=0.0, hi=1.0), _check_alpha(alpha)
        A, B, n_pos, n_neg = self.A, self.B, self.n_pos, self.n_neg
        pc = float(probability_cost(skew, check_scalar(m, "m", lo=0.0, hi=1.0)))
        nb, pa = B.pmf.size, A.pmf
        miss = (1.0 - A.k / n_pos) * pc
        cdf = np.concatenate([[0.0], B.cdf])  # cdf[j] = P(B < k0 + j)

        def cut(x):  # per a: how many b of the support have a cost <= x
            b = np.where(miss <= x, float(n_neg), -1.0) if pc >= 1.0 else np.floor(n_neg * (x - miss) / (1.0 - pc))
            return np.clip(b - B.k0 + 1, 0, nb).astype(np.intp)

        def mass(j):
            return np.cumsum(pa * cdf[j])[-1]

        probes = [_nec(A.upper(v) / n_pos, B.lower(v) / n_neg, pc) for v in _levels(alpha)]

        def values(ok, b):
            return _nec(A.k[ok] / n_pos, b / n_neg, pc)

        def spread(j_lo, j_hi):  # cost rises with b: the bracket's atoms of a are b in [j_lo, j_hi)
            ok = j_lo < j_hi
            return float(np.min(values(ok, B.k0 + j_lo[ok]))), float(np.max(values(ok, B.k0 + j_hi[ok] - 1)))

        def atoms(j_lo, j_hi):
            sel = np.flatnonzero(j_lo < j_hi)
            rows, b = _ragged(B.k0 + j_lo[sel], j_hi[sel] - j_lo[sel])
            ai = sel[rows]
            return values(ai, b), pa[ai] * B.pmf[b - B.k0], ai, b

        pick, j = _search(cut, mass, alpha, cut(0.0), [float(p) for p in probes], spread, atoms)
        if pick is not None:
            return float(values(pick[0], pick[1]))
        ok = j > 0
        return float(np.max(values(ok, B.k0 + j[ok] - 1)))


def exact_intervals(n_pos, n_neg, tp, fp, skew, confidence, *, m, values, decreasing):
    """Exact percentile intervals of every quantity ``values(tpr, fpr, skew, m)`` gives, and of precision and cost.

    ``values`` maps rates to a dict of quantities, each monotone in one rate
    (increasing, or decreasing for the names in ``decreasing``); precision
    and cost (the two that depend on both) come from :class:`CountBootstrap`.

    Returns
    -------
    dict
        ``(low, high)`` per quantity; precision's is None where ``tp = fp = 0``
        (the empty prediction, whose precision is a limit along the curve).

    Examples
    --------
    >>> from skewplot.stats.exact_bootstrap import exact_intervals
    >>> iv = exact_intervals(100, 900, 60, 30, 0.1, 0.9, m=0.5, decreasing=("miss",),
    ...                      values=lambda t, f, pi, m: {"recall": t, "miss": 1 - t})
    >>> iv["recall"], [round(v, 3) for v in iv["miss"]], [round(v, 3) for v in iv["precision"]]
    ((0.52, 0.68), [0.32, 0.48], [0.596, 0.741])
    """
    probs = ((1.0 - confidence) / 2, (1.0 + confidence) / 2)
    counts = (n_pos, n_neg, tp, fp)  # a widget's skew step asks again at the same counts: ~0.5 ms a build, kept
    cb = _kept_bootstrap(*counts) if all(isinstance(v, (int, np.integer)) for v in counts) else CountBootstrap(*counts)

    def at(dec):
        return values(np.array([cb.rate(a, "pos", dec) for a in probs]),
                      np.array([cb.rate(a, "neg", dec) for a in probs]), skew, m)

    up, down = at(False), at(True)
    out = {k: tuple(float(x) for x in (down if k in decreasing else up)[k]) for k in up}
    out["precision"] = None if tp == fp == 0 else tuple(cb.precision(skew, a) for a in probs)
    out["cost"] = tuple(cb.cost(skew, m, a) for a in probs)
    return out


_kept_bootstrap = functools.lru_cache(maxsize=32)(CountBootstrap)
