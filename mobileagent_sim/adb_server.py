"""A loopback adb server carrying simulated phones: the adb smart-socket protocol.

Unmodified clients (the ``adb`` 29 binary, adbutils, uiautomator2, and the ``AdbDevice`` backend built on them)
talk to :class:`AdbServer` exactly as to ``adb start-server``'s daemon with emulators attached. Each phone is an
Android 13 google_apis emulator as far as its adbd goes:

- host services, in the forms adb 29 sends: ``host:version``, ``host:devices(-l)``, ``host:track-devices``
  (pushes a new list on every change), ``host:features``/``host-features``, ``host:kill``,
  ``host:connect``/``host:disconnect`` (refused: there is no network transport), transport selection
  (``host:tport:serial:S|any|usb|local``, ``host:transport…``, ``host-serial:S:…``, ``host-transport-id:N:…``)
  followed on the same connection by a device service or by a host service about that device
  (``host:forward:…``, ``get-state``, ``get-serialno``, ``get-devpath``, ``list-forward``, ``killforward``),
  and ``wait-for-TRANSPORT-STATE``, which blocks until the state holds or the client goes away;
- device services: ``shell:`` (v1: one stream, stdin from the socket), ``shell,v2[,raw|pty]:`` (stdin, stdout,
  stderr and the exit status in packets), ``exec:`` (raw, stdin from the socket: ``adb install`` streams the APK
  through it), ``sync:`` (STAT/LIST/SEND/RECV, with the errors of read-only partitions and of the shell user),
  ``framebuffer:``, ``root:``/``unroot:``/``tcpip:``/``usb:`` (adbd restarts: the phone drops off and comes
  back), ``remount:``,
  ``reboot:``, ``tcp:<port>`` (bridged to the simulated uiautomator2 server while it runs) and ``reverse:``.

adbd starts as the shell user (uid 2000) as a google_apis emulator's does, until ``adb root``: commands and sync
from the wire run as adbd's uid (the phone's own Python API stays root); over the wire the phone's shell waits in
real time (``sleep``, a swipe's duration), since clients measure it.

The uiautomator2 server "runs" while a shell stream launching ``app_process … com.wetest.uia2.Main -p <port>``
stays open, as on a phone; ``/stop`` ends that stream. ``adb forward tcp:A tcp:B`` really listens on A. Each phone's
emulator console (``auth``, ``avd snapshot``, ``sms send``; see :mod:`mobileagent_sim.console`) listens on
the port its ``emulator-N`` serial names, as ``adb emu`` expects, when that port is free.

No output is lost: a connection ends with its write side shut down first and what the client still sends read
and dropped before the socket closes (:func:`close_gracefully`). Every connection runs in its own thread;
:meth:`AdbServer.close` shuts all of them down and joins their threads.
"""

from __future__ import annotations

import contextlib
import errno
import io
import logging
import os
import re
import select
import socket
import stat as stat_mod
import struct
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from PIL import Image

from mobileagent_sim.console import ConsoleSession
from mobileagent_sim.device import SimDevice
from mobileagent_sim.framework import PROPS, U2_MAIN
from mobileagent_sim.logcat import IdleChatter
from mobileagent_sim.shell import Caller, default_action
from mobileagent_sim.stores import FileSystem
from mobileagent_sim.u2_server import U2Service, quickack

logger = logging.getLogger(__name__)

#: adb server protocol version reported by ``host:version`` (41 = 1.0.41).
ADB_VERSION = 41
#: The device features served (adbd's ``features``): the subset of an Android 13 adbd's list this server
#: implements, so clients pick the protocols it speaks (no ``stat_v2``/``sendrecv_v2``/``abb_exec``).
FEATURES = "shell_v2,cmd,fixed_push_mkdir,apex"
#: Largest sync DATA chunk (``SYNC_DATA_MAX``).
SYNC_DATA_MAX = 64 * 1024
DEFAULT_U2_PORT = 9008
#: uids adbd runs as: a google_apis emulator's adbd starts as ``shell`` and ``adb root`` restarts it as root.
SHELL_UID, ROOT_UID = 2000, 0
#: How long adbd is away while it restarts (``root:``, ``unroot:``): the transport drops and comes back.
RESTART_S = 0.1
#: How long a finished connection keeps reading what the client still sends before it closes anyway.
LINGER_S = 5.0
#: Shell protocol packet ids (system/core/adb/shell_protocol.h).
ID_STDIN, ID_STDOUT, ID_STDERR, ID_EXIT, ID_CLOSE_STDIN, ID_WINDOW_SIZE_CHANGE = range(6)
#: Largest shell protocol packet adbd sends (its read buffer; the client splits larger ones anyway).
SHELL_CHUNK = 64 * 1024
#: Largest shell protocol packet a client may send (adb's ``MAX_PAYLOAD``, the most its client puts in one): a
#: header announcing more ends the stream, so a client cannot make the server wait for, and hold, gigabytes.
SHELL_PACKET_MAX = 1024 * 1024
#: Most standard input a shell stream holds for its command (the simulated shell reads a command's input whole):
#: past it the command is refused, ``stdin: more than 32 MiB of input``, exit status 1.
STDIN_MAX = 32 * 1024 * 1024
#: How often a command waiting in real time looks for its client leaving (seconds).
WAIT_SLICE = 0.05
#: How long a command reading its input waits for the client's next bytes before leaving the phone to others.
STDIN_GAP_S = 0.005


#: accept() errors that mean the listening socket is closed: the only end of a listener's accept loop.
LISTENER_GONE = frozenset({errno.EBADF, errno.EINVAL, errno.ENOTSOCK})
#: accept() errors about one connection only (the client reset it before it was taken): take the next at once.
ACCEPT_RETRY_AT_ONCE = frozenset({errno.ECONNABORTED, errno.EPROTO, errno.EINTR})
#: The first wait after any other accept() failure (``EMFILE``/``ENFILE``: no descriptor free; ``ENOBUFS``,
#: ``ENOMEM``), doubling at each failure in a row up to :data:`ACCEPT_BACKOFF_MAX_S` (seconds). The connections
#: waiting meanwhile stay in the listen backlog and are taken once descriptors are free again.
ACCEPT_BACKOFF_S = 0.05
ACCEPT_BACKOFF_MAX_S = 1.0


