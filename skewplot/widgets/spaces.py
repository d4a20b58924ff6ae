"""The two envelope spaces, live: cost (``m`` slider) and F-measure (``f_alpha`` slider).

Both draw one envelope per classifier over an axis of operating conditions
and mark a chosen deployment skew; their table reads the drawn envelopes
(exact polylines), so the numbers are those of the figure.
"""

from __future__ import annotations

import numpy as np

from ..skew.base import skew_text
from ._base import SkewWidget, check_points, initial_skew, plot_args, skew_or_estimate
from ._readout import f_gain, polyline_area
from .controls import skew_slider
from .threshold import add_threshold_control

__all__ = ["EnvelopeWidget", "envelope_readout"]


def _area(line):
    return polyline_area(line.get_xdata(), line.get_ydata())


def _marker_value(disp, name):
    y = np.asarray(disp.markers_[name].get_ydata(), dtype=float)
    return float(y[0]) if y.size and np.isfinite(y[0]) else None


def envelope_readout(kind, disp):
    """Columns and rows of the table of a cost or F display.

    Cost: area under the lower envelope (expected cost over uniform PC(+),
    lower is better), the gain ``1 - area / 0.25`` over the better trivial
    classifier, and the cost at the marked skew.  F: area under the upper
    envelope over the skew axis, its gain over always-positive,
    ``(area - area_ap) / (1 - area_ap)``, and the best F at the marked skew.
    """
    rows = {}
    if kind == "cost":
        columns = ["area", "gain", "NEC at π′"]
        for name in disp.lines_:
            area = disp.envelope_area(name)  # over PC(+), whatever the drawn axis
            rows[name] = {"area": area, "gain": 1.0 - area / 0.25, "NEC at π′": _marker_value(disp, name)}
    else:
        columns = ["area", "gain", "F at π′"]
        base = disp.baselines_.get("always_positive")
        ap = _area(base) if base is not None else None
        for name, line in disp.lines_.items():
            area = _area(line)
            rows[name] = {"area": area, "gain": f_gain(area, ap),
                          "F at π′": _marker_value(disp, name)}
    return columns, rows


class EnvelopeWidget(SkewWidget):
    """Cost or F-measure space with its parameter slider and a skew slider for the marker.

    Built by :func:`~skewplot.widgets.interactive_cost` and
    :func:`~skewplot.widgets.interactive_fmeasure`.
    """

    _page_draws_curves = True
    _SPACES = {"cost": ("m", "plot_cost", "Cost space"), "fmeasure": ("f_alpha", "plot_fmeasure", "F-measure space")}

    def __init__(self, kind, data, y_score=None, *, param, skew, slider_bounds, figsize, make_slider,
                 estimated_skew=None, **kwargs):
        super().__init__()
        from .. import plotting

        self.kind = kind
        self.param_name, function, self.title = self._SPACES[kind]
        points = check_points(data, y_score, kwargs, func=f"interactive_{kind}", plot=function)
        control = kwargs.pop("threshold_control", False)  # checked by check_points
        skew, estimated_skew = skew_or_estimate(skew, estimated_skew)
        value = initial_skew(points, skew, slider_bounds)
        slider = make_slider(param)  # checks param, naming it
        estimate = self._make_estimate(estimated_skew, slider_bounds)
        _, ax = self._make_figure(figsize=figsize)
        plot = getattr(plotting, function)
        beta = kwargs.pop("beta", None)  # F only: the slider holds the weight f_alpha it stands for
        kwargs.setdefault("skew_bounds", slider_bounds)  # the axis spans the slider: the marker never leaves it
        self.displays[kind] = plot(**plot_args(points), **{self.param_name: slider.value}, skew=value, ax=ax, **kwargs)
        if beta is not None:
            self.displays[kind].update(beta=beta, draw=False)
        self.controls[self.param_name] = slider
        self.controls["skew"] = skew_slider(value, lo=slider_bounds[0], hi=slider_bounds[1])
        if control:  # the readout at the marker's skew; the cost at the widget's m (0.5 in F space)
            add_threshold_control(self, points, [kind], skew=lambda: self.controls["skew"].value,
                                  m=lambda: self.controls["m"].value if "m" in self.controls else 0.5)
        self._finish([[self.controls[self.param_name], self.controls["skew"], self._make_reset(points, slider_bounds),
                       *estimate]])

    def _apply(self, changed):
        disp = self.displays[self.kind]
        skew = float(self.controls["skew"].value)
        param = float(self.controls[self.param_name].value)
        disp.update(**{self.param_name: param}, skew=skew, draw=False)
        columns, rows = envelope_readout(self.kind, disp)
        self._set_readout(f"{self.title}: {self.param_name} = {param:.2f}, π′ = {skew_text(skew)}", columns, rows)


# The skew-marker parameters of the two envelope widgets, documented once.
_MARKER_PARAMS = """skew : float, optional
        Starting marker skew; the data set's own skew when None.
    slider_bounds : (float, float), default=(1e-4, 0.9999)
        The skew slider's ends, ``0 < lo < hi < 1`` (formerly ``skew_bounds``,
        which in the plots is the span of the skew axis).
    estimated_skew : SkewEstimate or float, optional
        Shown on the skew slider's scale, with a "go to estimated skew" button.
    figsize : (float, float), default=(6, 4.5)
    threshold_control : bool, default=False
        Add a threshold control (``skewplot.widgets.threshold``): its
        point's line marked, its table at the marker's skew."""


def _marker_doc(func):
    func.__doc__ = func.__doc__.replace("{marker_params}", _MARKER_PARAMS)
    return func
