"""The uniform skew range's closed forms: P̄ per point and the exact area under P̄-R [L Eq 7].

:func:`uniform_precision` is THEORY.md's closed form of precision averaged
uniformly over pi' in [lo, hi]; :func:`uniform_segment_areas` integrates it
along ROC segments (Gauss-Legendre graded by the distance to its nearest
singularity), for one curve (:func:`uniform_aucpr`) or for the segments of
many bootstrap replicates at once.  Pure numpy.
"""

from __future__ import annotations

import numpy as np

from .quadrature import gauss_legendre


def _psi(x, log_1px):
    """``(x - ln(1 + x)) / x²`` for ``x > -1``; the series ``1/2 - x/3 + x²/4 - ...`` below |x| = 1/8."""
    small = np.abs(x) < 0.125
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.subtract(x, log_1px)
        out /= x * x
    if small.any():  # the series on those entries only (it is most of the cost where it is needed)
        minus_x = np.negative(x[small])
        acc = np.zeros_like(minus_x)
        for k in range(20, -1, -1):  # sum_k (-x)^k / (k + 2), tail < 1e-19; in place: the same two roundings a step
            acc *= minus_x
            acc += 1.0 / (k + 2)
        out[small] = acc
    return out


def uniform_precision(a, b, lo, hi):
    """P̄ of points with rates ``(a, b)`` averaged uniformly over pi' in [lo, hi] [L Eq 7].

    With ``D(pi) = b + pi (a - b)`` the integrand is ``a pi / D(pi)``, which
    increases in ``pi``.  THEORY.md's closed form is written as the precision
    at ``lo`` plus the (non-negative) rise over the range::

        P̄ = a lo / D_lo + a b (hi - lo) / D_lo² * psi(x),   x = (hi - lo)(a - b) / D_lo,

    ``psi(x) = (x - ln(1 + x)) / x²`` (its series near 0; ``ln(1 + x)`` as
    ``ln D_hi - ln D_lo`` near ``x = -1``).  Nothing cancels, so narrow ranges,
    ranges touching 0 or 1 and ranges far below 1e-154 keep their digits; for
    large ``x`` the rise is ``a (b / D_lo) (1 - ln(1 + x) / x) / (a - b)``,
    which cannot overflow for a subnormal ``D_lo``.  ``b = 0 < a`` gives 1,
    ``a = 0 < b`` gives 0, ``a = b = 0`` the mean skew.
    """
    a, b = np.broadcast_arrays(np.asarray(a, dtype=float), np.asarray(b, dtype=float))
    shape = a.shape
    a, b = a.ravel(), b.ravel()
    all_regular = bool(a.size) and a.min() > 0 and b.min() > 0  # False for a NaN too
    regular = None if all_regular else (a > 0) & (b > 0)
    # Precision depends on a/b only: scaling by max(a, b) keeps every step in range.  The usual case (every rate
    # positive) runs in place on whole arrays and the rare branches on subsets: bootstrap areas evaluate P̄ at
    # millions of nodes, and the temporaries were a third of the time.
    scale = np.maximum(a, b) if all_regular else np.where(regular, np.maximum(a, b), 1.0)
    br = b / scale if all_regular else np.where(regular, b, 1.0) / scale
    ar = np.divide(a if all_regular else np.where(regular, a, 1.0), scale, out=scale)
    width = hi - lo
    # Each a sum of two non-negative terms (1 - lo is exact near 1): no cancellation.
    d_lo = br * (1.0 - lo)
    tmp = ar * lo
    d_lo += tmp
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):  # a subnormal D_lo: see the branches
        x = np.subtract(ar, br, out=tmp)
        x *= width
        x /= d_lo
        log_1px = np.log1p(x)
        x_min, x_max = np.fmin.reduce(x, initial=0.0), np.fmax.reduce(x, initial=0.0)  # NaN ignored, as by the masks
        if x_min < -0.5:
            near_minus_one = x < -0.5
            d_hi = br[near_minus_one] * (1.0 - hi) + ar[near_minus_one] * hi
            log_1px[near_minus_one] = np.log(d_hi) - np.log(d_lo[near_minus_one])
        any_big = bool(x_max > 1e3 or x_min < -1e3)
        big = np.abs(x) > 1e3 if any_big else None
        if any_big:  # width / D_lo may overflow: the far form, on those entries
            ab, bb, xb = ar[big], br[big], x[big]
            far = ab * (bb / d_lo[big]) * (1.0 - np.where(np.isfinite(xb), log_1px[big] / xb, 0.0)) / (ab - bb)
            x[big] = 0.0
        rise = np.divide(br, d_lo, out=br)
        rise *= ar
        rise *= width / np.where(big, 1.0, d_lo) if any_big else width / d_lo
        rise *= _psi(x, log_1px)
        if any_big:
            rise[big] = far
    out = np.multiply(ar, lo, out=ar)
    out /= d_lo
    out += rise
    np.clip(out, 0.0, 1.0, out=out)
    if all_regular:
        return out.reshape(shape)
    out = np.where(regular, out, 0.0)
    out = np.where((b == 0) & (a > 0), 1.0, out)
    return np.where((a == 0) & (b == 0), 0.5 * (lo + hi), out).reshape(shape)


