"""Tables as input: curves of a table of any size, aggregated by the table's own engine.

The one dataframe layer (narwhals) sits here, above :mod:`skewplot.metrics`
(it builds operating points) and below plotting.
"""

from .engine import DEFAULT_MAX_GROUPS, operating_points_from

__all__ = ["operating_points_from", "DEFAULT_MAX_GROUPS"]
