import warnings

import numpy as np
import pytest

import skewplot as sp

from conftest import random_scores


def test_precision_at_data_skew_is_tp_over_predicted(rng):
    y, s = random_scores(rng, 300)
    pts = sp.operating_points(y, s)
    p = sp.precision(pts)
    np.testing.assert_allclose(p[1:], pts.tp[1:] / (pts.tp[1:] + pts.fp[1:]), rtol=1e-12)


def test_origin_gets_the_limit_along_the_curve_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pts = sp.operating_points([1, 1, 0, 0], [0.9, 0.9, 0.9, 0.1])
        p = sp.precision(pts)
        assert p[0] == p[1] == pytest.approx(2 / 3)
        assert np.isfinite(sp.precision(pts, skew=0.01)).all()
        neg_first = sp.operating_points([0, 1], [0.9, 0.1])
        assert sp.precision(neg_first)[0] == 0.0


def test_worked_example_of_lampert_section_4_2():
    pts = sp.OperatingPoints.from_rates([0.8], [0.2])
    assert sp.precision(pts, skew=0.4)[1] == pytest.approx(0.7273, abs=5e-5)


# [L] Table 2: confusion matrices (TP, FP, FN, TN) of one algorithm at four skews.
TABLE_2 = [(73, 276, 18, 643), (200, 228, 50, 532), (408, 150, 102, 350), (735, 27, 184, 64)]


@pytest.mark.parametrize("tp, fp, fn, tn", TABLE_2)
def test_table_2_of_lampert(tp, fp, fn, tn):
    pi = (tp + fn) / (tp + fp + fn + tn)
    counted = tp / (tp + fp)
    # The exact rates of the table reproduce its precision exactly ...
    pts = sp.OperatingPoints.from_rates([tp / (tp + fn)], [fp / (fp + tn)])
    assert sp.precision(pts, skew=pi)[1] == pytest.approx(counted, rel=1e-12)
    # ... and the nominal TPR 0.8, FPR 0.3, transformed from pi = 0.5, agree up to the
    # rounding of the counts to integers.  (The paper prints 0.97 for the last
    # column, whose counts give 735/762 = 0.965.)
    assert sp.transform_precision(0.8 / 1.1, 0.5, pi) == pytest.approx(counted, abs=0.004)


def test_transform_round_trip_and_agrees_with_rates(rng):
    tpr, fpr = rng.uniform(0.01, 1, 50), rng.uniform(0.01, 1, 50)
    a, b = 0.3, 0.02
    pa = tpr * a / (tpr * a + fpr * (1 - a))
    pb = tpr * b / (tpr * b + fpr * (1 - b))
    np.testing.assert_allclose(sp.transform_precision(pa, a, b), pb, rtol=1e-12)
    np.testing.assert_allclose(sp.transform_precision(sp.transform_precision(pa, a, b), b, a), pa, rtol=1e-12)
    assert sp.transform_precision(0.0, a, b) == 0.0
    assert sp.transform_precision(1.0, a, b) == 1.0


def test_min_and_random_precision():
    np.testing.assert_allclose(sp.min_precision([0, 0.5, 1], 0.2), [0, 0.1 / 0.9, 0.2])
    assert sp.random_precision(0.3) == 0.3
    pts = sp.operating_points([0, 1, 1, 1], [0.1, 0.2, 0.3, 0.4])
    assert sp.random_precision(pts) == 0.75
    assert sp.min_precision(1.0, pts) == pytest.approx(0.75)


def test_bad_input():
    with pytest.raises(ValueError, match="from_skew"):
        sp.transform_precision(0.5, 0.0, 0.3)
    with pytest.raises(ValueError, match="to_skew"):
        sp.transform_precision(0.5, 0.2, 1.0)
    with pytest.raises(ValueError, match="precision"):
        sp.transform_precision(1.5, 0.2, 0.3)
    with pytest.raises(ValueError, match="recall"):
        sp.min_precision(1.5, 0.3)
    with pytest.raises(ValueError, match="skew"):
        sp.random_precision(None)
    with pytest.raises(TypeError, match=r"precision\(y_true, y_score\): y_score is missing"):
        sp.precision(np.array([0.1]))
