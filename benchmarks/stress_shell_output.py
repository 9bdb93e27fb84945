"""Stress: large outputs through ``adb shell`` with stdin closed early, on a simulated phone; every byte must arrive.

Reads a ``--size`` file (default 300 KB) ``--runs`` times (default 10,000) per client and protocol, from a phone
served by :class:`~mobileagent_sim.adb_server.AdbServer`:

- the real ``adb`` client, shell protocol v2, stdin at end of file (``input=b""``: close-stdin sent at once);
- the real ``adb`` client, ``shell -x`` (v1), with input the command never reads;
- adbutils, ``shell2(v2=True)`` and ``shell2(v2=False)``.

A server that closes a socket holding unread client bytes (close-stdin, unread stdin) makes the kernel send a
RST, which discards the output the client has not read yet: before the fix, 10-90% of the reads came back short
or empty with exit status 0. Prints the count of short reads and the time per read for each; exits 1 if any
read lost a byte. Run from the repository root::

    python benchmarks/stress_shell_output.py                 # 4 x 10,000 reads (about 15 minutes)
    python benchmarks/stress_shell_output.py --runs 1000 --clients adb
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable

from mobileagent_sim import SimDevice
from mobileagent_sim.testing import adb_device, serve

PATH = "/data/local/tmp/stress.txt"


def _adb_reader(port: int, flags: list[str], stdin: bytes) -> Callable[[], tuple[bytes, int]]:
    adb = shutil.which("adb")
    if adb is None:
        raise SystemExit("the adb client is not installed (Debian package adb)")

    def read() -> tuple[bytes, int]:
        r = subprocess.run([adb, "-P", str(port), *flags, "cat", PATH], input=stdin, capture_output=True)
        return r.stdout, r.returncode

    return read


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000, help="reads per client and protocol (default 10000)")
    parser.add_argument("--size", type=int, default=300_000, help="bytes per read (default 300000)")
    parser.add_argument("--clients", nargs="+", default=["adb", "adbutils"], choices=["adb", "adbutils"])
    args = parser.parse_args(argv)
    data = os.urandom(args.size // 2 + 1).hex().encode()[:args.size]
    failed = 0
    with SimDevice() as phone, serve(phone) as server:
        phone.write_file(PATH, data)
        readers: dict[str, Callable[[], tuple[bytes, int]]] = {}
        if "adb" in args.clients:
            readers["adb shell (v2, stdin closed)"] = _adb_reader(server.port, ["shell"], b"")
            readers["adb shell -x (v1, stdin unread)"] = _adb_reader(server.port, ["shell", "-x"], b"unread\n")
        if "adbutils" in args.clients:
            device = adb_device(server, phone.serial)
            for v2 in (True, False):
                readers[f"adbutils shell2(v2={v2})"] = \
                    lambda v2=v2: (device.shell2(["cat", PATH], encoding=None, v2=v2).output, 0)
        for name, read in readers.items():
            short, start = 0, time.monotonic()
            for _ in range(args.runs):
                out, status = read()
                short += out != data or status != 0
            per = (time.monotonic() - start) / args.runs * 1000
            print(f"{name:34} {args.runs} reads of {args.size} bytes: {short} lost output ({per:.1f} ms/read)",
                  flush=True)
            failed += short
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
