#!/usr/bin/env python3
"""Per-function totals of a cachegrind output file (valgrind --tool=cachegrind --cache-sim=yes
--branch-sim=yes), Swift names demangled, per input byte when a size is given.

python3 Benchmarks/cgsummary.py CACHEGRIND.OUT [INPUT_BYTES] [--top 25]

Columns: instructions (Ir), I1 misses, D1 misses (read+write), data writes (Dw), conditional and
indirect branches mispredicted (Bcm, Bim); the totals line first, then the functions by Ir.
"""
import argparse
import collections
import shutil
import subprocess


def parse(path):
    events, totals, per_fn = None, None, collections.defaultdict(lambda: None)
    fl = fn = ""
    with open(path) as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("fl="):
                fl = line[3:].strip()
            elif line.startswith("fn="):
                fn = line[3:].strip()
            elif line.startswith("summary:"):
                totals = [int(x) for x in line.split()[1:]]
            elif line[:1].isdigit():
                values = [int(x) for x in line.split()[1:]]
                values += [0] * (len(events) - len(values))
                key = fn  # a function inlined in several files counts once
                current = per_fn[key]
                per_fn[key] = values if current is None else [a + b for a, b in zip(current, values)]
    return events, totals, per_fn


def demangle(names):
    tool = shutil.which("swift-demangle") or shutil.which("swift")
    if not tool:
        return names
    argv = [tool] + ([] if tool.endswith("swift-demangle") else ["demangle"]) + ["--simplified", "--compact"]
    out = subprocess.run(argv, input="\n".join(names), capture_output=True, text=True).stdout.splitlines()
    return out if len(out) == len(names) else names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("bytes", nargs="?", type=int, default=0)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    events, totals, per_fn = parse(args.file)
    index = {name: i for i, name in enumerate(events)}

    def get(values, name):
        return values[index[name]] if name in index else 0

    def row(values):
        d1 = get(values, "D1mr") + get(values, "D1mw")
        return (get(values, "Ir"), get(values, "I1mr"), d1, get(values, "Dw"), get(values, "Bcm"), get(values, "Bim"))

    header = f"{'Ir':>13}{'I1mr':>11}{'D1m':>10}{'Dw':>12}{'Bcm':>11}{'Bim':>10}"
    t = row(totals)
    print(f"{header}  function")
    print("".join(f"{v:>{w},}" for v, w in zip(t, (13, 11, 10, 12, 11, 10))) + "  TOTAL")
    if args.bytes:
        print("".join(f"{v / args.bytes:>{w}.3f}" for v, w in zip(t, (13, 11, 10, 12, 11, 10))) + "  per input byte")
    ranked = sorted(per_fn.items(), key=lambda kv: -get(kv[1], "Ir"))[: args.top]
    names = demangle([fn for fn, _ in ranked])
    for (fn, values), name in zip(ranked, names):
        r = row(values)
        share = r[0] / t[0] * 100 if t[0] else 0
        print("".join(f"{v:>{w},}" for v, w in zip(r, (13, 11, 10, 12, 11, 10))) + f"  {share:4.1f}% {name[:110]}")


if __name__ == "__main__":
    main()
