"""The explorer in JupyterLab + Chromium: a narrow window, a corner resize, a rare skew (issue 29).

Each test opens a fresh notebook with the explorer and checks, in the
browser and in the kernel: at 1000 px with the file browser open (its
default) the whole figure shows, not shrunk, with legend text of at least
8 px; after a drag of ipympl's resize corner the kernel's figure has the new
size, no two texts overlap and none leaves the figure (the figure lint), and
the browser shows the kernel's full draw, and a zoom and Home after it need no new
layout and show the kernel's full draw too (inline, whose PNG has no corner: a narrower
JupyterLab panel shrinks it to fit, undistorted); at skew 2e-4 the markers and their
labels stay inside their panels and the browser shows the kernel's draw; in a
narrower panel the ipympl figure takes the output's width (laid out again, nothing
cut off, the browser showing the kernel's draw) and wide again its own size back.
Screenshots go to ``$SKEWPLOT_ARTIFACTS/layout``.
"""

import contextlib
import json
import time

import pytest

from ._browser import WAIT_MS, Session, artifacts_dir, check_frame, figure_locator, widget_page

MAKE = "sp.widgets.explorer(sp.datasets.example_classifiers(n=20000, skew=0.01, random_state=4), skew=0.005)"
# The lint with the figure's staleness: a stale figure awaits the draw the browser asks for (ipympl's round trip
# after a resize), its texts still where the last draw put them.
LINT = ("import json; from skewplot.testing import lint_figure; "
        "print('LINT' + json.dumps([bool(w.figure.stale), "
        "[str(p) for p in lint_figure(w.figure, checks={checks!r})]]))")
# The figure's size in pixels, and 1 once the kernel has laid the figure out at that size (the full draw a resize asks
# for lays it out again: widgets/_layout.py), 0 before.
SIZE = ("print('SIZE' + str([*map(int, w.figure.get_size_inches() * w.figure.dpi), "
        "int(w._layout.key() == w._layout.laid_out)]))")
TEXTS = ("text-overlap", "text-outside")


@contextlib.contextmanager
def _explorer_page(lab, key, backend, viewport):
    """The explorer's notebook open and run at ``viewport``: the page, and a Session on it."""
    from playwright.sync_api import expect

    shots = artifacts_dir("layout")
    with widget_page(lab, key, backend, MAKE, shots, viewport) as (page, _):
        expect(page.locator(".skewplot-readout")).to_contain_text("AUCPR")
        yield page, Session(page, lab["root"], key, backend, shots)


