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

import numbers
import os
import warnings

import numpy as np

from .._frames import first_row, lazy_frame, narwhals, schema_of
from .._memory import check_memory
from .._validate import check_int, check_scalar
from ._binning import MAX_BINS, NEG, POS, SCORE, Binning, Grid, bounded_from, exact_or_bracket, first_bins, refine

__all__ = ["operating_points_from", "DEFAULT_MAX_GROUPS"]

#: Most groups brought back from the engine at once (about 40 bytes each).
DEFAULT_MAX_GROUPS = 2**20
# First grid of the tolerance mode: the AUCPR bracket of equal-width bins was measured at about
# 1 to 3 / bins wide on binormal scores; a second scan costs more than a finer first grid
# (1e8 rows, DuckDB: 0.9 s into 2**17 bins, 1.1 s into 4e5), so start at 4 / tolerance bins
# (one pass usually suffices) and refine where needed.
_FIRST_BINS_PER_TOLERANCE = 4.0
_MIN_FIRST_BINS = 2**10
# Bytes per group brought back: its keys, weights and range, and the arrays of the points built from it.
_BYTES_PER_GROUP = 160
# The label and weight columns, renamed like the score (no user name reaches a query after the first select).
_LABEL, _WEIGHT = "__skewplot_label", "__skewplot_weight"
# Modules whose exceptions are the engine's own (wrapped into one ValueError naming the table).
_ENGINE_MODULES = ("duckdb", "_duckdb", "polars", "pandas", "pyarrow", "pyspark", "py4j", "ibis", "narwhals",
                   "sqlglot", "numpy")


def operating_points_from(table, y_score=None, y_true=None, *, sample_weight=None, pos_label=None, soft_labels=False,
                          bins=None, tolerance=None, max_groups=DEFAULT_MAX_GROUPS, nulls="raise", progress=False,
                          score=None, label=None, weight=None):
    """Operating points of a table, computed by the table's engine.

    Parameters
    ----------
    table : DataFrame, LazyFrame, relation, str or path
        A pandas or polars DataFrame or LazyFrame, a DuckDB relation, a
        PySpark DataFrame, an Ibis table (anything narwhals reads), or a path
        or glob of Parquet or CSV files (read by an embedded DuckDB, never
        loaded whole).
    y_score, y_true : str
        Column names of the scores and the labels (the keywords every
        metric and plot takes with ``data=``).
    sample_weight : str, optional
        Column of non-negative sample weights.
    pos_label : scalar, optional
        Label value of the positive class (hard labels).  None, as
        everywhere: inferred from labels {0, 1}, {-1, 1} or bool (the
        positive class 1 or True); other labels need it.
    soft_labels : bool, default=False
        The label column holds each row's positive fraction in [0, 1]
        (``OperatingPoints.from_weights``) instead of a class.
    bins : int, optional
        Aggregate into this many equal-width score bins and return the
        bracketing curves, even when an exact curve would fit.
    tolerance : float, optional
        Aggregate into bins, refining the bins that hold most of the gap,
        until the bracket of the continuous AUCPR at the data set's own skew
        is at most this wide; a tolerance that ``max_groups`` bins cannot
        meet is refused with the width they reach.
    max_groups : int, default=2**20
        Most groups brought back from the engine.  Without ``bins`` and
        ``tolerance`` the curve is exact when the scores that share a bin
        number at most this many rows; otherwise the result is bracketing.
    nulls : {"raise", "drop"}, default="raise"
        Rows with a missing score, label or weight: refuse them (the error
        counts them) or leave them out.
    progress : bool, default=False
        Show DuckDB's progress bar while it scans files (``table`` a path).
    score, label, weight : str, optional
        Deprecated spellings of ``y_score``, ``y_true`` and ``sample_weight``
        (they still work, with a :class:`DeprecationWarning`, for one release).

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
    >>> sp.operating_points_from(df, y_score="s", y_true="y").tp.tolist()
    [0.0, 1.0, 1.0, 2.0, 2.0]
    >>> sp.roc_auc(sp.operating_points_from(df, y_score="s", y_true="y", bins=2))
    Bracket(low=0.5, high=1, width=0.5)
    """
    bins = None if bins is None else check_int(bins, "bins", lo=1, hi=MAX_BINS,
                                               hi_name="2**53 (bins of a double's resolution)")
    max_groups = check_int(max_groups, "max_groups", lo=2)
    if tolerance is not None:
        tolerance = check_scalar(tolerance, "tolerance", lo=0.0, lo_open=True)
    if not isinstance(nulls, str) or nulls not in ("raise", "drop"):
        raise ValueError(f"nulls must be one of 'raise', 'drop'; got {nulls!r}")
    for name, flag in (("soft_labels", soft_labels), ("progress", progress)):
        if not isinstance(flag, (bool, np.bool_)):
            raise TypeError(f"{name} must be True or False, got {type(flag).__name__} {flag!r}")
    if pos_label is not None and (not isinstance(pos_label, (str, numbers.Number, np.generic))
                                  or pos_label != pos_label):
        raise TypeError(f"pos_label must be one label value (a number or a str), got {pos_label!r}")
    y_score, y_true, sample_weight = _renamed(dict(y_score=(y_score, "score", score), y_true=(y_true, "label", label),
                                                   sample_weight=(sample_weight, "weight", weight)))
    names = {"y_score": y_score, "y_true": y_true} | ({} if sample_weight is None else {"sample_weight": sample_weight})
    for role, col in names.items():
        if not isinstance(col, str):
            raise TypeError(f"{role} must be a column name (str), got {type(col).__name__}")
        if not col:
            raise ValueError(f"{role} must name a column; got an empty string")
    try:
        return _points(table, names, pos_label, bool(soft_labels), bins, tolerance, max_groups, nulls,
                       bool(progress))
    except Exception as exc:
        if _ours(exc):
            raise
        first = (str(exc).strip().splitlines() or [""])[0][:300]
        raise ValueError(f"table: {_engine_name(table)} failed while skewplot read y_score={y_score!r}, "
                         f"y_true={y_true!r}: {type(exc).__name__}: {first}") from exc


