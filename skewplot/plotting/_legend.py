"""One legend rule for every plot: inside where the Axes is empty, else a compact strip; one legend per page.

A figure with one Axes: :func:`place_legend` tries the corners and edges
of the Axes in a fixed order (measured on the Axes' laid-out size) and
keeps the first place where the legend box holds no part of a drawn curve
(no vertex, and no segment crossing it) and no text (labels such as the
pi* of an inversion or the skew marker's text).  When every place is
taken, the legend becomes a compact strip under the x axis's label, in as
many columns as fit the Axes' width: the constrained layout gives it its
height, so the Axes keeps its width.  The strip takes a smaller font, then
tighter spacing, then the cell's whole width, until the Axes keeps 60 % of
its cell's height (four classifiers, a band and three baselines).

A figure with several Axes (``style.paper`` rows, a grid the user passes
through ``ax=``, the widgets' pages) shares one figure legend above the
panels (:func:`share_legend`): every call adds its entries, named without
the per-panel numbers (``"good"`` for ``"good (AUCPR = 0.612)"``), and
entries of the same name are shown once.  Entries that look alike (a
line of the same colour within a grey step, dashes, marker and width, as
the panels' grey dashed baselines "random", "chance", "trivial ...") are
one entry naming them all (:func:`merge_lookalikes`): a reader could not
tell their samples apart (:mod:`._legend_entries`).  The figure is given a
constrained layout when it has none, so the legend takes its own row; when
that row takes a panel below 60 % of its cell's height, the legend takes
the strip's smallest style.

:func:`legend_collisions` is the same geometry, used by the tests.
"""

from __future__ import annotations

import numpy as np

from ._layout import MIN_CELL_SHARE, cell_size, constrained, kept_sizes, settle
from ._legend_entries import entry_name, merge_lookalikes

__all__ = ["place_legend", "share_legend", "legend_collisions", "panels", "entry_name", "merge_lookalikes",
           "INSIDE"]
#: The places tried, in order.
INSIDE = ("upper right", "upper left", "lower right", "lower left", "center right", "center left",
          "upper center", "lower center")

_PAD_PX = 2.0  # a curve this close to the box counts as touching it


def _renderer(fig):
    canvas = fig.canvas
    if hasattr(canvas, "get_renderer"):
        return canvas.get_renderer()
    return fig._get_renderer()  # pragma: no cover - canvases without get_renderer (rare backends)


def _segments(ax, skip=frozenset()):
    """Every drawn curve of ``ax`` as display-space segments (n, 2, 2), markers-only lines as points."""
    from matplotlib.collections import LineCollection, PolyCollection

    parts = []
    for line in ax.lines:
        if not line.get_visible() or id(line) in skip:
            continue
        xy = line.get_transform().transform(np.asarray(line.get_xydata(), dtype=float))
        xy = xy[np.isfinite(xy).all(axis=1)]
        if len(xy) == 0:
            continue
        if line.get_linestyle() in ("None", "none", "", " ") or len(xy) == 1:
            parts.append(np.stack([xy, xy], axis=1))
        else:
            parts.append(np.stack([xy[:-1], xy[1:]], axis=1))
    for coll in ax.collections:
        if not coll.get_visible() or not isinstance(coll, (LineCollection, PolyCollection)):
            continue
        paths = coll.get_paths()
        if not paths:
            continue
        # all paths at once (one transform); a segment joins neighbours of one path only
        xy = coll.get_transform().transform(np.concatenate([np.asarray(p.vertices, dtype=float) for p in paths]))
        path_of = np.repeat(np.arange(len(paths)), [len(p.vertices) for p in paths])
        finite = np.isfinite(xy).all(axis=1)
        xy, path_of = xy[finite], path_of[finite]
        joined = np.flatnonzero(path_of[1:] == path_of[:-1])
        parts.append(np.stack([xy[joined], xy[joined + 1]], axis=1))
    return np.concatenate(parts) if parts else np.empty((0, 2, 2))


