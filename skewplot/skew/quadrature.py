"""Quadrature rules in the skew pi' shared by the skew models.

Gauss-Legendre on [0, 1], a composite rule graded towards the ends of a range
(where precision changes fastest in pi'), and an adaptive rule for weighted
ranges and continuous series.  Pure numpy.
"""

from __future__ import annotations

import functools

import numpy as np


@functools.lru_cache(maxsize=64)
def gauss_legendre(m):
    """Gauss-Legendre nodes and weights on [0, 1] (cached, read-only)."""
    x, w = np.polynomial.legendre.leggauss(m)
    x, w = 0.5 * (x + 1.0), 0.5 * w
    x.flags.writeable = False
    w.flags.writeable = False
    return x, w


def graded_edges(lo, hi, *, max_levels=40):
    """Panel edges on [lo, hi], halving towards each end (see :func:`graded_rule`)."""
    mid = 0.5 * (lo + hi)
    half = mid - lo
    edges = [mid]
    for end, gap, sign in ((lo, lo, -1.0), (hi, 1.0 - hi, 1.0)):
        if gap > 0:
            levels = int(np.clip(np.ceil(np.log2(half / gap)) + 1, 0, max_levels))
        else:
            levels = max_levels
        edges.extend(end - sign * half * 0.5 ** np.arange(1, levels + 1))
        edges.append(end)
    return np.unique(np.asarray(edges, dtype=float))


def graded_rule(lo, hi, *, m=8, max_levels=40):
    """Composite Gauss-Legendre rule on [lo, hi], graded geometrically towards each end.

    Precision ``P_pi(a, b)`` as a function of ``pi`` has its singularities
    at ``pi = -b/(a - b)``: at or left of 0, and at or right of 1.  Panels
    halve in width towards ``lo`` until they are no wider than their distance
    to 0 (``lo`` itself when ``lo > 0``; ``max_levels`` halvings, down to
    ``~1e-12`` of the range, when ``lo = 0``), and likewise towards ``hi``
    and 1.  Every panel then sees the nearest singularity at least its own
    width away, where an ``m``-point rule converges like ``5.8**(-2m)``;
    panels deeper than 16 levels hold so little mass that 4 points suffice.

    Returns
    -------
    nodes, weights : ndarray
        Weights sum to ``hi - lo``.
    """
    edges = graded_edges(lo, hi, max_levels=max_levels)
    width = np.diff(edges)
    deep = width < 0.5 * (hi - lo) * 0.5**16
    nodes, weights = [], []
    for order, sel in ((m, ~deep), (min(m, 4), deep)):
        if not sel.any():
            continue
        x, w = gauss_legendre(order)
        a, h = edges[:-1][sel], width[sel]
        nodes.append((a[:, None] + h[:, None] * x).ravel())
        weights.append((h[:, None] * w).ravel())
    return np.concatenate(nodes), np.concatenate(weights)


# Functions of pi' whose integrals drive adaptive_rule: 1 (the mass), pi' (kinks)
# and precision-like steps near pi' = 0 and pi' = 1 on several scales.
_SCALES = np.array([1e-1, 1e-2, 1e-4, 1e-6])


def _probes(p):
    p = p[..., None]
    return np.concatenate([np.ones_like(p), p, p / (p + _SCALES), (1.0 - p) / (1.0 - p + _SCALES)], axis=-1)


def adaptive_rule(fn, edges, tol, *, order=10, max_rounds=60, max_panels=20000):
    """Nodes in pi' and weights (sum 1) for ``E[g] = int g(pi(x)) dens(x) dx / int dens``.

    ``fn(x)`` returns ``(pi(x), dens(x))`` for an array ``x``.  Starting from
    the panels between ``edges``, a panel is halved until its ``order``-point
    Gauss-Legendre estimate and that of its two halves agree, for 1, pi' and
    for precision-like functions of pi' (steps on scales 1e-1 to 1e-6 at
    each end), to ``tol`` times the panel's share of the total (or 1e-3 of
    ``tol`` in absolute terms).  Kinks are bracketed to ~1e-13 of the span.
    """
    x, w = gauss_legendre(order)
    edges = np.asarray(edges, dtype=float)
    span = edges[-1] - edges[0]
    left, width = edges[:-1], np.diff(edges)
    done_x, done_w = [], []
    scale = None
    for _ in range(max_rounds):
        halves = np.stack([left, left + 0.5 * width], axis=1)
        x_whole = left[:, None] + width[:, None] * x
        x_half = halves[:, :, None] + 0.5 * width[:, None, None] * x
        est_whole = width[:, None] * np.einsum("j,kjp->kp", w, _weighted_probes(fn, x_whole))
        est_half = 0.5 * width[:, None] * np.einsum("j,khjp->kp", w, _weighted_probes(fn, x_half))
        if scale is None:  # the total mass, from the first pass
            scale = float(np.sum(est_half[:, 0]))
            if not scale > 0:
                raise ValueError("weight integrates to zero on the range [lo, hi]")
        err = np.max(np.abs(est_whole - est_half), axis=1) / scale
        ok = (err <= tol * np.maximum(width / span, 1e-3)) | (width <= span * 1e-13)
        done_x.append(x_half[ok].ravel())
        done_w.append(np.broadcast_to(0.5 * width[ok, None, None] * w, x_half[ok].shape).ravel())
        left, width = halves[~ok].ravel(), np.repeat(0.5 * width[~ok], 2)
        if left.size == 0:
            break
        if left.size > max_panels:
            raise ValueError("the skew varies too fast for the adaptive rule; pass samples instead")
    else:
        done_x.append((left[:, None] + width[:, None] * x).ravel())
        done_w.append((width[:, None] * w).ravel())
    pi, dens = fn(np.concatenate(done_x))
    wt = np.concatenate(done_w) * dens
    return pi, wt / wt.sum()


def _weighted_probes(fn, x):
    pi, dens = fn(x)
    return _probes(pi) * np.asarray(dens, dtype=float)[..., None]
