"""The weight of the F-measure: ``f_alpha`` (the papers' alpha) or ``beta`` (the usual F_beta).

``F_alpha = 1 / (alpha / P + (1 - alpha) / R)`` and
``F_beta = (1 + beta**2) P R / (beta**2 P + R)`` are the same measure when
``alpha = 1 / (1 + beta**2)`` [S Eq 4]:

=========  ==============  ==============================
``beta``   ``f_alpha``     measure
=========  ==============  ==============================
0          1               precision alone
0.5        0.8             F0.5 (precision weighs more)
1          0.5             F1 (harmonic mean)
2          0.2             F2 (recall weighs more)
inf        0               recall alone
=========  ==============  ==============================
"""

from __future__ import annotations

import numpy as np

from .._validate import check_scalar

__all__ = ["resolve_f_weight", "f_alpha_from_beta", "f_beta_from_alpha"]


def _check_alpha(f_alpha, *, lo_open=False):
    return check_scalar(f_alpha, "f_alpha", lo=0.0, hi=1.0, lo_open=lo_open)


def resolve_f_weight(f_alpha=None, beta=None, *, default=0.5, lo_open=False):
    """The weight ``f_alpha`` from exactly one of ``f_alpha`` and ``beta`` (``1 / (1 + beta**2)``).

    Neither gives ``default`` (F1); both is an error.

    Examples
    --------
    >>> from skewplot.metrics.fweight import resolve_f_weight
    >>> resolve_f_weight(beta=2.0), resolve_f_weight(f_alpha=0.3), resolve_f_weight()
    (0.2, 0.3, 0.5)
    """
    if f_alpha is not None and beta is not None:
        raise TypeError(f"give f_alpha or beta, not both (f_alpha = 1 / (1 + beta**2)); got f_alpha={f_alpha!r}, "
                        f"beta={beta!r}")
    if beta is not None:
        a = f_alpha_from_beta(beta)
        if lo_open and a == 0.0:
            raise ValueError("beta must be finite here (beta = inf is recall alone)")
        return a
    if f_alpha is None:
        return default
    return _check_alpha(f_alpha, lo_open=lo_open)


def f_alpha_from_beta(beta):
    """The weight ``f_alpha`` of F_beta: ``1 / (1 + beta**2)`` [S Eq 4].

    Parameters
    ----------
    beta : float >= 0 (``inf`` allowed: recall)

    Returns
    -------
    float
        ``f_alpha`` in [0, 1]; 0 for ``beta = inf``.

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.f_alpha_from_beta(1.0), sp.f_alpha_from_beta(2.0)
    (0.5, 0.2)
    """
    if isinstance(beta, (int, float, np.integer, np.floating)) and not isinstance(beta, bool) and beta == np.inf:
        return 0.0
    b = check_scalar(beta, "beta", lo=0.0)
    return 1.0 / (1.0 + b * b)


def f_beta_from_alpha(f_alpha):
    """The ``beta`` of F_beta for a weight ``f_alpha``: ``sqrt(1/f_alpha - 1)``.

    Parameters
    ----------
    f_alpha : float in [0, 1]
        0 gives ``inf`` (recall), 1 gives 0 (precision).

    Returns
    -------
    float
        ``beta >= 0``; ``inf`` for ``f_alpha = 0``.

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.f_beta_from_alpha(0.2)
    2.0
    """
    a = _check_alpha(f_alpha)
    if a == 0.0:
        return float("inf")
    return float(np.sqrt((1.0 - a) / a))
