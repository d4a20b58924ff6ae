"""End to end: JupyterLab in headless Chromium, driven by Playwright.

Opens a copy of an example notebook (its outputs left out) in the session's
JupyterLab server (``lab`` in ``conftest.py``), runs every cell, moves the skew
slider with the keyboard and checks that the ipympl canvas' pixels and the
AUC readout changed.  Screenshots go to ``$SKEWPLOT_ARTIFACTS`` (default
``./artifacts/``).  Skipped when Chromium, JupyterLab, ipympl or Playwright
is missing, unless ``SKEWPLOT_REQUIRE_BROWSER=1`` (then it fails).
"""

import time

from ._browser import NOTEBOOK, Session, changed_pixels, frame_mismatch, opened, stable_screenshot


def _until_frame(locator, page, frame, timeout=60.0):
    """A stable screenshot, polled until it shows ``frame`` (the last frame may still be on its way)."""
    deadline = time.monotonic() + timeout
    while True:
        # The mouse off the figure: running a cell clicked it there, and a screenshot scrolls the
        # canvas into view, under the mouse, where ipympl's toolbar fades in over the figure.
        page.mouse.move(1, 1)
        shot = stable_screenshot(locator, page, timeout=20.0)
        if frame_mismatch(shot, frame) == 0 or time.monotonic() > deadline:
            return shot
        page.wait_for_timeout(250)  # polling the condition


def test_skew_slider_moves_the_figure_in_jupyterlab(lab, artifacts):
    from playwright.sync_api import expect

    viewport = {"width": 1400, "height": 1000}
    with opened(lab, NOTEBOOK.name, artifacts, "example", viewport) as page:
        # the last cell asserts the widget's numbers and prints the AUCs
        expect(page.locator(".jp-Cell").last.locator(".jp-OutputArea-output")).to_contain_text("'strong'")
        expect(page.locator(".jp-Cell").last.locator(".jp-OutputArea-output")).not_to_contain_text("Error")
        widget = page.locator(".skewplot-widget")
        canvas = widget.locator(".jupyter-matplotlib-canvas-div")
        readout = widget.locator(".skewplot-readout")
        expect(readout).to_contain_text("AUCPR at π′")
        sess = Session(page, lab["root"], "example", "widget", artifacts)
        kernel_before = sess.kernel_frame("before")
        canvas.scroll_into_view_if_needed()
        page.mouse.move(1, 1)  # off the figure: ipympl's toolbar shows on hover
        before = _until_frame(canvas, page, kernel_before)
        text_before = readout.inner_text()
        (artifacts / "browser_canvas_before.png").write_bytes(before)
        page.screenshot(path=str(artifacts / "browser_page_before.png"))

        handle = widget.locator(".noUi-handle").first
        handle.focus()
        for _ in range(15):  # 15 steps of 1/50 decade: the skew grows by a factor ~2
            page.keyboard.press("ArrowRight")
        # inner text on both sides: the table's textContent has no tabs or newlines, and would differ at once
        expect(readout).not_to_have_text(text_before, use_inner_text=True)
        deadline = time.monotonic() + 30
        after = canvas.screenshot()
        while after == before and time.monotonic() < deadline:
            page.wait_for_timeout(100)  # polling for the redraw, with a deadline
            after = canvas.screenshot()
        page.mouse.move(1, 1)  # off the figure: ipympl's toolbar shows on hover
        kernel_after = sess.kernel_frame("after")
        after = _until_frame(canvas, page, kernel_after)
        # the table is sent after its step's frame: read it once the last frame is on show
        text_after = readout.inner_text()
        (artifacts / "browser_canvas_after.png").write_bytes(after)
        page.screenshot(path=str(artifacts / "browser_page_after.png"))
        assert changed_pixels(before, after) > 500, "the canvas did not redraw after the slider moved"
        # The steps reached the browser as blitted frames: it must show what a full draw in the kernel gives.
        assert frame_mismatch(before, kernel_before) == 0, "before the slider moved, the browser shows a wrong frame"
        assert frame_mismatch(after, kernel_after) == 0, "after the slider moved, the browser shows a wrong frame"
        auc = [line.split() for line in text_after.splitlines() if line.startswith("strong")]
        auc_before = [line.split() for line in text_before.splitlines() if line.startswith("strong")]
        assert auc and auc_before and auc[0][1] != auc_before[0][1], (text_before, text_after)
