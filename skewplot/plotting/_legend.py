"""One legend rule for every plot: inside where the Axes is empty, else a compact strip; one legend per page.

A figure with one Axes: :func:`place_legend` tries the corners and edges
of the Axes in a fixed order (measured on the Axes' laid-out size) and
keeps the first place where the legend box holds no part of a drawn curve
(no vertex, and no segment crossing it) and no text (labels such as the
pi* of an inversion or the skew marker's text).  When every place is
taken, the legend becomes a compact strip under the x axis's label, in as
many columns as fit the Axes' width: the constrained layout gives it its
height, so the Axes keeps its width.  The strip takes a smaller font, then
tighter spacing, then the cell's whole width, until the Axes keeps 60 % of
its cell's height (four classifiers, a band and three baselines).

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
the strip's smallest style.

:func:`legend_collisions` is the same geometry, used by the tests.
"""

from __future__ import annotations

import numpy as np

from ._layout import MIN_CELL_SHARE, cell_size, constrained, kept_sizes, settle
from ._legend_entries import WRAP_CHARS, entry_name, merge_lookalikes, strip_entries
from ._legend_geometry import _PAD_PX, _band, _blocked, _crossing, _renderer, _segments, legend_collisions

__all__ = ["place_legend", "share_legend", "legend_collisions", "panels", "entry_name", "merge_lookalikes",
           "entry_labels", "set_entry_texts", "INSIDE"]
#: The places tried, in order.
INSIDE = ("upper right", "upper left", "lower right", "lower left", "center right", "center left",
          "upper center", "lower center")

def _extent_at(legend, loc, size, renderer):
    """The legend's box at ``loc``: measured once (``size`` None), then only moved as matplotlib anchors it.

    Measuring lays out every entry's text again (about a millisecond a
    legend); the box's size does not depend on where it is placed.
    """
    if size is not None and hasattr(legend, "_get_anchored_bbox"):
        from matplotlib.transforms import Bbox

        x, y = legend._get_anchored_bbox(legend.codes[loc], Bbox.from_bounds(0, 0, *size),
                                         legend.get_bbox_to_anchor(), renderer)
        return Bbox.from_bounds(x, y, *size)
    return legend.get_window_extent(renderer)


def panels(fig):
    """The figure's panels: its visible Axes that are not colour bars."""
    return [a for a in fig.axes if a.get_visible() and not hasattr(a, "_colorbar")]


def _columns(make, width, n, renderer):
    """The legend ``make(ncol)`` with the most columns (at most ``n``) whose box fits ``width`` pixels."""
    for ncol in range(max(n, 1), 0, -1):
        legend = make(ncol)
        if ncol == 1 or legend.get_window_extent(renderer).width <= width:
            return legend
        legend.remove()
    return None  # pragma: no cover - ncol 1 always returns


def entry_labels(legend):
    """The label each entry of ``legend`` shows: its text, or the label a strip wrapped or shortened into it."""
    labels = getattr(legend, "_skewplot_labels", None)
    return list(labels) if labels is not None else [t.get_text() for t in legend.get_texts()]


def set_entry_texts(legend, labels):
    """Write ``labels`` (one for each entry the legend was made with) in ``legend``, in the form its strip took.

    Every place that rewrites a legend's texts (a Display's ``update`` with
    new areas) goes through here, so a wrapped or compact strip stays so
    (:func:`~._legend_entries.strip_entries`).
    """
    _, texts, stands = strip_entries(None, labels, *getattr(legend, "_skewplot_form", (None, False)))
    for text, shown in zip(legend.get_texts(), texts, strict=False):
        text.set_text(shown)
    legend._skewplot_labels = stands


def _least_share(axes):
    """The least share of its cell's height an Axes of ``axes`` keeps (after a layout; 1 when none is in a grid)."""
    shares = [kept[1][0] / kept[1][1] for kept in map(kept_sizes, axes) if kept is not None and kept[1][1] > 0]
    return min(shares, default=1.0)


def _fit(tries, make, entries, fig, axes, renderer, enough=None):
    """The legend of the first of ``tries`` with which every Axes of ``axes`` keeps ``MIN_CELL_SHARE`` of its cell.

    One path for a single Axes' strip and a figure's shared legend: each
    try (``{"style", "width", "wrap", "compact"}``) shows the ``entries``
    (handles, labels) as :func:`~._legend_entries.strip_entries` does, in
    as many columns as fit its width (the caller's ``make(try, handles,
    texts, ncol)`` draws it); the figure is laid out and the share
    measured.  When no try keeps the share the one that keeps the most is
    drawn.  ``enough(legend)``: a legend small enough to keep without
    laying the figure out.
    """
    def draw(attempt):
        form = (attempt["wrap"], attempt["compact"])
        handles, texts, stands = strip_entries(*entries, *form)
        legend = _columns(lambda ncol: make(attempt, handles, texts, ncol), attempt["width"], len(texts), renderer)
        legend._skewplot_form, legend._skewplot_labels, legend._skewplot_entries = form, stands, entries
        return legend

    best = None
    for i, attempt in enumerate(tries):
        legend = draw(attempt)
        if enough is not None and enough(legend):
            return legend
        settle(fig)
        share = _least_share(axes)
        if share >= MIN_CELL_SHARE or (i == len(tries) - 1 and (best is None or share >= best[0])):
            return legend
        if best is None or share > best[0]:
            best = (share, i)
        legend.remove()
    legend = draw(tries[best[1]])
    settle(fig)
    return legend


