"""One legend rule for every plot: inside where the Axes is empty, else a compact strip; one legend per page.

A figure with one Axes: :func:`place_legend` takes the place matplotlib's
``loc="best"`` finds on the Axes' laid-out size, and keeps it if the legend
box holds no part of a drawn curve (no vertex, and no segment crossing it)
and no text (labels such as the pi* of an inversion or the skew marker's
text): :func:`~._legend_geometry.best_place`.  When that place is taken,
the legend becomes a compact strip under the x axis's label, in as many
columns as fit the Axes' width: the constrained layout gives it its
height, so the Axes keeps its width.  The strip takes a smaller font, then
tighter spacing and no frame, then the cell's whole width, then its labels
wrapped before their numbers and a compact form of its key, until the Axes
keeps 60 % of its cell's height (:mod:`._legend_strip`).  When no strip
does, the curves keep the strip and the key (bands, baselines, regions)
goes inside where it covers nothing; else the strip headed by the areas'
kind, then one at 6.5 pt, then the x tick labels against the spine and the
key's terse texts; else the strip that keeps the Axes 40 % of its cell;
else the legend goes inside, over the least data, in its smallest form
(those last: :mod:`._legend_crowded`).

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
:func:`~._legend_strip.fit`).  The numbers the shared legend leaves out
stay with their panel: each panel gets a legend of its own with its
classifiers' areas only (:func:`panel_areas`: ``"AUCPR"`` over ``0.612``
beside the classifier's line sample), placed inside every panel, or over
every panel under its title when one panel has no free place inside (one
form across the page; never as bare numbers in a title), by the next
draw's layout (:func:`place_pending`), not by every plot call; when the
areas placed there take a panel below its share, the shared
legend is fitted again, in place, on that layout (:func:`refit_pending`).
A widget's page (:func:`mark_page`) shows its areas in its table instead.

:func:`legend_collisions` is the same geometry, used by the tests.
"""

from __future__ import annotations

from matplotlib import rc_context, rcParams

from .._compat import is_colorbar, refill_legend, text_sizes_kept
from .._notes import held, note, notes, unheld
from ._figure import (
    AFTER_LAYOUT,
    BEFORE_LAYOUT,
    MIN_CELL_SHARE,
    FittingLayoutEngine,
    constrained,
    legible_style,
    settle,
)
from ._legend_areas import above as _above
from ._legend_areas import inside as _inside
from ._legend_areas import is_page, panel_areas
from ._legend_areas import lift as _lift
from ._legend_crowded import close_ticks, last_strips
from ._legend_entries import areas as _areas
from ._legend_entries import entry_name, merge_lookalikes
from ._legend_geometry import _renderer, best_place, legend_collisions, root_figure
from ._legend_strip import (
    STRIP_STYLES,
    entry_labels,
    fit,
    forms,
    least_share,
    legend_entries,
    relocate_key,
    remove_key,
    split,
    split_of,
    strip,
)
from ._legend_strip import set_entry_texts as _set_strip_texts

__all__ = ["place_legend", "share_legend", "legend_collisions", "panels", "entry_name", "merge_lookalikes",
           "entry_labels", "legend_entries", "split_of", "set_entry_texts", "panel_areas", "mark_page",
           "is_page"]
_SMALL_ROW = 0.1  # a shared legend's row this share of the figure's height is never worth a smaller style

def mark_page(fig):
    """Mark ``fig`` as a widget's page: its panels show no areas of their own (its table does) and no titles.

    Its panels are added one by one: their shared legend waits for the last
    (:func:`defer_shared_legend`, ended by the widget when it is built).
    """
    notes(fig).page = True
    defer_shared_legend(fig, True)


def set_entry_texts(legend, labels):
    """Write ``labels`` in ``legend`` as it shows them: a panel's areas as numbers, else in its strip's form."""
    if note(getattr(legend, "axes", None), "areas", False):
        _, kind, labels = _areas(labels)
        labels = [kind, *labels] if note(legend, "kind_cell", False) else labels  # a block's first cell: the kind
        labels = [labels[k] for k in note(legend, "order", range(len(labels))) if k < len(labels)]  # read across
    _set_strip_texts(legend, labels)


