"""The texts a frame leaves as they are (for :mod:`._frames`).

A frame restores the parts of the Axes a step changed and paints their
moving artists again.  A text among them that did not change, and whose
pixels no repainted artist touches now or touched in the previous frame,
has in the previous frame exactly the pixels a full draw of this one gives
it: its box need not be restored nor the text painted again.  The cost and
F panels' axis labels are such texts on a step that moves the curves (they
lie outside the Axes, where the curves are clipped): about 8 ms of the
one-vs-rest explorer's prior step at 1e6 rows (issue 43 item 6), on
matplotlib 3.11 more, where a text is drawn glyph by glyph.

Boxes are ``(x0, y0, x1, y1)`` in whole pixels, as :mod:`._parts` gives them.
"""

from __future__ import annotations

from matplotlib.spines import Spine
from matplotlib.text import Text

from ..plotting._labels import AxisLabel
from ._parts import any_overlap, overlap

__all__ = ["cut", "unchanged", "Kept", "Lasting"]


def cut(boxes, holes):
    """``boxes`` without the pixels of ``holes``: each box split into the rectangles around every hole it meets.

    Examples
    --------
    >>> cut([(0, 0, 10, 10)], [(2, 3, 4, 5)])
    [(0, 0, 10, 3), (0, 5, 10, 10), (0, 3, 2, 5), (4, 3, 10, 5)]
    >>> cut([(0, 0, 10, 10)], [(20, 0, 30, 10)])
    [(0, 0, 10, 10)]
    """
    for hole in holes:
        out = []
        for box in boxes:
            if not overlap(box, hole):
                out.append(box)
                continue
            x0, y0, x1, y1 = box
            top, bottom = max(y0, hole[1]), min(y1, hole[3])
            out += [b for b in ((x0, y0, x1, hole[1]), (x0, hole[3], x1, y1), (x0, top, hole[0], bottom),
                                (hole[2], top, x1, bottom)) if b[0] < b[2] and b[1] < b[3]]
        boxes = out
    return boxes


def unchanged(artist):
    """Whether ``artist`` is a text (or an ``AxisLabel``) unchanged since it was last painted.

    Every setter of a text marks it stale and painting it makes it fresh
    again (``Text.draw``; ``AxisLabel.draw``, which paints its Axis' label),
    also for an animated text (animated artists only keep their staleness
    from their parents).  A hidden or empty text stays stale (its ``draw``
    returns first): it counts as changed.
    """
    if isinstance(artist, AxisLabel):
        return not (artist.stale or artist.axis_.label.stale)
    return isinstance(artist, Text) and not artist.stale


class Kept:
    """Where each planned artist was last painted, and which texts a frame may leave as they are.

    Parameters
    ----------
    boxes : callable
        ``boxes(artist)``: the boxes it paints into in this frame.
    part : callable
        ``part(artist)``: the boxes of its Axes' part (where an artist never measured may have painted).

    Attributes
    ----------
    count : int
        Texts the latest frame left as they were.
    """

    def __init__(self, boxes, part):
        self._boxes = boxes
        self._part = part
        self._was = {}  # id -> the boxes of an artist at its latest paint
        self.count = 0

    def forget(self):
        """Where the artists were painted is unknown (a frame painted them without measuring)."""
        self._was.clear()

    def choose(self, painted, named):
        """Of ``painted`` (the artists a frame would paint), the texts to leave as they are: id -> artist.

        ``named``: ids of the artists and Axes the step says it changed
        (an Axes: any of its artists).  A kept text is unchanged
        (:func:`unchanged`) and meets no box another artist of ``painted``
        paints now or painted in the previous frame.
        """
        keep = {id(a): a for a in painted if id(a) not in named and id(a.axes) not in named and unchanged(a)}
        if not keep:
            self.count = 0
            return keep
        boxes = [b for a in painted if id(a) not in keep for b in self._now_and_then(a)]
        grown = True
        while grown and keep:  # a text that meets a repainted one is repainted too
            grown = False
            for key, artist in list(keep.items()):
                if any_overlap(self._boxes(artist), boxes):
                    del keep[key]
                    boxes += self._now_and_then(artist)
                    grown = True
        self.count = len(keep)
        return keep

    def _now_and_then(self, artist):
        return [*self._boxes(artist), *self._was.get(id(artist), self._part(artist))]

    def remember(self, artists):
        """Note where ``artists`` are painted in this frame."""
        for artist in artists:
            self._was[id(artist)] = self._boxes(artist)


class Lasting:
    """The footprints of a frame's spines and texts, reused by the next frames while the artists are unchanged.

    A spine's or a text's box follows from its own state and the figure's
    static state (the Axes' boxes and limits, the dpi), which every blit
    keeps (``Frames._static_state``).  Painting an artist makes it fresh and
    each of its setters stale again (:func:`unchanged`; ``Spine.draw``
    likewise), so while it is fresh its box is the one measured before:
    measuring the cost and F panels' axis labels and every panel's four
    spines again was a tenth of a one-vs-rest prior step's frame.  Forgotten
    at every full draw.
    """

    def __init__(self):
        self._boxes = {}  # id -> (the artist, kept alive; its boxes)

    def forget(self):
        self._boxes.clear()

    def get(self, artist):
        """The boxes measured for ``artist`` while it has its state now, or None."""
        kept = self._boxes.get(id(artist))
        if kept is None or kept[0] is not artist:
            return None
        return kept[1] if (not artist.stale if isinstance(artist, Spine) else unchanged(artist)) else None

    def put(self, artist, boxes):
        """Note the boxes just measured for ``artist`` (only a spine's or a text's are kept)."""
        if isinstance(artist, (Spine, Text, AxisLabel)):
            self._boxes[id(artist)] = (artist, boxes)
