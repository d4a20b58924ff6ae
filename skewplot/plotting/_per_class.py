"""One-vs-rest mappings drawn at a vector of class priors: each class at its own prior.

A plot given a :class:`~skewplot.metrics.multiclass.OneVsRest` and
``skew={class: prior}`` (or a :class:`~skewplot.PriorEstimate`) draws the
mapping reweighted to those priors (:meth:`OneVsRest.at_priors`): every
class's own skew is then its deployment prior and its "rest" is the other
classes as the deployment mixes them, so the display runs with
``skew=None`` and needs no branch of its own.  Its baselines, which a
display draws for one skew, are drawn here once per class.
"""

from __future__ import annotations

from collections.abc import Mapping

from .._validate import check_bool
from ..metrics.multiclass import OneVsRest
from ..metrics.per_class import _is_estimate
from ..skew.base import skew_text
from .layout._figure import fit_label

__all__ = ["per_class_data", "class_baselines"]


def per_class_data(data, skew):
    """``(data, skew, priors)``: a one-vs-rest mapping at a prior vector as classifiers at their own skews.

    ``skew=None`` stands for the test set's priors.  Anything else is
    returned unchanged with ``priors`` None.
    """
    if not (isinstance(data, OneVsRest) and (skew is None or isinstance(skew, Mapping) or _is_estimate(skew))):
        return data, skew, None
    if skew is None:  # each class at its test prior, still with its own baseline
        skew = data.priors
    moved = data.at_priors(skew)
    named = {f"{k}, π'={skew_text(p)}": moved[k] for k, p in moved.priors.items()}
    return named, None, dict(zip(named, moved.priors.values(), strict=True))


def class_baselines(disp, priors, baselines=True):
    """Each class's random baseline (its prior) in its curve's colour on a PR display; ``disp`` returned."""
    if priors is None:
        return disp
    check_bool(baselines, "baselines")
    ax = disp.ax_
    if baselines:
        for name, prior in priors.items():
            line = disp.lines_[name]
            disp.baselines_[f"random {name}"] = ax.axhline(prior, color=line.get_color(), linestyle="--",
                                                           linewidth=0.9, alpha=0.8, zorder=1.5)
    fit_label(ax.yaxis, "Precision $P$ (each class at its prior π')", "Precision $P$ (at π')", "Precision $P$")
    disp._place_legend(relocate=True)  # the baselines are drawn: place the legend off them too
    return disp
