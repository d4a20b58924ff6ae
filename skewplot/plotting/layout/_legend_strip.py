"""A single Axes' legend strip under its x label, and the fitting it shares with a figure's one legend.

:func:`fit` is one path for both: each style and form of the entries
(whole, wrapped before their numbers, compact: :func:`~._legend_entries.strip_entries`)
in as many columns as fit, until every Axes keeps ``MIN_CELL_SHARE`` of its
cell's height.  :func:`strip` is a single Axes' strip; when even its most
compact form takes too much height (a 3.4 x 2.6 in figure at 10 pt has
about three rows under the x label) :func:`split` keeps the curves in the
strip and puts the key (bands, baselines, regions) inside the Axes where it
covers nothing.  :func:`set_entry_texts` is the one place a legend's texts
are rewritten, so a wrapped, compact or split legend stays so.
"""

from __future__ import annotations

from .._notes import held, note, notes, unheld
from ._figure import MIN_CELL_SHARE, MIN_TEXT_PT, cell_size, kept_sizes, legible, legible_style, settle
from ._legend_columns import columns
from ._legend_entries import WRAP_CHARS, areas, strip_entries
from ._legend_geometry import best_place, root_figure

__all__ = ["entry_labels", "legend_entries", "keep_entries", "split_of", "set_entry_texts", "fit", "forms", "strip",
           "split", "relocate_key", "remove_key", "least_share", "inside_anyway", "STRIP_STYLES"]


def entry_labels(legend):
    """The label each entry of ``legend`` shows: its text, or the label a strip wrapped or shortened into it."""
    labels = note(legend, "labels")
    return list(labels) if labels is not None else [t.get_text() for t in legend.get_texts()]


def legend_entries(legend):
    """The ``(handles, labels)`` ``legend`` was made from (:func:`keep_entries`), else those it shows."""
    kept = note(legend, "entries")
    if kept is None:
        return list(legend.legend_handles), entry_labels(legend)
    handles = unheld(kept[0])
    if None in handles:  # a proxy only the note held (an earlier legend's handle) collected: the legend's own
        shown = list(legend.legend_handles)
        if len(shown) != len(handles):  # entries merged by a compact form: the entries it shows
            return shown, entry_labels(legend)
        handles = [h if h is not None else own for h, own in zip(handles, shown, strict=True)]
    return handles, list(kept[1])


def keep_entries(legend, handles, labels):
    """Note the entries ``legend`` is made from (a strip shows them wrapped or compact; a rule moving it remakes it)."""
    notes(legend).entries = (held(handles), list(labels))


def split_of(legend):
    """``(curves, key, inside)`` of a split strip (:func:`split`): the entries in the strip and in the legend
    ``inside`` the panel; None for any other legend."""
    kept = note(legend, "split")
    if kept is None:
        return None
    inside = unheld(kept[2:])[0]
    return None if inside is None else (kept[0], kept[1], inside)


def set_entry_texts(legend, labels):
    """Write ``labels`` (one for each entry the legend was made with) in ``legend``, in the form its strip took.

    Every place that rewrites a legend's texts (a Display's ``update`` with
    new areas) goes through here, so a wrapped or compact strip stays so
    (:func:`~._legend_entries.strip_entries`).
    """
    labels = [str(label) for label in labels]
    split_ = split_of(legend)
    if split_ is not None:  # the curves' labels in the strip, the key's in the legend inside
        curves, key, inside = split_
        kept, notes(legend).split = note(legend, "split"), None
        set_entry_texts(legend, [labels[i] for i in curves if i < len(labels)])
        set_entry_texts(inside, [labels[i] for i in key if i < len(labels)])
        notes(legend).split = kept
        return
    _, texts, stands = strip_entries(None, labels, *note(legend, "form", (None, False)))
    for text, shown in zip(legend.get_texts(), texts, strict=False):
        text.set_text(shown)
    notes(legend).labels = stands


def _trial_layout(fig, axes=None):
    """Lay ``fig`` out once to measure a try, or (``axes``) until they stay where they are (at most four passes).

    A strip centred on its cell is anchored in the figure, not on its Axes:
    each pass of the constrained layout moves the Axes part of the way to
    where it leaves the strip room (19 px a pass from a far state), so the
    legend kept is laid out until it settles; the heights a try is judged
    by are right after one pass.  A strip too tall for the figure collapses
    its Axes and is only measured: matplotlib's warning is not shown.
    """
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "constrained_layout not applied", UserWarning)
        for _ in range(4 if axes else 1):
            before = [ax.get_position(original=True).bounds for ax in axes or ()]
            settle(fig)
            after = [ax.get_position(original=True).bounds for ax in axes or ()]
            if max((abs(a - b) for pair in zip(before, after, strict=True) for a, b in zip(*pair, strict=True)),
                   default=0.0) < 1e-3:
                break


