import numpy as np
import pytest
from scipy.stats import norm

import skewplot as sp


@pytest.mark.slow  # loaded run 2026-11-29
def test_skew_transform_lines_are_eq_3_and_update_moves_them():
    disp = sp.plot_skew_transform(0.5, [0.01, 0.3])
    x, y = disp.lines_["pi'=0.3"].get_data()
    # Independent: build rates that give precision x at skew 0.5, then precision at 0.3.
    tpr = np.full_like(x, 0.6)
    fpr = np.where(x > 0, tpr * (1 - x) / np.where(x > 0, x, 1), 1.0)
    inside = (fpr <= 1) & (x > 0)
    want = 0.3 * tpr / (0.3 * tpr + 0.7 * fpr)
    np.testing.assert_allclose(y[inside], want[inside], rtol=1e-12)
    ident = disp.baselines_["identity"]
    np.testing.assert_allclose(ident.get_ydata(), ident.get_xdata())
    line = disp.lines_["pi'=0.3"]
    disp.update(from_skew=0.1)
    assert disp.lines_["pi'=0.3"] is line
    np.testing.assert_allclose(line.get_ydata(), sp.transform_precision(x, 0.1, 0.3))
    with pytest.raises(ValueError, match="from_skew"):
        disp.update(from_skew=1.0)
    with pytest.raises(ValueError, match="to_skews"):
        sp.plot_skew_transform(0.5, [0.0])


@pytest.mark.slow  # loaded run 2026-11-29
def test_ap_null_draws_exact_moments_and_observed():
    disp = sp.plot_ap_null(200, 20, observed=0.2, n_samples=3000, random_state=1)
    null = sp.stats.average_precision_null(200, 20)
    x, y = disp.lines_["density"].get_data()
    np.testing.assert_allclose(y, norm.pdf(x, null.mean, np.sqrt(null.var)))
    np.testing.assert_allclose(disp.lines_["observed"].get_xdata(), [0.2, 0.2])
    assert disp.pvalue_ == pytest.approx(null.pvalue(0.2))
    assert "normal p = " in disp.observed_text_.get_text()  # which p: the normal one (figure review, apn-02)
    heights = np.array([p.get_height() for p in disp.histogram_])
    widths = np.array([p.get_width() for p in disp.histogram_])
    assert np.sum(heights * widths) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="observed"):
        sp.plot_ap_null(200, 20, observed=1.5)


def _ap(ranked):
    """Average precision of one ranking (1 = positive), from its definition."""
    ranked = np.asarray(ranked)
    hits = np.cumsum(ranked)
    return float(np.mean(hits[ranked == 1] / (np.flatnonzero(ranked) + 1)))


def test_ap_null_sampled_p_is_the_share_of_its_own_rankings_and_near_the_exact_tail():
    # review11's question: at few positives AP's null is skewed right, and the normal p (exact moments) understates
    # the tail; the display also gives the share of its histogram's rankings at or above the observed AP
    from itertools import combinations

    n, m, observed = 12, 3, 0.9
    exact = [_ap(np.isin(np.arange(n), c).astype(int)) for c in combinations(range(n), m)]  # all 220 rankings
    tail = np.mean(np.asarray(exact) >= observed - 1e-12)
    disp = sp.plot_ap_null(n, m, observed=observed, n_samples=20000, random_state=3)
    null = sp.stats.average_precision_null(n, m)
    draws = null.sample(20000, random_state=3)  # the histogram's rankings (the same seed)
    assert disp.pvalue_sampled_ == (1 + np.sum(draws >= observed - 1e-12)) / 20001
    se = np.sqrt(tail * (1 - tail) / 20000)
    assert abs(disp.pvalue_sampled_ - tail) < 4 * se + 1 / 20001
    assert abs(disp.pvalue_ - tail) > 10 * se  # here the normal tail is off: why the sampled one is shown
    assert "sampled p = " in disp.observed_text_.get_text()


