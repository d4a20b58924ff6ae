"""Columns of mixed or non-scalar values (issue 41 item 4): refused naming the argument, never numpy's or Python's
own error ("'<' not supported between instances of 'str' and 'int'", "unhashable type: 'list'", "operands could
not be broadcast together")."""

import numpy as np
import pandas as pd
import pytest

import skewplot as sp

N = 40
Y = np.tile([0, 1], N // 2)
S = np.linspace(0.0, 1.0, N) + 0.3 * Y


def _mixed(*values):
    return pd.Series(list(values) * (N // len(values)), dtype=object)


@pytest.mark.parametrize("role", ["hue", "units"])
@pytest.mark.parametrize("values", [((1, 2), "a"), ([1], "a"), ({1: 2}, "a")], ids=["tuple", "list", "dict"])
def test_a_grouping_column_of_non_scalar_values_is_refused_by_name(role, values):
    table = pd.DataFrame({"y": Y, "s": S, "g": _mixed(*values)})
    with pytest.raises(TypeError, match=rf"{role} column 'g' holds {type(values[0]).__name__} values, not one level"):
        sp.plot_roc(data=table, y_true="y", y_score="s", **{role: "g"})


def test_a_hue_array_of_tuples_is_refused_by_name():
    with pytest.raises(TypeError, match=r"hue column 'hue' holds rows of \(2,\) values each"):
        sp.plot_roc(Y, S, hue=[(1, 2), (3, 4)] * (N // 2))


def test_a_hue_column_of_mixed_scalars_groups_by_value():
    """Ints and strings in one object column are levels like any others (no DTypePromotionError)."""
    table = pd.DataFrame({"y": Y, "s": S, "g": _mixed(1, 1, "a", "a", 2.5, 2.5, "b", "b")})
    disp = sp.plot_roc(data=table, y_true="y", y_score="s", hue="g")
    assert sorted(disp.lines_) == ["1", "2.5", "a", "b"]
    rows = table["g"] == "a"
    ref = sp.roc_auc(Y[rows.to_numpy()], S[rows.to_numpy()])
    assert f"{ref:.3f}" in disp.ax_.get_legend_handles_labels()[1][list(disp.lines_).index("a")]


@pytest.mark.parametrize("call", [
    lambda y: sp.aucpr(y, S), lambda y: sp.estimate_skew(y, S, S[::2]),
    lambda y: sp.plot_pr(data=pd.DataFrame({"y": y, "s": S}), y_true="y", y_score="s"),
], ids=["aucpr", "estimate_skew", "table"])
def test_labels_of_mixed_types_ask_for_pos_label(call):
    with pytest.raises(ValueError, match=r"y_true has non-numeric labels \[1, 'a'\]; pass pos_label="):
        call(_mixed(1, "a"))


def test_labels_of_mixed_types_with_pos_label():
    y = _mixed(1, "a")
    assert sp.aucpr(y, S, pos_label="a") == sp.aucpr(Y, S)
    with pytest.raises(ValueError, match="y_true holds more than two classes"):
        sp.aucpr(_mixed(1, "a", 2.5, "a"), S, pos_label="a")
    with pytest.raises(TypeError, match="y_true must hold class labels .* got values of type list, str"):
        sp.aucpr(_mixed([1], "a"), S)
