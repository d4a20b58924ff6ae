"""
[S] Fig 1: F-measure against the skew for several weights
=========================================================

**Seed figure:** [S] Fig 1.  **Status:** reproduced: TPR = 0.8, FPR = 0.15 as
in [S]; every curve passes through P(+) = FPR / (FPR − TPR + 1) = 0.4286,
where F = TPR = 0.8.

For a crisp classifier (one operating point) the F-measure is a function of
two things the test data do not fix: the skew :math:`P(+) = \\pi` and the
weight :math:`\\alpha` of precision against recall,
:math:`F_\\alpha = 1 / (\\alpha / \\mathrm{Pr} + (1-\\alpha)/\\mathrm{Re})`
([S] Eq 3, 10).  Soleymani et al. draw it against :math:`P(+)` with one curve
per :math:`\\alpha`.  At :math:`\\alpha = 0` it is the recall (flat); at
:math:`\\alpha = 1` the precision.  Every curve passes through the same point,
:math:`P(+) = FPR / (FPR - TPR + 1)`, where :math:`F_\\alpha = TPR`
(:func:`skewplot.f_alpha_crossing`).
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("single")

tpr, fpr = 0.8, 0.15
point = sp.OperatingPoints.from_rates([tpr], [fpr])  # (0, 0), the point, (1, 1)
skews = np.linspace(0.0, 1.0, 401)

fig, ax = plt.subplots(constrained_layout=True)
for f_alpha in (0.0, 0.25, 0.5, 0.75, 1.0):
    f = sp.f_curves(point, skews=skews, f_alpha=f_alpha)[:, 1]  # column 1 is the point itself
    ax.plot(skews, f, label=rf"$\alpha = {f_alpha:g}$")
meet = sp.f_alpha_crossing((tpr, fpr))
ax.plot([meet], [tpr], "o", color="k", markersize=4)
ax.annotate(rf"$P(+) = {meet:.4f}$", (meet, tpr), xytext=(6, -12), textcoords="offset points", fontsize="small")
ax.set_xlim(0, 1)
ax.set_ylim(0, 1.02)
ax.set_xlabel(r"$P(+)$")
ax.set_ylabel("Fα")
ax.set_title(f"TPR = {tpr}, FPR = {fpr}")
_ = ax.legend(loc="lower right")
