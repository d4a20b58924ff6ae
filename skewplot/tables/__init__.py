"""Tables as input: curves of a table of any size, aggregated by the table's own engine.

This layer sits above :mod:`skewplot.metrics` (it builds operating points)
and below plotting; it reads tables through :mod:`skewplot._frames`, the one
dataframe layer (narwhals) that the tidy ``data=`` input of the plots uses
too.
"""

from .engine import DEFAULT_MAX_GROUPS, operating_points_from

__all__ = ["operating_points_from", "DEFAULT_MAX_GROUPS"]
