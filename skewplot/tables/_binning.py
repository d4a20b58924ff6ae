"""The ``GROUP BY`` queries of :func:`skewplot.operating_points_from`: score bins, distinct scores, refinement.

The frame given to :class:`Binning` holds only skewplot's own columns
(:data:`SCORE`, :data:`POS` and, for weights or soft labels, :data:`NEG`), so
no name of the user's table can collide with a helper column or an
aggregate.  Unweighted hard labels are counted: :data:`POS` is then set on
the positive rows only, and a bin's positives are its count.

The bin of a score is one rule, :meth:`Grid.index`: the score (cast to
float64, which is monotone for integers and decimals) is mapped to
``t = (s - lo) / (hi - lo)``, clipped to [0, 1] (where the clip can
change a bin: see :class:`Grid`), and the bin is ``floor(t n)`` with
``n <= 2**53``.  Every step is monotone, so bins never
overlap whatever rounding does (their edges are the measured minima and
maxima), and no step can overflow or divide by a subnormal: scores and
range are first scaled by a power of two that brings ``hi - lo`` into
[1, 2) (a subnormal spread and one near 3.6e308 alike), and ``t n`` is at
most ``2**53``.
"""

from __future__ import annotations

import numpy as np

from ..metrics.bounded import BoundedOperatingPoints
from ..metrics.points import OperatingPoints

__all__ = ["Grid", "Binning", "bounded_from", "merged_bins", "exact_or_bracket", "refine", "first_bins", "MAX_BINS"]

#: Most bins of one grid: ``floor(t n)`` is exact and fits int64 for ``n <= 2**53``.
MAX_BINS = 2**53
# Column names of our own: the frame holds nothing else.
SCORE, POS, NEG = "__skewplot_score", "__skewplot_pos", "__skewplot_neg"
BIN, SUB = "__skewplot_bin", "__skewplot_sub"
_COARSE_BINS = 2**16  # first try of the exact mode
_MAX_ROUNDS = 8


class Grid:
    """Equal-width bins of [lo, hi] (floats); bin ``k`` of ``n`` holds ``floor(t n) = k`` (module notes).

    ``measured``: the scores are doubles (float64 or float32) and ``lo``, ``hi``
    their measured minimum and maximum.  Then ``t`` is in [0, 1 + 2**-52]
    already (a difference of doubles keeps their order; ``(hi - lo)`` times
    its rounded reciprocal is at most ``1 + 2**-52``), so for ``n <= 2**50``
    the clip changes no bin and is left out: DuckDB spent about 0.3 s of CPU
    on it at 3e7 rows (issue 44).
    """

    def __init__(self, lo, hi, n, measured=False):
        self.lo, self.hi, self.n = float(lo), float(hi), int(min(max(n, 1), MAX_BINS))
        self.clipped = not (measured and self.n <= 2**50)

    def index(self, nw):
        """The bin of each row's score; -1 for a score that is not finite."""
        s = nw.col(SCORE).cast(nw.Float64)
        lo, hi = self.lo, self.hi
        if not hi > lo:
            inside = nw.lit(0.0, nw.Float64)
        else:
            # Scale by powers of two (exact) so that the spread is in [1, 2): no subnormal to divide by
            # (polars multiplies by the reciprocal of a literal divisor), no overflow of hi - lo.
            # The spread's own exponent when it is finite: halving a subnormal spread (5e-324) rounds it to 0.
            spread = hi - lo
            e = np.frexp(spread)[1] if np.isfinite(spread) else np.frexp(0.5 * hi - 0.5 * lo)[1] + 1
            factors = _powers_of_two(1 - e)
            for f in factors:
                s, lo, hi = s * f, lo * f, hi * f
            # Casts of integers or decimals to float64 round each score and lo alike, so t may leave
            # [0, 1] by an ulp: the clip keeps it there (monotone, so bins still do not overlap).  It is
            # written as least/greatest, not clip(): narwhals writes clip for DuckDB as CASE WHEN t IS NULL
            # ..., which hides the bin's range from DuckDB's statistics, so its GROUP BY lost the perfect
            # hash table (3e7 Parquet rows at tolerance=1e-5: 2.0x the time, +100 MB; issue 44).
            t = (s - lo) * (1.0 / (hi - lo))
            if self.clipped:
                t = nw.max_horizontal(nw.min_horizontal(t, nw.lit(1.0, nw.Float64)), nw.lit(0.0, nw.Float64))
            inside = (t * float(self.n)).floor()
        # The cast comes last: a NaN never reaches it (engines refuse to cast NaN to an integer).
        return nw.when(s.is_finite()).then(inside).otherwise(-1.0).cast(nw.Int64)


