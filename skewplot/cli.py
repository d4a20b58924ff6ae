"""Command line: ``skewplot demo | plot | report`` (also ``python -m skewplot``)."""

from __future__ import annotations

import argparse
import csv
import os
import sys

__all__ = ["main", "build_parser"]

SPACES = ("pr", "integrated", "temporal", "roc", "cost", "f")
FORMATS = (".png", ".pdf", ".svg")


class CLIError(Exception):
    """A user mistake: printed as one line, exit status 2."""


# ---------------------------------------------------------------------- input
def read_columns(path, score, label, weight=None):
    """Read the score, label and optional weight columns of a CSV file with a header.

    Returns
    -------
    score : ndarray of float
    labels : list of str
    weight : ndarray of float or None
    """
    import numpy as np

    if not os.path.exists(path):
        raise CLIError(f"file not found: {path}")
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        header = reader.fieldnames or []
        for role, col in (("--score", score), ("--label", label), ("--weight", weight)):
            if col is not None and col not in header:
                raise CLIError(f"{role}: no column {col!r} in {path}; columns are: {', '.join(header)}")
        rows = list(reader)
    if not rows:
        raise CLIError(f"{path} has a header but no data rows")

    def numbers(col, role):
        out = np.empty(len(rows))
        for i, row in enumerate(rows):
            text = (row[col] or "").strip()
            try:
                out[i] = float(text)
            except ValueError:
                raise CLIError(f"{role}: column {col!r} has a non-numeric value {text!r} on line {i + 2}") from None
        return out

    labels = [(row[label] or "").strip() for row in rows]
    return numbers(score, "--score"), labels, (None if weight is None else numbers(weight, "--weight"))


def labels_to_binary(labels, pos_label=None):
    """Map text labels to 0/1: numbers {0, 1} / {-1, 1}, booleans, or ``pos_label``."""
    import numpy as np

    distinct = sorted(set(labels))
    if pos_label is not None:
        if pos_label not in distinct:
            raise CLIError(f"--pos-label: {pos_label!r} is not a value of the label column ({', '.join(distinct[:5])})")
        return np.array([lab == pos_label for lab in labels], dtype=int)
    lowered = {d.lower() for d in distinct}
    for negative, positive in (({"0", "0.0"}, {"1", "1.0"}), ({"-1", "-1.0"}, {"1", "1.0", "+1"}),
                               ({"false"}, {"true"}), ({"no"}, {"yes"}), ({"neg", "negative"}, {"pos", "positive"})):
        if lowered <= negative | positive and lowered & positive:
            return np.array([lab.lower() in positive for lab in labels], dtype=int)
    raise CLIError(f"--pos-label is needed: the label column has values {', '.join(distinct[:5])}")


def parse_skew(text):
    """``--skew``: one number, ``lo,hi``, or many comma-separated numbers (a series)."""
    if text is None:
        return None
    try:
        values = [float(v) for v in text.replace(" ", "").split(",") if v]
    except ValueError:
        raise CLIError(f"--skew: expected numbers separated by commas, got {text!r}") from None
    if not values:
        raise CLIError("--skew: no value given")
    return values


def _output_path(path, force):
    ext = os.path.splitext(path)[1].lower()
    if ext not in FORMATS:
        raise CLIError(f"-o/--output: the file must end in {', '.join(FORMATS)}, got {path!r}")
    if os.path.exists(path) and not force:
        raise CLIError(f"{path} exists; pass --force to overwrite it")
    return path


