"""Frames painted by blitting the moving artists equal a full draw of the same state, pixel for pixel."""

import io

import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets import (
    explorer,
    interactive_cost,
    interactive_fmeasure,
    interactive_integrated_pr,
    interactive_pr,
    interactive_temporal_pr,
)


def full_render(fig):
    """RGBA pixels of a complete draw of ``fig`` (savefig draws every artist, animated or not).

    One draw.  savefig draws a figure that has a layout engine twice: first without rendering, for the engine to
    lay the figure out, then the drawn pass.  A widget's figure keeps matplotlib's placeholder engine once its
    layout is frozen (``widgets._layout.freeze_layout``), whose ``execute`` does nothing: that first pass only
    cost the CPU of a draw (about 40 % of this function's), so the savefig here runs without the engine.  The
    pixels are the same: the one-pass and the two-pass render were equal at every call of this function in the
    frame, layout, redraw, fixed-axes, page-messages, log-range-slider and backends tests on matplotlib 3.11.2,
    and in the frame and layout tests on 3.8.0 (2026-12-01).  A figure whose engine lays out is saved as it is.
    """
    from matplotlib.layout_engine import PlaceHolderLayoutEngine

    engine = fig.get_layout_engine()
    placeholder = type(engine) is PlaceHolderLayoutEngine
    if placeholder:
        fig.set_layout_engine(None)  # (None, as matplotlib's default rcParams leave it: checked below)
    try:
        assert not placeholder or fig.get_layout_engine() is None
        buf = io.BytesIO()
        fig.savefig(buf, format="rgba", dpi=fig.dpi)
    finally:
        if placeholder:
            fig.set_layout_engine(engine)
    w, h = fig.canvas.get_width_height(physical=True)
    return np.frombuffer(buf.getvalue(), np.uint8).reshape(h, w, 4)


def frame(fig):
    return np.asarray(fig.canvas.buffer_rgba()).copy()


def assert_frame_is_full_draw(w):
    shown, ref = frame(w.figure), full_render(w.figure)
    differ = (shown != ref).any(axis=-1)
    assert not differ.any(), f"{differ.sum()} pixels differ from a full draw"


@pytest.fixture(scope="module")
def folds():
    return [sp.operating_points(*sp.datasets.make_scores(400, skew=0.2, random_state=i)) for i in range(4)]


CASES = {
    "pr": (lambda p: interactive_pr(p, skew=0.1, iso_f=[0.5, 0.8]), [("skew", 0.02), ("skew", 0.6)]),
    "pr_threshold": (lambda p: interactive_pr(p["strong"], skew=0.1, color_by_threshold=True), [("skew", 0.01)]),
    "integrated": (lambda p: interactive_integrated_pr(p, observed=[0.1, 0.2, 0.3]),
                   [("skew_range", (0.1, 0.3)), ("weighting", "uniform")]),
    "temporal": (lambda p: interactive_temporal_pr(p, skew_series=[0.1, 0.2, 0.05, 0.3, 0.2]), [("t_end", 2.5)]),
    "fmeasure": (lambda p: interactive_fmeasure(p, skew=0.2), [("f_alpha", 0.3), ("skew", 0.05)]),
    "cost": (lambda p: interactive_cost(p, skew=0.2), [("m", 0.3), ("skew", 0.05)]),
    "explorer": (lambda p: explorer(p, skew=0.2),
                 [("skew", 0.05), ("m", 0.2), ("f_alpha", 0.2), ("skew_range", (0.2, 0.4))]),
}


@pytest.mark.slow  # 2.8 s
def test_explorer_repaints_only_the_panels_a_control_moves(two_classifiers):
    w = explorer(two_classifiers, skew=0.2)
    # skew and skew_range may fall back to a whole frame when a text leaves its panel's part
    for name, value, panels in [("m", 0.3, 1), ("f_alpha", 0.3, 1), ("skew_range", (0.1, 0.3), None),
                                ("skew", 0.05, None), ("m", 0.7, None)]:
        w.controls[name].value = value
        assert w.frames.last == "blit"
        if panels is not None:
            assert w.frames.repainted is not None and panels <= w.frames.repainted < 6, (name, w.frames.repainted)
        assert_frame_is_full_draw(w)


