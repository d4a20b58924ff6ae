"""Texts measured, laid out and drawn once per key within skewplot's own draws (see the package's note).

Two contexts over one figure: :func:`text_sizes_kept` (sizes and layouts
of its texts, kept by the figure) and :func:`glyphs_kept` (their glyphs,
kept by this module), which the first enters too.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import math
import threading

import numpy as np

__all__ = ["text_sizes_kept", "glyphs_kept"]

#: Text sizes a figure keeps (:func:`text_sizes_kept`) before it starts a new record.
_KEPT_SIZES = 4096


def text_sizes_kept(figure):
    """A context in which each text of ``figure`` is measured and laid out once per dpi, not at every use.

    An Agg canvas makes a new renderer at each size, and matplotlib keeps
    text sizes and parsed mathtext per renderer; it lays a text out
    (``Text._get_layout``: its box and lines relative to its anchor) at
    each measure and draw, ~400 times in a resize of the explorer.  Within
    the context the renderer answers ``get_text_width_height_descent``
    from the figure's record (by string, font, mathtext flag and dpi) and
    parses mathtext with the figure's one ``MathTextParser`` (its cache is
    per parser), and, in this thread, a text not wrapped takes its layout
    from the figure's record, keyed also by rotation (mode), alignments
    and line spacing.  ``RendererAgg.mathtext_parser``, ``_get_layout``,
    ``_get_multialignment`` and ``_linespacing`` on matplotlib 3.8.0 ..
    3.11; fallback: what they serve is not kept.  Other canvases: nothing.
    """
    from matplotlib.mathtext import MathTextParser
    from matplotlib.text import Text

    from .._notes import notes

    @contextlib.contextmanager
    def kept():
        canvas = figure.canvas
        renderer = canvas.get_renderer() if hasattr(canvas, "get_renderer") else None
        measure = getattr(renderer, "get_text_width_height_descent", None)
        if measure is None or "get_text_width_height_descent" in vars(renderer):
            yield
            return
        record = notes(figure)
        sizes, layouts = (_kept(record, name) for name in ("text_sizes", "text_layouts"))
        if isinstance(getattr(renderer, "mathtext_parser", None), MathTextParser):  # one parser per kind of renderer
            parsers = record.__dict__.setdefault("mathtext_parsers", {})
            renderer.mathtext_parser = parsers.setdefault(type(renderer), renderer.mathtext_parser)
        if hasattr(Text, "_get_layout") and Text._get_layout is not _layout_wrapper[0]:
            Text._get_layout = _layout_wrapper[0] = _layout_kept(Text._get_layout)

        def sized(s, prop, ismath):
            key = (renderer.dpi, s, prop.copy(), ismath)
            found = sizes.get(key)
            if found is None:
                found = sizes[key] = measure(s, prop, ismath)
            return found

        renderer.get_text_width_height_descent = sized
        before, _kept_layouts.record = getattr(_kept_layouts, "record", None), layouts
        try:
            with glyphs_kept(figure):
                yield
        finally:
            del renderer.get_text_width_height_descent
            _kept_layouts.record = before

    return kept()


def _kept(record, name):
    found = getattr(record, name, None)
    if found is None or len(found) > _KEPT_SIZES:
        found = {}
        setattr(record, name, found)
    return found


_kept_layouts = threading.local()  # .record: the text layouts this thread takes (within text_sizes_kept), or None
_layout_wrapper = [None]  # the Text._get_layout this module put on the class


def _layout_kept(layout):
    @functools.wraps(layout)
    def kept(text, renderer):
        record = getattr(_kept_layouts, "record", None)
        if record is None or text.get_wrap() or not hasattr(text, "_linespacing"):  # a wrap depends on the place
            return layout(text, renderer)
        key = (text.get_text(), text.get_fontproperties().copy(), text.get_rotation(), text.get_rotation_mode(),
               text.get_horizontalalignment(), text.get_verticalalignment(), text._get_multialignment(),
               text._linespacing, text.get_usetex(), getattr(text, "_parse_math", True),
               text.get_figure().dpi, type(renderer))
        found = record.get(key)
        if found is None:
            found = record[key] = layout(text, renderer)
        return found

    return kept


#: Layouts of strings and bitmaps of glyphs :func:`glyphs_kept` keeps (the least recently drawn go first).
_GLYPH_LAYOUTS, _GLYPHS = 2048, 16384
_glyph_cache = {"layouts": collections.OrderedDict(), "glyphs": collections.OrderedDict(), "lock": threading.Lock()}


def _kept_item(kind, key, make):
    cache, limit = _glyph_cache[kind], _GLYPH_LAYOUTS if kind == "layouts" else _GLYPHS
    with _glyph_cache["lock"]:
        found = cache.get(key)
        if found is not None:
            cache.move_to_end(key)
            return found
    found = make()
    with _glyph_cache["lock"]:
        cache[key] = found
        if len(cache) > limit:
            cache.popitem(last=False)
    return found


def glyphs_kept(figure):
    """A context in which ``figure``'s Agg renderer draws each text from kept layouts and glyph bitmaps.

    matplotlib 3.11 lays a string out with libraqm (``FT2Font._layout``) and
    renders it glyph by glyph (``_render_glyph``, then
    ``RendererAgg._renderer.draw_text_image``) at every draw: a 26-letter
    legend entry took 4-8 ms against 1.1 on matplotlib 3.8, and the texts
    were 42 % of a full draw of the explorer.  Within the context the
    layout is kept by string, font (matplotlib's object for a file, hinting
    factor and thread), size, dpi, hinting, features and language, and
    each glyph's bitmap by glyph, font, size, dpi, rotation
    and the position's fraction of a pixel (in FreeType's 1/64): a whole
    pixel's shift moves the same bitmap.  The pixels are those of
    ``RendererAgg.draw_text`` (``tests/plotting/test_glyphs_kept.py``
    compares whole figures).  ``RendererAgg._prepare_font`` and
    ``_draw_text_glyphs_and_boxes``, ``FT2Font._layout``,
    ``_set_transform`` and ``_render_glyph`` on matplotlib 3.11; fallback
    (3.8 .. 3.10, which render a string in one bitmap, or other canvases):
    nothing kept.  Mathtext is drawn as matplotlib draws it.
    """
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.ft2font import FT2Font

    canvas = figure.canvas
    renderer = canvas.get_renderer() if hasattr(canvas, "get_renderer") else None
    usable = (isinstance(renderer, RendererAgg) and "draw_text" not in vars(renderer)
              and all(hasattr(RendererAgg, n) for n in ("_prepare_font", "_draw_text_glyphs_and_boxes"))
              and all(hasattr(FT2Font, n) for n in ("_layout", "_set_transform", "_render_glyph")))

    @contextlib.contextmanager
    def kept():
        if not usable:
            yield
            return
        renderer.draw_text = functools.partial(_draw_text, renderer)
        try:
            yield
        finally:
            del renderer.draw_text

    return kept()


def _draw_text(renderer, gc, x, y, s, prop, angle, ismath=False, mtext=None):
    """``RendererAgg.draw_text`` of matplotlib 3.11 with its layouts and glyph bitmaps kept (:func:`glyphs_kept`)."""
    from matplotlib.backends.backend_agg import RendererAgg, get_hinting_flag
    from matplotlib.ft2font import RenderMode

    if ismath:
        return RendererAgg.draw_text(renderer, gc, x, y, s, prop, angle, ismath=ismath, mtext=mtext)
    font = renderer._prepare_font(prop)
    flags = get_hinting_flag()
    features = None if mtext is None else mtext.get_fontfeatures()
    language = None if mtext is None else mtext.get_language()
    size, dpi = prop.get_size_in_points(), renderer.dpi
    items = _kept_item("layouts", (font, size, dpi, s, flags, features and tuple(features), language),
                       lambda: [(item.ft_object, item.glyph_index, item.x, item.y) for item in
                                font._layout(s, flags=flags, features=features, language=language)])
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    matrix = (0x10000 * np.array([[cos, -sin], [sin, cos]])).round().astype(int)
    antialiased = gc.get_antialiased()
    height = renderer.height
    for ft, glyph, dx, dy in items:
        px = round(0x40 * (x + dx * cos - dy * sin))  # FreeType's 1/64 pixel; its y upwards
        py = round(0x40 * (height - y + dx * sin + dy * cos))

        def render(ft=ft, glyph=glyph, px=px, py=py):
            ft.set_size(size, dpi)
            ft._set_transform(matrix, [px & 63, py & 63])
            bitmap = ft._render_glyph(glyph, flags, RenderMode.NORMAL if antialiased else RenderMode.MONO)
            buffer = np.array(bitmap.buffer)
            if not antialiased:
                buffer *= 0xFF
            return buffer, bitmap.left, bitmap.top

        buffer, left, top = _kept_item("glyphs", (ft, size, dpi, glyph, matrix.tobytes(), px & 63, py & 63,
                                                  flags, antialiased), render)
        # draw_text_image's y is downwards, at the bitmap's bottom
        renderer._renderer.draw_text_image(buffer, left + (px >> 6), int(height) - top - (py >> 6) + buffer.shape[0],
                                           0, gc)
