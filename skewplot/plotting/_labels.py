"""An axis label drawn by an artist of its own, not by its Axis.

matplotlib's ``Axis.draw`` paints the ticks, the tick labels and then the
axis label.  A widget that rewrites a label on every step (the cost space's
``m``, the F space's weight) therefore had to repaint the whole Axis, tick
labels included, about 10-20 ms a step, although only the label changed.
:class:`AxisLabel` paints the label instead, as a child of the Axes at a
zorder of its own; the Axis keeps laying the label out (its position beside
the tick labels, its room in the figure's layout) but no longer paints it.
The Axis can then stay in a widget's static layer, and a step repaints the
label alone.
"""

from __future__ import annotations

import weakref

from matplotlib.artist import Artist

from ._notes import notes

__all__ = ["AxisLabel"]


def _drawn_by(proxy):
    """The label's ``draw`` as its Axis calls it: nothing while ``proxy`` paints it (still in its Axes)."""
    label = proxy.axis_.label

    def draw(renderer):
        if not any(a is proxy for a in proxy.axis_.axes.get_children()):  # gone (``Axes.clear``): the Axis paints
            type(label).draw(label, renderer)

    return draw


class AxisLabel(Artist):
    """Paint ``axis``' label as an artist of ``axis.axes`` at ``zorder``.

    Parameters
    ----------
    axis : matplotlib Axis
    zorder : float

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> label = AxisLabel(ax.xaxis, zorder=2.6)
    >>> ax.set_xlabel("skew")  # doctest: +ELLIPSIS
    Text(...)
    >>> label in ax.get_children(), label.get_children() == [ax.xaxis.label]
    (True, True)
    >>> plt.close(fig)
    """

    def __init__(self, axis, zorder):
        super().__init__()
        self.axis_ = axis
        # a fitted label's shorter form is set through it (``layout._figure.fit_label``); noted by weak reference,
        # as it holds the axis (see ``_notes``)
        notes(axis).painter = (weakref.ref(self),)
        self.set_zorder(zorder)
        self.set_in_layout(False)  # the Axis counts its label in the layout
        axis.label.draw = _drawn_by(self)
        axis.axes.add_artist(self)
        self.set_clip_on(False)

    def set_text(self, text):
        """Rewrite the label: this artist is stale, the Axis is not (``Axis.set_label_text`` would mark it stale,
        and a widget's frame, which paints this artist and not the Axis, would leave the figure stale)."""
        self.axis_.label.set_text(text)
        self.stale = True

    def get_children(self):
        """The label: what the artist paints (a widget marks it as painted by its frames)."""
        return [self.axis_.label]

    def get_window_extent(self, renderer=None):
        return self.axis_.label.get_window_extent(renderer)

    def draw(self, renderer):
        label = self.axis_.label
        if self.get_visible() and self.axis_.get_visible() and self.axes.axison:
            type(label).draw(label, renderer)
        self.stale = False
