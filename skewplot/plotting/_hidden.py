"""The notes of curves hidden under others, decided on the layout the figure is drawn at.

A panel's note names the curves that lie on a baseline (a row's cost or F
panel: ``"on always −: gbm, svm"``) or under another classifier's curve
(PR-gain, AUCPR against skew, a single cost or F panel: ``"under lasso:
mlp"``).  Whether a curve is hidden depends on the Axes' size in pixels:
it is hidden where its centre line lies within ``COVERED`` of its own width
of the curve over it, over at least ``MIN_SHARE`` of the Axes' width
(:func:`~._coincide.coinciding_runs`; not by the data: a curve a hair
under the line then went unnamed).  A plot call decides on the layout as
it is (:func:`fit_notes`), but a row's shared legend and areas are placed
by the draw, which then shrinks the panels: prg-10
of the figure review listed svm, whose longest stretch under naive Bayes
was 4-6 % of the width of the saved panel, decided on the panel before it
shrank.  So each draw's layout decides every note again once it has laid
the figure out for the last time (:func:`refit_hidden_notes`, a step of
:data:`~.layout._figure.LAST_LAYOUT`), at the size and resolution it is
drawn at; a note whose curves and Axes have not changed since is not
measured again.  A widget's page notes only its cost panel (``_page_note``).
"""

from __future__ import annotations

import numpy as np

from ._coincide import (
    COVERED,
    DECIDE_NOW,
    MARK,
    MIN_SHARE,
    NOTE_LINE,
    NOTE_NAME,
    _short,
    columns,
    distance,
    hidden_note,
    on_level,
    runs_of,
    sampled,
    spans,
    watch,
)
from ._legend_text import legend_name
from ._notes import note, notes, unheld
from ._unshown import say_unshown
from .layout._figure import LAST_LAYOUT
from .layout._legend import panels
from .layout._legend_entries import split_prior
from .layout._marker_label import fit_anywhere, misplaced

__all__ = ["fit_notes", "say_hidden", "hidden_under", "hidden_text", "shown_note", "refit_hidden_notes"]

#: The notes of a panel in the order they are placed (the second keeps off the first).
KINDS = ("on", "under")


def fit_notes(display):
    """Decide and place the notes of hidden curves of ``display``'s panel, once its legend is placed (the layout
    as it is); each draw decides them again on its final layout (:func:`refit_hidden_notes`).

    A row's or grid's cost or F panel: its note of the envelopes on the baseline (recorded by
    :func:`~._coincide.note_envelopes`), wrapped to about half the panel's width; a display that says so
    (``_says_hidden``: PR-gain, AUCPR against skew; cost and F in a panel of their own): its note of the curves
    lying under another classifier's (:func:`say_hidden`).  Each where it covers no line.
    """
    ax = display.ax_
    notes(ax).of_classes, on_baseline = "_class_models" in display.__dict__, set()  # (_unshown: classes alone)
    spec = note(ax, "hidden_notes", {}).get("on")
    if spec is not None and not _at_draw(ax):
        on_baseline = set(_decide(ax, spec))
    # cost and F: in a panel of its own (a row's panel has its note of the baseline, and no room for two)
    envelopes = getattr(display, "_hiding", (None,))[0] is not None and len(panels(ax.figure)) == 1
    if getattr(display, "_says_hidden", False) or envelopes:
        on_baseline |= {n for n, line in display.lines_.items() if str(line.get_label()).endswith(MARK)}
        say_hidden(display, {n: line for n, line in display.lines_.items()
                             if n not in on_baseline and legend_name(n) not in on_baseline})


