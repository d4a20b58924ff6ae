"""Live controls for skewplot's spaces in JupyterLab (needs the ``widgets`` extra).

This is the only part of skewplot that imports ipywidgets.  Every function
builds its figure and its Displays once and then, on each slider change,
moves the drawn artists in place with ``Display.update`` -- it never
re-sorts scores and never creates another figure.

========================================  ==========================================
:func:`interactive_pr`                    PR at a deployment skew (log-scaled slider)
:func:`interactive_integrated_pr`         P̄-R over a skew range, uniform or weighted
:func:`interactive_temporal_pr`           P̃-R over a growing time window [0, T]
:func:`interactive_fmeasure`              F-measure space (``f_alpha``, skew marker)
:func:`interactive_cost`                  cost space (``m``, skew marker)
:func:`explorer`                          every space, one linked set of controls
:func:`interactive_classes`               one-vs-rest: a class and its prior (``interactive_pr(ovr)``)
========================================  ==========================================

Each returns an :class:`ipywidgets.VBox` with ``.controls`` (dict name ->
widget), ``.displays`` (the Display objects it drives), ``.readouts_`` (the
AUC numbers shown in its table) and ``.backend``.

Backends
--------
Under ipympl (``%matplotlib widget``, recommended) the figure's canvas is
itself a widget: a slider change moves the artists and repaints the same
canvas, which sends one image to the browser.  Under the default inline
backend the figure lives on its own Agg canvas and its frame is re-shown as
a PNG in an :class:`ipywidgets.Output` on every change; that works
everywhere (also in exported notebooks) but sends a bigger message and may
flicker.

Speed
-----
A slider step never draws the whole figure.  The ticks, tick labels, axis
labels and the curves no control moves are kept as pixels from the last
full draw; the step restores them and draws only the moving artists on top
(``.frames``, see ``skewplot/widgets/_frames.py``).  The frame has exactly
the pixels of a full draw.  For the same reason the PR panels write the
skew as plain text in their title (``skew_label="title"`` of
:func:`skewplot.plot_pr`), not as mathtext in the y label.  On a
1e6-threshold curve a step takes about 20-25 ms with the Agg frame
(``benchmarks/bench_widgets.py``), against 50-60 ms for a full draw.
"""

from __future__ import annotations

try:
    import ipywidgets as _ipywidgets  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "skewplot.widgets needs ipywidgets (and ipympl for `%matplotlib widget`); "
        'install them with: pip install "skewplot[widgets]"'
    ) from exc

from . import interactive as _interactive
from .classes import interactive_classes
from .controls import f_alpha_slider, m_slider, skew_range_slider, skew_slider
from .explorer import explorer
from .interactive import *  # noqa: F403 -- re-exports exactly interactive.__all__

__all__ = [*_interactive.__all__, "explorer", "interactive_classes", "skew_slider", "skew_range_slider",
           "f_alpha_slider", "m_slider"]
