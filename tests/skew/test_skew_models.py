"""Skew models: FixedSkew, SkewRange (uniform, weighted), SkewSeries, as_skew."""

import numpy as np
import pytest
import scipy.stats as st
from hypothesis import assume, given, settings
from hypothesis import strategies as hs
from scipy.integrate import quad, trapezoid

import skewplot as sp
from skewplot.skew import FixedSkew, SkewModel, SkewRange, SkewSeries, as_skew

PROPS = settings(max_examples=500, deadline=None)
unit = hs.floats(0.0, 1.0, allow_nan=False, allow_subnormal=False)


def p_at(a, b, p):
    """Precision at skew p, straight from [L Eq 9], with the limits at the ends."""
    den = p * a + (1 - p) * b
    if den == 0:  # 0/0: the limit as p moves into (0, 1)
        return 1.0 if a > 0 else (0.0 if b > 0 else p)
    return p * a / den


def quad_range(g, lo, hi, weight=None):
    w = weight or (lambda p: 1.0)
    pts = [x for x in (lo + (hi - lo) * 1e-9, lo + (hi - lo) * 1e-5, lo + (hi - lo) * 1e-2, hi - (hi - lo) * 1e-5)]
    num = quad(lambda p: w(p) * g(p), lo, hi, points=pts, limit=400, epsabs=1e-15, epsrel=1e-12)[0]
    den = quad(w, lo, hi, points=pts, limit=400, epsabs=1e-15, epsrel=1e-12)[0]
    return num / den


# ---------------------------------------------------------------- seed numbers


@pytest.mark.parametrize("lo, hi, want", [(0.0, 0.5, 0.1424), (0.3, 0.5, 0.2349), (0.6, 0.9, 0.5471)])
def test_min_auc_of_integrated_pr_lampert_fig_9(lo, hi, want):
    assert sp.aucpr_min((lo, hi)) == pytest.approx(want, abs=5e-5)
    # [L Eq 20] against the double integral of the minimum curve
    ref = quad(lambda r: quad_range(lambda p: p * r / (p * r + 1 - p), lo, hi), 0, 1, epsabs=1e-13)[0]
    assert sp.aucpr_min((lo, hi)) == pytest.approx(ref, rel=1e-10)


def test_worked_examples_lampert_section_4_2():
    assert float(FixedSkew(0.4).precision(0.8, 0.2)) == pytest.approx(0.7273, abs=5e-5)
    series = SkewSeries.from_function(lambda t: np.minimum(1.0, 2.0 ** np.asarray(t) / 1e4), t_end=20.0)
    assert float(series.precision(0.8, 0.2)) == pytest.approx(0.4689, abs=5e-5)


@pytest.mark.parametrize(
    "tp, fp, n_pos, n_neg, want",
    [(73, 276, 91, 919, 0.21), (200, 228, 250, 760, 0.47), (408, 150, 510, 500, 0.73), (735, 27, 919, 91, 0.97)],
)
def test_table_2_transforms(tp, fp, n_pos, n_neg, want):
    # [L Table 2]: TPR .8, FPR .3 on four data sets of different skew
    pi = n_pos / (n_pos + n_neg)
    got = float(FixedSkew(pi).precision(0.8, 0.3))
    assert got == pytest.approx(tp / (tp + fp), abs=2e-3)  # the counts are rounded to integers
    # The printed precision is within 0.01 (d: 735 / 762 = 0.9646 is printed 0.97).
    assert got == pytest.approx(want, abs=1e-2)
    assert sp.transform_precision(0.8 / 1.1, 0.5, pi) == pytest.approx(got, rel=1e-12)


def test_ratio_range_1_to_100_is_skew_range_0099_to_half():
    # lambda' = N_n / N_p in [1, 100]  <=>  pi' = 1 / (1 + lambda') in [0.0099, 0.5]  [L §5]
    lo, hi = 1 / (1 + 100), 1 / (1 + 1)
    assert round(lo, 4) == 0.0099 and hi == 0.5
    pts = sp.OperatingPoints.from_rates([0.3, 0.8], [0.01, 0.2])
    model = SkewRange(lo, hi, weight=lambda p: p**-2.0)
    iauprec = sp.iauprec(pts, ratio_range=(1.0, 100.0), interpolation="continuous")
    assert iauprec == pytest.approx(sp.aucpr(pts, skew=model), rel=1e-12)


