"""
Tables of any size: the exact curve, or a certified band
========================================================

**Seed figure:** none (an engineering example).  **Status:** no seed figure;
the exact curve from the database is drawn against the in-memory one.

Not a figure of the papers: this page shows how skewplot reads a table that
lives in a database or in Parquet files (:doc:`/beyond_memory`).
:func:`skewplot.operating_points_from` sends the aggregation to the table's
engine -- here an embedded DuckDB -- and brings back one row per distinct
score (the exact curve) or one row per score bin.  With bins, the order of
positives and negatives inside a bin is unknown, and the result holds two
curves that bracket the exact one: each bin's negatives first (lower) or its
positives first (upper).  Every area then comes as an interval guaranteed to
contain the exact value.

The data: 300 000 rows with 2 % positives and binormal scores, created in
DuckDB itself.  They fit in memory, so the exact curve is drawn for
comparison.
"""

import duckdb
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import NullFormatter, StrMethodFormatter

import skewplot as sp
from skewplot.plotting import style

style.use("double")

con = duckdb.connect()  # duckdb.connect("file.duckdb") for a table on disk
con.execute("SELECT setseed(0.25)")
con.execute("""
    CREATE TABLE predictions AS
    WITH draws AS (
        SELECT (random() < 0.02)::INTEGER AS label, 1 - random() AS u1, random() AS u2
        FROM range(300000)
    )
    SELECT label, 1.5 * label + sqrt(-2 * ln(u1)) * cos(2 * pi() * u2) AS score
    FROM draws
""")
table = con.table("predictions")

# %%
# Exact: as many groups as distinct scores
# ----------------------------------------
exact = sp.operating_points_from(table, y_score="score", y_true="label")
raw = con.execute("SELECT label, score FROM predictions").fetchnumpy()
in_memory = sp.operating_points(raw["label"], raw["score"])
print(type(exact).__name__, "identical to in-memory:",
      np.array_equal(exact.tp, in_memory.tp) and np.array_equal(exact.fp, in_memory.fp))

# %%
# Binned: a bracket whose width falls with the number of bins
# -----------------------------------------------------------
deploy = 0.005
rows = []
for n_bins in (30, 300, 3000):
    bounded = sp.operating_points_from(table, y_score="score", y_true="label", bins=n_bins)
    rows.append((n_bins, bounded, sp.aucpr(bounded, skew=deploy), sp.average_precision(bounded)))
truth = sp.aucpr(exact, skew=deploy)
print(f"AUCPR at skew {deploy}: exact {truth:.6f}")
for n_bins, _, bracket, ap in rows:
    # a Bracket prints rounded outward, with the digits its width needs (skewplot.metrics.bounded.format_bracket)
    print(f"{n_bins:5d} bins: {bracket} width {bracket.width:.1e}, "
          f"holds the exact value: {truth in bracket}; AP in {ap}")

tight = sp.operating_points_from(table, y_score="score", y_true="label", tolerance=1e-5)
print(f"tolerance=1e-5: {len(tight)} bins, AUCPR {sp.aucpr(tight)}")

# %%
# The band
# --------
# (a) The two bracketing curves at the deployment skew, their band shaded,
# with the exact curve inside.  (b) The width of the AUCPR bracket falls as
# one over the number of equal-width bins.
counts = np.unique(np.geomspace(10, 30_000, 12).astype(int))
widths = [sp.aucpr(sp.operating_points_from(table, y_score="score", y_true="label", bins=int(k)), skew=deploy).width
          for k in counts]

fig, axes = plt.subplots(1, 2, constrained_layout=True)
colors = plt.get_cmap("viridis")(np.linspace(0.15, 0.75, len(rows)))
ax = axes[0]
for (n_bins, bounded, bracket, _), color in zip(rows, colors, strict=True):
    r_lo, p_lo = sp.pr_curve(bounded.lower, skew=deploy)
    r_hi, p_hi = sp.pr_curve(bounded.upper, skew=deploy)
    ax.fill(np.r_[r_hi, r_lo[::-1]], np.r_[p_hi, p_lo[::-1]], color=color, alpha=0.45, lw=0,
            label=f"{n_bins} bins: AUCPR in {bracket}")
r, p = sp.pr_curve(exact, skew=deploy)
ax.plot(r, p, color="k", lw=0.8, label=f"exact, AUCPR = {truth:.4f}")
ax.set_xlabel("Recall $R$")
ax.set_ylabel(f"Precision at $\\pi' = {deploy}$")
ax.set_title("(a) certified bands from DuckDB bins")
ax.legend(loc="upper right")

ax = axes[1]
ax.loglog(counts, widths, "o-", color=colors[0], ms=3, label="bracket width")
ax.loglog(counts, widths[0] * counts[0] / counts, "--", color="0.5", lw=0.8, label="1 / bins")
ax.set_xlabel("Equal-width score bins")
ax.set_ylabel(f"Width of the AUCPR bracket at $\\pi' = {deploy}$")
ax.set_title("(b) the bracket narrows as 1 / bins")
for axis in (ax.xaxis, ax.yaxis):  # 10, 100 and 0.001, not 10^k: its exponent is too small in print
    axis.set_major_formatter(StrMethodFormatter("{x:g}"))
    axis.set_minor_formatter(NullFormatter())
ax.legend(loc="upper right")
plt.show()
