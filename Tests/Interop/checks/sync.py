"""`bdconvert sync` with real software: khal reads a synced vdir (events on their days after a sync
that adds, changes and removes), and the set mark (X-BDCONVERT-SET) survives a round trip through
khal (import, which rewrites the event) and through Radicale (PUT, then GET)."""
import os
import re
import shutil
import subprocess
import tempfile

from checks import khal, radicale

PEOPLE = {
    "ann": ("Ann Lee", "1985-04-12"),
    "ben": ("Ben Ode", "1990-07-01"),
    "cat": ("Cat Ray", "--12-24"),
}


def cards(people):
    return "".join(
        f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{uid}\r\nFN:{name}\r\nBDAY:{date}\r\nEND:VCARD\r\n"
        for uid, (name, date) in people.items())


def sync(binary, source, target, *options):
    return subprocess.run([binary, "sync", source, "--to", target, "-q", *options], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, SOURCE_DATE_EPOCH="0"))


def khal_2028(root, vdir):
    with open(f"{root}/config", "w") as f:
        f.write(khal.CONFIG.format(root=root).replace(f"{root}/calendar", vdir))
    listed = subprocess.run(["khal", "-c", f"{root}/config", "list", "--format", "{start-date}|{title}",
                             "--day-format", "", "2028-01-01", "2028-12-31"],
                            capture_output=True, text=True, timeout=120)
    if listed.returncode != 0:
        return None, listed.stderr.strip()[-300:]
    return sorted(line for line in listed.stdout.splitlines() if line.strip()), None


def expected_2028(people):
    return sorted(f"2028-{date[-5:]}|Birthday: {name}" for name, date in people.values())


def check_vdir_with_khal(binary, work):
    """Sync into a vdir, let khal list 2028, then add, change and remove, and list again."""
    root = tempfile.mkdtemp(prefix="khal-sync-")
    try:
        source = os.path.join(root, "contacts.vcf")
        vdir = os.path.join(root, "calendar") + "/"
        people = dict(PEOPLE)
        with open(source, "w", newline="") as f:
            f.write(cards(people))
        result = sync(binary, source, vdir)
        if result.returncode != 0:
            return [f"first sync failed: {result.stderr.strip()}"]
        problems = []
        got, error = khal_2028(root, vdir)
        if error or got != expected_2028(people):
            problems.append(f"after the first sync khal lists {got or error}, not {expected_2028(people)}")
        people["ann"] = ("Ann Lee", "1985-05-13")  # changed
        del people["ben"]  # removed
        people["dan"] = ("Dan Roe", "2000-01-15")  # added
        with open(source, "w", newline="") as f:
            f.write(cards(people))
        result = sync(binary, source, vdir)
        if result.returncode != 0:
            return problems + [f"second sync failed: {result.stderr.strip()}"]
        got, error = khal_2028(root, vdir)
        if error or got != expected_2028(people):
            problems.append(f"after add/change/remove khal lists {got or error}, not {expected_2028(people)}")
        return problems
    finally:
        shutil.rmtree(root, ignore_errors=True)


def check_mark_survives_khal(binary, work):
    """khal import parses and re-serialises each event into its own vdir file: the mark stays."""
    root = tempfile.mkdtemp(prefix="khal-mark-")
    try:
        source = os.path.join(root, "contacts.vcf")
        with open(source, "w", newline="") as f:
            f.write(cards(PEOPLE))
        synced = os.path.join(root, "synced.ics")
        result = sync(binary, source, synced, "--set", "family")
        if result.returncode != 0:
            return [f"sync failed: {result.stderr.strip()}"]
        os.makedirs(f"{root}/calendar")
        with open(f"{root}/config", "w") as f:
            f.write(khal.CONFIG.format(root=root))
        imported = subprocess.run(["khal", "-c", f"{root}/config", "import", "--batch", "-a", "birthdays", synced],
                                  capture_output=True, text=True, timeout=120)
        if imported.returncode != 0:
            return [f"khal import failed: {imported.stderr.strip()[-300:]}"]
        files = [os.path.join(f"{root}/calendar", name) for name in os.listdir(f"{root}/calendar")]
        marked = [p for p in files if "X-BDCONVERT-SET:family" in open(p, encoding="utf-8").read()]
        if len(files) != 3 or len(marked) != 3:
            return [f"khal wrote {len(files)} files, {len(marked)} with the mark"]
        # The khal-written vdir is still ours: a sync finds nothing to change.
        again = sync(binary, source, f"{root}/calendar", "--set", "family")
        if again.returncode != 0 or again.stdout:
            return [f"sync after khal import: {again.returncode} {again.stdout!r} {again.stderr.strip()}"]
        return []
    finally:
        shutil.rmtree(root, ignore_errors=True)


def check_mark_survives_radicale(binary, work):
    """PUT each synced event to Radicale, GET it back: the mark is there, unchanged."""
    root = tempfile.mkdtemp(prefix="radicale-mark-")
    try:
        source = os.path.join(root, "contacts.vcf")
        with open(source, "w", newline="") as f:
            f.write(cards(PEOPLE))
        vdir = os.path.join(root, "calendar") + "/"
        result = sync(binary, source, vdir, "--set", "family")
        if result.returncode != 0:
            return [f"sync failed: {result.stderr.strip()}"]
        collection = "/interop/sync-mark/"
        radicale.request("MKCALENDAR", collection)
        problems = []
        for name in sorted(os.listdir(vdir)):
            if not name.endswith(".ics"):
                continue
            status, _ = radicale.request("PUT", collection + name, open(vdir + name, "rb").read(),
                                         {"Content-Type": "text/calendar; charset=utf-8"})
            if status not in (201, 204):
                problems.append(f"PUT {name}: HTTP {status}")
            _, body = radicale.request("GET", collection + name)
            if len(re.findall(r"^X-BDCONVERT-SET:family\r?$", body, re.M)) != 1:
                problems.append(f"GET {name} lost the mark:\n{body[:400]}")
        return problems
    finally:
        shutil.rmtree(root, ignore_errors=True)


CHECKS = [("khal-vdir-add-change-remove", check_vdir_with_khal),
          ("mark-survives-khal", check_mark_survives_khal),
          ("mark-survives-radicale", check_mark_survives_radicale)]
