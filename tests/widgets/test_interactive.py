"""Headless tests: set controls[...].value, compare with the static plot at that state."""

import numpy as np
import pytest
from matplotlib.figure import Figure

import skewplot as sp
from skewplot._format import number
from skewplot.widgets import interactive_integrated_pr, interactive_pr, interactive_temporal_pr


def static_ax(w, position=0):
    """An Axes the size of the widget's, on a figure outside pyplot."""
    fig = Figure(figsize=w.figure.get_size_inches(), layout="constrained")
    n = len(w.figure.axes)
    axes = fig.subplots(n, 1, height_ratios=[3, 1][:n] if n > 1 else None) if n > 1 else [fig.subplots()]
    return axes[position]


def assert_same_pr(disp, ref):
    assert list(disp.lines_) == list(ref.lines_)
    for name, line in disp.lines_.items():
        np.testing.assert_allclose(line.get_xydata(), ref.lines_[name].get_xydata(), rtol=1e-12, atol=1e-14)
        assert line.get_label() == ref.lines_[name].get_label()
    for key in ("random", "min"):
        np.testing.assert_allclose(disp.baselines_[key].get_ydata(), ref.baselines_[key].get_ydata())
    assert disp.ax_.get_ylabel() == ref.ax_.get_ylabel() == f"Precision ${disp.model().symbol}$"
    assert disp.ax_.get_title() == ref.ax_.get_title() == disp.model().describe()
    legend, want = _legend_texts(disp), _legend_texts(ref)
    assert legend[:len(want)] == want  # a page of panels shares one legend: the PR entries come first


def _legend_texts(disp):
    """The texts of the figure's one legend (a page of panels), or of the legend of ``disp``'s Axes.

    The shared one first: a static figure of panels also gives each panel a legend of its areas.
    """
    legend = disp.figure_.legends[0] if disp.figure_.legends else disp.ax_.get_legend()
    return [t.get_text() for t in legend.get_texts()]


@pytest.mark.slow_cases('0.7')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.05', '0.9999')  # loaded run 2026-11-29
@pytest.mark.slow_cases('0.001')  # 1.0 s at most (2026-11-29)
@pytest.mark.parametrize("value", [0.05, 0.001, 0.7, 0.9999])
def test_pr_widget_equals_static_plot(two_classifiers, shared_widget, value):
    w = shared_widget(interactive_pr, two_classifiers, skew=0.3)
    w.controls["skew"].value = value
    ref = sp.plot_pr(two_classifiers, skew=value, skew_label="title", ax=static_ax(w))
    assert_same_pr(w.displays["pr"], ref)
    for name, pts in two_classifiers.items():
        assert w.readouts_[name]["AUC"] == pytest.approx(sp.aucpr(pts, skew=value), rel=1e-12)
        assert w.readouts_[name]["nAUC"] == pytest.approx(sp.aucpr(pts, skew=value, normalize=True), rel=1e-10)
    assert number(w.readouts_['strong']['AUC']) in w.readout.value
    assert f"{value:.4g}" in w.readout.value


@pytest.mark.slow  # 1.0 s
def test_pr_widget_equals_static_plot_when_decimated(big_classifier):
    w = interactive_pr(big_classifier, skew=0.1)
    w.controls["skew"].value = 0.002
    ref = sp.plot_pr(big_classifier, skew=0.002, skew_label="title", ax=static_ax(w))
    line = w.displays["pr"].lines_["classifier"]
    assert len(line.get_xdata()) < len(big_classifier)  # decimated for drawing ...
    assert_same_pr(w.displays["pr"], ref)
    assert w.readouts_["classifier"]["AUC"] == pytest.approx(sp.aucpr(big_classifier, skew=0.002), rel=1e-10)


@pytest.mark.slow  # loaded run 2026-11-29
def test_pr_widget_starts_at_data_set_skew_and_resets(two_classifiers):
    own = two_classifiers["strong"].skew
    w = interactive_pr(two_classifiers)
    assert w.controls["skew"].value == pytest.approx(own)
    w.controls["skew"].value = 0.01
    assert w.displays["pr"].skew == 0.01
    w.reset.click()
    assert w.controls["skew"].value == pytest.approx(own)
    assert w.displays["pr"].skew == pytest.approx(own)
    assert f"{own:.3g}" in w.reset.description


