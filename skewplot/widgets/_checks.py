"""Argument checks and small helpers of the widgets: inputs, skew bounds, estimates, the notebook cell.

Kept apart from :mod:`._base` (the widget class) to keep both modules short;
:mod:`._base` re-exports the public names.
"""

from __future__ import annotations

import html
import logging
import sys

import numpy as np

from .._validate import check_bool, check_pair, check_scalar
from ..metrics._inputs import classifiers
from ..plotting._compat import wrap_value_validator
from ..skew import _is_estimate, as_skew
from ..skew.base import FixedSkew, SkewModel, skew_text

#: The input arguments of every plot_* function a widget takes through ``**kwargs``.
INPUT_KEYS = ("y_true", "hue", "units", "folds", "sample_weight", "pos_label", "hue_order", "name")
SKEW_KEYS = ("skew", "skew_range", "skew_series")

def check_points(data, y_score=None, kwargs=None, *, func="widget", skew_arg="skew", plot="plot_pr"):
    """The widget's input as a dict name -> OperatingPoints (or -> list of folds).

    ``data`` and ``y_score`` are the widget's first arguments; the input
    keywords of the ``plot_*`` functions (:data:`INPUT_KEYS`) are taken out of
    ``kwargs``, so that the rest reaches the plot as drawing options.  The
    rule is :func:`skewplot.metrics._inputs.classifiers`, the same as every plot's.
    A keyword neither the widget nor its ``plot`` function takes is refused
    naming the widget (it said ``plot_pr() got an unexpected keyword``).
    """
    kwargs = {} if kwargs is None else kwargs
    if "threshold_control" in kwargs:  # the one flag a widget takes through **kwargs
        kwargs["threshold_control"] = check_bool(kwargs["threshold_control"], "threshold_control")
    from .. import plotting
    from ..plotting._kwargs import check_style

    # The widget's own parameters are the likeliest meant (skew_rang -> skew_range); its package is loaded by now
    # (looked up, not imported: the package imports this module).
    own = getattr(sys.modules.get(__package__), func, None)
    try:
        check_style({k: v for k, v in kwargs.items() if k not in ("threshold_control", *SKEW_KEYS)},
                    getattr(plotting, plot), via=own if callable(own) else None)
    except TypeError as exc:
        raise TypeError(str(exc).replace(f"{plot}()", f"{func}()", 1) + f" (the widget draws with {plot})") from None
    for key in SKEW_KEYS:  # the skew keywords a widget takes are in its signature: these reached **kwargs
        if key in kwargs:
            takes = {"skew_series": "interactive_temporal_pr", "skew_range": "interactive_integrated_pr or explorer",
                     "skew": "interactive_pr, interactive_cost, interactive_fmeasure or explorer"}[key]
            raise TypeError(f"{func}() got an unexpected keyword argument {key!r}: {key}= is taken by {takes}")
    inputs = {key: kwargs.pop(key) for key in INPUT_KEYS if key in kwargs}
    return classifiers(data, y_score, func=func, skew_arg=skew_arg, **inputs)


def guard_control(control, name, report):
    """One rule for every control: a value it cannot hold is refused, said, and leaves everything as it was.

    ipywidgets clamps a value set in the kernel into a slider's range without
    a word (0, -1, 2 became the nearest end) and lets NaN through (the
    control then showed NaN while the figure kept the old value).  The
    control's own validator is wrapped: a value that is not a number inside
    the control's range (each end of a range, in order) keeps the control's
    value, so nothing is redrawn, and ``report`` gets one line naming the
    control, the value and the range.  The page never sends such values.
    """
    def check(owner, proposal, own):
        problem = _unholdable(control, proposal["value"])
        if problem:
            text = f"{name} = {shown(proposal['value'])} refused: {problem}; kept {shown(control.value)}"
            logging.getLogger("skewplot.widgets").warning("%s", text)
            report(text)
            return control.value
        return own(owner, proposal) if own is not None else proposal["value"]

    wrap_value_validator(control, check)


