"""A curve is said to lie on a baseline where its values are the baseline's, by the same rule in every panel.

cost-04 of the figure review (a 2x2 grid, 0.1 % positives): the panels' notes disagreed, three naming gbm "on
always −" and the fourth not.  gbm's first threshold flags a positive and no negative, so its cost is under
always −'s at every PC(+) > 0 (2-5 % under it), 1-3 px on a log axis: within a thick line's half width over more
than 8 % of a panel whose axis starts at 0.0008, not of the one whose axis starts at 0.001.  The rule is now the
data's: a curve is named where its envelope IS the always-negative line (its best threshold flags nothing) over at
least ``MIN_SHARE`` of the panel's width, as counted here by brute force over every threshold.
"""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp
from skewplot.plotting._coincide import COVERED, MARK, MIN_SHARE, columns, distance, sampled
from skewplot.plotting._hidden import shown_note
from skewplot.plotting._notes import note


def _classifiers():
    """``near``: its top score a positive's (its cost 0.5 % under always −'s everywhere, a fraction of a pixel);
    ``on``: its three top scores negatives' (on always − up to PC(+) ~ 0.02); ``strong``: apart from the line."""
    rng = np.random.default_rng(7)
    y, _ = sp.datasets.make_scores(20_000, 0.01, random_state=rng)
    near = rng.normal(size=y.size) + 2.0 * y
    near[np.flatnonzero(y)[0]] = 50.0
    on = rng.normal(size=y.size) + 0.8 * y
    on[np.flatnonzero(y == 0)[:3]] = (50.0, 49.0, 48.0)
    strong = rng.normal(size=y.size) + 3.5 * y
    strong[np.flatnonzero(y)[:20]] = 40.0 + np.arange(20)
    return {name: sp.operating_points(y, s) for name, s in (("near", near), ("on", on), ("strong", strong))}


def _on_share(pts, ax):
    """The share of ``ax``'s width (log x) where the classifier's best cost over every threshold is always −'s:
    brute force, every operating point at every one of 2000 PC(+)."""
    lo, hi = ax.get_xlim()
    pc = np.geomspace(lo, hi, 2000)
    tpr, fpr = np.asarray(pts.tpr)[None, :], np.asarray(pts.fpr)[None, :]
    best = ((1.0 - tpr) * pc[:, None] + fpr * (1.0 - pc[:, None])).min(axis=1)
    on = np.abs(best - pc) <= 1e-12 * pc
    assert on[0] or not on.any()  # on the line from the left end up to where a threshold first beats it
    return float(np.mean(on))


def _named(disp):
    """The names the panel's note gives (decided; shown too where it has a free place, and then as said)."""
    named = sorted(note(disp.ax_, "hidden_notes")["on"].named)
    text = shown_note(disp.ax_, "on")
    if text is not None and text.get_visible():
        said = " ".join(text.get_text().split()).removeprefix("on always −:")
        assert sorted(n.strip(",") for n in said.split()) == named, said
    return named


@pytest.mark.slow  # about 2 s: a row of three cost panels, drawn
def test_every_panel_names_the_curves_whose_cost_is_always_negatives_own():
    pts = _classifiers()
    fig, axes = plt.subplots(1, 3, figsize=(7.2, 2.6), dpi=200)
    disps = [sp.plot_cost(pts, skew=skew, ax=ax)
             for ax, skew in zip(axes, (1e-2, 1e-3, 1e-4), strict=True)]
    fig.canvas.draw()
    # the axes start at 1e-3, 8e-4 and 8e-5 (each at its own marker's decade): the rule must not depend on that
    assert len({d.ax_.get_xlim()[0] for d in disps}) == 3
    for disp in disps:
        ax = disp.ax_
        expected = sorted(name for name, p in pts.items() if _on_share(p, ax) >= MIN_SHARE)
        assert expected == ["on"], expected
        assert _named(disp) == expected, (ax.get_xlim(), _named(disp))
        # near is a hair under the line, within half its width over most of the panel: the pixels' rule named it
        line, base = disp.lines_["near"], disp.baselines_["always_negative"]
        px = columns(ax)
        close = distance(px, sampled(ax, line, px), sampled(ax, base, px)) <= \
            COVERED * line.get_linewidth() * fig.dpi / 72.0
        assert close.mean() > 2 * MIN_SHARE
    plt.close(fig)


def test_a_single_panels_legend_marks_by_the_same_rule():
    # envelopes 3 pt wide: near lies within half of one of always −'s line (the pixels' rule marked it "near*")
    pts = _classifiers()
    disp = sp.plot_cost(pts, skew=1e-3, linewidth=3)
    labels = {name: line.get_label() for name, line in disp.lines_.items()}
    assert labels == {"near": "near", "on": f"on{MARK}", "strong": "strong"}
