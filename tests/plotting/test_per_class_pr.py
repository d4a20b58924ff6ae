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
        name = f"{k}, π'={prior:g}"
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
    assert roc.aucs_["1, π'=0.3"] == pytest.approx(sp.roc_auc(moved[1]))


@pytest.mark.slow  # loaded run 2026-11-29
def test_without_skew_each_class_at_its_test_prior_with_its_baseline():
    y, s, ovr = _ovr()
    disp = sp.plot_pr(ovr)
    for k, prior in ovr.priors.items():
        name = f"{k}, π'={sp.skew.base.skew_text(prior)}"
        assert disp.baselines_[f"random {name}"].get_ydata()[0] == pytest.approx(prior)
        assert disp.aucs_[name] == pytest.approx(sp.aucpr(y == k, s[:, k]), rel=1e-12)
