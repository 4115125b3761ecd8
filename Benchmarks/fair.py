"""The fair comparison: bdconvert against the limit probe (Benchmarks/probe/) and older bdconvert
binaries, on the probe's corpora, all runs interleaved, medians of rounds; and instruction counts.

Used by bench.py (`Benchmarks/run --probe-only [--probe DIR] [--baseline BIN ...] [--callgrind]`):

- The machine first: lscpu's model name and L1d/L2/L3 sizes, cores, kernel, load average before
  (and after, at the end), the compiler and flags of the probe, each binary's path.
- The probe is built from DIR/probe.c with the system `cc -O2` (portable code: no -march=native,
  so the same instructions run on every machine it is measured on). Its output is bdconvert's
  format of today (start year 1972, X-ABUID as the identifier); the file-to-file outputs of the
  probe and every binary are compared byte for byte (in --smoke a difference fails the run).
- Conversions, each in two ways: (a) to /dev/null, the conversion's work; (b) file to file, the
  probe writing through a temporary file with fsync and rename as bdconvert does. Per round every
  tool runs once, in an order rotated each round, so load changes hit every tool alike; the
  previous output is removed and dirty pages flushed before each run, untimed.
- With --baseline (one or more older bdconvert binaries): the same rounds, plus `list`, `delete
  --uid X -o OUT` on the calendar converted from the vCard corpus, and `sync` of 100k contacts
  with 1% renamed into the calendar of their previous sync (a file target).
- --callgrind: instructions executed (valgrind's callgrind, whole process, threads included) at
  30,000 contacts for each workload and binary: deterministic under load where seconds are not.
"""
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.path.join(HERE, ".work")
DEFAULT_PROBE = os.path.join(HERE, "probe")
PROBE_CFLAGS = ["-O2"]
PROBE_LIBS = ["-lcrypto", "-lpthread"]
ENV = dict(os.environ, SOURCE_DATE_EPOCH="0")

# gen_corpus.py format -> (extension, bdconvert command, probe flags or None, description)
FORMATS = {
    "vcf3": ("vcf", "vcf-to-ics", [], "vCard 3.0"),
    "csv-google": ("csv", "csv-to-ics", ["-c"], "Google CSV"),
    "vcf4": ("vcf", "vcf-to-ics", None, "vCard 4.0"),
    "vcf21": ("vcf", "vcf-to-ics", None, "vCard 2.1"),
}


def lscpu():
    """lscpu's fields of interest (model name, cache sizes), or what could be read."""
    fields = {}
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return fields
    for line in out.splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    return fields


def machine_lines():
    cpu = lscpu()
    model = cpu.get("Model name", platform.processor() or "unknown")
    caches = ", ".join(f"{name} {cpu[name]}" for name in ("L1d cache", "L2 cache", "L3 cache") if name in cpu)
    return [
        f"machine: {model}; {caches}; {os.cpu_count()} cores; Linux {platform.release()}",
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
        f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}",
    ]


def probe_source(probe_dir):
    path = probe_dir if probe_dir.endswith(".c") else os.path.join(probe_dir, "probe.c")
    return path if os.path.exists(path) else None


def ensure_openssl():
    """The probe hashes with OpenSSL's SHA-1: install its headers when they are missing."""
    if os.path.exists("/usr/include/openssl/sha.h"):
        return
    print("probe: installing libssl-dev (OpenSSL headers for the probe's SHA-1) with apt-get", flush=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "libssl-dev"], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def build_probe(source):
    """Compiles the probe into .work/ (again when its source or the flags changed); its command."""
    ensure_openssl()
    probe = os.path.join(WORK, "probe")
    command = ["cc"] + PROBE_CFLAGS + ["-o", probe, source] + PROBE_LIBS
    stamp = probe + ".command"
    current = " ".join(command)
    fresh = (os.path.exists(probe) and os.path.getmtime(probe) >= os.path.getmtime(source)
             and os.path.exists(stamp) and open(stamp).read() == current)
    if not fresh:
        subprocess.run(command, check=True)
        with open(stamp, "w") as f:
            f.write(current)
    version = subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print(f"probe: {' '.join(shlex.quote(c) for c in command)}  ({version})")
    return probe


