"""
[Z] Fig 1: average precision of a random ranking
================================================

**Seed figure:** [Z] Fig 1.  **Status:** partly: the histogram and the exact-
moment normal agree with [Z]'s simulation (their simulated AP variance 9.6e-5,
our exact variance 9.89e-5; [Z]'s approximate mean 0.2522, exact 0.2527); [Z]'s
approximate variance, Eq 13 as printed, gives sd 0.0167 against 0.0099, a
density far wider than the one [Z] draw.

How large an average precision (AP) can a ranking reach by chance?  Zhang &
Su derive the distribution of AP when the :math:`m` relevant items are placed
at random among :math:`n`, and check it against simulation with
:math:`n = 2000`, :math:`m = 500` ([Z] §III, Fig 1).  The histogram is drawn
from random rankings; the normal curve uses the exact mean and variance of AP
under random ranking (:func:`skewplot.stats.average_precision_null`); the
dashed curve is [Z]'s large-sample approximation, whose variance is the
weaker part.
"""

import skewplot as sp
from skewplot.plotting import style

style.use("single")

null = sp.stats.average_precision_null(2000, 500)
print(f"exact mean {null.mean:.4f}, sd {null.var ** 0.5:.4f}")
print(f"[Z] approximation: mean {null.approx_mean:.4f}, sd {null.approx_var ** 0.5:.4f}")

# %%
# A ranking with AP = 0.28 would be far out in the tail:
disp = sp.plot_ap_null(2000, 500, observed=0.28, n_samples=20_000, random_state=0)
print(f"one-sided p-value of AP = 0.28: {null.pvalue(0.28):.2g}")
_ = disp.ax_.set_title("$n = 2000$, $m = 500$")
