"""The skew marker's label in a saved page's cost and F panels: what the page needs to place it as the kernel does.

The live label takes the first of :data:`~skewplot.plotting.layout._marker_label.LABEL_PLACES`
(heights, then sides of the skew line) where it covers none of the panel's
lines, markers, legend or other texts (``fit_marker_label``).  The page runs
the same search (``runtime/label.js``) on the polylines it drew; it needs the
places, the label's height, the width of the saved label in matplotlib's
pixels (the page scales the browser's measure of each label by the ratio of
the two, so the widths are matplotlib's to a fraction of a pixel) and the
boxes of what else the panel writes.
"""

from __future__ import annotations

from ...plotting.layout._markers import _EDGE_PX, CLEAR_PT, LABEL_PLACES
from ._draw import rgba, text_style

__all__ = ["marker_label"]


def _text_boxes(disp, text, height, renderer=None):
    """The boxes (canvas pixels, y down) of the panel's other texts and its legend: the label avoids them."""
    from ...plotting.layout._legend import _renderer

    renderer = renderer or _renderer(disp.figure_)
    boxes = [t.get_window_extent(renderer) for t in disp.ax_.texts
             if t is not text and t.get_visible() and t.get_text().strip()]
    legend = disp.ax_.get_legend()
    if legend is not None and legend.get_visible():
        boxes.append(legend.get_window_extent(renderer))
    return [[b.x0, height - b.y1, b.x1, height - b.y0] for b in boxes]


def marker_label(disp, renderer, height):
    """The skew label of a cost or F Display as the page fits it: style, saved text, places, obstacle boxes."""
    text = disp.skew_text_
    out = text_style(text, renderer, height)
    out.update(bbox=rgba("white", 0.8), text=text.get_text(), places=[list(p) for p in LABEL_PLACES],
               edge=_EDGE_PX,
               clear=CLEAR_PT * disp.figure_.dpi / 72.0, y=LABEL_PLACES[0][0])
    out["boxes"] = _text_boxes(disp, text, height, renderer)
    # the page's first paint shows the label where the kernel put it (its place depends on what it avoided then)
    x0, y0, w, h = out["box"]
    out["start"] = {"label": text.get_text().strip(), "side": text.get_horizontalalignment(),
                    "frac": float(text.get_position()[1]), "va": text.get_verticalalignment(), "x0": x0, "y0": y0,
                    "width": w, "height": h}
    return out
