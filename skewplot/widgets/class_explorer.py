"""The explorer on a one-vs-rest mapping: every space at a prior vector, a class and its prior on controls.

:func:`skewplot.widgets.explorer` given a :class:`~skewplot.metrics.multiclass.OneVsRest`
builds a :class:`ClassExplorer`.  Its controls are those of
:func:`~skewplot.widgets.classes.interactive_classes` (one path,
:class:`~skewplot.widgets.classes.ClassControls`): a class selector and that
class's prior, the other classes keeping their starting proportions.  A step
reweights the stored per-class counts once per space (no sorting) and moves
PR, ROC, cost and F space; the P̄-R and AUCPR-against-prior panels are drawn
once (see :func:`class_explorer`).
"""

from __future__ import annotations

import numpy as np

from .._validate import check_bool
from ..metrics.precision import skew_model_of
from ..plotting._per_class import class_space_display
from ..plotting.envelope import auto_lines
from ..skew.base import skew_text
from ._base import SkewWidget, normalized
from ._layout import explorer_panels
from ._shared_legend import RefitsSharedLegend, shared_legend
from .classes import ClassControls
from .controls import check_skew_range, f_alpha_slider, m_slider
from .spaces import envelope_readout

__all__ = ["ClassExplorer", "class_explorer"]

_COLUMNS = ["π′", "AUCPR(π′)", "nAUCPR(π′)", "ROC AUC", "cost area", "F area"]

#: The saved page's prior moves on every this many steps of the live slider (see ``ClassExplorer.save_html``).
_PAGE_STEP = 5

#: Why the one-vs-rest explorer has no threshold control (its docstring says the same).
_NO_THRESHOLD = ("threshold_control: the one-vs-rest explorer has no threshold control. The binary control marks "
                 "one score threshold per classifier and reads it at one skew; a one-vs-rest deployment decides "
                 "for every row at once (the argmax under the new priors, or per-class thresholds whose positives "
                 "overlap), so a mark per class curve would not show the decision it makes. "
                 "sp.choose_threshold(ovr, skew=priors, ...) and sp.report_at(...) give per-class thresholds or "
                 "target='argmax', with the expected confusion matrix per 10 000 cases")


