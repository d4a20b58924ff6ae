import os
import stat
import subprocess
import sys

import numpy as np
import pytest

import skewplot as sp
from skewplot._format import column, number
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
    assert main(["report", str(path), "--y-score", "score", "--y-true", "label", "--skew", "0.05"]) == 0
    out = capsys.readouterr().out
    pts = sp.operating_points(y, s)
    assert f" {number(sp.aucpr(pts))} " in out and f" {number(sp.aucpr(pts, skew=0.05))} " in out
    assert f" {number(sp.roc_auc(pts))} " in out


def test_report_keeps_the_digits_of_a_small_area(tmp_path, capsys):
    # scores that do not rank: at pi' = 1e-4 the AUCPR is ~1e-4, written "0.0001" (one digit) on main
    rng = np.random.default_rng(3)
    y, s = rng.random(400) < 0.3, rng.random(400)
    path = tmp_path / "noise.csv"
    path.write_text("score,label\n" + "".join(f"{a},{int(b)}\n" for a, b in zip(s, y, strict=True)))
    assert main(["report", str(path), "--y-score", "score", "--y-true", "label", "--skew", "1e-4"]) == 0
    header, row = capsys.readouterr().out.splitlines()
    assert header.split()[-2] == "AUCPR@0.0001"
    small = sp.aucpr(sp.operating_points(y, s), skew=1e-4)
    assert small < 1e-3 and row.split()[-2] == number(small)
    assert len(row.split()[-2].split("e")[0].replace(".", "").lstrip("0")) >= 2


@pytest.mark.slow  # 0.5 s
def test_plot_writes_the_file_and_never_overwrites_without_force(csv_file, tmp_path, capsys):
    path, _, _ = csv_file
    out = tmp_path / "pr.svg"
    args = ["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "pr", "--skew", "0.1",
            "-o", str(out)]
    assert main(args) == 0 and out.stat().st_size > 0
    before = out.read_bytes()
    assert main(args) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert main(args + ["--force"]) == 0


@pytest.mark.parametrize("args, message", [
    (["--y-score", "nope", "--y-true", "label"], "no column 'nope'"),
    (["--y-score", "text", "--y-true", "label"], "non-finite value 'abc'"),
    (["--y-score", "score", "--y-true", "label", "--pos-label", "maybe"], "--pos-label"),
    (["--y-score", "score", "--y-true", "w"], "--pos-label is needed"),
])
def test_friendly_errors(csv_file, tmp_path, capsys, args, message):
    path, _, _ = csv_file
    assert main(["report", str(path)] + args) == 2
    assert message in capsys.readouterr().err


def test_missing_file_unknown_space_and_bad_extension(tmp_path, capsys, csv_file):
    assert main(["report", str(tmp_path / "missing.csv"), "--y-score", "s", "--y-true", "l"]) == 2
    assert "file not found" in capsys.readouterr().err
    path, _, _ = csv_file
    assert main(["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "pr", "-o",
                 str(tmp_path / "x.jpg")]) == 2
    assert ".png" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "nope", "-o", "x.png"])


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_python_dash_m_demo_runs():
    out = subprocess.run([sys.executable, "-m", "skewplot", "demo"], capture_output=True, text=True, check=True)
    assert "strong" in out.stdout and "AUCPR@0.01" in out.stdout


def test_help_explains_every_option(capsys):
    with pytest.raises(SystemExit):
        main(["plot", "--help"])
    text = capsys.readouterr().out
    for opt in ("--y-score", "--y-true", "--sample-weight", "--space", "--skew", "--output", "--force", "--pos-label"):
        assert opt in text


@pytest.mark.parametrize("space, skew", [("pr", None), ("integrated", ["--skew-range", "0.1,0.4"]),
                                         pytest.param("temporal", ["--skew-series", "0.01,0.1,0.3"],
                                                      marks=pytest.mark.slow),
                                         ("roc", None),
                                         ("cost", ["--skew", "0.2"]), ("f", ["--skew", "0.2"])])
@pytest.mark.slow_cases(  # 0.5 s or more, loaded run 2026-11-29 12:50
    'f-skew5',
    'integrated-skew1',
    'pr-None',
    'roc-None')