def _lint(sess, checks):
    """The figure lint's problems once the kernel has drawn the figure (polled: the draw follows the browser's ask)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        stale, problems = json.loads(sess.ask(LINT.format(checks=checks), "LINT"))
        if not stale:
            return problems
        assert time.monotonic() < deadline, "the figure was never drawn after its last change"
        sess.page.wait_for_timeout(200)  # polling the kernel until the browser's draw request has been served


@pytest.mark.parametrize("backend", ["widget", "inline"])
def test_explorer_fits_1000px_with_the_file_browser_open(lab, backend):
    with _explorer_page(lab, "narrow", backend, {"width": 1000, "height": 900}) as (page, sess):
        assert page.locator(".jp-FileBrowser").first.is_visible(), "JupyterLab's file browser is not open"
        widget = page.locator(".skewplot-widget")
        fig_loc = figure_locator(widget, backend)
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
        # issue 42 item 8: the tables fit whole (neither scrolled in their boxes nor cut at the output's edge)
        tables = widget.locator("table")
        assert tables.count() >= 2, "the AUC table and the threshold table"
        for k in range(tables.count()):
            table = tables.nth(k)
            table.scroll_into_view_if_needed()
            page.screenshot(path=str(sess.shots / f"page_narrow_{backend}_table{k}.png"))
            tbox, obox = table.bounding_box(), out.bounding_box()
            assert tbox["x"] + tbox["width"] <= obox["x"] + obox["width"] + 1, (f"table {k} cut off", tbox, obox)
            assert table.evaluate("e => e.parentElement.scrollWidth <= e.parentElement.clientWidth + 1"), k


def test_explorer_after_a_corner_resize_overlaps_nothing(lab):
    backend = "widget"  # the inline backend's PNG has no resize corner
    with _explorer_page(lab, "resize", backend, {"width": 1280, "height": 1000}) as (page, sess):
        widget = page.locator(".skewplot-widget")
        canvas = figure_locator(widget, backend)
        # the size first: running a cell appends one and scrolls the notebook to it, away from the figure
        before = json.loads(sess.run(SIZE, "SIZE"))
        canvas.scroll_into_view_if_needed()
        page.wait_for_timeout(300)  # the scroll settles before the handle's position is read
        box = canvas.bounding_box()
        home = _limits(sess)
        _zoom(sess, canvas, box, home)  # a zoom and Home first: the toolbar keeps Home's view with its positions
        _toolbar(page, canvas, "Reset original view")
        _until(sess, lambda: _limits(sess) == home, "Home never reached the kernel")
        sess.ask("_drawn = []; w.figure.canvas.mpl_connect('draw_event', lambda e: _drawn.append("
                 "list(w.figure.canvas.get_width_height()))); print('WATCH', w.frames.said_ends)", "WATCH")
        x, y = box["x"] + box["width"] - 4, box["y"] + box["height"] - 4  # ipympl's resize handle
        page.mouse.move(x, y)
        page.mouse.down()
        for k in range(1, 11):  # wider and lower in ten moves, as a hand drags
            page.mouse.move(x + 16 * k, y - 12 * k)
        page.mouse.up()
        page.mouse.move(1, 1)
        # The page sizes its canvas at once and sends the kernel the drag's sizes one at a time (the next when the
        # kernel has taken the last), the drag's last one in the end: under load the kernel can keep a size a second
        # or more before the next arrives.  Poll until the kernel has the size the page shows, laid out.
        box = canvas.bounding_box()
        shown = [round(box["width"]), round(box["height"])]
        deadline = time.monotonic() + WAIT_MS / 1000
        while True:
            after = json.loads(sess.ask(SIZE, "SIZE"))
            if after == [*shown, 1] or time.monotonic() > deadline:
                break
            page.wait_for_timeout(200)  # polling the kernel for the page's size and its layout
        assert after[0] > before[0] + 100 and after[1] < before[1] - 80, (before, after)
        assert after == [*shown, 1], f"the kernel did not take the page's size {shown} and lay it out: {after}"
        # issue 44: the figure's width probe said the drag's end, and the kernel's last draw is at the drag's size
        said = "print('DRAWN', __import__('json').dumps([w.frames.said_ends, _drawn]))"
        ends, drawn = json.loads(sess.ask(said, "DRAWN"))
        assert ends == 1 and drawn and drawn[-1] == after[:2], (ends, drawn, after)
        assert _lint(sess, TEXTS) == []
        check_frame(sess, canvas, "resized")
        page.screenshot(path=str(sess.shots / "page_resize_widget.png"))
        # issue 44: Home puts back the positions it saw before the resize; the kernel puts back the resize's layout
        _zoom(sess, canvas, canvas.bounding_box(), home)
        laid = sess.ask(LAID, "LAID")  # (the zoom's labels fit the room they had: no layout)
        _toolbar(page, canvas, "Reset original view")
        _until(sess, lambda: _limits(sess) == home, "Home never reached the kernel")
        assert _lint(sess, TEXTS) == []
        assert sess.ask(LAID, "LAID") == laid, "Home after the resize laid the figure out again, or moved its panels"
        check_frame(sess, canvas, "home_after_resize")


# The layouts computed so far and each Axes' box in pixels.
LAID = "print('LAID', w._layout.count, [tuple(round(v, 3) for v in ax.bbox.bounds) for ax in w.figure.axes])"


def _limits(sess):
    return sess.ask("print('LIM', w.displays['pr'].ax_.get_xlim())", "LIM")


def _zoom(sess, canvas, box, home):
    """A zoom in the PR panel with the toolbar's zoom (its mode left off), waited for in the kernel."""
    page = sess.page
    _toolbar(page, canvas, "Zoom to rectangle")
    zx, zy = box["x"] + box["width"] * 0.2, box["y"] + box["height"] * 0.15  # the PR panel
    page.mouse.move(zx, zy)
    page.mouse.down()
    page.mouse.move(zx + 40, zy + 30, steps=5)
    page.mouse.up()
    _toolbar(page, canvas, "Zoom to rectangle")  # zoom mode off
    _until(sess, lambda: _limits(sess) != home, "the zoom never reached the kernel")


