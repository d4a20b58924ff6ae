"""
A live PR figure in a web page: the skew slider without a kernel
================================================================

**Seed figure:** no seed figure.  **Status:** no seed figure; the page below
is the widget of this example saved with ``save_html``.

:func:`~skewplot.widgets.interactive_pr` needs a running kernel: each step
of its skew slider recomputes the curves.  ``save_html`` paints every step
once, when the file is written, and keeps each frame and each AUC table in
one HTML file that works from disk, offline, in any browser.  Drag the
slider of the page below (or click it and use the arrow keys): the steps
are those of the live slider, from :math:`\\pi' = 10^{-3}` to 0.5, and every
frame is pixel for pixel the live widget's.

.. raw:: html

   <iframe src="../live_gallery_pr.html" title="interactive_pr saved with save_html"
           style="width:100%;height:640px;border:1px solid #ddd" loading="lazy"></iframe>

The explorer's page has an example of its own
(:ref:`sphx_glr_auto_gallery_plot_live_explorer_page.py`).

The still figure underneath is the same data at three of those skews.
"""

import os
import tempfile

import matplotlib.pyplot as plt

import skewplot as sp
from skewplot.plotting import style

style.use("double")

data = sp.datasets.example_classifiers(n=20_000, skew=0.05, random_state=2)
w = sp.widgets.interactive_pr(data, slider_bounds=(1e-3, 0.5))
info = w.save_html(os.path.join(tempfile.mkdtemp(), "live_gallery_pr.html"))
w.close_figure()
print(f"{info['states']} states, {info['bytes'] / 1e6:.1f} MB")

# %%
fig, axes = plt.subplots(1, 3, sharey=True, constrained_layout=True)
for ax, skew in zip(axes, (0.001, 0.05, 0.5), strict=True):
    sp.plot_pr(data, skew=skew, ax=ax, skew_label="title")
plt.show()
