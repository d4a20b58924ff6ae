"""The decision figure: the objective of every threshold under a skew model, with the band its skews span."""

from __future__ import annotations

import numpy as np

from .._validate import check_choice, check_scalar
from ..metrics import decide
from ..metrics._inputs import classifiers, require_skew
from ..metrics.fweight import resolve_f_weight
from ..metrics.precision import skew_model_of
from ..skew.base import skew_text
from ._display import Display, decimation_indices
from ._docstrings import fill_doc
from ._kwargs import check_style
from .layout._figure import fit_label
from .threshold import check_threshold, threshold_index

__all__ = ["DecisionDisplay", "plot_decision"]

_NAMES = {"cost": "normalised expected cost", "fbeta": "$F_\\beta$", "precision": "precision", "recall": "recall"}


class DecisionDisplay(Display):
    """The objective against the score threshold (build it with :func:`plot_decision`).

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict
        ``"expected"``: the objective averaged over the skew model.
    bands_ : dict
        ``"skews"``: between the objective at the model's smallest and
        largest skew (its extremes over the model: see
        ``objective_band``).
    marker_ : Line2D or None
        The chosen threshold (``threshold=``) with the expected objective there.
    """

    def __init__(self, pts, name, model, target, m, f_alpha, value):
        super().__init__()
        self.points = {name: pts}
        self.model, self.target, self.m, self.f_alpha, self.value = model, target, m, f_alpha, value
        self.bands_ = {}
        self.marker_ = None

    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure when None); ``kwargs`` reach the expected line."""
        ax = self._attach(ax)
        (name, pts), = self.points.items()
        exp, lo, hi = decide.objective_band(pts, self.model, self.target, m=self.m, f_alpha=self.f_alpha)
        thr = np.asarray(pts.thresholds[1:], dtype=float)[::-1]  # increasing; the empty prediction (inf) left out
        exp, lo, hi = exp[1:][::-1], lo[1:][::-1], hi[1:][::-1]
        keep = np.unique(np.concatenate([decimation_indices(thr, lo, 2000), decimation_indices(thr, hi, 2000),
                                         decimation_indices(thr, exp, 2000)]))
        style = {"color": "C0", "linewidth": 1.6, **kwargs}
        (self.lines_["expected"],) = ax.plot(thr[keep], exp[keep], label=f"{name} (expected)", **style)
        lo_pi, hi_pi = decide.skew_bounds(self.model)
        self.bands_["skews"] = ax.fill_between(thr[keep], lo[keep], hi[keep], color=style["color"], alpha=0.2,
                                               linewidth=0, label=f"π′ from {skew_text(lo_pi)} to {skew_text(hi_pi)}")
        if self.value is not None:
            self.baselines_["target"] = ax.axhline(self.value, color="0.4", linestyle="--", linewidth=1.0,
                                                   label=f"target {self.value:g}")
        fit_label(ax.xaxis, "score threshold (predict positive at or above)", "score threshold")
        fit_label(ax.yaxis, _NAMES[self.target])
        self._place_legend()
        return self

    def _refresh(self):  # pragma: no cover - nothing to update
        pass


def _mark(disp, threshold):
    """The chosen threshold: a vertical line and the expected objective there (with the decision's interval)."""
    if threshold is None:
        return disp
    (name, pts), = disp.points.items()
    t = float(getattr(threshold, "threshold", threshold))
    i = threshold_index(pts, t)
    exp, _, _ = decide.objective_band(pts._take(np.array([0, i])), disp.model, disp.target, m=disp.m,
                                      f_alpha=disp.f_alpha)
    ax = disp.ax_
    ax.axvline(t, color="black", linewidth=1.0, linestyle=":", zorder=4)
    (disp.marker_,) = ax.plot([t], [exp[1]], color="black", marker="D", markerfacecolor="white", linestyle="none",
                              zorder=4.5, label=f"threshold {t:.4g}")
    key = {"cost": "cost", "precision": "precision", "recall": "recall"}.get(disp.target)
    intervals = getattr(threshold, "intervals", None)
    if intervals and key:
        ax.plot([t, t], list(intervals[key]), color="black", linewidth=1.4, zorder=4.4)
    disp._place_legend()
    return disp


def plot_decision(data=None, y_score=None, *, y_true=None, sample_weight=None, pos_label=None, name=None,
                  skew=None, target="cost", value=None, m=0.5, beta=1.0, threshold=None, ax=None, **kwargs):
    """The objective of every threshold under a skew model, with the band the model's skews span.

    Parameters
    ----------
%(input_params)s    skew : float, (lo, hi), SkewModel or SkewEstimate
        The deployment skew model (required).
    target : {"cost", "fbeta", "precision", "recall"}, default="cost"
        As :func:`skewplot.choose_threshold`: NEC with cost weight ``m``,
        F_beta, precision or recall.
    value : float, optional
        A target level, drawn as a horizontal line.
    m : float in [0, 1], default=0.5
    beta : float >= 0, default=1.0
    threshold : float or ThresholdDecision, optional
        Mark this threshold (a decision's interval of the objective is drawn
        as a bar, for cost, precision and recall).
    ax : matplotlib Axes, optional
    **kwargs
        Passed to the expected line's ``Axes.plot``.

    Returns
    -------
    DecisionDisplay

    Examples
    --------
    >>> import skewplot as sp
    >>> y, s = sp.datasets.make_scores(3000, 0.05, separation=2.0, random_state=0)
    >>> d = sp.choose_threshold(y, s, skew=(0.01, 0.1), target="fbeta", risk="worst")
    >>> disp = sp.plot_decision(y, s, skew=(0.01, 0.1), target="fbeta", threshold=d)
    >>> sorted(disp.lines_), sorted(disp.bands_)
    (['expected'], ['skews'])
    """
    require_skew(skew, data, y_score, "plot_decision")
    kwargs = check_style(kwargs, plot_decision)
    check_threshold(threshold)
    check_choice(target, "target", decide.TARGETS)
    m = check_scalar(m, "m", lo=0.0, hi=1.0)
    if value is not None:
        value = check_scalar(value, "value")
    f_alpha = resolve_f_weight(beta=beta)
    points = classifiers(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label, name=name,
                         func="plot_decision")
    if len(points) != 1 or isinstance(next(iter(points.values())), list):
        raise TypeError("plot_decision draws one classifier (not several, not folds)")
    (label, pts), = points.items()
    model = skew_model_of(pts, skew)
    disp = DecisionDisplay(pts, label, model, target, m, f_alpha, value).plot(ax=ax, **kwargs)
    return _mark(disp, threshold)


fill_doc(plot_decision)