class ProtocolError(Exception):
    """The client broke the protocol or went away."""


class InputTooLarge(ProtocolError):
    """A shell stream's client sent more than the simulator holds: a shell protocol packet over
    :data:`SHELL_PACKET_MAX`, or more standard input than :data:`STDIN_MAX` before the command took it."""


class Hangup(Exception):
    """The client of a running shell command went away: adbd sends the command SIGHUP."""


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


def close_gracefully(conn: socket.socket, linger: float = LINGER_S) -> None:
    """End a connection without losing what was sent to it.

    Closing a socket whose receive queue holds unread bytes (a shell v2 client's close-stdin packet, the rest of
    a v1 client's stdin) makes the kernel answer with a RST instead of a FIN, and a RST discards whatever the
    client had not read yet: the tail or all of a command's output. So: shut the write side (FIN after the
    data), read and drop what the client still sends until it closes (or ``linger`` seconds), then close.
    """
    with contextlib.suppress(OSError):
        conn.shutdown(socket.SHUT_WR)
    deadline = time.monotonic() + linger
    with contextlib.suppress(OSError):
        while (left := deadline - time.monotonic()) > 0:
            conn.settimeout(left)
            if not conn.recv(65536):
                break
    conn.close()


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
        self._stop = threading.Event()  # set on close: ends a backoff wait at once
        self._acceptor = threading.Thread(target=self._accept_loop, name=f"{name}-accept", daemon=True)

    def start(self) -> None:
        self._acceptor.start()

    def _accept_loop(self) -> None:
        """Take connections until the listening socket is closed. Whatever else goes wrong (descriptors, memory or
        threads run out; a client gave up before it was taken) ends no more than that attempt: the loop waits
        (:data:`ACCEPT_BACKOFF_S`, growing) and goes on, with one warning for each stretch of such failures."""
        delay = 0.0
        while not self._closed:
            try:
                conn, _ = self._sock.accept()
            except OSError as e:
                if self._closed or e.errno in LISTENER_GONE:
                    return
                if e.errno in ACCEPT_RETRY_AT_ONCE:
                    continue
                delay = self._back_off(delay, e)
                continue
            try:
                self._start_connection(conn)
            except (OSError, RuntimeError) as e:  # no thread to be had, or the socket broke already
                conn.close()
                delay = self._back_off(delay, e)
                continue
            if delay:
                logger.info("%s: accepting connections again", self._name)
                delay = 0.0

    def _back_off(self, delay: float, error: BaseException) -> float:
        """Wait before the next accept after ``error``; the next wait (up to :data:`ACCEPT_BACKOFF_MAX_S`). The
        first failure of a stretch is logged; a close wakes the wait."""
        if not delay:
            logger.warning("%s: cannot take new connections (%s): waiting for resources, retrying with backoff",
                           self._name, error)
        delay = min(ACCEPT_BACKOFF_MAX_S, delay * 2 if delay else ACCEPT_BACKOFF_S)
        self._stop.wait(delay)
        return delay

    def _start_connection(self, conn: socket.socket) -> None:
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
        try:
            thread.start()
        except RuntimeError:
            with self._lock:
                self._conns.discard(conn)
                self._threads.discard(thread)
            raise

    def _run(self, conn: socket.socket) -> None:
        try:
            self._serve(conn)
        except (ProtocolError, OSError, Hangup) as e:
            logger.debug("%s: connection ended: %s", self._name, e)
        except Exception:
            logger.exception("%s: connection handler failed", self._name)
        finally:
            close_gracefully(conn)
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
        self._stop.set()
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


# -- a shell command's streams over the wire -------------------------------------------------------------------

