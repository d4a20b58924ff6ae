"""Nothing lost (issue 30, Deliver 4): a refused call leaves the caller's tables, arrays and files as they were.

Every public entry point that takes data is called with a pandas frame and
with numpy arrays, once refused (a bad argument of each kind the entry point
checks) and once accepted; after either, the frame (columns, dtypes, index,
values, attrs) and the arrays (values, dtype, writeable flag) are what they
were.  The command line's refusals create no file and leave an existing one
(and the input) byte for byte; ``save_html``'s refusals likewise.  The
widgets' side (controls, Displays, readouts and lines after a refused value)
is in ``tests/widgets/test_controls_set_from_code.py``; here, a widget's
every control trait and its figure's pixels after refused steps.
"""

from __future__ import annotations

import hashlib
import os

import numpy as np
import pandas as pd
import pytest

import skewplot as sp

# plot_integrated_pr, P̄-R's deprecated second spelling, is still checked here until it is removed
pytestmark = pytest.mark.filterwarnings("ignore:plot_integrated_pr\\(\\) is deprecated:DeprecationWarning")

N = 60


def _inputs():
    rng = np.random.default_rng(0)
    y = np.tile([0, 1, 1, 0, 0], N // 5)
    s = np.round(rng.normal(size=N) + y, 2)
    b = np.round(rng.normal(size=N) + 0.5 * y, 2)
    w = rng.uniform(0.5, 2.0, N)
    frame = pd.DataFrame({"label": y, "score": s, "other": b, "w": w, "text": ["x"] * N},
                         index=pd.RangeIndex(100, 100 + N, name="row"))
    frame.attrs["source"] = "test"
    return frame, {"y": y.copy(), "s": s.copy(), "b": b.copy(), "w": w.copy()}


def _fingerprint(frame, arrays):
    return (list(frame.columns), [str(t) for t in frame.dtypes], frame.index.tolist(), frame.index.name,
            frame.to_dict("list"), dict(frame.attrs),
            {k: (v.tolist(), str(v.dtype), v.flags.writeable) for k, v in arrays.items()})


def _deploy():
    return sp.datasets.make_scores(300, 0.1, random_state=4)[1]


# name -> (accepted call, refused call); each takes (frame, arrays).
CALLS = {
    "operating_points": (lambda f, a: sp.operating_points(a["y"], a["s"], sample_weight=a["w"]),
                         lambda f, a: sp.operating_points(a["y"], a["s"], sample_weight=-a["w"])),
    "operating_points_from": (lambda f, a: sp.operating_points_from(f, y_score="score", y_true="label"),
                              lambda f, a: sp.operating_points_from(f, y_score="text", y_true="label")),
    "aucpr": (lambda f, a: sp.aucpr(f, y_true="label", y_score="score", skew=0.1),
              lambda f, a: sp.aucpr(f, y_true="label", y_score="score", skew=1.5)),
    "aucpr-arrays": (lambda f, a: sp.aucpr(a["y"], a["s"], sample_weight=a["w"]),
                     lambda f, a: sp.aucpr(a["y"], a["s"][:-1])),
    "average_precision": (lambda f, a: sp.average_precision(f, y_true="label", y_score="score"),
                          lambda f, a: sp.average_precision(f, y_true="label", y_score="nope")),
    "roc_auc": (lambda f, a: sp.roc_auc(a["y"], a["s"]), lambda f, a: sp.roc_auc(a["y"], a["s"], skew=0.1)),
    "aucprg": (lambda f, a: sp.aucprg(f, y_true="label", y_score="score"),
               lambda f, a: sp.aucprg(f, y_true="label", y_score="score", sample_weight="text")),
    "pr_curve": (lambda f, a: sp.pr_curve(a["y"], a["s"], skew=(0.01, 0.2)),
                 lambda f, a: sp.pr_curve(a["y"], a["s"], skew=(0.2, 0.01))),
    "expected_cost": (lambda f, a: sp.expected_cost(f, y_true="label", y_score="score", pc=[0.1, 0.5]),
                      lambda f, a: sp.expected_cost(f, y_true="label", y_score="score", pc=[0.1, 2.0])),
    "cost_envelope": (lambda f, a: sp.cost_envelope(a["y"], a["s"], pc=[0.2]),
                      lambda f, a: sp.cost_envelope(a["y"], a["s"], pc=[np.nan])),
    "f_envelope": (lambda f, a: sp.f_envelope(f, y_true="label", y_score="score", skews=[0.1]),
                   lambda f, a: sp.f_envelope(f, y_true="label", y_score="score", skews=[0.1], f_alpha=True)),
    "aucpr_ci": (lambda f, a: sp.aucpr_ci(f, y_true="label", y_score="score", n_boot=100, random_state=0),
                 lambda f, a: sp.aucpr_ci(f, y_true="label", y_score="score", n_boot=20, stratified="no")),
    "compare": (lambda f, a: sp.compare(a["y"], a["s"], a["b"], n_boot=100, random_state=0),
                lambda f, a: sp.compare(a["y"], a["s"], a["b"][:-2], n_boot=100)),
    "compare-table": (lambda f, a: sp.compare(f, "score", "other", y_true="label", n_boot=100, random_state=0),
                      lambda f, a: sp.compare(f, "score", "other", y_true="label", n_boot=2.5)),
    "estimate_skew": (lambda f, a: sp.estimate_skew(f, "score", _deploy(), y_true="label"),
                      lambda f, a: sp.estimate_skew(f, "score", np.r_[_deploy()[:19], np.nan], y_true="label")),
    "choose_threshold": (
        lambda f, a: sp.choose_threshold(f, y_true="label", y_score="score", skew=0.1, target="cost"),
        lambda f, a: sp.choose_threshold(f, y_true="label", y_score="score", skew=0.0, target="cost")),
    "boolean_combinations": (lambda f, a: sp.boolean_combinations(f, "score", "other", y_true="label"),
                             lambda f, a: sp.boolean_combinations(a["s"], a["b"], a["y"])),
    "iterative_boolean_combination": (
        lambda f, a: sp.iterative_boolean_combination(f, ["score", "other"], [0.1, 0.5], y_true="label"),
        lambda f, a: sp.iterative_boolean_combination(f, ["score", "other"], [0.1, 1.5], y_true="label")),
    "plot_pr": (lambda f, a: sp.plot_pr(f, y_true="label", y_score="score", skew=0.05),
                lambda f, a: sp.plot_pr(f, y_true="label", y_score="score", colr="r")),
    "plot_integrated_pr": (lambda f, a: sp.plot_integrated_pr(a["y"], a["s"], skew_range=(0.01, 0.2)),
                           lambda f, a: sp.plot_integrated_pr(a["y"], a["s"], (0.01, 0.2))),
    "plot_roc": (lambda f, a: sp.plot_roc(f, y_true="label", y_score="score", hue=None),
                 lambda f, a: sp.plot_roc(f, y_true="label", y_score="score", sample_weight="nope")),
    "plot_cost": (lambda f, a: sp.plot_cost(a["y"], a["s"], skew=0.05),
                  lambda f, a: sp.plot_cost(a["y"], a["s"], 0.005)),
    "plot_fmeasure": (lambda f, a: sp.plot_fmeasure(f, y_true="label", y_score="score"),
                      lambda f, a: sp.plot_fmeasure(f, y_true="label", y_score="score", f_alpha=-1)),
    "plot_decision": (lambda f, a: sp.plot_decision(a["y"], a["s"], skew=0.1),
                      lambda f, a: sp.plot_decision(a["y"], a["s"], skew=np.inf)),
}


@pytest.fixture(autouse=True)
def _close():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


@pytest.mark.slow_cases('accepted-plot_fmeasure')  # 0.5 s or more, loaded run 2026-11-29 12:50
@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("outcome", ["refused", "accepted"])
def test_a_call_leaves_the_callers_frame_and_arrays_as_they_were(name, outcome):
    frame, arrays = _inputs()
    before = _fingerprint(frame, arrays)
    accepted, refused = CALLS[name]
    if outcome == "refused":
        with pytest.raises((ValueError, TypeError)):
            refused(frame, arrays)
    else:
        accepted(frame, arrays)
    assert _fingerprint(frame, arrays) == before


# ---------------------------------------------------------------- files: the command line and save_html
def _files(folder):
    return {p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), os.stat(p).st_mtime_ns)
            for p in sorted(folder.iterdir()) if p.is_file()}


