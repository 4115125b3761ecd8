#!/usr/bin/env python3
"""Runs the real bdconvert binary on generated inputs and reports speed and peak memory.

Benchmarks/run [--smoke] [--sizes 10000,100000,1000000] [--formats vcf21,vcf30,vcf40,csv] [--runs 5]
               [--probe DIR] [--probe-sizes 100000] [--probe-only] [--instructions]

For each input: size in MB, contacts/s, MB/s (file to file), and the peak RSS of the bdconvert
process itself (wait4's ru_maxrss), each the median of --runs runs; then the start-to-exit time of
a one-card conversion (median of 50); how time scales from each size to the next; the speed-up of
all cores over `--threads 1` on the largest input of each format; then `list`, `list --json` and `delete --uid X -o OUT` on the
calendar converted from the largest vCard input, with the same columns per event; then `sync`
(--sync-sizes): a sync of N contacts with 1% of them changed into the calendar of their previous
sync, against a plain conversion of the same contacts (time ratio), and the peak RSS of a first
sync and of the 1%-changed sync (--sync-baseline BIN: BIN's figures too, runs interleaved, for a
comparison on a loaded machine). A benchmark, not a test: it never fails on timing.

--probe DIR (or BDCONVERT_PROBE=DIR; default Benchmarks/probe/): the limit probe of issue 16
(`probe.c`, a minimal C converter writing the same bytes as bdconvert, and `gen_corpus.py`, its
generator of harder address books: a quarter of the names non-ASCII, 30% of vCard 3.0 cards
without UID, namesakes sharing a birthday, photos, a 34-column Google CSV with quoted multi-line
addresses). The side-by-side run is fair.py's (see there): machine and CPU model printed, the
probe built with `cc -O2`, probe, bdconvert and any --baseline binaries interleaved in rounds,
to /dev/null and file to file (the probe with fsync and rename too), outputs compared byte for
byte (a difference fails --smoke), then list, delete and (with --baseline) sync.
--baseline BIN (repeatable): an older bdconvert in the same rounds, for a before/after.
--callgrind: instruction counts at 30,000 contacts of every workload and binary (and the probe).
Peak RSS is wait4's ru_maxrss, which on Linux includes this Python process's own (about 10-16
MiB) at the fork: small figures are a floor, not the tool's (use /usr/bin/time -v for those).
--instructions: callgrind instruction counts (one thread) of the fixed small cases used before and
after each optimisation, repeatable on a loaded machine where seconds are not.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

import fair

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.path.join(HERE, ".work")


def run_once(binary, args, fresh=None, name="bdconvert"):
    """Runs bdconvert once; `fresh` is an output file removed first (untimed), so that a run does
    not also pay for the kernel freeing the previous run's output. Dirty pages are flushed first
    (untimed) so that runs do not compete with the writeback of the run before."""
    if fresh and os.path.exists(fresh):
        os.remove(fresh)
    os.sync()  # untimed: the previous run's output is on disk, not being written during this one
    start = time.perf_counter()
    env = dict(os.environ, SOURCE_DATE_EPOCH="0")
    proc = subprocess.Popen([binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{name} {' '.join(args)} failed:\n{err}")
    return elapsed, usage.ru_maxrss / 1024.0  # MiB


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--smoke", action="store_true", help="10k contacts, 1 run: proves the benchmark still works")
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--formats", default="vcf21,vcf30,vcf40,csv")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--extra", default="", help="extra bdconvert options, e.g. '--threads 1'")
    parser.add_argument("--sync-sizes", default="100000,1000000", help="contacts for the sync benchmark ('' to skip)")
    parser.add_argument("--sync-only", action="store_true", help="only the sync benchmark")
    parser.add_argument("--sync-baseline", default="", help="another bdconvert run interleaved in the sync benchmark")
    parser.add_argument("--probe", default=os.environ.get("BDCONVERT_PROBE", fair.DEFAULT_PROBE),
                        help="directory of the limit probe (probe.c, gen_corpus.py); default $BDCONVERT_PROBE,"
                             " else Benchmarks/probe ('' to skip the probe)")
    parser.add_argument("--probe-sizes", default="1000000", help="contacts for the side-by-side run with the probe")
    parser.add_argument("--probe-formats", default="vcf3,csv-google",
                        help="gen_corpus.py formats for the side-by-side run (vcf3, csv-google; vcf4, vcf21 without probe)")
    parser.add_argument("--probe-threads", default=f"{os.cpu_count()},1", help="thread counts of the side-by-side run")
    parser.add_argument("--probe-only", action="store_true", help="only the side-by-side run with the probe")
    parser.add_argument("--baseline", action="append", default=[],
                        help="an older bdconvert in the side-by-side rounds (repeatable); adds list, delete, sync")
    parser.add_argument("--baseline-sync-size", type=int, default=100000,
                        help="contacts of the side-by-side sync with --baseline (0 to skip)")
    parser.add_argument("--callgrind", action="store_true",
                        help="instruction counts at 30,000 contacts, every workload and binary")
    parser.add_argument("--callgrind-size", type=int, default=30000, help="contacts for --callgrind")
    parser.add_argument("--callgrind-only", default="",
                        help="comma-separated workloads for --callgrind (vcf-to-ics, csv-to-ics, list, delete, sync)")
    parser.add_argument("--instructions", action="store_true", help="only callgrind instruction counts")
    args = parser.parse_args()
    binary = os.environ.get("BDCONVERT")
    if not binary:
        sys.exit("set BDCONVERT=/path/to/bdconvert (Benchmarks/run does this)")
    sizes = [10000] if args.smoke else [int(s) for s in args.sizes.split(",")]
    runs = 1 if args.smoke else args.runs
    os.makedirs(WORK, exist_ok=True)
    extra = args.extra.split()

    if not (args.probe_only or args.callgrind):  # those print the machine themselves
        for line in fair.machine_lines():
            print(line)
        print(f"binary: {binary}; median of {runs} run(s)")
    sync_sizes = [10000] if args.smoke else [int(s) for s in args.sync_sizes.split(",") if s]
    if args.sync_only:
        bench_sync(binary, sync_sizes, runs, args.sync_baseline or None)
        return
    if args.instructions:
        bench_instructions(binary, args.probe)
        return
    if args.callgrind:
        fair.bench_callgrind(binary, args.baseline, args.probe, generator_dir(args.probe), args.callgrind_size,
                             [w for w in args.callgrind_only.split(",") if w])
        return
    if args.probe_only:
        bench_probe(binary, args, runs)
        return
    print(f"{'input':<22}{'MB':>9}{'contacts/s':>14}{'MB/s':>9}{'peak RSS MiB':>14}{'seconds':>9}")
    largest_vcard = None  # (size, format, path)
    timings = {}  # (format, size) -> median seconds
    for fmt in args.formats.split(","):
        for size in sizes:
            path = os.path.join(WORK, f"{fmt}-{size}.{'csv' if fmt == 'csv' else 'vcf'}")
            if not os.path.exists(path):
                subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), fmt, str(size), path], check=True)
            if fmt != "csv" and (largest_vcard is None or size > largest_vcard[0]):
                largest_vcard = (size, fmt, path)
            command = "csv-to-ics" if fmt == "csv" else "vcf-to-ics"
            out = os.path.join(WORK, "out.ics")
            results = [run_once(binary, [command, path, "-q", "-o", out] + extra, fresh=out) for _ in range(runs)]
            seconds = statistics.median(r[0] for r in results)
            rss = statistics.median(r[1] for r in results)
            mb = os.path.getsize(path) / 1e6
            timings[(fmt, size)] = seconds
            print(f"{os.path.basename(path):<22}{mb:>9.1f}{size / seconds:>14,.0f}{mb / seconds:>9.1f}{rss:>14.1f}{seconds:>9.3f}")

    one = os.path.join(WORK, "one.vcf")
    with open(one, "w", newline="") as f:
        f.write("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Doe\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n")
    latencies = [run_once(binary, ["vcf-to-ics", one, "-q", "-o", os.path.join(WORK, "one.ics")])[0] for _ in range(10 if args.smoke else 50)]
    print(f"one-card file, process start to exit: median {statistics.median(latencies) * 1000:.1f} ms")

    if len(sizes) > 1:
        print("scaling (time is linear when the time ratio is close to the size ratio):")
        for fmt in args.formats.split(","):
            steps = [f"{small:,} -> {large:,}: {timings[(fmt, large)] / timings[(fmt, small)]:.1f}x time for {large / small:.0f}x contacts"
                     for small, large in zip(sizes, sizes[1:])]
            print(f"  {fmt:<8}" + "; ".join(steps))

    largest = max(sizes)
    if "--threads" not in extra:
        print(f"cores: --threads 1 against the default ({os.cpu_count()} threads), {largest:,} contacts"
              " (regular vCard files of 1 MiB, CSV files of 8 MB or more are converted on several threads):")
        for fmt in args.formats.split(","):
            path = os.path.join(WORK, f"{fmt}-{largest}.{'csv' if fmt == 'csv' else 'vcf'}")
            command = "csv-to-ics" if fmt == "csv" else "vcf-to-ics"
            out = os.path.join(WORK, "out.ics")
            one = statistics.median(
                run_once(binary, [command, path, "-q", "-o", out, "--threads", "1"], fresh=out)[0]
                for _ in range(runs))
            every = timings[(fmt, largest)]
            print(f"  {fmt:<8}1 thread {one:.3f} s, {os.cpu_count()} threads {every:.3f} s: {one / every:.2f}x")

    print(f"replacing an existing output of the same size instead of writing a new file, {largest:,} contacts:")
    for fmt in args.formats.split(","):
        path = os.path.join(WORK, f"{fmt}-{largest}.{'csv' if fmt == 'csv' else 'vcf'}")
        command = "csv-to-ics" if fmt == "csv" else "vcf-to-ics"
        out = os.path.join(WORK, "out.ics")
        run_once(binary, [command, path, "-q", "-o", out])  # leaves an output to replace
        replaced = statistics.median(run_once(binary, [command, path, "-q", "-o", out])[0] for _ in range(runs))
        print(f"  {fmt:<8}{replaced:.3f} s (new file: {timings[(fmt, largest)]:.3f} s)")

    if largest_vcard:
        bench_calendar(binary, *largest_vcard, runs)
    bench_sync(binary, sync_sizes, runs, args.sync_baseline or None)
    bench_probe(binary, args, runs)


def generator_dir(probe_dir):
    """Where gen_corpus.py is: the probe's folder, else Benchmarks/probe."""
    if probe_dir and os.path.exists(os.path.join(probe_dir, "gen_corpus.py")):
        return probe_dir
    return fair.DEFAULT_PROBE


