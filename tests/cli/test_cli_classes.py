"""``skewplot plot|report --class-scores``: a class column and one score column per class, on real files."""

from __future__ import annotations

import numpy as np
import pytest

import skewplot as sp
from skewplot.cli import main

PRIORS = {"cat": 0.8, "dog": 0.15, "eel": 0.05}


@pytest.fixture
def csv_file(tmp_path):
    rng = np.random.default_rng(0)
    y = rng.choice(["cat", "dog", "eel"], 150)
    p = rng.dirichlet([1, 1, 1], 150) + 0.6 * np.eye(3)[np.searchsorted(["cat", "dog", "eel"], y)]
    p = np.round(p / p.sum(axis=1, keepdims=True), 4)
    rows = "".join(f"{lab},{a},{b},{c}\n" for lab, (a, b, c) in zip(y, p, strict=True))
    path = tmp_path / "mc.csv"
    path.write_text("label,p_cat,p_dog,p_eel\n" + rows)
    return path, y, p


def _run(args, capsys):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.slow
def test_report_one_row_per_class_at_the_priors_and_the_argmax(csv_file, capsys):
    path, y, p = csv_file
    status, out, err = _run(["report", path, "--y-true", "label", "--class-scores", "p_cat,p_dog,p_eel",
                             "--priors", "cat=0.8,dog=0.15,eel=0.05"], capsys)
    assert status == 0 and err == ""
    ovr = sp.one_vs_rest(y, p, classes=["cat", "dog", "eel"])
    aucpr = sp.aucpr(ovr, skew=PRIORS)
    lines = out.splitlines()
    assert lines[0].split() == ["class", "prior", "(test)", "prior", "ROC", "AUC", "AUCPR", "AP", "AUPRG"]
    for k in PRIORS:
        row = next(line.split() for line in lines if line.startswith(k + " "))  # class, two priors, ROC AUC, AUCPR
        assert float(row[2]) == PRIORS[k]
        assert float(row[4]) == pytest.approx(aucpr[k], abs=6e-4)  # three significant digits
    weighted = next(line.split() for line in lines if line.startswith("weighted"))
    assert float(weighted[2]) == pytest.approx(aucpr.weighted, abs=6e-4)  # no priors in the mean rows
    assert "per 10 000 deployed cases" in out
    conf = sp.expected_confusion(y, p, PRIORS, classes=["cat", "dog", "eel"], confidence=None)
    assert f"accuracy {sp._format.number(conf.accuracy)}" in out


def test_named_columns_equal_the_sorted_order(csv_file, capsys):
    path, *_ = csv_file
    a = _run(["report", path, "--y-true", "label", "--class-scores", "p_cat,p_dog,p_eel"], capsys)
    b = _run(["report", path, "--y-true", "label", "--class-scores", "eel=p_eel,cat=p_cat,dog=p_dog"], capsys)
    assert a[0] == b[0] == 0
    assert sorted(a[1].splitlines()) == sorted(b[1].splitlines())


@pytest.mark.slow
@pytest.mark.parametrize("space, extra", [("pr", ["--priors", "cat=0.8,dog=0.15,eel=0.05"]),
                                          ("cost", ["--priors", "cat=0.8,dog=0.15,eel=0.05"]),
                                          ("integrated", ["--skew-range", "0.01,0.1"])])
def test_plot_writes_the_figure(csv_file, tmp_path, capsys, space, extra):
    path, *_ = csv_file
    out = tmp_path / f"{space}.png"
    status, _, err = _run(["plot", path, "--y-true", "label", "--class-scores", "p_cat,p_dog,p_eel",
                           "--space", space, "-o", out, *extra], capsys)
    assert status == 0 and err == ""
    assert out.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("args, words", [
    (["--class-scores", "p_cat,p_dog,p_nope"], "--class-scores: no column 'p_nope'"),
    (["--class-scores", "p_cat,p_dog"], "2 columns but the class column"),
    (["--class-scores", "cat=p_cat,p_dog,p_eel"], "not a mix"),
    (["--class-scores", "p_cat,p_cat,p_eel"], "named twice"),
    (["--class-scores", "p_cat,p_dog,p_eel", "--priors", "cat=0.8,dog=0.15"], "no prior for class(es) 'eel'"),
    (["--class-scores", "p_cat,p_dog,p_eel", "--priors", "cat=0.8,dog=x,eel=0.05"], "class=prior"),
    (["--class-scores", "p_cat,p_dog,p_eel", "--priors", "cat=0.5,dog=0.15,eel=0.05"], "sum to 1"),
    (["--class-scores", "p_cat,p_dog,p_eel", "--skew", "0.1"], "--skew does not apply"),
    (["--class-scores", "p_cat,p_dog,p_eel", "--y-score", "p_cat"], "not both"),
    (["--y-score", "p_cat", "--priors", "cat=1"], "--priors is the class priors"),
    ([], "give --y-score"),
])
def test_bad_multiclass_input_is_one_line(csv_file, capsys, args, words):
    path, *_ = csv_file
    status, out, err = _run(["report", path, "--y-true", "label", *args], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("args, words", [
    (["--space", "temporal", "--skew-series", "0.1,0.2"], "binary only"),
    (["--space", "roc", "--skew-range", "0.1,0.2"], "--skew-range does not apply"),
    (["--space", "pr", "--html", "x.html"], "--html"),
])
def test_bad_multiclass_plots_are_one_line(csv_file, tmp_path, capsys, args, words):
    path, *_ = csv_file
    status, _, err = _run(["plot", path, "--y-true", "label", "--class-scores", "p_cat,p_dog,p_eel",
                           "-o", tmp_path / "x.png", *args], capsys)
    assert status == 2 and err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "x.png").exists()


def test_a_missing_file_is_one_line(tmp_path, capsys):
    status, _, err = _run(["report", tmp_path / "nope.csv", "--y-true", "label", "--class-scores", "a,b,c"], capsys)
    assert status == 2 and err.count("\n") == 1 and "nope.csv" in err
