"""The AUC table of a saved page (``page_scene``): what each cell is, per state of the controls.

A cell is a constant, a lookup in a list over one control's grid
(``{"by": control, "v": [...]}``), or what the page computes from the
range slider's sums (``{"pbar": ...}``); every number is written as the
kernel's table writes it (``_readout._fmt``).
"""

from __future__ import annotations

from ...skew import SkewRange
from .._readout import _fmt, f_gain, normalized, polyline_area
from ._draw import Params

__all__ = ["page_table"]


def _per_classifier(disp, work):
    """``work(name, pts)`` for every classifier of ``disp``, two at a time (the areas' numpy lets go of the GIL)."""
    from concurrent.futures import ThreadPoolExecutor

    for pts in disp.points.values():
        disp._auc(pts, 0.5)  # the corners, cached once (at a fixed skew: the Display's own may be a weighted range)
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {name: pool.submit(work, name, pts) for name, pts in disp.points.items()}
        return {name: job.result() for name, job in jobs.items()}


def _fixed_aucs(disp, skews):
    """The table's AUCPR and nAUCPR at each skew of the grid, as the kernel writes them."""
    from ...metrics.precision import skew_model_of

    def work(name, pts):
        at = [disp._auc(pts, s) for s in skews]
        return {"at": [_fmt(a) for a in at],
                "n": [_fmt(normalized(a, skew_model_of(pts, s).aucpr_min())) for a, s in zip(at, skews, strict=True)]}

    return _per_classifier(disp, work)


def _range_sums(disp, nodes):
    """``x AUC_P̄[0, x]`` per classifier and ``x AUC_min[0, x]`` at each node of the range slider."""
    from ...metrics.auc import aucpr_integrals

    gmin = [0.0 if x == 0 else x * SkewRange(0.0, x).aucpr_min() for x in nodes]
    g = _per_classifier(disp, lambda name, pts: aucpr_integrals(pts, nodes).tolist())
    return g, gmin


def _envelope_numbers(disp, param, values):
    """F area and gain per F weight (the cost area does not depend on m), as the kernel writes them."""
    rows = {name: {"area": [], "gain": []} for name in disp.lines_}
    for v in values:
        with Params(disp, **{param: v}):
            base = disp._baseline_curves().get("always_positive")
            ap = None if base is None else polyline_area(base[0], base[1])
            for name in disp.lines_:
                area = polyline_area(*disp._envelope_curve(disp._hulls[name][0]))
                rows[name]["area"].append(_fmt(area))
                rows[name]["gain"].append(_fmt(f_gain(area, ap)))
    return rows



def page_table(widget, by):
    """How the page writes the AUC table: the title's parts and, per cell, a constant, a lookup or a formula."""
    d = widget.displays
    if "integrated" in d:  # the explorer
        fixed = _fixed_aucs(d["pr"], by["skew"]["values"])
        g, gmin = _range_sums(d["integrated"], by["skew_range"]["values"])
        fnum = _envelope_numbers(d["fmeasure"], "f_alpha", by["f_alpha"]["values"])
        rows = {}
        for name in d["pr"].points:
            roc = widget._roc_auc[name]
            rows[name] = [{"by": "skew", "v": fixed[name]["at"]}, {"by": "skew", "v": fixed[name]["n"]},
                          {"pbar": g[name]}, {"pbar": g[name], "norm": True}, {"v": _fmt(roc)},
                          {"v": _fmt(d["cost"].envelope_area(name))}, {"by": "f_alpha", "v": fnum[name]["area"]}]
        title = ["π′ = ", {"c": "skew"}, ", range [", {"c": "skew_range", "end": 0}, ", ",
                 {"c": "skew_range", "end": 1}, "], f_alpha = ", {"c": "f_alpha"}, ", m = ", {"c": "m"}]
        return {"title": title, "columns": list(next(iter(widget.readouts_.values()))), "rows": rows, "gmin": gmin}
    if "pr" in d and isinstance(d["pr"].skew, SkewRange):  # interactive_integrated_pr
        g, gmin = _range_sums(d["pr"], by["skew_range"]["values"])
        rows = {name: [{"pbar": g[name]}, {"pbar": g[name], "norm": True}] for name in d["pr"].points}
        title = ["AUC under P̄-R, π′ ∈ [", {"c": "skew_range", "end": 0}, ", ", {"c": "skew_range", "end": 1},
                 "] (", {"c": "weighting"} if "weighting" in by else "uniform", ")"]
        return {"title": title, "columns": ["AUC", "nAUC"], "rows": rows, "gmin": gmin}
    if "pr" in d:  # interactive_pr (a threshold control's ranks are too many states for frames)
        fixed = _fixed_aucs(d["pr"], by["skew"]["values"])
        rows = {name: [{"by": "skew", "v": fixed[name]["at"]}, {"by": "skew", "v": fixed[name]["n"]}]
                for name in d["pr"].points}
        return {"title": ["AUCPR at π′ = ", {"c": "skew"}], "columns": ["AUC", "nAUC"], "rows": rows}
    disp, param = d[widget.kind], widget.param_name
    rows = {}
    if widget.kind == "cost":
        for name in disp.lines_:
            area = disp.envelope_area(name)
            rows[name] = [{"v": _fmt(area)}, {"v": _fmt(1.0 - area / 0.25)}, {"marker": widget.kind}]
        columns = ["area", "gain", "NEC at π′"]
    else:
        fnum = _envelope_numbers(disp, param, by[param]["values"])
        rows = {name: [{"by": param, "v": fnum[name]["area"]}, {"by": param, "v": fnum[name]["gain"]},
                       {"marker": widget.kind}] for name in disp.lines_}
        columns = ["area", "gain", "F at π′"]
    title = [f"{widget.title}: {param} = ", {"c": param}, ", π′ = ", {"c": "skew"}]
    return {"title": title, "columns": columns, "rows": rows}
