"""The layout of a figure the plots draw on: constrained, laid out at once, and the cells its Axes keep a share of.

The plots' own figures are constrained (a legend strip or a shared figure
legend takes its own row); a user's figure that has no layout gets the
same (:func:`lay_out`).  :func:`cell_size` is the figure lint's cell: a
legend never takes an Axes below ``MIN_CELL_SHARE`` of it.

Every axis label a plot sets has forms, longest first (:func:`fit_label`):
the words, the words on two lines, an abbreviation.  The label shows the
first form that takes at most ``LABEL_FILL`` of its Axes' side.  The form is
chosen again each time the figure is laid out for a draw
(:class:`FittingLayoutEngine`, the constrained layout of the plots' figures
and the widgets' pages: every full draw, and a widget's page laid out again
after ipympl's resize corner or a zoom), so it is decided on the final size
of the Axes (after a legend strip or a shared legend's row took its room),
and a label that gets room back on a larger figure regains its long form.
"""

from __future__ import annotations

import re

import numpy as np
from matplotlib.cbook import is_math_text
from matplotlib.layout_engine import ConstrainedLayoutEngine

from .._compat import layout_compress, text_sizes_kept
from .._notes import note, notes, unheld
from ._dashes import DASHED
from ._legend_geometry import _renderer, root_figure

__all__ = ["MIN_CELL_SHARE", "MIN_TEXT_PT", "legible", "legible_style", "LABEL_FILL", "cell_size", "cell_span",
           "kept_sizes", "lay_out", "constrained", "settle", "FittingLayoutEngine", "BEFORE_LAYOUT", "AFTER_LAYOUT",
           "LAST_LAYOUT", "fit_label", "refit_labels", "label_lines", "two_lines", "text_width"]

#: The share of its grid cell's width and height an Axes must keep (the figure lint's "squeezed").
MIN_CELL_SHARE = 0.6
#: The smallest text, in points at the size a figure is saved, a reader reads in print (the lint's "text-too-small";
#: a mathtext sub- or superscript counts at its shrunk size).
MIN_TEXT_PT = 6.5


def legible(size):
    """``size`` (points or a name as ``"x-small"``, relative to ``font.size`` now) in points, at least ``MIN_TEXT_PT``.

    The plots' legends and titles shrink to fit with named sizes; under
    ``style.paper`` (8 pt) ``"x-small"`` is 5.6 pt, too small to read in print.

    Examples
    --------
    >>> import matplotlib as mpl
    >>> with mpl.rc_context({"font.size": 8}):
    ...     legible("x-small"), round(legible("small"), 1), legible(9)
    (6.5, 6.7, 9.0)
    """
    from matplotlib.font_manager import FontProperties

    return max(float(FontProperties(size=size).get_size_in_points()), MIN_TEXT_PT)


def legible_style(style):
    """A legend's keywords with its named ``fontsize`` and ``title_fontsize`` made :func:`legible` (a size in points
    the caller gave is kept: it is theirs), and a dashed line's sample showing two dashes (:mod:`._dashes`)."""
    return {"handler_map": {**DASHED, **style.get("handler_map", {})},
            **{k: legible(v) if k in ("fontsize", "title_fontsize") and isinstance(v, str) else v
               for k, v in style.items() if k != "handler_map"}}


def cell_size(ax):
    """The pixel ``(width, height)`` of ``ax``'s cell in its figure's top-level grid (None: no grid)."""
    box = _cell(ax)
    return None if box is None else (box[1] - box[0], box[2])


def cell_span(ax):
    """The pixels ``(x0, x1)`` of ``ax``'s cell across its figure (the Axes' own when it is in no grid)."""
    box = _cell(ax)
    return (ax.bbox.x0, ax.bbox.x1) if box is None else box[:2]


def _cell(ax):
    """``(x0, x1, height)`` in pixels of ``ax``'s cell in its figure's top-level grid (None: no grid)."""
    spec = ax.get_subplotspec()
    if spec is None:
        return None
    fig = ax.figure
    fig = getattr(fig, "figure", fig)  # a subfigure's root figure
    spec = spec.get_topmost_subplotspec()
    grid = spec.get_gridspec()
    nrows, ncols = grid.get_geometry()
    heights = np.asarray(grid.get_height_ratios() or [1] * nrows, dtype=float)
    widths = np.asarray(grid.get_width_ratios() or [1] * ncols, dtype=float)
    x0 = widths[:spec.colspan.start].sum() / widths.sum() * fig.bbox.width
    cw = widths[spec.colspan.start:spec.colspan.stop].sum() / widths.sum() * fig.bbox.width
    ch = heights[spec.rowspan.start:spec.rowspan.stop].sum() / heights.sum() * fig.bbox.height
    return x0, x0 + cw, ch


