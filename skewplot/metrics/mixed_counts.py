"""A one-vs-rest class's counts at a prior vector, computed only at the rows that are read.

At a prior vector each test row of class ``j`` weighs ``w[j]``, so class
``k``'s true positives are ``w[k] c[:, k]`` and its rest is
``sum_{j != k} w[j] c[:, j]`` (``c`` its stored cumulative counts of every
class).  A widget's step reads them at a few sets of rows (those a figure
draws, those that can be on the ROC hull, the polyline's corners), never at
all of them: :class:`MixedCounts` keeps the sum unevaluated, and rows read at
every vector are gathered once (:func:`keep_rows`), so a step costs the
length of those sets, not of the curve.  Every value is the sum the full
array holds, term by term in the same order, so it is the same double.
"""

from __future__ import annotations

import numpy as np

from .counting import LazyCounts
from .points import OperatingPoints

__all__ = ["MixedCounts", "class_at", "keep_rows", "rising_segments"]


class MixedCounts(LazyCounts):
    """``w[j0] c[:, j0] + w[j1] c[:, j1] + ...`` over ``columns``, summed in that order where it is read.

    ``kept`` maps ``id(idx)`` to ``(idx, c[idx])`` for index arrays read at
    every vector (:func:`keep_rows`): reading at one of those arrays (the same
    object) sums its gathered block.

    Examples
    --------
    >>> import numpy as np
    >>> c = np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 2.0, 1.0]])
    >>> rest = MixedCounts(c, np.array([1.0, 0.5, 2.0]), (1, 2), {})
    >>> rest.array().tolist(), rest.at(np.array([2])).tolist(), rest[-1]
    ([0.0, 0.0, 3.0], [3.0], 3.0)
    """

    __slots__ = ("counts", "weights", "columns", "kept")

    def __init__(self, counts, weights, columns, kept):
        self.counts, self.weights, self.columns, self.kept, self._built = counts, weights, tuple(columns), kept, None

    size = property(lambda self: self.counts.shape[0])

    def _sum(self, column):
        first, *rest = self.columns
        total = column(first) * self.weights[first]  # ``sum(...)``'s terms, added in its order (0 + x is x)
        for j in rest:
            total += column(j) * self.weights[j]
        return total

    def at(self, idx):
        """The mixed counts at the rows ``idx`` (float)."""
        kept = self.kept.get(id(idx))
        if kept is not None and kept[0] is idx:
            block = kept[1]
            return self._sum(lambda j: block[:, j])
        return self._sum(lambda j: self.counts[idx, j])

    def _build(self):
        return self._sum(lambda j: self.counts[:, j])


def keep_rows(kept, counts, idx):
    """``idx``, with ``counts[idx]`` gathered once into ``kept`` so that :class:`MixedCounts` reads it there."""
    if id(idx) not in kept:
        kept[id(idx)] = (idx, np.asfortranarray(counts[idx]))
    return idx


def rising_segments(points):
    """Indices ``i`` where ``points.tpr`` grows from ``i`` to ``i + 1`` (the same at every prior vector); cached."""
    return points._memo("live", lambda: np.flatnonzero(np.diff(points.tpr) > 0))


def class_at(counts, w, i, own):
    """Class ``i``'s points with each test row of class ``j`` weighted ``w[j]``, from its stored ``counts``.

    ``own``: the class's points at the test set (the counts are then
    :class:`MixedCounts`, summed where read), or its thresholds while
    :func:`~skewplot.one_vs_rest` builds them (summed now).
    """
    others = [j for j in range(w.size) if j != i]
    if not isinstance(own, OperatingPoints):  # by stored column: c @ w took 14 ms at 1e6
        return OperatingPoints._from_cumulative(own, counts[:, i] * w[i], sum(counts[:, j] * w[j] for j in others))
    kept = own._memo("kept_rows", dict)
    return OperatingPoints._from_cumulative(own.thresholds, MixedCounts(counts, w, [i], kept),
                                            MixedCounts(counts, w, others, kept), rising_segments(own))
