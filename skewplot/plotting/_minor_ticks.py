"""A log axis' ticks, set by ``log_axis``: its major ticks, at least two decades in view wherever two are
(:class:`ViewDecadesLocator`); its minor ticks, thinned where its decades are short, and at each decade its major
ticks step over (:class:`DecadeMinorLocator`); and which of them are labelled (:func:`labelled_minors`)."""

from __future__ import annotations

import math

import numpy as np
from matplotlib.ticker import LogLocator

__all__ = ["ViewDecadesLocator", "DecadeMinorLocator", "is_decade", "decades_in_view", "labelled_minors",
           "SKIPPED_DECADE_PX", "SPARSE_MINOR_DECADES", "SPARSE_MINOR_PX", "LABELLED_MINOR_DECADES",
           "ALL_MINOR_LABELS_DECADES"]

#: A log axis spanning more decades than this, in fewer pixels a decade than :data:`SPARSE_MINOR_PX`, has minor
#: ticks at 2 and 5 x 10^k only.
SPARSE_MINOR_DECADES = 3.0
SPARSE_MINOR_PX = 80.0
#: A decade the major ticks step over has a minor tick where a decade has at least this many pixels.
SKIPPED_DECADE_PX = 5.0
#: A log axis with fewer decades than this in view labels its minor ticks at 2, 3, 4 and 6 x 10^k (where they fit),
#: every one where it spans at most :data:`ALL_MINOR_LABELS_DECADES` decades.
LABELLED_MINOR_DECADES = 3
ALL_MINOR_LABELS_DECADES = 0.4


def is_decade(values):
    """Whether each of ``values`` is a power of ten (within floating point); False where not positive.

    >>> is_decade([1e-3, 0.002, 1.0, 0.0]).tolist()
    [True, False, True, False]
    """
    values = np.asarray(values, dtype=float)
    exponents = np.log10(np.where(values > 0, values, np.sqrt(10.0)))
    return np.isclose(exponents, np.round(exponents)) & (values > 0)


def decades_in_view(lo, hi):
    """The exponents of the first and last powers of ten within ``lo`` .. ``hi`` (``0 < lo <= hi``; floating point
    aside: 1e-3 is in view from 0.001).

    >>> decades_in_view(0.001, 0.05), decades_in_view(0.002, 0.5)
    ((-3, -2), (-2, -1))
    """
    return math.ceil(math.log10(lo) - 1e-9), math.floor(math.log10(hi) + 1e-9)


def labelled_minors(values, vmin, vmax):
    """Whether each minor tick at ``values`` of a log axis showing ``vmin`` .. ``vmax`` has a label.

    An axis whose view holds fewer than :data:`LABELLED_MINOR_DECADES` decades
    labels its ticks at 2, 3, 4 and 6 x 10^k, and every tick over at most
    :data:`ALL_MINOR_LABELS_DECADES` decades: two decade labels alone leave
    a reader of 1e-3 .. 0.05 nothing between 0.01 and the axis' end.
    Matplotlib's own rule differs between versions: 3.8 counts the decades
    the view spans (over 1, no minor label), 3.9 onwards the decades in view,
    through ``math.log(0.001, 10) == -2.9999999999999996``, so that a view
    from 1e-3 (not from 1e-5) leaves its first decade uncounted.  A decade
    among ``values`` is never labelled here (``log_axis`` labels decades as
    major ticks).

    Examples
    --------
    >>> labelled_minors([0.002, 0.005, 0.01, 0.03], 1e-3, 0.05).tolist()  # two decades in view
    [True, False, False, True]
    >>> labelled_minors([0.002, 0.03], 1e-3, 0.1).tolist()  # three
    [False, False]
    >>> labelled_minors([0.35, 0.5], 0.3, 0.6).tolist()  # 0.3 decades: every tick
    [True, True]
    """
    values = np.asarray(values, dtype=float)
    lo, hi = sorted((float(vmin), float(vmax)))
    if not lo > 0:
        return np.zeros(values.shape, dtype=bool)
    first, last = decades_in_view(lo, hi)
    if last - first + 1 >= LABELLED_MINOR_DECADES:
        return np.zeros(values.shape, dtype=bool)
    minor = (values > 0) & ~is_decade(values)
    if np.log10(hi / lo) <= ALL_MINOR_LABELS_DECADES:
        return minor
    exponents = np.log10(np.where(minor, values, 1.0))
    leading = np.round(10.0 ** (exponents - np.floor(exponents)))
    return minor & np.isin(leading, (2.0, 3.0, 4.0, 6.0))


