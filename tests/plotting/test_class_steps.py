"""What a one-vs-rest display's prior step reuses (plotting/_class_steps.py) against the full computation at a vector.

The hull, the corners and the ROC area found from the rows kept once must be
those of ``ovr.at_priors(vector)`` computed over every row, at random vectors,
with tied scores and with weights; the rows kept for drawing must leave out
no row whose precision differs from its kept neighbour's by more than the
documented bound.
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.metrics.auc import aucpr, polyline_corners, roc_auc
from skewplot.metrics.hull import roc_convex_hull
from skewplot.plotting import _class_steps, _decimate, _display
from skewplot.plotting._class_steps import LOG_CELL, class_hull, corner_rows, drawn_rows, first_recall, roc_area
from skewplot.plotting._per_class import class_space_display


def _ovr(rng, n=3000, ties=False, weighted=False):
    y = rng.integers(0, 4, n)
    s = rng.random((n, 4)) + 0.5 * np.eye(4)[y]
    return sp.one_vs_rest(y, np.round(s, 2) if ties else s, sample_weight=rng.random(n) + 0.1 if weighted else None)


@pytest.mark.parametrize("ties, weighted", [(False, False), (True, False), (False, True), (True, True)])
def test_hull_corners_and_roc_area_at_random_vectors_are_the_full_computations(ties, weighted):
    rng = np.random.default_rng(5)
    ovr = _ovr(rng, ties=ties, weighted=weighted)
    for p in rng.dirichlet(np.full(4, 0.7), 3):
        priors = dict(zip(ovr.classes, p, strict=True))
        moved = ovr.at_priors(priors)
        for k in ovr.classes:
            pts = moved[k]
            np.testing.assert_array_equal(class_hull(ovr, k, pts), roc_convex_hull(pts))
            corners = polyline_corners(pts)
            np.testing.assert_array_equal(pts.fpr[corner_rows(ovr, k)], corners.fpr)
            np.testing.assert_array_equal(pts.tpr[corner_rows(ovr, k)], corners.tpr)
            assert roc_area(ovr, k, priors) == pytest.approx(roc_auc(pts), rel=1e-13, abs=1e-15)
            area = _class_steps.class_aucpr(ovr, k, pts, priors[k])  # the rising segments among the corners
            assert area == pytest.approx(aucpr(pts, skew=priors[k]), rel=1e-12)


def test_the_hull_rows_are_the_staircase_rows_on_the_hull_of_the_class_rates():
    """Of the staircase only the vertices of the hull of (TPR, F_j ...) can be hull vertices at a vector: at 4 classes
    a few percent of it (the exactness at random vectors is the test above); more classes than qhull is asked
    for, or too few rows, keep the whole staircase."""
    from skewplot.metrics.hull import _ordered_pareto

    rng = np.random.default_rng(14)
    ovr = _ovr(rng, n=20_000)
    own = ovr[0]
    staircase = _ordered_pareto(own.tpr, own.fpr)
    rows = _class_steps.hull_rows(ovr, 0)
    assert np.isin(rows, staircase).all() and rows.size < staircase.size // 10
    rates = ovr._counts[0][staircase] / ovr._counts[0][-1]
    assert _class_steps._extreme(np.tile(rates, 2)).size == rates.shape[0]  # 8 columns: not asked
    assert _class_steps._extreme(rates[:12]).size == 12
    flat = np.column_stack([rates[:, :2], rates[:, 1]])  # one rate repeated: a flat set, qhull refuses it
    assert _class_steps._extreme(flat).size == rates.shape[0]


def test_the_hull_is_exact_whatever_the_previous_step_left_to_start_from(monkeypatch):
    """``class_hull`` filters from the hull of the class's previous call: a start from another vector, or
    positions that were never a hull, must still give ``roc_convex_hull`` itself (a start is never a result)."""
    monkeypatch.setattr(_class_steps, "_SAMPLE", 8)  # the filter runs at this size
    rng = np.random.default_rng(8)
    ovr = _ovr(rng, n=2000, ties=True)
    rows = _class_steps.hull_rows(ovr, 0)
    starts = [None, np.arange(1, 5), np.arange(rows.size - 6, rows.size - 1), rng.choice(rows.size, 7, replace=False)]
    for p, start in zip(rng.dirichlet(np.full(4, 0.5), len(starts)), starts, strict=True):
        pts = ovr.at_priors(dict(zip(ovr.classes, p, strict=True)))[0]
        latest = _class_steps._own(ovr, 0)._memo("latest_hull", dict)
        if start is not None:
            latest["at"] = np.sort(start)
        np.testing.assert_array_equal(class_hull(ovr, 0, pts), roc_convex_hull(pts))
        assert latest["at"].size < rows.size // 4  # the next call starts from this hull


def test_the_drawn_rows_leave_out_only_rows_within_the_bound_at_any_vector():
    rng = np.random.default_rng(6)
    ovr = _ovr(rng, n=40_000)
    k = 0
    rows = drawn_rows(ovr, k)
    assert rows[0] == 0 and rows[-1] == len(ovr[k]) - 1
    assert rows.size < 0.6 * len(ovr[k])  # rows are left out (the first thousand of each class are all kept)
    c = ovr._counts[k]
    # every class's count (plus its first step) grows by less than exp(LOG_CELL) between kept neighbours
    gap = np.flatnonzero(np.diff(rows) > 1)
    a, b = rows[gap], rows[gap + 1]
    assert (np.log1p(c[b]) - np.log1p(c[a]) < LOG_CELL).all()
    for p in ([0.01, 0.3, 0.3, 0.39], [0.9, 0.02, 0.05, 0.03]):
        pts = ovr.at_priors(dict(zip(ovr.classes, p, strict=True)))[k]
        prec = np.where(pts.tpr > 0, pts.tp / np.maximum(pts.tp + pts.fp, 1e-300), np.nan)
        owner = rows[np.searchsorted(rows, np.arange(len(pts)), side="right") - 1]  # the kept row before each
        dev = np.abs(prec - prec[owner])
        assert np.nanmax(dev) < 1e-3  # 0.1 % of the precision axis: a fraction of a pixel


@pytest.mark.slow
def test_a_step_of_the_displays_at_random_vectors_is_the_computation_from_scratch(monkeypatch):
    """The widgets' step (counts summed only at the rows read, the hull from the candidates above a sample's hull,
    the rows at a 100-pixel figure) against ``ovr.at_priors`` and the metrics over every row."""
    import matplotlib.pyplot as plt

    from skewplot.plotting.cost import CostDisplay
    from skewplot.plotting.fmeasure import FMeasureDisplay
    from skewplot.plotting.pr import PRDisplay
    from skewplot.plotting.roc import ROCDisplay

    monkeypatch.setattr(_class_steps, "_SAMPLE", 8)  # the sample's hull filters at this size too
    monkeypatch.setattr(_class_steps, "_HULL_CLASSES", 0)  # ... on the whole staircase (the rates' hull cuts it)
    monkeypatch.setattr(_display, "curve_bins", lambda ax: 100)  # the lines drawn from the kept rows
    monkeypatch.setattr(_display.Display, "_place_legend", lambda self, *a, **k: None)  # seconds, not tested here
    rng = np.random.default_rng(7)
    ovr = _ovr(rng, n=1000, ties=True, weighted=True)
    fig = plt.figure(figsize=(6, 6))
    try:
        d = {base: class_space_display(base, ovr, ovr.priors, ax=fig.add_subplot(2, 2, i + 1))
             for i, base in enumerate((PRDisplay, ROCDisplay, CostDisplay, FMeasureDisplay))}
        names = d[PRDisplay].class_names
        for p in rng.dirichlet(np.full(4, 0.7), 3):
            priors = dict(zip(ovr.classes, p, strict=True))
            for disp in d.values():
                disp.update(priors=priors, draw=False)
            moved, ref = _class_steps.at_priors_once(ovr, priors), ovr.at_priors(priors)
            areas = sp.aucpr(ovr, skew=priors)
            for name, k in names.items():
                full = ref[k]
                np.testing.assert_array_equal(moved[k].tp, full.tp)  # the same doubles, summed where read
                np.testing.assert_array_equal(moved[k].fp, full.fp)
                assert first_recall(ovr, k, moved[k]) == full.tpr[full.tpr > 0][0]
                assert d[PRDisplay].aucs_[name] == pytest.approx(areas[k], rel=1e-12)
                assert d[ROCDisplay].aucs_[name] == pytest.approx(roc_auc(full), rel=1e-12)
                hull = roc_convex_hull(full)
                assert hull.size < len(_class_steps.hull_rows(ovr, k)) // 4  # the sample's filter ran
                for base in (CostDisplay, FMeasureDisplay):
                    (on,) = d[base]._hulls[name]
                    np.testing.assert_array_equal(on.fpr, full.fpr[hull])
                    np.testing.assert_array_equal(on.tpr, full.tpr[hull])
    finally:
        plt.close(fig)


@pytest.mark.slow  # 1.5 s
def test_the_cost_panel_keeps_the_frontiers_of_the_hulls_it_draws_only():
    """A prior step makes new hulls: the frontiers of earlier steps' hulls are not kept (a long session's memory)."""
    import matplotlib.pyplot as plt

    from skewplot.plotting.cost import CostDisplay

    rng = np.random.default_rng(3)
    ovr = _ovr(rng, n=400)
    fig = plt.figure(figsize=(3, 3))
    try:
        disp = class_space_display(CostDisplay, ovr, ovr.priors, ax=fig.add_subplot())
        for p in rng.dirichlet(np.ones(4), 6):
            disp.update(priors=dict(zip(ovr.classes, p, strict=True)), draw=False)
        drawn = {id(h) for hulls in disp._hulls.values() for h in hulls}
        assert set(disp._frontiers) <= drawn
        assert len(disp._frontiers) <= len(drawn)
    finally:
        plt.close(fig)


@pytest.mark.parametrize("ties", [False, True])
def test_a_step_of_one_class_prior_reuses_that_class_rows_and_they_are_the_full_computation(monkeypatch, ties):
    """The explorer's slider moves class k's prior and scales the others together: class k's rest keeps its
    composition, so its hull's rows are found once (not at every step) and are ``roc_convex_hull`` of its points at
    each vector; another class's rest changes with every step, and its hull is found again."""
    from skewplot.widgets.classes import class_priors

    monkeypatch.setattr(_class_steps, "_SAMPLE", 8)
    rng = np.random.default_rng(11)
    ovr = _ovr(rng, n=2000, ties=ties)
    base = ovr.priors
    found = []
    rows = _class_steps.hull_rows  # read by every computation of a class's hull
    monkeypatch.setattr(_class_steps, "hull_rows", lambda o, k: (found.append(k), rows(o, k))[1])
    steps = (0.02, 0.3, 0.7, 0.15)
    for p in steps:
        priors = class_priors(base, 1, p)
        moved = ovr.at_priors(priors)
        for k in ovr.classes:
            np.testing.assert_array_equal(class_hull(ovr, k, moved[k], priors), roc_convex_hull(moved[k]))
    assert found.count(1) == 1 and all(found.count(k) == len(steps) for k in (0, 2, 3))


