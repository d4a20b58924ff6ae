"""Certified bands: the curves of binned scores, drawn as their lower and upper curves.

:func:`skewplot.plot_pr` (and so ``plot_integrated_pr``, ``plot_temporal_pr``)
and :func:`skewplot.plot_roc` hand a
:class:`~skewplot.BoundedOperatingPoints` (or a mapping of them) to
:func:`plot_bracket`: each classifier is two lines, its lower and upper
curve, shaded between them where they lie more than a pixel apart, with the
bracket of its area in the legend.  A bracket narrower than a pixel is one
visible curve, as exact points would be.
"""

from __future__ import annotations

import numpy as np

from ..metrics.auc import aucpr, roc_auc
from ..metrics.bounded import BoundedOperatingPoints
from ..metrics.curve import pr_curve
from ..metrics.precision import skew_model_of
from ..skew.base import skew_text
from ._axes import LOG_PRECISION_BELOW, label_pr_axes, label_roc_axes, precision_axis
from ._decimate import decimation_indices, pr_vertices
from ._display import curve_bins, from_first_point, palette, resolve_ax
from ._kwargs import check_style
from .layout._legend import place_legend

__all__ = ["BracketDisplay", "plot_bracket", "is_bounded"]

_YLIM = (0.0, 1.02)


def is_bounded(points):
    """True for a BoundedOperatingPoints or a non-empty mapping of them only."""
    if isinstance(points, BoundedOperatingPoints):
        return True
    return (isinstance(points, dict) and bool(points)
            and all(isinstance(v, BoundedOperatingPoints) for v in points.values()))


class BracketDisplay:
    """What :func:`plot_bracket` drew.

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict of str to (Line2D, Line2D)
        The lower and upper curve of each classifier (the upper one carries
        the legend entry).
    bands_ : dict of str to PolyCollection
        The shading between them, only where they lie more than a pixel
        apart (no path at all when the bracket is narrower everywhere).
    brackets_ : dict of str to Bracket
        The area each pair of curves certifies (AUCPR under ``skew``, or ROC
        AUC); the legend prints it with
        ``format_bracket``.
    """

    def __init__(self, ax, lines, bands, brackets):
        self.ax_, self.figure_ = ax, ax.figure
        self.lines_, self.bands_, self.brackets_ = lines, bands, brackets


def _curves(bounded, space, skew, n_bins):
    """(x, y) of the lower and the upper curve, thinned to what ``n_bins`` columns show."""
    out = []
    for pts in (bounded.lower, bounded.upper):
        if space == "pr":
            out.append(from_first_point(*pr_curve(pr_vertices(pts, n_bins), skew=skew), pts))
        else:
            keep = decimation_indices(pts.fpr, pts.tpr, n_bins)
            out.append((pts.fpr[keep], pts.tpr[keep]))
    return out


def _on_grid(grid, x, y):
    """``y`` at ``grid`` (NaN outside ``x``); where ``x`` repeats, the value after the drop."""
    keep = np.r_[x[1:] > x[:-1], True]
    out = np.interp(grid, x[keep], y[keep])
    out[(grid < x[0]) | (grid > x[-1])] = np.nan
    return out


def _band(ax, grid, lower, upper, color, alpha):
    """Shade between the two curves where they are more than a pixel apart."""
    a, b = _on_grid(grid, *lower), _on_grid(grid, *upper)
    lo, hi = np.fmin(a, b), np.fmax(a, b)
    with np.errstate(invalid="ignore", divide="ignore"):  # (on a log axis a precision of 0 lies at -inf)
        gap = np.abs(np.diff([ax.transData.transform(np.column_stack([grid, v]))[:, 1] for v in (lo, hi)], axis=0))[0]
    wide = np.isfinite(a) & np.isfinite(b) & ~(gap <= 1.0)
    # the band reaches half a grid step past each wide column, so a lone wide column still shows
    wide = wide | np.r_[wide[1:], False] | np.r_[False, wide[:-1]]
    wide &= np.isfinite(lo)
    return ax.fill_between(grid, np.where(wide, lo, np.nan), np.where(wide, hi, np.nan), where=wide,
                           color=color, alpha=alpha, linewidth=0, zorder=1.9)