def _crossing(segments, box):
    """Which segments touch the axis-aligned ``box`` (x0, y0, x1, y1): Liang-Barsky clipping, vectorised."""
    x0, y0, x1, y1 = box
    p0, p1 = segments[:, 0], segments[:, 1]
    d = p1 - p0
    t0 = np.zeros(len(segments))
    t1 = np.ones(len(segments))
    ok = np.ones(len(segments), dtype=bool)
    for p, q in ((-d[:, 0], p0[:, 0] - x0), (d[:, 0], x1 - p0[:, 0]), (-d[:, 1], p0[:, 1] - y0),
                 (d[:, 1], y1 - p0[:, 1])):
        parallel = p == 0
        ok &= ~(parallel & (q < 0))
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
        t0 = np.where(~parallel & (p < 0), np.maximum(t0, r), t0)
        t1 = np.where(~parallel & (p > 0), np.minimum(t1, r), t1)
    return ok & (t0 <= t1)


def _blocked(segments, bounds, box):
    """Whether any segment touches ``box``: a vertex inside it settles most boxes before any clipping."""
    x0, y0, x1, y1 = box
    lower, upper = bounds
    near = np.flatnonzero((upper[:, 0] >= x0) & (lower[:, 0] <= x1) & (upper[:, 1] >= y0) & (lower[:, 1] <= y1))
    if not near.size:
        return False
    start = segments[near, 0]
    if ((start[:, 0] >= x0) & (start[:, 0] <= x1) & (start[:, 1] >= y0) & (start[:, 1] <= y1)).any():
        return True
    return bool(_crossing(segments[near], box).any())


def _text_boxes(ax, renderer):
    boxes = []
    for text in ax.texts:
        if text.get_visible() and text.get_text().strip():
            boxes.append(text.get_window_extent(renderer))
    return boxes


def legend_collisions(ax, legend=None, skip=()):
    """``(n_segments, n_texts)`` of ``ax`` that touch its legend box (``(0, 0)``: the legend covers nothing).

    ``skip`` leaves artists out (a skew marker's line).  A legend outside
    the Axes covers nothing there and returns ``(0, 0)``.
    """
    legend = ax.get_legend() if legend is None else legend
    renderer = _renderer(ax.figure)
    lb = legend.get_window_extent(renderer)
    box = (lb.x0 - _PAD_PX, lb.y0 - _PAD_PX, lb.x1 + _PAD_PX, lb.y1 + _PAD_PX)
    segs = _segments(ax, {id(a) for a in skip})
    n_seg = int(_crossing(segs, box).sum()) if len(segs) else 0
    n_txt = sum(1 for tb in _text_boxes(ax, renderer) if tb.overlaps(lb))
    return n_seg, n_txt


def _band(ax, text, renderer):
    """The full-width strip of the Axes at the height of ``text`` (a label that moves along x)."""
    shown, visible = text.get_text(), text.get_visible()
    if not shown.strip():
        text.set_text("0.5")  # measure the height a label would have
    text.set_visible(True)
    box = text.get_window_extent(renderer)
    text.set_text(shown)
    text.set_visible(visible)
    from matplotlib.transforms import Bbox

    ab = ax.get_window_extent(renderer)
    return Bbox.from_extents(ab.x0, box.y0, ab.x1, box.y1)


def _extent_at(legend, loc, size, renderer):
    """The legend's box at ``loc``: measured once (``size`` None), then only moved as matplotlib anchors it.

    Measuring lays out every entry's text again (about a millisecond a
    legend); the box's size does not depend on where it is placed.
    """
    if size is not None and hasattr(legend, "_get_anchored_bbox"):
        from matplotlib.transforms import Bbox

        x, y = legend._get_anchored_bbox(legend.codes[loc], Bbox.from_bounds(0, 0, *size),
                                         legend.get_bbox_to_anchor(), renderer)
        return Bbox.from_bounds(x, y, *size)
    return legend.get_window_extent(renderer)


def panels(fig):
    """The figure's panels: its visible Axes that are not colour bars."""
    return [a for a in fig.axes if a.get_visible() and not hasattr(a, "_colorbar")]


def _columns(make, width, n, renderer):
    """The legend ``make(ncol)`` with the most columns (at most ``n``) whose box fits ``width`` pixels."""
    for ncol in range(max(n, 1), 0, -1):
        legend = make(ncol)
        if ncol == 1 or legend.get_window_extent(renderer).width <= width:
            return legend
        legend.remove()
    return None  # pragma: no cover - ncol 1 always returns


