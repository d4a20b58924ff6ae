"""
[L] Fig 4: precision measured at one skew, read at another
===========================================================

A precision is only meaningful together with the class skew
:math:`\\pi` (the fraction of positives) of the data it was measured on.
Knowing :math:`\\pi`, one precision value can be converted into the value the
same operating point would give at a deployment skew :math:`\\pi'`
([L] Eq 3, :func:`skewplot.transform_precision`).

Left: precisions measured on balanced data (:math:`\\pi = 0.5`) and read at
rarer positives.  Right: precisions measured at :math:`\\pi = 0.01`, read at
more common positives.  The further :math:`\\pi'/\\pi` is from one, the more
the curve bends away from the diagonal.
"""

from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np

import skewplot as sp
from skewplot.plotting import style

style.use("double")

measured = np.linspace(0.0, 1.0, 501)
settings = [
    (0.5, [2 / 5, 1 / 4, 1 / 10, 1 / 100]),
    (0.01, [1 / 2, 1 / 10, 1 / 50, 1 / 80]),
]

fig, axes = plt.subplots(1, 2, sharey=True, constrained_layout=True)
for ax, (source, targets) in zip(axes, settings):
    ax.plot(measured, measured, color="0.6", linestyle="--", linewidth=0.8, label=r"$\pi' = \pi$")
    for target in targets:
        moved = sp.transform_precision(measured, source, target)
        frac = Fraction(target).limit_denominator(1000)
        ax.plot(measured, moved, label=rf"$\pi' = {frac.numerator}/{frac.denominator}$")
    ax.set_title(rf"measured at $\pi = {source:g}$")
    ax.set_xlabel(r"precision $P_\pi$ at the test skew")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.legend(loc="upper left" if source > 0.1 else "lower right")
axes[0].set_ylabel(r"precision $P_{\pi'}$ at the deployment skew")

# %%
# The map is monotone, so it never changes the order of two points with the
# same recall ([L] Theorem 2); only the spacing between them changes.
print(sp.transform_precision([0.2, 0.5, 0.9], 0.5, 0.01).round(4))
