"""Slider factories: a log-scaled skew, a skew range, ``f_alpha`` and ``m``.

Each checks its bounds and starting value and raises an error that names
the argument at fault; the sliders are ipywidgets (the skew slider a
:class:`ipywidgets.FloatLogSlider` whose step grid follows the values set
in the kernel), so any code can observe them.
"""

from __future__ import annotations

import math

import ipywidgets as widgets
import numpy as np
from traitlets import CFloat, TraitError, Tuple, validate

from .._validate import check_bool, check_int, check_pair, check_scalar

__all__ = ["skew_slider", "skew_range_slider", "f_alpha_slider", "m_slider", "LogRangeSlider", "NumberSlider"]

_STYLE = {"description_width": "initial"}
_WIDTH = "380px"


class _Number(CFloat):
    """A float trait that hands a boolean on as it is, where CFloat makes ``True`` the number 1.0.

    The control's validator then refuses it (:func:`_no_bool`, or the widget's
    guard with a status line), as it refuses every other value it cannot hold.
    """

    def validate(self, obj, value):
        return value if isinstance(value, (bool, np.bool_)) else super().validate(obj, value)


def _no_bool(value, what="value"):
    ends = value if isinstance(value, tuple) else (value,)
    if any(isinstance(v, (bool, np.bool_)) for v in ends):
        raise TraitError(f"{what} must be a number, not a boolean: got {value!r}")
    return value


class NumberSlider(widgets.FloatSlider):
    """A :class:`ipywidgets.FloatSlider` whose value is a number: a boolean is refused, not read as 0 or 1."""

    value = _Number(0.0, help="Float value").tag(sync=True)

    @validate("value")
    def _validate_value(self, proposal):
        _no_bool(proposal["value"])
        return super()._validate_value(proposal)


class NumberRangeSlider(widgets.FloatRangeSlider):
    """A :class:`ipywidgets.FloatRangeSlider` whose ends are numbers: a boolean end is refused."""

    value = Tuple(_Number(), _Number(), default_value=(0.0, 1.0), help="Tuple of (lower, upper) bounds").tag(sync=True)

    @validate("value")
    def _validate_value(self, proposal):
        _no_bool(proposal["value"])
        return super()._validate_value(proposal)


def _check_bounds(lo, hi, *, lo_name, hi_name, lo_open, hi_open):
    lo = check_scalar(lo, lo_name, lo=0.0, hi=1.0, lo_open=lo_open, hi_open=hi_open)
    hi = check_scalar(hi, hi_name, lo=0.0, hi=1.0, lo_open=lo_open, hi_open=hi_open)
    if not lo < hi:
        raise ValueError(f"{lo_name} must be smaller than {hi_name}, got {lo_name}={lo:g}, {hi_name}={hi:g}")
    return lo, hi


def skew_slider(value=0.1, *, lo=1e-4, hi=0.9999, steps_per_decade=50, description="skew π′",
                continuous_update=True):
    """A log-scaled slider for a deployment skew pi' in (0, 1).

    Parameters
    ----------
    value : float, default=0.1
        Starting skew, inside ``[lo, hi]``.
    lo, hi : float, default=1e-4 and 0.9999
        The slider's ends, ``0 < lo < hi < 1``.
    steps_per_decade : int, default=50
        Resolution: one keyboard step multiplies the skew by
        ``10 ** (1 / steps_per_decade)`` (about 4.7 % by default).  The grid
        runs through ``value``; where ``lo`` is not on it, the slider's left
        end is one step below ``lo`` and stands for ``lo`` itself (its last
        step down is shorter), so ``lo`` is always reached.  A value set in
        the kernel moves the grid to run through it, so the page shows that
        value, not the nearest point of the old grid.
    description : str, default="skew π′"
    continuous_update : bool, default=True
        Update while dragging (False: only on release).

    Returns
    -------
    ipywidgets.FloatLogSlider
        Its value is the skew itself; the slider moves in steps of its
        logarithm (a ``SkewSlider``, whose grid follows the kernel's value).

    Examples
    --------
    >>> from skewplot.widgets import skew_slider
    >>> s = skew_slider(0.05)
    >>> s.value, round(10 ** s.max, 6)
    (0.05, 0.9999)
    >>> s.lo
    0.0001
    >>> s.value = 10 ** s.min  # the page's left end, where a drag or the Home key stops
    >>> s.value
    0.0001
    """
    continuous_update = check_bool(continuous_update, "continuous_update")
    lo, hi = _check_bounds(lo, hi, lo_name="lo", hi_name="hi", lo_open=True, hi_open=True)
    value = check_scalar(value, "value", lo=lo, hi=hi)
    step = 1.0 / check_int(steps_per_decade, "steps_per_decade", lo=1)
    return SkewSlider(
        lo=lo, value=value, base=10.0, min=grid_min(value, lo, step), max=math.log10(hi), step=step,
        description=description, readout_format=".3", continuous_update=continuous_update,
        style=_STYLE, layout=widgets.Layout(width=_WIDTH),
    )


