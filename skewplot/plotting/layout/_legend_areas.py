"""A panel's own legend of the areas its classifiers carry, beside a figure's shared legend (which names them without).

Each classifier's line sample beside its number (``0.612``), the kind of
area as the legend's title (``AUCPR``), inside the panel at the first free
place (:func:`~._legend_geometry.free_place`), else over it under its
title, in as many columns as its width holds.  A widget's page
(:func:`is_page`) shows its areas in its table instead.
"""

from __future__ import annotations

from .._notes import note, notes
from ._figure import legible_style, settle
from ._legend_entries import areas as _areas
from ._legend_geometry import _renderer, free_place, obstacles
from ._legend_strip import _columns, remove_key

__all__ = ["is_page", "panel_areas", "inside", "above"]


def is_page(fig):
    """Whether ``fig`` is a widget's page (:func:`mark_page`)."""
    return note(fig, "page", False)


def panel_areas(ax, handles, labels, fresh=False):
    """Give ``ax`` a legend of its own with the areas its entries carry (the shared legend names them without).

    Each classifier's line sample beside its number (``0.612``), the kind of
    area as the legend's title (``AUCPR``), placed by the one rule inside the
    panel (else over it, under its title).  Nothing when no label carries an area, and
    nothing in a widget's page.  Returns the legend or None.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, (a, b) = plt.subplots(1, 2)
    >>> (line,) = a.plot([0, 1], [1, 0])
    >>> lg = panel_areas(a, [line], ["good (AUCPR = 0.612)"])
    >>> lg.get_title().get_text(), [t.get_text() for t in lg.get_texts()]
    ('AUCPR', ['0.612'])
    """
    if is_page(ax.figure):
        return None
    keep, title, texts = _areas(labels)
    if not keep:
        return None
    notes(ax).areas = True
    notes(ax).own_legend = True  # the lint's and the shared legend's mark of a panel's own legend
    old = ax.get_legend()
    if old is not None:
        fresh = fresh and not old.get_in_layout()  # a legend over the panel (above) had its room in the layout
        remove_key(old)
        old.remove()
    style = {**_AREA_STYLE, "ncol": 2 if len(keep) > 5 else 1, "frameon": True}
    legend = ax.legend([handles[i] for i in keep], texts, title=title, **legible_style(style))
    notes(legend).own = True  # the lint tells it from a user's second legend
    return inside(ax, legend, fresh)


_AREA_STYLE = {"fontsize": "small", "title_fontsize": "small", "handlelength": 1.0, "handletextpad": 0.4,
               "labelspacing": 0.25, "borderpad": 0.3, "columnspacing": 0.8}


def inside(ax, legend, fresh=False):
    """A panel's areas inside it at the first free place; with none, over it under its title (never a strip under
    one panel of a row, which would shrink it alone, nor over its curves).

    ``fresh``: the figure is laid out as it stands (the legend inside takes no room of the layout): not again.
    """
    head = note(ax, "areas_head")
    if head is not None:  # the areas were over the panel (above): the title as it was, the legend a box inside
        notes(ax).areas_head = None
        ax.set_title(head)
        kind = note(legend, "kind")
        if kind is not None:
            handles, texts = list(legend.legend_handles), [t.get_text() for t in legend.get_texts()]
            back = sorted(range(len(texts)), key=note(legend, "order", range(len(texts))).__getitem__)
            handles, texts = [handles[k] for k in back], [texts[k] for k in back]  # in their order again
            legend.remove()
            legend = ax.legend(handles, texts, title=kind, **legible_style(
                {**_AREA_STYLE, "ncol": 2 if len(texts) > 5 else 1, "frameon": True}))
            notes(legend).own = True
    legend.set_bbox_to_anchor(None)
    legend.set_in_layout(False)
    if not fresh or head is not None:  # (the title as it was changes the layout)
        settle(ax.figure)
    renderer = _renderer(ax.figure)
    if free_place(legend, obstacles(ax, (), renderer), renderer) is not None:
        return legend
    return above(ax, legend, renderer)


def above(ax, legend, renderer):
    """A panel's areas over it, under its title, in as many columns as its width holds, read across (int-01's
    and tmp-04's blocks read 0.545, 0.178, 0.0968 over 0.291): each number beside its classifier's line sample
    (main 1b3cc5f wrote them as bare numbers in the title, not saying whose)."""
    handles, texts = list(legend.legend_handles), [t.get_text() for t in legend.get_texts()]
    kind = legend.get_title().get_text()
    legend.remove()
    head = ax.get_title()
    style = legible_style({**_AREA_STYLE, "frameon": False, "borderaxespad": 0.2, "handlelength": 0.8,
                           "handletextpad": 0.3, "columnspacing": 0.6})

    def make(ncol):  # read across, as the title over it: matplotlib fills a legend's columns first
        order = [k for j in range(ncol) for k in range(j, len(texts), ncol)]
        lg = ax.legend([handles[k] for k in order], [texts[k] for k in order], ncol=ncol, loc="lower center",
                       bbox_to_anchor=(0.5, 1.0), **style)
        notes(lg).order = order
        return lg

    above = _columns(make, ax.bbox.width, len(texts), renderer)  # wider, the layout would narrow the panel
    above.set_in_layout(True)  # the layout makes its room, as for a title
    notes(above).kind, notes(above).own, notes(ax).areas_head = kind, True, head
    gap = above.get_window_extent(renderer).height * 72.0 / ax.figure.dpi
    ax.set_title(f"{head}, {kind}" if head else kind, pad=gap + 3.0)  # the kind in the title: a row less
    return above
