"""ipympl's page, lightened by the explorer's width probe, in JupyterLab + Chromium (issue 29: ipympl no slower).

ipympl 0.10's page PNG-encodes its whole offscreen canvas on every image it
receives, to keep ``_data_url`` (and encodes the frame before); the probe
(``widgets/_width.py``) wraps the explorer's canvas model so that encoding
is skipped per frame and taken once, of the frame on show, when frames stop.
A test-only anywidget hands the page's models to the test, which spies on
``toDataURL`` and counts the calls each frame's message makes.  After three
keyboard steps of the skew slider: the wrapper is on the explorer's canvas
model and not on a plain ipympl figure's shown beside it; no frame of the
explorer encoded its canvas, while every frame of the plain figure did
(ipympl's own behaviour, which the spy thus sees: without the wrapper the
explorer's frames count 1 each and the test fails); the canvas shows the
kernel's full draw; ``_data_url`` becomes, within a bounded wait, the frame
on show, decoded equal to the kernel's draw, and the state a saved notebook
would keep (the widget manager's ``get_state``) holds it; a second view of
the canvas, displayed in a new cell, shows the same frame; the kernel is
idle and its figure not stale.  Screenshots go to ``$SKEWPLOT_ARTIFACTS/widgets``.
"""

import base64
import json

from ._browser import (
    WAIT_MS,
    Session,
    check_frame,
    figure_locator,
    frame_mismatch,
    kernel_cpu,
    stable_screenshot,
    wait_changed,
    widget_page,
)
from .test_browser_widgets import _agree

MAKE = "sp.widgets.explorer(points, skew=0.01)"
LIGHT = 'Symbol.for("skewplot.lightFrames")'

# The test's own widget, written beside the notebook: its page side puts the two canvases' models (the
# explorer's, ``canvas``, and a plain figure's, ``other``) in window.__sp, spies on toDataURL, and records for
# each frame's message how many times its handler encoded that model's offscreen canvas (the calls made in the
# message's own task before the test's listener, which Backbone runs after ipympl's, registered earlier).
GRAB = '''
import anywidget
import ipywidgets
import traitlets

ESM = """
export default {
  async initialize({ model }) {
    const manager = model.widget_manager;
    const get = (name) => manager.get_model(model.get(name).slice("IPY_MODEL_".length));
    const [canvas, other] = await Promise.all([get("canvas"), get("other")]);
    const encode = HTMLCanvasElement.prototype.toDataURL;
    const sp = { canvas, other, manager, encode, inTask: new Map(), perFrame: { canvas: [], other: [] } };
    HTMLCanvasElement.prototype.toDataURL = function (...args) {
      sp.inTask.set(this, (sp.inTask.get(this) || 0) + 1);
      queueMicrotask(() => sp.inTask.delete(this));
      return encode.apply(this, args);
    };
    for (const [name, m] of [["canvas", canvas], ["other", other]]) {
      m.on("msg:custom", (msg) => {
        let type = null;
        try { type = JSON.parse(msg.data).type; } catch (e) { return; }
        if (type === "binary") sp.perFrame[name].push(sp.inTask.get(m.offscreen_canvas) || 0);
      });
    }
    window.__sp = sp;
  },
  render({ el }) { el.classList.add("frames-grab"); },
};
"""


class Grab(anywidget.AnyWidget):
    _esm = ESM
    canvas = traitlets.Instance(ipywidgets.DOMWidget).tag(sync=True, **ipywidgets.widget_serialization)
    other = traitlets.Instance(ipywidgets.DOMWidget).tag(sync=True, **ipywidgets.widget_serialization)


def show(w):
    """A plain ipympl figure and the Grab of both canvases, in a box with a marker text: (figure, axes, box)."""
    import matplotlib.pyplot as plt

    with plt.ioff():
        fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, 1], [0, 1])
    grab = Grab(canvas=w.figure.canvas, other=fig.canvas)
    return fig, ax, ipywidgets.VBox([fig.canvas, grab, ipywidgets.HTML("GRAB 1")])
'''

# Session.run reads one output: each cell shows one box, its marker text inside
SETUP = "import _frames_grab; fig2, ax2, box = _frames_grab.show(w); box"
AGAIN = "import ipywidgets; ipywidgets.VBox([w.figure.canvas, ipywidgets.HTML('AGAIN 1')])"
DISPLAY = "w.displays['pr'].skew"


def _page_png(data_url):
    assert data_url and data_url.startswith("data:image/png;base64,"), str(data_url)[:60]
    return base64.b64decode(data_url.split(",", 1)[1])


