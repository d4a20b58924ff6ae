"""The figure lint's pieces read from one Axes: its :class:`Problem`, and the checks of markers and texts over data.

See :mod:`._lint` for the kinds.  Apart from ``_lint.py`` by meaning: these
read one Axes' lines and markers against its texts and its clip box, where
``_lint.py`` reads the boxes of the figure's layout.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..plotting._compat import drawn_ticks, is_colorbar
from ..plotting.layout._legend_geometry import _crossing
from ..plotting.layout._markers import _EDGE_PX, line_segments, marker_radius_px

__all__ = ["Problem", "marker_problems", "text_data_problems", "MIN_MARKER_PX"]

#: Two single-point marks alike in shape, size and fill closer than this (pixels) hide one another.
MIN_MARKER_PX = 5.0
#: A mark more than this share of whose ink (its area, or its outline when its face is white or none) lies under
#: marks drawn over it is hidden: the rings of ten nested dots (0.4 pt each, cost-01/02/03 of the review of
#: 494a71d) show 13 % of the lowest; two nested dots show 56 %.
MAX_COVERED = 0.5
_AA_PX = 0.5  # the edge of a cover anti-aliased: half a pixel of it shows what lies under


@dataclass(frozen=True)
class Problem:
    """One fault: its ``kind`` (one of ``skewplot.testing.KINDS``) and a sentence saying where."""

    kind: str
    message: str

    def __str__(self):
        return f"[{self.kind}] {self.message}"


def _data_axes(fig):
    """The figure's 2-D data Axes: colour bars and hidden Axes left out."""
    return [ax for ax in fig.axes
            if ax.get_visible() and ax.axison and not is_colorbar(ax) and getattr(ax, "name", "") != "3d"]


def _label(ax):
    title = ax.get_title() or ax.get_title(loc="left")
    return f"Axes {ax.get_figure().axes.index(ax)}" + (f" ({title!r})" if title else "")


def _visible_text(text):
    return text.get_visible() and bool(text.get_text().strip())


def _inside(xy, box, tol=0.0):
    return ((xy[:, 0] >= box.x0 - tol) & (xy[:, 0] <= box.x1 + tol)
            & (xy[:, 1] >= box.y0 - tol) & (xy[:, 1] <= box.y1 + tol))


def _look(line_or_coll):
    """A single-point mark's look apart from its colour: ``(shape, size in points, filled)``.

    Two marks alike in these that coincide hide one another whatever their colours (the one on top covers the
    other); a mark is filled unless its face is transparent.
    """
    from matplotlib.collections import PathCollection
    from matplotlib.colors import to_rgba

    if isinstance(line_or_coll, PathCollection):
        faces = line_or_coll.get_facecolor()
        filled = bool(len(faces)) and float(np.asarray(faces)[0][3]) > 0
        size = float(np.sqrt(line_or_coll.get_sizes()[0])) if len(line_or_coll.get_sizes()) else 6.0
        path = line_or_coll.get_paths()[0] if line_or_coll.get_paths() else None
        shape = None if path is None else tuple(np.round(path.vertices, 3).ravel().tolist())
        return shape, round(size, 1), filled
    face = line_or_coll.get_markerfacecolor()
    filled = face not in ("none", "None") and to_rgba(face)[3] > 0
    return str(line_or_coll.get_marker()), round(float(line_or_coll.get_markersize()), 1), filled


def _single_markers(ax):
    """``(look, display xy, artist, data xy)`` of each visible single-point marker of ``ax`` (a line or scatter).

    ``look``: shape, size and fill (:func:`_look`); ``data xy`` the value the mark stands for, where
    ``ax.transData`` puts it (None when the mark is not in data coordinates: an annotation's marker).
    """
    from matplotlib.collections import PathCollection

    out = []
    for line in ax.lines:
        if not line.get_visible() or line.get_marker() in (None, "None", "none", "", " "):
            continue
        xy = np.asarray(line.get_xydata(), dtype=float)
        xy = xy[np.isfinite(xy).all(axis=1)]
        if len(xy) == 1:
            out.append((_look(line), line.get_transform().transform(xy)[0], line, xy[0]))
    for coll in ax.collections:
        if isinstance(coll, PathCollection) and coll.get_visible() and len(coll.get_offsets()) == 1:
            data = np.asarray(coll.get_offsets(), dtype=float)
            xy = coll.get_offset_transform().transform(data)[0]
            if np.isfinite(xy).all():
                out.append((_look(coll), xy, coll, data[0]))
    return out


