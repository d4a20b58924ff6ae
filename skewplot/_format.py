"""How every number the library writes is written: legends, titles, tables, readouts, the CLI, the saved page.

One rule for all of them (the saved page runs the same rule in
``page_closed_forms.js``, ``CF.number`` and ``CF.column``, string for
string):

- a non-zero number keeps ``digits`` significant digits (three unless
  asked), trailing zeros included, so ``0.05`` is written ``0.0500`` and
  2.1e-4 ``0.000210``, never ``0.000``;
- between 0.5 and 1 the distance to 1 keeps two significant digits too, so
  0.99987 is written ``0.99987``, not ``1.00``;
- an exact zero is written ``0``;
- below 1e-4 or from 1e6 up, scientific notation (``2.10e-05``);
- a column of a table takes one format for all its cells (:func:`column`);
- numbers that rank things side by side (the areas of one legend) keep the
  digits that tell them apart (:func:`distinct`: 0.69642 and 0.69569 are not
  both ``0.696``);
- a p-value below what the test resolves is written as a bound
  (:func:`p_value`: ``p < 1e-4``).

Only ``format(x, ".{d}f")`` and ``format(x, ".{d}e")`` make the digits
(correctly rounded, an exact tie to the even digit), so the page's mirror
needs nothing else.
"""

from __future__ import annotations

import math

__all__ = ["number", "column", "distinct", "distinct_digits", "p_value", "tick", "DIGITS"]

DIGITS = 3
# Fixed notation for 1e-4 <= |x| < 1e6 (after rounding); scientific notation outside.
_FIXED_EXPONENTS = range(-4, 6)
# Below this distance to 1 a value in (0.5, 1) is float noise around 1, not a digit to show.
_NEAR_ONE = 1e-9


def _exponent(x, digits):
    """The decimal exponent of ``x`` rounded to ``digits`` significant digits (0.000999 -> -3 at 2 digits)."""
    return int(format(x, f".{digits - 1}e").split("e")[1])


def _decimals(x, digits):
    """Decimals that show ``x`` (finite, non-zero, in fixed notation) with ``digits`` significant digits."""
    d = max(digits - 1 - _exponent(x, digits), 0)
    if 0.5 < x < 1.0 and 1.0 - x >= _NEAR_ONE:  # the distance to 1 keeps two digits too
        d = max(d, 1 - _exponent(1.0 - x, 2))
    return d


def _special(x):
    """The text of a value that has no digits (None, nan, inf, an exact zero), else None."""
    if x is None:
        return "–"
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == 0:
        return "0"
    return None


def _fixed(x, digits):
    return _exponent(x, digits) in _FIXED_EXPONENTS


def number(x, digits=DIGITS) -> str:
    """``x`` written with at least ``digits`` significant digits (``"0"`` for an exact zero).

    Parameters
    ----------
    x : float or None
        The number (None is written as a dash: a cell with no value).
    digits : int, default 3
        Significant digits of a non-zero value (at least 2).

    Returns
    -------
    str

    Examples
    --------
    >>> from skewplot._format import number
    >>> number(0.8123), number(2.1e-4), number(0.05), number(0.0), number(2680.4), number(0.99987)
    ('0.812', '0.000210', '0.0500', '0', '2680', '0.99987')
    >>> number(3.2e-7), number(1.5e7), number(-0.25, digits=2)
    ('3.20e-07', '1.50e+07', '-0.25')
    """
    if digits < 2:
        raise ValueError(f"digits must be at least 2, got {digits!r}")
    x = None if x is None else float(x)
    special = _special(x)
    if special is not None:
        return special
    if not _fixed(x, digits):
        return format(x, f".{digits - 1}e")
    return format(x, f".{_decimals(x, digits)}f")


def column(values, digits=DIGITS) -> list[str]:
    """The cells of one table column, every one written in the same format.

    The format is the one that shows the column's smallest non-zero value
    with ``digits`` significant digits: fixed notation with as many decimals
    as that value needs, or scientific notation for the whole column when
    one of its values needs it or the decimals would pass six.  Exact zeros
    are ``"0"``, None is a dash, nan ``"nan"``.

    Parameters
    ----------
    values : sequence of float or None
    digits : int, default 3

    Returns
    -------
    list of str

    Examples
    --------
    >>> from skewplot._format import column
    >>> column([1.333, 26.8, 0.0])
    ['1.33', '26.80', '0']
    >>> column([0.268, 2e-4])
    ['0.268000', '0.000200']
    >>> column([1.333, 2680.0, 3e-5])
    ['1.33e+00', '2.68e+03', '3.00e-05']
    """
    if digits < 2:
        raise ValueError(f"digits must be at least 2, got {digits!r}")
    values = [None if v is None else float(v) for v in values]
    real = [v for v in values if _special(v) is None]
    decimals = max((_decimals(v, digits) for v in real), default=0)
    scientific = any(not _fixed(v, digits) for v in real) or decimals > 6
    out = []
    for v in values:
        special = _special(v)
        if special is not None:
            out.append(special)
        else:
            out.append(format(v, f".{digits - 1}e" if scientific else f".{decimals}f"))
    return out


