"""The skew marker's dots and label in the cost and F spaces: where they are drawn, never what they say.

:func:`nest_markers` tells coinciding dots apart by their size (never moving one);
:func:`fit_marker_label` puts the marker's label on the side of the skew
line where it fits inside the panel; :func:`show_whole` lets a marker on
the Axes' edge (a threshold at ROC's (0, 0)) be drawn whole over the spines.
"""

from __future__ import annotations

import weakref

import numpy as np
from matplotlib.transforms import BboxBase

from ._legend import _renderer

__all__ = ["nest_markers", "base_size", "fit_marker_label", "show_whole", "line_segments", "marker_radius_px",
           "NEAR_PT", "RING_PT", "GROW_MAX_PT", "near_px", "seen_at"]

#: Marks (skew or threshold) closer than this (points) are nested (:func:`nest_markers`): about half a mark's
#: width, where the one on top hides most of the other.  Marks further apart show each other's edge; nesting
#: them too (6 pt, 5c0f0e2) chained a run of marks along a curve into one growing stack (roc-08).
NEAR_PT = 3.0
#: Never nearer than this (pixels) at a low dpi: the lint's ``MIN_MARKER_PX`` (5) and a pixel to spare.
NEAR_MIN_PX = 6.0
#: The ring (points of radius) each nested mark shows around the one above it...
RING_PT = 1.2
#: ...while a group's growth stays within this (points of radius): ten coinciding marks thin their rings rather
#: than grow a 70 px disc stack over the curves and the tick labels (cost-02, cost-03).
GROW_MAX_PT = 3.6
_BASE_SIZE = weakref.WeakKeyDictionary()  # a nested mark's own size, kept while it is grown


class _Padded(BboxBase):
    """``ax.bbox`` grown on every side by a line's marker radius and edge; it follows the Axes as it moves."""

    def __init__(self, ax, line):
        super().__init__()
        self._ax, self._line = ax, line
        self.set_children(ax.bbox)

    def get_points(self):
        reach = marker_radius_px(self._line, self._ax.figure.dpi) + 1.0  # a pixel of anti-aliasing to spare
        (x0, y0), (x1, y1) = self._ax.bbox.get_points()
        return np.array([[x0 - reach, y0 - reach], [x1 + reach, y1 + reach]])


def marker_radius_px(artist, dpi):
    """The drawn reach in pixels of a single-point marker (a Line2D's or a scatter's) from its centre, edge included."""
    from matplotlib.lines import Line2D

    if isinstance(artist, Line2D):
        return (artist.get_markersize() / 2.0 + artist.get_markeredgewidth() / 2.0) * dpi / 72.0
    sizes = artist.get_sizes()  # scatter: area in points^2
    width = np.asarray(artist.get_linewidths(), dtype=float)
    radius = np.sqrt(float(sizes[0]) if len(sizes) else 36.0) / 2.0 + (width[0] / 2.0 if width.size else 0.0)
    return radius * dpi / 72.0


def show_whole(line):
    """Clip ``line`` (a one-point marker) to its Axes grown by the marker's size, not to the Axes itself.

    A marker on the edge of the view (a threshold at ROC's (0, 0) or at
    precision 1) is then drawn whole, over the spines (its zorder is above
    theirs), and a marker scrolled out of the view (a zoom) is still hidden.
    """
    line.set_clip_path(None)
    line.set_clip_box(_Padded(line.axes, line))
    line.set_clip_on(True)
    return line


def near_px(dpi):
    """The distance (pixels at ``dpi``) under which :func:`nest_markers` nests two marks (the page's too)."""
    return max(NEAR_PT * dpi / 72.0, NEAR_MIN_PX)


def ring_pt(n):
    """The ring (points of radius) of each mark of a group of ``n`` nested ones: ``RING_PT``, thinner for many."""
    return min(RING_PT, GROW_MAX_PT / max(n - 1, 1))


def base_size(line):
    """The marker size (points) ``line`` was given, before :func:`nest_markers` grew it."""
    return _BASE_SIZE.get(line, line.get_markersize())


