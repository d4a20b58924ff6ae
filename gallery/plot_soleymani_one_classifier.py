"""
[S] Fig 2: one soft classifier in ROC, PR, cost and F-measure spaces
====================================================================

**Seed figure:** [S] Fig 2.  **Status:** reproduced: the six thresholds
printed in [S] (their first, 1e-6, stands for the empty prediction and is the
origin here).

The classifier of [S] Fig 2 has six thresholds, given by their true and
false positive rates (:func:`skewplot.datasets.soleymani_examples`, ``"C1"``).
The same six points are drawn four ways:

(a) ROC space with the convex hull;
(b) precision-recall at three skews :math:`P(+)` ([S] Eq 2): the ROC points
    do not move, the PR curve does;
(c) cost space ([S] §2.3): each point is a line, the lower envelope is the
    cost at the best threshold for each probability cost :math:`PC(+)`
    (:math:`m = 0.5`, so :math:`PC(+) = P(+)`);
(d) F-measure space ([S] §3): each point is a concave curve of :math:`P(+)`,
    the upper envelope is the best :math:`F_{0.5}` for each skew.
"""

import matplotlib.pyplot as plt

import skewplot as sp
from skewplot.plotting import style

style.use("double")

c1 = sp.datasets.soleymani_examples()["C1"]

fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.8), constrained_layout=True)
roc = sp.plot_roc({"C1": c1}, hull=True, ax=axes[0, 0], marker="o", markersize=3)
axes[0, 0].set_title("(a) ROC")

color = roc.lines_["C1"].get_color()
for skew, linestyle in zip([0.5, 0.2, 0.05], ["-", "--", ":"], strict=True):
    sp.plot_pr({rf"$P(+) = {skew:g}$": c1}, skew=skew, baselines=False, ax=axes[0, 1], color=color,
               linestyle=linestyle)
axes[0, 1].set_ylabel("precision")
areas = ", ".join(f"{sp.aucpr(c1, skew=skew):.3f}" for skew in [0.5, 0.2, 0.05])
axes[0, 1].set_title(f"(b) precision-recall\nAUCPR {areas}")  # the skews' line styles: the figure's legend

sp.plot_cost({"C1": c1}, m=0.5, ax=axes[1, 0])
axes[1, 0].set_title("(c) cost space, $m = 0.5$")

sp.plot_fmeasure({"C1": c1}, f_alpha=0.5, ax=axes[1, 1])
_ = axes[1, 1].set_title(r"(d) F-measure space, $\alpha = 0.5$")  # (c) and (d) in the figure's legend

# %%
# The best threshold at a given skew is the envelope's choice in both spaces:
for skew in (0.05, 0.2, 0.5):
    f, i = sp.f_envelope(c1, skews=skew)
    cost, j = sp.cost_envelope(c1, pc=sp.probability_cost(skew, 0.5))
    print(f"P(+) = {skew:<4}: best F = {f:.3f} at point {i} (TPR {c1.tpr[i]:.2f}), "
          f"lowest cost = {cost:.3f} at point {j} (TPR {c1.tpr[j]:.2f})")
