"""The single-point marks of a panel (skew dots, threshold marks) and the skew marker's label: where, and how they look.

:func:`share_markers` draws coinciding marks as one mark shared out in
wedges (never moving one); :func:`mark_size` sizes a classifier's mark by
the number of classifiers; :func:`fit_marker_label` puts the marker's label
on the side of the skew line where it fits inside the panel;
:func:`show_whole` lets a marker on the Axes' edge (a threshold at ROC's
(0, 0)) be drawn whole over the spines.
"""

from __future__ import annotations

import weakref

import numpy as np
from matplotlib.transforms import BboxBase

from ._legend import _renderer
from ._wedges import wedge_marker

__all__ = ["share_markers", "mark_size", "wedge_marker", "wedge_parts", "pie_size", "shared_part", "base_look",
           "crowding", "fit_marker_label", "show_whole", "line_segments", "marker_radius_px", "NEAR_PT", "PIE_BASE",
           "PIE_GROW", "PIE_MAX", "PIE_EDGE_PT", "near_px", "seen_at"]

#: Marks (skew or threshold) closer than this (points) share one mark (:func:`share_markers`): about half a mark's
#: width, where the one on top hides most of the other (6 pt chained a run of marks into one stack, roc-08).
NEAR_PT = 3.0
#: Never nearer than this (pixels) at a low dpi: the lint's ``MIN_MARKER_PX`` (5) and a pixel to spare.
NEAR_MIN_PX = 6.0
#: A mark shared by ``k`` classifiers is ``min(PIE_MAX, PIE_BASE + PIE_GROW * (k - 1))`` times their own size
#: (:func:`pie_size`), so that each wedge shows its colour: two of 5 pt share one of 6.9 pt, ten of 4.16 pt 8.3 pt.
PIE_BASE, PIE_GROW, PIE_MAX = 1.3, 0.08, 2.0
#: The white edge (points) around each wedge of a shared mark: it parts the colours and the curves under it.
PIE_EDGE_PT = 0.25
FULL_SIZE_UP_TO = 4  #: classifiers up to which marks, bands and threshold lines keep their look (:func:`crowding`)
_BASE = weakref.WeakKeyDictionary()  # a shared mark's own look (marker, size, face, edge, edge width)
_WEDGE = weakref.WeakKeyDictionary()  # line -> the wedge's path share_markers set (its marker while shared)
_SHARED = weakref.WeakKeyDictionary()  # line -> the look share_markers gave it (a later step keeps it as it is)


def crowding(n):
    """1 up to :data:`FULL_SIZE_UP_TO` classifiers on one Axes, then ``4 / n``: the share of their marks' size, bands'
    opacity and threshold lines' width each keeps, before a power that says how fast it thins."""
    return min(1.0, FULL_SIZE_UP_TO / max(int(n), 1))


def mark_size(size, n):
    """The size (points) of one classifier's single-point mark when ``n`` classifiers are marked on a panel.

    :func:`crowding` to the power 0.2 of the size given (10 classifiers: 0.83
    of it), so that a run of marks along a skew line overlaps less.

    >>> mark_size(5, 1), mark_size(5, 4), mark_size(5, 10)
    (5.0, 5.0, 4.16)
    """
    return round(float(size) * crowding(n) ** 0.2, 2)


def pie_size(size, k):
    """The size (points) of one mark shared by ``k`` classifiers whose own marks are ``size`` points.

    >>> pie_size(5.0, 1), pie_size(5.0, 2), pie_size(4.2, 10)
    (5.0, 6.9, 8.4)
    """
    return float(size) if k < 2 else round(float(size) * min(PIE_MAX, PIE_BASE + PIE_GROW * (int(k) - 1)), 6)


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
    """The distance (pixels at ``dpi``) under which :func:`share_markers` shares one mark out (the page's too)."""
    return max(NEAR_PT * dpi / 72.0, NEAR_MIN_PX)


def shared_part(line):
    """``(part, of)``: the wedge of a mark :func:`share_markers` shares out among ``of`` marks; ``(0, 1)`` alone."""
    wedge = _WEDGE.get(line)
    return _BASE[line]["part"] if wedge is not None and line.get_marker() is wedge else (0, 1)


def base_look(line):
    """``line``'s marker look (``marker``, ``ms``, ``mfc``, ``mec``, ``mew``) before :func:`share_markers`."""
    return dict(_BASE[line]) if line in _WEDGE else _look(line)


def _look(line):
    return {"marker": line.get_marker(), "ms": line.get_markersize(), "mfc": line.get_markerfacecolor(),
            "mec": line.get_markeredgecolor(), "mew": line.get_markeredgewidth()}


def _same_look(a, b):  # two of _look's looks (a colour may be an array)
    return b is not None and all(a[k] is b[k] or np.array_equal(a[k], b[k]) for k in a)


def _own_look(line):
    """Give ``line`` back the look it had before it was made a wedge; remember the look it has."""
    wedge = _WEDGE.pop(line, None)
    if wedge is None:
        _BASE[line] = _look(line)
        return
    base = _BASE[line]
    if line.get_marker() is not wedge:  # its owner gave it another shape meanwhile (PR's "v" at a log axis' foot)
        base["marker"] = line.get_marker()
    line.set_marker(base["marker"])
    line.set_markersize(base["ms"])
    line.set_markerfacecolor(base["mfc"])
    line.set_markeredgecolor(base["mec"])
    line.set_markeredgewidth(base["mew"])