@pytest.mark.slow_cases('cost-skew4')  # 0.3 s or more, 2-worker run of 2026-12-01
def test_plot_every_space(csv_file, tmp_path, space, skew):
    path, _, _ = csv_file
    out = tmp_path / f"{space}.png"
    args = ["plot", str(path), "--y-score", "score", "--y-true", "label", "--sample-weight", "w",
            "--space", space, "-o", str(out)]
    if skew:
        args += skew
    assert main(args) == 0 and out.stat().st_size > 0


def test_plot_rejects_a_wrong_skew_for_the_space(csv_file, tmp_path, capsys):
    path, _, _ = csv_file
    base = ["plot", str(path), "--y-score", "score", "--y-true", "label", "-o", str(tmp_path / "x.png")]
    assert main(base + ["--space", "integrated", "--skew", "0.1"]) == 2
    assert "--skew does not apply to --space integrated (it takes --skew-range)" in capsys.readouterr().err
    assert main(base + ["--space", "pr", "--skew", "0.1,0.4"]) == 2
    assert "--skew takes one deployment skew" in capsys.readouterr().err
    assert main(base + ["--space", "integrated", "--skew-range", "0.4,0.1"]) == 2
    assert "lo,hi" in capsys.readouterr().err
    assert main(base + ["--space", "pr", "--skew", "1.5"]) == 2
    assert "skew" in capsys.readouterr().err


