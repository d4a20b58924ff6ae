"""One-vs-rest mappings drawn at a vector of class priors: each class at its own prior, in every space.

A plot given a :class:`~skewplot.metrics.multiclass.OneVsRest` reads its
``skew`` here (:func:`per_class_data`), one rule for every space:

* ``None``, a prior vector ``{class: prior}`` or a PriorEstimate: the mapping
  reweighted to those priors (:meth:`OneVsRest.at_priors`, no sorting), so
  each class's own skew is its prior and its "rest" is the other classes as
  the deployment mixes them;
* ranges ``{class: (lo, hi)}`` or one ``(lo, hi)`` for all (P̄-R, PR-gain):
  each class over its range, the other classes at their test proportions
  (:func:`~skewplot.metrics.per_class.class_skews`).

Every class is a curve named with its prior; the display is the space's own
with a small mixin that gives each curve its own skew model
(:func:`class_display`), and the per-class baselines are drawn here once per
class in the curve's colour (:func:`class_baselines`, :class:`_EnvelopeMarkers`).
"""

from __future__ import annotations

from .._validate import check_bool, plain
from ..metrics.multiclass import OneVsRest
from ..metrics.per_class import _is_prior_vector, check_priors, class_skews
from ..skew import FixedSkew
from . import _class_steps as steps
from ._axes import label_pr_axes
from ._class_names import (
    PR_YLABELS,
    CurveNames,
    class_curve_name,
    fit_class_ylabel,
    plot_with_priors,
    refuse_class_ranges,
    refuse_skew_update,
    title_priors,
)
from ._legend_text import prior_label
from ._one_path import OnePathLines

__all__ = ["per_class_data", "class_display", "class_baselines", "class_space_display", "plot_classes_pr"]


def per_class_data(data, skew):
    """``(data, skew, models)``: a one-vs-rest mapping as classifiers named by class, each with its skew model.

    ``models`` is ``{curve name: SkewModel}`` (the display draws each curve
    under its own), or None when ``data`` is not a :class:`OneVsRest`
    (then ``data`` and ``skew`` are returned unchanged).
    """
    if not isinstance(data, OneVsRest):
        return data, skew, None
    points, skews, _ = class_skews(data, skew)  # validates; ranges keep the test composition
    if skew is not None and _is_prior_vector(skew):
        points = data.at_priors(check_priors(skew, data.classes))
    named, models = {}, {}
    for k, pts in points.items():
        model = skews[k] if not isinstance(skews[k], float) else FixedSkew(skews[k])
        name = class_curve_name(k, model)
        named[name], models[name] = pts, model
    return named, None, models


class _MovesPriors:
    """``update(priors=...)`` on a display built by :func:`class_space_display`: every class moved to a new
    prior vector by reweighting the stored counts (:meth:`OneVsRest.at_priors`, no sorting); ``_moved`` then
    refits what the space computed from the points."""

    _as_model = FixedSkew  # a class's model from its prior (the envelope spaces keep the prior itself)

    @property
    def class_names(self):
        """``{curve name: class}`` of a display built by :func:`class_space_display`."""
        return dict(self._class_source[1])

    @property
    def _update_params(self):
        return super()._update_params + (("priors",) if "_class_source" in self.__dict__ else ())

    def _set_params(self, **params):
        if "priors" in params:
            self._move_priors(params.pop("priors"))
        super()._set_params(**params)

    def _move_priors(self, priors):
        ovr, names = self._class_source
        priors = check_priors(priors, ovr.classes, "priors")
        moved = steps.at_priors_once(ovr, priors)
        seen = self.__dict__.setdefault("_drawn_at", {})
        kept = steps.kept_classes(seen, names, priors, self._rows_size())  # None: every class drawn anew
        self.__dict__["_same_rates"] = kept  # their points, and all drawn from them, stay (their rates did)
        self.points.update({name: moved[k] for name, k in names.items() if name not in kept})
        self._class_models.update({name: self._as_model(priors[k]) for name, k in names.items()})
        self.__dict__["priors"] = priors
        self._moved(names, priors)

    def _rows_size(self):
        """What a class's curves in a space of rates alone are thinned to (see ``kept_classes``); None elsewhere."""
        return None

    def _changed_artists(self, params):
        """A new prior vector moves the classes' curves (and their marks): those artists, not the axes."""
        if "priors" not in params or getattr(self, "_rescaled", False):
            return super()._changed_artists(params)
        kept = self.__dict__.get("_same_rates", ())
        rates = [{k: a for k, a in group.items() if k not in kept}
                 for group in (self.lines_, getattr(self, "point_lines_", {}), getattr(self, "bands_", {}))]
        groups = [*rates, getattr(self, "markers_", {}), self.__dict__.get("class_lines_", {}),
                  getattr(self, "hulls_", {}), {k: a for k, a in self.baselines_.items() if k.startswith("random ")}]
        return [a for group in groups for a in group.values()] + ([self.ax_.title] if self.ax_.get_title() else [])

    def _check_params(self, params):
        refuse_skew_update(params)
        if "priors" in params:  # checked here, stored by _set_params
            edge = [k for k, p in check_priors(params.pop("priors"), self._class_source[0].classes, "priors").items()
                    if not 0.0 < p < 1.0]
            if edge:
                raise ValueError(f"priors: class(es) {', '.join(map(str, edge))} have prior 0 or 1, where their "
                                 "one-vs-rest curve does not exist; give priors in (0, 1)")
        return super()._check_params(params)


