"""The null distribution of average precision under random ranking, drawn [Z Fig 1]."""

from __future__ import annotations

import numpy as np

from .._format import number, p_value
from .._validate import check_int, check_scalar
from ._axes import log_axis
from ._display import Display, palette
from ._kwargs import check_style
from .layout._figure import fit_label, legible
from .layout._markers import fit_marker_label

__all__ = ["APNullDisplay", "plot_ap_null"]


# ---------------------------------------------------------------------- [Z] Fig 1
class APNullDisplay(Display):
    """Average precision under random ranking: histogram, exact-moment normal density, observed AP [Z Fig 1].

    ``lines_["density"]`` (normal with the exact mean and variance),
    ``lines_["approx"]`` (the [Z] approximation, dashed), ``lines_["observed"]``;
    ``histogram_`` holds the bars.  ``pvalue_`` is the normal p-value of
    ``observed`` (greater); ``pvalue_sampled_``, set by :meth:`plot`, the
    share of the histogram's rankings at or above it, ``(1 + k) / (N + 1)``:
    AP's null is skewed right, so at small ``n_pos`` the normal tail can be
    far smaller than what the rankings show.
    """

    def __init__(self, n, n_pos, *, observed=None, n_samples=20000, random_state=None):
        super().__init__()
        from ..stats import average_precision_null

        self.null = average_precision_null(n, n_pos)
        self.observed = None if observed is None else check_scalar(observed, "observed", lo=0.0, hi=1.0)
        self.n_samples = check_int(n_samples, "n_samples", lo=1)
        self.random_state = random_state
        self.pvalue_ = None if observed is None else float(self.null.pvalue(self.observed))
        self.pvalue_sampled_ = None

    def plot(self, ax=None, **kwargs):
        from .layout._legend import is_page, panels

        ax = self._attach(ax)
        draws = self.null.sample(self.n_samples, random_state=self.random_state)
        if self.observed is not None:
            self.pvalue_sampled_ = float(self.null.pvalue(self.observed, approximation="permutation", draws=draws))
        style = {"color": palette(1)[0], "alpha": 0.6, "linewidth": 0}  # no white edges: narrow bars stay seen
        style.update(kwargs)
        sd = np.sqrt(self.null.var)
        lo = min(draws.min(), self.null.mean - 4 * sd)
        hi = max(draws.max(), self.null.mean + 4 * sd)
        # An observed AP far above the null (a useful classifier: most of the time) left the null a sliver at the
        # left of a linear axis: then a log axis, on which the null and the observed line both keep room
        top = max(draws.max(), self.observed if self.observed is not None else 0.0)
        log = bool(draws.min() > 0 and (top > 2.0 * (self.null.mean + 4 * sd) or top > 10.0 * draws.min()))
        if self.observed is not None:
            hi = max(hi, self.observed + sd)
            lo = min(lo, self.observed - sd)
        if log:
            lo, hi = min(draws.min(), top) / 1.25, top * 1.6  # the observed line clear of the right spine
        # ...but not past AP 1, a value no ranking takes (0.9 observed ran the axis to 1.44: apn-06 of the review)
        hi = min(hi, max(1.0, top * 1.03))
        if hi - lo < 1e-3:  # a point mass (one item, or every item positive): give it room
            lo, hi = lo - 0.05, hi + 0.05
        bins = np.geomspace(draws.min(), draws.max(), 40) if log and draws.max() > draws.min() else 60
        *_, self.histogram_ = ax.hist(draws, bins=bins, density=True, label=f"{self.n_samples} random rankings",
                                      **style)
        x = np.geomspace(lo, hi, 400) if log else np.linspace(lo, hi, 400)
        several = len(panels(ax.figure)) > 1 and not is_page(ax.figure)  # a shared legend: the same entries
        mean = "" if several else f" (mean {number(self.null.mean)})"
        self.lines_["density"] = _normal_line(ax, x, self.null.mean, self.null.var, color="0.15",
                                              label=f"normal, exact moments{mean}")
        self.lines_["approx"] = _normal_line(ax, x, self.null.approx_mean, self.null.approx_var, color="0.45",
                                             linestyle="--", label="Zhang & Su approximation")
        self.observed_text_ = None
        if self.observed is not None:
            self.lines_["observed"] = ax.axvline(self.observed, color="C3", linewidth=1.5, label="observed AP")
            # its value and p beside the line (the same legend entry in every panel of a row: none merged)
            self.observed_text_ = ax.text(self.observed, 0.98, "", transform=ax.get_xaxis_transform(), ha="left",
                                          va="top", fontsize=legible("small"), color="C3")
            self.observed_text_.set_in_layout(False)
        if log:
            log_axis(ax)
        ax.set_xlim(lo, hi)
        fit_label(ax.xaxis, "Average precision of a random ranking", "AP")
        fit_label(ax.yaxis, "Density")
        ax.set_title(f"n = {self.null.n}, {self.null.n_pos} positives", fontsize=legible("medium"))
        ax.set_ylim(0, ax.get_ylim()[1] * 1.35)  # room for the legend above the bars
        self._place_legend()
        if self.observed_text_ is not None:
            value, p = number(self.observed), p_value(self.pvalue_)
            # no ranking sampled at or above the observed AP: p is at most 1 / (draws + 1)
            sampled = p_value(self.pvalue_sampled_, resolution=1.0 / (self.n_samples + 1), attained=True)
            # no "observed" (the legend says it; apn-05); lines stacked before a p goes (a log axis' narrow side:
            # "0.0300"); the sampled p outlasts the normal one, which a skewed null can make far too small
            forms = (f"{value}, normal {p}, sampled {sampled}", f"{value}\nnormal {p}\nsampled {sampled}",
                     f"{value}\nsampled {sampled}", value)
            fit_marker_label(self.observed_text_, self.observed, forms, skip=(self.lines_["observed"],))
        return self


def _normal_line(ax, x, mean, var, **style):
    """The normal density over ``x``; with zero variance (a point mass) a vertical line at the mean."""
    from scipy.stats import norm

    if var > 0:
        return ax.plot(x, norm.pdf(x, mean, np.sqrt(var)), **style)[0]
    style["label"] += " (point mass)"
    return ax.axvline(mean, **style)


def plot_ap_null(n, n_pos, *, observed=None, n_samples=20000, random_state=None, ax=None, **kwargs):
    """Draw the null distribution of average precision under random ranking [Z Fig 1].

    Parameters
    ----------
    n : int
        Number of items ranked.
    n_pos : int
        Number of relevant (positive) items.
    observed : float in [0, 1], optional
        An observed AP to mark, with its one-sided p-value (normal, exact moments).
    n_samples : int, default=20000
        Random rankings drawn for the histogram.
    random_state : int or Generator, optional
    ax : matplotlib Axes, optional
    **kwargs
        Passed to the histogram.

    Returns
    -------
    APNullDisplay

    Examples
    --------
    >>> import skewplot as sp
    >>> disp = sp.plot_ap_null(1000, 100, observed=0.15, n_samples=2000)
    >>> sorted(disp.lines_)
    ['approx', 'density', 'observed']
    """
    kwargs = check_style(kwargs, plot_ap_null)
    return APNullDisplay(n, n_pos, observed=observed, n_samples=n_samples, random_state=random_state).plot(
        ax=ax, **kwargs)
