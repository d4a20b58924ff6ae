"""The page's messages about a control, in the order the browser suite's kernel received them.

A slider's view in the browser sends its value back without the user
touching it: when it is drawn, and when a value from the kernel reaches it.
In the failing run of ``test_browser.py`` the notebook's last cell set
``w.controls["skew"].value = 0.01``; then the slider, drawn only now, sent
``0.10559999999999997`` (the starting skew 0.1056 through the page's log and
power), and the kernel went back to 0.1056 while the page showed 0.01.  A
``savefig`` run before the page's next message (its answer to 0.01,
``0.010084721708386361`` on the old grid) saved the starting skew.  The
floats below are the ones that kernel logged.  Each message goes through
ipywidgets' own handler, as the comm delivers it.
"""

import math

import pytest

import skewplot as sp
from skewplot.plotting._notes import note
from skewplot.widgets import explorer, interactive_integrated_pr, interactive_pr

from .test_frames import assert_frame_is_full_draw

START = 0.1056  # the example's data set skew, the slider's starting value
RENDERED = 0.10559999999999997  # what the page's slider sent when it was drawn
OLD_GRID_ANSWER = 0.010084721708386361  # the page's answer to 0.01 on a grid through 0.1056


@pytest.fixture(scope="module")
def example():
    return sp.datasets.example_classifiers()


def _from_page(control, value):
    """A message from the page setting ``value``, delivered as the kernel's comm delivers it."""
    state = {"value": list(value) if isinstance(value, tuple) else value}
    control.comm.handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                             "buffers": []})


def _sent(control):
    """The messages the kernel sends to the page about ``control`` from now on."""
    sent = []
    send = control._send
    control._send = lambda msg, buffers=None: (sent.append(msg), send(msg, buffers))
    return sent


def _assert_pr_shows(w, skew):
    """The control, the Display, the table, the title and the frame are all at ``skew``."""
    disp = w.displays["pr"]
    assert w.controls["skew"].value == skew
    assert disp.skew == skew
    for name, points in disp.points.items():
        assert w.readouts_[name]["AUC"] == pytest.approx(sp.aucpr(points, skew=skew), rel=1e-12)
    assert disp.ax_.get_title() == f"π′ = {skew:.3g}"
    assert_frame_is_full_draw(w)  # what a savefig in the next cell saves


@pytest.mark.slow  # 1.0 s
def test_the_slider_drawn_after_a_cell_set_the_skew_does_not_undo_it(example):
    w = interactive_pr(example, iso_f=[0.2, 0.5, 0.8])
    slider = w.controls["skew"]
    assert slider.value == START
    sent = _sent(slider)
    slider.value = 0.01  # the notebook's last cell
    _assert_pr_shows(w, 0.01)
    frames = dict(w.frames.counts)

    _from_page(slider, RENDERED)  # the view drawn now restates the skew it was built with
    _assert_pr_shows(w, 0.01)
    assert w.frames.counts == frames, "a restatement painted a frame"
    assert sent[-1] == {"method": "update", "state": {"value": 0.01}, "buffer_paths": []}, \
        "the page, left at the old skew, was not sent the kernel's"

    for answer in (0.01 * (1 + 2 ** -52), OLD_GRID_ANSWER):  # the page's answer to 0.01, on either grid
        n = len(sent)
        _from_page(slider, answer)
        _assert_pr_shows(w, 0.01)
        assert sent[n:] == [], "a restatement of the kernel's own value was echoed or answered"

    up = 10 ** (math.log10(0.01) + slider.step)  # then the user presses ArrowRight
    _from_page(slider, up)
    _assert_pr_shows(w, up)
    assert sent[-1]["method"] == "echo_update"
    back = 10 ** (math.log10(up) - slider.step)  # and ArrowLeft, back to the value the cell set
    _from_page(slider, back)
    _assert_pr_shows(w, back)


@pytest.mark.slow  # 0.7 s
def test_several_values_set_in_the_kernel_before_the_page_catches_up(example):
    w = interactive_pr(example)
    slider = w.controls["skew"]
    for value in (0.01, 0.02, 0.3):
        slider.value = value
    for late in (RENDERED, 0.01, OLD_GRID_ANSWER, 0.02 * (1 - 2 ** -52)):  # every one of them, late
        _from_page(slider, late)
        _assert_pr_shows(w, 0.3)
    assert note(slider, "page").ignored == 4


@pytest.mark.slow  # 1.3 s
def test_a_linear_slider_and_a_range_slider_keep_the_values_set_in_the_kernel(two_classifiers):
    w = explorer(two_classifiers, skew=0.2)
    f_alpha, pair = w.controls["f_alpha"], w.controls["skew_range"]
    start, start_pair = f_alpha.value, pair.value
    f_alpha.value = 0.333  # between two points of the 0.01 grid
    pair.value = (0.1, 0.3)
    for control, late in [(f_alpha, start + 1e-16), (f_alpha, 0.33), (pair, start_pair), (pair, (0.1, 0.3))]:
        _from_page(control, late)
    assert f_alpha.value == 0.333 and w.displays["fmeasure"].f_alpha == 0.333
    model = w.displays["integrated"].skew
    assert pair.value == (0.1, 0.3) and (model.lo, model.hi) == (0.1, 0.3)
    _from_page(f_alpha, 0.32)  # a user's step from where the page shows it (0.33)
    assert f_alpha.value == 0.32 and w.displays["fmeasure"].f_alpha == 0.32
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_step_the_widget_rejects_still_counts_as_the_users(two_classifiers):
    """The control goes back to its last valid value, and the page's restatement of that changes nothing."""
    w = interactive_integrated_pr(two_classifiers, skew_range=(0.1, 0.3))
    pair = w.controls["skew_range"]
    _from_page(pair, (0.2, 0.2))  # an empty range
    assert pair.value == (0.1, 0.3) and "empty" in w.status.value
    _from_page(pair, (0.1, 0.3))
    assert pair.value == (0.1, 0.3)
    _from_page(pair, (0.15, 0.3))
    assert pair.value == (0.15, 0.3) and w.status.value == ""
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_the_sliders_left_end_on_the_page_is_its_lower_bound(example):
    """The grid through the data's skew (0.1056) misses 1e-4: the page's left end, part of a step below, is 1e-4."""
    w = interactive_pr(example)
    slider = w.controls["skew"]
    left = 10 ** slider.min
    assert left < slider.lo == 1e-4
    sent = _sent(slider)
    _from_page(slider, left)  # dragged to the end, or the Home key
    assert w.status.value == ""
    _assert_pr_shows(w, 1e-4)
    assert slider.min == pytest.approx(-4.0, abs=1e-12)  # the grid now runs through 1e-4
    assert {"value": 1e-4}.items() <= {k: v for m in sent for k, v in m["state"].items()}.items()
    _from_page(slider, 10 ** slider.min)  # the page's snap of 1e-4 on the new grid: a restatement
    _assert_pr_shows(w, 1e-4)
