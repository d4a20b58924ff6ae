"""The threshold control of the widgets: drag a threshold or a precision/recall target, every space marks it.

A widget that has one (:func:`skewplot.widgets.explorer`) gets four controls,
a button and a second table under its figure:

* ``controls["threshold_mode"]``: ``"threshold"`` (drag a score threshold),
  ``"precision"`` or ``"recall"`` (drag a target; each classifier gets the
  point :func:`skewplot.choose_threshold` picks for it at the skew π′);
* ``controls["threshold"]``: a :class:`ThresholdSlider` whose ``value`` is
  the score threshold itself, moving over the distinct scores of one
  classifier by rank (every threshold is a step; no step searches more
  than O(log n));
* ``controls["threshold_of"]`` (several classifiers): whose threshold the
  slider moves.  Each classifier keeps its own threshold: scores of
  different classifiers are not on one scale, so one number for all would
  mark unrelated points.  A precision or recall target is common to all;
* ``controls["target"]``: the precision or recall to reach;
* the button ``choose_button`` applies :func:`skewplot.choose_threshold`
  (cost with the widget's ``m`` in threshold mode, else the target) at the
  skew ``choose_for`` names: π′, or the widget's skew range under a risk.

The table gives, per classifier at π′: the threshold, recall and precision
with a 90 % interval (:func:`skewplot.stats.choose.report_at` with
``exact=True``: the limit of the stratified bootstrap's percentile interval
as the replicates grow, from the two binomial counts, O(sqrt(n)) per step
and deterministic; no interval for weighted rows or soft labels), the
normalised expected cost at ``m`` and the confusion counts per 10 000
deployed cases.  The state is plain: ``threshold_`` (classifier -> score
threshold, None where a target is not reached), ``threshold_index_``
(classifier -> operating point) and ``threshold_readouts_`` (the table's
numbers).
"""

from __future__ import annotations

import math

import ipywidgets as widgets
import numpy as np
from traitlets import Float, validate

from .._format import column
from ..metrics.decide import PrecisionIndex, TargetIndex
from ..plotting.threshold import ThresholdMarker, threshold_index
from ..skew import SkewRange
from ..skew.base import skew_text
from ._readout import TABLE_BLOCK, readout_table
from .controls import SliderBox

__all__ = ["ThresholdSlider", "ThresholdControl", "add_threshold_control"]

#: The readout's interval: its confidence.
CONFIDENCE = 0.9

_OWN = {"threshold_mode", "threshold_of", "threshold", "target"}  # the control's own controls
_COLUMNS = ["threshold", "recall", "precision", "cost", "TP", "FP", "FN", "TN"]
# the interval under a value, on one line (the table fits a 1000 px JupyterLab with its file browser open)
_INTERVAL_STYLE = "color:#555;white-space:nowrap;font-size:10px;font-family:sans-serif"
_MODES = [("threshold", "threshold"), ("precision target", "precision"), ("recall target", "recall")]
_STYLE = {"description_width": "initial"}


