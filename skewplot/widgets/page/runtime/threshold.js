(function () {
  "use strict";
  // The threshold control of a saved page (skewplot/widgets/page/_threshold.py; the live one is
  // skewplot/widgets/threshold.py).  Each function names the Python function it mirrors: keep them in step.
  var page = window.skewplotPage, D = page.data, TH = D.threshold;
  if (!TH) { return; }
  var A = page.api, CF = page.cf, names = TH.names, P = [], PER = 10000, CONFIDENCE = 0.9;
  var S = page.threshold = {mode: TH.start.mode, of: TH.start.of, target: TH.start.target,
                            index: TH.start.index.slice(), message: "", ready: false,
                            text: TH.start.texts.slice()};  // a threshold set in the kernel between two scores

  // ---- the data: base64 of zlib, inflated by the browser (skewplot.widgets.page._threshold.encode_points) ----
  function inflate(b64) {
    var s = atob(b64), bytes = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) { bytes[i] = s.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer();
  }
  var STEPS = {uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array};
  function counts(buf, kind, n) {  // tp or fp of every point: the steps summed, or float64 as they are
    if (kind === "float64") { return new Float64Array(buf); }
    var steps = new STEPS[kind.split("-")[1]](buf), out = new Float64Array(n), acc = 0;
    for (var i = 1; i < n; i++) { acc += Number(steps[i - 1]); out[i] = acc; }
    return out;
  }
  function decode(enc) {
    return Promise.all([enc.tp, enc.fp, enc.strings, enc.runs, enc.frontier].map(inflate)).then(function (b) {
      var n = enc.n, tp = counts(b[0], enc.counts, n), fp = counts(b[1], enc.counts, n);
      var tpr = new Float64Array(n), fpr = new Float64Array(n), nPos = tp[n - 1], nNeg = fp[n - 1];
      for (var i = 0; i < n; i++) { tpr[i] = tp[i] / nPos; fpr[i] = fp[i] / nNeg; }  // OperatingPoints.tpr, .fpr
      var runs = new Uint32Array(b[3]), starts = new Float64Array(runs.length), at = 0;
      for (var r = 0; r < runs.length; r++) { starts[r] = at; at += runs[r]; }
      var first = n;  // the first point off the origin: the empty prediction's limit (curve_rates_at)
      for (var j = 0; j < n; j++) { if (tp[j] > 0 || fp[j] > 0) { first = j; break; } }
      return {n: n, tp: tp, fp: fp, tpr: tpr, fpr: fpr, nPos: nPos, nNeg: nNeg, first: first,
              strings: new TextDecoder().decode(b[2]).split("\n"), starts: starts,
              whole: enc.counts !== "float64", frontier: new Uint32Array(b[4])};
    });
  }
  page.pending.push(Promise.all(names.map(function (name, k) { return decode(TH.points[name]); })).then(function (all) {
    P = all; S.ready = true;
  }));

  function upper(a, x) {  // numpy.searchsorted(a, x, side="right")
    var lo = 0, hi = a.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (a[mid] <= x) { lo = mid + 1; } else { hi = mid; } }
    return lo;
  }
  function lower(a, x) {  // numpy.searchsorted(a, x, side="left")
    var lo = 0, hi = a.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (a[mid] < x) { lo = mid + 1; } else { hi = mid; } }
    return lo;
  }
  // format(thresholds[i], ".4g"), as stored: the run holding point i
  function thresholdText(c, i) { return c.strings[upper(c.starts, i) - 1]; }
  // classifier k's threshold as the kernel writes it: its value set in the kernel until a step moves it
  function shownThreshold(k, i) { return S.text[k] !== null ? S.text[k] : thresholdText(P[k], i); }
  // skewplot.metrics.precision.curve_rates_at
  function ratesAt(c, i) {
    var j = (c.tp[i] === 0 && c.fp[i] === 0 && c.first < c.n) ? c.first : i;
    return [c.tpr[j], c.fpr[j]];
  }

  // ---- targets: skewplot.metrics.decide.TargetIndex (recall) and PrecisionIndex ----
  // skewplot.metrics.decide.reach_floor: a precision or recall within MEET_RTOL (1e-12) below its target meets it
  function reachFloor(v) { return v - 1e-12 * Math.abs(v); }
  function recallIndex(c, v) { var i = lower(c.tpr, reachFloor(v)); return i < c.n ? i : null; }
  function precisionIndex(c, target, pi) {
    var n = c.n, last, v = reachFloor(target);
    if (!c.negReach) {  // the running maximum of tpr / fpr from the last point back, once
      c.negReach = new Float64Array(n);
      var run = -Infinity;
      for (var i = n - 1; i >= 0; i--) {
        var cand = c.tpr[i] > 0 || c.fpr[i] > 0, r = !cand ? -Infinity : c.fpr[i] > 0 ? c.tpr[i] / c.fpr[i] : Infinity;
        run = Math.max(run, r); c.negReach[i] = -run;
      }
    }
    var reaches = function (k) {
      var rt = ratesAt(c, k);
      return (c.tpr[k] > 0 || c.fpr[k] > 0) && CF.precisionAt(rt[0], rt[1], pi) >= v;
    };
    if (!(pi > 0 && pi < 1 && target > 0 && target < 1)) {  // TargetIndex at FixedSkew(pi): the last point reaching v
      last = -1;
      for (var q = n - 1; q >= 0; q--) { if (reaches(q)) { last = q; break; } }
    } else {
      var bound = v * (1 - pi) / (pi * (1 - v));
      var band = 1e-9 + 64 * 2.220446049250313e-16 * (1 / (1 - v) + 1 / (1 - pi));
      var sure = upper(c.negReach, -(bound * (1 + band))) - 1, maybe = upper(c.negReach, -(bound * (1 - band))) - 1;
      last = sure;
      for (var k = maybe; k > sure; k--) { if (reaches(k)) { last = k; break; } }
    }
    if (last < 0) { return null; }
    return Math.max(lower(c.tpr, c.tpr[last]), c.first);
  }
  function mValue() { return TH.m ? A.value(TH.m) : 0.5; }
  function targets() {  // ThresholdControl.apply in a target mode: every classifier's point at π′
    var v = S.target / 100, pi = A.value("skew");
    S.index = P.map(function (c) { return S.mode === "recall" ? recallIndex(c, v) : precisionIndex(c, v, pi); });
    S.text = S.text.map(function () { return null; });
  }

  // ---- the button: skewplot.stats.choose.choose_threshold at π′ (risk "expected") or over the range (its mean under
  // the uniform SkewRange, "expected"; its ends, "worst") ----
  // skewplot.skew.base.precision_nodes: precision_at with its limits at π′ = 0 and 1
  function precisionNodes(t, f, pi) {
    if (pi <= 0 && f === 0 && t > 0) { return 1; }
    if (pi >= 1 && t === 0 && f > 0) { return 0; }
    return CF.precisionAt(t, f, pi);
  }
  // skewplot.stats.choose._pick over the candidates of the goodness (skewplot.metrics.decide.goodness_at, at π′ or
  // its least over the range's ends, or its mean over the range: skewplot.metrics.decide.expected_goodness, where the
  // mean cost is the cost at the mean PC(+), that of precision_at(1 - m, m, π′), and the mean precision the
  // uniform range's closed form): the best (the first of equals), or the most recall (the first such point) among
  // those reaching the target; a message where none reaches it
  function pick(c, target, v, skews, m, risk) {
    var mean = risk === "expected" && skews.length === 2, ns = mean ? 1 : skews.length;
    var pcs = mean ? [CF.uniformPrecision(1 - m, m, skews[0], skews[1])]
      : skews.map(function (pi) { return CF.probabilityCost(pi, m); });
    var best = -Infinity, at = -1, top = -Infinity, most = -Infinity, q, g;
    for (var i = 0; i < c.n; i++) {
      var t = c.tpr[i], f = c.fpr[i];
      if (target === "cost") {
        for (g = Infinity, q = 0; q < ns; q++) { g = Math.min(g, -CF.nec(t, f, pcs[q])); }
        if (g > best) { best = g; at = i; }
        continue;
      }
      if (target === "precision") {  // the empty prediction is no candidate (its precision is a limit)
        if (!(t > 0 || f > 0)) { continue; }
        if (mean) { g = CF.uniformPrecision(t, f, skews[0], skews[1]); }
        else { for (g = Infinity, q = 0; q < ns; q++) { g = Math.min(g, precisionNodes(t, f, skews[q])); } }
      } else { g = t; }
      most = Math.max(most, g);
      if (g >= reachFloor(v) && target === "recall") { return i; }  // the highest threshold reaching it
      if (g >= reachFloor(v) && (at < 0 || t > top)) { at = i; top = t; }
    }
    if (at >= 0) { return at; }
    throw new Error("value: no threshold reaches " + target + " >= " + CF.g(v, 6) + " under risk='" + risk
                    + "'; the most reached is " + CF.g(most, 4));
  }
  // skewplot.metrics.decide.max_regret (cost): the largest excess over the least cost at the range's ends, the
  // least cost from the frontier's vertex at PC(+) (skewplot.metrics.cost._envelope_on_frontier)
  function regretPick(c, skews, m) {
    var h = c.frontier, least = skews.map(function (pi) {
      var pc = CF.probabilityCost(pi, m), lo = 0, hi = h.length - 1;
      while (lo < hi) {  // numpy.searchsorted(breaks, pc, side="left"), breaks of consecutive vertices
        var mid = (lo + hi) >> 1, df = c.fpr[h[mid + 1]] - c.fpr[h[mid]], dt = c.tpr[h[mid + 1]] - c.tpr[h[mid]];
        if (df / (df + dt) < pc) { lo = mid + 1; } else { hi = mid; }
      }
      return [pc, CF.nec(c.tpr[h[lo]], c.fpr[h[lo]], pc)];
    });
    var best = Infinity, at = 0, ns = least.length;
    for (var i = 0; i < c.n; i++) {
      var r = -Infinity;
      for (var q = 0; q < ns; q++) { r = Math.max(r, CF.nec(c.tpr[i], c.fpr[i], least[q][0]) - least[q][1]); }
      r = Math.max(r, 0);
      if (r < best) { best = r; at = i; }  // the first of equals (numpy.argmax of -regret)
    }
    return at;
  }
  function choose() {
    var how = TH.choose[+ui.how.value][1], target = S.mode === "threshold" ? "cost" : S.mode, chosen;
    var skews = how === "skew" ? [A.value("skew")] : [A.value("skew_range", 0), A.value("skew_range", 1)];
    try {
      chosen = P.map(function (c) {
        if (how === "regret" && target === "cost") { return regretPick(c, skews, mValue()); }
        if (how === "skew" && target !== "cost") {  // the target's own point (TargetIndex is choose_threshold's pick)
          var i = target === "recall" ? recallIndex(c, S.target / 100) : precisionIndex(c, S.target / 100, skews[0]);
          if (i !== null) { return i; }
        }
        // for a target, regret is the worst case (precision) or recall itself (choose_threshold's note)
        return pick(c, target, S.target / 100, skews, mValue(), how === "skew" ? "expected" : how);
      });
    } catch (e) {
      S.message = "choose threshold: " + e.message;  // the live widget's status line
      return;
    }
    S.index = chosen; S.mode = "threshold"; S.message = ""; S.text = S.text.map(function () { return null; });
  }

  // ---- the marks: skewplot.plotting.threshold.ThresholdMarker.move ----
  function panelOf(key) { return D.panels.filter(function (p) { return p.key === key; })[0]; }
  function markerPath(ctx, q, r, low) {  // matplotlib's "D" (a square on its corner) and "v"
    ctx.beginPath();
    if (low) { ctx.moveTo(q[0], q[1] + r); ctx.lineTo(q[0] + r, q[1] - r); ctx.lineTo(q[0] - r, q[1] - r); }
    else {
      var d = r * Math.SQRT2;
      ctx.moveTo(q[0], q[1] - d); ctx.lineTo(q[0] + d, q[1]); ctx.lineTo(q[0], q[1] + d); ctx.lineTo(q[0] - d, q[1]);
    }
    ctx.closePath();
  }
  function outline(r, low) {  // markerPath's shape round its centre, y up (for A.wedge)
    if (low) { return [[0, -r], [r, r], [-r, r]]; }
    var d = r * Math.SQRT2;
    return [[0, d], [d, 0], [0, -d], [-d, 0]];
  }
  function drawMarks() {
    if (!S.ready) { return; }
    if (S.mode !== "threshold") { targets(); }
    TH.marks.forEach(function (m) {
      var p = panelOf(m.key), T = A.transform(p || {panel: m.panel}), ctx = A.ctx(), marks = [];
      names.forEach(function (name, k) {
        var c = P[k], i = S.index[k], st = m.styles[name], key = m.key + "/threshold/" + name;
        if (i === null) { page.drawn[key] = []; marks.push({name: name, value: null, q: [NaN, NaN]}); return; }
        if (m.space === "cost" || m.space === "f") {  // the point's line across the panel (_point_curves)
          var it = p.item, w = A.value(it.param), g = it.grid, cost = m.space === "cost";
          if (it.log && p.variant && p.variant.xlim) { g = A.geomspace(p.variant.xlim[0], 1, g.length); }
          var xs = cost && it.x_axis === "pc" && !it.log ? [0, 1] : g, t = c.tpr[i], f = c.fpr[i];
          var pts = xs.map(function (x) {
            var y = cost ? CF.nec(t, f, it.x_axis === "pc" ? x : CF.probabilityCost(x, w)) : CF.fAt(t, f, x, w);
            return [T.x(x), T.y(y)];
          });
          // show_whole_line: the Axes grown by half the line's width (a line on a spine drawn whole over it)
          var h = st.lw / 2, b = T.box;
          A.clipTo([b[0] - h, b[1] - h, b[2] + 2 * h, b[3] + 2 * h]); A.stroke(pts, st); ctx.restore();
          page.drawn[key] = pts;
          return;
        }
        var q, low = false;
        if (m.space === "roc") { q = [T.x(c.fpr[i]), T.y(c.tpr[i])]; }
        else if (m.space === "pr") {
          // skewplot.plotting.threshold.flags_nothing: precision 0/0, no mark (the table's dash)
          if (c.tpr[i] === 0 && c.fpr[i] === 0) {
            page.drawn[key] = []; marks.push({name: name, value: null, q: [NaN, NaN]}); return;
          }
          var rt = ratesAt(c, i), y;
          if (p.item.control === "skew") { y = CF.precisionAt(rt[0], rt[1], A.value("skew")); }
          else { y = A.rangeNow().prec(rt[0], rt[1]); }
          // precision 0 on a log axis: off-scale, pointing down, raised by half the mark (its tip on the spine)
          low = y <= 0 && p.panel.ylog;
          var st0 = m.styles[name];
          q = [T.x(c.tpr[i]), low ? T.box[1] + T.box[3] - (st0.r + st0.mew / 2) : T.y(y)];
        } else {  // prg
          var pig = CF.gainSkew(A.value("skew")), rg = CF.recallGain(c.tpr[i], pig);
          q = [T.x(rg), rg >= 0 ? T.y(CF.precisionGain(c.tpr[i], c.fpr[i])) : NaN];
        }
        marks.push({name: name, value: 0, q: q, low: low, r: m.styles[name].r});
      });
      if (m.space === "cost" || m.space === "f") { return; }
      A.share(marks, TH.near_px, TH.pie);  // skewplot.plotting.layout._markers.share_markers
      A.layered(marks).forEach(function (mk) {
        var key = m.key + "/threshold/" + mk.name, st = m.styles[mk.name];
        if (mk.value === null) { return; }
        page.drawn[key] = [mk.q];
        if (!(isFinite(mk.q[0]) && isFinite(mk.q[1]))) { return; }
        var b = T.box, r = (mk.of > 1 ? A.pie(st.r, mk.of, TH.pie) : st.r) * (mk.over ? A.OVER_SIZE : 1);
        var e = st.reach + (r - st.r) * Math.SQRT2;  // show_whole: clipped to the Axes grown by the marker
        ctx.save(); ctx.beginPath(); ctx.rect(b[0] - e, b[1] - e, b[2] + 2 * e, b[3] + 2 * e); ctx.clip();
        if (mk.of > 1) {  // one mark shared by coinciding ones: its wedge, filled in its colour, parted by white
          A.wedge(mk.q, outline(r, mk.low), mk.part, mk.of);
          ctx.fillStyle = st.mec; ctx.fill();
          ctx.lineWidth = TH.pie.edge; ctx.strokeStyle = "white"; ctx.lineJoin = "miter"; ctx.stroke();
        } else {
          markerPath(ctx, mk.q, r, mk.low);  // over a shared mark: smaller, edged in white
          ctx.fillStyle = st.mfc; ctx.fill();
          ctx.lineWidth = mk.over ? TH.pie.edge : st.mew; ctx.strokeStyle = mk.over ? "white" : st.mec;
          ctx.lineJoin = "miter"; ctx.stroke();
        }
        ctx.restore();
      });
    });
  }
  page.over.push(drawMarks);

  // ---- the table: skewplot.widgets.threshold.ThresholdControl.readout and _cells ----
  var COLUMNS = ["threshold", "recall", "precision", "cost", "TP", "FP", "FN", "TN"];
  var body = document.querySelector("#skewplot-page .body"), table = document.getElementById("skewplot-table");
  var column = document.createElement("div"), box = document.createElement("div");
  body.insertBefore(column, table); column.appendChild(table); column.appendChild(box);
  box.className = "skewplot-threshold-readout";
  function report(k, i, pi, m) {  // skewplot.stats._deployed._report at a FixedSkew
    var c = P[k], t = c.tpr[i], f = c.fpr[i], rt = ratesAt(c, i);
    var v = {recall: t, precision: CF.precisionAt(rt[0], rt[1], pi), cost: CF.nec(t, f, CF.probabilityCost(pi, m)),
             tp: PER * pi * t, fn: PER * pi * (1 - t), fp: PER * (1 - pi) * f, tn: PER * (1 - pi) * (1 - f)};
    v.iv = window.skewplotIntervals && c.whole ? window.skewplotIntervals(c.nPos, c.nNeg, c.tp[i], c.fp[i], pi,
                                                                          CONFIDENCE) : null;
    return v;
  }
  var KEYS = ["recall", "precision", "cost", "tp", "fp", "fn", "tn"];
  // skewplot.widgets.threshold._cells: every classifier's cells, each column in one format (CF.column)
  function cellsOf(reports) {
    var out = reports.map(function (r, k) { return r === null ? null : [shownThreshold(k, S.index[k])]; });
    KEYS.forEach(function (key) {
      var withIv = key === "recall" || key === "precision", values = [];
      var ivOf = function (r) { return withIv && r.iv && r.iv[key] ? r.iv[key] : null; };
      reports.forEach(function (r) {
        if (r === null) { return; }
        values.push(key === "precision" && r.tp === 0 && r.fp === 0 ? null : r[key]);  // 0/0: a dash (_value)
        if (ivOf(r)) { values.push(ivOf(r)[0], ivOf(r)[1]); }
      });
      var texts = CF.column(values, 3), j = 0;
      reports.forEach(function (r, k) {
        if (r === null) { return; }
        var text = texts[j++];
        if (ivOf(r)) { text += "<br><span style='color:#555;white-space:nowrap;font-size:10px;font-family:sans-serif'>[" + texts[j++] + ", " + texts[j++] + "]</span>"; }
        out[k].push(text);
      });
    });
    return out;
  }
  function readout() {
    if (!S.ready) { return; }
    var pi = A.value("skew"), m = mValue(), th = "padding:2px 5px;text-align:right", td = th + ";font-family:monospace";
    var note = window.skewplotIntervals ? "recall and precision with a 90% bootstrap interval under each"
      : "intervals of recall and precision: in the live widget only";
    var head = COLUMNS.map(function (col) { return "<th style='" + th + "'>" + col + "</th>"; }).join("");
    var all = cellsOf(names.map(function (name, k) { return S.index[k] === null ? null : report(k, S.index[k], pi, m); }));
    var rows = names.map(function (name, k) {
      var row = all[k] === null ? ["not reached", "\u2013", "\u2013", "\u2013", "\u2013", "\u2013",
                                   "\u2013", "\u2013"] : all[k];
      var esc = String(name).split("&").join("&amp;").split("<").join("&lt;").split(">").join("&gt;");
      return "<tr><td style='padding:2px 5px'>" + esc + "</td>" + row.map(function (s) {
        return "<td style='" + td + "'>" + s + "</td>";
      }).join("") + "</tr>";
    }).join("");
    box.innerHTML = "<div style='font-size:12px;overflow-x:auto;max-width:100%'><b>At \u03c0\u2032 = "
      + CF.skewText(pi) + ", m = " + CF.fixed(m, 2) + "</b> (" + note + "; counts per 10 000 deployed cases)<b></b>"
      + "<table style='border-collapse:collapse;margin-top:4px'><tr><th style='padding:2px 5px;text-align:left'>"
      + "classifier</th>" + head + "</tr>" + rows + "</table></div>";
    sync();
  }
  page.tables.push(readout);

  // ---- the controls: the live row's (ThresholdControl.controls_row), the same steps ----
  var row = document.createElement("div"), ui = {};
  row.className = "row";
  document.getElementById("skewplot-controls").insertAdjacentElement("afterend", row);
  function labelled(text, el, out) {
    var label = document.createElement("label");
    label.appendChild(document.createTextNode(text)); label.appendChild(el);
    if (out) { label.appendChild(out); }
    row.appendChild(label);
    return label;
  }
  function select(name, options) {
    var s = document.createElement("select");
    s.dataset.control = name;
    options.forEach(function (o, k) {
      var e = document.createElement("option"); e.value = k; e.textContent = o; s.appendChild(e);
    });
    return s;
  }
  function slider(name, max) {
    var s = document.createElement("input");
    s.type = "range"; s.min = 0; s.max = max; s.step = 1; s.dataset.control = name;
    return s;
  }
  ui.mode = select("threshold_mode", TH.modes.map(function (o) { return o[0]; }));
  labelled("mark", ui.mode);
  if (names.length > 1) { ui.of = select("threshold_of", names); labelled("threshold of", ui.of); }
  ui.rank = slider("threshold", 1); ui.rankOut = document.createElement("output");
  ui.rankLabel = labelled("threshold", ui.rank, ui.rankOut);
  ui.target = slider("target", 100); ui.targetOut = document.createElement("output");
  ui.targetLabel = labelled("target", ui.target, ui.targetOut);
  ui.button = document.createElement("button"); ui.button.textContent = "choose threshold";
  ui.button.dataset.control = "choose_button"; row.appendChild(ui.button);
  ui.how = select("choose_for", TH.choose.map(function (o) { return o[0]; })); row.appendChild(ui.how);
  ui.say = document.createElement("span"); ui.say.style.color = "#a33"; ui.say.dataset.control = "choose_status";
  row.appendChild(ui.say);

  function sync() {  // the controls show the state (the slider on the selected classifier's rank)
    var modes = TH.modes.map(function (o) { return o[1]; }), c = P[S.of], i = S.index[S.of];
    ui.mode.value = modes.indexOf(S.mode);
    if (ui.of) { ui.of.value = S.of; }
    ui.rankLabel.style.display = S.mode === "threshold" ? "" : "none";
    ui.targetLabel.style.display = S.mode === "threshold" ? "none" : "";
    ui.rank.max = c.n - 1;
    if (i !== null) {
      ui.rank.value = c.n - 1 - i;
      ui.rankOut.textContent = shownThreshold(S.of, i) + " (rank " + (c.n - i) + "/" + c.n + ")";  // ThresholdSlider._to_page
    }
    ui.target.value = S.target; ui.targetOut.textContent = CF.fixed(S.target / 100, 2);
    ui.say.textContent = S.message;
  }
  function onThreshold() {  // a step into threshold mode: the selected classifier's slider (inf where none)
    if (S.mode === "threshold" && S.index[S.of] === null) { S.index[S.of] = 0; }
  }
  // page.threshold.set(name, value): a control set as the page's own listeners set it (the browser suite uses it)
  S.set = function (name, v) {
    if (!S.ready) { return; }
    S.message = "";
    if (name === "threshold_mode") { S.mode = v; onThreshold(); }
    else if (name === "threshold_of") { S.of = v; onThreshold(); }
    else if (name === "threshold") { S.index[S.of] = P[S.of].n - 1 - v; S.text[S.of] = null; }
    else if (name === "target") { S.target = v; }
    else if (name === "choose") { choose(); }
    A.paint();
  };
  ui.mode.addEventListener("change", function () { S.set("threshold_mode", TH.modes[+ui.mode.value][1]); });
  if (ui.of) { ui.of.addEventListener("change", function () { S.set("threshold_of", +ui.of.value); }); }
  ui.rank.addEventListener("input", function () { S.set("threshold", +ui.rank.value); });
  ui.target.addEventListener("input", function () { S.set("target", +ui.target.value); });
  ui.button.addEventListener("click", function () { S.set("choose", null); });
})();
