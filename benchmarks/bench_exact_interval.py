"""The threshold readout's interval: exact (``report_at(exact=True)``) against 1000 Monte-Carlo replicates.

The explorer's threshold control calls ``report_at`` once per classifier at
every step.  Target: the exact interval stays well under 5 ms a classifier
at 1e6 rows, at every rank (its work is O(sqrt(n p (1 - p))) per class, so
the middle ranks of balanced classes are the worst case).  Printed per
rank: both times and their ratio.

Run:  python benchmarks/bench_exact_interval.py [--n 1e6]
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _timing import median_ms, size_from_args  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.stats.choose import report_at  # noqa: E402


def main():
    n = size_from_args(__doc__)
    rng = np.random.default_rng(0)
    print(f"n = {n:.0e}, load {os.getloadavg()[0]:.1f}; ms per report_at call (median of 15), 90 % intervals")
    print(f"{'positives':>9} {'skew':>6} {'tp':>8} {'fp':>8}  {'exact':>7} {'n_boot=1000':>11}  ratio")
    worst = 0.0
    for share in (0.01, 0.5):
        y = rng.random(n) < share
        pts = sp.operating_points(y, rng.normal(size=n) + 1.5 * y)
        for recall in (0.001, 0.1, 0.5, 0.9, 0.999):
            i = int(np.searchsorted(np.asarray(pts.tpr), recall))
            for skew in (1e-3, 0.1):
                exact = median_ms(lambda _: report_at(pts, i, skew, confidence=0.9, exact=True), range(15))
                mc = median_ms(lambda k: report_at(pts, i, skew, confidence=0.9, n_boot=1000,
                                                   random_state=np.random.SeedSequence([32, k])), range(15))
                worst = max(worst, exact)
                print(f"{share:>9.0%} {skew:>6g} {int(pts.tp[i]):>8} {int(pts.fp[i]):>8}  {exact:>7.2f} {mc:>11.2f}  "
                      f"{exact / mc:5.1f}x")
    print(f"worst exact: {worst:.2f} ms a classifier")


if __name__ == "__main__":
    main()