class ThresholdSlider(SliderBox):
    """A score threshold on a slider that steps over one classifier's distinct scores by rank.

    ``value`` is the threshold (predict positive where ``score >= value``).
    The page's slider (``slider_``) holds the rank, 0 the lowest score and
    the top one ``inf`` (predict nothing, where the least cost often is at
    a rare skew); a value set in the kernel is kept as it is and the handle goes to the
    rank of its operating point (:func:`~skewplot.plotting.threshold.threshold_index`).

    Parameters
    ----------
    pts : OperatingPoints
        With score thresholds.
    value : float
    description : str
    """

    value = Float()

    def __init__(self, pts, value, *, description="threshold"):
        self.slider_ = widgets.IntSlider(min=0, max=1, step=1, readout=False, description=description,
                                         continuous_update=True, style=_STYLE, layout=widgets.Layout(width="300px"))
        self.readout = widgets.Label(layout=widgets.Layout(width="190px"))  # "-0.7589 (rank 123456/1000001)"
        self._set_points(pts)
        # (the readout goes under the slider where the output is too narrow for both: review62, a 720 px window)
        super().__init__([self.slider_, self.readout], value=self._checked(value),
                         layout=widgets.Layout(flex_flow="row wrap"))
        self._to_page({"new": self.value})
        self._link()

    def _set_points(self, pts):
        if pts.thresholds is None or len(pts) < 2:
            raise ValueError("the threshold control needs operating points with score thresholds")
        self.pts = pts
        self._n = len(pts)
        # the ends the value may take: the lowest distinct score, and inf (the top rank: predict nothing)
        self.min, self.max = float(pts.thresholds[-1]), math.inf
        self.slider_.max = self._n - 1

    def set_points(self, pts, value):
        """Move over another classifier's scores, starting at ``value``."""
        self._set_points(pts)
        self.value = self._checked(value)
        self._to_page({"new": self.value})

    def index(self, value=None):
        """The operating point of ``value`` (default: the current one)."""
        return threshold_index(self.pts, self.value if value is None else value)

    def _checked(self, value):
        v = float(value)
        return v if math.isnan(v) else max(v, self.min)

    def _from_page(self, change):
        i = self._n - 1 - int(change["new"])
        if i != self.index():
            self.value = float(self.pts.thresholds[i])

    def _to_page(self, change):
        i = self.index(change["new"])
        self.readout.value = f"{change['new']:.4g} (rank {self._n - i}/{self._n})"
        if self.slider_.value != self._n - 1 - i:
            self.slider_.value = self._n - 1 - i

    @validate("value")
    def _validate_value(self, proposal):
        return self._checked(proposal["value"])


