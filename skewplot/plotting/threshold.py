"""A chosen threshold marked on every space (PR, P̄-R, P̃-R, ROC, PRG, cost and F displays).

``mark_threshold`` adds the marker to a drawn Display; the ``plot_*``
functions call it for their ``threshold=`` argument.  The marker follows
``update``: the Display calls :meth:`ThresholdMarker.move` after every
refresh (``Display._threshold_markers``).
"""

from __future__ import annotations

import bisect
import numbers
from collections.abc import Mapping

import numpy as np

from ..metrics.points import OperatingPoints
from ..metrics.precision import curve_rates_at, skew_model_of
from ..metrics.prg import gain_skew, precision_gain, recall_gain
from .layout._markers import crowding, mark_size, share_markers, show_whole, show_whole_line

__all__ = ["ThresholdMarker", "mark_threshold", "threshold_index", "flags_nothing", "threshold_width",
           "OFF_SCALE_MARKER"]

_UNMARKED = ()  # displays the plot functions return without a threshold space (none yet)

#: A threshold's mark: a hollow diamond in its classifier's colour (two that overlap show both outlines; the
#: curve it marks runs on through it), ``mark_size`` of 6 pt.
_STYLE = dict(color="black", marker="D", markersize=6, markerfacecolor="none", markeredgewidth=1.4,
              linestyle="none", zorder=4.5)
#: A threshold whose precision is 0 on a log precision axis (which cannot hold it): a triangle pointing down, drawn
#: whole above the bottom spine, its tip on it (an off-scale mark, not a point at the axis' lowest value).  Only a
#: threshold that flags cases, all negatives: one that flags none has no precision and no mark (:func:`flags_nothing`).
OFF_SCALE_MARKER = "v"


def threshold_width(n):
    """The width (points) of each of ``n`` classifiers' threshold lines in cost and F space: 2, thinner from five.

    Ten dashed lines of 2 pt made one bundle over the envelopes (cost-03/04/08, fm-05/06 of the review of
    494a71d); their dashes scale with the width (matplotlib's ``lines.scale_dashes``).

    >>> threshold_width(1), threshold_width(4), threshold_width(10)
    (2.0, 2.0, 1.15)
    """
    return round(2.0 * crowding(n) ** 0.6, 2)


def flags_nothing(pts, i):
    """Whether the operating point ``i`` of ``pts`` flags no case (TP = FP = 0, a threshold above every score).

    Its precision is 0/0: a PR space marks no point for it (a mark at precision 0, the off-scale triangle of a log
    axis, said "every alarm false" of a threshold that raises none; the readout's table writes a dash).  Its
    ROC point (0, 0), cost line (always −) and F (0) are defined and marked.

    >>> import skewplot as sp
    >>> pts = sp.operating_points([0, 1, 1, 0], [0.9, 0.8, 0.6, 0.3])
    >>> flags_nothing(pts, threshold_index(pts, float("inf"))), flags_nothing(pts, threshold_index(pts, 0.9))
    (True, False)
    """
    return bool(pts.tpr[i] == 0 and pts.fpr[i] == 0)


def threshold_index(pts, threshold):
    """The operating point of ``pts`` that predicts positive where ``score >= threshold``.

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.plotting.threshold import threshold_index
    >>> pts = sp.operating_points([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3])
    >>> threshold_index(pts, 0.6), threshold_index(pts, 0.5), threshold_index(pts, float("inf"))
    (2, 2, 0)
    """
    if pts.thresholds is None:
        raise ValueError("threshold= needs operating points with score thresholds; these were built from rates")
    # thresholds fall: the last at or above ``threshold``, by a binary search (np.searchsorted would need the
    # array negated or reversed, an O(n) copy at every slider step)
    return bisect.bisect_right(pts.thresholds, -float(threshold), key=_negated) - 1


def _negated(value):
    return -float(value)


def _parse(threshold):
    """(score threshold, intervals or None) of a number, a ThresholdDecision or a mapping classifier -> number."""
    if isinstance(threshold, Mapping):
        return {name: _parse(t)[0] for name, t in threshold.items()}, None
    if hasattr(threshold, "threshold") and hasattr(threshold, "intervals"):
        if threshold.threshold is None:
            raise ValueError("threshold: the decision carries no score threshold (its points had none)")
        return float(threshold.threshold), threshold.intervals
    if isinstance(threshold, bool) or not isinstance(threshold, (numbers.Real, np.floating, np.integer)):
        raise TypeError("threshold must be a score threshold (a number) or the result of "
                        f"skewplot.choose_threshold, got {type(threshold).__name__}")
    t = float(threshold)
    if np.isnan(t):
        raise ValueError("threshold must be a number, got nan")
    return t, None


