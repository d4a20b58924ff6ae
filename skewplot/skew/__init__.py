"""Skew models: distributions over the deployment skew pi'.

Every skew-aware precision of the seed papers is an expectation of
``P_pi'(TPR, FPR)`` under a distribution of deployment skews (THEORY.md):
a point mass gives precision at another skew (:class:`FixedSkew`), a range
gives the integrated precision P̄ [L Eq 7] (:class:`SkewRange`), a time
series gives the temporal precision P̃ [L Eq 4] (:class:`SkewSeries`).  A
model knows its mean (the random classifier's precision) and how to
integrate a vectorised function of pi' over itself; metrics and plots only
ever talk to this interface, so a new model needs no change elsewhere.

The package holds the interface and the point mass (:mod:`~skewplot.skew.base`),
the range and series models with their own closed forms
(:mod:`~skewplot.skew.ranges`, :mod:`~skewplot.skew.series`), the closed
forms at one skew (:mod:`~skewplot.skew.formulas`) and the quadrature rules
in pi' (:mod:`~skewplot.skew.quadrature`).  It imports only numpy, scipy and
:mod:`skewplot._validate`: the metrics build on it, never the reverse.
"""

from __future__ import annotations

import numbers

import numpy as np

from .base import FixedSkew, SkewModel
from .ranges import SkewRange
from .series import SkewSeries

__all__ = ["SkewModel", "FixedSkew", "SkewRange", "SkewSeries", "as_skew"]


def as_skew(spec, default=None) -> SkewModel:
    """Turn a skew specification into a :class:`SkewModel`.

    Parameters
    ----------
    spec : None, float, (lo, hi), SkewModel or SkewEstimate
        ``None`` means ``default`` (usually the data set's own skew); a float
        is a :class:`FixedSkew`; a pair ``(lo, hi)`` a uniform
        :class:`SkewRange`; a model is returned unchanged; an estimate
        (:class:`~skewplot.SkewEstimate`, from :func:`skewplot.estimate_skew`)
        is the fixed skew of its point estimate.  Every function that takes
        ``skew=`` reads it here, so all of them accept the same four kinds.
    default : float, optional
        The skew used when ``spec`` is None.

    Returns
    -------
    SkewModel

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.as_skew(0.1), sp.as_skew((0.0, 0.5))
    (FixedSkew(0.1), SkewRange(0.0, 0.5))
    >>> y, s = sp.datasets.make_scores(4000, 0.2, random_state=0)
    >>> _, new = sp.datasets.make_scores(4000, 0.05, random_state=1)
    >>> sp.as_skew(sp.estimate_skew(y, s, new)).value == sp.estimate_skew(y, s, new).estimate
    True
    """
    if spec is None:
        if default is None:
            raise ValueError(
                "skew is None and the operating points carry no data set skew "
                "(they were built from rates); pass skew= explicitly"
            )
        if not 0.0 < default < 1.0:  # weights of one class below a double's resolution beside the other's
            raise ValueError(
                f"skew=None stands for the data set's own skew, and it rounds to {default:g}: one class's total "
                "weight is below a double's resolution beside the other's; check sample_weight, or pass skew="
            )
        return FixedSkew(default)
    if isinstance(spec, SkewModel):
        return spec
    if isinstance(spec, bool):
        raise TypeError("skew must be a float, a (lo, hi) pair, a skew model or an estimate, got bool")
    if _is_estimate(spec):
        return FixedSkew(spec.estimate)
    if isinstance(spec, (numbers.Real, np.floating, np.integer)):
        return FixedSkew(spec)
    if isinstance(spec, np.ndarray) and spec.ndim == 0:
        return FixedSkew(float(spec))
    if isinstance(spec, (tuple, list, np.ndarray)) and len(spec) == 2:
        try:
            return SkewRange(spec[0], spec[1])
        except (TypeError, ValueError) as exc:  # the range's own message names lo and hi, not skew=
            raise type(exc)(f"skew=({spec[0]!r}, {spec[1]!r}) is not a skew range: {exc}") from None
    raise TypeError(
        "skew must be None, a float in (0, 1), a (lo, hi) pair, a SkewModel or a SkewEstimate; "
        f"got {type(spec).__name__}"
    )


def _is_estimate(spec):
    """A :class:`~skewplot.SkewEstimate`, read by its fields (:mod:`skewplot.stats`, which defines it, is above)."""
    return all(hasattr(spec, name) for name in ("estimate", "low", "high", "test_skew")) \
        and not isinstance(spec, np.ndarray)
