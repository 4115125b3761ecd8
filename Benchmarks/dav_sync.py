#!/usr/bin/env python3
"""Requests and seconds for `bdconvert sync` with real CalDAV/CardDAV servers on 127.0.0.1.

python3 Benchmarks/dav_sync.py [--count 10000] [--servers radicale,xandikos,sabre] [--bdconvert PATH]
                               [--runs caldav,carddav] [--first-sync-limit SECONDS]

For each server (started here on a free port, stopped by its process id at the end: Radicale and
Xandikos from PyPI, sabre/dav from Debian's php-sabre-dav under `php -S` with SQLite storage,
Tests/DAV/sabre/server.php), with COUNT generated contacts (Benchmarks/generate.py vcf30; about 90%
have a birthday):

caldav  (a .vcf file into a CalDAV calendar) a first sync into an empty calendar, a re-sync with
        nothing changed, and a re-sync after 1% of the birthdays moved. A first sync still running
        after --first-sync-limit seconds is stopped and reported as such (resources stored so far;
        0: no first sync over HTTP);
        the calendar is then completed in the server's own storage (the files a vdir sync writes:
        the same bytes bdconvert PUTs) so that the re-sync figures can still be measured.
carddav (an address book on the server as the source) the contacts stored in the server's own
        storage (one .vcf per card; PUTting 10k cards would measure the server, not bdconvert),
        then a sync from the address book into an .ics file, a sync from it into the CalDAV
        calendar that is already in step (no change), and one after 1% of the cards' birthdays
        moved on the server.

Prints one line per run: server, run, events added/updated/removed/unchanged, requests by method
(bdconvert's own count, -v), wall seconds and bdconvert's CPU seconds (user + system, from the
rusage of the children this script has waited for: the servers are waited for only at the end, so
the figure is bdconvert's alone). Timings on a loaded machine are noisy; the request counts are
exact.
"""
import argparse
import os
import re
import resource
import shutil
import hashlib
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port, process, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"server on port {port} did not start")


def start(kind, folder):
    port = free_port()
    log = open(os.path.join(folder, "server.log"), "w")
    if kind == "radicale":
        config = os.path.join(folder, "config")
        with open(os.path.join(folder, "users"), "w") as handle:
            handle.write("bench:bench\n")
        with open(config, "w") as handle:
            handle.write(f"[server]\nhosts = 127.0.0.1:{port}\n[auth]\ntype = htpasswd\n"
                         f"htpasswd_filename = {folder}/users\nhtpasswd_encryption = plain\n"
                         f"[storage]\nfilesystem_folder = {folder}/collections\n"
                         "[logging]\nlevel = warning\n")
        command = [sys.executable, "-m", "radicale", "--config", config]
        root = f"http://127.0.0.1:{port}/bench/"
        storage = {"calendar": f"{folder}/collections/collection-root/bench/birthdays",
                   "book": f"{folder}/collections/collection-root/bench/contacts"}
    elif kind == "sabre":
        command = ["php", "-S", f"127.0.0.1:{port}",
                   os.path.join(HERE, "..", "Tests", "DAV", "sabre", "server.php")]
        root = f"http://127.0.0.1:{port}/"
        # Files for the server's storage are put here first, then loaded into its database.
        storage = {"calendar": f"{folder}/staging/calendar", "book": f"{folder}/staging/book"}
        process = subprocess.Popen(command, stdout=log, stderr=log, env={
            **os.environ, "SABRE_DATA": folder, "SABRE_USER": "bench", "SABRE_PASSWORD": "bench"})
        wait_for(port, process)
        # The first request makes the database (an unauthenticated one is enough: a 401).
        try:
            urllib.request.urlopen(urllib.request.Request(root, method="OPTIONS"), timeout=30)
        except urllib.error.HTTPError:
            pass
        return process, {"calendar": root + "calendars/bench/birthdays/",
                         "book": root + "addressbooks/bench/contacts/"}, storage
    else:
        command = [sys.executable, "-m", "xandikos", "serve", "-d", f"{folder}/data",
                   "--state-dir", f"{folder}/state", "--defaults", "-l", "127.0.0.1",
                   "-p", str(port)]
        root = f"http://127.0.0.1:{port}/user/"
        storage = {"calendar": f"{folder}/data/user/calendars/birthdays",
                   "book": f"{folder}/data/user/contacts/addressbook"}
    process = subprocess.Popen(command, stdout=log, stderr=log)
    wait_for(port, process)
    urls = {"calendar": root + "calendars/birthdays/" if kind == "xandikos" else root + "birthdays/",
            "book": root + ("contacts/addressbook/" if kind == "xandikos" else "contacts/")}
    return process, urls, storage


