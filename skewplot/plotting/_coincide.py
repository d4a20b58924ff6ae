"""Curves that lie on one another at the figure's size, and what a legend entry says of it.

Below some probability cost a weak classifier's cost envelope IS the
always-negative line, and at rare skews a weak classifier's F curve is the
always-positive one: drawn one over another, only the top line shows and a
reader cannot tell that the others are there (figure review of ba94d56:
cost-01..09, fm-03..07).  No curve is moved off its data; instead
:func:`coinciding_runs` finds, in display space over the visible range,
where a curve lies within its own line width of another, and
:func:`mark_coinciding` marks the legend entry of each curve that lies on
the baseline over part of the axis (``"tree*"``); an entry of its own says
what the mark means (``"* partly on always −"``).  A mark and one
clause keep the legend as small as it was: words per entry (``"tree (on
always − for PC(+) < 0.47)"``) tripled a 10-classifier legend.

A row's or grid's shared legend names each classifier once for every
panel, so there each cost or F panel says it in a note of its own
(:func:`note_envelopes`: ``"on always −: gbm, svm"``); and a curve painted
over by another classifier's (PR-gain, AUCPR against skew, a single cost
or F panel) is named in a note too (:func:`~._hidden.say_hidden`: ``"under
lasso: mlp"``), placed where it covers no line (review of 494a71d:
cost-02/03/04, fm-03, prg-07, aucsk-02/03).  Each note's curves are
recorded on its Axes here (:func:`watch`); which of them it names is
decided in :mod:`._hidden`, again on the layout each draw ends with.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from ._legend_text import legend_name
from ._notes import held, note, notes, unheld
from .layout._figure import legible
from .layout._legend_areas import is_page

__all__ = ["coinciding_runs", "columns", "sampled", "runs_of", "spans", "distance", "on_level", "crossing_hidden",
           "lies_on", "mark_coinciding", "say_coinciding", "mark_envelopes", "note_envelopes", "watch", "hidden_note",
           "DECIDE_NOW", "MIN_SHARE", "COVERED", "MARK", "NOTE_NAME", "NOTE_LINE"]

#: Share of the Axes' width a stretch must span to be told (a shorter one is a crossing, not a hidden curve).
MIN_SHARE = 0.08
#: A curve whose centre line lies within this share of its width of another's is more than half covered by it
#: (wider, its edge shows beside the line over it, as the strong classifiers' do at the axis' left end).
COVERED = 0.5
#: What a legend entry of a curve lying on a baseline ends in (the baseline's entry says what it means).
MARK = "*"


def _display_y(ax, x, y, px):
    """``y`` of the curve ``(x, y)`` at the display x ``px`` (NaN outside it or off the visible y range)."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    keep = np.isfinite(x) & np.isfinite(y)
    if ax.get_xscale() == "log":
        keep &= x > 0
    if ax.get_yscale() == "log":
        keep &= y > 0
    x, y = x[keep], y[keep]
    if x.size < 2:
        return np.full(px.shape, np.nan)
    if not np.all(x[1:] >= x[:-1]):  # a curve drawn in order (most are) is not sorted again: a widget's step
        order = np.argsort(x, kind="stable")
        x, y = x[order], y[order]
    pts = ax.transData.transform(np.column_stack([x, y]))
    out = np.interp(px, pts[:, 0], pts[:, 1], left=np.nan, right=np.nan)
    box = ax.bbox
    out[(out < box.y0 - 0.5) | (out > box.y1 + 0.5)] = np.nan  # off the Axes: nothing to hide there
    return out


