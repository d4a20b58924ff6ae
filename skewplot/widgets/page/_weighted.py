"""A saved page's P̄ under a weighted skew range: a quadrature rule per gap of the range slider, sums per node.

A weighted range ``[lo, hi]`` (``SkewRange(lo, hi, weight=w)``) averages
precision with the density ``w`` renormalised on the range [L §4.3.2].  Its
ends are nodes of the range slider, so every range the page can show is a
run of the gaps between nodes.  Each gap gets a rule of its own whose
weights integrate ``w`` over that gap (not normalised, so the gaps of a
range add up): Gauss-Legendre panels graded towards 0 and 1, where
precision changes fastest (``skewplot.skew.quadrature.graded_rule``),
split further until the rule's mass of ``w`` agrees with a rule of twice
the order to 1e-10 of the gap's mass (a density that varies within the
gap).  The page then evaluates, for the range of nodes ``i < j``,

- P̄ at a ROC point: ``Σ w_k P(π_k) / Σ w_k`` over the rules of the gaps
  ``i .. j - 1`` (``SkewModel.precision``: its nodes' weighted mean);
- the mean skew (random baseline, log floor) and the table's areas from
  sums per gap: ``W``, ``Σ w π``, ``Σ w AUCPR(π)`` and ``Σ w AUCPR_min(π)``,
  each range's value the sum over its gaps over that of ``W`` (by Fubini the
  area under P̄-R is the weighted mean of the areas at each skew, as
  ``SkewModel.aucpr`` computes it).  Not differences of cumulative sums: a
  range in the density's tail holds 1e-37 of its mass, which a difference
  of two totals near 1 loses.
"""

from __future__ import annotations

import numpy as np

__all__ = ["gap_rules", "weighted_sums"]

_TOL = 1e-10


def _rule(density, a, b, parts, m):
    from ...skew.quadrature import graded_rule
    from ...skew.ranges import _weight_values

    edges = np.linspace(a, b, parts + 1)
    rules = [graded_rule(lo, hi, m=m, max_levels=24) for lo, hi in zip(edges[:-1], edges[1:], strict=True)]
    pi, w = np.concatenate([r[0] for r in rules]), np.concatenate([r[1] for r in rules])
    try:
        return pi, w * _weight_values(density, pi)
    except ValueError:  # zero throughout the gap: no mass there (a range of such gaps is refused, as live)
        return pi, np.zeros_like(w)


def gap_rules(density, nodes):
    """Per gap between the range slider's ``nodes``: nodes in π′ and weights whose sum is ``∫ density`` there.

    Returns ``(pi, w, start)``: the nodes of every gap in order, ``start[g]`` the first node of gap ``g``
    (``start[-1]`` their number).
    """
    pis, ws, start = [], [], [0]
    for a, b in zip(nodes[:-1], nodes[1:], strict=True):
        for parts in (1, 2, 4, 8, 16, 32, 64):
            pi, w = _rule(density, a, b, parts, 8)
            fine = _rule(density, a, b, parts, 16)[1].sum()
            if abs(w.sum() - fine) <= _TOL * max(abs(fine), 1e-300):
                break
        keep = w > 0
        pis.append(pi[keep])
        ws.append(w[keep])
        start.append(start[-1] + int(keep.sum()))
    return np.concatenate(pis), np.concatenate(ws), start


def weighted_sums(points, density, nodes, area):
    """The page's data of one weighting: the rules and the sums per gap of the slider's nodes.

    ``area(pts, skews)``: the AUCPR of ``pts`` at fixed skews (``aucpr_at_skews``).
    """
    from concurrent.futures import ThreadPoolExecutor

    from ...skew.formulas import aucpr_min_at

    pi, w, start = gap_rules(density, nodes)

    gap = np.repeat(np.arange(len(nodes) - 1), np.diff(start))

    def per_gap(values):
        return np.bincount(gap, w * values, minlength=len(nodes) - 1).tolist()

    with ThreadPoolExecutor(max_workers=2) as pool:  # two classifiers at a time (the areas' numpy lets go of the GIL)
        jobs = {name: pool.submit(area, pts, pi) for name, pts in points.items()}
        g = {name: per_gap(job.result()) for name, job in jobs.items()}
    return {"pi": pi.tolist(), "w": w.tolist(), "start": start, "gw": per_gap(np.ones_like(pi)), "gm": per_gap(pi),
            "gmin": per_gap(aucpr_min_at(pi)), "g": g}


def weightings(widget):
    """``[(label, weight or None), ...]`` of a widget's weighting choice (``interactive_integrated_pr``), else None."""
    control = widget.controls.get("weighting")
    if control is None or len(control.options) < 2:
        return None
    return [(label, widget.weights[label]) for label in control.options]


def range_states(disp, nodes, choice):
    """Every state of (range, weighting) of a P̄-R panel: its model (None where ``lo >= hi``) and mean skew.

    States are ordered as the page indexes them: range pairs ``(i, j)`` row by row, the weighting fastest.
    Also returned: the sums of each weighted option (``weighted_sums``), keyed by its index.
    """
    from ...metrics.auc import aucpr_at_skews
    from ...skew import SkewRange

    options = choice or [(None, disp.skew.weight)]
    sums = {k: weighted_sums(disp.points, SkewRange(0.0, 1.0, weight=weight)._density, nodes, aucpr_at_skews)
            for k, (_, weight) in enumerate(options) if weight is not None}
    means = {k: _range_means(s["gm"], s["gw"]) for k, s in sums.items()}
    models, mids = [], []
    for i, a in enumerate(nodes):
        for j, b in enumerate(nodes):
            for k, (_, weight) in enumerate(options):
                models.append(SkewRange(a, b, weight=weight) if a < b else None)
                mean = means[k].get((i, j)) if k in means else None
                mids.append(0.5 * (a + b) if mean is None else mean)
    return models, mids, sums


def _range_means(gm, gw):
    """``{(i, j): Σ w π / Σ w}`` over the gaps ``i .. j - 1``, summed from ``i`` up as the page sums them."""
    out = {}
    for i in range(len(gw)):
        m = w = 0.0
        for j in range(i + 1, len(gw) + 1):
            m += gm[j - 1]
            w += gw[j - 1]
            if w > 0:
                out[(i, j)] = m / w
    return out
