"""Every paint of a widget's figure holds one lock; a step's busy timer.

JupyterLab (``commsOverSubshells``, default with ipykernel 7) handles
widget messages in a kernel subshell, a thread of its own, while cells run
in the main thread.  A slider step, ipympl's answer to the browser's
"draw" and a cell's ``savefig`` then paint one Agg buffer at once: the PNG
sent is part white, and a static layer copied from it (see :mod:`._frames`)
keeps the damage in every later blit.  So every paint of the figure holds
its paint lock (:func:`guard`).
"""

from __future__ import annotations

import functools
import threading

from ..plotting._compat import ipympl_message_handler
from ..plotting._notes import note, notes

__all__ = ["guard", "BusyTimer", "BUSY", "BUSY_WITHIN"]

#: Seconds into a step, still running, after which the status line says "computing…" (issue 44: a busy state
#: within 100 ms of a step longer than a frame; the message then reaches the browser in a few ms).
BUSY_WITHIN = 0.08
#: The status line's busy state.
BUSY = "<span style='color:#666'>computing…</span>"


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


class BusyTimer:
    """A step's busy state (a context manager): "computing…" on ``status`` if the step still runs after
    ``BUSY_WITHIN`` seconds (said from a timer thread), or ``at_once``; nothing when ``off``.

    The kernel's thread is busy with the step; ipykernel sends a widget's
    state from any thread.  ``stop`` (the step's end) and the timer hold one
    lock, so a timer's word is never left on the line after the step.
    """

    def __init__(self, status, at_once=False, off=False):
        self._status, self._lock, self._done, self.said = status, threading.Lock(), off, False
        self._timer = threading.Timer(0.0 if at_once else BUSY_WITHIN, self._say)
        self._timer.daemon = True
        self._at_once = at_once

    def __enter__(self):
        if self._done:
            return self
        if self._at_once:  # before the step's work starts: the browser gets it first
            self._say()
        else:
            self._timer.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def _say(self):
        with self._lock:
            if not self._done:
                self._status.value = BUSY
                self.said = True

    def stop(self):
        self._timer.cancel()
        with self._lock:
            self._done = True
            if self.said and self._status.value == BUSY:
                self._status.value = ""
