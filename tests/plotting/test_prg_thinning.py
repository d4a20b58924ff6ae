"""PR-gain curves thinned once for every skew (``prg_vertex_indices``) against the whole curve.

Thinned once for every skew of the slider, a saved page's curve (``prg_curve``'s clip at recall gain 0
applied to the kept vertices) must stay within half a pixel of the curve through every operating point, both
ways, at skews across the slider's range.  A PRGDisplay thins once for any skew and then to its pixel
columns at each step: its drawn line must stay as close to the whole curve, on the unit square and in
decades, with the Axes fitted and AUPRG computed as from every vertex.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.metrics.prg import _clipped, gain_skew  # noqa: E402
from skewplot.plotting._decimate import prg_vertex_indices  # noqa: E402
from skewplot.plotting._gain_axes import densify  # noqa: E402
from skewplot.skew import FixedSkew  # noqa: E402

pytestmark = pytest.mark.slow  # 40 000 vertices compared at eight skews: seconds

WIDTH = HEIGHT = 40.0  # a small Axes (pixels): 40 000 vertices are then more than the bins hold


def _px(rg, pg):
    """Pixels of the explorer's PRG Axes (x -0.01..1.01, y -0.05..1.02); only what the box shows."""
    xy = np.c_[(rg + 0.01) / 1.02 * WIDTH, (pg + 0.05) / 1.07 * HEIGHT]
    return xy[(xy[:, 0] >= -1) & (xy[:, 0] <= WIDTH + 1) & (xy[:, 1] >= -1) & (xy[:, 1] <= HEIGHT + 1)]


