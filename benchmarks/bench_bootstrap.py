"""Speed of the bootstrap of the P̄ AUC, beside a naive resample-and-sort loop (ratios from one run).

Target (issue 17): n = 1e5 scores, 10 % positives, 1000 stratified
replicates of the area under P̄-R over a uniform SkewRange in <= 3 s.
The naive loop draws the same kind of replicate (row indices per class),
builds operating points from the resampled rows (a sort each time) and
calls :func:`skewplot.aucpr`; it is timed on ``--naive`` replicates and
scaled to 1000 (it is linear in the number of replicates).  Also shown:
the parts of one chunk (draw, count, area) and a fixed skew.

Run:  PYTHONPATH=. python benchmarks/bench_bootstrap.py [--n 1e5] [--boot 1000] [--naive 100]
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


def naive(y, s, skew, n_boot, rng):
    pos, neg = np.flatnonzero(y), np.flatnonzero(~y)
    out = np.empty(n_boot)
    for b in range(n_boot):
        take = np.concatenate([pos[rng.integers(0, pos.size, pos.size)], neg[rng.integers(0, neg.size, neg.size)]])
        out[b] = sp.aucpr(sp.operating_points(y[take], s[take]), skew)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=float, default=1e5)
    parser.add_argument("--boot", type=int, default=1000)
    parser.add_argument("--naive", type=int, default=100)
    args = parser.parse_args()
    n, n_boot = int(args.n), args.boot
    rng = np.random.default_rng(0)
    y = rng.random(n) < 0.1
    s = rng.normal(size=n) + 1.5 * y
    t_sort = best_of(lambda: np.sort(s), repeat=20)
    print(f"n = {n:.0e}, {y.sum()} positives, untied scores; np.sort of n: {t_sort * 1e3:.2f} ms")

    for skew in [sp.SkewRange(0.01, 0.1), sp.SkewRange(0.0, 0.5), 0.02]:
        t0 = time.perf_counter()
        r = sp.aucpr_ci(y, s, skew=skew, n_boot=n_boot, method="percentile", random_state=1)
        t_ours = time.perf_counter() - t0
        t0 = time.perf_counter()
        rb = sp.aucpr_ci(y, s, skew=skew, n_boot=n_boot, method="bca", random_state=1)
        t_bca = time.perf_counter() - t0
        t0 = time.perf_counter()
        ref = naive(y, s, skew, args.naive, np.random.default_rng(2))
        t_naive = (time.perf_counter() - t0) * n_boot / args.naive
        print(f"\nskew = {skew!r}: estimate {r.estimate:.4f}, se {r.se:.4f} (naive loop's se {ref.std(ddof=1):.4f}"
              f" from {args.naive} replicates)")
        print(f"  {n_boot} replicates, percentile: {t_ours:6.2f} s  ({t_ours / n_boot * 1e3:.2f} ms each, "
              f"{t_ours / n_boot / t_sort:.1f}x np.sort)")
        print(f"  {n_boot} replicates, BCa (+ jackknife): {t_bca:6.2f} s;  interval [{rb.low:.4f}, {rb.high:.4f}]")
        print(f"  naive resample-and-sort loop: {t_naive:6.2f} s (scaled from {args.naive})  "
              f"-> ours is {t_naive / t_ours:.1f}x faster")

    # Where the time goes, for one chunk of the uniform range (0.01, 0.1).
    pts = points_of(y, s, None)
    pools, n_bins = _resample.make_pools([s], [pts], y, None, True)
    chunk = _resample.chunk_size(pools)
    g = np.random.default_rng(3)
    t0 = time.perf_counter()
    idx = _resample.draw(g, pools, chunk)
    t1 = time.perf_counter()
    tp, fp = _resample.polylines(*_resample.counts(pools, n_bins, 0, idx))
    t2 = time.perf_counter()
    sp.SkewRange(0.01, 0.1).aucpr(tp / tp[:, -1:], fp / fp[:, -1:])
    t3 = time.perf_counter()
    print(f"\nper replicate (chunk of {chunk}, {n_bins[0]} bins): draw {(t1 - t0) / chunk * 1e3:.2f} ms, "
          f"count + cumulate {(t2 - t1) / chunk * 1e3:.2f} ms, P̄ area {(t3 - t2) / chunk * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
