"""
[S] Fig 4: two soft classifiers compared in four spaces
=======================================================

**Seed figure:** [S] Fig 4.  **Status:** reproduced: the thresholds of C1 and
C2 printed in [S].

Classifier C1 of [S] Fig 2 against a second one, C2, whose six thresholds
[S] also list (:func:`skewplot.datasets.soleymani_examples`).  Their ROC
hulls (a) cross once; from the PR curves at three skews (b) it is hard to
say which is better where.  The cost envelopes (c) and the F-measure
envelopes (d) put the skew on the horizontal axis, so the ranges where each
classifier wins can be read off directly.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

pts = sp.datasets.soleymani_examples()

fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.8), constrained_layout=True)
roc = sp.plot_roc(pts, hull=True, ax=axes[0, 0], marker="o", markersize=3)
axes[0, 0].set_title("(a) ROC")
colors = {name: line.get_color() for name, line in roc.lines_.items()}

# Colour for the classifier, line style for the skew.
styles = {0.5: "-", 0.2: "--", 0.05: ":"}
# the line styles join the figure's one legend as entries of their own
for skew, ls in styles.items():
    axes[0, 1].plot([], [], color="0.3", linestyle=ls, label=rf"$P(+) = {skew:g}$")
for skew, linestyle in styles.items():
    for name in pts:
        sp.plot_pr({name: pts[name]}, skew=skew, baselines=False, ax=axes[0, 1], color=colors[name],
                   linestyle=linestyle)
axes[0, 1].set_ylabel("precision")
axes[0, 1].set_title("(b) precision-recall")

sp.plot_cost(pts, m=0.5, ax=axes[1, 0])
axes[1, 0].set_title("(c) cost space, $m = 0.5$")

sp.plot_fmeasure(pts, f_alpha=0.5, ax=axes[1, 1])
_ = axes[1, 1].set_title(r"(d) F-measure space, $\alpha = 0.5$")  # (c) and (d) in the figure's legend

# %%
# The best F and the lowest cost of each classifier at a few skews
# (with :math:`m = 0.5` the probability cost equals the skew):
skews = np.array([0.05, 0.2, 0.4, 0.6, 0.8])
print("P(+)    F(C1)  F(C2)   cost(C1) cost(C2)")
for skew in skews:
    f = [sp.f_envelope(pts[name], skews=skew)[0] for name in pts]
    cost = [sp.cost_envelope(pts[name], pc=sp.probability_cost(skew, 0.5))[0] for name in pts]
    print(f"{skew:<6}  {f[0]:.3f}  {f[1]:.3f}   {cost[0]:.3f}    {cost[1]:.3f}")
