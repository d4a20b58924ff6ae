import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.testing.decorators import check_figures_equal

import skewplot as sp
from skewplot.metrics.fmeasure import f_always_positive, f_curves
from skewplot.metrics.hull import roc_convex_hull

# [S Fig 4]: the two soft classifiers C1 and C2.
C1 = sp.OperatingPoints.from_rates([0.55, 0.75, 0.88, 0.98], [0.08, 0.15, 0.28, 0.5])
C2 = sp.OperatingPoints.from_rates([0.5, 0.73, 0.88, 0.93], [0.03, 0.09, 0.28, 0.6])


@pytest.fixture
def two():
    return sp.datasets.example_classifiers(n=1000)


def test_one_thin_curve_per_point():
    disp = sp.plot_fmeasure(C1, f_alpha=0.3)
    segs = np.array(disp.point_lines_["classifier"].get_segments())  # (points, skews, 2)
    assert segs.shape[0] == len(C1) - 2  # the two trivial ends are left out
    x = segs[0, :, 0]
    assert x[0] == 0 and x[-1] == 1 and np.all(np.diff(x) > 0)
    np.testing.assert_allclose(segs[:, :, 1].T, f_curves(C1, skews=x, f_alpha=0.3)[:, 1:-1])


@pytest.mark.slow_cases('0.0')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.5', '0.8', '1.0')  # loaded run 2026-11-29
@pytest.mark.parametrize("f_alpha", [0.0, 0.5, 0.8, 1.0])
def test_envelope_is_the_maximum_over_every_point(two, f_alpha):
    disp = sp.plot_fmeasure(two, f_alpha=f_alpha)
    for name, pts in two.items():
        x, y = disp.lines_[name].get_data()
        np.testing.assert_allclose(y, f_curves(pts, skews=x, f_alpha=f_alpha).max(axis=1), rtol=1e-12, atol=1e-15)


def test_envelope_has_a_vertex_at_every_kink():
    disp = sp.plot_fmeasure(C1)
    x = disp.lines_["classifier"].get_xdata()
    t, f = C1.tpr[1:], C1.fpr[1:]
    for k in range(len(t) - 1):
        cross = sp.f_crossing((t[k], f[k]), (t[k + 1], f[k + 1]))
        if 0 < cross < 1:
            assert np.min(np.abs(x - cross)) < 1e-15


@pytest.mark.slow  # loaded run 2026-11-29
def test_always_positive_baseline_and_labels(two):
    disp = sp.plot_fmeasure(two, f_alpha=0.7)
    x, y = disp.baselines_["always_positive"].get_data()
    np.testing.assert_allclose(y, f_always_positive(x, f_alpha=0.7))
    assert disp.baselines_["always_positive"].get_linestyle() == "--"
    assert disp.ax_.get_xlabel() == "Skew π′"
    assert disp.ax_.get_ylabel() == "F-measure (α=0.7)"
    texts = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    # several classifiers' thin curves (each in its classifier's colour) keep one entry naming them
    assert texts == ["strong", "weak", "one curve per threshold", "always positive"]


@pytest.mark.slow  # loaded run 2026-11-29
def test_skew_marker_is_the_best_f_at_that_skew(two):
    disp = sp.plot_fmeasure(two, skew=0.05)
    for name, pts in two.items():
        x, y = disp.markers_[name].get_data()
        assert x[0] == 0.05
        assert y[0] == pytest.approx(sp.best_threshold(pts, skew=0.05, f_alpha=0.5).value)
    assert disp.skew_line_.get_xdata()[0] == 0.05 and disp.skew_text_.get_text().strip() == "π′=0.05"


