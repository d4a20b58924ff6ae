import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

pytest.importorskip("ipywidgets", reason="the widget tests need ipywidgets (pip install 'skewplot[widgets]')")


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="session")
def two_classifiers():
    import skewplot as sp

    # 1500 samples: fewer vertices than the decimation threshold, so curves are drawn in full.
    return sp.datasets.example_classifiers(n=1500, skew=0.2, random_state=3)


@pytest.fixture(scope="session")
def big_classifier():
    import skewplot as sp

    y, s = sp.datasets.make_scores(40_000, skew=0.1, random_state=5)
    return sp.operating_points(y, s)


@pytest.fixture(scope="module")
def shared_widget():
    """``shared_widget(make, data, **kwargs)``: one widget a module for the tests that build the same one.

    Before each use its controls go back to their values at the build, the state a fresh widget starts in (the
    first use gets the fresh widget itself); a build is most of such a test's cost.
    """
    built = {}

    def get(make, data, **kwargs):
        key = (make.__name__, id(data), repr(sorted(kwargs.items())))
        if key not in built:
            w = make(data, **kwargs)
            built[key] = w, {name: control.value for name, control in w.controls.items()}
        w, start = built[key]
        for name, value in start.items():
            w.controls[name].value = value
        assert w.status.value == "" and {name: c.value for name, c in w.controls.items()} == start
        return w

    yield get
    for w, _ in built.values():
        w.close_figure()


@pytest.fixture(scope="session")
def sent_to_page():
    """``sent_to_page(control)``: the list of the messages the kernel sends the page about ``control`` from now on.

    Outside a kernel ipywidgets 8.0 sends nothing (it asks the comm for its kernel; 8.1 on sends to a dummy comm):
    the control's comm is given a kernel of its own, so the messages recorded (not sent) are those a notebook's page
    receives on every version.
    """
    def sent_to_page(control):
        if hasattr(control.comm, "kernel"):  # ipykernel's Comm (ipywidgets 8.0); not comm's DummyComm (8.1 on)
            from ipykernel.kernelbase import Kernel

            control.comm.kernel = Kernel()  # not the process's Kernel.instance(): no other comm sees it
        sent = []
        control._send = lambda msg, buffers=None: sent.append(msg)
        return sent

    return sent_to_page


# -- the browser suite: one JupyterLab server and one Chromium for the whole session (helpers in _browser.py) --

@pytest.fixture(scope="session")
def artifacts():
    """Where the browser tests save their screenshots: ``$SKEWPLOT_ARTIFACTS`` (default ``./artifacts/``)."""
    from ._browser import artifacts_dir

    return artifacts_dir()


@pytest.fixture(scope="session")
def chromium():
    """Headless Chromium (the system's, driven by Playwright), shared by the session's browser tests.

    Each test opens its own context (``chromium.new_context()``): its own
    cookies, storage and cache, as a fresh profile would have.
    """
    from ._browser import CHROMIUM, CHROMIUM_FLAGS, need_browser

    need_browser(("playwright",))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory, chromium):
    """A JupyterLab server on 127.0.0.1 serving a copy of the example, and its tab in ``chromium`` (``lab["tab"]``).

    Shared by the session's browser tests: each opens its notebook in the
    tab (``_browser.opened``).
    """
    from ._browser import LabTab, jupyter_lab, need_browser

    need_browser()
    with jupyter_lab(tmp_path_factory.mktemp("lab")) as server:
        server["tab"] = LabTab(chromium, server)
        try:
            yield server
        finally:
            server["tab"].discard()
