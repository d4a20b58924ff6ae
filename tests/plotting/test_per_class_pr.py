"""A one-vs-rest mapping drawn at a prior vector: each class's curve and baseline at its own prior."""

import numpy as np
import pytest

import skewplot as sp
from skewplot.testing import lint_figure


def _ovr(n=240, k=3, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    s = rng.random((n, k))
    s[np.arange(n), y] += 0.5
    return y, s, sp.one_vs_rest(y, s)


PRIORS = {0: 0.6, 1: 0.3, 2: 0.1}


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_each_class_drawn_at_its_prior_with_its_baseline():
    y, s, ovr = _ovr()
    disp = sp.plot_pr(ovr, skew=PRIORS)
    test = np.bincount(y) / y.size
    w = np.array([PRIORS[k] for k in range(3)])[y] / test[y]  # rows reweighted to the priors
    for k, prior in PRIORS.items():
        name = f"{k}, π′={prior:g}"
        r, p = disp.lines_[name].get_data()
        ref_r, ref_p = sp.pr_curve(y == k, s[:, k], sample_weight=w)
        np.testing.assert_allclose(r, ref_r[-r.size:], atol=1e-12)  # the plot starts at the first point
        np.testing.assert_allclose(p, ref_p[-p.size:], atol=1e-12)
        assert disp.baselines_[f"random {name}"].get_ydata()[0] == pytest.approx(prior)
        assert disp.aucs_[name] == pytest.approx(sp.aucpr(ovr, skew=PRIORS)[k], rel=1e-12)
    assert "random" not in disp.baselines_  # no single-skew baseline
    assert lint_figure(disp.figure_) == []


@pytest.mark.slow  # loaded run 2026-11-29
def test_an_estimate_is_a_prior_vector_and_other_spaces_take_the_reweighted_mapping():
    y, s, ovr = _ovr()
    proba = s / s.sum(axis=1, keepdims=True)
    est = sp.estimate_priors(y, proba, proba[y != 0], confidence=None)
    disp = sp.plot_pr(sp.one_vs_rest(y, proba), skew=est)
    assert len(disp.lines_) == 3
    moved = ovr.at_priors(PRIORS)
    roc = sp.plot_roc(moved)
    assert roc.aucs_["1, π′=0.3"] == pytest.approx(sp.roc_auc(moved[1]))


@pytest.mark.slow  # loaded run 2026-11-29
def test_without_skew_each_class_at_its_test_prior_with_its_baseline():
    y, s, ovr = _ovr()
    disp = sp.plot_pr(ovr)
    for k, prior in ovr.priors.items():
        name = f"{k}, π′={sp.skew.base.skew_text(prior)}"
        assert disp.baselines_[f"random {name}"].get_ydata()[0] == pytest.approx(prior)
        assert disp.aucs_[name] == pytest.approx(sp.aucpr(y == k, s[:, k]), rel=1e-12)


@pytest.mark.slow  # 0.3-0.9 s each, loaded run 2026-11-30
@pytest.mark.parametrize("func", [sp.plot_pr, sp.plot_roc, sp.plot_prg, sp.plot_cost, sp.plot_fmeasure])
def test_a_class_is_named_with_the_prime_of_every_label_and_its_old_name_still_finds_it(func):
    # the names wrote "π'=0.6" with an ASCII apostrophe where every other label writes "π′"; the old keys stay
    disp = func(_ovr()[2], skew=PRIORS)
    new = [f"{k}, π′={p:g}" for k, p in PRIORS.items()]
    assert list(disp.lines_) == new  # each curve once, by its new name
    texts = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    assert [t for t in texts if t.startswith(tuple(new))] and not [t for t in texts if "π'" in t], texts
    for k, p in PRIORS.items():
        old = f"{k}, π'={p:g}"
        assert old in disp.lines_ and disp.lines_[old] is disp.lines_[f"{k}, π′={p:g}"]
        assert disp.lines_.get(old) is disp.lines_[f"{k}, π′={p:g}"] and disp.points[old] is disp.points[new[k]]
        if hasattr(disp, "aucs_"):
            assert disp.aucs_[old] == disp.aucs_[f"{k}, π′={p:g}"]
            assert len(disp.aucs_) == 3 and list(disp.aucs_.items()) == [(n, disp.aucs_[n]) for n in new]
    if func is sp.plot_pr:
        assert disp.baselines_["random 2, π'=0.1"] is disp.baselines_["random 2, π′=0.1"]
    with pytest.raises(KeyError):
        disp.lines_["3, π'=0.1"]


def test_curve_names_take_the_old_spelling_in_every_access_and_list_each_key_once():
    from skewplot.plotting._class_names import CurveNames

    d = CurveNames({"a, π′=0.1": 1})
    d["a, π'=0.1"] = 2  # a write by the old name replaces the curve's entry: no second key
    d.setdefault("a, π'=0.1", 5)
    assert d == {"a, π′=0.1": 2} and len(d) == 1 and list(d.items()) == [("a, π′=0.1", 2)]
    assert d.pop("a, π'=0.1") == 2 and not d and d.get("a, π'=0.1", 7) == 7
    d["b, π′=0.2"] = 3
    del d["b, π'=0.2"]
    assert "b, π'=0.2" not in d and "b, π′=0.2" not in d
    with pytest.raises(KeyError, match="c"):
        d["c"]
