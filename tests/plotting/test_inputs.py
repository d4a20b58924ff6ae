"""The one input rule of every plot_* function and widget (issue 21 item 1, 3; issue 17 item 5).

Each accepted spelling is checked against an independent computation: the
operating points built directly from the rows the spelling selects.
"""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

import skewplot as sp


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def table():
    """Tidy scores of two models over three folds, with weights."""
    rng = np.random.default_rng(7)
    rows = []
    for model, shift in (("weak", 0.6), ("good", 1.8)):
        for fold in range(3):
            n = 300
            y = (rng.random(n) < 0.2).astype(int)
            s = rng.normal(size=n) + shift * y
            w = rng.uniform(0.5, 2.0, n)
            rows.append(pd.DataFrame({"label": y, "score": s, "model": model, "fold": fold, "w": w}))
    return pd.concat(rows, ignore_index=True)


POLARS = pytest.param("polars", marks=pytest.mark.engines)  # the engines extra


def _frame(table, frame):
    if frame == "polars":
        return pytest.importorskip("polars").from_pandas(table)
    if frame == "dict":
        return {c: table[c].to_numpy() for c in table}
    return table


def _direct(df, **eq):
    sel = np.ones(len(df), dtype=bool)
    for col, value in eq.items():
        sel &= (df[col] == value).to_numpy()
    sub = df[sel]
    return sp.operating_points(sub["label"].to_numpy(), sub["score"].to_numpy(), sample_weight=sub["w"].to_numpy())


# ------------------------------------------------------------------ arrays
@pytest.mark.slow  # loaded run 2026-11-29
def test_arrays_like_scikit_learn():
    y, s = sp.datasets.make_scores(500, 0.1, random_state=3)
    disp = sp.plot_pr(y, s, skew=0.01)
    assert list(disp.aucs_) == ["classifier"]
    assert disp.aucs_["classifier"] == pytest.approx(sp.aucpr(sp.operating_points(y, s), skew=0.01), rel=1e-12)
    named = sp.plot_roc(y_true=y, y_score=s, name="logreg")
    assert named.aucs_["logreg"] == pytest.approx(sp.roc_auc(sp.operating_points(y, s)), rel=1e-12)


def test_arrays_with_weights_and_pos_label():
    y, s = sp.datasets.make_scores(400, 0.3, random_state=4)
    labels = np.where(y == 1, "fraud", "ok")
    w = np.random.default_rng(0).uniform(0.1, 3.0, y.size)
    disp = sp.plot_pr(labels, s, sample_weight=w, pos_label="fraud")
    ref = sp.operating_points(y, s, sample_weight=w)
    assert disp.aucs_["classifier"] == pytest.approx(sp.aucpr(ref), rel=1e-12)
    with pytest.raises(ValueError, match="pos_label"):
        sp.plot_pr(labels, s)


@pytest.mark.parametrize("plot", [sp.plot_pr, sp.plot_roc, sp.plot_cost, sp.plot_fmeasure,
                                  sp.plot_aucpr_vs_skew])
def test_swapped_arguments_are_named(plot):
    y, s = sp.datasets.make_scores(200, 0.3, random_state=5)
    with pytest.raises(ValueError, match="swapped.*y_true, y_score"):
        plot(s, y)


# ------------------------------------------------------------------ many classifiers
def test_bare_list_is_refused_with_both_spellings():
    a, b = (sp.operating_points(*sp.datasets.make_scores(100, 0.3, random_state=k)) for k in (1, 2))
    with pytest.raises(TypeError) as info:
        sp.plot_pr([a, b])
    msg = str(info.value)
    assert "plot_pr({'model A': pts_a, 'model B': pts_b})" in msg
    assert "plot_pr(folds=[fold_1, fold_2, ...])" in msg
    with pytest.raises(TypeError, match=r"folds must be asked for by name: plot_cost\(folds="):
        sp.plot_cost({"cv": [a, b]})


@pytest.mark.slow  # loaded run 2026-11-29
def test_mapping_draws_one_curve_per_classifier_and_folds_only_when_asked():
    a, b = (sp.operating_points(*sp.datasets.make_scores(300, 0.3, random_state=k)) for k in (1, 2))
    several = sp.plot_pr({"a": a, "b": b})
    assert several.aucs_ == {"a": pytest.approx(sp.aucpr(a)), "b": pytest.approx(sp.aucpr(b))}
    assert several.bands_ == {}
    folded = sp.plot_pr(folds=[a, b], name="cv")
    mean, sd = folded.aucs_["cv"]
    assert mean == pytest.approx(np.mean([sp.aucpr(a), sp.aucpr(b)]))
    assert sd == pytest.approx(np.std([sp.aucpr(a), sp.aucpr(b)], ddof=1))
    assert set(folded.bands_) == {"cv"}


