"""PR-type spaces: PR at any skew, P̄-R (a skew range) and P̃-R (a skew series)."""

from __future__ import annotations

import numpy as np

from .._defaults import N_BOOT_BAND
from .._validate import check_bool, check_choice, check_scalar, renamed_keywords
from ..metrics._inputs import classifiers, skew_by_name
from ..metrics.auc import INTERPOLATIONS, aucpr, polyline_corners
from ..metrics.curve import pr_curve
from ..metrics.precision import skew_model_of
from ..skew import SkewModel
from ..skew.base import skew_text
from ._axes import LOG_PRECISION_BELOW, label_pr_axes, precision_axis, precision_floor
from ._bands import check_band, ci_band_text, ci_quantiles, ci_replicates, draw_band, fold_band, fold_band_text
from ._bands import move_band as _move_band
from ._decimate import pr_vertices
from ._display import (
    Display,
    FromScoresMixin,
    area_name,
    as_points_dict,
    auc_labels,
    classifier_styles,
    curve_bins,
    from_first_point,
)
from ._docstrings import fill_doc
from ._kwargs import check_style
from ._per_class import class_display, per_class_data, plot_classes_pr
from .bracket import is_bounded, plot_bracket
from .layout._figure import legible
from .layout._legend import set_entry_texts
from .threshold import check_threshold, mark_threshold_of, marking

__all__ = ["PRDisplay", "plot_pr"]

_GRID = np.linspace(0.0, 1.0, 401)
_OWN = object()  # _auc's default: the Display's own skew