def _forms(tries, labels):
    """Each of ``tries`` with the labels as given, then wrapped (``WRAP_CHARS``), then compact and wrapped.

    A smaller font comes after every form of the larger (a wrapped label
    in 8 pt reads better than a whole one in 6 pt); a form that shows the
    same texts as one before it in the same style is not tried.
    """
    out = []
    for attempt in tries:
        seen = set()
        for compact in (False, True):
            for wrap in (None, *WRAP_CHARS):
                texts = tuple(strip_entries(None, labels, wrap, compact)[1])
                if texts not in seen:
                    seen.add(texts)
                    out.append({**attempt, "wrap": wrap, "compact": compact})
    return out


def share_legend(fig, handles, labels, **kwargs):
    """Add entries to the one legend above ``fig``'s panels (see the module note) and return it.

    ``labels`` are named by :func:`entry_name`; a name already shown is not
    repeated.  ``kwargs`` (``fontsize`` ...) reach :meth:`matplotlib.figure.Figure.legend`.
    """
    entries = fig.__dict__.setdefault("_skewplot_entries", {})
    # a panel drawn while it was the figure's only one (``fig.add_subplot`` one at a time) got its own
    # legend: its entries join the shared one, first, and its legend goes
    for ax in panels(fig):
        own = ax.get_legend()
        if own is not None and hasattr(own, "_skewplot_kwargs") and not getattr(ax, "_skewplot_own_legend", False):
            for handle, label in zip(*getattr(own, "_skewplot_entries", (own.legend_handles, entry_labels(own))),
                                     strict=True):
                entries.setdefault(entry_name(str(label)), handle)
            own.remove()
    for handle, label in zip(handles, labels, strict=True):
        name = entry_name(str(label))
        if name and not name.startswith("_") and name not in entries:
            entries[name] = handle
    old = fig.__dict__.get("_skewplot_legend")
    if old is not None and old in fig.legends:
        old.remove()
    constrained(fig)
    kwargs.pop("loc", None)
    kwargs.pop("bbox_to_anchor", None)
    width = 0.98 * fig.bbox.width
    tries = [{"style": {"fontsize": "small", "frameon": False, "columnspacing": 1.2, "handlelength": 1.8, **kwargs},
              "width": width}]
    if "fontsize" not in kwargs:  # many entries over narrow panels: smaller, as a single Axes' strip
        tries.append({**tries[0], "style": {**tries[0]["style"], **_STRIP_STYLES[-1]}})
    shown = merge_lookalikes(entries)
    renderer = _renderer(fig)

    def make(attempt, handles, texts, ncol):
        return fig.legend(handles, texts, ncol=ncol, loc="outside upper center", **attempt["style"])

    # a row under a tenth of the figure leaves the panels their share; laying out a widget's six panels
    # to find that took half a second a call
    legend = _fit(_forms(tries, list(shown)), make, (list(shown.values()), list(shown)), fig, panels(fig), renderer,
                  enough=lambda lg: lg.get_window_extent(renderer).height < _SMALL_ROW * fig.bbox.height)
    fig._skewplot_legend = legend
    for ax in panels(fig):  # the new row moved the panels: a panel's own legend by the rule again
        if getattr(ax, "_skewplot_own_legend", False) and ax.get_legend() is not None:
            place_legend(ax, legend=ax.get_legend(), own=True)
    return legend


#: The strip's styles, tried in turn until the Axes keeps ``MIN_CELL_SHARE`` of its cell's height (the caller's
#: ``fontsize``, if any, first): many entries (four classifiers, a band, three baselines) in a small figure.
#: The last has no frame and no border pad (a strip under the x label needs no box: the frame and its pad
#: took 8 px of a 260 px figure's height, a 3.4 x 2.6 in figure's Axes kept 155 px where it needs 156).
_STRIP_STYLES = ({"fontsize": "small"},
                 {"fontsize": "x-small", "handlelength": 1.5, "columnspacing": 1.0, "labelspacing": 0.3,
                  "handletextpad": 0.5, "frameon": False, "borderpad": 0.0})


