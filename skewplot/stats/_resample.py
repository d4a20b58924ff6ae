"""Bootstrap resampling of ROC polylines without re-sorting.

The data are sorted once.  Every row then falls into a *bin* of its
classifier's ROC polyline: the distinct scores that hold positives each get
a bin (a segment that gains recall; tied negatives join it), and the runs of
negative-only scores between them get one bin each (a horizontal segment).
With ``K`` positive-bearing scores there are ``2K + 1`` bins, in order of
decreasing score.  A bootstrap replicate is a weighting of the rows, so it is
a vector of (weighted) positive and negative counts per bin; their cumulative
sums are the replicate's ROC polyline, with every vertex where the full
polyline has one (plus merged horizontal runs, which are straight lines).
Every area that sums over ROC segments with an amount depending only on the
segment's ends (all of :data:`skewplot.INTERPOLATIONS`) is therefore the
same on this polyline as on the replicate's own sorted data.

Rows are drawn with ``Generator.integers`` and counted into bins with
``np.bincount``, many replicates at once (one flat ``bincount`` per chunk).
"""

from __future__ import annotations

import numpy as np

from ..metrics.points import OperatingPoints

# Index draws held in memory at once (per pool): bounds a chunk of replicates.  Small enough for
# the chunk's arrays to stay in cache: at n = 1e5, chunks of 46 replicates were 3x slower per
# replicate than chunks of 11 on a busy machine (memory bandwidth, not arithmetic, was the limit).
_CHUNK_ELEMENTS = 1 << 20
# Pools of at least this many rows are counted one replicate at a time (see ``counts``): below it the
# per-replicate calls cost more than the cache saves (n = 300 took 1.6x the time that way).
_ROW_BY_ROW = 4096


def polyline_bins(pts, score):
    """Bins of every row of one classifier (see the module note).

    Parameters
    ----------
    pts : OperatingPoints
        The classifier's points on these rows (thresholds = distinct scores).
    score : ndarray of shape (n,)
        The rows' scores; each must be one of ``pts.thresholds``.

    Returns
    -------
    pos_bin, neg_bin : ndarray of shape (n,)
        The bin a row falls in if it is a positive / a negative.
    n_bins : int
    """
    distinct_desc = pts.thresholds[1:]
    group = distinct_desc.size - 1 - np.searchsorted(distinct_desc[::-1], score)
    has_pos = np.diff(pts.tp) > 0
    c = np.cumsum(has_pos)
    neg_of_group = np.where(has_pos, 2 * c - 1, 2 * c)
    pos_of_group = 2 * c - 1
    return pos_of_group[group].astype(np.intp), neg_of_group[group].astype(np.intp), int(2 * c[-1] + 1)


class Pool:
    """Rows drawn from together: a class (stratified) or all rows.

    ``codes[k]`` is the bin of each row on classifier ``k``; ``pos_w`` and
    ``neg_w`` the row's weight as a positive and as a negative (one of them 0).
    """

    def __init__(self, codes, pos_w, neg_w):
        self.codes = [np.ascontiguousarray(c) for c in codes]
        self.pos_w, self.neg_w = pos_w, neg_w
        self.size = len(pos_w)
        self.only_pos = not np.any(neg_w)
        self.only_neg = not np.any(pos_w)
        # Unweighted rows of one class count with bincount's integer path.
        self.unit = (self.only_pos and np.all(pos_w == 1)) or (self.only_neg and np.all(neg_w == 1))


def make_pools(score_list, pts_list, is_pos, weight, stratified):
    """Pools of rows for the classifiers ``score_list`` (same rows, same labels)."""
    bins = [polyline_bins(p, s) for p, s in zip(pts_list, score_list, strict=True)]
    w = np.ones(is_pos.size) if weight is None else weight
    pos_w, neg_w = np.where(is_pos, w, 0.0), np.where(is_pos, 0.0, w)
    codes = [np.where(is_pos, pb, nb) for pb, nb, _ in bins]
    n_bins = [nb for _, _, nb in bins]
    if not stratified:
        return [Pool(codes, pos_w, neg_w)], n_bins
    pools = []
    for sel in (is_pos, ~is_pos):
        pools.append(Pool([c[sel] for c in codes], pos_w[sel], neg_w[sel]))
    return pools, n_bins


