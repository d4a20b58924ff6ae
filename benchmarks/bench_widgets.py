"""Speed of a skew-slider step on a 1e6-threshold PR curve, as a ratio to np.sort.

Target: one slider update plus an Agg draw of the frame <= 30 ms (median).
Measured on ``interactive_pr``: the slider sets the Display's artists
(``Display.update``), then the widget paints the frame on its Agg canvas by
restoring the static layer and drawing the moving artists over it (a blit,
pixel-identical to a full draw; see ``skewplot/widgets/_frames.py``).  Also
reported: the parts, the same step with a full Agg draw of the figure, the
inline backend (frame + its PNG) and ipympl's frame (blit + the whole-frame
PNG it sends).  Every time is compared with ``np.sort`` of 1e6 floats
measured in the same run.

Explorer (issue 13): ``explorer`` of two classifiers x ``--n`` points:
its build (target <= 5 s) and a step of each control (skew, skew range,
f_alpha, m; target <= 60 ms median, compute + Agg frame), then the same
steps with the inline backend's PNG (target <= 150 ms).

Run:  python benchmarks/bench_widgets.py [--n 1e6] [--repeat 25] [--only explorer|pr]
"""

import argparse
import os
import sys
import time

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))

from _timing import median_ms, np_sort_ms  # noqa: E402

import skewplot as sp  # noqa: E402


def skews(repeat):
    # alternate far-apart skews so that no two consecutive updates are alike
    grid = np.geomspace(1e-3, 0.6, repeat)
    return [float(v) for v in np.r_[grid[::2], grid[1::2][::-1]]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6, help="number of samples (distinct scores)")
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--only", choices=["pr", "explorer"], default=None)
    args = parser.parse_args()
    if args.only != "pr":
        bench_explorer(int(args.n), max(5, args.repeat // 2))
    if args.only == "explorer":
        return
    n = int(args.n)
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.1).astype(np.int8)
    score = rng.normal(size=n) + 1.5 * y
    pts = sp.operating_points(y, score)
    values = skews(args.repeat)
    x = rng.random(n)
    sort_ms = np_sort_ms(x)
    print(f"curve: {len(pts):,} thresholds; np.sort of {n:,} floats: {sort_ms:.1f} ms (median of 7)")

    w = sp.widgets.interactive_pr(pts, skew=0.1)
    png = w._show
    w._show = lambda: None  # the frame alone: no PNG for the inline Output

    def slider(v):
        w.controls["skew"].value = v

    total = median_ms(slider, values)
    assert w.frames.counts["blit"] >= len(values), w.frames.counts  # every step was a blit
    disp = w.displays["pr"]
    update = median_ms(lambda v: disp.update(skew=v, draw=False), values)
    paint = median_ms(lambda v: w.frames.redraw(), values)

    # The same step without frames: a plain PRDisplay on an Agg canvas, whose draw_idle draws it all.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=w.figure.get_size_inches(), layout="constrained")
    FigureCanvasAgg(fig)
    plain = sp.plot_pr(pts, skew=0.1, skew_label="title", ax=fig.subplots())
    fig.canvas.draw()
    fig.set_layout_engine("none")  # laid out once, as in the widget
    full = median_ms(lambda v: plain.update(skew=v), values)
    w._show = png
    inline = median_ms(slider, values[::-1])
    rows = [("slider update + Agg frame (target <= 30 ms)", total),
            ("  Display.update alone", update),
            ("  the frame alone (restore + moving artists)", paint),
            ("Display.update + full Agg draw (no frames)", full),
            ("inline backend: update + frame + PNG", inline)]

    try:  # ipympl: the same frame, then the whole-frame PNG it sends to the browser
        import matplotlib.pyplot as plt

        plt.switch_backend("module://ipympl.backend_nbagg")
        wi = sp.widgets.interactive_pr(pts, skew=0.1)
        canvas = wi.figure.canvas
        canvas.send_binary = lambda data: None  # no browser
        canvas.draw()  # the browser's first draw request: lays down the static layer
        rows.append(("ipympl: update + frame + PNG sent", median_ms(
            lambda v: setattr(wi.controls["skew"], "value", v), values)))
        assert wi.frames.last == "blit"
        plt.close("all")
        plt.switch_backend("Agg")
    except ImportError:
        pass

    print(f"{'path':<46} {'median ms':>10} {'/ np.sort':>10}")
    for name, ms in rows:
        print(f"{name:<46} {ms:>10.1f} {ms / sort_ms:>10.2f}")


def bench_explorer(n, repeat):
    rng = np.random.default_rng(1)
    points = {}
    for name, shift in (("a", 1.5), ("b", 1.0)):
        y = (rng.random(n) < 0.1).astype(np.int8)
        points[name] = sp.operating_points(y, rng.normal(size=n) + shift * y)
    x = rng.random(n)
    sort_ms = np_sort_ms(x)
    t0 = time.perf_counter()
    w = sp.widgets.explorer(points, skew=0.1)
    build_ms = 1e3 * (time.perf_counter() - t0)
    moves = {
        "skew": [float(v) for v in np.geomspace(0.01, 0.5, repeat)],
        "skew_range": [(0.05, float(h)) for h in np.linspace(0.2, 0.6, repeat)],
        "f_alpha": [float(v) for v in np.linspace(0.1, 0.9, repeat)],
        "m": [float(v) for v in np.linspace(0.1, 0.9, repeat)],
    }
    rows = [(f"explorer build, 2 x {n:.0e} points (target <= 5 s)", build_ms)]

    def step(name):
        return lambda v: setattr(w.controls[name], "value", v)

    show = w._show
    w._show = lambda: None  # the Agg frame alone
    for name, values in moves.items():
        rows.append((f"  step {name}: compute + Agg frame (<= 60 ms)", median_ms(step(name), values)))
    # every step a different control: each step rebuilds the cached layer under what it moves
    names = [name for _ in range(repeat) for name in moves]
    alternating = [(name, moves[name][(i // len(moves) + 1) % repeat]) for i, name in enumerate(names)]
    rows.append(("  alternating controls: compute + Agg frame", median_ms(lambda nv: step(nv[0])(nv[1]), alternating)))
    w._show = show
    for name, values in moves.items():
        rows.append((f"  step {name}: + inline PNG (<= 150 ms)", median_ms(step(name), values[::-1])))
    sort_after = np_sort_ms(x)
    print(f"explorer: np.sort of {n:,} floats {sort_ms:.1f} ms before, {sort_after:.1f} ms after")
    print(f"{'path':<52} {'ms':>10} {'/ np.sort':>10}")
    for name, ms in rows:
        print(f"{name:<52} {ms:>10.1f} {ms / sort_ms:>10.2f}")
    import matplotlib.pyplot as plt

    plt.close("all")


if __name__ == "__main__":
    main()
