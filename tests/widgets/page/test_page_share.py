"""The saved page's ``share`` (``runtime/share.js``) and ``wedge`` (``runtime/draw.js``) against the kernel's
``share_markers``.

The page shares coinciding marks out in wedges as the kernel does, and
moves none; the browser walks compare a few states, this compares 150
random sets of 2-11 marks (clusters of 1-10 px, marks on one vertical line)
in Node: each mark's group and wedge, whether it is drawn over a shared mark,
and the wedge's outline point by point.
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
from matplotlib.markers import MarkerStyle  # noqa: E402
from matplotlib.transforms import Affine2D  # noqa: E402

from skewplot.plotting.layout._markers import (  # noqa: E402
    AIM_PX,
    ATTACH,
    NEAR_MIN_PX,
    OVER_SIZE,
    PIE_BASE,
    PIE_GROW,
    PIE_LIFT,
    PIE_MAX,
    base_look,
    near_px,
    share_markers,
    shared_part,
)

NODE = shutil.which("node")
pytestmark = pytest.mark.usefixtures("node")  # skips without node; fails in CI (tests/conftest.py)


def _script(name):
    return resources.files("skewplot.widgets.page").joinpath("runtime", name).read_text(encoding="utf-8")


def _functions(*names):
    """The page's functions ``names`` as they ship (they use nothing of their file but ``ctx``, each other and
    share.js's constants), with those constants."""
    text = _script("share.js") + _script("draw.js")
    out = [next(line for line in text.splitlines() if line.strip().startswith("var AIM_PX"))]
    for name in names:
        start = text.index(f"  function {name}(")
        end = text.index("\n  }\n", start) + len("\n  }\n") if not text[start:].split("\n", 1)[0].endswith("}") \
            else text.index("\n", start) + 1
        out.append(text[start:end])
    return "\n".join(out)


