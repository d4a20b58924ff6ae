"""A widget's figure laid out once, and again when the user resizes, zooms or pans it.

A constrained layout recomputed on every frame doubles the time of a draw,
and a control step changes neither the figure's size nor an axis' limits,
so the layout is computed once and then switched off.  But ipympl's resize
corner changes the size, and the toolbar's zoom, pan and Home change the
limits (tick labels of another width, less room for labels): the full draw
each of them asks for lays the figure out again first, and puts each legend
back by the legend rule, so labels never run into a neighbouring panel and a
legend never stays over a curve that moved under it.  A resize after which no
label needs more room moves the panels by the grid instead (``Layout._scaled``).

The explorers' one legend above their panels is fitted to the figure's width
before each new layout (:mod:`._shared_legend`, the ``before`` of :class:`Layout`).
"""

from __future__ import annotations

import functools

import numpy as np
from matplotlib.gridspec import GridSpec
from matplotlib.transforms import Bbox

from ..plotting._axes import refit_titles, tick_state
from ..plotting._compat import text_sizes_kept, ticks_laid_out_once
from ..plotting._notes import notes
from ..plotting.layout._figure import label_lines, refit_labels
from ._regions import contains, regions_of

__all__ = ["Layout", "freeze_layout", "renest", "explorer_panels"]


