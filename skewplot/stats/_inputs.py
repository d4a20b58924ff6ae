"""Labelled rows for the bootstrap: :mod:`skewplot.metrics._rows`, under the name the stats modules import."""

from ..metrics._rows import labelled_rows, rows_of_points

__all__ = ["labelled_rows", "rows_of_points"]
