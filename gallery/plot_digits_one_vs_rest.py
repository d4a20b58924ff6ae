"""
Multiclass: one-vs-rest PR curves at the deployment's class priors (digits)
===========================================================================

**Seed figure:** none (a real-data multiclass example).  **Status:** no seed figure.

scikit-learn's handwritten digits, four of the classes (1, 3, 8, 9), are
scored by a logistic regression.  The test set
is balanced; the deployment is not: mostly ones, few nines.  Its class
priors are estimated from the deployment's unlabelled scores by Saerens et
al.'s EM (:func:`skewplot.estimate_priors`, 90 % bootstrap intervals), and
each class's PR curve is drawn against the rest at the estimated priors:
(a) at the test set's balance, (b) at the estimated deployment priors.  The
dashed line in each class's colour is its random baseline, its prior.  A
rare class's precision falls at the deployment's balance although its ROC
curve is the same.

EM needs posteriors calibrated at the test set's priors: the same model with
strong regularisation (``C=0.1``) gives underconfident posteriors, and EM
then puts the rarest class's prior at zero (see :doc:`/guide/multiclass`).
"""

import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression

import skewplot as sp
from skewplot.plotting import style

style.use("double")

X, y = load_digits(return_X_y=True)
keep = np.isin(y, [1, 3, 8, 9])
X, y = X[keep] / 16.0, y[keep]
rng = np.random.default_rng(0)
order = rng.permutation(y.size)
train, test, pool = order[:200], order[200:480], order[480:]
clf = LogisticRegression(C=10.0, max_iter=2000).fit(X[train], y[train])

# The deployment: the remaining digits drawn at priors 0.6, 0.25, 0.1, 0.05.
truth = {1: 0.6, 3: 0.25, 8: 0.1, 9: 0.05}
draw = np.concatenate([rng.choice(pool[y[pool] == k], int(round(600 * p)), replace=True) for k, p in truth.items()])
proba_test, proba_deploy = clf.predict_proba(X[test]), clf.predict_proba(X[draw])

est = sp.estimate_priors(y[test], proba_test, proba_deploy, classes=clf.classes_, n_boot=100, random_state=0)
for k in est.priors:
    print(f"class {k}: true prior {truth[k]:.2f}, estimated {est.priors[k]:.3f} "
          f"[{est.low[k]:.3f}, {est.high[k]:.3f}]")

ovr = sp.one_vs_rest(y[test], proba_test, classes=clf.classes_)
at_test, at_deploy = sp.aucpr(ovr), sp.aucpr(ovr, skew=est)
print(f"AUCPR macro {at_test.macro:.3f} at the test balance, {at_deploy.macro:.3f} at the estimated priors; "
      f"prior-weighted {at_deploy.weighted:.3f}")

# %%
fig, axes = plt.subplots(1, 2, figsize=(7.2, 3.0), constrained_layout=True)
sp.plot_pr(ovr, skew=ovr.priors, ax=axes[0])
axes[0].set_xlabel("Recall: (a) the test set's balance")  # the titles' room holds each panel's areas
sp.plot_pr(ovr, skew=est, ax=axes[1])
_ = axes[1].set_xlabel("Recall: (b) the estimated priors")
