"""Paired bootstrap comparison of two classifiers scored on the same rows."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .._defaults import N_BOOT_INTERVAL
from .._progress import check_progress
from .._validate import check_bool, check_choice, renamed_keywords
from ..metrics._inputs import skew_by_name, two_scores
from ..metrics.auc import INTERPOLATIONS, aucpr
from ..metrics.precision import skew_model_of
from ..skew import FixedSkew, SkewSeries
from ..skew.base import aucpr_nodes
from ..skew.formulas import aucpr_min_gap
from . import _intervals, _resample
from ._checks import as_generator
from ._inputs import labelled_rows
from .bootstrap import (
    aucpr_rows,
    check_bootstrap_args,
    check_replicates,
    points_of,
    read_rows,
    run,
    single_class_error,
    summarise,
)
from .choose import draw_skews
from .prior_shift import SkewEstimate

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
    prob_a_beats_b : float
        The probability that A beats B out there: the share of the paired
        bootstrap replicates in which A's metric exceeds B's at the
        replicate's deployment skew (drawn from the skew model or the
        estimate, one per replicate; fixed for a number), a tie counted
        half.  A predictive probability, not a p-value (see
        :func:`skewplot.compare`).
    prob_a_beats_b_se : float
        Its Monte-Carlo standard error: the standard deviation of the
        replicates' wins (1, 1/2 or 0) over ``sqrt(n_boot)``.
    distribution : ndarray of shape (n_boot,)
        Bootstrap differences, A and B computed on the same resampled rows.
    deployed_distribution : ndarray of shape (n_boot,)
        A - B on each replicate at its deployment skew ``skew_draws``, the
        differences ``prob_a_beats_b`` counts (``distribution`` itself when
        the skew is fixed).
    skew_draws : ndarray of shape (n_boot,) or None
        The deployment skew of each replicate; None when the skew is fixed.
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
    prob_a_beats_b: float
    prob_a_beats_b_se: float
    deployed_distribution: np.ndarray = field(default=None, repr=False, compare=False)
    skew_draws: np.ndarray | None = field(default=None, repr=False, compare=False)


ROUNDING = _intervals.ROUNDING


def _difference(a, b):
    """``a - b``, with differences within the areas' rounding (``ROUNDING`` of the larger) taken as 0."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.where(_intervals.within_rounding(a, b), 0.0, a - b)


def _deployment_skews(skew, pts, rng, n_boot):
    """One deployment skew per replicate for ``skew=``, as ``choose_threshold(risk="chance")`` draws them.

    None where the skew is fixed (None, a number, a point mass, an estimate
    without a bootstrap distribution): every replicate is at that skew.
    """
    draws = None
    if isinstance(skew, SkewEstimate):
        if skew.distribution is None:
            return None
        if not np.all(np.isfinite(skew.distribution)):
            raise ValueError("skew: the estimate's bootstrap distribution holds NaN or infinite values")
        model, draws = None, np.clip(skew.distribution, 0.0, 1.0)
    else:
        model = skew_model_of(pts, skew)
        if isinstance(model, FixedSkew):
            return None
    return draw_skews(model, draws, rng, n_boot)


def _areas_at(tp, fp, pi, interpolation):
    """Area (not normalised) of each replicate polyline at its own skew ``pi[row]``."""
    n_pos, n_neg = tp[:, -1:], fp[:, -1:]
    if np.any(n_pos <= 0) or np.any(n_neg <= 0):
        raise single_class_error()
    if interpolation == "continuous":  # all rows at once, the fixed-skew kernel with one skew per row
        return aucpr_nodes(tp / n_pos, fp / n_neg, pi, paired=True)
    # A point mass at 0 or 1 (a series' end, a clipped estimate) as a series of it: the precision limits there.
    return np.array([aucpr(p, skew=FixedSkew(s) if 0.0 < s < 1.0 else SkewSeries([s, s]), interpolation=interpolation)
                     for p, s in zip(_resample.replicate_points(tp, fp), pi, strict=True)])


def _deployed_difference(lines, pi, interpolation, normalize):
    """A - B on each replicate at its skew ``pi[row]``, with the areas' rounding taken as a tie."""
    d = _difference(_areas_at(*lines[0], pi, interpolation), _areas_at(*lines[1], pi, interpolation))
    if normalize:  # (A - min)/(1 - min) - (B - min)/(1 - min): the floor cancels at one skew
        gap = aucpr_min_gap(pi)
        d = np.where(gap > 0, d / np.where(gap > 0, gap, 1.0), 0.0)  # pi' = 1: every area is 1, a tie
    return d


def _wins(deployed):
    """``prob_a_beats_b`` and its Monte-Carlo standard error per column: wins count 1, ties 1/2."""
    won = np.where(deployed > 0, 1.0, np.where(deployed == 0, 0.5, 0.0))
    n = won.shape[0]
    se = won.std(axis=0, ddof=1) / np.sqrt(n) if n > 1 else np.zeros(won.shape[1])
    return won.mean(axis=0), se


