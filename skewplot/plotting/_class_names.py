"""What a one-vs-rest figure writes of its classes: a curve's name (its class and prior), a panel's title, a PR
panel's y label, and the errors of a skew of the wrong kind.

A class drawn at a fixed prior is named ``"card fraud, π′=0.0319"``.  In a
row or grid of panels the shared legend names it by its class alone, and
keeps its colour in every panel (:func:`split_prior`); the prior goes to
the panel's own legend beside the class's area (``0.644 at 0.0319``), and
the panel's title its rarest and commonest classes (:func:`title_priors`).
The name was first spelled with an ASCII apostrophe (``"card fraud,
π'=0.0319"``); a display's mappings keyed by curve name still take that
spelling (:class:`CurveNames`).
"""

from __future__ import annotations

from ..skew import FixedSkew
from ..skew.base import skew_text
from .layout._figure import fit_label
from .layout._legend_entries import PRIOR_MARK, split_prior

__all__ = ["class_curve_name", "CurveNames", "split_prior", "title_priors", "plot_with_priors", "refuse_class_ranges",
           "refuse_skew_update", "PR_YLABELS", "RANGES_YLABELS", "fit_class_ylabel"]


#: A per-class PR display's y label, from the widest to the narrowest that fits.
PR_YLABELS = ("Precision $P$ (each class at its prior π′)", "Precision $P$ (at π′)", "Precision $P$")
#: The same of classes each over a range of priors: their mean precision over it (int-01 read "at its prior").
RANGES_YLABELS = ("Precision $\\bar{P}$ (each class over its π′ range)", "Precision $\\bar{P}$ (over π′)",
                  "Precision $\\bar{P}$")


def fit_class_ylabel(ax, models):
    """The y label of a per-class PR display of ``models`` on ``ax``: at priors, or over ranges of them.

    Over ranges each form keeps one line: the long form on two took the
    width a row's titles need (int-02 on matplotlib 3.8: "9 [0.00035, 0.0014]").
    """
    fixed = all(isinstance(m, FixedSkew) for m in models.values())
    fit_label(ax.yaxis, *(PR_YLABELS if fixed else RANGES_YLABELS), lines=fixed)


_OLD_MARK = ", π'="  # the ASCII spelling of PRIOR_MARK that curve names had first


class CurveNames(dict):
    """A dict keyed by curve name that also takes a class's name in its old spelling, ``"card fraud, π'=0.0319"``
    for ``"card fraud, π′=0.0319"`` (and ``"random card fraud, π'=0.0319"`` for that class's baseline).

    Lookups, ``in``, ``get``, assignment, ``del`` and ``pop`` take either
    spelling; the keys (iteration, ``keys()``, ``items()``, ``len``) are the
    new spelling alone, each curve once.

    Examples
    --------
    >>> aucs = CurveNames({"card fraud, π′=0.0319": 0.64})
    >>> aucs["card fraud, π'=0.0319"], "card fraud, π'=0.0319" in aucs, list(aucs)
    (0.64, True, ['card fraud, π′=0.0319'])
    """

    __slots__ = ()

    @staticmethod
    def _key(key):
        return key.replace(_OLD_MARK, PRIOR_MARK) if isinstance(key, str) else key

    def __missing__(self, key):
        new = self._key(key)
        if new == key:
            raise KeyError(key)
        return dict.__getitem__(self, new)

    def __contains__(self, key):
        return dict.__contains__(self, self._key(key))

    def __setitem__(self, key, value):
        dict.__setitem__(self, self._key(key), value)

    def __delitem__(self, key):
        dict.__delitem__(self, self._key(key))

    def get(self, key, default=None):
        return dict.get(self, self._key(key), default)

    def pop(self, key, *default):
        return dict.pop(self, self._key(key), *default)

    def setdefault(self, key, default=None):
        return dict.setdefault(self, self._key(key), default)


def class_curve_name(k, model):
    """The name of class ``k``'s curve under ``model``: its prior, or the model's description (a range).

    >>> class_curve_name("card fraud", FixedSkew(0.0319))
    'card fraud, π′=0.0319'
    """
    if isinstance(model, FixedSkew):
        return f"{k}{PRIOR_MARK}{skew_text(model.value)}"
    return f"{k}, {model.describe().removesuffix(', uniform')}"  # the default weighting: a legend's 40 characters


