"""The browser's requests for a draw (ipympl) answered without a full draw where one is not needed (issue 44).

ipympl's page asks for a draw after each resize (its "refresh"), when it
reconnects and whenever the kernel says the figure changed, and a full draw
of the explorer at 2 x 1e6 points takes about a second.  When nothing
changed since the latest frame was painted, the canvas already holds the
figure as it is: that frame is sent again.  After a zoom or Home that needs
no new layout (see :mod:`._layout`), a full draw's static layer differs
from the last one only where the zoomed Axes are: that is painted again
(:func:`repaint_changed`) and the moving artists on it, as after a full draw.

The page sends a corner drag's sizes one at a time (the next once the kernel
took the last) and asks for a draw after each, so each size on the way was
drawn whole (~0.25 s at 2 x 1e6) and the last one waited for them.  A draw
asked for soon after a resize that changed the size (:func:`settle`) is
answered once no new size came for that long, by a timer of the event loop
that handles the page's messages: never beside a message's handler.
ipympl's page says nothing of where a drag starts or ends; the figure's width
probe (:mod:`._width`) does (:meth:`DrawRequests.drag_started`,
:meth:`DrawRequests.drag_ended`): during such a drag no size is drawn on the
way (a size came ~70-160 ms after the one before under load, longer than
:func:`settle` guessed at the drag's start), and its last size is drawn as
soon as the kernel has it, without the wait.

A toolbar gesture's end (a zoom's or a pan's release, Home, Back, Forward,
their keys) asks for a draw too: WebAgg's ``draw_idle`` tells the page, which
asks back, a round trip of ~50-100 ms through JupyterLab.  Such a message is
drawn at once instead (:meth:`DrawRequests.draw_at_once`, on the same event
loop once its handler returned), the frame sent unasked as a blit's is.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import time

import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.text import Text

from ..plotting._axes import tick_state
from ..plotting._compat import text_sizes_kept, ticks_laid_out_once
from ._parts import _pixels, on_canvas, out_of_order, overlap, whole_frames
from ._regions import regions_of, state

__all__ = ["DrawRequests", "repaint_changed", "settle", "RESIZE_SETTLE", "SETTLE_RANGE", "DRAG_END_WAIT"]

#: The page's messages that end a toolbar gesture: a draw they ask for is drawn at once (see the module).
AT_ONCE = frozenset({"button_release", "toolbar_button", "key_press"})
#: Seconds a draw asked for after a drag's first size waits for its next one.
RESIZE_SETTLE = 0.08
#: The bounds of the wait after a later size (:func:`settle`).
SETTLE_RANGE = (0.05, 0.16)
#: Seconds a draw asked for during a drag the page said it started waits for the page to say it ended (or for a
#: next size): a drag end that never comes (a message lost, the mouse let go outside the page) costs no more.
DRAG_END_WAIT = 1.0
_SAME_DRAG = 0.5  # seconds: sizes closer than this are one drag's


def settle(gaps):
    """Seconds a draw waits for the drag's next size, given the drag's latest gaps between sizes (seconds).

    The page sends a size once the kernel took the one before, so a gap is
    the page's round trip: ~20 ms on a quiet machine, 50-75 ms under load
    (JupyterLab + Chromium on two busy cores).  1.5 times the longest of
    the last three, within :data:`SETTLE_RANGE`; :data:`RESIZE_SETTLE`
    before the drag's second size.

    Examples
    --------
    >>> settle([]), settle([0.02, 0.01]), settle([0.06, 0.07])
    (0.08, 0.05, 0.105)
    """
    if not len(gaps):
        return RESIZE_SETTLE
    low, high = SETTLE_RANGE
    return round(min(high, max(low, 1.5 * max(list(gaps)[-3:]))), 6)


class DrawRequests:
    """What :class:`~skewplot.widgets._frames.Frames` answers the page's requests for a draw with.

    Attributes
    ----------
    resent, rebuilt : int
        Requests answered with the frame shown (nothing had changed), and
        by painting the static layer again where Axes changed.
    deferred : int
        Requests that waited for a drag's next size (:func:`settle`).
    at_once : int
        Draws a toolbar gesture asked for, drawn without the page's request (see the module).
    said_ends : int
        Drag ends the page's probe said (:meth:`drag_ended`).
    """

    def _answer_draws(self, relayout):
        """Answer the canvas' draw requests (WebAgg's ``handle_draw``) here; ``relayout``: ``Layout.refresh``."""
        self._renderer = None  # the renderer whose buffer holds the latest frame
        self._relayout = relayout  # lays the figure out again if it must: True when it did
        self.resent = self.rebuilt = self.deferred = self.said_ends = 0
        self._blank = set()
        self._resized_at = -np.inf  # time.monotonic() of the page's latest resize that changed the size
        self._gaps = collections.deque(maxlen=3)  # the drag's latest gaps between sizes (seconds)
        self._shown_size = None  # the canvas' size in the latest frame
        self._later = None  # the timer of a request waiting for the drag's next size
        self._held = None  # that request: (WebAgg's handle_draw, its event)
        self._last_css = None  # the size (CSS px) of the page's latest resize
        self._dragging = False  # the page said a drag started and has not said it ended
        self._final = None  # the size (CSS px) the page's latest drag ended at, until another size comes
        self._answering = False  # within the answer to a page's request (see _measures)
        self._ending = None  # within the page's message that ends a toolbar gesture: the loop that handles it
        self._soon = None  # the loop a draw_at_once is scheduled on
        self.at_once = 0
        canvas = self.figure.canvas
        if hasattr(canvas, "handle_draw") and hasattr(canvas, "get_diff_image"):
            canvas.handle_draw = functools.partial(self._handle_draw, canvas.handle_draw)
            if hasattr(canvas, "handle_event") and "draw_idle" not in vars(canvas):
                canvas.handle_event = functools.partial(self._handle_event, canvas.handle_event)
                canvas.draw_idle = functools.partial(self._draw_idle, canvas.draw_idle)
            if hasattr(canvas, "handle_resize"):
                canvas.handle_resize = functools.partial(self._handle_resize, canvas.handle_resize)
            if hasattr(canvas, "handle_refresh") and hasattr(canvas, "draw_idle"):
                canvas.handle_refresh = functools.partial(self._handle_refresh, canvas.handle_refresh)

    def _handle_event(self, handle, event):
        """WebAgg's ``handle_event``: a message that ends a toolbar gesture notes the event loop it is handled on."""
        kind = event.get("type") if isinstance(event, dict) else None
        loop = None
        if kind in AT_ONCE:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None  # no loop to run the draw after the handler: the page asks for it, as without this
        before, self._ending = self._ending, loop
        try:
            return handle(event)
        finally:
            self._ending = before

    def _draw_idle(self, draw_idle):
        """WebAgg's ``draw_idle``: within a message that ends a toolbar gesture, the draw at once (see the module);
        else the page is told, and asks for the draw."""
        if self._ending is None:
            return draw_idle()
        if self._soon is not self._ending:  # one draw per loop turn (a loop closed before its turn asks again)
            self._soon = self._ending
            self._ending.call_soon(self.draw_at_once)
        return None

    def draw_at_once(self):
        """Answer the draw a toolbar gesture asked for now, as the page's request would be answered, and send the
        frame unasked (see the module)."""
        self._soon = None
        self.at_once += 1
        self.figure.canvas.handle_draw({"type": "draw"})

    def _handle_resize(self, resize, event):
        canvas = self.figure.canvas
        with self.lock:
            size = canvas.get_width_height(physical=True)
            answer = resize(event)
            self._last_css = _css(event)
            if self._last_css != self._final:  # a size after the drag's end: another drag
                self._final = None
            if canvas.get_width_height(physical=True) != size:
                now = time.monotonic()
                if now - self._resized_at > _SAME_DRAG:
                    self._gaps.clear()
                else:
                    self._gaps.append(now - self._resized_at)
                self._resized_at = now
            self._answer_at_last_size()  # the drag's last size, which its end said was coming
            return answer

    def _handle_refresh(self, refresh, event):
        """WebAgg's ``handle_refresh`` (the page's answer to each resize), without its request for a draw when the
        page already holds the figure as it is (a drag's last size drawn before the page's refresh of it came):
        the page would ask, and be sent the same frame again."""
        canvas = self.figure.canvas
        with self.lock:
            if not (canvas.get_width_height(physical=True) == self._shown_size and self._background is not None
                    and self.fresh()):
                return refresh(event)
            own = vars(canvas).get("draw_idle")  # (an instance's own, else the class')
            canvas.draw_idle = _nothing
            try:
                return refresh(event)
            finally:
                if own is None:
                    del canvas.draw_idle
                else:
                    canvas.draw_idle = own

    def _wait_for_size(self, draw, event):
        """Whether the request waits for the drag's next size; a timer asks again (one at a time).

        Only within :func:`settle` of a resize that changed the size since the latest frame, and only
        where the messages' event loop runs the timer (never in a thread of its own: a zoom's or a slider's
        message is handled between, not beside, the draw).
        """
        if (self.figure.canvas.get_width_height(physical=True) == self._shown_size
                or self._final is not None and self._final == self._last_css):  # the drag ended at this size
            return False
        said = self._dragging or self._final is not None  # the page said more sizes come, or which one is last
        wait = self._resized_at + (DRAG_END_WAIT if said else settle(self._gaps)) - time.monotonic()
        if wait <= 0:
            self._dragging = False  # its end, if it comes, is too late: later sizes wait as without it
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False  # no loop to run a timer (a script's canvas)
        if self._later is None:
            self._later = self.figure.canvas.new_timer(interval=max(1, round(1000 * wait)))
            self._later.single_shot = True
            self._later.add_callback(self._asked_again, draw, event)
            self._held = (draw, event)
            self._later.start()
            self.deferred += 1
        return True

    def _asked_again(self, draw, event):
        self._later = self._held = None
        self._handle_draw(draw, event)

    def drag_started(self):
        """The page's corner drag started: until it ends (:meth:`drag_ended`), a request for a draw after a new
        size waits for the drag's end (at most :data:`DRAG_END_WAIT` after the latest size)."""
        with self.lock:
            self._dragging, self._final = True, None

    def drag_ended(self, width, height):
        """The page's corner drag ended at ``width`` x ``height`` CSS px (the last size the page asked for).

        ipympl's page sends a drag's sizes but nothing when the mouse is
        released, so a request for a draw waits :func:`settle` for a next
        size.  Once the drag's last size is the figure's, a request waiting
        for it is answered now, and a later one at once; a size still on its
        way is waited for (its own request is then answered at once).
        """
        with self.lock:
            self.said_ends += 1
            self._dragging = False
            self._final = _css({"width": width, "height": height})
            self._answer_at_last_size()

    def _answer_at_last_size(self):
        """A request held for the drag's next size is answered once the figure is at the size the drag ended at."""
        if self._later is not None and self._final is not None and self._final == self._last_css:
            self._handle_draw(*self._held)

    def _drop_held(self):
        if self._later is not None:
            self._later.stop()
            self._later = self._held = None

    def fresh(self):
        """Whether the canvas holds the figure as it is now (nothing changed since the latest frame was painted).

        A part of the plan changed by hand is stale (every setter marks its artist stale, painting it makes it
        fresh; one that paints nothing stays stale, and counts when it painted something in the latest frame);
        the static layer's own artists mark the figure stale.
        """
        fig = self.figure
        return (self._kept_layer() and not fig.stale and self._static_state() == self._state
                and not any(part.stale and not (key in self._blank and _blank(part))
                            for key, part in self._marked.items()))

    def _kept_layer(self):
        """Whether the static layer kept is of the canvas' renderer (buffer), size, dpi and plan."""
        return (self._background is not None and self.figure.canvas.get_renderer() is self._renderer
                and self._same_plan(self.plan()) and self._static_state()[:3] == self._state[:3])

    def _handle_draw(self, draw, event):
        canvas = self.figure.canvas
        # the layout, the draw, its measures
        with self.lock, ticks_laid_out_once(self.figure, tick_state), text_sizes_kept(self.figure):
            if self._wait_for_size(draw, event):
                return None
            self._drop_held()  # a request still waiting for a size is answered by this one
            self._measure_layer()  # the latest layer's (_measures), before a new layout moves anything
            self._answering = True
            try:
                if self.fresh():
                    self.resent += 1
                elif self._relayout is not None and self._relayout() or not self._kept_layer():
                    return draw(event)
                else:
                    shown = canvas.copy_from_bbox(self.figure.bbox)  # the frame on show
                    changed = repaint_changed(self.figure, canvas, self._background, self._regions, self._spill)
                    if not changed:
                        return draw(event)
                    axes, boxes = changed
                    width, height = canvas.get_width_height(physical=True)
                    # and the places of the texts they painted outside their parts in that frame
                    boxes = boxes + on_canvas([b for ax in axes for b in self._spill.get(id(ax), ())], width, height)
                    self._took_layer(canvas, canvas.get_renderer(), over=(shown, axes, boxes))
                    self.rebuilt += 1
            finally:
                self._answering = False
            whole_frames(canvas)
            canvas.blit(self.figure.bbox)
        return None

    def _repainted_over(self, canvas, frame, axes, boxes):
        """The frame of a static layer new only in ``boxes`` (pixels), where ``axes`` were painted again: the
        ``frame`` shown before, and those Axes' moving artists repainted as a blit repaints them (False: it cannot)."""
        if any(part.stale and part.axes not in axes and not (key in self._blank and _blank(part))
               for key, part in self._marked.items()):
            return False  # a moving artist elsewhere changed by hand since that frame (see ``fresh``)
        self._named = {id(ax) for ax in axes}  # no text of theirs keeps its pixels: the layer under it changed
        starts = {id(ax): 0 for ax in axes if id(ax) in self._by_axes}
        dirty = self._dirty(self._plan, starts)
        if dirty is None or out_of_order(self._feet(), [key for key in self._by_axes if key in dirty],
                                         self._by_axes, self._static):
            return False
        canvas.restore_region(frame)
        for box in boxes:
            canvas.restore_region(self._background, bbox=box, xy=(0, 0))
        self._paint(dirty, {key: starts.get(key, 0) for key in dirty})
        return True

    def _shown(self):
        """The canvas holds the latest frame (the parts of the plan that paint nothing noted)."""
        self._blank = {key for key, part in self._marked.items() if _blank(part)}
        self._renderer = self.figure.canvas.get_renderer()
        self._shown_size = self.figure.canvas.get_width_height(physical=True)


