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


def test_breast_cancer_has_the_skew_of_lampert_table_4():
    pts = sp.datasets.breast_cancer_example()
    for p in pts.values():
        assert (p.n_pos, p.n_neg) == (212, 357)
        assert round(p.skew, 3) == 0.373
        assert sp.roc_auc(p) > 0.9
