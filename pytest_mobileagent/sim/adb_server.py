"""A loopback adb server carrying simulated phones: the adb smart-socket protocol.

Unmodified adbutils and uiautomator2 (and the ``AdbDevice`` backend built on
them) talk to :class:`AdbServer` exactly as to ``adb start-server``'s daemon:

- host services: ``host:version``, ``host:devices(-l)``, ``host:track-devices``,
  ``host:tport:…``/``host:transport…`` (transport selection), and per device
  ``host-serial:<S>:features|get-state|get-serialno|forward|list-forward|
  killforward|wait-for-…``;
- device services on a selected transport: ``shell:`` (v1: raw output, then
  close), ``shell,v2:`` (packets; exit packet id 3), ``exec:``, ``sync:``
  (STAT/LIST/SEND/RECV), ``tcp:<port>`` (bridged to the simulated uiautomator2
  server while it runs), and a minimal ``reverse:``.

The uiautomator2 server "runs" while a shell stream launching
``app_process … com.wetest.uia2.Main -p <port>`` stays open, as on a phone;
``/stop`` ends that stream. ``adb forward tcp:A tcp:B`` really listens on A.
Each simulated phone also gets a fake emulator console (see
:meth:`AdbServer.console_port`) answering ``auth`` and ``avd snapshot save|load``.

Every connection runs in its own thread; :meth:`AdbServer.close` shuts all of
them down and joins their threads.
"""

from __future__ import annotations

import contextlib
import logging
import re
import socket
import stat as stat_mod
import struct
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pytest_mobileagent.sim.console import ConsoleSession
from pytest_mobileagent.sim.device import SimDevice
from pytest_mobileagent.sim.framework import PROPS, U2_MAIN
from pytest_mobileagent.sim.stores import FileSystem
from pytest_mobileagent.sim.u2_server import U2Service, quickack

logger = logging.getLogger(__name__)

#: adb server protocol version reported by ``host:version`` (41 = 1.0.41).
ADB_VERSION = 41
FEATURES = "shell_v2,cmd,fixed_push_mkdir,apex"
#: Largest sync DATA chunk (``SYNC_DATA_MAX``).
SYNC_DATA_MAX = 64 * 1024
DEFAULT_U2_PORT = 9008


class ProtocolError(Exception):
    """The client broke the protocol or went away."""


def recv_exact(conn: socket.socket, n: int) -> bytes:
    """Read exactly ``n`` bytes (never more, so a bridged stream starts clean)."""
    buf = b""
    while len(buf) < n:
        chunk = conn.recv(n - len(buf))
        if not chunk:
            raise ProtocolError("connection closed")
        buf += chunk
    return buf


def _block(text: str | bytes) -> bytes:
    data = text.encode() if isinstance(text, str) else text
    return f"{len(data):04x}".encode() + data


def _okay(conn: socket.socket, *blocks: str) -> None:
    conn.sendall(b"OKAY" + b"".join(_block(b) for b in blocks))


def _fail(conn: socket.socket, message: str) -> None:
    conn.sendall(b"FAIL" + _block(message))


