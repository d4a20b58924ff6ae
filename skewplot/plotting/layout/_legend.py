"""One legend rule for every plot: inside where the Axes is empty, else a compact strip; one legend per page.

A figure with one Axes: :func:`place_legend` tries the corners and edges
of the Axes in a fixed order (measured on the Axes' laid-out size) and
keeps the first place where the legend box holds no part of a drawn curve
(no vertex, and no segment crossing it) and no text (labels such as the
pi* of an inversion or the skew marker's text).  When every place is
taken, the legend becomes a compact strip under the x axis's label, in as
many columns as fit the Axes' width: the constrained layout gives it its
height, so the Axes keeps its width.  The strip takes a smaller font, then
tighter spacing and no frame, then the cell's whole width, then its labels
wrapped before their numbers and a compact form of its key, until the Axes
keeps 60 % of its cell's height (:mod:`._legend_strip`).  When no strip
does (a 3.4 x 2.6 in figure at 10 pt has about three rows under its x
label: four classifiers, a band and three baselines do not fit them at
7 pt), the curves keep the strip and the key (bands, baselines, regions)
goes inside, to the first place where it covers nothing.

A figure with several Axes (``style.paper`` rows, a grid the user passes
through ``ax=``, the widgets' pages) shares one figure legend above the
panels (:func:`share_legend`): every call adds its entries, named without
the per-panel numbers (``"good"`` for ``"good (AUCPR = 0.612)"``), and
entries of the same name are shown once.  Entries that look alike (a
line of the same colour within a grey step, dashes, marker and width, as
the panels' grey dashed baselines "random", "chance", "trivial ...") are
one entry naming them all (:func:`merge_lookalikes`): a reader could not
tell their samples apart (:mod:`._legend_entries`).  The figure is given a
constrained layout when it has none, so the legend takes its own row; when
that row takes a panel below 60 % of its cell's height, the legend takes
the strip's smallest style, then its wrapped and compact forms (one path:
:func:`~._legend_strip.fit`).

:func:`legend_collisions` is the same geometry, used by the tests.
"""

from __future__ import annotations

from .._compat import is_colorbar
from .._notes import held, note, notes, unheld
from ._figure import MIN_CELL_SHARE, constrained, settle
from ._legend_entries import entry_name, merge_lookalikes
from ._legend_geometry import INSIDE, _renderer, free_place, legend_collisions, obstacles
from ._legend_strip import (
    STRIP_STYLES,
    entry_labels,
    fit,
    forms,
    inside_anyway,
    least_share,
    legend_entries,
    relocate_key,
    remove_key,
    set_entry_texts,
    split,
    split_of,
    strip,
)

__all__ = ["place_legend", "share_legend", "legend_collisions", "panels", "entry_name", "merge_lookalikes",
           "entry_labels", "legend_entries", "split_of", "set_entry_texts", "INSIDE"]
_SMALL_ROW = 0.1  # a shared legend's row this share of the figure's height is never worth a smaller style

def panels(fig):
    """The figure's panels: its visible Axes that are not colour bars."""
    return [a for a in fig.axes if a.get_visible() and not is_colorbar(a)]


def share_legend(fig, handles, labels, **kwargs):
    """Add entries to the one legend above ``fig``'s panels (see the module note) and return it.

    ``labels`` are named by :func:`entry_name`; a name already shown is not
    repeated.  ``kwargs`` (``fontsize`` ...) reach :meth:`matplotlib.figure.Figure.legend`.
    """
    kept = note(fig, "entries", {})  # name: the handle, held as a note may hold it
    entries = {name: h for name, h in zip(kept, unheld(kept.values()), strict=True) if h is not None}
    # a panel drawn while it was the figure's only one (``fig.add_subplot`` one at a time) got its own
    # legend: its entries join the shared one, first, and its legend goes
    for ax in panels(fig):
        own = ax.get_legend()
        if own is not None and note(own, "kwargs") is not None and not note(ax, "own_legend", False):
            for handle, label in zip(*legend_entries(own), strict=True):
                entries.setdefault(entry_name(str(label)), handle)
            remove_key(own)
            own.remove()
    for handle, label in zip(handles, labels, strict=True):
        name = entry_name(str(label))
        if name and not name.startswith("_") and name not in entries:
            entries[name] = handle
    notes(fig).entries = dict(zip(entries, held(entries.values()), strict=True))
    old = unheld([note(fig, "legend")])[0]
    if old is not None and old in fig.legends:
        old.remove()
    constrained(fig)
    kwargs.pop("loc", None)
    kwargs.pop("bbox_to_anchor", None)
    width = 0.98 * fig.bbox.width
    tries = [{"style": {"fontsize": "small", "frameon": False, "columnspacing": 1.2, "handlelength": 1.8, **kwargs},
              "width": width}]
    if "fontsize" not in kwargs:  # many entries over narrow panels: smaller, as a single Axes' strip
        tries.append({**tries[0], "style": {**tries[0]["style"], **STRIP_STYLES[-1]}})
    shown = merge_lookalikes(entries)
    renderer = _renderer(fig)

    def make(attempt, handles, texts, ncol):
        return fig.legend(handles, texts, ncol=ncol, loc="outside upper center", **attempt["style"])

    # a row under a tenth of the figure leaves the panels their share; laying out a widget's six panels
    # to find that took half a second a call
    legend = fit(forms(tries, list(shown)), make, (list(shown.values()), list(shown)), fig, panels(fig), renderer,
                  enough=lambda lg: lg.get_window_extent(renderer).height < _SMALL_ROW * fig.bbox.height)
    notes(fig).legend = held([legend])[0]
    for ax in panels(fig):  # the new row moved the panels: a panel's own legend by the rule again
        if note(ax, "own_legend", False) and ax.get_legend() is not None:
            place_legend(ax, legend=ax.get_legend(), own=True)
    return legend


