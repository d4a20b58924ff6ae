"""A widget saved as one HTML page whose controls work without a kernel (:func:`~.export.save_html`).

- ``export``: the page of pre-rendered frames (one sprite per state of the
  controls), and the entry point that picks between the two kinds of page;
- ``scene``: the page that draws its curves itself (the explorer, the cost
  and F widgets, ``interactive_pr`` with a threshold control): static layers
  rendered once plus the closed forms, with ``_draw`` (each panel's moving
  parts), ``_label`` (the skew marker's label), ``_prg`` (the PRG panel's
  vertices), ``_table`` (the AUC table per state), ``_threshold`` (the
  threshold control's counts) and ``_weighted`` (a weighted P̄ per gap of
  the range slider);
- ``_shell``: the page shell and the controls' grids, shared by both;
- ``runtime/``: the page's browser runtime, package data: ``template.html``
  (the shell of both pages), ``frames.js`` (the frame page's player) and
  the scene page's scripts, each JS function naming the Python function it
  mirrors.

The live widgets (the rest of :mod:`skewplot.widgets`) call ``save_html``;
nothing here is imported by them otherwise.
"""
