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
"""

from __future__ import annotations

from operator import methodcaller

__all__ = ["Frames"]


class Frames:
    """Paint the frames of one figure.

    Parameters
    ----------
    figure : matplotlib Figure
    moving : callable
        Returns the artists the widget's controls may change (a fresh list
        on every call; artists the Displays re-create are picked up).

    Attributes
    ----------
    last : {"blit", "draw", None}
        How the latest frame was painted.
    counts : dict
        Frames painted so far, by kind.
    repainted : int or None
        How many Axes the latest blit repainted (None: the whole figure).
    """

    def __init__(self, figure, moving):
        self.figure = figure
        self._moving = moving
        self._background = None
        self._plan = ()
        self._marked = {}  # id -> artist: every part of the plan, set animated
        self._regions = {}
        self._spilled = False  # the last frame painted a text outside its Axes' part
        self._state = None
        self.last = None
        self.repainted = None
        self.counts = {"blit": 0, "draw": 0}
        # Canvas callbacks live on the figure: they survive a new canvas.
        figure.canvas.mpl_connect("draw_event", self._on_draw)

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
            state += [axis.label.get_text() for axis in (ax.xaxis, ax.yaxis) if id(axis) not in planned]
        return tuple(state)

    # ------------------------------------------------------------------ painting
    def redraw(self, axes=None):
        """Show the figure's current state: a blit when possible, else a full draw.

        Parameters
        ----------
        axes : iterable of Axes, optional
            The Axes whose artists changed since the last frame (None: any).
            A blit then repaints only their part of the figure (and that of
            any Axes whose part overlaps it); the rest of the canvas keeps
            the previous frame's pixels, which are still right.

        Returns
        -------
        str
            ``"blit"`` or ``"draw"``.
        """
        canvas = self.figure.canvas
        plan = self.plan()
        if (self._background is None or not hasattr(canvas, "restore_region")
                or plan != self._plan or self._static_state() != self._state):
            self._set_plan(plan)
            self._background = None  # until the draw has taken a new one
            canvas.draw_idle()
            kind = "draw"
        else:
            dirty = None if self._spilled or axes is None else self._dirty(plan, axes)
            if dirty is not None and self._spills([a for a in plan if id(a.axes) in dirty]):
                dirty = None  # a text left its Axes' part: repaint the whole layer this time
            self._spilled = axes is not None and dirty is None and self._spills(plan)
            self.repainted = None if dirty is None else len(dirty)
            if dirty is None:
                canvas.restore_region(self._background)
            else:
                for key in dirty:
                    x0, y0, x1, y1 = self._regions[key]
                    # bbox: the source rectangle; xy: an offset added to it (Agg's copy_from), none here
                    canvas.restore_region(self._background, bbox=(x0, y0, x1, y1), xy=(0, 0))
                plan = [a for a in plan if id(a.axes) in dirty]
            for artist in plan:
                self.figure.draw_artist(artist)
            _whole_frames(canvas)
            canvas.blit(self.figure.bbox)
            kind = "blit"
        self.last = kind
        self.counts[kind] += 1
        return kind

    def _dirty(self, plan, axes):
        """Ids of the Axes to repaint (closed under overlapping regions), or None for the whole figure."""
        if axes is None:
            return None
        owners = {id(a.axes) for a in plan}
        if None in {a.axes for a in plan} or not owners <= self._regions.keys():
            return None
        dirty = {id(ax) for ax in axes} & owners
        grown = True
        while grown:
            grown = False
            for key in owners - dirty:
                if any(_overlap(self._regions[key], self._regions[d]) for d in dirty):
                    dirty.add(key)
                    grown = True
        return dirty

    def _spills(self, artists):
        """Whether any unclipped text or legend among ``artists`` reaches outside its Axes' part."""
        from matplotlib.legend import Legend
        from matplotlib.text import Text

        renderer = self.figure.canvas.get_renderer()
        height = self.figure.canvas.get_width_height(physical=True)[1]
        for artist in artists:
            if (not isinstance(artist, (Text, Legend)) or not artist.get_visible()
                    or isinstance(artist, Text) and not artist.get_text()):
                continue  # lines and patches are clipped to their Axes; an empty text paints nothing
            if id(artist.axes) not in self._regions:
                return True
            x0, y0, x1, y1 = self._regions[id(artist.axes)]
            box = artist.get_window_extent(renderer)
            if box.x0 < x0 or box.x1 > x1 or height - box.y1 < y0 or height - box.y0 > y1:
                return True
        return False

    def _set_plan(self, plan):
        """Let full draws skip ``plan`` (it is painted over the static layer)."""
        self._plan = plan
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
        canvas = event.canvas
        if canvas.is_saving() or not hasattr(canvas, "copy_from_bbox"):
            return  # savefig paints animated artists itself; a foreign canvas has no buffer
        self._background = canvas.copy_from_bbox(self.figure.bbox)
        self._state = self._static_state()
        self._mark(self._parts())  # parts made since the plan was set (e.g. new ticks)
        self._regions = _measure_regions(self.figure, canvas, event.renderer)
        self._spilled = False  # everything is inside the new measure
        for artist in self._plan:
            self.figure.draw_artist(artist)
        _whole_frames(canvas)  # the PNG of this draw is made after this handler


_PAD = 3  # pixels around an Axes' tight box: antialiasing reaches a pixel or two beyond it


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _measure_regions(figure, canvas, renderer):
    """Each Axes' part of the canvas (itself and all it draws) in pixel rows from the top, as Agg counts.

    ``get_tightbbox`` re-positions ticks and titles, which marks them (and
    through them the figure) stale although nothing changed: the same
    staleness a full draw raises while it lays out and then discards.  The
    measurement is part of the full draw it follows, so it discards it too.
    """
    fresh = [a for a in (figure, *figure.axes) if not a.stale]
    width, height = canvas.get_width_height(physical=True)
    regions = {}
    for ax in figure.axes:
        box = ax.get_tightbbox(renderer)
        if box is not None:
            regions[id(ax)] = (max(0, int(box.x0) - _PAD), max(0, int(height - box.y1) - _PAD),
                               min(width, int(box.x1) + 1 + _PAD), min(height, int(height - box.y0) + 1 + _PAD))
    for artist in fresh:
        artist.stale = False
    return regions


def _whole_frames(canvas):
    """Make a WebAgg (ipympl) canvas send its next frame whole, not as a diff (see the module notes)."""
    if hasattr(canvas, "get_diff_image"):
        canvas._force_full = True  # WebAgg's switch, set by a browser "refresh" too
