"""Coverage of the default (BCa) bootstrap interval against a known population AUCPR.

Binormal model: positives N(mu, 1), negatives N(0, 1), a fixed 10 % of
positives per simulated test set.  The population AUCPR at skew pi' is
``skewplot.datasets.binormal_aucpr``, the integral of the population PR curve
over recall by ``scipy.integrate.quad`` (independently of skewplot's areas).

Cost: 200 simulated test sets x 250 replicates each, seeded (a fixed skew:
every replicate's area is one vectorised formula).  250 replicates put the
5 % and 95 % quantiles within about 1.4 % of the distribution's mass
(binomial error sqrt(0.05 * 0.95 / 250)), which costs the coverage of a 90 %
interval about a point; with 200 test sets the coverage itself has a
standard error of 2.1 points.  benchmarks/coverage_study.py runs the full
study (400 test sets, n_boot = 1000, every method, smaller n, a skew range)
and docs/guide/uncertainty.rst reports it, including where the coverage
falls short (few positives at a low skew).
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.datasets import binormal_aucpr

MU = 1.25


def _simulate(rng, n, mu=MU, prevalence=0.1):
    n_pos = int(round(n * prevalence))
    y = np.r_[np.ones(n_pos, bool), np.zeros(n - n_pos, bool)]
    return y, np.r_[rng.normal(mu, 1.0, n_pos), rng.normal(0.0, 1.0, n - n_pos)]


@pytest.mark.parametrize("skew", [0.02, pytest.param((0.01, 0.1), marks=pytest.mark.slow)])  # the range: 1.0 s
def test_population_value_matches_a_large_sample(skew):
    """The quadrature is the limit of skewplot's estimate (checks both against each other)."""
    y, s = _simulate(np.random.default_rng(0), 400_000)
    est = sp.aucpr(sp.operating_points(y, s), skew=skew)
    # Sampling SD of the estimate at this n is about 0.0015 (0.02 at n = 3000, times sqrt(3000/4e5)).
    assert est == pytest.approx(binormal_aucpr(skew, separation=MU), abs=0.006)


@pytest.mark.slow
def test_bca_90_percent_intervals_cover_the_population_value():
    """The issue's setting: 3000 rows, 10 % positives, AUCPR at deployment skew 0.02."""
    truth = binormal_aucpr(0.02, separation=MU)
    rng = np.random.default_rng(12345)
    reps, hits = 200, 0
    for _ in range(reps):
        y, s = _simulate(rng, 3000)
        r = sp.aucpr_ci(y, s, skew=0.02, confidence=0.90, n_boot=250, random_state=rng)
        hits += r.low <= truth <= r.high
    coverage = hits / reps
    assert 0.85 <= coverage <= 0.96, coverage
