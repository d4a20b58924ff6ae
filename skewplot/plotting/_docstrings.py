"""Docstring fragments shared by the plot functions, and the one helper that fills them in.

A paragraph that several ``plot_*`` functions document alike is written
once here; a docstring names it as ``%(name)s`` at the start of its line
and :func:`fill_doc` puts it in.  numpydoc, Sphinx and ``help()`` then all
read the filled docstring.
"""

from __future__ import annotations

from ..metrics._inputs import INPUT_PARAMS

__all__ = ["FRAGMENTS", "fill_doc"]

#: The ``threshold=`` parameter of every display that can mark a threshold.
THRESHOLD_PARAM = """\
    threshold : float or ThresholdDecision, optional
        Mark this score threshold on every classifier: its operating point
        (in cost and F-measure space, the line of that point), or the result
        of :func:`skewplot.choose_threshold`, with its recall, precision and
        FPR intervals as bars in PR and ROC space; the mark follows
        ``update`` (``mark_threshold``).
"""

FRAGMENTS = {"input_params": INPUT_PARAMS, "threshold_param": THRESHOLD_PARAM}


def fill_doc(func, **extra):
    """``func`` with every ``%(name)s`` of its docstring replaced by its fragment (``FRAGMENTS``, then ``extra``).

    A fragment may name another.  A name with no fragment is an error, so that a typo never reaches the
    rendered page.

    Examples
    --------
    >>> def f():
    ...     '''Parameters
    ...     ----------
    ... %(threshold_param)s'''
    >>> "choose_threshold" in fill_doc(f).__doc__
    True
    """
    import re

    fragments = {**FRAGMENTS, **extra}
    doc = func.__doc__ or ""
    for _ in range(3):  # a fragment may name another (``envelope_params`` holds ``threshold_param``)
        missing = sorted(set(re.findall(r"%\((\w+)\)s", doc)) - set(fragments))
        if missing:
            raise KeyError(f"{func.__qualname__}: no docstring fragment named {', '.join(missing)}")
        doc = re.sub(r"%\((\w+)\)s", lambda m: fragments[m.group(1)], doc)
    func.__doc__ = doc
    return func