def _powers_of_two(e):
    """Powers of two whose product is ``2**e``, each a normal double."""
    out = []
    while e:
        step = max(-1000, min(1000, e))
        out.append(float(np.ldexp(1.0, step)))
        e -= step
    return out


class Binning:
    """The ``GROUP BY`` queries of one table: per-group score range and class weights.

    ``score_kind`` is the numpy kind the score range is kept in (``"i"`` or
    ``"u"`` for integer columns, so integers beyond 2**53 keep every digit;
    ``"f"`` otherwise); ``text_keys`` brings the scores back as text (decimals and
    128-bit integers, see :func:`score_array`).
    """

    def __init__(self, frame, nw, counted, score_kind, refuse_nonfinite, text_keys=False):
        self.frame, self.nw, self.counted, self.kind, self.text_keys = frame, nw, counted, score_kind, text_keys
        self.doubles = score_kind == "f" and not text_keys  # float64 or float32 scores, kept as doubles
        self.refuse_nonfinite = refuse_nonfinite

    def collect(self, grid, *, within=None, sub=None):
        """Weights per bin of ``grid``; with ``within``, only those bins, each split by the grid ``sub``."""
        if within is None:
            return self._collect(self.frame.with_columns(grid.index(self.nw).alias(BIN)), [BIN])
        return self._collect(self._within(grid, within).with_columns(sub.index(self.nw).alias(SUB)), [BIN, SUB])

    def by_score(self, grid=None, within=None):
        """Weights per distinct score; with ``within``, of those bins of ``grid`` only (keyed by bin too)."""
        frame, keys = self.frame, [SCORE]
        if within is not None:
            frame, keys = self._within(grid, within), [BIN, SCORE]
        out = self._collect(frame, keys, ranges=False)
        out["lo"] = out["hi"] = out.pop(SCORE)
        return out

    def n_scores(self, grid, within):
        """The number of distinct scores in the bins ``within`` of ``grid``."""
        # one row a score, counted (not n_unique(): polars 1.0 counts no decimals)
        nw = self.nw
        out = self._within(grid, within).group_by(SCORE).agg(nw.len().alias("rows")).select(nw.len().alias("n"))
        out = out.collect() if hasattr(out, "collect") else out
        return int(out.to_dict(as_series=False)["n"][0])

    def _within(self, grid, within):
        return self.frame.with_columns(grid.index(self.nw).alias(BIN)).filter(self.nw.col(BIN).is_in(within.tolist()))

    def _collect(self, frame, keys, ranges=True):
        nw = self.nw
        aggs = [(nw.col(POS).count() if self.counted else nw.col(POS).sum()).alias("pos"), nw.len().alias("rows")]
        if ranges:
            aggs += [nw.col(SCORE).min().alias("lo"), nw.col(SCORE).max().alias("hi")]
        if not self.counted:
            aggs.append(nw.col(NEG).sum().alias("neg"))
        from .._frames import numpy_columns

        out = frame.group_by(*keys).agg(*aggs)
        if self.text_keys:
            named = {*keys, *(("lo", "hi") if ranges else ())}  # not out.columns: polars 1.0 warns on a lazy frame's
            out = out.with_columns(*[nw.col(c).cast(nw.String) for c in ("lo", "hi", SCORE) if c in named])
        cols = numpy_columns(out)
        for k in list(cols):
            if k in ("lo", "hi", SCORE):
                cols[k] = score_array(cols[k], self.kind)
            else:
                cols[k] = np.asarray(cols[k]).astype(np.int64 if k in (BIN, SUB, "rows") else float, copy=False)
        if self.counted:
            cols["neg"] = cols["rows"] - cols["pos"]
        edges = (cols[keys[0]],) if not ranges else (cols["lo"], cols["hi"])
        if (ranges and np.any(cols[BIN] < 0)) or not all(_finite(e) for e in edges):
            self.refuse_nonfinite()
        return cols


