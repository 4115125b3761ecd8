"""libical (Evolution, GNOME Calendar, KDE): zero X-LIC-ERROR; its own recurrence iterator
agrees with the expected dates for a leap and a common year, and every override
(RECURRENCE-ID) is on a day that iterator produces."""
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
        lines = [line.split() for line in result.stdout.splitlines()]
        occurrences = {fields[0]: fields[1:] for fields in lines if fields[1:2] != ["R"]}
        got = sorted(tuple(dates) for dates in occurrences.values())
        expected = sorted(
            tuple(d.isoformat() for d in case.expected_dates(p) if d.year == year) for p in case.people)
        if got != expected:
            problems.append(f"libical occurrences in {year}: {got} != {expected}")
        # Each override replaces an occurrence libical's own iterator produces.
        overrides = [(fields[0], fields[2]) for fields in lines if fields[1:2] == ["R"]]
        for uid, day in overrides:
            if day not in occurrences.get(uid, []):
                problems.append(f"libical {year}: override {day} of {uid} is not an occurrence")
        wanted = sum(case.has_override(p, d) for p in case.people for d in case.expected_dates(p) if d.year == year)
        if len(overrides) != wanted:
            problems.append(f"libical {year}: {len(overrides)} overrides, expected {wanted}")
    return problems