class Layout:
    """The figure's layout engine and the state (size, dpi, limits) it last laid out.

    A zoom, pan or Home whose Axes' new tight boxes lie within the boxes
    they had when the figure was last laid out needs no new layout: their
    labels keep at least the room they had, so nothing runs into a
    neighbour, and the panels do not jump at every zoom (a layout would
    give a panel whose labels got shorter, or whose last tick label no
    longer overhangs its edge, a few pixels back; it does so at the next
    layout: a resize, or a zoom whose labels need more room).  Each Axes'
    box as laid out is the one the first full draw after the layout
    measured (:mod:`._regions`).
    """

    def __init__(self, figure, engine, lock, displays, before=None):
        self.figure, self.engine, self.lock, self.displays, self.before = figure, engine, lock, displays, before
        self.count = 0  # layouts computed after the first
        self.skipped = 0  # zooms, pans and Homes that needed none
        self.scaled = 0  # resizes that moved the panels by the grid instead (see _scaled)
        self.gained_line = 0  # and those laid out at once, a label having taken a line more
        self._laid_out()

    def key(self):
        fig = self.figure
        return (fig.dpi, tuple(fig.get_size_inches()), *((ax.get_xlim(), ax.get_ylim()) for ax in fig.axes))

    def accept_limits(self):
        """Take the current limits as laid out: a control step moved them (not the user's zoom), and the
        labels of a step barely change width, so the step keeps its cost (a layout would double its full draw)."""
        self.laid_out = self.laid_out[:2] + self.key()[2:]

    def _laid_out(self):
        self.laid_out = self.key()
        self._boxes = [tuple(ax.bbox.bounds) for ax in self.figure.axes]  # Home puts back the positions it saw
        self._positions = [(ax, ax.get_position(original=True), ax.get_position()) for ax in self.figure.axes]
        self._legend_height = _legend_height(self.figure)
        regions_of(self.figure).laid = {}  # the boxes the next full draw measures

    def _put_back(self):
        """The positions of the last layout, where the toolbar's Home (or back, forward) put others back.

        The toolbar keeps each Axes' position with each view and puts it
        back with the view: after a resize, Home's view holds positions laid
        out for the old size.  At the size and dpi of the last layout, that
        layout's positions are the ones a layout gives again (the same size,
        the same engine); whether the labels at the new limits still fit is
        then :meth:`_within`'s question, as for a zoom.
        """
        fig = self.figure
        if [ax for ax, *_ in self._positions] != fig.axes:
            return
        for ax, original, active in self._positions:
            _place(ax, original, active)

    def _within(self, key):
        """Whether only limits changed since the layout, and each changed Axes' tight box lies within its box then."""
        fig = self.figure
        if key[:2] != self.laid_out[:2] or [tuple(ax.bbox.bounds) for ax in fig.axes] != self._boxes:
            return False
        regions = regions_of(fig)
        renderer = fig.canvas.get_renderer()
        for ax, now, then in zip(fig.axes, key[2:], self.laid_out[2:], strict=True):
            if now == then:
                continue
            if ax.get_legend() is not None or ax.get_aspect() != "auto":  # the legend rule; a box the limits shape
                return False
            old = regions.laid.get(id(ax))
            new = regions.box(ax, renderer)
            if old is None or new is None or not contains(old, new):
                return False
        return True

    def _scaled(self, key):
        """A resize laid out by the grid: whether it could be, and then the panels are where it puts them.

        Texts keep their sizes in points when the figure's size changes, so
        a constrained layout keeps each panel's margins and shares the new
        width and height out by the grid's ratios (to a pixel: the gaps
        between panels are a share of the figure).  Each Axes is moved so
        (:func:`scaled_boxes`; a row more or less of the shared legend
        above the panels is taken from their top, as the layout's margin for
        it is), its labels and titles take the forms that fit its new size,
        and its new tight box must lie within its box of the last layout
        moved the same way (no label needs more room than it had: a shorter
        form keeps the margin it had, so the panels do not jump as forms
        change back and forth), or else stay the layout's pads clear of the
        figure's edges, the legend and every other panel (a last tick label
        that overhangs a few pixels more).  A resize where a text needs more
        room is laid out as before, but from the moved panels with the forms
        that fit them: one constrained layout, not one per form that changed
        (a label on a line more: at once, without measuring a panel first).
        """
        fig, old = self.figure, self.laid_out
        if key[0] != old[0] or key[2:] != old[2:] or key[1] == old[1] or len(fig.legends) > 1:
            return False
        laid = regions_of(fig).laid or {}
        if any(ax.get_legend() is not None or id(ax) not in laid for ax in fig.axes):
            return False
        size, legend = fig.bbox.size, _legend_height(fig)
        # The shared legend above the panels refitted to the new width: a row more or less takes its height
        # from the panels' top, as the constrained layout's margin for it would.
        taken = 0.0 if legend is None or self._legend_height is None else legend - self._legend_height
        moved = scaled_boxes(fig.axes, self._boxes, np.multiply(old[1], old[0]), size, top=taken)
        if moved is None:
            return False
        for ax, (x0, y0, w, h) in zip(fig.axes, moved, strict=True):
            box = [x0 / size[0], y0 / size[1], w / size[0], h / size[1]]
            _place(ax, box, box)
        # Labels and titles take the forms that fit the panels' new sizes (the explorer's corner drag of 80 px
        # crosses a form at its default width). A shorter form leaves its panel the margin it had; where the texts
        # do not fit so, the layout follows from the moved panels with the forms it will keep: one constrained
        # layout instead of one, another for the labels, a third for the titles.
        lines = label_lines(fig)
        refit_labels(fig)
        refit_titles(fig)
        if any(now > then for now, then in zip(label_lines(fig), lines, strict=True)):
            self.gained_line += 1  # a label on a line more needs room the grid does not give (~50 ms to measure)
            return False
        return self._fits(moved, laid)

    def _fits(self, moved, laid):
        """Whether each Axes' tight box lies within its laid-out tight box moved as the Axes was, or at least the
        layout's pads clear of the figure's edges, the shared legend and the other Axes' tight boxes (a last tick
        label that overhangs a panel a few pixels more at the new width needs no new layout).

        Each Axes' box is measured in its turn (a measure is ~10-25 ms of the explorer's resize); a box that is
        not within its own is checked against the boxes measured before it and, for the Axes after it, their
        laid-out boxes moved (a box that reaches beyond its own is checked in its turn against this one: the pads
        are the same both ways): a resize that needs a layout stops at the first box in the way, and one that
        needs none measures each Axes once, as the draw after it would.
        """
        fig = self.figure
        regions, renderer = regions_of(fig), fig.canvas.get_renderer()
        top = fig.legends[0].get_window_extent(renderer).y0 if fig.legends else fig.bbox.y1
        room = Bbox.from_extents(fig.bbox.x0, fig.bbox.y0, fig.bbox.x1, top)
        pads = self.engine.get()
        w_pad, h_pad = pads["w_pad"] * fig.dpi, pads["h_pad"] * fig.dpi
        allowed = [None if laid[id(ax)] is None else
                   Bbox.from_extents(laid[id(ax)].x0 + now[0] - then[0], laid[id(ax)].y0 + now[1] - then[1],
                                     laid[id(ax)].x1 + now[0] + now[2] - then[0] - then[2],
                                     laid[id(ax)].y1 + now[1] + now[3] - then[1] - then[3])
                   for ax, then, now in zip(fig.axes, self._boxes, moved, strict=True)]
        boxes = []
        for k, ax in enumerate(fig.axes):
            box = regions.box(ax, renderer)
            boxes.append(box)
            if box is None or allowed[k] is not None and contains(allowed[k], box) and contains(room, box):
                continue
            clear = Bbox.from_extents(box.x0 - w_pad, box.y0 - h_pad, box.x1 + w_pad, box.y1 + h_pad)
            if not contains(room, clear):
                return False
            if any(other is not None and clear.overlaps(other) for other in boxes[:k] + allowed[k + 1:]):
                return False
        return True

    def refresh(self):
        """The layout again, and every legend by its rule, if the size, dpi or a limit changed since the last."""
        key = self.key()
        if key == self.laid_out:
            return False
        if key[:2] == self.laid_out[:2] and [tuple(ax.bbox.bounds) for ax in self.figure.axes] != self._boxes:
            self._put_back()
        if self._within(key):
            # a zoom or Home moves the marks of the Axes whose limits changed only: the others' stay as painted
            zoomed = {ax for ax, now, then in zip(self.figure.axes, key[2:], self.laid_out[2:], strict=True)
                      if now != then}
            self.laid_out = key  # the states (and boxes) of the layout stay the reference
            self.skipped += 1
            renest({name: disp for name, disp in self.displays.items()
                    if getattr(disp, "ax_", None) in zoomed or getattr(disp, "ax_", None) is None})
            return False
        if self.before is not None:
            self.before()  # the shared legend refitted to the new width
        if self._scaled(key):
            self.scaled += 1
            renest(self.displays)
            self._laid_out()
            return True
        self.engine.execute(self.figure)
        titled = refit_titles(self.figure)  # a title made for a wider panel: its short form, if it fits better
        moved = [disp._place_legend(relocate=True) for disp in self.displays.values()]
        if titled or any(legend is not None for legend in moved):  # room for the legends where the rule put them
            self.engine.execute(self.figure)
        renest(self.displays)
        self._laid_out()
        self.count += 1
        return True


