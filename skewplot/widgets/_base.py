"""Plumbing shared by every widget: the figure and its backend, layout, readouts.

A widget builds one figure and its Displays in ``__init__``, lists its
controls, and implements ``_apply`` (read the controls, call
``Display.update(..., draw=False)``, fill ``readouts_``).  The base class
wires every control's ``value`` to ``_apply``, paints the frame (a blit of
the moving artists when it can, see :mod:`._frames`), keeps the AUC table in
step and, under the inline backend, re-shows the same figure in an Output
widget.
"""

from __future__ import annotations

import base64
import functools
import html
import io
import logging

import ipywidgets as widgets
import numpy as np

from .._validate import check_scalar
from ..metrics._inputs import classifiers
from ._frames import Frames

__all__ = ["SkewWidget", "check_points", "plot_args", "check_skew_bounds", "data_set_skew", "initial_skew",
           "is_widget_backend", "read_estimate", "INPUT_KEYS"]

#: The input arguments of every plot_* function a widget takes through ``**kwargs``.
INPUT_KEYS = ("y_true", "hue", "units", "folds", "sample_weight", "pos_label", "hue_order", "name")
_log = logging.getLogger("skewplot.widgets")



def is_widget_backend():
    """True when matplotlib's backend is ipympl (``%matplotlib widget``)."""
    import matplotlib

    name = str(matplotlib.get_backend()).lower()
    return "ipympl" in name or name == "widget"


def check_points(data, y_score=None, kwargs=None, *, func="widget"):
    """The widget's input as a dict name -> OperatingPoints (or -> list of folds).

    ``data`` and ``y_score`` are the widget's first arguments; the input
    keywords of the ``plot_*`` functions (:data:`INPUT_KEYS`) are taken out of
    ``kwargs``, so that the rest reaches the plot as drawing options.  The
    rule is :func:`skewplot.metrics._inputs.classifiers`, the same as every plot's.
    """
    kwargs = {} if kwargs is None else kwargs
    inputs = {key: kwargs.pop(key) for key in INPUT_KEYS if key in kwargs}
    return classifiers(data, y_score, func=func, **inputs)


def plot_args(points):
    """How to hand normalised ``points`` to a ``plot_*`` function: ``folds=`` for folds, else ``data=``."""
    if any(isinstance(v, list) for v in points.values()):
        return {"folds": points}
    return {"data": points}


def data_set_skew(points):
    """The data set skew of the first classifier (None when built from rates without a skew)."""
    value = next(iter(points.values()))
    pts = value[0] if isinstance(value, list) else value
    return pts.skew