def option_values(options):
    """The values of a selection control's ``options`` as ipywidgets reads them: the second of (label, value)
    pairs, a mapping's values, else the options themselves.

    Examples
    --------
    >>> option_values([("AUCPR", "aucpr"), ("AP", "ap")]), option_values({"a": 1}), option_values([0.1, 0.2])
    (('aucpr', 'ap'), (1,), (0.1, 0.2))
    """
    from collections.abc import Mapping

    items = list(options.items()) if isinstance(options, Mapping) else list(options)
    if all(isinstance(item, (list, tuple)) and len(item) == 2 for item in items):
        return tuple(item[1] for item in items)
    return tuple(items)


def shown(value):
    """A control's value for the status line: floats to 4 significant digits, a range as ``(lo, hi)``."""
    if isinstance(value, tuple):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    return f"{value:.4g}" if isinstance(value, float) else repr(value)


def _unholdable(control, value):
    """Why ``control`` cannot hold ``value`` (None if it can): NaN, infinity, outside the range, ends reversed."""
    if hasattr(control, "options"):  # a dropdown: one of its values, of the same type (True is not 1)
        values = option_values(control.options)
        if not any(type(v) is type(value) and v == value for v in values):
            return "it takes one of " + ", ".join(repr(v) for v in values)
        return None
    if not hasattr(control, "max"):
        return None
    top = control.base ** control.max if hasattr(control, "base") else control.max
    bottom = getattr(control, "lo", None) or (control.base ** control.min if hasattr(control, "base")
                                               else control.min)
    ends = value if isinstance(value, tuple) else (value,)
    slack = 1e-9  # a log slider's page computes 10 ** x: an ulp past an end is the control's own to clamp
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool)
               and bottom - slack * abs(bottom) <= v <= top + slack * abs(top) for v in ends):
        boolean = any(isinstance(v, (bool, np.bool_)) for v in ends)
        return f"it takes numbers within [{bottom:g}, {top:g}]" + (", not booleans" if boolean else "")
    if len(ends) == 2 and ends[0] > ends[1]:
        return "its ends must be in order (lo <= hi)"
    return None


def plot_args(points):
    """How to hand normalised ``points`` to a ``plot_*`` function: ``folds=`` for folds, else ``data=``."""
    if any(isinstance(v, list) for v in points.values()):
        return {"folds": points}
    return {"data": points}


def data_set_skew(points):
    """The data set skew of the first classifier (None when built from rates without a skew)."""
    value = next(iter(points.values()))
    pts = value[0] if isinstance(value, list) else value
    return pts.skew


def check_figsize(figsize):
    """A widget's ``figsize``: None or two positive sizes in inches (a zero size reached numpy's LinAlgError)."""
    if figsize is None:
        return None
    if isinstance(figsize, (str, bytes)) or np.ndim(figsize) != 1 or len(figsize) != 2:
        raise TypeError(f"figsize must be a (width, height) pair in inches, got {figsize!r}")
    return tuple(check_scalar(v, f"figsize[{i}]", lo=0.0, lo_open=True) for i, v in enumerate(figsize))


def check_slider_bounds(slider_bounds):
    return check_pair(slider_bounds, "slider_bounds", lo=0.0, hi=1.0, lo_open=True, hi_open=True)


def skew_or_estimate(skew, estimated_skew):
    """``(skew, estimated_skew)`` with a SkewEstimate given as ``skew=`` read as every function reads it.

    A skew is a number, a pair, a model or an estimate everywhere
    (:func:`skewplot.skew.as_skew`): a widget with one skew slider starts it
    at the estimate and shows the estimate with its interval, as
    ``estimated_skew=`` does.
    """
    if _is_estimate(skew):
        if estimated_skew is not None and estimated_skew is not skew:
            raise ValueError("skew= is a SkewEstimate and estimated_skew= is given too: pass the estimate once")
        return as_skew(skew).value, skew
    return skew, estimated_skew