def test_random_classifier_levels():
    assert sp.random_precision(0.2) == 0.2
    assert sp.random_precision((0.1, 0.4)) == 0.25  # [L Eq 22]
    times = np.array([0.0, 1.0, 3.0, 7.0])
    vals = np.array([0.1, 0.3, 0.2, 0.6])
    series = SkewSeries(vals, times)
    assert series.mean == pytest.approx(trapezoid(vals, times) / 7.0, rel=1e-14)  # [L Eq 15]
    f = SkewSeries.from_function(lambda t: 0.1 + 0.05 * np.sin(t), t_end=4.0)
    assert f.mean == pytest.approx(quad(lambda t: 0.1 + 0.05 * np.sin(t), 0, 4)[0] / 4, rel=1e-13)
    dist = st.norm(0.129, 0.035)
    w = SkewRange(0.0, 1.0, weight=dist)
    ref = quad(lambda p: p * dist.pdf(p), 0, 1, epsabs=1e-14)[0] / (dist.cdf(1) - dist.cdf(0))
    assert w.mean == pytest.approx(ref, rel=1e-12)
    for model in (FixedSkew(0.2), SkewRange(0.1, 0.4), series, f, w):
        # TPR = FPR: precision is the mean skew, for every model and any rate
        np.testing.assert_allclose(model.precision(np.array([0.3, 1.0]), np.array([0.3, 1.0])), model.mean, rtol=1e-12)


# ---------------------------------------------------------------- uniform ranges

ranges = hs.tuples(unit, unit).filter(lambda t: t[1] - t[0] > 1e-3)
rates = hs.tuples(unit, unit)


@PROPS
@given(ranges, rates, hs.sampled_from(["free", "diag", "fpr0", "tpr0"]))
@pytest.mark.slow  # 1.1 s
def test_integrated_precision_equals_quadrature(rng_, ab, kind):
    lo, hi = rng_
    a, b = ab
    if kind == "diag":
        b = a
    elif kind == "fpr0":
        b = 0.0
    elif kind == "tpr0":
        a = 0.0
    assume(a > 0 or b > 0)
    got = float(SkewRange(lo, hi).precision(a, b))
    ref = quad_range(lambda p: p_at(a, b, p), lo, hi)
    assert got == pytest.approx(ref, rel=1e-9, abs=1e-13)
    assert 0.0 <= got <= 1.0


@PROPS
@given(ranges, rates)
@pytest.mark.slow  # 1.7 s
def test_integrated_precision_is_above_the_minimum_curve(rng_, ab):
    lo, hi = rng_
    a, b = ab
    assume(a > 0)
    model = SkewRange(lo, hi)
    assert float(model.precision(a, b)) >= float(model.min_precision(a)) - 1e-12


@PROPS
@given(ranges, rates, hs.floats(0.0, 1.0))
@pytest.mark.slow  # 1.2 s
def test_moving_the_range_up_never_lowers_precision(rng_, ab, frac):
    lo, hi = rng_
    shift = frac * (1.0 - hi)
    a, b = ab
    assume(a > 0 or b > 0)
    low, high = SkewRange(lo, hi).precision(a, b), SkewRange(lo + shift, hi + shift).precision(a, b)
    assert float(high) >= float(low) - 1e-12


@PROPS
@given(hs.floats(1e-3, 1 - 2e-3), rates)
@pytest.mark.slow  # 0.7 s
def test_narrow_range_approaches_fixed_skew(a_skew, ab):
    a, b = ab
    assume(a > 0 or b > 0)
    narrow = SkewRange(a_skew, a_skew + 1e-6)
    # The average over a short range is the 2-point Gauss rule of the fixed skews in it
    # (error ~ width**4 times the fourth derivative): it tends to FixedSkew(a_skew).
    g1, g2 = (FixedSkew(a_skew + 5e-7 * (1 + s * 3**-0.5)) for s in (-1, 1))
    two_point = {
        name: 0.5 * (float(getattr(g1, name)(*args)) + float(getattr(g2, name)(*args)))
        for name, args in (("precision", (a, b)), ("min_precision", (a,)), ("aucpr_min", ()))
    }
    assert float(narrow.precision(a, b)) == pytest.approx(two_point["precision"], abs=1e-9)
    assert float(narrow.min_precision(a)) == pytest.approx(two_point["min_precision"], abs=1e-9)
    assert narrow.aucpr_min() == pytest.approx(two_point["aucpr_min"], abs=1e-9)


@PROPS
@given(hs.lists(hs.floats(0.0, 1.0), min_size=1, max_size=5), hs.floats(0.01, 0.99),
       hs.sampled_from(["uniform", "weighted", "series"]))
@pytest.mark.slow  # 4.9 s
def test_worst_classifier_area_is_aucpr_min(_, pi, kind):
    # Every negative before every positive: ROC (0, 0) -> (0, 1) -> (1, 1).
    worst = sp.OperatingPoints.from_rates([0.0], [1.0])
    model = {
        "uniform": SkewRange(pi / 2, pi),
        "weighted": SkewRange(0.0, pi, weight=lambda p: 1.0 + p),
        "series": SkewSeries([pi / 3, pi, 1.0, pi / 2]),
    }[kind]
    assert sp.aucpr(worst, skew=model) == pytest.approx(sp.aucpr_min(model), rel=1e-9, abs=1e-12)


