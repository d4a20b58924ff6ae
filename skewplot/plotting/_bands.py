"""Bands around a curve: over folds (SD or quantiles) and bootstrap ``confidence=`` bands; what the legend says."""

from __future__ import annotations

import weakref

import numpy as np

from .._validate import check_choice, check_scalar
from .layout._markers import crowding

__all__ = ["fold_band", "fold_band_text", "ci_band_text", "draw_band", "band_alpha", "thin_bands", "move_band",
           "check_band", "check_ci", "ci_replicates", "ci_quantiles", "FOLD_QUANTILES"]


#: The quantiles of ``band="quantile"`` (with the median as the centre line).
FOLD_QUANTILES = (0.1, 0.9)


def fold_band(rows, band):
    """Centre line and band of fold curves sampled on one grid (one row per fold)."""
    rows = np.asarray(rows, dtype=float)
    if band == "sd":
        mid = rows.mean(axis=0)
        sd = rows.std(axis=0, ddof=1) if len(rows) > 1 else np.zeros(rows.shape[1])
        return mid, mid - sd, mid + sd
    lo, mid, hi = np.quantile(rows, [FOLD_QUANTILES[0], 0.5, FOLD_QUANTILES[1]], axis=0)
    return mid, lo, hi


def _percent(q):
    return f"{100 * q:.3g} %"


def fold_band_text(band, n_folds):
    """What a fold band is, for its legend entry: ``"mean ± 1 SD of 5 folds"`` or ``"median, 10-90 % of 5 folds"``.

    Examples
    --------
    >>> fold_band_text("sd", 5), fold_band_text("quantile", 5)
    ('mean ± 1 SD of 5 folds', 'median, 10–90 % quantiles of 5 folds')
    """
    if band == "sd":
        return f"mean ± 1 SD of {n_folds} folds"
    lo, hi = FOLD_QUANTILES
    return f"median, {100 * lo:.3g}–{_percent(hi)} quantiles of {n_folds} folds"


def ci_band_text(ci, n_boot, method="percentile"):
    r"""What a bootstrap band is, for its legend entry: level, that it is pointwise, the interval's method.

    ``confidence=`` bands of the plots are the percentile interval of
    :func:`ci_quantiles`; :func:`skewplot.plot_comparison` names its ``method``.
    The method goes on a second line: on one, the entry is wider than the
    Axes of a small figure, and a legend strip under it would narrow it.

    Examples
    --------
    >>> ci_band_text(0.95, 200)
    '95 % pointwise bootstrap CI\n(percentile, 200 replicates)'
    >>> ci_band_text(0.9, 1000, "bca")
    '90 % pointwise bootstrap CI\n(BCa, 1000 replicates)'
    """
    method = {"bca": "BCa"}.get(method, method)
    return f"{_percent(ci)} pointwise bootstrap CI\n({method}, {n_boot} replicates)"


_OWN_ALPHA = weakref.WeakKeyDictionary()  # band -> the opacity draw_band gave it


def band_alpha(n_bands):
    """The share of its own opacity each of ``n_bands`` bands on one Axes keeps: all up to four, then ``4 / n``.

    Ten bands at 0.2 each overlapped into one tinted field that buried the
    curves (pr-04/11/12, roc-05, fm-03/05 of the review of 494a71d); at
    0.08 each, ten overlapping bands still let the curves show.

    >>> band_alpha(1), band_alpha(4), band_alpha(10)
    (1.0, 1.0, 0.4)
    """
    return crowding(n_bands)


def thin_bands(bands):
    """Give each of ``bands`` (one Axes' bands) its opacity among them: :func:`band_alpha` of its own."""
    bands = list(bands)
    for band in bands:
        own = _OWN_ALPHA.setdefault(band, band.get_alpha())
        alpha = None if own is None else own * band_alpha(len(bands))
        if alpha != band.get_alpha():  # set only when it changes: a widget's step then repaints no band
            band.set_alpha(alpha)


def draw_band(ax, x, lo, hi, line, label=None):
    """The band under ``line``: its colour, a fifth of its opacity (less among many bands: ``thin_bands``).

    Drawn just below the line and above the axis grid, so that a widget
    redrawing the moving parts never has to repaint the ticks.  ``label``
    (:func:`fold_band_text`, :func:`ci_band_text`) says in the legend what
    the band is, once per Axes: the bands of further classifiers carry no
    entry of their own.
    """
    alpha = 0.2 if line.get_alpha() is None else 0.2 * line.get_alpha()
    if label is None or any(c.get_label() == label for c in ax.collections):
        label = "_nolegend_"
    return ax.fill_between(x, lo, hi, color=line.get_color(), alpha=alpha, linewidth=0,
                           zorder=line.get_zorder() - 0.4, label=label)


def move_band(band, x, lo, hi):
    """Move a ``fill_between`` band to ``lo`` .. ``hi`` over ``x``, as a fresh ``fill_between`` would draw it.

    ``band.set_data`` from matplotlib 3.10; before it, the band's polygons
    made anew as ``fill_between`` makes them: one for each run of finite
    values, from ``(x[0], hi[0])`` along ``lo`` and back along ``hi`` (the
    plots' bands use no ``where``, ``step`` or ``interpolate``).
    """
    if hasattr(band, "set_data"):
        band.set_data(x, lo, hi)
        return
    x, lo, hi = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (x, lo, hi)))
    ok = np.isfinite(x) & np.isfinite(lo) & np.isfinite(hi)
    polygons = []
    for run in np.split(np.arange(x.size), np.flatnonzero(np.diff(ok.astype(np.int8))) + 1):
        if run.size and ok[run[0]]:
            xs, ys, top = x[run], lo[run], hi[run]
            polygons.append(np.r_[[[xs[0], top[0]]], np.c_[xs, ys], [[xs[-1], top[-1]]], np.c_[xs[::-1], top[::-1]]])
    band.set_verts(polygons)


def check_band(band):
    return check_choice(band, "band", ("sd", "quantile"))


def check_ci(ci):
    """``confidence=`` of the plots: None (no band) or a confidence in (0, 1)."""
    if ci is None:
        return None
    return check_scalar(ci, "confidence", lo=0.0, hi=1.0, lo_open=True, hi_open=True)


def ci_replicates(points, ci, n_boot, random_state):
    """``ci`` checked, and bootstrap replicates (lists of OperatingPoints) of each single classifier."""
    ci = check_ci(ci)
    if ci is None:
        return None, {}
    from ..stats._checks import as_generator
    from ..stats.bootstrap import bootstrap_points

    rng = as_generator(random_state)
    out = {}
    for name, value in points.items():
        if isinstance(value, list):
            continue  # folds draw their own band
        try:
            out[name] = bootstrap_points(value, n_boot, random_state=rng)
        except ValueError as exc:
            raise ValueError(f"confidence: {exc}") from exc
    return ci, out


def ci_quantiles(rows, ci):
    """Pointwise lower and upper percentile ends of replicate curves (one row each)."""
    alpha = 1.0 - ci
    lo, hi = np.quantile(np.asarray(rows, dtype=float), [alpha / 2, 1 - alpha / 2], axis=0)
    return lo, hi
