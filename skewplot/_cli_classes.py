"""The command line's multiclass case: a class column and one score column per class (one-vs-rest).

``skewplot plot|report FILE.csv --y-true CLASS_COL --class-scores COLS``
reads the class labels and one score column per class.  ``COLS`` is
``class=column,...``, or bare column names in the sorted order of the class
labels (numeric order when every label is a number), as scikit-learn's
``predict_proba`` orders its columns.  ``--priors class=prior,...`` gives the
deployment's class priors (summing to 1): every space then draws each class
against the rest at its own prior, and ``report`` prints each class's
metrics there and Bayes' argmax decision as an expected confusion matrix per
10 000 deployed cases.
"""

from __future__ import annotations

from ._cli_files import CLIError, read_columns
from ._format import number

__all__ = ["binary_only", "plot_classes", "report_classes", "class_scores", "parse_priors"]

#: The spaces a one-vs-rest mapping is drawn in from the command line (P̃-R over time is binary only).
CLASS_SPACES = ("pr", "integrated", "roc", "cost", "f")


def _pairs(text, option):
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise CLIError(f"{option}: no value given")
    return parts


def _sorted_labels(labels):
    distinct = set(labels)
    try:
        return sorted(distinct, key=float)
    except ValueError:
        return sorted(distinct)


def class_scores(args):
    """``(OneVsRest, labels, {class: scores})`` from ``--y-true`` and ``--class-scores`` (CSV input only)."""
    from .metrics.multiclass import one_vs_rest

    if args.score:
        raise CLIError("give --y-score (binary: one column per classifier) or --class-scores (multiclass: one "
                       "column per class), not both")
    if args.file.lower().endswith(".parquet") or "*" in args.file:
        raise CLIError("--class-scores reads a CSV file; Parquet input is binary only")
    if args.pos_label is not None:
        raise CLIError("--pos-label is for a binary label column; with --class-scores every label is a class")
    parts = _pairs(args.class_scores, "--class-scores")
    named = ["=" in p for p in parts]
    if any(named) and not all(named):
        raise CLIError(f"--class-scores: give every entry as class=column, or only column names (in the sorted "
                       f"order of the classes), not a mix: {args.class_scores!r}")
    cols = [p.split("=", 1)[1].strip() if "=" in p else p for p in parts]
    if len(set(cols)) != len(cols):
        raise CLIError(f"--class-scores: a column is named twice in {args.class_scores!r}")
    scores, labels, weight = read_columns(args.file, cols, args.label, args.weight, args.encoding,
                                          score_option="--class-scores")
    if all(named):
        classes = [p.split("=", 1)[0].strip() for p in parts]
    else:
        classes = _sorted_labels(labels)
        if len(classes) != len(cols):
            raise CLIError(f"--class-scores: {len(cols)} columns but the class column {args.label!r} has "
                           f"{len(classes)} classes ({', '.join(classes[:8])}); give one column per class, or "
                           "name them class=column")
    by_class = {c: scores[col] for c, col in zip(classes, cols, strict=True)}
    try:
        return one_vs_rest(labels, by_class, sample_weight=weight), labels, by_class
    except (ValueError, TypeError) as exc:
        raise CLIError(f"--class-scores: {exc}") from None


def parse_priors(text, ovr):
    """``--priors class=prior,...`` as ``{class: prior}`` checked against ``ovr``'s classes (None: not given)."""
    if text is None:
        return None
    from .metrics.multiclass import check_priors

    out = {}
    for part in _pairs(text, "--priors"):
        cls, eq, value = part.partition("=")
        try:
            out[cls.strip()] = float(value)
        except ValueError:
            raise CLIError(f"--priors: expected class=prior entries separated by commas, got {part!r}") from None
        if not eq:
            raise CLIError(f"--priors: expected class=prior entries separated by commas, got {part!r}")
    try:
        return check_priors(out, ovr.classes, "--priors")
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None


