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
data_set = sp.plot_pr(points, ax=axes[0])
axes[0].set_title(r"(a) data set, $\pi = 0.373$")
screening = sp.plot_pr(points, skew=0.01, ax=axes[1])
axes[1].set_title(r"(b) screening, $\pi' = 0.01$")
sp.plot_fmeasure(points, log_skew=True, lines=False, skew=0.01, ax=axes[2])
axes[2].get_legend().remove()  # same colours as (a) and (b); dashed: always positive
axes[2].set_title(r"(c) best $F_1$ against the skew")
axes[0].legend(handles=list(data_set.lines_.values()), loc="center left", fontsize=5.5)
# The curves only, as in (a): the dashed random line and the dotted minimum speak for themselves.
_ = axes[1].legend(handles=list(screening.lines_.values()), labels=list(screening.lines_), loc="lower left",
                   bbox_to_anchor=(0.0, 0.06), fontsize=5.5)
