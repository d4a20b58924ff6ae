"""What a page saved by ``save_html`` draws itself.

:mod:`skewplot.widgets.page.scene` explains the design.  Here: each artist's
style as the canvas needs it (colour, width and dashes in pixels, z-order),
the data of the PR, cost and F panels, the keys of the artists the page
draws (the browser suite compares them one by one) and the limits each
panel takes at every state (the Displays' own rules).  The static pixels
under and over them: :mod:`skewplot.widgets.page._layers`.
"""

from __future__ import annotations

import re

import numpy as np

from ...plotting._axes import precision_floor
from ...plotting._compat import dash_pattern
from ...plotting.layout._markers import PIE_BASE, PIE_EDGE_PT, PIE_GROW, PIE_MAX, base_look, near_px

__all__ = ["scene_artists", "line_style", "text_style", "panel_box", "pr_item", "envelope_item", "pr_limits",
           "envelope_limits", "variants", "axis_texts", "rgba", "Params"]

def rgba(color, alpha=None):
    from matplotlib.colors import to_rgba

    r, g, b, a = to_rgba(color, alpha)
    return f"rgba({round(255 * r)},{round(255 * g)},{round(255 * b)},{a:.4g})"


def line_style(artist, dpi):
    """Colour, width (px), dashes (px) and z-order of a Line2D, a LineCollection or a patch."""
    from matplotlib.collections import Collection
    from matplotlib.lines import Line2D

    px = dpi / 72.0
    if isinstance(artist, Line2D):
        offset, seq = dash_pattern(artist, scaled=True)
        style = {"color": rgba(artist.get_color(), artist.get_alpha()), "lw": artist.get_linewidth() * px,
                 "dash": None if seq is None else [s * px for s in seq]}
        if artist.get_marker() not in (None, "None", "none", ""):
            # its own look (not a wedge of share_markers): the page shares the marks out as the kernel does
            look = base_look(artist)
            style.update(r=look["ms"] * px / 2, mfc=rgba(look["mfc"]), mec=rgba(look["mec"]), mew=look["mew"] * px)
    elif isinstance(artist, Collection):
        edge = artist.get_edgecolor()
        face = artist.get_facecolor()
        style = {"color": rgba(edge[0]) if len(edge) else None, "fill": rgba(face[0]) if len(face) else None,
                 "lw": float(artist.get_linewidths()[0]) * px if len(artist.get_linewidths()) else 0.0, "dash": None}
    else:  # a patch (axvspan)
        style = {"color": None, "fill": rgba(artist.get_facecolor()), "lw": 0.0, "dash": None}
    style["z"] = float(artist.get_zorder())
    return style


def text_style(text, renderer, height):
    """Where and how a Text is drawn: its box in canvas pixels, size (px), colour, rotation, alignment."""
    box = text.get_window_extent(renderer)
    return {"box": [box.x0, height - box.y1, box.width, box.height], "size": text.get_fontsize() * text.figure.dpi / 72,
            "color": rgba(text.get_color()), "rot": float(text.get_rotation()), "ha": text.get_horizontalalignment(),
            "y": float(text.get_position()[1])}


def panel_box(ax, height):
    """The data-to-pixel transform of ``ax``: its box (canvas pixels, y down), limits and scales."""
    b = ax.bbox
    return {"box": [b.x0, height - b.y1, b.width, b.height], "xlim": list(ax.get_xlim()), "ylim": list(ax.get_ylim()),
            "xlog": ax.get_xscale() == "log", "ylog": ax.get_yscale() == "log"}


def _rates(pts):
    return {"tpr": np.asarray(pts.tpr, dtype=float).tolist(), "fpr": np.asarray(pts.fpr, dtype=float).tolist()}


def pr_item(disp, control):
    """A PR or P̄-R panel: the vertices it draws, per classifier, and its artists' styles."""
    from ...metrics.precision import curve_rates

    if disp.interpolation != "continuous" or disp.color_by_threshold or disp.iso_f or disp.bands_ or disp.normalize:
        raise ValueError("save_html draws PR panels with continuous interpolation, no bands, iso-F or colour "
                         "by threshold; this widget's PR panel has other options")
    dpi = disp.figure_.dpi
    curves = {}
    for name, pts in disp.points.items():
        reduced = disp._reduced.get(id(pts), pts)
        lim_t, lim_f = curve_rates(reduced)
        off = np.flatnonzero(pts.tpr > 0)
        curves[name] = {**_rates(reduced), "limit": [float(lim_t[0]), float(lim_f[0])],
                        "r0": float(pts.tpr[off[0]]) if off.size else 0.0,
                        "style": line_style(disp.lines_[name], dpi)}
    base = disp.baselines_
    return {"kind": "pr", "control": control, "curves": curves,
            "random": line_style(base["random"], dpi), "min": line_style(base["min"], dpi),
            "fill": line_style(base["unachievable"], dpi),
            "grid": np.linspace(0.0, 1.0, 401).tolist()}


