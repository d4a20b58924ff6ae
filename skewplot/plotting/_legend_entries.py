"""The entries of a shared legend: a name without one panel's numbers, and look-alike samples joined into one.

:func:`~skewplot.plotting._legend.share_legend` names every entry by
:func:`entry_name` (``"good"`` for ``"good (AUCPR = 0.612)"``), so that the
panels of a figure add each classifier once, and joins the entries a reader
could not tell apart by :func:`merge_lookalikes`.
"""

from __future__ import annotations

import re

import numpy as np

__all__ = ["entry_name", "merge_lookalikes"]

_NUMBERS = re.compile(r"\s*\((?:[^()]*=[^()]*|[-+\d.eE, ]+)\)$")


def entry_name(label):
    """The name of a legend entry without the numbers of one panel.

    Examples
    --------
    >>> entry_name("good (AUCPR = 0.612)"), entry_name("random (0.0001)"), entry_name("trivial (always −, always +)")
    ('good', 'random', 'trivial (always −, always +)')
    """
    return _NUMBERS.sub("", label)


#: Two entries' colours closer than this in every RGBA channel look alike in a legend's short sample (greys
#: 0.35 and 0.5 do; the classifiers' palette colours differ by far more).
_ALIKE_RGBA = 0.2
_ALIKE_WIDTH = 0.6  # line widths (points) closer than this look alike


def _look(handle):
    """What a legend sample shows of ``handle``: ``(kind, dashes, marker, hatch, width, rgba)``, rgba apart."""
    from matplotlib.colors import to_rgba
    from matplotlib.lines import Line2D

    if isinstance(handle, Line2D):
        dashes = None
        if handle.get_linestyle() not in ("None", "none", "", " "):
            offset, seq = handle._unscaled_dash_pattern
            dashes = (round(float(offset), 2), tuple(round(float(v), 2) for v in seq or ()))
        return ("line", dashes, str(handle.get_marker()), None, float(handle.get_linewidth()),
                np.asarray(to_rgba(handle.get_color(), handle.get_alpha())))
    face = handle.get_facecolor()
    face = np.asarray(face, dtype=float).reshape(-1, 4)[0] if np.size(face) else np.zeros(4)
    hatch = handle.get_hatch() if hasattr(handle, "get_hatch") else None
    return ("fill", None, None, hatch, 0.0, face)


def _alike(a, b):
    return (a[:4] == b[:4] and abs(a[4] - b[4]) < _ALIKE_WIDTH
            and bool(np.all(np.abs(a[5] - b[5]) < _ALIKE_RGBA)))


def merge_lookalikes(entries):
    """``{label: handle}`` with look-alike entries joined into one, labelled ``"a / b / c"`` (first handle kept).

    Examples
    --------
    >>> from matplotlib.lines import Line2D
    >>> grey = dict(color="0.35", linestyle="--", linewidth=1.0)
    >>> merged = merge_lookalikes({"good": Line2D([], [], color="C0"), "random": Line2D([], [], **grey),
    ...                            "chance": Line2D([], [], **{**grey, "color": "0.5"})})
    >>> list(merged)
    ['good', 'random / chance']
    """
    groups = []  # [look, [names], handle]
    for name, handle in entries.items():
        look = _look(handle)
        for group in groups:
            if _alike(group[0], look):
                group[1].append(name)
                break
        else:
            groups.append([look, [name], handle])
    return {" / ".join(names): handle for _, names, handle in groups}
