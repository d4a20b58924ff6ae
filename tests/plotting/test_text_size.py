"""Every text of a figure is at least 6.5 pt at the size it is saved, sub- and superscripts included.

The review of main 1b3cc5f found 29 of 40 figures with text a reader cannot read in print: the log axes'
exponents (10^-3) at 4.9 pt, the y label's subscript (P_{pi'=0.01}) at 5.6 pt, ``style.paper("single")``
legends at 5.55 pt ("x-small" of 8 pt), PR-gain's "(its F_1)" at 3.9-6.2 pt.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting import style
from skewplot.testing import MIN_TEXT_PT, lint_figure, script_depth


def _small(fig):
    return [str(p) for p in lint_figure(fig, checks=("text-too-small",))]


@pytest.mark.parametrize(("text", "depth"), [("Recall", 0), ("$\\mathdefault{10^{-3}}$", 1), ("cost \\$5", 0),
                                             ("$P_{\\pi'=0.01}$", 1), ("$x_{a^{2}}$ and $y$", 2),
                                             ("$\\bar{P}_{[0.1, 0.2]}$", 1), ("$\\pi^*$", 1)])
def test_script_depth(text, depth):
    assert script_depth(text) == depth


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_the_rule_finds_small_text_and_small_scripts():
    fig, ax = plt.subplots(layout="constrained")
    ax.plot([0, 1], [0, 1])
    assert _small(fig) == []
    ax.set_title("five points", fontsize=5)
    ax.set_xlabel("$P_{\\pi'=0.01}$", fontsize=8)  # its subscript 5.6 pt
    ax.set_ylabel("$P$ at 7 pt", fontsize=7)
    small = _small(fig)
    assert len(small) == 2 and "five points" in small[0] + small[1] and "5.60 pt" in small[0] + small[1]
    ax.set_xlabel("$P_{\\pi'=0.01}$", fontsize=MIN_TEXT_PT / 0.7)
    assert len(_small(fig)) == 1
    plt.close(fig)


@pytest.fixture(scope="module")
def points():
    rng = np.random.default_rng(0)
    y = rng.random(4000) < 0.02
    return {name: sp.operating_points(y, rng.normal(size=y.size) + sep * y)
            for name, sep in zip(["logistic", "gbm", "random forest", "svm"], [2.0, 1.5, 1.0, 0.6], strict=True)}


def _draw(kind, pts, ax=None):
    if kind == "pr":
        return sp.plot_pr(pts, skew=1e-3, threshold=1.0, ax=ax)  # log precision axis, legend strip
    if kind == "prg":
        return sp.plot_prg(pts, skew=1e-3, ax=ax)  # "always positive (its F1)"
    if kind == "cost":
        return sp.plot_cost(pts, skew=1e-3, ax=ax)  # log skew axis
    if kind == "fmeasure":
        return sp.plot_fmeasure(pts, skew=1e-3, beta=2.0, ax=ax)  # F2 in the y label
    return sp.plot_aucpr_vs_skew(pts, ax=ax)  # pi* labels


KINDS = ["pr", "prg", "cost", "fmeasure", "aucsk"]


@pytest.mark.slow  # 0.9-3.8 s each
@pytest.mark.parametrize("kind", KINDS)
def test_a_paper_column_figure_has_no_text_under_6_5_pt(kind, points):
    with style.paper("single"):
        disp = _draw(kind, points)
        assert _small(disp.figure_) == []
    plt.close("all")


@pytest.mark.slow
def test_a_paper_row_has_no_text_under_6_5_pt(points):
    with style.paper("double"):
        fig, axes = plt.subplots(1, 3)
        for ax, kind in zip(axes, ["pr", "cost", "prg"], strict=True):
            _draw(kind, points, ax=ax)
        assert _small(fig) == []
    plt.close("all")
