"""Recall and precision at a fixed rank under a random ranking [Z §II.A].

With ``n`` items of which ``n_pos`` are positive, put in a uniformly random
order, the number of hits ``h`` among the top ``t`` is hypergeometric
(``scipy.stats.hypergeom(M=n, n=n_pos, N=t)``).  Recall at rank ``t`` is
``h / n_pos`` and precision ``h / t``: the same distribution on a scaled grid.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .._validate import check_choice, check_int
from ._checks import as_generator, check_probabilities, check_values

__all__ = ["recall_null", "precision_null", "ScaledHypergeom"]

# Grid values x * scale within this of an integer count as that integer.
_GRID_TOL = 1e-9


class ScaledHypergeom:
    """The hypergeometric number of hits in the top ``t``, divided by ``scale``.

    Built by :func:`recall_null` (``scale = n_pos``) and :func:`precision_null`
    (``scale = t``); its methods mirror a frozen ``scipy.stats`` distribution
    but speak in recall or precision units.

    Attributes
    ----------
    n, n_pos, t : int
        Items, positives, and the rank cut-off.
    scale : int
        The divisor turning hits into the measure.
    hits : scipy.stats frozen distribution
        ``scipy.stats.hypergeom(M=n, n=n_pos, N=t)``, the number of hits.
    """

    __slots__ = ("n", "n_pos", "t", "scale", "hits", "_kind")

    def __init__(self, n, n_pos, t, *, kind):
        n, n_pos, t = _check(n, n_pos, t)
        self.n, self.n_pos, self.t = n, n_pos, t
        self._kind = check_choice(kind, "kind", ("recall", "precision"))
        self.scale = n_pos if kind == "recall" else t
        from scipy.stats import hypergeom  # when used: importing scipy.stats takes 0.5 s (issue 44)

        self.hits = hypergeom(M=n, n=n_pos, N=t)

    def __repr__(self):
        return f"{self._kind}_null(n={self.n}, n_pos={self.n_pos}, t={self.t})"

    # Moments from the closed forms with exact integers: scipy's hypergeom.stats
    # also evaluates the kurtosis, which divides by zero for n <= 3 or t = n.
    def mean(self):
        """Expected value (recall: ``t / n``; precision: ``n_pos / n``)."""
        return float(Fraction(self.t * self.n_pos, self.n * self.scale))

    def var(self):
        """Variance, ``t m (n - m)(n - t) / (n^2 (n - 1))`` hits^2 over ``scale^2``."""
        n, m, t = self.n, self.n_pos, self.t
        if n == 1:
            return 0.0
        return float(Fraction(t * m * (n - m) * (n - t), n * n * (n - 1) * self.scale**2))

    def std(self):
        """Standard deviation."""
        return math.sqrt(self.var())

    def support(self):
        """Smallest and largest attainable value."""
        lo, hi = self.hits.support()
        return float(lo) / self.scale, float(hi) / self.scale

    def _counts(self, x):
        k = check_values(x, "x") * self.scale
        return k, np.round(k)

    def pmf(self, x):
        """Probability of the value ``x`` (zero off the grid ``k / scale``)."""
        k, kr = self._counts(x)
        on_grid = np.abs(k - kr) <= _GRID_TOL * np.maximum(1.0, np.abs(k))
        return _out(np.where(on_grid, self.hits.pmf(kr), 0.0))

    def cdf(self, x):
        """``P(X <= x)``."""
        k, kr = self._counts(x)
        # A value a rounding error below a grid point belongs to that point.
        kf = np.where(np.abs(k - kr) <= _GRID_TOL * np.maximum(1.0, np.abs(k)), kr, np.floor(k))
        return _out(self.hits.cdf(kf))

    def sf(self, x):
        """``P(X > x)``."""
        return _out(1.0 - np.asarray(self.cdf(x)))

    def ppf(self, q):
        """Smallest value ``x`` with ``P(X <= x) >= q``."""
        q = check_probabilities(q, "q")
        return _out(self._hits_ppf(q) / self.scale)

    def _hits_ppf(self, q):
        # scipy returns (lowest support - 1) at q = 0; the smallest x with P(X <= x) >= 0
        # is the lowest attainable count.
        return np.maximum(self.hits.ppf(q), self.hits.support()[0])

    def interval(self, confidence):
        """Central interval holding at least ``confidence`` of the mass."""
        c = float(check_probabilities(confidence, "confidence"))
        tail = 0.5 * (1.0 - c)
        lo, hi = self._hits_ppf(tail), self._hits_ppf(1.0 - tail)
        return float(lo) / self.scale, float(hi) / self.scale

    def rvs(self, size=None, random_state=None):
        """Random draws in the measure's units."""
        h = self.hits.rvs(size=size, random_state=as_generator(random_state))
        return _out(np.asarray(h, dtype=float) / self.scale)


def _out(a):
    a = np.asarray(a, dtype=float)
    return float(a) if a.ndim == 0 else a


def _check(n, n_pos, t):
    n = check_int(n, "n", lo=1)
    n_pos = check_int(n_pos, "n_pos", lo=1, hi=n, hi_name="n")
    t = check_int(t, "t", lo=1, hi=n, hi_name="n")
    return n, n_pos, t


def recall_null(n, n_pos, t):
    """Distribution of recall at rank ``t`` under a random ranking [Z Eq 3-4].

    Parameters
    ----------
    n : int
        Number of items ranked.
    n_pos : int
        Number of positives among them, ``1 <= n_pos <= n``.
    t : int
        Rank cut-off (the top ``t`` items are predicted positive), ``1 <= t <= n``.

    Returns
    -------
    ScaledHypergeom
        ``hits / n_pos`` with ``hits ~ hypergeom(M=n, n=n_pos, N=t)``; methods
        ``mean()``, ``var()``, ``std()``, ``pmf()``, ``cdf()``, ``sf()``,
        ``ppf()``, ``interval()``, ``rvs()``.

    Notes
    -----
    ``E r(t) = t / n`` and ``Var r(t) = t (n - n_pos)(n - t) / (n_pos n^2 (n - 1))``.

    Examples
    --------
    >>> import skewplot as sp
    >>> r = sp.stats.recall_null(1000, 100, 100)
    >>> r.mean(), round(r.var(), 5)
    (0.1, 0.00081)
    >>> r.ppf(0.975)
    0.16
    """
    return ScaledHypergeom(*_check(n, n_pos, t), kind="recall")


def precision_null(n, n_pos, t):
    """Distribution of precision at rank ``t`` under a random ranking [Z Eq 3-4].

    Parameters
    ----------
    n, n_pos, t : int
        As in :func:`recall_null`: items ranked, positives among them, rank cut-off.

    Returns
    -------
    ScaledHypergeom
        ``hits / t`` with ``hits ~ hypergeom(M=n, n=n_pos, N=t)``.

    Notes
    -----
    ``E p(t) = n_pos / n`` and ``Var p(t) = n_pos (n - n_pos)(n - t) / (t n^2 (n - 1))``.

    Examples
    --------
    >>> import skewplot as sp
    >>> p = sp.stats.precision_null(2000, 500, 500)
    >>> p.mean(), round(p.var(), 5)
    (0.25, 0.00028)
    >>> round(p.sf(0.3), 4)   # chance that a random ranking beats 0.3 at rank 500
    0.0013
    """
    return ScaledHypergeom(*_check(n, n_pos, t), kind="precision")
