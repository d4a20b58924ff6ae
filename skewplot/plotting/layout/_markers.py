"""The single-point marks of a panel (skew dots, threshold marks) and the skew marker's label: where, and how they look.

:func:`share_markers` draws coinciding marks as one mark shared out in
wedges (never moving one); :func:`mark_size` sizes a classifier's mark by
the number of classifiers (the marker's label: :mod:`._marker_label`, whose
names are also read from here); :func:`show_whole` lets a marker on the Axes' edge (a threshold at ROC's
(0, 0)) be drawn whole over the spines.
"""

from __future__ import annotations

import math
import weakref

import numpy as np
from matplotlib.transforms import BboxBase

from .._notes import held, note, notes, unheld
from ._figure import LAST_LAYOUT
from ._marker_label import _EDGE_PX, CLEAR_PT, LABEL_PLACES, fit_marker_label, line_segments, seen_at  # noqa: F401
from ._wedges import wedge_marker

__all__ = ["share_markers", "mark_size", "wedge_marker", "wedge_parts", "pie_size", "shared_part", "base_look",
           "crowding", "fit_marker_label", "show_whole", "line_segments", "marker_radius_px", "NEAR_PT", "PIE_BASE",
           "PIE_GROW", "PIE_MAX", "PIE_EDGE_PT", "near_px", "seen_at", "show_whole_line", "share_again"]

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
#: A shared mark's wedges are drawn this much above the marks' own zorder: a whole mark beside a group (a run's
#: mark that is not near all of the group's, :func:`groups`) then passes under the shared mark, which stays whole;
#: a whole mark whose centre the shared mark would cover is drawn twice as much above, over it (:func:`covered`).
PIE_LIFT = 1e-3
#: The size (a share of its own) of a whole mark drawn over a shared mark: the wedges stay seen round it.
OVER_SIZE = 0.5
#: A mark joins a group only while no farther from its centre than this share of its wedge's width at the rim
#: (:func:`attach_px`); farther, a tenth stood out of the pie as an arrowhead (cost-01: 7 px off, the pie 23 px wide).
ATTACH = 0.15
FULL_SIZE_UP_TO = 4  #: classifiers up to which marks, bands and threshold lines keep their look (:func:`crowding`)
_BASE = weakref.WeakKeyDictionary()  # a shared mark's own look (marker, size, face, edge, edge width)
_WEDGE = weakref.WeakKeyDictionary()  # line -> the wedge's path share_markers set (its marker while shared)
_SHARED = weakref.WeakKeyDictionary()  # line -> the look share_markers gave it (a later step keeps it as it is)
_Z = weakref.WeakKeyDictionary()  # line -> its own zorder, while a wedge (PIE_LIFT above it)


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
        line, dpi = self._line, self._ax.figure.dpi
        if line.get_marker() in (None, "None", "none", "", " "):  # a line: half its width
            reach = line.get_linewidth() / 2.0 * dpi / 72.0
        else:
            reach = marker_radius_px(line, dpi) + 1.0  # a pixel of anti-aliasing to spare
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


