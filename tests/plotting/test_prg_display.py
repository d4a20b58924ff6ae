"""plot_prg draws what prg_curve computes, moves in place on update, and refuses what it cannot draw."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.plotting._decimate import decimation_indices  # noqa: E402


def _points(rate=0.01, n=20000, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < rate
    return sp.operating_points(y, rng.normal(size=n) + 2 * y)


@pytest.mark.slow  # loaded run 2026-11-29
def test_lines_are_the_curves_and_update_moves_them():
    pts = _points()
    disp = sp.plot_prg({"a": pts}, skew=0.01, hull=True, scale="linear")
    c = sp.prg_curve(pts, skew=0.01)
    x, y = disp.lines_["a"].get_data()
    # the curve's vertices the Axes can show (M4 per pixel column), the ends kept: far fewer than all
    keep = decimation_indices(c.recall_gain, c.precision_gain, disp._n_bins)
    assert keep[0] == 0 and keep[-1] == c.recall_gain.size - 1 and keep.size < c.recall_gain.size / 3
    np.testing.assert_array_equal(x, c.recall_gain[keep])
    np.testing.assert_array_equal(y, c.precision_gain[keep])
    assert disp.aucs_["a"] == sp.aucprg(pts, skew=0.01)  # the area of every vertex
    line = disp.lines_["a"]
    disp.update(skew=(0.001, 0.05))
    assert disp.lines_["a"] is line
    c = sp.prg_curve(pts, skew=(0.001, 0.05))
    np.testing.assert_array_equal(line.get_xdata(),
                                  c.recall_gain[decimation_indices(c.recall_gain, c.precision_gain, disp._n_bins)])
    assert "AUPRG" in line.get_label() and "at π′" in disp.ax_.get_xlabel()
    np.testing.assert_array_equal(disp.hulls_["a"].get_xdata(),
                                  sp.prg_curve(pts, skew=(0.001, 0.05), hull=True).recall_gain)


def test_rejected_update_leaves_the_display():
    pts = _points()
    disp = sp.plot_prg(pts, skew=0.01)
    before = disp.lines_["classifier"].get_xdata().copy()
    with pytest.raises(ValueError, match="skew"):
        disp.update(skew=sp.SkewSeries([0.5, 1.0]))
    assert disp.skew == 0.01
    np.testing.assert_array_equal(disp.lines_["classifier"].get_xdata(), before)


def test_folds_are_refused():
    pts = _points()
    with pytest.raises(TypeError, match="folds"):
        sp.plot_prg(folds=[pts, pts])


def _rare(n=100_000, seed=3):
    """Three classifiers on one set with 0.1 % positives, AUCPR at 1e-4 from ~0.005 to ~0.08."""
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.001
    return {name: sp.operating_points(y, rng.normal(size=n) + sep * y)
            for name, sep in (("strong", 2.6), ("middle", 2.0), ("weak", 1.6))}


@pytest.mark.slow_cases('0.001')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.0001')  # loaded run 2026-11-29
@pytest.mark.parametrize("skew", [1e-3, 1e-4])
def test_rare_skews_keep_the_curves_apart(skew):
    """On the unit square at pi' = 1e-4 recall 0.05 .. 0.95 is the Axes' last pixel column, and the three
    curves lie on the right spine; the default axes spread those recalls over a third of the width or more, and at one
    recall the curves stand apart by the ratio of their false positive rates."""
    pts = _rare()
    disp = sp.plot_prg(pts, skew=skew)
    ax = disp.ax_
    disp.figure_.canvas.draw()
    odds = skew / (1 - skew)
    width = ax.bbox.width

    def px(tpr, fpr):
        return ax.transData.transform((1 - odds * (1 - tpr) / tpr, 1 - fpr / tpr))

    heights = []
    for p in pts.values():
        lo, hi = (int(np.argmin(np.abs(p.tpr - r))) for r in (0.05, 0.95))
        span = px(p.tpr[hi], p.fpr[hi])[0] - px(p.tpr[lo], p.fpr[lo])[0]
        assert span > 0.3 * width, (span, width)  # main 42e01f6: 10 px at 1e-3, 1 px at 1e-4
        mid = int(np.argmin(np.abs(p.tpr - 0.5)))
        heights.append(px(p.tpr[mid], p.fpr[mid])[1])
        assert ax.bbox.y0 < heights[-1] < ax.bbox.y1  # in the Axes
    assert np.min(np.abs(np.diff(heights))) > 10  # px apart at recall 0.5 (at 100 dpi)
    # the drawn line passes through every vertex it keeps: its data are gains, the scale does the rest
    x, y = disp.lines_["weak"].get_data()
    c = sp.prg_curve(pts["weak"], skew=skew)
    assert np.isin(c.recall_gain[[0, -1]], x).all() and x.size >= 100


@pytest.mark.slow  # loaded run 2026-11-29
def test_scale_is_chosen_once_and_checked():
    from skewplot.plotting._gain_axes import LINEAR_FROM, use_decades

    assert use_decades("auto", 0.99 * LINEAR_FROM) and not use_decades("auto", LINEAR_FROM)
    assert not use_decades("linear", 1e-4) and use_decades("decades", 0.5)
    pts = _rare(n=5_000)
    disp = sp.plot_prg(pts, skew=0.1, scale="decades")
    assert disp.decades_ and disp.ax_.get_xscale() == "function"
    disp.update(skew=1e-4)  # kept; the axes follow the curves
    assert disp.decades_ and disp.ax_.get_xlim()[1] > 0.9999
    with pytest.raises(ValueError, match="scale"):
        sp.plot_prg(pts, scale="log")


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_negative_gains_stay_inside_the_decade_axes():
    # the review of 1b3cc5f: ridge, mlp and lasso (AUPRG -1.69, -2.90, -2.80) left through the bottom spine, as the
    # y limit was 5 % of the range below 0; their negative areas had nothing visible behind them
    worse = sp.OperatingPoints.from_rates([0.02, 0.1, 0.5, 0.9], [0.3, 0.5, 0.8, 0.97], skew=0.05)
    good = sp.OperatingPoints.from_rates([0.3, 0.6, 0.9], [0.001, 0.02, 0.3], skew=0.05)
    disp = sp.plot_prg({"good": good, "worse than chance": worse}, skew=1e-3)
    assert disp.decades_
    lo, hi = disp.ax_.get_ylim()
    x_lo = disp.ax_.get_xlim()[0]
    for name in ("good", "worse than chance"):
        x, y = disp.lines_[name].get_data()
        shown = (np.asarray(x) >= x_lo) & np.isfinite(y)
        assert shown.any()
        assert np.all(np.asarray(y)[shown] >= lo), (name, np.asarray(y)[shown].min(), lo)
    assert disp.aucs_["worse than chance"] < 0
    assert any(t.get_text().startswith("−") for t in disp.ax_.get_yticklabels())  # a negative gain's tick


@pytest.mark.slow  # two drawn figures
def test_the_data_sets_own_skew_is_named_as_the_data_set():
    # prg-01, prg-10 (figure review of ba94d56): a grid's data-set panel read "Recall gain (π′ = 0.0011)", like
    # the chosen skews of its neighbours
    pts = _points(n=2000)
    disp = sp.plot_prg({"a": pts}, scale="linear")
    assert disp.ax_.get_xlabel().startswith("Recall gain, π = 0.0") and disp.ax_.get_xlabel().endswith("(data set)")
    assert sp.plot_prg({"a": pts}, skew=0.01, scale="linear").ax_.get_xlabel() == "Recall gain (π′ = 0.01)"


def test_a_narrow_panel_keeps_its_skew_in_the_short_label():
    """Review62: at 4.4 in wide the explorer's PR-gain panel fell from "Recall gain (π′ = 0.005)" to "Recall gain",
    and said no skew.  A panel too narrow for the words and the skew keeps the skew with "RG"."""
    import matplotlib.pyplot as plt

    pts = _points(n=2000)
    labels = []
    for width in (3.0, 2.0):
        fig, ax = plt.subplots(figsize=(width, 2.2), layout="constrained")
        sp.plot_prg({"a": pts}, skew=0.01, scale="linear", ax=ax)
        fig.canvas.draw()
        labels.append(ax.get_xlabel())
        plt.close(fig)
    assert labels == ["Recall gain (π′ = 0.01)", "RG (π′ = 0.01)"]