class Listener:
    """A loopback TCP listener that runs ``serve(conn)`` for each connection in its own thread."""

    def __init__(self, serve: Callable[[socket.socket], None], host: str = "127.0.0.1", port: int = 0,
                 name: str = "listener"):
        self._serve = serve
        self._name = name
        self._sock = socket.create_server((host, port))
        self.host, self.port = self._sock.getsockname()[:2]
        self._lock = threading.Lock()
        self._conns: set[socket.socket] = set()
        self._threads: set[threading.Thread] = set()
        self._closed = False
        self._acceptor = threading.Thread(target=self._accept_loop, name=f"{name}-accept", daemon=True)

    def start(self) -> None:
        self._acceptor.start()

    def _accept_loop(self) -> None:
        while True:
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            # replies go out as several small writes (OKAY, then data; HTTP headers, then body):
            # without TCP_NODELAY each one after the first waits for the client's delayed ACK
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                if self._closed:
                    conn.close()
                    return
                thread = threading.Thread(target=self._run, args=(conn,), name=f"{self._name}-conn", daemon=True)
                self._conns.add(conn)
                self._threads.add(thread)
            thread.start()

    def _run(self, conn: socket.socket) -> None:
        try:
            self._serve(conn)
        except (ProtocolError, OSError) as e:
            logger.debug("%s: connection ended: %s", self._name, e)
        except Exception:
            logger.exception("%s: connection handler failed", self._name)
        finally:
            _shutdown(conn)
            conn.close()
            with self._lock:
                self._conns.discard(conn)
                self._threads.discard(threading.current_thread())

    def close(self, timeout: float = 5.0) -> None:
        """Stop accepting, end every live connection and join the threads."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            conns, threads = list(self._conns), list(self._threads)
        if self._acceptor.is_alive():
            # closing a listening socket does not wake accept() on Linux: connect once to wake it
            with contextlib.suppress(OSError):
                socket.create_connection((self.host, self.port), timeout=1).close()
            self._acceptor.join(timeout)
        self._sock.close()
        for conn in conns:
            _shutdown(conn)
        for thread in threads:
            if thread is not threading.current_thread():
                thread.join(timeout)


def _shutdown(conn: socket.socket) -> None:
    with contextlib.suppress(OSError):
        conn.shutdown(socket.SHUT_RDWR)


@dataclass(eq=False)
class _Phone:
    """A simulated phone as the server sees it: its transport, u2 server and console."""

    device: SimDevice
    transport_id: int
    console: Listener | None = None
    u2: U2Service | None = None
    #: Open ``app_process`` streams by u2 server port: the server runs while one is open.
    u2_streams: dict[int, set[socket.socket]] = field(default_factory=dict)
    reverses: dict[str, str] = field(default_factory=dict)
    #: Injected faults still to happen, in order (see :meth:`AdbServer.inject`).
    faults: list[_Fault] = field(default_factory=list)

    @property
    def serial(self) -> str:
        return self.device.serial

    def u2_running(self, port: int) -> bool:
        return bool(self.u2_streams.get(port))


@dataclass
class _Fault:
    """A fault waiting for its turn: after ``after`` more device requests, ``times`` requests fail."""

    kind: str
    after: int
    times: int
    seconds: float
    #: Only requests whose service text contains this count and fail (a shell command's words, say).
    match: str = ""


FAULTS = ("disconnect", "timeout", "u2-death")


@dataclass(eq=False)
class _Forward:
    serial: str
    local: str
    remote: str
    listener: Listener


class AdbServer:
    """An adb server on loopback serving :class:`SimDevice` phones by serial.

    >>> with AdbServer([SimDevice()]) as server:            # doctest: +SKIP
    ...     adbutils.AdbClient(port=server.port).device_list()
    """

    def __init__(self, devices: SimDevice | Iterable[SimDevice] = (), host: str = "127.0.0.1", port: int = 0,
                 console_token: str | None = None):
        """``console_token``: the token the fake consoles require after ``auth`` (None accepts any)."""
        self._lock = threading.RLock()
        self._phones: dict[str, _Phone] = {}
        self._forwards: dict[str, _Forward] = {}
        self._next_transport = 1
        self._started = False
        self._closed = threading.Event()  # ends the unanswered waits of injected timeouts
        self.console_token = console_token
        self._listener = Listener(self._serve, host, port, name="adb-server")
        self.host, self.port = self._listener.host, self._listener.port
        for device in [devices] if isinstance(devices, SimDevice) else devices:
            self.add(device)

    # -- lifecycle -----------------------------------------------------------------

    def start(self) -> AdbServer:
        with self._lock:
            if not self._started:
                self._started = True
                self._listener.start()
                for phone in self._phones.values():
                    self._start_console(phone)
        return self

    def close(self) -> None:
        """Stop serving: close listeners, forwards, consoles and every open stream."""
        self._closed.set()
        self._listener.close()
        with self._lock:
            forwards = list(self._forwards.values())
            self._forwards.clear()
            phones = list(self._phones.values())
        for fwd in forwards:
            fwd.listener.close()
        for phone in phones:
            if phone.console is not None:
                phone.console.close()

    def __enter__(self) -> AdbServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- phones --------------------------------------------------------------------

    def add(self, device: SimDevice) -> None:
        """Plug in a simulated phone (it shows up in ``adb devices``)."""
        with self._lock:
            if device.serial in self._phones:
                raise ValueError(f"a device with serial {device.serial!r} is already served")
            phone = _Phone(device, self._next_transport)
            phone.u2 = U2Service(device, on_stop=lambda p=phone: self._stop_u2(p))
            self._next_transport += 1
            self._phones[device.serial] = phone
            if self._started:
                self._start_console(phone)

    def remove(self, serial: str) -> None:
        """Unplug a phone: its console, forwards and u2 server go away."""
        with self._lock:
            phone = self._phones.pop(serial)
            forwards = [k for k, f in self._forwards.items() if f.serial == serial]
            listeners = [self._forwards.pop(k).listener for k in forwards]
        for listener in listeners:
            listener.close()
        self._stop_u2(phone)
        if phone.console is not None:
            phone.console.close()

    @property
    def devices(self) -> dict[str, SimDevice]:
        with self._lock:
            return {s: p.device for s, p in self._phones.items()}

    def device_spec(self, serial: str) -> str:
        """The ``--ma-device`` spec that reaches ``serial`` through this server, its emulator console (and the
        console's token) included."""
        token = f"&token={self.console_token}" if self.console_token else ""
        return f"adb://{self.host}:{self.port}/{serial}?console={self.console_port(serial)}{token}"

    def console_port(self, serial: str) -> int:
        """Port of the phone's fake emulator console (``auth``, ``avd snapshot save|load``)."""
        with self._lock:
            phone = self._phones[serial]
            if phone.console is None:
                self._start_console(phone)
            assert phone.console is not None
            return phone.console.port

    def inject(self, serial: str, fault: str, *, after: int = 0, times: int = 1, seconds: float = 30.0,
               match: str = "") -> None:
        """Make ``serial`` misbehave, for tests of how clients cope.

        After ``after`` more device requests (shell, sync, tcp...), the next ``times`` fail:

        - ``disconnect``: the request is refused as for a device that went away (``device offline``);
        - ``timeout``: the request gets no answer for ``seconds``, then the connection closes;
        - ``u2-death``: the uiautomator2 server dies (its streams close) and the request proceeds.

        With ``match``, only requests whose service text contains it (``shell:settings put ...``) are counted
        and fail, so a test can aim at one step of an episode whatever came before it.
        """
        if fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}; one of {FAULTS}")
        with self._lock:
            self._phones[serial].faults.append(_Fault(fault, after, times, seconds, match))

    def _take_fault(self, phone: _Phone, request: str) -> _Fault | None:
        """The fault this device request meets, if one is due (and count it)."""
        with self._lock:
            if not phone.faults or phone.faults[0].match not in request:
                return None
            fault = phone.faults[0]
            if fault.after > 0:
                fault.after -= 1
                return None
            fault.times -= 1
            if fault.times <= 0:
                phone.faults.pop(0)
            return fault

    def _start_console(self, phone: _Phone) -> None:
        if phone.console is None:
            phone.console = Listener(lambda conn: ConsoleSession(phone.device, self.console_token).serve(conn),
                                     self.host, 0, name=f"console-{phone.serial}")
            phone.console.start()

    def _phone(self, serial: str) -> _Phone | None:
        with self._lock:
            return self._phones.get(serial)

    def _any_phone(self, conn: socket.socket) -> _Phone | None:
        with self._lock:
            phones = list(self._phones.values())
        if len(phones) == 1:
            return phones[0]
        _fail(conn, "no devices/emulators found" if not phones else "more than one device/emulator")
        return None

    # -- request dispatch ------------------------------------------------------------

    def _serve(self, conn: socket.socket) -> None:
        request = self._read_request(conn)
        phone = self._host_service(conn, request)
        if phone is not None:  # a transport was selected: one device service follows
            request = self._read_request(conn)
            fault = self._take_fault(phone, request)
            if fault is not None and fault.kind == "disconnect":
                _fail(conn, "device offline")
                return
            if fault is not None and fault.kind == "timeout":
                self._closed.wait(fault.seconds)
                return
            if fault is not None and fault.kind == "u2-death":
                self._stop_u2(phone)
            self._device_service(conn, phone, request)

    @staticmethod
    def _read_request(conn: socket.socket) -> str:
        size = recv_exact(conn, 4)
        try:
            n = int(size, 16)
        except ValueError:
            raise ProtocolError(f"bad request length {size!r}") from None
        return recv_exact(conn, n).decode("utf-8", errors="replace")

    def _host_service(self, conn: socket.socket, req: str) -> _Phone | None:
        """Answer a host request; return the phone if it selected a transport."""
        if req == "host:version":
            _okay(conn, f"{ADB_VERSION:04x}")
        elif req in ("host:devices", "host:devices-l"):
            _okay(conn, self._device_list(long=req.endswith("-l")))
        elif req == "host:track-devices":
            _okay(conn, self._device_list(long=False))
            while conn.recv(1024):  # the real server pushes updates; ours has none, so just hold it open
                pass
        elif req in ("host:features", "host:host-features"):
            _okay(conn, FEATURES)
        elif req == "host:list-forward":
            _okay(conn, self._forward_list(None))
        elif req == "host:kill":
            _okay(conn)
        elif req.startswith(("host:tport:", "host:transport")):
            return self._select_transport(conn, req)
        elif req.startswith("host:wait-for-"):
            if self._any_phone(conn) is not None:
                conn.sendall(b"OKAYOKAY")
        elif req.startswith(("host-serial:", "host-transport-id:", "host-local:", "host-usb:", "host:")):
            self._device_host_service(conn, req)
        else:
            _fail(conn, f"unknown host service '{req}'")
        return None

    def _device_list(self, long: bool) -> str:
        with self._lock:
            phones = list(self._phones.values())
        lines = []
        for p in phones:
            if long:
                product = PROPS["ro.product.name"]
                model = PROPS["ro.product.model"].replace(" ", "_")
                lines.append(f"{p.serial:<22} device product:{product} model:{model} device:emu64xa "
                             f"transport_id:{p.transport_id}\n")
            else:
                lines.append(f"{p.serial}\tdevice\n")
        return "".join(lines)

    def _select_transport(self, conn: socket.socket, req: str) -> _Phone | None:
        tport = req.startswith("host:tport:")
        target = req.removeprefix("host:tport:") if tport else req.removeprefix("host:transport")
        target = target.removeprefix(":")
        if target in ("any", "-any", "usb", "-usb", "local", "-local"):
            phone = self._any_phone(conn)
        elif target.startswith(("transport-id:", "-id:")):
            tid = target.rsplit(":", 1)[1]
            with self._lock:
                phone = next((p for p in self._phones.values() if str(p.transport_id) == tid), None)
            if phone is None:
                _fail(conn, f"no device with transport id '{tid}'")
        else:
            serial = target.removeprefix("serial:")
            phone = self._phone(serial)
            if phone is None:
                _fail(conn, f"device '{serial}' not found")
        if phone is None:
            return None
        conn.sendall(b"OKAY" + (struct.pack("<Q", phone.transport_id) if tport else b""))
        return phone

    def _split_device_request(self, req: str) -> tuple[str | None, str]:
        """``host-serial:<S>:<cmd>`` → (serial, cmd); serials may contain ``:`` (``127.0.0.1:5555``)."""
        if req.startswith("host-serial:"):
            rest = req.removeprefix("host-serial:")
            with self._lock:
                serials = sorted(self._phones, key=len, reverse=True)
            for serial in serials:
                if rest.startswith(serial + ":"):
                    return serial, rest[len(serial) + 1:]
            m = re.match(r"^(\d{1,3}(?:\.\d{1,3}){3}:\d+|[^:]*):(.*)$", rest, re.S)
            return (m.group(1), m.group(2)) if m else (rest, "")
        if req.startswith("host-transport-id:"):
            tid, _, cmd = req.removeprefix("host-transport-id:").partition(":")
            with self._lock:
                phone = next((p for p in self._phones.values() if str(p.transport_id) == tid), None)
            return (phone.serial if phone else f"transport-id:{tid}"), cmd
        return None, req.split(":", 1)[1]

    def _device_host_service(self, conn: socket.socket, req: str) -> None:
        serial, cmd = self._split_device_request(req)
        phone = self._any_phone(conn) if serial is None else self._phone(serial)
        if phone is None:
            if serial is not None:
                _fail(conn, f"device '{serial}' not found")
            return
        if cmd == "features":
            _okay(conn, FEATURES)
        elif cmd == "get-state":
            _okay(conn, "device")
        elif cmd == "get-serialno":
            _okay(conn, phone.serial)
        elif cmd == "get-devpath":
            _okay(conn, "unknown")
        elif cmd.startswith("wait-for-"):
            conn.sendall(b"OKAYOKAY")
        elif cmd == "list-forward":
            _okay(conn, self._forward_list(phone.serial))
        elif cmd.startswith("forward:"):
            self._forward(conn, phone, cmd.removeprefix("forward:"))
        elif cmd == "killforward-all":
            self._kill_forwards(phone.serial)
            conn.sendall(b"OKAYOKAY")
        elif cmd.startswith("killforward:"):
            self._kill_forward(conn, phone.serial, cmd.removeprefix("killforward:"))
        else:
            _fail(conn, f"unknown host service '{cmd}'")

    # -- forwards ------------------------------------------------------------------

    def _forward_list(self, serial: str | None) -> str:
        with self._lock:
            fwds = [f for f in self._forwards.values() if serial is None or f.serial == serial]
        return "".join(f"{f.serial} {f.local} {f.remote}\n" for f in fwds)

    def _forward(self, conn: socket.socket, phone: _Phone, spec: str) -> None:
        norebind = spec.startswith("norebind:")
        local, _, remote = spec.removeprefix("norebind:").partition(";")
        if not local.startswith("tcp:") or not local[4:].isdigit() or not remote:
            _fail(conn, f"cannot bind listener: unsupported forward '{spec}'")
            return
        with self._lock:
            existing = self._forwards.get(local)
            if existing is not None:
                if norebind:
                    _fail(conn, "cannot rebind existing socket")
                    return
                existing.serial, existing.remote = phone.serial, remote
                conn.sendall(b"OKAYOKAY")
                return
        key = {"local": local}  # tcp:0 learns its real port only once bound
        try:
            listener = Listener(lambda c: self._forwarded(key["local"], c), self.host, int(local[4:]),
                                name=f"forward-{local}")
        except OSError as e:
            _fail(conn, f"cannot bind listener: {e.strerror or e}")
            return
        key["local"] = f"tcp:{listener.port}"
        with self._lock:
            self._forwards[key["local"]] = _Forward(phone.serial, key["local"], remote, listener)
        listener.start()
        conn.sendall(b"OKAYOKAY" + (_block(str(listener.port)) if local == "tcp:0" else b""))

    def _forwarded(self, local: str, conn: socket.socket) -> None:
        with self._lock:
            fwd = self._forwards.get(local)
        phone = self._phone(fwd.serial) if fwd is not None else None
        if fwd is None or phone is None or not fwd.remote.startswith("tcp:"):
            return
        port = int(fwd.remote[4:]) if fwd.remote[4:].isdigit() else -1
        if phone.u2 is not None and phone.u2_running(port):
            phone.u2.serve(conn)

    def _kill_forward(self, conn: socket.socket, serial: str, local: str) -> None:
        with self._lock:
            fwd = self._forwards.get(local)
            if fwd is None or fwd.serial != serial:
                fwd = None
            else:
                del self._forwards[local]
        if fwd is None:
            _fail(conn, f"listener '{local}' not found")
            return
        fwd.listener.close()
        conn.sendall(b"OKAYOKAY")

    def _kill_forwards(self, serial: str) -> None:
        with self._lock:
            keys = [k for k, f in self._forwards.items() if f.serial == serial]
            listeners = [self._forwards.pop(k).listener for k in keys]
        for listener in listeners:
            listener.close()

    # -- device services -------------------------------------------------------------

    def _device_service(self, conn: socket.socket, phone: _Phone, req: str) -> None:
        m = re.match(r"^shell(?:,([^:]*))?:(.*)$", req, re.S)
        if m:
            self._shell(conn, phone, m.group(2), v2="v2" in (m.group(1) or "").split(","))
        elif req.startswith("exec:"):
            self._shell(conn, phone, req.removeprefix("exec:"), v2=False)
        elif req == "sync:":
            _okay(conn)
            _SyncSession(phone.device, conn).run()
        elif req.startswith("tcp:"):
            self._tcp(conn, phone, req.removeprefix("tcp:"))
        elif req.startswith("reverse:"):
            self._reverse(conn, phone, req.removeprefix("reverse:"))
        elif req == "root:":
            _okay(conn)
            conn.sendall(b"adbd is already running as root\n")
        else:
            _fail(conn, f"unknown service '{req}'")

    def _shell(self, conn: socket.socket, phone: _Phone, command: str, v2: bool) -> None:
        if not command.strip():
            _fail(conn, "interactive shells are not simulated; pass a command")
            return
        if "app_process" in command and U2_MAIN in command:
            self._u2_process(conn, phone, command)
            return
        try:
            output, status = phone.device.shell_bytes(command)
        except Exception as e:  # a simulator bug must not look like a dropped connection
            logger.exception("simulated shell failed: %s", command)
            output, status = f"/system/bin/sh: simulator error: {e}\n".encode(), 1
        _okay(conn)
        if not v2:
            conn.sendall(output)  # v1: the end of output is the socket closing
            return
        if output:
            conn.sendall(b"\x01" + struct.pack("<I", len(output)) + output)
        conn.sendall(b"\x03" + struct.pack("<I", 1) + bytes([status & 0xFF]))

    def _u2_process(self, conn: socket.socket, phone: _Phone, command: str) -> None:
        """The uiautomator2 server runs for as long as its launching shell stays open."""
        m = re.search(r"(?:^|\s)-p\s+(\d+)", command)
        port = int(m.group(1)) if m else DEFAULT_U2_PORT
        with self._lock:
            phone.u2_streams.setdefault(port, set()).add(conn)
        try:
            _okay(conn)  # registered first, so /ping answers as soon as the client sees OKAY
            while conn.recv(4096):
                pass
        finally:
            with self._lock:
                phone.u2_streams.get(port, set()).discard(conn)

    def _stop_u2(self, phone: _Phone) -> None:
        with self._lock:
            streams = [s for conns in phone.u2_streams.values() for s in conns]
        for stream in streams:
            _shutdown(stream)

    def _tcp(self, conn: socket.socket, phone: _Phone, target: str) -> None:
        port = int(target) if target.isdigit() else -1
        if phone.u2 is None or not phone.u2_running(port):
            _fail(conn, "closed")  # nothing listens there: adbd closes the stream
            return
        _okay(conn)
        phone.u2.serve(conn)

    def _reverse(self, conn: socket.socket, phone: _Phone, cmd: str) -> None:
        # Reverse forwards are only recorded: nothing on the simulated phone connects to them.
        if cmd.startswith("forward:"):
            spec = cmd.removeprefix("forward:").removeprefix("norebind:")
            remote, _, local = spec.partition(";")
            with self._lock:
                phone.reverses[remote] = local
            conn.sendall(b"OKAYOKAY")
        elif cmd == "list-forward":
            with self._lock:
                rows = "".join(f"{phone.serial} {r} {loc}\n" for r, loc in phone.reverses.items())
            _okay(conn, rows)
        elif cmd == "killforward-all":
            with self._lock:
                phone.reverses.clear()
            conn.sendall(b"OKAYOKAY")
        elif cmd.startswith("killforward:"):
            with self._lock:
                found = phone.reverses.pop(cmd.removeprefix("killforward:"), None)
            if found is None:
                _okay(conn)
                _fail(conn, f"listener '{cmd.removeprefix('killforward:')}' not found")
            else:
                conn.sendall(b"OKAYOKAY")
        else:
            _fail(conn, f"unknown reverse service '{cmd}'")