def show_whole_line(line):
    """Clip ``line`` (no marker) to its Axes grown by half its width: a line on a spine (F = 0) is drawn whole over it.

    Only half a line's width can reach past the Axes, where the clip at the
    Axes' edge hid the half of a line lying on it under the spine.
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
    if line in _Z:  # a wedge's zorder, or a whole mark's over a shared one (:func:`covered`)
        line.set_zorder(_Z.pop(line))
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


def attach_px(radius, k):
    """How far (pixels) a mark may lie from its group's centre to be shared out with it: :data:`ATTACH` of the width
    of a wedge at the rim of ``k`` marks' shared mark, the marks' own being ``radius`` pixels (:func:`pie_size`).

    A wedge drawn on a mark off its group's centre stands that far out of
    the pie and parts from its neighbours: a third may stand off by 15 % of
    its rim, a tenth by 15 % of its narrow one (marks of 5.78 px at 200 dpi:
    2.2 px and 1.1 px); a half as far as :func:`near_px` lets it, as half a
    disc parted from the other (never an arrowhead).

    >>> round(attach_px(5.78, 3), 2), round(attach_px(5.78, 10), 2), attach_px(5.78, 2)
    (2.19, 1.07, inf)
    """
    if k == 2:
        return math.inf
    scale = min(PIE_MAX, PIE_BASE + PIE_GROW * (k - 1))
    return ATTACH * 2.0 * radius * scale * math.sin(math.pi / k)


def _centre(xy, group):  # summed in order, as the page's runtime/share.js sums them
    return sum(float(xy[i, 0]) for i in group) / len(group), sum(float(xy[i, 1]) for i in group) / len(group)


def groups(xy, reach, radius=None):
    """Indices of the marks at display ``xy`` shared out together: groups of two or more, every two of a group
    closer than ``reach`` and, with the marks' ``radius`` (pixels), each no farther from the group's centre than
    :func:`attach_px`.

    The closest two groups whose marks would all be that close are joined, as
    long as there are such (complete linkage).  Groups of pairs linked one to
    the next chained a run of marks into one group: the seven weak classifiers'
    F dots of fm-03, 22 px apart at the ends, were sevenths of one mark that read
    as separate arrowheads.  A mark of a run then stays whole beside a group.

    >>> groups(np.array([[0.0, 0.0], [5.0, 0.0], [10.0, 0.0], [13.0, 0.0]]), 6.0)
    [[0, 1], [2, 3]]
    """
    # rounded: the page's runtime/draw.js joins the same groups in the same order, whatever the last bits
    dist = np.round(np.hypot(*(xy[:, None] - xy[None]).transpose(2, 0, 1)), 6)
    if np.count_nonzero(dist < reach) == len(xy):  # each mark near itself only: nothing to share (most steps)
        return []
    found = [[i] for i in range(len(xy))]  # each group in index order, the groups by their first index
    while True:
        best = None
        for a in range(len(found)):
            for b in range(a + 1, len(found)):
                span = dist[np.ix_(found[a], found[b])].max()
                if span < reach and (best is None or span < best[0]) and _attached(xy, found[a] + found[b], radius):
                    best = (span, a, b)  # of two as close: the first
        if best is None:
            return [g for g in found if len(g) > 1]
        _, a, b = best
        found[a] = sorted(found[a] + found.pop(b))


def _attached(xy, group, radius):
    """Whether each mark of ``group`` is near enough its centre to share out a mark of ``radius`` pixels with it."""
    if radius is None:
        return True
    cx, cy = _centre(xy, group)
    far = max(round(float(np.hypot(xy[i, 0] - cx, xy[i, 1] - cy)), 6) for i in group)
    return far <= round(attach_px(radius, len(group)), 6)


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
    :func:`wedge_parts`).  Every two marks of a group are closer than :func:`near_px`
    (:func:`groups`), and each near its centre (:func:`attach_px`), so that its
    wedge stays in its place in the pie; a mark left alone gets its own look
    back, drawn under a shared mark beside it, or, where one would cover its
    place, over it at :data:`OVER_SIZE` of its size and edged in white
    (:func:`covered`): its place shows and so does each wedge.
    """
    markers = list(markers)
    _keep_set(ax, markers)
    plan, over = _wedges(ax, markers)
    for m in markers:
        part = plan.get(m)
        if part is not None and _WEDGE.get(m) is m.get_marker() and _BASE[m].get("part") == part \
                and _BASE[m].get("over") == (m in over) and _same_look(_look(m), _SHARED.get(m)):
            continue  # the wedge it has, as it was set (a step moving the marks apart by less: most steps)
        _own_look(m)
        if part is None and m not in over:
            continue
        base, lift = _BASE[m], 2 * PIE_LIFT if m in over else PIE_LIFT  # over: smaller, parted by white
        path, factor = wedge_marker(base["marker"], *part) if part is not None else (base["marker"], 1.0)
        m.set_marker(path)
        _WEDGE[m] = m.get_marker()
        base["part"], base["over"] = part or (0, 1), m in over
        m.set_markersize(pie_size(base["ms"], part[1] if part else 1) * factor * (OVER_SIZE if m in over else 1))
        if part is not None:
            m.set_markerfacecolor(base["mec"])  # a filled wedge in the classifier's colour
        m.set_markeredgecolor("white")
        m.set_markeredgewidth(PIE_EDGE_PT)
        _Z[m] = m.get_zorder()
        m.set_zorder(_Z[m] + lift)
        _SHARED[m] = _look(m)


def _keep_set(ax, markers):
    """Note ``markers`` on ``ax`` as one set :func:`share_again` shares out again (in place of any set holding one)."""
    sets = notes(ax).mark_sets = note(ax, "mark_sets", {})
    key = tuple(id(m) for m in markers)
    if key not in sets:
        for old in [k for k in sets if set(k) & set(key)]:
            del sets[old]
        sets[key] = held(markers)


