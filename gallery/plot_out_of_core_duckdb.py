"""
Scores that do not fit in memory: aggregate in the database
===========================================================

Every curve in skewplot needs only two numbers per distinct score: how much
positive and how much negative weight has that score.  A database can
compute them with one ``GROUP BY``, wherever the rows live, and only the
aggregate, at most one row per distinct score, comes back to Python:

.. code-block:: sql

    SELECT score, sum(label) AS n_pos, sum(1 - label) AS n_neg
    FROM predictions
    GROUP BY score

:meth:`skewplot.OperatingPoints.from_score_counts` turns that result into the
same operating points :func:`skewplot.operating_points` builds from the raw
rows.  With too many distinct scores, group by a rounded score instead: the
curve then has one point per bin (a coarser curve, never a wrong one).

DuckDB runs embedded here; the SQL is plain and runs unchanged in Spark SQL,
Dask-SQL or a data warehouse.  See :doc:`/beyond_memory`.
"""

import duckdb
import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

con = duckdb.connect()  # in-memory; duckdb.connect("file.duckdb") for data on disk
con.execute("SELECT setseed(0.25)")
# 300 000 predictions with 2 % positives and binormal scores (Box-Muller in SQL).
con.execute("""
    CREATE TABLE predictions AS
    WITH draws AS (
        SELECT (random() < 0.02)::INTEGER AS label, 1 - random() AS u1, random() AS u2
        FROM range(300000)
    )
    SELECT label,
           round(1.5 * label + sqrt(-2 * ln(u1)) * cos(2 * pi() * u2), 4) AS score
    FROM draws
""")

# %%
# Exact aggregation: one row per distinct score
# ---------------------------------------------
counts = con.execute("""
    SELECT score, sum(label) AS n_pos, sum(1 - label) AS n_neg
    FROM predictions
    GROUP BY score
""").fetchnumpy()
aggregated = sp.OperatingPoints.from_score_counts(counts["score"], counts["n_pos"], counts["n_neg"])
print(f"{len(counts['score'])} distinct scores for 300000 rows")

# The in-memory result, for comparison (possible here because the data fit).
raw = con.execute("SELECT label, score FROM predictions").fetchnumpy()
in_memory = sp.operating_points(raw["label"], raw["score"])
assert np.array_equal(aggregated.tp, in_memory.tp) and np.array_equal(aggregated.fp, in_memory.fp)
for skew in (None, 0.001):
    print(f"AUCPR at skew {skew}: aggregated {sp.aucpr(aggregated, skew):.6f}, "
          f"in memory {sp.aucpr(in_memory, skew):.6f}")

# %%
# Cumulative counts computed by the database
# ------------------------------------------
# A window function can also do the cumulative sums, leaving
# :meth:`~skewplot.OperatingPoints.from_counts` nothing but division.
cumulative = con.execute("""
    SELECT score,
           sum(sum(label)) OVER (ORDER BY score DESC) AS tp,
           sum(sum(1 - label)) OVER (ORDER BY score DESC) AS fp
    FROM predictions
    GROUP BY score
    ORDER BY score DESC
""").fetchnumpy()
n_pos, n_neg = cumulative["tp"][-1], cumulative["fp"][-1]
from_sql = sp.OperatingPoints.from_counts(cumulative["tp"], cumulative["fp"], n_pos, n_neg,
                                          thresholds=cumulative["score"])
same = np.allclose(from_sql.tpr, in_memory.tpr) and np.allclose(from_sql.fpr, in_memory.fpr)
print("same points as in memory:", same)

# %%
# Binned scores: a few hundred rows whatever the data size
# --------------------------------------------------------
binned = con.execute("""
    SELECT round(score, 1) AS score, sum(label) AS n_pos, sum(1 - label) AS n_neg
    FROM predictions
    GROUP BY 1
""").fetchnumpy()
coarse = sp.OperatingPoints.from_score_counts(binned["score"], binned["n_pos"], binned["n_neg"])
print(f"{len(binned['score'])} bins: AUCPR {sp.aucpr(coarse):.4f} against {sp.aucpr(in_memory):.4f} exact")

fig, axes = plt.subplots(1, 2, constrained_layout=True)
sp.plot_pr({"in memory": in_memory, f"SQL, exact ({len(aggregated) - 1} points)": aggregated},
           ax=axes[0], baselines=False, linestyle="-")
axes[0].lines[1].set_linestyle((0, (4, 4)))
axes[0].set_title("(a) exact aggregation: identical curves")
sp.plot_pr({"in memory": in_memory, f"SQL, binned ({len(coarse) - 1} points)": coarse},
           ax=axes[1], baselines=False)
axes[1].set_title("(b) scores rounded to 0.1")
for ax in axes:
    ax.legend(loc="upper right", fontsize=6)
