"""What every prior step of a one-vs-rest display reuses, found once per class from the stored counts.

A prior vector reweights the rest of class ``k``: its FPR at threshold ``i``
is ``sum_j s_j F_kj(i)``, a mixture of the other classes' cumulative rates
with shares ``s_j`` that the vector sets.  Which rows matter for a figure,
which can be on the ROC convex hull and the ROC area are therefore known
before the shares are, and a step need not look at every row again
(a step at 1e6 rows and 4 classes spent 60 % of its time thinning the PR and
ROC lines and finding hulls over all the rows of every class):

* :func:`drawn_rows`: the rows worth drawing at any prior vector (the lines
  of PR and ROC are thinned from these, not from every row);
* :func:`hull_rows`: the rows that can be on the ROC convex hull at any
  prior vector (the hull, exactly, from these);
* :func:`corner_rows`: the rows of the ROC polyline's corners, and of those
  the segments where the TPR grows (the PR areas, exactly, from these:
  :func:`class_aucpr`);
* :func:`roc_area`: the ROC area at a vector from the class's areas against
  each other class alone (exactly: the trapezoid area is linear in the FPR);
* :func:`pr_bins`: the bins along the TPR that a PR curve is thinned in
  (the TPR is class ``k``'s own, the same at every vector);
* :func:`same_rest`: what follows from class ``k``'s ROC polyline alone (its
  hull's rows, the rows a figure draws), kept while its rest keeps its
  composition: a step of class ``k``'s own prior scales the others together;
* :func:`kept_classes`: the classes whose curves in a space of rates alone
  (ROC, cost, F) a step leaves where they are, for the same reason;
* :func:`at_priors_once`, :func:`hull_of`, :func:`drawn_of`: the reweighted
  points, their hull and their drawn rows, once per step for all panels.
"""

from __future__ import annotations

import numpy as np

from ..metrics.auc import corner_indices, roc_auc
from ..metrics.hull import _ordered_pareto, frontier_hull
from ..metrics.mixed_counts import keep_rows, rising_segments
from ..metrics.points import OperatingPoints
from ..metrics.precision import rising_area
from ._decimate import decimation_bins, pr_vertex_indices

__all__ = ["drawn_rows", "hull_rows", "corner_rows", "class_hull", "class_aucpr", "first_recall", "roc_area",
           "take_rows", "pr_bins", "class_pr_vertices", "same_rest", "kept_classes", "at_priors_once",
           "hull_of", "drawn_of", "LOG_CELL"]

#: Width of a cell of :func:`drawn_rows` in ``log(count + first step)``: between two kept rows every class's
#: count grows by less than a factor ``exp(LOG_CELL)`` (on the count plus its smallest step).
LOG_CELL = 1e-3


def _own(ovr, k):
    return ovr[k]


def _kept(ovr, k, key, compute):
    """``compute()`` (row indices of class ``k``), cached, its counts gathered once for every step to read."""
    own = _own(ovr, k)
    return own._memo(key, lambda: keep_rows(own._memo("kept_rows", dict), ovr.class_counts(k), compute()))


def take_rows(ovr, k, pts, rows):
    """``pts._take(rows)``: class ``k``'s points ``pts`` (at a prior vector) at rows of this module.

    The thresholds at ``rows`` do not depend on the vector: gathered once.
    """
    own = _own(ovr, k)
    return pts._take(rows, own._memo(("thresholds", id(rows)), lambda: own.thresholds[rows]))


def drawn_rows(ovr, k):
    """Indices of class ``k``'s operating points that a figure at any prior vector draws from.

    Each class's cumulative count ``c_j`` (``j = k``: the TPR; the others: the
    rest's parts) is cut into cells of width :data:`LOG_CELL` in
    ``log(c_j + e_j)``, ``e_j`` its smallest step (one row, unweighted), and
    the first and last row of every run of rows in the same cell of every
    class are kept.  Between two kept neighbours every ``c_j + e_j`` grows by
    less than a factor ``exp(LOG_CELL)``, so any mixture of them does too:
    a dropped row's TPR and FPR lie within 0.1 % (relative, plus a row) of
    its neighbours', and its precision (a function of FPR/TPR whose
    log-derivative is at most 1/4) within 0.05 %: below a tenth of a pixel
    at every prior vector.  The first thousand rows of each class are all
    kept (a row is more than a cell there).  The counts are monotone, so the
    runs are at most ``K log(n) / LOG_CELL``: about 55 000 at a million
    rows and four classes, whatever the scores.  Cached on the class's points.
    """
    def compute():
        c = ovr.class_counts(k)
        steps = np.diff(c, axis=0)
        first = np.array([col[col > 0].min() for col in steps.T])  # every class has a row of positive weight
        cell = np.floor(np.log1p(c / first) / LOG_CELL)
        change = (cell[1:] != cell[:-1]).any(axis=1)
        keep = np.zeros(c.shape[0], dtype=bool)
        keep[[0, -1]] = True
        keep[1:] |= change  # the first row of a run
        keep[:-1] |= change  # the last row of a run
        return np.flatnonzero(keep)

    return _kept(ovr, k, "drawn_rows", compute)


