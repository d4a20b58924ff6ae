"""A widget saved as one self-contained HTML page whose controls work without a kernel.

Design
------
The page shows exactly the frames the live widget paints.  Each state of
the controls (one point of every slider's step grid) is set on the widget
itself, which paints its frame as it does for a user's step (``Frames``:
the static layer plus the moving artists, the pixels of a full draw), and
the page keeps:

- the frame of the starting state, whole, as a PNG (the static layer:
  axes, ticks, labels, the curves no control moves);
- for every state, a *sprite*: the smallest rectangle of that state's frame
  that differs from the starting frame, as a lossless PNG, and its place;
- for every state, the kernel's own AUC table (the HTML of ``readout``),
  stored once per distinct table.

A step in the page draws the starting frame on a ``<canvas>`` and that
state's sprite over it (two ``drawImage`` calls of decoded images, about
a millisecond), and swaps the table.  The frames are therefore
pixel-identical to the live widget's and the numbers are the kernel's
strings, digit for digit.  The sliders are ``<input type="range">`` over
the index of each control's grid, so a drag or an arrow key moves through
exactly the values the live slider steps through (a log slider through
``base ** (min + k * step)``, a linear one through ``min + k * step``; the
slider's own end when the grid stops short of it).  Buttons of the live
widget that set the skew ("data set skew", "go to estimated skew") are in
the page when their value is on the skew grid.  No script or style is
fetched: the page is one file, with a few dozen lines of inline JS.

Why pre-rendered frames rather than the closed forms in the page, for these
widgets: they are exact by construction (no second implementation of the
curves, their densification, legends and mathtext to keep in step), and a
frame of a PR panel costs ~20 kB, so a 200-step skew slider fits in a few
MB.  What frames cannot do is a product of controls: the states are every
combination of every control's grid points (a frame per control with the
others held does not compose).  A widget whose states exceed ``max_frames``
(default 1000) is therefore saved by :mod:`skewplot.widgets.page.scene`
when its page can draw its curves itself -- the explorer and the cost and F
widgets: static layers rendered once, the curves, envelopes and markers
drawn in the page from the closed forms -- and refused otherwise, with a
count of its states.
"""

from __future__ import annotations

import base64
import io
import json
import math
import os
import string
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..._progress import bar, check_progress
from ._shell import check_page_path, control_grid, page_html, read_text, write_page

__all__ = ["save_html", "control_grid"]



def _count(control):
    """How many values ``control`` can take: grid points, (lo, hi) pairs of a range slider, or options."""
    import ipywidgets as widgets

    if isinstance(control, (widgets.FloatLogSlider, widgets.FloatSlider)):
        return len(control_grid(control)[0])
    if isinstance(control, widgets.FloatRangeSlider):
        n = int(math.floor((control.max - control.min) / control.step + 1e-9)) + 1
        return n * (n + 1) // 2  # lo <= hi
    options = getattr(control, "options", None)
    return None if options is None else max(1, len(options))  # None: a control save_html cannot step


def _grid_index(values, value):
    """The index of ``value`` in ``values`` (relative tolerance 1e-9), or None."""
    for k, v in enumerate(values):
        if abs(v - value) <= 1e-9 * max(abs(v), abs(value), 1e-300):
            return k
    return None


def _buttons(widget, grids):
    """The skew buttons of the live widget whose value is on the skew grid: (label, control, index)."""
    out = []
    if "skew" not in grids:
        return out
    values = grids["skew"][0]
    for attr in ("reset", "go_to_estimate"):
        button = getattr(widget, attr, None)
        target = widget._button_skews.get(attr)
        if button is None or button.disabled or target is None:
            continue
        k = _grid_index(values, target)
        if k is not None:
            out.append((button.description, "skew", k))
    return out


def _frame(widget):
    return np.asarray(widget.figure.canvas.buffer_rgba()).copy()


def _png(pixels):
    with io.BytesIO() as buf:
        from PIL import Image

        Image.fromarray(pixels).save(buf, format="png", compress_level=6)
        return base64.b64encode(buf.getvalue()).decode("ascii")


