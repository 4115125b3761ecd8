#!/usr/bin/env python3
"""Differential check of bdconvert's other calendars against independent Python libraries.

Through the built binary, end to end: a CSV of dates in one calendar goes through
`bdconvert csv-to-ics --date-calendar CAL`, and the events' dates are compared with the library's.

1. Conversions: every day of 1900-2100 within the library's range, written in the calendar by the
   library, must come back as the same Gregorian day (the "Born" date of the event's DESCRIPTION).
2. Celebration rules: random birthdays (and the hard cases: leap months, 30th days, Adar I and
   Adar, 30 Cheshvan/Kislev, Esfand 30) over 50 years: the set of event days must be the days the
   rules give with the library (docs/other-calendars.md); the Hebrew ones with
   `--hebrew-adar adar2` (the default) and `adar1`.

Libraries: lunardate (Chinese), korean-lunar-calendar (Korean), pyluach (Hebrew),
hijridate (Umm al-Qura), jdatetime (Persian).
"""
import argparse
import datetime as dt
import os
import random
import re
import subprocess
import sys
import tempfile

from lunardate import LunarDate
from korean_lunar_calendar import KoreanLunarCalendar
from pyluach import dates as hebrew_dates
import hijridate
import jdatetime

ONE = dt.timedelta(days=1)


# Each calendar: (first, last) Gregorian days the library covers within 1900-2100,
# to_cal(gregorian) -> (year, month, leap, day), to_greg(year, month, leap, day) -> date or None.

def chinese_to(d):
    l = LunarDate.from_solar_date(d.year, d.month, d.day)
    return (l.year, l.month, bool(l.isLeapMonth), l.day)


def chinese_from(y, m, leap, d):
    try:
        return LunarDate(y, m, d, 1 if leap else 0).to_solar_date()
    except ValueError:
        return None


def korean_to(d):
    k = KoreanLunarCalendar()
    if not k.setSolarDate(d.year, d.month, d.day):
        raise ValueError(d)
    return (k.lunarYear, k.lunarMonth, bool(k.isIntercalation), k.lunarDay)


def korean_from(y, m, leap, d):
    k = KoreanLunarCalendar()
    if not k.setLunarDate(y, m, d, leap):
        return None
    g = dt.date(k.solarYear, k.solarMonth, k.solarDay)
    # The library accepts a leap month a year lacks: check by converting back.
    if korean_to(g) != (y, m, leap, d):
        return None
    return g


# Hebrew months: ICU/Apple number from Tishri (1) to Elul (13), 6 = Adar I (leap years only),
# 7 = Adar (Adar II in leap years); pyluach numbers from Nisan (1), 12 = Adar (Adar I in leap
# years), 13 = Adar II.
def hebrew_leap(year):
    return (7 * year + 1) % 19 < 7


def icu_month(year, month):
    if 7 <= month <= 11:
        return month - 6
    if month == 12:
        return 6 if hebrew_leap(year) else 7
    if month == 13:
        return 7
    return month + 7


def py_month(year, month):
    if month <= 5:
        return month + 6
    if month == 6:
        return 12 if hebrew_leap(year) else None
    if month == 7:
        return 13 if hebrew_leap(year) else 12
    return month - 7


def hebrew_to(d):
    h = hebrew_dates.GregorianDate(d.year, d.month, d.day).to_heb()
    return (h.year, icu_month(h.year, h.month), False, h.day)


def hebrew_from(y, m, leap, d):
    pm = py_month(y, m)
    if pm is None:
        return None
    try:
        g = hebrew_dates.HebrewDate(y, pm, d).to_pydate()
    except ValueError:
        return None
    if hebrew_to(g) != (y, m, False, d):
        return None
    return g


def islamic_to(d):
    h = hijridate.Gregorian(d.year, d.month, d.day).to_hijri()
    return (h.year, h.month, False, h.day)


def islamic_from(y, m, leap, d):
    try:
        return dt.date(*hijridate.Hijri(y, m, d).to_gregorian().datetuple())
    except (ValueError, OverflowError):
        return None


def persian_to(d):
    j = jdatetime.date.fromgregorian(date=d)
    return (j.year, j.month, False, j.day)


def persian_from(y, m, leap, d):
    try:
        return jdatetime.date(y, m, d).togregorian()
    except ValueError:
        return None


