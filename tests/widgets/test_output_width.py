"""Under ipympl the figure follows the output's width (issue 29, Deliver 4); the page side is in test_browser_layout."""

import pytest

import skewplot as sp
from skewplot.testing import lint_figure
from skewplot.widgets._width import MIN_WIDTH_PX

from .test_backends import ipympl_backend  # noqa: F401 - the fixture


def _px(w):
    return [round(float(v)) for v in w.figure.get_size_inches() * w.figure.dpi]


@pytest.fixture
def rare_explorer(ipympl_backend):  # noqa: F811 - the fixture imported above
    data = sp.datasets.example_classifiers(n=4000, skew=0.01, random_state=2)
    return sp.widgets.explorer(data, skew=2e-4)


@pytest.mark.slow  # an explorer under ipympl: ~2 s of CPU
def test_the_figure_follows_the_output_width_up_to_its_own(rare_explorer):
    w = rare_explorer
    probe = w._width_follower.probe
    assert probe in w.children and _px(w) == [540, 800]
    probe.width = 470  # a narrower panel: the figure takes its width (less the canvas' border), same height
    assert _px(w) == [468, 800]
    w.figure.canvas.draw()  # the full draw the browser then asks for: laid out again at the new width
    assert w._layout.count == 1
    assert lint_figure(w.figure, checks=("text-overlap", "text-outside", "squeezed", "marker-outside")) == []
    probe.width = 300  # narrower than the explorer can be read: it stops at its least width (the output scrolls)
    assert _px(w)[0] == MIN_WIDTH_PX
    probe.width = 1400  # wide again: back to the size it was made with, never wider
    assert _px(w) == [540, 800]


@pytest.mark.slow
def test_a_corner_drag_sets_the_size_the_figure_follows_up_to(rare_explorer):
    w = rare_explorer
    probe = w._width_follower.probe
    probe.width = 1000
    w.figure.canvas.handle_resize({"width": 760, "height": 640})  # the message ipympl's resize corner sends
    assert _px(w) == [760, 640]
    probe.width = 600
    assert _px(w) == [598, 640]
    probe.width = 1000
    assert _px(w) == [760, 640]
    w.figure.canvas.handle_resize({"width": 900, "height": 640})  # dragged past the output: kept to its width
    assert _px(w) == [900, 640]  # (the probe's width has not changed: ipympl's size stands until the page sends)


@pytest.mark.slow  # loaded run 2026-11-29
def test_inline_has_no_probe(two_classifiers):
    w = sp.widgets.interactive_pr(two_classifiers, skew=0.1)
    assert w.backend == "inline" and w._width_follower is None
