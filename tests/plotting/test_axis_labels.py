"""Every axis label the plots set fits its Axes' side on the final layout: a shorter form when it does not.

A label is measured against its Axes after the figure is laid out (a legend
strip under the Axes, a shared legend's row, a resize), so it never reaches
past the figure, and a figure made larger shows the long form again.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.layout._figure import LABEL_FILL, fit_label, two_lines
from skewplot.plotting.style import paper
from skewplot.testing import lint_figure

TEXTS = ("text-overlap", "text-outside")


@pytest.fixture(scope="module")
def rare():
    """One classifier on 20 000 rows with 0.1 % positives (the data set's skew: 0.00096)."""
    rng = np.random.default_rng(1)
    y = (rng.random(20_000) < 0.001).astype(int)
    return sp.operating_points(y, rng.normal(size=y.size) + 2.5 * y)


def _side(ax, letter):
    return ax.bbox.width if letter == "x" else ax.bbox.height


def _extent(ax, letter):
    box = getattr(ax, f"{letter}axis").label.get_window_extent(ax.figure.canvas.get_renderer())
    return box.width if letter == "x" else box.height


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_bare_small_figure_at_a_tenth_of_a_percent_keeps_the_label_inside(rare):
    """4.5 x 3.5 in: the data set's label (240 px) is taller than the Axes a legend strip leaves it."""
    fig, ax = plt.subplots(figsize=(4.5, 3.5))
    sp.plot_pr(rare, ax=ax)
    assert lint_figure(fig, checks=TEXTS) == []
    label = ax.get_ylabel()
    assert label == two_lines(f"Precision $P$ (data set, $\\pi={rare.skew:.3g}$)")  # both lines: nothing lost
    assert _extent(ax, "y") <= LABEL_FILL * _side(ax, "y") + 1.0


@pytest.mark.parametrize("plot", [
    lambda p, ax: sp.plot_pr(p, skew=1e-4, ax=ax),
    lambda p, ax: sp.plot_pr(p, skew=(1e-4, 5e-3), ax=ax),
    lambda p, ax: sp.plot_cost(p, skew=1e-4, ax=ax),
    lambda p, ax: sp.plot_roc(p, ax=ax),
], ids=["pr", "pr_range", "cost", "roc"])
@pytest.mark.slow_cases('roc')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('pr')  # loaded run 2026-11-29
@pytest.mark.slow_cases('cost', 'pr_range')  # 1.7 s at most (2026-11-29)
def test_a_short_wide_axes_gets_labels_that_fit_its_height(rare, plot):
    fig, ax = plt.subplots(figsize=(6, 1.8))
    plot(rare, ax)
    assert lint_figure(fig, checks=TEXTS) == []
    for letter in "xy":
        assert _extent(ax, letter) <= _side(ax, letter) + 1.0


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_normal_figure_keeps_the_long_labels(rare):
    disp = sp.plot_pr(rare)  # 6.4 x 4.8 in
    assert disp.ax_.get_ylabel() == f"Precision $P$ (data set, $\\pi={rare.skew:.3g}$)"
    assert disp.ax_.get_xlabel() == "Recall (TPR)"
    roc = sp.plot_roc(rare)
    assert (roc.ax_.get_xlabel(), roc.ax_.get_ylabel()) == ("False positive rate (FPR)", "True positive rate (TPR)")


@pytest.mark.slow  # 1.9 s (2026-11-29, -n 2)
def test_a_label_regains_its_long_form_when_the_figure_grows_and_loses_it_again(rare):
    fig, ax = plt.subplots(figsize=(4.0, 1.8))
    sp.plot_pr(rare, skew=1e-4, ax=ax)
    full = "Precision $P$ (π′ = 0.0001)"
    fig.canvas.draw()
    short = ax.get_ylabel()
    assert short != full
    fig.set_size_inches(6.4, 4.8)
    fig.canvas.draw()  # the layout at draw time chooses again
    assert ax.get_ylabel() == full
    fig.set_size_inches(4.0, 1.8)
    fig.canvas.draw()
    assert ax.get_ylabel() == short
    assert _extent(ax, "y") <= LABEL_FILL * _side(ax, "y") + 1.0


@pytest.mark.slow  # 1.2 s (2026-11-29, -n 2)
def test_a_label_the_user_sets_is_left_alone(rare):
    fig, ax = plt.subplots(figsize=(4.0, 1.8))
    sp.plot_pr(rare, ax=ax)
    ax.set_ylabel("precision of my model, measured on the held-out set")
    fig.set_size_inches(3.0, 1.5)
    fig.canvas.draw()
    assert ax.get_ylabel() == "precision of my model, measured on the held-out set"


def test_the_forms_are_tried_in_order_and_the_last_is_kept_when_none_fits():
    fig, ax = plt.subplots(figsize=(2.0, 0.8))  # no layout: chosen at once
    fit_label(ax.yaxis, "Precision at deployment skew $\\pi'$", "$P'$")
    assert ax.get_ylabel() == "$P'$"
    fit_label(ax.yaxis, "a very long label that never fits anywhere at this size", lines=False)
    assert ax.get_ylabel() == "a very long label that never fits anywhere at this size"


@pytest.mark.slow  # 0.6 s: three panels and a lint
def test_a_paper_row_of_three_panels(rare):
    with paper("double"):
        fig, axes = plt.subplots(1, 3)
        sp.plot_pr(rare, ax=axes[0])
        sp.plot_pr(rare, skew=1e-4, ax=axes[1])
        sp.plot_cost(rare, skew=1e-4, ax=axes[2])
        assert lint_figure(fig, checks=TEXTS) == []


def test_a_label_form_is_measured_once_across_the_figure_sizes(monkeypatch):
    """Issue 44: a canvas makes a new renderer at each size, and the forms' widths were kept per renderer: each
    step of ipympl's resize corner measured every label and title form again (~20 ms of the explorer's resize).
    A text's width does not depend on the canvas' size: measured once per kind of renderer and resolution."""
    import sys

    from matplotlib.backends.backend_agg import RendererAgg

    fig, ax = plt.subplots(figsize=(3, 2), layout="constrained")
    fit_label(ax.yaxis, "Precision $P$ (data set, $\\pi=0.01$)", "$P$")
    fig.canvas.draw()
    form = ax.get_ylabel()
    measured = []  # the forms measured to choose one (matplotlib measures the label it draws, for itself)
    measure = RendererAgg.get_text_width_height_descent

    def counted(self, s, prop, ismath):
        # called by _line_width, or through the layout's record of text sizes (``_compat.text_sizes_kept``)
        if "_line_width" in (sys._getframe(1).f_code.co_name, sys._getframe(2).f_code.co_name):
            measured.append(s)
        return measure(self, s, prop, ismath)

    monkeypatch.setattr(RendererAgg, "get_text_width_height_descent", counted)
    fig.set_size_inches(3.1, 2.1)  # a new renderer, the same label forms
    fig.canvas.draw()
    assert ax.get_ylabel() == form
    assert measured == []
    fig.set_dpi(fig.dpi * 2)  # another resolution: measured again
    fig.canvas.draw()
    assert measured
    plt.close(fig)
