"""Independent recurrence expansion (python recurring-ical-events, on dateutil): every event
occurs exactly on the expected days over 2027-2032, with the expected title (with ages: the age
in the years with an override, none in the others) and alarm text."""
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
        got.setdefault(str(event["UID"]), []).append((event.start, str(event["SUMMARY"]), sorted(
            str(alarm["DESCRIPTION"]) for alarm in event.walk("VALARM"))))
    problems = []
    by_name = {}
    for uid, dates in got.items():
        by_name.setdefault(str(cal_summary(cal, uid)), []).extend(dates)
    for person in case.people:
        found = sorted((d, title) for d, title, _ in by_name.get(case.title(person), []))
        expected = [(d, case.title(person, d)) for d in case.expected_dates(person)]
        if found != expected:
            problems.append(f"{person.name}: {[f'{d.isoformat()} {t}' for d, t in found]} != "
                            f"{[f'{d.isoformat()} {t}' for d, t in expected]}")
        for day, _, messages in by_name.get(case.title(person), []):
            wanted = case.message(person, day)
            if wanted is not None and any(message != wanted for message in messages):
                problems.append(f"{person.name} {day}: alarm texts {messages} != {wanted}")
    return problems


def cal_summary(cal, uid):
    """The title of the yearly event with this UID (its overrides have the age in theirs)."""
    for event in cal.walk("VEVENT"):
        if str(event["UID"]) == uid and "RECURRENCE-ID" not in event:
            return event["SUMMARY"]
    return None
