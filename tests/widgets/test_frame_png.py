"""ipympl frames: whole, quick to encode, and exactly the canvas' pixels (issue 29: ipympl no slower than inline)."""

import io

import numpy as np
import pytest
from PIL import Image

from skewplot.widgets import explorer, interactive_pr
from skewplot.widgets._parts import frame_png

from .test_redraw import ipympl_backend  # noqa: F401 - a fixture


@pytest.mark.parametrize("make, name, value", [
    (lambda p: interactive_pr(p, skew=0.1), "skew", 0.02),
    pytest.param(lambda p: explorer(p, skew=0.1, threshold_control=False), "m", 0.3, marks=pytest.mark.slow),  # 1.8 s
])
@pytest.mark.slow_cases('<lambda>-skew-0.02')  # loaded run 2026-11-29
def test_each_step_sends_the_canvas_whole(ipympl_backend, two_classifiers, monkeypatch, make, name,  # noqa: F811
                                          value):
    w = make(two_classifiers)
    canvas = w.figure.canvas
    sent = []
    monkeypatch.setattr(canvas, "send_binary", sent.append)
    monkeypatch.setattr(canvas, "draw_idle", canvas.draw)  # the browser answers a draw request at once
    canvas.draw()
    w.controls[name].value = value
    assert w.frames.last == "blit" and sent, "a step sends one frame"
    assert canvas.get_diff_image.func is frame_png
    png = Image.open(io.BytesIO(sent[-1]))
    assert png.mode == "RGB"  # an opaque figure: no alpha channel to send
    shown = np.asarray(png)
    np.testing.assert_array_equal(shown, np.asarray(canvas.get_renderer().buffer_rgba())[..., :3])
    assert canvas.get_diff_image() is None  # nothing painted since: nothing to send


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_transparent_figure_keeps_its_alpha(ipympl_backend, two_classifiers, monkeypatch):  # noqa: F811
    w = interactive_pr(two_classifiers, skew=0.1)
    canvas = w.figure.canvas
    w.figure.patch.set_alpha(0.0)
    canvas.draw()
    canvas._png_is_old = True
    png = Image.open(io.BytesIO(frame_png(canvas)))
    assert png.mode == "RGBA"
    np.testing.assert_array_equal(np.asarray(png), np.asarray(canvas.get_renderer().buffer_rgba()))


@pytest.mark.parametrize("alpha", [255, None])
def test_encode_png_decodes_to_the_same_pixels(alpha):
    """The frame's PNG (our own writer, every row Up-filtered) decodes to the pixels it was given, by PIL."""
    from skewplot.widgets._parts import encode_png

    rgba = np.random.default_rng(1).integers(0, 256, size=(37, 53, 4), dtype=np.uint8)
    if alpha is not None:
        rgba[..., 3] = alpha
    png = Image.open(io.BytesIO(encode_png(rgba)))
    assert png.mode == ("RGB" if alpha == 255 else "RGBA")
    np.testing.assert_array_equal(np.asarray(png), rgba[..., :3] if alpha == 255 else rgba)
