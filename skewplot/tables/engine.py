"""Operating points of a table of any size, aggregated where the table lives.

:func:`operating_points_from` sends the scan and the aggregation to the
table's own engine -- DuckDB for files and DuckDB relations, polars, pandas,
PySpark, Ibis -- through one dataframe layer (narwhals), and brings back only
per-group weights: one row per distinct score when there are few enough (the
exact curve), or one row per score bin (two curves that bracket the exact
one, :class:`~skewplot.metrics.bounded.BoundedOperatingPoints`).

Passes over the data: counts, minima and maxima (answered from Parquet
metadata by DuckDB), a ``GROUP BY`` label (and a sum of the weights when
there are any), one ``GROUP BY`` bin over the scores, then, only when needed,
a ``GROUP BY`` score (exact mode) or a finer ``GROUP BY`` over the bins that
hold most of the bracket's width (``tolerance=``).  Tables reach narwhals
through :mod:`skewplot._frames`, the one dataframe layer.
"""

from __future__ import annotations

import numpy as np

from .._frames import lazy_frame, narwhals, numpy_columns, schema_of
from .._validate import check_int, check_scalar
from ..metrics.bounded import BoundedOperatingPoints
from ..metrics.points import OperatingPoints

__all__ = ["operating_points_from", "DEFAULT_MAX_GROUPS"]

#: Most groups brought back from the engine at once (about 40 bytes each).
DEFAULT_MAX_GROUPS = 2**20
# First grid of the tolerance mode: the AUCPR bracket of equal-width bins was measured at about
# 1 to 3 / bins wide on binormal scores; a second scan costs more than a finer first grid
# (1e8 rows, DuckDB: 0.9 s into 2**17 bins, 1.1 s into 4e5), so start at 4 / tolerance bins
# (one pass usually suffices) and refine where needed.
_FIRST_BINS_PER_TOLERANCE = 4.0
_MIN_FIRST_BINS = 2**10
_COARSE_BINS = 2**16  # first try of the exact mode
_MAX_ROUNDS = 6
# Column names of our own, unlikely to clash with the user's.
_POS, _NEG, _BIN, _SUB = "__skewplot_pos", "__skewplot_neg", "__skewplot_bin", "__skewplot_sub"


def operating_points_from(table, score, label, *, weight=None, pos_label=1, soft_labels=False, bins=None,
                          tolerance=None, max_groups=DEFAULT_MAX_GROUPS, nulls="raise", progress=False):
    """Operating points of a table, computed by the table's engine.

    Parameters
    ----------
    table : DataFrame, LazyFrame, relation, str or path
        A pandas or polars DataFrame or LazyFrame, a DuckDB relation, a
        PySpark DataFrame, an Ibis table (anything narwhals reads), or a path
        or glob of Parquet or CSV files (read by an embedded DuckDB, never
        loaded whole).
    score, label : str
        Column names of the score and the label.
    weight : str, optional
        Column of non-negative sample weights.
    pos_label : scalar, default=1
        Label value of the positive class (hard labels).
    soft_labels : bool, default=False
        The label column holds each row's positive fraction in [0, 1]
        (``OperatingPoints.from_weights``) instead of a class.
    bins : int, optional
        Aggregate into this many equal-width score bins and return the
        bracketing curves, even when an exact curve would fit.
    tolerance : float, optional
        Aggregate into bins, refining the bins that hold most of the gap,
        until the bracket of the continuous AUCPR at the data set's own skew
        is at most this wide (or ``max_groups`` bins are used).
    max_groups : int, default=2**20
        Most groups brought back from the engine.  Without ``bins`` and
        ``tolerance`` the curve is exact when the scores that share a bin
        number at most this many rows; otherwise the result is bracketing.
    nulls : {"raise", "drop"}, default="raise"
        Rows with a missing score, label or weight: refuse them (the error
        counts them) or leave them out.
    progress : bool, default=False
        Show DuckDB's progress bar while it scans files (``table`` a path).

    Returns
    -------
    OperatingPoints or BoundedOperatingPoints
        Exact points (identical to :func:`skewplot.operating_points` of the
        same rows) or, with ``bins``/``tolerance`` or too many distinct
        scores, the two curves that bracket them; every area function
        returns a :class:`~skewplot.metrics.bounded.Bracket` for the latter.

    Examples
    --------
    >>> import pandas as pd, skewplot as sp
    >>> df = pd.DataFrame({"s": [0.1, 0.4, 0.35, 0.8], "y": [0, 0, 1, 1]})
    >>> sp.operating_points_from(df, "s", "y").tp.tolist()
    [0.0, 1.0, 1.0, 2.0, 2.0]
    >>> sp.roc_auc(sp.operating_points_from(df, "s", "y", bins=2))
    Bracket(low=0.5, high=1, width=0.5)
    """
    nw = narwhals()
    bins = None if bins is None else check_int(bins, "bins", lo=1)
    max_groups = check_int(max_groups, "max_groups", lo=2)
    if tolerance is not None:
        tolerance = check_scalar(tolerance, "tolerance", lo=0.0, lo_open=True)
    if nulls not in ("raise", "drop"):
        raise ValueError(f"nulls must be one of 'raise', 'drop'; got {nulls!r}")
    if not isinstance(soft_labels, (bool, np.bool_)):
        raise TypeError(f"soft_labels must be True or False, got {type(soft_labels).__name__}")
    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True or False, got {type(progress).__name__}")
    frame = lazy_frame(table, progress)
    names = {"score": score, "label": label} | ({} if weight is None else {"weight": weight})
    schema = schema_of(frame, names)
    for arg in ("score", "weight") + (("label",) if soft_labels else ()):
        if arg in names and not schema[names[arg]].is_numeric():
            raise TypeError(f"{arg} column {names[arg]!r} must be numeric, got {schema[names[arg]]}")
    frame = frame.select(*dict.fromkeys(names.values()))  # only the columns needed
    if nulls == "drop":
        frame = frame.filter(*[~nw.col(c).is_null() for c in names.values()])
    # Unweighted hard labels: count the positives; the negatives are the rest of the rows.
    counted = weight is None and not soft_labels
    frame = _with_weights(frame, nw, label, weight, pos_label, soft_labels, counted)
    lo, hi, n_rows = _checked_range(frame, nw, score, label, weight, pos_label, soft_labels,
                                    schema[label].is_integer())
    bin_ = _Binning(frame, nw, score, counted)
    if bins is None and tolerance is None:
        return _exact_or_bracket(bin_, lo, hi, n_rows, max_groups)
    n_bins = bins if bins is not None else _first_bins(tolerance, max_groups)
    grid = _Grid(lo, hi, n_bins)
    agg = bin_.collect(grid)
    if tolerance is not None:
        return _refine(bin_, grid, agg, tolerance, max_groups)
    return BoundedOperatingPoints.from_bins(agg["lo"], agg["hi"], agg["pos"], agg["neg"])


