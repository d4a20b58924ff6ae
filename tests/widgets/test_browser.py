"""End to end: JupyterLab in headless Chromium, driven by Playwright.

Starts ``jupyter lab`` on 127.0.0.1 (free port, token, temporary root
holding a copy of an example notebook), runs every cell, moves the skew
slider with the keyboard and checks that the ipympl canvas' pixels and the
AUC readout changed.  Screenshots go to ``$SKEWPLOT_ARTIFACTS`` (default
``./artifacts/``).  Skipped when Chromium, JupyterLab, ipympl or Playwright
is missing, unless ``SKEWPLOT_REQUIRE_BROWSER=1`` (then it fails).
"""

import importlib.util
import io
import json
import os
import pathlib
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


def _missing():
    missing = [name for name in ("jupyterlab", "ipympl", "playwright", "ipykernel")
               if importlib.util.find_spec(name) is None]
    if not os.access(CHROMIUM, os.X_OK):
        missing.append(f"chromium at {CHROMIUM} (apt-get install chromium)")
    return missing


def _need_browser():
    missing = _missing()
    if missing:
        reason = "browser test needs " + ", ".join(missing)
        if os.environ.get("SKEWPLOT_REQUIRE_BROWSER") == "1":
            pytest.fail(reason + " (SKEWPLOT_REQUIRE_BROWSER=1)")
        pytest.skip(reason)


