"""Cost space [S §2.3]: Drummond & Holte's cost curves, with the trivial classifiers and operating ranges.

The thin lines, bold envelopes and skew marker are drawn by
:class:`~skewplot.plotting.envelope.EnvelopeDisplay`, shared with F space;
:class:`CostDisplay` says what the axes are (probability cost or skew) and
which compute functions of :mod:`skewplot.metrics.cost` give the lines.
"""

from __future__ import annotations

import numpy as np

from .._defaults import N_BOOT_BAND
from .._validate import check_bool, check_choice, check_scalar, check_unit_array, renamed_keywords
from ..metrics._inputs import classifiers, skew_by_name
from ..metrics.cost import (
    _envelope_on_frontier,
    cost_crossing,
    expected_cost,
    operating_range,
    probability_cost,
    trivial_costs,
)
from ..metrics.hull import frontier_hull
from ..skew.base import skew_text
from ._axes import log_axis
from ._class_names import plot_with_priors
from ._docstrings import fill_doc
from ._kwargs import check_style
from ._per_class import class_display, per_class_data
from .envelope import ENVELOPE_PARAMS, EnvelopeDisplay
from .threshold import check_threshold, mark_threshold_of, marking

__all__ = ["CostDisplay", "plot_cost"]

_UNIT = np.linspace(0.0, 1.0, 501)
#: Top of the log cost axis, a little above the costs' maximum 1 (always-positive's cost near rare skews);
#: the saved page's axes take it from here.
COST_TOP = 1.2

