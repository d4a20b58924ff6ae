"""The Display pattern shared by every space.

A Display computes its arrays once, draws them on ``ax_`` and keeps the
artists (``lines_``, ``baselines_``) so that :meth:`Display.update` can move
them in place: widgets call ``update`` on every slider change, which never
re-sorts scores and never creates a figure.
"""

from __future__ import annotations

import re

import numpy as np

from .._validate import check_bool
from ..metrics.points import OperatingPoints
from ._bands import thin_bands
from ._hidden import fit_notes, shown_note
from ._legend_text import LEGEND_NAME, area_name, auc_label, auc_labels, legend_name  # noqa: F401 - their home before
from ._notes import note, notes
from .layout._figure import lay_out, settle
from .layout._legend import place_legend
from .layout._legend_entries import split_prior

__all__ = ["Display", "FromScoresMixin", "resolve_ax", "as_points_dict", "palette", "auc_label", "auc_labels",
           "from_first_point", "area_name", "classifier_styles"]


class Display:
    """Base class: ``ax_``, ``figure_``, ``lines_``, ``baselines_`` and ``update``.

    Subclasses list the names ``update`` accepts in ``_update_params`` and
    implement ``_refresh`` (recompute and move the artists).
    """

    _update_params: tuple = ()
    #: The threshold markers :func:`~skewplot.plotting.threshold.mark_threshold` added, moved on each redraw.
    _threshold_markers: tuple = ()
    #: Axis letters whose label ``update`` may rewrite (see :meth:`_moving_artists`).
    _relabelled: tuple = ("x", "y")
    @property
    def coincide_text_(self):
        """The note of the curves lying on the baseline (a row's cost or F panel), None when it names none."""
        return shown_note(self.ax_, "on")

    @property
    def hidden_text_(self):
        """The note of the curves lying under another classifier's, None when it names none (``_hidden``)."""
        return shown_note(self.ax_, "under")

    def __init__(self, palette=None):
        self.palette = palette
        self.ax_ = None
        self.figure_ = None
        self.lines_ = {}
        self.baselines_ = {}

    def update(self, *, draw=True, **params):
        """Change parameters and move the drawn artists in place.

        Parameters
        ----------
        draw : bool, default=True
            Ask the canvas for a redraw (``draw_idle``).  The widgets pass
            False and paint the frame themselves.
        **params
            Any of the Display's parameters listed in its docstring (for
            example ``skew``, ``f_alpha``, ``m``).

        Returns
        -------
        self

        Notes
        -----
        Every argument is checked before anything is stored; if moving the
        artists still fails, the old parameters are put back and the
        artists redrawn from them, so a rejected update leaves the Display
        exactly as it was.
        """
        unknown = sorted(set(params) - set(self._update_params))
        if unknown:
            allowed = ", ".join(self._update_params) or "none"
            raise TypeError(
                f"{type(self).__name__}.update() got unknown parameter(s) {', '.join(unknown)}; "
                f"it accepts: {allowed}"
            )
        check_bool(draw, "draw")
        self._check_params(dict(params))  # all checked first; _set_params converts (e.g. beta -> f_alpha) once
        old = {key: getattr(self, key) for key in params}
        try:
            self._set_params(**params)
            if self.ax_ is not None:
                self._redraw()
        except Exception:
            self._set_params(**old)
            if self.ax_ is not None:
                self._redraw()
            raise
        if self.ax_ is not None and draw:
            self.figure_.canvas.draw_idle()
        return self

    def _check_params(self, params):
        """Validate ``update``'s arguments without storing any; returns them normalised."""
        return params

    def _moving_artists(self):
        """The artists of ``ax_`` that :meth:`update` may change (the axes' frame excluded).

        Every child of the Axes except its background patch, spines,
        the Axis objects whose labels never change (``_relabelled``) and what
        :meth:`_fixed_artists` lists.  The widgets redraw only these (and
        whatever a full draw paints above them) when a control moves, so a
        subclass may shrink the list for speed but must never leave out an
        artist that ``update`` touches.
        """
        if self.ax_ is None or not self._update_params:
            return []
        ax = self.ax_
        axes = {letter: getattr(ax, f"{letter}axis") for letter in ("x", "y")}
        frame = {id(ax.patch)}
        frame |= {id(spine) for spine in ax.spines.values()}
        frame |= {id(axis) for letter, axis in axes.items() if letter not in self._relabelled}
        frame |= {id(a) for a in self._fixed_artists()}
        return [a for a in ax.get_children() if id(a) not in frame]

    def _fixed_artists(self):
        """Artists drawn by ``plot`` that ``update`` never changes (none by default)."""
        return []

    def _changed_artists(self, params):
        """What ``update(**params)`` may change: ``[ax_]`` (any of it), or the artists themselves (a subclass)."""
        return [self.ax_]

    def _redrawn(self, artists):
        """The ``(name, artist)`` of ``artists`` (a classifier's, by name) whose curves a refresh draws anew: all
        (a one-vs-rest display leaves a class whose rates a step left, see ``_per_class``)."""
        return artists.items()

    def _marker_artists(self):
        """A marker ``update`` slides along x (line, dots, label): not an obstacle for the legend."""
        return []

    def _place_legend(self, *args, relocate=False, **kwargs):
        """A new legend by the one rule of :mod:`.layout._legend`, or (``relocate``) the same one moved on update."""
        thin_bands(getattr(self, "bands_", {}).values())  # before the legend shows a band's swatch
        legend = self.ax_.get_legend() if relocate else None
        if relocate and legend is None:
            return None
        marker = None
        if not relocate and getattr(self, "_threshold_owed", None) is not None:  # ``threshold.marking``
            from .threshold import ThresholdMarker

            marker, self._threshold_owed = ThresholdMarker(self, self._threshold_owed), None
            self._threshold_markers = [*getattr(self, "_threshold_markers", []), marker]
        placed = place_legend(self.ax_, *args, moving=self._marker_artists(), legend=legend, **kwargs)
        if marker is not None:
            marker.move()  # coinciding marks are shared out in wedges by their distance on the laid-out Axes
        fit_notes(self)  # the notes of curves hidden under others, on the layout the legend leaves (``_hidden``)
        return placed

    def _set_params(self, **params):
        for key, value in params.items():
            setattr(self, key, value)

    def _redraw(self):
        """``_refresh``, then move the threshold markers (``mark_threshold``)."""
        self._refresh()
        for marker in getattr(self, "_threshold_markers", ()):
            marker.move()

    def _refresh(self):  # pragma: no cover - each subclass moves its artists
        raise NotImplementedError

    def _attach(self, ax, **kwargs):
        """Set ``ax_`` and ``figure_`` from ``ax`` (a new figure when None, see :func:`resolve_ax`); return the Axes."""
        self.figure_, self.ax_ = resolve_ax(ax, **kwargs)
        return self.ax_


