"""ANOVA over skews [LG §5]: two-way on the skew-averaged score, three-way with the skew as a block."""

import sys

import numpy as np
import pytest
from scipy import stats

pd = pytest.importorskip("pandas")
pytest.importorskip("statsmodels")

from skewplot.stats import anova_over_skews  # noqa: E402

SKEWS = (0.01, 0.05, 0.2, 0.5)


def make_frame(rng, *, models="ABC", model_gap=0.02, skew_gap=0.25, folds=6, noise=0.03, fold_sd=0.0):
    """Scores = model effect + a large skew effect + fold effect + noise; balanced."""
    rows = []
    fold_effect = rng.normal(0, fold_sd, size=folds)
    for a, name in enumerate(models):
        for s, skew in enumerate(SKEWS):
            for f in range(folds):
                score = 0.9 + model_gap * a - skew_gap * s + fold_effect[f] + rng.normal(0, noise)
                rows.append((name, skew, f, score))
    return pd.DataFrame(rows, columns=["model", "skew", "fold", "score"])


def additive_anova_f(frame, factors):
    """F of the first factor in a balanced additive ANOVA, by hand (sums of squares of means)."""
    y = frame["score"].to_numpy()
    grand = y.mean()
    ss = {}
    for f in factors:
        means = frame.groupby(f)["score"].transform("mean").to_numpy()
        ss[f] = np.sum((means - grand) ** 2)
    df = {f: frame[f].nunique() - 1 for f in factors}
    ss_err = np.sum((y - grand) ** 2) - sum(ss.values())
    df_err = y.size - 1 - sum(df.values())
    first = factors[0]
    return (ss[first] / df[first]) / (ss_err / df_err)


def test_structure(rng):
    out = anova_over_skews(make_frame(rng), block="fold")
    assert set(out) == {"two_way", "three_way"}
    assert out["two_way"].index.tolist() == ["model", "block", "Residual"]
    assert out["three_way"].index.tolist() == ["model", "skew", "block", "Residual"]
    for table in out.values():
        assert {"F", "PR(>F)", "df", "sum_sq"} <= set(table.columns)
        assert np.isfinite(table.loc["model", "F"]) and 0 <= table.loc["model", "PR(>F)"] <= 1
    assert out["two_way"].loc["Residual", "df"] == (3 - 1) * (6 - 1)
    assert out["three_way"].loc["Residual", "df"] == 3 * 4 * 6 - 1 - 2 - 3 - 5


def test_two_way_without_block_is_one_way_on_the_averages(rng):
    frame = make_frame(rng, folds=5)
    out = anova_over_skews(frame)
    averages = frame.groupby(["model", "fold"])["score"].mean()
    groups = [averages.loc[m].to_numpy() for m in "ABC"]
    f, p = stats.f_oneway(*groups)
    assert out["two_way"].loc["model", "F"] == pytest.approx(f, rel=1e-10)
    assert out["two_way"].loc["model", "PR(>F)"] == pytest.approx(p, rel=1e-8)


@pytest.mark.parametrize("block", [None, "fold"])
def test_three_way_f_by_hand(rng, block):
    frame = make_frame(rng, fold_sd=0.05)
    out = anova_over_skews(frame, block=block)
    factors = ["model", "skew"] + ([block] if block else [])
    f = additive_anova_f(frame, factors)
    assert out["three_way"].loc["model", "F"] == pytest.approx(f, rel=1e-10)
    df_err = out["three_way"].loc["Residual", "df"]
    assert out["three_way"].loc["model", "PR(>F)"] == pytest.approx(stats.f.sf(f, 2, df_err), rel=1e-8)


def test_two_way_with_block_by_hand(rng):
    frame = make_frame(rng, fold_sd=0.05)
    out = anova_over_skews(frame, block="fold")
    averaged = frame.groupby(["model", "fold"], as_index=False)["score"].mean()
    assert out["two_way"].loc["model", "F"] == pytest.approx(additive_anova_f(averaged, ["model", "fold"]), rel=1e-10)


