"""P̃-R: :func:`plot_pr` under a skew series, by name; and P̄-R's deprecated second spelling.

P̄-R is ``plot_pr(data, skew=(lo, hi))`` (or ``skew=SkewRange(lo, hi, weight=w)``), the
``skew=`` every metric takes for the same area; :func:`plot_integrated_pr` still draws it
for one release, with a DeprecationWarning naming that spelling.
"""

from __future__ import annotations

from collections.abc import Mapping

from .._validate import check_1d_array, check_pair, deprecated, plain, renamed_keywords
from ..metrics._inputs import refuse_positional_skew, skew_by_name
from ..metrics.multiclass import OneVsRest
from ..skew import SkewModel, SkewRange, SkewSeries
from ._kwargs import check_style
from .pr import plot_pr

__all__ = ["plot_integrated_pr", "plot_temporal_pr"]


@deprecated("plot_pr(data, skew=(lo, hi)), or skew=SkewRange(lo, hi, weight=w) for a weighted range")
@renamed_keywords(ci="confidence")
@skew_by_name
def plot_integrated_pr(data=None, y_score=None, *, skew_range=(0.0, 0.5), weight=None, ax=None, **kwargs):
    """Draw P̄-R curves: precision integrated over a range of skews [L §4.3] (deprecated spelling).

    .. deprecated::
        Use ``plot_pr(data, y_score, skew=(lo, hi))``, or ``skew=SkewRange(lo, hi, weight=w)``
        for a weighted range: the same figure, and the ``skew=`` of :func:`skewplot.aucpr`
        and every other function.  ``plot_integrated_pr`` warns and will be removed in the
        next release.

    Parameters
    ----------
    data, y_score
        As :func:`plot_pr`, with its input keywords (``y_true``, ``hue``, ``units``, ``folds`` ...).
    skew_range : (float, float) or mapping, default=(0, 0.5)
        The range of skews P̄ averages over.  For a one-vs-rest mapping
        (:func:`skewplot.one_vs_rest`) one range for every class, or
        ``{class: (lo, hi)}``: each class's prior over its own range, the
        other classes at their test-set proportions (a range per class fixes
        no prior vector; see the multiclass guide).
    weight : callable or frozen scipy.stats distribution, optional
        Density over the range (uniform when None).
    ax : matplotlib Axes, optional
    **kwargs
        As :func:`plot_pr`.
    """
    kwargs = check_style(kwargs, plot_integrated_pr, via=plot_pr)
    refuse_positional_skew(data, y_score, "plot_integrated_pr", "skew_range")
    if isinstance(data, OneVsRest) and isinstance(skew_range, Mapping):  # a range per class
        ranges = {k: SkewRange(*check_pair(v, f"skew_range[{plain(k)}]", lo=0.0, hi=1.0), weight=weight)
                  for k, v in skew_range.items()}
        return plot_pr(data, y_score, skew=ranges, ax=ax, **kwargs)
    lo, hi = check_pair(skew_range, "skew_range", lo=0.0, hi=1.0)
    return plot_pr(data, y_score, skew=SkewRange(lo, hi, weight=weight), ax=ax, **kwargs)


@renamed_keywords(ci="confidence")
@skew_by_name
def plot_temporal_pr(data=None, y_score=None, *, skew_series, ax=None, **kwargs):
    """Draw P̃-R curves: precision averaged over a skew that moves in time [L §4.2].

    Parameters
    ----------
    data, y_score
        As :func:`plot_pr`, with its input keywords (``y_true``, ``hue``, ``units``, ``folds`` ...).
    skew_series : SkewSeries or array-like
        Samples of pi'(t) (equally spaced in time unless a SkewSeries says otherwise).
    ax : matplotlib Axes, optional
    **kwargs
        As :func:`plot_pr`.
    """
    kwargs = check_style(kwargs, plot_temporal_pr, via=plot_pr)
    refuse_positional_skew(data, y_score, "plot_temporal_pr", "skew_series")
    if not isinstance(skew_series, SkewSeries):
        if isinstance(skew_series, SkewModel) or callable(skew_series):
            raise TypeError(f"skew_series must be a SkewSeries or an array of skews, got {type(skew_series).__name__} "
                            "(for a function pi'(t) pass SkewSeries.from_function(f, t_end=...))")
        skew_series = SkewSeries(check_1d_array(skew_series, "skew_series"))
    return plot_pr(data, y_score, skew=skew_series, ax=ax, **kwargs)

