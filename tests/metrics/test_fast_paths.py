"""The fast paths of the kernels and the areas against the straightforward formulas.

The hard-label kernel (value sort, staircase counts, thresholds read
backwards from the sort buffer) is checked against a brute-force count per
threshold; every area computed on the points where recall grows
(``OperatingPoints._area_points``) against the same formula summed over every
segment of the full curve, on random data with ties and weights.
"""

import os
import pickle
import threading

import numpy as np
import pytest
from sklearn.metrics import average_precision_score

import skewplot as sp
from skewplot.metrics._labels import positive_mask
from skewplot.metrics._sorting import _SLICE, has_ties
from skewplot.metrics.auc import _trapezoid, continuous_segment_area, stepped_curve
from skewplot.metrics.counting import MOST, Staircase, hard_label_counts
from skewplot.metrics.precision import curve_rates


def brute_counts(y, s, w=None):
    """Distinct thresholds (decreasing, ``inf`` first) and the weight at or above each, by a double loop."""
    w = np.ones(s.size) if w is None else w
    thr = np.concatenate(([np.inf], np.unique(s[w > 0])[::-1]))
    tp = np.array([w[(s >= t) & (y == 1)].sum() for t in thr])
    fp = np.array([w[(s >= t) & (y == 0)].sum() for t in thr])
    return thr, tp, fp


def data(rng, n, kind, pos_frac):
    y = (rng.random(n) < pos_frac).astype(int)
    y[:2] = [0, 1]
    s = rng.normal(size=n) + y
    if kind == "ties":
        s = np.round(s, 1)
    elif kind == "few":
        s = rng.integers(0, 3, n).astype(float)
    elif kind == "constant":
        s = np.full(n, 0.25)
    return y, s