# ---------------------------------------------------------------- checks
def _with_weights(frame, nw, label, weight, pos_label, soft_labels, counted):
    """Add each row's positive weight (and its negative weight unless ``counted``)."""
    frac = nw.col(label).cast(nw.Float64) if soft_labels else (nw.col(label) == pos_label).cast(nw.Float64)
    if counted:
        return frame.with_columns(frac.alias(_POS))
    w = nw.col(weight).cast(nw.Float64) if weight is not None else nw.lit(1.0, nw.Float64)
    return frame.with_columns((w * frac).alias(_POS), (w * (1.0 - frac)).alias(_NEG))


def _row(frame):
    out = frame.collect() if hasattr(frame, "collect") else frame
    return {k: v[0] for k, v in out.to_dict(as_series=False).items()}


def _count(condition, nw):
    """Rows where ``condition`` holds (Spark sums no booleans)."""
    return condition.cast(nw.Int64).sum()


def _checked_range(frame, nw, score, label, weight, pos_label, soft_labels, label_is_integer):
    """Refuse bad tables before the long scans; return the score range and the number of rows.

    The first query holds only counts, minima and maxima, which DuckDB
    answers from Parquet metadata without reading the data; then the label
    and weight columns are read, never the scores (nor the label when it is
    an integer column whose extremes differ by one: then it holds those two
    values and no other).  Non-finite scores hidden from the range (polars'
    minimum skips NaN, Parquet statistics leave NaN out) are caught by the
    binning.
    """
    s = nw.col(score)
    exprs = {"n": nw.len(), "lo": s.min(), "hi": s.max(), "n_score": s.count(), "n_label": nw.col(label).count()}
    if weight is not None:
        exprs["n_weight"] = nw.col(weight).count()
    # An integer label whose largest value exceeds its smallest by one holds exactly those two values.
    two_ints = not soft_labels and label_is_integer
    if two_ints:
        exprs["label_lo"], exprs["label_hi"] = nw.col(label).min(), nw.col(label).max()
    row = _row(frame.select(**exprs))
    n = int(row["n"])
    if not n:
        raise ValueError("table has no rows")
    for arg in ("score", "label", "weight"):
        if row.get(f"n_{arg}", n) < n:
            raise ValueError(f"{arg} column has {n - int(row[f'n_{arg}'])} missing values (pass nulls='drop' to "
                             "leave those rows out)")
    if not (np.isfinite(row["lo"]) and np.isfinite(row["hi"])):
        _refuse_nonfinite(frame, nw, score)
    if weight is not None or soft_labels:
        _check_weights(frame, nw, label, weight, pos_label, soft_labels)
    if two_ints and int(row["label_hi"]) - int(row["label_lo"]) <= 1:
        values = sorted({int(row["label_lo"]), int(row["label_hi"])})
    elif not soft_labels:
        # A GROUP BY of its own (narwhals' unique() numbers rows in a window, which buffers the input).
        values = frame.group_by(label).agg(nw.len().alias(_BIN)).head(3)
        values = (values.collect() if hasattr(values, "collect") else values).to_dict(as_series=False)[label]
    if not soft_labels:
        if len(values) > 2:
            n_labels = int(_row(frame.select(nw.col(label).n_unique().alias("n")))["n"])
            raise ValueError(f"label column holds {n_labels} distinct values; hard labels need two "
                             "(pass soft_labels=True for positive fractions in [0, 1])")
        if not any(v == pos_label for v in values):
            raise ValueError(f"no positive weight: pos_label={pos_label!r} does not occur in the label column")
        if all(v == pos_label for v in values):
            raise ValueError("no negative weight: every row of the table is positive")
    return float(row["lo"]), float(row["hi"]), n