def _toolbar(page, canvas, title):
    canvas.hover()  # the toolbar fades in under the mouse
    page.locator(f".jupyter-matplotlib-toolbar button[title^='{title}']").first.click()


def _until(sess, done, message):
    deadline = time.monotonic() + WAIT_MS / 1000
    while not done():
        assert time.monotonic() < deadline, message
        sess.page.wait_for_timeout(200)  # polling the kernel


@pytest.mark.parametrize("backend", ["widget", "inline"])
def test_explorer_at_skew_2e_4(lab, backend):
    with _explorer_page(lab, "rare", backend, {"width": 1280, "height": 1000}) as (page, sess):
        widget = page.locator(".skewplot-widget")
        fig_loc = figure_locator(widget, backend)
        sess.run("w.controls['skew'].value = 2e-4; print('SET', w.displays['cost'].skew)", "SET")
        assert _lint(sess, TEXTS + ("marker-outside",)) == []
        check_frame(sess, fig_loc, "rare")
        fig_loc.scroll_into_view_if_needed()
        page.mouse.move(1, 1)
        page.screenshot(path=str(sess.shots / f"page_rare_{backend}.png"))


# Each element of the output whose own text reaches past the output area's right edge (within a box that scrolls
# sideways, the box does), or is cut by its own box (its text wider than it, not scrolled): (tag, class, text), the
# figure aside.
CUT_TEXTS = """out => {
  const edge = out.getBoundingClientRect().right + 1, cut = [];
  for (const e of out.querySelectorAll('*')) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || e.closest('canvas, img')) continue;
    const r = e.getBoundingClientRect(), style = getComputedStyle(e);
    if (r.width === 0 || style.visibility === 'hidden') continue;
    let scroller = e.parentElement;
    while (scroller && scroller !== out && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
      scroller = scroller.parentElement;
    }
    const reach = scroller && scroller !== out ? scroller.getBoundingClientRect().right : r.right;
    if (Math.min(reach, r.right) > edge || (e.scrollWidth > e.clientWidth + 1 && style.overflowX !== 'auto'
        && style.overflowX !== 'scroll')) {
      cut.push([e.tagName, e.className, e.textContent.trim().slice(0, 40)]);
    }
  }
  return cut;
}"""


