"""The figure lint's pieces read from one Axes: its :class:`Problem`, and the checks of markers and texts over data.

See :mod:`._lint` for the kinds.  Apart from ``_lint.py`` by meaning: these
read one Axes' lines and markers against its texts and its clip box, where
``_lint.py`` reads the boxes of the figure's layout.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..plotting._compat import is_colorbar
from ..plotting.layout._legend_geometry import _crossing
from ..plotting.layout._markers import _EDGE_PX, line_segments, marker_radius_px

__all__ = ["Problem", "marker_problems", "text_data_problems", "MIN_MARKER_PX"]

#: The least distance in pixels between two classifiers' single-point markers.
MIN_MARKER_PX = 5.0


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


def _single_markers(ax):
    """``(colours, display xy, artist)`` of each visible single-point marker of ``ax`` (a one-point line or scatter).

    ``colours``: face and edge RGB; two markers belong to one classifier when both agree.
    """
    from matplotlib.collections import PathCollection
    from matplotlib.colors import to_rgba

    out = []
    for line in ax.lines:
        if not line.get_visible() or line.get_marker() in (None, "None", "none", "", " "):
            continue
        xy = np.asarray(line.get_xydata(), dtype=float)
        xy = xy[np.isfinite(xy).all(axis=1)]
        if len(xy) == 1:
            # face and edge: open markers of two classifiers share a white face and differ by their edge
            face, edge = line.get_markerfacecolor(), line.get_markeredgecolor()
            face = edge if face in ("none", "None") or to_rgba(face)[3] == 0 else face
            out.append((to_rgba(face)[:3] + to_rgba(edge)[:3], line.get_transform().transform(xy)[0], line))
    for coll in ax.collections:
        if isinstance(coll, PathCollection) and coll.get_visible() and len(coll.get_offsets()) == 1:
            faces, edges = coll.get_facecolor(), coll.get_edgecolor()
            face = np.asarray(faces if len(faces) else edges)[0][:3]
            edge = np.asarray(edges if len(edges) else faces)[0][:3]
            xy = coll.get_offset_transform().transform(np.asarray(coll.get_offsets(), dtype=float))[0]
            if np.isfinite(xy).all():
                out.append((tuple(face) + tuple(edge), xy, coll))
    return out


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
            tb = text.get_window_extent(renderer)
            box = (tb.x0 + _EDGE_PX, tb.y0 + _EDGE_PX, tb.x1 - _EDGE_PX, tb.y1 - _EDGE_PX)
            if box[0] >= box[2] or box[1] >= box[3]:
                continue
            for line, segs in lines:
                if _crossing(segs, box).any():
                    name = line.get_label()
                    what = f"the line {name!r}" if name and not name.startswith("_") else "a line"
                    out.append(Problem("text-data", f"{_label(ax)} text {text.get_text()!r} covers {what}"))
    return out


def marker_problems(fig, renderer):
    """The ``marker-outside``, ``marker-clipped`` and ``marker-close`` problems of every data Axes."""
    out = []
    for ax in _data_axes(fig):
        ab = ax.get_window_extent(renderer)
        markers = _single_markers(ax)
        for _color, xy, artist in markers:
            if not _inside(xy[None], ab, tol=0.5)[0]:
                out.append(Problem("marker-outside", f"a marker of {_label(ax)} at {xy.round(1)} lies outside "
                                                     f"the Axes {ab.bounds}"))
            elif _clipped(artist, xy, ax):
                out.append(Problem("marker-clipped", f"a marker of {_label(ax)} at {xy.round(1)} is cut by its "
                                                     f"clip box (the Axes' edge)"))
        for i, (ca, a, _) in enumerate(markers):
            for cb, b, _ in markers[i + 1:]:
                if np.allclose(ca, cb, atol=1e-3):
                    continue
                gap = float(np.hypot(*(a - b)))
                if gap < MIN_MARKER_PX:
                    out.append(Problem("marker-close", f"two classifiers' markers of {_label(ax)} lie {gap:.1f} px "
                                                       f"apart (< {MIN_MARKER_PX:g})"))
    return out