def title_priors(ax, models):
    """Title ``ax``, a panel of a row or grid (not a widget's page), with its rarest and commonest classes.

    Its space titled it with one data set's positive rate, which a one-vs-rest panel does not have.
    """
    from ._titles import fit_title
    from .layout._legend import is_page, panels

    priors = {name: m.mean for name, m in (models or {}).items() if split_prior(name)[1] is not None}
    if priors and len(panels(ax.figure)) > 1 and not is_page(ax.figure):
        (rare, lo), (common, hi) = (split_prior(f(priors, key=priors.get)) for f in (min, max))
        fit_title(ax, *_rarest_forms(rare, lo, common, hi, [split_prior(name)[0] for name in priors]))


def _rarest_forms(rare, lo, common, hi, classes):
    """The forms of a one-vs-rest panel's title, the fullest first: its rarest and commonest classes and their priors.

    The classes at the ends tell apart two vectors of one span (the test set's priors and their reversal).  A narrow
    panel keeps the rarest class's name whole on a line of its own, the prior on the next; narrower, the name's first
    words where they name no other class; never the prior cut (cost-01 of review14 read "π′ 0.0009"), nor the name
    cut with an ellipsis ("rarest account t… at 0.001" was rejected by the review of ovr68).  Without commas but the
    first's: a form's trailing clauses are dropped while it is too wide (:func:`~._titles.fit_title`).

    Examples
    --------
    >>> forms = _rarest_forms("account takeover", "0.001", "legitimate", "0.9", ["legitimate", "account takeover"])
    >>> print(forms[0]); print(forms[2]); print(forms[4])
    rarest account takeover at π′ 0.001, commonest legitimate at 0.9
    rarest account takeover
    at π′ 0.001
    rarest account
    at π′ 0.001
    """
    forms = [f"rarest {rare} at π′ {lo}, commonest {common} at {hi}", f"rarest {rare} at {lo}",
             f"rarest {rare}\nat π′ {lo}", f"{rare}\nrarest at π′ {lo}"]
    short = _first_words(rare, classes) or rare  # (a form each, as every panel's: a row takes one form's index)
    forms += [f"rarest {short}\nat π′ {lo}", f"{short}\nrarest at π′ {lo}", f"{rare}\nπ′ {lo}", f"{short}\nπ′ {lo}"]
    return (*forms, f"π′ {lo}")


def _first_words(name, classes):
    """The fewest first words of ``name`` that begin no other of ``classes`` (None: only the whole name does).

    >>> _first_words("account takeover", ["account fraud", "account takeover", "card"]), _first_words("9", ["9"])
    (None, None)
    >>> _first_words("identity theft", ["legitimate", "identity theft"])
    'identity'
    """
    words = name.split(" ")
    for k in range(1, len(words)):
        head = " ".join(words[:k])
        if not any(other != name and (other == head or other.startswith(head + " ")) for other in classes):
            return head
    return None


def plot_with_priors(disp, models, ax=None, **kwargs):
    """``disp.plot(ax=ax, **kwargs)`` with the panel titled by :func:`title_priors`, before (its areas' block
    goes under a title the panel has when the plot places it) and after (over the space's own title).

    With ``models`` (classes named with their priors), the display's mappings keyed by curve name
    (``points``, ``lines_``, ``aucs_``, ``baselines_``, ...) become :class:`CurveNames` first.
    """
    if models is not None:
        for attr, value in list(vars(disp).items()):  # every mapping its __init__ made (filled in place later)
            if type(value) is dict and (attr == "points" or attr.endswith("_") and not attr.startswith("_")):
                setattr(disp, attr, CurveNames(value))
    if ax is not None:
        title_priors(ax, models)
    disp.plot(ax=ax, **kwargs)
    title_priors(disp.ax_, models)
    return disp


def refuse_class_ranges(models, func):
    """``{name: prior}`` of per-class fixed priors, or a ValueError: ``func``'s space marks one prior per class."""
    if models is None:
        return None
    ranged = [name for name, m in models.items() if not isinstance(m, FixedSkew)]
    if ranged:
        raise ValueError(f"{func}: a one-vs-rest mapping takes a prior vector {{class: prior}} (or a PriorEstimate) "
                         "here, one prior per class; ranges of priors are for plot_pr / plot_integrated_pr and "
                         "plot_prg")
    return {name: m.value for name, m in models.items()}


def refuse_skew_update(params):
    """A TypeError for ``update(skew=...)`` of a display that draws each class at its own prior."""
    if params.get("skew") is not None:
        raise TypeError("update(skew=...): this display draws each class of a one-vs-rest mapping at its own "
                        "prior; draw it again with skew={class: prior}")
