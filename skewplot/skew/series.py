"""Skew over time: temporal precision P̃, the time average of P at pi'(t) [L Eq 4]."""

from __future__ import annotations

import numpy as np

from .._validate import check_1d_array, check_finite, check_same_length, check_scalar
from .base import SkewModel, skew_text
from .quadrature import adaptive_rule


class SkewSeries(SkewModel):
    """Deployment skew that changes over time: temporal precision P̃ [L Eq 4].

    Parameters
    ----------
    values : array-like of shape (k,)
        Samples of pi'(t), each in [0, 1] (0 and 1 allowed: precision takes
        its limit there).
    times : array-like of shape (k,), optional
        Strictly increasing sample times; equally spaced by default.  Spacing
        may be uneven.

    Notes
    -----
    The time average is the trapezoid rule over the samples,
    ``(1/T) sum_k (t_{k+1} - t_k) (f(pi_k) + f(pi_{k+1})) / 2``: every
    quantity ``f(pi')`` is taken linear in time between samples; a single
    sample is a point mass.  Use :meth:`from_function` for the continuous average of a
    known pi'(t).  Equal values are merged into one node.

    Examples
    --------
    >>> import skewplot as sp
    >>> s = sp.SkewSeries([0.1, 0.2, 0.4])
    >>> round(s.mean, 6), s.label()
    (0.225, '$\\\\tilde{P}$')
    """

    symbol = "\\tilde{P}"

    def __init__(self, values, times=None):

        v = check_finite(check_1d_array(values, "values"), "values")
        if v.min() < 0 or v.max() > 1:
            raise ValueError(f"values must lie in [0, 1], found values in [{v.min():g}, {v.max():g}]")
        if times is None:
            t = np.arange(v.size, dtype=float)
        else:
            t = check_finite(check_1d_array(times, "times"), "times")
            check_same_length(("values", v), ("times", t))
            if v.size > 1 and not np.all(np.diff(t) > 0):
                raise ValueError("times must be strictly increasing")
        self.values, self.times = v, t
        if v.size == 1:
            w = np.ones(1)
        else:
            dt = np.diff(t)
            w = np.zeros(v.size)
            w[:-1] += 0.5 * dt
            w[1:] += 0.5 * dt
        self._set_nodes(v, w)

    def _set_nodes(self, pi, w):
        uniq, inverse = np.unique(pi, return_inverse=True)
        merged = np.bincount(inverse.ravel(), weights=w, minlength=uniq.size)
        keep = merged > 0
        self._pi, self._w = uniq[keep], merged[keep] / merged[keep].sum()

    @classmethod
    def from_function(cls, f, t_end, t_start=0.0, *, tol=1e-12):
        """Continuous time average of pi'(t) = ``f(t)`` over [t_start, t_end].

        The time axis is integrated once, adaptively: Gauss-Legendre panels
        (10 points) are halved until the panel and its two halves agree, for
        pi' and for precision-like functions of pi', to ``tol`` times the
        panel's share of the window (a kink such as saturation at 1 is
        bracketed to a width of ~1e-12 of the window).  The values ``f`` takes
        at the nodes, with their weights, then serve every operating point.

        Parameters
        ----------
        f : callable
            pi'(t), vectorised over an array of times (a scalar function is
            wrapped), with values in [0, 1].
        t_end : float
            End of the window, greater than ``t_start``.
        t_start : float, default=0.0
        tol : float, default=1e-12
            Tolerance on the time average of the probe functions.

        Examples
        --------
        >>> import numpy as np, skewplot as sp
        >>> s = sp.SkewSeries.from_function(lambda t: np.minimum(1, 2.0**t / 1e4), t_end=20)
        >>> round(float(s.precision(0.8, 0.2)), 4)  # [L §4.2]
        0.4689
        """
        if not callable(f):
            raise TypeError(f"f must be a callable pi'(t), got {type(f).__name__}")
        t0 = check_scalar(t_start, "t_start")
        t1 = check_scalar(t_end, "t_end")
        if not t1 > t0:
            raise ValueError(f"t_end must be greater than t_start, got t_end={t1:g}, t_start={t0:g}")
        tol = check_scalar(tol, "tol", lo=0.0, lo_open=True)
        g = _vectorised(f)
        pi, w = adaptive_rule(lambda t: (g(t), 1.0), np.array([t0, t1]), tol)
        obj = cls.__new__(cls)
        obj.values, obj.times = None, None
        obj._set_nodes(pi, w)
        obj.function, obj.window = f, (t0, t1)
        return obj

    def nodes(self):
        return self._pi, self._w

    def describe(self) -> str:
        t0, t1 = self.window if self.values is None else (self.times[0], self.times[-1])
        # the mean first: a narrow panel's title drops the last clause, and the mean tells a row's series apart
        return f"mean π′ = {skew_text(self.mean)}, π′(t) over t ∈ [{t0:.3g}, {t1:.3g}]"

    def __repr__(self):
        if self.values is None:
            return f"SkewSeries.from_function({self.function!r}, t_end={self.window[1]!r}, t_start={self.window[0]!r})"
        return f"SkewSeries(<{self.values.size} values>)"


def _vectorised(f):
    def call(t):
        try:
            out = np.asarray(f(t), dtype=float)
        except Exception:
            out = None
        if out is None or out.shape != t.shape:
            out = np.array([float(f(float(x))) for x in t.ravel()]).reshape(t.shape)
        if not np.isfinite(out).all() or out.min() < 0 or out.max() > 1:
            raise ValueError("f must return values in [0, 1] (pi'(t) is a positive fraction)")
        return out

    return call
