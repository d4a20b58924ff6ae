"""Which of the page's messages about a control are the user's steps.

A slider's view in the browser sends its value back to the kernel without
the user touching it: when it is drawn (a log slider sends
``10 ** log10(value)``, a float or so away from the value), and when a
value set in the kernel reaches it (snapped to the slider's step grid).
ipywidgets applies every such message as if the user had moved the slider.
One that left the page before the kernel's latest value reached it
restates a value the kernel has since replaced, and applying it undoes
that value.  Run all the cells of ``examples/pr_at_any_skew.ipynb``: the
last cell sets ``w.controls["skew"].value = 0.01``, the slider drawn a
moment later sends the starting skew, and the kernel (its control, the
figure, ``readouts_``) goes back to that skew while the page shows 0.01,
until the page's answer to 0.01 arrives.  A ``savefig`` in a cell run in
between saved the starting skew (the browser suite's "wrong frame"); had
the page had nothing to answer (a value it restates exactly), the value
set in the cell was lost for good.

So :func:`follow_page` keeps, for each control, the values the page may
still show: the value of the user's last step and every value set in the
kernel since.  A message from the page whose value lies within half a
step of one of them is a restatement (a snap moves a value by at most half
a step, a step of the user's by a whole one): it changes nothing and is
not echoed.  If it restates a value the kernel has since replaced, the
kernel sends its own value again, so that the page shows it.  Any other
value is a step of the user's, applied as ipywidgets applies it.

One page sends a control's messages in order (the next one only once the
kernel has handled the previous one), but the list is kept until the
user's next step, not cut short when the page restates the newest value: a
page that snaps a value exactly sends nothing, and a second page (another
tab) may still be behind.  The price: until then, a step of the user's that
lands within half a step of an older value is taken for a restatement too,
and the page is set back to the kernel's value.
"""

from __future__ import annotations

import math
import threading

from ..plotting._notes import note, notes

__all__ = ["follow_page"]

_HALF_STEP = 0.5 * (1 - 1e-6)  # a value exactly between two grid points snaps a full half step away
_KEPT = 64  # values set in the kernel since the user's last step that the page may still show


def follow_page(control):
    """Apply only the user's steps among the page's messages about ``control``'s value.

    Wraps the control's ``set_state`` (where ipywidgets applies a message
    from the page) and observes its value (to know what the kernel set).

    Parameters
    ----------
    control : ipywidgets.ValueWidget
        A slider (its ``step`` is the grid the page snaps to; a log slider
        snaps in the logarithm) or any widget with a ``value``.

    Returns
    -------
    PageValues
    """
    page = note(control, "page")
    if page is None:
        page = notes(control).page = PageValues(control)
    return page


class PageValues:
    """The values of one control the page may still show (see the module notes).

    Parameters
    ----------
    control : ipywidgets.ValueWidget

    Attributes
    ----------
    held : list
        The value at the user's last step, then every value set in the
        kernel since, oldest first.
    ignored : int
        Messages from the page taken for restatements so far.
    """

    def __init__(self, control):
        self.control = control
        self.held = [control.value]
        self.ignored = 0
        self._lock = threading.Lock()
        self._applying = threading.local()  # this thread is applying a step of the user's
        self._set_state = control.set_state
        control.set_state = self.set_state
        control.observe(self._kernel_set, names="value")

    def _kernel_set(self, change):
        if getattr(self._applying, "on", False):
            return
        with self._lock:
            value = self.control.value
            if value != self.held[-1]:
                self.held = [*self.held, value][-_KEPT:]

    def set_state(self, sync_data):
        """Apply a message from the page, its value only if it is a step of the user's."""
        if "value" not in sync_data:
            return self._set_state(sync_data)
        with self._lock:
            hits = [i for i, held in enumerate(self.held) if self._restates(sync_data["value"], held)]
            newest = len(self.held) - 1
        if hits:
            self.ignored += 1
            rest = {key: value for key, value in sync_data.items() if key != "value"}
            if rest:
                self._set_state(rest)
            if hits[-1] != newest:  # an older value: show the page the kernel's
                self.control.send_state("value")
            return None
        self._applying.on = True
        try:
            self._set_state(sync_data)
        finally:
            self._applying.on = False
        with self._lock:
            self.held = [self.control.value]  # the step's value, or the one the widget went back to
        return None

    def _restates(self, page, held):
        """Is ``page`` the page's snap of ``held`` (every component within half a step)?"""
        pages = list(page) if isinstance(page, (list, tuple)) else [page]
        helds = list(held) if isinstance(held, (list, tuple)) else [held]
        if len(pages) != len(helds):
            return False
        step = getattr(self.control, "step", None)
        base = getattr(self.control, "base", None)
        for p, h in zip(pages, helds, strict=True):
            if not (_real(p) and _real(h)):
                if p != h:
                    return False
                continue
            if base is not None:
                if p <= 0 or h <= 0:
                    return p == h
                p, h = math.log(p, base), math.log(h, base)
            if not step:
                if not math.isclose(p, h, rel_tol=1e-12, abs_tol=1e-300):
                    return False
            elif not abs(p - h) < _HALF_STEP * step:
                return False
        return True


def _real(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
