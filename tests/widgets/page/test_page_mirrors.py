"""Every Python name the page's JavaScript says it mirrors exists, where the comment says it is.

The scripts of ``skewplot/widgets/page/runtime/`` name, above each function
that copies Python (``// skewplot.skew.formulas.precision_at``), the
function it mirrors; the Node tests (``test_page_formulas.py``,
``test_page_nest.py``) compare the values.  A Python function that moves
or is renamed leaves such a comment pointing nowhere, and the next reader
cannot find what to keep in step: each dotted ``skewplot.`` name in the
runtime is resolved here by import, and a function or class must be defined
in the module the comment names (not merely imported there).
"""

import importlib
import inspect
import re
from importlib import resources

import pytest

RUNTIME = resources.files("skewplot.widgets.page").joinpath("runtime")
NAME = re.compile(r"\bskewplot(?:\.[A-Za-z_][A-Za-z0-9_]*)+")


def _named(text):
    """The dotted ``skewplot.`` names in a script's text (a trailing sentence full stop is not part of one)."""
    return sorted(set(NAME.findall(text)))


def resolve(dotted):
    """The object ``dotted`` names, and the module it was found in: the longest importable prefix, then attributes."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        try:
            obj = module = importlib.import_module(".".join(parts[:k]))
        except ModuleNotFoundError:
            continue
        for attr in parts[k:]:
            obj = getattr(obj, attr)  # AttributeError: the comment names nothing
        return obj, module
    raise ModuleNotFoundError(dotted)


def defined_where_named(dotted):
    """Whether the function or class ``dotted`` names is defined in the module the name goes through."""
    obj, module = resolve(dotted)
    target = inspect.unwrap(getattr(obj, "__func__", obj))
    if inspect.isfunction(target) or inspect.isclass(target):
        return target.__module__ == module.__name__
    return True  # a module, a constant


SCRIPTS = sorted(p.name for p in RUNTIME.iterdir() if p.name.endswith((".js", ".html")))
NAMES = sorted({(script, name) for script in SCRIPTS for name in _named(RUNTIME.joinpath(script).read_text())})


def test_the_scripts_name_what_they_mirror():
    # guards the walk below against finding nothing (a moved folder, a changed comment style)
    assert len(NAMES) >= 30
    assert ("closed_forms.js", "skewplot.skew.formulas.precision_at") in NAMES


@pytest.mark.parametrize(("script", "dotted"), NAMES, ids=[f"{s}:{n}" for s, n in NAMES])
def test_every_mirrored_name_exists_where_it_is_named(script, dotted):
    try:
        found = defined_where_named(dotted)
    except (ImportError, AttributeError) as exc:
        pytest.fail(f"{script} names {dotted}, which does not exist ({exc}): rename the comment with the function")
    assert found, f"{script} names {dotted}, which is only imported there: name the module that defines it"


def test_a_moved_name_is_caught():
    assert defined_where_named("skewplot.plotting.layout._legend_geometry._crossing")
    with pytest.raises(AttributeError):
        resolve("skewplot.plotting.layout._legend._crossing")
    assert not defined_where_named("skewplot.plotting.layout._legend._renderer")  # imported there, defined elsewhere
    with pytest.raises(AttributeError):
        resolve("skewplot.nowhere")
