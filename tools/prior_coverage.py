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

Run:  python tools/prior_coverage.py [--reps 300] [--n 1500] [--n-boot 200] [--quantifier ml] [--seed 0]
      [--quapy] [--save out.npz]

Every run prints the 90 % and 95 % intervals' coverage from the same
bootstrap estimates (percentile, as ``estimate_priors`` returns; basic;
normal), by shift, and the mean error; ``--quapy`` adds QuaPy's EMQ on the
same data.

Measured 2026-11-29 (main 0897e25), EM, n = 1500 test and 1500 deployment
rows, n_boot = 200, 300 data sets a seed (200-760 s each), percentile
intervals, SE over data sets:

===========  =========  ================  ================
seed         data sets  90 %              95 %
===========  =========  ================  ================
0            300        0.870 +- 0.013    0.930 +- 0.010
1 (*)        300        0.907 +- 0.011    0.960 +- 0.007
2            300        0.888 +- 0.013    0.941 +- 0.009
3 (**)       300        0.910 +- 0.011    0.946 +- 0.009
pooled       1200       0.894 +- 0.006    0.944 +- 0.004
===========  =========  ================  ================

(*) the same simulation by a script that kept the data, with EM capped at
1000 iterations a replicate (it only moves replicates that sit at a prior
of ~0).  (**) main 305b941, EM accelerated by SQUAREM (the same fixed
point).  Single vectors: seed 7 at (0.34, 0.33, 0.33), 400 data sets,
0.907 +- 0.010; seed 11 at (0.02, 0.08, 0.9), 125 data sets, 0.915 +-
0.018 (90 %).

The 2-3 point shortfall recorded before (0.870, "cause not found") was seed
0 alone, the lowest of four seeds; its 0.800 at (0.34, 0.33, 0.33) (60
data sets) is not seen in 400 more data sets there.  Pooled, both levels
are within two SE (-1.1 and -1.3 SE).  The bootstrap SD matches the
estimates' spread (seed 1: 0.0185, 0.0149, 0.0158 against 0.0181, 0.0146,
0.0152) and the estimates' mean error is below 1e-3.  Not adopted: a
normal interval on the arcsine-square-root scale (variance-stabilising
for a proportion) from the same replicates covered 0.901 +- 0.007 and
0.953 +- 0.005 over seeds 0-2 (0.881, 0.921, 0.900 by seed at 90 %), but
it was picked after seeing these data among four kinds; on seed 3, run
afterwards to check it, it covered 0.906 +- 0.011 against the
percentile's 0.910: no better.

EM against QuaPy's EMQ (``--quapy``, seed 0): the estimates differ by
2.6e-4 on average (EMQ stops at a step of 1e-4; at 1e-13 they agree to
3e-10, tests/stats/test_priors.py); mean |estimate - truth| by vector,
EM / EMQ: 0.0150 / 0.0150, 0.0127 / 0.0127, 0.0136 / 0.0135, 0.0191 /
0.0191, 0.0086 / 0.0084: the same estimator.
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


def simulate(reps, n, n_boot, quantifier, seed=0, quapy=False):
    """``(truth, est, dist, emq)`` over ``reps`` simulated data sets, cycling through ``SHIFTS``.

    ``truth``, ``est``: (reps, K); ``dist``: (reps, n_boot, K), the bootstrap
    estimates ``estimate_priors`` returns; ``emq``: QuaPy's EMQ (its default
    tolerance) on the same test posteriors and deployment rows, or None.
    """
    from skewplot.stats.priors import estimate_priors

    if quapy:
        import matplotlib as mpl

        with mpl.rc_context():  # importing quapy rewrites matplotlib's defaults
            from quapy.method.aggregative import EMQ
    rng = np.random.default_rng(seed)
    truth, est, dist, emq = [], [], [], []
    for rep in range(reps):
        shift = np.array(SHIFTS[rep % len(SHIFTS)])
        y, proba = sample(rng, n, [1 / 3] * 3)
        _, deployed = sample(rng, n, shift)
        e = estimate_priors(y, proba, deployed, quantifier=quantifier, confidence=0.9, n_boot=n_boot,
                            random_state=rep)
        truth.append(shift)
        est.append(list(e.priors.values()))
        dist.append(e.distribution)
        if quapy:
            emq.append(EMQ.EM(np.bincount(y, minlength=3) / n, deployed)[0])
    return np.array(truth), np.array(est), np.array(dist), (np.array(emq) if quapy else None)


def intervals(est, dist, confidence):
    """``{kind: (low, high)}`` at ``confidence`` from the same bootstrap estimates.

    ``"percentile"`` is what ``estimate_priors`` returns (the percentiles,
    widened to hold the estimate); ``"basic"`` (``2 est - percentile``,
    reversed) and ``"normal"`` (``est +- z SD``) tell a shifted interval
    (percentile and basic miss on opposite sides) from one too narrow.
    """
    from scipy.stats import norm

    tail = 50.0 * (1.0 - confidence)
    lo, hi = np.percentile(dist, [tail, 100.0 - tail], axis=1)
    sd = dist.std(axis=1, ddof=1)
    z = norm.ppf(0.5 + confidence / 2)
    return {"percentile": (np.minimum(lo, est), np.maximum(hi, est)), "basic": (2 * est - hi, 2 * est - lo),
            "normal": (est - z * sd, est + z * sd)}


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
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quapy", action="store_true", help="QuaPy EMQ on the same data, errors against the truth")
    parser.add_argument("--save", help="write truth, est and dist to this .npz")
    args = parser.parse_args()
    t0 = time.perf_counter()
    truth, est, dist, emq = simulate(args.reps, args.n, args.n_boot, args.quantifier, args.seed, args.quapy)
    if args.save:
        np.savez(args.save, truth=truth, est=est, dist=dist)
    print(f"{args.quantifier}: {args.reps} replicates x 3 classes, n = {args.n}, n_boot = {args.n_boot}, seed "
          f"{args.seed} ({time.perf_counter() - t0:.0f} s)")
    for confidence in (0.9, 0.95):
        for kind, (lo, hi) in intervals(est, dist, confidence).items():
            below, above = truth < lo, truth > hi
            hits = ~(below | above)
            c, se_binomial, se_reps = summary(hits)
            print(f"{confidence:.0%} {kind}: coverage {c:.3f}  (binomial SE {se_binomial:.3f}, SE over replicates "
                  f"{se_reps:.3f}; {(c - confidence) / se_reps:+.1f} SE from {confidence}); truth below the interval "
                  f"{below.mean():.3f}, above it {above.mean():.3f} (each {(1 - confidence) / 2:.3f} if the tails "
                  "are right)")
            print("  by shift: " + ", ".join(f"{shift}: {hits[s::len(SHIFTS)].mean():.3f}"
                                             for s, shift in enumerate(SHIFTS)))
    err = np.abs(est - truth)
    print("mean |estimate - truth| by shift: " + ", ".join(f"{shift}: {err[s::len(SHIFTS)].mean():.4f}"
                                                          for s, shift in enumerate(SHIFTS)))
    if emq is not None:
        e2 = np.abs(emq - truth)
        print("QuaPy EMQ, same data:             " + ", ".join(f"{shift}: {e2[s::len(SHIFTS)].mean():.4f}"
                                                             for s, shift in enumerate(SHIFTS)))
        print(f"mean |ml - EMQ| {np.abs(est - emq).mean():.2e}")


if __name__ == "__main__":
    main()