def resolve_ax(ax, *, three_d=False, figsize=None):
    """Return ``(fig, ax)``: a new figure when ``ax`` is None, else check it."""
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes

    if ax is None:
        if three_d:
            fig = plt.figure(figsize=figsize)
            return fig, fig.add_subplot(projection="3d")
        # Constrained layout keeps a legend placed outside the Axes inside the figure.
        fig, ax = plt.subplots(figsize=figsize, layout="constrained")
        settle(fig)  # laid out now: see lay_out
        return fig, ax
    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes, got {type(ax).__name__}")
    is_3d = getattr(ax, "name", "") == "3d"
    if three_d and not is_3d:
        raise ValueError("ax must be a 3-D Axes (fig.add_subplot(projection='3d')) for this plot")
    if not three_d and is_3d:
        raise ValueError("ax is a 3-D Axes; this plot draws on a 2-D Axes")
    if not three_d:
        lay_out(ax.figure)  # its labels inside the figure, as in the plots' own figures
    return ax.figure, ax


def check_name(label, name="points"):
    """``label`` (a classifier's name), refused now if it would fail to draw as mathtext (``"$x_$"``), not later."""
    from matplotlib.cbook import is_math_text
    from matplotlib.mathtext import MathTextParser

    if "$" in label and is_math_text(label):
        try:
            MathTextParser("path").parse(label)
        except ValueError as exc:
            at = re.search(r"at char (\d+)", str(exc))
            where = f" (matplotlib's parser stops at character {int(at.group(1)) + 1})" if at else ""
            raise ValueError(f"{name}: the classifier name {label!r} is not valid mathtext{where}; write its "
                             "dollar signs as '\\$' to show them as plain text") from None
    return label