def corpus(generator_dir, fmt, size):
    ext = FORMATS[fmt][0]
    path = os.path.join(WORK, f"gc-{fmt}-{size}.{ext}")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(generator_dir, "gen_corpus.py"), str(size), fmt, path],
                       check=True, stdout=subprocess.DEVNULL)
    return path


def generated(fmt, size):
    """An input of Benchmarks/generate.py (the sync benchmark's, as before)."""
    path = os.path.join(WORK, f"{fmt}-{size}.vcf")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), fmt, str(size), path], check=True)
    return path


def run_once(argv, fresh=None, stdout=subprocess.DEVNULL):
    """Seconds, peak RSS (MiB) and CPU seconds (user + system, all threads) of one run. `fresh` (an output file) is removed first and dirty
    pages are flushed, both untimed, so a run pays neither for freeing nor writing back the
    previous run's output."""
    if fresh and os.path.exists(fresh):
        os.remove(fresh)
    os.sync()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=stdout, stderr=subprocess.PIPE, env=ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed:\n{err}")
    return elapsed, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime


def interleaved(cases, runs):
    """cases: [(name, argv, fresh output or None)]. Every case once per round, the order rotated
    each round. Returns name -> [(seconds, rss, cpu)] in round order."""
    results = {name: [] for name, _, _ in cases}
    for number in range(runs):
        start = number % len(cases)
        for name, argv, fresh in cases[start:] + cases[:start]:
            results[name].append(run_once(argv, fresh))
    return results


def show_command(argv):
    """The command as run from the repository's root (where Benchmarks/run runs it)."""
    root = os.path.dirname(HERE)
    shown = [os.path.relpath(a, root) if a.startswith(root + os.sep) else a for a in argv]
    return "SOURCE_DATE_EPOCH=0 " + " ".join(shlex.quote(a) for a in shown)


def report(title, cases, results, units, unit_name, reference):
    """One table: median/min/max seconds, median CPU seconds, throughput, RSS; then the median
    time and CPU time over `reference`'s, and the ratio of each round (runs paired by round).
    On a loaded machine the CPU seconds move less than the wall clock."""
    print(title)
    for name, argv, _ in cases:
        print(f"  {name:<26} {show_command(argv)}")
    print(f"  {'tool':<26}{'median s':>10}{'min s':>9}{'max s':>9}{'CPU s':>8}{unit_name:>11}{'RSS MiB':>9}"
          f"  {'/ ' + reference if reference else ''}")
    ref = results.get(reference)
    for name, _, _ in cases:
        secs = [r[0] for r in results[name]]
        median = statistics.median(secs)
        rss = statistics.median(r[1] for r in results[name])
        cpu = statistics.median(r[2] for r in results[name])
        ratio = ""
        if ref is not None and name != reference:
            per_round = sorted(s / r[0] for s, r in zip(secs, ref))
            cpu_ratio = cpu / statistics.median(r[2] for r in ref)
            ratio = (f"{median / statistics.median(r[0] for r in ref):.3f}  CPU {cpu_ratio:.3f}  rounds "
                     + " ".join(f"{x:.2f}" for x in per_round))
        print(f"  {name:<26}{median:>10.3f}{min(secs):>9.3f}{max(secs):>9.3f}{cpu:>8.3f}{units / median:>11,.1f}{rss:>9.1f}"
              f"  {ratio}")


def compare_bytes(outputs, smoke):
    """Byte comparison of the file-to-file outputs against bdconvert's."""
    reference = outputs["bdconvert"]
    failed = False
    for name, path in outputs.items():
        if name == "bdconvert":
            continue
        if subprocess.run(["cmp", "-s", reference, path]).returncode == 0:
            print(f"  output: {name} and bdconvert wrote the same bytes ({os.path.getsize(path):,} bytes)")
            continue
        diff = subprocess.run(["cmp", reference, path], capture_output=True, text=True).stdout.strip()
        print(f"  output: {name} DIFFERS from bdconvert: {diff}")
        failed = failed or name == "probe"
    if failed and smoke:
        sys.exit("the probe's output differs from bdconvert's: update Benchmarks/probe/probe.c to today's format")


