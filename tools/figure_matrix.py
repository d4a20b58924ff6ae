"""Render the review matrix of issue 42: ~100 realistic figures of every public ``plot_*`` function.

Each figure is one sampled condition of: size (matplotlib's default, ``style.paper("single")``, a paper row
of three panels, a 2x2 grid) x seaborn context (paper, notebook, talk, poster) x deployment skew (the test
set's, 1e-2, 1e-3, 1e-4) x classifiers (1, 4, 10; one set with a 60-character name) x bands and threshold
marks on or off, on binormal data with 1 % and 0.1 % positives (``skewplot.datasets.make_scores``).  The
design is a fixed list (``design()``): a figure's id names the same condition in every run, so verdicts
recorded in ``tools/figure_review.md`` can be compared between runs.

Issue 43's one-vs-rest figures are a second part (``ovr-*`` ids, ``--only ovr``): ``plot_pr``, ``plot_roc``,
``plot_prg``, ``plot_cost``, ``plot_fmeasure`` and ``plot_integrated_pr`` of ``one_vs_rest`` on 3, 5 and 10
classes (a calibrated Gaussian classifier on 5 features), each class at a deployment prior: the test set's, a
moderate shift, or one that makes a class rare (1e-3, 1e-4), in the same sizes and contexts.

Every figure is saved as a PNG at print size (200 dpi: a 3.5 in journal column is 700 px), and every
function gets a contact sheet of its figures, into the folder given on the command line, with
``index.csv`` (id, function, conditions, seconds, error) beside them.  Review at print size and record
verdicts in ``tools/figure_review.md`` (see ``../shared/design/FIGURE_REVIEW.md`` for what a reader asks).

Usage::

    python tools/figure_matrix.py OUT_DIR                 # the whole matrix (a few minutes on 2 cores)
    python tools/figure_matrix.py OUT_DIR --only plot_prg # one function
    python tools/figure_matrix.py OUT_DIR --quick         # smaller data and bootstraps, same ids
    python tools/figure_matrix.py OUT_DIR --ids prg-03 pr-07 --jobs 2
    python tools/figure_matrix.py --list                  # the design, nothing rendered
"""

from __future__ import annotations

import argparse
import csv
import itertools
import os
import sys
import time
import traceback
from dataclasses import dataclass, field

import numpy as np

DPI = 200  # 3.5 in -> 700 px
SKEWS = (None, 1e-2, 1e-3, 1e-4)  # None: the test set's own
THEMES = ("paper", "notebook", "talk", "poster")
SIZES = ("default", "single", "row3", "grid")
LONG_NAME = "gradient-boosted trees, 500 rounds, depth 6, tuned on fold 3"  # 60 characters
NAMES = ("logistic", "gbm", "random forest", "svm", "naive Bayes", "knn", "mlp", "lasso", "ridge", "tree")
SEPARATIONS = (2.6, 2.0, 1.6, 1.3, 1.0, 0.8, 0.6, 0.45, 0.3, 0.15)
assert len(LONG_NAME) == 60


@dataclass(frozen=True)
class Case:
    """One figure of the matrix."""

    id: str
    func: str
    size: str
    theme: str
    skew: float | None = None
    n_clf: int = 4
    long_name: bool = False
    positives: float = 0.01
    bands: bool = False
    threshold: bool = False
    extra: tuple = field(default_factory=tuple)  # (key, value) pairs a function reads
    takes: frozenset = frozenset()  # the factors the function takes (the others are not described)

    def describe(self):
        if "ovr" in self.takes:
            extra = dict(self.extra)
            which = extra["priors"]
            priors = {None: "test set's", "shift": "reversed"}.get(which) or f"rarest class at {which:g}"
            return (f"{self.size}, {self.theme}, one-vs-rest, {extra['classes']} classes, priors {priors}, "
                    f"smallest test class {self.positives:.1%}")
        parts = [self.size, self.theme]
        if "skew" in self.takes:
            parts.append("skew " + ("test set" if self.skew is None else f"{self.skew:g}"))
        if "clf" in self.takes:
            parts.append(f"{self.n_clf} clf" + (" (60-char name)" if self.long_name else ""))
        parts.append(f"{self.positives:.1%} pos")
        parts += ["bands"] if self.bands else []
        parts += ["threshold"] if self.threshold else []
        return ", ".join(parts + [f"{k}={v}" for k, v in self.extra])


