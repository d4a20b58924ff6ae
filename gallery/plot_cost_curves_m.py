"""
[S] Fig 5: expected cost of one classifier for several cost ratios
==================================================================

**Seed figure:** [S] Fig 5.  **Status:** reproduced: TPR = 0.8, FPR = 0.15 as
in [S]; the lines are exact (NEC 0.15 at PC(+) = 0, 0.20 at PC(+) = 1).

Cost curves (Drummond & Holte) put the *probability cost*
:math:`PC(+)` on the horizontal axis, which folds the skew :math:`P(+)` and
the cost ratio :math:`m = C_{FP} / (C_{FP} + C_{FN})` into one number
([S] Eq 13, :func:`skewplot.probability_cost`).  Against :math:`PC(+)` a
classifier is one straight line whatever :math:`m` (a).  Against the skew
:math:`P(+)` itself, :math:`m` bends the line (b): :math:`m = 0` gives the
miss rate :math:`1 - TPR` at every skew, :math:`m = 1` the false positive
rate.  Compare with the F-measure, whose weight :math:`\\alpha` changes the
curve in either view (:ref:`sphx_glr_auto_gallery_plot_f_alpha_curves.py`).
TPR = 0.8 and FPR = 0.15, as in [S].
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

point = sp.OperatingPoints.from_rates([0.8], [0.15])
grid = np.linspace(0.0, 1.0, 401)

fig, axes = plt.subplots(1, 2, sharey=True, constrained_layout=True)
# (a) one line for every m: m only changes which PC(+) a given skew maps to.
axes[0].plot(grid, sp.expected_cost(point, pc=grid)[:, 1], color="0.2", label="every $m$")
for m, pc, marker in [(0.0, 1.0, "s"), (1.0, 0.0, "o")]:
    # on the axis' ends: clip_on=False draws the marker whole, over the spine
    axes[0].plot([pc], sp.expected_cost(point, pc=pc)[1:2], marker, color="0.2", markersize=4, clip_on=False,
                 zorder=3, label=f"$m = {m:g}$: every skew maps to $PC(+) = {pc:g}$")
# (b) against the skew, one curve per m
for m in (0.0, 0.25, 0.5, 0.75, 1.0):
    cost = sp.expected_cost(point, pc=sp.probability_cost(grid, m))[:, 1]  # column 1 is the point itself
    axes[1].plot(grid, cost, label=f"$m = {m:g}$")
axes[0].set_xlabel(r"probability cost $PC(+)$")
axes[1].set_xlabel(r"skew $P(+)$")
axes[0].set_ylabel("normalised expected cost")
axes[0].set_title("(a) against $PC(+)$")
axes[1].set_title("(b) against $P(+)$")
for ax in axes:
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 0.3)
    ax.legend(loc="lower right")
