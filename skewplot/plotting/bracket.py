"""Certified bands: the curves of binned scores, drawn as the band between their bounds.

:func:`skewplot.plot_pr` (and so ``plot_integrated_pr``, ``plot_temporal_pr``)
and :func:`skewplot.plot_roc` hand a
:class:`~skewplot.BoundedOperatingPoints` (or a mapping of them) to
:func:`plot_bracket`: each classifier is one shaded band between its lower
and upper curve, with the bracket of its area in the legend.
"""

from __future__ import annotations

import numpy as np

from ..metrics.auc import aucpr, roc_auc
from ..metrics.bounded import BoundedOperatingPoints
from ..metrics.curve import pr_curve
from ..metrics.precision import skew_model_of
from ._axes import label_pr_axes, label_roc_axes
from ._display import palette, resolve_ax

__all__ = ["BracketDisplay", "plot_bracket", "is_bounded"]


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
    bands_ : dict of str to Polygon
        One band per classifier.
    brackets_ : dict of str to Bracket
        The area each band certifies (AUCPR under ``skew``, or ROC AUC).
    """

    def __init__(self, ax, bands, brackets):
        self.ax_, self.figure_ = ax, ax.figure
        self.bands_, self.brackets_ = bands, brackets


def plot_bracket(points, *, space="pr", skew=None, ax=None, alpha=0.45, **kwargs):
    """Draw the band that certainly holds the exact PR or ROC curve of binned scores.

    Parameters
    ----------
    points : BoundedOperatingPoints or dict of str to BoundedOperatingPoints
        From :func:`skewplot.operating_points_from` with bins or a tolerance.
    space : {"pr", "roc"}, default="pr"
    skew : None, float, (lo, hi) or SkewModel, optional
        The skew model of the PR space (P at a skew, P̄ over a range, P̃ over
        a series); None is the data set's own skew.
    ax : matplotlib Axes, optional
    alpha : float, default=0.45
        Opacity of the bands.
    **kwargs
        Passed to ``Axes.fill`` (e.g. ``color`` for a single classifier).

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
    >>> list(disp.bands_)
    ['classifier']
    """
    if space not in ("pr", "roc"):
        raise ValueError(f"space must be one of 'pr', 'roc'; got {space!r}")
    if not is_bounded(points):
        raise TypeError("points must be a BoundedOperatingPoints or a dict of them")
    named = {"classifier": points} if isinstance(points, BoundedOperatingPoints) else dict(points)
    fig, ax = resolve_ax(ax)
    colors = palette(len(named))
    bands, brackets = {}, {}
    for (name, bounded), color in zip(named.items(), colors, strict=True):
        if space == "pr":
            x_lo, y_lo = pr_curve(bounded.lower, skew)
            x_hi, y_hi = pr_curve(bounded.upper, skew)
            bracket, kind = aucpr(bounded, skew), "AUCPR"
        else:
            x_lo, y_lo = bounded.lower.fpr, bounded.lower.tpr
            x_hi, y_hi = bounded.upper.fpr, bounded.upper.tpr
            bracket, kind = roc_auc(bounded), "ROC AUC"
        style = {"color": color, "alpha": alpha, "lw": 0} | kwargs
        label = f"{name} ({kind} in [{bracket.low:.4f}, {bracket.high:.4f}])"
        bands[name] = ax.fill(np.r_[x_hi, x_lo[::-1]], np.r_[y_hi, y_lo[::-1]], label=label, **style)[0]
        brackets[name] = bracket
    if space == "pr":
        label_pr_axes(ax, skew_model_of(next(iter(named.values())).lower, skew), skew)
    else:
        ax.plot([0, 1], [0, 1], color="0.6", lw=0.8, ls="--", label="random classifier")
        label_roc_axes(ax)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.legend(loc="best", fontsize="small")
    return BracketDisplay(ax, bands, brackets)