# per function: (id prefix, number of figures, the factors it takes)
_PLAN = {
    "plot_pr": ("pr", 12, {"skew", "clf", "bands", "threshold"}),
    "plot_roc": ("roc", 8, {"clf", "bands", "threshold"}),
    "plot_prg": ("prg", 10, {"skew", "clf", "threshold"}),
    "plot_cost": ("cost", 10, {"skew", "clf", "bands", "threshold"}),
    "plot_fmeasure": ("fm", 10, {"skew", "clf", "bands", "threshold"}),
    "plot_aucpr_vs_skew": ("aucsk", 7, {"clf"}),
    "plot_comparison": ("cmp", 6, set()),
    "plot_decision": ("dec", 6, {"skew", "threshold"}),
    "plot_integrated_pr": ("int", 6, {"clf"}),
    "plot_temporal_pr": ("tmp", 6, {"clf"}),
    "plot_pr_surface": ("surf", 5, set()),
    "plot_ap_null": ("apn", 6, set()),
    "plot_skew_transform": ("skt", 6, set()),
}

#: One-vs-rest figures (issue 43): per function, (id prefix, number of figures); factors: size, theme, classes, priors
_OVR_PLAN = {
    "plot_pr": ("ovr-pr", 6),
    "plot_roc": ("ovr-roc", 4),
    "plot_prg": ("ovr-prg", 4),
    "plot_cost": ("ovr-cost", 4),
    "plot_fmeasure": ("ovr-fm", 4),
    "plot_integrated_pr": ("ovr-int", 3),
}
OVR_CLASSES = (3, 5, 10)
#: The deployment's priors: the test set's (None), a moderate shift, a class made rare (1e-3), one rarer (1e-4)
OVR_PRIORS = (None, "shift", 1e-3, 1e-4)
OVR_NAMES = ("legitimate", "card fraud", "account takeover", "refund abuse", "identity theft")


def design():
    """The fixed list of cases: per function, each factor's levels repeated evenly and shuffled by a fixed seed.

    Every level of every factor a function takes appears in its figures as evenly as their number allows,
    the pairings of levels are mixed (not locked together as a cycle would lock them), and the same id
    always names the same condition.
    """
    cases = []
    clf_levels = ((1, False), (4, False), (10, False), (4, True), (10, True))
    for f_index, (func, (prefix, count, takes)) in enumerate(_PLAN.items()):
        rng = np.random.default_rng(42 + f_index)

        def balanced(levels):
            reps = np.resize(np.arange(len(levels)), count)  # noqa: B023 - used at once, in this loop
            return [levels[j] for j in rng.permutation(reps)]  # noqa: B023

        sizes, themes, skews = balanced(SIZES), balanced(THEMES), balanced(SKEWS)
        clfs, positives = balanced(clf_levels), balanced((0.01, 0.001))
        bands, thresholds = balanced((False, True)), balanced((True, False))
        for i in range(count):
            n_clf, long_name = clfs[i] if "clf" in takes else (1, False)
            # ROC's bands are the folds' spread, and a threshold is marked on operating points, not folds
            threshold = "threshold" in takes and thresholds[i] and not (func == "plot_roc" and bands[i])
            cases.append(Case(f"{prefix}-{i + 1:02d}", func, sizes[i], themes[i],
                              skews[i] if "skew" in takes else None, n_clf, long_name, positives[i],
                              "bands" in takes and bands[i], threshold,
                              _extra(func, i), frozenset(takes)))
    for f_index, (func, (prefix, count)) in enumerate(_OVR_PLAN.items()):
        rng = np.random.default_rng(4300 + f_index)

        def spread(levels):
            reps = np.resize(np.arange(len(levels)), count)  # noqa: B023 - used at once, in this loop
            return [levels[j] for j in rng.permutation(reps)]  # noqa: B023

        sizes, themes = spread(SIZES), spread(THEMES)
        classes, priors, positives = spread(OVR_CLASSES), spread(OVR_PRIORS), spread((0.01, 0.001))
        for i in range(count):
            cases.append(Case(f"{prefix}-{i + 1:02d}", func, sizes[i], themes[i], positives=positives[i],
                              extra=(("classes", classes[i]), ("priors", priors[i])), takes=frozenset({"ovr"})))
    return cases


def _extra(func, i):
    if func == "plot_comparison":
        return (("n_boot", (100, 200)[i % 2]),)
    if func == "plot_ap_null":
        return (("n_pos", (5, 50, 500)[i % 3]),)
    if func == "plot_skew_transform":
        return (("from_skew", (0.5, 0.1, 0.01)[i % 3]),)
    if func == "plot_integrated_pr":
        return (("skew_range", ((0.0, 0.5), (1e-3, 1e-2), (1e-4, 1e-3))[i % 3]),)
    if func == "plot_decision":
        return (("target", ("cost", "fbeta")[i % 2]),)
    return ()


