"""The label of a single-point mark (the skew marker's, a pi* line's, a note of hidden curves): placed inside its
panel where it covers no line, and placed again on the draw's layout when it no longer fits there.

:func:`fit_marker_label` puts the label on the side of its line where it fits
inside the panel; :func:`refit_marker_labels` (run after each layout of a
:class:`~._figure.FittingLayoutEngine`) fits again each label that the layout
left reaching past its panel's edges.  A note of hidden curves is decided and
placed again by a step of its own after the draw's last layout (its curves
may be hidden at one size and not at another: ``plotting/_hidden.py``).
"""

from __future__ import annotations

import weakref

import numpy as np
from matplotlib.container import BarContainer

from .._notes import held, note, notes, unheld
from ._figure import AFTER_LAYOUT
from ._legend import _renderer

__all__ = ["fit_marker_label", "fit_anywhere", "refit_marker_labels", "misplaced", "line_segments", "seen_at",
           "LABEL_PLACES", "CLEAR_PT"]


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


def _within_span(segs, xspan):
    """The segments of ``segs`` that reach into the display x range ``xspan``, in order."""
    lo, hi = xspan
    return segs[(np.maximum(segs[:, 0, 0], segs[:, 1, 0]) >= lo) & (np.minimum(segs[:, 0, 0], segs[:, 1, 0]) <= hi)]


def _obstacles(ax, text, skip):
    """Display segments of ``ax``'s lines (one-point markers as points) other than ``skip`` (see :func:`_within_span`).

    Also the boxes of its other texts and of its legend when inside the
    Axes.  The per-point thin lines (line collections) and bands are
    background a label may sit on.
    """
    view = (tuple(ax.viewLim.bounds), tuple(ax.bbox.bounds))
    segs = [_segments_of(line, view) for line in ax.lines if line not in skip and line.get_visible()]
    segs = np.concatenate(segs) if segs else np.empty((0, 2, 2))
    renderer = _renderer(ax.figure)
    boxes = [t.get_window_extent(renderer) for t in ax.texts
             if t is not text and t.get_visible() and t.get_text().strip()]
    # a histogram's bars are data (apn-02 on matplotlib 3.8: a label at mid-height ran across them)
    boxes += [bar.get_window_extent(renderer) for bars in ax.containers if isinstance(bars, BarContainer)
              for bar in bars if bar.get_visible() and bar.get_height() != 0]
    legend = ax.get_legend()
    if legend is not None and legend.get_visible():
        boxes.append(legend.get_window_extent(renderer))
    return segs, boxes