def _points(table, names, pos_label, soft_labels, bins, tolerance, max_groups, nulls, progress):
    nw = narwhals()
    frame = lazy_frame(table, progress)
    schema = schema_of(frame, names)
    _refuse_case_clash(frame, list(schema), names)
    for arg in ("y_score", "sample_weight") + (("y_true",) if soft_labels else ()):
        if arg in names and not schema[names[arg]].is_numeric():
            _refuse_empty(frame, nw, arg, names[arg])  # a header-only or all-null CSV reads as text
            raise TypeError(f"{arg} column {names[arg]!r} must be numeric, got {schema[names[arg]]}")
    label_type = schema[names["y_true"]]
    inferred = pos_label is None and not soft_labels
    if inferred:  # as operating_points: {0, 1}, {-1, 1} or bool (checked against the values below)
        if not label_type.is_numeric() and label_type != nw.Boolean:
            raise TypeError(f"pos_label is needed: y_true column {names['y_true']!r} holds {label_type}, not "
                            "labels {0, 1}, {-1, 1} or bool; pass the positive class as it is written there")
        pos_label = True if label_type == nw.Boolean else 1
    if not soft_labels:
        _check_pos_label(pos_label, label_type, names["y_true"])
    score_type = schema[names["y_score"]]
    kind = ("u" if score_type.is_unsigned_integer() else "i") if score_type.is_integer() else "f"
    # Only the needed columns, under names of our own: nothing the user named can collide with ours.
    ours = {"y_score": SCORE, "y_true": _LABEL, "sample_weight": _WEIGHT}
    frame = frame.select(*[nw.col(col).alias(ours[role]) for role, col in names.items()])
    if nulls == "drop":
        frame = frame.filter(*[~nw.col(ours[role]).is_null() for role in names])
    # Unweighted hard labels: count the positives; the negatives are the rest of the rows.
    weighted = "sample_weight" in names
    counted = not weighted and not soft_labels
    frame = _with_weights(frame, nw, weighted, pos_label, soft_labels, counted)
    lo, hi, n_rows = _checked_range(frame, nw, weighted, pos_label, soft_labels, label_type.is_integer(), inferred)
    groups = min(n_rows, max_groups if bins is None else bins + 1)
    check_memory(groups * _BYTES_PER_GROUP, f"operating_points_from with up to {groups} groups "
                 f"({'bins' if bins is not None else 'max_groups'}={bins or max_groups}, {n_rows} rows)",
                 reduce=f"lower {'bins' if bins is not None else 'max_groups'}")
    text_keys = any(score_type == t for t in (nw.Decimal, nw.Int128, nw.UInt128))
    binning = Binning(frame, nw, counted, kind, lambda: _refuse_nonfinite(frame, nw), text_keys)
    if bins is None and tolerance is None:
        return exact_or_bracket(binning, lo, hi, n_rows, max_groups)
    grid = Grid(lo, hi, bins if bins is not None else first_bins(tolerance, max_groups, _FIRST_BINS_PER_TOLERANCE,
                                                                 _MIN_FIRST_BINS), measured=binning.doubles)
    agg = binning.collect(grid)
    if tolerance is not None:
        return refine(binning, grid, agg, tolerance, max_groups)
    return bounded_from(agg)