@pytest.mark.slow_cases('temporal')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('pr', 'pr_threshold')  # loaded run 2026-11-29
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.slow_cases("cost", "explorer", "fmeasure", "integrated")  # 1.1 s, 2.1 s, 0.7 s, 1.0 s
def test_every_control_step_is_a_blit_equal_to_a_full_draw(two_classifiers, case):
    make, steps = CASES[case]
    w = make(two_classifiers)
    assert w.frames.last == "draw"  # the first frame lays down the static layer
    for name, value in steps:
        w.controls[name].value = value
        assert w.frames.last == "blit", name
        assert_frame_is_full_draw(w)
    assert w.frames.counts == {"draw": 1, "blit": len(steps)}


@pytest.mark.slow  # loaded run 2026-11-29
def test_folds_band_frame(folds):
    w = interactive_pr(folds={"folds": folds}, skew=0.1)
    w.controls["skew"].value = 0.01
    assert w.frames.last == "blit"
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # loaded run 2026-11-29
def test_pr_frame_leaves_the_axes_and_static_curves_alone(two_classifiers):
    w = interactive_pr(two_classifiers, skew=0.1, iso_f=[0.5])
    ax = w.displays["pr"].ax_
    plan = w.frames.plan()
    assert ax.xaxis not in plan and ax.yaxis not in plan  # tick labels are never repainted
    assert w.displays["pr"].lines_["iso_f=0.5"] not in plan  # zorder 0: below every moving artist
    assert w.displays["pr"].lines_["strong"] in plan and ax.get_legend() in plan


@pytest.mark.slow  # 0.6 s
def test_a_change_outside_the_plan_falls_back_to_a_full_draw(two_classifiers):
    w = interactive_pr(two_classifiers, skew=0.1)
    ax = w.displays["pr"].ax_
    ax.set_xlim(0, 0.5)  # the static layer is now out of date
    w.controls["skew"].value = 0.05
    assert w.frames.last == "draw"
    assert_frame_is_full_draw(w)
    w.controls["skew"].value = 0.2
    assert w.frames.last == "blit"
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # 1.8 s
def test_resized_figure_gets_a_full_draw(two_classifiers):
    w = interactive_cost(two_classifiers, skew=0.2)
    w.figure.set_size_inches(7, 5)
    w.controls["m"].value = 0.7
    assert w.frames.last == "draw"
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # 0.6 s
def test_a_full_draw_and_savefig_keep_the_moving_artists(two_classifiers):
    w = interactive_pr(two_classifiers, skew=0.1)
    w.controls["skew"].value = 0.03
    w.figure.canvas.draw()  # e.g. a resize in the browser: animated artists are painted after the draw
    assert_frame_is_full_draw(w)
    png = io.BytesIO()
    w.figure.savefig(png, format="png")
    w.controls["skew"].value = 0.3  # savefig does not disturb the static layer
    assert w.frames.last == "blit"
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # loaded run 2026-11-29
def test_inline_png_is_the_frame(two_classifiers):
    from PIL import Image

    w = interactive_pr(two_classifiers, skew=0.1)
    w.controls["skew"].value = 0.05
    shown = np.asarray(Image.open(io.BytesIO(w.render_png())).convert("RGBA"))
    np.testing.assert_array_equal(shown, full_render(w.figure))


@pytest.mark.slow  # loaded run 2026-11-29
def test_update_draw_false_does_not_ask_for_a_draw(two_classifiers, monkeypatch):
    from matplotlib.figure import Figure

    disp = sp.plot_pr(two_classifiers, skew=0.1, ax=Figure().subplots())
    calls = []
    monkeypatch.setattr(disp.figure_.canvas, "draw_idle", lambda *a, **k: calls.append(1))
    disp.update(skew=0.2, draw=False)
    assert calls == [] and disp.skew == 0.2
    disp.update(skew=0.3)
    assert calls == [1]


