"""A figure lint: what a reader would see wrong in a drawn figure, read from its artists.

:func:`lint_figure` draws the figure once and returns one :class:`Problem`
per fault it finds, each with a ``kind``:

``"legend"``
    a legend box (of an Axes or of the figure) holds a drawn data vertex or
    a curve crosses it;
``"panel-legend"``
    a panel keeps a legend of its own beside the figure's shared legend
    (a multi-panel figure has one legend; a panel whose entries mean
    something else in each panel, as a skew transform's skews, is marked
    ``own`` by :func:`~skewplot.plotting.layout._legend.place_legend` and allowed);
``"squeezed"``
    an Axes keeps less than 60 % of the width or height of its grid cell;
``"text-overlap"``
    two drawn texts (tick labels, axis labels, titles, legend entries,
    annotations, figure texts) overlap;
``"text-outside"``
    a drawn text reaches outside the figure;
``"text-too-small"``
    a drawn text is under ``MIN_TEXT_PT`` (6.5 pt) at the size the figure
    is saved, a mathtext sub- or superscript at its shrunk size (0.7 of its
    text's per level, as mathtext draws it: the exponent of a 7 pt tick
    label "10^-3" is 4.9 pt);
``"text-glyph"``
    a drawn text holds a combining character: matplotlib 3.8 draws a
    combining macron over nothing, so "P\u0304" reads "P" (the mathtext
    accent ``$\\bar{P}$`` draws on every version);
``"text-data"``
    a text inside an Axes (a marker's label, an annotation) covers a drawn
    line of it (a curve, a baseline, a reference line) or a single-point
    marker: the per-point thin lines (line collections) and bands are
    background a label may sit on, and a line that merely touches the
    text's edge (the skew line its label starts at) does not count;
``"marker-outside"``
    a single-point marker lies outside its Axes;
``"marker-off-data"``
    a single-point marker is drawn off its value (moved aside, say, to stay
    apart from another): a mark stays on its data;
``"marker-hidden"``
    two single-point markers of one shape, size and fill lie closer than
    5 px, so the one on top hides the other whatever their colours, or
    more than half of a marker's ink (its area; its outline when its face
    is white or none) lies under the markers drawn over it, as under the
    rings of a stack of nested dots (coinciding marks are told apart by
    their look, see ``share_markers``);
``"marker-clipped"``
    a single-point marker inside its Axes is cut by its clip box (a
    threshold at ROC's (0, 0) half hidden at the spines);
``"marker-on-tick"``
    a single-point marker covers a tick label of its Axes (a stack of
    nested marks at the axis' end over "1e-3", cost-02 of the review of
    5c0f0e2);
``"empty"``
    an Axes shows no curve, a curve lies wholly outside its view, or a band
    is thinner than a pixel with no line of its colour drawn or with a
    legend entry (an entry for nothing visible).

The tests run it on every plot function and widget (``tests/plotting/
test_figure_lint.py``); :func:`assert_clean` raises with every problem
listed.  Only the geometry of the artists is read, never pixels.
"""

from __future__ import annotations

import contextlib

import numpy as np

from ..plotting._compat import drawn_ticks, is_colorbar, titles
from ..plotting._notes import note
from ..plotting.layout._figure import MIN_CELL_SHARE, MIN_TEXT_PT, kept_sizes
from ..plotting.layout._legend_geometry import _crossing, _renderer, pen_runs
from ._lint_marks import (
    MIN_MARKER_PX,
    Problem,
    _data_axes,
    _inside,
    _label,
    _visible_text,
    marker_problems,
    text_data_problems,
)
from ._lint_texts import glyph_problems, script_depth, size_problems

__all__ = ["Problem", "lint_figure", "assert_clean", "KINDS", "MIN_CELL_SHARE", "MIN_MARKER_PX", "MIN_TEXT_PT",
           "script_depth"]

KINDS = ("legend", "panel-legend", "squeezed", "text-overlap", "text-outside", "text-too-small", "text-glyph",
         "text-data", "marker-outside", "marker-off-data", "marker-hidden", "marker-clipped", "marker-on-tick", "empty")