def _tick_label_boxes(ax, renderer):
    """The display boxes of ``ax``'s drawn tick labels."""
    return [lab.get_window_extent(renderer) for axis in (ax.xaxis, ax.yaxis) for tick in drawn_ticks(axis)
            for lab in (tick.label1, tick.label2) if lab.get_visible() and lab.get_text().strip()]


def _off_data(artist, xy, data, ax):
    """Whether ``artist``'s mark follows ``ax``'s data yet is drawn more than half a pixel from its value.

    A mark follows the data when a step of its value moves it as the data transform moves a point (a mark in
    Axes or figure coordinates does not: it has no value on the axes to be off).
    """
    transform = artist.get_offset_transform() if hasattr(artist, "get_offset_transform") else \
        artist.get_transform()
    with np.errstate(invalid="ignore", divide="ignore"):
        want = ax.transData.transform(data[None])[0]
        if not np.isfinite(want).all():
            return False
        step = ax.transData.inverted().transform((want + 10.0)[None])[0]  # 10 px up and right of the value
        moved = transform.transform(step[None])[0] - xy
    follows = np.isfinite(moved).all() and float(np.hypot(*(moved - 10.0))) < 0.1
    return bool(follows) and float(np.hypot(*(xy - want))) > 0.5


def _clipped(artist, xy, ax):
    """Whether ``artist``'s marker at display ``xy`` reaches past the box it is clipped to."""
    if not artist.get_clip_on():
        return False
    boxes = []
    if artist.get_clip_box() is not None:
        boxes.append(artist.get_clip_box())
    path = artist.get_clip_path()
    if path is not None:  # a TransformedPatchPath of the Axes' patch: its extent
        boxes.append(path.get_fully_transformed_path().get_extents())
    reach = marker_radius_px(artist, ax.figure.dpi) - 0.5  # half a pixel of anti-aliasing
    return any(xy[0] - reach < b.x0 or xy[0] + reach > b.x1 or xy[1] - reach < b.y0 or xy[1] + reach > b.y1
               for b in boxes)


def text_data_problems(fig, renderer):
    """Texts of each Axes that cover one of its lines or single-point markers (see ``"text-data"``)."""
    out = []
    for ax in _data_axes(fig):
        texts = [t for t in ax.texts if _visible_text(t)]
        if not texts:
            continue
        lines = [(line, segs) for line in ax.lines if line.get_visible()
                 for segs in [line_segments(line)] if len(segs)]
        for text in texts:
            tb, covers = _text_cover(text, renderer)
            box = (tb.x0 + _EDGE_PX, tb.y0 + _EDGE_PX, tb.x1 - _EDGE_PX, tb.y1 - _EDGE_PX)
            if box[0] >= box[2] or box[1] >= box[3]:
                continue
            anchor = text.get_transform().transform(text.get_position())[0]
            for line, segs in lines:
                if covers and _starts_at(segs, anchor):
                    segs = segs[:0]  # the line a label starts at (its skew line) may run under its box's edge
                if _crossing(segs, box).any():
                    name = line.get_label()
                    what = f"the line {name!r}" if name and not name.startswith("_") else "a line"
                    out.append(Problem("text-data", f"{_label(ax)} text {text.get_text()!r} covers {what}"))
    return out


