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
    the artist itself otherwise (a legend's proxy handle: nothing but the note holds it, and it holds no figure)."""
    return tuple(weakref.ref(a) if getattr(a, "figure", None) is not None else a for a in artists)


def unheld(kept):
    """The artists :func:`held` kept (None for one that has gone since)."""
    return [a() if isinstance(a, weakref.ref) else a for a in kept]