def fit_marker_label(text, x, labels, skip=(), fallback=True, obstacles=None, sizes=None):
    """Put ``text`` (a label at data x ``x``) where it fits inside its Axes and covers no line.

    ``labels``: the long label, then a short one used when neither side has
    room for the long one; never past the panel's edge, never into the next
    panel.  Of the heights in :data:`LABEL_PLACES` and the sides of the
    marker where a label fits, the first that covers no line, marker,
    legend or other text of the Axes is taken (the long label before the
    short one), else the one covering the fewest (then False is returned; without ``fallback`` the text is
    left where it was last tried, for a caller trying other places).  ``skip``: the lines the label may touch
    (its skew line).  ``obstacles``: ``_obstacles`` with this ``skip``, and ``sizes`` (a dict, filled here: each
    label's width and height in pixels), for a caller fitting the same text at many places.
    """
    from ._legend_geometry import crossing_counts

    notes(text).fitted = (x, tuple(labels), held(skip))  # fitted again if a layout leaves it past the panel
    # a form equal to the one before tries the same places again (fit_anywhere's one form, a short label that is
    # the long one): once, as the last form, where a label wider than both sides takes the roomier one
    labels = [label for i, label in enumerate(labels) if i == 0 or label != labels[i - 1]]
    ax = text.axes
    box = ax.bbox
    px = ax.transData.transform((x, 0.5))[0]
    room = {"left": box.x1 - px, "right": px - box.x0}  # keyed by the label's alignment
    renderer = _renderer(ax.figure)
    segs = boxes = bounds = None
    clear = CLEAR_PT * ax.figure.dpi / 72.0
    sizes = {} if sizes is None else sizes
    tried = []  # (label, side, frac, va) of every place tried, and its box: the fewest-covered one if none is free
    tried_boxes = []
    for rank, label in enumerate(labels):  # measured only when the one before found no free place
        text.set_text(_padded(label))
        if label not in sizes:
            extent = text.get_window_extent(renderer)
            sizes[label] = (extent.width, extent.height)
        width, height = sizes[label]
        sides = [side for side in ("left", "right") if width <= room[side]]
        if not sides:
            if rank < len(labels) - 1:
                continue
            sides = ["left" if room["left"] >= room["right"] else "right"]  # wider than the panel: the roomier side
        if segs is None:  # the first label measured is the widest: its span holds every later one's
            segs, boxes = obstacles or _obstacles(ax, text, set(skip))
            segs = _within_span(segs, (px - width - 2.0, px + width + 2.0))
            bounds = (np.minimum(segs[:, 0], segs[:, 1]), np.maximum(segs[:, 0], segs[:, 1]))
            boxes = np.array([(b.x0, b.y0, b.x1, b.y1) for b in boxes]).reshape(-1, 4)
        places, lbs = [], []
        for frac, va in LABEL_PLACES:
            y = box.y0 + frac * box.height
            y0 = y - height if va == "top" else y if va == "bottom" else y - height / 2.0
            for side in sides:
                x0 = px if side == "left" else px - width
                places.append((label, side, frac, va))
                lbs.append((x0 + _EDGE_PX, y0 - clear, x0 + width - _EDGE_PX, y0 + height + clear))
        lbs = np.array(lbs)
        met = _meeting(boxes, lbs)
        free = ~met.any(axis=1)
        if len(segs):
            free[free] = crossing_counts(segs, bounds, lbs[free]) == 0
        if free.any():  # the first free place, in the order of LABEL_PLACES, left side first
            _place(text, *places[int(np.argmax(free))])
            return True
        tried += places
        tried_boxes.append((lbs, met))

    if not fallback:
        return False
    lbs, met = (np.concatenate(parts) for parts in zip(*tried_boxes, strict=True))
    covered = met.sum(axis=1) + (crossing_counts(segs, bounds, lbs) if len(segs) else 0)
    _place(text, *tried[int(np.argmin(covered))])  # argmin keeps the first of equals: the long label, the top
    return False


def _meeting(boxes, lbs):
    """``(k, m)``: which of the ``m`` boxes ``(x0, y0, x1, y1)`` overlap each of the ``k`` label boxes (as
    :func:`_meets`)."""
    return ((boxes[:, 0] < lbs[:, 2, None]) & (boxes[:, 2] > lbs[:, 0, None]) & (boxes[:, 1] < lbs[:, 3, None])
            & (boxes[:, 3] > lbs[:, 1, None]))


def _meets(bbox, box):
    """Whether the Bbox ``bbox`` and the box ``(x0, y0, x1, y1)`` overlap."""
    return bbox.x0 < box[2] and bbox.x1 > box[0] and bbox.y0 < box[3] and bbox.y1 > box[1]


def _padded(label):
    """``label`` with a space at both ends of every line: each line of a stacked label as far from its line."""
    return "\n".join(f" {line} " for line in label.split("\n"))


def _place(text, label, side, frac, va):
    text.set_text(_padded(label))
    text.set_horizontalalignment(side)
    text.set_verticalalignment(va)
    text.set_y(frac)