@pytest.mark.slow  # loaded run 2026-11-29
def test_updates_move_artists_in_place(two_classifiers, monkeypatch):
    import matplotlib.pyplot as plt

    w = interactive_pr(two_classifiers)
    before = plt.get_fignums()
    fig, ax, disp = w.figure, w.figure.axes[0], w.displays["pr"]
    lines = dict(disp.lines_)
    n_artists = len(ax.get_children())
    xy = lines["strong"].get_xydata().copy()

    def no_sorting(*args, **kwargs):
        raise AssertionError("an update must not sort")

    monkeypatch.setattr(np, "argsort", no_sorting)
    monkeypatch.setattr(np, "sort", no_sorting)
    monkeypatch.setattr(np, "lexsort", no_sorting)
    for v in (0.5, 0.02, 0.003):
        w.controls["skew"].value = v
    monkeypatch.undo()
    assert plt.get_fignums() == before
    assert w.figure is fig and fig.axes == [ax] and w.displays["pr"] is disp
    assert disp.lines_ == lines
    assert len(ax.get_children()) == n_artists
    assert not np.array_equal(lines["strong"].get_xydata(), xy)


@pytest.mark.slow  # loaded run 2026-11-29
def test_widget_structure(two_classifiers):
    import ipywidgets

    w = interactive_pr(two_classifiers["strong"])
    assert isinstance(w, ipywidgets.VBox)
    assert set(w.controls) == {"skew"} and set(w.displays) == {"pr"}
    assert w.backend == "inline"
    assert isinstance(w.figure_widget, ipywidgets.Output)
    assert list(w.readouts_) == ["classifier"]
    png = w.render_png()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow  # loaded run 2026-11-29
def test_pr_widget_forwards_kwargs(two_classifiers):
    w = interactive_pr(two_classifiers, skew=0.1, iso_f=[0.5], linewidth=3)
    assert "iso_f=0.5" in w.displays["pr"].lines_
    assert w.displays["pr"].lines_["strong"].get_linewidth() == 3
    with pytest.raises(TypeError, match="normalize"):
        interactive_pr(two_classifiers, normalize=True)


@pytest.mark.slow  # loaded run 2026-11-29
def test_pr_widget_folds(two_classifiers):
    folds = [two_classifiers["strong"], two_classifiers["weak"]]
    w = interactive_pr(folds={"folds": folds}, skew=0.1)
    w.controls["skew"].value = 0.02
    mean, sd = w.readouts_["folds"]["AUC"]
    aucs = [sp.aucpr(p, skew=0.02) for p in folds]
    assert mean == pytest.approx(np.mean(aucs)) and sd == pytest.approx(np.std(aucs, ddof=1))
    assert " ± " in w.readout.value


# ---------------------------------------------------------------- integrated
@pytest.mark.slow_cases('rng_0')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('rng_1')  # loaded run 2026-11-29
@pytest.mark.slow_cases('rng_2')  # 0.8 s at most (2026-11-29)
@pytest.mark.parametrize("rng_", [(0.05, 0.3), (0.0, 1.0), (0.4, 0.45)])
def test_integrated_widget_equals_static_plot(two_classifiers, shared_widget, rng_):
    w = shared_widget(interactive_integrated_pr, two_classifiers)
    w.controls["skew_range"].value = rng_
    ref = sp.plot_pr(two_classifiers, skew=rng_, skew_label="title", ax=static_ax(w))
    assert_same_pr(w.displays["pr"], ref)
    for name, pts in two_classifiers.items():
        assert w.readouts_[name]["AUC"] == pytest.approx(sp.aucpr(pts, skew=rng_), rel=1e-12)
        assert w.readouts_[name]["nAUC"] == pytest.approx(sp.aucpr(pts, skew=rng_, normalize=True), rel=1e-10)


@pytest.mark.slow  # 0.9 s
def test_integrated_widget_weightings(two_classifiers):
    from scipy import stats

    observed = [0.1, 0.12, 0.2, 0.15]
    w = interactive_integrated_pr(two_classifiers, observed=observed, weight=lambda p: 1 + p)
    assert w.controls["weighting"].options == ("uniform", "normal fit", "user density")
    assert w.controls["weighting"].value == "user density"
    w.controls["skew_range"].value = (0.05, 0.4)
    w.controls["weighting"].value = "normal fit"
    normal = stats.norm(np.mean(observed), np.std(observed, ddof=1))
    ref = sp.plot_pr(two_classifiers, skew=sp.SkewRange(0.05, 0.4, weight=normal), skew_label="title", ax=static_ax(w))
    assert_same_pr(w.displays["pr"], ref)
    expected = sp.aucpr(two_classifiers["weak"], skew=sp.SkewRange(0.05, 0.4, weight=normal))
    assert w.readouts_["weak"]["AUC"] == pytest.approx(expected, rel=1e-12)
    w.controls["weighting"].value = "uniform"
    assert w.displays["pr"].skew == sp.SkewRange(0.05, 0.4)


