"""Fast frames for a widget's figure: repaint only what the controls move.

A full Agg draw re-renders every tick label, legend entry and axis label,
and at 1e6 points that, not the numbers, is most of a slider step.
:class:`Frames` keeps the figure's static layer (backgrounds, ticks, tick
labels, the artists no control moves) as a pixel buffer taken at the end of
every full draw.  When a control moves it restores that buffer and draws the
moving artists on top, in the order a full draw would draw them, so each
frame has the pixels of a full draw of the same state.

The moving artists of an Axes are those its Displays report
(``Display._moving_artists``) plus every artist a full draw paints after the
first of them (matplotlib sorts an Axes' children by ``zorder``), so
stacking is never changed.  When anything outside that set changes (axis
limits, a label that was meant to stay, the figure size or dpi, artists
added or removed) the next frame is a full draw, which also takes a new
static layer.

This works on every Agg canvas: the plain one behind the inline backend and
ipympl's, which sends the frame to the browser on ``blit``.  Other canvases
always get a full ``draw_idle``.

ipympl normally sends each frame as a PNG of the pixels that changed since
the previous one, and its browser side draws only the latest PNG to arrive.
A blit is sent at once, not when the browser asks for a frame, so a diff
can overtake a frame the browser has not drawn yet and leave holes (the
"bugs in practice" behind matplotlib's ``supports_blit = False`` for
WebAgg).  :class:`Frames` therefore asks for whole frames on such canvases:
each is complete on its own, whichever arrives last.

Staleness.  A painted frame leaves the figure *not stale*: ipympl, pyplot's
REPL hook and IPython's post-execute ``draw_all`` ask for a full draw of
every stale figure, and the browser answers each such request with one.
Painting an artist outside ``Figure.draw`` would otherwise mark the figure
stale again: a legend moves its offset boxes while it draws, an axis
repositions its ticks, and those parts propagate ``stale`` to their Axes
and the Figure (only *animated* artists keep their staleness to
themselves).  Then the handler that follows each full draw re-staled the
figure, the next request drew it again, and so on.  :class:`Frames`
therefore marks every part of a painted artist (``findobj``: legend texts
and boxes, ticks and their labels) as animated, which is what they are: they
are drawn by the frame, never by the figure's own draw.  The same holds
while the Displays update those parts (new legend texts), so a control step
leaves the figure fresh and costs exactly one frame.

Threads.  JupyterLab (``commsOverSubshells``, default with ipykernel 7)
handles widget messages in a kernel subshell, a thread of its own, while
cells run in the main thread.  A slider step, ipympl's answer to the
browser's "draw" and a cell's ``savefig`` then paint one Agg buffer at
once: the PNG sent is part white, and a static layer copied from it keeps
the damage in every later blit.  So every paint of the figure holds its
paint lock (:func:`guard`).
"""

from __future__ import annotations

from operator import methodcaller

from matplotlib.legend import Legend

from ..plotting._compat import text_sizes_kept
from ._keep import Kept, Lasting, cut
from ._lock import guard
from ._measures import LayerMeasures
from ._parts import Footprints, Painter, any_overlap, on_canvas, out_of_order, whole_frames
from ._requests import DrawRequests

__all__ = ["Frames", "guard"]


