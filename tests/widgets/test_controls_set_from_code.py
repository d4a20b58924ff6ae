"""Controls set from code (issue 30, class 13): one rule for every control of every widget.

A value a control cannot hold (NaN, infinity, outside its range, a range
with its ends reversed) was clamped without a word (0, -1, 2) or, for NaN,
kept by the skew and ``t_end`` controls while the figure showed the old
value.  Now each is refused: the control, the figure's Displays and the
readouts stay as they were, and the status line names the control, the
value and the range.  The next valid value is applied as usual and clears
the line.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import skewplot as sp
from skewplot import widgets as spw

PTS = sp.operating_points(np.array([0, 1, 0, 1, 1, 0, 0, 1]), np.array([0.1, 0.9, 0.3, 0.35, 0.8, 0.2, 0.7, 0.6]))

WIDGETS = {
    "interactive_pr": lambda: spw.interactive_pr(PTS, skew=0.3),
    "interactive_fmeasure": lambda: spw.interactive_fmeasure(PTS, skew=0.3),
    "interactive_cost": lambda: spw.interactive_cost(PTS, skew=0.3),
    "interactive_integrated_pr": lambda: spw.interactive_integrated_pr(PTS, skew_range=(0.1, 0.4)),
    "interactive_temporal_pr": lambda: spw.interactive_temporal_pr(PTS, skew_series=[0.1, 0.2, 0.3, 0.25]),
    "explorer": lambda: spw.explorer(PTS, skew=0.3),
}
CONTROLS = {
    "interactive_pr": {"skew": 0.05},
    "interactive_fmeasure": {"skew": 0.05, "f_alpha": 0.7},
    "interactive_cost": {"skew": 0.05, "m": 0.2},
    "interactive_integrated_pr": {"skew_range": (0.05, 0.3)},
    "interactive_temporal_pr": {"t_end": 2.5},
    "explorer": {"skew": 0.05, "skew_range": (0.05, 0.3), "f_alpha": 0.7, "m": 0.2},
}
BAD_NUMBERS = {"nan": math.nan, "inf": math.inf, "neg_inf": -math.inf, "zero_or_below": -1.0, "minus_one": -1,
               "two": 2, "big": 100.0, "true": True, "false": False, "numpy_true": np.bool_(True)}
BAD_SKEWS = {**BAD_NUMBERS, "zero": 0.0, "one": 1.0}
BAD_RANGES = {"reversed": (0.4, 0.2), "nan_end": (math.nan, 0.3), "inf_end": (0.1, math.inf), "above": (0.1, 1.5),
              "below": (-0.2, 0.3), "both_nan": (math.nan, math.nan), "boolean_end": (False, 0.3),
              "numpy_boolean_end": (0.1, np.bool_(True))}

CASES = []
for widget, controls in CONTROLS.items():
    for control in controls:
        bad = {"skew_range": BAD_RANGES, "skew": BAD_SKEWS}.get(control, BAD_NUMBERS)
        if control == "t_end":  # the series runs over [0, 3]
            bad = {k: v for k, v in BAD_NUMBERS.items() if k != "two"} | {"before_start": -0.5, "after_end": 3.5}
        for key, value in bad.items():
            CASES.append((f"{widget}.{control}-{key}", widget, control, value))


def _state(w):
    """Everything a refused value must leave alone: controls, Displays' parameters, readouts, figure lines."""
    params = {name: {k: v for k, v in vars(d).items() if k in ("skew", "f_alpha", "m", "skew_range")}
              for name, d in w.displays.items()}
    lines = {name: [np.asarray(line.get_ydata()).copy() for line in d.lines_.values() if hasattr(line, "get_ydata")]
             for name, d in w.displays.items()}
    return {k: c.value for k, c in w.controls.items()}, params, dict(w.readouts_), lines


def _build(factory):
    return factory()


@pytest.fixture
def built(shared_widget):
    """The module's widget of a kind, its controls set back to the values it was built with (the status clear):
    ``shared_widget`` (a build costs up to 1 s)."""
    return lambda name: shared_widget(_build, WIDGETS[name])


@pytest.mark.slow_cases(  # 2.8 s at most (2026-11-29)
    'explorer.skew-inf', 'explorer.skew_range-inf_end', 'interactive_cost.skew-inf', 'interactive_cost.skew-two')
