"""The skew marker's dots and label in the cost and F spaces: where they are drawn, never what they say.

:func:`dodge_markers` spreads two classifiers' dots that would coincide;
:func:`fit_marker_label` puts the marker's label on the side of the skew
line where it fits inside the panel.
"""

from __future__ import annotations

import numpy as np

from ._legend import _renderer

__all__ = ["dodge_markers", "fit_marker_label", "DODGE_PT"]

#: Least distance (points) between two classifiers' markers (skew or threshold); closer ones are dodged sideways.
DODGE_PT = 6.0


def dodge_markers(ax, markers, dodge_pt):
    """Two classifiers' markers closer than ``dodge_pt`` points: spread sideways about the skew line, that far apart.

    The dots keep their values (the table reads them); only their drawn
    place moves, by an offset in points, so two classifiers with the same
    envelope value at this skew (both at the trivial cost, say) show as
    two dots side by side instead of one.
    """
    from matplotlib.transforms import ScaledTranslation

    markers = list(markers)
    shown = [m for m in markers if m.get_visible()]
    for m in markers:
        m.set_transform(ax.transData)
    if len(shown) < 2:
        return
    with np.errstate(invalid="ignore", divide="ignore"):
        xy = ax.transData.transform(np.array([[m.get_xdata()[0], m.get_ydata()[0]] for m in shown], dtype=float))
    reach = dodge_pt * ax.figure.dpi / 72.0
    order = [i for i in np.argsort(xy[:, 1], kind="stable") if np.isfinite(xy[i]).all()]
    groups, group = [], []
    for i in order:  # runs of markers each closer than ``reach`` to the previous one
        if group and np.hypot(*(xy[i] - xy[group[-1]])) >= reach:
            groups.append(group)
            group = []
        group.append(i)
    groups.append(group)
    box = ax.get_window_extent()
    for group in groups:
        if len(group) < 2:
            continue
        x = xy[group[0], 0]
        # pixels, centred on the skew line; near an edge of the Axes, all inward (in Axes fractions, which
        # the layout of a later draw keeps, unlike pixels)
        frac = (x - box.x0) / max(box.width, 1.0)
        side = 0.0 if frac < 0.15 else 1.0 if frac > 0.85 else 0.5
        dx = (np.arange(len(group)) - side * (len(group) - 1)) * reach
        for i, d in zip(group, dx, strict=True):
            offset = ScaledTranslation(d / ax.figure.dpi, 0.0, ax.figure.dpi_scale_trans)
            shown[i].set_transform(ax.transData + offset)


def fit_marker_label(text, x, labels):
    """Put ``text`` (a label at data x ``x``) on the side of the marker where it fits inside its Axes.

    ``labels``: the long label, then a short one used when neither side has
    room for the long one; never past the panel's edge, never into the next panel.
    """
    ax = text.axes
    box = ax.bbox
    px = ax.transData.transform((x, 0.5))[0]
    room = {"left": box.x1 - px, "right": px - box.x0}  # keyed by the label's alignment
    renderer = _renderer(ax.figure)
    for label in labels:
        text.set_text(f" {label} ")
        width = text.get_window_extent(renderer).width
        if width <= max(room.values()):
            break
    text.set_horizontalalignment("left" if width <= room["left"] or room["left"] >= room["right"] else "right")
