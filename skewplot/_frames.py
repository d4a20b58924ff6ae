"""The one dataframe layer: every table skewplot reads goes through narwhals here.

narwhals is a small dependency-free layer that speaks to pandas, polars,
PyArrow, Modin and cuDF, and lazily to DuckDB, Ibis and PySpark, with one
API, so skewplot needs none of them installed.  This module owns the
conversion of a user's table into narwhals (one stable API version, one
rule for lazy and eager tables, one wording for a missing column):

* :func:`eager_columns` reads named columns of an in-memory table as numpy
  arrays -- the tidy ``data=`` input of the plots and widgets
  (:mod:`skewplot.metrics._tables`);
* :func:`lazy_frame` turns any table, or a path or glob of Parquet/CSV
  files (read by an embedded DuckDB, never loaded whole), into a narwhals
  LazyFrame that :mod:`skewplot.tables` aggregates in the table's own
  engine.

Nothing is imported until a table is given.
"""

from __future__ import annotations

import glob
import os
import threading
from collections.abc import Mapping

import numpy as np

from ._validate import require

__all__ = ["narwhals", "is_table", "eager_columns", "lazy_frame", "schema_of", "missing_column",
           "numpy_columns", "first_row"]

_FILE_READERS = {".parquet": "read_parquet", ".pq": "read_parquet", ".csv": "read_csv", ".tsv": "read_csv",
                 ".txt": "read_csv", ".gz": "read_csv"}


def narwhals():
    """The narwhals API every table of skewplot goes through (its stable v2)."""
    import narwhals.stable.v2 as nw

    return nw


def is_table(data):
    """True when ``data`` is a data frame narwhals can read (pandas, polars, DuckDB, ...)."""
    if data is None or isinstance(data, (Mapping, list, tuple, np.ndarray, str, os.PathLike)):
        return False
    try:
        narwhals().from_native(data)
    except TypeError:
        return False
    return True


def missing_column(role, col, columns, what):
    """Raise the one error for a column name that is not in the table."""
    shown = ", ".join(repr(c) for c in list(columns)[:12])
    raise ValueError(f"{role}={col!r} is not a column of {what}; its columns are [{shown}]")


def eager_columns(data, names):
    """``{role: numpy array}`` of the named columns of an in-memory table, and ``{role: categories}``.

    ``data`` is a table narwhals reads eagerly or a plain mapping of
    equal-length columns; ``names`` maps roles to column names.  The
    ``hue`` and ``units`` roles keep the categories of a categorical column
    and refuse missing values.  A lazy table is refused with a pointer to
    :func:`skewplot.operating_points_from`.
    """
    if isinstance(data, Mapping):
        cols = {}
        for role, col in names.items():
            if col not in data:
                missing_column(role, col, list(data), "data")
            cols[role] = np.asarray(data[col])
        return cols, {}
    nw = narwhals()
    frame = nw.from_native(data)
    if isinstance(frame, nw.LazyFrame):
        raise TypeError(
            f"data is a lazy table ({type(data).__name__}); collect it into a pandas or polars DataFrame first, "
            "or aggregate it where it lives with skewplot.operating_points_from and plot the mapping "
            "{name: points}"
        )
    cols, cats = {}, {}
    for role, col in names.items():
        if col not in frame.columns:
            missing_column(role, col, frame.columns, "data")
        series = frame.get_column(col)
        if role in ("hue", "units"):
            if series.is_null().any():
                raise ValueError(f"{role} column {col!r} has missing values; drop or fill them first")
            if series.dtype in (nw.Categorical, nw.Enum):
                cats[role] = series.cat.get_categories().to_list()
            cols[role] = (np.asarray(series.to_list(), dtype=object) if series.dtype == nw.String
                          else series.to_numpy())
        else:
            cols[role] = series.to_numpy()
    return cols, cats


def lazy_frame(table, progress=False):
    """A narwhals LazyFrame of ``table``: any data frame, or a path, glob or list of Parquet/CSV files."""
    nw = narwhals()
    if isinstance(table, (str, os.PathLike)) or (isinstance(table, (list, tuple)) and table
                                                  and all(isinstance(t, (str, os.PathLike)) for t in table)):
        return nw.from_native(_read_files(table, progress))
    if hasattr(table, "dtype") and not hasattr(table, "columns"):  # a Series or an array: one column, no names
        raise TypeError(f"table must be a DataFrame or LazyFrame with the columns y_score= and y_true= name, got "
                        f"{type(table).__name__} (one column); make a frame of it: series.to_frame()")
    table = _masked_wide_ints(table)
    try:
        frame = nw.from_native(table)
    except TypeError:
        raise TypeError(
            "table must be a DataFrame or LazyFrame (pandas, polars, DuckDB, PySpark, Ibis) or a path "
            f"or glob of Parquet/CSV files, got {type(table).__name__}"
        ) from None
    return frame.lazy() if isinstance(frame, nw.DataFrame) else frame


