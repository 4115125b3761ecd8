"""python icalendar (used by khal, Home Assistant, ...): parses, no component has errors,
and the events carry the expected names (with ages, the overrides their titles)."""
import icalendar


def load(path):
    return icalendar.Calendar.from_ical(open(path, "rb").read())


def check(path, case):
    try:
        cal = load(path)
    except Exception as error:  # a parse failure is the finding
        return [f"does not parse: {error}"]
    problems = [f"{c.name}: {c.errors}" for c in cal.walk() if getattr(c, "errors", None)]
    if case is not None:
        summaries = sorted(str(e["SUMMARY"]) for e in cal.walk("VEVENT"))
        expected = case.titles()
        if summaries != expected:
            problems.append(f"summaries {summaries} != {expected}")
    return problems