def bench_probe(binary, args, runs):
    """The side-by-side run (fair.py): probe, bdconvert and the baselines interleaved. In
    --smoke: 5,000 contacts, one round, so that CI proves the probe builds and writes
    bdconvert's bytes."""
    smoke = args.smoke
    sizes = [5000] if smoke else [int(s) for s in args.probe_sizes.split(",") if s]
    threads = [os.cpu_count()] if smoke else [int(t) for t in args.probe_threads.split(",") if t]
    sync_size = (10000 if smoke else args.baseline_sync_size) if args.baseline else 0
    fair.bench_fair(binary, args.baseline, args.probe, generator_dir(args.probe), sizes,
                    args.probe_formats.split(","), threads, runs, smoke, sync_size)


def callgrind(command):
    """Instructions executed (callgrind's Ir), one run; valgrind is deterministic enough for +-0.1%."""
    log = os.path.join(WORK, "callgrind.log")
    with open(log, "w") as err:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.path.join(WORK, 'callgrind.out')}"]
                       + command, stdout=subprocess.DEVNULL, stderr=err, check=True,
                       env=dict(os.environ, SOURCE_DATE_EPOCH="0"))
    with open(log) as f:
        for line in f:
            if "Collected :" in line:
                return int(line.split()[-1])
    sys.exit(f"no callgrind count in {log}")


