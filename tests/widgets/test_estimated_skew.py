"""The estimated deployment skew on the widgets' skew scale, with a "go to estimated skew" button."""

import re

import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets._base import estimate_strip


@pytest.fixture(scope="module")
def estimate():
    rng = np.random.default_rng(2)
    y = rng.random(3000) < 0.2
    s = rng.normal(1.5 * y, 1.0)
    d = rng.normal(1.5 * (rng.random(3000) < 0.05), 1.0)
    return sp.estimate_skew(y, s, d, confidence=0.9, n_boot=50, random_state=0)


@pytest.mark.parametrize("make", [sp.widgets.interactive_pr,
                                  pytest.param(sp.widgets.interactive_cost, marks=pytest.mark.slow),  # 0.7 s
                                  sp.widgets.interactive_fmeasure,
                                  pytest.param(sp.widgets.explorer, marks=pytest.mark.slow)])  # 1.1 s
@pytest.mark.slow_cases('interactive_fmeasure')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('interactive_pr')  # loaded run 2026-11-29
def test_go_to_estimated_skew_moves_every_widget(make, two_classifiers, estimate):
    w = make(two_classifiers, estimated_skew=estimate)
    assert f"{estimate.estimate:.3g}" in w.go_to_estimate.description
    assert f"[{estimate.low:.3g}, {estimate.high:.3g}]" in w.estimate_strip.value
    w.go_to_estimate.click()
    slider = w.controls["skew"]
    assert slider.value == estimate.estimate
    # the slider's grid runs through the estimate: the browser has no other grid point to snap it to
    k = (np.log10(estimate.estimate) - slider.min) / slider.step
    assert k == pytest.approx(round(k), abs=1e-9) and 1e-4 * 10 ** -slider.step < 10 ** slider.min <= 1e-4 * (1 + 1e-12)
    if "pr" in w.displays:
        assert w.displays["pr"].skew == pytest.approx(estimate.estimate)


def test_strip_places_the_interval_on_the_slider_log_scale():
    svg = estimate_strip(0.01, 0.001, 0.1, (1e-4, 1.0), width=436)
    rect = re.search(r"<rect x='([\d.]+)' y='6' width='([\d.]+)'", svg)
    x0, width = float(rect.group(1)), float(rect.group(2))
    # Four decades over 400 px: 0.001 sits a quarter in, the band spans two decades.
    assert x0 == pytest.approx(18 + 100, abs=0.1) and width == pytest.approx(200, abs=0.2)
    tick = re.search(r"<line x1='([\d.]+)' y1='3'", svg)
    assert float(tick.group(1)) == pytest.approx(18 + 200, abs=0.1)


@pytest.mark.slow  # 0.8 s (2026-11-29, -n 2)
def test_estimate_without_interval_and_out_of_bounds(two_classifiers):
    w = sp.widgets.interactive_pr(two_classifiers, estimated_skew=0.5, slider_bounds=(1e-3, 0.2))
    assert w.go_to_estimate.disabled  # outside the slider
    assert "<rect" not in w.estimate_strip.value
    w = sp.widgets.interactive_pr(two_classifiers)
    assert not hasattr(w, "go_to_estimate")


def test_bad_estimated_skew_names_the_argument(two_classifiers):
    with pytest.raises(TypeError, match="estimated_skew must be a SkewEstimate"):
        sp.widgets.interactive_pr(two_classifiers, estimated_skew="0.1")
    with pytest.raises(ValueError, match=r"estimated_skew must lie in \[0.0, 1.0\]"):
        sp.widgets.explorer(two_classifiers, estimated_skew=1.5)


@pytest.mark.parametrize("make", [sp.widgets.interactive_pr, sp.widgets.interactive_cost,
                                  sp.widgets.interactive_fmeasure, sp.widgets.explorer])
@pytest.mark.slow  # 1.1 s, 1.2 s, 1.3 s, 1.5 s (its cases)
def test_a_skew_estimate_is_a_skew_for_every_widget(make, two_classifiers, estimate):
    """A skew is a number, a pair, a model or an estimate everywhere: interactive_pr(skew=estimate) was refused."""
    w = make(two_classifiers, skew=estimate)
    assert w.controls["skew"].value == sp.as_skew(estimate).value == estimate.estimate
    assert f"[{estimate.low:.3g}, {estimate.high:.3g}]" in w.estimate_strip.value  # shown as estimated_skew= is
    w.close_figure()
    w = make(two_classifiers, skew=sp.FixedSkew(0.02))
    assert w.controls["skew"].value == 0.02
    w.close_figure()


@pytest.mark.parametrize("skew", [(0.1, 0.2), sp.SkewRange(0.1, 0.2)])
def test_a_range_for_one_skew_slider_names_the_widgets_that_take_it(two_classifiers, skew):
    with pytest.raises(TypeError, match="skew_range= of interactive_integrated_pr or explorer"):
        sp.widgets.interactive_pr(two_classifiers, skew=skew)


@pytest.mark.parametrize("make,key", [(sp.widgets.interactive_integrated_pr, "skew"),
                                      (sp.widgets.interactive_pr, "skew_range"),
                                      (sp.widgets.interactive_cost, "skew_series")])
def test_a_skew_keyword_the_widget_does_not_take_is_refused_by_the_widget(two_classifiers, make, key):
    """interactive_integrated_pr(skew=...) said "plot_pr() got multiple values for keyword argument 'skew'"."""
    with pytest.raises(TypeError, match=rf"{make.__name__}\(\) got an unexpected keyword argument '{key}'"):
        make(two_classifiers, **{key: 0.1})


@pytest.mark.parametrize("make", [sp.widgets.interactive_pr, sp.widgets.interactive_cost,
                                  sp.widgets.interactive_fmeasure, sp.widgets.explorer])
def test_a_mistyped_keyword_is_refused_naming_the_widget(two_classifiers, make):
    """interactive_pr(..., skwe=0.1) said "plot_pr() got an unexpected keyword argument" (the plot it draws with)."""
    with pytest.raises(TypeError, match=rf"^{make.__name__}\(\) got an unexpected keyword argument 'skwe'.*skew"):
        make(two_classifiers, skwe=0.1)


@pytest.mark.parametrize("make,key,meant", [(sp.widgets.interactive_integrated_pr, "skew_rang", "skew_range"),
                                            (sp.widgets.explorer, "f_alpa", "f_alpha"),
                                            (sp.widgets.interactive_integrated_pr, "wieght", "weight")])
def test_a_mistyped_keyword_suggests_the_widgets_own_parameter(two_classifiers, make, key, meant):
    """interactive_integrated_pr(skew_rang=...) suggested 'skew_label', a parameter of plot_pr, not its skew_range."""
    with pytest.raises(TypeError, match=rf"argument '{key}'.*did you mean '{meant}'\?"):
        make(two_classifiers, **{key: (0.1, 0.2)})