def kept_sizes(ax):
    """``((width, cell width), (height, cell height))`` in pixels: what ``ax`` keeps of its cell (None: no grid).

    The layout's box (``original``): an equal-aspect Axes shrinks inside it.
    """
    cell = cell_size(ax)
    if cell is None:
        return None
    fig = getattr(ax.figure, "figure", ax.figure)
    pos = ax.get_position(original=True)
    return (pos.width * fig.bbox.width, cell[0]), (pos.height * fig.bbox.height, cell[1])


def constrained(fig):
    """Give ``fig`` a constrained layout when it has none (an outside figure legend needs one to take its row)."""
    engine = fig.get_layout_engine()
    if engine is None or type(engine).__name__ in ("TightLayoutEngine", "PlaceHolderLayoutEngine"):
        try:
            fig.set_layout_engine(FittingLayoutEngine())
        except RuntimeError:  # pragma: no cover - a colour bar made under another engine
            pass
    _fitting(fig)


def lay_out(fig):
    """Give a user's ``fig`` a constrained layout when it has no layout and its subplots were not placed by hand.

    The plots' own figures are constrained; a figure from a bare
    ``plt.subplots(figsize=...)`` keeps matplotlib's fixed margins, which
    cut a log axis' tick labels and a subscripted axis label at a small
    size.  A figure whose ``subplots_adjust`` moved its margins, or that a
    widget laid out once (frozen), is left as it is.  The layout runs at
    once, so that what a plot counts in its Axes' pixels (the cost and F
    panels' thin lines) is counted on the laid-out Axes.
    """
    import matplotlib as mpl

    fig = getattr(fig, "figure", fig)  # a subfigure's root figure
    if fig.get_layout_engine() is not None or note(fig, "frozen", False):
        return
    pars = fig.subplotpars
    if all(getattr(pars, key) == mpl.rcParams[f"figure.subplot.{key}"]
           for key in ("left", "right", "bottom", "top", "wspace", "hspace")):
        constrained(fig)
        settle(fig)


def settle(fig):
    """Run the figure's constrained layout once (one Axes: cheap), so the legend is placed on the final size.

    The axis labels keep their forms here: the layouts of a draw and of a
    widget's page choose them.  A legend's trial layouts (a style that
    takes its panels below their share, then rejected) run through here, and
    a label broken on one of them and joined on the next would cost each a
    second layout (0.5 s for the explorer's six panels).
    """
    engine = _fitting(fig)
    if engine is not None:
        ConstrainedLayoutEngine.execute(engine, fig)


#: Run by each draw's layout before it lays the figure out (the legend module's :func:`~._legend.place_pending`).
BEFORE_LAYOUT = []
#: Run by each draw's layout after it laid the figure out: a step that returns True changed what takes room, and the
#: figure is laid out once more (the legend module's shared legend fitted again, :func:`~._legend.refit_pending`).
AFTER_LAYOUT = []
#: Run by each draw's layout after it laid the figure out for the last time: steps decided on the size the figure is
#: drawn at (the notes of hidden curves, ``plotting/_hidden.py``); one that returns True took room (a note said by the
#: legend), and the figure is laid out once more and the steps run again.
LAST_LAYOUT = []


class FittingLayoutEngine(ConstrainedLayoutEngine):
    """matplotlib's constrained layout, then each fitted axis label's form chosen on the Axes' new sizes.

    A label that changed its number of lines (its thickness, which the
    layout makes room for) has the figure laid out once more.  Before it,
    the panels' own legends that wait for a draw are placed
    (:func:`~._legend.place_pending`: once, however many plot calls changed
    the figure); after it, the shared legend is fitted again when it takes a
    panel below its share, and the figure laid out once more
    (:func:`~._legend.refit_pending`); last, the steps decided on its final size (:data:`LAST_LAYOUT`).
    """

    def execute(self, fig):
        with text_sizes_kept(root_figure(fig)):  # each pass measures every tick label and title again
            for step in BEFORE_LAYOUT:
                step(fig)
            grids = super().execute(fig)
            if refit_labels(fig):
                grids = super().execute(fig)
            if any([step(fig) for step in AFTER_LAYOUT]):
                grids = super().execute(fig)
            for k in range(3):  # a step that took room (a note said by the legend, ``_unshown``): laid out again
                if not any([step(fig) for step in LAST_LAYOUT]) or k == 2:
                    break
                grids = super().execute(fig)
            return grids


