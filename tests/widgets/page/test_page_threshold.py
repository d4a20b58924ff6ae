"""The threshold control's data in a saved page (``_page_threshold``): counts and threshold strings, packed.

Fast: no widget, no browser.  The page's own use of them (marks, table, targets, the button) is checked
against the kernel by ``test_browser_page_threshold.py``.
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.widgets.page._threshold import decode_points, encode_points


def _points(n, seed=0, **kw):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.1
    return sp.operating_points(y, rng.normal(size=n) + 1.5 * y, **kw)


@pytest.mark.parametrize("make", [
    lambda: _points(5000),
    lambda: sp.operating_points([0, 1, 1, 0, 1, 1, 0], [0.5, 0.5, 0.5, 0.2, 0.2, -3.0, 1e-30]),  # tied scores
    lambda: sp.operating_points(np.r_[np.zeros(300), np.ones(400)], np.r_[np.zeros(300), np.ones(400)]),  # steps > 255
], ids=["normal", "ties", "wide-steps"])
def test_counts_and_threshold_strings_come_back_exactly(make):
    pts = make()
    enc = encode_points(pts)
    back = decode_points(enc)
    assert enc["n"] == len(pts)
    np.testing.assert_array_equal(back["tp"], pts.tp)
    np.testing.assert_array_equal(back["fp"], pts.fp)
    assert back["strings"] == [format(t, ".4g") for t in pts.thresholds]  # the kernel's readout strings
    assert back["strings"][0] == "inf"
    # the page's rates are the kernel's to the last bit
    np.testing.assert_array_equal(back["tp"] / back["tp"][-1], pts.tpr)


def test_the_step_type_is_the_smallest_that_holds_the_steps():
    assert encode_points(_points(2000))["counts"] == "steps-uint8"
    tied = sp.operating_points(np.r_[np.zeros(300), np.ones(400)], np.r_[np.zeros(300), np.ones(400)])
    assert encode_points(tied)["counts"] == "steps-uint16"


def test_weighted_counts_are_stored_as_they_are():
    rng = np.random.default_rng(1)
    y = rng.random(500) < 0.3
    pts = sp.operating_points(y, rng.normal(size=500) + y, sample_weight=rng.random(500) + 0.1)
    enc = encode_points(pts)
    assert enc["counts"] == "float64"
    back = decode_points(enc)
    np.testing.assert_array_equal(back["tp"], pts.tp)
    np.testing.assert_array_equal(back["fp"], pts.fp)


@pytest.mark.slow  # loaded run 2026-11-29
def test_a_million_scores_take_a_few_hundred_kilobytes():
    # from 1e5 (1e6: 373 kB): the steps compress to under a bit a point, the strings to their runs
    pts = _points(100_000)
    enc = encode_points(pts)
    assert len(enc["tp"]) + len(enc["fp"]) < 0.1 * len(pts) * 2
    size = sum(len(enc[k]) for k in ("tp", "fp", "strings", "runs"))
    assert size < 0.06 * 24 * len(pts), size  # stored naively (float64 counts and thresholds): 2.4 MB
    assert len(np.unique([format(t, ".4g") for t in pts.thresholds])) < 0.3 * len(pts)


def test_points_without_thresholds_are_refused():
    with pytest.raises(ValueError, match="score thresholds"):
        encode_points(sp.OperatingPoints.from_rates([0.5], [0.1]))


def _every_string(values):
    strings = [format(v, ".4g") for v in values.tolist()]
    starts = [i for i in range(len(strings)) if i == 0 or strings[i] != strings[i - 1]]
    return [strings[i] for i in starts], np.diff(np.r_[starts, len(strings)]).tolist()


@pytest.mark.parametrize("seed", range(6))
def test_string_runs_are_those_of_every_value_formatted(seed):
    # formatted at the ends of runs only (the rounding is monotone): the same runs as formatting every value
    from skewplot.widgets.page._threshold import _string_runs

    rng = np.random.default_rng(seed)
    n = 5000
    values = [rng.random(n), 10 ** rng.uniform(-8, 8, n) * rng.choice([-1, 1], n), np.round(rng.normal(size=n), 3),
              9.9995 + rng.uniform(-1e-3, 1e-3, n),  # the rounding's edge of a decade
              rng.uniform(0.5, 0.52, n), rng.uniform(0.97, 1.03, n) * 10.0 ** rng.integers(-300, 300),  # long runs
              np.r_[np.inf, rng.random(n).astype(np.float32), 0.0, 0.0, -np.inf],
              np.r_[1.2345, 1.2355, 0.00012345, 1e-320, 5e-324, 0.0, 1.797e308, rng.integers(0, 5, n) / 10]]
    odd = [np.array([0.0, -0.0, 0.0]), np.array([3.0, 1.0, 2.0]), np.array([np.nan, 1.0]), np.array([1.0])]
    for v in [np.sort(v)[::s] for v in values for s in (1, -1)] + odd:
        distinct, runs = _string_runs(np.ascontiguousarray(v, dtype=float))
        assert (distinct, runs.tolist()) == _every_string(v)
        assert runs.dtype == np.dtype("<u4")
