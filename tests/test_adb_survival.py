"""The simulated servers survive hostile clients: the adb server keeps accepting after running out of file
descriptors, a push is streamed to the phone's storage (memory holds one chunk), and every input a client sends is
read within a bound (console lines, shell protocol packets and standard input, uiautomator2 request bodies)."""

from __future__ import annotations

import hashlib
import os
import queue
import resource
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim import adb_server as adb_server_mod
from mobileagent_sim.adb_server import ADB_VERSION, SYNC_DATA_MAX, AdbServer, free_emulator_serials
from mobileagent_sim.console import LINE_MAX
from mobileagent_sim.stores import STAGED_PREFIX
from mobileagent_sim.testing import serve
from mobileagent_sim.u2_server import BODY_MAX, U2Service

TOKEN = "console-token-for-survival-tests"
#: Descriptors the server may open past those it holds when the flood starts.
HEADROOM = 16
#: Peak memory a 50 MB push or pull may add to the server (a behaviour bound: held whole, it adds 50-100 MB).
GROWTH_MAX_KB = 30 * 1024


class _Served:
    """``python -m mobileagent_sim.adb_server`` in a subprocess, its stderr collected line by line."""

    def __init__(self, home: Path):
        base = int(free_emulator_serials(1, first=20000 + 2 * (os.getpid() % 5000), last=40000)[0].split("-")[1])
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mobileagent_sim.adb_server", "--port", "0", "--console-port", str(base),
             "--console-token", TOKEN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "ADBUTILS_ADB_PATH": "/bin/true", "HOME": str(home)})
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.port = int(self.proc.stdout.readline().rsplit(":", 1)[1])
        self.serial = self.proc.stdout.readline().split("\t")[0]
        self.stderr: queue.Queue[str] = queue.Queue()
        self.lines: list[str] = []
        threading.Thread(target=lambda: [self.stderr.put(line) for line in self.proc.stderr], daemon=True).start()

    def wait_for_stderr(self, text: str, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                self.lines.append(self.stderr.get(timeout=left))
            except queue.Empty:
                break
            if text in self.lines[-1]:
                return True
        return False

    def status(self, field: str) -> int:
        """A ``/proc/PID/status`` figure in kB (``VmRSS``, ``VmHWM``)."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
        raise KeyError(field)

    def reset_peak(self) -> int:
        """Start counting the peak resident memory from now (``clear_refs`` 5): the resident memory now, kB."""
        Path(f"/proc/{self.proc.pid}/clear_refs").write_text("5")
        return self.status("VmRSS")

    def close(self) -> None:
        self.proc.terminate()
        assert self.proc.wait(timeout=10) == 0


@pytest.fixture
def served_cli(tmp_path: Path) -> Iterator[_Served]:
    served = _Served(tmp_path)
    try:
        yield served
    finally:
        served.close()


def _request(sock: socket.socket, text: str) -> None:
    data = text.encode()
    sock.sendall(f"{len(data):04x}".encode() + data)


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError(f"closed after {len(buf)} of {n} bytes")
        buf += chunk
    return buf


def test_the_server_answers_after_running_out_of_descriptors(served_cli: _Served) -> None:
    pid = served_cli.proc.pid
    held = len(os.listdir(f"/proc/{pid}/fd"))
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (held + HEADROOM, hard))  # the server's own setrlimit, from here
    flood: list[socket.socket] = []
    try:
        # idle connections, each holding one of the server's descriptors, and more than it can take: its accept()
        # fails (EMFILE) while the rest wait in the listen backlog
        for _ in range(HEADROOM + 8):
            flood.append(socket.create_connection(("127.0.0.1", served_cli.port), timeout=10))
        served_cli.wait_for_stderr("cannot take new connections", timeout=5)  # checked below
        # one more waits in the backlog, its request sent, while the server has no descriptor to take it
        waiting = socket.create_connection(("127.0.0.1", served_cli.port), timeout=10)
        _request(waiting, "host:version")
        time.sleep(0.3)  # several failed accepts, backing off
        for sock in flood:
            sock.close()
        flood.clear()
        # taken once descriptors are free again: nothing waiting was lost
        assert _recv_exact(waiting, 12) == b"OKAY0004" + f"{ADB_VERSION:04x}".encode()
        waiting.close()
        client = adbutils.AdbClient(port=served_cli.port)
        assert client.server_version() == ADB_VERSION
        assert [d.serial for d in client.device_list()] == [served_cli.serial]
        assert client.device(served_cli.serial).shell("echo still here").strip() == "still here"
    finally:
        for sock in flood:
            sock.close()
        resource.prlimit(pid, resource.RLIMIT_NOFILE, (hard, hard))
    # one warning for the whole stretch of failed accepts, however many retries it took
    served_cli.wait_for_stderr("(what came after)", timeout=0.2)
    warnings = [line for line in served_cli.lines if "cannot take new connections" in line]
    assert len(warnings) == 1, served_cli.lines
    assert "Too many open files" in warnings[0] and "WARNING" in warnings[0]


class _Generated:
    """``size`` bytes made as they are read (a file-like source no side ever holds whole), hashed as they go."""

    def __init__(self, size: int):
        self.left, self.n = size, 0
        self.sha = hashlib.sha256()

    def read(self, n: int) -> bytes:
        n = min(n, self.left)
        block = hashlib.sha512(self.n.to_bytes(8, "little")).digest() * (n // 64 + 1)
        chunk = block[:n]
        self.left -= n
        self.n += 1
        self.sha.update(chunk)
        return chunk


def _sync(served: _Served) -> socket.socket:
    """A ``sync:`` connection to the served phone (its adbd runs as the shell user)."""
    sock = socket.create_connection(("127.0.0.1", served.port), timeout=30)
    _request(sock, f"host:transport:{served.serial}")
    assert _recv_exact(sock, 4) == b"OKAY"
    _request(sock, "sync:")
    assert _recv_exact(sock, 4) == b"OKAY"
    return sock


def _send_header(sock: socket.socket, path: str, mode: int = 0o100644) -> None:
    spec = f"{path},{mode}".encode()
    sock.sendall(b"SEND" + struct.pack("<I", len(spec)) + spec)


def _sync_reply(sock: socket.socket) -> tuple[bytes, bytes]:
    kind, size = _recv_exact(sock, 4), struct.unpack("<I", _recv_exact(sock, 4))[0]
    return kind, (_recv_exact(sock, size) if kind == b"FAIL" else b"")


def test_a_big_push_streams_to_storage_and_a_pull_streams_back(served_cli: _Served) -> None:
    size, path, mtime = 50 * 1024 * 1024, "/data/local/tmp/big.bin", 1_700_000_000
    device = adbutils.AdbClient(port=served_cli.port).device(served_cli.serial)
    source = _Generated(size)
    before = served_cli.reset_peak()
    sock = _sync(served_cli)
    _send_header(sock, path, 0o100640)
    while chunk := source.read(SYNC_DATA_MAX):
        sock.sendall(b"DATA" + struct.pack("<I", len(chunk)) + chunk)
    sock.sendall(b"DONE" + struct.pack("<I", mtime))
    assert _sync_reply(sock) == (b"OKAY", b"")
    sock.close()
    assert served_cli.status("VmHWM") - before < GROWTH_MAX_KB
    # the file arrived whole, with DONE's mtime and the bits adbd gives (the owner's copied to group and others)
    info = device.sync.stat(path)
    assert (info.size, int(info.mtime.timestamp()), info.mode & 0o777) == (size, mtime, 0o666)
    assert not [n for n in device.sync.list(os.path.dirname(path)) if n.path.startswith(STAGED_PREFIX)]
    before = served_cli.reset_peak()
    pulled = hashlib.sha256()
    for chunk in device.sync.iter_content(path):
        pulled.update(chunk)
    assert served_cli.status("VmHWM") - before < GROWTH_MAX_KB
    assert pulled.hexdigest() == source.sha.hexdigest()


@pytest.fixture
def phone() -> Iterator[SimDevice]:
    with SimDevice() as device:
        yield device


@pytest.fixture
def server(phone: SimDevice) -> Iterator[AdbServer]:
    with serve(phone, console_token=TOKEN) as srv:
        yield srv


def _sync_in_process(server: AdbServer, serial: str) -> socket.socket:
    sock = socket.create_connection((server.host, server.port), timeout=10)
    _request(sock, f"host:transport:{serial}")
    assert _recv_exact(sock, 4) == b"OKAY"
    _request(sock, "sync:")
    assert _recv_exact(sock, 4) == b"OKAY"
    return sock


def _no_partial_file(phone: SimDevice, folder: str) -> bool:
    """Whether ``folder`` is free of partial pushes, once the server has seen the client go (a bounded wait)."""
    deadline = time.monotonic() + 5
    while any(n.startswith(STAGED_PREFIX) for n in phone.list_dir(folder)):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_push_broken_off_or_refused_leaves_the_old_file(server: AdbServer, phone: SimDevice) -> None:
    path = "/sdcard/Download/kept.txt"
    phone.write_file(path, b"the old contents")
    # the client goes away mid-file
    sock = _sync_in_process(server, phone.serial)
    _send_header(sock, path)
    sock.sendall(b"DATA" + struct.pack("<I", 5) + b"new c")
    sock.close()
    assert _no_partial_file(phone, "/sdcard/Download")
    # a DATA length over the protocol's 64 KiB is refused, before any of it is read
    sock = _sync_in_process(server, phone.serial)
    _send_header(sock, path)
    sock.sendall(b"DATA" + struct.pack("<I", SYNC_DATA_MAX + 1))
    assert _sync_reply(sock) == (b"FAIL", b"oversize data message")
    sock.close()
    assert _no_partial_file(phone, "/sdcard/Download")
    assert phone.read_file(path) == b"the old contents"
    # a path that climbs out of the phone's root stays inside it: checked there, as adbd checks it on a phone
    escaped = f"/tmp/escaped-{os.getpid()}"
    sock = _sync_in_process(server, phone.serial)
    _send_header(sock, f"/data/local/tmp/../../../../../..{escaped}")
    sock.sendall(b"DATA" + struct.pack("<I", 1) + b"x" + b"DONE" + bytes(4))
    assert _sync_reply(sock) == (b"FAIL", b"couldn't create file: Permission denied")  # /tmp, as the shell user
    sock.close()
    assert not os.path.exists(escaped) and not phone.exists(escaped)
    assert _no_partial_file(phone, "/data/local/tmp")


def test_a_console_line_over_the_cap_is_refused_and_the_connection_closed(server: AdbServer,
                                                                           phone: SimDevice) -> None:
    sock = socket.create_connection((server.host, server.console_port(phone.serial)), timeout=10)
    with sock, sock.makefile("rb") as replies:
        while replies.readline() != b"OK\r\n":  # the banner
            pass
        sock.sendall(f"auth {TOKEN}\n".encode())
        while replies.readline() != b"OK\r\n":
            pass
        sock.sendall(b"sms send 5551234 " + b"x" * (LINE_MAX - 18) + b"\n")  # at the cap: answered
        assert replies.readline() == b"OK\r\n"
        sock.sendall(b"sms send 5551234 " + b"x" * (4 * LINE_MAX))  # no newline, over the cap
        assert replies.readline() == f"KO: command line too long (more than {LINE_MAX} bytes)\r\n".encode()
        assert replies.readline() == b""  # closed
    assert phone.shell("content query --uri content://sms/inbox --projection address").count("5551234") == 1


def _shell_v2(server: AdbServer, serial: str, command: str) -> socket.socket:
    sock = socket.create_connection((server.host, server.port), timeout=10)
    _request(sock, f"host:transport:{serial}")
    assert _recv_exact(sock, 4) == b"OKAY"
    _request(sock, f"shell,v2,raw:{command}")
    assert _recv_exact(sock, 4) == b"OKAY"
    return sock


def _packets(sock: socket.socket) -> tuple[bytes, bytes, int]:
    """stdout, stderr and the exit status of a shell v2 stream, read to its exit packet."""
    out, err = b"", b""
    while True:
        kind, size = _recv_exact(sock, 1)[0], struct.unpack("<I", _recv_exact(sock, 4))[0]
        data = _recv_exact(sock, size)
        if kind == adb_server_mod.ID_EXIT:
            return out, err, data[0]
        out, err = (out + data, err) if kind == adb_server_mod.ID_STDOUT else (out, err + data)


def test_shell_input_is_read_within_bounds(server: AdbServer, phone: SimDevice,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # a packet header announcing 4 GiB: refused at once, not waited for
    sock = _shell_v2(server, phone.serial, "cat")
    sock.sendall(bytes([adb_server_mod.ID_STDIN]) + struct.pack("<I", 0xFFFFFFFF) + b"abc")
    out, err, status = _packets(sock)
    assert (out, status) == (b"", 1) and b"a shell protocol packet of 4294967295 bytes" in err
    sock.close()
    # more standard input than the stream holds: the command is refused, its input never held past the cap
    monkeypatch.setattr(adb_server_mod, "STDIN_MAX", 1024 * 1024)
    sock = _shell_v2(server, phone.serial, "cat > /data/local/tmp/in.txt")
    chunk = bytes([adb_server_mod.ID_STDIN]) + struct.pack("<I", 64 * 1024) + b"y" * 64 * 1024
    for _ in range(17):
        sock.sendall(chunk)
    out, err, status = _packets(sock)
    assert (out, status) == (b"", 1) and b"stdin: more than 1 MiB of input" in err
    sock.close()
    # under the cap all is well
    with _shell_v2(server, phone.serial, "wc -c") as sock:
        sock.sendall(chunk + bytes([adb_server_mod.ID_CLOSE_STDIN]) + struct.pack("<I", 0))
        assert _packets(sock) == (b"65536\n", b"", 0)


def test_a_uiautomator2_body_over_the_cap_is_refused_unread(phone: SimDevice) -> None:
    for length, status in [(str(BODY_MAX + 1), b"413"), ("10" * 20, b"413"), ("-5", b"400"), ("lots", b"400")]:
        ours, theirs = socket.socketpair()
        worker = threading.Thread(target=U2Service(phone).serve, args=(theirs,), daemon=True)
        worker.start()
        ours.sendall(f"POST /jsonrpc/0 HTTP/1.1\r\nContent-Length: {length}\r\n\r\n{{}}".encode())
        worker.join(5)
        assert not worker.is_alive(), f"Content-Length {length}: the server waits for the body"
        theirs.close()
        with ours, ours.makefile("rb") as reply:
            assert reply.readline().split(b" ")[1] == status, length