def _far(a, b):
    """The largest distance from a vertex of ``a`` to the polyline ``b`` (exact above half a pixel)."""
    from scipy.spatial import cKDTree

    near = cKDTree(b).query(a)[0]
    if (near <= 0.5).all():
        return float(near.max())
    a = a[near > 0.5]
    p, d = b[:-1], np.diff(b, axis=0)
    norm = np.maximum((d * d).sum(axis=1), 1e-300)
    worst = 0.0
    for chunk in np.array_split(a, max(1, len(a) // 128)):
        t = np.clip(((chunk[:, None, :] - p) * d).sum(axis=2) / norm, 0.0, 1.0)
        gap = np.hypot(*(chunk[:, None, :] - (p + t[..., None] * d)).transpose(2, 0, 1)).min(axis=1)
        worst = max(worst, float(gap.max()))
    return worst


@pytest.mark.parametrize("positives", [0.3, 0.01])
def test_the_thinned_prg_curve_is_within_half_a_pixel_of_the_whole_one(positives):
    y, s = sp.datasets.make_scores(40_000, positives, random_state=5)
    pts = sp.operating_points(y, s)
    t, f = np.asarray(pts.tpr, float), np.asarray(pts.fpr, float)
    keep = prg_vertex_indices(t, f, WIDTH, 1e-4, 0.9999)
    assert keep.size < t.size / 3  # it thins
    for skew in [1e-4, 1e-3, 0.01, positives, 0.5, 0.9, 0.99, 0.9999]:
        pi = gain_skew(FixedSkew(skew))
        whole = _clipped(t, f, np.arange(t.size), pi)
        page = _clipped(t[keep], f[keep], keep, pi)
        a, b = _px(whole.recall_gain, whole.precision_gain), _px(page.recall_gain, page.precision_gain)
        if len(a) < 2:
            continue
        assert max(_far(a, b), _far(b, a)) <= 0.5, skew


def _whole_display(pts, skew, scale, figsize):
    """The Axes fitted to the whole curve at ``skew`` (every vertex, ``prg_curve``), the curve and the decades
    its x axis shows (None on the unit square)."""
    from skewplot.plotting._gain_axes import decade_axes

    fig, ax = plt.subplots(figsize=figsize, dpi=100)
    c = sp.prg_curve(pts, skew=skew)
    x_hi = None
    if scale == "decades":
        x_hi = decade_axes(ax, [(c.recall_gain, c.precision_gain)])
    else:
        ax.set_xlim(-0.01, 1.01)
        ax.set_ylim(-0.05, 1.02)
    return fig, ax, c, x_hi


@pytest.mark.parametrize("scale,skew", [("linear", 0.3), ("linear", 0.05), ("decades", 0.001), ("decades", 1e-4)])
def test_a_display_draws_its_thinned_curve_as_the_whole_one(scale, skew):
    y, s = sp.datasets.make_scores(60_000, 0.3, random_state=7)
    pts = sp.operating_points(y, s)
    figsize = (1.2, 1.2)  # 120 px: 60 000 vertices are more than the bins of one thinning for every skew hold
    fig, ax = plt.subplots(figsize=figsize, dpi=100)
    disp = sp.plot_prg({"a": pts}, skew=0.3, scale=scale, ax=ax)
    assert disp._gains["a"][1] is None  # drawn once: every vertex
    disp.update(skew=skew)
    _, keep, _ = disp._gain_index("a", pts)
    assert keep.size < len(pts) / 3  # a second draw of the same points: thinned once for every skew
    whole_fig, whole_ax, whole, x_hi = _whole_display(pts, skew, scale, figsize)
    assert ax.get_xlim() == whole_ax.get_xlim() and ax.get_ylim() == whole_ax.get_ylim()
    assert disp.aucs_["a"] == pytest.approx(sp.aucprg(pts, skew=skew), rel=1e-12)
    drawn = ax.transData.transform(np.c_[disp.lines_["a"].get_data()])
    every = (whole.recall_gain, whole.precision_gain)
    if scale == "decades":  # a straight segment in gains is a curve in decades: drawn through points on it
        every = densify(*every, x_hi / 200)
    every = ax.transData.transform(np.c_[every])
    box = ax.bbox
    shown = lambda xy: xy[(xy[:, 0] >= box.x0 - 1) & (xy[:, 0] <= box.x1 + 1)  # noqa: E731
                          & (xy[:, 1] >= box.y0 - 1) & (xy[:, 1] <= box.y1 + 1)]
    a, b = shown(every), shown(drawn)
    assert len(a) > 100
    # a quarter pixel for the thinning once, half a pixel for M4 at the step
    assert max(_far(a, b), _far(b, a)) <= 0.75
    plt.close(fig)
    plt.close(whole_fig)


@pytest.mark.parametrize("skew", [1e-3, 1e-2])
def test_in_decades_the_axes_fit_the_whole_curve_where_thinning_drops_its_highest_gain(skew):
    # four vertices within a millionth of recall, in one bin of the thinning: FPR turns positive on the second,
    # and the fourth has the highest precision gain below 1; M4 keeps the first (FPR/TPR = 0), the last and no
    # other, so the Axes fit to the thinned curve alone would end below that gain
    t = np.linspace(1e-3, 1, 60_000)
    f = np.where(t < 0.2, 0.0, 0.5 * np.sqrt(np.maximum(t - 0.2, 0.0)))
    k = int(np.searchsorted(t, 0.2))
    t[k:k + 5] = t[k] + np.arange(5) * 1e-9
    f[k:k + 5] = [0.0, 1e-4, 1e-4, 1e-4, 2e-4]
    pts = sp.OperatingPoints.from_rates(t, np.maximum.accumulate(f))
    fig, ax = plt.subplots(figsize=(1.2, 1.2), dpi=100)
    disp = sp.plot_prg({"a": pts}, skew=0.3, scale="decades", ax=ax)
    disp.update(skew=skew)  # a second draw of the same points: thinned once for every skew
    _, keep, _ = disp._gain_index("a", pts)
    highest = int(np.flatnonzero(np.asarray(pts.tpr) == t[k + 3])[0])
    assert highest not in keep and keep.size < len(pts) / 3  # the thinning dropped it
    whole_fig, whole_ax, _, _ = _whole_display(pts, skew, "decades", (1.2, 1.2))
    assert ax.get_ylim() == whole_ax.get_ylim() and ax.get_xlim() == whole_ax.get_xlim()
    plt.close(fig)
    plt.close(whole_fig)


def test_points_new_at_every_step_are_drawn_whole_and_not_indexed():
    # a one-vs-rest class at a new prior vector has new points (its rest is mixed anew): indexing them for every
    # skew would cost more than drawing them whole, and they are never drawn again
    from skewplot.plotting._per_class import class_space_display
    from skewplot.plotting.prg import PRGDisplay

    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 30_000)
    ovr = sp.one_vs_rest(y, rng.random((30_000, 3)) + 0.8 * np.eye(3)[y])
    disp = class_space_display(PRGDisplay, ovr, {0: 0.2, 1: 0.3, 2: 0.5}, scale="linear")
    for priors in ({0: 0.1, 1: 0.3, 2: 0.6}, {0: 0.05, 1: 0.15, 2: 0.8}):
        disp.update(priors=priors)
        moved = ovr.at_priors(priors)
        for name, k in disp.class_names.items():
            assert disp._gains[name][1] is None
            assert disp.aucs_[name] == sp.aucprg(moved[k], skew=priors[k])
    plt.close(disp.figure_)
