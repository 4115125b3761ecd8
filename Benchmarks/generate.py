#!/usr/bin/env python3
"""Deterministic synthetic address books for the bdconvert benchmark.

python3 Benchmarks/generate.py FORMAT COUNT OUT   (FORMAT: vcf21 vcf30 vcf40 csv)

Realistic cards: several TEL/EMAIL/ADR per card, ORG/TITLE/NOTE on some, a folded base64 PHOTO on
5% of cards, no birthday on 10%, a few year-less and 29 February birthdays. The same seed always
gives the same bytes, so runs on different days compare.
"""
import base64
import random
import sys

GIVEN = ["Jane", "John", "Zoë", "José", "Ångström", "Mei", "Olu", "Anna", "Lukas", "Priya", "Chen", "Fatima"]
FAMILY = ["Doe", "Müller", "Smith", "García", "Øster", "Nakamura", "Okafor", "Kowalski", "Nguyen", "Rossi"]
STREETS = ["Main St", "Hauptstraße", "Rue de la Paix", "Calle Mayor", "High Street"]


def fold(line, width=75):
    out = [line[:width]]
    line = line[width:]
    while line:
        out.append(" " + line[: width - 1])
        line = line[width - 1 :]
    return "\r\n".join(out)


def birthday(rng, fmt):
    if rng.random() < 0.10:
        return None
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    if rng.random() < 0.01:
        month, day = 2, 29
        year = rng.choice([1964, 1988, 1996, 2000])
    else:
        year = rng.randint(1930, 2015)
    if rng.random() < 0.08:
        year = None
    if fmt == "csv":
        return f"--{month:02d}-{day:02d}" if year is None else f"{year}-{month:02d}-{day:02d}"
    if fmt == "vcf30" and year is None:
        return f"1604-{month:02d}-{day:02d}", ";X-APPLE-OMIT-YEAR=1604"
    if year is None:
        return f"--{month:02d}{day:02d}", ""
    return (f"{year}{month:02d}{day:02d}" if fmt != "vcf30" else f"{year}-{month:02d}-{day:02d}"), ""


def card(rng, index, fmt, photo):
    given, family = rng.choice(GIVEN), rng.choice(FAMILY)
    version = {"vcf21": "2.1", "vcf30": "3.0", "vcf40": "4.0"}[fmt]
    lines = ["BEGIN:VCARD", f"VERSION:{version}", f"N:{family};{given};;;", f"FN:{given} {family} {index}"]
    if fmt != "vcf21":
        lines.append(f"UID:urn:uuid:{rng.getrandbits(128):032x}")
    lines.append(f"ORG:Example {rng.randint(1, 500)} Ltd")
    if rng.random() < 0.5:
        lines.append("TITLE:Engineer")
    for kind in rng.sample(["HOME", "WORK", "CELL", "FAX"], rng.randint(1, 3)):
        tel = f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
        lines.append(f"TEL;{kind}:{tel}" if fmt == "vcf21" else f"TEL;TYPE={kind.lower()}:{tel}")
    for n in range(rng.randint(1, 3)):
        email = f"{given.lower()}.{family.lower()}{n}@example.com"
        lines.append(f"EMAIL;INTERNET:{email}" if fmt == "vcf21" else f"EMAIL;TYPE=internet:{email}")
    for _ in range(rng.randint(1, 2)):
        lines.append(f"ADR;TYPE=home:;;{rng.randint(1, 300)} {rng.choice(STREETS)};Springfield;;{rng.randint(10000, 99999)};Country")
    if rng.random() < 0.3:
        lines.append(fold("NOTE:" + "Met at the conference\\, follow up about the project. " * rng.randint(1, 3)))
    bday = birthday(rng, fmt)
    if bday:
        value, params = bday
        lines.append(f"BDAY{params}:{value}")
    if photo:
        data = base64.b64encode(rng.randbytes(6000)).decode()
        if fmt == "vcf21":
            lines.append(fold("PHOTO;ENCODING=BASE64;TYPE=JPEG:" + data) + "\r\n")
        elif fmt == "vcf30":
            lines.append(fold("PHOTO;ENCODING=b;TYPE=JPEG:" + data))
        else:
            lines.append(fold("PHOTO:data:image/jpeg;base64," + data))
    lines.append("END:VCARD")
    return "\r\n".join(lines) + "\r\n"


def csv_row(rng, index):
    given, family = rng.choice(GIVEN), rng.choice(FAMILY)
    bday = birthday(rng, "csv") or ""
    notes = '"Met at the conference, follow up\nabout the project."' if rng.random() < 0.1 else ""
    emails = [f"{given.lower()}.{family.lower()}{n}@example.com" for n in range(2)]
    phone = f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
    return ",".join([given, "", f"{family} {index}", f"Example {rng.randint(1, 500)} Ltd", "Engineer", bday, notes,
                     "* myContacts", "* Home", emails[0], "* Work", emails[1], "Mobile", phone,
                     f"{rng.randint(1, 300)} {rng.choice(STREETS)}", "Springfield"]) + "\r\n"


def main():
    fmt, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(f"bdconvert-{fmt}-{count}")
    with open(out, "w", encoding="utf-8", newline="") as f:
        if fmt == "csv":
            f.write("First Name,Middle Name,Last Name,Organization Name,Organization Title,Birthday,Notes,Labels,"
                    "E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,"
                    "Phone 1 - Value,Address 1 - Street,Address 1 - City\r\n")
            for index in range(count):
                f.write(csv_row(rng, index))
        else:
            for index in range(count):
                f.write(card(rng, index, fmt, photo=rng.random() < 0.05))


if __name__ == "__main__":
    main()
