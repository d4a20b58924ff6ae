"""Per-class priors in every space: ROC, cost, F, PR-gain and P̄-R of a one-vs-rest mapping.

References are the binary functions on ``(y == k, s[:, k])`` with the rows
reweighted to the prior vector (``pi'_y / pi_y``: class k's rest is then the
other classes at their new priors), and for ranges the binary functions on
the raw rows (a range per class keeps the rest at its test composition).
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting._one_path import OnePathLines
from skewplot.plotting.cost import CostDisplay
from skewplot.plotting.fmeasure import FMeasureDisplay
from skewplot.testing import lint_figure


def _ovr(n=240, k=3, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    s = np.round(rng.random((n, k)) + 0.5 * np.eye(k)[y], 2)
    return y, s, sp.one_vs_rest(y, s)


PRIORS = {0: 0.6, 1: 0.3, 2: 0.1}
RANGES = {0: (0.4, 0.8), 1: (0.1, 0.4), 2: (0.01, 0.1)}


def _weights(y, priors):
    test = np.bincount(y) / y.size
    return np.array([priors[k] for k in range(test.size)])[y] / test[y]


def _name(k, prior):
    return f"{k}, π′={sp.skew.base.skew_text(prior)}"


@pytest.mark.slow
def test_roc_each_class_against_the_rest_at_the_priors():
    y, s, ovr = _ovr()
    w = _weights(y, PRIORS)
    disp = sp.plot_roc(ovr, skew=PRIORS)
    for k, prior in PRIORS.items():
        ref = sp.operating_points(y == k, s[:, k], sample_weight=w)
        assert disp.aucs_[_name(k, prior)] == pytest.approx(sp.roc_auc(ref), rel=1e-12)
    plain = sp.plot_roc(ovr)
    assert plain.aucs_[_name(1, ovr.priors[1])] == pytest.approx(sp.roc_auc(y == 1, s[:, 1]), rel=1e-12)
    assert lint_figure(disp.figure_) == []


@pytest.mark.slow
@pytest.mark.parametrize("space", ["cost", "f"])
def test_cost_and_f_markers_at_each_class_prior_are_its_best_threshold(space):
    y, s, ovr = _ovr()
    w = _weights(y, PRIORS)
    crit = {"m": 0.5} if space == "cost" else {"f_alpha": 0.5}
    disp = sp.plot_cost(ovr, skew=PRIORS) if space == "cost" else sp.plot_fmeasure(ovr, skew=PRIORS)
    best = sp.best_threshold(ovr, skew=PRIORS, **crit)
    for k, prior in PRIORS.items():
        ref = sp.best_threshold(y == k, s[:, k], sample_weight=w, skew=prior, **crit)
        assert best[k].value == pytest.approx(ref.value, rel=1e-12)
        x, value = disp.markers_[_name(k, prior)].get_xydata()[0]
        assert x == pytest.approx(prior)  # m = 0.5: PC(+) is the prior
        assert value == pytest.approx(ref.value, rel=1e-9)
        assert disp.class_lines_[_name(k, prior)].get_xdata()[0] == pytest.approx(prior)
    assert not disp.skew_line_.get_visible()  # no single-skew marker
    assert disp.ax_.get_xscale() == "linear"
    # a class's thin lines: one path (``_one_path``)
    assert all(type(c) is OnePathLines and len(c.get_segments()) > 1 for c in disp.point_lines_.values())


def test_f_measure_per_class_is_the_binary_on_reweighted_rows():
    y, s, ovr = _ovr()
    w = _weights(y, PRIORS)
    res = sp.f_measure(ovr, skew=PRIORS, beta=2)
    for k, prior in PRIORS.items():
        ref = sp.f_measure(y == k, s[:, k], sample_weight=w, skew=prior, beta=2)
        np.testing.assert_allclose(res[k], ref, rtol=1e-12)


@pytest.mark.slow
def test_rare_class_puts_the_envelope_axis_on_logs():
    _, _, ovr = _ovr()
    disp = sp.plot_cost(ovr, skew={0: 0.7, 1: 0.29, 2: 0.01})
    assert disp.ax_.get_xscale() == "log" and disp.ax_.get_xlim()[0] <= 0.01


@pytest.mark.slow
def test_prg_each_class_at_its_prior_and_over_its_range():
    y, s, ovr = _ovr()
    w = _weights(y, PRIORS)
    disp = sp.plot_prg(ovr, skew=PRIORS)
    res = sp.aucprg(ovr, skew=PRIORS)
    for k, prior in PRIORS.items():
        ref = sp.aucprg(y == k, s[:, k], sample_weight=w, skew=prior)
        assert res[k] == pytest.approx(ref, rel=1e-12)
        assert disp.aucs_[_name(k, prior)] == pytest.approx(ref, rel=1e-12)
    assert "each class" in disp.ax_.get_xlabel()
    ranged = sp.aucprg(ovr, skew=RANGES)
    for k, rng in RANGES.items():
        assert ranged[k] == pytest.approx(sp.aucprg(y == k, s[:, k], skew=rng), rel=1e-12)


@pytest.mark.slow
def test_integrated_pr_a_range_per_class_or_one_for_all():
    y, s, ovr = _ovr()
    disp = sp.plot_pr(ovr, skew=RANGES)
    res = sp.aucpr(ovr, skew=RANGES)
    for k, (lo, hi) in RANGES.items():
        ref = sp.aucpr(y == k, s[:, k], skew=(lo, hi))  # the rest at its test composition
        assert res[k] == pytest.approx(ref, rel=1e-12)
        name = next(n for n in disp.lines_ if n.startswith(f"{k}, "))
        assert disp.aucs_[name] == pytest.approx(ref, rel=1e-12)
        assert disp.baselines_[f"random {name}"].get_ydata()[0] == pytest.approx((lo + hi) / 2)
    assert res.weighted == pytest.approx(sum(ovr.priors[k] * res[k] for k in RANGES))  # test priors weigh
    one = sp.plot_pr(ovr, skew=(0.05, 0.2))
    assert sorted(one.aucs_.values()) == pytest.approx(
        sorted(sp.aucpr(y == k, s[:, k], skew=(0.05, 0.2)) for k in range(3)), rel=1e-12)
    assert lint_figure(disp.figure_) == []
    with pytest.warns(DeprecationWarning):  # the deprecated spelling takes a range per class too
        old = sp.plot_integrated_pr(ovr, skew_range=RANGES)
    assert old.aucs_ == pytest.approx(disp.aucs_, rel=1e-12)


@pytest.mark.parametrize("call, err, words", [
    (lambda ovr: sp.plot_roc(sp.operating_points([0, 1, 1], [0.1, 0.5, 0.9]), skew=0.1), TypeError,
     "one-vs-rest"),
    (lambda ovr: sp.plot_cost(ovr, skew=RANGES), ValueError, "one prior per class"),
    (lambda ovr: sp.plot_roc(ovr, skew=(0.1, 0.2)), ValueError, "one prior per class"),
    (lambda ovr: sp.aucprg(ovr, skew={0: 0.5, 1: (0.1, 0.2), 2: (0.1, 0.2)}), TypeError, "not a mix"),
    (lambda ovr: sp.aucpr(ovr, skew={0: (0.1, 0.2), 1: (0.1, 0.2)}), ValueError, "one range per class"),
    (lambda ovr: sp.plot_pr(ovr, skew=0.2), TypeError, "not a prior vector"),
])
def test_bad_per_class_skews_are_refused(call, err, words):
    _, _, ovr = _ovr(n=60)
    with pytest.raises(err, match=words):
        call(ovr)


@pytest.mark.slow
@pytest.mark.parametrize("plot", [sp.plot_pr, sp.plot_prg, sp.plot_fmeasure, sp.plot_cost])
def test_a_per_class_display_refuses_one_skew_for_all(plot):
    _, _, ovr = _ovr(n=60)
    with pytest.raises(TypeError, match="its own prior"):
        plot(ovr, skew=PRIORS).update(skew=0.1)


def test_no_resorting_in_the_metrics_at_new_priors(monkeypatch):
    _, _, ovr = _ovr()

    def no_sort(*a, **k):
        raise AssertionError("sorted again")

    monkeypatch.setattr(np, "sort", no_sort)
    monkeypatch.setattr(np, "argsort", no_sort)
    sp.aucprg(ovr, skew=PRIORS)
    sp.aucprg(ovr, skew=RANGES)  # (aucpr over a uniform range sorts its segments' kinds, as in the binary case)
    sp.f_measure(ovr, skew=PRIORS)
    sp.best_threshold(ovr, skew=PRIORS, m=0.3)


def test_a_class_paints_its_thin_lines_once_where_they_cross():
    """One path per class: where two of a class's translucent lines cross, the pixel takes its colour once
    (a ``LineCollection`` paints it twice, darker); lines of several colours are still painted line by line."""
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    segs = [[(0, 0), (1, 1)], [(0, 1), (1, 0)]]  # they cross at the centre
    fig, axes = plt.subplots(1, 2, figsize=(2, 1), dpi=100)
    try:
        for ax, kind in zip(axes, (OnePathLines, LineCollection), strict=True):
            ax.add_collection(kind(segs, colors="C0", alpha=0.3, linewidths=4))
            ax.set(xlim=(0, 1), ylim=(0, 1))
            ax.set_axis_off()
        fig.canvas.draw()
        rgb = np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(int)

        def pixel(ax, x, y):  # the sum of the RGB of the pixel at data (x, y)
            col, row = np.round(ax.transData.transform((x, y))).astype(int)
            return rgb[int(fig.bbox.height) - row, col].sum()

        one, two = (pixel(ax, 0.5, 0.5) for ax in axes)
        assert one > two  # painted once: lighter than the collection's twice
        single = [pixel(ax, 0.25, 0.25) for ax in axes]
        assert single[0] == single[1] and abs(one - single[0]) <= 6  # away from the crossing: the same pixels
    finally:
        plt.close(fig)
    assert len(OnePathLines(segs, colors=["C0", "C1"]).get_paths()) == 2
    from matplotlib.path import Path

    rng = np.random.default_rng(0)
    lines = [rng.random((n, 2)) for n in (5, 0, 3, 1, 400, 0)]  # empty lines too: no MOVETO of their own
    joined, want = OnePathLines(lines, colors="C0").get_paths()[0], Path.make_compound_path(*map(Path, lines))
    assert np.array_equal(joined.vertices, want.vertices) and np.array_equal(joined.codes, want.codes)
    assert CostDisplay._thin_lines is FMeasureDisplay._thin_lines is None  # binary figures: line by line



def test_a_class_joins_its_thin_lines_once_per_set_of_lines():
    """The joined path is kept while the lines are (a frame paints it, the next one too) and made again from new
    lines; lines given several colours afterwards are painted line by line again."""
    rng = np.random.default_rng(0)
    coll = OnePathLines([rng.random((4, 2)) for _ in range(3)], colors="C0")
    first = coll.get_paths()
    assert coll.get_paths() is first and len(first) == 1
    lines = [rng.random((5, 2)) for _ in range(2)]
    coll.set_segments(lines)
    again = coll.get_paths()
    assert again is not first and np.array_equal(again[0].vertices, np.concatenate(lines))
    coll.set_color(["C0", "C1"])
    assert len(coll.get_paths()) == 2