def tools(binary, baselines):
    """(name, path) of bdconvert and the baselines, named after their files."""
    named = [("bdconvert", binary)]
    for path in baselines:
        name = os.path.basename(path)
        if name == "bdconvert" or any(name == n for n, _ in named):
            name = f"baseline{len(named)}"
        named.append((name, path))
    return named


def conversions(binary, baselines, probe, generator_dir, fmt, size, runs, threads, smoke):
    ext, command, flags, description = FORMATS[fmt]
    path = corpus(generator_dir, fmt, size)
    mb = os.path.getsize(path) / 1e6
    with_probe = probe is not None and flags is not None
    for mode in ("/dev/null", "file"):
        cases, outputs = [], {}
        for name, tool in ([("probe", probe)] if with_probe else []) + tools(binary, baselines):
            out = "/dev/null" if mode == "/dev/null" else os.path.join(WORK, f"fair-{name}.ics")
            if name == "probe":
                argv = [tool] + flags + ["-t", str(threads), path, out]
            else:
                argv = [tool, command, path, "-q", "-o", out, "--threads", str(threads)]
            cases.append((name, argv, None if mode == "/dev/null" else out))
            outputs[name] = out
        results = interleaved(cases, runs)
        where = "to /dev/null (the conversion's work)" if mode == "/dev/null" else \
            "file to file (temporary file, fsync, rename)"
        report(f"{description}: {os.path.basename(path)}, {mb:.1f} MB, {size:,} contacts; {threads} thread(s);"
               f" {where}; median of {runs}; MB/s of input",
               cases, results, mb, "MB/s", "probe" if with_probe else "bdconvert")
        if baselines:
            for name, _ in tools(binary, baselines)[1:]:
                ratio = statistics.median(r[0] for r in results["bdconvert"]) / \
                    statistics.median(r[0] for r in results[name])
                print(f"  bdconvert / {name}: {ratio:.3f}")
        if mode == "file":
            compare_bytes(outputs, smoke)
    return path


def calendar_workloads(binary, baselines, vcard, runs):
    """list and delete --uid X -o OUT on the calendar bdconvert converts from `vcard`."""
    calendar = os.path.splitext(vcard)[0] + ".ics"
    if not os.path.exists(calendar):
        run_once([binary, "vcf-to-ics", vcard, "-q", "-o", calendar])
    events, uid = 0, None
    with open(calendar, "rb") as f:
        for line in f:
            if line.startswith(b"BEGIN:VEVENT"):
                events += 1
            elif uid is None and line.startswith(b"UID:"):
                uid = line[4:].rstrip(b"\r\n").decode()
    mb = os.path.getsize(calendar) / 1e6
    named = tools(binary, baselines)
    for title, make in (
        ("list (standard output to /dev/null)", lambda name, tool: ([tool, "list", calendar], None)),
        ("delete --uid X -o OUT", lambda name, tool: (
            [tool, "delete", "--uid", uid, calendar, "-o", os.path.join(WORK, f"fair-deleted-{name}.ics")],
            os.path.join(WORK, f"fair-deleted-{name}.ics"))),
    ):
        cases = [(name,) + make(name, tool) for name, tool in named]
        results = interleaved(cases, runs)
        report(f"{title}: {os.path.basename(calendar)}, {mb:.1f} MB, {events:,} events; median of {runs};"
               f" events/s", cases, results, events, "events/s", "bdconvert" if baselines else None)


def changed_copy(source, target, every=100):
    """`source` with the name of every `every`-th card changed (1%), so that its event is replaced."""
    with open(source, "rb") as f, open(target, "wb") as out:
        count = 0
        for line in f:
            if line.startswith(b"BEGIN:VCARD"):
                count += 1
            if line.startswith(b"FN") and count % every == 0:
                line = line.replace(b":", b":Renamed ", 1)
            out.write(line)