def grid_min(value, lo, step):
    """A skew slider's ``min``: the lowest point of the step grid through ``value`` that reaches ``lo``.

    The browser snaps the handle to ``min + k * step`` and sends the snapped
    value back; a grid through ``value`` keeps that skew (the data set's, an
    estimate) exactly as it is.  Where ``log10(lo)`` is not on that grid the
    first point lies below it and :class:`SkewSlider` takes a value sent from
    there for ``lo``: the left end is ``lo``, not a grid point above it.

    Examples
    --------
    >>> round(10 ** grid_min(0.0103, 1e-4, 0.02), 7), grid_min(0.01, 1e-4, 0.02)  # 1e-4 is off, then on the grid
    (9.84e-05, -4.0)
    """
    log_lo = math.log10(lo)
    below = math.floor((math.log10(value) - log_lo) / step + 1e-9)
    first = math.log10(value) - below * step
    return log_lo if first - log_lo < 1e-9 * step else first - step


class SkewSlider(widgets.FloatLogSlider):
    """A log-scaled skew slider whose step grid runs through every value set in the kernel.

    The browser's view snaps the value it receives to the grid
    ``min + k * step`` and sends the snapped value back.  A value off the
    grid (``controls["skew"].value = 0.01`` on a grid through 0.1056)
    therefore moves the grid to run through it, in the same message as the
    value (``min`` changes by less than a step), and the page shows the
    value the kernel holds.  Values on the grid (the user's steps) leave
    it alone.

    Parameters
    ----------
    lo : float
        The lower bound of the skew: the grid's start stays at or above it,
        and a value below it is raised to it.
    **kwargs
        Passed to :class:`ipywidgets.FloatLogSlider`.
    """

    _lo = 0.0
    value = _Number(1.0, help="Float value").tag(sync=True)

    def __init__(self, *, lo, **kwargs):
        self._lo = lo  # read by the value's validator while the traits are set
        super().__init__(**kwargs)

    def set_state(self, sync_data):
        """Apply a message from the page; its left end (``10 ** min``, part of a step below ``lo``) is ``lo``."""
        value = sync_data.get("value")
        left = isinstance(value, float) and self.base ** self.min * (1 - 1e-9) <= value < self._lo
        super().set_state({**sync_data, "value": self._lo} if left else sync_data)
        if left:  # the page holds the snapped value: send it the one kept (the grid has moved through lo)
            self.send_state("value")

    @property
    def lo(self):
        """The smallest skew the slider holds: its left end (``10 ** min`` may lie a part of a step below)."""
        return self._lo

    @validate("value")
    def _validate_value(self, proposal):
        # between lo and the grid's start: kept (the grid moves), not raised to the start
        return min(max(_no_bool(proposal["value"]), self._lo), self.base ** self.max)

    def notify_change(self, change):
        """Send a value off the grid together with a grid through it."""
        if change["name"] != "value" or self._on_grid(change["new"]):
            return super().notify_change(change)
        start = grid_min(change["new"], self._lo, self.step)
        while self.base ** start > change["new"]:  # 10 ** log10(v) may come out an ulp above v
            start = math.nextafter(start, -math.inf)
        with self.hold_sync():
            self.min = start
            return super().notify_change(change)

    def _on_grid(self, value):
        if not self.step or value <= 0:
            return True
        k = (math.log(value, self.base) - self.min) / self.step
        return abs(k - round(k)) < 1e-6