# ---------------------------------------------------------------------------------------------- data
_DATA = {}


def data(positives, n_clf, long_name, quick, folds=False):
    """``{name: OperatingPoints}`` (or ``{name: [folds]}``) on one labelled set, and the labels and scores."""
    import skewplot as sp

    key = (positives, quick)
    if key not in _DATA:
        n = 50_000 if quick else 300_000
        rng = np.random.default_rng(int(positives * 1e4))
        y, _ = sp.datasets.make_scores(n, positives, random_state=rng)
        scores = [rng.normal(size=n) + sep * y for sep in SEPARATIONS]
        _DATA[key] = (y, scores)
    y, scores = _DATA[key]
    names = list(NAMES[:n_clf])
    if long_name:
        names[min(1, n_clf - 1)] = LONG_NAME
    chosen = zip(names, scores[:len(names)], strict=True)
    if folds:
        parts = np.array_split(np.arange(y.size), 5)
        return {nm: [sp.operating_points(y[p], s[p]) for p in parts] for nm, s in chosen}, y, scores
    return {nm: sp.operating_points(y, s) for nm, s in chosen}, y, scores


def ovr_data(k, smallest, quick):
    """``one_vs_rest`` of ``k`` classes, the smallest at ``smallest`` of the test set, from the exact posteriors
    of Gaussian classes (unit variance, means 1.6 apart on 5 features): a calibrated classifier."""
    import skewplot as sp

    key = ("ovr", k, smallest, quick)
    if key not in _DATA:
        n = 50_000 if quick else 300_000
        rng = np.random.default_rng(k * 100 + int(smallest * 1e4))
        priors = np.geomspace(1.0, smallest, k)
        priors = np.r_[1.0 - priors[1:].sum(), priors[1:]] if priors[1:].sum() < 0.5 else priors / priors.sum()
        y = rng.choice(k, n, p=priors)
        means = rng.normal(size=(k, 5)) * 1.6 / np.sqrt(2)
        x = means[y] + rng.normal(size=(n, 5))
        logit = -0.5 * ((x[:, None, :] - means[None]) ** 2).sum(axis=2) + np.log(priors)
        proba = np.exp(logit - logit.max(axis=1, keepdims=True))
        proba /= proba.sum(axis=1, keepdims=True)
        if k <= len(OVR_NAMES):  # named classes; the columns in the names' order (classes= says which is which)
            names = list(OVR_NAMES[:k])
            _DATA[key] = sp.one_vs_rest(np.asarray(names, dtype=object)[y], proba, classes=names)
        else:
            _DATA[key] = sp.one_vs_rest(y, proba)
    return _DATA[key]


def ovr_priors(ovr, which, panel, panels):
    """The deployment priors of a panel: ``which`` alone; in a row or grid, the test set's first, ``which`` last."""
    levels = [None, "shift", 1e-3, 1e-4]
    if panels > 1:
        levels = [lv for lv in levels if lv != which][:panels - 1] + [which]
        which = levels[panel]
    if which is None:
        return None
    test = ovr.priors
    classes = list(test)
    if which == "shift":  # the test set's priors reversed: the common class becomes rare and the other way
        values = sorted(test.values())
        order = sorted(classes, key=lambda c: test[c], reverse=True)
        return dict(zip(order, values, strict=True))
    rare = min(classes, key=lambda c: test[c])  # the rarest class rarer still, the rest in proportion
    rest = 1.0 - test[rare]
    return {c: which if c == rare else test[c] * (1.0 - which) / rest for c in classes}


# ---------------------------------------------------------------------------------------------- figures
def _axes(case):
    """The figure and the Axes to draw on: one (None: the function makes its own), a row of 3, a 2x2 grid."""
    import matplotlib.pyplot as plt

    if case.size in ("default", "single"):
        return None, [None]
    if case.size == "row3":
        fig, axes = plt.subplots(1, 3)  # style.paper("double")'s 7.2 x 3.2 in
        return fig, list(axes)
    fig, axes = plt.subplots(2, 2, figsize=(7.2, 5.6))
    return fig, list(axes.ravel())


def _panel_skews(case, k):
    """The skew of each of ``k`` panels: the case's own alone; in a row or grid, a spread that ends at it."""
    if k == 1:
        return [case.skew]
    return list(SKEWS[-k:]) if k == 3 else list(SKEWS)


