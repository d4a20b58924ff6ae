"""Axis labels of the PR and ROC spaces, written in one place for every display that draws them."""

from __future__ import annotations

import functools

import numpy as np

from .._format import tick
from .._validate import check_scalar
from ..skew.base import FixedSkew, skew_text
from ._minor_ticks import DecadeMinorLocator, ViewDecadesLocator, is_decade, labelled_minors
from ._notes import note, notes
from ._titles import fit_title, fitted_title, fitted_titles, refit_titles, title_width
from .layout._figure import AFTER_LAYOUT, BEFORE_LAYOUT, fit_label

__all__ = ["label_pr_axes", "label_roc_axes", "fit_title", "fitted_title", "fitted_titles", "title_width",
           "refit_titles", "tick_state", "log_axis", "logit_axis", "skew_window", "precision_axis", "precision_floor",
           "LOG_PRECISION_BELOW", "data_skew", "log_axis_start", "check_skew_bounds", "narrow_row"]


def label_pr_axes(ax, model, skew, skew_label="axis", ylabels=None):
    """Label recall and the precision of ``model`` (the data set's own skew when ``skew`` is None).

    With ``skew_label="title"`` the y label stays fixed mathtext and the skew
    goes to the title (cheap to update while a slider moves).  Each label
    has shorter forms for an Axes too small for it (:func:`~.layout._figure.fit_label`).
    A panel of a row or grid (not a widget's page) also says its skew in its
    title: a reader of a row tells the panels apart by it.  The skew is
    written in plain text, never as the y label's subscript (``P_{pi'=0.01}``),
    which is too small to be read at print size.  ``ylabels``: the y label's forms (curves each at its own skew).
    """
    from .layout._legend import is_page, panels

    fit_label(ax.xaxis, "Recall (TPR)", "Recall")
    if skew_label != "title" and len(panels(ax.figure)) > 1 and not is_page(ax.figure):
        fit_title(ax, model.describe() if skew is not None else data_set_title(model.mean))
    if skew is None:
        pi = f"$\\pi={model.mean:.3g}$"
        fit_label(ax.yaxis, *(ylabels or (f"Precision $P$ (data set, {pi})", f"Precision $P$\n({pi})")))
    elif skew_label == "title":  # plain text that changes, mathtext that does not
        fit_label(ax.yaxis, f"Precision ${model.symbol}$")
        fit_title(ax, model.describe())
    elif len(panels(ax.figure)) > 1 and not is_page(ax.figure):  # the panel's title says its skew
        fit_label(ax.yaxis, f"Precision ${model.symbol}$")
    elif not isinstance(model, FixedSkew) and not is_page(ax.figure):
        # a range or a series: the y label's side had no room for its words (int-05, tmp-05 of the figure review
        # of 95734ae named them nowhere), the title has
        fit_label(ax.yaxis, f"Precision ${model.symbol}$")
        fit_title(ax, model.describe())
    else:  # plain text: the subscript of ``model.label()`` (P_{pi'=0.01}) is too small to read in print
        text = model.describe()
        fit_label(ax.yaxis, f"Precision ${model.symbol}$ ({text})", f"${model.symbol}$ ({text})",
                  f"Precision ${model.symbol}$", lines=False)  # one line: two would take the Axes' width


def data_set_title(pi):
    """The title of a panel of a row or grid drawn at the data set's own positive rate ``pi``.

    Examples
    --------
    >>> data_set_title(0.00931)
    'π = 0.00931 (data set)'
    """
    return f"π = {skew_text(pi)} (data set)"  # no trailing clause for fit_title to drop


def label_roc_axes(ax, pi=None):
    """Label the false and true positive rates; in a panel too narrow (short) for the words, ``FPR`` / ``TPR``.

    The words are kept while they fit the Axes' side on its final size
    (:func:`~.layout._figure.fit_label`): in a paper row of two a centred label
    wider than its panel reached past the figure's edge.  ``pi``: the data
    set's positive rate, a panel of a row or grid's title (ROC curves do not
    move with it, but a reader tells the panels' data sets apart by it).
    """
    from .layout._legend import is_page, panels

    fit_label(ax.xaxis, "False positive rate (FPR)", "FPR")
    fit_label(ax.yaxis, "True positive rate (TPR)", "TPR", lines=False)
    if pi is not None and len(panels(ax.figure)) > 1 and not is_page(ax.figure):  # which data a panel shows
        fit_title(ax, data_set_title(pi))