def hull_rows(ovr, k):
    """Indices of class ``k``'s points that can be on its ROC convex hull at any prior vector.

    The Pareto staircase of the ROC points (``metrics.hull``): of each run of
    thresholds that adds no row of the rest, its last point, when its TPR is
    above every earlier run's.  A run adds no rest at one vector exactly when
    it adds none at another (every rest class has a positive weight), and the
    TPR does not depend on the vector, so the staircase is the same at every
    vector; only the hull on it moves.  Of the staircase, only the vertices
    of the convex hull of the points ``(TPR, F_j ...)`` (``F_j``: the rate
    of each other class, :func:`_extreme`) can be: the rest's FPR at any
    vector is a mixture ``sum_j s_j F_j``, a linear map of them, and a
    vertex of a map's image is the image of a vertex.  Cached on the
    class's points.
    """
    own = _own(ovr, k)

    def compute():
        rows = _ordered_pareto(own.tpr, own.fpr)
        return rows[_extreme(ovr.class_counts(k)[rows] / ovr.class_counts(k)[-1])]

    return _kept(ovr, k, "hull_rows", compute)


#: The most classes for which :func:`hull_rows` finds the hull of its rates (qhull's work grows fast with them).
_HULL_CLASSES = 5


def _extreme(rates):
    """Positions of the rows of ``rates`` (one column per class) on their convex hull's boundary, within qhull's
    tolerance (its vertices and the points it counts on a facet: a superset of the vertices); all of them when
    the hull is not found (few rows, many classes, a flat set)."""
    from scipy.spatial import ConvexHull, QhullError

    n, dim = rates.shape
    if dim > _HULL_CLASSES or n <= 4 * (dim + 1):
        return np.arange(n)
    try:
        hull = ConvexHull(rates, qhull_options="Qc" + (" Qx" if dim > 4 else ""))
    except QhullError:  # a flat set (a class's rate that another's repeats)
        return np.arange(n)
    return np.union1d(hull.vertices, hull.coplanar[:, 0])


def corner_rows(ovr, k):
    """Indices of :func:`~skewplot.metrics.auc.polyline_corners` of class ``k``'s points at any prior vector.

    A vertex is dropped there when the steps on both sides add no positive,
    or both add no row of the rest; neither depends on the vector (as in
    :func:`hull_rows`).  Cached on the class's points.
    """
    own = _own(ovr, k)
    return _kept(ovr, k, "corner_rows", lambda: corner_indices(own.tpr, own.fpr))


#: Segments per call of the area kernel in :func:`class_aucpr`: its temporaries stay in cache (as ``metrics.auc``'s).
_CHUNK = 1 << 14


def class_aucpr(ovr, k, pts, prior):
    """``aucpr(pts, skew=prior)`` (continuous) of class ``k``'s points ``pts`` at a vector, from its rising segments.

    Only a segment of the ROC polyline along which the TPR grows has PR
    area, and which segments those are does not depend on the vector (the
    TPR does not).  Between the corners (:func:`corner_rows`) every other
    segment of untied scores adds only rows of the rest, so the kernel
    (:func:`~skewplot.metrics.precision.rising_area`, as the metric's) runs
    on half the corners' segments.  The same terms as the metric's, summed
    in chunks of another length.
    """
    own = _own(ovr, k)
    rows = corner_rows(ovr, k)
    rising = own._memo("rising_corners", lambda: np.flatnonzero(np.diff(own.tpr[rows]) > 0))
    # which of them keep their FPR (add no row of the rest) is the same at every vector, as in ``hull_rows``
    flat = own._memo("flat_corners", lambda: own.fpr[rows][rising] == own.fpr[rows][rising + 1])
    on = take_rows(ovr, k, pts, rows)
    tpr, fpr = on.tpr, on.fpr
    total = 0.0
    for i in range(0, rising.size, _CHUNK):
        total += rising_area(tpr, fpr, rising[i:i + _CHUNK], prior, flat=flat[i:i + _CHUNK])
    return float(total)


#: Above this many candidates :func:`class_hull` first drops those below the hull of a sample of them.
_SAMPLE = 1024