class ThresholdMarker:
    """The artists marking one threshold on one Display: a point per classifier, and its interval.

    Attributes
    ----------
    threshold : float or dict of str to float
        One score threshold for every classifier, or one per classifier
        (a mapping, as the widgets' threshold control gives).
    index_ : dict of str to int
        The marked operating point of each classifier (``threshold_index``).
    points_ : dict of str to Line2D
        The marked operating point of each classifier (its curve in cost and F space).
    intervals_ : list of Line2D
        The interval bars (only with a decision with intervals, in PR and ROC space, one classifier).
    """

    def __init__(self, display, threshold):
        self.display = display
        self.threshold, self.intervals = _parse(threshold)
        self.space = _space(display)
        self.points_ = {}
        self.intervals_ = []
        ax = display.ax_
        single = [(name, p) for name, p in display.points.items() if isinstance(p, OperatingPoints)]
        if not single:
            raise ValueError("threshold= marks classifiers given as operating points, not folds")
        self._single = dict(single)
        self._own_size = (mark_size(6, len(single)), _STYLE["markeredgewidth"])  # a mark's size and edge (points)
        self._lifted = None  # the off-scale marks' transform (PR at a log axis), made when first needed
        self.index_ = self._indices()
        for k, (name, _) in enumerate(single):
            if self.space in ("cost", "f"):
                style = dict(color=_color_of(display, name), linewidth=threshold_width(len(single)),
                             linestyle=(0, (4, 2)), zorder=4.4)
            else:
                style = dict(_STYLE, color=_color_of(display, name), markersize=mark_size(6, len(single)))
            style["label"] = self._label() if k == 0 else None
            (self.points_[name],) = ax.plot([], [], **style)
            if self.space in ("pr", "roc", "prg"):  # a point on the view's edge (ROC's (0, 0)) drawn whole
                show_whole(self.points_[name])
            else:  # an F of 0 or a cost of 1 lies on a spine: drawn whole over it, where a clip at the edge hid half
                show_whole_line(self.points_[name])
        if self.intervals and len(single) == 1 and self.space in ("pr", "roc"):
            self.intervals_ = [ax.plot([], [], color="black", linewidth=1.2, zorder=4.4)[0] for _ in range(2)]
        self.move()

    def _label(self):
        return "threshold" if isinstance(self.threshold, dict) else f"threshold {self.threshold:.4g}"

    def _indices(self, thr=None):
        thr = self.threshold if thr is None else thr
        if isinstance(thr, dict):
            missing = sorted(set(self._single) - set(thr))
            if missing:
                raise ValueError(f"threshold: no threshold given for classifier(s) {', '.join(map(str, missing))}")
            return {name: threshold_index(p, thr[name]) for name, p in self._single.items()}
        return {name: threshold_index(p, thr) for name, p in self._single.items()}

    def set_threshold(self, threshold, index=None):
        """Mark another threshold (a number, or a mapping classifier -> number) and move the artists.

        ``index`` (optional, classifier -> operating point, None for none)
        is the caller's own ``threshold_index`` of it, so that a widget's
        step costs no search; the intervals of a decision are not kept.
        """
        thr, _ = _parse(threshold)
        index = self._indices(thr) if index is None else {name: None if index[name] is None else int(index[name])
                                                           for name in self._single}
        self.threshold, self.intervals, self.index_ = thr, None, index
        for line in self.intervals_:
            line.set_data([], [])
        self.intervals_ = []
        first = next(iter(self.points_.values()))
        first.set_label(self._label())
        self.move()

    def move(self):
        """Put the artists where the Display's current parameters place the threshold."""
        d = self.display
        for name, line in self.points_.items():
            pts, i = d.points[name], self.index_[name]
            if i is None:  # no point (a widget's target not reached): nothing marked
                line.set_data([], [])
                continue
            if self.space == "roc":
                line.set_data([pts.fpr[i]], [pts.tpr[i]])
            elif self.space == "pr":
                if flags_nothing(pts, i):  # precision 0/0: no place on a precision axis (the readout's dash)
                    line.set_data([], [])
                    continue
                t, f = curve_rates_at(pts, i)
                y = float(skew_model_of(pts, d.skew).precision(t, f))
                # precision 0 (the empty prediction when the top score is a negative's) has no place on a log
                # axis: an off-scale mark, pointing down, whole inside the Axes with its tip on the bottom spine
                # (y in Axes coordinates: it stays there through a zoom; no data y stands for it)
                low = y <= 0 and d.ax_.get_yscale() == "log"
                line.set_marker(OFF_SCALE_MARKER if low else _STYLE["marker"])
                if low and self._lifted is None:
                    self._lifted = _off_scale_transform(d.ax_, self._own_size)
                place = self._lifted if low else d.ax_.transData
                if line.get_transform() is not place:  # set only on a change: a set makes the line re-cache its path
                    line.set_transform(place)
                line.set_data([pts.tpr[i]], [0.0 if low else y])
            elif self.space == "prg":
                pi = gain_skew(skew_model_of(pts, d.skew))
                rg, pg = recall_gain(pts.tpr[i], pi), precision_gain(pts.tpr[i], pts.fpr[i])
                line.set_data([rg], [pg] if rg >= 0 else [np.nan])
            else:
                curve = d._point_curves(pts._take(np.array([i])))[0]
                line.set_data(curve[:, 0], curve[:, 1])
        if self.space in ("pr", "roc", "prg"):  # classifiers at one point (both predicting none): one mark, in wedges
            share_markers(d.ax_, self.points_.values())
        if self.intervals_:
            name = next(iter(self.points_))
            (x,), (y,) = self.points_[name].get_data()
            iv = self.intervals
            xs = iv["recall"] if self.space == "pr" else iv["fpr"]
            ys = iv["precision"] if self.space == "pr" else iv["recall"]
            self.intervals_[0].set_data(list(xs), [y, y])
            self.intervals_[1].set_data([x, x], list(ys))


