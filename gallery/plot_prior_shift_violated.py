"""
When prior shift does not hold: estimated skews go wrong with confidence
========================================================================

**Seed figure:** none (estimating the deployment skew goes beyond the five
papers).  **Status:** no seed figure.

:func:`skewplot.estimate_skew` assumes *prior shift*: in deployment only the
class balance changes, while the score distribution of each class stays
what the labelled test set shows.  The deployment's scores are then the
mixture :math:`\\pi' f_+ + (1 - \\pi') f_-` of the test set's two, and every
method recovers :math:`\\pi'`.

Below, the true deployment skew is 5 % in every panel (one draw of a test
set of 20 000 and a deployment sample of 50 000).  Left: prior shift holds,
and every method lands within about a point of the truth.  The intervals of
one draw miss now and then (90 % intervals cover 80-98 % of the time in
``tests/stats/test_prior_shift.py``); here the test set's own draw pulls the
methods a little low together, and the intervals of PACC and ACC end just
short of 5 %: the test set's sampling error is shared by every estimate
made with it, which is why the intervals must include it.  Middle: the
negatives drift (a new kind of negative scores 0.4 higher on average), so
the deployment has more high-scoring items than 5 % positives explain: every
method over-estimates the skew, the intervals are as narrow as before and
miss it.  Right: the positives drift towards the negatives (a harder
variant of the positive class, 0.6 lower), and the skew is under-estimated.

No interval can show this bias: the interval measures sampling error, not
a broken assumption.  What can warn is the fit itself: HDy's Hellinger
distance between the deployment histogram and the best mixture (in
``details``) grows when no mixture matches; compare it with its value on
held-out labelled data.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")
rng = np.random.default_rng(8)
TRUE_SKEW = 0.05


def scores(labels, neg_shift=0.0, pos_shift=0.0):
    return np.where(labels, rng.normal(1.8 + pos_shift, 1.0, labels.size), rng.normal(neg_shift, 1.0, labels.size))


y_test = rng.random(20_000) < 0.1
s_test = scores(y_test)
y_dep = rng.random(50_000) < TRUE_SKEW
cases = {
    "prior shift holds": scores(y_dep),
    "negatives drift (+0.4)": scores(y_dep, neg_shift=0.4),
    "positives drift (−0.6)": scores(y_dep, pos_shift=-0.6),
}
methods = ("ml", "hdy", "pacc", "acc", "median_sweep")
results = {
    case: {m: sp.estimate_skew(y_test, s_test, d, quantifier=m, confidence=0.9, n_boot=100, random_state=0)
           for m in methods}
    for case, d in cases.items()
}
for case, res in results.items():
    print(f"{case:<24}" + "  ".join(f"{m} {r.estimate:.3f}" for m, r in res.items())
          + f"  (HDy's Hellinger distance {res['hdy'].details['hellinger']:.3f})")

# %%
fig, axes = plt.subplots(1, 3, sharey=True, constrained_layout=True)
for ax, (case, res) in zip(axes, results.items(), strict=True):
    for i, r in enumerate(res.values()):
        miss = not r.low <= TRUE_SKEW <= r.high
        ax.errorbar(i, r.estimate, yerr=[[r.estimate - r.low], [r.high - r.estimate]], fmt="o",
                    color="C3" if miss else "C0", markersize=3.5, capsize=2.5, linewidth=1.0)
    ax.axhline(TRUE_SKEW, color="k", linestyle="--", linewidth=0.9, label="true skew")
    ax.set_xticks(range(len(methods)), [m.replace("_", "\n") for m in methods], fontsize=6.5)
    ax.set_xlim(-0.6, len(methods) - 0.4)
    ax.set_title(case, fontsize=8)
axes[0].set_ylabel(r"estimated skew $\pi'$ (90 % interval)")
axes[0].legend(loc="upper left")
_ = fig.suptitle("true skew 5 % in every panel; red: the interval misses it", fontsize=8)

# %%
# The score densities behind the middle panel: the deployment (grey) is not
# a mixture of the test set's classes, so no skew reproduces it.
fig2, ax = plt.subplots(constrained_layout=True, figsize=(3.6, 2.6))
edges = np.linspace(-4, 6, 81)
for case, colour in (("prior shift holds", "C0"), ("negatives drift (+0.4)", "0.4")):
    ax.hist(cases[case], edges, density=True, histtype="step", color=colour, label=f"deployment, {case}")
mix = TRUE_SKEW * np.histogram(s_test[y_test], edges, density=True)[0] + (1 - TRUE_SKEW) * np.histogram(
    s_test[~y_test], edges, density=True)[0]
ax.stairs(mix, edges, color="k", linestyle="--", label="test classes mixed at 5 %")
ax.set_xlabel("score")
ax.set_ylabel("density")
ax.legend(loc="upper right", frameon=False)
ax.set_xlim(-4, 8)
ax.set_ylim(0, 0.6)  # the legend above the densities
plt.show()
