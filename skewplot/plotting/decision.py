"""The decision figure: the objective of every threshold under a skew model, with the band its skews span."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .._format import number
from .._validate import check_choice, check_scalar
from ..metrics import decide
from ..metrics._inputs import classifiers, require_skew, skew_by_name
from ..metrics.fweight import resolve_f_weight
from ..metrics.precision import skew_model_of
from ..skew.base import skew_text
from ._axes import fit_title, log_axis
from ._decimate import decimation_indices
from ._display import Display, palette
from ._docstrings import fill_doc
from ._kwargs import check_style
from .cost import COST_TOP, cost_axis_floor
from .layout._figure import fit_label
from .layout._legend import is_page, panels
from .threshold import check_threshold, threshold_index

__all__ = ["DecisionDisplay", "plot_decision"]

_NAMES = {"cost": "normalised expected cost", "fbeta": "F-measure Fβ", "precision": "precision", "recall": "recall"}


class DecisionDisplay(Display):
    """The objective against the score threshold (build it with :func:`plot_decision`).

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict
        The objective averaged over the skew model: ``"expected"`` for one
        classifier, else one line per classifier name.
    bands_ : dict
        Between the objective at the model's smallest and largest skew (its
        extremes over the model: see ``objective_band``): ``"skews"`` for
        one classifier, else one band per classifier name.
    marker_ : Line2D or None
        The chosen threshold (``threshold=``) with the expected objective
        there (the first classifier's; ``markers_`` holds each one's).
    markers_ : dict of str to Line2D
    """

    def __init__(self, points, model, target, m, f_alpha, value):
        super().__init__()
        self.points = dict(points)
        self.model, self.target, self.m, self.f_alpha, self.value = model, target, m, f_alpha, value
        self.bands_ = {}
        self.marker_ = None
        self.markers_ = {}

    def _key(self, name):
        return name if len(self.points) > 1 else None

    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure when None); ``kwargs`` reach the expected lines."""
        ax = self._attach(ax)
        lo_pi, hi_pi = decide.skew_bounds(self.model)
        ranged = hi_pi > lo_pi  # one skew spans no band: nothing to draw, and no entry for it
        spread = f"π′ from {skew_text(lo_pi)} to {skew_text(hi_pi)}"
        colors = palette(len(self.points)) if len(self.points) > 1 else ["C0"]
        drawn = []
        for (name, pts), color in zip(self.points.items(), colors, strict=True):
            exp, lo, hi = decide.objective_band(pts, self.model, self.target, m=self.m, f_alpha=self.f_alpha)
            thr = np.asarray(pts.thresholds[1:], dtype=float)[::-1]  # increasing; the empty prediction left out
            exp, lo, hi = exp[1:][::-1], lo[1:][::-1], hi[1:][::-1]
            keep = np.unique(np.concatenate([decimation_indices(thr, lo, 2000), decimation_indices(thr, hi, 2000),
                                             decimation_indices(thr, exp, 2000)]))
            style = {"color": color, "linewidth": 1.6, **kwargs}
            key = self._key(name)
            # the name alone: the title says the skew (a range's line is the mean over it), and the entry is the
            # same in every panel of a row, whose shared legend then lists the classifier once
            (self.lines_[key or "expected"],) = ax.plot(thr[keep], exp[keep], label=str(name), **style)
            drawn.append(exp[keep])
            if ranged:
                self.bands_[key or "skews"] = ax.fill_between(
                    thr[keep], lo[keep], hi[keep], color=style["color"], alpha=0.2, linewidth=0,
                    label=spread if key is None else f"{name}: {spread}")
                drawn += [lo[keep], hi[keep]]
        if self.value is not None:
            self.baselines_["target"] = ax.axhline(self.value, color="0.4", linestyle="--", linewidth=1.0,
                                                   label=f"target {number(self.value)}")
        if self.target == "cost":
            _cost_axis(ax, np.concatenate(drawn))
        fit_label(ax.xaxis, "score threshold (predict positive at or above)", "score threshold")
        fit_label(ax.yaxis, self._ylabel())
        fit_title(ax, self.model.describe())  # which skew the panel shows, legibly (a row's panels differ by it)
        self._place_legend()
        return self

    def _ylabel(self):
        if self.target != "fbeta":
            return _NAMES[self.target]
        beta = float(np.sqrt((1.0 - self.f_alpha) / self.f_alpha)) if self.f_alpha > 0 else float("inf")
        name = f"{beta:.3g}"  # the weight as plot_fmeasure writes the one given: F1, F2, F0.5
        return f"F-measure F{name} (β={name})"

    def _refresh(self):  # pragma: no cover - nothing to update
        pass


def _cost_axis(ax, values):
    """A log cost axis when the drawn costs span more than two decades (a rare skew: the minimum a threshold
    picks lies decades below the trivial costs, flat on y = 0 of a linear axis); else the axis as it is."""
    positive = values[np.isfinite(values) & (values > 0)]
    if not positive.size or positive.min() >= 0.01 * positive.max():
        return
    log_axis(ax, "y", nonpositive="clip")
    ax.set_ylim(cost_axis_floor(1.0, [float(positive.min())]), COST_TOP)


