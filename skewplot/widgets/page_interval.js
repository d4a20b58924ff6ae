// The threshold readout's 90 % intervals in the saved page: skewplot/stats/exact_bootstrap.py, step for step.
// The exact percentile interval of the stratified count bootstrap at one skew (A ~ Binomial(nPos, tp/nPos),
// B ~ Binomial(nNeg, fp/nNeg), independent): the same pmfs (ratio recurrence from the mode, terms >= 1e-17 of
// the mode's, normalised by their sequential sum), the same sequential sums and the same bisection and snap, so
// both give the same doubles. Change one, change the other (tests/widgets/test_browser_page_interval.py).
// The only global is skewplotIntervals.

// nPos, nNeg, tp, fp: integers (the classifier's totals and its counts at the rank); skew: π′ in (0, 1);
// confidence: e.g. 0.9. Returns {recall: [lo, hi], precision: [lo, hi] or null}
function skewplotIntervals(nPos, nNeg, tp, fp, skew, confidence) {
  "use strict";
  var TINY = 1e-17, WIDTH = 1e-15;

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

  // precision_at(tpr, fpr, skew) of skewplot/skew/formulas.py
  function precisionAt(t, f) {
    var odds = (1 - skew) / skew, fpTerm = f > 0 ? f * odds : 0, den = t + fpTerm;
    return den > 0 ? t / den : skew;
  }

  // CountBootstrap.precision of exact_bootstrap.py
  function precisionQuantile(A, B, alpha) {
    var odds = (1 - skew) / skew, r = nNeg / (nPos * odds), na = A.pmf.length, nb = B.pmf.length;
    function bMin(a, x) {
      if (x >= 1) return 0;
      if (a > 0) return Math.max(Math.ceil(r * a * (1 - x) / x), 1);
      return x >= skew ? 0 : 1;
    }
    function mass(x) {
      var s = 0, i, j;
      for (i = 0; i < na; i++) {
        j = Math.min(Math.max(bMin(A.k0 + i, x) - B.k0, 0), nb);
        s = s + A.pmf[i] * B.sf[j];
      }
      return s;
    }
    var lo = 0.0, hi = 1.0, mid;
    while (hi - lo > WIDTH) {
      mid = (lo + hi) / 2;
      if (mid <= lo || mid >= hi) break;
      if (mass(mid) >= alpha) hi = mid; else lo = mid;
    }
    var best = -Infinity, i, a, b, v;
    for (i = 0; i < na; i++) {
      a = A.k0 + i;
      b = bMin(a, hi);
      if (b > B.k0 + nb - 1) continue;
      v = precisionAt(a / nPos, Math.max(b, B.k0) / nNeg);
      if (v > best) best = v;
    }
    return best;
  }

  var qLo = (1 - confidence) / 2, qHi = (1 + confidence) / 2;
  var A = binomial(nPos, tp), B = binomial(nNeg, fp);
  return {
    recall: [lower(A, qLo) / nPos, lower(A, qHi) / nPos],
    precision: tp === 0 && fp === 0 ? null : [precisionQuantile(A, B, qLo), precisionQuantile(A, B, qHi)],
  };
}
