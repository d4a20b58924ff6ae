"""The whole PR pipeline against np.sort / np.argsort and scikit-learn, each tool in a fresh process.

"Pipeline" is what a user runs: the operating points, the continuous AUCPR
and the average precision.  Data is generated once per case and written to
binary files; every tool then runs in a fresh process on those files and
times the computation only (``_pipeline_worker.py``).
Tools run in rounds, interleaved, and each ratio is the median over rounds
of ratios taken within one round, because the machine is shared and noisy.

Cases (n points, score ``N(0, 1) + 1.5 * label``):

* ``1%``, ``10%``, ``50%``: hard labels with that share of positives;
* ``ties``: 1 % positives, scores rounded to 3 decimals;
* ``weighted``: soft labels ``clip(0.8 * label + U(0, 0.2))`` (scikit-learn
  gets each point twice, as a positive of weight p and a negative of 1 - p).

Columns: the baseline (``np.sort``, or ``np.argsort`` for soft labels) in
seconds; skewplot's time as a multiple of it; how many times slower each
other tool is than skewplot, with the largest difference of its areas from
skewplot's same areas (scikit-learn: AP; PRROC: the continuous AUCPR and
Davis-Goadrich; precrec: its PRC area against the continuous AUCPR; ROCR:
its ``aucpr`` against the trapezoid); skewplot's peak of traced allocations
(tracemalloc) divided by the input's bytes (int8 labels + float64 scores, or
scores + soft labels).  A second table lists every area each tool computed; a
third, for soft labels, each tool's distance from the same areas recomputed in
long double (scikit-learn sums each class's weights one by one, so its AP
carries their rounding).
``--contention`` repeats everything with one core kept busy by a bounded
loop in another process and prints each tool's slowdown.  ``--compare
PATH`` adds skewplot imported from another checkout (``skewplot@ref``), for
the no-regression column.  When ``Rscript`` and the R packages are installed,
R's PRROC (``pr.curve``, ``curve=FALSE``, ``dg.compute=TRUE``; with
``weights.class0`` for soft labels), precrec (``evalmod``) and ROCR
(``performance(..., "aucpr")``) run the same way (``_r_worker.R``); ``--no-r``
leaves them out.

Run:  python benchmarks/bench_pipeline.py [--sizes 1e6 1e7] [--rounds 3] [--repeat 3] [--contention]
"""

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = {"1%": 0.01, "10%": 0.10, "50%": 0.50, "ties": 0.01, "weighted": 0.01}


def write_case(path, case, n, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < CASES[case]).astype(np.int8)
    s = rng.normal(size=n) + 1.5 * y
    if case == "ties":
        s = np.round(s, 3)
    soft = np.clip(0.8 * y + 0.2 * rng.random(n), 0.0, 1.0)
    os.makedirs(path, exist_ok=True)
    y.tofile(f"{path}/label.bin")  # raw little-endian arrays: numpy and R read them alike
    s.tofile(f"{path}/score.bin")
    soft.tofile(f"{path}/soft.bin")


R_TOOLS = {"PRROC": "PRROC", "PRROC-weighted": "PRROC", "precrec": "precrec", "ROCR": "ROCR"}


def r_tools():
    """The R tools whose package Rscript can load (none without Rscript)."""
    if shutil.which("Rscript") is None:
        return set()
    code = "for (p in c('PRROC', 'precrec', 'ROCR')) if (requireNamespace(p, quietly = TRUE)) cat(p, '')"
    out = subprocess.run(["Rscript", "-e", code], capture_output=True, text=True)
    have = set(out.stdout.split())
    return {tool for tool, pkg in R_TOOLS.items() if pkg in have}


def run_tool(tool, path, repeat, memory=False, compare=None, timeout=None):
    env = None
    if tool.endswith("@ref"):  # skewplot from another checkout, for the no-regression column
        tool = tool[:-4]
        env = dict(os.environ, PYTHONPATH=compare)
    cmd = [sys.executable, os.path.join(HERE, "_pipeline_worker.py"), tool, path, str(repeat)]
    if tool in R_TOOLS:
        cmd = ["Rscript", os.path.join(HERE, "_r_worker.R"), tool, path, str(repeat)]
    elif memory:
        cmd.append("--memory")
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if out.returncode != 0:
        raise RuntimeError(f"{tool} failed:\n{out.stderr[-2000:]}")
    res = json.loads(out.stdout.strip().splitlines()[-1])
    res["time"] = float(np.median(res["times"]))
    return res


def tools_for(case, compare, rtools=()):
    tools = ["np.argsort", "skewplot-weighted", "sklearn-weighted"] if case == "weighted" else [
        "np.sort", "skewplot", "sklearn"]
    tools += [t for t in (["PRROC-weighted"] if case == "weighted" else ["PRROC", "precrec", "ROCR"]) if t in rtools]
    return tools + ([tools[1] + "@ref"] if compare else [])


