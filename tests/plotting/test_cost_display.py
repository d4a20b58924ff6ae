import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.testing.decorators import check_figures_equal

import skewplot as sp
from skewplot.metrics.cost import operating_range, trivial_costs
from skewplot.metrics.hull import roc_convex_hull
from skewplot.plotting.envelope import LINE_PX

# [S Fig 4]: the two soft classifiers C1 and C2.
C1 = sp.OperatingPoints.from_rates([0.55, 0.75, 0.88, 0.98], [0.08, 0.15, 0.28, 0.5])
C2 = sp.OperatingPoints.from_rates([0.5, 0.73, 0.88, 0.93], [0.03, 0.09, 0.28, 0.6])


@pytest.fixture
def two():
    return sp.datasets.example_classifiers(n=1000)


def test_one_thin_line_per_point_from_fpr_to_one_minus_tpr():
    disp = sp.plot_cost(C1)
    segs = np.array(disp.point_lines_["classifier"].get_segments())
    inner = slice(1, len(C1) - 1)  # the two trivial ends are the baselines
    np.testing.assert_allclose(segs[:, 0], np.column_stack([np.zeros(4), C1.fpr[inner]]))
    np.testing.assert_allclose(segs[:, 1], np.column_stack([np.ones(4), 1 - C1.tpr[inner]]))