def full_counts(pools, n_bins, k):
    """Per-bin positive and negative weight of all rows on classifier ``k``."""
    tp = np.zeros(n_bins[k])
    fp = np.zeros(n_bins[k])
    for pool in pools:
        tp += np.bincount(pool.codes[k], weights=pool.pos_w, minlength=n_bins[k])
        fp += np.bincount(pool.codes[k], weights=pool.neg_w, minlength=n_bins[k])
    return tp, fp


def chunk_size(pools):
    return max(1, _CHUNK_ELEMENTS // max(p.size for p in pools))


def draw(rng, pools, n_rep):
    """Row indices of ``n_rep`` replicates: one (n_rep, pool.size) array per pool."""
    return [rng.integers(0, p.size, size=(n_rep, p.size)) for p in pools]


def counts(pools, n_bins, k, idx):
    """Per-bin (tp, fp) of each replicate on classifier ``k``, from the drawn ``idx``.

    Returns
    -------
    tp, fp : ndarray of shape (n_rep, n_bins[k])
        Integers for unweighted pools (whole counts), else floats.
    """
    nb = n_bins[k]
    n_rep = idx[0].shape[0]
    tp = fp = None
    for pool, ix in zip(pools, idx, strict=True):
        sides = [(is_tp, w) for is_tp, w, skip in ((True, pool.pos_w, pool.only_neg),
                                                   (False, pool.neg_w, pool.only_pos)) if not skip]
        if pool.size < _ROW_BY_ROW:  # one flat bincount of the chunk, each replicate's codes offset by its row
            flat = np.take(pool.codes[k], ix)
            flat += (np.arange(n_rep) * nb)[:, None]  # in place: one temporary less than ``codes[ix] + offset``
            flat = flat.ravel()
            got = [np.bincount(flat, None if pool.unit else np.take(w, ix).ravel(), minlength=n_rep * nb)
                   .reshape(n_rep, nb) for _, w in sides]
        else:  # one replicate at a time: its codes stay in cache (the flat form took 1.4x the time at 1e5 rows)
            got = [np.empty((n_rep, nb), dtype=np.int64 if pool.unit else float) for _ in sides]
            for r in range(n_rep):
                codes = np.take(pool.codes[k], ix[r])
                for out, (_, w) in zip(got, sides, strict=True):
                    out[r] = np.bincount(codes, None if pool.unit else np.take(w, ix[r]), minlength=nb)
        # Either way each bin adds its rows in the drawn order: the same sums (weighted ones too).
        for out, (is_tp, _) in zip(got, sides, strict=True):
            if is_tp:
                tp = out if tp is None else tp + out
            else:
                fp = out if fp is None else fp + out
    zero = np.zeros((n_rep, nb))
    return (zero if tp is None else tp), (zero if fp is None else fp)


def leave_block_out(pools, n_bins, k, blocks):
    """Per-bin (tp, fp) with one block of rows removed, one row per block.

    ``blocks`` is, per pool, a list of row-index arrays.  Rows of the other
    pools stay in full.
    """
    tp_all, fp_all = full_counts(pools, n_bins, k)
    rows_tp, rows_fp = [], []
    for pool, pool_blocks in zip(pools, blocks, strict=True):
        for rows in pool_blocks:
            c = pool.codes[k][rows]
            rows_tp.append(tp_all - np.bincount(c, weights=pool.pos_w[rows], minlength=n_bins[k]))
            rows_fp.append(fp_all - np.bincount(c, weights=pool.neg_w[rows], minlength=n_bins[k]))
    return np.maximum(np.array(rows_tp), 0.0), np.maximum(np.array(rows_fp), 0.0)


def polylines(tp_bins, fp_bins):
    """Cumulative counts from the origin: (tp, fp) of shape (n_rep, n_bins + 1)."""
    out = []
    for bins in (tp_bins, fp_bins):
        # Whole counts (unweighted rows) are summed as integers and converted once: the same floats (exact below
        # 2**53), 4x faster than a cumsum that casts each element into a float output.
        line = np.zeros((bins.shape[0], bins.shape[1] + 1), dtype=np.int64 if bins.dtype.kind in "iu" else float)
        np.cumsum(bins, axis=1, out=line[:, 1:])
        out.append(line.astype(float, copy=False))
    return tuple(out)


def recall_segments(tp, fp):
    """The segments of replicate polylines that gain recall, in rates.

    Positives fall only into the odd bins (one per positive-bearing score),
    so the segment of bin ``2j - 1`` runs from vertex ``2j - 1`` to ``2j``;
    the even bins are horizontal and have no area.

    Returns
    -------
    row, a0, b0, a1, b1 : ndarray
        For each segment with ``a1 > a0``: its replicate and its start and
        end rates (the same divisions as ``tp / n_pos``, ``fp / n_neg``).
    """
    row, j = (tp[:, 2::2] > tp[:, 1:-1:2]).nonzero()
    start = row * tp.shape[1] + 2 * j + 1  # flat index of vertex 2j + 1 (0-based j)
    t, f = tp.ravel(), fp.ravel()
    n_pos, n_neg = tp[row, -1], fp[row, -1]
    return row, t[start] / n_pos, f[start] / n_neg, t[start + 1] / n_pos, f[start + 1] / n_neg


def corner_polylines(tp, fp):
    """Rates of the replicate polylines with only their recall corners (the empty bins dropped).

    Each recall segment's start and end, joined by the horizontal runs
    between them, from (0, 0) to (1, 1); rows shorter than the longest are
    padded with (1, 1) (segments of no length).  The same curves as
    ``tp / n_pos, fp / n_neg`` with about 2/3 of the segments at n = 1e5.

    Returns
    -------
    tpr, fpr : ndarray of shape (n_rep, 2 m + 2)
        ``m`` the most recall segments of a replicate.
    """
    row, a0, b0, a1, b1 = recall_segments(tp, fp)
    per_row = np.bincount(row, minlength=tp.shape[0])
    col = 1 + 2 * (np.arange(row.size) - np.repeat(np.cumsum(per_row) - per_row, per_row))
    out = []
    for start, end in ((a0, a1), (b0, b1)):
        line = np.ones((tp.shape[0], 2 * int(per_row.max(initial=0)) + 2))
        line[:, 0] = 0.0
        line[row, col], line[row, col + 1] = start, end
        out.append(line)
    return tuple(out)


def replicate_points(tp, fp):
    """One :class:`OperatingPoints` per row of cumulative counts (no thresholds)."""
    out = []
    for t, f in zip(tp, fp, strict=True):
        n_pos, n_neg = t[-1], f[-1]
        out.append(OperatingPoints(tpr=t / n_pos, fpr=f / n_neg, tp=t, fp=f, n_pos=n_pos, n_neg=n_neg))
    return out


def vertices(pts):
    """Vertex of each point on the replicate polylines, and whether it is exact.

    A point inside a run of negative-only scores lies between two vertices
    (it has the tp of the run's start and more fp): every objective prefers
    the run's start, so it is never chosen.
    """
    has_pos = np.diff(pts.tp) > 0
    c = np.cumsum(has_pos)
    vert = np.concatenate([[0], np.where(has_pos, 2 * c, 2 * c + 1)])
    exact = np.concatenate([[True], has_pos | np.append(has_pos[1:], True)])
    return vert, exact
