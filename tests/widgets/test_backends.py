"""The ipympl path (the canvas is the widget) and the ImportError without ipywidgets."""

import subprocess
import sys

import pytest

import skewplot as sp


@pytest.fixture
def ipympl_backend():
    import matplotlib.pyplot as plt

    old = plt.get_backend()  # before importing ipympl, which selects its own backend on import
    try:
        import ipympl  # noqa: F401
    except ImportError:
        plt.switch_backend(old)
        pytest.skip("ipympl is not installed")
    plt.switch_backend("module://ipympl.backend_nbagg")
    try:
        yield
    finally:
        plt.close("all")
        plt.switch_backend(old)


def _descendants(widget):
    for child in getattr(widget, "children", ()):
        yield child
        yield from _descendants(child)


@pytest.mark.slow  # loaded run 2026-11-29
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_canvas_is_in_the_layout_and_redrawn(ipympl_backend, two_classifiers, monkeypatch):
    import ipywidgets
    import matplotlib.pyplot as plt

    w = sp.widgets.interactive_pr(two_classifiers, skew=0.1)
    assert w.backend == "ipympl"
    canvas = w.figure.canvas
    assert isinstance(canvas, ipywidgets.DOMWidget)
    assert any(child is canvas for child in _descendants(w))
    figs = plt.get_fignums()
    calls = []
    monkeypatch.setattr(canvas, "draw_idle", lambda *a, **k: calls.append(1))
    w.controls["skew"].value = 0.02
    assert calls and w.figure.canvas is canvas
    assert plt.get_fignums() == figs
    assert w.readouts_["strong"]["AUC"] == pytest.approx(sp.aucpr(two_classifiers["strong"], skew=0.02))