KINDS = ["continuous", "ties", "few", "constant"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("pos_frac", [0.02, 0.5, 0.9])
def test_hard_kernel_equals_brute_force(rng, kind, pos_frac):
    y, s = data(rng, 400, kind, pos_frac)
    pts = sp.operating_points(y, s)
    thr, tp, fp = brute_counts(y, s)
    np.testing.assert_array_equal(pts.thresholds, thr)
    np.testing.assert_array_equal(pts.tp, tp)
    np.testing.assert_array_equal(pts.fp, fp)
    np.testing.assert_array_equal(pts.tpr, tp / tp[-1])
    np.testing.assert_array_equal(pts.fpr, fp / fp[-1])
    assert not pts.thresholds.flags.writeable and not pts.tp.flags.writeable


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("pos_frac", [0.02, 0.5, 0.9])
def test_live_segments_are_exactly_where_tp_grows(rng, kind, pos_frac):
    y, s = data(rng, 300, kind, pos_frac)
    _, tp, _, live = hard_label_counts(s, y == 1)
    gaining = np.flatnonzero(np.diff(tp) > 0)
    if isinstance(live, str):  # every point: only where at least a quarter of the segments gain recall
        assert live == MOST and 4 * gaining.size >= tp.size - 1
    else:
        np.testing.assert_array_equal(live, gaining)
    soft = sp.OperatingPoints.from_weights(s, rng.random(s.size))
    assert soft._live == MOST  # every point carries positive weight
    sparse = sp.operating_points(y, s, sample_weight=rng.random(s.size))
    gaining = np.flatnonzero(np.diff(sparse.tp) > 0)
    if 2 * gaining.size > len(sparse) - 1:
        assert sparse._live == MOST
    else:
        np.testing.assert_array_equal(sparse._live, gaining)


def test_weighted_kernel_equals_brute_force(rng):
    y, s = data(rng, 300, "ties", 0.3)
    w = rng.exponential(size=y.size)
    w[rng.random(y.size) < 0.1] = 0.0
    pts = sp.operating_points(y, s, sample_weight=w)
    thr, tp, fp = brute_counts(y, s, w)
    np.testing.assert_array_equal(pts.thresholds, thr)
    np.testing.assert_allclose(pts.tp, tp, rtol=1e-13)
    np.testing.assert_allclose(pts.fp, fp, rtol=1e-13)


@pytest.mark.parametrize("bad, what", [(np.nan, "NaN"), (np.inf, "infinite"), (-np.inf, "infinite")])
def test_hard_kernel_rejects_non_finite_scores_found_at_the_sorted_ends(bad, what):
    s = np.linspace(0, 1, 50)
    s[17] = bad
    with pytest.raises(ValueError, match=f"y_score contains {what}"):
        sp.operating_points(np.arange(50) % 2, s)


# ------------------------------------------------------------------ areas

def full_areas(pts, model):
    """Every area by its formula over every segment of the full curve (no reduction)."""
    tpr, fpr = np.array(pts.tpr), np.array(pts.fpr)
    prec = np.asarray(model.precision(*curve_rates(pts)), dtype=float)
    d_rec = np.diff(tpr)
    out = {
        "continuous": float(model.aucpr(tpr, fpr)),
        "step": float(np.sum(d_rec * prec[1:])),
        "trapezoid": float(np.sum(d_rec * 0.5 * (prec[1:] + prec[:-1]))),
        "roc": _trapezoid(fpr, tpr),
    }
    if isinstance(model, sp.FixedSkew):
        out["fixed-formula"] = float(continuous_segment_area(tpr, fpr, model.value).sum())
        n_neg = pts.n_pos * (1.0 - model.value) / model.value
        for along in ("tp", "fp"):
            out["discrete-" + along] = _trapezoid(*stepped_curve(tpr * pts.n_pos, fpr * n_neg, pts.n_pos, along))
    return out


def fast_areas(pts, skew, model):
    out = {scheme: sp.aucpr(pts, skew=skew, interpolation=scheme) for scheme in ("continuous", "step", "trapezoid")}
    out["roc"] = sp.roc_auc(pts)
    if isinstance(model, sp.FixedSkew):
        out["fixed-formula"] = out["continuous"]
        for along in ("tp", "fp"):
            out["discrete-" + along] = sp.aucpr(pts, skew=skew, interpolation="discrete-" + along)
    return out


SKEWS = [None, 0.05, 0.7, (0.01, 0.4), "series"]


@pytest.mark.parametrize("kind", ["continuous", "ties", "few"])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("skew", SKEWS)
def test_areas_on_the_reduced_points_equal_the_full_formulas(rng, kind, weighted, skew):
    y, s = data(rng, 600, kind, 0.1)
    w = rng.exponential(size=y.size) if weighted else None
    pts = sp.operating_points(y, s, sample_weight=w)
    if skew == "series":
        skew = sp.SkewSeries(np.linspace(0.02, 0.3, 7))
    model = sp.as_skew(skew, default=pts.skew)
    reduced = pts._area_points()
    assert len(reduced) < len(pts) or kind != "continuous"  # few distinct scores: all points kept
    want = full_areas(pts, model)
    got = fast_areas(pts, skew, model)
    for key, value in want.items():
        assert got[key] == pytest.approx(value, rel=1e-14, abs=1e-16), key


@pytest.mark.parametrize("skew", [None, 0.05])
def test_areas_summed_in_slices_equal_one_sum_over_a_long_curve(rng, skew):
    # 40 000 soft-labelled points: every segment gains recall, so the areas run over many slices.
    y, s = data(rng, 40_000, "continuous", 0.3)
    pts = sp.OperatingPoints.from_weights(s, np.clip(0.7 * y + 0.3 * rng.random(y.size), 0, 1))
    model = sp.as_skew(skew, default=pts.skew)
    want = full_areas(pts, model)
    got = fast_areas(pts, skew, model)
    for key in ("continuous", "fixed-formula", "step", "trapezoid", "roc"):
        assert got[key] == pytest.approx(want[key], rel=1e-14), key


def test_reduced_points_keep_the_polyline(rng):
    y, s = data(rng, 2000, "continuous", 0.05)
    pts = sp.operating_points(y, s)
    red = pts._area_points()
    assert red.tpr[0] == 0 and red.fpr[0] == 0 and red.tpr[-1] == 1 and red.fpr[-1] == 1
    # Every dropped point lies on the straight horizontal run between its kept neighbours.
    kept = np.isin(pts.thresholds, red.thresholds)
    j = np.searchsorted(np.flatnonzero(kept), np.flatnonzero(~kept))
    left = np.flatnonzero(kept)[j - 1]
    np.testing.assert_array_equal(pts.tpr[~kept], pts.tpr[left])
    np.testing.assert_array_equal(red.tp, pts.tp[kept])
    np.testing.assert_array_equal(red.tpr, pts.tpr[kept])


@pytest.mark.parametrize("seed", range(4))
def test_average_precision_equals_sklearn_to_1e_15(seed):
    rng = np.random.default_rng(seed)
    y, s = data(rng, 100_000, "continuous", 0.01)
    pts = sp.operating_points(y, s)
    assert abs(sp.average_precision(pts) - average_precision_score(y, s)) <= 1e-15


def test_lazy_rates_and_pickle(rng):
    import pickle

    y, s = data(rng, 200, "ties", 0.3)
    pts = sp.operating_points(y, s)
    back = pickle.loads(pickle.dumps(pts))
    np.testing.assert_array_equal(back.tpr, pts.tp / pts.n_pos)
    np.testing.assert_array_equal(back.thresholds, pts.thresholds)
    assert len(back) == len(pts) == pts.tp.size


# ------------------------------------------------------------------ labels and settings

@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.bool_, np.int64, np.float32])
def test_positive_mask_fast_paths(dtype):
    y = np.array([0, 1, 1, 0, 1], dtype=dtype)
    mask = positive_mask(y, None)
    np.testing.assert_array_equal(mask, [False, True, True, False, True])
    assert mask.dtype == bool
    if np.dtype(dtype).itemsize == 1:  # a read-only view of the labels themselves
        assert np.shares_memory(mask, y) and not mask.flags.writeable
    signed = np.array([-1, 1, 1, -1], dtype=np.int8)
    np.testing.assert_array_equal(positive_mask(signed, None), [False, True, True, False])
    with pytest.raises(ValueError, match="more than two classes"):
        positive_mask(np.array([0, 1, 2], dtype=np.int8), None)