def sync_workload(binary, baselines, size, runs):
    """sync of `size` vCard 3.0 contacts with 1% renamed into the calendar of their previous sync
    (each binary its own), and a plain conversion of the same file, interleaved."""
    vcard = generated("vcf30", size)
    changed = os.path.join(WORK, f"vcf30-{size}-changed.vcf")
    if not os.path.exists(changed):
        changed_copy(vcard, changed)
    named = tools(binary, baselines)
    cases, bases = [], {}
    for name, tool in named:
        base = os.path.join(WORK, f"fair-sync-base-{name}-{size}.ics")
        if os.path.exists(base):
            os.remove(base)
        run_once([tool, "sync", vcard, "--to", base, "-q"])
        bases[name] = base
        out = os.path.join(WORK, f"fair-convert-{name}.ics")
        cases.append((f"{name} convert", [tool, "vcf-to-ics", changed, "-q", "-o", out], out))
    sync_cases = []
    for name, tool in named:
        target = os.path.join(WORK, f"fair-sync-{name}.ics")
        # a re-synced target has the lock file of its earlier sync, as in real use
        open(os.path.join(WORK, f".fair-sync-{name}.ics.bdconvert-lock"), "a").close()
        sync_cases.append((name, target, [tool, "sync", changed, "--to", target, "-q"]))
    results = {name: [] for name, _, _ in cases}
    results.update({f"{name} sync": [] for name, _, _ in sync_cases})
    for number in range(runs):
        order = cases + [(f"{n} sync", argv, (n, target)) for n, target, argv in sync_cases]
        start = number % len(order)
        for name, argv, extra in order[start:] + order[:start]:
            if isinstance(extra, tuple):
                shutil.copyfile(bases[extra[0]], extra[1])  # untimed: the calendar of the previous sync
                results[name].append(run_once(argv))
            else:
                results[name].append(run_once(argv, extra))
    all_cases = cases + [(f"{n} sync", argv, None) for n, _, argv in sync_cases]
    report(f"sync: {os.path.basename(changed)} ({size:,} vCard 3.0 contacts, 1% renamed) into the calendar of"
           f" their previous sync (file target); and vcf-to-ics of the same file; median of {runs}; contacts/s",
           all_cases, results, size, "contacts/s", None)

    def median(name):
        return statistics.median(r[0] for r in results[name])
    for name, _ in named:
        print(f"  {name}: sync / convert {median(name + ' sync') / median(name + ' convert'):.2f} (issue 35: < 2)")
    for name, _ in named[1:]:
        print(f"  bdconvert / {name}: sync {median('bdconvert sync') / median(name + ' sync'):.3f},"
              f" convert {median('bdconvert convert') / median(name + ' convert'):.3f}")


def bench_fair(binary, baselines, probe_dir, generator_dir, sizes, formats, thread_counts, runs, smoke,
               sync_size):
    for line in machine_lines():
        print(line)
    for name, tool in tools(binary, baselines):
        print(f"{name}: {tool}")
    source = probe_source(probe_dir) if probe_dir else None
    probe = build_probe(source) if source else None
    if probe is None:
        print(f"limit probe: skipped ({probe_dir or 'no --probe'}: no probe.c)")
    if runs < 5 and not smoke:
        print(f"note: --runs {runs}: the figures to record are medians of at least 5")
    for size in sizes:
        vcard = None
        for fmt in formats:
            for threads in thread_counts:
                path = conversions(binary, baselines, probe, generator_dir, fmt, size, runs, threads, smoke)
                if fmt == "vcf3":
                    vcard = path
        if vcard and (baselines or not smoke):  # the smoke's calendar workloads are bench.py's
            calendar_workloads(binary, baselines, vcard, runs)
    if sync_size:
        sync_workload(binary, baselines, sync_size, runs)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def callgrind_count(argv, fresh=None):
    """Instructions executed (callgrind's Ir, threads included), one run."""
    if fresh and os.path.exists(fresh):
        os.remove(fresh)
    log = os.path.join(WORK, "callgrind.log")
    with open(log, "w") as err:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.path.join(WORK, 'callgrind.out')}"]
                       + argv, stdout=subprocess.DEVNULL, stderr=err, check=True, env=ENV)
    with open(log) as f:
        for line in f:
            if "Collected :" in line:
                return int(line.split()[-1])
    sys.exit(f"no callgrind count in {log}")


