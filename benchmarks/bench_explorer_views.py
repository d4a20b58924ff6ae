"""ipympl's zoom, Home and corner resize of the explorer, in the kernel, without a browser (issue 44).

The explorer is built under ipympl on ``fraud_data.fraud_points`` (2 x 1e6
rows by default) and a small stand-in for ipympl's page answers the canvas'
messages as the page does (``ipympl/src/mpl_widget.ts``): one ``draw``
request in flight at a time (a new request waits for the image), a
``refresh`` after each ``resize``, resizes sent one at a time with the
latest size kept for later.  The gestures are sent as the page sends them:
the toolbar's zoom button, a drag of the mouse over the PR panel, Home, and
a drag of the resize corner (its moves arrive while the kernel is busy, so
two resizes are sent: the first size and the last), 80 x 60 px ("resize")
and 30 x 24 px ("nudge").  Both cross forms, each way: at the default size
(540 x 800 px) the cost panel's y label "Normalised expected cost" has
8 px of its panel's height to spare, the P-bar-R panel's title 6 px of its
width, and the PR panels' x axes are at the edge of 5 ticks rather than 3,
so even the nudge takes the label onto two lines, drops the title's
", uniform", and shortens the ROC panel's x label to "FPR" (and back): each
resize of either gesture needs a constrained layout (the grid's move,
``Layout._scaled``, does not apply).

Each gesture is timed, wall and CPU, from the message that ends it (the
mouse's release, Home's click, the first resize) to the first image sent
("first") and to the last one before the kernel has nothing left to do
("settled"), with the number of full draws and images.  The browser's own
time (decoding, painting, the websocket) is not in these numbers: see
``bench_explorer_browser.py --views``.  Goal: 300 ms.

Run::

    python benchmarks/bench_explorer_views.py [--n 1e6] [--repeats 3] [--profile zoom|home|resize|nudge]
"""

import argparse
import asyncio
import collections
import cProfile
import json
import os
import pstats
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

from fraud_data import fraud_points  # noqa: E402


class Page:
    """ipympl's page as the kernel sees it: the messages it answers, and when each image arrived."""

    def __init__(self, canvas, loop=False):
        self.canvas = canvas
        self.loop = loop  # answer on an asyncio loop, as ipykernel does (timers and callbacks between messages)
        self.outbox = collections.deque()  # messages to the kernel
        self.waiting = False  # a draw asked for, its image not yet here
        self.resizing = False
        self.later = None  # the size of a resize asked for while one is in flight
        self.images = []  # perf_counter of each image sent
        canvas.send = self.receive  # the comm: every message and image the canvas sends (ipympl's Canvas.send)
        self.post({"type": "initialized"})
        self.settle()

    def receive(self, content, buffers=None):
        kind = json.loads(content["data"])["type"]
        if kind == "binary":
            self.images.append(time.perf_counter())
            self.waiting = False
        elif kind == "draw":
            self.ask_draw()
        elif kind == "resize":
            self.post({"type": "refresh"})
            self.resizing = False
            if self.later is not None:
                size, self.later = self.later, None
                self.resize(*size)

    def ask_draw(self):
        if not self.waiting:
            self.waiting = True
            self.post({"type": "draw"})

    def resize(self, width, height):
        if self.resizing:
            self.later = (width, height)
        else:
            self.resizing = True
            self.post({"type": "resize", "width": width, "height": height})

    def post(self, message):
        self.outbox.append(message)

    def settle(self):
        """Let the kernel answer every message (and the page answer the kernel) until both are still."""
        if self.loop:
            return asyncio.run(self._settle_on_loop())
        while self.outbox:
            message = self.outbox.popleft()
            self.canvas._handle_message(self.canvas, message, [])
            if not self.outbox and self.waiting:  # an image is made only when asked: should not happen
                raise RuntimeError("a draw was asked for and never answered")

    async def _settle_on_loop(self):
        """:meth:`settle` with each message handled by a running event loop, as in the kernel: a draw the kernel
        defers (a resize's wait for the drag's next size) is answered by its timer, and the work it leaves for
        after the image (the next step's measures) runs before the next message."""
        deadline = time.monotonic() + 30
        while self.outbox or self.waiting:
            if time.monotonic() > deadline:
                raise RuntimeError("a draw was asked for and never answered")
            if self.outbox:
                message = self.outbox.popleft()
                self.canvas._handle_message(self.canvas, message, [])
                await asyncio.sleep(0)
            else:
                await asyncio.sleep(0.001)
        await asyncio.sleep(0)  # what the last message left for later

    def mouse(self, kind, x, y, buttons):
        """A mouse event at ``(x, y)``, pixels from the canvas' top left, as the page sends it."""
        self.post({"type": kind, "x": x, "y": y, "button": 0, "buttons": buttons, "modifiers": [], "guiEvent": {}})


