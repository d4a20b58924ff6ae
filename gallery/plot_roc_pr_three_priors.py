"""
[LG] Fig 2: one ROC curve, three precision-recall curves
========================================================

**Seed figure:** [LG] Fig 2.  **Status:** partly: the same construction (one
ROC curve, P-R curves at three priors) on a synthetic classifier; [LG] print
no values for this figure.

An ROC curve does not depend on the class priors; a precision-recall curve
does.  From the ROC points alone the precision at any prior follows
([LG] Eq 3), so one ROC curve (top) yields a family of P-R curves (bottom),
here at :math:`\\pi_p = 0.5, 0.1, 0.01`.  Going from balanced to rare
positives the same classifier looks ever worse in precision.
"""

import matplotlib.pyplot as plt

import skewplot as sp
from skewplot.plotting import style

style.use("single")

y, score = sp.datasets.make_scores(4000, 0.3, separation=2.0, random_state=0)
pts = sp.operating_points(y, score)

fig, (ax_roc, ax_pr) = plt.subplots(2, 1, figsize=(3.5, 5.6), constrained_layout=True)
sp.plot_roc(pts, ax=ax_roc, color="k")
ax_roc.set_title("ROC")

for prior, color in zip([0.5, 0.1, 0.01], ["C0", "C1", "C3"], strict=True):
    sp.plot_pr({f"π(+) = {prior:g}": pts}, skew=prior, baselines=False, ax=ax_pr, color=color)
ax_pr.set_ylabel("precision")
areas = ", ".join(f"{sp.aucpr(pts, skew=prior):.3f}" for prior in [0.5, 0.1, 0.01])
_ = ax_pr.set_title(f"precision-recall at three priors\nAUCPR {areas}")  # the legend above names the priors
