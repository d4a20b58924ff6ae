(function () {
  "use strict";
  // The page's paint loop, its table and its controls: a step sets page.idx and paints the page again.
  var page = window.skewplotPage, CF = page.cf, D = page.data, C = page.controls, idx = page.idx, A = page.api;
  var stateIndex = A.stateIndex, titleOf = A.titleOf, rangeNow = A.rangeNow, settable = A.settable;
  var drawPanels = A.drawPanels, legendTexts = A.legendTexts;
  var imgs = D.images.map(function (s) { var im = new Image(); im.src = s; return im; });
  var canvas = document.getElementById("skewplot-canvas"), ctx = canvas.getContext("2d");
  var table = document.getElementById("skewplot-table"), box = document.getElementById("skewplot-controls");
  A.paint = paint;

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
    var th = "padding:2px 5px;text-align:right", td = th + ";font-family:monospace";
    var head = t.columns.map(function (c) { return "<th style='" + th + "'>" + esc(c) + "</th>"; }).join("");
    var body = Object.keys(t.rows).map(function (name) {
      return "<tr><td style='padding:2px 5px'>" + esc(name) + "</td>" + t.rows[name].map(function (spec) {
        return "<td style='" + td + "'>" + cell(spec, name) + "</td>";
      }).join("") + "</tr>";
    }).join("");
    table.innerHTML = "<div style='font-size:12px'><b>" + title + "</b><table style='border-collapse:collapse;"
      + "margin-top:4px'><tr><th style='padding:2px 5px;text-align:left'>classifier</th>" + head + "</tr>" + body
      + "</table></div>";
  }

  function paint() {
    var t0 = performance.now();
    page.previous = page.drawn;  // what the last paint drew (runtime/label.js: the threshold's lines a label avoids)
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
    drawPanels();
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
