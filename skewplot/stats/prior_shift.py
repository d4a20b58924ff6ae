"""The deployment skew from unlabelled deployment scores (quantification under prior shift).

Prior shift assumes that the class-conditional score distributions of the
deployment are those of the labelled test set, and that only the class
balance moves.  Then the deployment's score distribution is the mixture
``pi' f+ + (1 - pi') f-`` of the test set's two, and ``pi'`` can be
recovered from it.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
from scipy.special import ndtri

from .._defaults import N_BOOT_SKEW
from .._memory import check_memory, check_work
from .._progress import bar, check_progress
from .._validate import check_1d_array, check_choice, check_finite, check_int, check_scalar, renamed_keywords
from . import _quantifiers as q
from ._checks import as_generator
from ._inputs import labelled_rows

__all__ = ["SkewEstimate", "estimate_skew", "METHODS", "DEFAULT_METHOD"]

METHODS = ("acc", "pacc", "median_sweep", "hdy", "ml")
DEFAULT_METHOD = "ml"
# More of the deployment sample than this outside the test scores' range is
# not what prior shift produces (there it is ~1/n_test per tail, and a shift
# towards the rarer class samples its tail more): another scale is far above it.
_OUTSIDE_WARN = 0.05
# Blocks per pool (test positives, test negatives, deployment) of the leave-block-out jackknife.
_JACK_BLOCKS = 50


@dataclass(frozen=True)
class SkewEstimate:
    """An estimated deployment skew, with its interval.

    Attributes
    ----------
    estimate : float
        The estimated ``pi'`` in [0, 1].
    low, high : float or None
        The interval (None without ``confidence``; see :func:`estimate_skew`).
    confidence : float or None
    method : str
    test_skew : float
        The test set's own skew.
    n_deploy : int
        Number of deployment scores.
    details : dict
        The fitted pieces behind the estimate (e.g. the threshold and its
        rates for ACC, the mean posteriors for PACC, the number of bins and
        the Hellinger distance reached for HDy); with ``confidence`` also
        ``jackknife_bias`` and ``jackknife_se``.
    distribution : ndarray or None
        The bootstrap estimates.
    """

    estimate: float
    low: float | None
    high: float | None
    confidence: float | None
    method: str
    test_skew: float
    n_deploy: int
    details: dict = field(default_factory=dict, repr=False)
    distribution: np.ndarray | None = field(default=None, repr=False)

    def __float__(self):
        return float(self.estimate)

    @property
    def se(self):
        """Bootstrap standard error (None without ``confidence``)."""
        return None if self.distribution is None else float(np.std(self.distribution, ddof=1))


class _Grouped:
    """The test set and a deployment sample as weights per test score group (one sort, in the kernel)."""

    def __init__(self, y_true, y_score, deploy_score, sample_weight, pos_label, deploy_name="deploy_score"):
        from ..metrics._labels import positive_mask
        from ..metrics.points import operating_points

        score = check_finite(check_1d_array(y_score, "y_score"), "y_score")
        pts = operating_points(y_true, score, sample_weight=sample_weight, pos_label=pos_label)
        asc = pts.thresholds[:0:-1]  # distinct test scores, increasing
        k = asc.size
        self.asc = asc
        # Decreasing group index of each test row and deployment score.
        self.test_group = np.clip(k - 1 - np.searchsorted(asc, score), 0, k - 1)  # zero-weight rows may fall between
        is_pos = positive_mask(np.asarray(y_true), pos_label)
        w = None if sample_weight is None else np.asarray(sample_weight, dtype=float)
        # Rows of each class (group index, weight) for the bootstrap.
        self.rows = [(self.test_group[m], None if w is None else w[m]) for m in (is_pos, ~is_pos)]
        self.pos = np.diff(pts.tp)
        self.neg = np.diff(pts.fp)
        check_identified(self.pos, self.neg)
        self.bins = q.hdy_bins(self.pos, self.neg)
        self.test_skew = pts.skew
        self.set_deploy(deploy_score, deploy_name)

    def set_deploy(self, deploy_score, name):
        d = check_finite(check_1d_array(deploy_score, name), name)
        k = self.asc.size
        self.dep_group = np.clip(k - 1 - (np.searchsorted(self.asc, d, side="right") - 1), 0, k - 1)
        self.dep = np.bincount(self.dep_group, minlength=k).astype(float)
        self.n_deploy = d.size
        self.deploy_name = name
        # All in one score group: only one point of the mixture is seen (see boundary_estimate).
        self.one_group = int(self.dep_group[0]) if np.count_nonzero(self.dep) < 2 else None
        warn_outside(d, name, self.asc)

    def counts(self):
        return q.Counts(self.pos, self.neg, self.dep)

    def leave_block_out(self, rng, blocks=_JACK_BLOCKS):
        """``(pool, counts)`` with one block of one pool's rows left out, for every block of every pool.

        The pools are the test positives, the test negatives and the
        deployment sample; each is split at random into ``blocks`` blocks
        (single rows when it has fewer).
        """
        k = self.asc.size
        full = (self.pos, self.neg, self.dep)
        for p, (group, w) in enumerate((*self.rows, (self.dep_group, None))):
            label = rng.permutation(group.size) % min(blocks, group.size)
            for b in range(label.max() + 1):
                out = label == b
                parts = list(full)
                removed = np.bincount(group[out], None if w is None else w[out], minlength=k)
                parts[p] = np.maximum(full[p] - removed, 0.0)
                yield p, q.Counts(*parts)

    def resample(self, rng):
        """Counts of one bootstrap replicate: each class of the test set and the deployment sample redrawn."""
        k = self.asc.size
        pos, neg = (_redraw(group, w, rng, k) for group, w in self.rows)
        return q.Counts(pos, neg, _redraw(self.dep_group, None, rng, k))


# Largest |TPR - FPR| over the thresholds at or below which the classes count as not separated (rounding).
_SAME_DISTRIBUTION = 1e-12


def check_identified(pos, neg):
    """Refuse a test set whose scores have the same distribution in both classes.

    The deployment's score distribution is ``pi' f+ + (1 - pi') f-``; when
    ``f+ = f-`` on the test set's score groups (every threshold has
    TPR = FPR: constant scores, or scores independent of the label) every
    ``pi'`` gives the same mixture, and no method can tell them apart.
    """
    gap = np.cumsum(pos) / pos.sum() - np.cumsum(neg) / neg.sum()
    if not np.max(np.abs(gap)) > _SAME_DISTRIBUTION:
        raise ValueError(
            "the deployment skew cannot be identified: y_score has the same distribution among the positives "
            f"and the negatives of y_true (TPR = FPR at each of its {pos.size} distinct score(s)), so every skew "
            "gives the same deployment scores; use scores that separate the classes"
        )


def _redraw(group, weight, rng, k):
    """Weight per group of a sample drawn with replacement from rows in ``group`` (with ``weight``)."""
    idx = rng.integers(0, group.size, group.size)
    return np.bincount(group[idx], None if weight is None else weight[idx], minlength=k).astype(float)


def warn_outside(d, name, test_sorted):
    """Warn when many deployment scores ``d`` fall outside the test scores."""
    lo, hi = test_sorted[0], test_sorted[-1]
    outside = float(np.mean((d < lo) | (d > hi)))
    if outside > max(_OUTSIDE_WARN, 20.0 / (test_sorted.size + 1)):
        warnings.warn(
            f"{100 * outside:.3g}% of {name} lie outside the test scores' range [{lo:.4g}, {hi:.4g}] "
            f"({name} spans [{d.min():.4g}, {d.max():.4g}]); are they on the same scale, from the same "
            "classifier? Prior shift assumes the class-conditional score distributions are unchanged",
            UserWarning,
            stacklevel=4,
        )


def _estimate(counts, method, bins):
    if method == "acc":
        return q.acc(counts)
    if method == "pacc":
        return q.pacc(counts)
    if method == "median_sweep":
        return q.median_sweep(counts)
    if method == "hdy":
        return q.hdy(counts, bins)
    return q.maximum_likelihood(counts)


@renamed_keywords(method="quantifier")
def estimate_skew(data=None, y_score=None, deploy_score=None, *, y_true=None, quantifier=DEFAULT_METHOD,
                  sample_weight=None, pos_label=None, confidence=None, n_boot=N_BOOT_SKEW, random_state=None,
                  progress=True):
    """Estimate the deployment skew ``pi'`` from unlabelled deployment scores.

    Under prior shift (see Notes) the deployment's score distribution is the
    mixture ``pi' f+ + (1 - pi') f-`` of the test set's class-conditional
    score distributions; each method recovers ``pi'`` from it.

    Parameters
    ----------
    data : array-like, DataFrame or OperatingPoints, optional
        The labelled test set, as every interval takes it: its labels (with
        the scores as ``y_score``), a table whose columns ``y_true=`` and
        ``y_score=`` name, or the operating points of unweighted hard labels.
    y_score : array-like of shape (n,) or str, optional
        The classifier's scores on the test set (or their column).
    deploy_score : array-like of shape (m,)
        The same classifier's scores on unlabelled deployment data.
    y_true : array-like or str, optional
        The test labels when ``data`` is None, or their column in ``data``.
    quantifier : {"ml", "hdy", "pacc", "acc", "median_sweep"}, default="ml"
        The estimator of the skew (formerly ``method``).  ``"acc"``:
        adjusted classify-and-count at the threshold maximising TPR - FPR;
        ``"median_sweep"``: median of the adjusted counts over the
        thresholds with TPR - FPR > 0.25; ``"pacc"``: probabilistic ACC on
        calibrated posteriors; ``"hdy"``: Hellinger-distance matching of 30
        equal-weight score bins; ``"ml"``: maximum likelihood, the fixed
        point of Saerens et al.'s EM.  The default was chosen by measurement
        (``benchmarks/bench_prior_shift.py``, table in the user guide):
        maximum likelihood and HDy are the most accurate on the reference
        set-up (within each other's noise, both better than ACC at every
        skew), but with a small test set HDy's 30 bins hold few positives
        and it is biased by several points near pi' = 0.5, while maximum
        likelihood, with no bins, stays closest.
    sample_weight : array-like of shape (n,), optional
        Weights of the test rows.
    pos_label : scalar, optional
        The positive class of ``y_true``.
    confidence : float in (0, 1), optional
        Level of an interval ``est - bias ± z se`` (clipped to [0, 1], and
        widened to the estimate where the bias correction moves it past
        the estimate, near 0 or 1): ``bias`` is the
        stratified leave-block-out jackknife's estimate (50 blocks in each of
        the test positives, the test negatives and the deployment sample),
        ``se`` the larger of the jackknife's and the bootstrap's standard
        errors (each bootstrap replicate redraws the same three samples).
        Both resample the test set, so the interval holds the test set's
        sampling error as well as the deployment sample's.
    n_boot : int, default=400
        Bootstrap replicates (only with ``confidence``); they are kept in
        the result's ``distribution``.
    random_state : None, int or numpy Generator
        Seeds the bootstrap.
    progress : bool, default=True
        Show a progress bar of the replicates once the call has run for 2 s.

    Returns
    -------
    SkewEstimate

    Raises
    ------
    ValueError
        When the skew cannot be identified: the test scores have the same
        distribution in both classes (constant scores, for instance), so
        every ``pi'`` predicts the same deployment scores; or the deployment
        scores all fall in one score group of the test set that holds the
        same share of both classes.

    Warns
    -----
    UserWarning
        When the deployment scores all fall in one score group of the test
        set (all above, all below, or all between two neighbouring test
        scores): the estimate is the boundary, 0 or 1, the group points to,
        with an exact one-sided binomial interval; the warning names it.

    Notes
    -----
    *Assumption.* Prior shift: the class-conditional distributions of the
    scores, ``f+`` and ``f-``, are the same in the test set and in
    deployment; only the class balance differs.  If the positives or
    negatives themselves change (covariate or concept drift) every method
    here is biased, and no interval covers that bias.

    *Densities.* PACC and maximum likelihood need the likelihood ratio
    ``f+(s)/f-(s)``.  It comes from the labelled test set by isotonic
    regression of the label on the score (calibrated posteriors at the test
    skew, :func:`scipy.optimize.isotonic_regression`), whose ratios are the
    slopes of the test set's ROC convex hull: no parametric form is assumed,
    only that a higher score never means a lower chance of being positive.
    The likelihood is maximised with :func:`scipy.optimize.minimize_scalar`.

    Examples
    --------
    >>> import skewplot as sp
    >>> y, s = sp.datasets.make_scores(20_000, 0.1, separation=1.2, random_state=0)
    >>> _, s_new = sp.datasets.make_scores(50_000, 0.3, separation=1.2, random_state=1)
    >>> est = sp.estimate_skew(y, s, s_new, confidence=0.9, random_state=0)
    >>> bool(est.low < 0.3 < est.high), round(est.estimate, 2)
    (True, 0.3)
    """
    check_choice(quantifier, "quantifier", METHODS)
    progress = check_progress(progress)
    if deploy_score is None:
        raise TypeError("estimate_skew needs deploy_score: the classifier's scores on unlabelled deployment data")
    labels, (score,), weights = labelled_rows(data, [("y_score", y_score)], y_true=y_true,
                                              sample_weight=sample_weight, func="estimate_skew", skew_arg=None)
    grouped = _Grouped(labels, score, deploy_score, weights, pos_label)
    return _run(grouped, quantifier, confidence, n_boot, random_state, progress)


def _jackknife(grouped, method, est, rng):
    """Stratified leave-block-out jackknife: ``(bias, standard error)`` of the estimate, summed over the pools.

    With ``m`` blocks in a pool and ``t_b`` the estimate without block ``b``:
    bias ``(m - 1)(mean t - est)`` and variance ``(m - 1)/m sum (t_b - mean t)^2``.
    """
    values = [[], [], []]
    for pool, counts in grouped.leave_block_out(rng):
        values[pool].append(_estimate(counts, method, grouped.bins)[0])
    bias = var = 0.0
    for v in values:
        v = np.asarray(v)
        v = v[np.isfinite(v)]
        if v.size > 1:
            bias += (v.size - 1) * (v.mean() - est)
            var += (v.size - 1) / v.size * np.sum((v - v.mean()) ** 2)
    return float(bias), float(np.sqrt(var))


def boundary_estimate(grouped, method, confidence):
    """The boundary estimate of deployment scores all in one test score group (``_quantifiers.one_group``), warned."""
    g, m, name = grouped.one_group, grouped.n_deploy, grouped.deploy_name
    asc, k = grouped.asc, grouped.asc.size
    where = (f"at or above {asc[-1]:.6g}" if g == 0 else f"below {asc[1]:.6g}" if g == k - 1 else
             f"in [{asc[k - 1 - g]:.6g}, {asc[k - g]:.6g})")
    if confidence is not None:
        confidence = check_scalar(confidence, "confidence", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    est, low, high, details = q.one_group(grouped.counts(), g, m, confidence)
    if est is None:
        raise ValueError(
            f"the deployment skew cannot be identified from {name}: its {m} score(s) all fall in one score group "
            f"of the test set ({where}), where the positives and negatives of the test set are equally likely "
            "(likelihood ratio 1), so every skew predicts them equally; give deployment scores that spread over "
            "the test scores' range"
        )
    side = "at or above" if est else "at or below"
    said = "" if confidence is None else (
        f"; the {100 * confidence:g}% interval [{low:.4g}, {high:.4g}] is the one-sided binomial bound of all of "
        f"them falling {side} that group" if details["reached"] else
        f"; no skew makes all {m} of them fall {side} that group with probability {1 - confidence:.3g} or more (at "
        f"most {details['largest_chance']:.3g}): prior shift does not explain them, and the interval closes on "
        "the boundary")
    warnings.warn(
        f"the deployment skew sits on the boundary pi' = {est:g}: the {m} score(s) of {name} all fall in one score "
        f"group of the test set ({where}), so only one point of the mixture pi' f+ + (1 - pi') f- is seen{said}",
        UserWarning, stacklevel=5)
    return SkewEstimate(est, low, high, confidence, method, grouped.test_skew, m, details, None)


def _run(grouped, method, confidence, n_boot, random_state, progress=False):
    if grouped.one_group is not None:
        return boundary_estimate(grouped, method, confidence)
    if confidence is not None:
        confidence = check_scalar(confidence, "confidence", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
        n_boot = check_int(n_boot, "n_boot", lo=2)
        check_memory(8 * n_boot, f"n_boot={n_boot} replicates", reduce="lower n_boot")
        # One Python turn per replicate, each drawing every test row and regrouping the deployment sample.
        rows = sum(r[0].size for r in grouped.rows) + grouped.n_deploy
        check_work(n_boot * (rows + 1000), f"n_boot={n_boot} replicates of {rows} rows", reduce="lower n_boot")
    est, details = _estimate(grouped.counts(), method, grouped.bins)
    if not np.isfinite(est):
        raise ValueError("y_score does not separate the classes of y_true (TPR - FPR is 0 everywhere); "
                         "the deployment skew cannot be estimated from these scores")
    low = high = dist = None
    if confidence is not None:
        rng = as_generator(random_state)
        dist = np.empty(n_boot)
        with bar(n_boot, "estimate_skew", progress, unit="replicate") as shown:
            for b in range(n_boot):
                dist[b] = _estimate(grouped.resample(rng), method, grouped.bins)[0]
                shown.update(1)
        dist = dist[np.isfinite(dist)]
        # The calibration (and HDy's bins) are fitted on the test set, which makes the estimate biased
        # towards the test set's skew by about half its standard error with 2000 test positives; the
        # bootstrap finds about half that bias and, with the isotonic calibration, understates the
        # spread by 10-20 %.  The interval is centred on the jackknife's bias-corrected estimate, and
        # its width is the larger of the two standard errors (coverage in the user guide).
        bias, se_jack = _jackknife(grouped, method, est, rng)
        se = max(se_jack, float(np.std(dist, ddof=1)) if dist.size > 1 else 0.0)
        half = float(ndtri(0.5 + 0.5 * confidence)) * se
        low, high = (float(np.clip(v, 0.0, 1.0)) for v in (est - bias - half, est - bias + half))
        # Near 0 or 1 the estimate is truncated there and the jackknife's bias correction can move the
        # interval past it; the interval then reaches out to the estimate, which it always holds.
        low, high = min(low, est), max(high, est)
        details = {**details, "jackknife_bias": bias, "jackknife_se": se_jack}
    return SkewEstimate(est, low, high, confidence, method, grouped.test_skew, grouped.n_deploy, details, dist)
