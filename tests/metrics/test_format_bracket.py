"""format_bracket: brackets printed rounded outward, with enough digits to show their width."""

from decimal import Decimal

import numpy as np
import pytest

from skewplot.metrics.bounded import Bracket, format_bracket


def _ends(text):
    low, high = text.strip("[]").split(", ")
    return Decimal(low), Decimal(high)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_outward_and_width_shown_on_random_brackets():
    rng = np.random.default_rng(0)
    for _ in range(3000):
        low = rng.random() * 10.0 ** -rng.integers(0, 5)
        width = 10.0 ** -rng.uniform(0, 11) * rng.random()
        high = low + width
        text = format_bracket(low, high)
        lo, hi = _ends(text)
        # outward, checked exactly (Decimal of a float is exact)
        assert lo <= Decimal(low) and hi >= Decimal(high), text
        decimals = len(text.strip("[]").split(", ")[0].split(".")[1])
        ulp = Decimal(1).scaleb(-decimals)
        assert hi - lo <= Decimal(high) - Decimal(low) + 2 * ulp  # never more than 2 units wider
        if decimals < 12 and width > 0:
            # enough digits: the width is at least 10 units of the last place, so it shows
            assert Decimal(width) >= 10 * ulp * Decimal("0.999"), text
        # at least 4 significant digits of the larger end
        assert decimals >= 3 - int(np.floor(np.log10(max(high, 1e-300)))) or decimals == 12


def test_examples_and_issue_case():
    # the issue's legend printed "[0.3757, 0.3757]": the width did not show
    assert format_bracket(0.37571234, 0.37571934) == "[0.3757123, 0.3757194]"
    assert format_bracket(0.5, 0.5) == "[0.5000, 0.5000]"
    assert format_bracket(0.25, 0.75, sep=",") == "[0.2500,0.7500]"
    assert str(Bracket(1 / 3, 2 / 3)) == "[0.3333, 0.6667]"
    assert format_bracket(0.0, 0.0) == "[0.0000, 0.0000]"
    assert format_bracket(0.0, 1e-20) == "[0.000000000000, 0.000000000001]"  # at most 12 decimals, still outward


def test_refuses_a_reversed_bracket():
    with pytest.raises(ValueError, match="low <= high"):
        format_bracket(0.5, 0.4)
    with pytest.raises(ValueError, match="low <= high"):
        format_bracket(float("nan"), 0.4)
