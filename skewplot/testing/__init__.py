"""Checks of drawn figures, for skewplot's own tests and for users who lint their own figures.

:func:`lint_figure` draws a matplotlib figure once and returns what a reader
would see wrong in it (a legend over data, a squeezed panel, overlapping or
cut texts, text too small to read in print, markers outside or on top of each other, an empty panel), one
:class:`Problem` per fault, each with one of the ``KINDS``;
:func:`assert_clean` raises with every problem listed.  The tests run it on
every plot function and widget, and the documentation's build on every
gallery figure.  Nothing in the plotting package imports it: it is tooling,
shipped so that a figure of yours, drawn with skewplot or not, can be held
to the same checks.

See :func:`lint_figure` for an example.
"""

from ._lint import KINDS, MIN_CELL_SHARE, MIN_MARKER_PX, MIN_TEXT_PT, Problem, assert_clean, lint_figure, script_depth

__all__ = ["lint_figure", "assert_clean", "Problem", "KINDS", "MIN_CELL_SHARE", "MIN_MARKER_PX", "MIN_TEXT_PT",
           "script_depth"]
