"""A multi-control widget saved as a page that draws its moving curves itself, from closed forms.

Design
------
A widget whose controls reach too many states to pre-render (the explorer:
skew x skew range x F weight x cost weight; the cost and F widgets: skew x
weight, about 20 000 states; ``interactive_integrated_pr``: the range's
(lo, hi) pairs times its weightings) is saved as *layers*:

- **static pixels, rendered by matplotlib once**: the figure with every
  artist a control moves hidden (one PNG), one crop per panel and per set of
  limits an axis takes over the sliders' grids (the log precision floor
  follows the baseline, the log cost floor the lowest marker; each state's
  crop is looked up in a table computed with the Display's own limit rules),
  and a transparent layer of what lies above the curves (spines, a panel's
  own legend).  Ticks, tick labels, static labels and the shared legend are
  therefore matplotlib's own pixels;
- **the data the closed forms need, once**: per classifier the ROC vertices
  the PR panels draw (already thinned by ``pr_vertices`` to what the pixels
  separate, its first point exact), the ROC convex hull (the cost and F
  envelopes, and their markers, are exact functions of it), the points
  that get a thin line, the PRG panel's vertices thinned once for every
  skew (``_prg.py``), the Displays' x grids, every artist's colour, width,
  dashes and z-order, and each panel's data-to-pixel transform;
- **the table's numbers that depend on one control**, as the kernel's
  strings (AUCPR and nAUCPR at each skew of the grid, the F area and gain at
  each weight); the range columns from two cumulative sums per range node,
  ``G(x) = x AUC_P̄[0, x]`` and ``x AUC_min[0, x]`` (by Fubini the area over
  ``[lo, hi]`` is ``(G(hi) - G(lo)) / (hi - lo)``, to ~1e-13; a weighted
  range from sums per gap, ``_weighted.py``); the marker columns from
  the hull, with the kernel's expression.

A step then runs the closed forms in the page (precision at π′, P̄ over a
range, the cost and F lines, envelopes, crossings and markers; the JS module
``runtime/closed_forms.js``, each function naming the Python function it
mirrors) and draws on a canvas over the static pixels: a few ms for 2 x 1e6
scores (the page's scripts and their order: ``_SCRIPTS``).  Why not
frames: a frame per state of a product of controls is millions of frames;
a frame per control value does not compose (the cost marker depends on
the skew *and* the weight).  Why not the curves per
control value as data: the thin lines times the weight grid are millions of
vertices, where the closed forms are one line each.  The price: the moving
text (titles, the marker's label, an axis label naming the weight) is drawn
by the browser's font at matplotlib's place and size, not with
matplotlib's glyphs; a panel's own legend stays where the starting state
put it (the live one may move when the curves move; its changing texts,
the areas and the baseline's skew, are written by the page); the curves are drawn
by the canvas' antialiasing, within half a pixel of matplotlib's vertices
(checked by the browser suite).
"""

from __future__ import annotations

import math

import numpy as np

from ..._progress import bar
from ...plotting._axes import fitted_titles, tick_state
from ...plotting._compat import text_sizes_kept, ticks_laid_out_once
from ...plotting.layout._legend import entry_labels, split_of
from ...skew import FixedSkew, SkewRange
from ...skew.base import skew_text
from ..threshold import _OWN as THRESHOLD_CONTROLS
from ._draw import (
    axis_texts,
    envelope_item,
    envelope_limits,
    line_style,
    panel_box,
    pr_item,
    pr_limits,
    text_style,
    variants,
)
from ._draw import scene_artists as scene_artists
from ._label import marker_label
from ._layers import layers
from ._prg import prg_item
from ._shell import control_grid, page_html, read_text, readout_text, with_live_values, write_page
from ._table import page_table
from ._threshold import threshold_scene
from ._weighted import range_states, weightings

__all__ = ["scene", "save_scene", "range_nodes", "scene_artists"]

# The page's scripts, joined into one in this order: as each loads it adds its part to window.skewplotPage and reads
# only what the ones before it added (the closed forms, page.cf; the state, page.idx, .data, .controls and page.api;
# the marks' sharing, page.api.share; the drawing; the paint loop and the controls; the marker's label; the threshold
# control).  Paints start once all have loaded, so a paint also runs what later ones added (page.fitLabel, page.over,
# page.tables).
_SCRIPTS = ("interval.js", "closed_forms.js", "state.js", "share.js", "draw.js", "scene.js",
            "label.js", "threshold.js")


