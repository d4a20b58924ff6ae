"""The precision-recall-gain panel of a saved page: the ROC vertices that draw its curve at every skew.

In ROC rates the gains at the skew π′ (odds ``o``) are ``recG = 1 + o - o u``
and ``precG = 1 - FPR u`` with ``u = 1 / TPR`` (``skewplot.metrics.prg``):
recall gain is affine in ``u`` with slope ``-o``, so a vertex's pixel column
moves with the skew while its precision gain does not.  The PRGDisplay
draws the vertices of ``prg_curve`` thinned to two M4 bins per pixel
column of recall gain at the skew it shows (``decimation_indices``).  The
page cannot thin again at each step (the curve has a vertex per positive),
so the thinning is done once for every skew of the slider: a vertex is
visible at odds up to ``1 / (u - 1)`` (where its recall gain is 0), and a
bin ``[u_a, u_b]`` spans ``o W (u_b - u_a) <= W (u_b - u_a) / (u_a - 1)``
pixels there (``W`` the Axes' width).  Bins of ``log(u - 1)`` of width
``0.25 / W`` therefore span at most a quarter pixel at every skew that
shows them; M4 in each keeps the extreme precision gains exactly.  Vertices
never visible (recall gain below 0 at the lowest skew of the slider, or
within a quarter pixel of recall gain 1 at its highest) share the end bins;
the page clips the thinned polyline at recall gain 0 as ``prg_curve`` does.
"""

from __future__ import annotations

import math

import numpy as np

from ...plotting._decimate import decimation_indices

__all__ = ["prg_vertices", "prg_item"]


def prg_vertices(tpr, fpr, lowest, highest, width_px):
    """Indices of the vertices of ``tpr, fpr`` (increasing) the page draws at any skew in [lowest, highest].

    Every vertex with ``TPR = 0`` but the last is dropped (the curve starts at recall gain 0, on the segment
    from the last of them); the others are thinned as the module notes say.
    """
    tpr, fpr = np.asarray(tpr, dtype=float), np.asarray(fpr, dtype=float)
    on = np.flatnonzero(tpr > 0)
    if not on.size:
        return np.arange(0)
    first = max(int(on[0]) - 1, 0)
    u1 = 1.0 / tpr[on] - 1.0  # u - 1, decreasing along the curve
    far = (1.0 - lowest) / lowest  # beyond: below recall gain 0 at every skew of the slider
    near = 0.25 * (1.0 - highest) / (highest * width_px)  # within a quarter pixel of recall gain 1 at the highest
    x = -np.log(np.clip(u1, near, far))  # non-decreasing along the curve
    delta = 0.25 / width_px
    bins = max(1, int(math.ceil((x[-1] - x[0]) / delta)))
    keep = on[decimation_indices(x, fpr[on] / tpr[on], bins)]
    return np.unique(np.r_[first, keep])


def prg_item(disp, skews, line_style):
    """The PRG panel: per classifier the thinned vertices and the curve's style; the recall gain label per skew."""
    from ...skew import FixedSkew

    dpi = disp.figure_.dpi
    width = disp.ax_.bbox.width
    curves = {}
    for name, pts in disp.points.items():
        t, f = np.asarray(pts.tpr, dtype=float), np.asarray(pts.fpr, dtype=float)
        keep = prg_vertices(t, f, min(skews), max(skews), width)
        curves[name] = {"tpr": t[keep].tolist(), "fpr": f[keep].tolist(), "style": line_style(disp.lines_[name], dpi)}
    return {"kind": "prg", "control": "skew", "curves": curves, "bins": disp._n_bins,
            "labels": [disp.xlabel(FixedSkew(v)) for v in skews]}