def test_ipympl_page_encodes_no_frame_and_keeps_the_current_snapshot(lab, artifacts):
    from playwright.sync_api import expect

    key, backend = "frames", "widget"
    root, shots = lab["root"], artifacts / "widgets"
    (root / "_frames_grab.py").write_text(GRAB)
    # keep=False: the Grab spies on every canvas' toDataURL in the page, which no later test's tab may keep
    with widget_page(lab, key, backend, MAKE, shots, keep=False) as (page, pid):
        widget = page.locator(".skewplot-widget")
        canvas = figure_locator(widget, backend)
        readout = widget.locator(".skewplot-readout")
        expect(readout).to_contain_text("AUCPR")
        sess = Session(page, root, key, backend, shots)
        sess.run(SETUP, "GRAB")
        page.wait_for_function(f"() => window.__sp !== undefined && window.__sp.canvas[{LIGHT}] !== undefined",
                               timeout=WAIT_MS)
        assert page.evaluate(f"() => window.__sp.other[{LIGHT}] === undefined"), "a plain figure was wrapped too"
        own = "(m) => Object.prototype.hasOwnProperty.call(m, 'handle_binary')"  # the instance's, not the prototype's
        assert page.evaluate(f"() => ({own})(window.__sp.canvas) && !({own})(window.__sp.other)")

        # three keyboard steps of the skew slider; the kernel takes them all (its slider, Display and table agree
        # with the page's), then the page must show its full draw
        slider = widget.locator(".widget-slider", has_text="skew π′").first
        skew0 = _agree(sess, slider, readout, "skew", DISPLAY)["value"]
        blits = int(sess.ask("print('BLITS', w.frames.counts['blit'])", "BLITS"))
        before = readout.text_content()
        slider.locator(".noUi-handle").first.focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        wait_changed(readout, before, page)
        assert _agree(sess, slider, readout, "skew", DISPLAY)["value"] > skew0
        check_frame(sess, canvas, "steps")  # polls until the page shows the kernel's full draw
        kernel = (shots / f"kernel_{key}_{backend}_steps.png").read_bytes()

        # the plain figure: three frames from the kernel, each encoded by ipympl's page as it always does
        sess.run("for _k in range(3): ax2.set_title(f't{_k}'); fig2.canvas.draw()\nprint('DRAWN', 1)", "DRAWN")
        page.wait_for_function("() => window.__sp.perFrame.other.length >= 3", timeout=WAIT_MS)

        # the snapshot: once frames stop, _data_url is the frame on show (not the one before)
        page.wait_for_function(f"() => {{ const c = window.__sp.canvas; return c[{LIGHT}].snapshots > 0 && "
                               "c.get('_data_url') === window.__sp.encode.call(c.offscreen_canvas); }",
                               timeout=WAIT_MS, polling=200)
        counts = page.evaluate(f"() => ({{ canvas: window.__sp.perFrame.canvas, other: window.__sp.perFrame.other, "
                               f"state: {{ ...window.__sp.canvas[{LIGHT}] }} }})")
        print("toDataURL calls per frame:", json.dumps(counts))
        # a frame each step the kernel took (the page may send three keys as fewer steps; a draw request answered
        # with the frame shown, issue 44, can come before the spy)
        steps = int(sess.ask("print('BLITS', w.frames.counts['blit'])", "BLITS")) - blits
        assert steps >= 1 and len(counts["canvas"]) >= steps, (steps, counts)
        assert counts["canvas"] == [0] * len(counts["canvas"]), f"the explorer's page encoded its frames: {counts}"
        assert counts["other"] and all(c == 1 for c in counts["other"]), \
            f"the spy does not see ipympl 0.10's encoding per frame (another ipympl?): {counts}"
        assert counts["state"]["frames"] >= len(counts["canvas"]), counts
        snapshot = _page_png(page.evaluate("() => window.__sp.canvas.get('_data_url')"))
        (shots / f"{key}_{backend}_data_url.png").write_bytes(snapshot)
        assert frame_mismatch(snapshot, kernel) == 0, "_data_url is not the kernel's current frame"

        # the state a saved notebook keeps holds the same snapshot
        saved = page.evaluate("async () => { const s = await window.__sp.manager.get_state({drop_defaults: true}); "
                              "return s.state[window.__sp.canvas.model_id].state._data_url; }")
        assert _page_png(saved) == snapshot, "the saved widget state holds another picture"

        # a second view of the same canvas, in a new cell, shows the current frame
        sess.run(AGAIN, "AGAIN")
        again = page.locator(".jp-Cell").last.locator(".jupyter-matplotlib-canvas-div").first
        expect(again).to_be_visible()
        page.mouse.move(1, 1)
        assert frame_mismatch(stable_screenshot(again, page), kernel) == 0, "a new view shows another frame"

        # the kernel idle, its figure drawn (the test's savefig left it stale: draw it, then look)
        assert sess.run("w.figure.canvas.draw(); print('FRESH', w.figure.stale)", "FRESH") == "False"
        cpu = kernel_cpu(pid)
        assert cpu < 0.05, f"the idle kernel used {100 * cpu:.0f} % CPU over 5 s"
        assert sess.run("print('STALE', w.figure.stale)", "STALE") == "False"
        canvas.scroll_into_view_if_needed()
        page.mouse.move(1, 1)
        page.screenshot(path=str(shots / f"page_{key}_{backend}.png"), full_page=True)
