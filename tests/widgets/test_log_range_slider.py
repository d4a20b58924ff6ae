"""Issue 29: the skew-range slider is logarithmic when positives are rare (linear, [0, 0.05] spanned ~7 px)."""

import ipywidgets as widgets
import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets import explorer, interactive_integrated_pr, skew_range_slider
from skewplot.widgets.controls import LogRangeSlider


def test_values_are_skews_and_the_left_end_is_zero():
    s = skew_range_slider((0.0, 0.02), log=True)
    assert isinstance(s, LogRangeSlider) and s.value == (0.0, 0.02) and s.readout.value == "[0, 0.02]"
    inner = s.slider_
    assert inner.min == pytest.approx(np.log10(1e-4) - 1 / 25) and inner.max == 0.0
    # the useful range of rare skews now spans most of the slider: [1e-3, 5e-2] is 1.7 of its 4 decades
    assert (np.log10(0.05) - np.log10(0.001)) / (inner.max - inner.min) > 0.4
    s.value = (0.001, 0.05)  # set in the kernel: kept exactly, the handles at its logarithms
    assert s.value == (0.001, 0.05) and inner.value == pytest.approx((-3.0, np.log10(0.05)))
    inner.value = (-3.0 + 0.01, np.log10(0.05) - 0.01)  # the page's snap of it (within half a step): no change
    assert s.value == (0.001, 0.05)
    inner.value = (-2.0, np.log10(0.05))  # a step of the user's on one end: that end moves, the other is kept
    assert s.value == (pytest.approx(0.01), 0.05)
    inner.value = (inner.min, -1.0)  # the left end stands for 0
    assert s.value == (0.0, pytest.approx(0.1))
    assert s.readout.value == "[0, 0.1]"


def test_bad_values_are_refused_naming_the_argument():
    s = skew_range_slider((0.0, 0.5), log=True)
    with pytest.raises(ValueError, match="lo < hi"):
        s.value = (0.3, 0.1)
    assert s.value == (0.0, 0.5)
    with pytest.raises(ValueError, match="within"):
        skew_range_slider((0.0, 0.5), log=True, hi=0.2)
    with pytest.raises(ValueError, match="log_lo"):
        skew_range_slider((0.0, 0.5), log=True, log_lo=0.0)
    with pytest.raises(ValueError, match="steps_per_decade"):
        skew_range_slider((0.0, 0.5), log=True, steps_per_decade=0)


@pytest.fixture(scope="module")
def rare():
    y, s = sp.datasets.make_scores(20_000, 0.01, random_state=0)
    return sp.operating_points(y, s)


@pytest.mark.slow  # 2.8 s
def test_the_widgets_choose_log_with_rare_positives(rare, two_classifiers):
    w = explorer({"rare": rare})
    c = w.controls["skew_range"]
    assert isinstance(c, LogRangeSlider)
    c.value = (0.001, 0.05)
    model = w.displays["integrated"].skew
    assert (model.lo, model.hi) == (0.001, 0.05)
    assert w.displays["integrated"].ax_.get_yscale() == "log"  # its precision axis shows the rare baseline
    c.value = (0.0, 0.02)
    assert w.displays["integrated"].skew.lo == 0.0
    w.controls["skew_range"].value = (0.5, 0.1)  # refused in the status line, the state kept
    assert w.displays["integrated"].skew.hi == 0.02 and "refused" in w.status.value
    assert isinstance(explorer(two_classifiers).controls["skew_range"], widgets.FloatRangeSlider)  # 20 %: linear
    v = interactive_integrated_pr({"rare": rare})
    assert isinstance(v.controls["skew_range"], LogRangeSlider)
    v.controls["skew_range"].value = (0.002, 0.03)
    assert (v.displays["pr"].skew.lo, v.displays["pr"].skew.hi) == (0.002, 0.03)


@pytest.mark.slow  # 5.5 s
def test_rare_explorer_frames_equal_full_draws(rare):
    """Log axes that move with the state, dodged markers, the log range slider: every frame is a full draw's."""
    from .test_frames import assert_frame_is_full_draw

    w = explorer({"rare": rare, "noisy": sp.operating_points(*sp.datasets.make_scores(20_000, 0.01,
                                                                                         random_state=1))})
    for name, value in [("skew", 0.005), ("skew", 2e-4), ("skew", 1e-4), ("m", 0.9), ("skew_range", (0.001, 0.05)),
                        ("f_alpha", 0.3), ("skew", 0.02)]:
        w.controls[name].value = value
        assert_frame_is_full_draw(w)
        for key in ("cost", "fmeasure"):
            ax = w.displays[key].ax_
            assert ax.get_xlim()[0] <= w.displays[key]._marker_x() <= ax.get_xlim()[1], (name, value, key)