def test_n_threads_setting_environment_and_affinity(monkeypatch):
    from skewplot import _config

    monkeypatch.delenv("SKEWPLOT_NUM_THREADS", raising=False)
    old = sp.set_config(n_threads=None)
    try:
        assert sp.get_config()["n_threads"] == min(len(os.sched_getaffinity(0)), 8)
        monkeypatch.setenv("SKEWPLOT_NUM_THREADS", "3")
        assert sp.get_config()["n_threads"] == 3
        sp.set_config(n_threads=2)
        assert sp.get_config()["n_threads"] == 2  # the setting wins over the environment
        sp.set_config(n_threads=None)
        monkeypatch.setenv("SKEWPLOT_NUM_THREADS", "many")
        with pytest.raises(ValueError, match="SKEWPLOT_NUM_THREADS must be a positive integer"):
            _config.n_threads()
        with pytest.raises(ValueError, match="n_threads must be a positive integer"):
            sp.set_config(n_threads=0)
        with pytest.raises(TypeError, match="n_threads must be a positive integer"):
            sp.set_config(n_threads=1.5)
    finally:
        sp.set_config(**old)


def test_threads_only_while_cores_are_idle(monkeypatch):
    from skewplot import _config
    from skewplot.metrics import _sorting

    old = sp.set_config(n_threads=2)
    used = []
    real = _sorting.sorted_and_order
    monkeypatch.setattr("skewplot.metrics.counting.sorted_and_order",
                        lambda a, n_threads: used.append(n_threads) or real(a, n_threads=n_threads))
    try:
        cores = len(os.sched_getaffinity(0))
        for others, want in ((0, 2), (cores - 1, 1), (None, 2)):
            monkeypatch.setattr(_config, "_others_running", lambda others=others: others)
            assert _config.spare_threads() == want
            sp.OperatingPoints.from_weights([0.3, 0.1, 0.2], [0.5, 0.2, 1.0])
            assert used[-1] == want
    finally:
        sp.set_config(**old)