class PRDisplay(FromScoresMixin, Display):
    """Precision-recall curves under a skew model, with their baselines.

    Build it with :func:`plot_pr` (or :meth:`from_predictions`,
    :meth:`from_estimator`); then ``update(skew=..., interpolation=...,
    normalize=...)`` moves every artist in place.

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict of str to Line2D (or LineCollection with ``color_by_threshold``)
        One curve per classifier (the mean curve for folds).
    bands_ : dict of str to PolyCollection
        The fold band per classifier given as a list of folds.
    baselines_ : dict
        ``"random"`` (dashed, the model's mean skew), ``"min"`` (the
        minimum-achievable curve) and ``"unachievable"`` (the shaded region
        below it).
    aucs_ : dict of str to float or (mean, sd)
        The AUC written in each legend entry.
    floor_skew : float or None
        A log precision axis' bottom stays below this baseline too (a widget: its slider's
        lower end, so no step moves the axis and costs a full draw); None: the current one.
    """

    _update_params = ("skew", "interpolation", "normalize")

    @property
    def _relabelled(self):
        # With the skew in the title the y label never changes: a widget need not repaint the axis.
        return () if self.skew_label == "title" else ("y",)

    @renamed_keywords(ci="confidence")
    def __init__(self, points, *, skew=None, interpolation="continuous", normalize=False, baselines=True,
                 color_by_threshold=False, iso_f=None, band="sd", skew_label="axis", confidence=None,
                 n_boot=N_BOOT_BAND, random_state=None, palette=None, log_precision=None):
        super().__init__(palette)
        self.skew_label = check_choice(skew_label, "skew_label", ("axis", "title"))
        self.points = as_points_dict(points)
        self.skew = skew
        self.interpolation = check_choice(interpolation, "interpolation", INTERPOLATIONS)
        self.normalize = check_bool(normalize, "normalize")
        self.baselines = check_bool(baselines, "baselines")
        self.color_by_threshold = check_bool(color_by_threshold, "color_by_threshold")
        self.iso_f = None if iso_f is None else [float(f) for f in np.atleast_1d(iso_f)]
        self.band = check_band(band)
        if self.iso_f is not None and any(not 0 < f < 1 for f in self.iso_f):
            raise ValueError("iso_f values must lie in (0, 1)")
        self.bands_, self._iso_f_artists, self.aucs_, self._reduced, self._corners = {}, [], {}, {}, {}
        self._colorbar = None
        self._check_skew(skew)
        self.ci, self._replicates = ci_replicates(self.points, confidence, n_boot, random_state)
        self.n_boot = n_boot
        self.log_precision = (self.model().mean < LOG_PRECISION_BELOW if log_precision is None
                              else check_bool(log_precision, "log_precision"))
        self.floor_skew = None

    def set_floor_skew(self, skew):
        """Keep the log precision axis' bottom below the baseline of ``skew`` too (see ``floor_skew``).

        Parameters
        ----------
        skew : float in (0, 1] or None

        Examples
        --------
        >>> import skewplot as sp
        >>> disp = sp.plot_pr(sp.datasets.example_classifiers(skew=0.01), skew=0.01, log_precision=True)
        >>> disp.set_floor_skew(1e-4)
        >>> f"{disp.ax_.get_ylim()[0]:.0e}"  # below the baseline at 1e-4
        '3e-05'
        """
        self.floor_skew = None if skew is None else check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True)
        if self.log_precision:
            precision_axis(self.ax_, self._floor_mean(), True)

    def _floor_mean(self):
        """The baseline the log precision axis' bottom is placed below (see ``floor_skew``)."""
        mean = self.model().mean
        return mean if self.floor_skew is None else min(mean, self.floor_skew)

    # ------------------------------------------------------------------ model
    def _check_skew(self, skew):
        for value in self.points.values():
            pts = value[0] if isinstance(value, list) else value
            skew_model_of(pts, skew)  # raises a clear error for a bad spec

    def _first_points(self):
        value = next(iter(self.points.values()))
        return value[0] if isinstance(value, list) else value

    def model(self) -> SkewModel:
        """The skew model of the baselines: ``skew``, or the first classifier's data set skew."""
        return skew_model_of(self._first_points(), self.skew)

    def _check_params(self, params):
        checks = {"skew": lambda v: self._check_skew(v) or v, "normalize": lambda v: check_bool(v, "normalize"),
                  "interpolation": lambda v: check_choice(v, "interpolation", INTERPOLATIONS)}
        return {k: checks[k](v) for k, v in params.items()}

    # ------------------------------------------------------------------ data
    def _curve(self, name, pts):
        model = skew_model_of(pts, self.skew)
        reduced = self._reduced.get(id(pts), pts)
        if self.interpolation == "continuous":
            return from_first_point(*pr_curve(reduced, skew=model), pts)
        return from_first_point(*pr_curve(pts, skew=model, interpolation=self.interpolation), pts)

    def _auc(self, pts, skew=_OWN):
        """The legend's area of ``pts`` under ``skew`` (the Display's own by default; a saved page asks for others)."""
        if self.interpolation == "continuous":
            # Exact: the continuous area depends on the ROC polyline only, which its corners fix.
            if id(pts) not in self._corners:
                self._corners[id(pts)] = polyline_corners(pts)
            pts = self._corners[id(pts)]
        return aucpr(pts, skew=self.skew if skew is _OWN else skew, interpolation=self.interpolation,
                     normalize=self.normalize)

    def _on_grid(self, curves):
        """Precision of each curve on a common recall grid (vertical averaging)."""
        rows = []
        for pts in curves:
            r, p = self._curve(None, pts)
            # Where the curve drops vertically, np.interp takes the value before the drop.
            keep = np.r_[True, np.diff(r) > 0]
            rows.append(np.interp(_GRID, r[keep], p[keep]))
        return rows

    def _fold_curves(self, folds):
        mid, lo, hi = fold_band(self._on_grid(folds), self.band)
        return mid, np.clip(lo, 0, 1), np.clip(hi, 0, 1)

    def _ci_band(self, name):
        return np.clip(ci_quantiles(self._on_grid(self._replicates[name]), self.ci), 0, 1)

    def _label(self, name):
        return auc_labels(self.aucs_, area_name(self.interpolation, self.normalize))[name]

    def _compute_aucs(self):
        for name, value in self.points.items():
            if isinstance(value, list):
                a = np.array([self._auc(p) for p in value])
                self.aucs_[name] = (float(a.mean()), float(a.std(ddof=1)) if a.size > 1 else 0.0)
            else:
                self.aucs_[name] = self._auc(value)

    # ------------------------------------------------------------------ drawing
    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure when None); ``kwargs`` reach the curves.

        Returns
        -------
        self
        """
        ax = self._attach(ax)
        n_bins = curve_bins(ax)
        self._compute_aucs()
        for name, value, style in classifier_styles(self.points, kwargs, 1.6, self.palette, ax):
            for pts in (value if isinstance(value, list) else [value]):
                self._reduce(pts, n_bins)
            if isinstance(value, list):
                mid, lo, hi = self._fold_curves(value)
                (line,) = ax.plot(_GRID, mid, label=self._label(name), **style)
                self.bands_[name] = draw_band(ax, _GRID, lo, hi, line, fold_band_text(self.band, len(value)))
            elif self.color_by_threshold:
                line = self._threshold_collection(ax, value, name, style)
            else:
                r, p = self._curve(name, value)
                (line,) = ax.plot(r, p, label=self._label(name), **style)
            if name in self._replicates:
                self.bands_[name] = draw_band(ax, _GRID, *self._ci_band(name), line, ci_band_text(self.ci, self.n_boot))
            self.lines_[name] = line
        if self.baselines:
            self._draw_baselines(ax)
        if self.iso_f:
            self._draw_iso_f(ax)
        ax.set_xlim(0, 1)
        precision_axis(ax, self._floor_mean(), self.log_precision)
        self._set_labels()
        self._place_legend()
        return self

    def _reduce(self, pts, n_bins):
        """Keep only the vertices the figure can show (numbers stay exact)."""
        if len(pts) > 4 * n_bins:
            self._reduced[id(pts)] = pr_vertices(pts, n_bins)

    def _set_labels(self):
        label_pr_axes(self.ax_, self.model(), self.skew, self.skew_label)

    def _draw_baselines(self, ax):
        model = self.model()
        pmin = np.asarray(model.min_precision(_GRID), dtype=float)
        self.baselines_["random"] = ax.axhline(model.mean, color="0.35", linestyle="--", linewidth=1.0,
                                               label=f"random ({skew_text(model.mean)})")
        (self.baselines_["min"],) = ax.plot(_GRID, pmin, color="0.35", linestyle=":", linewidth=1.0,
                                            label="minimum achievable")
        self.baselines_["unachievable"] = ax.fill_between(_GRID, 0.0, pmin, color="0.5", alpha=0.12,
                                                          linewidth=0, label="unachievable", zorder=1.6)

    def _fixed_artists(self):
        return self._iso_f_artists

    def _draw_iso_f(self, ax):
        for f in self.iso_f:
            r = np.linspace(f / (2 - f), 1.0, 200)
            p = f * r / (2 * r - f)
            (line,) = ax.plot(r, p, color="0.75", linewidth=0.7, zorder=0)
            label = ax.annotate(f"F1={f:g}", (r[-1], p[-1]), xytext=(-2, 2), textcoords="offset points",
                                fontsize=legible("x-small"), color="0.45", ha="right", va="bottom")
            self._iso_f_artists += [line, label]
            self.lines_[f"iso_f={f:g}"] = line

    def _threshold_collection(self, ax, pts, name, style):
        from matplotlib.collections import LineCollection

        if pts.thresholds is None:
            raise ValueError("color_by_threshold needs thresholds; these points were built without them")
        segs, thr = self._threshold_segments(name, pts)
        coll = LineCollection(segs, cmap=style.pop("cmap", "viridis"), linewidth=style.get("linewidth", 1.6),
                              label=self._label(name))
        coll.set_array(thr)
        ax.add_collection(coll)
        self._colorbar = ax.figure.colorbar(coll, ax=ax, label="threshold")
        return coll

    def _threshold_segments(self, name, pts):
        """The drawn curve as segments, each coloured by the threshold of the ROC segment it lies on."""
        r, p = self._curve(name, pts)
        seg_end = np.clip(np.searchsorted(pts.tpr, r, side="left"), 1, len(pts) - 1)
        thr = pts.thresholds[seg_end]
        segs = np.stack([np.column_stack([r[:-1], p[:-1]]), np.column_stack([r[1:], p[1:]])], axis=1)
        return segs, np.where(np.isfinite(thr), thr, np.nan)[1:]

    def _refresh(self):
        self._compute_aucs()
        for name, value in self.points.items():
            line = self.lines_[name]
            if isinstance(value, list):
                mid, lo, hi = self._fold_curves(value)
                line.set_data(_GRID, mid)
                _move_band(self.bands_[name], _GRID, lo, hi)
            elif self.color_by_threshold:
                segs, thr = self._threshold_segments(name, value)
                line.set_segments(segs)
                line.set_array(thr)
            else:
                line.set_data(*self._curve(name, value))
            if name in self._replicates:
                _move_band(self.bands_[name], _GRID, *self._ci_band(name))
            line.set_label(self._label(name))
        if self.baselines:
            model = self.model()
            pmin = np.asarray(model.min_precision(_GRID), dtype=float)
            self.baselines_["random"].set_ydata([model.mean, model.mean])
            self.baselines_["random"].set_label(f"random ({skew_text(model.mean)})")
            self.baselines_["min"].set_ydata(pmin)
            _move_band(self.baselines_["unachievable"], _GRID, 0.0, pmin)
        if self.log_precision and not np.isclose(self.ax_.get_ylim()[0], precision_floor(self._floor_mean())):
            precision_axis(self.ax_, self._floor_mean(), True)  # the baseline moved to another half-decade
        self._set_labels()
        legend = self.ax_.get_legend()
        if legend is not None:
            set_entry_texts(legend, self.ax_.get_legend_handles_labels()[1])  # a wrapped strip stays wrapped
            self._place_legend(relocate=True)  # the curves moved: the same rule as a fresh plot

    @classmethod
    def _plot_function(cls):
        return plot_pr


@renamed_keywords(ci="confidence")

@skew_by_name
def plot_pr(data=None, y_score=None, *, y_true=None, hue=None, units=None, folds=None, sample_weight=None,
            pos_label=None, hue_order=None, palette=None, name=None, skew=None, interpolation="continuous",
            normalize=False, baselines=True, color_by_threshold=False, iso_f=None, band="sd", skew_label="axis",
            confidence=None, n_boot=N_BOOT_BAND, random_state=None, log_precision=None, threshold=None, ax=None,
            **kwargs):
    """Draw PR curves at a skew or under a skew model, with their baselines.

    Inputs: ``(y_true, y_score)``, points, ``{name: points}`` or ``data=table, hue=...``: :doc:`/guide/inputs`.

    Parameters
    ----------
