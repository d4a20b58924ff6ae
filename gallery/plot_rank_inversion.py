"""
[L] Fig 5: the better classifier depends on the skew
=====================================================

**Seed figure:** [L] Fig 5.  **Status:** partly: the pattern is [L]'s (the
ranking of the two detectors inverts between the test skew and rare positives)
but the data are synthetic, so the areas differ: [L] (a) C-S 0.3384, Gauss
0.3607 at π = 0.0667; (b) 0.1307 and 0.1088 at 0.01; (c) 0.7772 and 0.8260 at
0.5.  Ours: (a) 0.411 and 0.439, (b) 0.246 and 0.140, (c) 0.771 and 0.873.

Two detectors are scored on one data set with 6.67 % positives.  Their P-R
curves cross, so which one has the larger area under the P-R curve depends on
the deployment skew :math:`\\pi'` ([L] §4.1.1).  Here the broad-tailed
"C-S" detector finds its first positives more cleanly, while "Gauss" is
better over most of the recall range.

The data are synthetic (binormal scores) and stand in for the fissure
detectors of [L]; the pattern is the paper's: "Gauss" wins at the data set's
skew and on balanced data, "C-S" wins when positives are rare.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

rng = np.random.default_rng(1)
n = 30_000
y = (rng.random(n) < 0.0667).astype(int)
negatives = rng.normal(0.0, 1.0, n)
scores = {
    "C-S": np.where(y == 1, rng.normal(1.2, 2.2, n), negatives),
    "Gauss": np.where(y == 1, rng.normal(1.6, 1.0, n), negatives),
}
points = {name: sp.operating_points(y, s) for name, s in scores.items()}

# %%
# Where the ranking flips
# -----------------------
# :func:`skewplot.inversion_skews` finds every skew where the difference of the
# two areas changes sign; here there is one, :math:`\pi^*`.

inversions = sp.inversion_skews(points["C-S"], points["Gauss"])
print("ranking flips at pi* =", inversions.round(4))

# %%
# The same curves at three skews, and the areas against the skew
# --------------------------------------------------------------
# ``skew=None`` keeps the data set's own skew; a number moves every point to
# that deployment skew.  The four panels share one legend above them; each
# panel's title gives the two curves' areas at its skew.
# :func:`skewplot.plot_aucpr_vs_skew` (d) draws the areas over a log-spaced grid
# of skews with the inversion marked, and the random and minimum areas below;
# the dashed grey line is the test set's skew.

test_skew = points["Gauss"].skew
fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.6), constrained_layout=True)
heads = [rf"(a) test data, $\pi = {test_skew:.3g}$", r"(b) $\pi' = 0.01$", r"(c) $\pi' = 0.5$"]
for ax, skew, head in zip(axes.flat[:3], [None, 0.01, 0.5], heads, strict=True):
    sp.plot_pr(points, skew=skew, ax=ax)
    areas = ", ".join(f"{name} {sp.aucpr(p, skew=skew):.3f}" for name, p in points.items())
    ax.set_title(f"{head}\nAUCPR: {areas}")

ax = axes.flat[3]
ax.axvline(test_skew, ymax=0.85, color="0.6", linestyle="--", linewidth=0.8, label="test skew")  # below the pi* label
sp.plot_aucpr_vs_skew(points, ax=ax)
_ = ax.set_title("(d) area against skew")