@pytest.mark.slow
def test_explorer_bursts_across_controls_keep_every_frame_a_full_draw(two_classifiers):
    """Cached lower layers (the artists under the first one a step moves) are reused and dropped correctly."""
    w = explorer(two_classifiers, skew=0.2)
    steps = [("skew", 0.05), ("skew", 0.08), ("f_alpha", 0.3), ("skew", 0.1), ("m", 0.2), ("skew", 0.12),
             ("skew_range", (0.1, 0.3)), ("skew", 0.15), ("f_alpha", 0.6), ("f_alpha", 0.7), ("skew", 0.3),
             ("m", 0.8), ("m", 0.6), ("skew_range", (0.05, 0.5)), ("skew", 0.02)]
    for name, value in steps:
        w.controls[name].value = value
        assert w.frames.last == "blit", name
        assert_frame_is_full_draw(w)
    assert w.frames._layers, "the skew steps reuse a cached lower layer"


@pytest.mark.slow  # 1.2 s
def test_a_skew_step_leaves_the_envelope_panels_ticks_and_thin_lines_alone(two_classifiers):
    w = explorer(two_classifiers, skew=0.2)
    w.controls["skew"].value = 0.1
    drawn = []
    original = w.frames.painter._draw  # every artist a frame paints (Figure.draw_artist, one renderer a frame)
    w.frames.painter._draw = lambda a: (drawn.append(a), original(a))
    w.controls["skew"].value = 0.05  # the lower layer of this kind of step is cached by now
    for name in ("cost", "fmeasure"):
        disp = w.displays[name]
        assert disp.skew_line_ in drawn and disp.skew_text_ in drawn and disp.lines_["strong"] in drawn
        assert disp.ax_.xaxis not in drawn and disp.ax_.yaxis not in drawn
        assert not set(map(id, disp.point_lines_.values())) & set(map(id, drawn))
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # 3.1 s
def test_a_title_grown_wider_than_its_panel_is_repainted_and_cleaned_without_whole_frames(two_classifiers,
                                                                                         monkeypatch):
    # fit_title shortens a title too wide for its panel; kept long here, it is the text that leaves its part
    from skewplot.plotting import _axes

    monkeypatch.setattr(_axes, "fit_title", lambda ax, text: ax.get_title() == text or ax.set_title(text))
    w = explorer(two_classifiers, skew=0.2)
    integrated = id(w.displays["integrated"].ax_)
    steps = [("skew_range", (0.0123, 0.4567)), ("skew", 0.05), ("m", 0.3), ("skew_range", (0.0123, 0.4568)),
             ("skew", 0.07), ("skew_range", (0.0, 0.5)), ("skew", 0.09)]
    spilled = []
    for name, value in steps:
        w.controls[name].value = value
        assert w.frames.last == "blit" and w.frames.repainted is not None, name
        spilled.append(bool(w.frames._spill.get(integrated)))
        assert_frame_is_full_draw(w)
    assert spilled[0] and not spilled[-1], spilled  # the long title left its part; the short one did not


def _drawn_during(w, name, value):
    drawn = []
    original = w.frames.painter._draw  # every artist a frame paints (Figure.draw_artist, one renderer a frame)
    w.frames.painter._draw = lambda a: (drawn.append(a), original(a))
    try:
        w.controls[name].value = value
    finally:
        w.frames.painter._draw = original
    return drawn


