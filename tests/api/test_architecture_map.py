"""ARCHITECTURE.md names every module of the package, by its path under ``skewplot/``.

A module added without a line in the map (or one moved or renamed without
its line) fails here; the map's table says what each one holds.
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "skewplot"


def modules(root=PACKAGE):
    """Every module's path under ``root`` (``widgets/page/_draw.py``): Python files, the page's scripts and shell."""
    files = [p for p in root.rglob("*") if p.suffix in (".py", ".js", ".html") and "__pycache__" not in p.parts]
    return sorted(p.relative_to(root).as_posix() for p in files)


def named(text):
    """The paths written in backticks in ``text`` (``skewplot/`` before them or not)."""
    return {m.removeprefix("skewplot/") for m in re.findall(r"`([\w/.]+\.(?:py|js|html))`", text)}


def unnamed(text, root=PACKAGE):
    return [m for m in modules(root) if m not in named(text)]


def test_architecture_names_every_module():
    missing = unnamed((ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8"))
    assert missing == [], f"ARCHITECTURE.md does not name {missing}: add each to the table of where concepts live"


def test_the_map_check_finds_an_unnamed_module(tmp_path):
    (tmp_path / "skew").mkdir()
    for rel in ("__init__.py", "skew/__init__.py", "skew/base.py", "skew/new.py"):
        (tmp_path / rel).write_text("")
    text = "| models | `skewplot/__init__.py`, `skew/__init__.py`, `skew/base.py` |"
    assert unnamed(text, tmp_path) == ["skew/new.py"]
    assert modules() and "skew/base.py" in modules()
