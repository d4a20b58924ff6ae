"""The explorer on a one-vs-rest mapping: every panel at the controls' prior vector, no sorting on a step.

The per-class areas are checked against ``sp.aucpr(ovr, skew=vector)`` (itself
checked against direct counts in tests/metrics/test_one_vs_rest.py) and the ROC
areas against a direct count of the reweighted rest; after a step every moving
panel holds what a fresh static plot at that vector draws.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets.class_explorer import ClassExplorer
from skewplot.widgets.spaces import envelope_readout

pytestmark = pytest.mark.slow  # each builds a six-panel explorer (seconds)

START = {0: 0.6, 1: 0.3, 2: 0.1}


@pytest.fixture(scope="module")
def ovr():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 3, 240)
    return sp.one_vs_rest(y, rng.random((240, 3)) + 0.6 * np.eye(3)[y])


@pytest.fixture(scope="module")
def stepped(ovr):
    w = sp.widgets.explorer(ovr, skew=START)
    w.controls["class"].value = 2
    w.controls["skew"].value = 0.03
    w.controls["m"].value = 0.3
    w.controls["f_alpha"].value = 0.4
    assert w.status.value == ""
    return w


def _roc_auc_by_counts(y, s, k, priors):
    """ROC AUC of class k against its rest, each rest row weighted by pi'_j / pi_j: pairs counted directly."""
    classes, n = np.unique(y, return_counts=True)
    w = np.array([priors[c] / (m / y.size) for c, m in zip(classes, n, strict=True)])[np.searchsorted(classes, y)]
    pos, neg = s[y == k], s[y != k]
    wn = w[y != k]
    wins = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    return float((wins * wn[None, :]).sum() / (pos.size * wn.sum()))


def test_a_step_moves_every_class_to_the_vector(ovr, stepped):
    w = stepped
    assert isinstance(w, ClassExplorer)
    priors = w.priors()
    assert priors[2] == pytest.approx(0.03)
    assert priors[0] / priors[1] == pytest.approx(2.0)  # the rest takes the slack in its starting proportions
    assert w.displays["pr"].priors == priors
    areas = sp.aucpr(ovr, skew=priors)
    for k in (0, 1, 2):
        row = w.readouts_[str(k)]
        assert row["π′"] == pytest.approx(priors[k])
        assert row["AUCPR(π′)"] == pytest.approx(areas[k], rel=1e-12)
    assert w.skew_line_.get_xdata()[0] == pytest.approx(0.03)
    colors = [line.get_color() for line in w.displays["pr"].lines_.values()]  # a class has one colour
    for k in ("integrated", "roc", "cost", "fmeasure"):
        assert [line.get_color() for line in w.displays[k].lines_.values()] == colors
    per_class = [w.displays["aucpr_vs_skew"], *w.class_aucpr_]
    assert [line.get_color() for d in per_class for line in d.lines_.values()] == colors
    assert not any(d.markers_ for d in [w.displays["aucpr_vs_skew"], *w.class_aucpr_])  # no "inversion" between classes


def test_roc_areas_against_direct_counts(ovr):
    rng = np.random.default_rng(1)
    y = rng.integers(0, 3, 240)
    s = rng.random((240, 3)) + 0.6 * np.eye(3)[y]
    w = sp.widgets.explorer(ovr, skew=START)
    w.controls["class"].value = 1
    w.controls["skew"].value = 0.7
    priors = w.priors()
    for k in (0, 1, 2):
        assert w.readouts_[str(k)]["ROC AUC"] == pytest.approx(_roc_auc_by_counts(y, s[:, k], k, priors), rel=1e-12)


def _lines(disp):
    return [np.asarray(line.get_xydata()) for line in disp.lines_.values()]