def share_again(fig):
    """Share out every set of marks of ``fig`` again on the layout a draw just made (a step of :data:`LAST_LAYOUT`).

    A plot shares its marks out on the Axes as it is when it is made; the
    draw's layout then shrinks the Axes (a legend below it) and ``savefig``
    may change the dpi, so marks part or come together in pixels.  Shared out
    on the plot's pixels only, fm-03's weak classifiers' F dots were sevenths
    of one mark at points up to 22 px apart, where the figure's pixels group
    them in threes and fours.
    """
    for ax in fig.get_axes():
        for kept in list(note(ax, "mark_sets", {}).values()):
            marks = [m for m in unheld(kept) if m is not None and m.axes is ax]
            if marks:
                share_markers(ax, marks)
    for sub in getattr(fig, "subfigs", ()):
        share_again(sub)


LAST_LAYOUT.append(share_again)


def _wedges(ax, markers):
    """``({line: (part, of)}, over)``: the wedge :func:`share_markers` gives each mark of a group (a mark alone:
    none), and the marks left alone whose centre a shared mark covers (drawn over it)."""
    shown = [m for m in markers if m.get_visible() and len(m.get_xdata()) == 1]
    if len(shown) < 2:
        return {}, set()
    with np.errstate(invalid="ignore", divide="ignore"):
        data = np.array([[m.get_xdata()[0], m.get_ydata()[0]] for m in shown], dtype=float)
        xy = ax.transData.transform(data)
        for k, m in enumerate(shown):  # an off-scale mark (a threshold's precision 0 at a log axis' foot): its own
            if m.get_transform() is not ax.transData:
                xy[k] = m.get_transform().transform(data[k])
    keep = [i for i in range(len(shown)) if np.isfinite(xy[i]).all()]
    if len(keep) < 2:
        return {}, set()
    xy, marks = xy[keep], [shown[i] for i in keep]
    radius = max(base_look(m)["ms"] for m in marks) / 2.0 * ax.figure.dpi / 72.0
    reach = near_px(ax.figure.dpi)
    found, over = covered(xy, groups(xy, reach, radius), radius, reach)
    plan = {marks[k]: (part, len(group)) for group in found
            for k, part in zip(group, wedge_parts(xy[group]), strict=True)}
    return plan, {marks[i] for i in over}


def covered(xy, found, radius, reach):
    """``(groups, over)``: the groups ``found`` (:func:`groups`) to share out, and the marks (indices into ``xy``)
    whose place, or whose group's centre, a larger group's shared mark covers (the marks' own ``radius`` pixels
    grown to :func:`pie_size`'s): drawn over it, smaller.  A group so drawn whose marks are no longer near at that
    size (``reach`` by :data:`OVER_SIZE`, at least the lint's 5 px) is drawn as its marks, each whole.

    Under a shared mark, such a mark or group was hidden whole (cost-02's
    logistic and gbm, halves of a mark 3 px below eight shared out in a mark
    22 px wide); cost-01's, 6.4 px apart, as halves of a smaller one, hardly showed.

    >>> covered(np.array([[0.0, 0.0], [0.0, 0.0], [0.0, 5.0], [0.0, 6.0], [0.0, 12.0]]), [[0, 1], [2, 3]], 5.0, 8.0)
    ([[0, 1], [2, 3]], [2, 3])
    """
    under = []  # the groups drawn as they are, the larger first, then by their first mark
    for g in sorted(found, key=lambda g: (-len(g), g[0])):
        if not any(_inside(_centre(xy, g), xy, h, radius) for h in under):
            under.append(g)
    near = max(OVER_SIZE * reach, NEAR_MIN_PX - 1.0)
    kept = [g for g in found if g in under or max(round(float(np.hypot(*(xy[i] - xy[j]))), 6)
                                                  for i in g for j in g) < near]
    mine = {i: g for g in kept for i in g}
    return kept, [i for i in range(len(xy)) if (mine[i] not in under if i in mine
                                                else any(_inside(xy[i], xy, g, radius) for g in under))]


def _inside(point, xy, group, radius):
    """Whether ``point`` lies within the shared mark of ``group`` of ``xy`` (the marks' own ``radius`` grown)."""
    cx, cy = _centre(xy, group)
    return round(float(np.hypot(point[0] - cx, point[1] - cy)), 6) < round(pie_size(radius, len(group)), 6)


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
