"""
[S] Iterative Boolean combination chosen in F-measure space
===========================================================

**Seed figure:** [S] Alg 1 and §4.2.  **Status:** partly: the algorithm is
[S]'s, the data are not (their bagged SVMs on the COX video data are not
public); here two synthetic detectors, each seeing half of the evidence, and
the combination beats both at every skew below 0.9.

Two detectors each see part of the evidence.  Instead of picking one of them,
Boolean combination ([S] §3.4.2) thresholds both and combines the two
decisions with one of ten Boolean functions (AND, OR, XOR, ...).  For every
deployment skew, :func:`skewplot.iterative_boolean_combination` keeps the
single detector or the combination with the highest :math:`F_{0.5}`, the
upper envelope of all their F-curves ([S] Alg 1).  Here the combination beats
both detectors' own envelopes at every skew but the most balanced ones.

The validation data are synthetic: positives are marked by either of two
independent signals, and each detector sees one of them.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import NullFormatter, StrMethodFormatter

import skewplot as sp
from skewplot.plotting import style

style.use("single")

rng = np.random.default_rng(5)
n = 3000
y = (rng.random(n) < 0.2).astype(int)
which = rng.random(n) < 0.5  # which signal marks each positive
scores = {
    "A": rng.normal(size=n) + 2.5 * (y * which),
    "B": rng.normal(size=n) + 2.5 * (y * ~which),
}
# Round the scores: fewer thresholds, and the 2-D search stays small.
scores = {name: np.round(s, 1) for name, s in scores.items()}

skews = np.geomspace(0.01, 0.9, 40)
ibc = sp.iterative_boolean_combination(y, scores, skews, f_alpha=0.5)

# %%
# The detectors' own F-measure envelopes and the combination's
fig, ax = plt.subplots(constrained_layout=True)
for name, s in scores.items():
    best, _ = sp.f_envelope(sp.operating_points(y, s), skews=skews)
    ax.plot(skews, best, label=f"detector {name} alone")
ax.plot(skews, ibc.f, color="k", marker="o", markersize=2.5, linewidth=1.2, label="IBC (best of A, B and combinations)")
ax.set_xscale("log")
ax.xaxis.set_major_formatter(StrMethodFormatter("{x:g}"))  # 0.01, 0.1: a 10^k exponent is too small in print
ax.xaxis.set_minor_formatter(NullFormatter())
ax.set_xlabel(r"skew $P(+)$")
ax.set_ylabel("best F0.5")
ax.set_ylim(0, 1)
_ = ax.legend(loc="lower right")  # the curves leave that corner empty

# %%
# The decision chosen at a few skews; ``ibc.decide(new_scores, k)`` applies it
# to new data.
for k in (0, 20, 39):
    print(f"P(+) = {skews[k]:.3f}: F = {ibc.f[k]:.3f}  {ibc.recipes[k]}")
