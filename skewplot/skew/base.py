"""The skew-model interface, the point mass, and the per-skew quantities with their limits at 0 and 1.

:class:`SkewModel` integrates the fixed-skew formulas of
:mod:`skewplot.skew.formulas` over its nodes; :class:`FixedSkew` uses them
directly; ranges and series live in :mod:`~skewplot.skew.ranges` and
:mod:`~skewplot.skew.series`.  Like the whole :mod:`skewplot.skew` package,
this module imports nothing from the metrics: they import it.
"""

from __future__ import annotations

import math

import numpy as np

from .._validate import check_scalar
from . import formulas as _formulas


def _col(p, ndim):
    """Reshape nodes ``p`` (k,) to broadcast against an array of ``ndim`` dims."""
    return np.asarray(p, dtype=float).reshape((-1,) + (1,) * ndim)


# --------------------------------------------------------------------------
# Per-skew quantities with their limits at pi' = 0 and pi' = 1.  Series and
# ranges may reach both ends; there the fixed-skew formulas are 0/0 for some
# points, and the value used is the limit as pi' moves into (0, 1).


def precision_nodes(tpr, fpr, pi):
    """``P_pi(tpr, fpr)`` with its limits at ``pi = 0`` and ``pi = 1``.

    At ``pi = 0`` a point with ``fpr = 0 < tpr`` keeps precision 1 (it does so
    at every ``pi > 0``); at ``pi = 1`` a point with ``tpr = 0 < fpr`` keeps 0.
    ``tpr = fpr = 0`` gives ``pi`` as in :func:`skewplot.skew.formulas.precision_at`.
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    pi = np.asarray(pi, dtype=float)
    out = _formulas.precision_at(tpr, fpr, pi)
    out = np.where((pi <= 0.0) & (fpr == 0) & (tpr > 0), 1.0, out)
    return np.where((pi >= 1.0) & (tpr == 0) & (fpr > 0), 0.0, out)


def min_precision_nodes(recall, pi):
    """Boyd's minimum precision (:func:`~skewplot.skew.formulas.min_precision_at`); 1 at ``pi = 1`` for every R."""
    pi = np.asarray(pi, dtype=float)
    with np.errstate(invalid="ignore"):  # 0/0 at pi = 1, R = 0
        out = _formulas.min_precision_at(recall, pi)
    return np.where(pi >= 1.0, 1.0, out)


# Segments per slice of a long curve: the temporaries of one slice stay in cache.
_CHUNK = 1 << 14