def probe_corpus(probe_dir, fmt, ext, size):
    return fair.corpus(generator_dir(probe_dir), fmt, size)


def bench_instructions(binary, probe_dir):
    """Instruction counts of small fixed cases (the ones of the issue 11 and 16 notes)."""
    cases = []
    vcf = os.path.join(WORK, "vcf30-5000.vcf")
    csv = os.path.join(WORK, "csv-20000.csv")
    for fmt, size, path in (("vcf30", 5000, vcf), ("csv", 20000, csv)):
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), fmt, str(size), path], check=True)
    calendar = os.path.join(WORK, "vcf30-5000.ics")
    if not os.path.exists(calendar):
        run_once(binary, ["vcf-to-ics", vcf, "-q", "-o", calendar])
    cases += [("vcf-to-ics vcf30 5k", ["vcf-to-ics", vcf, "-q", "--threads", "1"]),
              ("csv-to-ics csv 20k", ["csv-to-ics", csv, "-q", "--threads", "1"]),
              ("list 5k-card calendar", ["list", calendar, "--today", "2026-01-01"]),
              ("delete 5k, no match", ["delete", calendar, "--uid", "nothing-matches"])]
    if probe_dir and os.path.exists(os.path.join(probe_dir, "gen_corpus.py")):
        gvcf = probe_corpus(probe_dir, "vcf3", "vcf", 5000)
        gcsv = probe_corpus(probe_dir, "csv-google", "csv", 20000)
        gcal = os.path.join(WORK, "gc-vcf3-5000.ics")
        if not os.path.exists(gcal):
            run_once(binary, ["vcf-to-ics", gvcf, "-q", "-o", gcal])
        cases += [("vcf-to-ics gc-vcf3 5k", ["vcf-to-ics", gvcf, "-q", "--threads", "1"]),
                  ("csv-to-ics gc-csv 20k", ["csv-to-ics", gcsv, "-q", "--threads", "1"]),
                  ("list gc-vcf3 5k calendar", ["list", gcal, "--today", "2026-01-01"]),
                  ("delete gc-vcf3 5k, no match", ["delete", gcal, "--uid", "nothing-matches"])]
    print("callgrind instruction counts (one thread, output to /dev/null):")
    for name, command in cases:
        print(f"  {name:<28}{callgrind([binary] + command) / 1e6:>10.2f} M")


