#!/usr/bin/env python3
"""Runs a command and reports what it cost, for the resource-bound tests.

    child_usage.py --report FILE --limit SECONDS -- COMMAND [ARGUMENT...]

The command inherits standard input, output and error. When it ends, FILE gets one line
`STATUS USER SYSTEM MAXRSS_KB WALL KILLED`: its exit status (128+N for signal N), its CPU seconds
in user and system mode and its peak resident memory (wait4's rusage, so only this child and
what it exec'd), the wall seconds, and 1 when it was killed at --limit seconds (a hang guard).
The exit status is the command's.
"""
import argparse
import os
import signal
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--limit", type=float, required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.execv(command[0], command)
        finally:
            os._exit(127)
    killed = threading.Event()

    def kill():
        killed.set()
        os.kill(pid, signal.SIGKILL)

    timer = threading.Timer(args.limit, kill)
    timer.start()
    _, status, usage = os.wait4(pid, 0)
    timer.cancel()
    wall = time.monotonic() - started
    code = os.waitstatus_to_exitcode(status)
    code = 128 - code if code < 0 else code
    with open(args.report, "w") as report:
        report.write(f"{code} {usage.ru_utime:.3f} {usage.ru_stime:.3f} {usage.ru_maxrss} "
                     f"{wall:.3f} {1 if killed.is_set() else 0}\n")
    return code


if __name__ == "__main__":
    sys.exit(main())
