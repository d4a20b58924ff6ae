"""Precision-recall-gain space [FK] at any deployment skew: curves, convex hulls, the always-positive baseline."""

from __future__ import annotations

import numpy as np

from .._validate import check_bool
from ..metrics._inputs import classifiers, skew_by_name
from ..metrics.hull import roc_convex_hull
from ..metrics.precision import skew_model_of
from ..metrics.prg import GainIndex, curve_area, gain_skew, prg_curve
from ..skew import FixedSkew
from ._axes import data_set_title
from ._class_names import plot_with_priors
from ._decimate import decimation_indices, prg_vertex_indices
from ._display import Display, as_points_dict, auc_labels, classifier_styles, curve_bins
from ._docstrings import fill_doc
from ._gain_axes import baseline_xy, decade_axes, decades, densify, use_decades
from ._kwargs import check_style
from ._per_class import class_display, per_class_data
from .layout._figure import fit_label
from .layout._legend import set_entry_texts
from .threshold import check_threshold, mark_threshold_of, marking

__all__ = ["PRGDisplay", "plot_prg"]


class PRGDisplay(Display):
    """Precision-recall-gain curves [FK] with gains against the deployment skew.

    Build it with :func:`plot_prg`; ``update(skew=...)`` moves every curve.

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict of str to Line2D
        One PRG curve per classifier (recall gain in [0, 1]).
    hulls_ : dict of str to Line2D
        Their convex hulls (with ``hull=True``).
    baselines_ : dict
        ``"always positive"``: the line of the always-positive classifier's
        F1 (``precG + recG = 1``; F_beta gain is linear in the two gains, so
        iso-F lines are straight) ending at its point (1, 0).
    aucs_ : dict of str to float
        AUPRG per classifier (:func:`skewplot.aucprg`).
    decades_ : bool
        Whether the gains are drawn in decades to 1 (``scale``), chosen when plotted and kept by ``update``.
    """

    _says_hidden = True  #: a curve under another classifier's is named in a note (``_hidden.fit_notes``)

    _update_params = ("skew",)

    def __init__(self, points, *, skew=None, hull=False, scale="auto", palette=None):
        super().__init__(palette)
        self.points = as_points_dict(points)
        for name, value in self.points.items():
            if isinstance(value, list):
                raise TypeError(f"plot_prg draws one curve per classifier; {name!r} is given as folds, which "
                                "PRG space does not average (give one OperatingPoints per classifier)")
        self.skew = skew
        self._check_params({"skew": skew})
        self.hull = check_bool(hull, "hull")
        use_decades(scale, 0.5)  # checks the name
        self.scale = scale
        self.decades_ = False
        self.hulls_ = {}
        self.aucs_ = {}
        self._gains = {}  # name: (points, what a curve at any skew needs from them), made once

    def _check_params(self, params):
        if "skew" in params:
            pts = next(iter(self.points.values()))
            gain_skew(skew_model_of(pts, params["skew"]))  # raises for a skew without recall gain (pi' = 1)
        return params

    def _model_of(self, name, pts):
        """The skew model of curve ``name``: the first data set's or ``skew``, one for all (a one-vs-rest
        display gives each class its own)."""
        return skew_model_of(next(iter(self.points.values())), self.skew)

    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure when None); ``kwargs`` reach the curves.

        Returns
        -------
        self
        """
        ax = self._attach(ax)
        self._n_bins = curve_bins(ax)
        # the rarest curve's skew decides (one-vs-rest classes: a row's panels read alike whatever class comes first)
        self.decades_ = use_decades(self.scale, min(gain_skew(self._model_of(n, p)) for n, p in self.points.items()))
        for name, _, style in classifier_styles(self.points, kwargs, 1.6, self.palette, self.ax_):
            (self.lines_[name],) = ax.plot([], [], label=name, **style)
            if self.hull:
                (self.hulls_[name],) = ax.plot([], [], color=self.lines_[name].get_color(), linestyle=":",
                                               linewidth=1.2, label=f"{name} convex hull")
        # its point (1, 0) lies beyond every decade: the line alone there
        (self.baselines_["always positive"],) = ax.plot(
            [0, 1], [1, 0], color="0.5", linestyle="--", linewidth=1.0, marker="none" if self.decades_ else "o",
            markevery=[1], markersize=4, zorder=1.5, label="always positive (its F1)")
        ax.axhline(0, color="0.8", linewidth=0.8, zorder=1)
        if not self.decades_:
            ax.set_xlim(-0.01, 1.01)
            ax.set_ylim(-0.05, 1.02)
        fit_label(ax.yaxis, "Precision gain")
        self._refresh()
        self._place_legend()
        return self

    def _gain_index(self, name, pts):
        """``(gains, vertices, hull)`` of curve ``name`` from the second time its points are drawn: its
        :class:`GainIndex`, the vertices that draw it at any skew (``prg_vertex_indices``) and its hull's, made
        once; None the first time.

        Points that change at every step (a one-vs-rest class at a new prior vector) are drawn from every
        vertex, as cheaply as before, not indexed for skews they will never be drawn at.
        """
        kept = self._gains.get(name)
        if kept is None or kept[0] is not pts:
            self._gains[name] = (pts, None)
            return None
        if kept[1] is None:
            gains = GainIndex(pts)
            keep = prg_vertex_indices(gains.tpr, gains.fpr, self._n_bins / 2)
            kept = self._gains[name] = (pts, (gains, keep, roc_convex_hull(pts) if name in self.hulls_ else None))
        return kept[1]

    def _curve(self, gains, keep, pi):
        """The curve at the gain skew ``pi`` through the vertices ``keep`` that it shows and the two around its
        crossing of recall gain 0; in decades also through the vertices of its extreme precision gains, which
        fit the Axes to it as to the whole curve."""
        j = gains.start(pi)
        extra = [j - 1, j] + (list(gains.extreme_vertices(j)) if self.decades_ else [])
        extra = np.unique([k for k in extra if 0 <= k < gains.tpr.size]).astype(np.intp)
        keep = keep[np.searchsorted(keep, j - 1):]
        at = np.searchsorted(keep, extra)
        there = keep[np.minimum(at, keep.size - 1)] == extra if keep.size else np.zeros(extra.size, dtype=bool)
        return gains.curve(pi, np.insert(keep, at[~there], extra[~there]))  # a few into 1e4: no sort

    def _refresh(self):
        curves, hulls = {}, {}
        for name, pts in self.points.items():
            model = self._model_of(name, pts)
            index = self._gain_index(name, pts)
            if index is None:  # every vertex
                curves[name] = prg_curve(pts, skew=model)
                self.aucs_[name] = curve_area(curves[name])
                if name in self.hulls_:
                    hulls[name] = prg_curve(pts, skew=model, hull=True)
                continue
            gains, keep, hull = index
            pi = gain_skew(model)
            curves[name] = self._curve(gains, keep, pi)
            self.aucs_[name] = gains.area(pi)  # aucprg: every vertex, not only those drawn
            if hull is not None:
                hulls[name] = gains.curve(pi, hull)
        if self.decades_:
            x_hi = decade_axes(self.ax_, [(c.recall_gain, c.precision_gain) for c in curves.values()])
            self.baselines_["always positive"].set_data(*baseline_xy(x_hi))
        for name, c in curves.items():
            # the vertices the Axes can show (M4 per pixel column): a step draws 1e3 of them, not 1e6; in
            # decades the columns are those of the decades shown
            x = np.minimum(decades(c.recall_gain), x_hi) if self.decades_ else c.recall_gain
            keep = decimation_indices(x, c.precision_gain, self._n_bins)
            xy = c.recall_gain[keep], c.precision_gain[keep]
            self.lines_[name].set_data(*(densify(*xy, x_hi / 200) if self.decades_ else xy))
            if name in hulls:
                hull = (hulls[name].recall_gain, hulls[name].precision_gain)
                self.hulls_[name].set_data(*(densify(*hull, x_hi / 200) if self.decades_ else hull))
        for name, text in auc_labels(self.aucs_, "AUPRG").items():  # the digits that tell the areas apart
            self.lines_[name].set_label(text)
        model = skew_model_of(next(iter(self.points.values())), self.skew)
        label = self._data_label(model) or self.xlabel(model)
        # narrower: "RG" keeps the skew the gains are at (review62: a 4.4 in explorer's panel said no skew), then
        # the words alone
        fit_label(self.ax_.xaxis, label, "RG" + label.removeprefix("Recall gain"), "Recall gain")
        legend = self.ax_.get_legend()
        if legend is not None:  # new AUPRG in the labels; a page's shared legend names classifiers only
            set_entry_texts(legend, [line.get_label() for line in self.lines_.values()])
            self._place_legend(relocate=True)  # the curves moved: the same rule as a fresh plot

    def _data_label(self, model):
        """The axis' label when no skew is asked: the data set's own, named so (a grid's data-set panel read
        "π′ = 0.0011" like its chosen-skew neighbours: figure review of ba94d56, prg-01, prg-10); else None."""
        if self.skew is None and isinstance(model, FixedSkew) and type(self).xlabel is PRGDisplay.xlabel:
            return f"Recall gain, {data_set_title(model.value)}"
        return None

    @staticmethod
    def xlabel(model):
        """The recall gain axis' label under ``model``: only recall gain depends on the skew, its axis names it."""
        if isinstance(model, FixedSkew):
            return f"Recall gain ({model.describe()})"
        return f"Recall gain ({model.describe()}: at π′ = {gain_skew(model):.3g})"