def _renamed(args):
    """The new keywords' values, taking a deprecated spelling (with a DeprecationWarning) when it alone is given."""
    out = []
    for new, (value, old, old_value) in args.items():
        if old_value is not None:
            if value is not None:
                raise TypeError(f"operating_points_from() got both {new}= and its deprecated spelling {old}=; "
                                f"pass {new}= only")
            warnings.warn(f"operating_points_from(): {old}= is deprecated, pass {new}={old_value!r} "
                          f"(the keyword every metric and plot takes); {old}= will be removed in the next release",
                          DeprecationWarning, stacklevel=3)
            value = old_value
        if value is None and new != "sample_weight":
            raise TypeError(f"operating_points_from() needs {new}=, the name of the "
                            f"{'scores' if new == 'y_score' else 'labels'}' column")
        out.append(value)
    return out


def _ours(exc):
    """True for skewplot's own refusals: a builtin exception raised by skewplot's code."""
    if type(exc).__module__ != "builtins":
        return False
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_globals.get("__name__", "").startswith("skewplot")


def _engine_name(table):
    if isinstance(table, (str, os.PathLike, list, tuple)):
        return "DuckDB (reading the files)"
    root = type(table).__module__.split(".")[0].lstrip("_")
    return {"duckdb": "DuckDB", "polars": "polars", "pandas": "pandas", "pyspark": "Spark",
            "ibis": "Ibis"}.get(root, root)


def _refuse_case_clash(frame, columns, names):
    """Spark resolves column names without case: ``s`` beside ``S`` is ambiguous there."""
    if not frame.implementation.is_pyspark() and not frame.implementation.is_pyspark_connect():
        return
    for role, col in names.items():
        clash = [c for c in columns if c != col and c.lower() == col.lower()]
        if clash:
            raise ValueError(f"{role}={col!r} is ambiguous in a Spark table, which also has the column "
                             f"{clash[0]!r} (Spark ignores case in column names); rename one of them first")


def _refuse_empty(frame, nw, arg, col):
    """A table without rows, or a column of nulls only, said as such (its column type is a reader's guess)."""
    row = first_row(frame.select(n=nw.len(), k=nw.col(col).count()))
    if not int(row["n"]):
        raise ValueError("table has no rows (a CSV file with a header only?)")
    if not int(row["k"]):
        raise ValueError(f"{arg} column {col!r} holds only missing values ({int(row['n'])} rows)")


def _check_pos_label(pos_label, label_type, label):
    text = isinstance(pos_label, str)
    if label_type.is_numeric() and text:
        raise TypeError(f"pos_label={pos_label!r} is text, but y_true column {label!r} holds numbers ({label_type})")
    if not label_type.is_numeric() and label_type != narwhals().Boolean and not text:
        raise TypeError(f"pos_label={pos_label!r} is a number, but y_true column {label!r} holds {label_type}; "
                        "pass the positive class as it is written in the column")


# ---------------------------------------------------------------- checks
def _with_weights(frame, nw, weighted, pos_label, soft_labels, counted):
    """Add each row's positive weight (and its negative weight unless ``counted``).

    Counted rows get a mark that is set on the positives only (missing on the
    others), which the bins count: DuckDB counts 3e7 rows into 4e5 bins in
    about 0.2 s of CPU less than it sums a 0/1 column (issue 44).  The mark is
    the label itself: a literal there fails on an empty pandas frame with
    narwhals 2.9 (our floor), before the empty table is named.
    """
    if counted:
        return frame.with_columns(nw.when(nw.col(_LABEL) == pos_label).then(nw.col(_LABEL)).alias(POS))
    frac = nw.col(_LABEL).cast(nw.Float64) if soft_labels else (nw.col(_LABEL) == pos_label).cast(nw.Float64)
    w = nw.col(_WEIGHT).cast(nw.Float64) if weighted else nw.lit(1.0, nw.Float64)
    return frame.with_columns((w * frac).alias(POS), (w * (1.0 - frac)).alias(NEG))



def _count(condition, nw):
    """Rows where ``condition`` holds (Spark sums no booleans)."""
    return condition.cast(nw.Int64).sum()


def _finite(value):
    """A score extreme is finite (integers and decimals always are, unless missing)."""
    try:
        return value is not None and bool(np.isfinite(float(value)))
    except (TypeError, ValueError, OverflowError):
        return False


