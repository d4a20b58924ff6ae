"""The PRG vertices a saved page keeps (``_page_prg.prg_vertices``) against the whole curve at every skew.

Thinned once for every skew of the slider, the page's curve (``prg_curve``'s clip at recall gain 0 applied
to the kept vertices) must stay within half a pixel of the curve through every operating point, both ways,
at skews across the slider's range.
"""

import numpy as np
import pytest

import skewplot as sp
from skewplot.metrics.prg import _clipped, gain_skew
from skewplot.skew import FixedSkew
from skewplot.widgets.page._prg import prg_vertices

pytestmark = pytest.mark.slow  # 40 000 vertices compared at eight skews: seconds

WIDTH = HEIGHT = 40.0  # a small Axes (pixels): 40 000 vertices are then more than the bins hold


def _px(rg, pg):
    """Pixels of the explorer's PRG Axes (x -0.01..1.01, y -0.05..1.02); only what the box shows."""
    xy = np.c_[(rg + 0.01) / 1.02 * WIDTH, (pg + 0.05) / 1.07 * HEIGHT]
    return xy[(xy[:, 0] >= -1) & (xy[:, 0] <= WIDTH + 1) & (xy[:, 1] >= -1) & (xy[:, 1] <= HEIGHT + 1)]


def _far(a, b):
    """The largest distance from a vertex of ``a`` to the polyline ``b`` (exact above half a pixel)."""
    from scipy.spatial import cKDTree

    near = cKDTree(b).query(a)[0]
    if (near <= 0.5).all():
        return float(near.max())
    a = a[near > 0.5]
    p, d = b[:-1], np.diff(b, axis=0)
    norm = np.maximum((d * d).sum(axis=1), 1e-300)
    worst = 0.0
    for chunk in np.array_split(a, max(1, len(a) // 128)):
        t = np.clip(((chunk[:, None, :] - p) * d).sum(axis=2) / norm, 0.0, 1.0)
        gap = np.hypot(*(chunk[:, None, :] - (p + t[..., None] * d)).transpose(2, 0, 1)).min(axis=1)
        worst = max(worst, float(gap.max()))
    return worst


@pytest.mark.parametrize("positives", [0.3, 0.01])
def test_the_thinned_prg_curve_is_within_half_a_pixel_of_the_whole_one(positives):
    y, s = sp.datasets.make_scores(40_000, positives, random_state=5)
    pts = sp.operating_points(y, s)
    t, f = np.asarray(pts.tpr, float), np.asarray(pts.fpr, float)
    keep = prg_vertices(t, f, 1e-4, 0.9999, WIDTH)
    assert keep.size < t.size / 3  # it thins
    for skew in [1e-4, 1e-3, 0.01, positives, 0.5, 0.9, 0.99, 0.9999]:
        pi = gain_skew(FixedSkew(skew))
        whole = _clipped(t, f, np.arange(t.size), pi)
        page = _clipped(t[keep], f[keep], keep, pi)
        a, b = _px(whole.recall_gain, whole.precision_gain), _px(page.recall_gain, page.precision_gain)
        if len(a) < 2:
            continue
        assert max(_far(a, b), _far(b, a)) <= 0.5, skew
