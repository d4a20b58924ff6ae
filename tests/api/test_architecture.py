"""The package's map, read from the source: layers, no import circles, small modules.

Every ``import`` statement in ``skewplot/`` counts, also those inside
functions (lazy imports): a circle through a lazy import is still a circle in
the design.  Layers import one way::

    skew <- metrics <- (stats, data) <- plotting <- (widgets, testing) <- app

``data`` is the input side beside ``stats``: example data sets and tables in
other engines (``skewplot.datasets``, ``skewplot.tables``).  ``testing`` (the
figure lint) is tooling beside ``widgets``: it reads drawn figures, and no
layer imports it.

``skewplot._*`` modules at the top (input checks, ...) are the foundation
and import no layer.

There is no exception: a lazy import upwards (inside a function) breaches the
layers as a module-level one does.

Nothing below ``plotting`` imports matplotlib, nothing below ``widgets``
imports ipywidgets or ipympl.  The checks are functions of a directory so
that a test can show them failing on a small broken tree.
"""

from __future__ import annotations

import ast
import functools
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "skewplot"
MAX_LINES = 400

# What each layer may import (itself always).
ALLOWED = {
    "foundation": set(),
    "skew": {"foundation"},
    "metrics": {"foundation", "skew"},
    "stats": {"foundation", "skew", "metrics"},
    "data": {"foundation", "skew", "metrics"},
    "plotting": {"foundation", "skew", "metrics", "stats"},
    "widgets": {"foundation", "skew", "metrics", "stats", "plotting"},
    "testing": {"foundation", "skew", "metrics", "stats", "plotting"},
    "app": {"foundation", "skew", "metrics", "stats", "data", "plotting", "widgets"},
}
# Third-party packages a layer may import only from this layer up.
DRAWING = {"matplotlib": "plotting", "ipywidgets": "widgets", "ipympl": "widgets", "anywidget": "widgets"}
ORDER = ["foundation", "skew", "metrics", "stats", "data", "plotting", "widgets", "testing", "app"]
DATA = ("datasets", "tables")


def modules(root):
    """``{dotted name: (path, is_package)}`` for every ``.py`` file under ``root``."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_pkg)
    return out


class _Imports(ast.NodeVisitor):
    """Every import statement of one module: ``(node, inside a function)``."""

    def __init__(self):
        self.found, self._depth = [], 0

    def _function(self, node):
        self._depth += 1
        self.generic_visit(node)
        self._depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_Import(self, node):
        self.found.append((node, self._depth > 0))

    visit_ImportFrom = visit_Import


@functools.cache
def _found_imports(source, filename):
    """The import statements of one file's text, parsed once (each check reads the whole package)."""
    visitor = _Imports()
    visitor.visit(ast.parse(source, filename=filename))
    return tuple(visitor.found)


