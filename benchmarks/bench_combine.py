"""Boolean combination of two classifiers: 2000 x 2000 thresholds at n = 1e5.

Prints the time of ``boolean_combinations`` as a ratio to writing ten
2000 x 2000 float tables (allocate and fill), both measured in this run
(best of several repeats).  Target: at most 5x.  The result holds 20 such
tables (TPR and FPR of ten functions), so 2x is the floor.

Run:  python benchmarks/bench_combine.py
"""

import time

import numpy as np

import skewplot as sp

N, T, REPEATS = 100_000, 2000, 5


def best_time(fn):
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
        del out
    return min(times)


def write_ten_tables():
    out = np.empty((10, T, T))
    out.fill(0.5)
    return out


def main():
    rng = np.random.default_rng(0)
    y = (rng.random(N) < 0.1).astype(int)
    # T distinct values per classifier, every one present.
    sa = rng.permutation(np.arange(N) % T) + y * rng.integers(0, 300, N)
    sb = rng.permutation(np.arange(N) % T) - y * rng.integers(0, 300, N)
    sa, sb = np.minimum(sa, T - 1).astype(float), np.maximum(sb, 0).astype(float)
    combos = sp.boolean_combinations(y, sa, sb)
    assert combos.tpr.shape == (10, T, T), combos.tpr.shape
    del combos

    base = best_time(write_ten_tables)
    comb = best_time(lambda: sp.boolean_combinations(y, sa, sb))
    print(f"n = {N}, {T} x {T} thresholds, 10 functions")
    print(f"write ten {T}x{T} float tables: {base * 1e3:8.1f} ms")
    print(f"boolean_combinations          : {comb * 1e3:8.1f} ms")
    print(f"ratio                         : {comb / base:8.2f}x  (target <= 5x)")


if __name__ == "__main__":
    main()
