"""What a plot or widget is given, turned into classifiers: the one input rule.

Every ``plot_*`` function and every widget passes its inputs through
:func:`classifiers`, which returns ``{name: OperatingPoints}`` -- or
``{name: [OperatingPoints, ...]}`` for a classifier given as folds.

The rule (also in ``docs/guide/inputs.rst``):

* one classifier: ``f(pts)`` or ``f(y_true, y_score)`` (arrays, with
  ``sample_weight`` and ``pos_label``);
* several classifiers: shared labels and a mapping of scores
  ``f(y_true, {"logistic": s1, "gbm": s2})`` (with a table, a mapping of
  score columns ``f(data=df, y_true="label", y_score={"a": "s1", "b": "s2"})``),
  a mapping of points ``f({"good": pts_a, "weak": pts_b})``, or a tidy
  table ``f(data=df, y_true="label", y_score="score", hue="model")``;
* folds (a mean curve with a band) only when asked for by name:
  ``units="fold"`` with a table or arrays, ``folds=[...]`` (or
  ``folds={"model": [...]}``) with operating points;
* a bare list of OperatingPoints is refused with a message showing both
  spellings, and so is a list inside a mapping: nothing is averaged
  silently.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ._tables import is_table, points_by_group
from .points import OperatingPoints, operating_points

__all__ = ["classifiers", "one_classifier", "two_scores", "skew_by_name", "INPUT_PARAMS", "METRIC_INPUT_PARAMS",
           "is_bounded", "refuse_positional_skew", "keyword_after_points"]

#: numpydoc text of the input parameters every plot_* function and widget shares.
INPUT_PARAMS = """\
    data : OperatingPoints, mapping, DataFrame or array-like, optional
        What to plot: one classifier's OperatingPoints; a mapping
        ``{name: OperatingPoints}`` (one curve each); the labels ``y_true``
        shared by several classifiers, with ``y_score`` a mapping
        ``{name: scores}``; a tidy table (pandas,
        polars, ... or a dict of columns) whose columns ``y_true``,
        ``y_score``, ``hue``, ``units``, ``sample_weight`` name; or the
        labels ``y_true`` as an array, with the scores as ``y_score``.  A
        bare list of OperatingPoints is refused: give a mapping for
        separate classifiers, ``folds=`` for folds of one.
    y_score : array-like, str or mapping, optional
        Scores (larger means more positive): an array, or a column of
        ``data``; a mapping ``{name: scores}`` (arrays or columns) for
        several classifiers on the same labels, one curve each, as
        ``{name: operating_points(y_true, scores)}`` draws.
    y_true : array-like or str, optional
        Labels, when ``data`` is a table (a column name) or None (an array).
    hue : str or array-like, optional
        Column (or array) naming the classifier of each row: one curve per
        level, ordered as seaborn orders ``hue``.
    units : str or array-like, optional
        Column (or array) naming the cross-validation fold of each row:
        each classifier is drawn as the mean over its folds with a band.
    folds : list of OperatingPoints or mapping of str to such lists, optional
        Folds given as operating points (the points-side twin of ``units``).
    sample_weight : array-like or str, optional
        Non-negative weights (array, or column of ``data``).
    pos_label : scalar, optional
        The positive class, when the labels are not {0, 1}, {-1, 1} or bool.
    hue_order : sequence, optional
        Which ``hue`` levels to draw, in this order.
    palette : str, list, dict or seaborn palette, optional
        Colours, as seaborn's ``palette=``: a palette name
        (``"colorblind"``), a list of colours, or a dict level -> colour.
        None takes the current colour cycle (see :func:`skewplot.set_theme`).
    name : str, optional
        Legend name of a single classifier (default ``"classifier"``).
"""

#: numpydoc text of the input parameters every metric and interval of one classifier shares.
METRIC_INPUT_PARAMS = """\
    data : OperatingPoints, BoundedOperatingPoints, DataFrame or array-like, optional
        The classifier, given as every plot takes it: its operating points;
        a table (pandas, polars, ... or a dict of columns) whose columns
        ``y_true=`` and ``y_score=`` name; or the labels, with the scores
        as ``y_score``.
    y_score : array-like or str, optional
        Scores (an array, or a column of ``data``).  A skew is never given
        here: it goes by name, ``skew=``.
    y_true : array-like or str, optional
        Labels, when ``data`` is a table (a column name) or None (an array).
    sample_weight : array-like or str, optional
        Non-negative weights (array, or column of ``data``).
    pos_label : scalar, optional
        The positive class, when the labels are not {0, 1}, {-1, 1} or bool.
