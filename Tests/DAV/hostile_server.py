#!/usr/bin/env python3
"""A small misbehaving CalDAV server for the bounds tests (127.0.0.1 only, bounded).

    hostile_server.py --port PORT --log requests.log [--events N] [--fault FAULT]
                      [--stored K] [--fault-method METHOD] [--auth USER:PASSWORD] [--status S] [--retry-after SECONDS]
                      [--delay SECONDS] [--tls-cert CERT.pem --tls-key KEY.pem]
                      [--max-requests N] [--lifetime SECONDS]

Serves one calendar, /cal/, holding N events (/cal/eNNNNNN.ics, UID uid-NNNNNN): PROPFIND Depth 0
and 1 (the members with their entity tags in one multistatus answer), calendar-multiget and
calendar-query REPORTs, PUT (201) and DELETE (204). With --stored K, only the first K members are
there when read (a multiget answers 404 for the others, as for events deleted meanwhile). A FAULT replaces the answer to every request
whose method is --fault-method (any when absent):
  slow         a 207 whose body comes one byte a second (Content-Length 1000000)
  huge-length  a 207 with Content-Length: 10000000000, its bytes sent as fast as the client reads
  endless      a 207 without a length whose multistatus never ends
  status       --status S (with Retry-After: --retry-after when given)
  delay        the usual answer, after --delay seconds (default 5) of silence
With --tls-cert and --tls-key, it speaks https (the TLS handshake is made as a connection is
accepted; a client that refuses the certificate leaves no line in the log).
With --auth, a request without those Basic credentials is answered 401 (the log never shows them).
Each request is logged as `METHOD PATH STATUS`. The server exits after --max-requests requests or
--lifetime seconds, whichever comes first, and a faulty answer stops when the client goes away or
the lifetime ends, so a test that forgets the server cannot leave it running.
"""
import argparse
import base64
import re
import sys
import time

import testserver

HEAD = (b'<?xml version="1.0" encoding="utf-8"?>\n'
        b'<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\n')
TAIL = b"</d:multistatus>\n"


def member(index):
    return (f"<d:response><d:href>/cal/e{index:06d}.ics</d:href><d:propstat><d:prop>"
            f"<d:getetag>\"{index}\"</d:getetag><d:resourcetype/></d:prop>"
            f"<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n").encode()


def event(index):
    month, day = index % 12 + 1, index % 28 + 1
    data = (f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\n"
            f"UID:uid-{index:06d}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:1980{month:02d}"
            f"{day:02d}\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:Person {index}\r\nEND:VEVENT\r\n"
            f"END:VCALENDAR\r\n")
    return (f"<d:response><d:href>/cal/e{index:06d}.ics</d:href><d:propstat><d:prop>"
            f"<d:getetag>\"{index}\"</d:getetag><c:calendar-data>{data}</c:calendar-data>"
            f"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n").encode()


def gone(index):
    return (f"<d:response><d:href>/cal/e{index:06d}.ics</d:href>"
            f"<d:status>HTTP/1.1 404 Not Found</d:status></d:response>\n").encode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--events", type=int, default=3)
    parser.add_argument("--stored", type=int)
    parser.add_argument("--fault")
    parser.add_argument("--fault-method")
    parser.add_argument("--status", type=int, default=503)
    parser.add_argument("--retry-after")
    parser.add_argument("--delay", type=float, default=5)
    parser.add_argument("--auth")
    testserver.add_arguments(parser, max_requests=2000, lifetime=120, tls=True)
    args = parser.parse_args()
    started = time.monotonic()
    bounds = testserver.Bounds(args)
    log = open(args.log, "a", buffering=1)
    members = HEAD + (b'<d:response><d:href>/cal/</d:href><d:propstat><d:prop><d:resourcetype>'
                      b'<d:collection/><c:calendar/></d:resourcetype></d:prop>'
                      b'<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n')
    members += b"".join(member(index) for index in range(args.events)) + TAIL

    def alive():
        return time.monotonic() - started < args.lifetime

    class Handler(testserver.Handler):
        disable_nagle_algorithm = True  # no 40 ms delayed-ACK stall per answer

        def handle_any(self):
            bounds.count()
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            expected = "Basic " + base64.b64encode(args.auth.encode()).decode() if args.auth else None
            try:
                if expected and self.headers.get("Authorization") != expected:
                    self.answer(401, b"", [("WWW-Authenticate", 'Basic realm="test"')])
                elif args.fault and args.fault_method in (None, self.command):
                    self.fault(body)
                else:
                    self.serve(body)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client gave up

        def answer(self, status, payload=b"", headers=()):
            log.write(f"{self.command} {self.path} {status}\n")
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def fault(self, body):
            if args.fault == "delay":
                ends = time.monotonic() + args.delay
                while alive() and time.monotonic() < ends:
                    time.sleep(0.1)
                self.serve(body)
                return
            if args.fault == "status":
                headers = [("Retry-After", args.retry_after)] if args.retry_after else []
                self.answer(args.status, b"injected fault\n", headers)
                return
            log.write(f"{self.command} {self.path} 207\n")
            self.send_response(207)
            self.send_header("Content-Type", "application/xml; charset=utf-8")
            self.close_connection = True
            if args.fault == "slow":
                self.send_header("Content-Length", "1000000")
                self.end_headers()
                self.wfile.flush()
                payload = HEAD + member(0) * 10000
                for byte in payload:
                    if not alive():
                        break
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(1)
                return
            if args.fault == "huge-length":
                self.send_header("Content-Length", "10000000000")
            self.end_headers()
            self.wfile.write(HEAD)
            block = member(0) * ((1 << 20) // len(member(0)))
            while alive():
                self.wfile.write(block)

        def serve(self, body):
            path = self.path
            if self.command == "PROPFIND" and path.rstrip("/") == "/cal":
                if self.headers.get("Depth") == "0":
                    self.answer(207, members[: members.index(b"</d:response>") + 14] + TAIL)
                else:
                    self.answer(207, members)
            elif self.command == "REPORT" and path.rstrip("/") == "/cal":
                text = body.decode("utf-8", "replace")
                if "calendar-multiget" in text:
                    wanted = [int(n) for n in re.findall(r"/cal/e(\d+)\.ics", text)]
                else:
                    wanted = [int(n) for n in re.findall(r"uid-(\d+)", text)]
                stored = args.events if args.stored is None else args.stored
                found = [event(index) if index < stored else gone(index)
                         for index in wanted if index < args.events]
                self.answer(207, HEAD + b"".join(found) + TAIL)
            elif self.command == "PUT":
                self.answer(201, headers=[("ETag", '"new"')])
            elif self.command == "DELETE":
                self.answer(204)
            else:
                self.answer(404)

    bounds.listen(args.port, Handler)
    bounds.serve(ready=True)

if __name__ == "__main__":
    sys.exit(main())
