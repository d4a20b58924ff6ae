"""The entries of a shared legend: a name without one panel's numbers, and look-alike samples joined into one.

:func:`~skewplot.plotting.layout._legend.share_legend` names every entry by
:func:`entry_name` (``"good"`` for ``"good (AUCPR = 0.612)"``), so that the
panels of a figure add each classifier once, and joins the entries a reader
could not tell apart by :func:`merge_lookalikes`.
"""

from __future__ import annotations

import re

import numpy as np

from .._compat import dash_pattern

__all__ = ["split_prior", "PRIOR_MARK", "entry_name", "merge_lookalikes", "wrap_label", "strip_entries", "areas",
           "terse", "WRAP_CHARS"]

#: How a one-vs-rest class's curve name gives its prior (``"card fraud, π′=0.0319"``); a row names the class alone.
PRIOR_MARK = ", π′="
_CLASS_PRIOR = re.compile(r"^(.+?)(?:, π′=(\S+)|, π′ ∈ (\[[^\]]*\])(?:, [\w-]+)?)$")
_NUMBERS = re.compile(r"\s*\((?:[^()]*=[^()]*|[-+\d.eE, ]+)\)$")
AREA = re.compile(r"\(([^()=]+?)\s*=\s*([^()]+)\)$")  # "(AUCPR = 0.612)": the kind and the value


def split_prior(name):
    """``(class, prior text)`` of a curve named by :func:`~.._class_names.class_curve_name`; ``(name, None)``
    for any other name.

    >>> split_prior("card fraud, π′=0.0319"), split_prior("logistic")
    (('card fraud', '0.0319'), ('logistic', None))
    >>> split_prior("card fraud, π′ ∈ [0.01, 0.1], uniform")  # a class over a range of priors (P̄-R)
    ('card fraud', '[0.01, 0.1]')
    """
    found = _CLASS_PRIOR.match(str(name))
    if found is None:
        return str(name), None
    return found.group(1), found.group(2) or found.group(3)


def areas(labels):
    """``(indices, kind, values)`` of the labels that carry an area of the first one's kind.

    Examples
    --------
    >>> areas(["good (AUCPR = 0.612)", "random (0.01)", "bad (AUCPR = 0.1)", "chance (AUC = 0.5)"])
    ([0, 2], 'AUCPR', ['0.612', '0.1'])
    >>> areas(["card fraud, π′=0.0319 (AUCPR = 0.644)", "legitimate, π′=0.54 (AUCPR = 0.978)"])
    ([0, 1], 'AUCPR at π′', ['0.644 at 0.0319', '0.978 at 0.54'])
    """
    found = [(i, m) for i, label in enumerate(labels) if (m := AREA.search(str(label)))]
    if not found:
        return [], None, []
    kind = found[0][1].group(1).strip()  # the classifiers' kind (they come first); a baseline's "chance (AUC = 0.5)"
    found = [(i, m) for i, m in found if m.group(1).strip() == kind]  # is its own legend entry's business
    values = [m.group(2).strip() for _, m in found]
    # one-vs-rest classes each at its prior: the shared legend names the class, its panel gives area and prior
    priors = [split_prior(str(labels[i])[:m.start()].rstrip())[1] for i, m in found]
    if all(priors):
        kind, values = _at_priors(kind, values, priors)
    return [i for i, _ in found], kind, values


#: Past this many classes over ranges of priors, a panel's areas give the ranges by one rule in their heading:
#: ten lines "0.0913 at [0.00061, 0.00244]" stood in one column as tall as the panel (int-02 of review14).
MANY_RANGES = 5
_RANGE = re.compile(r"^\[(\S+), (\S+)\]$")