def _masked_wide_ints(table):
    """A pandas table's Arrow-backed 64-bit integer columns as pandas' masked integers (a new frame).

    pyarrow casts an int64 beyond 2**53 to float64 only when asked to be
    unsafe, and pandas asks it to be safe, so binning such scores failed
    (9007199254740993 "not in range"); pandas' masked Int64/UInt64 cast as
    numpy does, rounding, and keep every digit for the minima and maxima.
    """
    if not type(table).__module__.startswith("pandas") or not hasattr(table, "dtypes"):
        return table
    wide = {}
    for col, dtype in table.dtypes.items():
        arrow = getattr(dtype, "pyarrow_dtype", None)
        if arrow is not None and str(arrow) in ("int64", "uint64"):
            wide[col] = "UInt64" if str(arrow) == "uint64" else "Int64"
    if not wide or not table.columns.is_unique:
        return table
    return table.astype(wide)


def numpy_columns(frame):
    """``{name: numpy array}`` of a (small) narwhals frame, collected by its engine.

    A DuckDB relation is fetched with DuckDB's own ``fetchnumpy``: Arrow's
    conversion to numpy imports pandas, which alone took about 0.15 s.
    """
    native = narwhals().to_native(frame)
    if type(native).__module__.startswith("duckdb") and hasattr(native, "fetchnumpy"):
        cols = native.fetchnumpy()
        if not any(np.ma.isMaskedArray(v) for v in cols.values()):  # a missing value: narwhals' way
            return cols
    out = frame.collect() if hasattr(frame, "collect") else frame
    return {k: out.get_column(k).to_numpy() for k in out.columns}


def first_row(frame):
    """``{name: value}`` of the first row of a (one-row) narwhals frame, as Python scalars.

    A DuckDB relation gives it with DuckDB's own ``fetchall`` (its values as
    Arrow's would be: ints, floats, decimals); narwhals would collect it
    through Arrow, whose import alone took 0.1 s of the first call.
    """
    native = narwhals().to_native(frame)
    if type(native).__module__.startswith("duckdb") and hasattr(native, "fetchall"):
        return dict(zip(native.columns, native.fetchall()[0], strict=True))
    out = frame.collect() if hasattr(frame, "collect") else frame
    return {k: v[0] for k, v in out.to_dict(as_series=False).items()}


def schema_of(frame, names, what="the table"):
    """The schema of ``frame`` after checking that every named column (``{role: name}``) is in it."""
    schema = frame.collect_schema()
    for role, col in names.items():
        if not isinstance(col, str):
            raise TypeError(f"{role} must be a column name (str), got {type(col).__name__}")
        if col not in schema:
            missing_column(role, col, list(schema), what)
    return schema


_FILE_CONNECTIONS = threading.local()


def _file_connection(duckdb):
    """This thread's DuckDB connection that reads files: it lives as long as the thread does.

    Before DuckDB 2.0 a relation does not keep its connection open: one read
    through a connection of the call's own failed ("Connection has already
    been closed") when the call had returned and the table was aggregated.
    One connection a thread, as a DuckDB connection is not to be shared
    between threads.
    """
    con = getattr(_FILE_CONNECTIONS, "con", None)
    if con is None:
        con = duckdb.connect()
        # Group keys of up to 2**20 values in a perfect hash table (DuckDB's default, 2**12, sends score
        # bins to a general one): 1e8 rows into 4e5 bins took 1.1 s instead of 1.8 s, in less memory.
        try:
            con.execute("SET perfect_ht_threshold = 20")
        except duckdb.Error:  # a DuckDB without the setting keeps its default table, only slower
            pass
        _FILE_CONNECTIONS.con = con
    return con


def _read_files(paths, progress=False):
    duckdb = require("duckdb", "reading Parquet or CSV files")

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
    con = _file_connection(duckdb)
    con.execute(f"SET enable_progress_bar = {'true' if progress else 'false'}")
    reader = getattr(con, kinds.pop())
    try:
        # By name, each column in the type that holds every file's (DuckDB's default takes the first
        # file's schema and casts the others to it: doubles rounded to a first file's integers).
        return reader(files, union_by_name=True) if len(files) > 1 else reader(files)
    except duckdb.Error as exc:
        first = (str(exc).strip().splitlines() or [""])[0]
        shown = files[0] if len(files) == 1 else (paths[0] if len(paths) == 1 else paths)
        raise ValueError(f"table: DuckDB could not read {shown!r}: {first}") from exc
