"""The geometry a legend is placed by: the drawn curves as display-space segments, and what touches a box.

:func:`best_place` keeps matplotlib's ``loc="best"`` place when the legend
box holds no part of a drawn curve (no vertex, and no segment crossing it)
and no text; :func:`legend_collisions` is the same check, used by the
tests.
"""

from __future__ import annotations

import numpy as np
from matplotlib import __version_info__ as mpl_version

from .._compat import figure_renderer

__all__ = ["legend_collisions", "best_place", "root_figure", "pen_runs"]

_PAD_PX = 2.0  # a curve this close to the box counts as touching it
_CELL_PX = 6.0  # the grid whose cells show matplotlib 3.8 and 3.9's best what it does not see (_stand_in)
#: matplotlib's best counts fills (polygon collections) and texts from 3.10
_BEST_SEES_FILLS = mpl_version[:2] >= (3, 10)


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


def _strokes(ax, kind=None):
    """The strokes of the line and polygon collections (``kind``: of that class) of ``ax``: display polylines, one
    a pen stroke."""
    from matplotlib.collections import LineCollection, PolyCollection

    out, kind = [], kind or (LineCollection, PolyCollection)
    for coll in ax.collections:
        paths = coll.get_paths() if coll.get_visible() and isinstance(coll, kind) else []
        if paths:  # all paths at once (one transform), cut where a stroke ends
            xy = coll.get_transform().transform(np.concatenate([np.asarray(p.vertices, dtype=float) for p in paths]))
            finite = np.isfinite(xy).all(axis=1)
            run = pen_runs(paths)[finite]
            out += np.split(xy[finite], np.flatnonzero(np.diff(run)) + 1)
    return out


def _crossing(segments, box):
    """Which segments touch the axis-aligned ``box`` (x0, y0, x1, y1): Liang-Barsky clipping, vectorised."""
    return _touching_box(segments[:, 0], segments[:, 1], *box)


def _touching_box(p0, p1, x0, y0, x1, y1):
    """Whether each segment ``p0``-``p1`` (``(n, 2)``) touches its box (scalars, or one box per segment)."""
    d = p1 - p0
    t0 = np.zeros(len(p0))
    t1 = np.ones(len(p0))
    ok = np.ones(len(p0), dtype=bool)
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


def crossing_counts(segments, bounds, boxes):
    """``(k,)``: how many of the segments touch each of the ``k`` boxes ``(x0, y0, x1, y1)``, at once.

    Only the pairs of a box and a segment whose extent (``bounds``) meets it
    are clipped, as :func:`_crossing` clips (a segment that touches a box
    meets it); :func:`_blocked` of a box is its count above 0.
    """
    boxes = np.asarray(boxes, dtype=float)
    x0, y0, x1, y1 = (boxes[:, i, None] for i in range(4))
    lower, upper = bounds
    box, seg = np.nonzero((upper[:, 0] >= x0) & (lower[:, 0] <= x1) & (upper[:, 1] >= y0) & (lower[:, 1] <= y1))
    if not box.size:
        return np.zeros(len(boxes), dtype=np.intp)
    touch = _touching_box(segments[seg, 0], segments[seg, 1], *boxes[box].T)
    return np.bincount(box[touch], minlength=len(boxes))


def _text_boxes(ax, renderer, skip=frozenset()):
    """The boxes of the shown texts of ``ax`` (by id, not those in ``skip``)."""
    return [t.get_window_extent(renderer) for t in ax.texts
            if id(t) not in skip and t.get_visible() and t.get_text().strip()]


def legend_collisions(ax, legend=None, skip=()):
    """``(n_curves, n_texts)`` of ``ax`` that touch its legend box (``(0, 0)``: the legend covers nothing).

    ``skip`` leaves artists out (a skew marker's line).
    """
    legend = ax.get_legend() if legend is None else legend
    renderer = _renderer(ax.figure)
    return _touching(ax, legend.get_window_extent(renderer), _strokes(ax), _text_boxes(ax, renderer),
                     {id(a) for a in skip})


def _touching(ax, lb, strokes, texts, skip=frozenset()):
    """``(n_curves, n_texts)``: the lines of ``ax`` (but ``skip``) and the display ``strokes`` within ``_PAD_PX``
    of the box ``lb`` (a vertex in it or a segment through it; a markers-only line by its points), the ``texts``
    boxes overlapping it."""
    from matplotlib.path import Path

    box = lb.padded(_PAD_PX)
    paths = [(line.get_transform().transform_path(line.get_path()), line.get_linestyle() in ("None", "none", "", " "))
             for line in ax.lines if line.get_visible() and id(line) not in skip]
    paths += [(Path(xy), False) for xy in strokes]
    curves = sum(bool(box.count_contains(path.vertices)) or (not points and path.intersects_bbox(box, filled=False))
                 for path, points in paths)
    return curves, sum(tb.overlaps(lb) for tb in texts)


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


