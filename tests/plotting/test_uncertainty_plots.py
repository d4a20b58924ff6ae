"""Bootstrap bands on curves (confidence=) and the comparison plot."""

import numpy as np
import pytest

import skewplot as sp
from skewplot.stats.bootstrap import bootstrap_points


def _pair(n=1500, seed=1):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.1
    z = rng.normal(size=n)
    a = np.where(y, rng.normal(1.2, 2.2, n), z)               # broad: best at low skew
    b = np.where(y, rng.normal(1.6, 1.0, n), 0.8 * z + 0.6 * rng.normal(size=n))
    return y, a, b


def test_bootstrap_points_resample_the_counts():
    pts = sp.datasets.example_classifiers(n=800)["strong"]
    reps = bootstrap_points(pts, 30, random_state=0)
    assert len(reps) == 30
    for r in reps:
        assert (r.n_pos, r.n_neg) == (pts.n_pos, pts.n_neg)  # stratified: class counts kept
        assert r.tpr[0] == 0 and r.tpr[-1] == 1 and np.all(np.diff(r.tpr) >= 0) and np.all(np.diff(r.fpr) >= 0)
    # The mean replicate AUC is near the estimate (bootstrap bias is small at this n and skew).
    aucs = [sp.aucpr(r) for r in reps]
    assert np.mean(aucs) == pytest.approx(sp.aucpr(pts), abs=3 * np.std(aucs))


@pytest.mark.slow  # loaded run 2026-11-29
def test_plot_pr_ci_band_contains_the_curve_and_follows_update():
    pts = sp.datasets.example_classifiers(n=1500)
    disp = sp.plot_pr(pts, skew=0.05, confidence=0.9, n_boot=60, random_state=0)
    assert sorted(disp.bands_) == ["strong", "weak"]
    grid = np.linspace(0, 1, 401)
    for name, value in pts.items():
        r, p = sp.pr_curve(value, skew=0.05)
        keep = np.r_[True, np.diff(r) > 0]
        mid = np.interp(grid, r[keep], p[keep])
        path = disp.bands_[name].get_paths()[0].vertices
        lo, hi = path[1:402, 1], path[-402:-1, 1][::-1]
        inside = (mid >= lo - 1e-9) & (mid <= hi + 1e-9)
        assert inside.mean() > 0.9  # a pointwise percentile band holds the curve almost everywhere
    before = disp.bands_["strong"].get_paths()[0].vertices.copy()
    disp.update(skew=0.3)
    after = disp.bands_["strong"].get_paths()[0].vertices
    assert not np.allclose(before, after)


@pytest.mark.slow  # loaded run 2026-11-29
def test_cost_and_f_bands():
    pts = sp.datasets.example_classifiers(n=1500)
    for fn in (sp.plot_cost, sp.plot_fmeasure):
        disp = fn(pts, confidence=0.95, n_boot=40, random_state=0, lines=False)
        assert sorted(disp.bands_) == ["strong", "weak"]
        assert disp.lines_["strong"].get_label() == "strong"
        _says_once(disp, "95 % pointwise bootstrap CI\n(percentile, 40 replicates)")


def _legend_texts(fig):
    return [t.get_text() for lg in [*fig.legends, *(ax.get_legend() for ax in fig.axes)] if lg is not None
            for t in lg.get_texts()]


def _says_once(disp, text):
    """The band's legend entry says ``text``, once, however many classifiers carry a band."""
    assert [b.get_label() for b in disp.bands_.values()].count(text) == 1
    assert _legend_texts(disp.figure_).count(text) == 1


