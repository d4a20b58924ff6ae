"""skewplot's notes on matplotlib's and ipywidgets' objects, kept beside them instead of set on them.

A figure a widget laid out once, an axis label's forms, the artist that
paints it, a legend's entries and style, a canvas' paint lock: each is a
note on the object (:func:`note`, :func:`notes`), kept in a
``weakref.WeakKeyDictionary``, so it goes with the object and never
collides with an attribute of matplotlib's.

A note must not hold its object strongly, or what holds it (an artist of
the same figure): the dictionary would then keep the figure alive for
ever.  Such an artist is noted through :func:`held` and read back with
:func:`unheld`.

Examples
--------
>>> from matplotlib.figure import Figure
>>> fig = Figure()
>>> note(fig, "frozen", False)
False
>>> notes(fig).frozen = True
>>> note(fig, "frozen", False)
True
"""

from __future__ import annotations

import types
import weakref

__all__ = ["note", "notes", "held", "unheld"]

_NOTES = weakref.WeakKeyDictionary()


def notes(obj):
    """The namespace of notes on ``obj`` (an empty one the first time): set a note as its attribute."""
    found = _NOTES.get(obj)
    if found is None:
        found = _NOTES[obj] = types.SimpleNamespace()
    return found


def note(obj, name, default=None):
    """The note ``name`` on ``obj``, or ``default`` when it has none."""
    found = _NOTES.get(obj)
    return default if found is None else getattr(found, name, default)


def held(artists):
    """``artists`` as a note may keep them: a weak reference to each that is in a figure (the figure holds it),
    the artist itself when it has no figure (a legend's proxy handle: nothing but the note holds it), and a copy
    without a figure of a line or patch that has one but is not drawn by an Axes (the handle of a legend since
    removed: a weak reference to it died with that legend, and the entry with it, when the collector ran)."""
    return tuple(_held(a) for a in artists)


def _held(artist):
    if getattr(artist, "figure", None) is None:
        return artist
    ax = getattr(artist, "axes", None)
    if ax is not None and any(child is artist for child in ax.get_children()):
        return weakref.ref(artist)
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle
    from matplotlib.transforms import IdentityTransform

    if isinstance(artist, (Line2D, Patch)):  # the styles a legend reads, nothing that leads to the figure
        copy = Line2D([], []) if isinstance(artist, Line2D) else Rectangle((0, 0), 1, 1)
        copy.update_from(artist)
        copy.set_transform(IdentityTransform())
        copy.set_clip_path(None)
        copy.set_clip_box(None)
        copy.set_label(artist.get_label())
        return copy
    return weakref.ref(artist)


def unheld(kept):
    """The artists :func:`held` kept (None for one that has gone since)."""
    return [a() if isinstance(a, weakref.ref) else a for a in kept]