def import_edges(root):
    """``{module: [(imported name, line, deferred)]}``: every import, in-package names resolved to modules.

    ``deferred`` is True for an import inside a function (it runs when the function is called).
    """
    mods = modules(root)
    pkg = root.name
    out = {}
    for name, (path, is_pkg) in mods.items():
        edges = []
        for node, deferred in _found_imports(path.read_text(encoding="utf-8"), str(path)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    where = ".".join(base + ([node.module] if node.module else []))
                else:
                    where = node.module
                # "from a import b" imports the module a.b when there is one.
                targets = [f"{where}.{a.name}" if f"{where}.{a.name}" in mods else where for a in node.names]
            for target in targets:
                if target.split(".")[0] == pkg:
                    while target not in mods and "." in target:
                        target = target.rsplit(".", 1)[0]
                if target != name:
                    edges.append((target, node.lineno, deferred))
        out[name] = edges
    return out


def imports(root):
    """``{module: {imported name: line}}``: every import, lazy ones too."""
    out = {}
    for module, edges in import_edges(root).items():
        found = {}
        for target, line, _ in edges:
            found.setdefault(target, line)
        out[module] = found
    return out


def layer_of(module):
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("cli", "__main__", "_cli_classes"):  # the CLI's multiclass case: app too
        return "app"
    if parts[1] in DATA:
        return "data"
    if parts[1] in ALLOWED:
        return parts[1]
    if parts[1].startswith("_") and len(parts) == 2:
        return "foundation"
    raise AssertionError(f"{module}: no layer; add it to a package or to ALLOWED in this test")


def circles(root):
    """Strongly connected components (more than one module) of the in-package import graph."""
    graph = imports(root)
    edges = {m: [t for t in found if t in graph] for m, found in graph.items()}
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in edges:
        if v not in index:
            visit(v)
    return out


def layer_breaches(root):
    """``"module:line imports target (layer -> layer)"`` for every import against the layers."""
    graph = imports(root)
    out = []
    for module, found in graph.items():
        here = layer_of(module)
        for target, line in found.items():
            top = target.split(".")[0]
            if target in graph:
                there = layer_of(target)
                if there != here and there not in ALLOWED[here]:
                    out.append(f"{module}:{line} imports {target} ({here} -> {there})")
            elif top in DRAWING and ORDER.index(here) < ORDER.index(DRAWING[top]):
                out.append(f"{module}:{line} imports {target} (only {DRAWING[top]} and up may)")
    return out


def long_modules(root, limit=MAX_LINES):
    # the saved pages' scripts (widgets/page/runtime/*.js) are modules too
    return {str(p.relative_to(root.parent)): n for p in [*root.rglob("*.py"), *root.rglob("*.js")]
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > limit}


@pytest.mark.slow  # loaded run 2026-11-29
def test_no_import_circle():
    assert circles(PACKAGE) == []


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_layers_import_one_way():
    assert layer_breaches(PACKAGE) == []


def test_no_module_over_400_lines():
    assert long_modules(PACKAGE) == {}


@pytest.mark.slow  # 0.3 s or more, 2-worker run of 2026-12-01
def test_every_layer_is_present():
    # Guards against the checks passing on an empty or moved tree.
    found = {layer_of(m) for m in modules(PACKAGE)}
    assert found == set(ALLOWED)
    graph = imports(PACKAGE)
    assert "skewplot.skew.formulas" in graph["skewplot.skew.base"]
    assert "skewplot.skew" in graph["skewplot.metrics.precision"]
    assert "matplotlib.pyplot" in {t for found in graph.values() for t in found}


@pytest.fixture
def broken(tmp_path):
    """A small package with one circle (through a lazy import), a layer breach and a drawing import."""
    root = tmp_path / "skewplot"
    files = {
        "__init__.py": "",
        "_validate.py": "import numpy as np\n",
        "skew/__init__.py": "from .base import Model\n",
        "skew/base.py": "class Model:\n    def area(self):\n        from ..metrics.auc import segment\n",
        "metrics/__init__.py": "",
        "metrics/auc.py": "from ..skew import Model\nfrom .._validate import np\nimport matplotlib.pyplot as plt\n",
        "plotting/__init__.py": "from ..widgets import slider\n",
        "widgets/__init__.py": "from ..plotting import x\nimport ipywidgets\n",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "metrics" / "big.py").write_text("x = 1\n" * (MAX_LINES + 1))
    (root / "widgets" / "big.js").write_text("x = 1;\n" * (MAX_LINES + 1))
    return root


def test_a_lazy_upward_import_is_a_breach(broken):
    (broken / "stats").mkdir()
    (broken / "stats" / "__init__.py").write_text("")
    (broken / "stats" / "deployment.py").write_text("from ..skew import Model\n")
    (broken / "skew" / "series.py").write_text("def make():\n    from ..stats.deployment import f\n")
    assert any(b.startswith("skewplot.skew.series:2 imports skewplot.stats.deployment (skew -> stats)")
               for b in layer_breaches(broken))


def test_the_checks_find_what_is_wrong(broken):
    assert sorted(circles(broken)) == [
        ["skewplot.metrics.auc", "skewplot.skew", "skewplot.skew.base"],
        ["skewplot.plotting", "skewplot.widgets"],
    ]
    breaches = layer_breaches(broken)
    assert any(b.startswith("skewplot.skew.base:3 imports skewplot.metrics.auc (skew -> metrics)") for b in breaches)
    assert any(b.startswith("skewplot.metrics.auc:3 imports matplotlib.pyplot") for b in breaches)
    assert any("plotting -> widgets" in b for b in breaches)
    assert not any(b.startswith("skewplot.widgets") for b in breaches)  # widgets may import plotting, ipywidgets
    assert long_modules(broken) == {"skewplot/metrics/big.py": MAX_LINES + 1,
                                    "skewplot/widgets/big.js": MAX_LINES + 1}