CALENDARS = {
    # lunardate's table ends with the lunar year 2099.
    "chinese": (dt.date(1900, 1, 31), dt.date(2100, 2, 8), chinese_to, chinese_from),
    "korean": (dt.date(1900, 1, 1), dt.date(2050, 12, 31), korean_to, korean_from),
    "hebrew": (dt.date(1900, 1, 1), dt.date(2100, 12, 31), hebrew_to, hebrew_from),
    "islamic": (dt.date(1924, 8, 1), dt.date(2077, 11, 16), islamic_to, islamic_from),
    "persian": (dt.date(1900, 1, 1), dt.date(2100, 12, 31), persian_to, persian_from),
}


# Months whose first day ICU's astronomical Chinese calendar puts a day from the published
# calendar lunardate follows (a new moon close to midnight); docs/other-calendars.md lists them.
KNOWN_MONTHS = {"chinese": ["1914-10", "1916-01", "1920-10", "1933-06", "1954-10", "1954-11",
                            "1978-08", "2057-09", "2097-07"]}


def text(year, month, leap, day):
    return f"{year:04d}-{'L' if leap else ''}{month:02d}-{day:02d}"


def run(binary, work, name, rows, extra):
    path = os.path.join(work, f"{name}.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("Name,Birthday\n")
        for row_name, value in rows:
            f.write(f"{row_name},{value}\n")
    out = subprocess.run(
        [binary, "csv-to-ics", path, "--no-alarm", "--quiet"] + extra,
        capture_output=True, text=True, env=dict(os.environ, SOURCE_DATE_EPOCH="1767225600"))
    if out.returncode not in (0, 65):
        sys.exit(f"bdconvert failed ({out.returncode}) for {name}: {out.stderr[:2000]}")
    # One pass over the unfolded lines (a regular expression and strptime per event took most of
    # the check's time): each event's start day, title and first DESCRIPTION (there is no alarm).
    events = []
    start = summary = description = None
    # (text mode has turned CRLF into LF.)
    for line in out.stdout.replace("\r\n", "\n").replace("\n ", "").split("\n"):
        if line == "BEGIN:VEVENT":
            start = summary = description = None
        elif line.startswith("DTSTART;VALUE=DATE:"):
            value = line[len("DTSTART;VALUE=DATE:"):]
            start = dt.date(int(value[:4]), int(value[4:6]), int(value[6:8]))
        elif line.startswith("SUMMARY:"):
            summary = line[len("SUMMARY:"):]
        elif line.startswith("DESCRIPTION:") and description is None:
            description = line[len("DESCRIPTION:"):]
        elif line == "END:VEVENT":
            if start is None or summary is None or description is None:
                sys.exit(f"{name}: an event without DTSTART, SUMMARY or DESCRIPTION")
            events.append((summary.split(": ", 1)[1], start, description))
    return events


def calendar_days(first, last, to_cal, to_greg):
    """Every day from first to last with its date in the calendar, all from the library: the day a
    month is entered is converted, the month's length is the library's last valid day of it (31,
    30 or 29), and the days between are counted (korean-lunar-calendar takes milliseconds per
    conversion: converting each of 55,000 days took minutes)."""
    day = first
    while day <= last:
        year, month, leap, number = to_cal(day)
        length = next((n for n in (31, 30, 29) if to_greg(year, month, leap, n) is not None), None)
        if length is None:  # no 29th (the library's range ends, or a short month): this day alone
            length = number
        while number <= length and day <= last:
            yield day, (year, month, leap, number)
            day += ONE
            number += 1


def check_conversions(binary, work, calendar):
    first, last, to_cal, to_greg = CALENDARS[calendar]
    rows = []
    expected = {}
    for index, (day, date) in enumerate(calendar_days(first, last, to_cal, to_greg)):
        rows.append((f"d{index}", text(*date)))
        expected[f"d{index}"] = day
    # Two years after every date: each date has a celebration there (a late lunar month may fall
    # in January of the next year) and says when it was.
    events = run(binary, work, f"{calendar}-days", rows, [
        "--date-calendar", calendar, "--today", "2101-01-01", "--years", "2"])
    born = {}
    for name, _, description in events:
        match = re.match(r"Born (\d{4}-\d{2}-\d{2}) ", description)
        if match:
            born[name] = dt.date.fromisoformat(match.group(1))
    wrong = [(n, rows[int(n[1:])][1], expected[n], born.get(n))
             for n in expected if born.get(n) != expected[n]]
    months = sorted({value[:-3] for _, value, _, _ in wrong})
    known = KNOWN_MONTHS.get(calendar, [])
    print(f"{calendar}: {len(expected)} days {first}..{last}: {len(wrong)} differ, "
          f"in the months {months} (expected: {known})")
    if months == known:
        return True
    for item in wrong[:10]:
        print("  ", item)
    return not wrong


def celebration(calendar, birth, year, adar="adar2"):
    """The day the rules of docs/other-calendars.md give, with the library alone."""
    _, _, _, to_greg = CALENDARS[calendar]
    born, month, leap, day = birth
    if calendar in ("chinese", "korean"):
        if leap and to_greg(year, month, True, 1) is None:
            leap = False
        for d in range(day, 0, -1):
            g = to_greg(year, month, leap, d)
            if g:
                return g
        return None
    if calendar == "hebrew":
        if month == 6 and not hebrew_leap(year):
            month = 7
        # Adar of a common year: Adar II of a leap year, or Adar I with --hebrew-adar adar1.
        if month == 7 and adar == "adar1" and hebrew_leap(year) and not hebrew_leap(born):
            month = 6
        g = to_greg(year, month, False, day)
        if g is None and day == 30:
            previous = to_greg(year, month, False, 29)
            return previous + ONE if previous else None
        return g
    for d in range(day, 0, -1):
        g = to_greg(year, month, False, d)
        if g:
            return g
    return None


def check_rules(binary, work, calendar, count, years, seed, adar=None):
    first, last, to_cal, to_greg = CALENDARS[calendar]
    rng = random.Random(seed)
    start, end = 2000, 2000 + years
    span = (min(last, dt.date(1999, 12, 31)) - first).days
    births = []
    while len(births) < count:
        day = first + dt.timedelta(days=rng.randrange(span))
        birth = to_cal(day)
        # Half the draws look for the hard cases, so that every rule is met.
        if len(births) % 2 == 0:
            y, m, leap, d = birth
            hard = {"chinese": leap or d == 30, "korean": leap or d == 30,
                    "hebrew": m in (2, 3, 6) and d == 30 or m in (6, 7),
                    "islamic": d == 30, "persian": m == 12 and d == 30}[calendar]
            if not hard:
                continue
        births.append(birth)
    rows = [(f"r{i}", text(*b)) for i, b in enumerate(births)]
    # The years the library covers decide the window's end.
    while years > 0 and dt.date(start + years - 1, 12, 31) > last:
        years -= 1
    end = start + years
    extra = ["--hebrew-adar", adar] if adar else []
    events = run(binary, work, f"{calendar}-rules", rows, [
        "--date-calendar", calendar, "--today", f"{start}-01-01", "--years", str(years)] + extra)
    got = {}
    for name, day, _ in events:
        got.setdefault(name, set()).add(day)
    wrong = []
    for i, birth in enumerate(births):
        want = set()
        first_year = to_cal(dt.date(start, 1, 1))[0]
        last_year = to_cal(dt.date(end - 1, 12, 31))[0]
        for year in range(max(first_year, birth[0]), last_year + 1):
            day = celebration(calendar, birth, year, adar or "adar2")
            if day and start <= day.year < end:
                want.add(day)
        if got.get(f"r{i}", set()) != want:
            wrong.append((text(*birth), sorted(want ^ got.get(f"r{i}", set()))[:4]))
    setting = f" (--hebrew-adar {adar})" if adar else ""
    print(f"{calendar}{setting}: {count} birthdays x {years} years: {len(wrong)} differ")
    for item in wrong[:10]:
        print("  ", item)
    return not wrong


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--birthdays", type=int, default=200)
    parser.add_argument("--years", type=int, default=50)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("calendars", nargs="*", default=list(CALENDARS))
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as work:
        for calendar in args.calendars:
            ok &= check_conversions(args.binary, work, calendar)
            if calendar == "hebrew":
                # The default unnamed, then both settings named: the option is checked too.
                for adar in (None, "adar2", "adar1"):
                    ok &= check_rules(args.binary, work, calendar, args.birthdays, args.years,
                                      args.seed, adar)
            else:
                ok &= check_rules(args.binary, work, calendar, args.birthdays, args.years,
                                  args.seed)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
