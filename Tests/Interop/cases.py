"""The interop matrix: inputs generated from a list of people, with the expected calendar
computed here in Python, independently of bdconvert.

Every case converts the same people, written as vCard 2.1 / 3.0 / 4.0 or CSV, with one year
variant (known from 1970 on, unknown, before 1970), one leap-day policy and one alarm set.
The birthdays avoid days when clocks change in the three test zones, because a relative trigger
(PT8H) is an exact duration from local midnight (RFC 5545 §3.3.6) and fires an hour off then.
"""
import calendar
import dataclasses
import datetime

YEARS = range(2027, 2033)

# (given, family, month, day): 29 February, 31 December and 1 January, non-ASCII names.
PEOPLE = [
    ("Jane", "Doe", 4, 12),
    ("Zoë", "Ångström", 2, 29),
    ("José", "Müller", 12, 31),
    ("太郎", "山田", 1, 1),
    ("Ada", "O'Neill", 7, 15),
]
YEAR_VARIANTS = {
    # known year from 1970 on: a leap year for 29 February (it must exist)
    "known": lambda month, day: 1996 if (month, day) == (2, 29) else 1988,
    "unknown": lambda month, day: None,
    "pre1970": lambda month, day: 1964 if (month, day) == (2, 29) else 1950,
}
ALARM_SETS = {
    "default": ([], [(0, 8, 0)]),
    "none": (["--no-alarm"], []),
    "several": (["--alarm", "08:00", "--alarm", "-1d@18:00"], [(0, 8, 0), (1, 18, 0)]),
}
POLICIES = ["feb28", "mar1", "feb29"]
# Ages in titles and alarm texts: the yearly event without the age, one override per year of
# AGE_YEARS with it (--today in the first, --age-years for how many).
AGE_YEARS = range(2027, 2031)
AGE_OPTIONS = ["--summary", "Birthday: {name} ({age})",
               "--message", "Wish {first} {last} a Happy {ordinal} Birthday today!",
               "--today", "2027-03-01", "--age-years", str(len(AGE_YEARS))]
FORMATS = ["vcf21", "vcf30", "vcf40", "csv"]


@dataclasses.dataclass
class Person:
    given: str
    family: str
    month: int
    day: int
    year: int | None

    @property
    def name(self):
        # Chinese, Japanese and Korean names: family name first, no space (山田太郎).
        if is_cjk(self.given) and is_cjk(self.family):
            return f"{self.family}{self.given}"
        return f"{self.given} {self.family}"


def is_cjk(text):
    """Every letter a Han character, kana or hangul (as bdconvert's PersonName.isCJK)."""
    ranges = [(0x1100, 0x11FF), (0x3040, 0x30FF), (0x3130, 0x318F), (0x3400, 0x4DBF),
              (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7AF), (0xF900, 0xFAFF),
              (0x20000, 0x3134F)]
    letters = [c for c in text if c not in " \u30fb\u00b7"]
    return bool(letters) and all(any(lo <= ord(c) <= hi for lo, hi in ranges) for c in letters)


@dataclasses.dataclass
class Case:
    name: str
    format: str
    policy: str
    alarms: list  # (days before, hour, minute)
    options: list
    people: list
    ages: bool = False

    @property
    def command(self):
        return "csv-to-ics" if self.format == "csv" else "vcf-to-ics"

    @property
    def suffix(self):
        return "csv" if self.format == "csv" else "vcf"

    def expected_dates(self, person):
        """The occurrence dates over YEARS, per RFC 5545 and the leap-day policy."""
        dates = []
        for year in YEARS:
            if (person.month, person.day) != (2, 29) or calendar.isleap(year):
                dates.append(datetime.date(year, person.month, person.day))
            elif self.policy == "feb28":
                dates.append(datetime.date(year, 2, 28))
            elif self.policy == "mar1":
                dates.append(datetime.date(year, 3, 1))
        return dates


    def has_override(self, person, date):
        """Whether bdconvert writes an override with the age for this occurrence."""
        return self.ages and person.year is not None and date.year in AGE_YEARS and date.year > person.year

    def title(self, person, date=None):
        """The title of the yearly event (date None) or of the occurrence on `date`."""
        if date is not None and self.has_override(person, date):
            return f"Birthday: {person.name} ({date.year - person.year})"
        return f"Birthday: {person.name}"

    def message(self, person, date=None):
        """The alarm text of the yearly event (date None) or of the occurrence on `date`."""
        if not self.ages:
            return None  # the default texts, checked by the Swift tests
        if date is not None and self.has_override(person, date):
            return f"Wish {person.name} a Happy {ordinal(date.year - person.year)} Birthday today!"
        return f"Wish {person.name} a Happy Birthday today!"

    def titles(self):
        """Every VEVENT's title: the yearly events and their overrides."""
        return sorted([self.title(p) for p in self.people] + [
            self.title(p, d) for p in self.people for d in self.expected_dates(p) if self.has_override(p, d)])


