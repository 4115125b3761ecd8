"""Radicale, a real CalDAV server on 127.0.0.1: each event is uploaded as its own resource (as a
CalDAV client does), then a calendar-query REPORT with expand for 2028 returns every birthday
exactly once on the expected day, with its title for that year (an override, with ages). Only loopback traffic, with timeouts on every request."""
import base64
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import icalendar

AUTH = "Basic " + base64.b64encode(b"interop:x").decode()
server = None


def start():
    global server
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="radicale-")
    process = subprocess.Popen(
        [sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{port}",
         "--storage-filesystem-folder", f"{folder}/store", "--auth-type", "none", "--rights-type", "owner_only",
         "--logging-level", "error"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise RuntimeError("radicale did not start")
    server = (process, port, folder)


def stop():
    if server:
        process, _, folder = server
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(folder, ignore_errors=True)


def request(method, path, body=None, headers=None):
    _, port, _ = server
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method,
                                 headers={"Authorization": AUTH, **(headers or {})})
    with urllib.request.urlopen(req, timeout=20) as response:
        return response.status, response.read().decode("utf-8")


QUERY = b"""<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
 <D:prop><C:calendar-data><C:expand start="20280101T000000Z" end="20290101T000000Z"/></C:calendar-data></D:prop>
 <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
  <C:time-range start="20280101T000000Z" end="20290101T000000Z"/></C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>"""

counter = 0


def check(path, case):
    global counter
    counter += 1
    collection = f"/interop/case{counter}/"
    problems = []
    request("MKCALENDAR", collection)
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    resources = {}  # an event and its overrides are one resource (RFC 4791 §4.1)
    for event in cal.walk("VEVENT"):
        if str(event["UID"]) not in resources:
            single = resources[str(event["UID"])] = icalendar.Calendar()
            single.add("prodid", "-//bdconvert interop//EN")
            single.add("version", "2.0")
        resources[str(event["UID"])].add_component(event)
    for uid, single in resources.items():
        status, _ = request("PUT", f"{collection}{uid}.ics", single.to_ical(),
                            {"Content-Type": "text/calendar; charset=utf-8"})
        if status not in (201, 204):
            problems.append(f"PUT {uid}: HTTP {status}")
    _, body = request("REPORT", collection, QUERY, {"Depth": "1", "Content-Type": "application/xml"})
    found = []
    for data in re.findall(r"BEGIN:VCALENDAR.*?END:VCALENDAR", body, re.S):
        data = data.replace("&#13;", "\r").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        for event in icalendar.Calendar.from_ical(data).walk("VEVENT"):
            if event.start.year == 2028:
                found.append(f"{event.start.isoformat()}|{event['SUMMARY']}")
    found.sort()
    if case is None:
        return problems + ([] if found else ["REPORT returned no 2028 event"])
    expected = sorted(
        f"{d.isoformat()}|{case.title(p, d)}" for p in case.people for d in case.expected_dates(p) if d.year == 2028)
    if found != expected:
        problems.append(f"REPORT 2028: {found} != {expected}")
    return problems
