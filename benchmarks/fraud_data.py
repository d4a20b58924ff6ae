"""The realistic data of the explorer benchmarks: two fraud models on 1e6 rows, 1 % positives.

Issue 29's case: two classifiers scored on the same 1e6 transactions, about
1 % of them positive, each with close to 1e6 distinct scores (a PR curve of
about 1e6 thresholds, no ties to speak of).  Model ``"gbm"`` gives float64
probabilities; model ``"logistic"`` gives float32 probabilities, as many
deployed models do, which ties a few percent of its scores.

Run as a script it prints what it made::

    python benchmarks/fraud_data.py [--n 1e6]
"""

import argparse

import numpy as np


def fraud_scores(n=1_000_000, skew=0.01, *, random_state=0):
    """Labels and two models' scores: ``(y, {"gbm": float64, "logistic": float32})``.

    Scores are binormal on the logit scale (separations 2.3 and 1.6) mapped
    through the logistic function: probabilities, most of them near 0.
    """
    rng = np.random.default_rng(random_state)
    y = (rng.random(n) < skew).astype(np.int8)
    scores = {}
    for name, sep, dtype in (("gbm", 2.3, np.float64), ("logistic", 1.6, np.float32)):
        logit = rng.normal(size=n) * 1.2 - 4.0 + sep * 1.2 * y
        scores[name] = (1.0 / (1.0 + np.exp(-logit))).astype(dtype)
    return y, scores


def fraud_points(n=1_000_000, skew=0.01, *, random_state=0):
    """The two models' :class:`~skewplot.OperatingPoints`, as the explorer benchmarks use them."""
    import skewplot as sp

    y, scores = fraud_scores(n, skew, random_state=random_state)
    return {name: sp.operating_points(y, s) for name, s in scores.items()}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6)
    n = int(parser.parse_args().n)
    y, scores = fraud_scores(n)
    print(f"{n:,} rows, {y.mean():.4%} positives")
    for name, s in scores.items():
        print(f"  {name}: {s.dtype}, {np.unique(s).size:,} distinct scores")
