"""Ranking under skew: inversion_skews [L §4.1.1, Alg 1] and skew_limits [L §5.1]."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import skewplot as sp

from conftest import random_scores


def sign_changes_by_dense_scan(pts_a, pts_b, interpolation="continuous", n=4001, eps=1e-6):
    """Independent check: a dense scan with the public aucpr at fixed skews."""
    grid = 1 / (1 + np.exp(-np.linspace(np.log(eps / (1 - eps)), np.log((1 - eps) / eps), n)))
    d = np.array([sp.aucpr(pts_a, skew=p, interpolation=interpolation)
                  - sp.aucpr(pts_b, skew=p, interpolation=interpolation)
                  for p in grid])
    idx = np.flatnonzero(np.sign(d[:-1]) * np.sign(d[1:]) < 0)
    return grid[idx], grid[idx + 1]


EARLY = sp.OperatingPoints.from_rates([0.4, 0.6], [0.001, 0.4])
BROAD = sp.OperatingPoints.from_rates([0.3, 0.9], [0.05, 0.2])


@pytest.mark.parametrize("interpolation", ["continuous", "trapezoid", "step"])
@pytest.mark.slow  # 0.5 s, 0.6 s (its cases)
def test_single_inversion_is_found_and_bracketed(interpolation):
    roots = sp.inversion_skews(EARLY, BROAD, interpolation=interpolation)
    lo, hi = sign_changes_by_dense_scan(EARLY, BROAD, interpolation)
    assert roots.size == lo.size == 1
    assert lo[0] <= roots[0] <= hi[0]
    # at the root both classifiers have the same area; the ranking differs on either side
    r = roots[0]
    a, b = sp.aucpr(EARLY, skew=r, interpolation=interpolation), sp.aucpr(BROAD, skew=r, interpolation=interpolation)
    assert a == pytest.approx(b, abs=1e-13)
    def gap(p):
        return (sp.aucpr(EARLY, skew=p, interpolation=interpolation)
                - sp.aucpr(BROAD, skew=p, interpolation=interpolation))

    before, after = gap(r * 0.9), gap(r * 1.1)
    assert before * after < 0
    np.testing.assert_array_equal(sp.inversion_skews(BROAD, EARLY, interpolation=interpolation), roots)


@pytest.mark.slow  # 2.9 s
def test_every_inversion_of_random_curves(rng):
    found = []
    for _ in range(12):
        k = rng.integers(2, 6)
        a = sp.OperatingPoints.from_rates(np.sort(rng.random(k)), np.sort(rng.random(k)) ** 3)
        b = sp.OperatingPoints.from_rates(np.sort(rng.random(k)), np.sort(rng.random(k)) ** 2)
        roots = sp.inversion_skews(a, b)
        lo, hi = sign_changes_by_dense_scan(a, b, n=2001)
        assert roots.size == lo.size
        assert np.all((lo <= roots) & (roots <= hi))
        found.append(roots.size)
    assert sum(found) > 0


@pytest.mark.slow  # 0.8 s
def test_two_inversions_are_both_found():
    # Precision at the top favours A, the middle favours B at moderate skews, A again later.
    a = sp.OperatingPoints.from_rates([0.16, 0.38, 0.58, 0.6], [0.0, 0.133, 0.329, 0.614])
    b = sp.OperatingPoints.from_rates([0.45, 0.48, 0.48, 0.54], [0.03, 0.53, 0.74, 1.0])
    roots = sp.inversion_skews(a, b)
    lo, hi = sign_changes_by_dense_scan(a, b)
    assert roots.size == lo.size == 2
    assert np.all((lo <= roots) & (roots <= hi))


def test_curves_that_never_cross_never_invert(rng):
    # [L Cor 1]: B's ROC lies under A's, so B's PR curve lies under A's at every skew
    y, s = random_scores(rng, 200)
    good = sp.operating_points(y, s + 2 * y)
    assert sp.inversion_skews(good, sp.operating_points(y, s)).size == 0
    assert sp.inversion_skews(good, good).size == 0
    # issue 41 item 4: an eps so small that 1 - eps rounds to 1 searched a NaN skew ("skews contains NaN")
    assert sp.inversion_skews(good, sp.operating_points(y, s), eps=1e-300).size == 0


def test_a_tiny_eps_finds_what_the_default_finds():
    a = sp.OperatingPoints.from_rates([0.16, 0.38, 0.58, 0.6], [0.0, 0.133, 0.329, 0.614])
    b = sp.OperatingPoints.from_rates([0.45, 0.48, 0.48, 0.54], [0.03, 0.53, 0.74, 1.0])
    np.testing.assert_allclose(sp.inversion_skews(a, b, eps=1e-300), sp.inversion_skews(a, b), rtol=1e-9)


@settings(max_examples=500, deadline=None)
@given(hs.floats(0.01, 0.9), hs.floats(0.0, 0.5), hs.floats(0.05, 0.5))
@pytest.mark.slow  # 5.3 s
def test_dominated_single_points_never_invert(tpr, fpr_frac, gap):
    # Same recall, more false positives: lower precision at every skew (Theorem 2)
    fpr = fpr_frac * tpr
    better = sp.OperatingPoints.from_rates([tpr], [fpr])
    worse = sp.OperatingPoints.from_rates([tpr], [min(1.0, fpr + gap)])
    assert sp.inversion_skews(better, worse).size == 0


def test_skew_limits_lampert_section_5_1():
    skews = [0.109, 0.076, 0.184, 0.168, 0.090, 0.126, 0.123]  # [L Table 4], eye fundus sets
    lo, hi = sp.skew_limits(skews)
    m, sd = np.mean(skews), np.std(skews, ddof=1)
    assert (lo, hi) == pytest.approx((m - 3 * sd, m + 3 * sd), rel=1e-14)
    lo0, hi0 = sp.skew_limits(skews, ddof=0)
    assert hi0 - lo0 == pytest.approx(6 * np.std(skews), rel=1e-14)
    # the paper's summary values (mean .129, std .035) give its limits .023 and .235
    assert (0.129 - 3 * 0.035, 0.129 + 3 * 0.035) == pytest.approx((0.023, 0.235), abs=1.5e-3)


def test_skew_limits_clip_to_the_unit_interval():
    lo, hi = sp.skew_limits([0.01, 0.02, 0.9])
    assert lo == 0.0 and hi < 1.0 and hi == np.nextafter(1.0, 0.0)
    sp.SkewRange(lo, hi)  # usable as a range


@pytest.mark.parametrize(
    "call, exc, match",
    [
        (lambda: sp.inversion_skews(EARLY, "b"), TypeError, "pts_b"),
        (lambda: sp.inversion_skews([0.1], BROAD), TypeError, "pts_a"),
        (lambda: sp.inversion_skews(EARLY, BROAD, eps=0.0), ValueError, "eps"),
        (lambda: sp.inversion_skews(EARLY, BROAD, eps=0.7), ValueError, "eps"),
        (lambda: sp.inversion_skews(EARLY, BROAD, interpolation="spline"), ValueError, "interpolation"),
        (lambda: sp.skew_limits([0.2]), ValueError, "skews"),
        (lambda: sp.skew_limits([0.2, 1.2]), ValueError, "skews"),
        (lambda: sp.skew_limits([0.2, 0.2]), ValueError, "skews"),
        (lambda: sp.skew_limits([0.2, 0.3], k=0), ValueError, "k"),
        (lambda: sp.skew_limits([0.2, 0.3], ddof=2), ValueError, "ddof"),
    ],
)
def test_bad_input_names_the_argument(call, exc, match):
    with pytest.raises(exc, match=match):
        call()