@pytest.mark.slow  # loaded run 2026-11-29
def test_update_mutates_the_same_artists_without_new_figures(two):
    disp = sp.plot_fmeasure(two, skew=0.05)
    artists = [disp.lines_["weak"], disp.point_lines_["weak"], disp.baselines_["always_positive"],
               disp.markers_["weak"], disp.skew_line_]
    n_figs = len(plt.get_fignums())
    assert disp.update(f_alpha=0.9) is disp
    assert [disp.lines_["weak"], disp.point_lines_["weak"], disp.baselines_["always_positive"],
            disp.markers_["weak"], disp.skew_line_] == artists
    x, y = disp.lines_["weak"].get_data()
    np.testing.assert_allclose(y, f_curves(two["weak"], skews=x, f_alpha=0.9).max(axis=1), rtol=1e-12)
    assert len(plt.get_fignums()) == n_figs


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_skew_update_recomputes_no_curve(two, monkeypatch):
    import skewplot.plotting.fmeasure as fm

    disp = sp.plot_fmeasure(two, skew=0.05)
    before = disp.lines_["strong"].get_xydata().copy()

    def forbidden(*args, **kwargs):
        raise AssertionError("the curves do not depend on the skew marker")

    monkeypatch.setattr(fm, "f_curves", forbidden)
    monkeypatch.setattr(fm, "f_crossing", forbidden)
    monkeypatch.setattr(fm, "f_always_positive", forbidden)
    disp.update(skew=0.2)
    np.testing.assert_array_equal(disp.lines_["strong"].get_xydata(), before)
    assert disp.markers_["strong"].get_xdata()[0] == 0.2


@pytest.mark.slow  # loaded run 2026-11-29
def test_update_equals_a_fresh_plot(two):
    a = sp.plot_fmeasure(two, skew=0.05).update(f_alpha=0.25, skew=0.3)
    b = sp.plot_fmeasure(two, f_alpha=0.25, skew=0.3)
    for name in two:
        for attr in ("lines_", "markers_"):
            np.testing.assert_allclose(getattr(a, attr)[name].get_xydata(), getattr(b, attr)[name].get_xydata())
        np.testing.assert_allclose(np.array(a.point_lines_[name].get_segments()),
                                   np.array(b.point_lines_[name].get_segments()))
    assert a.ax_.get_ylabel() == b.ax_.get_ylabel()


@pytest.mark.slow_cases('png')  # 1.2 s at most (2026-11-29)
@check_figures_equal(extensions=["png"])
def test_widget_state_renders_like_the_static_plot(fig_test, fig_ref):
    sp.plot_fmeasure({"C1": C1, "C2": C2}, ax=fig_test.subplots()).update(f_alpha=0.3, skew=0.2)
    sp.plot_fmeasure({"C1": C1, "C2": C2}, f_alpha=0.3, skew=0.2, ax=fig_ref.subplots())


def test_soleymani_fig4_ranking_flips_with_the_skew():
    disp = sp.plot_fmeasure({"C1": C1, "C2": C2})
    (x1, y1), (x2, y2) = disp.lines_["C1"].get_data(), disp.lines_["C2"].get_data()
    at = np.array([0.2, 0.8])
    f1, f2 = np.interp(at, x1, y1), np.interp(at, x2, y2)
    assert f2[0] > f1[0] and f1[1] > f2[1]  # C2 better at low skew, C1 at high [S §3.2]


@pytest.mark.slow  # loaded run 2026-11-29
def test_log_skew_axis(two):
    disp = sp.plot_fmeasure(two, log_skew=True, skew=1e-4)
    assert disp.ax_.get_xscale() == "log"
    x = disp.lines_["strong"].get_xdata()
    # a marker on a decade: the axis starts 20 % below it, so the dot is not cut by the frame
    assert x[0] == pytest.approx(0.8e-4) and x[-1] == 1.0
    assert disp.ax_.get_xlim()[0] == pytest.approx(0.8e-4)
    assert disp.ax_.get_xlabel() == "Skew π′"  # the ticks say log; the label stays short


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_many_points_draw_only_hull_curves():
    y, s = sp.datasets.make_scores(20_000, 0.2, random_state=0)
    pts = sp.operating_points(y, s)
    segs = sp.plot_fmeasure(pts, max_lines=50).point_lines_["classifier"].get_segments()
    assert len(segs) == min(50, roc_convex_hull(pts).size - 2)


