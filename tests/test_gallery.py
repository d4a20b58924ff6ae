"""Run every gallery script headless: no error, no RuntimeWarning, under 30 s of CPU each."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

GALLERY = Path(__file__).resolve().parents[1] / "gallery"
SCRIPTS = sorted(GALLERY.glob("plot_*.py"))
TIME_LIMIT = 30.0

# Scripts that need a package outside skewplot's own dependencies.
OPTIONAL = {
    "plot_out_of_core_duckdb.py": "duckdb",
    "plot_breast_cancer.py": "sklearn",
}

# Runs one script the way sphinx-gallery does (as __main__, Agg backend) and
# reports its own run time, so interpreter start-up does not count.
RUNNER = """
import json, runpy, sys, time, warnings
warnings.simplefilter("error", RuntimeWarning)
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
start = time.process_time()
runpy.run_path(sys.argv[1], run_name="__main__")
elapsed = time.process_time() - start
print(json.dumps({"elapsed": elapsed, "figures": len(plt.get_fignums())}))
"""


def test_there_are_enough_scripts():
    assert len(SCRIPTS) >= 12


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_gallery_script_runs(script, tmp_path):
    needed = OPTIONAL.get(script.name)
    if needed is not None and importlib.util.find_spec(needed) is None:
        pytest.skip(f"{script.name} needs the optional package {needed!r}")
    env = dict(os.environ, MPLBACKEND="Agg")
    proc = subprocess.run([sys.executable, "-c", RUNNER, str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=4 * TIME_LIMIT)
    assert proc.returncode == 0, f"{script.name} failed:\n{proc.stderr[-3000:]}"
    assert "RuntimeWarning" not in proc.stderr, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["figures"] >= 1, f"{script.name} drew no figure"
    # CPU time of the script (all its threads), not wall time: the budget must hold on a busy machine too.
    assert report["elapsed"] < TIME_LIMIT, f"{script.name} took {report['elapsed']:.1f} s of CPU"