def _at_priors(kind, values, priors):
    """``(kind, values)`` of classes' areas each at its prior text (``"0.0319"`` or a range ``"[0.01, 0.04]"``).

    Ranges all alike: the range once, in the heading.  More than
    :data:`MANY_RANGES` ranges that are each ``[a, r a]`` for one ``r``
    (or that cut at 1, where a prior ends): the rule in the heading, each
    class's ``a`` beside its area, as its range writes it (a range cut at 1
    written whole) (int-02's ten lines went
    from one column as tall as the panel to two of five).  Else each area
    at its prior.

    Examples
    --------
    >>> _at_priors("AUCPR", ["0.5", "0.7"], ["0.01", "0.1"])
    ('AUCPR at π′', ['0.5 at 0.01', '0.7 at 0.1'])
    >>> _at_priors("AUCPR", ["0.5", "0.7"], ["[0.01, 0.1]", "[0.01, 0.1]"])
    ('AUCPR at π′ [0.01, 0.1]', ['0.5', '0.7'])
    >>> _at_priors("AUCPR", list("123456"), ["[0.269, 1]", "[0.124, 0.494]", "[0.058, 0.232]", "[0.0264, 0.106]",
    ...                                      "[0.0123, 0.0494]", "[0.00035, 0.0014]"])[1]
    ['1 at [0.269, 1]', '2, a=0.124', '3, a=0.058', '4, a=0.0264', '5, a=0.0123', '6, a=0.00035']
    """
    ranges = [_RANGE.match(p) for p in priors]
    if all(ranges) and len(set(priors)) == 1:
        return f"{kind} at π′ {priors[0]}", values
    if all(ranges) and len(values) > MANY_RANGES:
        bounds = [(float(m.group(1)), float(m.group(2))) for m in ranges]
        r = _one_factor(bounds)
        if r is not None:  # a range cut at 1 is not [a, r a]: it is written whole (review18)
            return f"{kind} at π′ [a, {r}a]", [f"{v} at {p}" if _cut(lo, hi, float(r)) else f"{v}, a={m.group(1)}"
                                              for v, p, m, (lo, hi) in zip(values, priors, ranges, bounds, strict=True)]
    return f"{kind} at π′", [f"{v} at {p}" for v, p in zip(values, priors, strict=True)]


_ROUNDING = 0.01  # two numbers of three significant digits: their ratio within this of the rule's


def _cut(lo, hi, r):
    """Whether the range ``(lo, hi)`` is ``[a, r a]`` cut at 1 rather than ``[a, r a]`` itself."""
    return hi >= 1 and abs(lo * r / hi - 1) > _ROUNDING


def _one_factor(bounds):
    """``r``, the shortest text of up to three significant digits for which every ``(lo, hi)`` of ``bounds`` is
    ``(a, min(r a, 1))`` up to the numbers' rounding; else None.

    >>> _one_factor([(0.269, 1.0), (0.124, 0.494), (0.0264, 0.106)]), _one_factor([(0.1, 0.4), (0.1, 0.2)])
    ('4', None)
    """
    ratios = sorted(hi / lo for lo, hi in bounds if 0 < lo < hi < 1)
    if not ratios or any(lo <= 0 or hi <= lo for lo, hi in bounds):
        return None
    for digits in (1, 2, 3):
        text = f"{ratios[len(ratios) // 2]:.{digits}g}"
        r = float(text)
        if all((hi >= 1 and lo * r >= 1 - _ROUNDING) or abs(lo * r / hi - 1) <= _ROUNDING for lo, hi in bounds):
            return text
    return None


def entry_name(label):
    """The name of a legend entry without the numbers of one panel.

    Examples
    --------
    >>> entry_name("good (AUCPR = 0.612)"), entry_name("random (0.0001)"), entry_name("trivial (always −, always +)")
    ('good', 'random', 'trivial (always −, always +)')
    >>> entry_name("card fraud, π′=0.0319 (AUCPR = 0.644)")  # a class at one panel's prior
    'card fraud'
    """
    return split_prior(_NUMBERS.sub("", label))[0]


#: The line lengths a strip's labels are wrapped to, in turn: only the longest entry (``"baseline logistic
#: regression (AUCPR = 0.001)"``) first, then every entry with numbers (``"(AUCPR = 0.033)"`` is 15 characters).
WRAP_CHARS = (30, 18)


def _halve(line):
    """``line`` broken at the space nearest its middle, outside mathtext (unchanged: no space)."""
    from ._figure import two_lines

    return two_lines(line, at_bracket=False).split("\n")


def wrap_label(label, width=WRAP_CHARS[-1]):
    r"""``label`` on several lines, so that a narrow legend strip can take two or three columns.

    A label longer than ``width`` breaks before the bracket of its
    numbers (``" (AUCPR = 0.033)"``, :func:`entry_name`), then every line
    still longer breaks at the space nearest its middle, until each line
    fits or has no space left.  A label already on several lines (a
    band's description) has its lines wrapped the same way.  The one place
    the wrapped form is made: a legend whose texts are rewritten (a
    Display's ``update``) wraps the new texts here again.

    Examples
    --------
    >>> wrap_label("baseline logistic regression (AUCPR = 0.001)")
    'baseline logistic\nregression\n(AUCPR = 0.001)'
    >>> wrap_label("model A (AUCPR = 0.033)"), wrap_label("random (0.0001)")
    ('model A\n(AUCPR = 0.033)', 'random (0.0001)')
    >>> wrap_label("legitimate, π′=0.54 (AUPRG = 0.9954)")  # a class's prior stays after its name
    'legitimate,\nπ′=0.54\n(AUPRG = 0.9954)'
    """
    lines = []
    for line in label.split("\n"):
        name = _NUMBERS.sub("", line)  # a class's prior stays with its name (entry_name would drop it)
        todo = [name, line[len(name):].strip()] if len(line) > width and name and name != line else [line]
        while todo:
            part = todo.pop(0)
            halves = _halve(part) if len(part) > width else [part]
            if len(halves) == 1:
                lines.append(part)
            else:
                todo[:0] = halves
    return "\n".join(line for line in lines if line)