def test_import_error_names_the_extra():
    code = (
        "import sys; sys.modules['ipywidgets'] = None\n"
        "try:\n    import skewplot.widgets\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert 'pip install "skewplot[widgets]"' in out


@pytest.mark.slow  # loaded run 2026-11-29
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_slider_step_blits_and_sends_the_changed_pixels(ipympl_backend, two_classifiers, monkeypatch):
    from .test_frames import assert_frame_is_full_draw

    w = sp.widgets.interactive_pr(two_classifiers, skew=0.1)
    canvas = w.figure.canvas
    sent = []
    monkeypatch.setattr(canvas, "send_binary", lambda data: sent.append(data))
    canvas.draw()  # what the browser's first "draw" request runs: lays down the static layer
    assert sent
    sent.clear()
    w.controls["skew"].value = 0.02
    assert w.frames.last == "blit"
    assert len(sent) == 1 and sent[0][:8] == b"\x89PNG\r\n\x1a\n"  # one diff image, sent at once
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # about 1 s: a widget and four full draws
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_draw_request_with_nothing_changed_resends_the_frame(ipympl_backend, two_classifiers, monkeypatch):
    """Issue 44: the page asks for a draw after each resize; a second full draw of the same state is not made."""
    from .test_frames import assert_frame_is_full_draw

    w = sp.widgets.interactive_pr(two_classifiers, skew=0.1)
    canvas = w.figure.canvas
    sent, draws = [], []
    monkeypatch.setattr(canvas, "send_binary", lambda data: sent.append(data))
    canvas.mpl_connect("draw_event", lambda event: draws.append(1))

    def ask():  # the page's request for a draw
        sent.clear()
        draws.clear()
        canvas.handle_event({"type": "draw"})
        assert len(sent) == 1 and sent[0][:8] == b"\x89PNG\r\n\x1a\n"
        return len(draws)

    assert ask() == 1  # the first: a full draw
    assert ask() == 0 and w.frames.resent == 1  # nothing changed: the frame shown, sent again
    w.controls["skew"].value = 0.02
    assert ask() == 0 and w.frames.resent == 2  # a control step's frame is the figure as it is
    assert_frame_is_full_draw(w)
    next(iter(w.displays["pr"].lines_.values())).set_color("k")  # a moving (animated) artist changed by hand
    assert ask() == 1
    w.displays["pr"].ax_.set_title("by hand")  # a static one
    assert ask() == 1
    w.figure.set_size_inches(5, 4)  # what the page's resize does before its request
    assert ask() == 1 and w.frames.resent == 2
    assert ask() == 0 and w.frames.resent == 3
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # about 3 s: an explorer and three full draws
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_zoom_repaints_only_the_zoomed_panel_and_shows_a_full_draw(ipympl_backend, two_classifiers,
                                                                           monkeypatch):
    """Issue 44: after a zoom that needs no new layout, the page's draw request paints the static layer again
    only where the zoomed panel is, and the moving artists of that panel only (the other panels keep the frame on
    show): no full draw, and the frame is the full draw's, pixel for pixel."""
    from .test_frames import assert_frame_is_full_draw

    w = sp.widgets.explorer(two_classifiers, skew=0.2)
    canvas = w.figure.canvas
    draws, painted = [], []
    monkeypatch.setattr(canvas, "send_binary", lambda data: None)
    canvas.mpl_connect("draw_event", lambda event: draws.append(1))
    canvas.handle_event({"type": "draw"})
    draw = w.frames.painter.draw
    monkeypatch.setattr(w.frames.painter, "draw", lambda artist: (painted.append(artist), draw(artist))[1])
    ax = w.displays["pr"].ax_
    home = ax.get_xlim(), ax.get_ylim()
    for zoom in ((0.2, 0.6), (0.3, 0.9)), home:  # a zoom, then Home
        ax.set_xlim(*zoom[0])
        ax.set_ylim(*zoom[1])
        for other in w.figure.axes:  # the toolbar keeps every Axes' position (and so marks every one stale)
            other.get_position()
        draws.clear()
        painted.clear()
        canvas.handle_event({"type": "draw"})
        assert not draws
        assert painted and {a.axes for a in painted} == {ax}
        assert_frame_is_full_draw(w)
    cost = w.displays["cost"]
    next(iter(cost.lines_.values())).set_color("k")  # a moving artist of another panel changed by hand, then a zoom
    ax.set_xlim(0.2, 0.6)
    ax.set_ylim(0.3, 0.9)
    draws.clear()
    painted.clear()
    canvas.handle_event({"type": "draw"})
    assert not draws and cost.ax_ in {a.axes for a in painted}  # that panel's moving artists painted too
    assert_frame_is_full_draw(w)
    ax.set_xlim(*home[0])
    ax.set_ylim(*home[1])
    canvas.handle_event({"type": "draw"})
    assert (w.frames.rebuilt, w._layout.count) == (4, 0)
    w.controls["m"].value = 0.3
    assert w.frames.last == "blit"
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # about 3 s: an explorer under ipympl, a full draw and four gestures' frames
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_toolbar_gesture_is_drawn_without_the_pages_request(ipympl_backend, two_classifiers, monkeypatch):
    """Issue 44: a zoom's release or Home told the page the figure changed, and the page asked for the draw back (a
    round trip of 50-100 ms in JupyterLab before the kernel started). Handled on the page's event loop, the gesture's
    message is followed by its frame, sent unasked: the page is not told to ask, the frame is a full draw's, and the
    figure is left fresh. Without a running loop (a script's canvas) the page is told, as before."""
    import asyncio

    from .test_frames import assert_frame_is_full_draw

    w = sp.widgets.explorer(two_classifiers, skew=0.2)
    canvas, ax = w.figure.canvas, w.displays["pr"].ax_
    sent, events = [], []
    monkeypatch.setattr(canvas, "send_binary", lambda data: sent.append(data))
    send_event = canvas.send_event
    monkeypatch.setattr(canvas, "send_event", lambda kind, **kw: (events.append(kind), send_event(kind, **kw))[1])
    canvas.handle_event({"type": "draw"})
    home = ax.get_xlim(), ax.get_ylim()
    height = canvas.get_width_height()[1]
    x0, y0, x1, y1 = ax.bbox.extents

    def mouse(kind, x, y, buttons):
        canvas.handle_event({"type": kind, "x": x, "y": height - y, "button": 0, "buttons": buttons,
                             "modifiers": [], "guiEvent": {}})

    def zoom():  # the toolbar's zoom: a rectangle dragged over the PR panel
        a = (x0 + 0.3 * (x1 - x0), y0 + 0.6 * (y1 - y0))
        mouse("button_press", *a, 1)
        mouse("motion_notify", a[0] + 30, a[1] - 20, 1)
        mouse("button_release", a[0] + 40, a[1] - 30, 0)

    async def page(gesture):
        sent.clear()
        events.clear()
        gesture()
        assert sent == []  # drawn once the message's handler returned
        await asyncio.sleep(0)
        assert len(sent) == 1 and sent[0][:8] == b"\x89PNG\r\n\x1a\n" and "draw" not in events
        assert not w.figure.stale

    canvas.handle_event({"type": "toolbar_button", "name": "zoom"})
    asyncio.run(page(zoom))
    assert (ax.get_xlim(), ax.get_ylim()) != home
    assert_frame_is_full_draw(w)
    canvas.handle_event({"type": "toolbar_button", "name": "zoom"})  # zoom mode off
    asyncio.run(page(lambda: canvas.handle_event({"type": "toolbar_button", "name": "home"})))
    assert (ax.get_xlim(), ax.get_ylim()) == home
    assert_frame_is_full_draw(w)
    assert w.frames.at_once == 2
    events.clear()
    sent.clear()
    canvas.handle_event({"type": "toolbar_button", "name": "back"})  # no loop runs: the page is told, and asks
    assert "draw" in events and sent == [] and w.frames.at_once == 2
    canvas.handle_event({"type": "draw"})
    assert len(sent) == 1 and (ax.get_xlim(), ax.get_ylim()) != home
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # about 2 s: an explorer under ipympl and three full draws
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_drag_is_drawn_once_at_its_last_size(ipympl_backend, two_classifiers, monkeypatch):
    """Issue 44: ipympl's page sends a corner drag's sizes one at a time and asks for a draw after each; each size
    on the way was drawn whole (~0.25 s each at 2 x 1e6) and the last one waited for them. A request soon
    after a size change (``settle``) waits, on the event loop that handles the messages (as the kernel's does),
    for the next size: the drag is drawn once, at its last size, and the page gets that frame. A request at the
    size of the latest frame (a zoom, or the page sending the size it has) is answered at once."""
    import asyncio

    from skewplot.widgets import _requests

    from .test_frames import assert_frame_is_full_draw

    monkeypatch.setattr(_requests, "RESIZE_SETTLE", 0.4)  # a loaded machine's stall between sizes stays within it
    monkeypatch.setattr(_requests, "SETTLE_RANGE", (0.4, 0.4))
    w = sp.widgets.explorer(two_classifiers, skew=0.2)
    canvas = w.figure.canvas
    sent, drawn = [], []
    monkeypatch.setattr(canvas, "send_binary", lambda data: sent.append(data))
    canvas.mpl_connect("draw_event", lambda event: drawn.append(tuple(canvas.get_width_height())))
    canvas.handle_event({"type": "draw"})  # no loop runs: answered at once
    assert len(drawn) == len(sent) == 1
    drawn.clear()
    sent.clear()
    width, height = canvas.get_width_height()

    async def page():
        for k in range(1, 4):  # a drag: each size, the page's refresh and its request for a draw, as the page sends
            canvas.handle_event({"type": "resize", "width": width + 20 * k, "height": height - 15 * k})
            canvas.handle_event({"type": "refresh"})
            canvas.handle_event({"type": "draw"})
            await asyncio.sleep(0.05)
        assert drawn == [] and sent == []  # each request waits for the next size
        for _ in range(500):
            if sent:
                break
            await asyncio.sleep(0.01)
        assert drawn == [(width + 60, height - 45)] and len(sent) == 1  # the timer's draw, whole
        deferred = w.frames.deferred  # (the timer asks again while sizes keep coming)
        assert deferred >= 1 and not w.figure.stale
        assert_frame_is_full_draw(w)
        sent.clear()
        canvas.handle_event({"type": "resize", "width": width + 60, "height": height - 45})  # the size it has
        w.displays["pr"].ax_.set_xlim(0.2, 0.6)  # and a zoom
        canvas.handle_event({"type": "draw"})
        assert len(sent) == 1 and w.frames.deferred == deferred  # drawn at once

    asyncio.run(page())


@pytest.mark.slow  # about 3 s: an explorer under ipympl and three full draws
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_drag_end_is_drawn_at_once(ipympl_backend, two_classifiers, monkeypatch):
    """Issue 44: ipympl's page says nothing when a corner drag ends, so a request for a draw waited ``settle`` for a
    next size. The figure's width probe sends the drag's last size on the page's mouseup: a request waiting at that
    size is answered at once, one still on its way is answered when its size comes (never an image at the size
    before it), and the next drag waits again."""
    import asyncio
    import time

    from skewplot.widgets import _requests

    from .test_frames import assert_frame_is_full_draw

    monkeypatch.setattr(_requests, "RESIZE_SETTLE", 3.0)  # far longer than the test: only the drag's end draws
    monkeypatch.setattr(_requests, "SETTLE_RANGE", (3.0, 3.0))
    w = sp.widgets.explorer(two_classifiers, skew=0.2)
    canvas, probe = w.figure.canvas, w._width_follower.probe
    sent, drawn = [], []
    monkeypatch.setattr(canvas, "send_binary", lambda data: sent.append(data))
    events = []
    send_event = canvas.send_event
    monkeypatch.setattr(canvas, "send_event", lambda kind, **kw: (events.append(kind), send_event(kind, **kw))[1])
    canvas.mpl_connect("draw_event", lambda event: drawn.append(tuple(canvas.get_width_height())))
    canvas.handle_event({"type": "draw"})
    drawn.clear()
    sent.clear()
    width, height = canvas.get_width_height()

    def size(k):
        canvas.handle_event({"type": "resize", "width": width + 20 * k, "height": height - 15 * k})
        canvas.handle_event({"type": "refresh"})
        canvas.handle_event({"type": "draw"})

    def drag_end(k):  # what the page's probe sends (floats: the pointer's position)
        probe._handle_custom_msg({"type": "drag_end", "width": width + 20 * k + 0.4, "height": height - 15 * k}, [])

    async def page():
        size(1)
        size(2)
        await asyncio.sleep(0.05)
        assert drawn == [] and sent == []  # waiting for a next size
        drag_end(2)
        assert drawn == [(width + 40, height - 30)] and len(sent) == 1  # at once, whole
        events.clear()
        canvas.handle_event({"type": "refresh"})  # the page's refresh of that size, after the frame
        assert "draw" not in events  # the page holds the figure as it is: nothing to ask for
        sent.clear()
        drawn.clear()
        canvas.handle_event({"type": "draw"})  # the page's later request at that size: the frame, no new draw
        assert drawn == [] and len(sent) == 1
        size(3)
        drag_end(4)  # the page's last size still on its way: nothing drawn at the size before it
        await asyncio.sleep(0.05)
        assert drawn == []
        events.clear()
        canvas.handle_event({"type": "resize", "width": width + 80, "height": height - 60})
        assert drawn == [(width + 80, height - 60)]  # the request held at size 3, answered once its size came
        canvas.handle_event({"type": "refresh"})
        canvas.handle_event({"type": "draw"})
        assert drawn == [(width + 80, height - 60)] and events.count("draw") == 1  # (the resize's own)
        await asyncio.sleep(0.05)
        drawn.clear()
        sent.clear()
        size(5)  # the next drag waits again
        await asyncio.sleep(0.05)
        assert drawn == [] and sent == []
        probe._handle_custom_msg({"type": "drag_end", "width": float("nan"), "height": 3}, [])  # ignored
        probe._handle_custom_msg({"type": "other"}, [])
        await asyncio.sleep(0.05)
        assert drawn == [] and sent == []
        drag_end(5)
        assert drawn == [(width + 100, height - 75)] and len(sent) == 1
        assert not w.figure.stale

    asyncio.run(page())
    assert_frame_is_full_draw(w)

    # a drag the page said started: no size drawn on the way, however late the next size comes (the page's round
    # trip under load outlasts settle's guess), until the drag's end; one whose end never comes, DRAG_END_WAIT on
    monkeypatch.setattr(_requests, "RESIZE_SETTLE", 0.02)
    monkeypatch.setattr(_requests, "SETTLE_RANGE", (0.02, 0.02))
    # (long against the loop's waits: a loaded machine stretches a 0.1 s sleep, never shortens the wait)
    monkeypatch.setattr(_requests, "DRAG_END_WAIT", 2.0)
    times = []
    canvas.mpl_connect("draw_event", lambda event: times.append(time.monotonic()))

    async def said():
        drawn.clear()
        sent.clear()
        probe._handle_custom_msg({"type": "drag_start"}, [])
        for k in (6, 7):
            size(k)
            await asyncio.sleep(0.1)
        assert drawn == [] and sent == []
        drag_end(7)
        assert drawn == [(width + 140, height - 105)] and len(sent) == 1
        drawn.clear()
        times.clear()
        probe._handle_custom_msg({"type": "drag_start"}, [])
        start = time.monotonic()
        size(8)
        for _ in range(1000):
            if drawn:
                break
            await asyncio.sleep(0.01)
        assert drawn == [(width + 160, height - 120)]
        assert times[0] - start >= 2.0  # held for the drag's end until DRAG_END_WAIT, then drawn
        drawn.clear()
        size(9)  # a size the page did not say was a drag's (the figure following its output): settle's wait
        await asyncio.sleep(0.2)
        assert drawn == [(width + 180, height - 135)]

    asyncio.run(said())


@pytest.mark.slow  # about 2 s: an explorer under ipympl and three full draws
@pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")
def test_ipympl_full_draw_sends_its_frame_before_measuring_the_next_steps_parts(ipympl_backend, two_classifiers,
                                                                                monkeypatch):
    """Issue 44: the parts of the static layer a full draw took (each Axes' region, the texts outside it, the
    static artists' boxes) are read only by the next step, zoom or Home. On the loop that handles the page's
    messages they are measured once the frame's PNG is sent, before the next message; a step of the controls
    finds them measured, and its frame is still a full draw's."""
    import asyncio

    from .test_frames import assert_frame_is_full_draw

    w = sp.widgets.explorer(two_classifiers, skew=0.2)
    canvas = w.figure.canvas
    at_send = []
    monkeypatch.setattr(canvas, "send_binary", lambda data: at_send.append(getattr(w.frames, "_unmeasured", None)))
    canvas.handle_event({"type": "draw"})  # no loop runs: measured at once, within the draw
    assert at_send == [None]
    at_send.clear()

    async def page():
        w.figure.set_size_inches(w.figure.get_size_inches() + 0.3)  # a new size: a full draw
        canvas.handle_event({"type": "draw"})
        assert len(at_send) == 1 and at_send[0] is not None  # the PNG left before the measures
        await asyncio.sleep(0)
        assert w.frames._unmeasured is None and w.frames._regions  # measured before the next message

    asyncio.run(page())
    assert not w.figure.stale and w.frames.fresh()
    w.controls["m"].value = 0.3
    assert w.frames.last == "blit"
    assert_frame_is_full_draw(w)
    ax = w.displays["pr"].ax_
    ax.set_xlim(0.2, 0.6)  # a zoom: the static layer painted again where the PR panel is, from those measures
    for other in w.figure.axes:
        other.get_position()
    canvas.handle_event({"type": "draw"})
    assert w.frames.rebuilt == 1
    assert_frame_is_full_draw(w)
