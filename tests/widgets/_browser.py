"""What the browser suite's tests share: one JupyterLab server and one Chromium per session, opening a notebook.

The fixtures ``lab`` (the server), ``chromium`` (the browser) and
``artifacts`` (where screenshots go) are in ``conftest.py`` and are
session-scoped (one of each per xdist worker): every browser test of a
run talks to the same server and browser.  The JupyterLab tests open their
notebook in the worker's JupyterLab tab (``LabTab``, kept from test to
test), each with a kernel of its own, shut down at the end of the test;
the saved pages' tests open their page in a fresh browser context.  Waits
are on conditions (polled with a deadline), never fixed sleeps.  Playwright is imported only inside the
functions, so importing this module costs nothing in the fast suite.
"""

import contextlib
import http.client
import importlib.util
import io
import json
import os
import pathlib
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "pr_at_any_skew.ipynb"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 60_000
LAB_PACKAGES = ("jupyterlab", "ipympl", "playwright", "ipykernel")


def need_browser(packages=LAB_PACKAGES):
    """Skip (or fail, with ``SKEWPLOT_REQUIRE_BROWSER=1``) when Chromium or one of ``packages`` is missing."""
    missing = [name for name in packages if importlib.util.find_spec(name) is None]
    if not os.access(CHROMIUM, os.X_OK):
        missing.append(f"chromium at {CHROMIUM} (apt-get install chromium)")
    if missing:
        reason = "browser test needs " + ", ".join(missing)
        if os.environ.get("SKEWPLOT_REQUIRE_BROWSER") == "1":
            pytest.fail(reason + " (SKEWPLOT_REQUIRE_BROWSER=1)")
        pytest.skip(reason)


def artifacts_dir(sub=None):
    """``$SKEWPLOT_ARTIFACTS`` (default ``./artifacts/``), or its subfolder ``sub``; created."""
    path = pathlib.Path(os.environ.get("SKEWPLOT_ARTIFACTS") or ROOT / "artifacts")
    if sub:
        path = path / sub
    path.mkdir(parents=True, exist_ok=True)
    return path


def copy_without_outputs(src, dst):
    """The notebook as a user opens it fresh: the committed outputs and saved widget state left out.

    The example ships executed (its figures show on a static render), but
    here every frame on the page must come from the live kernel; a saved
    frame still on the page while the cells run would be compared instead.
    """
    import nbformat

    nb = nbformat.read(src, as_version=4)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbformat.write(nb, dst)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(proc, port, token, timeout=60.0):
    """Whether the JupyterLab server ``proc`` answers on ``port``; False when it exited first (its port was taken)."""
    deadline = time.monotonic() + timeout
    while proc.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2):
                return True
        except (OSError, http.client.HTTPException):  # not listening yet, or not the server on that port
            if time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
                pytest.fail("jupyter lab did not answer within 60 s")
            time.sleep(0.2)  # polling the server's readiness, not waiting for a result
    return False


@contextlib.contextmanager
def jupyter_lab(tmp):
    """A JupyterLab server on 127.0.0.1 (free port, token) serving ``tmp/root``; stopped at the end."""
    root = tmp / "root"
    root.mkdir()
    copy_without_outputs(NOTEBOOK, root / NOTEBOOK.name)
    settings = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    # no news or update checks (the machine has no internet; their toasts would cover the page)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false",
                                                                           "checkForUpdates": False}))
    # a steady cursor: a blinking one repaints the page twice a second while an editor has the focus (most of
    # a test), about a tenth of a core in Chromium
    editors = tmp / "settings" / "@jupyterlab" / "codemirror-extension"
    editors.mkdir(parents=True)
    (editors / "plugin.jupyterlab-settings").write_text(json.dumps({"defaultConfig": {"cursorBlinkRate": 0}}))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(tmp / "ws"))
    env.pop("MPLBACKEND", None)  # the notebook chooses its backend (%matplotlib widget)
    # A free port can be taken between _free_port and the server's bind (a kernel's ZMQ socket, of this run or
    # another: its greeting read as HTTP is a BadStatusLine). With no port retries the server then exits instead of
    # serving on another port, and it is started again on a new one.
    for _ in range(3):
        port, token = _free_port(), secrets.token_hex(16)
        cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               "--LabApp.expose_app_in_browser=True"]  # window.jupyterapp: LabTab opens and closes notebooks with it
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        log = open(tmp / "jupyter.log", "w")
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        if _answers(proc, port, token):
            break
        log.close()
    else:
        pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{(tmp / 'jupyter.log').read_text()[-3000:]}")
    try:
        yield {"url": f"http://127.0.0.1:{port}", "token": token, "tmp": tmp, "root": root}
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
        log.close()


