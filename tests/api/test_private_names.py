"""skewplot uses matplotlib's, ipympl's and ipywidgets' public API only, read from the source.

What has no public equivalent lives in one module, the package ``skewplot/plotting/_compat/`` (each use with a fallback
and the versions it was checked on).  Everywhere else the scan finds none of:

- a private attribute (``obj._name``, ``getattr(obj, "_name")``) that skewplot does not define itself (as a
  ``def``/``class``, a class attribute, or ``self._name = ...``): another package's;
- an import of a private module or name of another package (``from matplotlib.text import _get_...``);
- an attribute ``_skewplot_*`` (skewplot's state set on another package's object: it lives in
  :mod:`skewplot.plotting._notes`, a ``WeakKeyDictionary``, or in skewplot's own objects);
- an assignment to ``obj.__class__`` (a user's object changed in place).

The scan is a function of source texts, so that a test shows it failing on a small bad snippet.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "skewplot"
COMPAT = "skewplot/plotting/_compat/"
_ACCESSORS = ("getattr", "hasattr", "setattr", "delattr")


def _private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own_names(trees):
    """The private names skewplot defines: functions, classes, class attributes, ``__slots__``, ``self._x = ...``
    and ``self.__dict__.setdefault("_x", ...)``."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    targets = item.targets if isinstance(item, ast.Assign) else (
                        [item.target] if isinstance(item, ast.AnnAssign) else [])
                    names.update(t.id for t in targets if isinstance(t, ast.Name))
                    if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                        names.update(c.value for c in ast.walk(item.value) if isinstance(c, ast.Constant))
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "setdefault"
                    and ast.unparse(node.func.value) == "self.__dict__" and isinstance(node.args[0], ast.Constant)):
                names.add(node.args[0].value)
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for t in ast.walk(target):
                        if (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                                and t.value.id in ("self", "cls")):
                            names.add(t.attr)
    return {name for name in names if _private(name)}


def findings(sources):
    """``["path:line: what", ...]`` for every breach in ``sources`` (``{path: source text}``) of the module note's
    rules; the compatibility module is exempt from the first two."""
    trees = {path: ast.parse(text) for path, text in sources.items()}
    own = own_names(trees.values())
    out = []
    for path, tree in trees.items():
        exempt = path.startswith(COMPAT)
        for node in ast.walk(tree):
            found = None
            if isinstance(node, ast.Attribute) and _private(node.attr):
                base = node.value
                if node.attr.startswith("_skewplot"):
                    found = f"skewplot's state {node.attr!r} on another object"
                elif not (isinstance(base, ast.Name) and base.id in ("self", "cls")) and not (
                        isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super"):
                    if node.attr not in own and not exempt:
                        found = f"private name {ast.unparse(node)!r}"
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _ACCESSORS
                  and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                  and isinstance(node.args[1].value, str) and _private(node.args[1].value)):
                name = node.args[1].value
                if name.startswith("_skewplot"):
                    found = f"skewplot's state {name!r} on another object"
                elif name not in own and not exempt:
                    found = f"private name {name!r} through {node.func.id}"
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module not in (None, "__future__"):
                foreign = not node.module.split(".")[0] == "skewplot"
                if foreign and not exempt and (any(map(_private, node.module.split(".")))
                                               or any(_private(a.name) for a in node.names)):
                    found = f"private import from {node.module!r}"
            elif isinstance(node, ast.Import) and not exempt:
                bad = [a.name for a in node.names if a.name.split(".")[0] != "skewplot"
                       and any(map(_private, a.name.split(".")))]
                if bad:
                    found = f"private import {bad[0]!r}"
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Attribute) and t.attr == "__class__" for tg in targets for t in ast.walk(tg)):
                    found = "assignment to __class__"
            if found:
                out.append((path, node.lineno, found))
    return [f"{path}:{line}: {what}" for path, line, what in sorted(out)]


@pytest.mark.slow  # 1.1 s CPU: parses the whole package
def test_skewplot_reaches_no_private_name_outside_the_compat_module():
    sources = {str(p.relative_to(PACKAGE.parent)): p.read_text() for p in sorted(PACKAGE.rglob("*.py"))}
    assert COMPAT + "__init__.py" in sources
    assert findings(sources) == []


def test_the_scan_finds_each_kind_of_breach():
    bad = '''
from matplotlib.text import _get_text_metrics_with_cache
import matplotlib._pylab_helpers

class Engine:
    def __init__(self):
        self._mine = 1

def f(fig, legend, text, engine, ax):
    engine.__class__ = Engine
    fig._skewplot_frozen = True
    getattr(ax, "_skewplot_title", None)
    legend._ncols, text._preprocess_math("x")
    hasattr(ax, "_colorbar")
    return engine._mine, fig.figure
'''
    got = findings({"skewplot/bad.py": bad})
    assert got == [
        "skewplot/bad.py:2: private import from 'matplotlib.text'",
        "skewplot/bad.py:3: private import 'matplotlib._pylab_helpers'",
        "skewplot/bad.py:10: assignment to __class__",
        "skewplot/bad.py:11: skewplot's state '_skewplot_frozen' on another object",
        "skewplot/bad.py:12: skewplot's state '_skewplot_title' on another object",
        "skewplot/bad.py:13: private name 'legend._ncols'",
        "skewplot/bad.py:13: private name 'text._preprocess_math'",
        "skewplot/bad.py:14: private name '_colorbar' through hasattr",
    ], got
    # the compatibility module may reach private names, never skewplot's state on another object
    assert findings({COMPAT + "text.py": bad}) == ["skewplot/plotting/_compat/text.py:10: assignment to __class__",
                                      "skewplot/plotting/_compat/text.py:11: skewplot's state '_skewplot_frozen' on "
                                      "another object",
                                      "skewplot/plotting/_compat/text.py:12: skewplot's state '_skewplot_title' on "
                                      "another object"]
