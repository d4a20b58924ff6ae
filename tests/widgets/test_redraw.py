"""No redraw loop: a control step paints one frame and leaves the figure fresh.

The browser side of ipympl answers every ``draw_idle`` (a "draw" event sent
to it) with a request that runs a full ``canvas.draw()`` in the kernel.
:class:`PlayedBrowser` plays that in-process.  The figure also gets pyplot's
stale hook as in a plain REPL (every time the figure turns stale it asks for
a draw), and IPython's post-execute ``draw_all`` runs after each step: the
strictest setting, where any staleness left behind by a paint becomes one
more draw and, if the draw leaves the figure stale too, an endless chain.
"""

import matplotlib.pyplot as plt
import pytest

from .test_frames import CASES, assert_frame_is_full_draw

pytestmark = pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")


class PlayedBrowser:
    """ipympl's front end and the kernel's comm loop, in-process.

    * ``draw_idle`` sends a "draw" event; the front end answers it with a
      "draw" request unless it is still waiting for an image
      (``waiting_for_image`` in ipympl's front end), and the kernel answers
      the request with a full ``canvas.draw()``, which sends the image.
    * Every comm message the kernel handles (a slider change, a draw request)
      is followed by IPython's ``post_execute`` event (``comm.BaseComm.handle_msg``
      triggers it), on which pyplot runs ``draw_all``: a ``draw_idle`` for
      every *stale* figure.

    A figure left stale by its paint therefore asks for a draw after every
    message, and its draws never end; ``settle`` gives up after ``limit``.
    """

    def __init__(self, canvas, monkeypatch, limit=5):
        self.canvas, self.limit = canvas, limit
        self.waiting = self.requested = False
        self.images = 0
        monkeypatch.setattr(canvas, "draw_idle", self.handle_draw_event)
        monkeypatch.setattr(canvas, "send_binary", self.handle_binary)

    def handle_draw_event(self, *args, **kwargs):
        if not self.waiting:
            self.waiting = self.requested = True

    def handle_binary(self, data):
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        self.images += 1
        self.waiting = False

    @staticmethod
    def post_execute():
        plt._draw_all_if_interactive()

    def message(self, handle):
        """The kernel handles one comm message: ``handle()``, then post_execute."""
        handle()
        self.post_execute()

    def settle(self):
        """Answer the pending draw requests; return how many full draws that took."""
        draws = 0
        while self.requested:
            assert draws < self.limit, f"{draws} draws in a row: the figure keeps asking to be drawn"
            self.requested = False
            self.message(self.canvas.draw)
            draws += 1
        return draws


@pytest.fixture
def ipympl_backend():
    old = plt.get_backend()
    pytest.importorskip("ipympl")
    plt.switch_backend("module://ipympl.backend_nbagg")
    was = plt.isinteractive()
    plt.ion()
    try:
        yield
    finally:
        plt.close("all")
        plt.interactive(was)
        plt.switch_backend(old)


def _listed(fig):
    """Put the widget's figure back into pyplot's list, where ``draw_all`` sees it.

    The widgets take their figure out of that list, which alone keeps
    ``draw_all`` away from it; the tests put it back so that what they check
    is the frame itself: painted, the figure is fresh.
    """
    from matplotlib._pylab_helpers import Gcf

    Gcf.figs[fig.canvas.manager.num] = fig.canvas.manager


def _steps(w, steps):
    """The steps, then back to where each started (every step changes its control)."""
    now = {name: w.controls[name].value for name, _ in steps}
    back = []
    for name, value in steps:
        back.insert(0, (name, now[name]))
        now[name] = value
    return list(steps) + back


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.slow  # 0.6 s, 0.7 s, 0.9 s, 1.0 s, 1.6 s (its cases)
def test_ipympl_step_makes_one_frame_and_leaves_the_figure_fresh(ipympl_backend, two_classifiers, case,
                                                                 monkeypatch):
    make, steps = CASES[case]
    w = make(two_classifiers)
    assert w.backend == "ipympl"
    fig = w.figure
    assert fig.number not in plt.get_fignums()  # the widget owns its figure
    _listed(fig)
    browser = PlayedBrowser(fig.canvas, monkeypatch)
    browser.handle_draw_event()  # the front end's first request when the canvas shows
    assert browser.settle() == 1
    assert not fig.stale, "the first full draw left the figure stale"
    for name, value in _steps(w, steps):
        frames, images = dict(w.frames.counts), browser.images
        browser.message(lambda: setattr(w.controls[name], "value", value))
        draws = browser.settle()
        assert draws <= 1, f"{name}={value!r} set off {draws} draws"
        assert sum(w.frames.counts.values()) == sum(frames.values()) + 1, "one step must paint one frame"
        assert browser.images == images + 1, "one step must send one image"
        assert not fig.stale, f"the figure is stale after painting {name}={value!r}"
        assert not any(ax.stale for ax in fig.axes)
        assert w.frames.last == "blit" or draws == 1
    # nothing moves, nothing is asked for: an idle kernel stays idle
    browser.message(lambda: None)
    assert browser.settle() == 0
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # 0.8 s (2026-11-29, -n 2)
def test_played_browser_catches_a_paint_that_leaves_the_figure_stale(ipympl_backend, two_classifiers,
                                                                    monkeypatch):
    """The check above can fail: animating only the planned artists, not their parts (as before), loops."""
    from skewplot.widgets._frames import Frames

    monkeypatch.setattr(Frames, "_mark", lambda self, parts: [a.set_animated(True) for a in self._plan])
    w = CASES["pr"][0](two_classifiers)
    _listed(w.figure)
    browser = PlayedBrowser(w.figure.canvas, monkeypatch)
    browser.handle_draw_event()
    with pytest.raises(AssertionError, match="keeps asking"):
        browser.settle()


@pytest.mark.slow_cases('temporal')  # loaded run 2026-11-29
@pytest.mark.slow_cases('pr', 'pr_threshold')  # 0.9 s at most (2026-11-29)
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.slow_cases("cost", "explorer", "fmeasure", "integrated")  # 0.8 s, 3.1 s, 0.5 s, 1.1 s
def test_inline_step_makes_one_frame_and_one_png(two_classifiers, case):
    make, steps = CASES[case]
    w = make(two_classifiers)
    assert w.backend == "inline"
    shown = []
    w._output.observe(lambda change: shown.append(change["new"]), names="outputs")
    for name, value in _steps(w, steps):
        frames, n = sum(w.frames.counts.values()), len(shown)
        w.controls[name].value = value
        assert sum(w.frames.counts.values()) == frames + 1
        assert len(shown) == n + 1, "one step must show one PNG"
        assert not w.figure.stale, f"the figure is stale after painting {name}={value!r}"
    assert_frame_is_full_draw(w)


@pytest.mark.slow  # loaded run 2026-11-29
def test_the_frame_is_shown_before_the_tables_are_filled(two_classifiers):
    """A step sends the picture first: the table's HTML (formatted after it) reaches the browser behind it."""
    from skewplot import widgets

    w = widgets.interactive_pr(two_classifiers, skew=0.05)
    events = []
    w._output.observe(lambda change: events.append("frame"), names="outputs")
    w.readout.observe(lambda change: events.append("readout"), names="value")
    w.controls["skew"].value = 0.1
    assert events == ["frame", "readout"]
    assert "0.1" in w.readout.value  # filled by the time the step returns
    plt.close(w.figure)