def test_ap_null_pvalue_of_given_draws_checks_them():
    null = sp.stats.average_precision_null(200, 20)
    draws = null.sample(999, random_state=0)
    assert null.pvalue(0.2, approximation="permutation", draws=draws) == null.pvalue(
        0.2, approximation="permutation", n_samples=999, random_state=0)
    assert null.pvalue(1.0, approximation="permutation", draws=draws) == 1 / 1000
    for bad, match in (([], "at least one"), ([0.1, 1.5], r"\[0, 1\]"), ([0.1, np.nan], "draws")):
        with pytest.raises(ValueError, match=match):
            null.pvalue(0.2, approximation="permutation", draws=bad)


@pytest.mark.slow  # one small figure, laid out
def test_the_observed_aps_p_value_goes_onto_a_second_line_before_it_is_dropped():
    # figure review of e16aa30 (apn-05): where "0.0300, normal p < 1e-4" found no room beside the observed line,
    # the label kept "0.0300" alone; at 2.25-2.45 in wide it now reads on stacked lines
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2.35, 2.6), dpi=100, layout="constrained")
    disp = sp.plot_ap_null(5000, 50, observed=0.03, n_samples=500, random_state=0, ax=ax)
    fig.canvas.draw()
    lines = [ln.strip() for ln in disp.observed_text_.get_text().split("\n")]
    assert lines[0] == "0.0300" and lines[-1] == "sampled p = 0.0080", lines  # stacked (clear of the tail's bars)
    box = disp.observed_text_.get_window_extent()
    assert ax.bbox.x0 <= box.x0 and box.x1 <= ax.bbox.x1 and box.y1 <= ax.bbox.y1
    plt.close(fig)


@pytest.mark.slow  # two figures
def test_skew_transform_keeps_rare_skews_apart_and_lists_only_what_is_seen():
    # figure review of 95734ae (skt-01): on the linear unit square the curves of 1e-4 and 1e-3 ran along the
    # spines, and "unchanged" had an entry but lay hidden under the curve of pi' = from_skew
    disp = sp.plot_skew_transform(0.5, [1e-4, 1e-3, 0.5])
    ax = disp.ax_
    assert ax.get_xscale() == ax.get_yscale() == "logit"
    labels = ax.get_legend_handles_labels()[1]
    assert "unchanged" not in labels and "π′ = 0.5 (unchanged)" in labels
    assert not disp.baselines_["identity"].get_visible()
    lo, hi = ax.get_ylim()
    px = {}
    for key, line in disp.lines_.items():
        x, y = line.get_data()
        assert lo <= y.min() and y.max() <= hi  # whole in view, not on a spine past its end
        px[key] = ax.transData.transform(np.column_stack([x, y]))[:, 1]
    gaps = [np.min(np.abs(px["pi'=0.0001"] - px["pi'=0.001"])), np.min(np.abs(px["pi'=0.001"] - px["pi'=0.5"]))]
    assert min(gaps) > 20  # pixels apart everywhere
    shown = sp.plot_skew_transform(0.5, [0.01])
    assert shown.baselines_["identity"].get_visible() and "unchanged" in shown.ax_.get_legend_handles_labels()[1]


@pytest.mark.slow  # draws 2000 rankings
def test_ap_null_far_below_the_observed_keeps_its_room():
    # apn-01/apn-03: an observed AP far above the null left the null a sliver at the left of a linear axis
    disp = sp.plot_ap_null(5000, 50, observed=0.3, n_samples=2000, random_state=0)
    ax = disp.ax_
    ax.figure.canvas.draw()
    draws = sp.stats.average_precision_null(5000, 50).sample(2000, random_state=0)
    a, b = ax.transData.transform([[np.quantile(draws, 0.01), 0], [np.quantile(draws, 0.99), 0]])[:, 0]
    assert ax.get_xscale() == "log" and (b - a) > 0.25 * ax.bbox.width
    x0, x1 = ax.get_xlim()
    assert x0 < 0.3 < x1 and ax.transData.transform([[0.3, 0]])[0, 0] < ax.bbox.x1 - 0.1 * ax.bbox.width


def _crossing_pair():
    a = sp.OperatingPoints.from_rates([0.3, 0.6, 0.9], [0.001, 0.05, 0.4], skew=0.3)
    b = sp.OperatingPoints.from_rates([0.1, 0.7, 0.95], [0.0005, 0.1, 0.2], skew=0.3)
    return {"A": a, "B": b}


