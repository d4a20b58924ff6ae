"""Cost of the exact null moments of average precision, as ratios measured in one run.

Target: exact mean and variance at n = 1e6 within 5x np.sort of 1e6 values.
Also reports the sampler (10^4 random rankings at n = 2000) against the same sort.

Run:  python benchmarks/bench_ap_null.py [--n 1e6]
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _timing import best_of, size_from_args  # noqa: E402

from skewplot.stats import average_precision_null  # noqa: E402


def main():
    n = size_from_args(__doc__)
    values = np.random.default_rng(0).random(n)
    t_sort = best_of(lambda: np.sort(values), repeat=5)
    print(f"np.sort of {n:.0e} values: {t_sort * 1e3:.1f} ms")
    for frac in (0.01, 0.1):
        m = int(frac * n)

        def moments():
            null = average_precision_null(n, m)
            return null.mean, null.var

        t = best_of(moments, repeat=5)
        print(f"exact AP moments, n = {n:.0e}, {frac:.0%} positives: {t / t_sort:.4f} x np.sort (target <= 5)")
    null = average_precision_null(2000, 500)
    t = best_of(lambda: null.sample(10_000, random_state=0), repeat=3)
    print(f"sample(10_000) at n = 2000, m = 500: {t:.2f} s = {t / t_sort:.1f} x np.sort of {n:.0e}")


if __name__ == "__main__":
    main()
