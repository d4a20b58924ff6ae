"""Every space side by side, driven by one linked set of controls."""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from .._validate import check_bool, renamed_keywords
from ..metrics.auc import roc_auc
from ..metrics.precision import skew_model_of
from ..plotting.envelope import LOG_BELOW
from ..skew import SkewRange
from ..skew.base import skew_text
from ._base import (
    SkewWidget,
    check_points,
    check_slider_bounds,
    first_points,
    initial_skew,
    normalized,
    plot_args,
    read_estimate,
    skew_or_estimate,
)
from ._layout import explorer_panels
from ._shared_legend import RefitsSharedLegend, shared_legend
from .controls import (
    check_skew_range,
    f_alpha_slider,
    m_slider,
    skew_range_slider,
    skew_slider,
)
from .spaces import envelope_readout
from .threshold import add_threshold_control

__all__ = ["explorer", "Explorer"]

_COLUMNS = ["AUCPR(π′)", "nAUCPR(π′)", "AUC P̄", "nAUC P̄", "ROC AUC", "cost area", "F area"]


class Explorer(RefitsSharedLegend, SkewWidget):
    """PR, PRG, P̄-R, ROC, cost, F and AUCPR-against-skew panels under one set of controls.

    See :func:`explorer`.
    """

    _page_draws_curves = True

    def __init__(self, data=None, y_score=None, *, skew=None, skew_range=(0.0, 0.5), f_alpha=None, beta=None,
                 m=0.5, slider_bounds=(1e-4, 0.9999), estimated_skew=None, figsize=None, prg=False,
                 threshold_control=True, **inputs):
        from .. import plotting
        from ..metrics.fweight import resolve_f_weight

        super().__init__()
        prg, threshold_control = check_bool(prg, "prg"), check_bool(threshold_control, "threshold_control")
        points = check_points(data, y_score, inputs, func="explorer")
        style = {"palette": inputs.pop("palette", None)}
        if inputs:
            raise TypeError(f"explorer() got unexpected keyword argument(s) {', '.join(sorted(inputs))}")
        bounds = check_slider_bounds(slider_bounds)
        skew, estimated_skew = skew_or_estimate(skew, estimated_skew)
        value = initial_skew(points, skew, bounds)
        pair = check_skew_range(skew_range, name="skew_range")
        self.controls["skew"] = skew_slider(value, lo=bounds[0], hi=bounds[1])
        # logarithmic when positives are rare: the useful [0, 0.05] spanned a few pixels of a linear slider
        rare = first_points(next(iter(points.values()))).skew < LOG_BELOW
        self.controls["skew_range"] = skew_range_slider(pair, log=rare, log_lo=bounds[0])
        self.controls["f_alpha"] = f_alpha_slider(resolve_f_weight(f_alpha, beta))
        self.controls["m"] = m_slider(m)
        estimate = self._make_estimate(estimated_skew, bounds)
        single = not any(isinstance(v, list) for v in points.values())  # PRG and thresholds: no folds
        prg = prg and single
        # two columns: the panels keep a readable width in a notebook beside JupyterLab's file browser
        panels = explorer_panels(self, prg, figsize)
        fig = self.figure
        a_pr, a_prg, a_int, a_roc = panels["pr"], panels.get("prg"), panels["integrated"], panels["roc"]
        a_cost, a_f, a_skew = panels["cost"], panels["fmeasure"], panels["aucpr_vs_skew"]
        d = self.displays
        style["log_precision"] = rare  # both precision axes log with rare positives, like the two skew sliders
        d["pr"] = plotting.plot_pr(**plot_args(points), skew=value, skew_label="title", ax=a_pr, **style)
        d["integrated"] = plotting.plot_pr(**plot_args(points), skew=SkewRange(*pair), skew_label="title", ax=a_int,
                                           **style)
        del style["log_precision"]
        for key in ("pr", "integrated"):  # the log axis' ends fixed over the sliders' range: no step moves them
            d[key].set_floor_skew(bounds[0])
        if prg:
            # the unit square at every skew: the slider moves the curves, never the axes (the page draws the same)
            d["prg"] = plotting.plot_prg(**plot_args(points), skew=value, scale="linear", ax=a_prg, **style)
        d["roc"] = plotting.plot_roc(**plot_args(points), ax=a_roc, **style)
        # the skew axes span the skew slider's ends, so its marker never leaves them
        d["cost"] = plotting.plot_cost(**plot_args(points), m=m, skew=value, skew_bounds=bounds, ax=a_cost, **style)
        d["fmeasure"] = plotting.plot_fmeasure(**plot_args(points), f_alpha=f_alpha, beta=beta, skew=value,
                                               skew_bounds=bounds, ax=a_f, **style)
        skews = np.geomspace(min(bounds[0], 1e-4), max(bounds[1], 0.9999), 241)
        d["aucpr_vs_skew"] = plotting.plot_aucpr_vs_skew(**plot_args(points), skews=skews, ax=a_skew, **style)
        self.skew_line_ = a_skew.axvline(value, color="0.3", linestyle=":", linewidth=1.0)
        # above the axis (zorder 1.5): a step of the range repaints the curves above it, never the ticks
        # a Rectangle on every matplotlib (axvspan made a Polygon before 3.9), moved by set_x and set_width
        self.range_span_ = Rectangle((pair[0], 0.0), pair[1] - pair[0], 1.0, color="tab:blue", alpha=0.12,
                                     linewidth=0, zorder=1.55, transform=a_skew.get_xaxis_transform(which="grid"))
        a_skew.add_patch(self.range_span_)
        self._moving_extra += [self.skew_line_, self.range_span_]
        if estimated_skew is not None:  # static: drawn once, under the moving skew line
            est, low, high = read_estimate(estimated_skew)
            if low is not None:
                a_skew.axvspan(low, high, color="tab:green", alpha=0.2, linewidth=0, label="estimated skew")
            a_skew.axvline(est, color="tab:green", linewidth=1.2, label=None if low is not None else "estimated skew")
        marked = threshold_control and single
        self.legend_, self._legend_entries = shared_legend(
            fig, d, estimate=a_skew if estimated_skew is not None else None,
            keys=legend_keys(threshold=marked, off_scale=marked and rare, band=self.range_span_,
                             thin=any(d[k].point_lines_ for k in ("cost", "fmeasure"))))
        self._live = ["pr", "integrated", "cost", "fmeasure", *(["prg"] if prg else [])]  # not ROC, AUCPR-vs-skew
        self._roc_auc = {name: (None if isinstance(v, list) else roc_auc(v)) for name, v in points.items()}
        c = self.controls
        rows = [[c["skew"], self._make_reset(points, bounds), c["skew_range"]], [c["f_alpha"], c["m"], *estimate]]
        if marked:
            add_threshold_control(
                self, points, [name for name in ("pr", "prg", "integrated", "roc", "cost", "fmeasure") if name in d],
                skew=lambda: c["skew"].value, m=lambda: c["m"].value, skew_range=lambda: c["skew_range"].value)
        self._finish(rows, side_by_side=False)


    def _apply(self, changed):
        c, d = self.controls, self.displays
        changed = set(c) if changed is None else changed
        skew = float(c["skew"].value)
        lo, hi = c["skew_range"].value
        if "skew" in changed:
            self.skew_line_.set_xdata([skew, skew])
            d["pr"].update(skew=skew, draw=False)
        if "skew_range" in changed:
            if not lo < hi:
                raise ValueError("the skew range is empty: move its ends apart")
            self.range_span_.set_x(lo)
            self.range_span_.set_width(hi - lo)
            d["integrated"].update(skew=SkewRange(lo, hi), draw=False)
        if changed & {"skew", "m"}:
            d["cost"].update(skew=skew, m=float(c["m"].value), draw=False)
        if changed & {"skew", "f_alpha"}:
            d["fmeasure"].update(skew=skew, f_alpha=float(c["f_alpha"].value), draw=False)
        if "prg" in d and "skew" in changed:
            d["prg"].update(skew=skew, draw=False)
        self._readout(skew, d["integrated"].skew)

    # control -> the Displays it updates and the parameter it sets there
    _PANELS = {"skew": (("pr", "skew"), ("prg", "skew"), ("cost", "skew"), ("fmeasure", "skew")),
               "skew_range": (("integrated", "skew"),), "m": (("cost", "m"),), "f_alpha": (("fmeasure", "f_alpha"),)}

    def _moved_axes(self, changed):
        """The artists (or whole Axes) a step of ``changed`` moves: a frame repaints those and what lies above."""
        own = {"skew": [self.skew_line_], "skew_range": [self.range_span_]}
        moved = [a for name in changed for a in own.get(name, ())]
        for name in changed:
            for disp, param in self._PANELS.get(name, ()):
                if disp in self.displays:
                    moved += self.displays[disp]._changed_artists((param,))
        tc = self.threshold_control
        # the marks: a step of the threshold control, or a skew step that moves a target's point
        if tc is not None and (changed - set(self._PANELS) or
                               "skew" in changed and self.controls["threshold_mode"].value != "threshold"):
            moved += tc.artists()
        return moved

    def _readout(self, skew, model):
        d = self.displays
        _, cost = envelope_readout("cost", d["cost"])
        _, fm = envelope_readout("fmeasure", d["fmeasure"])
        rows = {}
        for name, value in d["pr"].points.items():
            pts = first_points(value)
            at, over = d["pr"].aucs_[name], d["integrated"].aucs_[name]
            rows[name] = {
                "AUCPR(π′)": at, "nAUCPR(π′)": normalized(at, skew_model_of(pts, skew).aucpr_min()),
                "AUC P̄": over, "nAUC P̄": normalized(over, model.aucpr_min()),
                "ROC AUC": self._roc_auc[name],
                "cost area": cost.get(name, {}).get("area"), "F area": fm.get(name, {}).get("area"),
            }
        title = (f"π′ = {skew_text(skew)}, range [{skew_text(model.lo)}, {skew_text(model.hi)}], "
                 f"f_alpha = {self.controls['f_alpha'].value:.2f}, m = {self.controls['m'].value:.2f}")
        self._set_readout(title, _COLUMNS, rows)


