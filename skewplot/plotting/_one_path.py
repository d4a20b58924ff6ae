"""A class's thin lines in the cost and F spaces, painted as one path.

A one-vs-rest figure draws every class's per-threshold lines in its colour,
translucent.  Painted line by line (a ``LineCollection``'s own way), the
lines of one class that cross or lie on one another darken each other:
near-equal thresholds stacked into a dark curve no threshold has, and the
class explorer's prior step repainted some forty lines of 400 points each,
the largest part of its frame (9 ms of cost space, 2026-11-30).  Painted as
one path, as a ``Line2D`` paints its line, a pixel that several of a class's
lines cover takes its colour once, and Agg leaves out the vertices that move
the line by less than a ninth of a pixel (matplotlib's path simplification,
which it applies to a line but not to a collection): about half the time.
"""

from __future__ import annotations

import numpy as np
from matplotlib.artist import allow_rasterization
from matplotlib.collections import LineCollection
from matplotlib.path import Path

__all__ = ["OnePathLines"]


class OnePathLines(LineCollection):
    """A ``LineCollection`` of one colour, width and style, painted as one compound path.

    Its lines stay its own (``get_segments``, ``set_segments``); what it
    paints, its extent and what it contains come from ``get_paths``, which
    joins them (:meth:`matplotlib.path.Path.make_compound_path`).  Lines of
    several looks, or with offsets, hatches, sketches or path effects, are
    painted as a ``LineCollection`` paints them.

    Examples
    --------
    >>> lines = OnePathLines([[(0, 0), (1, 1)], [(0, 1), (1, 0)]], colors="C0", alpha=0.3)
    >>> len(lines.get_segments()), len(lines.get_paths()), len(lines.get_paths()[0].vertices)
    (2, 1, 4)
    """

    def _one_look(self):
        return max(len(self.get_edgecolor()), len(self.get_linewidth()), len(self.get_linestyle()),
                   len(self.get_antialiased())) == 1

    def get_paths(self):
        paths = super().get_paths()
        if len(paths) < 2 or not self._one_look():
            return paths  # lines of several looks (colours, widths or dashes given per line): painted line by line
        joined = self.__dict__.get("_joined")  # joined once per set of lines (``set_segments`` makes a new list)
        if joined is None or joined[0] is not paths:
            joined = self.__dict__["_joined"] = (paths, [_joined(paths)])
        return joined[1]

    @allow_rasterization
    def draw(self, renderer):
        paths = self.get_paths()
        if (not self.get_visible() or len(paths) != 1 or not self._one_look() or np.any(self.get_offsets())
                or self.get_hatch() is not None or self.get_sketch_params() is not None or self.get_path_effects()):
            super().draw(renderer)
            return
        renderer.open_group(type(self).__name__, self.get_gid())
        gc = renderer.new_gc()
        if self.get_clip_on():
            if self.get_clip_box() is not None:
                gc.set_clip_rectangle(self.get_clip_box())
            gc.set_clip_path(self.get_clip_path())
        gc.set_snap(self.get_snap())
        gc.set_foreground(tuple(self.get_edgecolor()[0]), isRGBA=True)  # its alpha is in the colour
        gc.set_linewidth(self.get_linewidth()[0])
        gc.set_dashes(*self.get_linestyle()[0])
        gc.set_antialiased(self.get_antialiased()[0])
        for style, setter in ((self.get_joinstyle(), gc.set_joinstyle), (self.get_capstyle(), gc.set_capstyle)):
            if style:
                setter(style)
        transform = self.get_transform()
        renderer.draw_path(gc, transform.transform_path_non_affine(paths[0]), transform.get_affine().frozen())
        gc.restore()
        renderer.close_group(type(self).__name__)
        self.stale = False


def _joined(paths):
    """The lines ``paths`` as one compound path."""
    if any(p.codes is not None for p in paths):
        return Path.make_compound_path(*paths)
    # make_compound_path's path, without its pass over the codes for STOPs (plain lines have none)
    sizes = np.array([len(p.vertices) for p in paths])
    codes = np.full(sizes.sum(), Path.LINETO, dtype=Path.code_type)
    codes[(np.cumsum(sizes) - sizes)[sizes > 0]] = Path.MOVETO
    return Path(np.concatenate([p.vertices for p in paths]), codes)
