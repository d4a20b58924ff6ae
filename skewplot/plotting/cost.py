"""Cost space [S §2.3] (Drummond & Holte's cost curves), and the base it shares with F space.

Both spaces draw one thin line per operating point, the envelope of each
classifier in bold (the best threshold at every operating condition) and a
marker at a chosen deployment skew.  :class:`EnvelopeDisplay` holds that
shared drawing; :class:`CostDisplay` and
:class:`~skewplot.plotting.fmeasure.FMeasureDisplay` only say what the
axes are and which compute functions give the lines.
"""

from __future__ import annotations

import numpy as np

from .._validate import check_choice, check_scalar
from ..metrics.cost import (
    cost_crossing,
    cost_envelope,
    expected_cost,
    operating_range,
    probability_cost,
    trivial_costs,
)
from ..metrics.hull import roc_convex_hull
from ..skew import FixedSkew
from ._display import (
    Display,
    FromScoresMixin,
    as_points_dict,
    check_band,
    classifier_styles,
    draw_band,
    fold_band,
    resolve_ax,
)

__all__ = ["CostDisplay", "plot_cost", "EnvelopeDisplay"]

_UNIT = np.linspace(0.0, 1.0, 501)

#: numpydoc text of the parameters plot_cost and plot_fmeasure share.
ENVELOPE_PARAMS = """\
    max_lines : int, default=200
        Most thin lines drawn per classifier (see ``lines``).
    band : {"sd", "quantile"}, default="sd"
        For folds: mean ± one standard deviation, or the median with the
        10-90 % quantiles, of the envelopes.
    ax : matplotlib Axes, optional
    **kwargs
        Passed to the envelopes' ``Axes.plot`` (to the thin lines when
        ``envelope=False``); ``alpha`` is transparency.
"""


def _drawn_indices(pts, max_lines):
    """Points that get a thin line: all but the two trivial ends, or the hull's when there are too many."""
    idx = np.arange(1, len(pts) - 1)
    if idx.size > max_lines:
        idx = roc_convex_hull(pts)[1:-1]
        if idx.size > max_lines:
            idx = idx[np.unique(np.linspace(0, idx.size - 1, max_lines).round().astype(np.intp))]
    return idx


def check_skew(skew):
    """``skew`` for a marker: None (no marker) or one deployment skew in [0, 1]."""
    if skew is None:
        return None
    if isinstance(skew, FixedSkew):
        skew = skew.value
    if not isinstance(skew, (int, float, np.integer, np.floating)) or isinstance(skew, bool):
        raise TypeError(f"skew must be None or one deployment skew in [0, 1], got {type(skew).__name__}")
    return check_scalar(skew, "skew", lo=0.0, hi=1.0)


