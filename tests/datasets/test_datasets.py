import numpy as np
import pytest
from scipy.stats import norm

import skewplot as sp


def test_make_scores_is_binormal_with_the_asked_skew():
    y, s = sp.datasets.make_scores(200_000, 0.2, separation=1.0, random_state=0)
    assert y.mean() == pytest.approx(0.2, abs=0.005)
    assert s[y == 0].mean() == pytest.approx(0.0, abs=0.02)
    assert s[y == 1].mean() == pytest.approx(1.0, abs=0.02)
    # Binormal ROC AUC = Phi(separation / sqrt(2)).
    assert sp.roc_auc(sp.operating_points(y, s)) == pytest.approx(norm.cdf(1 / np.sqrt(2)), abs=0.005)
    again = sp.datasets.make_scores(200_000, 0.2, separation=1.0, random_state=0)
    np.testing.assert_array_equal(again[1], s)


def test_make_scores_bad_input():
    with pytest.raises(ValueError, match="skew"):
        sp.datasets.make_scores(10, 1.2)
    with pytest.raises(ValueError, match="n"):
        sp.datasets.make_scores(1, 0.5)


def test_soleymani_examples_are_the_printed_arrays():
    pts = sp.datasets.soleymani_examples()
    assert sorted(pts) == ["C1", "C2"]
    # [S] print 1e-6 for the empty prediction; it is the origin here
    np.testing.assert_array_equal(pts["C2"].fpr, [0, 0.03, 0.09, 0.28, 0.6, 1])
    np.testing.assert_array_equal(pts["C1"].tpr, [0, 0.55, 0.75, 0.88, 0.98, 1])
    assert pts["C1"].skew is None


@pytest.mark.slow  # loaded run 2026-11-29
def test_breast_cancer_has_the_skew_of_lampert_table_4():
    pts = sp.datasets.breast_cancer_example()
    for p in pts.values():
        assert (p.n_pos, p.n_neg) == (212, 357)
        assert round(p.skew, 3) == 0.373
        assert sp.roc_auc(p) > 0.9


def _binormal_aucpr_mpmath(pi, mu):
    """The same population area in recall form, AUCPR = int_0^1 P(r) dr, at 30 digits (independent route)."""
    mp = pytest.importorskip("mpmath")
    mp.mp.dps = 30

    def precision(r):
        fpr = mp.ncdf(mp.sqrt(2) * mp.erfinv(2 * r - 1) - mu)  # Phi(Phi^-1(r) - mu)
        return pi * r / (pi * r + (1 - pi) * fpr)

    return float(mp.quad(precision, [0, 0.5, 0.99, 1]))


@pytest.mark.slow_cases('0.01-2.0')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.1-1.5', '0.5-0.7')  # loaded run 2026-11-29
@pytest.mark.parametrize(("pi", "mu"), [(0.1, 1.5), (0.01, 2.0), (0.5, 0.7)])
def test_binormal_aucpr_matches_the_recall_form_in_mpmath(pi, mu):
    assert sp.datasets.binormal_aucpr(pi, separation=mu) == pytest.approx(_binormal_aucpr_mpmath(pi, mu), abs=1e-9)


@pytest.mark.slow  # 1.9 s
def test_binormal_aucpr_limits_and_range():
    # No separation: precision is the skew at every threshold; over a range its mean.
    assert sp.datasets.binormal_aucpr(0.3, separation=0.0) == pytest.approx(0.3, abs=1e-10)
    assert sp.datasets.binormal_aucpr((0.1, 0.4), separation=0.0) == pytest.approx(0.25, abs=1e-9)
    # A range is the mean of the fixed-skew values (Simpson on a smooth function of pi').
    grid = np.linspace(0.05, 0.15, 11)
    values = [sp.datasets.binormal_aucpr(p) for p in grid]
    from scipy.integrate import simpson

    assert sp.datasets.binormal_aucpr((0.05, 0.15)) == pytest.approx(simpson(values, x=grid) / 0.1, abs=1e-6)
    # Sampled data converge to it (the sampling SD at 4e5 rows is about 0.002).
    y, s = sp.datasets.make_scores(400_000, 0.1, random_state=1)
    assert sp.aucpr(sp.operating_points(y, s), skew=0.1) == pytest.approx(sp.datasets.binormal_aucpr(0.1), abs=0.006)


@pytest.mark.parametrize(("skew", "exc", "match"), [
    (0.0, ValueError, "skew"), (1.0, ValueError, "skew"), (float("nan"), ValueError, "skew"),
    ("0.1", TypeError, "skew"), ((0.2, 0.1), ValueError, "lo < hi"), ((0.1, 0.2, 0.3), ValueError, "pair"),
    ((0.0, 0.1), ValueError, r"skew\[0\]"),
])
def test_binormal_aucpr_bad_skew(skew, exc, match):
    with pytest.raises(exc, match=match):
        sp.datasets.binormal_aucpr(skew)


def test_binormal_aucpr_bad_separation():
    with pytest.raises(ValueError, match="separation"):
        sp.datasets.binormal_aucpr(0.1, separation=float("inf"))
