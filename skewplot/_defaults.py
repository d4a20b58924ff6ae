"""The default bootstrap sizes, one per kind of computation: the one place they are stated.

Every public function with ``n_boot=`` takes its default from here
(``tests/api/test_keywords.py`` checks that each does, and which).

* :data:`N_BOOT_INTERVAL` -- an interval reported as numbers, whose ends are
  tail quantiles (BCa needs its acceleration too): :func:`skewplot.aucpr_ci`,
  :func:`skewplot.compare`.
* :data:`N_BOOT_DECISION` -- what a chosen threshold will do, and the
  chance a threshold meets its target: :func:`skewplot.choose_threshold`
  (``risk="chance"``, ``confidence=``), the readout's ``report_at`` and the
  multiclass :func:`skewplot.expected_confusion`; and
  the same intervals as :data:`N_BOOT_INTERVAL` at each of the many skews of
  :func:`skewplot.plot_comparison`, whose cost grows with the skews.
* :data:`N_BOOT_SKEW` -- the deployment skew's interval, each replicate a
  whole estimate (an EM or maximum-likelihood fit):
  :func:`skewplot.estimate_skew`, :func:`skewplot.estimate_skew_series`,
  :func:`skewplot.estimate_priors`.
* :data:`N_BOOT_BAND` -- a pointwise band drawn around a curve (``confidence=``
  of the PR, cost and F-measure plots): read by eye, at hundreds of points.
"""

N_BOOT_INTERVAL = 2000
N_BOOT_DECISION = 1000
N_BOOT_SKEW = 400
N_BOOT_BAND = 200

__all__ = ["N_BOOT_INTERVAL", "N_BOOT_DECISION", "N_BOOT_SKEW", "N_BOOT_BAND"]
