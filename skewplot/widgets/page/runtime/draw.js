(function () {
  "use strict";
  // How the page draws: canvas primitives in matplotlib's terms, each panel's moving parts, and their layers.
  var page = window.skewplotPage, CF = page.cf, D = page.data, C = page.controls, idx = page.idx, A = page.api;
  var value = A.value, stateIndex = A.stateIndex, titleOf = A.titleOf, rangeNow = A.rangeNow;
  // ctx: the page's canvas, or a layer's while layer() draws that layer (page.api.ctx() gives the one now)
  var canvas = document.getElementById("skewplot-canvas"), ctx = canvas.getContext("2d");
  var share = A.share, layered = A.layered, pie = A.pie, OVER_SIZE = A.OVER_SIZE;  // runtime/share.js
  Object.assign(A, {transform: transform, stroke: stroke, clipTo: clipTo, geomspace: geomspace,
                    wedge: wedge,
                    ctx: function () { return ctx; }, drawPanels: drawPanels, legendTexts: legendTexts});

  function transform(p) {
    var v = p.variant, b = p.panel.box, xl = v && v.xlim || p.panel.xlim, yl = v && v.ylim || p.panel.ylim;
    var sx = p.panel.xlog ? Math.log10 : function (u) { return u; };
    var sy = p.panel.ylog ? Math.log10 : function (u) { return u; };
    var x0 = sx(xl[0]), x1 = sx(xl[1]), y0 = sy(yl[0]), y1 = sy(yl[1]);
    return {
      x: function (u) { return b[0] + (sx(u) - x0) / (x1 - x0) * b[2]; },
      y: function (u) { return b[1] + b[3] - (sy(u) - y0) / (y1 - y0) * b[3]; },
      box: b
    };
  }
  function polyline(T, xs, ys) {
    var out = [];
    for (var i = 0; i < xs.length; i++) { out.push([T.x(xs[i]), T.y(ys[i])]); }
    return out;
  }
  function stroke(pts, st) {
    if (!st.color || !(st.lw > 0)) { return; }
    ctx.save();
    ctx.strokeStyle = st.color; ctx.lineWidth = st.lw; ctx.lineJoin = "round"; ctx.lineCap = "butt";
    ctx.setLineDash(st.dash || []);
    ctx.beginPath();
    var pen = false;
    for (var i = 0; i < pts.length; i++) {
      var ok = isFinite(pts[i][0]) && isFinite(pts[i][1]);
      if (ok && pen) { ctx.lineTo(pts[i][0], pts[i][1]); }
      else if (ok) { ctx.moveTo(pts[i][0], pts[i][1]); }
      pen = ok;
    }
    ctx.stroke();
    ctx.restore();
  }
  function strokeMany(lines, st) {  // a LineCollection: one path, one stroke
    ctx.save();
    ctx.strokeStyle = st.color; ctx.lineWidth = st.lw; ctx.lineJoin = "round";
    ctx.beginPath();
    lines.forEach(function (pts) {
      var pen = false;
      for (var i = 0; i < pts.length; i++) {
        var ok = isFinite(pts[i][0]) && isFinite(pts[i][1]);
        if (ok && pen) { ctx.lineTo(pts[i][0], pts[i][1]); } else if (ok) { ctx.moveTo(pts[i][0], pts[i][1]); }
        pen = ok;
      }
    });
    ctx.stroke();
    ctx.restore();
  }
  function fillPoly(pts, color) {
    ctx.save(); ctx.fillStyle = color; ctx.beginPath();
    pts.forEach(function (q, i) { if (i) { ctx.lineTo(q[0], q[1]); } else { ctx.moveTo(q[0], q[1]); } });
    ctx.closePath(); ctx.fill(); ctx.restore();
  }
  function dot(q, st, part, of, pies, over) {  // a shared one (of > 1): its wedge, in its colour, parted by white
    ctx.save();
    if (of > 1) {  // over a shared mark (over): smaller (_markers.share_markers)
      wedge(q, pie(st.r, of, pies) * (over ? OVER_SIZE : 1), part, of);
      ctx.fillStyle = st.mec; ctx.fill();
      ctx.lineWidth = pies.edge; ctx.strokeStyle = "white"; ctx.lineJoin = "miter"; ctx.stroke();
    } else {  // over a shared mark: smaller, edged in white
      ctx.beginPath(); ctx.arc(q[0], q[1], st.r * (over ? OVER_SIZE : 1), 0, 2 * Math.PI);
      ctx.fillStyle = st.mfc; ctx.fill();
      if (over) { ctx.lineWidth = pies.edge; ctx.strokeStyle = "white"; ctx.stroke(); }
      else if (st.mew > 0) { ctx.lineWidth = st.mew; ctx.strokeStyle = st.mec; ctx.stroke(); }
    }
    ctx.restore();
  }
  function font(t) { return t.size.toFixed(2) + 'px "DejaVu Sans", "Bitstream Vera Sans", Arial, sans-serif'; }
  function text(t, s, x, y, align, base, rot) {
    ctx.save(); ctx.font = font(t); ctx.fillStyle = t.color; ctx.textAlign = align; ctx.textBaseline = base;
    ctx.translate(x, y); if (rot) { ctx.rotate(-rot * Math.PI / 180); }
    ctx.fillText(s, 0, 0); ctx.restore();
  }
  function geomspace(a, b, n) {  // numpy.geomspace: the log grid from the axis' left end (its ends exact)
    var la = Math.log10(a), step = (Math.log10(b) - la) / (n - 1), out = [];
    for (var k = 0; k < n; k++) { out.push(Math.pow(10, la + k * step)); }
    out[0] = a; out[n - 1] = b;
    return out;
  }
  function uniqueSorted(a) {
    a = a.slice().sort(function (p, q) { return p - q; });
    return a.filter(function (v, i) { return i === 0 || v !== a[i - 1]; });
  }
  function clipTo(b) { ctx.save(); ctx.beginPath(); ctx.rect(b[0], b[1], b[2], b[3]); ctx.clip(); }

  // ---- PR at a skew, P-bar over a range ----
  function drawPR(p, T) {
    var it = p.item, fixed = it.control === "skew", lo, hi, mean, prec;
    if (fixed) { mean = value("skew"); prec = function (t, f) { return CF.precisionAt(t, f, mean); }; }
    else {
      var R = rangeNow();
      mean = R.mean; prec = R.prec;
    }
    var g = it.grid, pmin = g.map(function (r) { return prec(r, 1); });
    var fill = polyline(T, g, pmin).concat(polyline(T, g.slice().reverse(), g.map(function () { return 0; })));
    fill.forEach(function (q) { if (!isFinite(q[1])) { q[1] = T.box[1] + T.box[3] + 2; } });
    clipTo(T.box);
    fillPoly(fill, it.fill.fill);
    Object.keys(it.curves).forEach(function (name) {
      var c = it.curves[name], tl = c.tpr.slice(), fl = c.fpr.slice();
      for (var i = 0; i < tl.length && tl[i] === 0 && fl[i] === 0; i++) { tl[i] = c.limit[0]; fl[i] = c.limit[1]; }
      var rp = CF.densified(c.tpr, c.fpr, tl, fl, prec), xs = [], ys = [];
      for (var k = 0; k < rp[0].length; k++) { if (rp[0][k] >= c.r0) { xs.push(rp[0][k]); ys.push(rp[1][k]); } }
      var pts = polyline(T, xs, ys);
      page.drawn[p.key + "/curve/" + name] = pts;
      stroke(pts, c.style);
    });
    var rnd = [[T.box[0], T.y(mean)], [T.box[0] + T.box[2], T.y(mean)]];
    var mn = polyline(T, g, pmin);
    stroke(mn, it.min); stroke(rnd, it.random);
    page.drawn[p.key + "/min"] = mn; page.drawn[p.key + "/random"] = rnd;
    ctx.restore();
    var b = it.text.box;
    text(it.text, titleOf(p), b[0] + b[2] / 2, b[1] + b[3], "center", "bottom", 0);
  }

  // ---- precision-recall gain at the skew ----
  function drawPRG(p, T) {
    var it = p.item, pi = CF.gainSkew(value("skew"));
    clipTo(T.box);
    Object.keys(it.curves).forEach(function (name) {
      var c = it.curves[name], g = CF.prgClipped(c.tpr, c.fpr, pi), keep = CF.decimation(g[0], g[1], it.bins);
      var pts = keep.map(function (k) { return [T.x(g[0][k]), T.y(g[1][k])]; });
      page.drawn[p.key + "/curve/" + name] = pts;
      stroke(pts, c.style);
    });
    ctx.restore();
    var b = it.text.box;
    text(it.text, it.labels[idx.skew], b[0] + b[2] / 2, b[1], "center", "top", 0);
  }

  // ---- cost and F spaces ----
  function drawEnvelope(p, T, part) {  // part "curves" (the weight's) or "marker" (the skew's and the weight's)
    var it = p.item, cost = it.kind === "cost", s = value("skew"), w = value(it.param), g = it.grid;
    if (it.log && p.variant && p.variant.xlim) { g = geomspace(p.variant.xlim[0], 1, g.length); }
    var axis = it.x_axis, straight = cost && axis === "pc" && !it.log;
    var pcOf = function (x) { return axis === "pc" ? x : CF.probabilityCost(x, w); };
    var lineY = cost ? function (t, f, x) { return CF.nec(t, f, pcOf(x)); } : function (t, f, x) { return CF.fAt(t, f, x, w); };
    function best(h, x) {
      var v = cost ? Infinity : -Infinity;
      for (var i = 0; i < h.tpr.length; i++) {
        if (!cost && w === 1 && h.tpr[i] === 0 && h.fpr[i] === 0) { continue; }
        var y = lineY(h.tpr[i], h.fpr[i], x);
        v = cost ? Math.min(v, y) : Math.max(v, y);
      }
      return v;
    }
    clipTo(T.box);
    var names = Object.keys(it.curves), marks = [];
    if (part === "curves") {
    names.forEach(function (name) {
      var c = it.curves[name];
      if (c.thin) {
        var lines = [], t = c.thin.tpr, f = c.thin.fpr;
        for (var i = 0; i < t.length; i++) {
          var ti = t[i], fi = f[i];
          if (!cost && w === 1 && ti === 0 && fi === 0) { ti = c.thin.limit[0]; fi = c.thin.limit[1]; }
          var xs = straight ? [0, 1] : g;
          lines.push(polyline(T, xs, xs.map(function (x) { return lineY(ti, fi, x); })));
        }
        page.drawn[p.key + "/thin/" + name] = lines;
        strokeMany(lines, c.thin_style);
      }
    });
    var bx = straight ? [0, 1] : g;
    Object.keys(it.baselines).forEach(function (key) {
      var ys = bx.map(function (x) {
        return cost ? (key === "always_negative" ? pcOf(x) : 1 - pcOf(x)) : CF.fAt(1, 1, x, w);
      });
      var pts = polyline(T, bx, ys);
      page.drawn[p.key + "/base/" + key] = pts;
      stroke(pts, it.baselines[key]);
    });
    names.forEach(function (name) {
      var c = it.curves[name], h = c.hull, xs;
      if (cost) {
        var pcs = [0, 1];
        for (var i = 0; i + 1 < h.tpr.length; i++) {
          if (h.tpr[i + 1] - h.tpr[i] > 0 || h.fpr[i + 1] - h.fpr[i] > 0) {
            pcs.push(Math.min(Math.max(CF.costCrossing(h.tpr[i], h.fpr[i], h.tpr[i + 1], h.fpr[i + 1]), 0), 1));
          }
        }
        pcs = uniqueSorted(pcs).map(function (q) { return CF.xOfPc(q, w, axis); });
        xs = uniqueSorted(straight ? pcs : pcs.concat(g)).filter(function (x) { return x >= g[0]; });
      } else {
        xs = g.slice();
        if (w > 0 && h.tpr.length > 2) {
          for (var j = 1; j + 1 < h.tpr.length; j++) {
            var cr = CF.fCrossing(h.tpr[j], h.fpr[j], h.tpr[j + 1], h.fpr[j + 1], w);
            if (cr > g[0] && cr < 1) { xs.push(cr); }
          }
          xs = uniqueSorted(xs);
        }
      }
      var pts = polyline(T, xs, xs.map(function (x) { return best(h, x); }));
      page.drawn[p.key + "/envelope/" + name] = pts;
      stroke(pts, c.style);
    });
    ctx.restore();
    var at = it.text, lab = it.axis_texts[idx[it.param]], b = at.box;
    if (cost) { text(at, lab, b[0] + b[2] / 2, b[1], "center", "top", 0); }
    else { text(at, lab, b[0], b[1] + b[3] / 2, "center", "top", 90); }
    return;
    }
    // the marker: its value per classifier, on its data; coinciding dots shared as _markers.share_markers
    var mx = cost && axis === "pc" ? CF.probabilityCost(s, w) : s;
    names.forEach(function (name) {
      var y = best(it.curves[name].hull, mx);
      marks.push({name: name, value: isFinite(y) ? y : null, q: [T.x(mx), T.y(y)], r: it.curves[name].marker.r});
    });
    share(marks, it.near_px, it.pie);
    var sl = [[T.x(mx), T.box[1] + T.box[3]], [T.x(mx), T.box[1]]];
    stroke(sl, it.skew_line);
    page.drawn[p.key + "/skewline"] = sl;
    layered(marks).forEach(function (mk) {
      if (mk.value !== null) { dot(mk.q, it.curves[mk.name].marker, mk.part, mk.of, it.pie, mk.over); }
      page.drawn[p.key + "/marker/" + mk.name] = [mk.q];
    });
    ctx.restore();
    page.markers[it.kind] = marks;
    // the marker's label where it covers no line (runtime/label.js); the first paint: where the kernel put it
    var st = C.skew.texts[idx.skew], px = T.x(mx), mt = it.marker_text;
    var labels = cost ? ["\u03c0\u2032=" + st + ", PC(+)=" + CF.g3(CF.probabilityCost(s, w)), "\u03c0\u2032=" + st]
      : ["\u03c0\u2032=" + st];
    var at = page.fitLabel(p, T, labels, mt, px, ctx, font(mt), page.drawn), pad = mt.size / 10;
    if (!page.paints) { at = mt.start; }
    page.labels[it.kind] = at;
    ctx.save(); ctx.fillStyle = mt.bbox;
    ctx.fillRect(at.x0 - pad, at.y0 - pad, at.width + 2 * pad, at.height + 2 * pad);
    ctx.restore();
    text(mt, " " + at.label + " ", px, at.y0, at.side, "top", 0);
  }
  // a shared mark's wedge (_wedges.wedge_marker): ``outline`` the whole shape round its centre (pixels, y up; a
  // number: a disc of that radius), cut from 12 o'clock clockwise into ``of`` equal angles, sampled as the kernel
  function wedge(q, outline, part, of) {
    var top = Math.PI / 2, a1 = top - 2 * Math.PI * part / of, a0 = top - 2 * Math.PI * (part + 1) / of;
    var n = Math.max(2, Math.ceil(96 * (a1 - a0) / (2 * Math.PI)) + 1);
    ctx.beginPath(); ctx.moveTo(q[0], q[1]);
    for (var k = 0; k < n; k++) {
      var a = a0 + (a1 - a0) * k / (n - 1), t = ray(outline, a);
      ctx.lineTo(q[0] + t * Math.cos(a), q[1] - t * Math.sin(a));
    }
    ctx.closePath();
  }
  function ray(poly, a) {  // _wedges._ray: where the ray from the centre at angle a leaves the convex outline
    if (typeof poly === "number") { return poly; }  // a disc of that radius
    var u = [Math.cos(a), Math.sin(a)], best = 0;
    for (var i = 0; i < poly.length; i++) {
      var p = poly[i], q = poly[(i + 1) % poly.length], d = [q[0] - p[0], q[1] - p[1]];
      var det = d[0] * u[1] - d[1] * u[0];
      if (det === 0) { continue; }
      var s = (p[1] * u[0] - p[0] * u[1]) / det, t = (p[0] * d[1] - p[1] * d[0]) / -det;
      if (s >= -1e-9 && s <= 1 + 1e-9 && t > 0) { best = Math.max(best, t); }
    }
    return best;
  }

  // ---- the explorer's AUCPR-against-skew panel: the skew line and the range ----
  function drawMarks(p, T) {
    var s = value("skew"), lo = value("skew_range", 0), hi = value("skew_range", 1), b = T.box;
    clipTo(b);
    var x0 = lo > 0 ? T.x(lo) : (p.panel.xlog ? b[0] - 1 : T.x(lo));
    var span = [[x0, b[1] + b[3]], [T.x(hi), b[1] + b[3]], [T.x(hi), b[1]], [x0, b[1]]];
    fillPoly(span, p.item.span.fill);
    var sl = [[T.x(s), b[1] + b[3]], [T.x(s), b[1]]];
    stroke(sl, p.item.line);
    ctx.restore();
    page.drawn[p.key + "/span"] = span; page.drawn[p.key + "/skewline"] = sl;
  }

  function legendTexts(p) {  // a PR panel's own legend: its box is static, the areas and the baseline's skew move
    var R = C.skew_range ? rangeNow() : null;  // (none: interactive_pr, its AUCPR at π′ the table's first column)
    var areas = p.item.legend.map(function (t) {
      return t.what === "random" ? null : (R ? R.area(t.name) : +D.table.rows[t.name][0].v[idx.skew]);
    });
    // each area with the digits that tell it from the others' (skewplot._format.distinct_digits)
    var digits = CF.distinctDigits(areas.filter(function (a) { return a !== null; }), 3), k = 0;
    p.item.legend.forEach(function (t, i) {
      var s = t.what === "random" ? "random (" + CF.skewText(R ? R.mean : value("skew")) + ")"
        : CF.aucLabel(t.name, areas[i], digits[k++]);
      // a wrapped entry (a narrow figure's strip): its name's lines as the kernel drew them, its numbers below
      var lines = t.head ? t.head.concat([s.slice(t.name.length + 1)]) : [s], step = t.box[3] / lines.length;
      lines.forEach(function (line, k) { text(t, line, t.box[0], t.box[1] + step * (k + 0.5), "left", "middle", 0); });
      page.legend.push(s);
    });
  }

  // Each panel's part is drawn on a layer of its own, again only when what it depends on changed: a step of
  // one control redraws only its parts (the thin lines of cost and F space are most of a repaint).
  function layer(p, part, key, draw) {
    var caches = p.layers || (p.layers = {}), c = caches[part], k = JSON.stringify(key);
    if (!c) {
      c = caches[part] = {canvas: document.createElement("canvas")};
      c.canvas.width = canvas.width; c.canvas.height = canvas.height;
    }
    if (c.key !== k) {
      var main = ctx, drawn = page.drawn;
      ctx = c.canvas.getContext("2d");
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      page.drawn = {};
      try { draw(); } finally {
        c.drawn = page.drawn; c.markers = page.markers[p.item.kind]; c.label = page.labels[p.item.kind];
        ctx = main; page.drawn = drawn;
      }
      c.key = k;
    }
    ctx.drawImage(c.canvas, 0, 0);
    Object.keys(c.drawn).forEach(function (name) { page.drawn[name] = c.drawn[name]; });
    if (part === "marker") { page.markers[p.item.kind] = c.markers; page.labels[p.item.kind] = c.label; }
  }
  function drawPanels() {  // each panel's moving parts, each from its layer
    D.panels.forEach(function (p) {
      var T = transform(p), k = p.item.kind, v = p.variants.indexOf(p.variant);
      if (k === "pr") { layer(p, "pr", [v, stateIndex(p.by)], function () { drawPR(p, T); }); }
      else if (k === "prg") { layer(p, "prg", [idx.skew], function () { drawPRG(p, T); }); }
      else if (k === "marks") { layer(p, "marks", [idx.skew, idx.skew_range], function () { drawMarks(p, T); }); }
      else {
        layer(p, "curves", [v, idx[p.item.param]], function () { drawEnvelope(p, T, "curves"); });
        // the label is fitted again when the panel moves (its skew, weight or axis), as the live Display does
        var moved = JSON.stringify([v, idx[p.item.param], idx.skew]);
        if (moved !== p.moved) { p.moved = moved; p.markerKey = [moved, page.paints]; }
        layer(p, "marker", p.markerKey, function () { drawEnvelope(p, T, "marker"); });
      }
    });
  }
})();