def timed(page, fig, act, profile=None):
    """Seconds from ``act``'s last message to the first and the last image, CPU seconds, images, full draws."""
    draws = []
    cid = fig.canvas.mpl_connect("draw_event", lambda e: draws.append(1))
    page.images.clear()
    act()  # the gesture's messages before its last one have been answered
    t0, c0 = time.perf_counter(), time.process_time()
    if profile is not None:
        profile.enable()
    page.settle()
    if profile is not None:
        profile.disable()
    cpu = time.process_time() - c0
    fig.canvas.mpl_disconnect(cid)
    images = [t - t0 for t in page.images if t >= t0]
    if fig.stale:
        raise RuntimeError("the figure is stale after the gesture")
    return (images[0] if images else float("nan"), images[-1] if images else float("nan"), cpu, len(images),
            len(draws))


def gestures(w, page):
    """The three gestures as the page sends them (each returns with the gesture's last message posted)."""
    canvas = w.figure.canvas
    width, height = canvas.get_width_height()
    ax = w.displays["pr"].ax_
    x0, y0, x1, y1 = ax.bbox.extents

    def zoom():
        page.post({"type": "toolbar_button", "name": "zoom"})
        top = height - y1
        a = (x0 + 0.3 * (x1 - x0), top + 0.3 * (y1 - y0))
        page.mouse("button_press", *a, 1)
        for k in range(1, 6):
            page.mouse("motion_notify", a[0] + 8 * k, a[1] + 6 * k, 1)
        page.settle()
        page.mouse("button_release", a[0] + 40, a[1] + 30, 0)

    def home():
        page.post({"type": "toolbar_button", "name": "zoom"})  # zoom mode off, as the benchmark in the browser
        page.settle()
        page.post({"type": "toolbar_button", "name": "home"})

    def drag(width, height):
        sign = [-1]

        def resize():
            sign[0] = -sign[0]
            w_, h_ = canvas.get_width_height()
            page.resize(w_ - sign[0] * width // 5, h_ - sign[0] * height // 5)  # the corner's first move
            page.resize(w_ - sign[0] * width, h_ - sign[0] * height)  # its last, while the first is in flight

        return resize

    # resize: 80 x 60 px; nudge: 30 x 24 px. Both cross label forms and tick counts at the default size (see the
    # module's docstring): each resize is a constrained layout
    return {"zoom": zoom, "home": home, "resize": drag(80, 60), "nudge": drag(30, 24)}


def measure(w, repeats, profile=None, profiled=None, loop=False):
    """``{gesture: [timed(...) of each repeat]}`` of the explorer ``w`` under ipympl, answered by a :class:`Page`:
    zoom, Home and resize ``repeats`` times in turn, then the nudge from the default size (``profiled``: the
    gesture ``profile`` records)."""
    page = Page(w.figure.canvas, loop)
    results = collections.defaultdict(list)
    acts = gestures(w, page)
    for _ in range(repeats):
        for name in ("zoom", "home", "resize"):
            results[name].append(timed(page, w.figure, acts[name], profile if name == profiled else None))
    if repeats % 2:  # back to the default size, where the nudge starts
        acts["resize"]()
        page.settle()
    for _ in range(repeats):
        results["nudge"].append(timed(page, w.figure, acts["nudge"], profile if profiled == "nudge" else None))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e6)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", default=None, help="profile this gesture (zoom, home, resize, nudge)")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--loop", action="store_true", help="answer the messages on an asyncio loop, as ipykernel "
                        "does (a resize's draw then waits for the drag's next size, see widgets._requests)")
    args = parser.parse_args()
    import matplotlib

    matplotlib.use("module://ipympl.backend_nbagg")
    import skewplot as sp

    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}")
    points = fraud_points(int(args.n))
    t0 = time.perf_counter()
    w = sp.widgets.explorer(points)
    print(f"build: {time.perf_counter() - t0:.2f} s")
    profile = cProfile.Profile() if args.profile else None
    results = measure(w, args.repeats, profile, args.profile, args.loop)
    print(f"{'gesture':<8} {'first s':>8} {'settled s':>10} {'CPU s':>7} {'images':>7} {'full draws':>11}   "
          "(medians; goal 0.3 s)")
    for name, rows in results.items():
        first, settled, cpu, images, draws = (statistics.median(col) for col in zip(*rows, strict=True))
        print(f"{name:<8} {first:>8.3f} {settled:>10.3f} {cpu:>7.3f} {images:>7.0f} {draws:>11.0f}"
              f"   CPU {', '.join(f'{row[2]:.2f}' for row in rows)}")
    print(f"layouts after the first: {w._layout.count} ({getattr(w._layout, 'gained_line', '?')} at once: a label "
          f"on a line more), resizes by the grid: {w._layout.scaled}; frames: {w.frames.counts}")
    print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.top)
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
