"""The layout of a figure the plots draw on: constrained, laid out at once, and the cells its Axes keep a share of.

The plots' own figures are constrained (a legend strip or a shared figure
legend takes its own row); a user's figure that has no layout gets the
same (:func:`lay_out`).  :func:`cell_size` is the figure lint's cell: a
legend never takes an Axes below ``MIN_CELL_SHARE`` of it.
"""

from __future__ import annotations

import numpy as np

__all__ = ["MIN_CELL_SHARE", "cell_size", "kept_sizes", "lay_out", "constrained", "settle"]

#: The share of its grid cell's width and height an Axes must keep (the figure lint's "squeezed").
MIN_CELL_SHARE = 0.6


def cell_size(ax):
    """The pixel ``(width, height)`` of ``ax``'s cell in its figure's top-level grid (None: no grid)."""
    spec = ax.get_subplotspec()
    if spec is None:
        return None
    fig = ax.figure
    fig = getattr(fig, "figure", fig)  # a subfigure's root figure
    spec = spec.get_topmost_subplotspec()
    grid = spec.get_gridspec()
    nrows, ncols = grid.get_geometry()
    heights = np.asarray(grid.get_height_ratios() or [1] * nrows, dtype=float)
    widths = np.asarray(grid.get_width_ratios() or [1] * ncols, dtype=float)
    cw = widths[spec.colspan.start:spec.colspan.stop].sum() / widths.sum() * fig.bbox.width
    ch = heights[spec.rowspan.start:spec.rowspan.stop].sum() / heights.sum() * fig.bbox.height
    return cw, ch


def kept_sizes(ax):
    """``((width, cell width), (height, cell height))`` in pixels: what ``ax`` keeps of its cell (None: no grid).

    The layout's box (``original``): an equal-aspect Axes shrinks inside it.
    """
    cell = cell_size(ax)
    if cell is None:
        return None
    fig = getattr(ax.figure, "figure", ax.figure)
    pos = ax.get_position(original=True)
    return (pos.width * fig.bbox.width, cell[0]), (pos.height * fig.bbox.height, cell[1])


def constrained(fig):
    """Give ``fig`` a constrained layout when it has none (an outside figure legend needs one to take its row)."""
    engine = fig.get_layout_engine()
    if engine is None or type(engine).__name__ in ("TightLayoutEngine", "PlaceHolderLayoutEngine"):
        try:
            fig.set_layout_engine("constrained")
        except RuntimeError:  # pragma: no cover - a colour bar made under another engine
            pass


def lay_out(fig):
    """Give a user's ``fig`` a constrained layout when it has no layout and its subplots were not placed by hand.

    The plots' own figures are constrained; a figure from a bare
    ``plt.subplots(figsize=...)`` keeps matplotlib's fixed margins, which
    cut a log axis' tick labels and a subscripted axis label at a small
    size.  A figure whose ``subplots_adjust`` moved its margins, or that a
    widget laid out once (frozen), is left as it is.  The layout runs at
    once, so that what a plot counts in its Axes' pixels (the cost and F
    panels' thin lines) is counted on the laid-out Axes.
    """
    import matplotlib as mpl

    fig = getattr(fig, "figure", fig)  # a subfigure's root figure
    if fig.get_layout_engine() is not None or getattr(fig, "_skewplot_frozen", False):
        return
    pars = fig.subplotpars
    if all(getattr(pars, key) == mpl.rcParams[f"figure.subplot.{key}"]
           for key in ("left", "right", "bottom", "top", "wspace", "hspace")):
        constrained(fig)
        settle(fig)


def settle(fig):
    """Run the figure's constrained layout once (one Axes: cheap), so the legend is placed on the final size."""
    engine = fig.get_layout_engine()
    if engine is not None and type(engine).__name__ == "ConstrainedLayoutEngine":
        engine.execute(fig)
