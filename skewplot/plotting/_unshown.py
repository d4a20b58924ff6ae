"""A note of hidden curves that finds no free place in its panel, said by the legend instead.

A panel's note of its hidden curves (``plotting/_hidden.py``: ``"on always −: card fraud"``, ``"under 7: 1"``) is
placed inside the panel where it covers no line (:func:`~.layout._marker_label.fit_anywhere`); where no place is
free it is not drawn, since a note over the curves is worse than none.  Nothing then told the reader that a curve
was missing: review32 found ovr-cost-01's card fraud on always − over 60 % of panel 1, and ovr-fm-02's class 1
under 7, with the note decided and left invisible.  Now the legend says it.  The hidden curve's entry is marked
with what covers it, ``"card fraud (on always − in panels 1, 3)"`` in a row's shared legend and
``"1, π′=0.242 (under 7)"`` in a panel's own.  The legend is then fitted again (its columns, its strip) and the
figure laid out once more (:func:`say_unshown`, a step of :data:`~.layout._figure.LAST_LAYOUT` run after the notes
are decided).  A note that shows again on a later draw takes its mark off the legend.  A widget's page, laid out
once, is left as it is.
"""

from __future__ import annotations

from ._compat import refill_legend
from ._notes import note, notes, unheld
from .layout._legend import _fit_shared, panels, place_legend
from .layout._legend_entries import entry_name, split_prior
from .layout._legend_strip import legend_entries, remove_key

__all__ = ["unshown", "marked", "say_unshown"]


def unshown(fig):
    """``{entry name: {phrase: [panel numbers]}}`` of the curves of ``fig`` a note decided hidden and could not show
    by name (no place for it, or for its count only: ``"1 curve on always −"``; panels numbered from 1 in the order
    of ``fig.axes``), and the number of panels.  A phrase is ``"on always −"``; the entry name is the class without
    its prior, as a shared legend names it.  A note of curves under another's is not said there: its finder counts
    curves that only meet (every F curve ends at 1) as hidden, and review68 read the marks as false."""
    shown = panels(fig)
    out = {}
    for k, ax in enumerate(shown, 1):
        # classes only: a classifier's curve on a baseline has its own mark (its entry's "*", plotting/_coincide.py),
        # and marking a row's shared legend again squeezed a paper row's panels to 50 % of their cells
        for spec in (note(ax, "hidden_notes") or {}).values() if note(ax, "of_classes", False) else ():
            text = unheld(spec.text)[0]
            if not spec.found or text is None or text.axes is not ax or text.get_visible() and not _counts(spec, text):
                continue
            if spec.kind != "on":  # "under": curves merely meeting (F's all end at 1) are counted hidden (review68)
                continue
            for name, cover in dict(spec.named).items():
                phrase = f"on {cover}" if spec.kind == "on" else f"under {cover}"
                out.setdefault(_entry(name), {}).setdefault(phrase, []).append(k)
    return out, len(shown)


def _counts(spec, text):
    """Whether ``text``, a note shown, only counts its curves (``"1 curve on always −"``, its last form): it names
    none of them."""
    return " ".join(text.get_text().split()) == " ".join(spec.forms[-1].split()) if spec.forms else False


def _entry(name):
    return split_prior(entry_name(str(name)))[0]


def marked(label, said, n_panels=1):
    """``label`` (a legend entry) marked with ``said`` (``{phrase: [panel numbers]}``, :func:`unshown`): the panels
    are named when there are several and the curve is not hidden in all of them.

    Examples
    --------
    >>> marked("card fraud", {"on always −": [1, 3]}, 3)
    'card fraud (on always − in panels 1, 3)'
    >>> marked("1, π′=0.242 (AUCPR = 0.61)", {"under 7": [1]})
    '1, π′=0.242 (under 7) (AUCPR = 0.61)'
    """
    parts = []
    for phrase, where in said.items():
        if 1 < n_panels and len(where) < n_panels:
            phrase += f" in panel{'s' * (len(where) > 1)} {', '.join(map(str, where))}"
        parts.append(phrase)
    head, sep, tail = label.partition(" (")
    return f"{head} ({'; '.join(parts)}){sep}{tail}"


def say_unshown(fig):
    """Mark the legend entries of the curves whose note found no place in ``fig`` (:func:`unshown`), or take the
    marks off where every note shows now; True when a legend changed (the draw lays the figure out once more)."""
    if getattr(fig, "figure", fig) is not fig or note(fig, "frozen", False) or note(fig, "page", False):
        return False
    marks, n = unshown(fig)
    legend = unheld([note(fig, "legend")])[0] if note(fig, "legend") is not None else None
    if legend is not None and legend in fig.legends:
        return _mark_shared(fig, legend, marks, n)
    changed = False
    for k, ax in enumerate(panels(fig), 1):
        own = {name: {phrase: [1] for phrase, where in said.items() if k in where} for name, said in marks.items()}
        changed |= _mark_own(ax, {name: said for name, said in own.items() if said})
    return changed


def _key(marks):
    return tuple(sorted((name, tuple(sorted((p, tuple(w)) for p, w in said.items()))) for name, said in marks.items()))


def _mark_shared(fig, legend, marks, n):
    """The shared legend of ``fig`` fitted again (:func:`~.layout._legend._fit_shared`) with its entries marked."""
    key = _key(marks)
    said = note(legend, "said")
    if said == (key, note(legend, "shown")) or (said is None and not marks):
        return False  # as marked (or never marked, and nothing to mark)
    kept = note(fig, "entries", {})
    entries = {marked(name, marks[name], n) if name in marks else name: h
               for name, h in zip(kept, unheld(kept.values()), strict=True) if h is not None}
    legend.set_bbox_to_anchor((0, 0, 1, 1), transform=fig.transFigure)  # out of the layout while forms are tried
    try:
        made = {}
        chosen = _fit_shared(fig, note(fig, "shared_kwargs", {}), entries, made)
    finally:
        legend.set_bbox_to_anchor(None)
    done = refill_legend(legend, chosen, *made[id(chosen)], "outside upper center")
    if done:
        for name in ("form", "labels", "entries", "shown"):
            setattr(notes(legend), name, note(chosen, name))
        notes(legend).said = (key, note(legend, "shown"))
    chosen.remove()
    return done


def _mark_own(ax, marks):
    """``ax``'s own legend placed again (:func:`~.layout._legend.place_legend`) with its entries marked."""
    legend = ax.get_legend()
    if legend is None or note(ax, "areas", False):
        return False
    key = _key(marks)
    said = note(legend, "said")
    if said == key or (said is None and not marks):
        return False
    handles, labels = legend_entries(legend)
    plain = note(legend, "plain") or list(labels)
    new = [marked(label, marks[_entry(label)]) if _entry(label) in marks else label for label in plain]
    given = note(legend, "kwargs", {})
    remove_key(legend)
    legend.remove()
    placed = place_legend(ax, handles, new, **given)
    notes(placed).plain, notes(placed).said = plain, key
    return True