class ThresholdControl:
    """The threshold state of one widget, its controls and its table (see the module notes).

    Parameters
    ----------
    widget : SkewWidget
        Gets ``controls`` ``"threshold_mode"``, ``"threshold"``,
        ``"target"`` (and ``"threshold_of"``), ``threshold_`` and the table.
    points : dict of str to OperatingPoints
    displays : list of str
        The widget's Displays to mark.
    skew : callable
        The widget's current π′.
    m : callable
        The widget's current cost weight.
    skew_range : callable, optional
        The widget's skew range ``(lo, hi)``: the button may choose over it.
    """

    def __init__(self, widget, points, displays, *, skew, m, skew_range=None):
        from ..stats.choose import choose_threshold

        self.widget, self.points, self._skew, self._m, self._range = widget, points, skew, m, skew_range
        names = list(points)
        start = {name: choose_threshold(p, skew=skew(), target="cost", m=m()) for name, p in points.items()}
        widget.threshold_ = {name: d.threshold for name, d in start.items()}
        widget.threshold_index_ = {name: d.index for name, d in start.items()}
        widget.threshold_readouts_ = {}
        self._lookups = {}
        c = widget.controls
        c["threshold_mode"] = widgets.Dropdown(options=_MODES, value="threshold", description="mark",
                                               style=_STYLE, layout=widgets.Layout(width="190px"))
        if len(names) > 1:
            c["threshold_of"] = widgets.Dropdown(options=names, value=names[0], description="threshold of",
                                                 style=_STYLE, layout=widgets.Layout(width="200px"))
        c["threshold"] = ThresholdSlider(points[names[0]], widget.threshold_[names[0]])
        c["target"] = widgets.FloatSlider(value=0.5, min=0.0, max=1.0, step=0.01, description="target",
                                          readout_format=".2f", continuous_update=True, style=_STYLE,
                                          layout=widgets.Layout(width="300px", display="none"))
        options = [("at π′", "skew")]
        if skew_range is not None:
            options += [("range: expected", "expected"), ("range: worst", "worst"), ("range: regret", "regret")]
        widget.choose_for = widgets.Dropdown(options=options, value="skew", layout=widgets.Layout(width="140px"))
        widget.choose_button = widgets.Button(description="choose threshold", layout=widgets.Layout(width="auto"),
                                              tooltip="skewplot.choose_threshold for the current skew: least "
                                                      "expected cost at m, or the target")
        widget.choose_button.on_click(self.choose)
        widget.threshold_table = widgets.HTML(layout=widgets.Layout(**TABLE_BLOCK))
        widget.threshold_table.add_class("skewplot-threshold-readout")
        c["threshold"].add_class("skewplot-threshold")
        self.markers = []
        for name in displays:
            disp = widget.displays[name]
            marker = ThresholdMarker(disp, dict(widget.threshold_))
            for name, line in marker.points_.items():
                line.set_label(None)  # the page's shared legend is built by the widget
                curve = getattr(disp, "lines_", {}).get(name)
                if curve is not None:  # whose mark it is: the classifier's colour (black when one classifier)
                    colour = curve.get_color() if len(marker.points_) > 1 else "black"
                    line.set_color(colour)
                    line.set_markeredgecolor(colour)
            disp._threshold_markers = [*getattr(disp, "_threshold_markers", []), marker]
            self.markers.append(marker)

    @property
    def selected(self):
        c = self.widget.controls
        return c["threshold_of"].value if "threshold_of" in c else next(iter(self.points))

    def controls_row(self):
        """The controls in the order of their row."""
        c, w = self.widget.controls, self.widget
        return [c["threshold_mode"], *([c["threshold_of"]] if "threshold_of" in c else []), c["threshold"],
                c["target"], w.choose_button, w.choose_for]

    def artists(self):
        """Every artist the control moves."""
        return [a for m in self.markers for a in (*m.points_.values(), *m.intervals_)]

    def artists_of(self, display):
        return [a for m in self.markers if m.display is display for a in m.points_.values()]

    # ------------------------------------------------------------------ a step
    def apply(self, changed):
        """Read the controls (``changed``: the names moved) and move the marks; fill the table."""
        w, c = self.widget, self.widget.controls
        mode = c["threshold_mode"].value
        if "threshold_mode" in changed:
            c["target"].layout.display = "none" if mode == "threshold" else None
            c["threshold"].layout.display = None if mode == "threshold" else "none"
        if changed & {"threshold_of", "threshold_mode"} and mode == "threshold":  # the slider on its classifier
            name = self.selected
            start = w.threshold_[name]
            c["threshold"].set_points(self.points[name], math.inf if start is None else start)
        if not (changed & _OWN or mode != "threshold" and "skew" in changed):
            if changed & {"skew", "m"}:  # the marks moved with their Displays; the numbers at the new skew or m
                self.readout()
            return
        if mode == "threshold":
            name = self.selected
            w.threshold_[name] = float(c["threshold"].value)
            w.threshold_index_[name] = c["threshold"].index()
        else:
            pi, value = float(self._skew()), float(c["target"].value)
            for name, pts in self.points.items():
                key = (name, mode)
                if key not in self._lookups:  # one O(n) pass per classifier; then a step is a search, at any skew
                    self._lookups[key] = PrecisionIndex(pts) if mode == "precision" else TargetIndex(pts, mode, None)
                look = self._lookups[key]
                i = look(value, pi) if mode == "precision" else look(value)
                w.threshold_index_[name] = i
                w.threshold_[name] = None if i is None else float(pts.thresholds[i])
        marked = {n: (np.inf if t is None else t) for n, t in w.threshold_.items()}
        for marker in self.markers:
            marker.set_threshold(marked, index=w.threshold_index_)
        self.readout()

    def readout(self):
        """Fill ``threshold_readouts_`` and the table at the current π′ and m."""
        from ..stats.choose import report_at

        w = self.widget
        pi, m = float(self._skew()), float(self._m())
        numbers = {}
        for name, pts in self.points.items():
            i = w.threshold_index_[name]
            if i is None:
                numbers[name] = None
                continue
            try:
                r = report_at(pts, i, pi, m=m, confidence=CONFIDENCE, exact=True)
            except ValueError:  # weighted rows: no interval from the counts
                r = report_at(pts, i, pi, m=m)
            r["threshold"] = w.threshold_[name]
            numbers[name] = r
        rows = _cells(numbers)
        w.threshold_readouts_ = numbers
        title = (f"At π′ = {skew_text(pi)}, m = {m:.2f}</b> (recall and precision with a {CONFIDENCE:.0%} "
                 "bootstrap interval under each; counts per 10 000 deployed cases)<b>")
        w.after_frame(lambda: setattr(w.threshold_table, "value", readout_table(title, _COLUMNS, rows)))

    # ------------------------------------------------------------------ the button
    def choose(self, _button=None):
        """Apply :func:`skewplot.choose_threshold` to every classifier and go to threshold mode."""
        from ..stats.choose import choose_threshold

        w, c = self.widget, self.widget.controls
        mode, how = c["threshold_mode"].value, w.choose_for.value
        kw = {"target": "cost", "m": float(self._m())} if mode == "threshold" else \
            {"target": mode, "value": float(c["target"].value)}
        skew = self._skew() if how == "skew" else SkewRange(*self._range())
        try:
            chosen = {name: choose_threshold(pts, skew=skew, risk="expected" if how == "skew" else how, **kw)
                      for name, pts in self.points.items()}
        except ValueError as exc:
            w._say(f"choose threshold: {exc}")
            return
        before = (c["threshold_mode"].value, c["threshold"].value)
        w.threshold_.update({name: d.threshold for name, d in chosen.items()})
        w.threshold_index_.update({name: d.index for name, d in chosen.items()})
        c["threshold_mode"].value = "threshold"
        c["threshold"].value = w.threshold_[self.selected]
        if (c["threshold_mode"].value, c["threshold"].value) == before:  # no control moved: paint it here
            w._on_change("threshold")