@pytest.mark.slow  # loaded run 2026-11-30
def test_the_pages_share_cuts_the_wedges_the_kernel_cuts(tmp_path):
    rng = np.random.default_rng(0)
    fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
    ax.set(xlim=(0, 400), ylim=(0, 300))
    fig.subplots_adjust(0.1, 0.1, 0.9, 0.9)
    height = fig.bbox.height
    px = fig.dpi / 72.0
    cases, shared, lifted = [], 0, 0
    for case in range(150):
        n = int(rng.integers(2, 12))  # up to 11
        centre = rng.uniform((0, 0), (400, 300))
        spread = rng.choice([1.0, 4.0, 10.0], size=2)
        places = centre + rng.normal(0.0, spread, (n, 2))
        if rng.random() < 0.3:
            places[:, 0] = np.round(places[:, 0] / 10) * 10  # marks on one vertical line
        shape = "oD"[case % 2]
        marks = [ax.plot([x], [y], shape, color=f"C{k % 10}")[0] for k, (x, y) in enumerate(places)]
        share_markers(ax, marks)
        share_markers(ax, marks)  # again (a widget's next layout): the same wedges, not cut twice
        drawn = [m.get_transform().transform([[m.get_xdata()[0], m.get_ydata()[0]]])[0] for m in marks]
        np.testing.assert_allclose(drawn, ax.transData.transform(places), atol=1e-9)  # none moved
        kernel = []
        for m, (x, y) in zip(marks, drawn, strict=True):
            part, of = shared_part(m)
            over = m.get_zorder() > 2 + 1.5 * PIE_LIFT  # drawn over a shared mark
            outline = None
            if of > 1:  # the wedge as drawn (matplotlib's path marker, scaled), in canvas pixels (y down)
                ms = MarkerStyle(m.get_marker())
                verts = ms.get_path().transformed(ms.get_transform() + Affine2D().scale(m.get_markersize() * px))
                outline = [[x + vx, height - (y + vy)] for vx, vy in verts.vertices[:-1]]
            else:
                assert m.get_marker() == shape and base_look(m)["ms"] == 6.0
                assert m.get_markersize() == (6.0 * OVER_SIZE if over else 6.0)
            kernel.append({"part": part, "of": of, "over": over, "outline": outline})
        shared += sum(k["of"] > 1 for k in kernel)
        lifted += sum(k["over"] for k in kernel)
        page = [[x, height - y] for x, y in ax.transData.transform(places).tolist()]  # canvas: y down
        cases.append({"q": page, "kernel": kernel, "shape": shape, "r": 6.0 * px / 2})
        for m in marks:
            m.remove()
    plt.close(fig)
    assert shared > 50 and lifted > 10  # the cases share, and draw marks over shared ones
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = _functions("share", "wedgeParts", "wedge", "ray", "pie") + f"""
const cases = require({json.dumps(str(tmp_path / "cases.json"))});
let worst = 0, moved = 0, wrong = 0;
let path = [];
const ctx = {{beginPath() {{ path = []; }}, moveTo(x, y) {{ path.push([x, y]); }},
             lineTo(x, y) {{ path.push([x, y]); }}, closePath() {{}}}};
for (const c of cases) {{
  const marks = c.q.map(q => ({{value: 1, q: q.slice(), r: c.r}}));
  const P = {{base: {PIE_BASE}, grow: {PIE_GROW}, max: {PIE_MAX}}};
  share(marks, {near_px(100)}, P);
  marks.forEach((m, i) => {{
    const k = c.kernel[i];
    if (m.part !== k.part || m.of !== k.of || m.over !== k.over) {{ wrong += 1; return; }}
    moved = Math.max(moved, Math.abs(m.q[0] - c.q[i][0]), Math.abs(m.q[1] - c.q[i][1]));
    if (m.of > 1) {{
      const r = pie(c.r, m.of, P) * (m.over ? OVER_SIZE : 1);
      const d = r * Math.SQRT2;
      wedge(m.q, c.shape === "o" ? r : [[0, d], [d, 0], [0, -d], [-d, 0]], m.part, m.of);
      if (path.length !== k.outline.length) {{ wrong += 1; return; }}
      path.forEach((p, j) => {{
        worst = Math.max(worst, Math.abs(p[0] - k.outline[j][0]), Math.abs(p[1] - k.outline[j][1]));
      }});
    }}
  }});
}}
console.log(JSON.stringify([worst, moved, wrong]));
"""
    (tmp_path / "run.js").write_text(script)
    out = subprocess.run([NODE, str(tmp_path / "run.js")], capture_output=True, text=True, timeout=60, check=True)
    worst, moved, wrong = json.loads(out.stdout)
    assert wrong == 0 and moved == 0
    assert worst < 1e-6  # pixels


def test_the_pages_constants_are_the_kernels():
    line = next(t for t in _script("share.js").splitlines() if t.strip().startswith("var AIM_PX"))
    want = f"var AIM_PX = {AIM_PX}, ATTACH = {ATTACH}, OVER_SIZE = {OVER_SIZE}, NEAR_MIN_PX = {NEAR_MIN_PX}"
    assert line.split(";")[0].strip() == want


@pytest.mark.slow  # a cost widget built and its scene written: ~1 s
def test_the_page_fills_a_shared_marks_wedges_in_each_classifiers_colour():
    """The page cuts its own wedges from each mark's own look, not from the wedge the kernel made of it.

    Saved while the kernel's skew dots were shared, the page had taken their
    wedge look (white edges) as their own and filled every wedge white: ten
    classifiers' dots at 1e-3 showed as a white gap in the curves.
    """
    import skewplot as sp
    from skewplot.widgets import interactive_cost
    from skewplot.widgets.page._draw import rgba
    from skewplot.widgets.page.scene import scene

    rng = np.random.default_rng(0)
    y = (rng.random(4000) < 0.01).astype(int)
    data = {f"weak {k}": sp.operating_points(y, rng.normal(size=y.size) + 0.1 * y) for k in range(4)}
    widget = interactive_cost(data, skew=1e-3)  # every envelope on always- at 1e-3: the four dots coincide
    disp = widget.displays["cost"]
    assert all(shared_part(m)[1] == 4 for m in disp.markers_.values())
    items = [p["item"] for p in scene(widget)[0]["panels"] if "pie" in p["item"]]
    assert len(items) == 1
    for name, line in disp.lines_.items():
        style = items[0]["curves"][name]["marker"]
        assert style["mec"] == style["mfc"] == rgba(line.get_color()) != rgba("white"), name