_TOL_PX = 1.0  # texts may touch, and reach this far past the figure's edge (anti-aliasing)
#: Two texts' boxes may overlap this far: matplotlib before 3.11 measures a mathtext tick label ("10^{-3}") 18.6 px
#: tall where 3.11 measures the same glyphs 14 px, so at an Axes' corner the x tick "0.0" and the y tick "10^{-3}"
#: overlap by 1.1 px of box (3.8.0 and 3.10.0), their ink 2 px apart.
_OVERLAP_TOL_PX = 1.5


def _axes_legends(ax):
    """Every visible legend of ``ax``: its own, and one added as an artist (a split strip's key inside)."""
    from matplotlib.legend import Legend

    legends = [ax.get_legend(), *(a for a in ax.artists if isinstance(a, Legend))]
    return [lg for lg in legends if lg is not None and lg.get_visible()]


def _drawn_texts(fig, renderer, with_text=False):
    """``(description, bbox)`` of every text a draw paints: ticks inside the view only (with ``with_text``:
    ``(description, bbox, Text)``)."""
    out = []

    def add(text, what):
        if _visible_text(text):
            box = text.get_window_extent(renderer)
            if box.width > 0 and box.height > 0:
                out.append((f"{what} {text.get_text()!r}", box) + ((text,) if with_text else ()))

    for ax in fig.axes:
        if not ax.get_visible():
            continue
        name = _label(ax)
        for text in titles(ax):
            add(text, f"{name} title")
        if ax.axison:
            for letter in ("x", "y", "z"):
                axis = getattr(ax, f"{letter}axis", None)
                if axis is None or not axis.get_visible():
                    continue
                add(axis.label, f"{name} {letter} label")
                add(axis.offsetText, f"{name} {letter} offset")
                for tick in drawn_ticks(axis):
                    for lab, on in ((tick.label1, tick.label1.get_visible()), (tick.label2, tick.label2.get_visible())):
                        if on:
                            add(lab, f"{name} {letter} tick")
        for text in ax.texts:
            add(text, f"{name} text")
        for legend in _axes_legends(ax):
            for text in [legend.get_title(), *legend.get_texts()]:
                add(text, f"{name} legend")
    for text in fig.texts:  # a suptitle, supxlabel and supylabel among them
        add(text, "figure text")
    for legend in fig.legends:
        if legend.get_visible():
            for text in [legend.get_title(), *legend.get_texts()]:
                add(text, "figure legend")
    return out


def _curves(ax):
    """Visible data artists of ``ax``: ``(artist, display vertices (n, 2), joined)`` (joined: a polyline)."""
    from matplotlib.collections import LineCollection, PathCollection, PolyCollection
    from matplotlib.patches import Polygon, StepPatch

    out = []
    for line in ax.lines:
        if not line.get_visible():
            continue
        xy = line.get_transform().transform(np.asarray(line.get_xydata(), dtype=float))
        xy = xy[np.isfinite(xy).all(axis=1)]
        joined = line.get_linestyle() not in ("None", "none", "", " ")
        out.append((line, xy, joined))
    for coll in ax.collections:
        if not coll.get_visible() or not isinstance(coll, (LineCollection, PolyCollection, PathCollection)):
            continue
        if isinstance(coll, PathCollection):  # scatter: each offset is a point
            xy = coll.get_offset_transform().transform(np.asarray(coll.get_offsets(), dtype=float))
            out.append((coll, xy[np.isfinite(xy).all(axis=1)], False))
            continue
        for path in coll.get_paths():  # each stroke of a path its own polyline (a compound path lifts its pen)
            xy = coll.get_transform().transform(np.asarray(path.vertices, dtype=float))
            for part in np.split(xy, np.flatnonzero(np.diff(pen_runs([path]))) + 1):
                out.append((coll, part[np.isfinite(part).all(axis=1)], True))
    for patch in ax.patches:  # outlines drawn as curves: hist(histtype="step") and ax.stairs
        if patch.get_visible() and not patch.get_fill() and isinstance(patch, (Polygon, StepPatch)):
            xy = patch.get_transform().transform(np.asarray(patch.get_path().vertices, dtype=float))
            out.append((patch, xy[np.isfinite(xy).all(axis=1)], True))
    return out


