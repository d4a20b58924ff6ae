"""The vertices of a PR curve that a figure can show: the curve thinned to its pixel columns."""

from __future__ import annotations

import numpy as np

from ..metrics.precision import curve_rates
from ._display import decimation_indices

__all__ = ["pr_vertices", "pr_vertex_indices"]


def pr_vertices(pts, n_bins, bins=None):
    """``pts`` thinned to the vertices a PR curve drawn ``n_bins / 2`` pixels wide can show (numbers stay exact).

    :func:`decimation_indices` with ``key = FPR/TPR`` (the origin counted
    with its limit along the curve), plus the first point off the origin,
    which fixes the origin's limiting precision.  The same points serve
    every skew model.  ``bins``: ``decimation_bins(pts.tpr, n_bins)``, when
    the caller keeps it (the TPR of a one-vs-rest class is the same at every
    prior vector).
    """
    if len(pts) <= 4 * n_bins:
        return pts
    return pts._take(pr_vertex_indices(pts, n_bins, bins))


def pr_vertex_indices(pts, n_bins, bins=None):
    """The indices :func:`pr_vertices` takes (``len(pts) > 4 n_bins``), increasing."""
    lim_tpr, lim_fpr = curve_rates(pts)
    key = np.where(lim_tpr > 0, np.divide(lim_fpr, np.where(lim_tpr > 0, lim_tpr, 1.0)), np.inf)
    idx = decimation_indices(pts.tpr, key, n_bins, bins)  # increasing, from 0 (the first bin's first point)
    return idx if idx[1] == 1 else np.insert(idx, 1, 1)  # np.union1d sorted them again: 0.3 ms