#: The text of the one entry standing for the minimum achievable curve and the unachievable region under it.
BOTH_BASELINES = "minimum achievable, unachievable below"

#: A key's texts in the terse form of a crowded strip (:func:`terse`): what each sample is, in fewer characters.
#: The grey region under the dotted edge in the joined entry's sample is what lies below the minimum achievable.
_TERSE = ((re.compile(r"^(minimum achievable, unachievable below|minimum achievable)$"), "min. achievable"),
          (re.compile(r"^(\S+ %) pointwise bootstrap CI$"), r"\1 CI"),
          (re.compile(r"^mean (± 1 SD of \d+ folds)$"), r"\1"),
          (re.compile(r"^median, (\S+ %) quantiles of (\d+ folds)$"), r"\1 of \2"),
          (re.compile(r"^one (line|curve) per threshold$"), "each threshold"),
          (re.compile(r"^trivial \((always −, always \+)\)$"), r"\1"),
          (re.compile(r"^((?:\S+ partly on )?always) positive$"), r"\1 +"),
          (re.compile(r"^((?:\S+ partly on )?always) negative$"), r"\1 −"))

_SD_BAND = re.compile(r"^± 1 SD of \d+ folds$")  # a fold band's terse text: the areas' "±" with ten classifiers


def terse(text):
    """A key's ``text`` in the fewest characters that still say what its sample is (a classifier's: as it is).

    A baseline's area loses its kind (the strip's first entry names the
    classifiers' kind): ``"chance (AUC = 0.500)"`` is ``"chance (0.500)"``.

    Examples
    --------
    >>> [terse(t) for t in ("90 % pointwise bootstrap CI", BOTH_BASELINES, "one line per threshold",
    ...                     "trivial (always −, always +)", "* partly on always positive", "chance (AUC = 0.500)")]
    ['90 % CI', 'min. achievable', 'each threshold', 'always −, always +', '* partly on always +', 'chance (0.500)']
    """
    for pattern, short in _TERSE:
        text = pattern.sub(short, text)
    found = AREA.search(text)
    return text if found is None else f"{text[:found.start()].rstrip()} ({found.group(2).strip()})"


def strip_entries(handles, labels, wrap=None, compact=False):
    r"""What a legend strip shows of the entries ``(handles, labels)``: ``(handles, texts, stands_for)``.

    ``compact`` (a strip that does not fit otherwise): the dotted "minimum
    achievable" joins the "unachievable" region it bounds (one sample shows
    the grey region under its dotted edge, its text names both: every drawn
    line keeps an entry named for what it is), and a label on several lines
    keeps its first (a band's level and kind, ``"90 % pointwise bootstrap
    CI"``, without its method).  ``compact="areas"``: that, and the areas'
    kind said once, in a first entry of its own without a sample
    (``"AUCPR"``, then ``"good 0.5"``: a title would take a row).  ``compact="terse"``: that, and the key's texts
    in their fewest characters (:func:`terse`: ``"90 % CI"``, ``"min. achievable"``; a crowded strip's last
    form), and a fold band that is what the areas' ``±`` is joined to the first entry (``"ROC AUC ± 1 SD of 5
    folds"`` beside the band's sample).  ``wrap``: every text wrapped to that many
    characters (:func:`wrap_label`).  ``stands_for`` is the label each text
    shows (a Display rewrites its legend from its labels); ``handles`` may
    be None (texts only).

    Examples
    --------
    >>> handles, texts, stands_for = strip_entries(
    ...     None, ["good (AUCPR = 0.5)", "90 % CI\n(percentile)", "minimum achievable", "unachievable"],
    ...     wrap=18, compact=True)
    >>> texts
    ['good (AUCPR = 0.5)', '90 % CI', 'minimum\nachievable,\nunachievable below']
    >>> stands_for
    ['good (AUCPR = 0.5)', '90 % CI\n(percentile)', 'unachievable']
    """
    labels, texts_only = [str(label) for label in labels], handles is None
    handles = [None] * len(labels) if texts_only else list(handles)
    keep = list(range(len(labels)))
    texts = list(labels)
    if compact:
        if "minimum achievable" in labels and "unachievable" in labels:
            edge, region = labels.index("minimum achievable"), labels.index("unachievable")
            if handles[region] is not None:
                handles[region] = (handles[region], handles[edge])
            texts[region] = BOTH_BASELINES
            keep.remove(edge)
        texts = [text.split("\n")[0] for text in texts]
    kind, head = None, None
    if compact in ("areas", "terse"):
        found, kind, values = areas(texts)
        for i, value in zip(found, values, strict=True):
            texts[i] = f"{entry_name(texts[i])} {value}"
        if compact == "terse":
            texts = [text if i in found else terse(text) for i, text in enumerate(texts)]
            band = [i for i in keep if i not in found and _SD_BAND.match(texts[i])]
            if band and values and all("±" in value for value in values):  # the band is what "±" is: one entry
                head = (handles[band[0]], f"{kind} {texts[band[0]]}")  # "ROC AUC ± 1 SD of 5 folds"
                keep.remove(band[0])
    if wrap is not None:
        texts = [wrap_label(text, wrap) for text in texts]
    handles, texts, labels = [handles[i] for i in keep], [texts[i] for i in keep], [labels[i] for i in keep]
    if kind is not None:  # the kind heads the entries in a cell of its own: no title row
        from matplotlib.lines import Line2D

        handles.insert(0, None if texts_only else head[0] if head else Line2D([], [], linestyle="none"))
        texts.insert(0, head[1] if head else kind)
        labels.insert(0, kind)
    return handles, texts, labels


