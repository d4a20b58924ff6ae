"""PRG space's axes at rare skews: each gain drawn by its distance to 1, in decades ("0.9", "0.99", "0.999").

In ROC rates recall gain is ``1 - o' (1 - TPR) / TPR`` (``o'`` the odds of
the skew pi') and precision gain ``1 - FPR / TPR``.  As pi' falls, every
recall gain runs to 1: at pi' = 1e-4 recall 0.01 already has recall gain
0.99, so on the unit square the whole curve stands in the Axes' last pixel
column, on the right spine, and every classifier's area reads 1.000.  The
information is all there, in how close to 1 the gains are.  This scale
draws a gain ``g`` at ``d = -log10(1 - g)`` (its "decades to 1"):

* the x position is ``log10(TPR / (1 - TPR)) - log10(o')``, the log-odds of
  recall shifted by the log-odds of the skew: at every skew the curve has
  the same shape, and the skew only slides it along x;
* the y position is ``log10(TPR / FPR)``, the likelihood ratio of the
  prediction in decades, which does not depend on the skew; two
  classifiers whose precision differs at some recall differ here by the
  ratio of their FPRs, whatever pi'.

Gains below 0 keep a place (``d < 0``), a gain of exactly 1 (recall 1, or
no false positive) lies beyond every finite decade and is drawn at
:data:`MAX_DECADES`, beyond the Axes.  The scale is a matplotlib
``"function"`` scale, so the Axes keep gains as data: the threshold marks,
the hulls and the tests read gains as on the unit square.
"""

from __future__ import annotations

import numpy as np

from .._format import tick

__all__ = ["LINEAR_FROM", "MAX_DECADES", "decades", "gain", "use_decades", "decade_axes", "baseline_xy",
           "densify"]

#: ``scale="auto"`` draws the unit square from this gain skew up.  Below it, recall 0.1 has recall gain
#: above 0.9 (``1 - 9 o' > 0.9`` for ``o' < 1/90``): the linear x axis gives nine tenths of its width to
#: the first tenth of recall, and the decades are the readable axes.
LINEAR_FROM = 1.0 / 91.0
#: Gains closer to 1 than ``10**-MAX_DECADES`` (float rounding, or exactly 1) are drawn at this many decades.
MAX_DECADES = 12.0


def decades(g):
    """``-log10(1 - g)``: 0 at gain 0, 1 at 0.9, 2 at 0.99; a gain of 1 or more at :data:`MAX_DECADES`."""
    g = np.asarray(g, dtype=float)
    with np.errstate(invalid="ignore"):
        return -np.log10(np.maximum(1.0 - g, 10.0 ** -MAX_DECADES))


def gain(d):
    """The inverse of :func:`decades`: ``1 - 10**-d``."""
    return 1.0 - 10.0 ** -np.asarray(d, dtype=float)


def use_decades(scale, pi):
    """Whether ``scale`` ("auto", "linear" or "decades") draws the gains in decades at gain skew ``pi``."""
    if scale not in ("auto", "linear", "decades"):
        raise ValueError(f"scale must be 'auto', 'linear' or 'decades', got {scale!r}")
    return scale == "decades" or (scale == "auto" and pi < LINEAR_FROM)


def _tick_text(k):
    """The gain ``1 - 10**-k`` as a tick label: ``"0"``, ``"0.9"``, ... ``"0.9999"``, then ``"1−1e-5"``; ``"−9"``.

    In the tick labels' own font and size (no mathtext, whose font a theme may set apart; no superscript digits,
    which a font draws at about half the label's size: "1−10⁻⁶" had a 3.5 pt exponent, prg-03 of the review).
    """
    if k == 0:
        return "0"
    if k < 0:  # a negative gain: 1 - 10**-k, "−9", "−99"
        return "−" + str(10 ** -k - 1)
    return "0." + "9" * k if k <= 4 else "1−" + tick(10.0 ** -k)


#: Negative precision gains given a tick when the curves reach them (worse than chance: FPR > TPR).
_NEGATIVE_GAINS = (-1.0, -3.0, -9.0, -99.0, -999.0)
_GAP_PT = 14.0  # the least room between two y ticks (a label's height and a gap)


def _negative_ticks(y_lo, length_pt, span):
    """Ticks (gains) below 0 on a decade y axis from ``y_lo`` decades: the lowest in view, and those between it
    and 0 that keep ``_GAP_PT`` from their neighbours (``span``: the decades the Axes' ``length_pt`` show)."""
    per_pt = span / max(length_pt, 1.0)
    out, last = [], 0.0
    for g in _NEGATIVE_GAINS:
        d = float(decades(g))
        if d < y_lo:
            break
        if (last - d) / per_pt >= _GAP_PT:
            out.append(g)
            last = d
    return out


