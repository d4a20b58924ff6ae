"""plot_decision draws metrics.decide's objective band against the threshold."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.metrics.decide import objective_band  # noqa: E402


def test_lines_are_the_objective_and_the_marker_the_choice():
    rng = np.random.default_rng(1)
    y = rng.random(2000) < 0.05
    s = np.round(rng.normal(size=2000) + 2 * y, 2)
    pts = sp.operating_points(y, s)
    d = sp.choose_threshold(y, s, skew=(0.01, 0.1), target="fbeta", risk="worst")
    disp = sp.plot_decision(y, s, skew=(0.01, 0.1), target="fbeta", threshold=d)
    exp, lo, hi = objective_band(pts, sp.SkewRange(0.01, 0.1), "fbeta", f_alpha=0.5)
    x, v = disp.lines_["expected"].get_data()
    np.testing.assert_array_equal(x, pts.thresholds[1:][::-1])  # 2000 points: nothing decimated
    np.testing.assert_array_equal(v, exp[1:][::-1])
    (mx,), (my,) = disp.marker_.get_data()
    assert mx == d.threshold and my == pytest.approx(exp[d.index])
    assert np.all(lo <= exp + 1e-12) and np.all(exp <= hi + 1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
def test_bad_arguments():
    y, s = [0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6]
    with pytest.raises(ValueError, match="target"):
        sp.plot_decision(y, s, skew=0.1, target="gain")
    with pytest.raises(ValueError, match="m"):
        sp.plot_decision(y, s, skew=0.1, m=2.0)
    with pytest.raises(TypeError, match="folds"):
        sp.plot_decision(folds=[sp.operating_points(y, s), sp.operating_points(y, s)], skew=0.1)
    with pytest.raises(ValueError, match="value"):  # as choose_threshold: a precision of 2 is no target
        sp.plot_decision(y, s, skew=0.1, target="precision", value=2)
    with pytest.raises(ValueError, match=r"threshold: .*unknown: \['c'\]"):
        sp.plot_decision({"a": sp.operating_points(y, s)}, skew=0.1, threshold={"c": 0.5})
    with pytest.raises(ValueError, match=r"threshold: .*missing: \['b'\]"):
        sp.plot_decision(y, {"a": s, "b": s}, skew=0.1, threshold={"a": 0.5})


@pytest.mark.slow  # loaded run 2026-11-29
def test_several_classifiers_each_get_their_line_band_and_marker():
    """The mapping the docstring promises: each classifier drawn as it is drawn alone."""
    rng = np.random.default_rng(2)
    y = rng.random(500) < 0.1
    scores = {"a": rng.normal(size=500) + 2 * y, "b": rng.normal(size=500) + y}
    both = sp.plot_decision(y, scores, skew=(0.01, 0.1), target="precision", value=0.3,
                            threshold={"a": 1.0, "b": 0.5})
    assert sorted(both.lines_) == sorted(both.bands_) == sorted(both.markers_) == ["a", "b"]
    for name, s in scores.items():
        alone = sp.plot_decision(y, s, skew=(0.01, 0.1), target="precision", value=0.3,
                                 threshold={"classifier": {"a": 1.0, "b": 0.5}[name]})
        np.testing.assert_array_equal(both.lines_[name].get_xydata(), alone.lines_["expected"].get_xydata())
        np.testing.assert_array_equal(both.markers_[name].get_xydata(), alone.marker_.get_xydata())
    one = sp.plot_decision(y, scores["a"], skew=0.05, threshold=0.7)  # one number marks every classifier
    assert one.marker_.get_xdata()[0] == 0.7


def _rare(n=5000, rate=0.02, seed=3):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < rate
    return y, rng.normal(size=n) + 2.5 * y


@pytest.mark.slow  # draws a figure of 5000 rows
def test_one_skew_draws_no_band_and_names_its_skew():
    # figure review of 95734ae (dec-04): "π′ from 0.01 to 0.01" listed a band nothing drew, and the panel named
    # no skew; β of F_beta was not given
    y, s = _rare()
    disp = sp.plot_decision(y, s, skew=0.01, target="fbeta")
    assert disp.bands_ == {} and not disp.ax_.collections
    assert disp.ax_.get_legend_handles_labels()[1] == ["classifier"]
    assert disp.ax_.get_title() == "π′ = 0.01"
    assert disp.ax_.get_ylabel() == "F-measure F1 (β=1)"
    ranged = sp.plot_decision(y, s, skew=(0.001, 0.01))
    assert ranged.ax_.get_legend_handles_labels()[1] == ["classifier", "π′ from 0.001 to 0.01"]
    assert ranged.ax_.get_title().startswith("π′ ∈ [0.001, 0.01]")


@pytest.mark.slow  # draws a figure of 5000 rows
def test_a_rare_skews_cost_minimum_is_read_on_a_log_axis():
    # dec-01, dec-05: on a linear axis the cost minimum the threshold picks lay flat on y = 0
    y, s = _rare()
    disp = sp.plot_decision(y, s, skew=1e-3, target="cost")
    v = disp.lines_["expected"].get_ydata()
    lo, hi = disp.ax_.get_ylim()
    assert disp.ax_.get_yscale() == "log" and lo <= v.min() / 1.25 and hi >= v.max()
    assert sp.plot_decision(y, s, skew=0.5, target="cost").ax_.get_yscale() == "linear"


@pytest.mark.slow  # draws a figure of 5000 rows
def test_a_row_names_each_panels_threshold_in_its_title_not_in_merged_entries():
    # dec-03: a shared legend merged "threshold 3.432 / threshold 3.07 / threshold 3.883"
    import matplotlib.pyplot as plt

    y, s = _rare()
    fig, axes = plt.subplots(1, 2)
    for ax, skew in zip(axes, (0.01, 0.001), strict=True):
        d = sp.choose_threshold(y, s, skew=skew, target="cost")
        disp = sp.plot_decision(y, s, skew=skew, threshold=d, ax=ax)
        assert disp.marker_.get_label() == "chosen threshold"
        assert ax.get_title() == f"π′ = {skew:g}; threshold {sp._format.number(d.threshold)}"
    plt.close(fig)