def least_share(axes, legend=None, renderer=None):
    """The least share of its cell's height an Axes of ``axes`` keeps (after a layout; 1 when none is in a grid).

    With ``legend``: 0 when the legend does not lie within the figure.  A
    strip taller than the figure leaves the constrained layout unapplied
    (matplotlib only warns), so the Axes keep the sizes of an earlier
    layout and would seem to keep their share.
    """
    if legend is not None:
        box, fig = legend.get_window_extent(renderer), root_figure(legend)
        if box.x0 < -1.0 or box.y0 < -1.0 or box.x1 > fig.bbox.width + 1.0 or box.y1 > fig.bbox.height + 1.0:
            return 0.0
    shares = [kept[1][0] / kept[1][1] for kept in map(kept_sizes, axes) if kept is not None and kept[1][1] > 0]
    return min(shares, default=1.0)


def fit(tries, make, entries, fig, axes, renderer, enough=None, settle=True):
    """The legend of the first of ``tries`` with which every Axes of ``axes`` keeps ``MIN_CELL_SHARE`` of its cell.

    One path for a single Axes' strip and a figure's shared legend: each
    try (``{"style", "width", "wrap", "compact"}``) shows the ``entries``
    (handles, labels) as :func:`~._legend_entries.strip_entries` does, in
    as many columns as fit its width (the caller's ``make(try, handles,
    texts, ncol)`` draws it); the figure is laid out and the share
    measured (a try whose legend is so much taller than the last laid out
    one that the share foretold falls short is not laid out).  When no try
    keeps the share the one that keeps the most is drawn.  ``enough(legend)``: a legend small enough to keep without
    laying the figure out.  ``settle=False``: the legend kept is not laid out until the
    Axes stay (the caller lays the figure out next).
    """
    def draw(attempt):
        form = (attempt["wrap"], attempt["compact"])
        handles, texts, stands = strip_entries(*entries, *form)
        legend = columns(lambda ncol: make(attempt, handles, texts, ncol), attempt["width"], len(texts), renderer)
        notes(legend).form, notes(legend).labels = form, stands
        keep_entries(legend, *entries)
        return legend

    best, ref = None, None
    for i, attempt in enumerate(tries):
        legend = draw(attempt)
        if enough is not None and enough(legend):
            return legend
        height = legend.get_window_extent(renderer).height
        if ref is not None and i < len(tries) - 1:  # the Axes lose what the legend gains in height
            share = min((kept + ref[0] - height) / cell for kept, cell in ref[1])
            if share < MIN_CELL_SHARE - _GUESS:  # this try cannot keep the share: not laid out
                best = (share, i) if best is None or share > best[0] else best
                legend.remove()
                continue
        _trial_layout(fig)
        heights = [kept[1] for kept in map(kept_sizes, axes) if kept is not None and kept[1][1] > 0]
        ref = (height, heights)
        share = min(min((kept / cell for kept, cell in heights), default=1.0),
                    least_share((), legend, renderer))  # 0 for a legend out of the figure
        if share >= MIN_CELL_SHARE or (i == len(tries) - 1 and (best is None or share >= best[0])):
            if settle:
                _trial_layout(fig, axes)
            return legend
        if best is None or share > best[0]:
            best = (share, i)
        legend.remove()
    legend = draw(tries[best[1]])
    if settle:
        _trial_layout(fig, axes)
    return legend


#: A try whose share, foretold from the last layout, falls this far short is not laid out (2.6 px of 260).
_GUESS = 0.01


def forms(tries, labels, areas=False):
    """Each of ``tries`` with the labels as given, then wrapped (``WRAP_CHARS``), then compact and wrapped.

    A smaller font comes after every form of the larger (a wrapped label
    in 8 pt reads better than a whole one in 6 pt); a form that shows the
    same texts as one before it in the same style is not tried.  ``areas``:
    then each style's entries with their areas' kind in a first entry
    (:func:`~._legend_entries.strip_entries`' ``compact="areas"``);
    ``"only"``: those alone; ``"terse"``: those with the key's terse texts, alone.
    """
    out, seen = [], [set() for _ in tries]
    # ``areas``: then the areas' kind in a first entry, after every style's other forms (ten classifiers
    # with their areas under big fonts: no other form keeps the Axes its share); ``"terse"``: the terse key alone
    for compacts in ({"only": (), "terse": ("terse",)}.get(areas, (False, True)),
                     ("areas",) if areas in (True, "only") else ()):
        for attempt, shown in zip(tries, seen, strict=True):
            for compact in compacts:
                for wrap in (None, *WRAP_CHARS):
                    texts = tuple(strip_entries(None, labels, wrap, compact)[1])
                    if texts not in shown:
                        shown.add(texts)
                        out.append({**attempt, "wrap": wrap, "compact": compact})
    return out


