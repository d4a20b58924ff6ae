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
import time

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


class _Watch:
    """One daemon thread for every busy timer: arming a step's timer is a notify, not a thread's start.

    A ``threading.Timer`` a step starts a thread and waits for it to run: ~0.2 ms on a quiet machine, 4-16 ms
    when other work keeps both cores busy, in every step of every slider (its wall time).
    """

    def __init__(self):
        self._cond, self._armed, self._thread = threading.Condition(), {}, None

    def arm(self, timer, delay):
        with self._cond:
            self._armed[timer] = time.monotonic() + delay
            if self._thread is None or not self._thread.is_alive():  # the first timer, or a forked process
                self._thread = threading.Thread(target=self._run, name="skewplot-busy", daemon=True)
                self._thread.start()
            self._cond.notify()

    def disarm(self, timer):
        with self._cond:  # no notify: the thread wakes at the deadline, finds nothing and waits again
            self._armed.pop(timer, None)

    def _run(self):
        while True:
            with self._cond:
                while not self._armed:
                    self._cond.wait()
                now = time.monotonic()
                due = [t for t, deadline in self._armed.items() if deadline <= now]
                for t in due:
                    del self._armed[t]
                if not due:
                    self._cond.wait(min(self._armed.values()) - now)
                    continue
            for t in due:  # outside the condition: saying it sends a widget message
                t._say()


_WATCH = _Watch()


class BusyTimer:
    """A step's busy state (a context manager): "computing…" on ``status`` if the step still runs after
    ``BUSY_WITHIN`` seconds (said from the timers' thread, :class:`_Watch`), or ``at_once``; nothing when ``off``.

    The kernel's thread is busy with the step; ipykernel sends a widget's
    state from any thread.  ``stop`` (the step's end) and the timer hold one
    lock, so a timer's word is never left on the line after the step.
    """

    def __init__(self, status, at_once=False, off=False):
        self._status, self._lock, self._done, self.said = status, threading.Lock(), off, False
        self._at_once = at_once

    def __enter__(self):
        if self._done:
            return self
        if self._at_once:  # before the step's work starts: the browser gets it first
            self._say()
        else:
            _WATCH.arm(self, BUSY_WITHIN)
        return self

    def __exit__(self, *exc):
        self.stop()

    def _say(self):
        with self._lock:
            if not self._done:
                self._status.value = BUSY
                self.said = True

    def stop(self):
        _WATCH.disarm(self)
        with self._lock:
            self._done = True
            if self.said and self._status.value == BUSY:
                self._status.value = ""