def share_legend(fig, handles, labels, **kwargs):
    """Add entries to the one legend above ``fig``'s panels (see the module note) and return it.

    ``labels`` are named by :func:`entry_name`; a name already shown is not
    repeated.  ``kwargs`` (``fontsize`` ...) reach :meth:`matplotlib.figure.Figure.legend`.
    """
    entries = fig.__dict__.setdefault("_skewplot_entries", {})
    # a panel drawn while it was the figure's only one (``fig.add_subplot`` one at a time) got its own
    # legend: its entries join the shared one, first, and its legend goes
    for ax in panels(fig):
        own = ax.get_legend()
        if own is not None and hasattr(own, "_skewplot_kwargs") and not getattr(ax, "_skewplot_own_legend", False):
            for handle, text in zip(own.legend_handles, own.get_texts(), strict=True):
                entries.setdefault(entry_name(text.get_text()), handle)
            own.remove()
    for handle, label in zip(handles, labels, strict=True):
        name = entry_name(str(label))
        if name and not name.startswith("_") and name not in entries:
            entries[name] = handle
    old = fig.__dict__.get("_skewplot_legend")
    if old is not None and old in fig.legends:
        old.remove()
    constrained(fig)
    kwargs.pop("loc", None)
    kwargs.pop("bbox_to_anchor", None)
    styles = [{"fontsize": "small", "frameon": False, "columnspacing": 1.2, "handlelength": 1.8, **kwargs}]
    if "fontsize" not in kwargs:  # many entries over narrow panels: smaller, as a single Axes' strip
        styles.append({**styles[0], **_STRIP_STYLES[-1]})
    shown = merge_lookalikes(entries)
    renderer = _renderer(fig)
    for style in styles:
        legend = _columns(lambda ncol, style=style: fig.legend(list(shown.values()), list(shown), ncol=ncol,
                                                               loc="outside upper center", **style),
                          0.98 * fig.bbox.width, len(shown), renderer)
        # a row under a tenth of the figure leaves the panels their share; laying out a widget's six panels
        # to find that took half a second a call
        if style is styles[-1] or legend.get_window_extent(renderer).height < _SMALL_ROW * fig.bbox.height:
            break
        settle(fig)
        if _keep_share(panels(fig)):
            break
        legend.remove()
    fig._skewplot_legend = legend
    for ax in panels(fig):  # the new row moved the panels: a panel's own legend by the rule again
        if getattr(ax, "_skewplot_own_legend", False) and ax.get_legend() is not None:
            place_legend(ax, legend=ax.get_legend(), own=True)
    return legend


#: The strip's styles, tried in turn until the Axes keeps ``MIN_CELL_SHARE`` of its cell's height (the caller's
#: ``fontsize``, if any, first): many entries (four classifiers, a band, three baselines) in a small figure.
_STRIP_STYLES = ({"fontsize": "small"},
                 {"fontsize": "x-small", "handlelength": 1.5, "columnspacing": 1.0, "labelspacing": 0.3,
                  "handletextpad": 0.5})


_SMALL_ROW = 0.1  # a shared legend's row this share of the figure's height is never worth a smaller style


def _keep_share(axes):
    """Whether every Axes of ``axes`` keeps ``MIN_CELL_SHARE`` of its cell's height (after a layout)."""
    for ax in axes:
        kept = kept_sizes(ax)
        if kept is not None and kept[1][0] < MIN_CELL_SHARE * kept[1][1]:
            return False
    return True


def _strip(ax, legend, renderer):
    """``legend`` again as a strip under the x axis's label, in as many columns as fit the Axes' width.

    The first style (``_STRIP_STYLES``, then the last centred on the cell)
    with which the Axes keeps ``MIN_CELL_SHARE`` of its cell's height.
    """
    from matplotlib.transforms import blended_transform_factory, offset_copy

    handles, labels = legend.legend_handles, [t.get_text() for t in legend.get_texts()]
    given = dict(getattr(legend, "_skewplot_kwargs", {}))
    given.pop("ncol", None)
    legend.remove()
    fig = ax.figure
    below = ax.xaxis.get_tightbbox(renderer)
    drop = (ax.bbox.y0 - below.y0 if below is not None else 0.0) * 72.0 / fig.dpi + 2.0  # points
    anchor = offset_copy(ax.transAxes, fig=fig, y=-drop, units="points")
    styles = [given] if "fontsize" in given else []
    styles += [{**style, **{k: v for k, v in given.items() if k != "fontsize"}} for style in _STRIP_STYLES]
    cell = cell_size(ax)
    tries = [(kwargs, None) for kwargs in styles]
    if cell is not None:
        spec = ax.get_subplotspec().get_topmost_subplotspec()
        box = spec.get_position(fig)  # the cell, in figure coordinates
        tries.append((styles[-1], (box.x0 + box.width / 2, 0.96 * cell[0])))

    def make(kwargs, ncol, centre):
        at, transform = (0.5, anchor) if centre is None else \
            (centre[0], blended_transform_factory(fig.transFigure, anchor))
        lg = ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(at, 0.0), bbox_transform=transform,
                       ncol=ncol, borderaxespad=0.0, **kwargs)
        lg._skewplot_kwargs, lg._skewplot_strip = kwargs, True
        return lg

    for i, (kwargs, centre) in enumerate(tries):
        width = ax.bbox.width if centre is None else centre[1]
        strip = _columns(lambda ncol, kwargs=kwargs, centre=centre: make(kwargs, ncol, centre), width, len(labels),
                         renderer)
        settle(fig)
        if i == len(tries) - 1 or _keep_share([ax]):
            return strip
        strip.remove()
    return None  # pragma: no cover - the last try always returns