def skew_window(x, log_skew):
    """The x limits of skews ``x`` (increasing): their span, or a window around a single skew (equal limits are
    no range: matplotlib warns and widens them its own way)."""
    if x.size > 1:
        return x[0], x[-1]
    if log_skew:
        return x[0] / 2.0, min(2.0 * x[0], 1.0)
    return max(x[0] - 0.05, 0.0), min(x[0] + 0.05, 1.0)


def log_axis(ax, which="x", **kwargs):
    """Make ``ax``'s ``which`` axis logarithmic, with tick labels that never overlap.

    ``kwargs`` reach ``set_xscale``/``set_yscale`` (e.g. ``nonpositive``). The minor ticks at 2, 3, 4, 6 x 10^k are
    labelled when fewer than three decades are in view (:func:`~._minor_ticks.labelled_minors`, the same on every
    matplotlib), whatever the axis' length in pixels: in a narrow panel they would overlap.  Here both formatters
    drop, at draw time, every label that would touch one already kept (decades first, then the minor ticks from left
    to right, or bottom to top).  A label is plain text (``0.001``,
    :func:`skewplot._format.tick`), not ``10^{-3}``, whose superscript is too small to read in print.  The minor
    labels sit on the decades' baseline (apn-03/05/06 of the review of ba94d56: two baselines under ``poster``).
    Where the major ticks step over decades, each skipped decade has an unlabelled minor tick
    (:class:`~._minor_ticks.DecadeMinorLocator`).
    """
    from matplotlib import rcParams as rc
    from matplotlib.ticker import LogFormatterSciNotation

    class FittingLogFormatter(LogFormatterSciNotation):
        def format_ticks(self, values):
            axis = self.axis
            if axis is None or axis.axes is None:
                return [tick(v) if text else "" for v, text in zip(values, super().format_ticks(values), strict=True)]
            major = self is axis.major.formatter
            # a decade among the minor ticks is one the majors skip: no label (nor from matplotlib, whose choice of
            # minor labels differs between versions: labelled_minors)
            shown = is_decade(values) if major else labelled_minors(values, *axis.get_view_interval())
            labels = [tick(v) if text else "" for v, text in zip(values, shown, strict=True)]
            if not any(labels):
                return labels
            return _fitting(axis, values, labels, [] if major else _major_spans(axis))

    (ax.set_xscale if which == "x" else ax.set_yscale)("log", **kwargs)
    axis = ax.xaxis if which == "x" else ax.yaxis
    axis.set_major_locator(ViewDecadesLocator())
    axis.set_minor_locator(DecadeMinorLocator())
    axis.set_major_formatter(FittingLogFormatter())
    axis.set_minor_formatter(FittingLogFormatter(labelOnlyBase=False))
    k, out = f"{which}tick.", {"out": 1.0, "inout": 0.5}.get(rc[f"{which}tick.direction"], 0.0)  # ticks' share out
    axis.set_tick_params(which="minor", pad=rc[k + "major.pad"] + out * (rc[k + "major.size"] - rc[k + "minor.size"]))
    return axis


def logit_axis(ax, which="x"):
    """Make ``ax``'s ``which`` axis log-odds (matplotlib's ``"logit"`` scale), ticked at 1e-3, ..., 0.5, ..., 0.999.

    Tick labels are plain text (``1e-3``, ``0.5``, ``0.999``, :func:`skewplot._format.tick` below 0.5) and
    never touch one another (every label that would is dropped, from the bottom or left up).
    """
    from matplotlib.ticker import FixedLocator, Formatter, NullFormatter, NullLocator

    class FittingLogitFormatter(Formatter):
        def __call__(self, x, pos=None):
            return tick(x) if x <= 0.5 else skew_text(x)

        def format_ticks(self, values):
            labels = [self(v) for v in values]
            axis = self.axis
            if axis is None or axis.axes is None or not labels:
                return labels
            return _fitting(axis, values, labels, [])

    (ax.set_xscale if which == "x" else ax.set_yscale)("logit")
    axis = ax.xaxis if which == "x" else ax.yaxis
    decades = [10.0 ** -k for k in range(12, 0, -1)]
    axis.set_major_locator(FixedLocator(decades + [0.5] + [1.0 - d for d in reversed(decades)]))
    axis.set_major_formatter(FittingLogitFormatter())
    axis.set_minor_locator(NullLocator())
    axis.set_minor_formatter(NullFormatter())
    return axis


_GAP_PX = 3.0  # the least room between two tick labels