class _ShellStream:
    """The client side of one shell service stream: its input (shell protocol packets, or raw bytes for v1 and
    ``exec:``) and the framing of the command's output.

    adbd (system/core/adb/daemon/shell_service.cpp): a raw subprocess with the shell protocol has stdout and
    stderr on two socketpairs, sent as ``kIdStdout``/``kIdStderr`` packets, then ``kIdExit``; stdin comes as
    ``kIdStdin`` packets until ``kIdCloseStdin``. Without the protocol (``shell:``, ``exec:``) stderr is the
    same fd as stdout and stdin is the stream itself (adb's client never half-closes it, so a v1 ``cat`` waits
    on a phone as here). With a pty, output has the tty's ``\\r\\n``.
    """

    def __init__(self, conn: socket.socket, v2: bool, pty: bool = False, stdin_limit: int | None = None):
        self.conn, self.v2, self.pty = conn, v2, pty
        self._buf = bytearray()  # unread bytes of the client's stream (v2: partial packets)
        self._stdin = bytearray()
        self.stdin_closed = False
        self.gone = False
        #: The uid adbd runs the command as.
        self.uid = SHELL_UID
        #: ``pm install -S SIZE`` reads exactly SIZE bytes of stdin (adb install streams the APK and waits).
        self.stdin_limit = stdin_limit

    def _pump(self) -> None:
        """Read what the client sent (blocking) into stdin, noting close-stdin and the client leaving."""
        chunk = self.conn.recv(65536)
        if not chunk:
            self.gone = self.stdin_closed = True
            return
        if not self.v2:
            self._take_stdin(chunk)
            return
        self._buf += chunk
        while len(self._buf) >= 5:
            kind, size = self._buf[0], struct.unpack_from("<I", self._buf, 1)[0]
            if size > SHELL_PACKET_MAX:
                raise InputTooLarge(f"a shell protocol packet of {size} bytes (at most {SHELL_PACKET_MAX})")
            if len(self._buf) < 5 + size:
                break
            data = bytes(self._buf[5:5 + size])
            del self._buf[:5 + size]
            if kind == ID_STDIN:
                self._take_stdin(data)
            elif kind == ID_CLOSE_STDIN:
                self.stdin_closed = True
            # kIdWindowSizeChange and anything else: nothing to do for a simulated process

    def _take_stdin(self, data: bytes) -> None:
        if len(self._stdin) + len(data) > STDIN_MAX:
            raise InputTooLarge(f"stdin: more than {STDIN_MAX >> 20} MiB of input")
        self._stdin += data

    def read_stdin(self, idle: Callable[[float], None] | None = None) -> bytes:
        """The command's whole standard input: all the client sends until it closes stdin; while waiting for it,
        the phone is left to other clients in ``idle`` (a ``cat`` waiting on its input does not stop a phone)."""
        while not self.stdin_closed and (self.stdin_limit is None or len(self._stdin) < self.stdin_limit):
            if idle is not None and not self._readable():
                idle(WAIT_SLICE)
                continue
            self._pump()
        data = bytes(self._stdin if self.stdin_limit is None else self._stdin[:self.stdin_limit])
        self._stdin.clear()
        return data

    def _readable(self) -> bool:
        """Whether the client has sent more, waiting a moment first: input streamed in chunks is read on without
        giving the phone away between them; a client that stays quiet leaves it to the others."""
        return bool(select.select([self.conn], [], [], STDIN_GAP_S)[0])

    def readline(self, idle: Callable[[float], None] = time.sleep) -> bytes:
        """One line of the command's standard input (``read``), as soon as the client has sent it, the phone left
        to other clients meanwhile (``idle``); what is left when the client closes stdin; b"" at the end."""
        while b"\n" not in self._stdin and not self.stdin_closed:
            if self._readable():
                self._pump()
            else:
                idle(WAIT_SLICE)
        end = self._stdin.find(b"\n") + 1 or len(self._stdin)
        line = bytes(self._stdin[:end])
        del self._stdin[:end]
        return line

    def wait(self, seconds: float, idle: Callable[[float], None] = time.sleep,
             passed: Callable[[], None] = lambda: None) -> None:
        """Let ``seconds`` of real time pass in ``idle`` (the phone's, which leaves it to other clients meanwhile),
        reading what the client sends and telling ``passed`` after each slice; :class:`Hangup` if the client goes
        away (adbd then sends the process SIGHUP)."""
        deadline = time.monotonic() + max(0.0, seconds)
        while not self.gone and (left := deadline - time.monotonic()) > 0:
            idle(min(left, WAIT_SLICE))
            passed()
            readable, _, _ = select.select([self.conn], [], [], 0)
            if readable:
                self._pump()
        if self.gone:
            raise Hangup("the client closed the shell stream")

    def caller(self, device: SimDevice, passed: Callable[[], None], time_scale: float = 1.0) -> Caller:
        """adbd running this stream's command on ``device``: its uid, this client's input, real time (``passed``
        moves the phone's clock along; a phone's second lasts ``1 / time_scale`` real seconds), output sent as it
        comes."""
        return Caller(uid=self.uid, stdin=_Input(self, device.pause), emit=self.send_now,
                      wait=lambda seconds: self.wait(seconds / time_scale, device.pause, passed))

    def send_now(self, stdout: bytes) -> None:
        """Output of a command still running; :class:`Hangup` if the client has gone."""
        if self.pty:
            stdout = re.sub(rb"(?<!\r)\n", b"\r\n", stdout)
        try:
            self._write(ID_STDOUT, stdout)
        except OSError as e:
            self.gone = True
            raise Hangup(f"the client closed the shell stream: {e}") from None

    def _write(self, kind: int, data: bytes) -> None:
        if not self.v2:
            self.conn.sendall(data)
            return
        for i in range(0, len(data), SHELL_CHUNK):
            chunk = data[i:i + SHELL_CHUNK]
            self.conn.sendall(bytes([kind]) + struct.pack("<I", len(chunk)) + chunk)

    def send(self, stdout: bytes, stderr: bytes, status: int | None) -> None:
        """The command's output as the client expects it; ``status`` None for the protocol-less streams."""
        if self.pty:
            stdout, stderr = (re.sub(rb"(?<!\r)\n", b"\r\n", stdout + stderr), b"")  # the tty's ONLCR
        if not self.v2:
            self.conn.sendall(stdout + stderr)
            return
        self._write(ID_STDOUT, stdout)
        self._write(ID_STDERR, stderr)
        self.conn.sendall(bytes([ID_EXIT]) + struct.pack("<I", 1) + bytes([(status or 0) & 0xFF]))


@dataclass(frozen=True)
class _Input:
    """A shell stream's input as the simulated shell reads it (:class:`~mobileagent_sim.shell.Reader`):
    ``cat`` all of it until the client closes stdin, ``read`` one line at a time."""

    stream: _ShellStream
    idle: Callable[[float], None]

    def read(self) -> bytes:
        return self.stream.read_stdin(self.idle)

    def readline(self) -> bytes:
        return self.stream.readline(self.idle)


def _killed(conn: socket.socket, number: int) -> int | None:
    """A signal to a process that runs while its stream is open (uiautomator2's ``app_process``): its default
    action; when that ends it, its stream closes, as adbd closes it when the process exits."""
    status = default_action(number)
    if status is not None:
        _shutdown(conn)
    return status


def _install_size(command: str) -> int | None:
    """The ``-S SIZE`` of ``pm install``/``cmd package install`` (the APK streamed on stdin), else None."""
    m = re.search(r"\binstall\b.*?(?:^|\s)-S\s+'?(\d+)", command)
    return int(m.group(1)) if m and re.search(r"\b(?:pm|package)\b", command) else None


