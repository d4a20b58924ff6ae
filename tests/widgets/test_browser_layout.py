"""The explorer in JupyterLab + Chromium: a narrow window, a corner resize, a rare skew (issue 29).

Each test opens a fresh notebook with the explorer and checks, in the
browser and in the kernel: at 1000 px with the file browser open (its
default) the whole figure shows, not shrunk, with legend text of at least
8 px; after a drag of ipympl's resize corner the kernel's figure has the new
size, no two texts overlap and none leaves the figure (the figure lint), and
the browser shows the kernel's full draw; at skew 2e-4 the markers and their
labels stay inside their panels and the browser shows the kernel's draw.
Screenshots go to ``$SKEWPLOT_ARTIFACTS/layout``.
"""

import contextlib
import json
import os
import pathlib
import time

import pytest

from .test_browser import (  # noqa: F401 - artifacts and lab are fixtures
    CHROMIUM,
    CHROMIUM_FLAGS,
    WAIT_MS,
    _report,
    artifacts,
    lab,
)
from .test_browser_widgets import Session, _check_frame, _figure_locator, _notebook, _shutdown

MAKE = "sp.widgets.explorer(sp.datasets.example_classifiers(n=20000, skew=0.01, random_state=4), skew=0.005)"
LINT = ("from skewplot.plotting._lint import lint_figure; "
        "print('LINT' + repr([str(p) for p in lint_figure(w.figure, checks={checks!r})]))")
TEXTS = ("text-overlap", "text-outside")


@contextlib.contextmanager
def _explorer_page(lab, tmp_path, key, backend, viewport):  # noqa: F811 - lab is the fixture's value
    from playwright.sync_api import expect, sync_playwright

    root = lab["tmp"] / "root"
    nb = _notebook(root, key, backend, make=MAKE)
    lab_shots = None
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS,
                viewport=viewport)
            page = context.new_page()
            try:
                page.set_default_timeout(WAIT_MS)
                expect.set_options(timeout=WAIT_MS)
                page.goto(f"{lab['url']}/lab/workspaces/{key}-{backend}/tree/{nb}?token={lab['token']}&reset")
                page.get_by_text("| Idle").wait_for()
                page.locator(".jp-Cell").first.click()
                page.get_by_role("menuitem", name="Run", exact=True).click()
                page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
                expect(page.locator(".skewplot-widget")).to_have_count(1)
                expect(page.locator(".skewplot-readout")).to_contain_text("AUCPR")
                lab_shots = _shots(lab)
                yield page, Session(page, root, key, backend, lab_shots)
            except BaseException:
                page.screenshot(path=str(_shots(lab) / f"FAILED_{key}_{backend}.png"))
                raise
            finally:
                context.close()
    except BaseException:
        _report(lab, lab_shots or _shots(lab))
        raise
    finally:
        _shutdown(lab, nb)


def _shots(server):
    path = pathlib.Path(os.environ.get("SKEWPLOT_ARTIFACTS") or pathlib.Path(__file__).parents[2] / "artifacts")
    path = path / "layout"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _lint(sess, checks):
    return json.loads(sess.run(LINT.format(checks=checks), "LINT").replace("'", '"'))


@pytest.mark.parametrize("backend", ["widget", "inline"])
def test_explorer_fits_1000px_with_the_file_browser_open(lab, tmp_path, backend):  # noqa: F811
    with _explorer_page(lab, tmp_path, "narrow", backend, {"width": 1000, "height": 900}) as (page, sess):
        assert page.locator(".jp-FileBrowser").first.is_visible(), "JupyterLab's file browser is not open"
        widget = page.locator(".skewplot-widget")
        fig_loc = _figure_locator(widget, backend)
        fig_loc.scroll_into_view_if_needed()
        out = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output").first
        fbox, obox = fig_loc.bounding_box(), out.bounding_box()
        size = json.loads(sess.run("import json; print('SIZE' + json.dumps([*map(float, w.figure.get_size_inches() "
                                   "* w.figure.dpi), float(w.legend_.get_texts()[0].get_fontsize() * "
                                   "w.figure.dpi / 72)]))", "SIZE"))
        page.screenshot(path=str(sess.shots / f"page_narrow_{backend}.png"))
        assert fbox["x"] + fbox["width"] <= obox["x"] + obox["width"] + 1, ("figure cut off on the right", fbox, obox)
        shown = fbox["width"] / size[0]
        assert shown >= 0.98, f"the figure is shown at {shown:.0%} of its {size[0]:.0f} px"
        assert size[2] * shown >= 8, f"legend text {size[2] * shown:.1f} px on the page"
        assert out.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the output area scrolls sideways"


def test_explorer_after_a_corner_resize_overlaps_nothing(lab, tmp_path):  # noqa: F811
    backend = "widget"  # the inline backend's PNG has no resize corner
    with _explorer_page(lab, tmp_path, "resize", backend, {"width": 1280, "height": 1000}) as (page, sess):
        widget = page.locator(".skewplot-widget")
        canvas = _figure_locator(widget, backend)
        canvas.scroll_into_view_if_needed()
        before = json.loads(sess.run("print('SIZE' + str(list(map(int, w.figure.get_size_inches() * w.figure.dpi))))",
                                     "SIZE"))
        box = canvas.bounding_box()
        x, y = box["x"] + box["width"] - 4, box["y"] + box["height"] - 4  # ipympl's resize handle
        page.mouse.move(x, y)
        page.mouse.down()
        for k in range(1, 11):  # wider and lower in ten moves, as a hand drags
            page.mouse.move(x + 16 * k, y - 12 * k)
        page.mouse.up()
        page.mouse.move(1, 1)
        deadline = WAIT_MS / 1000
        t0 = time.monotonic()
        while True:
            after = json.loads(sess.run("print('SIZE' + str(list(map(int, w.figure.get_size_inches() * "
                                        "w.figure.dpi))))", "SIZE"))
            if after[0] > before[0] + 100 and after[1] < before[1] - 80 or time.monotonic() - t0 > deadline:
                break
            page.wait_for_timeout(500)  # polling the kernel for the final size (the drag sends a few)
        assert after[0] > before[0] + 100 and after[1] < before[1] - 80, (before, after)
        assert _lint(sess, TEXTS) == []
        _check_frame(sess, canvas, "resized")
        page.screenshot(path=str(sess.shots / "page_resize_widget.png"))


@pytest.mark.parametrize("backend", ["widget", "inline"])
def test_explorer_at_skew_2e_4(lab, tmp_path, backend):  # noqa: F811
    with _explorer_page(lab, tmp_path, "rare", backend, {"width": 1280, "height": 1000}) as (page, sess):
        widget = page.locator(".skewplot-widget")
        fig_loc = _figure_locator(widget, backend)
        sess.run("w.controls['skew'].value = 2e-4; print('SET', w.displays['cost'].skew)", "SET")
        assert _lint(sess, TEXTS + ("marker-outside",)) == []
        _check_frame(sess, fig_loc, "rare")
        fig_loc.scroll_into_view_if_needed()
        page.mouse.move(1, 1)
        page.screenshot(path=str(sess.shots / f"page_rare_{backend}.png"))