def plot_bracket(points, *, space="pr", skew=None, ax=None, alpha=0.35, log_precision=None, **kwargs):
    """Draw the lower and upper curves that certainly hold the exact PR or ROC curve of binned scores.

    Both curves are drawn as lines (thinned to the vertices the figure can
    show, within half a pixel), and shaded between where they lie more than
    a pixel apart, so a bracket narrower than the eye can see still draws
    its curve.  The legend gives the bracket of the area, rounded outward
    (``format_bracket``).

    Parameters
    ----------
    points : BoundedOperatingPoints or dict of str to BoundedOperatingPoints
        From :func:`skewplot.operating_points_from` with bins or a tolerance.
    space : {"pr", "roc"}, default="pr"
    skew : None, float, (lo, hi) or SkewModel, optional
        The skew model of the PR space (P at a skew, P̄ over a range, P̃ over
        a series); None is the data set's own skew.
    ax : matplotlib Axes, optional
    alpha : float, default=0.35
        Opacity of the shading between the curves.
    log_precision : bool or None, default=None
        PR space only: a log precision axis, as :func:`skewplot.plot_pr` (None: when the baseline is below 0.05).
    **kwargs
        Passed to both curves' ``Axes.plot`` (e.g. ``color`` for a single
        classifier, ``linewidth``); the shading takes the curves' colour.

    Returns
    -------
    BracketDisplay

    Examples
    --------
    >>> import numpy as np, pandas as pd, skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = (rng.random(5000) < 0.1).astype(int)
    >>> df = pd.DataFrame({"s": rng.normal(size=5000) + y, "y": y})
    >>> disp = sp.plot_pr(sp.operating_points_from(df, "s", "y", bins=50), skew=0.01)
    >>> list(disp.lines_), len(disp.lines_["classifier"])
    (['classifier'], 2)
    """
    kwargs = check_style(kwargs, plot_bracket)
    if space not in ("pr", "roc"):
        raise ValueError(f"space must be one of 'pr', 'roc'; got {space!r}")
    if not is_bounded(points):
        raise TypeError("points must be a BoundedOperatingPoints or a dict of them")
    named = {"classifier": points} if isinstance(points, BoundedOperatingPoints) else dict(points)
    fig, ax = resolve_ax(ax)
    ax.set_xlim(0, 1)
    if space == "pr":
        mean = skew_model_of(next(iter(named.values())).lower, skew).mean
        precision_axis(ax, mean, mean < LOG_PRECISION_BELOW if log_precision is None else bool(log_precision))
    else:
        ax.set_ylim(*_YLIM)
    n_bins = curve_bins(ax)
    grid = np.linspace(0.0, 1.0, n_bins + 1)
    lines, bands, brackets = {}, {}, {}
    for (name, bounded), color in zip(named.items(), palette(len(named)), strict=True):
        if space == "pr":
            bracket, kind = aucpr(bounded, skew=skew), "AUCPR"
        else:
            bracket, kind = roc_auc(bounded), "ROC AUC"
        lower, upper = _curves(bounded, space, skew, n_bins)
        style = {"color": color, "linewidth": 1.2} | kwargs
        (hi_line,) = ax.plot(*upper, label=f"{name} ({kind} in {bracket})", zorder=2.2, **style)
        (lo_line,) = ax.plot(*lower, label="_nolegend_", zorder=2.2, **style)
        lines[name] = (lo_line, hi_line)
        bands[name] = _band(ax, grid, lower, upper, hi_line.get_color(), alpha)
        brackets[name] = bracket
    if space == "pr":
        model = skew_model_of(next(iter(named.values())).lower, skew)
        ax.axhline(model.mean, color="0.35", linestyle="--", linewidth=1.0, label=f"random ({skew_text(model.mean)})")
        label_pr_axes(ax, model, skew)
    else:
        ax.plot([0, 1], [0, 1], color="0.6", lw=0.8, ls="--", label="random classifier")
        label_roc_axes(ax)
    place_legend(ax, fontsize="small")
    return BracketDisplay(ax, lines, bands, brackets)