@pytest.mark.slow  # 2.6 s
def test_neighbours_keep_their_cached_layer_unless_a_moving_text_meets_it(two_classifiers):
    """Parts that touch share a cached lower layer; a label painted over a neighbour's ticks repaints it in order."""
    w = explorer(two_classifiers, skew=0.2)
    cost, fm = w.displays["cost"], w.displays["fmeasure"]
    w.controls["m"].value = 0.3
    drawn = _drawn_during(w, "m", 0.4)  # the cost axis is relabelled; the F panel keeps its layer
    assert cost.axis_labels_["x"] in drawn and fm.axis_labels_["y"] not in drawn
    assert not {cost.ax_.xaxis, cost.ax_.yaxis, fm.ax_.xaxis, fm.ax_.yaxis} & set(drawn), "the label alone, no axis"
    assert_frame_is_full_draw(w)
    # a short cost label moved onto the F panel's tick labels, left of its Axes: those are static (in the static
    # layer, under all a frame paints), while a full draw paints them after the cost panel: a full draw it is
    from matplotlib.transforms import Affine2D

    cost._xlabel = lambda short=False: f"m={cost.m:g}"
    cost.ax_.xaxis.set_label_coords(0.5, 0.5)  # set_xlabel keeps the transform: 125 px to the right of mid-panel
    cost.ax_.xaxis.label.set_transform(cost.ax_.transAxes + Affine2D().translate(125, 0))
    cost.update(m=0.45, draw=False)
    w.figure.canvas.draw()  # measured there: the label lies inside the cost panel's part
    assert_frame_is_full_draw(w)
    label = cost.ax_.xaxis.label.get_window_extent()
    assert w.frames._feet().meet([cost.ax_.xaxis.label], [fm.ax_.yaxis]) and label.x1 < fm.ax_.bbox.x0
    for value in (0.5, 0.55):
        w.controls["m"].value = value
        assert w.frames.last == "draw"
        assert_frame_is_full_draw(w)
    cost.ax_.xaxis.label.set_transform(cost.ax_.transAxes)  # back inside its own panel: blits again
    cost.update(m=0.45, draw=False)
    w.figure.canvas.draw()
    w.controls["m"].value = 0.5
    assert w.frames.last == "blit"
    assert_frame_is_full_draw(w)


