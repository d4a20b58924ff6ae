"""The command line under bad input, generated: every data command × every bad file, path and option.

Each case must exit with status 2, print exactly one line on stderr that names
what is wrong, print no traceback, and leave any existing output untouched.
``--debug`` shows the traceback instead.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from skewplot.cli import main

GOOD = "score,label\n" + "".join(f"{0.1 * i:.1f},{i % 2}\n" for i in range(10))


def write(path, data):
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


# name -> (file content or a maker, extra args, text the one-line error must contain)
FILES = {
    "latin1": ("score,label,name\n0.1,0,caf\xe9\n0.9,1,na\xefve\n".encode("latin-1"), [], "--encoding"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 10, [], "binary"),
    "empty": (b"", [], "empty"),
    "header_only": ("score,label\n", [], "no data rows"),
    "duplicate_column": ("score,label,score\n0.1,0,1\n0.9,1,2\n", [], "more than once"),
    "missing_score": ("s,label\n0.1,0\n0.9,1\n", [], "--y-score"),
    "missing_label": ("score,lab\n0.1,0\n0.9,1\n", [], "--y-true"),
    "non_numeric": ("score,label\nabc,0\n0.9,1\n", [], "--y-score"),
    "nan_score": ("score,label\nnan,0\n0.9,1\n", [], "--y-score"),
    "inf_score": ("score,label\ninf,0\n0.9,1\n", [], "--y-score"),
    "blank_score": ("score,label\n,0\n0.9,1\n", [], "--y-score"),
    "one_class": ("score,label\n0.1,1\n0.9,1\n", [], "one class"),
    "three_labels_pos_label": ("score,label\n0.1,0\n0.5,1\n0.9,2\n", ["--pos-label", "1"], "--y-true"),
    "three_labels": ("score,label\n0.1,a\n0.5,b\n0.9,c\n", [], "--pos-label"),
    "unknown_pos_label": (GOOD, ["--pos-label", "7"], "--pos-label"),
    "negative_weight": ("score,label,w\n0.1,0,-1\n0.9,1,1\n", ["--sample-weight", "w"], "sample_weight"),
    "missing_weight": (GOOD, ["--sample-weight", "w"], "--sample-weight"),
    "unknown_encoding": (GOOD, ["--encoding", "klingon"], "--encoding"),
    "short_row": ("score,label\n0.1\n0.9,1\n", [], "line 2"),
}
SKEWS = {
    "not_a_number": ("abc", "--skew"),
    "zero": ("0", "skew"),
    "one": ("1", "skew"),
    "above": ("1.5", "skew"),
    "nan": ("nan", "skew"),
    "empty": (",", "--skew"),
}


def run(args, capsys):
    status = main(args)
    err = capsys.readouterr().err
    return status, err


def assert_one_line_error(status, err, needle):
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert needle in lines[0], lines[0]


CASES = []
for command in ("plot", "report"):
    for key, (content, extra, needle) in FILES.items():
        CASES.append(pytest.param(command, key, content, extra, needle, id=f"{command}-file-{key}"))


@pytest.mark.parametrize("command,key,content,extra,needle", CASES)
def test_bad_file(tmp_path, capsys, command, key, content, extra, needle):
    path = write(tmp_path / "in.csv", content)
    args = [command, str(path), "--y-score", "score", "--y-true", "label", *extra]
    if command == "plot":
        args += ["--space", "pr", "-o", str(tmp_path / "out.png")]
    status, err = run(args, capsys)
    assert_one_line_error(status, err, needle)
    assert not (tmp_path / "out.png").exists()


PATHS = ["folder_as_input", "missing_input"]


@pytest.mark.parametrize("command", ["plot", "report"])
@pytest.mark.parametrize("which", PATHS)
def test_bad_input_path(tmp_path, capsys, command, which):
    path = tmp_path / ("folder" if which == "folder_as_input" else "missing.csv")
    if which == "folder_as_input":
        path.mkdir()
    args = [command, str(path), "--y-score", "score", "--y-true", "label"]
    if command == "plot":
        args += ["--space", "roc", "-o", str(tmp_path / "out.png")]
    status, err = run(args, capsys)
    assert_one_line_error(status, err, str(path))


SKEW_CASES = [(space, key) for space in ("pr", "integrated", "temporal", "cost", "f") for key in SKEWS
              # A range or series may reach 0 and 1 (precision takes its limit), and cost/F mark any skew in [0, 1].
              if space == "pr" or key not in ("zero", "one")]


@pytest.mark.parametrize("space,key", SKEW_CASES)
def test_bad_skew(tmp_path, capsys, space, key):
    text, needle = SKEWS[key]
    path = write(tmp_path / "in.csv", GOOD)
    if space in ("integrated",) and key not in ("not_a_number", "empty"):
        text = f"0.1,{text}"
    if space == "temporal" and key not in ("not_a_number", "empty"):
        text = f"0.1,0.2,{text}"
    status, err = run(["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", space, "--skew", text,
                       "-o", str(tmp_path / "o.png")], capsys)
    assert_one_line_error(status, err, needle)


@pytest.mark.parametrize("space", ["pr", "cost", "f"])
def test_list_options_take_every_value_or_refuse(tmp_path, capsys, space):
    path = write(tmp_path / "in.csv", GOOD)
    status, err = run(["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", space,
                       "--skew", "0.1,0.2", "-o", str(tmp_path / "o.png")], capsys)
    assert_one_line_error(status, err, "--skew")


def test_report_takes_every_skew(tmp_path, capsys):
    path = write(tmp_path / "in.csv", GOOD)
    assert main(["report", str(path), "--y-score", "score", "--y-true", "label", "--skew", "0.1", "--skew", "0.2",
                 "--skew", "0.3"]) == 0
    out = capsys.readouterr().out
    assert all(f"AUCPR@{s}" in out for s in ("0.1", "0.2", "0.3"))


OUTPUTS = {
    "missing_folder": (lambda d: d / "nope" / "out.png", "does not exist"),
    "below_a_file": (lambda d: d / "in.csv" / "out.png", "is a file"),
    "is_a_folder": (lambda d: d / "sub.png", "is a folder"),
    "bad_extension": (lambda d: d / "out.jpg", ".png"),
    "no_extension": (lambda d: d / "out", ".png"),
}


@pytest.mark.parametrize("key", list(OUTPUTS))
def test_bad_output(tmp_path, capsys, key):
    path = write(tmp_path / "in.csv", GOOD)
    (tmp_path / "sub.png").mkdir()
    make, needle = OUTPUTS[key]
    status, err = run(["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "roc",
                       "-o", str(make(tmp_path))], capsys)
    assert_one_line_error(status, err, needle)


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_existing_output_is_kept_without_force_and_replaced_whole_with_it(tmp_path, capsys):
    path = write(tmp_path / "in.csv", GOOD)
    out = tmp_path / "out.svg"
    out.write_text("keep me")
    args = ["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "roc", "-o", str(out)]
    status, err = run(args, capsys)
    assert_one_line_error(status, err, "--force")
    assert out.read_text() == "keep me"
    assert main(args + ["--force"]) == 0
    assert out.read_text().lstrip().startswith("<?xml")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".skewplot-")] == []


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_a_failed_write_leaves_no_partial_file(tmp_path, capsys, monkeypatch):
    import matplotlib.figure

    path = write(tmp_path / "in.csv", GOOD)
    out = tmp_path / "out.png"

    def broken(self, fh, **kwargs):
        fh.write(b"partial")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", broken)
    status, err = run(["plot", str(path), "--y-score", "score", "--y-true", "label", "--space", "roc", "-o", str(out)],
                      capsys)
    assert_one_line_error(status, err, "No space left")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.csv"]


@pytest.mark.parametrize("key", ["file", "below_a_file"])
def test_demo_out_bad(tmp_path, capsys, key):
    target = tmp_path / "f"
    target.write_text("x")
    out = target if key == "file" else target / "sub"
    status, err = run(["demo", "--out", str(out)], capsys)
    assert_one_line_error(status, err, "--out")


def test_usage_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as info:
        main(["plot", "x.csv", "--y-score", "s", "--y-true", "l", "--space", "nope", "-o", "x.png"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--space" in err


@pytest.mark.slow  # 1.1 s (2026-11-29, -n 2)
def test_debug_shows_the_traceback(tmp_path):
    path = write(tmp_path / "in.csv", "score,label\nabc,0\n0.9,1\n")
    env = dict(os.environ, MPLBACKEND="Agg")
    base = [sys.executable, "-m", "skewplot"]
    args = ["report", str(path), "--y-score", "score", "--y-true", "label"]
    quiet = subprocess.run(base + args, capture_output=True, text=True, env=env)
    assert quiet.returncode == 2 and "Traceback" not in quiet.stderr and len(quiet.stderr.strip().splitlines()) == 1
    loud = subprocess.run(base + ["--debug"] + args, capture_output=True, text=True, env=env)
    assert loud.returncode != 0 and "Traceback" in loud.stderr
    loud = subprocess.run(base + args + ["--debug"], capture_output=True, text=True, env=env)
    assert "Traceback" in loud.stderr


def test_latin1_file_reads_with_its_encoding_named(tmp_path, capsys):
    path = write(tmp_path / "in.csv", "score,label,name\n0.1,0,caf\xe9\n0.9,1,na\xefve\n".encode("latin-1"))
    assert main(["report", str(path), "--y-score", "score", "--y-true", "label", "--encoding", "latin-1"]) == 0