def legend_keys(*, threshold, off_scale, band, thin=False):
    """``(handle, label)`` of the marks each classifier has in its colour, drawn in black: the reader's key to them.

    The threshold's mark and its cost and F lines (``threshold``), its
    off-scale mark where a log precision axis cannot hold its precision 0
    (``off_scale``), the faint line of each threshold in cost and F space
    (``thin``, the static plots' light grey swatch and short label), each curve's dot at
    π′ there, and the AUCPR-against-skew panel's shaded ``band`` (P̄'s range
    of π′).
    """
    from matplotlib.collections import LineCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from ..plotting.threshold import OFF_SCALE_MARKER, threshold_width

    def mark(marker, size, **kw):
        return Line2D([], [], color="black", marker=marker, markersize=size, linestyle="none", **kw)

    keys = []
    if threshold:  # the mark and, beside it, the dashes of its cost and F lines: one entry
        keys.append(((mark("D", 6, markerfacecolor="none", markeredgewidth=1.4),
                      Line2D([], [], color="black", linewidth=threshold_width(1), linestyle=(0, (4, 2)))),
                     "threshold"))
    if off_scale:
        keys.append((mark(OFF_SCALE_MARKER, 6, markerfacecolor="none", markeredgewidth=1.4), "P = 0, below axis"))
    if thin:
        keys.append((LineCollection([], colors="0.7", linewidths=0.8), "each threshold"))
    keys += [(mark("o", 5), "curve at π′"),
             (Patch(facecolor=band.get_facecolor(), linewidth=0), "π′ range of $\\bar{P}$")]
    return keys