# Gauss-Legendre order per segment by the distance sigma (in segment lengths)
# from the segment's start to the nearest singularity of P̄ on its extension:
# an m-point rule converges like rho**(-2m), rho = r + sqrt(r² - 1), r = 1 + 2 sigma;
# each row keeps rho**(-2m) below 1e-17.
_ORDERS = ((4446.0, 2), (170.0, 3), (33.0, 4), (6.0, 6), (2.4, 8))
_BOUNDS = np.array([bound for bound, _ in _ORDERS[::-1]])  # ascending
_BOUND_ORDERS = [order for _, order in _ORDERS[::-1]]  # order for sigma in [_BOUNDS[k], _BOUNDS[k + 1])
_GRADED_ORDER = 12


def legendre_order(sigma):
    """Gauss-Legendre points for an interval whose nearest singularity lies ``sigma`` lengths from it (0: none fit).

    The table above: the rule's error stays below 1e-17 of the integrand's size for ``sigma >= 2.4``;
    closer, 0 says an exact form or graded panels are needed.
    """
    bucket = np.searchsorted(_BOUNDS, np.asarray(sigma, dtype=float), side="right")
    return np.where(bucket > 0, np.asarray([0, *_BOUND_ORDERS])[bucket], 0)
_GRADED_LEVELS = 50


