"""Cost, F-measure and explorer widgets against the static plots and the metrics."""

import numpy as np
import pytest
from matplotlib.figure import Figure

import skewplot as sp
from skewplot.widgets import explorer, interactive_cost, interactive_fmeasure


@pytest.mark.slow  # 0.7 s
def test_cost_widget_on_the_probability_cost_axis(two_classifiers):
    w = interactive_cost(two_classifiers, skew=0.1, x_axis="pc")
    w.controls["m"].value = 0.3
    ref = sp.plot_cost(two_classifiers, m=0.3, skew=0.1, skew_bounds=(1e-4, 0.9999), ax=fresh_ax())
    assert_same_envelopes(w.displays["cost"], ref)


def fresh_ax():
    return Figure(figsize=(6, 4.5), layout="constrained").subplots()


def assert_same_envelopes(disp, ref):
    for name, line in disp.lines_.items():
        np.testing.assert_allclose(line.get_xydata(), ref.lines_[name].get_xydata(), rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(disp.markers_[name].get_xydata(), ref.markers_[name].get_xydata())
    np.testing.assert_allclose(disp.skew_line_.get_xdata(), ref.skew_line_.get_xdata())
    assert disp.ax_.get_xlabel() == ref.ax_.get_xlabel()
    assert disp.ax_.get_ylabel() == ref.ax_.get_ylabel()


@pytest.mark.parametrize("m, skew", [(0.3, 0.02), (0.5, 0.5), (0.9, 0.001)])
@pytest.mark.slow  # 0.7 s, 1.2 s (its cases)
def test_cost_widget_equals_static_plot(two_classifiers, shared_widget, m, skew):
    w = shared_widget(interactive_cost, two_classifiers, skew=0.1)
    assert set(w.controls) == {"m", "skew"}
    w.controls["m"].value = m
    w.controls["skew"].value = skew
    # the widget's axis spans its skew slider (log, from below 1e-4): so does the reference's
    ref = sp.plot_cost(two_classifiers, m=m, skew=skew, x_axis="skew", skew_bounds=(1e-4, 0.9999), ax=fresh_ax())
    assert_same_envelopes(w.displays["cost"], ref)
    pc = sp.probability_cost(skew, m)
    grid = np.linspace(0, 1, 20001)
    for name, pts in two_classifiers.items():
        r = w.readouts_[name]
        assert r["NEC at π′"] == pytest.approx(float(sp.cost_envelope(pts, pc=pc)[0]), rel=1e-12)
        env = sp.cost_envelope(pts, pc=grid)[0]
        area = np.sum(np.diff(grid) * (env[1:] + env[:-1]) / 2)
        assert r["area"] == pytest.approx(area, abs=1e-7)
        assert r["gain"] == pytest.approx(1 - r["area"] / 0.25)


@pytest.mark.parametrize("f_alpha, skew", [(0.5, 0.1), (0.2, 0.01), (0.9, 0.6)])
@pytest.mark.slow  # 0.6 s, 1.1 s (its cases)
def test_fmeasure_widget_equals_static_plot(two_classifiers, shared_widget, f_alpha, skew):
    w = shared_widget(interactive_fmeasure, two_classifiers, skew=0.3, f_alpha=0.5)
    assert set(w.controls) == {"f_alpha", "skew"}
    w.controls["skew"].value = skew
    w.controls["f_alpha"].value = f_alpha
    ref = sp.plot_fmeasure(two_classifiers, f_alpha=f_alpha, skew=skew, skew_bounds=(1e-4, 0.9999), ax=fresh_ax())
    assert_same_envelopes(w.displays["fmeasure"], ref)
    for name, pts in two_classifiers.items():
        best = float(sp.f_envelope(pts, skews=[skew], f_alpha=f_alpha)[0][0])
        assert w.readouts_[name]["F at π′"] == pytest.approx(best, rel=1e-10)
        assert 0 < w.readouts_[name]["area"] < 1
    assert f"{f_alpha:.2f}" in w.readout.value


def test_envelope_widgets_bad_input(two_classifiers):
    with pytest.raises(ValueError, match="m must lie in"):
        interactive_cost(two_classifiers, m=2.0)
    with pytest.raises(ValueError, match="f_alpha must lie in"):
        interactive_fmeasure(two_classifiers, f_alpha=-0.5)
    with pytest.raises(ValueError, match="slider_bounds"):
        interactive_cost(two_classifiers, slider_bounds=(0.3, 0.2))
    with pytest.raises(ValueError, match="skew must lie within"):
        interactive_fmeasure(two_classifiers, skew=0.5, slider_bounds=(0.001, 0.1))


@pytest.mark.slow  # 1.4 s
def test_explorer_links_every_space(two_classifiers):
    import matplotlib.pyplot as plt

    w = explorer(two_classifiers, skew=0.1, figsize=(12.0, 9.0), prg=True)  # wide panels: curves not decimated
    assert set(w.controls) == {"skew", "skew_range", "f_alpha", "m", "threshold_mode", "threshold_of", "threshold",
                               "target"}
    assert set(w.displays) == {"pr", "prg", "integrated", "roc", "cost", "fmeasure", "aucpr_vs_skew"}
    assert len(w.figure.axes) == 7
    n_figs = plt.get_fignums()
    d = w.displays
    integrated_before = d["integrated"].lines_["strong"].get_xydata().copy()

    w.controls["skew"].value = 0.01
    assert d["pr"].skew == 0.01 and d["cost"].skew == 0.01 and d["fmeasure"].skew == 0.01 and d["prg"].skew == 0.01
    np.testing.assert_array_equal(d["integrated"].lines_["strong"].get_xydata(), integrated_before)
    ref = sp.plot_pr(two_classifiers, skew=0.01, ax=fresh_ax())
    for name in two_classifiers:
        np.testing.assert_allclose(d["pr"].lines_[name].get_xydata(), ref.lines_[name].get_xydata())
    assert w.skew_line_.get_xdata()[0] == 0.01

    w.controls["skew_range"].value = (0.05, 0.25)
    assert d["integrated"].skew == sp.SkewRange(0.05, 0.25)
    assert (w.range_span_.get_x(), w.range_span_.get_width()) == pytest.approx((0.05, 0.2))
    w.controls["f_alpha"].value = 0.8
    assert d["fmeasure"].f_alpha == 0.8
    w.controls["m"].value = 0.2
    assert d["cost"].m == 0.2
    assert plt.get_fignums() == n_figs

    for name, pts in two_classifiers.items():
        r = w.readouts_[name]
        assert r["AUCPR(π′)"] == pytest.approx(sp.aucpr(pts, skew=0.01), rel=1e-12)
        assert r["nAUCPR(π′)"] == pytest.approx(sp.aucpr(pts, skew=0.01, normalize=True), rel=1e-10)
        assert r["AUC P̄"] == pytest.approx(sp.aucpr(pts, skew=(0.05, 0.25)), rel=1e-12)
        assert r["nAUC P̄"] == pytest.approx(sp.aucpr(pts, skew=(0.05, 0.25), normalize=True), rel=1e-10)
        assert r["ROC AUC"] == pytest.approx(sp.roc_auc(pts))
    w.controls["skew_range"].value = (0.3, 0.3)
    assert "empty" in w.status.value
    assert d["integrated"].skew == sp.SkewRange(0.05, 0.25)
    w.reset.click()
    assert w.controls["skew"].value == pytest.approx(two_classifiers["weak"].skew)


def test_explorer_bad_input(two_classifiers):
    with pytest.raises(ValueError, match=r"skew_range\[1\] must lie in"):
        explorer(two_classifiers, skew_range=(0.1, 1.5))
    with pytest.raises(ValueError, match="m must lie in"):
        explorer(two_classifiers, m=-1)


@pytest.mark.slow  # 0.6 s
def test_envelope_widgets_reset_to_data_set_skew(two_classifiers):
    w = interactive_cost(two_classifiers, skew=0.01)
    w.reset.click()
    assert w.displays["cost"].skew == pytest.approx(two_classifiers["strong"].skew)


@pytest.mark.slow  # 3.5 s
def test_explorer_table_after_a_burst_equals_a_fresh_explorer_at_the_final_values(two_classifiers):
    """Steps only recompute what they move (cached layers, unchanged curves kept): the table must not drift."""
    w = explorer(two_classifiers, skew=0.2)
    steps = [("skew", 0.05), ("f_alpha", 0.3), ("skew", 0.01), ("m", 0.8), ("skew_range", (0.1, 0.4)),
             ("skew", 0.3), ("f_alpha", 0.7), ("m", 0.2), ("skew_range", (0.02, 0.6)), ("skew", 0.07)]
    for name, value in steps:
        w.controls[name].value = value
    c = w.controls
    fresh = explorer(two_classifiers, skew=c["skew"].value, skew_range=c["skew_range"].value,
                     f_alpha=c["f_alpha"].value, m=c["m"].value)
    assert w.readouts_.keys() == fresh.readouts_.keys()
    for name, row in fresh.readouts_.items():
        for column, value in row.items():
            assert w.readouts_[name][column] == pytest.approx(value, rel=1e-12, abs=1e-15), (name, column)
    assert w.readout.value == fresh.readout.value
    for key in ("cost", "fmeasure"):  # and the curves drawn are those of a fresh plot
        for name, line in fresh.displays[key].lines_.items():
            np.testing.assert_allclose(w.displays[key].lines_[name].get_xydata(), line.get_xydata(), rtol=1e-12)


@pytest.mark.slow  # builds an explorer
def test_explorer_build_fits_no_shared_legend_its_own_replaces(two_classifiers, monkeypatch):
    """Each panel added its entries to the figure's shared legend, fitted on two layouts of the whole figure, which
    the explorer then replaced by its own legend: 4 layouts and half the build thrown away (3.5 s against 1.7 s of
    afe6abf). The widget defers that legend until every panel is drawn (``defer_shared_legend``)."""
    from skewplot.plotting.layout import _legend_strip

    laid_out = []
    real = _legend_strip._trial_layout
    monkeypatch.setattr(_legend_strip, "_trial_layout", lambda fig, axes=None: laid_out.append(axes) or real(fig, axes))
    w = explorer(two_classifiers, skew=0.01)
    assert laid_out == []
    assert len(w.figure.legends) == 1 and w.legend_ in w.figure.legends  # the explorer's own, alone


@pytest.mark.slow  # 1 s: four figures
def test_a_deferred_shared_legend_is_fitted_once_with_every_panels_entries():
    """Outside the explorer (panels drawn one by one), ending the deferral draws the legend a plain build draws."""
    from skewplot.plotting.layout._legend import defer_shared_legend

    data = sp.datasets.example_classifiers(n=1000, random_state=0)

    def build(defer):
        fig = Figure(figsize=(8, 3), layout="constrained")
        a, b = fig.subplots(1, 2)
        if defer:
            defer_shared_legend(fig, True)
        sp.plot_pr(data, ax=a, skew=0.1)
        sp.plot_roc(data, ax=b)
        if defer:
            defer_shared_legend(fig, False)
        return [[t.get_text() for t in legend.get_texts()] for legend in fig.legends]

    deferred = build(True)
    assert len(deferred) == 1 and {"strong", "weak"} <= set(deferred[0])
    assert deferred == build(False)
