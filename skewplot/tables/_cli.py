"""The command line's route for Parquet files and globs: aggregated by DuckDB, never loaded whole."""

from __future__ import annotations

import glob
import os

TABLE_SUFFIXES = (".parquet", ".pq")


def is_table_path(path):
    """True for a Parquet file, or a glob of files (``data/*.parquet``), which DuckDB reads."""
    return path.lower().endswith(TABLE_SUFFIXES) or glob.has_magic(path)


def _pos_label(text):
    """``--pos-label`` as the column's type will most likely have it (1, 1.0, or the text)."""
    if text is None:
        return None  # inferred, as everywhere
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def table_points(args, error):
    """One OperatingPoints (or BoundedOperatingPoints) per --y-score column of a Parquet table.

    ``error`` is the CLI's exception class; every failure becomes one line.
    """
    from .engine import operating_points_from

    if not glob.has_magic(args.file) and not os.path.exists(args.file):
        raise error(f"file not found: {args.file}")
    out = {}
    for col in args.score:
        try:
            out[col] = operating_points_from(args.file, y_score=col, y_true=args.label, sample_weight=args.weight,
                                             pos_label=_pos_label(args.pos_label), tolerance=args.tolerance,
                                             progress=True)
        except (ValueError, TypeError, MemoryError) as exc:  # engine failures arrive as a ValueError
            raise error(str(exc)) from None
    return out


def describe(points):
    """One line saying whether the numbers are exact or certified brackets."""
    from ..metrics.bounded import BoundedOperatingPoints

    bounded = {k: v for k, v in points.items() if isinstance(v, BoundedOperatingPoints)}
    if not bounded:
        return "exact: every distinct score kept"
    bins = ", ".join(f"{k}: {len(v)} bins" for k, v in bounded.items())
    return (f"bracketed: [low, high] certainly holds the exact value ({bins}); --tolerance narrows the "
            "AUCPR bracket")
