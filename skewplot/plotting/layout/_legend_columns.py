"""How many columns of a legend fit a width: the widest legend found with as few trial legends as may be.

A legend strip, a figure's shared legend and a key inside a panel each
show their entries in as many columns as fit a width.  A legend is wider
with more columns, so the count was found by bisection: about
``log2(n) + 1`` legends built and measured for ``n`` entries, which was
more than half of a ten-classifier ``plot_pr`` (each try of the strip's
forms and styles bisects again).

Matplotlib lays a legend's entries out in columns of ``np.array_split``
(the first ones one entry longer), each as wide as its widest entry
(handle, pad, text), ``columnspacing`` apart.  From one trial legend the
width of every other column count is foretold (:func:`foretold_widths`:
the texts' widths, and the one legend's own width for what is the same in
all).  Over the review matrix the foretold widths are those of the legends
drawn to ~1e-12 px; a count whose width falls within :data:`CHECKED_PX` of
the width to fit is checked on a legend drawn in that many columns.  Where
a check fails, or the entries are not in the order the legend shows them
(``ordered=False``), the count is found by bisection.
"""

from __future__ import annotations

import numpy as np

__all__ = ["columns", "foretold_widths", "CHECKED_PX"]

#: A column count whose foretold width is this close to the width it must fit is checked on a legend drawn in
#: that many columns (the foretelling is exact to ~1e-12 px over the review matrix: a margin for rounding only).
CHECKED_PX = 0.5


def columns(make, width, n, renderer, ordered=True):
    """The legend ``make(ncol)`` with the most columns (at most ``n``) whose box fits ``width`` pixels.

    ``ordered``: ``make`` shows the entries in the same order whatever
    ``ncol`` (matplotlib fills each column in turn); False where it reorders
    them per count (read across), which keeps the bisection.
    """
    hi = max(n, 1)
    if not ordered or hi <= 2:
        return _bisect(make, width, renderer, hi)
    mid = (hi + 2) // 2  # the bisection's first try
    legend = make(mid)
    widths = foretold_widths(legend, mid, hi, renderer)
    best = max([k for k, w in enumerate(widths, 1) if w <= width] or [1])
    found = _checked(make, width, renderer, legend, mid, best, widths)
    return found if found is not None else _bisect(make, width, renderer, hi)


def _fits(legend, width, renderer):
    return legend.get_window_extent(renderer).width <= width


def _checked(make, width, renderer, legend, mid, best, widths):
    """The legend of ``best`` columns, drawn last, if it fits and one more column does not; else None.

    ``legend``: the trial legend of ``mid`` columns, the last one drawn.
    A foretold width within :data:`CHECKED_PX` of ``width`` is checked on a
    legend drawn in that many columns.
    """
    near = [abs(w - width) <= CHECKED_PX for w in widths]
    if best < len(widths) and (best + 1 == mid or near[best]):
        if best + 1 == mid:
            wider = _fits(legend, width, renderer)
        else:
            legend.remove()
            legend = make(best + 1)  # the last one drawn is no longer the trial's
            wider, mid = _fits(legend, width, renderer), best + 1
        if wider:
            legend.remove()
            return None
    if best == mid:  # the trial legend, drawn last
        if _fits(legend, width, renderer) or best == 1:
            return legend
        legend.remove()
        return None
    legend.remove()
    legend = make(best)
    if best == 1 or not near[best - 1] or _fits(legend, width, renderer):
        return legend
    legend.remove()
    return None


def _bisect(make, width, renderer, n):
    """The count by bisection: about ``log2(n) + 1`` legends drawn, the answer last."""
    lo, hi = 1, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        legend = make(mid)
        if _fits(legend, width, renderer):
            lo = mid
            if lo == hi:
                return legend  # the answer, drawn
        else:
            hi = mid - 1
        legend.remove()
    return make(lo)


def foretold_widths(legend, ncol, n, renderer):
    """The widths in pixels the entries of ``legend`` (drawn in ``ncol`` columns) take in 1, 2, ..., ``n``.

    Each column is as wide as its widest entry (the handle, the pad and the
    text) and the columns ``columnspacing`` apart; what every count shares
    (the border, the frame) is taken from ``legend``'s own width.
    """
    size = renderer.points_to_pixels(legend.prop.get_size_in_points())
    entry = (legend.handlelength + legend.handletextpad) * size + np.array(
        [t.get_window_extent(renderer).width for t in legend.get_texts()])
    gap = legend.columnspacing * size

    def content(k):
        parts = [c for c in np.array_split(entry, k) if len(c)]
        return sum(float(c.max()) for c in parts) + gap * (len(parts) - 1)

    base = legend.get_window_extent(renderer).width - content(ncol)
    return [content(k) + base for k in range(1, n + 1)]