def ordinal(number):
    """English ordinal, computed here independently of bdconvert."""
    if 11 <= number % 100 <= 13:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def qp(text):
    return "".join(c if c.isascii() and c.isalnum() else "".join(f"={b:02X}" for b in c.encode()) for c in text)


def render(case):
    if case.format == "csv":
        rows = ["First Name,Last Name,Birthday"]
        for p in case.people:
            date = f"--{p.month:02d}-{p.day:02d}" if p.year is None else f"{p.year}-{p.month:02d}-{p.day:02d}"
            rows.append(f'"{p.given}","{p.family}",{date}')
        return "\r\n".join(rows) + "\r\n"
    cards = []
    for p in case.people:
        if case.format == "vcf21":
            bday = f"{1604 if p.year is None else p.year}{p.month:02d}{p.day:02d}"
            cards.append("\r\n".join([
                "BEGIN:VCARD", "VERSION:2.1",
                f"N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:{qp(p.family)};{qp(p.given)};;;",
                f"FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:{qp(p.name)}",
                f"BDAY:{bday}", "END:VCARD"]))
        elif case.format == "vcf30":
            if p.year is None:
                bday = f"BDAY;X-APPLE-OMIT-YEAR=1604:1604-{p.month:02d}-{p.day:02d}"
            else:
                bday = f"BDAY;VALUE=date:{p.year}-{p.month:02d}-{p.day:02d}"
            cards.append("\r\n".join([
                "BEGIN:VCARD", "VERSION:3.0", f"N:{p.family};{p.given};;;", f"FN:{p.name}", bday, "END:VCARD"]))
        else:
            bday = f"--{p.month:02d}{p.day:02d}" if p.year is None else f"{p.year}{p.month:02d}{p.day:02d}"
            cards.append("\r\n".join([
                "BEGIN:VCARD", "VERSION:4.0", f"FN:{p.name}", f"N:{p.family};{p.given};;;", f"BDAY:{bday}",
                "END:VCARD"]))
    return "\r\n".join(cards) + "\r\n"


def matrix():
    cases = []
    for fmt in FORMATS:
        for policy in POLICIES:
            for alarm_name, (options, alarms) in ALARM_SETS.items():
                for variant, year_of in YEAR_VARIANTS.items():
                    people = [Person(g, f, m, d, year_of(m, d)) for g, f, m, d in PEOPLE]
                    cases.append(Case(
                        name=f"{fmt}-{policy}-{alarm_name}-{variant}", format=fmt, policy=policy, alarms=alarms,
                        options=["--leap-day", policy] + options, people=people))
            for variant, year_of in YEAR_VARIANTS.items():
                options, alarms = ALARM_SETS["several"]
                people = [Person(g, f, m, d, year_of(m, d)) for g, f, m, d in PEOPLE]
                cases.append(Case(
                    name=f"{fmt}-{policy}-ages-{variant}", format=fmt, policy=policy, alarms=alarms,
                    options=["--leap-day", policy] + options + AGE_OPTIONS, people=people, ages=True))
    return cases