def initial_skew(points, skew, bounds):
    """The slider's first value: ``skew``, or the data set skew clipped into ``bounds``."""
    lo, hi = bounds
    if skew is None:
        own = data_set_skew(points)
        if own is None:
            raise ValueError("skew is None and the points carry no data set skew (built from rates); pass skew=")
        return float(np.clip(own, lo, hi))
    if isinstance(skew, FixedSkew):
        skew = skew.value
    elif isinstance(skew, (SkewModel, tuple, list)):
        raise TypeError(f"skew= is the slider's one starting skew (a number, a FixedSkew or a SkewEstimate), got "
                        f"{skew!r}; a range or a model is the skew_range= of interactive_integrated_pr or explorer")
    skew = check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    if not lo <= skew <= hi:
        raise ValueError(f"skew must lie within slider_bounds [{lo:g}, {hi:g}], got {skew:g}")
    return skew


def read_estimate(estimated):
    """``(estimate, low, high)`` from a SkewEstimate-like object or a float (low, high None without an interval)."""
    if isinstance(estimated, (int, float, np.floating)) and not isinstance(estimated, bool):
        return check_scalar(estimated, "estimated_skew", lo=0.0, hi=1.0), None, None
    if not hasattr(estimated, "estimate"):
        raise TypeError("estimated_skew must be a SkewEstimate (from skewplot.estimate_skew) or a float, "
                        f"got {type(estimated).__name__}")
    est = check_scalar(estimated.estimate, "estimated_skew.estimate", lo=0.0, hi=1.0)
    if getattr(estimated, "low", None) is None:
        return est, None, None
    low = check_scalar(estimated.low, "estimated_skew.low", lo=0.0, hi=1.0)
    high = check_scalar(estimated.high, "estimated_skew.high", lo=0.0, hi=1.0)
    return est, low, high


def estimate_strip(est, low, high, bounds, *, width=380, height=34):
    """An SVG strip on the skew slider's log scale: the interval as a band, the estimate as a tick."""
    lo, hi = np.log10(bounds[0]), np.log10(bounds[1])

    def x(p):
        return float(np.clip((np.log10(max(p, 1e-300)) - lo) / (hi - lo), 0.0, 1.0) * (width - 2 * pad) + pad)

    pad = 18  # room for the end ticks' labels
    parts = [f"<line x1='{pad}' y1='12' x2='{width - pad}' y2='12' stroke='#999' stroke-width='1'/>"]
    for p in 10.0 ** np.arange(np.ceil(lo), np.floor(hi) + 1):
        parts.append(f"<line x1='{x(p):.1f}' y1='9' x2='{x(p):.1f}' y2='15' stroke='#999'/>"
                     f"<text x='{x(p):.1f}' y='30' font-size='9' text-anchor='middle' fill='#666'>{p:g}</text>")
    label = f"estimated π′ = {skew_text(est)}"
    if low is not None:
        parts.append(f"<rect x='{x(low):.1f}' y='6' width='{max(x(high) - x(low), 1.5):.1f}' height='12' "
                     "fill='#1f77b4' fill-opacity='0.3'/>")
        label += f" [{skew_text(low)}, {skew_text(high)}]"
    parts.append(f"<line x1='{x(est):.1f}' y1='3' x2='{x(est):.1f}' y2='21' stroke='#1f77b4' stroke-width='2.5'/>")
    return (f"<svg width='{width}' height='{height}' role='img' aria-label='{html.escape(label)}'>"
            f"<title>{html.escape(label)}</title>{''.join(parts)}</svg>"
            f"<div style='font-size:11px;color:#444'>{html.escape(label)}</div>")
_BY_CELL = {}  # notebook cell id -> the widget it made last


def _current_cell():
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    try:
        parent = kernel.get_parent()
    except Exception:  # noqa: BLE001 - an old kernel without get_parent: no cell to track
        return None
    return (parent or {}).get("metadata", {}).get("cellId")