class Frames(DrawRequests, LayerMeasures):
    """Paint the frames of one figure (and answer ipympl's requests for a draw, see ``_requests``).

    Parameters
    ----------
    figure : matplotlib Figure
    moving : callable
        Returns the artists the widget's controls may change (a fresh list
        on every call; artists the Displays re-create are picked up).
    lock : threading.RLock, optional
        The figure's paint lock (default: a new one); see :func:`guard`.
    relayout : callable, optional
        ``Layout.refresh`` (see ``_layout``): a draw request lays the figure out first.

    Attributes
    ----------
    last : {"blit", "draw", None}
        How the latest frame was painted.
    counts : dict
        Frames painted so far, by kind.
    repainted : int or None
        How many Axes the latest blit repainted (None: the whole figure).
    kept : :class:`~skewplot.widgets._keep.Kept`
        The texts of those Axes a blit left as they were (``kept.count``).
    lock : threading.RLock
        Held while a frame is painted; the canvas' own draws hold it too.
    """

    def __init__(self, figure, moving, lock=None, relayout=None):
        self.figure = figure
        self.lock = guard(figure.canvas, lock)
        self._moving = moving
        self._background, self._plan = None, ()
        self._by_axes = {}  # Axes id -> its planned artists, in full-draw order
        self._order = {}  # Axes id -> artist id -> index in _by_axes
        self._layers = {}  # ((Axes id, k), ...) -> the static layer with the first k planned artists painted
        self._marked = {}  # id -> artist: every part of the plan, set animated
        self._footprints = None
        self._parts_of = {"regions": {}, "axis_boxes": {}, "spill": {}, "static": {}}  # see _measure_layer
        self._unmeasured = None  # the renderer of a static layer not measured yet
        self._now = {}  # the same for the frame being painted
        self._state = None
        self._named = set()  # ids of the artists and Axes the latest redraw was told changed
        self.kept = Kept(self._boxes, self._part)  # the texts a blit leaves as they are (``_keep``)
        self.lasting = Lasting()  # the boxes of spines and texts that no step changed
        self.last = self.repainted = None
        self.counts = {"blit": 0, "draw": 0}
        self.painter = Painter(figure)  # a legend whose texts kept their sizes is painted without a new layout
        # Canvas callbacks live on the figure: they survive a new canvas.
        figure.canvas.mpl_connect("draw_event", self._on_draw)
        self._answer_draws(relayout)

    # ------------------------------------------------------------------ what moves
    def plan(self):
        """The artists to paint over the static layer, in full-draw order."""
        moving = {id(a) for a in self._moving()}
        plan = []
        for ax in sorted(self.figure.axes, key=methodcaller("get_zorder")):
            order = sorted((a for a in ax.get_children() if a is not ax.patch), key=methodcaller("get_zorder"))
            first = next((i for i, a in enumerate(order) if id(a) in moving), None)
            if first is not None:
                plan.extend(order[first:])
        return tuple(plan)

    def _static_state(self):
        """What the static layer depends on besides the artists themselves."""
        fig = self.figure
        planned = {id(a) for a in self._plan}
        state = [fig.dpi, tuple(fig.get_size_inches()), len(fig.axes)]
        for ax in fig.axes:
            # the Axes' box in pixels (get_position() would re-apply the aspect and mark the Axes stale)
            state += [tuple(ax.bbox.bounds), ax.get_xlim(), ax.get_ylim(), ax.get_xscale(), ax.get_yscale()]
            # a label the plan paints (``plotting._labels.AxisLabel``) is not part of the static layer
            state += [axis.label.get_text() for axis in (ax.xaxis, ax.yaxis)
                      if id(axis) not in planned and id(axis.label) not in self._marked]
        return tuple(state)

    # ------------------------------------------------------------------ painting
    def redraw(self, axes=None):
        """Show the figure's current state: a blit when possible, else a full draw.

        Parameters
        ----------
        axes : iterable of Axes or artists, optional
            What changed since the last frame (None: anything).  An Axes
            means any of its artists; an artist means that artist only.  A
            blit then repaints only the parts of the figure of the Axes
            named (and of any Axes whose part overlaps them); the rest of
            the canvas keeps the previous frame's pixels, which are still
            right.  Within a part, the artists a full draw paints before
            the first one that changed are taken from a cached layer, and a
            text none of whose pixels changed keeps them (``_keep``).

        Returns
        -------
        str
            ``"blit"`` or ``"draw"``.
        """
        with self.lock, text_sizes_kept(self.figure):  # a step measures, lays out and draws its texts once
            return self._redraw(axes)

    def _redraw(self, axes):
        canvas = self.figure.canvas
        self._footprints = None
        self.painter.new_frame()
        plan = self.plan()
        self._named = {id(item) for item in axes or ()}
        self.kept.count = 0
        blit = (self._background is not None and hasattr(canvas, "restore_region") and self._same_plan(plan)
                and self._static_state() == self._state)
        if blit:
            starts = self._starts(axes)
            dirty = None if starts is None else self._dirty(plan, starts)
            # a repainted artist over the static pixels of a later Axes: only a full draw keeps their order
            blit = not out_of_order(self._feet(), [key for key in self._by_axes if dirty is None or key in dirty],
                                    self._by_axes, self._static)
        if not blit:
            self._set_plan(plan)
            self._background = None  # until the draw has taken a new one
            canvas.draw_idle()
            kind = "draw"
        else:
            self._forget(starts)
            self.repainted = None if dirty is None else len(dirty)
            if dirty is None:
                canvas.restore_region(self._background)
                for artist in plan:
                    self.painter.draw(artist)
                self.kept.forget()  # not measured: the next step restores every part whole
                self._spill = self._spill_boxes(self._by_axes)
            else:
                # an Axes repainted only because its part meets a changed one: all its plan is lower layer
                self._paint(dirty, {key: starts.get(key, len(self._by_axes[key])) for key in dirty})
            self._shown()
            whole_frames(canvas)
            canvas.blit(self.figure.bbox)
            kind = "blit"
        self.last = kind
        self.counts[kind] += 1
        return kind

    def _feet(self):
        """The footprints of this frame's artists (measured once per frame, see ``_parts``)."""
        if self._footprints is None:
            self._footprints = Footprints(self.figure, self._regions, self._axis_boxes, self.painter, self.lasting)
        return self._footprints

    def _starts(self, changed):
        """Axes id -> index in its plan of the first artist that ``changed`` names (None: unknown)."""
        if changed is None:
            return None
        from matplotlib.axes import Axes

        starts = {}
        for item in changed:
            ax = item if isinstance(item, Axes) else item.axes
            if ax is None:
                return None
            order = self._order.get(id(ax), {})
            index = 0 if isinstance(item, Axes) else order.get(id(item), 0)
            starts[id(ax)] = min(starts.get(id(ax), index), index)
        return starts

    def _forget(self, starts):
        """Drop the cached layers that hold an artist this step changed."""
        if starts is None:
            self._layers.clear()
            return
        for key in list(self._layers):
            if any(k > starts.get(ax, k) for ax, k in key):
                del self._layers[key]

    def _paint(self, dirty, starts):
        """Repaint the parts of the Axes ``dirty``: their cached lower layer, then the rest of their plan.

        The texts they paint outside their parts, before and after this step,
        come back from the same layer: it is painted on the static layer over
        the whole canvas, so a text of the lower layer keeps its pixels
        outside its part, and a moved one leaves none behind.
        """
        canvas = self.figure.canvas
        width, height = canvas.get_width_height(physical=True)
        boxes = [self._regions[key] for key in sorted(dirty)]
        for key in dirty:
            boxes += on_canvas((*self._spill.get(key, ()), *self._now.get(key, ())), width, height)
            self._spill[key] = self._now.get(key, [])
        starts = self._ordered(dirty, starts)
        lower = any(starts.values())
        key = tuple(sorted(starts.items()))  # every part it restores: the others hold the previous frame
        if lower and key not in self._layers:  # paint the lower layer once, keep it for the next steps
            shown = canvas.copy_from_bbox(self.figure.bbox)
            canvas.restore_region(self._background)
            for ax, k in key:
                for artist in self._by_axes[ax][:k]:
                    self.painter.draw(artist)
            if len(self._layers) >= _MAX_LAYERS:
                self._layers.pop(next(iter(self._layers)))
            self._layers[key] = canvas.copy_from_bbox(self.figure.bbox)
            canvas.restore_region(shown)
        layer = self._layers[key] if lower else self._background
        order = [key for key in self._by_axes if key in dirty]  # the full draw's order of Axes
        painted = [a for ax in order for a in self._by_axes[ax][starts[ax]:]]
        keep = self.kept.choose(painted, self._named)
        if keep:
            boxes = cut(boxes, [b for a in keep.values() for b in self._boxes(a)])
        for box in boxes:
            # bbox: the source rectangle; xy: an offset added to it (Agg's copy_from), none here
            canvas.restore_region(layer, bbox=box, xy=(0, 0))
        painted = [a for a in painted if id(a) not in keep]
        for artist in painted:
            self.painter.draw(artist)
        self.kept.remember(painted)

    def _boxes(self, artist):
        """Where ``artist`` paints, measured before it is painted: a legend (laid out as it paints) in all its part."""
        return self._part(artist) if isinstance(artist, Legend) else self._feet().of(artist)

    def _part(self, artist):
        """The boxes of ``artist``'s part (the whole canvas when it has none)."""
        region = self._regions.get(id(artist.axes))
        return (region,) if region is not None else ((0, 0, *self.figure.canvas.get_width_height(physical=True)),)

    def _ordered(self, dirty, starts):
        """``starts`` moved back to 0 where the cached lower layers would change the order of painting.

        A frame paints every dirty Axes' lower layer (its plan before its
        start) first and the rest of the plans afterwards; a full draw
        paints each Axes' plan whole, one Axes after the other.  The two
        agree unless an artist painted late by an earlier Axes shares
        pixels with one of the lower layer of a later Axes (a long axis
        label over a neighbour's tick labels).  Then that later Axes is
        painted whole, in order.
        """
        order = [key for key in self._by_axes if key in dirty]
        starts = dict(starts)
        feet = self._feet()
        for j, later in enumerate(order):
            lower = self._by_axes[later][:starts[later]]
            if lower and any(feet.meet(self._by_axes[key][starts[key]:], lower) for key in order[:j]):
                starts[later] = 0
        return starts

    def _dirty(self, plan, starts):
        """Ids of the Axes to repaint, or None for the whole figure.

        Closed under shared pixels: an Axes whose part, or a text it paints
        outside its part (a title grown wider than its panel), overlaps the
        part of one being repainted, or a text that one paints (now or in
        the previous frame) outside its own part, is repainted too.
        """
        owners = set(self._by_axes)
        if None in {a.axes for a in plan} or not owners <= self._regions.keys():
            return None
        dirty = set(starts) & owners
        while True:
            self._now = self._spill_boxes(dirty)
            boxes = [self._regions[key] for key in dirty]
            boxes += [b for key in dirty for b in (*self._spill.get(key, ()), *self._now.get(key, ()))]
            grown = {key for key in owners - dirty
                     if any_overlap((self._regions[key], *self._spill.get(key, ())), boxes)}
            if not grown:
                return dirty
            dirty |= grown

    def _same_plan(self, plan):
        """Whether ``plan`` paints what the static layer left out: the plan itself, or its artists in another order
        (a shared mark lifted over a whole one, ``plotting.layout._markers``), which is then the plan."""
        if plan == self._plan:
            return True
        if len(plan) != len(self._plan) or {id(a) for a in plan} != {id(a) for a in self._plan}:
            return False
        self._order_plan(plan)
        return True

    def _order_plan(self, plan):
        self._plan, self._by_axes = plan, {}
        for artist in plan:
            self._by_axes.setdefault(id(artist.axes), []).append(artist)
        self._order = {ax: {id(a): i for i, a in enumerate(arts)} for ax, arts in self._by_axes.items()}
        self._layers.clear()  # a lower layer holds the artists painted before a point of the old order

    def _set_plan(self, plan):
        """Let full draws skip ``plan`` (it is painted over the static layer)."""
        self._order_plan(plan)
        parts = self._parts()
        for key, artist in self._marked.items():
            if key not in parts:
                artist.set_animated(False)
        self._marked = {}
        self._mark(parts)

    def _parts(self):
        """Every artist the plan paints: the planned ones and their parts, by id."""
        return {id(p): p for artist in self._plan for p in artist.findobj(include_self=True)}

    def _mark(self, parts):
        """Animate ``parts``: they are painted by the frame and keep their staleness to themselves."""
        for key, part in parts.items():
            if key not in self._marked:
                part.set_animated(True)
                self._marked[key] = part

    def _on_draw(self, event):
        """After a full draw: keep the static layer, then paint the moving artists on it."""
        if not event.canvas.is_saving() and hasattr(event.canvas, "copy_from_bbox"):  # savefig paints them itself
            self._took_layer(event.canvas, event.renderer)  # (a foreign canvas has no buffer)

    def _took_layer(self, canvas, renderer, over=None):  # the canvas holds a new static layer
        """Keep the new static layer and paint the plan on it (``over``: only where it changed, see
        ``_requests.DrawRequests._repainted_over``)."""
        self._background = canvas.copy_from_bbox(self.figure.bbox)
        self._layers.clear()
        self.painter.forget()
        self.lasting.forget()
        self._state = self._static_state()
        self._mark(self._parts())  # parts made since the plan was set (e.g. new ticks)
        self._unmeasured = renderer  # its parts are measured once the frame is sent (_measures)
        self._footprints = None
        if over is None or not self._repainted_over(canvas, *over):  # (which leaves the canvas alone when not)
            for artist in self._plan:
                self.painter.draw(artist)
        self.kept.forget()
        self._shown()
        whole_frames(canvas)  # the PNG of this draw is made after this handler
        self.measure_later()


_MAX_LAYERS = 8  # cached lower layers (one per kind of step; each a copy of the canvas)
