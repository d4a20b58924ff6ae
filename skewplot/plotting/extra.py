"""Figures that are not a curve space of their own: skew transforms, AUC against skew (AP null: ap_null.py,
surface: surface.py)."""

from __future__ import annotations

import numpy as np

from .._format import number
from .._validate import check_1d_array, check_bool, check_choice, check_scalar
from ..metrics._inputs import classifiers, skew_by_name
from ..metrics.auc import INTERPOLATIONS, aucpr_at_skews, aucpr_min
from ..metrics.precision import transform_precision
from ..skew.base import skew_text
from ._axes import data_set_title, data_skew, fit_title, log_axis, logit_axis, skew_window
from ._coincide import crossing_hidden
from ._display import Display, as_points_dict, legend_name, palette
from ._kwargs import check_style
from .layout._figure import fit_label, legible
from .layout._markers import fit_marker_label, seen_at

__all__ = ["SkewTransformDisplay", "plot_skew_transform", "AUCPRSkewDisplay", "plot_aucpr_vs_skew"]

#: Measured precisions of the skew transform, evenly in log-odds from 1e-3 to 1 - 1e-3 (its axes: see ``_axes``)
_P_LOGIT = 1.0 / (1.0 + np.exp(-np.linspace(np.log(1e-3 / (1 - 1e-3)), np.log((1 - 1e-3) / 1e-3), 301)))


def _open_unit(value, name):
    return check_scalar(value, name, lo=0.0, hi=1.0, lo_open=True, hi_open=True)


# ---------------------------------------------------------------------- [L] Fig 4
class SkewTransformDisplay(Display):
    """Precision measured at one skew against the same classifier's precision at others [L Fig 4].

    ``update(from_skew=...)`` moves the curves.  ``lines_`` is keyed by
    ``"pi'=<to_skew>"``; ``baselines_["identity"]`` is the diagonal (no change).
    """

    _update_params = ("from_skew",)
    _relabelled = ("x",)

    def __init__(self, from_skew, to_skews):
        super().__init__()
        self.from_skew = _open_unit(from_skew, "from_skew")
        self.to_skews = [_open_unit(v, "to_skews") for v in check_1d_array(np.atleast_1d(to_skews), "to_skews")]

    def _set_params(self, **params):
        if "from_skew" in params:
            params["from_skew"] = _open_unit(params["from_skew"], "from_skew")
        super()._set_params(**params)

    def plot(self, ax=None, **kwargs):
        ax = self._attach(ax)
        colors = palette(len(self.to_skews))
        for to, color in zip(self.to_skews, colors, strict=True):
            style = {"color": color}
            style.update(kwargs)
            same = " (unchanged)" if np.isclose(to, self.from_skew, rtol=1e-9, atol=0.0) else ""
            (self.lines_[f"pi'={to:g}"],) = ax.plot(*self._curve(to), label=f"π′ = {skew_text(to)}{same}", **style)
        # the diagonal, unless a deployment skew's curve is it: a line drawn under an equal one is not seen, and its
        # entry named nothing visible (figure review of 95734ae, skt-01)
        shown = not any(np.isclose(to, self.from_skew, rtol=1e-9, atol=0.0) for to in self.to_skews)
        (self.baselines_["identity"],) = ax.plot(_P_LOGIT[[0, -1]], _P_LOGIT[[0, -1]], color="0.5", linestyle="--",
                                                 linewidth=0.8, label="unchanged" if shown else "_nolegend_",
                                                 visible=shown, zorder=1.9)
        self._axes()
        self._labels()
        self._place_legend(own=True)  # each panel colours its own skews
        return self

    def _curve(self, to):
        return _P_LOGIT, transform_precision(_P_LOGIT, self.from_skew, to)

    def _axes(self):
        """Log-odds axes: precision moved to another skew is its log-odds shifted by a constant [L Eq 3], so
        every curve is a straight line, parallel to the diagonal, where a linear unit square pressed the rare
        skews' curves onto its bottom and right spines.  The y axis spans the curves over the x axis."""
        ax = self.ax_
        lo = min(float(np.min(line.get_ydata())) for line in self.lines_.values())
        hi = max(float(np.max(line.get_ydata())) for line in self.lines_.values())
        lo, hi = min(lo, _P_LOGIT[0]), max(hi, _P_LOGIT[-1])
        logit_axis(ax, "x")
        logit_axis(ax, "y")
        ax.set_xlim(_P_LOGIT[0], _P_LOGIT[-1])
        ax.set_ylim(lo, hi)

    def _labels(self):
        pi = skew_text(self.from_skew)
        fit_label(self.ax_.xaxis, f"Precision measured at π = {pi}", f"P at π = {pi}")
        fit_label(self.ax_.yaxis, "Precision at deployment skew π′", "Precision at π′")

    def _refresh(self):
        for to in self.to_skews:
            self.lines_[f"pi'={to:g}"].set_ydata(self._curve(to)[1])
        self._axes()
        self._labels()


