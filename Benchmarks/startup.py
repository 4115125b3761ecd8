#!/usr/bin/env python3
"""Start-up benchmark (issue 16: one card under 10 ms, 10k vCard 3.0 contacts under 45 ms, process
start to exit).

usage: Benchmarks/startup.py [--runs 21] [--generator gen_corpus.py] [--no-callgrind] BINARY...

Each BINARY (e.g. the release builds before and after a change, as Scripts/release builds them:
`swift build -c release --static-swift-stdlib`) converts, file to file:
  - one card: the first contact of `gen_corpus.py 1 vcf3`,
  - 10k: `gen_corpus.py 10000 vcf3` (7 MB; above vCard's 1 MiB parallel threshold, so on all cores),
  - server: `list http://127.0.0.1:9/cal/`, a closed loopback port: bdconvert's start, the hand-off
    to bdconvert-dav (when there is one) and the sibling's start up to its "cannot reach" (69).
Runs are interleaved (binary after binary, case after case) and each is timed from spawn to exit;
the previous run's output is removed before, untimed, as Benchmarks/run does (on ext4, renaming over
an existing file costs about 3 ms more). The table shows the median and the fastest of --runs runs. Then, once per binary and case, the
instructions (valgrind --tool=callgrind; the process itself, not an exec'ed sibling) and what the
dynamic loader did (LD_DEBUG=statistics: relocations; LD_DEBUG=libs: libraries initialised).
The load average is printed before and after: on a shared machine the milliseconds move with it,
the instruction and relocation counts do not.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_GENERATOR = os.path.join(
    os.environ.get("BDCONVERT_PROBE", os.path.join(HERE, "..", "..", "shared", "perf-probe")),
    "gen_corpus.py")
SERVER_URL = "http://127.0.0.1:9/cal/"


def cases(work):
    """(name, arguments after the binary, expected exit status)."""
    out = os.path.join(work, "out.ics")
    return [
        ("one card", ["convert", os.path.join(work, "one.vcf"), "-q", "-o", out], 0),
        ("10k vCard 3.0", ["convert", os.path.join(work, "10k.vcf"), "-q", "-o", out], 0),
        ("server (list URL)", ["list", SERVER_URL], 69),
    ]


def environment():
    env = dict(os.environ)
    env["SOURCE_DATE_EPOCH"] = "1767225600"
    env["XDG_CONFIG_HOME"] = "/nonexistent"  # a developer's config file must not count
    return env


def timed(binary, arguments, expected, env):
    """Milliseconds from spawn to exit, the output file (after -o) removed first."""
    if "-o" in arguments:
        output = arguments[arguments.index("-o") + 1]
        if os.path.exists(output):
            os.remove(output)
    with open(os.devnull, "wb") as null:
        start = time.perf_counter_ns()
        pid = os.posix_spawn(binary, [binary] + arguments, env,
                             file_actions=[(os.POSIX_SPAWN_DUP2, null.fileno(), 1),
                                           (os.POSIX_SPAWN_DUP2, null.fileno(), 2)])
        _, status = os.waitpid(pid, 0)
        elapsed = (time.perf_counter_ns() - start) / 1e6
    code = os.waitstatus_to_exitcode(status)
    if code != expected:
        sys.exit(f"{binary} {' '.join(arguments)}: exit {code}, expected {expected}")
    return elapsed


def instructions(binary, arguments, env):
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary] + arguments,
        env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    return int(found.group(1)) if found else None


def loader(binary, arguments, env):
    """(relocations, libraries initialised) of the process and any process it exec's."""
    stats = subprocess.run([binary] + arguments, env=dict(env, LD_DEBUG="statistics"),
                           capture_output=True, text=True).stderr
    relocations = [int(n) for n in re.findall(r"number of relocations:\s+(\d+)", stats)]
    libs = subprocess.run([binary] + arguments, env=dict(env, LD_DEBUG="libs"),
                          capture_output=True, text=True).stderr
    initialised = len(re.findall(r"calling init:", libs))
    return sum(relocations), initialised


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--generator", default=DEFAULT_GENERATOR)
    parser.add_argument("--no-callgrind", action="store_true")
    options = parser.parse_args()
    binaries = [os.path.abspath(b) for b in options.binaries]
    env = environment()
    with tempfile.TemporaryDirectory(prefix="bdconvert-startup-") as work:
        for name, count in (("one.vcf", 1), ("10k.vcf", 10000)):
            subprocess.run([sys.executable, options.generator, str(count), "vcf3",
                            os.path.join(work, name)], check=True, stdout=subprocess.DEVNULL)
        runs = {(b, c[0]): [] for b in binaries for c in cases(work)}
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for binary in binaries:  # warm the page cache
            for _, arguments, expected in cases(work):
                timed(binary, arguments, expected, env)
        for _ in range(options.runs):
            for case, arguments, expected in cases(work):
                for binary in binaries:
                    runs[(binary, case)].append(timed(binary, arguments, expected, env))
        print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"\n{'case':<20} {'median ms':>10} {'fastest':>8} {'instructions':>14} "
              f"{'relocations':>12} {'libs':>5}  binary")
        for case, arguments, _ in cases(work):
            for binary in binaries:
                times = runs[(binary, case)]
                count = None if options.no_callgrind else instructions(binary, arguments, env)
                relocations, libs = loader(binary, arguments, env)
                shown = f"{count:,}" if count else "-"
                print(f"{case:<20} {statistics.median(times):>10.2f} {min(times):>8.2f} "
                      f"{shown:>14} {relocations:>12,} {libs:>5}  {binary}")
        print(f"\nmedian and fastest of {options.runs} interleaved runs, spawn to exit; "
              "instructions: callgrind, the process itself (not an exec'ed sibling); relocations "
              "and libs (initialised): LD_DEBUG, every process of the run")


if __name__ == "__main__":
    main()
