"""Size, write time and repaint time of a saved page (``save_html``), as ratios to their budgets.

Targets (issue 33), for two classifiers of ``--n`` scores each (1e6 by
default, 10 % positives) in ``interactive_pr`` with its default skew
slider (1e-4 .. 0.9999, 50 steps a decade: about 200 states):
the file <= 10 MB, written in <= 10 s, and a control step in Chromium
repainted in <= 50 ms.  The repaint is measured two ways: the page's own
paint (``window.skewplotPage.lastPaintMs``: two ``drawImage`` calls and the
table) and the wall time from the key press to the next animation frame
after it.  Also reported: ``np.sort`` of ``--n`` floats in the same run, so
the times can be read against the machine's speed; on a loaded machine the CPU time of the write says
more than its wall time.

Run:  python benchmarks/bench_page_export.py [--n 1e6] [--steps 40] [--no-browser]
"""

import argparse
import os
import statistics
import tempfile
import time

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

import skewplot as sp  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# The wall time from a key press to the next animation frame after the page has painted.
_STEP = """async () => {
  const t0 = performance.now();
  const s = document.querySelector("input[type=range]");
  s.value = +s.value - 1;
  s.dispatchEvent(new Event("input"));
  await new Promise(r => requestAnimationFrame(() => r()));
  return [performance.now() - t0, window.skewplotPage.lastPaintMs];
}"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6, help="scores per classifier")
    parser.add_argument("--steps", type=int, default=40, help="control steps timed in the browser")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    n = int(args.n)
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(np.int8)
    data = {"strong": sp.operating_points(y, rng.normal(size=n) + 1.5 * y),
            "weak": sp.operating_points(y, rng.normal(size=n) + 0.6 * y)}
    x = rng.random(n)
    t0 = time.perf_counter()
    np.sort(x)
    sort_s = time.perf_counter() - t0
    print(f"two classifiers of {n:,} scores; np.sort of {n:,} floats: {1e3 * sort_s:.1f} ms; "
          f"load {os.getloadavg()[0]:.2f}")
    w = sp.widgets.interactive_pr(data)
    path = os.path.join(tempfile.mkdtemp(), "pr.html")
    t0, c0 = time.perf_counter(), time.process_time()
    info = w.save_html(path)
    write_s, cpu_s = time.perf_counter() - t0, time.process_time() - c0
    size_mb = os.path.getsize(path) / 1e6
    print(f"states: {info['states']}; distinct tables: {info['distinct_tables']}")
    print(f"write: {write_s:.2f} s  (budget 10 s: ratio {write_s / 10:.2f}; {write_s / sort_s:.0f} x np.sort; "
          f"{1e3 * write_s / info['states']:.0f} ms a state); CPU {cpu_s:.2f} s (both threads: the painting "
          f"thread and the encoders beside it)")
    print(f"size:  {size_mb:.2f} MB (budget 10 MB: ratio {size_mb / 10:.2f}; "
          f"{1e3 * size_mb / info['states']:.0f} kB a state)")
    if args.no_browser or not os.access(CHROMIUM, os.X_OK):
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        page = browser.new_context(offline=True).new_page()
        t0 = time.perf_counter()
        page.goto("file://" + path)
        page.wait_for_function("window.skewplotPage && window.skewplotPage.ready", timeout=120_000)
        load_s = time.perf_counter() - t0
        walls, paints = zip(*(page.evaluate(_STEP) for _ in range(args.steps)), strict=True)
        browser.close()
    print(f"open (parse and decode every frame): {load_s:.2f} s")
    print(f"step to next frame: median {statistics.median(walls):.1f} ms, max {max(walls):.1f} ms "
          f"(budget 50 ms: ratio {max(walls) / 50:.2f}); the page's paint: max {max(paints):.2f} ms")


if __name__ == "__main__":
    main()
