"""Operating points of a table of any size, aggregated where the table lives.

:func:`operating_points_from` sends the scan and the aggregation to the
table's own engine -- DuckDB for files and DuckDB relations, polars, pandas,
PySpark, Ibis -- through one dataframe layer (narwhals), and brings back only
per-group weights: one row per distinct score when there are few enough (the
exact curve), or one row per score bin (two curves that bracket the exact
one, :class:`~skewplot.metrics.bounded.BoundedOperatingPoints`).

Passes over the data: one for totals and checks, one ``GROUP BY`` bin, then,
only when needed, a ``GROUP BY`` score over the bins holding several scores
(exact mode) or a finer ``GROUP BY`` over the bins that hold most of the
bracket's width (``tolerance=``).
"""

from __future__ import annotations

import glob
import os

import numpy as np

from .._validate import check_scalar
from ..metrics.bounded import BoundedOperatingPoints
from ..metrics.points import OperatingPoints

__all__ = ["operating_points_from", "DEFAULT_MAX_GROUPS"]

#: Most groups brought back from the engine at once (about 40 bytes each).
DEFAULT_MAX_GROUPS = 2**20
# First grid of the tolerance mode: the AUCPR bracket of equal-width bins was measured at about
# 1 to 3 / bins wide on binormal scores: start at 1 / tolerance bins and refine where needed.
_FIRST_BINS_PER_TOLERANCE = 1.0
_MIN_FIRST_BINS = 2**10
_COARSE_BINS = 2**16  # first try of the exact mode
_MAX_ROUNDS = 6
_FILE_READERS = {".parquet": "read_parquet", ".pq": "read_parquet", ".csv": "read_csv", ".tsv": "read_csv",
                 ".txt": "read_csv", ".gz": "read_csv"}
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
    import narwhals.stable.v2 as nw

    bins = None if bins is None else _check_count(bins, "bins", 1)
    max_groups = _check_count(max_groups, "max_groups", 2)
    if tolerance is not None:
        tolerance = check_scalar(tolerance, "tolerance", lo=0.0, lo_open=True)
    if nulls not in ("raise", "drop"):
        raise ValueError(f"nulls must be one of 'raise', 'drop'; got {nulls!r}")
    if not isinstance(soft_labels, (bool, np.bool_)):
        raise TypeError(f"soft_labels must be True or False, got {type(soft_labels).__name__}")
    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True or False, got {type(progress).__name__}")
    frame = _lazy_frame(table, nw, progress)
    frame = _checked_columns(frame, nw, score=score, label=label, weight=weight, soft_labels=soft_labels)
    frame = _with_weights(frame, nw, score, label, weight, pos_label, soft_labels, nulls)
    lo, hi, n_rows = _totals(frame, nw, score, label, pos_label, soft_labels)
    if bins is None and tolerance is None:
        return _exact_or_bracket(frame, nw, score, lo, hi, n_rows, max_groups)
    n_bins = bins if bins is not None else _first_bins(tolerance, max_groups)
    grid = _Grid(lo, hi, n_bins)
    agg = _collect_bins(frame, nw, score, grid)
    if tolerance is not None:
        agg = _refine(frame, nw, score, grid, agg, tolerance, max_groups)
    return BoundedOperatingPoints.from_bins(agg["lo"], agg["hi"], agg["pos"], agg["neg"])


# ---------------------------------------------------------------- the table
def _lazy_frame(table, nw, progress=False):
    if isinstance(table, (str, os.PathLike)) or (isinstance(table, (list, tuple)) and table
                                                  and all(isinstance(t, (str, os.PathLike)) for t in table)):
        return nw.from_native(_read_files(table, progress))
    try:
        frame = nw.from_native(table)
    except TypeError:
        raise TypeError(
            "table must be a DataFrame or LazyFrame (pandas, polars, DuckDB, PySpark, Ibis) or a path "
            f"or glob of Parquet/CSV files, got {type(table).__name__}"
        ) from None
    return frame.lazy() if isinstance(frame, nw.DataFrame) else frame


