"""Where things go on a figure: its layout, its legends, its axis labels' forms and its markers' places.

The plots decide what to draw; this package decides where, and never what
a label or a legend entry says:

- ``_figure``: the figure's constrained layout, laid out at once, and the
  share of its cell each Axes keeps (``MIN_CELL_SHARE``); each axis label's
  first form (words, words on two lines, abbreviation) that fits its Axes
  (``fit_label``, ``FittingLayoutEngine``);
- ``_legend``: the one legend rule (a free place inside the Axes, else a
  compact strip under it; one shared legend for a figure of panels), with
  ``_legend_geometry`` (the drawn curves and texts a legend must not
  cover), ``_legend_strip`` (the strip and its fitting),
  ``_legend_crowded`` (a crowded Axes' last strips: the x tick labels
  against the spine, the key's terse texts), ``_legend_entries`` (a
  shared legend's entry names, look-alikes merged, the terse key)
  and ``_legend_areas`` (a panel's own legend of its areas);
- ``_markers``: coinciding marks (skew dots, threshold marks) shared out in wedges of
  one mark (never moved), a mark's size among many classifiers, and the skew marker's
  label put beside the skew line where it fits.

Only the plotting and widgets layers use it; the figure lint that checks
the result lives in :mod:`skewplot.testing`.
"""
