"""F-measure space [S §3]: F_alpha against the deployment skew pi = P(+)."""

from __future__ import annotations

import numpy as np

from .._validate import check_scalar
from ..metrics.fmeasure import f_always_positive, f_crossing, f_curves, f_envelope
from .envelope import ENVELOPE_PARAMS, EnvelopeDisplay

__all__ = ["FMeasureDisplay", "plot_fmeasure"]

# Dense near 0, where the curves of points with a small FPR rise steeply.
_LINEAR = np.unique(np.r_[np.linspace(0.0, 1.0, 201), np.geomspace(1e-4, 1.0, 200)])


def _check_f_alpha(f_alpha):
    return check_scalar(f_alpha, "f_alpha", lo=0.0, hi=1.0)


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

    _update_params = ("f_alpha", "skew")
    _relabelled = ("y",)
    _shape_params = ("f_alpha",)
    _thin_label = "one curve per threshold"

    def __init__(self, points, *, f_alpha=0.5, lines=True, envelope=True, skew=None, log_skew=False,
                 max_lines=200, band="sd", ci=None, n_boot=200, random_state=None):
        self.f_alpha = _check_f_alpha(f_alpha)
        self.log_skew = bool(log_skew)
        super().__init__(points, lines=lines, envelope=envelope, skew=skew, max_lines=max_lines, band=band, ci=ci,
                         n_boot=n_boot, random_state=random_state)
        if self.log_skew:
            lo = 1e-3 if not self.skew else min(1e-3, 10.0 ** np.floor(np.log10(self.skew)))
            self._skews = np.geomspace(lo, 1.0, 400)
        else:
            self._skews = _LINEAR

    @classmethod
    def _plot_function(cls):
        return plot_fmeasure

    def _check_params(self, params):
        if "f_alpha" in params:
            params["f_alpha"] = _check_f_alpha(params["f_alpha"])
        return params

    def _grid(self):
        return self._skews

    def _point_curves(self, pts):
        y = f_curves(pts, self._skews, f_alpha=self.f_alpha)  # (n_skews, n_points)
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
        return f_envelope(hull, x, f_alpha=self.f_alpha)[0]

    def _baseline_curves(self):
        return {"always_positive": (self._skews, f_always_positive(self._skews, f_alpha=self.f_alpha),
                                    {"linestyle": "--", "label": "always positive"})}

    def _set_limits(self, ax):
        if self.log_skew:
            ax.set_xscale("log")
            ax.set_xlim(self._skews[0], 1.0)
        else:
            ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.02)

    def _marker_x(self):
        return self.skew

    def _marker_text(self):
        return f"$\\pi$={self.skew:.3g}"

    def _xlabel(self):
        return "Skew $\\pi = P(+)$" + (" (log scale)" if self.log_skew else "")

    def _ylabel(self):
        return f"F-measure $F_{{\\alpha}}$ ($\\alpha$={self.f_alpha:g})"


def plot_fmeasure(points, *, f_alpha=0.5, lines=True, envelope=True, skew=None, log_skew=False, max_lines=200,
                  band="sd", ci=None, n_boot=200, random_state=None, ax=None, _cls=FMeasureDisplay, **kwargs):
    """Draw F-measure space: F_alpha of each operating point against the skew pi [S §3].

    Each operating point is an increasing concave curve
    ``F = pi TPR / (alpha (pi TPR + (1 - pi) FPR) + (1 - alpha) pi)``; a
    classifier's upper envelope (bold) is its F at the best threshold for
    every skew, computed from the ROC convex hull on a dense grid that
    includes every kink (the crossings of consecutive hull curves).

    Parameters
    ----------
    points : OperatingPoints, list of OperatingPoints, or dict of str to either
        One classifier; folds of one classifier (mean envelope with a band,
        no per-point curves); or several classifiers (one envelope each,
        legend by name, thin curves in the classifier's colour).
    f_alpha : float in [0, 1], default=0.5
        Weight of precision in F_alpha (0.5 is F1).  Named ``f_alpha``
        because ``alpha`` is matplotlib's transparency.
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
        envelope (its best F there).
    log_skew : bool, default=False
        Logarithmic skew axis, from 1e-3 (lower when ``skew`` is smaller) to 1;
        the range is fixed when the plot is drawn.
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
    'F-measure $F_{\\\\alpha}$ ($\\\\alpha$=0.8)'
    """
    disp = _cls(points, f_alpha=f_alpha, lines=lines, envelope=envelope, skew=skew, log_skew=log_skew,
                max_lines=max_lines, band=band, ci=ci, n_boot=n_boot, random_state=random_state)
    return disp.plot(ax=ax, **kwargs)


plot_fmeasure.__doc__ = plot_fmeasure.__doc__.replace("%(envelope_params)s", ENVELOPE_PARAMS)
