"""A displayed widget carries a PNG of its figure for renderers without widgets (GitHub, nbconvert)."""

import base64
import io

import matplotlib.pyplot as plt
import numpy as np
import pytest
from PIL import Image

import skewplot as sp


@pytest.mark.parametrize("make", [
    lambda pts: sp.widgets.interactive_pr(pts, skew=0.05),
    lambda pts: sp.widgets.interactive_fmeasure(pts, skew=0.05),
    pytest.param(lambda pts: sp.widgets.explorer(pts, skew=0.05), marks=pytest.mark.slow),  # 1.5 s
], ids=["pr", "fmeasure", "explorer"])
@pytest.mark.slow_cases('pr')  # loaded run 2026-11-29
@pytest.mark.slow_cases('fmeasure')  # 0.8 s at most (2026-11-29)
def test_display_bundle_has_the_figure_as_png(make, two_classifiers):
    w = make(two_classifiers)
    data = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data  # the live widget stays first choice
    png = Image.open(io.BytesIO(base64.b64decode(data["image/png"])))
    # The static copy is the figure as drawn now: same size, same pixels as a fresh savefig.
    fig = w.figure
    assert png.size == tuple(np.round(fig.get_size_inches() * fig.dpi).astype(int))
    with io.BytesIO() as buf:
        fig.savefig(buf, format="png", dpi=fig.dpi)
        expected = np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGBA"))
    assert np.array_equal(np.asarray(png.convert("RGBA")), expected)
    plt.close(fig)
