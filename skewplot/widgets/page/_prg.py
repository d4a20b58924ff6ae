"""The precision-recall-gain panel of a saved page: the ROC vertices that draw its curve at every skew.

The page cannot thin the curve again at each step (it has a vertex per
positive), so the vertices are thinned once for every skew of the slider
(``plotting._decimate.prg_vertex_indices``, as the PRGDisplay does for any
skew); the page clips the thinned polyline at recall gain 0 as
``prg_curve`` does.
"""

from __future__ import annotations

import numpy as np

from ...plotting._decimate import prg_vertex_indices

__all__ = ["prg_item"]


def prg_item(disp, skews, line_style):
    """The PRG panel: per classifier the thinned vertices and the curve's style; the recall gain label per skew."""
    from ...skew import FixedSkew

    dpi = disp.figure_.dpi
    width = disp.ax_.bbox.width
    curves = {}
    for name, pts in disp.points.items():
        t, f = np.asarray(pts.tpr, dtype=float), np.asarray(pts.fpr, dtype=float)
        keep = prg_vertex_indices(t, f, width, min(skews), max(skews))
        curves[name] = {"tpr": t[keep].tolist(), "fpr": f[keep].tolist(), "style": line_style(disp.lines_[name], dpi)}
    return {"kind": "prg", "control": "skew", "curves": curves, "bins": disp._n_bins,
            "labels": [disp.xlabel(FixedSkew(v)) for v in skews]}
