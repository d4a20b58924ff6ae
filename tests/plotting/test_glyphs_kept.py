"""Within ``_compat.glyphs_kept`` texts are drawn from kept layouts and glyph bitmaps, pixel for pixel as
matplotlib draws them (issue 44: on matplotlib 3.11 the texts were 42 % of a full draw of the explorer)."""

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import RendererAgg

import skewplot as sp
from skewplot.plotting._compat import glyphs_kept
from skewplot.plotting._compat import text as compat_text

KEEPS = hasattr(RendererAgg, "_draw_text_glyphs_and_boxes")  # matplotlib 3.11 renders a text glyph by glyph


def _points():
    rng = np.random.default_rng(3)
    y = rng.random(4000) < 0.05
    return {name: sp.operating_points(y, rng.normal(size=y.size) + k * y)
            for name, k in (("logistic", 1.0), ("gradient-boosted trees, 500 rounds", 1.6))}


def _rotated_and_odd(plt):
    fig, ax = plt.subplots(figsize=(3.3, 2.7), dpi=113)  # positions at every fraction of a pixel
    ax.plot([0, 1], [0.001, 1])
    ax.set_yscale("log")
    ax.set_title(r"tilted $\pi' \geq 10^{-4}$ title ≥ ∑", rotation=13)
    ax.set_xlabel("recall (TPR) — ünïcode", fontsize=7.3)
    ax.tick_params(axis="x", labelrotation=37)
    for k, x in enumerate(np.linspace(0.05, 0.9, 9)):
        ax.text(x, 0.01 * (1 + k), f"0.{k:03d}", rotation=90 * (k % 3 == 0) + 5 * k, fontsize=6 + k / 3,
                antialiased=k % 2 == 0, transform=ax.transAxes)
    return fig


FIGURES = {
    "pr": lambda plt: sp.plot_pr(_points(), skew=0.01, threshold=1.0).figure_,
    "cost": lambda plt: sp.plot_cost(_points(), skew=0.01).figure_,
    "rotated, mathtext, aliased": _rotated_and_odd,
}


@pytest.mark.parametrize("make", FIGURES.values(), ids=FIGURES.keys())
def test_a_figure_drawn_with_kept_glyphs_has_the_pixels_of_a_plain_draw(make, monkeypatch):
    import matplotlib.pyplot as plt

    for kind in ("layouts", "glyphs"):  # a cold cache first
        monkeypatch.setitem(compat_text._glyph_cache, kind, type(compat_text._glyph_cache[kind])())
    fig = make(plt)
    fig.canvas.draw()
    plain = np.asarray(fig.canvas.buffer_rgba()).copy()
    renderer = fig.canvas.get_renderer()
    drawn = []
    for _ in range(2):  # the glyphs rendered, then the same glyphs taken from the cache
        with glyphs_kept(fig):
            assert ("draw_text" in vars(renderer)) == KEEPS
            fig.canvas.draw()
        assert "draw_text" not in vars(renderer)  # the renderer is left as it was
        drawn.append(np.asarray(fig.canvas.buffer_rgba()).copy())
    kept = len(compat_text._glyph_cache["glyphs"])
    assert (kept > 20) == KEEPS
    for pixels in drawn:
        assert np.array_equal(pixels, plain), np.argwhere((pixels != plain).any(axis=-1))[:5]
    with glyphs_kept(fig):
        fig.canvas.draw()
    assert len(compat_text._glyph_cache["glyphs"]) == kept  # nothing new to render
    plt.close(fig)


@pytest.mark.skipif(not KEEPS, reason="matplotlib before 3.11 renders a string in one bitmap: nothing kept")
def test_the_kept_glyphs_and_layouts_stay_within_their_bounds(monkeypatch):
    import matplotlib.pyplot as plt

    monkeypatch.setattr(compat_text, "_GLYPHS", 7)
    monkeypatch.setattr(compat_text, "_GLYPH_LAYOUTS", 3)
    for kind in ("layouts", "glyphs"):
        monkeypatch.setitem(compat_text._glyph_cache, kind, type(compat_text._glyph_cache[kind])())
    fig = _rotated_and_odd(plt)
    fig.canvas.draw()
    plain = np.asarray(fig.canvas.buffer_rgba()).copy()
    with glyphs_kept(fig):
        fig.canvas.draw()
    assert len(compat_text._glyph_cache["glyphs"]) == 7 and len(compat_text._glyph_cache["layouts"]) == 3
    assert np.array_equal(np.asarray(fig.canvas.buffer_rgba()), plain)
    plt.close(fig)


def test_other_canvases_are_left_alone():
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    fig = Figure()
    FigureCanvasSVG(fig)
    fig.text(0.5, 0.5, "svg")
    with glyphs_kept(fig):  # no get_renderer: nothing to keep
        pass
    assert matplotlib.get_backend()  # still importable and usable
