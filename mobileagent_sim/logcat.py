"""``logcat`` and ``log`` on the simulated phone.

AOSP ``system/logging/logcat/logcat.cpp`` (options, filters, dividers) and ``system/logging/liblog/logprint.cpp``
(the ``-v`` formats); ``system/core/toolbox/log.c``... in Android 13 ``log`` is toybox's (``toys/android/log.c``):
``log [-p PRIORITY] [-t TAG] MESSAGE...``.

- Formats ``brief``, ``process``, ``tag``, ``thread``, ``raw``, ``time``, ``threadtime`` (the default), ``long``,
  with the ``year``, ``epoch``, ``usec``, ``UTC`` modifiers; the device clock is UTC.
- Filters ``TAG:P`` and ``*:P`` (priorities ``V D I W E F S``), ``-s`` (everything else silent), and
  ``ANDROID_LOG_TAGS`` from the environment when the command line has no filter (``adb logcat`` sends
  ``export ANDROID_LOG_TAGS=""; exec logcat ...``).
- ``-d``, ``-c``, ``-t N`` (the last N lines; implies ``-d``), ``-T N``, ``-m N``, ``-e REGEX`` (on the message),
  ``-b main|system|crash|radio|events|all|default``, ``-g``, ``-f FILE``, ``-D`` (dividers).
- Buffers: system_server's lines (pid 1000) are in ``system``, ``AndroidRuntime`` errors in ``crash``, the rest
  in ``main``, as ``Slog`` and the runtime write them; ``--------- beginning of NAME`` before a buffer's first line.

Without ``-d``, a phone's ``logcat`` keeps waiting for new lines. So it does over the wire, where a command can
send output while it runs (``sh.emit``): it sends what the buffer holds, then each line as it is logged (by
another client's ``log``, an app...), until ``-m N`` lines or until the client goes away. In process (the
harness's own ``device.shell``), where a command's output comes when it ends, it prints what the buffer holds
and ends; :func:`follower` (:class:`LogcatFollower`) is the piece both build on.

A served phone also logs on its own as real time passes, as an idle emulator does (:class:`IdleChatter`: Wi-Fi's
periodic scan results), so a client waiting for "one more line" gets it; in process the log holds only what the
episode did.
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from dataclasses import dataclass, field
from typing import Any

from mobileagent_sim.shell import Result, Shell, command, ok, with_stderr
from mobileagent_sim.stores import LogEntry

PRIORITIES = "VDIWEFS"
BUFFERS = ("main", "radio", "events", "system", "crash", "kernel")
DEFAULT_BUFFERS = ("main", "system", "crash")
#: The pid of the ``log`` tool's process (a process of the shell user).
LOG_TOOL_PID = 5123
SYSTEM_SERVER_PID = 1000


def buffer_of(entry: LogEntry) -> str:
    """The buffer a line is in: the one its writer chose, else ``Slog`` (system_server) writes ``system``; the
    runtime's fatal errors ``crash``."""
    if entry.buffer is not None:
        return entry.buffer
    if entry.tag == "AndroidRuntime" and entry.level in "EF":
        return "crash"
    return "system" if entry.pid == SYSTEM_SERVER_PID else "main"


class LogcatUsage(Exception):
    """A command line ``logcat`` refuses (its message, as logcat prints it)."""