def report(server, shots):
    """Print where a failed test's screenshots are and the tail of the server's log (kernel messages included)."""
    listing = "\n".join(str(p) for p in sorted(shots.glob("*.png")))
    log = (server["tmp"] / "jupyter.log").read_text(errors="replace")[-6000:]
    print(f"\n--- screenshots ---\n{listing}\n--- jupyter server / kernel log (tail) ---\n{log}")


def shutdown(server, nb):
    """Stop the notebook's kernel (the server keeps it after the tab is gone)."""
    base, token = server["url"], server["token"]
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=30) as r:
        sessions = json.load(r)
    for session in sessions:
        if session.get("path", "").endswith(nb):
            req = urllib.request.Request(f"{base}/api/sessions/{session['id']}?token={token}", method="DELETE")
            urllib.request.urlopen(req, timeout=30).close()


class LabTab:
    """One JupyterLab tab of the worker's Chromium, kept from test to test: each test's notebook opens in it.

    Loading JupyterLab in a fresh browser context (its scripts parsed and
    compiled again, nothing cached) was a third of a test's CPU; the tab
    is loaded once (its own context, a workspace of its own, reset) and
    each notebook opened there with JupyterLab's *docmanager:open* command,
    as the file browser opens one.  Before a test and after it every
    document is closed (each notebook has its own kernel, shut down after
    its test), so a test sees only its own notebook; after a failure the
    tab is thrown away, and the next test loads a fresh one.
    """

    def __init__(self, browser, server):
        self.browser, self.server = browser, server
        self.context = self.page = None

    def open(self, nb, viewport):
        """The notebook ``nb`` (in the server's root) open and current, its kernel idle: the page."""
        from playwright.sync_api import expect

        if self.page is None:
            self.context = self.browser.new_context(viewport=viewport)
            self.page = self.context.new_page()
            self.page.set_default_timeout(WAIT_MS)
            workspace = f"tab-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
            self.page.goto(f"{self.server['url']}/lab/workspaces/{workspace}?token={self.server['token']}&reset")
            self.page.wait_for_function("() => window.jupyterapp !== undefined")
            self.page.evaluate("() => window.jupyterapp.restored.then(() => true)")
        else:
            self.page.set_viewport_size(viewport)
        expect.set_options(timeout=WAIT_MS)  # expect's own default (5 s) is too short on a loaded machine
        page = self.page
        self.close_documents()
        # the command resolves to the notebook's panel: not returned (Playwright would serialise its whole tree)
        page.evaluate("path => window.jupyterapp.commands.execute('docmanager:open', {path}).then(() => null)", nb)
        page.wait_for_function("path => { const w = window.jupyterapp.shell.currentWidget; "
                               "return w && w.context && w.context.path === path; }", arg=nb)
        expect(page.locator(".jp-NotebookPanel")).to_have_count(1)
        page.get_by_text("| Idle").wait_for()
        return page

    def close_documents(self):
        """Close every document of the main area (no prompt: what they hold is thrown away)."""
        self.page.evaluate("() => { for (const w of Array.from(window.jupyterapp.shell.widgets('main'))) "
                           "{ if (w.context) w.context.model.dirty = false; w.dispose(); } }")

    def discard(self):
        """Close the tab's browser context: the next test loads JupyterLab afresh."""
        context, self.context, self.page = self.context, None, None
        if context is not None:
            context.close()