@pytest.mark.slow  # loaded run 2026-11-29
def test_integrated_widget_empty_range_keeps_figure(two_classifiers):
    w = interactive_integrated_pr(two_classifiers, skew_range=(0.1, 0.3))
    xy = w.displays["pr"].lines_["strong"].get_xydata().copy()
    w.controls["skew_range"].value = (0.2, 0.2)
    assert "empty" in w.status.value
    assert w.controls["skew_range"].value == (0.1, 0.3)  # back to the last valid range
    np.testing.assert_array_equal(w.displays["pr"].lines_["strong"].get_xydata(), xy)
    w.controls["skew_range"].value = (0.2, 0.25)
    assert w.status.value == ""


# ---------------------------------------------------------------- temporal
@pytest.mark.slow  # 0.8 s (2026-11-29, -n 2)
def test_temporal_widget_sampled_series(two_classifiers):
    values = [0.1, 0.3, 0.05, 0.6, 0.2]
    w = interactive_temporal_pr(two_classifiers, skew_series=values)
    assert (w.controls["t_end"].min, w.controls["t_end"].max, w.controls["t_end"].value) == (1.0, 4.0, 4.0)
    w.controls["t_end"].value = 2.5
    window = sp.SkewSeries([0.1, 0.3, 0.05, 0.325], [0.0, 1.0, 2.0, 2.5])
    assert w.displays["pr"].skew.mean == pytest.approx(window.mean)
    ref = sp.plot_temporal_pr(two_classifiers, skew_series=window, skew_label="title", ax=static_ax(w))
    assert_same_pr(w.displays["pr"], ref)
    assert w.readouts_["strong"]["AUC"] == pytest.approx(sp.aucpr(two_classifiers["strong"], skew=window))
    assert w.window_patch_.get_width() == pytest.approx(2.5)
    np.testing.assert_allclose(w.mean_line_.get_ydata(), [window.mean] * 2)


@pytest.mark.slow  # 0.7 s
def test_temporal_widget_function_series(two_classifiers):
    def f(t):
        return np.minimum(1, 2.0 ** t / 1e4)

    series = sp.SkewSeries.from_function(f, t_end=20)
    w = interactive_temporal_pr(two_classifiers, skew_series=series, t_end=12)
    assert w.controls["t_end"].value == 12
    w.controls["t_end"].value = 15.0
    window = sp.SkewSeries.from_function(f, t_end=15.0)
    assert w.readouts_["weak"]["AUC"] == pytest.approx(sp.aucpr(two_classifiers["weak"], skew=window), rel=1e-12)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("factory", [
    lambda p: interactive_pr(p),
    lambda p: interactive_integrated_pr(p),
    lambda p: interactive_temporal_pr(p, skew_series=[0.1, 0.2]),
    lambda p: sp.widgets.interactive_cost(p),
    lambda p: sp.widgets.interactive_fmeasure(p),
    lambda p: sp.widgets.explorer(p),
])
@pytest.mark.parametrize("bad", [np.array([0.1, 0.2]), {"a": [1, 2]}, None, {}])
def test_non_points_input_names_the_argument(factory, bad):
    with pytest.raises((TypeError, ValueError), match="data|y_score"):
        factory(bad)


