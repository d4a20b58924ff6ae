"""
[K] Fig 4: three classifiers that only weighted test data tell apart
====================================================================

**Seed figure:** [K] Fig 4.  **Status:** partly: the same construction on
freshly drawn weights; [K] give their areas only inside the figure, so we
compare the pattern: equal hard-label AUC-PR (0.455 for all three), and
weighted AUC-PR good 0.481 > permuted 0.301 > bad 0.207.

Each of 10 000 hypothetical data points has a foreground (positive) weight
between 0 and 1, drawn from a mixture of beta distributions (a).  Hard labels
cut the weights at 0.5, giving about one positive in ten.  Three classifiers
hand out *the same scores within each hard class*, so with hard labels their
P-R and ROC curves are identical (b).  They differ in how the scores follow
the weights inside a class:

* good: the higher the weight, the higher the score;
* permuted: no relation;
* bad: the higher the weight, the lower the score.

Scored against the weights themselves, with
:meth:`skewplot.OperatingPoints.from_weights` and the continuous
interpolation ([K]), the three separate clearly in P-R (c) and ROC (d) space.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import NullFormatter, StrMethodFormatter

import skewplot as sp
from skewplot.plotting import style

style.use("double")

rng = np.random.default_rng(4)
n = 10_000
high = rng.random(n) < 0.1
weight = np.where(high, rng.beta(8, 3, n), rng.beta(1.2, 12, n))  # foreground weight
label = (weight > 0.5).astype(int)

# One set of scores per hard class; the classifiers only reorder it within the class.
base = np.where(label == 1, rng.normal(1.5, 1.0, n), rng.normal(0.0, 1.0, n))
scores = {}
for name in ("good", "permuted", "bad"):
    s = np.empty(n)
    for cls in (0, 1):
        idx = np.flatnonzero(label == cls)
        ranked_scores = np.sort(base[idx])
        if name == "good":
            order = idx[np.argsort(weight[idx])]  # low weight gets low score
        elif name == "bad":
            order = idx[np.argsort(-weight[idx])]
        else:
            order = rng.permutation(idx)
        s[order] = ranked_scores
    scores[name] = s

hard = {name: sp.operating_points(label, s) for name, s in scores.items()}
soft = {name: sp.OperatingPoints.from_weights(s, weight) for name, s in scores.items()}

# %%
fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.6), constrained_layout=True)
ax = axes[0, 0]
ax.hist(weight, bins=50, color="0.5")
ax.axvline(0.5, color="k", linestyle="--", linewidth=1.0)
ax.set_yscale("log")
ax.yaxis.set_major_formatter(StrMethodFormatter("{x:g}"))  # 10, 100, not 10^k (too small in print)
ax.yaxis.set_minor_formatter(NullFormatter())
ax.set_xlabel("foreground weight")
ax.set_ylabel("data points")
ax.set_title("(a) weights (dashed: the hard-label cut)")

sp.plot_pr(hard, ax=axes[0, 1], baselines=False)
areas = ", ".join(f"{sp.aucpr(p):.3f}" for p in hard.values())
axes[0, 1].set_title(f"(b) hard labels: one curve for all three\nAUCPR {areas}")  # one legend: the figure's

sp.plot_pr(soft, ax=axes[1, 0])
areas = ", ".join(f"{sp.aucpr(p):.3f}" for p in soft.values())
axes[1, 0].set_title(f"(c) weighted data: P-R\nAUCPR {areas}")

sp.plot_roc(soft, ax=axes[1, 1])
axes[1, 1].set_title("(d) weighted data: ROC")

for name in scores:
    print(f"{name:>9}: AUC-PR hard {sp.aucpr(hard[name]):.3f}, weighted {sp.aucpr(soft[name]):.3f}; "
          f"ROC AUC weighted {sp.roc_auc(soft[name]):.3f}")
