"""A threshold that flags no case has no precision, and PR space marks no point for it.

Its TP = FP = 0: precision 0/0.  The readout's table writes a dash for it (1973a05), but the PR panels drew the
"P = 0, below axis" triangle there (the curve's limit at the origin when the top score is a negative's), which
reads as "every alarm false" of a threshold that raises none.  Now no PR mark; a threshold that flags negatives only
(TP = 0 < FP) keeps its off-scale triangle, its precision being 0.  Each mark is checked against a count of TP and
FP over the rows themselves.
"""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.threshold import OFF_SCALE_MARKER, flags_nothing, threshold_index


@pytest.fixture(scope="module")
def rows(top_score_rows):
    """0.1 % positives; ``weak``'s top score a negative's, ``strong``'s a positive's (``conftest``)."""
    return top_score_rows


def _counts(y, s, threshold):
    """TP and FP of ``score >= threshold``, counted over the rows."""
    flagged = s >= threshold
    return int(np.sum(flagged & (y == 1))), int(np.sum(flagged & (y == 0)))


def _expected(y, s, threshold, skew):
    """``None`` (no mark: nothing flagged), or ``(recall, precision at skew, off scale)`` from the counts."""
    tp, fp = _counts(y, s, threshold)
    if tp == fp == 0:
        return None
    tpr, fpr = tp / np.sum(y == 1), fp / np.sum(y == 0)
    return tpr, skew * tpr / (skew * tpr + (1 - skew) * fpr), tp == 0


def check_marks(y, scores, marks, thresholds, skew):
    """Each PR mark of ``marks`` (``{name: Line2D}``) where the counts of ``thresholds`` (``{name: t}``) put it."""
    for name, line in marks.items():
        want = _expected(y, scores[name], thresholds[name], skew)
        if want is None:
            assert len(line.get_xdata()) == 0, (name, line.get_xydata())
            continue
        recall, precision, low = want
        assert line.get_xdata()[0] == pytest.approx(recall, rel=1e-12)
        if low:  # precision 0 on a log axis: the off-scale triangle at its foot
            assert precision == 0 and line.get_marker() == OFF_SCALE_MARKER and line.get_ydata()[0] == 0
        else:
            assert line.get_marker() == "D" and line.get_ydata()[0] == pytest.approx(precision, rel=1e-12)


@pytest.mark.parametrize("skew", [1e-2, 1e-4])
def test_a_pr_mark_is_where_the_counts_put_it_and_none_where_nothing_is_flagged(rows, skew):
    y, scores = rows
    pts = {name: sp.operating_points(y, s) for name, s in scores.items()}
    top = {name: float(np.max(s)) for name, s in scores.items()}
    for thresholds in ({n: math.inf for n in scores},  # flags nothing: no mark (main: weak's triangle, P = 0)
                       {n: t + 1.0 for n, t in top.items()},  # above every score: nothing either
                       top,  # the top case alone: weak's a negative (P = 0, the triangle), strong's a positive
                       {n: float(np.quantile(s, 0.999)) for n, s in scores.items()}):
        disp = sp.plot_pr(pts, skew=skew, log_precision=True, threshold=thresholds)
        marker = disp._threshold_markers[0]
        assert all(flags_nothing(pts[n], threshold_index(pts[n], t)) == (_counts(y, scores[n], t) == (0, 0))
                   for n, t in thresholds.items())
        check_marks(y, scores, marker.points_, thresholds, skew)
        plt.close(disp.figure_)
