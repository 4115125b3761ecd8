#!/usr/bin/env python3
"""Writes an iCalendar file of N events for measuring `list`: python3 make-calendar.py N KIND > out.ics

KIND birthdays: all-day FREQ=YEARLY events, as bdconvert writes them (the common large calendar).
KIND mixed: what real calendars hold: weekly BYDAY rules in zones, monthly ordinal days, EXDATEs
in UTC, RDATEs, moved and cancelled occurrences (overrides), one-off events, daily rules.
"""
import random
import sys

count = int(sys.argv[1])
kind = sys.argv[2] if len(sys.argv) > 2 else "birthdays"
rng = random.Random(18)
out = sys.stdout
out.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n")
days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "W. Europe Standard Time"]
for index in range(count):
    year = rng.randint(1950, 2026)
    month = rng.randint(1, 12)
    day = rng.randint(1, 28)
    uid = f"{index}-{rng.getrandbits(48):012x}@bench"
    if kind == "birthdays":
        out.write(f"BEGIN:VEVENT\r\nUID:{uid}\r\nSUMMARY:Birthday {index}\r\n"
                  f"DTSTART;VALUE=DATE:{year:04}{month:02}{day:02}\r\nRRULE:FREQ=YEARLY\r\nEND:VEVENT\r\n")
        continue
    year = rng.randint(2015, 2027)
    shape = index % 8
    zone = rng.choice(zones)
    start = f"{year:04}{month:02}{day:02}T{rng.randint(7, 20):02}0000"
    lines = [f"UID:{uid}", f"SUMMARY:Event {index}", f"DTSTART;TZID={zone}:{start}"]
    if shape == 0:
        lines.append(f"RRULE:FREQ=WEEKLY;BYDAY={rng.choice(days)}")
    elif shape == 1:
        lines.append("RRULE:FREQ=WEEKLY;BYDAY=" + ",".join(sorted(rng.sample(days, 3))))
        lines.append(f"EXDATE:{year + 1:04}{month:02}{day:02}T120000Z")
    elif shape == 2:
        lines.append(f"RRULE:FREQ=MONTHLY;BYDAY={rng.choice([1, 2, -1])}{rng.choice(days)}")
    elif shape == 3:
        lines.append("RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
    elif shape == 4:
        lines.append(f"RRULE:FREQ=DAILY;COUNT={rng.randint(5, 500)}")
    elif shape == 5:
        lines.append("RRULE:FREQ=YEARLY")
        lines.append(f"RDATE;TZID={zone}:{year + 2:04}0704T100000")
    elif shape == 6:
        lines.append(f"RRULE:FREQ=WEEKLY;UNTIL={year + 9:04}0101T000000Z")
    # shape 7: a single event
    out.write("BEGIN:VEVENT\r\n" + "".join(line + "\r\n" for line in lines) + "END:VEVENT\r\n")
    if shape in (0, 6) and rng.random() < 0.5:
        out.write(f"BEGIN:VEVENT\r\nUID:{uid}\r\nRECURRENCE-ID;TZID={zone}:{start}\r\n"
                  f"DTSTART;TZID={zone}:{year:04}{month:02}{min(day + 1, 28):02}T090000\r\n"
                  + ("STATUS:CANCELLED\r\n" if rng.random() < 0.3 else "") + "END:VEVENT\r\n")
out.write("END:VCALENDAR\r\n")
