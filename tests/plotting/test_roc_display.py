import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot._format import number
from skewplot.metrics.hull import roc_convex_hull


@pytest.fixture
def two():
    return sp.datasets.example_classifiers(n=1000)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_drawn_curves_are_the_roc_points_with_auc_labels(two):
    disp = sp.plot_roc(two)
    for name, pts in two.items():
        np.testing.assert_array_equal(disp.lines_[name].get_xydata(), np.column_stack([pts.fpr, pts.tpr]))
        assert disp.lines_[name].get_label() == f"{name} (ROC AUC = {number(sp.roc_auc(pts))})"
        assert disp.aucs_[name] == sp.roc_auc(pts)
    texts = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    assert f"weak (ROC AUC = {number(sp.roc_auc(two['weak']))})" in texts
    assert disp.ax_.get_xlabel() == "False positive rate (FPR)"
    assert disp.ax_.get_ylabel() == "True positive rate (TPR)"
    assert disp.hulls_ == {}


def test_chance_diagonal_is_the_baseline(two):
    rnd = sp.plot_roc(two).baselines_["random"]
    np.testing.assert_array_equal(rnd.get_xydata(), [[0, 0], [1, 1]])
    assert rnd.get_linestyle() == "--"
    assert "0.500" in rnd.get_label()


@pytest.mark.slow  # loaded run 2026-11-29
def test_hull_is_the_roc_convex_hull(two):
    disp = sp.plot_roc(two, hull=True)
    for name, pts in two.items():
        idx = roc_convex_hull(pts)
        np.testing.assert_array_equal(disp.hulls_[name].get_xydata(), np.column_stack([pts.fpr[idx], pts.tpr[idx]]))
        assert disp.hulls_[name].get_color() == disp.lines_[name].get_color()
    # The Soleymani example [S Fig 2]: the hull keeps every point of this concave curve.
    pts = sp.OperatingPoints.from_rates([0.55, 0.75, 0.88, 0.98], [0.08, 0.15, 0.28, 0.5])
    hull = sp.plot_roc(pts, hull=True).hulls_["classifier"]
    np.testing.assert_allclose(hull.get_ydata(), pts.tpr)


@pytest.mark.slow  # 0.9 s
def test_update_toggles_the_same_hull_artists_without_new_figures(two):
    disp = sp.plot_roc(two)
    line = disp.lines_["strong"]
    n_figs = len(plt.get_fignums())
    assert disp.update(hull=True) is disp
    hull = disp.hulls_["strong"]
    assert hull.get_visible() and disp.lines_["strong"] is line
    disp.update(hull=False)
    assert disp.hulls_["strong"] is hull and not hull.get_visible()
    texts = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    assert "strong convex hull" not in texts
    disp.update(hull=True)
    assert disp.hulls_["strong"] is hull and hull.get_visible()
    assert len(plt.get_fignums()) == n_figs
    fresh = sp.plot_roc(two, hull=True)
    np.testing.assert_array_equal(hull.get_xydata(), fresh.hulls_["strong"].get_xydata())


def test_kwargs_reach_the_curves_and_alpha_is_transparency(two):
    disp = sp.plot_roc(two["weak"], color="red", linewidth=3, linestyle="-.", alpha=0.5)
    line = disp.lines_["classifier"]
    assert line.get_color() == "red" and line.get_linewidth() == 3 and line.get_linestyle() == "-."
    assert line.get_alpha() == 0.5


def test_several_classifiers_take_the_palette(two):
    from skewplot.plotting._display import palette

    disp = sp.plot_roc(two)
    for line, color in zip(disp.lines_.values(), palette(2), strict=True):
        np.testing.assert_allclose(line.get_color(), color)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_folds_vertical_average_with_band_and_auc_mean_sd():
    folds = [sp.operating_points(*sp.datasets.make_scores(200, 0.3, random_state=k)) for k in range(4)]
    disp = sp.plot_roc(folds={"cv": folds})
    x, y = disp.lines_["cv"].get_data()
    assert x[0] == 0 and y[0] == 0
    # Brute force: walk each fold's piecewise-linear curve; at a vertical stretch take its top.
    grid = x[1:]
    rows = []
    for pts in folds:
        row = []
        for g in grid:
            a = np.flatnonzero(pts.fpr <= g)[-1]
            if pts.fpr[a] == g or a == len(pts) - 1:
                row.append(pts.tpr[a])
            else:
                w = (g - pts.fpr[a]) / (pts.fpr[a + 1] - pts.fpr[a])
                row.append(pts.tpr[a] + w * (pts.tpr[a + 1] - pts.tpr[a]))
        rows.append(row)
    np.testing.assert_allclose(y[1:], np.mean(rows, axis=0), atol=1e-12)
    aucs = np.array([sp.roc_auc(f) for f in folds])
    assert disp.aucs_["cv"] == pytest.approx((aucs.mean(), aucs.std(ddof=1)))
    assert "±" in disp.lines_["cv"].get_label()
    assert "cv" in disp.bands_
    q = sp.plot_roc(folds={"cv": folds}, band="quantile")
    assert q.lines_["cv"].get_ydata()[1:] == pytest.approx(np.median(rows, axis=0))


@pytest.mark.slow  # loaded run 2026-11-29
def test_big_curves_are_decimated_within_half_a_pixel():
    y, s = sp.datasets.make_scores(200_000, 0.3, random_state=0)
    pts = sp.operating_points(y, s)
    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    disp = sp.plot_roc(pts, ax=ax)
    drawn = disp.lines_["classifier"].get_xydata()
    assert drawn.shape[0] < len(pts) / 10
    fig.canvas.draw()  # two bins per pixel column of the figure, which the laid-out Axes never exceeds
    width_px = fig.bbox.width
    assert ax.get_window_extent().width <= width_px
    n_bins = int(2 * width_px)
    bins = np.minimum((pts.fpr * n_bins).astype(int), n_bins - 1)
    dbins = np.minimum((drawn[:, 0] * n_bins).astype(int), n_bins - 1)
    lo = np.full(n_bins, np.inf)
    hi = np.full(n_bins, -np.inf)
    np.minimum.at(lo, dbins, drawn[:, 1])
    np.maximum.at(hi, dbins, drawn[:, 1])
    # Every vertex lies inside the span drawn in its half-pixel column.
    assert np.all(pts.tpr >= lo[bins]) and np.all(pts.tpr <= hi[bins])
    assert disp.aucs_["classifier"] == sp.roc_auc(pts)


@pytest.mark.slow  # loaded run 2026-11-29
def test_from_predictions_and_from_estimator():
    from sklearn.linear_model import LogisticRegression

    y, s = sp.datasets.make_scores(300, 0.3, random_state=1)
    disp = sp.ROCDisplay.from_predictions(y, s, name="scores", hull=True)
    assert isinstance(disp, sp.ROCDisplay) and "scores" in disp.lines_ and "scores" in disp.hulls_
    X = s[:, None]
    disp = sp.ROCDisplay.from_estimator(LogisticRegression().fit(X, y), X, y)
    assert disp.aucs_["LogisticRegression"] == pytest.approx(sp.roc_auc(sp.operating_points(y, s)))


def test_bad_input_is_named(two):
    with pytest.raises(TypeError, match=r"data\['a'\]"):
        sp.plot_roc({"a": [1, 2, 3]})
    with pytest.raises(TypeError, match="ax"):
        sp.plot_roc(two, ax="not an axes")
    with pytest.raises(TypeError, match="skew"):
        sp.plot_roc(two).update(skew=0.1)
    with pytest.raises(ValueError, match="band"):
        sp.plot_roc(two, band="iqr")
