"""Property (issue 30, Deliver 1 and 3): what the table path calls exact equals ``operating_points``, any dtype.

Random small tables of int64 beyond 2**53, uint64 beyond 2**63, float32 and
decimals whose neighbours round to one double (38 digits, steps of 1e-25;
DECIMAL(17, 3) that pyarrow casts an ulp off),
read by pandas, polars and DuckDB, in exact mode with few ``max_groups``
(so the bin path runs), with ``bins=`` and with ``tolerance=`` (refinement):
exact points equal :func:`skewplot.operating_points` of the same scores
(decimals correctly rounded to doubles, integers kept whole) to the last
bit, and every bracket contains the exact areas.
"""

import decimal
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skewplot as sp
from skewplot.metrics.bounded import BoundedOperatingPoints

duckdb = pytest.importorskip("duckdb")
CON = duckdb.connect()  # the tests' tables' connection: before DuckDB 2.0 a relation fails once its connection is freed
pl = pytest.importorskip("polars")
pa = pytest.importorskip("pyarrow")

D = decimal.Decimal
# Neighbours a double cannot tell apart (0.1 + k 1e-25), beside ones it can.
_DECIMAL_POOL = [D("0.1") + k * D("1e-25") for k in range(6)] + [D("0.3"), D("0.3") + D("1e-20"), D("-2.5"),
                                                                  D("12345678901234.5678901234")]
_POOLS = {
    "int64": (pa.int64(), [2**53, 2**53 + 1, 2**53 + 2, 2**62 + 1, 2**62, -(2**63), 5, -7]),
    "uint64": (pa.uint64(), [2**64 - 1, 2**64 - 2, 2**63, 2**63 + 1, 2**53 + 1, 0, 3]),
    "float32": (pa.float32(), [0.1, 0.1 + 2**-30, 0.3, 3.4e38, -1e-45, 0.7]),
    "decimal": (pa.decimal128(38, 25), _DECIMAL_POOL[:-1]),
    # pyarrow casts 8983987453034.159 an ulp off its double, which 8983987453034.158 shares: a first-grid or
    # refined bin may then hold either, and bins meet at one double.
    "decimal(17,3)": (pa.decimal128(17, 3), [D("8983987453034.158") + k * D("0.001") for k in range(-6, 7)]),
    "decimal wide": (pa.decimal128(38, 10), [D("12345678901234.5678901234"), D("12345678901234.5678901235"),
                                             D("12345678901234.5678901236"), D("0.1"), D("-3")]),
}
_MODES = [{}, {"max_groups": 2}, {"max_groups": 3}, {"max_groups": 5}, {"bins": 2}, {"tolerance": 1e-3},
          {"tolerance": 1e-9, "max_groups": 64}]


def _native(tab, kind):
    if kind == "pandas":
        return tab.to_pandas(types_mapper=pd.ArrowDtype)
    if kind == "polars":
        return pl.from_arrow(tab)
    return CON.from_arrow(tab)


def _reference_scores(values, dtype):
    if dtype.startswith("decimal"):
        return np.array([float(v) for v in values])  # correctly rounded, as the engines' text keys are
    return np.array(values, dtype={"int64": np.int64, "uint64": np.uint64, "float32": np.float32}[dtype])


@st.composite
def _tables(draw, dtype):
    arrow_type, pool = _POOLS[dtype]
    n = draw(st.integers(2, 24))
    values = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    y[0], y[1] = 0, 1
    weighted = draw(st.booleans())
    w = draw(st.lists(st.sampled_from([0.5, 1.0, 3.0]), min_size=n, max_size=n)) if weighted else None
    return dtype, arrow_type, values, np.array(y), w


