"""Long calls say how long (issue 44): progress bars on stderr, silenced by progress=False, and Ctrl-C.

The bar waits ``skewplot._progress.DELAY`` seconds before it shows; the
tests set it to 0 so that a call of a few milliseconds shows its bar.
"""

import os

import numpy as np
import pytest

import skewplot as sp
from skewplot import _progress
from skewplot._files import write_atomically


@pytest.fixture
def rows():
    return sp.datasets.make_scores(1500, 0.2, random_state=0)


@pytest.fixture
def no_delay(monkeypatch):
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    monkeypatch.setattr(_progress, "MININTERVAL", 0.0)


def _calls(y, s):
    b = s + np.random.default_rng(1).normal(size=s.size)
    return {
        "aucpr_ci": lambda **kw: sp.aucpr_ci(y, s, skew=(0.01, 0.1), n_boot=100, random_state=0, **kw),
        "compare": lambda **kw: sp.compare(y, s, b, skew=(0.01, 0.1), n_boot=100, random_state=0, **kw),
        "choose_threshold": lambda **kw: sp.choose_threshold(y, s, skew=0.1, target="precision", value=0.3,
                                                             risk="chance", n_boot=100, random_state=0, **kw),
        "estimate_skew": lambda **kw: sp.estimate_skew(y, s, s[:500], confidence=0.9, n_boot=20, quantifier="acc",
                                                       random_state=0, **kw),
    }


@pytest.mark.slow_cases('compare')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("name", ["aucpr_ci", "compare", "choose_threshold", "estimate_skew"])
def test_progress_true_draws_a_bar_on_stderr_and_false_prints_nothing(rows, no_delay, capsys, name):
    call = _calls(*rows)[name]
    quiet = call(progress=False)
    assert capsys.readouterr() == ("", "")
    shown = call(progress=True)
    err = capsys.readouterr().err
    assert name in err and "replicate" in err, err  # tqdm's bar: the call's name, its unit
    # the bar changes nothing of the result
    for field in ("estimate", "low", "high", "difference", "threshold"):
        if hasattr(quiet, field):
            assert getattr(quiet, field) == getattr(shown, field)


def test_a_short_call_prints_nothing_by_default(rows, capsys):
    _calls(*rows)["aucpr_ci"]()  # progress=True, the bar held back for 2 s: the call ends first
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("bad", ["yes", 1, None, 0.0])
def test_progress_must_be_a_bool(rows, bad):
    with pytest.raises(TypeError, match="progress must be True or False"):
        _calls(*rows)["aucpr_ci"](progress=bad)


def test_an_interrupted_write_leaves_no_file_and_keeps_the_old_one(tmp_path):
    path = tmp_path / "page.html"

    def half(fh):
        fh.write("<html>half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, half, binary=False)
    assert os.listdir(tmp_path) == []  # neither the page nor the temporary file
    path.write_text("old")
    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, half, binary=False)
    assert os.listdir(tmp_path) == ["page.html"] and path.read_text() == "old"


@pytest.mark.slow  # a widget built and three of its states painted: about 2 s of CPU
def test_an_interrupted_save_html_leaves_no_file(tmp_path, monkeypatch):
    pytest.importorskip("ipywidgets")
    w = sp.widgets.interactive_pr(sp.datasets.example_classifiers(), skew=0.1)
    calls = []

    def update(self, n=1):  # Ctrl-C while the third state is painted
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(_progress._Silent, "update", update)
    with pytest.raises(KeyboardInterrupt):
        w.save_html(tmp_path / "pr.html", progress=False)
    assert os.listdir(tmp_path) == []
    assert w.controls["skew"].value == 0.1  # the widget back where it was
    with pytest.raises(TypeError, match="progress must be True or False"):
        w.save_html(tmp_path / "pr.html", progress="no")