_SMALL_ROW = 0.1  # a shared legend's row this share of the figure's height is never worth a smaller style


def _strip(ax, legend, renderer):
    """``legend`` again as a strip under the x axis's label, in as many columns as fit the Axes' width.

    The first style (``_STRIP_STYLES``, the last on the cell's width, then
    that with its labels wrapped or compact) with which the Axes
    keeps ``MIN_CELL_SHARE`` of its cell's height (:func:`_fit`); a strip
    wider than the Axes is centred on the cell.
    """
    from matplotlib.transforms import blended_transform_factory, offset_copy

    handles, labels = getattr(legend, "_skewplot_entries", (legend.legend_handles, entry_labels(legend)))
    given = dict(getattr(legend, "_skewplot_kwargs", {}))
    given.pop("ncol", None)
    legend.remove()
    fig = ax.figure
    below = ax.xaxis.get_tightbbox(renderer)
    drop = (ax.bbox.y0 - below.y0 if below is not None else 0.0) * 72.0 / fig.dpi + 2.0  # points
    anchor = offset_copy(ax.transAxes, fig=fig, y=-drop, units="points")
    styles = [given] if "fontsize" in given else []
    styles += [{**style, **{k: v for k, v in given.items() if k != "fontsize"}} for style in _STRIP_STYLES]
    cell = cell_size(ax)
    tries = [{"style": kwargs, "width": ax.bbox.width} for kwargs in styles]
    centre = None
    if cell is not None:  # the smallest style takes the cell's width: wider than the Axes, centred on the cell
        box = ax.get_subplotspec().get_topmost_subplotspec().get_position(fig)  # in figure coordinates
        tries[-1]["width"], centre = max(ax.bbox.width, 0.96 * cell[0]), box.x0 + box.width / 2

    def make(attempt, handles, texts, ncol):
        lg = ax.legend(handles, texts, loc="upper center", bbox_to_anchor=(0.5, 0.0), bbox_transform=anchor,
                       ncol=ncol, borderaxespad=0.0, **attempt["style"])
        if centre is not None and lg.get_window_extent(renderer).width > ax.bbox.width:
            lg.set_bbox_to_anchor((centre, 0.0), transform=blended_transform_factory(fig.transFigure, anchor))
        lg._skewplot_kwargs, lg._skewplot_strip = attempt["style"], True
        return lg

    return _fit(_forms(tries, labels), make, (handles, labels), fig, [ax], renderer)


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
    from matplotlib.text import Text

    fig = ax.figure
    if own:
        ax._skewplot_own_legend = True
    if legend is None and len(panels(fig)) > 1 and not own:
        handles, labels = args if args else ax.get_legend_handles_labels()
        return share_legend(fig, handles, labels, **kwargs)
    if legend is not None and getattr(legend, "_skewplot_strip", False):
        return legend
    frozen = legend is not None and getattr(fig, "_skewplot_frozen", False)  # a widget's page, laid out once
    if legend is None:
        legend = ax.legend(*args, **kwargs)
        legend._skewplot_kwargs = kwargs
    legend.set_bbox_to_anchor(None)
    legend.set_loc("upper right")
    settle(fig)
    if ax.get_aspect() != "auto" or ax.get_box_aspect() is not None:
        ax.apply_aspect()  # an equal-aspect Axes (the skew transform) shrinks to its box at draw: measure that box
    renderer = _renderer(fig)
    # the marker's line and dots are obstacles where they are now; its label, along its whole strip
    skip = {id(a) for a in moving if isinstance(a, Text)}
    segs = _segments(ax, skip)
    bounds = (np.minimum(segs[:, 0], segs[:, 1]), np.maximum(segs[:, 0], segs[:, 1]))
    texts = [t.get_window_extent(renderer) for t in ax.texts
             if id(t) not in skip and t.get_visible() and t.get_text().strip()]
    texts += [_band(ax, t, renderer) for t in moving if isinstance(t, Text)]
    size = None
    least = None
    for loc in INSIDE:
        legend.set_loc(loc)
        lb = _extent_at(legend, loc, size, renderer)
        size = lb.width, lb.height
        box = (lb.x0 - _PAD_PX, lb.y0 - _PAD_PX, lb.x1 + _PAD_PX, lb.y1 + _PAD_PX)
        if not _blocked(segs, bounds, box) and not any(tb.overlaps(lb) for tb in texts):
            return legend
        if frozen:
            hits = int(_crossing(segs, box).sum()) if len(segs) else 0
            if least is None or hits < least[0]:
                least = (hits, loc)
    if frozen:
        legend.set_loc(least[1])
        return legend
    constrained(fig)
    return _strip(ax, legend, renderer)