@dataclass
class LogcatView:
    """What one ``logcat`` command line shows: its buffers, filters, format and limits."""

    buffers: tuple[str, ...] = DEFAULT_BUFFERS
    format: str = "threadtime"
    modifiers: set[str] = field(default_factory=set)
    filters: dict[str, str] = field(default_factory=dict)
    default_priority: str = "V"
    dump: bool = False
    clear: bool = False
    tail: int | None = None
    max_count: int | None = None
    regex: re.Pattern[str] | None = None
    dividers: bool = False
    out_file: str | None = None
    sizes: bool = False

    @classmethod
    def parse(cls, args: list[str], env: dict[str, str]) -> LogcatView:
        view, specs = cls(), []
        chosen: list[str] = []
        words = iter(args)
        for arg in words:
            option, value = _split_option(arg)
            if option in ("-d",):
                view.dump = True
            elif option in ("-c", "--clear"):
                view.clear = True
            elif option == "-s":
                view.default_priority = "S"
            elif option == "-D" or option == "--dividers":
                view.dividers = True
            elif option in ("-g", "--buffer-size"):
                view.sizes = True
            elif option in ("-v", "--format", "-b", "--buffer", "-t", "-T", "-m", "--max-count", "-e", "--regex",
                            "-f", "--file"):
                if value is None:
                    value = next(words, None)
                    if value is None:
                        raise LogcatUsage(f"logcat: option requires an argument -- '{option.lstrip('-')}'")
                view._option(option, value, chosen)
            elif option.startswith("-"):
                raise LogcatUsage(f"logcat: invalid option -- '{option.lstrip('-')[:1]}'")
            else:
                specs.append(arg)
        if chosen:
            view.buffers = tuple(dict.fromkeys(chosen))
        if not specs and env.get("ANDROID_LOG_TAGS"):
            specs = env["ANDROID_LOG_TAGS"].split()
        for spec in specs:
            view._filter(spec)
        return view

    def _option(self, option: str, value: str, chosen: list[str]) -> None:
        if option in ("-v", "--format"):
            for word in value.replace(",", " ").split():
                if word in ("brief", "process", "tag", "thread", "raw", "time", "threadtime", "long"):
                    self.format = word
                elif word in ("year", "epoch", "usec", "UTC", "zone", "color", "printable", "descriptive",
                              "monotonic", "uid", "nsec"):
                    self.modifiers.add(word)
                else:
                    raise LogcatUsage(f"logcat: Invalid parameter \"{word}\" to -v.")
        elif option in ("-b", "--buffer"):
            for word in value.replace(",", " ").split():
                if word == "all":
                    chosen.extend(b for b in BUFFERS if b != "kernel")
                elif word == "default":
                    chosen.extend(DEFAULT_BUFFERS)
                elif word in BUFFERS:
                    chosen.append(word)
                else:
                    raise LogcatUsage(f"logcat: unknown buffer {word}")
        elif option in ("-t", "-T"):
            if not value.isdigit():
                raise LogcatUsage(f"logcat: -{option[-1]} \"{value}\" is not a number or a time")
            self.tail = int(value)
            self.dump = self.dump or option == "-t"
        elif option in ("-m", "--max-count"):
            if not value.isdigit() or int(value) < 1:
                raise LogcatUsage(f"logcat: -m \"{value}\" isn't an integer greater than zero")
            self.max_count = int(value)
        elif option in ("-e", "--regex"):
            try:
                self.regex = re.compile(value)
            except re.error as e:
                raise LogcatUsage(f"logcat: invalid regex {value}: {e}") from None
        elif option in ("-f", "--file"):
            self.out_file = value

    def _filter(self, spec: str) -> None:
        tag, _, priority = spec.rpartition(":") if ":" in spec else (spec, "", "V")
        priority = (priority or "V").upper()[:1]
        if priority not in PRIORITIES:
            raise LogcatUsage(f"logcat: Invalid filter expression '{spec}'")
        if tag == "*":
            self.default_priority = priority
        else:
            self.filters[tag] = priority

    def shows(self, entry: LogEntry) -> bool:
        """The line passes the priority filter and ``-e``."""
        wanted = self.filters.get(entry.tag, self.default_priority)
        if PRIORITIES.index(_level(entry)) < PRIORITIES.index(wanted):
            return False
        return self.regex is None or self.regex.search(entry.message) is not None

    def line(self, e: LogEntry) -> str:
        """One entry in the chosen format (``android_log_formatLogLine``)."""
        level, tag = _level(e), e.tag
        stamp = self._stamp(e.time)
        head = {
            "brief": f"{level}/{tag:<8}({e.pid:5d}): ",
            "process": f"{level}({e.pid:5d}) ",
            "tag": f"{level}/{tag:<8}: ",
            "thread": f"{level}({e.pid:5d}:{e.tid:5d}) ",
            "raw": "",
            "time": f"{stamp} {level}/{tag:<8}({e.pid:5d}): ",
            "threadtime": f"{stamp} {e.pid:5d} {e.tid:5d} {level} {tag:<8}: ",
        }
        if self.format == "long":
            return f"[ {stamp} {e.pid:5d}:{e.tid:5d} {level}/{tag:<8} ]\n{e.message}\n"
        suffix = f"  ({tag})" if self.format == "process" else ""
        return head[self.format] + e.message + suffix

    def _stamp(self, when: dt.datetime) -> str:
        fraction = f"{when.microsecond:06d}" if "usec" in self.modifiers else f"{when.microsecond // 1000:03d}"
        if "epoch" in self.modifiers:
            return f"{int(when.timestamp()):5d}.{fraction}"
        date = when.strftime("%Y-%m-%d" if "year" in self.modifiers else "%m-%d")
        return f"{date} {when.strftime('%H:%M:%S')}.{fraction}"

    def render(self, entries: list[LogEntry]) -> str:
        """The text for ``entries`` (dividers included), after ``-t`` and before ``-m``."""
        chosen = [e for e in entries if buffer_of(e) in self.buffers]
        if self.tail is not None:
            chosen = chosen[-self.tail:] if self.tail else []
        return LogcatFollower(self).feed(chosen)

    @property
    def follows(self) -> bool:
        """Whether a phone's ``logcat`` would keep running, printing lines as they come (no ``-d``/``-t``/``-c``/
        ``-g``)."""
        return not (self.dump or self.clear or self.sizes)


