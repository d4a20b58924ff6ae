"""
[LG] The P-ROC surface: precision over recall and prior
=======================================================

**Seed figure:** [LG] §4 (the P-ROC surface; [LG] draw its slices in Fig 2).
**Status:** reproduced in kind: [LG] give no surface for a stated classifier,
so there are no numbers to compare; the slices are the P-R curves of
:ref:`sphx_glr_auto_gallery_plot_roc_pr_three_priors.py`.

Because precision depends on the prior, the precision-recall characteristic
of one classifier is not a curve but a surface: precision as a function of
recall (TPR) and of the positive prior :math:`\\pi` ([LG] §4).  Each slice at
fixed :math:`\\pi` is the P-R curve at that prior; [LG] integrate over a band
of priors to score a classifier when the prior is only known to lie in a
range (:func:`skewplot.iauprec`).
"""

import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("single")

y, score = sp.datasets.make_scores(3000, 0.2, separation=1.8, random_state=1)
pts = sp.operating_points(y, score)

disp = sp.plot_pr_surface(pts, skews=np.linspace(0.01, 0.99, 50), cmap="viridis")
disp.figure_.set_size_inches(4.5, 3.8)
_ = disp.ax_.view_init(elev=25, azim=-130)

# %%
# The areas under the slices at [LG]'s skews :math:`\lambda = N_n/N_p`, and
# their average over a range of :math:`\lambda` (IAUPREC):
for ratio in (1, 10, 100):
    print(f"AUPREC(lambda={ratio:>3}) = {sp.auprec(pts, ratio=ratio):.4f}")
print(f"IAUPREC(1, 100)     = {sp.iauprec(pts, ratio_range=(1, 100)):.4f}")
