"""Compute layer: numpy and scipy only (never matplotlib)."""

from .achievable import achievable_curve, random_rankings_aucpr
from .auc import INTERPOLATIONS, aucpr, aucpr_min, average_precision, roc_auc
from .curve import pr_curve
from .points import OperatingPoints, operating_points
from .precision import min_precision, precision, random_precision, transform_precision

__all__ = [
    "INTERPOLATIONS",
    "OperatingPoints",
    "achievable_curve",
    "aucpr",
    "aucpr_min",
    "average_precision",
    "min_precision",
    "operating_points",
    "pr_curve",
    "precision",
    "random_precision",
    "random_rankings_aucpr",
    "roc_auc",
    "transform_precision",
]
