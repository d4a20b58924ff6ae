"""The one-log form of the continuous PR area: one ``log1p`` per ROC segment, kept where its proven bound allows.

The stable per-segment kernel (:func:`~skewplot.skew.formulas.continuous_segment_area`)
never cancels digits but costs about ten times more.  The forms here are
the same integral written with a single logarithm; their parts can cancel,
so each result is kept only where a proven bound on its error is small
against the area, and is NaN elsewhere for the caller to compute with the
stable kernel.
"""

from __future__ import annotations

import numpy as np

from .._config import cut_in_two, in_two
from .formulas import _odds_against

__all__ = ["FAST_AREA_ERR", "FAST_AREA_RTOL", "fast_aucpr_at_skews", "unit_weight_areas"]

#: Extra relative error the one-log form may add to an area (beyond the summation's rounding).
FAST_AREA_RTOL = 1e-10
#: Its proven absolute bound per unit of recall gained: ``|error| <= FAST_AREA_ERR * sum(dTPR)``.
FAST_AREA_ERR = 32 * 2.0**-53


def fast_aucpr_at_skews(tpr, fpr, pi, *, rtol=FAST_AREA_RTOL):
    """Continuous AUCPR at each skew in ``pi`` from the one-log form, where its proven bound allows; NaN elsewhere.

    Per ROC segment with ``L = dTPR > 0`` (notation of :func:`continuous_segment_area`) the area is
    ``L / (1 + k) + (k TP_A - FP_A) / (1 + k)^2 ln(1 + y)``; for a vertical run (``k = 0``)
    ``L - FP_A ln(1 + L / D_A)``.  One ``log1p`` per segment and no branches make it about ten
    times cheaper than the stable kernel, but its two parts can cancel.

    **Bound.**  Both parts are at most ``L`` in size (``|k TP_A - FP_A| <= max(k, 1) D_A`` and
    ``ln(1 + y) <= y``).  The rounded odds and slope change ``FP`` along the segment by a relative
    ``<= 4u`` (``u = 2^-53``), which moves precision, and so the area, by at most ``4u L``.  The
    formula's roundings (``log1p`` counted as 2 ulp, and the rounding of ``k TP_A - FP_A``, at most
    ``2u max(k, 1) D_A``, carried through) add at most ``20u`` of a part.  Each segment thus errs
    by at most ``24 u L``, and the area by at most ``32 u R`` with margin, ``R = sum L``
    (``FAST_AREA_ERR * R``; the tests check it against mpmath at skews down to 1e-15, where the
    parts cancel; the errors seen there are about ``u R``).  That is small against the area except
    where the area itself is tiny (tiny skews: precision near 0 along the whole curve).  A skew's
    value is therefore returned only where ``32 u R <= rtol A'`` with ``A'`` the computed area
    (then ``A >= (1 - rtol) A'``: by default a relative error of at most 1e-10, beyond the
    summation's own rounding, which the stable kernel shares), and where the skew keeps the
    non-zero ``FP_A`` and ``k`` within [1e-100, 1e100] (with ``L`` and ``TP_A`` above 1e-100, every
    intermediate is then a normal float; real counts meet this for skews above ~1e-70).
    Elsewhere, and at ``pi`` 0 and 1, the result is NaN: the caller computes those skews with the
    stable kernel.
    ``rtol=np.inf`` returns every in-range value (the tests check the absolute bound with it).

    Parameters
    ----------
    tpr, fpr : ndarray of shape (n,)
        Rates along the curve, non-decreasing.
    pi : ndarray of shape (k,)
        Skews.
    rtol : float, default=FAST_AREA_RTOL

    Returns
    -------
    ndarray of shape (k,)
        The area, or NaN where the stable kernel must be used.

    Examples
    --------
    >>> import numpy as np
    >>> from skewplot.skew.one_log import fast_aucpr_at_skews
    >>> fast_aucpr_at_skews(np.array([0, 0.5, 0.5, 1.0]), np.array([0, 0, 0.5, 1.0]), np.array([0.5, 1e-300])).round(6)
    array([0.75,  nan])
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    pi = np.asarray(pi, dtype=float)
    out = np.full(pi.shape, np.nan)
    dt, df = np.diff(tpr), np.diff(fpr)
    live = dt > 0
    t_a, f_a, length = tpr[:-1][live], fpr[:-1][live], dt[live]
    if not length.size:
        return out
    g = df[live] / length  # dFPR / dTPR; k = odds g
    origin = (t_a == 0) & (f_a == 0)  # constant precision 1 / (1 + k)
    vert, diag = ~origin & (g == 0), ~origin & (g > 0)
    total = float(length.sum())
    # The range guard: the extreme rates, scaled by the odds, must stay in [1e-100, 1e100].
    f_pos, g_pos, t_pos = f_a[f_a > 0], g[g > 0], t_a[t_a > 0]
    lo = min(f_pos.min(initial=np.inf), g_pos.min(initial=np.inf))
    hi = max(f_pos.max(initial=0.0), g_pos.max(initial=0.0))
    if min(length.min(), t_pos.min(initial=np.inf)) < 1e-100:
        return out
    odds = _odds_against(pi)
    with np.errstate(invalid="ignore", over="ignore"):  # inf * 0 at pi = 0, unused
        ok = (pi > 0) & (pi < 1) & (odds * hi <= 1e100) & (odds * lo >= 1e-100)
    lo_, go_ = length[origin], g[origin]
    tv, fv, lv = t_a[vert], f_a[vert], length[vert]
    td, fd, ld, gd = t_a[diag], f_a[diag], length[diag], g[diag]
    fp, w = np.empty_like(fv), np.empty_like(fv)
    for i in np.flatnonzero(ok):
        o = odds[i]
        area = float(np.sum(lo_ / (1.0 + o * go_))) if lo_.size else 0.0
        np.multiply(fv, o, out=fp)
        np.add(tv, fp, out=w)
        np.divide(lv, w, out=w)
        np.log1p(w, out=w)
        w *= fp
        np.subtract(lv, w, out=w)  # per segment, so that the rounding of the sum is relative to the area
        area += float(w.sum())
        if ld.size:
            k = o * gd
            inv = 1.0 / (1.0 + k)
            f_d = o * fd
            area += float(np.sum(ld * inv + (k * td - f_d) * (inv * inv) * np.log1p(ld / ((td + f_d) * inv))))
        out[i] = area
    with np.errstate(invalid="ignore"):
        out[~(out * rtol >= FAST_AREA_ERR * total)] = np.nan  # NaN compares False: also rejected
    return out


# Segments per slice in unit_weight_areas: its temporaries stay in cache.
_SLICE = 1 << 15


def unit_weight_areas(tp, *, rtol=FAST_AREA_RTOL, n_threads=1):
    """Continuous AUCPR and AP at their own skew of untied points that each weigh 1 in all, in one pass.

    Soft labels without ties: point ``k`` holds the ``k`` highest scores, so
    its total count is ``D = k`` exactly, its positives ``tp[k]`` and its
    negatives ``k - tp[k]``.  On segment ``k`` (point ``k`` to ``k + 1``,
    ``L = tp[k + 1] - tp[k]``) the one-log form of :func:`fast_aucpr_at_skews`,
    taken in counts (``1 + dFP / dTP = 1 / L``, ``y = 1 / k``), is::

        L (L + (tp[k] - L k) ln(1 + 1/k)),   and L² from the origin (k = 0),

    and the continuous area is their sum over ``n_pos = tp[-1]``.  The
    average precision (the step area) is ``sum tp[k] (tp[k] - tp[k - 1]) / k``
    over ``n_pos``, summed in the same pass: it shares ``1 / k`` and the
    slices of ``tp``.

    **Bound.**  Both parts are at most ``L`` (``|tp[k] - L k| <= max(tp[k], L k)``
    and ``ln(1 + 1/k) <= 1/k``, with ``tp[k] <= k``).  The product ``L k``
    and the difference round by at most ``2u max(tp[k], L k)``, the
    logarithm of the rounded ``1/k`` by ``4u`` of itself and the last two
    products by ``u`` each, so a segment errs by at most ``9u L``, and by
    ``3u L`` more through the rounding of ``L`` itself: within the
    ``FAST_AREA_ERR`` of ``32 u`` per unit of recall, here ``R = 1``.  The
    area is returned where ``FAST_AREA_ERR <= rtol * area`` (as in
    :func:`fast_aucpr_at_skews`); otherwise NaN.  Each AP term is a product
    of positive numbers, three roundings: no cancellation.  Both are NaN
    where ``n_pos < 1e-100``: the products of counts would underflow by an
    amount that matters (AP is at least about ``n_pos / (2 n)``, so from
    there on what underflows is below 1e-100 of it).

    Parameters
    ----------
    tp : ndarray of shape (n + 1,)
        Cumulative positive weight by decreasing score, ``tp[0] = 0``, rising
        by at most 1 per point.
    rtol : float, default=FAST_AREA_RTOL
    n_threads : int, default=1
        From ``2**17`` segments the sums are taken in two halves, the second
        in another thread when ``n_threads > 1`` (the same halves on one
        thread: the result does not depend on it).

    Returns
    -------
    aucpr, ap : float
        The continuous area (NaN where the bound refuses) and the average
        precision (NaN only for ``n_pos < 1e-100``).

    Examples
    --------
    >>> import numpy as np
    >>> area, ap = unit_weight_areas(np.cumsum([0.0, 0.9, 0.2, 0.6]))  # soft labels 0.9, 0.2, 0.6
    >>> round(float(area), 6), round(float(ap), 6)
    (0.754537, 0.741176)
    """
    n = tp.size - 1
    n_pos = float(tp[-1])
    if not n_pos >= 1e-100:
        return np.nan, np.nan
    first, last = float(tp[1] - tp[0]), float(tp[n] - tp[n - 1])
    mid = cut_in_two(1, n, _SLICE)
    (area_a, ap_a), (area_b, ap_b) = in_two(lambda: _sums(tp, 1, mid), lambda: _sums(tp, mid, n),
                                            n_threads if mid < n else 1)
    ap = (ap_a + ap_b + float(tp[n]) * last / n) / n_pos  # the points 1 .. n - 1 were summed with their segments
    area = (first * first + area_a + area_b) / n_pos  # from the origin precision is constant along the segment
    return (area if area * rtol >= FAST_AREA_ERR else np.nan), ap


def _sums(tp, lo, hi):
    """Over ``k = lo .. hi - 1`` (``lo >= 1``): the sums of ``L (L + (tp[k] - L k) ln(1 + 1/k))`` and the AP terms."""
    area = ap = 0.0
    m = min(_SLICE, hi - lo)
    if m <= 0:
        return area, ap
    base = np.arange(m, dtype=float)
    k, ln, gain, prec = np.empty(m), np.empty(m), np.empty(m + 1), np.empty(m)
    for a in range(lo, hi, _SLICE):
        b = min(a + _SLICE, hi)  # segments a .. b - 1, and the points a .. b - 1
        s = b - a
        kk, ll, gv, pv = k[:s], ln[:s], gain[:s + 1], prec[:s]
        np.add(base[:s], a, out=kk)
        np.reciprocal(kk, out=ll)
        np.subtract(tp[a:b + 1], tp[a - 1:b], out=gv)  # gv[i]: recall gained into point a + i
        np.multiply(tp[a:b], gv[:-1], out=pv)
        pv *= ll
        ap += float(pv.sum())
        lv = gv[1:]  # L of the segments
        np.log1p(ll, out=ll)
        kk *= lv
        np.subtract(tp[a:b], kk, out=kk)
        kk *= ll
        kk += lv
        kk *= lv
        area += float(kk.sum())
    return area, ap
