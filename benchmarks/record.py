"""Benchmarks that remember: record the cases of ``_cases.py`` per commit, compare with main's last record.

Commands::

    python benchmarks/record.py run [--quick] [--rounds 3] [--cases explorer save_html ...]
        measure this checkout (each case in a fresh process, ``rounds`` times) and write
        benchmarks/results/<date>-<commit>.json (refused when skewplot/ has uncommitted changes)
    python benchmarks/record.py compare [NEW] [OLD]
        print NEW's numbers against OLD's (default: the newest record against the one before it;
        records are named by the date they were measured, so a rebase keeps their order), as
        ratios, and the goals of issue 44 each number misses
    python benchmarks/record.py ab BASE [--quick] [--rounds 3] [--cases ...]
        interleaved in one run: each case in turn on the checkout BASE (a path, e.g. a git worktree
        of main) and on this one (A, B, A, B ...); prints medians and ranges of both and their ratio
    python benchmarks/record.py case NAME [--quick]
        one case in this process, one JSON line (what ``run`` and ``ab`` start)

A record holds, per case and metric, the median, min and max over the rounds,
the load average before and after, and ``np.sort`` of 1e6 floats measured in
each case's process (the machine's speed at the time).  Records of two
commits made at different times on a shared machine differ by its load:
``compare`` also prints each time ratio divided by the ``np.sort`` ratio,
and a slip seen there is confirmed with ``ab``, which runs both in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "results")
#: A time slower than the earlier record's by more than this (after the np.sort correction) is flagged.
SLIP = 1.25


def _git(*args, cwd=ROOT):
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def _load():
    return [round(v, 2) for v in os.getloadavg()]


def run_case(name, quick, tree=ROOT):
    """One case in a fresh process importing skewplot from ``tree``: its JSON numbers (or an error)."""
    env = dict(os.environ, PYTHONPATH=tree, SKEWPLOT_BENCH_TREE=tree)
    cmd = [sys.executable, os.path.join(HERE, "record.py"), "case", name] + (["--quick"] if quick else [])
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tree)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["failed"]
        return {"error": tail[0]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _summary(rounds):
    """{metric: {median, min, max}} over rounds of {metric: value} (errors kept as the last one)."""
    good = [r for r in rounds if "error" not in r]
    if not good:
        return {"error": rounds[-1]["error"]}
    return {k: {"median": statistics.median(r[k] for r in good), "min": min(r[k] for r in good),
                "max": max(r[k] for r in good)} for k in good[0]}


def cmd_case(args):
    import _cases

    import skewplot

    tree = os.environ.get("SKEWPLOT_BENCH_TREE")
    if tree and not os.path.abspath(skewplot.__file__).startswith(os.path.abspath(tree)):
        raise SystemExit(f"skewplot imported from {skewplot.__file__}, not from {tree}")
    out = _cases.CASES[args.name]("quick" if args.quick else "full")
    out["np_sort_1e6_s"] = _cases.np_sort_s()
    print(json.dumps(out))


def cmd_run(args):
    import _cases

    commit = _git("rev-parse", "HEAD")
    if _git("status", "--porcelain", "--", "skewplot") and not args.dirty:
        raise SystemExit("skewplot/ has uncommitted changes: commit them first (or --dirty to measure anyway)")
    names = args.cases or list(_cases.CASES)
    record = {"commit": commit, "subject": _git("log", "-1", "--format=%s")[:120],
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "quick": args.quick,
              "rounds": args.rounds, "machine": {"cpus": len(os.sched_getaffinity(0)),
                                                  "python": platform.python_version(),
                                                  "processor": platform.processor() or platform.machine()},
              "load_start": _load(), "cases": {}}
    for name in names:
        t0 = time.perf_counter()
        record["cases"][name] = _summary([run_case(name, args.quick) for _ in range(args.rounds)])
        print(f"{name}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    record["load_end"] = _load()
    os.makedirs(RESULTS, exist_ok=True)
    name = f"{time.strftime('%Y-%m-%dT%H%M', time.gmtime())}-{commit[:10]}"
    path = os.path.join(RESULTS, f"{name}.json")
    with open(path, "w") as fh:
        json.dump(record, fh, indent=1, sort_keys=True)
    print(f"wrote {os.path.relpath(path, ROOT)}")
    record["_name"] = name
    old = _previous(record)
    if old:
        _print_compare(record, old)


def _records():
    """{file name without .json: record}; file names start with the date, so they sort in time."""
    out = {}
    for fname in os.listdir(RESULTS) if os.path.isdir(RESULTS) else ():
        if fname.endswith(".json"):
            with open(os.path.join(RESULTS, fname)) as fh:
                rec = json.load(fh)
            rec["_name"] = fname[:-5]
            out[fname[:-5]] = rec
    return out


def _find(records, ref):
    """The record named ``ref``: a file name's start (``2026-11-29T0920-1da9989``) or a commit it measured."""
    hits = [r for name, r in records.items() if name.startswith(ref)]
    if not hits:
        try:
            full = _git("rev-parse", ref)
        except subprocess.CalledProcessError:
            return None
        hits = [r for r in records.values() if r["commit"] == full]
    return hits[-1] if hits else None


