"""A multi-control widget saved with ``save_html`` (curves drawn in the page), opened from disk in Chromium.

The page is opened with every request blocked; each control is stepped in
the page (keyboard) to several grid points while the widget is set to the
same state in this process.  After each step every polyline the page drew
(exposed as ``window.skewplotPage.drawn``, canvas pixels) must lie within
half a pixel of the kernel's artist transformed to pixels, both ways, the
skew marker's label must take the place the kernel's ``fit_marker_label``
gave it, and the table's text must equal the kernel's readout.  How long a step's
repaint takes is measured by ``benchmarks/bench_page_export.py``, not here:
a test on a loaded machine would time the load.
"""

import contextlib
import html
import json
import re

import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets import explorer, interactive_cost, interactive_fmeasure, interactive_integrated_pr
from skewplot.widgets.page.scene import range_nodes, scene_artists

HALF_PX = 0.5

pytestmark = pytest.mark.slow


def _open(chromium, path):
    context = chromium.new_context(offline=True, device_scale_factor=1)
    requests = []

    def block(route):
        requests.append(route.request.url)
        if route.request.url.startswith("file:"):
            return route.continue_()
        return route.abort()

    context.route("**/*", block)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_function("window.skewplotPage && window.skewplotPage.ready", timeout=60_000)
    return context, page, requests, errors


# Non-finite numbers (which JSON has not) written as Python's json reads them: NaN, Infinity, -Infinity.
_AS_JSON = ("(() => JSON.stringify({}, (k, v) => typeof v === 'number' && !Number.isFinite(v) ? '\\u0000' + v : v)"
            ".replace(/\"\\\\u0000(-?Infinity|NaN)\"/g, '$1'))()")


def _value(page, expression):
    """``page.evaluate(expression)`` for a large value (the polylines drawn: ~1e5 numbers), as JSON text.

    Playwright checks a value it receives node by node against its protocol in Python: for the drawn polylines
    that was two thirds of these tests' CPU (over 100 CPU-s for the explorer's walk), for one string it is nothing.
    """
    return json.loads(page.evaluate(_AS_JSON.format(expression)))


def _text(fragment):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _pixels(artist, height):
    """The kernel's artist as canvas pixels (y down): a polyline, or a list of them for a collection."""
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Patch

    if isinstance(artist, LineCollection):
        t = artist.get_transform()
        return [_flip(t.transform(np.asarray(seg, dtype=float)), height) for seg in artist.get_segments()]
    if isinstance(artist, Patch):
        return _flip(artist.get_verts(), height)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _flip(artist.get_transform().transform(np.asarray(artist.get_xydata(), dtype=float)), height)


def _flip(xy, height):
    xy = np.asarray(xy, dtype=float).copy()
    xy[:, 1] = height - xy[:, 1]
    return xy[np.isfinite(xy).all(axis=1)]


