"""The saved page's ``nest`` (``runtime/draw.js``) against :func:`skewplot.plotting.layout._markers.nest_markers`.

The page grows coinciding marks by rings as the kernel does, and moves none;
the browser walks compare a few states, this compares 150 random sets of 2-11
marks (clusters of 1-10 px, marks on one vertical line) in Node.  Skipped
without ``node``, failed without it in CI.
"""

import json
import shutil
import subprocess
from importlib import resources

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from skewplot.plotting.layout._markers import GROW_MAX_PT, RING_PT, near_px, nest_markers  # noqa: E402

NODE = shutil.which("node")
pytestmark = pytest.mark.usefixtures("node")  # skips without node; fails in CI (tests/conftest.py)


def _nest_source():
    """The page's ``nest`` function as it ships (it uses nothing of its file but its arguments)."""
    text = resources.files("skewplot.widgets.page").joinpath("runtime", "draw.js").read_text(encoding="utf-8")
    start = text.index("  function nest(marks, reach, ring, grow) {")
    end = text.index("\n  }\n", start) + len("\n  }\n")
    return text[start:end]


@pytest.mark.slow  # loaded run 2026-11-29
def test_the_pages_nest_grows_the_marks_the_kernel_grows(tmp_path):
    rng = np.random.default_rng(0)
    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 400), ylim=(0, 300))
    fig.subplots_adjust(0.1, 0.1, 0.9, 0.9)
    height = fig.bbox.height
    px = fig.dpi / 72.0
    cases, grown = [], 0
    for _ in range(150):
        n = int(rng.integers(2, 12))  # up to 11: a large group's rings thin (ring_pt)
        centre = rng.uniform((0, 0), (400, 300))
        spread = rng.choice([1.0, 4.0, 10.0], size=2)
        places = centre + rng.normal(0.0, spread, (n, 2))
        if rng.random() < 0.3:
            places[:, 0] = np.round(places[:, 0] / 10) * 10  # marks on one vertical line
        marks = [ax.plot([x], [y], "D")[0] for x, y in places]
        nest_markers(ax, marks)
        kernel = [(m.get_markersize() - 6.0) / 2 * px for m in marks]  # the radius grown, pixels
        moved = [m.get_transform().transform([[m.get_xdata()[0], m.get_ydata()[0]]])[0] for m in marks]
        np.testing.assert_allclose(moved, ax.transData.transform(places), atol=1e-9)
        grown += sum(k > 0 for k in kernel)
        page = [[x, height - y] for x, y in ax.transData.transform(places).tolist()]  # canvas: y down
        cases.append({"q": page, "kernel": kernel})
        for m in marks:
            m.remove()
    plt.close(fig)
    assert grown > 50  # the cases nest
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = _nest_source() + f"""
const cases = require({json.dumps(str(tmp_path / "cases.json"))});
let worst = 0, moved = 0;
for (const c of cases) {{
  const marks = c.q.map(q => ({{value: 1, q: q.slice()}}));
  nest(marks, {near_px(100)}, {RING_PT * 100 / 72}, {GROW_MAX_PT * 100 / 72});
  marks.forEach((m, i) => {{
    worst = Math.max(worst, Math.abs(m.grow - c.kernel[i]));
    moved = Math.max(moved, Math.abs(m.q[0] - c.q[i][0]), Math.abs(m.q[1] - c.q[i][1]));
  }});
}}
console.log(JSON.stringify([worst, moved]));
"""
    (tmp_path / "run.js").write_text(script)
    out = subprocess.run([NODE, str(tmp_path / "run.js")], capture_output=True, text=True, timeout=60, check=True)
    worst, moved = json.loads(out.stdout)
    assert worst < 1e-9 and moved == 0  # pixels