def test_others_running_reads_the_count_now_else_the_load_average(monkeypatch, tmp_path):
    from skewplot import _config

    real_open = open

    def fake(text):
        monkeypatch.setattr("builtins.open", lambda path, *a, **k: (
            real_open(tmp_path / "loadavg", *a, **k) if path == "/proc/loadavg" else real_open(path, *a, **k)))
        (tmp_path / "loadavg").write_text(text)

    fake("9.50 9.00 8.00 3/283 4242\n")  # a long average, but 3 running now: this one and two others
    assert _config._others_running() == 2
    fake("garbled\n")  # unreadable: the 1-minute load average, less this process
    monkeypatch.setattr("os.getloadavg", lambda: (2.5, 1.0, 1.0))
    assert _config._others_running() == 1.5
    monkeypatch.setattr("os.getloadavg", lambda: (0.2, 1.0, 1.0))
    assert _config._others_running() == 0.0


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_large_half_positive_input_takes_the_dense_paths_and_equals_sklearn(rng):
    from sklearn.metrics import roc_curve

    y, s = data(rng, 60_000, "continuous", 0.5)
    pts = sp.operating_points(y, s)
    fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_array_equal(pts.tpr, tpr)
    np.testing.assert_array_equal(pts.fpr, fpr)
    np.testing.assert_array_equal(pts.thresholds[1:], thr[1:])
    assert sp.average_precision(pts) == pytest.approx(average_precision_score(y, s), abs=1e-15)


# ------------------------------------------------------------------ key sort of the weighted kernel

def near_tied(rng, n):
    """Scores that differ only in their last mantissa bits: the truncated keys tie, the scores do not."""
    base = rng.choice([-1.5, -0.0, 0.0, 1e-300, 0.75, 3.0], size=n)
    return base + np.where(base == 0, 0.0, np.abs(base)) * rng.integers(-2**12, 2**12, n) * 2.0**-52


@pytest.mark.parametrize("kind", ["normal", "near-tied", "rounded", "strided", "tiny"])
@pytest.mark.parametrize("n", [1, 2, 7, 5000])
def test_key_sort_orders_exactly_like_a_sort(rng, kind, n):
    from skewplot.metrics._sorting import sorted_and_order

    s = {"normal": lambda: rng.normal(size=n), "near-tied": lambda: near_tied(rng, n),
         "rounded": lambda: np.round(rng.normal(size=n), 1), "strided": lambda: rng.normal(size=2 * n)[::2],
         "tiny": lambda: rng.normal(size=n) * 1e-310}[kind]()
    for threads in (1, 2):
        thr, order, spare, tied = sorted_and_order(s, n_threads=threads)
        assert tied == (np.unique(s).size < n)  # -0.0 and 0.0 tie
        np.testing.assert_array_equal(thr, np.append(np.inf, np.sort(s)[::-1]))
        np.testing.assert_array_equal(s[order], np.sort(s)[::-1])  # decreasing, ties in any order
        np.testing.assert_array_equal(np.sort(order), np.arange(n))
        assert spare.size == n + 1 and spare.dtype == float


def test_key_sort_uses_a_second_thread_above_its_threshold(rng, monkeypatch):
    from skewplot.metrics import _sorting

    monkeypatch.setattr(_sorting, "_PARALLEL_MIN", 100)
    monkeypatch.setattr(_sorting, "_SLICE", 256)  # the two threads build the keys of both halves
    real, where = _sorting._sorted_with_ties, []
    monkeypatch.setattr(_sorting, "_sorted_with_ties",
                        lambda *a: where.append(threading.current_thread().name) or real(*a))
    s = near_tied(rng, 3000)
    thr, order, _, tied = _sorting.sorted_and_order(s, n_threads=2)
    np.testing.assert_array_equal(s[order], thr[1:])
    assert tied and where == [where[0]] and where[0].startswith("skewplot")  # sorted in the pool's thread
    one = _sorting.sorted_and_order(s, n_threads=1)  # gathered in the key order instead: the same thresholds
    assert len(where) == 1 and one[3]
    np.testing.assert_array_equal(one[0], thr)