@pytest.mark.slow
def test_a_label_grown_out_of_its_part_keeps_the_panels_lower_layer(two_classifiers):
    """A text outside its panel's part (measured at the last full draw) comes back from the cached lower layer.

    The F weight's label grew 2 px out of its part on 2 x 1e6 rows at α = 0.157; every later frame repainted
    every panel it repainted from its first artist, the hundred thin lines included (the threshold step:
    16 -> 45 ms).
    """
    w = explorer(two_classifiers, skew=0.2)
    fm = w.displays["fmeasure"]
    # no space to break it at (non-breaking ones): one line, taller than its panel, as a label just too long was
    fm._ylabel = lambda: (f"F-measure\u00a0$F_{{\\alpha}}$\u00a0($\\alpha$={fm.f_alpha:g}),"
                          "\u00a0a\u00a0longer\u00a0label")
    w.controls["f_alpha"].value = 0.3
    assert w.frames.last == "blit" and w.frames._spill.get(id(fm.ax_)), "the label leaves the part"
    assert_frame_is_full_draw(w)
    slider = w.controls["threshold"].slider_
    for name, value in [("threshold", slider.max // 3), ("threshold", slider.max // 2), ("skew", 0.1),
                        ("skew", 0.05)]:
        control = slider if name == "threshold" else w.controls[name]
        drawn = []
        original = w.frames.painter._draw  # every artist a frame paints (Figure.draw_artist, one renderer a frame)
        w.frames.painter._draw = lambda a: (drawn.append(a), original(a))
        try:
            control.value = value
        finally:
            w.frames.painter._draw = original
        assert w.frames.last == "blit", name
        assert_frame_is_full_draw(w)
        if value in (slider.max // 2, 0.05):  # the second step of a kind: its lower layer is cached
            assert not {id(fm.axis_labels_["y"]), *map(id, fm.point_lines_.values())} & set(map(id, drawn)), name


@pytest.mark.slow  # 1.2 s
def test_a_legend_whose_columns_keep_their_width_is_painted_without_a_new_layout(two_classifiers):
    """The AUCs in the legend change on every step: while its packing's inputs stay (each column's widest text,
    the texts' heights) its frame, handles and texts are painted where they were, else it is laid out again;
    either way the frame is a full draw's.  (matplotlib >= 3.10 measures texts in whole pixels, so most steps
    keep the widths; 3.8 in fractions, so most steps change them.)"""
    w = interactive_pr(two_classifiers, skew=0.1)
    painter = w.frames.painter
    legend = w.displays["pr"].ax_.get_legend()
    kept = 0
    for skew in (0.11, 0.12, 0.13, 0.14, 0.3, 0.003):
        before, key, texts = painter.relaid, painter._key(legend), [t.get_text() for t in legend.get_texts()]
        w.controls["skew"].value = skew
        assert [t.get_text() for t in legend.get_texts()] != texts
        same = painter._key(legend) == key
        assert w.frames.last == "blit" and painter.relaid == before + (not same), skew
        assert_frame_is_full_draw(w)
        kept += same
    assert kept < 6  # "random (0.003)" is wider than "random (0.3)": the legend was laid out again


@pytest.mark.slow  # builds the six-panel one-vs-rest explorer
def test_texts_a_step_leaves_keep_their_pixels_and_a_changed_one_is_painted_again():
    """A prior step moves every class's curves but not the cost and F axis labels (outside the Axes, where the
    curves are clipped): the frame restores neither label nor paints it, and equals a full draw after every step.
    A label rewritten without the step naming it is stale, so it is painted again: the frame still equals a full
    draw (it would not if the painter kept every text it was not told about)."""
    rng = np.random.default_rng(1)
    y = rng.integers(0, 3, 240)
    w = explorer(sp.one_vs_rest(y, rng.random((240, 3)) + 0.6 * np.eye(3)[y]), skew={0: 0.6, 1: 0.3, 2: 0.1})
    labels = [*w.displays["cost"].axis_labels_.values(), *w.displays["fmeasure"].axis_labels_.values()]
    for name, value in [("skew", 0.3), ("m", 0.3), ("skew", 0.05), ("class", 2), ("skew", 0.5)]:
        drawn = _drawn_during(w, name, value)
        assert w.frames.last == "blit", name
        assert_frame_is_full_draw(w)
        if name == "skew":
            assert w.frames.kept.count >= 2 and not {id(a) for a in labels} & {id(a) for a in drawn}, (name, value)
    cost = w.displays["cost"]
    cost.axis_labels_["x"].set_text("a label no step names")  # what the m control rewrites
    assert w.frames.redraw(list(cost.point_lines_.values())) == "blit"
    assert_frame_is_full_draw(w)


def test_a_spine_or_text_keeps_its_measured_box_only_while_unchanged():
    """Footprints reuse a spine's or a text's box from an earlier frame (``_keep.Lasting``) while nothing set it
    since it was painted; a text rewritten or a spine moved is measured again (it would keep a stale box, and a
    frame would restore too little around a longer label, if the reuse ignored its changes)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from skewplot.widgets._keep import Lasting
    from skewplot.widgets._parts import Footprints

    fig = Figure(figsize=(3, 2), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    title, spine = ax.set_title("a"), ax.spines["left"]
    fig.canvas.draw()
    lasting = Lasting()

    def boxes(artist, kept=lasting):
        return Footprints(fig, {}, {}, lasting=kept).of(artist)

    first, edge = boxes(title), boxes(spine)
    assert boxes(title) is first and boxes(spine) is edge  # unchanged since painted: not measured again
    title.set_text("a much longer title")
    spine.set_position(("outward", 10))
    assert boxes(title) == boxes(title, None) and boxes(title)[0][2] > first[0][2]
    assert boxes(spine) == boxes(spine, None) != edge
    fig.draw_artist(title)
    fig.draw_artist(spine)
    now = boxes(title)
    assert boxes(title) is now and boxes(spine) is boxes(spine)  # painted since: reused again
    lasting.forget()  # after a full draw every box is measured anew
    assert boxes(title) is not now and boxes(title) == now