def _legend_problems(fig, renderer):
    from matplotlib.transforms import Bbox

    legends = [(lg, "figure legend") for lg in fig.legends if lg.get_visible()]
    legends += [(lg, f"{_label(ax)} legend") for ax in fig.axes for lg in _axes_legends(ax)]
    out = []
    for legend, what in legends:
        lb = legend.get_window_extent(renderer)
        for ax in _data_axes(fig):
            box = Bbox.intersection(lb, ax.get_window_extent(renderer))
            if box is None or box.width <= 0 or box.height <= 0:
                continue
            hits = 0
            for _, xy, joined in _curves(ax):
                if not len(xy):
                    continue
                n = int(_inside(xy, box).sum())
                if joined and len(xy) > 1 and not n:
                    segs = np.stack([xy[:-1], xy[1:]], axis=1)
                    n = int(_crossing(segs, (box.x0, box.y0, box.x1, box.y1)).any())
                hits += n
            if hits:
                out.append(Problem("legend", f"{what} covers {hits} drawn data vertices or segments of {_label(ax)}"))
    return out


def _panel_legend_problems(fig):
    if not any(lg.get_visible() for lg in fig.legends):
        return []
    return [Problem("panel-legend", f"{_label(ax)} has a legend of its own beside the figure's shared legend")
            for ax in _data_axes(fig)
            if any(not _own(ax, lg) for lg in _axes_legends(ax))]


def _own(ax, legend):
    """Whether ``legend`` is a panel's own by the library's mark: its areas (``own``), or one ``place_legend`` made
    for a panel marked ``own_legend`` (a user's ``ax.legend()`` over it is a second legend)."""
    return note(legend, "own", False) or (note(ax, "own_legend", False) and note(legend, "kwargs") is not None)


def _squeeze_problems(fig, renderer):
    out = []
    for ax in fig.axes:
        if not ax.get_visible() or is_colorbar(ax):
            continue
        kept = kept_sizes(ax)
        if kept is None:
            continue
        for (size, total), side in zip(kept, ("width", "height"), strict=True):
            if size < MIN_CELL_SHARE * total:
                out.append(Problem("squeezed", f"{_label(ax)} keeps {size:.0f} of its cell's {total:.0f} px {side} "
                                               f"({size / total:.0%} < {MIN_CELL_SHARE:.0%})"))
    return out


def _text_problems(fig, renderer):
    texts = _drawn_texts(fig, renderer)
    out = []
    fb = fig.bbox
    for what, box in texts:
        if (box.x0 < fb.x0 - _TOL_PX or box.y0 < fb.y0 - _TOL_PX or box.x1 > fb.x1 + _TOL_PX
                or box.y1 > fb.y1 + _TOL_PX):
            out.append(Problem("text-outside", f"{what} reaches outside the figure ({box.bounds} vs {fb.bounds})"))
    for i, (what_a, a) in enumerate(texts):
        for what_b, b in texts[i + 1:]:
            dx = min(a.x1, b.x1) - max(a.x0, b.x0)
            dy = min(a.y1, b.y1) - max(a.y0, b.y0)
            if dx > _OVERLAP_TOL_PX and dy > _OVERLAP_TOL_PX:
                out.append(Problem("text-overlap", f"{what_a} overlaps {what_b}"))
    return out


