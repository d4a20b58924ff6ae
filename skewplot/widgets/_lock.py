"""Every paint of a widget's figure holds one lock (the threads are described in :mod:`._frames`)."""

from __future__ import annotations

import functools
import threading

from ..plotting._compat import ipympl_message_handler
from ..plotting._notes import note, notes

__all__ = ["guard"]


def guard(canvas, lock=None):
    """Make every paint of ``canvas``' figure hold ``lock`` (default: a new one); return the lock.

    Wraps the canvas' ``draw``, ``print_figure`` (``savefig``) and, under
    ipympl, its handler of the browser's messages (see the module notes).

    Parameters
    ----------
    canvas : matplotlib FigureCanvas
    lock : threading.RLock, optional

    Returns
    -------
    threading.RLock

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from matplotlib.backends.backend_agg import FigureCanvasAgg
    >>> canvas = FigureCanvasAgg(Figure())
    >>> lock = guard(canvas)
    >>> guard(canvas) is lock
    True
    """
    held = note(canvas, "paint_lock")
    if held is not None:
        return held
    lock = threading.RLock() if lock is None else lock
    notes(canvas).paint_lock = lock
    for name in ("draw", "print_figure"):
        setattr(canvas, name, _holding(lock, getattr(canvas, name)))
    handler = ipympl_message_handler(canvas)
    if handler is not None and hasattr(canvas, "on_msg"):  # ipympl: resize, draw, pan, zoom, ...
        canvas.on_msg(handler, remove=True)
        canvas.on_msg(_holding(lock, handler))
    return lock


def _holding(lock, method):
    @functools.wraps(method)
    def locked(*args, **kwargs):
        with lock:
            return method(*args, **kwargs)
    return locked