%(input_params)s    skew : None, float, (lo, hi), SkewModel or mapping, optional
        None: each data set's own skew (plain PR).  A float: PR at that
        deployment skew.  A range: P̄-R; a SkewSeries: P̃-R.  A one-vs-rest mapping takes
        ``{class: prior}``/a PriorEstimate (each class at its prior and baseline) or ``{class: (lo, hi)}``.
    interpolation : str, default="continuous"
        As :func:`skewplot.aucpr`; sets the drawn curve and the legend's
        area, named for what it is: "AUCPR" for the continuous area under
        the curve, "AP" for the step sum (scikit-learn's
        ``average_precision_score``), "nAUCPR"/"nAP" when normalised.
    normalize : bool, default=False
        Legend shows (AUC − AUC_min) / (1 − AUC_min).
    baselines : bool, default=True
        Draw the random classifier (dashed) and the minimum-achievable curve
        with the unachievable region shaded.
    color_by_threshold : bool, default=False
        Colour each curve by score threshold, with a colour bar.
    iso_f : sequence of float, optional
        Draw iso-F1 curves at these values.
    band : {"sd", "quantile"}, default="sd"
        For folds: mean ± one standard deviation of the precision at each
        recall (vertical averaging), or the median with the 10-90 % quantiles.
    skew_label : {"axis", "title"}, default="axis"
        Where the skew model is written: the y label (``Precision $P$ (π′ = 0.01)``; a range or series, too long,
        the title), or the title (``π′ = 0.01``, the model's ``describe()``) under the y label ``Precision $P$``
        (``$\\bar{P}$``, ``$\\tilde{P}$``); the widgets use "title" (a fixed y axis redraws no mathtext).
    confidence, n_boot, random_state : float in (0, 1), int (default 200), seed, optional
        A pointwise bootstrap band of level ``confidence`` (formerly ``ci``) from ``n_boot`` replicates.
    log_precision : bool or None, default=None
        Logarithmic precision axis, from below the random baseline to 1.  None: logarithmic when the
        baseline (the model's mean skew) is below 0.05, where a linear axis lays it and the
        minimum-achievable curve flat on its bottom.  An ``update`` moves the axis' bottom with the baseline.
%(threshold_param)s    ax : matplotlib Axes, optional
    **kwargs
        Passed to the curves' ``Axes.plot`` (``color``, ``linewidth``, ``linestyle``; ``alpha`` is transparency).

    Returns
    -------
    PRDisplay
        Drawn; ``update(skew=..., interpolation=..., normalize=...)`` moves its artists in place.

    Notes
    -----
    A curve with more vertices than the Axes has pixel columns is decimated for drawing (two bins per pixel,
    first/last/extreme vertices kept: within half a pixel of the full curve); every number is on all points.

    Each curve starts at the classifier's first operating point (the smallest recall a threshold reaches),
    not at recall 0: the area counts recall 0 up to there at that point's precision, the limit along the curve.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.datasets.example_classifiers()
    >>> disp = sp.plot_pr(pts, skew=0.01)
    >>> sorted(disp.lines_), sorted(disp.baselines_)
    (['strong', 'weak'], ['min', 'random', 'unachievable'])
    >>> disp = disp.update(skew=0.2)
    """
    kwargs = check_style(kwargs, plot_pr)
    check_threshold(threshold)
    if is_bounded(data):  # binned scores: a certified band per classifier
        return plot_bracket(data, space="pr", skew=skew, ax=ax, log_precision=log_precision, **kwargs)
    data, skew, models = per_class_data(data, skew)  # one-vs-rest: each class at its own prior (or range)
    points = classifiers(data, y_score, y_true=y_true, hue=hue, units=units, folds=folds,
                         sample_weight=sample_weight, pos_label=pos_label, hue_order=hue_order, name=name,
                         func="plot_pr")
    disp = class_display(PRDisplay, models, points, skew=skew, interpolation=interpolation, normalize=normalize,
                         baselines=baselines if models is None else False, color_by_threshold=color_by_threshold,
                         iso_f=iso_f, band=band, skew_label=skew_label, confidence=confidence, n_boot=n_boot,
                         random_state=random_state, palette=palette, log_precision=log_precision)
    return mark_threshold_of(plot_classes_pr(marking(disp, threshold), models, baselines, ax, **kwargs))


fill_doc(plot_pr)
