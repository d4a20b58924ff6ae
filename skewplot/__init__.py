"""skewplot: precision-recall, cost and F-measure spaces at the skew you will meet.

Judge binary classifiers when the class balance ("skew") of the test data is
not the one the classifier will meet in deployment: PR curves at another skew,
integrated (P̄-R) and temporal (P̃-R) precision, cost and F-measure curves, each
with its random and minimum-achievable baselines.

Public names are loaded lazily: ``import skewplot`` imports numpy only, never
matplotlib or ipywidgets; the plotting names import matplotlib when first used.

Examples
--------
>>> import skewplot as sp
>>> pts = sp.operating_points([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> round(sp.aucpr(pts, skew=0.1), 4)
0.5711
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0.dev0"

# name -> module (relative to this package) that defines it.
_LAZY = {
    # settings
    "set_config": "_config",
    "get_config": "_config",
    # operating points and PR algebra
    "OperatingPoints": "metrics.points",
    "operating_points": "metrics.points",
    "operating_points_from": "tables.engine",
    "BoundedOperatingPoints": "metrics.bounded",
    "Bracket": "metrics.bounded",
    "precision": "metrics.precision",
    "transform_precision": "metrics.precision",
    "min_precision": "metrics.precision",
    "random_precision": "metrics.precision",
    "pr_curve": "metrics.curve",
    "aucpr": "metrics.auc",
    "average_precision": "metrics.auc",
    "roc_auc": "metrics.auc",
    "aucpr_min": "metrics.auc",
    "INTERPOLATIONS": "metrics.auc",
    "achievable_curve": "metrics.achievable",
    # multiclass: one-vs-rest at per-class priors
    "one_vs_rest": "metrics.multiclass",
    "OneVsRest": "metrics.multiclass",
    "PerClass": "metrics.per_class",
    "adjust_priors": "metrics.per_class",
    "estimate_priors": "stats.priors",
    "PriorEstimate": "stats.priors",
    "expected_confusion": "stats.class_decision",
    "ConfusionEstimate": "stats.class_decision",

    "random_rankings_aucpr": "metrics.achievable",
    # skew models
    "SkewModel": "skew",
    "FixedSkew": "skew",
    "SkewRange": "skew",
    "SkewSeries": "skew",
    "as_skew": "skew",
    # ranking under skew, Landgrebe
    "inversion_skews": "metrics.ranking",
    "skew_limits": "metrics.ranking",
    # the deployment skew from unlabelled deployment scores
    "estimate_skew": "stats.prior_shift",
    "SkewEstimate": "stats.prior_shift",
    "estimate_skew_series": "stats.deployment",
    "estimate_skew_range": "stats.deployment",
    "auprec": "metrics.landgrebe",
    "iauprec": "metrics.landgrebe",
    "pr_surface": "metrics.landgrebe",
    # F-measure and cost spaces, thresholds, Boolean combination
    "f_measure": "metrics.fmeasure",
    "f_envelope": "metrics.fmeasure",
    "f_crossing": "metrics.fmeasure",
    "f_curves": "metrics.fmeasure",
    "f_alpha_crossing": "metrics.fmeasure",
    "f_max_bound": "metrics.fmeasure",
    "f_always_positive": "metrics.fmeasure",
    "f_alpha_from_beta": "metrics.fmeasure",
    "f_beta_from_alpha": "metrics.fmeasure",
    "probability_cost": "metrics.cost",
    "expected_cost": "metrics.cost",
    "cost_envelope": "metrics.cost",
    "cost_crossing": "metrics.cost",
    "operating_range": "metrics.cost",
    "trivial_costs": "metrics.cost",
    "roc_convex_hull": "metrics.hull",
    "best_threshold": "metrics.threshold",
    "ThresholdChoice": "metrics.threshold",
    "choose_threshold": "stats.choose",
    "prg_curve": "metrics.prg",
    "aucprg": "metrics.prg",
    "PRGCurve": "metrics.prg",
    "ThresholdDecision": "stats.choose",
    "boolean_combinations": "metrics.combine",
    "iterative_boolean_combination": "metrics.ibc",
    # uncertainty: bootstrap intervals and paired comparison at any skew
    "aucpr_ci": "stats.bootstrap",
    "compare": "stats.compare",
    # the memory guard of super-linear functions
    "get_memory_limit": "_memory",
    "set_memory_limit": "_memory",
    # plotting (imports matplotlib on first use)
    "plot_pr": "plotting",
    "plot_integrated_pr": "plotting",
    "plot_temporal_pr": "plotting",
    "plot_roc": "plotting",
    "plot_prg": "plotting",
    "plot_decision": "plotting",
    "plot_cost": "plotting",
    "plot_fmeasure": "plotting",
    "plot_skew_transform": "plotting",
    "plot_aucpr_vs_skew": "plotting",
    "plot_pr_surface": "plotting",
    "plot_ap_null": "plotting",
    "plot_comparison": "plotting",
    "set_theme": "plotting.style",
    "PRDisplay": "plotting",
    "ROCDisplay": "plotting",
    "PRGDisplay": "plotting",
    "DecisionDisplay": "plotting",
    "CostDisplay": "plotting",
    "FMeasureDisplay": "plotting",
}

_SUBMODULES = ("metrics", "stats", "plotting", "widgets", "datasets", "skew", "tables", "cli")

__all__ = sorted(_LAZY) + list(_SUBMODULES)


def __getattr__(name):
    if name in _LAZY:
        module = importlib.import_module("." + _LAZY[name], __name__)
        value = getattr(module, name)
        if name in ("SkewSeries", "SkewRange"):  # their deprecated from_deployment, attached by the stats layer
            importlib.import_module(".stats.deployment", __name__)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        module = importlib.import_module("." + name, __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module 'skewplot' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
