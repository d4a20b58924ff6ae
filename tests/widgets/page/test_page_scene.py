"""``save_html`` of the widgets whose page draws its curves itself (explorer, cost, F), without a browser.

What the page looks up or sums is checked here against the live widget
stepped to the same state: the table's cells, the range columns from the
cumulative sums (Fubini: the area over [lo, hi] from two sums), the panels'
limits per state, and that saving leaves the widget as it was.  The
browser suite (``test_browser_scene.py``) checks the drawing.
"""

import json
import re

import numpy as np
import pytest

import skewplot as sp
from skewplot._format import number
from skewplot.widgets import explorer, interactive_cost, interactive_fmeasure
from skewplot.widgets.page.export import control_grid
from skewplot.widgets.page.scene import range_nodes

pytestmark = pytest.mark.slow  # an explorer built and stepped: seconds per test


def read_data(path):
    text = path.read_text(encoding="utf-8")
    return json.loads(re.search(r'id="skewplot-data">(.*?)</script>', text, re.S).group(1).replace("<\\/", "</"))


@pytest.fixture(scope="module")
def data_set():
    return sp.datasets.example_classifiers(n=1500, skew=0.2, random_state=3)


@pytest.fixture(scope="module")
def saved(data_set, tmp_path_factory):
    w = explorer(data_set, skew=0.1, prg=False, threshold_control=False)
    path = tmp_path_factory.mktemp("page") / "explorer.html"
    before = w.render_png()
    info = w.save_html(path)
    return w, read_data(path), info, before, path


def test_saving_leaves_the_widget_as_it_was_and_writes_one_small_file(saved):
    w, data, info, before, path = saved
    assert info["drawn"] and info["bytes"] == path.stat().st_size < 2_000_000
    assert w.render_png() == before
    assert [c["name"] for c in data["controls"]] == ["skew", "skew_range", "f_alpha", "m"]
    assert "http" not in path.read_text(encoding="utf-8").split("<script")[1]  # nothing fetched


def _cell(data, spec, idx):
    """A table cell as the page computes it (a constant, a lookup, or the range columns' sums)."""
    if "by" in spec:
        return spec["v"][idx[spec["by"]]]
    if "v" in spec:
        return spec["v"]
    i, j = idx["skew_range"]
    v = next(c for c in data["controls"] if c["name"] == "skew_range")["values"]
    area = (spec["pbar"][j] - spec["pbar"][i]) / (v[j] - v[i])
    if not spec.get("norm"):
        return area
    amin = (data["table"]["gmin"][j] - data["table"]["gmin"][i]) / (v[j] - v[i])
    return (area - amin) / (1 - amin)


@pytest.mark.parametrize("state", [(0, (0, 100), 0, 0), (80, (3, 4), 50, 100), (200, (17, 200), 100, 37),
                                   (123, (0, 1), 7, 99)])
def test_every_cell_is_the_kernels_at_that_state(saved, state):
    w, data, _, _, _ = saved
    k, (i, j), fa, m = state
    nodes = range_nodes(w.controls["skew_range"])[0]
    grid = {n: control_grid(w.controls[n])[0] for n in ("skew", "f_alpha", "m")}
    try:
        w.controls["skew"].value = grid["skew"][k]
        w.controls["skew_range"].value = (nodes[i], nodes[j])
        w.controls["f_alpha"].value = grid["f_alpha"][fa]
        w.controls["m"].value = grid["m"][m]
        idx = {"skew": k, "skew_range": [i, j], "f_alpha": fa, "m": m}
        for name, cells in data["table"]["rows"].items():
            for column, spec in zip(data["table"]["columns"], cells, strict=True):
                got, want = _cell(data, spec, idx), w.readouts_[name][column]
                if isinstance(got, str):
                    assert got == number(want), (name, column)
                else:  # the range columns: two cumulative sums, within their rounding of the kernel's area
                    assert got == pytest.approx(want, rel=1e-11, abs=1e-13), (name, column)
    finally:
        w.controls["skew"].value, w.controls["skew_range"].value = 0.1, (0.0, 0.5)
        w.controls["f_alpha"].value, w.controls["m"].value = 0.5, 0.5


def test_the_page_opens_at_the_live_state_between_the_sliders_steps(data_set, tmp_path):
    # issue 42 item 9: a range and a skew set from code, off the points the sliders step through (the range
    # slider steps by 0.005 from 0), are the page's first state exactly, and so is every table cell there
    w = explorer(data_set, skew=0.0123, skew_range=(0.001, 0.0042), prg=False, threshold_control=False)
    w.save_html(tmp_path / "page.html")
    data = read_data(tmp_path / "page.html")
    by = {c["name"]: c for c in data["controls"]}
    i, j = by["skew_range"]["start"]
    assert (by["skew_range"]["values"][i], by["skew_range"]["values"][j]) == (0.001, 0.0042)
    assert by["skew"]["values"][by["skew"]["start"]] == 0.0123
    idx = {name: c["start"] for name, c in by.items()}
    for name, cells in data["table"]["rows"].items():
        for column, spec in zip(data["table"]["columns"], cells, strict=True):
            got, want = _cell(data, spec, idx), w.readouts_[name][column]
            if isinstance(got, str):
                assert got == number(want), (name, column)
            else:
                assert got == pytest.approx(want, rel=1e-11, abs=1e-13), (name, column)