@skew_by_name
def plot_prg(data=None, y_score=None, *, y_true=None, hue=None, units=None, folds=None, sample_weight=None,
             pos_label=None, hue_order=None, palette=None, name=None, skew=None, hull=False, scale="auto",
             threshold=None, ax=None, **kwargs):
    """Draw precision-recall-gain curves [FK] with gains against the deployment skew.

    Parameters
    ----------
%(input_params)s    skew : None, float, (lo, hi) or SkewModel, optional
        The deployment skew pi' of the gains (None: the data set's own).
        Under a range or series the gains are their expectations over it:
        precision gain ``1 - FPR/TPR`` does not depend on the skew, and the
        expected recall gain is the recall gain at ``E[o'] / (1 + E[o'])``
        (``o'`` the odds ``pi'/(1 - pi')``; ``gain_skew``).  A one-vs-rest
        mapping takes a prior vector ``{class: prior}`` (or a PriorEstimate)
        or ranges ``{class: (lo, hi)}``: each class at its own.
    hull : bool, default=False
        Also draw each classifier's convex hull in PRG space (dotted).
    scale : {"auto", "linear", "decades"}, default="auto"
        ``"linear"``: the unit square of [FK].  ``"decades"``: each gain
        drawn by its distance to 1 on a log axis (ticks 0, 0.9, 0.99,
        0.999 ...), where the curves of a rare skew stay apart: the x
        position is the log-odds of recall less the log-odds of pi', the y
        position the likelihood ratio TPR/FPR in decades.  ``"auto"``: the
        decades below a gain skew of 1/91 (where recall 0.1 already has
        recall gain 0.9), else the unit square.  Chosen when plotted;
        ``update`` keeps it.
%(threshold_param)s    ax : matplotlib Axes, optional
    **kwargs
        Passed to the curves' ``Axes.plot``.

    Returns
    -------
    PRGDisplay
        ``update(skew=...)`` moves the curves.

    Notes
    -----
    On the unit square precision gain is negative where precision is below
    pi' (those parts leave the Axes, and count negatively in AUPRG).  In
    decades a gain of exactly 1 (recall 1, or no false positive) lies
    beyond the Axes.  See the guide's PRG section for when PR-gain space
    stops telling classifiers apart.

    Examples
    --------
    >>> import skewplot as sp
    >>> disp = sp.plot_prg(sp.datasets.example_classifiers(), skew=0.01, hull=True)
    >>> sorted(disp.aucs_), sorted(disp.baselines_)
    (['strong', 'weak'], ['always positive'])
    >>> disp = disp.update(skew=(0.001, 0.05))
    """
    kwargs = check_style(kwargs, plot_prg)
    check_threshold(threshold)
    data, skew, models = per_class_data(data, skew)  # one-vs-rest: each class at its own prior
    points = classifiers(data, y_score, y_true=y_true, hue=hue, units=units, folds=folds,
                         sample_weight=sample_weight, pos_label=pos_label, hue_order=hue_order, name=name,
                         func="plot_prg")
    disp = class_display(PRGDisplay, models, points, skew=skew, hull=hull, scale=scale, palette=palette)
    return mark_threshold_of(plot_with_priors(marking(disp, threshold), models, ax, **kwargs))


fill_doc(plot_prg)
