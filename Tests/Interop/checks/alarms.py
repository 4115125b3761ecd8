"""Alarm times computed by python icalendar in three zones: each alarm fires at the requested
local time on the expected day of every 2028 occurrence (08:00 on the day by default,
-1d@18:00 at 18:00 the evening before)."""
import datetime
import zoneinfo

import icalendar
import recurring_ical_events
from icalendar.alarms import Alarms

ZONES = ["Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo"]


def check(path, case):
    if case is None:
        return []
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    problems = []
    for event in recurring_ical_events.of(cal).between(datetime.date(2028, 1, 1), datetime.date(2029, 1, 1)):
        day = event.start
        expected = sorted(
            datetime.datetime.combine(day - datetime.timedelta(days=before), datetime.time(hour, minute))
            for before, hour, minute in case.alarms)
        for zone in ZONES:
            alarms = Alarms(event)
            alarms.set_local_timezone(zoneinfo.ZoneInfo(zone))
            got = sorted(a.trigger.replace(tzinfo=None) for a in alarms.times)
            if got != expected:
                problems.append(f"{event['SUMMARY']} {day} in {zone}: {got} != {expected}")
    return problems
