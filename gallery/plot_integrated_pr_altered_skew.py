"""
[L] Fig 7: remove negatives, and P-R changes while P̄-R does not
================================================================

**Seed figure:** [L] Fig 7.  **Status:** partly: [L] use a fissure image
(skew 0.067, raised to 0.125 by removing negatives) and the STARE retina
data (0.076 to 0.141, with 10 % of the detector output replaced by noise),
neither of which is public in a form we can ship; here two simulated data
sets with the same skews.  [L] print no areas for this figure, only that the
P̄-R curves "are equal and therefore appear as one".  Ours agree: their
areas differ by 0.0005 and 0.0007 (printed below), the sampling noise of the
removed negatives, while the P-R areas move by 0.10 and 0.16.

Removing negatives at random changes the test set's skew but not what the
detector does: its ROC curve stays (up to sampling).  A P-R curve, computed
at the test set's own skew, rises with it; a P̄-R curve integrates precision
over the deployment skews :math:`\\pi' \\in [0, 0.5]` and does not look at
the test set's skew at all, so the two data sets give one curve.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

rng = np.random.default_rng(7)


def detector(n, skew, separation, noise=0.0):
    """Labels and scores of a simulated detector; ``noise``: share of outputs replaced by uniform noise."""
    y = (rng.random(n) < skew).astype(int)
    score = rng.normal(size=n) + separation * y
    noisy = rng.random(n) < noise
    score[noisy] = rng.uniform(score.min(), score.max(), noisy.sum())
    return y, score


def remove_negatives(y, score, new_skew):
    """Drop negatives at random until positives make up ``new_skew`` of the rows."""
    n_pos = y.sum()
    keep_neg = int(round(n_pos * (1 - new_skew) / new_skew))
    neg = rng.choice(np.flatnonzero(y == 0), keep_neg, replace=False)
    idx = np.sort(np.r_[np.flatnonzero(y == 1), neg])
    return y[idx], score[idx]


data = {
    "fissure-like": detector(60_000, 0.067, 2.2) + (0.125,),
    "STARE-like": detector(60_000, 0.076, 2.6, noise=0.1) + (0.141,),
}
# One legend for the four panels: the two data sets of each row are "original"
# and "negatives removed"; the titles give each row's skews and areas.
fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.4), sharex=True, sharey=True, constrained_layout=True)
for row, (name, (y, score, new_skew)) in enumerate(data.items()):
    altered = remove_negatives(y, score, new_skew)
    points = {"original": sp.operating_points(y, score), "negatives removed": sp.operating_points(*altered)}
    sp.plot_pr(points, ax=axes[row, 0], baselines=False)
    sp.plot_pr(points, skew=(0.0, 0.5), ax=axes[row, 1], baselines=False)
    pr = [sp.aucpr(p) for p in points.values()]
    bar = [sp.aucpr(p, skew=(0.0, 0.5)) for p in points.values()]
    axes[row, 0].set_title(f"({'ac'[row]}) {name}, π = {y.mean():.3f} → {altered[0].mean():.3f}\n"
                           f"P-R at the data's skew: AUCPR {pr[0]:.3f} → {pr[1]:.3f}")
    axes[row, 1].set_title(f"({'bd'[row]}) {name}: $\\bar{{P}}$-R, π′ ∈ [0, 0.5]\n"
                           f"area {bar[0]:.4f} → {bar[1]:.4f}")
    print(f"{name:>12}: AUCPR {pr[0]:.4f} -> {pr[1]:.4f};  P-bar area {bar[0]:.4f} -> {bar[1]:.4f} "
          f"(difference {abs(bar[1] - bar[0]):.4f})")
    axes[row, 0].set_ylabel("precision (each data set's own skew)")
    axes[row, 1].set_ylabel(r"$\bar P$ over $[0, 0.5]$")
plt.show()
