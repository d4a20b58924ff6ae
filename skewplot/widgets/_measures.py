"""The parts of a widget's static layer, measured once its frame is sent (issue 44).

After a full draw (or a zoom's repaint) :class:`~skewplot.widgets._frames.Frames`
keeps the static layer's pixels and needs, for the next blit, where each
Axes' part is, the texts an Axes paints outside it and its static artists'
boxes.  Only the next step, zoom or Home reads them, and measuring them
lays every Axes out again (a tenth of a resize's full draw of the explorer
at 2 x 1e6): the page waits for the frame, not for them.  While a page's
request is answered they are measured by a callback of the event loop that
handles the page's messages, which runs once the handler has sent the
frame's PNG and before the next message; everywhere else at once.  Each of
them measures first what is left, as does a step of the controls before it
moves anything.
"""

from __future__ import annotations

import asyncio

from ..plotting._axes import tick_state
from ..plotting._compat import text_sizes_kept, ticks_laid_out_once
from ._parts import TEXTS, measure_regions, static_boxes

__all__ = ["LayerMeasures"]


class LayerMeasures:
    """The measures of :class:`~skewplot.widgets._frames.Frames`' latest static layer (a mixin)."""

    def measure_later(self):
        """Measure the static layer just taken once its frame is sent (see the module), or now."""
        try:
            loop = asyncio.get_running_loop() if self._answering else None
        except RuntimeError:
            loop = None
        if loop is None:
            self._measure_layer()
        else:
            loop.call_soon(self.measured)

    def measured(self):
        """Measure the latest static layer if it is not yet (see the module)."""
        with self.lock, ticks_laid_out_once(self.figure, tick_state), text_sizes_kept(self.figure):
            self._measure_layer()

    def _measure_layer(self):
        """Measure the latest static layer's parts, if not yet: what the next blit restores and repaints."""
        renderer, self._unmeasured = self._unmeasured, None
        if renderer is None:
            return
        axes = [axis for ax in self.figure.axes if id(ax) in self._by_axes for axis in (ax.xaxis, ax.yaxis)]
        # measuring lays out what the frame painted (a legend's texts): it stays as fresh as painting left it
        fresh = [part for part in self._marked.values() if not part.stale]
        regions = measure_regions(self.figure, self.figure.canvas, renderer, axes, kept=True)
        self._parts_of = dict(zip(("regions", "axis_boxes"), regions, strict=True))
        self._footprints = None
        self._parts_of["spill"] = self._spill_boxes(self._by_axes)  # texts outside their Axes' part
        self._parts_of["static"] = static_boxes(self.figure, self._by_axes, self._feet())
        self.kept.remember(self._plan)
        for part in fresh:
            part.stale = False

    def _measured(name):  # noqa: N805 (a property factory used in the class body)
        def get(self):
            self._measure_layer()
            return self._parts_of[name]

        def put(self, value):
            self._measure_layer()
            self._parts_of[name] = value

        return property(get, put)

    # Axes id -> its part; Axis id -> its boxes; Axes id -> boxes of the texts it paints outside its part in the
    # latest frame; Axes id -> boxes of its static artists (_parts.out_of_order): of the latest static layer
    _regions, _axis_boxes, _spill, _static = map(_measured, ("regions", "axis_boxes", "spill", "static"))
    del _measured

    def _spill_boxes(self, keys):
        """Axes id -> the boxes (pixel rows from the top) of the texts and legends it paints outside its part."""
        feet = self._feet()
        out = {}
        for key in keys:
            x0, y0, x1, y1 = self._regions[key]
            for artist in self._by_axes.get(key, ()):
                if not isinstance(artist, TEXTS):
                    continue  # lines and patches are clipped to their Axes
                for b in feet.of(artist):  # none for a hidden or empty text
                    if b[0] < x0 or b[2] > x1 or b[1] < y0 or b[3] > y1:
                        out.setdefault(key, []).append(b)
        return out
