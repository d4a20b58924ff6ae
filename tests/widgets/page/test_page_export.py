"""``save_html`` without a browser: the file's frames and tables against the live widget's, state by state.

The page composes each state's frame as the starting frame with that
state's sprite drawn over it; here the same composition is done with numpy
from the PNGs in the file and compared pixel for pixel with the frame the
widget paints for that state.  The browser suite (``test_browser_html.py``)
checks that Chromium shows the same.
"""

import base64
import io
import json
import re

import numpy as np
import pytest
from PIL import Image

import skewplot as sp
from skewplot.widgets import interactive_pr, skew_slider
from skewplot.widgets.page.export import control_grid


def read_page(path):
    text = path.read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="skewplot-data">(.*?)</script>', text, re.S).group(1).replace("<\\/", "</"))
    images = [np.asarray(Image.open(io.BytesIO(base64.b64decode(m))).convert("RGBA"))
              for m in re.findall(r'"data:image/png;base64,([^"]+)"', text)]
    return data, images


def composed(data, images, state):
    frame = images[0].copy()
    sprite = data["sprites"][state]
    if sprite is not None:
        x, y, k = sprite
        h, w = images[k].shape[:2]
        frame[y:y + h, x:x + w] = images[k]
    return frame


@pytest.fixture(scope="module")
def data_set():
    return sp.datasets.example_classifiers(n=1500, skew=0.2, random_state=3)


@pytest.mark.slow  # 2.0 s
def test_every_state_of_the_file_is_the_kernels_frame_and_table(data_set, tmp_path):
    w = interactive_pr(data_set, skew=0.1, slider_bounds=(0.07, 0.16))
    values, labels = control_grid(w.controls["skew"])
    info = w.save_html(tmp_path / "pr.html")
    assert w.controls["skew"].value == 0.1  # left as it was
    data, images = read_page(tmp_path / "pr.html")
    assert info["states"] == len(values) == data["sizes"][0] and data["controls"][0]["labels"] == labels
    assert values[data["controls"][0]["start"]] == pytest.approx(0.1, rel=1e-12)
    for k, value in enumerate(values):
        w.controls["skew"].value = value
        kernel = np.asarray(w.figure.canvas.buffer_rgba())
        np.testing.assert_array_equal(composed(data, images, k), kernel, err_msg=f"skew={value}")
        assert data["tables"][data["table_of"][k]] == w.readout.value


def test_the_grid_is_the_sliders():
    # 10 ** (min + k * step) up to the slider's end, the end itself last
    values, labels = control_grid(skew_slider(0.1, lo=0.01, hi=0.5, steps_per_decade=2))
    np.testing.assert_allclose(values, [0.01, 10 ** -1.5, 0.1, 10 ** -0.5, 0.5], rtol=1e-12)
    assert labels == ["0.01", "0.0316", "0.1", "0.316", "0.5"]  # the readout's 3 digits, as skew_text


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_widget_with_too_many_states_is_refused_naming_them(data_set, tmp_path):
    w = interactive_pr(data_set, skew=0.1)
    with pytest.raises(ValueError, match=r"reach \d+ states \(skew \(\d+\)\), more than max_frames=10;"):
        w.save_html(tmp_path / "pr.html", max_frames=10)
    assert not (tmp_path / "pr.html").exists()


@pytest.mark.slow  # 1.3 s
def test_interactive_pr_with_a_threshold_control_saves_a_drawn_page(data_set, tmp_path):
    # a frame per threshold rank would be thousands of frames: the page draws the curves and the control itself
    # (tests/widgets/page/test_browser_page_threshold.py walks it against the kernel)
    info = interactive_pr(data_set, skew=0.1, threshold_control=True).save_html(tmp_path / "pr.html")
    assert info["drawn"] and info["states"] == 201
    text = (tmp_path / "pr.html").read_text(encoding="utf-8")
    assert '"threshold": {' in text


@pytest.mark.parametrize("kwargs, error, match", [
    ({"max_frames": 0}, ValueError, "max_frames must be a positive integer"),
    ({"max_frames": 2.5}, ValueError, "max_frames must be a positive integer"),
])
def test_bad_options_name_the_argument(data_set, tmp_path, kwargs, error, match):
    w = interactive_pr(data_set, skew=0.1, slider_bounds=(0.05, 0.2))
    with pytest.raises(error, match=match):
        w.save_html(tmp_path / "x.html", **kwargs)
    with pytest.raises(TypeError, match="path must be a str or os.PathLike"):
        w.save_html(3)


_UNDER_IPYMPL = """
import sys, matplotlib
matplotlib.use("module://ipympl.backend_nbagg")
import skewplot as sp
w = sp.widgets.interactive_pr(sp.datasets.example_classifiers(n=1500, skew=0.2, random_state=3),
                              slider_bounds=(0.07, 0.16))
assert w.backend == "ipympl", w.backend
from matplotlib.backends.backend_agg import FigureCanvasAgg
full = []
draw = FigureCanvasAgg.draw
FigureCanvasAgg.draw = lambda canvas, *a, **k: (full.append(1), draw(canvas, *a, **k))[1]
info = w.save_html(sys.argv[1])
print("STATES", info["states"], "FULL", len(full), "BLITS", w.frames.counts["blit"])
"""


@pytest.mark.slow  # a second interpreter with ipympl
def test_under_ipympl_the_page_is_the_inline_pages_byte_for_byte(data_set, tmp_path):
    # ipympl paints its first frame when the browser asks (never, without one): save_html paints it itself
    import importlib.util
    import subprocess
    import sys

    if importlib.util.find_spec("ipympl") is None:  # not importorskip: importing ipympl switches this process' backend
        pytest.skip("ipympl is not installed")
    run = subprocess.run([sys.executable, "-c", _UNDER_IPYMPL, str(tmp_path / "ipympl.html")], check=True,
                         timeout=300, capture_output=True, text=True)
    interactive_pr(data_set, slider_bounds=(0.07, 0.16)).save_html(tmp_path / "inline.html")
    assert (tmp_path / "ipympl.html").read_bytes() == (tmp_path / "inline.html").read_bytes()
    # A state its step blitted is on the canvas already: a full draw only for the others (the first frame, the
    # browser's draw never answered); one a state cost ipympl's save_html 2.8x the inline backend's CPU.
    _, states, _, full, _, blits = run.stdout.split()
    assert int(states) > 10 and int(full) <= 2 and int(blits) >= int(states) - 2, run.stdout


@pytest.mark.slow  # 1.5 s
def test_controls_it_cannot_step_are_named(tmp_path):
    import ipywidgets

    from skewplot.widgets import interactive_integrated_pr

    w = interactive_integrated_pr(sp.datasets.example_classifiers(n=1500, random_state=3), observed=[0.1, 0.2, 0.15])
    assert w.save_html(tmp_path / "w.html")["drawn"]  # the weighting is drawn in the page (browser suite)
    w.controls["extra"] = ipywidgets.Checkbox()  # a control the page has no way to step
    with pytest.raises(ValueError, match="save_html cannot draw the control 'extra' \\(Checkbox\\)"):
        w.save_html(tmp_path / "x.html")
    assert not (tmp_path / "x.html").exists()
