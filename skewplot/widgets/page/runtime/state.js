(function () {
  "use strict";
  // The page's state: its data, each control's grid index (page.idx), and what the state selects.
  var page = window.skewplotPage, CF = page.cf;
  var D = JSON.parse(document.getElementById("skewplot-data").textContent);
  var C = {}, idx = {};
  D.controls.forEach(function (c) { C[c.name] = c; idx[c.name] = c.start; });
  Object.assign(page, {ready: false, paints: 0, lastPaintMs: null, drawn: {}, idx: idx, data: D, controls: C,
                       over: [], tables: [], pending: []});
  // what the scripts after this one draw with (runtime/threshold.js too): each adds its part, in page_scene.py's order
  page.api = {value: value, stateIndex: stateIndex, titleOf: titleOf, rangeNow: rangeNow, settable: settable};

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
  // the kernel's fit_title of the model's describe() at this state (skewplot.plotting._titles.fitted_titles)
  function titleOf(p) { return p.item.titles[stateIndex(p.by)]; }
  function pbarArea(g) {  // the area under P̄-R over the range: (G(hi) - G(lo)) / (hi - lo), G(x) = x AUC_P̄[0, x]
    var i = idx.skew_range[0], j = idx.skew_range[1], v = C.skew_range.values;
    return (g[j] - g[i]) / (v[j] - v[i]);
  }
  // The range's P̄ now: uniform in closed form, or the weighting's rule over the gaps between the ends
  // (skewplot.widgets.page._weighted; SkewModel.precision: the nodes' weighted mean); null: no weight there.
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

  function settable() {  // a range the weighting gives no weight is refused, as the live widget refuses it
    return !(C.skew_range && C.weighting) || rangeNow() !== null;
  }
})();
