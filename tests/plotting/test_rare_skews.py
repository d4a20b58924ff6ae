"""Issue 29, rare skews: the skew axes of the cost and F spaces hold their marker, and markers never coincide.

Checked from the artists after a draw (the figure lint of ``plotting._lint``):
at 1 % and 0.1 % positives, deployment skews down to 1e-4, single figures and
a ``style.paper("double")`` row.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.plotting import style  # noqa: E402
from skewplot.testing import lint_figure  # noqa: E402

MARKER_KINDS = ("marker-outside", "marker-off-data", "marker-hidden")


def _rare(prev, n=60_000, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prev).astype(int)
    return {"strong": sp.operating_points(y, rng.normal(size=n) + 2.5 * y),
            "weak": sp.operating_points(y, rng.normal(size=n) + 1.2 * y)}


@pytest.fixture(scope="module", params=[0.01, 0.001], ids=["1%", "0.1%"])
def rare(request):
    return _rare(request.param)


def _marker_px(disp):
    out = {}
    for name, m in disp.markers_.items():
        out[name] = m.get_transform().transform(np.column_stack([m.get_xdata(), m.get_ydata()]))[0]
    return out


def _check_markers(disp):
    """Every marker inside its Axes (pixels, after a draw) and at its skew on the axis; none on another.

    And the skew's label inside the figure (the issue: drawn outside it, over the axis labels).
    """
    ax = disp.ax_
    text = disp.skew_text_.get_window_extent()
    fig = ax.figure.bbox
    assert fig.x0 - 1 <= text.x0 and text.x1 <= fig.x1 + 1 and fig.y0 - 1 <= text.y0 and text.y1 <= fig.y1 + 1
    lo, hi = ax.get_xlim()
    x = disp._marker_x()
    assert lo <= x <= hi
    box = ax.get_window_extent()
    px = _marker_px(disp)
    for name, (u, v) in px.items():
        assert box.x0 - 0.5 <= u <= box.x1 + 0.5 and box.y0 - 0.5 <= v <= box.y1 + 0.5, name
    for name, m in disp.markers_.items():  # on its data: where its value lies, not moved aside
        want = ax.transData.transform([[m.get_xdata()[0], m.get_ydata()[0]]])[0]
        assert np.hypot(*(px[name] - want)) < 1e-6, name
    names = list(px)
    from skewplot.plotting.layout._markers import shared_part

    for i, a in enumerate(names):  # coinciding dots told apart by their look (one dot shared out in wedges)
        for b in names[i + 1:]:
            if np.hypot(*(px[a] - px[b])) < 5.0:
                (pa, of), (pb, of_b) = shared_part(disp.markers_[a]), shared_part(disp.markers_[b])
                assert of == of_b > 1 and pa != pb, (a, b)


@pytest.mark.slow_cases(  # loaded run 2026-11-29
    '0.1%-F-0.0001',
    '0.1%-F-0.0002',
    '0.1%-cost-0.0001',
    '0.1%-cost-0.0002',
    '0.1%-cost-0.005',
    '1%-F-0.0001',
    '1%-F-0.0002',
    '1%-F-0.005',
    '1%-cost-0.0001',
    '1%-cost-0.0002')
@pytest.mark.slow_cases('0.1%-F-0.005')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("skew", [0.005, 2e-4, 1e-4])
@pytest.mark.parametrize("plot", [sp.plot_cost, sp.plot_fmeasure], ids=["cost", "F"])
@pytest.mark.slow_cases("1%-cost-0.005")  # 0.7 s
def test_single_figures_hold_their_markers(rare, plot, skew):
    disp = plot(rare, skew=skew)
    assert disp.ax_.get_xscale() == "log"
    assert [str(p) for p in lint_figure(disp.figure_, checks=MARKER_KINDS)] == []
    _check_markers(disp)
    plt.close("all")


@pytest.mark.parametrize("skew", [0.005, 1e-4])
@pytest.mark.slow  # 0.5 s, 1.1 s, 1.2 s (its cases)
def test_paper_row_holds_its_markers(rare, skew):
    with style.paper("double"):
        fig, axes = plt.subplots(1, 3, layout="constrained")
        cost = sp.plot_cost(rare, skew=skew, ax=axes[0])
        f = sp.plot_fmeasure(rare, skew=skew, ax=axes[1])
        sp.plot_aucpr_vs_skew(rare, ax=axes[2])
        assert [str(p) for p in lint_figure(fig, checks=MARKER_KINDS)] == []
        _check_markers(cost)
        _check_markers(f)
    plt.close("all")


@pytest.mark.slow  # loaded run 2026-11-29
def test_the_issue_case_two_markers_3px_apart_stay_on_their_values():
    """pi' = 0.005: both envelopes sit near the trivial cost; drawn on their values, told apart by size."""
    pts = _rare(0.01)
    disp = sp.plot_cost(pts, skew=0.005)
    disp.figure_.canvas.draw()
    values = {name: float(m.get_ydata()[0]) for name, m in disp.markers_.items()}
    for name, pts_ in pts.items():  # the marker holds the envelope's value, whatever its drawn offset
        pc = sp.probability_cost(0.005, 0.5)
        assert values[name] == pytest.approx(float(sp.cost_envelope(pts_, pc=pc)[0]), rel=1e-12)
    _check_markers(disp)
    plt.close("all")