def uniform_aucpr(tpr, fpr, lo, hi):
    """Exact area under the P̄-R curve of a ROC polyline, uniform range [lo, hi].

    ``tpr``, ``fpr`` of shape (n,) give a float; rows of an (r, n) array
    (bootstrap replicates) give r areas, computed together.

    By Fubini the area equals the average over pi' of the continuous AUCPR at
    pi', and also the integral of P̄ over recall along the straight ROC
    segments [K].  The second form is used (see :func:`uniform_segment_areas`).
    A fixed rule in pi' would need panels down to the smallest ``FPR/TPR`` on
    the curve, because the fixed-skew AUC changes on that scale near pi' = 0.
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    n_rows = int(np.prod(tpr.shape[:-1]))  # rows of a 2-D array are separate curves
    tpr2, fpr2 = tpr.reshape(n_rows, -1), fpr.reshape(n_rows, -1)
    da = np.diff(tpr2, axis=1)
    live = da > 0
    row = np.broadcast_to(np.arange(n_rows)[:, None], da.shape)[live]
    db = np.diff(fpr2, axis=1)[live]
    totals = uniform_segment_areas(row, tpr2[:, :-1][live], fpr2[:, :-1][live], da[live], db, lo, hi, n_rows)
    return float(totals[0]) if tpr.ndim == 1 else totals.reshape(tpr.shape[:-1])


def uniform_segment_areas(row, a0, b0, da, db, lo, hi, n_rows):
    """Exact areas under P̄-R of ROC segments, summed per curve.

    Segment ``i`` runs from rates ``(a0, b0)`` to ``(a0 + da, b0 + db)``
    (``da > 0``, ``db >= 0``) and belongs to curve ``row[i]`` of ``n_rows``.
    Along ``t -> (a0 + t da, b0 + t db)`` P̄ is analytic except where
    ``pi a + (1 - pi) b = 0`` for ``pi`` in [lo, hi], which happens at
    ``t = -sigma <= 0`` with ``sigma = min(D(A) / dD)`` over ``pi = lo, hi``.
    Each segment gets a Gauss-Legendre rule whose order follows from that
    distance (2 points for the long-range bulk of a big curve); the few
    segments that start within 2.4 lengths of a singularity (next to the
    axes FPR = 0 or TPR = 0) get panels halving towards it, 12 points each,
    50 levels.  Segments on the axis FPR = 0 have P̄ = 1 and a segment
    leaving the origin has constant P̄: both are closed forms.

    Returns
    -------
    ndarray of shape (n_rows,)
    """
    totals = np.zeros(n_rows)
    on_axis = (b0 == 0) & (db == 0)
    if on_axis.any():
        totals += np.bincount(row[on_axis], weights=da[on_axis], minlength=n_rows)
        off = ~on_axis
        row, a0, b0, da, db = row[off], a0[off], b0[off], da[off], db[off]
    origin = (a0 == 0) & (b0 == 0)
    if origin.any():
        totals += np.bincount(row[origin], weights=da[origin] * uniform_precision(da[origin], db[origin], lo, hi),
                              minlength=n_rows)
        rest = ~origin
        row, a0, b0, da, db = row[rest], a0[rest], b0[rest], da[rest], db[rest]
    sigma = np.full(row.size, np.inf)
    for p in (lo, hi):
        d_a = p * a0 + (1.0 - p) * b0
        d_d = p * da + (1.0 - p) * db
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            s = np.where(d_d > 0, d_a / d_d, np.inf)  # overflow: far from any singularity
        sigma = np.minimum(sigma, s)
    # Segments grouped by order: one stable (radix) sort of the small bucket numbers.
    bucket = np.searchsorted(_BOUNDS, sigma, side="right").astype(np.int8)
    perm = np.argsort(bucket, kind="stable")
    ends = np.cumsum(np.bincount(bucket, minlength=len(_BOUNDS) + 1))
    row, a0, b0, da, db, sigma = (v[perm] for v in (row, a0, b0, da, db, sigma))
    for k in range(len(_BOUNDS) + 1):
        sel = slice(ends[k - 1] if k else 0, ends[k])
        if sel.start == sel.stop:
            continue
        if k == 0:
            vals = _graded_segments(a0[sel], b0[sel], da[sel], db[sel], sigma[sel], lo, hi)
        else:
            x, w = gauss_legendre(_BOUND_ORDERS[k - 1])
            vals = _segment_values(a0[sel], b0[sel], da[sel], db[sel], x[None, :], w[None, :], lo, hi)
        totals += np.bincount(row[sel], weights=vals, minlength=n_rows)
    return totals


def _segment_values(a0, b0, da, db, t, w, lo, hi):
    """``da_i sum_j w_ij P̄(a0_i + t_ij da_i, b0_i + t_ij db_i)`` per segment ``i``."""
    if t.shape[0] == 1 and t.shape[1] < 8:  # one short rule for all: node by node, each a contiguous row
        acc = None
        for tj, wj in zip(t[0], w[0], strict=True):
            v = uniform_precision(a0 + tj * da, b0 + tj * db, lo, hi)
            v *= wj
            acc = v if acc is None else np.add(acc, v, out=acc)
        return da * acc
    a0, b0, da, db = (v[:, None] for v in (a0, b0, da, db))
    vals = uniform_precision(a0 + t * da, b0 + t * db, lo, hi)
    return (da * np.sum(w * vals, axis=1, keepdims=True))[:, 0]


def _graded_segments(a0, b0, da, db, sigma, lo, hi):
    """Segments near a singularity at ``t = -sigma``: panels halving towards it (per segment)."""
    j = np.arange(_GRADED_LEVELS + 1)
    edges = np.clip((1.0 + sigma[:, None]) * 0.5 ** j - sigma[:, None], 0.0, 1.0)
    edges = np.concatenate([edges, np.zeros((sigma.size, 1))], axis=1)
    left, width = edges[:, 1:], edges[:, :-1] - edges[:, 1:]
    x, w = gauss_legendre(_GRADED_ORDER)
    t = (left[:, :, None] + width[:, :, None] * x).reshape(sigma.size, -1)
    ww = (width[:, :, None] * w).reshape(sigma.size, -1)
    return _segment_values(a0, b0, da, db, t, ww, lo, hi)