def coinciding_runs(ax, curve, other, width, min_share=MIN_SHARE, apart_from=None):
    """The x ranges (data units) where ``curve`` lies within ``width`` pixels of ``other`` on ``ax``.

    ``curve`` and ``other`` are ``(x, y)`` in data units, each a function of
    x.  Both are sampled at every display pixel of the Axes' width; the
    distance is the vertical one scaled by ``other``'s slope (about the
    distance across the line).  Stretches narrower than ``min_share`` of the
    Axes' width are dropped, and so, with ``apart_from`` (a data y), are the
    pixels where ``other`` lies within two widths of that level (curves
    meeting on the zero line or a spine, where every weak one ends).  Each run is ``(x0, x1, share, left, right)``:
    its ends, the share of the Axes' width it spans, and whether it starts at
    the Axes' left end and ends at its right end.

    Examples
    --------
    >>> import numpy as np
    >>> from matplotlib.figure import Figure
    >>> ax = Figure(figsize=(4, 3), dpi=100).add_subplot()
    >>> _ = ax.set(xlim=(0, 1), ylim=(0, 1))
    >>> x = np.linspace(0, 1, 101)
    >>> [(round(x0, 1), round(x1, 1), left, right)
    ...  for x0, x1, _, left, right in coinciding_runs(ax, (x, np.maximum(x, 0.5)), (x, x), 2.0)]
    [(0.5, 1.0, False, True)]
    """
    px = columns(ax)
    if px.size < 3:
        return []
    return runs_of(ax, px, _display_y(ax, *curve, px), _display_y(ax, *other, px), width, min_share, apart_from)


def columns(ax):
    """The display x of every pixel column of ``ax``: where :func:`coinciding_runs` samples the curves."""
    box = ax.bbox
    return np.arange(np.ceil(box.x0), np.floor(box.x1) + 1.0)


def sampled(ax, line, px):
    """The display y of the Line2D ``line`` at the columns ``px`` (:func:`columns`; NaN where it is not drawn)."""
    return _display_y(ax, *line.get_data(), px)


def runs_of(ax, px, a, b, width, min_share=MIN_SHARE, apart_from=None, apart=None):
    """:func:`coinciding_runs` of two curves sampled at the columns ``px`` (``a`` and ``b``: :func:`sampled`): a
    curve sampled once serves every pair it is in.  ``apart``: a boolean mask of the columns that count as no
    hiding (where a bundle of curves meets, :func:`~._hidden.hidden_under`)."""
    box = ax.bbox
    on = distance(px, a, b) <= width
    if apart is not None:
        on &= ~apart
    if apart_from is not None:
        on &= ~on_level(ax, b, width, apart_from)
    runs = []
    to_data = ax.transData.inverted()
    for start, stop in spans(on):
        if px[stop - 1] - px[start] < min_share * box.width:
            continue
        x0, x1 = (to_data.transform([[px[start], box.y0], [px[stop - 1], box.y0]])[:, 0])
        runs.append((float(x0), float(x1), (px[stop - 1] - px[start]) / box.width,
                     bool(px[start] - box.x0 < 1.5), bool(box.x1 - px[stop - 1] < 1.5)))
    return runs


def spans(mask):
    """``(start, stop)`` of each run of True in the boolean array ``mask``."""
    edges = np.flatnonzero(np.diff(np.r_[0, mask.astype(np.int8), 0]))
    return zip(edges[::2], edges[1::2], strict=True)


def distance(px, a, b):
    """The distance across ``b`` of ``a`` at the columns ``px`` (both :func:`sampled`): the vertical one scaled by
    ``b``'s slope; infinite where either is not drawn."""
    slope = np.gradient(b, px)
    dist = np.abs(a - b) / np.sqrt(1.0 + np.nan_to_num(slope, nan=0.0) ** 2)
    return np.nan_to_num(dist, nan=np.inf)


def on_level(ax, y, width, level):
    """Where the curve ``y`` (:func:`sampled`) lies within two ``width`` (pixels) of the data y ``level``: the zero
    every weak classifier's curve ends on (:func:`coinciding_runs`' ``apart_from``)."""
    at = ax.transData.transform([[1.0 if ax.get_xscale() == "log" else 0.0, level]])[0, 1]
    return np.abs(y - at) <= 2.0 * width