class ClassExplorer(ClassControls, RefitsSharedLegend, SkewWidget):
    """PR, P̄-R, cost, F, ROC and AUCPR-against-prior panels of a one-vs-rest mapping.  See :func:`class_explorer`."""

    def __init__(self, ovr, *, skew=None, skew_range=(0.0, 0.5), f_alpha=None, beta=None, m=0.5,
                 slider_bounds=(1e-4, 0.9999), figsize=None, prg=False, threshold_control=False):
        from .. import plotting
        from ..metrics.fweight import resolve_f_weight
        from ..plotting.cost import CostDisplay
        from ..plotting.fmeasure import FMeasureDisplay
        from ..plotting.pr import PRDisplay
        from ..plotting.prg import PRGDisplay
        from ..plotting.roc import ROCDisplay

        super().__init__()
        prg = check_bool(prg, "prg")
        if check_bool(threshold_control, "threshold_control"):
            raise ValueError(_NO_THRESHOLD)
        self._start_classes(ovr, skew, slider_bounds, "explorer")
        pair = check_skew_range(skew_range, name="skew_range")
        self.controls["f_alpha"] = f_alpha_slider(resolve_f_weight(f_alpha, beta))
        self.controls["m"] = m_slider(m)
        panels = explorer_panels(self, prg, figsize)  # the binary explorer's panels, PRG beside PR
        fig = self.figure
        a_pr, a_prg, a_int, a_roc = panels["pr"], panels.get("prg"), panels["integrated"], panels["roc"]
        a_cost, a_f, a_skew = panels["cost"], panels["fmeasure"], panels["aucpr_vs_skew"]
        low = self._lowest_prior()
        bounds = (low, self.bounds[1])  # every class's marker stays on the cost and F axes
        d = self.displays
        d["pr"] = class_space_display(PRDisplay, ovr, self.base, ax=a_pr, skew_label="title")
        d["pr"].set_floor_skew(low)
        at_start = ovr.at_priors(self.base)
        colors = [line.get_color() for line in d["pr"].lines_.values()]  # each class in its colour in every panel
        d["integrated"] = plotting.plot_pr(at_start, skew=pair, skew_label="title", ax=a_int, palette=colors)
        # one classifier's number of thin lines, shared among the classes: a prior step redraws every class's
        # lines, and K times one classifier's doubled the step's painting (and overlap into a grey mass)
        share = {"max_lines": max(10, auto_lines(a_cost) // len(ovr)), "skew_bounds": bounds}
        d["cost"] = class_space_display(CostDisplay, ovr, self.base, ax=a_cost, m=m, **share)
        d["fmeasure"] = class_space_display(FMeasureDisplay, ovr, self.base, ax=a_f,
                                            f_alpha=self.controls["f_alpha"].value, **share)
        d["roc"] = class_space_display(ROCDisplay, ovr, self.base, ax=a_roc)
        if prg:  # each class's gains at its own prior; the unit square at every step (the slider moves curves)
            d["prg"] = class_space_display(PRGDisplay, ovr, self.base, ax=a_prg, scale="linear", palette=colors)
        names = d["pr"].class_names
        skews = np.geomspace(min(low, 1e-4), max(self.bounds[1], 0.9999), 241)
        # one call a class: the points where two classes' curves cross are no ranking inversion (each class's
        # curve runs over its own prior), so none is marked
        per_class = [plotting.plot_aucpr_vs_skew({name: at_start[k]}, skews=skews, ax=a_skew,
                                                 palette=[color])
                     for (name, k), color in zip(names.items(), colors, strict=True)]
        d["aucpr_vs_skew"], self.class_aucpr_ = per_class[0], per_class[1:]
        a_skew.set_xlabel("Prior π′ of a class")
        self.skew_line_ = a_skew.axvline(self.base[next(iter(names.values()))], color="0.3", linestyle=":",
                                         linewidth=1.0)
        self._moving_extra.append(self.skew_line_)
        self.legend_, self._legend_entries = shared_legend(fig, d)
        self._live = ["pr", "cost", "fmeasure", "roc", *(["prg"] if prg else [])]
        row = self._class_controls(names)
        self._finish([row, [self.controls["f_alpha"], self.controls["m"]]], side_by_side=False)

    def _page_controls(self):
        """The saved page steps the class and its prior; the F weight and ``m`` keep their live values."""
        return ["class", "skew"]

    def save_html(self, path, *, max_frames=1000, title=None, progress=True):
        """Write the explorer as one self-contained HTML page: a frame per class and prior, painted here.

        The page opens at the live state and steps what the live controls
        step: the class and its prior, the other classes taking the slack
        as they do here.  Each frame and each table is this explorer's own
        at that state (:func:`skewplot.widgets.page.export.save_html`), so
        every number on the page is the kernel's.  The F weight and ``m``
        keep their live values (the table's title says them): frames of
        every combination of four controls would not fit a page.  The
        prior moves on every fifth step of the live slider's grid
        (10 a decade, each a state the live slider reaches from the live
        value): every panel but two moves on a prior step, and a frame of
        the explorer is about 120 kB.

        Parameters and returns as :func:`skewplot.widgets.page.export.save_html`.
        """
        from .controls import grid_min

        slider = self.controls["skew"]
        fine, low = slider.step, slider.min
        try:
            with slider.hold_trait_notifications():  # a coarse grid through the live value
                slider.step = fine * _PAGE_STEP
                slider.min = grid_min(float(slider.value), slider.lo, slider.step)
            return super().save_html(path, max_frames=max_frames, title=title, progress=progress)
        finally:
            with slider.hold_trait_notifications():
                slider.min, slider.step = low, fine

    def _apply(self, changed):
        c, d = self.controls, self.displays
        changed = set(c) if changed is None else changed
        if changed & {"class", "skew"}:
            priors = self._class_step(changed)
            if priors is None:
                return
            self.skew_line_.set_xdata([priors[c["class"].value]] * 2)
            for key in ("pr", "roc", "prg"):
                if key in d:
                    d[key].update(priors=priors, draw=False)
            d["cost"].update(priors=priors, m=float(c["m"].value), draw=False)
            d["fmeasure"].update(priors=priors, f_alpha=float(c["f_alpha"].value), draw=False)
        if "m" in changed:
            d["cost"].update(m=float(c["m"].value), draw=False)
        if "f_alpha" in changed:
            d["fmeasure"].update(f_alpha=float(c["f_alpha"].value), draw=False)
        self._readout()

    def _moved_axes(self, changed):
        if changed & {"class", "skew"}:
            return [self.skew_line_] + [a for key in self._live for a in self.displays[key]._changed_artists(
                ("priors", "m", "f_alpha"))]
        key, param = ("cost", "m") if "m" in changed else ("fmeasure", "f_alpha")
        return self.displays[key]._changed_artists((param,))

    def _readout(self):
        d, priors = self.displays, self.displays["pr"].priors
        _, cost = envelope_readout("cost", d["cost"])
        _, fm = envelope_readout("fmeasure", d["fmeasure"])
        rows = {}
        for name, k in self._names.items():
            at = d["pr"].aucs_[name]
            rows[name] = {"π′": priors[k], "AUCPR(π′)": at,
                          "nAUCPR(π′)": normalized(at, skew_model_of(None, priors[k]).aucpr_min()),
                          "ROC AUC": d["roc"].aucs_[name], "cost area": cost.get(name, {}).get("area"),
                          "F area": fm.get(name, {}).get("area")}
            if "prg" in d:
                rows[name]["AUPRG(π′)"] = d["prg"].aucs_[name]
        cls = self.controls["class"].value
        title = (f"each class against the rest; {self._name_of(cls)} at π′ = {skew_text(priors[cls])}, "
                 f"f_alpha = {self.controls['f_alpha'].value:.2f}, m = {self.controls['m'].value:.2f}")
        self._set_readout(title, _COLUMNS + (["AUPRG(π′)"] if "prg" in d else []), rows)


def class_explorer(ovr, *, skew=None, skew_range=(0.0, 0.5), f_alpha=None, beta=None, m=0.5,
                   slider_bounds=(1e-4, 0.9999), figsize=None, prg=False, threshold_control=False):
    """Every space of a one-vs-rest mapping at a prior vector, with a class selector and that class's prior.

    What :func:`skewplot.widgets.explorer` builds from a
    :class:`~skewplot.metrics.multiclass.OneVsRest`.  The controls are
    :func:`~skewplot.widgets.classes.interactive_classes`' (``class`` and
    its prior ``skew``; the other classes keep their starting proportions,
    ``pi'_j = pi_j (1 - pi'_k) / (1 - pi_k)``), with the F weight and the
    cost weight ``m``.  A step reweights the stored per-class counts
    (:meth:`~skewplot.metrics.multiclass.OneVsRest.at_priors`; no sorting)
    and moves every class in PR, ROC, cost and F space, since each class's
    rest is mixed at the new vector.

    Panels: PR at the prior vector (each class's random baseline in its
    colour), P̄-R of each class over ``skew_range``, cost and F space (each
    class's marker at its prior), ROC, and AUCPR against the prior.  P̄-R
    and AUCPR against the prior are drawn once, with each class's rest as
    the *starting* vector mixes it: moving one class's prior scales the
    others together, so the chosen class's rest keeps that composition and
    its P̄-R curve and AUCPR-against-prior curve are exact at every step
    (the vertical line marks its prior); the other classes' are those of
    the starting vector.  Crossings of two classes' AUCPR curves are not
    marked: each class's curve runs over its own prior, so they are no
    ranking inversion.  With ``prg=True`` a precision-recall-gain panel
    beside PR draws each class's gains at its own prior (moved by every
    step, as PR is).

    There is no threshold control (``threshold_control=True`` is refused by
    name): the binary explorer's control marks one score threshold per
    classifier and reads it at one skew, but a one-vs-rest deployment
    decides for every row at once -- by the argmax under the new priors, or
    by per-class thresholds whose positives overlap -- so a mark on each
    class's curve would not show the decision the deployment makes.
    :func:`skewplot.choose_threshold` and :func:`skewplot.report_at` on the
    mapping give per-class thresholds or ``target="argmax"`` with the
    expected confusion matrix per 10 000 cases and its intervals.

    Parameters
    ----------
    ovr : OneVsRest
        From :func:`skewplot.one_vs_rest`.
    skew : mapping or PriorEstimate, optional
        The starting prior vector ``{class: prior}`` (the test set's when None).
    skew_range : (float, float), default=(0.0, 0.5)
        The range of each class's prior the P̄-R panel averages over.
    f_alpha, beta : float, optional
        The starting F weight (F1 by default), as :func:`explorer` takes it.
    m : float in [0, 1], default=0.5
    slider_bounds : (float, float), default=(1e-4, 0.9999)
        The prior slider's ends (widened to hold every starting prior).
    figsize : (float, float), optional
        (5.4, 10.6) with the PRG panel, else (5.4, 8.0).
    prg : bool, default=False
        Add the precision-recall-gain panel (each class's gains at its prior).
    threshold_control : bool, default=False
        True is refused by name: see above.

    Returns
    -------
    ClassExplorer
        ``controls``: ``"class"``, ``"skew"``, ``"f_alpha"``, ``"m"``;
        ``displays``: ``"pr"``, ``"integrated"``, ``"cost"``, ``"fmeasure"``,
        ``"roc"``, ``"aucpr_vs_skew"`` and with ``prg=True`` ``"prg"`` (the
        ``update(priors=...)`` of PR, cost, F, ROC and PRG is a step);
        ``priors()``; ``readouts_`` (per class: its prior, AUCPR and nAUCPR
        at it, ROC AUC, cost and F areas, and AUPRG with the PRG panel).

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 3, 300)
    >>> ovr = sp.one_vs_rest(y, rng.random((300, 3)) + 0.5 * np.eye(3)[y])
    >>> w = sp.widgets.explorer(ovr, skew={0: 0.6, 1: 0.3, 2: 0.1})
    >>> w.controls["class"].value = 2
    >>> w.controls["skew"].value = 0.02
    >>> {k: round(p, 4) for k, p in w.priors().items()}
    {0: 0.6533, 1: 0.3267, 2: 0.02}
    >>> round(w.readouts_["2"]["AUCPR(π′)"], 6) == round(sp.aucpr(ovr, skew=w.priors())[2], 6)
    True
    """
    return ClassExplorer(ovr, skew=skew, skew_range=skew_range, f_alpha=f_alpha, beta=beta, m=m,
                         slider_bounds=slider_bounds, figsize=figsize, prg=prg, threshold_control=threshold_control)
