"""Statistics for rankings and skews: null distributions under random ranking [Z], ANOVA over skews [LG],
bootstrap confidence intervals and paired comparisons at any skew.

Imports numpy and scipy only; :func:`anova_over_skews` imports pandas and
statsmodels when called (the ``stats`` extra: ``pip install "skewplot[stats]"``).

Examples
--------
>>> import skewplot as sp
>>> round(sp.stats.average_precision_null(1000, 100).mean, 4)
0.1058
"""

from .anova import anova_over_skews
from .ap_null import AveragePrecisionNull, average_precision_null
from .ap_test import AveragePrecisionTestResult, average_precision_test
from .bootstrap import BootstrapResult, aucpr_ci
from .compare import ComparisonResult, compare
from .deployment import EstimatedSkewRange, EstimatedSkewSeries, estimate_skew_range, estimate_skew_series
from .prior_shift import SkewEstimate, estimate_skew
from .ranking_null import ScaledHypergeom, precision_null, recall_null

__all__ = [
    "recall_null",
    "precision_null",
    "average_precision_null",
    "average_precision_test",
    "anova_over_skews",
    "estimate_skew",
    "SkewEstimate",
    "estimate_skew_series",
    "estimate_skew_range",
    "EstimatedSkewSeries",
    "EstimatedSkewRange",
    "AveragePrecisionNull",
    "AveragePrecisionTestResult",
    "ScaledHypergeom",
    "aucpr_ci",
    "compare",
    "BootstrapResult",
    "ComparisonResult",
]