# ------------------------------------------------------------------ tidy tables
@pytest.mark.slow_cases('pandas')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('dict')  # loaded run 2026-11-29
@pytest.mark.parametrize("frame", ["pandas", POLARS, "dict"])
def test_tidy_hue_units_weights_match_direct_points(table, frame):
    data = _frame(table, frame)
    disp = sp.plot_pr(data=data, y_true="label", y_score="score", hue="model", units="fold", sample_weight="w",
                      skew=0.05)
    assert list(disp.aucs_) == ["weak", "good"]  # order of appearance, as seaborn
    for model in ("weak", "good"):
        aucs = [sp.aucpr(_direct(table, model=model, fold=k), skew=0.05) for k in range(3)]
        mean, sd = disp.aucs_[model]
        assert mean == pytest.approx(np.mean(aucs), rel=1e-12)
        assert sd == pytest.approx(np.std(aucs, ddof=1), rel=1e-12)
    plain = sp.plot_roc(data, y_true="label", y_score="score", hue="model", sample_weight="w")
    assert plain.aucs_["good"] == pytest.approx(sp.roc_auc(_direct(table, model="good")), rel=1e-12)


@pytest.mark.slow  # loaded run 2026-11-29
def test_hue_order_and_palette_follow_seaborn(table):
    import seaborn as sns
    from matplotlib.colors import to_rgb

    disp = sp.plot_pr(data=table, y_true="label", y_score="score", hue="model", hue_order=["good"],
                      palette={"good": "red", "weak": "blue"})
    assert list(disp.lines_) == ["good"]
    assert to_rgb(disp.lines_["good"].get_color()) == to_rgb("red")
    named = sp.plot_cost(data=table, y_true="label", y_score="score", hue="model", hue_order=["good", "weak"],
                         palette="rocket")
    expected = sns.color_palette("rocket", 2)
    assert [to_rgb(named.lines_[k].get_color()) for k in ("good", "weak")] == [tuple(c) for c in expected]
    cat = table.assign(model=pd.Categorical(table["model"], categories=["good", "weak"]))
    assert list(sp.plot_roc(data=cat, y_true="label", y_score="score", hue="model").lines_) == ["good", "weak"]
    nums = table.assign(model=table["model"].map({"weak": 2, "good": 1}))
    assert list(sp.plot_roc(data=nums, y_true="label", y_score="score", hue="model").lines_) == ["1", "2"]


def test_hue_as_arrays_without_a_table(table):
    disp = sp.plot_roc(table["label"].to_numpy(), table["score"].to_numpy(), hue=table["model"].to_numpy())
    assert disp.aucs_["weak"] == pytest.approx(sp.roc_auc(sp.operating_points(
        table.label[table.model == "weak"], table.score[table.model == "weak"])), rel=1e-12)


def test_tidy_errors_name_the_argument(table):
    with pytest.raises(ValueError, match=r"hue='classifier' is not a column of data"):
        sp.plot_pr(data=table, y_true="label", y_score="score", hue="classifier")
    with pytest.raises(ValueError, match="hue_order names 'svm'"):
        sp.plot_pr(data=table, y_true="label", y_score="score", hue="model", hue_order=["svm"])
    with pytest.raises(ValueError, match="palette has no colour for 'good'"):
        sp.plot_pr(data=table, y_true="label", y_score="score", hue="model", palette={"weak": "k"})
    one_class = table.assign(label=np.where(table["fold"] == 1, 0, table["label"]))
    with pytest.raises(ValueError, match="rows with hue='weak', units=1: y_true holds only one class"):
        sp.plot_pr(data=one_class, y_true="label", y_score="score", hue="model", units="fold")
    with pytest.raises(TypeError, match="with data=, y_score must name a column"):
        sp.plot_pr(data=table, y_true="label")
    with pytest.raises(ValueError, match="swapped"):
        sp.plot_pr(data=table, y_true="score", y_score="label")


@pytest.mark.engines
def test_a_lazy_table_is_refused(table):
    pl = pytest.importorskip("polars")
    with pytest.raises(TypeError, match="lazy table"):
        sp.plot_pr(data=pl.from_pandas(table).lazy(), y_true="label", y_score="score")


@pytest.mark.parametrize("plot", [sp.plot_pr, sp.plot_roc, sp.plot_cost, sp.plot_fmeasure,
                                  sp.plot_aucpr_vs_skew])
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'pandas-plot_cost',
    'pandas-plot_fmeasure')
@pytest.mark.slow_cases('pandas-plot_aucpr_vs_skew', 'pandas-plot_pr')  # loaded run 2026-11-29
@pytest.mark.parametrize("frame", ["pandas", POLARS])
def test_every_plot_takes_the_tidy_call(table, plot, frame):
    disp = plot(data=_frame(table, frame), y_true="label", y_score="score", hue="model", sample_weight="w")
    assert list(disp.lines_)[:2] == ["weak", "good"]


@pytest.mark.slow  # loaded run 2026-11-29
def test_temporal_and_surface_take_arrays(table):
    y, s = table["label"].to_numpy(), table["score"].to_numpy()
    temporal = sp.plot_temporal_pr(y, s, skew_series=[0.1, 0.02, 0.05])
    series = sp.SkewSeries([0.1, 0.02, 0.05])
    assert temporal.aucs_["classifier"] == pytest.approx(sp.aucpr(sp.operating_points(y, s), skew=series), rel=1e-12)
    surface = sp.plot_pr_surface(y, s, skews=[0.1, 0.5])
    assert "surface" in surface.lines_
