"""Public signatures show only documented parameters (issue 21 item 6).

Walks every public function of skewplot, skewplot.plotting,
skewplot.widgets, skewplot.stats and skewplot.datasets with
``inspect.signature``: no parameter is private (leading underscore), and
every named parameter appears in the Parameters section of the docstring.
"""

import inspect
import re

import pytest

import skewplot as sp


def _public_functions():
    import skewplot.datasets
    import skewplot.plotting
    import skewplot.stats
    import skewplot.widgets

    seen = {}
    for module in (sp, skewplot.plotting, skewplot.widgets, skewplot.stats, skewplot.datasets):
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if inspect.isfunction(obj) and id(obj) not in seen:
                seen[id(obj)] = (f"{module.__name__}.{name}", obj)
    return sorted(seen.values(), key=lambda item: item[0])


FUNCTIONS = _public_functions()


def _documented(doc):
    """Names listed in the numpydoc Parameters section (``a, b : type`` lines, ``**kwargs``)."""
    match = re.search(r"^Parameters\n-+\n(.*?)(^[A-Z][a-z]+( [A-Z]?[a-z]+)*\n-+\n|\Z)", doc, re.S | re.M)
    if not match:
        return set()
    names = set()
    for line in match.group(1).splitlines():
        head = re.match(r"^(\*{0,2}[A-Za-z_][\w, *]*?)(\s:.*)?$", line)
        if head:
            names |= {n.strip().lstrip("*") for n in head.group(1).split(",")}
    return names


def test_there_are_many_public_functions():
    assert len(FUNCTIONS) > 60


@pytest.mark.parametrize(("qualname", "func"), FUNCTIONS, ids=[q for q, _ in FUNCTIONS])
def test_signature_is_public_and_documented(qualname, func):
    params = inspect.signature(func).parameters
    private = [p for p in params if p.startswith("_")]
    assert not private, f"{qualname} shows private parameters {private}"
    named = [p for p, v in params.items() if v.kind not in (v.VAR_POSITIONAL, v.VAR_KEYWORD)]
    if not named:
        return
    documented = _documented(inspect.getdoc(func) or "")
    missing = [p for p in named if p not in documented]
    assert not missing, f"{qualname}: parameters {missing} are not in its Parameters section"
