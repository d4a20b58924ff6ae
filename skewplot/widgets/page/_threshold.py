"""The threshold control in a saved page: every rank's counts and threshold strings, packed; its marks' styles.

:mod:`skewplot.widgets.page.scene` explains the page.  The threshold control
(:mod:`skewplot.widgets.threshold`) needs, per classifier, the counts of
every operating point (its rates, marks and table) and the score threshold
of every rank as the kernel writes it (``.4g`` in the slider's readout and
the table).  Stored naively that is ~48 MB for 2 x 1e6 scores; here:

- **counts**: the steps of ``tp`` and ``fp`` from one point to the next
  (most add 1 to one of them), as the smallest unsigned integers that hold
  them, zlib-compressed, base64 in the page (~120 kB per 1e6 points);
  counts that are not integers (sample weights, soft labels) are stored as
  float64 instead, so the page's rates are the kernel's to the last bit
  either way (``tp / tp[-1]``, as ``OperatingPoints.tpr``);
- **thresholds**: the distinct ``.4g`` strings of the sorted thresholds
  and the length of each run (sorted scores repeat at four digits: 48 000
  runs for 1e6 normal scores), both compressed.

The page (``runtime/threshold.js``) decodes them with the browser's
``DecompressionStream`` and runs the control's steps there: the slider by
rank, the precision and recall targets (``PrecisionIndex``,
``TargetIndex``), the button's choice (``choose_threshold``), the marks
(``ThresholdMarker.move``) and the table (``threshold._cells``), each JS
function naming the Python one it mirrors.
"""

from __future__ import annotations

import base64
import zlib

import numpy as np

from ...metrics.hull import frontier_hull
from ...plotting.layout._markers import PIE_BASE, PIE_EDGE_PT, PIE_GROW, PIE_MAX, base_look, near_px
from ._draw import line_style, panel_box

__all__ = ["encode_points", "decode_points", "threshold_scene"]


def _pack(array):
    return base64.b64encode(zlib.compress(np.ascontiguousarray(array).tobytes(), 6)).decode("ascii")


def _unpack(text, dtype):
    return np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype=dtype)


def _steps_dtype(steps):
    top = int(steps.max()) if steps.size else 0
    return next(t for t in (np.uint8, np.uint16, np.uint32, np.uint64) if top <= np.iinfo(t).max)


def encode_points(pts):
    """One classifier's counts and threshold strings, as the page stores them (see the module notes).

    Parameters
    ----------
    pts : OperatingPoints
        With score thresholds.

    Returns
    -------
    dict
        ``n`` (points), ``counts`` (``"steps-uint8"`` ... ``"steps-uint64"``
        or ``"float64"``) and ``tp``, ``fp``: base64 of zlib of the steps
        (or of the counts themselves), ``strings`` (base64 of zlib of the
        distinct ``.4g`` strings, one a line) and ``runs`` (their lengths,
        uint32, likewise).

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.widgets.page._threshold import encode_points, decode_points
    >>> pts = sp.operating_points([0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.3, 0.6])
    >>> enc = encode_points(pts)
    >>> enc["counts"], decode_points(enc)["strings"]
    ('steps-uint8', ['inf', '0.8', '0.6', '0.3', '0.1'])
    """
    if pts.thresholds is None:
        raise ValueError("the threshold control needs operating points with score thresholds")
    tp, fp = np.asarray(pts.tp, dtype=float), np.asarray(pts.fp, dtype=float)
    whole = all(np.all(c == np.floor(c)) and c[-1] < 2.0 ** 53 for c in (tp, fp)) and tp[0] == 0 and fp[0] == 0
    if whole:
        steps = np.concatenate([np.diff(tp), np.diff(fp)]).astype(np.uint64)
        dtype = _steps_dtype(steps)
        counts = {"counts": f"steps-{np.dtype(dtype).name}", "tp": _pack(steps[:tp.size - 1].astype(dtype)),
                  "fp": _pack(steps[tp.size - 1:].astype(dtype))}
    else:  # sample weights or soft labels: the counts themselves
        counts = {"counts": "float64", "tp": _pack(tp.astype("<f8")), "fp": _pack(fp.astype("<f8"))}
    distinct, runs = _string_runs(np.asarray(pts.thresholds, dtype=float))
    text = "\n".join(distinct).encode()
    return {"n": int(len(pts)), **counts, "strings": _pack(np.frombuffer(text, np.uint8)), "runs": _pack(runs)}


_OCTAVES = np.arange(-1073, 1025)  # np.frexp's binary exponents of finite doubles
# 10 ** (3 - d), d the decade of the octave's least value: 4 significant digits of a value in it (5 where it
# straddles a decade boundary: more guessed runs, merged again)
_SCALES = 10.0 ** np.minimum(3 - np.floor((_OCTAVES - 1) * np.log10(2.0)), 308)


