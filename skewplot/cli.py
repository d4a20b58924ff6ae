"""Command line: ``skewplot demo | plot | report`` (also ``python -m skewplot``)."""

from __future__ import annotations

import argparse
import os
import sys

from ._cli_classes import binary_only, plot_classes, report_classes
from ._cli_files import FORMATS, CLIError, check_folder, output_path, read_columns, save_figure
from ._cli_options import Once, Parser, Scores
from ._format import column, number
from .tables._cli import describe, is_table_path, table_points

__all__ = ["main", "build_parser", "CLIError", "FORMATS"]

SPACES = ("pr", "integrated", "temporal", "roc", "cost", "f")


# ---------------------------------------------------------------------- input
def labels_to_binary(labels, pos_label=None):
    """Map text labels to 0/1: numbers {0, 1} / {-1, 1}, booleans, or ``pos_label``."""
    import numpy as np

    distinct = sorted(set(labels))
    if pos_label is not None:
        if pos_label not in distinct:
            raise CLIError(f"--pos-label: {pos_label!r} is not a value of the label column ({', '.join(distinct[:5])})")
        if len(distinct) > 2:
            raise CLIError(f"--y-true: the label column has {len(distinct)} values ({', '.join(distinct[:5])}); "
                           "a binary problem needs exactly two")
        return np.array([lab == pos_label for lab in labels], dtype=int)
    lowered = {d.lower() for d in distinct}
    for negative, positive in (({"0", "0.0"}, {"1", "1.0"}), ({"-1", "-1.0"}, {"1", "1.0", "+1"}),
                               ({"false"}, {"true"}), ({"no"}, {"yes"}), ({"neg", "negative"}, {"pos", "positive"})):
        if lowered <= negative | positive and lowered & positive:
            return np.array([lab.lower() in positive for lab in labels], dtype=int)
    raise CLIError(f"--pos-label is needed: the label column has values {', '.join(distinct[:5])}")


def _numbers(text, option):
    try:
        values = [float(v) for v in text.replace(" ", "").split(",") if v]
    except ValueError:
        raise CLIError(f"{option}: expected numbers separated by commas, got {text!r}") from None
    if not values:
        raise CLIError(f"{option}: no value given")
    return values


def parse_skew(text):
    """``--skew``: one deployment skew pi' in (0, 1), the same in every command."""
    if text is None:
        return None
    values = _numbers(text, "--skew")
    if len(values) != 1:
        raise CLIError(f"--skew takes one deployment skew, got {text!r}; a range is --skew-range lo,hi, "
                       "a series over time --skew-series p1,p2,..., and report takes --skew again for more skews")
    return values[0]


def parse_skew_range(text):
    """``--skew-range lo,hi``: the skews P̄ averages over (uniformly), 0 <= lo < hi <= 1."""
    if text is None:
        return None
    values = _numbers(text, "--skew-range")
    if len(values) != 2 or not 0 <= values[0] < values[1] <= 1:
        raise CLIError(f"--skew-range takes lo,hi with 0 <= lo < hi <= 1, got {text!r}")
    return tuple(values)


def parse_skew_series(text):
    """``--skew-series p1,p2,...``: equally spaced samples of the skew pi'(t) for P̃."""
    if text is None:
        return None
    values = _numbers(text, "--skew-series")
    if len(values) < 2:
        raise CLIError(f"--skew-series takes at least two skews p1,p2,..., got {text!r}")
    return values


# ---------------------------------------------------------------------- drawing
def draw_space(points, space, skew=None, skew_range=None, skew_series=None, ax=None):
    """Draw one space for ``points`` (dict name -> OperatingPoints) and return the Display.

    ``skew`` is always one deployment skew (the PR space's, or the marked
    skew of cost and F space); ``skew_range`` the range of P̄
    (``integrated``, default (0, 0.5)); ``skew_series`` the series of P̃
    (``temporal``).
    """
    import skewplot as sp

    if space not in SPACES:
        raise CLIError(f"--space must be one of {', '.join(SPACES)}, got {space!r}")
    used = {"pr": "skew", "integrated": "skew_range", "temporal": "skew_series", "roc": None, "cost": "skew",
            "f": "skew"}[space]
    for name, value in (("skew", skew), ("skew_range", skew_range), ("skew_series", skew_series)):
        if value is not None and name != used:
            raise CLIError(f"--{name.replace('_', '-')} does not apply to --space {space}"
                           + (f" (it takes --{used.replace('_', '-')})" if used else ""))
    if space == "pr":
        return sp.plot_pr(points, skew=skew, ax=ax)
    if space == "integrated":
        return sp.plot_pr(points, skew=tuple(skew_range or (0.0, 0.5)), ax=ax)
    if space == "temporal":
        if skew_series is None:
            raise CLIError("--space temporal needs --skew-series p1,p2,... (the skew pi'(t) over time)")
        return sp.plot_temporal_pr(points, skew_series=skew_series, ax=ax)
    if space == "roc":
        return sp.plot_roc(points, ax=ax)
    if space == "cost":
        return sp.plot_cost(points, skew=skew, ax=ax)
    return sp.plot_fmeasure(points, skew=skew, ax=ax)


