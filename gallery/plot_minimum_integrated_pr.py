"""
[L] Fig 9: minimum-achievable and random P̄-R curves
====================================================

**Seed figure:** [L] Fig 9.  **Status:** reproduced: the minimum areas are
[L]'s to four decimals, 0.1424, 0.2349 and 0.5471.

No classifier can fall below a certain P-R curve: the one of ranking every
negative before the positives that are still to be found (Boyd et al.'s
unachievable region).  Integrating precision over a range of skews
:math:`[\\pi'_1, \\pi'_2]` turns this bound into a minimum-achievable P̄-R
curve ([L] Eq 19), and the random classifier's flat line into the mean of the
range, :math:`(\\pi'_1 + \\pi'_2)/2` ([L] Eq 22).

The legend gives the minimum area ([L] Eq 20, :func:`skewplot.aucpr_min`);
[L] lists 0.1424, 0.2349 and 0.5471 for these three ranges.  Normalised areas
(``aucpr(..., normalize=True)``) subtract it out.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("single")

recall = np.linspace(0.0, 1.0, 401)
fig, ax = plt.subplots(constrained_layout=True)
for (lo, hi), color in zip([(0.0, 0.5), (0.3, 0.5), (0.6, 0.9)], ["C0", "C1", "C2"], strict=True):
    skew = sp.SkewRange(lo, hi)
    ax.plot(recall, sp.min_precision(recall, skew), color=color,
            label=f"π′ ∈ [{lo:g}, {hi:g}]: AUCmin = {sp.aucpr_min(skew):.4f}")
    ax.axhline(sp.random_precision(skew), color=color, linestyle="--", linewidth=0.9)
ax.set_xlim(0, 1)
ax.set_ylim(0, 1)
ax.set_xlabel("recall")
ax.set_ylabel(r"$\bar{P}$")
ax.set_title("solid: minimum achievable, dashed: random")
_ = ax.legend(loc="upper left", borderaxespad=0.2)