def say_hidden(display, lines=None):
    """A note inside ``display``'s Axes naming the curves painted over by another classifier's (:func:`hidden_under`).

    Two classifiers whose curves coincide at the figure's size show as one line (prg-07's mlp under lasso,
    aucsk-02's ridge under tree of the review of 494a71d): the note, in small grey text where it covers no line
    (:func:`~.layout._marker_label.fit_anywhere`), says which lies under which; no curve moves.  Where no line
    per covering curve fits, the covering curves' clauses run on in lines of their own width; then one list of the
    hidden curves; only where that does not fit either, their count.  Decided now (in a grid or row, whose draw
    places the panels' areas, only then) and again on each draw's final layout; nothing in a widget's page (its
    layout frozen).  ``lines``: the curves (the display's ``lines_`` when None).  Returns the note's Text (None: no
    curve is hidden, or not decided yet).
    """
    ax = display.ax_
    spec = watch(ax, "under", display.lines_ if lines is None else lines, order=list(display.lines_))
    if spec is None or _at_draw(ax):
        return None
    _decide(ax, spec)
    return shown_note(ax, "under")


def _at_draw(ax):
    """Whether the next draw lays ``ax``'s figure out with its panels' areas (a grid or row, :func:`~.layout._legend.
    share_legend`): its notes are decided there, on the panels as they will be, not now on the panels before."""
    return note(ax.figure, "pending") is not None


def shown_note(ax, kind):
    """The Text of ``ax``'s note of ``kind`` (``"on"`` a baseline, ``"under"`` another curve) when it names a curve
    (it may still be hidden where no place is free), else None (in a grid or row, None until the figure is drawn)."""
    spec = None if ax is None else note(ax, "hidden_notes", {}).get(kind)
    return unheld(spec.text)[0] if spec is not None and spec.found else None


def refit_hidden_notes(fig):
    """Decide every note of hidden curves of ``fig`` again on the layout just made, the last of a draw (a step of
    :data:`~.layout._figure.LAST_LAYOUT`), and place it again where it no longer fits (:func:`fit_anywhere`)."""
    for ax in fig.get_axes():
        kept = note(ax, "hidden_notes")
        for kind in KINDS:
            spec = (kept or {}).get(kind)
            if spec is not None:
                _decide(ax, spec, again=True)
    for sub in getattr(fig, "subfigs", ()):
        refit_hidden_notes(sub)


LAST_LAYOUT.extend((refit_hidden_notes, say_unshown))  # a note with no free place: said in the legend (_unshown)


def _step_note(display):
    """A widget's step moved ``display``'s curves or axis: its note decided again (~3 ms), left where it stands if it
    says the same and covers no line (placed anew, ~0.2 s among the explorer's thin lines)."""
    spec = note(display.ax_, "hidden_notes", {}).get("on")
    if spec is not None:
        _decide(display.ax_, spec, again=True)


DECIDE_NOW.append(_step_note)


def _decide(ax, spec, again=False):
    """Decide the note ``spec`` (:func:`~._coincide.watch`) on ``ax`` as laid out now and place it; returns the names
    it gives.  ``again`` (a draw): kept as it is when neither the Axes nor its curves changed since it was decided,
    and where it stands when it says the same and still fits there."""
    text = unheld(spec.text)[0]
    lines = {n: line for n, line in zip(spec.names, unheld(spec.lines), strict=True)
             if line is not None and line.axes is ax}
    baseline = unheld(spec.baseline)[0]
    if text is None or text.axes is not ax:
        return []
    key = _key(ax, [*lines.values(), baseline])
    if not (again and spec.key is not None and _same(key, spec.key)):
        spec.key = key
        spec.x, spec.forms, spec.named = _forms(ax, spec, lines, baseline, text)  # named: {hidden: what covers it}
    elif not spec.found or (text.get_visible() and not misplaced(text, ())):
        return list(spec.named)
    spec.found = bool(spec.forms)
    if not spec.found:
        text.set_text("")
        text.set_visible(False)
        notes(text).anywhere = None
        return []
    shown = note(text, "anywhere")
    if not (again and shown is not None and shown[1] == spec.forms and text.get_visible()
            and not misplaced(text, ())):
        fit_anywhere(text, spec.x, spec.forms)
    notes(text).last = True  # placed by the last layout's step, not by the marker labels' (layout._marker_label)
    return list(spec.named)