def seen_at(ax, x, frac=0.01):
    """Whether a vertical line at data ``x`` lies inside ``ax``'s x range, off its spines (``frac`` of the width)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        f = float((ax.transScale + ax.transLimits).transform([[x, 0.5]])[0, 0])
    return bool(np.isfinite(f) and frac < f < 1.0 - frac)


def fit_anywhere(text, x, labels):
    """Place a note at data ``x`` where it covers nothing, else beside a tenth, two, ... nine tenths of the Axes'
    width, then against its right and left edges (the first free place), each of ``labels`` in turn (the caller's
    forms, the fullest first); with none free, hidden (a note over the curves, or past a narrow panel's edge into the
    next, is worse than none).  Returns whether it shows; fitted again on the draw's layout
    (:func:`refit_marker_labels`).

    Fifths alone left the names of hidden curves no place in prg-08 and prg-10 ("2 curves under another"),
    where a column of them fits between two curves' tails.
    """
    ax = text.axes
    to_data = ax.transData.inverted()
    box = ax.bbox
    margin = CLEAR_PT * ax.figure.dpi / 72.0
    # then against the right and left edges: a note wider than a tenth of the width, beside the last tenth, left
    # the corner past it unused (review24 looked for prg-08's clauses right of logistic's steep end there)
    spots = [box.x0 + f / 10.0 * box.width for f in range(1, 10)] + [box.x1 - margin, box.x0 + margin]
    others = [float(to_data.transform([[px, box.y0]])[0, 0]) for px in spots]
    text.set_visible(True)
    shown = False
    # what a place may cover, gathered once: the same for every place and form but for its x span
    obstacles, sizes = _obstacles(ax, text, set()), {}
    for label in labels:
        for at in (x, *others):
            text.set_x(at)
            # free, and within the panel: fit_marker_label puts a label wider than both sides on the roomier one;
            # the fewest-covered place of a search that failed is wanted only from the last (a resize of the
            # explorer counted crossings over every curve's segments for each of ~20 places, ~40 ms a note)
            if fit_marker_label(text, at, (label,), fallback=False, obstacles=obstacles, sizes=sizes) \
                    and _within(text):
                shown = True
                break
        if shown:
            break
    if not shown and labels:  # the hidden note as the last place tried leaves it: its fewest-covered spot
        fit_marker_label(text, at, (label,), obstacles=obstacles, sizes=sizes)
    text.set_visible(shown)
    notes(text).fitted = None
    notes(text).anywhere = (x, tuple(labels))
    return shown


def _within(text):
    """Whether ``text`` lies between its panel's left and right edges."""
    box, extent = text.axes.bbox, text.get_window_extent(_renderer(text.axes.figure))
    return box.x0 - 0.5 <= extent.x0 and extent.x1 <= box.x1 + 0.5


def misplaced(text, skip=()):
    """Whether ``text`` reaches past its panel's left or right edge, or covers a line (other than ``skip``), a
    marker, a legend or another text of its panel, as :func:`fit_marker_label` tells a free place."""
    from ._legend_geometry import _blocked

    ax = text.axes
    if not _within(text):
        return True
    extent = text.get_window_extent(_renderer(ax.figure))
    segs, boxes = _obstacles(ax, text, set(skip))
    segs = _within_span(segs, (extent.x0 - 2.0, extent.x1 + 2.0))
    clear = CLEAR_PT * ax.figure.dpi / 72.0
    lb = (extent.x0 + _EDGE_PX, extent.y0 - clear, extent.x1 - _EDGE_PX, extent.y1 + clear)
    bounds = (np.minimum(segs[:, 0], segs[:, 1]), np.maximum(segs[:, 0], segs[:, 1]))
    return any(_meets(b, lb) for b in boxes) or bool(len(segs) and _blocked(segs, bounds, lb))


def refit_marker_labels(fig):
    """After the draw's layout, fit again each label of ``fig`` that the layout left past its panel's edge or over
    a line (:func:`fit_marker_label`, :func:`fit_anywhere`); the others stay where they are.  Returns False: the
    labels take no room of the layout.

    A label is fitted when it is plotted, on the Axes as they are before the
    layout (and before a row's areas are placed at the draw): the layout then
    narrowed apn-05's panel, and "observed 0.0300, normal p < 1e-4" crossed its
    left spine on matplotlib 3.8; prg-08's note of hidden curves ended on a curve.
    """
    for ax in fig.axes:
        for text in ax.texts:
            fitted, anywhere = note(text, "fitted"), note(text, "anywhere")
            if fitted is None and anywhere is None or not text.get_text().strip() or note(text, "last", False):
                continue  # (a note of hidden curves: decided and placed after the draw's last layout)
            if anywhere is not None:
                if not text.get_visible() or misplaced(text, ()):
                    fit_anywhere(text, *anywhere)
                continue
            x, labels, skip = fitted
            skip = [line for line in unheld(skip) if line is not None]
            if text.get_visible() and misplaced(text, skip):
                fit_marker_label(text, x, labels, skip=skip)
    return False


AFTER_LAYOUT.append(refit_marker_labels)