@contextlib.contextmanager
def opened(lab, nb, shots, label, viewport, keep=True):
    """The notebook ``nb`` (in the server's root) open in the worker's JupyterLab tab, every cell run: the page.

    Yields once the server shows the kernel idle and *Run All Cells* was
    chosen; the caller waits for what its cells show.  At the end the
    notebook is closed and its kernel shut down; ``keep=False`` also
    throws the tab away (a test that changed the page's own objects).  On a
    failure the page's screenshot is saved as ``FAILED_<label>.png``, the
    screenshots' paths and the server/kernel log are printed, and the tab is
    thrown away.
    """
    tab = lab["tab"]
    try:
        try:
            page = tab.open(nb, viewport)
            page.locator(".jp-Cell").first.click()
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            yield page
            if keep:
                tab.close_documents()
            else:
                tab.discard()
        except BaseException:
            with contextlib.suppress(Exception):
                tab.page.screenshot(path=str(shots / f"FAILED_{label}.png"))
            tab.discard()
            raise
    except BaseException:
        report(lab, shots)
        raise
    finally:
        shutdown(lab, nb)


def widget_notebook(root, key, backend, make, setup=""):
    """Write ``<key>_<backend>.ipynb``: the backend, skewplot, the example data and ``setup``; then ``w = <make>``."""
    cells = [f"%matplotlib {backend}\nimport os\nimport matplotlib.pyplot as plt\nimport skewplot as sp\n"
             f"points = sp.datasets.example_classifiers()\n{setup}\nprint('PID', os.getpid())",
             f"old = globals().get('w')\nw = {make}\nw"]
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python",
                                                                            "display_name": "Python 3"}},
          "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": src} for i, src in enumerate(cells)]}
    path = root / f"{key}_{backend}.ipynb"
    path.write_text(json.dumps(nb))
    return path.name


WIDGET_VIEWPORT = {"width": 1280, "height": 1000}  # the explorer is 800 px tall


@contextlib.contextmanager
def widget_page(lab, key, backend, make, shots, viewport=WIDGET_VIEWPORT, keep=True, setup=""):
    """``w = <make>`` under ``backend`` in a notebook of its own (``widget_notebook``), open and run: page, pid.

    Screenshots go to ``shots`` (created); ``keep`` as in ``opened``; ``setup``: code the first cell runs after
    loading the example data (the data ``make`` draws).  Yields once the first cell printed the kernel's process
    id and the page shows one widget.
    """
    from playwright.sync_api import expect

    shots.mkdir(parents=True, exist_ok=True)
    nb = widget_notebook(lab["root"], key, backend, make, setup)
    with opened(lab, nb, shots, f"{key}_{backend}", viewport, keep) as page:
        first = page.locator(".jp-Cell").first.locator(".jp-OutputArea-output")
        expect(first).to_contain_text("PID")
        pid = int(re.search(r"PID\s+(\d+)", first.inner_text())[1])
        expect(page.locator(".skewplot-widget")).to_have_count(1)
        yield page, pid