class LogcatFollower:
    """What a following ``logcat`` has printed so far: feed it the entries written since, get their text.

    The piece a server keeping ``adb logcat`` (or ``adb shell logcat``) open builds on: :meth:`poll` gives the text
    of the entries the system logged since the last call, until :attr:`done` (``-m N`` reached)."""

    def __init__(self, view: LogcatView, start: int = 0):
        self.view = view
        self.seen = start
        self.printed = 0
        self._last: str | None = None
        self._started: set[str] = set()
        self._first = True

    @property
    def done(self) -> bool:
        return self.view.max_count is not None and self.printed >= self.view.max_count

    def poll(self, system: Any) -> str:
        """The text of the entries ``system`` logged since the last poll."""
        entries = system.logcat.entries
        if len(entries) < self.seen:  # cleared since
            self.seen = 0
        fresh = [e for e in entries[self.seen:] if buffer_of(e) in self.view.buffers]
        self.seen = len(entries)
        if self._first and self.view.tail is not None:  # -T N: the last N lines of the buffer, then new ones
            fresh = fresh[-self.view.tail:] if self.view.tail else []
        self._first = False
        return self.feed(fresh)

    def feed(self, entries: list[LogEntry]) -> str:
        out = []
        for entry in entries:
            if self.done:
                break
            buffer = buffer_of(entry)
            if buffer != self._last:
                if buffer not in self._started or self.view.dividers:
                    out.append(f"--------- {'switch to' if buffer in self._started else 'beginning of'} {buffer}\n")
                self._started.add(buffer)
                self._last = buffer
            if not self.view.shows(entry):
                continue
            text = self.view.line(entry)
            out.append(text if text.endswith("\n") else text + "\n")
            self.printed += 1
        return "".join(out)