def _draw(case, ax, skew, quick, panel):
    import skewplot as sp

    n_boot = 50 if quick else 200
    f = getattr(sp, case.func)
    extra = dict(case.extra)
    if "ovr" in case.takes:
        ovr = ovr_data(extra["classes"], case.positives, quick)
        panels = {"row3": 3, "grid": 4}.get(case.size, 1)
        priors = ovr_priors(ovr, extra["priors"], panel, panels)
        if case.func == "plot_integrated_pr":
            base = priors or ovr.priors
            return f(ovr, skew_range={c: (0.5 * p, min(1.0, 2.0 * p)) for c, p in base.items()}, ax=ax)
        return f(ovr, skew=priors, ax=ax)
    thr = 2.0 if case.threshold else None
    if case.func in ("plot_pr", "plot_cost", "plot_fmeasure"):
        pts, y, s = data(case.positives, case.n_clf, case.long_name, quick)
        kw = {"confidence": 0.9, "n_boot": n_boot, "random_state": 0} if case.bands else {}
        return f(pts, skew=skew, threshold=thr, ax=ax, **kw)
    if case.func == "plot_roc":
        pos = (0.01, 0.001, case.positives)[panel % 3] if ax is not None else case.positives
        pts, _, _ = data(pos, case.n_clf, case.long_name, quick, folds=case.bands)
        return f(folds=pts, threshold=thr, ax=ax) if case.bands else f(pts, threshold=thr, ax=ax)
    if case.func == "plot_prg":
        pts, _, _ = data(case.positives, case.n_clf, case.long_name, quick)
        return f(pts, skew=skew, threshold=thr, ax=ax)
    if case.func == "plot_aucpr_vs_skew":
        pos = (0.01, 0.001, 0.01, 0.001)[panel] if ax is not None else case.positives
        pts, _, _ = data(pos, case.n_clf, case.long_name, quick)
        return f(pts, ax=ax, normalize=panel == 2)
    if case.func == "plot_comparison":
        _, y, s = data(case.positives, 2, False, quick)
        rng = (1e-3, 0.5) if panel % 2 == 0 else (1e-4, 0.05)
        return f(y, s[0], s[1], names=("logistic", "gbm"), skew_range=rng, n_skews=20 if quick else 40,
                 n_boot=min(extra["n_boot"], n_boot), random_state=0, ax=ax)
    if case.func == "plot_decision":
        _, y, s = data(case.positives, 1, False, quick)
        sk = skew if skew is not None else (1e-3, 1e-2)
        if case.threshold:
            thr = sp.choose_threshold(y, s[0], skew=sk, target=extra["target"])
        return f(y, s[0], skew=sk, target=extra["target"], threshold=thr, ax=ax)
    if case.func == "plot_integrated_pr":
        pts, _, _ = data(case.positives, case.n_clf, case.long_name, quick)
        ranges = ((0.0, 0.5), (1e-3, 1e-2), (1e-4, 1e-3), (1e-2, 0.1))
        rng = extra["skew_range"] if ax is None else ranges[panel]
        return f(pts, skew_range=rng, ax=ax)
    if case.func == "plot_temporal_pr":
        pts, _, _ = data(case.positives, case.n_clf, case.long_name, quick)
        t = np.linspace(0, 1, 50)
        series = [1e-3 * (1 + 0.8 * np.sin(6 * t)), 1e-2 * (1 + 0.5 * t), 1e-4 + 1e-3 * t, 0.05 * (1 + t)]
        return f(pts, skew_series=series[panel % 4], ax=ax)
    if case.func == "plot_pr_surface":
        _, y, s = data(case.positives, 1, False, quick)
        name = NAMES[panel % 3]  # a user's arrays come with the model's name (scores[k] are NAMES[k]'s)
        return f(y, s[panel % 3], name=name, ax=ax) if ax is None else f(y, s[panel % 3], name=name)  # 3-D: own figure
    if case.func == "plot_ap_null":
        n_pos = extra["n_pos"] * (1 + panel)
        return f(5000, n_pos, observed=min(0.9, 3 * n_pos / 5000), n_samples=2000 if quick else 20000,
                 random_state=panel, ax=ax)  # the same rankings in every run: reviews compare
    if case.func == "plot_skew_transform":
        frm = extra["from_skew"] if ax is None else (0.5, 0.1, 0.01, 0.001)[panel]
        return f(frm, [1e-4, 1e-3, 1e-2, 0.1, 0.5], ax=ax)
    raise ValueError(case.func)