def nest_markers(ax, markers):
    """Marks closer than :func:`near_px`, nested: each one under another grows by a ring, none moves.

    A mark stays on its data (its drawn place is its value). Where two or
    more classifiers' marks coincide (both at the trivial cost, say), the
    later one (drawn on top) keeps its size and every one under it grows by
    a ring (:func:`ring_pt`, thinner in a large group) per mark above it, so
    each shows as a ring of its colour around the next: told apart by their
    size, never by moving one.  Groups are marks linked by pairs closer than
    :func:`near_px`.
    """
    markers = list(markers)
    for m in markers:
        _BASE_SIZE[m] = base_size(m)
        m.set_markersize(_BASE_SIZE[m])
    shown = [m for m in markers if m.get_visible() and len(m.get_xdata()) == 1]
    if len(shown) < 2:
        return
    with np.errstate(invalid="ignore", divide="ignore"):
        xy = ax.transData.transform(np.array([[m.get_xdata()[0], m.get_ydata()[0]] for m in shown], dtype=float))
    keep = [i for i in range(len(shown)) if np.isfinite(xy[i]).all()]
    if len(keep) < 2:
        return
    reach = near_px(ax.figure.dpi)
    near = np.hypot(*(xy[keep][:, None] - xy[keep][None]).transpose(2, 0, 1)) < reach
    if np.count_nonzero(near) == len(keep):  # each mark near itself only: nothing to nest (most steps)
        return
    label = np.arange(len(keep))  # each group by its smallest index, spread along the links (a few marks)
    while True:
        spread = np.array([label[row].min() for row in near])
        if np.array_equal(spread, label):
            break
        label = spread
    for g in set(label.tolist()):
        group = [keep[k] for k in np.flatnonzero(label == g)]  # in drawing order: the last is on top
        ring = ring_pt(len(group))
        for above, i in enumerate(reversed(group)):
            shown[i].set_markersize(_BASE_SIZE[shown[i]] + 2.0 * ring * above)


#: The label's heights tried, in Axes fractions of its anchor, with its vertical alignment: the top first (where
#: it always was), the bottom, then up the middle.
LABEL_PLACES = ((0.98, "top"), (0.02, "bottom"), (0.85, "center"), (0.7, "center"), (0.55, "center"),
                (0.4, "center"), (0.25, "center"), (0.12, "center"))
_EDGE_PX = 1.5  # a line this far inside the label's box only touches its edge (the skew line it starts at)
#: Clearance (points) kept between the label's box and a line above or below it: a line along the box's top
#: runs through the glyphs' tops (the trivial "always +" line at cost 1 in cost-05 of the figure review).
CLEAR_PT = 2.0


def line_segments(line):
    """The display segments ``(n, 2, 2)`` of a drawn Line2D; a markers-only line's points as zero-length ones."""
    xy = np.asarray(line.get_xydata(), dtype=float)
    if not len(xy):
        return np.empty((0, 2, 2))
    with np.errstate(invalid="ignore", divide="ignore"):
        xy = line.get_transform().transform(xy)
    if line.get_linestyle() not in ("None", "none", "", " ") and len(xy) > 1:
        segs = np.stack([xy[:-1], xy[1:]], axis=1)  # none across a NaN: matplotlib breaks the line there
        return segs[np.isfinite(segs).all(axis=(1, 2))]
    xy = xy[np.isfinite(xy).all(axis=1)]
    return np.stack([xy, xy], axis=1)


#: line -> (its data array, its transform, the view, its segments): a skew step moves the marker and its label
#: only, and transforming every curve again (a log axis' transform) cost most of a label's fitting.
_SEGMENTS = weakref.WeakKeyDictionary()


def _segments_of(line, view):
    """:func:`line_segments` of ``line``, computed again only when its data, transform or ``view`` changed."""
    xy, transform = line.get_xydata(), line.get_transform()
    seen = _SEGMENTS.get(line)
    if seen is not None and seen[0] is xy and seen[1] is transform and seen[2] == view:
        return seen[3]
    segs = line_segments(line)
    _SEGMENTS[line] = (xy, transform, view, segs)
    return segs


