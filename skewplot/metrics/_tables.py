"""Tables in, operating points out: the one place the plots read a data frame.

:func:`points_by_group` turns a table and the names of its columns (labels,
scores, and optionally ``hue``, ``units``, ``sample_weight``) into
``{hue level: [OperatingPoints per unit]}``.  Every plot, widget and the
command line reach tables only through it (via
:func:`skewplot.metrics._inputs.classifiers`).

The table is read by :mod:`skewplot._frames`, the one dataframe layer
(narwhals) that :mod:`skewplot.tables` also goes through to aggregate tables
of any size in their own engine.  Here the table is in memory: the named
columns are read once as arrays and grouped by ``hue`` and ``units``.  A lazy
table (DuckDB, Spark, a polars LazyFrame) is refused with a message pointing
to :func:`skewplot.operating_points_from`, whose result (one OperatingPoints
per group) a plot takes as a mapping.  A plain ``dict`` of equal-length
columns is read without narwhals.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from .._frames import eager_columns, is_table
from .._validate import check_1d_array, plain
from ._labels import positive_mask, swapped_hint
from .points import operating_points

__all__ = ["points_by_group", "is_table", "level_order"]

#: The keyword arguments that name columns, in the order messages list them.
ROLES = ("y_true", "y_score", "hue", "units", "sample_weight")


def level_order(values, order=None, categories=None, *, role="hue"):
    """Levels of a grouping column, ordered as seaborn orders ``hue``.

    ``order`` (``hue_order``) when given; else the categories of a
    categorical column; else sorted for numbers, order of first appearance
    otherwise.
    """
    if order is not None:
        order = list(order)
        present = set(_unique_in_order(values))
        absent = [o for o in order if o not in present]
        if absent:
            raise ValueError(f"{role}_order names {', '.join(plain(a) for a in absent)}, "
                             f"which does not occur in the {role} column")
        return order
    if categories is not None:
        present = set(_unique_in_order(values))
        return [c for c in categories if c in present]
    levels = _unique_in_order(values)
    if np.asarray(values).dtype.kind in "biuf":
        levels = sorted(levels)
    return levels


def check_levels(values, role, col):
    """Refuse a grouping column whose values are not single levels (tuples, lists, dicts, structs, arrays)."""
    values = np.asarray(values)
    bad = None
    if values.ndim != 1:
        bad = f"rows of {values.shape[1:]} values each"
    elif values.dtype == object:
        kind = next((type(v).__name__ for v in values.tolist()
                     if isinstance(v, (tuple, list, dict, set, np.ndarray)) or not isinstance(v, Hashable)), None)
        bad = None if kind is None else f"{kind} values"
    if bad:
        raise TypeError(f"{role} column {col!r} holds {bad}, not one level per row; make each row's {role} one "
                        "label (a str, a number or a date)")


def _unique_in_order(values):
    seen = {}
    for v in np.asarray(values).tolist():
        seen.setdefault(v, None)
    return list(seen)


def points_by_group(data, *, y_true, y_score, hue=None, units=None, sample_weight=None, pos_label=None,
                    hue_order=None):
    """Operating points of every ``hue`` level and every unit of a tidy table.

    Parameters
    ----------
    data : DataFrame or dict of str to array-like
        Any table narwhals reads eagerly (pandas, polars, PyArrow, ...), or
        a dict of equal-length columns.
    y_true, y_score : str
        Columns of labels and scores.
    hue : str, optional
        Column naming the classifier of each row: one entry per level.
    units : str, optional
        Column naming the fold (or replicate) of each row: one
        OperatingPoints per unit inside each level.
    sample_weight : str, optional
        Column of non-negative weights.
    pos_label : scalar, optional
        The positive class, read over the whole label column (as
        :func:`skewplot.operating_points`).
    hue_order : sequence, optional
        Which levels, in which order (rows of other levels are left out).

    Returns
    -------
    dict of str to list of OperatingPoints
        Keyed by ``str(level)`` (``"classifier"`` without ``hue``), one
        OperatingPoints per unit (a single one without ``units``).

    Examples
    --------
    >>> from skewplot.metrics._tables import points_by_group
    >>> table = {"label": [0, 1, 0, 1, 1, 0], "score": [0.1, 0.9, 0.4, 0.6, 0.3, 0.2],
    ...          "model": ["a", "a", "a", "b", "b", "b"]}
    >>> groups = points_by_group(table, y_true="label", y_score="score", hue="model")
    >>> {k: [p.skew for p in v] for k, v in groups.items()}
    {'a': [0.3333333333333333], 'b': [0.6666666666666666]}
    """
    names = {"y_true": y_true, "y_score": y_score, "hue": hue, "units": units, "sample_weight": sample_weight}
    for role, col in names.items():
        if col is not None and not isinstance(col, str):
            raise TypeError(f"with data=, {role} must name a column (a str), got {type(col).__name__}")
        if col is None and role in ("y_true", "y_score"):
            raise TypeError(f"with data=, {role} must name a column of data")
    names = {role: col for role, col in names.items() if col is not None}
    cols, cats = eager_columns(data, names)
    n = len(cols["y_true"])
    for role in ("hue", "units"):
        if role in cols:
            check_levels(cols[role], role, names[role])
    for role, arr in cols.items():
        if arr.ndim != 1 or len(arr) != n:
            raise ValueError(f"{role} column {names[role]!r} has length {len(arr)}, y_true has {n}")
    score = check_1d_array(cols["y_score"], f"y_score column {names['y_score']!r}")
    try:
        is_pos = positive_mask(cols["y_true"], pos_label)
    except ValueError as exc:
        raise ValueError(f"y_true column {names['y_true']!r}: {exc}.{swapped_hint(cols['y_true'], score)}") from None
    weight = cols.get("sample_weight")

    hue_levels = [None] if hue is None else level_order(cols["hue"], hue_order, cats.get("hue"))
    if hue is None and hue_order is not None:
        raise TypeError("hue_order needs hue= (the column it orders)")
    out = {}
    for level in hue_levels:
        rows = np.ones(n, dtype=bool) if level is None else cols["hue"] == level
        key = "classifier" if level is None else str(level)
        units_here = [None] if units is None else level_order(cols["units"][rows], None, cats.get("units"),
                                                             role="units")
        out[key] = []
        for unit in units_here:
            sel = rows if unit is None else rows & (cols["units"] == unit)
            try:
                out[key].append(operating_points(is_pos[sel], score[sel], sample_weight=None if weight is None
                                                 else weight[sel]))
            except ValueError as exc:
                where = ", ".join(f"{r}={plain(v)}" for r, v in (("hue", level), ("units", unit)) if v is not None)
                raise ValueError(f"rows with {where}: {exc}" if where else str(exc)) from None
    return out