def _checked_range(frame, nw, weighted, pos_label, soft_labels, label_is_integer, inferred=False):
    """Refuse bad tables before the long scans; return the score range and the number of rows.

    The first query holds only counts, minima and maxima, which DuckDB
    answers from Parquet metadata without reading the data; then the label
    and weight columns are read, never the scores (nor the label when it is
    an integer column whose extremes differ by one: then it holds those two
    values and no other).  Non-finite scores hidden from the range (polars'
    minimum skips NaN, Parquet statistics leave NaN out) are caught by the
    binning.  The extremes keep their type (integers beyond 2**53 every digit).
    """
    s, y = nw.col(SCORE), nw.col(_LABEL)
    exprs = {"n": nw.len(), "lo": s.min(), "hi": s.max(), "n_y_score": s.count(), "n_y_true": y.count()}
    if weighted:
        exprs["n_sample_weight"] = nw.col(_WEIGHT).count()
    # An integer label whose largest value exceeds its smallest by one holds exactly those two values.
    two_ints = not soft_labels and label_is_integer
    if two_ints:
        exprs["label_lo"], exprs["label_hi"] = y.min(), y.max()
    row = first_row(frame.select(**exprs))
    n = int(row["n"])
    if not n:
        raise ValueError("table has no rows")
    for arg in ("y_score", "y_true", "sample_weight"):
        if row.get(f"n_{arg}", n) < n:
            raise ValueError(f"{arg} column has {n - int(row[f'n_{arg}'])} missing values (pass nulls='drop' to "
                             "leave those rows out)")
    if not (_finite(row["lo"]) and _finite(row["hi"])):
        _refuse_nonfinite(frame, nw)
    if weighted or soft_labels:
        _check_weights(frame, nw, weighted, pos_label, soft_labels)
    if two_ints and int(row["label_hi"]) - int(row["label_lo"]) <= 1:
        values = sorted({int(row["label_lo"]), int(row["label_hi"])})
    elif not soft_labels:
        # A GROUP BY of its own (narwhals' unique() numbers rows in a window, which buffers the input).
        values = frame.group_by(_LABEL).agg(nw.len().alias("rows")).head(3)
        values = (values.collect() if hasattr(values, "collect") else values).to_dict(as_series=False)[_LABEL]
    if not soft_labels:
        if len(values) > 2:
            n_labels = int(first_row(frame.select(y.n_unique().alias("n")))["n"])
            raise ValueError(f"y_true column holds {n_labels} distinct values; hard labels need two "
                             "(pass soft_labels=True for positive fractions in [0, 1])")
        if inferred and not ({float(v) for v in values} <= {0.0, 1.0} or {float(v) for v in values} <= {-1.0, 1.0}):
            raise ValueError(f"pos_label is needed: the y_true column holds {sorted(values)}, not labels "
                             "{0, 1}, {-1, 1} or bool")
        if not any(v == pos_label for v in values):
            raise ValueError(f"no positive weight: pos_label={pos_label!r} does not occur in the y_true column")
        if all(v == pos_label for v in values):
            raise ValueError("no negative weight: every row of the table is positive")
    return row["lo"], row["hi"], n


def _check_weights(frame, nw, weighted, pos_label, soft_labels):
    """One pass over the label and weight columns: signs, finiteness, both classes weighed."""
    total = nw.col(POS) + nw.col(NEG)
    exprs = {"pos": nw.col(POS).sum(), "neg": nw.col(NEG).sum(), "neg_w": _count(total < 0, nw),
             "bad_w": _count(~total.is_finite(), nw)}
    if soft_labels:
        exprs["lab_lo"], exprs["lab_hi"] = nw.col(_LABEL).min(), nw.col(_LABEL).max()
    row = {k: float(v) for k, v in first_row(frame.select(**exprs)).items()}
    if row["bad_w"]:
        raise ValueError(f"{'sample_weight' if weighted else 'y_true'} column has {int(row['bad_w'])} "
                         "non-finite values")
    if row["neg_w"]:
        raise ValueError(f"sample_weight column has {int(row['neg_w'])} negative values; weights must be >= 0")
    if soft_labels and (row["lab_lo"] < 0 or row["lab_hi"] > 1):
        raise ValueError(f"y_true column must hold fractions in [0, 1] with soft_labels=True, found values in "
                         f"[{row['lab_lo']:g}, {row['lab_hi']:g}]")
    if not np.isfinite(row["pos"]) or not np.isfinite(row["neg"]):
        raise ValueError("sample_weight column: the total weight overflows a double; scale the weights down")
    if row["pos"] <= 0:
        raise ValueError(f"no positive weight: pos_label={pos_label!r} does not occur in the y_true column "
                         "(or its rows weigh 0)")
    if row["neg"] <= 0:
        raise ValueError("no negative weight: every row of the table is positive (or the others weigh 0)")


def _refuse_nonfinite(frame, nw):
    k = int(first_row(frame.select(_count(~nw.col(SCORE).cast(nw.Float64).is_finite(), nw).alias("k")))["k"])
    raise ValueError(f"y_score column has {k} non-finite values; every score must be finite")
