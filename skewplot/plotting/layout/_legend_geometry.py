"""The geometry a legend is placed by: the drawn curves as display-space segments, and what touches a box.

:func:`~skewplot.plotting.layout._legend.place_legend` keeps the first place
where the legend box holds no part of a drawn curve (no vertex, and no
segment crossing it) and no text; :func:`legend_collisions` is the same
geometry, used by the tests.
"""

from __future__ import annotations

import numpy as np

from .._compat import anchored_origin, figure_renderer

__all__ = ["legend_collisions", "INSIDE", "obstacles", "free_place", "root_figure", "pen_runs"]

#: The places tried, in order.
INSIDE = ("upper right", "upper left", "lower right", "lower left", "center right", "center left",
          "upper center", "lower center")

_PAD_PX = 2.0  # a curve this close to the box counts as touching it


def root_figure(artist):
    """The top-level Figure ``artist`` is drawn in (through its subfigures).

    ``Artist.get_figure(root=True)`` says the same from matplotlib 3.10; a
    SubFigure's ``figure`` is its root figure on every version, a Figure's is itself.
    """
    return artist.figure.figure


def _renderer(fig):
    return figure_renderer(fig)


def pen_runs(paths):
    """For the vertices of ``paths`` one after another, the number of the stroke each belongs to.

    A stroke ends where a path ends or lifts its pen (a ``MOVETO`` inside it:
    a compound path, as ``plotting._one_path`` paints a class's lines), so two
    neighbours join into a segment only if they have the same number.

    Examples
    --------
    >>> from matplotlib.path import Path
    >>> two = Path.make_compound_path(Path([(0, 0), (1, 1)]), Path([(0, 1), (1, 0)]))
    >>> pen_runs([two, Path([(0, 0), (1, 0)])]).tolist()
    [1, 1, 2, 2, 3, 3]
    """
    from matplotlib.path import Path

    starts = []
    for path in paths:
        first = np.zeros(len(path.vertices), dtype=bool)
        if path.codes is not None:
            first |= np.asarray(path.codes) == Path.MOVETO
        first[:1] = True
        starts.append(first)
    return np.cumsum(np.concatenate(starts)) if starts else np.empty(0, dtype=int)


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
        # all paths at once (one transform); a segment joins neighbours of one stroke only
        xy = coll.get_transform().transform(np.concatenate([np.asarray(p.vertices, dtype=float) for p in paths]))
        run = pen_runs(paths)
        finite = np.isfinite(xy).all(axis=1)
        xy, run = xy[finite], run[finite]
        joined = np.flatnonzero(run[1:] == run[:-1])
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
    origin = None if size is None else anchored_origin(legend, loc, size, renderer)
    if origin is not None:
        from matplotlib.transforms import Bbox

        return Bbox.from_bounds(*origin, *size)
    return legend.get_window_extent(renderer)


def obstacles(ax, moving, renderer):
    """What a legend inside ``ax`` must not touch: ``(segments, their bounds, text boxes)``.

    ``moving``: a marker ``update`` slides along x; its line and dots are
    obstacles where they are now, its label's whole strip across the Axes
    is one (the label never runs into the legend as it moves).
    """
    from matplotlib.text import Text

    skip = {id(a) for a in moving if isinstance(a, Text)}
    segs = _segments(ax, skip)
    bounds = (np.minimum(segs[:, 0], segs[:, 1]), np.maximum(segs[:, 0], segs[:, 1]))
    texts = [t.get_window_extent(renderer) for t in ax.texts
             if id(t) not in skip and t.get_visible() and t.get_text().strip()]
    texts += [_band(ax, t, renderer) for t in moving if isinstance(t, Text)]
    return segs, bounds, texts


def free_place(legend, found, renderer, least=False):
    """The first place of ``INSIDE`` where ``legend`` touches none of ``found`` (:func:`obstacles`), set on it.

    None when every place is taken; ``least``: then the place crossed by the
    fewest segments (a widget's frozen page, laid out once).
    """
    segs, bounds, texts = found
    size = None
    fewest = None
    ab = legend.axes.bbox if legend.axes is not None else None
    for loc in INSIDE:
        legend.set_loc(loc)
        lb = _extent_at(legend, loc, size, renderer)
        size = lb.width, lb.height
        box = (lb.x0 - _PAD_PX, lb.y0 - _PAD_PX, lb.x1 + _PAD_PX, lb.y1 + _PAD_PX)
        # a legend wider or taller than its Axes is no place inside (talk-sized fonts over a small Axes: the
        # constrained layout had squeezed the Axes to 4 px around it, and nothing was left for it to cover)
        fits = ab is None or (lb.width <= ab.width + 1.0 and lb.height <= ab.height + 1.0)
        if fits and not _blocked(segs, bounds, box) and not any(tb.overlaps(lb) for tb in texts):
            return loc
        if least:
            hits = int(_crossing(segs, box).sum()) if len(segs) else 0
            if fewest is None or hits < fewest[0]:
                fewest = (hits, loc)
    if least:
        legend.set_loc(fewest[1])
        return fewest[1]
    return None
