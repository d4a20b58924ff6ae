"""Move the fast suite's slowest tests to the slow suite, by measurement.

README's test command (install included) must stay under 3 minutes on 2 cores.  When it drifts past that, run
the fast suite with ``--durations`` and give this script its output: every test whose setup, call and teardown
together took ``--threshold`` seconds or more gets the ``slow`` mark *on the test itself* (``@pytest.mark.slow``,
or ``@pytest.mark.slow_cases("<id>", ...)`` for cases of a parametrized test; doctests are added to
``SLOW_DOCTESTS`` in tests/conftest.py by hand, the script prints them).  A parametrized test all of whose cases
are slow keeps its cheapest measured case in the fast suite, so every test function still runs there once.

Usage::

    python -m pytest -n 2 -q --durations=600 > durations.txt
    python -m pytest --collect-only -q -p no:xdist | grep :: > ids.txt
    python tools/slow_marks.py durations.txt ids.txt --threshold 0.57 --note "0.57 s in a loaded 2-worker run"

The edits are plain text insertions just above each ``def test_...`` line; review them with ``git diff``.
"""

import argparse
import collections
import re
import sys
from pathlib import Path

LINE = re.compile(r"^(?P<t>[0-9.]+)s (?:call|setup|teardown)\s+(?P<id>\S+)$")


def measured(path):
    """``{node id: seconds}`` summed over setup, call and teardown, from pytest's ``--durations`` output."""
    times = collections.Counter()
    for line in Path(path).read_text().splitlines():
        m = LINE.match(line.strip())
        if m:
            times[m["id"]] += float(m["t"])
    return times


def plan(times, ids, threshold):
    """``({(file, function): [case ids]}, {(file, function)}, [doctests])`` to mark slow."""
    cases_of = collections.defaultdict(list)
    for node in ids:
        base, _, case = node.partition("[")
        cases_of[base].append(case[:-1] if case else None)
    slow = {node: t for node, t in times.items() if t >= threshold}
    by_base = collections.defaultdict(dict)
    for node, t in slow.items():
        base, _, case = node.partition("[")
        by_base[base][case[:-1] if case else None] = t
    cases, wholes, doctests = {}, set(), []
    for base, found in by_base.items():
        file, *_, function = base.split("::")
        if file.startswith("skewplot/"):
            doctests.append(base.split("::")[-1])
            continue
        if None in found:
            wholes.add((file, function))
            continue
        marked = dict(found)
        if len(marked) == len(cases_of[base]) > 1:  # keep the cheapest case in the fast suite
            del marked[min(marked, key=marked.get)]
        if marked:
            cases.setdefault((file, function), []).extend(sorted(marked))
    return cases, wholes, doctests


def insert(file, function, line):
    """Insert ``line`` (one or more lines) above the decorators of ``function``'s ``def`` (marks stack)."""
    text = Path(file).read_text().splitlines(keepends=True)
    pattern = re.compile(rf"^(\s*)(async\s+)?def {re.escape(function)}\(")
    for i, row in enumerate(text):
        m = pattern.match(row)
        if m:
            j = i
            while j > 0 and text[j - 1].lstrip().startswith("@"):
                j -= 1
            text[j:j] = [m.group(1) + row + "\n" for row in line.split("\n")]
            Path(file).write_text("".join(text))
            return True
    return False


def slow_cases_mark(ids, note, width=100):
    """The ``@pytest.mark.slow_cases(...)`` lines naming ``ids``, wrapped under ``width`` characters."""
    one = f"@pytest.mark.slow_cases({', '.join(map(repr, ids))}){note}"
    if len(one) <= width:
        return one
    rows = [f"@pytest.mark.slow_cases({note}"]
    for case in ids:
        rows.append(f"    {case!r},")
    rows[-1] = rows[-1].rstrip(",") + ")"
    return "\n".join(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("durations")
    parser.add_argument("ids")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--note", default="")
    args = parser.parse_args(argv)
    ids = [line.strip() for line in Path(args.ids).read_text().splitlines() if "::" in line]
    cases, wholes, doctests = plan(measured(args.durations), ids, args.threshold)
    note = f"  # {args.note}" if args.note else ""
    missing = []
    for file, function in sorted(wholes):
        if not insert(file, function, f"@pytest.mark.slow{note}"):
            missing.append(f"{file}::{function}")
    for (file, function), ids_ in sorted(cases.items()):
        if not insert(file, function, slow_cases_mark(ids_, note)):
            missing.append(f"{file}::{function}")
    print(f"{len(wholes)} tests and {sum(map(len, cases.values()))} cases marked slow")
    if doctests:
        print("doctests for SLOW_DOCTESTS:", *sorted(doctests), sep="\n  ")
    if missing:
        print("not found (mark by hand):", *missing, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
