import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.collections import LineCollection

import skewplot as sp
from skewplot._format import number


@pytest.fixture
def two():
    return sp.datasets.example_classifiers(n=2000)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_drawn_data_equal_the_computed_curves(two):
    disp = sp.plot_pr(two, skew=0.05)
    for name, pts in two.items():
        r, p = sp.pr_curve(pts, skew=0.05)
        keep = r >= pts.tpr[pts.tpr > 0][0]  # drawn from the first operating point on
        np.testing.assert_allclose(disp.lines_[name].get_xydata(), np.column_stack([r[keep], p[keep]]))
        assert disp.lines_[name].get_label() == f"{name} (AUCPR = {number(sp.aucpr(pts, skew=0.05))})"
    assert disp.ax_.get_xlim() == (0, 1)
    assert "π′ = 0.05" in disp.ax_.get_ylabel()


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_baselines_have_the_model_values(two):
    disp = sp.plot_pr(two, skew=0.05)
    rnd = disp.baselines_["random"]
    assert rnd.get_linestyle() == "--"
    np.testing.assert_allclose(rnd.get_ydata(), [0.05, 0.05])
    x, y = disp.baselines_["min"].get_data()
    np.testing.assert_allclose(y, sp.min_precision(x, 0.05))


@pytest.mark.slow  # loaded run 2026-11-29
def test_update_moves_the_same_artists(two):
    disp = sp.plot_pr(two, skew=0.05)
    line = disp.lines_["strong"]
    rnd = disp.baselines_["random"]
    n_figs = len(plt.get_fignums())
    assert disp.update(skew=0.3) is disp
    assert disp.lines_["strong"] is line and disp.baselines_["random"] is rnd
    r, p = sp.pr_curve(two["strong"], skew=0.3)
    keep = r >= two["strong"].tpr[1]  # drawn from the first operating point on
    np.testing.assert_allclose(line.get_xydata(), np.column_stack([r[keep], p[keep]]))
    np.testing.assert_allclose(rnd.get_ydata(), [0.3, 0.3])
    assert len(plt.get_fignums()) == n_figs
    texts = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    assert f"strong (AUCPR = {number(sp.aucpr(two['strong'], skew=0.3))})" in texts


@pytest.mark.slow  # 0.7 s
def test_update_equals_a_fresh_plot(two):
    a = sp.plot_pr(two, skew=0.05).update(skew=0.2, normalize=True)
    b = sp.plot_pr(two, skew=0.2, normalize=True)
    for name in two:
        np.testing.assert_allclose(a.lines_[name].get_xydata(), b.lines_[name].get_xydata())
        assert a.lines_[name].get_label() == b.lines_[name].get_label()
        assert "nAUCPR" in a.lines_[name].get_label()
    assert a.ax_.get_ylabel() == b.ax_.get_ylabel()


def test_kwargs_reach_the_lines_and_alpha_is_transparency(two):
    disp = sp.plot_pr(two["weak"], color="red", linewidth=3, linestyle="-.", alpha=0.5)
    line = disp.lines_["classifier"]
    assert line.get_color() == "red" and line.get_linewidth() == 3 and line.get_linestyle() == "-."
    assert line.get_alpha() == 0.5


def test_folds_draw_mean_and_band_with_auc_mean_sd():
    folds = [sp.operating_points(*sp.datasets.make_scores(500, 0.3, random_state=k)) for k in range(4)]
    disp = sp.plot_pr(folds={"cv": folds})
    aucs = np.array([sp.aucpr(f) for f in folds])
    assert disp.aucs_["cv"] == pytest.approx((aucs.mean(), aucs.std(ddof=1)))
    assert "±" in disp.lines_["cv"].get_label()
    x, y = disp.lines_["cv"].get_data()
    assert np.all((y >= 0) & (y <= 1))
    assert "cv" in disp.bands_


@pytest.mark.slow  # loaded run 2026-11-29
def test_color_by_threshold_and_iso_f(two):
    disp = sp.plot_pr(two["strong"], color_by_threshold=True, iso_f=[0.5])
    assert isinstance(disp.lines_["classifier"], LineCollection)
    assert disp._colorbar is not None
    x, y = disp.lines_["iso_f=0.5"].get_data()
    np.testing.assert_allclose(2 * x * y / (x + y), 0.5)


@pytest.mark.slow  # loaded run 2026-11-29
def test_big_curves_are_decimated_within_half_a_pixel():
    y, s = sp.datasets.make_scores(300_000, 0.3, random_state=0)
    pts = sp.operating_points(y, s)
    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    disp = sp.plot_pr(pts, ax=ax, baselines=False)
    drawn = disp.lines_["classifier"].get_xydata()
    assert drawn.shape[0] < len(pts) / 10
    r, p = sp.pr_curve(pts)
    # Every vertex of the full curve is within half a pixel of the drawn one at its recall bin.
    # The curve is cut in two bins per pixel column of the figure, which the Axes (laid out after the plot)
    # never exceeds: each bin is narrower than half a pixel column of the Axes as drawn.
    fig.canvas.draw()
    width_px = fig.bbox.width
    assert ax.get_window_extent().width <= width_px
    height_px = ax.get_window_extent().height
    bins = np.minimum((r * 2 * width_px).astype(int), int(2 * width_px) - 1)
    dbins = np.minimum((drawn[:, 0] * 2 * width_px).astype(int), int(2 * width_px) - 1)
    lo = np.full(bins.max() + 1, np.inf)
    hi = np.full(bins.max() + 1, -np.inf)
    np.minimum.at(lo, dbins, drawn[:, 1])
    np.maximum.at(hi, dbins, drawn[:, 1])
    tol = 0.5 / height_px * 1.02
    assert np.all(p >= lo[bins] - tol) and np.all(p <= hi[bins] + tol)
    assert sp.aucpr(pts) == pytest.approx(float(disp.aucs_["classifier"]))


