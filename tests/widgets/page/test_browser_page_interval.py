"""``runtime/interval.js`` (the saved page's readout intervals) against :mod:`skewplot.stats.exact_bootstrap`.

One blank page, one ``evaluate``: the script is run in the page's global
scope, and on ~300 random cases plus the edge cases both intervals must be
the same doubles as Python's (so the same 3-decimal strings under any
formatter faithful to Python's ``format``), and the script must add one
global only.

Knife edge seen while writing this: an interval end can be an exact binary
tie at 3 decimals (recall 1/16 with 16 positives: 0.0625).  Python prints
``0.062`` (half to even), ``Number.prototype.toFixed`` ``0.063``: the page
must format with ``CF.fixed`` of ``runtime/closed_forms.js``, never ``toFixed``.  The
doubles are equal all the same, which is what is checked here.
"""

import numpy as np

from skewplot.stats.exact_bootstrap import CountBootstrap
from skewplot.widgets.page._shell import read_text

CONFIDENCE = 0.9

_RUN = """([src, cases]) => {
  const before = new Set(Object.getOwnPropertyNames(window));
  (0, eval)(src);
  const added = Object.getOwnPropertyNames(window).filter((k) => !before.has(k));
  let rejected = 0;
  for (const bad of [[0, 5, 0, 1, 0.5, 0.9], [5, 5, 6, 1, 0.5, 0.9], [5, 5, 1, 1, 1, 0.9], [5, 5, 1.5, 1, 0.5, 0.9]]) {
    try { skewplotIntervals(...bad); } catch (e) { rejected += e instanceof RangeError; }
  }
  return {added, rejected, out: cases.map((c) => skewplotIntervals(...c))};
}"""


def _cases():
    rng = np.random.default_rng(33)
    cases = []
    for _ in range(300):
        n = int(10 ** rng.uniform(0.5, 7))
        n_pos = max(1, int(n * 10 ** rng.uniform(-3, -0.05)))
        n_neg = max(1, n - n_pos)
        tp, fp = int(rng.integers(0, n_pos + 1)), int(rng.integers(0, n_neg + 1))
        if rng.random() < 0.3:  # the top of the ranking, where the readout usually is
            fp = int(rng.integers(0, max(1, n_neg // 100) + 1))
        cases.append([n_pos, n_neg, tp, fp, float(10 ** rng.uniform(-4, np.log10(0.9999))), CONFIDENCE])
    edges = [(1, 1, 1, 0), (1, 1, 0, 1), (1, 1, 1, 1), (1, 10**7, 1, 3), (10**7, 1, 5 * 10**6, 1),
             (50, 50, 0, 7), (50, 50, 50, 7), (50, 50, 20, 0), (50, 50, 20, 50), (16, 40, 1, 3),
             (32, 48, 2, 3), (16, 16, 8, 1), (10**3, 10**7, 300, 12), (10**6, 10**7, 10**6, 10**7),
             (10**8, 10**8, 5 * 10**7, 5 * 10**7), (10**8, 10**8, 1, 10**8 - 1)]
    for n_pos, n_neg, tp, fp in edges:
        for skew in (1e-4, 0.1, 0.5, 0.9999):
            cases.append([n_pos, n_neg, tp, fp, skew, CONFIDENCE])
    return cases


def _python(n_pos, n_neg, tp, fp, skew, confidence):
    probs = ((1 - confidence) / 2, (1 + confidence) / 2)
    cb = CountBootstrap(n_pos, n_neg, tp, fp)
    recall = [cb.rate(a, "pos") for a in probs]
    precision = None if tp == fp == 0 else [cb.precision(skew, a) for a in probs]
    return {"recall": recall, "precision": precision}


def _strings(r):
    return {k: None if v is None else [format(x, ".3f") for x in v] for k, v in r.items()}


def test_page_intervals_are_pythons(chromium):
    cases = _cases()
    context = chromium.new_context(offline=True)
    try:
        page = context.new_page()
        page.set_content("<!doctype html><html><body></body></html>")
        got = page.evaluate(_RUN, [read_text("interval.js"), cases])
    finally:
        context.close()
    assert got["added"] == ["skewplotIntervals"]
    assert got["rejected"] == 4
    want = [_python(*c) for c in cases]
    differ = [(c, g, w) for c, g, w in zip(cases, got["out"], want, strict=True) if g != w]
    assert not differ, f"{len(differ)} of {len(cases)} differ, e.g. {differ[:3]}"
    assert [_strings(g) for g in got["out"]] == [_strings(w) for w in want]
    ties = [x for w in want for v in w.values() if v for x in v if (16 * x) % 2 == 1]
    assert ties, "the cases include exact binary ties at 3 decimals (see the module docstring)"