def skew_range_slider(value=(0.0, 0.5), *, lo=0.0, hi=1.0, step=0.005, description="skew range [π₁, π₂]",
                      continuous_update=True, log=False, log_lo=1e-4, steps_per_decade=25):
    """A range slider for the integration limits [pi1, pi2] of P̄, linear or logarithmic.

    Parameters
    ----------
    value : (float, float), default=(0.0, 0.5)
        Starting range, ``lo <= pi1 < pi2 <= hi``.
    lo, hi : float, default=0.0 and 1.0
        The slider's ends, ``0 <= lo < hi <= 1``.
    step : float, default=0.005
    description : str
    continuous_update : bool, default=True
    log : bool, default=False
        A logarithmic slider (the widgets choose it when the data's skew is
        below 0.05, where the useful range [0, 0.05] spanned a few pixels of
        a linear one): its handles move in steps of ``1 / steps_per_decade``
        decades from ``log_lo`` to ``hi``, and its left end stands for 0
        (P̄ from 0).  ``lo`` and ``step`` are then not used.
    log_lo : float, default=1e-4
        The smallest positive skew of a log slider.
    steps_per_decade : int, default=25

    Returns
    -------
    ipywidgets.FloatRangeSlider or LogRangeSlider
        Its value is the pair ``(pi1, pi2)``.

    Examples
    --------
    >>> from skewplot.widgets import skew_range_slider
    >>> skew_range_slider((0.1, 0.3)).value
    (0.1, 0.3)
    >>> s = skew_range_slider((0.0, 0.02), log=True)
    >>> s.value, s.readout.value
    ((0.0, 0.02), '[0, 0.02]')
    """
    continuous_update = check_bool(continuous_update, "continuous_update")
    if check_bool(log, "log"):
        return LogRangeSlider(value, lo=log_lo, hi=hi, steps_per_decade=steps_per_decade, description=description,
                              continuous_update=continuous_update)
    lo, hi = _check_bounds(lo, hi, lo_name="lo", hi_name="hi", lo_open=False, hi_open=False)
    pair = check_skew_range(value, name="value")
    if pair[0] < lo or pair[1] > hi:
        raise ValueError(f"value must lie within [lo, hi] = [{lo:g}, {hi:g}], got {pair}")
    step = check_scalar(step, "step", lo=0.0, hi=hi - lo, lo_open=True)
    # the readout writes the skews as skew_text does (3 significant digits): 0 – 0.5, as the title's [0, 0.5]
    return NumberRangeSlider(
        value=pair, min=lo, max=hi, step=step, description=description, readout_format=".3",
        continuous_update=continuous_update, style=_STYLE, layout=widgets.Layout(width=_WIDTH),
    )


class SliderBox(widgets.HBox):
    """A control whose ``value`` the page shows on a slider of other units (``slider_``) beside a label (``readout``).

    A subclass builds ``slider_`` and ``readout``, then calls :meth:`_link`;
    it converts between the two in ``_from_page`` (a step of the user's on
    the slider) and ``_to_page`` (a value set in the kernel, or the user's).
    """

    def _link(self):
        from ._echoes import follow_page

        follow_page(self.slider_)  # the page's snaps of a value set here are not steps
        self.slider_.observe(self._from_page, names="value")
        self.observe(self._to_page, names="value")

    @property
    def description(self):
        return self.slider_.description


