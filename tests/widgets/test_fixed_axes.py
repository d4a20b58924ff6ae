"""No control step moves an axis: the explorer's log axes span its sliders' whole range (issue 29).

A step that changes an axis' limits costs a full draw of the figure (every
tick label again), ten times a frame at 1e6 points.  With rare positives
the precision axes are logarithmic, and their bottom followed the baseline
(the skew) in half-decades: two skew steps in twenty and most range steps
were full draws.  Now the bottom sits below the skew slider's lower end from
the start, and in a widget the cost space's log ends only grow.
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting._axes import precision_floor
from skewplot.testing import lint_figure
from skewplot.widgets import explorer, interactive_integrated_pr, interactive_pr

from .test_frames import assert_frame_is_full_draw


@pytest.fixture(scope="module")
def rare():
    return sp.datasets.example_classifiers(n=6000, skew=0.01, random_state=4)


def _limits(w):
    return [(ax.get_xlim(), ax.get_ylim()) for ax in w.figure.axes]


@pytest.mark.slow  # an explorer build and tens of steps: seconds of CPU
def test_explorer_steps_over_the_whole_sliders_never_draw_the_figure_again(rare, shared_widget):
    w = shared_widget(explorer, rare, threshold_control=False)  # the axes alone (one explorer: the next test's)
    assert w.displays["pr"].ax_.get_yscale() == "log"
    limits, draws = _limits(w), w.frames.counts["draw"]
    # the skew slider from end to end, both ways (its own grid: 50 steps a decade, every 7th here)
    skews = 10.0 ** np.linspace(np.log10(1e-4), np.log10(0.9999), 17)
    moves = [("skew", float(s)) for s in (*skews, *skews[::-1])]
    moves += [("skew_range", (0.0, float(h))) for h in (2e-4, 1e-3, 0.01, 0.1, 0.5, 1.0)]
    moves += [("skew_range", (float(lo), 0.9)) for lo in (1e-4, 0.01, 0.3)]
    moves += [("skew", 0.01)] + [("m", m) for m in (0.1, 0.3, 0.5, 0.7, 0.9)]
    moves += [("f_alpha", a) for a in (0.05, 0.5, 0.95)]
    for name, value in moves:
        w.controls[name].value = value
        assert w.frames.last == "blit", (name, value)
        assert _limits(w) == limits, (name, value)
    assert w.frames.counts["draw"] == draws
    assert_frame_is_full_draw(w)
    assert [str(p) for p in lint_figure(w.figure, checks=("marker-outside",))] == []


@pytest.mark.slow  # an explorer build and tens of steps: seconds of CPU
def test_the_cost_axis_only_grows_in_a_widget(rare, shared_widget):
    # On the PC(+) axis a large m moves the marker at the smallest skew left of the axis: its end moves
    # once (a full draw), then no step in either direction moves it again.
    w = shared_widget(explorer, rare, threshold_control=False)  # the axes alone (the previous test's explorer)
    ax = w.displays["cost"].ax_
    w.controls["skew"].value = 1e-4
    w.controls["m"].value = 0.9
    grown, draws = (ax.get_xlim(), ax.get_ylim()), w.frames.counts["draw"]
    assert grown[0][0] < 1e-4 * 0.1 / 0.9  # PC(+) of the marker (m = 0.9) is inside
    for name, value in [("m", 0.5), ("skew", 0.01), ("m", 0.1), ("skew", 1e-4), ("m", 0.9), ("m", 0.3)]:
        w.controls[name].value = value
        assert (ax.get_xlim(), ax.get_ylim()) == grown, (name, value)
    assert w.frames.counts["draw"] == draws
    assert [str(p) for p in lint_figure(w.figure, checks=("marker-outside",))] == []
    fresh = sp.plot_cost(rare, m=0.3, skew=1e-4, skew_bounds=(1e-4, 0.9999))  # a static plot stays tight
    assert fresh.ax_.get_xlim()[0] > grown[0][0]


@pytest.mark.slow  # an explorer build and tens of steps: seconds of CPU
def test_the_precision_floor_lies_below_the_slider_ends_baseline(rare):
    w = explorer(rare, slider_bounds=(1e-3, 0.5))
    for key in ("pr", "integrated"):
        bottom = w.displays[key].ax_.get_ylim()[0]
        assert bottom == precision_floor(1e-3) < 1e-3
    w.controls["skew"].value = 1e-3  # the baseline at the slider's end: still inside the axis
    assert w.frames.last == "blit"
    assert w.displays["pr"].baselines_["random"].get_ydata()[0] > w.displays["pr"].ax_.get_ylim()[0]


@pytest.mark.parametrize("make, name, values", [
    (lambda p: interactive_pr(p), "skew", (1e-4, 3e-4, 0.002, 0.05, 0.6, 0.9999)),
    (lambda p: interactive_integrated_pr(p), "skew_range", ((0.0, 2e-4), (0.0, 0.01), (0.001, 0.2), (0.3, 1.0))),
])
@pytest.mark.slow  # 0.5 s, 0.7 s (its cases)
def test_single_pr_widgets_keep_their_log_axis(rare, make, name, values):
    w = make(rare)
    limits, draws = _limits(w), w.frames.counts["draw"]
    for value in values:
        w.controls[name].value = value
        assert _limits(w) == limits, value
    assert w.frames.counts["draw"] == draws


@pytest.mark.slow  # loaded run 2026-11-29
def test_set_floor_skew_checks_its_argument(rare):
    disp = sp.plot_pr(rare, log_precision=True)
    with pytest.raises(ValueError, match="skew"):
        disp.set_floor_skew(0.0)
    disp.set_floor_skew(None)
    assert disp.ax_.get_ylim()[0] == precision_floor(disp.model().mean)
