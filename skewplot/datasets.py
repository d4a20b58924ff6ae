"""Example data: synthetic scores and the bundled example classifiers."""

from __future__ import annotations

import numpy as np

from ._validate import check_int, check_scalar
from .metrics.points import operating_points

__all__ = ["make_scores", "binormal_aucpr", "example_classifiers", "soleymani_examples", "breast_cancer_example"]

# [S] Fig 2 and Fig 4: six thresholds of two soft classifiers (Th1 > ... > Th6), as printed.
_SOLEYMANI = {
    "C1": ([0.55, 0.75, 0.88, 0.98, 1.0], [0.08, 0.15, 0.28, 0.5, 1.0]),
    "C2": ([0.5, 0.73, 0.88, 0.93, 1.0], [0.03, 0.09, 0.28, 0.6, 1.0]),
}


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
    n = check_int(n, "n", lo=2)
    skew = check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    separation = check_scalar(separation, "separation")
    rng = np.random.default_rng(random_state)
    y = (rng.random(n) < skew).astype(int)
    y[0], y[1] = 1, 0
    y = rng.permutation(y)
    score = rng.normal(size=n) + separation * y
    return y, score


def binormal_aucpr(skew, *, separation=1.5):
    """The population AUCPR of the binormal model behind :func:`make_scores`, by quadrature.

    Negatives score N(0, 1) and positives N(``separation``, 1).  At a
    threshold t the population curve has TPR = Phi(separation - t),
    FPR = Phi(-t) and, at skew pi', precision
    pi' TPR / (pi' TPR + (1 - pi') FPR).  The AUCPR is the integral of that
    precision over recall, d(recall) = phi(t - separation) dt, computed by
    ``scipy.integrate.quad`` (FPR / TPR in log space, where both tails
    underflow but their ratio does not).  A skew range (lo, hi) averages
    the area uniformly over pi' by a second quadrature.  It does not use
    skewplot's own area code, so it is an independent reference for the
    estimates and intervals computed from sampled data.

    Parameters
    ----------
    skew : float in (0, 1) or (lo, hi)
        The skew pi', or the limits 0 < lo < hi < 1 of a uniform skew range.
    separation : float, default=1.5
        Distance between the class means in standard deviations.

    Returns
    -------
    float
        The population AUCPR (absolute error about 1e-10).

    Examples
    --------
    >>> import skewplot as sp
    >>> round(sp.datasets.binormal_aucpr(0.1), 4)
    0.4781
    >>> y, s = sp.datasets.make_scores(200_000, 0.1, random_state=0)
    >>> sample = sp.aucpr(y, s, skew=0.1)
    >>> abs(sample - sp.datasets.binormal_aucpr(0.1)) < 0.01
    True
    """
    from scipy import integrate, stats

    mu = check_scalar(separation, "separation")
    if np.ndim(skew) == 0:
        lo = hi = check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    else:
        if np.shape(skew) != (2,):
            raise ValueError(f"skew must be a float in (0, 1) or a pair (lo, hi), got shape {np.shape(skew)}")
        lo = check_scalar(skew[0], "skew[0]", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
        hi = check_scalar(skew[1], "skew[1]", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
        if not lo < hi:
            raise ValueError(f"skew (lo, hi) must have lo < hi, got ({lo:g}, {hi:g})")

    def at(pi):
        def integrand(t):
            odds = np.exp(stats.norm.logsf(t) - stats.norm.logsf(t - mu))  # FPR / TPR
            return stats.norm.pdf(t - mu) / (1.0 + (1.0 - pi) / pi * odds)

        return integrate.quad(integrand, mu - 15, mu + 15, epsabs=1e-13, epsrel=1e-12, limit=400)[0]

    if lo == hi:
        return at(lo)
    return integrate.quad(at, lo, hi, epsabs=1e-11, limit=200)[0] / (hi - lo)


def example_classifiers(n=5000, skew=0.1, *, random_state=0):
    """Two synthetic classifiers on one data set, for demos and examples.

    ``"strong"`` separates the classes by 2 standard deviations, ``"weak"``
    by 1; both score the same labels.

    Parameters
    ----------
    n : int, default=5000
        Number of examples.
    skew : float, default=0.1
        Fraction of positives.
    random_state : int or numpy Generator, default=0

    Returns
    -------
    dict of str to OperatingPoints
        ``{"strong": ..., "weak": ...}``, with counts and the skew of the data.

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


def soleymani_examples():
    """The two soft classifiers of Soleymani et al. [S] Fig 2 and Fig 4.

    Six thresholds each, with the TPR and FPR arrays printed in the figure
    captions (``C1`` is the classifier of Fig 2; Fig 4 compares it with
    ``C2``).  The captions start both arrays at 1e-6, [S]'s
    stand-in for the empty prediction (no sample predicted positive, whose
    precision is 0/0); here it is the empty prediction itself, (0, 0).  As a
    real operating point (1e-6, 1e-6) would sit on the chance diagonal and
    draw a false ramp up from precision = skew at the start of every P-R
    curve.  No data set skew is attached: pass ``skew=`` to the metrics.

    Returns
    -------
    dict of str to OperatingPoints
        ``{"C1": ..., "C2": ...}``, built from rates (no counts, no skew).

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.datasets.soleymani_examples()
    >>> pts["C1"].tpr.tolist()
    [0.0, 0.55, 0.75, 0.88, 0.98, 1.0]
    """
    from .metrics.points import OperatingPoints

    return {name: OperatingPoints.from_rates(tpr, fpr) for name, (tpr, fpr) in _SOLEYMANI.items()}


def breast_cancer_example(*, random_state=0):
    """Two models on scikit-learn's bundled breast-cancer data (malignant = positive).

    212 of the 569 tumours are malignant, a skew of 0.373 (the value [L]
    Table 4 lists).  Every sample is scored out of fold by 5-fold
    cross-validation (``cross_val_predict``), so the points use all 569
    samples: ``"logistic regression"`` (standardised features) and
    ``"naive Bayes"`` (Gaussian).

    Parameters
    ----------
    random_state : int, default=0
        Seed of the fold split.

    Returns
    -------
    dict of str to OperatingPoints

    Raises
    ------
    ImportError
        When scikit-learn is not installed.

    Examples
    --------
    >>> import skewplot as sp
    >>> pts = sp.datasets.breast_cancer_example()
    >>> round(pts["naive Bayes"].skew, 3)
    0.373
    """
    try:
        from sklearn.datasets import load_breast_cancer
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import StratifiedKFold, cross_val_predict
        from sklearn.naive_bayes import GaussianNB
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
    except ImportError:  # pragma: no cover - scikit-learn is in the test extra
        raise ImportError("breast_cancer_example needs scikit-learn, which is not installed: "
                          "pip install scikit-learn") from None

    data = load_breast_cancer()
    y = (data.target == 0).astype(int)  # target 0 is malignant
    folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=random_state)
    models = {
        "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
        "naive Bayes": GaussianNB(),
    }
    out = {}
    for name, model in models.items():
        proba = cross_val_predict(model, data.data, y, cv=folds, method="predict_proba")[:, 1]
        out[name] = operating_points(y, proba)
    return out