def crossing_hidden(ax, line, other, x):
    """Whether the curve ``line`` lies on ``other`` (within ``COVERED`` of its width, :func:`coinciding_runs`) at
    data ``x``: their crossing there cannot be seen (a pi* line pointed at the hidden ridge/tree swap, aucsk-02)."""
    runs = coinciding_runs(ax, line.get_data(), other.get_data(), COVERED * line.get_linewidth() * ax.figure.dpi / 72)
    return any(x0 <= x <= x1 for x0, x1, *_ in runs)


def lies_on(ax, curve, other, width, min_share=MIN_SHARE):
    """Whether ``curve`` lies on ``other`` (within ``width`` px) over at least ``min_share`` of the Axes' width."""
    return bool(coinciding_runs(ax, curve, other, width, min_share))


def mark_coinciding(ax, lines, baseline, mark=MARK):
    """Mark with ``mark`` the legend entry of each of ``lines`` that lies on ``baseline`` in part.

    ``lines``: ``{name: Line2D}`` of the curves the baseline may hide (the
    envelopes), ``baseline`` the Line2D drawn over them.  A curve on it
    (within ``COVERED`` of its own line width at the figure's size, over at
    least ``MIN_SHARE`` of the Axes' width) gets ``"tree*"`` as its label;
    the caller adds an entry that says what the mark means.  Returns the
    names marked.
    """
    other = baseline.get_data()
    marked = []
    for name, line in lines.items():
        if lies_on(ax, line.get_data(), other, COVERED * line.get_linewidth() * ax.figure.dpi / 72.0):
            line.set_label(f"{line.get_label()}{mark}")
            marked.append(name)
    return marked


def say_coinciding(ax, lines, baseline, name):
    """Mark the entries of ``lines`` lying on ``baseline`` (:func:`mark_coinciding`); return the entry that says so.

    Below some PC(+) a weak classifier's cost envelope is the always-negative
    line, and at rare skews its F curve the always-positive one: drawn one over
    another only the top one shows, so the entries of those under it end in
    ``*`` and an entry without a sample, ``"* partly on <name>"``, says what
    that means (None: no curve lies on it).
    """
    if not (lines and baseline.get_visible() and mark_coinciding(ax, lines, baseline)):
        return None
    return ax.plot([], [], linestyle="none", label=f"{MARK} partly on {name}")[0]


def mark_envelopes(display, again=False):
    """Mark the envelopes of a cost or F ``display`` lying on its hiding baseline (:func:`say_coinciding`).

    ``again``: after an ``update`` moved the curves (the F weight, a rescaled
    axis), found anew; a legend of the Axes' own whose entries change is made
    again, as a fresh plot would make it.  A widget's page (its layout frozen)
    keeps the marks of its first drawing; a figure of several panels (one
    shared legend) gets none.
    """
    ax = display.ax_
    if len([a for a in ax.figure.axes if a.get_visible()]) > 1:
        # a row or grid shares one legend, whose entries are named once for every panel: "tree*" beside a PR
        # panel's "tree" was a second entry for one classifier (and squeezed a paper row's panels); the panel
        # says it in a note of its own instead (cost-02/03/04 of the review of 494a71d)
        if note_envelopes(display) is not None and again and is_page(ax.figure):
            for decide in DECIDE_NOW:  # a widget's step that moved the curves or an axis: no draw lays its page out
                decide(display)
        return
    line = display.baselines_.get(display._hiding[0])
    legend = ax.get_legend()
    if again and (line is None or legend is None or note(ax.figure, "frozen", False)):
        return
    before = [entry.get_label() for entry in display.lines_.values()], display.coincide_entry_ is not None
    if again:
        for name, entry in display.lines_.items():
            entry.set_label(legend_name(name))
        if display.coincide_entry_ is not None:
            display.coincide_entry_.remove()
    display.coincide_entry_ = None if line is None else say_coinciding(ax, display.lines_, line, display._hiding[1])
    after = [entry.get_label() for entry in display.lines_.values()], display.coincide_entry_ is not None
    if again and after != before:
        legend.remove()
        display._place_legend()