def as_points_dict(points, *, name="points", default_label="classifier"):
    """The normalised form a Display holds: dict label -> OperatingPoints, or -> list of them (folds).

    The ``plot_*`` functions build it with :func:`skewplot.metrics._inputs.classifiers`
    (which asks for folds by name); a Display built directly takes one
    OperatingPoints or that dict.  A bare list is refused, as everywhere.
    """
    def check_value(key, value):
        if isinstance(value, OperatingPoints):
            return value
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, OperatingPoints) for v in value):
            return list(value)
        raise TypeError(
            f"{name}[{key!r}] must be an OperatingPoints or a list of them (folds), got {type(value).__name__}"
        )

    if isinstance(points, OperatingPoints):
        return {default_label: points}
    if isinstance(points, dict):
        if not points:
            raise ValueError(f"{name} is an empty dict; give at least one classifier")
        return {check_name(str(k), name): check_value(k, v) for k, v in points.items()}
    if isinstance(points, (list, tuple)) and points and all(isinstance(v, OperatingPoints) for v in points):
        from ..metrics._inputs import classifiers

        classifiers(list(points))  # raises the message that shows both spellings
    raise TypeError(
        f"{name} must be an OperatingPoints or a dict name -> OperatingPoints (or -> list of folds); "
        f"got {type(points).__name__}"
    )


def palette(n, spec=None, names=None):
    """``n`` colours by seaborn's rules for ``palette=``.

    ``spec`` None: the current colour cycle (``husl`` when it has fewer than
    ``n`` colours), as seaborn does for ``hue``; a palette name or a list:
    ``seaborn.color_palette(spec, n)``; a dict: the colour of each of
    ``names``.
    """
    from matplotlib.colors import is_color_like, to_rgb

    if isinstance(spec, dict):
        names = list(names) if names is not None else []
        lookup = {str(k): v for k, v in spec.items()}
        missing = [nm for nm in names if nm not in lookup]
        if missing:
            raise ValueError(f"palette has no colour for {', '.join(repr(m) for m in missing)}")
        return [to_rgb(lookup[nm]) for nm in names]
    if spec is None:
        # seaborn's color_palette() is the colour cycle's first n colours as RGB: taken here without importing
        # seaborn, which imports scipy.stats (a third of a first explorer build's time in a fresh kernel)
        import matplotlib as mpl

        cycle = mpl.rcParams["axes.prop_cycle"].by_key().get("color", [])
        if n <= len(cycle):
            return [to_rgb(c) for c in cycle[:n]]
        spec = "husl"
    if isinstance(spec, (list, tuple)) and spec and all(map(is_color_like, spec)):
        # seaborn cycles a list of colours to n: done here, without importing seaborn (the one-vs-rest explorer
        # hands its classes' colours to every panel: 1.7 s of its first build in a fresh kernel)
        return [to_rgb(spec[i % len(spec)]) for i in range(n)]
    import seaborn as sns

    try:
        return [tuple(c) for c in sns.color_palette(spec, n)]
    except ValueError as exc:
        raise ValueError(f"palette={spec!r} is not a palette seaborn knows: {exc}") from None


def curve_bins(ax):
    """The ``n_bins`` of :func:`decimation_indices` for a curve across ``ax``: two per pixel column of its figure.

    The figure's width, not the Axes': a layout that runs after the curve is
    drawn (a legend strip switching on the constrained layout, a widget's
    resize) can widen the Axes, never beyond its figure, so the drawn curve
    stays within half a pixel of the full one.
    """
    return int(2 * max(ax.figure.bbox.width, 100.0))