#: The strip's styles, tried in turn until the Axes keeps ``MIN_CELL_SHARE`` of its cell's height (the caller's
#: ``fontsize``, if any, first): many entries (four classifiers, a band, three baselines) in a small figure.
#: The last has no frame and no border pad (a strip under the x label needs no box: the frame and its pad
#: took 8 px of a 260 px figure's height, a 3.4 x 2.6 in figure's Axes kept 155 px where it needs 156).
STRIP_STYLES = ({"fontsize": "small"},
                 {"fontsize": "x-small", "handlelength": 1.5, "columnspacing": 1.0, "labelspacing": 0.3,
                  "handletextpad": 0.5, "frameon": False, "borderpad": 0.0})
#: A single Axes' strip under big fonts (seaborn's "talk" and "poster") takes smaller fonts still, after every form
#: of ``STRIP_STYLES`` (ten classifiers under "poster" took a 6.4 x 4.8 in figure's Axes to 9 % of its height):
#: ``xx-small``, then 0.4 of the font size (9.6 pt under "poster"), never below ``MIN_TEXT_PT``.
_SMALLER = ("xx-small", 0.4)
#: A strip's last try: its smallest style in tighter rows and columns (tmp-05's four classifiers kept 59 %).
TIGHT = {"labelspacing": 0.15, "handlelength": 1.2, "handletextpad": 0.35, "columnspacing": 0.7}


def _smaller(fontsize):
    """The font sizes in points of ``_SMALLER`` that are smaller than ``fontsize`` and legible, largest first."""
    from matplotlib.font_manager import FontProperties

    medium = FontProperties(size="medium").get_size_in_points()
    sizes = [legible(s if isinstance(s, str) else s * medium) for s in _SMALLER]
    return [s for i, s in enumerate(sizes) if s < legible(fontsize) and s not in sizes[:i]]


def _given(kwargs):
    given = dict(kwargs)
    given.pop("ncol", None)
    return given


def strip(ax, handles, labels, given, renderer, areas=False, floor=False, tight=TIGHT):
    """The entries as a strip under the x axis's label, in as many columns as fit the Axes' width.

    The first style (``STRIP_STYLES``, the last on the cell's width, then
    that with its labels wrapped or compact; under big fonts ``xx-small``
    after them) with which the Axes keeps ``MIN_CELL_SHARE`` of its cell's
    height (:func:`fit`); a strip wider than the Axes is centred on a cell as wide as the figure; last, that style
    in tighter rows (``tight``).  ``given``: the caller's keywords.  ``areas``: also the areas' kind in a first entry.
    ``floor``: the smallest style only, at ``MIN_TEXT_PT`` (the last strip before a legend over the curves).
    """
    from matplotlib.transforms import blended_transform_factory, offset_copy

    given = _given(given)
    fig = ax.figure
    below = ax.xaxis.get_tightbbox(renderer)
    drop = (ax.bbox.y0 - below.y0 if below is not None else 0.0) * 72.0 / fig.dpi + 2.0  # points
    anchor = offset_copy(ax.transAxes, fig=fig, y=-drop, units="points")
    if floor:
        styles = [{**STRIP_STYLES[-1], **given, "fontsize": MIN_TEXT_PT}]
    else:
        styles = [given] if "fontsize" in given else []
        styles += [{**style, **{k: v for k, v in given.items() if k != "fontsize"}} for style in STRIP_STYLES]
        styles += [{**styles[-1], "fontsize": size} for size in _smaller(styles[-1]["fontsize"])]  # big fonts
    styles.append({**styles[-1], **tight})
    cell = cell_size(ax)
    tries = [{"style": kwargs, "width": ax.bbox.width} for kwargs in styles]
    centre = None
    if cell is not None and cell[0] >= 0.99 * fig.bbox.width:  # (in a row, skt-02, the layout narrowed Axes to 18 %)
        box = ax.get_subplotspec().get_topmost_subplotspec().get_position(fig)  # in figure coordinates
        centre = box.x0 + box.width / 2
        for attempt in tries[("fontsize" in given) + len(STRIP_STYLES) - 1:]:  # TIGHT's widest: a margin for 200 dpi
            attempt["width"] = max(ax.bbox.width, (0.92 if attempt is tries[-1] else 0.96) * cell[0])

    def make(attempt, handles, texts, ncol):
        lg = ax.legend(handles, texts, loc="upper center", bbox_to_anchor=(0.5, 0.0), bbox_transform=anchor,
                       ncol=ncol, borderaxespad=0.0, **legible_style(attempt["style"]))
        if centre is not None and lg.get_window_extent(renderer).width > ax.bbox.width:
            lg.set_bbox_to_anchor((centre, 0.0), transform=blended_transform_factory(fig.transFigure, anchor))
        notes(lg).kwargs, notes(lg).strip = attempt["style"], True
        return lg

    return fit(forms(tries, labels, areas), make, (list(handles), list(labels)), fig, [ax], renderer)


