"""Skew models: distributions over the deployment skew pi'.

Every skew-aware precision of the seed papers is an expectation of
``P_pi'(TPR, FPR)`` under a distribution of deployment skews (THEORY.md):
a point mass gives precision at another skew, a uniform range gives the
integrated precision P̄ [L Eq 7], a time series gives the temporal precision
P̃ [L Eq 4].  A model knows its mean (the random classifier's precision) and
how to integrate a vectorised function of pi' over itself; metrics and plots
only ever talk to this interface, so a new model needs no change elsewhere.
"""

from __future__ import annotations

import numbers

import numpy as np

from . import _formulas
from .metrics._validate import check_scalar

__all__ = ["SkewModel", "FixedSkew", "as_skew"]


class SkewModel:
    """Base class of the distributions over the deployment skew pi'.

    Subclasses implement :meth:`nodes` (quadrature nodes in [0, 1] and
    weights summing to one) or override :meth:`expect`; they may override
    :meth:`precision`, :meth:`min_precision` and :meth:`aucpr_min` with
    closed forms.
    """

    #: Short name used in plot labels, e.g. ``"P"``, ``"\\bar{P}"``.
    symbol = "P"

    @property
    def mean(self) -> float:
        """Expected pi': the precision of a random classifier (TPR = FPR)."""
        return float(self.expect(lambda p: p))

    def nodes(self):
        """Quadrature nodes ``pi`` and weights ``w`` (``w.sum() == 1``)."""
        raise NotImplementedError

    def expect(self, f, *, batch=16):
        """Integrate ``f`` over the model: ``E[f(pi')]``.

        Parameters
        ----------
        f : callable
            Vectorised in its argument: given a 1-D array of skews of length
            ``k`` it returns an array whose first axis has length ``k``.
        batch : int, default=16
            How many nodes are passed to ``f`` at once; bounds memory when ``f``
            returns one value per operating point.

        Returns
        -------
        float or ndarray
            ``sum_k w_k f(pi_k)``.
        """
        pi, w = self.nodes()
        total = None
        for start in range(0, len(pi), batch):
            vals = np.asarray(f(pi[start:start + batch]), dtype=float)
            ww = w[start:start + batch].reshape((-1,) + (1,) * (vals.ndim - 1))
            part = (ww * vals).sum(axis=0)
            total = part if total is None else total + part
        return total

    def precision(self, tpr, fpr):
        """Expected precision ``E[P_pi'(tpr, fpr)]`` per point.

        Points with ``tpr = fpr = 0`` get the mean skew; the metrics replace
        them by their limit along the curve before calling this.
        """
        tpr = np.asarray(tpr, dtype=float)
        fpr = np.asarray(fpr, dtype=float)
        return self.expect(lambda p: _formulas.precision_at(tpr, fpr, _col(p, tpr.ndim)))

    def min_precision(self, recall):
        """Expected minimum-achievable precision at ``recall`` [L Eq 13, 19]."""
        recall = np.asarray(recall, dtype=float)
        return self.expect(lambda p: _formulas.min_precision_at(recall, _col(p, recall.ndim)))

    def aucpr_min(self) -> float:
        """Expected area under the minimum-achievable PR curve."""
        return float(self.expect(_formulas.aucpr_min_at))

    def label(self) -> str:
        """Mathtext for the precision axis, e.g. ``$P_{\\pi'=0.01}$``."""
        return f"${self.symbol}$"


def _col(p, ndim):
    """Reshape nodes ``p`` (k,) to broadcast against an array of ``ndim`` dims."""
    return np.asarray(p, dtype=float).reshape((-1,) + (1,) * ndim)


class FixedSkew(SkewModel):
    """A single deployment skew pi' in (0, 1): precision at another skew [L Eq 3, 9].

    Parameters
    ----------
    value : float
        The positive fraction pi' = N_p / (N_p + N_n) met in deployment.

    Examples
    --------
    >>> import skewplot as sp
    >>> m = sp.FixedSkew(0.4)
    >>> round(float(m.precision(0.8, 0.2)), 4)
    0.7273
    """

    symbol = "P"

    def __init__(self, value):
        self.value = check_scalar(value, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)

    @property
    def mean(self) -> float:
        return self.value

    def nodes(self):
        return np.array([self.value]), np.array([1.0])

    def precision(self, tpr, fpr):
        return _formulas.precision_at(tpr, fpr, self.value)

    def min_precision(self, recall):
        return _formulas.min_precision_at(recall, self.value)

    def aucpr_min(self) -> float:
        return float(_formulas.aucpr_min_at(self.value))

    def label(self) -> str:
        return f"$P_{{\\pi'={self.value:.3g}}}$"

    def __repr__(self):
        return f"FixedSkew({self.value!r})"

    def __eq__(self, other):
        return isinstance(other, FixedSkew) and other.value == self.value

    def __hash__(self):
        return hash(("FixedSkew", self.value))


def as_skew(spec, default=None) -> SkewModel:
    """Turn a skew specification into a :class:`SkewModel`.

    Parameters
    ----------
    spec : None, float, (lo, hi) or SkewModel
        ``None`` means ``default`` (usually the data set's own skew); a float
        is a :class:`FixedSkew`; a pair ``(lo, hi)`` a uniform ``SkewRange``;
        a model is returned unchanged.
    default : float, optional
        The skew used when ``spec`` is None.

    Returns
    -------
    SkewModel
    """
    if spec is None:
        if default is None:
            raise ValueError(
                "skew is None and the operating points carry no data set skew "
                "(they were built from rates); pass skew= explicitly"
            )
        return FixedSkew(default)
    if isinstance(spec, SkewModel):
        return spec
    if isinstance(spec, bool):
        raise TypeError("skew must be a float, a (lo, hi) pair or a skew model, got bool")
    if isinstance(spec, (numbers.Real, np.floating, np.integer)):
        return FixedSkew(spec)
    if isinstance(spec, np.ndarray) and spec.ndim == 0:
        return FixedSkew(float(spec))
    if isinstance(spec, (tuple, list, np.ndarray)) and len(spec) == 2:
        range_cls = globals().get("SkewRange")
        if range_cls is None:  # pragma: no cover - until ranges are implemented
            raise NotImplementedError("skew ranges are not implemented yet")
        return range_cls(spec[0], spec[1])
    raise TypeError(
        f"skew must be None, a float in (0, 1), a (lo, hi) pair or a SkewModel; got {type(spec).__name__}"
    )