class _PRModels(_MovesPriors):
    """PR space: each curve (and its area) under its own skew model; ``update(priors=...)`` when built by
    ``class_space_display(PRDisplay, ...)`` (every class moved to a new prior vector, no sorting)."""

    def _moved(self, names, priors):
        self.__dict__.pop("_model_ids", None)
        self._reduced.clear()  # keyed by the replaced points' ids
        self._corners.clear()  # the corners of a class's points are gathered when an area needs them (``_auc``)
        ovr = self._class_source[0]
        if self.ax_ is not None:
            from ._display import curve_bins

            n_bins = curve_bins(self.ax_)
            for name, k in names.items():  # thinned from the rows any vector draws, not from every row
                pts = self.points[name]
                if len(pts) > 4 * n_bins:
                    drawn = steps.drawn_of(ovr, k, pts)
                    self._reduced[id(pts)] = steps.class_pr_vertices(ovr, k, drawn, n_bins, priors)
                line = self.baselines_.get(f"random {name}")
                if line is not None:
                    line.set_ydata([priors[names[name]]] * 2)

    def _by_id(self):
        memo = self.__dict__.get("_model_ids")
        if memo is None:
            memo = {}
            for name, value in self.points.items():
                for pts in [value] + list(self._replicates.get(name, [])):
                    memo[id(pts)] = self._class_models[name]
            self.__dict__["_model_ids"] = memo
        return memo

    def _curve(self, name, pts):
        from ..metrics.curve import pr_curve
        from ._display import from_first_point

        model = self._class_models[name] if name in self._class_models else self._by_id()[id(pts)]
        reduced = self._reduced.get(id(pts), pts)
        if self.interpolation == "continuous":
            first = None  # found in the points, unless they are the class's own at the vector (one row read)
            if "_class_source" in self.__dict__ and self.points.get(name) is pts:
                ovr, names = self._class_source
                first = steps.first_recall(ovr, names[name], pts)
            return from_first_point(*pr_curve(reduced, skew=model), pts, first)
        return from_first_point(*pr_curve(pts, skew=model, interpolation=self.interpolation), pts)

    def _own_class(self, pts):
        """The class of which ``pts`` are the points at the display's vector (None: other points)."""
        names = self.__dict__.get("_class_source", (None, {}))[1]
        return next((k for name, k in names.items() if self.points.get(name) is pts), None)

    def _auc(self, pts, *skew):
        k = self._own_class(pts) if self.interpolation == "continuous" else None
        if k is not None and id(pts) not in self._corners:  # the corners, found once for every vector
            ovr = self._class_source[0]
            self._corners[id(pts)] = steps.take_rows(ovr, k, pts, steps.corner_rows(ovr, k))
        return super()._auc(pts, *skew)

    def _label(self, name):  # a widget's panel (``legend_priors``) says each class's prior in its legend
        model = self._class_models.get(name) if self.__dict__.get("legend_priors") else None
        return super()._label(name) if model is None else prior_label(super()._label(name), name, model.value)

    def _compute_aucs(self):
        fixed = self.interpolation == "continuous" and not self.normalize
        for name, value in self.points.items():
            model = self._class_models[name]
            k = self._own_class(value) if fixed and isinstance(model, FixedSkew) else None
            if k is not None:  # from the rising segments among the corners, the same terms as the metric's
                self.aucs_[name] = steps.class_aucpr(self._class_source[0], k, value, model.value)
            else:
                self.aucs_[name] = self._auc(value, model)

    def _set_labels(self):
        size = (id(self.ax_), self.ax_.bbox.width, self.ax_.bbox.height)
        if self.__dict__.get("_labelled") == size:  # the labels do not name a prior: fitted once per Axes size
            return
        # the y label says the classes' priors, set once: through one data set's form it marked the Axes stale
        label_pr_axes(self.ax_, self.model(), self.skew, self.skew_label, ylabels=PR_YLABELS)
        fit_class_ylabel(self.ax_, self._class_models)
        self.__dict__["_labelled"] = size
        title_priors(self.ax_, self._class_models)  # not one data set's rate: its rarest and commonest classes

    def model(self):
        """The model of the rarest class: a log precision axis reaches below its baseline."""
        return min(self._class_models.values(), key=lambda m: m.mean)


