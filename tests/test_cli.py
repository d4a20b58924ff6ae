import subprocess
import sys

import pytest

import skewplot as sp
from skewplot.cli import main


@pytest.fixture
def csv_file(tmp_path):
    y, s = sp.datasets.make_scores(300, 0.2, random_state=1)
    path = tmp_path / "scores.csv"
    with open(path, "w") as fh:
        fh.write("score,label,w,text\n")
        for a, b in zip(s, y, strict=True):
            fh.write(f"{a},{'yes' if b else 'no'},2.0,abc\n")
    return path, y, s


def test_report_prints_the_metrics(csv_file, capsys):
    path, y, s = csv_file
    assert main(["report", str(path), "--score", "score", "--label", "label", "--skew", "0.05"]) == 0
    out = capsys.readouterr().out
    pts = sp.operating_points(y, s)
    assert f"{sp.aucpr(pts):.4f}" in out and f"{sp.aucpr(pts, skew=0.05):.4f}" in out
    assert f"{sp.roc_auc(pts):.4f}" in out


def test_plot_writes_the_file_and_never_overwrites_without_force(csv_file, tmp_path, capsys):
    path, _, _ = csv_file
    out = tmp_path / "pr.svg"
    args = ["plot", str(path), "--score", "score", "--label", "label", "--space", "pr", "--skew", "0.1", "-o", str(out)]
    assert main(args) == 0 and out.stat().st_size > 0
    before = out.read_bytes()
    assert main(args) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert main(args + ["--force"]) == 0


@pytest.mark.parametrize("args, message", [
    (["--score", "nope", "--label", "label"], "no column 'nope'"),
    (["--score", "text", "--label", "label"], "non-numeric value 'abc'"),
    (["--score", "score", "--label", "label", "--pos-label", "maybe"], "--pos-label"),
    (["--score", "score", "--label", "w"], "--pos-label is needed"),
])
def test_friendly_errors(csv_file, tmp_path, capsys, args, message):
    path, _, _ = csv_file
    assert main(["report", str(path)] + args) == 2
    assert message in capsys.readouterr().err


def test_missing_file_unknown_space_and_bad_extension(tmp_path, capsys, csv_file):
    assert main(["report", str(tmp_path / "missing.csv"), "--score", "s", "--label", "l"]) == 2
    assert "file not found" in capsys.readouterr().err
    path, _, _ = csv_file
    assert main(["plot", str(path), "--score", "score", "--label", "label", "--space", "pr", "-o",
                 str(tmp_path / "x.jpg")]) == 2
    assert ".png" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["plot", str(path), "--score", "score", "--label", "label", "--space", "nope", "-o", "x.png"])


def test_python_dash_m_demo_runs():
    out = subprocess.run([sys.executable, "-m", "skewplot", "demo"], capture_output=True, text=True, check=True)
    assert "strong" in out.stdout and "AUCPR@0.01" in out.stdout


def test_help_explains_every_option(capsys):
    with pytest.raises(SystemExit):
        main(["plot", "--help"])
    text = capsys.readouterr().out
    for opt in ("--score", "--label", "--weight", "--space", "--skew", "--output", "--force", "--pos-label"):
        assert opt in text


@pytest.mark.parametrize("space, skew", [("pr", None), ("integrated", "0.1,0.4"), ("temporal", "0.01,0.1,0.3"),
                                         ("roc", None), ("cost", "0.2"), ("f", "0.2")])
def test_plot_every_space(csv_file, tmp_path, space, skew):
    path, _, _ = csv_file
    out = tmp_path / f"{space}.png"
    args = ["plot", str(path), "--score", "score", "--label", "label", "--weight", "w",
            "--space", space, "-o", str(out)]
    if skew:
        args += ["--skew", skew]
    assert main(args) == 0 and out.stat().st_size > 0


def test_plot_rejects_a_wrong_skew_for_the_space(csv_file, tmp_path, capsys):
    path, _, _ = csv_file
    base = ["plot", str(path), "--score", "score", "--label", "label", "-o", str(tmp_path / "x.png")]
    assert main(base + ["--space", "integrated", "--skew", "0.1"]) == 2
    assert "lo,hi" in capsys.readouterr().err
    assert main(base + ["--space", "pr", "--skew", "1.5"]) == 2
    assert "skew" in capsys.readouterr().err


def test_demo_writes_every_figure_and_keeps_existing_ones(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(["pr.png", "pr_at_0.01.png", "integrated.png", "temporal.png", "roc.png", "cost.png",
                            "f.png", "overview.png"])
    assert main(["demo", "--out", str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["demo", "--out", str(out), "--force"]) == 0