def _split_option(arg: str) -> tuple[str, str | None]:
    """``-vtime`` is ``-v time``; ``--format=time`` is ``--format time``."""
    if arg.startswith("--"):
        name, eq, value = arg.partition("=")
        return name, value if eq else None
    if arg.startswith("-") and len(arg) > 2 and arg[1] in "vbtTmef":
        return arg[:2], arg[2:]
    return arg, None


def _level(entry: LogEntry) -> str:
    level = entry.level.upper()[:1]
    return level if level in PRIORITIES else "I"


def _buffer_sizes(view: LogcatView) -> str:
    return "".join(f"{b}: ring buffer is 256 KiB (0 B consumed), max entry is 5120 B, max payload is 4068 B\n"
                   for b in view.buffers)


@command("logcat")
def _logcat(sh: Shell, argv: list[str]) -> Result:
    try:
        view = LogcatView.parse(argv[1:], sh.vars)
    except LogcatUsage as e:
        return with_stderr(sh, b"", 1, f"{e}\nFor more information: logcat --help\n")
    log = sh.system.logcat
    if view.clear:
        log.entries[:] = [e for e in log.entries if buffer_of(e) not in view.buffers]
        return ok()
    if view.sizes:
        return ok(_buffer_sizes(view))
    follow = follower(argv, sh.vars) if sh.emit is not None else None
    if follow is not None:
        return _follow(sh, follow)
    text = view.render(list(log.entries))
    if view.out_file:
        sh.device.write_file(sh.resolve(view.out_file), text.encode())
        return ok()
    return ok(text)


#: How often a following ``logcat`` looks for new lines over the wire (seconds).
FOLLOW_POLL_S = 0.05


def _follow(sh: Shell, follow: LogcatFollower) -> Result:
    """A phone's ``logcat`` without ``-d`` over the wire: what the buffer holds, then each line as it is logged,
    until ``-m N`` lines; the client leaving ends it (``sh.emit`` and ``sh.wait`` raise its hang-up)."""
    assert sh.emit is not None
    while True:
        text = follow.poll(sh.system)
        if text:
            sh.emit(text.encode())
        if follow.done:
            return ok()
        sh.wait(FOLLOW_POLL_S)


#: WifiConnectivityManager's periodic single scans while connected with the screen on, in seconds: each interval
#: in turn, the last one repeated (packages/modules/Wifi, service/ServiceWifiResources/res/values/config.xml
#: ``config_wifiConnectedScanIntervalScheduleSec``; WifiConnectivityManager.getScheduledSingleScanIntervalMs).
CONNECTED_SCAN_SCHEDULE_S = (20, 40, 80, 160)
#: system_server's threads the scan results come in on: a binder thread (WifiNl80211Manager's IScanEvent) and the
#: Wi-Fi handler thread (WifiNative's callback, run on the executor it registered).
BINDER_TID, WIFI_TID = 1587, 1644
#: At most this many scans are logged at once, the latest (a served phone nobody asked anything for hours).
MAX_CATCH_UP = 64