def _fitting(fig):
    """``fig``'s constrained layout engine, made a :class:`FittingLayoutEngine` (None: it has no constrained layout).

    A plain constrained engine (a user's ``layout="constrained"``) is
    replaced through ``fig.set_layout_engine`` by a :class:`FittingLayoutEngine`
    with its settings (its pads and rect, read with the engine's ``get()``,
    and its ``compress``), so the user's layout stays as it was, and a
    widget that holds the engine to lay its page out again fits the labels too.
    """
    fig = getattr(fig, "figure", fig)  # a subfigure's root figure
    engine = fig.get_layout_engine()
    if not isinstance(engine, ConstrainedLayoutEngine):
        return None
    if type(engine) is ConstrainedLayoutEngine:
        engine = FittingLayoutEngine(**engine.get(), compress=layout_compress(engine))
        fig.set_layout_engine(engine)
    return engine


#: An axis label is shown whole while it takes at most this share of its Axes' side; else a shorter form.  The
#: whole side: a centred label within it stays inside the figure and clear of its neighbours' texts, and a form
#: on two lines costs the Axes width a narrow paper panel lacks (at 0.8, "Normalised expected cost" broke in a
#: paper row of two and took its Axes below 60 % of its cell's width).
LABEL_FILL = 1.0

_DOLLAR = re.compile(r"(?<!\\)\$")


def two_lines(text, at_bracket=True):
    r"""``text`` on two lines: before its last " (" outside mathtext (``at_bracket``), else at the space outside
    mathtext that leaves the shorter longest line (``text`` itself when it has no such space, or has lines
    already).  A legend strip's wrapped entries break the same way (:func:`~._legend_entries.wrap_label`).

    Examples
    --------
    >>> two_lines("Precision $P$ (data set, $\\pi=0.01$)")
    'Precision $P$\n(data set, $\\pi=0.01$)'
    >>> two_lines("Precision $\\bar{P}_{[0.001, 0.05]}$"), two_lines("Normalised expected cost")
    ('Precision\n$\\bar{P}_{[0.001, 0.05]}$', 'Normalised\nexpected cost')
    """
    if "\n" in text:
        return text
    spaces = [i for i, c in enumerate(text) if c == " " and len(_DOLLAR.findall(text[:i])) % 2 == 0]
    if not spaces:
        return text
    parens = [i for i in spaces if text.startswith(" (", i)] if at_bracket else []
    cut = parens[-1] if parens else min(spaces, key=lambda i: max(i, len(text) - i - 1))
    return text[:cut] + "\n" + text[cut + 1:]


def text_width(text):
    """``width(s)``: the width in pixels of the Text artist ``text`` written ``s`` (its longest line), as its
    window extent would be (its height, turned as a y label is)."""
    fig = root_figure(text)
    renderer, prop = _renderer(fig), text.get_fontproperties().copy()
    usetex, parse_math = text.get_usetex(), text.get_parse_math()
    widths = _widths(fig, renderer)

    def width(s):
        widest = 0.0
        for line in s.split("\n"):
            if usetex:
                clean, ismath = line, "TeX"
            elif parse_math and is_math_text(line):
                clean, ismath = line, True
            else:
                clean, ismath = line.replace(r"\$", "$"), False
            if clean:
                widest = max(widest, _line_width(widths, renderer, clean, prop, ismath))
        return widest

    return width


def _widths(fig, renderer):
    """The widths of lines of text ``fig``'s layouts measured with renderers of this kind at this resolution.

    Kept on the figure, not on the renderer: a text's width does not depend
    on the canvas' size, and a canvas makes a new renderer at each size
    (ipympl's resize corner: its label and title forms measured again, ~20 ms
    of the explorer's resize).
    """
    kept = note(fig, "text_widths")
    if kept is None:
        kept = notes(fig).text_widths = {}
    return kept.setdefault((type(renderer), renderer.points_to_pixels(72.0)), {})