"""

_BARE_LIST = (
    "{arg} is a list of {n} OperatingPoints; say what they are. Separate classifiers: "
    "{func}({{'model A': pts_a, 'model B': pts_b}}) (or data=table, hue='model'); "
    "folds of one classifier: {func}(folds=[fold_1, fold_2, ...]) (or data=table, units='fold')."
)


def is_bounded(value):
    """Whether ``value`` is a :class:`~skewplot.BoundedOperatingPoints` (or a mapping of them): binned scores."""
    if isinstance(value, Mapping) and value:
        return all(hasattr(v, "_bracketed_area") for v in value.values())
    return hasattr(value, "_bracketed_area")


def _looks_like_skew(value, pairs=True):
    """A number, a skew model, an estimate (or, with ``pairs``, a pair of numbers): a skew in y_score's place."""
    from ..skew import SkewModel, _is_estimate

    if isinstance(value, (SkewModel, float, int, np.floating, np.integer)) or _is_estimate(value):
        return not isinstance(value, bool)
    return pairs and isinstance(value, (tuple, list)) and len(value) == 2 and all(
        isinstance(v, (float, int, np.floating, np.integer)) and not isinstance(v, bool) for v in value)


def refuse_positional_skew(data, y_score, func, skew_arg):
    """Refuse a skew given as the second argument (the scores' place), naming the keyword it belongs to.

    A pair is taken for a skew range unless ``data`` holds exactly two labels (then it is their scores).
    """
    two_labels = hasattr(data, "__len__") and not isinstance(data, Mapping) and np.ndim(data) == 1 and len(data) == 2
    if y_score is not None and _looks_like_skew(y_score, pairs=not two_labels):
        raise TypeError(
            f"{func}(): the second argument is y_score (the scores, after the labels), got {y_score!r}; "
            f"a skew goes by name: {func}(..., {skew_arg}={y_score!r})"
        )


def skew_by_name(func):
    """Decorator: a skew given after the scores (``aucprg(y, s, 0.1)``) is refused naming its keyword.

    Python's own message ("takes from 0 to 2 positional arguments but 3
    were given") did not say where the skew goes.  The keyword is the
    function's first keyword-only ``skew*`` parameter.
    """
    import functools
    import inspect

    params = list(inspect.signature(func).parameters.values())
    n_pos = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
    keyword = next(p.name for p in params if p.kind is p.KEYWORD_ONLY and p.name.startswith("skew"))

    @functools.wraps(func)
    def inner(*args, **kwargs):
        if len(args) > n_pos and _looks_like_skew(args[n_pos]):
            raise TypeError(f"{func.__name__}(): a skew goes by name, {func.__name__}(..., {keyword}="
                            f"{args[n_pos]!r}); the first {n_pos} arguments are the data")
        return func(*args, **kwargs)

    return inner


def require_skew(skew, data, y_score, func):
    """A skew a function cannot do without: a positional one refused naming ``skew=``, a missing one named."""
    if skew is None:
        refuse_positional_skew(data, y_score, func, "skew")
        raise TypeError(f"{func}() needs skew= (skew is required): a deployment skew (a number), a (lo, hi) range, "
                        "a skew model or a SkewEstimate")


def keyword_after_points(data, y_score, value, name, func, required=True):
    """``(y_score, value)`` of a function whose ``name=`` once came second, after the points.

    ``func(pts, v)``, the order before the one input rule, still works for
    one release with a DeprecationWarning naming ``name=``; after labels the
    second argument is always the scores.  ``value`` missing is refused
    when ``required``.
    """
    if isinstance(data, OperatingPoints) and y_score is not None and value is None:
        import warnings

        warnings.warn(f"{func}(pts, {name}): pass {name}= by name, {func}(pts, {name}=...); the second argument "
                      f"is y_score, as in every metric, and {name} in second place will be refused in the next "
                      "release", DeprecationWarning, stacklevel=3)
        return None, y_score
    if value is None and required:
        raise TypeError(f"{func}() needs {name}=")
    return y_score, value


def _refuse_bounded(func):
    raise TypeError(
        f"{func}() needs exact operating points; BoundedOperatingPoints (binned scores) only bracket the curve. "
        "They are drawn by plot_pr, plot_roc and plot_bracket and measured by aucpr, average_precision and "
        "roc_auc; for exact points read the table without bins= (skewplot.operating_points_from)"
    )


def _is_points_list(value):
    return isinstance(value, (list, tuple)) and len(value) > 0 and all(isinstance(v, OperatingPoints) for v in value)


def _check_folds(folds, default):
    if _is_points_list(folds):
        return {default: list(folds)}
    if isinstance(folds, Mapping) and folds:
        out = {}
        for key, value in folds.items():
            if not _is_points_list(value):
                raise TypeError(f"folds[{key!r}] must be a list of OperatingPoints, got {type(value).__name__}")
            out[str(key)] = list(value)
        return out
    raise TypeError("folds must be a list of OperatingPoints (one classifier) or a mapping name -> such a list; "
                    f"got {type(folds).__name__}")