@pytest.mark.parametrize("kwargs, exc, match", [
    ({"skew": 1.5}, ValueError, "skew must lie in"),
    ({"skew": 1e-6}, ValueError, "skew must lie within slider_bounds"),
    ({"slider_bounds": (0.5, 0.1)}, ValueError, "slider_bounds must have lo < hi"),
    ({"slider_bounds": (0.0, 0.5)}, ValueError, r"slider_bounds\[0\] must lie in"),
    ({"slider_bounds": 0.5}, TypeError, "slider_bounds must be a .lo, hi. pair"),
    ({"skew": "0.1"}, TypeError, "skew must be a real number"),
])
def test_interactive_pr_bad_input(two_classifiers, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        interactive_pr(two_classifiers, **kwargs)


@pytest.mark.slow  # loaded run 2026-11-29
def test_interactive_pr_needs_skew_for_rates_without_one():
    pts = sp.OperatingPoints.from_rates([0, 0.5, 1], [0, 0.2, 1])
    with pytest.raises(ValueError, match="pass skew="):
        interactive_pr(pts)
    w = interactive_pr(pts, skew=0.2)
    assert w.reset.disabled


@pytest.mark.parametrize("skew_range, exc, match", [
    ((-0.1, 0.5), ValueError, r"skew_range\[0\] must lie in \[0.0, 1.0\]"),
    ((0.2, 1.2), ValueError, r"skew_range\[1\] must lie in"),
    ((0.5, 0.2), ValueError, "skew_range must have lo < hi"),
    (0.5, TypeError, "skew_range must be a .lo, hi. pair"),
])
def test_integrated_bad_range(two_classifiers, skew_range, exc, match):
    with pytest.raises(exc, match=match):
        interactive_integrated_pr(two_classifiers, skew_range=skew_range)


def test_integrated_bad_weights(two_classifiers):
    with pytest.raises(ValueError, match="observed"):
        interactive_integrated_pr(two_classifiers, observed=[0.1])
    with pytest.raises(ValueError, match="observed"):
        interactive_integrated_pr(two_classifiers, observed=[0.1, 1.5])
    with pytest.raises(TypeError, match="weight"):
        interactive_integrated_pr(two_classifiers, weight="normal")


def test_temporal_bad_input(two_classifiers):
    with pytest.raises(TypeError, match="skew_series"):
        interactive_temporal_pr(two_classifiers, skew_series=[0.1, 1.7])
    with pytest.raises(ValueError, match="skew_series needs at least two"):
        interactive_temporal_pr(two_classifiers, skew_series=[0.1])
    with pytest.raises(ValueError, match="t_end must lie in"):
        interactive_temporal_pr(two_classifiers, skew_series=[0.1, 0.2, 0.3], t_end=7)


@pytest.mark.slow  # loaded run 2026-11-29
def test_inline_backend_reshows_the_figure(two_classifiers):
    import base64

    w = interactive_pr(two_classifiers, skew=0.1)
    (first,) = w.figure_widget.outputs
    assert first["output_type"] == "display_data"
    png0 = base64.b64decode(first["data"]["image/png"])
    assert png0.startswith(b"\x89PNG")
    w.controls["skew"].value = 0.001
    (second,) = w.figure_widget.outputs
    assert base64.b64decode(second["data"]["image/png"]) != png0


@pytest.mark.slow  # 1.0 s
def test_a_slow_step_says_computing_before_it_starts_and_clears_it(two_classifiers, monkeypatch):
    from skewplot.widgets import _lock

    monkeypatch.setattr(_lock, "BUSY_WITHIN", 60.0)  # only the step known to be slow speaks (the timer: below)
    w = interactive_integrated_pr(two_classifiers, observed=[0.1, 0.2, 0.3])
    seen = []
    w.status.observe(lambda change: seen.append(change["new"]), names="value")
    w.controls["skew_range"].value = (0.1, 0.4)  # "normal fit": a weighted range is integrated by quadrature
    assert seen and "computing" in seen[0] and w.status.value == ""
    seen.clear()
    w.controls["weighting"].value = "uniform"
    w._took.clear()  # else the weighted step's time (long on a loaded machine) announces the next one
    w.controls["skew_range"].value = (0.1, 0.3)  # closed forms: fast, no busy sign
    assert not any("computing" in s for s in seen)
    w._took["skew_range"] = 1.0  # a control whose latest step was slow announces the next one
    w.controls["skew_range"].value = (0.1, 0.35)
    assert any("computing" in s for s in seen)


@pytest.mark.slow  # 0.5 s: a step made to take 0.25 s
def test_any_step_still_running_after_busy_within_says_computing_then_clears_it(two_classifiers, monkeypatch):
    import threading
    import time

    from skewplot.widgets import _lock

    w = interactive_pr(two_classifiers, skew=0.1)
    seen = []
    w.status.observe(lambda change: seen.append((change["new"], threading.current_thread())), names="value")
    apply = w._apply
    monkeypatch.setattr(w, "_apply", lambda changed: (time.sleep(0.25), apply(changed)))
    w.controls["skew"].value = 0.2  # no step of skew was slow before: the timer says it, from its own thread
    assert [s for s, _ in seen] == [_lock.BUSY, ""] and seen[0][1] is not threading.main_thread()
    assert w.status.value == ""
    seen.clear()
    monkeypatch.setattr(_lock, "BUSY_WITHIN", 5.0)  # a step shorter than BUSY_WITHIN: nothing said
    w._took.clear()
    w.controls["skew"].value = 0.3
    assert seen == [] and w.status.value == ""