def sync(bdconvert, source, target, limit=None, create=True):
    """Runs one sync; returns (summary, requests, seconds, CPU seconds), or None when stopped at
    `limit`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    process = subprocess.Popen(
        [bdconvert, "sync", source, "--to", target, "-v", "--user", "bench"]
        + (["--create", "--timeout", "900"] if create else []),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "BDCONVERT_PASSWORD": "bench"})
    try:
        _, stderr = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGTERM)
        process.communicate()
        return None
    seconds = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if process.returncode != 0:
        raise SystemExit(f"sync failed ({process.returncode}):\n{stderr[-2000:]}")
    summary = re.search(r"sync: (.*)", stderr).group(1)
    requests = re.findall(r"bdconvert: (\d+ requests? \(.*\))", stderr)
    return summary, " + ".join(requests), seconds, cpu


def database(folder):
    """sabre/dav's SQLite database, beside the staging folders."""
    return os.path.join(os.path.dirname(os.path.dirname(folder)), "db.sqlite")


def commit(kind, folder):
    """Makes files written into a collection's folder visible to the server (Xandikos keeps its
    collections in git; Radicale reads the folder as it is; sabre/dav's collection is replaced by
    the folder's files, as its PDO backend would store them)."""
    if kind == "sabre":
        names = sorted(name for name in os.listdir(folder) if name.endswith((".ics", ".vcf")))
        calendar = os.path.basename(folder) == "calendar"
        with sqlite3.connect(database(folder), timeout=60) as db:
            if calendar:
                (collection,) = db.execute("SELECT id FROM calendars").fetchone()
                db.execute("DELETE FROM calendarobjects WHERE calendarid = ?", (collection,))
            else:
                (collection,) = db.execute("SELECT id FROM addressbooks").fetchone()
                db.execute("DELETE FROM cards WHERE addressbookid = ?", (collection,))
            for name in names:
                with open(os.path.join(folder, name), "rb") as handle:
                    data = handle.read()
                if calendar:
                    db.execute(
                        "INSERT INTO calendarobjects (calendardata, uri, calendarid, lastmodified,"
                        " etag, size, componenttype, firstoccurence, lastoccurence)"
                        " VALUES (?, ?, ?, ?, ?, ?, 'VEVENT', 0, 2147483647)",
                        (data, name, collection, int(time.time()), hashlib.md5(data).hexdigest(),
                         len(data)))
                else:
                    db.execute("INSERT INTO cards (carddata, uri, addressbookid, lastmodified)"
                               " VALUES (?, ?, ?, ?)", (data, name, collection, int(time.time())))
            table = "calendars" if calendar else "addressbooks"
            db.execute(f"UPDATE {table} SET ctag = ctag + 1 WHERE id = ?", (collection,))
        return
    if kind != "xandikos":
        return
    run = lambda *command: subprocess.run(["git", "-C", folder, *command], check=True,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run("add", "-A")
    run("rm", "-q", "--cached", "--ignore-unmatch", ".bdconvert-lock")
    run("-c", "user.name=bench", "-c", "user.email=bench@127.0.0.1", "commit", "-q", "-m", "seed")


def make_collection(kind, folder, tag):
    """An empty calendar or address book in the server's storage."""
    if kind == "sabre":
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    elif kind == "radicale":
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, ".Radicale.props"), "w") as handle:
            handle.write('{"tag": "%s"}' % tag)
    else:
        os.makedirs(folder, exist_ok=True)
        if not os.path.isdir(os.path.join(folder, ".git")):
            subprocess.run(["git", "init", "-q", folder], check=True)
            with open(os.path.join(folder, ".xandikos"), "w") as handle:
                handle.write("[DEFAULT]\ntype = %s\n" % (
                    "calendar" if tag == "VCALENDAR" else "addressbook"))
            subprocess.run(["git", "-C", folder, "add", ".xandikos"], check=True)
            commit(kind, folder)


def write_cards(text, folder):
    """One file per card, named by its position (as a phone's CardDAV client would name them)."""
    cards = ["BEGIN:VCARD" + card for card in text.split("BEGIN:VCARD")[1:]]
    for index, card in enumerate(cards):
        with open(os.path.join(folder, f"card-{index:06d}.vcf"), "w", encoding="utf-8",
                  newline="") as handle:
            handle.write(card.replace("\r\n", "\n").replace("\n", "\r\n"))


