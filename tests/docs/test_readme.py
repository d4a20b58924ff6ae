"""README's "compare two classifiers" example runs and prints what the README shows."""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import skewplot as sp

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def example():
    section = README.split("<!-- compare-example -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    shown = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    return code, shown


def test_compare_example_is_about_ten_lines():
    code, _ = example()
    assert len(code.strip().splitlines()) <= 12


@pytest.mark.slow  # 2.4 s
def test_compare_example_prints_what_the_readme_shows(tmp_path):
    code, shown = example()
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, MPLBACKEND="Agg"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == shown.split()
    assert (tmp_path / "a_vs_b_at_1_percent.png").stat().st_size > 10_000


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_compare_example_numbers_by_brute_force():
    # The flip the README states, found independently: the sign of AUCPR(A) - AUCPR(B) on a grid of skews.
    namespace = {}
    code, _ = example()
    exec(code.split("for skew in")[0], namespace)  # the data and the two models only
    models = namespace["models"]
    grid = np.linspace(0.005, 0.1, 400)
    diff = np.array([sp.aucpr(models["A"], skew=s) - sp.aucpr(models["B"], skew=s) for s in grid])
    flips = grid[1:][np.diff(np.sign(diff)) != 0]
    assert flips.size == 1 and abs(flips[0] - 0.0263) < 0.0005


def test_every_image_the_readme_shows_is_committed():
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert "images/explorer_jupyterlab.png" in images
    root = Path(__file__).resolve().parents[2]
    for image in images:
        assert (root / image).is_file(), f"README shows {image}, which is not in the repository"


@pytest.mark.slow
def test_compare_example_figure_passes_the_figure_lint():
    """The figure the README's example saves: no legend over the curves, no clipped or overlapping text."""
    import matplotlib.pyplot as plt

    from skewplot.testing import lint_figure

    namespace = {}
    code, _ = example()
    exec(code.split("for skew in")[0], namespace)
    disp = sp.plot_pr(namespace["y"], {"A": namespace["score_a"], "B": namespace["score_b"]},
                      skew=0.01)  # the example's last line, without the file
    assert 'plot_pr(y, {"A": score_a, "B": score_b}, skew=0.01)' in code
    assert [str(p) for p in lint_figure(disp.figure_)] == []
    plt.close(disp.figure_)