@pytest.mark.slow  # loaded run 2026-11-29
def test_from_predictions_and_from_estimator():
    from sklearn.linear_model import LogisticRegression

    y, s = sp.datasets.make_scores(400, 0.3, random_state=1)
    disp = sp.PRDisplay.from_predictions(y, s, name="scores", skew=0.1)
    assert "scores" in disp.lines_
    X = s[:, None]
    est = LogisticRegression().fit(X, y)
    disp = sp.PRDisplay.from_estimator(est, X, y)
    assert "LogisticRegression" in disp.lines_
    np.testing.assert_allclose(disp.aucs_["LogisticRegression"], sp.aucpr(sp.operating_points(y, s)), rtol=1e-9)


@pytest.mark.slow  # loaded run 2026-11-29
def test_bad_input_is_named(two):
    with pytest.raises(TypeError, match=r"data\['a'\]"):
        sp.plot_pr({"a": [1, 2, 3]})
    with pytest.raises(TypeError, match="ax"):
        sp.plot_pr(two, ax="not an axes")
    with pytest.raises(TypeError, match="skew_grid"):
        sp.plot_pr(two).update(skew_grid=3)
    with pytest.raises(ValueError, match="skew"):
        sp.plot_pr(two, skew=1.5)
    with pytest.raises(ValueError, match="iso_f"):
        sp.plot_pr(two, iso_f=[1.2])
    fig = plt.figure()
    ax3 = fig.add_subplot(projection="3d")
    with pytest.raises(ValueError, match="3-D"):
        sp.plot_pr(two, ax=ax3)


@pytest.mark.slow  # 0.5 s
def test_vector_export_is_not_rasterised(two, tmp_path):
    from skewplot.plotting import style

    with style.paper("single"):
        disp = sp.plot_pr(two, skew=0.1)
        disp.figure_.savefig(tmp_path / "pr.svg")
        disp.figure_.savefig(tmp_path / "pr.pdf")
    svg = (tmp_path / "pr.svg").read_text()
    assert "<image" not in svg and "<path" in svg
    assert (tmp_path / "pr.pdf").stat().st_size > 1000


@pytest.mark.slow  # 1.1 s (2026-11-29, -n 2)
def test_threshold_colours_follow_an_update(two):
    disp = sp.plot_pr(two["strong"], color_by_threshold=True, skew=0.3)
    coll = disp.lines_["classifier"]
    disp.update(skew=0.05)
    assert disp.lines_["classifier"] is coll
    fresh = sp.plot_pr(two["strong"], color_by_threshold=True, skew=0.05)
    for a, b in zip(coll.get_segments(), fresh.lines_["classifier"].get_segments(), strict=True):
        np.testing.assert_allclose(a, b)
    np.testing.assert_array_equal(coll.get_array(), fresh.lines_["classifier"].get_array())


@pytest.mark.parametrize("interpolation", ["continuous", "step", "trapezoid", "discrete-tp"])
def test_curve_from_few_points_starts_at_the_first_operating_point(interpolation):
    # Three thresholds: (0.4, 0.05), (0.7, 0.3) and everything; nothing operates below recall 0.4.
    pts = sp.OperatingPoints.from_counts([0, 4, 7, 10], [0, 5, 30, 100], n_pos=10, n_neg=100)
    disp = sp.plot_pr(pts, skew=0.1, interpolation=interpolation)
    r, p = disp.lines_["classifier"].get_data()
    assert r[0] == pytest.approx(0.4) and r.min() == pytest.approx(0.4)
    # Its precision at skew 0.1 by hand: 0.1 * 0.4 / (0.1 * 0.4 + 0.9 * 0.05)
    assert p[0] == pytest.approx(0.04 / (0.04 + 0.045))
    # The area still counts recall 0..0.4 at that precision (the limit along the curve).
    assert disp.aucs_["classifier"] == sp.aucpr(pts, skew=0.1, interpolation=interpolation)


def test_soleymani_curves_have_no_ramp_at_the_start():
    points = sp.datasets.soleymani_examples()
    disp = sp.plot_pr(points, skew=0.1)
    for name, pts in points.items():
        r, p = disp.lines_[name].get_data()
        assert r[0] == pts.tpr[1] >= 0.5
        # From the first point on, continuous precision never rises along these convex ROC curves.
        assert np.all(np.diff(p) <= 1e-12)


def test_many_points_still_start_near_recall_zero(two):
    disp = sp.plot_pr(two)
    for name, pts in two.items():
        r, _ = disp.lines_[name].get_data()
        assert r[0] == pts.tpr[pts.tpr > 0][0] < 0.01
