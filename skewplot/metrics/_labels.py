"""Reading binary labels: which entries are positive, with clear errors."""

from __future__ import annotations

import numpy as np

from .._validate import plain

__all__ = ["positive_mask", "swapped_hint"]


def positive_mask(y_true, pos_label, y_score=None):
    """Boolean mask of the positive class, checking there are exactly two classes.

    With ``y_score``, an error also says when the two arrays look swapped.
    """
    try:
        return _positive_mask(y_true, pos_label)
    except ValueError as exc:
        hint = "" if y_score is None else swapped_hint(y_true, y_score)
        if not hint:
            raise
        raise ValueError(f"{exc}.{hint}") from None


def _distinct(y):
    """The distinct values of a 1-D array; of mixed types (``[1, "a"]``, which numpy cannot sort) in first order."""
    try:
        return np.unique(y).tolist()
    except TypeError:
        try:
            return list(dict.fromkeys(y.tolist()))
        except TypeError:
            kinds = sorted({type(v).__name__ for v in y.tolist()})
            raise TypeError(f"y_true must hold class labels (numbers, str or bool), got values of type "
                            f"{', '.join(kinds)}") from None


def _positive_mask(y_true, pos_label):
    y = np.asarray(y_true)
    if y.ndim != 1:
        raise ValueError(f"y_true must be 1-D, got an array of shape {y.shape}")
    if y.size == 0:
        raise ValueError("y_true is empty; at least one value is needed")
    numeric = y.dtype.kind in "biuf"
    if numeric and y.dtype.kind == "f" and not np.isfinite(y).all():
        raise ValueError("y_true contains NaN or infinite values")
    if pos_label is None:
        if not numeric:
            raise ValueError(
                f"y_true has non-numeric labels {_distinct(y)[:5]}; pass pos_label= to say which is positive"
            )
        lo, hi = y.min(), y.max()
        if lo == hi:
            raise ValueError(f"y_true holds only one class ({plain(lo)}); both classes are needed")
        # Integers one apart are the only two values (no pass needed to check).
        two = y.dtype.kind in "biu" and int(hi) - int(lo) == 1
        if not two and not np.all((y == lo) | (y == hi)):
            raise ValueError("y_true holds more than two classes; a binary problem is needed")
        if (lo, hi) not in ((0, 1), (-1, 1), (False, True)):
            raise ValueError(
                f"y_true has labels {{{plain(lo)}, {plain(hi)}}}; pass pos_label= to say which is positive "
                "(the default is only clear for {0, 1} and {-1, 1})"
            )
        if y.dtype.itemsize == 1 and y.dtype.kind in "biu" and lo == 0 and hi == 1:
            mask = y.view(np.bool_)  # bytes 0 and 1 already are a boolean mask (read-only view)
            mask.flags.writeable = False
            return mask
        return y == hi
    is_pos = y == pos_label
    if not np.any(is_pos):
        raise ValueError(f"pos_label={plain(pos_label)} does not occur in y_true")
    rest = y[~is_pos]
    if rest.size == 0:
        raise ValueError("y_true holds only one class (all values equal pos_label); both classes are needed")
    if numeric:
        several = rest.min() != rest.max()
    else:
        several = len(_distinct(rest)) > 1
    if several:
        raise ValueError("y_true holds more than two classes; a binary problem is needed")
    return is_pos


def swapped_hint(y_true, y_score):
    """A sentence for an error when ``y_true`` looks like scores and ``y_score`` like labels, else ""."""
    y, s = np.asarray(y_true), np.asarray(y_score)
    if y.dtype.kind not in "biuf" or s.shape != y.shape or s.dtype.kind not in "biuf" or y.size < 3:
        return ""
    s_values = np.unique(s)
    if s_values.size > 2 or np.unique(y).size <= 2:
        return ""
    return (f" y_score holds only the values {{{', '.join(plain(v) for v in s_values)}}} and y_true holds "
            f"{np.unique(y).size} distinct values: were the two swapped? Labels come first: "
            "f(y_true, y_score).")