class FromScoresMixin:
    """``from_predictions`` / ``from_estimator`` for a Display whose ``_plot_function`` draws it."""

    @classmethod
    def _plot_function(cls):  # pragma: no cover - each Display names its plot_* function
        raise NotImplementedError

    @classmethod
    def from_predictions(cls, y_true, y_score, *, sample_weight=None, pos_label=None, name=None, ax=None,
                         **kwargs):
        """Plot from labels and scores (as scikit-learn's ``from_predictions``).

        ``kwargs`` are those of the Display's ``plot_*`` function.
        """
        return cls._plot_function()(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, name=name,
                                    ax=ax, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, sample_weight=None, pos_label=None, response_method="auto",
                       name=None, ax=None, **kwargs):
        """Plot a fitted scikit-learn estimator's scores on ``X`` against ``y``.

        Uses ``predict_proba`` (positive column), else ``decision_function``.
        """
        score = _estimator_scores(estimator, X, response_method, pos_label)
        return cls.from_predictions(y, score, sample_weight=sample_weight, pos_label=pos_label,
                                    name=name or type(estimator).__name__, ax=ax, **kwargs)


def from_first_point(recall, prec, pts, first=None):
    """The drawn curve from the first operating point a threshold reaches, not from recall 0.

    Below it only the limit that the area counts; drawn, that reads as measured performance.
    ``first``: that point's recall when known (None: found in ``pts``; 0: the whole curve).
    """
    if first is None:  # found once per points: a widget's step reads it again (O(n) at 1e6: ~1 ms a step)
        first = pts._memo("first_recall", lambda: _first_recall(pts.tpr))
    keep = recall >= first if first > 0 else slice(None)
    return recall[keep], prec[keep]


def _first_recall(tpr):
    off_origin = tpr > 0
    return float(tpr[np.argmax(off_origin)]) if off_origin.any() else 0.0


def classifier_styles(points, kwargs, linewidth, spec=None, ax=None):
    """``(name, value, style)`` per classifier: ``palette`` colour and ``linewidth``, overridden by ``kwargs``.

    ``ax``: the panel drawn on.  A classifier keeps the colour it has in the
    figure's other panels, and one new to the figure takes a colour none of
    them has (a classifier missing from one panel of a row shifted the others'
    colours there).
    """
    colors = palette(len(points), spec, points)
    if ax is not None and not isinstance(spec, dict):
        colors = _figure_colours(ax.figure, [split_prior(name)[0] for name in points], colors, spec)
    for (name, value), color in zip(points.items(), colors, strict=True):
        yield name, value, {"color": color, "linewidth": linewidth, **kwargs}


def _figure_colours(fig, names, colors, spec):
    """The colours of ``names`` in ``fig``: each classifier's own across its panels (noted on the figure); a
    one-vs-rest class's across panels at other priors."""
    known = dict(note(fig, "colours", {}))
    if known:
        every = palette(len(set(known) | set(names)), spec)
        used = set(known.values())
        colors = []
        for name in names:
            if name not in known:
                free = [c for c in every if c not in used]
                known[name] = free[0] if free else every[len(known) % len(every)]
                used.add(known[name])
            colors.append(known[name])
    else:
        known = dict(zip(names, colors, strict=True))
    notes(fig).colours = known
    return colors


def _estimator_scores(estimator, X, response_method="auto", pos_label=None):
    methods = ("predict_proba", "decision_function") if response_method == "auto" else (response_method,)
    for method in methods:
        fn = getattr(estimator, method, None)
        if fn is None:
            continue
        out = np.asarray(fn(X))
        if method == "predict_proba":
            classes = list(getattr(estimator, "classes_", [0, 1]))
            col = classes.index(pos_label) if pos_label is not None else out.shape[1] - 1
            return out[:, col]
        return out
    raise TypeError(f"estimator has none of {', '.join(methods)}; pass scores with from_predictions")