#: Two entries' colours closer than this in every RGBA channel look alike in a legend's short sample (greys
#: 0.35 and 0.5 do; the classifiers' palette colours differ by far more).
_ALIKE_RGBA = 0.2
_ALIKE_WIDTH = 0.6  # line widths (points) closer than this look alike


def _look(handle):
    """What a legend sample shows of ``handle``: ``(kind, dashes, marker, hatch, width, rgba)``, rgba apart."""
    from matplotlib.colors import to_rgba
    from matplotlib.lines import Line2D

    if isinstance(handle, Line2D):
        dashes = None
        if handle.get_linestyle() not in ("None", "none", "", " "):
            offset, seq = dash_pattern(handle)
            dashes = (round(float(offset), 2), tuple(round(float(v), 2) for v in seq or ()))
        return ("line", dashes, str(handle.get_marker()), None, float(handle.get_linewidth()),
                np.asarray(to_rgba(handle.get_color(), handle.get_alpha())))
    face = handle.get_facecolor()
    face = np.asarray(face, dtype=float).reshape(-1, 4)[0] if np.size(face) else np.zeros(4)
    hatch = handle.get_hatch() if hasattr(handle, "get_hatch") else None
    return ("fill", None, None, hatch, 0.0, face)


_GREY = 0.1  # a colour whose RGB channels lie within this of each other is a grey (a baseline's, a region's)


def _alike(a, b):
    return (a[:4] == b[:4] and abs(a[4] - b[4]) < _ALIKE_WIDTH
            and bool(np.all(np.abs(a[5] - b[5]) < _ALIKE_RGBA)))


def _grey(look):
    rgb = look[5][:3]
    return float(rgb.max() - rgb.min()) < _GREY


def merge_lookalikes(entries):
    """``{label: handle}`` with look-alike grey entries joined into one, labelled ``"a / b / c"`` (first handle kept).

    Only greys are joined: the panels' baselines ("random", "chance",
    "trivial ...") are drawn in greys, the classifiers in a palette's
    colours, and two classifiers are never one entry however close their
    colours (the colour-blind palette's orange and vermilion differ by 0.19
    in green: "gbm / svm" named two curves with one sample).

    Examples
    --------
    >>> from matplotlib.lines import Line2D
    >>> grey = dict(color="0.35", linestyle="--", linewidth=1.0)
    >>> merged = merge_lookalikes({"good": Line2D([], [], color="C0"), "random": Line2D([], [], **grey),
    ...                            "chance": Line2D([], [], **{**grey, "color": "0.5"})})
    >>> list(merged)
    ['good', 'random / chance']
    >>> list(merge_lookalikes({"gbm": Line2D([], [], color=(0.871, 0.561, 0.02)),
    ...                        "svm": Line2D([], [], color=(0.835, 0.369, 0.0))}))
    ['gbm', 'svm']
    """
    groups = []  # [look, [names], handle]
    for name, handle in entries.items():
        look = _look(handle)
        for group in groups:
            if _grey(look) and _grey(group[0]) and _alike(group[0], look):
                group[1].append(name)
                break
        else:
            groups.append([look, [name], handle])
    return {" / ".join(names): handle for _, names, handle in groups}