_TICK_PT = 40.0  # room a tick label takes along its axis ("0.9999" at 7-8 pt and a gap)


def _ticks(axis, lo, hi, length_pt, below=()):
    """Ticks at whole decades, every ``step`` of them so that their labels fit ``length_pt`` (at most 7).

    ``below``: negative gains to tick as well (:func:`_negative_ticks`).
    """
    from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator

    most = int(min(7, max(2, length_pt // _TICK_PT)))
    step = max(1, int(np.ceil((hi - lo) / most)))
    ks = [k for k in range(int(np.ceil(lo)), int(np.floor(hi)) + 1) if k % step == 0]
    gains = [*below[::-1], *gain(ks)]
    axis.set_major_locator(FixedLocator(gains))
    axis.set_major_formatter(FixedFormatter([tick(g).replace("-", "−") for g in below[::-1]]
                                            + [_tick_text(k) for k in ks]))
    axis.set_minor_locator(NullLocator())


def decade_axes(ax, curves):
    """Put both axes of ``ax`` on the decade scale and fit them to ``curves`` (a list of (recall gain, precision
    gain) arrays); call again after the curves moved.
    """
    for set_scale in (ax.set_xscale, ax.set_yscale):
        set_scale("function", functions=(decades, gain))
    xs = [decades(x[x < 1.0]) for x, _ in curves]
    ys = [decades(y[(y < 1.0) & np.isfinite(y)]) for _, y in curves]
    x_hi = max([float(x.max()) for x in xs if x.size] + [1.0])
    y_hi = max([float(y.max()) for y in ys if y.size] + [1.0])
    x_hi, y_hi = min(x_hi * 1.03, MAX_DECADES), min(y_hi * 1.05, MAX_DECADES)
    x_lo = -0.01 * x_hi
    # negative precision gains (FPR > TPR: worse than chance there) at recall gains shown: the Axes reach down to
    # them, as AUPRG counts them (main 1b3cc5f kept 5 % below 0 and such curves left through the bottom spine)
    lows = [decades(y[(x >= gain(x_lo)) & np.isfinite(y)]) for x, y in curves]
    y_min = min([float(v.min()) for v in lows if v.size] + [0.0])
    y_lo = -0.05 * y_hi if y_min >= 0.0 else y_min - 0.05 * (y_hi - y_min)
    to_pt = 72.0 / ax.figure.dpi
    # below 0 the gains -1, -3, -9... that fit; a curve dipping below 0 but short of the first of them had no tick
    # to read it against (prg-10's tree at -0.111): the Axes then reach down to that tick
    below = _negative_ticks(y_lo, ax.bbox.height * to_pt, y_hi - y_lo) if y_min < 0.0 else []
    # (a dip under 1 % of the axis, a curve's end a rounding below 0, needs none: prg-03's svm at -0.004 decades)
    for g in _NEGATIVE_GAINS if y_min < -0.01 * y_hi and not below else ():  # the first that keeps its gap from 0
        d = float(decades(g))
        lo = d - 0.05 * (y_hi - d)
        below = _negative_ticks(lo, ax.bbox.height * to_pt, y_hi - lo)
        if below:
            y_lo = lo
            break
    ax.set_xlim(gain(x_lo), gain(x_hi))
    ax.set_ylim(gain(y_lo), gain(y_hi))
    _ticks(ax.xaxis, 0.0, x_hi, ax.bbox.width * to_pt)
    # a y label is one line high: twice the ticks of a width
    _ticks(ax.yaxis, 0.0, y_hi, 2.0 * ax.bbox.height * to_pt, below)
    return x_hi


def baseline_xy(x_hi, n=200):
    """The always-positive classifier's line ``precG + recG = 1`` up to ``x_hi`` decades of recall gain.

    Straight on the unit square, a curve on the decades: drawn through ``n`` points.
    """
    a = np.logspace(-x_hi, 0.0, n)  # 1 - recall gain
    return 1.0 - a, a


def densify(x, y, step):
    """The polyline ``x, y`` of gains with points added on every segment longer than ``step`` decades of x.

    A segment is straight in gains, so in decades it is a curve: drawn through points ``step`` apart.
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.size < 2:
        return x, y
    d = decades(x)
    parts = np.clip(np.ceil(np.abs(np.diff(d)) / step), 1, 400).astype(np.intp)
    seg = np.repeat(np.arange(x.size - 1), parts)
    t = (np.arange(seg.size) - np.repeat(np.cumsum(parts) - parts, parts)) / parts[seg]
    return (np.r_[x[seg] + t * (x[seg + 1] - x[seg]), x[-1]],
            np.r_[y[seg] + t * (y[seg + 1] - y[seg]), y[-1]])