def test_the_axis_limits_the_page_shows_are_the_live_panels_after_every_step(data_set, tmp_path):
    # the log cost axis' bottom follows the lowest marker, and in a widget only ever moves down: the page too
    w = interactive_cost(data_set, skew=0.1)
    w.save_html(tmp_path / "cost.html")
    data = read_data(tmp_path / "cost.html")
    (panel,) = data["panels"]
    skews, ms = control_grid(w.controls["skew"])[0], control_grid(w.controls["m"])[0]
    assert panel["table"] is not None and len(panel["variants"]) > 1
    ax = w.displays["cost"].ax_
    ny, cur = panel["grow"]["ny"], panel["grow"]["start"]  # in a widget the ends only move down, as here
    classes = panel["grow"]["classes"]  # the bottom: of the lowest left end seen and the state's markers
    for k, m in [(0, 0), (0, 100), (60, 3), (200, 50), (100, 99), (150, 1), (0, 0), (200, 100), (0, 99), (0, 100)]:
        w.controls["m"].value, w.controls["skew"].value = ms[m], skews[k]
        x, c = divmod(panel["table"][k * len(ms) + m], len(classes))
        x = max(cur[0], x)
        cur = [x, max(cur[1], classes[c][x])]
        variant = panel["variants"][cur[0] * ny + cur[1]]
        np.testing.assert_allclose(variant["ylim"], ax.get_ylim(), rtol=1e-9)
        np.testing.assert_allclose(variant["xlim"], ax.get_xlim(), rtol=1e-9)


def test_the_f_widget_page_holds_the_kernels_areas_per_weight(data_set, tmp_path):
    w = interactive_fmeasure(data_set, skew=0.05)
    w.save_html(tmp_path / "f.html")
    data = read_data(tmp_path / "f.html")
    grid = control_grid(w.controls["f_alpha"])[0]
    for k in (0, 13, 50, 100):
        w.controls["f_alpha"].value = grid[k]
        for name, cells in data["table"]["rows"].items():
            assert [cells[0]["v"][k], cells[1]["v"][k]] == [
                number(w.readouts_[name][c]) for c in ("area", "gain")]


def test_the_page_carries_the_threshold_control(data_set, tmp_path):
    from skewplot.widgets.page._threshold import decode_points

    w = explorer(data_set, skew=0.1, prg=True)  # with its PRG panel and threshold control
    w.save_html(tmp_path / "x.html")
    th = read_data(tmp_path / "x.html")["threshold"]
    assert th["names"] == list(w.threshold_control.points)
    assert th["start"]["index"] == [w.threshold_index_[n] for n in th["names"]]
    assert {m["key"] for m in th["marks"]} == {"pr", "prg", "integrated", "roc", "cost", "fmeasure"}
    for name, pts in w.threshold_control.points.items():
        back = decode_points(th["points"][name])
        assert np.array_equal(back["tp"], pts.tp) and np.array_equal(back["fp"], pts.fp)
        assert back["strings"] == [format(t, ".4g") for t in pts.thresholds]


def test_the_page_writes_the_title_fit_title_gives_the_kernels_panel(data_set):
    """``fitted_titles`` (the page's title per state) against ``fit_title`` measuring each title whole."""
    import matplotlib.pyplot as plt

    from skewplot.plotting._axes import fit_title, fitted_titles

    fig, ax = plt.subplots(figsize=(2.6, 2.6))
    nodes = [0.0, *np.geomspace(1e-4, 1.0, 40)]
    models = [sp.SkewRange(a, b) if a < b else None for a in nodes for b in nodes]
    titles = fitted_titles(ax, [None if m is None else m.describe() for m in models])
    rng = np.random.default_rng(0)
    for k in rng.choice([k for k, m in enumerate(models) if m is not None], 120, replace=False):
        fit_title(ax, models[k].describe())
        assert titles[k] == ax.get_title(), models[k]
    shown = [t for t in titles if t is not None]
    assert any(t.endswith(", uniform") for t in shown) and any(not t.endswith(", uniform") for t in shown)
    assert fitted_titles(ax, [sp.FixedSkew(0.0123).describe()]) == ["π′ = 0.0123"]
    plt.close(fig)
