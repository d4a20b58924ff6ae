"""ROC space: ROC curves, their convex hulls and the chance diagonal."""

from __future__ import annotations

import numpy as np

from .._validate import check_bool
from ..metrics._inputs import classifiers, skew_by_name
from ..metrics.auc import roc_auc
from ..metrics.hull import roc_convex_hull
from ..metrics.multiclass import OneVsRest
from ..metrics.points import OperatingPoints
from ._axes import data_skew, label_roc_axes
from ._bands import check_band, draw_band, fold_band, fold_band_text
from ._class_names import plot_with_priors, refuse_class_ranges
from ._decimate import decimation_indices
from ._display import (
    Display,
    FromScoresMixin,
    as_points_dict,
    auc_label,
    auc_labels,
    classifier_styles,
    curve_bins,
)
from ._docstrings import fill_doc
from ._kwargs import check_style
from ._per_class import per_class_data
from .bracket import is_bounded, plot_bracket
from .threshold import check_threshold, mark_threshold_of, marking

__all__ = ["ROCDisplay", "plot_roc"]

_GRID = np.linspace(0.0, 1.0, 401)


class ROCDisplay(FromScoresMixin, Display):
    """ROC curves with the chance diagonal and, on request, their convex hulls.

    Build it with :func:`plot_roc` (or :meth:`from_predictions`,
    :meth:`from_estimator`); ``update(hull=...)`` shows or hides the hulls.

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict of str to Line2D
        One ROC curve per classifier (the mean curve for folds).
    hulls_ : dict of str to Line2D
        The ROC convex hull of each classifier (of the mean curve for folds).
    bands_ : dict of str to PolyCollection
        The fold band per classifier given as a list of folds.
    baselines_ : dict
        ``"random"``: the chance diagonal.
    aucs_ : dict of str to float or (mean, sd)
        The ROC AUC written in each legend entry.
    """

    _update_params = ("hull",)
    _relabelled = ()

    def __init__(self, points, *, hull=False, band="sd", palette=None):
        super().__init__(palette)
        self.points = as_points_dict(points)
        self.hull = check_bool(hull, "hull")
        self.band = check_band(band)
        self.hulls_ = {}
        self.bands_ = {}
        self.aucs_ = {}
        self._curves = {}

    @classmethod
    def _plot_function(cls):
        return plot_roc

    def _check_params(self, params):
        if "hull" in params:
            params["hull"] = check_bool(params["hull"], "hull")
        return params

    def _fold_curve(self, folds):
        """Vertical averaging: the TPR of every fold on a common FPR grid."""
        rows = []
        for pts in folds:
            fpr, tpr = pts.fpr, pts.tpr
            # Along the piecewise-linear curve; at a vertical stretch take its top.
            a = np.searchsorted(fpr, _GRID, side="right") - 1
            b = np.minimum(a + 1, fpr.size - 1)
            span = fpr[b] - fpr[a]
            share = np.divide(_GRID - fpr[a], np.where(span > 0, span, 1.0))
            rows.append(tpr[a] + np.where(span > 0, share, 0.0) * (tpr[b] - tpr[a]))
        mid, lo, hi = fold_band(rows, self.band)
        # Start every curve at the origin, then climb vertically to the value at FPR = 0.
        x = np.r_[0.0, _GRID]
        return x, np.r_[0.0, mid], np.clip(np.r_[0.0, lo], 0, 1), np.clip(np.r_[0.0, hi], 0, 1)

    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure when None); ``kwargs`` reach the ROC curves.

        Returns
        -------
        self
        """
        ax = self._attach(ax)
        n_bins = curve_bins(ax)
        for name, value, style in classifier_styles(self.points, kwargs, 1.6, self.palette, ax):
            if isinstance(value, list):
                a = np.array([roc_auc(p) for p in value])
                self.aucs_[name] = (float(a.mean()), float(a.std(ddof=1)) if a.size > 1 else 0.0)
                x, mid, lo, hi = self._fold_curve(value)
                (line,) = ax.plot(x, mid, label=auc_label(name, self.aucs_[name], "ROC AUC"), **style)
                self.bands_[name] = draw_band(ax, x, lo, hi, line, fold_band_text(self.band, len(value)))
                self._curves[name] = (x, mid)
            else:
                self.aucs_[name] = roc_auc(value)
                keep = decimation_indices(value.fpr, value.tpr, n_bins)
                (line,) = ax.plot(value.fpr[keep], value.tpr[keep], label=auc_label(name, self.aucs_[name], "ROC AUC"),
                                  **style)
                self._curves[name] = (value.fpr, value.tpr)
            self.lines_[name] = line
        for name, text in auc_labels(self.aucs_, "ROC AUC").items():  # the digits that tell the areas apart
            self.lines_[name].set_label(text)
        (self.baselines_["random"],) = ax.plot([0, 1], [0, 1], color="0.5", linestyle="--", linewidth=1.0,
                                               zorder=1.5, label="chance (AUC = 0.500)")
        if self.hull:
            self._draw_hulls()
        ax.set_xlim(-0.01, 1.01)
        ax.set_ylim(-0.01, 1.01)
        label_roc_axes(ax, data_skew(self.points))
        self._place_legend()
        return self

    def _draw_hulls(self):
        n_bins = curve_bins(self.ax_)
        for name, (fpr, tpr) in self._curves.items():
            idx = roc_convex_hull(OperatingPoints(tpr=tpr, fpr=fpr))
            hf, ht = fpr[idx], tpr[idx]
            keep = decimation_indices(hf, ht, n_bins)
            color = self.lines_[name].get_color()
            (self.hulls_[name],) = self.ax_.plot(
                hf[keep], ht[keep], color=color, linestyle=":", linewidth=1.2,
                marker="o" if keep.size <= 12 else None, markersize=3, label=f"{name} convex hull")

    def _refresh(self):
        if self.hull and not self.hulls_:
            self._draw_hulls()
        for line in self.hulls_.values():
            line.set_visible(self.hull)
        handles, labels = self.ax_.get_legend_handles_labels()
        shown = [(h, t) for h, t in zip(handles, labels, strict=True) if h.get_visible()]
        self._place_legend(*zip(*shown, strict=True))


@skew_by_name
def plot_roc(data=None, y_score=None, *, y_true=None, hue=None, units=None, folds=None, sample_weight=None,
             pos_label=None, hue_order=None, palette=None, name=None, hull=False, band="sd", skew=None,
             threshold=None, ax=None, **kwargs):
    """Draw ROC curves with the chance diagonal and, on request, their convex hulls.

    Parameters
    ----------
