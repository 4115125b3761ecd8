#!/usr/bin/env python3
"""Pathological inputs through the real bdconvert binary: each must end with a clear message or a
clean skip (never a crash or a hang), within a time and memory bound, in time linear in its size,
and whatever calendar is written must pass the structural checks.

Usage: robustness.py --bdconvert BIN --work DIR
Prints one line per case and a final "N passed, M failed".
"""
import argparse
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Interop"))
from checks import structure  # noqa: E402

passed = failed = 0
BIN = WORK = None


def run(args):
    """Runs bdconvert; returns (exit status, seconds, peak RSS in MiB, stderr).

    The peak RSS comes from GNU time, a small launcher: Linux carries a parent's memory high-water
    mark into a child it forks, so measuring straight from this (large) Python process would
    report Python's peak instead of bdconvert's.
    """
    rss_file = os.path.join(WORK, "rss")
    start = time.perf_counter()
    with open(os.path.join(WORK, "stderr"), "wb") as err:
        result = subprocess.run(["/usr/bin/time", "-q", "-f", "%M", "-o", rss_file, BIN] + args,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                env=dict(os.environ, SOURCE_DATE_EPOCH="0"), timeout=600)
    elapsed = time.perf_counter() - start
    stderr = open(os.path.join(WORK, "stderr"), encoding="utf-8", errors="replace").read()
    rss_lines = [line for line in open(rss_file).read().split() if line.isdigit()]
    rss = int(rss_lines[-1]) / 1024 if rss_lines else 0.0
    code = result.returncode
    if code > 128:  # GNU time reports a signal as 128 + signal number
        code = -(code - 128)
    return code, elapsed, rss, stderr


def case(name, command, data, statuses=(0,), seconds=60, megabytes=64, stderr_has=None, check_output=True):
    global passed, failed
    path = os.path.join(WORK, name)
    with open(path, "wb") as f:
        f.write(data)
    del data
    output = os.path.join(WORK, name + ".ics")
    if os.path.exists(output):
        os.remove(output)
    quiet = ["-q"] if command[0] in ("vcf-to-ics", "csv-to-ics") else []
    target = [] if command[0] == "list" else ["-o", output]
    code, elapsed, rss, stderr = run(command + [path] + quiet + target)
    problems = []
    if code not in statuses:
        problems.append(f"exit {code} (expected {statuses}): {stderr[-300:]}")
    if code < 0 or "Fatal error" in stderr or "Stack dump" in stderr:
        problems.append("crashed")
    if elapsed > seconds:
        problems.append(f"took {elapsed:.1f} s (limit {seconds})")
    if rss > megabytes:
        problems.append(f"peak RSS {rss:.0f} MiB (limit {megabytes})")
    if stderr_has and stderr_has not in stderr:
        problems.append(f"stderr lacks {stderr_has!r}: {stderr[-300:]}")
    if code == 0 and check_output and target:
        problems += structure.check(output, None)
    elif code != 0 and os.path.exists(output):
        problems.append("a failed run left an output file")
    report(name, problems, f"{os.path.getsize(path) / 1e6:.1f} MB, {elapsed:.2f} s, {rss:.0f} MiB")
    os.remove(path)
    return elapsed


def report(name, problems, detail=""):
    global passed, failed
    if problems:
        failed += 1
        print(f"FAIL {name}: {'; '.join(problems)[:500]}")
    else:
        passed += 1
        print(f"PASS {name} ({detail})")


def card(*lines):
    return ("BEGIN:VCARD\r\nVERSION:3.0\r\n" + "".join(l + "\r\n" for l in lines) + "END:VCARD\r\n").encode()


