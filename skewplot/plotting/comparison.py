"""The difference of two classifiers' AUCPR against the deployment skew, with its bootstrap band."""

from __future__ import annotations

import numpy as np
from matplotlib.colors import to_rgba

from .._defaults import N_BOOT_DECISION
from .._memory import check_memory
from .._validate import check_1d_array, check_bool, check_finite, check_int, check_pair, renamed_keywords
from ..metrics._inputs import skew_by_name, two_scores
from ..skew.base import skew_text
from ..stats.compare import compare_many
from ._axes import fit_title, log_axis, skew_window
from ._bands import ci_band_text
from ._display import Display, palette, resolve_ax
from ._kwargs import check_style
from .layout._figure import fit_label
from .layout._legend import is_page, panels, place_legend

__all__ = ["ComparisonDisplay", "plot_comparison"]


class ComparisonDisplay(Display):
    """AUCPR(A) - AUCPR(B) against the deployment skew (build with :func:`plot_comparison`).

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict
        ``"difference"``: the difference on the data.
    bands_ : dict
        ``"ci"``: the pointwise confidence band.
    regions_ : dict of str to list
        ``"a_better"`` / ``"b_better"``: the hatched skew spans where the
        band lies entirely above / below 0.
    baselines_ : dict
        ``"zero"``: no difference.
    skews : ndarray
    result_ : dict of str to ndarray
        Per skew: ``difference``, ``low``, ``high``, ``se``, ``pvalue``,
        ``estimate_a``, ``estimate_b``; and the replicate ``distribution``
        (n_boot, n_skews).  Every skew uses the same resampled rows.
    """

    @renamed_keywords(method="interval")
    def __init__(self, skews, result, names, confidence, normalize, interval="bca"):
        super().__init__()
        self.method = interval
        self.skews = skews
        self.result_ = result
        self.names = names
        self.confidence = confidence
        self.normalize = normalize
        self.bands_ = {}
        self.regions_ = {"a_better": [], "b_better": []}

    def plot(self, ax=None, log_skew=True, **kwargs):
        log_skew = check_bool(log_skew, "log_skew")
        fig, ax = resolve_ax(ax)
        self.ax_, self.figure_ = ax, fig
        r, x = self.result_, self.skews
        a, b = self.names
        color_a, color_b = palette(2)
        self.baselines_["zero"] = ax.axhline(0.0, color="0.35", linewidth=1.0, linestyle="--", zorder=1.6)
        style = {"color": "0.1", "linewidth": 1.8, **({"marker": "o"} if x.size == 1 else {}), **kwargs}
        kind = "nAUC" if self.normalize else "AUCPR"
        (self.lines_["difference"],) = ax.plot(x, r["difference"], label=f"{kind}({a}) − {kind}({b})", zorder=2.5,
                                               **style)
        said = ci_band_text(self.confidence, len(r["distribution"]), self.method)
        self.bands_["ci"] = ax.fill_between(x, r["low"], r["high"], color=style["color"], alpha=0.18, linewidth=0,
                                            zorder=2.1, label=said)
        window = skew_window(x, log_skew)
        for key, mask, color, who in (("a_better", r["low"] > 0, color_a, a), ("b_better", r["high"] < 0, color_b, b)):
            for i, (lo, hi) in enumerate(_spans(x, mask, window)):
                # hatched: a plain light span in a classifier's colour looks like its CI band, and a shared legend
                # would join the two entries into one
                label = f"{who} significantly better" if i == 0 else None
                self.regions_[key].append(ax.axvspan(lo, hi, facecolor=to_rgba(color, 0.08),
                                                     edgecolor=to_rgba(color, 0.35), hatch="//", linewidth=0,
                                                     zorder=0.5, label=label))
        if x.size == 1:  # one skew: a point with its interval, inside a window around it
            (self.bands_["ci_bar"],) = ax.plot(np.r_[x, x], np.r_[r["low"], r["high"]], color=style["color"],
                                               linewidth=1.2, zorder=2.2)  # a line: the legend's "best" avoids it
        if log_skew:
            log_axis(ax)
        ax.set_xlim(*window)
        fit_label(ax.xaxis, "deployment skew $\\pi'$", "$\\pi'$")
        fit_label(ax.yaxis, f"difference in {kind}")
        if len(panels(fig)) > 1 and not is_page(fig):  # a row's panels differ by the skews they sweep: say which
            span = f"π′ from {skew_text(x[0])} to {skew_text(x[-1])}"
            fit_title(ax, span if x.size > 1 else f"π′ = {skew_text(x[0])}")
        place_legend(ax, fontsize="small")
        return self

    def _refresh(self):  # pragma: no cover - nothing to update
        pass


def _spans(x, mask, window):
    """(start, end) in ``x`` of each run of True in ``mask``, extended halfway to the neighbouring skews.

    A single skew's run fills the ``window`` drawn around it.
    """
    if not mask.any():
        return []
    ends = window if x.size == 1 else (x[0], x[-1])
    edges = np.r_[ends[0], np.sqrt(x[1:] * x[:-1]) if x[0] > 0 else 0.5 * (x[1:] + x[:-1]), ends[1]]
    d = np.diff(np.r_[0, mask.astype(int), 0])
    starts, ends = np.flatnonzero(d == 1), np.flatnonzero(d == -1)
    return [(edges[s], edges[e]) for s, e in zip(starts, ends, strict=True)]