# ---------------------------------------------------------------------- commands
def _metrics_rows(points, skews=(0.01,), skew_ranges=()):
    """One row per classifier: ROC AUC, AUCPR, AP, then AUCPR at each skew and P̄ AUCPR over each range."""
    from .metrics import aucpr, roc_auc
    from .skew import SkewRange

    rows = []
    for name, p in points.items():
        row = {"classifier": name, "skew": p.skew, "ROC AUC": roc_auc(p), "AUCPR": aucpr(p),
               "AP": aucpr(p, interpolation="step")}
        for s in skews:
            row[f"AUCPR@{s:g}"] = aucpr(p, skew=s)
            row[f"nAUCPR@{s:g}"] = aucpr(p, skew=s, normalize=True)
        for lo, hi in skew_ranges:
            row[f"P̄AUCPR@[{lo:g},{hi:g}]"] = aucpr(p, skew=SkewRange(lo, hi))
            row[f"nP̄AUCPR@[{lo:g},{hi:g}]"] = aucpr(p, skew=SkewRange(lo, hi), normalize=True)
        rows.append(row)
    return rows


def _print_table(rows, out=None):
    from .metrics.bounded import format_bracket

    out = sys.stdout if out is None else out
    cols = list(rows[0])

    def cells_of(c):
        """Column ``c``'s cells: names and texts as they are, brackets rounded outward, numbers in one format."""
        values = [r[c] for r in rows]
        if c in ("classifier", "class"):
            return [str(v) for v in values]
        numbers = iter(column([v for v in values if not isinstance(v, (tuple, str))]))
        return [format_bracket(v[0], v[1], sep=",") if isinstance(v, tuple) else v if isinstance(v, str)
                else next(numbers) for v in values]

    by_column = {c: cells_of(c) for c in cols}
    cells = [{c: by_column[c][k] for c in cols} for k in range(len(rows))]
    width = {c: max(len(c), 10, *(len(row[c]) for row in cells)) for c in cols}
    left = {"classifier", "class"}
    out.write("  ".join(f"{c:<{width[c]}}" if c in left else f"{c:>{width[c]}}" for c in cols) + "\n")
    for row in cells:
        out.write("  ".join(f"{row[c]:<{width[c]}}" if c in left else f"{row[c]:>{width[c]}}" for c in cols) + "\n")


def _demo(args) -> int:
    from . import datasets

    pts = datasets.example_classifiers()
    first = next(iter(pts.values()))
    print(f"skewplot demo: two synthetic classifiers, n = {int(first.n_pos + first.n_neg)}, "
          f"data set skew pi = {number(first.skew)}")
    _print_table(_metrics_rows(pts))
    if args.out is None:
        return 0
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if os.path.exists(args.out) and not os.path.isdir(args.out):
        raise CLIError(f"--out: {args.out} is a file, not a folder")
    check_folder(os.path.dirname(os.path.abspath(args.out)), "--out")
    os.makedirs(args.out, exist_ok=True)
    plans = [("pr", {}), ("pr_at_0.01", {"skew": 0.01}), ("integrated", {"skew_range": (0.0, 0.5)}),
             ("temporal", {"skew_series": [0.001, 0.01, 0.05, 0.1, 0.2]}), ("roc", {}), ("cost", {"skew": 0.1}),
             ("f", {"skew": 0.1})]
    paths = [os.path.join(args.out, f"{stem}.png") for stem, _ in plans]
    clash = [p for p in paths if os.path.exists(p)]
    if clash and not args.force:
        raise CLIError(f"{clash[0]} exists; pass --force to overwrite the demo figures")
    for (stem, skews), path in zip(plans, paths, strict=True):
        space = "pr" if stem.startswith("pr") else stem
        disp = draw_space(pts, space, **skews)
        save_figure(disp.figure_, path, dpi=120, bbox_inches="tight")
        plt.close(disp.figure_)
        print(f"wrote {path}")
    path = os.path.join(args.out, "overview.png")
    if os.path.exists(path) and not args.force:
        raise CLIError(f"{path} exists; pass --force to overwrite the demo figures")
    fig, axes = plt.subplots(2, 3, figsize=(16, 9.5), layout="constrained")  # one legend above the six panels
    panels = [("pr", {}, "PR at the test set's skew"), ("pr", {"skew": 0.01}, "PR at deployment skew π′ = 0.01"),
              ("integrated", {"skew_range": (0.0, 0.5)}, "$\\bar{P}$-R: π′ anywhere in [0, 0.5]"), ("roc", {}, "ROC"),
              ("cost", {"skew": 0.1}, "Cost space"), ("f", {"skew": 0.1}, "F-measure space")]
    for ax, (space, skews, title) in zip(axes.flat, panels, strict=True):
        draw_space(pts, space, ax=ax, **skews)
        ax.set_title(title, fontsize="medium")
    save_figure(fig, path, dpi=90)
    plt.close(fig)
    print(f"wrote {path}")
    return 0