def range_nodes(control):
    """The values one end of a skew-range slider steps through (linear, or a ``LogRangeSlider``'s, 0 first)."""
    import ipywidgets as widgets

    if isinstance(control, widgets.FloatRangeSlider):
        n = int(math.floor((control.max - control.min) / control.step + 1e-9))
        values = with_live_values([control.min + k * control.step for k in range(n + 1)], control.value)
        return values, [readout_text(v, control.readout_format or ".2f") for v in values]
    s = control.slider_
    n = int(math.floor((s.max - s.min) / s.step + 1e-9))
    pos = [s.min + k * s.step for k in range(n + 1)]
    values = [0.0 if p <= control._zero + 0.5 * control._step else min(10.0 ** p, control.max) for p in pos]
    values = with_live_values(values, control.value)
    return values, ["0" if v == 0 else f"{v:.3g}" for v in values]


def _nearest(values, value):
    return int(np.argmin(np.abs(np.asarray(values, dtype=float) - float(value))))


def _slider(name, control):
    values, labels = control_grid(control)
    return {"name": name, "kind": "slider", "label": control.description, "values": values, "labels": labels,
            "texts": [skew_text(v) for v in values] if name == "skew" else [f"{v:.2f}" for v in values],
            "start": _nearest(values, control.value)}


def _range(name, control):
    values, labels = range_nodes(control)
    lo, hi = control.value
    i, j = _nearest(values, lo), _nearest(values, hi)
    return {"name": name, "kind": "range", "label": control.description, "values": values, "labels": labels,
            "texts": [skew_text(v) for v in values], "start": [min(i, j - 1), j] if j > 0 else [0, 1]}


def _controls(widget):
    import ipywidgets as widgets

    out = []
    for name, control in widget.controls.items():
        if name in THRESHOLD_CONTROLS:
            continue  # the threshold control's own (``_threshold``, ``runtime/threshold.js``)
        if isinstance(control, (widgets.FloatSlider, widgets.FloatLogSlider)):
            out.append(_slider(name, control))
        elif name == "skew_range":
            out.append(_range(name, control))
        elif isinstance(control, widgets.Dropdown) and len(control.options) == 1:
            continue  # nothing to choose (interactive_integrated_pr's weighting without a weight)
        elif name == "weighting":  # P̄'s weighting: uniform, or a density by quadrature per gap (_weighted)
            labels = [str(o) for o in control.options]
            out.append({"name": name, "kind": "choice", "label": control.description, "values": labels,
                        "labels": labels, "texts": labels, "start": labels.index(control.value)})
        else:
            raise ValueError(f"save_html cannot draw the control {name!r} ({type(control).__name__}) in the page yet")
    return out


_DRAWN = ("pr", "prg", "integrated", "cost", "fmeasure", "roc", "aucpr_vs_skew")