@pytest.mark.slow  # loaded run 2026-11-29
def test_identical_classifiers_share_one_dot_on_the_skew_line():
    pts = _rare(0.01)["strong"]
    disp = sp.plot_fmeasure({"a": pts, "b": pts}, skew=0.01)
    disp.figure_.canvas.draw()
    px = _marker_px(disp)
    assert np.hypot(*(px["a"] - px["b"])) < 1e-6  # the same value, drawn at it...
    line_x = disp.skew_line_.get_transform().transform([[disp.skew_line_.get_xdata()[0], 0.5]])[0, 0]
    assert px["a"][0] == pytest.approx(line_x, abs=1e-6)
    # ...as one dot, half in each colour
    from skewplot.plotting.layout._markers import shared_part

    assert [shared_part(disp.markers_[k]) for k in "ab"] == [(0, 2), (1, 2)]
    assert lint_figure(disp.figure_, checks=MARKER_KINDS) == []
    plt.close("all")


@pytest.mark.slow  # 0.9 s (2026-11-29, -n 2)
def test_ten_classifiers_cost_dots_at_1e_3_sit_at_their_skew():
    """The issue's case: main drew the ten dots as a row from 1e-3 to 2.6e-3 on the log axis."""
    rng = np.random.default_rng(1)
    y = (rng.random(20_000) < 0.01).astype(int)
    pts = {f"model {k}": sp.operating_points(y, rng.normal(size=y.size) + s * y)
           for k, s in enumerate(np.linspace(2.5, 0.6, 10))}
    disp = sp.plot_cost(pts, skew=1e-3)
    disp.figure_.canvas.draw()
    line_x = disp.skew_line_.get_transform().transform([[disp.skew_line_.get_xdata()[0], 0.5]])[0, 0]
    for name, (u, _v) in _marker_px(disp).items():
        assert u == pytest.approx(line_x, abs=0.5), name
    assert lint_figure(disp.figure_, checks=MARKER_KINDS) == []
    plt.close("all")


@pytest.mark.parametrize("plot, x_axis", [(sp.plot_cost, "pc"), (sp.plot_cost, "skew"), (sp.plot_fmeasure, None)])
@pytest.mark.slow  # 3.7 s (3 cases)
def test_update_to_a_smaller_skew_moves_the_axis_end(plot, x_axis):
    pts = _rare(0.01)
    kwargs = {} if x_axis is None else {"x_axis": x_axis}
    disp = plot(pts, skew=0.01, **kwargs)
    assert disp.ax_.get_xlim()[0] == pytest.approx(1e-3)
    disp.update(skew=1e-6)
    assert disp._changed_artists(("skew",)) == [disp.ax_]  # the whole panel repaints: its ticks moved
    assert disp.ax_.get_xlim()[0] <= disp._marker_x()
    _check_markers(disp)
    fresh = plot(pts, skew=1e-6, **kwargs)  # the same state draws the same axis and curves
    assert disp.ax_.get_xlim() == pytest.approx(fresh.ax_.get_xlim())
    assert disp.ax_.get_ylim() == pytest.approx(fresh.ax_.get_ylim())
    for name in pts:
        np.testing.assert_allclose(disp.lines_[name].get_xydata(), fresh.lines_[name].get_xydata(), rtol=1e-12)
    disp.update(skew=0.02)  # and back: the axis follows the state, as a fresh plot's
    assert disp.ax_.get_xlim()[0] == pytest.approx(1e-3)
    plt.close("all")


@pytest.mark.slow  # loaded run 2026-11-29
def test_skew_bounds_span_the_axis_and_are_checked():
    pts = _rare(0.01)
    disp = sp.plot_fmeasure(pts, skew=0.3, skew_bounds=(1e-5, 0.9999))
    assert disp.ax_.get_xscale() == "log" and disp.ax_.get_xlim()[0] <= 1e-5
    assert sp.plot_cost(pts, skew=0.3).ax_.get_xscale() == "linear"  # no bounds, a common skew: linear as before
    with pytest.raises(TypeError, match="skew_bounds must be None or a"):
        sp.plot_cost(pts, skew_bounds=0.1)
    with pytest.raises(ValueError, match="skew_bounds must have lo < hi"):
        sp.plot_cost(pts, skew_bounds=(0.5, 0.1))
    with pytest.raises(ValueError, match=r"skew_bounds\[0\]"):
        sp.plot_fmeasure(pts, skew_bounds=(0.0, 0.1))
    plt.close("all")


