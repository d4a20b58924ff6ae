"""Explorer on realistic data: build and every control step, kernel side, under both backends.

Data: ``fraud_data.fraud_points`` (issue 29's case), two models x 1e6 rows,
1 % positives, ~1e6 distinct scores each (one model float32).  Targets:
build <= 5 s; every control step <= 40 ms in the kernel (compute + Agg
frame), the threshold control's included (issue 32); ipympl no slower than inline.  Also the weighted ("normal fit")
range step of ``interactive_integrated_pr``: <= 200 ms, or the status line
says "computing…" before it starts.  Steps alternate far-apart values so
that no two are alike; the skew takes the slider's own steps up from 2e-4.  Each time is also printed as
a ratio to ``np.sort`` of 1e6 floats measured in the same run, with the load
average, because the machine is shared.

``--busy`` keeps one core busy with another process (a Python loop) while
it measures: the kernel of a notebook on a laptop seldom has the machine to
itself.  ``--backends kernel`` measures the Agg frames alone.

Run:  python benchmarks/bench_explorer.py [--n 1e6] [--repeat 15] [--busy] [--backends kernel,inline,ipympl]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))

from _timing import np_sort_ms, step_times  # noqa: E402
from fraud_data import fraud_points  # noqa: E402

import skewplot as sp  # noqa: E402

#: Issue 29's targets: build, a control step (kernel), a weighted range step.
TARGET_MS = {"build": 5000.0, "step": 40.0, "weighted": 200.0}


def control_step_times(w, name, values):
    """Milliseconds of each step ``controls[name].value = v``."""
    return step_times(lambda v: setattr(w.controls[name], "value", v), values)


def moves(repeat):
    def zigzag(grid):
        return [float(v) for v in np.r_[grid[::2], grid[1::2][::-1]]]

    return {
        # the skew slider's own steps (50 a decade), from 2e-4 up (the log axes' ends are fixed over the
        # slider's range: no step is a full draw, the "full draws" row checks it)
        "skew": [float(v) for v in 2e-4 * 10 ** (np.arange(1, 3 * repeat + 1) / 50)],
        "skew_range": [(0.005, float(h)) for h in zigzag(np.linspace(0.05, 0.5, repeat))],
        "f_alpha": zigzag(np.linspace(0.1, 0.9, repeat)),
        "m": zigzag(np.linspace(0.2, 0.8, repeat)),
    }


def explorer_rows(points, repeat, backend):
    import matplotlib.pyplot as plt

    rows = []
    if backend == "ipympl":
        plt.switch_backend("module://ipympl.backend_nbagg")
    t0 = time.perf_counter()
    w = sp.widgets.explorer(points)
    rows.append((f"{backend}: build", 1e3 * (time.perf_counter() - t0), None))
    if backend == "ipympl":
        canvas = w.figure.canvas
        canvas.send_binary = lambda data: None  # no browser: the PNG is made, not sent
        canvas.syncing_data_url = False  # as after the page's "initialized" (else each frame is encoded twice)
        canvas.draw_idle = canvas.draw  # the browser answers a request for a draw with one at once
        w.figure.canvas.draw()  # the browser's first draw request
    elif backend == "kernel":
        w._show = lambda: None  # the Agg frame alone, no PNG
    draws = w.frames.counts["draw"]
    for name, values in moves(repeat).items():
        cpu0 = time.process_time()
        ms = control_step_times(w, name, values)
        cpu = 1e3 * (time.process_time() - cpu0) / len(values)
        rows.append((f"{backend}: step {name}", statistics.median(ms), max(ms)))
        rows.append(("  CPU of the process per step (mean)", cpu, None))
    rows += threshold_rows(w, repeat, backend)
    rows.append((f"{backend}: full draws among the steps", w.frames.counts["draw"] - draws, None))
    plt.close("all")
    plt.switch_backend("Agg")
    return rows


def threshold_rows(w, repeat, backend):
    """The threshold control: slider steps as the page sends them (ranks), then a precision target's steps."""
    slider = w.controls["threshold"].slider_
    ranks = np.linspace(0.02, 0.98, 3 * repeat) * slider.max
    ms = step_times(lambda r: setattr(slider, "value", int(r)), list(np.r_[ranks[::2], ranks[1::2][::-1]]))
    rows = [(f"{backend}: step threshold", statistics.median(ms), max(ms))]
    w.controls["threshold_mode"].value = "precision"
    ms = control_step_times(w, "target", [float(v) for v in np.linspace(0.05, 0.6, repeat)])
    rows.append((f"{backend}: step precision target", statistics.median(ms), max(ms)))
    ms = control_step_times(w, "skew", [float(v) for v in 0.01 * 10 ** (np.arange(1, repeat + 1) / 50)])
    rows.append((f"{backend}: step skew, precision target", statistics.median(ms), max(ms)))
    w.controls["threshold_mode"].value = "threshold"
    return rows


def weighted_rows(points, repeat):
    w = sp.widgets.interactive_integrated_pr(points, observed=[0.002, 0.005, 0.01, 0.02])
    w._show = lambda: None
    seen = []
    w.status.observe(lambda change: seen.append(change["new"]), names="value")
    ms = control_step_times(w, "skew_range", [(0.001, float(h)) for h in np.linspace(0.03, 0.1, max(3, repeat // 3))])
    busy = sum("computing" in s for s in seen)
    return [("weighted range step (normal fit)", statistics.median(ms), max(ms)),
            ("  steps announced as 'computing…'", busy, None)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--busy", action="store_true", help="keep one core busy with another process")
    parser.add_argument("--backends", default="kernel,inline,ipympl")
    args = parser.parse_args()
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.busy else None
    try:
        run(args)
    finally:
        if busy is not None:
            busy.kill()
            busy.wait()


def run(args):
    n = int(args.n)
    x = np.random.default_rng(0).random(n)
    sort_ms = np_sort_ms(x)
    t0 = time.perf_counter()
    points = fraud_points(n)
    points_ms = 1e3 * (time.perf_counter() - t0)
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}"
          f"{'; one core kept busy by another process' if args.busy else ''}")
    print(f"data: 2 x {n:,} rows, {len(points['gbm']):,} and {len(points['logistic']):,} thresholds; "
          f"operating points {points_ms:.0f} ms; np.sort of {n:,} floats {sort_ms:.1f} ms")
    rows = [("operating points of both models", points_ms, None)]
    for backend in args.backends.split(","):
        try:
            rows += explorer_rows(points, args.repeat, backend)
        except ImportError:
            rows.append((f"{backend}: not installed", float("nan"), None))
    rows += weighted_rows(points, args.repeat)
    print(f"{'path':<46} {'median ms':>10} {'max ms':>9} {'/ np.sort':>10} {'/ target':>9}")
    for name, ms, worst in rows:
        if "announced" in name or "full draws" in name:
            print(f"{name:<46} {ms:>10d}")
            continue
        target = TARGET_MS["weighted" if "weighted" in name else "build" if "build" in name else "step"]
        # CPU time per step: what a step costs with no other process competing for the cores (wall time on
        # this shared machine is several times that)
        target = f"{ms / target:.2f}" if "step" in name or "build" in name or "CPU" in name else ""
        print(f"{name:<46} {ms:>10.1f} {'' if worst is None else f'{worst:.1f}':>9} {ms / sort_ms:>10.2f} "
              f"{target:>9}")
    print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