def plot_skew_transform(from_skew, to_skews, *, ax=None, **kwargs):
    """Draw how precision measured at ``from_skew`` reads at other skews [L Fig 4, Eq 3].

    Parameters
    ----------
    from_skew : float in (0, 1)
        Skew of the data the precision was measured on.
    to_skews : sequence of float in (0, 1)
        Deployment skews, one curve each.
    ax : matplotlib Axes, optional
    **kwargs
        Passed to the curves.

    Returns
    -------
    SkewTransformDisplay

    Examples
    --------
    >>> import skewplot as sp
    >>> disp = sp.plot_skew_transform(0.5, [0.01, 0.1, 0.9])
    >>> sorted(disp.lines_)
    ["pi'=0.01", "pi'=0.1", "pi'=0.9"]
    """
    kwargs = check_style(kwargs, plot_skew_transform)
    return SkewTransformDisplay(from_skew, to_skews).plot(ax=ax, **kwargs)


# ---------------------------------------------------------------------- AUC against skew
class AUCPRSkewDisplay(Display):
    """AUCPR of several classifiers against the deployment skew, inversions marked [L §4.1.1].

    ``lines_`` holds one curve per classifier; ``baselines_`` the random
    classifier (AUC = pi') and the minimum achievable AUC; ``inversions_``
    maps each pair ``(a, b)`` to the skews where their ranking flips, drawn
    as vertical lines in ``markers_`` (none off the axis' ends or where one
    curve lies on the other: no swap to see).  ``update(normalize=...)``.
    """

    _says_hidden = True  #: a curve under another classifier's is named in a note (``_hidden.fit_notes``)

    _update_params = ("normalize",)
    _relabelled = ("y",)

    def __init__(self, points, *, skews=None, interpolation="continuous", normalize=False, log_skew=True,
                 palette=None):
        super().__init__(palette)
        self.points = as_points_dict(points)
        for name, value in self.points.items():
            if isinstance(value, list):
                raise TypeError(f"points[{name!r}] must be one OperatingPoints here, not a list of folds")
        if skews is None:
            skews = np.geomspace(1e-4, 0.9999, 241) if log_skew else np.linspace(0.001, 0.999, 241)
        self.skews = np.asarray([_open_unit(v, "skews") for v in check_1d_array(skews, "skews")])
        self.interpolation = check_choice(interpolation, "interpolation", INTERPOLATIONS)
        self.normalize = check_bool(normalize, "normalize")
        self.log_skew = check_bool(log_skew, "log_skew")
        self.markers_ = {}
        self.inversions_ = {}
        self.inversion_texts_ = []  # (label, pi*, its line) per inversion
        # exact at every grid skew, O(#corners) each (no pass over all points per skew)
        self._raw = {name: aucpr_at_skews(p, self.skews, interpolation=interpolation)
                     for name, p in self.points.items()}
        self._min = np.array([aucpr_min(float(s)) for s in self.skews])

    def _check_params(self, params):
        if "normalize" in params:
            params["normalize"] = check_bool(params["normalize"], "normalize")
        return params

    def _values(self, raw):
        return (raw - self._min) / (1.0 - self._min) if self.normalize else raw

    def plot(self, ax=None, **kwargs):
        from ..metrics.ranking import inversion_skews

        ax = self._attach(ax)
        colors = palette(len(self.points), self.palette, self.points)
        for (name, raw), color in zip(self._raw.items(), colors, strict=True):
            style = {"color": color, "linewidth": 1.6, **({"marker": "o"} if self.skews.size == 1 else {}), **kwargs}
            (self.lines_[name],) = ax.plot(self.skews, self._values(raw), label=legend_name(name), **style)
        tick = {"marker": "_", "markersize": 14} if self.skews.size == 1 else {}  # one skew: lines of one point
        (self.baselines_["random"],) = ax.plot(self.skews, self._values(self.skews), color="0.35",
                                               linestyle="--", linewidth=1.0, label="random", **tick)
        (self.baselines_["min"],) = ax.plot(self.skews, self._values(self._min), color="0.35", linestyle=":",
                                            linewidth=1.0, label="minimum achievable", **tick)
        if self.log_skew:
            log_axis(ax)
        ax.set_xlim(*skew_window(self.skews, self.log_skew))
        ax.set_ylim(0, 1.02)
        names = list(self.points)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                roots = np.asarray(inversion_skews(self.points[a], self.points[b], interpolation=self.interpolation))
                self.inversions_[(a, b)] = roots
                for k, r in enumerate(roots):
                    if not seen_at(ax, r):  # on a spine or past it (pi* = 0.9999955 at the right end): no line to see
                        continue
                    if crossing_hidden(ax, self.lines_[a], self.lines_[b], r):  # a swap no reader sees (aucsk-02)
                        continue
                    self.markers_[(a, b, k)] = ax.axvline(r, color="0.2", linewidth=0.8, linestyle="-.",
                                                          label=None if self.markers_ else "ranking inverts (π*)")
                    text = ax.text(r, 0.98, "", transform=ax.get_xaxis_transform(), ha="left", va="top",
                                   fontsize=legible("x-small"))
                    text.set_in_layout(False)
                    self.inversion_texts_.append((text, r, self.markers_[(a, b, k)], (a, b)))
        fit_label(ax.xaxis, "Deployment skew $\\pi'$", "$\\pi'$")
        self._ylabel()
        self._title()
        self._place_legend()
        self._label_inversions()
        return self

    def _label_inversions(self):
        """Each pi* label beside its line where it covers no curve and no other label (inversions close together
        piled their labels on one another at the top of the panel: aucsk-02/03 of the figure review of 95734ae)."""
        for text, *_ in self.inversion_texts_:
            text.set_text("")
        for text, r, line, (a, b) in self.inversion_texts_:
            # which pair inverts, when it fits: ten classifiers' lines do not say whose ranks swap
            said = f"π* = {number(r)}"
            fit_marker_label(text, r, (f"{said} ({legend_name(a)} / {legend_name(b)})", said, number(r)),
                             skip=(line,))

    def _title(self):
        """A panel of a row or grid names its data set (and says it is normalised): the panels differ by them."""
        from .layout._legend import is_page, panels

        pi = data_skew(self.points)
        if pi is not None and len(panels(self.ax_.figure)) > 1 and not is_page(self.ax_.figure):
            fit_title(self.ax_, data_set_title(pi) + (", normalised" if self.normalize else ""))

    def _ylabel(self):
        fit_label(self.ax_.yaxis, "Normalised AUCPR" if self.normalize else "AUCPR at $\\pi'$")

    def _refresh(self):
        for name, raw in self._raw.items():
            self.lines_[name].set_ydata(self._values(raw))
        self.baselines_["random"].set_ydata(self._values(self.skews))
        self.baselines_["min"].set_ydata(self._values(self._min))
        self._ylabel()
        self._title()
        self._place_legend(relocate=True)
        self._label_inversions()