def test_inline_explorer_follows_its_panel(lab):
    """The inline backend's corner resize: JupyterLab's panel narrows (a smaller window, the file browser).

    The PNG then shrinks to the output area's width, keeping its aspect,
    with nothing cut off and no sideways scroll; wide again, it shows at
    its own size.
    """
    backend = "inline"
    with _explorer_page(lab, "panel", backend, {"width": 1280, "height": 1000}) as (page, sess):
        img = figure_locator(page.locator(".skewplot-widget"), backend)
        img.scroll_into_view_if_needed()
        natural = img.evaluate("e => [e.naturalWidth, e.naturalHeight]")
        assert abs(img.bounding_box()["width"] - natural[0]) <= 1, (img.bounding_box(), natural)
        page.set_viewport_size({"width": 720, "height": 1000})
        out = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output").first
        deadline = time.monotonic() + WAIT_MS / 1000
        while img.bounding_box()["width"] >= natural[0] - 1 and time.monotonic() < deadline:
            page.wait_for_timeout(250)  # polling JupyterLab's relayout
        box, obox = img.bounding_box(), out.bounding_box()
        page.screenshot(path=str(sess.shots / "page_panel_inline.png"))
        assert box["width"] < natural[0] - 1, "the figure did not follow the narrower panel"
        assert box["x"] >= obox["x"] - 1 and box["x"] + box["width"] <= obox["x"] + obox["width"] + 1, (box, obox)
        assert abs(box["height"] / box["width"] - natural[1] / natural[0]) < 0.01, "the figure is distorted"
        assert out.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the output area scrolls sideways"
        assert out.evaluate(CUT_TEXTS) == [], "texts of the widget cut at the output's edge"
        page.set_viewport_size({"width": 1280, "height": 1000})
        deadline = time.monotonic() + WAIT_MS / 1000
        while abs(img.bounding_box()["width"] - natural[0]) > 1 and time.monotonic() < deadline:
            page.wait_for_timeout(250)  # polling JupyterLab's relayout
        assert abs(img.bounding_box()["width"] - natural[0]) <= 1, "wide again, the figure stays small"


def _canvas_width(page, below, above):
    """Wait (on the page's own state, no fixed sleep) until the canvas' CSS width lies in (below, above)."""
    page.wait_for_function(
        "([lo, hi]) => { const e = document.querySelector('.skewplot-widget .jupyter-matplotlib-canvas-div canvas');"
        " if (!e) return false; const w = e.getBoundingClientRect().width; return w > lo && w < hi; }",
        arg=[below, above], timeout=WAIT_MS)


def test_ipympl_explorer_follows_the_output_width(lab):
    """ipympl's canvas has a fixed size; the explorer's width probe makes it follow JupyterLab's panel.

    Narrowed from 1280 to 900 px (the file browser open: the output is
    narrower than the figure's 540 px), the kernel's figure takes the
    output's width: nothing cut off on the right, no sideways scroll, legend
    text >= 8 px, no overlapping or clipped text, and the browser shows the
    kernel's full draw at the new width.  Wide again, it is 540 px again.
    """
    backend = "widget"
    with _explorer_page(lab, "follow", backend, {"width": 1280, "height": 1000}) as (page, sess):
        widget = page.locator(".skewplot-widget")
        canvas = figure_locator(widget, backend)
        _canvas_width(page, 539, 541)
        page.set_viewport_size({"width": 900, "height": 1000})
        _canvas_width(page, 300, 539)
        out = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output").first
        size = json.loads(sess.run("import json; print('SIZE' + json.dumps([*map(float, w.figure.get_size_inches() "
                                   "* w.figure.dpi), float(w.legend_.get_texts()[0].get_fontsize() * "
                                   "w.figure.dpi / 72)]))", "SIZE"))
        assert _lint(sess, TEXTS + ("squeezed",)) == []
        check_frame(sess, canvas, "narrow")  # the browser shows the kernel's draw at the new width
        canvas.scroll_into_view_if_needed()
        page.mouse.move(1, 1)
        fbox, obox = canvas.bounding_box(), out.bounding_box()
        page.screenshot(path=str(sess.shots / "page_follow_widget.png"))
        assert size[0] < 539 and abs(fbox["width"] - size[0]) <= 2, (fbox, size)
        assert fbox["x"] + fbox["width"] <= obox["x"] + obox["width"] + 1, ("figure cut off on the right", fbox, obox)
        assert out.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the output area scrolls sideways"
        assert size[2] >= 8, f"legend text {size[2]:.1f} px"
        page.set_viewport_size({"width": 1280, "height": 1000})
        _canvas_width(page, 539, 541)
