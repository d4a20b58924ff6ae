"""
[LG] Fig 1: accuracy hides the minority class, precision does not
==================================================================

**Seed figure:** [LG] Fig 1.  **Status:** partly: the same experiment (a
linear discriminant on simulated Highleyman classes); [LG] print no values for
this figure, so only its shape can be compared: accuracy tends to the true
negative rate 1 − FPR (0.922 here) as λ grows, precision towards 0.

One fixed classifier, many deployment skews.  Landgrebe et al. write the skew
as :math:`\\lambda = N_n / N_p`, the number of negatives per positive
(:math:`\\pi = 1/(1 + \\lambda)`).  As :math:`\\lambda` grows, accuracy
:math:`\\pi\\,TPR + (1-\\pi)(1-FPR)` slides towards the true negative rate,
the performance on the majority class alone, whatever the classifier does
with the positives.  Precision :math:`TPR / (TPR + \\lambda FPR)` ([LG] Eq 3)
keeps falling and shows how many of the detections are real.

As in [LG] the classifier is a linear discriminant on Highleyman's two
Gaussian classes; here it is fitted with numpy on simulated training data
and its rates are measured on a large simulated test set.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import NullFormatter, StrMethodFormatter

from skewplot.plotting import style

style.use("single")

rng = np.random.default_rng(3)


def highleyman(n_per_class):
    """Highleyman's classes: positives around (1, 1), negatives around (2, 0)."""
    pos = rng.normal([1.0, 1.0], [1.0, 0.5], size=(n_per_class, 2))
    neg = rng.normal([2.0, 0.0], [0.1, 2.0], size=(n_per_class, 2))
    return pos, neg


# Fisher's linear discriminant with the pooled covariance, threshold midway.
pos, neg = highleyman(200)
pooled = 0.5 * (np.cov(pos, rowvar=False) + np.cov(neg, rowvar=False))
w = np.linalg.solve(pooled, pos.mean(axis=0) - neg.mean(axis=0))
threshold = w @ (pos.mean(axis=0) + neg.mean(axis=0)) / 2

test_pos, test_neg = highleyman(100_000)
tpr = np.mean(test_pos @ w > threshold)
fpr = np.mean(test_neg @ w > threshold)
print(f"TPR = {tpr:.3f}, FPR = {fpr:.3f}")

# %%
# Accuracy and precision against the skew
# ---------------------------------------

ratio = np.geomspace(1.0, 1000.0, 300)  # lambda = N_n / N_p
pi = 1.0 / (1.0 + ratio)
accuracy = pi * tpr + (1.0 - pi) * (1.0 - fpr)
precision = tpr / (tpr + ratio * fpr)

fig, ax = plt.subplots(constrained_layout=True)
ax.plot(ratio, accuracy, label="accuracy")
ax.plot(ratio, precision, label="precision")
ax.axhline(1.0 - fpr, color="0.4", linestyle="--", linewidth=0.9, label="TNR = 1 − FPR")
ax.set_xscale("log")
ax.xaxis.set_major_formatter(StrMethodFormatter("{x:g}"))  # 1, 10, 100: a 10^k exponent is too small in print
ax.xaxis.set_minor_formatter(NullFormatter())
ax.set_xlim(ratio[0], ratio[-1])
ax.set_ylim(0, 1.02)
ax.set_xlabel("skew λ = negatives per positive")
ax.set_ylabel("performance")
_ = ax.legend(loc="lower left")