@renamed_keywords(skew_range="skew_sweep", method="interval")
@skew_by_name
def plot_comparison(data=None, score_a=None, score_b=None, *, y_true=None, skews=None, skew_sweep=(0.001, 0.5),
                    n_skews=40, names=None, confidence=0.95, n_boot=N_BOOT_DECISION, interval="bca",
                    interpolation="continuous", normalize=False, stratified=True, sample_weight=None, pos_label=None,
                    random_state=None, log_skew=True, ax=None, progress=True, **kwargs):
    """Draw AUCPR(A) - AUCPR(B) against the deployment skew, with a bootstrap band.

    The picture for choosing a classifier when the deployment skew is
    unknown or moves: where the band lies above 0 (hatched in A's colour) A
    is significantly better at that skew, below 0 (B's colour) B is.  All
    skews share the same paired bootstrap replicates
    (:func:`skewplot.compare`), so the band is one smooth family; it is
    pointwise, so over many skews some shading can be chance: read a wide
    hatched span, not a sliver.

    Parameters
    ----------
    data : array-like or DataFrame, optional
        The labels (``plot_comparison(y_true, score_a, score_b)``), or a
        table whose columns ``y_true=``, ``score_a=``, ``score_b=`` name (as
        :func:`skewplot.compare`).
    score_a, score_b : array-like of shape (n,) or str
        Scores of the two classifiers on the same rows (or their columns);
        or ``score_a`` a mapping of the two, ``{"a": s1, "b": s2}``, which
        also names them.
    y_true : array-like or str, optional
        The labels when ``data`` is None, or their column in ``data``.
    skews : array-like, optional
        Skews in (0, 1) to evaluate, increasing.  By default ``n_skews``
        log-spaced values over ``skew_sweep``.
    skew_sweep : (float, float), default=(0.001, 0.5)
        The ends of the skew axis the difference is drawn over (formerly
        ``skew_range``, which elsewhere is only the range P̄ averages over).
    n_skews : int, default=40
    names : (str, str), optional
        The classifiers' names: the keys of a mapping of scores, else ``("A", "B")``.
    confidence, n_boot, interval, interpolation, normalize, stratified, sample_weight, pos_label, random_state
        As :func:`skewplot.compare`.
    log_skew : bool, default=True
        Logarithmic skew axis.
    ax : matplotlib Axes, optional
    progress : bool, default=True
        Show a progress bar of the bootstrap replicates once the call has
        run for 2 s (as :func:`skewplot.aucpr_ci`); ``False`` silences it.
    **kwargs
        Passed to the difference line's ``Axes.plot``.

    Returns
    -------
    ComparisonDisplay

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> y, a = sp.datasets.make_scores(3000, 0.1, random_state=0)
    >>> b = a + np.random.default_rng(1).normal(size=3000)   # B is A plus noise
    >>> disp = sp.plot_comparison(y, a, b, n_skews=10, n_boot=200, random_state=0)
    >>> bool(disp.result_["low"].min() > 0)  # A, without B's noise, is better at every skew
    True
    """
    kwargs = check_style(kwargs, plot_comparison)
    log_skew = check_bool(log_skew, "log_skew")
    if skews is None:
        lo, hi = check_pair(skew_sweep, "skew_sweep", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
        n_skews = check_int(n_skews, "n_skews", lo=2)
        check_memory(8 * n_skews, f"n_skews={n_skews} skews", reduce="lower n_skews")
        skews = np.geomspace(lo, hi, n_skews) if log_skew else np.linspace(lo, hi, n_skews)
    else:
        skews = check_finite(check_1d_array(skews, "skews"), "skews")
        if skews.min() <= 0 or skews.max() >= 1 or np.any(np.diff(skews) <= 0):
            raise ValueError("skews must be increasing values in (0, 1)")
    score_a, score_b, keys = two_scores(score_a, score_b, "plot_comparison")
    if names is None:
        names = keys or ("A", "B")
    elif keys is not None:
        raise TypeError("names= and a mapping of scores both name the classifiers; give one or the other")
    if not isinstance(names, (tuple, list)) or len(names) != 2:
        raise TypeError(f"names must be a pair of labels (A, B), got {names!r}")
    result = compare_many(data, score_a, score_b, [float(s) for s in skews], y_true=y_true,
                          sample_weight=sample_weight, pos_label=pos_label, func="plot_comparison",
                          interpolation=interpolation, confidence=confidence, n_boot=n_boot, interval=interval,
                          stratified=stratified, random_state=random_state, normalize=normalize,
                          progress=progress)
    disp = ComparisonDisplay(skews, result, tuple(str(n) for n in names), confidence, normalize, interval)
    return disp.plot(ax=ax, log_skew=log_skew, **kwargs)