@pytest.mark.slow  # two demo runs, about 10 s
def test_demo_writes_every_figure_linted_under_the_umask_and_keeps_existing_ones(tmp_path, capsys, umask,
                                                                                 monkeypatch):
    """README's overview image and every demo figure: written with the umask's modes, passing the figure lint (no
    legend over data, no clipped or overlapping text), and never overwritten without --force.  One demo run checks
    all three (each run draws eight figures)."""
    from skewplot import cli
    from skewplot.testing import lint_figure

    seen = {}
    real = cli.save_figure

    def linted(fig, path, **kwargs):
        seen[os.path.basename(str(path))] = [str(p) for p in lint_figure(fig)]
        return real(fig, path, **kwargs)

    monkeypatch.setattr(cli, "save_figure", linted)
    umask(0o027)
    out = tmp_path / "demo"
    assert main(["demo", "--out", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(["pr.png", "pr_at_0.01.png", "integrated.png", "temporal.png", "roc.png", "cost.png",
                            "f.png", "overview.png"])
    assert sorted(seen) == names
    assert {name: problems for name, problems in seen.items() if problems} == {}
    for written in out.iterdir():
        assert stat.S_IMODE(written.stat().st_mode) == 0o640, written
    assert stat.S_IMODE(out.stat().st_mode) == 0o750
    # The lint's verdicts are all read above: the two runs below save through the real save_figure, unlinted
    # (the --force run draws the same eight figures again, and linting them again checked nothing).
    monkeypatch.setattr(cli, "save_figure", real)
    assert main(["demo", "--out", str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["demo", "--out", str(out), "--force"]) == 0


@pytest.fixture
def two_scores(tmp_path):
    y, a = sp.datasets.make_scores(400, 0.1, separation=2.0, random_state=2)
    b = a + sp.datasets.make_scores(400, 0.1, random_state=3)[1]
    path = tmp_path / "two.csv"
    with open(path, "w") as fh:
        fh.write("y,good,noisy\n")
        for row in zip(y, a, b, strict=True):
            fh.write(",".join(str(v) for v in row) + "\n")
    return path, y, {"good": sp.operating_points(y, a), "noisy": sp.operating_points(y, b)}


def test_report_one_row_per_score_with_p_bar_over_a_range(two_scores, capsys):
    path, _, pts = two_scores
    args = ["report", str(path), "--y-score", "good", "--y-score", "noisy", "--y-true", "y", "--skew", "0.01",
            "--skew", "0.002", "--skew-range", "0.001,0.05"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "AUCPR@0.002" in lines[0] and "P̄AUCPR@[0.001,0.05]" in lines[0]
    # one format per column: both rows' cells written as skewplot._format.column writes the column
    in_range = column([sp.aucpr(pts[name], skew=sp.SkewRange(0.001, 0.05)) for name in ("good", "noisy")])
    at_002 = column([sp.aucpr(pts[name], skew=0.002) for name in ("good", "noisy")])
    for k, (name, line) in enumerate(zip(("good", "noisy"), lines[1:], strict=True)):
        cells = line.split()
        assert cells[0] == name
        assert in_range[k] == cells[-2]
        assert at_002[k] in cells


@pytest.mark.slow  # loaded run 2026-11-29
def test_plot_draws_one_curve_per_score(two_scores, tmp_path, monkeypatch):
    path, _, pts = two_scores
    seen = {}
    import skewplot.cli as cli

    real = cli.draw_space

    def spy(points, space, **kw):
        seen["disp"] = real(points, space, **kw)
        return seen["disp"]

    monkeypatch.setattr(cli, "draw_space", spy)
    out = tmp_path / "two.png"
    assert main(["plot", str(path), "--y-score", "good", "--y-score", "noisy", "--y-true", "y", "--space", "pr",
                 "--skew", "0.01", "-o", str(out)]) == 0
    assert seen["disp"].aucs_ == {k: pytest.approx(sp.aucpr(p, skew=0.01)) for k, p in pts.items()}


def test_repeated_options_accumulate_or_are_refused(two_scores, tmp_path, capsys):
    path, _, _ = two_scores
    base = ["plot", str(path), "--y-score", "good", "--space", "pr", "-o", str(tmp_path / "x.png")]
    with pytest.raises(SystemExit):
        main(base + ["--y-true", "y", "--y-true", "good"])
    assert "--y-true given twice" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(base + ["--y-true", "y", "--skew", "0.1", "--skew", "0.2"])
    assert "--skew given twice" in capsys.readouterr().err
    assert main(base + ["--y-true", "y", "--y-score", "good"]) == 2
    assert "--y-score 'good' given twice" in capsys.readouterr().err


@pytest.fixture
def umask():
    """Set the process's umask for one test (``umask(0o027)``), restored after."""
    old = os.umask(0o022)
    os.umask(old)
    yield os.umask
    os.umask(old)


@pytest.mark.slow_cases('0o77')  # 0.3 s or more, 2-worker run of 2026-12-01
@pytest.mark.slow_cases('0o22', '0o27')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("mask", [0o022, 0o027, 0o077], ids=oct)
def test_plot_files_follow_the_umask(csv_file, tmp_path, umask, mask):
    """A new file gets 0o666 less the umask, as ``open`` gives it (mkstemp alone gives 0o600)."""
    path, _, _ = csv_file
    umask(mask)
    out = tmp_path / "pr.png"
    assert main(["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "pr", "-o", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask
    assert not list(tmp_path.glob(".skewplot-*")), "a temporary file was left behind"


@pytest.mark.slow  # 0.6 s
def test_overwritten_file_keeps_its_permissions(csv_file, tmp_path, umask):
    path, _, _ = csv_file
    umask(0o022)
    out = tmp_path / "pr.pdf"
    args = ["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "pr", "-o", str(out)]
    assert main(args) == 0
    os.chmod(out, 0o640)
    assert main(args + ["--force"]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_column_options_are_named_as_the_python_keywords_and_the_old_spellings_still_work(csv_file, capsys):
    """--y-score/--y-true/--sample-weight as y_score=/y_true=/sample_weight=; the old spellings say deprecated."""
    path, _, _ = csv_file
    assert main(["report", str(path), "--y-score", "score", "--y-true", "label", "--sample-weight", "w"]) == 0
    new = capsys.readouterr()
    assert new.err == ""
    assert main(["report", str(path), "--score", "score", "--label", "label", "--weight", "w"]) == 0
    old = capsys.readouterr()
    assert old.out == new.out
    for was, now in (("--score", "--y-score"), ("--label", "--y-true"), ("--weight", "--sample-weight")):
        assert f"{was} is deprecated; use {now}" in old.err
    # one option, two spellings: still given once
    with pytest.raises(SystemExit) as stop:
        main(["report", str(path), "--y-score", "score", "--y-true", "label", "--label", "label"])
    assert stop.value.code == 2 and "--label given twice" in capsys.readouterr().err
