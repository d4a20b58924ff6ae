"""Small input checks with messages that name the argument at fault."""

from __future__ import annotations

import functools
import importlib
import numbers
import warnings

import numpy as np

#: The extra of pyproject.toml that installs each optional module (the one place messages read it from).
EXTRAS = {"duckdb": "tables", "polars": "tables", "pyarrow": "tables", "pandas": "stats", "statsmodels": "stats",
          "ipympl": "widgets"}


def require(module, what):
    """Import ``module`` (dotted), or raise a one-line ImportError naming what needs it and how to install it.

    Examples
    --------
    >>> require("skewplot_no_such_module", "a demo")
    Traceback (most recent call last):
    ...
    ImportError: a demo needs skewplot_no_such_module, which is not installed: pip install skewplot_no_such_module
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        extra = EXTRAS.get(top)
        how = f'pip install "skewplot[{extra}]"' if extra else f"pip install {top}"
        raise ImportError(f"{what} needs {top}, which is not installed: {how}") from None


def as_plain_array(x, name):
    """``np.asarray(x)``, refusing masked arrays that mask something (numpy would drop the mask)."""
    if np.ma.isMaskedArray(x):
        n_masked = int(np.ma.count_masked(x))
        if n_masked:
            raise ValueError(
                f"{name} is a masked array with {n_masked} masked value(s); drop them "
                "(e.g. x[~x.mask] for every array, or x.compressed()) or fill them first"
            )
        return np.asarray(x.data)
    try:
        return np.asarray(x)
    except Exception as exc:  # a ragged list, for instance
        raise TypeError(f"{name} could not be read as an array: {exc}") from exc


def float_exactly(arr, name):
    """An integer array as floats, if no two distinct values become equal (|x| > 2**53 may).

    Returns ``None`` when the conversion would merge distinct integers; the
    caller then ranks the integers exactly instead.
    """
    if arr.dtype.kind not in "iu" or arr.size == 0:
        return arr.astype(float, copy=False)
    if -(2**53) <= int(arr.min()) and int(arr.max()) <= 2**53:
        return arr.astype(float)
    distinct = np.unique(arr)
    as_float = distinct.astype(float)
    if np.all(np.diff(as_float) > 0):
        return arr.astype(float)
    return None


def score_keys(y_score, name="y_score", *, finite=True):
    """Finite scores as floats, and how to report thresholds for them.

    Integer scores beyond 2**53 may not all survive the conversion to float:
    then the scores are replaced by their exact dense ranks (which sort and tie
    exactly like the integers), and ``relabel`` maps an array of thresholds in
    ranks (``inf`` kept) back to the integers' nearest floats.  Otherwise
    ``relabel`` is None.  ``finite=False`` leaves the check for NaN and
    infinity to the caller (the hard-label kernel checks the sorted scores).
    """
    raw = check_1d_array(y_score, name, keep_int=True)
    score = float_exactly(raw, name)
    if score is not None:
        return (check_finite(score, name) if finite else score), None
    distinct, ranks = np.unique(raw, return_inverse=True)
    values = distinct.astype(float)

    def relabel(thresholds):
        out = np.array(thresholds, dtype=float)
        finite = np.isfinite(out)
        out[finite] = values[out[finite].astype(np.int64)]
        return out

    return ranks.astype(float), relabel


def check_scores(y_score, name="y_score"):
    """Finite scores as floats; integers that float64 cannot tell apart are refused by name."""
    score, relabel = score_keys(y_score, name)
    if relabel is not None:
        raise ValueError(
            f"{name} holds integers beyond 2**53 that differ by less than float64 can tell apart; "
            "pass their ranks instead (e.g. scipy.stats.rankdata)"
        )
    return score


def check_1d_array(x, name, *, dtype=float, allow_empty=False, keep_int=False):
    """Return ``x`` as a 1-D array, raising a clear error otherwise.

    With ``dtype=float`` the values must be numbers (booleans count as 0/1);
    ``keep_int=True`` returns integer arrays unconverted (see :func:`float_exactly`).
    """
    if x is None:
        raise TypeError(f"{name} must be an array-like of numbers, got None")
    if isinstance(x, (str, bytes)):
        raise TypeError(f"{name} must be an array-like of numbers, got {type(x).__name__} {x!r}")
    arr = as_plain_array(x, name)
    if arr.ndim == 0:
        raise ValueError(f"{name} must be 1-D, got a scalar")
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if not allow_empty and arr.size == 0:
        raise ValueError(f"{name} is empty; at least one value is needed")
    if dtype is float:
        if arr.dtype.kind not in "biuf":
            raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
        if keep_int:
            return arr
        arr = arr.astype(float, copy=False)
    return arr


def check_finite(arr, name):
    """Raise when ``arr`` holds NaN or infinity."""
    if arr.dtype.kind == "f" and arr.size:
        with np.errstate(over="ignore", invalid="ignore"):
            if np.isfinite(np.sum(arr)):  # one pass, no temporary: a NaN or infinity makes the sum one too
                return arr
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


def check_bool(value, name):
    """Return ``value`` as a bool; anything but True/False (a string such as 'no', 0, None) is refused."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__} {value!r}")
    return bool(value)


