"""The explorer says what every mark is (review18's resized explorer): a legend entry for each, none off its value.

The threshold's marks and its cost and F lines, the dots at π′ and the
AUCPR-against-skew panel's band each have an entry in the shared legend; a
threshold whose precision is 0 (no true positive, a false one) is an off-scale mark drawn
whole inside a log precision panel, pointing down at its foot; a threshold's
F of 0 is drawn whole over the spine it lies on.
"""

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

import skewplot as sp
from skewplot.plotting.layout._markers import base_look
from skewplot.widgets import explorer

pytestmark = pytest.mark.slow  # an explorer of 20 000 rows: over 0.5 s of CPU


@pytest.fixture(scope="module")
def w():
    # the browser suite's explorer: at π′ = 0.005 the least cost of "weak" predicts nothing (precision 0/0)
    w = explorer(sp.datasets.example_classifiers(n=20000, skew=0.01, random_state=4), skew=0.005)
    w.figure.canvas.draw()
    return w


def _entries(w):
    """label -> handle of the shared legend (a tuple handle's parts each an entry's handle), as drawn."""
    handles, labels = w._legend_entries
    assert [t.get_text() for t in w.legend_.get_texts()] == labels
    out = {}
    for handle, label in zip(handles, labels, strict=True):
        for k, part in enumerate(handle if isinstance(handle, tuple) else (handle,)):
            out[label if k == 0 else f"{label} ({k})"] = part
    return out


def _marks(w, display):
    return next(m for m in w.threshold_control.markers if m.display is w.displays[display]).points_


def test_every_mark_of_the_panels_has_a_legend_entry(w):
    entries = _entries(w)
    looks = {(h.get_marker(), h.get_markerfacecolor() in ("none", "None")) for h in entries.values()
             if isinstance(h, Line2D) and h.get_linestyle() in ("None", "none", "")}
    for display in ("pr", "integrated", "roc"):
        for line in _marks(w, display).values():
            if line.get_visible() and len(line.get_xdata()):
                own = base_look(line)["marker"]  # its own shape, when shared out in wedges with another
                assert (own, True) in looks, (display, own, sorted(entries))
    assert "P = 0, below axis" in entries
    assert entries["threshold"].get_marker() == "D"  # the mark, and beside it its cost and F lines' dashes
    dashes = entries["threshold (1)"]
    for panel in ("cost", "fmeasure"):
        for line in _marks(w, panel).values():
            assert line.get_linestyle() == dashes.get_linestyle() == "--" and dashes.get_marker() in ("None", "")
    for panel in ("cost", "fmeasure"):  # each classifier's dot at π′
        for dot in w.displays[panel].markers_.values():
            assert (base_look(dot)["marker"], False) in looks and "curve at π′" in entries
    band = w.range_span_  # the AUCPR-against-skew panel's shaded range
    assert any(isinstance(h, Patch) and np.allclose(to_rgba(h.get_facecolor()), to_rgba(band.get_facecolor()))
               for h in entries.values()), sorted(entries)
    assert "π′ range of $\\bar{P}$" in entries
    # the faint line of each threshold in cost and F space (review21): the static plots' entry and swatch
    thin = [w.displays[panel].point_lines_ for panel in ("cost", "fmeasure")]
    assert any(thin) and "each threshold" in entries
    assert to_rgba(entries["each threshold"].get_color()[0]) == to_rgba("0.7")


def test_a_precision_of_0_is_drawn_whole_above_a_log_axis_foot(w):
    # weak's least cost flags nothing: precision 0/0, no PR mark (the table's dash); its top case alone, a negative's,
    # has precision 0, drawn off scale (before: the triangle for the threshold that flags nothing)
    assert all(len(_marks(w, display)["weak"].get_xdata()) == 0 for display in ("pr", "integrated"))
    points = w.threshold_control.points["weak"]
    w.controls["threshold_of"].value = "weak"
    w.controls["threshold"].value = float(points.thresholds[1])  # the top score: TP 0, FP 1
    w.figure.canvas.draw()
    renderer = w.figure.canvas.get_renderer()
    for display in ("pr", "integrated"):
        ax = w.displays[display].ax_
        weak = _marks(w, display)["weak"]
        report = w.threshold_readouts_["weak"]
        assert ax.get_yscale() == "log" and report["precision"] == 0 and report["tp"] == 0 < report["fp"]
        assert weak.get_ydata()[0] == 0 and weak.get_marker() == "v"
        # the glyph as drawn, edge included: whole inside the Axes, its tip on the bottom spine
        box = weak.get_window_extent(renderer)
        edge = weak.get_markeredgewidth() / 2 * w.figure.dpi / 72
        assert box.y0 >= ax.bbox.y0 - edge - 0.5, (display, box, ax.bbox)
        assert box.y0 <= ax.bbox.y0 + 1.0, (display, box, ax.bbox)
        assert box.y1 <= ax.bbox.y0 + 2 * (weak.get_markersize() + weak.get_markeredgewidth()) * w.figure.dpi / 72
        strong = _marks(w, display)["strong"]  # a mark at its value keeps the data transform
        assert strong.get_transform() == ax.transData and strong.get_marker() == "D"


def test_a_threshold_line_on_a_spine_is_drawn_whole(w):
    line = _marks(w, "fmeasure")["weak"]
    assert np.all(line.get_ydata() == 0)  # no true positive: F = 0 at every skew, on the x spine
    ax = line.axes
    half = line.get_linewidth() / 2 * w.figure.dpi / 72
    clip = line.get_clip_box()
    assert clip.y0 <= ax.bbox.y0 - half + 1e-9 and clip.y1 >= ax.bbox.y1 + half - 1e-9, (clip, ax.bbox)
    assert clip.x0 >= ax.bbox.x0 - half - 1e-9  # only half its width past the Axes


def test_the_keys_fit_and_the_lint_is_clean(w):
    from skewplot.testing import lint_figure

    w.figure.set_size_inches(6.96, 6.75)  # the browser suite's corner resize
    w.figure.canvas.draw()
    assert w.legend_.get_window_extent().width <= w.figure.bbox.width
    assert lint_figure(w.figure) == []
