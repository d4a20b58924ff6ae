"""One-vs-rest panels side by side, each at its own prior vector (issue 43 item 2; the ovr-* figures of
tools/figure_matrix.py): a class keeps its colour and one legend entry across the panels, each panel says its
classes' priors beside their areas and its rarest class in its title, and the dashed baselines are named.

Each test fails on main 2dfaa35: the second panel's classes took new colours and new legend entries
("0, π′=0.404" beside "0, π′=0.00426"), the panels were titled with one data set's positive rate, and a PR
figure's dashed lines in the classes' colours had no legend entry.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.skew.base import skew_text


@pytest.fixture(autouse=True)
def _close():
    with plt.rc_context():
        yield
    plt.close("all")


def _ovr(n=3000, k=3, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.choice(k, n, p=[0.6, 0.3, 0.1][:k] if k == 3 else None)
    s = rng.random((n, k))
    s[np.arange(n), y] += 0.6
    return sp.one_vs_rest(y, s)


VECTORS = ({0: 0.6, 1: 0.3, 2: 0.1}, {0: 0.05, 1: 0.15, 2: 0.8})


def _row(func):
    ovr = _ovr()
    fig, axes = plt.subplots(1, 2, figsize=(7.2, 3.2))
    displays = [func(ovr, skew=priors, ax=ax) for ax, priors in zip(axes, VECTORS, strict=True)]
    fig.canvas.draw()
    return ovr, fig, axes, displays


def _kept(fig):
    """Take ``fig`` out of pyplot's figures (it stays as drawn): each test's ``plt.close("all")`` would close it and
    its canvas with it (on matplotlib 3.11 a closed figure's canvas has no renderer to measure with)."""
    from matplotlib._pylab_helpers import Gcf

    Gcf.figs.pop(fig.number)


@pytest.fixture(scope="module")
def row():
    """``_row(func)``, each row built once for the module: the tests below only read it (a row of PR panels was
    built and laid out twice, once for each test, as was a row of ROC panels)."""
    built = {}

    def get(func):
        if func not in built:
            with plt.rc_context():
                built[func] = _row(func)
            _kept(built[func][1])
        return built[func]

    return get


@pytest.mark.slow  # a laid-out row of two
@pytest.mark.parametrize("func", [sp.plot_pr, sp.plot_roc])
def test_a_class_keeps_its_colour_and_its_one_entry_across_the_panels(func, row):
    ovr, fig, axes, displays = row(func)
    for k in ovr.classes:
        colours = {tuple(np.round(plt.matplotlib.colors.to_rgba(
            next(line for name, line in d.lines_.items() if name.startswith(f"{k}, ")).get_color()), 6))
            for d in displays}
        assert len(colours) == 1, (k, colours)
    (shared,) = fig.legends
    names = [t.get_text() for t in shared.get_texts()]
    assert [n for n in names if n in {"0", "1", "2"}] == ["0", "1", "2"], names  # each class once, by its name
    assert not any("π'=" in n or "π′=" in n for n in names), names  # no class's prior


@pytest.mark.slow
@pytest.mark.parametrize(("func", "metric"), [(sp.plot_pr, sp.aucpr), (sp.plot_roc, None)])
def test_each_panel_gives_its_classes_priors_beside_their_areas_and_its_rarest_class_in_its_title(func, metric, row):
    ovr, fig, axes, displays = row(func)
    for ax, d, priors in zip(axes, displays, VECTORS, strict=True):
        texts = [t.get_text() for t in ax.get_legend().get_texts()]
        for k, prior in priors.items():
            name = next(n for n in d.lines_ if n.startswith(f"{k}, "))
            area = d.aucs_[name]
            if metric is not None:  # the area at this panel's priors, from the metric
                assert area == pytest.approx(metric(ovr, skew=priors)[k], rel=1e-12)
            shown = [t for t in texts if t.endswith(f" at {skew_text(prior)}")]
            assert len(shown) == 1 and float(shown[0].split(" at ")[0]) == pytest.approx(area, abs=5e-3), texts
        title = ax.get_title()  # its rarest class (and its commonest where the width holds it)
        rare = min(priors, key=priors.get)
        assert title.startswith(f"rarest {rare} at π′ {skew_text(priors[rare])}"), title
        assert "data set" not in title


@pytest.mark.slow
def test_the_dashed_baselines_in_the_classes_colours_have_a_legend_entry():
    disp = sp.plot_pr(_ovr(), skew=VECTORS[1])
    disp.figure_.canvas.draw()
    texts = [t.get_text() for t in disp.ax_.get_legend().get_texts()]
    assert "random (each class at its π′)" in texts, texts
    assert any(t.startswith("0, π′=0.05") for t in texts), texts  # alone, a curve's entry keeps its prior


def test_a_note_of_hidden_classes_names_them_without_their_priors():
    from skewplot.plotting._hidden import hidden_text

    assert hidden_text({"2, π′=0.8": ["0, π′=0.05", "1, π′=0.15"]}) == "under 2: 0, 1"


def _named_ovr(seed):
    """Three named classes, one with a long name ("account takeover")."""
    rng = np.random.default_rng(seed)
    names = np.array(["legitimate", "card fraud", "account takeover"])
    y = rng.choice(3, 4000, p=[0.7, 0.2, 0.1])
    s = rng.random((4000, 3))
    s[np.arange(4000), y] += 0.6
    return sp.one_vs_rest(names[y], s, classes=list(names))


@pytest.mark.slow
def test_a_narrow_panels_title_cuts_the_class_name_never_its_prior():
    # review14, ovr-cost-01: "rarest account takeover at π′ 0.00092" over a 1.8 in panel ran past the figure
    ovr = _named_ovr(1)
    fig, axes = plt.subplots(1, 3, figsize=(7.2, 3.2))
    priors = {"legitimate": 0.9, "card fraud": 0.09908, "account takeover": 0.00092}
    for ax in axes:
        sp.plot_cost(ovr, skew=priors, ax=ax)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in axes:
        box = ax.title.get_window_extent(renderer)
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1, ax.get_title()
        assert ax.get_title().endswith("0.00092"), ax.get_title()  # the prior whole


@pytest.mark.slow
def test_a_row_of_class_panels_titles_every_panel_in_one_form():
    # ovr-fm-04: "rarest account t… at 0.001" beside "rarest account takeover at π′ 0.01": a row read two ways
    ovr = _named_ovr(2)
    plt.rcParams["axes.titlesize"] = 10  # the second panel's long prior needs a shorter form than the first's
    fig, axes = plt.subplots(1, 3, figsize=(7.2, 3.2))
    vectors = ({"legitimate": 0.89, "card fraud": 0.1, "account takeover": 0.01},
               {"legitimate": 0.899, "card fraud": 0.1, "account takeover": 0.001},
               {"legitimate": 0.01, "card fraud": 0.1, "account takeover": 0.89})
    for ax, priors in zip(axes, vectors, strict=True):
        sp.plot_fmeasure(ovr, skew=priors, ax=ax)
    fig.canvas.draw()
    titles = [ax.get_title() for ax in axes]
    assert len({"π′" in t for t in titles}) == 1 and len({t.startswith("rarest") for t in titles}) == 1, titles
    renderer = fig.canvas.get_renderer()
    assert all(fig.bbox.x0 <= ax.title.get_window_extent(renderer).x0 and ax.title.get_window_extent(renderer).x1
               <= fig.bbox.x1 for ax in axes), titles


def _ten_classes(n=6000, seed=3):
    """Ten classes, the rarest at 0.1 % of the priors' vector (int-02's), scores a noisy posterior."""
    rng = np.random.default_rng(seed)
    priors = np.geomspace(1.0, 1e-3, 10)
    priors = np.r_[1.0 - priors[1:].sum(), priors[1:]] if priors[1:].sum() < 0.5 else priors / priors.sum()
    y = np.r_[np.arange(10), rng.choice(10, n - 10, p=priors)]
    s = rng.random((n, 10))
    s[np.arange(n), y] += 0.8
    return sp.one_vs_rest(y, s), dict(enumerate(priors))


def _int02_row():
    """ovr-int-02: a talk row of three P̄-R panels of ten classes, each class over [π/2, 2π] of its prior."""
    ovr, test = _ten_classes()
    sp.set_theme(context="talk", column="double")
    order = sorted(test, key=test.get, reverse=True)
    reversed_ = dict(zip(order, sorted(test.values()), strict=True))
    rare = min(test, key=test.get)
    thousandth = {c: 1e-3 if c == rare else p * (1 - 1e-3) / (1 - test[rare]) for c, p in test.items()}
    vectors = (test, thousandth, reversed_)
    fig, axes = plt.subplots(1, 3)
    ranges = [{c: (0.5 * p, min(1.0, 2.0 * p)) for c, p in v.items()} for v in vectors]
    displays = [sp.plot_pr(ovr, skew=r, ax=ax) for ax, r in zip(axes, ranges, strict=True)]
    fig.canvas.draw()
    return ovr, fig, axes, displays, ranges


@pytest.fixture(scope="module")
def int02_row():
    """``_int02_row()``, built and laid out once for the two tests that read it (neither changes it): each built
    its own, the module's longest setup twice.  Its talk theme is undone after the build, as a test's was."""
    with plt.rc_context():
        built = _int02_row()
    _kept(built[1])
    return built


@pytest.mark.slow
def test_a_row_whose_titles_head_their_areas_reads_one_way(int02_row):
    # review15, ovr-int-02: "rarest 9 at π′ [0.00035, 0.0014]" / "rarest 9 at π′ [0.0005, 0.002]" / "rarest 0 at
    # [0.00035, 0.0014]": the row took the shorter form, then placing the areas over the panels set each title's
    # first form again from the heading they kept
    _, fig, axes, _, _ = int02_row
    titles = [ax.get_title() for ax in axes]
    assert len({t.startswith("rarest") for t in titles}) == 1 and len({"π′" in t for t in titles}) == 1, titles


@pytest.mark.slow
def test_ten_classes_over_ranges_give_their_areas_in_a_block_far_shorter_than_the_panel(int02_row):
    # review14/15, ovr-int-02: ten lines "0.0913 at [0.00061, 0.00244]" in one column as tall as the panel
    ovr, fig, axes, displays, ranges = int02_row
    renderer = fig.canvas.get_renderer()
    for ax, d, r in zip(axes, displays, ranges, strict=True):
        block = ax.get_legend()
        assert block.get_window_extent(renderer).height < 0.5 * ax.bbox.height
        texts = [t.get_text() for t in block.get_texts()]
        assert "AUCPR at π′ [a, 4a]" in texts, texts  # every range here is [a, 4a], cut at 1
        assert not any("0.000" in t.split("a=")[0].split(" at [")[0] for t in texts), texts
        want = sp.aucpr(ovr, skew=r)
        for k, (lo, hi) in r.items():
            assert hi == pytest.approx(min(1.0, 4 * lo))
            # review18: the heading's [a, 4a] is false of a range cut at 1: that one is written whole
            end = f" at [{skew_text(lo)}, {skew_text(hi)}]" if 4 * lo > 1 else f", a={skew_text(lo)}"
            (shown,) = [t for t in texts if t.endswith(end)]
            assert float(shown.split(",")[0].split(" at ")[0]) == pytest.approx(want[k], rel=5e-3), (k, shown)
            name = next(n for n in d.lines_ if n.startswith(f"{k}, "))
            assert d.aucs_[name] == pytest.approx(want[k], rel=1e-12)
    assert fig.legends[0].get_texts()[-1].get_text() == "random (each class's mean π′)"  # the baselines' place
    labels = [ax.yaxis.label.get_text() for ax in axes]  # a mean over π′, on one line: the titles keep the width
    assert all(t.startswith("Precision $\\bar{P}$") and "\n" not in t for t in labels), labels


@pytest.mark.slow
def test_a_single_panel_over_ranges_keeps_its_y_label_on_one_line():
    # ovr-int-03 (a paper column): "Precision P̄ / (each class over its π′ range)" on two lines took the Axes' width
    ovr, test = _ten_classes()
    sp.set_theme(context="paper", column="single")
    disp = sp.plot_pr(ovr, skew={c: (0.5 * p, min(1.0, 2.0 * p)) for c, p in test.items()})
    disp.figure_.canvas.draw()
    label = disp.ax_.yaxis.label.get_text()
    assert label.startswith("Precision $\\bar{P}$") and "\n" not in label, label


@pytest.mark.slow
@pytest.mark.parametrize("func", [sp.plot_cost, sp.plot_pr])
def test_a_row_of_four_narrow_panels_names_its_rarest_class_whole_and_its_prior(func):
    # the review of ovr68: "rarest account t… at 0.001" cut the class name; a row of four paper panels (1.4 in each)
    # read "account t… 0.00092" (cost) or "π′ 0.00092" (PR, no class at all).  Now the name's lines are whole (or its
    # first word, which begins no other class's), the prior whole on a line of its own, no title over another.
    from skewplot.plotting import style

    ovr = _named_ovr(1)
    vectors = [{"legitimate": 0.9, "card fraud": 0.09908, "account takeover": 0.00092},
               {"legitimate": 0.00092, "card fraud": 0.09908, "account takeover": 0.9},
               {"legitimate": 0.9, "card fraud": 0.099, "account takeover": 0.001},
               {"legitimate": 0.9, "card fraud": 0.0999, "account takeover": 0.0001}]
    with style.paper("double"):
        fig, axes = plt.subplots(1, 4)
        for ax, priors in zip(axes, vectors, strict=True):
            func(ovr, skew=priors, ax=ax)
        fig.savefig(__import__("io").BytesIO(), dpi=200)
        fig.set_dpi(200)
        fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [ax.title.get_window_extent(renderer) for ax in axes]
    for ax, box, priors in zip(axes, boxes, vectors, strict=True):
        title = ax.get_title()
        rare = min(priors, key=priors.get)
        assert "…" not in title and title.endswith(f"π′ {skew_text(priors[rare])}"), title
        named = " ".join(w for w in title.rsplit("π′", 1)[0].split() if w not in ("rarest", "at"))
        assert (rare + " ").startswith(named + " "), title  # the name, or its first word(s)
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1, title
    assert all(a.x1 <= b.x0 for a, b in zip(boxes[:-1], boxes[1:], strict=True)), [ax.get_title() for ax in axes]
