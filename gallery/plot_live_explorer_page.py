"""
The explorer in a web page: every space without a kernel
========================================================

**Seed figure:** no seed figure.  **Status:** no seed figure; the page below
is the explorer of this example saved with ``save_html``.

The explorer has four controls, millions of states together, so its page
draws the curves itself from the closed forms (precision at :math:`\\pi'`,
P̄ over the range, the cost and F envelopes from the ROC convex hull) over
axes matplotlib rendered once.  Every control works: skew, skew range, F
weight and cost weight, the PRG panel follows the skew, and the threshold
control marks a threshold per classifier in every panel (by rank, or a
precision or recall target) with its table of counts.

.. raw:: html

   <iframe src="../live_explorer.html" title="explorer saved with save_html"
           style="width:100%;height:1000px;border:1px solid #ddd" loading="lazy"></iframe>

The still figure underneath is two of its panels at the page's first skew,
drawn by the plot functions the explorer calls.
"""

import os
import tempfile

import matplotlib.pyplot as plt

import skewplot as sp
from skewplot.plotting import style

style.use("double")

data = sp.datasets.example_classifiers()
e = sp.widgets.explorer(data, skew=0.05, prg=True)
info = e.save_html(os.path.join(tempfile.mkdtemp(), "live_explorer.html"))
e.close_figure()
print(f"explorer: drawn in the page, {info['bytes'] / 1e6:.2f} MB")

# %%
fig, (ax_prg, ax_cost) = plt.subplots(1, 2, constrained_layout=True)
sp.plot_prg(data, skew=0.05, ax=ax_prg)
sp.plot_cost(data, skew=0.05, ax=ax_cost)
plt.show()
