"""A widget saved with ``save_html``, opened from disk in headless Chromium without network.

Every step of every control is taken in the page with the keyboard (the
same steps as the live slider) and one stretch with a mouse drag; after
each, the canvas' pixels and the table's text are checked against the
frame and the table the live widget paints for the same state (the
widget is stepped to that state in this process).  Skipped when Chromium
or Playwright is missing, unless ``SKEWPLOT_REQUIRE_BROWSER=1``.
"""

import base64
import html
import io
import re

import numpy as np
import pytest
from PIL import Image

import skewplot as sp
from skewplot.widgets import interactive_pr, interactive_temporal_pr
from skewplot.widgets.page.export import control_grid

pytestmark = pytest.mark.slow


# The page's canvas as a PNG: exact, the frames being opaque (no premultiplied alpha to round).
_PIXELS = "() => document.getElementById('skewplot-canvas').toDataURL('image/png')"
_TABLE = "() => document.getElementById('skewplot-table').innerText"


def _text(fragment):
    """The text a browser shows for a table's HTML: tags dropped, cells apart."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _open(chromium, path):
    context = chromium.new_context(offline=True, device_scale_factor=1)
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.goto(path.as_uri())
    page.wait_for_function("window.skewplotPage && window.skewplotPage.ready", timeout=60_000)
    return context, page, requests


def _check(page, widget, value, name):
    """The page's canvas and table against the live widget's frame and table at ``value``."""
    widget.controls[name].value = value
    kernel = np.asarray(widget.figure.canvas.buffer_rgba())
    png = base64.b64decode(page.evaluate(_PIXELS).split(",", 1)[1])
    shown = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))
    assert shown.shape == kernel.shape
    bad = np.argwhere(np.any(shown != kernel, axis=2))
    assert bad.size == 0, f"{name}={value!r}: {len(bad)} pixels differ from the kernel's frame, first at {bad[0]}"
    assert _text(page.evaluate(_TABLE)) == _text(widget.readout.value)


@pytest.mark.parametrize("make", [
    lambda d: interactive_pr(d, skew=0.1, slider_bounds=(1e-3, 0.9)),
    lambda d: interactive_temporal_pr(d, skew_series=[0.1, 0.2, 0.05, 0.3, 0.2]),
], ids=["pr", "temporal"])
def test_every_step_of_the_saved_page_matches_the_kernel(chromium, make, tmp_path):
    data = sp.datasets.example_classifiers(n=1500, skew=0.2, random_state=3)
    widget = make(data)
    (name,) = widget.controls
    values, labels = control_grid(widget.controls[name])
    path = tmp_path / "page.html"
    info = widget.save_html(path)
    assert info["states"] == len(values)
    context, page, requests = _open(chromium, path)
    try:
        slider = page.locator(f"input[data-control='{name}']")
        start = int(slider.input_value())
        assert values[start] == pytest.approx(widget.controls[name].value, rel=1e-12)
        slider.focus()
        page.keyboard.press("Home")
        for k in range(len(values)):
            if k:
                page.keyboard.press("ArrowRight")
            assert int(slider.input_value()) == k
            assert page.locator("#skewplot-controls output").inner_text() == labels[k]
            _check(page, widget, values[k], name)
        page.keyboard.press("ArrowRight")  # past the end: stays there, as the live slider does
        assert int(slider.input_value()) == len(values) - 1
        # a mouse drag across the slider lands on a grid point whose frame is the kernel's
        box = slider.bounding_box()
        page.mouse.move(box["x"] + 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] * 0.37, box["y"] + box["height"] / 2, steps=8)
        page.mouse.up()
        k = int(slider.input_value())
        assert 0 < k < len(values) - 1
        _check(page, widget, values[k], name)
        assert [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()


def test_buttons_of_the_live_widget_work_in_the_page(chromium, tmp_path):
    data = sp.datasets.example_classifiers(n=1500, skew=0.2, random_state=3)
    own = sp.widgets.interactive_pr(data)._button_skews["reset"]  # the data set's skew, where the slider starts
    widget = interactive_pr(data, estimated_skew=own * 10 ** -0.5)  # 25 steps below: on the slider's grid
    values, _ = control_grid(widget.controls["skew"])
    widget.save_html(tmp_path / "page.html")
    context, page, _ = _open(chromium, tmp_path / "page.html")
    try:
        slider = page.locator("input[data-control='skew']")
        buttons = page.locator("#skewplot-controls button")
        assert buttons.count() == 2
        for i, target in ((0, own), (1, own * 10 ** -0.5)):
            slider.press("End")
            buttons.nth(i).click()
            k = int(slider.input_value())
            assert values[k] == pytest.approx(target, rel=1e-9)
            _check(page, widget, values[k], "skew")
    finally:
        context.close()