# -- the phones ------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class _Phone:
    """A simulated phone as the server sees it: its transport, adbd's state, u2 server and console."""

    device: SimDevice
    transport_id: int
    console: Listener | None = None
    u2: U2Service | None = None
    #: Open ``app_process`` streams by u2 server port: the server runs while one is open.
    u2_streams: dict[int, set[socket.socket]] = field(default_factory=dict)
    reverses: dict[str, str] = field(default_factory=dict)
    #: Injected faults still to happen, in order (see :meth:`AdbServer.inject`).
    faults: list[_Fault] = field(default_factory=list)
    #: False while adbd restarts (``adb root``): the transport is gone.
    online: bool = True
    #: The uid adbd runs as, and so its commands and sync: the shell user until ``root:``.
    uid: int = SHELL_UID
    #: When the phone's clock was last moved to follow real time (``time.monotonic``).
    synced: float = field(default_factory=time.monotonic)
    #: What the phone logs on its own as real time passes (an emulator is never silent).
    chatter: IdleChatter = field(default_factory=IdleChatter)

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


def _console_listener(serve: Callable[[socket.socket], None], host: str, serial: str) -> Listener:
    """The console's listener on the port ``emulator-N`` names (N, with adbd's N+1 free beside it, as the
    emulator takes a pair), or on any free port when that one is taken (``adb emu`` cannot reach it then)."""
    m = re.fullmatch(r"emulator-(\d+)", serial)
    if m:
        port = int(m.group(1))
        try:
            with socket.create_server((host, port + 1)):
                pass  # adbd's port of the pair: free too, or another emulator owns the pair
            return Listener(serve, host, port, name=f"console-{serial}")
        except OSError:
            logger.info("console port %d of %s is taken: its console listens elsewhere (see console_port)",
                           port, serial)
    return Listener(serve, host, 0, name=f"console-{serial}")


def free_emulator_serials(count: int, host: str = "127.0.0.1", first: int = 5554, last: int = 5682) -> list[str]:
    """``count`` serials ``emulator-N`` whose port pair (N, N+1) is free now, from ``first`` up, as the emulator
    picks its ports (5554..5682 is the range adb scans for emulators)."""
    serials: list[str] = []
    for port in range(first, last, 2):
        try:
            with socket.create_server((host, port)), socket.create_server((host, port + 1)):
                serials.append(f"emulator-{port}")
        except OSError:
            continue
        if len(serials) == count:
            return serials
    raise RuntimeError(f"no {count} free emulator port pairs between {first} and {last}")


