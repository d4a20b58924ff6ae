"""
[L] Fig 6: one detector, ground truths of different skew, P̄-R curves
=====================================================================

**Seed figure:** [L] Fig 6.  **Status:** partly: the annotations are
simulated, so the ordering matches [L] (P̄-R orders the ground truths as ROC
does) but the numbers do not: for the highest agreement [L] report P̄ AUC
0.9454 and ROC AUC 0.9910 (ours 0.844 and 0.969), and a spread of P̄ AUCs
between the highest and lowest agreement of 0.3853 (ours 0.121).

In [L] a fissure detector is scored against ground truths made from the
agreement of 13 annotators: the more annotators must agree, the fewer pixels
are positive.  Plain P-R curves then mix two effects, the detector's quality
and the changing skew of each ground truth, and seem to say the detector gets
*worse* on the cleaner ground truths.

Integrating precision over the range of skews the detector will meet,
:math:`\\pi' \\in [0, 0.5]` ([L] Eq 7), puts every ground truth on the same
footing: the P̄-R curves (middle) order the ground truths as the ROC curves do
(right), while keeping precision's sensitivity to false positives.

The annotations here are simulated: a hidden "fissure strength" per pixel,
13 noisy annotators, and a detector that responds to the strength.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

rng = np.random.default_rng(7)
n_pixels = 40_000
strength = rng.normal(size=n_pixels)
# Each annotator marks a pixel when its (noisy) view of the strength is high.
agreement = (strength[:, None] + 0.5 * rng.normal(size=(n_pixels, 13)) > 1.4).sum(axis=1)
detector = strength + 0.6 * rng.normal(size=n_pixels)

points = {}
for level in (1, 4, 7, 10, 13):
    truth = (agreement >= level).astype(int)
    points[f"≥{level}"] = sp.operating_points(truth, detector)

# %%
# Skews of the ground truths
for name, pts in points.items():
    print(f"{name:>12}: skew {pts.skew:.4f}")

# %%
# P-R at each ground truth's own skew, P̄-R over [0, 0.5], and ROC
# ----------------------------------------------------------------
# In the first panel each curve has its own random level (the baselines drawn
# are those of the first ground truth).  The second and third panels share one
# scale for every ground truth.

fig, axes = plt.subplots(1, 3, figsize=(7.2, 2.9), constrained_layout=True)
pr = sp.plot_pr(points, ax=axes[0], baselines=False, linewidth=1.2)
axes[0].set_ylabel("precision $P$ (own skew)")
axes[0].set_title("(a) P-R")
bar = sp.plot_pr(points, skew=(0.0, 0.5), ax=axes[1], linewidth=1.2)
axes[1].set_title(r"(b) $\bar{P}$-R, $\pi' \in [0, 0.5]$")
roc = sp.plot_roc(points, ax=axes[2], linewidth=1.2)
_ = axes[2].set_title("(c) ROC")

# %%
# The panels share one legend above them (the dashed line of (b) is the random
# classifier at the range's mean skew, 0.25; the shaded region is unachievable).
# Each panel's area, per ground truth:
print("agreement  AUCPR (own skew)  P-bar area  ROC AUC")
for name in points:
    print(f"{name:>9}  {pr.aucs_[name]:16.3f}  {bar.aucs_[name]:10.3f}  {roc.aucs_[name]:7.3f}")
