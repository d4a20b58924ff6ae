"""
[L] §4.2: P̃-R curves for a skew that grows in time
===================================================

**Seed figure:** [L] §4.2 (the worked example of P̃).  **Status:** reproduced:
P̃ over 20 steps for TPR 0.8, FPR 0.2 is 0.4689, [L]'s value.

A deployment whose positives become more frequent: [L] take
:math:`\\pi'(t) = \\min(1, 2^t / 10000)`, doubling every time step from one
positive in ten thousand.  Averaged over the first :math:`T` steps, the
skew gives the temporal precision P̃ ([L] Eq 4): the P̃-R curves below are
what the classifier delivers over windows of 10, 14 and 20 steps.  Each
window's random classifier is dashed, at its mean skew.

[L]'s worked example, one operating point with TPR 0.8 and FPR 0.2 averaged
over 20 steps, has P̃ = 0.4689.
"""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import NullFormatter, StrMethodFormatter

import skewplot as sp
from skewplot.plotting import style

style.use("double")


def growth(t):
    return np.minimum(1.0, 2.0 ** np.asarray(t) / 10_000)


point = sp.OperatingPoints.from_rates([0.8], [0.2])
print(f"P~ over [0, 20] = {sp.precision(point, skew=sp.SkewSeries.from_function(growth, 20))[1]:.4f}")

y, score = sp.datasets.make_scores(20_000, 0.05, separation=2.5, random_state=2)
pts = sp.operating_points(y, score)

# %%
fig, (ax_skew, ax_pr) = plt.subplots(1, 2, width_ratios=[2, 3], constrained_layout=True)
t = np.linspace(0, 20, 401)
ax_skew.plot(t, growth(t), color="k")
ax_skew.set_xlabel("time $t$")
ax_skew.set_ylabel(r"skew $\pi'(t)$")
ax_skew.set_yscale("log")
ax_skew.yaxis.set_major_formatter(StrMethodFormatter("{x:g}"))  # 0.001, not 10^-3 (too small in print)
ax_skew.yaxis.set_minor_formatter(NullFormatter())
ax_skew.set_title("deployment skew")

for k, t_end in enumerate((20, 14, 10)):
    series = sp.SkewSeries.from_function(growth, t_end)
    disp = sp.plot_temporal_pr({f"$T = {t_end}$": pts}, skew_series=series, ax=ax_pr, baselines=False, color=f"C{k}")
    print(f"T = {t_end}: AUCPR = {disp.aucs_[f'$T = {t_end}$']:.3f}")
    ax_pr.axhline(series.mean, color=f"C{k}", linestyle="--", linewidth=0.9)
    ax_skew.axvline(t_end, color=f"C{k}", linestyle=":", linewidth=1.0)
ax_pr.set_ylabel(r"$\tilde{P}$ over $[0, T]$")
_ = ax_pr.set_title(r"$\tilde{P}$-R")
# the panels share one legend above them (skewplot's legend rule); each window's AUCPR is printed above
