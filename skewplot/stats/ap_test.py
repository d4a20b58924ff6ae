"""Is a ranking's average precision better than chance? [Z]"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .._validate import check_choice, renamed_keywords
from ..metrics.auc import average_precision
from ..metrics.points import operating_points
from .ap_null import ALTERNATIVES, METHODS, AveragePrecisionNull, average_precision_null

__all__ = ["AveragePrecisionTestResult", "average_precision_test"]


@dataclass(frozen=True)
class AveragePrecisionTestResult:
    """Result of :func:`average_precision_test` (immutable).

    Attributes
    ----------
    ap : float
        Observed average precision.
    null_mean, null_var : float
        Exact mean and variance of AP under a random ranking.
    z : float
        ``(ap - null_mean) / sqrt(null_var)``.
    pvalue : float
    n, n_pos : int
    alternative, method : str
    null : AveragePrecisionNull
        The null distribution, for sampling or plotting.
    """

    ap: float
    null_mean: float
    null_var: float
    z: float
    pvalue: float
    n: int
    n_pos: int
    alternative: str
    method: str
    null: AveragePrecisionNull = field(repr=False, compare=False)

    def __repr__(self):
        return (
            f"AveragePrecisionTestResult(ap={self.ap:.4g}, null_mean={self.null_mean:.4g}, "
            f"null_std={math.sqrt(self.null_var):.4g}, z={self.z:.4g}, pvalue={self.pvalue:.4g}, "
            f"n={self.n}, n_pos={self.n_pos}, alternative={self.alternative!r}, method={self.method!r})"
        )


@renamed_keywords(method="approximation")
def average_precision_test(
    y_true, y_score, *, alternative="greater", approximation="normal", n_samples=9999, random_state=None, pos_label=None
):
    """Test an observed average precision against a uniformly random ranking.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Binary labels (as :func:`skewplot.operating_points`); both classes present.
    y_score : array-like of shape (n,)
        Scores, larger meaning more positive.
    alternative : {"greater", "less", "two-sided"}, default="greater"
        ``"greater"``: the scores rank positives better than chance.
    approximation : {"normal", "permutation"}, default="normal"
        How the null distribution gives the p-value (formerly ``method``); see
        :meth:`AveragePrecisionNull.pvalue`: ``"normal"`` uses the exact null
        mean and variance.
    n_samples : int, default=9999
        Random rankings for ``approximation="permutation"``.
    random_state : None, int, SeedSequence, Generator or RandomState
    pos_label : scalar, optional
        The positive class, when the labels are not {0, 1} or {-1, 1}.

    Returns
    -------
    AveragePrecisionTestResult

    Notes
    -----
    The observed AP is ``skewplot.average_precision`` (scikit-learn's
    definition): tied scores form one operating point, so a tied group is
    credited with the precision at its end.  The null is a random ranking
    *without* ties; with many ties in ``y_score`` the test is approximate.

    Examples
    --------
    >>> import numpy as np
    >>> import skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(50), np.zeros(950)]
    >>> res = sp.stats.average_precision_test(y, rng.normal(size=1000) + 0.5 * y)
    >>> res.pvalue < 0.01, round(res.null_mean, 4)
    (True, 0.0562)
    """
    check_choice(alternative, "alternative", ALTERNATIVES)
    check_choice(approximation, "approximation", METHODS)
    pts = operating_points(y_true, y_score, pos_label=pos_label)
    n_pos = int(round(pts.n_pos))
    n = n_pos + int(round(pts.n_neg))
    ap = float(average_precision(pts))
    null = average_precision_null(n, n_pos)
    p = null.pvalue(min(max(ap, 0.0), 1.0), alternative, approximation, n_samples=n_samples, random_state=random_state)
    return AveragePrecisionTestResult(
        ap=ap,
        null_mean=null.mean,
        null_var=null.var,
        z=(ap - null.mean) / null.std,
        pvalue=p,
        n=n,
        n_pos=n_pos,
        alternative=alternative,
        method=approximation,
        null=null,
    )
