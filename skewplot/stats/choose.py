"""Choosing a threshold when the deployment skew is uncertain, with what it will do out there.

The exact objective of every threshold under each risk is in :mod:`skewplot.metrics.decide`; this module
adds the risk ``"chance"`` and the intervals, which resample the test set (replicate ROC polylines from
:mod:`skewplot.stats._resample`, no re-sorting) and draw a deployment skew for each replicate from the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .._defaults import N_BOOT_DECISION
from .._memory import check_memory
from .._progress import check_progress
from .._validate import check_bool, check_choice, check_int, check_scalar
from ..metrics import decide
from ..metrics._inputs import require_skew, skew_by_name
from ..metrics.fweight import resolve_f_weight
from ..metrics.multiclass import OneVsRest
from ..metrics.points import OperatingPoints
from ..metrics.precision import skew_model_of
from ..skew import FixedSkew, SkewRange, SkewSeries
from . import _resample
from ._checks import as_generator
from ._deployed import _REPORTED, _report, _values
from ._inputs import labelled_rows
from .bootstrap import points_of, read_rows, replicate_rates
from .class_decision import choose_for_classes, report_classes
from .exact_bootstrap import exact_intervals
from .prior_shift import SkewEstimate

__all__ = ["ThresholdDecision", "choose_threshold", "report_at"]



@dataclass(frozen=True)
class ThresholdDecision:
    """Result of :func:`skewplot.choose_threshold` (immutable).

    Attributes
    ----------
    threshold : float or None
        Predict positive where ``score >= threshold`` (``inf``: never; None
        for operating points built without thresholds).
    index : int
        Its index into the operating points.
    target, risk : str
    value : float
        The objective under the risk: expected (or worst-case) NEC, F_beta or
        precision; the largest regret; for ``"chance"`` the objective met with
        probability ``level`` (precision, recall: the probability itself).
    recall, precision, fpr, cost : float
        At the deployment skew: recall and FPR (skew-free), precision and the
        normalised expected cost [S Eq 7] averaged over the skew model.
    counts : dict
        Expected ``tp``, ``fp``, ``fn``, ``tn`` per 10 000 deployed cases.
    intervals : dict or None
        With ``confidence``: ``(low, high)`` of each of ``recall``,
        ``precision``, ``fpr``, ``cost``, ``tp``, ``fp``, ``fn``, ``tn``: the
        percentile interval over bootstrap replicates of the test set, each
        evaluated at a skew drawn from the model (both uncertainties at once).
    skew : SkewModel
        The deployment skew model used.
    confidence : float or None
    n_boot : int
        Replicates drawn (0 when none were needed).
    """

    threshold: float | None
    index: int
    target: str
    risk: str
    value: float
    recall: float
    precision: float
    fpr: float
    cost: float
    counts: dict
    intervals: dict | None
    skew: object = field(repr=False)
    confidence: float | None = None
    n_boot: int = 0


def _skew_spec(skew, pts):
    """(model, (lo, hi), draws) of the ``skew`` argument; ``draws`` are the estimate's bootstrap skews."""
    if isinstance(skew, SkewEstimate):
        if not 0.0 < skew.estimate < 1.0:
            raise ValueError(f"skew: the estimated deployment skew is {skew.estimate:g}; a threshold needs "
                             "a skew strictly between 0 and 1")
        dist = skew.distribution
        if dist is None:
            model, bounds = FixedSkew(skew.estimate), (skew.estimate, skew.estimate)
        else:
            # The series' trapezoid rule gives its two end samples half a weight each: the first
            # sample repeated at the end makes every estimate weigh the same.
            dist = np.clip(dist, 0.0, 1.0)
            model = SkewSeries(np.append(dist, dist[0]))
            bounds = (skew.low, skew.high)
        return model, bounds, dist
    if skew is None:
        raise TypeError("skew is required: the deployment skew as a number, a (lo, hi) range, a skew model "
                        "or a SkewEstimate (see skewplot.estimate_skew)")
    model = skew_model_of(pts, skew)
    return model, decide.skew_bounds(model), None