def envelope_item(disp, kind, param_control, skew_control):
    """A cost or F panel: hulls, the points with a thin line, grids, styles."""
    from ...metrics.precision import curve_rates

    if any(isinstance(v, list) for v in disp.points.values()) or disp.ci or disp.bands_:
        raise ValueError("save_html draws cost and F panels of single classifiers (no folds, no bootstrap band)")
    if kind == "cost" and getattr(disp, "operating_range", False):
        raise ValueError("save_html does not draw the cost space's operating ranges")
    dpi = disp.figure_.dpi
    curves = {}
    for name in disp.lines_:
        hull = disp._hulls[name][0]
        item = {"hull": _rates(hull), "style": line_style(disp.lines_[name], dpi),
                "marker": line_style(disp.markers_[name], dpi)}
        if name in disp.point_lines_:
            drawn = disp._drawn[name]
            lim_t, lim_f = curve_rates(drawn)
            item["thin"] = {**_rates(drawn), "limit": [float(lim_t[0]), float(lim_f[0])]}
            item["thin_style"] = line_style(disp.point_lines_[name], dpi)
        curves[name] = item
    out = {"kind": kind, "param": param_control, "control": skew_control, "curves": curves,
           "grid": np.asarray(disp._grid(), dtype=float).tolist(), "log": bool(disp.log_skew),
           "baselines": {k: line_style(v, dpi) for k, v in disp.baselines_.items()},
           "skew_line": line_style(disp.skew_line_, dpi), "near_px": near_px(dpi),
           "pie": {"base": PIE_BASE, "grow": PIE_GROW, "max": PIE_MAX,
                   "edge": PIE_EDGE_PT * dpi / 72.0}}
    if kind == "cost":
        out["x_axis"] = disp.x_axis
    return out


def scene_artists(widget):
    """``{key: artist}`` of every artist the page draws itself (the browser suite compares them key by key)."""
    d, out = widget.displays, {}
    for panel, disp in d.items():
        if panel in ("pr", "integrated"):
            for name, line in disp.lines_.items():
                out[f"{panel}/curve/{name}"] = line
            out[f"{panel}/min"] = disp.baselines_["min"]
            out[f"{panel}/random"] = disp.baselines_["random"]
        elif panel == "prg":
            for name, line in disp.lines_.items():
                out[f"{panel}/curve/{name}"] = line
        elif panel in ("cost", "fmeasure"):
            for name, line in disp.lines_.items():
                out[f"{panel}/envelope/{name}"] = line
                out[f"{panel}/marker/{name}"] = disp.markers_[name]
                if name in disp.point_lines_:
                    out[f"{panel}/thin/{name}"] = disp.point_lines_[name]
            for key, line in disp.baselines_.items():
                out[f"{panel}/base/{key}"] = line
            out[f"{panel}/skewline"] = disp.skew_line_
    if hasattr(widget, "skew_line_"):
        out["aucpr_vs_skew/skewline"] = widget.skew_line_
        out["aucpr_vs_skew/span"] = widget.range_span_
    keys = {id(disp): key for key, disp in d.items()}
    for marker in getattr(getattr(widget, "threshold_control", None), "markers", ()):  # the threshold's marks
        for name, line in marker.points_.items():
            out[f"{keys[id(marker.display)]}/threshold/{name}"] = line
    return out


class Params:
    """Set attributes of a Display for a moment (the limits and numbers of a state no frame is painted for)."""

    def __init__(self, disp, **params):
        self.disp, self.params = disp, params

    def __enter__(self):
        self.old = {k: getattr(self.disp, k) for k in self.params}
        for k, v in self.params.items():
            setattr(self.disp, k, v)
        return self.disp

    def __exit__(self, *exc):
        for k, v in self.old.items():
            setattr(self.disp, k, v)


