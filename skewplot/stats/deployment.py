"""Skew models fed by deployment data: a series of estimated skews, and [L]'s mean ± kσ range from them.

The skew models sit below the statistics (``skew <- metrics <- stats``), so
the constructors from data live here and return subclasses of
:class:`~skewplot.SkewSeries` and :class:`~skewplot.SkewRange`: every space,
widget and the explorer take them as any other skew model.
The deprecated ``SkewSeries.from_deployment`` and ``SkewRange.from_deployment``
(kept for one release) are attached to those classes here, when this module
loads (``import skewplot.stats``, or ``skewplot.SkewSeries`` /
``skewplot.SkewRange`` from the top level): the skew models import nothing
from this layer.
"""

from __future__ import annotations

import warnings

import numpy as np

from .._defaults import N_BOOT_SKEW
from .._validate import check_1d_array, check_choice, check_finite, check_same_length, check_scalar, renamed_keywords
from ..metrics.ranking import skew_limits
from ..skew import SkewRange, SkewSeries
from ._checks import as_generator
from .prior_shift import DEFAULT_METHOD, METHODS, _Grouped, _run

__all__ = ["EstimatedSkewSeries", "EstimatedSkewRange", "estimate_skew_series", "estimate_skew_range"]


class EstimatedSkewSeries(SkewSeries):
    """A :class:`~skewplot.SkewSeries` of estimated skews, one per deployment batch or time window.

    Attributes
    ----------
    estimates : tuple of SkewEstimate
        One per batch, with the fitted pieces and (with ``confidence``) the
        bootstrap interval.
    low, high : ndarray or None
        The intervals' ends per batch.
    """

    def __init__(self, estimates, times=None):
        self.estimates = tuple(estimates)
        super().__init__([e.estimate for e in self.estimates], times)
        has_ci = all(e.low is not None for e in self.estimates)
        self.low = np.array([e.low for e in self.estimates]) if has_ci else None
        self.high = np.array([e.high for e in self.estimates]) if has_ci else None

    def bounds(self):
        """The series of the intervals' lower ends and the series of their upper ends.

        Precision at a fixed operating point rises with the skew, so P̃ under
        these two series brackets P̃ under the estimates: a band for the
        skew's uncertainty (pointwise; not a simultaneous band).
        """
        if self.low is None:
            raise ValueError("the series was estimated without confidence=; it has no intervals")
        return SkewSeries(self.low, self.times), SkewSeries(self.high, self.times)

    def __repr__(self):
        return f"EstimatedSkewSeries(<{self.values.size} estimates, method={self.estimates[0].method!r}>)"


class EstimatedSkewRange(SkewRange):
    """[L]'s skew range ``mean ± k std`` of the skews estimated from deployment batches [L §5.1].

    Attributes
    ----------
    series : EstimatedSkewSeries
        The per-batch estimates the limits come from.
    k : float
    """

    def __init__(self, series, k, ddof):
        self.series, self.k = series, k
        super().__init__(*skew_limits(series.values, k, ddof=ddof))

    def __repr__(self):
        return f"EstimatedSkewRange({self.lo!r}, {self.hi!r}, k={self.k!r}, <{self.series.values.size} batches>)"


def _split(batches, times, window):
    """``(list of score arrays with their names, batch times)`` from batches or a timestamped stream."""
    if window is not None:
        width = check_scalar(window, "window", lo=0.0, lo_open=True)
        scores = check_finite(check_1d_array(batches, "batches"), "batches")
        if times is None:
            raise ValueError("window= needs times=: one time stamp per deployment score")
        t = check_finite(check_1d_array(times, "times"), "times")
        check_same_length(("batches", scores), ("times", t))
        slot = np.floor((t - t.min()) / width).astype(np.intp)
        counts = np.bincount(slot)
        order = np.argsort(slot, kind="stable")
        parts = np.split(scores[order], np.cumsum(counts)[:-1])
        used = np.flatnonzero(counts)  # empty windows of a stream are skipped
        centres = t.min() + (used + 0.5) * width
        return [(parts[i], f"batches (window {i})") for i in used], centres
    if isinstance(batches, np.ndarray) and batches.ndim == 1 and batches.dtype.kind != "O":
        raise TypeError("batches must be a sequence of score arrays (one per batch); "
                        "for one timestamped stream pass times= and window=")
    try:
        parts = list(batches)
    except TypeError as exc:
        raise TypeError(f"batches must be a sequence of score arrays, got {type(batches).__name__}") from exc
    if not parts:
        raise ValueError("batches is empty; at least one batch of deployment scores is needed")
    named = [(b, f"batches[{i}]") for i, b in enumerate(parts)]
    if times is not None:
        t = check_finite(check_1d_array(times, "times"), "times")
        if t.size != len(parts):
            raise ValueError(f"times has length {t.size} but there are {len(parts)} batches; give one time per batch")
        return named, t
    return named, None