class AdbServer:
    """An adb server on loopback serving :class:`SimDevice` phones by serial.

    >>> with AdbServer([SimDevice()]) as server:            # doctest: +SKIP
    ...     adbutils.AdbClient(port=server.port).device_list()
    """

    def __init__(self, devices: SimDevice | Iterable[SimDevice] = (), host: str = "127.0.0.1", port: int = 0,
                 console_token: str | None = None, time_scale: float = 1.0):
        """``console_token``: the token the consoles require after ``auth`` (None: no authentication, as an
        emulator with an empty ``~/.emulator_console_auth_token``). ``time_scale``: how many of the phones'
        seconds pass in a real one (1, as on an emulator; more makes ``sleep``, waits and gestures that take
        time quicker, the phones' clocks running as much faster: runs of agents that mostly wait)."""
        if not time_scale > 0:
            raise ValueError(f"time_scale must be positive, got {time_scale}")
        self.time_scale = time_scale
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)  # the device list changed (track-devices, wait-for)
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
        with self._changed:
            self._changed.notify_all()
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
        """Plug in a simulated phone (it shows up in ``adb devices``): its adbd runs as the shell user, and the
        commands it runs take real time, as a served emulator's."""
        with self._lock:
            if device.serial in self._phones:
                raise ValueError(f"a device with serial {device.serial!r} is already served")
            phone = _Phone(device, self._next_transport)
            phone.u2 = U2Service(device, on_stop=lambda p=phone: self._stop_u2(p),
                                 wait=lambda seconds, d=device: d.pause(seconds / self.time_scale))
            self._next_transport += 1
            self._phones[device.serial] = phone
            if self._started:
                self._start_console(phone)
            self._changed.notify_all()

    def remove(self, serial: str) -> None:
        """Unplug a phone: its console, forwards and u2 server go away."""
        with self._lock:
            phone = self._phones.pop(serial)
            forwards = [k for k, f in self._forwards.items() if f.serial == serial]
            listeners = [self._forwards.pop(k).listener for k in forwards]
            self._changed.notify_all()
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
        """Port of the phone's emulator console: the ``N`` of ``emulator-N`` unless that port was taken."""
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
            phone.console = _console_listener(
                lambda conn: ConsoleSession(phone.device, self.console_token,
                                            before=lambda: self._follow_real_time(phone)).serve(conn),
                self.host, phone.serial)
            phone.console.start()

    def _phone(self, serial: str) -> _Phone | None:
        """The phone with ``serial`` if it is attached now (not while its adbd restarts)."""
        with self._lock:
            phone = self._phones.get(serial)
            return phone if phone is not None and phone.online else None

    def _online(self, transport: str = "any") -> list[_Phone]:
        """Attached phones reachable by ``transport`` (emulators are local transports, never usb)."""
        with self._lock:
            phones = [p for p in self._phones.values() if p.online]
        return [] if transport == "usb" else phones

    def _any_phone(self, conn: socket.socket, transport: str = "any") -> _Phone | None:
        phones = self._online(transport)
        if len(phones) == 1:
            return phones[0]
        if not phones:
            _fail(conn, "no devices/emulators found" if transport == "any" else
                  "no devices found" if transport == "usb" else "no emulators found")
        else:
            _fail(conn, "more than one device/emulator" if transport == "any" else
                  "more than one device" if transport == "usb" else "more than one emulator")
        return None

    def _restart_adbd(self, phone: _Phone, uid: int) -> None:
        """adbd exits and comes back as ``uid``: the transport drops for :data:`RESTART_S`, then reconnects."""
        with self._changed:
            phone.online = False
            phone.uid = uid
            self._changed.notify_all()
        self._stop_u2(phone)  # the u2 server was adbd's child

        def back() -> None:
            if not self._closed.wait(RESTART_S):
                with self._changed:
                    phone.online = True
                    self._changed.notify_all()

        threading.Thread(target=back, name=f"adbd-restart-{phone.serial}", daemon=True).start()

    # -- request dispatch ------------------------------------------------------------

    def _serve(self, conn: socket.socket) -> None:
        request = self._read_request(conn)
        phone = self._host_service(conn, request)
        if phone is None:  # no transport selected: the host service answered
            return
        request = self._read_request(conn)
        if request.startswith("host:"):  # adb 29: ``host:tport:serial:S`` then ``host:forward:...``
            self._device_host_service(conn, phone, request.removeprefix("host:"))
            return
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
        elif req in ("host:track-devices", "host:track-devices-l"):
            self._track_devices(conn, long=req.endswith("-l"))
        elif req in ("host:features", "host:host-features"):
            _okay(conn, FEATURES)
        elif req == "host:list-forward":
            _okay(conn, self._forward_list(None))
        elif req == "host:killforward-all":
            self._kill_forwards(None)
            conn.sendall(b"OKAYOKAY")
        elif req == "host:kill":
            _okay(conn)  # the simulated server outlives its clients: only its owner stops it
        elif req.startswith("host:connect:"):
            # there is no network transport to a simulated phone (adb connect would dial a real adbd)
            _okay(conn, f"failed to connect to '{req.removeprefix('host:connect:')}': Connection refused")
        elif req.startswith("host:disconnect:"):
            target = req.removeprefix("host:disconnect:")
            _fail(conn, f"no such device '{target}'" if target else "no such device")
        elif req == "host:reconnect-offline":
            _okay(conn, "reconnecting 0 devices")
        elif req.startswith(("host:tport:", "host:transport")):
            return self._select_transport(conn, req)
        elif m := re.fullmatch(r"host(?:-(serial):(.+)|-transport-id:(\d+)|-(usb|local)|):wait-for-(any|usb|local)-"
                               r"(device|recovery|rescue|sideload|bootloader|any|disconnect)", req, re.S):
            transport = m.group(4) or m.group(5)
            self._wait_for(conn, m.group(2), m.group(3), transport, m.group(6))
        elif req.startswith(("host-serial:", "host-transport-id:", "host-local:", "host-usb:", "host:")):
            phone = self._phone_for(conn, req)
            if phone is not None:
                self._device_host_service(conn, phone, self._split_device_request(req)[1])
        else:
            _fail(conn, f"unknown host service '{req}'")
        return None

    def _device_list(self, long: bool) -> str:
        lines = []
        for p in self._online():
            if long:
                product = PROPS["ro.product.name"]
                model = PROPS["ro.product.model"].replace(" ", "_")
                device = PROPS.get("ro.product.device", "emu64xa")
                lines.append(f"{p.serial:<22} device product:{product} model:{model} device:{device} "
                             f"transport_id:{p.transport_id}\n")
            else:
                lines.append(f"{p.serial}\tdevice\n")
        return "".join(lines)

    def _track_devices(self, conn: socket.socket, long: bool) -> None:
        """Send the device list now and again on every change, until the client goes away."""
        last = self._device_list(long)
        _okay(conn, last)
        while not self._closed.is_set():
            with self._changed:
                self._changed.wait(0.2)
            now = self._device_list(long)
            if now != last:
                conn.sendall(_block(now))
                last = now
            readable, _, _ = select.select([conn], [], [], 0)
            if readable and not conn.recv(1024):
                return

    def _wait_for(self, conn: socket.socket, serial: str | None, tid: str | None, transport: str,
                  state: str) -> None:
        """``wait-for-TRANSPORT-STATE`` (adb/client/adb_client.cpp, adb/adb.cpp ``wait_for_state``): OKAY at
        once, a second OKAY when the state holds; an absent device is waited for, a disconnect waits for it to
        go; ambiguous choices fail; the wait ends if the client goes away."""
        conn.sendall(b"OKAY")
        while not self._closed.is_set():
            with self._lock:
                if serial is not None:
                    found = [p for p in self._online(transport) if p.serial == serial]
                elif tid is not None:
                    found = [p for p in self._online(transport) if str(p.transport_id) == tid]
                else:
                    found = self._online(transport)
            if state == "disconnect":
                if not found:
                    conn.sendall(b"OKAY")
                    return
            elif len(found) > 1:
                _fail(conn, "more than one device/emulator")
                return
            elif found and state in ("device", "any"):
                conn.sendall(b"OKAY")
                return
            with self._changed:
                self._changed.wait(0.1)
            readable, _, _ = select.select([conn], [], [], 0)
            if readable and not conn.recv(1024):
                return  # the client gave up

    def _select_transport(self, conn: socket.socket, req: str) -> _Phone | None:
        tport = req.startswith("host:tport:")
        target = req.removeprefix("host:tport:") if tport else req.removeprefix("host:transport")
        target = target.removeprefix(":")
        if target in ("any", "-any", "usb", "-usb", "local", "-local"):
            phone = self._any_phone(conn, target.lstrip("-"))
        elif target.startswith(("transport-id:", "-id:")):
            tid = target.rsplit(":", 1)[1]
            with self._lock:
                phone = next((p for p in self._online() if str(p.transport_id) == tid), None)
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

    def _phone_for(self, conn: socket.socket, req: str) -> _Phone | None:
        """The phone a ``host-serial:``/``host-usb:``/``host:`` request names (FAIL sent if none)."""
        serial, _ = self._split_device_request(req)
        if serial is None:
            transport = "usb" if req.startswith("host-usb:") else "local" if req.startswith("host-local:") else "any"
            return self._any_phone(conn, transport)
        phone = self._phone(serial)
        if phone is None:
            _fail(conn, f"device '{serial}' not found")
        return phone

    def _device_host_service(self, conn: socket.socket, phone: _Phone, cmd: str) -> None:
        if cmd == "features":
            _okay(conn, FEATURES)
        elif cmd == "get-state":
            _okay(conn, "device")
        elif cmd == "get-serialno":
            _okay(conn, phone.serial)
        elif cmd == "get-devpath":
            _okay(conn, "unknown")  # an emulator has no usb device path
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

    def _kill_forwards(self, serial: str | None) -> None:
        with self._lock:
            keys = [k for k, f in self._forwards.items() if serial is None or f.serial == serial]
            listeners = [self._forwards.pop(k).listener for k in keys]
        for listener in listeners:
            listener.close()

    # -- device services -------------------------------------------------------------

    def _follow_real_time(self, phone: _Phone) -> None:
        """Move a served phone's clock by the real time since it was last moved: an emulator's clock runs while
        clients wait (AndroidWorld sends texts seconds apart, then reads them newest first). In process the clock
        moves only as the simulation says (input events, ``--ma-sim-think-time``)."""
        now = time.monotonic()
        with self._lock:
            elapsed, phone.synced = (now - phone.synced) * self.time_scale, now
        if elapsed > 0:
            phone.device.elapse(elapsed)
        phone.chatter.catch_up(phone.device.system, elapsed)

    def _device_service(self, conn: socket.socket, phone: _Phone, req: str) -> None:
        self._follow_real_time(phone)
        m = re.match(r"^shell(?:,([^:]*))?:(.*)$", req, re.S)
        if m:
            args = (m.group(1) or "").split(",")
            command = m.group(2)
            # adbd (daemon/services.cpp): a pty for an interactive shell, raw for a command, unless asked
            pty = "pty" in args or ("raw" not in args and not command.strip())
            self._shell(conn, phone, command, _ShellStream(conn, v2="v2" in args, pty=pty))
        elif req.startswith("exec:"):
            command = req.removeprefix("exec:")
            self._shell(conn, phone, command, _ShellStream(conn, v2=False, stdin_limit=_install_size(command)),
                        exec_=True)
        elif req == "sync:":
            _okay(conn)
            _SyncSession(phone.device, conn, phone.uid).run()
        elif req.startswith("tcp:"):
            self._tcp(conn, phone, req.removeprefix("tcp:"))
        elif req.startswith("reverse:"):
            self._reverse(conn, phone, req.removeprefix("reverse:"))
        elif req == "framebuffer:":
            self._framebuffer(conn, phone)
        elif req in ("root:", "unroot:"):
            self._root(conn, phone, req == "root:")
        elif req.startswith("tcpip:") or req == "usb:":
            self._restart_mode(conn, phone, req)
        elif req == "remount:" or req.startswith("remount:"):
            _okay(conn)
            # daemon/remount_service.cpp refuses without root; as root, a google_apis emulator started without
            # -writable-system has no writable system partition to remount
            conn.sendall(b'Not running as root. Try "adb root" first.\n' if phone.uid != ROOT_UID
                         else b"remount failed\n")
        elif req in ("jdwp", "jdwp:", "track-jdwp", "track-app") or req.startswith("jdwp:"):
            _fail(conn, f"{req.rstrip(':')} is not simulated: no process of the simulated phone runs a debuggable VM")
        else:
            _fail(conn, f"unknown service '{req}'" if not req.startswith("reboot:")
                  else "reboot is not simulated: restart the simulated phone instead")

    def _shell(self, conn: socket.socket, phone: _Phone, command: str, stream: _ShellStream,
               exec_: bool = False) -> None:
        """Run a shell service's command. ``exec:`` (binary in and out: ``adb install`` streams the APK through
        it) runs with the client's stdin, its stderr after its stdout; ``shell:`` v1 and pty streams keep the
        order of the two but see the line's stdin only where the shell gives the line's input to a reader of
        ``sh.stdin`` (:meth:`_ShellStream.caller`)."""
        if "app_process" in command and U2_MAIN in command:
            self._u2_process(conn, phone, command)
            return
        if not command.strip() and stream.pty:
            _fail(conn, "interactive shells are not simulated; pass a command, or a script on stdin with -T")
            return
        _okay(conn)
        stream.uid = phone.uid
        caller = stream.caller(phone.device, lambda: self._follow_real_time(phone), self.time_scale)
        try:
            if not command.strip():
                command = stream.read_stdin().decode("utf-8", errors="replace")  # sh reads the script from stdin
            if (stream.v2 and not stream.pty) or exec_:
                stdout, stderr, status = phone.device.shell_streams(command, caller=caller)
            else:  # one stream in the order it was written (adbutils' v1 shell2 parses its `echo :$?` last)
                (stdout, status), stderr = phone.device.shell_bytes(command, caller), b""
        except Hangup:
            return  # the client went away mid-command: nobody to answer
        except InputTooLarge as e:
            stdout, stderr, status = b"", f"/system/bin/sh: {e}\n".encode(), 1
        except Exception as e:  # a simulator bug must not look like a dropped connection
            logger.exception("simulated shell failed: %s", command)
            stdout, stderr, status = b"", f"/system/bin/sh: simulator error: {e}\n".encode(), 1
        stream.send(stdout, stderr, status)

    def _u2_process(self, conn: socket.socket, phone: _Phone, command: str) -> None:
        """The uiautomator2 server runs for as long as its launching shell stays open."""
        m = re.search(r"(?:^|\s)-p\s+(\d+)", command)
        port = int(m.group(1)) if m else DEFAULT_U2_PORT
        with self._lock:
            phone.u2_streams.setdefault(port, set()).add(conn)
        process = phone.device.spawn("app_process", phone.uid, lambda number: _killed(conn, number))
        try:
            _okay(conn)  # registered first, so /ping answers as soon as the client sees OKAY
            while conn.recv(4096):
                pass
        finally:
            if process.status is None:  # its stream closed: adbd hangs up the process
                process.status = 128 + 1
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

    def _framebuffer(self, conn: socket.socket, phone: _Phone) -> None:
        """``framebuffer:`` (daemon/framebuffer_service.cpp): header version 2 (bpp, colour space, size, width,
        height, then red/blue/green/alpha offset and length), then the RGBA_8888 pixels of the screen."""
        image = Image.open(io.BytesIO(phone.device.screenshot())).convert("RGBA")
        pixels = image.tobytes()
        header = struct.pack("<14I", 2, 32, 1, len(pixels), image.width, image.height, 0, 8, 16, 8, 8, 8, 24, 8)
        _okay(conn)
        conn.sendall(header + pixels)

    def _root(self, conn: socket.socket, phone: _Phone, root: bool) -> None:
        """``root:``/``unroot:`` (daemon/restart_service.cpp): adbd says what it does and restarts."""
        _okay(conn)
        if root and phone.uid == ROOT_UID:
            conn.sendall(b"adbd is already running as root\n")
        elif not root and phone.uid != ROOT_UID:
            conn.sendall(b"adbd not running as root\n")
        else:
            self._restart_adbd(phone, ROOT_UID if root else SHELL_UID)
            conn.sendall(b"restarting adbd as root\n" if root else b"restarting adbd as non root\n")

    def _restart_mode(self, conn: socket.socket, phone: _Phone, req: str) -> None:
        """``tcpip:PORT``/``usb:`` (daemon/restart_service.cpp): adbd says so and restarts, listening on TCP or
        USB; an emulator's transport drops and comes back either way."""
        _okay(conn)
        port = req.removeprefix("tcpip:")
        if req != "usb:" and (not port.isdigit() or int(port) <= 0):
            conn.sendall(f"invalid port for tcpip mode: {port}\n".encode())
            return
        self._restart_adbd(phone, phone.uid)
        conn.sendall(b"restarting in USB mode\n" if req == "usb:" else
                     f"restarting in TCP mode port: {int(port)}\n".encode())

    def _reverse(self, conn: socket.socket, phone: _Phone, cmd: str) -> None:
        # Reverse forwards are only recorded: nothing on the simulated phone connects to them.
        if cmd.startswith("forward:"):
            spec = cmd.removeprefix("forward:")
            norebind = spec.startswith("norebind:")
            remote, _, local = spec.removeprefix("norebind:").partition(";")
            with self._lock:
                if norebind and remote in phone.reverses:
                    _fail(conn, "cannot rebind existing socket")
                    return
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


