"""
[S] Fig 6: F-measure and cost curves do not agree on which classifier wins
==========================================================================

**Seed figure:** [S] Fig 6.  **Status:** partly: [S] draw two pairs of
crisp classifiers but print their (TPR, FPR) only in the figure, so the
pairs here are ours, chosen for the two behaviours [S] describe.  Over the
whole range of skews one half of [S]'s "or vice versa" cannot occur: cost
lines that never cross mean one point is better in both TPR and FPR, which
also orders the F-curves.  What can occur, and is drawn: (a) cost lines that
cross (at P(+) = 0.25) while the F-curves never do, and (b) both crossing,
but at different skews (F at 0.231, cost at 0.400), so that between the two
the criteria pick different classifiers.

Two crisp classifiers, A (more liberal: higher TPR and FPR) and B, with
:math:`\\alpha = m = 0.5`, so that :math:`PC(+) = P(+)`
(:func:`skewplot.f_crossing`, :func:`skewplot.cost_crossing`).
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

pairs = {
    "(a)": ((0.8, 0.3), (0.5, 0.2)),
    "(b)": ((0.9, 0.3), (0.6, 0.1)),
}
skew = np.linspace(0.0, 1.0, 501)[1:]

fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.0), sharex=True, constrained_layout=True)
for col, (tag, (a, b)) in enumerate(pairs.items()):
    f_star, c_star = sp.f_crossing(a, b), sp.cost_crossing(a, b)
    print(f"{tag} A = {a}, B = {b}: F-curves cross at P(+) = {f_star:.3f}, cost lines at {c_star:.3f}")
    for name, (tpr, fpr), color in (("A", a, "C0"), ("B", b, "C1")):
        pts = sp.OperatingPoints.from_rates([tpr], [fpr])
        # Column 1 is the point itself (from_rates adds the (0, 0) and (1, 1) ends).
        f = sp.f_curves(pts, skews=skew, f_alpha=0.5)[:, 1]
        cost = sp.expected_cost(pts, pc=sp.probability_cost(skew, m=0.5))[:, 1]
        label = f"{name}: TPR = {tpr}, FPR = {fpr}"
        axes[0, col].plot(skew, f, color=color, label=label)
        axes[1, col].plot(skew, cost, color=color, label=label)
        for row, curve in ((0, f), (1, cost)):
            star = f_star if row == 0 else c_star
            if name == "A" and 0 < star < 1:  # mark where the two meet
                axes[row, col].plot(star, np.interp(star, skew, curve), "o", color="k", markersize=3.5)
    axes[0, col].set_title(f"{tag} F-curves cross at {f_star:.3f}" if 0 < f_star < 1
                           else f"{tag} F-curves never cross: A is better at every skew")
    axes[1, col].set_title(f"cost lines cross at {c_star:.3f}")
    axes[0, col].set_ylabel("F0.5")
    axes[1, col].set_ylabel("normalised expected cost")
    axes[1, col].set_xlabel(r"$P(+) = PC(+)$")
    axes[0, col].legend(loc="lower right")
    axes[1, col].legend(loc="upper left")
plt.show()
