"""Panel titles: the title of a panel fitted to its Axes' width, its trailing clauses dropped until it fits, and
fitted again on each layout of the draw (a widget's too).

:func:`fit_title` titles a panel; :func:`fitted_title` is the form it
chooses (a saved page asks it of every state, :func:`fitted_titles`);
:func:`refit_titles` fits every title again to its Axes' width now.
"""

from __future__ import annotations

import re

from ._notes import note, notes
from .layout._figure import AFTER_LAYOUT, text_width

__all__ = ["fit_title", "fitted_title", "fitted_titles", "title_width", "refit_titles"]


def _drop_clause(text):
    """``text`` without its last ", ..." clause outside brackets (a clause may hold brackets of its own: ", π′(t) over
    t ∈ [0, 49]"); ``text`` itself when it has none.

    >>> _drop_clause("mean π′ = 0.0006, π′(t) over t ∈ [0, 49]"), _drop_clause("π′ ∈ [0.0001, 0.002]")
    ('mean π′ = 0.0006', 'π′ ∈ [0.0001, 0.002]')
    """
    depth, last = 0, None
    for i, ch in enumerate(text):
        depth += (ch in "([{") - (ch in ")]}")
        if depth == 0 and text.startswith(", ", i):
            last = i
    return text if last is None else text[:last]


def fit_title(ax, text, *shorter):
    """Title ``ax`` with ``text``, or with its trailing clauses dropped (", uniform") until it fits the Axes' width.

    ``shorter``: other forms of the title, tried in turn (each with its
    clauses dropped) when even ``text``'s first clause is wider than the Axes.

    A narrow panel (a widget's page, a paper row) gets the short form
    rather than a title reaching into the next panel or past the figure.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(1.6, 1.6))
    >>> fit_title(ax, "π′ ∈ [0.0001, 0.002], uniform")
    >>> ax.get_title()
    'π′ ∈ [0.0001, 0.002]'
    """
    text = (text, *shorter) if shorter else text
    notes(ax).title = text  # the whole title, fitted again when the Axes' width changes (refit_titles)
    _retitle(ax, fitted_title(ax, text))


def _retitle(ax, fitted):
    """``ax`` titled ``fitted``; True when its title changed.

    A panel whose areas are over it (:func:`~.layout._legend_areas.above`)
    keeps its title as its areas' heading, which the next placing of its
    areas sets again: the heading follows the title (int-02's third panel
    took the row's shorter form, the other two got their first form back).
    """
    if ax.get_title() == fitted:
        return False
    ax.set_title(fitted)
    if note(ax, "areas_head") is not None:
        notes(ax).areas_head = fitted
    return True


def fitted_title(ax, text, width=None):
    """The form of ``text`` that :func:`fit_title` gives ``ax``: trailing clauses dropped until it fits its width.

    ``width(s)``: the width in pixels ``ax``'s title would have with text
    ``s`` (default: measured by the renderer in the title's font).  A saved
    page (``skewplot.widgets.page.scene``) asks this of every state's title.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(1.6, 1.6))
    >>> fitted_title(ax, "π′ ∈ [0.0001, 0.002], uniform"), fitted_title(ax, "π′ = 0.01")
    ('π′ ∈ [0.0001, 0.002]', 'π′ = 0.01')
    """
    if width is None:
        width = title_width(ax)
    if isinstance(text, tuple):  # forms, the fullest first (fit_title's ``shorter``): the first that fits
        return _first_fitting(ax, text, width)[1]
    while True:
        shorter = _drop_clause(text)
        if shorter == text or width(text) <= ax.bbox.width:
            return text
        text = shorter


def _first_fitting(ax, forms, width):
    """``(index, fitted form)`` of the first of ``forms`` that fits ``ax``'s width (its clauses dropped), else of
    the last."""
    for k, form in enumerate(forms):
        fitted = fitted_title(ax, form, width)
        if width(fitted) <= ax.bbox.width or k == len(forms) - 1:
            return k, fitted