class _PRGModels(_MovesPriors):
    """PR-gain space: each curve's recall gain at its own skew model; ``update(priors=...)`` when built by
    ``class_space_display(PRGDisplay, ...)`` (its curves are computed anew from the points at each refresh)."""

    def _model_of(self, name, pts):
        return self._class_models[name]

    def _moved(self, names, priors):
        """Nothing kept from the old points: the display computes every curve from the points when it refreshes."""

    @staticmethod
    def xlabel(model):
        return "Recall gain (each class at its own π′)"


class _EnvelopeMarkers(_MovesPriors):
    """Cost and F spaces: each class's marker at its own prior, with a dotted line in its colour; a class's thin
    lines painted as one path (``_one_path``)."""

    _as_model, _thin_lines = float, OnePathLines

    @property
    def _shape_params(self):  # a new prior vector moves the curves, not only the markers
        own = self.__dict__.get("_own_shape_params", super()._shape_params)
        return tuple(own) + ("priors",)

    @_shape_params.setter
    def _shape_params(self, value):  # CostDisplay sets its own per instance
        self.__dict__["_own_shape_params"] = value

    def _rows_size(self):
        from .envelope import auto_lines

        if self.ax_ is None:
            return None
        return auto_lines(self.ax_) if self.max_lines is None else self.max_lines

    def _redrawn(self, artists):
        """All but the classes a prior step left (only on such a step: ``m``, the F weight or a moved axis changes
        every class's curves)."""
        same = self._changed & set(self._shape_params) == {"priors"} and not self._rescaled
        return [(name, a) for name, a in artists.items() if not (same and name in self._same_rates)]

    def _moved(self, names, priors):
        from .envelope import _drawn_indices

        cap, kept = self._rows_size(), self._same_rates
        for name, k in names.items():
            if name in kept:
                continue
            pts = self.points[name]
            hull = steps.hull_of(self._class_source[0], k, pts, priors)
            self._hulls[name] = [pts._take(hull)]
            if cap is not None:
                self._drawn[name] = pts._take(_drawn_indices(pts, cap, hull))
        self._changed.add("priors")

    def _axis_low(self, marker_x=None):
        xs = [float(self._x_of_skew(p)) for p in self._class_models.values()]
        xs += [self.skew_bounds[0]] if self.skew_bounds is not None else []
        xs = [x for x in xs if x > 0]
        return min(xs) if xs else None

    def _move_marker(self):
        lines = self.__dict__.setdefault("class_lines_", CurveNames())
        for name, marker in self.markers_.items():
            x = float(self._x_of_skew(self._class_models[name]))
            marker.set_data([x], [self._marker_y(name, x)])
            marker.set_visible(True)
            if name not in lines:
                lines[name] = self.ax_.axvline(x, color=marker.get_color(), linestyle=":", linewidth=1.0,
                                               zorder=1.55, label="_nolegend_")
            lines[name].set_xdata([x, x])
        for artist in (self.skew_line_, self.skew_text_):
            artist.set_visible(False)
        self._share_markers()


class _ROCModels(_MovesPriors):
    """ROC space: each class's rates against its rest as the prior vector mixes it (its FPR moves)."""

    def _rows_size(self):
        from ._display import curve_bins

        # the hulls are drawn again from every class's rates (see _refresh): then no class keeps its curve
        return None if self.ax_ is None or self.hull else curve_bins(self.ax_)

    def _moved(self, names, priors):
        from ._decimate import decimation_indices
        from ._display import auc_labels, curve_bins

        n_bins, ovr = (curve_bins(self.ax_) if self.ax_ is not None else None), self._class_source[0]
        for name, k in names.items():
            pts = self.points[name]
            self.aucs_[name] = steps.roc_area(ovr, k, priors)  # from the pairwise areas: no pass over the rows
            if name in self._same_rates:
                continue
            hull = pts._take(steps.hull_of(ovr, k, pts, priors))  # what _draw_hulls reads: the hull of these
            self._curves[name] = (hull.fpr, hull.tpr)
            if n_bins is not None:  # thinned from the rows any vector draws, not from every row
                drawn = steps.drawn_of(ovr, k, pts) if len(pts) > 4 * n_bins else pts
                fpr, tpr = drawn.fpr, drawn.tpr
                keep = decimation_indices(fpr, tpr, n_bins, rising=True)  # by FPR: its bins move with the rest
                self.lines_[name].set_data(fpr[keep], tpr[keep])
        for name, text in auc_labels(self.aucs_, "ROC AUC").items():
            if name in self.lines_:
                self.lines_[name].set_label(text)
        for line in self.hulls_.values():  # drawn again from the new rates by _refresh
            line.remove()
        self.hulls_.clear()

    def _refresh(self):
        if self.ax_.get_legend() is not None:  # the areas in the legend: placed again
            return super()._refresh()
        if self.hull and not self.hulls_:  # a widget's panel without a legend of its own: only the hulls
            self._draw_hulls()
        for line in self.hulls_.values():
            line.set_visible(self.hull)
        return None


