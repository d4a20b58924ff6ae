"""Defects of the observed AP's label found by review12 of main 2dfaa35 (tools/figure_review.md): a stacked label
whose middle lines touched their line (apn-04, apn-05), a label laid across a histogram's bars (apn-02 on
matplotlib 3.8), and a bound on the sampled p printed below itself.  Each test fails on 2dfaa35.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting.layout._markers import fit_marker_label


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _ink_gaps(fig, text, at):
    """Pixels between the display x ``at`` and the ink of each line of ``text`` (drawn alone on white)."""
    for artist in text.axes.get_children():
        if artist is not text and hasattr(artist, "set_visible"):
            artist.set_visible(False)
    fig.canvas.draw()
    ink = np.asarray(fig.canvas.buffer_rgba())[..., :3].min(axis=2) < 200
    box, lines = text.get_window_extent(), text.get_text().count("\n") + 1
    height = fig.canvas.get_width_height()[1]
    gaps = []
    for k in range(lines):
        top, bottom = box.y1 - k * box.height / lines, box.y1 - (k + 1) * box.height / lines
        rows = ink[int(height - top) + 1:int(height - bottom) - 1, int(box.x0):int(box.x1) + 1]
        cols = np.flatnonzero(rows.any(axis=0)) + int(box.x0)
        gaps.append(at - cols.max() if text.get_horizontalalignment() == "right" else cols.min() - at)
    return gaps


def test_every_line_of_a_stacked_label_keeps_its_distance_from_the_line():
    # apn-05: " 0.0300\nnormal p < 1e-4\nsampled p = 0.0080 " right-aligned at the line: only the last line had a
    # space before the line, the others ended on it
    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    line = ax.axvline(0.9)
    text = ax.text(0.9, 0.98, "", transform=ax.get_xaxis_transform(), fontsize=9)
    fig.canvas.draw()
    fit_marker_label(text, 0.9, ("0.0300\nnormal p < 1e-4\nsampled p = 0.0080",), skip=(line,))
    assert all(part.startswith(" ") and part.endswith(" ") for part in text.get_text().split("\n")), text.get_text()
    gaps = _ink_gaps(fig, text, ax.transData.transform((0.9, 0.5))[0])
    assert min(gaps) > 2.0, gaps  # a space of 9 pt text: about 2.9 px at 100 dpi (main: 0-1 px for two lines)


def test_a_label_is_not_laid_across_a_histograms_bars():
    # apn-02 on matplotlib 3.8: the legend inside took the top, and the label went to mid-height across the bars
    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 1), ylim=(0, 1))
    bars = ax.bar([0.3, 0.4, 0.5, 0.6, 0.7], [0.5] * 5, width=0.1, bottom=0.5)  # the upper half taken
    line = ax.axvline(0.2)
    text = ax.text(0.2, 0.98, "", transform=ax.get_xaxis_transform(), fontsize=9)
    fig.canvas.draw()
    fit_marker_label(text, 0.2, ("a label wider than its room",), skip=(line,))
    box = text.get_window_extent(fig.canvas.get_renderer())
    assert not any(box.overlaps(bar.get_window_extent()) for bar in bars), text.get_horizontalalignment()


@pytest.mark.parametrize(("n_samples", "shown"), [(2000, "5e-4"), (3000, "4e-4"), (7000, "2e-4"), (20000, "5e-5")])
def test_the_sampled_ps_bound_is_never_printed_below_itself(n_samples, shown):
    # 3000 rankings printed "p <= 3e-4" for 1 / 3001 = 3.33e-4
    disp = sp.plot_ap_null(1000, 100, observed=0.9, n_samples=n_samples, random_state=0)
    bound = float(shown)
    assert disp.pvalue_sampled_ == pytest.approx(1 / (n_samples + 1))
    assert bound >= 1 / (n_samples + 1) and f"sampled p \u2264 {shown}" in disp.observed_text_.get_text()
    assert np.isclose(bound, float(f"{1 / (n_samples + 1):.0e}")) or bound > 1 / (n_samples + 1)
