"""A dashed line's legend sample that shows its dashes: two at least, however short the sample.

A legend's sample of a line is ``handlelength`` font sizes long: 12 pt in a
poster grid's legend (1.8 x 6.7 pt).  A threshold's cost and F line of 2 pt
has dashes of 8 pt and gaps of 4 pt (``lines.scale_dashes``), so its sample
was one dash and a gap, a short bar no reader takes for a dashed line
(cost-04 of the figure review, "threshold 2").  :class:`HandlerDashes`
draws such a sample with its pattern shrunk until two dashes and the gap
between them fill it; the legend keeps its size (a longer sample for every
entry widened every legend the layout fits).  A pattern that already shows
two dashes is left as it is.
"""

from __future__ import annotations

from matplotlib.legend_handler import HandlerLine2D
from matplotlib.lines import Line2D

from .._compat import dash_pattern

__all__ = ["HandlerDashes", "dashes_shown", "DASHED"]


def dashes_shown(line, length):
    """Shrink the dashes of the Line2D ``line`` (a legend's sample ``length`` points long) until two dashes and the
    gap between them fit in it; solid and dotted lines that show two already are left.  Returns the scale (1: none).

    Examples
    --------
    >>> from matplotlib.lines import Line2D
    >>> line = Line2D([0, 12], [0, 0], linewidth=2.0, linestyle=(0, (4, 2)))  # 8 pt on, 4 pt off
    >>> round(dashes_shown(line, 12.0), 2), line.get_linestyle()
    (0.6, '--')
    >>> dashes_shown(Line2D([0, 12], [0, 0], linewidth=1.0, linestyle="--"), 12.0)  # 3.7 pt on, 1.6 off
    1.0
    """
    offset, seq = dash_pattern(line, scaled=True)
    if not seq or len(seq) < 2:
        return 1.0
    two = seq[0] + seq[1] + seq[2 % len(seq)]  # a dash, its gap and the next dash
    if two <= length:
        return 1.0
    scale = length / two
    _, unscaled = dash_pattern(line)
    line.set_linestyle((offset * scale, [v * scale for v in unscaled]))
    return scale


class HandlerDashes(HandlerLine2D):
    """matplotlib's sample of a line (:class:`~matplotlib.legend_handler.HandlerLine2D`), its dashes shrunk to show
    two (:func:`dashes_shown`)."""

    def create_artists(self, legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans):
        artists = super().create_artists(legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans)
        for artist in artists:
            if isinstance(artist, Line2D) and artist.get_linestyle() not in ("-", "None", "none", " ", ""):
                dashes_shown(artist, width)
        return artists


#: The ``handler_map`` of the plots' and widgets' legends: a line's sample shows its dashes.
DASHED = {Line2D: HandlerDashes()}
