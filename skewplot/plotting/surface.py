"""Landgrebe et al.'s P-ROC surface [LG]: precision over recall and skew, one classifier."""

from __future__ import annotations

import numpy as np

from .._format import tick
from .._validate import check_bool, check_int
from ..metrics._inputs import classifiers, skew_by_name
from ._axes import data_set_title
from ._display import Display, as_points_dict
from ._kwargs import check_style
from .envelope import LOG_BELOW
from .layout._figure import legible

__all__ = ["PRSurfaceDisplay", "plot_pr_surface"]


class PRSurfaceDisplay(Display):
    """Precision over (recall, skew) as a 3-D surface [LG].  ``lines_["surface"]`` is the surface."""

    def __init__(self, points, *, skews=None, n_recall=81, log_skew=None, named=True):
        super().__init__()
        self.named = check_bool(named, "named")  # whether the classifier's name is one a reader gave
        self.n_recall = check_int(n_recall, "n_recall", lo=2)
        pts = as_points_dict(points)
        if len(pts) != 1 or isinstance(next(iter(pts.values())), list):
            raise TypeError("points must be one OperatingPoints for a surface plot")
        self.name, self.points = next(iter(pts.items()))
        # rare positives: the skews that matter (below 0.05) would be a sliver of a linear axis
        self.log_skew = self.points.skew < LOG_BELOW if log_skew is None else check_bool(log_skew, "log_skew")
        if skews is None:
            skews = np.geomspace(1e-4, 0.98, 49) if self.log_skew else np.linspace(0.02, 0.98, 49)
        self.skews = np.asarray(skews, dtype=float)

    def plot(self, ax=None, cmap="viridis", **kwargs):
        from ..metrics.landgrebe import pr_surface

        ax = self._attach(ax, three_d=True)
        recall, skews, prec = _surface_grid(pr_surface(self.points, skews=self.skews))
        # Resample each skew's curve on a regular recall grid: a surface mesh per
        # operating point would be unreadable for large curves.
        grid = np.linspace(0.0, 1.0, self.n_recall)
        keep = np.r_[True, np.diff(recall) > 0]
        prec = np.array([np.interp(grid, recall[keep], row[keep]) for row in prec])
        # a 3-D Axes has no log scale: the log of the skew, labelled in decades
        rr, ss = np.meshgrid(grid, np.log10(skews) if self.log_skew else skews)
        z = prec
        if self.log_skew:
            # precision at rare skews lies decades below 1: on a linear axis every skew under 0.01 was one flat sheet
            # near 0 (figure review of 95734ae, surf-04), so the log of precision too, labelled in decades
            positive = prec[prec > 0]
            floor = 10.0 ** np.floor(np.log10(positive.min())) if positive.size else 1e-6
            z = np.log10(np.maximum(prec, floor))
        if self.log_skew and "norm" not in kwargs:
            # the colours span the bar's range, floor to 1: scaled to the surface's own lowest value they left the
            # bar's foot white (1e-4 to ~3e-4 in surf-01..05 of the figure review of 5c0f0e2)
            kwargs = {"vmin": float(np.log10(floor)), "vmax": 0.0, **kwargs}
        self.lines_["surface"] = ax.plot_surface(rr, ss, z, cmap=cmap, linewidth=0, antialiased=True, **kwargs)
        pad = 0.9 * legible("medium")  # the labels clear of the tick labels at a large font (surf-03)
        ax.set_xlabel("Recall (TPR)", labelpad=pad)
        ax.set_ylabel("Skew π′", labelpad=pad)
        ax.set_zlabel("Precision", labelpad=pad)
        ax.set_xticks([0.0, 0.5, 1.0], ["0", "0.5", "1"])  # few ticks: a 3-D panel's labels run into each other
        ax.tick_params(axis="z", pad=0.4 * legible("medium"))  # a z tick label ran into its tick (surf-03)
        # a narrow bar: the 3-D Axes keeps its share of the cell, centred in it (matplotlib's default anchors it
        # against the bar, leaving the left 40 % of a row empty: surf-01/02)
        bar = self.figure_.colorbar(self.lines_["surface"], ax=ax, shrink=0.6, fraction=0.04, pad=0.08,
                                    panchor=False)
        bar.set_label("Precision")
        self.colorbar_ = bar
        if self.log_skew:
            ax.set_yticks(*_decade_ticks(np.log10(skews.min()), np.log10(skews.max())))
            zmin = float(np.log10(floor))
            ax.set_zticks(*_decade_ticks(zmin, 0.0))
            ax.set_zlim(zmin, 0.0)
            values, labels = _decade_ticks(zmin, 0.0)
            bar.set_ticks(values)  # matplotlib 3.8's takes the positions alone
            bar.set_ticklabels(labels)
        else:
            ax.set_zlim(0, 1)
        # which classifier, on which data: a surface panel named nothing (surf-01); arrays without a ``name`` have
        # none to give, and the placeholder "classifier" told the reader nothing (surf-01..05 of 5c0f0e2)
        said = [str(self.name)] if self.named else []
        said += [data_set_title(self.points.skew)] if self.points.skew is not None else []
        ax.set_title(", ".join(said), fontsize=legible("medium"))
        ax.view_init(elev=25, azim=-130)
        _keep_bar_inside(ax, bar)
        return self