def groups(xy, reach):
    """Indices of the marks at display ``xy`` linked by pairs closer than ``reach`` (groups of two or more)."""
    near = np.hypot(*(xy[:, None] - xy[None]).transpose(2, 0, 1)) < reach
    if np.count_nonzero(near) == len(xy):  # each mark near itself only: nothing to share (most steps)
        return []
    label = np.arange(len(xy))  # each group by its smallest index, spread along the links (a few marks)
    while True:
        spread = np.array([label[row].min() for row in near])
        if np.array_equal(spread, label):
            break
        label = spread
    found = [np.flatnonzero(label == g).tolist() for g in sorted(set(label.tolist()))]
    return [g for g in found if len(g) > 1]


def share_markers(ax, markers):
    """Marks closer than :func:`near_px` drawn as one mark shared out in wedges, each on its own data.

    A mark stays on its data (its drawn place is its value).  Where two or
    more classifiers' marks coincide (both at the trivial cost, say), each
    becomes one wedge of the shape (:func:`wedge_marker`), filled in its
    classifier's colour and parted from the next by a thin white edge,
    larger than the mark (:func:`pie_size`): the wedges of ``k``
    coinciding marks make one mark of ``k`` colours, which says that they
    coincide and whose they are, where a stack of marks showed only the top
    one (or, grown into rings, an unreadable disc).  Wedges go round
    clockwise from 12 o'clock in the order the marks are given (the legend's
    order; a mark off the group's centre takes the wedge pointing its way,
    :func:`wedge_parts`).  Groups are marks linked by pairs closer than :func:`near_px`;
    a mark left alone gets its own look back.
    """
    markers = list(markers)
    plan = _wedges(ax, markers)
    for m in markers:
        part = plan.get(m)
        if part is not None and _WEDGE.get(m) is m.get_marker() and _BASE[m].get("part") == part \
                and _same_look(_look(m), _SHARED.get(m)):
            continue  # the wedge it has, as it was set (a step moving the marks apart by less: most steps)
        _own_look(m)
        if part is None:
            continue
        base = _BASE[m]
        path, factor = wedge_marker(base["marker"], *part)
        m.set_marker(path)
        _WEDGE[m] = m.get_marker()
        base["part"] = part
        m.set_markersize(pie_size(base["ms"], part[1]) * factor)
        m.set_markerfacecolor(base["mec"])  # a filled wedge in the classifier's colour
        m.set_markeredgecolor("white")
        m.set_markeredgewidth(PIE_EDGE_PT)
        _SHARED[m] = _look(m)


def _wedges(ax, markers):
    """``{line: (part, of)}``: the wedge :func:`share_markers` gives each mark of a group (a mark alone: none)."""
    shown = [m for m in markers if m.get_visible() and len(m.get_xdata()) == 1]
    if len(shown) < 2:
        return {}
    with np.errstate(invalid="ignore", divide="ignore"):
        xy = ax.transData.transform(np.array([[m.get_xdata()[0], m.get_ydata()[0]] for m in shown], dtype=float))
    keep = [i for i in range(len(shown)) if np.isfinite(xy[i]).all()]
    if len(keep) < 2:
        return {}
    return {shown[keep[k]]: (part, len(group)) for group in groups(xy[keep], near_px(ax.figure.dpi))
            for k, part in zip(group, wedge_parts(xy[keep][group]), strict=True)}


#: A shared mark further than this (pixels) from its group's centre takes the wedge that points its way.
AIM_PX = 0.5


def wedge_parts(xy):
    """The wedge of each of a group's marks at display ``xy`` (y up): a mark off the group's centre, the one
    pointing its way (the farthest chooses first), so that it shows beside the others; the rest in their order.

    >>> wedge_parts(np.array([[0.0, 0.0], [0.0, 0.0], [0.0, -5.0]]) + [10.0, 5.0 / 3])  # the last one below
    [0, 2, 1]
    """
    k = len(xy)
    off = xy - xy.mean(axis=0)
    dist = np.round(np.hypot(off[:, 0], off[:, 1]), 6)  # equal distances equal, whatever the last bits
    mids = np.pi / 2.0 - 2.0 * np.pi * (np.arange(k) + 0.5) / k  # each wedge's middle, clockwise from 12
    free, part = list(range(k)), [None] * k
    for i in sorted(range(k), key=lambda i: (-dist[i], i)):
        if dist[i] <= AIM_PX:
            break
        aim = np.arctan2(off[i, 1], off[i, 0])
        turn = np.array([abs((aim - mids[j] + np.pi) % (2.0 * np.pi) - np.pi) for j in free])
        part[i] = free.pop(int(np.flatnonzero(turn <= turn.min() + 1e-9)[0]))  # of two as near: the first
    for i in range(k):
        if part[i] is None:
            part[i] = free.pop(0)
    return part


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
    short one), else the one covering the fewest (then False is returned).  ``skip``: the lines the
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
                    return True
                tried.append((label, side, frac, va, lb))

    def covered(place):
        lb = place[4]
        return (int(_crossing(segs, lb).sum()) if len(segs) else 0) + sum(1 for b in boxes if _meets(b, lb))

    _place(text, *min(tried, key=covered)[:4])  # min keeps the first of equals: the long label, the top
    return False


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