def _read_files(paths, progress=False):
    import duckdb

    paths = [os.fspath(p) for p in ([paths] if isinstance(paths, (str, os.PathLike)) else paths)]
    files = []
    for p in paths:
        found = sorted(glob.glob(p)) if glob.has_magic(p) else ([p] if os.path.exists(p) else [])
        if not found:
            raise ValueError(f"table: no file matches {p!r}")
        if any(os.path.isdir(f) for f in found):
            raise ValueError(f"table: {p!r} is a folder; give a file or a glob such as 'folder/*.parquet'")
        files += found
    kinds = {_FILE_READERS.get(os.path.splitext(f.lower())[1]) for f in files}
    if None in kinds or len(kinds) != 1:
        raise ValueError("table: files must all be Parquet (.parquet, .pq) or all CSV (.csv, .tsv, .csv.gz); "
                         f"got {', '.join(sorted({os.path.splitext(f)[1] or '(none)' for f in files}))}")
    con = duckdb.connect()
    con.execute(f"SET enable_progress_bar = {'true' if progress else 'false'}")
    reader = getattr(con, kinds.pop())
    try:
        return reader(files)
    except duckdb.Error as exc:
        raise ValueError(f"table: DuckDB could not read {files[0]!r}: {str(exc).splitlines()[0]}") from None


def _checked_columns(frame, nw, *, score, label, weight, soft_labels):
    schema = frame.collect_schema()
    for arg, col in (("score", score), ("label", label), ("weight", weight)):
        if col is None and arg == "weight":
            continue
        if not isinstance(col, str):
            raise TypeError(f"{arg} must be a column name (str), got {type(col).__name__}")
        if col not in schema:
            names = ", ".join(list(schema)[:12])
            raise ValueError(f"{arg}={col!r} is not a column of the table (columns: {names})")
    for arg, col in (("score", score), ("weight", weight)) + ((("label", label),) if soft_labels else ()):
        if col is not None and not schema[col].is_numeric():
            raise TypeError(f"{arg} column {col!r} must be numeric, got {schema[col]}")
    return frame


def _with_weights(frame, nw, score, label, weight, pos_label, soft_labels, nulls):
    """Add the positive and negative weight of each row."""
    cols = [c for c in (score, label, weight) if c is not None]
    if nulls == "drop":
        frame = frame.filter(*[~nw.col(c).is_null() for c in cols])
    w = nw.col(weight).cast(nw.Float64) if weight is not None else nw.lit(1.0, nw.Float64)
    frac = nw.col(label).cast(nw.Float64) if soft_labels else (nw.col(label) == pos_label).cast(nw.Float64)
    return frame.with_columns((w * frac).alias(_POS), (w * (1.0 - frac)).alias(_NEG))


def _row(frame):
    out = frame.collect() if hasattr(frame, "collect") else frame
    return {k: v[0] for k, v in out.to_dict(as_series=False).items()}


def _count(condition, nw):
    """Rows where ``condition`` holds (Spark sums no booleans)."""
    return condition.cast(nw.Int64).sum()


def _totals(frame, nw, score, label, pos_label, soft_labels):
    """One pass: refuse bad rows and single-class data; return the score range."""
    s = nw.col(score)
    exprs = {
        "n": nw.len(),
        "null_score": _count(s.is_null(), nw),
        "null_label": _count(nw.col(label).is_null(), nw),
        "nonfinite": _count(~s.is_finite(), nw),
        "lo": s.min(), "hi": s.max(),
        "pos": nw.col(_POS).sum(), "neg": nw.col(_NEG).sum(),
        "neg_w": _count(nw.col(_POS) + nw.col(_NEG) < 0, nw),
        "bad_w": _count(~(nw.col(_POS) + nw.col(_NEG)).is_finite(), nw),
    }
    if soft_labels:
        exprs["lab_lo"], exprs["lab_hi"] = nw.col(label).min(), nw.col(label).max()
    row = {k: (None if v is None else (float(v) if k not in ("lo", "hi") else v)) for k, v in
           _row(frame.select(**exprs)).items()}
    if not soft_labels:
        # On its own: beside other aggregates a distinct count makes DuckDB buffer the whole input.
        row["n_labels"] = float(_row(frame.select(nw.col(label).n_unique().alias("n")))["n"])
    if not row["n"]:
        raise ValueError("table has no rows")
    for key, arg in (("null_score", "score"), ("null_label", "label")):
        if row[key]:
            raise ValueError(f"{arg} column has {int(row[key])} missing values (pass nulls='drop' to leave "
                             "those rows out)")
    if row["bad_w"]:
        raise ValueError(f"weight column has {int(row['bad_w'])} missing or non-finite values")
    if row["neg_w"]:
        raise ValueError(f"weight column has {int(row['neg_w'])} negative values; weights must be >= 0")
    if row["nonfinite"]:
        raise ValueError(f"score column has {int(row['nonfinite'])} non-finite values; every score must be finite")
    if soft_labels:
        if row["lab_lo"] < 0 or row["lab_hi"] > 1:
            raise ValueError(f"label column must hold fractions in [0, 1] with soft_labels=True, found values in "
                             f"[{row['lab_lo']:g}, {row['lab_hi']:g}]")
    elif row["n_labels"] > 2:
        raise ValueError(f"label column holds {int(row['n_labels'])} distinct values; hard labels need two "
                         "(pass soft_labels=True for positive fractions in [0, 1])")
    if row["pos"] <= 0:
        raise ValueError(f"no positive weight: pos_label={pos_label!r} does not occur in the label column "
                         "(or its rows weigh 0)")
    if row["neg"] <= 0:
        raise ValueError("no negative weight: every row of the table is positive")
    return float(row["lo"]), float(row["hi"]), int(row["n"])