def pr_limits(disp, means):
    """The y limits of a PR panel at each mean skew: its log floor below the baseline and the widget's floor skew.

    The Display's rule (``precision_floor`` of ``_floor_mean``), evaluated once per distinct mean.
    """
    if not disp.log_precision:
        return [tuple(disp.ax_.get_ylim())] * len(means)
    floors = {}
    for m in dict.fromkeys(means):
        if 0 < m < 1:  # (an empty range's mean, never shown, may be 0)
            with Params(disp, skew=float(m)):
                floors[m] = (precision_floor(disp._floor_mean()), 1.05)
    some = next(iter(floors.values()))
    return [floors.get(m, some) for m in means]


def envelope_limits(disp, skews, param, values):
    """The (x, y) limits of a cost or F panel at every (skew, weight): rows by skew, the weight fastest.

    The Display's own rules (``log_axis_start`` of ``_axis_low``, ``cost_axis_floor`` of the markers'
    costs), the markers' costs computed for all skews of the grid at once.  Also returned: each state's
    markers' costs (None for F), from which an axis whose ends only grow takes its floor.
    """
    from ...plotting.cost import COST_TOP, cost_axis_floor
    from ...plotting.envelope import log_axis_start

    fixed = (tuple(disp.ax_.get_xlim()), tuple(disp.ax_.get_ylim()))
    cost = hasattr(disp, "_y_floor")
    if not disp.log_skew:
        return [fixed] * (len(skews) * len(values)), None
    grid = np.asarray(skews, dtype=float)
    table, costs = np.empty((2, len(skews), len(values)), dtype=object)
    start_of = {}  # the left end by the marker's x, which it depends on alone (F's x is the skew, whatever the weight)
    for k, v in enumerate(values):
        with Params(disp, **{param: v}):
            xs = np.asarray(disp._x_of_skew(grid), dtype=float) * np.ones_like(grid)  # the markers' x
            starts = []
            for x in xs.tolist():
                if x not in start_of:
                    start_of[x] = log_axis_start(disp._axis_low(x))
                starts.append(start_of[x])
            if cost:
                marks = np.column_stack([disp._envelope_at(disp._hulls[name][0], xs) for name in disp._hulls]).tolist()
        for j, start in enumerate(starts):
            costs[j, k] = marks[j] if cost else None
            y = (cost_axis_floor(start, costs[j, k]), COST_TOP) if cost else fixed[1]
            table[j, k] = ((start, 1.0), y)
    return list(table.ravel()), (list(costs.ravel()) if cost else None)


def variants(limits):
    """Distinct limit sets, and the index of each state's."""
    distinct = list(dict.fromkeys(limits))
    index = {lim: k for k, lim in enumerate(distinct)}
    return distinct, [index[lim] for lim in limits]


def _plain(label):
    """A mathtext label as the page's canvas writes it (``$\\pi'$`` -> ``π′``; one-character subscripts)."""
    sub = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
    text = label.replace("\\pi", "π").replace("\\alpha", "α").replace("\\beta", "β").replace("'", "′")
    text = re.sub(r"_\{?([0-9]+)\}?", lambda m: m.group(1).translate(sub), text)
    return re.sub(r"_\{?([^{}$]+)\}?", r"\1", text).replace("$", "")


def axis_texts(disp, kind, param, values):
    """The weight-naming axis label at each weight, as the kernel sets it (long, or short when too wide)."""
    out = []
    label = disp.ax_.xaxis.label if kind == "cost" else disp.ax_.yaxis.label
    old = label.get_text()
    for v in values:
        extra = {} if kind == "cost" else {"beta": disp.beta if v == disp.f_alpha else None}
        with Params(disp, **{param: v}, **extra):
            if kind == "cost":
                out.append(disp._xlabel())
            else:
                out.append(_plain(disp._ylabel()))
    if kind == "cost":  # the kernel's rule (``_set_labels``): the short label where the long one is too wide
        from ...plotting.layout._legend import _renderer

        def wide(text):
            label.set_text(text)
            return label.get_window_extent(_renderer(disp.figure_)).width > 0.8 * disp.ax_.bbox.width

        longest = max(out, key=len)
        if wide(longest):
            short = {}
            for k, v in enumerate(values):
                with Params(disp, m=v):
                    short[k] = disp._xlabel(short=True)
            out = [short[k] if wide(text) else text for k, text in enumerate(out)]
        label.set_text(old)
    return [_plain(text) for text in out]