class Session:
    """Runs code in new cells at the end of an open notebook and reads what they print."""

    def __init__(self, page, root, key, backend, shots):
        self.page, self.root, self.key, self.backend, self.shots = page, root, key, backend, shots
        self.n = 0
        self._kernel = None

    def ask(self, code, marker):
        """Run ``code`` in the notebook's kernel beside the page (no cell); return the text after ``marker``.

        For the kernel's state that a test reads (and polls): a cell costs
        Chromium half a CPU-second (a new cell and its editor, its output,
        the notebook laid out again), a message to the kernel next to nothing.
        What it prints shows nowhere on the page: code whose output must show
        there, or that must run after what the page has sent the kernel, goes
        through ``run``.

        The code runs under the widget's paint lock when the notebook has one (``w``): JupyterLab handles the
        page's messages in a kernel subshell, so a step can run in another thread while this reads, and a read
        in the middle of a step is torn (a threshold's rank of the new step beside its index of the old one).
        """
        import textwrap

        self.n += 1
        lock = "getattr(globals().get('w'), '_paint_lock', None) or _cl.nullcontext()"
        code = f"import contextlib as _cl\nwith {lock}:\n" + textwrap.indent(code.replace("{n}", str(self.n)), "    ")
        printed = []

        def output(msg):
            if msg["msg_type"] == "stream":
                printed.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                printed.append("\n".join(msg["content"]["traceback"]))

        reply = self._client().execute_interactive(code, store_history=False, timeout=WAIT_MS / 1000,
                                                   output_hook=output)
        text = "".join(printed)
        assert reply["content"]["status"] == "ok" and marker in text, text
        return text.split(marker, 1)[1].strip().splitlines()[0]

    def _client(self):
        """A client of the notebook's kernel (its connection file, in the server's runtime folder)."""
        if self._kernel is None:
            import weakref

            from jupyter_client import BlockingKernelClient

            kernel = self.page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")
            client = BlockingKernelClient(connection_file=str(self.root.parent / "runtime" / f"kernel-{kernel}.json"))
            client.load_connection_file()
            client.start_channels(stdin=False, hb=False)
            weakref.finalize(self, client.stop_channels)
            self._kernel = client
        return self._kernel

    def run(self, code, marker):
        """Run ``code`` in a new cell at the end; return the text after ``marker`` in its output."""
        from playwright.sync_api import expect

        page = self.page
        self.n += 1
        code = code.replace("{n}", str(self.n))
        cells = page.locator(".jp-Cell")
        count = cells.count()
        # "b" inserts below the ACTIVE cell: a click on the last prompt that JupyterLab had not yet made active
        # (a loaded CI) put the new cell above the last one, and the code went into the savefig cell before it
        active = re.compile(r"\bjp-mod-active\b")
        for _ in range(3):
            cells.last.locator(".jp-InputPrompt").click()  # selects the cell, command mode
            try:
                expect(cells.last).to_have_class(active, timeout=3_000)
                break
            except AssertionError:
                continue
        expect(cells.last).to_have_class(active)
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        expect(cells).to_have_count(count + 1)
        new = cells.nth(count)  # the new cell is the last one, and the active one
        expect(new).to_have_class(active)
        expect(new.locator(".cm-content")).to_have_text("")
        # typing before the new cell's editor has the focus would drop the code, and the empty cell would
        # run without output: wait for the focus, and for the code to be in the editor before running it
        editor = new.locator(".cm-editor")
        page.keyboard.press("Enter")
        focused = re.compile(r"\bcm-focused\b")
        try:
            expect(editor).to_have_class(focused, timeout=5_000)
        except AssertionError:  # Enter came before JupyterLab made the new cell active (a loaded CI): click into it
            editor.locator(".cm-content").click()
            expect(editor).to_have_class(focused)
        page.keyboard.insert_text(code)
        expect(editor.locator(".cm-content")).to_contain_text(code.splitlines()[0][:40])
        expect(cells).to_have_count(count + 1)
        page.keyboard.press("Control+Enter")  # run in place: this cell stays the last
        out = new.locator(".jp-OutputArea-output")
        out.filter(has_text=re.compile(rf"({marker}|Error)")).first.wait_for()
        text = out.text_content()
        assert "Error" not in text, text
        return text.split(marker, 1)[1].strip().splitlines()[0]

    def shot(self, locator, label):
        path = self.shots / f"{self.key}_{self.backend}_{label}.png"
        png = stable_screenshot(locator, self.page)
        path.write_bytes(png)
        return png

    def kernel_frame(self, label):
        """Have the kernel save its figure as it stands (a full draw); return the PNG (also kept in ``shots``)."""
        name = f"kernel_{self.key}_{self.backend}_{label}.png"
        self.run(f"w.figure.savefig({name!r}, dpi=w.figure.dpi); print('SAVED', 1)", "SAVED")
        png = (self.root / name).read_bytes()
        (self.shots / name).write_bytes(png)
        return png


def pixels(png):
    import matplotlib.image as mpimg

    return mpimg.imread(io.BytesIO(png), format="png")


def changed_pixels(a, b):
    return int(np.count_nonzero(np.any(np.abs(pixels(a) - pixels(b)) > 1e-3, axis=-1)))