def _check_weights(frame, nw, label, weight, pos_label, soft_labels):
    """One pass over the label and weight columns: signs, finiteness, both classes weighed."""
    total = nw.col(_POS) + nw.col(_NEG)
    exprs = {"pos": nw.col(_POS).sum(), "neg": nw.col(_NEG).sum(), "neg_w": _count(total < 0, nw),
             "bad_w": _count(~total.is_finite(), nw)}
    if soft_labels:
        exprs["lab_lo"], exprs["lab_hi"] = nw.col(label).min(), nw.col(label).max()
    row = {k: float(v) for k, v in _row(frame.select(**exprs)).items()}
    if row["bad_w"]:
        raise ValueError(f"{'weight' if weight else 'label'} column has {int(row['bad_w'])} non-finite values")
    if row["neg_w"]:
        raise ValueError(f"weight column has {int(row['neg_w'])} negative values; weights must be >= 0")
    if soft_labels and (row["lab_lo"] < 0 or row["lab_hi"] > 1):
        raise ValueError(f"label column must hold fractions in [0, 1] with soft_labels=True, found values in "
                         f"[{row['lab_lo']:g}, {row['lab_hi']:g}]")
    if row["pos"] <= 0:
        raise ValueError(f"no positive weight: pos_label={pos_label!r} does not occur in the label column "
                         "(or its rows weigh 0)")
    if row["neg"] <= 0:
        raise ValueError("no negative weight: every row of the table is positive (or the others weigh 0)")


def _refuse_nonfinite(frame, nw, score):
    k = int(_row(frame.select(_count(~nw.col(score).is_finite(), nw).alias("k")))["k"])
    raise ValueError(f"score column has {k} non-finite values; every score must be finite")


# ---------------------------------------------------------------- aggregation
class _Grid:
    """Equal-width bins of [lo, hi]; bin ``k`` of ``n`` is floor((s - lo) n / (hi - lo))."""

    def __init__(self, lo, hi, n):
        self.lo, self.hi, self.n = lo, hi, n

    def index(self, nw, score, factor=1):
        """The bin of each row's score; -1 for a score that is not finite."""
        n = self.n * factor
        s = nw.col(score)
        if self.hi == self.lo:
            inside = nw.lit(0.0, nw.Float64)
        else:
            # Any non-decreasing map of the score gives bins that do not overlap (their edges are
            # the measured minima and maxima), so no clipping: the largest score may make bin n.
            inside = ((s - self.lo) * (n / (self.hi - self.lo))).floor()
        # The cast comes last: a NaN never reaches it (engines refuse to cast NaN to an integer).
        return nw.when(s.is_finite()).then(inside).otherwise(-1.0).cast(nw.Int64)


