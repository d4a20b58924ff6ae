"""A panel's own legend of the areas its classifiers carry, beside a figure's shared legend (which names them without).

Each classifier's line sample beside its number (``0.612``), the kind of
area as the legend's title (``AUCPR``), inside the panel at matplotlib's best
place if free (:func:`~._legend_geometry.best_place`), else over it under its
title, the kind in its first cell, in as many columns as its cell's width
holds.  A widget's page (:func:`is_page`) shows its areas in its table instead.
"""

from __future__ import annotations

from .._notes import note, notes
from ._figure import cell_span, legible_style, settle
from ._legend_columns import columns
from ._legend_entries import areas as _areas
from ._legend_geometry import _renderer, best_place
from ._legend_strip import remove_key

__all__ = ["is_page", "panel_areas", "inside", "above", "lift"]


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
        fresh = fresh and note(ax, "areas_head") is None  # a legend over the panel (above) had its room in the layout
        remove_key(old)
        old.remove()
    style = {**_AREA_STYLE, "ncol": 2 if len(keep) > 5 else 1, "frameon": True}
    legend = ax.legend([handles[i] for i in keep], texts, title=title, **legible_style(style))
    notes(legend).own = True  # the lint tells it from a user's second legend
    return inside(ax, legend, fresh)


_CELL_FILL = 0.96  # of its cell's width a block over a panel may take (clear of its neighbours' blocks)
_AREA_STYLE = {"fontsize": "small", "title_fontsize": "small", "handlelength": 1.0, "handletextpad": 0.4,
               "labelspacing": 0.25, "borderpad": 0.3, "columnspacing": 0.8}


def inside(ax, legend, fresh=False):
    """A panel's areas inside it at the best place if free; else over it under its title (never a strip under
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
            first = 1 if note(legend, "kind_cell", False) else 0  # the kind's own cell goes to the title again
            handles, texts = [handles[k] for k in back[first:]], [texts[k] for k in back[first:]]  # in their order
            legend.remove()
            legend = ax.legend(handles, texts, title=kind, **legible_style(
                {**_AREA_STYLE, "ncol": 2 if len(texts) > 5 else 1, "frameon": True}))
            notes(legend).own = True
    legend.set_bbox_to_anchor(None)
    legend.set_in_layout(False)
    if not fresh or head is not None:  # (the title as it was changes the layout)
        settle(ax.figure)
    renderer = _renderer(ax.figure)
    if best_place(legend, (), renderer) is not None:
        return legend
    return above(ax, legend, renderer)


def above(ax, legend, renderer):
    """A panel's areas over it, under its title, in as many columns as its cell's width holds, read across (int-01's
    and tmp-04's blocks read 0.545, 0.178, 0.0968 over 0.291): each number beside its classifier's line sample
    (main 1b3cc5f wrote them as bare numbers in the title, not saying whose).  The kind of area heads the block in
    a cell of its own when the panel has a title (appended to the title, int-01's third title ran off the figure).

    The title's pad makes the block's room in the layout; the block itself takes none, so a block wider than its
    Axes (but within its cell) does not narrow the panel: pr-08's ten areas in four columns, not three.
    """
    from matplotlib.lines import Line2D

    handles, texts = list(legend.legend_handles), [t.get_text() for t in legend.get_texts()]
    kind = legend.get_title().get_text()
    legend.remove()
    head = ax.get_title()
    if head:
        handles, texts = [Line2D([], [], linestyle="none"), *handles], [kind, *texts]
    style = legible_style({**_AREA_STYLE, "frameon": False, "borderaxespad": 0.2, "handlelength": 0.7,
                           "handletextpad": 0.3, "columnspacing": 0.5})

    def make(ncol):  # read across, as the title over it: matplotlib fills a legend's columns first
        order = [k for j in range(ncol) for k in range(j, len(texts), ncol)]
        lg = ax.legend([handles[k] for k in order], [texts[k] for k in order], ncol=ncol, loc="lower center",
                       bbox_to_anchor=(0.5, 1.0), **style)
        notes(lg).order = order
        return lg

    x0, x1 = cell_span(ax)
    margin = (1.0 - _CELL_FILL) / 2 * (x1 - x0)
    x0, x1, centre = x0 + margin, x1 - margin, (ax.bbox.x0 + ax.bbox.x1) / 2
    above = columns(make, max(ax.bbox.width, x1 - x0), len(texts), renderer, ordered=False)  # read across
    width = above.get_window_extent(renderer).width
    if width > ax.bbox.width:  # centred on the panel as far as its cell allows (a place in the figure, so that a
        notes(above).x = min(max(centre, x0 + width / 2), x1 - width / 2) / ax.figure.bbox.width  # later layout
    above.set_in_layout(False)  # that moves the panel a little leaves the block in its cell)
    notes(above).kind, notes(above).own, notes(ax).areas_head = kind, True, head
    notes(above).kind_cell = bool(head)
    notes(ax).areas_pad = above.get_window_extent(renderer).height * 72.0 / ax.figure.dpi + 3.0
    ax.set_title(head or kind)
    lift(ax, above, note(ax, "areas_pad"))
    return above


def lift(ax, legend, pad):
    """The title of ``ax`` ``pad`` points over it, its block of areas ``legend`` right under the title (a page's
    titles at one height: on matplotlib 3.8 pr-08's blocks took 3 and 4 rows)."""
    from matplotlib.transforms import blended_transform_factory, offset_copy

    x = note(legend, "x")
    base = ax.transAxes if x is None else blended_transform_factory(ax.figure.transFigure, ax.transAxes)
    legend.set_bbox_to_anchor((0.5 if x is None else x, 1.0),
                              transform=offset_copy(base, fig=ax.figure, y=pad - note(ax, "areas_pad"), units="points"))
    ax.set_title(ax.get_title(), pad=pad)