def _text_cover(text, renderer):
    """``(extent, boxed)``: what a text hides, its glyphs' box or its opaque box (a filled ``bbox`` patch).

    An opaque box blanks whatever runs under it, also at its edge: a line that
    only touches the text's glyphs (the 1.5 px ``_EDGE_PX`` allowance) is
    then hidden along the box's padding.
    """
    patch = text.get_bbox_patch()
    if patch is None or not patch.get_visible() or patch.get_facecolor()[3] * (patch.get_alpha() or 1.0) < 0.5:
        return text.get_window_extent(renderer), False
    text.update_bbox_position_size(renderer)
    ext = patch.get_window_extent(renderer)
    pad = _EDGE_PX  # the box's own edge: a line along it is seen, not hidden
    return type(ext).from_extents(ext.x0 - pad, ext.y0 - pad, ext.x1 + pad, ext.y1 + pad), True


def _starts_at(segs, x, tol=2.0):
    """Whether ``segs`` (display) form one vertical line at display x ``x``: the line a text is anchored to."""
    xs = segs[:, :, 0]
    return bool(len(segs)) and bool(np.all(np.abs(xs - x) <= tol))


def _drawn_shape(artist, xy, dpi):
    """``(outline, filled, edge px, ink is the area, ink colour)`` of a single-point Line2D's mark at ``xy``.

    The outline is the mark's path as drawn (display pixels, a polygon);
    ``filled``: its face hides what lies under it; its ink (what tells it
    apart) is its area when its face is coloured, else its outline.
    """
    from matplotlib.colors import to_rgba
    from matplotlib.markers import MarkerStyle
    from matplotlib.transforms import Affine2D

    style = MarkerStyle(artist.get_marker())
    size = artist.get_markersize() * dpi / 72.0
    path = style.get_path().transformed(style.get_transform() + Affine2D().scale(size).translate(*xy))
    polys = path.to_polygons(closed_only=False)
    outline = np.concatenate(polys) if polys else np.empty((0, 2))
    face = artist.get_markerfacecolor()
    rgba = (0.0, 0.0, 0.0, 0.0) if face in ("none", "None") else to_rgba(face)
    filled = rgba[3] > 0 and style.is_filled()
    inked = filled and not min(rgba[:3]) > 0.95  # a white face: the outline tells the mark apart
    colour = to_rgba(artist.get_markeredgecolor() if not inked else face)
    return outline, filled, artist.get_markeredgewidth() * dpi / 72.0, inked, colour


def _on_outline(points, outline, reach):
    """Which of display ``points`` lie within ``reach`` pixels of the polygon ``outline``'s edges."""
    if len(outline) < 2:
        return np.zeros(len(points), dtype=bool)
    a, b = outline[:-1], outline[1:]
    d = b - a
    length = np.maximum((d ** 2).sum(axis=1), 1e-12)
    t = np.clip(((points[:, None] - a[None]) * d[None]).sum(axis=2) / length[None], 0.0, 1.0)
    near = a[None] + t[..., None] * d[None]
    return (np.hypot(*(points[:, None] - near).transpose(2, 0, 1)) <= reach).any(axis=1)


def _ink(shape):
    """Sample points (display pixels) of a mark's ink: its area (a grid inside it) or its outline."""
    from matplotlib.path import Path

    outline, _, _, inked, _ = shape
    if len(outline) < 3:
        return outline
    if not inked:  # points along the outline
        a, b = outline[:-1], outline[1:]
        t = np.linspace(0.0, 1.0, 8, endpoint=False)
        return (a[:, None] + t[None, :, None] * (b - a)[:, None]).reshape(-1, 2)
    lo, hi = outline.min(axis=0), outline.max(axis=0)
    grid = np.stack(np.meshgrid(np.linspace(lo[0], hi[0], 16), np.linspace(lo[1], hi[1], 16)), -1).reshape(-1, 2)
    return grid[Path(outline).contains_points(grid)]


def _covers(shape, points):
    """Which of ``points`` a mark drawn over them hides: its area when filled, else its outline's stroke.

    Half a pixel along the cover's edge is left out: anti-aliased, a point there still shows.
    """
    from matplotlib.path import Path

    outline, filled, edge, _, _ = shape
    hidden = _on_outline(points, outline, edge / 2.0 - _AA_PX)
    if filled and len(outline) >= 3:
        hidden |= Path(outline).contains_points(points) & ~_on_outline(points, outline, _AA_PX)
    return hidden


