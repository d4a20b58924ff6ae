(function () {
  "use strict";
  // The skew marker's label in the cost and F panels, placed off the curves as the kernel places it:
  // skewplot.plotting.layout._marker_label.fit_marker_label on the polylines the page drew (skewplot/widgets/page/_label.py).
  var page = window.skewplotPage;

  // skewplot.plotting.layout._legend_geometry._crossing for one segment [[x, y], [x, y]]: Liang-Barsky clipping against the box
  function crossing(s, b) {
    var x0 = s[0][0], y0 = s[0][1], dx = s[1][0] - x0, dy = s[1][1] - y0, t0 = 0, t1 = 1;
    var tests = [[-dx, x0 - b[0]], [dx, b[2] - x0], [-dy, y0 - b[1]], [dy, b[3] - y0]];
    for (var k = 0; k < 4; k++) {
      var p = tests[k][0], q = tests[k][1];
      if (p === 0) { if (q < 0) { return false; } continue; }
      if (p < 0) { t0 = Math.max(t0, q / p); } else { t1 = Math.min(t1, q / p); }
    }
    return t0 <= t1;
  }
  // skewplot.plotting.layout._marker_label.line_segments: a polyline's segments (none across a gap), a marker's point as one
  function segments(pts, out) {
    if (pts.length === 1) { if (isFinite(pts[0][0]) && isFinite(pts[0][1])) { out.push([pts[0], pts[0]]); } return; }
    for (var i = 0; i + 1 < pts.length; i++) {
      var a = pts[i], b = pts[i + 1];
      if (a && b && isFinite(a[0]) && isFinite(a[1]) && isFinite(b[0]) && isFinite(b[1])) { out.push([a, b]); }
    }
  }
  // the lines a label may not cover: the panel's envelopes, baselines and dots drawn now, and its threshold lines
  // as the page last drew them (the live Display fits its label before the threshold's marks follow a step)
  function obstacles(p, drawnNow) {
    var segs = [], curves = (p.layers && p.layers.curves && p.layers.curves.drawn) || {}, before = page.previous || {};
    [[curves, ["/envelope/", "/base/"]], [drawnNow, ["/marker/"]], [before, ["/threshold/"]]].forEach(function (w) {
      Object.keys(w[0]).forEach(function (key) {
        var ok = w[1].some(function (part) { return key.indexOf(p.key + part) === 0; });
        if (ok) { segments(w[0][key], segs); }
      });
    });
    return segs;
  }
  function meets(b, lb) { return b[0] < lb[2] && b[2] > lb[0] && b[1] < lb[3] && b[3] > lb[1]; }

  // page.fitLabel: where the label goes ({label, side: its alignment, x0, y0: its box's top left, width, height})
  page.fitLabel = function (p, T, labels, mt, px, ctx, font, drawnNow) {
    var box = T.box, h = mt.box[3], e = mt.edge, c = mt.clear, segs = null, tried = [];
    ctx.save(); ctx.font = font;
    var scale = mt.box[2] / ctx.measureText(mt.text).width;  // the browser's widths as matplotlib's
    var widths = labels.map(function (l) { return ctx.measureText(" " + l + " ").width * scale; });
    ctx.restore();
    var room = {left: box[0] + box[2] - px, right: px - box[0]};
    function place(label, width, side, frac, va) {
      var yc = box[1] + (1 - frac) * box[3], y0 = va === "top" ? yc : va === "bottom" ? yc - h : yc - h / 2;
      return {label: label, side: side, frac: frac, va: va, x0: side === "left" ? px : px - width, y0: y0,
              width: width, height: h};
    }
    for (var rank = 0; rank < labels.length; rank++) {
      var width = widths[rank];
      var sides = ["left", "right"].filter(function (s) { return width <= room[s]; });
      if (!sides.length) {
        if (rank < labels.length - 1) { continue; }
        sides = [room.left >= room.right ? "left" : "right"];
      }
      if (segs === null) { segs = obstacles(p, drawnNow); }
      for (var k = 0; k < mt.places.length; k++) {
        for (var j = 0; j < sides.length; j++) {
          var at = place(labels[rank], width, sides[j], mt.places[k][0], mt.places[k][1]);
          var lb = [at.x0 + e, at.y0 - c, at.x0 + width - e, at.y0 + h + c];  // _marker_label.fit_marker_label's box
          at.lb = lb;
          if (!mt.boxes.some(function (b) { return meets(b, lb); })
              && !segs.some(function (s) { return crossing(s, lb); })) { return at; }
          tried.push(at);
        }
      }
    }
    var covered = function (at) {  // none free: the place covering the fewest (the first of equals)
      return segs.filter(function (s) { return crossing(s, at.lb); }).length
        + mt.boxes.filter(function (b) { return meets(b, at.lb); }).length;
    };
    return tried.reduce(function (best, at) { return covered(at) < covered(best) ? at : best; });
  };
})();
