"""What both kinds of saved page share: the slider grids, and the HTML shell the data and script go in."""

from __future__ import annotations

import html
import json
import math
import os
import string
import tempfile
from importlib import resources

from ..._files import write_atomically

__all__ = ["control_grid", "readout_text", "page_html", "read_text", "with_live_values"]


def readout_text(value, fmt):
    """``value`` as the page's slider readout (d3-format ``fmt``) shows it.

    Python's ``format`` agrees with d3's for the types the sliders use,
    except d3's no-type format (``".3"``), which drops the ``.0`` Python
    keeps on a whole number (d3 shows 0, Python 0.0).

    Examples
    --------
    >>> readout_text(0.0, ".3"), readout_text(0.5, ".3"), readout_text(0.125, ".3"), readout_text(0.5, ".3f")
    ('0', '0.5', '0.125', '0.500')
    """
    text = format(value, fmt)
    if fmt and not fmt[-1].isalpha() and text.endswith(".0"):
        text = text[:-2]
    return text


def control_grid(control):
    """The values a live slider steps through, and how its readout shows each.

    Parameters
    ----------
    control : ipywidgets.FloatLogSlider, ipywidgets.FloatSlider or ipywidgets.Dropdown

    Returns
    -------
    values : list of float
        ``base ** (min + k * step)`` (log slider) or ``min + k * step``, for
        ``k = 0, 1, ...`` up to the slider's ``max``; its ``max`` itself
        last when the grid stops short of it (the slider reaches its end),
        and the slider's value now where it lies between two grid points
        (the page opens at the live state, not at the nearest point).
    labels : list of str
        The values in the slider's ``readout_format``.

    Examples
    --------
    >>> from skewplot.widgets import skew_slider
    >>> from skewplot.widgets.page.export import control_grid
    >>> values, labels = control_grid(skew_slider(0.1, lo=0.01, hi=0.5, steps_per_decade=2))
    >>> labels
    ['0.01', '0.0316', '0.1', '0.316', '0.5']
    """
    import ipywidgets as widgets

    if isinstance(control, widgets.Dropdown):  # a class selector: its options, stepped by index in the page
        pairs = [o if isinstance(o, tuple) and len(o) == 2 else (str(o), o) for o in control.options]
        return [v for _, v in pairs], [str(label) for label, _ in pairs]
    if not isinstance(control, (widgets.FloatLogSlider, widgets.FloatSlider)):
        raise TypeError(f"save_html can step sliders of floats only, got a {type(control).__name__} "
                        f"({getattr(control, 'description', '')!r})")
    lo, hi, step = float(control.min), float(control.max), float(control.step)
    count = int(math.floor((hi - lo) / step + 1e-9))
    points = [lo + k * step for k in range(count + 1)]
    if (hi - points[-1]) / step > 1e-9:
        points.append(hi)
    if isinstance(control, widgets.FloatLogSlider):
        # a skew slider's left end stands for its lower bound (controls.grid_min): the page's value there is lo
        values = [max(float(control.base) ** p, getattr(control, "lo", 0.0)) for p in points]
    else:
        values = points
    values = with_live_values(values, [control.value])
    fmt = control.readout_format or ".2f"
    return values, [readout_text(v, fmt) for v in values]


def with_live_values(values, live):
    """``values`` (ascending) with each of ``live`` in it: added, or put for a value within 1e-12 (relative).

    A control set from code (``skew_range=(0.001, 0.005)`` on a slider stepping by 0.005) stands between the
    points its slider steps through; the page starts at the control's value, so that value is a point too.

    Examples
    --------
    >>> with_live_values([0.0, 0.005, 0.01], [0.001, 0.005])
    [0.0, 0.001, 0.005, 0.01]
    """
    out = list(values)
    for v in live:
        v = float(v)
        near = [k for k, x in enumerate(out) if abs(v - x) <= 1e-12 * max(abs(v), abs(x))]
        if near:
            out[near[0]] = v  # the live value itself, not a neighbour one rounding away
        else:
            out.append(v)
            out.sort()
    return out


def check_page_path(path):
    """Refuse, before any frame is painted, a path the page could not be written to (an OSError naming it)."""
    text = os.fspath(path)
    if not text:
        raise ValueError("path is empty; give the file to write (e.g. 'page.html')")
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder):
        kind, problem = FileNotFoundError, f"its folder {folder!r} does not exist"
    elif os.path.isdir(text):
        kind, problem = IsADirectoryError, "it is a folder"
    else:
        try:  # as write_atomically starts: a temporary file beside the page (os.access trusts root everywhere)
            fd, probe = tempfile.mkstemp(prefix=".skewplot-", dir=folder)
        except OSError as exc:
            kind, problem = type(exc), f"its folder {folder!r} takes no new file ({exc.strerror or exc})"
        else:
            os.close(fd)
            os.remove(probe)
            return
    raise kind(f"save_html: cannot write path {text!r}: {problem}")


def write_page(path, text):
    """Write the page ``text`` to ``path``; a path that cannot be written is an OSError naming it."""
    try:
        write_atomically(path, lambda fh: fh.write(text), binary=False)
    except OSError as exc:
        raise type(exc)(exc.errno, f"save_html: cannot write path {str(path)!r}: {exc.strerror or exc}") from exc


def read_text(name):
    """A file of the page's browser runtime (``runtime/``: the page template and scripts, package data)."""
    return resources.files(__package__).joinpath("runtime", name).read_text(encoding="utf-8")


def page_html(data, script, title):
    """The page: the shared shell (``runtime/template.html``) with ``data`` (JSON) and ``script`` in it."""
    return string.Template(read_text("template.html")).substitute(
        title=html.escape(title), data=json.dumps(data, ensure_ascii=False).replace("</", "<\\/"),
        script=script.replace("</", "<\\/"), width=data["width"], height=data["height"])