@pytest.mark.slow  # loaded run 2026-11-29
def test_kwargs_reach_the_envelopes_and_alpha_is_transparency(two):
    disp = sp.plot_fmeasure(two["weak"], f_alpha=0.2, color="red", linewidth=3, linestyle=":", alpha=0.5)
    line = disp.lines_["classifier"]
    assert line.get_color() == "red" and line.get_linewidth() == 3 and line.get_linestyle() == ":"
    assert line.get_alpha() == 0.5 and disp.f_alpha == 0.2


@pytest.mark.slow  # loaded run 2026-11-29
def test_several_classifiers_take_the_palette(two):
    from skewplot.plotting._display import palette

    disp = sp.plot_fmeasure(two)
    for name, color in zip(two, palette(2), strict=True):
        np.testing.assert_allclose(disp.lines_[name].get_color(), color)
        np.testing.assert_allclose(disp.point_lines_[name].get_edgecolor()[0][:3], color)


def test_folds_draw_the_mean_envelope_with_a_band():
    folds = [sp.operating_points(*sp.datasets.make_scores(200, 0.3, random_state=k)) for k in range(3)]
    disp = sp.plot_fmeasure(folds={"cv": folds}, band="quantile")
    x, y = disp.lines_["cv"].get_data()
    rows = [f_curves(f, skews=x).max(axis=1) for f in folds]
    np.testing.assert_allclose(y, np.quantile(rows, 0.5, axis=0), atol=1e-12)
    assert "cv" in disp.bands_


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_from_estimator():
    from sklearn.linear_model import LogisticRegression

    y, s = sp.datasets.make_scores(300, 0.3, random_state=1)
    X = s[:, None]
    disp = sp.FMeasureDisplay.from_estimator(LogisticRegression().fit(X, y), X, y, f_alpha=0.4, skew=0.1)
    assert isinstance(disp, sp.FMeasureDisplay) and "LogisticRegression" in disp.lines_
    assert disp.f_alpha == 0.4


@pytest.mark.slow  # loaded run 2026-11-29
def test_bad_input_is_named(two):
    with pytest.raises(ValueError, match="f_alpha"):
        sp.plot_fmeasure(two, f_alpha=1.2)
    disp = sp.plot_fmeasure(two)
    with pytest.raises(ValueError, match="f_alpha"):
        disp.update(f_alpha=-1)
    with pytest.raises(TypeError, match="f_alpha"):
        disp.update(f_alpha="0.5")
    with pytest.raises(TypeError, match="unknown parameter.*alpha"):
        disp.update(alpha=0.5)
    with pytest.raises(TypeError, match=r"data\['b'\]"):
        sp.plot_fmeasure({"a": two["weak"], "b": np.zeros(3)})
    with pytest.raises(TypeError, match="ax"):
        sp.plot_fmeasure(two, ax=42)
    with pytest.raises(ValueError, match="max_lines"):
        sp.plot_fmeasure(two, max_lines=0)


@pytest.mark.slow  # two figures
@pytest.mark.parametrize("plot", [sp.plot_fmeasure, sp.plot_cost])
def test_without_a_skew_the_data_sets_own_is_named_and_the_axis_follows_it(plot):
    # figure review of 95734ae (cost-07, fm-04): at a test set of 1 % positives nothing said where it sat, and the
    # linear axis put every curve's rise on its left spine
    y, s = sp.datasets.make_scores(4000, 0.01, separation=2.0, random_state=0)
    pts = sp.operating_points(y, s)
    disp = plot({"a": pts, "b": pts}, max_lines=5)
    assert disp.ax_.get_xscale() == "log"
    assert disp.skew_line_.get_visible() and disp.markers_["a"].get_visible()  # dots too (cost-04 of 5c0f0e2)
    assert disp.markers_["a"].get_xdata()[0] == pytest.approx(disp.skew_line_.get_xdata()[0])
    assert disp.skew_line_.get_xdata()[0] == pytest.approx(pts.skew)
    assert f"π = {sp.skew.base.skew_text(pts.skew)} (data set)" in disp.skew_text_.get_text()
    labels = disp.ax_.get_legend_handles_labels()[1]
    assert labels.count(disp._thin_label) == 1  # the thin lines of both classifiers, one entry
