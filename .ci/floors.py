"""Print the requirements of CI's floor venv: the lowest version pyproject.toml allows of each dependency.

``python3 .ci/floors.py``: the core dependencies and those of the extras ``widgets``, ``stats`` and ``tables`` pinned
at their floors (``numpy>=1.23.2`` becomes ``numpy==1.23.2``), then the ``test`` extra's tools (pytest, hypothesis,
scikit-learn, ...) as pyproject.toml writes them: pip takes their newest release that installs beside the floors.
CI installs this list in a venv of its own and runs the fast suite and the engines suite's DuckDB, polars and PyArrow
tests there (``.ci/run``), so the floors pyproject.toml promises are the versions tested, and cannot drift from them.
``python3 .ci/floors.py EXTRA ... [--tools EXTRA ...]`` chooses other extras.  A requirement without a ``>=`` floor
is an error: every dependency has a floor on purpose.
"""

import re
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
PINNED, TOOLS = ("widgets", "stats", "tables"), ("test",)
_REQUIREMENT = re.compile(r"([A-Za-z0-9_.-]+)(\[[^\]]*\])?\s*>=\s*([0-9][0-9.]*)")


def requirements(project, extras):
    """The requirements of ``extras`` (an extra naming ``skewplot[...]`` expanded), in order, each once."""
    optional, out, todo, seen = project["optional-dependencies"], [], list(extras), set()
    while todo:
        extra = todo.pop(0)
        if extra in seen:
            continue
        seen.add(extra)
        for requirement in optional[extra]:
            inner = re.fullmatch(r"skewplot\[([^\]]+)\]", requirement)
            if inner:
                todo.extend(name.strip() for name in inner.group(1).split(","))
            elif requirement not in out:
                out.append(requirement)
    return out


def floors(pinned=PINNED, tools=TOOLS, text=None):
    """The lines of the floor venv's requirements file (see the module note)."""
    project = tomllib.loads(PYPROJECT.read_text() if text is None else text)["project"]
    lines, names = [], set()
    for requirement in project["dependencies"] + requirements(project, pinned):
        match = _REQUIREMENT.fullmatch(requirement.strip())
        if match is None:
            raise SystemExit(f"pyproject.toml: {requirement!r} has no '>=' floor")
        name, extras, version = match.groups()
        if name.lower() not in names:
            names.add(name.lower())
            lines.append(f"{name.lower()}{extras or ''}=={version}")
    for requirement in requirements(project, tools):
        name = _REQUIREMENT.fullmatch(requirement.strip())
        if name is None or name.group(1).lower() not in names:
            lines.append(requirement)
    return lines


if __name__ == "__main__":
    args = sys.argv[1:]
    cut = args.index("--tools") if "--tools" in args else len(args)
    chosen = (args[:cut] or PINNED, args[cut + 1:] if cut < len(args) else TOOLS)
    print("\n".join(floors(*chosen)))
