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
- a p-value below what the test resolves is written as a bound
  (:func:`p_value`: ``p < 1e-4``).

Only ``format(x, ".{d}f")`` and ``format(x, ".{d}e")`` make the digits
(correctly rounded, an exact tie to the even digit), so the page's mirror
needs nothing else.
"""

from __future__ import annotations

import math

__all__ = ["number", "column", "p_value", "DIGITS"]

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


def p_value(p, resolution=1e-4) -> str:
    """``"p = 0.032"``, or ``"p < 1e-4"`` below what the test resolves.

    Parameters
    ----------
    p : float
        The p-value.
    resolution : float, default 1e-4
        The smallest p-value the test tells apart from smaller ones (a
        normal approximation's tail, a permutation test's ``1 / n``).

    Examples
    --------
    >>> from skewplot._format import p_value
    >>> p_value(0.0321), p_value(0.0), p_value(3e-9), p_value(0.5)
    ('p = 0.032', 'p < 1e-4', 'p < 1e-4', 'p = 0.50')
    """
    p = float(p)
    if p < resolution:
        mantissa, exponent = format(resolution, ".0e").split("e")
        bound = f"1e{int(exponent)}" if mantissa == "1" and int(exponent) < -3 else format(resolution, "g")
        return f"p < {bound}"
    return f"p = {number(p, 2)}"
