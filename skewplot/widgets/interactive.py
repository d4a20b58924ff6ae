"""One space, live: PR at a skew, P̄-R over a range, P̃-R over a window, F and cost spaces.

Every widget builds its Display once and drives it with ``Display.update``;
see :mod:`skewplot.widgets` for the backends.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .._validate import check_1d_array, check_finite, check_scalar, renamed_keywords
from ..metrics.fweight import resolve_f_weight
from ..metrics.precision import skew_model_of
from ..plotting.envelope import LOG_BELOW
from ..plotting.layout._legend import place_legend
from ..skew import SkewRange, SkewSeries
from ..skew.base import skew_text
from ._base import SkewWidget, check_points, check_slider_bounds, first_points, initial_skew, normalized, plot_args
from ._checks import skew_or_estimate
from .classes import OneVsRest, interactive_classes
from .controls import NumberSlider, check_skew_range, f_alpha_slider, m_slider, skew_range_slider, skew_slider
from .spaces import EnvelopeWidget, _marker_doc
from .threshold import add_threshold_control

__all__ = ["interactive_pr", "interactive_integrated_pr", "interactive_temporal_pr",
           "interactive_fmeasure", "interactive_cost"]


class _PRWidget(SkewWidget):
    """A PRDisplay on one Axes, with an AUC / nAUC table."""

    def _build_pr(self, points, skew, ax, kwargs, floor=1e-4):  # floor: the log slider's smallest skew
        from ..plotting.pr import plot_pr

        if "normalize" in kwargs:
            raise TypeError("normalize is not an option here: the table shows both AUC and nAUC")
        kwargs.setdefault("skew_label", "title")  # a fixed y axis: each frame repaints less
        control = kwargs.pop("threshold_control", False)
        self.displays["pr"] = plot_pr(**plot_args(points), skew=skew, ax=ax, **kwargs)
        self.displays["pr"].set_floor_skew(floor)  # a log axis' ends fixed over the slider: no step moves them
        if control:  # the mark and table at the slider's skew, which the Display holds
            if not isinstance(skew, float):
                raise TypeError("threshold_control is an option of interactive_pr (a skew, not a range or series)")
            add_threshold_control(self, points, ["pr"], skew=lambda: self.displays["pr"].skew)

    def _pr_readout(self, title):
        disp = self.displays["pr"]
        rows = {}
        for name, value in disp.points.items():
            amin = skew_model_of(first_points(value), disp.skew).aucpr_min()
            auc = disp.aucs_[name]
            rows[name] = {"AUC": auc, "nAUC": normalized(auc, amin)}
        self._set_readout(title, ["AUC", "nAUC"], rows)


class InteractivePR(_PRWidget):
    """PR curves at a deployment skew chosen with a log-scaled slider (see :func:`interactive_pr`)."""

    # save_html: a frame per state, unless a threshold control's ranks make them too many (then drawn in the page)
    _page_draws_curves = property(lambda self: self.threshold_control is not None)

    def __init__(self, data=None, y_score=None, *, skew=None, slider_bounds=(1e-4, 0.9999), estimated_skew=None,
                 figsize=(6.0, 4.5), **kwargs):
        super().__init__()
        points = check_points(data, y_score, kwargs, func="interactive_pr")
        bounds = check_slider_bounds(slider_bounds)
        skew, estimated_skew = skew_or_estimate(skew, estimated_skew)
        value = initial_skew(points, skew, bounds)
        estimate = self._make_estimate(estimated_skew, bounds)
        _, ax = self._make_figure(figsize=figsize)
        self._build_pr(points, value, ax, kwargs, floor=bounds[0])
        self.controls["skew"] = skew_slider(value, lo=bounds[0], hi=bounds[1])
        self._finish([[self.controls["skew"], self._make_reset(points, bounds), *estimate]])

    def _apply(self, changed):
        skew = float(self.controls["skew"].value)
        self.displays["pr"].update(skew=skew, draw=False)
        self._pr_readout(f"AUCPR at π′ = {skew_text(skew)}")


@renamed_keywords(skew_bounds="slider_bounds")
def interactive_pr(data=None, y_score=None, *, skew=None, slider_bounds=(1e-4, 0.9999), estimated_skew=None,
                   figsize=(6.0, 4.5), **kwargs):
    """PR curves with a log-scaled deployment-skew slider and a live AUC table.

    Parameters
    ----------
    data, y_score : optional
        What to plot, as :func:`skewplot.plot_pr` takes it (``y_true``, ``hue``, ``units`` ... in ``kwargs``);
        a OneVsRest: a class selector and that class's prior (:func:`~skewplot.widgets.interactive_classes`).
    skew : float, optional (the starting skew, the data set's own when None; a OneVsRest: a prior vector)
    slider_bounds : (float, float), default=(1e-4, 0.9999)
        The skew slider's ends, ``0 < lo < hi < 1`` (formerly ``skew_bounds``,
        which in the plots is the span of the skew axis).
    estimated_skew : SkewEstimate or float, optional
        A skew estimated from deployment scores (:func:`skewplot.estimate_skew`):
        shown with its interval on the slider's scale, with a "go to
        estimated skew" button.
    figsize : (float, float), default=(6, 4.5)
    **kwargs
        Passed to :func:`skewplot.plot_pr` (``interpolation``, ``iso_f``, line styles); ``threshold_control=True``
        adds a threshold control (``skewplot.widgets.threshold``), its mark and table at the slider's skew.

    Returns
    -------
    SkewWidget
        ``controls["skew"]`` (FloatLogSlider), ``displays["pr"]`` (PRDisplay), ``readouts_`` (AUC and nAUC
        per classifier) and a ``reset`` button back to the data set's skew.

    Examples
    --------
    >>> import skewplot as sp
    >>> w = sp.widgets.interactive_pr(sp.datasets.example_classifiers(), skew=0.1)
    >>> w.controls["skew"].value = 0.01
    >>> round(w.readouts_["strong"]["AUC"], 4) == round(sp.aucpr(w.displays["pr"].points["strong"], skew=0.01), 4)
    True
    """
    if isinstance(data, OneVsRest) and y_score is None and estimated_skew is None:
        return interactive_classes(data, skew=skew, slider_bounds=slider_bounds, figsize=figsize, **kwargs)
    return InteractivePR(data, y_score, skew=skew, slider_bounds=slider_bounds, estimated_skew=estimated_skew,
                         figsize=figsize, **kwargs)


class InteractiveIntegratedPR(_PRWidget):
    """P̄-R over a skew range chosen with a range slider (see :func:`interactive_integrated_pr`)."""

    _page_draws_curves = True  # P̄ in closed form (uniform) or by a rule per gap of the range slider (weighted)

    def __init__(self, data=None, y_score=None, *, skew_range=(0.0, 0.5), weight=None, observed=None,
                 figsize=(6.0, 4.5), **kwargs):
        super().__init__()
        points = check_points(data, y_score, kwargs, func="interactive_integrated_pr", skew_arg="skew_range")
        pair = check_skew_range(skew_range, name="skew_range")
        self.weights = {"uniform": None}
        if observed is not None:
            obs = check_finite(check_1d_array(observed, "observed"), "observed")
            if obs.size < 2 or obs.min() < 0 or obs.max() > 1 or not obs.std() > 0:
                raise ValueError("observed must hold at least two different skews in [0, 1]")
            from scipy import stats

            self.weights["normal fit"] = stats.norm(obs.mean(), obs.std(ddof=1))
        if weight is not None:
            SkewRange(0.0, 1.0, weight=weight)  # checks the density (raises naming weight)
            self.weights["user density"] = weight
        choice = "user density" if weight is not None else "normal fit" if observed is not None else "uniform"
        _, ax = self._make_figure(figsize=figsize)
        rare = first_points(next(iter(points.values()))).skew < LOG_BELOW  # log slider and precision axis
        self._build_pr(points, SkewRange(*pair, weight=self.weights[choice]), ax, {"log_precision": rare, **kwargs})
        self.controls["skew_range"] = skew_range_slider(pair, log=rare)  # linear, [0, 0.05] was a few px
        self.controls["weighting"] = widgets.Dropdown(
            options=list(self.weights), value=choice, description="weighting", disabled=len(self.weights) == 1,
            style={"description_width": "initial"}, layout=widgets.Layout(width="220px"))
        self._finish([[self.controls["skew_range"], self.controls["weighting"]]])

    def _slow_step(self, name):
        # a weighted range integrates by adaptive quadrature over every point: ~2 s at 1e6 points
        return self.weights[self.controls["weighting"].value] is not None

    def model(self):
        lo, hi = self.controls["skew_range"].value
        return SkewRange(lo, hi, weight=self.weights[self.controls["weighting"].value])

    def _apply(self, changed):
        lo, hi = self.controls["skew_range"].value
        if not lo < hi:
            raise ValueError("the range is empty: move its ends apart")
        model = self.model()  # a weight that vanishes on the range raises ValueError here
        self.displays["pr"].update(skew=model, draw=False)
        kind = "uniform" if model.uniform else self.controls["weighting"].value
        self._pr_readout(f"AUC under P̄-R, π′ ∈ [{skew_text(lo)}, {skew_text(hi)}] ({kind})")


def interactive_integrated_pr(data=None, y_score=None, *, skew_range=(0.0, 0.5), weight=None, observed=None,
                              figsize=(6.0, 4.5), **kwargs):
    """P̄-R curves [L §4.3] with a range slider for [pi1, pi2] and a weighting choice.

    Parameters
    ----------
    data, y_score : optional
        What to plot, as :func:`skewplot.plot_pr` takes it (``y_true``, ``hue``, ``units`` ... in ``kwargs``).
    skew_range : (float, float), default=(0.0, 0.5)
        The starting range of skews P̄ averages over, ``0 <= lo < hi <= 1``.
    weight : callable or frozen scipy.stats distribution, optional
        A user density over the skew; adds "user density" to the choices.
    observed : array-like of float, optional
        Observed deployment skews; adds "normal fit" (the normal with their
        mean and standard deviation, [L §5.1]) to the choices.
    figsize : (float, float), default=(6, 4.5)
    **kwargs
        Passed to :func:`skewplot.plot_pr`.

    Returns
    -------
    SkewWidget
        ``controls["skew_range"]`` (FloatRangeSlider), ``controls["weighting"]`` (Dropdown), ``displays["pr"]``.

    Examples
    --------
    >>> import skewplot as sp
    >>> w = sp.widgets.interactive_integrated_pr(sp.datasets.example_classifiers(), observed=[0.1, 0.15, 0.2])
    >>> w.controls["weighting"].options
    ('uniform', 'normal fit')
    >>> w.controls["skew_range"].value = (0.05, 0.3)
    """
    return InteractiveIntegratedPR(data, y_score, skew_range=skew_range, weight=weight, observed=observed,
                                   figsize=figsize, **kwargs)


def _as_series(skew_series):
    if isinstance(skew_series, SkewSeries):
        return skew_series
    try:
        return SkewSeries(skew_series)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"skew_series must be a SkewSeries or an array of skews in [0, 1]: {exc}") from exc


class InteractiveTemporalPR(_PRWidget):
    """P̃-R over the window [t0, T], T on a slider (see :func:`interactive_temporal_pr`)."""

    def __init__(self, data=None, y_score=None, *, skew_series, t_end=None, figsize=(6.0, 6.0), **kwargs):
        super().__init__()
        points = check_points(data, y_score, kwargs, func="interactive_temporal_pr", skew_arg="skew_series")
        self.series = series = _as_series(skew_series)
        if series.values is None:
            t0, t_max = series.window
            t_min = t0 + (t_max - t0) / 200.0
            grid = np.linspace(t0, t_max, 400)
            self._curve = (grid, np.asarray(series.function(grid), dtype=float) * np.ones_like(grid))
        else:
            if series.values.size < 2:
                raise ValueError("skew_series needs at least two samples to have a window to move")
            t0, t_min, t_max = series.times[0], series.times[1], series.times[-1]
            self._curve = (series.times, series.values)
        t_end = t_max if t_end is None else check_scalar(t_end, "t_end", lo=t_min, hi=t_max)
        self.t_start = float(t0)
        fig, (ax, self.timeline_ax) = self._make_figure(2, 1, figsize=figsize, height_ratios=(3, 1))
        self._build_pr(points, self.window(t_end), ax, kwargs)
        self._draw_timeline()
        self.controls["t_end"] = NumberSlider(
            value=t_end, min=t_min, max=t_max, step=(t_max - t_min) / 200.0, description="window end T",
            readout_format=".3g", style={"description_width": "initial"}, layout=widgets.Layout(width="380px"))
        self._finish([[self.controls["t_end"]]])

    def window(self, t_end):
        """The SkewSeries of the window [t0, ``t_end``]."""
        s = self.series
        if s.values is None:
            return SkewSeries.from_function(s.function, t_end, s.window[0])
        t, v = s.times, s.values
        k = int(np.searchsorted(t, t_end, side="right"))
        times, values = t[:k], v[:k]
        if times[-1] < t_end:  # close the window with the interpolated skew at T
            times, values = np.r_[times, t_end], np.r_[values, np.interp(t_end, t, v)]
        return SkewSeries(values, times)

    def _draw_timeline(self):
        from matplotlib.patches import Rectangle

        ax = self.timeline_ax
        t, v = self._curve
        ax.plot(t, v, color="0.2", linewidth=1.2)
        self.window_patch_ = ax.add_patch(Rectangle((self.t_start, 0.0), 0.0, 1.0, transform=ax.get_xaxis_transform(),
                                                    color="tab:blue", alpha=0.15, linewidth=0))
        (self.mean_line_,) = ax.plot([], [], color="tab:blue", linestyle="--", linewidth=1.0,
                                     label="mean π′ over the window")
        ax.set_xlim(t[0], t[-1])
        ax.set_ylim(0, max(1e-3, float(np.max(v))) * 1.1)
        ax.set_xlabel("time t")
        ax.set_ylabel("π′(t)")
        place_legend(ax, fontsize="small")
        self._moving_extra += [self.window_patch_, self.mean_line_]

    def _apply(self, changed):
        t_end = float(self.controls["t_end"].value)
        model = self.window(t_end)
        self.window_patch_.set_width(t_end - self.t_start)
        self.mean_line_.set_data([self.t_start, t_end], [model.mean, model.mean])
        self.displays["pr"].update(skew=model, draw=False)
        self._pr_readout(f"AUC under P̃-R, window [{self.t_start:.3g}, {t_end:.3g}]")


def interactive_temporal_pr(data=None, y_score=None, *, skew_series, t_end=None, figsize=(6.0, 6.0), **kwargs):
    """P̃-R curves [L §4.2] over a window [t0, T] with T on a slider, beside pi'(t).

    Moving T shows how the temporal precision evolves as the deployment
    skew drifts; the lower panel shades the window and marks its mean skew
    (the random classifier's level).

    Parameters
    ----------
    data, y_score : optional
        What to plot, as :func:`skewplot.plot_pr` takes it (``y_true``, ``hue``, ``units`` ... in ``kwargs``).
    skew_series : SkewSeries or array-like
        Samples of pi'(t) (equally spaced unless the SkewSeries has times),
        or ``SkewSeries.from_function(f, t_end)``.
    t_end : float, optional
        Starting window end; the whole series when None.
    figsize : (float, float), default=(6, 6)
    **kwargs
        Passed to :func:`skewplot.plot_pr`.

    Returns
    -------
    SkewWidget
        ``controls["t_end"]`` (FloatSlider), ``displays["pr"]``,
        ``timeline_ax`` and ``window(T)`` (the SkewSeries of [t0, T]).

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> series = sp.SkewSeries.from_function(lambda t: np.minimum(1, 2.0**t / 1e4), t_end=20)
    >>> w = sp.widgets.interactive_temporal_pr(sp.datasets.example_classifiers(), skew_series=series)
    >>> w.controls["t_end"].value = 10.0
    """
    return InteractiveTemporalPR(data, y_score, skew_series=skew_series, t_end=t_end, figsize=figsize, **kwargs)


@_marker_doc
@renamed_keywords(skew_bounds="slider_bounds")
def interactive_fmeasure(data=None, y_score=None, *, f_alpha=None, beta=None, skew=None, slider_bounds=(1e-4, 0.9999),
                         estimated_skew=None, figsize=(6.0, 4.5), **kwargs):
    """F-measure space [S §3] with an ``f_alpha`` slider and a deployment-skew marker.

    Parameters
    ----------
    data, y_score : optional
        What to plot, as :func:`skewplot.plot_pr` takes it (``y_true``, ``hue``, ``units`` ... in ``kwargs``).
    f_alpha : float in [0, 1], optional
        Starting F weight (0.5 is F1, the default).
    beta : float >= 0, optional
        Start at F_beta instead: the slider starts at ``1 / (1 + beta**2)``
        and the axis says ``F_beta`` until the slider moves to another
        weight.  Not with ``f_alpha``.
    {marker_params}
    **kwargs
        Passed to :func:`skewplot.plot_fmeasure` (its input keywords
        ``y_true``, ``hue``, ``units`` ... and drawing options).

    Returns
    -------
    SkewWidget
        ``controls["f_alpha"]``, ``controls["skew"]``, ``displays["fmeasure"]``;
        the table shows the area under each F envelope over the skew axis,
        its gain over always-positive, and the best F at the marked skew.

    Examples
    --------
    >>> import skewplot as sp
    >>> w = sp.widgets.interactive_fmeasure(sp.datasets.example_classifiers(), skew=0.05)
    >>> w.controls["f_alpha"].value = 0.2
    >>> w.displays["fmeasure"].f_alpha
    0.2
    """
    if beta is not None:
        kwargs["beta"] = beta
    return EnvelopeWidget("fmeasure", data, y_score, param=resolve_f_weight(f_alpha, beta), skew=skew,
                          slider_bounds=check_slider_bounds(slider_bounds), figsize=figsize, make_slider=f_alpha_slider,
                          estimated_skew=estimated_skew, **kwargs)


@_marker_doc
@renamed_keywords(skew_bounds="slider_bounds")
def interactive_cost(data=None, y_score=None, *, m=0.5, skew=None, slider_bounds=(1e-4, 0.9999), estimated_skew=None,
                     figsize=(6.0, 4.5), **kwargs):
    """Cost space [S §2.3] with an ``m`` slider and a deployment-skew marker.

    Parameters
    ----------
    data, y_score : optional
        What to plot, as :func:`skewplot.plot_pr` takes it (``y_true``, ``hue``, ``units`` ... in ``kwargs``).
    m : float in [0, 1], default=0.5
        Starting cost weight ``C_FP / (C_FP + C_FN)``.
    {marker_params}
    **kwargs
        Passed to :func:`skewplot.plot_cost`.  ``x_axis`` defaults to
        ``"skew"`` here, so that moving ``m`` bends the cost curves ([S] Fig
        5b); with ``x_axis="pc"`` (Drummond & Holte's axis) the curves do not
        depend on ``m`` and the slider only moves the skew marker.

    Returns
    -------
    SkewWidget
        ``controls["m"]``, ``controls["skew"]``, ``displays["cost"]``; the
        table shows the area under each cost envelope (expected cost over
        uniform PC(+), lower is better), its gain over the trivial
        classifiers, and the cost at the marked skew.

    Examples
    --------
    >>> import skewplot as sp
    >>> w = sp.widgets.interactive_cost(sp.datasets.example_classifiers(), m=0.3)
    >>> w.controls["skew"].value = 0.01
    >>> sorted(w.readouts_["strong"])
    ['NEC at π′', 'area', 'gain']
    """
    kwargs.setdefault("x_axis", "skew")
    return EnvelopeWidget("cost", data, y_score, param=m, skew=skew, slider_bounds=check_slider_bounds(slider_bounds),
                          figsize=figsize, make_slider=m_slider, estimated_skew=estimated_skew, **kwargs)
