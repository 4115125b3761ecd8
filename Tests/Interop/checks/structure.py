"""The structural rules no parser checks, on the exact bytes."""
import re

REQUIRED_EVENT = ("UID", "DTSTAMP", "DTSTART")


def check(path, case):
    data = open(path, "rb").read()
    problems = []
    if data.startswith(b"\xef\xbb\xbf"):
        problems.append("starts with a BOM")
    if re.search(rb"(?<!\r)\n", data) or re.search(rb"\r(?!\n)", data):
        problems.append("a line break that is not CRLF")
    physical = data.split(b"\r\n")
    if physical[-1] != b"":
        problems.append("no CRLF at the end")
    for number, line in enumerate(physical[:-1], 1):
        if len(line) > 75:
            problems.append(f"line {number} is {len(line)} octets")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"line {number} is not valid UTF-8 on its own (split character)")
    text = data.decode("utf-8", errors="replace").replace("\r\n ", "").replace("\r\n\t", "")
    lines = text.split("\r\n")[:-1]
    stack, uids, properties = [], set(), []
    calendar_props = {}
    for line in lines:
        name = re.split(r"[;:]", line, maxsplit=1)[0].upper()
        value = line.split(":", 1)[1] if ":" in line else ""
        if any(ord(c) < 0x20 and c != "\t" or ord(c) == 0x7F for c in value):
            problems.append(f"control character in {name}")
        if name == "BEGIN":
            stack.append((value, {}))
        elif name == "END":
            if not stack or stack[-1][0] != value:
                problems.append(f"END:{value} does not match")
                return problems
            component, props = stack.pop()
            if component == "VEVENT":
                key = (props.get("uid"), props.get("recurrence-id"))
                if key in uids:
                    problems.append(f"UID {key[0]} twice" + (f" for {key[1]}" if key[1] else ""))
                uids.add(key)
                for required in REQUIRED_EVENT:
                    if props.get(required) != 1:
                        problems.append(f"VEVENT with {props.get(required, 0)} {required}")
            if component == "VALARM":
                if props.get("DESCRIPTION") != 1 or props.get("TRIGGER") != 1 or props.get("ACTION") != 1:
                    problems.append("VALARM without exactly one ACTION, TRIGGER and DESCRIPTION")
                if props.get("absolute"):
                    problems.append("VALARM with an absolute trigger")
            if component == "VCALENDAR":
                calendar_props = props
        elif stack:
            props = stack[-1][1]
            props[name] = props.get(name, 0) + 1
            if name == "TRIGGER" and "VALUE=DATE-TIME" in line.split(":", 1)[0].upper():
                props["absolute"] = True
            if name in ("UID", "RECURRENCE-ID") and stack[-1][0] == "VEVENT":
                props[name.lower()] = value  # an event and its overrides share the UID
        else:
            problems.append(f"{name} outside VCALENDAR")
    if calendar_props.get("VERSION") != 1 or calendar_props.get("PRODID") != 1:
        problems.append("VCALENDAR without exactly one VERSION and PRODID")
    if "METHOD" in calendar_props:
        problems.append("VCALENDAR has METHOD")
    return problems
