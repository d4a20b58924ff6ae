"""
Choosing a fraud threshold when the deployment skew is only estimated
=====================================================================

**Seed figure:** none (choosing a threshold under an uncertain skew goes
beyond the five papers).  **Status:** no seed figure.

A fraud model is validated on a labelled test set with 2 % fraud.  In
production only unlabelled scores arrive; :func:`skewplot.estimate_skew`
turns them into an estimated fraud rate with a 90 % interval (the simulated
rate is 0.3 %; the estimate is printed beside it).  :func:`skewplot.choose_threshold` then picks the threshold
for the best F1 under each risk -- averaged over the estimate's uncertainty,
at its worst skew, with the least regret, and met with 90 % probability --
and reports what each does per 10 000 transactions (and, at the end, how
likely it is that this model beats another one out there).  With an interval
this narrow the four risks may agree; they part when the skew is known
less well.  The chosen threshold
(worst case) is marked in every space, and the decision figure shows F1
against the threshold with the band the skew's interval spans.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")
rng = np.random.default_rng(7)


def scores(labels):
    """Negatives N(0, 1), fraud N(3, 1)."""
    return rng.normal(3.0 * labels, 1.0)


y_test = rng.random(20_000) < 0.02
s_test = scores(y_test)
s_new = scores(rng.random(50_000) < 0.003)  # production: unlabelled

est = sp.estimate_skew(y_test, s_test, s_new, confidence=0.9, n_boot=200, random_state=0)
print(f"estimated fraud rate {est.estimate:.4f}, 90 % interval [{est.low:.4f}, {est.high:.4f}] (simulated: 0.003)")

decisions = {}
for risk in ("expected", "worst", "regret", "chance"):
    d = sp.choose_threshold(y_test, s_test, skew=est, target="fbeta", risk=risk, confidence=0.9,
                            n_boot=300, random_state=0)
    decisions[risk] = d
    c, (tp_lo, tp_hi) = d.counts, d.intervals["tp"]
    print(f"{risk:>8}: threshold {d.threshold:.3f}  recall {d.recall:.3f}  precision {d.precision:.3f}  "
          f"per 10 000: {c['tp']:.1f} caught [{tp_lo:.1f}, {tp_hi:.1f}], {c['fp']:.1f} false alarms, "
          f"{c['fn']:.1f} missed")

# %%
# The worst-case threshold in PR space at the estimated skew, in ROC, cost,
# F-measure and precision-recall-gain space, and the decision figure.
d = decisions["worst"]
fig, axes = plt.subplots(2, 3, figsize=(11, 6.5), constrained_layout=True)
sp.plot_pr(y_test, s_test, skew=est.estimate, threshold=d, ax=axes[0, 0])
sp.plot_pr(y_test, s_test, skew=(est.low, est.high), threshold=d, ax=axes[0, 1])
sp.plot_roc(y_test, s_test, threshold=d, ax=axes[0, 2])
sp.plot_cost(y_test, s_test, skew=est.estimate, threshold=d, max_lines=40, ax=axes[1, 0])
sp.plot_fmeasure(y_test, s_test, skew=est.estimate, threshold=d, max_lines=40, ax=axes[1, 1])
sp.plot_decision(y_test, s_test, skew=(est.low, est.high), target="fbeta", threshold=d, ax=axes[1, 2])
for ax, title in ((axes[0, 2], "ROC: the threshold at its (FPR, TPR)"), (axes[1, 0], "cost: its line (dashed)")):
    if ax.get_legend() is not None:  # a panel of a grid has none: the grid shares one figure legend
        ax.get_legend().remove()  # the curves fill these panels; the titles say what is marked
    ax.set_title(title, fontsize=8)
plt.show()

# %%
# Which model to ship in the first place?  A second model B, scored on the
# same transactions, spreads the fraud scores wider.  ``prob_a_beats_b`` of
# :func:`skewplot.compare` is the chance that A's AUCPR beats B's out there:
# over bootstrap replicates of the test set, each at a fraud rate drawn from
# the estimate (or from a range), ties counted half.
s_b = np.where(y_test, rng.normal(3.4, 1.6, y_test.size), s_test)
for skew, where in ((est, "the estimated rate"), ((0.01, 0.2), "a rate anywhere in 1-20 %")):
    c = sp.compare(y_test, s_test, s_b, skew=skew, n_boot=300, random_state=0)
    print(f"P(A beats B) at {where}: {c.prob_a_beats_b:.3f} ± {c.prob_a_beats_b_se:.3f} (Monte-Carlo)")
