#!/usr/bin/env python3
"""bdconvert interop checks: real calendar software reads what bdconvert writes.

Usage (normally through Tests/Interop/run):
  interop.py --bdconvert BIN --libical-check BIN --kcal-check BIN --work DIR

Runs every case of the matrix (cases.py) and the samples through bdconvert, then each checker
(checks/*.py) on each calendar; `delete` results are checked too. With --self-test, each checker
is first shown to fail on a calendar broken in the way it exists to catch.
Prints one line per check and a final "N passed, M failed"; exits 1 if anything failed.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases  # noqa: E402
from checks import alarms, khal, libical, python_icalendar, radicale, recurrence, structure  # noqa: E402
from checks import kcalendarcore, lunar, sync  # noqa: E402

FULL = [("structure", structure), ("icalendar", python_icalendar), ("libical", libical),
        ("recurrence", recurrence), ("alarms", alarms), ("kcalendarcore", kcalendarcore)]
CLIENTS = [("khal", khal), ("radicale", radicale)]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

passed = failed = 0


def report(ok, case_name, checker, problems=()):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {case_name} {checker}")
    else:
        failed += 1
        print(f"FAIL {case_name} {checker}: {'; '.join(problems)[:600]}")


def run_checks(path, case, name, checkers):
    for checker_name, module in checkers:
        try:
            problems = module.check(path, case)
        except Exception as error:  # a crash in a checker is a failure, never a skip
            problems = [f"checker raised {type(error).__name__}: {error}"]
        report(not problems, name, checker_name, problems)


def convert(binary, case, work):
    source = os.path.join(work, f"{case.name}.{case.suffix}")
    output = os.path.join(work, f"{case.name}.ics")
    with open(source, "w", encoding="utf-8", newline="") as f:
        f.write(cases.render(case))
    result = subprocess.run([binary, case.command, source, "-q", "-o", output] + case.options,
                            capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, SOURCE_DATE_EPOCH="0", LC_ALL="C"))
    return output, result


def self_test(binary, work):
    """Each checker must catch the breakage it exists for: a checker that cannot fail proves nothing."""
    case = next(c for c in cases.matrix() if c.name == "vcf30-feb28-several-known")
    good, result = convert(binary, case, work)
    if result.returncode != 0:
        report(False, "self-test", "convert", [result.stderr])
        return
    text = open(good, "rb").read()
    breakages = {
        "structure": text.replace(b"\r\n", b"\n"),
        "icalendar": text.replace(b"DTSTART;VALUE=DATE:1988", b"DTSTART;VALUE=DATE:198", 1),
        "libical": text.replace(b"DTSTART;VALUE=DATE:1988", b"DTSTART;VALUE=DATE:198", 1),
        "recurrence": text.replace(b"BYMONTH=2;BYMONTHDAY=-1", b"BYYEARDAY=60"),
        "alarms": text.replace(b"TRIGGER;RELATED=START:PT8H", b"TRIGGER;RELATED=START:PT9H"),
        "khal": text.replace("Zoë".encode(), b"Zoe"),
        "radicale": text.replace(b"DTSTART;VALUE=DATE:19880412", b"DTSTART;VALUE=DATE:19880413"),
        "kcalendarcore": text.replace(b"DTSTART;VALUE=DATE:19880412", b"DTSTART;VALUE=DATE:19880413"),
    }
    for checker_name, module in FULL + CLIENTS:
        expect_failure(module, case, breakages[checker_name], work, f"{checker_name}-catches-breakage")
    late_alarm = text.replace(b"TRIGGER;RELATED=START:PT8H", b"TRIGGER;RELATED=START:PT9H")
    expect_failure(kcalendarcore, case, late_alarm, work, "kcalendarcore-catches-alarm-time")

    # With ages: an override on a day the rule does not produce (1 March under feb28), and an
    # override with last year's age.
    ages = next(c for c in cases.matrix() if c.name == "vcf30-feb28-ages-known")
    good, result = convert(binary, ages, work)
    if result.returncode != 0:
        report(False, "self-test", "convert-ages", [result.stderr])
        return
    text = open(good, "rb").read()
    off_day = text.replace(b"RECURRENCE-ID;VALUE=DATE:20270228", b"RECURRENCE-ID;VALUE=DATE:20270301")
    wrong_age = text.replace(b"SUMMARY:Birthday: Jane Doe (40)", b"SUMMARY:Birthday: Jane Doe (39)")
    for checker_name, module in [("recurrence", recurrence), ("libical", libical), ("kcalendarcore", kcalendarcore)]:
        expect_failure(module, ages, off_day, work, f"{checker_name}-catches-override-off-the-rule")
    for checker_name, module in [("recurrence", recurrence), ("khal", khal), ("radicale", radicale),
                                 ("kcalendarcore", kcalendarcore)]:
        expect_failure(module, ages, wrong_age, work, f"{checker_name}-catches-wrong-age")


def self_test_lunar(work):
    """The KCalendarCore lunar check catches a lunar birthday a day off (2030's, 11 October)."""
    source = os.path.join(work, "lunar-kcal.ics")
    if not os.path.exists(source):
        report(False, "self-test", "kcalendarcore-catches-lunar-day-off", ["no lunar-kcal.ics to break"])
        return
    text = open(source, "rb").read()
    path = os.path.join(work, "broken-lunar-kcal.ics")
    with open(path, "wb") as f:
        f.write(text.replace(b"DTSTART;VALUE=DATE:20301011", b"DTSTART;VALUE=DATE:20301012"))
    problems = kcalendarcore.lunar_problems(path, lambda year: f"李小龍 ({year - 1940})")
    report(bool(problems), "self-test", "kcalendarcore-catches-lunar-day-off", ["the checker accepted it"])


def expect_failure(module, case, data, work, name):
    path = os.path.join(work, f"broken-{name}.ics")
    with open(path, "wb") as f:
        f.write(data)
    try:
        problems = module.check(path, case)
    except Exception as error:
        problems = [f"raised {error}"]
    report(bool(problems), "self-test", name, ["the checker accepted a calendar broken for it"])


def check_delete(binary, work, source_ics):
    uids = re.findall(r"^UID:(.+?)\r$", open(source_ics, encoding="utf-8", newline="").read(), re.M)[:2]
    output = os.path.join(work, "after-delete.ics")
    args = [binary, "delete", source_ics, "-o", output]
    for uid in uids:
        args += ["--uid", uid]
    result = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        report(False, "delete", "bdconvert", [result.stderr.strip()])
        return
    remaining = open(output, encoding="utf-8").read()
    gone = [uid for uid in uids if uid not in remaining]
    report(len(gone) == len(uids) and len(uids) == 2, "delete", "uids-removed", [f"still there: {set(uids) - set(gone)}"])
    run_checks(output, None, "delete", FULL + CLIENTS)


def check_sync(binary, work):
    """A synced calendar passes every check a converted one does (with and without ages), and the
    sync checks of real clients pass."""
    for name in ["vcf30-feb28-several-known", "vcf30-feb28-ages-known"]:
        case = next(c for c in cases.matrix() if c.name == name)
        source = os.path.join(work, f"sync-{case.name}.{case.suffix}")
        with open(source, "w", encoding="utf-8", newline="") as f:
            f.write(cases.render(case))
        target = os.path.join(work, f"sync-{case.name}.ics")
        for run in ("first", "second"):  # the second sync must leave a valid calendar as it is
            result = subprocess.run([binary, "sync", source, "--to", target, "-q"] + case.options, capture_output=True,
                                    text=True, timeout=60, env=dict(os.environ, SOURCE_DATE_EPOCH="0"))
            if result.returncode != 0 or (run == "second" and result.stdout):
                report(False, f"sync-{case.name}", f"bdconvert-{run}", [result.stderr.strip() or result.stdout])
                break
        else:
            run_checks(target, case, f"sync-{case.name}", FULL + CLIENTS)
    for name, check in sync.CHECKS:
        try:
            problems = check(binary, work)
        except Exception as error:
            problems = [f"check raised {type(error).__name__}: {error}"]
        report(not problems, "sync", name, problems)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bdconvert", required=True)
    parser.add_argument("--libical-check", required=True)
    parser.add_argument("--kcal-check", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    libical.BINARY = args.libical_check
    kcalendarcore.BINARY = args.kcal_check
    os.makedirs(args.work, exist_ok=True)
    radicale.start()
    try:
        if args.self_test:
            self_test(args.bdconvert, args.work)
        samples = os.path.join(ROOT, "Samples")
        for sample in sorted(os.listdir(samples)):
            if sample.endswith(".ics"):
                run_checks(os.path.join(samples, sample), None, f"Samples/{sample}", FULL + CLIENTS)
        first_of_each = set()
        for case in cases.matrix():
            output, result = convert(args.bdconvert, case, args.work)
            if result.returncode != 0:
                report(False, case.name, "bdconvert", [result.stderr.strip()])
                continue
            # The real clients are slower: one case per format and leap-day policy, with and
            # without ages.
            key = (case.format, case.policy, case.ages)
            clients = CLIENTS if key not in first_of_each else []
            first_of_each.add(key)
            run_checks(output, case, case.name, FULL + clients)
        check_delete(args.bdconvert, args.work, os.path.join(samples, "birthdays.ics"))
        check_sync(args.bdconvert, args.work)
        problems = lunar.check(args.bdconvert, args.work)
        report(not problems, "lunar", "icalendar-libical", problems)
        problems = lunar.check_calendar_date(args.bdconvert, args.work)
        report(not problems, "lunar", "calendar-date-kept", problems)
        run_checks(os.path.join(args.work, "lunar.ics"), None, "lunar", FULL + CLIENTS)
        problems = lunar.check_chinese(args.bdconvert, args.work)
        report(not problems, "lunar-zh", "icalendar-libical", problems)
        run_checks(os.path.join(args.work, "lunar-zh.ics"), None, "lunar-zh", FULL + CLIENTS)
        problems = kcalendarcore.check_lunar(args.bdconvert, args.work)
        report(not problems, "lunar", "kcalendarcore-lunar-days", problems)
        problems = kcalendarcore.check_lunar_chinese(args.bdconvert, args.work)
        report(not problems, "lunar-zh", "kcalendarcore-lunar-days", problems)
        if args.self_test:
            self_test_lunar(args.work)
    finally:
        radicale.stop()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
