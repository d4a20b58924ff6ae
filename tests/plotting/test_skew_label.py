"""``skew_label="title"``: the skew model as plain text in the title, a y label that never changes."""

import numpy as np
import pytest
from matplotlib.figure import Figure

import skewplot as sp


def test_describe_each_model():
    assert sp.skew.FixedSkew(0.0123456).describe() == "π′ = 0.0123"
    assert sp.SkewRange(0.1, 0.3).describe() == "π′ ∈ [0.1, 0.3], uniform"
    assert sp.SkewRange(0.1, 0.3, weight=lambda p: 1 + p).describe() == "π′ ∈ [0.1, 0.3], weighted"
    series = sp.SkewSeries([0.1, 0.3], [2.0, 4.0])
    assert series.describe() == "mean π′ = 0.2, π′(t) over t ∈ [2, 4]"
    window = sp.SkewSeries.from_function(lambda t: 0.1 + 0.0 * t, 5.0)
    assert window.describe() == "mean π′ = 0.1, π′(t) over t ∈ [0, 5]"


@pytest.mark.slow_cases('0.05-P')  # 1.2 s at most (2026-11-29)
@pytest.mark.parametrize("skew, symbol", [(0.05, "P"), ((0.1, 0.4), "\\bar{P}"),
                                          (sp.SkewSeries([0.1, 0.2, 0.4]), "\\tilde{P}")])
@pytest.mark.slow_cases('skew2-\\\\tilde{P}')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('skew1-\\\\bar{P}')  # loaded run 2026-11-29
def test_title_mode_labels_and_update(skew, symbol):
    pts = sp.datasets.example_classifiers(n=800, random_state=1)
    disp = sp.plot_pr(pts, skew=skew, skew_label="title", ax=Figure().subplots())
    assert disp.ax_.get_ylabel() == f"Precision ${symbol}$"
    assert disp.ax_.get_title() == disp.model().describe()
    axis_mode = sp.plot_pr(pts, skew=skew, ax=Figure().subplots())
    if symbol == "P":
        assert axis_mode.ax_.get_ylabel() == f"Precision ${symbol}$ ({axis_mode.model().describe()})"
        assert axis_mode.ax_.get_title() == ""
    else:  # a range or series: its words in the title, where the y label's side had no room (int-05, tmp-05)
        assert axis_mode.ax_.get_ylabel() == f"Precision ${symbol}$"
        assert axis_mode.ax_.get_title() == axis_mode.model().describe()
    for name in pts:  # only the labels move
        np.testing.assert_array_equal(disp.lines_[name].get_xydata(), axis_mode.lines_[name].get_xydata())
    disp.update(skew=0.3)
    assert disp.ax_.get_title() == "π′ = 0.3" and disp.ax_.get_ylabel() == "Precision $P$"


def test_title_mode_keeps_the_data_set_label():
    pts = sp.datasets.example_classifiers(n=800, random_state=1)
    disp = sp.plot_pr(pts, skew_label="title", ax=Figure().subplots())
    assert disp.ax_.get_ylabel().startswith("Precision $P$ (data set") and disp.ax_.get_title() == ""


def test_bad_skew_label():
    with pytest.raises(ValueError, match="skew_label must be one of 'axis', 'title'; got 'legend'"):
        sp.plot_pr(sp.datasets.example_classifiers(n=200), skew=0.1, skew_label="legend")