class _SyncSession:
    """The ``sync:`` service: STAT, LIST, SEND, RECV and QUIT requests on one connection."""

    def __init__(self, device: SimDevice, conn: socket.socket):
        self.device = device
        self.conn = conn

    @property
    def fs(self) -> FileSystem:
        return self.device.system.fs  # looked up each time: snapshot_load replaces the system

    def run(self) -> None:
        while True:
            try:
                head = recv_exact(self.conn, 8)
            except ProtocolError:
                return  # the client closed the session
            cmd, size = head[:4], struct.unpack("<I", head[4:])[0]
            if size > 1024:
                self._fail("path too long")
                return
            path = recv_exact(self.conn, size).decode("utf-8", errors="replace")
            if cmd == b"STAT":
                self.conn.sendall(b"STAT" + struct.pack("<III", *self._stat(path)))
            elif cmd == b"LIST":
                self._list(path)
            elif cmd == b"SEND":
                if not self._send(path):
                    return
            elif cmd == b"RECV":
                self._recv(path)
            elif cmd == b"QUIT":
                return
            else:
                self._fail(f"unknown sync request {cmd!r}")
                return

    def _fail(self, message: str) -> None:
        data = message.encode()
        self.conn.sendall(b"FAIL" + struct.pack("<I", len(data)) + data)

    def _stat(self, path: str) -> tuple[int, int, int]:
        try:
            st = self.fs.stat(path)
        except PermissionError:
            st = None
        if st is None:
            return (0, 0, 0)  # all zeros: no such file
        return (st.st_mode & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF, int(st.st_mtime))

    def _list(self, path: str) -> None:
        try:
            names = [".", "..", *self.fs.listdir(path)] if self.fs.isdir(path) else []
        except OSError:
            names = []  # adbd answers an unreadable or missing directory with an empty listing
        for name in names:
            mode, size, mtime = self._stat(path if name in (".", "..") else path.rstrip("/") + "/" + name)
            raw = name.encode()
            # one sendall per record: adbutils reads the 16-byte header with a single recv
            self.conn.sendall(b"DENT" + struct.pack("<IIII", mode, size, mtime, len(raw)) + raw)
        self.conn.sendall(b"DONE" + bytes(16))

    def _send(self, spec: str) -> bool:
        """Receive a file (``path,mode``); False if the session cannot go on."""
        path, _, mode = spec.rpartition(",")
        if not path or not mode.isdigit():
            path = spec
        data = bytearray()
        while True:
            quickack(self.conn)
            head = recv_exact(self.conn, 8)
            kind, size = head[:4], struct.unpack("<I", head[4:])[0]
            if kind == b"DONE":
                mtime = size
                break
            if kind != b"DATA" or size > SYNC_DATA_MAX:
                self._fail(f"bad {kind!r} chunk in SEND")
                return False
            quickack(self.conn)
            data += recv_exact(self.conn, size)
        try:
            self.device.push_file(path, bytes(data))
            if mtime:
                self.fs.set_mtime(path, mtime)
        except OSError as e:
            self._fail(f"{path}: {e.strerror or e}")
            return True
        self.conn.sendall(b"OKAY" + bytes(4))
        return True

    def _recv(self, path: str) -> None:
        try:
            st = self.fs.stat(path)
            if st is None:
                raise FileNotFoundError(2, "No such file or directory")
            if stat_mod.S_ISDIR(st.st_mode):
                raise IsADirectoryError(21, "Is a directory")
            data = self.device.read_file(path)
        except OSError as e:
            self._fail(f"{path}: {e.strerror or e}")
            return
        for i in range(0, len(data), SYNC_DATA_MAX):
            chunk = data[i:i + SYNC_DATA_MAX]
            self.conn.sendall(b"DATA" + struct.pack("<I", len(chunk)) + chunk)
        self.conn.sendall(b"DONE" + bytes(4))


