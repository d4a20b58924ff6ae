"""
[L] Fig 8: one detector, two annotators' ground truths
======================================================

**Seed figure:** [L] Fig 8 (a), the fissure image.  **Status:** partly: the
image and its 13 annotations are not public, so two annotators are
simulated: they mark the same kind of pixel, but one marks far more of them
(skew 0.12 against 0.03).  [L] print no areas for this figure; their
finding is that the P-R curves suggest a large difference between the two
ground truths, while the P̄-R curves show that the detector models both
"roughly equally".  Ours (printed below): AUCPR 0.696 against 0.449, P̄ areas
0.765 and 0.769.  [L]'s panel (b), on the STARE data, is not redrawn.

A P-R curve mixes what the detector does with the skew of the ground truth:
a sparser annotation has fewer positives, hence lower precision at every
recall, even if the detector finds its pixels just as well.  The P̄-R curve,
precision integrated over :math:`\\pi' \\in [0, 0.5]`, takes the ground
truth's skew out, so the two annotations can be compared.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

rng = np.random.default_rng(8)
n = 80_000
annotators = {"annotator 8": 0.12, "annotator 12": 0.03}  # share of pixels each marks as fissure

points = {}
for name, skew in annotators.items():
    # Each annotator's marked pixels stand out from the rest by the same amount in the detector's output.
    y = (rng.random(n) < skew).astype(int)
    score = rng.normal(size=n) + 2.0 * y
    points[f"{name}, π = {y.mean():.3f}"] = sp.operating_points(y, score)

fig, axes = plt.subplots(1, 2, sharey=True, constrained_layout=True)
sp.plot_pr(points, ax=axes[0], baselines=False)
sp.plot_pr(points, skew=(0.0, 0.5), ax=axes[1], baselines=False)
# one legend for both panels; each panel's title gives its areas
pr = ", ".join(f"{sp.aucpr(p):.3f}" for p in points.values())
bar = ", ".join(f"{sp.aucpr(p, skew=(0.0, 0.5)):.3f}" for p in points.values())
axes[0].set_title(f"(a) P-R at each ground truth's skew\nAUCPR {pr}")
axes[0].set_ylabel("precision (each ground truth's own skew)")
axes[1].set_title(f"(b) $\\bar{{P}}$-R, π′ ∈ [0, 0.5]\narea {bar}")
for name, pts in points.items():
    print(f"{name}: AUCPR {sp.aucpr(pts):.3f}, P-bar area {sp.aucpr(pts, skew=(0.0, 0.5)):.3f}, "
          f"ROC AUC {sp.roc_auc(pts):.3f}")
plt.show()