def scene(widget):
    """Everything the page needs to draw ``widget`` at any state of its controls (JSON-able, images as data URLs)."""
    if not widget._page_draws_curves:
        raise ValueError(f"save_html draws {type(widget).__name__} from pre-rendered frames only")
    other = sorted(set(widget.displays) - set(_DRAWN))
    if other:
        raise ValueError(f"save_html cannot draw {' and '.join(other)} in the page yet; build the widget without")
    fig, d = widget.figure, widget.displays
    height = int(round(fig.bbox.height))
    renderer = fig.canvas.get_renderer()
    controls = _controls(widget)
    by = {c["name"]: c for c in controls}
    skews = by["skew"]["values"] if "skew" in by else []
    panels = []
    for key in ("pr", "integrated"):
        if key not in d:
            continue
        disp = d[key]
        if isinstance(disp.skew, SkewRange):  # P̄ over the range slider's (lo, hi), the page's table by pair
            choice = weightings(widget)
            models, means, weighted = range_states(disp, by["skew_range"]["values"], choice)
            item, control = pr_item(disp, "skew_range"), ["skew_range", *(["weighting"] if choice else [])]
        else:
            item, means, control = pr_item(disp, "skew"), skews, ["skew"]
            models = [FixedSkew(v) for v in skews]
        item["titles"] = fitted_titles(disp.ax_, [None if m is None else m.describe() for m in models])
        if disp.ax_.get_legend() is not None:  # the panel's own legend: the page writes its changing texts
            item["legend"] = _legend_texts(disp, renderer, height)
        panels.append(_panel_spec(key, disp, item, control, pr_limits(disp, means), disp.ax_.title, renderer,
                                  height))
    if "prg" in d:  # the gains at the skew slider's value: the curve clipped and mapped in the page
        disp = d["prg"]
        item = prg_item(disp, skews, line_style)
        panels.append(_panel_spec("prg", disp, item, ["skew"], [tuple(disp.ax_.get_ylim())], disp.ax_.xaxis.label,
                                  renderer, height))
    for kind, param in (("cost", "m"), ("fmeasure", "f_alpha")):
        if kind in d:
            disp = d[kind]
            pvalues = by[param]["values"]
            item = envelope_item(disp, kind, param, "skew")
            item["axis_texts"] = axis_texts(disp, kind, param, pvalues)
            item["marker_text"] = marker_label(disp, renderer, height)  # placed off the curves as the kernel's
            label = disp.ax_.xaxis.label if kind == "cost" else disp.ax_.yaxis.label
            limits, costs = envelope_limits(disp, skews, param, pvalues)
            panels.append(_panel_spec(kind, disp, item, ["skew", param], limits, label, renderer, height, costs))
    if hasattr(widget, "skew_line_"):
        ax = widget.skew_line_.axes
        item = {"kind": "marks", "line": line_style(widget.skew_line_, fig.dpi),
                "span": line_style(widget.range_span_, fig.dpi)}
        panels.append({"key": "aucpr_vs_skew", "panel": panel_box(ax, height), "item": item, "by": [],
                       "variants": [None], "table": None})
    images, static = layers(widget, panels, height)
    table = page_table(widget, by)
    if "integrated" not in d and "skew_range" in by:  # a weighting's sums, for the panel and the table
        table["weighted"] = weighted
    return {"controls": controls, "panels": panels, "table": table, "layers": static,
            "buttons": _buttons_of(widget, by), "width": int(round(fig.bbox.width)), "height": height,
            "threshold": threshold_scene(widget, height)}, images


def _legend_texts(disp, renderer, height):
    """The texts of a PR panel's legend that follow the controls (a curve's area, the random baseline's skew)."""
    out = []
    legend = disp.ax_.get_legend()
    labels = {line.get_label(): ("auc", name) for name, line in disp.lines_.items()}
    labels[disp.baselines_["random"].get_label()] = ("random", None)
    split = split_of(legend)  # a small figure's strip of curves, its key inside the panel
    shown = [pair for lg in (legend, *([split[2]] if split else []))
             for pair in zip(lg.get_texts(), entry_labels(lg), strict=False)]
    for text, label in shown:
        kind = labels.get(label)
        if kind is not None:
            style = text_style(text, renderer, height)
            lines = text.get_text().split("\n")  # a strip's wrapped entry: the name's lines, then the numbers'
            head = {"head": lines[:-1]} if kind[0] == "auc" and len(lines) > 1 else {}
            out.append({**style, **head, "what": kind[0], "name": kind[1], "_text": text})
    return out


def _panel_spec(key, disp, item, by, limits, text, renderer, height, costs=None):
    item["text"] = text_style(text, renderer, height)
    spec = {"key": key, "panel": panel_box(disp.ax_, height), "item": item, "by": by, "_ax": disp.ax_}
    if isinstance(limits[0][0], tuple) and disp._grow_only():
        return {**spec, **_grow_only(disp, limits, costs)}
    distinct, index = variants(limits)
    return {**spec, "variants": [{"xlim": list(lim[0]), "ylim": list(lim[1])} if isinstance(lim[0], tuple)
                                 else {"ylim": list(lim)} for lim in distinct],
            "table": index if len(distinct) > 1 else None, "_limits": distinct}