def test_the_state_after_a_step_is_a_fresh_plot_at_the_vector(ovr, stepped):
    w = stepped
    priors, d = w.priors(), w.displays
    low, hi = d["cost"].skew_bounds
    fresh = {
        "pr": sp.plot_pr(ovr, skew=priors, baselines=False),
        "roc": sp.plot_roc(ovr, skew=priors),
        "cost": sp.plot_cost(ovr, skew=priors, m=0.3, skew_bounds=(low, hi)),
        "fmeasure": sp.plot_fmeasure(ovr, skew=priors, f_alpha=0.4, skew_bounds=(low, hi)),
    }
    for key, disp in fresh.items():
        if key != "pr":  # PR lines are thinned to the Axes' pixels, which differ in size; areas instead
            for got, want in zip(_lines(d[key]), _lines(disp), strict=True):
                np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)
        if key in ("pr", "roc"):
            assert list(d[key].aucs_.values()) == pytest.approx(list(disp.aucs_.values()), rel=1e-12)
    for key in ("cost", "fmeasure"):
        got = [m.get_xydata() for m in d[key].markers_.values()]
        want = [m.get_xydata() for m in fresh[key].markers_.values()]
        np.testing.assert_allclose(np.concatenate(got), np.concatenate(want), rtol=1e-12)
    moved = ovr.at_priors(priors)
    for k in (0, 1, 2):  # every moving panel holds the reweighted mapping's points
        for key in ("pr", "roc", "cost", "fmeasure"):
            np.testing.assert_allclose(d[key].points[str(k)].fpr, moved[k].fpr, rtol=1e-12)


def _assert_as_fresh(w, ovr):
    """Every moving panel's curves, markers and table numbers are those of fresh static plots at ``w.priors()``."""
    priors, d = w.priors(), w.displays
    m, f_alpha = w.controls["m"].value, w.controls["f_alpha"].value
    same = {key: {"skew_bounds": d[key].skew_bounds, "max_lines": d[key].max_lines} for key in ("cost", "fmeasure")}
    fresh = {"roc": sp.plot_roc(ovr, skew=priors), "cost": sp.plot_cost(ovr, skew=priors, m=m, **same["cost"]),
             "fmeasure": sp.plot_fmeasure(ovr, skew=priors, f_alpha=f_alpha, **same["fmeasure"])}
    for disp in fresh.values():
        plt.close(disp.ax_.figure)
    for key, disp in fresh.items():
        for got, want in zip(_lines(d[key]), _lines(disp), strict=True):
            np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)
        for got, want in zip(getattr(d[key], "point_lines_", {}).values(), getattr(disp, "point_lines_", {}).values(),
                             strict=True):
            for a, b in zip(got.get_segments(), want.get_segments(), strict=True):
                np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
    names = {name: next(n for n in fresh["cost"].lines_ if n.startswith(f"{name},")) for name in w.readouts_}
    _, f_rows = envelope_readout("fmeasure", fresh["fmeasure"])
    for name, row in w.readouts_.items():
        assert row["cost area"] == pytest.approx(fresh["cost"].envelope_area(names[name]), rel=1e-12)
        assert row["F area"] == pytest.approx(f_rows[names[name]]["area"], rel=1e-12)
        assert row["ROC AUC"] == pytest.approx(fresh["roc"].aucs_[names[name]], rel=1e-12)


def test_the_tables_areas_are_a_fresh_plots_after_a_prior_step(ovr, stepped):
    """The cost areas in the table were kept from the starting vector (``CostDisplay.envelope_area`` memoised them by
    name), though a prior step moves every other class's rest and with it its cost envelope."""
    _assert_as_fresh(stepped, ovr)


