"""Speed and memory of the operating-points kernel, as ratios measured in one run.

Targets at n = 1e7: hard labels <= 4x np.sort and >= 5x faster than
sklearn.metrics.precision_recall_curve; soft labels <= 1.5x np.argsort.

Run:  python benchmarks/bench_points.py [--sizes 1e5 1e6 1e7]
"""

import argparse
import os
import sys
import tracemalloc

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _timing import best_of  # noqa: E402

import skewplot as sp  # noqa: E402


def peak_bytes(fn):
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[1e5, 1e6, 1e7])
    parser.add_argument("--no-sklearn", action="store_true", help="skip the scikit-learn comparison")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print(f"{'n':>9} {'hard/sort':>10} {'sklearn/hard':>13} {'soft/argsort':>13} {'peak mem / n*8B':>16}")
    for n in (int(v) for v in args.sizes):
        y = (rng.random(n) < 0.01).astype(np.int8)
        score = rng.normal(size=n) + y
        score = np.round(score, 4)  # realistic ties
        soft = np.clip(y * 0.8 + rng.random(n) * 0.2, 0, 1)
        repeat = 3
        t_sort = best_of(lambda: np.sort(score), repeat)
        t_argsort = best_of(lambda: np.argsort(score), repeat)
        t_hard = best_of(lambda: sp.operating_points(y, score), repeat)
        t_soft = best_of(lambda: sp.OperatingPoints.from_weights(score, soft), repeat)
        ratio_sk = float("nan")
        if not args.no_sklearn:
            from sklearn.metrics import precision_recall_curve
            t_sk = best_of(lambda: precision_recall_curve(y, score), repeat)
            ratio_sk = t_sk / t_hard
        peak = peak_bytes(lambda: sp.operating_points(y, score)) / (8 * n)
        print(f"{n:>9.0e} {t_hard / t_sort:>10.2f} {ratio_sk:>13.2f} {t_soft / t_argsort:>13.2f} {peak:>16.2f}")
    print("hard/sort: operating_points time / np.sort time (target <= 4 at 1e7)")
    print("sklearn/hard: precision_recall_curve time / operating_points time (target >= 5 at 1e7)")
    print("soft/argsort: from_weights time / np.argsort time (target <= 1.5 at 1e7)")


if __name__ == "__main__":
    main()