def _one_form(fig):
    """The panels of ``fig`` titled by forms (:func:`fit_title`'s ``shorter``) all in the shortest one any needs:
    a row reads one way ("rarest account t… at 0.001" beside "rarest legitimate at π′ 0.00092" did not)."""
    formed = [(ax, note(ax, "title")) for ax in fig.axes if isinstance(note(ax, "title"), tuple) and ax.get_title()]
    if len(formed) < 2:
        return False
    k = max(_first_fitting(ax, forms, title_width(ax))[0] for ax, forms in formed)
    changed = False
    for ax, forms in formed:
        changed |= _retitle(ax, fitted_title(ax, forms[min(k, len(forms) - 1)]))
    return changed


def fitted_titles(ax, texts):
    """:func:`fitted_title` of each of ``texts`` (None stays None): a saved page's title at each state.

    The widths are sums of the widths of the texts' pieces (numbers and the
    text between), each measured once: the renderer's width of a line is the
    sum of its pieces' here.  A title within a pixel of the Axes' width is
    measured whole, so each choice is the one :func:`fit_title` makes.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(2.4, 2.4))
    >>> fitted_titles(ax, ["π′ ∈ [0.0001, 0.002], uniform", None, "π′ ∈ [0, 0.5], uniform"])
    ['π′ ∈ [0.0001, 0.002]', None, 'π′ ∈ [0, 0.5], uniform']
    """
    exact, pieces = title_width(ax), {}

    def piece(s):
        if s not in pieces:
            pieces[s] = exact(s)
        return pieces[s]

    def width(s):
        w = sum(piece(part) for part in re.split(r"([0-9][0-9.e+-]*)", s) if part)
        return exact(s) if abs(w - ax.bbox.width) <= 1.0 else w

    return [None if text is None else fitted_title(ax, text, width) for text in texts]


def title_width(ax):
    """``width(s)``: the width in pixels of ``ax``'s title written ``s`` (as its window extent would be)."""
    return text_width(ax.title)


def refit_titles(fig):
    """Fit every title :func:`fit_title` made again to its Axes' width now; True when one changed.

    A widget's figure laid out again at another width (ipympl's resize
    corner, the output's width) calls this between two layouts.
    """
    changed = False
    for ax in fig.axes:
        text = note(ax, "title")
        if text is not None:
            changed |= _retitle(ax, fitted_title(ax, text))
    return changed


def _refit_laid_out_titles(fig):
    """After the draw's layout, the title :func:`fit_title` made of each panel whose title now reaches past its
    room (the figure's edge, or half the gap to the panel beside it) fitted to its Axes' width on that layout; True
    when one changed (the figure is laid out once more).

    Fitted when plotted, a title was measured on the Axes' width before the
    layout: a row's last panel, narrowed by it, drew its whole title past the
    figure's edge (tmp-04: "… t ∈ [0, 4").  A title wider than its Axes but
    within its room stays as it was; a panel whose title holds its areas'
    heading (:func:`~.layout._legend_areas.above`) keeps it.
    """
    from .layout._legend import _renderer

    changed, renderer = False, None
    shown = [ax for ax in fig.axes if ax.get_visible()]
    for ax in shown:
        text = note(ax, "title")
        if text is None or note(ax, "areas_head") is not None or not ax.get_title():
            continue
        renderer = renderer or _renderer(fig)
        box, lo, hi = ax.bbox, fig.bbox.x0, fig.bbox.x1
        for other in shown:  # half the gap to a panel beside it, in its row
            ob = other.bbox
            if other is ax or ob.y1 <= box.y0 or ob.y0 >= box.y1:
                continue
            if ob.x1 <= box.x0:
                lo = max(lo, (ob.x1 + box.x0) / 2.0)
            elif ob.x0 >= box.x1:
                hi = min(hi, (box.x1 + ob.x0) / 2.0)
        extent = ax.title.get_window_extent(renderer)
        if extent.x0 < lo - 0.5 or extent.x1 > hi + 0.5:
            changed |= _retitle(ax, fitted_title(ax, text))
    return _one_form(fig) or changed


AFTER_LAYOUT.append(_refit_laid_out_titles)
