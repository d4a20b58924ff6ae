"""
[S] Fig 10: choosing a threshold in cost space and in F-measure space
=====================================================================

**Seed figure:** [S] Fig 10.  **Status:** partly: [S] tune an RBF-SVM on
the COX face-video data (1 % positives), which are not public; here a
binormal soft classifier on a test set with 1 % positives.  [S] find that
below P(+) = 0.03 the cost criterion picks a point near the origin of ROC
space (at P(+) = 0.015: F picks (TPR, FPR) = (0.82, 0.022), cost almost
(0, 0)), that the two differ between 0.03 and 0.09 and agree above 0.09.
Ours (printed below): at 0.015 F picks (0.615, 0.0017) and cost (0.604,
0.0015), close and far from the origin -- the binormal ROC curve is steep
enough there; at 0.035 and 0.065 they differ (TPR 0.733 and 0.797 for F,
0.690 and 0.733 for cost); at 0.285 they agree.  So the direction of [S]'s
finding holds (cost keeps fewer positives), its size depends on the ROC
curve.

For each deployment skew :math:`P(+)`, :func:`skewplot.best_threshold`
returns the threshold with the lowest expected cost (:math:`m = 0.5`, left)
or the highest :math:`F_{0.5}` (middle): the operating point where the
skew's vertical line meets the lower envelope of the cost lines, or the
upper envelope of the F-curves.  Right: the chosen points in ROC space, each
criterion's joined in order of the skew.
Expected cost counts a false positive and a miss alike, so with rare
positives it gives up recall sooner; the F-measure ignores true negatives.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

y, score = sp.datasets.make_scores(20_000, skew=0.01, separation=2.9, random_state=4)
pts = sp.operating_points(y, score)
skews = [0.015, 0.035, 0.065, 0.285]  # [S] Fig 10's rows
markers = ["o", "s", "^", "D"]

fig, axes = plt.subplots(1, 3, figsize=(7.2, 2.7), constrained_layout=True)
grid = np.linspace(0.001, 0.5, 400)
hull = sp.roc_convex_hull(pts)
axes[0].plot(grid, sp.cost_envelope(pts, pc=grid)[0], color="k", linewidth=1.2)
axes[1].plot(grid, sp.f_envelope(pts, skews=grid, f_alpha=0.5)[0], color="k", linewidth=1.2)
axes[2].plot(pts.fpr, pts.tpr, color="0.6", linewidth=1.0)
print("P(+)    cost: TPR   FPR      F: TPR   FPR")
chosen = {"cost": [], "F": []}
for p, marker in zip(skews, markers, strict=True):
    by_cost = sp.best_threshold(pts, skew=p, m=0.5)
    by_f = sp.best_threshold(pts, skew=p, f_alpha=0.5)
    print(f"{p:<6}  {by_cost.tpr:9.3f} {by_cost.fpr:7.4f} {by_f.tpr:9.3f} {by_f.fpr:7.4f}")
    axes[0].plot(p, by_cost.value, marker, color="C0", markersize=4)
    axes[1].plot(p, by_f.value, marker, color="C1", markersize=4)
    chosen["cost"].append((by_cost.fpr, by_cost.tpr))
    chosen["F"].append((by_f.fpr, by_f.tpr))
# (c): each criterion's chosen points joined in order of P(+) (it rises along the curve); where the two
# criteria agree (P(+) = 0.285) their points coincide, drawn as one dot of each
for (name, xy), color, style_ in zip(chosen.items(), ("C0", "C1"), ("-", "--"), strict=True):
    fpr_, tpr_ = np.array(xy).T
    axes[2].plot(fpr_, tpr_, style_, marker="o", color=color, markersize=4 if name == "cost" else 2.5, linewidth=0.8,
                 label="lowest cost" if name == "cost" else "highest F0.5")
axes[0].set(title="(a) cost space, lower envelope", xlabel=r"$P(+) = PC(+)$", ylabel="normalised expected cost")
axes[1].set(title=r"(b) F-measure space, upper envelope", xlabel=r"$P(+)$", ylabel="F0.5")
axes[2].set(title="(c) chosen points in ROC space", xlabel="FPR", ylabel="TPR",
            xlim=(0, 0.03), ylim=(0.5, 0.95), xticks=[0, 0.01, 0.02, 0.03])
axes[2].title.set_fontsize(7)
_ = axes[2].legend(loc="lower right")
