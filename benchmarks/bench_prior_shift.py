"""Accuracy and cost of the deployment-skew estimators (quantification under prior shift).

Reference set-up of issue 18: binormal scores (negatives N(0, 1), positives
N(1.2, 1)), a labelled test set of 20 000 at 10 % positives, deployment
samples of 100 000 at pi' in {0.01, 0.05, 0.2, 0.5}, 40 draws each (a new
test set per draw).  Prints the mean absolute error of every method; "acc@q90"
is ACC at the test set's 90 % score quantile, the issue's reference row.
``--sigma 1.5`` gives the positives a wider spread (the binormal ROC with
unequal variances), a check that the choice does not rest on one shape;
``--n-test 2000`` a small test set (200 positives).  ``--bounds`` adds rows
that are not skewplot methods but say how low the error can go: "oracle",
maximum likelihood with the true class densities (deployment sampling error
only), and "binormal", maximum likelihood with normal densities fitted to
the test set's classes (the right parametric family, as if it were known);
and HDy with other numbers of bins.

Timing: one 90 % interval (400 bootstrap replicates) at 20 000 test + 50 000
deployment scores, in seconds (wall and
process CPU time: the machine is shared) and as a ratio to np.sort of the
70 000 scores.

Run:  python benchmarks/bench_prior_shift.py [--draws 40] [--sigma 1.0] [--n-test 2000] [--bounds]
"""

import argparse
import os
import sys
import time

import numpy as np
from scipy.optimize import minimize_scalar
from scipy.stats import norm

sys.path.insert(0, os.path.dirname(__file__))
from _timing import best_of  # noqa: E402

from skewplot.stats import _quantifiers as q  # noqa: E402
from skewplot.stats.prior_shift import DEFAULT_METHOD, METHODS, _Grouped, estimate_skew  # noqa: E402

SKEWS = (0.01, 0.05, 0.2, 0.5)


def draw(rng, n, pi, shift, sigma):
    y = rng.random(n) < pi
    return y, np.where(y, rng.normal(shift, sigma, n), rng.normal(0.0, 1.0, n))


def _ml_of_densities(f_pos, f_neg):
    return minimize_scalar(lambda x: -np.sum(np.log(x * f_pos + (1.0 - x) * f_neg)), bounds=(0.0, 1.0),
                           method="bounded", options={"xatol": 1e-7}).x


def _bound_rows(y, s, d, shift, sigma, c, g):
    """Reference rows: ML with the true densities, ML with fitted normals, HDy with other bin counts."""
    out = {"oracle": _ml_of_densities(norm.pdf(d, shift, sigma), norm.pdf(d)),
           "binormal": _ml_of_densities(norm.pdf(d, s[y].mean(), s[y].std()), norm.pdf(d, s[~y].mean(), s[~y].std()))}
    for n_bins in HDY_BINS:
        out[f"hdy {n_bins} bins"] = q.hdy(c, q.hdy_bins(g.pos, g.neg, n_bins))[0]
    return out


HDY_BINS = (10, 20, 50, 100)


def accuracy(draws, shift, sigma, n_test=20_000, test_skew=0.1, n_deploy=100_000, seed=0, bounds=False):
    rng = np.random.default_rng(seed)
    names = ("acc@q90",) + METHODS
    if bounds:
        names += ("oracle", "binormal") + tuple(f"hdy {b} bins" for b in HDY_BINS)
    err = {m: np.zeros((len(SKEWS), draws)) for m in names}
    for i, pi in enumerate(SKEWS):
        for j in range(draws):
            y, s = draw(rng, n_test, test_skew, shift, sigma)
            _, d = draw(rng, n_deploy, pi, shift, sigma)
            g = _Grouped(y, s, d, None, None)
            c = g.counts()
            k90 = int(np.searchsorted(np.cumsum(g.pos + g.neg), 0.1 * n_test)) + 1
            err["acc@q90"][i, j] = abs(q.acc(c, k90)[0] - pi)
            for m in METHODS:
                err[m][i, j] = abs(estimate_skew(y, s, d, quantifier=m).estimate - pi)
            if bounds:
                for m, v in _bound_rows(y, s, d, shift, sigma, c, g).items():
                    err[m][i, j] = abs(v - pi)
    return {m: e.mean(axis=1) for m, e in err.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=40)
    parser.add_argument("--shift", type=float, default=1.2)
    parser.add_argument("--sigma", type=float, default=1.0)
    parser.add_argument("--n-test", type=int, default=20_000)
    parser.add_argument("--bounds", action="store_true", help="add the oracle, binormal and HDy-bins rows")
    args = parser.parse_args()
    mae = accuracy(args.draws, args.shift, args.sigma, n_test=args.n_test, bounds=args.bounds)
    print(f"binormal, shift {args.shift}, positive sd {args.sigma}; test {args.n_test} at 10 %; "
          f"deployment 100 000; {args.draws} draws; mean absolute error of pi'")
    print(f"{'method':<14}" + "".join(f"{p:>9}" for p in SKEWS) + f"{'mean':>9}")
    for m, e in mae.items():
        print(f"{m:<14}" + "".join(f"{v:9.4f}" for v in e) + f"{e.mean():9.4f}")
    best = mae[DEFAULT_METHOD]
    print(f"default {DEFAULT_METHOD!r}: MAE <= 0.006 at pi' = "
          + ", ".join(f"{p}: {'yes' if e <= 0.006 else 'NO'}" for p, e in zip(SKEWS, best, strict=True))
          + f"; mean {best.mean():.4f}; at no pi' worse than acc and acc@q90: "
          + str(bool(np.all(best <= mae["acc"]) and np.all(best <= mae["acc@q90"]))))
    rng = np.random.default_rng(1)
    y, s = draw(rng, 20_000, 0.1, args.shift, args.sigma)
    _, d = draw(rng, 50_000, 0.2, args.shift, args.sigma)
    pooled = np.concatenate([s, d])
    t_sort = best_of(lambda: np.sort(pooled), repeat=5)
    print(f"\n90 % interval, 400 replicates, 20 000 test + 50 000 deployment "
          f"(np.sort of 70 000: {t_sort * 1e3:.1f} ms)")
    for m in METHODS:
        cpu = time.process_time()
        t = best_of(lambda m=m: estimate_skew(y, s, d, quantifier=m, confidence=0.9, random_state=0), repeat=2)
        cpu = (time.process_time() - cpu) / 2
        print(f"{m:<14}{t:7.2f} s wall (best of 2), {cpu:5.2f} s CPU  = {t / t_sort:6.0f} x np.sort")


if __name__ == "__main__":
    main()
