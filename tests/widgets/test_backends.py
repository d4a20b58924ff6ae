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
