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
    // skewplot.plotting._decimate.decimation_indices: the M4 vertices of x (non-decreasing), key's extremes per bin
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
    fmt3: function (x) { return CF.number(x, 3); },
    // skewplot.skew.base.skew_text
    skewText: function (p) {
      if (!(p > 0.5 && p < 1)) { return CF.g3(p); }
      var s = CF.fixed(p, 2 - Math.floor(Math.log10(1 - p)));
      return s.indexOf(".") < 0 ? s : s.replace(/0+$/, "").replace(/\.$/, "");
    },
    // skewplot.plotting._legend_text.auc_label (one classifier, continuous interpolation)
    aucLabel: function (name, value, digits) {
      return CF.legendName(name) + " (AUCPR = " + CF.number(value, digits || 3) + ")";
    },
    // skewplot.plotting._legend_text.legend_name: cut to 40 characters (code points) with an ellipsis, mathtext kept
    legendName: function (name) {
      var chars = Array.from(String(name));
      var s = String(name), dollars = s.split("$").length - s.split("\\$").length;  // matplotlib.cbook.is_math_text
      var math = dollars > 0 && dollars % 2 === 0;
      if (chars.length <= 40 || math) { return String(name); }
      return chars.slice(0, 39).join("").replace(/\s+$/, "") + "\u2026";
    },
    // Python's format(x, ".3g")
    g3: function (x) { return CF.g(x, 3); },
    // x (finite, non-zero) rounded to p significant digits from its exact binary value (a tie to the even digit):
    // {sign, head: the p digits, e: the decimal exponent of the rounded value}
    digitsOf: function (x, p) {
      var sign = x < 0 ? "-" : "", a = Math.abs(x), s = a < 1e21 ? a.toFixed(100) : "";
      var point = s.indexOf("."), digits = s.replace(".", ""), f0 = digits.search(/[1-9]/);
      if (f0 < 0) {  // 1e21 and up (toFixed gives no expansion): these are exact integers, toExponential rounds them
        var t = a.toExponential(p - 1).split("e");
        return {sign: sign, head: t[0].replace(".", ""), e: +t[1]};
      }
      var e = point - 1 - f0, head = digits.slice(f0, f0 + p), rest = digits.slice(f0 + p);
      while (head.length < p) { head += "0"; }
      var up = rest.charAt(0) > "5" || (rest.charAt(0) === "5" && (/[1-9]/.test(rest.slice(1)) || +head.charAt(p - 1) % 2 === 1));
      if (up) {
        var d = head.split("").map(Number), k = p - 1;
        while (k >= 0 && d[k] === 9) { d[k] = 0; k--; }
        if (k < 0) { d.unshift(1); d.pop(); e += 1; } else { d[k] += 1; }
        head = d.join("");
      }
      return {sign: sign, head: head, e: e};
    },
    // Python's format(x, ".{p}g"): p digits correctly rounded from the exact binary value (a tie to the even digit)
    g: function (x, p) {
      if (isNaN(x)) { return "nan"; }
      if (!isFinite(x)) { return x > 0 ? "inf" : "-inf"; }
      if (x === 0) { return 1 / x < 0 ? "-0" : "0"; }
      var r = CF.digitsOf(x, p), sign = r.sign, head = r.head, e = r.e;
      var strip = function (t) { return t.indexOf(".") < 0 ? t : t.replace(/0+$/, "").replace(/\.$/, ""); };
      if (e < -4 || e >= p) {
        var ex = Math.abs(e);
        return sign + strip(head.charAt(0) + "." + head.slice(1)) + "e" + (e < 0 ? "-" : "+") + (ex < 10 ? "0" : "") + ex;
      }
      var body = e >= 0 ? head.slice(0, e + 1) + "." + head.slice(e + 1) : "0." + "0".repeat(-e - 1) + head;
      return sign + strip(body);
    },
    // Python's format(x, ".{p - 1}e") of a finite non-zero x
    sci: function (x, p) {
      var r = CF.digitsOf(x, p), ex = Math.abs(r.e);
      return r.sign + r.head.charAt(0) + (p > 1 ? "." + r.head.slice(1) : "") + "e" + (r.e < 0 ? "-" : "+")
        + (ex < 10 ? "0" : "") + ex;
    },
    // ---- skewplot._format: how every number is written ----
    // skewplot._format._decimals
    decimalsOf: function (x, digits) {
      var d = Math.max(digits - 1 - CF.digitsOf(x, digits).e, 0);
      if (x > 0.5 && x < 1 && 1 - x >= 1e-9) { d = Math.max(d, 1 - CF.digitsOf(1 - x, 2).e); }
      return d;
    },
    // skewplot._format._special
    special: function (x) {
      if (x === null || x === undefined) { return "\u2013"; }
      if (isNaN(x)) { return "nan"; }
      if (!isFinite(x)) { return x > 0 ? "inf" : "-inf"; }
      return x === 0 ? "0" : null;
    },
    // skewplot._format._fixed
    isFixed: function (x, digits) { var e = CF.digitsOf(x, digits).e; return e >= -4 && e < 6; },
    // skewplot._format.number
    number: function (x, digits) {
      digits = digits || 3;
      var s = CF.special(x);
      if (s !== null) { return s; }
      return CF.isFixed(x, digits) ? CF.fixed(x, CF.decimalsOf(x, digits)) : CF.sci(x, digits);
    },
    // skewplot._format.distinct_digits (MOST_DIGITS = 9)
    distinctDigits: function (values, digits) {
      digits = digits || 3;
      var out = values.map(function () { return digits; });
      for (;;) {
        var byText = {}, grow = [];
        values.forEach(function (v, i) {
          var t = CF.number(v, out[i]);
          (byText[t] = byText[t] || []).push(i);
        });
        Object.keys(byText).forEach(function (t) {
          var group = byText[t], seen = {};
          group.forEach(function (j) { seen[String(values[j])] = 1; });
          if (Object.keys(seen).length > 1) {
            group.forEach(function (i) { if (out[i] < 9) { grow.push(i); } });
          }
        });
        if (!grow.length) { return out; }
        grow.forEach(function (i) { out[i] += 1; });
      }
    },
    // skewplot._format.column
    column: function (values, digits) {
      digits = digits || 3;
      var real = values.filter(function (v) { return CF.special(v) === null; });
      var decimals = real.reduce(function (m, v) { return Math.max(m, CF.decimalsOf(v, digits)); }, 0);
      var scientific = decimals > 6 || real.some(function (v) { return !CF.isFixed(v, digits); });
      return values.map(function (v) {
        var s = CF.special(v);
        if (s !== null) { return s; }
        return scientific ? CF.sci(v, digits) : CF.fixed(v, decimals);
      });
    }
  };
  // The page's one namespace starts here with the closed forms (page.cf); each script page_scene.py joins after
  // this one adds its part to it.
  window.skewplotPage = {cf: CF};
})();
