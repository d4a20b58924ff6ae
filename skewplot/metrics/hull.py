"""The ROC convex hull: the operating points any linear criterion can choose.

Cost, F-measure and threshold choice all optimise over the upper-left
convex frontier of the ROC points, so it is computed here once.
"""

from __future__ import annotations

import numpy as np
from scipy.spatial import ConvexHull, QhullError

from ._inputs import METRIC_INPUT_PARAMS, one_classifier
from .precision import _check_points

__all__ = ["frontier_hull", "roc_convex_hull"]


def frontier_hull(tpr, fpr, *, qhull=None):
    """Indices of the north-west convex frontier of a cloud of ROC points.

    The points that maximise ``w TPR - v FPR`` for some ``w, v >= 0`` (not
    both 0), ordered by increasing FPR (and TPR): the part of the convex hull
    facing (0, 1).  Dominated points, collinear points and duplicates (all
    but the first) are left out.  Works on any point set, in any order.
    Above 64 candidates qhull first drops the points inside the hull (within
    its tolerance, which also drops points a hair above a chord);
    ``qhull=True`` runs it on fewer too: points filtered from a larger set
    then get the hull that set gets.
    """
    tpr = np.asarray(tpr, dtype=float).ravel()
    fpr = np.asarray(fpr, dtype=float).ravel()
    if tpr.size > 1 and np.all(np.diff(fpr) >= 0) and np.all(np.diff(tpr) >= 0):
        idx = _ordered_pareto(tpr, fpr)  # a curve in threshold order (every OperatingPoints): no sorting
    else:
        order = np.lexsort((-tpr, fpr))  # by FPR, then highest TPR first
        t_sorted = tpr[order]
        best_before = np.maximum.accumulate(t_sorted)
        pareto = np.empty(t_sorted.size, dtype=bool)
        pareto[0] = True
        np.greater(t_sorted[1:], best_before[:-1], out=pareto[1:])
        idx = order[pareto]
    if idx.size > 64 or qhull and idx.size > 2:
        idx = idx[_qhull_reduce(tpr[idx], fpr[idx])]
    return idx[_upper_chain(tpr[idx], fpr[idx])]


def _ordered_pareto(t, f):
    """The Pareto staircase of points whose FPR and TPR both rise (weakly) with the index, without sorting.

    The same points the sorting path keeps: of each run of equal FPR its
    highest TPR (the run's last point; of equal copies the first), when that
    TPR is above every earlier run's.
    """
    ends = np.flatnonzero(np.r_[f[1:] != f[:-1], True])  # the last point of each run of equal FPR
    new = np.r_[True, (f[1:] != f[:-1]) | (t[1:] != t[:-1])]  # the first of each run of equal points
    first_copy = np.maximum.accumulate(np.where(new, np.arange(t.size), 0))
    rises = np.r_[True, t[ends[1:]] > t[ends[:-1]]]
    return first_copy[ends[rises]]


def _qhull_reduce(t, f):
    """Positions of the candidates that are vertices of their convex hull.

    ``t``, ``f`` rise strictly together (a Pareto staircase); adding its
    lower-right corner makes every hull vertex but that corner lie on the
    frontier.  qhull (C, O(n log n)) only shrinks the set here; the exact
    monotone chain decides afterwards.
    """
    xy = np.column_stack((np.append(f, f[-1]), np.append(t, t[0])))
    try:
        vertices = ConvexHull(xy).vertices
    except QhullError:  # pragma: no cover - the corner makes the set 2-D
        return np.arange(t.size)
    return np.sort(vertices[vertices < t.size])


def _upper_chain(t, f):
    """Andrew's monotone chain (upper part) on points sorted by ``f``, ``t``.

    The loop runs over candidates already reduced to (near) hull vertices;
    turns are decided by exact sign tests, so collinear points are dropped.
    """
    keep = []
    for i in range(t.size):
        while len(keep) >= 2:
            a, b = keep[-2], keep[-1]
            cross = (f[b] - f[a]) * (t[i] - t[a]) - (t[b] - t[a]) * (f[i] - f[a])
            if cross >= 0:  # b is not strictly above the chord a -> i
                keep.pop()
            else:
                break
        keep.append(i)
    return np.asarray(keep, dtype=np.intp)


def roc_convex_hull(data=None, y_score=None, *, y_true=None, sample_weight=None, pos_label=None):
    """The ROC convex hull: indices of the points on it, from (0, 0) to (1, 1).

    The upper-left boundary of the convex hull of the ROC points [S §2.2].
    It starts at the empty prediction (index 0) and ends at everything-positive
    (the last index); points on a straight stretch of the hull are left out.

    Parameters
    ----------
%(metric_input_params)s
    Returns
    -------
    ndarray of int
        Increasing indices into the classifier's operating points.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_rates([0.4, 0.5, 0.9], [0.1, 0.3, 0.5])
    >>> sp.roc_convex_hull(pts).tolist()
    [0, 1, 3, 4]
    """
    pts = one_classifier(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label,
                         func="roc_convex_hull", bounded=False)
    _check_points(pts)
    idx = frontier_hull(pts.tpr, pts.fpr)
    last = len(pts) - 1
    if idx[0] != 0:
        idx = np.concatenate(([0], idx))
    if idx[-1] != last:
        idx = np.concatenate((idx, [last]))
    return np.sort(idx)


roc_convex_hull.__doc__ = roc_convex_hull.__doc__.replace("%(metric_input_params)s", METRIC_INPUT_PARAMS)
