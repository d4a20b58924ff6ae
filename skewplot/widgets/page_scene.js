(function () {
  "use strict";
  // ---- The closed forms: each mirrors ONE Python function, named above it (keep them in step). ----
  var CF = {
    // skewplot.skew.formulas.precision_at
    precisionAt: function (t, f, pi) {
      var odds = (1 - pi) / pi, den = t + (f > 0 ? f * odds : 0);
      return den > 0 ? t / den : pi;
    },
    // skewplot.skew.uniform._psi
    psi: function (x, log1px) {
      if (Math.abs(x) < 0.125) {
        var acc = 0;
        for (var k = 20; k >= 0; k--) { acc = acc * (-x) + 1 / (k + 2); }
        return acc;
      }
      return (x - log1px) / (x * x);
    },
    // skewplot.skew.uniform.uniform_precision
    uniformPrecision: function (a, b, lo, hi) {
      if (!(a > 0 && b > 0)) { return (b === 0 && a > 0) ? 1 : (a === 0 && b === 0) ? 0.5 * (lo + hi) : 0; }
      var scale = Math.max(a, b), ar = a / scale, br = b / scale, width = hi - lo;
      var dLo = br * (1 - lo) + ar * lo, x = width * (ar - br) / dLo, l = Math.log1p(x);
      if (x < -0.5) { l = Math.log(br * (1 - hi) + ar * hi) - Math.log(dLo); }
      var share = br / dLo, rise;
      if (Math.abs(x) > 1e3) { rise = ar * share * (1 - (isFinite(x) ? l / x : 0)) / (ar - br); }
      else { rise = ar * share * (width / dLo) * CF.psi(x, l); }
      return Math.min(Math.max(ar * lo / dLo + rise, 0), 1);
    },
    // skewplot.metrics.curve._densified (resolution 1e-3)
    densified: function (tr, fr, tl, fl, prec) {
      var n = tr.length, pp = new Array(n), rec = [], out = [], tol = 1e-3;
      for (var i = 0; i < n; i++) { pp[i] = prec(tl[i], fl[i]); }
      for (var s = 0; s < n - 1; s++) {
        var dt = tr[s + 1] - tr[s], df = fr[s + 1] - fr[s];
        var dev = dt > 0 ? Math.abs(prec(tr[s] + 0.5 * dt, fr[s] + 0.5 * df) - 0.5 * (pp[s] + pp[s + 1])) : 0;
        var k = Math.max(Math.min(Math.ceil(Math.sqrt(dev / tol)), 256), 1);
        for (var j = 0; j < k; j++) {
          var u = j / k;
          rec.push(tr[s] + u * dt);
          out.push(j === 0 ? pp[s] : prec(tr[s] + u * dt, fr[s] + u * df));
        }
      }
      rec.push(tr[n - 1]); out.push(pp[n - 1]);
      return [rec, out];
    },
    // skewplot.metrics.prg.gain_skew (of a FixedSkew)
    gainSkew: function (pi) { var odds = pi / (1 - pi); return odds / (1 + odds); },
    // skewplot.metrics.prg.recall_gain
    recallGain: function (t, pi) { var odds = pi / (1 - pi); return 1 - odds * (1 - t) / t; },
    // skewplot.metrics.prg.precision_gain
    precisionGain: function (t, f) { return 1 - f / t; },
    // skewplot.metrics.prg._clipped: the gains of the polyline (TPR increasing) where recall gain >= 0
    prgClipped: function (tpr, fpr, pi) {
      var n = tpr.length, lo = 0, hi = n;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (tpr[mid] < pi) { lo = mid + 1; } else { hi = mid; } }
      var j = lo, rg = [], pg = [];
      if (j >= n) { return [rg, pg]; }
      if (j > 0 && tpr[j] > pi) {
        var q = (pi - tpr[j - 1]) / (tpr[j] - tpr[j - 1]), f0 = fpr[j - 1] + q * (fpr[j] - fpr[j - 1]);
        rg.push(0); pg.push(CF.precisionGain(pi, f0));
      }
      for (var i = j; i < n; i++) {
        rg.push(tpr[i] === pi ? 0 : CF.recallGain(tpr[i], pi)); pg.push(CF.precisionGain(tpr[i], fpr[i]));
      }
      return [rg, pg];
    },
    // skewplot.plotting._display.decimation_indices: the M4 vertices of x (non-decreasing), key's extremes per bin
    decimation: function (x, key, nBins) {
      var n = x.length;
      if (n <= 4 * nBins) { var all = []; for (var q = 0; q < n; q++) { all.push(q); } return all; }
      var span = x[n - 1] - x[0], out = [], i = 0;
      span = span > 0 ? span : 1;
      while (i < n) {
        var bin = Math.min(Math.floor((x[i] - x[0]) / span * nBins), nBins - 1), lo = i, hi = i, j = i;
        while (j + 1 < n && Math.min(Math.floor((x[j + 1] - x[0]) / span * nBins), nBins - 1) === bin) {
          j++;
          if (key[j] < key[lo]) { lo = j; }
          if (key[j] > key[hi]) { hi = j; }
        }
        var keep = [i, lo, hi, j].sort(function (a, b) { return a - b; });
        for (var k = 0; k < 4; k++) { if (!out.length || out[out.length - 1] !== keep[k]) { out.push(keep[k]); } }
        i = j + 1;
      }
      return out;
    },
    // skewplot.metrics.cost.probability_cost
    probabilityCost: function (pi, m) {
      var num = pi * (1 - m), den = num + (1 - pi) * m;
      return den > 0 ? num / den : 1 - m;
    },
    // skewplot.metrics.cost._nec
    nec: function (t, f, pc) { return (1 - t - f) * pc + f; },
    // skewplot.metrics.cost.cost_crossing
    costCrossing: function (ta, fa, tb, fb) { var num = fa - fb; return num / ((ta - tb) + num); },
    // skewplot.plotting.cost.CostDisplay._x_of_pc
    xOfPc: function (pc, m, axis) {
      if (axis === "pc" || m === 0 || m === 1) { return pc; }
      var num = pc * m;
      return num / (num + (1 - pc) * (1 - m));
    },
    // skewplot.metrics.fmeasure._f_at
    fAt: function (t, f, pi, a) {
      var num = pi * t, den = a * (num + (1 - pi) * f) + (1 - a) * pi;
      if (den > 0) { return num / den; }
      var z = a * t + (1 - a);
      return (pi === 0 && z > 0) ? t / z : 0;
    },
    // skewplot.metrics.fmeasure.f_crossing
    fCrossing: function (ta, fa, tb, fb, a) {
      var num = a * (fa * tb - fb * ta), den = (a - 1) * (tb - ta) + num;
      return den === 0 ? Infinity : num / den;
    },
    // Python's format(x, ".{d}f"): correctly rounded, an exact binary tie to the even digit (JS: away from 0)
    fixed: function (x, d) {
      var s = Math.abs(x).toFixed(100), cut = s.indexOf(".") + 1 + d;  // toFixed(100): the exact expansion
      if (/^50*$/.test(s.slice(cut))) {
        var down = s.slice(0, d ? cut : cut - 1);
        if (+down.charAt(down.length - 1) % 2 === 0) { return (x < 0 ? "-" : "") + down; }
      }
      return x.toFixed(d);
    },
    // skewplot.widgets._readout._fmt
    fmt3: function (x) {
      if (x === null || x === undefined) { return "\u2013"; }
      return isNaN(x) ? "nan" : CF.fixed(x, 3);
    },
    // skewplot.skew.base.skew_text
    skewText: function (p) {
      if (!(p > 0.5 && p < 1)) { return CF.g3(p); }
      var s = CF.fixed(p, 2 - Math.floor(Math.log10(1 - p)));
      return s.indexOf(".") < 0 ? s : s.replace(/0+$/, "").replace(/\.$/, "");
    },
    // skewplot.plotting._display.auc_label (one classifier, continuous interpolation)
    aucLabel: function (name, value) { return name + " (AUCPR = " + CF.fixed(value, 3) + ")"; },
    // Python's format(x, ".3g")
    g3: function (x) { return CF.g(x, 3); },
    // Python's format(x, ".{p}g"): p digits correctly rounded from the exact binary value (a tie to the even digit)
    g: function (x, p) {
      if (isNaN(x)) { return "nan"; }
      if (!isFinite(x)) { return x > 0 ? "inf" : "-inf"; }
      if (x === 0) { return 1 / x < 0 ? "-0" : "0"; }
      var sign = x < 0 ? "-" : "", a = Math.abs(x), s = a < 1e21 ? a.toFixed(100) : "";
      var point = s.indexOf("."), digits = s.replace(".", ""), f0 = digits.search(/[1-9]/);
      if (f0 < 0) { return sign + a.toExponential(p - 1).replace(/\.?0+e/, "e").replace(/e([+-])(\d)$/, "e$10$2"); }
      var e = point - 1 - f0, head = digits.slice(f0, f0 + p), rest = digits.slice(f0 + p);
      while (head.length < p) { head += "0"; }
      var up = rest.charAt(0) > "5" || (rest.charAt(0) === "5" && (/[1-9]/.test(rest.slice(1)) || +head.charAt(p - 1) % 2 === 1));
      if (up) {
        var d = head.split("").map(Number), k = p - 1;
        while (k >= 0 && d[k] === 9) { d[k] = 0; k--; }
        if (k < 0) { d.unshift(1); d.pop(); e += 1; } else { d[k] += 1; }
        head = d.join("");
      }
      var strip = function (t) { return t.indexOf(".") < 0 ? t : t.replace(/0+$/, "").replace(/\.$/, ""); };
      if (e < -4 || e >= p) {
        var ex = Math.abs(e);
        return sign + strip(head.charAt(0) + "." + head.slice(1)) + "e" + (e < 0 ? "-" : "+") + (ex < 10 ? "0" : "") + ex;
      }
      var body = e >= 0 ? head.slice(0, e + 1) + "." + head.slice(e + 1) : "0." + "0".repeat(-e - 1) + head;
      return sign + strip(body);
    }
  };

  var D = JSON.parse(document.getElementById("skewplot-data").textContent);
  var imgs = D.images.map(function (s) { var im = new Image(); im.src = s; return im; });
  var canvas = document.getElementById("skewplot-canvas"), ctx = canvas.getContext("2d");
  var table = document.getElementById("skewplot-table"), box = document.getElementById("skewplot-controls");
  var C = {}, idx = {};
  D.controls.forEach(function (c) { C[c.name] = c; idx[c.name] = c.start; });
  var page = window.skewplotPage = {ready: false, paints: 0, lastPaintMs: null, drawn: {}, cf: CF, idx: idx, data: D,
                                    over: [], tables: [], pending: []};
  // what a script added after this one draws with (page_threshold.js): over the figure, and under the table
  page.api = {value: value, transform: transform, stroke: stroke, clipTo: clipTo, geomspace: geomspace, dodge: dodge,
              rangeNow: rangeNow, paint: function () { paint(); }, ctx: function () { return ctx; }};

  function value(name, end) { var c = C[name]; return c.kind === "range" ? c.values[idx[name][end]] : c.values[idx[name]]; }
  function stateIndex(names) {  // the index of the current state in a table over the product of ``names``
    var s = 0;
    names.forEach(function (n) {
      var c = C[n];
      if (c.kind === "range") { s = (s * c.values.length + idx[n][0]) * c.values.length + idx[n][1]; }
      else { s = s * c.values.length + idx[n]; }
    });
    return s;
  }
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
  function dot(q, st) {
    ctx.save(); ctx.beginPath(); ctx.arc(q[0], q[1], st.r, 0, 2 * Math.PI);
    ctx.fillStyle = st.mfc; ctx.fill();
    if (st.mew > 0) { ctx.lineWidth = st.mew; ctx.strokeStyle = st.mec; ctx.stroke(); }
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
  // the kernel's fit_title of the model's describe() at this state (skewplot.plotting._axes.fitted_titles)
  function titleOf(p) { return p.item.titles[stateIndex(p.by)]; }
  // The range's P̄ now: uniform in closed form, or the weighting's rule over the gaps between the ends
  // (skewplot.widgets._page_weighted; SkewModel.precision: the nodes' weighted mean); null: no weight there.
  var U_LO = -30, U_STEP = 0.05, U_N = 1201;  // the grid of log(FPR/TPR) of a weighted P̄
  function rangeNow() {
    var lo = value("skew_range", 0), hi = value("skew_range", 1), i = idx.skew_range[0], j = idx.skew_range[1];
    var S = C.weighting && D.table.weighted && D.table.weighted[idx.weighting];
    if (!S) {
      return {mean: 0.5 * (lo + hi), prec: function (t, f) { return CF.uniformPrecision(t, f, lo, hi); },
              area: function (name) {
                return pbarArea(D.table.rows[name].filter(function (spec) { return spec.pbar; })[0].pbar);
              },
              amin: function () { return pbarArea(D.table.gmin); }};
    }
    var sum = function (g) { var s = 0; for (var k = i; k < j; k++) { s += g[k]; } return s; };
    var w = sum(S.gw);
    if (!(w > 0)) { return null; }
    var a = S.start[i], b = S.start[j], pi = S.pi, wt = S.w;
    var exact = function (t, f) {
      var s = 0;
      for (var k = a; k < b; k++) { s += wt[k] * CF.precisionAt(t, f, pi[k]); }
      return s / w;
    };
    // P̄ depends on FPR/TPR only: log P̄ tabulated once per range over log(FPR/TPR) (spacing 0.05: linear
    // interpolation of the log within 1e-4 of it, where half a pixel of the log axis is ~3 %), exact off the grid
    var key = [i, j, idx.weighting].join(), tab = S.tabKey === key ? S.tab : null;
    if (!tab) {
      tab = new Float64Array(U_N);
      for (var q = 0; q < U_N; q++) { tab[q] = Math.log(exact(1, Math.exp(U_LO + q * U_STEP))); }
      S.tab = tab; S.tabKey = key;
    }
    return {mean: sum(S.gm) / w,
            prec: function (t, f) {
              if (!(t > 0 && f > 0)) { return exact(t, f); }
              var x = (Math.log(f / t) - U_LO) / U_STEP, q = Math.floor(x);
              if (!(q >= 0 && q < U_N - 1)) { return exact(t, f); }
              return Math.exp(tab[q] + (x - q) * (tab[q + 1] - tab[q]));
            },
            area: function (name) { return sum(S.g[name]) / w; }, amin: function () { return sum(S.gmin) / w; }};
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
    // the marker: its value per classifier, the dots dodged as skewplot.plotting._markers.dodge_markers
    var mx = cost && axis === "pc" ? CF.probabilityCost(s, w) : s;
    names.forEach(function (name) {
      var y = best(it.curves[name].hull, mx);
      marks.push({name: name, value: isFinite(y) ? y : null, q: [T.x(mx), T.y(y)]});
    });
    dodge(marks, T, it.dodge_px);
    var sl = [[T.x(mx), T.box[1] + T.box[3]], [T.x(mx), T.box[1]]];
    stroke(sl, it.skew_line);
    page.drawn[p.key + "/skewline"] = sl;
    marks.forEach(function (mk) {
      if (mk.value !== null) { dot(mk.q, it.curves[mk.name].marker); }
      page.drawn[p.key + "/marker/" + mk.name] = [mk.q];
    });
    ctx.restore();
    page.markers[it.kind] = marks;
    // the marker's label where it covers no line (page_label.js); the first paint: where the kernel put it
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
  function dodge(marks, T, reach) {
    var shown = marks.filter(function (m) { return m.value !== null && isFinite(m.q[1]); });
    var order = shown.map(function (m, i) { return i; }).sort(function (a, b) {
      return (shown[b].q[1] - shown[a].q[1]) || (a - b);
    });
    var groups = [], group = [];
    order.forEach(function (i) {
      if (group.length) {
        var last = shown[group[group.length - 1]].q;
        if (Math.hypot(shown[i].q[0] - last[0], shown[i].q[1] - last[1]) >= reach) { groups.push(group); group = []; }
      }
      group.push(i);
    });
    groups.push(group);
    groups.forEach(function (gr) {
      if (gr.length < 2) { return; }
      var frac = (shown[gr[0]].q[0] - T.box[0]) / Math.max(T.box[2], 1);
      var side = frac < 0.15 ? 0 : frac > 0.85 ? 1 : 0.5;
      gr.forEach(function (i, k) { shown[i].q = [shown[i].q[0] + (k - side * (gr.length - 1)) * reach, shown[i].q[1]]; });
    });
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

  function pbarArea(g) {  // the area under P̄-R over the range: (G(hi) - G(lo)) / (hi - lo), G(x) = x AUC_P̄[0, x]
    var i = idx.skew_range[0], j = idx.skew_range[1], v = C.skew_range.values;
    return (g[j] - g[i]) / (v[j] - v[i]);
  }
  function legendTexts(p) {  // a PR panel's own legend: its box is static, the areas and the baseline's skew move
    var R = C.skew_range ? rangeNow() : null;  // (none: interactive_pr, its AUCPR at π′ the table's first column)
    p.item.legend.forEach(function (t) {
      var s = t.what === "random" ? "random (" + CF.skewText(R ? R.mean : value("skew")) + ")"
        : CF.aucLabel(t.name, R ? R.area(t.name) : +D.table.rows[t.name][0].v[idx.skew]);
      text(t, s, t.box[0], t.box[1] + t.box[3] / 2, "left", "middle", 0);
      page.legend.push(s);
    });
  }
  function cell(spec, name) {
    if (spec.v !== undefined && spec.by === undefined) { return spec.v; }
    if (spec.by !== undefined) { return spec.v[idx[spec.by]]; }
    if (spec.pbar) {
      var R = rangeNow(), a = R.area(name);
      if (!spec.norm) { return CF.fmt3(a); }
      var amin = R.amin();
      return CF.fmt3((a - amin) / (1 - amin));
    }
    var mk = page.markers[spec.marker].filter(function (m) { return m.name === name; })[0];
    return CF.fmt3(mk ? mk.value : null);
  }
  function esc(s) { return String(s).split("&").join("&amp;").split("<").join("&lt;").split(">").join("&gt;"); }
  function readout() {
    var t = D.table, title = t.title.map(function (part) {
      if (typeof part === "string") { return part; }
      var c = C[part.c];
      return c.kind === "range" ? c.texts[idx[part.c][part.end]] : c.texts[idx[part.c]];
    }).join("");
    var th = "padding:2px 8px;text-align:right", td = th + ";font-family:monospace";
    var head = t.columns.map(function (c) { return "<th style='" + th + "'>" + esc(c) + "</th>"; }).join("");
    var body = Object.keys(t.rows).map(function (name) {
      return "<tr><td style='padding:2px 8px'>" + esc(name) + "</td>" + t.rows[name].map(function (spec) {
        return "<td style='" + td + "'>" + cell(spec, name) + "</td>";
      }).join("") + "</tr>";
    }).join("");
    table.innerHTML = "<div style='font-size:13px'><b>" + title + "</b><table style='border-collapse:collapse;"
      + "margin-top:4px'><tr><th style='padding:2px 8px;text-align:left'>classifier</th>" + head + "</tr>" + body
      + "</table></div>";
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
  function paint() {
    var t0 = performance.now();
    page.previous = page.drawn;  // what the last paint drew (page_label.js: the threshold's lines a label avoids)
    page.drawn = {}; page.markers = {}; page.legend = []; page.titles = {}; page.labels = {};
    ctx.drawImage(imgs[D.layers.base], 0, 0);
    D.panels.forEach(function (p) {
      var v = p.table ? p.table[stateIndex(p.by)] : 0;
      if (p.grow) {  // the live axis' ends only move down: the lowest seen so far (EnvelopeDisplay._grow_only)
        var ny = p.grow.ny, cur = p.grow.cur || p.grow.start, cl = p.grow.classes;
        if (cl) {  // the cost axis: its bottom from the lowest left end seen and the state's markers
          var x = Math.max(cur[0], Math.floor(v / cl.length));
          cur = [x, Math.max(cur[1], cl[v % cl.length][x])];
        } else { cur = [Math.max(cur[0], Math.floor(v / ny)), Math.max(cur[1], v % ny)]; }
        p.grow.cur = cur;
        v = cur[0] * ny + cur[1];
      }
      p.variant = p.variants[v];
      if (p.table) {
        var crop = D.layers.crops[p.key][v];
        ctx.drawImage(imgs[crop[2]], crop[0], crop[1]);
      }
    });
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
    ctx.drawImage(imgs[D.layers.top], 0, 0);
    page.over.forEach(function (f) { f(); });
    D.panels.forEach(function (p) {
      if (p.item.legend) { legendTexts(p); }
      if (p.item.titles) { page.titles[p.key] = titleOf(p); }
    });
    readout();
    page.tables.forEach(function (f) { f(); });
    D.controls.forEach(function (c) {
      if (c.kind === "choice") { c.inputs[0].value = idx[c.name]; return; }
      if (c.kind === "range") {
        c.inputs[0].value = idx[c.name][0]; c.inputs[1].value = idx[c.name][1];
        c.out.textContent = "[" + c.labels[idx[c.name][0]] + ", " + c.labels[idx[c.name][1]] + "]";
      } else { c.inputs[0].value = idx[c.name]; c.out.textContent = c.labels[idx[c.name]]; }
    });
    page.paints += 1;
    page.lastPaintMs = performance.now() - t0;
  }
  page.set = function (name, index) {
    var before = idx[name];
    idx[name] = index;
    if (!settable()) { idx[name] = before; }
    paint();
  };

  function settable() {  // a range the weighting gives no weight is refused, as the live widget refuses it
    return !(C.skew_range && C.weighting) || rangeNow() !== null;
  }
  D.controls.forEach(function (c) {
    var label = document.createElement("label"), out = document.createElement("output");
    label.appendChild(document.createTextNode(c.label));
    if (c.kind === "choice") {
      var select = document.createElement("select");
      select.dataset.control = c.name;
      c.labels.forEach(function (text, k) {
        var o = document.createElement("option"); o.value = k; o.textContent = text; select.appendChild(o);
      });
      select.addEventListener("change", function () {
        var before = idx[c.name];
        idx[c.name] = +select.value;
        if (!settable()) { idx[c.name] = before; }
        paint();
      });
      label.appendChild(select);
      c.inputs = [select];
      box.appendChild(label);
      return;
    }
    c.inputs = (c.kind === "range" ? [0, 1] : [0]).map(function (end) {
      var input = document.createElement("input");
      input.type = "range"; input.min = 0; input.max = c.values.length - 1; input.step = 1;
      input.dataset.control = c.name; if (c.kind === "range") { input.dataset.end = end; }
      input.addEventListener("input", function () {
        var k = +input.value;
        if (c.kind === "range") {  // the ends stay apart: the live widget refuses an empty range
          var pair = idx[c.name].slice();
          pair[end] = k;
          if (pair[0] >= pair[1]) { if (end === 0) { pair[0] = pair[1] - 1; } else { pair[1] = pair[0] + 1; } }
          var before = idx[c.name];
          idx[c.name] = pair;
          if (!settable()) { idx[c.name] = before; }
        } else { idx[c.name] = k; }
        paint();
      });
      label.appendChild(input);
      return input;
    });
    label.appendChild(out);
    c.out = out;
    box.appendChild(label);
  });
  D.buttons.forEach(function (b) {
    var button = document.createElement("button");
    button.textContent = b.label;
    button.addEventListener("click", function () { page.set(b.control, b.index); });
    box.appendChild(button);
  });
  Promise.resolve().then(function () {  // once every script has run: the images and what they wait for
    return Promise.all(imgs.map(function (im) { return im.decode(); }).concat(page.pending));
  }).then(function () { paint(); page.ready = true; });
  window.addEventListener("load", function () { if (!page.paints) { paint(); } });  // images are loaded by then
})();