def check_int(value, name, *, lo=None, hi=None, hi_name=None):
    """Return ``value`` as an int in ``[lo, hi]``: the one rule for every count.

    Only integers (Python or numpy) are counts: a float is refused even when
    whole (``2.5`` would otherwise be truncated, and ``1e6`` reads as a
    float), and so are bools, strings and None, each a TypeError.
    ``hi_name`` names the bound in the message (``"n_pos must not exceed n
    = 10"``).
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        hint = ""
        if isinstance(value, (float, np.floating)) and np.isfinite(value) and float(value).is_integer():
            hint = f"; write {int(value)}"
        raise TypeError(f"{name} must be a whole number (an int), got {type(value).__name__} {plain(value)}{hint}")
    v = int(value)
    if lo is not None and v < lo:
        raise ValueError(f"{name} must be at least {lo}, got {v}")
    if hi is not None and v > hi:
        bound = f"{hi_name} = {hi}" if hi_name else str(hi)
        raise ValueError(f"{name} must not exceed {bound}, got {v}")
    return v


def check_pair(value, name, *, lo=None, hi=None, lo_open=False, hi_open=False, strict=True, what="(lo, hi)"):
    """Return ``value`` as an ordered pair of floats ``(a, b)``: the one rule for every interval argument.

    ``value`` must be a sequence of exactly two real numbers (a tuple, list
    or 1-D array), each inside ``[lo, hi]`` (ends open as asked), with
    ``a < b`` (``a <= b`` when ``strict=False``).  ``what`` is how the
    message spells the pair.
    """
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__len__") or np.ndim(value) != 1 \
            or len(value) != 2:
        raise TypeError(f"{name} must be a {what} pair, got {type(value).__name__} {value!r}")
    a = check_scalar(value[0], f"{name}[0]", lo=lo, hi=hi, lo_open=lo_open, hi_open=hi_open)
    b = check_scalar(value[1], f"{name}[1]", lo=lo, hi=hi, lo_open=lo_open, hi_open=hi_open)
    if a > b or (strict and a == b):
        first, second = what.strip("()").split(", ")
        raise ValueError(f"{name} must have {first} {'<' if strict else '<='} {second}, got ({a:g}, {b:g})")
    return a, b


def check_choice(value, name, choices):
    """``value`` if it is one of ``choices``; a value of another type is a TypeError."""
    if all(isinstance(c, str) for c in choices) and not isinstance(value, str):
        opts = ", ".join(repr(c) for c in choices)
        raise TypeError(f"{name} must be one of {opts} (a string); got {type(value).__name__} {value!r}")
    if value not in choices:
        opts = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {opts}; got {plain(value)}")
    return value


def check_real_array(x, name):
    """``x`` (a number or an array of any shape) as a finite float array."""
    if x is None or isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{name} must be a number or an array of numbers, got {type(x).__name__}")
    if isinstance(x, (str, bytes)):
        raise TypeError(f"{name} must hold numbers, got {type(x).__name__} {x!r}")
    arr = as_plain_array(x, name)
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
    return check_finite(arr.astype(float, copy=False), name)


def check_unit_array(x, name):
    """``x`` (a number or an array of any shape) as a float array with every value in [0, 1]."""
    if type(x) is np.ndarray and x.dtype == np.float64 and x.size:
        # the library's own arrays, checked on every widget step: NaN fails both tests, so min and max suffice
        if x.min() >= 0.0 and x.max() <= 1.0:
            return x
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


def renamed_keywords(**renames):
    """Decorator: keywords renamed ``old=new`` still taken for one release, with a DeprecationWarning naming the new.

    The one helper of every renamed keyword (issue 41): the function's
    signature shows only the new names; an old one given alone is passed on
    as the new one, both given are refused.

    Examples
    --------
    >>> import warnings
    >>> @renamed_keywords(colour="color")
    ... def paint(*, color=None):
    ...     return color
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     paint(colour="red"), str(caught[0].message)
    ('red', 'paint(): colour= is renamed color=; colour= will be removed in the next release')
    """
    def wrap(func):
        name = func.__qualname__.replace(".__init__", "")

        @functools.wraps(func)
        def inner(*args, **kwargs):
            for old, new in renames.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{name}() got both {new}= and its old spelling {old}=; pass {new}= only")
                    warnings.warn(f"{name}(): {old}= is renamed {new}=; {old}= will be removed in the next release",
                                  DeprecationWarning, stacklevel=2)
                    kwargs[new] = kwargs.pop(old)
            return func(*args, **kwargs)

        inner.renamed_keywords = dict(renames)
        return inner
    return wrap


def deprecated(use):
    """Decorator: a public function kept for one release, with a DeprecationWarning naming the spelling to ``use``.

    The one helper of every second spelling of a public function (issue 41:
    one spelling per thing); ``inner.deprecated`` holds ``use`` for the test
    that walks the public API.

    Examples
    --------
    >>> import warnings
    >>> @deprecated("paint(color=...)")
    ... def colour(c):
    ...     return c
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     colour("red"), str(caught[0].message)
    ('red', 'colour() is deprecated: use paint(color=...); colour() will be removed in the next release')
    """
    def wrap(func):
        @functools.wraps(func)
        def inner(*args, **kwargs):
            warnings.warn(f"{func.__name__}() is deprecated: use {use}; {func.__name__}() will be removed in the next "
                          "release", DeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)

        inner.deprecated = use
        return inner
    return wrap