%(input_params)s    hull : bool, default=False
        Also draw each classifier's ROC convex hull (dotted, same colour): the
        points that are optimal for some skew and costs [S §2.2].
    band : {"sd", "quantile"}, default="sd"
        For folds: vertical averaging of the TPR on a grid of 401 FPR values,
        drawn as the mean ± one standard deviation, or as the median with the
        10-90 % quantiles.  The legend gives the ROC AUC as mean ± sd.
    skew : mapping or PriorEstimate, optional
        Only for a one-vs-rest mapping (:func:`skewplot.one_vs_rest`): the
        class priors ``{class: prior}`` of the deployment.  ROC rates do not
        depend on a class's own prior, but its "rest" is the other classes
        mixed at theirs, so each class's FPR moves (no re-sorting).
%(threshold_param)s    ax : matplotlib Axes, optional
    **kwargs
        Passed to the curves' ``Axes.plot`` (``color``, ``linewidth``,
        ``linestyle``; ``alpha`` is transparency).

    Returns
    -------
    ROCDisplay
        Drawn; ``update(hull=...)`` shows or hides the hulls.

    Notes
    -----
    A curve with more vertices than the Axes has pixel columns is decimated
    for drawing (two bins per pixel, first, last and extreme vertices kept:
    the drawn line stays within half a pixel of the full curve); the AUC in
    the legend and the hull are computed on all points.

    Examples
    --------
    >>> import skewplot as sp
    >>> disp = sp.plot_roc(sp.datasets.example_classifiers(), hull=True)
    >>> sorted(disp.lines_), sorted(disp.hulls_), sorted(disp.baselines_)
    (['strong', 'weak'], ['strong', 'weak'], ['random'])
    >>> round(disp.aucs_["strong"], 3)
    0.927
    >>> disp = disp.update(hull=False)
    """
    kwargs = check_style(kwargs, plot_roc)
    check_threshold(threshold)
    if is_bounded(data):  # binned scores: a certified band per classifier
        return plot_bracket(data, space="roc", ax=ax, **kwargs)
    if skew is not None and not isinstance(data, OneVsRest):
        raise TypeError("plot_roc: skew= is the class priors of a one-vs-rest mapping (sp.one_vs_rest); a binary "
                        "ROC curve does not depend on the skew (plot_pr, plot_cost or plot_prg draw it)")
    data, _, models = per_class_data(data, skew)
    refuse_class_ranges(models, "plot_roc")
    points = classifiers(data, y_score, y_true=y_true, hue=hue, units=units, folds=folds,
                         sample_weight=sample_weight, pos_label=pos_label, hue_order=hue_order, name=name,
                         func="plot_roc")
    disp = marking(ROCDisplay(points, hull=hull, band=band, palette=palette), threshold)
    disp = plot_with_priors(disp, models, ax, **kwargs)
    return mark_threshold_of(disp)


fill_doc(plot_roc)

