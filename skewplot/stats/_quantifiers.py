"""Class-prior estimators on grouped counts: ACC, PACC, median sweep, HDy, maximum likelihood.

Every estimator sees the labelled test set and the deployment sample through
the same three weight vectors over the test set's distinct scores, in
decreasing order (the groups of :func:`skewplot.operating_points`): the
positive and negative test weight of each group and the deployment weight
that falls into it (a deployment score belongs to the group of the largest
test threshold at or below it; scores below the lowest test score join the
lowest group).  A bootstrap replicate only redraws these vectors, so no
estimator sorts anything.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import isotonic_regression, minimize_scalar

# Forman (2008): the median sweep keeps thresholds whose TPR - FPR exceeds this.
_SWEEP_MIN_GAP = 0.25
HDY_BINS = 30
_XATOL = 1e-7


class Counts:
    """Test positives, test negatives and deployment weight per score group (decreasing score)."""

    __slots__ = ("pos", "neg", "dep", "n_pos", "n_neg", "n_dep", "tpr", "fpr", "q")

    def __init__(self, pos, neg, dep):
        self.pos, self.neg, self.dep = pos, neg, dep
        self.n_pos, self.n_neg, self.n_dep = pos.sum(), neg.sum(), dep.sum()
        # Point k predicts positive the groups 0..k-1 (point 0 is the empty prediction).
        self.tpr = np.concatenate(([0.0], np.cumsum(pos) / self.n_pos))
        self.fpr = np.concatenate(([0.0], np.cumsum(neg) / self.n_neg))
        self.q = np.concatenate(([0.0], np.cumsum(dep) / self.n_dep))


def _adjust(q, tpr, fpr):
    """The adjusted count ``(q - FPR) / (TPR - FPR)`` [Forman 2008], unclipped."""
    return (q - fpr) / (tpr - fpr)


def acc(c, k=None):
    """Adjusted classify-and-count at point ``k``; by default the point maximising TPR - FPR."""
    if k is None:
        k = int(np.argmax(c.tpr - c.fpr))
    gap = c.tpr[k] - c.fpr[k]
    est = float(np.clip(_adjust(c.q[k], c.tpr[k], c.fpr[k]), 0.0, 1.0)) if gap > 0 else np.nan
    return est, {"point": k, "tpr": float(c.tpr[k]), "fpr": float(c.fpr[k]), "deploy_rate": float(c.q[k])}


def median_sweep(c):
    """Median of the adjusted counts over every threshold with TPR - FPR > 0.25 [Forman 2008]."""
    gap = c.tpr - c.fpr
    keep = gap > _SWEEP_MIN_GAP
    if not keep.any():
        keep = gap >= gap.max()
    vals = _adjust(c.q[keep], c.tpr[keep], c.fpr[keep])
    return float(np.clip(np.median(vals), 0.0, 1.0)), {"n_thresholds": int(keep.sum())}


def calibrated(c):
    """Posterior of the positive class at each group, at the test set's own prior.

    Isotonic (pool-adjacent-violators) regression of the label on the score
    rank, by :func:`scipy.optimize.isotonic_regression`: the non-parametric
    calibration whose likelihood ratios are the slopes of the test set's ROC
    convex hull.  Groups of zero test weight (in a bootstrap replicate) take
    the value of the nearest group above them.
    """
    w = c.pos + c.neg
    live = np.flatnonzero(w > 0)
    fit = isotonic_regression(c.pos[live] / w[live], weights=w[live], increasing=False).x
    idx = np.maximum.accumulate(np.where(w > 0, np.arange(w.size), 0))
    out = np.empty(w.size)
    out[live] = fit
    head = live[0]
    out[:head] = fit[0]
    out[head:] = out[idx[head:]]
    return np.clip(out, 0.0, 1.0)


def odds_weights(p, prior):
    """``a = r / (1 + r)`` with ``r = f+(s) / f-(s)``, from posteriors ``p`` at ``prior``."""
    num = p * (1.0 - prior)
    den = num + (1.0 - p) * prior
    return np.divide(num, den, out=np.full(p.shape, 0.5), where=den > 0)


def one_group(c, g, m, confidence=None):
    """``(estimate, low, high, details)`` of ``m`` deployment scores all in score group ``g``; estimate None if 1.

    The sample shows one point of the mixture ``pi' f+ + (1 - pi') f-``, and
    its likelihood is largest at a boundary: ``pi' = 1`` where the group's
    likelihood ratio ``f+/f-`` exceeds 1, ``0`` where it is below (the ratio
    of the calibrated posteriors, as :func:`maximum_likelihood` reads it;
    whatever the quantifier, only this is seen).  With ``confidence`` the
    interval is the exact one-sided binomial set of the skews under which
    all ``m`` scores falling at or above the group (for ``pi' = 1``; at or
    below it for ``0``) has probability ``1 - confidence`` or more,
    ``{pi' : (pi' T+ + (1 - pi') T-)^m >= 1 - confidence}`` with ``T+``,
    ``T-`` the shares of the test positives and negatives there: the
    deployment sample's error, not the test set's.  Where no skew reaches
    it (``details["reached"]`` False: prior shift does not explain the
    sample) it closes on the boundary.
    """
    a = odds_weights(calibrated(c), c.n_pos / (c.n_pos + c.n_neg))[g]  # r / (1 + r), r = f+/f-
    if abs(a - 0.5) <= 1e-12:
        return None, None, None, {}
    est = 1.0 if a > 0.5 else 0.0
    t_pos, t_neg = (c.tpr[g + 1], c.fpr[g + 1]) if est else (1.0 - c.tpr[g], 1.0 - c.fpr[g])
    details = {"boundary": est, "likelihood_ratio": float(a / (1.0 - a)) if a < 1 else np.inf,
               "tail_share_pos": float(t_pos), "tail_share_neg": float(t_neg),
               "largest_chance": float(max(t_pos, t_neg) ** m)}
    if confidence is None:
        return est, None, None, details
    need = (1.0 - confidence) ** (1.0 / m)
    details["reached"] = bool(max(t_pos, t_neg) >= need)
    if not details["reached"]:
        return est, est, est, details
    if t_pos == t_neg:
        return est, 0.0, 1.0, details
    cut = float(np.clip((need - t_neg) / (t_pos - t_neg), 0.0, 1.0))  # the chance is linear in pi'
    low, high = (cut, 1.0) if t_pos > t_neg else (0.0, cut)
    return est, min(low, est), max(high, est), details


def pacc(c, p=None):
    """Probabilistic ACC: mean calibrated posterior, adjusted by its class-conditional means [Bella et al. 2010]."""
    if p is None:
        p = calibrated(c)
    e_pos = float(np.sum(p * c.pos) / c.n_pos)
    e_neg = float(np.sum(p * c.neg) / c.n_neg)
    mean = float(np.sum(p * c.dep) / c.n_dep)
    est = float(np.clip(_adjust(mean, e_pos, e_neg), 0.0, 1.0)) if e_pos > e_neg else np.nan
    return est, {"mean_posterior": mean, "mean_posterior_pos": e_pos, "mean_posterior_neg": e_neg}


def _bounded_max(objective):
    """Maximiser of a concave function of pi' on [0, 1] (Brent's bounded method)."""
    res = minimize_scalar(lambda x: -objective(x), bounds=(0.0, 1.0), method="bounded",
                          options={"xatol": _XATOL})
    return float(res.x)


def maximum_likelihood(c, p=None):
    """Maximum-likelihood prior of the deployment sample [Saerens et al. 2002].

    With the likelihood ratio ``r = f+/f-`` of every group (from the
    calibrated posteriors), the deployment log-likelihood is, up to a
    constant, ``sum_j d_j log(pi' a_j + (1 - pi')(1 - a_j))`` with
    ``a = r / (1 + r)``: concave in ``pi'``.  Saerens' EM iterates to its
    maximiser; here it is maximised directly.
    """
    if p is None:
        p = calibrated(c)
    prior = c.n_pos / (c.n_pos + c.n_neg)
    a = odds_weights(p, prior)
    # a is monotone in the group order: one term per run of equal values.
    starts = np.flatnonzero(np.concatenate(([True], a[1:] != a[:-1])))
    a, d = a[starts], np.add.reduceat(c.dep, starts) / c.n_dep
    live = d > 0
    a, d = a[live], d[live]

    def loglik(x):
        with np.errstate(divide="ignore"):
            return float(np.sum(d * np.log(x * a + (1.0 - x) * (1.0 - a))))

    return _bounded_max(loglik), {"test_prior": float(prior)}


def hdy_bins(pos, neg, n_bins=HDY_BINS):
    """Bin of each group: ``n_bins`` bins holding equal shares of the test set's weight."""
    w = pos / pos.sum() + neg / neg.sum()  # each class counts equally, as HDy's two histograms
    before = np.cumsum(w) - w
    return np.minimum((before / w.sum() * n_bins).astype(np.intp), n_bins - 1)


def hdy(c, bins):
    """Hellinger-distance prior (HDy) [González-Castro et al. 2013].

    The deployment histogram is matched to the mixture ``pi' h+ + (1 - pi') h-``
    of the test classes' histograms (equal-weight score bins) by minimising
    the Hellinger distance, i.e. maximising the Bhattacharyya coefficient
    ``sum sqrt(h' m(pi'))``, concave in ``pi'``.
    """
    n_bins = int(bins.max()) + 1
    hp = np.bincount(bins, c.pos, n_bins) / c.n_pos
    hn = np.bincount(bins, c.neg, n_bins) / c.n_neg
    hd = np.bincount(bins, c.dep, n_bins) / c.n_dep

    def bc(x):
        return float(np.sqrt(hd * (x * hp + (1.0 - x) * hn)).sum())

    est = _bounded_max(bc)
    return est, {"n_bins": n_bins, "hellinger": float(np.sqrt(max(0.0, 1.0 - bc(est))))}
