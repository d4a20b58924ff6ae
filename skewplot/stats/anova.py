"""Compare models across deployment skews by analysis of variance [LG §5].

Landgrebe et al. compare classifiers in two ways: a 2-way ANOVA of the score
integrated over a range of skews (IAUPREC; factors model and fold), and a
3-way ANOVA of the score at each skew (AUPREC; factors model, skew and fold),
where the skew is a blocking factor that takes its variation out of the error
term.  pandas and statsmodels are imported only here, when called.
"""

from __future__ import annotations

import warnings

import numpy as np

from .._validate import require
from ._intervals import ROUNDING

__all__ = ["anova_over_skews"]

# ROUNDING: the residual root sum of squares, relative to the scores' own (uncentred), at or below which the fit
# is exact: a least-squares fit leaves a few units in the last place of each score, ~1e-16 of it, not 1e-12.


def _import():
    pd = require("pandas", "anova_over_skews")
    ols = require("statsmodels.formula.api", "anova_over_skews").ols
    anova_lm = require("statsmodels.stats.anova", "anova_over_skews").anova_lm
    return pd, ols, anova_lm


def _column(frame, arg, col):
    if col not in frame.columns:
        cols = ", ".join(repr(c) for c in list(frame.columns)[:10])
        raise ValueError(f"{arg}={col!r} is not a column of frame; its columns are [{cols}]")
    values = frame[col]
    if values.isna().any():
        raise ValueError(f"{arg} column {col!r} contains missing values")
    return values


def _fit(ols, anova_lm, data, terms, what):
    n_params = 1 + sum(data[t].nunique() - 1 for t in terms)
    df_resid = len(data) - n_params
    if df_resid < 1:
        raise ValueError(
            f"frame has too few rows for the {what} ANOVA: {len(data)} observations for {n_params} "
            "parameters leave no degrees of freedom for the error; add replicates (folds) or drop a factor"
        )
    formula = "score ~ " + " + ".join(f"C({t})" for t in terms)
    with warnings.catch_warnings():
        # An exact fit (a constant average, say) makes statsmodels' Wald tests 0/0, with a ValueWarning and a
        # RuntimeWarning on valid input; _exact_fit reads that table and gives the limits.
        warnings.filterwarnings("ignore", message="covariance of constraints does not have full rank")
        warnings.filterwarnings("ignore", message="invalid value encountered in divide", category=RuntimeWarning)
        table = anova_lm(ols(formula, data=data).fit(), typ=2)
    return _exact_fit(table.rename(index={f"C({t})": t for t in terms}), data["score"].to_numpy())


def _exact_fit(table, score):
    """The table of a fit whose residual is rounding, with its F-tests replaced by their limits.

    When the factors explain the scores exactly (e.g. scores that depend on
    the skew only), the residual and every effect the data do not have are
    sums of rounding errors, and their ratio F is noise (F = 4 and p = 0.03
    for "model" on scores with no model effect).  Sums of squares at the
    rounding level (or NaN, statsmodels' 0/0 when the scores it averages
    are constant) are then set to 0; an effect of sum 0 gets F = 0 and
    p = 1, any other F = inf and p = 0 (the limits as the residual goes to
    zero), and ``table.attrs["exact_fit"]`` is True (False otherwise).
    """
    level = (ROUNDING * float(np.sqrt(np.sum(score**2)))) ** 2
    table.attrs["exact_fit"] = bool(table.loc["Residual", "sum_sq"] <= level)
    if not table.attrs["exact_fit"]:
        return table
    effects = table.index != "Residual"
    # NaN: statsmodels' 0/0 for an effect of a constant score (no effect), read as the sum 0 it is
    zero = effects & ~(table["sum_sq"].to_numpy() > level)
    table.loc["Residual", "sum_sq"] = 0.0
    table.loc[zero, ["sum_sq", "F", "PR(>F)"]] = [0.0, 0.0, 1.0]
    table.loc[effects & ~zero, ["F", "PR(>F)"]] = [np.inf, 0.0]
    return table


