import math

import ipywidgets
import numpy as np
import pytest

from skewplot.widgets import f_alpha_slider, m_slider, skew_range_slider, skew_slider


def test_skew_slider_is_log_scaled_over_default_range():
    s = skew_slider()
    assert isinstance(s, ipywidgets.FloatLogSlider)  # the browser draws it as one
    assert s.base == 10
    assert 1e-4 * 10 ** (-1 / 50) < 10 ** s.min <= 1e-4  # the grid runs through the value, its left end is lo
    assert 10 ** s.max == pytest.approx(0.9999)
    assert s.value == 0.1
    # one keyboard step multiplies the skew by a constant factor
    assert 10 ** s.step == pytest.approx(10 ** (1 / 50))
    s.value = 0.05
    assert s.value == 0.05


@pytest.mark.parametrize("value", [1e-4, 0.0123, 0.1056, 0.5, 0.9999])
def test_skew_slider_grid_runs_through_the_starting_value(value):
    s = skew_slider(value)
    assert s.value == value
    k = (math.log10(value) - s.min) / s.step
    assert k == pytest.approx(round(k), abs=1e-6)
    assert math.log10(1e-4) - s.step < s.min <= math.log10(1e-4) + 1e-12


@pytest.mark.parametrize("value", [0.01, 1e-4, 1.00001e-4, 0.3, 0.9999])
def test_a_value_set_in_the_kernel_moves_the_grid_through_it(value, sent_to_page):
    """The page snaps the value it is sent to its grid: the grid goes with the value, in one message."""
    s = skew_slider(0.1056)
    sent = sent_to_page(s)
    s.value = value
    assert s.value == value  # kept, not raised to the grid's start
    k = (math.log10(value) - s.min) / s.step
    assert k == pytest.approx(round(k), abs=1e-6)
    assert math.log10(1e-4) - s.step < s.min <= math.log10(1e-4) + 1e-12 and 10 ** s.min <= value
    assert [sorted(m["state"].items()) for m in sent] == [[("min", s.min), ("value", value)]]
    sent.clear()
    s.value = 10 ** (math.log10(value) + s.step * (-1 if value > 0.5 else 1))  # a step on the grid: it stays
    assert [list(m["state"]) for m in sent] == [["value"]]


@pytest.mark.parametrize("value, lo", [(0.0103, 1e-4), (0.01, 1e-4), (0.2, 3e-3), (1e-4, 1e-4)])
def test_the_left_end_of_a_skew_slider_is_its_lower_bound(value, lo):
    """A grid through the data's skew misses ``lo``; the left end (drag, Home key, saved page) still gives ``lo``."""
    from skewplot.widgets.page.export import control_grid

    s = skew_slider(value, lo=lo)
    values, labels = control_grid(s)
    assert values[0] == lo and values[1] > lo
    assert value in values and np.all(np.diff(values) > 0)
    s.set_state({"value": 10 ** s.min})  # what the page sends from its left end
    assert s.value == lo
    assert s.min == pytest.approx(math.log10(lo), abs=1e-12)  # the grid now runs through lo
    s.value = 10 ** (s.min + s.step)  # a step up from there lands on the grid through lo
    assert s.value == pytest.approx(lo * 10 ** (1 / 50))


def test_skew_slider_custom_bounds():
    s = skew_slider(0.01, lo=1e-3, hi=0.5, steps_per_decade=10)
    assert 10 ** s.max == pytest.approx(0.5)
    assert 1e-3 * 10 ** -0.1 < 10 ** s.min <= 1e-3
    assert s.step == pytest.approx(0.1)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"lo": 0.0}, "lo must lie in"),
        ({"hi": 1.0}, "hi must lie in"),
        ({"lo": 0.5, "hi": 0.1, "value": 0.2}, "lo must be smaller than hi"),
        ({"value": 0.5, "hi": 0.2}, "value must lie in"),
        ({"value": 0.0}, "value must lie in"),
        ({"steps_per_decade": 0}, "steps_per_decade"),
    ],
)
def test_skew_slider_rejects_bad_bounds(kwargs, match):
    with pytest.raises(ValueError, match=match):
        skew_slider(**kwargs)


def test_skew_slider_rejects_non_numbers():
    with pytest.raises(TypeError, match="value must be a real number"):
        skew_slider("0.1")


def test_range_slider():
    r = skew_range_slider((0.1, 0.3))
    assert r.value == (0.1, 0.3)
    assert (r.min, r.max) == (0.0, 1.0)
    assert isinstance(r, ipywidgets.FloatRangeSlider)


@pytest.mark.parametrize(
    "value, exc, match",
    [
        ((0.3, 0.1), ValueError, "lo < hi"),
        ((-0.1, 0.5), ValueError, r"value\[0\] must lie in \[0.0, 1.0\]"),
        ((0.1, 1.5), ValueError, r"value\[1\] must lie in"),
        (0.3, TypeError, "value must be a .lo, hi. pair"),
    ],
)
def test_range_slider_rejects_bad_values(value, exc, match):
    with pytest.raises(exc, match=match):
        skew_range_slider(value)


def test_range_slider_rejects_bad_bounds():
    with pytest.raises(ValueError, match="lo must be smaller than hi"):
        skew_range_slider((0.1, 0.2), lo=0.5, hi=0.5)
    with pytest.raises(ValueError, match=r"within \[lo, hi\]"):
        skew_range_slider((0.1, 0.9), lo=0.2)
    with pytest.raises(ValueError, match="step must lie in"):
        skew_range_slider((0.1, 0.9), step=0.0)


@pytest.mark.parametrize("factory, name", [(f_alpha_slider, "f_alpha"), (m_slider, "m")])
def test_unit_sliders(factory, name):
    s = factory(0.25)
    assert (s.min, s.max, s.value) == (0.0, 1.0, 0.25)
    with pytest.raises(ValueError, match=f"{name} must lie in"):
        factory(1.5)
    with pytest.raises(TypeError, match=f"{name} must be a real number"):
        factory(None)
    assert math.isclose(factory().value, 0.5)
    assert not np.isnan(s.step)


def test_the_linear_skew_range_readout_writes_skews_as_the_titles_do():
    """One notation (issue 29, Deliver 6): the readout showed 0.000 – 0.500 beside the title's [0, 0.5]."""
    from skewplot.skew.base import skew_text
    from skewplot.widgets.page._shell import readout_text
    from skewplot.widgets.page.scene import range_nodes

    slider = skew_range_slider((0.0, 0.5))
    values, labels = range_nodes(slider)  # what a saved page shows at each node, as the live d3 readout
    assert [readout_text(v, slider.readout_format) for v in slider.value] == ["0", "0.5"]
    assert labels[:3] == ["0", "0.005", "0.01"] and labels[100] == "0.5" and labels[-1] == "1"
    assert all(label == skew_text(v) for v, label in zip(values[1:-1], labels[1:-1], strict=True))
