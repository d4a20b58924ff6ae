"""Bootstrap confidence intervals of the AUCPR at any skew, under any skew model."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from .._defaults import N_BOOT_INTERVAL
from .._memory import check_memory, check_work
from .._progress import bar, check_progress
from .._validate import (
    check_1d_array,
    check_bool,
    check_choice,
    check_int,
    check_nonnegative,
    check_same_length,
    check_scalar,
    check_scores,
    renamed_keywords,
)
from ..metrics._inputs import skew_by_name
from ..metrics._labels import positive_mask
from ..metrics.auc import INTERPOLATIONS, aucpr, normalized_aucpr
from ..metrics.points import OperatingPoints
from ..metrics.precision import skew_model_of
from ..skew import FixedSkew, SkewModel
from . import _intervals, _resample
from ._checks import as_generator
from ._inputs import labelled_rows, rows_of_points

__all__ = ["BootstrapResult", "aucpr_ci"]

METHODS = _intervals.METHODS
# Leave-block-out evaluations per pool for the BCa acceleration (exact jackknife below this many rows).
_JACK_BLOCKS = 100
# Leave-block-out curves evaluated together.
_JACK_ROWS = 16


@dataclass(frozen=True, repr=False)  # the shared __repr__
class BootstrapResult(_intervals.IntervalResult):
    """Result of :func:`skewplot.aucpr_ci` (immutable).

    Attributes
    ----------
    estimate : float
        The AUC on the data (equal to :func:`skewplot.aucpr`).
    low, high : float
        The confidence interval.
    se : float
        Standard deviation of the bootstrap distribution.
    distribution : ndarray of shape (n_boot,)
        The bootstrap replicates of the AUC.
    confidence : float
    method : str
    n_boot : int
    """

    estimate: float
    low: float
    high: float
    se: float

    @property
    def bias(self) -> float:
        """Mean of the replicates minus the estimate."""
        return float(self.distribution.mean() - self.estimate)


# --------------------------------------------------------------------------- checks


def check_bootstrap_args(confidence, n_boot, method, stratified):
    """Shared checks of :func:`aucpr_ci` and :func:`skewplot.stats.compare`: ``(confidence, n_boot, stratified)``."""
    stratified = check_bool(stratified, "stratified")
    confidence = check_scalar(confidence, "confidence", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    n_boot = check_int(n_boot, "n_boot", lo=1)
    if n_boot < 100:
        warnings.warn(f"n_boot={n_boot} is small: interval ends from fewer than 100 replicates are noisy "
                      "(use 1000 or more for 95 % intervals)", UserWarning, stacklevel=3)
    check_choice(method, "interval", METHODS)
    return confidence, n_boot, stratified


def read_rows(y_true, scores, sample_weight, pos_label):
    """Checked labels, scores (a list, one per classifier) and weights; zero-weight rows dropped."""
    if y_true is None:
        raise TypeError("y_true must be an array-like of labels, got None")
    y = np.asarray(y_true)
    score_list = []
    for name, s in scores:
        s = check_scores(s, name)
        check_same_length(("y_true", y), (name, s))
        score_list.append(s)
    is_pos = positive_mask(y, pos_label)
    w = None
    if sample_weight is not None:
        w = check_nonnegative(check_1d_array(sample_weight, "sample_weight"), "sample_weight")
        check_same_length(("y_true", y), ("sample_weight", w))
        keep = w > 0
        if not keep.all():
            is_pos, w = is_pos[keep], w[keep]
            score_list = [s[keep] for s in score_list]
        if not is_pos.any() or is_pos.all():
            raise ValueError("sample_weight leaves only one class with positive weight; both classes are needed")
    return is_pos, score_list, w


def points_of(is_pos, score, w):
    pos_w = np.where(is_pos, 1.0 if w is None else w, 0.0)
    neg_w = np.where(is_pos, 0.0, 1.0 if w is None else w)
    return OperatingPoints._from_weighted(score, pos_w, neg_w)


# --------------------------------------------------------------------------- statistics on replicates


def single_class_error():
    return ValueError(
        "a bootstrap resample holds only one class (no positive or no negative rows), where the AUC is "
        "undefined; this happens with stratified=False and few rows of a class. stratified=True (the default) "
        "keeps each class's count in every resample and cannot produce it")


def aucpr_rows(tp, fp, model, interpolation, normalize):
    """AUC of each replicate polyline (cumulative counts, one row each) under ``model``.

    ``model=None`` is each replicate's own skew (as ``skew=None`` is the data
    set's own skew for the estimate): it varies between replicates when the
    classes are resampled together or carry weights.
    """
    n_pos, n_neg = tp[:, -1:], fp[:, -1:]
    if np.any(n_pos <= 0) or np.any(n_neg <= 0):
        raise single_class_error()
    if model is None:
        if np.all(n_pos == n_pos[0]) and np.all(n_neg == n_neg[0]):
            model = FixedSkew(float(n_pos[0, 0] / (n_pos[0, 0] + n_neg[0, 0])))
        else:
            return np.array([aucpr(p, skew=None, interpolation=interpolation, normalize=normalize)
                             for p in _resample.replicate_points(tp, fp)])
    if interpolation == "continuous":
        # What aucpr does for one curve, on all rows at once: from the recall-gaining segments
        # where the model has a per-segment form, else from the polylines (node by node).
        area = None
        if type(model).segment_aucpr is not SkewModel.segment_aucpr:  # segments are only built where used
            area = model.segment_aucpr(*_resample.recall_segments(tp, fp), tp.shape[0])
        if area is None and isinstance(model, FixedSkew):
            area = np.asarray(model.aucpr(tp / n_pos, fp / n_neg), dtype=float)
        elif area is None:  # many nodes: dropping the empty bins first pays (1.3x for 4 nodes, 1.6x for 140)
            area = np.asarray(model.aucpr(*_resample.corner_polylines(tp, fp)), dtype=float)
        return normalized_aucpr(area, model) if normalize else area
    return np.array([aucpr(p, skew=model, interpolation=interpolation, normalize=normalize)
                     for p in _resample.replicate_points(tp, fp)])


def check_replicate_work(n_boot, n_rows, n_vertices, per_replicate=1):
    """Refuse replicates whose work is hours (:func:`skewplot._memory.check_work`), before any is drawn.

    Each replicate draws every row and sums every classifier's polyline
    (``n_vertices`` in all) once per area, ``per_replicate`` areas.
    """
    check_work(n_boot * (n_rows + (n_vertices + 1000) * per_replicate),
               f"n_boot={n_boot} replicates of {n_rows} rows" + (
                   f" at {per_replicate} skews" if per_replicate > 1 else ""), reduce="lower n_boot")


def check_replicates(n_boot, n_classifiers, n_rows, n_vertices, per_replicate=1):
    """Refuse replicates that would not fit in memory, then those whose work is hours, before any is drawn."""
    # The replicates of every classifier (and of their difference), kept and then concatenated: twice.
    check_memory(2 * 8 * n_boot * (n_classifiers + 1) * per_replicate,
                 f"n_boot={n_boot} replicates of {n_classifiers} classifier(s)"
                 + (f" at {per_replicate} skews" if per_replicate > 1 else ""), reduce="lower n_boot")
    check_replicate_work(n_boot, n_rows, n_vertices, per_replicate)


def run(pools, n_bins, statistic, n_boot, rng, *, rows=False, per_replicate=1, progress=False, desc="bootstrap"):
    """Replicates of ``statistic`` (a function of the per-classifier polylines) -> (n_boot, m).

    ``rows=True`` also passes the chunk's replicate numbers, ``statistic(lines, slice)``;
    ``per_replicate``: how many areas the statistic computes per classifier (the skews of a comparison);
    ``progress``: a bar of the replicates (:func:`skewplot._progress.bar`) named ``desc``.
    """
    check_replicates(n_boot, len(n_bins), sum(p.size for p in pools), sum(n_bins), per_replicate)
    out = []
    chunk = _resample.chunk_size(pools)
    with bar(n_boot, desc, progress, unit="replicate") as shown:
        for start in range(0, n_boot, chunk):
            idx = _resample.draw(rng, pools, min(chunk, n_boot - start))
            lines = [_resample.polylines(*_resample.counts(pools, n_bins, k, idx)) for k in range(len(n_bins))]
            values = statistic(lines, slice(start, start + idx[0].shape[0])) if rows else statistic(lines)
            out.append(np.atleast_2d(values.T).T)
            shown.update(idx[0].shape[0])
    return np.concatenate(out, axis=0)


def replicate_rates(pts, score, is_pos, w, cols, n_boot, rng, progress=False, desc="bootstrap"):
    """TPR and FPR of the points ``cols`` on ``n_boot`` stratified replicates, each (n_boot, cols.size)."""
    pools, n_bins = _resample.make_pools([score], [pts], is_pos, w, True)

    def rates(lines):
        tp, fp = lines[0]
        return np.concatenate((tp[:, cols] / tp[:, -1:], fp[:, cols] / fp[:, -1:]), axis=1)

    out = run(pools, n_bins, rates, n_boot, rng, progress=progress, desc=desc)
    return out[:, :cols.size], out[:, cols.size:]


def jackknife(pools, n_bins, statistic, rng):
    """Leave-block-out values of ``statistic`` (stratified by pool) and the blocks per pool.

    ``(None, sizes)`` when every pool holds a single row (nothing can be left out).
    """
    blocks = []
    if all(pool.size < 2 for pool in pools):  # one row per class: no leave-one-out value, no acceleration
        return None, [0] * len(pools)
    for pool in pools:
        # A pool of one row has no leave-one-out value (its class would vanish) and adds nothing to a.
        m = min(pool.size, _JACK_BLOCKS)
        blocks.append(np.array_split(rng.permutation(pool.size), m) if m > 1 else [])
    lines = [_resample.polylines(*_resample.leave_block_out(pools, n_bins, k, blocks)) for k in range(len(n_bins))]
    # A few curves at a time, as the replicates: the temporaries of all 200 at once leave the cache.
    step = _JACK_ROWS
    vals = [np.atleast_2d(statistic([(tp[i:i + step], fp[i:i + step]) for tp, fp in lines]).T).T
            for i in range(0, lines[0][0].shape[0], step)]
    return np.concatenate(vals, axis=0), [len(b) for b in blocks]


def summarise(theta, dist, confidence, method, pools, n_bins, statistic, rng):
    """(low, high, se, accel) per column of ``dist``."""
    accel = None
    if method == "bca":
        jack, sizes = jackknife(pools, n_bins, statistic, rng)
        accel = np.zeros(theta.shape) if jack is None else _intervals.acceleration(jack, sizes)
    low, high = _intervals.interval(theta, dist, confidence, method, accel)
    se = dist.std(axis=0, ddof=1) if dist.shape[0] > 1 else np.zeros(dist.shape[1])
    se[np.ptp(dist, axis=0) == 0] = 0.0  # equal replicates: the mean's rounding would make a spread of 1e-17
    return low, high, se, accel


# --------------------------------------------------------------------------- public


@renamed_keywords(method="interval")
@skew_by_name
def aucpr_ci(data=None, y_score=None, *, skew=None, y_true=None, sample_weight=None, pos_label=None,
             interpolation="continuous", confidence=0.95, n_boot=N_BOOT_INTERVAL, interval="bca", stratified=True,
             random_state=None, normalize=False, progress=True):
    """Bootstrap confidence interval of the AUCPR at a skew or under a skew model.

    The data are sorted once; each replicate reweights the sorted rows
    (counts per ROC segment), many replicates at a time, so no replicate is
    re-sorted.  Each replicate's AUC is computed by :func:`skewplot.aucpr`
    (for the continuous interpolation, by the skew model's own area on all
    replicates of a chunk at once).

    Parameters
    ----------
    data : array-like, DataFrame or OperatingPoints, optional
        The labels, with the scores as ``y_score`` (the usual form); a table
        whose columns ``y_true=``, ``y_score=`` (and ``sample_weight=``)
        name; or the operating points of unweighted hard labels, whose
        counts are the rows.
    y_score : array-like or str, optional
        Scores, larger meaning more positive (or a column of ``data``).  A
        skew is never given here: it goes by name, ``skew=``.
    skew : None, float, (lo, hi), SkewModel or SkewEstimate, optional
        As :func:`skewplot.aucpr`: None is the test set's skew, a float a
        deployment skew, a range or :class:`~skewplot.SkewRange` the area
        under P̄-R, a :class:`~skewplot.SkewSeries` the area under P̃-R, an
        estimate its point estimate.
    y_true : array-like or str, optional
        Binary labels (as :func:`skewplot.operating_points`) when ``data``
        is None, or their column in ``data``.
    sample_weight : array-like of shape (n,) or str, optional
        Non-negative row weights (or their column in ``data``); a resampled
        row brings its weight.  Rows of weight zero are left out.
    pos_label : scalar, optional
        The positive class, when the labels are not {0, 1}, {-1, 1} or bool.
    interpolation : str, default="continuous"
        One of :data:`skewplot.INTERPOLATIONS`.
    confidence : float in (0, 1), default=0.95
    n_boot : int, default=2000
        Bootstrap replicates (a warning below 100).
    interval : {"bca", "bc", "percentile", "basic"}, default="bca"
        The bootstrap interval's kind (formerly ``method``): bias-corrected and
        accelerated (default), bias-corrected, percentile, or basic.  The guide's coverage study explains the
        default (docs: *Uncertainty*).
    stratified : bool, default=True
        Resample positives and negatives separately, keeping each class's
        row count; every replicate then has both classes.  With False the
        rows are resampled together and a replicate without one of the
        classes raises a ValueError.
    random_state : None, int, Generator or RandomState, optional
    normalize : bool, default=False
        Interval of ``(AUC - AUC_min) / (1 - AUC_min)``.
    progress : bool, default=True
        Show a progress bar of the replicates (``tqdm.auto``: a widget in
        Jupyter, text on stderr elsewhere) once the call has run for 2 s;
        a shorter call prints nothing.  ``False`` silences it.

    Returns
    -------
    BootstrapResult
        ``estimate``, ``low``, ``high``, ``se`` and the replicate
        ``distribution``.

    Notes
    -----
    BCa's acceleration comes from a stratified leave-block-out jackknife:
    up to 100 blocks per class (single rows when a class has at most 100).

    Examples
    --------
    >>> import skewplot as sp
    >>> y, s = sp.datasets.make_scores(2000, 0.1, random_state=0)
    >>> r = sp.aucpr_ci(y, s, skew=0.02, n_boot=500, random_state=0)
    >>> bool(r.low < r.estimate < r.high)
    True
    >>> round(r.estimate, 4) == round(sp.aucpr(sp.operating_points(y, s), skew=0.02), 4)
    True
    """
    confidence, n_boot, stratified = check_bootstrap_args(confidence, n_boot, interval, stratified)
    check_choice(interpolation, "interpolation", INTERPOLATIONS)
    check_bool(normalize, "normalize")
    progress = check_progress(progress)
    rng = as_generator(random_state)
    labels, scores, weights = labelled_rows(data, [("y_score", y_score)], y_true=y_true, sample_weight=sample_weight,
                                            func="aucpr_ci")
    is_pos, (score,), w = read_rows(labels, [("y_score", s) for s in scores], weights, pos_label)
    pts = points_of(is_pos, score, w)
    model = skew_model_of(pts, skew)
    estimate = aucpr(pts, skew=model, interpolation=interpolation, normalize=normalize)
    pools, n_bins = _resample.make_pools([score], [pts], is_pos, w, stratified)

    def statistic(lines):
        return aucpr_rows(*lines[0], None if skew is None else model, interpolation, normalize)

    dist = run(pools, n_bins, statistic, n_boot, rng, progress=progress, desc="aucpr_ci")
    theta = np.array([estimate])
    low, high, se, _ = summarise(theta, dist, confidence, interval, pools, n_bins, statistic, rng)
    return BootstrapResult(estimate=float(estimate), low=float(low[0]), high=float(high[0]), se=float(se[0]),
                           distribution=dist[:, 0], confidence=confidence, method=interval, n_boot=n_boot)


def bootstrap_points(pts, n_boot, *, stratified=True, random_state=None):
    """Bootstrap replicates of one classifier's operating points, from its counts alone.

    Operating points of unweighted hard labels hold every row (its score
    group and class), so resampling rows is resampling these counts.  Used
    for the bands of :func:`skewplot.plot_pr` and the cost and F plots.

    Parameters
    ----------
    pts : OperatingPoints
        Built from hard labels without weights (whole-number counts).
    n_boot : int
    stratified : bool, default=True
    random_state : None, int, Generator or RandomState, optional

    Returns
    -------
    list of OperatingPoints
        ``n_boot`` replicates (no thresholds; vertices as described in
        :mod:`skewplot.stats._resample`).
    """
    n_boot = check_int(n_boot, "n_boot", lo=1)
    stratified = check_bool(stratified, "stratified")
    try:
        is_pos, rows = rows_of_points(pts, "a bootstrap band")
    except ValueError:
        raise ValueError("a bootstrap band needs operating points of unweighted hard labels (whole-number "
                         "counts); these hold weights or were built from rates") from None
    rng = as_generator(random_state)
    if pts.thresholds is None:
        pts = OperatingPoints(tpr=pts.tpr, fpr=pts.fpr, thresholds=np.r_[np.inf, -np.arange(pts.tp.size - 1.0)],
                              tp=pts.tp, fp=pts.fp, n_pos=pts.n_pos, n_neg=pts.n_neg)
    pools, n_bins = _resample.make_pools([rows], [pts], is_pos, None, stratified)
    # Every replicate is kept: its tp and fp polylines (and an OperatingPoints around them).
    check_memory(n_boot * (16 * (sum(n_bins) + 1) + 1000), f"n_boot={n_boot} band replicates of {rows.size} rows",
                 reduce="lower n_boot")
    check_replicate_work(n_boot, rows.size, sum(n_bins))
    out = []
    chunk = _resample.chunk_size(pools)
    for start in range(0, n_boot, chunk):
        idx = _resample.draw(rng, pools, min(chunk, n_boot - start))
        tp, fp = _resample.polylines(*_resample.counts(pools, n_bins, 0, idx))
        if np.any(tp[:, -1] <= 0) or np.any(fp[:, -1] <= 0):
            raise single_class_error()
        out.extend(_resample.replicate_points(tp, fp))
    return out
