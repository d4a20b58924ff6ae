"""F-measure space [S §3]: F_alpha against the deployment skew pi = P(+)."""

from __future__ import annotations

import numpy as np

from .._defaults import N_BOOT_BAND
from .._validate import renamed_keywords
from ..metrics._inputs import classifiers, skew_by_name
from ..metrics.fmeasure import f_always_positive, f_crossing, f_curves, f_envelope, resolve_f_weight
from ..skew.base import skew_text
from ._axes import log_axis
from ._class_names import plot_with_priors
from ._docstrings import fill_doc
from ._kwargs import check_style
from ._per_class import class_display, per_class_data
from .envelope import ENVELOPE_PARAMS, EnvelopeDisplay
from .threshold import check_threshold, mark_threshold_of, marking

__all__ = ["FMeasureDisplay", "plot_fmeasure"]

# Dense near 0, where the curves of points with a small FPR rise steeply.
_LINEAR = np.unique(np.r_[np.linspace(0.0, 1.0, 201), np.geomspace(1e-4, 1.0, 200)])


class FMeasureDisplay(EnvelopeDisplay):
    """F-measure space [S §3]: one curve of F_alpha against the skew per operating point.

    Build it with :func:`plot_fmeasure` (or :meth:`from_predictions`,
    :meth:`from_estimator`); ``update(f_alpha=..., skew=...)`` moves the
    artists in place: a new ``f_alpha`` recomputes the curves of the drawn
    points and the envelopes (from the precomputed ROC hulls), a new ``skew``
    only moves the marker.

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_ : dict of str to Line2D
        The upper envelope of each classifier: its best F_alpha at every skew
        (mean over folds for a list).
    point_lines_ : dict of str to LineCollection
        One thin curve per operating point.
    baselines_ : dict
        ``"always_positive"``: F_alpha of the classifier that calls everything
        positive (always-negative has F = 0).
    markers_ : dict of str to Line2D
        Each envelope's value at the chosen skew; ``skew_line_`` and
        ``skew_text_`` mark and name that skew.
    """

    _update_params = ("f_alpha", "beta", "skew")
    _relabelled = ("y",)
    _shape_params = ("f_alpha", "beta")
    _thin_label = "one curve per threshold"

    @renamed_keywords(ci="confidence")
    def __init__(self, points, *, f_alpha=None, beta=None, lines=True, envelope=True, skew=None, log_skew=None,
                 skew_bounds=None, max_lines=None, band="sd", confidence=None, n_boot=N_BOOT_BAND, random_state=None,
                 palette=None):
        self.f_alpha = resolve_f_weight(f_alpha, beta)
        self.beta = None if beta is None else float(beta)
        super().__init__(points, lines=lines, envelope=envelope, skew=skew, max_lines=max_lines, band=band,
                         confidence=confidence, n_boot=n_boot, random_state=random_state, palette=palette,
                         log_skew=log_skew, skew_bounds=skew_bounds)

    @property
    def _skews(self):
        return self._log_grid if self.log_skew else _LINEAR

    @classmethod
    def _plot_function(cls):
        return plot_fmeasure

    def _check_params(self, params):
        if "f_alpha" in params or "beta" in params:
            beta = params.pop("beta", None)
            params["f_alpha"] = resolve_f_weight(params.get("f_alpha"), beta)
            if beta is None and params["f_alpha"] == self.f_alpha:
                beta = self.beta  # the same weight again (a widget step): keep the name the user gave
            params["beta"] = None if beta is None else float(beta)
        return params

    _hiding = ("always_positive", "always positive")
    #: The always-positive curve over the envelopes, as cost space's trivial lines (see there): at rare skews the
    #: weak classifiers' F curves are that curve, and under them it was hidden (figure review of ba94d56, fm-03..07).
    _baseline_z = 2.6

    def _grid(self):
        return self._skews

    def _point_curves(self, pts):
        y = f_curves(pts, skews=self._skews, f_alpha=self.f_alpha)  # (n_skews, n_points)
        x = np.broadcast_to(self._skews[:, None], y.shape)
        return np.stack([x.T, y.T], axis=2)

    def _envelope_curve(self, hull):
        """The grid plus every crossing of consecutive hull curves [S Eq 11], where the envelope has its kinks."""
        x = self._skews
        t, f = hull.tpr, hull.fpr
        if self.f_alpha > 0 and t.size > 2:
            with np.errstate(divide="ignore", invalid="ignore"):
                cross = np.atleast_1d(f_crossing((t[1:-1], f[1:-1]), (t[2:], f[2:]), f_alpha=self.f_alpha))
            x = np.unique(np.r_[x, cross[(cross > x[0]) & (cross < 1.0)]])
        return x, self._envelope_at(hull, x)

    def _envelope_at(self, hull, x):
        return f_envelope(hull, skews=x, f_alpha=self.f_alpha)[0]  # its candidates are kept on the hull's points

    def _baseline_curves(self):
        return {"always_positive": (self._skews, f_always_positive(self._skews, f_alpha=self.f_alpha),
                                    {"linestyle": "--", "label": "always positive"})}

    def _set_limits(self, ax):
        if self.log_skew:
            log_axis(ax)
            ax.set_xlim(self._skews[0], 1.0)
        else:
            ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.02)

    def _x_of_skew(self, skew):
        return skew

    def _marker_text(self, short=False):
        return f"π′={skew_text(self.skew)}"  # plain text: see CostDisplay._marker_text

    def _xlabel(self, short=False):
        return ("" if short else "Skew ") + "π′"  # a log axis says so in its ticks: the label fits a narrow panel

    def _ylabel(self):
        if self.beta is not None:
            # plain "F2", not mathtext's F_{2}: a subscript is too small to read in print
            return f"F-measure F{self.beta:g} (β={self.beta:g}, α={self.f_alpha:.3g})"
        # plain text, not mathtext: see CostDisplay._xlabel (the label changes with every step of α)
        if self.f_alpha == 0.5:
            return "F-measure F1 (α=0.5)"
        return f"F-measure (α={self.f_alpha:g})"


