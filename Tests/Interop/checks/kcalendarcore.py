"""KCalendarCore (KOrganizer, Kontact, Merkuro, KDE's reminder daemon), through kcal_check.cpp:
every VEVENT of the file is loaded, with its summary and its alarms' offsets; its own expansion (OccurrenceIterator) gives
each birthday on the expected day of 2027 and 2028 (29 February under each leap-day policy), with
the year's title (with ages, the override's), and the alarms fire at the requested local times
(08:00 on the day by default) in three zones. check_lunar: the lunar birthdays fall on the
Gregorian days lunardate gives, ten years, English and Chinese."""
import datetime
import subprocess

import icalendar
from lunardate import LunarDate

from checks import lunar

BINARY = None  # set by interop.py
EXPANSIONS = [(2027, "Europe/Berlin"), (2028, "Europe/Berlin"), (2028, "America/Los_Angeles"), (2028, "Asia/Tokyo")]


def run(path, *expand):
    """(EVENT rows, OCCUR rows, problems): kcal_check's tab-separated lines, split."""
    result = subprocess.run([BINARY, path, *(["--expand", *expand] if expand else [])], capture_output=True,
                            text=True, timeout=60)
    if result.returncode != 0:
        return [], [], [f"KCalendarCore: {(result.stderr or result.stdout).strip()[:300] or result.returncode}"]
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    events = {(row[1], row[2]): [row[5], []] for row in rows if row[0] == "EVENT"}
    for row in rows:
        if row[0] == "ALARM":
            events[(row[1], row[2])][1].append(row[3])
    loaded = sorted((uid, recurrence_id, summary, sorted(alarms)) for (uid, recurrence_id), (summary, alarms)
                    in events.items())
    occurrences = [(row[1], row[3], row[4]) for row in rows if row[0] == "OCCUR"]
    return loaded, occurrences, []


def check(path, case):
    events, _, problems = run(path)
    if problems:
        return problems
    # Every VEVENT loaded, with its summary and its alarms' offsets (PT8H is 28800 seconds), as
    # python icalendar reads them.
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    written = sorted(
        (str(e["UID"]), e["RECURRENCE-ID"].dt.isoformat() if "RECURRENCE-ID" in e else "-", str(e["SUMMARY"]),
         sorted(str(int(a["TRIGGER"].dt.total_seconds())) for a in e.walk("VALARM")))
        for e in cal.walk("VEVENT"))
    if events != written:
        problems.append(f"KCalendarCore loaded {events} != written {written}")
    if case is None:
        return problems
    for year, zone in EXPANSIONS:
        _, occurrences, errors = run(path, str(year), zone)
        got = sorted((day, summary, fires) for day, summary, fires in occurrences)
        expected = sorted(
            (d.isoformat(), case.title(p, d), fire_times(d, case.alarms))
            for p in case.people for d in case.expected_dates(p) if d.year == year)
        if errors or got != expected:
            problems.append(f"KCalendarCore {year} in {zone}: {errors or got} != {expected}")
    return problems


def fire_times(day, alarms):
    """kcal_check's alarm column: (days before, hour, minute) as local times, sorted."""
    return ",".join(sorted(
        (datetime.datetime.combine(day - datetime.timedelta(days=before), datetime.time(hour, minute)))
        .strftime("%Y-%m-%d %H:%M") for before, hour, minute in alarms))


def lunar_problems(path, title, tag=""):
    """Each lunar year's one event besides the Gregorian birthday (27 November) is on the day
    lunardate gives, titled `title(year)`, with its reminder at 08:00 that day."""
    problems = []
    for year in lunar.YEARS:
        _, occurrences, errors = run(path, str(year), "Asia/Shanghai")
        day = LunarDate(year, 9, 15).to_solar_date()
        got = [row for row in occurrences if row[0] != f"{year}-11-27"]
        expected = [(day.isoformat(), title(year), f"{day.isoformat()} 08:00")]
        if errors or got != expected:
            problems.append(f"KCalendarCore {year}{tag}: {errors or got} != {expected}")
    return problems


def check_lunar(binary, work):
    output, result = lunar.convert(binary, work, "lunar-kcal")
    if result.returncode != 0:
        return [result.stderr.strip()]
    return lunar_problems(output, lambda year: f"李小龍 ({year - 1940})")


def check_lunar_chinese(binary, work):
    output, result = lunar.convert(binary, work, "lunar-kcal-zh", "zh_CN.UTF-8", ())
    if result.returncode != 0:
        return [result.stderr.strip()]
    return lunar_problems(output, lambda year: "李小龍的生日", " (zh)")