@renamed_keywords(skew_bounds="slider_bounds")
def explorer(data=None, y_score=None, *, skew=None, skew_range=(0.0, 0.5), f_alpha=None, beta=None, m=0.5,
             slider_bounds=(1e-4, 0.9999), estimated_skew=None, figsize=None, prg=False, threshold_control=None,
             **inputs):
    """Every space side by side under one set of controls, with a linked AUC table.

    Panels: PR (and, with ``prg=True``, precision-recall-gain space) at the
    chosen skew, P̄-R over the chosen range, ROC, cost space and F-measure space (the chosen
    skew marked in both), and AUCPR against skew (the skew marked, the
    range shaded).  A threshold control marks one operating point per
    classifier on every space but the last, with a table of what it does
    at the chosen skew (``skewplot.widgets.threshold``).

    Parameters
    ----------
    data, y_score : optional
        What to plot, as :func:`skewplot.plot_pr` takes it (one curve per
        classifier; the explorer draws no folds).
    skew : float, optional
        Starting skew; the data set's own skew when None.
    skew_range : (float, float), default=(0.0, 0.5)
        The starting range of skews P̄ averages over (the P̄-R panel's range slider).
    f_alpha : float in [0, 1], optional
        Starting F weight (0.5, F1, by default).
    beta : float >= 0, optional
        Start at F_beta instead (``f_alpha = 1 / (1 + beta**2)``).
    m : float in [0, 1], default=0.5
    slider_bounds : (float, float), default=(1e-4, 0.9999)
        The skew slider's ends, ``0 < lo < hi < 1`` (formerly ``skew_bounds``,
        which in the plots is the span of the skew axis).
    estimated_skew : SkewEstimate or float, optional
        A skew estimated from deployment scores (:func:`skewplot.estimate_skew`):
        shown with its interval on the slider's scale and shaded in the
        AUCPR-against-skew panel, with a "go to estimated skew" button.
    figsize : (float, float), optional
        Two panels a row (PR and PRG, P̄-R and ROC, cost and F, then AUCPR
        against skew across the row; without PRG: PR and P̄-R, cost and F,
        ROC and AUCPR against skew): 540 px at 100 dpi fits a JupyterLab
        notebook in a 1000 px wide window with the file browser open (its
        output area is about 550 px wide).  Default (5.4, 10.6), without
        PRG (5.4, 8.0).  The figure is laid out again when it is resized.
    prg : bool, default=False
        Draw the precision-recall-gain panel (:func:`skewplot.plot_prg`,
        gains against the chosen skew) beside PR.  Not with folds.  Its
        curves are computed anew at each skew step (O(n): the recall gain's
        pixel columns move with the skew, so no one thinning serves every
        skew as it does in PR space): about 50-100 ms a classifier of 10⁶
        points, against a few ms for the other panels.  The panel keeps the
        unit square at every skew (``scale="linear"``), so that the slider
        moves the curves and not the axes; at rare skews ``plot_prg``'s
        decades show what it cannot.
    threshold_control : bool, optional
        Add the threshold control (``skewplot.widgets.threshold``): a
        threshold per classifier, or a common precision or recall target,
        marked on every space, a table of recall and precision at π′ with
        intervals, expected cost and counts per 10 000 cases, and a button
        that applies :func:`skewplot.choose_threshold`.  Not with folds.
        None: True, but False for a one-vs-rest mapping, which has no
        threshold control (True is refused by name, with the reason).
    **inputs
        The input and colour keywords of :func:`skewplot.plot_pr`:
        ``y_true``, ``hue``, ``sample_weight``, ``pos_label``, ``hue_order``,
        ``name``, ``palette``.

    Returns
    -------
    Explorer
        ``controls``: ``"skew"``, ``"skew_range"``, ``"f_alpha"``, ``"m"``
        and the threshold control's ``"threshold_mode"``, ``"threshold"``,
        ``"target"`` (``"threshold_of"`` with several classifiers);
        ``displays``: ``"pr"``, ``"prg"``, ``"integrated"``, ``"roc"``,
        ``"cost"``, ``"fmeasure"``, ``"aucpr_vs_skew"``.  Each control
        updates only the panels that depend on it.  ``threshold_``: the
        marked score threshold of each classifier (None where a target is
        not reached), ``threshold_readouts_``: the threshold table's numbers.

    Notes
    -----
    The AUCPR-against-skew panel evaluates the AUCPR on a grid of 241 skews
    once, when the explorer is built.

    A one-vs-rest mapping (:func:`skewplot.one_vs_rest`) gives the
    one-vs-rest explorer (``skewplot.widgets.class_explorer``): a class
    selector and that class's prior, every class drawn at the prior vector,
    an AUC table per class; ``skew`` is then the starting vector
    ``{class: prior}`` (or a PriorEstimate); ``prg=True`` draws each
    class's gains at its prior, and it has no threshold control
    (``threshold_control=True`` is refused by name, with the reason).

    Examples
    --------
    >>> import skewplot as sp
    >>> w = sp.widgets.explorer(sp.datasets.example_classifiers())
    >>> w.controls["skew"].value = 0.01
    >>> w.displays["cost"].skew
    0.01
    >>> w.controls["threshold_mode"].value = "precision"
    >>> w.controls["target"].value = 0.6
    >>> all(r is None or r["precision"] >= 0.6 for r in w.threshold_readouts_.values())
    True
    """
    from ..metrics.multiclass import OneVsRest

    if isinstance(data, OneVsRest):  # the one-vs-rest explorer: a class and its prior (class_explorer)
        from .class_explorer import ClassExplorer

        if y_score is not None or estimated_skew is not None or inputs:
            extra = ["y_score"] * (y_score is not None) + ["estimated_skew"] * (estimated_skew is not None)
            raise TypeError(f"explorer: a OneVsRest carries its own scores and takes skew={{class: prior}} or a "
                            f"PriorEstimate; {', '.join(extra + sorted(inputs))} not taken with it")
        return ClassExplorer(data, skew=skew, skew_range=skew_range, f_alpha=f_alpha, beta=beta, m=m,
                             slider_bounds=slider_bounds, figsize=figsize, prg=prg,
                             threshold_control=False if threshold_control is None else threshold_control)
    return Explorer(data, y_score, skew=skew, skew_range=skew_range, f_alpha=f_alpha, beta=beta, m=m,
                    slider_bounds=slider_bounds, estimated_skew=estimated_skew, figsize=figsize, prg=prg,
                    threshold_control=True if threshold_control is None else threshold_control, **inputs)