#: Partitions mounted read-only on a google_apis emulator started without ``-writable-system``.
READ_ONLY = re.compile(r"^/(?:system|vendor|product|system_ext|odm|apex)(?:/|$)|^/[^/]*$")
#: Where the shell user may write: its scratch folder and shared storage.
SHELL_WRITABLE = re.compile(r"^/(?:data/local/tmp|storage/emulated/0)(?:/|$)")
#: Private data the shell user cannot even look into (apps' folders are 0700 to their uid; /data/system is
#: system's): lstat fails with EACCES, so adbd answers as for a missing file.
SHELL_PRIVATE = re.compile(r"^/data/(?:data|user_de/\d+|system|system_ce|system_de|misc|app)/[^/]+")


class _SyncSession:
    """The ``sync:`` service: STAT, LIST, SEND, RECV and QUIT requests on one connection, as adbd's
    daemon/file_sync_service.cpp answers them for the uid adbd runs as."""

    def __init__(self, device: SimDevice, conn: socket.socket, uid: int):
        self.device = device
        self.conn = conn
        self.uid = uid

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
                if not self._recv(path):
                    return
            elif cmd == b"QUIT":
                return
            else:
                self._fail(f"unknown sync request {cmd!r}")
                return

    def _fail(self, message: str) -> None:
        data = message.encode()
        self.conn.sendall(b"FAIL" + struct.pack("<I", len(data)) + data)

    def _hidden(self, path: str) -> bool:
        """The shell user cannot reach ``path`` (lstat fails with EACCES)."""
        return self.uid != ROOT_UID and SHELL_PRIVATE.match(self.fs.canonical(path)) is not None

    def _stat(self, path: str) -> tuple[int, int, int]:
        try:
            st = None if self._hidden(path) else self.fs.stat(path)
        except PermissionError:
            st = None
        if st is None:
            return (0, 0, 0)  # all zeros: no such file (or not reachable)
        return (st.st_mode & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF, int(st.st_mtime))

    def _list(self, path: str) -> None:
        try:
            names = [".", "..", *self.fs.listdir(path)] if self.fs.isdir(path) and not self._hidden(path) else []
        except OSError:
            names = []  # adbd answers an unreadable or missing directory with an empty listing
        for name in names:
            mode, size, mtime = self._stat(path if name in (".", "..") else path.rstrip("/") + "/" + name)
            raw = name.encode()
            # one sendall per record: adbutils reads the 16-byte header with a single recv
            self.conn.sendall(b"DENT" + struct.pack("<IIII", mode, size, mtime, len(raw)) + raw)
        self.conn.sendall(b"DONE" + bytes(16))

    def _write_error(self, path: str) -> str | None:
        """Why adbd, as it runs now, cannot create ``path`` (``strerror``), or None."""
        canonical = self.fs.canonical(path)
        if READ_ONLY.match(canonical):
            return "Read-only file system"
        if self.uid != ROOT_UID and not SHELL_WRITABLE.match(canonical):
            return "Permission denied"
        if self.fs.isdir(path):
            return "Is a directory"
        return None

    def _send(self, spec: str) -> bool:
        """Receive a file (``path,mode``); False if the session cannot go on.

        The DATA chunks are written as they come (:meth:`SimDevice.pushing`: memory holds one chunk, at most
        :data:`SYNC_DATA_MAX`) and the file replaces ``path`` on DONE, with the permission bits adbd gives it and
        DONE's mtime; a session that breaks off leaves ``path`` as it was. A file adbd cannot create is refused
        with ``couldn't create file: <strerror>`` (the client prints ``remote couldn't create file: ...``), the
        data read and dropped, and the session ends, as adbd does."""
        path, _, mode = spec.rpartition(",")
        if not path or not mode.isdigit():
            path, mode = spec, ""
        error = self._write_error(path)
        if error is not None:
            self._drop_data()
            self._fail(f"couldn't create file: {error}")
            return False
        try:
            with self.device.pushing(path, _pushed_bits(int(mode) if mode else 0o644)) as f:
                mtime = self._receive_data(f.write)
                if mtime is None:
                    raise _Abandoned  # a bad message: the partial file goes, the FAIL is sent already
            if self.uid != ROOT_UID:
                self.fs.chown(path, f"{self.uid}:{self.uid}")
            if mtime:
                self.fs.set_mtime(path, mtime)
        except _Abandoned:
            return False
        except OSError as e:
            self._fail(f"couldn't create file: {e.strerror or e}")
            return False
        self.conn.sendall(b"OKAY" + bytes(4))
        return True

    def _receive_data(self, write: Callable[[bytes], object]) -> int | None:
        """Hand each DATA chunk of a SEND to ``write`` until DONE: its mtime; None (FAIL sent) for a message
        that is not DATA or DONE or a chunk over :data:`SYNC_DATA_MAX`."""
        while True:
            quickack(self.conn)
            head = recv_exact(self.conn, 8)
            kind, size = head[:4], struct.unpack("<I", head[4:])[0]
            if kind == b"DONE":
                return size
            if kind != b"DATA" or size > SYNC_DATA_MAX:
                self._fail("invalid data message" if kind != b"DATA" else "oversize data message")
                return None
            quickack(self.conn)
            write(recv_exact(self.conn, size))

    def _drop_data(self) -> None:
        self._receive_data(lambda chunk: None)

    def _recv(self, path: str) -> bool:
        try:
            if self._hidden(path):
                raise PermissionError(13, "Permission denied")
            st = self.fs.stat(path)
            if st is None:
                raise FileNotFoundError(2, "No such file or directory")
            if stat_mod.S_ISDIR(st.st_mode):
                raise IsADirectoryError(21, "Is a directory")
            f = self.device.open_file(path)
        except OSError as e:
            self._fail(f"open failed: {e.strerror or e}")
            return False
        with f:  # sent as read: a big file is never held whole
            while chunk := f.read(SYNC_DATA_MAX):
                self.conn.sendall(b"DATA" + struct.pack("<I", len(chunk)) + chunk)
        self.conn.sendall(b"DONE" + bytes(4))
        return True