def place_legend(ax, *args, moving=(), legend=None, own=False, **kwargs):
    """Draw the legend of ``ax`` by the one rule (see the module note) and return it.

    ``args`` (handles, labels) and ``kwargs`` (``fontsize``, ``ncol``,
    ``title`` ...) reach :meth:`matplotlib.axes.Axes.legend`; ``loc`` and
    ``bbox_to_anchor`` are chosen here.  In a figure of several panels the
    entries go to the figure's one legend (:func:`share_legend`) and that
    is returned.  ``moving`` lists a marker that ``update`` slides along x
    (the skew marker's line, dots and label): its line and dots are
    obstacles where they are now, and its label's whole strip across the
    Axes is one, so the label never runs into the legend as it moves.  ``legend``: move this existing legend instead
    of making one (a Display's ``update`` calls this after its curves
    changed, so the legend follows the same rule as a fresh plot of the new
    state); a strip stays a strip, and in a figure whose layout is frozen
    (the widgets') an inside legend with no free place takes the least
    covered one.  ``own``: this panel keeps its own legend in a figure of
    several (its entries mean something else in each panel, as the skews
    of a skew transform coloured by their place in the list).
    """
    fig = ax.figure
    if own:
        notes(ax).own_legend = True
    if legend is None and len(panels(fig)) > 1 and not own:
        handles, labels = args if args else ax.get_legend_handles_labels()
        return share_legend(fig, handles, labels, **kwargs)
    if legend is not None and note(legend, "strip", False):
        relocate_key(legend, moving, _renderer(fig))  # a split strip's key: free again after the curves moved
        return legend
    frozen = legend is not None and note(fig, "frozen", False)  # a widget's page, laid out once
    if legend is None:
        legend = ax.legend(*args, **kwargs)
        notes(legend).kwargs = kwargs
    legend.set_bbox_to_anchor(None)
    legend.set_loc("upper right")
    # inside the Axes it needs no room of the layout; one larger than the Axes (is no place inside, see
    # free_place) would have the layout shrink the Axes around it, to nothing
    legend.set_in_layout(False)
    settle(fig)
    if ax.get_aspect() != "auto" or ax.get_box_aspect() is not None:
        ax.apply_aspect()  # an equal-aspect Axes (the skew transform) shrinks to its box at draw: measure that box
    renderer = _renderer(fig)
    if free_place(legend, obstacles(ax, moving, renderer), renderer, least=frozen) is not None:
        return legend
    constrained(fig)
    handles, labels = legend_entries(legend)
    given = note(legend, "kwargs", {})
    legend.remove()
    lg = strip(ax, handles, labels, given, renderer)
    if least_share([ax], lg, renderer) >= MIN_CELL_SHARE:
        return lg
    lg.remove()  # no strip keeps the share: the curves in the strip, the key inside where it is free
    lg = split(ax, handles, labels, given, moving, renderer)
    if lg is not None:
        return lg
    lg = strip(ax, handles, labels, given, renderer)
    if least_share((), lg, renderer) > 0.0:  # the strip that keeps the most, within the figure
        return lg
    lg.remove()
    settle(fig)
    return inside_anyway(ax, handles, labels, given, moving, renderer)
