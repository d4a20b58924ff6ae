"""A crowded single Axes' last strips: the x tick labels against the spine, and the key in its terse form.

Ten classifiers with a band, baselines and a threshold mark under a
3.5 x 2.8 in figure: no strip of :mod:`._legend_strip` keeps the Axes
``MIN_CELL_SHARE`` of its cell's height (pr-04 kept 53 %, its entries
wrapped over three lines).  Two things are given back before the rule
settles for less: the room of ticks that are not drawn (seaborn's
``whitegrid`` hides them but keeps their length, which still pushes the
x tick labels away from the spine: 12 pt under ``poster``), and the key's
characters (:func:`~._legend_entries.terse`: ``"90 % CI"``,
``"min. achievable"``), so the names need no second line.
"""

from __future__ import annotations

from ._figure import MIN_CELL_SHARE, settle
from ._legend_entries import areas
from ._legend_strip import TIGHT, _trial_layout, inside_anyway, least_share, strip

__all__ = ["close_ticks", "last_strips"]

#: A strip that keeps the Axes less than its share but this much is better than a legend over the curves (ten
#: classifiers' 15 entries under a 3.5 x 2.8 in figure at 6.5 pt: 47 %); less, the legend goes inside.
_LEAST_SHARE = 0.4
#: The terse strip's last style: ``TIGHT`` in narrower columns (a dashed sample still shows two dashes) and rows.
_TIGHTER = {**TIGHT, "labelspacing": 0.1, "handlelength": 1.0, "handletextpad": 0.3, "columnspacing": 0.5}


def close_ticks(ax):
    """Put the x tick labels of ``ax`` at their pad from the spine when its x ticks are not drawn; True then.

    A hidden tick still has its length, and the label keeps that distance
    (matplotlib pads a label by the tick's length whether it is drawn or
    not).  The y labels keep theirs: both rows against their spines, the
    first x label and the lowest y label meet at the corner (int-05's
    "0.0" on "1e-3").
    """
    axis = ax.xaxis
    ticks = axis.get_major_ticks()[:1] + axis.get_minor_ticks()[:1]
    if (not ticks or any(t.tick1line.get_visible() or t.tick2line.get_visible() for t in ticks)
            or not any(t.get_tick_padding() > 0 for t in ticks)):
        return False
    axis.set_tick_params(which="both", length=0, pad=ticks[0].get_pad())  # minor labels on the majors' row
    return True


def _crowded_strip(ax, handles, labels, given, renderer, best, least):
    """The strip in its terse form (:func:`~._legend_strip.strip`, ``areas="terse"``), after :func:`close_ticks`.

    Returned when it keeps the Axes ``MIN_CELL_SHARE`` of its cell, or at
    least ``least`` and more than ``best`` (the most the strips before
    kept); else removed, and None (the ticks stay against the spines:
    every strip drawn after keeps more).
    """
    close_ticks(ax)
    _trial_layout(ax.figure, [ax])
    lg = strip(ax, handles, labels, given, renderer, areas="terse", tight=_TIGHTER)
    share = least_share([ax], lg, renderer)
    if share >= MIN_CELL_SHARE or least <= share > best:
        return lg
    lg.remove()
    return None


def last_strips(ax, handles, labels, given, moving, renderer, kept):
    """The legend of ``ax`` when neither its strip (which kept ``kept`` of the cell) nor a split one keeps the share.

    In turn: the strip headed by the areas' kind, the one at 6.5 pt, the
    crowded one (:func:`_crowded_strip`); else the strip that kept the
    most, if it keeps ``_LEAST_SHARE``; else the legend inside, over the
    least data (:func:`~._legend_strip.inside_anyway`).
    """
    fig = ax.figure
    kind, share = areas(labels)[1], 0.0
    if kind is not None:  # the areas' kind in a first entry (the other forms were tried before)
        _trial_layout(fig, [ax])  # from the Axes without a legend: the strips' heights foretold from there
        lg = strip(ax, handles, labels, given, renderer, areas="only")
        share = least_share([ax], lg, renderer)
        if share >= MIN_CELL_SHARE:
            return lg
        lg.remove()
    _trial_layout(fig, [ax])  # the smallest legible strip (big fonts' 0.4 stopped at 9.6 pt: int-04 went inside)
    lg = strip(ax, handles, labels, given, renderer, areas="only" if kind else False, floor=True)
    if least_share([ax], lg, renderer) >= MIN_CELL_SHARE:
        return lg
    lg.remove()
    lg = _crowded_strip(ax, handles, labels, given, renderer, max(kept, share), _LEAST_SHARE)
    if lg is not None:
        return lg
    if share >= _LEAST_SHARE and share >= kept:  # the areas' strip kept the most: drawn again
        _trial_layout(fig, [ax])
        return strip(ax, handles, labels, given, renderer, areas="only")
    if kept >= _LEAST_SHARE:  # the strip that kept the most, drawn again
        _trial_layout(fig, [ax])
        lg = strip(ax, handles, labels, given, renderer)
        if least_share([ax], lg, renderer) >= _LEAST_SHARE:
            return lg
        lg.remove()
    settle(fig)
    return inside_anyway(ax, handles, labels, given, moving, renderer)
