"""Coverage of bootstrap intervals for the AUCPR at a skew, from a binormal model with a known value.

Positives score N(mu, 1), negatives N(0, 1); each simulated test set has
exactly ``n * prevalence`` positives.  The population AUCPR at skew pi' is
``skewplot.datasets.binormal_aucpr``: the integral of the population PR curve
over recall by ``scipy.integrate.quad``, independently of skewplot's area
code (a skew range averages it over pi' by a second quadrature).  For each simulated data set
one bootstrap distribution is drawn and every interval method is computed
from it, so the methods are compared on the same replicates.

Run:  PYTHONPATH=. python benchmarks/coverage_study.py [reps] [n_boot]
"""

from __future__ import annotations

import sys
import time

import numpy as np

import skewplot as sp
from skewplot.datasets import binormal_aucpr
from skewplot.stats import _intervals, _resample
from skewplot.stats.bootstrap import aucpr_rows, jackknife, points_of, run

METHODS = ("percentile", "basic", "bc", "bca")


def simulate(rng, n, prevalence, mu):
    n_pos = int(round(n * prevalence))
    y = np.r_[np.ones(n_pos, bool), np.zeros(n - n_pos, bool)]
    s = np.r_[rng.normal(mu, 1.0, n_pos), rng.normal(0.0, 1.0, n - n_pos)]
    return y, s


def intervals_all_methods(y, s, skew, n_boot, confidence, rng):
    """(estimate, {method: (low, high)}) from one shared set of replicates."""
    pts = points_of(y, s, None)
    model = sp.as_skew(skew, default=pts.skew)
    theta = np.array([sp.aucpr(pts, skew=model)])
    pools, n_bins = _resample.make_pools([s], [pts], y, None, True)

    def statistic(lines):
        return aucpr_rows(*lines[0], model, "continuous", False)

    dist = run(pools, n_bins, statistic, n_boot, rng)
    jack, sizes = jackknife(pools, n_bins, statistic, rng)
    accel = _intervals.acceleration(jack, sizes)
    out = {}
    for m in METHODS:
        lo, hi = _intervals.interval(theta, dist, confidence, m, accel if m == "bca" else None)
        out[m] = (float(lo[0]), float(hi[0]))
    return float(theta[0]), out


def coverage(n, prevalence, mu, skew, reps, n_boot, confidence=0.9, seed=0):
    truth = binormal_aucpr(skew, separation=mu)
    rng = np.random.default_rng(seed)
    hits = {m: 0 for m in METHODS}
    below = {m: 0 for m in METHODS}
    est = []
    for _ in range(reps):
        y, s = simulate(rng, n, prevalence, mu)
        theta, ivs = intervals_all_methods(y, s, skew, n_boot, confidence, rng)
        est.append(theta)
        for m, (lo, hi) in ivs.items():
            hits[m] += lo <= truth <= hi
            below[m] += hi < truth  # interval entirely below the truth
    est = np.array(est)
    return truth, est, {m: hits[m] / reps for m in METHODS}, {m: below[m] / reps for m in METHODS}


SETTINGS = [
    # n, prevalence, mu, skew
    (3000, 0.1, 1.25, 0.02),
    (1000, 0.1, 1.25, 0.02),
    (300, 0.1, 1.25, 0.02),
    (1000, 0.1, 1.25, 0.1),
    (1000, 0.1, 1.25, (0.01, 0.1)),
]


def main(reps=400, n_boot=1000):
    print(f"90 % intervals, {reps} simulated test sets each, n_boot = {n_boot}, stratified")
    print(f"{'n':>5} {'skew':>12} {'truth':>7} {'bias/SD':>8} " + " ".join(f"{m:>11}" for m in METHODS))
    for n, prev, mu, skew in SETTINGS:
        t0 = time.perf_counter()
        truth, est, cov, below = coverage(n, prev, mu, skew, reps, n_boot)
        bias = (est.mean() - truth) / est.std(ddof=1)
        cells = " ".join(f"{cov[m]:6.3f}({below[m]:.2f})" for m in METHODS)
        print(f"{n:>5} {str(skew):>12} {truth:7.4f} {bias:8.2f} {cells}   [{time.perf_counter() - t0:.0f} s]",
              flush=True)
    print("cells: coverage (share of intervals entirely below the truth)")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*args)


def studentized_interval(y, s, skew, n_boot, n_inner, confidence, rng):
    """Bootstrap-t: each outer replicate's SE from ``n_inner`` inner replicates of its own rows."""
    pts = points_of(y, s, None)
    model = sp.as_skew(skew, default=pts.skew)
    theta = sp.aucpr(pts, skew=model)
    pools, n_bins = _resample.make_pools([s], [pts], y, None, True)
    idx = _resample.draw(rng, pools, n_boot)
    outer = aucpr_rows(*_resample.polylines(*_resample.counts(pools, n_bins, 0, idx)), model, "continuous", False)
    t = np.empty(n_boot)
    for b in range(n_boot):
        inner_idx = [ix[b][rng.integers(0, p.size, size=(n_inner, p.size))] for p, ix in zip(pools, idx, strict=True)]
        inner = aucpr_rows(*_resample.polylines(*_resample.counts(pools, n_bins, 0, inner_idx)), model,
                           "continuous", False)
        t[b] = (outer[b] - theta) / max(inner.std(ddof=1), 1e-12)
    se = outer.std(ddof=1)
    alpha = 1 - confidence
    q_lo, q_hi = np.quantile(t, [alpha / 2, 1 - alpha / 2])
    return theta, (theta - q_hi * se, theta - q_lo * se)


def studentized_coverage(n, prevalence, mu, skew, reps, n_boot=400, n_inner=25, confidence=0.9, seed=0):
    truth = binormal_aucpr(skew, separation=mu)
    rng = np.random.default_rng(seed)
    hits = below = 0
    for _ in range(reps):
        y, s = simulate(rng, n, prevalence, mu)
        _, (lo, hi) = studentized_interval(y, s, skew, n_boot, n_inner, confidence, rng)
        hits += lo <= truth <= hi
        below += hi < truth
    return hits / reps, below / reps