def test_blocking_on_skew_gives_the_larger_model_f(rng):
    """The skew moves scores by 0.75 across its levels, models differ by 0.03 steps, noise 0.03.

    Unblocked (one-way on every row), the skew's spread sits in the error
    term and the model effect drowns; blocked on skew (three-way), or averaged
    over skews (two-way), it stands out.  Expected F: about 25 blocked against
    1.3 unblocked; the thresholds below held for 199 of 200 seeds (seeded here).
    """
    frame = make_frame(rng, model_gap=0.03)
    out = anova_over_skews(frame)
    unblocked_f, unblocked_p = stats.f_oneway(*(g["score"].to_numpy() for _, g in frame.groupby("model")))
    blocked_f = out["three_way"].loc["model", "F"]
    assert blocked_f > 5 * unblocked_f
    assert out["two_way"].loc["model", "F"] > 5 * unblocked_f
    assert out["three_way"].loc["model", "PR(>F)"] < 1e-4
    assert unblocked_p > 0.01


def test_any_column_names_and_categorical_skews(rng):
    frame = make_frame(rng).rename(columns={"score": "AUC PR", "model": "clf name", "skew": "pi'", "fold": "k-fold"})
    frame["pi'"] = frame["pi'"].map(lambda v: f"{v:.0%}")
    out = anova_over_skews(frame, score="AUC PR", model="clf name", skew="pi'", block="k-fold")
    ref = anova_over_skews(make_frame(np.random.default_rng(20261122)), block="fold")
    assert out["three_way"].loc["model", "F"] == pytest.approx(ref["three_way"].loc["model", "F"], rel=1e-10)


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("arg", ["score", "model", "skew", "block"])
def test_missing_column(rng, arg):
    kwargs = {"block": "fold", arg: "nope"}
    with pytest.raises(ValueError, match=rf"^{arg}='nope' is not a column"):
        anova_over_skews(make_frame(rng), **kwargs)


def test_bad_frames(rng):
    frame = make_frame(rng)
    with pytest.raises(TypeError, match="frame must be a pandas DataFrame"):
        anova_over_skews(frame.to_dict())
    nan = frame.copy()
    nan.loc[3, "score"] = np.nan
    with pytest.raises(ValueError, match="score column 'score' contains missing values"):
        anova_over_skews(nan)
    text = frame.assign(score=frame["score"].astype(str))
    with pytest.raises(TypeError, match="score column 'score' must hold numbers"):
        anova_over_skews(text)
    with pytest.raises(ValueError, match="model column 'model' must have at least two levels"):
        anova_over_skews(frame[frame["model"] == "A"])
    with pytest.raises(ValueError, match="skew column 'skew' must have at least two levels"):
        anova_over_skews(frame[frame["skew"] == 0.01])
    with pytest.raises(ValueError, match="block='skew' names the same column as skew"):
        anova_over_skews(frame, block="skew")


def test_too_few_rows(rng):
    # 2 models x 2 skews x 1 replicate: two skew averages for two parameters, no error df.
    frame = make_frame(rng, models="AB", folds=1)
    frame = frame[frame["skew"].isin(SKEWS[:2])]
    with pytest.raises(ValueError, match="frame has too few rows for the two-way ANOVA"):
        anova_over_skews(frame)


def test_unbalanced_cells(rng):
    frame = make_frame(rng).iloc[1:]  # model A, fold 0 lacks the first skew
    with pytest.raises(ValueError, match="^skew: averaging over skews needs every"):
        anova_over_skews(frame, block="fold")


def test_import_error_names_the_extra(monkeypatch, rng):
    monkeypatch.setitem(sys.modules, "statsmodels.formula.api", None)
    with pytest.raises(ImportError, match=r'pip install "skewplot\[stats\]"'):
        anova_over_skews(make_frame(rng))


@pytest.mark.slow  # 1.0 s (2026-11-29, -n 2)
def test_importing_stats_does_not_import_statsmodels():
    code = "import sys, skewplot.stats; print('statsmodels' in sys.modules, 'pandas' in sys.modules)"
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