def _mark(disp, threshold):
    """The chosen threshold: a vertical line and the expected objective there (with the decision's interval).

    One threshold marks every classifier; a mapping ``{name: threshold}`` one per classifier.
    """
    if threshold is None:
        return disp
    if isinstance(threshold, Mapping):
        unknown = sorted(map(str, set(threshold) - set(disp.points)))
        missing = sorted(map(str, set(disp.points) - set(threshold)))
        if unknown or missing:
            raise ValueError(f"threshold: a mapping needs one threshold per classifier {sorted(disp.points)}; "
                             + (f"unknown: {unknown}" if unknown else f"missing: {missing}"))
        each = dict(threshold)
    else:
        each = dict.fromkeys(disp.points, threshold)
    ax = disp.ax_
    several_panels = len(panels(ax.figure)) > 1 and not is_page(ax.figure)
    values = []
    key = {"cost": "cost", "precision": "precision", "recall": "recall"}.get(disp.target)
    for name, pts in disp.points.items():
        t = float(getattr(each[name], "threshold", each[name]))
        i = threshold_index(pts, t)
        exp, _, _ = decide.objective_band(pts._take(np.array([0, i])), disp.model, disp.target, m=disp.m,
                                          f_alpha=disp.f_alpha)
        ax.axvline(t, color="black", linewidth=1.0, linestyle=":", zorder=4)
        label = f"threshold {number(t)}" if len(disp.points) == 1 else f"{name}: threshold {number(t)}"
        if several_panels:  # a shared legend: the same entry in every panel, each panel's value in its title
            label = "chosen threshold" if len(disp.points) == 1 else f"{name}: chosen threshold"
            values.append(label.replace("chosen threshold", f"threshold {number(t)}"))
        (disp.markers_[name],) = ax.plot([t], [exp[1]], color="black", marker="D", markerfacecolor="white",
                                         linestyle="none", zorder=4.5, label=label)
        intervals = getattr(each[name], "intervals", None)
        if intervals and key:
            ax.plot([t, t], list(intervals[key]), color="black", linewidth=1.4, zorder=4.4)
    disp.marker_ = next(iter(disp.markers_.values()))
    if values:
        fit_title(ax, f"{disp.model.describe()}; " + "; ".join(values))
    disp._place_legend()
    return disp


@skew_by_name
def plot_decision(data=None, y_score=None, *, y_true=None, sample_weight=None, pos_label=None, name=None,
                  skew=None, target="cost", value=None, m=0.5, beta=None, threshold=None, ax=None, **kwargs):
    """The objective of every threshold under a skew model, with the band the model's skews span.

    One line and band per classifier (several: a mapping of operating points, or
    the labels with a mapping of scores); folds are refused.

    Parameters
    ----------
%(input_params)s    skew : float, (lo, hi), SkewModel or SkewEstimate
        The deployment skew model (required).
    target : {"cost", "fbeta", "precision", "recall"}, default="cost"
        As :func:`skewplot.choose_threshold`: NEC with cost weight ``m``,
        F_beta, precision or recall.
    value : float in [0, 1], optional
        A target level, drawn as a horizontal line (checked as
        :func:`skewplot.choose_threshold` checks its ``value``: every
        objective here lies in [0, 1]).
    m : float in [0, 1], default=0.5
    beta : float >= 0, optional
        The F_beta weight (None: F1).
    threshold : float, ThresholdDecision or dict of str to either, optional
        Mark this threshold on every classifier, or one per classifier (a
        mapping name -> threshold).  A decision's interval of the objective
        is drawn as a bar, for cost, precision and recall.
    ax : matplotlib Axes, optional
    **kwargs
        Passed to the expected lines' ``Axes.plot``.

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
    >>> disp = sp.plot_decision(y, {"a": s, "b": -s}, skew=0.05, threshold={"a": 1.0, "b": -1.0})
    >>> sorted(disp.lines_), sorted(disp.markers_)
    (['a', 'b'], ['a', 'b'])
    """
    require_skew(skew, data, y_score, "plot_decision")
    kwargs = check_style(kwargs, plot_decision)
    check_threshold(threshold)
    check_choice(target, "target", decide.TARGETS)
    m = check_scalar(m, "m", lo=0.0, hi=1.0)
    if value is not None:
        value = check_scalar(value, "value", lo=0.0, hi=1.0)
    f_alpha = resolve_f_weight(beta=beta)
    points = classifiers(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label, name=name,
                         func="plot_decision")
    if any(isinstance(p, list) for p in points.values()):
        raise TypeError("plot_decision draws classifiers, not folds: give one classifier's rows (or points) each")
    model = skew_model_of(next(iter(points.values())), skew)
    disp = DecisionDisplay(points, model, target, m, f_alpha, value).plot(ax=ax, **kwargs)
    return _mark(disp, threshold)


fill_doc(plot_decision)