def test_a_class_keeps_its_rate_curves_while_its_own_prior_moves_and_no_longer(ovr):
    """A step of class k's own prior scales its rest together, leaving its ROC curve and its cost and F lines:
    they are kept (not computed nor painted again), and drawn anew as soon as another class's prior moves, ``m``
    or the F weight moves, or the class changes.  After every step each number and curve is a fresh plot's."""
    w = sp.widgets.explorer(ovr, skew=START)
    spaces = [w.displays[key] for key in ("roc", "cost", "fmeasure")]
    w.controls["skew"].value = 0.4
    before = [d.lines_["0"].get_xydata().copy() for d in spaces]
    w.controls["skew"].value = 0.2  # class 0 again: its rest keeps its composition
    assert all(d._same_rates == {"0"} for d in spaces)
    moved = {id(a) for d in spaces for a in d._changed_artists(("priors",))}
    kept = [d.lines_["0"] for d in spaces] + [d.point_lines_["0"] for d in spaces[1:]]
    assert not moved & {id(a) for a in kept} and {id(d.lines_["1"]) for d in spaces} <= moved
    assert all(np.array_equal(d.lines_["0"].get_xydata(), b) for d, b in zip(spaces, before, strict=True))
    _assert_as_fresh(w, ovr)
    for name, value in [("m", 0.3), ("skew", 0.1), ("f_alpha", 0.3), ("skew", 0.3), ("class", 1), ("skew", 0.05),
                        ("class", 0), ("skew", 0.5)]:
        w.controls[name].value = value
        assert w.status.value == ""
        _assert_as_fresh(w, ovr)
    assert all(d._same_rates == {"0"} for d in spaces)  # class 0 at the vector class 1's step left: kept again


def test_a_step_does_not_sort_again(ovr, monkeypatch):
    w = sp.widgets.explorer(ovr)
    n = 240
    real_sort = np.sort

    def no_sort(*a, **k):
        raise AssertionError("sorted again")

    def small_sort(a, *args, **kwargs):  # the hulls' few indices may be put in order; the rows may not
        if np.size(a) >= n:
            raise AssertionError("sorted the rows again")
        return real_sort(a, *args, **kwargs)

    monkeypatch.setattr(np, "argsort", no_sort)
    monkeypatch.setattr(np, "lexsort", no_sort)
    monkeypatch.setattr(np, "sort", small_sort)
    w.controls["skew"].value = 0.05
    w.controls["class"].value = 1
    w.controls["skew"].value = 0.5
    assert w.status.value == ""  # no step refused or failed


def test_a_prior_step_leaves_the_figure_drawn(ovr):
    """A step is a frame: nothing it sets may mark the figure stale (under ipympl a stale figure asks the page for a
    full draw).  The PR panel's y label passed through one data set's form and back to the classes' at the first
    step after each layout, which marked its Axes stale."""
    w = sp.widgets.explorer(ovr)
    w.figure.canvas.draw()
    for value in (0.05, 0.3):
        w.controls["skew"].value = value
        assert w.frames.last == "blit" and not w.figure.stale, [i for i, ax in enumerate(w.figure.axes) if ax.stale]
    assert w.status.value == ""


def test_refusals(ovr):
    with pytest.raises(ValueError, match="sum to 1"):
        sp.widgets.explorer(ovr, skew={0: 0.6, 1: 0.3, 2: 0.3})
    with pytest.raises(ValueError, match="skew"):
        sp.widgets.explorer(ovr, skew={0: 0.6, 1: 0.4, 5: 0.0})
    with pytest.raises(ValueError, match="threshold_control: .*decides for every row"):
        sp.widgets.explorer(ovr, threshold_control=True)
    with pytest.raises(TypeError, match="threshold_control"):
        sp.widgets.explorer(ovr, threshold_control="no")
    with pytest.raises(TypeError, match="y_score"):
        sp.widgets.explorer(ovr, np.zeros(240))
    with pytest.raises(TypeError, match="OneVsRest"):
        ClassExplorer(ovr[0])
    with pytest.raises(TypeError, match="skew"):  # a prior vector with binary data
        sp.widgets.explorer(ovr[0], skew=START)
    w = sp.widgets.explorer(ovr)
    with pytest.raises(ValueError, match="prior 0 or 1"):
        w.displays["cost"].update(priors={0: 1.0, 1: 0.0, 2: 0.0})