def panels(fig):
    """The figure's panels: its visible Axes that are not colour bars."""
    return [a for a in fig.axes if a.get_visible() and not is_colorbar(a)]


def share_legend(fig, handles, labels, ax=None, **kwargs):
    """Add entries to the one legend above ``fig``'s panels (see the module note) and return it.

    ``labels`` are named by :func:`entry_name`; a name already shown is not
    repeated.  ``ax``: the panel the entries come from, which keeps their
    areas (:func:`panel_areas`).  ``kwargs`` (``fontsize`` ...) reach
    :meth:`matplotlib.figure.Figure.legend`.
    """
    kept = note(fig, "entries", {})  # name: the handle, held as a note may hold it
    entries = {name: h for name, h in zip(kept, unheld(kept.values()), strict=True) if h is not None}
    # a panel drawn while it was the figure's only one (``fig.add_subplot`` one at a time) got its own
    # legend: its entries join the shared one, first, and its legend goes
    for panel in panels(fig):
        own = panel.get_legend()
        if own is not None and note(own, "kwargs") is not None and not note(panel, "own_legend", False):
            moved = legend_entries(own)
            for handle, label in zip(*moved, strict=True):
                entries.setdefault(entry_name(str(label)), handle)
            remove_key(own)
            own.remove()
            panel_areas(panel, *moved)  # its areas stay with it
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
    notes(fig).shared_kwargs = kwargs
    legend = _fit_shared(fig, kwargs, entries)
    notes(fig).legend = held([legend])[0]
    later = _at_draw(fig)
    if ax is not None:  # placed now (on the layout as it is, when the draw places it again): the next call's
        panel_areas(ax, handles, labels, fresh=later)  # shared legend is fitted to the panels as they will be
    if later:  # the panels' own legends placed again once, by the next draw's layout (place_pending)
        notes(fig).pending = {k: v for k, v in rcParams.items() if k.startswith(_RC_OF_LEGENDS)}  # the call's
    else:
        _place_panels_legends(fig)
    return legend


def _fit_shared(fig, kwargs, entries, made=None):
    """The shared legend of ``entries`` (name: handle) in the first style and form that keeps every panel its share.

    ``made`` (a dict, at draw): each try's entries by its id, for :func:`_refit_shared`; not a note on the try, which
    held the figure after the try was removed, until a second collection (a proxy without a figure leads to it).
    """
    width = 0.98 * fig.bbox.width
    tries = [{"style": {"fontsize": "small", "frameon": False, "columnspacing": 1.2, "handlelength": 1.8, **kwargs},
              "width": width}]
    if "fontsize" not in kwargs:  # many entries over narrow panels: smaller, as a single Axes' strip
        tries.append({**tries[0], "style": {**tries[0]["style"], **STRIP_STYLES[-1]}})
    shown = merge_lookalikes(entries)
    renderer = _renderer(fig)

    def make(attempt, handles, texts, ncol):
        lg = fig.legend(handles, texts, ncol=ncol, loc="outside upper center", **legible_style(attempt["style"]))
        notes(lg).shown = (tuple(texts), ncol, repr(sorted(attempt["style"].items())))  # (no artist: kept)
        if made is not None:
            made[id(lg)] = (handles, texts)
        return lg

    # a row under a tenth of the figure leaves the panels their share; laying out a widget's six panels
    # to find that took half a second a call
    if note(fig, "deferred", False):  # more panels are coming (a widget's build): fitted once, at the end
        enough = lambda lg: True  # noqa: E731
    else:
        enough = lambda lg: lg.get_window_extent(renderer).height < _SMALL_ROW * fig.bbox.height  # noqa: E731
    return fit(forms(tries, list(shown)), make, (list(shown.values()), list(shown)), fig, panels(fig), renderer,
               enough=enough, settle=made is None and note(fig, "deferred", False) is not None)