def _score_points(args):
    """One OperatingPoints per --y-score column, on the shared label and weight columns."""
    from .metrics.points import operating_points

    binary_only(args)

    repeated = sorted({c for c in args.score if args.score.count(c) > 1})
    if repeated:
        raise CLIError(f"--y-score {repeated[0]!r} given twice; each --y-score column is one classifier")
    if is_table_path(args.file):
        return table_points(args, CLIError)
    if args.tolerance is not None:
        raise CLIError("--tolerance applies to Parquet input only; a CSV file is read whole and its curve is exact")
    scores, labels, weight = read_columns(args.file, args.score, args.label, args.weight, args.encoding)
    y = labels_to_binary(labels, args.pos_label)
    try:
        return {col: operating_points(y, s, sample_weight=weight) for col, s in scores.items()}
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None


def _plot(args) -> int:
    import matplotlib

    matplotlib.use("Agg")

    if args.output is None and args.html is None:
        raise CLIError("give -o/--output OUT (a figure), --html OUT.html (a live page), or both")
    out = None if args.output is None else output_path(args.output, args.force)
    page = None if args.html is None else _html_path(args.html, args.force)
    skew, skew_range = parse_skew(args.skew), parse_skew_range(args.skew_range)
    series = parse_skew_series(args.skew_series)
    if args.class_scores is not None:  # multiclass: one-vs-rest, each class at its prior
        return plot_classes(args, out, skew_range)
    points = _score_points(args)
    try:
        disp = draw_space(points, args.space, skew=skew, skew_range=skew_range, skew_series=series)
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None
    if out is not None:
        save_figure(disp.figure_, out, bbox_inches="tight")
        print(f"wrote {out}")
    if page is not None:
        _save_page(points, args.space, page, skew=skew, skew_range=skew_range, skew_series=series,
                   progress=not args.no_progress)
        print(f"wrote {page}")
    return 0


def _html_path(path, force):
    if not path.lower().endswith((".html", ".htm")):
        raise CLIError(f"--html: the file must end in .html, got {path!r}")
    check_folder(os.path.dirname(os.path.abspath(path)), "--html")
    if os.path.exists(path) and not force:
        raise CLIError(f"--html: {path} exists; pass --force to overwrite it")
    return path


def _save_page(points, space, path, *, skew, skew_range, skew_series, progress=True):
    """The live widget of ``space`` saved as one HTML page whose sliders work without a kernel."""
    if space == "roc":
        raise CLIError("--html: the roc space has no control to move; draw it with -o")
    try:
        from . import widgets
    except ImportError:
        raise CLIError('--html needs the widgets extra: pip install "skewplot[widgets]"') from None
    make = {"pr": lambda: widgets.interactive_pr(points, skew=skew),
            "integrated": lambda: widgets.interactive_integrated_pr(points, skew_range=skew_range or (0.0, 0.5)),
            "temporal": lambda: widgets.interactive_temporal_pr(points, skew_series=skew_series),
            "cost": lambda: widgets.interactive_cost(points, skew=skew),
            "f": lambda: widgets.interactive_fmeasure(points, skew=skew)}[space]
    try:
        make().save_html(path, progress=progress)
    except (ValueError, TypeError) as exc:
        raise CLIError(f"--html: {exc}") from None