def compare_many(data, score_a, score_b, skews, *, y_true=None, sample_weight=None, interpolation="continuous",
                 confidence=0.95, n_boot=N_BOOT_INTERVAL, interval="bca", stratified=True, random_state=None,
                 normalize=False, pos_label=None, func="compare", progress=False):
    """:func:`compare` at several skew specifications on the same bootstrap replicates.

    Returns
    -------
    dict of str to ndarray
        ``difference``, ``low``, ``high``, ``se``, ``pvalue``,
        ``estimate_a``, ``estimate_b``, ``prob_a_beats_b``,
        ``prob_a_beats_b_se`` (one entry per skew), ``distribution`` and
        ``deployed_distribution`` of shape (n_boot, len(skews)), and
        ``skew_draws`` (a list: one array or None per skew).
    """
    score_a, score_b, _ = two_scores(score_a, score_b, func)
    confidence, n_boot, stratified = check_bootstrap_args(confidence, n_boot, interval, stratified)
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    check_bool(normalize, "normalize")
    progress = check_progress(progress)
    rng = as_generator(random_state)
    labels, (a, b), weights = labelled_rows(data, [("score_a", score_a), ("score_b", score_b)], y_true=y_true,
                                            sample_weight=sample_weight, func=func)
    is_pos, scores, w = read_rows(labels, [("score_a", a), ("score_b", b)], weights, pos_label)
    check_replicates(n_boot, 2, is_pos.size, 2 * is_pos.size, len(skews))  # before the work per skew
    pts = [points_of(is_pos, s, w) for s in scores]
    models = [skew_model_of(pts[0], s) for s in skews]
    est = np.array([[aucpr(p, skew=m, interpolation=interpolation, normalize=normalize) for m in models] for p in pts])
    pools, n_bins = _resample.make_pools(scores, pts, is_pos, w, stratified)
    # Drawn before the rows, so that a fixed skew leaves the replicates as they were.
    draws = [_deployment_skews(sk, pts[0], rng, n_boot) for sk in skews]
    drawn = [j for j, d in enumerate(draws) if d is not None]

    def statistic(lines):
        # None: each replicate's own skew.
        own = [None if sk is None else m for sk, m in zip(skews, models, strict=True)]
        cols = [_difference(aucpr_rows(*lines[0], m, interpolation, normalize),
                            aucpr_rows(*lines[1], m, interpolation, normalize)) for m in own]
        return np.stack(cols, axis=1)

    def with_deployed(lines, rows):
        cols = [_deployed_difference(lines, draws[j][rows], interpolation, normalize) for j in drawn]
        return np.concatenate([statistic(lines)] + [c[:, None] for c in cols], axis=1)

    out = run(pools, n_bins, with_deployed, n_boot, rng, rows=True, per_replicate=len(skews) + len(drawn),
              progress=progress, desc=func)
    dist = out[:, :len(skews)]
    deployed = dist.copy()
    deployed[:, drawn] = out[:, len(skews):]
    theta = _difference(est[0], est[1])
    low, high, se, accel = summarise(theta, dist, confidence, interval, pools, n_bins, statistic, rng)
    p = _intervals.pvalue(theta, dist, interval, accel)
    prob, prob_se = _wins(deployed)
    return {"difference": theta, "low": low, "high": high, "se": se, "pvalue": p, "estimate_a": est[0],
            "estimate_b": est[1], "prob_a_beats_b": prob, "prob_a_beats_b_se": prob_se, "distribution": dist,
            "deployed_distribution": deployed, "skew_draws": draws}


