"""Numbers the figures write keep their digits (``skewplot._format``): legends, the AP null's p-value."""

import re

import pytest

import skewplot as sp


def _digits(text):
    return len(text.split("e")[0].replace(".", "").replace("-", "").lstrip("0"))


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_a_weak_classifiers_area_at_1e_4_keeps_two_digits_in_the_legend():
    # main wrote "AUCPR = 0.000" for an area of ~2e-4
    pts = {"weak": sp.OperatingPoints.from_rates([0.3, 0.6, 0.9], [0.2, 0.5, 0.85], skew=0.05),
           "strong": sp.OperatingPoints.from_rates([0.5, 0.8, 0.95], [0.001, 0.02, 0.3], skew=0.05)}
    disp = sp.plot_pr(pts, skew=1e-4)
    for name in pts:
        label = disp.lines_[name].get_label()
        (text,) = re.findall(r"AUCPR = ([-0-9.e+]+)\)", label)
        assert _digits(text) >= 2, label
        assert abs(float(text) - disp.aucs_[name]) <= 0.005 * disp.aucs_[name], label
    assert disp.aucs_["weak"] < 1e-3  # main: "0.000"


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_an_ap_far_in_the_tail_gets_a_bound_not_p_0():
    disp = sp.plot_ap_null(200, 20, observed=0.95, n_samples=500, random_state=1)
    assert disp.pvalue_ < 1e-4
    # the value and p are written beside the observed line (96e910f; its legend entry is "observed AP" in every
    # panel of a row, so that none merge)
    assert disp.lines_["observed"].get_label() == "observed AP"
    label = disp.observed_text_.get_text()
    assert "p < 1e-4" in label and "p = 0" not in label, label


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_areas_that_differ_are_written_apart_in_one_legend():
    # the review of 1b3cc5f read "AUPRG = 0.696" for naive Bayes (0.69642) and knn (0.69569): three digits
    # did not rank them
    import pytest

    from skewplot._format import distinct, number

    base = ([0.3, 0.6, 0.9], [0.01, 0.1, 0.4])
    pts = {"a": sp.OperatingPoints.from_rates(*base, skew=0.05),
           "b": sp.OperatingPoints.from_rates([0.3, 0.6, 0.9004], base[1], skew=0.05),
           "c": sp.OperatingPoints.from_rates([0.2, 0.5, 0.8], base[1], skew=0.05)}
    for disp, kind in ((sp.plot_roc(pts), "ROC AUC"), (sp.plot_prg(pts, skew=0.05), "AUPRG"),
                       (sp.plot_pr(pts, skew=0.05), "AUCPR")):
        texts = {n: re.findall(kind + r" = ([-0-9.e+]+)\)", disp.lines_[n].get_label())[0] for n in pts}
        a, b = disp.aucs_["a"], disp.aucs_["b"]
        assert a != b and distinct([a, b], 3) != [number(a), number(b)]  # 3 digits: alike
        assert texts["a"] != texts["b"], (kind, texts)
        for n in pts:
            assert float(texts[n]) == pytest.approx(disp.aucs_[n], rel=5e-3)
        assert _digits(texts["c"]) == 3, texts  # a classifier apart from the others keeps three