class _Abandoned(Exception):
    """A SEND broken off by a bad message (its FAIL sent)."""


def _pushed_bits(mode: int) -> int:
    """The permission bits adbd gives a pushed file (daemon/file_sync_service.cpp ``do_send``): the client's
    (``adb push`` sends the local file's mode), the owner's copied to the group and others. A symbolic link's
    mode is taken as a file's: its target is written as the contents (the simulator makes no links)."""
    bits = mode & 0o777
    bits |= bits >> 3 & 0o070
    return bits | bits >> 3 & 0o007


def console_auth_token(path: str = "~/.emulator_console_auth_token") -> str:
    """The emulator consoles' token: the one in ``~/.emulator_console_auth_token``, written there first (a random
    one) if the file is missing, as the emulator does; ``adb emu`` and the plugin read it from there."""
    import secrets

    full = os.path.expanduser(path)
    with contextlib.suppress(OSError), open(full) as f:
        token = f.read().strip()
        if token:
            return token
    token = secrets.token_urlsafe(12)
    with contextlib.suppress(OSError):
        fd = os.open(full, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(token)
    return token


def main(argv: list[str] | None = None) -> int:
    """Serve simulated phones until interrupted: ``python -m mobileagent_sim.adb_server --devices 4``.

    Each phone is ``emulator-N`` for the first free port pairs from 5554, as emulators pick theirs, with its
    console on port N (``adb emu``). Prints each phone's serial and the ``--ma-device`` spec that reaches it
    (console included), so ``adb -P PORT devices``, adbutils, uiautomator2 and the plugin can all use them.
    """
    import argparse
    import signal

    parser = argparse.ArgumentParser(prog="ma-sim-adb", description=main.__doc__.splitlines()[0])
    parser.add_argument("--devices", type=int, default=1, help="how many simulated phones (default 1)")
    parser.add_argument("--port", type=int, default=5037, help="adb server port (default 5037; 0 picks one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default loopback)")
    parser.add_argument("--console-token", default=None,
                        help="token the emulator consoles require after auth (default: the one in "
                             "~/.emulator_console_auth_token, created if missing, as the emulator does)")
    parser.add_argument("--console-port", type=int, default=5554,
                        help="the first phone's console port, as the emulator's -port (default 5554: the first "
                             "free pairs from there); even, as emulators' are")
    parser.add_argument("--time-scale", type=float, default=1.0,
                        help="the phones' seconds per real second (default 1, as an emulator; e.g. 20 for runs of "
                             "agents that mostly wait)")
    args = parser.parse_args(argv)
    # the server's warnings (a listener out of descriptors, say) go to stderr, stamped
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not args.time_scale > 0:
        parser.error("--time-scale must be positive")
    args.console_token = args.console_token or console_auth_token()
    if args.console_port % 2 or not 1024 <= args.console_port < 65534:
        parser.error("--console-port must be an even port number from 1024")
    serials = free_emulator_serials(max(1, args.devices), args.host, args.console_port,
                                    max(5682, args.console_port + 128))
    phones = [SimDevice(serial=s) for s in serials]
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with AdbServer(phones, args.host, args.port, console_token=args.console_token,
                   time_scale=args.time_scale) as server:
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