class EnvelopeDisplay(FromScoresMixin, Display):
    """Base of the cost and F spaces: thin line per point, bold envelope, skew marker.

    Subclasses give the axes (``_grid``, labels, limits), the curves
    (``_point_curves``, ``_envelope_curve``, ``_envelope_at``, ``_baseline_curves``)
    and ``_marker_x``.  ``_shape_params`` lists the update parameters that
    change the curves; any other parameter only moves the skew marker.
    """

    _shape_params: tuple = ()
    _thin_label = "one line per threshold"

    def __init__(self, points, *, lines=True, envelope=True, skew=None, max_lines=200, band="sd"):
        super().__init__()
        self.points = as_points_dict(points)
        self.lines = bool(lines)
        self.envelope = bool(envelope)
        self.skew = check_skew(skew)
        self.max_lines = int(check_scalar(max_lines, "max_lines", lo=1))
        self.band = check_band(band)
        self.point_lines_ = {}
        self.bands_ = {}
        self.markers_ = {}
        self.skew_line_ = None
        self.skew_text_ = None
        # Computed once: the hull of every fold (all an envelope needs) and the points drawn.
        self._hulls = {}
        self._drawn = {}
        for name, value in self.points.items():
            folds = value if isinstance(value, list) else [value]
            self._hulls[name] = [p._take(roc_convex_hull(p)) for p in folds]
            if not isinstance(value, list):
                self._drawn[name] = value._take(_drawn_indices(value, self.max_lines))
        self._changed = set()

    # ------------------------------------------------------------------ parameters
    def _check_params(self, params):  # pragma: no cover - subclasses validate their own
        return params

    def _set_params(self, **params):
        if "skew" in params:
            params["skew"] = check_skew(params["skew"])
        params = self._check_params(params)
        self._changed |= set(params)
        super()._set_params(**params)

    # ------------------------------------------------------------------ data
    def _classifier_envelope(self, name):
        """(x, centre, lo, hi) of one classifier; lo = hi = None unless it has folds."""
        hulls = self._hulls[name]
        if not isinstance(self.points[name], list):
            x, y = self._envelope_curve(hulls[0])
            return x, y, None, None
        x = np.unique(np.concatenate([self._grid()] + [self._envelope_curve(h)[0] for h in hulls]))
        mid, lo, hi = fold_band([self._envelope_at(h, x) for h in hulls], self.band)
        return x, mid, lo, hi

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

        fig, ax = resolve_ax(ax)
        self.ax_, self.figure_ = ax, fig
        several = len(self.points) > 1
        for name, value, style in classifier_styles(self.points, kwargs, 2.0):
            color = style["color"]
            thin = {"colors": color if several else "0.6", "linewidths": 0.6, "alpha": 0.25 if several else 0.8}
            if not self.envelope:  # kwargs reach the thin lines instead
                thin.update({("colors" if k == "color" else k): v for k, v in kwargs.items()})
            if self.lines and name in self._drawn:
                coll = LineCollection(self._point_curves(self._drawn[name]), zorder=1.2,
                                      label=self._thin_label if not several else "_nolegend_", **thin)
                self.point_lines_[name] = ax.add_collection(coll)
            if self.envelope:
                x, y, lo, hi = self._classifier_envelope(name)
                label = name if lo is None else f"{name} (mean ± band of {len(value)} folds)"
                (self.lines_[name],) = ax.plot(x, y, label=label, zorder=2.5, **style)
                if lo is not None:
                    self.bands_[name] = draw_band(ax, x, lo, hi, self.lines_[name])
                (self.markers_[name],) = ax.plot([np.nan], [np.nan], marker="o", markersize=5, linestyle="none",
                                                 color=self.lines_[name].get_color(), zorder=3, label="_nolegend_")
        self._draw_baselines(ax)
        self.skew_line_ = ax.axvline(0.0, color="0.3", linestyle=":", linewidth=1.0, zorder=1.5,
                                     label="_nolegend_")
        self.skew_text_ = ax.text(0.0, 0.98, "", transform=ax.get_xaxis_transform(), ha="left", va="top",
                                  fontsize="small", color="0.25",
                                  bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 1.0})
        self._draw_extras(ax)
        self._set_limits(ax)
        self._move_marker()
        self._set_labels()
        handles, labels = ax.get_legend_handles_labels()
        ax.legend(**self._legend_kwargs(len(labels)))
        return self

    def _legend_kwargs(self, n_entries):
        """Above the Axes: every corner of these spaces holds lines."""
        return {"loc": "lower center", "bbox_to_anchor": (0.5, 1.0), "ncol": min(n_entries, 2), "frameon": False}

    def _draw_extras(self, ax):
        """Hook for extra artists (the cost space's operating ranges)."""

    def _draw_baselines(self, ax):
        for key, (x, y, style) in self._baseline_curves().items():
            (self.baselines_[key],) = ax.plot(x, y, color="0.35", linewidth=1.0, zorder=1.6, **style)

    def _move_marker(self):
        visible = self.skew is not None
        x = self._marker_x() if visible else 0.0
        for name, marker in self.markers_.items():
            marker.set_data([x], [self._marker_y(name, x)] if visible else [np.nan])
            marker.set_visible(visible)
        self.skew_line_.set_xdata([x, x])
        self.skew_line_.set_visible(visible)
        self.skew_text_.set_x(x)
        self.skew_text_.set_text(f" {self._marker_text()}" if visible else "")
        self.skew_text_.set_visible(visible)

    def _refresh(self):
        if self._changed & set(self._shape_params):
            for name, coll in self.point_lines_.items():
                coll.set_segments(self._point_curves(self._drawn[name]))
            for name, line in self.lines_.items():
                x, y, lo, hi = self._classifier_envelope(name)
                line.set_data(x, y)
                if name in self.bands_:
                    self.bands_[name].set_data(x, lo, hi)
            for key, (x, y, _) in self._baseline_curves().items():
                self.baselines_[key].set_data(x, y)
        self._changed.clear()
        self._move_marker()
        self._set_labels()

    def _set_labels(self):
        self.ax_.set_xlabel(self._xlabel())
        self.ax_.set_ylabel(self._ylabel())


