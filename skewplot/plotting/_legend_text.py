"""What a legend writes of a classifier: its name (cut with an ellipsis), its area and the area's name.

The areas of one legend keep the digits that tell them apart
(:func:`auc_labels`, ``skewplot._format.distinct_digits``); the saved page
writes the same texts (``CF.legendName``, ``CF.aucLabel``, ``CF.distinctDigits``).
"""

from __future__ import annotations

from .._format import DIGITS, distinct_digits, number
from ..skew.base import skew_text

__all__ = ["LEGEND_NAME", "legend_name", "auc_label", "auc_labels", "area_name"]


#: Characters of a classifier's name a legend shows; a longer name ends in an ellipsis there.
LEGEND_NAME = 40


def legend_name(name):
    """``name`` as a legend writes it: cut to ``LEGEND_NAME`` characters with an ellipsis (mathtext kept whole).

    Examples
    --------
    >>> from skewplot.plotting._legend_text import legend_name
    >>> legend_name("gbm"), legend_name("a" * 60)[-3:], len(legend_name("a" * 60))
    ('gbm', 'aa…', 40)
    """
    from matplotlib.cbook import is_math_text

    name = str(name)
    if len(name) <= LEGEND_NAME or is_math_text(name):
        return name
    return name[:LEGEND_NAME - 1].rstrip() + "…"


def auc_label(name, value, kind="AUC", digits=DIGITS):
    """Legend text ``"name (AUC = 0.812)"``, ``"name (AUC = m ± sd)"`` for folds (``number``, ``legend_name``)."""
    if isinstance(value, tuple):
        return f"{legend_name(name)} ({kind} = {number(value[0], digits)} ± {number(value[1])})"
    return f"{legend_name(name)} ({kind} = {number(value, digits)})"


def auc_labels(aucs, kind="AUC"):
    """``{name: auc_label}`` of one legend's areas ``aucs`` (``{name: area or (mean, sd)}``), each with the
    digits that tell it apart from the others (``skewplot._format.distinct_digits``: two areas that differ in
    the fourth digit are not both written 0.696).

    Examples
    --------
    >>> from skewplot.plotting._legend_text import auc_labels
    >>> auc_labels({"nB": 0.69642, "knn": 0.69569, "tree": 0.5}, "AUPRG")
    {'nB': 'nB (AUPRG = 0.6964)', 'knn': 'knn (AUPRG = 0.6957)', 'tree': 'tree (AUPRG = 0.500)'}
    """
    means = [v[0] if isinstance(v, tuple) else v for v in aucs.values()]
    return {name: auc_label(name, value, kind, digits)
            for (name, value), digits in zip(aucs.items(), distinct_digits(means), strict=True)}


def area_name(interpolation, normalize=False):
    """The legend's name of the area: "AUCPR" (continuous), "AP" (step), else "AUCPR (scheme)"; "n" when normalised.

    Examples
    --------
    >>> area_name("continuous"), area_name("step", True), area_name("trapezoid")
    ('AUCPR', 'nAP', 'AUCPR (trapezoid)')
    """
    base = {"continuous": "AUCPR", "step": "AP"}.get(interpolation, f"AUCPR ({interpolation})")
    return ("n" if normalize else "") + base


def prior_label(label, name, prior):
    """An area's legend text ``label`` (:func:`auc_label` of ``name``) with the class's prior said first.

    >>> prior_label("fraud (AUCPR = 0.783)", "fraud", 0.001)
    'fraud (π′ = 0.001, AUCPR = 0.783)'
    """
    head = f"{legend_name(name)} ("
    return f"{head}π′ = {skew_text(prior)}, {label[len(head):]}" if label.startswith(head) else label
