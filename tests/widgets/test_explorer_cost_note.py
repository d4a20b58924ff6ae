"""The explorer's cost panel notes the envelopes on always − as ``plot_cost`` does, and again when its axis moves.

A static row's cost panel says "on always −: logistic, gbm" where both envelopes are the always-negative line
(below PC(+) ~ 0.03 at 0.1 % positives); the widget's page had no notes at all (its layout frozen).  Now its cost
panel is decided by the same rule (``_hidden._on_line``) when the page is laid out, and again by a step that moves
its axis (a cost weight that takes the marker's PC(+) below the axis' left end): ``edge`` lies on the line up to
PC(+) 1.2e-4, too short a stretch of the starting axis (8e-5 to 1) and long enough of the grown one.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting._notes import note, unheld
from skewplot.widgets import explorer

pytestmark = pytest.mark.slow  # an explorer of 20 000 rows: about 3 s


def _points():
    rng = np.random.default_rng(3)
    y, _ = sp.datasets.make_scores(20_000, 0.01, random_state=rng)
    weak = rng.normal(size=y.size) + 0.6 * y
    weak[np.flatnonzero(y == 0)[:3]] = 30.0  # its top scores negatives': on always − up to PC(+) ~ 0.02
    edge = rng.normal(size=y.size) + 3.0 * y
    edge[np.flatnonzero(y == 0)[0]] = 50.0  # one negative, then 84 of the 200 positives: on the line to 1.2e-4
    edge[np.flatnonzero(y)[:84]] = 40.0 + np.arange(84) * 1e-3
    return {name: sp.operating_points(y, s) for name, s in (("weak", weak), ("edge", edge))}


@pytest.fixture(scope="module")
def points():
    return _points()


def _said(ax):
    """The names ``ax``'s note of curves on always − gives, and its text as drawn (``""``: none shown)."""
    spec = (note(ax, "hidden_notes") or {}).get("on")
    if spec is None or not spec.found:
        return [], ""
    text = unheld(spec.text)[0]
    return list(spec.named), " ".join(text.get_text().split()) if text.get_visible() else ""


def _static(points, skew, m, bounds):
    """``plot_cost``'s note at the same state, in a row (a panel's note; a panel of its own marks its legend)."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(7, 3))
    sp.plot_pr(points, skew=skew, ax=left)
    disp = sp.plot_cost(points, skew=skew, m=m, skew_bounds=bounds, ax=right)
    fig.canvas.draw()
    said = _said(disp.ax_), disp.ax_.get_xlim()
    plt.close(fig)
    return said


def test_the_cost_panel_says_what_plot_cost_says_and_follows_its_axis(points):
    bounds = (1e-4, 0.9999)
    w = explorer(points, skew=1e-2, slider_bounds=bounds)
    w.figure.canvas.draw()
    cost = w.displays["cost"]
    seen = []
    for skew, m in ((1e-2, 0.5), (1e-3, 0.5), (1e-4, 0.5), (1e-4, 0.99)):
        w.controls["skew"].value = skew
        w.controls["m"].value = m
        w.figure.canvas.draw()
        (named, text), xlim = _said(cost.ax_), cost.ax_.get_xlim()
        (want, _), static_xlim = _static(points, skew, m, bounds)
        assert xlim == pytest.approx(static_xlim) and named == want, (skew, m, named, want)
        assert text in ("", "on always −: " + ", ".join(named)), text  # shown where a place is free
        seen.append(named)
    # weak alone on the starting axis; at m = 0.99 the marker's PC(+) is 1e-6, the axis grows to 8e-7 and edge's
    # stretch on the line (to 1.2e-4) is a quarter of its width: named (main: no note in any state)
    assert seen[:3] == [["weak"]] * 3 and seen[3] == ["weak", "edge"], seen


def test_the_cost_panel_shows_its_note_at_rare_skews():
    # the review's case: 0.1 % positives, both envelopes on always − below PC(+) ~ 0.03, the panel's note drawn in
    # every state as the static row's is (main: none)
    rng = np.random.default_rng(10)
    y, _ = sp.datasets.make_scores(50_000, 0.001, random_state=rng)
    points = {"logistic": sp.operating_points(y, rng.normal(size=y.size) + 1.2 * y),
              "gbm": sp.operating_points(y, rng.normal(size=y.size) + 0.9 * y)}
    w = explorer(points, skew=1e-2)
    for skew in (1e-2, 1e-3, 1e-4):
        w.controls["skew"].value = skew
        w.figure.canvas.draw()
        (want, static_text), _ = _static(points, skew, 0.5, (1e-4, 0.9999))
        assert _said(w.displays["cost"].ax_) == (want, static_text) == (["logistic", "gbm"],
                                                                         "on always −: logistic, gbm"), skew