#: How far (in TPR) below that inner hull a candidate must lie to be dropped: far above its rounding.
_MARGIN = 1e-9


def _not_below(tpr, fpr, start=None):
    """Positions of the staircase ``(tpr, fpr)`` (both rising) not below the hull of some of them.

    The hull of a subset lies inside the hull of the set, so a point below
    it (by :data:`_MARGIN`, a million times the rounding of the
    interpolation) is no vertex of the full hull: the hull of the points
    kept is the hull of all, whichever subset is taken.  The subset holds
    both ends, so it spans every FPR of the staircase: ``start`` (positions,
    the previous step's hull: a step moves the hull a little, so few points
    lie above the old vertices at the new rates), else :data:`_SAMPLE`
    evenly spaced points.
    """
    n = tpr.size
    if n <= 4 * _SAMPLE:
        return np.arange(n)
    if start is None:
        subset = np.unique(np.linspace(0, n - 1, _SAMPLE).round().astype(np.intp))
    else:
        subset = np.unique(np.r_[0, start, n - 1])
    inner = subset[frontier_hull(tpr[subset], fpr[subset])]
    return np.flatnonzero(tpr >= np.interp(fpr, fpr[inner], tpr[inner]) - _MARGIN)


def class_hull(ovr, k, pts, priors=None):
    """``roc_convex_hull(pts)`` of class ``k``'s points ``pts`` at a prior vector, from :func:`hull_rows` only.

    The filter of :func:`_not_below` starts from the hull this class had at
    the vector of the previous call (any subset of the candidates gives
    the exact hull; this one leaves the fewest above it).  Given ``priors``
    (the vector of ``pts``), the rows found at the last vector whose rest
    had the same composition are kept (:func:`same_rest`).
    """
    if priors is not None:
        return same_rest(ovr, k, priors, "hull", lambda: class_hull(ovr, k, pts))
    rows = hull_rows(ovr, k)
    on = take_rows(ovr, k, pts, rows)  # the counts at these rows only
    tpr, fpr = on.tpr, on.fpr
    latest = _own(ovr, k)._memo("latest_hull", dict)  # positions in ``rows``: a start, never a result
    near = _not_below(tpr, fpr, latest.get("at"))
    at = near[frontier_hull(tpr[near], fpr[near], qhull=tpr.size > 64)]  # as roc_convex_hull(pts) has it
    latest["at"] = at
    last = len(pts) - 1
    return np.unique(np.r_[0, rows[at], last])


def first_recall(ovr, k, pts):
    """The recall of class ``k``'s first point off the origin in ``pts`` (its points at a prior vector).

    Which row it is does not depend on the vector (a row of class ``k`` has
    a positive weight at every vector); only its value is read.
    """
    own = _own(ovr, k)
    row = own._memo("first_row", lambda: np.flatnonzero(own.tpr > 0)[:1])
    return float(pts._take(row).tpr[0]) if row.size else 0.0


def roc_area(ovr, k, priors):
    """ROC AUC of class ``k`` against its rest at ``priors``: ``sum_j s_j AUC_kj``, ``s_j`` class j's share of it.

    ``AUC_kj`` is class k's ROC area against class j alone (computed once).
    The trapezoid area is linear in the FPR, and the rest's FPR is the
    shares' mixture of the ``F_kj``, so the sum is the area itself.
    """
    own = _own(ovr, k)
    c = ovr.class_counts(k)
    i = ovr.classes.index(k)

    def pairwise():
        live = rising_segments(own)
        return np.array([np.nan if j == i else roc_auc(OperatingPoints._from_cumulative(own.thresholds, c[:, i],
                                                                                           c[:, j], live))
                         for j in range(c.shape[1])])

    areas = own._memo("pairwise_roc", pairwise)
    share = ovr._weights(priors) * c[-1]
    share[i] = 0.0
    share /= share.sum()
    return float(np.dot(np.where(share > 0, areas, 0.0), share))


def pr_bins(ovr, k, n_bins):
    """``decimation_bins`` of the TPR at class ``k``'s :func:`drawn_rows`: cut once per ``n_bins``, not per step.

    A row's TPR is class ``k``'s own count over its total, whatever the
    vector (its prior scales both), so the bins a PR curve is thinned in
    (``_decimate.pr_vertices``) are those of the test set's TPR.  Cached on
    the class's points (the figure's width sets ``n_bins``).
    """
    own = _own(ovr, k)
    return own._memo(("pr_bins", n_bins), lambda: decimation_bins(own.tpr[drawn_rows(ovr, k)], n_bins))


