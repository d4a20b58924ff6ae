"""An ipympl figure that follows the width JupyterLab gives its output.

ipympl's canvas keeps the pixel size it was made with: in a panel narrower
than the figure (a smaller window, the file browser open) it is cut off on
the right, and ipympl 0.10 watches no width.  :class:`OutputWidth` is a
widget of no height placed under the figure whose page side watches its own
width (a ``ResizeObserver`` on the widget's box, whose width JupyterLab's
output area sets, never the figure's) and sends it to the kernel, at most
once an animation frame and only when it changed.  :func:`follow_output_width`
then resizes the figure as ipympl's resize corner does
(``canvas.handle_resize``): to the width the output has, never wider than
the size the figure was made with or the user last dragged it to, at the
same height.  The full draw that follows lays the figure out again at its
new width (``_layout``), so its labels and legends keep the one layout rule
at the width the reader sees, in the figure's own font sizes (the inline
backend's PNG, which the page scales, shrinks its text instead).
"""

from __future__ import annotations

import functools

__all__ = ["follow_output_width", "MIN_WIDTH_PX"]  # and OutputWidth (made on first use)

#: The figure is never made narrower than this (CSS px); a narrower output scrolls instead.  The
#: explorer's two columns pass the figure lint down to 430 px (at 420 its panels keep < 60 % of their cells).
MIN_WIDTH_PX = 440
_MARGIN_PX = 2  # the canvas div's border

_ESM = """
function render({ model, el }) {
  el.style.width = "100%";
  el.style.height = "0px";
  el.style.overflow = "hidden";
  let frame = 0;
  const send = () => {
    frame = 0;
    const width = Math.floor(el.getBoundingClientRect().width);
    if (width > 0 && width !== model.get("width")) {
      model.set("width", width);
      model.save_changes();
    }
  };
  const observer = new ResizeObserver(() => { if (!frame) frame = requestAnimationFrame(send); });
  observer.observe(el);
  return () => { observer.disconnect(); if (frame) cancelAnimationFrame(frame); };
}
export default { render };
"""


@functools.cache
def _output_width_class():
    import anywidget
    import traitlets

    class OutputWidth(anywidget.AnyWidget):
        """A widget of no height whose ``width`` (CSS px) is the width the page gives it (0 until shown)."""

        _esm = _ESM
        width = traitlets.Int(0).tag(sync=True)

    return OutputWidth


def __getattr__(name):
    if name == "OutputWidth":  # anywidget is imported only when a figure follows the page
        return _output_width_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _css_size(fig):
    """The figure's size in CSS pixels (the canvas' pixels over the page's device pixel ratio)."""
    ratio = getattr(fig.canvas, "device_pixel_ratio", 1) or 1
    w, h = fig.get_size_inches() * fig.dpi / ratio
    return float(w), float(h)


class _Follower:
    """Keeps an ipympl figure as wide as its output allows, up to its chosen size (see the module note)."""

    def __init__(self, widget, probe):
        self.widget, self.probe = widget, probe
        self.chosen = _css_size(widget.figure)
        self.fitting = False
        widget.figure.canvas.mpl_connect("resize_event", self._resized)
        probe.observe(self._width, names="width")

    def _resized(self, event):
        if not self.fitting:  # the user dragged ipympl's corner: that size is the figure's chosen one now
            self.chosen = _css_size(self.widget.figure)
            self.fit(self.probe.width)

    def _width(self, change):
        self.fit(change["new"])

    def target(self, available):
        """The width (CSS px) the figure takes in an output ``available`` px wide (0: not shown yet)."""
        if available <= 0:
            return self.chosen[0]
        return max(min(self.chosen[0], available - _MARGIN_PX), min(MIN_WIDTH_PX, self.chosen[0]))

    def fit(self, available):
        widget = self.widget
        if widget.figure is None or widget.closed_:
            return
        width = self.target(available)
        if abs(width - _css_size(widget.figure)[0]) < 1:
            return
        with widget._paint_lock:
            self.fitting = True
            try:
                widget.figure.canvas.handle_resize({"width": round(width), "height": round(self.chosen[1])})
            finally:
                self.fitting = False


def follow_output_width(widget):
    """Under ipympl, make ``widget``'s figure follow its output's width; return the probe to show (or None).

    The probe goes among the widget's children; without ipympl (the inline
    PNG is scaled by the page) or without anywidget nothing follows.
    """
    if widget.backend != "ipympl":
        return None
    try:
        probe = _output_width_class()()
    except ImportError:  # pragma: no cover - anywidget comes with the widgets extra
        return None
    widget._width_follower = _Follower(widget, probe)
    return probe