def stored(kind, folder):
    if kind == "sabre":
        with sqlite3.connect(database(folder), timeout=60) as db:
            return db.execute("SELECT count(*) FROM calendarobjects").fetchone()[0]
    return sum(1 for name in os.listdir(folder) if name.endswith(".ics"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--servers", default="radicale,xandikos,sabre")
    parser.add_argument("--bdconvert", default=os.environ.get("BDCONVERT", "bdconvert"))
    parser.add_argument("--runs", default="caldav,carddav")
    parser.add_argument("--first-sync-limit", type=float, default=None)
    args = parser.parse_args()
    runs = args.runs.split(",")
    bdconvert = os.path.abspath(args.bdconvert) if os.sep in args.bdconvert else args.bdconvert
    work = tempfile.mkdtemp(prefix="bdconvert-dav-bench-")
    try:
        contacts = os.path.join(work, "contacts.vcf")
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "vcf30",
                        str(args.count), contacts], check=True)
        with open(contacts, encoding="utf-8") as handle:
            original = handle.read()
        # 1% of the cards: the birthday moves by a day (the 28th never overflows a month).
        counter = iter(range(10**9))
        changed = re.sub(r"(BDAY[^:\r\n]*:\d{4}-?\d\d-?)(\d\d)",
                         lambda m: m.group(1) + ("28" if next(counter) % 100 == 0 else m.group(2)),
                         original)
        edited = os.path.join(work, "contacts-1pct.vcf")
        with open(edited, "w", encoding="utf-8") as handle:
            handle.write(changed)

        def report(kind, run, result):
            summary, requests, seconds, cpu = result
            print(f"{kind}\t{run}\t{summary}\t{requests}\t{seconds:.1f} s\t{cpu:.1f} s CPU",
                  flush=True)

        for kind in args.servers.split(","):
            folder = os.path.join(work, kind)
            os.makedirs(folder)
            process, urls, storage = start(kind, folder)
            try:
                if "caldav" in runs:
                    # A limit of 0: no first sync over HTTP, the calendar is made in storage.
                    first = (sync(bdconvert, contacts, urls["calendar"], args.first_sync_limit)
                             if args.first_sync_limit != 0 else None)
                    if first is None and args.first_sync_limit == 0:
                        make_collection(kind, storage["calendar"], "VCALENDAR")
                        sync(bdconvert, contacts, storage["calendar"] + "/", create=False)
                        commit(kind, storage["calendar"])
                    elif first is None:
                        count = stored(kind, storage["calendar"])
                        print(f"{kind}\tfirst sync\tstopped after {args.first_sync_limit:.0f} s "
                              f"with {count} resources stored", flush=True)
                        # The rest written as a vdir sync writes them (the bytes bdconvert PUTs),
                        # once the server has finished the requests that were in flight.
                        time.sleep(5)
                        if kind == "sabre":
                            make_collection(kind, storage["calendar"], "VCALENDAR")
                        sync(bdconvert, contacts, storage["calendar"] + "/", create=False)
                        commit(kind, storage["calendar"])
                    else:
                        report(kind, "first sync", first)
                    report(kind, "no-op re-sync", sync(bdconvert, contacts, urls["calendar"]))
                    report(kind, "1% changed", sync(bdconvert, edited, urls["calendar"]))
                if "carddav" in runs:
                    make_collection(kind, storage["book"], "VADDRESSBOOK")
                    write_cards(original, storage["book"])
                    commit(kind, storage["book"])
                    ics = os.path.join(folder, "from-carddav.ics")
                    report(kind, "CardDAV -> .ics first sync", sync(bdconvert, urls["book"], ics))
                    if "caldav" in runs:
                        # The calendar holds the 1%-changed birthdays: put them back first.
                        sync(bdconvert, contacts, urls["calendar"])
                        report(kind, "CardDAV -> CalDAV no-op",
                               sync(bdconvert, urls["book"], urls["calendar"]))
                        with open(edited, encoding="utf-8") as handle:
                            write_cards(handle.read(), storage["book"])
                        commit(kind, storage["book"])
                        report(kind, "CardDAV -> CalDAV 1% changed",
                               sync(bdconvert, urls["book"], urls["calendar"]))
            finally:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