@pytest.fixture(scope="module")
def artifacts():
    path = pathlib.Path(os.environ.get("SKEWPLOT_ARTIFACTS") or ROOT / "artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _copy_without_outputs(src, dst):
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


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 serving a copy of the example; stopped at the end."""
    _need_browser()
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "root"
    root.mkdir()
    _copy_without_outputs(NOTEBOOK, root / NOTEBOOK.name)
    settings = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    # no news or update checks (the machine has no internet; their toasts would cover the page)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false",
                                                                           "checkForUpdates": False}))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(tmp / "ws"))
    env.pop("MPLBACKEND", None)  # the notebook chooses its backend (%matplotlib widget)
    port, token = _free_port(), secrets.token_hex(16)
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(tmp / "jupyter.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{(tmp / 'jupyter.log').read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("jupyter lab did not answer within 60 s")
                time.sleep(0.2)  # polling the server's readiness, not waiting for a result
        yield {"url": f"http://127.0.0.1:{port}", "token": token, "tmp": tmp}
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
        log.close()


def _report(server, shots):
    """Print where a failed test's screenshots are and the tail of the server's log (kernel messages included)."""
    listing = "\n".join(str(p) for p in sorted(shots.glob("*.png")))
    log = (server["tmp"] / "jupyter.log").read_text(errors="replace")[-6000:]
    print(f"\n--- screenshots ---\n{listing}\n--- jupyter server / kernel log (tail) ---\n{log}")


def _pixels(png):
    import matplotlib.image as mpimg

    return mpimg.imread(io.BytesIO(png), format="png")


def _changed_pixels(a, b):
    return int(np.count_nonzero(np.any(np.abs(_pixels(a) - _pixels(b)) > 1e-3, axis=-1)))


def _frame_mismatch(shot, frame, handle=24):
    """Pixels of ``frame`` (the kernel's PNG) that the canvas screenshot ``shot`` does not show.

    The screenshot may be a pixel or two larger than the frame (the canvas
    element's border): the best of those alignments counts.  A two-pixel
    band along the edges (the border's shade) and the bottom-right corner
    (ipympl's resize handle) are left out.
    """
    a, b = _pixels(shot)[..., :3], _pixels(frame)[..., :3]
    h, w = b.shape[:2]
    best = h * w
    for dy in range(a.shape[0] - h + 1 if a.shape[0] >= h else 0):
        for dx in range(a.shape[1] - w + 1 if a.shape[1] >= w else 0):
            differ = np.any(np.abs(a[dy:dy + h, dx:dx + w] - b) > 2.5 / 255, axis=-1)
            differ[-handle:, -handle:] = False
            differ[:2], differ[-2:], differ[:, :2], differ[:, -2:] = False, False, False, False  # the div's border
            best = min(best, int(np.count_nonzero(differ)))
    return best


def _kernel_frame(page, root, name):
    """Have the kernel save its figure as it stands (a full draw) as ``name``; return the PNG.

    Runs in a new cell at the end of the notebook; no control moves.
    """
    page.locator(".jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new cell below
    page.keyboard.press("Enter")
    page.keyboard.insert_text(f"w.figure.savefig({name!r}, dpi=w.figure.dpi); print('saved', {name!r})")
    page.keyboard.press("Shift+Enter")
    page.locator(".jp-OutputArea-output", has_text=f"saved {name}").wait_for()
    return (root / name).read_bytes()


def _stable_screenshot(locator, page, timeout=20.0):
    """A screenshot once two consecutive ones agree (the canvas has finished drawing)."""
    deadline = time.monotonic() + timeout
    prev = locator.screenshot()
    while True:
        page.wait_for_timeout(250)
        cur = locator.screenshot()
        if cur == prev or time.monotonic() > deadline:
            return cur
        prev = cur


def _until_frame(locator, page, frame, timeout=60.0):
    """A stable screenshot, polled until it shows ``frame`` (the last frame may still be on its way)."""
    deadline = time.monotonic() + timeout
    while True:
        # The mouse off the figure: running a cell clicked it there, and a screenshot scrolls the
        # canvas into view, under the mouse, where ipympl's toolbar fades in over the figure.
        page.mouse.move(1, 1)
        shot = _stable_screenshot(locator, page)
        if _frame_mismatch(shot, frame) == 0 or time.monotonic() > deadline:
            return shot
        page.wait_for_timeout(500)  # polling the condition


def test_skew_slider_moves_the_figure_in_jupyterlab(lab, artifacts, tmp_path):
    try:
        _run_example(lab, artifacts, tmp_path)
    except BaseException:
        _report(lab, artifacts)
        raise


def _run_example(lab, artifacts, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS,
            viewport={"width": 1400, "height": 1000})
        try:
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            expect.set_options(timeout=WAIT_MS)  # expect's own default (5 s) is too short on a loaded machine
            page.goto(f"{lab['url']}/lab/tree/{NOTEBOOK.name}?token={lab['token']}")
            page.get_by_text("Python 3 (ipykernel) | Idle").wait_for()
            page.locator(".jp-Cell").first.click()
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            # the last cell asserts the widget's numbers and prints the AUCs
            expect(page.locator(".jp-Cell").last.locator(".jp-OutputArea-output")).to_contain_text("'strong'")
            expect(page.locator(".jp-Cell").last.locator(".jp-OutputArea-output")).not_to_contain_text("Error")
            widget = page.locator(".skewplot-widget")
            canvas = widget.locator(".jupyter-matplotlib-canvas-div")
            readout = widget.locator(".skewplot-readout")
            expect(readout).to_contain_text("AUCPR at π′")
            kernel_before = _kernel_frame(page, lab["tmp"] / "root", "kernel_frame_before.png")
            (artifacts / "kernel_frame_before.png").write_bytes(kernel_before)
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
            expect(readout).not_to_have_text(text_before)
            deadline = time.monotonic() + 30
            after = canvas.screenshot()
            while after == before and time.monotonic() < deadline:
                page.wait_for_timeout(100)  # polling for the redraw, with a deadline
                after = canvas.screenshot()
            page.mouse.move(1, 1)  # off the figure: ipympl's toolbar shows on hover
            text_after = readout.inner_text()
            kernel_after = _kernel_frame(page, lab["tmp"] / "root", "kernel_frame_after.png")
            (artifacts / "kernel_frame_after.png").write_bytes(kernel_after)
            after = _until_frame(canvas, page, kernel_after)
            (artifacts / "browser_canvas_after.png").write_bytes(after)
            page.screenshot(path=str(artifacts / "browser_page_after.png"))
        except BaseException:
            page.screenshot(path=str(artifacts / "FAILED_example.png"))
            raise
        finally:
            context.close()
    assert _changed_pixels(before, after) > 500, "the canvas did not redraw after the slider moved"
    # The steps reached the browser as blitted frames: it must show what a full draw in the kernel gives.
    assert _frame_mismatch(before, kernel_before) == 0, "before the slider moved, the browser shows a wrong frame"
    assert _frame_mismatch(after, kernel_after) == 0, "after the slider moved, the browser shows a wrong frame"
    auc = [line.split() for line in text_after.splitlines() if line.startswith("strong")]
    auc_before = [line.split() for line in text_before.splitlines() if line.startswith("strong")]
    assert auc and auc_before and auc[0][1] != auc_before[0][1], (text_before, text_after)
