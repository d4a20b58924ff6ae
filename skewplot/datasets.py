"""Example data: synthetic scores and the bundled example classifiers."""

from __future__ import annotations

import numpy as np

from .metrics._validate import check_scalar
from .metrics.points import operating_points

__all__ = ["make_scores", "example_classifiers"]


def make_scores(n, skew, *, separation=1.5, random_state=None):
    """Binormal synthetic scores: negatives ~ N(0, 1), positives ~ N(separation, 1).

    Parameters
    ----------
    n : int
        Number of samples (at least 2).
    skew : float in (0, 1)
        Expected positive fraction; at least one sample of each class is drawn.
    separation : float, default=1.5
        Distance between the class means in standard deviations (the ROC
        AUC is ``Phi(separation / sqrt(2))``).
    random_state : int or numpy.random.Generator, optional

    Returns
    -------
    y_true : ndarray of int, shape (n,)
    y_score : ndarray of float, shape (n,)

    Examples
    --------
    >>> import skewplot as sp
    >>> y, s = sp.datasets.make_scores(1000, 0.1, random_state=0)
    >>> y.shape, s.shape, bool(0.05 < y.mean() < 0.15)
    ((1000,), (1000,), True)
    """
    n = int(check_scalar(n, "n", lo=2))
    skew = check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    separation = check_scalar(separation, "separation")
    rng = np.random.default_rng(random_state)
    y = (rng.random(n) < skew).astype(int)
    y[0], y[1] = 1, 0
    y = rng.permutation(y)
    score = rng.normal(size=n) + separation * y
    return y, score


def example_classifiers(n=5000, skew=0.1, *, random_state=0):
    """Two synthetic classifiers on one data set, for demos and examples.

    ``"strong"`` separates the classes by 2 standard deviations, ``"weak"``
    by 1; both score the same labels.

    Returns
    -------
    dict of str to OperatingPoints

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.datasets.example_classifiers()
    >>> sorted(pts)
    ['strong', 'weak']
    """
    rng = np.random.default_rng(random_state)
    y, _ = make_scores(n, skew, random_state=rng)
    out = {}
    for name, sep in (("strong", 2.0), ("weak", 1.0)):
        score = rng.normal(size=y.size) + sep * y
        out[name] = operating_points(y, score)
    return out
