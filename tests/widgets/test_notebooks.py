"""The example notebooks: committed executed, with their outputs, and their numbers right.

The notebooks hold no test code.  Each test here executes a notebook in a
fresh kernel, then runs checks in that same kernel against independent
computations (``sp.aucpr`` and friends on the same points).

To re-execute the committed notebooks after a change (outputs and widget state
saved in place)::

    python tests/widgets/test_notebooks.py
"""

import ast
import base64
import pathlib
import sys

import pytest


def _nbformat():
    # Imported by the tests that read notebooks, not at collection: with jsonschema's format checkers
    # installed (JupyterLab's), importing nbformat costs seconds in every pytest worker.
    return pytest.importorskip("nbformat")


EXAMPLES = sorted((pathlib.Path(__file__).resolve().parents[2] / "examples").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# Run in the notebook's kernel after its last cell: the notebook's numbers against direct computations.
CHECKS = {
    "pr_at_any_skew.ipynb": """
assert w.displays["pr"].skew == 0.01
for name, pts in points.items():
    assert abs(w.readouts_[name]["AUC"] - sp.aucpr(pts, skew=0.01)) < 1e-12
    assert abs(w.readouts_[name]["nAUC"] - sp.aucpr(pts, skew=0.01, normalize=True)) < 1e-10
assert w.readouts_["strong"]["AUC"] > w.readouts_["weak"]["AUC"]
""",
    "integrated_and_temporal_pr.ipynb": """
expected = sp.aucpr(points["strong"], skew=(0.05, 0.2))
assert abs(integrated.readouts_["strong"]["AUC"] - expected) < 1e-12
window = sp.SkewSeries.from_function(lambda t: np.minimum(1, 2.0**t / 1e4), t_end=16.0)
assert abs(temporal.readouts_["weak"]["AUC"] - sp.aucpr(points["weak"], skew=window)) < 1e-12
assert integrated.backend == temporal.backend == "inline"
assert "image/png" in temporal.figure_widget.outputs[0]["data"]
""",
    "explorer.ipynb": """
d = w.displays
assert d["cost"].skew == d["fmeasure"].skew == d["pr"].skew == 0.01
assert d["cost"].m == 0.2 and d["fmeasure"].f_alpha == 0.7
assert abs(w.readouts_["strong"]["AUC P̄"] - sp.aucpr(points["strong"], skew=(0.02, 0.2))) < 1e-12
best = sp.f_envelope(points["weak"], skews=[0.05], f_alpha=0.2)[0][0]
assert abs(f.readouts_["weak"]["F at π′"] - best) < 1e-10
assert cost.readouts_["strong"]["NEC at π′"] < cost.readouts_["weak"]["NEC at π′"]
""",
}


def execute(nb, cwd, extra=None):
    """Run every cell of ``nb`` (widget state stored in its metadata), then ``extra`` in the same kernel."""
    import nbclient

    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3", store_widget_state=True,
                                     resources={"metadata": {"path": str(cwd)}})
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
        client.set_widgets_metadata()
        if extra is not None:
            nb.cells.append(_nbformat().v4.new_code_cell(extra))
            try:
                client.execute_cell(nb.cells[-1], len(nb.cells) - 1, store_history=False)
            finally:
                nb.cells.pop()
    return nb


def test_there_are_examples():
    assert len(EXAMPLES) >= 3
    assert {p.name for p in EXAMPLES} == set(CHECKS)


@pytest.mark.slow_cases('pr_at_any_skew.ipynb')  # 3.3 s at most (2026-11-29)
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
@pytest.mark.slow_cases("explorer.ipynb", "integrated_and_temporal_pr.ipynb")  # 1.5 s, 1.8 s
def test_notebook_has_no_test_code(path):
    nb = _nbformat().read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            tree = ast.parse("\n".join(line for line in cell.source.splitlines() if not line.startswith("%")))
            asserts = [n for n in ast.walk(tree) if isinstance(n, ast.Assert)]
            assert not asserts, f"{path.name}: test code belongs in tests/widgets/test_notebooks.py"


@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'integrated_and_temporal_pr.ipynb')
@pytest.mark.slow_cases('pr_at_any_skew.ipynb')  # 0.3 s or more, 2-worker run of 2026-12-01
@pytest.mark.slow_cases('explorer.ipynb')  # loaded run 2026-11-29
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_committed_notebook_is_executed_with_outputs(path):
    nbformat = _nbformat()
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), \
        f"{path.name} is not executed top to bottom: run `python tests/widgets/test_notebooks.py`"
    outputs = [o for c in code for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"], f"{path.name} has an error output"
    views = [o for o in outputs if o.output_type in ("display_data", "execute_result") and WIDGET_VIEW in o.data]
    assert views, f"{path.name} shows no widget"
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for view in views:
        # The live widget has its saved state, and a static copy (GitHub) shows the figure as a PNG.
        assert view.data[WIDGET_VIEW]["model_id"] in state, f"{path.name}: widget state not saved"
        assert base64.b64decode(view.data["image/png"]).startswith(b"\x89PNG"), f"{path.name}: no static figure"
    # The last cell shows its numbers.
    assert code[-1].outputs and code[-1].outputs[-1].output_type in ("execute_result", "stream")


@pytest.mark.docs
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_notebook_runs_and_its_numbers_are_right(path, tmp_path):
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = _nbformat().read(path, as_version=4)
    try:
        execute(nb, tmp_path, CHECKS[path.name])
    except nbclient.exceptions.CellExecutionError as err:
        pytest.fail(f"{path.name}: {err}")


if __name__ == "__main__":
    # Re-execute the committed notebooks in place (from the repository root, with this checkout first on
    # PYTHONPATH so the kernel imports it).
    nbformat = _nbformat()
    for path in EXAMPLES if len(sys.argv) < 2 else [pathlib.Path(a) for a in sys.argv[1:]]:
        nb = execute(nbformat.read(path, as_version=4), path.parent)
        nbformat.write(nb, path)
        print("executed", path)
