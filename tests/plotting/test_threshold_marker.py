"""threshold= marks the chosen operating point on every space and follows update."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    y = rng.random(5000) < 0.02
    return y, rng.normal(size=5000) + 2.5 * y


def _xy(disp):
    line = next(iter(disp._threshold_markers[0].points_.values()))
    return np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float)


@pytest.mark.slow  # 0.9 s
def test_markers_sit_on_the_chosen_point_in_every_space(data):
    y, s = data
    d = sp.choose_threshold(y, s, skew=0.01, target="fbeta", confidence=0.9, n_boot=200, random_state=0)
    pts = sp.operating_points(y, s)
    i = d.index
    x, v = _xy(sp.plot_roc(y, s, threshold=d))
    assert (x[0], v[0]) == (pts.fpr[i], pts.tpr[i])
    disp = sp.plot_pr(y, s, skew=0.01, threshold=d)
    x, v = _xy(disp)
    assert x[0] == d.recall and v[0] == pytest.approx(d.precision, rel=1e-12)
    bars = disp._threshold_markers[0].intervals_
    assert list(bars[0].get_xdata()) == list(d.intervals["recall"])
    assert list(bars[1].get_ydata()) == list(d.intervals["precision"])
    disp.update(skew=0.1)  # the mark follows the skew
    assert _xy(disp)[1][0] == pytest.approx(float(sp.FixedSkew(0.1).precision(pts.tpr[i], pts.fpr[i])))
    x, v = _xy(sp.plot_prg(y, s, skew=0.01, threshold=d.threshold))
    assert v[0] == pytest.approx(1 - pts.fpr[i] / pts.tpr[i])
    disp = sp.plot_fmeasure(y, s, threshold=d, f_alpha=0.5)
    x, v = _xy(disp)
    k = len(x) // 2
    assert v[k] == pytest.approx(float(sp.f_curves(pts, skews=[x[k]], f_alpha=0.5)[0, i]))
    disp.update(f_alpha=0.8)
    x, v = _xy(disp)
    assert v[k] == pytest.approx(float(sp.f_curves(pts, skews=[x[k]], f_alpha=0.8)[0, i]))
    x, v = _xy(sp.plot_cost(y, s, threshold=d))
    np.testing.assert_allclose(v, sp.expected_cost(pts, pc=x)[:, i] if x.size > 2 else [pts.fpr[i], 1 - pts.tpr[i]])


def test_threshold_index_is_score_at_or_above(data):
    y, s = data
    pts = sp.operating_points(y, s)
    from skewplot.plotting.threshold import threshold_index
    for t in (np.inf, s.max(), np.median(s), s.min(), -np.inf):
        i = threshold_index(pts, t)
        assert pts.tp[i] == np.sum(y & (s >= t)) and pts.fp[i] == np.sum(~y & (s >= t))
    # float32 scores with ties, at each distinct score, between two and a float64 hair above
    s32 = np.round(s, 1).astype(np.float32)
    pts = sp.operating_points(y, s32)
    u = np.unique(s32).astype(float)
    # compared exactly, in float64 (numpy 1.x would round a float64 scalar to float32 in s32 >= t)
    exact = s32.astype(float)
    for t in (*u, *(0.5 * (u[1:] + u[:-1])), *np.nextafter(u, np.inf), u[0] - 1, np.inf):
        i = threshold_index(pts, t)
        assert pts.tp[i] == np.sum(y & (exact >= t)) and pts.fp[i] == np.sum(~y & (exact >= t)), t


def test_bad_threshold_is_refused_before_drawing(data):
    y, s = data
    with pytest.raises(TypeError, match="threshold must be a score threshold"):
        sp.plot_roc(y, s, threshold="high")
    with pytest.raises(ValueError, match="threshold must be a number"):
        sp.plot_pr(y, s, threshold=float("nan"))


@pytest.mark.slow  # 0.8 s (2026-11-29, -n 2)
def test_one_threshold_per_classifier_and_set_threshold(data):
    y, s = data
    pts = {"a": sp.operating_points(y, s), "b": sp.operating_points(y, -s + 0.3 * y)}
    from skewplot.plotting.threshold import mark_threshold, threshold_index
    disp = sp.plot_roc(pts)
    marker = mark_threshold(disp, {"a": 1.0, "b": -0.5})
    for name, t in (("a", 1.0), ("b", -0.5)):
        i = threshold_index(pts[name], t)
        assert list(marker.points_[name].get_xydata()[0]) == [pts[name].fpr[i], pts[name].tpr[i]]
    marker.set_threshold({"a": 2.0, "b": 0.0})
    i = threshold_index(pts["a"], 2.0)
    assert list(marker.points_["a"].get_xydata()[0]) == [pts["a"].fpr[i], pts["a"].tpr[i]]
    marker.set_threshold({"a": 7.0, "b": 0.0}, index={"a": 5, "b": 6})  # the caller's own index is used
    assert list(marker.points_["a"].get_xydata()[0]) == [pts["a"].fpr[5], pts["a"].tpr[5]]
    with pytest.raises(ValueError, match="no threshold given for classifier"):
        marker.set_threshold({"a": 1.0})
    assert marker.threshold == {"a": 7.0, "b": 0.0}  # the refused update changed nothing
    pr = sp.plot_pr(pts, skew=0.01)
    m = mark_threshold(pr, {"a": np.inf, "b": 0.0})  # the empty prediction: precision 0/0, no PR mark
    assert len(m.points_["a"].get_xdata()) == 0 and np.isfinite(m.points_["b"].get_ydata()[0])


@pytest.mark.slow  # 1.0 s (2026-11-29, -n 2)
def test_a_marker_on_the_view_edge_is_drawn_whole(data):
    """A threshold above every score marks ROC's (0, 0) and precision's top: drawn whole over the spines."""
    import matplotlib.pyplot as plt

    from skewplot.testing import lint_figure

    y, s = data[0][:1000], data[1][:1000]
    top = float(s.max()) + 1.0  # nothing predicted positive: FPR = TPR = 0
    roc = sp.plot_roc(y, s, threshold=top)
    roc.ax_.set_xlim(0, 1)  # the explorer's ROC panel: no margin, (0, 0) on both spines
    roc.ax_.set_ylim(0, 1)
    assert _xy(roc)[0][0] == 0 and _xy(roc)[1][0] == 0
    assert lint_figure(roc.figure_, checks=["marker-clipped", "marker-outside"]) == []
    pr = sp.plot_pr(y, s, skew=0.01, threshold=float(np.sort(s)[-1]))  # the top point: precision 1 on the top edge
    pr.ax_.set_ylim(top=float(_xy(pr)[1][0]))
    assert lint_figure(pr.figure_, checks=["marker-clipped", "marker-outside"]) == []
    # zoomed away from it, the marker is hidden, not drawn outside the Axes
    roc.ax_.set_xlim(0.5, 1)
    roc.figure_.canvas.draw()
    (line,) = roc._threshold_markers[0].points_.values()
    clip = line.get_clip_box()
    x, yv = roc.ax_.transData.transform((0.0, 0.0))
    assert x < clip.x0 and clip.x1 - clip.x0 < roc.ax_.bbox.width + 30
    plt.close("all")


def test_share_keeps_marks_on_their_values_and_cuts_coinciding_ones_into_wedges():
    """Four classifiers' marks in the explorer's P̄-R panel: green and red 1.7 px apart at one recall, blue and
    orange 15 px to the side at a y between theirs (grouped by pairs, not by runs in y).  None moves; each group
    of coinciding marks becomes one mark of a wedge each, so the lint finds none hidden."""
    import matplotlib.pyplot as plt

    from skewplot.plotting.layout._markers import share_markers, shared_part
    from skewplot.testing import lint_figure

    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 400), ylim=(0, 300))
    fig.subplots_adjust(0, 0, 1, 1)
    places = [(60.0, 151.8), (75.0, 151.2), (45.0, 152.4), (45.0, 150.6), (200.0, 100.0), (202.9, 100.0),
              (300.0, 50.0), (301.0, 50.5), (302.5, 50.0)]
    marks = [ax.plot([x], [y], "D", color=f"C{k}")[0] for k, (x, y) in enumerate(places)]
    for _ in range(2):  # again (a widget's next layout): from the marks' own look, not cut twice
        share_markers(ax, marks)
    xy = np.array([m.get_transform().transform([[m.get_xdata()[0], m.get_ydata()[0]]])[0] for m in marks])
    np.testing.assert_allclose(xy, ax.transData.transform(places), atol=1e-9)  # none moved
    # groups closer than 3 pt (6 px at 100 dpi): {0}, {1}, {2, 3}, {4, 5}, {6, 7, 8}; a mark off its group's
    # centre has the wedge pointing its way: 4 (left of 5) the left half, 8 (right) the wedge at 1 o'clock
    assert [shared_part(m) for m in marks] == [(0, 1), (0, 1), (0, 2), (1, 2), (1, 2), (0, 2), (2, 3), (1, 3), (0, 3)]
    assert marks[0].get_marker() == marks[1].get_marker() == "D"
    assert [p for p in lint_figure(fig) if p.kind.startswith("marker")] == []
    # moved apart, a mark gets its own look back
    marks[3].set_data([120.0], [250.0])
    share_markers(ax, marks)
    assert shared_part(marks[2]) == (0, 1) and marks[2].get_marker() == "D" and marks[2].get_markersize() == 6.0
    plt.close(fig)


@pytest.mark.slow  # about 3 s: the explorer of four classifiers, linted
def test_four_classifiers_threshold_marks_in_the_explorer_are_apart():
    pytest.importorskip("ipywidgets")
    from skewplot import widgets
    from skewplot.testing import lint_figure

    rng = np.random.default_rng(1)
    y = (rng.random(100_000) < 0.001).astype(int)
    points = {name: sp.operating_points(y, rng.normal(size=y.size) + sep * y)
              for name, sep in (("model A", 2.5), ("model B", 2.0), ("model C", 1.6), ("model D", 1.0))}
    w = widgets.explorer(points, skew=0.005, skew_range=(0.005, 0.1))
    assert lint_figure(w.figure) == []
    w.close()


def test_a_wedge_kept_by_the_next_share_is_the_one_a_fresh_share_gives():
    """A step that leaves the marks' groups as they were sets no look again (each ``set_marker`` builds a marker
    path: a one-vs-rest prior step redid every wedge of both envelope panels); a look the owner changed
    meanwhile, or a group that changed, is shared out again from the mark's own look."""
    import matplotlib.pyplot as plt

    from skewplot.plotting.layout._markers import share_markers, shared_part

    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 400), ylim=(0, 300))
    fig.subplots_adjust(0, 0, 1, 1)
    marks = [ax.plot([x], [100.0], "o", color=f"C{k}")[0] for k, x in enumerate((100.0, 101.0, 102.0, 300.0))]
    share_markers(ax, marks)
    looks = [(m.get_marker(), m.get_markersize(), m.get_markerfacecolor()) for m in marks]
    calls = []
    for m in marks:
        m.set_marker = lambda *a, m=m, f=m.set_marker: (calls.append(m), f(*a))[1]
    share_markers(ax, [marks[0], marks[1], marks[2], marks[3]])
    assert calls == [] and [(m.get_marker(), m.get_markersize(), m.get_markerfacecolor()) for m in marks] == looks
    marks[1].set_markerfacecolor("k")  # changed by its owner: the wedge is given again, in the classifier's colour
    share_markers(ax, marks)
    assert calls == [marks[1], marks[1]] and marks[1].get_markerfacecolor() == looks[1][2]
    marks[2].set_data([200.0], [100.0])  # apart: its own look back, the other two halves of one mark
    share_markers(ax, marks)
    assert [shared_part(m) for m in marks] == [(0, 2), (1, 2), (0, 1), (0, 1)] and marks[2].get_marker() == "o"
    plt.close(fig)