def score_array(values, kind):
    """Scores brought back by an engine as numpy: integers exactly (int64 or uint64), others as float64.

    Scores that numpy holds in no native type (decimals, 128-bit integers) arrive as text, so
    that each is converted once, correctly rounded (an engine's own cast of a decimal to a
    double may be an ulp off: 12345678901234.567 became ...4.568).
    """
    arr = np.asarray(values)
    if arr.dtype.kind in "OUS":
        items = arr.tolist()
        if kind in "iu":
            ints = [int(v) for v in items]
            if ints and (min(ints) < -(2**63) or max(ints) >= 2**64):
                raise ValueError("y_score column holds integers beyond 64 bits; cast it to a float column (or "
                                 "rank it) first")
            return np.array(ints, dtype=np.uint64 if ints and min(ints) >= 0 and max(ints) >= 2**63 else np.int64)
        return np.array([float(v) for v in items], dtype=float)
    if arr.dtype.kind in "iu":
        # Every integer type in int64, but for uint64 values beyond its range (no overflow when negated).
        return arr if arr.dtype == np.uint64 and arr.size and arr.max() >= 2**63 else arr.astype(np.int64)
    return arr.astype(float)


def _finite(a):
    return a.dtype.kind in "iu" or bool(np.isfinite(a).all())


def _wide(a):
    """Scores as floats, for grids and widths (integers beyond 2**53 rounded, which keeps their order)."""
    return np.asarray(a).astype(float)


def merged_bins(lo, hi, pos, neg):
    """Bins whose score ranges meet as doubles merged into one: ``(lo, hi, pos, neg, group)``.

    Distinct decimals (or other scores converted to float64) may round to one
    double, and an engine's own cast, which places a row in a bin, may be an
    ulp off the correctly rounded value the bin's range is measured in
    (pyarrow: 1 in 80 of DECIMAL(17, 3)), so neighbouring bins, first-grid or
    refined, can share an edge or overlap.  The union of such bins is still a
    valid bin (only a coarser bracket).  ``group[i]`` is the merged bin of
    input bin ``i``.  Integer scores are compared as integers and never meet.
    """
    lo, hi, pos, neg = (np.asarray(a) for a in (lo, hi, pos, neg))
    group = np.arange(lo.size)
    if lo.dtype.kind != "f" or lo.size < 2:
        return lo, hi, pos, neg, group
    order = np.argsort(hi, kind="stable")[::-1]
    slo, shi = lo[order], hi[order]
    # A bin meets the one above it when its top reaches the lowest score of every bin above (a chain).
    touch = np.minimum.accumulate(slo)[:-1] <= shi[1:]
    if not touch.any():
        return lo, hi, pos, neg, group
    first = np.concatenate(([True], ~touch))
    start = np.flatnonzero(first)
    group[order] = np.cumsum(first) - 1
    return (np.minimum.reduceat(slo, start), np.maximum.reduceat(shi, start), np.add.reduceat(pos[order], start),
            np.add.reduceat(neg[order], start), group)


def bounded_from(agg):
    """The bracketing curves of bins, bins whose edges met as doubles merged first (:func:`merged_bins`)."""
    lo, hi, pos, neg, _ = merged_bins(*(agg[k] for k in ("lo", "hi", "pos", "neg")))
    return BoundedOperatingPoints.from_bins(lo, hi, pos, neg)


def _bracket_of(parts):
    """The bracket of the refined bins, and each bin's share of its width (a merged bin's spread evenly)."""
    lo, hi, pos, neg, group = merged_bins(parts["lo"], parts["hi"], parts["pos"], parts["neg"])
    bounded = BoundedOperatingPoints.from_bins(lo, hi, pos, neg)

    def share():
        merged = bounded.width_by_bin(input_order=True)
        return merged[group] / np.bincount(group)[group]

    return bounded, share


def exact_or_bracket(binning, lo, hi, n_rows, max_groups):
    """Exact points when the distinct scores are few enough; else the bracket of the finest grid.

    A coarse grid first (cheap: a small hash table), then one of ``max_groups``
    bins; the first whose bins each hold one score gives the exact counts.
    """
    if n_rows > max_groups:
        for n_bins in sorted({min(_COARSE_BINS, max_groups), max_groups}):
            agg = binning.collect(Grid(lo, hi, n_bins, measured=binning.doubles))
            shared = agg["lo"] < agg["hi"]
            if not shared.any():
                return OperatingPoints.from_score_counts(agg["lo"], agg["pos"], agg["neg"])
        if (~shared).sum() + agg["rows"][shared].sum() > max_groups:
            return bounded_from(agg)
    # At most max_groups distinct scores: group by the score itself.
    agg = binning.by_score()
    return OperatingPoints.from_score_counts(agg["lo"], agg["pos"], agg["neg"])


