#!/usr/bin/env python3
"""A scripted, misbehaving CalDAV server for the tests of what bdconvert sends (127.0.0.1 only,
bounded).

    scripted_server.py --port A=PORT --port B=PORT --script script.json --log requests.log \
                       [--max-requests N] [--lifetime SECONDS] [--tls-cert C.pem --tls-key K.pem]

Listens on each named port of 127.0.0.1 (B plays "another host"). script.json is a list of
answers, tried in order; an answer applies to requests on the port named `port` (any when
absent) whose method is `method` (any when absent), whose path is `path` (any when absent) and
whose path starts with `path_prefix` (any when absent), whose Depth header is `depth` (any when
absent) and whose body contains `body_contains` (any when absent), `times` times (always when
absent):
  {"method": "PROPFIND", "path": "/cal/", "status": 207, "headers": {...}, "body": "<xml/>"}
In headers and body, {A} and {B} stand for the ports. Requests no answer matches get 201 with an
ETag (PUT), 204 (DELETE) or 404. Each request is logged, before it is answered, as
`PORTNAME METHOD PATH USER` (USER: the user name of a Basic Authorization header, `-` without
one). The server exits after --max-requests requests or --lifetime seconds, whichever comes
first, so that a test that forgets it cannot leave it running. With --tls-cert and --tls-key every
port speaks https with that certificate (host names of its own under `.localhost`, which curl
resolves to 127.0.0.1, play a provider's hosts).
"""
import argparse
import base64
import json
import sys
import threading

import testserver


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", action="append", required=True)
    parser.add_argument("--script", required=True)
    parser.add_argument("--log", required=True)
    testserver.add_arguments(parser, max_requests=500, lifetime=120, tls=True)
    args = parser.parse_args()
    ports = dict(item.split("=", 1) for item in args.port)
    with open(args.script) as handle:
        script = json.load(handle)
    lock = threading.Lock()
    log = open(args.log, "a", buffering=1)
    bounds = testserver.Bounds(args)

    def substitute(text):
        for name, port in ports.items():
            text = text.replace("{" + name + "}", port)
        return text

    def answer_for(port_name, method, path, depth, body):
        bounds.count()
        with lock:
            for rule in script:
                if rule.get("port", port_name) != port_name or rule.get("method", method) != method:
                    continue
                if rule.get("path", path) != path or not path.startswith(rule.get("path_prefix", "")):
                    continue
                if rule.get("depth", depth) != depth or rule.get("body_contains", "") not in body:
                    continue
                if "times" in rule:
                    if rule["times"] <= 0:
                        continue
                    rule["times"] -= 1
                return rule
        if method == "PUT":
            return {"status": 201, "headers": {"ETag": '"new"'}}
        if method == "DELETE":
            return {"status": 204}
        return {"status": 404}

    def handler_for(port_name):
        class Handler(testserver.Handler):
            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
                user = "-"
                authorization = self.headers.get("Authorization") or ""
                if authorization.startswith("Basic "):
                    try:
                        user = base64.b64decode(authorization[6:]).decode().split(":", 1)[0]
                    except ValueError:
                        user = "?"
                log.write(f"{port_name} {self.command} {self.path} {user}\n")
                depth = self.headers.get("Depth")
                rule = answer_for(port_name, self.command, self.path, depth, body)
                payload = substitute(rule.get("body", "")).encode()
                self.send_response(rule["status"])
                for name, value in rule.get("headers", {}).items():
                    self.send_header(name, substitute(value))
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        return Handler

    for name, port in ports.items():
        bounds.listen(port, handler_for(name))
    bounds.serve()


if __name__ == "__main__":
    sys.exit(main())
