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