def covered_problems(ax, markers, dpi):
    """Marks of ``ax`` more than :data:`MAX_COVERED` of whose ink lies under marks drawn over them."""
    from matplotlib.lines import Line2D

    lines = [(artist, xy) for _, xy, artist, _ in markers if isinstance(artist, Line2D)]
    order = {id(a): k for k, a in enumerate(ax.get_children())}
    lines.sort(key=lambda item: (item[0].get_zorder(), order.get(id(item[0]), 0)))  # as matplotlib draws them
    shapes = [_drawn_shape(artist, xy, dpi) for artist, xy in lines]
    out = []
    for i, (_, xy) in enumerate(lines):
        ink = _ink(shapes[i])
        reach = np.ptp(shapes[i][0], axis=0).max() if len(shapes[i][0]) else 0.0
        above = [s for s, (_, b) in zip(shapes[i + 1:], lines[i + 1:], strict=True)
                 if float(np.hypot(*(b - xy))) < reach + np.ptp(s[0], axis=0).max()]
        if not len(ink) or not above:
            continue
        hidden = np.zeros(len(ink), dtype=bool)
        for s in above:
            if s[4] != shapes[i][4]:  # one classifier's two marks (a skew dot, a threshold) may lie on each other
                hidden |= _covers(s, ink)
        share = float(hidden.mean())
        if share > MAX_COVERED:
            out.append(Problem("marker-hidden", f"a marker of {_label(ax)} at {xy.round(1)} lies {share:.0%} under "
                                                "the marks drawn over it"))
    return out


def marker_problems(fig, renderer):
    """The ``marker-outside``, ``-clipped``, ``-off-data``, ``-hidden`` and ``-on-tick`` problems of every Axes.

    A mark drawn off its data (moved aside to stay apart) is a defect; two coinciding marks of one shape, size
    and fill are a defect (the one on top hides the other, whatever their colours), and so is a mark more than
    half of whose ink lies under the marks drawn over it (a stack of nested rings): coinciding marks are told
    apart by their look, never by moving one.
    """
    out = []
    for ax in _data_axes(fig):
        ab = ax.get_window_extent(renderer)
        markers = _single_markers(ax)
        ticks = _tick_label_boxes(ax, renderer)
        for _, xy, artist, data in markers:
            reach = marker_radius_px(artist, fig.dpi) - 0.5  # half a pixel of anti-aliasing
            if any(b.x0 < xy[0] + reach and b.x1 > xy[0] - reach and b.y0 < xy[1] + reach and b.y1 > xy[1] - reach
                   for b in ticks):
                out.append(Problem("marker-on-tick", f"a marker of {_label(ax)} at {xy.round(1)} covers a tick "
                                                     "label"))
            if _off_data(artist, xy, data, ax):
                out.append(Problem("marker-off-data", f"a marker of {_label(ax)} is drawn at {xy.round(1)}, off its "
                                                      f"value {tuple(np.round(data, 6).tolist())}"))
            if not _inside(xy[None], ab, tol=0.5)[0]:
                out.append(Problem("marker-outside", f"a marker of {_label(ax)} at {xy.round(1)} lies outside "
                                                     f"the Axes {ab.bounds}"))
            elif _clipped(artist, xy, ax):
                out.append(Problem("marker-clipped", f"a marker of {_label(ax)} at {xy.round(1)} is cut by its "
                                                     f"clip box (the Axes' edge)"))
        hidden = []
        for i, (la, a, _, _) in enumerate(markers):
            for lb, b, _, _ in markers[i + 1:]:
                gap = float(np.hypot(*(a - b)))
                if la == lb and gap < MIN_MARKER_PX:
                    hidden.append(Problem("marker-hidden", f"two markers of {_label(ax)} alike in shape, size and "
                                                           f"fill lie {gap:.1f} px apart (< {MIN_MARKER_PX:g}): one "
                                                           "hides the other"))
        out += hidden or covered_problems(ax, markers, fig.dpi)
    return out
