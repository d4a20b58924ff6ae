"""
Real data: two models on the breast-cancer data at other skews
==============================================================

**Seed figure:** none (a real-data example).  **Status:** no seed figure; the
data set's skew, 0.373, is the value [L] Table 4 lists for it.

scikit-learn's breast-cancer data have 212 malignant tumours among 569, a
skew of 0.373 (the value [L] Table 4 lists for this data set).  A screening
programme meets far fewer malignant cases.  Two models, scored out of fold
(:func:`skewplot.datasets.breast_cancer_example`), look almost equally good
at the data set's skew; at 1 % positives the P-R curves and the F-measure
envelopes show how much precision each would keep.  In (a) and (b) the
dashed line is the random classifier and the dotted curve the minimum
achievable one (the unachievable region below it is shaded); in (c) the dashed
curve is the trivial always-positive classifier.
"""

import matplotlib.pyplot as plt

import skewplot as sp
from skewplot.plotting import style

style.use("double")

points = sp.datasets.breast_cancer_example()
for name, pts in points.items():
    print(f"{name:>20}: AUCPR {sp.aucpr(pts):.3f} at the data set's skew, "
          f"{sp.aucpr(pts, skew=0.01):.3f} at 1 %, P-bar over [0.005, 0.05] {sp.aucpr(pts, skew=(0.005, 0.05)):.3f}")

# %%
fig, axes = plt.subplots(1, 3, figsize=(7.2, 2.6), constrained_layout=True)
sp.plot_pr(points, ax=axes[0])
axes[0].set_title(r"(a) data set, $\pi = 0.373$")
sp.plot_pr(points, skew=0.01, ax=axes[1])
axes[1].set_title(r"(b) screening, $\pi' = 0.01$")
sp.plot_fmeasure(points, log_skew=True, lines=False, skew=0.01, ax=axes[2])
if axes[2].get_legend() is not None:  # a panel of a grid has none: the grid shares one figure legend
    axes[2].get_legend().remove()  # same colours as (a) and (b); dashed: always positive
_ = axes[2].set_title("(c) best F1 against the skew")
# The three panels share one figure legend above them (the classifiers); each one's AUCPR at the data set's
# skew and at 1 % is printed above.
