"""Where on the canvas each Axes, and each artist a frame paints, puts its pixels (for :mod:`._frames`).

Boxes are ``(x0, y0, x1, y1)`` in whole pixels, rows counted from the top as
Agg counts them, padded by ``PAD`` pixels: antialiasing reaches a pixel or
two beyond an artist's extent.

A *part* is an Axes' tight box: itself and all it draws (ticks, labels,
titles), measured after each full draw.  A *footprint* is the box one
artist paints into: its clip box when it is clipped (lines, collections and
patches of an Axes are), else its extent (texts, legends, an axis with its
tick labels).  :class:`~skewplot.widgets._frames.Frames` uses footprints to
tell when two panels' parts share pixels in a way that matters for the
order of painting, and parts to know what to restore.
"""

from __future__ import annotations

import functools
import struct
import zlib

import numpy as np
from matplotlib.legend import Legend
from matplotlib.text import Text
from PIL import Image

from ..plotting._compat import legend_loc, tick_label_extents, webagg_state
from ..plotting._labels import AxisLabel
from ._regions import regions_of

__all__ = ["PAD", "TEXTS", "overlap", "any_overlap", "measure_regions", "Footprints", "static_boxes", "out_of_order",
           "whole_frames", "frame_png", "encode_png", "Painter"]

PAD = 3
#: Artists that paint where their text is, not within their Axes' clip box.
TEXTS = (Text, Legend, AxisLabel)


