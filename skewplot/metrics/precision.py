"""Precision under a skew model, its transform between skews, and the baselines."""

from __future__ import annotations

import numpy as np

from .._validate import check_finite, check_scalar
from ..skew import SkewModel, as_skew
from ..skew import formulas as _formulas
from ._inputs import METRIC_INPUT_PARAMS, one_classifier, skew_by_name
from .multiclass import OneVsRest
from .per_class import each_class
from .points import OperatingPoints

__all__ = [
    "precision",
    "transform_precision",
    "min_precision",
    "random_precision",
    "curve_rates",
    "curve_rate_slices",
    "rate_slices",
    "sum_over_slices",
    "rising_area",
    "skew_model_of",
]


def _check_points(pts, name="pts"):
    if not isinstance(pts, OperatingPoints):
        raise TypeError(
            f"{name} must be an OperatingPoints (see skewplot.operating_points), got {type(pts).__name__}"
        )
    return pts


def skew_model_of(pts, skew) -> SkewModel:
    """The skew model for ``skew=`` on ``pts``: None means the data set's own skew."""
    return as_skew(skew, default=None if pts is None else pts.skew)


def curve_rates(pts):
    """ROC rates of ``pts`` with the point TPR = FPR = 0 replaced by its limit.

    Precision is undefined at the empty prediction.  Along the straight ROC
    segment that leaves the origin precision is constant, so the limit along
    the curve is the precision of the first point that is not the origin.
    Replacing the origin's rates by that point's rates gives this limit under
    every skew model, with no NaN and no warning.

    Returns
    -------
    tpr, fpr : ndarray
        Copies of ``pts.tpr`` and ``pts.fpr``, the leading origin entries replaced.
    """
    _check_points(pts)
    tpr, fpr = np.array(pts.tpr), np.array(pts.fpr)
    _limit_at_origin(tpr, fpr, pts)
    return tpr, fpr


def curve_rates_at(pts, i):
    """``curve_rates(pts)`` at point ``i`` alone: O(1) but at the origin (a scan to the first point off it).

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.metrics.precision import curve_rates_at
    >>> pts = sp.operating_points([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3])
    >>> curve_rates_at(pts, 0), curve_rates_at(pts, 2)
    ((0.5, 0.0), (1.0, 0.0))
    """
    t, f = np.array([pts.tpr[i]], dtype=float), np.array([pts.fpr[i]], dtype=float)
    _limit_at_origin(t, f, pts)
    return float(t[0]), float(f[0])


def rate_slices(pts, step):
    """ROC rates of ``pts`` in slices of ``step + 1`` points that overlap by one.

    Yields ``(tpr, fpr)`` for points ``i`` to ``i + step``, ``i = 0, step,
    2 step, ...``.  Points built from counts whose rates were never read get
    each slice computed from the counts (``tp / n_pos``, the same numbers as
    :attr:`~OperatingPoints.tpr`): a sum over a long curve then needs no
    array of its length and its temporaries stay in cache.
    """
    return (_rates_at(pts, i, step) for i in range(0, max(len(pts) - 1, 1), step))


def _rates_at(pts, i, step):
    if pts._tpr is None and pts._fpr is None:
        return pts.tp[i:i + step + 1] / pts.n_pos, pts.fp[i:i + step + 1] / pts.n_neg
    return pts.tpr[i:i + step + 1], pts.fpr[i:i + step + 1]


def curve_rate_slices(pts, step):
    """:func:`curve_rates` in slices (as :func:`rate_slices`), with no copy of the whole curve.

    Yields ``(tpr, limit_tpr, limit_fpr)``: the rates as stored and as
    :func:`curve_rates` gives them.
    """
    for t, f in rate_slices(pts, step):
        t_lim, f_lim = _limit_at_origin(t, f, pts, copy=True)
        yield t, t_lim, f_lim


def sum_over_slices(pts, step, term, *, limits=False):
    """``sum(term(*rates))`` over the slices of :func:`rate_slices` (or of :func:`curve_rate_slices`).

    One thread: summing the slices in two threads was measured slower
    (AUCPR of 1e6 soft-labelled points 19.9 ms on one thread, 26.8 ms on
    two; the operations on a slice are too short to run apart).
    """
    starts = range(0, max(len(pts) - 1, 1), step)

    def one(i):
        t, f = _rates_at(pts, i, step)
        return term(t, *_limit_at_origin(t, f, pts, copy=True)) if limits else term(t, f)

    return float(sum(one(i) for i in starts))


def rising_area(tpr, fpr, at, pi, *, flat=None):
    """The continuous PR area of the segments of the polyline ``tpr``, ``fpr`` that start at ``at``, summed.

    Each segment is a two-point curve of
    :func:`~skewplot.skew.formulas.continuous_segment_area`, so only the
    segments named cost anything: the ones along which TPR grows are the only
    ones with area.  ``flat``: which of them keep their FPR (they take the
    kernel's vertical steps, fewer, the same doubles), found when None.

    Examples
    --------
    >>> import numpy as np
    >>> import skewplot as sp
    >>> from skewplot.metrics.precision import rising_area
    >>> pts = sp.operating_points([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    >>> at = np.flatnonzero(np.diff(pts.tpr) > 0)  # 0 -> 0.5 and 0.5 -> 1 at FPR 0.5: 0.5 + 0.5 - 0.5 ln 1.5
    >>> round(rising_area(pts.tpr, pts.fpr, at, 0.5), 4), round(sp.aucpr(pts, skew=0.5), 4)
    (0.7973, 0.7973)
    """
    start, end = at, at + 1
    if flat is None:
        flat = fpr[start] == fpr[end]
    seg_t, seg_f = np.empty((at.size, 2), order="F"), np.empty((at.size, 2), order="F")  # columns: start, end
    seg_t[:, 0], seg_t[:, 1] = tpr[start], tpr[end]
    seg_f[:, 0], seg_f[:, 1] = fpr[start], fpr[end]
    if flat.all() or not flat.any():  # one call: the areas summed in the segments' order
        return float(_formulas.continuous_segment_area(seg_t, seg_f, pi, vertical=bool(flat.any())).sum())
    area = np.empty((at.size, 1))
    area[flat] = _formulas.continuous_segment_area(seg_t[flat], seg_f[flat], pi, vertical=True)
    area[~flat] = _formulas.continuous_segment_area(seg_t[~flat], seg_f[~flat], pi)
    return float(area.sum())


