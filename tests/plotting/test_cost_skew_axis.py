import matplotlib.pyplot as plt
import numpy as np
import pytest

import skewplot as sp


@pytest.fixture
def two():
    return sp.datasets.soleymani_examples()


def brute_envelope(pts, x, m):
    pc = sp.probability_cost(x, m)
    return np.min(np.asarray(sp.expected_cost(pts, pc=pc)), axis=1)


@pytest.mark.slow_cases('0.2', '0.8')  # loaded run 2026-11-29
@pytest.mark.parametrize("m", [0.2, 0.5, 0.8])
def test_skew_axis_envelope_is_the_best_point_at_each_skew(two, m):
    disp = sp.plot_cost(two, m=m, x_axis="skew")
    for name, pts in two.items():
        x, y = disp.lines_[name].get_data()
        np.testing.assert_allclose(y, brute_envelope(pts, x, m), atol=1e-12)
    x, y = disp.baselines_["always_negative"].get_data()
    np.testing.assert_allclose(y, sp.probability_cost(x, m))
    assert "π′" in disp.ax_.get_xlabel() and f"{m:g}" in disp.ax_.get_xlabel()


@pytest.mark.slow  # 0.8 s (2026-11-29, -n 2)
def test_update_m_redraws_the_same_artists_on_the_skew_axis(two):
    disp = sp.plot_cost(two, m=0.5, x_axis="skew", skew=0.2)
    line, thin, base = disp.lines_["C1"], disp.point_lines_["C1"], disp.baselines_["always_positive"]
    n_figs = len(plt.get_fignums())
    disp.update(m=0.8)
    assert disp.lines_["C1"] is line and disp.point_lines_["C1"] is thin
    assert disp.baselines_["always_positive"] is base
    x, y = line.get_data()
    np.testing.assert_allclose(y, brute_envelope(two["C1"], x, 0.8), atol=1e-12)
    fresh = sp.plot_cost(two, m=0.8, x_axis="skew", skew=0.2)
    np.testing.assert_allclose(line.get_xydata(), fresh.lines_["C1"].get_xydata())
    seg = thin.get_segments()[0]
    np.testing.assert_allclose(seg, fresh.point_lines_["C1"].get_segments()[0])
    assert len(plt.get_fignums()) == n_figs + 1  # only the fresh plot made a figure
    # The marker sits at the skew itself, on the envelope.
    mx, my = disp.markers_["C1"].get_data()
    assert mx[0] == 0.2
    assert my[0] == pytest.approx(brute_envelope(two["C1"], np.array([0.2]), 0.8)[0])


def test_bad_x_axis(two):
    with pytest.raises(ValueError, match="x_axis"):
        sp.plot_cost(two, x_axis="pi")


@pytest.mark.slow_cases('0.0-skew', '0.3-skew', '0.5-pc')  # loaded run 2026-11-29
@pytest.mark.parametrize("m, x_axis", [(0.5, "pc"), (0.0, "skew"), (0.3, "skew"), (1.0, "pc")])
def test_envelope_area_is_over_pc_whatever_the_axis(two, m, x_axis):
    disp = sp.plot_cost(two, m=m, x_axis=x_axis)
    grid = np.linspace(0, 1, 200001)
    for name, pts in two.items():
        env = sp.cost_envelope(pts, pc=grid)[0]
        want = np.sum(np.diff(grid) * (env[1:] + env[:-1]) / 2)
        assert disp.envelope_area(name) == pytest.approx(want, abs=1e-9)