@renamed_keywords(ci="confidence")

@skew_by_name
def plot_fmeasure(data=None, y_score=None, *, y_true=None, hue=None, units=None, folds=None, sample_weight=None,
                  pos_label=None, hue_order=None, palette=None, name=None, f_alpha=None, beta=None, lines=True,
                  envelope=True, skew=None, log_skew=None, skew_bounds=None, max_lines=None, band="sd", confidence=None,
                  n_boot=N_BOOT_BAND, random_state=None, threshold=None, ax=None, **kwargs):
    """Draw F-measure space: F_alpha of each operating point against the skew pi [S §3].

    Each operating point is an increasing concave curve
    ``F = pi TPR / (alpha (pi TPR + (1 - pi) FPR) + (1 - alpha) pi)``; a
    classifier's upper envelope (bold) is its F at the best threshold for
    every skew, computed from the ROC convex hull on a dense grid that
    includes every kink (the crossings of consecutive hull curves).

    Parameters
    ----------
%(input_params)s    f_alpha : float in [0, 1], optional
        Weight of precision in F_alpha, ``F = 1 / (f_alpha / P + (1 - f_alpha) / R)``:
        0.5 is F1, 1 is precision alone.  Named ``f_alpha`` because
        ``alpha`` is matplotlib's transparency.
    beta : float >= 0, optional
        F_beta instead (``beta=1`` is F1, ``beta=2`` weighs recall more):
        the same as ``f_alpha = 1 / (1 + beta**2)``.  Give one of ``f_alpha``
        and ``beta``; neither draws F1.  The y label names the measure
        (``F_1``, ``F_2``, or ``F_alpha`` with its alpha).
    lines : bool, default=True
        Draw a thin curve per operating point.  The two trivial ends are left
        out (always-negative has F = 0, always-positive is the baseline); with
        more than ``max_lines`` points only the ROC-hull points get a curve
        (evenly thinned to ``max_lines`` if still too many): the others never
        reach the envelope.
    envelope : bool, default=True
        Draw each classifier's upper envelope in bold.
    skew : float in [0, 1], optional
        Deployment skew to mark: a dotted vertical line and a dot on each
        envelope (its best F there).  A one-vs-rest mapping takes a prior
        vector ``{class: prior}`` (or a PriorEstimate): each class against
        the rest as it mixes them, its marker at its own prior.
%(envelope_params)s
    Returns
    -------
    FMeasureDisplay
        Drawn; ``update(f_alpha=..., skew=...)`` moves its artists in place.

    Examples
    --------
    >>> import skewplot as sp
    >>> disp = sp.plot_fmeasure(sp.datasets.example_classifiers(), skew=0.1)
    >>> sorted(disp.lines_), sorted(disp.baselines_)
    (['strong', 'weak'], ['always_positive'])
    >>> disp = disp.update(f_alpha=0.8, skew=0.05)
    >>> disp.ax_.get_ylabel()
    'F-measure (α=0.8)'
    """
    kwargs = check_style(kwargs, plot_fmeasure)
    check_threshold(threshold)
    data, skew, models = per_class_data(data, skew)  # one-vs-rest: each class at its own prior
    points = classifiers(data, y_score, y_true=y_true, hue=hue, units=units, folds=folds,
                         sample_weight=sample_weight, pos_label=pos_label, hue_order=hue_order, name=name,
                         func="plot_fmeasure")
    disp = class_display(FMeasureDisplay, models, points, f_alpha=f_alpha, beta=beta, lines=lines,
                         envelope=envelope, skew=skew, log_skew=log_skew, skew_bounds=skew_bounds, max_lines=max_lines,
                         band=band, confidence=confidence, n_boot=n_boot, random_state=random_state, palette=palette)
    return mark_threshold_of(plot_with_priors(marking(disp, threshold), models, ax, **kwargs))


fill_doc(plot_fmeasure, envelope_params=ENVELOPE_PARAMS)
