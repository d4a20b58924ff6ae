"""Speed of the area under the P̄-R curve, as ratios measured in one run.

Target: AUC of P̄-R (uniform skew range) on 1e6 operating points <= 20x
np.sort of 1e6 values.  Two curves: a binormal ROC sampled at 1e6
thresholds where every step moves both rates (the hard case: every segment
is live), and 1e6 hard-labelled scores (most steps move one rate only).
Also shown: the fixed-skew continuous AUCPR, and a weighted range.

Run:  python benchmarks/bench_integrated.py [--n 1e6]
"""

import argparse
import os
import sys

import numpy as np
from scipy.stats import norm

sys.path.insert(0, os.path.dirname(__file__))
from _timing import best_of  # noqa: E402

import skewplot as sp  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=float, default=1e6)
    n = int(parser.parse_args().n)
    rng = np.random.default_rng(0)
    values = rng.random(n)
    t_sort = best_of(lambda: np.sort(values))

    thresholds = np.sort(rng.normal(size=n))[::-1]
    smooth = sp.OperatingPoints.from_rates(norm.sf(thresholds - 1.5), norm.sf(thresholds))
    y = (rng.random(n) < 0.1).astype(int)
    scored = sp.operating_points(y, rng.normal(size=n) + 1.5 * y)

    print(f"n = {n:.0e}; np.sort of n values: {t_sort * 1e3:.1f} ms")
    cases = [
        ("P̄-R (0, 0.5), every segment live", smooth, (0.0, 0.5)),
        ("P̄-R (0, 1), every segment live", smooth, (0.0, 1.0)),
        ("P̄-R (0, 0.5), hard-label scores", scored, (0.0, 0.5)),
        ("P-R at fixed skew 0.1, every segment live", smooth, 0.1),
    ]
    for name, pts, skew in cases:
        t = best_of(lambda: sp.aucpr(pts, skew=skew))
        print(f"  {name:45s} {t / t_sort:6.2f}x np.sort   (target <= 20x for P̄-R)")
    small = sp.OperatingPoints.from_rates(smooth.tpr[:: max(1, n // 10_000)], smooth.fpr[:: max(1, n // 10_000)])
    weighted = sp.SkewRange(0.0, 1.0, weight=norm(0.129, 0.035))
    weighted.nodes()  # built once per model
    t = best_of(lambda: sp.aucpr(small, skew=weighted))
    label = f"weighted range, {len(small)} points"
    print(f"  {label:45s} {t / t_sort:6.2f}x np.sort of n ({len(weighted.nodes()[0])} nodes)")


if __name__ == "__main__":
    main()
