"""Ranking under skew: where the AUCPR ranking of two classifiers flips [L §4.1.1], and skew limits [L §5.1]."""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq
from scipy.special import expit, logit

from .._validate import check_1d_array, check_choice, check_finite, check_scalar
from .auc import INTERPOLATIONS, aucpr_at_skews, polyline_corners
from .precision import _check_points

__all__ = ["inversion_skews", "skew_limits"]

_SCAN = 257  # scan points, equally spaced in logit(pi') between eps and 1 - eps


def _aucpr_at(pts, pi, interpolation):
    """AUCPR of ``pts`` at each fixed skew in the 1-D array ``pi`` (exact, O(#corners) per skew)."""
    return aucpr_at_skews(pts, pi, interpolation=interpolation)


def inversion_skews(pts_a, pts_b, *, interpolation="continuous", eps=1e-6):
    """Every deployment skew where the AUCPR ranking of two classifiers flips.

    ``AUCPR_pi(A) - AUCPR_pi(B)`` is scanned at 257 skews equally spaced in
    ``logit(pi)`` over ``[eps, 1 - eps]`` (the curve's structure gathers near
    0 and 1), and each sign change is refined by Brent's method to full
    precision.  [L Alg 1] bisects for a single inversion; this finds all
    that the scan separates (two flips closer together than one scan step,
    ~0.11 in logit, would cancel and be missed).  Touching without changing
    sign is not a flip.  P-R curves that never cross never invert [L Cor 1],
    and give an empty array.

    Parameters
    ----------
    pts_a, pts_b : OperatingPoints
        Both must carry a data set skew or be built from rates; only their
        rates are used.
    interpolation : str, default="continuous"
        One of :data:`skewplot.INTERPOLATIONS`; the AUCPR scheme compared.
    eps : float in (0, 0.5), default=1e-6
        Skews closer than ``eps`` to 0 or 1 are not searched: there every
        classifier's AUCPR tends to the same limits.  Below 1e-6 the scan
        adds 257 skews over the wider range to the default's.

    Returns
    -------
    ndarray
        The skews pi* in increasing order, where the sign of
        ``AUCPR(A) - AUCPR(B)`` changes.

    Examples
    --------
    >>> import skewplot as sp
    >>> early = sp.OperatingPoints.from_rates([0.4, 0.6], [0.001, 0.4])
    >>> broad = sp.OperatingPoints.from_rates([0.3, 0.9], [0.05, 0.2])
    >>> sp.inversion_skews(early, broad).round(4).tolist()
    [0.2538]
    """
    _check_points(pts_a, "pts_a")
    _check_points(pts_b, "pts_b")
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    eps = check_scalar(eps, "eps", lo=0.0, hi=0.5, lo_open=True, hi_open=True)
    if interpolation == "continuous":  # the same continuous areas; once, not at every Brent step
        pts_a, pts_b = polyline_corners(pts_a), polyline_corners(pts_b)
    # logit(1 - eps) = -logit(eps), which stays finite where 1 - eps rounds to 1 (eps=1e-300 gave NaN skews);
    # the largest skew searched is then the last double below 1.  A wider range than the default's keeps the
    # default's scan too: 257 skews over logit in [-690, 690] alone step past crossings a unit of logit apart.
    ends = [eps] if eps >= 1e-6 else [eps, 1e-6]
    grid = np.unique(np.concatenate([expit(np.linspace(logit(e), -logit(e), _SCAN)) for e in ends]))
    grid = np.unique(np.minimum(grid, np.nextafter(1.0, 0.0)))
    diff = _aucpr_at(pts_a, grid, interpolation) - _aucpr_at(pts_b, grid, interpolation)
    sign = np.sign(diff)
    nonzero = np.flatnonzero(sign)
    roots = []

    def gap(p):
        p = np.array([p])
        return float(_aucpr_at(pts_a, p, interpolation)[0] - _aucpr_at(pts_b, p, interpolation)[0])

    for i, j in zip(nonzero[:-1], nonzero[1:], strict=True):
        if sign[i] == sign[j]:
            continue
        if j == i + 1:
            roots.append(brentq(gap, grid[i], grid[j], xtol=1e-15, rtol=4 * np.finfo(float).eps))
        else:  # exact ties at scan points in between: the flip sits among them
            roots.append(grid[(i + j) // 2])
    return np.asarray(roots, dtype=float)


def skew_limits(skews, k=3.0, *, ddof=1):
    """Limits of a skew range from observed skews: mean -/+ k standard deviations [L §5.1].

    [L] takes the skews of several data sets of one domain and integrates
    P̄ over ``mean ± 3 std`` (99.73% of a normal distribution).  The
    standard deviation is the sample one by default (``ddof=1``, as
    MATLAB's ``std``); ``ddof=0`` gives the population one.
    The limits are clipped to [0, 1): ``hi`` is at most the largest float
    below 1.

    Parameters
    ----------
    skews : array-like of shape (n,), n >= 2
        Observed skews, each in [0, 1].
    k : float > 0, default=3.0
    ddof : {1, 0}, default=1
        Delta degrees of freedom of the standard deviation.

    Returns
    -------
    (lo, hi) : tuple of float
        Ready for ``skew=(lo, hi)``.

    Examples
    --------
    >>> import skewplot as sp
    >>> lo, hi = sp.skew_limits([0.1, 0.2, 0.3], k=1.0)
    >>> round(lo, 12), round(hi, 12)
    (0.1, 0.3)
    """
    s = check_finite(check_1d_array(skews, "skews"), "skews")
    if s.size < 2:
        raise ValueError("skews needs at least two values to estimate a standard deviation")
    if s.min() < 0 or s.max() > 1:
        raise ValueError("skews must lie in [0, 1]")
    k = check_scalar(k, "k", lo=0.0, lo_open=True)
    check_choice(ddof, "ddof", (0, 1))
    mean, std = float(np.mean(s)), float(np.std(s, ddof=ddof))
    if not std > 0:
        raise ValueError("skews are all equal; a range needs some spread (use a fixed skew instead)")
    lo = max(0.0, mean - k * std)
    hi = min(float(np.nextafter(1.0, 0.0)), mean + k * std)
    return lo, hi