CLI_REFUSALS = {
    "unknown column": ["--y-score", "nope", "--y-true", "label"],
    "text scores": ["--y-score", "text", "--y-true", "label"],
    "bad skew": ["--y-score", "score", "--y-true", "label", "--skew", "1.5"],
    "reversed range": ["--y-score", "score", "--y-true", "label", "--skew-range", "0.5,0.1"],
    "one class": ["--y-score", "score", "--y-true", "label", "--pos-label", "7"],
    "negative weights": ["--y-score", "score", "--y-true", "label", "--sample-weight", "neg"],
}


@pytest.fixture
def csv_folder(tmp_path):
    frame, _ = _inputs()
    frame.assign(neg=-frame["w"]).to_csv(tmp_path / "in.csv", index=False)
    (tmp_path / "old.png").write_bytes(b"an earlier figure")
    return tmp_path


@pytest.mark.parametrize("case", sorted(CLI_REFUSALS))
@pytest.mark.parametrize("target", ["new.png", "old.png", "new.html"])
def test_a_refused_command_creates_and_overwrites_no_file(csv_folder, case, target, capsys):
    from skewplot.cli import main

    before = _files(csv_folder)
    out = ["--html", str(csv_folder / target)] if target.endswith(".html") else ["-o", str(csv_folder / target),
                                                                                   "--force"]
    status = main(["plot", str(csv_folder / "in.csv"), "--space", "integrated" if "range" in case else "pr",
                   *CLI_REFUSALS[case], *out])
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert _files(csv_folder) == before  # the input, the earlier figure, and nothing new


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_refused_save_html_creates_and_overwrites_no_file(tmp_path):
    frame, _ = _inputs()
    w = sp.widgets.interactive_pr(frame, y_true="label", y_score="score", skew=0.1)
    (tmp_path / "old.html").write_text("an earlier page")
    before = _files(tmp_path)
    for path, kwargs in ((tmp_path / "new.html", {"max_frames": 0}), (tmp_path / "old.html", {"max_frames": True}),
                         (tmp_path / "new.html", {"title": None, "max_frames": -1})):
        with pytest.raises((ValueError, TypeError)):
            w.save_html(path, **kwargs)
    assert _files(tmp_path) == before
    w.close_figure()


