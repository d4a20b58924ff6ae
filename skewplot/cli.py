"""Command line: ``skewplot demo`` (also ``python -m skewplot``)."""

from __future__ import annotations

import argparse
import sys

__all__ = ["main"]


def _demo(args) -> int:
    from . import datasets
    from .metrics import aucpr, roc_auc

    pts = datasets.example_classifiers()
    first = next(iter(pts.values()))
    print(f"skewplot demo: two synthetic classifiers, n = {int(first.n_pos + first.n_neg)}, "
          f"data set skew pi = {first.skew:.3f}")
    header = f"{'classifier':<12}{'ROC AUC':>9}{'AUCPR':>9}{'AP':>9}{'AUCPR@0.01':>12}{'norm@0.01':>11}"
    print(header)
    print("-" * len(header))
    for name, p in pts.items():
        print(f"{name:<12}{roc_auc(p):>9.4f}{aucpr(p):>9.4f}{aucpr(p, interpolation='step'):>9.4f}"
              f"{aucpr(p, skew=0.01):>12.4f}{aucpr(p, skew=0.01, normalize=True):>11.4f}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="skewplot",
        description="Precision-recall, cost and F-measure spaces for classifiers "
        "judged at a class skew other than the test set's.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo = sub.add_parser("demo", help="headline metrics of the bundled example classifiers")
    demo.set_defaults(func=_demo)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return args.func(args)
