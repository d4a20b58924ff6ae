"""The command line's option handling: one-line parse errors, options given once, and the older spellings.

The column options are named as the Python keywords (``--y-score``,
``--y-true``, ``--sample-weight`` for ``y_score=``, ``y_true=``,
``sample_weight=``); their first spellings ``--score``, ``--label`` and
``--weight`` still work for one release and say so on stderr.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["Parser", "Once", "Scores", "OLD_SPELLINGS"]

class Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (no usage block), exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


# The spellings of the column options before they were named as the Python keywords (kept for one release).
OLD_SPELLINGS = {"--score": "--y-score", "--label": "--y-true", "--weight": "--sample-weight"}


def _say_deprecated(option_string):
    if option_string in OLD_SPELLINGS:
        print(f"skewplot: {option_string} is deprecated; use {OLD_SPELLINGS[option_string]} (as the Python "
              "keywords y_score=, y_true=, sample_weight=)", file=sys.stderr)


class Once(argparse.Action):
    """An option that may be given once: a repetition is an error, never silently dropped."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest, None) is not None:
            parser.error(f"{option_string} given twice ({getattr(namespace, self.dest)!r} and {values!r}); "
                         "give it once")
        _say_deprecated(option_string)
        setattr(namespace, self.dest, values)


class Scores(argparse.Action):
    """``--y-score``, repeated once per classifier (its older spelling ``--score`` said deprecated): each value
    appended to the list, as ``action="append"``."""

    def __call__(self, parser, namespace, values, option_string=None):
        _say_deprecated(option_string)
        setattr(namespace, self.dest, [*(getattr(namespace, self.dest, None) or ()), values])
