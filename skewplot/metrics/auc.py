"""Areas under PR and ROC curves: interpolation schemes and their baselines."""

from __future__ import annotations

import numpy as np

from .._config import spare_threads
from .._validate import check_bool, check_choice
from ..skew import FixedSkew
from ..skew.formulas import continuous_segment_area
from ..skew.one_log import fast_aucpr_at_skews, unit_weight_areas
from ._discrete import check_discrete_work, stepped_curve
from ._inputs import METRIC_INPUT_PARAMS, one_classifier, skew_by_name
from .counting import unit_weight_tp
from .multiclass import OneVsRest
from .per_class import each_class
from .precision import _check_points, _model_from, rate_slices, rising_area, skew_model_of, sum_over_slices

__all__ = ["INTERPOLATIONS", "aucpr", "aucpr_at_skews", "aucpr_integrals", "average_precision", "roc_auc",
           "aucpr_min", "normalized_aucpr", "continuous_segment_area", "stepped_curve", "polyline_corners"]

INTERPOLATIONS = ("continuous", "discrete-tp", "discrete-fp", "step", "trapezoid")

# Segments per slice when summing over a long curve: the temporaries stay in cache.
_CHUNK = 1 << 14

def polyline_corners(pts):
    """``pts`` without the vertices inside straight vertical or horizontal ROC runs.

    A vertex between two steps that both add only negatives (or only
    positives) lies on a straight line of the ROC polyline, so dropping it
    changes neither the interpolated curve nor its continuous AUC under any
    skew model.  Untied scores lose most vertices, which makes repeated AUCs
    of one curve (a slider moving the skew) several times faster.  ``pts`` itself when no vertex can go.
    """
    _check_points(pts)
    keep = corner_indices(pts.tpr, pts.fpr)
    return pts if keep.size == len(pts) else pts._take(keep)


def corner_indices(tpr, fpr):
    """Indices of the vertices :func:`polyline_corners` keeps (they depend on which steps are zero only)."""
    d_tp, d_fp = np.diff(tpr), np.diff(fpr)
    return np.flatnonzero(np.r_[True, ~(((d_fp[:-1] == 0) & (d_fp[1:] == 0)) | ((d_tp[:-1] == 0) & (d_tp[1:] == 0))),
                                True])


def aucpr_at_skews(pts, skews, *, interpolation="continuous"):
    """AUCPR of one curve at many fixed deployment skews, exactly, without O(n) work per skew.

    For the continuous scheme the curve is reduced once to its corners
    (:func:`polyline_corners`, O(n)): the area of a straight ROC run is the
    sum of the areas of its pieces, so the corner polyline has exactly the
    same area at every skew.  Each skew then costs O(#corners): first with
    the one-log form (``skewplot.skew.one_log.fast_aucpr_at_skews``),
    whose error is proven to be at most ``32 u R`` (``u = 2^-53``, ``R`` the
    recall gained) and which is kept only where that is at most 1e-10 of
    the area; the other skews (the area tiny, e.g. skew 1e-12) go through
    the per-segment closed form written so that no digits cancel
    (:func:`continuous_segment_area`, about ten times slower).  The result
    is the exact area to a relative 1e-10 plus the sum's rounding, also at
    skews such as 1e-300 or 1 - 1e-15 (the tests compare it with 800-digit
    arithmetic).  Untied
    scores leave one corner per run of positives, typically a tenth of the
    points or fewer.  Other schemes are evaluated one skew at a time with
    :func:`aucpr`.

    Parameters
    ----------
    pts : OperatingPoints
    skews : array-like of float in [0, 1]
        Fixed skews; 0 and 1 give the limits.
    interpolation : str, default="continuous"
        One of :data:`INTERPOLATIONS`.

    Returns
    -------
    ndarray
        ``aucpr(pts, skew=s, interpolation=interpolation)`` for each ``s``.

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> from skewplot.metrics.auc import aucpr_at_skews
    >>> pts = sp.operating_points([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    >>> fast = aucpr_at_skews(pts, [0.01, 0.3])
    >>> bool(np.allclose(fast, [sp.aucpr(pts, skew=0.01), sp.aucpr(pts, skew=0.3)], atol=1e-14))
    True
    """
    from .._validate import check_1d_array, check_finite
    from ..skew.base import aucpr_nodes

    _check_points(pts)
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    pi = check_finite(check_1d_array(skews, "skews"), "skews")
    if pi.size and (pi.min() < 0 or pi.max() > 1):
        raise ValueError("skews must lie in [0, 1]")
    if interpolation != "continuous":
        if interpolation.startswith("discrete") and pts.n_pos is not None:
            check_discrete_work(pts, pi[(pi > 0) & (pi < 1)], interpolation, f"{pi.size} skews")
        return np.array([aucpr(pts, skew=float(p), interpolation=interpolation) for p in pi])
    corners = polyline_corners(pts)
    out = fast_aucpr_at_skews(corners.tpr, corners.fpr, pi)
    redo = np.isnan(out)  # where the one-log form's bound is not small enough against the area
    if redo.any():
        out[redo] = aucpr_nodes(corners.tpr, corners.fpr, pi[redo])
    return out