#: Decide a panel's note again now (``_hidden._step_note``, whose module imports this one): in a widget's page,
#: whose layout no draw makes again, a step that moves the curves or an axis.
DECIDE_NOW = []

NOTE_NAME, NOTE_LINE = 16, 30  #: characters of a name in a panel's note (then an ellipsis), and of a line of it


def hidden_note(names, under, width=NOTE_LINE):
    """The text of a panel's note naming the curves that lie on ``under``: ``"on always −: knn, mlp, tree"``.

    Names are shortened to :data:`NOTE_NAME` characters and the note is
    broken into lines of at most ``width`` characters (a narrow panel of a
    row holds it).  Empty without names.

    Examples
    --------
    >>> hidden_note(["knn", "mlp"], "always −")
    'on always −: knn, mlp'
    >>> print(hidden_note(["naive Bayes", "random forest", "a very long name of a model"], "always −"))
    on always −: naive Bayes,
    random forest,
    a very long nam…
    """
    if not names:
        return ""
    words = [_short(n) for n in names]
    lines, line = [], f"on {under}:"
    for k, word in enumerate(words):
        word += "," if k < len(words) - 1 else ""
        if len(line) + 1 + len(word) > width and line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}"
    lines.append(line)
    return "\n".join(lines)


def _short(name):
    """``name`` cut to :data:`NOTE_NAME` characters with an ellipsis (mathtext kept whole)."""
    return name if len(name) <= NOTE_NAME or "$" in name else name[:NOTE_NAME - 1].rstrip() + "…"


def note_envelopes(display):
    """In a panel of a row or grid, a note inside it naming the envelopes that lie on the hiding baseline.

    The shared legend names each classifier once for every panel, so the
    panel says it itself: ``"on always −: gbm, rf, svm"``, in small grey text
    placed as the skew's label is (where it covers no line,
    :func:`~.layout._marker_label.fit_marker_label`), at the middle of the
    longest stretch found.  No curve moves.  Recorded here, decided by
    :func:`~._hidden.fit_notes` and again on each draw's final layout
    (:mod:`._hidden`).  In a widget's page only for a display that says so
    (``_page_note``: the explorer's cost panel, whose envelopes no control
    moves; decided again on a step that moves its axis).  Returns the record
    (:func:`watch`).
    """
    line = display.baselines_.get(display._hiding[0])
    shown = line is not None and line.get_visible()
    return watch(display.ax_, "on", display.lines_ if shown else {}, baseline=line, under=display._hiding[1],
                 page=getattr(display, "_page_note", False))


def watch(ax, kind, lines, order=(), baseline=None, under=None, page=False):
    """Record on ``ax`` the curves a note of ``kind`` (``"on"`` a baseline, ``"under"`` another classifier's) is
    decided from: ``lines`` (``{name: Line2D}``), ``order`` (every curve's name), the ``baseline`` and its name
    ``under``.  The note's Text is made now, empty, with the style of the plot call (the draw that decides it may
    run under other rcParams); no lines, or a widget's page unless ``page``: the note goes.  Returns the record
    (None: nothing to decide)."""
    kept = note(ax, "hidden_notes")
    if kept is None:
        kept = notes(ax).hidden_notes = {}
    old = kept.get(kind)
    text = unheld(old.text)[0] if old is not None else None
    if not lines or (is_page(ax.figure) and not page):
        if text is not None and text.axes is ax:
            text.remove()
        kept.pop(kind, None)
        return None
    if text is None or text.axes is not ax:
        text = ax.text(0.5, 0.5, "", transform=ax.get_xaxis_transform(), fontsize=legible("small"), color="0.25",
                       linespacing=1.1, multialignment="left", visible=False)
        text.set_in_layout(False)  # inside the panel: it never shrinks it
    kept[kind] = SimpleNamespace(kind=kind, text=held([text]), names=tuple(lines), lines=held(lines.values()),
                                 order=tuple(order), baseline=held([baseline]), under=under, key=None, found=False,
                                 x=None, forms=(), named={})
    return kept[kind]
