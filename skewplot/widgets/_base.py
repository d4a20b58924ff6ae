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
import threading
import time

import ipywidgets as widgets
import numpy as np

from ..plotting._compat import leave_pyplot, legend_loc
from ..plotting.layout._legend import defer_shared_legend, mark_page
from ..skew.base import skew_text
from ._checks import (  # noqa: F401 - re-exported: the widgets import them from here
    _BY_CELL,
    INPUT_KEYS,
    _current_cell,
    check_figsize,
    check_points,
    check_slider_bounds,
    data_set_skew,
    estimate_strip,
    guard_control,
    initial_skew,
    plot_args,
    read_estimate,
    shown,
    skew_or_estimate,
)
from ._echoes import follow_page
from ._frames import Frames
from ._layout import freeze_layout
from ._lock import BusyTimer, guard
from ._parts import encode_png
from ._readout import TABLE_BLOCK, TABLE_COLUMN, Tables, first_points, normalized, readout_table  # noqa: F401 re-exported
from ._width import follow_output_width
from .page.export import save_html

__all__ = ["SkewWidget", "check_points", "plot_args", "check_slider_bounds", "data_set_skew", "initial_skew",
           "skew_or_estimate", "is_widget_backend", "read_estimate", "INPUT_KEYS"]

_log = logging.getLogger("skewplot.widgets")

#: Seconds a control step may take before the status line says "computing…" during the next one.
BUSY_AFTER = 0.15


def is_widget_backend():
    """True when matplotlib's backend is ipympl (``%matplotlib widget``)."""
    import matplotlib

    name = str(matplotlib.get_backend()).lower()
    return "ipympl" in name or name == "widget"


def _built_under_lock(init):
    """A widget's ``__init__`` holding its paint lock: the browser may ask for a draw while it builds."""
    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        lock = self.__dict__.setdefault("_paint_lock", threading.RLock())
        with lock:
            init(self, *args, **kwargs)
    return __init__


