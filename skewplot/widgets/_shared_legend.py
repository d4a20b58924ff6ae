"""The explorers' one legend above their six panels, fitted to the figure's width (and again after a resize).

At a notebook's width six legends placed outside their Axes left the
panels no room: :func:`shared_legend` names each classifier, baseline and
mark once, in as few rows as the figure's width allows
(:func:`legend_columns`); a resize refits it before the new layout
(:class:`RefitsSharedLegend`, called by :mod:`._layout`).
"""

from __future__ import annotations

from ..plotting._notes import note, notes
from ..plotting.layout._dashes import DASHED

__all__ = ["shared_legend", "fitted_legend", "legend_columns", "RefitsSharedLegend", "LEGEND_PT"]


def shared_legend(fig, displays, estimate=None, keys=()):
    """One legend above the six panels instead of one per panel.

    The panels share their classifiers' colours and reference line styles,
    and at a notebook's width six legends placed outside their Axes left the
    panels no room; each panel's numbers are in the table below the figure.
    ``keys``: ``(handle, label)`` pairs after those, naming the marks every classifier has.
    """
    for disp in displays.values():
        legend = disp.ax_.get_legend()
        if legend is not None:
            legend.remove()
    for legend in list(fig.legends):  # the panels' shared legend (names only): this one says more
        legend.remove()
    pr = displays["pr"]
    entries = [(line, name) for name, line in pr.lines_.items()]
    entries += [(pr.baselines_[key], label) for key, label in (("random", "random / chance / trivial"),
                ("min", "minimum achievable"), ("unachievable", "unachievable")) if key in pr.baselines_]
    if estimate is not None:  # the estimated skew's band (or line) in the AUCPR-against-skew panel
        entries += [(a, "estimated skew") for a in estimate.patches[1:] + estimate.lines[1:]
                    if a.get_label() == "estimated skew"]
    handles, labels = (list(part) for part in zip(*entries, *keys, strict=True))
    return fitted_legend(fig, handles, labels), (handles, labels)


#: The shared legend's font size in points: 9.7 px at 100 dpi (at least 8 px on the page, as issue 29 asks).
LEGEND_PT = 7.0
#: The shared legend's keywords but its columns: the legend shown and each trial measured alike.
_STYLE = dict(loc="outside upper center", fontsize=LEGEND_PT, frameon=False, columnspacing=1.2, handlelength=1.8,
              handler_map=DASHED)


def fitted_legend(fig, handles, labels, ncol=None):
    """The shared legend in as few rows as the figure's width allows (:func:`legend_columns`; ``ncol``: already
    chosen so)."""
    ncol = legend_columns(fig, handles, labels) if ncol is None else ncol
    legend = fig.legend(handles, labels, ncol=ncol, **_STYLE)
    notes(legend).ncol = ncol
    return legend


def legend_columns(fig, handles, labels):
    """The most columns (one row when it fits) whose legend is at most 98 % of the figure's width.

    A legend's width does not depend on the figure's: the widths measured
    are noted on the figure by ``(dpi, ncol, labels)``, so a resize builds
    one legend, not one per number of columns tried (~4 ms each).
    """
    widths = note(fig, "legend_widths")
    if widths is None:
        widths = notes(fig).legend_widths = {}
    renderer = None
    for ncol in range(len(labels), 1, -1):
        key = (fig.dpi, ncol, tuple(labels))
        if key not in widths:
            renderer = renderer or fig.canvas.get_renderer()
            trial = fig.legend(handles, labels, ncol=ncol, **_STYLE)
            widths[key] = trial.get_window_extent(renderer).width
            trial.remove()
        if widths[key] <= 0.98 * fig.bbox.width:
            return ncol
    return 1


class RefitsSharedLegend:
    """A widget whose figure has one shared legend above its panels (``legend_``, ``_legend_entries``)."""

    def _before_layout(self):
        """A new width: the shared legend in as few rows as fit it (the layout then makes room for them), kept
        when its number of columns stays."""
        ncol = legend_columns(self.figure, *self._legend_entries)
        if ncol != note(self.legend_, "ncol"):
            self.legend_.remove()
            self.legend_ = fitted_legend(self.figure, *self._legend_entries, ncol=ncol)