def bench_callgrind(binary, baselines, probe_dir, generator_dir, size=30000, only=None):
    """Instruction counts at `size` contacts: each workload (or those whose names start with one
    of `only`), each binary (and the probe)."""
    if shutil.which("valgrind") is None:
        print("callgrind: installing valgrind with apt-get", flush=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "valgrind"], check=True, stdout=subprocess.DEVNULL,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    for line in machine_lines():
        print(line)
    named = tools(binary, baselines)
    for name, tool in named:
        print(f"{name}: {tool}")
    source = probe_source(probe_dir) if probe_dir else None
    probe = build_probe(source) if source else None
    vcard = corpus(generator_dir, "vcf3", size)
    csv = corpus(generator_dir, "csv-google", size)
    calendar = os.path.splitext(vcard)[0] + ".ics"
    if not os.path.exists(calendar):
        run_once([binary, "vcf-to-ics", vcard, "-q", "-o", calendar])
    with open(calendar, "rb") as f:
        uid = next(line[4:].rstrip(b"\r\n").decode() for line in f if line.startswith(b"UID:"))
    sync_vcard = generated("vcf30", size)
    changed = os.path.join(WORK, f"vcf30-{size}-changed.vcf")
    if not os.path.exists(changed):
        changed_copy(sync_vcard, changed)
    out = os.path.join(WORK, "callgrind-out.ics")
    target = os.path.join(WORK, "callgrind-sync.ics")
    workloads = [
        ("vcf-to-ics gc-vcf3 -o", lambda t: [t, "vcf-to-ics", vcard, "-q", "-o", out], ["", vcard, out]),
        ("csv-to-ics gc-csv -o", lambda t: [t, "csv-to-ics", csv, "-q", "-o", out], ["-c", csv, out]),
        ("list", lambda t: [t, "list", calendar], None),
        ("delete --uid X -o", lambda t: [t, "delete", "--uid", uid, calendar, "-o", out], None),
        ("sync 1% renamed, file", lambda t: [t, "sync", changed, "--to", target, "-q"], None),
    ]
    print(f"callgrind instruction counts (valgrind --tool=callgrind, whole process, threads included,"
          f" default threads), {size:,} contacts; inputs {os.path.basename(vcard)}, {os.path.basename(csv)},"
          f" {os.path.basename(calendar)} (bdconvert's conversion), {os.path.basename(changed)}")
    columns = ([("probe", probe)] if probe else []) + named
    print(f"  {'workload':<26}" + "".join(f"{name[:18]:>20}" for name, _ in columns))
    for title, make, probe_args in workloads:
        if only and not any(title.startswith(prefix) for prefix in only):
            continue
        counts = {}
        for name, tool in columns:
            if name == "probe":
                if probe_args is None:
                    continue
                flags, source_file, output = probe_args
                argv = [tool] + ([flags] if flags else []) + ["-t", str(os.cpu_count()), source_file, output]
                counts[name] = callgrind_count(argv, output)
                continue
            if title.startswith("sync"):
                base = os.path.join(WORK, f"callgrind-sync-base-{name}-{size}.ics")
                if not os.path.exists(base):
                    run_once([tool, "sync", sync_vcard, "--to", base, "-q"])
                shutil.copyfile(base, target)
            counts[name] = callgrind_count(make(tool), out)
        cells = [f"{counts[name]:>20,}" if name in counts else f"{'':>20}" for name, _ in columns]
        against = [f"{(counts['bdconvert'] / counts[name] - 1) * 100:+.1f}% vs {name}" for name, _ in named[1:]]
        print(f"  {title:<26}" + "".join(cells) + ("  bdconvert " + ", ".join(against) if against else ""))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
