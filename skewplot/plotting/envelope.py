"""The drawing cost space and F space share: thin line per point, bold envelope, skew marker.

Both spaces draw one thin line per operating point, the envelope of each
classifier in bold (the best threshold at every operating condition) and a
marker at a chosen deployment skew.  :class:`EnvelopeDisplay` holds that
shared drawing; :class:`~skewplot.plotting.cost.CostDisplay` and
:class:`~skewplot.plotting.fmeasure.FMeasureDisplay` only say what the
axes are and which compute functions give the lines.
"""

from __future__ import annotations

import numpy as np

from .._defaults import N_BOOT_BAND
from .._validate import check_bool, check_int, check_scalar
from ..metrics.hull import roc_convex_hull
from ..skew import FixedSkew, _is_estimate, as_skew
from ._axes import check_skew_bounds, data_set_title, data_skew, log_axis_start, narrow_row  # noqa: F401 - log_axis_start: the page's import
from ._bands import (
    check_band,
    ci_band_text,
    ci_quantiles,
    ci_replicates,
    draw_band,
    fold_band,
    fold_band_text,
    move_band,
)
from ._coincide import mark_envelopes
from ._display import Display, FromScoresMixin, as_points_dict, classifier_styles, legend_name
from ._labels import AxisLabel
from ._notes import note
from .layout._figure import fit_label, legible
from .layout._markers import fit_marker_label, mark_size, share_markers, show_whole

__all__ = ["EnvelopeDisplay", "ENVELOPE_PARAMS"]

#: The log-axis rule: with ``log_skew=None`` the x axis is logarithmic when the
#: marked deployment skew (its PC(+) on a probability-cost axis) lies below this.
LOG_BELOW = 0.05

#: numpydoc text of the parameters plot_cost and plot_fmeasure share.
ENVELOPE_PARAMS = """\
    log_skew : bool or None, default=None
        Logarithmic x axis (skew or PC(+)), from 1e-3 (or the decade of the
        marker or of ``skew_bounds[0]`` when smaller) to 1.  None: logarithmic
        exactly when the x position of ``skew`` or of ``skew_bounds[0]`` is
        below 0.05 (``LOG_BELOW``) -- the rare positives this library is
        for -- else linear.  The scale is fixed when the plot is drawn; an
        ``update`` that moves the marker past a log axis' end moves the end.
    skew_bounds : (float, float), optional
        The skews the x axis must span, ``0 < lo < hi <= 1`` (a widget passes
        its skew slider's ends, so the marker never leaves the axis).
    max_lines : int, optional
        Most thin lines drawn per classifier (see ``lines``).  Default: one
        per ``LINE_PX`` (4) pixels of the Axes' height, at most 200: lines
        packed closer than that are not told apart, and each one costs
        drawing time in a widget.
    band : {"sd", "quantile"}, default="sd"
        For folds: mean ± one standard deviation, or the median with the 10-90 % quantiles, of the envelopes.
    confidence : float in (0, 1), optional
        Draw a pointwise bootstrap band of this confidence around each
        single classifier's envelope (stratified resampling of the rows its
        counts hold, as :func:`skewplot.aucpr_ci`).
    n_boot : int, default=200
        Bootstrap replicates for ``confidence``.
    random_state : None, int or Generator, optional
        Seed of the bootstrap for ``confidence``.
%(threshold_param)s    ax : matplotlib Axes, optional
    **kwargs
        Passed to the envelopes' ``Axes.plot`` (to the thin lines when
        ``envelope=False``); ``alpha`` is transparency.
"""


def thin_look(n_classifiers):
    """Width and alpha of the per-threshold lines: fainter from three classifiers on, so envelopes read over them.

    >>> thin_look(1), thin_look(3), thin_look(10)
    ({'linewidths': 0.6, 'alpha': 0.8}, {'linewidths': 0.6, 'alpha': 0.25}, {'linewidths': 0.329, 'alpha': 0.075})
    """
    share = min(1.0, 3.0 / n_classifiers)  # one classifier: grey lines (alpha 0.8); then alpha 0.25 * 3 / n
    return {"linewidths": round(0.6 * share ** 0.5, 3), "alpha": round(0.25 * share, 3) if n_classifiers > 1 else 0.8}