def _check_mapping(data, func):
    if not data:
        raise ValueError("data is an empty mapping; give at least one classifier")
    out = {}
    for key, value in data.items():
        if isinstance(value, OperatingPoints):
            out[str(key)] = value
        elif _is_points_list(value):
            raise TypeError(
                f"data[{key!r}] is a list of {len(value)} OperatingPoints; folds must be asked for by name: "
                f"{func}(folds={{{str(key)!r}: [...]}}), "
                f"or one entry per classifier: {func}({{'a': pts_a, 'b': pts_b}})"
            )
        else:
            raise TypeError(f"data[{key!r}] must be an OperatingPoints, got {type(value).__name__}")
    return out


def _shared_labels(data, y_score, func, hue, hue_order, **inputs):
    """``{name: points}`` of several classifiers' scores ``y_score`` (a mapping) on the one set of labels."""
    if isinstance(data, OperatingPoints) or (isinstance(data, Mapping) and not is_table(data)) \
            or _is_points_list(data):
        raise TypeError(f"y_score is a mapping of scores: give the labels they share first, "
                        f"{func}(y_true, {{'a': scores_a, 'b': scores_b}}), not {type(data).__name__}")
    if hue is not None or hue_order is not None:
        raise TypeError("y_score is a mapping name -> scores, which names the classifiers: hue= and hue_order= "
                        "name them in a long table instead; give one or the other")
    if not y_score:
        raise ValueError("y_score is an empty mapping; give at least one classifier's scores")
    out = {}
    for key, scores in y_score.items():
        if isinstance(scores, (OperatingPoints, Mapping)) or _looks_like_skew(scores):
            raise TypeError(f"y_score[{key!r}] must be the scores of classifier {key!r} (an array, or a column "
                            f"of data), got {type(scores).__name__}")
        if str(key) in out:
            raise ValueError(f"y_score has two classifiers named {str(key)!r}")
        one = classifiers(data, scores, name=str(key), func=func, **inputs)
        out[str(key)] = one[str(key)]
    return out


def classifiers(data=None, y_score=None, *, y_true=None, folds=None, hue=None, units=None, sample_weight=None,
                pos_label=None, hue_order=None, name=None, func="plot", skew_arg="skew"):
    """Normalise any accepted input to ``{name: OperatingPoints or list of OperatingPoints (folds)}``.

    Parameters are those of :data:`INPUT_PARAMS`; ``func`` names the caller
    in messages, and ``skew_arg`` the caller's skew keyword (a skew given in
    ``y_score``'s place is refused with a message naming it).

    Examples
    --------
    >>> import skewplot as sp
    >>> from skewplot.metrics._inputs import classifiers
    >>> sorted(classifiers([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.3]))
    ['classifier']
    >>> sorted(classifiers([0, 1, 1, 0], {"a": [0.2, 0.9, 0.6, 0.3], "b": [0.5, 0.4, 0.9, 0.1]}))
    ['a', 'b']
    >>> a = sp.operating_points([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.3])
    >>> classifiers([a, a])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: data is a list of 2 OperatingPoints; say what they are. Separate classifiers: ...
    """
    default = "classifier" if name is None else str(name)
    columns = {"hue": hue, "units": units, "hue_order": hue_order}
    if not is_table(data):  # after labels too: a number or a model is never the scores (a table's may be a column name)
        refuse_positional_skew(data, y_score, func, skew_arg)
    if is_bounded(data) or is_bounded(folds):
        _refuse_bounded(func)
    if folds is not None:
        extra = [k for k, v in {"data": data, "y_score": y_score, "y_true": y_true, **columns}.items() if v is not None]
        if extra:
            raise TypeError(f"folds= is given; {', '.join(extra)} must then be None")
        return _check_folds(folds, default)
    if isinstance(y_score, Mapping):
        if name is not None:
            raise TypeError("name= names a single classifier; the keys of the mapping y_score name these")
        return _shared_labels(data, y_score, func, hue, hue_order, y_true=y_true, units=units,
                              sample_weight=sample_weight, pos_label=pos_label)
    if data is None and y_true is None:
        raise TypeError(f"{func}() needs data: operating points, a mapping name -> points, a table with "
                        "y_true=/y_score= columns, or the arrays y_true, y_score")
    if isinstance(data, OperatingPoints) or (isinstance(data, Mapping) and y_score is None and y_true is None):
        extra = [k for k, v in {"y_score": y_score, "y_true": y_true, "sample_weight": sample_weight,
                                "pos_label": pos_label, **columns}.items() if v is not None]
        if extra:
            raise TypeError(f"data holds operating points; {', '.join(extra)} apply to labels and scores only")
        if isinstance(data, OperatingPoints):
            return {default: data}
        return _check_mapping(data, func)
    if _is_points_list(data):
        raise TypeError(_BARE_LIST.format(arg="data", n=len(data), func=func))
    if isinstance(data, Mapping) or is_table(data):
        groups = points_by_group(data, y_true=y_true, y_score=y_score, hue=hue, units=units,
                                 sample_weight=sample_weight, pos_label=pos_label, hue_order=hue_order)
        if hue is None and name is not None:
            groups = {default: groups["classifier"]}
        return {k: (v if units is not None else v[0]) for k, v in groups.items()}
    # Arrays: data (or y_true=) holds the labels.
    if data is not None and y_true is not None:
        raise TypeError("y_true is given twice: as data (the first argument) and as y_true=")
    labels = data if data is not None else y_true
    if y_score is None:
        raise TypeError(f"{func}(y_true, y_score): y_score is missing (or pass operating points or a mapping)")
    if isinstance(y_score, str) or isinstance(labels, str):
        raise TypeError("y_true/y_score name columns only with data=table")
    if hue is None and units is None:
        if hue_order is not None:
            raise TypeError("hue_order needs hue=")
        return {default: operating_points(labels, y_score, sample_weight=sample_weight, pos_label=pos_label)}
    table = {"y_true": labels, "y_score": y_score}
    for key, value in (("hue", hue), ("units", units), ("sample_weight", sample_weight)):
        if value is not None:
            if isinstance(value, str):
                raise TypeError(f"{key}={value!r} names a column, but there is no data= table")
            table[key] = np.asarray(value)
    out = classifiers(table, y_true="y_true", y_score="y_score", hue="hue" if hue is not None else None,
                      units="units" if units is not None else None,
                      sample_weight="sample_weight" if sample_weight is not None else None,
                      pos_label=pos_label, hue_order=hue_order, name=name, func=func)
    return out