class _Binning:
    """The ``GROUP BY`` queries of one table: per-group score range and class weights."""

    def __init__(self, frame, nw, score, counted):
        self.frame, self.nw, self.score, self.counted = frame, nw, score, counted

    def collect(self, grid, *, within=None, factor=1):
        """Weights per bin of ``grid``; with ``within``, only those bins, split ``factor`` times finer."""
        nw = self.nw
        frame = self.frame.with_columns(grid.index(nw, self.score).alias(_BIN))
        keys = [_BIN]
        if within is not None:
            frame = frame.filter(nw.col(_BIN).is_in(within.tolist()))
            frame = frame.with_columns(grid.index(nw, self.score, factor).alias(_SUB))
            keys.append(_SUB)
        return self._collect(frame, keys)

    def by_score(self):
        """Weights per distinct score."""
        out = self._collect(self.frame, [self.score], ranges=False)
        out["lo"] = out["hi"] = out.pop(self.score)
        return out

    def _collect(self, frame, keys, ranges=True):
        nw = self.nw
        aggs = [nw.col(_POS).sum().alias("pos"), nw.len().alias("rows")]
        if ranges:
            aggs += [nw.col(self.score).min().alias("lo"), nw.col(self.score).max().alias("hi")]
        if not self.counted:
            aggs.append(nw.col(_NEG).sum().alias("neg"))
        out = frame.group_by(*keys).agg(*aggs)
        cols = {k: v.astype(np.int64 if k in (_BIN, _SUB, "rows") else float, copy=False)
                for k, v in numpy_columns(out).items()}
        if self.counted:
            cols["neg"] = cols["rows"] - cols["pos"]
        edges = (cols[keys[0]],) if not ranges else (cols["lo"], cols["hi"])
        if (ranges and np.any(cols[_BIN] < 0)) or not all(np.isfinite(e).all() for e in edges):
            _refuse_nonfinite(self.frame, nw, self.score)
        return cols


def _exact_or_bracket(binning, lo, hi, n_rows, max_groups):
    """Exact points when the distinct scores are few enough; else the bracket of the finest grid.

    A coarse grid first (cheap: a small hash table), then one of ``max_groups``
    bins; the first whose bins each hold one score gives the exact counts.
    """
    if n_rows > max_groups:
        for n_bins in sorted({min(_COARSE_BINS, max_groups), max_groups}):
            agg = binning.collect(_Grid(lo, hi, n_bins))
            shared = agg["lo"] < agg["hi"]
            if not shared.any():
                return OperatingPoints.from_score_counts(agg["lo"], agg["pos"], agg["neg"])
        if (~shared).sum() + agg["rows"][shared].sum() > max_groups:
            return BoundedOperatingPoints.from_bins(agg["lo"], agg["hi"], agg["pos"], agg["neg"])
    # At most max_groups distinct scores: group by the score itself.
    agg = binning.by_score()
    return OperatingPoints.from_score_counts(agg["lo"], agg["pos"], agg["neg"])


def _refine(binning, grid, agg, tolerance, max_groups):
    """The bracket, splitting the bins that hold most of its width until it is at most ``tolerance``.

    Each round re-aggregates the chosen first-grid bins on a grid ``factor``
    times finer, in one scan grouped by first-grid bin and sub-bin (so no
    sub-bin straddles two bins); the factor at least doubles each round.
    Bins are chosen by their share of the width, largest first, until the
    unchosen ones hold at most half the tolerance.
    """
    parts = {k: agg[k] for k in ("lo", "hi", "pos", "neg")}
    parts["parent"] = agg[_BIN]
    factor = 1
    for _ in range(_MAX_ROUNDS):
        bounded = BoundedOperatingPoints.from_bins(parts["lo"], parts["hi"], parts["pos"], parts["neg"])
        # The promised width first (cheap); each bin's share only when some must be split.
        if bounded.aucpr().width <= tolerance:
            break
        share = bounded.width_by_bin(input_order=True)
        width = share.sum()
        parents, which = np.unique(parts["parent"], return_inverse=True)
        per_parent = np.bincount(which, weights=share, minlength=parents.size)
        order = np.argsort(-per_parent)
        unchosen = width - np.cumsum(per_parent[order])
        n_pick = min(int(np.searchsorted(-unchosen, -0.5 * tolerance)) + 1, parents.size)
        pick = parents[order[:n_pick]]
        need = per_parent[order[:n_pick]].sum() / (0.5 * tolerance)
        factor = min(max(2 * factor, 2 ** int(np.ceil(np.log2(max(need, 2.0))))), max_groups // n_pick)
        if factor <= 1:
            break
        fine = binning.collect(grid, within=pick, factor=factor)
        keep = ~np.isin(parts["parent"], pick)
        parts = {k: np.concatenate((parts[k][keep], fine[_BIN if k == "parent" else k])) for k in parts}
    else:
        bounded = BoundedOperatingPoints.from_bins(parts["lo"], parts["hi"], parts["pos"], parts["neg"])
    return bounded


def _first_bins(tolerance, max_groups):
    """``4 / tolerance`` bins, within [2**10, max_groups] (the hash table's size sets the scan's cost)."""
    want = np.ceil(min(_FIRST_BINS_PER_TOLERANCE / tolerance, float(max_groups)))
    return int(min(max(want, _MIN_FIRST_BINS), max_groups))