def add_threshold_control(widget, points, displays, *, skew, m=lambda: 0.5, skew_range=None):
    """Give ``widget`` a threshold control marking ``displays``; it then joins every step (``SkewWidget``).

    Returns the :class:`ThresholdControl` (also ``widget.threshold_control``).
    """
    if any(isinstance(v, list) for v in points.values()):
        raise ValueError("threshold_control: the threshold control marks classifiers given as operating points, "
                         "not folds")
    tc = widget.threshold_control = ThresholdControl(widget, points, displays, skew=skew, m=m, skew_range=skew_range)
    widget._tables.append(widget.threshold_table)
    if widget._live is not None:  # a Display no other control moves: its mark is the widget's own moving artist
        widget._moving_extra += [a for name in displays if name not in widget._live
                                 for a in tc.artists_of(widget.displays[name])]
    return tc


def _cells(reports):
    """The table's cells, ``{name: {column: text}}``, of every classifier's report (None: target not reached).

    Each column is written in one format (``skewplot._format.column``): a value and the bounds of its
    interval included, so "0.000500 [0.000400, 0.000600]" sits over "0.812000 [...]", never "0.000" over "0.812".
    """
    shown = {name: r for name, r in reports.items() if r is not None}
    out = {name: {"threshold": "not reached"} for name, r in reports.items() if r is None}
    cells = {name: {"threshold": format(r["threshold"], ".4g")} for name, r in shown.items()}
    for key in ("recall", "precision", "cost", "tp", "fp", "fn", "tn"):
        ivs = {name: (r["intervals"] or {}).get(key) if key in ("recall", "precision") else None
               for name, r in shown.items()}
        values = [v for name, r in shown.items() for v in (_value(r, key), *(ivs[name] or ()))]
        texts = iter(column(values))
        for name in shown:
            text = next(texts)
            if ivs[name] is not None:  # the interval under the value: the table fits beside JupyterLab's file browser
                text += f"<br><span style='{_INTERVAL_STYLE}'>[{next(texts)}, {next(texts)}]</span>"
            cells[name][key if key in ("recall", "precision", "cost") else key.upper()] = text
    return {name: out.get(name) or cells[name] for name in reports}


def _value(report, key):
    """``report[key]`` as the table writes it: None (a dash) for the precision of a threshold that flags no case.

    Its precision is 0/0; the report's is the curve's limit there (the marks' place), which a cell would print as a
    "0" that reads as every alarm false.
    """
    return None if key == "precision" and report["tp"] == report["fp"] == 0 else report[key]