def _refit_shared(fig):
    """Fit the shared legend of ``fig`` again on the draw's layout, in place, when it takes a panel below its share.

    Fitted at the last plot call, it was measured before the panels' areas were placed (by the draw:
    :func:`place_pending`); a legend made now would not be drawn (``Figure.draw`` lists its artists before its
    layout runs), so the one shown takes the chosen form (:func:`~.._compat.refill_legend`).  True when it changed.
    """
    legend = unheld([note(fig, "legend")])[0] if note(fig, "legend") is not None else None
    if legend is None or legend not in fig.legends:
        return False
    renderer = _renderer(fig)
    if least_share(panels(fig), legend, renderer) >= MIN_CELL_SHARE:
        return False
    legend.set_bbox_to_anchor((0, 0, 1, 1), transform=fig.transFigure)  # out of the layout while forms are tried
    try:
        kept = note(fig, "entries", {})
        entries = {n: h for n, h in zip(kept, unheld(kept.values()), strict=True) if h is not None}
        made = {}  # id of each try -> its entries, for the one chosen (the tries go with this call)
        chosen = _fit_shared(fig, note(fig, "shared_kwargs", {}), entries, made)
    finally:
        legend.set_bbox_to_anchor(None)
    if note(chosen, "shown") == note(legend, "shown"):  # no other form does better: as it was, no layout more
        chosen.remove()
        return False
    done = refill_legend(legend, chosen, *made[id(chosen)], "outside upper center")
    if done:
        for name in ("form", "labels", "entries", "shown"):
            setattr(notes(legend), name, note(chosen, name))
    chosen.remove()
    return done


_RC_OF_LEGENDS = ("font.", "legend.", "axes.title", "text.", "mathtext.")


def _at_draw(fig):
    """Whether the panels' own legends of ``fig`` can wait for its next draw (:func:`place_pending`): no widget's
    page (laid out, then frozen), no subfigure."""
    return (isinstance(fig.get_layout_engine(), FittingLayoutEngine) and getattr(fig, "figure", fig) is fig
            and note(fig, "deferred", False) is False and not note(fig, "frozen", False))


def place_pending(fig):
    """Place the panels' own legends of ``fig`` that wait for a draw (:func:`share_legend`); run by the draw's
    layout, before it lays the figure out (:class:`~._figure.FittingLayoutEngine`).

    Each plot call placed every panel's areas again, a layout each (the lint's 2x2 grid: 8 layouts, now 0).
    """
    rc = note(fig, "pending")
    if rc is not None:
        notes(fig).pending = None
        with rc_context({k: v for k, v in rc.items() if rcParams.get(k) != v}):
            _place_panels_legends(fig)
        notes(fig).refit = rc
BEFORE_LAYOUT.append(place_pending)


def refit_pending(fig):
    """After the draw's layout that placed the panels' legends (:func:`place_pending`), the shared legend fitted
    again in place if it takes a panel below its share (then, if one still is, the panels' x tick labels against
    the spine: :func:`~._legend_crowded.close_ticks`), and the panels' legends placed on what it leaves; True then
    (the draw lays the figure out once more: :class:`~._figure.FittingLayoutEngine`)."""
    rc = note(fig, "refit")
    if rc is None:
        return False
    notes(fig).refit = None
    with rc_context({k: v for k, v in rc.items() if rcParams.get(k) != v}):
        refit = _refit_shared(fig)
        if refit:
            settle(fig)
        # a panel still short of its share: every panel's x tick labels against the spine (tmp-03 under "poster":
        # 12 pt of hidden ticks under each of four panels)
        closed = least_share(panels(fig)) < MIN_CELL_SHARE and any([close_ticks(ax) for ax in panels(fig)])
        if not (refit or closed):
            return False
        _place_panels_legends(fig)
    return True
AFTER_LAYOUT.append(refit_pending)