def aucpr_integrals(pts, nodes):
    """``G(x) = x AUC_P̄[0, x]``, the integral of the continuous AUCPR over pi' in [0, x], at ascending nodes.

    By Fubini ``G(x) = ∫_0^x AUCPR(s) ds``: the P̄ area over ``[lo, hi]`` is ``(G(hi) - G(lo)) / (hi - lo)``.
    AUCPR is analytic in ``s`` off ``(-inf, 0]`` and ``[1, inf)`` (the poles ``s = b / (b - a)`` of the
    ROC points ``(a, b)``), so each gap between nodes, ``sigma`` of its lengths from 0 and 1, is
    integrated to rounding by the Gauss-Legendre rule ``skewplot.skew.uniform.legendre_order`` gives,
    over fixed-skew areas (:func:`aucpr_at_skews`); gaps closer than 2.4 lengths get the exact P̄
    area (``uniform_aucpr``, ten to a hundred times dearer).

    Parameters
    ----------
    pts : OperatingPoints
    nodes : array-like of float, non-decreasing in [0, 1]

    Returns
    -------
    ndarray
        ``G`` at each node.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.operating_points([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    >>> bool(abs(aucpr_integrals(pts, [0.0, 0.2, 0.5])[2] - 0.5 * aucpr(pts, skew=sp.SkewRange(0, 0.5))) < 1e-14)
    True
    """
    from .._validate import check_1d_array, check_finite
    from ..skew.quadrature import gauss_legendre
    from ..skew.uniform import legendre_order, uniform_aucpr

    _check_points(pts)
    x = check_finite(check_1d_array(nodes, "nodes"), "nodes")
    if x.size and (x[0] < 0 or x[-1] > 1 or np.any(np.diff(x) < 0)):
        raise ValueError("nodes must be non-decreasing and lie in [0, 1]")
    corners, lo, hi = polyline_corners(pts), np.r_[0.0, x[:-1]], x
    width = hi - lo
    with np.errstate(divide="ignore", invalid="ignore"):
        order = np.where(width > 0, legendre_order(np.minimum(lo, 1.0 - hi) / width), -1)
    gaps = np.zeros(x.size)
    for k in np.flatnonzero(order == 0):
        gaps[k] = width[k] * uniform_aucpr(corners.tpr, corners.fpr, lo[k], hi[k])
    ruled = np.flatnonzero(order > 0)
    if ruled.size:
        rules = [(k, *gauss_legendre(int(order[k]))) for k in ruled]  # (gap, nodes, weights) on [0, 1]
        skews, weights, which = (np.concatenate(v) for v in zip(*[
            (lo[k] + width[k] * t, width[k] * w, np.full(t.size, k)) for k, t, w in rules], strict=True))
        gaps += np.bincount(which, weights=weights * aucpr_at_skews(corners, skews), minlength=x.size)
    return np.cumsum(gaps)


def _trapezoid(x, y):
    return float(np.sum(np.diff(x) * (y[1:] + y[:-1]) * 0.5))