#: The most significant digits :func:`distinct_digits` gives: values closer than this are written alike.
MOST_DIGITS = 9


def distinct_digits(values, digits=DIGITS) -> list[int]:
    """The fewest significant digits, at least ``digits``, per value so that :func:`number` writes values that
    differ differently.

    Only the values whose texts coincide get more digits, one at a time, until
    their texts part (or ``MOST_DIGITS``); equal values keep one text.

    Parameters
    ----------
    values : sequence of float or None
    digits : int, default 3

    Returns
    -------
    list of int

    Examples
    --------
    >>> from skewplot._format import distinct_digits
    >>> distinct_digits([0.69642, 0.69569, 0.3, 0.69642])
    [4, 4, 3, 4]
    """
    if digits < 2:
        raise ValueError(f"digits must be at least 2, got {digits!r}")
    values = [None if v is None else float(v) for v in values]
    out = [digits] * len(values)
    while True:
        by_text = {}
        for i, v in enumerate(values):
            by_text.setdefault(number(v, out[i]), []).append(i)
        grow = [i for group in by_text.values() if len({str(values[j]) for j in group}) > 1 for i in group
                if out[i] < MOST_DIGITS]
        if not grow:
            return out
        for i in grow:
            out[i] += 1


def distinct(values, digits=DIGITS) -> list[str]:
    """``values`` written by :func:`number` with the digits that tell them apart (:func:`distinct_digits`).

    Examples
    --------
    >>> from skewplot._format import distinct
    >>> distinct([0.69642, 0.69569, 0.89611, 0.89572, 0.5])
    ['0.6964', '0.6957', '0.8961', '0.8957', '0.500']
    """
    return [number(v, d) for v, d in zip(values, distinct_digits(values, digits), strict=True)]


def p_value(p, resolution=1e-4, *, attained=False) -> str:
    """``"p = 0.032"``, or ``"p < 1e-4"`` below what the test resolves.

    Parameters
    ----------
    p : float
        The p-value.
    resolution : float, default 1e-4
        The smallest p-value the test tells apart from smaller ones (a
        normal approximation's tail, a permutation test's ``1 / (n + 1)``).
    attained : bool, default False
        Whether the test can give ``resolution`` itself (a permutation
        test's least p-value, when no sampled statistic reached the
        observed one): ``p`` at ``resolution`` then reads ``"p ≤ 5e-4"``.

    The bound is printed to one significant digit, rounded up: a bound
    printed below itself would be no bound.

    Examples
    --------
    >>> from skewplot._format import p_value
    >>> p_value(0.0321), p_value(0.0), p_value(3e-9), p_value(0.5)
    ('p = 0.032', 'p < 1e-4', 'p < 1e-4', 'p = 0.50')
    >>> p_value(1 / 2001, resolution=1 / 2001, attained=True), p_value(1e-5, resolution=1 / 3001)
    ('p ≤ 5e-4', 'p < 4e-4')
    """
    p = float(p)
    if attained and p <= resolution * (1 + 1e-9):
        return f"p \u2264 {_bound(resolution)}"
    if p < resolution:
        return f"p < {_bound(resolution)}"
    return f"p = {number(p, 2)}"


def _bound(value):
    """``value`` > 0 to one significant digit, rounded up: ``"0.01"``, ``"0.002"``, ``"5e-4"``.

    >>> _bound(0.01), _bound(1 / 501), _bound(1 / 2001), _bound(1 / 10001), _bound(1e-4), _bound(0.05)
    ('0.01', '0.002', '5e-4', '1e-4', '1e-4', '0.05')
    """
    exponent = math.floor(math.log10(value))
    digit = math.ceil(round(value / 10.0**exponent, 9))
    if digit == 10:
        digit, exponent = 1, exponent + 1
    return f"{digit}e{exponent}" if exponent < -3 else f"{digit * 10.0**exponent:.{max(-exponent, 0)}f}"


def tick(x) -> str:
    """A log axis' tick label in plain text: ``0.01``, ``0.02``, ``100``; ``1e-3`` outside ``0.01 .. 100``.

    Not matplotlib's ``10^{-3}``: its exponent, a mathtext superscript, is
    0.7 of the label's size (4.9 pt under ``style.paper``), under the 6.5 pt a
    reader reads in print.  A tick is a decade or a decade's multiple, so its
    leading digit is its only one.

    Examples
    --------
    >>> from skewplot._format import tick
    >>> tick(1e-3), tick(0.002), tick(1.0), tick(20.0), tick(1e-4), tick(3e-6), tick(0.0), tick(1e6)
    ('1e-3', '2e-3', '1', '20', '1e-4', '3e-6', '0', '1e6')
    """
    x = float(x)
    special = _special(x)
    if special is not None:
        return special
    exponent = _exponent(abs(x), 1)
    if -2 <= exponent <= 2:  # "0.001" and "0.0001" widen a narrow panel's y tick labels: "1e-3" is no wider than 0.01
        return format(x, f".{max(0, -exponent)}f")
    mantissa, exponent = format(x, ".0e").split("e")
    return f"{mantissa}e{int(exponent)}"
