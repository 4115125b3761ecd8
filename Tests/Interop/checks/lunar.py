"""A lunar birthday (Apple Contacts' X-ALTBDAY;CALSCALE=chinese) read by real software: python
icalendar with recurring-ical-events, and libical, see one event on each Gregorian day lunardate
gives for the ten years written, with the lunar age in the title; converted under
LANG=zh_CN.UTF-8, with the Chinese title and reminder (convert_chinese, check_chinese). The
X-BDCONVERT-CALENDAR-DATE that `list` and `sync --json` read back is kept by python icalendar,
libical and Radicale when they write the event again (check_calendar_date)."""
import datetime
import os
import subprocess

import icalendar
import recurring_ical_events
from lunardate import LunarDate

from checks import libical, radicale

CARD = ("BEGIN:VCARD\r\nVERSION:3.0\r\nN:李;小龍;;;\r\nFN:李小龍\r\nUID:lunar-interop\r\n"
        "X-ALTBDAY;CALSCALE=chinese:007700170915\r\nBDAY:1940-11-27\r\nEND:VCARD\r\n")
YEARS = range(2026, 2036)


def environment(language):
    """The environment with only `language` for the texts (LC_ALL and LC_MESSAGES would win)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env["LANG"] = language
    return env


def convert(binary, work, name="lunar", language="C", options=("--summary", "{name} ({age})")):
    source = os.path.join(work, f"{name}.vcf")
    output = os.path.join(work, f"{name}.ics")
    with open(source, "w", encoding="utf-8", newline="") as f:
        f.write(CARD)
    result = subprocess.run(
        [binary, "vcf-to-ics", source, "-q", "-o", output, "--today", "2026-01-01", "--years", "10",
         *options], capture_output=True, text=True, timeout=60, env=environment(language))
    return output, result


def convert_chinese(binary, work):
    """The issue's "done when": LANG=zh_CN.UTF-8 and no template of one's own."""
    return convert(binary, work, "lunar-zh", "zh_CN.UTF-8", ())


def check_chinese(binary, work):
    """The Chinese title on each lunar birthday's day, for icalendar and libical, and the Chinese
    reminder on each of those events."""
    output, result = convert_chinese(binary, work)
    if result.returncode != 0:
        return [result.stderr.strip()]
    expected = sorted((LunarDate(year, 9, 15).to_solar_date(), "李小龍的生日") for year in YEARS)
    cal = icalendar.Calendar.from_ical(open(output, "rb").read())
    events = [event for event in recurring_ical_events.of(cal).between(
        datetime.date(2026, 1, 1), datetime.date(2036, 1, 1)) if "农历" in str(event.get("DESCRIPTION", ""))]
    found = sorted((event.start, str(event["SUMMARY"])) for event in events)
    problems = []
    if found != expected:
        problems.append(f"icalendar (zh): {found} != {expected}")
    for event in events:
        reminders = [str(alarm["DESCRIPTION"]) for alarm in event.walk("VALARM")]
        if reminders != ["今天是李小龍的生日，记得送上祝福！"]:
            problems.append(f"icalendar (zh): reminders {reminders} on {event.start}")
    problems += libical_problems(output, expected, " (zh)")
    return problems


def check(binary, work):
    output, result = convert(binary, work)
    if result.returncode != 0:
        return [result.stderr.strip()]
    expected = sorted((LunarDate(year, 9, 15).to_solar_date(), f"李小龍 ({year - 1940})") for year in YEARS)
    cal = icalendar.Calendar.from_ical(open(output, "rb").read())
    found = sorted((event.start, str(event["SUMMARY"])) for event in recurring_ical_events.of(cal).between(
        datetime.date(2026, 1, 1), datetime.date(2036, 1, 1)) if "(" in str(event["SUMMARY"])
        and str(event["CATEGORIES"].cats[0]) == "BIRTHDAY" and "chinese" in str(event.get("DESCRIPTION", "")))
    problems = []
    if found != expected:
        problems.append(f"icalendar: {found} != {expected}")
    problems += libical_problems(output, expected)
    return problems


def libical_problems(output, expected, tag=""):
    """libical's own iterator: each lunar day is an occurrence in its year."""
    problems = []
    for day, _ in expected:
        out = subprocess.run([libical.BINARY, output, "--expand", str(day.year)], capture_output=True, text=True,
                             timeout=60)
        if day.isoformat() not in out.stdout.split():
            problems.append(f"libical does not show {day}{tag}: {out.stdout.strip()[:300]}")
    return problems


def check_calendar_date(binary, work):
    """Each event of lunar.ics (written by check) carries X-BDCONVERT-CALENDAR-DATE, and python
    icalendar, libical and Radicale write it back unchanged."""
    path = os.path.join(work, "lunar.ics")
    value = "chinese:1940-09-15"
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    # The card's Gregorian BDAY makes yearly events too, which have no such property.
    events = [event for event in cal.walk("VEVENT") if "chinese" in str(event.get("DESCRIPTION", ""))]
    problems = []
    if len(events) != len(YEARS) or any(str(event.get("X-BDCONVERT-CALENDAR-DATE")) != value for event in events):
        problems.append(f"written: {[str(event.get('X-BDCONVERT-CALENDAR-DATE')) for event in events]}")
    again = icalendar.Calendar.from_ical(cal.to_ical())
    if [str(event.get("X-BDCONVERT-CALENDAR-DATE")) for event in again.walk("VEVENT")].count(value) != len(events):
        problems.append("icalendar does not write it back")
    out = subprocess.run([libical.BINARY, path, "--print"], capture_output=True, text=True, timeout=60)
    lines = out.stdout.replace("\r\n ", "").splitlines()
    if lines.count(f"X-BDCONVERT-CALENDAR-DATE:{value}") != len(events):
        problems.append(f"libical does not write it back: {out.stdout[:300]}")
    single = icalendar.Calendar()
    single.add("prodid", "-//bdconvert interop//EN")
    single.add("version", "2.0")
    single.add_component(events[0])
    collection = "/interop/calendar-date/"
    radicale.request("MKCALENDAR", collection)
    status, _ = radicale.request("PUT", f"{collection}one.ics", single.to_ical(),
                                 {"Content-Type": "text/calendar; charset=utf-8"})
    _, body = radicale.request("GET", f"{collection}one.ics")
    if status not in (201, 204) or f"X-BDCONVERT-CALENDAR-DATE:{value}" not in body.replace("\r\n ", ""):
        problems.append(f"Radicale does not serve it back (PUT {status}): {body[:300]}")
    return problems
