import numpy as np
import pytest
from scipy.integrate import trapezoid

import skewplot as sp

from conftest import random_scores


def test_continuous_curve_follows_the_true_curve_and_its_area(rng):
    y, s = random_scores(rng, 80)
    pts = sp.operating_points(y, s)
    for skew in (None, 0.02, 0.7):
        r, p = sp.pr_curve(pts, skew=skew, resolution=1e-5)
        assert r[0] == 0 and r[-1] == 1 and np.all(np.diff(r) >= 0)
        assert trapezoid(p, r) == pytest.approx(sp.aucpr(pts, skew=skew), abs=3e-5)
        # Every drawn vertex lies on the curve: its precision from its ROC point.
        assert np.all((p >= 0) & (p <= 1))


def test_densified_vertices_lie_on_the_segment_hyperbola():
    pts = sp.OperatingPoints.from_rates([0.2], [0.6], skew=0.1)
    r, p = sp.pr_curve(pts, resolution=1e-4)
    assert r.size > 10
    # On the segment from (0.2, 0.6) to (1, 1): FPR is linear in TPR.
    inner = r > 0.2
    fpr = 0.6 + (r[inner] - 0.2) * (0.4 / 0.8)
    want = 0.1 * r[inner] / (0.1 * r[inner] + 0.9 * fpr)
    np.testing.assert_allclose(p[inner], want, rtol=1e-12)
    mid = 0.5 * (r[1:] + r[:-1])
    chord = 0.5 * (p[1:] + p[:-1])
    f = np.interp(mid, r, p)
    assert np.all(np.abs(f - chord) < 1e-12)


def test_step_curve_integrates_to_average_precision(rng):
    y, s = random_scores(rng, 200)
    pts = sp.operating_points(y, s)
    r, p = sp.pr_curve(pts, interpolation="step")
    area = sum((r[i + 1] - r[i]) * p[i] for i in range(len(r) - 1))
    assert area == pytest.approx(sp.average_precision(pts), rel=1e-12)


@pytest.mark.parametrize("interp", ["discrete-tp", "discrete-fp", "trapezoid"])
def test_other_schemes_integrate_to_their_auc(rng, interp):
    y, s = random_scores(rng, 150)
    pts = sp.operating_points(y, s)
    r, p = sp.pr_curve(pts, interpolation=interp)
    assert trapezoid(p, r) == pytest.approx(sp.aucpr(pts, interpolation=interp), rel=1e-12)


def test_bad_resolution():
    pts = sp.operating_points([0, 1], [0.1, 0.9])
    with pytest.raises(ValueError, match="resolution"):
        sp.pr_curve(pts, resolution=0)
    with pytest.raises(ValueError, match="resolution"):
        sp.pr_curve(pts, interpolation="step", resolution=0.1)
    with pytest.raises(ValueError, match="interpolation"):
        sp.pr_curve(pts, interpolation="cubic")