@renamed_keywords(method="quantifier")
def estimate_skew_series(y_true, y_score, batches, times=None, *, window=None, quantifier=DEFAULT_METHOD,
                         sample_weight=None, pos_label=None, confidence=None, n_boot=N_BOOT_SKEW, random_state=None):
    """The deployment skew over time: one estimate per batch or time window, as a SkewSeries.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        The labelled test set.
    batches : sequence of array-like, or array-like of shape (m,) with ``window``
        Deployment scores: one array per batch; or, with ``times`` and
        ``window``, one stream of scores cut into windows of that width
        (empty windows are skipped).
    times : array-like, optional
        One time per batch (default 0, 1, 2, ...); with ``window``, one time
        stamp per score (a window's time is its centre).
    window : float, optional
        Width of the time windows of a stream.
    quantifier, sample_weight, pos_label, confidence, n_boot, random_state
        As in :func:`estimate_skew` (``quantifier`` was ``method``); the test
        set is sorted once for all batches and one generator serves every
        bootstrap.

    Returns
    -------
    EstimatedSkewSeries
        A :class:`~skewplot.SkewSeries` of the estimates, for P̃ [L Eq 4].

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> y, s = sp.datasets.make_scores(10_000, 0.1, random_state=0)
    >>> batches = [sp.datasets.make_scores(20_000, pi, random_state=i)[1] for i, pi in enumerate((0.05, 0.1, 0.2))]
    >>> series = sp.estimate_skew_series(y, s, batches)
    >>> np.round(series.values, 2).tolist()
    [0.05, 0.1, 0.2]
    """
    check_choice(quantifier, "quantifier", METHODS)
    named, t = _split(batches, times, window)
    grouped = _Grouped(y_true, y_score, named[0][0], sample_weight, pos_label, deploy_name=named[0][1])
    rng = as_generator(random_state)
    estimates = []
    for i, (scores, name) in enumerate(named):
        if i:
            grouped.set_deploy(scores, name)
        estimates.append(_run(grouped, quantifier, confidence, n_boot, rng))
    return EstimatedSkewSeries(estimates, t)


@renamed_keywords(method="quantifier")
def estimate_skew_range(y_true, y_score, batches, times=None, *, k=3.0, ddof=1, window=None,
                        quantifier=DEFAULT_METHOD, sample_weight=None, pos_label=None):
    """[L]'s skew range from deployment data: mean ± k standard deviations of the estimated skews [L §5.1].

    [L] choose the limits of P̄ as ``mean ± 3 std`` of skews observed in
    several data sets of one domain; here the skews are estimated, one per
    deployment batch (:func:`estimate_skew_series`), and passed to
    :func:`skewplot.skew_limits`.  The estimates' own error adds to the
    spread; with large batches it is small beside the skew's variation.

    Parameters
    ----------
    y_true, y_score, batches, times, window, quantifier, sample_weight, pos_label
        As in :func:`estimate_skew_series` (at least two batches).
    k : float > 0, default=3.0
    ddof : {1, 0}, default=1

    Returns
    -------
    EstimatedSkewRange
        A uniform :class:`~skewplot.SkewRange` with the estimates in ``.series``.

    Examples
    --------
    >>> import skewplot as sp
    >>> y, s = sp.datasets.make_scores(10_000, 0.1, random_state=0)
    >>> batches = [sp.datasets.make_scores(20_000, pi, random_state=i)[1] for i, pi in enumerate((0.08, 0.1, 0.12))]
    >>> r = sp.estimate_skew_range(y, s, batches, k=1.0)
    >>> round(r.lo, 2), round(r.hi, 2)
    (0.08, 0.12)
    """
    series = estimate_skew_series(y_true, y_score, batches, times, window=window, quantifier=quantifier,
                                  sample_weight=sample_weight, pos_label=pos_label)
    return EstimatedSkewRange(series, k, ddof)


def _deprecated_constructor(estimate):
    """``from_deployment`` of the skew models: :func:`estimate_skew_series` or :func:`estimate_skew_range`, warned."""

    def from_deployment(cls, y_true, y_score, batches, times=None, **options):
        warnings.warn(f"{cls.__name__}.from_deployment is deprecated and will be removed in the next release; "
                      f"call skewplot.{estimate.__name__}(y_true, y_score, batches, ...) instead, which returns "
                      f"the same model", DeprecationWarning, stacklevel=2)
        return estimate(y_true, y_score, batches, times, **options)

    from_deployment.__doc__ = (f"Deprecated: use :func:`skewplot.{estimate.__name__}`, which returns the same "
                               f"model (this spelling is removed in the next release).")
    return classmethod(from_deployment)


SkewSeries.from_deployment = _deprecated_constructor(estimate_skew_series)
SkewRange.from_deployment = _deprecated_constructor(estimate_skew_range)