def _polygon_area(xy):
    x, y = xy[:, 0], xy[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def _empty_problems(fig, renderer):
    from matplotlib.collections import PolyCollection
    from matplotlib.colors import to_rgba

    out = []
    for ax in _data_axes(fig):
        ab = ax.get_window_extent(renderer)
        box = (ab.x0, ab.y0, ab.x1, ab.y1)
        shown = 0
        line_colors = [to_rgba(line.get_color())[:3] for line in ax.lines if line.get_visible()]
        for artist, xy, joined in _curves(ax):
            if not len(xy):
                continue
            if joined and len(xy) > 1:
                seen = bool(_crossing(np.stack([xy[:-1], xy[1:]], axis=1), box).any())
            else:
                seen = bool(_inside(xy, ab, tol=0.5).any())
            if isinstance(artist, PolyCollection) and len(xy) > 2 and _polygon_area(xy) < 1.0:
                color = tuple(np.asarray(artist.get_facecolor())[0][:3]) if len(artist.get_facecolor()) else None
                label = artist.get_label()
                if label and not label.startswith("_"):  # its legend entry names something nothing shows
                    out.append(Problem("empty", f"the band {label!r} of {_label(ax)} is thinner than a pixel, "
                                                f"yet has a legend entry"))
                elif color is not None and not any(np.allclose(color, c, atol=1e-3) for c in line_colors):
                    out.append(Problem("empty", f"a band of {_label(ax)} is thinner than a pixel and no line of "
                                                f"its colour is drawn"))
                continue
            if not seen and len(xy) > 1 and joined:
                label = artist.get_label()
                if not label.startswith("_"):
                    out.append(Problem("empty", f"the curve {label!r} of {_label(ax)} lies wholly outside its view"))
            shown += seen
        # a histogram or bars: patches drawn inside the view count as shown
        shown += sum(1 for patch in ax.patches if patch.get_visible() and patch is not ax.patch
                     and patch.get_window_extent(renderer).overlaps(ab))
        if not shown:
            out.append(Problem("empty", f"{_label(ax)} shows no curve"))
    return out


def lint_figure(fig, *, checks=KINDS):
    """Draw ``fig`` and return the :class:`Problem` list of the checks named in ``checks`` (all by default).

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.testing import lint_figure
    >>> disp = sp.plot_roc(sp.datasets.example_classifiers())
    >>> lint_figure(disp.figure_)
    []
    """
    unknown = sorted(set(checks) - set(KINDS))
    if unknown:
        raise ValueError(f"checks: unknown kind(s) {', '.join(unknown)}; known: {', '.join(KINDS)}")
    # A widget's paint lock (see widgets/_lock.py): a resize in another thread waits for the draw and its measures
    with note(fig.canvas, "paint_lock") or contextlib.nullcontext():
        fig.canvas.draw()
        fresh = not fig.stale
        try:
            return _problems(fig, set(checks))
        finally:
            if fresh:  # reading the ticks marked them stale: a fresh figure stays fresh (a stale one awaits a draw)
                for artist in (*fig.axes, fig):
                    artist.stale = False


def _problems(fig, wanted):
    renderer = _renderer(fig)
    out = []
    if "legend" in wanted:
        out += _legend_problems(fig, renderer)
    if "panel-legend" in wanted:
        out += _panel_legend_problems(fig)
    if "squeezed" in wanted:
        out += _squeeze_problems(fig, renderer)
    if wanted & {"text-overlap", "text-outside"}:
        out += [p for p in _text_problems(fig, renderer) if p.kind in wanted]
    if wanted & {"text-too-small", "text-glyph"}:
        texts = _drawn_texts(fig, renderer, with_text=True)  # measured once for both
        out += size_problems(texts) if "text-too-small" in wanted else []
        out += glyph_problems(texts) if "text-glyph" in wanted else []
    if "text-data" in wanted:
        out += text_data_problems(fig, renderer)
    if wanted & {"marker-outside", "marker-off-data", "marker-hidden", "marker-clipped", "marker-on-tick"}:
        out += [p for p in marker_problems(fig, renderer) if p.kind in wanted]
    if "empty" in wanted:
        out += _empty_problems(fig, renderer)
    return out


def assert_clean(fig, *, checks=KINDS, ignore=()):
    """Raise AssertionError listing every problem :func:`lint_figure` finds (kinds in ``ignore`` left out)."""
    problems = [p for p in lint_figure(fig, checks=checks) if p.kind not in set(ignore)]
    if problems:
        raise AssertionError(f"{len(problems)} figure lint problem(s):\n" + "\n".join(map(str, problems)))