def test_a_mark_below_the_random_line_is_on_the_drawn_curve():
    # review of stop 64 (pr-08: 55 positives in 50 000; here in 10 000): a threshold whose one true positive comes
    # with 1 123 false ones has a precision under pi' = 0.01, the random line; the curve drops to it along recall 1/55
    rng = np.random.default_rng(5)
    y = np.zeros(10_000, bool)
    y[:55] = True
    s = np.where(y, rng.normal(-1.0, 1.0, y.size), rng.normal(0.0, 1.0, y.size))
    s[0] = 3.0  # the one positive above the threshold, with 1 123 negatives at or above it
    thr = float(np.sort(s[~y])[::-1][1122]) - 1e-9
    pts = sp.operating_points(y, s)
    disp = sp.plot_pr(pts, skew=0.01, threshold=thr)
    tp, fp = int(np.sum(s[y] >= thr)), int(np.sum(s[~y] >= thr))  # by brute force
    assert (tp, fp) == (1, 1123)
    tpr, fpr = tp / y.sum(), fp / (~y).sum()
    x, v = _xy(disp)
    assert x[0] == pytest.approx(tpr, rel=1e-15) and v[0] == pytest.approx(0.01 * tpr / (0.01 * tpr + 0.99 * fpr))
    assert v[0] < 0.01
    curve = next(line for line in disp.ax_.get_lines() if line.get_label().startswith("classifier"))
    cx, cy = (np.asarray(a, float) for a in curve.get_data())
    on = [k for k in range(len(cx) - 1) if cx[k] == cx[k + 1] == x[0] and min(cy[k:k + 2]) <= v[0] <= max(cy[k:k + 2])]
    assert on, "the mark is off the drawn curve"
