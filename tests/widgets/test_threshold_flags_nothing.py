"""The explorer's PR marks say what its threshold table says: a threshold that flags nothing has no precision.

Its table writes a dash for the precision of a threshold with TP = FP = 0 (1973a05); its PR and P̄-R panels drew the
"P = 0, below axis" triangle there.  Now neither panel marks it; a threshold that flags the top case alone, a
negative's, keeps the triangle (its precision is 0), and one that flags a positive its diamond.  Each against a
count of TP and FP over the rows.
"""

import math

import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.threshold import OFF_SCALE_MARKER
from skewplot.widgets import explorer

pytestmark = pytest.mark.slow  # an explorer of 20 000 rows: about 2 s


@pytest.fixture(scope="module")
def rows(top_score_rows):
    """0.1 % positives; ``weak``'s top score a negative's, ``strong``'s a positive's (``conftest``)."""
    y, scores = top_score_rows
    return y.astype(bool), scores


def _precision_cell(w, name):
    """The precision cell of ``name``'s row of the threshold table, as written (after the threshold and recall)."""
    row = w.threshold_table.value.split(f">{name}<", 1)[1].split("</tr>", 1)[0]
    return [cell.split(">", 1)[1] for cell in row.split("<td")[1:]][2]


@pytest.mark.parametrize("skew", [1e-3, 1e-4])
def test_the_pr_marks_say_what_the_table_says(rows, skew):
    y, scores = rows
    w = explorer({name: sp.operating_points(y, s) for name, s in scores.items()}, skew=skew)
    c = w.controls
    for name, s in scores.items():
        c["threshold_of"].value = name
        for threshold in (math.inf, float(np.max(s)), float(np.quantile(s, 0.999))):
            c["threshold"].value = threshold
            tp, fp = int(np.sum((s >= threshold) & y)), int(np.sum((s >= threshold) & ~y))
            pr = [m for m in w.threshold_control.markers if m.space == "pr"]
            assert len(pr) == 2  # the PR and the P̄-R panel
            if tp == fp == 0:  # the table's dash, and no mark
                assert w.threshold_readouts_[name]["tp"] == w.threshold_readouts_[name]["fp"] == 0
                assert _precision_cell(w, name).startswith("–")
                assert all(len(m.points_[name].get_xdata()) == 0 for m in pr), threshold
                continue
            for m in pr:
                (x,), (yy,) = m.points_[name].get_data()
                assert x == pytest.approx(tp / y.sum(), rel=1e-12)
                if tp == 0:  # precision 0 on the log axis: the off-scale triangle
                    assert m.points_[name].get_marker() == OFF_SCALE_MARKER and yy == 0
                elif m.display is w.displays["pr"]:  # at π′: from the counts
                    tpr, fpr = tp / y.sum(), fp / (~y).sum()
                    assert yy == pytest.approx(skew * tpr / (skew * tpr + (1 - skew) * fpr), rel=1e-12)
                    assert m.points_[name].get_marker() == "D"
