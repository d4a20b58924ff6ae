"""Every code block in docs/ runs as written, page by page, in page order.

Each page is turned into a notebook (one cell per block) and executed in a
fresh Jupyter kernel in an empty directory, so a page can assume nothing from
another page, and IPython lines such as ``%matplotlib widget`` run as a
reader's JupyterLab would run them.  Shell blocks run line by line (each line
must succeed); ``pip install`` lines are checked with ``pip install
--dry-run`` from the repository root, the place they are meant to be typed.
"""

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# Written by the build, not by hand.
GENERATED = ("_build", "auto_gallery", "generated", "sg_execution_times.rst")
PAGES = sorted(p for p in DOCS.rglob("*.rst") if not any(part in GENERATED for part in p.relative_to(DOCS).parts))
RUNNABLE = {"python", "bash", "console", "shell", "sh"}
INSTALL_PAGE = DOCS / "getting_started.rst"

DIRECTIVE = re.compile(r"^(\s*)\.\. (?:code-block|code|sourcecode)::\s*(\S*)\s*$")


def code_blocks(path):
    """``(language, code)`` for every code-block directive of an rst page, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        m = DIRECTIVE.match(lines[i])
        i += 1
        if not m:
            continue
        indent = len(m.group(1))
        while i < len(lines) and lines[i].strip().startswith(":"):  # directive options
            i += 1
        body = []
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
            body.append(lines[i])
            i += 1
        text = "\n".join(body).strip("\n")
        width = min(len(x) - len(x.lstrip()) for x in text.splitlines() if x.strip())
        blocks.append((m.group(2) or "python", "\n".join(x[width:] for x in text.splitlines())))
    return blocks


def shell_lines(code):
    """The commands of a shell block: comments dropped, continuation lines joined."""
    joined = code.replace("\\\n", " ")
    out = []
    for line in joined.splitlines():
        line = line.strip()
        if line.startswith("$ "):
            line = line[2:]
        if line and not line.startswith("#"):
            out.append(line)
    return out


def is_pip_install(command):
    return re.match(r"^(python3? -m )?pip install\b", command) is not None


def test_pages_are_found():
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"getting_started.rst", "widgets.rst", "guide/pr_skew.rst"} <= names
    assert sum(lang == "python" for p in PAGES for lang, _ in code_blocks(p)) >= 10


def test_every_block_has_a_runnable_language():
    for page in PAGES:
        for lang, _ in code_blocks(page):
            assert lang in RUNNABLE, f"{page.name}: a {lang!r} block cannot be run; put it in a Python block"


def test_install_is_stated_in_one_place():
    """Only the install page holds pip lines; the other pages link to it."""
    for page in PAGES:
        for lang, code in code_blocks(page):
            if lang != "python":
                pip = [c for c in shell_lines(code) if is_pip_install(c)]
                assert not pip or page == INSTALL_PAGE, \
                    f"{page.name} repeats install lines {pip}; link to :ref:`install`"


@pytest.mark.slow  # pip builds the metadata: 3-16 s
def test_install_lines_work_from_a_checkout():
    commands = [c for lang, code in code_blocks(INSTALL_PAGE) if lang != "python"
                for c in shell_lines(code) if is_pip_install(c)]
    assert len(commands) >= 2
    tomllib = pytest.importorskip("tomllib")  # Python >= 3.11
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    specs = []
    for command in commands:
        args = shlex.split(command.split("#")[0])
        args = [a for a in args[args.index("install") + 1:] if a != "-e"]
        assert args and all(a == "." or a.startswith(".[") for a in args), \
            f"{command!r} installs something other than this checkout"
        specs += args
    names = {e for spec in specs for e in re.findall(r"\[([^\]]*)\]", spec) for e in e.split(",")}
    assert names <= set(extras), f"the install lines name extras pyproject.toml lacks: {names - set(extras)}"
    # Build the checkout's metadata with every extra named, as pip would, installing nothing.
    spec = f".[{','.join(sorted(names))}]" if names else "."
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", spec],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"pip install {spec} from the checkout failed:\n{proc.stderr[-2000:]}"
    assert "Would install skewplot" in proc.stdout, proc.stdout
    assert "does not provide the extra" not in proc.stderr, proc.stderr


def notebook_of(page):
    """The page's blocks as notebook cells; shell lines (pip aside) run through a subprocess."""
    import nbformat

    cells = []
    for lang, code in code_blocks(page):
        if lang == "python":
            cells.append(nbformat.v4.new_code_cell(code))
            continue
        commands = [c for c in shell_lines(code) if not is_pip_install(c)]
        if commands:
            cells.append(nbformat.v4.new_code_cell(
                "import subprocess\n"
                + "".join(f"subprocess.run({c!r}, shell=True, check=True)\n" for c in commands)))
    return nbformat.v4.new_notebook(cells=cells)


