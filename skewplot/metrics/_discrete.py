"""The discrete (Davis & Goadrich) schemes' unit steps, and the guard on their work over many skews.

A discrete scheme cuts each ROC segment into unit steps of TP or FP, with
the negatives rescaled to each skew: at skew pi the negatives count
``n_pos (1 - pi) / pi``, so a range reaching down to 1e-5 steps through
about 1e5 times as many units as the data hold, at every quadrature node.
That work (time and memory) grows with the data and with 1 / pi at once;
:func:`check_discrete_work` refuses it before the first node, from a lower
bound on the steps that costs O(n + nodes).
"""

from __future__ import annotations

import numpy as np

__all__ = ["stepped_curve", "check_discrete_work", "MAX_DISCRETE_STEPS"]

#: Most unit steps of one curve (its arrays: about 80 bytes a step).
MAX_DISCRETE_STEPS = 50_000_000
#: Most unit steps over all the skews of one call (about 1 s of work per 1e7 steps, measured idle).
MAX_DISCRETE_WORK = 50_000_000


def check_discrete_work(pts, skews, interpolation, what):
    """Refuse a discrete scheme at ``skews`` whose unit steps would number more than :data:`MAX_DISCRETE_WORK`.

    ``what`` names the skews in the message (the model, or their count).
    The bound counts at least one step per segment and, per segment that
    gains recall, at least its length in the counted unit; the steps taken
    are never fewer.
    """
    pi = np.asarray(skews, dtype=float)
    if pi.size == 0:
        return
    d_tp, d_fpr = np.diff(pts.tpr * pts.n_pos), np.diff(pts.fpr)
    gains = d_tp > 0
    if interpolation == "discrete-tp":
        per_skew = np.full(pi.size, max(float(d_tp[gains].sum()), float(d_tp.size)))
    else:
        n_neg = pts.n_pos * (1.0 - pi) / pi
        per_skew = np.maximum(n_neg * float(d_fpr[gains].sum()), float(d_tp.size))
    total = float(per_skew.sum())
    if total > MAX_DISCRETE_WORK:
        worst = int(np.argmax(per_skew))
        raise ValueError(
            f"interpolation={interpolation!r} needs at least {total:.3g} unit steps at {what}, over {pi.size} "
            f"skews (up to {per_skew[worst]:.3g} at pi'={pi[worst]:.3g}, where the negatives rescale to "
            f"{pts.n_pos * (1 - pi[worst]) / pi[worst]:.3g}), more than {MAX_DISCRETE_WORK:.3g}: about "
            f"{total / 1e7:.0f} s of work. Use interpolation='continuous' (exact, no steps), or a skew range "
            "that stays further from 0"
        )


def stepped_curve(tp, fp, n_pos, along):
    """PR vertices placed in unit steps along TP or FP (Davis & Goadrich).

    ``tp``, ``fp`` are counts along the curve.  Each ROC segment is cut into
    unit steps of the count named by ``along`` (``"tp"`` or ``"fp"``; the
    last step may be partial, and a segment with no change in that count is
    one step); the scheme joins these vertices linearly in PR space.

    Returns
    -------
    recall, precision : ndarray
        The vertices, from recall 0 to 1.  At the origin precision is the
        limit along the first segment.
    """
    d_tp, d_fp = np.diff(tp), np.diff(fp)
    length = d_tp if along == "tp" else d_fp
    # Counted in floats first: counts of weights up to 1e12 rescaled to a skew of 1e-9 overflow int64.
    steps = np.maximum(np.ceil(length - 1e-9), 1.0)
    steps[d_tp <= 0] = 1.0  # no recall gained: no area, one step is enough
    total = float(steps.sum())
    if total > MAX_DISCRETE_STEPS:
        raise ValueError(
            f"interpolation={'discrete-' + along!r} needs {total:.4g} unit steps, more than "
            f"{MAX_DISCRETE_STEPS}; the counts are too large for a discrete scheme, use 'continuous'"
        )
    steps = steps.astype(np.int64)
    total = int(steps.sum())
    seg = np.repeat(np.arange(d_tp.size), steps)
    first = np.repeat(np.cumsum(steps) - steps, steps)
    j = np.arange(total) - first  # index of the step inside its segment
    seg_len = length[seg]
    t = np.where(seg_len > 0, np.minimum(j / np.where(seg_len > 0, seg_len, 1.0), 1.0), 0.0)
    seg = np.append(seg, d_tp.size - 1)
    t = np.append(t, 1.0)
    x_tp = tp[seg] + t * d_tp[seg]
    x_fp = fp[seg] + t * d_fp[seg]
    den = x_tp + x_fp
    seg_d = d_tp[seg] + d_fp[seg]
    # At the origin: the limit along the segment, dTP / (dTP + dFP).
    lim = d_tp[seg] / np.where(seg_d > 0, seg_d, 1.0)
    prec = np.where(den > 0, x_tp / np.where(den > 0, den, 1.0), lim)
    return x_tp / n_pos, prec