def _string_runs(values):
    """The runs of equal ``.4g`` strings of sorted ``values``: each run's string, and the runs' lengths (uint32).

    ``format(v, ".4g")`` depends only on ``v`` correctly rounded to four significant digits, a monotone function
    of ``v`` (a zero's sign aside): over sorted values, two equal strings hold every value between them.  So
    only the ends of runs are formatted, not every value (1e6 calls): runs guessed from a vectorised rounding,
    each checked at its two ends (split where they differ, merged with a neighbour of the same string).
    """
    n = values.size
    zero = values == 0
    sorted_ = n > 1 and (np.all(values[1:] <= values[:-1]) or np.all(values[1:] >= values[:-1]))  # (NaN: not)
    if not sorted_ or (zero.any() and np.signbit(values[zero]).any()):
        return _every_string_runs(values)
    # the guess: four digits at the scale of each value's binary octave (a table, not log10 and a power per value)
    _, octave = np.frexp(values)
    with np.errstate(over="ignore"):
        digits = np.rint(values * _SCALES[octave - _OCTAVES[0]])
    guess = np.flatnonzero((octave[1:] != octave[:-1]) | (digits[1:] != digits[:-1])) + 1
    if guess.size > n // 4:  # short runs: formatting every value is cheaper
        return _every_string_runs(values)
    edges = np.r_[0, guess, n].tolist()
    starts, strings = [], []

    def text(i):
        return format(float(values[i]), ".4g")

    def split(a, b, first, last):  # [a, b] sorted, their strings first and last: the runs within
        if first == last:
            starts.append(a)
            strings.append(first)
            return
        if b == a + 1:
            starts.extend((a, b))
            strings.extend((first, last))
            return
        mid = (a + b) // 2
        middle = text(mid)
        split(a, mid, first, middle)
        split(mid, b, middle, last)

    for a, b in zip(edges[:-1], edges[1:], strict=True):
        first = text(a)
        split(a, b - 1, first, first if b - 1 == a else text(b - 1))
    keep = [0] + [k for k in range(1, len(starts)) if strings[k] != strings[k - 1]]
    starts = [starts[k] for k in keep]
    return [strings[k] for k in keep], np.diff(np.r_[starts, n]).astype("<u4")


def _every_string_runs(values):
    strings = [format(v, ".4g") for v in values.tolist()]
    starts = [i for i in range(len(strings)) if i == 0 or strings[i] != strings[i - 1]]
    return [strings[i] for i in starts], np.diff(np.r_[starts, len(strings)]).astype("<u4")


def decode_points(enc):
    """``encode_points`` undone: ``tp``, ``fp`` (float arrays) and the ``.4g`` string of every point."""
    if enc["counts"] == "float64":
        tp, fp = _unpack(enc["tp"], "<f8"), _unpack(enc["fp"], "<f8")
    else:
        dtype = enc["counts"].split("-")[1]
        tp = np.r_[0.0, np.cumsum(_unpack(enc["tp"], dtype), dtype=np.float64)]
        fp = np.r_[0.0, np.cumsum(_unpack(enc["fp"], dtype), dtype=np.float64)]
    distinct = zlib.decompress(base64.b64decode(enc["strings"])).decode().split("\n")
    runs = _unpack(enc["runs"], "<u4")
    return {"tp": tp, "fp": fp, "strings": list(np.repeat(np.array(distinct, dtype=object), runs))}


def _rates_match(pts):
    """The page computes rates as ``tp / tp[-1]``: true when those are the kernel's rates to the last bit."""
    tp, fp = np.asarray(pts.tp, dtype=float), np.asarray(pts.fp, dtype=float)
    return np.array_equal(tp / tp[-1], pts.tpr) and np.array_equal(fp / fp[-1], pts.fpr)


def threshold_scene(widget, height):
    """What the page needs to run ``widget``'s threshold control (JSON-able), or None without one."""
    tc = getattr(widget, "threshold_control", None)
    if tc is None:
        return None
    c = widget.controls
    points = {}
    for name, pts in tc.points.items():
        if not _rates_match(pts):
            raise ValueError(f"save_html: the rates of {name!r} are not its counts divided by their totals; "
                             "build the widget with threshold_control=False")
        # the ROC frontier's vertices: the least cost at a skew, which the button's range regret measures against
        points[name] = {**encode_points(pts), "frontier": _pack(frontier_hull(pts.tpr, pts.fpr).astype("<u4"))}
    keys = {id(disp): key for key, disp in widget.displays.items()}
    dpi = widget.figure.dpi
    marks = []
    for marker in tc.markers:
        disp = marker.display
        styles = {}
        for name, line in marker.points_.items():
            style = line_style(line, dpi)
            if marker.space in ("pr", "roc", "prg"):
                # show_whole's clip: the Axes grown by this (and by a shared mark's growth)
                look = base_look(line)
                style["reach"] = (look["ms"] / 2.0 + look["mew"] / 2.0) * dpi / 72.0 + 1.0
            styles[name] = style
        marks.append({"key": keys[id(disp)], "space": marker.space, "panel": panel_box(disp.ax_, height),
                      "styles": styles})
    mode = c["threshold_mode"].value
    names = list(tc.points)
    return {
        "points": points, "marks": marks, "near_px": near_px(dpi),
        "pie": {"base": PIE_BASE, "grow": PIE_GROW, "max": PIE_MAX,
                   "edge": PIE_EDGE_PT * dpi / 72.0},
        "m": "m" if "m" in c else None,
        "start": {"mode": mode, "of": names.index(tc.selected), "target": int(round(c["target"].value * 100)),
                  "index": [widget.threshold_index_[n] for n in names],
                  # the kernel writes the threshold's value, which code may have set between two scores
                  "texts": [None if widget.threshold_[n] is None else format(widget.threshold_[n], ".4g")
                            for n in names]},
        "names": names, "modes": [[label, value] for label, value in c["threshold_mode"].options],
        "choose": [[label, value] for label, value in widget.choose_for.options],
    }
