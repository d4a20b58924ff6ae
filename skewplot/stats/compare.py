"""Paired bootstrap comparison of two classifiers scored on the same rows."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validate import check_bool, check_choice
from ..metrics.auc import INTERPOLATIONS, aucpr
from ..metrics.precision import skew_model_of
from . import _intervals, _resample
from ._checks import as_generator
from ._inputs import labelled_rows
from .bootstrap import aucpr_rows, check_bootstrap_args, points_of, read_rows, run, summarise

__all__ = ["ComparisonResult", "compare"]


@dataclass(frozen=True, repr=False)  # the shared __repr__
class ComparisonResult(_intervals.IntervalResult):
    """Result of :func:`skewplot.compare` (immutable): classifier A minus classifier B.

    Attributes
    ----------
    difference : float
        ``estimate_a - estimate_b`` on the data.
    low, high : float
        Confidence interval of the difference.
    se : float
        Standard deviation of the bootstrap differences.
    pvalue : float
        Two-sided p-value of "no difference", from inverting the interval:
        ``pvalue < 1 - confidence`` exactly when the interval excludes 0.
    estimate_a, estimate_b : float
        The two AUCs.
    distribution : ndarray of shape (n_boot,)
        Bootstrap differences, A and B computed on the same resampled rows.
    confidence : float
    method : str
    n_boot : int
    """

    difference: float
    low: float
    high: float
    se: float
    pvalue: float
    estimate_a: float
    estimate_b: float


# Relative size below which a difference of two areas is rounding: one ROC polyline summed over a different
# number of collinear vertices (a tie that one score merges and the other splits) gives the same area to ~1e-15.
ROUNDING = 1e-12


def _difference(a, b):
    """``a - b``, with differences within the areas' rounding (``ROUNDING`` of the larger) taken as 0."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    return np.where(np.abs(d) <= ROUNDING * np.maximum(np.abs(a), np.abs(b)), 0.0, d)


def compare_many(data, score_a, score_b, skews, *, y_true=None, sample_weight=None, interpolation="continuous",
                 confidence=0.95, n_boot=2000, method="bca", stratified=True, random_state=None,
                 normalize=False, pos_label=None, func="compare"):
    """:func:`compare` at several skew specifications on the same bootstrap replicates.

    Returns
    -------
    dict of str to ndarray
        ``difference``, ``low``, ``high``, ``se``, ``pvalue``,
        ``estimate_a``, ``estimate_b`` (one entry per skew) and
        ``distribution`` of shape (n_boot, len(skews)).
    """
    confidence, n_boot, stratified = check_bootstrap_args(confidence, n_boot, method, stratified)
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    check_bool(normalize, "normalize")
    rng = as_generator(random_state)
    labels, (a, b), weights = labelled_rows(data, [("score_a", score_a), ("score_b", score_b)], y_true=y_true,
                                            sample_weight=sample_weight, func=func)
    is_pos, scores, w = read_rows(labels, [("score_a", a), ("score_b", b)], weights, pos_label)
    pts = [points_of(is_pos, s, w) for s in scores]
    models = [skew_model_of(pts[0], s) for s in skews]
    est = np.array([[aucpr(p, skew=m, interpolation=interpolation, normalize=normalize) for m in models] for p in pts])
    pools, n_bins = _resample.make_pools(scores, pts, is_pos, w, stratified)

    def statistic(lines):
        # None: each replicate's own skew.
        own = [None if sk is None else m for sk, m in zip(skews, models, strict=True)]
        cols = [_difference(aucpr_rows(*lines[0], m, interpolation, normalize),
                            aucpr_rows(*lines[1], m, interpolation, normalize)) for m in own]
        return np.stack(cols, axis=1)

    dist = run(pools, n_bins, statistic, n_boot, rng)
    theta = _difference(est[0], est[1])
    low, high, se, accel = summarise(theta, dist, confidence, method, pools, n_bins, statistic, rng)
    p = _intervals.pvalue(theta, dist, method, accel)
    return {"difference": theta, "low": low, "high": high, "se": se, "pvalue": p, "estimate_a": est[0],
            "estimate_b": est[1], "distribution": dist}


def compare(data=None, score_a=None, score_b=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None,
            interpolation="continuous", confidence=0.95, n_boot=2000, method="bca", stratified=True,
            random_state=None, normalize=False):
    """Paired bootstrap comparison of the AUCPR of two classifiers on the same rows.

    Each replicate resamples the rows once and computes both classifiers'
    AUC on them, so the difference keeps the pairing (the correlation
    between two classifiers scored on the same examples).  Identical scores
    give a difference of exactly 0 in every replicate (and p-value 1).

    Parameters
    ----------
    data : array-like or DataFrame, optional
        The labels (``compare(y_true, score_a, score_b)``), or a table whose
        columns ``y_true=``, ``score_a=``, ``score_b=`` (and
        ``sample_weight=``) name.  Operating points are refused: they have
        lost the rows that pair the two classifiers.
    score_a, score_b : array-like of shape (n,) or str
        Scores of classifiers A and B on the same rows (or their columns).
    skew : None, float, (lo, hi), SkewModel or SkewEstimate, optional
        As :func:`skewplot.aucpr`: the test skew, a deployment skew, a range
        (P̄-R), a series (P̃-R) or an estimate's point estimate.
    y_true : array-like or str, optional
        The labels when ``data`` is None, or their column in ``data``.
    sample_weight, pos_label, interpolation, confidence, n_boot, method, stratified, random_state, normalize
        As :func:`skewplot.aucpr_ci`.  ``interpolation="step"`` compares
        average precision.

    Returns
    -------
    ComparisonResult
        ``difference`` (A - B), ``low``, ``high``, ``se``, ``pvalue``,
        ``estimate_a``, ``estimate_b`` and the replicate ``distribution``.

    See Also
    --------
    skewplot.plot_comparison : the difference against the deployment skew.

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(2000) < 0.1
    >>> a = rng.normal(size=2000) + 1.5 * y
    >>> b = a + rng.normal(size=2000)          # B is A plus noise: worse
    >>> r = sp.compare(y, a, b, skew=0.02, n_boot=500, random_state=0)
    >>> bool(r.difference > 0), bool(r.pvalue < 0.05)
    (True, True)
    >>> sp.compare(y, a, a, skew=0.02, n_boot=200, random_state=0).difference
    0.0
    """
    out = compare_many(data, score_a, score_b, [skew], y_true=y_true, sample_weight=sample_weight,
                       interpolation=interpolation,
                       confidence=confidence, n_boot=n_boot, method=method, stratified=stratified,
                       random_state=random_state, normalize=normalize, pos_label=pos_label)
    return ComparisonResult(difference=float(out["difference"][0]), low=float(out["low"][0]),
                            high=float(out["high"][0]), se=float(out["se"][0]), pvalue=float(out["pvalue"][0]),
                            estimate_a=float(out["estimate_a"][0]), estimate_b=float(out["estimate_b"][0]),
                            distribution=out["distribution"][:, 0], confidence=confidence, method=method,
                            n_boot=out["distribution"].shape[0])