def _place(ax, original, active):
    """``ax``'s original and active positions set, the Axes left in the layout as it was (``Axes.set_position``
    takes it out of every later constrained layout: a resize's too)."""
    in_layout = ax.get_in_layout()
    ax.set_position(original, which="original")
    ax.set_position(active, which="active")
    ax.set_in_layout(in_layout)


def _legend_height(fig):
    """The height in pixels of the figure's one legend (the shared legend above the panels), or None."""
    return fig.legends[0].get_window_extent().height if len(fig.legends) == 1 else None


def scaled_boxes(axes, boxes, old_size, new_size, top=0.0):
    """Each Axes' box ``(x0, y0, width, height)`` in pixels at ``new_size``: its box at ``old_size`` with the
    change of the figure's width and height shared out by its grid's width and height ratios (None: an Axes not
    on the one plain GridSpec of them all, or a panel that would shrink below half its size).  ``top``: pixels the
    grid gives up (or, negative, gains) at its top edge besides.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> axes = Figure().subplots(1, 2, width_ratios=[1, 3])
    >>> scaled_boxes(axes, [(10, 10, 80, 80), (110, 10, 280, 80)], (400, 100), (800, 200))
    [(10.0, 10.0, 180.0, 180.0), (210.0, 10.0, 580.0, 180.0)]
    """
    specs = [ax.get_subplotspec() for ax in axes]
    if not specs or any(spec is None for spec in specs):
        return None
    grid = specs[0].get_gridspec()
    if type(grid) is not GridSpec or any(spec.get_gridspec() is not grid for spec in specs):
        return None
    nrows, ncols = grid.get_geometry()
    across = np.r_[0.0, np.cumsum(grid.get_width_ratios() or np.ones(ncols))]
    down = np.r_[0.0, np.cumsum(grid.get_height_ratios() or np.ones(nrows))]
    dw, dh = new_size[0] - old_size[0], new_size[1] - old_size[1] - top
    out = []
    for spec, (x0, y0, w, h) in zip(specs, boxes, strict=True):
        cols, rows = spec.colspan, spec.rowspan
        width = w + dw * (across[cols.stop] - across[cols.start]) / across[-1]
        height = h + dh * (down[rows.stop] - down[rows.start]) / down[-1]
        if width < w / 2 or height < h / 2:
            return None
        below = old_size[1] - y0 - h + top + dh * down[rows.start] / down[-1]  # from the figure's top edge
        out.append((float(x0 + dw * across[cols.start] / across[-1]), float(new_size[1] - below - height),
                    float(width), float(height)))
    return out


