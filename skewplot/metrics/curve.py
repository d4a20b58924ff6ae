"""PR curves for drawing: the interpolated curve, densified where it bends."""

from __future__ import annotations

import numpy as np

from .._validate import check_choice, check_scalar
from ..skew import FixedSkew
from ._inputs import METRIC_INPUT_PARAMS, one_classifier, skew_by_name
from .auc import INTERPOLATIONS, stepped_curve
from .precision import _check_points, curve_rates, skew_model_of

__all__ = ["pr_curve"]

_MAX_SUBDIVISIONS = 256


@skew_by_name
def pr_curve(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None,
             interpolation="continuous", resolution=None):
    """Recall and precision of the interpolated PR curve, ready to draw.

    With ``"continuous"`` interpolation each ROC segment is a straight line
    whose precision is a curve in PR space (a hyperbola at a fixed skew, its
    average under a skew model [L Eq 10, 17]).  Segments are subdivided until
    the drawn polyline is within ``resolution`` of the true curve (checked at
    each piece's midpoint), so a plot follows the curve the AUC integrates.

    Parameters
    ----------
%(metric_input_params)s    skew : None, float, (lo, hi) or SkewModel, optional
        None: the data set's own skew.
    interpolation : {"continuous", "discrete-tp", "discrete-fp", "step", "trapezoid"}
        ``"step"`` returns the staircase of average precision, ``"trapezoid"``
        the points themselves, the discrete schemes their unit-step vertices
        (fixed skews only).
    resolution : float, optional
        Largest allowed gap in precision between the polyline and the curve
        (continuous interpolation only); default 1e-3.

    Returns
    -------
    recall, precision : ndarray
        From recall 0 to 1; at recall 0 precision is the limit along the curve.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.5], [0.1])
    >>> r, p = sp.pr_curve(pts, skew=0.1)
    >>> float(r[0]), float(r[-1]), round(float(p[-1]), 3)
    (0.0, 1.0, 0.1)
    """
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="pr_curve", bounded=False)
    _check_points(pts)
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    model = skew_model_of(pts, skew)
    tpr, fpr = curve_rates(pts)
    if interpolation == "continuous":
        tol = 1e-3 if resolution is None else check_scalar(resolution, "resolution", lo=0.0, lo_open=True)
        return _densified(pts.tpr, pts.fpr, tpr, fpr, model, tol)
    if resolution is not None:
        raise ValueError("resolution applies to interpolation='continuous' only")
    prec = np.asarray(model.precision(tpr, fpr), dtype=float)
    if interpolation == "trapezoid":
        return np.array(pts.tpr), prec
    if interpolation == "step":
        # Precision P_i holds on (R_{i-1}, R_i]: vertices (R_{i-1}, P_i), (R_i, P_i).
        return np.repeat(pts.tpr, 2)[1:-1], np.repeat(prec[1:], 2)
    if not isinstance(model, FixedSkew):
        raise ValueError(f"interpolation={interpolation!r} can be drawn at a fixed skew only")
    if pts.n_pos is None:
        raise ValueError(f"interpolation={interpolation!r} needs counts; build the points with a skew")
    pi = model.value
    n_neg = pts.n_pos * (1.0 - pi) / pi
    return stepped_curve(pts.tpr * pts.n_pos, pts.fpr * n_neg, pts.n_pos, interpolation.split("-")[1])


def _densified(tpr_raw, fpr_raw, tpr, fpr, model, tol):
    """Subdivide ROC segments that bend in PR space by more than ``tol``."""
    d_tpr, d_fpr = np.diff(tpr_raw), np.diff(fpr_raw)
    p_pts = np.asarray(model.precision(tpr, fpr), dtype=float)
    a_tpr, a_fpr = tpr_raw[:-1], fpr_raw[:-1]
    # Precision at each segment's midpoint against the chord between its ends.
    p_mid = np.asarray(model.precision(a_tpr + 0.5 * d_tpr, a_fpr + 0.5 * d_fpr), dtype=float)
    # The segment from the origin has constant precision: its start is its limit.
    dev = np.abs(p_mid - 0.5 * (p_pts[:-1] + p_pts[1:]))
    dev[d_tpr <= 0] = 0.0  # vertical drops are drawn exactly by their ends
    # The chord error of a smooth curve shrinks with the square of the piece length.
    k = np.minimum(np.ceil(np.sqrt(dev / tol)), _MAX_SUBDIVISIONS).astype(np.int64)
    k = np.maximum(k, 1)
    seg = np.repeat(np.arange(d_tpr.size), k)
    first = np.repeat(np.cumsum(k) - k, k)
    t = (np.arange(seg.size) - first) / k[seg]
    rec = np.append(a_tpr[seg] + t * d_tpr[seg], tpr_raw[-1])
    inner = t > 0
    prec = np.empty(rec.size)
    prec[:-1][~inner] = p_pts[:-1][seg[~inner]]
    if inner.any():
        s = seg[inner]
        prec[:-1][inner] = model.precision(a_tpr[s] + t[inner] * d_tpr[s], a_fpr[s] + t[inner] * d_fpr[s])
    prec[-1] = p_pts[-1]
    return rec, prec


pr_curve.__doc__ = pr_curve.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