def _line_width(cache, renderer, s, prop, ismath):
    """The width of one line of text, by the renderer's public measure, remembered in ``cache`` (a figure's layouts
    measure the same label forms each time)."""
    key = (s, prop, ismath)
    found = cache.get(key)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = renderer.get_text_width_height_descent(s, prop, ismath=ismath)[0]
    return found


def fit_label(axis, text, *shorter, lines=True):
    r"""Label ``axis`` with the first of its forms that fits its Axes' side, and again after each layout.

    The forms, in order: ``text``, ``text`` on two lines (:func:`two_lines`;
    a y label only, and not with ``lines=False``), then ``shorter``.  An x
    label is never broken: a second line would take height from every
    panel of its row and leave a legend strip, placed under the label it
    measured, off its place when the label changed.  A form fits while its
    longest line takes at most ``LABEL_FILL`` of the Axes' width (x) or
    height (y); none fitting, the last is shown.  In a figure with a
    constrained layout the layout chooses, each time it runs (see the module
    note); in one without, the form is chosen here; a widget's step between two layouts
    (its layout frozen) keeps the number of lines the layout made room for.
    A label the user sets afterwards (``ax.set_xlabel``) is theirs: it is
    never refitted.  A label painted by an
    :class:`~skewplot.plotting._labels.AxisLabel` is rewritten through it.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(6, 1.8), layout="constrained")
    >>> fit_label(ax.yaxis, "Precision $P$ (data set, $\\pi=0.01$)")
    >>> fig.canvas.draw()  # the layout of the draw chooses
    >>> ax.get_ylabel()
    'Precision $P$\n(data set, $\\pi=0.01$)'
    >>> fig.set_size_inches(6, 6); fig.canvas.draw()
    >>> ax.get_ylabel()
    'Precision $P$ (data set, $\\pi=0.01$)'
    >>> plt.close(fig)
    """
    forms = [text]
    if lines and axis.axis_name == "y" and two_lines(text) != text:
        forms.append(two_lines(text))
    forms += [s for s in shorter if s not in forms]
    notes(axis).label_forms = tuple(forms)
    fig = axis.axes.figure
    shown = axis.label.get_text()
    if _fitting(fig) is not None:
        # the next layout of a draw chooses on the Axes' laid-out size; before it their size means nothing,
        # and a label broken on it would be joined again by the layout, which then runs once more
        _show_label(axis, shown if shown in forms else forms[0])
        return
    if note(getattr(fig, "figure", fig), "frozen", False):
        # a widget's step, its layout frozen: the room it keeps for the label is one line or two, as it was
        forms = [f for f in forms if f.count("\n") == shown.count("\n")] or forms
    _show_label(axis, _fitting_form(axis, forms))


def refit_labels(fig):
    """Show each :func:`fit_label` label's form that fits its Axes now; True when one changed its number of lines."""
    relayout = False
    for ax in _all_axes(fig):
        for axis in (ax.xaxis, ax.yaxis):
            forms = note(axis, "label_forms")
            if forms is None:
                continue
            now = axis.label.get_text()
            if now not in forms:  # relabelled by the user: theirs stays
                notes(axis).label_forms = None
                continue
            form = _fitting_form(axis, forms)
            if form != now:
                _show_label(axis, form)
                relayout |= form.count("\n") != now.count("\n")
    return relayout


def label_lines(fig):
    """The number of lines of each Axes' x and y label, in the order of ``fig.axes`` (a label hidden: 0)."""
    return [axis.label.get_text().count("\n") if axis.label.get_visible() else 0
            for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)]


def _all_axes(fig):
    yield from fig.axes
    for sub in getattr(fig, "subfigs", ()):
        yield from _all_axes(sub)


def _fitting_form(axis, forms):
    ax = axis.axes
    side = LABEL_FILL * (ax.bbox.width if axis.axis_name == "x" else ax.bbox.height)
    width = text_width(axis.label)
    for form in forms[:-1]:
        if width(form) <= side:
            return form
    return forms[-1]


def _show_label(axis, text):
    """Set ``axis``' label to ``text`` if it shows another: through the artist that paints it, if any (a widget's
    step then leaves the Axis fresh), else as ``ax.set_xlabel`` would (its ``xaxis.labellocation``)."""
    if axis.label.get_text() == text:
        return
    painter = unheld(note(axis, "painter", (None,)))[0]
    if painter is not None and any(a is painter for a in axis.axes.get_children()):
        painter.set_text(text)
    else:
        getattr(axis.axes, f"set_{axis.axis_name}label")(text)

