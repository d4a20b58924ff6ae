"""Speed of a skew-slider change on a 1e6-threshold PR curve, as a ratio to np.sort.

Target: one slider update plus an Agg draw of the figure <= 30 ms (median).
Measured on ``interactive_pr`` (the same code path as under ipympl, where the
slider moves the artists and the same canvas is redrawn); also reported: the
parts (Display.update alone, the Agg draw alone), ipympl's real frame
(Agg draw + the PNG diff it sends) and the inline backend (update + a PNG of
the whole figure).  The y label of a PR display holds the skew inside
mathtext, so each new skew costs a fresh mathtext parse: the row "Agg draw
after a new mathtext y label" shows how much.  Every time is compared with ``np.sort`` of 1e6 floats
measured in the same run.

Run:  python benchmarks/bench_widgets.py [--n 1e6] [--repeat 25]
"""

import argparse
import os
import statistics
import sys
import time

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))

import skewplot as sp  # noqa: E402


def median_ms(fn, values):
    """Median wall time (ms) of ``fn(v)`` over ``values``."""
    times = []
    for v in values:
        t0 = time.perf_counter()
        fn(v)
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times)


def skews(repeat):
    # alternate far-apart skews so that no two consecutive updates are alike
    grid = np.geomspace(1e-3, 0.6, repeat)
    return [float(v) for v in np.r_[grid[::2], grid[1::2][::-1]]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6, help="number of samples (distinct scores)")
    parser.add_argument("--repeat", type=int, default=25)
    args = parser.parse_args()
    n = int(args.n)
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(np.int8)
    score = rng.normal(size=n) + 1.5 * y
    pts = sp.operating_points(y, score)
    values = skews(args.repeat)
    x = rng.random(n)
    sort_ms = 1e3 * statistics.median([_timed(lambda: np.sort(x)) for _ in range(7)])
    print(f"curve: {len(pts):,} thresholds; np.sort of {n:,} floats: {sort_ms:.1f} ms (median of 7)")

    # The widget, its figure on an Agg canvas that draws synchronously on draw_idle (as ipympl renders).
    w = sp.widgets.interactive_pr(pts, skew=0.1)
    FigureCanvasAgg(w.figure)
    w.backend = "agg"  # no inline PNG: measure the slider -> update -> draw path alone
    w.figure.canvas.draw()

    def slider(v):
        w.controls["skew"].value = v

    total = median_ms(slider, values)
    disp = w.displays["pr"]
    base = matplotlib.backend_bases.FigureCanvasBase(w.figure)  # draw_idle does nothing: update alone
    update = median_ms(lambda v: disp.update(skew=v), values)
    FigureCanvasAgg(w.figure)
    draw = median_ms(lambda v: w.figure.canvas.draw(), values)
    del base

    def draw_new_label(v):  # what PRDisplay does on each skew: a y label with the number inside mathtext
        disp.ax_.set_ylabel(f"Precision $P_{{\\pi'={v * 1.0001:.6g}}}$")
        w.figure.canvas.draw()

    relabel = median_ms(draw_new_label, values)
    rows = [("slider update + Agg draw (target <= 30 ms)", total),
            ("  Display.update alone", update),
            ("  Agg draw alone (unchanged labels)", draw),
            ("  Agg draw after a new mathtext y label", relabel)]

    try:  # ipympl's frame: the Agg draw plus the PNG diff it sends to the browser
        import matplotlib.pyplot as plt

        plt.switch_backend("module://ipympl.backend_nbagg")
        wi = sp.widgets.interactive_pr(pts, skew=0.1)
        canvas = wi.figure.canvas
        canvas.draw_idle = lambda *a, **k: None  # no browser: render the frame by hand below

        def ipympl_frame(v):
            wi.controls["skew"].value = v
            canvas.draw()
            canvas.get_diff_image()

        rows.append(("ipympl frame: update + draw + PNG diff", median_ms(ipympl_frame, values)))
        plt.close("all")
        plt.switch_backend("Agg")
    except ImportError:
        pass

    inline = sp.widgets.interactive_pr(pts, skew=0.1)  # inline backend: update + a PNG of the figure
    rows.append(("inline backend: update + PNG re-show", median_ms(lambda v: setattr(inline.controls["skew"], "value", v),
                                                                   values)))

    print(f"{'path':<44} {'median ms':>10} {'/ np.sort':>10}")
    for name, ms in rows:
        print(f"{name:<44} {ms:>10.1f} {ms / sort_ms:>10.2f}")


def _timed(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


if __name__ == "__main__":
    main()
