"""The command line on Parquet files: aggregated by DuckDB, exact or bracketed, one-line errors."""

import shutil
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import skewplot as sp

pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "skewplot", *args], capture_output=True, text=True, cwd=cwd)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The scores as one CSV file and three Parquet parts, written once for the module (no test changes them)."""
    folder = tmp_path_factory.mktemp("scores")
    rng = np.random.default_rng(0)
    y = (rng.random(30_000) < 0.05).astype(int)
    df = pd.DataFrame({"a": np.round(rng.normal(size=y.size) + 1.5 * y, 2), "b": rng.normal(size=y.size) + y, "y": y})
    df.to_csv(folder / "scores.csv", index=False, float_format="%.17g")
    for i, part in enumerate(np.array_split(np.arange(len(df)), 3)):
        df.iloc[part].to_parquet(folder / f"part{i}.parquet")
    return folder, df


@pytest.fixture
def files(written, tmp_path):
    """A copy of the files in the test's own folder, where it may add files (a corrupt part, a plot)."""
    folder, df = written
    for path in folder.iterdir():
        shutil.copyfile(path, tmp_path / path.name)
    return tmp_path, df


def _table(stdout):
    """Rows by classifier: [skew, ROC AUC, AUCPR, AP, ...] as text; and the last line."""
    lines = stdout.strip().splitlines()
    return {ln.split()[0]: ln.split()[1:] for ln in lines[1:-1]}, lines[-1]


def test_parquet_glob_gives_the_csv_numbers_when_exact(files):
    tmp, df = files
    csv = _cli("report", "scores.csv", "--y-score", "a", "--y-true", "y", cwd=tmp)
    pq = _cli("report", "part*.parquet", "--y-score", "a", "--y-true", "y", cwd=tmp)
    assert csv.returncode == 0 and pq.returncode == 0, pq.stderr
    rows, last = _table(pq.stdout)
    assert last.startswith("exact")
    assert csv.stdout.splitlines()[:2] == pq.stdout.splitlines()[:2]
    # the report writes three significant digits (skewplot._format.number): 0.326 for 0.32638
    assert float(rows["a"][2]) == pytest.approx(sp.aucpr(sp.operating_points(df.y, df.a)), abs=5e-4)


def test_parquet_with_tolerance_prints_brackets_that_hold(files):
    tmp, df = files
    out = _cli("report", "part*.parquet", "--y-score", "b", "--y-score", "a", "--y-true", "y", "--tolerance", "1e-3",
               "--skew", "0.001", cwd=tmp)
    assert out.returncode == 0, out.stderr
    rows, last = _table(out.stdout)
    assert last.startswith("bracketed")
    low, high = map(float, rows["b"][2].strip("[]").split(","))
    exact = sp.aucpr(sp.operating_points(df.y, df.b))
    assert low <= exact <= high  # rounded outward: the printed bracket still holds the exact value
    assert high - low <= 1e-3 + 1e-4


@pytest.mark.parametrize("args, message", [
    (("report", "missing.parquet", "--y-score", "a", "--y-true", "y"), "file not found: missing.parquet"),
    (("report", "none*.parquet", "--y-score", "a", "--y-true", "y"), "no file matches"),
    (("report", "part0.parquet", "--y-score", "z", "--y-true", "y"), "score='z' is not a column"),
    (("report", "part0.parquet", "--y-score", "a", "--y-true", "y", "--tolerance", "0"), "tolerance must lie in"),
    (("report", "scores.csv", "--y-score", "a", "--y-true", "y", "--tolerance", "1e-3"), "Parquet input only"),
])
def test_errors_are_one_line(files, args, message):
    tmp, _ = files
    out = _cli(*args, cwd=tmp)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


@pytest.mark.parametrize("bad, message", [
    (b"PAR1garbage", "too small to be a Parquet file"),
    (b"", "part9.parquet"),
])
def test_a_corrupt_part_of_a_glob_is_one_line(files, bad, message):
    tmp, _ = files
    (tmp / "part9.parquet").write_bytes(bad)
    out = _cli("report", "part*.parquet", "--y-score", "a", "--y-true", "y", cwd=tmp)
    assert out.returncode == 2
    assert "table: DuckDB could not read 'part*.parquet'" in out.stderr and message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_plot_of_a_bracketed_parquet_draws_its_curve(files):
    """Issue 29: 'skewplot plot big.parquet --space pr' was empty (the band narrower than a pixel drew nothing)."""
    import matplotlib.image as mpimg

    tmp, _ = files
    out = _cli("plot", "part*.parquet", "--y-score", "b", "--y-true", "y", "--tolerance", "1e-3", "--space", "pr",
               "--skew", "0.005", "-o", "pr.png", cwd=tmp)
    assert out.returncode == 0, out.stderr
    img = mpimg.imread(tmp / "pr.png")[..., :3]
    # the first palette colour (blue): the drawn curves, far more pixels than the legend's handle alone
    blue = (img[..., 2] > 0.5) & (img[..., 0] < 0.35) & (img[..., 2] - img[..., 1] > 0.2)
    assert blue.sum() > 1500, blue.sum()