class SkewWidget(Tables, widgets.VBox):
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

    #: Whether ``save_html`` can draw this widget's curves in the page (``page_scene``) when it has too many states
    #: to pre-render.
    _page_draws_curves = False
    #: What makes the ipympl figure follow its output's width (``_width.follow_output_width``), or None.
    _width_follower = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:
            cls.__init__ = _built_under_lock(cls.__dict__["__init__"])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.controls = {}
        self.displays = {}
        self.readouts_ = {}
        self.readout = widgets.HTML(layout=widgets.Layout(min_width="300px", **TABLE_BLOCK))
        self.status = widgets.HTML()
        self.figure = None
        self.backend = None
        self.frames = None
        self._output = None
        self._valid = {}  # control -> its last value that painted a frame
        self._took = {}  # control -> seconds its latest step took
        self._layout = None  # the figure's Layout (see _layout.py)
        self._reverting = False
        self.closed_ = False
        self._live = None  # names of the Displays the controls drive (None: all)
        self._moving_extra = []  # the widget's own artists that the controls move
        self._button_skews = {}  # button attribute -> the skew it sets (read by save_html)
        self._tables = []  # more tables under the AUC table (the threshold control's)
        self.threshold_control = None  # see threshold.add_threshold_control: it joins every step

    # ---------------------------------------------------------------- figure
    def _make_figure(self, nrows=1, ncols=1, *, figsize=(6.0, 4.5), toolbar="left", **subplot_kw):
        """Create the one figure of this widget and decide how to show it."""
        import matplotlib.pyplot as plt
        from matplotlib.figure import Figure

        figsize = check_figsize(figsize)

        if is_widget_backend():
            with plt.ioff():  # no automatic display: the canvas goes into our layout
                fig, axes = plt.subplots(nrows, ncols, figsize=figsize, layout="constrained", **subplot_kw)
            if isinstance(fig.canvas, widgets.DOMWidget):
                # The widget owns its figure: out of pyplot's list, so that re-running a cell
                # does not grow it and IPython's post-execute draw_all never touches it
                # (as ipympl itself does for a figure shown outside interactive mode).
                leave_pyplot(fig)
                self._close_previous()
                self.backend = "ipympl"
                fig.canvas.header_visible = False
                fig.canvas.footer_visible = False
                fig.canvas.toolbar_position = toolbar
                guard(fig.canvas, self._paint_lock)
                self.figure = fig
                mark_page(fig)
                return fig, axes
            plt.close(fig)
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        # Inline: a figure outside pyplot (nothing to leak, nothing shown twice) on
        # its own Agg canvas; each change paints one frame and shows it as a PNG.
        self._close_previous()
        fig = Figure(figsize=figsize, layout="constrained")
        guard(FigureCanvasAgg(fig), self._paint_lock)
        axes = fig.subplots(nrows, ncols, **subplot_kw)
        self.backend = "inline"
        self._output = widgets.Output()
        self.figure = fig
        mark_page(fig)  # its table shows the areas: its panels keep none of their own
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

    save_html = save_html  # one self-contained HTML page of this widget, its controls working offline

    def render_png(self):
        """The figure as PNG bytes, as the inline backend shows it.

        Inline, the frame just painted on the widget's own Agg canvas is
        encoded as it is (:func:`~skewplot.widgets._parts.encode_png`: this
        runs on every slider step, the bytes never reach a disk); under
        ipympl the frame may still be on its way, so the figure is drawn
        afresh.
        """
        with self._paint_lock:
            if self.backend == "inline":
                return encode_png(np.asarray(self.figure.canvas.buffer_rgba()))
            with io.BytesIO() as buf:
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
        self._button_skews["reset"] = None if own is None else float(own)
        self.reset = widgets.Button(
            description="data set skew" if own is None else f"data set skew ({skew_text(own)})",
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
        self._button_skews["go_to_estimate"] = est
        self.go_to_estimate = widgets.Button(
            description=f"go to estimated skew ({skew_text(est)})", disabled=not inside,
            tooltip="Set the skew to the one estimated from the deployment scores",
            layout=widgets.Layout(width="auto"))
        self.go_to_estimate.on_click(lambda _: setattr(self.controls["skew"], "value", est))
        self.estimate_strip = widgets.HTML(estimate_strip(est, low, high, bounds))
        return [self.go_to_estimate, self.estimate_strip]

    # ---------------------------------------------------------------- layout
    def _finish(self, control_rows, *, side_by_side=True):
        """Lay out controls, figure and table, wire the observers and draw once."""
        defer_shared_legend(self.figure, False)  # every panel is drawn: their shared legend, fitted once
        tc = self.threshold_control
        control_rows = [*control_rows, *([tc.controls_row()] if tc is not None else [])]
        rows = [widgets.HBox(list(r), layout=widgets.Layout(flex_flow="row wrap")) for r in control_rows]
        table = widgets.VBox([self.readout, *self._tables, self.status], layout=widgets.Layout(**TABLE_COLUMN))
        if side_by_side:  # the table wraps below the figure when the window is narrow
            body = widgets.HBox([self.figure_widget, table],
                                layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))
        else:
            body = widgets.VBox([self.figure_widget, table])
        probe = follow_output_width(self)  # ipympl: the figure follows the output's width
        self.children = rows + [body] + ([probe] if probe is not None else [])
        self.add_class("skewplot-widget")
        self.readout.add_class("skewplot-readout")
        for name, control in self.controls.items():
            follow_page(control)  # before _on_change: the page's restatements of a value never reach it
            guard_control(control, name, self._say)
            control.observe(functools.partial(self._on_change, name), names="value")
        self._apply_all(None)
        self._valid = {name: control.value for name, control in self.controls.items()}
        for ax in self.figure.axes:  # a legend placed "best" would jump between frames as the curves move
            legend = ax.get_legend()
            if legend is not None and legend_loc(legend) in (0, "best"):
                legend.set_loc("upper right")
        self._freeze_layout()
        for disp in self.displays.values():  # the legend rule again, on the final (frozen) Axes sizes
            disp._place_legend(relocate=True)
        self.frames = Frames(self.figure, self._moving_artists, self._paint_lock, self._layout and self._layout.refresh)
        self.frames.redraw()
        self._show()

    def _freeze_layout(self):
        """Lay the figure out once; again only when its size or an axis' limits change (see ``_layout``)."""
        self._layout = freeze_layout(self.figure, self._paint_lock, self.displays, before=self._before_layout)

    def _before_layout(self):
        """Called before the figure is laid out again (see ``_layout``): a widget refits what depends on the width."""

    def _on_change(self, name, change=None):
        """One control step: apply it and paint one frame, or say what is wrong and go back.

        Nothing escapes into ipywidgets' observer machinery (where a browser
        user would never see it): a rejected value (ValueError) is written to
        the status line and logged as a warning, any other error with its
        traceback; either way the control returns to its last valid value,
        which repaints the state that value gave.
        """
        if self.controls[name].value is None and not self._reverting:  # None passes a dropdown's validators
            return self._reject(name, ValueError("refused: the control takes one of its values, not None"))
        # "computing…" at once for a step known to be slow, else once it has run BUSY_WITHIN (none in a step back)
        slow = self._slow_step(name) or self._took.get(name, 0.0) > BUSY_AFTER
        start = time.perf_counter()
        self._later = later = []  # the tables' HTML: sent after the frame, which the user waits for
        try:  # another thread may be painting this figure (see _lock)
            with BusyTimer(self.status, at_once=slow, off=self._reverting), self._paint_lock:
                self.frames.measured()  # the latest full draw's parts, before the step moves any
                self._apply_all({name})
                if self._layout is not None:  # limits the step moved ask for no new layout (see _layout)
                    self._layout.accept_limits()
                self.frames.redraw(self._moved_axes({name}))
                self._show()
        except Exception as exc:  # noqa: BLE001 - reported in the status line and the log, then undone
            self._later = None
            self._reject(name, exc)
            return
        finally:
            self._later = None
        for fill in later:
            fill()
        self._took[name] = time.perf_counter() - start
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
        self._say(f"{name} = {shown(value)}: {exc}" + (f" (back to {shown(back)})" if undo else ""))
        if undo:
            self._reverting = True
            try:
                self.controls[name].value = back
            finally:
                self._reverting = False

    def _say(self, text):
        """One line on the status line (red): a refused or failed step."""
        self.status.value = f"<span style='color:#a33'>{html.escape(text)}</span>"

    def _slow_step(self, name):
        """Whether a step of control ``name`` is known to take longer than ``BUSY_AFTER`` (then "computing…" shows)."""
        return False

    def _moved_axes(self, changed):
        """The Axes a step of the controls ``changed`` may change (None: any); see ``Frames.redraw``."""
        return None

    def _moving_artists(self):
        """Every artist the controls may change: the live Displays' and the widget's own."""
        names = self.displays if self._live is None else self._live
        artists = [a for name in names for a in self.displays[name]._moving_artists()]
        return artists + list(self._moving_extra)

    def _apply_all(self, changed):
        """``_apply``, then the threshold control's step (its marks follow what the Displays now show)."""
        self._apply(changed)
        if self.threshold_control is not None:
            self.threshold_control.apply(set(self.controls) if changed is None else changed)

    def _apply(self, changed):  # pragma: no cover - each widget moves its Displays
        """Read the controls and update the Displays; ``changed``: names of the moved controls (None: all)."""
        raise NotImplementedError