def _is_curve(handle):
    """Whether a legend entry's sample is a curve (a solid line): the rest is the key (bands, baselines, regions)."""
    from matplotlib.lines import Line2D

    return (isinstance(handle, Line2D) and handle.get_linestyle() in ("-", "solid")
            and str(handle.get_marker()) in ("None", "none", ""))


def split(ax, handles, labels, given, moving, renderer):
    """The curves' entries as a strip, the key's inside ``ax`` where it covers nothing; None when it cannot.

    The strip (:func:`strip`) must keep the Axes its share, then the key
    takes the best place of the laid-out Axes if free, in the caller's style,
    ``"small"`` or ``"x-small"``, whole or compact.  The key is an artist
    of the Axes beside its legend (the strip); the strip remembers it.
    """
    from matplotlib.legend import Legend

    handles, labels = list(handles), [str(label) for label in labels]
    curves = [i for i, handle in enumerate(handles) if _is_curve(handle)]
    key = [i for i in range(len(handles)) if i not in curves]
    if not curves or not key:
        return None
    lg = strip(ax, [handles[i] for i in curves], [labels[i] for i in curves], given, renderer, areas=True)
    if least_share([ax], lg, renderer) < MIN_CELL_SHARE:
        lg.remove()
        return None
    given = _given(given)
    for style in ([given] if "fontsize" in given else []) + [{**given, "fontsize": f} for f in ("small", "x-small")]:
        for compact in (False, True):
            key_handles, texts, stands = strip_entries([handles[i] for i in key], [labels[i] for i in key],
                                                       None, compact)
            inside = Legend(ax, key_handles, texts, loc="upper right", **legible_style(style))
            if best_place(inside, moving, renderer) is not None:
                ax.add_artist(inside)
                notes(inside).form, notes(inside).labels = (None, compact), stands
                keep_entries(inside, [handles[i] for i in key], [labels[i] for i in key])
                notes(lg).split = (curves, key, *held([inside]))
                keep_entries(lg, handles, labels)
                return lg
    lg.remove()
    return None


def inside_anyway(ax, handles, labels, given, moving, renderer):
    """The entries inside ``ax`` at the least covered place, in the strip's smallest style and compact form.

    The last resort, when no strip fits in the figure at all (fonts of
    seaborn's "talk" context over a 4.5 x 3.5 in figure): a legend over a
    few data is better than one drawn off the figure's edge.  Of the
    compact forms (and the areas' kind in a first entry), wrapped or not, the
    one in the fewest pixels of those no taller than the Axes.
    """
    style = {**STRIP_STYLES[-1], "frameon": True, "borderpad": 0.3, **_given(given)}
    style["fontsize"] = STRIP_STYLES[-1]["fontsize"]
    style["fontsize"] = (_smaller(style["fontsize"]) or [style["fontsize"]])[-1]  # big fonts: the smallest strip's
    labels = [str(label) for label in labels]
    kind = areas(labels)[1]

    def make(wrap, compact, ncol):
        shown_handles, texts, _ = strip_entries(list(handles), labels, wrap, compact)
        made = ax.legend(shown_handles, texts, loc="upper right", ncol=ncol, **legible_style(style))
        notes(made).ncol = ncol
        return made

    best = None
    for compact in (True, "areas") if kind is not None else (True,):
        for wrap in (None, *WRAP_CHARS):  # the form in the fewest pixels, in as many columns as fit the Axes
            legend = columns(lambda ncol, w=wrap, c=compact: make(w, c, ncol), ax.bbox.width, len(labels), renderer)
            box, ncol = legend.get_window_extent(renderer), note(legend, "ncol")
            legend.remove()
            size = (box.height > ax.bbox.height, box.width * box.height)  # within the Axes' height first
            if best is None or size < best[0]:
                best = (size, wrap, compact, ncol)
    _, wrap, compact, ncol = best
    legend = make(wrap, compact, ncol)
    legend.set_in_layout(False)  # over the Axes, as place_legend's inside legends
    notes(legend).kwargs, notes(legend).form = style, (wrap, compact)
    notes(legend).labels = strip_entries(list(handles), labels, wrap, compact)[2]
    keep_entries(legend, list(handles), labels)
    best_place(legend, moving, renderer, least=True)
    return legend


def relocate_key(legend, moving, renderer):
    """A split strip's key moved to the best place again after the curves changed (the least covered: none free)."""
    split_ = split_of(legend)
    if split_ is not None:
        best_place(split_[2], moving, renderer, least=True)


def remove_key(legend):
    """Remove a split strip's key with it (a panel's legend joining a figure's shared one)."""
    split_ = split_of(legend)
    if split_ is not None and split_[2].axes is not None:
        split_[2].remove()