# ---------------------------------------------------------------------- drawing
def draw_space(points, space, skew_values=None, ax=None):
    """Draw one space for ``points`` (dict name -> OperatingPoints) and return the Display."""
    import skewplot as sp

    if space not in SPACES:
        raise CLIError(f"--space must be one of {', '.join(SPACES)}, got {space!r}")
    one = None if not skew_values else skew_values[0]
    if space == "pr":
        if skew_values and len(skew_values) != 1:
            raise CLIError("--skew: the pr space takes one skew")
        return sp.plot_pr(points, skew=one, ax=ax)
    if space == "integrated":
        lo, hi = (0.0, 0.5) if not skew_values else (skew_values + [None])[:2]
        if hi is None or len(skew_values or [0, 0]) != 2:
            raise CLIError("--skew: the integrated space takes a range lo,hi")
        return sp.plot_integrated_pr(points, (lo, hi), ax=ax)
    if space == "temporal":
        if not skew_values or len(skew_values) < 2:
            raise CLIError("--skew: the temporal space takes a series of skews pi'(t), e.g. 0.01,0.05,0.2")
        return sp.plot_temporal_pr(points, skew_values, ax=ax)
    if space == "roc":
        return sp.plot_roc(points, ax=ax)
    if space == "cost":
        return sp.plot_cost(points, skew=one, ax=ax)
    return sp.plot_fmeasure(points, skew=one, ax=ax)


# ---------------------------------------------------------------------- commands
def _metrics_rows(points, skews=(0.01,)):
    from .metrics import aucpr, roc_auc

    rows = []
    for name, p in points.items():
        row = {"classifier": name, "skew": p.skew, "ROC AUC": roc_auc(p), "AUCPR": aucpr(p),
               "AP": aucpr(p, interpolation="step")}
        for s in skews:
            row[f"AUCPR@{s:g}"] = aucpr(p, skew=s)
            row[f"nAUCPR@{s:g}"] = aucpr(p, skew=s, normalize=True)
        rows.append(row)
    return rows


def _print_table(rows, out=None):
    out = sys.stdout if out is None else out
    cols = list(rows[0])
    width = {c: max(len(c), 10) for c in cols}
    width["classifier"] = max(width["classifier"], *(len(str(r["classifier"])) for r in rows))
    out.write("  ".join(f"{c:<{width[c]}}" if c == "classifier" else f"{c:>{width[c]}}" for c in cols) + "\n")
    for r in rows:
        cells = []
        for c in cols:
            v = r[c]
            cells.append(f"{v:<{width[c]}}" if c == "classifier" else f"{v:>{width[c]}.4f}")
        out.write("  ".join(cells) + "\n")


def _demo(args) -> int:
    from . import datasets

    pts = datasets.example_classifiers()
    first = next(iter(pts.values()))
    print(f"skewplot demo: two synthetic classifiers, n = {int(first.n_pos + first.n_neg)}, "
          f"data set skew pi = {first.skew:.3f}")
    _print_table(_metrics_rows(pts))
    if args.out is None:
        return 0
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(args.out, exist_ok=True)
    plans = [("pr", None), ("pr_at_0.01", [0.01]), ("integrated", [0.0, 0.5]),
             ("temporal", [0.001, 0.01, 0.05, 0.1, 0.2]), ("roc", None), ("cost", [0.1]), ("f", [0.1])]
    paths = [os.path.join(args.out, f"{stem}.png") for stem, _ in plans]
    clash = [p for p in paths if os.path.exists(p)]
    if clash and not args.force:
        raise CLIError(f"{clash[0]} exists; pass --force to overwrite the demo figures")
    for (stem, skew_values), path in zip(plans, paths, strict=True):
        space = "pr" if stem.startswith("pr") else stem
        disp = draw_space(pts, space, skew_values)
        disp.figure_.savefig(path, dpi=120, bbox_inches="tight")
        plt.close(disp.figure_)
        print(f"wrote {path}")
    path = os.path.join(args.out, "overview.png")
    if os.path.exists(path) and not args.force:
        raise CLIError(f"{path} exists; pass --force to overwrite the demo figures")
    fig, axes = plt.subplots(2, 3, figsize=(16, 9.5))
    panels = [("pr", None, "PR at the test set's skew"), ("pr", [0.01], "PR at deployment skew 0.01"),
              ("integrated", [0.0, 0.5], "P̄-R: skew anywhere in [0, 0.5]"), ("roc", None, "ROC"),
              ("cost", [0.1], None), ("f", [0.1], None)]
    for ax, (space, skew_values, title) in zip(axes.flat, panels, strict=True):
        draw_space(pts, space, skew_values, ax=ax)
        if space not in ("cost", "f"):  # their legends sit above the axes; the x labels name them
            ax.set_title(title, fontsize="medium")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    print(f"wrote {path}")
    return 0