def draw_skews(model, draws, rng, n):
    if draws is not None:
        return rng.choice(draws, size=n)
    if isinstance(model, FixedSkew):
        return np.full(n, model.value)
    if isinstance(model, SkewRange) and model.uniform:
        return rng.uniform(model.lo, model.hi, size=n)
    pi, w = model.nodes()
    return rng.choice(pi, size=n, p=w)


def _replicates(pts, score, is_pos, w, model, draws, n_boot, rng, cols, progress):
    """Rates of the points ``cols`` on ``n_boot`` replicates, and one skew per replicate."""
    check_memory(16 * n_boot * cols.size, f"n_boot={n_boot} replicates of {cols.size} thresholds", "lower n_boot")
    tpr, fpr = replicate_rates(pts, score, is_pos, w, cols, n_boot, rng, progress, "choose_threshold")
    return tpr, fpr, draw_skews(model, draws, rng, n_boot)


def _pick(good, target, value, tpr, what):
    """Index into ``good`` of the choice: the best goodness, or the most recall (or least FPR) that meets ``value``."""
    if target in ("cost", "fbeta"):
        return int(np.argmax(good))
    ok = decide.meets(good, value)
    if not ok.any():
        raise ValueError(f"value: no threshold reaches {target} >= {value:g} {what}; the most reached is "
                         f"{float(np.max(good)):.4g}")
    if target == "recall":
        return int(np.argmax(ok))  # the highest threshold: fewest false positives
    return int(np.flatnonzero(ok & (tpr == tpr[ok].max()))[0])