CODE_PAGES = [p for p in PAGES if code_blocks(p)]

# Run first in each page's kernel: every figure a block leaves open or closes is linted (the figure lint,
# skewplot/testing/_lint.py) once, before the inline backend closes it; the last cell prints the problems.
LINT_SETUP = """\
import matplotlib.pyplot as _plt
from skewplot.testing._lint import lint_figure as _lint_figure
_lint_seen, _lint_problems = set(), []
def _lint_all(figures=None):
    for fig in (figures if figures is not None else [_plt.figure(n) for n in _plt.get_fignums()]):
        if id(fig) not in _lint_seen and fig.axes:
            _lint_seen.add(id(fig))
            _lint_problems.extend(f"{fig.axes[0].get_title() or 'figure'}: {p}" for p in _lint_figure(fig))
_plt_close = _plt.close
def _lint_close(fig=None):
    _lint_all([fig] if fig is not None and hasattr(fig, "axes") else None)
    return _plt_close(fig)
_plt.close = _lint_close
get_ipython().events.callbacks["post_execute"].insert(0, lambda: _lint_all())
"""
LINT_REPORT = "_lint_all()\nprint('LINT', repr(_lint_problems))"
# JIT and GC flags of any JVM a page's kernel starts: speed only, the code and its results are the same.
JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


@pytest.mark.docs
@pytest.mark.parametrize("page", CODE_PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_page_runs_as_written(page, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = notebook_of(page)
    nb.cells.insert(0, nbformat.v4.new_code_cell(LINT_SETUP))
    nb.cells.append(nbformat.v4.new_code_cell(LINT_REPORT))
    text = page.read_text(encoding="utf-8")
    if "skewplot.widgets" in text or "%matplotlib widget" in text:
        for module in ("ipywidgets", "ipympl"):
            if importlib.util.find_spec(module) is None:
                pytest.skip(f"{page.name} needs {module} (the widgets extra)")
    # The console script lives beside the interpreter (a virtualenv's bin/).
    env_path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    os.environ["PATH"], old_path = env_path, os.environ.get("PATH", "")
    # A JVM the page starts (beyond_memory.rst's Spark session) compiles with C1 only and collects in one thread:
    # the same job on the same Spark, without C2 compiling hot code for a run of seconds (the JVM: ~45 -> ~22 CPU-s).
    old_java = os.environ.get("JAVA_TOOL_OPTIONS")
    os.environ["JAVA_TOOL_OPTIONS"] = " ".join(filter(None, [JVM_OPTIONS, old_java]))  # the caller's own win
    try:
        client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                         resources={"metadata": {"path": str(tmp_path)}})
        try:
            client.execute()
        except nbclient.exceptions.CellExecutionError as err:
            pytest.fail(f"{page.relative_to(DOCS)}: a code block fails as written:\n{err}")
    finally:
        os.environ["PATH"] = old_path
        if old_java is None:
            del os.environ["JAVA_TOOL_OPTIONS"]
        else:
            os.environ["JAVA_TOOL_OPTIONS"] = old_java
    assert nbformat.validate(nb) is None
    # every figure the page draws passes the figure lint
    report = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout")
    assert report.startswith("LINT "), report
    assert report[5:].strip() == "[]", f"{page.relative_to(DOCS)}: figure lint\n{report[5:]}"
