"""Ten classifiers on one Axes (the review of main 494a71d, tools/figure_review.md): bands and threshold lines.

Ten bands of 0.2 opacity each overlapped into one tinted field (pr-04/11/12, roc-05, fm-03/05) and ten dashed
threshold lines of 2 pt made one bundle over the envelopes (cost-03/04/08, fm-05/06).  Both tests fail on 494a71d.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _folds(n_clf, n=1500, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.05).astype(int)
    y[:15] = 1
    parts = np.array_split(np.arange(n), 3)
    out = {}
    for k, sep in enumerate(np.linspace(2.5, 0.2, n_clf)):
        s = rng.normal(size=n) + sep * y
        out[f"c{k}"] = [sp.operating_points(y[p], s[p]) for p in parts]
    return out


def _overlap(bands):
    """The opacity where every band of ``bands`` lies on the others (each drawn over the ones before)."""
    return 1.0 - float(np.prod([1.0 - b.get_alpha() for b in bands]))


@pytest.mark.slow  # about 1 s: two drawn figures
def test_ten_bands_stay_light_enough_to_show_the_curves_and_few_keep_their_tint():
    many = sp.plot_roc(folds=_folds(10))
    assert len(many.bands_) == 10
    assert _overlap(many.bands_.values()) < 0.6  # 494a71d: 0.89, one tinted field
    assert all(b.get_alpha() >= 0.05 for b in many.bands_.values())  # each still seen
    few = sp.plot_roc(folds=_folds(3))
    assert {b.get_alpha() for b in few.bands_.values()} == {0.2}


@pytest.mark.slow  # about 1 s: two drawn figures
def test_ten_threshold_lines_in_cost_space_thin_out():
    rng = np.random.default_rng(1)
    y = (rng.random(3000) < 0.05).astype(int)
    pts = {f"c{k}": sp.operating_points(y, rng.normal(size=y.size) + s * y)
           for k, s in enumerate(np.linspace(2.5, 0.2, 10))}
    many = sp.plot_cost(pts, skew=0.01, threshold=1.0, max_lines=5)
    (marker,) = many._threshold_markers
    widths = {line.get_linewidth() for line in marker.points_.values()}
    assert max(widths) <= 1.2  # 494a71d: 2 pt each
    line = next(iter(marker.points_.values()))
    assert line.get_color() == many.lines_["c0"].get_color()  # in its classifier's colour
    one = sp.plot_cost({"c0": pts["c0"]}, skew=0.01, threshold=1.0, max_lines=5)
    assert {line.get_linewidth() for line in one._threshold_markers[0].points_.values()} == {2.0}
