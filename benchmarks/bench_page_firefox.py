"""A saved page (``save_html``) in headless Firefox: opened from disk, each control stepped once, timed.

Playwright has no offline Firefox build, so this drives Debian's
``firefox-esr`` through Marionette, the remote protocol built into Firefox
(JSON over a local socket), with every http(s) request sent to a dead proxy.
It prints the seconds until the page is ready, then one JSON line per
slider: the step's time in the page (``performance.now()``), its own paint
time, whether it repainted once and whether the drawn polylines and the
table changed; it writes the drawn polylines (``<page>.firefox.json``) and a
screenshot (``<page>.firefox.png``) beside the page.  Not a CI test: a
check to run by hand (issue 33).

Run:  python benchmarks/bench_page_firefox.py page.html
"""

import base64
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

_READY = "return !!(window.skewplotPage && window.skewplotPage.ready);"

def connect(port, timeout=60):
    """Marionette's ``cmd(name, params)`` on ``port`` (waits for Firefox to listen), and its socket."""
    t0 = time.time()
    while True:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            break
        except OSError:
            if time.time() - t0 > timeout:
                raise
            time.sleep(0.3)
    s.settimeout(120)
    f = s.makefile("rb")
    def read():
        n = b""
        while not n.endswith(b":"):
            n += f.read(1)
        return json.loads(f.read(int(n[:-1])))
    read()  # hello
    msgid = [0]
    def cmd(name, params=None):
        msgid[0] += 1
        body = json.dumps([0, msgid[0], name, params or {}]).encode()
        s.sendall(str(len(body)).encode() + b":" + body)
        r = read()
        if r[2] is not None:
            raise RuntimeError(r[2])
        return r[3]
    return cmd, s

def main(path):
    """Open ``path`` in a fresh headless profile, step each slider once, print what the page reports."""
    profile = tempfile.mkdtemp(prefix="page33ff")
    with open(os.path.join(profile, "user.js"), "w") as fh:
        fh.write('user_pref("marionette.port", 2829);\nuser_pref("network.proxy.type", 1);\n'
                 'user_pref("network.proxy.http", "127.0.0.1");\nuser_pref("network.proxy.http_port", 9);\n'
                 'user_pref("network.proxy.ssl", "127.0.0.1");\nuser_pref("network.proxy.ssl_port", 9);\n')
    proc = subprocess.Popen(["firefox-esr", "--headless", "--marionette", "--no-remote", "--profile", profile],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        cmd, sock = connect(2829)
        cmd("WebDriver:NewSession", {"capabilities": {}})
        t0 = time.time()
        cmd("WebDriver:Navigate", {"url": "file://" + os.path.abspath(path)})
        for _ in range(600):
            if cmd("WebDriver:ExecuteScript", {"script": _READY, "args": []})["value"]:
                break
            time.sleep(0.1)
        print(json.dumps({"ready_s": round(time.time() - t0, 2)}))
        step = """
          const out = [];
          const sliders = Array.from(document.querySelectorAll("input[type=range]"));
          for (const s of sliders) {
            const before = window.skewplotPage.paints, drawn0 = JSON.stringify(window.skewplotPage.drawn);
            const table0 = document.getElementById('skewplot-table').innerHTML;
            const v = +s.value; s.value = v > 0 ? v - 1 : v + 1;
            const t0 = performance.now();
            s.dispatchEvent(new Event("input"));
            out.push({control: s.dataset.control + (s.dataset.end || ""), ms: performance.now() - t0,
                      paintMs: window.skewplotPage.lastPaintMs, repainted: window.skewplotPage.paints - before,
                      drawingChanged: JSON.stringify(window.skewplotPage.drawn) !== drawn0,
                      tableChanged: document.getElementById('skewplot-table').innerHTML !== table0});
          }
          return out;"""
        for row in cmd("WebDriver:ExecuteScript", {"script": step, "args": []})["value"]:
            print(json.dumps(row))
        drawn = cmd("WebDriver:ExecuteScript", {"script": "return window.skewplotPage.drawn;", "args": []})["value"]
        with open(path + ".firefox.json", "w") as fh:
            json.dump(drawn, fh)
        shot = cmd("WebDriver:TakeScreenshot", {"full": True})["value"]
        with open(path + ".firefox.png", "wb") as fh:
            fh.write(base64.b64decode(shot))
        cmd("WebDriver:DeleteSession")
        sock.close()
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()

if __name__ == "__main__":
    main(sys.argv[1])