def _plot(args) -> int:
    import matplotlib

    matplotlib.use("Agg")
    from .metrics.points import operating_points

    out = _output_path(args.output, args.force)
    score, labels, weight = read_columns(args.file, args.score, args.label, args.weight)
    y = labels_to_binary(labels, args.pos_label)
    try:
        pts = operating_points(y, score, sample_weight=weight)
        disp = draw_space({args.score: pts}, args.space, parse_skew(args.skew))
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None
    disp.figure_.savefig(out, bbox_inches="tight")
    print(f"wrote {out}")
    return 0


def _report(args) -> int:
    from .metrics.points import operating_points

    score, labels, weight = read_columns(args.file, args.score, args.label, args.weight)
    y = labels_to_binary(labels, args.pos_label)
    skews = parse_skew(args.skew) or [0.01]
    try:
        pts = operating_points(y, score, sample_weight=weight)
        rows = _metrics_rows({args.score: pts}, skews)
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None
    _print_table(rows)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="skewplot",
        description="Precision-recall, cost and F-measure spaces for classifiers judged at a class skew "
        "(positive fraction) other than the test set's.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = sub.add_parser("demo", help="every space on the bundled example data: metrics, and figures with --out",
                          description="Print headline metrics of two bundled synthetic classifiers; with --out, "
                          "also write a figure of every space there.")
    demo.add_argument("--out", metavar="DIR", help="folder for the figures (created if missing)")
    demo.add_argument("--force", action="store_true", help="overwrite figures that already exist")
    demo.set_defaults(func=_demo)

    def data_args(p):
        p.add_argument("file", metavar="FILE.csv", help="comma-separated file with a header row")
        p.add_argument("--score", required=True, metavar="COL",
                       help="column of classifier scores (larger = more positive)")
        p.add_argument("--label", required=True, metavar="COL",
                       help="column of true labels (0/1, -1/1, true/false, yes/no, or any two values with --pos-label)")
        p.add_argument("--weight", metavar="COL", help="optional column of non-negative sample weights")
        p.add_argument("--pos-label", metavar="VALUE", help="the label value of the positive class")

    plot = sub.add_parser("plot", help="draw one space from a CSV of scores and labels",
                          description="Draw one space for the scores in a CSV file and save it as PNG, PDF or SVG.")
    data_args(plot)
    plot.add_argument("--space", required=True, choices=SPACES,
                      help="pr: precision-recall at the data set skew or at --skew; integrated: P̄-R over the "
                      "range --skew lo,hi (default 0,0.5); temporal: P̃-R over the series --skew p1,p2,...; "
                      "roc: ROC curve; cost: cost curves (--skew marks a skew); "
                      "f: F-measure curves (--skew marks a skew)")
    plot.add_argument("--skew", metavar="SKEW",
                      help="a skew in (0, 1), a range lo,hi, or a series p1,p2,... (see --space)")
    plot.add_argument("-o", "--output", required=True, metavar="OUT", help="output file: .png, .pdf or .svg")
    plot.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    plot.set_defaults(func=_plot)

    report = sub.add_parser("report", help="print a metrics table for a CSV of scores and labels",
                            description="Print ROC AUC, AUCPR (continuous), average precision, and AUCPR at "
                            "other skews (raw and normalised) for the scores in a CSV file.")
    data_args(report)
    report.add_argument("--skew", metavar="SKEWS", help="comma-separated deployment skews to report (default 0.01)")
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
    except CLIError as exc:
        print(f"skewplot {args.command}: error: {exc}", file=sys.stderr)
        return 2