@pytest.mark.parametrize("kind", ["near-tied", "rounded"])
def test_soft_label_kernel_on_near_ties_equals_brute_force(rng, kind):
    s = near_tied(rng, 400) if kind == "near-tied" else np.round(rng.normal(size=400), 1)
    soft = rng.random(s.size)
    soft[:3] = [0.0, 1.0, 0.0]
    pts = sp.OperatingPoints.from_weights(s, soft)
    thr = np.concatenate(([np.inf], np.unique(s)[::-1]))
    tp = np.array([soft[s >= t].sum() for t in thr])
    fp = np.array([(1 - soft[s >= t]).sum() for t in thr])
    np.testing.assert_array_equal(pts.thresholds, thr)
    np.testing.assert_allclose(pts.tp, tp, rtol=1e-13, atol=1e-12)
    np.testing.assert_allclose(pts.fp, fp, rtol=1e-13, atol=1e-12)
    w = rng.exponential(size=s.size)
    both = sp.OperatingPoints.from_weights(s, soft * w, (1 - soft) * w)
    np.testing.assert_allclose(both.tp, [(soft * w)[s >= t].sum() for t in thr], rtol=1e-13, atol=1e-12)


def test_areas_from_counts_need_no_rate_arrays(rng):
    s = rng.normal(size=50_000)
    soft = rng.random(s.size)
    pts = sp.OperatingPoints.from_weights(s, soft)
    fast = (sp.aucpr(pts), sp.average_precision(pts), sp.aucpr(pts, interpolation="trapezoid"))
    assert pts._tpr is None and pts._fpr is None  # summed slice by slice from the counts
    tpr, fpr = pts.tpr, pts.fpr  # now stored: the same areas from the stored rates and the full formulas
    prec = np.asarray(pts.skew and sp.FixedSkew(pts.skew).precision(*curve_rates(pts)))
    full = (float(continuous_segment_area(tpr, fpr, pts.skew).sum()), float(np.sum(np.diff(tpr) * prec[1:])),
            float(np.sum(np.diff(tpr) * 0.5 * (prec[1:] + prec[:-1]))))
    np.testing.assert_allclose(fast, full, rtol=1e-14)
    assert (sp.aucpr(pts), sp.average_precision(pts)) == pytest.approx(fast[:2], rel=1e-15)


def test_soft_label_areas_equal_the_full_formula_and_sklearn(rng):
    s = rng.normal(size=40_000)
    soft = rng.random(s.size)
    pts = sp.OperatingPoints.from_weights(s, soft)
    fast = (sp.aucpr(pts), sp.average_precision(pts))
    assert fast == pytest.approx((float(continuous_segment_area(pts.tpr, pts.fpr, pts.skew).sum()),
                                  average_precision_score(np.r_[np.ones(s.size), np.zeros(s.size)],
                                                          np.r_[s, s], sample_weight=np.r_[soft, 1 - soft])),
                                 rel=1e-13)


@pytest.mark.parametrize("pos_frac", [0.01, 0.2, 0.5, 0.9])
def test_lazy_staircase_counts_equal_brute_force(rng, pos_frac):
    # Untied hard labels keep tp/fp as staircases: areas read them at a few points (Staircase.at) before any
    # array exists; the arrays, the rates, len and pickling must all equal the brute-force counts.
    y, s = data(rng, 600, "continuous", pos_frac)
    pts = sp.operating_points(y, s)
    lazy = pos_frac < 0.25  # only then do the areas need counts at few points
    assert isinstance(pts._tp, Staircase) == lazy and isinstance(pts._fp, Staircase) == lazy
    thr, tp, fp = brute_counts(y, s)
    assert len(pts) == thr.size and (pts.n_pos, pts.n_neg) == (tp[-1], fp[-1])
    idx = np.sort(rng.choice(thr.size, 50, replace=False))
    part = pts._take(idx)
    np.testing.assert_array_equal(part.tp, tp[idx])
    np.testing.assert_array_equal(part.fp, fp[idx])
    full = sp.OperatingPoints.from_counts(tp, fp, tp[-1], fp[-1], thresholds=thr)
    for kind in ("continuous", "discrete-tp", "trapezoid"):
        assert sp.aucpr(pts, interpolation=kind) == sp.aucpr(full, interpolation=kind)
    assert sp.average_precision(pts) == sp.average_precision(full)
    assert isinstance(pts._tp, Staircase) == lazy  # few positives: the areas did not need the arrays
    again = pickle.loads(pickle.dumps(pts))
    for p in (pts, again):
        np.testing.assert_array_equal(p.tp, tp)
        np.testing.assert_array_equal(p.fp, fp)
        np.testing.assert_array_equal(p.tpr, tp / tp[-1])
        assert not p.tp.flags.writeable and not p.fp.flags.writeable


