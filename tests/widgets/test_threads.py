"""One thread at a time paints a widget's figure.

JupyterLab (``commsOverSubshells``) hands widget messages to a kernel
subshell, a thread of its own, while cells run in the main thread.  In the
browser suite this is what left a canvas part white for good: a slider step
or ipympl's answer to a "draw" request blitted into the Agg buffer while a
cell's ``savefig`` (or another draw) was repainting it, and the static layer
copied from that buffer kept the damage.  Here a paint is held open in one
thread (inside ``Figure.draw``) while a control step starts in another: the
step must wait for the paint to finish, then its frame is a full draw's.
"""

import io
import threading

import pytest

from skewplot.plotting._notes import note

from .test_frames import CASES, assert_frame_is_full_draw
from .test_redraw import ipympl_backend  # noqa: F401 - a fixture

pytestmark = pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")


def _step_during(paint, w, name, value):
    """Run ``paint`` in a thread, held inside Figure.draw; meanwhile step ``name``. Was the step held back?"""
    fig = w.figure
    inside, release = threading.Event(), threading.Event()
    draw = fig.draw

    def held(renderer, *args, **kwargs):
        inside.set()
        release.wait(30)
        return draw(renderer, *args, **kwargs)

    fig.draw = held  # the canvas calls figure.draw(renderer): this instance attribute
    painter = threading.Thread(target=paint)
    painter.start()
    try:
        assert inside.wait(30), "the paint never reached Figure.draw"
        stepper = threading.Thread(target=lambda: setattr(w.controls[name], "value", value))
        stepper.start()
        stepper.join(0.5)  # it must still be waiting for the paint (a free step takes ~20 ms here)
        held_back = stepper.is_alive()
    finally:
        release.set()
        painter.join(30)
        del fig.draw
    stepper.join(30)
    assert not stepper.is_alive() and not painter.is_alive(), "a paint never finished (deadlock)"
    assert w.controls[name].value == value
    return held_back


@pytest.mark.slow_cases('pr')  # 1.2 s at most (2026-11-29)
@pytest.mark.parametrize("case", ["pr", pytest.param("temporal", marks=pytest.mark.slow),  # 1.1 s
                                  pytest.param("explorer", marks=pytest.mark.slow)])  # 1.5 s
def test_inline_step_waits_for_a_cells_savefig(two_classifiers, case):
    make, steps = CASES[case]
    w = make(two_classifiers)
    assert w.backend == "inline"
    name, value = steps[0]
    held = _step_during(lambda: w.figure.savefig(io.BytesIO(), format="png", dpi=w.figure.dpi), w, name, value)
    assert held, "a control step painted while a savefig in another thread was drawing the same buffer"
    assert w.frames.last == "blit"
    assert_frame_is_full_draw(w)


MESSAGES = [{"type": "draw"}, {"type": "refresh"}, {"type": "resize"}]


@pytest.mark.slow  # temporal 1.2 s, explorer 1.3-1.5 s a message when each message built its own widget
@pytest.mark.parametrize("case", ["temporal", "explorer"])
def test_ipympl_step_waits_for_the_browsers_message(ipympl_backend, two_classifiers, case):  # noqa: F811
    """A message from the browser (ipympl's handler, as ipywidgets dispatches it) holds the lock too.

    One widget for the three messages (a build is most of the cost): each message's step moves the control
    to the other of its two values, so every step is a real change that must wait.
    """
    make, steps = CASES[case]
    w = make(two_classifiers)
    assert w.backend == "ipympl"
    canvas = w.figure.canvas
    name, value = steps[0]
    values = [value, w.controls[name].value]
    for i, message in enumerate(MESSAGES):
        if message["type"] == "resize":  # the browser acknowledges the figure's own size
            width, height = canvas.get_width_height()
            message = dict(message, width=width, height=height)
        if message["type"] == "draw":
            def paint(message=message):
                canvas._msg_callbacks(canvas, message, [])  # ipympl: handle_draw, a full canvas.draw()
        else:
            def paint(message=message):  # the message itself only asks for a draw: answer it as the browser does
                canvas._msg_callbacks(canvas, message, [])
                canvas._msg_callbacks(canvas, {"type": "draw"}, [])
        step = values[i % 2]
        assert w.controls[name].value != step
        assert _step_during(paint, w, name, step), f"a control step painted while ipympl handled {message}"
        try:
            assert_frame_is_full_draw(w)
        except AssertionError as err:
            raise AssertionError(f"after {message}: {err}") from None


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_widget_builds_under_its_paint_lock(two_classifiers, monkeypatch):
    """The browser may ask for a draw of the canvas while the widget is still building its figure."""
    from skewplot.widgets import interactive_pr
    from skewplot.widgets._base import SkewWidget

    owned = []
    finish = SkewWidget._finish

    def spy(self, *args, **kwargs):
        owned.append(self._paint_lock._is_owned())
        return finish(self, *args, **kwargs)

    monkeypatch.setattr(SkewWidget, "_finish", spy)
    w = interactive_pr(two_classifiers, skew=0.1)
    assert owned == [True]
    assert not w._paint_lock._is_owned()  # released after the build
    assert note(w.figure.canvas, "paint_lock") is w._paint_lock is w.frames.lock


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_a_resize_waits_for_the_figure_lint(ipympl_backend, two_classifiers, monkeypatch):  # noqa: F811
    """``lint_figure`` in a cell draws and measures under the paint lock: a resize handled in the subshell meanwhile
    waits, so the texts measured are those of the size drawn (issue 44: a corner drag's next size arrived between
    the lint's draw and its measures, and the legend placed for the old height was reported outside the figure)."""
    import skewplot.testing._lint as lint

    w = CASES["temporal"][0](two_classifiers)
    canvas = w.figure.canvas
    width, height = canvas.get_width_height()
    inside, release = threading.Event(), threading.Event()
    problems = lint._problems

    def measuring(fig, wanted):
        inside.set()
        release.wait(30)
        return problems(fig, wanted)

    monkeypatch.setattr(lint, "_problems", measuring)
    linter = threading.Thread(target=lambda: lint.lint_figure(w.figure, checks=("text-outside",)))
    linter.start()
    try:
        assert inside.wait(30), "the lint never measured"
        resizer = threading.Thread(target=canvas._msg_callbacks,
                                   args=(canvas, {"type": "resize", "width": width + 80, "height": height - 60}, []))
        resizer.start()
        resizer.join(0.5)  # it must still be waiting for the lint (a free resize takes a few ms)
        held_back = resizer.is_alive()
    finally:
        release.set()
        linter.join(30)
    resizer.join(30)
    assert not linter.is_alive() and not resizer.is_alive(), "deadlock"
    assert held_back, "a resize changed the figure while lint_figure measured it"
    assert canvas.get_width_height() == (width + 80, height - 60)