@skew_by_name
def aucpr(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None,
          interpolation="continuous", normalize=False):
    """Area under the precision-recall curve, at any skew and under any skew model.

    Parameters
    ----------
%(metric_input_params)s    skew : None, float, (lo, hi), SkewModel, SkewEstimate or mapping, optional
        None: the data set's own skew.  For a range or a model the result is the expectation of the AUC
        at pi' over the model, which equals the area under the P̄-R or P̃-R curve; an estimate stands for its
        point estimate (:func:`skewplot.as_skew`).  With ``data`` a :func:`~skewplot.one_vs_rest` mapping:
        ``{class: prior}`` or a PriorEstimate, each class at its own prior (None: the test priors).
    interpolation : {"continuous", "discrete-tp", "discrete-fp", "step", "trapezoid"}
        ``"continuous"`` (default): the exact area under the curve that joins
        the points by straight ROC segments [K]; works for weighted data.
        ``"discrete-tp"``: Davis & Goadrich, unit steps along TP joined
        linearly in PR space.  ``"discrete-fp"``: the same along FP.
        ``"step"``: average precision, ``sum (R_i - R_{i-1}) P_i``, as
        scikit-learn.  ``"trapezoid"``: straight lines in PR space (known to
        be optimistic; for comparison only).  The discrete schemes need
        counts; at another skew the negatives are rescaled to it.
    normalize : bool, default=False
        Return ``(AUC - AUC_min) / (1 - AUC_min)`` with the area under the
        minimum-achievable curve of the same skew model (Boyd et al.; [L Eq 14, 21]).

    Returns
    -------
    float, Bracket or PerClass
        The area, or its normalised value with ``normalize=True``; a :class:`~skewplot.Bracket` for binned
        points; per class (with macro and prior-weighted means) for a one-vs-rest mapping.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.operating_points([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> round(sp.aucpr(pts), 4)
    0.7973
    >>> round(sp.aucpr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], skew=0.1), 4)  # labels and scores
    0.5711
    >>> round(sp.aucpr(pts, interpolation="step"), 4)
    0.8333
    """
    if isinstance(data, OneVsRest):  # each class against the rest, at its own prior
        return each_class(aucpr, data, skew, (y_score, y_true, sample_weight, pos_label),
                          interpolation=interpolation, normalize=normalize)
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="aucpr")
    if hasattr(pts, "_bracketed_area"):  # binned points: a certified interval
        return pts._bracketed_area("aucpr", skew=skew, interpolation=interpolation, normalize=normalize)
    _check_points(pts)
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    check_bool(normalize, "normalize")
    model = skew_model_of(pts, skew)
    if interpolation in ("continuous", "step") and not normalize and isinstance(model, FixedSkew) \
            and model.value == pts.skew:
        area = _unit_weight_area(pts, interpolation == "step")  # soft labels: one pass, no rates
        if area is not None:
            return area
    pts = pts._area_points()  # every scheme's area changes only where recall grows
    if interpolation == "continuous" and isinstance(model, FixedSkew) and 0 < model.value < 1:
        # One skew: the exact areas of the segments that gain recall, slice by slice (no array of the curve's length)
        area = sum(rising_area(t, f, np.flatnonzero(t[1:] > t[:-1]), model.value) for t, f in rate_slices(pts, _CHUNK))
    elif interpolation == "continuous":
        # The model integrates the fixed-skew area over itself (closed forms where it has them).
        area = float(model.aucpr(pts.tpr, pts.fpr))
    elif interpolation in ("step", "trapezoid"):
        # Linear in precision, so the expectation passes inside.
        step = interpolation == "step"

        def part(rec, tpr, fpr):
            prec = np.asarray(model.precision(tpr, fpr), dtype=float)
            return np.sum(np.diff(rec) * (prec[1:] if step else 0.5 * (prec[1:] + prec[:-1])))

        area = sum_over_slices(pts, _CHUNK, part, limits=True)
    else:
        if pts.n_pos is None:
            raise ValueError(
                f"interpolation={interpolation!r} needs counts; these points were built from rates "
                "without a skew (pass skew= to from_rates, or use 'continuous')"
            )
        nodes = model.nodes()[0]
        if nodes.min() <= 0 or nodes.max() >= 1:
            raise ValueError(
                f"interpolation={interpolation!r} rescales the negatives to each skew and needs skews "
                "inside (0, 1); this skew model reaches 0 or 1 (use 'continuous')"
            )
        along = interpolation.split("-")[1]
        check_discrete_work(pts, nodes, interpolation, f"skew={model!r}")
        tp = pts.tpr * pts.n_pos

        def at(pi):
            # Keep the positives' units; rescale the negatives to skew pi.
            n_neg = pts.n_pos * (1.0 - pi) / pi
            return _trapezoid(*stepped_curve(tp, pts.fpr * n_neg, pts.n_pos, along))

        area = float(model.expect(lambda p: np.array([at(float(v)) for v in p]), batch=1))
    if normalize:
        gap_min = normalizing_gap(model)
        floor = model.aucpr_min()
        if area + floor < 1.0:
            # (AUC - AUC_min) / (1 - AUC_min) from the areas themselves: small areas (skews near 0)
            # keep their digits, where their gaps to 1 would cancel.
            area = (area - floor) / gap_min
        else:
            # Written with the gaps to 1, each computed directly: near pi' = 1 both areas are
            # 1 - tiny and the tiny parts carry the answer.
            gap = model.aucpr_gap(pts.tpr, pts.fpr) if interpolation == "continuous" else 1.0 - area
            area = (gap_min - gap) / gap_min
    return area


