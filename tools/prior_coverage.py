"""Simulated coverage of ``estimate_priors``' bootstrap intervals, with its standard error (issue 43 item 3).

Three (or four) Gaussian classes in the plane, whose exact posteriors at any
priors are known (EM's calibration assumption holds exactly), as in
tests/stats/test_priors.py.  Each replicate draws a fresh test set (at equal
priors) and a fresh deployment sample (at one of ``SHIFTS``), estimates the
deployment priors with their ``confidence`` interval, and counts the class
intervals that hold the priors the deployment was drawn at.

The coverage is printed with two standard errors: the binomial one of the
``K * reps`` class intervals, and the one over replicates (the K intervals of
one replicate share their data and their priors sum to 1, so they are not
independent; this is the one to read).  Also: each bound's miss rate (the
truth below the interval, above it), which tells a shifted interval from a
narrow one.

Run:  python tools/prior_coverage.py [--reps 300] [--n 1500] [--n-boot 200] [--quantifier ml]

Measured 2026-11-29 (main 5940653), EM, 90 %, n = 1500 test and 1500
deployment rows, n_boot = 200, 300 replicates (375 s):

============  ========  =====================  ============  ============
interval      coverage  SE (over replicates)   truth below   truth above
============  ========  =====================  ============  ============
percentile    0.870     0.013 (-2.3 SE)        0.057         0.073
basic         0.860     0.013 (-3.0 SE)        0.059         0.081
normal        0.873     0.013 (-2.0 SE)        0.054         0.072
============  ========  =====================  ============  ============

By shift (percentile): 0.911, 0.883, 0.900, 0.800, 0.856 (60 replicates each,
SE about 0.03); a second run of 200 replicates at (0.34, 0.33, 0.33) alone
gave 0.880 +- 0.016.  So the 0.867 of the 40-replicate test was no
misreading of noise: the percentile interval covers 2-3 points short of
90 %.  What it is not: a missing source of variance, nor a bias, nor a
skewed distribution.  Over 1500 simulated data sets at (0.34, 0.33, 0.33)
the estimates' spread is (0.0249, 0.0191, 0.0186), of which test-set
sampling alone gives (0.015, 0.009, 0.009) and deployment sampling alone
(0.019, 0.016, 0.017); the mean bootstrap SD is (0.0248, 0.0188, 0.0188),
within 2 %, and the estimates' mean is within 4e-4 of the truth.  The three
interval kinds, built from the same replicates, cover alike, so the
percentile's tails are not the cause either.  The shortfall is left as
measured (it was not found where it comes from).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

MEANS = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0], [2.0, 2.0]])
SHIFTS = [[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.05, 0.55, 0.4], [0.34, 0.33, 0.33], [0.02, 0.08, 0.9]]


def sample(rng, n, priors, k=3):
    """Labels and exact posteriors at equal priors of ``n`` rows drawn at ``priors``."""
    y = rng.choice(k, n, p=priors)
    x = MEANS[y] + rng.normal(size=(n, 2))
    lik = np.exp(-0.5 * ((x[:, None, :] - MEANS[:k]) ** 2).sum(-1))
    return y, lik / lik.sum(axis=1, keepdims=True)


def simulate(reps, n, n_boot, quantifier, confidence=0.9, seed=0):
    """``{kind: (below, above)}``: boolean arrays (reps, K), the truth below and above each class interval.

    ``kind``: ``"percentile"`` (what ``estimate_priors`` returns) and, from the
    same bootstrap estimates, ``"basic"`` (``2 est - percentile``, reversed)
    and ``"normal"`` (``est +- z * bootstrap SD``): which of them holds its
    level tells a shifted interval (percentile and basic miss on opposite
    sides) from one too narrow.
    """
    from scipy.stats import norm

    from skewplot.stats.priors import estimate_priors

    rng = np.random.default_rng(seed)
    z = norm.ppf(0.5 + confidence / 2)
    out = {"percentile": ([], []), "basic": ([], []), "normal": ([], [])}
    for rep in range(reps):
        truth = np.array(SHIFTS[rep % len(SHIFTS)])
        y, proba = sample(rng, n, [1 / 3] * 3)
        _, deployed = sample(rng, n, truth)
        est = estimate_priors(y, proba, deployed, quantifier=quantifier, confidence=confidence, n_boot=n_boot,
                              random_state=rep)
        mid = np.array(list(est.priors.values()))
        lo, hi = np.array(list(est.low.values())), np.array(list(est.high.values()))
        sd = est.distribution.std(axis=0, ddof=1)
        for kind, (a, b) in {"percentile": (lo, hi), "basic": (2 * mid - hi, 2 * mid - lo),
                             "normal": (mid - z * sd, mid + z * sd)}.items():
            out[kind][0].append(truth < a)
            out[kind][1].append(truth > b)
    return {kind: (np.array(a), np.array(b)) for kind, (a, b) in out.items()}


def summary(hits):
    """``(coverage, binomial SE, SE over replicates)`` of a (reps, K) array of hits."""
    c = hits.mean()
    binomial = np.sqrt(c * (1 - c) / hits.size)
    per_rep = hits.mean(axis=1)
    return c, binomial, per_rep.std(ddof=1) / np.sqrt(per_rep.size)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=300)
    parser.add_argument("--n", type=int, default=1500)
    parser.add_argument("--n-boot", type=int, default=200)
    parser.add_argument("--quantifier", default="ml")
    parser.add_argument("--confidence", type=float, default=0.9)
    args = parser.parse_args()
    t0 = time.perf_counter()
    kinds = simulate(args.reps, args.n, args.n_boot, args.quantifier, args.confidence)
    print(f"{args.quantifier}: {args.confidence:.0%} intervals, {args.reps} replicates x 3 classes, n = {args.n}, "
          f"n_boot = {args.n_boot} ({time.perf_counter() - t0:.0f} s)")
    for kind, (below, above) in kinds.items():
        hits = ~(below | above)
        c, se_binomial, se_reps = summary(hits)
        print(f"{kind}: coverage {c:.3f}  (binomial SE {se_binomial:.3f}, SE over replicates {se_reps:.3f}; "
              f"{(c - args.confidence) / se_reps:+.1f} SE from {args.confidence}); truth below the interval "
              f"{below.mean():.3f}, above it {above.mean():.3f} (each {(1 - args.confidence) / 2:.3f} if the tails "
              "are right)")
        print("  by class: " + ", ".join(f"{j}: {hits[:, j].mean():.3f} (below {below[:, j].mean():.3f}, above "
                                         f"{above[:, j].mean():.3f})" for j in range(hits.shape[1])))
        print("  by shift: " + ", ".join(f"{shift}: {hits[s::len(SHIFTS)].mean():.3f}"
                                         for s, shift in enumerate(SHIFTS)))

if __name__ == "__main__":
    main()