def test_uniform_aucpr_min_against_its_two_integrals():
    for lo, hi in [(0.0, 1.0), (0.0, 0.01), (0.5, 1.0), (0.2, 0.7)]:
        via_pi = quad_range(lambda p: float(sp.aucpr_min(p)) if 0 < p < 1 else float(p >= 1), lo, hi)
        assert sp.aucpr_min((lo, hi)) == pytest.approx(via_pi, rel=1e-10)


def test_uniform_min_precision_matches_quadrature_and_ends():
    model = SkewRange(0.0, 1.0)
    r = np.array([0.0, 1e-9, 0.3, 1.0])
    ref = [quad_range(lambda p, rr=rr: p * rr / (p * rr + 1 - p) if p < 1 else 1.0, 0.0, 1.0) for rr in r]
    np.testing.assert_allclose(model.min_precision(r), ref, rtol=1e-9, atol=1e-14)
    assert model.min_precision(1.0) == pytest.approx(0.5)


# ---------------------------------------------------------------- weighted ranges


@pytest.mark.parametrize(
    "weight, lo, hi",
    [(st.norm(0.129, 0.035), 0.0, 1.0), (lambda p: p**-2.0, 0.0099, 0.5), (st.beta(2, 5), 0.0, 1.0),
     (lambda p: np.exp(-p), 0.2, 0.9)],
)
@pytest.mark.slow_cases('weight0-0.0-1.0', 'weight2-0.0-1.0')  # loaded run 2026-11-29
def test_weighted_precision_matches_quadrature(weight, lo, hi):
    w = weight.pdf if hasattr(weight, "pdf") else weight
    model = SkewRange(lo, hi, weight=weight)
    a = np.array([0.8, 0.9, 1e-6, 0.5, 0.3, 1.0])
    b = np.array([0.2, 1e-6, 0.5, 0.5, 0.0, 1.0])
    ref = [quad_range(lambda p, x=x, y=y: p_at(x, y, p), lo, hi, w) for x, y in zip(a, b, strict=True)]
    np.testing.assert_allclose(model.precision(a, b), ref, rtol=1e-10, atol=1e-14)
    ref_min = quad_range(lambda p: float(sp.aucpr_min(p)) if p > 0 else 0.0, lo, hi, w)
    assert model.aucpr_min() == pytest.approx(ref_min, rel=1e-10)


def test_constant_weight_equals_uniform():
    flat = SkewRange(0.0, 0.5, weight=lambda p: np.full_like(p, 3.0))
    a, b = np.array([0.8, 0.9, 0.2]), np.array([0.2, 1e-9, 0.6])
    np.testing.assert_allclose(flat.precision(a, b), SkewRange(0.0, 0.5).precision(a, b), rtol=1e-13)


# ---------------------------------------------------------------- series


@PROPS
@given(hs.floats(0.0, 1.0), hs.integers(1, 6), rates)
@pytest.mark.slow  # 1.1 s
def test_constant_series_equals_fixed_skew(value, k, ab):
    assume(0 < value < 1)
    a, b = ab
    series = SkewSeries(np.full(k, value))
    fixed = FixedSkew(value)
    assert float(series.precision(a, b)) == float(fixed.precision(a, b))
    assert series.mean == value and series.aucpr_min() == fixed.aucpr_min()


def test_series_is_the_trapezoid_over_unequal_times():
    times = np.array([0.0, 0.5, 2.0, 2.1, 5.0])
    vals = np.array([0.0, 0.2, 1.0, 0.4, 0.05])  # reaches both 0 and 1
    series = SkewSeries(vals, times)
    for a, b in [(0.8, 0.2), (0.7, 0.0), (0.0, 0.4), (0.3, 0.3)]:
        ref = trapezoid([p_at(a, b, v) for v in vals], times) / 5.0
        assert float(series.precision(a, b)) == pytest.approx(ref, rel=1e-13, abs=1e-15)


def test_from_function_handles_a_kink_and_scalar_functions():
    def f(t):  # scalar-only on purpose
        return min(1.0, 2.0**t / 1e4)

    series = SkewSeries.from_function(f, t_end=20.0)
    kink = np.log2(1e4)
    ref = quad(lambda t: p_at(0.8, 0.2, f(t)), 0, 20, points=[kink], epsabs=1e-15)[0] / 20
    assert float(series.precision(0.8, 0.2)) == pytest.approx(ref, rel=1e-12)
    window = SkewSeries.from_function(lambda t: 0.5 * np.abs(np.sin(t)), t_end=7.0, t_start=1.0)
    ref = quad(lambda t: p_at(0.6, 0.1, 0.5 * abs(np.sin(t))), 1, 7, points=[np.pi, 2 * np.pi], epsabs=1e-15)[0] / 6
    assert float(window.precision(0.6, 0.1)) == pytest.approx(ref, rel=1e-12)