def _unit_weight_area(pts, step):
    """The continuous area or AP of untied points that each weigh 1 in all, at their own skew; None otherwise.

    Point ``k`` counts ``k`` in all, so its precision is ``tp[k] / k``, and
    both areas come from one pass over the counts, slice by slice, with no
    rates and no array of the curve's length
    (:func:`~skewplot.skew.one_log.unit_weight_areas`); they are kept on the
    points, so the second costs nothing.  None also where the continuous
    kernel's bound refuses: the stable kernel then runs.
    """
    tp = unit_weight_tp(pts)
    if tp is None or tp.size < 2:
        return None
    area, ap = pts._memo("unit_weight_areas", lambda: unit_weight_areas(tp, n_threads=spare_threads()))
    area = ap if step else area
    return None if np.isnan(area) else float(area)


def normalizing_gap(model):
    """``1 - AUCPR_min`` of ``model``, refused when it is 0 to double precision (nothing to normalise by)."""
    gap_min = model.aucpr_min_gap()
    if not gap_min > 0:
        raise ValueError(
            f"normalize=True is undefined for skew={model!r}: its minimum-achievable AUCPR is 1 "
            "to double precision, so every curve has the same area"
        )
    return gap_min


def normalized_aucpr(area, model):
    """``(AUC - AUC_min) / (1 - AUC_min)`` under ``model`` (Boyd et al.; [L Eq 14, 21]).

    ``area`` may be a float or an array of areas under the same model.
    """
    lo = model.aucpr_min()
    return (area - lo) / (1.0 - lo)


@skew_by_name
def average_precision(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None):
    """Average precision, ``sum (R_i - R_{i-1}) P_i`` (scikit-learn's definition).

    Equal to ``aucpr(..., interpolation="step")``.

    Parameters
    ----------
%(metric_input_params)s    skew : None, float, (lo, hi), SkewModel or SkewEstimate, optional
        As :func:`aucpr`; None is the data set's own skew.

    Returns
    -------
    float or Bracket
        The step-interpolated area at the skew (model) ``skew``.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.operating_points([0, 1, 1, 0, 1], [0.2, 0.9, 0.6, 0.6, 0.3])
    >>> round(sp.average_precision(pts), 4)  # as sklearn.metrics.average_precision_score
    0.8056
    >>> round(sp.average_precision(pts, skew=0.1), 4)  # with nine negatives per positive
    0.437
    """
    if isinstance(data, OneVsRest):
        return each_class(average_precision, data, skew, (y_score, y_true, sample_weight, pos_label))
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="average_precision")
    if hasattr(pts, "_bracketed_area"):
        return pts._bracketed_area("average_precision", skew=skew)
    return aucpr(pts, skew=skew, interpolation="step")


def roc_auc(data=None, y_score=None, *, y_true=None, sample_weight=None, pos_label=None):
    """Area under the ROC curve (trapezoid rule, ties as diagonal segments).

    Parameters
    ----------
%(metric_input_params)s
    Returns
    -------
    float or Bracket
        The area under the ROC polyline, in [0, 1].

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.roc_auc(sp.operating_points([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]))
    0.75
    >>> sp.roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    if isinstance(data, OneVsRest):  # prior-free: the weighted mean is at the test priors
        return each_class(roc_auc, data, None, (y_score, y_true, sample_weight, pos_label), at_priors=False)
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="roc_auc")
    if hasattr(pts, "_bracketed_area"):
        return pts._bracketed_area("roc_auc")
    _check_points(pts)
    pts = pts._area_points()  # the same polyline: between its points TPR is constant
    return _trapezoid(pts.fpr, pts.tpr)


for _f in (aucpr, average_precision, roc_auc):
    _f.__doc__ = _f.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
del _f


def aucpr_min(skew):
    """Area under the minimum-achievable PR curve of a skew model.

    ``1 + (1 - pi) ln(1 - pi) / pi`` for a fixed skew (Boyd et al. 2012); the
    closed form of [L Eq 20] for a uniform range; an expectation otherwise.

    Parameters
    ----------
    skew : float, (lo, hi), SkewModel or OperatingPoints

    Examples
    --------
    >>> import skewplot as sp
    >>> round(sp.aucpr_min(0.5), 4)
    0.3069
    """
    return float(_model_from(skew).aucpr_min())