def _report(args) -> int:
    skews = [parse_skew(text) for text in (args.skew or ["0.01"])]
    ranges = [parse_skew_range(text) for text in (args.skew_range or [])]
    if args.class_scores is not None:  # multiclass: one row per class at the priors, and the argmax decision
        return report_classes(args, ranges, _print_table)
    points = _score_points(args)
    try:
        rows = _metrics_rows(points, skews, ranges)
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None
    _print_table(rows)
    if is_table_path(args.file):
        print(describe(points))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="skewplot",
        description="Precision-recall, cost and F-measure spaces for classifiers judged at a class skew "
        "(positive fraction) other than the test set's.",
    )
    parser.add_argument("--debug", action="store_true", help="show the full traceback of an error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    demo = sub.add_parser("demo", help="every space on the bundled example data: metrics, and figures with --out",
                          description="Print headline metrics of two bundled synthetic classifiers; with --out, "
                          "also write a figure of every space there.")
    demo.add_argument("--out", metavar="DIR", help="folder for the figures (created if missing)")
    demo.add_argument("--force", action="store_true", help="overwrite figures that already exist")
    demo.set_defaults(func=_demo)
    debug_help = "show the full traceback of an error"
    demo.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=debug_help)

    def data_args(p):
        p.add_argument("file", metavar="FILE.csv", help="comma-separated file with a header row; or Parquet "
                       "files (data.parquet, 'data/*.parquet'), aggregated by DuckDB without loading them")
        p.add_argument("--tolerance", type=float, metavar="TOL", action=Once,
                       help="Parquet input: bin the scores until the AUCPR bracket is at most TOL wide")
        # named as the Python keywords y_score=, y_true=, sample_weight=; the older spellings still work
        p.add_argument("--y-score", "--score", dest="score", metavar="COL", action=Scores,
                       help="column of classifier scores (larger = more positive); repeat it for several "
                       "classifiers: one curve and one table row each (--score: deprecated spelling)")
        p.add_argument("--y-true", "--label", dest="label", required=True, metavar="COL", action=Once,
                       help="column of true labels (0/1, -1/1, true/false, yes/no, or any two values with "
                       "--pos-label) (--label: deprecated spelling)")
        p.add_argument("--sample-weight", "--weight", dest="weight", metavar="COL", action=Once,
                       help="optional column of non-negative sample weights (--weight: deprecated spelling)")
        p.add_argument("--pos-label", metavar="VALUE", action=Once, help="the label value of the positive class")
        p.add_argument("--class-scores", metavar="COLS", action=Once, help="multiclass, instead of --y-score: "
                       "class=column,... or columns in sorted class order; one-vs-rest curves and rows")
        p.add_argument("--priors", metavar="CLASS=P,...", action=Once, help="with --class-scores: the "
                       "deployment's class priors (sum 1); each class against the rest at its own prior")
        p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=debug_help)
        p.add_argument("--encoding", default="utf-8", metavar="NAME",
                       help="text encoding of FILE (default utf-8; e.g. latin-1, cp1252, utf-16)")

    plot = sub.add_parser("plot", help="draw one space from a CSV of scores and labels",
                          description="Draw one space for the scores in a CSV file and save it as PNG, PDF or SVG.")
    data_args(plot)
    plot.add_argument("--space", required=True, choices=SPACES, action=Once,
                      help="pr: precision-recall at the data set skew or at --skew; integrated: P̄-R over "
                      "--skew-range lo,hi (default 0,0.5); temporal: P̃-R over --skew-series p1,p2,...; "
                      "roc: ROC curve; cost: cost curves (--skew marks a skew); "
                      "f: F-measure curves (--skew marks a skew)")
    plot.add_argument("--skew", metavar="SKEW", action=Once,
                      help="one deployment skew pi' in (0, 1): the PR space's, or the skew marked in cost and F")
    plot.add_argument("--skew-range", metavar="LO,HI", action=Once,
                      help="the range of skews P̄ averages over (--space integrated)")
    plot.add_argument("--skew-series", metavar="P1,P2,...", action=Once,
                      help="the skew pi'(t) at equally spaced times (--space temporal)")
    plot.add_argument("-o", "--output", metavar="OUT", action=Once, help="output file: .png, .pdf or .svg")
    plot.add_argument("--html", metavar="OUT.html", action=Once,
                      help="also (or instead) write the space's live widget as one HTML page whose sliders work "
                      "offline, without Python (--space pr or temporal)")
    plot.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    plot.add_argument("--no-progress", action="store_true",
                      help="no progress bar on stderr while --html is written (shown after 2 s otherwise)")
    plot.set_defaults(func=_plot)

    report = sub.add_parser("report", help="print a metrics table for a CSV of scores and labels",
                            description="Print ROC AUC, AUCPR (continuous), average precision, AUCPR at "
                            "other skews and P̄ AUCPR over skew ranges (raw and normalised), one row per --y-score "
                            "column of a CSV file.")
    data_args(report)
    report.add_argument("--skew", metavar="SKEW", action="append",
                        help="a deployment skew to report AUCPR at (default 0.01); repeat it for several")
    report.add_argument("--skew-range", metavar="LO,HI", action="append",
                        help="a skew range to report P̄ AUCPR over (uniform); repeat it for several")
    report.set_defaults(func=_report)
    return parser


def main(argv=None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:  # Ctrl-C: files are written by rename, so nothing is left half-written
        print(f"skewplot {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if getattr(args, "debug", False):
            raise
        if isinstance(exc, (CLIError, ValueError, TypeError)):
            text = str(exc)
        elif isinstance(exc, OSError):
            text = f"{exc.strerror or exc}{f': {exc.filename}' if exc.filename else ''}"
        else:
            text = f"{type(exc).__name__}: {exc} (run with --debug for the traceback)"
        print(f"skewplot {args.command}: error: {' '.join(text.split())}", file=sys.stderr)
        return 2
