"""Widgets under bad input: an error in an observer shows in the status line and the control steps back."""

from __future__ import annotations

import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets import explorer, interactive_cost, interactive_fmeasure, interactive_pr

PTS = sp.operating_points(np.array([0, 1, 0, 1, 1, 0, 0, 1]), np.array([0.1, 0.9, 0.3, 0.35, 0.8, 0.2, 0.7, 0.6]))


@pytest.mark.parametrize("make, control, display, good, bad", [
    (lambda: interactive_pr(PTS, skew=0.3), "skew", "pr", 0.2, 0.05),
    (lambda: interactive_fmeasure(PTS, skew=0.3), "f_alpha", "fmeasure", 0.3, 0.7),
    pytest.param(lambda: interactive_cost(PTS, skew=0.3), "m", "cost", 0.4, 0.8, marks=pytest.mark.slow),  # 0.8 s
])
@pytest.mark.slow_cases('<lambda>-skew-pr-0.2-0.05')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.slow_cases('<lambda>-f_alpha-fmeasure-0.3-0.7')  # loaded run 2026-11-29
def test_observer_error_shows_in_status_and_control_returns(monkeypatch, make, control, display, good, bad):
    w = make()
    w.controls[control].value = good
    disp = w.displays[display]
    real = type(disp).update

    def failing(self, **params):
        if any(v == bad or (isinstance(v, float) and abs(v - bad) < 1e-9) for v in params.values()):
            raise ValueError(f"{control}: simulated failure at {bad}")
        return real(self, **params)

    monkeypatch.setattr(type(disp), "update", failing)
    readout = dict(w.readouts_)
    w.controls[control].value = bad
    assert "simulated failure" in w.status.value
    assert w.controls[control].value == pytest.approx(good)
    assert w.readouts_ == readout
    monkeypatch.setattr(type(disp), "update", real)
    w.controls[control].value = good if good != w.controls[control].min else bad


@pytest.mark.parametrize("make", [lambda: interactive_fmeasure(PTS, f_alpha=0.0, skew=0.3),
                                  pytest.param(lambda: explorer(PTS, f_alpha=0.0), marks=pytest.mark.slow)])  # 1.4 s
@pytest.mark.slow_cases('<lambda>0')  # loaded run 2026-11-29
def test_f_alpha_zero_at_creation_and_on_the_slider(make):
    w = make()
    assert "error" not in w.status.value.lower()
    w.controls["f_alpha"].value = 0.5
    w.controls["f_alpha"].value = 0.0
    assert w.status.value == "" or "error" not in w.status.value.lower()


@pytest.mark.slow  # renders the page's frames before writing it
def test_save_html_names_a_bad_title_and_a_path_it_cannot_write(tmp_path, shared_widget):
    """Issue 41 item 4: title=5 raised an AttributeError; a path under /proc an OSError without the path."""
    w = shared_widget(interactive_pr, PTS, skew=0.1, slider_bounds=(0.09, 0.11))  # the module's one such widget
    with pytest.raises(TypeError, match="title must be a str"):
        w.save_html(tmp_path / "x.html", title=5)
    bad = tmp_path / "no such folder" / "x.html"
    with pytest.raises(OSError, match=r"save_html: cannot write path .*no such folder"):
        w.save_html(bad)
    assert not bad.exists()


@pytest.mark.parametrize("path, err, said", [
    ("/proc/x.html", OSError, r"'/proc/x.html': its folder '/proc' takes no new file"),
    ("{tmp}/none/x.html", FileNotFoundError, r"/none/x.html': its folder .* does not exist"),
    ("{tmp}", IsADirectoryError, "it is a folder"), ("", ValueError, "path is empty"),
])
def test_save_html_refuses_a_path_it_cannot_write_before_painting(path, err, said, tmp_path, monkeypatch,
                                                                  shared_widget):
    """A file under /proc was refused only after every frame was painted (20-30 s), and as root os.access
    says every folder is writable: the folder is probed with a temporary file first."""
    import skewplot.widgets.page.export as export

    w = shared_widget(interactive_pr, PTS, skew=0.1, slider_bounds=(0.09, 0.11))
    monkeypatch.setattr(export, "control_grid", lambda *a: pytest.fail("painted before the path was checked"))
    with pytest.raises(err, match=said):
        w.save_html(path.format(tmp=tmp_path))


@pytest.mark.parametrize("figsize, err", [((0, 0), ValueError), ((6.0, -1.0), ValueError), ((6.0,), TypeError),
                                          ("big", TypeError), ((6.0, np.nan), ValueError)])
def test_a_widget_refuses_a_figsize_it_cannot_draw_naming_it(figsize, err):
    """explorer(figsize=(0, 0)) reached numpy's LinAlgError in the layout."""
    with pytest.raises(err, match="figsize"):
        explorer(PTS, figsize=figsize)
    with pytest.raises(err, match="figsize"):
        interactive_pr(PTS, figsize=figsize)