def two_scores(score_a, score_b, func):
    """``(score_a, score_b, names)`` of a comparison of two classifiers: two scores, or a mapping of two.

    ``f(y_true, {"logistic": s1, "gbm": s2})`` names A and B by the keys, in
    order, as every function of several classifiers takes them (``names``
    is None for two separate scores).

    Examples
    --------
    >>> from skewplot.metrics._inputs import two_scores
    >>> two_scores({"a": [0.1], "b": [0.2]}, None, "compare")
    ([0.1], [0.2], ('a', 'b'))
    """
    if not isinstance(score_a, Mapping):
        return score_a, score_b, None
    if score_b is not None:
        raise TypeError(f"{func}(): score_a is a mapping of the two classifiers' scores; score_b must then be None")
    if len(score_a) != 2:
        raise TypeError(f"{func}() compares two classifiers; the mapping of scores has {len(score_a)}: "
                        f"{sorted(map(str, score_a))}")
    (name_a, a), (name_b, b) = score_a.items()
    return a, b, (str(name_a), str(name_b))


def one_classifier(data=None, y_score=None, *, y_true=None, sample_weight=None, pos_label=None, func="metric",
                   skew_arg="skew", bounded=True):
    """The one classifier a metric or an interval measures, from any accepted input: the one input rule.

    ``data`` is an :class:`~skewplot.OperatingPoints` (returned as it is,
    at no cost), a :class:`~skewplot.BoundedOperatingPoints` (when
    ``bounded``), the labels with ``y_score`` the scores (arrays, or
    ``y_true=``), or a table whose columns ``y_true=`` and ``y_score=``
    name, as every plot takes them (:func:`classifiers`).  A mapping of
    several classifiers, folds or ``hue`` are refused: a metric measures one.

    Examples
    --------
    >>> from skewplot.metrics._inputs import one_classifier
    >>> one_classifier([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.3]).skew
    0.5
    >>> one_classifier({"label": [0, 1, 1], "score": [0.2, 0.9, 0.6]}, y_true="label", y_score="score").skew
    0.6666666666666666
    """
    if isinstance(data, OperatingPoints) and y_score is None and y_true is None and sample_weight is None \
            and pos_label is None:
        return data
    if is_bounded(data) and not isinstance(data, Mapping):
        refuse_positional_skew(data, y_score, func, skew_arg)
        extra = [k for k, v in {"y_score": y_score, "y_true": y_true, "sample_weight": sample_weight,
                                "pos_label": pos_label}.items() if v is not None]
        if extra:
            raise TypeError(f"data holds operating points; {', '.join(extra)} apply to labels and scores only")
        if not bounded:
            _refuse_bounded(func)
        return data
    points = classifiers(data, y_score, y_true=y_true, sample_weight=sample_weight, pos_label=pos_label, func=func,
                         skew_arg=skew_arg)
    if len(points) != 1:
        raise TypeError(f"{func}() measures one classifier; data is a mapping of {len(points)}: call it once per "
                        f"classifier, e.g. {{name: {func}(pts) for name, pts in data.items()}}")
    return next(iter(points.values()))