def _place_panels_legends(fig):
    """Each panel's areas placed on one layout, in one form across the page: inside every panel, or when one
    panel has no free place, over every panel under its title (int-01's row showed an inset beside two blocks)."""
    fresh, placed, own = False, [], []
    for other in panels(fig):
        if note(other, "areas", False) and other.get_legend() is not None:
            _inside(other, other.get_legend(), fresh)
            fresh = note(other, "areas_head") is None
            placed.append(other)
        elif note(other, "own_legend", False) and other.get_legend() is not None:
            own.append(other)
    if any(note(other, "areas_head") is not None for other in placed):
        settle(fig)
        renderer = _renderer(fig)
        for other in placed:
            if note(other, "areas_head") is None:
                _above(other, other.get_legend(), renderer)
        pad = max(note(other, "areas_pad") for other in placed)
        for other in placed:  # the titles at one height, each block under its title
            _lift(other, other.get_legend(), pad)
    for other in own:  # by the rule again, last: a strip that no longer keeps its Axes' share is made again
        legend = other.get_legend()
        if note(legend, "strip", False):
            settle(fig)
            if least_share([other], legend, _renderer(fig)) >= MIN_CELL_SHARE:
                continue
            handles, labels = legend_entries(legend)
            remove_key(legend)
            legend.remove()
            place_legend(other, handles, labels, own=True, **note(other, "own_kwargs", {}))
        else:
            place_legend(other, legend=legend, own=True)


def defer_shared_legend(fig, defer):
    """Defer (``defer=True``) or fit (``False``) the shared legend of ``fig`` while its panels are added.

    A widget adds its panels one by one and each adds its entries to the
    figure's one legend; fitting that legend to the figure lays the whole
    figure out (twice or more a call, about half of an explorer's build).
    While deferred the entries are drawn in the first style without a
    layout; ending the deferral fits the legend once, with every entry (its
    style chosen on one layout; the caller lays the figure out after).
    """
    shown = unheld([note(fig, "legend")])[0] if note(fig, "legend", None) is not None else None
    if not defer and shown is not None and shown in fig.legends:  # (the explorer draws a legend of its own)
        notes(fig).deferred = None  # the widget lays its figure out next: the legend is measured, not settled
        share_legend(fig, [], [])
    notes(fig).deferred = bool(defer)


def place_legend(ax, *args, **kwargs):
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
    with text_sizes_kept(root_figure(ax)):  # the trial legends and layouts measure the same texts again and again
        return _place_legend(ax, *args, **kwargs)


def _place_legend(ax, *args, moving=(), legend=None, own=False, **kwargs):
    fig = ax.figure
    if legend is not None and note(ax, "areas", False):  # a panel's areas, moved after an update
        return _inside(ax, legend)
    if own:
        notes(ax).own_legend = True
        if legend is None:
            notes(ax).own_kwargs = kwargs  # a strip made again at draw (_place_panels_legends) is made with them
    if legend is None and len(panels(fig)) > 1 and not own:
        handles, labels = args if args else ax.get_legend_handles_labels()
        return share_legend(fig, handles, labels, ax=ax, **kwargs)
    if legend is not None and note(legend, "strip", False):
        relocate_key(legend, moving, _renderer(fig))  # a split strip's key: free again after the curves moved
        return legend
    frozen = legend is not None and note(fig, "frozen", False)  # a widget's page, laid out once
    if legend is None:
        if ax.get_legend() is not None:  # a split strip's key goes with the strip ax.legend replaces (roc-06 on 3.8)
            remove_key(ax.get_legend())
        legend = ax.legend(*args, **legible_style(kwargs))
        notes(legend).kwargs = kwargs
    legend.set_bbox_to_anchor(None)
    legend.set_loc("upper right")
    # inside the Axes it needs no room of the layout; one larger than the Axes (is no place inside, see
    # best_place) would have the layout shrink the Axes around it, to nothing
    legend.set_in_layout(False)
    settle(fig)
    if ax.get_aspect() != "auto" or ax.get_box_aspect() is not None:
        ax.apply_aspect()  # an equal-aspect Axes (the skew transform) shrinks to its box at draw: measure that box
    renderer = _renderer(fig)
    if best_place(legend, moving, renderer, least=frozen) is not None:
        return legend
    constrained(fig)
    handles, labels = legend_entries(legend)
    given = note(legend, "kwargs", {})
    legend.remove()
    lg = strip(ax, handles, labels, given, renderer)
    kept = least_share([ax], lg, renderer)
    if kept >= MIN_CELL_SHARE:
        return lg
    lg.remove()  # no strip keeps the share: the curves in the strip, the key inside where it is free
    lg = split(ax, handles, labels, given, moving, renderer)
    if lg is not None:
        return lg
    return last_strips(ax, handles, labels, given, moving, renderer, kept)
