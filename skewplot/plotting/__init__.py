"""Drawing layer (matplotlib; seaborn palettes when installed; never ipywidgets).

Every ``plot_*`` function returns a Display with ``ax_``, ``figure_``,
``lines_``, ``baselines_`` and ``update(**params)``, which moves the drawn
artists in place.
"""

from __future__ import annotations

import importlib

from . import style  # noqa: F401

_LAZY = {
    "Display": "_display",
    "PRDisplay": "pr",
    "plot_pr": "pr",
    "plot_integrated_pr": "pr_models",
    "plot_temporal_pr": "pr_models",
    "ROCDisplay": "roc",
    "plot_roc": "roc",
    "PRGDisplay": "prg",
    "plot_prg": "prg",
    "DecisionDisplay": "decision",
    "plot_decision": "decision",
    "CostDisplay": "cost",
    "plot_cost": "cost",
    "FMeasureDisplay": "fmeasure",
    "plot_fmeasure": "fmeasure",
    "plot_skew_transform": "extra",
    "plot_aucpr_vs_skew": "extra",
    "plot_pr_surface": "surface",
    "plot_ap_null": "ap_null",
    "ComparisonDisplay": "comparison",
    "plot_comparison": "comparison",
}

__all__ = sorted(_LAZY) + ["style"]


def __getattr__(name):
    if name in _LAZY:
        value = getattr(importlib.import_module("." + _LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'skewplot.plotting' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
