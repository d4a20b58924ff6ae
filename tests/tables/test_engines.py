"""operating_points_from: the same curve from every engine, exact or certified."""

import importlib.util
import os
import shutil

import numpy as np
import pandas as pd
import pytest

import skewplot as sp
from skewplot.metrics.bounded import BoundedOperatingPoints
from skewplot.tables import engine

duckdb = pytest.importorskip("duckdb")
CON = duckdb.connect()  # the tests' tables' connection: before DuckDB 2.0 a relation fails once its connection is freed
pl = pytest.importorskip("polars")


def _data(n=4000, decimals=None, seed=0, weights=False, soft=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(np.int64)
    s = rng.normal(size=n) + 1.5 * y
    if decimals is not None:
        s = np.round(s, decimals)
    df = pd.DataFrame({"s": s, "y": y})
    if weights:
        df["w"] = rng.uniform(0.1, 3.0, size=n)
    if soft:
        df["f"] = np.clip(y * 0.7 + rng.uniform(0, 0.3, size=n), 0, 1)
    return df


def _native(df, kind, tmp_path):
    if kind == "pandas":
        return df
    if kind == "polars":
        return pl.from_pandas(df)
    if kind == "polars-lazy":
        return pl.from_pandas(df).lazy()
    if kind == "duckdb":
        return CON.from_df(df)
    if kind == "parquet":
        path = tmp_path / "scores.parquet"
        df.to_parquet(path)
        return str(path)
    if kind == "csv":
        path = tmp_path / "scores.csv"
        df.to_csv(path, index=False, float_format="%.17g")
        return path
    if kind == "glob":
        for i, part in enumerate(np.array_split(np.arange(len(df)), 3)):
            df.iloc[part].to_parquet(tmp_path / f"part{i}.parquet")
        return str(tmp_path / "part*.parquet")
    raise AssertionError(kind)


KINDS = ["pandas", "polars", "polars-lazy", "duckdb", "parquet", "csv", "glob"]


def _same(a, b):
    assert isinstance(a, sp.OperatingPoints)
    np.testing.assert_allclose(a.tp, b.tp, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(a.fp, b.fp, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(a.thresholds, b.thresholds)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", ["ties", "continuous", "weights", "soft"])
def test_exact_equals_operating_points(kind, case, tmp_path):
    df = _data(decimals=2 if case == "ties" else None, weights=case == "weights", soft=case == "soft")
    if case == "soft":
        expected = sp.OperatingPoints.from_weights(df.s.to_numpy(), df.f.to_numpy())
        got = sp.operating_points_from(_native(df, kind, tmp_path), "s", "f", soft_labels=True)
    else:
        w = df.w.to_numpy() if case == "weights" else None
        expected = sp.operating_points(df.y.to_numpy(), df.s.to_numpy(), sample_weight=w)
        got = sp.operating_points_from(_native(df, kind, tmp_path), "s", "y",
                                       sample_weight="w" if w is not None else None)
    _same(got, expected)


def test_exact_through_bins_when_scores_are_few():
    # More rows than max_groups, few distinct scores: the bin pass is already exact.
    df = _data(n=30_000, decimals=1)
    got = sp.operating_points_from(CON.from_df(df), "s", "y", max_groups=20_000)
    _same(got, sp.operating_points(df.y, df.s))


def test_too_many_scores_give_a_bracket_that_holds():
    df = _data(n=30_000)
    got = sp.operating_points_from(df, "s", "y", max_groups=5_000)
    assert isinstance(got, BoundedOperatingPoints)
    exact = sp.operating_points(df.y, df.s)
    for skew in (None, 0.001, (0.01, 0.2)):
        assert sp.aucpr(exact, skew=skew) in sp.aucpr(got, skew=skew)
        assert sp.average_precision(exact, skew=skew) in sp.average_precision(got, skew=skew)
    assert sp.roc_auc(exact) in sp.roc_auc(got)


@pytest.mark.parametrize("kind", ["pandas", "polars-lazy", "duckdb", "parquet"])
@pytest.mark.parametrize("tolerance", [1e-3, 1e-5])
def test_tolerance_is_met_and_holds(kind, tolerance, tmp_path):
    df = _data(n=50_000, seed=2, weights=True)
    got = sp.operating_points_from(_native(df, kind, tmp_path), "s", "y", sample_weight="w", tolerance=tolerance)
    exact = sp.operating_points(df.y, df.s, sample_weight=df.w)
    bracket = sp.aucpr(got)
    assert bracket.width <= tolerance
    assert sp.aucpr(exact) in bracket
    assert sp.aucpr(exact, skew=0.01, normalize=True) in sp.aucpr(got, skew=0.01, normalize=True)


@pytest.mark.parametrize("kind", ["pandas", "polars-lazy", "duckdb", "parquet"])
@pytest.mark.parametrize("case", ["continuous", "weights", "ties"])
@pytest.mark.parametrize("max_groups", [2**20, 2**14])
def test_refinement_rounds_meet_the_tolerance_and_hold(kind, case, max_groups, tmp_path, monkeypatch):
    # A first grid far too coarse (about 0.02 / tolerance bins), so that the refining scans run.
    monkeypatch.setattr(engine, "_FIRST_BINS_PER_TOLERANCE", 0.02)
    monkeypatch.setattr(engine, "_MIN_FIRST_BINS", 1)
    scans, collect, by_score = [], engine.Binning.collect, engine.Binning.by_score

    def counted(self, grid, **kw):
        scans.append("sub-grid" if kw.get("within") is not None else "first")
        return collect(self, grid, **kw)

    def counted_scores(self, grid=None, within=None):
        scans.append("by score")
        return by_score(self, grid, within)

    monkeypatch.setattr(engine.Binning, "collect", counted)
    monkeypatch.setattr(engine.Binning, "by_score", counted_scores)
    df = _data(n=30_000, seed=5, weights=case == "weights", decimals=2 if case == "ties" else None)
    weight = "w" if case == "weights" else None
    tolerance = 1e-4
    got = sp.operating_points_from(_native(df, kind, tmp_path), "s", "y", sample_weight=weight, tolerance=tolerance,
                                   max_groups=max_groups)
    exact = sp.operating_points(df.y, df.s, sample_weight=None if weight is None else df.w)
    assert scans[0] == "first" and len(scans) >= 2  # the first grid, then at least one refining scan
    # The chosen bins are grouped by score when their rows fit in max_groups; else a sub-grid splits them.
    assert ("sub-grid" in scans) == (max_groups < 30_000)
    bracket = sp.aucpr(got)
    assert bracket.width <= tolerance
    assert sp.aucpr(exact) in bracket
    for skew in (0.01, 0.5):
        assert sp.aucpr(exact, skew=skew, interpolation="step") in sp.aucpr(got, skew=skew, interpolation="step")
        trap = {"skew": skew, "interpolation": "trapezoid"}
        assert sp.aucpr(exact, **trap) in sp.aucpr(got, **trap)
    assert sp.roc_auc(exact) in sp.roc_auc(got)


def test_bins_give_the_same_bracket_on_every_engine(tmp_path):
    df = _data(n=20_000, seed=4)
    brackets = {kind: sp.aucpr(sp.operating_points_from(_native(df, kind, tmp_path), "s", "y", bins=64))
                for kind in ("pandas", "polars", "duckdb", "parquet")}
    first = brackets["pandas"]
    for b in brackets.values():
        assert b.low == pytest.approx(first.low, abs=1e-12) and b.high == pytest.approx(first.high, abs=1e-12)
    assert sp.aucpr(sp.operating_points(df.y, df.s)) in first


def test_string_labels_and_pos_label():
    df = _data()
    df["cls"] = np.where(df.y == 1, "fraud", "ok")
    got = sp.operating_points_from(pl.from_pandas(df), "s", "cls", pos_label="fraud")
    _same(got, sp.operating_points(df.y, df.s))


@pytest.mark.parametrize("kind", ["polars-lazy", "duckdb", "parquet"])
@pytest.mark.parametrize("neg, pos, dtype", [(0, 1, "int8"), (1, 2, "uint8"), (-1, 0, "int64"), (0, 2, "int64"),
                                             (-1, 1, "int32")])
def test_integer_labels_from_their_extremes_or_a_group_by(kind, neg, pos, dtype, tmp_path):
    # Two integers one apart are known from the column's minimum and maximum (no label scan);
    # others go through the GROUP BY.  Either way the curve is exact and pos_label is checked.
    df = _data(n=600)
    df["c"] = np.where(df.y == 1, pos, neg).astype(dtype)
    native = _native(df, kind, tmp_path)
    _same(sp.operating_points_from(native, "s", "c", pos_label=pos), sp.operating_points(df.y, df.s))
    flipped = sp.operating_points_from(native, "s", "c", pos_label=neg)
    _same(flipped, sp.operating_points(1 - df.y, df.s))
    with pytest.raises(ValueError, match=f"pos_label={pos + 5} does not occur"):
        sp.operating_points_from(native, "s", "c", pos_label=pos + 5)
    (tmp_path / "one").mkdir()
    one_class = _native(df.assign(c=np.full(len(df), pos, dtype=dtype)), kind, tmp_path / "one")
    with pytest.raises(ValueError, match="every row of the table is positive"):
        sp.operating_points_from(one_class, "s", "c", pos_label=pos)


def test_nulls_are_counted_or_dropped():
    df = _data(n=500)
    df.loc[[3, 7, 9], "s"] = None
    with pytest.raises(ValueError, match="score column has 3 missing values"):
        sp.operating_points_from(df, "s", "y")
    got = sp.operating_points_from(df, "s", "y", nulls="drop")
    keep = df.s.notna()
    _same(got, sp.operating_points(df.y[keep], df.s[keep]))
    rel = CON.from_df(df)
    with pytest.raises(ValueError, match="3 missing"):
        sp.operating_points_from(rel, "s", "y")


@pytest.mark.parametrize("mutate, kwargs, err, match", [
    (None, dict(y_score="nope"), ValueError, r"score='nope' is not a column"),
    (None, dict(y_true="nope"), ValueError, r"y_true='nope' is not a column"),
    (None, dict(sample_weight="nope"), ValueError, r"weight='nope' is not a column"),
    (lambda d: d.assign(s=d.s.astype(str)), {}, TypeError, "score column 's' must be numeric"),
    (lambda d: d.assign(y=d.index % 3), {}, ValueError, "y_true column holds 3 distinct values"),
    (lambda d: d.iloc[:0], {}, ValueError, "table has no rows"),
    (lambda d: d.assign(y=0), {}, ValueError, "pos_label=1 does not occur"),
    (lambda d: d.assign(y=1), {}, ValueError, "every row of the table is positive"),
    (lambda d: d.assign(s=np.where(d.index == 5, np.inf, d.s)), {}, ValueError, "score column has 1 non-finite"),
    (lambda d: d.assign(w=-1.0), dict(sample_weight="w"), ValueError, "weight column has .* negative"),
    (None, dict(tolerance=0.0), ValueError, "tolerance must lie in"),
    (None, dict(tolerance="small"), TypeError, "tolerance must be a real number"),
    (None, dict(bins=0), ValueError, "bins must be at least 1"),
    (None, dict(bins=2.5), TypeError, "bins must be a whole number"),
    (None, dict(max_groups=1), ValueError, "max_groups must be at least 2"),
    (None, dict(nulls="skip"), ValueError, "nulls must be one of"),
    (None, dict(y_score=3), TypeError, "score must be a column name"),
    (lambda d: d.assign(f=d.y * 2.0), dict(y_true="f", soft_labels=True), ValueError, r"fractions in \[0, 1\]"),
])
def test_bad_input_is_named_before_any_scan(mutate, kwargs, err, match, monkeypatch):
    df = _data(n=200)
    if mutate is not None:
        df = mutate(df)
    args = dict(y_score="s", y_true="y")
    args.update(kwargs)

    def no_scan(*args, **kwargs):
        raise AssertionError("a GROUP BY over the scores ran before the input was refused")

    monkeypatch.setattr(engine.Binning, "_collect", no_scan)
    with pytest.raises(err, match=match):
        sp.operating_points_from(df, **args)


@pytest.mark.parametrize("kind", ["pandas", "polars", "polars-lazy", "duckdb", "parquet"])
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_scores_are_counted_on_every_engine(kind, bad, tmp_path):
    # polars' min and max skip NaN, so the range looks finite: the binning pass must catch it.
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    df = _data(n=300)
    df.loc[[4, 8], "s"] = bad
    # Through Arrow, so that NaN stays NaN (from pandas, polars and DuckDB read it as missing).
    table = pa.table({"s": pa.array(df.s.to_numpy(), from_pandas=False), "y": df.y.to_numpy()})
    pq.write_table(table, tmp_path / "nan.parquet")
    native = {"pandas": df, "polars": pl.from_arrow(table), "polars-lazy": pl.from_arrow(table).lazy(),
              "duckdb": CON.from_arrow(table), "parquet": str(tmp_path / "nan.parquet")}[kind]
    # pandas stores a missing value as NaN: there NaN counts as missing.
    match = "2 missing values" if kind == "pandas" and np.isnan(bad) else "score column has 2 non-finite values"
    with pytest.raises(ValueError, match=match):
        sp.operating_points_from(native, "s", "y")
    with pytest.raises(ValueError, match=match):
        sp.operating_points_from(native, "s", "y", bins=10)


def test_paths_that_cannot_be_read(tmp_path):
    with pytest.raises(ValueError, match="no file matches"):
        sp.operating_points_from(str(tmp_path / "missing.parquet"), "s", "y")
    with pytest.raises(ValueError, match="no file matches"):
        sp.operating_points_from(str(tmp_path / "none*.parquet"), "s", "y")
    with pytest.raises(ValueError, match="is a folder"):
        sp.operating_points_from(str(tmp_path), "s", "y")
    (tmp_path / "scores.xlsx").write_bytes(b"not a table")
    with pytest.raises(ValueError, match="Parquet .* or all CSV"):
        sp.operating_points_from(str(tmp_path / "scores.xlsx"), "s", "y")
    (tmp_path / "broken.parquet").write_bytes(b"PAR1 not really")
    with pytest.raises(ValueError, match="DuckDB could not read"):
        sp.operating_points_from(str(tmp_path / "broken.parquet"), "s", "y")
    with pytest.raises(TypeError, match="table must be a DataFrame"):
        sp.operating_points_from({"s": [1, 2]}, "s", "y")


def test_ibis_table():
    ibis = pytest.importorskip("ibis")
    df = _data(decimals=2, weights=True)
    got = sp.operating_points_from(ibis.memtable(df), "s", "y", sample_weight="w")
    _same(got, sp.operating_points(df.y, df.s, sample_weight=df.w))
    cont = _data(seed=5)
    bounded = sp.operating_points_from(ibis.memtable(cont), "s", "y", bins=50)
    assert sp.aucpr(sp.operating_points(cont.y, cont.s)) in sp.aucpr(bounded)


def _spark_or_skip():
    if importlib.util.find_spec("pyspark") is None or shutil.which("java") is None:
        reason = "PySpark tests need pyspark and Java (apt-get install openjdk-17-jre-headless)"
        if os.environ.get("SKEWPLOT_REQUIRE_SPARK") == "1":
            pytest.fail(reason + " (SKEWPLOT_REQUIRE_SPARK=1)")
        pytest.skip(reason)
    from pyspark.sql import SparkSession

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # never a network interface
    # One session per process (getOrCreate): both Spark tests run on one worker (LONG_FIRST in conftest.py).
    # The JVM with the quick (C1) JIT compiler only and the serial collector: the tests' queries are many and
    # tiny, and compiling Spark's code with C2 (and G1's threads) cost about half of the JVM's CPU (78 -> 39 s
    # for test_spark_ranges_dtypes_names_and_ambiguous_columns). JVM flags only: the same Spark, settings, plans
    # and generated code, with the same results.
    return (SparkSession.builder.master("local[2]").appName("skewplot-tests")
            .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
            .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC")
            .getOrCreate())


@pytest.mark.spark
@pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")
def test_pyspark_exact_and_bracketed():
    spark = _spark_or_skip()
    df = _data(n=5000, decimals=3, weights=True)
    sdf = spark.createDataFrame(df)
    got = sp.operating_points_from(sdf, "s", "y", sample_weight="w")
    _same(got, sp.operating_points(df.y, df.s, sample_weight=df.w))
    cont = _data(n=5000, seed=9)
    bounded = sp.operating_points_from(spark.createDataFrame(cont), "s", "y", tolerance=1e-4)
    assert sp.aucpr(bounded).width <= 1e-4
    assert sp.aucpr(sp.operating_points(cont.y, cont.s)) in sp.aucpr(bounded)


def test_numpy_columns_of_every_engine_and_of_missing_values():
    # DuckDB's own fetchnumpy (no Arrow, no pandas import) gives what narwhals' route gives; a
    # missing value, which fetchnumpy would mask, goes through narwhals' route (NaN), never a mask.
    from skewplot._frames import lazy_frame, numpy_columns

    df = pd.DataFrame({"k": [3, 1, 2], "v": [0.5, 1.5, 2.5]})
    want = {"k": [3, 1, 2], "v": [0.5, 1.5, 2.5]}
    for native in (CON.from_df(df), pl.from_pandas(df).lazy(), df):
        got = numpy_columns(lazy_frame(native))
        assert all(type(v) is np.ndarray for v in got.values())
        assert {k: v.tolist() for k, v in got.items()} == want
    gap = numpy_columns(lazy_frame(CON.from_df(df.assign(v=[0.5, None, 2.5]))))
    assert type(gap["v"]) is np.ndarray and np.isnan(gap["v"][1]) and gap["v"][[0, 2]].tolist() == [0.5, 2.5]


def test_first_row_of_duckdb_equals_narwhals_route():
    # DuckDB's fetchall gives the one-row answers; a float of each is what Arrow's route gives.
    from skewplot._frames import first_row, lazy_frame

    rel = CON.sql("SELECT 3 AS n, 2.5::DOUBLE AS x, 12345678901234.567::DECIMAL(38, 3) AS d, "
                  "(2::HUGEINT ** 100)::HUGEINT AS h, NULL::DOUBLE AS m")
    got, arrow = first_row(lazy_frame(rel)), lazy_frame(rel).collect().to_dict(as_series=False)
    assert list(got) == list(arrow)
    assert {k: None if v is None else float(v) for k, v in got.items()} == {
        k: None if v[0] is None else float(v[0]) for k, v in arrow.items()}


@pytest.mark.parametrize("native", ["duckdb", "polars"])
def test_measured_doubles_get_the_same_bins_without_the_clip(native):
    # Over their own minimum and maximum, doubles give t in [0, 1 + 2**-52]: the clip changes no bin.
    from skewplot._frames import lazy_frame, narwhals, numpy_columns
    from skewplot.tables._binning import SCORE, Grid

    nw, rng = narwhals(), np.random.default_rng(3)
    columns = [rng.normal(size=500), rng.normal(size=500) * 1e300, rng.normal(size=500) * 1e-310,
               1e6 + rng.integers(0, 5, 500) * 1e-10, np.array([-1.7e308, 1.7e308, 0.0, -0.0, 5e-324]),
               rng.normal(size=500).astype(np.float32).astype(float), rng.uniform(-1, 1, 500) ** 21]
    for s in columns:
        df = pd.DataFrame({SCORE: s})
        frame = lazy_frame(CON.from_df(df) if native == "duckdb" else pl.from_pandas(df))
        for n in (1, 3, 400_000, 2**50):
            bins = [numpy_columns(frame.select(Grid(s.min(), s.max(), n, measured=m).index(nw).alias("b")))["b"]
                    for m in (False, True)]
            assert np.array_equal(*bins)