@renamed_keywords(method="interval")
@skew_by_name
def compare(data=None, score_a=None, score_b=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None,
            interpolation="continuous", confidence=0.95, n_boot=N_BOOT_INTERVAL, interval="bca", stratified=True,
            random_state=None, normalize=False, progress=True):
    """Paired bootstrap comparison of the AUCPR of two classifiers, and the chance that A beats B out there.

    Each replicate resamples the rows once and computes both classifiers'
    AUC on them, so the difference keeps the pairing (the correlation
    between two classifiers scored on the same examples).  Identical scores
    give a difference of exactly 0 in every replicate (and p-value 1).
    ``prob_a_beats_b`` adds the uncertainty of the deployment skew: each
    replicate is also evaluated at a deployment skew drawn from the skew
    model or the estimate (see Notes).

    Parameters
    ----------
    data : array-like or DataFrame, optional
        The labels (``compare(y_true, score_a, score_b)``), or a table whose
        columns ``y_true=``, ``score_a=``, ``score_b=`` (and
        ``sample_weight=``) name.  Operating points are refused: they have
        lost the rows that pair the two classifiers.
    score_a, score_b : array-like of shape (n,) or str
        Scores of classifiers A and B on the same rows (or their columns).
        ``score_a`` may instead be a mapping of the two,
        ``compare(y_true, {"a": s1, "b": s2})`` (A first), as every function
        of several classifiers takes them on shared labels.
    skew : None, float, (lo, hi), SkewModel or SkewEstimate, optional
        As :func:`skewplot.aucpr`: the test skew, a deployment skew, a range
        (P̄-R), a series (P̃-R) or an estimate's point estimate, for
        ``difference`` and its interval.  For ``prob_a_beats_b`` a range or
        model is the distribution of the one deployment skew, and an
        estimate with an interval (``estimate_skew(..., confidence=...)``)
        the distribution of its bootstrap estimates, as in
        ``choose_threshold(risk="chance")``.
    y_true : array-like or str, optional
        The labels when ``data`` is None, or their column in ``data``.
    sample_weight, pos_label, interpolation, confidence, n_boot, interval, stratified, random_state, normalize, progress
        As :func:`skewplot.aucpr_ci` (``interval``, the bootstrap interval's kind, was ``method``).
        ``interpolation="step"`` compares
        average precision.

    Returns
    -------
    ComparisonResult
        ``difference`` (A - B), ``low``, ``high``, ``se``, ``pvalue``,
        ``estimate_a``, ``estimate_b``, ``prob_a_beats_b`` with its
        Monte-Carlo ``prob_a_beats_b_se``, the replicate ``distribution``,
        and ``deployed_distribution`` and ``skew_draws`` behind the
        probability.

    See Also
    --------
    skewplot.plot_comparison : the difference against the deployment skew.
    skewplot.choose_threshold : ``risk="chance"`` draws the skew the same way.

    Notes
    -----
    **How likely A beats B out there.**  Replicate ``b`` resamples the test
    rows (the paired bootstrap above) and draws one deployment skew
    ``pi'_b`` from the model, independently of the rows: uniformly on a
    range, from the nodes of a series or weighted model, from an
    estimate's bootstrap estimates; with a number (or None) every
    replicate is at that skew.  A beats B on the replicate when A's metric
    at ``pi'_b`` exceeds B's (AUCPR, average precision with
    ``interpolation="step"``, normalised with ``normalize=True``: the same
    metric as ``difference``, at one skew); a difference within the areas'
    rounding (``1e-12`` of the larger area) is a tie and counts 1/2, so a
    classifier against itself (or any increasing function of its scores)
    gives exactly 0.5.  ``prob_a_beats_b`` is the share of replicates A
    wins, and ``prob_a_beats_b_se`` the Monte-Carlo error of using
    ``n_boot`` of them (add replicates to shrink it).

    Read the bootstrap distribution as the uncertainty about the population
    the test set came from, as the Bayesian bootstrap does (Rubin 1981):
    the probability is then a *predictive* probability that, at the skew
    the deployment will have, A's metric on the population exceeds B's.
    It is not a p-value.  Two classifiers equal in distribution give
    probabilities spread about uniformly over (0, 1), with mean 0.5; and a
    probability of 0.97 says A wins in 97 % of the worlds the test set and
    the skew allow, not that a difference so large would be rare without
    one.  With a range, ``difference`` is the P̄-R area difference, the
    *average* over the skews of the per-skew difference (Fubini): curves
    that cross inside the range can give a negative average and a
    probability of 0.25, and ``(r.distribution > 0).mean()`` is the chance
    that the average, not the deployment, favours A.  The skew draws are
    independent of the rows; an estimate made from the same labelled test
    set shares part of its sampling with it, which this ignores.  The
    theory page (*The probability that A beats B*) gives the formula.

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> y, a = sp.datasets.make_scores(2000, 0.1, random_state=0)
    >>> b = a + np.random.default_rng(1).normal(size=2000)   # B is A plus noise: worse
    >>> r = sp.compare(y, a, b, skew=0.02, n_boot=500, random_state=0)
    >>> bool(r.difference > 0), bool(r.pvalue < 0.05)
    (True, True)
    >>> sp.compare(y, a, a, skew=0.02, n_boot=200, random_state=0).difference
    0.0

    The chance that A beats B when the deployment skew is only known to lie
    between 0.5 % and 5 % (one skew drawn per replicate), and A against
    itself (every replicate a tie):

    >>> r = sp.compare(y, a, b, skew=(0.005, 0.05), n_boot=500, random_state=0)
    >>> bool(r.prob_a_beats_b > 0.99), r.skew_draws.shape
    (True, (500,))
    >>> sp.compare(y, a, a, skew=(0.005, 0.05), n_boot=200, random_state=0).prob_a_beats_b
    0.5
    """
    out = compare_many(data, score_a, score_b, [skew], y_true=y_true, sample_weight=sample_weight,
                       interpolation=interpolation,
                       confidence=confidence, n_boot=n_boot, interval=interval, stratified=stratified,
                       random_state=random_state, normalize=normalize, pos_label=pos_label, progress=progress)
    one = {k: float(out[k][0]) for k in ("difference", "low", "high", "se", "pvalue", "estimate_a", "estimate_b",
                                         "prob_a_beats_b", "prob_a_beats_b_se")}
    return ComparisonResult(**one, distribution=out["distribution"][:, 0],
                            deployed_distribution=out["deployed_distribution"][:, 0], skew_draws=out["skew_draws"][0],
                            confidence=confidence, method=interval, n_boot=out["distribution"].shape[0])