def overlap(a, b):
    """Whether two boxes share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def any_overlap(first, second):
    """Whether a box of ``first`` shares a pixel with one of ``second`` (:func:`overlap` of every pair, at once)."""
    if not len(first) or not len(second):
        return False
    a, b = np.asarray(first)[:, None, :], np.asarray(second)[None, :, :]
    return bool(((a[..., 0] < b[..., 2]) & (b[..., 0] < a[..., 2]) & (a[..., 1] < b[..., 3]) & (b[..., 1] < a[..., 3]))
                .any())


def on_canvas(boxes, width, height):
    """Pixel boxes ``(x0, y0, x1, y1)`` cut to a ``width`` x ``height`` canvas (a text's box may reach past it)."""
    return [(max(0, x0), max(0, y0), min(width, x1), min(height, y1)) for x0, y0, x1, y1 in boxes]


def _pixels(box, width, height):
    return (max(0, int(box.x0) - PAD), max(0, int(height - box.y1) - PAD),
            min(width, int(box.x1) + 1 + PAD), min(height, int(height - box.y0) + 1 + PAD))


def measure_regions(figure, canvas, renderer, axes_artists=(), kept=False):
    """Each Axes' part, and the boxes of each Axis in ``axes_artists``, measured after a full draw.

    Returns ``(regions, axis_boxes)``: Axes id -> box, Axis id -> tuple of
    boxes (its tick marks and grid, each tick label shown, its offset text;
    the label is measured with each frame, as it may change).  ``kept``
    True: the figure's :class:`~skewplot.widgets._regions.Regions` measure
    again only the Axes whose state changed.

    ``get_tightbbox`` re-positions ticks and titles, which marks them (and
    through them the figure) stale although nothing changed: the same
    staleness a full draw raises while it lays out and then discards.  The
    measurement is part of the full draw it follows, so it discards it too.
    """
    from matplotlib.axis import Axis

    kept = regions_of(figure) if kept else None
    fresh = [a for a in (figure, *figure.axes) if not a.stale]
    width, height = canvas.get_width_height(physical=True)
    regions, axis_boxes = {}, {}
    for ax in figure.axes:
        box = ax.get_tightbbox(renderer) if kept is None else kept.box(ax, renderer, drawn=True)
        if box is not None:
            regions[id(ax)] = _pixels(box, width, height)
    for artist in axes_artists:
        if isinstance(artist, Axis) and artist.get_visible():
            measure = functools.partial(_axis_boxes, artist, renderer, width, height)
            what = (artist.axis_name, width, height)
            # the Axes' state as its box's measure left it (the draw laid every tick out already)
            axis_boxes[id(artist)] = (measure() if kept is None
                                      else kept.of(artist.axes, what, measure, key=kept.drawn.get(id(artist.axes))))
    for artist in fresh:
        artist.stale = False
    return regions, axis_boxes


def _axis_boxes(axis, renderer, width, height):
    """An Axis' boxes without its label: the Axes' box widened by its ticks, each tick label drawn, the offset.

    The box is widened only on the sides that have ticks (out of it by at
    most their length): a neighbour's label just beyond another side does
    not meet the Axis.
    """
    from matplotlib.transforms import Bbox

    ax = axis.axes
    ticks = [*axis.majorTicks[:1], *axis.minorTicks[:1]]
    reach = 2 + max([t.get_tick_padding() for t in ticks] + [0.0]) * ax.figure.dpi / 72
    low, high = (reach * any(getattr(t, line).get_visible() for t in ticks) for line in ("tick1line", "tick2line"))
    (x0, y0), (x1, y1) = ax.bbox.get_points()
    if axis.axis_name == "x":
        box = Bbox.from_extents(x0 - 2, y0 - low, x1 + 2, y1 + high)
    else:
        box = Bbox.from_extents(x0 - low, y0 - 2, x1 + high, y1 + 2)
    boxes = [_pixels(box, width, height)]
    # the tick labels drawn (of ticks in view), as the draw's layout of the ticks measured them
    boxes += [_pixels(box, width, height) for box in tick_label_extents(axis, renderer)]
    offset = axis.get_offset_text()
    if offset.get_visible() and offset.get_text():
        boxes.append(_pixels(offset.get_window_extent(renderer), width, height))
    return tuple(boxes)


class Footprints:
    """The boxes an artist paints into, in the state it has now (one instance per frame).

    Parameters
    ----------
    figure : matplotlib Figure
    regions : dict
        Axes id -> its part (:func:`measure_regions`): the footprint of an
        artist whose extent is unknown.
    axis_boxes : dict
        Axis id -> its box at the last full draw (tick labels change only
        with the limits, which force a full draw; the label is measured anew).
    painter : Painter, optional
    lasting : skewplot.widgets._keep.Lasting, optional
        The boxes of spines and texts unchanged since an earlier frame.
    """

    def __init__(self, figure, regions, axis_boxes, painter=None, lasting=None):
        self._painter = painter  # a legend it keeps in place is measured by its frame, without a layout
        self._lasting = lasting  # boxes of earlier frames that still hold (``_keep.Lasting``)
        self._renderer = figure.canvas.get_renderer()
        self._size = figure.canvas.get_width_height(physical=True)
        self._regions = regions
        self._axis_boxes = axis_boxes
        self._memo = {}
        self._clips = {}  # id of a clip box -> its footprint (the boxes live as long as this frame)
        self._dpi = figure.dpi

    def of(self, artist):
        """The boxes ``artist`` paints into (none when it paints nothing)."""
        key = id(artist)
        if key not in self._memo:
            boxes = None if self._lasting is None else self._lasting.get(artist)
            if boxes is None:
                boxes = self._measure(artist)
                if self._lasting is not None:
                    self._lasting.put(artist, boxes)
            self._memo[key] = boxes
        return self._memo[key]

    def _measure(self, artist):
        from matplotlib.axis import Axis
        from matplotlib.spines import Spine

        if not artist.get_visible() or isinstance(artist, Text) and not artist.get_text():
            return ()
        width, height = self._size
        if isinstance(artist, Axis) and id(artist) in self._axis_boxes:
            return (*self._axis_boxes[id(artist)], *self.of(artist.label))
        if isinstance(artist, Spine):  # its path (get_window_extent would lay out the ticks: slow)
            path = artist.get_transform().transform_path(artist.get_path())
            return (_pixels(path.get_extents().padded(1 + artist.get_linewidth() * self._dpi / 72), width, height),)
        if isinstance(artist, Legend) and self._painter is not None and self._painter.keeps(artist):
            return (_pixels(artist.get_frame().get_window_extent(self._renderer), width, height),)
        if isinstance(artist, TEXTS):
            return (_pixels(artist.get_window_extent(self._renderer), width, height),)
        clip = artist.get_clip_box() if artist.get_clip_on() else None
        if clip is not None:  # most artists of an Axes share its box: measured once a frame
            if id(clip) not in self._clips:
                self._clips[id(clip)] = (_pixels(clip, width, height),)
            return self._clips[id(clip)]
        region = self._regions.get(id(artist.axes))
        return (0, 0, width, height) if region is None else (region,)

    def meet(self, first, second):
        """Whether any artist of ``first`` paints a pixel that one of ``second`` may paint."""
        boxes = [b for a in second for b in self.of(a)]
        return any(overlap(a, b) for artist in first for a in self.of(artist) for b in boxes)


def static_boxes(figure, by_axes, feet):
    """Axes id -> the boxes of its static artists: what a full draw paints there before its first planned artist.

    ``by_axes``: Axes id -> its planned artists (see ``Frames``); ``feet``: the :class:`Footprints` of the
    full draw just made.  Axes without a plan are never repainted and are left out.
    """
    out = {}
    for ax in figure.axes:
        planned = {id(a) for a in by_axes.get(id(ax), ())}
        if planned:
            out[id(ax)] = list(dict.fromkeys(b for a in ax.get_children() if id(a) not in planned and a is not ax.patch
                                             for b in feet.of(a)))  # distinct: many artists share a clip box
    return out


def out_of_order(feet, order, by_axes, static):
    """Whether a frame would paint an artist of one Axes over a static artist of an Axes a full draw paints later.

    A full draw paints the Axes one after the other; a frame keeps every
    Axes' static artists in the static layer, under all it repaints.  The
    two agree unless an artist repainted in an Axes of ``order`` (ids, in
    the full draw's order) shares pixels with a static one (``static``, see
    :func:`static_boxes`) of a later Axes of ``order``: a label moved over a
    neighbour's tick labels.  Then only a full draw has the right pixels.
    """
    painted = {}  # the distinct boxes repainted by the Axes before: most of an Axes' artists share its clip box
    for j, later in enumerate(order):
        if j:
            painted.update(dict.fromkeys(a for artist in by_axes[order[j - 1]] for a in feet.of(artist)))
        boxes = static.get(later)
        if boxes and painted and any_overlap(list(painted), boxes):
            return True
    return False


class Painter:
    """Paints a frame's artists; a legend whose layout a step left as it was, without laying it out again.

    ``Legend.draw`` packs its entries (every text measured, three times)
    before it paints its frame, handles and texts, and a widget's step
    rewrites a legend's texts (the areas in it) on every step: that packing
    was half of ``interactive_pr``'s skew step at 1e6 points.  A legend
    keeps its parts where its last full draw put them, and a single-line
    text is drawn from its left baseline, so while the packing's inputs stay
    (each column's widest text, every text's height and baseline, the
    title, the legend's place) painting the frame, the handles and the
    texts again, in the order ``Legend.draw`` paints them, gives the same
    pixels.  Otherwise (a column grown or shrunk, the legend moved, a
    shadow, a text of several lines, "best" placement) it is drawn whole.
    """

    def __init__(self, figure):
        self.figure = figure
        self._laid = {}  # legend id -> (the legend, its layout's key, its parts in painting order)
        self._now = {}  # legend id -> its key in the frame being painted
        self.relaid = 0  # legends drawn whole (laid out again) so far
        self._renderer = None  # the canvas' renderer in this frame (``Figure.draw_artist`` asks for it per artist)

    def new_frame(self):
        """Before a frame: the legends' texts may have changed."""
        self._now.clear()
        self._renderer = None

    def forget(self):
        """After a full draw: lay every legend out again on its next paint."""
        self._laid.clear()
        self._now.clear()
        self._renderer = None

    def _draw(self, artist):
        """``Figure.draw_artist``, with the renderer found once a frame."""
        if self._renderer is None:
            self._renderer = self.figure.canvas.get_renderer()
        artist.draw(self._renderer)

    def keeps(self, legend):
        """Whether ``legend`` is where its last full draw put it (its frame's box is its extent)."""
        kept = self._laid.get(id(legend))
        if id(legend) not in self._now:
            self._now[id(legend)] = self._key(legend)
        return kept is not None and kept[0] is legend and kept[1] is not None and kept[1] == self._now[id(legend)]

    def draw(self, artist):
        if not isinstance(artist, Legend):
            self._draw(artist)
            return
        if self.keeps(artist):
            for part in self._laid[id(artist)][2]:
                self._draw(part)
            return
        self._draw(artist)
        self.relaid += 1
        self._now[id(artist)] = key = self._key(artist)
        self._laid[id(artist)] = (artist, key, [artist.get_frame(), *_leaves(artist)])

    def _key(self, legend):
        """What the legend's layout depends on that a step may change (None: draw it whole)."""
        texts = [legend.get_title(), *legend.get_texts()]
        if (not legend.get_visible() or legend.shadow or legend_loc(legend) in (0, "best")
                or any("\n" in t.get_text() for t in texts)):
            return None
        renderer = self.figure.canvas.get_renderer()
        title, *boxes = [t.get_window_extent(renderer).bounds for t in texts]
        # Entries are left-aligned in their columns: a column moves only when its widest text's width changes.
        # Right-aligned (markerfirst=False), every text's width places it.
        widths = {}
        for x0, _, w, _ in boxes:
            widths[x0] = max(widths.get(x0, 0.0), w)
        sizes = tuple(b[2] for b in boxes) if _texts_lead(legend) else tuple(sorted(widths.items()))
        return (legend_loc(legend), tuple(legend.get_bbox_to_anchor().bounds), tuple(t.get_visible() for t in texts),
                title, tuple((x0, y0, h) for x0, y0, _, h in boxes), sizes)


def _texts_lead(box):
    """Whether a legend's entries put their texts first (``markerfirst=False``: right-aligned texts)."""
    from matplotlib.offsetbox import DrawingArea, OffsetBox, TextArea

    for child in box.get_children():
        if isinstance(child, OffsetBox):
            kids = child.get_children()
            if len(kids) == 2 and isinstance(kids[0], TextArea) and isinstance(kids[1], DrawingArea):
                return True
            if _texts_lead(child):
                return True
    return False


def _leaves(box):
    """The artists an offset box paints, in painting order (its visible children's, depth first)."""
    from matplotlib.offsetbox import OffsetBox

    out = []
    children = box.get_visible_children() if isinstance(box, OffsetBox) else box.get_children()
    for child in children:
        if isinstance(child, OffsetBox):
            out += _leaves(child)
        elif not isinstance(box, Legend) or child is not box.get_frame():
            out.append(child)
    return out


def whole_frames(canvas):
    """Make a WebAgg (ipympl) canvas send its next frame whole, not as a diff (see :mod:`._frames`).

    Its PNG is then made by :func:`frame_png` (once installed, for every later frame too).
    """
    if webagg_state.has(canvas):
        webagg_state.send_whole(canvas)
        if "get_diff_image" not in vars(canvas):
            canvas.get_diff_image = functools.partial(frame_png, canvas)


def frame_png(canvas):
    """The PNG WebAgg sends for a frame (None when nothing was painted since the last): always whole, fast.

    WebAgg's own ``get_diff_image`` compares each frame with the previous
    one and encodes at zlib level 6; a widget's frames are whole anyway
    (:func:`whole_frames`), and they are encoded by :func:`encode_png`, as
    the inline backend's are, so that ipympl is no slower than inline.
    """
    if not webagg_state.take_new_frame(canvas):
        return None
    pixels = np.asarray(canvas.get_renderer().buffer_rgba())
    canvas.set_image_mode("full")
    if getattr(canvas, "syncing_data_url", False):  # ipympl with no page yet: it keeps this frame as a data URL
        webagg_state.keep_last(canvas, pixels.view(np.uint32).squeeze(2).copy())
    return encode_png(pixels)


def encode_png(pixels, level=1):
    """PNG bytes of an ``(h, w, 4)`` uint8 RGBA frame: RGB when it is opaque, every row "Up"-filtered, zlib ``level``.

    Every slider step encodes one frame, so this is on the step's clock.
    PIL chooses a filter for each row and took 12-15 ms (RGB) and 25-30 ms
    (RGBA) for the explorer's 540 x 800 px at level 1; one filter for all
    rows (each row minus the row above, after PIL dropped the alpha) takes
    about 7 ms, 6 of them zlib's, for the same size of file: a figure's
    rows mostly repeat the row above.  Transparent pixels keep their alpha.

    Examples
    --------
    >>> import io
    >>> from PIL import Image
    >>> rgba = np.zeros((2, 3, 4), np.uint8); rgba[..., 3] = 255; rgba[1, 2, 0] = 200
    >>> img = Image.open(io.BytesIO(encode_png(rgba)))
    >>> img.mode, np.asarray(img)[1, 2].tolist()
    ('RGB', [200, 0, 0])
    """
    pixels = np.asarray(pixels, dtype=np.uint8)
    height, width, _ = pixels.shape
    opaque = bool((pixels[..., 3] == 255).all())
    if opaque:  # PIL drops the alpha in 1.3 ms, numpy's copy of the RGB view in 4 (the explorer's frame)
        pixels = Image.frombuffer("RGBA", (width, height), np.ascontiguousarray(pixels), "raw", "RGBA", 0, 1)
    channels = np.asarray(pixels.convert("RGB") if opaque else pixels).reshape(height, -1)  # a row of bytes a row
    rows = np.empty((height, 1 + channels.shape[1]), np.uint8)
    rows[:, 0] = 2  # filter type "Up": each byte minus the one above it (modulo 256)
    rows[0, 1:] = channels[0]
    np.subtract(channels[1:], channels[:-1], out=rows[1:, 1:])
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    return b"".join((b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header), _chunk(b"IDAT", zlib.compress(rows, level)),
                     _chunk(b"IEND", b"")))


def _chunk(kind, data):
    return b"".join((struct.pack(">I", len(data)), kind, data, struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))))