def _off_scale_transform(ax, size):
    """x in data, y at the Axes' foot raised by half the mark (``size``: size, edge in points): tip on the spine."""
    from matplotlib.transforms import ScaledTranslation

    lift = (size[0] + size[1]) / 2.0 / 72.0
    return ax.get_xaxis_transform(which="grid") + ScaledTranslation(0.0, lift, ax.figure.dpi_scale_trans)


def _color_of(display, name):
    """The colour of classifier ``name``'s curve in ``display`` (its threshold mark wears it), else black."""
    from matplotlib.lines import Line2D

    line = getattr(display, "lines_", {}).get(name)
    return line.get_color() if isinstance(line, Line2D) else "black"  # a curve coloured by threshold: black


def _space(display):
    kind = type(display).__name__
    spaces = {"PRDisplay": "pr", "ROCDisplay": "roc", "PRGDisplay": "prg", "CostDisplay": "cost",
              "FMeasureDisplay": "f"}
    if kind not in spaces:
        raise TypeError(f"threshold markers are drawn on PR, ROC, PRG, cost and F displays, not on {kind}")
    return spaces[kind]


def mark_threshold(display, threshold):
    """Mark a threshold on a drawn Display; the mark follows later ``update`` calls.

    Parameters
    ----------
    display : PRDisplay, ROCDisplay, PRGDisplay, CostDisplay or FMeasureDisplay
        Drawn (its ``plot`` was called, as by every ``plot_*`` function).
    threshold : float, ThresholdDecision or dict of str to float
        A score threshold (predict positive where ``score >= threshold``),
        or the result of :func:`skewplot.choose_threshold`, whose intervals
        (recall, precision, FPR) are drawn as bars in PR and ROC space, or
        one threshold per classifier (a mapping name -> threshold).

    Returns
    -------
    ThresholdMarker

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.plotting.threshold import mark_threshold
    >>> pts = sp.operating_points([0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.3, 0.4])
    >>> disp = sp.plot_roc(pts)
    >>> marker = mark_threshold(disp, 0.6)
    >>> [float(v) for v in marker.points_["classifier"].get_xydata()[0]]
    [0.0, 0.6666666666666666]
    """
    if display.ax_ is None:
        raise ValueError("display: draw it first (display.plot()), then mark the threshold")
    marker = ThresholdMarker(display, threshold)
    display._threshold_markers = [*getattr(display, "_threshold_markers", []), marker]
    display._place_legend()
    return marker


def check_threshold(threshold):
    """The ``threshold=`` argument of the plot functions, checked before anything is drawn."""
    if threshold is not None:
        _parse(threshold)
    return threshold


def marking(display, threshold):
    """``display``, which marks ``threshold`` (when not None) as its ``plot`` places its legend: before it.

    A mark made after the plot (:func:`mark_threshold`) is an obstacle the
    legend placed by the plot did not know, so the legend was placed again
    from scratch: half of a ten-classifier ``plot_pr(threshold=...)``.
    """
    if threshold is not None and not isinstance(display, _UNMARKED):
        display._threshold_owed = threshold  # (``Display._place_legend``)
    return display


def mark_threshold_of(display):
    """``display`` with the threshold :func:`marking` gave it marked, if its plot placed no legend that made the
    marks: the end of every ``plot_*`` function."""
    owed, display._threshold_owed = getattr(display, "_threshold_owed", None), None
    if owed is not None:
        mark_threshold(display, owed)
    return display