def class_space(ovr, args, priors, skew_range, ax=None):
    """Draw ``--space`` for the one-vs-rest mapping, each class at its prior (the test set's without --priors)."""
    import skewplot as sp

    if args.space not in CLASS_SPACES:
        raise CLIError(f"--space {args.space} is binary only; with --class-scores use one of "
                       f"{', '.join(CLASS_SPACES)}")
    for option, value in (("--skew", args.skew), ("--skew-series", args.skew_series), ("--html", args.html)):
        if value is not None:
            raise CLIError(f"{option} does not apply to --class-scores (each class is drawn at its own prior: "
                           "--priors class=prior,...)")
    if skew_range is not None and args.space != "integrated":
        raise CLIError(f"--skew-range does not apply to --space {args.space} (it takes --priors)")
    if args.space == "integrated":
        if priors is not None:
            raise CLIError("--space integrated takes --skew-range lo,hi (one range for every class), not --priors")
        return sp.plot_pr(ovr, skew=skew_range or (0.0, 0.5), ax=ax)  # P̄-R: one range for every class
    plot = {"pr": sp.plot_pr, "roc": sp.plot_roc, "cost": sp.plot_cost, "f": sp.plot_fmeasure}[args.space]
    return plot(ovr, skew=priors, ax=ax)


def class_report(ovr, priors, ranges):
    """Per-class metrics at the priors (macro and prior-weighted means), and the argmax decision's confusion."""
    import skewplot as sp

    from .skew import SkewRange

    at = ovr.priors if priors is None else priors
    table = {"prior (test)": ovr.priors, "prior": at, "ROC AUC": sp.roc_auc(ovr.at_priors(at)) if priors else
             sp.roc_auc(ovr), "AUCPR": sp.aucpr(ovr, skew=priors), "AP": sp.average_precision(ovr, skew=priors),
             "AUPRG": sp.aucprg(ovr, skew=priors)}
    for lo, hi in ranges:
        table[f"P̄AUCPR@[{lo:g},{hi:g}]"] = sp.aucpr(ovr, skew=SkewRange(lo, hi))
    rows = [{"class": str(k), **{c: float(v[k]) for c, v in table.items()}} for k in ovr.classes]
    for label, mean in (("macro", "macro"), ("weighted", "weighted")):
        rows.append({"class": label, **{c: ("" if c.startswith("prior") else getattr(v, mean))
                                        for c, v in table.items()}})
    return rows


def confusion_lines(labels, by_class, priors):
    """Bayes' argmax at ``priors`` per 10 000 deployed cases, as text lines (the scores must be posteriors)."""
    import numpy as np

    import skewplot as sp

    classes = list(priors)
    proba = np.column_stack([by_class[c] for c in classes])
    if proba.min() < 0:
        return ["(no argmax decision at the priors: the class scores are not posteriors, some are negative)"]
    conf = sp.expected_confusion(labels, proba, priors, classes=classes, random_state=0)
    cells = [[f"{number(conf.matrix[i, j])} [{number(conf.low[i, j])}, {number(conf.high[i, j])}]"
              for j in range(len(classes))] for i in range(len(classes))]
    width = max(len(c) for row in cells for c in row + [str(k) for k in classes])
    first = max(5, *(len(str(c)) for c in classes))
    lines = ["Bayes' argmax at the priors, per 10 000 deployed cases (rows: true class, columns: predicted; "
             "90 % bootstrap intervals):",
             " " * first + "  " + "  ".join(f"{c:>{width}}" for c in classes)]
    lines += [f"{c:<{first}}  " + "  ".join(f"{cell:>{width}}" for cell in row) for c, row in zip(classes, cells,
                                                                                              strict=True)]
    lines.append(f"accuracy {number(conf.accuracy)}")
    return lines


def binary_only(args):
    """The binary route's checks: --y-score given, no --priors."""
    if not args.score:
        raise CLIError("give --y-score COL (a binary classifier's scores; repeat it for several) or --class-scores "
                       "(multiclass: one score column per class)")
    if args.priors is not None:
        raise CLIError("--priors is the class priors of --class-scores; a binary problem takes --skew")


def plot_classes(args, out, skew_range):
    """``skewplot plot --class-scores``: the space drawn per class, saved to ``out``."""
    from ._cli_files import save_figure

    if out is None:
        raise CLIError("--class-scores draws a figure: give -o/--output OUT (--html is binary only)")
    ovr = class_scores(args)[0]
    try:
        disp = class_space(ovr, args, parse_priors(args.priors, ovr), skew_range)
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None
    save_figure(disp.figure_, out, bbox_inches="tight")
    print(f"wrote {out}")
    return 0


def report_classes(args, ranges, print_table):
    """``skewplot report --class-scores``: one row per class at the priors, then the argmax decision."""
    if args.skew:
        raise CLIError("--skew does not apply to --class-scores (each class at its own prior: --priors)")
    ovr, labels, by_class = class_scores(args)
    priors = parse_priors(args.priors, ovr)
    try:
        print_table(class_report(ovr, priors, ranges))
        if priors is not None:
            print("\n".join(confusion_lines(labels, by_class, priors)))
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None
    return 0
