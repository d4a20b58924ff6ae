"""Small input checks with messages that name the argument at fault."""

from __future__ import annotations

import numbers

import numpy as np


def check_1d_array(x, name, *, dtype=float, allow_empty=False):
    """Return ``x`` as a 1-D array, raising a clear error otherwise."""
    if x is None:
        raise TypeError(f"{name} must be an array-like of numbers, got None")
    try:
        arr = np.asarray(x)
    except Exception as exc:  # pragma: no cover - numpy raises rarely here
        raise TypeError(f"{name} could not be read as an array: {exc}") from exc
    if arr.ndim == 0:
        raise ValueError(f"{name} must be 1-D, got a scalar")
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if not allow_empty and arr.size == 0:
        raise ValueError(f"{name} is empty; at least one value is needed")
    if dtype is float:
        if arr.dtype.kind not in "biuf":
            raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
        arr = arr.astype(float, copy=False)
    return arr


def check_finite(arr, name):
    """Raise when ``arr`` holds NaN or infinity."""
    if not np.isfinite(arr).all():
        bad = "NaN" if np.isnan(arr).any() else "infinite values"
        raise ValueError(f"{name} contains {bad}; every value must be finite")
    return arr


def check_nonnegative(arr, name):
    check_finite(arr, name)
    if arr.size and arr.min() < 0:
        raise ValueError(f"{name} must be non-negative, found {arr.min():g}")
    return arr


def check_same_length(*pairs):
    """``pairs`` are (name, array); raise if their lengths differ."""
    n0 = len(pairs[0][1])
    for name, arr in pairs[1:]:
        if len(arr) != n0:
            raise ValueError(
                f"{name} has length {len(arr)} but {pairs[0][0]} has length {n0}; they must match"
            )


def check_scalar(value, name, *, lo=None, hi=None, lo_open=False, hi_open=False):
    """Return ``value`` as a float inside the given interval, or raise."""
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, np.floating, np.integer)):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    v = float(value)
    if not np.isfinite(v):
        raise ValueError(f"{name} must be finite, got {v}")
    left = "(" if lo_open else "["
    right = ")" if hi_open else "]"
    interval = f"{left}{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}{right}"
    if lo is not None and (v < lo or (lo_open and v == lo)):
        raise ValueError(f"{name} must lie in {interval}, got {v:g}")
    if hi is not None and (v > hi or (hi_open and v == hi)):
        raise ValueError(f"{name} must lie in {interval}, got {v:g}")
    return v


def check_choice(value, name, choices):
    if value not in choices:
        opts = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {opts}; got {plain(value)}")
    return value


def check_real_array(x, name):
    """``x`` (a number or an array of any shape) as a finite float array."""
    if x is None or isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{name} must be a number or an array of numbers, got {type(x).__name__}")
    arr = np.asarray(x)
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
    return check_finite(arr.astype(float, copy=False), name)


def check_unit_array(x, name):
    """``x`` (a number or an array of any shape) as a float array with every value in [0, 1]."""
    arr = check_real_array(x, name)
    if arr.size and (arr.min() < 0 or arr.max() > 1):
        raise ValueError(f"{name} must lie in [0, 1], found values in [{arr.min():g}, {arr.max():g}]")
    return arr


def check_rate_pair(point, name):
    """A ROC point given as ``(tpr, fpr)``: scalars or arrays that broadcast, in [0, 1]."""
    try:
        tpr, fpr = point
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be a (tpr, fpr) pair") from exc
    return np.broadcast_arrays(check_unit_array(tpr, f"{name}[0] (tpr)"), check_unit_array(fpr, f"{name}[1] (fpr)"))


def scalar_or_array(out):
    """A 0-d result as a float, anything else as a float array."""
    out = np.asarray(out, dtype=float)
    return float(out) if out.ndim == 0 else out


def plain(value):
    """``repr`` of ``value`` for a message, numpy scalars shown as Python ones (``0``, not ``np.int64(0)``)."""
    if isinstance(value, np.generic):
        value = value.item()
    return repr(value)