class IdleChatter:
    """What a served phone logs while nobody touches it, as an emulator keeps logging: Wi-Fi's periodic scans.

    While connected (the emulator's ``AndroidWifi``), WifiConnectivityManager scans on a schedule that starts
    when the connection does (handleConnectionStateChanged -> startConnectivityScan): at once unless the last
    scan was less than the first interval ago, then after each interval of :data:`CONNECTED_SCAN_SCHEDULE_S`
    (startPeriodicSingleScan), timed on the elapsed-realtime clock (a change of the wall clock moves nothing).
    Each scan's results are announced by two debug lines of system_server, written with ``android.util.Log`` (the
    ``main`` buffer): ``WifiNl80211Manager: Scan result ready event`` (frameworks/base
    wifi/java/src/android/net/wifi/nl80211/WifiNl80211Manager.java, ScanEventHandler) and ``WifiNative: Scan
    result ready event`` (packages/modules/Wifi WifiNative.java, NormalScanEventCallback).

    Only a phone served over the wire runs it (:meth:`catch_up` as its clock follows real time): in process the
    clock moves only as the simulation says and the log holds only what the episode did.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._uptime = 0.0  # seconds of real time the phone has been served
        self._connected = False
        self._index = 0
        self._next: float | None = None
        self._last: float | None = None

    def catch_up(self, system: Any, elapsed: float) -> None:
        """``elapsed`` more seconds have passed: log the scans due meanwhile, stamped by the phone's clock. A
        change of Wi-Fi's state takes effect now (connecting starts the schedule over, disconnecting stops it)."""
        with self._lock:
            self._uptime += max(0.0, elapsed)
            if not _wifi_connected(system):
                self._connected, self._next = False, None
                return
            if not self._connected:
                self._connected, self._index = True, 0
                first = CONNECTED_SCAN_SCHEDULE_S[0]
                recent = self._last is not None and self._uptime - self._last < first
                self._next = self._last + first if recent and self._last is not None else self._uptime
            assert self._next is not None
            due = []
            while self._next <= self._uptime:
                due.append(self._next)
                self._last = self._next
                self._next += CONNECTED_SCAN_SCHEDULE_S[min(self._index, len(CONNECTED_SCAN_SCHEDULE_S) - 1)]
                self._index += 1
            now = system.clock.now
            for scan in due[-MAX_CATCH_UP:]:
                self._scan(system, now - dt.timedelta(seconds=self._uptime - scan))

    @staticmethod
    def _scan(system: Any, when: dt.datetime) -> None:
        entries = system.logcat.entries
        when = max(when, entries[-1].time) if entries else when  # logd's order: never before what is logged
        for tid, tag in ((BINDER_TID, "WifiNl80211Manager"), (WIFI_TID, "WifiNative")):
            entries.append(LogEntry(when, SYSTEM_SERVER_PID, tid, "D", tag, "Scan result ready event", "main"))


def _wifi_connected(system: Any) -> bool:
    """Wi-Fi on and out of airplane mode: the emulator's access point is then connected."""
    return (system.settings.get("global", "wifi_on") == "1"
            and system.settings.get("global", "airplane_mode_on") != "1")


def _log_usage(sh: Shell, message: str = "") -> Result:
    usage = "usage: log [-p PRI] [-t TAG] [MESSAGE...]\n"
    return with_stderr(sh, b"", 1, (f"log: {message}\n" if message else "") + usage)


@command("log")
def _log(sh: Shell, argv: list[str]) -> Result:
    """toybox ``log``: one line to the main buffer, priority ``-p`` (v d i w e f, default i), tag ``-t``
    (default ``log``), the message the remaining words joined by spaces."""
    priority, tag, words = "i", "log", []
    args = iter(argv[1:])
    for arg in args:
        if arg in ("-p", "-t"):
            value = next(args, None)
            if value is None:
                return _log_usage(sh, f"Missing argument to '{arg[1]}'")
            if arg == "-p":
                if value.lower()[:1] not in "vdiwef" or not value:
                    return _log_usage(sh, f"bad -p '{value}'")
                priority = value.lower()[:1]
            else:
                tag = value
        elif arg.startswith("-") and len(arg) > 1 and not words:
            return _log_usage(sh, f"Unknown option '{arg[1:]}'")
        else:
            words.append(arg)
    message = " ".join(words)
    sh.system.log(tag, message, level=priority.upper(), pid=LOG_TOOL_PID)
    return ok()


def follower(argv: list[str], env: dict[str, str]) -> LogcatFollower | None:
    """A follower for a ``logcat`` command line that keeps running on a phone (None if it ends, or is refused):
    its first :meth:`~LogcatFollower.poll` gives what the buffer holds, later ones what is logged since."""
    try:
        view = LogcatView.parse(argv[1:], env)
    except LogcatUsage:
        return None
    return LogcatFollower(view) if view.follows and view.out_file is None else None