def _extent_px(axis, label):
    """Width (x axis) or height (y axis) in pixels that ``label`` takes, at the axis' tick label font."""
    if not label:
        return 0.0
    w, h = _extent_pt(label, axis.majorTicks[0].label1.get_fontproperties())  # (get_major_ticks makes ticks)
    return (w if axis.axis_name == "x" else h) * axis.axes.figure.dpi / 72.0


@functools.lru_cache(maxsize=512)
def _extent_pt(label, prop):
    """(width, height) in points of a tick label: measured once per label and font (a widget redraws often)."""
    from matplotlib.textpath import text_to_path

    w, h, _ = text_to_path.get_text_width_height_descent(label, prop, ismath="$" in label)
    return w, h


def _positions_px(axis, values):
    # the other coordinate inside the other axis' view: 0 is NaN on a logit axis, and made every position NaN (skt-02)
    other = min((axis.axes.yaxis if axis.axis_name == "x" else axis.axes.xaxis).get_view_interval())
    xy = np.reshape([(v, other) if axis.axis_name == "x" else (other, v) for v in values], (-1, 2))
    return axis.axes.transData.transform(xy)[:, 0 if axis.axis_name == "x" else 1]


def _spans(axis, values, labels):
    pos = _positions_px(axis, values)
    return [(p - _extent_px(axis, s) / 2, p + _extent_px(axis, s) / 2, s) for p, s in zip(pos, labels, strict=True)]


def _major_spans(axis):
    values = [v for v in axis.get_majorticklocs() if _in_view(axis, v)]
    labels = axis.major.formatter.format_ticks(values) if values else []
    return [(lo, hi) for lo, hi, s in _spans(axis, values, labels) if s]


def _in_view(axis, v):
    lo, hi = sorted(axis.get_view_interval())
    return lo * (1 - 1e-9) <= v <= hi * (1 + 1e-9)


def _fitting(axis, values, labels, taken):
    """``labels`` with "" for each that would come within ``_GAP_PX`` of a kept one (``taken`` kept first), and,
    once the layout found it could not make room for them (:func:`_ticks_past_edge`), for each past the figure's
    edge."""
    taken = list(taken)
    out = []
    notes(axis).fits = True
    fig = getattr(axis.axes.figure, "figure", axis.axes.figure)  # a subfigure's root figure: its edges cut
    edge = (fig.bbox.width if axis.axis_name == "x" else fig.bbox.height) if note(axis, "past_edge") else None
    for (lo, hi, text), value in zip(_spans(axis, values, labels), values, strict=True):
        if not text or not _in_view(axis, value):
            out.append(text)
            continue
        if edge is not None and (lo < -0.5 or hi > edge + 0.5) or \
                any(lo - _GAP_PX < b and a < hi + _GAP_PX for a, b in taken):
            out.append("")
            continue
        taken.append((lo, hi))
        out.append(text)
    return out


def tick_state(axis):
    """What a fitting axis' tick labels depend on besides its view, box and formatters (see ``_compat``'s
    ``ticks_laid_out_once``): whether it drops labels past the figure's edge (:func:`_ticks_past_edge`)."""
    return note(axis, "past_edge", False)


def _ticks_past_edge(fig):
    """After the draw's layout, each fitting axis of ``fig`` with a tick label past the figure's edge drops such
    labels from now on (:func:`_fitting`); True then: the figure is laid out once more, without them.

    Which tick labels a fitting axis keeps depends on its Axes' width: the
    layout measured panel 3 of skt-02 with "0.999" dropped (it touched
    "0.99" on the Axes before the layout), and the draw showed it, cut at the
    figure's right edge (it reads as a second "0.99").  A label the layout
    made room for stays (each layout starts by forgetting the edge:
    :func:`_forget_edges`); one it did not is dropped, never cut.
    """
    from ._compat import tick_label_extents
    from .layout._legend import _renderer

    renderer, found = None, False
    for ax in fig.axes:
        if not ax.get_visible() or not ax.axison:
            continue
        for axis in (ax.xaxis, ax.yaxis):
            if not note(axis, "fits", False) or note(axis, "past_edge", False):
                continue
            renderer = renderer or _renderer(fig)
            # the drawn labels as the tick layout measured them (a widget's draw measures them once: see _compat)
            if any(box.x0 < fig.bbox.x0 - 0.5 or box.x1 > fig.bbox.x1 + 0.5 or box.y0 < fig.bbox.y0 - 0.5
                   or box.y1 > fig.bbox.y1 + 0.5 for box in tick_label_extents(axis, renderer)):
                notes(axis).past_edge = found = True
    return found