def _obstacles(ax, text, skip, xspan):
    """Display segments of ``ax``'s lines (one-point markers as points) other than ``skip`` within ``xspan``.

    Also the boxes of its other texts and of its legend when inside the
    Axes.  The per-point thin lines (line collections) and bands are
    background a label may sit on.
    """
    view = (tuple(ax.viewLim.bounds), tuple(ax.bbox.bounds))
    segs = [_segments_of(line, view) for line in ax.lines if line not in skip and line.get_visible()]
    segs = np.concatenate(segs) if segs else np.empty((0, 2, 2))
    lo, hi = xspan
    segs = segs[(np.maximum(segs[:, 0, 0], segs[:, 1, 0]) >= lo) & (np.minimum(segs[:, 0, 0], segs[:, 1, 0]) <= hi)]
    renderer = _renderer(ax.figure)
    boxes = [t.get_window_extent(renderer) for t in ax.texts
             if t is not text and t.get_visible() and t.get_text().strip()]
    legend = ax.get_legend()
    if legend is not None and legend.get_visible():
        boxes.append(legend.get_window_extent(renderer))
    return segs, boxes


def fit_marker_label(text, x, labels, skip=()):
    """Put ``text`` (a label at data x ``x``) where it fits inside its Axes and covers no line.

    ``labels``: the long label, then a short one used when neither side has
    room for the long one; never past the panel's edge, never into the next
    panel.  Of the heights in :data:`LABEL_PLACES` and the sides of the
    marker where a label fits, the first that covers no line, marker,
    legend or other text of the Axes is taken (the long label before the
    short one), else the one covering the fewest.  ``skip``: the lines the
    label may touch (its skew line).
    """
    from ._legend_geometry import _blocked, _crossing

    ax = text.axes
    box = ax.bbox
    px = ax.transData.transform((x, 0.5))[0]
    room = {"left": box.x1 - px, "right": px - box.x0}  # keyed by the label's alignment
    renderer = _renderer(ax.figure)
    segs = boxes = bounds = None
    clear = CLEAR_PT * ax.figure.dpi / 72.0
    tried = []  # (label, side, frac, va, label box) of every place tried: the fewest-covered one if none is free
    for rank, label in enumerate(labels):  # measured only when the one before found no free place
        text.set_text(f" {label} ")
        extent = text.get_window_extent(renderer)
        width, height = extent.width, extent.height
        sides = [side for side in ("left", "right") if width <= room[side]]
        if not sides:
            if rank < len(labels) - 1:
                continue
            sides = ["left" if room["left"] >= room["right"] else "right"]  # wider than the panel: the roomier side
        if segs is None:  # the first label measured is the widest: its span holds every later one's
            segs, boxes = _obstacles(ax, text, set(skip), (px - width - 2.0, px + width + 2.0))
            bounds = (np.minimum(segs[:, 0], segs[:, 1]), np.maximum(segs[:, 0], segs[:, 1]))
        for frac, va in LABEL_PLACES:
            y = box.y0 + frac * box.height
            y0 = y - height if va == "top" else y if va == "bottom" else y - height / 2.0
            for side in sides:
                x0 = px if side == "left" else px - width
                lb = (x0 + _EDGE_PX, y0 - clear, x0 + width - _EDGE_PX, y0 + height + clear)
                if not any(_meets(b, lb) for b in boxes) and not (len(segs) and _blocked(segs, bounds, lb)):
                    _place(text, label, side, frac, va)
                    return
                tried.append((label, side, frac, va, lb))

    def covered(place):
        lb = place[4]
        return (int(_crossing(segs, lb).sum()) if len(segs) else 0) + sum(1 for b in boxes if _meets(b, lb))

    _place(text, *min(tried, key=covered)[:4])  # min keeps the first of equals: the long label, the top


def _meets(bbox, box):
    """Whether the Bbox ``bbox`` and the box ``(x0, y0, x1, y1)`` overlap."""
    return bbox.x0 < box[2] and bbox.x1 > box[0] and bbox.y0 < box[3] and bbox.y1 > box[1]


def _place(text, label, side, frac, va):
    text.set_text(f" {label} ")
    text.set_horizontalalignment(side)
    text.set_verticalalignment(va)
    text.set_y(frac)


def seen_at(ax, x, frac=0.01):
    """Whether a vertical line at data ``x`` lies inside ``ax``'s x range, off its spines (``frac`` of the width)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        f = float((ax.transScale + ax.transLimits).transform([[x, 0.5]])[0, 0])
    return bool(np.isfinite(f) and frac < f < 1.0 - frac)