def test_the_pr_bins_are_cut_once_per_class_and_width(monkeypatch):
    """A PR curve's bins follow the class's TPR, the same at every vector: cut at the first step, not at each."""
    import matplotlib.pyplot as plt

    from skewplot.plotting.pr import PRDisplay

    monkeypatch.setattr(_display, "curve_bins", lambda ax: 100)  # thinned at this size
    cut = []
    bins = _class_steps.decimation_bins
    monkeypatch.setattr(_class_steps, "decimation_bins", lambda x, n: (cut.append(n), bins(x, n))[1])
    rng = np.random.default_rng(12)
    ovr = _ovr(rng, n=3000)
    fig = plt.figure(figsize=(3, 3))
    try:
        disp = class_space_display(PRDisplay, ovr, ovr.priors, ax=fig.add_subplot())
        for p in rng.dirichlet(np.full(4, 0.7), 2):
            priors = dict(zip(ovr.classes, p, strict=True))
            disp.update(priors=priors, draw=False)
            for name, k in disp.class_names.items():  # M4 in the class's bins: each bin's ends and extremes
                pts = disp.points[name]
                kept = disp._reduced[id(pts)]
                assert kept.tpr[0] == 0.0 and kept.tpr[-1] == 1.0 and len(kept) < len(pts) // 4
                key = np.where(kept.tpr > 0, kept.fpr / np.where(kept.tpr > 0, kept.tpr, 1.0), np.inf)
                full = pts._take(drawn_rows(ovr, k))
                lo = np.where(full.tpr > 0, full.fpr / np.where(full.tpr > 0, full.tpr, 1.0), np.inf)
                assert np.isin(key.min(), lo) and key[1:].max() == lo[1:].max()
        assert cut == [100] * len(ovr)
    finally:
        plt.close(fig)


def test_the_rising_key_decimation_keeps_the_general_rules_indices():
    """``decimation_indices(..., rising=True)`` (a ROC curve's TPR along its FPR, which every class's prior step
    thins again): the indices of the M4 rule itself, with runs of equal x and of equal keys across bins."""
    rng = np.random.default_rng(13)
    for n, n_bins in ((5000, 50), (20_000, 400), (3000, 10)):
        x = np.sort(np.round(rng.random(n) ** 2, 3))  # runs of one x
        key = np.sort(np.round(rng.random(n), 2))  # runs of one key, some across bins
        key[n // 2:n // 2 + n // 5] = key[n // 2]  # a key flat over several bins
        np.testing.assert_array_equal(_decimate.decimation_indices(x, key, n_bins, rising=True),
                                      _decimate.decimation_indices(x, key, n_bins))
