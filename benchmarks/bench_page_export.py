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

The explorer (``--widget explorer``, four controls and the PRG panel: its
page draws the curves itself, see ``skewplot/widgets/page/scene.py``) is
measured the same way, each control stepped in turn, and so is
``interactive_integrated_pr`` under a weighting (``--widget integrated``:
the normal fitted to observed skews, starting over the whole range, where
the page sums every gap's quadrature rule); the explorer's threshold control is
stepped too (its slider by rank, and the precision target, whose step searches
every classifier's running maximum, ``runtime/threshold.js``), and its button
pressed; ``--busy`` writes it a second time while
another process keeps a core busy (a pure-Python loop, ended by its pid).

Run:  python benchmarks/bench_page_export.py [--n 1e6] [--steps 40] [--no-browser] [--widget pr|explorer|integrated]
      [--busy]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

import skewplot as sp  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# The wall time from a step of slider ``k`` to the next animation frame after the page has painted.
_STEP = """async (k) => {
  const t0 = performance.now();
  const s = document.querySelectorAll("input[type=range]")[k];
  const v = +s.value;
  s.value = v > 0 ? v - 1 : v + 1;
  s.dispatchEvent(new Event("input"));
  await new Promise(r => requestAnimationFrame(() => r()));
  return [performance.now() - t0, window.skewplotPage.lastPaintMs];
}"""


_BUTTON = """async () => {
  const t0 = performance.now();
  document.querySelector("button[data-control='choose_button']").click();
  await new Promise(r => requestAnimationFrame(() => r()));
  return [performance.now() - t0, window.skewplotPage.lastPaintMs];
}"""


def _write(w, path):
    t0, c0 = time.perf_counter(), time.process_time()
    info = w.save_html(path)
    return info, time.perf_counter() - t0, time.process_time() - c0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6, help="scores per classifier")
    parser.add_argument("--steps", type=int, default=40, help="control steps timed in the browser")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--widget", choices=("pr", "explorer", "integrated"), default="pr")
    parser.add_argument("--busy", action="store_true", help="write again with another process keeping a core busy")
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
    if args.widget == "pr":
        w = sp.widgets.interactive_pr(data)
    elif args.widget == "explorer":  # with its PRG panel and threshold control (the page's own rows of controls)
        w = sp.widgets.explorer(data, prg=True)
    else:  # P̄ weighted by the normal fitted to observed skews, over the whole slider: every gap's rule summed
        w = sp.widgets.interactive_integrated_pr(data, observed=[0.05, 0.1, 0.2, 0.12])
        w.controls["weighting"].value = "normal fit"
        w.controls["skew_range"].value = (0.0, 1.0)
    path = os.path.join(tempfile.mkdtemp(), f"{args.widget}.html")
    info, write_s, cpu_s = _write(w, path)
    size_mb = os.path.getsize(path) / 1e6
    how = "drawn in the page" if info.get("drawn") else f"distinct tables: {info['distinct_tables']}"
    print(f"{args.widget}: states: {info['states']}; {how}")
    print(f"write: {write_s:.2f} s  (budget 10 s: ratio {write_s / 10:.2f}; {write_s / sort_s:.0f} x np.sort); "
          f"CPU {cpu_s:.2f} s; load {os.getloadavg()[0]:.2f}")
    print(f"size:  {size_mb:.2f} MB (budget 10 MB: ratio {size_mb / 10:.2f})")
    if args.busy:
        burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        try:
            time.sleep(0.5)
            _, busy_s, busy_cpu = _write(w, path)
        finally:
            burner.kill()
            burner.wait()
        print(f"write with a core kept busy: {busy_s:.2f} s (ratio {busy_s / 10:.2f}); CPU {busy_cpu:.2f} s")
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
        n_controls = page.evaluate("document.querySelectorAll('input[type=range]').length")
        per = {}
        for k in range(n_controls):
            name = page.evaluate(f"document.querySelectorAll('input[type=range]')[{k}].dataset.control")
            per[f"{name}#{k}"] = [page.evaluate(_STEP, k) for _ in range(args.steps)]
        if args.widget == "explorer":  # the threshold control in target mode, and its button
            page.select_option("select[data-control='threshold_mode']", "1")
            k = page.evaluate("[...document.querySelectorAll('input[type=range]')].findIndex("
                              "s => s.dataset.control === 'target')")
            per[f"target (precision)#{k}"] = [page.evaluate(_STEP, k) for _ in range(args.steps)]
            page.select_option("select[data-control='threshold_mode']", "0")
            per["choose threshold (least cost, 2 x n points)"] = [page.evaluate(_BUTTON) for _ in range(5)]
        browser.close()
    print(f"open (parse and decode every image): {load_s:.2f} s")
    for name, steps in per.items():
        walls, paints = zip(*steps, strict=True)
        print(f"step {name}: to next frame median {statistics.median(walls):.1f} ms, max {max(walls):.1f} ms "
              f"(budget 50 ms: ratio {max(walls) / 50:.2f}); the page's paint: median "
              f"{statistics.median(paints):.2f} ms, max {max(paints):.2f} ms")


if __name__ == "__main__":
    main()