def refine(binning, grid, agg, tolerance, max_groups):
    """The bracket, splitting the bins that hold most of its width until it is at most ``tolerance``.

    Each round re-aggregates the chosen first-grid bins, in one scan grouped
    by first-grid bin and sub-bin (so no sub-bin straddles two bins).  The
    sub-grid spans only the chosen bins' measured scores, ``[L, H]``, so
    scores packed against an outlier are split as finely as scores spread
    over the whole range; its size at least doubles each round, within
    ``max_groups`` groups.  Bins are chosen by their share of the width,
    largest first, until the unchosen ones hold at most half the tolerance.
    Chosen bins are grouped by the score itself instead when that fits in
    ``max_groups``: at once when they hold few enough rows, and when a
    sub-grid can split them no further (integers closer than a double's
    resolution, 1e-300 beside 1e300: a grid works in doubles, a ``GROUP BY``
    of the score in the column's own type).  Bins of one score each leave
    only the bracket's rounding bound.  When the tolerance cannot be met
    (more distinct scores than ``max_groups``, or a tolerance below the
    rounding bound), a ValueError names the width reached.
    """
    parts = {k: agg[k] for k in ("lo", "hi", "pos", "neg", "rows")}
    parts["parent"] = agg[BIN]
    first = None  # each first-grid bin's row in agg, found only when a sub-grid is needed (0.1 s at 2.5e5 bins)
    per_bin = 0.0  # sub-bins per chosen bin in the last round
    for _ in range(_MAX_ROUNDS):
        bounded, shares = _bracket_of(parts)
        # The promised width first (cheap); each bin's share only when some must be split.
        width = bounded.aucpr().width
        if width <= tolerance:
            return bounded
        share = shares()
        parents, which = np.unique(parts["parent"], return_inverse=True)
        per_parent = np.bincount(which, weights=share, minlength=parents.size)
        order = np.argsort(-per_parent)
        unchosen = share.sum() - np.cumsum(per_parent[order])
        n_pick = min(int(np.searchsorted(-unchosen, -0.5 * tolerance)) + 1, int(np.count_nonzero(per_parent > 0)))
        if n_pick == 0:  # every bin holds one score: what is left is the bracket's rounding bound
            break
        pick = parents[order[:n_pick]]
        chosen = np.isin(parts["parent"], pick)
        budget = max_groups - int(np.sum(~chosen))
        if int(parts["rows"][chosen].sum()) <= budget:  # every score of the chosen bins a group of its own
            fine = binning.by_score(grid, pick)
        else:
            need = per_parent[order[:n_pick]].sum() / (0.5 * tolerance)
            want = max(2.0 * per_bin, 2.0 ** np.ceil(np.log2(max(need, 2.0))))
            if first is None:
                first = dict(zip(agg[BIN].tolist(), range(agg[BIN].size), strict=True))
            rows = [first[p] for p in pick.tolist()]
            first_lo, first_hi = _wide(agg["lo"])[rows], _wide(agg["hi"])[rows]
            low, high = first_lo.min(), first_hi.max()
            spans = sum((first_hi - first_lo).tolist())  # summed in pick's order, one by one
            # A sub-grid of m bins over [L, H] cuts a chosen bin of measured width w into about m w / (H - L).
            ratio = (0.5 * high - 0.5 * low) / (0.5 * spans) if high > low and spans > 0 else np.inf
            m = min(want * n_pick * ratio, (budget - n_pick) * ratio, float(MAX_BINS))
            if np.isfinite(ratio) and budget > 2 * n_pick and m > per_bin * n_pick * ratio and m >= 2:
                per_bin = m / (n_pick * ratio)
                fine = binning.collect(grid, within=pick, sub=Grid(low, high, int(m)))
            elif binning.n_scores(grid, pick) <= budget:  # a grid in doubles splits them no further
                fine = binning.by_score(grid, pick)
            else:
                break
        parts = {k: np.concatenate((parts[k][~chosen], fine[BIN if k == "parent" else k])) for k in parts}
    bounded, _ = _bracket_of(parts)
    width = bounded.aucpr().width
    if width > tolerance:  # refused, not returned with a warning: the caller asked for this width
        raise ValueError(f"tolerance={tolerance:g} cannot be met: the AUCPR bracket is {width:.3g} wide with "
                         f"{len(bounded)} bins (max_groups={max_groups}); raise max_groups, or round the scores "
                         "if they are too close together to split, or ask for bins= instead")
    return bounded


def first_bins(tolerance, max_groups, per_tolerance=4.0, least=2**10):
    """``4 / tolerance`` bins, within [2**10, max_groups - 1] (the hash table's size sets the scan's cost).

    A grid of ``n`` bins gives up to ``n + 1`` groups (the top score's ``t = 1`` is a group of its own).
    """
    want = np.ceil(min(per_tolerance / tolerance, float(max_groups)))
    return int(min(max(want, least), max_groups - 1))
