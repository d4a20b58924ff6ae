"""The AUC table under a widget's figure: its HTML and the numbers in it."""

from __future__ import annotations

import html

import numpy as np

from .._format import number

__all__ = ["readout_table", "normalized", "first_points", "polyline_area", "f_gain", "Tables", "TABLE_BLOCK",
           "TABLE_COLUMN"]

#: An HTML table's widget: a block (not ipywidgets' inline flex box, whose content is as wide as its table) at most
#: the output's width, so that a table wider than a narrow output scrolls sideways in its own box (review62).
TABLE_BLOCK = {"max_width": "100%", "display": "block"}
#: The column of tables beside (or under) a widget's figure: at most the output's width, for the same reason.
TABLE_COLUMN = {"padding": "0 0 0 12px", "max_width": "100%"}


def _fmt(value):
    if isinstance(value, str):  # a cell the widget formatted itself (HTML)
        return value
    if isinstance(value, tuple):
        return f"{number(value[0])} ± {number(value[1])}"
    return number(value)


def readout_table(title, columns, rows):
    """The HTML table of ``rows``: classifier -> dict column -> value (float, (mean, sd), None or HTML text).

    The table scrolls sideways in its own box: a notebook's output area never does.
    """
    head = "".join(f"<th style='padding:2px 5px;text-align:right'>{html.escape(c)}</th>" for c in columns)
    body = []
    for name, values in rows.items():
        cells = "".join(
            f"<td style='padding:2px 5px;text-align:right;font-family:monospace'>{_fmt(values.get(c))}</td>"
            for c in columns
        )
        body.append(f"<tr><td style='padding:2px 5px'>{html.escape(str(name))}</td>{cells}</tr>")
    return (
        f"<div style='font-size:12px;overflow-x:auto;max-width:100%'><b>{title}</b>"
        f"<table style='border-collapse:collapse;margin-top:4px'>"
        f"<tr><th style='padding:2px 5px;text-align:left'>classifier</th>{head}</tr>{''.join(body)}"
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


def polyline_area(x, y):
    """Area under a drawn polyline (the table reads the envelopes as drawn)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    return float(np.sum(np.diff(x) * (y[1:] + y[:-1]) * 0.5))


def f_gain(area, ap):
    """Gain of an F envelope's area over always-positive's, ``(area - ap) / (1 - ap)``; None when ``ap`` is 1."""
    # With f_alpha = 0 (F is recall) always-positive reaches the top: no gain is defined.
    return None if ap is None or not ap < 1.0 else (area - ap) / (1.0 - ap)


class Tables:
    """A widget's readout tables (mixed into ``SkewWidget``): filled after each step's frame is shown."""

    #: During a control step, the list of what :meth:`after_frame` put off (None between steps).
    _later = None

    def _set_readout(self, title, columns, rows):
        """Fill ``readouts_`` and the HTML table.

        ``rows`` maps classifier -> dict column -> value (float, (mean, sd) or None).
        """
        self.readouts_ = {name: dict(values) for name, values in rows.items()}
        self.after_frame(lambda: setattr(self.readout, "value", readout_table(title, columns, rows)))

    def after_frame(self, fill):
        """Call ``fill`` (a table's HTML) after this step's frame is shown, or now between steps.

        The table's message then reaches the browser after the frame's PNG,
        and formatting it is off the time to the picture.
        """
        if self._later is None:
            fill()
        else:
            self._later.append(fill)
