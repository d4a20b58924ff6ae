"""The one rule every number the library writes follows (``skewplot._format``), proven on many values."""

import math
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skewplot._format import column, number, p_value

FINITE = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e30, max_value=1e30)


def _significant(text):
    """Significant digits of a written number (trailing zeros count: they are written on purpose)."""
    mantissa = text.lstrip("-").split("e")[0].replace(".", "")
    return len(mantissa.lstrip("0"))


@pytest.mark.slow  # loaded run 2026-11-29
@settings(max_examples=400, deadline=None)
@given(FINITE, st.integers(2, 6))
def test_a_nonzero_number_keeps_its_digits_and_reads_back_within_its_precision(x, digits):
    text = number(x, digits)
    if x == 0:
        assert text == "0"
        return
    assert _significant(text) >= digits, text
    back = Decimal(text)
    # the last written digit's unit: the value read back lies within half of it (the rounding)
    unit = Decimal(1).scaleb(Decimal(text.split("e")[0]).as_tuple().exponent + (int(text.split("e")[1])
                                                                               if "e" in text else 0))
    assert abs(back - Decimal(x)) <= unit / 2, (x, text)
    assert float(back) != 0.0


@pytest.mark.slow  # loaded run 2026-11-29
@settings(max_examples=200, deadline=None)
@given(st.floats(0.5, 1.0, exclude_min=True, exclude_max=True))
def test_near_one_the_distance_to_one_keeps_two_digits(x):
    text = number(x)
    if 1 - x < 1e-9:
        return
    gap = 1 - Decimal(text)
    assert gap != 0 and abs(gap - Decimal(1 - x)) <= Decimal(1 - x) * Decimal("0.051"), (x, text)


def test_the_cases_the_issue_saw():
    assert number(2.1e-4) == "0.000210"  # was "AUCPR = 0.000"
    assert number(5e-4) == "0.000500"  # the threshold table's precision at pi' = 1.45e-4
    assert number(0.0) == "0"
    assert number(None) == "–" and number(math.nan) == "nan" and number(-math.inf) == "-inf"
    assert p_value(0.0) == "p < 1e-4" and p_value(0.2) == "p = 0.20" and p_value(1e-3, resolution=0.01) == "p < 0.01"



@pytest.mark.parametrize("draws", [9, 99, 499, 999, 1999, 2000, 3000, 4999, 7000, 9999, 10000, 123456])
def test_a_p_value_bound_is_a_bound_of_one_digit(draws):
    """A permutation test's least p, 1 / (draws + 1), printed as a bound: never below itself, one digit, and
    "≤" where the test attains it (was "p < 0.000333222" for 3000 draws, and ap_null's own rounding)."""
    least = 1.0 / (draws + 1)
    below = p_value(least / 3, resolution=least)
    at = p_value(least, resolution=least, attained=True)
    assert below.startswith("p < ") and at.startswith("p \u2264 ")
    for text in (below[4:], at[4:]):
        bound = float(text)
        assert least <= bound < 10 * least and len(text.replace("0.", "").lstrip("0").split("e")[0]) == 1, text
    assert p_value(least, resolution=least) == f"p = {number(least, 2)}"  # a normal tail's resolution: not attained
    assert p_value(2 * least, resolution=least, attained=True) == f"p = {number(2 * least, 2)}"


@pytest.mark.slow  # loaded run 2026-11-29
@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(FINITE, st.just(0.0), st.none()), min_size=1, max_size=8), st.integers(2, 4))
def test_a_column_writes_every_cell_in_one_format_and_keeps_every_cells_digits(values, digits):
    cells = column(values, digits)
    written = [(v, c) for v, c in zip(values, cells, strict=True) if v is not None and v != 0]
    if not written:
        return
    assert len({"e" in c for _, c in written}) == 1  # fixed or scientific, the same for all
    decimals = {len(c.split("e")[0].partition(".")[2]) for _, c in written}
    assert len(decimals) == 1  # the same number of decimals in every cell
    for v, c in written:
        assert _significant(c) >= digits, (values, cells)
        assert abs(float(c) - v) <= 0.5 * 10.0 ** (1 - digits) * abs(v) * (1 + 1e-9), (v, c)
    assert [c for v, c in zip(values, cells, strict=True) if v == 0] == ["0"] * sum(v == 0 for v in values)


@pytest.mark.parametrize("bad", [1, 0])
def test_digits_below_two_are_refused(bad):
    with pytest.raises(ValueError, match="digits"):
        number(0.5, bad)
    with pytest.raises(ValueError, match="digits"):
        column([0.5], bad)