def _obstacles(ax, moving, renderer):
    """What a legend inside ``ax`` must not touch beside its lines: ``(strokes, text boxes, unseen)``.

    ``strokes``: its collections' (:func:`_strokes`).  ``moving``: a marker
    ``update`` slides along x; its line and dots are obstacles where they
    are now, its label's whole strip across the Axes is one (the label
    never runs into the legend as it moves).  ``unseen``: the polylines of
    those matplotlib's best does not see (:func:`best_place`).
    """
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.text import Text

    skip = {id(a) for a in moving if isinstance(a, Text)}
    lines, fills = _strokes(ax, LineCollection), _strokes(ax, PolyCollection)
    bands = [_band(ax, t, renderer) for t in moving if isinstance(t, Text)]
    texts = _text_boxes(ax, renderer, skip) + bands
    boxes = bands if _BEST_SEES_FILLS else texts
    unseen = lines + ([] if _BEST_SEES_FILLS else fills) + [box.corners()[[0, 1, 3, 2, 0]] for box in boxes]
    return lines + fills, texts, unseen


def _stand_in(lines):
    """One invisible collection that shows matplotlib's best the polylines ``lines``, which it does not see.

    From matplotlib 3.10 best counts a polygon collection's paths as lines,
    each apart (the strokes of one path it joins: one path a stroke);
    before, a collection by its offsets only: the corners of the
    ``_CELL_PX`` cells the lines pass through (a box wider and taller than
    a cell that holds none of them overlaps none of those cells).
    """
    from matplotlib.collections import PolyCollection
    from matplotlib.transforms import IdentityTransform

    return PolyCollection(lines, closed=False, offsets=None if _BEST_SEES_FILLS else _corners(lines),
                          offset_transform=IdentityTransform(), transform=IdentityTransform(), visible=False)


def _corners(lines):
    """The corners of the ``_CELL_PX`` cells of the display grid that the polylines ``lines`` pass through."""
    segs = np.concatenate([np.stack([xy[:-1], xy[1:]], axis=1) for xy in lines])
    d = segs[:, 1] - segs[:, 0]
    steps = np.ceil(np.hypot(*d.T) * 2 / _CELL_PX).astype(int) + 1  # two points a cell along each segment
    at = np.repeat(np.arange(len(segs)), steps)
    t = (np.arange(len(at)) - np.repeat(np.cumsum(steps) - steps, steps)) / np.repeat(np.maximum(steps - 1, 1), steps)
    cells = np.floor((segs[at, 0] + t[:, None] * d[at]) / _CELL_PX) @ (1, 1j)
    corners = np.unique(np.concatenate([cells, cells + 1, cells + 1j, cells + 1 + 1j])) * _CELL_PX
    return np.column_stack([corners.real, corners.imag])


def best_place(legend, moving, renderer, least=False):
    """Fix ``legend`` where matplotlib's ``loc="best"`` puts it, if it touches nothing drawn; its loc, or None.

    ``moving``: see :func:`_obstacles`.  Matplotlib's best counts lines and
    patches, but a line collection only by its offsets (before 3.10 also a
    polygon collection, and no text), and nothing of a moving label's
    band: for its one search, those are shown to it by one invisible
    collection (:func:`_stand_in`).  Its place is then checked once, with ``_PAD_PX`` around the box, which it
    does not keep (a curve that close sends the legend on), and kept as a
    fixed loc: a legend left at ``"best"`` searches again at every draw (a
    widget's every step).  A box larger than the Axes is no place inside.
    ``least``: the place is kept even when taken (the least covered one,
    by matplotlib's count: a widget's frozen page, laid out once).
    """
    ax = legend.axes
    strokes, texts, unseen = _obstacles(ax, moving, renderer)
    stand_in = _stand_in(unseen) if unseen else None
    # The stand-in comes and goes unseen: adding and removing it mark the Axes stale, which an interactive
    # figure answers with a draw request (a widget's step sent a second image), so the Axes keeps its state.
    stale, callback = ax.stale, ax.stale_callback
    if stand_in is not None:
        ax.stale_callback = None
        ax.add_artist(stand_in)
    legend.set_loc("best")
    try:
        lb = legend.get_window_extent(renderer)
    finally:
        if stand_in is not None:
            stand_in.remove()
            ax.stale, ax.stale_callback = stale, callback
    loc = _loc_of(lb, legend.get_bbox_to_anchor())
    legend.set_loc(loc)
    # a legend wider or taller than its Axes is no place inside (talk-sized fonts over a small Axes: the
    # constrained layout had squeezed the Axes to 4 px around it, and nothing was left for it to cover)
    ab = ax.bbox
    if least or (lb.width <= ab.width + 1.0 and lb.height <= ab.height + 1.0
                 and _touching(ax, lb, strokes, texts) == (0, 0)):
        return loc
    return None


def _loc_of(box, within):
    """The loc string of ``box`` as matplotlib anchors it in ``within``: against a side, or centred between two."""
    left, right, below, above = box.x0 - within.x0, within.x1 - box.x1, box.y0 - within.y0, within.y1 - box.y1
    h = "center" if abs(left - right) < 0.5 else "left" if left < right else "right"
    v = "center" if abs(below - above) < 0.5 else "lower" if below < above else "upper"
    return "center" if h == v == "center" else f"{v} {h}"
