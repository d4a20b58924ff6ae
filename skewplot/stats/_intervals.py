"""Bootstrap confidence intervals from a replicate distribution: percentile, basic, BC and BCa.

``IntervalResult`` holds what every bootstrap result shares (the replicates,
the level, the method, their number) and its repr.

Formulas: Efron & Tibshirani (1993), ch. 13-14; Davison & Hinkley (1997),
§3.2 and §5.3 (stratified acceleration).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field, fields

import numpy as np
from scipy.special import ndtr, ndtri

METHODS = ("bca", "bc", "percentile", "basic")
# Relative size below which two areas differ by rounding only: one ROC polyline summed over a different number
# of collinear vertices (a tie one score merges and another splits, a replicate's reweighted segments) gives the
# same area to ~1e-15.
ROUNDING = 1e-12
# How __repr__ shows a result's numbers (others: %.4g for floats, repr otherwise).
_REPR_FORMAT = {"se": ".3g", "confidence": "g"}


@dataclass(frozen=True)
class IntervalResult:
    """The fields every bootstrap result shares, after its own (keyword-only), and its repr.

    A result class lists its own fields (the estimate, ``low``, ``high``,
    ``se``, ...) and inherits the replicate ``distribution`` and the settings
    that made it.
    """

    _: KW_ONLY
    distribution: np.ndarray = field(repr=False, compare=False)
    confidence: float = 0.95
    method: str = "bca"
    n_boot: int = 0

    def __repr__(self):
        shown = sorted((f for f in fields(self) if f.repr), key=lambda f: f.kw_only)
        parts = []
        for f in shown:
            value = getattr(self, f.name)
            if isinstance(value, float):
                parts.append(f"{f.name}={value:{_REPR_FORMAT.get(f.name, '.4g')}}")
            else:
                parts.append(f"{f.name}={value!r}")
        return f"{type(self).__name__}({', '.join(parts)})"


def at_estimate(theta, dist):
    """``dist`` with the replicates within rounding (``ROUNDING``, relative) of ``theta`` set to ``theta``.

    A replicate equal to the estimate but summed in another order (1.0
    against 0.9999999999999999 for a perfect ranking) is a tie, not a
    replicate above it: otherwise an interval of equal replicates could
    exclude its own estimate by one ulp.
    """
    theta = np.asarray(theta, dtype=float)
    return np.where(within_rounding(dist, theta), theta, dist)


def within_rounding(a, b):
    """True where ``a`` and ``b`` differ by less than ``ROUNDING`` of the larger magnitude (elementwise)."""
    return np.abs(a - b) <= ROUNDING * np.maximum(np.abs(a), np.abs(b))


def bias_z0(theta, dist):
    """``Phi^-1`` of the share of replicates below the estimate (ties count half), per column.

    Clipped to ``[1/(2B), 1 - 1/(2B)]`` so that a distribution entirely on one
    side of the estimate still gives a finite correction.
    """
    b = dist.shape[0]
    share = (np.sum(dist < theta, axis=0) + 0.5 * np.sum(dist == theta, axis=0)) / b
    return ndtri(np.clip(share, 0.5 / b, 1.0 - 0.5 / b))


def acceleration(jack_values, pool_sizes):
    """BCa acceleration from leave-block-out values, stratified by pool.

    ``jack_values`` has one row per left-out block (all blocks of pool 0,
    then pool 1, ...); ``pool_sizes`` says how many blocks each pool has.
    With ``l_b = (m - 1)(mean - theta_(-b))`` over the ``m`` blocks of a pool,
    ``a = sum (l/m)^3 / (6 (sum (l/m)^2)^(3/2))`` summed over pools.  Blocks
    of ``d`` rows estimate the same ``a`` as single rows: the third and second
    moments of a block's influence add up over its rows.
    """
    num = 0.0
    den = 0.0
    start = 0
    for m in pool_sizes:
        v = jack_values[start:start + m]
        start += m
        if m < 2:
            continue
        u = (m - 1) * (v.mean(axis=0) - v) / m
        num = num + np.sum(u**3, axis=0)
        den = den + np.sum(u**2, axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        a = num / (6.0 * np.asarray(den, dtype=float) ** 1.5)
    return np.where(np.asarray(den) > 0, a, 0.0)


def _levels(z0, a, alpha):
    """BCa quantile levels for the lower and upper end (per column)."""
    z = ndtri(np.array([alpha / 2, 1 - alpha / 2]))[:, None]
    w = z0 + z
    return ndtr(z0 + w / (1.0 - a * w))


def interval(theta, dist, confidence, method, accel=None):
    """Lower and upper ends per column of ``dist`` (shape (B, m)) around ``theta`` (m,)."""
    alpha = 1.0 - confidence
    dist = at_estimate(theta, dist)
    m = dist.shape[1]
    if method == "percentile" or method == "basic":
        q = np.tile(np.array([[alpha / 2], [1 - alpha / 2]]), (1, m))
    else:
        z0 = bias_z0(theta, dist)
        a = np.zeros(m) if method == "bc" else accel
        q = _levels(z0, a, alpha)
    lo = np.array([np.quantile(dist[:, j], q[0, j]) for j in range(m)])
    hi = np.array([np.quantile(dist[:, j], q[1, j]) for j in range(m)])
    if method == "basic":
        lo, hi = 2 * theta - hi, 2 * theta - lo
    return lo, hi


def pvalue(theta, dist, method, accel=None, null=0.0):
    """Two-sided p-value of ``null`` by inverting the interval: the largest ``1 - confidence`` that keeps it.

    For the percentile family the share ``q`` of replicates below ``null`` is
    the interval's level at ``null``; BC and BCa map it through their level
    function (solved for ``z``).  Ties with ``null`` count half.
    """
    b = dist.shape[0]
    dist = at_estimate(theta, dist)
    if method == "basic":
        below = np.sum(dist > 2 * theta - null, axis=0) + 0.5 * np.sum(dist == 2 * theta - null, axis=0)
    else:
        below = np.sum(dist < null, axis=0) + 0.5 * np.sum(dist == null, axis=0)
    q = np.clip(below / b, 0.5 / b, 1.0 - 0.5 / b)
    if method in ("bc", "bca"):
        z0 = bias_z0(theta, dist)
        a = np.zeros_like(z0) if method == "bc" else accel
        d = ndtri(q) - z0
        z = d / (1.0 + a * d) - z0
        q = ndtr(z)
    p = 2.0 * np.minimum(q, 1.0 - q)
    degenerate = np.all(dist == null, axis=0) & (theta == null)
    return np.where(degenerate, 1.0, np.minimum(p, 1.0))