def _grow_only(disp, limits, costs=None):
    """A cost or F axis in a widget: its left end and bottom only ever move down (``EnvelopeDisplay._grow_only``).

    The page keeps the lowest left end seen so far, as the live Display does, starting from the axis'
    limits now: the table gives each state's own left end as an index into the descending list of
    ends.  F's bottom is fixed.  The cost axis' bottom is ``cost_axis_floor`` of the *lowest left end
    seen* and the state's markers' costs, then the lowest bottom seen (``CostDisplay._y_floor``): the
    states fall into a few classes by ``cost_axis_floor(inf, costs)`` (the markers' decade, inf
    without a marker), and ``classes[c][i]`` is the bottom of class ``c`` at left end ``i``, an index
    into the descending list of bottoms.  A state's table entry is ``i * len(classes) + c``.  The
    variants are the (left end, bottom) pairs, a layer rendered for each the page can reach (both at
    or below today's ends).
    """
    from ...plotting.cost import cost_axis_floor

    (x_now, x1), (y_now, y1) = disp.ax_.get_xlim(), disp.ax_.get_ylim()

    def key(v):  # one per end the pixels can tell apart (1e-06 and 1.0000000000000002e-06 are one)
        return float(f"{v:.12g}")

    def ends(values):
        return {key(v): v for v in sorted(values, reverse=True)}

    xs = ends({lim[0][0] for lim in limits} | {x_now})
    where_x = {x: k for k, x in enumerate(xs)}
    if costs is None:
        ys, cls, rows = ends({lim[1][0] for lim in limits} | {y_now}), [0] * len(limits), None
    else:  # the bottom at every left end the page can reach, per class of states
        reps, classes = {}, [key(cost_axis_floor(np.inf, c)) for c in costs]
        for floor, c in zip(classes, costs, strict=True):
            reps.setdefault(floor, (len(reps), c))
        cls = [reps[floor][0] for floor in classes]
        rows = [[cost_axis_floor(x, c) for x in xs.values()] for _, c in reps.values()]
        ys = ends({y for row in rows for y in row} | {y_now})
    where_y = {y: k for k, y in enumerate(ys)}
    x_now, y_now = key(x_now), key(y_now)
    if costs is None:
        table = [where_x[key(lim[0][0])] * len(ys) + where_y[key(lim[1][0])] for lim in limits]
        grow = {"ny": len(ys), "start": [where_x[x_now], where_y[y_now]]}
    else:
        table = [where_x[key(lim[0][0])] * len(rows) + c for lim, c in zip(limits, cls, strict=True)]
        grow = {"ny": len(ys), "start": [where_x[x_now], where_y[y_now]],
                "classes": [[where_y[key(y)] for y in row] for row in rows]}
    pairs = [((x, x1), (y, y1)) for x in xs for y in ys]
    reach = [x <= x_now and y <= y_now for x in xs for y in ys]
    if len(pairs) == 1:
        return {"variants": [{"xlim": [x_now, x1], "ylim": [y_now, y1]}], "table": None, "_limits": pairs}
    return {"variants": [{"xlim": list(p[0]), "ylim": list(p[1])} for p in pairs], "table": table,
            "grow": grow, "_limits": pairs, "_reach": reach}


def _buttons_of(widget, by):
    out = []
    if "skew" not in by:
        return out
    values = by["skew"]["values"]
    for attr in ("reset", "go_to_estimate"):
        button, target = getattr(widget, attr, None), widget._button_skews.get(attr)
        if button is None or button.disabled or target is None:
            continue
        k = _nearest(values, target)
        if abs(values[k] - target) <= 1e-9 * target:
            out.append({"label": button.description, "control": "skew", "index": k})
    return out


def save_scene(widget, path, title, progress=False):
    """Write the page of ``widget`` that draws its curves itself; returns what ``save_html`` reports."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    with bar(3, "save_html", progress, unit="step") as shown:  # the scene, the page's text, the file
        with widget._paint_lock:
            try:
                data, images = scene(widget)
            finally:
                # a full draw: the frames' cached layers saw the page's artists hidden while the static layers
                # rendered (its ticks and texts laid out once, as the widget's own full draws)
                with ticks_laid_out_once(widget.figure, tick_state), text_sizes_kept(widget.figure):
                    FigureCanvasAgg.draw(widget.figure.canvas)
        shown.update(1)
        data["images"] = images
        script = "".join(map(read_text, _SCRIPTS))
        text = page_html(data, script, title)
        shown.update(1)
        write_page(path, text)
        shown.update(1)
    states = math.prod(len(c["values"]) * ((len(c["values"]) - 1) // 2 if c["kind"] == "range" else 1)
                       for c in data["controls"])
    return {"states": states, "bytes": len(text.encode("utf-8")), "drawn": True, "images": len(images)}
