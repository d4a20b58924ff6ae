"""What an operating point does at a deployment skew: the quantities choose_threshold and report_at report.

Recall and FPR (skew-free), precision and the normalised expected cost at the
skew, and the expected counts per ``PER`` (10 000) deployed cases; shared by
the binary decisions (:mod:`skewplot.stats.choose`) and the per-class ones
(:mod:`skewplot.stats.class_decision`).
"""

from __future__ import annotations

from ..metrics import decide
from ..metrics.cost import _nec, probability_cost
from ..metrics.precision import curve_rates_at

__all__ = ["PER"]

#: Deployed cases the counts are given for.
PER = 10_000
_REPORTED = ("recall", "precision", "fpr", "cost", "tp", "fp", "fn", "tn")


def _values(tpr, fpr, pi, m):
    """The reported quantities of rates ``(tpr, fpr)`` at skew ``pi`` (arrays broadcast)."""
    return {"recall": tpr, "fpr": fpr,
            "precision": decide.goodness_at(tpr, fpr, pi, "precision"),
            "cost": _nec(tpr, fpr, probability_cost(pi, m)),
            "tp": PER * pi * tpr, "fn": PER * pi * (1.0 - tpr),
            "fp": PER * (1.0 - pi) * fpr, "tn": PER * (1.0 - pi) * (1.0 - fpr)}


def _report(pts, i, model, m):
    """The reported quantities at point ``i``, averaged over the model (counts are linear in pi')."""
    t_lim, f_lim = curve_rates_at(pts, i)
    t, f = float(pts.tpr[i]), float(pts.fpr[i])
    mu = model.mean
    out = {k: float(v) for k, v in _values(t, f, mu, m).items()}
    out["precision"] = float(model.precision(t_lim, f_lim))
    out["cost"] = float(model.expect(lambda p: _nec(t, f, probability_cost(p, m))))
    return out
