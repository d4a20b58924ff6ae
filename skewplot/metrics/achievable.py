"""Best, worst and random rankings of soft-labelled data [K Theorem 1]."""

from __future__ import annotations

import numpy as np

from .._memory import check_memory, check_work
from .._validate import (
    check_1d_array,
    check_choice,
    check_int,
    check_nonnegative,
    check_same_length,
)
from .auc import aucpr
from .points import OperatingPoints

__all__ = ["achievable_curve", "random_rankings_aucpr"]


def _weights(pos_weight, neg_weight):
    pw = check_1d_array(pos_weight, "pos_weight")
    if neg_weight is None:
        if not np.isfinite(pw).all() or pw.min() < 0 or pw.max() > 1:
            raise ValueError("pos_weight must lie in [0, 1] when neg_weight is not given")
        return pw, 1.0 - pw
    check_nonnegative(pw, "pos_weight")
    nw = check_nonnegative(check_1d_array(neg_weight, "neg_weight"), "neg_weight")
    check_same_length(("pos_weight", pw), ("neg_weight", nw))
    return pw, nw


def achievable_curve(pos_weight, neg_weight=None, *, kind="max"):
    """Operating points of the best, worst or random classifier for soft labels.

    By [K] Theorem 1 the continuous AUC-PR is largest when the points are
    ranked by their share of positive weight, ``pos / (pos + neg)``, from the
    largest share down, and smallest in the reverse order.  With hard labels
    (weights 0/1) the best curve is the perfect one and the worst puts every
    negative first.

    Parameters
    ----------
    pos_weight : array-like of shape (n,)
        Positive weight of each point (a soft label in [0, 1] when
        ``neg_weight`` is omitted).
    neg_weight : array-like of shape (n,), optional
        Negative weight; defaults to ``1 - pos_weight``.
    kind : {"max", "min", "random"}
        ``"random"`` is the expected random ranking: the straight ROC line
        from (0, 0) to (1, 1), whose precision is the class ratio everywhere.

    Returns
    -------
    OperatingPoints
        Thresholds are the shares (negated for ``"min"``).

    See Also
    --------
    random_rankings_aucpr : the spread of AUC-PR over random rankings.

    Examples
    --------
    >>> import skewplot as sp
    >>> w = [0.9, 0.8, 0.3, 0.1]
    >>> best = sp.achievable_curve(w, kind="max")
    >>> worst = sp.achievable_curve(w, kind="min")
    >>> sp.aucpr(worst) < sp.aucpr(sp.achievable_curve(w, kind="random")) < sp.aucpr(best)
    True
    """
    check_choice(kind, "kind", ("max", "min", "random"))
    pw, nw = _weights(pos_weight, neg_weight)
    if kind == "random":
        n_pos, n_neg = float(pw.sum()), float(nw.sum())
        if n_pos <= 0 or n_neg <= 0:
            raise ValueError("pos_weight and neg_weight must each have a positive sum")
        return OperatingPoints.from_counts([0.0, n_pos], [0.0, n_neg], n_pos, n_neg)
    total = pw + nw
    share = np.divide(pw, np.where(total > 0, total, 1.0))
    return OperatingPoints.from_weights(share if kind == "max" else -share, pw, nw)


def random_rankings_aucpr(pos_weight, neg_weight=None, *, n_rankings=1000, interpolation="continuous",
                          random_state=None):
    """AUC-PR of random rankings of the same (soft-labelled) data, as [K] Fig 1's grey curves.

    Parameters
    ----------
    pos_weight, neg_weight : array-like of shape (n,)
        As in :func:`achievable_curve`.
    n_rankings : int, default=1000
    interpolation : str, default="continuous"
        Passed to :func:`skewplot.aucpr`.
    random_state : int or numpy Generator, optional

    Returns
    -------
    ndarray of shape (n_rankings,)
        Their median is close to the class ratio.
    """
    pw, nw = _weights(pos_weight, neg_weight)
    n_rankings = check_int(n_rankings, "n_rankings", lo=1)
    check_memory(8 * n_rankings, f"n_rankings={n_rankings} areas", reduce="lower n_rankings")
    # One Python turn per ranking (a thousand steps) around a sort of the n rows.
    n = pw.size
    check_work(n_rankings * (n * max(np.log2(n), 1.0) + 1000), f"n_rankings={n_rankings} rankings of {n} rows",
               reduce="lower n_rankings")
    rng = np.random.default_rng(random_state)
    out = np.empty(n_rankings)
    for k in range(n_rankings):
        pts = OperatingPoints.from_weights(rng.permutation(pw.size).astype(float), pw, nw)
        out[k] = aucpr(pts, interpolation=interpolation)
    return out
