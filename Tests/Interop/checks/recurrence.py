"""Independent recurrence expansion (python recurring-ical-events, on dateutil): every event
occurs exactly on the expected days over 2027-2032."""
import datetime

import icalendar
import recurring_ical_events

from cases import YEARS


def check(path, case):
    if case is None:
        return []
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    occurrences = recurring_ical_events.of(cal).between(
        datetime.date(YEARS[0], 1, 1), datetime.date(YEARS[-1] + 1, 1, 1))
    got = {}
    for event in occurrences:
        got.setdefault(str(event["SUMMARY"]), []).append(event.start)
    problems = []
    for person in case.people:
        dates = sorted(got.get(f"Birthday: {person.name}", []))
        expected = case.expected_dates(person)
        if dates != expected:
            problems.append(f"{person.name}: {[d.isoformat() for d in dates]} != {[d.isoformat() for d in expected]}")
    return problems
