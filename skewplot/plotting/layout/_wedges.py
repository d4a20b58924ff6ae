"""The wedges a shared mark is cut into (:func:`~._markers.share_markers`): each one's path, in the shape's scale."""

from __future__ import annotations

import numpy as np

__all__ = ["wedge_marker"]


def wedge_marker(marker, part, of):
    """Wedge ``part`` of ``of`` of the shape of ``marker`` ("o", "D", "v", ...): ``(path, factor)``.

    The shape is cut into ``of`` equal angles from its centre, clockwise
    from 12 o'clock (a pie chart's order); the wedges of one shape drawn at
    one place and one size make that shape whole.  Drawn as
    ``line.set_marker(path)`` with ``markersize = size * factor``, a wedge
    keeps the scale of ``marker`` at ``size`` (matplotlib scales a path
    marker to half a unit at its largest coordinate; ``factor`` undoes it).

    >>> path, factor = wedge_marker("o", 0, 4)  # the top right quarter of a disc of diameter 1
    >>> v = path.vertices * factor / (2 * np.abs(path.vertices).max())  # as drawn at size 1
    >>> bool(v[:, 0].min() >= -1e-9 and v[:, 1].min() >= -1e-9), round(float(np.hypot(*v.T).max()), 6)
    (True, 0.5)
    """
    key = (marker, part, of) if isinstance(marker, str) else None
    if key not in _MADE:  # a step that shares marks out again asks for the same few wedges (one ray per degree)
        made = _wedge(marker, part, of)
        if key is None:
            return made
        _MADE[key] = made
    return _MADE[key]


#: ``(marker, part, of)`` -> :func:`wedge_marker`'s (read-only) path and factor.
_MADE = {}


def _wedge(marker, part, of):
    from matplotlib.markers import MarkerStyle
    from matplotlib.path import Path

    whole = MarkerStyle(marker)
    # a disc (its path is Bézier curves): a circle of half a unit; a polygon (a diamond, a triangle): its outline
    poly = None if marker == "o" else whole.get_path().transformed(whole.get_transform()).to_polygons()[0]
    top = np.pi / 2.0
    a1, a0 = top - 2.0 * np.pi * part / of, top - 2.0 * np.pi * (part + 1) / of  # clockwise: a0 < a1
    angles = np.linspace(a0, a1, max(2, int(np.ceil(96 * (a1 - a0) / (2 * np.pi))) + 1))
    edge = np.array([_ray(poly, a) for a in angles])
    verts = np.vstack([[0.0, 0.0], edge, [0.0, 0.0]])
    path = Path(verts, [Path.MOVETO] + [Path.LINETO] * len(edge) + [Path.CLOSEPOLY], readonly=True)
    return path, 2.0 * float(np.abs(verts).max())


def _ray(poly, angle):
    """Where the ray from the origin at ``angle`` leaves the convex polygon ``poly`` (None: the disc of radius 0.5)."""
    u = np.array([np.cos(angle), np.sin(angle)])
    if poly is None:
        return 0.5 * u
    p, q = poly[:-1], poly[1:]
    d = q - p
    det = d[:, 0] * u[1] - d[:, 1] * u[0]  # solve t u = p + s d
    with np.errstate(divide="ignore", invalid="ignore"):
        s = (p[:, 1] * u[0] - p[:, 0] * u[1]) / det
        t = (p[:, 0] * d[:, 1] - p[:, 1] * d[:, 0]) / -det
    ok = np.isfinite(s) & (s >= -1e-9) & (s <= 1 + 1e-9) & (t > 0)
    return float(t[ok].max()) * u if ok.any() else np.zeros(2)
