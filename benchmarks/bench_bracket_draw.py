"""Drawing bracketed (binned) points against exact points with as many groups.

Target (issue 29): ``plot_pr`` of a ``BoundedOperatingPoints`` with k bins,
drawn (an Agg draw of the figure included), within 2x the time of
``plot_pr`` of exact ``OperatingPoints`` with k distinct scores.  The bins
are the scores rounded to ``--decimals`` decimals (each bin mixes classes,
so the two curves differ); the exact points are the rounded scores
themselves, so both have the same number of groups.  Also checks that
something is drawn: each bracket's two lines are present and non-empty.

Run:  python benchmarks/bench_bracket_draw.py [--n 2e6] [--decimals 5] [--skew 0.005] [--repeat 5]
"""

import argparse
import os
import statistics
import sys
import time

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))

import skewplot as sp  # noqa: E402
from skewplot.metrics.bounded import BoundedOperatingPoints  # noqa: E402


def groups(n, decimals, seed=0):
    """Exact points and bins with the same number of groups (1 % positives, float32 scores)."""
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.01
    s = (rng.normal(size=n) + 2.0 * y).astype(np.float32).astype(float)
    key, inv = np.unique(np.round(s, decimals), return_inverse=True)
    pos = np.bincount(inv, weights=y, minlength=key.size)
    neg = np.bincount(inv, weights=~y, minlength=key.size)
    lo = np.full(key.size, np.inf)
    hi = np.full(key.size, -np.inf)
    np.minimum.at(lo, inv, s)
    np.maximum.at(hi, inv, s)
    bounded = BoundedOperatingPoints.from_bins(lo, hi, pos, neg)
    exact = sp.operating_points(y, key[inv])
    return exact, bounded


def draw_seconds(points, skew):
    t0 = time.perf_counter()
    disp = sp.plot_pr({"good": points}, skew=skew)
    disp.figure_.canvas.draw()
    seconds = time.perf_counter() - t0
    return seconds, disp


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=float, default=2e6)
    ap.add_argument("--decimals", type=int, default=5)
    ap.add_argument("--skew", type=float, default=0.005)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    exact, bounded = groups(int(args.n), args.decimals)
    print(f"n = {int(args.n)}, exact points: {len(exact)} thresholds, bounded: {len(bounded)} bins, "
          f"skew = {args.skew:g}, load {open('/proc/loadavg').read().split()[:3]}")
    draw_seconds(exact, args.skew)  # warm-up: imports, fonts
    plt.close("all")
    times = {"exact": [], "bracketed": []}
    for _ in range(args.repeat):
        for kind, pts in (("exact", exact), ("bracketed", bounded)):
            seconds, disp = draw_seconds(pts, args.skew)
            times[kind].append(seconds)
            if kind == "bracketed":
                lo, hi = disp.lines_["good"]
                assert len(lo.get_xdata()) > 1 and len(hi.get_xdata()) > 1, "a bracket drew no curve"
                label = hi.get_label()
            plt.close("all")
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"legend: {label}")
    for kind, value in med.items():
        print(f"{kind:>10}: median {value * 1e3:8.1f} ms over {args.repeat} draws")
    ratio = med["bracketed"] / med["exact"]
    print(f"bracketed / exact = {ratio:.2f}x (target <= 2x): {'ok' if ratio <= 2 else 'MISSED'}")


if __name__ == "__main__":
    main()
