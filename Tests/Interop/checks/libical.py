"""libical (Evolution, GNOME Calendar, KDE): zero X-LIC-ERROR; its own recurrence iterator
agrees with the expected dates for a leap and a common year."""
import subprocess

BINARY = None  # set by interop.py


def check(path, case):
    problems = []
    result = subprocess.run([BINARY, path], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        problems.append((result.stdout + result.stderr).strip() or f"exit {result.returncode}")
    if case is None:
        return problems
    for year in (2027, 2028):
        result = subprocess.run([BINARY, path, "--expand", str(year)], capture_output=True, text=True, timeout=60)
        got = sorted(tuple(line.split()[1:]) for line in result.stdout.splitlines())
        expected = sorted(
            tuple(d.isoformat() for d in case.expected_dates(p) if d.year == year) for p in case.people)
        if got != expected:
            problems.append(f"libical occurrences in {year}: {got} != {expected}")
    return problems
