"""
[S] Fig 3: when two F-measure curves cross
==========================================

**Seed figure:** [S] Fig 3.  **Status:** reproduced: the two pairs of points
of [S] Fig 3; the curves of (b) cross at P(+) = 0.3197 ([S] Eq 11).

Two crisp classifiers (two ROC points) give two F-curves against the skew
:math:`P(+)`.  If one point has both the higher TPR and the lower FPR, its
curve is above the other at every skew (a).  If one has both the higher TPR
*and* the higher FPR, the curves cross exactly once, at the skew of
[S] Eq 11 (:func:`skewplot.f_crossing`): below it the more conservative point
wins, above it the more liberal one (b).  Points as in [S] Fig 3,
:math:`\\alpha = 0.5`.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

pairs = [
    ("(a) one point dominates", (0.98, 0.50), (0.93, 0.60)),
    ("(b) the curves cross", (0.55, 0.08), (0.50, 0.03)),
]
skews = np.linspace(0.0, 1.0, 501)

fig, axes = plt.subplots(1, 2, sharey=True, constrained_layout=True)
for ax, (title, first, second) in zip(axes, pairs, strict=True):
    for k, (tpr, fpr) in enumerate((first, second), start=1):
        pts = sp.OperatingPoints.from_rates([tpr], [fpr])
        ax.plot(skews, sp.f_curves(pts, skews=skews)[:, 1], label=f"C{k}: TPR = {tpr}, FPR = {fpr}")
    crossing = sp.f_crossing(first, second)
    if 0 < crossing < 1:
        level = sp.f_curves(sp.OperatingPoints.from_rates([first[0]], [first[1]]), skews=crossing)[1]
        ax.plot([crossing], [level], "o", color="k", markersize=4)
        ax.annotate(f"P*(+) = {crossing:.4f}", (crossing, level), xytext=(8, -14),
                    textcoords="offset points", fontsize="small")
    ax.set_title(title)
    ax.set_xlabel(r"$P(+)$")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.legend(loc="lower right")
_ = axes[0].set_ylabel("F0.5")