def render(case, out, quick):
    """Draw ``case`` and save ``out/<id>.png``; return (seconds, error text)."""
    import matplotlib as mpl
    import matplotlib.pyplot as plt

    import skewplot as sp

    t0 = time.perf_counter()
    error = ""
    with mpl.rc_context():
        mpl.rcdefaults()
        column = {"default": None, "single": "single"}.get(case.size, "double")
        sp.set_theme(context=case.theme, column=column)
        try:
            fig, axes = _axes(case)
            if case.func == "plot_pr_surface" and fig is not None:  # 3-D panels: one figure per surface only
                plt.close(fig)
                fig, axes = None, [None]
            skews = _panel_skews(case, len(axes))
            disp = None
            for k, (ax, skew) in enumerate(zip(axes, skews, strict=True)):
                disp = _draw(case, ax, skew, quick, k)
            fig = fig if fig is not None else disp.figure_
            fig.savefig(os.path.join(out, f"{case.id}.png"), dpi=DPI)
        except Exception:  # a figure that fails is a finding: record it and go on
            error = traceback.format_exc(limit=3).strip().splitlines()[-1]
        finally:
            plt.close("all")
    return time.perf_counter() - t0, error


def contact_sheet(cases, out, func):
    """One PNG of every figure of ``func``, each scaled to a common width and captioned by its id."""
    from PIL import Image, ImageDraw

    tiles = []
    for case in cases:
        path = os.path.join(out, f"{case.id}.png")
        if not os.path.exists(path):
            continue
        im = Image.open(path).convert("RGB")
        w = 700
        im = im.resize((w, max(1, round(im.height * w / im.width))))
        tile = Image.new("RGB", (w, im.height + 22), "white")
        tile.paste(im, (0, 22))
        ImageDraw.Draw(tile).text((4, 4), f"{case.id}: {case.describe()}", fill="black")
        tiles.append(tile)
    if not tiles:
        return
    cols = 3
    rows = [tiles[i:i + cols] for i in range(0, len(tiles), cols)]
    heights = [max(t.height for t in row) for row in rows]
    sheet = Image.new("RGB", (cols * 710, sum(heights) + 10 * len(rows)), (200, 200, 200))
    y = 0
    for row, h in zip(rows, heights, strict=True):
        for j, tile in enumerate(row):
            sheet.paste(tile, (j * 710, y))
        y += h + 10
    sheet.save(os.path.join(out, f"sheet_{func}.png"))


def _worker(args):
    case, out, quick = args
    return case, *render(case, out, quick)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", help="folder for the PNGs, the contact sheets and index.csv")
    parser.add_argument("--only", nargs="+", metavar="FUNCTION", help="plot_* functions to render")
    parser.add_argument("--ids", nargs="+", help="figure ids to render")
    parser.add_argument("--quick", action="store_true", help="50k samples and 50 bootstrap replicates")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine has 2 cores)")
    parser.add_argument("--list", action="store_true", help="print the design and stop")
    args = parser.parse_args(argv)
    cases = design()
    if args.only:
        unknown = set(args.only) - set(_PLAN) - {"ovr"}
        if unknown:
            parser.error(f"--only: no function {', '.join(sorted(unknown))}; one of {', '.join(_PLAN)}, ovr")
        cases = [c for c in cases if ("ovr" in c.takes if "ovr" in args.only else False)
                 or (c.func in args.only and "ovr" not in c.takes)]
    if args.ids:
        cases = [c for c in cases if c.id in args.ids]
    if args.list:
        for c in cases:
            print(f"{c.id:9s} {c.func:20s} {c.describe()}")
        return 0
    if not args.out:
        parser.error("give the output folder (or --list)")
    os.makedirs(args.out, exist_ok=True)
    os.environ.setdefault("MPLBACKEND", "Agg")
    work = [(c, args.out, args.quick) for c in cases]
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = list(pool.imap(_worker, work))
    else:
        results = [_worker(w) for w in work]
    index = os.path.join(args.out, "index.csv")
    rows = {}
    if os.path.exists(index):  # a partial run (--only, --ids) updates its rows of an earlier one
        with open(index, newline="") as fh:
            rows = {row[0]: row for row in list(csv.reader(fh))[1:]}
    for case, seconds, error in results:
        rows[case.id] = [case.id, case.func, case.describe(), f"{seconds:.1f}", error]
        print(f"{case.id:9s} {seconds:5.1f} s {error}", flush=True)
    order = {c.id: k for k, c in enumerate(design())}
    with open(index, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["id", "function", "conditions", "seconds", "error"])
        writer.writerows(sorted(rows.values(), key=lambda row: order.get(row[0], len(order))))
    for func, group in itertools.groupby(cases, key=lambda c: c.func + ("_ovr" if "ovr" in c.takes else "")):
        contact_sheet(list(group), args.out, func)
    failed = [c.id for c, _, e in results if e]
    print(f"{len(results)} figures in {args.out}; {len(failed)} failed{': ' + ' '.join(failed) if failed else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
