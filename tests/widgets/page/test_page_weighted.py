"""A saved page's weighted P̄ (``_page_weighted``: a rule per gap of the range slider) against the kernel's.

For ranges of slider nodes, including ranges far in the density's tail (where a difference of cumulative
sums would lose every digit), the page's sums give the kernel's area under P̄-R (``aucpr`` under the
weighted ``SkewRange``, its own adaptive rule on the range), mean skew and P̄ at ROC points.
"""

import numpy as np
import pytest
from scipy import stats

import skewplot as sp
from skewplot.metrics.auc import aucpr_at_skews
from skewplot.skew.formulas import precision_at
from skewplot.widgets.page._weighted import weighted_sums

pytestmark = pytest.mark.slow  # the kernel's adaptive rule per range: about 0.5 s of CPU a case


@pytest.mark.parametrize("nodes, weight", [
    (np.linspace(0.0, 1.0, 101), stats.norm(0.15, 0.05)),
    (np.r_[0.0, np.geomspace(1e-4, 1.0, 101)], stats.norm(0.01, 0.003)),
    (np.r_[0.0, np.geomspace(1e-4, 1.0, 101)], stats.beta(2, 5)),
], ids=["linear-normal", "log-narrow-normal", "log-beta"])
def test_the_pages_weighted_sums_are_the_kernels_range(nodes, weight):
    y, s = sp.datasets.make_scores(5000, 0.02, random_state=4)
    pts = sp.operating_points(y, s)
    page = weighted_sums({"a": pts}, weight.pdf, nodes, aucpr_at_skews)
    rng = np.random.default_rng(1)
    pairs = [tuple(sorted(rng.choice(len(nodes), 2, replace=False))) for _ in range(12)]
    pairs += [(len(nodes) - 30, len(nodes) - 20), (0, 1), (1, len(nodes) - 1)]  # a tail, the first gap, all
    checked = 0
    for i, j in pairs:
        w = sum(page["gw"][i:j])
        model = sp.SkewRange(nodes[i], nodes[j], weight=weight)
        if not w > 0:  # no weight the page can see: the kernel refuses the range too
            with pytest.raises(ValueError):
                model.nodes()
            continue
        assert sum(page["g"]["a"][i:j]) / w == pytest.approx(sp.aucpr(pts, skew=model), rel=1e-9, abs=1e-12)
        assert sum(page["gm"][i:j]) / w == pytest.approx(model.mean, rel=1e-9)
        assert sum(page["gmin"][i:j]) / w == pytest.approx(model.aucpr_min(), rel=1e-9, abs=1e-12)
        a, b = page["start"][i], page["start"][j]
        pi, wt = np.asarray(page["pi"][a:b]), np.asarray(page["w"][a:b])
        for t, f in ((0.5, 1e-5), (0.9, 0.3), (0.02, 1e-4), (0.3, 0.0)):
            assert (wt * precision_at(t, f, pi)).sum() / w == pytest.approx(float(model.precision(t, f)), rel=1e-9)
        checked += 1
    assert checked >= 8