def bench_sync(binary, sizes, runs, baseline=None):
    """sync: 1% of N contacts changed, into the calendar of their previous sync, against converting
    the same contacts; and the peak RSS of the first sync (N additions) and of the re-sync. With a
    baseline binary, both run interleaved (convert, convert, sync, sync per round), so that a
    loaded machine slows both alike and their ratios compare."""
    if not sizes:
        return
    binaries = [binary] + ([baseline] if baseline else [])
    print("sync: N vCard 3.0 contacts, 1% renamed, into the calendar of the previous sync (file target)")
    print(f"{'contacts':>10}{'convert s':>11}{'sync s':>9}{'ratio':>7}{'first-sync RSS MiB':>20}{'re-sync RSS MiB':>17}{'changes':>9}  binary")
    for size in sizes:
        vcard = os.path.join(WORK, f"vcf30-{size}.vcf")
        if not os.path.exists(vcard):
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "vcf30", str(size), vcard], check=True)
        changed = os.path.join(WORK, f"vcf30-{size}-changed.vcf")
        if not os.path.exists(changed):
            fair.changed_copy(vcard, changed)
        target = os.path.join(WORK, "sync-target.ics")
        # A re-synced target has its lock file from the earlier sync (sync reads such a target
        # while it converts): there from the first round on, as in real use.
        open(os.path.join(WORK, ".sync-target.ics.bdconvert-lock"), "a").close()
        out = os.path.join(WORK, "out.ics")
        bases, first_rss = [], []
        for number, b in enumerate(binaries):
            base = os.path.join(WORK, f"sync-{size}.ics" if number == 0 else f"sync-{size}-baseline.ics")
            if os.path.exists(base):
                os.remove(base)
            first_rss.append(run_once(b, ["sync", vcard, "--to", base, "-q"])[1])
            bases.append(base)
        converts = [[] for _ in binaries]
        syncs = [[] for _ in binaries]
        for _ in range(runs):
            for number, b in enumerate(binaries):
                converts[number].append(run_once(b, ["vcf-to-ics", changed, "-q", "-o", out], fresh=out)[0])
            for number, b in enumerate(binaries):
                subprocess.run(["cp", bases[number], target], check=True)
                syncs[number].append(run_once(b, ["sync", changed, "--to", target, "-q"]))
        for number, b in enumerate(binaries):
            convert = statistics.median(converts[number])
            seconds = statistics.median(r[0] for r in syncs[number])
            rss = max(r[1] for r in syncs[number])
            ratios = sorted(s[0] / c for s, c in zip(syncs[number], converts[number]))
            print(f"{size:>10,}{convert:>11.3f}{seconds:>9.3f}{seconds / convert:>7.2f}{first_rss[number]:>20.1f}{rss:>17.1f}{size // 100:>9,}  {b}")
            print(f"{'':>10}ratio per round: {' '.join(f'{r:.2f}' for r in ratios)}")
    print("ratio: sync time / plain conversion time (the issue asks for less than 2); RSS: the largest of the runs")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def bench_calendar(binary, size, fmt, vcard, runs):
    """list and delete on the calendar converted (once) from the largest vCard input."""
    calendar = os.path.join(WORK, f"{fmt}-{size}.ics")
    if not os.path.exists(calendar):
        run_once(binary, ["vcf-to-ics", vcard, "-q", "-o", calendar])
    events, uid = 0, None
    with open(calendar, "rb") as f:
        for line in f:
            if line.startswith(b"BEGIN:VEVENT"):
                events += 1
            elif uid is None and line.startswith(b"UID:"):
                uid = line[4:].rstrip(b"\r\n").decode()
    mb = os.path.getsize(calendar) / 1e6
    out = os.path.join(WORK, "deleted.ics")
    print(f"{'calendar ' + os.path.basename(calendar):<22}{mb:>9.1f}{'events/s':>14}{'MB/s':>9}{'peak RSS MiB':>14}{'seconds':>9}")
    commands = [
        ("list", ["list", calendar]),
        ("list --json", ["list", "--json", calendar]),
        ("delete --uid -o", ["delete", "--uid", uid, calendar, "-o", out]),
        ("delete --uid (stdout)", ["delete", "--uid", uid, calendar]),
    ]
    for name, command in commands:
        results = [run_once(binary, command) for _ in range(runs)]
        seconds = statistics.median(r[0] for r in results)
        rss = statistics.median(r[1] for r in results)
        print(f"{name:<22}{'':>9}{events / seconds:>14,.0f}{mb / seconds:>9.1f}{rss:>14.1f}{seconds:>9.3f}")
    print(f"calendar: {events:,} events; delete removes the first event (UID {uid})")


if __name__ == "__main__":
    main()