def main(argv: list[str] | None = None) -> int:
    """Serve simulated phones until interrupted: ``python -m pytest_mobileagent.sim.adb_server --devices 4``.

    Prints each phone's serial and the ``--ma-device`` spec that reaches it (console included), so
    ``adb -P PORT devices``, adbutils, uiautomator2 and the plugin can all use them.
    """
    import argparse
    import secrets
    import signal

    parser = argparse.ArgumentParser(prog="ma-sim-adb", description=main.__doc__.splitlines()[0])
    parser.add_argument("--devices", type=int, default=1, help="how many simulated phones (default 1)")
    parser.add_argument("--port", type=int, default=5037, help="adb server port (default 5037; 0 picks one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default loopback)")
    parser.add_argument("--console-token", default=None,
                        help="token the emulator consoles require after auth (default: a random one, printed)")
    args = parser.parse_args(argv)
    args.console_token = args.console_token or secrets.token_hex(8)
    phones = [SimDevice(serial=f"emulator-{5554 + 2 * i}") for i in range(max(1, args.devices))]
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with AdbServer(phones, args.host, args.port, console_token=args.console_token) as server:
        print(f"serving {len(phones)} simulated phone(s) as an adb server on {server.host}:{server.port}", flush=True)
        for phone in phones:
            print(f"{phone.serial}\t--ma-device {server.device_spec(phone.serial)}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            stop.wait()
    for phone in phones:
        phone.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
