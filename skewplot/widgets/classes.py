"""A one-vs-rest mapping, live: a class selector and that class's deployment prior.

:func:`interactive_classes` (also reached as ``interactive_pr(ovr)``) draws
every class against the rest at a prior vector and moves it with two
controls: ``class`` picks a class, ``skew`` sets its prior ``pi'_k``, and
the rest takes up the slack -- the other classes keep the proportions they
have in the starting vector, ``pi'_j = pi_j (1 - pi'_k) / (1 - pi_k)``.  A
step reweights the stored per-class counts (no sorting) and moves every
curve, since each class's rest is mixed at the new vector.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..metrics.multiclass import OneVsRest, check_priors
from ..metrics.precision import skew_model_of
from ..plotting._per_class import class_space_display
from ..plotting.pr import PRDisplay
from ..skew.base import skew_text
from ._base import SkewWidget, check_slider_bounds, normalized
from .controls import skew_slider

__all__ = ["OneVsRest", "interactive_classes", "class_priors", "ClassControls"]


def class_priors(base, cls, prior):
    """The prior vector with class ``cls`` at ``prior`` and the others scaled to fill ``1 - prior``.

    Examples
    --------
    >>> class_priors({"a": 0.5, "b": 0.3, "c": 0.2}, "a", 0.8)
    {'a': 0.8, 'b': 0.12, 'c': 0.08}
    """
    scale = (1.0 - prior) / (1.0 - base[cls])
    return {k: (prior if k == cls else round(p * scale, 15)) for k, p in base.items()}


class ClassControls:
    """The one-vs-rest controls of a widget: a class selector and that class's prior, the rest taking the slack.

    One path for :class:`InteractiveClasses` and the one-vs-rest explorer
    (:mod:`skewplot.widgets.class_explorer`): ``_start_classes`` checks the
    mapping and the starting vector, ``_class_controls`` makes the two
    controls, ``_class_step`` reads them into a prior vector.
    """

    def _start_classes(self, ovr, skew, slider_bounds, func):
        if not isinstance(ovr, OneVsRest):
            raise TypeError(f"{func} takes a OneVsRest (skewplot.one_vs_rest), got {type(ovr).__name__}")
        self.base = ovr.priors if skew is None else check_priors(skew, ovr.classes, "skew")
        if not all(0.0 < p < 1.0 for p in self.base.values()):
            raise ValueError(f"skew: every class prior must lie in (0, 1), got {self.base}")
        lo, hi = check_slider_bounds(slider_bounds)
        self.bounds = (min(lo, *self.base.values()), max(hi, *self.base.values()))

    def _lowest_prior(self):
        """The smallest prior any class reaches over the controls (another class's, the chosen one at the top)."""
        lowest = [p * (1.0 - self.bounds[1]) / (1.0 - self.base[k]) for k in self.base for j, p in self.base.items()
                  if j != k]
        return min(self.bounds[0], *lowest)

    def _class_controls(self, names):
        """The class dropdown (``names``: ``{shown name: class}``) and its prior slider, in ``controls``."""
        self._names = names
        first = next(iter(names.values()))
        self.controls["class"] = widgets.Dropdown(options=[(name, k) for name, k in names.items()],
                                                  value=first, description="class")
        self.controls["skew"] = skew_slider(self.base[first], lo=self.bounds[0], hi=self.bounds[1],
                                            description="its prior π′")
        return [self.controls["class"], self.controls["skew"]]

    def priors(self):
        """The prior vector the controls give (class ``controls["class"]`` at ``controls["skew"]``)."""
        return class_priors(self.base, self.controls["class"].value, float(self.controls["skew"].value))

    def _class_step(self, changed):
        """The prior vector of this step, or None when a new class reset the slider (that step draws it)."""
        if changed is not None and "class" in changed:  # a new class starts at its prior in the starting vector
            cls = self.controls["class"].value
            start = float(np.clip(self.base[cls], *self.bounds))
            if not np.isclose(self.controls["skew"].value, start, rtol=1e-12):
                self.controls["skew"].value = start
                return None
        return self.priors()

    def _name_of(self, cls):
        return next(name for name, k in self._names.items() if k == cls)


class InteractiveClasses(ClassControls, SkewWidget):
    """Every class of a one-vs-rest mapping at a prior vector, a class and its prior on controls."""

    def __init__(self, ovr, *, skew=None, slider_bounds=(1e-4, 0.9999), figsize=(6.0, 4.5), **kwargs):
        super().__init__()
        self._start_classes(ovr, skew, slider_bounds, "interactive_classes")
        kwargs.setdefault("skew_label", "title")
        _, ax = self._make_figure(figsize=figsize)
        self.displays["pr"] = class_space_display(PRDisplay, ovr, self.base, ax=ax, **kwargs)
        # the log precision axis' bottom below every prior the controls reach: no step moves the axis and costs
        # a full draw
        self.displays["pr"].set_floor_skew(self._lowest_prior())
        self._finish([self._class_controls(self.displays["pr"].class_names)])

    def _apply(self, changed):
        priors = self._class_step(changed)
        if priors is None:
            return
        disp = self.displays["pr"]
        disp.update(priors=priors, draw=False)
        rows = {}
        for name, k in self._names.items():
            amin = skew_model_of(None, priors[k]).aucpr_min()
            rows[name] = {"π′": priors[k], "AUC": disp.aucs_[name], "nAUC": normalized(disp.aucs_[name], amin)}
        cls = self.controls["class"].value
        self._set_readout(f"each class against the rest; {self._name_of(cls)} at π′ = {skew_text(priors[cls])}",
                          ["π′", "AUC", "nAUC"], rows)


def interactive_classes(ovr, *, skew=None, slider_bounds=(1e-4, 0.9999), figsize=(6.0, 4.5), **kwargs):
    """PR curves of every class of a one-vs-rest mapping, with a class selector and that class's prior.

    Parameters
    ----------
    ovr : OneVsRest
        From :func:`skewplot.one_vs_rest`.
    skew : mapping or PriorEstimate, optional
        The starting prior vector ``{class: prior}`` (the test set's when
        None); the other classes keep their proportions in it when one
        class's prior moves.
    slider_bounds : (float, float), default=(1e-4, 0.9999)
        The prior slider's ends (widened to hold every starting prior).
    figsize : (float, float), default=(6, 4.5)
    **kwargs
        Passed to :class:`~skewplot.plotting.pr.PRDisplay` (``interpolation``, ``log_precision`` ...).

    Returns
    -------
    SkewWidget
        ``controls["class"]`` (Dropdown), ``controls["skew"]`` (the chosen
        class's prior), ``displays["pr"]`` (``update(priors=...)`` moves it),
        ``readouts_`` (prior, AUC and nAUC per class) and ``priors()``.

    Examples
    --------
    >>> import numpy as np, skewplot as sp
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 3, 300)
    >>> ovr = sp.one_vs_rest(y, rng.random((300, 3)) + 0.5 * np.eye(3)[y])
    >>> w = sp.widgets.interactive_pr(ovr)
    >>> w.controls["class"].value = 2
    >>> w.controls["skew"].value = 0.05
    >>> round(w.readouts_["2"]["AUC"], 6) == round(sp.aucpr(ovr, skew=w.priors())[2], 6)
    True
    """
    return InteractiveClasses(ovr, skew=skew, slider_bounds=slider_bounds, figsize=figsize, **kwargs)
