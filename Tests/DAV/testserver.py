"""What the test servers of this folder share (hostile_server.py, scripted_server.py,
fault_proxy.py): HTTP/1.1 on 127.0.0.1 only, every method handled by one `handle_any`, https
when given a certificate, and the bounds that keep a forgotten server from running on: the
process exits after --max-requests requests or --lifetime seconds, whichever comes first.

    bounds = testserver.Bounds(args)          # args from a parser given add_arguments()
    bounds.listen(port, Handler)              # once per port; Handler subclasses testserver.Handler
    bounds.serve(ready=True)                  # never returns

A handler calls `bounds.count()` once per request.
"""
import http.server
import os
import ssl
import threading

METHODS = ("GET", "PUT", "DELETE", "PROPFIND", "REPORT", "MKCALENDAR", "MKCOL", "OPTIONS", "HEAD",
           "POST", "PROPPATCH")


def add_arguments(parser, max_requests, lifetime, tls=False):
    """--max-requests and --lifetime with these defaults; --tls-cert and --tls-key with `tls`."""
    parser.add_argument("--max-requests", type=int, default=max_requests)
    parser.add_argument("--lifetime", type=float, default=lifetime)
    if tls:
        parser.add_argument("--tls-cert")
        parser.add_argument("--tls-key")


class Handler(http.server.BaseHTTPRequestHandler):
    """Answers every method of METHODS with `handle_any`, logs nothing of its own."""
    protocol_version = "HTTP/1.1"

    def log_message(self, *arguments):
        pass

    def handle_any(self):
        raise NotImplementedError


for _method in METHODS:
    setattr(Handler, "do_" + _method, lambda self: self.handle_any())


class Bounds:
    """The servers of one process and the count of their requests."""

    def __init__(self, args):
        self.args = args
        self.servers = []
        self.requests = 0
        self.lock = threading.Lock()

    def listen(self, port, handler):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", int(port)), handler)
        server.daemon_threads = True
        if getattr(self.args, "tls_cert", None):
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.args.tls_cert, self.args.tls_key)
            # The handshake is made as a connection is accepted; a failed one raises in accept(),
            # which the server ignores (an OSError).
            server.socket = context.wrap_socket(server.socket, server_side=True)
        self.servers.append(server)
        return server

    def count(self):
        """Counts a request; the one that reaches --max-requests stops the servers."""
        with self.lock:
            self.requests += 1
            if self.requests >= self.args.max_requests:
                self.stop()

    def stop(self):
        for server in self.servers:
            threading.Thread(target=server.shutdown, daemon=True).start()

    def serve(self, ready=False):
        """Serves every port until stopped (or --lifetime), then ends the process."""
        for server in self.servers[1:]:
            threading.Thread(target=server.serve_forever, daemon=True).start()
        threading.Timer(self.args.lifetime, self.stop).start()
        if ready:
            print("ready", flush=True)
        self.servers[0].serve_forever()
        os._exit(0)
