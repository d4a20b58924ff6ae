// The threshold readout's 90 % intervals in the saved page: skewplot/stats/exact_bootstrap.py, step for step.
// The exact percentile interval of the stratified count bootstrap at one skew (A ~ Binomial(nPos, tp/nPos),
// B ~ Binomial(nNeg, fp/nNeg), independent): the same pmfs (ratio recurrence from the mode, terms >= 1e-17 of
// the mode's, normalised by their sequential sum), the same sequential sums and the same search (probes, regula falsi,
// the atoms listed at the end), so both give the same doubles. Change one, change the other
// (tests/widgets/page/test_browser_page_interval.py).
// The only global is skewplotIntervals.

// nPos, nNeg, tp, fp: integers (the classifier's totals and its counts at the rank); skew: π′ in (0, 1);
// confidence: e.g. 0.9. Returns {recall: [lo, hi], precision: [lo, hi] or null}
function skewplotIntervals(nPos, nNeg, tp, fp, skew, confidence) {
  "use strict";
  var TINY = 1e-17, WIDTH = 1e-15, ENUM = 256, SAME = 1e-13;

  function check(v, name, lo, hi) {
    if (!Number.isInteger(v) || v < lo || v > hi) {
      throw new RangeError("skewplotIntervals: " + name + " must be an integer in [" + lo + ", " + hi + "], got " + v);
    }
  }
  check(nPos, "nPos", 1, Infinity);
  check(nNeg, "nNeg", 1, Infinity);
  check(tp, "tp", 0, nPos);
  check(fp, "fp", 0, nNeg);
  if (!(skew > 0 && skew < 1)) throw new RangeError("skewplotIntervals: skew must be in (0, 1), got " + skew);
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError("skewplotIntervals: confidence must be in (0, 1), got " + confidence);
  }

  // Terms on one side of the mode, nearest first (the mode's term is 1): binomial_pmf's _side.
  function side(n, mode, odds, up) {
    var out = [], t = 1.0, k;
    if (up) {
      for (k = mode; k < n; k++) {
        t = t * ((n - k) / (k + 1) * odds);
        if (t < TINY) break;
        out.push(t);
      }
    } else {
      for (k = mode; k > 0; k--) {
        t = t * (k / (n - k + 1) * odds);
        if (t < TINY) break;
        out.push(t);
      }
    }
    return out;
  }

  // Binomial(n, k/n): support start k0, pmf, sf[j] = P(K >= k0 + j) with sf[size] = 0.
  function binomial(n, k) {
    var p = k / n, k0, pmf, j, total;
    if (p <= 0) {
      k0 = 0; pmf = [1.0];
    } else if (p >= 1) {
      k0 = n; pmf = [1.0];
    } else {
      var mode = Math.min(n, Math.floor((n + 1) * p));
      var up = side(n, mode, p / (1 - p), true), down = side(n, mode, (1 - p) / p, false);
      var terms = down.reverse().concat([1.0], up);
      total = 0;
      for (j = 0; j < terms.length; j++) total = total + terms[j];
      pmf = terms.map(function (t) { return t / total; });
      k0 = mode - down.length;
    }
    var size = pmf.length, sf = new Array(size + 1), s = 0;
    sf[size] = 0.0;
    for (j = size - 1; j >= 0; j--) {
      s = s + pmf[j];
      sf[j] = s;
    }
    return {n: n, k0: k0, pmf: pmf, sf: sf};
  }

  // _Binomial.lower: inf{k : P(K <= k) >= alpha}
  function lower(b, alpha) {
    var c = 0, j;
    for (j = 0; j < b.pmf.length; j++) {
      c = c + b.pmf[j];
      if (c >= alpha) return b.k0 + j;
    }
    return b.k0 + b.pmf.length - 1;
  }

  // _Binomial.upper: max{k : P(K >= k) >= alpha}
  function upper(b, alpha) {
    for (var j = b.pmf.length - 1; j >= 0; j--) {
      if (b.sf[j] >= alpha) return b.k0 + j;
    }
    return b.k0;
  }

  // precision_at(tpr, fpr, skew) of skewplot/skew/formulas.py
  function precisionAt(t, f) {
    var odds = (1 - skew) / skew, fpTerm = f > 0 ? f * odds : 0, den = t + fpTerm;
    return den > 0 ? t / den : skew;
  }

  // CountBootstrap.precision and _search of exact_bootstrap.py
  function precisionQuantile(A, B, alpha) {
    var odds = (1 - skew) / skew, r = nNeg / (nPos * odds), na = A.pmf.length, nb = B.pmf.length;
    var zero = A.k0 === 0, i;
    function index(b) { return Math.min(Math.max(b - B.k0, 0), nb); }
    // per a: the index into B.sf of b_min(a, x), the first b whose precision is <= x (0 < x <= 1)
    function cut(x) {
      var out = new Array(na), i;
      for (i = 0; i < na; i++) {
        if (x >= 1) out[i] = index(0);
        else out[i] = index(Math.max(Math.ceil(r * (A.k0 + i) * (1 - x) / x), 1));
      }
      if (zero && x < 1) out[0] = index(x >= skew ? 0 : 1);
      return out;
    }
    // precision as the cut sees it, r a / (r a + b): orders the atoms left in the bracket
    function key(i, b) {
      var ra = r * (A.k0 + i), den = ra + b;
      return den > 0 ? ra / den : skew;
    }
    function mass(j) {
      var s = 0, i;
      for (i = 0; i < na; i++) s = s + A.pmf[i] * B.sf[j[i]];
      return s;
    }
    // the largest atom at or below x, from cut(x)
    function snap(jx) {
      var best = -Infinity, v, i;
      for (i = 0; i < na; i++) {
        if (jx[i] >= nb) continue;
        v = precisionAt((A.k0 + i) / nPos, (B.k0 + jx[i]) / nNeg);
        if (v > best) best = v;
      }
      return best;
    }
    var jZero = new Array(na), belowOne = new Array(na);
    for (i = 0; i < na; i++) { jZero[i] = nb; belowOne[i] = index(1); }
    if (zero) { jZero[0] = index(1); belowOne[0] = index(0); }
    if (mass(belowOne) < alpha) return 1.0;  // P(precision < 1) < alpha

    var lo = 0.0, hi = 1.0, jLo = jZero, jHi = cut(1.0), fLo = mass(jLo), gHi = 1.0;
    if (fLo >= alpha) return snap(jLo);
    var x, j, f, k;
    var small = Math.min(alpha, 1 - alpha), root = Math.sqrt(small);  // _levels
    var levels = [small, root * Math.sqrt(root), root];
    if (alpha > 0.5) levels = [1 - levels[2], 1 - levels[1], 1 - levels[0]];
    for (k = 0; k < 3; k++) {
      x = precisionAt(lower(A, levels[k]) / nPos, upper(B, levels[k]) / nNeg);
      if (!(lo < x && x < hi)) continue;
      j = cut(x);
      f = mass(j);
      if (f >= alpha) { hi = x; jHi = j; gHi = f; } else { lo = x; jLo = j; fLo = f; }
    }
    var gLo = fLo, side = 0, w1 = Infinity, w2 = Infinity, w3 = Infinity, step, count;
    while (hi - lo > WIDTH) {
      count = 0;
      for (i = 0; i < na; i++) count += jHi[i] - jLo[i];
      count = Math.abs(count);
      if (count <= ENUM) {  // list the bracket's atoms (b in [jHi, jLo) for each a), add their masses in order
        var list = [], b, c = fLo;
        for (i = 0; i < na; i++) {
          for (b = B.k0 + jHi[i]; b < B.k0 + jLo[i]; b++) {
            list.push({k: key(i, b), i: i, b: b, m: A.pmf[i] * B.pmf[b - B.k0]});
          }
        }
        list.sort(function (p, q) { return (p.k - q.k) || (p.i - q.i) || (p.b - q.b); });
        for (k = 0; k < list.length; k++) {
          c = c + list[k].m;
          if (c >= alpha) break;
        }
        var hit = list[Math.min(k, list.length - 1)];
        return precisionAt((A.k0 + hit.i) / nPos, hit.b / nNeg);
      }
      if (count <= na + ENUM) {  // spread: the bracket's atoms all one value but for rounding
        var least = Infinity, most = -Infinity;
        for (i = 0; i < na; i++) {
          if (!(jHi[i] < jLo[i])) continue;
          least = Math.min(least, key(i, B.k0 + jLo[i] - 1));
          most = Math.max(most, key(i, B.k0 + jHi[i]));
        }
        if (most - least <= SAME * most) break;
      }
      x = (lo + hi) / 2;
      if (!(hi - lo > 0.5 * w3)) {
        step = lo + (hi - lo) * ((alpha - gLo) / (gHi - gLo));
        if (lo < step && step < hi) x = step;
      }
      if (!(lo < x && x < hi)) break;
      w3 = w2; w2 = w1; w1 = hi - lo;
      j = cut(x);
      f = mass(j);
      if (f >= alpha) {
        hi = x; jHi = j; gHi = f;
        if (side === 1) gLo = alpha + (gLo - alpha) / 2;
        side = 1;
      } else {
        lo = x; jLo = j; gLo = f; fLo = f;
        if (side === -1) gHi = alpha + (gHi - alpha) / 2;
        side = -1;
      }
    }
    return snap(jHi);
  }

  var qLo = (1 - confidence) / 2, qHi = (1 + confidence) / 2;
  var A = binomial(nPos, tp), B = binomial(nNeg, fp);
  return {
    recall: [lower(A, qLo) / nPos, lower(A, qHi) / nPos],
    precision: tp === 0 && fp === 0 ? null : [precisionQuantile(A, B, qLo), precisionQuantile(A, B, qHi)],
  };
}