def class_pr_vertices(ovr, k, drawn, n_bins, priors):
    """``_decimate.pr_vertices(drawn, n_bins)`` of class ``k``'s points at :func:`drawn_rows` (at ``priors``).

    Thinned in the class's :func:`pr_bins`; the vertices (by FPR/TPR, which
    the class's prior leaves) kept while its rest keeps its composition.
    """
    if len(drawn) <= 4 * n_bins:
        return drawn
    return drawn._take(same_rest(ovr, k, priors, ("pr_vertices", n_bins),
                                 lambda: pr_vertex_indices(drawn, n_bins, pr_bins(ovr, k, n_bins))))


def _rest_key(priors, k):
    """The shares of the other classes in class ``k``'s rest, ``pi'_j / (1 - pi'_k)``, to 12 significant digits.

    A vector's priors come rounded (``widgets.classes.class_priors`` rounds
    the scaled ones to 15 decimals), so the shares a slider step of class
    ``k`` keeps differ in their last bits; 12 digits tell every composition
    a figure could tell apart (a pixel is 1e-4 of an axis).
    """
    rest = sum(p for j, p in priors.items() if j != k)
    return tuple((j, float(f"{p / rest:.12g}")) for j, p in priors.items() if j != k)


def same_rest(ovr, k, priors, what, compute):
    """``compute()`` for class ``k`` at ``priors``, the last one kept while the class's rest keeps its composition.

    For what follows from class ``k``'s ROC polyline alone (which rows are
    on its hull, which a figure draws; never a value, which is read at the
    vector): its TPR is the vector's in no way, its FPR only through the
    shares of the other classes in its rest (:func:`_rest_key`).  Moving
    class ``k``'s own prior scales the others together, so each step of the
    explorer's slider reuses the chosen class's rows.  ``what`` names the
    result (with whatever else it depends on, such as the figure's bins).
    """
    key = _rest_key(priors, k)
    memo = _own(ovr, k)._memo("same_rest", dict)  # what -> (the rest's shares, the result at them)
    kept = memo.get(what)
    if kept is None or kept[0] != key:
        kept = memo[what] = (key, compute())
    return kept[1]


def kept_classes(seen, names, priors, size):
    """The curve names of ``names`` (``{name: class}``) whose rates ``priors`` leave as a display last drew them.

    A class's ROC curve, its cost lines and its F curves are functions of its
    TPR and FPR alone, and a step that keeps its rest's composition
    (:func:`_rest_key`: the slider of its own prior) changes neither but in
    the last bits of the scaled priors' rounding (1e-14 relative, a
    millionth of a pixel).  ``seen`` (a display's own dict, updated here)
    holds per name the composition and the figure's ``size`` (its bins or
    line cap; None: keep none) its curves were computed at; a name is kept when both are
    the same, and drawn anew otherwise (a class moved, another's prior
    moved, a new size).
    """
    kept = set()
    if size is None:  # a space of priors (PR, PRG), or no Axes: every class drawn anew
        return kept
    for name, k in names.items():
        key = (_rest_key(priors, k), size)
        if seen.get(name) == key:
            kept.add(name)
        seen[name] = key
    return kept


_LAST_STEP = []  # [(ovr, priors, moved, {(what, id(points)): (points, it)})]: one reweighting per step


def at_priors_once(ovr, priors):
    """``ovr.at_priors(priors)``, computed once for the several displays a widget moves to the same vector."""
    if _LAST_STEP and _LAST_STEP[0][0] is ovr and _LAST_STEP[0][1] == priors:
        return _LAST_STEP[0][2]
    moved = ovr._points_at(ovr._row_weights(priors))  # refuses a prior of 0 or 1 by name; no count matrices
    _LAST_STEP[:] = [(ovr, dict(priors), moved, {})]
    return moved


def step_memo(key, pts, compute):
    """``compute()`` once per reweighted curve ``pts`` of the last step (the panels of one step share it)."""
    memo = _LAST_STEP[0][3] if _LAST_STEP else {}
    kept = memo.get((key, id(pts)))
    if kept is None or kept[0] is not pts:
        kept = memo[(key, id(pts))] = (pts, compute())
    return kept[1]


def hull_of(ovr, k, pts, priors):
    """The ROC convex hull's indices of class ``k``'s ``pts`` (at ``priors``), once per reweighted curve (the cost
    and F panels share it), from the rows that can be on it at any vector (:func:`class_hull`)."""
    return step_memo("hull", pts, lambda: class_hull(ovr, k, pts, priors))


def drawn_of(ovr, k, pts):
    """Class ``k``'s ``pts`` at the rows a figure draws from (:func:`drawn_rows`), once per reweighted
    curve (the PR and ROC panels share them)."""
    return step_memo("drawn", pts, lambda: take_rows(ovr, k, pts, drawn_rows(ovr, k)))
