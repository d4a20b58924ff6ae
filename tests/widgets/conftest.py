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
def lab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 serving a copy of the example, shared by the session's browser tests."""
    from ._browser import jupyter_lab, need_browser

    need_browser()
    with jupyter_lab(tmp_path_factory.mktemp("lab")) as server:
        yield server