@pytest.mark.parametrize("dtype", sorted(_POOLS))
@pytest.mark.parametrize("kind", ["pandas", "polars", "duckdb"])
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_exact_means_operating_points_for_every_dtype(kind, dtype, data):
    case, mode = data.draw(_tables(dtype)), data.draw(st.sampled_from(_MODES))
    dtype, arrow_type, values, y, w = case
    cols = {"s": pa.array(values, type=arrow_type), "y": pa.array(y)}
    if w is not None:
        cols["w"] = pa.array(np.asarray(w, dtype=float))
    with warnings.catch_warnings():
        # No warning on valid input: at most 24 rows always fit max_groups, so bins a double cannot split (ties
        # of wide integers or decimals) are grouped by the score itself and every tolerance is met.
        warnings.simplefilter("error")
        got = sp.operating_points_from(_native(pa.table(cols), kind), "s", "y",
                                       sample_weight=None if w is None else "w", **mode)
    want = sp.operating_points(y, _reference_scores(values, dtype), sample_weight=w)
    if isinstance(got, BoundedOperatingPoints):
        assert mode, "exact mode with max_groups of 2**20 returned a bracket"
        assert sp.aucpr(got).width <= mode.get("tolerance", np.inf)
        for skew in (None, 0.01):
            assert sp.aucpr(want, skew=skew) in sp.aucpr(got, skew=skew)
            assert sp.average_precision(want, skew=skew) in sp.average_precision(got, skew=skew)
        assert sp.roc_auc(want) in sp.roc_auc(got)
        return
    assert isinstance(got, sp.OperatingPoints)
    np.testing.assert_array_equal(got.thresholds, want.thresholds)
    rtol = 0.0 if w is None else 1e-15  # weights summed by the engine in its own order
    np.testing.assert_allclose(got.tp, want.tp, rtol=rtol, atol=0)
    np.testing.assert_allclose(got.fp, want.fp, rtol=rtol, atol=0)
    assert sp.roc_auc(got) == pytest.approx(sp.roc_auc(want), rel=1e-15, abs=0)


def test_bins_meeting_as_doubles_are_merged_even_in_a_chain():
    from skewplot.tables._binning import merged_bins

    # [0, 10] meets [5, 8] through the bin [9, 9.5] between them by their tops: one bin, not two.
    lo, hi, pos, neg, group = merged_bins(np.array([0.0, 9.0, 5.0, 20.0]), np.array([10.0, 9.5, 8.0, 21.0]),
                                          np.array([1.0, 2.0, 3.0, 4.0]), np.array([0.0, 1.0, 0.0, 1.0]))
    merged = sorted(zip(lo.tolist(), hi.tolist(), pos.tolist(), neg.tolist(), strict=True))
    assert merged == [(0.0, 10.0, 6.0, 1.0), (20.0, 21.0, 4.0, 1.0)]
    assert group[0] == group[1] == group[2] != group[3]
    ints = merged_bins(np.array([2**53, 2**53 + 1]), np.array([2**53, 2**53 + 1]), np.ones(2), np.ones(2))
    assert ints[0].size == 2  # integers beyond 2**53 stay apart


def test_pandas_arrow_wide_integers_and_decimals_an_ulp_off_in_every_mode():
    y = np.array([0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0])
    ints = [2**53 + k for k in (0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89)]
    decs = [D("8983987453034.158") + k * D("0.001") for k in (0, 1, 0, 1, 2, 3, -1, -2, 5, 8, -5, 13)]
    for values, arrow_type, ref in ((ints, pa.int64(), np.array(ints, dtype=np.int64)),
                                    (decs, pa.decimal128(17, 3), np.array([float(v) for v in decs]))):
        df = pa.table({"s": pa.array(values, type=arrow_type), "y": y}).to_pandas(types_mapper=pd.ArrowDtype)
        before = df.copy()
        want = sp.operating_points(y, ref)
        for mode in ({}, {"max_groups": 4}, {"bins": 2**53}, {"tolerance": 1e-9}, {"tolerance": 1e-2, "max_groups": 6}):
            try:
                got = sp.operating_points_from(df, y_score="s", y_true="y", **mode)
            except ValueError as exc:  # a tolerance max_groups cannot meet is refused, naming the width reached
                assert "tolerance=" in str(exc) and "cannot be met" in str(exc)
                continue
            if isinstance(got, BoundedOperatingPoints):
                assert sp.aucpr(want) in sp.aucpr(got) and sp.roc_auc(want) in sp.roc_auc(got)
                assert len(got) <= mode.get("max_groups", 2**20)
            else:
                np.testing.assert_array_equal(got.tp, want.tp)
                np.testing.assert_array_equal(got.fp, want.fp)
        pd.testing.assert_frame_equal(df, before)  # the caller's frame is untouched (dtypes included)
