"""Binned scores are drawn as certified bands that hold the exact curve."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402


@pytest.fixture
def tables():
    rng = np.random.default_rng(0)
    out = {}
    for name, shift in (("strong", 2.0), ("weak", 0.8)):
        y = (rng.random(4000) < 0.1).astype(int)
        out[name] = pd.DataFrame({"s": rng.normal(size=y.size) + shift * y, "y": y})
    return out


def _span_at(cx, cy, x):
    """Lowest and highest value of the polyline (cx non-decreasing) at each ``x``: both ends of a vertical drop."""
    ux, start = np.unique(cx, return_index=True)
    stop = np.r_[start[1:], cx.size] - 1
    ymin, ymax = np.minimum.reduceat(cy, start), np.maximum.reduceat(cy, start)
    i = np.clip(np.searchsorted(ux, x, side="right") - 1, 0, ux.size - 1)
    on = ux[i] == x
    j = np.minimum(i + 1, ux.size - 1)
    t = np.where(ux[j] > ux[i], (x - ux[i]) / np.where(ux[j] > ux[i], ux[j] - ux[i], 1.0), 0.0)
    mid = cy[stop[i]] + t * (cy[start[j]] - cy[stop[i]])
    return np.where(on, ymin[i], mid), np.where(on, ymax[i], mid)


def _between(disp, name, x, y, slack_px=1.0):
    """Share of the points (x, y) that lie between the drawn lower and upper curves (within ``slack_px``)."""
    ax = disp.ax_
    per_px = (ax.get_ylim()[1] - ax.get_ylim()[0]) / ax.get_window_extent().height
    spans = [_span_at(np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float), x)
             for line in disp.lines_[name]]
    lo = np.minimum(spans[0][0], spans[1][0]) - slack_px * per_px
    hi = np.maximum(spans[0][1], spans[1][1]) + slack_px * per_px
    return np.mean((y >= lo) & (y <= hi))


@pytest.mark.slow_cases('0.01', 'skew2')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("skew", [None, 0.01, (0.01, 0.2)])
def test_pr_band_holds_the_exact_curve(tables, skew):
    df = tables["strong"]
    bounded = sp.operating_points_from(df, "s", "y", bins=40)
    exact = sp.operating_points(df.y, df.s)
    disp = sp.plot_pr(bounded, skew=skew)
    assert disp.brackets_["classifier"] == sp.aucpr(bounded, skew=skew)
    assert sp.aucpr(exact, skew=skew) in disp.brackets_["classifier"]
    # The exact curve lies between the two drawn curves.
    r, p = sp.pr_curve(exact, skew=skew)
    keep = r >= exact.tpr[np.argmax(exact.tpr > 0)]
    assert _between(disp, "classifier", r[keep], p[keep]) > 0.99
    label = disp.lines_["classifier"][1].get_label()
    assert "AUCPR in [" in label and str(disp.brackets_["classifier"]) in label
    # 40 bins of 4000 rows: the curves lie well apart, so the band between them is drawn
    assert sum(len(path.vertices) for path in disp.bands_["classifier"].get_paths()) > 10
    plt.close("all")


def _big_bins(n=400_000, decimals=5, seed=1):
    """Many narrow bins (1 % positives): a bracket far narrower than a pixel."""
    from skewplot.metrics.bounded import BoundedOperatingPoints

    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.01
    s = rng.normal(size=n) + 2.0 * y
    key, inv = np.unique(np.round(s, decimals), return_inverse=True)
    lo = np.full(key.size, np.inf)
    hi = np.full(key.size, -np.inf)
    np.minimum.at(lo, inv, s)
    np.maximum.at(hi, inv, s)
    return BoundedOperatingPoints.from_bins(lo, hi, np.bincount(inv, weights=y), np.bincount(inv, weights=~y)), y, s


@pytest.mark.slow  # 0.7 s
def test_a_bracket_narrower_than_a_pixel_draws_its_curves():
    """Issue 29: 'empty axes with only the legend' -- now two lines, drawn, and a legend that shows the width."""
    bounded, y, s = _big_bins()
    assert not bounded.exact and len(bounded) > 100_000
    disp = sp.plot_pr({"good": bounded}, skew=0.005)
    fig = disp.figure_
    fig.canvas.draw()
    ax = disp.ax_
    lo_line, hi_line = disp.lines_["good"]
    box = ax.get_window_extent()
    for line in (lo_line, hi_line):
        assert line in ax.lines and line.get_visible()
        xy = line.get_transform().transform(np.column_stack([line.get_xdata(), line.get_ydata()]))
        # a curve across the axes, thinned to what the pixels show
        assert 100 < len(xy) < 20 * box.width
        assert xy[:, 0].max() - xy[:, 0].min() > 0.9 * box.width
        assert xy[:, 1].max() - xy[:, 1].min() > 0.3 * box.height
    # narrower than a pixel almost everywhere: the lines carry the picture, a band only where the two
    # curves' drops sit a grid step apart (at most slivers over 1 % of the recall axis)
    shaded = sum(np.ptp(path.vertices[:, 0]) for path in disp.bands_["good"].get_paths())
    assert shaded < 0.01
    bracket = disp.brackets_["good"]
    low, high = (float(v) for v in hi_line.get_label().split("[")[1].rstrip("])").split(","))
    assert low <= bracket.low and high >= bracket.high and low < high
    assert high - low <= 3 * bracket.width  # the printed ends show the width, not 4-decimal noise
    # the exact curve of these rows lies on the drawn curves (to a pixel)
    exact = sp.operating_points(y, s)
    r, p = sp.pr_curve(exact, skew=0.005)
    keep = r >= exact.tpr[np.argmax(exact.tpr > 0)]
    assert _between(disp, "good", r[keep][::50], p[keep][::50], slack_px=1.0) > 0.99
    plt.close("all")


@pytest.mark.slow  # loaded run 2026-11-29
def test_several_classifiers_and_roc(tables):
    bounded = {k: sp.operating_points_from(v, "s", "y", bins=30) for k, v in tables.items()}
    disp = sp.plot_roc(bounded)
    assert list(disp.bands_) == ["strong", "weak"]
    for name, df in tables.items():
        assert sp.roc_auc(sp.operating_points(df.y, df.s)) in disp.brackets_[name]
    assert disp.lines_["strong"][0].get_color() != disp.lines_["weak"][0].get_color()
    disp = sp.plot_pr(bounded, skew=(0.01, 0.3))
    assert list(disp.bands_) == ["strong", "weak"]
    plt.close("all")


def test_bad_space_and_mixed_inputs_are_refused(tables):
    from skewplot.plotting.bracket import plot_bracket

    bounded = sp.operating_points_from(tables["weak"], "s", "y", bins=10)
    with pytest.raises(ValueError, match="space must be one of"):
        plot_bracket(bounded, space="cost")
    with pytest.raises(TypeError, match="BoundedOperatingPoints"):
        plot_bracket({"a": bounded, "b": sp.operating_points(tables["weak"].y, tables["weak"].s)})