class CostDisplay(EnvelopeDisplay):
    """Cost space [S §2.3]: normalised expected cost against the probability cost PC(+).

    Build it with :func:`plot_cost` (or :meth:`from_predictions`,
    :meth:`from_estimator`); ``update(m=..., skew=...)`` moves the skew
    marker and relabels the axis in place (the lines themselves do not
    depend on ``m`` on this axis).

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict of str to Line2D
        The lower envelope of each classifier (mean over folds for a list).
    point_lines_ : dict of str to LineCollection
        One thin line per operating point.
    ranges_ : dict of str to LineCollection
        Each drawn point's line over its operating range (``operating_range=True``).
    baselines_ : dict
        ``"always_negative"`` and ``"always_positive"``: the trivial classifiers.
    markers_ : dict of str to Line2D
        Each envelope's value at the chosen skew; ``skew_line_`` and
        ``skew_text_`` mark and name that skew.
    """

    _update_params = ("m", "skew")
    _relabelled = ("x",)

    def __init__(self, points, *, m=0.5, lines=True, envelope=True, trivial=True, operating_range=False,
                 skew=None, max_lines=200, band="sd", x_axis="pc"):
        self.m = check_scalar(m, "m", lo=0.0, hi=1.0)
        self.x_axis = check_choice(x_axis, "x_axis", ("pc", "skew"))
        # Against the skew pi the curves bend with m ([S] Fig 5b); against PC(+) they do not.
        self._shape_params = ("m",) if self.x_axis == "skew" else ()
        self.trivial = bool(trivial)
        self.operating_range = bool(operating_range)
        super().__init__(points, lines=lines, envelope=envelope, skew=skew, max_lines=max_lines, band=band)
        self.ranges_ = {}

    @classmethod
    def _plot_function(cls):
        return plot_cost

    def _check_params(self, params):
        if "m" in params:
            params["m"] = check_scalar(params["m"], "m", lo=0.0, hi=1.0)
        return params

    def _grid(self):
        return _UNIT

    def probability_cost_of(self, x):
        """PC(+) at the x coordinates: x itself, or PC(+) of the skew x under m."""
        return x if self.x_axis == "pc" else np.asarray(probability_cost(x, self.m), dtype=float)

    def _x_of_pc(self, pc):
        """Inverse of :meth:`_pc` (skew of a probability cost; monotone for 0 < m < 1)."""
        if self.x_axis == "pc" or self.m in (0.0, 1.0):
            return pc
        num = pc * self.m
        return num / (num + (1.0 - pc) * (1.0 - self.m))

    def _point_curves(self, pts):
        if self.x_axis == "pc":
            ends = expected_cost(pts, np.array([0.0, 1.0]))  # NEC at PC(+) = 0 and 1: (FPR, 1 - TPR)
            return np.stack([np.column_stack([np.zeros(len(pts)), ends[0]]),
                             np.column_stack([np.ones(len(pts)), ends[1]])], axis=1)
        x = self._grid()
        nec = np.asarray(expected_cost(pts, self.probability_cost_of(x)), dtype=float)  # (len(x), n_points)
        return np.stack([np.broadcast_to(x, nec.T.shape), nec.T], axis=2)

    @staticmethod
    def _pc_breaks(hull):
        """0, 1 and the PC(+) where consecutive hull lines cross: the envelope's corners [S Eq 14]."""
        t, f = hull.tpr, hull.fpr
        step = (np.diff(t) > 0) | (np.diff(f) > 0)
        breaks = cost_crossing((t[:-1][step], f[:-1][step]), (t[1:][step], f[1:][step])) if step.any() else []
        return np.unique(np.clip(np.r_[0.0, np.atleast_1d(breaks), 1.0], 0.0, 1.0))

    def _envelope_curve(self, hull):
        """Exact polyline: straight in PC(+) between the crossings of consecutive hull lines."""
        pc = self._pc_breaks(hull)
        x = np.unique(self._x_of_pc(pc) if self.x_axis == "pc" else np.r_[self._x_of_pc(pc), self._grid()])
        return x, self._envelope_at(hull, x)

    def envelope_area(self, name):
        """Area under a classifier's lower envelope over PC(+) in [0, 1] (mean over folds).

        The expected normalised cost when every probability cost is equally
        likely; 0.25 for the better trivial classifier, lower is better.  It
        does not depend on ``m`` or on ``x_axis``.
        """
        areas = []
        for hull in self._hulls[name]:
            pc = self._pc_breaks(hull)
            y = cost_envelope(hull, pc)[0]
            areas.append(float(np.sum(np.diff(pc) * (y[1:] + y[:-1]) * 0.5)))
        return float(np.mean(areas))

    def _envelope_at(self, hull, x):
        return cost_envelope(hull, self.probability_cost_of(x))[0]

    def _baseline_curves(self):
        if not self.trivial:
            return {}
        x = np.array([0.0, 1.0]) if self.x_axis == "pc" else self._grid()
        neg, pos = trivial_costs(self.probability_cost_of(x))
        return {"always_negative": (x, neg, {"linestyle": "--", "label": "trivial (always −, always +)"}),
                "always_positive": (x, pos, {"linestyle": "--", "label": "_nolegend_"})}

    def _draw_extras(self, ax):
        from matplotlib.collections import LineCollection

        if not self.operating_range:
            return
        for name, pts in self._drawn.items():
            lo, hi = operating_range((pts.tpr, pts.fpr))
            live = np.asarray(hi) > np.asarray(lo)
            # Along each point's cost line, sampled between the range's ends (in x units).
            t = np.linspace(0.0, 1.0, 2 if self.x_axis == "pc" else 64)
            a, b = self._x_of_pc(np.asarray(lo)[live]), self._x_of_pc(np.asarray(hi)[live])
            xs = a[:, None] + (b - a)[:, None] * t
            live_pts = pts._take(np.flatnonzero(live))
            ys = np.array([np.asarray(expected_cost(live_pts, self.probability_cost_of(row)))[:, k]
                           for k, row in enumerate(xs)])
            color = self.lines_[name].get_color() if name in self.lines_ else "0.3"
            self.ranges_[name] = ax.add_collection(LineCollection(
                np.stack([xs, ys], axis=2), colors=color, linewidths=1.0, alpha=0.6, zorder=1.4,
                label=f"{name} operating ranges"))

    def _set_limits(self, ax):
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 0.55)

    def _marker_x(self):
        return probability_cost(self.skew, self.m) if self.x_axis == "pc" else self.skew

    def _marker_text(self):
        return f"$\\pi$={self.skew:.3g}, $PC(+)$={float(probability_cost(self.skew, self.m)):.3g}"

    def _xlabel(self):
        if self.x_axis == "skew":
            return f"Skew $\\pi = P(+)$ ($m$={self.m:g})"
        return f"Probability cost $PC(+)$ ($m$={self.m:g})"

    def _ylabel(self):
        return "Normalised expected cost"