@pytest.mark.slow  # loaded run 2026-11-29
def test_aucpr_vs_skew_draws_the_aucs_and_marks_the_inversion():
    pts = _crossing_pair()
    skews = np.geomspace(1e-3, 0.99, 40)
    disp = sp.plot_aucpr_vs_skew(pts, skews=skews)
    for name, p in pts.items():
        want = [sp.aucpr(p, skew=float(s)) for s in skews]
        np.testing.assert_allclose(disp.lines_[name].get_ydata(), want, rtol=1e-12)
    np.testing.assert_allclose(disp.baselines_["random"].get_ydata(), skews)
    (root,) = disp.inversions_[("A", "B")]
    # At the marked skew the two AUCs are equal, and they change order across it.
    assert sp.aucpr(pts["A"], skew=root) == pytest.approx(sp.aucpr(pts["B"], skew=root), abs=1e-9)
    d_lo = sp.aucpr(pts["A"], skew=root * 0.9) - sp.aucpr(pts["B"], skew=root * 0.9)
    d_hi = sp.aucpr(pts["A"], skew=min(root * 1.1, 0.999)) - sp.aucpr(pts["B"], skew=min(root * 1.1, 0.999))
    assert d_lo * d_hi < 0
    np.testing.assert_allclose(disp.markers_[("A", "B", 0)].get_xdata(), [root, root])
    line = disp.lines_["A"]
    disp.update(normalize=True)
    assert disp.lines_["A"] is line
    mins = np.array([sp.aucpr_min(float(s)) for s in skews])
    np.testing.assert_allclose(disp.baselines_["min"].get_ydata(), 0.0, atol=1e-12)
    np.testing.assert_allclose(line.get_ydata(), [sp.aucpr(pts["A"], skew=float(s), normalize=True) for s in skews])
    assert mins.shape == skews.shape


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_pr_surface_is_precision_over_recall_and_skew():
    import matplotlib.pyplot as plt

    pts = sp.OperatingPoints.from_rates([0.4, 0.8], [0.05, 0.3], skew=0.5)
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    disp = sp.plot_pr_surface(pts, skews=[0.1, 0.5], n_recall=5, ax=ax)
    assert disp.ax_ is ax and "surface" in disp.lines_
    with pytest.raises(ValueError, match="3-D"):
        sp.plot_pr_surface(pts, ax=plt.figure().add_subplot())
    with pytest.raises(TypeError, match="one OperatingPoints"):
        sp.plot_pr_surface(_crossing_pair())


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_pr_surface_of_rare_positives_has_a_log_skew_axis():
    """At 0.1 % positives the skews below 0.05 were a sliver of a linear axis; now decades of a log one."""
    rng = np.random.default_rng(0)
    y = (rng.random(20_000) < 0.001).astype(int)
    rare = sp.operating_points(y, rng.normal(size=y.size) + 2.2 * y)
    disp = sp.plot_pr_surface(rare)
    assert disp.log_skew and disp.skews[0] == pytest.approx(1e-4)
    lo, hi = disp.ax_.xy_dataLim.intervaly  # the surface's y coordinates: the log of the skews
    assert lo == pytest.approx(-4.0) and hi == pytest.approx(np.log10(0.98))
    # every second decade: four labels in a 3-D panel ran into each other and into the axis label (surf-03)
    assert [t.get_text() for t in disp.ax_.get_yticklabels()] == ["1e-3", "0.1"]
    # precision too in decades, so that the rare skews are no flat sheet near 0 (surf-04), on a named colour scale
    z = np.asarray(disp.lines_["surface"].get_array())
    assert z.min() < -2 and z.max() <= 0.0 and disp.ax_.get_zlim()[1] == 0.0
    assert len(disp.figure_.axes) == 2 and disp.figure_.axes[1].get_ylabel() == "Precision"  # the colour bar
    # no name given: none in the title (the placeholder "classifier" named nothing: surf-01..05 of 5c0f0e2)
    assert disp.ax_.get_title() == f"π = {sp.skew.base.skew_text(rare.skew)} (data set)"
    common = sp.plot_pr_surface(sp.datasets.example_classifiers()["strong"])  # 10.6 % positives: linear, as before
    assert not common.log_skew and common.skews[0] == pytest.approx(0.02)
    assert not sp.plot_pr_surface(rare, log_skew=False).log_skew