class ViewDecadesLocator(LogLocator):
    """A log axis' major ticks: matplotlib's, with at least two decades in view wherever the view holds two.

    matplotlib 3.8 ticks a short axis over many decades at a single decade
    in view (a 70 px panel from 3e-5 to 1: "0.01" alone, review62), and the
    scale cannot be read; from 3.10 on it asks for at least two ticks in
    view.  Where matplotlib's ticks hold fewer than two of the view's
    decades, ``n`` of them are ticked (the axis' tick space, within 2 .. 9,
    at most the decades in view) at the largest stride that fits ``n``, from
    the lowest decade in view, with one decade more beyond each end (so the
    decades between them are the skipped ones :class:`DecadeMinorLocator`
    marks).  matplotlib 3.10 and later never leave it to do so.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure(figsize=(3, 1), dpi=100).add_subplot(yscale="log", ylim=(3e-5, 1))
    >>> ax.yaxis.set_major_locator(ViewDecadesLocator())
    >>> [float(v) for v in ax.yaxis.get_majorticklocs() if 3e-5 <= v <= 1][:1], len(
    ...     [v for v in ax.yaxis.get_majorticklocs() if 3e-5 <= v <= 1]) >= 2
    ([0.0001], True)
    """

    def tick_values(self, vmin, vmax):
        ticks = np.asarray(super().tick_values(vmin, vmax), dtype=float)
        lo, hi = sorted((float(vmin), float(vmax)))
        if not lo > 0 or not np.isfinite(hi):
            return ticks
        first, last = decades_in_view(lo, hi)
        shown = np.count_nonzero((ticks >= lo * (1 - 1e-9)) & (ticks <= hi * (1 + 1e-9)))
        if last - first + 1 < 2 or shown >= 2:
            return ticks
        space = 9 if self.axis is None else self.axis.get_tick_space()
        n = int(min(max(space, 2), 9, last - first + 1))
        stride = (last - first) // (n - 1)
        return 10.0 ** (first + stride * np.arange(-1, n + 1)).astype(float)


class DecadeMinorLocator(LogLocator):
    """A log axis' minor ticks: at 2, 3, ..., 9 x 10^k, or at 2 and 5 x 10^k (the 1-2-5 series) over more than
    :data:`SPARSE_MINOR_DECADES` decades of fewer than :data:`SPARSE_MINOR_PX` pixels each.

    Eight ticks a decade over five decades of a notebook panel (35-40 px a
    decade) are a comb whose 8 and 9 ticks 2 px apart read as a dark bar at
    print size, and each tick is four artists laid out and drawn again at
    every resize or zoom of a widget (~60 ms of the explorer's).  Where a
    decade has room (a figure's own panel, ~140 px) the eight stay, and over
    a few decades too: there matplotlib labels some of them.

    Where matplotlib's major ticks step over decades (an axis with room for
    fewer labels than decades: 1e-4, 0.01, 1 on a notebook panel's cost or F
    axis), it draws no minor tick at all, and the skipped decades (1e-3, 0.1)
    are nowhere: there each skipped decade has a minor tick, unlabelled
    (``log_axis``' minor formatter), and a decade's length keeps meaning "a
    number is written here".  An axis whose majors are every decade is as
    matplotlib ticks it.

    Examples
    --------
    >>> [float(f"{v:.3g}") for v in DecadeMinorLocator().tick_values(0.01, 1.0) if 0.01 < v < 0.1]
    [0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09]
    >>> from matplotlib.figure import Figure
    >>> def minor(height):  # a panel of five decades, ``height`` inches tall
    ...     ax = Figure(figsize=(3, height), dpi=100).add_subplot(yscale="log", ylim=(1e-5, 1))
    ...     ax.yaxis.set_minor_locator(DecadeMinorLocator())
    ...     return [float(f"{v:.3g}") for v in ax.yaxis.get_minorticklocs() if 1e-5 < v < 1e-4]
    >>> minor(3), minor(8)  # 46 and 123 px a decade
    ([2e-05, 5e-05], [2e-05, 3e-05, 4e-05, 5e-05, 6e-05, 7e-05, 8e-05, 9e-05])
    >>> ax = Figure(figsize=(2, 2), dpi=100).add_subplot(xscale="log", xlim=(1e-4, 1))  # majors every 2nd decade
    >>> ax.xaxis.set_minor_locator(DecadeMinorLocator())
    >>> [[float(v) for v in locs if 1e-4 <= v <= 1] for locs in (ax.xaxis.get_majorticklocs(),
    ...                                                          ax.xaxis.get_minorticklocs())]
    [[0.0001, 0.01, 1.0], [0.001, 0.1]]
    """

    def __init__(self):
        super().__init__(subs="auto")
        self._sparse = LogLocator(subs=(2.0, 5.0))

    def set_axis(self, axis):
        super().set_axis(axis)
        self._sparse.set_axis(axis)

    def tick_values(self, vmin, vmax):
        lo, hi = sorted((vmin, vmax))
        decades = np.log10(hi / lo) if lo > 0 else 0.0
        axis = self.axis
        length = None if axis is None or axis.axes is None else (
            axis.axes.bbox.width if axis.axis_name == "x" else axis.axes.bbox.height)
        if decades > SPARSE_MINOR_DECADES and (length is None or length / decades < SPARSE_MINOR_PX):
            ticks = self._sparse.tick_values(vmin, vmax)
        else:
            ticks = super().tick_values(vmin, vmax)
        if length is not None and decades * SKIPPED_DECADE_PX > length:  # a tick a decade would be a dark bar
            return ticks
        skipped = self.skipped_decades(vmin, vmax)
        return np.union1d(ticks, skipped) if skipped.size else ticks

    def skipped_decades(self, vmin, vmax):
        """The decades between the major ticks of the axis (of a :class:`~matplotlib.ticker.LogLocator` when it has
        none) over ``vmin`` .. ``vmax`` that are not major ticks; none when its major locator is no LogLocator."""
        major = LogLocator() if self.axis is None else self.axis.get_major_locator()
        if not isinstance(major, LogLocator):
            return np.array([])
        locs = np.asarray(major.tick_values(vmin, vmax), dtype=float)
        decades = np.round(np.log10(locs[is_decade(locs)])).astype(int)
        if decades.size < 2:
            return np.array([])
        return 10.0 ** np.setdiff1d(np.arange(decades.min(), decades.max() + 1), decades).astype(float)