def place_legend(ax, *args, moving=(), legend=None, own=False, **kwargs):
    """Draw the legend of ``ax`` by the one rule (see the module note) and return it.

    ``args`` (handles, labels) and ``kwargs`` (``fontsize``, ``ncol``,
    ``title`` ...) reach :meth:`matplotlib.axes.Axes.legend`; ``loc`` and
    ``bbox_to_anchor`` are chosen here.  In a figure of several panels the
    entries go to the figure's one legend (:func:`share_legend`) and that
    is returned.  ``moving`` lists a marker that ``update`` slides along x
    (the skew marker's line, dots and label): its line and dots are
    obstacles where they are now, and its label's whole strip across the
    Axes is one, so the label never runs into the legend as it moves.  ``legend``: move this existing legend instead
    of making one (a Display's ``update`` calls this after its curves
    changed, so the legend follows the same rule as a fresh plot of the new
    state); a strip stays a strip, and in a figure whose layout is frozen
    (the widgets') an inside legend with no free place takes the least
    covered one.  ``own``: this panel keeps its own legend in a figure of
    several (its entries mean something else in each panel, as the skews
    of a skew transform coloured by their place in the list).
    """
    from matplotlib.text import Text

    fig = ax.figure
    if own:
        ax._skewplot_own_legend = True
    if legend is None and len(panels(fig)) > 1 and not own:
        handles, labels = args if args else ax.get_legend_handles_labels()
        return share_legend(fig, handles, labels, **kwargs)
    if legend is not None and getattr(legend, "_skewplot_strip", False):
        return legend
    frozen = legend is not None and getattr(fig, "_skewplot_frozen", False)  # a widget's page, laid out once
    if legend is None:
        legend = ax.legend(*args, **kwargs)
        legend._skewplot_kwargs = kwargs
    legend.set_bbox_to_anchor(None)
    legend.set_loc("upper right")
    settle(fig)
    if ax.get_aspect() != "auto" or ax.get_box_aspect() is not None:
        ax.apply_aspect()  # an equal-aspect Axes (the skew transform) shrinks to its box at draw: measure that box
    renderer = _renderer(fig)
    # the marker's line and dots are obstacles where they are now; its label, along its whole strip
    skip = {id(a) for a in moving if isinstance(a, Text)}
    segs = _segments(ax, skip)
    bounds = (np.minimum(segs[:, 0], segs[:, 1]), np.maximum(segs[:, 0], segs[:, 1]))
    texts = [t.get_window_extent(renderer) for t in ax.texts
             if id(t) not in skip and t.get_visible() and t.get_text().strip()]
    texts += [_band(ax, t, renderer) for t in moving if isinstance(t, Text)]
    size = None
    least = None
    for loc in INSIDE:
        legend.set_loc(loc)
        lb = _extent_at(legend, loc, size, renderer)
        size = lb.width, lb.height
        box = (lb.x0 - _PAD_PX, lb.y0 - _PAD_PX, lb.x1 + _PAD_PX, lb.y1 + _PAD_PX)
        if not _blocked(segs, bounds, box) and not any(tb.overlaps(lb) for tb in texts):
            return legend
        if frozen:
            hits = int(_crossing(segs, box).sum()) if len(segs) else 0
            if least is None or hits < least[0]:
                least = (hits, loc)
    if frozen:
        legend.set_loc(least[1])
        return legend
    constrained(fig)
    return _strip(ax, legend, renderer)
