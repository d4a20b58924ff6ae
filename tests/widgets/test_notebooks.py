"""The example notebooks: committed without outputs, and they run (their last cell asserts)."""

import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

EXAMPLES = sorted((pathlib.Path(__file__).resolve().parents[2] / "examples").glob("*.ipynb"))


def test_there_are_examples():
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name} has outputs"
    assert nb.cells[-1].cell_type == "code" and "assert" in nb.cells[-1].source


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_notebook_runs(path, tmp_path):
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()  # raises CellExecutionError, with the traceback, if any cell (an assert) fails
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