#: Pixels of Axes height per thin line when ``max_lines`` is not given (see ``auto_lines``).
LINE_PX = 4


def auto_lines(ax):
    """The default ``max_lines`` on ``ax``: one line per ``LINE_PX`` pixels of its height, 10 to 200."""
    return int(np.clip(ax.bbox.height // LINE_PX, 10, 200))


def _drawn_indices(pts, max_lines, hull=None):
    """Points that get a thin line: all but the two trivial ends, or the hull's (``hull``, if given) when too many."""
    if len(pts) - 2 <= max_lines:
        return np.arange(1, len(pts) - 1)
    idx = (roc_convex_hull(pts) if hull is None else hull)[1:-1]
    if idx.size > max_lines:
        idx = idx[np.unique(np.linspace(0, idx.size - 1, max_lines).round().astype(np.intp))]
    return idx


def check_skew(skew):
    """``skew`` for a marker: None (no marker) or one deployment skew in [0, 1] (an estimate: its point estimate)."""
    if skew is None:
        return None
    if _is_estimate(skew):
        skew = as_skew(skew)
    if isinstance(skew, FixedSkew):
        skew = skew.value
    if not isinstance(skew, (int, float, np.integer, np.floating)) or isinstance(skew, bool):
        raise TypeError(f"skew must be None, one deployment skew in [0, 1] or a SkewEstimate, got "
                        f"{type(skew).__name__}")
    return check_scalar(skew, "skew", lo=0.0, hi=1.0)


class EnvelopeDisplay(FromScoresMixin, Display):
    """Base of the cost and F spaces: thin line per point, bold envelope, skew marker.

    Subclasses give the axes (``_grid``, labels, limits), the curves
    (``_point_curves``, ``_envelope_curve``, ``_envelope_at``, ``_baseline_curves``)
    and ``_marker_x``.  ``_shape_params`` lists the update parameters that
    change the curves; any other parameter only moves the skew marker.
    """

    _shape_params: tuple = ()
    _hiding = (None, "")  #: the baseline an envelope may lie on (drawn over them), and its legend name
    _thin_label = "one line per threshold"
    _thin_lines = None  #: the thin lines' collection class (None: ``LineCollection``)

    def __init__(self, points, *, lines=True, envelope=True, skew=None, max_lines=None, band="sd", confidence=None,
                 n_boot=N_BOOT_BAND, random_state=None, palette=None, log_skew=None, skew_bounds=None):
        super().__init__(palette)
        self.points = as_points_dict(points)
        self.lines = check_bool(lines, "lines")
        self.envelope = check_bool(envelope, "envelope")
        self.skew = check_skew(skew)
        self.skew_bounds = check_skew_bounds(skew_bounds)
        # Without a deployment skew the data set's own is marked and named (a line, no dots): a reader asks where
        # the test set sits, and the log-axis rule then places it as it would a deployment skew there.
        self.data_skew = data_skew(self.points)
        low = self._axis_low()
        self.log_skew = bool(low is not None and low < LOG_BELOW) if log_skew is None \
            else check_bool(log_skew, "log_skew")
        self._log_grid = np.geomspace(log_axis_start(low), 1.0, 400)
        self._rescaled = False
        self.max_lines = None if max_lines is None else check_int(max_lines, "max_lines", lo=1)
        self.band = check_band(band)
        self.point_lines_ = {}
        self.bands_ = {}
        self.markers_ = {}
        self.skew_line_ = None
        self.skew_text_ = None
        self.coincide_entry_ = None  # the legend entry that says what a "*" after a name means (``_coincide``)
        self.thin_entry_ = None  # the legend entry of several classifiers' thin lines (an empty collection)
        self.axis_labels_ = {}  # letter -> the AxisLabel that paints a label ``update`` rewrites
        # Computed once: the hull of every fold (all an envelope needs); the points drawn, once the Axes is known.
        self._hulls = {}
        self._drawn = {}
        for name, value in self.points.items():
            folds = value if isinstance(value, list) else [value]
            self._hulls[name] = [p._take(roc_convex_hull(p)) for p in folds]
        self.ci, replicates = ci_replicates(self.points, confidence, n_boot, random_state)
        self.n_boot = n_boot
        self._ci_hulls = {name: [p._take(roc_convex_hull(p)) for p in reps] for name, reps in replicates.items()}
        self._changed = set()

    # ------------------------------------------------------------------ parameters
    def _check_params(self, params):  # pragma: no cover - subclasses validate their own
        return params

    def _set_params(self, **params):
        if "skew" in params:
            params["skew"] = check_skew(params["skew"])
        params = self._check_params(params)
        self._changed |= {key for key, value in params.items() if getattr(self, key, None) != value}
        super()._set_params(**params)

    # ------------------------------------------------------------------ data
    def _classifier_envelope(self, name):
        """(x, centre, lo, hi) of one classifier; lo = hi = None unless it has folds."""
        hulls = self._hulls[name]
        if name in self._ci_hulls:  # the envelope with a pointwise bootstrap band
            x = np.unique(np.concatenate([self._grid(), self._envelope_curve(hulls[0])[0]]))
            lo, hi = ci_quantiles([self._envelope_at(h, x) for h in self._ci_hulls[name]], self.ci)
            return x, self._envelope_at(hulls[0], x), lo, hi
        if not isinstance(self.points[name], list):
            x, y = self._envelope_curve(hulls[0])
            return x, y, None, None
        x = np.unique(np.concatenate([self._grid()] + [self._envelope_curve(h)[0] for h in hulls]))
        mid, lo, hi = fold_band([self._envelope_at(h, x) for h in hulls], self.band)
        return x, mid, lo, hi

    def _axis_low(self, marker_x=None):
        """Smallest positive x the axis must show (None: nothing), the marker's and ``skew_bounds[0]``.

        The bound is taken as it is, also on a PC(+) axis (its PC(+) at
        ``m = 0.5``): a cost weight that moves the marker further left moves
        the axis with it, but steps of ``m`` do not move it otherwise.
        ``marker_x``: the marker's x, when the caller has it (else from ``skew``).
        """
        if marker_x is not None:
            xs = [float(marker_x)]
        else:
            shown = self.skew if self.skew is not None else self.data_skew
            xs = [float(self._x_of_skew(shown))] if shown is not None else []
        xs += [self.skew_bounds[0]] if self.skew_bounds is not None else []
        xs = [x for x in xs if x > 0]
        return min(xs) if xs else None

    def _marker_x(self):
        return self._x_of_skew(self.skew)

    def _marker_y(self, name, x):
        return float(np.mean([self._envelope_at(h, np.array([x]))[0] for h in self._hulls[name]]))

    # ------------------------------------------------------------------ drawing
    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure when None); ``kwargs`` reach the envelopes.

        Returns
        -------
        self
        """
        from matplotlib.collections import LineCollection

        ax = self._attach(ax)
        cap = auto_lines(ax) if self.max_lines is None else self.max_lines
        self._drawn = {name: value._take(_drawn_indices(value, cap)) for name, value in self.points.items()
                       if not isinstance(value, list)}
        several = len(self.points) > 1
        for name, value, style in classifier_styles(self.points, kwargs, 2.0, self.palette, self.ax_):
            color = style["color"]
            thin = {"colors": color if several else "0.6", **thin_look(len(self.points))}
            if not self.envelope:  # kwargs reach the thin lines instead
                thin.update({("colors" if k == "color" else k): v for k, v in kwargs.items()})
            if self.lines and name in self._drawn:
                coll = (self._thin_lines or LineCollection)(self._point_curves(self._drawn[name]), zorder=1.2, **thin,
                                                            label=self._thin_label if not several else "_nolegend_")
                self.point_lines_[name] = ax.add_collection(coll)
            if self.envelope:
                x, y, lo, hi = self._classifier_envelope(name)
                (self.lines_[name],) = ax.plot(x, y, label=legend_name(name), zorder=2.5, **style)
                if lo is not None:
                    said = (ci_band_text(self.ci, self.n_boot) if name in self._ci_hulls
                            else fold_band_text(self.band, len(value)))
                    self.bands_[name] = draw_band(ax, x, lo, hi, self.lines_[name], said)
                (self.markers_[name],) = ax.plot([np.nan], [np.nan], "o", ms=mark_size(5, len(self.points)), zorder=3,
                                                 color=self.lines_[name].get_color(), label="_nolegend_")
                show_whole(self.markers_[name])  # an F of 0 or a cost at the axis' end: on the edge, drawn whole
        if several and self.point_lines_ and not narrow_row(ax.figure):
            # each classifier's thin lines in its colour: one entry names them all
            # light grey: a swatch of its own, not one of the grey dashed baselines' look
            self.thin_entry_ = ax.add_collection(LineCollection([], colors="0.7", linewidths=0.8,
                                                                label=self._thin_label))
        self._draw_baselines(ax)
        # just above the axis (zorder 1.5 under matplotlib's default axisbelow="line"): a widget moving the
        # marker then repaints the curves above it, never the ticks
        self.skew_line_ = ax.axvline(0.0, color="0.3", linestyle=":", linewidth=1.0, zorder=1.55, label="_nolegend_")
        # no opaque box: placed where it covers no line (``fit_marker_label``), it needs none, and a box larger
        # than its glyphs blanked the lines along its edge (the trivial line in cost-05 of the figure review)
        self.skew_text_ = ax.text(0.0, 0.98, "", transform=ax.get_xaxis_transform(), ha="left", va="top",
                                  fontsize=legible("small"), color="0.25")
        self.skew_text_.set_in_layout(False)  # placed inside the panel (``_move_marker``): it never shrinks it
        self._draw_extras(ax)
        for letter in ("x", "y"):
            # Both axes go under the thin lines, and a label that ``update`` rewrites is painted by an artist of
            # its own (above the envelopes): a widget changing the lines (F space's f_alpha) or a label (cost
            # space's m, F's weight) then repaints neither axis nor its tick labels, only the label.
            # The label lies outside the Axes, where nothing else paints: its zorder only decides what a step
            # repaints.  It sits just under the skew line: what rewrites it (m, the F weight) moves the marker
            # (cost's PC(+)) or the curves as well, and a skew step, which moves the marker alone, leaves it.
            axis = getattr(ax, f"{letter}axis")
            axis.set_zorder(min(axis.get_zorder(), 1.1))
            if letter in self._relabelled:
                self.axis_labels_[letter] = AxisLabel(axis, zorder=1.5)
        self._set_limits(ax)
        self._move_marker()
        self._set_labels()
        mark_envelopes(self)  # the envelopes lying on the baseline: marked in the legend (``_coincide``)
        self._place_legend()
        self._move_marker()  # again on the Axes' laid-out width
        return self

    def _marker_artists(self):
        return [a for a in (self.skew_line_, self.skew_text_, *self.markers_.values()) if a is not None]

    def _changed_artists(self, params):
        """The marker alone when only the skew moves; with any other parameter its axis label, or all."""
        if set(params) & set(self._shape_params) or self._rescaled:
            return [self.ax_]
        labels = list(self.axis_labels_.values()) if set(params) - {"skew"} else []
        return self._marker_artists() + labels

    def _fixed_artists(self):
        """Both Axis objects: their labels are painted by ``axis_labels_``."""
        return [self.ax_.xaxis, self.ax_.yaxis]

    #: The baselines' zorder: under the envelopes (2.5), a classifier drawn over the line it beats.
    _baseline_z = 1.6

    def _draw_extras(self, ax):
        """Hook for extra artists (the cost space's operating ranges)."""

    def _draw_baselines(self, ax):
        for key, (x, y, style) in self._baseline_curves().items():
            (self.baselines_[key],) = ax.plot(x, y, color="0.35", linewidth=1.0, zorder=self._baseline_z, **style)

    def _move_marker(self):
        visible = self.skew is not None
        data = not visible and self.data_skew is not None  # no deployment skew: the data set's own, named
        x = self._marker_x() if visible else float(self._x_of_skew(self.data_skew)) if data else 0.0
        for name, marker in self.markers_.items():
            # the data set's skew is marked on every curve as a chosen one is: a grid's data-set panel then
            # reads like its neighbours (figure review of 5c0f0e2, cost-04 and cost-10)
            marker.set_data([x], [self._marker_y(name, x)] if visible or data else [np.nan])
            marker.set_visible(visible or data)
        self.skew_line_.set_xdata([x, x])
        self.skew_line_.set_visible(visible or data)
        self.skew_text_.set_x(x)
        self.skew_text_.set_visible(visible or data)
        self._share_markers()
        if not (visible or data):
            self.skew_text_.set_text("")
            return
        text = self._marker_text if visible else self._data_text
        fit_marker_label(self.skew_text_, x, (text(), text(short=True)), skip=(self.skew_line_,))

    def _data_text(self, short=False):
        """The label of the data set's own skew, marked when no deployment skew is given."""
        return data_set_title(self.data_skew)

    def _share_markers(self):
        share_markers(self.ax_, self.markers_.values())

    def _follow_axis(self):
        """Move a log axis to where the state puts it (True when it moved): a fresh plot's axis, always.

        Its left end follows the smallest x to show (a smaller skew, or the
        cost weight ``m`` on a PC(+) axis), and the cost space's bottom its
        lowest marker, both on whole steps (decades), so most steps move
        neither.
        """
        if not self.log_skew:
            return False
        start = log_axis_start(self._axis_low())
        if self._grow_only():  # a step back never moves the axis again
            start = min(start, float(self._log_grid[0]))
        moved = not np.isclose(start, self._log_grid[0], rtol=1e-12, atol=0.0)
        if moved:
            self._log_grid = np.geomspace(start, 1.0, 400)
        if not (moved or self._y_moves()):
            return False
        self._set_limits(self.ax_)
        return True

    def _grow_only(self):
        """In a widget (its layout frozen) the axis ends only grow: a step that moves them costs a full draw."""
        return bool(note(self.figure_, "frozen", False))

    def _y_moves(self):
        """Whether the y axis' limits differ from the state's (the cost space's log axis; F's is fixed)."""
        return False

    def _refresh(self):
        self._rescaled = self._follow_axis()
        if self._rescaled or self._changed & set(self._shape_params):
            for name, coll in self._redrawn(self.point_lines_):
                coll.set_segments(self._point_curves(self._drawn[name]))
            for name, line in self._redrawn(self.lines_):
                x, y, lo, hi = self._classifier_envelope(name)
                line.set_data(x, y)
                if name in self.bands_:
                    move_band(self.bands_[name], x, lo, hi)
            for key, (x, y, _) in self._baseline_curves().items():
                self.baselines_[key].set_data(x, y)
            mark_envelopes(self, again=True)
        self._move_marker()
        # the curves or the marker moved: the same rule as a fresh plot; a widget's step (its layout frozen)
        # moves the legend only with the curves, so that it does not jump as the marker slides
        if (self._rescaled or self._changed & set(self._shape_params)
                or not note(self.figure_, "frozen", False)):
            self._place_legend(relocate=True)
        self._changed.clear()
        self._set_labels()

    def _set_labels(self):
        # only a label that changed: setting one marks its axis, and through it the figure, stale (a widget's
        # static axis would then ask for a full draw after every step); a narrow panel (a paper row, a grid
        # cell) shows the short x label, which fits under the Axes
        for letter, full in (("x", self._xlabel()), ("y", self._ylabel())):
            if full != self.__dict__.get(f"_full_{letter}label"):
                self.__dict__[f"_full_{letter}label"] = full
                if letter == "x":
                    fit_label(self.ax_.xaxis, full, self._xlabel(short=True))
                else:
                    fit_label(self.ax_.yaxis, full)