# ---------------------------------------------------------------- interface


def test_as_skew_and_labels():
    assert isinstance(as_skew((0.0, 0.5)), SkewRange)
    assert as_skew((0.0, 0.5)) == SkewRange(0.0, 0.5)
    assert as_skew(0.25) == FixedSkew(0.25)
    assert FixedSkew(0.01).label() == "$P_{\\pi'=0.01}$"
    assert SkewRange(0.0, 0.5).label() == "$\\bar{P}_{[0, 0.5]}$"
    assert SkewSeries([0.1, 0.2]).label() == "$\\tilde{P}$"
    assert SkewRange(0, 1, weight=st.norm()).symbol == "\\bar{P}"
    for model in (FixedSkew(0.3), SkewRange(0.1, 0.3), SkewSeries([0.1, 0.3])):
        pi, w = model.nodes()
        assert isinstance(model, SkewModel) and w.sum() == pytest.approx(1.0, abs=1e-15)
        assert float(model.expect(lambda p: p)) == pytest.approx(model.mean, rel=1e-12)


def test_uniform_nodes_serve_generic_expectations():
    model = SkewRange(0.0, 0.5)
    a, b = np.array([0.8, 0.9, 0.5]), np.array([0.2, 1e-7, 0.5])
    via_nodes = SkewModel.precision(model, a, b)
    np.testing.assert_allclose(via_nodes, model.precision(a, b), rtol=1e-12)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: SkewRange(0.5, 0.5), "lo"),
        (lambda: SkewRange(0.6, 0.2), "lo"),
        (lambda: SkewRange(-0.1, 0.5), "lo"),
        (lambda: SkewRange(0.1, 1.5), "hi"),
        (lambda: SkewRange(0.0, 0.5, weight=lambda p: p - 0.25).nodes(), "weight"),
        (lambda: SkewRange(0.0, 0.5, weight=lambda p: 0.0 * p).nodes(), "weight"),
        (lambda: SkewRange(0.0, 0.5, weight=st.norm(5.0, 0.01)).nodes(), "weight"),
        (lambda: SkewRange(0.0, 0.5, weight=lambda p: np.nan * p).nodes(), "weight"),
        (lambda: SkewSeries([]), "values"),
        (lambda: SkewSeries([0.2, 1.2]), "values"),
        (lambda: SkewSeries([0.2, np.nan]), "values"),
        (lambda: SkewSeries([0.2, 0.3], [1.0, 1.0]), "times"),
        (lambda: SkewSeries([0.2, 0.3], [0.0]), "times"),
        (lambda: SkewSeries.from_function(lambda t: 0.1 + 0 * t, t_end=0.0), "t_end"),
        (lambda: SkewSeries.from_function(lambda t: 2.0 + 0 * t, t_end=1.0), "f"),
        (lambda: sp.aucpr(sp.OperatingPoints.from_rates([0.5], [0.2], skew=0.3), skew=SkewSeries([0.0, 0.5]),
                          interpolation="discrete-tp"), "interpolation"),
    ],
)
def test_bad_input_names_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: SkewRange(0.0, 0.5, weight="flat"), "weight"),
        (lambda: SkewRange(0.0, 0.5, weight=st.poisson(3)), "weight"),
        (lambda: SkewSeries.from_function(0.3, t_end=1.0), "f"),
        (lambda: SkewRange("0", 0.5), "lo"),
    ],
)
def test_bad_types_name_the_argument(call, match):
    with pytest.raises(TypeError, match=match):
        call()


def test_uniform_precision_of_positive_rates_does_not_depend_on_a_degenerate_neighbour():
    """Positive rates (computed in place) give the same bits beside a zero rate (which takes the masked branches)."""
    from skewplot.skew.uniform import uniform_precision

    rng = np.random.default_rng(3)
    a, b = rng.random(3000), rng.random(3000) ** 4  # x from about -0.9 to 1e3 of a narrow and a wide range
    for lo, hi in ((0.01, 0.1), (1e-4, 0.9), (0.3, 0.3000001)):
        fast = uniform_precision(a, b, lo, hi)
        general = uniform_precision(np.r_[a, 0.0], np.r_[b, 1.0], lo, hi)[:-1]
        assert np.array_equal(fast, general)
        assert np.allclose(fast, [quad_range(lambda p, a=ai, b=bi: p_at(a, b, p), lo, hi) for ai, bi in
                                  zip(a[:5], b[:5], strict=True)] + list(fast[5:]), rtol=1e-12, atol=0)
