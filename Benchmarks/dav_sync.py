#!/usr/bin/env python3
"""Requests and seconds for `bdconvert sync` into real CalDAV servers on 127.0.0.1.

python3 Benchmarks/dav_sync.py [--count 10000] [--servers radicale,xandikos] [--bdconvert PATH]

For each server (started here on a free port, stopped by its process id at the end): a first sync
of COUNT generated contacts (Benchmarks/generate.py vcf30; about 90% have a birthday) into an empty
calendar, a re-sync with nothing changed, and a re-sync after 1% of the birthdays moved by a day.
Prints one line per run: server, run, events added/updated/removed/unchanged, requests by method
(bdconvert's own count, -v), wall seconds. Timings on a loaded machine are noisy; the request
counts are exact.
"""
import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

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
        url = f"http://127.0.0.1:{port}/bench/birthdays/"
    else:
        command = [sys.executable, "-m", "xandikos", "serve", "-d", f"{folder}/data",
                   "--state-dir", f"{folder}/state", "--defaults", "-l", "127.0.0.1",
                   "-p", str(port)]
        url = f"http://127.0.0.1:{port}/user/calendars/birthdays/"
    process = subprocess.Popen(command, stdout=log, stderr=log)
    wait_for(port, process)
    return process, url


def sync(bdconvert, contacts, url):
    started = time.monotonic()
    result = subprocess.run(
        [bdconvert, "sync", contacts, "--to", url, "--create", "-v", "--user", "bench"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "BDCONVERT_PASSWORD": "bench"})
    seconds = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(f"sync failed ({result.returncode}):\n{result.stderr[-2000:]}")
    summary = re.search(r"sync: (.*)", result.stderr).group(1)
    requests = re.search(r"bdconvert: (\d+ requests? \(.*\))", result.stderr).group(1)
    return summary, requests, seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--servers", default="radicale,xandikos")
    parser.add_argument("--bdconvert", default=os.environ.get("BDCONVERT", "bdconvert"))
    args = parser.parse_args()
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
        for kind in args.servers.split(","):
            folder = os.path.join(work, kind)
            os.makedirs(folder)
            process, url = start(kind, folder)
            try:
                for run, source in (("first sync", contacts), ("no-op re-sync", contacts),
                                    ("1% changed", edited)):
                    summary, requests, seconds = sync(args.bdconvert, source, url)
                    print(f"{kind}\t{run}\t{summary}\t{requests}\t{seconds:.1f} s", flush=True)
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
