"""
The skew of a drifting deployment, estimated from its unlabelled scores
=======================================================================

**Seed figure:** none (estimating the deployment skew goes beyond the five
papers).  **Status:** no seed figure.

The skew a classifier meets in deployment is rarely known, but its scores
are.  Under prior shift (the classes' score distributions stay those of the
labelled test set, only their balance moves) the deployment's score
distribution is a mixture of the test set's two, and its weight, the skew
:math:`\\pi'`, can be estimated: :func:`skewplot.estimate_skew` for one
sample, :func:`skewplot.estimate_skew_series` for a stream cut into time
windows, each with a 90 % bootstrap interval that includes the test set's
own sampling error.

Here a stream of 30 days, 4000 unlabelled scores a day, drifts from 2 % to
about 15 % positives.  Left: the true daily skew, the estimates and their
intervals.  Right: the P̃-R curve ([L] Eq 4) under the estimated series,
its band from the series of the intervals' lower and upper ends (precision
rises with the skew at every operating point, so the band brackets the
curve; it is pointwise, not simultaneous), and the P̃-R curve under the
true skews, which only an oracle could draw.
"""

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")
rng = np.random.default_rng(3)


def scores(labels):
    """One classifier's scores: negatives N(0, 1), positives N(1.8, 1)."""
    return rng.normal(1.8 * labels, 1.0)


# Labelled test set: 10 000 at 10 % positives.
y_test = rng.random(10_000) < 0.1
s_test = scores(y_test)

# Unlabelled stream: 30 days, the skew drifting up with a weekly ripple.
days = np.arange(30)
true_skew = 0.02 + 0.13 / (1 + np.exp(-(days - 15) / 4)) + 0.01 * np.sin(2 * np.pi * days / 7)
t_stream = np.concatenate([d + rng.random(4000) for d in days])
y_stream = rng.random(t_stream.size) < np.repeat(true_skew, 4000)
s_stream = scores(y_stream)

series = sp.estimate_skew_series(y_test, s_test, s_stream, times=t_stream, window=1.0,
                                 confidence=0.9, n_boot=100, random_state=0)
inside = np.mean((series.low <= true_skew) & (true_skew <= series.high))
print(f"{inside:.0%} of the 30 daily intervals hold the true skew; "
      f"mean absolute error {np.mean(np.abs(series.values - true_skew)):.4f}")

# %%
pts = sp.operating_points(y_test, s_test)
fig, (ax_t, ax_pr) = plt.subplots(1, 2, width_ratios=[4, 3], constrained_layout=True)
ax_t.fill_between(series.times, series.low, series.high, color="C0", alpha=0.25, linewidth=0,
                  label="90 % interval")
ax_t.plot(series.times, series.values, "o-", color="C0", markersize=2.5, linewidth=0.9, label="estimated")
ax_t.plot(days + 0.5, true_skew, color="k", linewidth=0.9, linestyle="--", label="true")
ax_t.axhline(pts.skew, color="0.5", linewidth=0.8, linestyle=":", label="test set")
ax_t.set_xlabel("day")
ax_t.set_ylabel(r"skew $\pi'$")
ax_t.set_title("deployment skew, from unlabelled scores")
ax_t.legend(loc="upper left")

grid = np.linspace(0, 1, 401)


def curve(model):
    recall, precision = sp.pr_curve(pts, skew=model)
    return np.interp(grid, recall, precision)


lower, upper = series.bounds()
ax_pr.fill_between(grid, curve(lower), curve(upper), color="C0", alpha=0.25, linewidth=0,
                   label="band from the intervals")
ax_pr.plot(grid, curve(series), color="C0", label=r"$\tilde{P}$ at the estimates")
ax_pr.plot(grid, curve(sp.SkewSeries(true_skew, days + 0.5)), color="k", linestyle="--", linewidth=0.9,
           label=r"$\tilde{P}$ at the true skews")
ax_pr.axhline(series.mean, color="C0", linestyle=":", linewidth=0.8, label="random classifier")
ax_pr.set_xlim(0, 1)
ax_pr.set_ylim(0, 1)
ax_pr.set_xlabel("recall")
ax_pr.set_ylabel(r"$\tilde{P}$ over the 30 days")
ax_pr.set_title(r"$\tilde{P}$-R along the estimated skew")
ax_pr.legend(loc="upper right")
plt.show()
