#!/usr/bin/env python3
"""A small fault-injecting HTTP proxy for the CalDAV tests (127.0.0.1 only, bounded).

    fault_proxy.py --upstream http://127.0.0.1:PORT --port PORT --rules rules.json \
                   --log requests.log [--max-requests N] [--lifetime SECONDS]

Forwards every request to the upstream server unless a rule matches it first. rules.json is a
list of objects, tried in order; a rule applies to requests whose method is `method` (any when
absent) and whose path contains `path` (any when absent), `times` times (always when absent):
  {"action": "status", "status": 503, "headers": {"Retry-After": "0"}}  answer with that status
  {"action": "drop"}                 close the connection without an answer
  {"action": "delay", "seconds": 3}  wait, then forward
  {"action": "late", "seconds": 3}   forward, then wait before answering (the server has acted
                                     on a request whose client may have given up waiting)
  {"action": "malformed"}            forward, but answer a 207 whose XML is cut in half
  {"action": "touch"}                before forwarding, PUT the same resource again upstream
                                     (a concurrent edit: the client's If-Match then fails)
Each request is logged as `METHOD PATH STATUS INFLIGHT` (STATUS `-` for a dropped one; INFLIGHT
how many requests the proxy was handling when it arrived, itself included). The proxy exits
after --max-requests requests or --lifetime seconds, whichever comes first, so a test that
forgets it cannot leave it running.
"""
import argparse
import http.client
import json
import sys
import threading
import time
import urllib.parse

import testserver


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--rules", required=True)
    parser.add_argument("--log", required=True)
    testserver.add_arguments(parser, max_requests=5000, lifetime=300)
    args = parser.parse_args()
    upstream = urllib.parse.urlsplit(args.upstream)
    with open(args.rules) as handle:
        rules = json.load(handle)
    lock = threading.Lock()
    state = {"inflight": 0}
    log = open(args.log, "a", buffering=1)
    bounds = testserver.Bounds(args)

    def matching_rule(method, path):
        bounds.count()
        with lock:
            for rule in rules:
                if rule.get("method", method) != method or rule.get("path", "") not in path:
                    continue
                if "times" in rule:
                    if rule["times"] <= 0:
                        continue
                    rule["times"] -= 1
                return rule
        return None

    def forward(method, path, headers, body):
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.getheaders(), response.read()
        finally:
            connection.close()

    class Handler(testserver.Handler):
        def handle_any(self):
            with lock:
                state["inflight"] += 1
                self.inflight = state["inflight"]
                self.counted = True
            try:
                self.handle_counted()
            finally:
                self.finish_request()

        def finish_request(self, line=None):
            # Called before the answer is sent: a client that sends its next request as soon as
            # it has this answer must find this one no longer in flight and already logged, or a
            # loaded machine would log one-at-a-time requests as overlapping.
            if line is not None:
                log.write(line)
            with lock:
                if self.counted:
                    state["inflight"] -= 1
                    self.counted = False

        def handle_counted(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {name: value for name, value in self.headers.items()
                       if name.lower() not in ("host", "connection", "keep-alive")}
            rule = matching_rule(self.command, self.path) or {}
            action = rule.get("action")
            if action == "drop":
                self.finish_request(f"{self.command} {self.path} - {self.inflight}\n")
                self.close_connection = True
                self.connection.shutdown(2)
                return
            if action == "status":
                payload = b"injected fault\n"
                self.finish_request(f"{self.command} {self.path} {rule['status']} {self.inflight}\n")
                self.send_response(rule["status"])
                for name, value in rule.get("headers", {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                return
            if action == "delay":
                time.sleep(rule.get("seconds", 1))
            if action == "touch":
                status, _, current = forward("GET", self.path, headers_for_get(headers), None)
                # A server busy with the client's other writes may answer 423 or 5xx: the edit
                # is tried again (at most 50 times), so that it really happens first.
                for _ in range(50 if status == 200 else 0):
                    edited, _, _ = forward("PUT", self.path, {"Content-Type": "text/calendar",
                                           **auth_only(headers)},
                                           current.replace(b"SUMMARY:", b"SUMMARY:Edited "))
                    if edited < 300:
                        break
                    time.sleep(0.1)
            status, response_headers, payload = forward(self.command, self.path, headers, body)
            if action == "late":
                time.sleep(rule.get("seconds", 1))
            if action == "malformed" and status == 207:
                payload = payload[: len(payload) // 2]
            self.finish_request(f"{self.command} {self.path} {status} {self.inflight}\n")
            try:
                self.send_response(status)
                for name, value in response_headers:
                    if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

    def auth_only(headers):
        return {name: value for name, value in headers.items() if name.lower() == "authorization"}

    def headers_for_get(headers):
        return auth_only(headers)

    bounds.listen(args.port, Handler)
    bounds.serve(ready=True)

if __name__ == "__main__":
    sys.exit(main())
