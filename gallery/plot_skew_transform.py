"""
[L] Fig 4: precision measured at one skew, read at another
===========================================================

**Seed figure:** [L] Fig 4.  **Status:** reproduced: [L] Eq 3 is exact, and
the skews are [L]'s (π = 0.5 and 0.01).

A precision is only meaningful together with the class skew
:math:`\\pi` (the fraction of positives) of the data it was measured on.
Knowing :math:`\\pi`, one precision value can be converted into the value the
same operating point would give at a deployment skew :math:`\\pi'`
([L] Eq 3, :func:`skewplot.transform_precision`).

Left: precisions measured on balanced data (:math:`\\pi = 0.5`) and read at
rarer positives.  Right: precisions measured at :math:`\\pi = 0.01`, read at
more common positives.  The further :math:`\\pi'/\\pi` is from one, the more
the curve bends away from the diagonal.
"""

import matplotlib.pyplot as plt

import skewplot as sp
from skewplot.plotting import style

style.use("double")

fig, axes = plt.subplots(1, 2, sharey=True, constrained_layout=True)
# (a) measured on balanced data, read at rarer positives
sp.plot_skew_transform(0.5, [2 / 5, 1 / 4, 1 / 10, 1 / 100], ax=axes[0])
# (b) measured at 1 % positives, read at more common ones
sp.plot_skew_transform(0.01, [1 / 2, 1 / 10, 1 / 50, 1 / 80], ax=axes[1])
axes[1].set_ylabel("")
axes[0].set_title("(a)")
_ = axes[1].set_title("(b)")

# %%
# The map is monotone, so it never changes the order of two points with the
# same recall ([L] Theorem 2); only the spacing between them changes.
# On raw numbers the same transform is :func:`skewplot.transform_precision`:
print(sp.transform_precision([0.2, 0.5, 0.9], 0.5, 0.01).round(4))