class LogRangeSlider(SliderBox):
    """A skew range on a logarithmic slider; ``value`` is the pair of skews, its left end 0.

    The page's slider holds the logarithms (``slider_``, no readout of its
    own); ``readout`` shows the skews.  A value set in the kernel is kept
    exactly: the page's snap of it to the step grid, sent back, lies within
    half a step of it and changes nothing (see :mod:`skewplot.widgets._echoes`).

    Parameters
    ----------
    value : (float, float)
        ``0 <= pi1 < pi2 <= hi``; a positive end below ``lo`` is raised to it.
    lo, hi : float
        The smallest positive skew and the largest, ``0 < lo < hi <= 1``.
    steps_per_decade : int
    description : str
    continuous_update : bool
    """

    value = Tuple(_Number(), _Number())

    def __init__(self, value, *, lo, hi, steps_per_decade, description, continuous_update):
        lo, hi = _check_bounds(lo, hi, lo_name="log_lo", hi_name="hi", lo_open=True, hi_open=False)
        if isinstance(steps_per_decade, bool) or not isinstance(steps_per_decade, int) or steps_per_decade < 1:
            raise ValueError(f"steps_per_decade must be a positive integer, got {steps_per_decade!r}")
        self.min, self.max, self._step = 0.0, hi, 1.0 / steps_per_decade
        self._zero = math.log10(lo) - self._step  # the left end: 0
        pair = self._clamped(check_skew_range(value, name="value"))
        self.slider_ = widgets.FloatRangeSlider(
            value=self._positions(pair), min=self._zero, max=math.log10(hi), step=self._step, readout=False,
            description=description, continuous_update=continuous_update, style=_STYLE,
            layout=widgets.Layout(width="300px"))
        self.readout = widgets.Label(_range_text(pair), layout=widgets.Layout(width="110px"))
        super().__init__([self.slider_, self.readout], value=pair)
        self._link()

    def _clamped(self, pair):
        if pair[1] > self.max:
            raise ValueError(f"value must lie within [0, {self.max:g}], got {pair}")
        low = 10.0 ** (self._zero + self._step)
        return tuple(0.0 if v <= 0 else max(v, low) for v in pair)

    def _positions(self, pair):
        return tuple(self._zero if v <= 0 else math.log10(v) for v in pair)

    def _from_page(self, change):
        """A step of the user's: the handles' logarithms to skews (the left end to 0)."""
        # an end within half a step of the value held is the page's snap of it: that end is kept as it is
        new = tuple(v if abs(p - q) < 0.5 * self._step else 0.0 if p <= self._zero + 0.5 * self._step
                    else min(10.0 ** p, self.max)
                    for p, q, v in zip(change["new"], self._positions(self.value), self.value, strict=True))
        if new != self.value:
            self.value = new

    def _to_page(self, change):
        self.readout.value = _range_text(change["new"])
        target = self._positions(change["new"])
        if any(abs(p - q) >= 1e-12 for p, q in zip(target, self.slider_.value, strict=True)):
            self.slider_.value = target

    @validate("value")
    def _validate_value(self, proposal):
        return self._clamped(check_skew_range(_no_bool(proposal["value"]), name="value"))


def _range_text(pair):
    return "[" + ", ".join("0" if v == 0 else f"{v:.3g}" for v in pair) + "]"


def check_skew_range(value, *, name="skew_range"):
    """Return ``value`` as a pair ``(lo, hi)`` with ``0 <= lo < hi <= 1``, or raise naming ``name``."""
    return check_pair(value, name, lo=0.0, hi=1.0)


def _unit_slider(value, name, description, step):
    value = check_scalar(value, name, lo=0.0, hi=1.0)
    step = check_scalar(step, "step", lo=0.0, hi=1.0, lo_open=True)
    return NumberSlider(value=value, min=0.0, max=1.0, step=step, description=description,
                               readout_format=".2f", continuous_update=True, style=_STYLE,
                               layout=widgets.Layout(width=_WIDTH))


def f_alpha_slider(value=0.5, *, step=0.01, description="F weight α"):
    """A slider for the F-measure weight ``f_alpha`` in [0, 1] (0.5 is F1).

    ``F = 1 / (f_alpha / P + (1 - f_alpha) / R)``: 1 weighs precision only, 0
    recall only.

    Parameters
    ----------
    value : float in [0, 1], default=0.5
    step : float, default=0.01
    description : str, default="F weight α"

    Examples
    --------
    >>> from skewplot.widgets import f_alpha_slider
    >>> s = f_alpha_slider(0.2)
    >>> s.value, s.min, s.max
    (0.2, 0.0, 1.0)
    """
    return _unit_slider(value, "f_alpha", description, step)


def m_slider(value=0.5, *, step=0.01, description="cost weight m"):
    """A slider for the cost weight ``m = C_FP / (C_FP + C_FN)`` in [0, 1].

    Parameters
    ----------
    value : float in [0, 1], default=0.5
    step : float, default=0.01
    description : str, default="cost weight m"

    Examples
    --------
    >>> from skewplot.widgets import m_slider
    >>> m_slider(0.3).value
    0.3
    """
    return _unit_slider(value, "m", description, step)