_MIXINS = {"PRDisplay": _PRModels, "PRGDisplay": _PRGModels, "CostDisplay": _EnvelopeMarkers,
           "FMeasureDisplay": _EnvelopeMarkers, "ROCDisplay": _ROCModels}
_CLASSES = {}


def class_display(base, models, *args, **kwargs):
    """``base`` (a display class) built with each curve under its own model ``models[name]``.

    ``models`` None: ``base(*args, **kwargs)`` itself.  Otherwise a subclass
    of ``base`` with the space's mixin; the mapping is stored before the
    display's own ``__init__`` runs (the envelope spaces size their axis from it).
    """
    if models is None:
        return base(*args, **kwargs)
    mixin = _MIXINS[base.__name__]
    if base not in _CLASSES:
        _CLASSES[base] = type(f"PerClass{base.__name__}", (mixin, base), {"__doc__": base.__doc__})
    disp = _CLASSES[base].__new__(_CLASSES[base])
    disp.__dict__["_class_models"] = refuse_class_ranges(models, base.__name__) if mixin is _EnvelopeMarkers \
        else models
    disp.__init__(*args, **kwargs)
    return disp


def class_baselines(disp, models, baselines=True, key=True):
    """Each class's random baseline (its mean prior) in its curve's colour on a PR display, and (``key``) a legend
    entry for them; ``disp`` returned."""
    if models is None:
        return disp
    check_bool(baselines, "baselines")
    ax = disp.ax_
    if baselines:
        for name, model in models.items():
            line = disp.lines_[name]
            disp.baselines_[f"random {name}"] = ax.axhline(model.mean, color=line.get_color(), linestyle="--",
                                                           linewidth=0.9, alpha=0.8, zorder=1.6)
        if key:  # one entry says what the dashed lines in the classes' colours are (no data: an empty line)
            fixed = all(isinstance(m, FixedSkew) for m in models.values())  # else ranges: at their means
            ax.plot([], [], color="0.45", linestyle="--", linewidth=0.9,
                    label="random (each class at its π′)" if fixed else "random (each class's mean π′)")
    fit_class_ylabel(ax, models)
    disp._place_legend(relocate=not (baselines and key))  # the baselines are drawn: the legend placed off them
    return disp


def plot_classes_pr(disp, models, baselines, ax=None, **kwargs):
    """``disp``, a PR display (of classes when ``models``), plotted on ``ax`` with its classes' titles and baselines."""
    return class_baselines(plot_with_priors(disp, models, ax, **kwargs), models, baselines)


def class_space_display(base, ovr, priors, *, ax=None, **kwargs):
    """A display of class ``base`` of every class of ``ovr`` at ``priors``, named by class, that
    ``update(priors=...)`` moves (the widgets' one-vs-rest displays): each class against the rest as the
    prior vector mixes it; a new vector is a reweighting of the stored counts
    (:meth:`OneVsRest.at_priors`).  ``kwargs`` reach ``base``; a PR display
    gets each class's random baseline in its colour.
    """
    priors = check_priors(priors, ovr.classes, "priors")
    moved = ovr.at_priors(priors)
    names = {str(plain(k)).strip("'"): k for k in ovr.classes}
    models = {name: FixedSkew(priors[k]) for name, k in names.items()}
    pr = base.__name__ == "PRDisplay"
    disp = class_display(base, models, {name: moved[k] for name, k in names.items()},
                         **({"baselines": False} if pr else {}), **kwargs)
    disp.__dict__["_class_source"] = (ovr, names)
    disp.__dict__.update(priors=priors, legend_priors=pr)  # no title says a widget's priors: its legend does
    disp.plot(ax=ax)
    return class_baselines(disp, models, key=False) if pr else disp  # (a widget's legend is its own)