# ---------------------------------------------------------------- widgets: every trait and every pixel
def _pixels(w):
    w.figure.canvas.draw()
    return np.asarray(w.figure.canvas.buffer_rgba()).copy()


BAD_STEPS = {"skew": [np.nan, True, 0.0, 2.0], "skew_range": [(0.4, 0.1), (True, 0.3), (np.nan, 0.2)],
             "f_alpha": [True, -0.5, np.inf], "m": [np.bool_(True), 1.5, np.nan]}


@pytest.mark.parametrize("kind", ["interactive_cost", "explorer"])
@pytest.mark.slow  # interactive_cost: 1.1 s
def test_refused_steps_leave_every_control_trait_and_the_figure_as_they_were(kind):
    frame, arrays = _inputs()
    before_inputs = _fingerprint(frame, arrays)
    w = getattr(sp.widgets, kind)(frame, y_true="label", y_score="score", skew=0.1, threshold_control=False)
    traits = {k: c.get_state() for k, c in w.controls.items()}
    pixels = _pixels(w)
    bad = {k: v for k, v in BAD_STEPS.items() if k in w.controls}
    for name, values in bad.items():
        for value in values:
            w.controls[name].value = value
            assert "refused" in w.status.value
    assert {k: c.get_state() for k, c in w.controls.items()} == traits
    assert np.array_equal(_pixels(w), pixels)
    with pytest.raises((ValueError, TypeError)):
        w.displays["cost"].update(m=np.nan)
    assert np.array_equal(_pixels(w), pixels)
    w.close_figure()
    with pytest.raises((ValueError, TypeError)):
        sp.widgets.interactive_pr(frame, y_true="label", y_score="score", skew=(0.1, 0.2))
    assert _fingerprint(frame, arrays) == before_inputs
