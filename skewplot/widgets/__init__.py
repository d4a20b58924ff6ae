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
========================================  ==========================================

Each returns an :class:`ipywidgets.VBox` with ``.controls`` (dict name ->
widget), ``.displays`` (the Display objects it drives), ``.readouts_`` (the
AUC numbers shown in its table) and ``.backend``.

Backends
--------
Under ipympl (``%matplotlib widget``, recommended) the figure's canvas is
itself a widget: a slider change moves the artists and asks the same canvas
to redraw (``draw_idle``), which costs one Agg render and sends one image.
Under the default inline backend the figure is rendered to PNG and re-shown
in an :class:`ipywidgets.Output` on every change; that works everywhere
(also in exported notebooks) but is slower and may flicker.
"""

from __future__ import annotations

try:
    import ipywidgets as _ipywidgets  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "skewplot.widgets needs ipywidgets (and ipympl for `%matplotlib widget`); "
        'install them with: pip install "skewplot[widgets]"'
    ) from exc

from .controls import f_alpha_slider, m_slider, skew_range_slider, skew_slider
from .explorer import explorer
from .interactive import (
    interactive_cost,
    interactive_fmeasure,
    interactive_integrated_pr,
    interactive_pr,
    interactive_temporal_pr,
)

__all__ = [
    "interactive_pr",
    "interactive_integrated_pr",
    "interactive_temporal_pr",
    "interactive_fmeasure",
    "interactive_cost",
    "explorer",
    "skew_slider",
    "skew_range_slider",
    "f_alpha_slider",
    "m_slider",
]
