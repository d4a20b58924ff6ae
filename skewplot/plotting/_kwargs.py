"""The keywords a ``plot_*`` function passes on to matplotlib, checked by name before any work.

Every ``plot_*`` function hands its remaining ``**kwargs`` to one kind of
artist (a line, for most).  A misspelled parameter would otherwise surface
from deep inside matplotlib (``Line2D.set() got an unexpected keyword
argument``), after the curves were computed; :func:`check_style` refuses it
first, naming the function and the nearest parameter or property.
"""

from __future__ import annotations

import difflib
import inspect

__all__ = ["check_style"]


def check_style(kwargs, func, artist=None, *, via=None):
    """``kwargs`` with aliases spelled out (``lw`` -> ``linewidth``) if every key is a property of ``artist``.

    ``artist`` is a matplotlib artist class (default: a line); any other key
    is a TypeError.  Spelling aliases out lets a plot's own defaults
    (``linewidth``) give way to the caller's ``lw``.  ``via``: the function
    ``func`` hands its keywords to (``plot_integrated_pr`` -> ``plot_pr``),
    whose parameters are accepted too.

    Examples
    --------
    >>> from skewplot.plotting._kwargs import check_style
    >>> def plot_demo(data=None, *, skew=None, **kwargs): ...
    >>> check_style({"lw": 2, "color": "k"}, plot_demo)
    {'linewidth': 2, 'color': 'k'}
    >>> check_style({"skwe": 0.1}, plot_demo)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: plot_demo() got an unexpected keyword argument 'skwe': ...; did you mean 'skew'?
    """
    from matplotlib.artist import ArtistInspector
    from matplotlib.cbook import normalize_kwargs
    from matplotlib.lines import Line2D

    inspector = ArtistInspector(Line2D if artist is None else artist)
    known = set(inspector.get_setters()) | {a for names in inspector.aliasd.values() for a in names}
    params = [p for f in (func, via) if f is not None
              for p, v in inspect.signature(f).parameters.items() if v.kind != v.VAR_KEYWORD]
    for key in kwargs:
        if key not in known and key not in params:
            near = difflib.get_close_matches(key, [*params, *sorted(known)], n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            kind = "line" if artist is None else artist.__name__
            raise TypeError(f"{func.__name__}() got an unexpected keyword argument {key!r}: neither one of its "
                            f"parameters nor a property of a matplotlib {kind}{hint}")
    return normalize_kwargs(kwargs, inspector.o)