def _forms(ax, spec, lines, baseline, text):
    """``(x, forms, named)`` of the note ``spec`` on ``ax`` now: the data x it is anchored at, its texts, fullest
    first (none: no curve is hidden), and the names it gives, each with what covers it (``{name: cover}``)."""
    widths = (_note_width(ax, text), NOTE_NAME + 2)
    if spec.kind == "on":
        if baseline is None or not baseline.get_visible():
            return None, (), {}
        names, at = _on_line(ax, lines, baseline)
        if not names:
            return None, (), {}
        under = spec.under
        forms = (*(hidden_note(names, under, width=w) for w in widths),
                 f"{len(names)} curve{'s' * (len(names) > 1)} on {under}")
        return at, forms, dict.fromkeys(names, under)
    groups, at = hidden_under(ax, lines)
    if not groups:
        return None, (), {}
    hidden = sum(len(names) for names in groups.values())
    # the clauses run on where a line each has no place, up to nine tenths of the panel wide (prg-10's panel 4 has
    # two lines of room under its curves' ends, "under others" there said no curve's cover)
    forms = [hidden_text(groups, width) for width in widths]
    forms += [hidden_text(groups, width, run_on=True) for width in (widths[0], _note_width(ax, text, 0.9))]
    forms += [hidden_text(groups, width, order=list(spec.order)) for width in widths]
    forms.append(f"{hidden} curve{'s' * (hidden > 1)} under another")
    return at, tuple(dict.fromkeys(forms)), {n: _named(over) for over, names in groups.items() for n in names}


def _key(ax, lines):
    """What a note's decision on ``ax`` depends on: the Axes' box and view, and each curve's data and style (the box
    to a thousandth of a pixel: one layout after another moves it by 1e-13 px)."""
    return ((tuple(np.round(ax.bbox.bounds, 3)), tuple(ax.viewLim.bounds), ax.get_xscale(), ax.get_yscale()),
            [None if line is None else (line.get_xydata(), line.get_linewidth(), line.get_zorder(),
                                        line.get_visible()) for line in lines])


def _same(key, old):
    """Whether two :func:`_key` are the same (a curve's data by identity: ``set_data`` makes a new array)."""
    if key[0] != old[0] or len(key[1]) != len(old[1]):
        return False
    return all(a is b or (a is not None and b is not None and a[0] is b[0] and a[1:] == b[1:])
               for a, b in zip(key[1], old[1], strict=True))


def _on_line(ax, lines, baseline):
    """The legend names of ``lines`` lying on ``baseline`` (within ``COVERED`` of their width, over ``MIN_SHARE`` of
    the width), and the data x of the middle of the longest such stretch."""
    px = columns(ax)
    if px.size < 3:
        return [], None
    under = sampled(ax, baseline, px)
    names, at = [], None
    for name, curve in lines.items():
        if not curve.get_visible():
            continue
        width = COVERED * curve.get_linewidth() * ax.figure.dpi / 72.0
        runs = runs_of(ax, px, sampled(ax, curve, px), under, width)
        if runs:
            names.append(legend_name(name))
            run = max(runs, key=lambda r: r[2])
            if at is None or run[2] > at[0]:
                at = (run[2], run[0], run[1])
    return names, None if at is None else _middle(ax, at[1], at[2])


def _note_width(ax, text, share=0.5):
    """Characters of a line of a note about ``share`` of ``ax``'s width (half)."""
    return max(int(share * ax.bbox.width * 72.0 / ax.figure.dpi / (0.6 * text.get_fontsize())), NOTE_NAME + 2)


def _drawn_order(ax, line):
    """Where ``line`` lies in the paint order of ``ax`` (a higher one is painted over it)."""
    return line.get_zorder(), next((k for k, a in enumerate(ax.get_children()) if a is line), -1)


