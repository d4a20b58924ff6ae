"""Labelled rows for the bootstrap, from any input the metrics take: the one input rule, for resampling.

A bootstrap resamples rows, so :func:`labelled_rows` turns what a caller
gives into rows: labels and scores as arrays (``y_true``, ``y_score``), as
columns of ``data=`` named by the same keywords, or the operating points of
unweighted hard labels (each count is a row; their scores are the
thresholds).  Points built with weights or from rates, and binned points,
hold no rows and are refused by name.  Here, in ``metrics``, because
:func:`~skewplot.boolean_combinations` pairs two classifiers row by row too.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .._frames import eager_columns, is_table
from ._inputs import is_bounded, refuse_positional_skew
from .points import OperatingPoints

__all__ = ["labelled_rows", "rows_of_points", "refuse_labels_last"]


def rows_of_points(pts, func):
    """``(is_pos, score)``: one row per unit of count of points built from unweighted hard labels."""
    if pts.tp is None or not (np.all(pts.tp == np.round(pts.tp)) and np.all(pts.fp == np.round(pts.fp))):
        raise ValueError(f"{func}() resamples rows, and these operating points hold weights or were built from "
                         "rates, so their rows are lost; pass the labels and scores (y_true, y_score) instead")
    group_pos = np.round(np.diff(pts.tp)).astype(np.int64)
    group_neg = np.round(np.diff(pts.fp)).astype(np.int64)
    score = pts.thresholds[1:] if pts.thresholds is not None else -np.arange(group_pos.size, dtype=float)
    is_pos = np.repeat(np.r_[True, False], [group_pos.sum(), group_neg.sum()])
    return is_pos, np.r_[np.repeat(score, group_pos), np.repeat(score, group_neg)]


def labelled_rows(data, scores, *, y_true=None, sample_weight=None, func="aucpr_ci", skew_arg="skew"):
    """``(y_true, [score arrays], sample_weight)`` as arrays, from any accepted input.

    ``scores`` lists ``(name, value)`` per classifier (``[("y_score", s)]``,
    or ``score_a`` and ``score_b``).  With ``data`` a table the values name
    its columns; with ``data`` operating points (one classifier only) the
    rows come from their counts (:func:`rows_of_points`).  ``skew_arg``:
    the caller's skew keyword, named when a skew is given in the scores'
    place (None: the caller takes no skew).
    """
    given = {"y_true": y_true, "sample_weight": sample_weight, **dict(scores)}
    if is_bounded(data) and not isinstance(data, Mapping):
        raise TypeError(f"{func}() needs the rows (or exact operating points); BoundedOperatingPoints (binned "
                        "scores) hold neither: pass the labels and scores (arrays, or columns of data=)")
    points = isinstance(data, OperatingPoints) or (isinstance(data, Mapping) and bool(data) and all(
        isinstance(v, OperatingPoints) for v in data.values()))
    if points or is_bounded(data):
        if len(scores) > 1 or not isinstance(data, OperatingPoints):
            raise TypeError(f"{func}() pairs classifiers row by row, and operating points have lost the rows; pass "
                            f"y_true, {', '.join(n for n, _ in scores)} (arrays, or columns of data=)")
        if skew_arg:
            refuse_positional_skew(data, scores[0][1], func, skew_arg)
        extra = [k for k, v in given.items() if v is not None]
        if extra:
            raise TypeError(f"data holds operating points; {', '.join(extra)} apply to labels and scores only")
        if is_bounded(data):
            raise TypeError(f"{func}() resamples rows; binned points (BoundedOperatingPoints) hold none: pass "
                            "the labels and scores")
        is_pos, score = rows_of_points(data, func)
        return is_pos, [score], None
    if isinstance(data, Mapping) or is_table(data):
        names = {k: v for k, v in given.items() if v is not None}
        for role in ("y_true", *(n for n, _ in scores)):
            if not isinstance(names.get(role), str):
                raise TypeError(f"with data=, {role} must name a column (a str), got {type(names.get(role)).__name__}")
        if not isinstance(names.get("sample_weight", ""), str):
            raise TypeError("with data=, sample_weight must name a column (a str)")
        cols, _ = eager_columns(data, names)
        return cols["y_true"], [cols[n] for n, _ in scores], cols.get("sample_weight")
    if data is not None and y_true is not None:
        raise TypeError("y_true is given twice: as data (the first argument) and as y_true=")
    labels = data if data is not None else y_true
    if skew_arg:
        refuse_positional_skew(labels, scores[0][1], func, skew_arg)
    missing = [n for n, v in scores if v is None]
    if labels is None or missing:
        spelled = ", ".join(n for n, _ in scores)
        raise TypeError(f"{func}(y_true, {spelled}): {', '.join(missing) or 'y_true'} is missing (or pass data= "
                        "a table with these columns)")
    for name, value in (("y_true", labels), *scores):
        if isinstance(value, str):
            raise TypeError(f"{name}={value!r} names a column only with data=table")
    return labels, [v for _, v in scores], sample_weight


def refuse_labels_last(data, last, y_true, call, old):
    """An older order with the labels last (``old``), refused when it shows, naming the new ``call``.

    It shows when the first argument cannot be labels (more than two distinct
    values) while the last could (at most two).
    """
    if y_true is not None or last is None or not isinstance(data, (list, tuple, np.ndarray)):
        return
    try:
        n_first, n_last = (np.unique(np.asarray(v)).size for v in (data, last))
    except (TypeError, ValueError):
        return
    if n_first > 2 >= n_last:
        raise TypeError(f"{call}: the labels come first, as in compare(); the first argument holds {n_first} "
                        f"distinct values and the last {n_last}, so the labels look last (the old order, {old}). "
                        f"Call {call}")
