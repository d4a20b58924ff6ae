"""Each Axes' tight box measured once per state, for the frames and the layout of a widget's figure (issue 44).

``Axes.get_tightbbox`` lays every tick of the Axes out again (locators,
formatters, each label's extent), and after each full draw
:mod:`._frames` measures every Axes (its *part*, see :mod:`._parts`): at
2 x 1e6 points that was 40 % of the full draw an ipympl zoom, Home or
resize asks for.  A zoom changes one Axes.  :class:`Regions` keeps each
Axes' box by what it depends on (:func:`state`): its box in pixels, its
limits and scales, its ticks' labels, and every text, legend and axis it
draws that no control moves.  The artists the frames paint over the static
layer (*animated*, see :mod:`._frames`) are left out: where they paint
outside an Axes' part is measured with every frame.

An Axes whose state cannot be told from these (an artist drawn outside its
clip box, an inset Axes) is measured every time.

Examples
--------
>>> from matplotlib.figure import Figure
>>> from matplotlib.backends.backend_agg import FigureCanvasAgg
>>> fig = Figure(figsize=(3, 2)); canvas = FigureCanvasAgg(fig); ax = fig.add_subplot()
>>> regions = Regions()
>>> box = regions.box(ax, canvas.get_renderer())
>>> regions.measured, regions.box(ax, canvas.get_renderer()) == box, regions.measured
(1, True, 1)
>>> _ = ax.set_xlim(0, 1000); _ = regions.box(ax, canvas.get_renderer()); regions.measured
2
"""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.legend import Legend
from matplotlib.spines import Spine
from matplotlib.text import Text

from ..plotting._compat import legend_loc
from ..plotting._notes import notes

__all__ = ["Regions", "regions_of", "state", "contains"]

#: States kept per Axes (a zoom and Home go back and forth between a few).
KEPT = 4


class Regions:
    """Axes' tight boxes (display pixels), and what else is measured of an Axes, by the Axes' :func:`state`."""

    def __init__(self):
        self._kept = {}  # Axes id -> {state: {what: value}}, oldest state first
        self.measured = 0  # get_tightbbox calls so far
        self.laid = None  # Axes id -> its first box since the figure was last laid out (see ``_layout``)
        self.drawn = {}  # Axes id -> its state in the latest static layer

    def box(self, ax, renderer, drawn=False):
        """``ax.get_tightbbox(renderer)``, measured again only when its state changed (None: nothing drawn).

        ``drawn``: measured for a new static layer, whose state it notes (see :func:`repaint_changed`).
        """
        def measure():
            self.measured += 1
            box = ax.get_tightbbox(renderer)
            return None if box is None else box.frozen()

        box, key = self._of(ax, "box", measure)
        if drawn:
            self.drawn[id(ax)] = key
        if self.laid is not None:
            self.laid.setdefault(id(ax), box)
        return box

    def of(self, ax, what, measure, key=None):
        """``measure()``, called again only when ``ax``'s state changed since it was last called for ``what``.

        ``key``: ``ax``'s :func:`state` now, when the caller has it, for a ``measure`` that only reads (lays no
        tick out): the state then is not read again (the explorer's 6 panels' states are ~15 ms).
        """
        return self._of(ax, what, measure, key)[0]

    def _of(self, ax, what, measure, key=None):
        """``(value, state of ax after it)`` (see :meth:`of`)."""
        reads = key is not None
        key = state(ax) if key is None else key
        found = self.known(ax, key, what)
        if found is not None:
            return found[0], key
        value = measure()
        if not reads:
            key = state(ax)  # after the measure: it laid the ticks out at the limits of now
        if key is not None:
            kept = self._kept.setdefault(id(ax), {})
            kept.setdefault(key, {})[what] = (value,)
            while len(kept) > KEPT:
                kept.pop(next(iter(kept)))
        return value, key

    def known(self, ax, key, what="box"):
        """``(value,)`` measured of ``ax`` in state ``key``, or None when it was not."""
        if key is None:
            return None
        return self._kept.get(id(ax), {}).get(key, {}).get(what)


def regions_of(figure):
    """The :class:`Regions` of ``figure`` (one per figure, kept as a note)."""
    found = getattr(notes(figure), "regions", None)
    if found is None:
        found = notes(figure).regions = Regions()
    return found


def state(ax):
    """What ``ax``'s tight box depends on besides its animated artists, or None when that cannot be told.

    The ticks' labels are read as the last tick layout left them: measured
    before a draw at new limits, the state holds the old labels with the new
    limits, which no measure stored.
    """
    if not ax.get_visible():
        return ("hidden",)
    out = [tuple(ax.bbox.bounds), ax.get_xlim(), ax.get_ylim(), ax.get_xscale(), ax.get_yscale()]
    for child in ax.get_children():
        if child is ax.patch or child.get_animated():
            continue
        if isinstance(child, Axis):
            out.append(_axis(child))
        elif isinstance(child, Text):
            out.append(_text(child))
        elif isinstance(child, Legend):
            out.append((id(child), child.get_visible(), legend_loc(child), tuple(child.get_bbox_to_anchor().bounds),
                        _text(child.get_title()), *map(_text, child.get_texts())))
        elif isinstance(child, Spine):
            out.append((id(child), child.get_visible(), child.get_linewidth(), child.get_bounds()))
        elif isinstance(child, Axes):
            return None  # an inset: its own state
        elif child.get_visible() and not (child.get_clip_on() and _within(child.get_clip_box(), ax.bbox)):
            return None  # may draw outside the Axes: only a measure tells where
    return tuple(out)


def _within(clip, box):
    return clip is not None and (clip is box or contains(box, clip))


def contains(outer, inner, tol=0.5):
    """Whether Bbox ``inner`` lies within ``outer`` (display pixels, ``tol`` of play)."""
    return (inner.x0 >= outer.x0 - tol and inner.y0 >= outer.y0 - tol and inner.x1 <= outer.x1 + tol
            and inner.y1 <= outer.y1 + tol)


def _text(text):
    return (id(text), text.get_visible(), text.get_text(), tuple(text.get_position()), text.get_fontsize(),
            text.get_rotation(), text.get_horizontalalignment(), text.get_verticalalignment())


def _axis(axis):
    ticks = tuple((_text(t.label1), _text(t.label2), t.tick1line.get_visible(), t.tick2line.get_visible(),
                   t.get_tick_padding()) for t in (*axis.majorTicks, *axis.minorTicks))
    return (axis.get_visible(), id(axis.get_major_formatter()), id(axis.get_minor_formatter()),
            id(axis.get_major_locator()), id(axis.get_minor_locator()), _text(axis.label),
            _text(axis.get_offset_text()), ticks)