def aucpr_nodes(tpr, fpr, pi, *, complement=False, paired=False):
    """Continuous AUCPR of the ROC polyline at each skew in ``pi`` (1-D), limits included.

    ``tpr``, ``fpr`` of shape (n,) give shape (k,); rows of a (r, n) array
    (several curves) give shape (k, r).  ``paired=True`` takes one skew per
    row instead (``pi`` of shape (r,)) and gives shape (r,): row ``j`` at
    ``pi[j]`` (bootstrap replicates, each at its own drawn deployment skew).

    ``pi -> 0``: precision tends to 1 where FPR = 0 and to 0 elsewhere, so the
    area is the recall reached at FPR = 0.  ``pi -> 1``: precision tends to 1
    wherever TPR > 0, so the area is 1.  ``complement=True`` gives the area
    above the curve, ``1 - AUCPR``, from its own closed form.
    """
    tpr = np.asarray(tpr, dtype=float)
    fpr = np.asarray(fpr, dtype=float)
    pi = np.asarray(pi, dtype=float)
    rows = tpr.shape[:-1]  # curves given as rows of a 2-D array get one area each
    if paired and pi.shape != rows:
        raise ValueError(f"paired: pi has shape {pi.shape}, one skew per row needs {rows}")
    out = np.empty(pi.shape if paired else pi.shape + rows)
    inner = (pi > 0) & (pi < 1)
    if inner.any():
        if paired:  # the rows that have an inner skew, each with its skew as a column
            t, f, col = tpr[inner], fpr[inner], pi[inner][:, None]
        else:
            t, f, col = tpr, fpr, _col(pi[inner], tpr.ndim)
        # Slices of segments small enough for the temporaries to stay in cache (3-4x faster).
        n_rows = max(int(np.prod(t.shape[:-1])), 1)
        cells = n_rows if paired else col.size * n_rows
        step = max(_CHUNK // cells, 1 if n_rows == 1 else 64)  # many rows: few Python steps
        area = _formulas.continuous_segment_area
        n_seg = t.shape[-1] - 1
        out[inner] = sum(area(t[..., i:i + step + 1], f[..., i:i + step + 1], col, complement=complement)
                         .sum(axis=-1) for i in range(0, max(n_seg, 1), step))
    if (pi <= 0).any():
        at_zero = np.max(np.where(fpr == 0, tpr, 0.0), axis=-1)
        if paired:
            at_zero = at_zero[pi <= 0]
        out[pi <= 0] = 1.0 - at_zero if complement else at_zero
    out[pi >= 1] = 0.0 if complement else 1.0
    return out


class SkewModel:
    """Base class of the distributions over the deployment skew pi'.

    Subclasses implement :meth:`nodes` (quadrature nodes in [0, 1] and
    weights summing to one) or override :meth:`expect`; they may override
    :meth:`precision`, :meth:`min_precision`, :meth:`aucpr` and
    :meth:`aucpr_min` with closed forms.  Nodes may be 0 or 1: every method
    uses the limit of the fixed-skew value there.
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
        # Clipped: a weighted sum of values in [0, 1] may round just past 1.
        return np.clip(self.expect(lambda p: precision_nodes(tpr, fpr, _col(p, tpr.ndim))), 0.0, 1.0)

    def min_precision(self, recall):
        """Expected minimum-achievable precision at ``recall`` [L Eq 13, 19]."""
        recall = np.asarray(recall, dtype=float)
        return np.clip(self.expect(lambda p: min_precision_nodes(recall, _col(p, recall.ndim))), 0.0, 1.0)

    def aucpr(self, tpr, fpr):
        """Expected continuous AUCPR of the ROC polyline ``(tpr, fpr)``.

        By Fubini this is the area under the model's PR curve (P̄-R, P̃-R).
        The default sums the exact fixed-skew area [K] over the nodes, so it
        is exact for the model's own discrete measure.

        Parameters
        ----------
        tpr, fpr : ndarray of shape (n,)
            Rates from (0, 0) to (1, 1), non-decreasing.  Arrays of shape
            (r, n) hold r curves (bootstrap replicates) and give r areas.
        """
        tpr = np.asarray(tpr, dtype=float)
        fpr = np.asarray(fpr, dtype=float)
        out = self.expect(lambda p: aucpr_nodes(tpr, fpr, p), batch=4)
        return float(out) if tpr.ndim == 1 else np.asarray(out, dtype=float)

    def segment_aucpr(self, row, a0, b0, a1, b1, n_rows):
        """Continuous AUCPR of curves given as lists of ROC segments, where the model has a segment form.

        Segment ``i`` runs from rates ``(a0, b0)`` to ``(a1, b1)`` and belongs
        to curve ``row[i]``; segments that gain no recall (no area) may be
        left out.  Used by the bootstrap, whose replicate curves are most
        cheaply given by their recall-gaining segments.

        Returns
        -------
        ndarray of shape (n_rows,) or None
            The areas summed per curve (as :meth:`aucpr` of each curve), or
            None where the model has no per-segment form (call :meth:`aucpr`).
            The node sum of :meth:`aucpr` has none here: its pi' = 0 and 1
            limits are taken over whole curves, and the fixed-skew kernel runs
            several times slower on separate two-point segments than along a
            curve (measured: 0.80 against 0.55 ms per replicate at n = 1e5).

        Examples
        --------
        >>> import numpy as np, skewplot as sp
        >>> r = sp.SkewRange(0.01, 0.1)
        >>> tpr, fpr = np.array([0.0, 0.5, 0.5, 1.0]), np.array([0.0, 0.0, 0.4, 1.0])
        >>> segs = r.segment_aucpr(np.array([0, 0]), tpr[[0, 2]], fpr[[0, 2]], tpr[[1, 3]], fpr[[1, 3]], 1)
        >>> bool(np.isclose(segs[0], r.aucpr(tpr, fpr), rtol=1e-12, atol=0))
        True
        >>> sp.SkewSeries([0.1, 0.2]).segment_aucpr(np.array([0]), tpr[:1], fpr[:1], tpr[1:2], fpr[1:2], 1) is None
        True
        """
        return None

    def aucpr_min(self) -> float:
        """Expected area under the minimum-achievable PR curve."""
        return float(self.expect(_formulas.aucpr_min_at))

    def aucpr_gap(self, tpr, fpr) -> float:
        """``1 - aucpr(tpr, fpr)``, computed directly so that skews near 1 keep its digits."""
        tpr = np.asarray(tpr, dtype=float)
        fpr = np.asarray(fpr, dtype=float)
        return float(self.expect(lambda p: aucpr_nodes(tpr, fpr, p, complement=True), batch=4))

    def aucpr_min_gap(self) -> float:
        """``1 - aucpr_min()``, computed directly (it is tiny for skews near 1)."""
        return float(self.expect(_formulas.aucpr_min_gap))

    def label(self) -> str:
        """Mathtext for the precision axis, e.g. ``$P_{\\pi'=0.01}$``."""
        return f"${self.symbol}$"

    def describe(self) -> str:
        """The skews in plain text (no mathtext, so cheap to redraw), e.g. ``"π′ = 0.01"``."""
        return f"mean π′ = {skew_text(self.mean)}"


def skew_text(value) -> str:
    """A deployment skew as every title, marker, readout, button and table writes it.

    Three significant digits of the skew, or above 0.5 of its distance to 1
    (so that 0.9999 is not written 1); the skew slider's readout (d3's ``".3"``)
    shows the same text up to 0.99.

    Examples
    --------
    >>> from skewplot.skew.base import skew_text
    >>> skew_text(0.009996), skew_text(0.0002), skew_text(0.5), skew_text(0.75), skew_text(0.9999)
    ('0.01', '0.0002', '0.5', '0.75', '0.9999')
    """
    p = float(value)
    if not 0.5 < p < 1.0:
        return f"{p:.3g}"
    decimals = 2 - math.floor(math.log10(1.0 - p))
    return f"{p:.{decimals}f}".rstrip("0").rstrip(".")


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
    >>> m.label()
    "$P_{\\\\pi'=0.4}$"
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

    def label(self) -> str:
        return f"$P_{{\\pi'={skew_text(self.value)}}}$"

    def describe(self) -> str:
        return f"π′ = {skew_text(self.value)}"

    def __repr__(self):
        return f"FixedSkew({self.value!r})"

    def __eq__(self, other):
        return isinstance(other, FixedSkew) and other.value == self.value

    def __hash__(self):
        return hash(("FixedSkew", self.value))
