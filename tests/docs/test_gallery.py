"""Run every gallery script headless: no error, no RuntimeWarning, under 30 s of CPU each, every figure lint-clean.

And read each page as a reader would: no stray repr under a figure, the seed
figure it redraws and how far it reproduces it.
"""

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GALLERY = ROOT / "gallery"
SCRIPTS = sorted(GALLERY.glob("plot_*.py"))
CHECKS = ROOT / "docs" / "_gallery_checks.py"  # the checks, shared with the docs build (sphinx-gallery hooks)

# Scripts that need a package outside skewplot's own dependencies.
OPTIONAL = {
    "plot_out_of_core_duckdb.py": "duckdb",
    "plot_breast_cancer.py": "sklearn",
}

# Runs one script the way sphinx-gallery does (as __main__, Agg backend) and reports its own CPU time (interpreter
# start-up does not count), its figures and their figure lint.
RUNNER = """
import json, sys
sys.path.insert(0, sys.argv[2])
from _gallery_checks import run_script
print(json.dumps(run_script(sys.argv[1])))
"""


def _checks():
    spec = importlib.util.spec_from_file_location("_gallery_checks", CHECKS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_are_enough_scripts():
    assert len(SCRIPTS) >= 12


def test_gallery_is_held_to_every_lint_rule():
    # The docs build lints every figure with every rule of the figure lint (issue 42): none is waived for the
    # gallery; a script that breaks a rule is fixed, not exempted.
    assert _checks().NOT_YET == ()


@pytest.mark.docs
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_gallery_script_runs(script, tmp_path):
    needed = OPTIONAL.get(script.name)
    if needed is not None and importlib.util.find_spec(needed) is None:
        pytest.skip(f"{script.name} needs the optional package {needed!r}")
    env = dict(os.environ, MPLBACKEND="Agg")
    checks = _checks()
    proc = subprocess.run([sys.executable, "-c", RUNNER, str(script), str(CHECKS.parent)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=4 * checks.TIME_LIMIT)
    assert proc.returncode == 0, f"{script.name} failed:\n{proc.stderr[-3000:]}"
    assert "RuntimeWarning" not in proc.stderr, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    # At least one figure; under the CPU budget (CPU time of the script, all its threads, not wall time: the budget
    # must hold on a busy machine too); and what a reader would see wrong: legends over data, squeezed panels,
    # overlapping or clipped texts, markers on top of each other or outside, empty panels (the figure lint).
    wrong = checks.verdict(script.name, report["elapsed"], report["figures"], report["problems"])
    assert wrong == [], "\n".join(wrong)


def _blocks(script):
    """Top-level statements of each sphinx-gallery block (blocks split at ``# %%``)."""
    source = script.read_text(encoding="utf-8")
    lines = source.splitlines()
    cuts = [0] + [i + 1 for i, line in enumerate(lines) if line.startswith("# %%")] + [len(lines) + 1]
    body = ast.parse(source).body
    return lines, [[n for n in body if a < n.lineno <= b] for a, b in zip(cuts[:-1], cuts[1:], strict=True)]


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_no_block_ends_on_a_bare_expression(script):
    """sphinx-gallery prints the repr of a block's last expression (``<matplotlib.legend.Legend ...>``)."""
    lines, blocks = _blocks(script)
    for stmts in blocks:
        if not stmts or not isinstance(stmts[-1], ast.Expr):
            continue
        last = stmts[-1]
        call = ast.unparse(last.value)
        quiet = call.startswith(("print(", "plt.show(")) or lines[last.end_lineno - 1].rstrip().endswith(";")
        assert quiet, f"{script.name}:{last.lineno} ends a block on `{call[:50]}`, whose repr would be shown"


STATUS = re.compile(r"\*\*Seed figure:\*\*\s+(?P<seed>.+?)\.\s+\*\*Status:\*\*\s+"
                    r"(?P<status>reproduced|partly|no seed figure)(?P<rest>.*?)\n\n", re.S)


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_page_names_its_seed_figure_and_status(script):
    doc = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8")), clean=False)
    m = STATUS.search(doc)
    assert m, f"{script.name}: no '**Seed figure:** ...  **Status:** reproduced|partly|no seed figure' paragraph"
    if m["status"] == "partly":
        # A partial reproduction says what differs, with the paper's numbers beside ours where there are any.
        assert len(m["rest"]) > 60, f"{script.name}: say what is only partly reproduced"