def cost_axis_floor(left, costs):
    """Bottom of the log cost axis: a decade below its left end ``left`` and below every marker's cost in ``costs``."""
    floor = float(left) / 10.0
    low = min([c for c in costs if c > 0], default=floor)
    return min(floor, 10.0 ** np.floor(np.log10(low / 1.25)))


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
    #: The trivial lines over the envelopes (2.5), under the markers (3): below PC(+) ~ 0.1 every envelope IS the
    #: always-negative line (the best threshold there rejects every case), and drawn under them that line, which
    #: says why they meet, was hidden (figure review of 5c0f0e2: cost-01/06/07/09).  Thin, grey and dashed, it
    #: leaves the colours under it seen; where the envelopes leave it they are apart again.
    _baseline_z = 2.6
    _hiding = ("always_negative", "always −")
    #: A widget's page notes the envelopes on always − as a static row does (``_coincide.note_envelopes``) on a
    #: PC(+) axis, where no control moves them: the note changes only with the axis.  (On a skew axis they move
    #: with m, as F's with the F weight, and the saved page draws them itself under a note fixed in its static
    #: pixels: none there.)
    _page_note = property(lambda self: self.x_axis == "pc")

    @renamed_keywords(ci="confidence")
    def __init__(self, points, *, m=0.5, lines=True, envelope=True, trivial=True, operating_range=False,
                 skew=None, max_lines=None, band="sd", x_axis="pc", confidence=None, n_boot=N_BOOT_BAND,
                 random_state=None,
                 palette=None, log_skew=None, skew_bounds=None):
        self.m = check_scalar(m, "m", lo=0.0, hi=1.0)
        self.x_axis = check_choice(x_axis, "x_axis", ("pc", "skew"))
        # Against the skew pi the curves bend with m ([S] Fig 5b); against PC(+) they do not.
        self._shape_params = ("m",) if self.x_axis == "skew" else ()
        self.trivial = check_bool(trivial, "trivial")
        self.operating_range = check_bool(operating_range, "operating_range")
        super().__init__(points, lines=lines, envelope=envelope, skew=skew, max_lines=max_lines, band=band,
                         confidence=confidence, n_boot=n_boot, random_state=random_state, palette=palette,
                         log_skew=log_skew, skew_bounds=skew_bounds)
        self.ranges_ = {}

    @classmethod
    def _plot_function(cls):
        return plot_cost

    def _check_params(self, params):
        if "m" in params:
            params["m"] = check_scalar(params["m"], "m", lo=0.0, hi=1.0)
        return params

    def _grid(self):
        return self._log_grid if self.log_skew else _UNIT

    @property
    def _straight(self):
        """Lines are straight on a linear PC(+) axis: two vertices each suffice."""
        return self.x_axis == "pc" and not self.log_skew

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
        if self._straight:
            ends = expected_cost(pts, pc=np.array([0.0, 1.0]))  # NEC at PC(+) = 0 and 1: (FPR, 1 - TPR)
            return np.stack([np.column_stack([np.zeros(len(pts)), ends[0]]),
                             np.column_stack([np.ones(len(pts)), ends[1]])], axis=1)
        x = self._grid()
        nec = np.asarray(expected_cost(pts, pc=self.probability_cost_of(x)), dtype=float)  # (len(x), n_points)
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
        pc = self._kept(hull)[2]
        x = np.unique(self._x_of_pc(pc) if self._straight else np.r_[self._x_of_pc(pc), self._grid()])
        x = x[x >= self._grid()[0]]
        return x, self._envelope_at(hull, x)

    def envelope_area(self, name):
        """Area under a classifier's lower envelope over PC(+) in [0, 1] (mean over folds).

        The expected normalised cost when every probability cost is equally
        likely; 0.25 for the better trivial classifier, lower is better.  It
        does not depend on ``m`` or on ``x_axis``.
        """
        check_choice(name, "name", tuple(self._hulls))
        # fixed by the hulls: a widget's table reads it every step; a one-vs-rest prior step makes new hulls
        memo = self.__dict__.setdefault("_areas", {})  # name -> (its hulls, kept alive; the area)
        hulls = self._hulls[name]
        if name not in memo or memo[name][0] is not hulls:
            areas = []
            for hull in hulls:
                _, frontier, pc = self._kept(hull)  # cost_envelope(hull, pc=pc)'s steps on the drawn frontier
                y = _envelope_on_frontier(np.asarray(hull.tpr), np.asarray(hull.fpr), frontier, pc)[0]
                areas.append(float(np.sum(np.diff(pc) * (y[1:] + y[:-1]) * 0.5)))
            memo[name] = (hulls, float(np.mean(areas)))
        return memo[name][1]

    def _kept(self, hull, breaks=True):
        """``[hull, its frontier, its _pc_breaks]`` (None unless ``breaks``), found once: a widget asks on every
        step, its table too."""
        memo = self.__dict__.setdefault("_frontiers", {})  # id -> (the hull, kept alive; its frontier; breaks)
        if id(hull) not in memo:
            # A one-vs-rest prior step makes new hulls: only those of the hulls drawn now are kept.
            drawn = {id(h) for hulls in self._hulls.values() for h in hulls}
            for key in [key for key in memo if key not in drawn]:
                del memo[key]
            memo[id(hull)] = [hull, frontier_hull(np.asarray(hull.tpr), np.asarray(hull.fpr)), None]
        kept = memo[id(hull)]
        if kept[2] is None and breaks:
            kept[2] = self._pc_breaks(hull)
        return kept

    def _envelope_at(self, hull, x):
        # cost_envelope's own steps, with the hull's frontier found once (``_kept``)
        pc = check_unit_array(self.probability_cost_of(x), "pc")
        frontier = self._kept(hull, breaks=False)[1]
        return _envelope_on_frontier(np.asarray(hull.tpr), np.asarray(hull.fpr), frontier, pc)[0]

    def _baseline_curves(self):
        if not self.trivial:
            return {}
        x = np.array([0.0, 1.0]) if self._straight else self._grid()
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
            t = np.linspace(0.0, 1.0, 2 if self._straight else 64)
            edge = self._grid()[0]
            a = np.maximum(self._x_of_pc(np.asarray(lo)[live]), edge)
            b = np.maximum(self._x_of_pc(np.asarray(hi)[live]), edge)
            xs = a[:, None] + (b - a)[:, None] * t
            live_pts = pts._take(np.flatnonzero(live))
            ys = np.array([np.asarray(expected_cost(live_pts, pc=self.probability_cost_of(row)))[:, k]
                           for k, row in enumerate(xs)])
            color = self.lines_[name].get_color() if name in self.lines_ else "0.3"
            self.ranges_[name] = ax.add_collection(LineCollection(
                np.stack([xs, ys], axis=2), colors=color, linewidths=1.0, alpha=0.6, zorder=1.4,
                label=f"{name} operating ranges"))

    def _set_limits(self, ax):
        if self.log_skew:
            # Log-log at rare skews: always-negative is the diagonal and a classifier's saving over it shows
            # in decades, where a linear axis squeezed every cost below PC(+) into its bottom pixels.
            log_axis(ax)
            ax.set_xlim(self._grid()[0], 1.0)
            log_axis(ax, "y", nonpositive="clip")
            ax.set_ylim(self._y_floor(), COST_TOP)
        else:
            ax.set_xlim(0, 1)
            ax.set_ylim(0, 0.55)

    def _y_floor(self):
        """Bottom of the log cost axis: a decade below its left end and below every marker's cost.

        Whole decades that do not depend on ``m`` by themselves: a step of the
        cost weight moves the axis only when a marker's cost crosses one.
        """
        shown = self.skew if self.skew is not None else self.data_skew  # the marked skew: chosen, or the data's
        x = None if shown is None else self._x_of_skew(shown)
        costs = [] if x is None else [self._marker_y(name, x) for name in self._hulls]
        floor = cost_axis_floor(self._grid()[0], costs)
        return min(floor, self.ax_.get_ylim()[0]) if self._grow_only() else floor

    def _y_moves(self):
        return not np.isclose(self._y_floor(), self.ax_.get_ylim()[0], rtol=1e-9, atol=0.0)

    def _x_of_skew(self, skew):
        return probability_cost(skew, self.m) if self.x_axis == "pc" else skew

    def _marker_text(self, short=False):
        # plain text, not mathtext: a widget relabels the marker on every skew step, and parsing costs ~7 ms
        if short:
            return f"π′={skew_text(self.skew)}"
        return f"π′={skew_text(self.skew)}, PC(+)={float(probability_cost(self.skew, self.m)):.3g}"

    def _data_text(self, short=False):
        text = super()._data_text()
        if short or self.x_axis == "skew":
            return text
        return f"{text}, PC(+)={skew_text(float(probability_cost(self.data_skew, self.m)))}"

    def _xlabel(self, short=False):
        # plain text, as the marker's: the label changes with every step of m, and mathtext parses a new string in
        # ~10 ms (twice a step: measured to fit, then drawn); the saved page writes these words too
        if self.x_axis == "skew":
            return ("" if short else "Skew ") + f"π′ (m={self.m:g})"
        return ("" if short else "Probability cost ") + f"PC(+) (m={self.m:g})"

    def _ylabel(self):
        return "Normalised expected cost"  # a log axis says so in its ticks: the label fits a narrow panel


