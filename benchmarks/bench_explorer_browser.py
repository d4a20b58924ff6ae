"""Explorer steps as the user sees them: key press on a slider -> the figure changes on the page.

JupyterLab + headless Chromium (Playwright), the explorer on
``fraud_data.fraud_points`` (issue 29: 2 x 1e6 rows, 1 % positives, ~1e6
distinct scores), under ipympl and under the inline backend side by side.
For each step the page records the time of the key's ``keydown`` on the
focused slider handle and polls every animation frame until the figure
differs: the ipympl canvas' pixels, or the inline backend's ``<img>`` (a
new PNG, loaded).  Then it waits until the figure has been still for
``--settle`` ms before the next key, so each step is timed alone (a user
holding a key down queues steps instead).  Target: median <= 120 ms per
step under both backends, ipympl no slower than inline.

Run (heavy: take the lock on a shared machine)::

    flock /tmp/heavy.lock python benchmarks/bench_explorer_browser.py [--n 1e6] [--steps 20]
"""

import argparse
import pathlib
import statistics
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests.widgets._browser import CHROMIUM, CHROMIUM_FLAGS, jupyter_lab, opened, widget_notebook  # noqa: E402

SLIDERS = {"skew": "skew π′", "m": "cost weight m", "f_alpha": "F weight α"}

# The figure's signature: a hash of the canvas' pixels (ipympl) or of the shown PNG (inline; "" until loaded).
SIGNATURE = """
(root) => {
  const canvas = root.querySelector('.jupyter-matplotlib-canvas-div canvas');
  if (canvas) {
    const data = new Uint32Array(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data.buffer);
    let h = 0;
    for (let i = 0; i < data.length; i++) h = (Math.imul(h, 31) + data[i]) | 0;
    return String(h);
  }
  const img = root.querySelector('.jp-OutputArea-output img');
  if (!img || !img.complete || !img.naturalWidth) return '';
  const s = img.src;
  let h = 0;
  for (let i = 0; i < s.length; i += 7) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return s.length + ':' + h;
}
"""

# Milliseconds from the last keydown to the first animation frame whose figure differs from ``before``.
WAIT_CHANGE = """
async ([before, limit]) => {
  const sig = SIGNATURE;
  const root = document.querySelector('.skewplot-widget');
  while (true) {
    await new Promise(r => requestAnimationFrame(r));
    const now = performance.now();
    const s = sig(root);
    if (s && s !== before) return now - window.__keydown;
    if (now - window.__keydown > limit) return -1;
  }
}
""".replace("SIGNATURE", SIGNATURE.strip())

WAIT_STILL = """
async ([quiet, limit]) => {
  const sig = SIGNATURE;
  const root = document.querySelector('.skewplot-widget');
  let last = sig(root), since = performance.now();
  const start = since;
  while (performance.now() - since < quiet && performance.now() - start < limit) {
    await new Promise(r => setTimeout(r, 20));
    const s = sig(root);
    if (s !== last) { last = s; since = performance.now(); }
  }
  return last;
}
""".replace("SIGNATURE", SIGNATURE.strip())


def measure(lab, chromium, backend, args, shots):
    from playwright.sync_api import expect

    data = f"__import__('runpy').run_path({str(HERE / 'fraud_data.py')!r})['fraud_points']({int(args.n)})"
    nb = widget_notebook(lab["root"], "bench", backend, f"sp.widgets.explorer({data})")
    out = {}
    with opened(lab, chromium, nb, shots, f"bench-{backend}", {"width": 1280, "height": 1000}) as page:
        page.set_default_timeout(180_000)
        widget = page.locator(".skewplot-widget")
        expect(widget).to_have_count(1, timeout=180_000)
        expect(widget.locator(".skewplot-readout")).to_contain_text("AUCPR", timeout=180_000)
        page.evaluate("() => document.addEventListener('keydown', () => { window.__keydown = performance.now(); },"
                      " true)")
        page.evaluate(WAIT_STILL, [1000, 30_000])
        for name, label in SLIDERS.items():
            handle = widget.locator(".widget-slider", has_text=label).first.locator(".noUi-handle").first
            handle.scroll_into_view_if_needed()
            page.mouse.move(1, 1)  # off the figure: ipympl's toolbar fades in under the mouse
            times = []
            for k in range(args.steps):
                handle.focus()
                before = page.evaluate(WAIT_STILL, [args.settle, 30_000])
                page.keyboard.press("ArrowRight" if (k // 5) % 2 == 0 else "ArrowLeft")
                ms = page.evaluate(WAIT_CHANGE, [before, 30_000])
                if ms >= 0:
                    times.append(ms)
            out[name] = times
        page.evaluate(WAIT_STILL, [args.settle, 30_000])
        widget.scroll_into_view_if_needed()
        page.mouse.move(1, 1)
        page.screenshot(path=str(shots / f"bench_explorer_{backend}.png"))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--settle", type=int, default=400, help="ms the figure must stay still before a key")
    parser.add_argument("--shots", default=str(HERE.parent / "artifacts"))
    args = parser.parse_args()
    shots = pathlib.Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}")
    results = {}
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, jupyter_lab(pathlib.Path(tmp)) as lab, sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        for backend in ("widget", "inline"):
            t0 = time.perf_counter()
            results[backend] = measure(lab, chromium, backend, args, shots)
            print(f"{backend}: {time.perf_counter() - t0:.0f} s")
        chromium.close()
    print(f"{'control':<10} {'backend':<8} {'steps':>5} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for name in SLIDERS:
        for backend, label in (("widget", "ipympl"), ("inline", "inline")):
            ms = sorted(results[backend][name])
            if not ms:
                print(f"{name:<10} {label:<8} {'no change seen':>5}")
                continue
            p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
            print(f"{name:<10} {label:<8} {len(ms):>5} {statistics.median(ms):>10.1f} {p90:>8.1f} {ms[-1]:>8.1f}")
        both = [results[b][name] for b in ("widget", "inline")]
        if all(both):
            print(f"{'':<10} ipympl / inline median: {statistics.median(both[0]) / statistics.median(both[1]):.2f}")
    print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