def measure(cases, sizes, rounds, repeat, tmp, compare=None, rtools=(), r_timeout=None):
    """{(case, n): {tool: [result per round]}}, every tool run once per round, interleaved.

    An R tool that takes longer than ``r_timeout`` seconds is stopped and left out of that case.
    """
    table = {}
    for n in sizes:
        for case in cases:
            path = os.path.join(tmp, f"{case.strip('%')}_{n}")
            write_case(path, case, n)
            runs = table.setdefault((case, n), {})
            dropped = set()
            for r in range(rounds):
                for tool in tools_for(case, compare, rtools):
                    if tool in dropped:
                        continue
                    memory = r == 0 and tool.startswith("skewplot")
                    try:
                        res = run_tool(tool, path, repeat, memory, compare, r_timeout if tool in R_TOOLS else None)
                    except subprocess.TimeoutExpired:
                        dropped.add(tool)
                        print(f"{tool} took over {r_timeout:g} s on {case} n={n:.0e}: left out", file=sys.stderr)
                        continue
                    runs.setdefault(tool, []).append(res)
            if case == "weighted":
                REFERENCE[(case, n)] = long_double_areas(path)
            shutil.rmtree(path)
            row = summarise({(case, n): runs})[0]  # progress on stderr: a long run shows its rows as they come
            print(f"{case} n={n:.0e}: skewplot {row['ours_x_base']:.2f}x {row['base']}, "
                  + ", ".join(f"{k} {v[0]:.2f}x" for k, v in row["others"].items()), file=sys.stderr, flush=True)
    return table


#: {(case, n): {"ap": ..., "aucpr": ...}} recomputed in long double for the soft-labelled cases.
REFERENCE = {}