@skew_by_name
def plot_aucpr_vs_skew(data=None, y_score=None, *, y_true=None, hue=None, sample_weight=None, pos_label=None,
                       hue_order=None, palette=None, name=None, skews=None, interpolation="continuous",
                       normalize=False, log_skew=True, ax=None, **kwargs):
    """Draw the AUCPR of classifiers against the deployment skew, with every inversion marked.

    Rankings by AUCPR can change with the skew [L §4.1.1]; every skew where
    two classifiers swap places (:func:`skewplot.inversion_skews`) inside the
    skew axis is drawn as a vertical line labelled pi* and, where it fits,
    the pair.

    Parameters
    ----------
    data, y_score, y_true, hue, sample_weight, pos_label, hue_order, palette, name
        As :func:`skewplot.plot_pr` (one curve per classifier; folds are not
        drawn here).
    skews : array-like, optional
        Grid of deployment skews (default: 241 log-spaced values in [1e-4, 0.9999]).
    interpolation : str, default="continuous"
    normalize : bool, default=False
        Plot (AUC − AUC_min) / (1 − AUC_min).
    log_skew : bool, default=True
    ax : matplotlib Axes, optional
    **kwargs
        Passed to the classifiers' curves.

    Returns
    -------
    AUCPRSkewDisplay
    """
    kwargs = check_style(kwargs, plot_aucpr_vs_skew)
    points = classifiers(data, y_score, y_true=y_true, hue=hue, sample_weight=sample_weight, pos_label=pos_label,
                         hue_order=hue_order, name=name, func="plot_aucpr_vs_skew")
    disp = AUCPRSkewDisplay(points, skews=skews, interpolation=interpolation, normalize=normalize,
                            log_skew=log_skew, palette=palette)
    return disp.plot(ax=ax, **kwargs)
