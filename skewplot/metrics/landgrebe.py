"""Landgrebe et al.'s P-ROC analysis: AUPREC, IAUPREC and the precision surface [LG]."""

from __future__ import annotations

import numpy as np

from .._memory import check_memory
from .._validate import check_1d_array, check_choice, check_finite, check_scalar
from ..skew import FixedSkew, SkewRange
from ..skew.base import precision_nodes
from ._inputs import METRIC_INPUT_PARAMS, keyword_after_points, one_classifier, skew_by_name
from .auc import INTERPOLATIONS, aucpr
from .precision import _check_points, curve_rates

__all__ = ["auprec", "iauprec", "pr_surface"]


def _skew_of_ratio(ratio):
    """pi' = 1 / (1 + lambda), lambda = N_n / N_p."""
    return 1.0 / (1.0 + ratio)


def auprec(data=None, y_score=None, *, ratio=None, interpolation="trapezoid", y_true=None, sample_weight=None,
           pos_label=None):
    """AUPREC: area under precision(TPR; lambda) against TPR [LG Eq 4].

    Precision at negative-to-positive ratio ``lambda`` is
    ``TPR / (TPR + lambda FPR)`` [LG Eq 3], the precision at skew
    ``pi' = 1 / (1 + lambda)``.  [LG] integrate with the trapezoid rule in
    PR space (the default); any scheme of :func:`skewplot.aucpr` may be
    chosen.

    Parameters
    ----------
%(metric_input_params)s    ratio : float > 0
        lambda = N_n / N_p at deployment.
    interpolation : str, default="trapezoid"

    Returns
    -------
    float
        The area under precision at ratio ``lambda`` against TPR.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.8], [0.2])
    >>> round(sp.auprec(pts, ratio=1.0), 4)  # 0.8 * 0.8 + 0.2 * (0.8 + 0.5) / 2
    0.77
    """
    y_score, ratio = keyword_after_points(data, y_score, ratio, "ratio", "auprec")
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="auprec", bounded=False)
    _check_points(pts)
    ratio = check_scalar(ratio, "ratio", lo=0.0, lo_open=True)
    return aucpr(pts, skew=FixedSkew(_skew_of_ratio(ratio)), interpolation=interpolation)


def iauprec(data=None, y_score=None, *, ratio_range=None, interpolation="trapezoid", y_true=None,
            sample_weight=None, pos_label=None):
    """IAUPREC: AUPREC averaged over lambda in [lambda_lo, lambda_hi] [LG Eq 5].

    ``(1 / (hi - lo)) int AUPREC(lambda) dlambda`` (normalised by the range,
    as in [LG] §6).  A uniform lambda is the weight ``1 / pi'**2`` on
    ``pi' = 1/(1 + lambda)`` [L Eq 6], so this equals :func:`skewplot.aucpr`
    under ``SkewRange(1/(1+hi), 1/(1+lo), weight=lambda p: p**-2)``, which
    is how schemes other than the trapezoid are computed.  For the
    trapezoid the average precision of each point has a closed form,
    ``(TPR / (FPR (hi - lo))) ln((TPR + hi FPR) / (TPR + lo FPR))``.

    Parameters
    ----------
%(metric_input_params)s    ratio_range : (float, float)
        ``0 <= lambda_lo < lambda_hi < inf``.
    interpolation : str, default="trapezoid"

    Returns
    -------
    float
        AUPREC averaged uniformly over the ratio range.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.8], [0.2])
    >>> round(sp.iauprec(pts, ratio_range=(1.0, 100.0)), 4)
    0.1143
    """
    y_score, ratio_range = keyword_after_points(data, y_score, ratio_range, "ratio_range", "iauprec")
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="iauprec", bounded=False)
    _check_points(pts)
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    lam_lo, lam_hi = _ratio_range(ratio_range)
    if interpolation != "trapezoid":
        model = SkewRange(_skew_of_ratio(lam_hi), _skew_of_ratio(lam_lo), weight=_inverse_square)
        return aucpr(pts, skew=model, interpolation=interpolation)
    tpr, fpr = curve_rates(pts)
    prec = _ratio_averaged_precision(tpr, fpr, lam_lo, lam_hi)
    return float(np.sum(np.diff(pts.tpr) * 0.5 * (prec[1:] + prec[:-1])))


def _inverse_square(p):
    return 1.0 / (p * p)


def _ratio_range(ratio_range):
    try:
        lo, hi = ratio_range
    except (TypeError, ValueError):
        raise TypeError("ratio_range must be a pair (lambda_lo, lambda_hi)") from None
    lo = check_scalar(lo, "ratio_range[0]", lo=0.0)
    hi = check_scalar(hi, "ratio_range[1]", lo=0.0)
    if not lo < hi:
        raise ValueError(f"ratio_range must be increasing, got ({lo:g}, {hi:g})")
    return lo, hi


def _ratio_averaged_precision(a, b, lo, hi):
    """``(1/(hi - lo)) int_lo^hi a / (a + lam b) dlam`` per point; 1 where b = 0 < a."""
    c = a + lo * b
    live = c > 0
    cs = np.where(live, c, 1.0)
    x = (hi - lo) * b / cs
    small = x < 1e-4
    xs = np.where(small, 1.0, x)
    # log1p(x) / x, by its series where x is small
    ratio = np.where(small, 1.0 - x / 2.0 + x * x / 3.0 - x**3 / 4.0, np.log1p(xs) / xs)
    return np.where(live, (a / cs) * ratio, 0.0)


@skew_by_name
def pr_surface(data=None, y_score=None, *, skews=None, y_true=None, sample_weight=None, pos_label=None):
    """Precision over (recall, skew): the P-ROC surface for a 3-D plot [LG §4].

    Parameters
    ----------
%(metric_input_params)s    skews : array-like of shape (k,), optional
        Skews pi' in [0, 1] (the ends take their limits).  Default: 51
        values equally spaced in [0, 1].

    Returns
    -------
    recall : ndarray of shape (n,)
        ``pts.tpr``.
    skews : ndarray of shape (k,)
    precision : ndarray of shape (k, n)
        ``precision[j, i]`` is the precision of point ``i`` at ``skews[j]``;
        at the empty prediction the limit along the curve.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.8], [0.2])
    >>> r, s, p = sp.pr_surface(pts, skews=[0.1, 0.5])
    >>> p.round(3).tolist()
    [[0.308, 0.308, 0.1], [0.8, 0.8, 0.5]]
    """
    y_score, skews = keyword_after_points(data, y_score, skews, "skews", "pr_surface", required=False)
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="pr_surface", bounded=False)
    _check_points(pts)
    if skews is None:
        s = np.linspace(0.0, 1.0, 51)
    else:
        s = check_finite(check_1d_array(skews, "skews"), "skews")
        if s.min() < 0 or s.max() > 1:
            raise ValueError("skews must lie in [0, 1]")
    check_memory(4 * s.size * len(pts) * 8, f"pr_surface over {s.size} skews x {len(pts)} points")
    tpr, fpr = curve_rates(pts)
    return np.array(pts.tpr), s, precision_nodes(tpr, fpr, s[:, None])


for _f in (auprec, iauprec, pr_surface):
    _f.__doc__ = _f.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