def _limit_at_origin(tpr, fpr, pts, copy=False):
    """``tpr``, ``fpr`` with their entries at the origin set to the first point of ``pts`` off it.

    In place, or on copies with ``copy=True`` (made only when some entry is at the origin).
    """
    origin = (tpr == 0) & (fpr == 0)
    if origin.any():
        if copy:
            tpr, fpr = tpr.copy(), fpr.copy()
        first = (0.0, 0.0)
        for t, f in rate_slices(pts, 1 << 14):  # the first point off the origin ((1, 1) always is)
            off = (t != 0) | (f != 0)
            if off.any():
                k = int(np.argmax(off))
                first = (t[k], f[k])
                break
        tpr[origin], fpr[origin] = first
    return tpr, fpr


@skew_by_name
def precision(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None):
    """Precision of every operating point under a skew model.

    Parameters
    ----------
%(metric_input_params)s    skew : None, float, (lo, hi) or SkewModel, optional
        None: the data set's own skew (plain precision).  A float pi': the
        precision at that deployment skew [L Eq 3, 9].  A range or a model:
        the expected precision under it (P̄ for a range, P̃ for a series).
        With a :class:`~skewplot.metrics.multiclass.OneVsRest` ``data``, a
        mapping ``{class: prior}`` (or a PriorEstimate): each class's
        precision at its own prior, as a ``PerClass`` mapping.

    Returns
    -------
    ndarray
        One value per point.  At the empty prediction (TPR = FPR = 0) the
        value is the limit along the curve (see ``curve_rates``).

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.8], [0.2])
    >>> sp.precision(pts, skew=0.4).round(4).tolist()
    [0.7273, 0.7273, 0.4]
    """
    if isinstance(data, OneVsRest):
        return each_class(precision, data, skew, (y_score, y_true, sample_weight, pos_label))
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="precision", bounded=False)
    model = skew_model_of(_check_points(pts), skew)
    tpr, fpr = curve_rates(pts)
    return np.asarray(model.precision(tpr, fpr), dtype=float)


def transform_precision(precision, from_skew, to_skew):
    """Precision measured at skew ``from_skew`` as it would be at ``to_skew`` [L Eq 3].

    Parameters
    ----------
    precision : float or array-like
        Precision values in [0, 1], measured on data with positive fraction
        ``from_skew``.
    from_skew, to_skew : float in (0, 1)

    Returns
    -------
    float or ndarray
        Precision at ``to_skew``, broadcast over the arguments.

    Examples
    --------
    >>> import skewplot as sp
    >>> round(float(sp.transform_precision(0.8 / 1.1, 0.5, 0.09)), 4)  # [L Table 2]
    0.2087
    """
    p = np.asarray(precision, dtype=float)
    check_finite(p, "precision")
    if p.size and (p.min() < 0 or p.max() > 1):
        raise ValueError("precision must lie in [0, 1]")
    a = check_scalar(from_skew, "from_skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    b = check_scalar(to_skew, "to_skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    out = _formulas.transform_precision(p, a, b)
    return float(out) if out.ndim == 0 else out


def min_precision(recall, skew):
    """Minimum achievable precision at ``recall`` under a skew model.

    For a fixed skew pi this is Boyd et al.'s boundary of the unachievable
    region, ``pi R / (pi R + 1 - pi)``; for a model it is its expectation
    [L Eq 13, 19].

    Parameters
    ----------
    recall : float or array-like in [0, 1]
    skew : float, (lo, hi), SkewModel or OperatingPoints
        An OperatingPoints stands for its own data set skew.

    Returns
    -------
    float or ndarray
    """
    r = np.asarray(recall, dtype=float)
    check_finite(r, "recall")
    if r.size and (r.min() < 0 or r.max() > 1):
        raise ValueError("recall must lie in [0, 1]")
    out = np.asarray(_model_from(skew).min_precision(r), dtype=float)
    return float(out) if out.ndim == 0 else out


def random_precision(skew) -> float:
    """Precision of a random classifier (TPR = FPR) under a skew model.

    pi for a fixed skew, (pi1 + pi2)/2 for a uniform range [L Eq 22], the
    time average of pi'(t) for a series [L Eq 15]: the model's mean.

    Parameters
    ----------
    skew : float, (lo, hi), SkewModel or OperatingPoints
    """
    return float(_model_from(skew).mean)


def _model_from(skew) -> SkewModel:
    if isinstance(skew, OperatingPoints):
        return skew_model_of(skew, None)
    if skew is None:
        raise ValueError("skew is required: a float in (0, 1), a (lo, hi) range, a skew model or OperatingPoints")
    return as_skew(skew)


precision.__doc__ = precision.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
