"""Choosing a decision threshold by F-measure or by expected cost [S §3.4.1, §4.1]."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validate import check_scalar
from ..skew import FixedSkew
from ._inputs import METRIC_INPUT_PARAMS, keyword_after_points, one_classifier, skew_by_name
from .cost import _nec, probability_cost
from .fmeasure import _envelope_candidates, _f_at
from .fweight import _check_alpha, resolve_f_weight
from .hull import frontier_hull
from .multiclass import OneVsRest
from .per_class import each_class
from .precision import _check_points, skew_model_of

__all__ = ["ThresholdChoice", "best_threshold"]

# Relative tolerance under which two candidates count as tied (rounding only).
_TIE_RTOL = 1e-12


@dataclass(frozen=True)
class ThresholdChoice:
    """The best operating point of a soft classifier for one operating condition.

    Attributes
    ----------
    criterion : {"f", "cost"}
        Maximised F_alpha, or minimised normalised expected cost.
    value : float
        The F_alpha or NEC reached.
    skew : float
        The deployment skew pi = P(+) used.
    pc : float or None
        The probability cost ``PC(+)`` (cost criterion only).
    index : int
        Index into the operating points of the chosen threshold.
    threshold : float or None
        Its score threshold (predict positive where ``score >= threshold``);
        None when the points carry no thresholds.
    tpr, fpr : float
        The ROC point reached (a mix of two points when ``mixed``).
    mixed : bool
        True when the optimum lies strictly between two ROC-hull vertices, as
        under ``max_fpr``: no single threshold reaches it, but deciding with
        ``threshold_b`` on a random share ``proportion`` of the inputs and
        with ``threshold`` on the rest does (in expectation) [S §4.1].
    index_b, threshold_b : int or None, float or None
        The second hull vertex of the mix.
    proportion : float
        Share of decisions taken with ``threshold_b`` (0 unless ``mixed``).
    alternatives : tuple of int
        Other points that reach the same value (a tie: the operating
        condition sits on a breakpoint of the envelope, so the whole hull
        edge between them is optimal).
    """

    criterion: str
    value: float
    skew: float
    pc: float | None
    index: int
    threshold: float | None
    tpr: float
    fpr: float
    mixed: bool = False
    index_b: int | None = None
    threshold_b: float | None = None
    proportion: float = 0.0
    alternatives: tuple = ()


def _fixed_skew(pts, skew):
    model = skew_model_of(pts, skew)
    if not isinstance(model, FixedSkew):
        raise TypeError(
            f"skew must be a single deployment skew (a float, None or FixedSkew) to choose a threshold, "
            f"got {type(model).__name__}"
        )
    return model.value


def _cut(tpr, fpr, frontier, max_fpr):
    """The hull edge crossing ``FPR = max_fpr``: (a, b, q, tpr) or None.

    ``a``, ``b`` are its vertices, ``q`` the share of ``b`` in the mix that
    lands on ``FPR = max_fpr``, ``tpr`` the TPR reached there.
    """
    f = fpr[frontier]
    j = int(np.searchsorted(f, max_fpr, side="right")) - 1
    if j < 0 or j + 1 >= frontier.size or f[j] == max_fpr:
        return None
    a, b = int(frontier[j]), int(frontier[j + 1])
    q = (max_fpr - fpr[a]) / (fpr[b] - fpr[a])
    return a, b, q, tpr[a] + q * (tpr[b] - tpr[a])


@skew_by_name
def best_threshold(data=None, y_score=None, *, skew=None, f_alpha=None, beta=None, m=None, max_fpr=None,
                   y_true=None, sample_weight=None, pos_label=None):
    """The threshold with the best F_alpha or the lowest expected cost at a skew.

    Give exactly one of ``beta`` (maximise F_beta; ``beta=1`` is F1),
    ``f_alpha`` (maximise F_alpha [S Eq 10], ``f_alpha = 1 / (1 + beta**2)``) or ``m``
    (minimise the normalised expected cost [S Eq 7] at
    ``PC(+) = probability_cost(skew, m)``).  Both objectives reach their
    optimum on the ROC convex hull (NEC is linear in the rates, F a ratio of
    affine functions of them), so only hull vertices are compared; the result
    equals a search over every point.

    Parameters
    ----------