@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'explorer.skew-neg_inf',
    'interactive_cost.m-big',
    'interactive_cost.m-inf',
    'interactive_cost.m-nan',
    'interactive_cost.m-neg_inf',
    'interactive_cost.m-numpy_true',
    'interactive_cost.m-true',
    'interactive_cost.m-two',
    'interactive_cost.skew-big',
    'interactive_cost.skew-false',
    'interactive_cost.skew-minus_one',
    'interactive_cost.skew-neg_inf',
    'interactive_cost.skew-numpy_true',
    'interactive_cost.skew-zero',
    'interactive_cost.skew-zero_or_below',
    'interactive_fmeasure.skew-nan',
    'interactive_integrated_pr.skew_range-below',
    'interactive_integrated_pr.skew_range-boolean_end',
    'interactive_integrated_pr.skew_range-inf_end',
    'interactive_integrated_pr.skew_range-nan_end',
    'interactive_integrated_pr.skew_range-reversed',
    'interactive_pr.skew-nan',
    'interactive_temporal_pr.t_end-nan')
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'explorer.skew-two',
    'explorer.skew-zero_or_below',
    'interactive_cost.skew-true',
    'interactive_fmeasure.skew-inf',
    'interactive_fmeasure.skew-zero_or_below',
    'interactive_integrated_pr.skew_range-above',
    'interactive_pr.skew-inf',
    'interactive_temporal_pr.t_end-inf')
@pytest.mark.slow_cases(  # 0.3 s or more, 2-worker run of 2026-12-01
    'explorer.m-nan',
    'explorer.skew-minus_one',
    'explorer.skew_range-numpy_boolean_end',
    'interactive_cost.skew-one',
    'interactive_fmeasure.skew-neg_inf',
    'interactive_fmeasure.skew-numpy_true',
    'interactive_pr.skew-neg_inf')
@pytest.mark.parametrize("case,widget,control,value", CASES, ids=[c[0] for c in CASES])
@pytest.mark.slow_cases("explorer.m-false", "explorer.skew-nan", "interactive_cost.skew-nan")  # 1.4 s, 1.5 s, 0.6 s
def test_a_value_the_control_cannot_hold_is_refused_and_said(built, case, widget, control, value):
    w = built(widget)
    before = _state(w)
    w.controls[control].value = value
    after = _state(w)
    assert after[0] == before[0] and after[1] == before[1] and after[2] == before[2]
    for name in before[3]:
        for a, b in zip(before[3][name], after[3][name], strict=True):
            assert np.array_equal(a, b, equal_nan=True)
    assert f"{control} = " in w.status.value and "refused" in w.status.value
    good = CONTROLS[widget][control]
    w.controls[control].value = good
    assert w.controls[control].value == pytest.approx(good)
    assert w.status.value == ""


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    'interactive_integrated_pr',
    'interactive_temporal_pr')
@pytest.mark.slow_cases('interactive_pr')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('interactive_fmeasure')  # 0.8 s at most (2026-11-29)
@pytest.mark.parametrize("widget", sorted(WIDGETS))
@pytest.mark.slow_cases("explorer", "interactive_cost")  # 2.1 s, 1.0 s
def test_every_end_of_every_control_is_still_accepted(built, widget):
    """The rule refuses only what is outside: both ends of each control are values it holds."""
    w = built(widget)
    for name, control in w.controls.items():
        if not hasattr(control, "max"):
            continue
        lo = getattr(control, "lo", None) or (control.base ** control.min if hasattr(control, "base")
                                               else control.min)
        hi = control.base ** control.max if hasattr(control, "base") else control.max
        for value in ((lo, hi), (lo, lo), (hi, hi)) if isinstance(control.value, tuple) else (hi, lo):
            control.value = value
            assert "refused" not in w.status.value, (name, value, w.status.value)


@pytest.mark.slow_cases('True')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0', 'None', 'linear')  # loaded run 2026-11-29
@pytest.mark.parametrize("value", [True, "linear", None, 0])
def test_a_dropdown_refuses_what_is_not_one_of_its_values(built, value):
    """True was compared equal to 1, None passed every validator and escaped as a KeyError from the step."""
    w = built("interactive_integrated_pr")  # interactive_integrated_pr(PTS, skew_range=(0.1, 0.4))
    before = _state(w)
    w.controls["weighting"].value = value
    assert w.controls["weighting"].value == "uniform" and _state(w)[:3] == before[:3]
    assert "weighting = " in w.status.value and "refused" in w.status.value
    w.controls["skew_range"].value = (0.1, 0.35)  # a valid step clears the line (the widget is the module's)
    assert w.status.value == ""


@pytest.mark.parametrize("make", [spw.m_slider, spw.f_alpha_slider, spw.skew_slider,
                                  lambda: spw.skew_range_slider((0.1, 0.3)),
                                  lambda: spw.skew_range_slider((0.1, 0.3), log=True)])
def test_a_slider_alone_refuses_a_boolean(make):
    """Outside a widget (no status line) a boolean is an error, not the number 0 or 1 (CFloat's cast)."""
    from traitlets import TraitError

    s = make()
    before = s.value
    with pytest.raises((TraitError, ValueError), match="boolean"):
        s.value = (True, 0.3) if isinstance(before, tuple) else True
    assert s.value == before