@pytest.mark.parametrize("where", [0, _SLICE - 1, _SLICE, 2 * _SLICE + 1])
def test_has_ties_sees_a_tie_at_any_slice_boundary(where):
    s = np.arange(2 * _SLICE + 3, dtype=float)
    assert not has_ties(s) and not has_ties(s[:1]) and not has_ties(s[:0])
    s[where + 1] = s[where]
    assert has_ties(s)


@pytest.mark.parametrize("bits", [0x7FF8000000000000, 0xFFF8000000000000, 0x7FF0000000000001, 0xFFF0000000000001,
                                  0x7FF0000000000000, 0xFFF0000000000000])
@pytest.mark.parametrize("threads", [1, 2])
def test_any_nan_or_infinity_reaches_an_end_of_the_key_order(rng, monkeypatch, bits, threads):
    """NaNs of either sign and any payload, and infinities: the weighted kernel sees them at an end and refuses."""
    from skewplot.metrics import _sorting

    monkeypatch.setattr(_sorting, "_PARALLEL_MIN", 100)
    monkeypatch.setattr(_sorting, "_SLICE", 256)
    s = rng.normal(size=3000)
    s[1234] = np.array([bits], dtype=np.uint64).view(float)[0]
    thr = _sorting.sorted_and_order(s, n_threads=threads)[0]
    assert not np.all(np.isfinite(thr[[1, -1]]))
    old = sp.set_config(n_threads=threads)
    try:
        with pytest.raises(ValueError, match="y_score contains (NaN|infinite)"):
            sp.OperatingPoints.from_weights(s, rng.random(s.size))
    finally:
        sp.set_config(**old)


@pytest.mark.parametrize("complement", [False, True])
def test_the_vertical_segments_area_is_the_general_kernels_doubles(complement):
    """``continuous_segment_area(..., vertical=True)`` on segments of constant FPR: the same doubles as the
    general steps, at skews down to subnormal ones, with segments from the origin, on the FPR = 0 axis, of no
    length, long and short, and one row per skew."""
    rng = np.random.default_rng(21)
    n = 400
    tpr = np.sort(rng.random(n + 1) ** 3)
    tpr[:4], tpr[4], tpr[-3:] = 0.0, 1e-310, 1.0  # a subnormal start: y overflows
    tpr[100:103] = tpr[100]  # no length
    fpr = np.sort(rng.random(n) ** 2)
    fpr[:30] = 0.0
    fpr[200:] *= 1e-9
    seg_t = np.asfortranarray(np.column_stack([tpr[:-1], tpr[1:]]))
    seg_f = np.asfortranarray(np.column_stack([fpr, fpr]))
    skews = [1e-320, 1e-300, 1e-20, 1e-6, 0.01, 0.3, 0.5, 0.9, 1 - 1e-12]
    for pi in [*skews, np.array(skews)[:, None, None]]:
        general = continuous_segment_area(seg_t, seg_f, pi, complement=complement)
        fast = continuous_segment_area(seg_t, seg_f, pi, complement=complement, vertical=True)
        np.testing.assert_array_equal(fast, general)
        assert np.signbit(fast).tolist() == np.signbit(general).tolist()