def plot_cost(points, *, m=0.5, lines=True, envelope=True, trivial=True, operating_range=False, skew=None,
              x_axis="pc", max_lines=200, band="sd", ax=None, _cls=CostDisplay, **kwargs):
    """Draw cost space: normalised expected cost against the probability cost PC(+) [S §2.3].

    Each operating point ``(TPR, FPR)`` is the straight line from
    ``(0, FPR)`` to ``(1, 1 - TPR)``; a classifier's lower envelope (bold) is
    its cost at the best threshold for every PC(+), drawn exactly from the
    ROC convex hull (straight between the crossings of consecutive hull
    vertices [S Eq 14]).

    Parameters
    ----------
    points : OperatingPoints, list of OperatingPoints, or dict of str to either
        One classifier; folds of one classifier (mean envelope with a band,
        no per-point lines); or several classifiers (one envelope each, legend
        by name, thin lines in the classifier's colour).
    m : float in [0, 1], default=0.5
        Relative cost of a false positive, ``C_FP / (C_FP + C_FN)``; maps
        ``skew`` to PC(+) [S Eq 13].  The lines do not depend on it.
    lines : bool, default=True
        Draw a thin line per operating point.  The two trivial ends are the
        baselines; with more than ``max_lines`` points only the ROC-hull
        points get a line (evenly thinned to ``max_lines`` if still too many):
        the others never touch the envelope.
    envelope : bool, default=True
        Draw each classifier's lower envelope in bold.
    trivial : bool, default=True
        Draw the trivial classifiers: always-negative (cost PC(+)) and
        always-positive (cost 1 - PC(+)), dashed.
    operating_range : bool, default=False
        Highlight each drawn point's line over its operating range, where it
        beats both trivial classifiers.
    skew : float in [0, 1], optional
        Deployment skew pi = P(+) to mark: a dotted vertical line at
        ``PC(+) = probability_cost(skew, m)`` and a dot on each envelope.
    x_axis : {"pc", "skew"}, default="pc"
        ``"pc"``: Drummond & Holte's axis, the probability cost PC(+), where
        every point is a straight line and ``m`` only relabels the axis.
        ``"skew"``: the deployment skew pi = P(+) itself, as [S] Fig 5(b);
        the lines bend and move with ``m`` (``update(m=...)`` redraws them).
%(envelope_params)s
    Returns
    -------
    CostDisplay

    Examples
    --------
    >>> import skewplot as sp
    >>> disp = sp.plot_cost(sp.datasets.example_classifiers(), skew=0.1)
    >>> sorted(disp.lines_), sorted(disp.baselines_)
    (['strong', 'weak'], ['always_negative', 'always_positive'])
    >>> disp = disp.update(m=0.2)
    >>> disp.ax_.get_xlabel()
    'Probability cost $PC(+)$ ($m$=0.2)'
    """
    disp = _cls(points, m=m, lines=lines, envelope=envelope, trivial=trivial, operating_range=operating_range,
                skew=skew, max_lines=max_lines, band=band, x_axis=x_axis)
    return disp.plot(ax=ax, **kwargs)


plot_cost.__doc__ = plot_cost.__doc__.replace("%(envelope_params)s", ENVELOPE_PARAMS)