def vcard_cases():
    vcf = ["vcf-to-ics"]
    good = card("FN:After", "BDAY:1990-01-01")
    # A 100 MB single line, and the same at 10 MB to show time grows linearly.
    # The line reader holds one whole physical line, so a huge line costs memory once (bounded
    # by about 3x its size while the buffer grows), never per card or quadratically.
    small = case("vcf-10mb-line", vcf, card("FN:" + "x" * 10_000_000, "BDAY:1985-04-12") + good, megabytes=96)
    large = case("vcf-100mb-line", vcf, card("FN:" + "x" * 100_000_000, "BDAY:1985-04-12") + good,
                 seconds=60, megabytes=400)
    report("vcf-line-time-is-linear", [] if large <= 15 * max(small, 0.05) else [f"10 MB {small:.2f} s, 100 MB {large:.2f} s"])
    case("vcf-million-folds", vcf, card("FN:Folded", "BDAY:1985-04-12", "NOTE:start" + "\r\n continued" * 1_000_000) + good)
    case("vcf-50mb-photo-one-line", vcf, card("FN:Photo", "BDAY:1985-04-12",
                                              "PHOTO;ENCODING=b;TYPE=JPEG:" + "QUJD" * 12_500_000) + good,
         megabytes=256)
    folded_photo = "PHOTO;ENCODING=b;TYPE=JPEG:" + "\r\n ".join(["QUJD" * 18] * 700_000)
    case("vcf-50mb-photo-folded", vcf, card("FN:Photo", "BDAY:1985-04-12", folded_photo) + good)
    case("vcf-100k-nested-begin", vcf, b"BEGIN:VCARD\r\n" * 100_000 + good, statuses=(0,))
    rng = random.Random(7)
    garbage = bytes(rng.choice([0, 0xFF, 0xC3, 0x80, 0xE2, 0x0D, 0x0A, 0x3A, 0x3B, 0x5C, 0x2C]) for _ in range(40))
    fields = [b"FN:", b"N:", b"ORG:", b"UID:", b"BDAY:", b"NOTE:", b"X-ABLABEL:", b"ANNIVERSARY:"]
    hostile = b"".join(b"BEGIN:VCARD\r\nVERSION:3.0\r\n" + b"".join(f + garbage + b"\r\n" for f in fields)
                       + b"FN:Nul\x00Name\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n" for _ in range(200))
    case("vcf-invalid-utf8-and-nul", vcf, hostile + good)
    case("vcf-empty", vcf, b"")
    case("vcf-only-begin", vcf, b"BEGIN:VCARD\r\n", stderr_has=None)
    case("vcf-binary", vcf, bytes(rng.getrandbits(8) for _ in range(1_000_000)), statuses=(65,),
         stderr_has="not a vCard file")


def csv_cases():
    csv = ["csv-to-ics"]
    good = b"Jane,Doe,1985-04-12\r\n"
    header = b"First Name,Last Name,Birthday\r\n"
    case("csv-100k-columns", csv, b",".join([b"First Name", b"Last Name", b"Birthday"] + [b"c%d" % i for i in range(100_000)])
         + b"\r\n" + b"Jane,Doe,1985-04-12" + b",x" * 100_000 + b"\r\n")
    case("csv-unterminated-quote", csv, header + b'"Jane,Doe,1985-04-12\r\n' * 1000 + good, statuses=(0, 65))
    case("csv-empty", csv, b"", statuses=(0, 65))
    case("csv-binary", csv, bytes(random.Random(9).getrandbits(8) for _ in range(1_000_000)), statuses=(65,))
    case("csv-10mb-field", csv, header + b'"' + b"x" * 10_000_000 + b'",Doe,1985-04-12\r\n' + good, megabytes=96)


def ics_cases():
    good = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:keep\r\nDTSTAMP:19700101T000000Z\r\n"
            b"DTSTART;VALUE=DATE:19700101\r\nEND:VEVENT\r\n")
    delete = ["delete", "--uid", "absent"]
    nested = good + b"BEGIN:X-DEEP\r\n" * 100_000 + b"END:X-DEEP\r\n" * 100_000 + b"END:VCALENDAR\r\n"
    case("ics-100k-nested-components", delete, nested, check_output=False)
    case("ics-100k-unclosed-begin", delete, good + b"BEGIN:X-DEEP\r\n" * 100_000, statuses=(65,),
         stderr_has="error:")
    case("ics-10mb-line", delete, good + b"BEGIN:VEVENT\r\nUID:u\r\nSUMMARY:" + b"x" * 10_000_000
         + b"\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", check_output=False, megabytes=96)
    case("ics-binary", delete, bytes(random.Random(11).getrandbits(8) for _ in range(1_000_000)), statuses=(65,))
    case("ics-empty", delete, b"", statuses=(0, 65), check_output=False)
    case("ics-list-binary", ["list"], bytes(random.Random(12).getrandbits(8) for _ in range(100_000)),
         statuses=(65,))


def main():
    global BIN, WORK
    parser = argparse.ArgumentParser()
    parser.add_argument("--bdconvert", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    BIN, WORK = args.bdconvert, args.work
    os.makedirs(WORK, exist_ok=True)
    vcard_cases()
    csv_cases()
    ics_cases()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
