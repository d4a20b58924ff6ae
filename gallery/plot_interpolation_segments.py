"""
[K] Fig 2: where the discrete interpolations and the continuous one part
========================================================================

**Seed figure:** [K] Fig 2.  **Status:** reproduced in kind: [K] give the
gaps between the two supporting points (5 true positives and 295 false
positives apart in (a), the reverse in (b)) but not the points themselves, so
the points here are ours.  [K]'s finding holds: the continuous curve follows
the discrete interpolation that has more intermediate points, discrete-FP in
(a) and discrete-TP in (b); the areas are printed below.

Between two operating points A and B, Davis & Goadrich's interpolations put
intermediate points at every unit step of the true positives (discrete-TP)
or of the false positives (discrete-FP) and join them by straight lines in
P-R space.  The continuous interpolation of [K] joins A and B by the straight
ROC segment, a smooth curve in P-R space.  When A and B are few true
positives apart, discrete-TP has few points and misses the curve's bend; when
they are few false positives apart, discrete-FP does.  For each case one
segment along which precision falls and one along which it rises.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

N_NEG = 1000
# (n_pos, A, B) with A and B as (TP, FP) counts.
cases = {
    "(a) 5 TP, 295 FP apart": [(20, (5, 5), (10, 300)), (20, (1, 300), (6, 595))],
    "(b) 295 TP, 5 FP apart": [(400, (5, 5), (300, 10)), (400, (5, 300), (300, 305))],
}
schemes = {"discrete-tp": ("C0", "o", 3.5), "discrete-fp": ("C1", ".", 1.5), "continuous": ("C3", None, 0)}


def segment(n_pos, a, b, interpolation):
    """Recall and precision of one interpolation between A and B, and the area under it."""
    pts = sp.OperatingPoints.from_counts([0, a[0], b[0], n_pos], [0, a[1], b[1], N_NEG], n_pos, N_NEG)
    kwargs = {"resolution": 1e-7} if interpolation == "continuous" else {}
    r, p = sp.pr_curve(pts, skew=n_pos / (n_pos + N_NEG), interpolation=interpolation, **kwargs)
    keep = (r >= a[0] / n_pos) & (r <= b[0] / n_pos)
    r, p = r[keep], p[keep]
    # The discrete schemes join their points by straight lines: the trapezoid rule is their area.
    return r, p, float(np.sum(np.diff(r) * (p[1:] + p[:-1]) / 2))


fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.2), constrained_layout=True)
for col, (title, pairs) in enumerate(cases.items()):
    for row, (n_pos, a, b) in enumerate(pairs):
        ax = axes[row, col]
        areas = {}
        for interpolation, (color, marker, size) in schemes.items():
            r, p, areas[interpolation] = segment(n_pos, a, b, interpolation)
            ax.plot(r, p, color=color, marker=marker, markersize=size, linewidth=1.2,
                    label=f"{interpolation} ({areas[interpolation]:.5f})")
        print(f"{title}, A={a}, B={b}: " + ", ".join(f"{k} {v:.5f}" for k, v in areas.items()))
        ax.set_title(f"{title}: A = {a}, B = {b}" if row == 0 else f"A = {a}, B = {b}", fontsize=7)
        ax.set_xlabel("Recall")
        ax.set_ylabel("Precision")
        ax.legend(title="area between A and B",
                  loc="upper right" if p[-1] < p[0] else "lower right")
plt.show()

# %%
# In every case the continuous area is within a few per cent of the finer
# discrete interpolation's (discrete-FP in (a), discrete-TP in (b)) and far
# from the coarser one's: the continuous curve passes through all the
# intermediate points of both discrete schemes.