def check_skew_bounds(skew_bounds):
    if isinstance(skew_bounds, (str, bytes)) or not hasattr(skew_bounds, "__len__") or len(skew_bounds) != 2:
        raise TypeError(f"skew_bounds must be a (lo, hi) pair, got {skew_bounds!r}")
    lo = check_scalar(skew_bounds[0], "skew_bounds[0]", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    hi = check_scalar(skew_bounds[1], "skew_bounds[1]", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    if not lo < hi:
        raise ValueError(f"skew_bounds must have lo < hi, got ({lo:g}, {hi:g})")
    return lo, hi


def initial_skew(points, skew, bounds):
    """The slider's first value: ``skew``, or the data set skew clipped into ``bounds``."""
    lo, hi = bounds
    if skew is None:
        own = data_set_skew(points)
        if own is None:
            raise ValueError("skew is None and the points carry no data set skew (built from rates); pass skew=")
        return float(np.clip(own, lo, hi))
    skew = check_scalar(skew, "skew", lo=0.0, hi=1.0, lo_open=True, hi_open=True)
    if not lo <= skew <= hi:
        raise ValueError(f"skew must lie within skew_bounds [{lo:g}, {hi:g}], got {skew:g}")
    return skew


def read_estimate(estimated):
    """``(estimate, low, high)`` from a SkewEstimate-like object or a float (low, high None without an interval)."""
    if isinstance(estimated, (int, float, np.floating)) and not isinstance(estimated, bool):
        return check_scalar(estimated, "estimated_skew", lo=0.0, hi=1.0), None, None
    if not hasattr(estimated, "estimate"):
        raise TypeError("estimated_skew must be a SkewEstimate (from skewplot.estimate_skew) or a float, "
                        f"got {type(estimated).__name__}")
    est = check_scalar(estimated.estimate, "estimated_skew.estimate", lo=0.0, hi=1.0)
    if getattr(estimated, "low", None) is None:
        return est, None, None
    low = check_scalar(estimated.low, "estimated_skew.low", lo=0.0, hi=1.0)
    high = check_scalar(estimated.high, "estimated_skew.high", lo=0.0, hi=1.0)
    return est, low, high


def estimate_strip(est, low, high, bounds, *, width=380, height=34):
    """An SVG strip on the skew slider's log scale: the interval as a band, the estimate as a tick."""
    lo, hi = np.log10(bounds[0]), np.log10(bounds[1])

    def x(p):
        return float(np.clip((np.log10(max(p, 1e-300)) - lo) / (hi - lo), 0.0, 1.0) * (width - 2 * pad) + pad)

    pad = 18  # room for the end ticks' labels
    parts = [f"<line x1='{pad}' y1='12' x2='{width - pad}' y2='12' stroke='#999' stroke-width='1'/>"]
    for p in 10.0 ** np.arange(np.ceil(lo), np.floor(hi) + 1):
        parts.append(f"<line x1='{x(p):.1f}' y1='9' x2='{x(p):.1f}' y2='15' stroke='#999'/>"
                     f"<text x='{x(p):.1f}' y='30' font-size='9' text-anchor='middle' fill='#666'>{p:g}</text>")
    label = f"estimated π′ = {est:.3g}"
    if low is not None:
        parts.append(f"<rect x='{x(low):.1f}' y='6' width='{max(x(high) - x(low), 1.5):.1f}' height='12' "
                     "fill='#1f77b4' fill-opacity='0.3'/>")
        label += f" [{low:.3g}, {high:.3g}]"
    parts.append(f"<line x1='{x(est):.1f}' y1='3' x2='{x(est):.1f}' y2='21' stroke='#1f77b4' stroke-width='2.5'/>")
    return (f"<svg width='{width}' height='{height}' role='img' aria-label='{html.escape(label)}'>"
            f"<title>{html.escape(label)}</title>{''.join(parts)}</svg>"
            f"<div style='font-size:11px;color:#444'>{html.escape(label)}</div>")
_BY_CELL = {}  # notebook cell id -> the widget it made last


def _current_cell():
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    try:
        parent = kernel.get_parent()
    except Exception:  # noqa: BLE001 - an old kernel without get_parent: no cell to track
        return None
    return (parent or {}).get("metadata", {}).get("cellId")


def _shown(value):
    if isinstance(value, tuple):
        return "(" + ", ".join(_shown(v) for v in value) + ")"
    return f"{value:.4g}" if isinstance(value, float) else repr(value)


def _fmt(value):
    if value is None:
        return "–"
    if isinstance(value, tuple):
        return f"{value[0]:.3f} ± {value[1]:.3f}"
    return f"{value:.3f}"


class SkewWidget(widgets.VBox):
    """Base of every skewplot widget (a :class:`ipywidgets.VBox`).

    Attributes
    ----------
    controls : dict of str to ipywidgets.Widget
        The sliders and choosers, by name; set ``controls[name].value`` to
        drive the widget from code (the update is synchronous).
    displays : dict of str to Display
        The Displays the widget drives, built once.
    figure : matplotlib Figure
    backend : {"ipympl", "inline"}
        How the figure is shown (see :mod:`skewplot.widgets`).
    readouts_ : dict of str to dict of str to float
        The numbers of the AUC table: classifier -> column -> value.
    readout : ipywidgets.HTML
        The AUC table.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.controls = {}
        self.displays = {}
        self.readouts_ = {}
        self.readout = widgets.HTML(layout=widgets.Layout(min_width="300px"))
        self.status = widgets.HTML()
        self.figure = None
        self.backend = None
        self.frames = None
        self._output = None
        self._valid = {}  # control -> its last value that painted a frame
        self._reverting = False
        self.closed_ = False
        self._live = None  # names of the Displays the controls drive (None: all)
        self._moving_extra = []  # the widget's own artists that the controls move

    # ---------------------------------------------------------------- figure
    def _make_figure(self, nrows=1, ncols=1, *, figsize=(6.0, 4.5), toolbar="left", **subplot_kw):
        """Create the one figure of this widget and decide how to show it."""
        import matplotlib.pyplot as plt
        from matplotlib.figure import Figure

        if is_widget_backend():
            with plt.ioff():  # no automatic display: the canvas goes into our layout
                fig, axes = plt.subplots(nrows, ncols, figsize=figsize, layout="constrained", **subplot_kw)
            if isinstance(fig.canvas, widgets.DOMWidget):
                # The widget owns its figure: out of pyplot's list, so that re-running a cell
                # does not grow it and IPython's post-execute draw_all never touches it
                # (as ipympl itself does for a figure shown outside interactive mode).
                from matplotlib._pylab_helpers import Gcf

                manager = fig.canvas.manager
                Gcf.figs.pop(manager.num, None)
                if hasattr(manager, "_cidgcf"):  # a click on the canvas would list it again
                    fig.canvas.mpl_disconnect(manager._cidgcf)
                self._close_previous()
                self.backend = "ipympl"
                fig.canvas.header_visible = False
                fig.canvas.footer_visible = False
                fig.canvas.toolbar_position = toolbar
                self.figure = fig
                return fig, axes
            plt.close(fig)
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        # Inline: a figure outside pyplot (nothing to leak, nothing shown twice) on
        # its own Agg canvas; each change paints one frame and shows it as a PNG.
        self._close_previous()
        fig = Figure(figsize=figsize, layout="constrained")
        FigureCanvasAgg(fig)
        axes = fig.subplots(nrows, ncols, **subplot_kw)
        self.backend = "inline"
        self._output = widgets.Output()
        self.figure = fig
        return fig, axes

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, with a PNG of its figure beside it.

        JupyterLab shows the widget; a static copy of an executed notebook
        (GitHub, nbconvert without a widget manager) shows the PNG, so the
        figure stays visible where no kernel runs.
        """
        from PIL import Image

        data = super()._repr_mimebundle_(**kwargs)
        # Compressed harder than a slider step's frame: this copy is kept in the saved notebook.
        with io.BytesIO() as buf:
            Image.open(io.BytesIO(self.render_png())).save(buf, format="png", optimize=True)
            data["image/png"] = base64.b64encode(buf.getvalue()).decode("ascii")
        return data
    def _close_previous(self):
        """Re-running a notebook cell replaces its widget: close the one that cell made before.

        The cell is JupyterLab's ``cellId`` of the request being executed;
        outside a notebook nothing is closed.
        """
        cell = _current_cell()
        if cell is None:
            return
        old = _BY_CELL.get(cell)
        if old is not None and old is not self:
            old.close_figure()
        _BY_CELL[cell] = self

    def close_figure(self):
        """Close this widget's figure and its canvas (the widget shows no figure afterwards)."""
        if self.figure is None:
            return
        if self.backend == "ipympl":
            self.figure.canvas.close()
        elif self._output is not None:
            self._output.outputs = ()
        self.closed_ = True

    @property
    def figure_widget(self):
        """The widget that shows the figure: the ipympl canvas, or the Output."""
        return self.figure.canvas if self.backend == "ipympl" else self._output

    def render_png(self):
        """The figure as PNG bytes, as the inline backend shows it.

        Inline, the frame just painted on the widget's own Agg canvas is
        encoded as it is; under ipympl the frame may still be on its way, so
        the figure is drawn afresh.
        """
        from PIL import Image

        with io.BytesIO() as buf:
            if self.backend == "inline":
                # Fast zlib level: this runs on every slider step, the bytes never reach a disk.
                pixels = np.asarray(self.figure.canvas.buffer_rgba())
                Image.fromarray(pixels).save(buf, format="png", compress_level=1)
            else:
                self.figure.savefig(buf, format="png", dpi=self.figure.dpi)
            return buf.getvalue()

    def _show(self):
        """Inline backend: replace the Output's image by a fresh render of the same figure.

        The ``outputs`` trait is set in one assignment (no clear-then-draw
        flicker, and no dependence on the frontend capturing messages).
        """
        if self.backend != "inline":
            return
        png = base64.b64encode(self.render_png()).decode("ascii")
        w, h = self.figure.get_size_inches() * self.figure.dpi
        self._output.outputs = ({
            "output_type": "display_data",
            "data": {"image/png": png, "text/plain": f"<skewplot figure {w:.0f}x{h:.0f}>"},
            "metadata": {"image/png": {"width": int(w), "height": int(h)}},
        },)

    def _make_reset(self, points, bounds):
        """The "data set skew" button: sets ``controls["skew"]`` back to the test data's skew."""
        own = data_set_skew(points)
        self.reset = widgets.Button(
            description="data set skew" if own is None else f"data set skew ({own:.3g})",
            disabled=own is None or not bounds[0] <= own <= bounds[1],
            tooltip="Set the skew back to that of the test data", layout=widgets.Layout(width="auto"))
        self.reset.on_click(lambda _: setattr(self.controls["skew"], "value", float(own)))
        return self.reset

    def _make_estimate(self, estimated, bounds):
        """The estimated deployment skew on the skew slider's scale, and a "go to estimated skew" button.

        ``estimated`` is a :class:`~skewplot.SkewEstimate` (its interval is
        drawn as a band) or a float.  Returns the controls to add to the
        slider's row (none without an estimate).
        """
        if estimated is None:
            return []
        est, low, high = read_estimate(estimated)
        inside = bounds[0] <= est <= bounds[1]
        self.go_to_estimate = widgets.Button(
            description=f"go to estimated skew ({est:.3g})", disabled=not inside,
            tooltip="Set the skew to the one estimated from the deployment scores",
            layout=widgets.Layout(width="auto"))
        self.go_to_estimate.on_click(lambda _: setattr(self.controls["skew"], "value", est))
        self.estimate_strip = widgets.HTML(estimate_strip(est, low, high, bounds))
        return [self.go_to_estimate, self.estimate_strip]

    # ---------------------------------------------------------------- layout
    def _finish(self, control_rows, *, side_by_side=True):
        """Lay out controls, figure and table, wire the observers and draw once."""
        rows = [widgets.HBox(list(r), layout=widgets.Layout(flex_flow="row wrap")) for r in control_rows]
        table = widgets.VBox([self.readout, self.status], layout=widgets.Layout(padding="0 0 0 12px"))
        if side_by_side:  # the table wraps below the figure when the window is narrow
            body = widgets.HBox([self.figure_widget, table],
                                layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))
        else:
            body = widgets.VBox([self.figure_widget, table])
        self.children = rows + [body]
        self.add_class("skewplot-widget")
        self.readout.add_class("skewplot-readout")
        for name, control in self.controls.items():
            control.observe(functools.partial(self._on_change, name), names="value")
        self._apply(None)
        self._valid = {name: control.value for name, control in self.controls.items()}
        for ax in self.figure.axes:  # a legend placed "best" would jump between frames as the curves move
            legend = ax.get_legend()
            if legend is not None and legend._loc in (0, "best"):
                legend.set_loc("upper right")
        self._freeze_layout()
        for disp in self.displays.values():  # the legend rule again, on the final (frozen) Axes sizes
            disp._place_legend(relocate=True)
        self.frames = Frames(self.figure, self._moving_artists)
        self.frames.redraw()
        self._show()

    def _freeze_layout(self):
        """Lay the figure out once, then keep the axes where they are.

        A constrained layout recomputed on every frame doubles the time of a
        draw; the widget's labels barely change size, so one pass is enough.
        """
        engine = self.figure.get_layout_engine()
        if engine is not None and engine.__class__.__name__ == "ConstrainedLayoutEngine":
            engine.execute(self.figure)
            self.figure.set_layout_engine("none")

    def _on_change(self, name, change=None):
        """One control step: apply it and paint one frame, or say what is wrong and go back.

        Nothing escapes into ipywidgets' observer machinery (where a browser
        user would never see it): a rejected value (ValueError) is written to
        the status line and logged as a warning, any other error with its
        traceback; either way the control returns to its last valid value,
        which repaints the state that value gave.
        """
        try:
            self._apply({name})
            self.frames.redraw(self._moved_axes({name}))
            self._show()
        except Exception as exc:  # noqa: BLE001 - reported in the status line and the log, then undone
            self._reject(name, exc)
            return
        self._valid[name] = self.controls[name].value
        if not self._reverting:
            self.status.value = ""

    def _reject(self, name, exc):
        value = self.controls[name].value
        if isinstance(exc, ValueError):
            _log.warning("%s = %r rejected: %s", name, value, exc)
        else:
            _log.error("%s = %r failed", name, value, exc_info=exc)
        back = self._valid.get(name)
        undo = not self._reverting and back is not None and back != value
        text = f"{name} = {_shown(value)}: {exc}" + (f" (back to {_shown(back)})" if undo else "")
        self.status.value = f"<span style='color:#a33'>{html.escape(text)}</span>"
        if undo:
            self._reverting = True
            try:
                self.controls[name].value = back
            finally:
                self._reverting = False

    def _moved_axes(self, changed):
        """The Axes a step of the controls ``changed`` may change (None: any); see ``Frames.redraw``."""
        return None

    def _moving_artists(self):
        """Every artist the controls may change: the live Displays' and the widget's own."""
        names = self.displays if self._live is None else self._live
        artists = [a for name in names for a in self.displays[name]._moving_artists()]
        return artists + list(self._moving_extra)

    def _apply(self, changed):  # pragma: no cover - each widget moves its Displays
        """Read the controls and update the Displays; ``changed``: names of the moved controls (None: all)."""
        raise NotImplementedError

    # ---------------------------------------------------------------- readouts
    def _set_readout(self, title, columns, rows):
        """Fill ``readouts_`` and the HTML table.

        ``rows`` maps classifier -> dict column -> value (float, (mean, sd) or None).
        """
        self.readouts_ = {name: dict(values) for name, values in rows.items()}
        head = "".join(f"<th style='padding:2px 8px;text-align:right'>{html.escape(c)}</th>" for c in columns)
        body = []
        for name, values in rows.items():
            cells = "".join(
                f"<td style='padding:2px 8px;text-align:right;font-family:monospace'>{_fmt(values.get(c))}</td>"
                for c in columns
            )
            body.append(f"<tr><td style='padding:2px 8px'>{html.escape(str(name))}</td>{cells}</tr>")
        self.readout.value = (
            f"<div style='font-size:13px'><b>{title}</b>"
            f"<table style='border-collapse:collapse;margin-top:4px'>"
            f"<tr><th style='padding:2px 8px;text-align:left'>classifier</th>{head}</tr>{''.join(body)}"
            "</table></div>"
        )


def normalized(value, amin):
    """``(AUC - AUC_min) / (1 - AUC_min)`` for a float or a (mean, sd) pair."""
    if isinstance(value, tuple):
        return ((value[0] - amin) / (1.0 - amin), value[1] / (1.0 - amin))
    return (value - amin) / (1.0 - amin)


def first_points(value):
    """The OperatingPoints of a dict value (the first fold for a list)."""
    return value[0] if isinstance(value, list) else value