def _rows_at(priors):
    """The test rows and each row's importance weight pi'_j / pi_j at ``priors`` (an independent reweighting)."""
    rng = np.random.default_rng(1)
    y = rng.integers(0, 3, 240)
    s = rng.random((240, 3)) + 0.6 * np.eye(3)[y]
    share = np.bincount(y) / y.size
    return y, s, np.array([priors[c] for c in range(3)])[y] / share[y]


def test_the_prg_panel_moves_each_class_to_its_prior(ovr):
    w = sp.widgets.explorer(ovr, skew=START, prg=True)
    assert w.threshold_control is None  # explorer(ovr): no threshold control unless asked, and asking is refused
    w.controls["class"].value = 2
    w.controls["skew"].value = 0.03
    assert w.status.value == ""
    priors = w.priors()
    y, s, weight = _rows_at(priors)
    for k in (0, 1, 2):  # the binary AUPRG of the importance-weighted rows, at their own skew pi'_k
        want = sp.aucprg(y == k, s[:, k], sample_weight=weight)
        assert w.readouts_[str(k)]["AUPRG(π′)"] == pytest.approx(want, rel=1e-9)
    fresh = sp.plot_prg(ovr, skew=priors, scale="linear")
    for got, want in zip(_lines(w.displays["prg"]), _lines(fresh), strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)
    assert w.figure.get_size_inches().tolist() == [5.4, 10.6]


def test_the_saved_page_is_the_kernels_frame_and_table_at_every_class_and_prior(ovr, tmp_path):
    """States of the page (class x prior) are the explorer's own frame and table; it opens at the live state."""
    from skewplot.widgets.controls import grid_min
    from skewplot.widgets.page.export import control_grid
    from tests.widgets.page.test_page_export import composed, read_page

    w = sp.widgets.explorer(ovr, skew=START, slider_bounds=(0.02, 0.8))
    w.controls["m"].value = 0.3
    w.controls["class"].value = 1
    w.controls["skew"].value = 0.2
    slider = w.controls["skew"]
    live, fine, low = w.priors(), slider.step, slider.min
    info = w.save_html(tmp_path / "classes.html", progress=False)
    assert w.priors() == live and w.controls["m"].value == 0.3 and (slider.step, slider.min) == (fine, low)
    data, images = read_page(tmp_path / "classes.html")
    assert [c["name"] for c in data["controls"]] == ["class", "skew"]  # f_alpha and m stay at their live values
    # the page's priors: every fifth point of the live slider's grid, through the live value (the grid's own
    # end last when it stops short of it)
    slider.step, slider.min = 5 * fine, grid_min(0.2, slider.lo, 5 * fine)
    values, labels = control_grid(slider)
    slider.step, slider.min = fine, low
    n = len(values)
    assert data["sizes"] == [3, n] and info["states"] == 3 * n and data["controls"][1]["labels"] == labels
    steps = np.log10(np.array(values[:-1]) / 0.2) / fine
    np.testing.assert_allclose(steps, np.round(steps / 5) * 5, atol=1e-6)
    assert data["controls"][0]["start"] == 1 and values[data["controls"][1]["start"]] == pytest.approx(0.2, rel=1e-12)
    start = n + data["controls"][1]["start"]
    for state in (start, 0, n - 1, n + 3, 2 * n + n // 2):
        cls, k = divmod(state, n)
        w.controls["class"].value = cls
        w.controls["skew"].value = values[k]
        assert w.status.value == ""
        assert data["tables"][data["table_of"][state]] == w.readout.value, state
        np.testing.assert_array_equal(composed(data, images, state), np.asarray(w.figure.canvas.buffer_rgba()))
        assert w.readouts_[str(cls)]["AUCPR(π′)"] == pytest.approx(sp.aucpr(ovr, skew=w.priors())[cls], rel=1e-12)