def _sprite(frame, base):
    """The box of ``frame`` that differs from ``base`` as (x, y, pixels), or None when they are equal."""
    diff = np.any(frame != base, axis=2)
    rows, cols = np.flatnonzero(diff.any(axis=1)), np.flatnonzero(diff.any(axis=0))
    if rows.size == 0:
        return None
    y0, y1, x0, x1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
    return int(x0), int(y0), frame[y0:y1, x0:x1]


def _states(sizes):
    """Every index tuple of the product of ``sizes``, the last control fastest (row-major)."""
    return [tuple(int(i) for i in idx) for idx in np.ndindex(*sizes)]


def save_html(widget, path, *, max_frames=1000, title=None, progress=True):
    """Write ``widget`` as one self-contained HTML page whose controls work without a kernel.

    Every state the controls can reach (every combination of their grid
    points) is painted by the widget itself; the page shows that frame and
    that AUC table when its sliders are moved (see the module notes).  A
    widget with more states than ``max_frames`` whose curves the page can
    draw itself (the explorer, the cost and F widgets) is saved as static
    layers and the data of its closed forms instead
    (:mod:`skewplot.widgets.page.scene`).  The widget is left in the state
    it was in.

    Parameters
    ----------
    widget : SkewWidget
        A skewplot widget whose controls are sliders of floats.
    path : str or os.PathLike
        The file to write (overwritten).
    max_frames : int, default=1000
        Pre-render at most this many states (one frame each); a widget with
        more is drawn in the page, or refused when it cannot be.
    title : str, optional
        The page's title; the figure's kind by default.
    progress : bool, default=True
        Show a progress bar of the states painted once the call has run for
        2 s (``tqdm.auto``); ``False`` silences it.  The page is written to a
        temporary file renamed into place: an interrupted save (Ctrl-C)
        leaves no file, or the one it was to replace.

    Returns
    -------
    dict
        ``states`` (frames painted, or states the page can show), ``bytes``
        (file size); ``distinct_tables`` for pre-rendered frames, ``drawn``
        (True) and ``images`` for a page that draws its curves.

    Examples
    --------
    A frame per step of the skew slider (201 over its default bounds; here
    a narrower slider, fewer frames):

    >>> import os, tempfile, skewplot as sp
    >>> w = sp.widgets.interactive_pr(sp.datasets.example_classifiers(), skew=0.1, slider_bounds=(0.01, 0.5))
    >>> info = w.save_html(os.path.join(tempfile.mkdtemp(), "pr.html"))
    >>> info["states"]
    86
    """
    if not all(hasattr(widget, a) for a in ("controls", "frames", "readout", "_paint_lock")):
        raise TypeError(f"widget must be a skewplot widget, got {type(widget).__name__}")
    if isinstance(max_frames, bool) or not isinstance(max_frames, int) or max_frames < 1:
        raise ValueError(f"max_frames must be a positive integer, got {max_frames!r}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or os.PathLike, got {type(path).__name__}")
    check_page_path(path)
    progress = check_progress(progress)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str (the page's title), got {type(title).__name__} {title!r}")
    if widget.closed_ or widget.frames is None:
        raise ValueError("widget has no figure to save (it was closed)")
    if not hasattr(widget.figure.canvas, "buffer_rgba"):
        raise ValueError(f"save_html needs an Agg canvas, got {type(widget.figure.canvas).__name__}")
    # the controls the page steps (a widget may hold some at their live values, ``_page_controls``)
    names = widget._page_controls() if hasattr(widget, "_page_controls") else list(widget.controls)
    sizes = [_count(widget.controls[n]) for n in names]
    total = math.prod(s or 1 for s in sizes)
    if (total > max_frames or None in sizes) and widget._page_draws_curves:
        from .scene import save_scene

        return save_scene(widget, path, title or type(widget).__name__, progress)
    if total > max_frames:
        shape = " x ".join(f"{n} ({s or 'many'})" for n, s in zip(names, sizes, strict=True))
        more = "at least " if None in sizes else ""
        raise ValueError(f"this widget's controls reach {more}{total} states ({shape}), more than max_frames="
                         f"{max_frames}; save_html pre-renders one frame per state")
    grids = {name: control_grid(widget.controls[name]) for name in names}
    start = {n: widget.controls[n].value for n in names}
    home = [_nearest(grids[n][0], start[n]) for n in names]  # off the grid (set in the kernel): the nearest
    try:
        base, sprites, pngs, tables = _paint_states(widget, names, grids, sizes, home, progress)
    finally:
        with widget._paint_lock:
            for n in names:  # back to where the user left it (a value off the grid included)
                widget.controls[n].value = start[n]
    distinct = list(dict.fromkeys(tables))
    data = {
        "controls": [{"name": n, "label": widget.controls[n].description, "labels": grids[n][1],
                      "start": home[i]} for i, n in enumerate(names)],
        "buttons": [{"label": b[0], "control": names.index(b[1]), "index": b[2]} for b in _buttons(widget, grids)],
        "sizes": sizes, "sprites": sprites, "tables": distinct,
        "table_of": [distinct.index(t) for t in tables],
        "width": int(base.shape[1]), "height": int(base.shape[0]),
    }
    text = _page(data, pngs, title or type(widget).__name__)
    write_page(path, text)
    return {"states": total, "bytes": len(text.encode("utf-8")), "distinct_tables": len(distinct)}


def _nearest(values, value):
    if not all(isinstance(v, (int, float)) for v in values):  # a dropdown's options: its value is one of them
        return values.index(value)
    k = _grid_index(values, value)
    return int(np.argmin(np.abs(np.asarray(values) - value))) if k is None else k


def _paint_states(widget, names, grids, sizes, home, progress=False):
    """Set every state on the widget (the last control fastest); keep its sprite and table.

    The starting state is painted first: its frame is the page's base.  The
    sprites are cut and encoded on two threads while the next states paint
    (numpy and zlib let go of the GIL).  Returns the base frame, the sprites
    (``[x, y, image index]`` or None, by state), the images (base first) and
    the tables.
    """
    current = [None] * len(names)

    def paint(state):
        frames = widget.frames
        blits = None if frames is None else frames.counts["blit"]
        for i, (n, k) in enumerate(zip(names, state, strict=True)):
            if current[i] != k:
                widget.controls[n].value = grids[n][0][k]
                current[i] = k
        if widget.status.value:
            raise ValueError(f"the widget rejected a state of its own controls: {widget.status.value}")
        if widget.backend == "ipympl" and not (frames is not None and frames.last == "blit"
                                               and frames.counts["blit"] > blits):
            # A state the step did not blit (its full draw is a draw_idle the browser answers later: never, with
            # no browser; or no step at all) is painted now with Agg's own draw, which sends nothing to the
            # browser. A state the step blitted is already on the canvas, pixel for pixel a full draw (see
            # _frames): a second draw cost ipympl's save_html 2.8x the inline backend's (39.8 against 14.4 CPU-s).
            from matplotlib.backends.backend_agg import FigureCanvasAgg

            FigureCanvasAgg.draw(widget.figure.canvas)
        return _frame(widget)

    tables, jobs = [], []
    widget._show = lambda: None  # the inline Output's PNG of each step: the frame is read from the canvas
    try:
        states = _states(sizes)
        with widget._paint_lock, ThreadPoolExecutor(max_workers=2) as pool, \
                bar(len(states), "save_html", progress, unit="state") as shown:
            base = paint(tuple(home))
            first = pool.submit(_png, base)
            for state in states:
                if len(jobs) >= 8:  # at most 8 frames (a few MB) wait for their encoder
                    jobs[-8].result()
                jobs.append(pool.submit(_encoded_sprite, paint(state), base))
                tables.append(widget.readout.value)
                shown.update(1)
            done = [job.result() for job in jobs]
            pngs = [first.result()]
    finally:
        del widget._show
    sprites = []
    for box in done:
        if box is None:
            sprites.append(None)
        else:
            sprites.append([box[0], box[1], len(pngs)])
            pngs.append(box[2])
    return base, sprites, pngs, tables


def _encoded_sprite(frame, base):
    box = _sprite(frame, base)
    return None if box is None else (box[0], box[1], _png(box[2]))


def _page(data, pngs, title):
    script = string.Template(read_text("frames.js")).substitute(
        images=",\n".join(json.dumps("data:image/png;base64," + p) for p in pngs))
    return page_html(data, script, title)
