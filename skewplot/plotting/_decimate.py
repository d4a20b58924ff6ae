"""The vertices of a curve that a figure can show: the curve thinned to its pixel columns (M4), a PR curve's and a
PR-gain curve's too (thinned once for every skew)."""

from __future__ import annotations

import math

import numpy as np

from ..metrics.precision import curve_rates

__all__ = ["decimation_indices", "decimation_bins", "pr_vertices", "pr_vertex_indices", "prg_vertex_indices"]


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


def decimation_indices(x, key, n_bins, bins=None, rising=False):
    """Indices of the vertices worth drawing for a curve whose ``x`` is non-decreasing.

    ``x`` is cut into ``n_bins`` equal bins (pick at least two per pixel
    column); in each bin the first and last vertex and those with the
    smallest and largest ``key`` are kept (the M4 rule), which keeps the
    drawn polyline within half a pixel of the full one.  Precision under any
    skew model is a decreasing function of FPR/TPR, so ``key = fpr/tpr``
    selects the extreme precisions of every skew at once: the selection is
    made once and serves every later ``update``.  ``bins``: what
    :func:`decimation_bins` gives for ``x``, when the caller keeps it (an
    ``x`` that several keys share).  ``rising``: ``key`` is non-decreasing
    (a ROC curve's TPR along its FPR), so each bin's smallest key is its
    first vertex and the first vertex at its largest is found by a binary
    search: the same indices, without a pass over the keys.
    """
    n = key.size
    if n <= 4 * n_bins:
        return np.arange(n)
    index, starts, ends, sizes = decimation_bins(x, n_bins) if bins is None else bins
    keep = np.zeros(n, dtype=bool)  # a mask, not np.unique of the indices: no sort on a widget's step
    keep[starts] = keep[ends] = True
    if rising:
        keep[np.maximum(starts, np.searchsorted(key, key[ends], side="left"))] = True
        return np.flatnonzero(keep)
    for extreme in (np.minimum, np.maximum):
        at = np.flatnonzero(key == np.repeat(extreme.reduceat(key, starts), sizes))  # every vertex at its extreme
        first = np.r_[True, index[at[1:]] != index[at[:-1]]]  # the first of them in each bin (bins never decrease)
        keep[at[first]] = True
    return np.flatnonzero(keep)


def decimation_bins(x, n_bins):
    """``(bin of each vertex, first vertex of each bin, last, sizes)`` of :func:`decimation_indices` for ``x``."""
    n = x.size
    span = x[-1] - x[0]
    index = np.minimum(((x - x[0]) / (span if span > 0 else 1.0) * n_bins).astype(np.int64), n_bins - 1)
    starts = np.flatnonzero(np.r_[True, index[1:] != index[:-1]])
    ends = np.r_[starts[1:], n] - 1
    return index, starts, ends, np.diff(np.r_[starts, n])


def prg_vertex_indices(tpr, fpr, width_px, lowest=None, highest=None):
    """Indices of the ROC vertices that draw a PR-gain curve ``width_px`` pixels wide at every skew in
    [``lowest``, ``highest``] (None: at any skew), increasing.

    In ROC rates the gains at the skew pi' (odds ``o``) are ``recG = 1 + o - o u``
    and ``precG = 1 - FPR u`` with ``u = 1 / TPR`` (``skewplot.metrics.prg``):
    recall gain is affine in ``u`` with slope ``-o``, so a vertex's pixel
    column moves with the skew while its precision gain does not.  A vertex is
    visible at odds up to ``1 / (u - 1)`` (where its recall gain is 0), and a
    bin ``[u_a, u_b]`` spans ``o W (u_b - u_a) <= W (u_b - u_a) / (u_a - 1)``
    pixels there (``W`` the width).  Bins of ``log(u - 1)`` of width
    ``0.25 / W`` therefore span at most a quarter pixel at every skew that
    shows them, and at most a tenth of one on an axis of decades of recall
    gain (``log10(1 - recG) = log10(o) + log10(u - 1)``, at least a decade
    across); M4 in each (:func:`decimation_indices`, key ``FPR/TPR``) keeps
    the extreme precision gains exactly.  Vertices never visible over the range
    (recall gain below 0 at ``lowest``, or within a quarter pixel of recall
    gain 1 at ``highest``) share the end bins; with ``highest`` None the
    vertices at TPR = 1 (recall gain 1 at every skew) have a bin of their own.
    Of the vertices with ``TPR = 0`` only the last is kept: the curve starts at
    recall gain 0 on the segment from it.  The caller clips the thinned
    polyline at recall gain 0 as ``prg_curve`` does.
    """
    tpr, fpr = np.asarray(tpr, dtype=float), np.asarray(fpr, dtype=float)
    on = np.flatnonzero(tpr > 0)
    if not on.size:
        return np.arange(0)
    first = max(int(on[0]) - 1, 0)
    u1 = 1.0 / tpr[on] - 1.0  # u - 1, decreasing along the curve
    inside = u1[u1 > 0]
    if lowest is None:
        far = float(inside.max()) if inside.size else 1.0
    else:
        far = (1.0 - lowest) / lowest  # beyond: below recall gain 0 at every skew of the range
    if highest is None:
        near = 0.5 * float(inside.min()) if inside.size else 0.5  # TPR = 1 alone at the end
    else:
        near = 0.25 * (1.0 - highest) / (highest * width_px)  # within a quarter pixel of recall gain 1 at highest
    x = -np.log(np.clip(u1, near, max(far, near)))  # non-decreasing along the curve
    delta = 0.25 / width_px
    bins = max(1, int(math.ceil((x[-1] - x[0]) / delta)))
    keep = on[decimation_indices(x, fpr[on] / tpr[on], bins)]
    return keep if keep[0] == first else np.r_[first, keep]
