"""Defects of ticks, notes and titles left by the figure review of main f7c5a69 (review7 in tools/figure_review.md;
issue 42), each on small data (the marks': ``test_coinciding_marks.py``).

Each test fails on cfcc6a9: a tick label cut at the figure's edge (skt-02), a title fitted before the layout
drawn past the figure's edge (tmp-04), a label fitted before the layout left across its panel's spine (apn-05 on
matplotlib 3.8), a precision gain below 0 with no tick to read it against (prg-10), a pi* line at the crossing of
two curves drawn on each other (aucsk-02/03), and a note of hidden curves that counted them where a narrow place
held their names (prg-08).
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.mark.slow  # a row of panels drawn at 200 dpi: about 2 s
def test_no_tick_label_is_cut_at_the_figures_edge(tmp_path):
    # skt-02: the layout measured panel 3's x ticks with "0.999" dropped (it touched "0.99" on the narrower Axes
    # before the layout) and made no room for it; the draw showed it, 7 px of it past the figure's right edge
    import matplotlib as mpl

    from skewplot.plotting._compat import drawn_ticks

    with mpl.rc_context():
        sp.set_theme(context="poster", column="double")
        fig, axes = plt.subplots(1, 3)
        for ax, frm in zip(axes, (0.5, 0.1, 0.01), strict=True):
            sp.plot_skew_transform(frm, [1e-4, 1e-3, 1e-2, 0.1, 0.5], ax=ax)
        fig.savefig(tmp_path / "row.png", dpi=200)
        renderer = fig.canvas.get_renderer()
        for ax in axes:
            for axis in (ax.xaxis, ax.yaxis):
                for t in drawn_ticks(axis):
                    if t.label1.get_visible() and t.label1.get_text():
                        box = t.label1.get_window_extent(renderer)
                        assert box.x0 >= -0.5 and box.x1 <= fig.bbox.width + 0.5, t.label1.get_text()
                        assert box.y0 >= -0.5 and box.y1 <= fig.bbox.height + 0.5, t.label1.get_text()


@pytest.mark.slow  # a row of panels drawn: about 1 s
def test_a_rows_titles_fit_their_panels_on_the_drawn_layout():
    # tmp-04: each title fitted when plotted, on the Axes' width before the layout; its trailing clause held
    # brackets, so it could not be dropped, and the last panel's title ran past the figure ("… t ∈ [0, 4")
    from skewplot.plotting._axes import fit_title

    fig, axes = plt.subplots(1, 3, figsize=(7.2, 3.2), layout="constrained")
    for ax in axes:
        ax.plot([0, 1], [0, 1])
        fit_title(ax, "mean π′ = 0.00101, π′(t) over t ∈ [0, 49] of the series")
    fig.canvas.draw()
    for ax in axes:
        title = ax.title.get_window_extent()
        assert title.width <= ax.bbox.width + 1.0, ax.get_title()
        assert title.x0 >= 0 and title.x1 <= fig.bbox.width


@pytest.mark.slow  # a drawn figure: about 0.5 s
def test_a_label_the_layout_pushes_past_its_panel_is_fitted_again():
    # apn-05 on matplotlib 3.8: "observed 0.0300, normal p < 1e-4" fitted beside its line on the Axes before the
    # layout; the layout narrowed the panel and the label crossed its left spine
    from skewplot.plotting.layout._figure import _fitting
    from skewplot.plotting.layout._markers import fit_marker_label

    fig, ax = plt.subplots(figsize=(4, 3), dpi=100, layout="constrained")
    _fitting(fig)  # the layout engine every skewplot figure gets
    ax.set(xlim=(0, 1), ylim=(0, 1))
    line = ax.axvline(0.9)
    text = ax.text(0.9, 0.98, "", transform=ax.get_xaxis_transform(), fontsize=9)
    fig.canvas.draw()
    fit_marker_label(text, 0.9, ("observed 0.0300, normal p < 1e-4", "0.0300"), skip=(line,))
    ax.set_ylabel("a y label\ntaking room", fontsize=40)  # the layout narrows the panel
    fig.canvas.draw()
    box = text.get_window_extent()
    assert ax.bbox.x0 - 0.5 <= box.x0 and box.x1 <= ax.bbox.x1 + 0.5, text.get_text()


def test_a_precision_gain_below_zero_has_a_tick_to_read_it_against():
    # prg-10: tree's PR-gain curve ran to -0.11 in panels 1-2, the Axes reached below 0, but no tick was there
    from skewplot.plotting._gain_axes import decade_axes, decades

    fig, ax = plt.subplots(figsize=(3.5, 2.8), dpi=100)
    x = 1.0 - np.geomspace(1.0, 1e-4, 50)
    curves = [(x, 1.0 - np.geomspace(0.5, 1e-3, 50)), (x, np.linspace(-0.1, 0.5, 50))]
    decade_axes(ax, curves)
    lo, hi = ax.get_ylim()
    below = [g for g in ax.yaxis.get_majorticklocs() if g < 0 and lo <= g <= hi]
    assert below and decades(lo) < decades(-0.1)


def _crossing_twins():
    rng = np.random.default_rng(0)
    y = (rng.random(20000) < 0.01).astype(int)
    base = rng.normal(size=y.size) + 1.2 * y
    twin = np.where(base > 2.0, base + 0.15, base) + rng.normal(scale=0.05, size=y.size)  # its top a little better
    return {"strong": sp.operating_points(y, rng.normal(size=y.size) + 2.5 * y), "ridge": sp.operating_points(y, base),
            "tree": sp.operating_points(y, twin)}


@pytest.mark.slow  # a drawn figure: about 1 s
def test_no_inversion_is_marked_where_its_two_curves_lie_on_each_other():
    # aucsk-02: "π* = 0.260 (ridge / tree)" named a crossing of two curves drawn one over the other
    pts = _crossing_twins()
    disp = sp.plot_aucpr_vs_skew(pts)
    roots = disp.inversions_[("ridge", "tree")]
    seen = [r for r in roots if 1e-4 < r < 0.99]
    assert seen  # they do swap places inside the axis...
    assert not [key for key in disp.markers_ if key[:2] == ("ridge", "tree")]  # ...where no reader sees it


def test_a_note_takes_a_narrow_free_place_before_it_counts():
    # prg-08: the names of hidden curves found no free place beside the note's own x or a fifth of the width,
    # and the note said "2 curves under another"; a tenth of the width held them
    from skewplot.plotting.layout._marker_label import fit_anywhere

    fig, ax = plt.subplots(figsize=(5, 3), dpi=100)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    for x in [*np.arange(0.0, 0.25, 0.01), *np.arange(0.395, 1.0, 0.01)]:  # free only between 0.25 and 0.395
        ax.plot([x, x], [0, 1], color="0.5")
    fig.canvas.draw()
    text = ax.text(0.6, 0.5, "", transform=ax.get_xaxis_transform(), fontsize=7)
    assert fit_anywhere(text, 0.6, ("ab", "2"))
    assert text.get_visible() and text.get_text().strip() == "ab"
    box = text.get_window_extent()
    to_data = ax.transData.inverted()
    assert 0.25 <= to_data.transform([[box.x0, 0]])[0, 0] and to_data.transform([[box.x1, 0]])[0, 0] <= 0.395


@pytest.mark.slow  # a row of three null distributions: about 2 s
def test_a_row_of_ap_nulls_writes_its_observed_values_in_one_form(tmp_path):
    # apn-05 (review10): panel 2's line had room for "observed 0.0600, normal p < 1e-4", panels 1 and 3 only for
    # "0.0300, normal p < 1e-4": two kinds of label in one row. The line's colour and legend entry say "observed".
    import matplotlib as mpl

    with mpl.rc_context():
        sp.set_theme(context="paper", column="double")
        fig, axes = plt.subplots(1, 3)
        displays = [sp.plot_ap_null(5000, n_pos, observed=3 * n_pos / 5000, n_samples=500, random_state=k, ax=ax)
                    for k, (ax, n_pos) in enumerate(zip(axes, (50, 100, 150), strict=True))]
        fig.savefig(tmp_path / "row.png", dpi=200)
    texts = [d.observed_text_.get_text().strip() for d in displays]
    assert [t.startswith("observed") for t in texts] == [False] * 3, texts  # main: [False, True, False]
    assert all("normal p" in t and "sampled p" in t for t in texts), texts
    assert len({t.count("\n") for t in texts}) == 1, texts  # one form: every label on as many lines