def renest(displays):
    """Share out the cost and F markers and the threshold marks again by the pixels of the new layout.

    ``share_markers`` groups the marks closer than a few points: marks at
    different values come closer or part as the Axes are resized.
    """
    for disp in displays.values():
        nest = getattr(disp, "_share_markers", None)
        if nest is not None:
            nest()
        for marker in getattr(disp, "_threshold_markers", ()):
            marker.move()


def freeze_layout(figure, lock, displays, before=None):
    """Lay ``figure`` out now and switch its engine off; each later full draw first calls ``Layout.refresh``.

    ``before`` (optional) is called before each new layout (not the first).

    Returns the :class:`Layout`, or None when the figure has no constrained layout.
    """
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    engine = figure.get_layout_engine()
    if not isinstance(engine, ConstrainedLayoutEngine):  # the plots' FittingLayoutEngine fits the labels too
        return None
    engine.execute(figure)
    renest(displays)
    figure.set_layout_engine("none")
    notes(figure).frozen = True  # the legend rule: no new strip (its room would need the engine), see _legend
    layout = Layout(figure, engine, lock, displays, before)
    canvas = figure.canvas
    draw = canvas.draw

    @functools.wraps(draw)
    def laid_out_draw(*args, **kwargs):
        with lock, ticks_laid_out_once(figure, tick_state), text_sizes_kept(figure):
            layout.refresh()
            return draw(*args, **kwargs)

    canvas.draw = laid_out_draw
    return layout


def explorer_panels(widget, prg, figsize):
    """The explorers' Axes by panel: ``{"pr", "prg" (with ``prg``), "integrated", "roc", "cost", "fmeasure",
    "aucpr_vs_skew"}``.

    Two panels a row: PR and PRG, P̄-R and ROC, cost and F, then AUCPR
    against skew across the last row; without PRG PR and P̄-R, cost and F,
    ROC and AUCPR against skew.  ``figsize`` None: (5.4, 10.6) with PRG,
    else (5.4, 8.0).  The toolbar is above the figure, so that a wide figure
    keeps all its width for the panels.
    """
    if figsize is None:
        figsize = (5.4, 10.6) if prg else (5.4, 8.0)
    fig, axes = widget._make_figure(4 if prg else 3, 2, figsize=figsize, toolbar="top")
    if not prg:
        (pr, integrated), (cost, fmeasure), (roc, skew) = axes
        return {"pr": pr, "integrated": integrated, "cost": cost, "fmeasure": fmeasure, "roc": roc,
                "aucpr_vs_skew": skew}
    (pr, prg_ax), (integrated, roc), (cost, fmeasure), last = axes
    grid = last[0].get_subplotspec().get_gridspec()
    for ax in last:
        ax.remove()
    return {"pr": pr, "prg": prg_ax, "integrated": integrated, "roc": roc, "cost": cost, "fmeasure": fmeasure,
            "aucpr_vs_skew": fig.add_subplot(grid[3, :])}