def _nothing():
    return None


def _css(event):
    """The size (CSS px) a resize message asks for, as WebAgg's ``handle_resize`` reads it."""
    return int(event.get("width", 800)), int(event.get("height", 800))


def _blank(artist):
    return not artist.get_visible() or isinstance(artist, Text) and not artist.get_text()


def repaint_changed(figure, canvas, background, parts, spill):
    """The static layer painted again where only some Axes changed (a zoom, Home), not by a full draw.

    The Axes whose :func:`state` is not the one noted in the latest static
    layer are the ones that changed (a zoom leaves every Axes stale: the
    toolbar reads each one's position).  When each of them
    keeps its place and nothing else (another Axes' part or the texts it
    paints outside it, a figure legend or text) shares pixels with its part
    before or after the change, a full draw's static layer differs from
    ``background`` only there: those parts are restored from ``background``,
    cleared to the figure's face and the changed Axes drawn on them, which
    leaves on the canvas what a full draw's static layer would hold.
    ``parts`` and ``spill``: the Axes' parts and outside texts at the last
    full draw (see :mod:`._frames`).  Returns False, leaving the canvas
    alone, when only a full draw gives the right pixels; else the changed
    Axes and the boxes painted again (pixels ``(x0, y0, x1, y1)`` from the
    top left), for the frame to repaint only their moving artists.
    """
    regions = regions_of(figure)
    changed = [ax for ax in figure.axes if state(ax) is None or state(ax) != regions.drawn.get(id(ax))]
    face = np.array(to_rgba(figure.get_facecolor())) * 255
    if (not changed or not figure.patch.get_visible() or face[3] != 255 or np.any(face != np.round(face))
            or getattr(figure, "subfigs", None)):
        return False  # (a face whose bytes a fill might not match exactly)
    if any(a.stale for a in figure.get_children() if a is not figure.patch and a not in figure.axes):
        return False  # a figure legend or text changed
    renderer = canvas.get_renderer()
    width, height = canvas.get_width_height(physical=True)
    boxes = []
    for ax in changed:
        if (id(ax) not in parts or ax.get_aspect() != "auto" or ax.get_axes_locator() is not None
                or ax.child_axes):
            return False
        new = regions.box(ax, renderer)
        if new is None:
            return False
        x0, y0, x1, y1 = parts[id(ax)]
        a0, b0, a1, b1 = _pixels(new, width, height)
        boxes.append((min(x0, a0), min(y0, b0), max(x1, a1), max(y1, b1)))
    others = [b for ax in figure.axes if ax not in changed and id(ax) in parts
              for b in (parts[id(ax)], *spill.get(id(ax), ()))]
    for artist in (*figure.legends, *figure.texts, *figure.artists, *figure.lines, *figure.patches, *figure.images):
        if artist.get_visible():
            others.append(_pixels(artist.get_window_extent(renderer), width, height))
    if any(overlap(a, b) for a in boxes for b in others):
        return False
    canvas.restore_region(background)
    pixels = np.asarray(renderer.buffer_rgba())
    for x0, y0, x1, y1 in boxes:
        pixels[y0:y1, x0:x1] = face.astype(np.uint8)
    for ax in sorted(changed, key=lambda ax: ax.get_zorder()):  # the full draw's order
        ax.draw(renderer)  # its static artists: a full draw paints the animated ones only when saving
    figure.stale = False
    return changed, boxes
