"""The static pixels of a page that draws its curves: the figure rendered by matplotlib with the page's artists hidden.

:mod:`skewplot.widgets.page.scene` explains the design.  Here: the base
(the figure without what the page draws), a transparent layer per panel and
set of limits for a panel whose limits follow the controls, and the
foreground (spines and a panel's own legend), each a PNG data URL.

All of them are drawn on one Agg canvas of their own, set on the figure for
the whole run (the widget's canvas, its frames and its events untouched),
with each Axis' ticks laid out and each text measured once per state, as the
widget's own full draws do (``ticks_laid_out_once``, ``text_sizes_kept``):
the Axes a layer leaves as they were are not laid out again at every draw.
The PNGs are encoded on two threads while the next layers draw (zlib lets go
of the GIL).
"""

from __future__ import annotations

import base64
import contextlib
import io
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ...plotting._axes import tick_state
from ...plotting._compat import draw_as_saved, text_sizes_kept, ticks_laid_out_once
from ._draw import scene_artists

__all__ = ["layers"]


def _hidden(widget):
    """Every artist the page draws itself, and the texts it writes: hidden in the static layers."""
    d = widget.displays
    hide = list(scene_artists(widget).values())
    for panel in ("pr", "integrated"):
        if panel in d:
            hide += [d[panel].baselines_["unachievable"], d[panel].ax_.title]
    if "prg" in d:
        hide.append(d["prg"].ax_.xaxis.label)
    for panel in ("cost", "fmeasure"):
        if panel in d:
            disp = d[panel]
            hide += [disp.skew_text_, *disp.point_lines_.values()]
            hide += [disp.ax_.xaxis.label] if panel == "cost" else [disp.ax_.yaxis.label]
    return list(dict.fromkeys(hide))


def _png(pixels):
    from PIL import Image

    with io.BytesIO() as buf:
        Image.fromarray(np.ascontiguousarray(pixels)).save(buf, format="png", compress_level=6)
        return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


@contextlib.contextmanager
def _drawing(fig):
    """``render()``: a full draw of ``fig`` on an Agg canvas of its own, as savefig draws (the animated artists the
    widget's Frames paint drawn, no draw event sent: the Frames watch them); its pixels (a copy)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    own = fig.canvas
    canvas = FigureCanvasAgg(fig)  # (sets itself on fig)
    try:
        with draw_as_saved(canvas), ticks_laid_out_once(fig, tick_state), text_sizes_kept(fig):

            def render():
                with canvas.callbacks.blocked(signal="draw_event"):
                    canvas.draw()
                return np.asarray(canvas.buffer_rgba()).copy()

            yield render
    finally:
        fig.set_canvas(own)


def layers(widget, panels, height):
    """The static pixels: the figure without what the page draws, a layer per panel and limits, what lies above.

    A panel whose limits follow the controls is left out of the base and drawn alone on a transparent
    layer, one per set of limits: the page lays the state's layer over the base.
    """
    fig = widget.figure
    varying = [spec for spec in panels if spec["table"] is not None]
    texts = [t.pop("_text") for spec in panels for t in spec["item"].get("legend", ())]
    hidden = _hidden(widget) + [spec["_ax"] for spec in varying] + texts
    shown = [(a, a.get_visible()) for a in hidden]
    images, layers = [], {"crops": {}}
    try:
        for a in hidden:
            a.set_visible(False)
        with ThreadPoolExecutor(max_workers=2) as pool, _drawing(fig) as render:
            images.append(pool.submit(_png, render()))
            layers["base"] = 0
            for spec in varying:
                layers["crops"][spec["key"]] = _alone(fig, render, pool, spec["_ax"], spec["_limits"], images,
                                                      spec.pop("_reach", None))
            layers["top"] = len(images)
            images.append(pool.submit(_png, _foreground(fig, render)))
            images = [job.result() for job in images]
    finally:
        for a, visible in shown:
            a.set_visible(visible)
        for spec in panels:
            spec.pop("_ax", None)
            spec.pop("_limits", None)
    return images, layers


def _alone(fig, render, pool, ax, limits, images, reach=None):
    """``ax`` drawn alone on a transparent layer at each set of ``limits``: ``[x, y, image]`` of each crop.

    ``reach``: which of ``limits`` the page can show (None: all); the others get no layer (None).
    """
    others = [fig.patch, *fig.legends, *fig.texts, *(a for a in fig.axes if a is not ax)]
    shown = [(a, a.get_visible()) for a in others]
    old = ax.get_xlim(), ax.get_ylim()
    out = []
    try:
        for a in others:
            a.set_visible(False)
        ax.set_visible(True)
        for k, lim in enumerate(limits):
            if reach is not None and not reach[k]:
                out.append(None)
                continue
            x, y = (lim if isinstance(lim[0], tuple) else (old[0], lim))
            ax.set_xlim(*x)
            ax.set_ylim(*y)
            pixels = render()
            painted = pixels[..., 3] > 0  # the crop: every pixel the layer paints (get_tightbbox laid ticks out)
            rows, cols = np.flatnonzero(painted.any(axis=1)), np.flatnonzero(painted.any(axis=0))
            y0, y1, x0, x1 = (int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1) if rows.size else (
                0, 1, 0, 1)
            out.append([x0, y0, len(images)])
            images.append(pool.submit(_png, np.ascontiguousarray(pixels[y0:y1, x0:x1])))
    finally:
        ax.set_xlim(*old[0])
        ax.set_ylim(*old[1])
        for a, visible in shown:
            a.set_visible(visible)
    return out


def _foreground(fig, render):
    """What a full draw paints over the curves: the spines and a panel's own legend, on a transparent layer."""
    from matplotlib.legend import Legend
    from matplotlib.spines import Spine

    hide = [fig.patch, *fig.legends, *fig.texts]
    for ax in fig.axes:
        hide += [c for c in ax.get_children() if not isinstance(c, (Spine, Legend))]
    shown = [(a, a.get_visible()) for a in hide]
    try:
        for a in hide:
            a.set_visible(False)
        return render()
    finally:
        for a, visible in shown:
            a.set_visible(visible)