@renamed_keywords(ci="confidence")

@skew_by_name
def plot_cost(data=None, y_score=None, *, y_true=None, hue=None, units=None, folds=None, sample_weight=None,
              pos_label=None, hue_order=None, palette=None, name=None, m=0.5, lines=True, envelope=True,
              trivial=True, operating_range=False, skew=None, x_axis="pc", log_skew=None, skew_bounds=None,
              max_lines=None, band="sd", confidence=None, n_boot=N_BOOT_BAND, random_state=None, threshold=None,
              ax=None, **kwargs):
    """Draw cost space: normalised expected cost against the probability cost PC(+) [S §2.3].

    Each operating point ``(TPR, FPR)`` is the straight line from
    ``(0, FPR)`` to ``(1, 1 - TPR)``; a classifier's lower envelope (bold) is
    its cost at the best threshold for every PC(+), drawn exactly from the
    ROC convex hull (straight between the crossings of consecutive hull
    vertices [S Eq 14]).

    Parameters
    ----------
%(input_params)s    m : float in [0, 1], default=0.5
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
        A one-vs-rest mapping takes a prior vector ``{class: prior}`` (or a
        PriorEstimate): each class against the rest as it mixes them, its
        marker at its own prior.
    x_axis : {"pc", "skew"}, default="pc"
        ``"pc"``: Drummond & Holte's axis, the probability cost PC(+), where
        every point is a straight line and ``m`` only relabels the axis.
        ``"skew"``: the deployment skew pi = P(+) itself, as [S] Fig 5(b);
        the lines bend and move with ``m`` (``update(m=...)`` redraws them).
%(envelope_params)s
    Returns
    -------
    CostDisplay
        Drawn; ``update(m=..., skew=...)`` moves its artists in place.

    Examples
    --------
    >>> import skewplot as sp
    >>> disp = sp.plot_cost(sp.datasets.example_classifiers(), skew=0.1)
    >>> sorted(disp.lines_), sorted(disp.baselines_)
    (['strong', 'weak'], ['always_negative', 'always_positive'])
    >>> disp = disp.update(m=0.2)
    >>> disp.ax_.get_xlabel()
    'Probability cost PC(+) (m=0.2)'
    """
    kwargs = check_style(kwargs, plot_cost)
    check_threshold(threshold)
    data, skew, models = per_class_data(data, skew)  # one-vs-rest: each class at its own prior
    points = classifiers(data, y_score, y_true=y_true, hue=hue, units=units, folds=folds,
                         sample_weight=sample_weight, pos_label=pos_label, hue_order=hue_order, name=name,
                         func="plot_cost")
    disp = class_display(CostDisplay, models, points, m=m, lines=lines, envelope=envelope, trivial=trivial,
                         operating_range=operating_range, skew=skew, max_lines=max_lines, band=band, x_axis=x_axis,
                         confidence=confidence, n_boot=n_boot, random_state=random_state, palette=palette,
                         log_skew=log_skew, skew_bounds=skew_bounds)
    return mark_threshold_of(plot_with_priors(marking(disp, threshold), models, ax, **kwargs))


fill_doc(plot_cost, envelope_params=ENVELOPE_PARAMS)
