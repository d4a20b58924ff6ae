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

The probe also holds the figure's ipympl canvas (``canvas``) and, once per
canvas model in the page, lightens the page's work per frame.  ipympl
0.10's front end, on every image it receives (``handle_binary``), first
PNG-encodes its whole offscreen canvas (``toDataURL``: ~8 ms for the
explorer's 540 x 800 figure in Chromium) to keep ``_data_url``, the picture
a re-created model starts from and a saved notebook keeps (its page never
sends it to the kernel) -- and what it encodes is the frame *before* the one
arriving.  The probe wraps that model instance's ``handle_binary`` (never
the prototype: other figures keep ipympl's behaviour): during the call the
canvas' ``toDataURL`` answers the snapshot ``_data_url`` already holds, so
ipympl's own ``set`` changes nothing, and the snapshot is taken once frames
stop (``_QUIET_MS`` after the last image loaded), of the frame on show.
Anything unexpected (another ipympl, a missing field) leaves ipympl as it
is.  The model then carries ``Symbol.for("skewplot.lightFrames")``: the
frames it received and the snapshots taken (the browser suite reads it).

ipympl's page sends a corner drag's sizes, and nothing when the drag starts
or the mouse is released, so the kernel waits after each size for a next one
before it draws (``_requests.settle``: 50-160 ms), and draws a size on the way
when the page's next one comes later than that.  The probe also watches the
canvas model's ``resize`` (wrapped on the instance), which the page calls for
each size of a drag: before a drag's first size it says the drag started
(``{"type": "drag_start"}``), and on the window's ``mouseup`` it sends the
drag's last size (``{"type": "drag_end"}``).  The kernel then draws no size
on the way, and the last one as soon as it has it (``DrawRequests``).
"""

from __future__ import annotations

import functools
import math

__all__ = ["follow_output_width", "MIN_WIDTH_PX"]  # and OutputWidth (made on first use)

#: The figure is never made narrower than this (CSS px); a narrower output scrolls instead.  The
#: explorer's two columns pass the figure lint down to 430 px (at 420 its panels keep < 60 % of their cells).
MIN_WIDTH_PX = 440
_MARGIN_PX = 2  # the canvas div's border

_QUIET_MS = 300  # a snapshot of the figure this long after its last frame loaded

_ESM = """
// ipympl 0.10 re-encodes its whole offscreen canvas as a PNG on every image it receives, only to keep
// _data_url, and encodes the frame before the one arriving: here the encoding is skipped per frame and
// done once, of the frame on show, when the frames stop.  Only the one canvas model's instance is wrapped.
const LIGHT = Symbol.for("skewplot.lightFrames");
const DRAG = Symbol.for("skewplot.dragEnd");
const QUIET_MS = QUIET;

// The end of a corner drag, said to the kernel with the drag's last size (ipympl's page says nothing of it).
function watchDrag(canvas, model) {
  if (!canvas || canvas[DRAG] || typeof canvas.resize !== "function") return () => {};
  const resize = canvas.resize;  // ipympl's, found on the prototype
  const state = { last: null };
  canvas.resize = function (width, height) {
    if (width > 5 && height > 5) {  // ipympl drops a size of 5 px or less
      if (!state.last) {
        try { model.send({ type: "drag_start" }); } catch (e) { /* the kernel waits as without the probe */ }
      }
      state.last = [width, height];
    }
    return resize.apply(this, arguments);
  };
  const ended = () => {
    if (!state.last) return;
    const [width, height] = state.last;
    state.last = null;
    try {
      model.send({ type: "drag_end", width, height });
    } catch (e) { /* the kernel waits for a next size, as without the probe */ }
  };
  window.addEventListener("mouseup", ended, true);
  canvas[DRAG] = state;
  return () => {
    window.removeEventListener("mouseup", ended, true);
    if (canvas.resize !== resize) delete canvas.resize;
    delete canvas[DRAG];
  };
}

function lighten(canvas) {
  if (!canvas || canvas[LIGHT] || typeof canvas.handle_binary !== "function" || typeof canvas.get !== "function"
      || typeof canvas.set !== "function") return;
  const offscreen = canvas.offscreen_canvas;
  if (!offscreen || typeof offscreen.toDataURL !== "function" || !canvas.image) return;
  const state = { frames: 0, snapshots: 0 };
  const received = canvas.handle_binary;  // ipympl's, found on the prototype
  let timer = 0, watched = null, waiting = false;
  const snapshot = () => {
    timer = 0;
    try {
      canvas.set("_data_url", canvas.offscreen_canvas.toDataURL());
      state.snapshots += 1;
    } catch (e) { /* the snapshot stays the last one */ }
  };
  const loaded = () => {
    if (!waiting) return;  // an image not sent as a frame (the snapshot itself, when a model is re-created)
    waiting = false;
    if (timer) clearTimeout(timer);
    timer = setTimeout(snapshot, QUIET_MS);
  };
  canvas.handle_binary = function (...args) {
    const target = this.offscreen_canvas;
    const own = target && Object.getOwnPropertyDescriptor(target, "toDataURL");
    let shadowed = false;
    try {
      const current = this.get("_data_url");
      Object.defineProperty(target, "toDataURL", { value: () => current, configurable: true, writable: true });
      shadowed = true;
    } catch (e) { /* not shadowed: ipympl encodes as it always did */ }
    try {
      return received.apply(this, args);
    } finally {
      try {
        if (shadowed) {
          if (own) Object.defineProperty(target, "toDataURL", own); else delete target.toDataURL;
        }
        state.frames += 1;
        waiting = true;
        if (timer) { clearTimeout(timer); timer = 0; }
        if (this.image && this.image !== watched) {
          if (watched) watched.removeEventListener("load", loaded);
          watched = this.image;
          watched.addEventListener("load", loaded);
        }
      } catch (e) { /* ipympl has done its part */ }
    }
  };
  canvas[LIGHT] = state;
}

async function initialize({ model }) {
  let unwatch = () => {};
  try {
    const ref = model.get("canvas");
    if (typeof ref !== "string" || !ref.startsWith("IPY_MODEL_")) return;
    model.widget_manager.get_model(ref.slice(10)).then((canvas) => {
      lighten(canvas);
      unwatch = watchDrag(canvas, model);
    }, () => {});
  } catch (e) { /* no canvas model to lighten */ }
  return () => unwatch();
}

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
export default { initialize, render };
""".replace("QUIET;", f"{_QUIET_MS};")


@functools.cache
def _output_width_class():
    import anywidget
    import ipywidgets
    import traitlets

    class OutputWidth(anywidget.AnyWidget):
        """A widget of no height whose ``width`` (CSS px) is the width the page gives it (0 until shown).

        ``canvas``: the figure's ipympl canvas, whose page side it lightens (see the module note), or None.
        """

        _esm = _ESM
        width = traitlets.Int(0).tag(sync=True)
        canvas = traitlets.Instance(ipywidgets.DOMWidget, allow_none=True).tag(
            sync=True, **ipywidgets.widget_serialization)

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
        probe.on_msg(self._message)

    def _message(self, probe, content, buffers):
        """The page's message: a corner drag started, or ended at a size (see the module note); anything else is
        ignored."""
        frames = self.widget.frames
        if not isinstance(content, dict) or frames is None or self.widget.closed_:
            return
        if content.get("type") == "drag_start":
            frames.drag_started()
        elif content.get("type") == "drag_end":
            size = content.get("width"), content.get("height")
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in size):
                frames.drag_ended(*size)

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

    The probe goes among the widget's children and holds the figure's canvas,
    whose frames it lightens in the page; without ipympl (the inline PNG is
    scaled by the page) or without anywidget nothing follows.
    """
    if widget.backend != "ipympl":
        return None
    try:
        probe = _output_width_class()(canvas=widget.figure.canvas)
    except ImportError:  # pragma: no cover - anywidget comes with the widgets extra
        return None
    widget._width_follower = _Follower(widget, probe)
    return probe