def frame_mismatch(shot, frame, handle=24):
    """Pixels of ``frame`` (the kernel's PNG) that the canvas screenshot ``shot`` does not show.

    The screenshot may be a pixel or two larger than the frame (the canvas
    element's border): the best of those alignments counts.  A two-pixel
    band along the edges (the border's shade) and the bottom-right corner
    (ipympl's resize handle) are left out.
    """
    a, b = pixels(shot)[..., :3], pixels(frame)[..., :3]
    h, w = b.shape[:2]
    best = h * w
    for dy in range(a.shape[0] - h + 1 if a.shape[0] >= h else 0):
        for dx in range(a.shape[1] - w + 1 if a.shape[1] >= w else 0):
            differ = np.any(np.abs(a[dy:dy + h, dx:dx + w] - b) > 2.5 / 255, axis=-1)
            differ[-handle:, -handle:] = False
            differ[:2], differ[-2:], differ[:, :2], differ[:, -2:] = False, False, False, False  # the div's border
            best = min(best, int(np.count_nonzero(differ)))
    return best


def stable_screenshot(locator, page, timeout=30.0, interval_ms=250):
    """A screenshot once two consecutive ones agree (the canvas has finished drawing)."""
    deadline = time.monotonic() + timeout
    prev = locator.screenshot()
    while True:
        page.wait_for_timeout(interval_ms)  # the interval between two polls of the condition
        cur = locator.screenshot()
        if cur == prev or time.monotonic() > deadline:
            return cur
        prev = cur


def figure_locator(widget, backend):
    return widget.locator(".jupyter-matplotlib-canvas-div" if backend == "widget" else ".jp-OutputArea-output img")


def check_frame(sess, fig_loc, label, timeout=60.0):
    """The browser shows exactly the kernel's full draw (the last frame may still be on its way)."""
    kernel = sess.kernel_frame(label)
    deadline = time.monotonic() + timeout
    while True:
        # The mouse off the figure: running the cell above clicked there, and a screenshot scrolls the
        # canvas into view, under the mouse, where ipympl's toolbar fades in over the figure.
        sess.page.mouse.move(1, 1)
        mismatch = frame_mismatch(sess.shot(fig_loc, label), kernel)
        if mismatch == 0:
            return
        assert time.monotonic() < deadline, f"{label}: {mismatch} pixels differ from the kernel's full draw"
        sess.page.wait_for_timeout(250)  # polling the condition


def drag_handle(page, slider, dx, steps=8):
    """Drag ``slider``'s (first) handle ``dx`` px sideways with the mouse, as a user does."""
    slider.scroll_into_view_if_needed()
    box = slider.locator(".noUi-handle").first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y, steps=steps)
    page.mouse.up()


def fresh_draw(sess):
    """A full draw in the kernel, after which the figure is not stale (a test's own ``savefig``, checking a
    frame, leaves it stale)."""
    assert sess.run("w.figure.canvas.draw(); print('FRESH', w.figure.stale)", "FRESH") == "False"


def settled_state(sess, read, disagreement, timeout=120.0):
    """Poll ``read()`` (the kernel's state) until ``disagreement(state)`` is None (the kernel has taken every step
    the page shows and agrees with it); return that state."""
    deadline = time.monotonic() + timeout
    while True:
        s = read()
        problem = disagreement(s)
        if problem is None:
            return s
        assert time.monotonic() < deadline, problem
        sess.page.wait_for_timeout(500)  # polling the condition


def wait_changed(locator, before, page, timeout=60.0):
    """Poll until ``locator``'s text is no longer ``before`` (a readout or table after a step)."""
    deadline = time.monotonic() + timeout
    while locator.text_content() == before:
        assert time.monotonic() < deadline, "the readout table never changed"
        page.wait_for_timeout(200)  # polling a condition


def kernel_cpu(pid, seconds=5.0):
    """The kernel process' CPU use (a fraction of one core) over ``seconds``."""
    import psutil

    proc = psutil.Process(pid)
    t0, c0 = time.monotonic(), sum(proc.cpu_times()[:2])
    time.sleep(seconds)  # the measurement window itself, not a wait for a result
    return (sum(proc.cpu_times()[:2]) - c0) / (time.monotonic() - t0)
