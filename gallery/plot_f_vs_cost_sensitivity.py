"""
[S] Fig 7: F-measure reacts to false positives, expected cost barely
====================================================================

**Seed figure:** [S] Fig 7.  **Status:** reproduced: TPR = 0.75, FPR from 0 to
0.5, P(+) = 0.25 and α = m = 0.5 as in [S].

Take classifiers with the same recall, TPR = 0.75, and different false
positive rates.  With rare positives a small FPR is a large *number* of
false alarms.  Expected cost weighs a false positive by :math:`1 - PC(+)`
whatever the classifier; the F-measure weighs it by the classifier's own
precision, so it drops much faster ([S] §3.3).

(a) :math:`F_{0.5}` and :math:`1 - \\text{cost}` against FPR at
:math:`P(+) = 0.25`.  (b, c) the F-curves and the cost curves of five such
classifiers against the skew (:math:`\\alpha = m = 0.5`, so
:math:`PC(+) = P(+)`): the cost curves of FPR = 0 and 0.01 almost coincide,
their F-curves do not.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import NullFormatter, StrMethodFormatter

import skewplot as sp
from skewplot.plotting import style

style.use("double")

tpr = 0.75
fig, axes = plt.subplots(1, 3, figsize=(7.2, 2.6), constrained_layout=True)

# (a) one skew, FPR varies
fpr = np.linspace(0.0, 0.5, 201)
pts = sp.OperatingPoints.from_rates(np.full_like(fpr, tpr), fpr)
inner = slice(1, -1)  # from_rates adds the (0, 0) and (1, 1) ends
axes[0].plot(fpr, sp.f_measure(pts, skew=0.25)[inner], label="F0.5")
axes[0].plot(fpr, 1 - sp.expected_cost(pts, pc=0.25)[inner], label=r"$1 - $cost")
axes[0].set_xlabel("FPR")
axes[0].set_title(f"(a) TPR = {tpr}, $P(+) = 0.25$")
axes[0].set_ylim(0, 1.02)
axes[0].legend(loc="lower left")

# (b, c) five classifiers against the skew
skews = np.geomspace(1e-4, 0.5, 300)
for fpr, linestyle in zip([0.0, 0.01, 0.05, 0.1, 0.2], [":", "--", "-", "-", "-"], strict=True):
    point = sp.OperatingPoints.from_rates([tpr], [fpr])
    line = axes[1].plot(skews, sp.f_curves(point, skews=skews)[:, 1], linestyle=linestyle, label=f"FPR = {fpr:g}")[0]
    axes[2].plot(skews, sp.expected_cost(point, pc=skews)[:, 1], linestyle=linestyle, color=line.get_color())
for ax, title, ylabel in zip(axes[1:], ["(b) F-measure space", "(c) cost space"], ["F0.5", "cost"], strict=True):
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(StrMethodFormatter("{x:g}"))  # 0.001, not 10^-3 (too small in print)
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlim(skews[0], skews[-1])
    ax.set_xlabel(r"$P(+)$ $(= PC(+))$")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
axes[1].set_ylim(0, 1.02)
axes[2].set_ylim(0, 0.35)  # room for the legend above the lines
# One legend for (b) and (c), in (c) above the cost lines: in (b) every corner holds a curve
_ = axes[2].legend(*axes[1].get_legend_handles_labels(), loc="upper left", ncol=2)
