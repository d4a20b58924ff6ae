"""
[K] Fig 1: best, worst and random P-R curves for hard and soft labels
=====================================================================

**Seed figure:** [K] Fig 1.  **Status:** reproduced in kind: with hard labels
the best curve has AUC-PR 1, with soft labels it stays below 1, and the random
rankings' median sits at the class ratio, as [K] find; the weights are random,
so [K] print no values to compare.

Keilwagen et al. interpolate a P-R curve continuously between operating
points, which also works when each data point carries a positive *and* a
negative weight (a soft label) instead of a hard class.  For 100 points with
a class ratio of 1 to 4 the figure shows

* the best curve (blue): points ranked by their share of positive weight,
  the largest first ([K] Theorem 1); with hard labels this is the perfect
  classifier, with soft labels it cannot reach precision 1 everywhere;
* the worst curve (red): the reverse ranking;
* 1000 random rankings: 200 of their curves in grey, and their areas as a
  box plot, whose median sits near the class ratio (dashed).

Functions: :func:`skewplot.achievable_curve`,
:func:`skewplot.random_rankings_aucpr`, :meth:`skewplot.OperatingPoints.from_weights`.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

rng = np.random.default_rng(0)
n, n_pos = 100, 20
hard = np.r_[np.ones(n_pos), np.zeros(n - n_pos)]
# Soft labels: mostly confident, with some points of mixed evidence.
soft = np.r_[rng.beta(6, 2, n_pos), rng.beta(1, 8, n - n_pos)]
labels = {"(a) hard labels": hard, "(b) soft labels (weights)": soft}

fig, axes = plt.subplots(1, 4, figsize=(7.2, 3.0), width_ratios=[5, 1, 5, 1], constrained_layout=True)
for (title, pos_weight), ax, box in zip(labels.items(), axes[::2], axes[1::2], strict=True):
    neg_weight = 1.0 - pos_weight
    ratio = pos_weight.sum() / n
    for _ in range(200):
        pts = sp.OperatingPoints.from_weights(rng.permutation(n).astype(float), pos_weight, neg_weight)
        ax.plot(*sp.pr_curve(pts), color="0.6", linewidth=0.4, alpha=0.3)
    for kind, color in (("max", "C0"), ("min", "C3")):
        pts = sp.achievable_curve(pos_weight, kind=kind)
        ax.plot(*sp.pr_curve(pts), color=color, linewidth=1.6,
                label=f"{'best' if kind == 'max' else 'worst'} (AUCPR = {sp.aucpr(pts):.3f})")
    ax.axhline(ratio, color="C6", linestyle="--", linewidth=1.0, label=f"class ratio ({ratio:.3f})")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    ax.set_title(title)
    # In (b) the random curves fill the space under the best one: the legend goes below.
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2))

    aucs = sp.random_rankings_aucpr(pos_weight, n_rankings=1000, random_state=1)
    box.boxplot(aucs, widths=0.6, medianprops={"color": "C2"}, flierprops={"markersize": 2})
    box.axhline(ratio, color="C6", linestyle="--", linewidth=1.0)
    box.set_ylim(0, 1.02)
    box.set_xticks([1], ["random"])
    box.set_ylabel("AUC-PR")