@pytest.mark.slow  # loaded run 2026-11-29
def test_envelope_is_the_minimum_over_every_point(two):
    disp = sp.plot_cost(two)
    grid = np.linspace(0, 1, 2001)
    for name, pts in two.items():
        x, y = disp.lines_[name].get_data()
        brute = sp.expected_cost(pts, pc=grid).min(axis=1)
        np.testing.assert_allclose(np.interp(grid, x, y), brute, atol=1e-12)
        # Its corners are the crossings of consecutive hull lines [S Eq 14], where it is exact.
        hull = roc_convex_hull(pts)
        t, f = pts.tpr[hull], pts.fpr[hull]
        breaks = sp.cost_crossing((t[:-1], f[:-1]), (t[1:], f[1:]))
        np.testing.assert_allclose(x, np.unique(np.r_[0.0, breaks, 1.0]))
        np.testing.assert_allclose(y, sp.expected_cost(pts, pc=x).min(axis=1), atol=1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
def test_trivial_baselines_and_labels(two):
    disp = sp.plot_cost(two)
    neg, pos = disp.baselines_["always_negative"], disp.baselines_["always_positive"]
    np.testing.assert_allclose(neg.get_ydata(), trivial_costs(np.array([0.0, 1.0]))[0])
    np.testing.assert_allclose(neg.get_xydata(), [[0, 0], [1, 1]])
    np.testing.assert_allclose(pos.get_xydata(), [[0, 1], [1, 0]])
    assert neg.get_linestyle() == "--"
    assert disp.ax_.get_xlabel() == "Probability cost PC(+) (m=0.5)"
    assert disp.ax_.get_ylabel() == "Normalised expected cost"
    texts = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    assert [t.rstrip("*") for t in texts[:2]] == ["strong", "weak"] and any("trivial" in t for t in texts)
    assert sp.plot_cost(two, trivial=False).baselines_ == {}


@pytest.mark.slow  # loaded run 2026-11-29
def test_skew_marker_sits_on_each_envelope_at_the_probability_cost(two):
    disp = sp.plot_cost(two, skew=0.1, m=0.3)
    pc = sp.probability_cost(0.1, 0.3)
    for name, pts in two.items():
        x, y = disp.markers_[name].get_data()
        assert x[0] == pytest.approx(pc)
        assert y[0] == pytest.approx(sp.cost_envelope(pts, pc=pc)[0])
    assert disp.skew_line_.get_xdata()[0] == pytest.approx(pc)
    assert disp.skew_line_.get_visible()
    assert "0.1" in disp.skew_text_.get_text()
    disp.update(skew=0.02, m=0.6)  # the hulls' frontiers, found once, serve the next step
    for name, pts in two.items():
        assert disp.markers_[name].get_data()[1][0] == sp.cost_envelope(pts, pc=sp.probability_cost(0.02, 0.6))[0]
    hidden = sp.plot_cost(two)
    # no deployment skew: the data set's own is marked (a line and a dot on each envelope, as a chosen skew's: a
    # grid's data-set panel read unlike its neighbours, cost-04 of the review of 5c0f0e2) and named
    pc = sp.probability_cost(hidden.data_skew, 0.5)
    for name, pts in two.items():
        assert hidden.markers_[name].get_visible()
        assert hidden.markers_[name].get_xdata()[0] == pytest.approx(pc)
        assert hidden.markers_[name].get_ydata()[0] == pytest.approx(sp.cost_envelope(pts, pc=pc)[0])
    assert hidden.skew_line_.get_visible() and hidden.skew_line_.get_xdata()[0] == pytest.approx(0.09)
    assert hidden.skew_text_.get_text().strip().startswith("π = 0.09 (data set)")
    rates = {name: sp.OperatingPoints.from_rates(p.tpr, p.fpr) for name, p in two.items()}  # skew unknown
    assert not sp.plot_cost(rates).skew_line_.get_visible()


@pytest.mark.slow  # loaded run 2026-11-29
def test_update_moves_the_same_artists_and_recomputes_nothing_else(two, monkeypatch):
    disp = sp.plot_cost(two, skew=0.1)
    env, marker, thin = disp.lines_["strong"], disp.markers_["strong"], disp.point_lines_["strong"]
    before = env.get_xydata().copy()
    n_figs = len(plt.get_fignums())
    import skewplot.plotting.cost as cost_mod
    import skewplot.plotting.envelope as envelope_mod

    def forbidden(*args, **kwargs):
        raise AssertionError("the envelope does not depend on m or skew")

    monkeypatch.setattr(envelope_mod, "roc_convex_hull", forbidden)
    monkeypatch.setattr(cost_mod, "cost_crossing", forbidden)
    assert disp.update(m=0.2, skew=0.3) is disp
    assert disp.lines_["strong"] is env and disp.markers_["strong"] is marker
    assert disp.point_lines_["strong"] is thin
    np.testing.assert_array_equal(env.get_xydata(), before)
    assert marker.get_xdata()[0] == pytest.approx(sp.probability_cost(0.3, 0.2))
    assert disp.ax_.get_xlabel() == "Probability cost PC(+) (m=0.2)"
    assert len(plt.get_fignums()) == n_figs
    disp.update(skew=None)  # back to the data set's own skew: the dot on the envelope there
    assert marker.get_xdata()[0] == pytest.approx(sp.probability_cost(disp.data_skew, 0.2))


@pytest.mark.slow  # loaded run 2026-11-29
def test_update_equals_a_fresh_plot(two):
    a = sp.plot_cost(two).update(m=0.7, skew=0.05)
    b = sp.plot_cost(two, m=0.7, skew=0.05, log_skew=False)  # the axis scale is chosen when drawn
    for name in two:
        np.testing.assert_allclose(a.lines_[name].get_xydata(), b.lines_[name].get_xydata())
        np.testing.assert_allclose(a.markers_[name].get_xydata(), b.markers_[name].get_xydata())
    assert a.ax_.get_xlabel() == b.ax_.get_xlabel()
    assert a.skew_text_.get_text() == b.skew_text_.get_text()


@pytest.mark.slow_cases('png')  # 0.8 s at most (2026-11-29)
@check_figures_equal(extensions=["png"])
def test_widget_state_renders_like_the_static_plot(fig_test, fig_ref):
    sp.plot_cost({"C1": C1, "C2": C2}, ax=fig_test.subplots()).update(m=0.25, skew=0.4)
    sp.plot_cost({"C1": C1, "C2": C2}, m=0.25, skew=0.4, ax=fig_ref.subplots())


def test_operating_ranges_lie_on_the_lines():
    disp = sp.plot_cost(C1, operating_range=True)
    segs = np.array(disp.ranges_["classifier"].get_segments())
    lo, hi = operating_range((C1.tpr[1:-1], C1.fpr[1:-1]))
    np.testing.assert_allclose(segs[:, 0, 0], lo)
    np.testing.assert_allclose(segs[:, 1, 0], hi)
    for k, i in enumerate(range(1, len(C1) - 1)):
        one = sp.OperatingPoints.from_rates([C1.tpr[i]], [C1.fpr[i]])
        np.testing.assert_allclose(segs[k, :, 1], sp.expected_cost(one, pc=segs[k, :, 0])[:, 1])
        # ... where the point beats both trivial classifiers.
        assert np.all(segs[k, :, 1] <= np.minimum(*trivial_costs(segs[k, :, 0])) + 1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
def test_many_points_draw_only_hull_lines_up_to_max_lines():
    y, s = sp.datasets.make_scores(20_000, 0.2, random_state=0)
    pts = sp.operating_points(y, s)
    disp = sp.plot_cost(pts)
    segs = np.array(disp.point_lines_["classifier"].get_segments())
    hull = roc_convex_hull(pts)[1:-1]
    # by default one line per LINE_PX pixels of the Axes' height: closer lines are not told apart
    cap = int(disp.ax_.bbox.height // LINE_PX)
    assert len(segs) == min(hull.size, cap)
    # the height the lines are counted on: the laid-out Axes before the plot (a legend strip takes its room later)
    small_ax = plt.figure(figsize=(3, 1.5), layout="constrained").subplots()
    small_ax.figure.canvas.draw()
    cap = int(small_ax.bbox.height // LINE_PX)
    small = sp.plot_cost(pts, ax=small_ax)
    assert 10 <= cap < hull.size and len(small.point_lines_["classifier"].get_segments()) == cap
    assert set(segs[:, 0, 1]) <= set(pts.fpr[hull])
    assert len(sp.plot_cost(pts, max_lines=10).point_lines_["classifier"].get_segments()) == 10


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_kwargs_reach_the_envelopes_or_the_thin_lines(two):
    disp = sp.plot_cost(two["weak"], color="red", linewidth=3, linestyle="-.", alpha=0.5)
    line = disp.lines_["classifier"]
    assert line.get_color() == "red" and line.get_linewidth() == 3 and line.get_linestyle() == "-."
    assert line.get_alpha() == 0.5
    bare = sp.plot_cost(two["weak"], envelope=False, color="red", alpha=0.5)
    assert bare.lines_ == {}
    coll = bare.point_lines_["classifier"]
    np.testing.assert_allclose(coll.get_edgecolor()[0][:3], [1, 0, 0])
    assert coll.get_alpha() == 0.5


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_folds_draw_the_mean_envelope_with_a_band():
    folds = [sp.operating_points(*sp.datasets.make_scores(200, 0.3, random_state=k)) for k in range(4)]
    disp = sp.plot_cost(folds={"cv": folds}, skew=0.2)
    x, y = disp.lines_["cv"].get_data()
    mean = np.mean([sp.expected_cost(f, pc=x).min(axis=1) for f in folds], axis=0)
    np.testing.assert_allclose(y, mean, atol=1e-12)
    assert "cv" in disp.bands_ and disp.point_lines_ == {}
    assert disp.markers_["cv"].get_ydata()[0] == pytest.approx(
        np.mean([sp.cost_envelope(f, pc=0.2)[0] for f in folds]))


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_from_predictions():
    y, s = sp.datasets.make_scores(300, 0.3, random_state=1)
    disp = sp.CostDisplay.from_predictions(y, s, name="scores", m=0.4)
    assert isinstance(disp, sp.CostDisplay) and "scores" in disp.lines_ and disp.m == 0.4


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_bad_input_is_named(two):
    with pytest.raises(ValueError, match="m must"):
        sp.plot_cost(two, m=1.5)
    disp = sp.plot_cost(two)
    with pytest.raises(ValueError, match="m must"):
        disp.update(m=-0.1)
    with pytest.raises(TypeError, match="f_alpha"):
        disp.update(f_alpha=0.5)
    with pytest.raises(TypeError, match="skew"):
        sp.plot_cost(two, skew=(0.0, 0.5))
    with pytest.raises(ValueError, match="skew"):
        disp.update(skew=1.5)
    with pytest.raises(TypeError, match=r"data\['a'\]"):
        sp.plot_cost({"a": "scores"})
    with pytest.raises(TypeError, match="ax"):
        sp.plot_cost(two, ax=plt.figure())


@pytest.mark.slow  # loaded run 2026-11-29
def test_vector_export_is_not_rasterised(two, tmp_path):
    from skewplot.plotting import style

    with style.paper("single"):
        sp.plot_cost(two, skew=0.1).figure_.savefig(tmp_path / "cost.svg")
    svg = (tmp_path / "cost.svg").read_text()
    assert "<image" not in svg and "<path" in svg


@pytest.mark.slow_cases('0.5-0.9')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.05-0.5', '0.5-0.1', '0.9-0.02')  # loaded run 2026-11-29
@pytest.mark.parametrize("skew,m", [(0.5, 0.1), (0.5, 0.9), (0.05, 0.5), (0.9, 0.02)])
def test_skew_marker_text_stays_inside_the_panel(skew, m):
    """Right of the marker in the left half, left of it in the right half (a widget panel's text never spills)."""
    from matplotlib.figure import Figure

    ax = Figure(figsize=(3, 2.5)).subplots()
    disp = sp.plot_cost(sp.datasets.example_classifiers(), skew=skew, m=m, ax=ax)
    disp.figure_.canvas.draw()
    box, panel = disp.skew_text_.get_window_extent(), ax.get_window_extent()
    assert panel.x0 <= box.x0 and box.x1 <= panel.x1, (box, panel)


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_rewritten_axis_label_is_painted_by_its_own_artist_and_by_its_axis_after_a_clear():
    """Cost space's x label (it follows m) is painted by an AxisLabel, once; after Axes.clear the Axis paints it."""
    import io

    disp = sp.plot_cost(sp.datasets.example_classifiers(n=500, random_state=1), skew=0.1, m=0.3)
    ax, proxy = disp.ax_, disp.axis_labels_["x"]
    assert proxy in ax.get_children() and proxy.get_children() == [ax.xaxis.label]
    painted = []
    text_draw = type(ax.xaxis.label).draw

    def spy(self, renderer):
        painted.append(self.get_text())
        return text_draw(self, renderer)

    draws = []
    ax.figure.canvas.mpl_connect("draw_event", draws.append)  # savefig may draw the figure more than once
    try:
        type(ax.xaxis.label).draw = spy
        ax.figure.savefig(io.BytesIO(), format="png")
        assert draws and painted.count("Probability cost PC(+) (m=0.3)") == len(draws)
        disp.update(m=0.6)
        assert ax.get_xlabel() == "Probability cost PC(+) (m=0.6)"
        ax.clear()
        ax.set_xlabel("after clear")
        painted.clear()
        draws.clear()
        ax.figure.savefig(io.BytesIO(), format="png")
        assert draws and painted.count("after clear") == len(draws)
    finally:
        type(ax.xaxis.label).draw = text_draw
        plt.close(ax.figure)
