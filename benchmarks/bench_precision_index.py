"""A precision target's pick at a new skew: the skew-free PrecisionIndex against a TargetIndex built per skew.

The threshold control in precision-target mode looks the target up again at
every skew step.  Target: the step costs no O(n) pass (a binary search), far
below np.sort of the scores; the one O(n) build is paid once per classifier.

Run:  python benchmarks/bench_precision_index.py [--n 1e6]
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from _timing import best_of, np_sort_ms, size_from_args  # noqa: E402

import skewplot as sp  # noqa: E402
from skewplot.metrics.decide import PrecisionIndex, TargetIndex  # noqa: E402


def main():
    n = size_from_args(__doc__)
    rng = np.random.default_rng(0)
    y = rng.random(n) < 0.01
    s = rng.normal(size=n) + 1.5 * y
    pts = sp.operating_points(y, s)
    skews = np.geomspace(1e-4, 0.5, 25)
    build = best_of(lambda: PrecisionIndex(pts)) * 1e3
    look = PrecisionIndex(pts)
    new = best_of(lambda: [look(0.3, pi) for pi in skews]) * 1e3 / len(skews)
    old = best_of(lambda: [TargetIndex(pts, "precision", sp.FixedSkew(pi))(0.3) for pi in skews]) * 1e3 / len(skews)
    assert all(look(0.3, pi) == TargetIndex(pts, "precision", sp.FixedSkew(pi))(0.3) for pi in skews)
    sort = np_sort_ms(s)
    print(f"n = {n:.0e}, load {os.getloadavg()[0]:.1f}; np.sort {sort:.1f} ms")
    print(f"build once          {build:9.2f} ms  ({build / sort:.2f}x np.sort)")
    print(f"skew step, new      {new:9.3f} ms  ({new / sort:.5f}x np.sort)")
    print(f"skew step, per-skew {old:9.2f} ms  ({old / sort:.2f}x np.sort; {old / new:.0f}x the new step)")


if __name__ == "__main__":
    main()
