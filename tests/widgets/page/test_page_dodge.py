"""The saved page's ``dodge`` (``runtime/draw.js``) against :func:`skewplot.plotting.layout._markers.dodge_markers`.

The page spreads two classifiers' marks closer than the reach as the kernel
does; the browser walks compare a few states, this compares 150 random sets
of 2-5 marks (clusters of 1-10 px, ties in x, near the Axes' edges) in Node.
Skipped without ``node``, failed without it in CI.
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

from skewplot.plotting.layout._markers import DODGE_PT, dodge_markers  # noqa: E402

NODE = shutil.which("node")
pytestmark = pytest.mark.usefixtures("node")  # skips without node; fails in CI (tests/conftest.py)


def _dodge_source():
    """The page's ``dodge`` function as it ships (it uses nothing of its file but its arguments)."""
    text = resources.files("skewplot.widgets.page").joinpath("runtime", "draw.js").read_text(encoding="utf-8")
    start = text.index("  function dodge(marks, T, reach) {")
    end = text.index("\n  }\n", start) + len("\n  }\n")
    return text[start:end]


def test_the_pages_dodge_places_marks_as_the_kernel(tmp_path):
    rng = np.random.default_rng(0)
    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 400), ylim=(0, 300))
    fig.subplots_adjust(0.1, 0.1, 0.9, 0.9)
    height = fig.bbox.height
    box = ax.get_window_extent()
    cases = []
    for _ in range(150):
        n = int(rng.integers(2, 6))
        centre = rng.uniform((0, 0), (400, 300))
        spread = rng.choice([1.0, 4.0, 10.0], size=2)
        places = centre + rng.normal(0.0, spread, (n, 2))
        if rng.random() < 0.3:
            places[:, 0] = np.round(places[:, 0] / 10) * 10  # marks on one vertical line
        marks = [ax.plot([x], [y], "D")[0] for x, y in places]
        dodge_markers(ax, marks, DODGE_PT)
        kernel = [m.get_transform().transform([[m.get_xdata()[0], m.get_ydata()[0]]])[0].tolist() for m in marks]
        page = [[x, height - y] for x, y in ax.transData.transform(places).tolist()]  # canvas: y down
        cases.append({"q": page, "kernel": kernel})
        for m in marks:
            m.remove()
    plt.close(fig)
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = _dodge_source() + f"""
const cases = require({json.dumps(str(tmp_path / "cases.json"))});
const T = {{box: [{box.x0}, {height - box.y1}, {box.width}, {box.height}]}};
let worst = 0;
for (const c of cases) {{
  const marks = c.q.map(q => ({{value: 1, q: q.slice()}}));
  dodge(marks, T, {DODGE_PT * 100 / 72});
  marks.forEach((m, i) => {{
    worst = Math.max(worst, Math.abs(m.q[0] - c.kernel[i][0]), Math.abs({height} - m.q[1] - c.kernel[i][1]));
  }});
}}
console.log(JSON.stringify(worst));
"""
    (tmp_path / "run.js").write_text(script)
    out = subprocess.run([NODE, str(tmp_path / "run.js")], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout) < 1e-9  # pixels