@pytest.mark.parametrize("skew", [2e-4, 1e-4])
@pytest.mark.slow  # 11.1 s (4 cases) before the slider_bounds explorer moved to the test below
def test_explorer_panels_span_the_skew_slider(rare, skew):
    """The issue: the slider reaches 1e-4, the cost and F panels started at 1e-3 and the label left the figure."""
    w = sp.widgets.explorer(rare)
    w.controls["skew"].value = skew
    lo = w.controls["skew"].lo  # the left end of the slider (10 ** min may lie part of a step below it)
    for key in ("cost", "fmeasure", "aucpr_vs_skew"):
        ax = w.displays[key].ax_
        assert ax.get_xlim()[0] <= min(lo, skew) and ax.get_xlim()[1] >= 0.9999, key
    problems = [str(p) for p in lint_figure(w.figure, checks=MARKER_KINDS)]
    assert problems == []
    for key in ("cost", "fmeasure"):
        _check_markers(w.displays[key])
    plt.close("all")


@pytest.mark.slow  # an explorer of 60 000 rows
def test_explorer_panels_span_slider_bounds_set_below_the_default(rare):
    """``slider_bounds`` reaching 1e-6: the panels' axes reach it too (the skew the slider stands at plays no part:
    checked once per data set, where each case of the test above built this explorer again)."""
    w2 = sp.widgets.explorer(rare, slider_bounds=(1e-6, 0.9))
    for key in ("cost", "fmeasure", "aucpr_vs_skew"):
        assert w2.displays[key].ax_.get_xlim()[0] <= 1e-6, key
    plt.close("all")


@pytest.mark.slow_cases('0.1%-None')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.1%-0.0001', '0.1%-0.005', '1%-0.005')  # loaded run 2026-11-29
@pytest.mark.slow_cases('1%-None')  # 1.1 s at most (2026-11-29)
@pytest.mark.parametrize("skew", [None, 0.005, 1e-4])
@pytest.mark.slow_cases("1%-0.0001")  # 0.8 s
def test_precision_axes_show_a_rare_baseline(rare, skew):
    """At 1 % positives the PR baselines lay flat on the x axis: now a log axis holds them above its bottom."""
    disp = sp.plot_pr(rare, skew=skew)
    fig, ax = disp.figure_, disp.ax_
    fig.canvas.draw()
    assert ax.get_yscale() == "log"
    mean = disp.model().mean
    lo, hi = ax.get_ylim()
    assert lo <= mean / 2 and hi >= 1.0
    y0 = ax.transData.transform([[0.5, lo]])[0, 1]
    y_random = ax.transData.transform([[0.5, mean]])[0, 1]
    assert y_random - y0 >= 0.1 * ax.get_window_extent().height  # well clear of the bottom
    # the minimum-achievable curve climbs into view to the baseline at recall 1
    xy = disp.baselines_["min"].get_xydata()
    assert np.sum((xy[:, 1] >= lo) & (xy[:, 1] <= mean * 1.0001)) > 10
    assert sp.plot_pr(rare, skew=skew, log_precision=False).ax_.get_yscale() == "linear"
    plt.close("all")


@pytest.mark.slow  # 0.8 s (2026-11-29, -n 2)
def test_precision_axis_follows_the_baseline_on_update():
    pts = _rare(0.01)
    disp = sp.plot_pr(pts, skew=0.01)
    disp.update(skew=2e-4)
    fresh = sp.plot_pr(pts, skew=2e-4)
    assert disp.ax_.get_ylim() == pytest.approx(fresh.ax_.get_ylim())
    assert disp.ax_.get_ylim()[0] <= 1e-4
    assert sp.plot_pr(pts, skew=0.3).ax_.get_yscale() == "linear"  # a common skew: linear as before
    plt.close("all")


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_bracketed_pr_uses_the_same_axis():
    from skewplot.metrics.bounded import BoundedOperatingPoints

    rng = np.random.default_rng(2)
    y = rng.random(50_000) < 0.01
    s = rng.normal(size=y.size) + 2.0 * y
    key, inv = np.unique(np.round(s, 2), return_inverse=True)
    lo = np.full(key.size, np.inf)
    hi = np.full(key.size, -np.inf)
    np.minimum.at(lo, inv, s)
    np.maximum.at(hi, inv, s)
    bounded = BoundedOperatingPoints.from_bins(lo, hi, np.bincount(inv, weights=y), np.bincount(inv, weights=~y))
    disp = sp.plot_pr({"b": bounded}, skew=0.001)
    assert disp.ax_.get_yscale() == "log" and disp.ax_.get_ylim()[0] <= 5e-4
    for line in disp.lines_["b"]:
        assert np.nanmin(line.get_ydata()) < 0.01  # the curves reach down to the baseline's decade, in view
    plt.close("all")