@skew_by_name
def choose_threshold(data=None, y_score=None, *, skew=None, target, value=None, m=0.5, beta=None, risk="expected",
                     level=0.9, confidence=None, n_boot=N_BOOT_DECISION, y_true=None, sample_weight=None,
                     pos_label=None, random_state=None, progress=True):
    """The threshold to deploy when the deployment skew is known only as a number, a range or a distribution.

    Every threshold is evaluated (no grid), each with the exact one-skew formulas of cost, F and precision
    space, and the best under ``risk`` is returned with what it does at the deployment skew.

    Parameters
    ----------
    data : array-like, DataFrame, OperatingPoints or OneVsRest
        Labels (with ``y_score``), a table whose columns ``y_true=``, ``y_score=`` name, or
        operating points (not for ``risk="chance"``/``confidence``, which resample rows).  Multiclass
        (a OneVsRest, or an ``(n, K)`` ``y_score``): a ``PerClass`` of decisions, each class against the
        rest at its prior (``skew={class: prior}`` or a PriorEstimate; intervals from the per-class counts);
        ``target="argmax"``: Bayes' rule at the priors (:func:`~skewplot.expected_confusion`).
    y_score, y_true : array-like or str, optional
        Scores (positive where ``score >= threshold``) and labels, or their columns in ``data``.
    skew : float, (lo, hi), SkewModel or SkewEstimate
        The deployment skew pi' (required).  A :class:`~skewplot.SkewEstimate` with an interval stands for
        the distribution of its bootstrap estimates (its interval for ``"worst"`` and ``"regret"``).
    target : {"cost", "fbeta", "precision", "recall", "argmax"}
        Minimise the normalised expected cost [S Eq 7] with cost weight ``m``; maximise F_beta; or reach
        precision (recall) at least ``value`` with the most recall (the fewest false positives); equal to
        ``value`` to the counts' rounding meets it (``decide.MEET_RTOL``).  "argmax": multiclass only.
    value : float in [0, 1], optional (the precision or recall to reach, those targets only)
    m : float in [0, 1], default=0.5 (relative cost of a false positive, ``C_FP / (C_FP + C_FN)``)
    beta : float >= 0, optional (the F_beta weight; None: F1)
    risk : {"expected", "worst", "regret", "chance"}, default="expected"
        ``"expected"``: the objective averaged over the skew model.
        ``"worst"``: its worst over the model's skews (the range's ends, the
        series' extremes, the estimate's interval).  ``"regret"``: the
        smallest largest shortfall against the best threshold at each of
        those skews.  ``"chance"``: the target met with probability at least
        ``level`` over test-set sampling (bootstrap) and the skew's
        uncertainty (one skew drawn per replicate); for cost and F, the
        threshold whose objective reached with that probability is best.
        For precision and recall targets ``"regret"`` is ``"worst"``: a
        threshold that misses the target at some skew has unbounded regret,
        and among the others the regret is largest where the best reaches
        the most recall, at the same skew for all.
    level : float in (0, 1), default=0.9
        The probability of ``"chance"``.
    confidence : float in (0, 1), optional
        Give intervals of the reported recall, precision, FPR, cost and counts.
    n_boot : int, default=1000
        Bootstrap replicates for ``"chance"`` and ``confidence``.
    sample_weight, pos_label, random_state
        Row weights, the positive class and the seed.
    progress : bool, default=True
        Show a progress bar of the replicates once the call has run for 2 s.

    Returns
    -------
    ThresholdDecision

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(4000) < 0.1
    >>> s = rng.normal(size=4000) + 2.0 * y
    >>> d = sp.choose_threshold(y, s, skew=(0.005, 0.02), target="fbeta", risk="worst")
    >>> d.recall > 0, sorted(d.counts)
    (True, ['fn', 'fp', 'tn', 'tp'])
    >>> d = sp.choose_threshold(y, s, skew=0.01, target="precision", value=0.3, risk="chance",
    ...                         level=0.9, n_boot=300, random_state=0)
    >>> d.value >= 0.9
    True
    """
    if isinstance(data, OneVsRest) or target == "argmax" or np.ndim(y_score) == 2:  # multiclass: per class
        return choose_for_classes(data, y_score, binary=choose_threshold, y_true=y_true, sample_weight=sample_weight,
                                  skew=skew, target=target, value=value, m=m, beta=beta, risk=risk,
                                  confidence=confidence, n_boot=n_boot, random_state=random_state)
    require_skew(skew, data, y_score, "choose_threshold")
    check_choice(target, "target", decide.TARGETS)
    check_choice(risk, "risk", decide.RISKS)
    if target in ("precision", "recall"):
        if value is None:
            raise TypeError(f"target={target!r} needs value=, the {target} to reach")
        value = check_scalar(value, "value", lo=0.0, hi=1.0)
    elif value is not None:
        raise TypeError(f"value= is the precision or recall to reach; target={target!r} has none "
                        "(it is optimised)")
    m = check_scalar(m, "m", lo=0.0, hi=1.0)
    f_alpha = resolve_f_weight(beta=beta)
    level = check_scalar(level, "level", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    if confidence is not None:
        confidence = check_scalar(confidence, "confidence", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    resample, progress = risk == "chance" or confidence is not None, check_progress(progress)
    if isinstance(data, OperatingPoints):
        if y_score is not None:
            raise TypeError("give y_score with labels, not with OperatingPoints")
        if resample:
            raise TypeError("risk='chance' and confidence= resample the test rows: give the labels and "
                            "y_score, not OperatingPoints")
        pts, score, is_pos, w = data, None, None, None
    else:
        data, (score,), sample_weight = labelled_rows(data, [("y_score", y_score)], y_true=y_true, skew_arg=None,
                                                      sample_weight=sample_weight, func="choose_threshold")
        is_pos, (score,), w = read_rows(data, [("y_score", score)], sample_weight, pos_label)
        pts = points_of(is_pos, score, w)
    n_boot = check_int(n_boot, "n_boot", lo=1) if resample else 0
    model, bounds, draws = _skew_spec(skew, pts)
    rng = as_generator(random_state)
    kw = dict(m=m, f_alpha=f_alpha)
    tpr = np.asarray(pts.tpr, dtype=float)
    cand = np.arange(len(pts))
    if target == "precision":
        cand = cand[(tpr > 0) | (np.asarray(pts.fpr) > 0)]  # the empty prediction's precision is a limit
    sign = -1.0 if target == "cost" else 1.0
    vert, exact = _resample.vertices(pts) if resample else (None, None)
    if risk == "chance":
        cand = cand[exact[cand]]
        rt, rf, pis = _replicates(pts, score, is_pos, w, model, draws, n_boot, rng, vert[cand], progress)
        g = decide.goodness_at(rt, rf, pis[:, None], target, **kw)
        if target in ("cost", "fbeta"):
            k = int(np.floor((1.0 - level) * n_boot + 1e-9))
            good = np.partition(g, k, axis=0)[k]  # met with probability >= level
            j = _pick(good, target, value, tpr[cand], "")
            objective = sign * good[j]
        else:
            prob = decide.meets(g, value).mean(axis=0)
            ok = prob >= level
            if not ok.any():
                raise ValueError(f"value: no threshold reaches {target} >= {value:g} with probability "
                                 f">= {level:g}; the highest probability is {float(prob.max()):.3g}")
            j = _pick(np.where(ok, 1.0, 0.0), target, 1.0, tpr[cand], "")
            objective = float(prob[j])
    else:
        if risk == "expected" or (risk == "regret" and target == "recall"):
            good = decide.expected_goodness(pts, model, target, **kw)
        elif risk == "worst" or target == "precision":
            good = decide.worst_goodness(pts, bounds, target, **kw)
        else:
            good = -decide.max_regret(pts, bounds, target, **kw)
        j = _pick(good[cand], target, value, tpr[cand], f"under risk={risk!r}")
        objective = float(-good[cand][j]) if risk == "regret" and target in ("cost", "fbeta") \
            else float(sign * good[cand][j])
    i = int(cand[j])
    report = _report(pts, i, model, m)
    intervals = None
    if confidence is not None:
        rt, rf, pis = _replicates(pts, score, is_pos, w, model, draws, n_boot, rng, vert[[i]], progress)
        per = _values(rt[:, 0], rf[:, 0], pis, m)
        q = ((1.0 - confidence) / 2, (1.0 + confidence) / 2)
        intervals = {k: tuple(float(x) for x in np.quantile(per[k], q)) for k in _REPORTED}
    thr = pts.thresholds
    return ThresholdDecision(
        threshold=None if thr is None else float(thr[i]), index=i, target=target, risk=risk,
        value=float(objective), intervals=intervals, skew=model, confidence=confidence, n_boot=n_boot,
        counts={k: report[k] for k in ("tp", "fp", "fn", "tn")},
        **{k: report[k] for k in ("recall", "precision", "fpr", "cost")},
    )


def report_at(pts, index, skew, *, m=0.5, confidence=None, exact=False, n_boot=N_BOOT_DECISION, random_state=None):
    """What operating point ``index`` does at the deployment skew, as :func:`choose_threshold` reports it.

    The widgets' threshold readout: the same quantities (``_report``) at any point, and with ``confidence``
    the same percentile intervals, drawn from the points' counts alone in O(``n_boot``), whatever the number
    of rows.  In the stratified bootstrap of :func:`choose_threshold` (each class resampled from its own
    rows) the positives a replicate scores at or above the threshold are ``Binomial(n_pos, TPR)``, its
    negatives ``Binomial(n_neg, FPR)``, independent; those counts are drawn here, with one skew per
    replicate from the model as there.  Unit-weight rows only (non-integer counts are refused).

    Parameters
    ----------
    pts : OperatingPoints or OneVsRest
        A OneVsRest: ``index`` is ``{class: point}``, ``skew`` a prior vector or PriorEstimate; a ``PerClass``.
    index : int or mapping
        The operating point (``skewplot.plotting.threshold.threshold_index``).
    skew : float, (lo, hi), SkewModel, SkewEstimate, mapping or PriorEstimate
    m : float in [0, 1], default=0.5
    confidence : float in (0, 1), optional
    exact : bool, default=False
        The exact percentile interval of the count bootstrap (one fixed
        skew only: a range or distribution of skews is drawn, use False).
    n_boot : int, default=1000
    random_state : optional
        Replicates and seed of the Monte-Carlo interval (unused with ``exact``).

    Returns
    -------
    dict
        ``recall``, ``precision``, ``fpr``, ``cost`` and ``tp``, ``fp``,
        ``fn``, ``tn`` per 10 000 deployed cases, and ``intervals``
        (``(low, high)`` of each, or None without ``confidence``; no
        interval of precision at the empty prediction, whose precision is
        the limit along the curve).

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.stats.choose import report_at
    >>> pts = sp.operating_points([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.8, 0.9])
    >>> r = report_at(pts, 2, 0.01, confidence=0.9, random_state=0)
    >>> round(r["recall"], 3), round(r["tp"], 1), [round(v, 3) for v in r["intervals"]["recall"]]
    (0.667, 66.7, [0.333, 1.0])
    >>> [round(v, 3) for v in report_at(pts, 2, 0.01, confidence=0.9, exact=True)["intervals"]["recall"]]
    [0.333, 1.0]
    """
    if isinstance(pts, OneVsRest):  # each class at its own point and prior, ``index`` {class: point}
        return report_classes(pts, index, skew, m=m, confidence=confidence, n_boot=n_boot, random_state=random_state)
    if not isinstance(pts, OperatingPoints):
        raise TypeError(f"pts must be OperatingPoints or a OneVsRest, got {type(pts).__name__}")
    index = check_int(index, "index", lo=0, hi=len(pts) - 1)
    m, exact = check_scalar(m, "m", lo=0.0, hi=1.0), check_bool(exact, "exact")
    model, _, draws = _skew_spec(skew, pts)
    out = _report(pts, index, model, m)
    out["intervals"] = None
    if confidence is None:
        return out
    confidence = check_scalar(confidence, "confidence", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    n_boot = check_int(n_boot, "n_boot", lo=1)
    check_memory(8 * n_boot * (2 * len(_REPORTED) + 4), f"n_boot={n_boot} replicates", reduce="lower n_boot")
    n_pos, n_neg = float(pts.tp[-1]), float(pts.fp[-1])
    if not all(float(v).is_integer() for v in (n_pos, n_neg, pts.tp[index], pts.fp[index])):
        raise ValueError("confidence: intervals from the points' counts need unit-weight rows; these points "
                         "have non-integer counts (sample weights or soft labels): use choose_threshold")
    if exact:
        if draws is not None or not isinstance(model, FixedSkew):
            raise ValueError("exact: the exact interval is at one fixed skew; a skew range or distribution is "
                             "drawn per replicate (exact=False)")
        out["intervals"] = exact_intervals(int(n_pos), int(n_neg), int(pts.tp[index]), int(pts.fp[index]),
                                           model.value, confidence, m=m, values=_values, decreasing=("fn", "tn"))
        return out
    rng = as_generator(random_state)
    t = rng.binomial(int(n_pos), float(pts.tp[index]) / n_pos, n_boot) / n_pos
    f = rng.binomial(int(n_neg), float(pts.fp[index]) / n_neg, n_boot) / n_neg
    per = _values(t, f, draw_skews(model, draws, rng, n_boot), m)
    q = ((1.0 - confidence) / 2, (1.0 + confidence) / 2)
    bounds = np.quantile(np.stack([np.broadcast_to(per[k], (n_boot,)) for k in _REPORTED]), q, axis=1)
    out["intervals"] = {k: (float(bounds[0, j]), float(bounds[1, j])) for j, k in enumerate(_REPORTED)}
    if pts.tp[index] == 0 and pts.fp[index] == 0:  # the empty prediction: its precision is a limit, no sample's
        out["intervals"]["precision"] = None
    return out