def _previous(new):
    """The newest record measured before ``new`` (records are named by date, so a rebase keeps their order)."""
    older = [r for name, r in records_by_date() if name < new["_name"]]
    return older[-1] if older else None


def records_by_date():
    return sorted(_records().items())


def _print_compare(new, old):
    print(f"new {new['commit'][:10]} ({new['date']}, load {new['load_start']}, quick={new['quick']})")
    print(f"old {old['commit'][:10]} ({old['date']}, load {old['load_start']}, quick={old['quick']})")
    if new["quick"] != old["quick"]:
        print("note: one record is --quick, the other full: sizes differ, ratios are not comparable")
    import _cases

    print(f"{'case.metric':<44} {'old':>10} {'new':>10} {'new/old':>8} {'/np.sort':>9}  goal")
    for name, metrics in new["cases"].items():
        was = old["cases"].get(name, {})
        if "error" in metrics:
            print(f"{name:<44} error: {metrics['error']}")
            continue
        sort_ratio = (metrics["np_sort_1e6_s"]["median"] / was["np_sort_1e6_s"]["median"]
                      if "np_sort_1e6_s" in was else float("nan"))
        for metric, v in metrics.items():
            if metric == "np_sort_1e6_s":
                continue
            key = f"{name}.{metric}"
            a = was.get(metric, {}).get("median")
            b = v["median"]
            ratio = b / a if a else float("nan")
            adjusted = ratio / sort_ratio if metric.endswith("_s") else float("nan")
            goal = _cases.GOALS.get(key)
            flag = ""
            if metric.endswith("_s") and adjusted > SLIP:
                flag += " SLIP?"
            if goal is not None and not new["quick"]:  # the goals hold for the full sizes
                flag += f" <= {goal:g}: {'met' if b <= goal else 'MISSED'}"
            print(f"{key:<44} {'' if a is None else f'{a:.4g}':>10} {b:>10.4g} {ratio:>8.2f} {adjusted:>9.2f} {flag}")


def cmd_compare(args):
    records = _records()
    new = _find(records, args.new) if args.new else (records_by_date()[-1][1] if records else None)
    if new is None:
        raise SystemExit(f"no record of {args.new} in {RESULTS}: run `record.py run` first")
    old = _find(records, args.old) if args.old else _previous(new)
    if old is None:
        raise SystemExit("no earlier record to compare with")
    _print_compare(new, old)


def cmd_ab(args):
    import _cases

    base = os.path.abspath(args.base)
    new = os.path.abspath(args.new or ROOT)
    names = args.cases or list(_cases.CASES)
    print(f"A = {base} ({_git('log', '-1', '--format=%h %s', cwd=base)[:70]})")
    print(f"B = {new} ({_git('log', '-1', '--format=%h %s', cwd=new)[:70]})")
    print(f"load at start {_load()}; rounds {args.rounds}, interleaved A, B, A, B ...; quick={args.quick}")
    for name in names:
        runs = {"A": [], "B": []}
        for _ in range(args.rounds):
            for side, tree in (("A", base), ("B", new)):
                runs[side].append(run_case(name, args.quick, tree))
        a, b = _summary(runs["A"]), _summary(runs["B"])
        print(f"\n{name} (load {_load()})")
        if "error" in a or "error" in b:
            print(f"  A: {a.get('error', 'ok')}  B: {b.get('error', 'ok')}")
            continue
        for metric in b:
            if metric not in a:
                continue
            x, y = a[metric], b[metric]
            ratio = y["median"] / x["median"] if x["median"] else float("nan")
            print(f"  {metric:<30} A {x['median']:.4g} [{x['min']:.4g}, {x['max']:.4g}]   "
                  f"B {y['median']:.4g} [{y['min']:.4g}, {y['max']:.4g}]   B/A {ratio:.2f}")
    print(f"\nload at end {_load()}")


def main(argv=None):
    import _cases

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="measure this checkout and write its record")
    p.add_argument("--quick", action="store_true", help="smaller data: the whole set in under two minutes")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--cases", nargs="+", choices=list(_cases.CASES))
    p.add_argument("--dirty", action="store_true", help="measure even with uncommitted changes in skewplot/")
    p.set_defaults(fn=cmd_run)
    p = sub.add_parser("compare", help="a record against an earlier one")
    p.add_argument("new", nargs="?", help="a record (its file name's start) or the commit it measured; "
                   "default: the newest record")
    p.add_argument("old", nargs="?")
    p.set_defaults(fn=cmd_compare)
    p = sub.add_parser("ab", help="another checkout against this one, interleaved in one run")
    p.add_argument("base")
    p.add_argument("--new", help="the checkout B (default: this one)")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--cases", nargs="+", choices=list(_cases.CASES))
    p.set_defaults(fn=cmd_ab)
    p = sub.add_parser("case", help="one case in this process (JSON)")
    p.add_argument("name", choices=list(_cases.CASES))
    p.add_argument("--quick", action="store_true")
    p.set_defaults(fn=cmd_case)
    args = parser.parse_args(argv)
    args.fn(args)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    main()