def _keep_bar_inside(ax, bar):
    """Fit the 3-D Axes and its colour bar to the figure, side by side: a 3-D figure has no layout engine.

    Its z label ran past the left edge once the Axes was centred, the bar's
    tick labels past the right edge at large fonts (surf-04), and in a wide
    row the bar stood far from the surface it keys.  The cube's extent is
    the union of its three axes (lines, ticks, labels).
    """
    from matplotlib.transforms import Bbox

    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    width = fig.bbox.width
    gap = 12.0 * fig.dpi / 72.0

    def cube():
        # a 3-D axis places its label and tick labels when drawn: before a draw matplotlib 3.8 measured the x axis
        # 2000 px wide (the Axes then went off the figure), so every measure follows a draw
        fig.draw_without_rendering()
        return Bbox.union([a.get_tightbbox(renderer) for a in (ax.xaxis, ax.yaxis, ax.zaxis)])

    a, b = ax.get_position(), bar.ax.get_position()
    left = (fig.bbox.x0 + 2.0 - cube().x0) / width
    if left > 0:  # the z label past the left edge: the Axes' box moves right by as much (the bar follows below)
        ax.set_position([a.x0 + left, a.y0, a.width, a.height])
    to = (cube().x1 + gap) / width  # the bar beside the cube, not at the figure's edge
    if to < b.x0:
        bar.ax.set_position([to, b.y0, b.width, b.height])
    b = bar.ax.get_position()
    fig.draw_without_rendering()
    over = (bar.ax.get_tightbbox(renderer).x1 - fig.bbox.x1 + 2.0) / width
    if over > 0:  # its tick labels past the right edge: the bar moves left, the Axes narrows by as much
        a = ax.get_position()
        bar.ax.set_position([b.x0 - over, b.y0, b.width, b.height])
        ax.set_position([a.x0, a.y0, max(a.width - over, 0.1 * a.width), a.height])


def _decade_ticks(lo, hi):
    """Every second decade (every one for up to three) from ``lo`` to ``hi`` (log10 values), labelled plainly."""
    decades = np.arange(np.ceil(lo - 1e-9), np.floor(hi + 1e-9) + 1)
    if decades.size > 3:
        decades = decades[(decades - decades[-1]) % 2 == 0]
    return decades, [tick(10.0 ** d) for d in decades]


def _surface_grid(result):
    """Accept pr_surface's result as an object with attributes or a (recall, skews, precision) tuple."""
    if isinstance(result, tuple):
        recall, skews, prec = result
    else:
        recall, skews, prec = result.recall, result.skews, result.precision
    prec = np.asarray(prec, dtype=float)
    if prec.shape != (len(skews), len(recall)):
        prec = prec.T
    return np.asarray(recall, float), np.asarray(skews, float), prec


@skew_by_name
def plot_pr_surface(data=None, y_score=None, *, y_true=None, sample_weight=None, pos_label=None, name=None,
                    skews=None, n_recall=81, log_skew=None, ax=None, **kwargs):
    """Draw precision over recall × skew, Landgrebe et al.'s P-ROC surface [LG].

    Parameters
    ----------
    data, y_score, y_true, sample_weight, pos_label
        One classifier, as :func:`skewplot.plot_pr`: its OperatingPoints,
        the arrays ``(y_true, y_score)``, or a table with column names.
    name : str, optional
        The classifier's name in the title (a mapping's key or a table's
        score column gives it otherwise; arrays alone leave it out).
    skews : array-like, optional
        Skews of the surface's rows (default 49 values in [0.02, 0.98], or
        log-spaced in [1e-4, 0.98] on a log skew axis).
    n_recall : int, default=81
        Recall values of the surface's columns (the curve resampled; where it
        drops vertically, the value before the drop).
    log_skew : bool, optional
        A logarithmic skew axis (drawn as decades: a 3-D Axes has no log
        scale).  Default: when the data's skew is below 0.05, as the other
        skew axes.
    ax : 3-D matplotlib Axes, optional
        ``fig.add_subplot(projection="3d")``; a new one when None.
    **kwargs
        Passed to ``Axes3D.plot_surface`` (e.g. ``cmap``).

    Returns
    -------
    PRSurfaceDisplay
    """
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    kwargs = check_style(kwargs, plot_pr_surface, Poly3DCollection)
    points = classifiers(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         name=name, func="plot_pr_surface")
    named = name is not None or list(points) != ["classifier"]  # classifiers()' placeholder
    return PRSurfaceDisplay(points, skews=skews, n_recall=n_recall, log_skew=log_skew,
                            named=named).plot(ax=ax, **kwargs)
