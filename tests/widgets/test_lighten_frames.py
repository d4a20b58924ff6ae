"""The width probe's wrapper of ipympl's ``handle_binary`` (``widgets/_width.py``), run in node on stand-ins.

The stand-in canvas model does what ipympl 0.10's does with each image
(sets ``_data_url`` to its offscreen canvas' ``toDataURL()``, then loads the
image); the browser suite runs the real one (``test_browser_ipympl_frames.py``).
Here: no encoding per frame, one snapshot of the last frame once the timer
after its load fires (timers are driven by hand, no waiting), one wrapper per
model however many probes hold it, an error of ipympl's own passed on with
the canvas restored, and no change at all to a model of another shape.
"""

import json
import shutil
import subprocess

import pytest

from skewplot.widgets._width import _ESM

NODE = shutil.which("node")
pytestmark = pytest.mark.usefixtures("node")  # skips without node; fails in CI (tests/conftest.py)

DRIVER = r"""
const timers = [];
globalThis.setTimeout = (f) => { timers.push(f); return timers.length; };
globalThis.clearTimeout = (id) => { if (id) timers[id - 1] = null; };
const fire = () => { const due = timers.splice(0); for (const f of due) if (f) f(); };
const tick = () => new Promise((r) => setImmediate(r));
const LIGHT = Symbol.for("skewplot.lightFrames");
const probe = (await import("./esm.mjs")).default;

class Offscreen { constructor() { this.content = "frame0"; this.encodes = 0; } }
Offscreen.prototype.toDataURL = function () { this.encodes += 1; return "png:" + this.content; };
class Canvas {  // ipympl 0.10's way with an image, in short
  constructor() {
    this.attrs = { _data_url: null }; this.offscreen_canvas = new Offscreen(); this.image = new EventTarget();
  }
  get(k) { return this.attrs[k]; }
  set(k, v) { this.attrs[k] = v; }
}
Canvas.prototype.handle_binary = function (msg) {
  if (msg === "broken") throw new Error("ipympl failed");
  this.set("_data_url", this.offscreen_canvas.toDataURL());
  this.image.src = msg;
};
const hold = (canvas) => probe.initialize({ model: {
  get: (k) => (k === "canvas" ? "IPY_MODEL_c1" : 0),
  widget_manager: { get_model: () => (canvas instanceof Error ? Promise.reject(canvas) : Promise.resolve(canvas)) },
} });
const frame = (c, k) => {
  c["handle_binary"]("frame" + k);  // as ipympl's on_comm_message looks it up
  c.offscreen_canvas.content = "frame" + k;  // the image loaded and drawn offscreen
  c.image.dispatchEvent(new Event("load"));
};
const out = {};

const c = new Canvas();
await hold(c); await tick();
const wrapped = c.handle_binary;
for (let k = 1; k <= 3; k++) frame(c, k);
out.during = { encodes: c.offscreen_canvas.encodes, url: c.get("_data_url"), state: { ...c[LIGHT] },
               own: Object.prototype.hasOwnProperty.call(c, "handle_binary"),
               shadowLeft: Object.prototype.hasOwnProperty.call(c.offscreen_canvas, "toDataURL") };
fire();
out.after = { encodes: c.offscreen_canvas.encodes, url: c.get("_data_url"), state: { ...c[LIGHT] } };
await hold(c); await tick();
out.once = c.handle_binary === wrapped;
try { c.handle_binary("broken"); out.thrown = null; } catch (e) { out.thrown = e.message; }
out.restored = !Object.prototype.hasOwnProperty.call(c.offscreen_canvas, "toDataURL");

const plain = new Canvas();
out.prototypeKept = Canvas.prototype.handle_binary !== wrapped && plain.handle_binary !== wrapped;
const shapes = { noHandler: { get() {}, set() {}, offscreen_canvas: new Offscreen(), image: new EventTarget() },
                 noOffscreen: Object.assign(new Canvas(), { offscreen_canvas: undefined }),
                 noImage: Object.assign(new Canvas(), { image: null }) };
out.others = {};
for (const [name, m] of Object.entries(shapes)) {
  const before = m.handle_binary;
  await hold(m); await tick();
  out.others[name] = m[LIGHT] === undefined && m.handle_binary === before;
}
await hold(new Error("no such model")); await tick();
await probe.initialize({ model: { get: () => null, widget_manager: null } });
console.log(JSON.stringify(out));
"""


def test_the_probe_encodes_no_frame_and_snapshots_the_last(tmp_path):
    (tmp_path / "esm.mjs").write_text(_ESM)
    (tmp_path / "driver.mjs").write_text(DRIVER)
    done = subprocess.run([NODE, "driver.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # three frames: ipympl's set answered with the snapshot it had (none yet), nothing encoded, the canvas restored
    assert out["during"] == {"encodes": 0, "url": None, "state": {"frames": 3, "snapshots": 0}, "own": True,
                             "shadowLeft": False}
    # the frames stopped: one snapshot, of the last frame (ipympl's own would be of frame 2, the one before)
    assert out["after"] == {"encodes": 1, "url": "png:frame3", "state": {"frames": 3, "snapshots": 1}}
    assert out["once"] and out["thrown"] == "ipympl failed" and out["restored"] and out["prototypeKept"]
    assert out["others"] == {"noHandler": True, "noOffscreen": True, "noImage": True}
