"""Average precision under a random ranking: exact moments, the [Z] approximation, sampling.

With ``n`` items of which ``m`` are positive in a uniformly random order and
``y_k`` the label at rank ``k``,

    AP = (1/m) sum_i i / L_i = (1/m) sum_{j <= k} y_j y_k / k,

``L_i`` the rank of the i-th hit.  The expectation of a product of labels
depends only on how many distinct ranks it names: ``p_r = m^(r) / n^(r)``
(falling factorials) for ``r`` distinct ranks.  Expanding ``E[AP]`` and
``E[AP^2]`` over the patterns of coinciding ranks leaves sums of ``1/k``,
``1/k^2`` and ``1/(k l)``, all of them closed forms in the harmonic numbers
``H = H_n`` and ``H2 = H_n^(2)``:

    E[AP]   = a0 + a1 H,
    Var[AP] = c0 + cH H + cHH H^2 + cH2 H2,

with coefficients that are rational in ``n`` and ``m``.  They are computed
with exact integer arithmetic (:class:`fractions.Fraction`), so the large
cancellation in ``E[AP^2] - E[AP]^2`` happens before rounding and the float
result is accurate to a few ulps even at ``n = 1e7``; ``H`` and ``H2`` come
from the digamma and Hurwitz zeta functions.  Cost: O(1) in ``n``.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import special

from .._validate import check_choice, check_int, renamed_keywords
from ._checks import as_generator, check_values

__all__ = ["AveragePrecisionNull", "average_precision_null"]

ALTERNATIVES = ("greater", "less", "two-sided")
METHODS = ("normal", "permutation")
# Keys per block when sampling by keys (8 bytes each): bounds the memory of sample().
_BLOCK_ELEMENTS = 1 << 21
# From this many draws on, sample rank by rank across the draws (one Python
# step per rank, vectorised over the draws); below it, by random keys.
_SEQUENTIAL_MIN_DRAWS = 2000
_SEQUENTIAL_CHUNK = 1 << 16
# Sampled APs within this of the observed one count as ties (>=, <=).
_TIE_TOL = 1e-12


def _falling(a, r):
    out = 1
    for i in range(r):
        out *= a - i
    return out


def _label_moments(n, m):
    """``p_r = m^(r) / n^(r)`` for r = 1..4.

    When ``n < r`` no r distinct ranks exist and ``p_r`` multiplies sums that
    vanish, so its value is free: 1 when ``m == n`` keeps every coefficient of
    the variance exactly zero there, 0 otherwise.
    """
    return tuple(
        Fraction(_falling(m, r), _falling(n, r)) if n >= r else Fraction(int(m == n)) for r in (1, 2, 3, 4)
    )


def _moment_coefficients(n, m):
    """Exact rational coefficients of E[AP] in (1, H) and Var[AP] in (1, H, H^2, H2)."""
    p1, p2, p3, p4 = _label_moments(n, m)
    mm = Fraction(m * m)
    a0 = p2 * n / m
    a1 = (p1 - p2) / m
    # E[AP^2] m^2 = T1 + 2 T2 with
    #   T1 = sum_k E[y_k h_k^2] / k^2,         E[y_k h_k^2] = p1 + 3(k-1) p2 + (k-1)(k-2) p3
    #   T2 = sum_{k<l} E[y_k h_k y_l h_l]/(kl), = 2 p2 + (3k + l - 5) p3 + (k-1)(l-3) p4
    # (h_k the hits in the top k) and sum_{k<l} 1/(kl) = (H^2 - H2) / 2.
    c0 = (5 * n * p3 + n * (n - 5) * p4) / mm - a0 * a0
    c_h = (3 * p2 - 3 * p3 + 2 * (n - 3) * (p3 - p4)) / mm - 2 * a0 * a1
    c_hh = (2 * p2 - 5 * p3 + 3 * p4) / mm - a1 * a1
    c_h2 = (p1 - 5 * p2 + 7 * p3 - 3 * p4) / mm
    return (a0, a1), (c0, c_h, c_hh, c_h2)


def _harmonic(n):
    """``H_n`` and ``H_n^(2)`` to full double precision."""
    h = float(special.digamma(n + 1.0)) + np.euler_gamma
    h2 = math.pi**2 / 6.0 - float(special.zeta(2.0, n + 1.0))
    return h, h2


def _zhang_su(n, m):
    """[Z Eq 8-13] as printed: delta-method mean and variance of AP (O(m))."""
    i = np.arange(1, m + 1, dtype=float)
    e_l = i * n / m  # Eq 8
    var_l = i * n * (i * n + i + n - m) / (m * (m + 1.0)) - e_l**2  # Eq 9
    rel = var_l / e_l**2
    mean = float(np.mean((i / e_l) * (1.0 + rel)))  # Eq 11-12
    diag = float(np.sum(i**2 * var_l / e_l**4 * (1.0 - rel)))
    off = 0.0
    if m > 1:
        # i j Cov(1/L_i, 1/L_j) = (m/n)^4 Cov(L_i, L_j) / (i j) = (m/n)^4 (alpha + beta / j)  for i < j,
        # summed over i < j in closed form: sum_j (j - 1)(alpha + beta / j).
        alpha = n * (n - 1.0) / (m * (m - 1.0)) - (n / m) ** 2
        beta = (n - 1.0) * (n - m) / (m * (m - 1.0))
        h_m = float(special.digamma(m + 1.0)) + np.euler_gamma
        off = (m / n) ** 4 * (alpha * m * (m - 1) / 2.0 + beta * (m - h_m))
    return mean, (diag + 2.0 * off) / m**2  # Eq 13


def _sample_by_keys(n, m, total, rng):
    """Hit ranks as the positions of the m smallest of n uniform keys, per draw."""
    out = np.empty(total)
    ranks = np.arange(1.0, m + 1.0)
    block = max(1, _BLOCK_ELEMENTS // n)
    for start in range(0, total, block):
        b = min(block, total - start)
        hit = np.argpartition(rng.random((b, n)), m - 1, axis=1)[:, :m]
        if 8 * m <= n:
            hit.sort(axis=1)
        else:  # cheaper than sorting many hits: mark them, read them back in rank order
            mask = np.zeros((b, n), dtype=bool)
            np.put_along_axis(mask, hit, True, axis=1)
            hit = np.nonzero(mask)[1].reshape(b, m)
        out[start : start + b] = (ranks / (hit + 1.0)).mean(axis=1)
    return out


def _sample_sequential(n, m, total, rng):
    """Selection sampling (Knuth's Algorithm S) for many draws at once."""
    out = np.empty(total)
    for start in range(0, total, _SEQUENTIAL_CHUNK):
        b = min(_SEQUENTIAL_CHUNK, total - start)
        left = np.full(b, float(m))  # hits still to place
        hits = np.zeros(b)
        acc = np.zeros(b)
        u, tmp = np.empty(b), np.empty(b)
        hit = np.empty(b, dtype=bool)
        for k in range(1, n + 1):
            rng.random(out=u)
            u *= n - k + 1
            np.less(u, left, out=hit)  # P(hit) = left / (n - k + 1)
            left -= hit
            hits += hit
            np.multiply(hit, hits, out=tmp)
            tmp /= k
            acc += tmp
        out[start : start + b] = acc / m
    return out


class AveragePrecisionNull:
    """Average precision of a uniformly random ranking of ``n`` items, ``n_pos`` positive.

    Build it with :func:`average_precision_null`.  Immutable.

    Attributes
    ----------
    n, n_pos : int
    mean, var, std : float
        Exact moments of AP.
    approx_mean, approx_var : float
        The delta-method normal approximation of Zhang & Su [Z Eq 8-13], as
        printed there; for reference only (see :func:`average_precision_null`).
    """

    __slots__ = ("_n", "_m", "_mean", "_var", "_approx")

    def __init__(self, n, n_pos):
        object.__setattr__(self, "_n", n)
        object.__setattr__(self, "_m", n_pos)
        (a0, a1), (c0, c_h, c_hh, c_h2) = _moment_coefficients(n, n_pos)
        h, h2 = _harmonic(n)
        mean = float(a0) + float(a1) * h
        var = float(c0) + float(c_h) * h + float(c_hh) * h * h + float(c_h2) * h2
        if c0 == c_h == c_hh == c_h2 == 0:  # n_pos == n: AP is 1 for every ranking
            var = 0.0
        object.__setattr__(self, "_mean", mean)
        object.__setattr__(self, "_var", max(var, 0.0))
        object.__setattr__(self, "_approx", None)

    def __setattr__(self, name, value):
        raise AttributeError("AveragePrecisionNull is immutable")

    def __repr__(self):
        return (
            f"average_precision_null(n={self._n}, n_pos={self._m}): "
            f"mean={self._mean:.6g}, std={self.std:.6g}"
        )

    n = property(lambda self: self._n)
    n_pos = property(lambda self: self._m)
    mean = property(lambda self: self._mean, doc="Exact expected AP.")
    var = property(lambda self: self._var, doc="Exact variance of AP.")
    std = property(lambda self: math.sqrt(self._var), doc="Exact standard deviation of AP.")

    def _zs(self):
        if self._approx is None:
            object.__setattr__(self, "_approx", _zhang_su(self._n, self._m))
        return self._approx

    @property
    def approx_mean(self):
        """[Z Eq 12] approximate mean (reproduces .1037 and .2522 of [Z Table III])."""
        return self._zs()[0]

    @property
    def approx_var(self):
        """[Z Eq 13] approximate variance as printed; far from :attr:`var` (see the function docs)."""
        return self._zs()[1]

    def sample(self, size, random_state=None):
        """AP of ``size`` independent uniformly random rankings.

        Each draw places the ``n_pos`` positives at a uniformly random subset
        of the ranks and returns ``mean_i i / L_i``; O(size * n) time.  For
        many draws, rank by rank across all draws at once (selection
        sampling: the next rank is a hit with probability hits left / ranks
        left); for a few, the ranks of the ``n_pos`` smallest of ``n``
        uniform keys (``np.argpartition``).

        Parameters
        ----------
        size : int or tuple of int
        random_state : None, int, SeedSequence, Generator or RandomState

        Returns
        -------
        ndarray of shape ``size``

        Examples
        --------
        >>> import skewplot as sp
        >>> null = sp.stats.average_precision_null(1000, 100)
        >>> x = null.sample(2000, random_state=0)
        >>> x.shape, bool(abs(x.mean() - null.mean) < 4 * null.std / 2000**0.5)
        ((2000,), True)
        """
        shape = (size,) if np.ndim(size) == 0 else tuple(size)
        shape = tuple(check_int(s, "size", lo=0) for s in shape)
        total = math.prod(shape)
        rng = as_generator(random_state)
        n, m = self._n, self._m
        if m == n:
            out = np.ones(total)
        elif m == 1:
            out = 1.0 / rng.integers(1, n + 1, size=total)
        elif total >= _SEQUENTIAL_MIN_DRAWS:
            out = _sample_sequential(n, m, total, rng)
        else:
            out = _sample_by_keys(n, m, total, rng)
        return out.reshape(shape)

    @renamed_keywords(method="approximation")
    def pvalue(self, ap, alternative="greater", approximation="normal", n_samples=9999, random_state=None,
               draws=None):
        """p-value of an observed AP against random ranking.

        Parameters
        ----------
        ap : float or array-like
            Observed average precision(s), in [0, 1].
        alternative : {"greater", "less", "two-sided"}
            ``"greater"``: the ranking is better than random, ``P(AP >= ap)``.
        approximation : {"normal", "permutation"}
            How the null distribution gives the p-value (formerly ``method``).
            ``"normal"``: a normal law with the **exact** mean and variance.
            ``"permutation"``: ``n_samples`` random rankings from
            :meth:`sample`, ``(1 + #{AP* >= ap}) / (n_samples + 1)``.  Two-sided
            p-values are twice the smaller one-sided value, capped at 1.
        n_samples : int, default=9999
            Random rankings for ``approximation="permutation"``.
        random_state : None, int, SeedSequence, Generator or RandomState
        draws : array-like, optional
            APs of random rankings already drawn (:meth:`sample`), used by
            ``approximation="permutation"`` instead of ``n_samples`` new ones
            (a histogram's draws and its p-value from the same rankings).

        Returns
        -------
        float or ndarray
            One p-value per observed ``ap``.

        Examples
        --------
        >>> import skewplot as sp
        >>> null = sp.stats.average_precision_null(2000, 500)
        >>> round(null.pvalue(0.28), 4)
        0.003
        >>> bool(null.pvalue(0.28, approximation="permutation", n_samples=999, random_state=0) < 0.02)
        True
        >>> draws = null.sample(999, random_state=0)
        >>> null.pvalue(0.28, approximation="permutation", draws=draws) == null.pvalue(
        ...     0.28, approximation="permutation", n_samples=999, random_state=0)
        True
        """
        check_choice(alternative, "alternative", ALTERNATIVES)
        check_choice(approximation, "approximation", METHODS)
        a = check_values(ap, "ap")
        if a.size and (a.min() < 0 or a.max() > 1):
            raise ValueError(f"ap must lie in [0, 1], found values in [{a.min():g}, {a.max():g}]")
        if approximation == "normal":
            if self._var == 0.0:  # every ranking has AP = mean
                greater = np.where(a <= self._mean + _TIE_TOL, 1.0, 0.0)
                less = np.where(a >= self._mean - _TIE_TOL, 1.0, 0.0)
            else:
                from scipy.stats import norm  # when used: importing scipy.stats takes 0.5 s (issue 44)

                z = (a - self._mean) / self.std
                greater, less = norm.sf(z), norm.cdf(z)
        else:
            if draws is None:
                n_samples = check_int(n_samples, "n_samples", lo=1)
                draws = np.sort(self.sample(n_samples, random_state))
            else:
                draws = np.sort(check_values(draws, "draws").ravel())
                if draws.size == 0:
                    raise ValueError("draws must hold at least one AP of a random ranking, got none")
                if draws[0] < 0 or draws[-1] > 1:
                    raise ValueError(f"draws must lie in [0, 1], found values in [{draws[0]:g}, {draws[-1]:g}]")
                n_samples = draws.size
            n_ge = n_samples - np.searchsorted(draws, a - _TIE_TOL, side="left")
            n_le = np.searchsorted(draws, a + _TIE_TOL, side="right")
            greater = (1.0 + n_ge) / (n_samples + 1.0)
            less = (1.0 + n_le) / (n_samples + 1.0)
        if alternative == "greater":
            p = greater
        elif alternative == "less":
            p = less
        else:
            p = np.minimum(1.0, 2.0 * np.minimum(greater, less))
        p = np.asarray(p, dtype=float)
        return float(p) if p.ndim == 0 else p


def average_precision_null(n, n_pos):
    """Average precision of a random ranking: exact moments, [Z] approximation, sampler.

    Parameters
    ----------
    n : int
        Number of items ranked.
    n_pos : int
        Number of positives, ``1 <= n_pos <= n``.

    Returns
    -------
    AveragePrecisionNull
        ``.mean``, ``.var``, ``.std`` (exact), ``.approx_mean``,
        ``.approx_var`` ([Z]), ``.sample(size)``, ``.pvalue(ap)``.

    Notes
    -----
    The exact moments follow from ``AP = (1/m) sum_{j<=k} y_j y_k / k`` and
    ``E[y_{k1} ... y_{kr}] = m^(r)/n^(r)`` for ``r`` distinct ranks (module
    docstring); they agree with full enumeration of all placements for every
    ``n <= 12`` and cost O(1) in ``n``.

    The approximation of Zhang & Su [Z Eq 8-13] expands ``1/L_i`` to second
    order around ``E(L_i) = i n / m``.  Its mean is close (.1037 against the
    exact .1058 for ``(n, m) = (1000, 100)``; .2522 against .2527 for
    (2000, 500)), but its variance is not: evaluated as printed it gives
    2.65e-4 and 2.80e-4, twice and nearly three times the exact 1.30e-4 and
    9.89e-5 (Z's own Table III lists 1.39e-4 and 1.42e-4, which the printed
    formulas do not reproduce; their simulated 1.29e-4 and 0.96e-4 agree with
    the exact values).  Use ``.var`` for inference.

    Examples
    --------
    >>> import skewplot as sp
    >>> null = sp.stats.average_precision_null(2000, 500)
    >>> round(null.mean, 4), round(null.var, 8)
    (0.2527, 9.893e-05)
    >>> round(null.approx_mean, 4)
    0.2522
    >>> sp.stats.average_precision_null(3, 3).var   # every ranking is perfect
    0.0
    """
    n = check_int(n, "n", lo=1)
    n_pos = check_int(n_pos, "n_pos", lo=1, hi=n, hi_name="n")
    return AveragePrecisionNull(n, n_pos)