def hidden_under(ax, lines, apart_from=0.0):
    """The curves of ``lines`` (``{name: Line2D}``) painted over by another of them: ``{over: [names under it]}``.

    A curve whose centre line lies within ``COVERED`` of its own width of a
    curve painted after it (a higher zorder, or the same and added later),
    over at least ``MIN_SHARE`` of the Axes' width, is hidden by it; of
    several, by the one it lies on the longest.  Returns the groups in the
    order of ``lines`` and the data x of the middle of the longest stretch
    found (None when nothing is hidden).  Where the curves meet at the
    level ``apart_from`` (the zero every weak classifier's AUCPR or
    precision gain ends on) is no hiding: each one's own end is there;
    nor is a stretch where three or more curves meet, the hidden one among
    them, that reaches an end of the hidden curve where it steps onto that
    level (:func:`_ends`, :func:`_tails`): curves converging to a common
    end.  Such a bundle in the middle of a curve's range, or running on to
    the Axes' edge off the level, hides it as two curves do.  Each curve is sampled at the Axes'
    pixel columns once.
    """
    items = [(name, line) for name, line in lines.items() if line.get_visible() and len(line.get_xdata()) > 1]
    px = columns(ax)
    if px.size < 3:
        return {}, None
    order = {name: _drawn_order(ax, line) for name, line in items}
    ys = {name: sampled(ax, line, px) for name, line in items}
    widths = {name: COVERED * line.get_linewidth() * ax.figure.dpi / 72.0 for name, line in items}
    # where each curve touches each other one (centres at most half of the two lines' widths apart): once a pair
    touching = {(a, b): distance(px, ys[a], ys[b]) <= widths[a] + widths[b] for a in ys for b in ys if a != b}
    bundles = _bundles(touching, list(ys), px.size, MIN_SHARE * ax.bbox.width)
    groups, best = {}, None
    for name, _ in items:
        found = None
        ends = _ends(ax, ys[name], widths[name], apart_from)
        for other, _ in items:
            if other == name or order[other] <= order[name]:
                continue
            tails = _tails(bundles[other] & touching[(name, other)], widths[name] + widths[other], ends)
            runs = runs_of(ax, px, ys[name], ys[other], widths[name], apart_from=apart_from, apart=tails)
            if runs:
                run = max(runs, key=lambda r: r[2])
                if found is None or run[2] > found[1][2]:
                    found = (other, run)
        if found is not None:
            groups.setdefault(found[0], []).append(name)
            if best is None or found[1][2] > best[2]:
                best = found[1]
    groups = {over: groups[over] for over, _ in items if over in groups}
    return groups, None if best is None else _middle(ax, best[0], best[1])


def _bundles(touching, names, size, min_run):
    """``{name: mask}``: of the ``size`` columns, those where two or more other curves of ``names`` touch the
    curve ``name`` (``touching``: ``{(a, b): mask}`` of the columns where ``a`` touches ``b``): three or more curves
    meet there, over ``min_run`` columns or more (a third curve crossing two that lie on one another does not part
    them).
    """
    out = {}
    for other in names:
        near = np.zeros(size, dtype=int)
        for name in names:
            if name != other:
                near += touching[(name, other)]
        out[other] = _long(near >= 2, min_run)
    return out


def _ends(ax, y, width, apart_from):
    """The ends of the curve ``y`` (:func:`~._coincide.sampled`; ``width``: its ``COVERED`` width in pixels) on the
    level ``apart_from`` (:func:`~._coincide.on_level`): its first and last columns (indices) drawn off that level,
    each only where the curve is drawn on the level beside it (it comes off it there, or steps onto it).

    A curve drawn off the level up to its first or last column (the Axes' edge, or where its data stop) has no end
    on that side: curves that run on side by side to the edge, plateaus at levels of their own (review27: in
    ovr-prg-01's panel 2 class 5 lies 0.8 px under 7, with 6 4 px above, over the right 43 %), do not converge, and
    one drawn under another there is hidden as it would be anywhere else.  None without a level.
    """
    if apart_from is None:
        return ()
    drawn = np.isfinite(y)
    on = drawn & on_level(ax, y, width, apart_from)
    at = np.flatnonzero(drawn & ~on)
    if at.size == 0:
        return ()
    first, last = int(at[0]), int(at[-1])
    beside = ((first, first > 0 and on[first - 1]), (last, last < y.size - 1 and on[last + 1]))
    return tuple(dict.fromkeys(end for end, stepped in beside if stepped))