def _farthest(a, b):
    """The largest distance from a vertex of ``a`` to the polyline ``b`` (pixels), exact where above half a pixel.

    The distance to ``b``'s nearest vertex bounds it from above: the vertices of ``a`` within half a pixel of
    one are settled by that (most are, the two polylines share their x grids), the others measured exactly.
    Where every vertex is settled, the largest bound (at most half a pixel) is returned.
    """
    from scipy.spatial import cKDTree

    if len(b) == 1:
        return float(np.max(np.hypot(*(a - b[0]).T))) if len(a) else 0.0
    if len(a):
        near = cKDTree(b).query(a)[0]
        settled = near <= HALF_PX
        if settled.all():
            return float(near.max())
        a = a[~settled]
    p, q = b[:-1], b[1:]
    d = q - p
    norm = np.maximum((d * d).sum(axis=1), 1e-300)
    worst = 0.0
    for chunk in np.array_split(a, max(1, len(a) // 256)):
        if not len(chunk):
            continue
        t = np.clip(((chunk[:, None, :] - p) * d).sum(axis=2) / norm, 0.0, 1.0)
        near = p + t[..., None] * d
        worst = max(worst, float(np.min(np.hypot(*(chunk[:, None, :] - near).transpose(2, 0, 1)), axis=1).max()))
    return worst


def _inside(xy, box):
    """Vertices within the Axes box (widened by a pixel): what the clip shows of both polylines."""
    x0, y0, w, h = box
    keep = (xy[:, 0] >= x0 - 1) & (xy[:, 0] <= x0 + w + 1) & (xy[:, 1] >= y0 - 1) & (xy[:, 1] <= y0 + h + 1)
    return xy[keep]


def _compare_span(span, shown, where):
    """The shaded range's left and right edges against the kernel's (x, width), from the left edge when it is 0."""
    ax = span.axes
    lo, hi = span.get_x(), span.get_x() + span.get_width()
    xs = [q[0] for q in shown]
    right = ax.transData.transform((hi, 1.0))[0]
    assert abs(max(xs) - right) <= HALF_PX, f"{where}: the range's right edge {max(xs):.2f} px, kernel {right:.2f}"
    if lo > 0:
        left = ax.transData.transform((lo, 1.0))[0]
        assert abs(min(xs) - left) <= HALF_PX, f"{where}: the range's left edge {min(xs):.2f} px, kernel {left:.2f}"
    else:
        assert min(xs) <= ax.bbox.x0, f"{where}: a range from 0 starts at the Axes' left edge"


def _compare(page, widget, where):
    """Every polyline the page drew against the kernel's artist of the same key; the table against the readout."""
    drawn = _value(page, "window.skewplotPage.drawn")
    height = widget.figure.bbox.height
    artists = scene_artists(widget)
    boxes = {ax: (ax.bbox.x0, height - ax.bbox.y1, ax.bbox.width, ax.bbox.height) for ax in widget.figure.axes}
    assert set(drawn) == set(artists), f"{where}: keys {sorted(set(drawn) ^ set(artists))}"
    for key, artist in artists.items():
        if key.endswith("/span"):  # the range's edges (a patch's vertices on a log axis are not its drawn edges)
            _compare_span(artist, drawn[key], where)
            continue
        kernel, shown = _pixels(artist, height), drawn[key]
        lines = list(zip(kernel, shown, strict=True)) if isinstance(kernel, list) else [(kernel, shown)]
        box = boxes[artist.axes]
        for k, (a, b) in enumerate(lines):
            b = np.asarray([q if q is not None else [np.nan, np.nan] for q in b], dtype=float).reshape(-1, 2)
            b = b[np.isfinite(b).all(axis=1)]
            a, b = _inside(np.asarray(a, float), box), _inside(b, box)  # what the Axes' clip shows of each
            if not len(a) and not len(b):  # nothing to show in either (a marker without a value)
                continue
            assert len(a) and len(b), f"{where}: {key} line {k}: kernel {len(a)}, page {len(b)} vertices"
            # a range from 0 on a log axis: the kernel's left edge is at -inf, the page's at the Axes' edge
            gap = _farthest(a, b) if key.endswith("/span") else max(_farthest(a, b), _farthest(b, a))
            assert gap <= HALF_PX, f"{where}: {key} line {k} is {gap:.2f} px from the kernel's"
    labels = page.evaluate("window.skewplotPage.labels")  # the skew marker's label: where fit_marker_label put it
    saved = page.evaluate("Object.fromEntries(window.skewplotPage.data.panels.filter(p => p.item.marker_text)"
                          ".map(p => [p.key, p.item.marker_text.boxes]))")
    for key, at in labels.items():
        t = widget.displays[key].skew_text_
        now, then = _boxes(widget.displays[key], t, height), np.asarray(saved[key], dtype=float).reshape(-1, 4)
        if now.shape != then.shape or not np.allclose(now, then, atol=0.5):
            continue  # the live panel's own legend moved off the curves; the page's stays where it was saved
        kernel = (t.get_text().strip(), t.get_horizontalalignment(), t.get_position()[1], t.get_verticalalignment())
        assert (at["label"], at["side"], at["frac"], at["va"]) == kernel, f"{where}: {key}'s label"
    titles = page.evaluate("window.skewplotPage.titles")
    assert titles == {key: widget.displays[key].ax_.get_title() for key in titles}, where  # fit_title's form
    shown = _text(page.evaluate("document.getElementById('skewplot-table').innerHTML"))
    assert shown == _text(widget.readout.value), where


def _boxes(disp, label, height):
    """What the kernel's skew label avoids besides lines: other texts and the panel's legend (as _page_label)."""
    from skewplot.widgets.page._label import _text_boxes

    return np.asarray(_text_boxes(disp, label, height), dtype=float).reshape(-1, 4)


def _step(page, name, index, end=None):
    """Set control ``name`` in the page the way a user does: focus its slider, Home, then arrow keys."""
    sel = f"input[data-control='{name}']" + ("" if end is None else f"[data-end='{end}']")
    slider = page.locator(sel)
    slider.focus()
    current = int(slider.input_value())
    key = "ArrowRight" if index > current else "ArrowLeft"
    for _ in range(abs(index - current)):
        page.keyboard.press(key)
    assert int(slider.input_value()) == index


def _grid(widget, name):
    from skewplot.widgets.page.export import control_grid

    return control_grid(widget.controls[name])[0]


def _start(page, widget):
    """The widget set to the page's starting state (the grid point nearest each control's value) and compared.

    Returns the grids the page steps through (taken now: a value set in the kernel off the skew slider's grid,
    its end, moves the live grid, the page keeps its own).
    """
    grids = {}
    for name, control in widget.controls.items():
        if name == "skew_range":
            grids[name] = range_nodes(control)[0]
            i, j = page.evaluate("window.skewplotPage.idx.skew_range")
            control.value = (grids[name][i], grids[name][j])
        elif name in ("skew", "m", "f_alpha"):
            grids[name] = _grid(widget, name)
            control.value = grids[name][page.evaluate(f"window.skewplotPage.idx['{name}']")]
        elif name == "weighting" and len(control.options) > 1:  # (one option: nothing to choose, no control)
            grids[name] = list(control.options)
            control.value = grids[name][page.evaluate("window.skewplotPage.idx.weighting")]
    _compare(page, widget, "start")
    return grids


def _jump(page, widget, grids, name, index):
    """Set control ``name`` in the page and in the widget at once (a click on the track): both see one state."""
    if name == "skew_range":
        end, k = index
        pair = page.evaluate("window.skewplotPage.idx.skew_range")
        pair[end] = k
        page.evaluate("([n, v]) => window.skewplotPage.set(n, v)", [name, pair])
        widget.controls[name].value = (grids[name][pair[0]], grids[name][pair[1]])
    else:
        page.evaluate("([n, v]) => window.skewplotPage.set(n, v)", [name, index])
        widget.controls[name].value = grids[name][index]


def _walk(page, widget, plan, jumps=()):
    """Step the page and the widget through ``plan`` [(control, index or (end, index))], comparing after each.

    Steps listed in ``jumps`` (their positions in ``plan``) go there at once (``_jump``), the others key by key
    (the kernel then takes every state between, each a full step; it paints only the last, see ``_unpainted``).
    """
    grids = _start(page, widget)
    for step, (name, index) in enumerate(plan):
        if step in jumps:
            _jump(page, widget, grids, name, index)
            _compare(page, widget, f"{name} => {index}")
            continue
        # the kernel takes every step the keys take: an axis whose ends only grow remembers each state it saw
        if name == "skew_range":
            end, k = index
            before = page.evaluate("window.skewplotPage.idx.skew_range")
            _step(page, name, k, end)
            pair = page.evaluate("window.skewplotPage.idx.skew_range")
            path = _path(before[end], pair[end])
            for i, j in enumerate(path):
                ends = list(pair)
                ends[end] = j
                with _unpainted(widget, i < len(path) - 1):
                    widget.controls[name].value = (grids[name][ends[0]], grids[name][ends[1]])
        else:
            before = page.evaluate(f"window.skewplotPage.idx['{name}']")
            _step(page, name, index)
            path = _path(before, index)
            for i, j in enumerate(path):
                with _unpainted(widget, i < len(path) - 1):
                    widget.controls[name].value = grids[name][j]
        _compare(page, widget, f"{name} -> {index}")


@contextlib.contextmanager
def _unpainted(widget, skip=True):
    """A step the kernel applies in full (its Displays, axes, labels and readout move) without painting its frame.

    The walks compare the page's polylines with the kernel's artists, never with its pixels: painting the states
    between two comparisons (the frame's blit and, inline, its PNG) was 80 % of the kernel's CPU in a key-by-key
    walk (the cost widget's 616 steps: 22.8 -> 3.9 CPU-s), and the artists at each comparison are the same to the
    bit whether the states between were painted or not (checked on the four walks of this file, 2026-11-30).
    The step compared is painted as before.
    """
    if not skip:
        yield
        return
    assert callable(widget.frames.redraw) and callable(widget._show)  # what a step paints with (_base._on_change)
    widget.frames.redraw = lambda axes=None: "draw"
    widget._show = lambda: None
    try:
        yield
    finally:
        del widget.frames.redraw, widget._show


def _path(start, stop):
    """The grid indices one key press at a time from ``start`` to ``stop`` (``stop`` last)."""
    step = 1 if stop >= start else -1
    return list(range(start + step, stop + step, step)) or [stop]


@pytest.fixture(scope="module")
def data_set():
    return sp.datasets.example_classifiers(n=1500, skew=0.2, random_state=3)


def _plan_envelope(widget, param):
    n_skew, n_param = len(_grid(widget, "skew")), len(_grid(widget, param))
    return [("skew", 0), (param, 0), ("skew", n_skew // 3), (param, n_param // 4), ("skew", n_skew - 1),
            (param, n_param - 1), ("skew", 2 * n_skew // 3), (param, n_param // 2)]


@pytest.mark.parametrize("make, param", [
    (lambda d: interactive_cost(d, skew=0.1), "m"),
    (lambda d: interactive_fmeasure(d, skew=0.1), "f_alpha"),
], ids=["cost", "fmeasure"])
def test_the_envelope_widgets_page_follows_the_kernel(chromium, data_set, tmp_path, make, param):
    widget = make(data_set)
    path = tmp_path / "page.html"
    info = widget.save_html(path)
    assert info["drawn"]
    context, page, requests, errors = _open(chromium, path)
    try:
        _walk(page, widget, _plan_envelope(widget, param))
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()


# The walk steps m from 0.99 to 1 with the skew at its lowest: the PC(+) axis' left end moved at 0.99 (its ends
# only grow), and at 1 the cost axis' bottom follows that lowest left end seen, not the state's own (the page's
# envelope was 18 px off before it did).
@pytest.mark.parametrize("rare", [False, True], ids=["linear-range", "log-range"])
def test_every_control_of_the_explorer_works_in_its_page(chromium, tmp_path, rare):
    data = sp.datasets.example_classifiers(n=3000, skew=0.01 if rare else 0.2, random_state=3)
    widget = explorer(data, skew=0.1, prg=True, threshold_control=False)  # the PRG panel too
    path = tmp_path / "explorer.html"
    widget.save_html(path)
    nodes = len(range_nodes(widget.controls["skew_range"])[0])
    n_skew = len(_grid(widget, "skew"))
    context, page, requests, errors = _open(chromium, path)
    try:
        plan = [("skew", 0), ("skew_range", (1, nodes - 1)), ("f_alpha", 0), ("m", 99), ("m", 100),
                ("skew", n_skew - 1), ("skew_range", (0, nodes // 3)), ("f_alpha", 100), ("m", 0),
                ("skew", n_skew // 2),
                ("skew_range", (1, nodes // 2)), ("skew_range", (0, nodes // 2 - 1)), ("f_alpha", 37), ("m", 63),
                ("skew", n_skew // 2 - 3), ("m", 66), ("f_alpha", 35), ("skew_range", (1, nodes // 2 + 2))]
        # the long moves at once (the kernel would take each state between: minutes), the last ones key by key
        _walk(page, widget, plan, jumps=range(14))
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()


@pytest.mark.parametrize("skew", [0.2, 0.01], ids=["linear-range", "log-range"])
def test_the_range_widgets_page_follows_the_kernel(chromium, tmp_path, skew):
    widget = interactive_integrated_pr(sp.datasets.example_classifiers(n=1500, skew=skew, random_state=3))
    path = tmp_path / "page.html"
    assert widget.save_html(path)["drawn"]
    nodes = len(range_nodes(widget.controls["skew_range"])[0])
    context, page, requests, errors = _open(chromium, path)
    try:
        plan = [("skew_range", (1, nodes - 1)), ("skew_range", (0, 1)), ("skew_range", (0, nodes // 3)),
                ("skew_range", (1, nodes // 2)), ("skew_range", (0, 0)), ("skew_range", (1, 1)),
                ("skew_range", (1, nodes - 2))]
        _walk(page, widget, plan)
        legend = page.evaluate("window.skewplotPage.legend")
        want = [t.get_text() for t in widget.displays["pr"].ax_.get_legend().get_texts()]
        assert all(text in want for text in legend), (legend, want)  # the legend's areas and baseline skew
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()


def test_the_weighted_range_widgets_page_follows_the_kernel(chromium, tmp_path):
    # P̄ under the normal fitted to observed skews (quadrature per gap of the range slider in the page), a range
    # in the density's far tail (7 to 9 sd from the mean), the weighting switched back and forth; then a range where
    # the density underflows to 0, which the page refuses as the live widget does
    data = sp.datasets.example_classifiers(n=1500, skew=0.01, random_state=3)
    widget = interactive_integrated_pr(data, observed=[0.005, 0.01, 0.02, 0.012])
    path = tmp_path / "page.html"
    assert widget.save_html(path)["drawn"]
    nodes = range_nodes(widget.controls["skew_range"])[0]
    tail = int(np.searchsorted(nodes, 0.06))
    context, page, requests, errors = _open(chromium, path)
    try:
        plan = [("weighting", 1), ("skew_range", (1, len(nodes) - 1)), ("skew_range", (0, 1)),
                ("skew_range", (0, len(nodes) // 3)), ("skew_range", (1, len(nodes) // 2)),
                ("skew_range", (1, tail + 3)), ("skew_range", (0, tail)), ("weighting", 0), ("weighting", 1),
                ("skew_range", (0, tail + 1))]
        _walk(page, widget, plan, jumps=range(len(plan)))
        legend = page.evaluate("window.skewplotPage.legend")
        want = [t.get_text() for t in widget.displays["pr"].ax_.get_legend().get_texts()]
        assert all(text in want for text in legend), (legend, want)
        before = page.evaluate("window.skewplotPage.idx.skew_range")
        page.evaluate("([n, v]) => window.skewplotPage.set(n, v)", ["skew_range", [len(nodes) - 2, len(nodes) - 1]])
        assert page.evaluate("window.skewplotPage.idx.skew_range") == before  # no weight there: refused
        with pytest.raises(ValueError, match="integrates to zero"):
            sp.SkewRange(nodes[-2], nodes[-1], weight=widget.weights["normal fit"]).nodes()
        assert errors == [] and [u for u in requests if not u.startswith("file:")] == []
    finally:
        context.close()
