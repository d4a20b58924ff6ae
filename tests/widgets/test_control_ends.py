"""Every control at its ends: nothing raises inside an observer, the status line says what is wrong.

A rejected value is written to the status line and the log and the
control returns to its last valid value; the figure and the table then
show that value's state, exactly as if the bad value had never been set.
"""

import logging

import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets import (
    explorer,
    interactive_cost,
    interactive_fmeasure,
    interactive_integrated_pr,
    interactive_pr,
    interactive_temporal_pr,
)

from .test_frames import assert_frame_is_full_draw

LO, HI = "lo", "hi"  # a slider's own ends

WIDGETS = {
    "pr": (lambda p: interactive_pr(p, skew=0.1), [("skew", LO), ("skew", HI)]),
    "integrated": (lambda p: interactive_integrated_pr(p, observed=[0.1, 0.2, 0.3]),
                   [("skew_range", (0.0, 1.0)), ("skew_range", (0.0, 0.005)), ("skew_range", (0.995, 1.0))]),
    "temporal": (lambda p: interactive_temporal_pr(p, skew_series=[0.1, 0.2, 0.05, 0.3, 0.2]),
                 [("t_end", LO), ("t_end", HI)]),
    "fmeasure": (lambda p: interactive_fmeasure(p, skew=0.2),
                 [("f_alpha", 0.0), ("f_alpha", 1.0), ("skew", LO), ("skew", HI)]),
    "cost": (lambda p: interactive_cost(p, skew=0.2), [("m", 0.0), ("m", 1.0), ("skew", LO), ("skew", HI)]),
    "explorer": (lambda p: explorer(p, skew=0.2),
                 [("f_alpha", 0.0), ("f_alpha", 1.0), ("m", 0.0), ("m", 1.0), ("skew", LO), ("skew", HI),
                  ("skew_range", (0.0, 1.0)), ("skew_range", (0.0, 0.005)), ("skew_range", (0.995, 1.0))]),
}


def _end(control, which):
    lo, hi = control.min, control.max
    if hasattr(control, "base"):  # FloatLogSlider: min and max are exponents; a skew slider's left end is its lo
        lo, hi = getattr(control, "lo", control.base ** lo), control.base ** hi
    return lo if which == LO else hi


@pytest.mark.slow_cases('pr')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('temporal')  # loaded run 2026-11-29
@pytest.mark.parametrize("case", sorted(WIDGETS))
@pytest.mark.slow_cases("cost", "explorer", "fmeasure", "integrated")  # 1.1 s, 1.8 s, 0.7 s, 1.5 s
def test_every_control_at_its_ends_paints_without_error(two_classifiers, case, caplog):
    make, steps = WIDGETS[case]
    w = make(two_classifiers)
    for name, value in steps:
        control = w.controls[name]
        control.value = _end(control, value) if value in (LO, HI) else value
        assert w.status.value == "", f"{name}={control.value!r}: {w.status.value}"
        assert all(r.levelno < logging.WARNING for r in caplog.records)
        for row in w.readouts_.values():  # numbers or "–", never NaN
            assert all(v is None or np.all(np.isfinite(v)) for v in row.values()), row
    assert_frame_is_full_draw(w)


EMPTY = {
    "integrated": (lambda p: interactive_integrated_pr(p, skew_range=(0.1, 0.3)), "pr"),
    "explorer": (lambda p: explorer(p, skew=0.2, skew_range=(0.1, 0.3)), "integrated"),
}


@pytest.fixture(scope="module")
def empty_range_widget(two_classifiers):
    """``empty_range_widget(case)``: the case's widget, built once for its three empty ranges.

    Each test leaves it at the valid range (0.1, 0.25); the next moves it back to the build's (0.1, 0.3), the
    state a fresh widget starts in (the first test of a case gets the fresh widget itself).
    """
    built = {}

    def get(case):
        if case not in built:
            built[case] = EMPTY[case][0](two_classifiers)
        w = built[case]
        w.controls["skew_range"].value = (0.1, 0.3)
        return w

    yield get
    for w in built.values():
        w.close_figure()


@pytest.mark.slow_cases('empty2-integrated')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('empty0-integrated', 'empty1-integrated')  # loaded run 2026-11-29
@pytest.mark.parametrize("case", sorted(EMPTY))
@pytest.mark.parametrize("empty", [(0.2, 0.2), (0.0, 0.0), (1.0, 1.0)])
@pytest.mark.slow_cases("empty0-explorer", "empty1-explorer", "empty2-explorer")  # 1.2 s, 1.8 s, 1.2 s
def test_an_empty_range_is_reported_and_undone(empty_range_widget, case, empty, caplog):
    display = EMPTY[case][1]
    w = empty_range_widget(case)
    assert w.status.value == "" and w.displays[display].skew == sp.SkewRange(0.1, 0.3)
    before = dict(w.readouts_)
    with caplog.at_level(logging.WARNING, logger="skewplot.widgets"):
        w.controls["skew_range"].value = empty
    assert "empty" in w.status.value and "skew_range" in w.status.value
    assert w.controls["skew_range"].value == (0.1, 0.3), "the control must return to its last valid value"
    assert w.displays[display].skew == sp.SkewRange(0.1, 0.3)
    assert w.readouts_ == before
    assert any("empty" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    assert_frame_is_full_draw(w)
    w.controls["skew_range"].value = (0.1, 0.25)  # a valid step clears the message
    assert w.status.value == ""
    assert w.displays[display].skew == sp.SkewRange(0.1, 0.25)


@pytest.mark.slow  # loaded run 2026-11-29
def test_an_unexpected_error_in_a_step_shows_in_the_status_line_and_the_log(two_classifiers, monkeypatch, caplog):
    w = interactive_pr(two_classifiers, skew=0.1)
    disp = w.displays["pr"]
    real = type(disp).update

    def broken(self, **kwargs):
        if kwargs.get("skew") == pytest.approx(0.05, rel=0.05):
            raise RuntimeError("boom in update")
        return real(self, **kwargs)

    monkeypatch.setattr(type(disp), "update", broken)
    with caplog.at_level(logging.ERROR, logger="skewplot.widgets"):
        w.controls["skew"].value = 0.05  # must not raise here
    assert "boom in update" in w.status.value and "skew" in w.status.value
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert errors and errors[0].exc_info and "boom in update" in str(errors[0].exc_info[1])
    assert w.controls["skew"].value == pytest.approx(0.1)
    assert disp.skew == pytest.approx(0.1)
    assert w.readouts_["strong"]["AUC"] == pytest.approx(sp.aucpr(two_classifiers["strong"], skew=0.1))
    assert_frame_is_full_draw(w)
