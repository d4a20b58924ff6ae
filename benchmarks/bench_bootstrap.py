"""Speed of the bootstrap of the AUCPR under each skew model, beside a naive resample-and-sort loop.

Target (issue 17): n = 1e5 scores, 10 % positives, 1000 stratified
replicates of the area under P̄-R over a uniform SkewRange in <= 3 s.
The naive loop draws the same kind of replicate (row indices per class),
builds operating points from the resampled rows (a sort each time) and
calls :func:`skewplot.aucpr`; it is timed on ``--naive`` replicates and
scaled (it is linear in the number of replicates).  Every row gives the
time of ``aucpr_ci(..., interval="percentile")`` and its ratio to the naive
loop and to ``n_boot`` sorts of n floats, measured in the same run, plus the
time with the default BCa interval (its jackknife adds 200 curves).  The
slow skew models run fewer replicates (``--boot-slow``, scaled to
``--boot``).  The last lines split one chunk of the P̄ case into its parts.

Run:  PYTHONPATH=. python benchmarks/bench_bootstrap.py [--n 1e5] [--boot 1000] [--naive 30]
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _timing import best_of  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.stats import _resample  # noqa: E402
from skewplot.stats.bootstrap import points_of  # noqa: E402


def naive(y, s, skew, n_boot, rng, normalize=False):
    pos, neg = np.flatnonzero(y), np.flatnonzero(~y)
    out = np.empty(n_boot)
    for b in range(n_boot):
        take = np.concatenate([pos[rng.integers(0, pos.size, pos.size)], neg[rng.integers(0, neg.size, neg.size)]])
        out[b] = sp.aucpr(sp.operating_points(y[take], s[take]), skew=skew, normalize=normalize)
    return out


def naive_compare(y, a, b, skew, n_boot, rng):
    pos, neg = np.flatnonzero(y), np.flatnonzero(~y)
    out = np.empty(n_boot)
    for i in range(n_boot):
        take = np.concatenate([pos[rng.integers(0, pos.size, pos.size)], neg[rng.integers(0, neg.size, neg.size)]])
        out[i] = (sp.aucpr(sp.operating_points(y[take], a[take]), skew=skew)
                  - sp.aucpr(sp.operating_points(y[take], b[take]), skew=skew))
    return out


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=float, default=1e5)
    parser.add_argument("--boot", type=int, default=1000)
    parser.add_argument("--boot-slow", type=int, default=100)
    parser.add_argument("--naive", type=int, default=30)
    args = parser.parse_args()
    n, n_boot = int(args.n), args.boot
    rng = np.random.default_rng(0)
    y = rng.random(n) < 0.1
    s = rng.normal(size=n) + 1.5 * y
    s_b = s + 0.5 * rng.normal(size=n)
    print(f"load average at start: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    t_sort = best_of(lambda: np.sort(s), repeat=20)
    print(f"n = {n:.0e}, {y.sum()} positives, untied scores; np.sort of n: {t_sort * 1e3:.2f} ms "
          f"(x {n_boot}: {t_sort * n_boot:.2f} s)\n")
    weighted = sp.SkewRange(0.01, 0.3, weight=lambda p: 1.0 + 10 * p)
    cases = [  # label, skew, normalize, replicates
        ("P̄ uniform [0.01, 0.1]", sp.SkewRange(0.01, 0.1), False, n_boot),
        ("P̄ uniform [0, 0.5]", sp.SkewRange(0.0, 0.5), False, n_boot),
        ("P̄ [0.01, 0.1] normalised", sp.SkewRange(0.01, 0.1), True, n_boot),
        ("fixed skew 0.02", 0.02, False, n_boot),
        ("test skew (None)", None, False, n_boot),
        ("SkewSeries (4 skews)", sp.SkewSeries([0.01, 0.05, 0.2, 0.1]), False, n_boot),
        ("P̄ weighted [0.01, 0.3]", weighted, False, args.boot_slow),
    ]
    head = (f"{'skew model':28s} {'reps':>5s} {'percentile s':>12s} {'s/1000':>7s} {'BCa s/1000':>10s} "
            f"{'naive s/1000':>12s} {'naive/ours':>10s} {'ours/sorts':>10s}")
    print(head)
    for label, skew, normalize, reps in cases:
        r, t_ours = timed(lambda: sp.aucpr_ci(y, s, skew=skew, n_boot=reps, interval="percentile", random_state=1,
                                              normalize=normalize))
        _, t_bca = timed(lambda: sp.aucpr_ci(y, s, skew=skew, n_boot=reps, random_state=1, normalize=normalize))
        k = max(2, min(args.naive, reps))
        ref, t_naive = timed(lambda: naive(y, s, skew, k, np.random.default_rng(2), normalize))
        per = 1000 / reps
        print(f"{label:28s} {reps:5d} {t_ours:12.2f} {t_ours * per:7.2f} {t_bca * per:10.2f} "
              f"{t_naive * 1000 / k:12.2f} {t_naive / k * reps / t_ours:9.1f}x {t_ours / (reps * t_sort):9.1f}x"
              f"   (se {r.se:.4f}, naive {ref.std(ddof=1):.4f})")
    skew = sp.SkewRange(0.01, 0.1)
    r, t_ours = timed(lambda: sp.compare(y, s, s_b, skew=skew, n_boot=n_boot, interval="percentile", random_state=1))
    k = args.naive
    _, t_naive = timed(lambda: naive_compare(y, s, s_b, skew, k, np.random.default_rng(2)))
    print(f"{'compare(), P̄ [0.01, 0.1]':28s} {n_boot:5d} {t_ours:12.2f} {t_ours * 1000 / n_boot:7.2f} {'':>10s} "
          f"{t_naive * 1000 / k:12.2f} {t_naive / k * n_boot / t_ours:9.1f}x {t_ours / (n_boot * t_sort):9.1f}x"
          f"   (difference {r.difference:.4f} [{r.low:.4f}, {r.high:.4f}])")

    # Where the time goes, for one chunk of the uniform range (0.01, 0.1).
    pts = points_of(y, s, None)
    pools, n_bins = _resample.make_pools([s], [pts], y, None, True)
    chunk = _resample.chunk_size(pools)
    g = np.random.default_rng(3)
    parts = {}
    for _ in range(5):
        t0 = time.perf_counter()
        idx = _resample.draw(g, pools, chunk)
        t1 = time.perf_counter()
        tp, fp = _resample.polylines(*_resample.counts(pools, n_bins, 0, idx))
        t2 = time.perf_counter()
        segments = _resample.recall_segments(tp, fp)
        t3 = time.perf_counter()
        skew.segment_aucpr(*segments, chunk)
        t4 = time.perf_counter()
        for name, t in (("draw", t1 - t0), ("count + cumulate", t2 - t1), ("recall segments", t3 - t2),
                        ("P̄ areas", t4 - t3)):
            parts[name] = min(parts.get(name, np.inf), t)
    print(f"\nper replicate (best of 5 chunks of {chunk}, {n_bins[0]} bins, {segments[0].size / chunk:.0f} live "
          "segments): " + ", ".join(f"{k} {v / chunk * 1e3:.2f} ms" for k, v in parts.items()))

    # compare()'s prob_a_beats_b: both classifiers' areas with each replicate at its own drawn skew, one
    # vectorised pass per chunk (O(segments) per replicate, no O(n) work), beside drawing and counting the rows.
    from skewplot.stats.compare import _deployed_difference

    pools2, n_bins2 = _resample.make_pools([s, s_b], [pts, points_of(y, s_b, None)], y, None, True)
    chunk2 = _resample.chunk_size(pools2)
    pi = g.uniform(0.01, 0.1, chunk2)
    t_rows = t_prob = np.inf
    for _ in range(5):
        t0 = time.perf_counter()
        idx = _resample.draw(g, pools2, chunk2)
        lines = [_resample.polylines(*_resample.counts(pools2, n_bins2, k, idx)) for k in range(2)]
        t1 = time.perf_counter()
        _deployed_difference(lines, pi, "continuous", False)
        t2 = time.perf_counter()
        t_rows, t_prob = min(t_rows, t1 - t0), min(t_prob, t2 - t1)
    print(f"prob_a_beats_b per replicate (best of 5 chunks of {chunk2}): areas of A and B at the drawn skews "
          f"{t_prob / chunk2 * 1e3:.2f} ms, drawing and counting the rows of both {t_rows / chunk2 * 1e3:.2f} ms: "
          f"ratio {t_prob / t_rows:.2f}")
    _, t_fixed = timed(lambda: sp.compare(y, s, s_b, skew=0.05, n_boot=n_boot, interval="percentile", random_state=1))
    r, t_drawn = timed(lambda: sp.compare(y, s, s_b, skew=skew, n_boot=n_boot, interval="percentile", random_state=1))
    print(f"compare(), P̄ [0.01, 0.1] with its skew draws / at the fixed skew 0.05: {t_drawn / t_fixed:.2f}x "
          f"({t_drawn:.2f} s / {t_fixed:.2f} s; prob_a_beats_b {r.prob_a_beats_b:.3f} ± {r.prob_a_beats_b_se:.3f})")
    print(f"load average at end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
