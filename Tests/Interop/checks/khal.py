"""khal, a real terminal calendar: import into a fresh store, list 2028; every birthday appears
on the expected day with its name intact (non-ASCII too), and with ages the 2028 override's title."""
import os
import shutil
import subprocess
import tempfile

CONFIG = """[calendars]
[[birthdays]]
path = {root}/calendar
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
local_timezone = Europe/Berlin
default_timezone = Europe/Berlin
[default]
default_calendar = birthdays
[sqlite]
path = {root}/khal.db
"""


def check(path, case):
    root = tempfile.mkdtemp(prefix="khal-")
    try:
        os.makedirs(f"{root}/calendar")
        with open(f"{root}/config", "w") as f:
            f.write(CONFIG.format(root=root))
        khal = ["khal", "-c", f"{root}/config"]
        imported = subprocess.run(khal + ["import", "--batch", "-a", "birthdays", path],
                                  capture_output=True, text=True, timeout=120)
        if imported.returncode != 0:
            return [f"khal import failed: {imported.stderr.strip()[-300:]}"]
        listed = subprocess.run(khal + ["list", "--format", "{start-date}|{title}", "--day-format", "",
                                        "2028-01-01", "2028-12-31"], capture_output=True, text=True, timeout=120)
        if listed.returncode != 0:
            return [f"khal list failed: {listed.stderr.strip()[-300:]}"]
        got = sorted(line for line in listed.stdout.splitlines() if line.strip())
        if case is None:
            return [] if got else ["khal lists no event in 2028"]
        expected = sorted(
            f"{d.isoformat()}|{case.title(p, d)}" for p in case.people for d in case.expected_dates(p)
            if d.year == 2028)
        return [] if got == expected else [f"khal 2028: {got} != {expected}"]
    finally:
        shutil.rmtree(root, ignore_errors=True)
