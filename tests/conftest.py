import numpy as np
import pytest


@pytest.fixture
def rng():
    return np.random.default_rng(20261122)


def random_scores(rng, n, *, ties=True, pos_frac=0.3):
    """Scores with many ties (rounded) and labels with both classes present."""
    y = (rng.random(n) < pos_frac).astype(int)
    y[0], y[1] = 0, 1
    s = rng.normal(size=n) + y
    if ties:
        s = np.round(s, 1)
    return y, s