# ---------------------------------------------------------------- aggregation
class _Grid:
    """Equal-width bins of [lo, hi]; bin ``k`` of ``n`` is floor((s - lo) n / (hi - lo))."""

    def __init__(self, lo, hi, n):
        self.lo, self.hi, self.n = lo, hi, n

    def index(self, nw, score, factor=1):
        n = self.n * factor
        if self.hi == self.lo:
            return nw.lit(0, nw.Int64)
        scale = n / (self.hi - self.lo)
        return ((nw.col(score) - self.lo) * scale).floor().clip(0, n - 1).cast(nw.Int64)


def _collect(frame, keys, nw, score):
    agg = frame.group_by(*keys).agg(nw.col(score).min().alias("lo"), nw.col(score).max().alias("hi"),
                                    nw.col(_POS).sum().alias("pos"), nw.col(_NEG).sum().alias("neg"),
                                    nw.len().alias("rows"))
    out = agg.collect() if hasattr(agg, "collect") else agg
    cols = out.to_dict(as_series=False)
    return {k: np.asarray(v, dtype=np.int64 if k in keys or k == "rows" else float) for k, v in cols.items()}


def _collect_bins(frame, nw, score, grid):
    return _collect(frame.with_columns(grid.index(nw, score).alias(_BIN)), [_BIN], nw, score)


def _exact_or_bracket(frame, nw, score, lo, hi, n_rows, max_groups):
    """Exact points when the distinct scores are few enough; else the bracket of the finest grid.

    A coarse grid first (cheap: a small hash table), then one of ``max_groups``
    bins; the first whose bins each hold one score gives the exact counts.
    """
    if n_rows > max_groups:
        for n_bins in sorted({min(_COARSE_BINS, max_groups), max_groups}):
            agg = _collect_bins(frame, nw, score, _Grid(lo, hi, n_bins))
            shared = agg["lo"] < agg["hi"]
            if not shared.any():
                return OperatingPoints.from_score_counts(agg["lo"], agg["pos"], agg["neg"])
        if (~shared).sum() + agg["rows"][shared].sum() > max_groups:
            return BoundedOperatingPoints.from_bins(agg["lo"], agg["hi"], agg["pos"], agg["neg"])
    # At most max_groups distinct scores: group by the score itself.
    out = frame.group_by(score).agg(nw.col(_POS).sum().alias("pos"), nw.col(_NEG).sum().alias("neg"))
    cols = (out.collect() if hasattr(out, "collect") else out).to_dict(as_series=False)
    return OperatingPoints.from_score_counts(*(np.asarray(cols[k], dtype=float) for k in (score, "pos", "neg")))


def _refine(frame, nw, score, grid, agg, tolerance, max_groups):
    """Split the bins holding most of the bracket's width until it is at most ``tolerance``.

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
        share = bounded.width_by_bin(input_order=True)
        share = np.pad(share, (0, len(parts["lo"]) - share.size))
        width = share.sum()
        if width <= tolerance:
            break
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
        inner = (frame.with_columns(grid.index(nw, score).alias(_BIN))
                 .filter(nw.col(_BIN).is_in(pick.tolist()))
                 .with_columns(grid.index(nw, score, factor).alias(_SUB)))
        fine = _collect(inner, [_BIN, _SUB], nw, score)
        keep = ~np.isin(parts["parent"], pick)
        parts = {k: np.concatenate((parts[k][keep], fine[_BIN if k == "parent" else k])) for k in parts}
    return parts


def _first_bins(tolerance, max_groups):
    """A power of two near ``1 / tolerance``, within [2**10, max_groups]."""
    want = 2 ** int(np.ceil(np.log2(_FIRST_BINS_PER_TOLERANCE / tolerance)))
    return int(min(max(want, _MIN_FIRST_BINS), max_groups))


def _check_count(value, name, lo):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number, got {type(value).__name__}")
    if value < lo:
        raise ValueError(f"{name} must be at least {lo}, got {int(value)}")
    return int(value)