def long_double_areas(path):
    """AP and continuous AUCPR of the soft-labelled data recomputed in long double (untimed; a reference).

    Scores are continuous (no ties), so point ``k`` holds the ``k`` highest scores and weighs ``k`` in all.
    The running sums of the positive weights are taken in blocks of 4096 (each block summed on its own, then
    offset), which keeps their relative error near 1e-17 with numpy's 64-bit-mantissa long double; each area
    is then summed term by term: AP as ``sum p_k T_k / k / T_n`` and the continuous area as
    ``sum L (L + (T_k - L k) ln(1 + 1/k)) / T_n`` (``L = p_{k+1}``; ``L^2`` from the origin).
    """
    s = np.fromfile(f"{path}/score.bin", dtype=np.float64)
    p = np.fromfile(f"{path}/soft.bin", dtype=np.float64)[np.argsort(-s, kind="stable")].astype(np.longdouble)
    n, block = p.size, 4096
    padded = np.zeros(-(-n // block) * block, dtype=np.longdouble)
    padded[:n] = p
    within = np.cumsum(padded.reshape(-1, block), axis=1)
    offset = np.concatenate(([0], np.cumsum(within[:, -1])[:-1])).astype(np.longdouble)
    t = (within + offset[:, None]).ravel()[:n]  # t[k - 1]: the positives of point k
    k = np.arange(1, n + 1, dtype=np.longdouble)
    ap = np.sum(p * t / k) / t[-1]
    length, before, kk = p[1:], t[:-1], k[:-1]
    area = p[0] * p[0] + np.sum(length * (length + (before - length * kk) * np.log1p(1 / kk)))
    return {"ap": float(ap), "aucpr": float(area / t[-1])}


def summarise(table):
    rows = []
    for (case, n), runs in table.items():
        tools = list(runs)
        base, ours = tools[0], tools[1]
        t_base = [r["time"] for r in runs[base]]
        t_ours = [r["time"] for r in runs[ours]]
        row = {"case": case, "n": n, "base": base, "t_base": float(np.median(t_base)),
               "t_ours": float(np.median(t_ours)),
               "ours_x_base": float(np.median(np.divide(t_ours, t_base))),
               "peak": runs[ours][0]["peak_bytes"] / runs[ours][0]["input_bytes"], "others": {}}
        v_ours = runs[ours][-1]["values"]
        row["values"] = {ours.replace("-weighted", ""): v_ours}
        for tool in tools[2:]:
            t_tool = [r["time"] for r in runs[tool]]
            vals = runs[tool][-1]["values"]
            diff = max((abs(vals[k] - v_ours[k]) for k in vals if k in v_ours), default=float("nan"))
            ratio = float(np.median(np.divide(t_tool, t_ours[:len(t_tool)])))  # a tool stopped late has fewer rounds
            row["others"][tool.replace("-weighted", "")] = (ratio, diff)
            row["values"][tool.replace("-weighted", "")] = vals
        rows.append(row)
    return rows


def print_table(rows, title):
    names = []
    for row in rows:
        names += [t for t in row["others"] if t not in names]
    head = ["case", "n", "baseline", "baseline s", "skewplot s", "skewplot / baseline"]
    head += [f"{o} / skewplot (diff)" for o in names] + ["peak mem / input"]
    print(f"\n{title}\n")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        cells = [row["case"], f"{row['n']:.0e}", row["base"], f"{row['t_base']:.3f}", f"{row['t_ours']:.3f}",
                 f"{row['ours_x_base']:.2f}x"]
        for name in names:
            hit = row["others"].get(name)
            cells.append(f"{hit[0]:.2f}x ({hit[1]:.0e})" if hit else "-")
        cells.append(f"{row['peak']:.2f}")
        print("| " + " | ".join(cells) + " |")


def print_values(rows):
    print("\nAreas computed in the last round\n")
    print("| case | n | tool | areas |")
    print("|---|---|---|---|")
    for row in rows:
        for tool, vals in row["values"].items():
            if vals:
                text = ", ".join(f"{k} {v:.15f}" for k, v in sorted(vals.items()))
                print(f"| {row['case']} | {row['n']:.0e} | {tool} | {text} |")


def print_reference(rows):
    if not REFERENCE:
        return
    print("\nSoft labels: each tool's distance from the long-double recomputation (untimed)\n")
    print("| case | n | tool | ap | aucpr |")
    print("|---|---|---|---|---|")
    for row in rows:
        ref = REFERENCE.get((row["case"], row["n"]))
        for tool, vals in row["values"].items() if ref else ():
            cells = [f"{abs(vals[k] - ref[k]):.1e}" if k in vals else "-" for k in ("ap", "aucpr")]
            print(f"| {row['case']} | {row['n']:.0e} | {tool} | " + " | ".join(cells) + " |")


def busy_core(bound_s):
    """Keep one core busy with a loop that stops by itself after ``bound_s`` seconds."""
    code = f"import time\nend = time.monotonic() + {bound_s}\nwhile time.monotonic() < end:\n    pass\n"
    return subprocess.Popen([sys.executable, "-c", code])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[1e6, 1e7])
    parser.add_argument("--cases", nargs="+", default=list(CASES), choices=list(CASES))
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of fresh processes")
    parser.add_argument("--repeat", type=int, default=3, help="calls per process (median taken)")
    parser.add_argument("--contention", action="store_true", help="also run with one core kept busy")
    parser.add_argument("--compare", metavar="PATH", help="also time skewplot imported from PATH (column skewplot@ref)")
    parser.add_argument("--no-r", action="store_true", help="leave out R's PRROC, precrec and ROCR")
    parser.add_argument("--r-timeout", type=float, default=300.0, help="seconds before an R tool is stopped")
    parser.add_argument("--busy-bound", type=float, default=600.0,
                        help="seconds after which the --contention loop stops by itself (even if this run is killed)")
    args = parser.parse_args()
    r = set() if args.no_r else r_tools()
    sizes = [int(v) for v in args.sizes]
    import numpy
    import sklearn

    import skewplot
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {platform.processor() or platform.machine()}, "
          f"{len(os.sched_getaffinity(0))} cores, load average {os.getloadavg()[0]:.1f}; Python "
          f"{platform.python_version()}, numpy {numpy.__version__}, scikit-learn {sklearn.__version__}, "
          f"skewplot {skewplot.__version__} (n_threads={skewplot.get_config()['n_threads']}); "
          f"R tools: {', '.join(sorted(r)) or 'none'}")
    with tempfile.TemporaryDirectory(prefix="skewplot-bench-") as tmp:
        plain = measure(args.cases, sizes, args.rounds, args.repeat, tmp, args.compare, r, args.r_timeout)
        print_table(summarise(plain), f"Medians of {args.rounds} rounds x {args.repeat} calls, fresh processes")
        print_values(summarise(plain))
        print_reference(summarise(plain))
        if args.contention:
            busy = busy_core(bound_s=args.busy_bound)
            try:
                loaded = measure(args.cases, sizes, args.rounds, args.repeat, tmp, args.compare, r, args.r_timeout)
            finally:
                busy.terminate()
                busy.wait()
            print_table(summarise(loaded), "With one core kept busy by a bounded loop")
            print("\nSlowdown under contention (median time busy / median time idle):\n")
            for key, runs in plain.items():
                med = {tool: [np.median([r["time"] for r in t[key][tool]]) for t in (loaded, plain)]
                       for tool in runs if tool in loaded[key]}
                cells = [f"{tool} {busy_t / idle_t:.2f}x" for tool, (busy_t, idle_t) in med.items()]
                print(f"- {key[0]} n={key[1]:.0e}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