@pytest.mark.slow  # 1.6 s (2026-11-29, -n 2)
def test_bands_say_what_they_are_in_the_legend():
    import matplotlib.pyplot as plt

    pts = sp.datasets.example_classifiers(n=1500)
    _says_once(sp.plot_pr(pts, skew=0.05, confidence=0.9, n_boot=30, random_state=0),
               "90 % pointwise bootstrap CI\n(percentile, 30 replicates)")
    folds = {"strong": [pts["strong"], pts["weak"], pts["strong"]], "weak": [pts["weak"], pts["weak"]]}
    _says_once(sp.plot_roc(folds=folds), "mean ± 1 SD of 3 folds")
    _says_once(sp.plot_pr(folds={"strong": folds["strong"]}, band="quantile"),
               "median, 10–90 % quantiles of 3 folds")
    # In a grid the entry joins the one figure legend, once.
    fig, axes = plt.subplots(1, 2, layout="constrained")
    sp.plot_pr(pts, skew=0.05, confidence=0.95, n_boot=30, random_state=0, ax=axes[0])
    disp = sp.plot_cost(pts, skew=0.05, confidence=0.95, n_boot=30, random_state=0, lines=False, ax=axes[1])
    assert _legend_texts(fig).count("95 % pointwise bootstrap CI\n(percentile, 30 replicates)") == 1
    plt.close("all")
    # the quantile band is what its text says: the 10 % quantile over the folds, pointwise (folds without
    # vertical stretches, where the ROC curve at an FPR is plain linear interpolation)
    fpr = np.linspace(0.01, 0.99, 50)
    smooth = [sp.OperatingPoints.from_rates(fpr**a, fpr) for a in (0.3, 0.5, 0.7, 0.9)]
    disp = sp.plot_roc(folds={"f": smooth}, band="quantile")
    x = disp._curves["f"][0][1:]
    rows = [np.interp(x, p.fpr, p.tpr) for p in smooth]
    lo = disp.bands_["f"].get_paths()[0].vertices[2:len(x) + 2, 1]
    assert np.allclose(lo, np.quantile(rows, 0.1, axis=0), atol=1e-12)
    plt.close("all")


def test_ci_bad_input_names_the_argument():
    pts = sp.datasets.example_classifiers(n=500)
    with pytest.raises(ValueError, match="confidence"):
        sp.plot_pr(pts, confidence=1.2)
    with pytest.raises(TypeError, match="confidence"):
        sp.plot_cost(pts, confidence="95%")
    weighted = sp.operating_points([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], sample_weight=[0.5, 1, 2, 1])
    with pytest.raises(ValueError, match="confidence: a bootstrap band needs"):
        sp.plot_pr(weighted, confidence=0.9)


@pytest.mark.slow  # loaded run 2026-11-29
def test_plot_comparison_shades_where_the_band_leaves_zero():
    y, a, b = _pair()
    disp = sp.plot_comparison(y, a, b, names=("broad", "Gauss"), n_skews=12, n_boot=150, random_state=0)
    r = disp.result_
    pts_a, pts_b = sp.operating_points(y, a), sp.operating_points(y, b)
    for k, pi in enumerate(disp.skews):
        assert r["difference"][k] == pytest.approx(sp.aucpr(pts_a, skew=pi) - sp.aucpr(pts_b, skew=pi), rel=1e-12)
    assert np.all(r["low"] <= r["difference"] + 1e-12) and np.all(r["difference"] <= r["high"] + 1e-12)
    assert bool(disp.regions_["a_better"]) == bool((r["low"] > 0).any())
    assert bool(disp.regions_["b_better"]) == bool((r["high"] < 0).any())
    assert disp.ax_.get_xscale() == "log"


def test_plot_comparison_bad_input():
    y, a, b = _pair(n=300)
    with pytest.raises(ValueError, match="skews"):
        sp.plot_comparison(y, a, b, skews=[0.1, 0.05])
    with pytest.raises(ValueError, match="skew_sweep"):
        sp.plot_comparison(y, a, b, skew_sweep=(0.0, 0.5))
    with pytest.raises(TypeError, match="names"):
        sp.plot_comparison(y, a, b, names="AB")
    with pytest.raises(ValueError, match="score_b has length"):
        sp.plot_comparison(y, a, b[:10])


@pytest.mark.slow  # 1.6 s (2026-11-29, -n 2)
def test_plot_comparison_spans_keep_their_own_entry_beside_a_ci_band():
    # A light span in a classifier's colour looked like that classifier's CI band: the shared legend joined
    # them as "95 % pointwise bootstrap CI ... / broad significantly better".
    import matplotlib.pyplot as plt

    y, a, b = _pair()
    points = {"broad": sp.operating_points(y, a), "Gauss": sp.operating_points(y, b)}
    fig = plt.figure(figsize=(7.2, 5.6), layout="constrained")
    grid = fig.add_gridspec(2, 2)
    sp.plot_pr(points, skew=0.01, confidence=0.95, n_boot=30, random_state=0, ax=fig.add_subplot(grid[0, 0]))
    disp = sp.plot_comparison(y, a, b, names=("broad", "Gauss"), skew_sweep=(0.002, 0.5), n_skews=12, n_boot=150,
                              random_state=0, ax=fig.add_subplot(grid[1, :]))
    assert disp.regions_["a_better"] or disp.regions_["b_better"]
    texts = [t.get_text() for t in fig.legends[0].get_texts()]
    for who, key in (("broad", "a_better"), ("Gauss", "b_better")):
        if disp.regions_[key]:
            assert f"{who} significantly better" in texts, texts
    assert not any("/" in t for t in texts), texts
    plt.close(fig)