def _forget_edges(fig):
    """Before a layout: every fitting axis shows its labels past the figure's edge again (the layout may now make
    room for them)."""
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if note(axis, "past_edge", False):
                notes(axis).past_edge = False


BEFORE_LAYOUT.append(_forget_edges)
AFTER_LAYOUT.append(_ticks_past_edge)


#: A precision axis is logarithmic by default when its random baseline (the mean skew) lies below this.
LOG_PRECISION_BELOW = 0.05


def precision_floor(mean):
    """Bottom of a log precision axis: the largest 1 or 3 x 10^k at most half the baseline ``mean``.

    A step function of ``mean``, so a skew that moves within a half-decade
    leaves the axis where it is; the baseline sits a third of a decade or
    more above the bottom.
    """
    half = max(float(mean), 1e-12) / 2.0
    decade = 10.0 ** np.floor(np.log10(half))
    return float(3.0 * decade if half >= 3.0 * decade else decade)


def precision_axis(ax, mean, log):
    """Precision's y limits: [0, 1.02], or on a log axis from :func:`precision_floor` of ``mean`` to 1.05.

    With few positives the random baseline and the minimum-achievable curve
    lie flat on a linear axis' bottom; on the log axis they show.  Panels
    that share their y axis (``sharey=True``) share its scale: once one of
    them is logarithmic, every one is, down to the lowest floor among them.
    """
    shared = len(ax.get_shared_y_axes().get_siblings(ax)) > 1 and ax.get_yscale() == "log"
    if not log and not shared:
        ax.set_ylim(0, 1.02)
        return
    if ax.get_yscale() != "log":
        log_axis(ax, "y", nonpositive="clip")
    bottom = precision_floor(mean)
    ax.set_ylim(min(bottom, ax.get_ylim()[0]) if shared else bottom, 1.05)


def data_skew(points):
    """The positive rate of the one data set every classifier was measured on; None for several, or unknown.

    A classifier given as folds counts its folds' rows together (the folds of
    one data set split its positives, each fold's own rate differs a little).

    >>> import skewplot as sp
    >>> pts = sp.OperatingPoints.from_counts([0, 3, 5], [0, 10, 95], 5, 95)
    >>> data_skew({"a": pts, "b": pts}), data_skew({"a": [pts, pts]})
    (0.05, 0.05)
    """
    skews = set()
    for value in points.values():
        folds = value if isinstance(value, list) else [value]
        if any(p.n_pos is None for p in folds):
            return None
        pos = float(sum(p.n_pos for p in folds))
        total = pos + float(sum(p.n_neg for p in folds))
        skews.add(round(pos / total, 12) if total > 0 else None)
    return next(iter(skews)) if len(skews) == 1 else None


def log_axis_start(x):
    """Left end of a log x axis: 1e-3, or for a smaller ``x`` its decade (0.8 of it when ``x`` sits near it).

    A step function of ``x``: a marker that moves within a decade leaves
    the axis where it is.
    """
    if x is None or not x > 0:
        return 1e-3
    decade = 10.0 ** np.floor(np.log10(x))
    return float(min(1e-3, decade if x >= 1.25 * decade else 0.8 * decade))


def check_skew_bounds(bounds):
    """``skew_bounds`` of a display: None, or the ``(lo, hi)`` skews its axis must span, ``0 < lo < hi <= 1``."""
    if bounds is None:
        return None
    if isinstance(bounds, (str, bytes)) or not hasattr(bounds, "__len__") or len(bounds) != 2:
        raise TypeError(f"skew_bounds must be None or a (lo, hi) pair of skews, got {bounds!r}")
    lo = check_scalar(bounds[0], "skew_bounds[0]", lo=0.0, hi=1.0, lo_open=True)
    hi = check_scalar(bounds[1], "skew_bounds[1]", lo=0.0, hi=1.0, lo_open=True)
    if not lo < hi:
        raise ValueError(f"skew_bounds must have lo < hi, got ({lo:g}, {hi:g})")
    return lo, hi


def narrow_row(fig):
    """Whether ``fig`` is a row or grid of panels under 2.2 in wide each (``style.paper("single")``'s pair): their
    shared legend strip has no room for one entry more (the panels fell under 60 % of their cells)."""
    from .layout._legend import is_page, panels

    shown = panels(fig)
    if len(shown) < 2 or is_page(fig):
        return False
    columns = len({round(ax.get_position().x0, 3) for ax in shown})
    return fig.get_figwidth() / max(columns, 1) < 2.2