%(metric_input_params)s    skew : None, float in (0, 1), FixedSkew or SkewEstimate
        Deployment skew pi = P(+); None for the data set's own.  (Given
        second, after points, it still works for one release, with a
        DeprecationWarning.)  With a :class:`~skewplot.OneVsRest` ``data``, a
        prior vector ``{class: prior}`` or a PriorEstimate: each class's best
        threshold against the rest as the vector mixes it, at its own prior
        (a ``PerClass`` of ThresholdChoice; the lowest cost or best F per class).
    f_alpha : float in [0, 1], optional
        Weight of precision in F_alpha (0.5 is F1; 1 is precision alone).
    beta : float >= 0, optional
        F_beta: the same as ``f_alpha = 1 / (1 + beta**2)`` (1 is F1).
    m : float in [0, 1], optional
        Relative cost of a false positive, ``C_FP / (C_FP + C_FN)``.
    max_fpr : float in [0, 1], optional
        Neyman-Pearson limit: only operating points with ``FPR <= max_fpr``.
        The best is then often a mix of the two hull vertices around
        ``max_fpr`` (see ``mixed`` in :class:`ThresholdChoice`).

    Returns
    -------
    ThresholdChoice or PerClass

    Notes
    -----
    Without ``max_fpr`` one threshold (a hull vertex) always reaches the
    optimum.  When the skew sits exactly on a breakpoint of the envelope the
    neighbouring vertex ties and is listed in ``alternatives``: the whole hull
    edge between them, every mix of the two thresholds, is optimal.  [S §4.1]
    interpolates between adjacent thresholds because its envelope is sampled
    on a grid of skews; here the envelope is exact.  With ``max_fpr`` the
    optimum can lie strictly inside a hull edge and is reported as a mix.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.operating_points([0, 0, 1, 0, 1, 1], [0.1, 0.3, 0.4, 0.5, 0.8, 0.9])
    >>> best = sp.best_threshold(pts, skew=0.5, f_alpha=0.5)
    >>> best.threshold, round(best.value, 4)
    (0.4, 0.8571)
    >>> cheap = sp.best_threshold(pts, skew=0.8, m=0.5, max_fpr=0.2)
    >>> cheap.mixed, cheap.threshold, cheap.threshold_b, round(cheap.proportion, 4)
    (True, 0.8, 0.4, 0.6)
    >>> round(cheap.tpr, 4), round(cheap.value, 4)
    (0.8667, 0.1467)
    """
    if isinstance(data, OneVsRest):  # each class against the rest, at its own prior
        return each_class(best_threshold, data, skew, (y_score, y_true, sample_weight, pos_label), f_alpha=f_alpha,
                          beta=beta, m=m, max_fpr=max_fpr)
    y_score, skew = keyword_after_points(data, y_score, skew, "skew", "best_threshold", required=False)
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="best_threshold", bounded=False)
    _check_points(pts)
    given = [k for k, v in (("f_alpha", f_alpha), ("beta", beta), ("m", m)) if v is not None]
    if len(given) != 1:
        raise TypeError("give exactly one of beta or f_alpha (best F-measure; beta=1 is F1) or m (lowest expected "
                        f"cost); got {', '.join(given) if given else 'none'}")
    if beta is not None:
        f_alpha = resolve_f_weight(beta=beta)
    pi = _fixed_skew(pts, skew)
    if max_fpr is not None:
        max_fpr = check_scalar(max_fpr, "max_fpr", lo=0.0, hi=1.0)
    tpr, fpr = np.asarray(pts.tpr), np.asarray(pts.fpr)
    frontier = frontier_hull(tpr, fpr)
    if f_alpha is not None:
        f_alpha = _check_alpha(f_alpha)
        cand = _envelope_candidates(tpr, fpr, f_alpha)
        pc, sign = None, 1.0

        def score(t, f):
            return _f_at(t, f, pi, f_alpha)
    else:
        pc = probability_cost(pi, m)
        cand, sign = frontier, -1.0  # minimise

        def score(t, f):
            return _nec(t, f, pc)

    cut = None
    if max_fpr is not None:
        cut = _cut(tpr, fpr, frontier, max_fpr)
        cand = cand[fpr[cand] <= max_fpr]
        if cand.size == 0 and cut is None:
            raise ValueError(
                "max_fpr leaves only the empty prediction, whose precision (f_alpha=1) is undefined"
            )
    thr = pts.thresholds
    best, choice = -np.inf, {}
    if cand.size:
        values = sign * score(tpr[cand], fpr[cand])
        k = int(np.argmax(values))
        best, i = values[k], int(cand[k])
        tol = _TIE_RTOL * max(1.0, abs(best))
        choice = dict(
            index=i,
            tpr=float(tpr[i]),
            fpr=float(fpr[i]),
            alternatives=tuple(int(j) for j in cand[values >= best - tol] if j != i),
        )
    if cut is not None:
        a, b, q, t_cut = cut
        cut_value = sign * float(score(t_cut, max_fpr))
        if cut_value > best + _TIE_RTOL * max(1.0, abs(cut_value)):
            best = cut_value
            choice = dict(index=a, tpr=float(t_cut), fpr=max_fpr, mixed=True, index_b=b,
                          threshold_b=None if thr is None else float(thr[b]), proportion=float(q))
    i = choice["index"]
    return ThresholdChoice(
        criterion="f" if f_alpha is not None else "cost",
        value=float(sign * best),
        skew=pi,
        pc=None if pc is None else float(pc),
        threshold=None if thr is None else float(thr[i]),
        **choice,
    )


best_threshold.__doc__ = best_threshold.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