def anova_over_skews(frame, *, score="score", model="model", skew="skew", block=None):
    """ANOVA of a score over models, with and without the skew as a blocking factor [LG §5].

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per (model, skew, replicate): e.g. the AUCPR of each model on
        each cross-validation fold at each deployment skew.
    score, model, skew : str
        Column names of the score, the model label and the skew.
    block : str, optional
        Column of a further blocking factor, such as the fold.  Without it,
        the rows of one (model, skew) cell are paired across skews by their
        order of appearance.

    Returns
    -------
    dict
        ``"two_way"``: the ANOVA of the score averaged over the skews
        (Landgrebe's IAUPREC analysis), factors model (+ block).
        ``"three_way"``: the ANOVA of every row, factors model + skew
        (+ block).  Each a pandas DataFrame from ``statsmodels``'
        ``anova_lm`` (type II sums of squares) with rows ``"model"``,
        ``"skew"`` (three-way), ``"block"`` (when given) and ``"Residual"``,
        and columns ``"sum_sq"``, ``"df"``, ``"F"``, ``"PR(>F)"``.
        ``table.attrs["exact_fit"]`` says whether the factors explain the
        scores exactly (see Notes).

    Raises
    ------
    ImportError
        Without pandas and statsmodels (``pip install "skewplot[stats]"``).
    ValueError
        A missing column, missing values, fewer than two models or skews,
        cells of the average that lack a skew, or too few rows to estimate
        the error.

    Notes
    -----
    The average over skews needs every (model, block) cell to be scored at
    every skew.  Averaging removes an additive skew effect, as blocking on the
    skew does; both analyses are far more sensitive than a one-way ANOVA of
    all the rows, whose error term would absorb the skew's variation.

    *Exact fits.* When the factors explain the scores exactly (residual sum
    of squares at most ``(1e-12)^2`` times the scores' own sum of squares:
    rounding, as for scores that depend on the skew only), the F ratios of
    rounding errors would be noise that can look significant.  The table
    then reports the limits: the residual and the effects at rounding level
    as 0 with ``F = 0``, ``p = 1``; the other effects with ``F = inf``,
    ``p = 0``; and ``attrs["exact_fit"]`` is True.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> import skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> rows = [(m, s, f, 0.8 - 0.5 * s + 0.03 * "ABC".index(m) + rng.normal(0, 0.01))
    ...         for m in "ABC" for s in (0.01, 0.1, 0.5) for f in range(5)]
    >>> frame = pd.DataFrame(rows, columns=["model", "skew", "fold", "score"])
    >>> out = sp.stats.anova_over_skews(frame, block="fold")
    >>> bool(out["three_way"].loc["model", "PR(>F)"] < 1e-6)
    True
    >>> out["two_way"].index.tolist()
    ['model', 'block', 'Residual']
    """
    pd, ols, anova_lm = _import()
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, got {type(frame).__name__}")
    names = {"score": score, "model": model, "skew": skew}
    if block is not None:
        names["block"] = block
    seen = {}
    for arg, col in names.items():
        if col in seen:
            raise ValueError(f"{arg}={col!r} names the same column as {seen[col]}")
        seen[col] = arg
    columns = {arg: _column(frame, arg, col) for arg, col in names.items()}
    y = columns["score"]
    if y.dtype.kind not in "biuf":
        raise TypeError(f"score column {score!r} must hold numbers, got dtype {y.dtype}")
    if not np.isfinite(y.to_numpy(dtype=float)).all():
        raise ValueError(f"score column {score!r} contains infinite values")
    data = pd.DataFrame({arg: col.to_numpy() for arg, col in columns.items()})
    data["score"] = data["score"].astype(float)
    for arg in ("model", "skew") + (("block",) if block is not None else ()):
        if data[arg].nunique() < 2:
            raise ValueError(f"{arg} column {names[arg]!r} must have at least two levels, found {data[arg].nunique()}")

    blocks = ["block"] if block is not None else []
    # Replicate number inside each (model, block, skew) cell: pairs rows across skews.
    data["_rep"] = data.groupby(["model", *blocks, "skew"], sort=False).cumcount()
    cell = ["model", *blocks, "_rep"]
    n_skews = data["skew"].nunique()
    sizes = data.groupby(cell, sort=False)["skew"].size()
    if (sizes != n_skews).any():
        bad = sizes[sizes != n_skews].index[0]
        raise ValueError(
            f"skew: averaging over skews needs every (model, block) cell scored at each of the "
            f"{n_skews} skews; cell {bad} has {sizes.loc[bad]}"
        )
    averaged = data.groupby(cell, sort=False, as_index=False)["score"].mean()

    return {
        "two_way": _fit(ols, anova_lm, averaged, ["model", *blocks], "two-way"),
        "three_way": _fit(ols, anova_lm, data, ["model", "skew", *blocks], "three-way"),
    }
