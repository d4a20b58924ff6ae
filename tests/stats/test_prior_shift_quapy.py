"""Cross-check of estimate_skew against QuaPy (runs only when QuaPy is installed).

QuaPy's aggregative quantifiers get a classifier that returns, for a score,
skewplot's own calibrated posterior (isotonic, from the test set) and, for
ACC, the crisp decision at skewplot's chosen threshold; both libraries then
see exactly the same inputs.  Tolerances: ACC and PACC solve the same
2 x 2 system (1e-12, 1e-9); EM is Saerens' iteration to QuaPy's stopping
rule, tightened here to 1e-12 between iterations, against skewplot's direct
maximisation of the same likelihood (1e-5); HDy differs by design - QuaPy
takes the median over 10, 20, ..., 110 equal-width bins of the posterior and
a grid of step 0.01, skewplot 30 equal-weight score bins and a continuous
optimum - so it is compared within 0.01 (the grid step).
"""

import matplotlib as mpl
import numpy as np
import pytest

# Importing quapy rewrites matplotlib's defaults (dpi 200, font size 18); later tests compare pixels.
with mpl.rc_context():
    quapy = pytest.importorskip("quapy")
    from quapy.method.aggregative import ACC, EMQ, PACC, HDy
from sklearn.base import BaseEstimator, ClassifierMixin  # noqa: E402

from skewplot.stats import _quantifiers as q  # noqa: E402
from skewplot.stats.prior_shift import _Grouped, estimate_skew  # noqa: E402


class Lookup(ClassifierMixin, BaseEstimator):
    """Posteriors constant between the test set's distinct scores, and a crisp threshold."""

    def __init__(self, asc=None, post=None, thr=None):
        self.asc, self.post, self.thr = asc, post, thr

    def fit(self, X, y):
        self.classes_ = np.array([0, 1])
        return self

    def predict_proba(self, X):
        i = np.clip(np.searchsorted(self.asc, X[:, 0], side="right") - 1, 0, self.asc.size - 1)
        p = self.post[i]
        return np.column_stack([1 - p, p])

    def predict(self, X):
        return (X[:, 0] >= self.thr).astype(int)


@pytest.mark.slow_cases('0.6')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('0.3')  # loaded run 2026-11-29
@pytest.mark.parametrize("pi", [pytest.param(0.02, marks=pytest.mark.slow), 0.3, 0.6])  # 0.02: 0.7 s
def test_same_estimates_as_quapy(pi):
    rng = np.random.default_rng(7)
    y = (rng.random(20_000) < 0.1).astype(int)
    s = rng.normal(1.2 * y, 1.0)
    d = rng.normal(1.2 * (rng.random(50_000) < pi), 1.0)
    g = _Grouped(y, s, d, None, None)
    acc = estimate_skew(y, s, d, quantifier="acc")
    thr = g.asc[::-1][acc.details["point"] - 1]
    clf = Lookup(g.asc, q.calibrated(g.counts())[::-1], thr).fit(None, None)
    X, XD = s[:, None], d[:, None]

    def fitted(method):
        method.fit(X, y)
        return method

    kw = {"fit_classifier": False, "val_split": None}
    assert fitted(ACC(clf, solver="exact-raise", **kw)).quantify(XD)[1] == pytest.approx(acc.estimate, abs=1e-12)
    assert fitted(PACC(clf, solver="exact-raise", **kw)).quantify(XD)[1] == pytest.approx(
        estimate_skew(y, s, d, quantifier="pacc").estimate, abs=1e-9)
    em = fitted(EMQ(clf, **kw)).aggregate(clf.predict_proba(XD), epsilon=1e-12)[1]
    assert em == pytest.approx(estimate_skew(y, s, d, quantifier="ml").estimate, abs=1e-5)
    assert fitted(HDy(clf, **kw)).quantify(XD)[1] == pytest.approx(
        estimate_skew(y, s, d, quantifier="hdy").estimate, abs=0.01)
