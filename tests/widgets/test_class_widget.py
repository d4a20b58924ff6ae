"""interactive_pr on a one-vs-rest mapping: a class selector and its prior, every class against its rest.

Each step's per-class areas are checked against ``sp.aucpr(ovr, skew=vector)``
(itself checked against direct counts in tests/metrics/test_one_vs_rest.py);
the vector against its definition (the chosen class at the slider's value,
the others in their starting proportions).
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets.classes import InteractiveClasses, class_priors

START = {0: 0.6, 1: 0.3, 2: 0.1}


@pytest.fixture(scope="module")
def ovr():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 400)
    return sp.one_vs_rest(y, rng.random((400, 3)) + 0.5 * np.eye(3)[y])


def _areas(w):
    return {k: w.readouts_[str(k)]["AUC"] for k in (0, 1, 2)}


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_the_chosen_class_moves_and_the_rest_takes_the_slack(ovr):
    w = sp.widgets.interactive_pr(ovr, skew=START)
    assert isinstance(w, InteractiveClasses)
    assert _areas(w) == pytest.approx(dict(sp.aucpr(ovr, skew=START)), rel=1e-12)
    w.controls["class"].value = 2
    assert w.controls["skew"].value == pytest.approx(0.1)  # a new class starts at its starting prior
    w.controls["skew"].value = 0.02
    priors = w.priors()
    assert priors[2] == pytest.approx(0.02)
    assert priors[0] / priors[1] == pytest.approx(2.0)  # the others keep their proportions
    assert sum(priors.values()) == pytest.approx(1.0)
    assert _areas(w) == pytest.approx(dict(sp.aucpr(ovr, skew=priors)), rel=1e-12)
    assert w.displays["pr"].baselines_["random 2"].get_ydata()[0] == pytest.approx(0.02)
    assert w.readouts_["1"]["π′"] == pytest.approx(priors[1])


def test_the_legend_says_each_class_prior_after_a_step(ovr):
    """The widget's one panel says the priors it draws (the review's classes_widget_drag: no panel did): each
    class's legend entry holds its prior as the readout writes it, and its area, at every step."""
    import matplotlib.pyplot as plt

    from skewplot.skew.base import skew_text

    w = sp.widgets.interactive_pr(ovr, skew=START)
    for cls, prior in ((2, 0.0007), (0, 0.93)):
        w.controls["class"].value = cls
        w.controls["skew"].value = prior
        w.figure.canvas.draw()
        texts = [t.get_text() for t in w.displays["pr"].ax_.get_legend().get_texts()]
        for k, p in w.priors().items():
            area = w.readouts_[str(k)]["AUC"]
            entry = next(t for t in texts if t.startswith(f"{k} ("))
            assert entry.startswith(f"{k} (π′ = {skew_text(p)}, AUCPR = "), entry
            assert float(entry.rsplit("= ", 1)[1].rstrip(")")) == pytest.approx(area, abs=6e-4)
    plt.close(w.figure)


def test_class_priors_formula():
    got = class_priors({"a": 0.5, "b": 0.3, "c": 0.2}, "b", 0.6)
    assert got == pytest.approx({"a": 0.5 * 0.4 / 0.7, "b": 0.6, "c": 0.2 * 0.4 / 0.7})


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_a_step_does_not_sort_again(ovr, monkeypatch):
    w = sp.widgets.interactive_pr(ovr)

    def no_sort(*a, **k):
        raise AssertionError("sorted again")

    monkeypatch.setattr(np, "argsort", no_sort)
    monkeypatch.setattr(np, "lexsort", no_sort)
    w.controls["skew"].value = 0.05
    assert w.status.value == ""  # no step refused or failed


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_refusals(ovr):
    with pytest.raises(ValueError, match="sum to 1"):
        sp.widgets.interactive_pr(ovr, skew={0: 0.6, 1: 0.3, 2: 0.3})
    w = sp.widgets.interactive_pr(ovr)
    with pytest.raises(ValueError, match="prior 0 or 1"):
        w.displays["pr"].update(priors={0: 1.0, 1: 0.0, 2: 0.0})
    with pytest.raises(TypeError, match="OneVsRest"):
        sp.widgets.interactive_classes(ovr[0])


@pytest.mark.slow
def test_saved_page_holds_a_frame_per_class_and_prior(ovr, tmp_path):
    """The page's states are the class options times the prior slider's grid; the widget is left as it was."""
    from skewplot.widgets.page.export import control_grid

    w = sp.widgets.interactive_pr(ovr, skew=START, slider_bounds=(0.1, 0.6))
    w.controls["class"].value = 1
    w.controls["skew"].value = 0.2
    priors = w.priors()
    grid, _ = control_grid(w.controls["skew"])
    info = w.save_html(tmp_path / "classes.html", progress=False)
    assert info["states"] == 3 * len(grid)
    assert w.priors() == priors and w.controls["class"].value == 1
    text = (tmp_path / "classes.html").read_text(encoding="utf-8")
    assert '"labels": ["0", "1", "2"]' in text  # the class selector, stepped by index in the page