def _tails(bundle, tol, ends):
    """The columns of ``bundle`` (the columns where the curve meets the covering one in a bundle of three or more,
    :func:`_bundles`) that hide none of it: its stretches that reach an end of the curve where it steps onto the zero
    level, i.e. include one of the columns ``ends`` (:func:`_ends`) or one within ``tol`` columns of it.

    Where weak and strong classifiers converge to one point (PR-gain's right end, AUCPR's zero at the rare end) the
    bundle hides each of them but the top one, and naming one of them singled it out (random forest in
    prg-03/05/08/10 of review24, while ridge, mlp and lasso vanished there too).  A bundle in the middle of a curve's
    range hides it as two curves do (ovr-prg-01's class 3 under 4 and 5 in the middle of panel 2, its colour gone
    from 23 % of the width); the end is taken off the zero level, where the curve's own end already hides nothing
    (prg-05's random forest drops to zero past the bundle it converged in).
    """
    out = np.zeros_like(bundle)
    for start, stop in spans(bundle):
        if any(start - tol <= end <= stop - 1 + tol for end in ends):
            out[start:stop] = True
    return out


def _long(mask, length):
    """``mask`` without its runs of fewer than ``length`` columns."""
    out = np.zeros_like(mask)
    for start, stop in spans(mask):
        if stop - start >= length:
            out[start:stop] = True
    return out


def _middle(ax, x0, x1):
    return float(np.sqrt(x0 * x1)) if ax.get_xscale() == "log" and x0 > 0 < x1 else 0.5 * (x0 + x1)


def hidden_text(groups, width=NOTE_LINE, order=None, run_on=False):
    """A note of ``groups`` (:func:`hidden_under`), one line a covering curve: ``"under tree: ridge, lasso"``; with
    ``run_on``, the clauses one after another (``"; "``) in lines of ``width``, fewer lines for short clauses; with
    ``order`` (every curve's name), one list of the hidden in that order (the covering curves not said).

    Examples
    --------
    >>> groups = {"tree": ["ridge"], "naive Bayes": ["svm", "knn"]}
    >>> print(hidden_text(groups)); print(hidden_text(groups, 24, order=["knn", "svm", "tree", "ridge"]))
    under tree: ridge
    under naive Bayes: svm, knn
    under others: knn, svm,
    ridge
    >>> print(hidden_text({"knn": ["naive Bayes"], "lasso": ["mlp"]}, 40, run_on=True))
    under knn: naive Bayes; under lasso: mlp
    """
    if order is not None:
        hidden = {n for names in groups.values() for n in names}
        groups = {"others": [n for n in order if n in hidden]}
    notes_ = [hidden_note([_named(n) for n in names], _short(_named(over)), width).replace("on ", "under ", 1)
              for over, names in groups.items()]
    if not run_on:
        return "\n".join(notes_)
    lines, line = [], ""
    for k, clause in enumerate(notes_):
        for j, part in enumerate(clause.split("\n")):
            part += ";" if k < len(notes_) - 1 and j == clause.count("\n") else ""
            if line and (j > 0 or len(line) + 1 + len(part) > width):
                lines.append(line)
                line = part
            else:
                line = f"{line} {part}" if line else part
    lines.append(line)
    return "\n".join(lines)


def _named(name):
    """A curve's name in a note: a one-vs-rest class without its prior (the legend gives it)."""
    return split_prior(legend_name(name))[0]
