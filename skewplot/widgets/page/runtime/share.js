(function () {
  "use strict";
  // Coinciding marks shared out in wedges as the kernel shares them (skewplot.plotting.layout._markers.share_markers):
  // which marks make one mark, the wedge of each, which are drawn over one, and the order the layers are drawn in.
  var A = window.skewplotPage.api;
  var AIM_PX = 0.5, ATTACH = 0.15, OVER_SIZE = 0.5, NEAR_MIN_PX = 6.0;  // _markers' own
  Object.assign(A, {share: share, layered: layered, pie: pie, OVER_SIZE: OVER_SIZE});

  // _markers.share_markers: groups whose every two marks are closer than reach, each near its centre (attach_px;
  // the marks' own radius, mk.r, grown by P: _markers.pie_size); a group whose centre a larger one's mark covers
  // is left whole; a mark alone whose place a shared mark covers is over it (mk.over: drawn last, smaller)
  function share(marks, reach, P) {
    var shown = marks.filter(function (m) { return m.value !== null && isFinite(m.q[0]) && isFinite(m.q[1]); });
    var round6 = function (v) { return Math.round(v * 1e6) / 1e6; };
    var dist = shown.map(function (a) {  // rounded as _markers.groups rounds them
      return shown.map(function (b) { return round6(Math.hypot(a.q[0] - b.q[0], a.q[1] - b.q[1])); });
    });
    var radius = 0;
    shown.forEach(function (m) { radius = Math.max(radius, m.r); });
    var centre = function (g) {  // _markers._centre: summed in order (y down here: distances are the same)
      var x = 0, y = 0;
      g.forEach(function (i) { x += shown[i].q[0]; y += shown[i].q[1]; });
      return [x / g.length, y / g.length];
    };
    var from = function (p, g) { var c = centre(g); return round6(Math.hypot(p[0] - c[0], p[1] - c[1])); };
    var attached = function (g) {  // _markers._attached
      var k = g.length, limit = k === 2 ? Infinity : ATTACH * 2 * radius * pie(1, k, P) * Math.sin(Math.PI / k);
      var far = 0;
      g.forEach(function (i) { far = Math.max(far, from(shown[i].q, g)); });
      return far <= round6(limit);
    };
    var inside = function (p, g) { return from(p, g) < round6(pie(radius, g.length, P)); };  // _markers._inside
    var found = shown.map(function (m, i) { return [i]; });  // _markers.groups: the closest two joined, while any
    for (;;) {
      var best = null;
      for (var a = 0; a < found.length; a++) {
        for (var b = a + 1; b < found.length; b++) {
          var span = 0;
          found[a].forEach(function (i) { found[b].forEach(function (j) { span = Math.max(span, dist[i][j]); }); });
          if (span < reach && (best === null || span < best[0]) && attached(found[a].concat(found[b]))) {
            best = [span, a, b];
          }
        }
      }
      if (best === null) { break; }
      found[best[1]] = found[best[1]].concat(found.splice(best[2], 1)[0]).sort(function (x, y) { return x - y; });
    }
    var under = [];  // _markers.covered: the larger first, then by their first mark
    found = found.filter(function (g) { return g.length > 1; });
    found.slice().sort(function (g, h) { return h.length - g.length || g[0] - h[0]; }).forEach(function (g) {
      if (!under.some(function (h) { return inside(centre(g), h); })) { under.push(g); }
    });
    var near = Math.max(OVER_SIZE * reach, NEAR_MIN_PX - 1);
    var kept = found.filter(function (g) {
      var span = 0;
      g.forEach(function (i) { g.forEach(function (j) { span = Math.max(span, dist[i][j]); }); });
      return under.indexOf(g) >= 0 || span < near;
    });
    marks.forEach(function (m) { m.part = 0; m.of = 1; m.over = false; });
    shown.forEach(function (m, i) {
      var mine = kept.filter(function (g) { return g.indexOf(i) >= 0; })[0];
      m.over = mine ? under.indexOf(mine) < 0 : under.some(function (g) { return inside(m.q, g); });
    });
    kept.forEach(function (ix) {  // each group's marks in drawing order (the legend's)
      var g = ix.map(function (i) { return shown[i]; }), k = g.length;
      var parts = wedgeParts(g.map(function (m) { return [m.q[0], -m.q[1]]; }));
      g.forEach(function (m, i) { m.part = parts[i]; m.of = k; });
    });
  }
  function layered(marks) {  // as matplotlib stacks them: whole marks, then wedges (PIE_LIFT), then those over
    var layer = function (m) { return m.over ? 2 : m.of > 1 ? 1 : 0; };
    return marks.map(function (m, i) { return [layer(m), i, m]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; }).map(function (e) { return e[2]; });
  }
  function wedgeParts(xy) {  // _markers.wedge_parts: a mark off its group's centre takes the wedge pointing its way
    var k = xy.length, cx = 0, cy = 0, i, j;
    if (k < 2) { return [0]; }
    xy.forEach(function (p) { cx += p[0] / k; cy += p[1] / k; });
    var off = xy.map(function (p) { return [p[0] - cx, p[1] - cy]; });
    var dist = off.map(function (o) { return Math.round(Math.hypot(o[0], o[1]) * 1e6) / 1e6; });
    var free = [], part = [], order = [];
    for (j = 0; j < k; j++) { free.push(j); part.push(null); order.push(j); }
    order.sort(function (a, b) { return dist[b] - dist[a] || a - b; });
    for (var n = 0; n < k; n++) {
      i = order[n];
      if (dist[i] <= AIM_PX) { break; }
      var aim = Math.atan2(off[i][1], off[i][0]), best = 0, least = Infinity;
      free.forEach(function (w, f) {
        var mid = Math.PI / 2 - 2 * Math.PI * (w + 0.5) / k, d = aim - mid + Math.PI, tau = 2 * Math.PI;
        var turn = Math.abs(d - tau * Math.floor(d / tau) - Math.PI);
        if (turn < least - 1e-9) { least = turn; best = f; }  // of two as near: the first
      });
      part[i] = free.splice(best, 1)[0];
    }
    for (i = 0; i < k; i++) { if (part[i] === null) { part[i] = free.shift(); } }
    return part;
  }
  function pie(size, k, P) {  // _markers.pie_size
    return k < 2 ? size : size * Math.min(P.max, P.base + P.grow * (k - 1));
  }
})();
