"""The simulated ``adb shell``: the commands tasks, adbutils and uiautomator2 send.

Lines are read as mksh (Android's ``/system/bin/sh``) reads them, by
:mod:`pytest_mobileagent.sim.sh_parse` (never evaluated by a host shell):
lists, pipelines, redirections, quoting and variables. Each command is
dispatched on its first word to a handler that returns output bytes and an exit
status and prints the same text the real Android tool prints. adbutils appends
``; echo X4EXIT:$?`` to ``shell2`` and uiautomator2 chains dumps with
``&& echo success``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import hashlib
import io
import os
import posixpath
import re
import stat as stat_mod
import struct
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PIL import Image

from pytest_mobileagent.android import zen_mode
from pytest_mobileagent.android.audio import STREAM_IDS, STREAM_MAX, STREAM_MIN, STREAM_NAMES
from pytest_mobileagent.device.base import keycode
from pytest_mobileagent.sim import services, sh_parse
from pytest_mobileagent.sim.app import Intent

if TYPE_CHECKING:
    from pytest_mobileagent.sim.device import SimDevice

Result = tuple[bytes, int]
Handler = Callable[["Shell", list[str]], Result]
COMMANDS: dict[str, Handler] = {}


def command(*names: str) -> Callable[[Handler], Handler]:
    """Register a shell command handler under one or more names."""

    def register(fn: Handler) -> Handler:
        for name in names:
            COMMANDS[name] = fn
        return fn

    return register


def ok(text: str | bytes = "") -> Result:
    return (text.encode() if isinstance(text, str) else text), 0


def fail(text: str, status: int = 1) -> Result:
    return text.encode(), status


class ShellExit(Exception):
    """``exit N``: ends the command line with status N (after printing ``message``)."""

    def __init__(self, status: int, message: str = ""):
        super().__init__(status)
        self.status = status
        self.message = message


class Shell:
    """Runs command lines against a :class:`SimDevice` the way ``adb shell`` does.

    adbd runs each line with ``/system/bin/sh -c``; that shell is mksh (Android's
    /system/bin/sh since 4.0), so every line starts with no variables and ``$?`` 0.
    Handlers read :attr:`stdin` (their pipe or ``<`` input) and may put their
    error output in :attr:`stderr`; if they leave it None, a failing command's
    output is taken as its error output (the diagnostics handlers print).
    """

    def __init__(self, device: SimDevice):
        self.device = device
        self.last_status = 0
        #: Shell variables of the line being run (``NAME=value``, ``export``).
        self.vars: dict[str, str] = {}
        #: Standard input of the command being run: the previous pipeline stage's output, or ``< file``.
        self.stdin = b""
        #: Error output the running handler set apart from its standard output (None: not separated).
        self.stderr: bytes | None = None
        #: Properties ``setprop`` set that the framework has not read yet (``persist.sys.locale`` until
        #: ``setprop ctl.restart zygote``).
        self.props: dict[str, str] = {}

    @property
    def system(self):
        return self.device.system

    def run(self, line: str) -> tuple[str, int]:
        out, status = self.run_bytes(line)
        return out.decode("utf-8", errors="replace"), status

    def run_bytes(self, line: str) -> Result:
        """Run a command line as ``sh -c``; return everything it printed and its exit status."""
        saved = self.vars, self.stdin, self.stderr  # a nested ``sh -c`` must not disturb its caller
        self.vars, self.last_status = {}, 0
        terminal = bytearray()
        try:
            for and_or in sh_parse.parse(line):
                self._and_or(and_or, terminal)
        except sh_parse.ShellSyntaxError as e:
            terminal += f"/system/bin/sh: syntax error: {e}\n".encode()
            self.last_status = 2
        except ShellExit as e:
            terminal += e.message.encode()
            self.last_status = e.status
        finally:
            self.vars, self.stdin, self.stderr = saved
        return bytes(terminal), self.last_status

    def lookup(self, name: str) -> str:
        """The value of ``$name`` (empty when unset)."""
        if name == "?":
            return str(self.last_status)
        if name == "0":
            return "/system/bin/sh"
        return self.vars.get(name, "")

    def _and_or(self, node: sh_parse.AndOr, terminal: bytearray) -> None:
        self.last_status = self._pipeline(node.first, terminal)
        for op, pipeline in node.rest:
            if (op == "&&") == (self.last_status == 0):
                self.last_status = self._pipeline(pipeline, terminal)

    def _pipeline(self, pipeline: sh_parse.Pipeline, terminal: bytearray) -> int:
        """Run ``a | b | c``: each stage reads the one before; the last stage's status counts."""
        if len(pipeline.commands) == 1:
            status = self._simple(pipeline.commands[0], b"", terminal, terminal)
        else:
            data, status = b"", 0
            for i, command in enumerate(pipeline.commands):
                out = terminal if i == len(pipeline.commands) - 1 else bytearray()
                status = self._subshell(command, data, out, terminal)
                data = bytes(out)
        return int(status == 0) if pipeline.negated else status

    def _subshell(self, command: sh_parse.Command, stdin: bytes, out: bytearray, terminal: bytearray) -> int:
        """A pipeline stage: mksh forks every stage, so its ``exit`` and assignments stay inside."""
        saved = dict(self.vars)
        try:
            return self._simple(command, stdin, out, terminal)
        except ShellExit as e:
            terminal += e.message.encode()
            return e.status
        finally:
            self.vars = saved

    def _simple(self, command: sh_parse.Command, stdin: bytes, out: bytearray, terminal: bytearray) -> int:
        argv = [f for word in command.words for f in sh_parse.expand(word, self.lookup)]
        streams = _Streams(self, stdin, out, terminal)
        for redirect in command.redirects:
            error = streams.redirect(redirect)
            if error:
                terminal += error.encode()
                return 1
        if argv:
            stdout, stderr, status = self._invoke(argv, streams.stdin)
        else:  # assignments (and redirections) only
            for name, value in command.assignments:
                self.vars[name] = sh_parse.expand_text(value, self.lookup)
            stdout, stderr, status = b"", b"", 0
        streams.write(1, stdout)
        streams.write(2, stderr)
        streams.close()
        return status

    def _invoke(self, argv: list[str], stdin: bytes) -> tuple[bytes, bytes, int]:
        """Run one command's handler; return its standard output, error output and status."""
        if argv[0] == "toybox" and len(argv) > 1:
            argv = argv[1:]
        handler = COMMANDS.get(argv[0].rsplit("/", 1)[-1])
        if handler is None:
            return b"", f"/system/bin/sh: {argv[0]}: inaccessible or not found\n".encode(), 127
        self.stdin, self.stderr = stdin, None
        out, status = handler(self, argv)
        if self.stderr is not None:
            return out, self.stderr, status
        return (b"", out, status) if status else (out, b"", status)

    def read_file(self, path: str) -> bytes:
        """A device file's bytes for a command; raises OSError with the errno toybox reports."""
        if path == "/dev/null":
            return b""
        fs = self.system.fs
        if not fs.exists(path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        if fs.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        return fs.read(path)


def _strerror(e: OSError) -> str:
    if e.strerror:
        return e.strerror
    return os.strerror(errno.EACCES) if isinstance(e, PermissionError) else str(e)


class _Streams:
    """One command's standard input, output and error after its redirections.

    Files are written through the device's file system, like ``cat`` and ``rm``
    reach them; ``>`` truncates when it is set up, before the command runs, as a
    real shell does (so ``cat f > f`` empties ``f``).
    """

    def __init__(self, sh: Shell, stdin: bytes, out: bytearray, terminal: bytearray):
        self.sh = sh
        self.stdin = stdin
        self.fds: dict[int, bytearray] = {1: out, 2: terminal}
        self.files: list[tuple[str, bytearray, bool]] = []

    def redirect(self, r: sh_parse.Redirect) -> str | None:
        """Apply one redirection; return mksh's error text if it cannot be made."""
        target = sh_parse.expand_text(r.target, self.sh.lookup)
        if r.op in (">&", "<&"):
            return self._duplicate(r.fd, target)
        if r.op == "<":
            try:
                data = self.sh.read_file(target)
            except OSError as e:
                return f"/system/bin/sh: can't open {target}: {_strerror(e)}\n"
            if r.fd == 0:
                self.stdin = data
            return None
        if target == "/dev/null":
            self.fds[r.fd] = bytearray()
            return None
        append = r.op == ">>"
        try:
            self._create(target, append)
        except OSError as e:
            return f"/system/bin/sh: can't create {target}: {_strerror(e)}\n"
        self.fds[r.fd] = buffer = bytearray()
        self.files.append((target, buffer, append))
        return None

    def _duplicate(self, fd: int, target: str) -> str | None:
        if target == "-":
            self.fds[fd] = bytearray()  # closed: what is written there is lost
        elif target.isdigit() and int(target) in self.fds:
            self.fds[fd] = self.fds[int(target)]
        elif not (target.isdigit() and int(target) == 0 and fd == 0):
            return f"/system/bin/sh: {target}: illegal file descriptor name\n"
        return None

    def _create(self, path: str, append: bool) -> None:
        fs = self.sh.system.fs
        if fs.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not fs.isdir(posixpath.dirname(fs.canonical(path))):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        if not (append and fs.exists(path)):
            self.sh.device.write_file(path, b"")

    def write(self, fd: int, data: bytes) -> None:
        if data and fd in self.fds:
            self.fds[fd] += data

    def close(self) -> None:
        """Write what the command sent to redirected files."""
        for path, buffer, append in self.files:
            if buffer:
                before = self.sh.system.fs.read(path) if append and self.sh.system.fs.exists(path) else b""
                self.sh.device.write_file(path, before + bytes(buffer))


# -- settings and radios --------------------------------------------------------


@command("settings")
def _settings(sh: Shell, argv: list[str]) -> Result:
    args = [a for a in argv[1:] if not a.startswith("--user")]
    if args and args[0] == "--user":
        args = args[2:]
    if len(args) < 2:
        return fail("usage: settings [--user <USER_ID>] get|put|delete|list NAMESPACE [KEY [VALUE]]\n", 255)
    verb, ns = args[0], args[1]
    try:
        if verb == "get" and len(args) >= 3:
            value = sh.system.settings.get(ns, args[2])
            return ok(f"{'null' if value is None else value}\n")
        if verb == "put" and len(args) >= 4:
            _settings_put(sh, ns, args[2], args[3])
            return ok()
        if verb == "delete" and len(args) >= 3:
            sh.system.settings.delete(ns, args[2])
            return ok("Deleted 1 rows\n")
        if verb == "list":
            return ok("".join(f"{k}={v}\n" for k, v in sh.system.settings.list(ns).items()))
    except ValueError as e:
        return fail(f"{e}\n", 255)
    return fail(f"Invalid command: {verb}\n", 255)


def _settings_put(sh: Shell, ns: str, key: str, value: str) -> None:
    # Writing these keys has side effects through their observers on a real device.
    if (ns, key) == ("system", "screen_brightness"):
        services.set_brightness(sh.system, int(value))
    else:
        services.put_setting(sh.system, ns, key, value)
    sh.system.invalidate()


@command("svc")
def _svc(sh: Shell, argv: list[str]) -> Result:
    if len(argv) >= 3 and argv[2] in ("enable", "disable"):
        on = argv[2] == "enable"
        if argv[1] == "wifi":
            services.set_wifi(sh.system, on, caller="com.android.shell")
            return ok()
        if argv[1] == "bluetooth":
            services.set_bluetooth(sh.system, on, caller="com.android.shell")
            return ok()
        if argv[1] == "data":
            sh.system.settings.put("global", "mobile_data", "1" if on else "0")
            return ok()
    return fail(f"svc: unknown command {' '.join(argv[1:])}\n")


@command("cmd")
def _cmd(sh: Shell, argv: list[str]) -> Result:
    args = argv[1:]
    if args[:2] == ["wifi", "set-wifi-enabled"] and len(args) >= 3:
        services.set_wifi(sh.system, args[2] == "enabled", caller="com.android.shell")
        return ok()
    if args[:1] == ["bluetooth_manager"] and len(args) >= 2 and args[1] in ("enable", "disable"):
        services.set_bluetooth(sh.system, args[1] == "enable", caller="com.android.shell")
        return ok()
    if args[:2] == ["connectivity", "airplane-mode"] and len(args) >= 3:
        services.set_airplane(sh.system, args[2] == "enable")
        return ok()
    if args[:2] == ["uimode", "night"] and len(args) >= 3:
        if args[2] not in ("yes", "no"):
            return fail("Error: mode must be 'yes', 'no', or 'auto'\n", 255)
        services.set_night_mode(sh.system, args[2] == "yes")
        return ok(f"Night mode: {args[2]}\n")
    if args[:2] == ["notification", "set_dnd"] and len(args) >= 3:
        return _set_dnd(sh, args[2])
    if args[:2] == ["media_session", "volume"]:
        return _volume_ctrl(sh, args[2:])
    if args == ["uimode", "night"]:
        return ok(f"Night mode: {'yes' if sh.system.night_mode else 'no'}\n")
    return fail(f"cmd: unknown command {' '.join(args)}\n", 255)


def _set_dnd(sh: Shell, mode: str) -> Result:
    """NotificationShellCmd's ``set_dnd``: the interruption filter through the service (an unknown mode is
    ``INTERRUPTION_FILTER_UNKNOWN``, which the service refuses; the command still exits 0)."""
    if mode not in zen_mode.SET_DND_MODES:
        return ok("Error occurred. Check logcat for details. Invalid filter: 0\n")
    services.set_zen_mode(sh.system, zen_mode.SET_DND_MODES[mode])
    return ok()


@command("media")
def _media(sh: Shell, argv: list[str]) -> Result:
    """``media volume ...``: the wrapper of ``cmd media_session``."""
    if argv[1:2] == ["volume"]:
        return _volume_ctrl(sh, argv[2:])
    return fail(f"media: unknown command {' '.join(argv[1:])}\n", 255)


def _volume_ctrl(sh: Shell, args: list[str]) -> Result:
    """AOSP ``VolumeCtrl``: ``--stream N`` (default music), then ``--get``, ``--set I`` or ``--adj
    raise|same|lower``, each option logged as it is read; the index lives in AudioService, not in settings."""
    lines, stream, index, adjust, get = [], STREAM_IDS["volume_music"], None, None, False
    words = iter(args)
    try:
        for option in words:
            if option == "--show":
                continue
            if option == "--get":
                get = True
                lines.append("[V] will get volume")
            elif option == "--stream":
                stream = int(next(words), 0)
                name = STREAM_NAMES[stream] if 0 <= stream < len(STREAM_NAMES) else "invalid stream"
                lines.append(f"[V] will control stream={stream} ({name})")
            elif option == "--set":
                index = int(next(words), 0)
                lines.append(f"[V] will set volume to index={index}")
            elif option == "--adj":
                adjust = next(words)
                lines.append("[V] will adjust volume")
            else:
                return fail(f"Error: Unknown argument {option}\n", 255)
    except (StopIteration, ValueError):
        return fail("Error: Argument expected after an option\n", 255)
    key = next((k for k, n in STREAM_IDS.items() if n == stream), None)
    if key is None:
        return fail(f"Error: stream {stream} is not simulated\n", 255)
    lines.append("[V] Connecting to AudioService")
    low, high = STREAM_MIN[key], STREAM_MAX[key]
    if index is not None:
        if not low <= index <= high:
            lines.append(f"Error: invalid volume index {index} for stream {stream} (should be in [{low}..{high}])")
            return ok("\n".join(lines) + "\n")
        services.set_volume(sh.system, key, index)
    elif adjust is not None:
        if adjust not in ("raise", "same", "lower"):
            lines.append(f"Error: no valid volume adjustment, was {adjust}, expected lower|same|raise")
            return ok("\n".join(lines) + "\n")
        services.adjust_volume(sh.system, key, {"raise": 1, "same": 0, "lower": -1}[adjust])
    if get:
        lines.append(f"[V] volume is {services.stream_volume(sh.system, key)} in range [{low}..{high}]")
    return ok("\n".join(lines) + "\n")


# -- activity manager, packages, input -------------------------------------------


def _package_activity(component: str) -> tuple[str, str | None]:
    if "/" in component:
        pkg, act = component.split("/", 1)
        return pkg, act
    return component, None


_AM_FLAGS = {"-W", "-S", "-D", "-N", "--grant-read-uri-permission", "--grant-write-uri-permission",
             "--exclude-stopped-packages", "--include-stopped-packages", "--activity-clear-task",
             "--activity-clear-top", "--activity-new-task", "--activity-single-top", "--activity-no-history",
             "--receiver-foreground"}
_AM_VALUES = {"-a", "-d", "-t", "-c", "-f", "-n", "--user", "-R", "-P", "--start-profiler", "--display",
              "--windowingMode", "--activityType"}
_EXTRA_CASTS: dict[str, Callable[[str], object]] = {"--ei": int, "--el": int, "--ef": float,
                                                     "--ez": lambda v: v.lower() == "true"}


def parse_intent(args: list[str]) -> tuple[Intent, str, str]:
    """The intent of ``am start`` arguments: (intent, mime type, explicit component or "")."""
    intent, mime, component, i = Intent(action=""), "", "", 0
    while i < len(args):
        a = args[i]
        if a in _AM_FLAGS:
            i += 1
        elif a in _AM_VALUES and i + 1 < len(args):
            value = args[i + 1]
            if a == "-a":
                intent.action = value
            elif a == "-d":
                intent.data = value
            elif a == "-t":
                mime = value
            elif a == "-c":
                intent.categories = (*intent.categories, value)
            elif a == "-n":
                component = value
            i += 2
        elif a in ("-e", "--es", "--ei", "--el", "--ez", "--ef", "--eu") and i + 2 < len(args):
            intent.extras[args[i + 1]] = _EXTRA_CASTS.get(a, str)(args[i + 2])
            i += 3
        elif not a.startswith("-") and not intent.data:
            intent.data = a  # am's trailing <URI>
            i += 1
        else:
            i += 1
    return intent, mime, component


def describe_intent(intent: Intent, mime: str = "", component: str = "") -> str:
    """An intent as ``am`` and ActivityManager print it."""
    parts = [f"act={intent.action}"] if intent.action else []
    if intent.categories:
        parts.append(f"cat=[{','.join(intent.categories)}]")
    if intent.data:
        parts.append(f"dat={intent.data}")
    if mime:
        parts.append(f"typ={mime}")
    if component:
        parts.append(f"cmp={component}")
    if intent.extras:
        parts.append("(has extras)")
    return " ".join(parts)


@command("am")
def _am(sh: Shell, argv: list[str]) -> Result:
    if len(argv) < 2:
        return fail("usage: am [subcommand] [options]\n")
    verb = argv[1]
    if verb == "force-stop" and len(argv) >= 3:
        sh.system.stop_app(argv[-1])
        return ok()
    if verb == "broadcast":
        return ok("Broadcasting: Intent { }\nBroadcast completed: result=0\n")
    if verb not in ("start", "start-activity"):
        return fail(f"Error: unknown command '{verb}'\n")
    intent, mime, component = parse_intent(argv[2:])
    shown = describe_intent(intent, mime, component)
    if component:
        pkg, act = _package_activity(component)
        try:
            sh.system.launch(pkg, act, intent.extras)
        except LookupError as e:
            return ok(f"Starting: Intent {{ {shown} }}\nError type 3\nError: {e}\n")
        return ok(f"Starting: Intent {{ {shown} }}\n")
    if sh.system.start_intent(intent, mime):
        return ok(f"Starting: Intent {{ {shown} }}\n")
    return ok(f"Starting: Intent {{ {shown} }}\n"
              f"Error: Activity not started, unable to resolve Intent {{ {shown} flg=0x10000000 }}\n")


@command("monkey")
def _monkey(sh: Shell, argv: list[str]) -> Result:
    if "-p" not in argv:
        return fail("** No package given\n")
    pkg = argv[argv.index("-p") + 1]
    if pkg not in sh.system.apps or not sh.system.apps[pkg].activities:  # e.g. a content provider package
        return fail("** No activities found to run, monkey aborted.\n", 252)
    sh.system.launch(pkg)
    return ok("  bash arg: -p\n  bash arg: " + pkg + "\nEvents injected: 1\n")


@command("pm")
def _pm(sh: Shell, argv: list[str]) -> Result:
    if argv[1:3] == ["list", "packages"]:
        return ok("".join(f"package:{p}\n" for p in sorted(sh.system.apps)))
    if len(argv) >= 3 and argv[1] == "clear":
        pkg = argv[2]
        if pkg not in sh.system.apps:
            return fail("Failed\n")
        sh.system.stop_app(pkg)
        sh.system.fs.remove(sh.system.apps[pkg].data_dir)
        sh.system.fs.remove(f"/data/user_de/0/{pkg}")  # device-protected storage is cleared too
        sh.system.apps[pkg].install()
        return ok("Success\n")
    if len(argv) >= 3 and argv[1] == "path":
        return ok(f"package:/data/app/{argv[2]}/base.apk\n") if argv[2] in sh.system.apps else fail("", 1)
    return fail(f"pm: unknown command {' '.join(argv[1:])}\n")


@command("input")
def _input(sh: Shell, argv: list[str]) -> Result:
    args = argv[1:]
    if args and args[0] in ("touchscreen", "keyboard", "touchpad"):
        args = args[1:]
    if not args:
        return fail("usage: input [<source>] <command> [<arg>...]\n")
    verb, rest = args[0], args[1:]
    d = sh.device
    try:
        if verb == "tap":
            d.tap(int(float(rest[0])), int(float(rest[1])))
        elif verb in ("swipe", "draganddrop"):
            dur = int(rest[4]) if len(rest) > 4 else 300
            d.swipe(*(int(float(v)) for v in rest[:4]), duration_ms=dur)
        elif verb == "text":
            d.input_text(" ".join(rest).replace("%s", " "))
        elif verb == "keyevent":
            for key in rest:
                if not key.startswith("--"):
                    d.press(keycode(key))
        else:
            return fail(f"Error: Unknown command: {verb}\n")
    except (IndexError, ValueError) as e:
        return fail(f"Error: {e}\n")
    return ok()


# -- time, properties, files ---------------------------------------------------------


@command("date")
def _date(sh: Shell, argv: list[str]) -> Result:
    args = [a for a in argv[1:] if a != "-u"]
    if args and not args[0].startswith("+"):
        stamp = args[0]
        try:  # toybox: MMDDhhmm[[CC]YY][.ss]
            m = re.fullmatch(r"(\d{2})(\d{2})(\d{2})(\d{2})(\d{4}|\d{2})?(?:\.(\d{2}))?", stamp)
            if not m:
                raise ValueError(stamp)
            year = int(m.group(5) or sh.system.clock.now.year)
            year += 2000 if year < 100 else 0  # YY, as AndroidWorld's set_datetime writes it (%m%d%H%M%y.%S)
            when = dt.datetime(year, int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)),
                               int(m.group(6) or 0), tzinfo=dt.timezone.utc)
        except ValueError:
            return fail(f"date: bad date '{stamp}'\n")
        sh.device.set_time(when)
    now = sh.system.clock.now
    if args and args[0].startswith("+"):
        # %s is a glibc extension that reads the host's local zone: format the epoch ourselves
        fmt = args[0][1:].replace("%s", str(int(now.timestamp())))
        return ok(now.strftime(fmt) + "\n")
    return ok(now.strftime("%a %b %d %H:%M:%S UTC %Y") + "\n")


PROPS = {
    "ro.build.version.sdk": "33",
    "ro.build.version.release": "13",
    "ro.product.model": "Pixel 6",
    "ro.product.manufacturer": "Google",
    "ro.product.name": "sdk_gphone64_x86_64",
    "ro.product.cpu.abi": "x86_64",
    "ro.serialno": "EMULATOR33X1X1X0",
    "sys.boot_completed": "1",
    "persist.sys.timezone": "UTC",
}


@command("service")
def _service(sh: Shell, argv: list[str]) -> Result:
    """``service call alarm 3 s16 ZONE``: IAlarmManager.setTimeZone (transaction 3), how AndroidWorld sets UTC.

    The simulated apps show times in UTC only; another zone is recorded (``persist.sys.timezone``) but not
    applied."""
    if argv[1:5] == ["call", "alarm", "3", "s16"] and len(argv) == 6:
        sh.props["persist.sys.timezone"] = argv[5]
        return ok("Result: Parcel(00000000    '....')\n")
    if argv[1:2] == ["check"] and len(argv) == 3:
        return ok(f"Service {argv[2]}: found\n")
    return fail(f"service: {' '.join(argv[1:3])}: not simulated\n", 255)


@command("getprop")
def _getprop(sh: Shell, argv: list[str]) -> Result:
    # ro.sf.lcd_density is the boot-time (physical) density: `wm density` overrides do not change it
    props = {**PROPS, "ro.sf.lcd_density": str(sh.device.physical_density), "persist.sys.locale": sh.system.locale,
             **sh.props}
    if len(argv) > 1:
        return ok(props.get(argv[1], "") + "\n")
    return ok("".join(f"[{k}]: [{v}]\n" for k, v in sorted(props.items())))


@command("echo")
def _echo(sh: Shell, argv: list[str]) -> Result:
    if argv[1:2] == ["-n"]:
        return ok(" ".join(argv[2:]))
    return ok(" ".join(argv[1:]) + "\n")


@command("sleep")
def _sleep(sh: Shell, argv: list[str]) -> Result:
    # Simulated time passes at once: the device never really waits.
    try:
        sh.system.tick(float(argv[1]) if len(argv) > 1 else 0.0)
    except ValueError:
        return fail(f"sleep: invalid number '{argv[1]}'\n")
    sh.system.invalidate()
    return ok()


@command("true", ":")
def _true(sh: Shell, argv: list[str]) -> Result:
    return ok()


# -- mksh builtins ------------------------------------------------------------------------------------------
# /system/bin/sh is mksh (Android 4.0+): these run inside the shell, and their errors carry its name.


@command("false")
def _false(sh: Shell, argv: list[str]) -> Result:
    return b"", 1


@command("exit")
def _exit(sh: Shell, argv: list[str]) -> Result:
    """End the command line with status N (mod 256), or with ``$?`` when N is omitted."""
    if len(argv) < 2:
        raise ShellExit(sh.last_status)
    if not re.fullmatch(r"[-+]?\d+", argv[1]):
        raise ShellExit(1, f"/system/bin/sh: {argv[1]}: bad number\n")
    raise ShellExit(int(argv[1]) & 0xFF)


@command("sh")
def _sh(sh: Shell, argv: list[str]) -> Result:
    """``sh -c LINE``: a child shell, so its ``exit`` ends only LINE (its output is all standard output)."""
    if argv[1:2] != ["-c"] or len(argv) < 3:
        return fail("/system/bin/sh: interactive shells are not simulated; use sh -c LINE\n", 2)
    out, status = sh.run_bytes(argv[2])
    return _streams(sh, out, status)


@command("export")
def _export(sh: Shell, argv: list[str]) -> Result:
    for arg in argv[1:]:
        if arg.startswith("-"):
            continue
        name, eq, value = arg.partition("=")
        if not sh_parse.is_name(name):
            return fail(f"/system/bin/sh: export: {name}: is not an identifier\n")
        if eq:
            sh.vars[name] = value
    return ok()


@command("unset")
def _unset(sh: Shell, argv: list[str]) -> Result:
    for name in argv[1:]:
        sh.vars.pop(name, None)
    return ok()


@command("cd")
def _cd(sh: Shell, argv: list[str]) -> Result:
    """Check that the folder exists; nothing else changes, as every command here takes paths from ``/``."""
    target = argv[1] if len(argv) > 1 else "/"
    fs = sh.system.fs
    if not fs.isdir(target):
        reason = "Not a directory" if fs.exists(target) else "No such file or directory"
        return fail(f"/system/bin/sh: cd: {target}: {reason}\n", 2)
    return ok()


class _TestError(Exception):
    """An expression ``test`` cannot evaluate (status 2)."""


def _test_number(text: str) -> int:
    if not re.fullmatch(r"\s*[-+]?\d+\s*", text):
        raise _TestError(f"{text}: bad number")
    return int(text)


def _test_file(sh: Shell, op: str, path: str) -> bool:
    fs = sh.system.fs
    try:
        st = fs.stat(path)
    except PermissionError:
        return False
    if st is None:
        return False
    if op == "-f":
        return stat_mod.S_ISREG(st.st_mode)
    if op == "-d":
        return stat_mod.S_ISDIR(st.st_mode)
    if op == "-s":
        return st.st_size > 0
    return True  # -e, and -r -w -x for root


_TEST_FILE_OPS = {"-e", "-f", "-d", "-s", "-r", "-w", "-x"}
_TEST_INT_OPS: dict[str, Callable[[int, int], bool]] = {
    "-eq": lambda a, b: a == b, "-ne": lambda a, b: a != b, "-lt": lambda a, b: a < b,
    "-le": lambda a, b: a <= b, "-gt": lambda a, b: a > b, "-ge": lambda a, b: a >= b}


def _test_binary(a: str, op: str, b: str) -> bool:
    if op in ("=", "=="):
        return a == b
    if op == "!=":
        return a != b
    return _TEST_INT_OPS[op](_test_number(a), _test_number(b))


def _test_eval(sh: Shell, args: list[str]) -> bool:
    """POSIX ``test``: decided by the number of arguments, then ``-o`` below ``-a``."""
    n = len(args)
    if n == 0:
        return False
    if n == 1:
        return args[0] != ""
    if n == 2:
        if args[0] == "!":
            return args[1] == ""
        if args[0] in ("-z", "-n"):
            return (args[1] == "") == (args[0] == "-z")
        if args[0] in _TEST_FILE_OPS:
            return _test_file(sh, args[0], args[1])
        raise _TestError(f"{args[0]}: unexpected operator/operand")
    if n == 3 and (args[1] in _TEST_INT_OPS or args[1] in ("=", "==", "!=")):
        return _test_binary(*args)
    for joiner, combine in (("-o", any), ("-a", all)):
        if joiner in args[1:-1]:
            i = args.index(joiner, 1)
            return combine((_test_eval(sh, args[:i]), _test_eval(sh, args[i + 1:])))
    if args[0] == "!":
        return not _test_eval(sh, args[1:])
    raise _TestError(f"{args[1]}: unexpected operator/operand")


@command("test", "[")
def _test(sh: Shell, argv: list[str]) -> Result:
    name, args = argv[0].rsplit("/", 1)[-1], argv[1:]
    if name == "[":
        if not args or args[-1] != "]":
            return fail("/system/bin/sh: [: missing ]\n", 2)
        args = args[:-1]
    try:
        return b"", 0 if _test_eval(sh, args) else 1
    except _TestError as e:
        return fail(f"/system/bin/sh: {name}: {e}\n", 2)


# -- toybox filters ---------------------------------------------------------------------------------------
# grep, head, tail, wc, sort and tr on Android 13 are toybox's (toybox is Android's command-line toolbox
# since 6.0): same options, messages ("grep: FILE: No such file or directory") and exit statuses.


class _UsageError(ValueError):
    """Options a toybox tool rejects."""


def _options(args: list[str], flags: str, valued: str = "") -> tuple[dict[str, Any], list[str]]:
    """Toybox-style options (``-iv``, ``-n 5``, ``-n5``, anywhere before ``--``) and the operands."""
    opts: dict[str, Any] = {}
    operands: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            operands += args[i + 1:]
            break
        if len(a) < 2 or a[0] != "-":
            operands.append(a)
        else:
            for j, c in enumerate(a[1:], 1):
                if c in valued:
                    value = a[j + 1:]
                    if not value:
                        i += 1
                        if i >= len(args):
                            raise _UsageError(f"Missing argument to -{c}")
                        value = args[i]
                    opts.setdefault(c, []).append(value)
                    break
                if c not in flags:
                    raise _UsageError(f"Unknown option '{c}'")
                opts[c] = True
        i += 1
    return opts, operands


def _streams(sh: Shell, out: bytes, status: int, errors: str = "") -> Result:
    """A result with its error output kept apart (``grep -c`` prints 0 and fails, on standard output)."""
    sh.stderr = errors.encode()
    return out, status


def _inputs(sh: Shell, tool: str, paths: list[str]) -> tuple[list[tuple[str, bytes]], str]:
    """The contents of each input (standard input when there are none, or for ``-``) and the error lines."""
    found: list[tuple[str, bytes]] = []
    errors = ""
    for path in paths or ["-"]:
        if path == "-":
            found.append(("(standard input)", sh.stdin))
            continue
        try:
            found.append((path, sh.read_file(path)))
        except OSError as e:
            errors += f"{tool}: {path}: {_strerror(e)}\n"
    return found, errors


def _lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` with their newlines; an unterminated last line is kept as it is."""
    parts = data.split(b"\n")
    return [p + b"\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _decode(line: bytes) -> str:
    return line.rstrip(b"\n").decode("utf-8", "surrogateescape")


def _encode(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode("utf-8", "surrogateescape")


_POSIX_CLASSES = {"[:digit:]": "0-9", "[:alpha:]": "A-Za-z", "[:alnum:]": "A-Za-z0-9", "[:upper:]": "A-Z",
                  "[:lower:]": "a-z", "[:space:]": " \\t\\n\\r\\f\\v", "[:blank:]": " \\t",
                  "[:xdigit:]": "0-9A-Fa-f"}


def _basic_regex(pattern: str) -> str:
    """A POSIX basic regular expression in Python's syntax: ``\\( \\) \\{ \\} \\|`` group and repeat,
    bare ``( ) { } | + ?`` are literal."""
    out, i = "", 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            nxt = pattern[i + 1]
            out += nxt if nxt in "(){}|+?" else c + nxt
            i += 2
            continue
        out += "\\" + c if c in "(){}|+?" else c
        i += 1
    return out


def _grep_regex(patterns: list[str], opts: dict[str, Any]) -> re.Pattern[str]:
    if opts.get("F"):
        body = "|".join(re.escape(p) for p in patterns)
    else:
        converted = [p if opts.get("E") else _basic_regex(p) for p in patterns]
        body = "|".join(f"(?:{p})" for p in converted)
        for posix, python in _POSIX_CLASSES.items():
            body = body.replace(posix, python)
    if opts.get("w"):
        body = rf"\b(?:{body})\b"
    if opts.get("x"):
        body = rf"^(?:{body})$"
    return re.compile(body, re.IGNORECASE if opts.get("i") else 0)


@command("grep", "egrep", "fgrep")
def _grep(sh: Shell, argv: list[str]) -> Result:
    """Exit 0 when a line matched, 1 when none did, 2 on an error (an unreadable file, a bad pattern)."""
    try:
        opts, rest = _options(argv[1:], "icvEFqnlhHsxw", "e")
    except _UsageError as e:
        return _streams(sh, b"", 2, f"grep: {e}\n")
    flavour = {"egrep": "E", "fgrep": "F"}.get(argv[0].rsplit("/", 1)[-1])
    if flavour:
        opts[flavour] = True
    patterns = opts.get("e") or rest[:1]
    files = rest if "e" in opts else rest[1:]
    if not patterns:
        return _streams(sh, b"", 2, "grep: Need 1 argument\n")
    try:
        regex = _grep_regex(patterns, opts)
    except re.error as e:
        return _streams(sh, b"", 2, f"grep: bad REGEX '{patterns[0]}': {e}\n")
    inputs, errors = _inputs(sh, "grep", files)
    named = (len(files) > 1 or opts.get("H")) and not opts.get("h")
    out: list[str] = []
    matched = False
    for name, data in inputs:
        hits = [(n, text) for n, text in enumerate(map(_decode, _lines(data)), 1)
                if bool(regex.search(text)) != bool(opts.get("v"))]
        matched = matched or bool(hits)
        if opts.get("q"):
            if matched:
                return _streams(sh, b"", 0)
        elif opts.get("c"):
            out.append(f"{name}:{len(hits)}" if named else str(len(hits)))
        elif opts.get("l"):
            out += [name] if hits else []
        else:
            out += [f"{name}:" * bool(named) + f"{n}:" * bool(opts.get("n")) + text for n, text in hits]
    errors = "" if opts.get("s") else errors
    return _streams(sh, _encode(out), 2 if errors else int(not matched), errors)


def _count_args(args: list[str]) -> list[str]:
    """``head -5`` is ``head -n 5``."""
    return [x for a in args for x in (["-n", a[1:]] if re.fullmatch(r"-\d+", a) else [a])]


def _line_count(opts: dict[str, Any], default: int = 10) -> str:
    value = opts.get("n", [str(default)])[-1]
    if not re.fullmatch(r"[-+]?\d+", value):
        raise _UsageError(f"Invalid -n '{value}'")
    return value


def _each_input(sh: Shell, tool: str, argv: list[str], pick: Callable[[list[bytes], str], list[bytes]]) -> Result:
    """Run ``head``/``tail``: ``pick`` chooses lines of each input; several files get ``==> f <==`` headers."""
    try:
        opts, paths = _options(_count_args(argv[1:]), "qv", "n")
        count = _line_count(opts)
    except _UsageError as e:
        return _streams(sh, b"", 1, f"{tool}: {e}\n")
    inputs, errors = _inputs(sh, tool, paths)
    out = b""
    for k, (name, data) in enumerate(inputs):
        if (len(paths) > 1 and not opts.get("q")) or opts.get("v"):
            out += f"{chr(10) if k else ''}==> {name} <==\n".encode()
        out += b"".join(pick(_lines(data), count))
    return _streams(sh, out, 1 if errors else 0, errors)


@command("head")
def _head(sh: Shell, argv: list[str]) -> Result:
    return _each_input(sh, "head", argv, lambda lines, n: lines[:max(int(n), 0)])


@command("tail")
def _tail(sh: Shell, argv: list[str]) -> Result:
    def pick(lines: list[bytes], n: str) -> list[bytes]:
        if n.startswith("+"):  # tail -n +N: from line N on
            return lines[max(int(n) - 1, 0):]
        return lines[-abs(int(n)):] if int(n) else []

    return _each_input(sh, "tail", argv, pick)


@command("wc")
def _wc(sh: Shell, argv: list[str]) -> Result:
    try:
        opts, paths = _options(argv[1:], "lwcm")
    except _UsageError as e:
        return _streams(sh, b"", 1, f"wc: {e}\n")
    columns = [c for c in "lwmc" if opts.get(c)] or ["l", "w", "c"]
    inputs, errors = _inputs(sh, "wc", paths)
    rows: list[str] = []
    totals = dict.fromkeys(columns, 0)
    for name, data in inputs:
        counts = {"l": data.count(b"\n"), "w": len(data.split()), "c": len(data),
                  "m": len(data.decode("utf-8", "replace"))}
        for c in columns:
            totals[c] += counts[c]
        rows.append(" ".join(str(counts[c]) for c in columns) + (f" {name}" if paths else ""))
    if len(paths) > 1:
        rows.append(" ".join(str(totals[c]) for c in columns) + " total")
    return _streams(sh, _encode(rows), 1 if errors else 0, errors)


def _sort_number(line: str) -> float:
    m = re.match(r"\s*[-+]?(\d+\.?\d*|\.\d+)", line)
    return float(m.group(0)) if m else 0.0


@command("sort")
def _sort(sh: Shell, argv: list[str]) -> Result:
    try:
        opts, paths = _options(argv[1:], "rnuf")
    except _UsageError as e:
        return _streams(sh, b"", 2, f"sort: {e}\n")
    inputs, errors = _inputs(sh, "sort", paths)
    if errors:
        return _streams(sh, b"", 2, errors)
    lines = [_decode(line) for _, data in inputs for line in _lines(data)]
    fold = (lambda t: t.upper()) if opts.get("f") else (lambda t: t)
    if opts.get("n"):
        lines.sort(key=lambda t: (_sort_number(t), t), reverse=bool(opts.get("r")))
    else:
        lines.sort(key=lambda t: (fold(t).encode("utf-8", "surrogateescape"), t), reverse=bool(opts.get("r")))
    if opts.get("u"):
        lines = [t for i, t in enumerate(lines) if i == 0 or fold(t) != fold(lines[i - 1])]
    return _streams(sh, _encode(lines), 0)


_TR_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
_TR_CLASSES = {"[:lower:]": "abcdefghijklmnopqrstuvwxyz", "[:upper:]": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
               "[:digit:]": "0123456789", "[:space:]": " \t\n\r\f\v"}


def _tr_set(spec: str) -> str:
    """A ``tr`` set spelled out: classes, ``\\n`` escapes and ``a-z`` ranges."""
    for name, chars in _TR_CLASSES.items():
        spec = spec.replace(name, chars)
    spec = re.sub(r"\\(.)", lambda m: _TR_ESCAPES.get(m.group(1), m.group(1)), spec)
    return re.sub(r"(.)-(.)", lambda m: "".join(map(chr, range(ord(m.group(1)), ord(m.group(2)) + 1))), spec)


@command("tr")
def _tr(sh: Shell, argv: list[str]) -> Result:
    try:
        opts, sets = _options(argv[1:], "d")
    except _UsageError as e:
        return _streams(sh, b"", 1, f"tr: {e}\n")
    if len(sets) != (1 if opts.get("d") else 2):
        return _streams(sh, b"", 1, f"tr: Need {1 if opts.get('d') else 2} arguments\n")
    text = sh.stdin.decode("utf-8", "surrogateescape")
    source = _tr_set(sets[0])
    if opts.get("d"):
        table = dict.fromkeys(map(ord, source))
    else:
        target = _tr_set(sets[1])
        target = target + target[-1:] * (len(source) - len(target))
        table = {ord(a): b for a, b in zip(source, target)}
    return _streams(sh, text.translate(table).encode("utf-8", "surrogateescape"), 0)


@command("ls")
def _ls(sh: Shell, argv: list[str]) -> Result:
    paths = [a for a in argv[1:] if not a.startswith("-")] or ["/"]
    fs = sh.system.fs
    out = []
    for p in paths:
        if not fs.exists(p):
            return fail(f"ls: {p}: No such file or directory\n")
        out.extend(fs.listdir(p) if fs.isdir(p) else [p])
    return ok("".join(f"{name}\n" for name in out))


@command("cat")
def _cat(sh: Shell, argv: list[str]) -> Result:
    """Files in order (standard input with no file or for ``-``); a missing one is reported and skipped."""
    inputs, errors = _inputs(sh, "cat", argv[1:])
    return _streams(sh, b"".join(data for _, data in inputs), 1 if errors else 0, errors)


@command("rm")
def _rm(sh: Shell, argv: list[str]) -> Result:
    force = any(a.startswith("-") and "f" in a for a in argv[1:])
    for p in [a for a in argv[1:] if not a.startswith("-")]:
        if not sh.system.fs.exists(p):
            if not force:
                return fail(f"rm: {p}: No such file or directory\n")
            continue
        sh.system.fs.remove(p)
    sh.system.invalidate()
    return ok()


@command("mkdir")
def _mkdir(sh: Shell, argv: list[str]) -> Result:
    for p in [a for a in argv[1:] if not a.startswith("-")]:
        sh.system.fs.mkdirs(p)
    return ok()


@command("mv")
def _mv(sh: Shell, argv: list[str]) -> Result:
    args = [a for a in argv[1:] if not a.startswith("-")]
    if len(args) != 2 or not sh.system.fs.exists(args[0]):
        return fail("mv: bad arguments\n")
    sh.system.fs.move(args[0], args[1])
    return ok()


@command("logcat")
def _logcat(sh: Shell, argv: list[str]) -> Result:
    if "-c" in argv:
        sh.system.logcat.clear()
        return ok()
    return ok("".join(line + "\n" for line in sh.system.logcat.lines()))


@command("id")
def _id(sh: Shell, argv: list[str]) -> Result:
    # adbd runs as root, as on an emulator after `adb root` (reading /data/data and setting the clock need it)
    if "-u" in argv[1:]:
        return ok("0\n")
    return ok("uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),1011(adb),1015(sdcard_rw),"
              "1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats) context=u:r:su:s0\n")


@command("setprop")
def _setprop(sh: Shell, argv: list[str]) -> Result:
    if len(argv) != 3:
        return fail("usage: setprop NAME VALUE\n\nSets an Android system property.\n")
    name, value = argv[1], argv[2]
    if (name, value) == ("ctl.restart", "zygote"):
        _restart_framework(sh)
        return ok()
    if name.startswith("ro.") and name in PROPS:
        return fail(f"Failed to set property '{name}' to '{value}'.\nSee dmesg for error reason.\n")
    sh.props[name] = value
    return ok()


def _restart_framework(sh: Shell) -> None:
    """What restarting zygote does to the phone: the framework comes back with the persisted locale, every
    app process is gone and the launcher is in front (the B-MoCA way to change the locale)."""
    s = sh.system
    s.locale = sh.props.pop("persist.sys.locale", s.locale)
    for package in sorted(s.apps):
        if s.running(package):
            s.stop_app(package)
    s.go_home()
    s.log("Zygote", f"System server process {services.SYSTEM_PID} has died. Restarting Zygote!", pid=310)
    s.invalidate()


def _wm_pixels(value: str, density: int) -> int:
    """A ``wm size`` dimension: pixels, or ``dp`` at the current density (WindowManagerShellCommand)."""
    if value.endswith("dp"):
        return int(value[:-2]) * density // 160
    return int(value.removesuffix("px"))


@command("wm")
def _wm(sh: Shell, argv: list[str]) -> Result:
    s, d = sh.system, sh.device
    args = argv[1:]
    if "-d" in args:  # one display, id 0
        i = args.index("-d")
        args = args[:i] + args[i + 2:]
    verb, value = [*args, "", ""][:2]
    if verb == "size":
        (pw, ph), current = d.physical_size, (s.width, s.height)
        if not value:
            override = f"Override size: {s.width}x{s.height}\n" if current != (pw, ph) else ""
            return ok(f"Physical size: {pw}x{ph}\n{override}")
        if value == "reset":
            d.set_display(size=d.physical_size)
            return ok()
        w, _, h = value.partition("x")
        try:
            size = (_wm_pixels(w, s.density), _wm_pixels(h, s.density))
        except ValueError:
            size = (0, 0)
        if min(size) <= 0:
            return fail(f"Error: bad size {value}\n", 255)
        d.set_display(size=size)
        return ok()
    if verb == "density":
        if not value:
            override = f"Override density: {s.density}\n" if s.density != d.physical_density else ""
            return ok(f"Physical density: {d.physical_density}\n{override}")
        if value == "reset":
            d.set_display(density=d.physical_density)
            return ok()
        if not value.isdigit():
            return fail(f'Error: bad number java.lang.NumberFormatException: For input string: "{value}"\n', 255)
        if int(value) < 72:
            return fail("Error: density must be >= 72\n", 255)
        d.set_display(density=int(value))
        return ok()
    return fail("Window manager (window) commands:\n  size [reset|WxH|WdpxHdp] [-d DISPLAY_ID]\n"
                "  density [reset|DENSITY] [-d DISPLAY_ID]\n", 255)


# -- adb tooling: what adbutils and uiautomator2 send ------------------------------------------

LATIN_IME = "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME"
#: Input methods installed on the simulated phone. AdbKeyboard is deliberately absent, so
#: uiautomator2's ``send_keys`` types through the clipboard (setClipboard + pasteClipboard).
INPUT_METHODS = (LATIN_IME,)
U2_MAIN = "com.wetest.uia2.Main"


def _hash(name: str) -> str:
    """A stable stand-in for the identity hash Android prints in ``Window{...}`` records."""
    return f"{zlib.crc32(name.encode()) & 0xFFFFFFF:07x}"


def _paths(argv: list[str]) -> list[str]:
    return [a for a in argv[1:] if not a.startswith("-")]


@command("screencap")
def _screencap(sh: Shell, argv: list[str]) -> Result:
    args = argv[1:]
    png = any(a.startswith("-") and "p" in a for a in args)
    files = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] == "-d")]
    data = sh.device.screenshot()
    if files and files[0].endswith(".png"):
        png = True
    if not png:  # raw RGBA_8888 with the 16-byte header (width, height, format, dataspace) of Android 11+
        img = Image.open(io.BytesIO(data)).convert("RGBA")
        data = struct.pack("<IIII", img.width, img.height, 1, 0) + img.tobytes()
    if files:
        sh.device.write_file(files[0], data)
        return ok()
    return ok(data)


@command("uiautomator")
def _uiautomator(sh: Shell, argv: list[str]) -> Result:
    if argv[1:2] != ["dump"]:
        return fail("Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\n"
                    "help: displays help message\n\ndump: creates an XML dump of current UI hierarchy\n")
    files = [a for a in argv[2:] if not a.startswith("-")]
    target = files[0] if files else "/sdcard/window_dump.xml"
    xml = sh.device.hierarchy(full=False)
    if target == "/dev/tty":
        return ok(xml + f"UI hierchary dumped to: {target}\n")
    try:
        sh.device.write_file(target, xml.encode())
    except OSError as e:
        return fail(f"ERROR: could not write to {target}: {e.strerror or e}\n")
    return ok(f"UI hierchary dumped to: {target}\n")  # sic: AOSP's spelling


def _resumed(sh: Shell) -> tuple[str, str, str, int]:
    """``(package, full activity name, short component, task id)`` of the focused activity."""
    pkg, act = sh.device.current_activity()
    app = sh.system.apps.get(pkg)
    short = f"{pkg}/{act}"
    if app is not None:
        with contextlib.suppress(LookupError):
            short = app.component(app.activity_class(act))
    task_id = next((t.task_id for t in sh.system.tasks if t.affinity == pkg and t.stack), 0)
    return pkg, act, short, task_id


def _window_title(win) -> str:
    if win.owner is not None and not win.modal:
        return f"{win.owner.app.package}/{type(win.owner).name}"
    return win.name


def _dumpsys_window(sh: Shell) -> str:
    pkg, act, short, task_id = _resumed(sh)
    lines = ["WINDOW MANAGER WINDOWS (dumpsys window windows)"]
    titles = [_window_title(w) for w in sh.system.windows()]
    if sh.system.keyboard_visible:
        titles.insert(0, "InputMethod")
    for i, title in enumerate(titles):
        lines += [f"  Window #{i} Window{{{_hash(title)} u0 {title}}}:",
                  "    mDisplayId=0 rootTaskId=1 mViewVisibility=0x0 mHaveFrame=true mObscured=false"]
    focus = f"{pkg}/{act}"
    ime = f"Window{{{_hash('InputMethod')} u0 InputMethod}}" if sh.system.keyboard_visible else "null"
    w_dp = sh.system.width * 160 // sh.system.density
    lines += [
        "",
        f"  mGlobalConfiguration={{1.0 ?mcc?mnc [{sh.system.locale.replace('-', '_')}] ldltr sw{w_dp}dp w{w_dp}dp "
        f"h{sh.system.height * 160 // sh.system.density}dp {sh.system.density}dpi nrml port}}",
        "  mHasPermanentDpad=false",
        "  mTopFocusedDisplayId=0",
        f"  mInputMethodWindow={ime}",
        "  Display: mDisplayId=0 rootTasks=1",
        f"    mCurrentFocus=Window{{{_hash(focus)} u0 {focus}}}",
        f"    mFocusedApp=ActivityRecord{{{_hash(short)} u0 {short} t{task_id}}}",
    ]
    return "\n".join(lines) + "\n"


def _dumpsys_activities(sh: Shell) -> str:
    pkg, _act, short, task_id = _resumed(sh)
    record = f"ActivityRecord{{{_hash(short)} u0 {short} t{task_id}}}"
    lines = ["ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)", "Display #0 (activities from top to bottom):"]
    for task in reversed(sh.system.tasks):
        if not task.stack:
            continue
        app = task.stack[0].app
        lines.append(f"  * Task{{{_hash(str(task.task_id))} #{task.task_id} type=standard A={app.uid}:{task.affinity} "
                     f"U=0 visible={'true' if task.task_id == task_id else 'false'} mode=fullscreen "
                     f"translucent=false sz={len(task.stack)}}}")
        if task.task_id == task_id:
            lines.append(f"    mResumedActivity: {record}")
        for i, activity in reversed(list(enumerate(task.stack))):
            comp = activity.app.component(type(activity))
            lines += [f"    * Hist  #{i}: ActivityRecord{{{_hash(comp)} u0 {comp} t{task.task_id}}}",
                      f"      packageName={activity.app.package} processName={activity.app.package}"]
    lines += ["", "  Resumed activities in task display areas (from top to bottom):", f"    Resumed: {record}",
              "", f"  ResumedActivity: {record}"]
    return "\n".join(lines) + "\n"


def _dumpsys_activity_top(sh: Shell) -> str:
    pkg, _act, short, task_id = _resumed(sh)
    app = sh.system.apps.get(pkg)
    uid = app.uid if app is not None else 1000
    pid = sh.system.pid_of(pkg) if sh.system.running(pkg) else 0
    return (f"TASK {uid}:{pkg} id={task_id} userId=0\n"
            f"  ACTIVITY {short} {_hash(short)} pid={pid}\n")


def _dumpsys_display(sh: Shell) -> str:
    w, h, dpi = sh.system.width, sh.system.height, sh.system.density
    uid = "local:4619827259835644672"
    return (
        "DISPLAY MANAGER (dumpsys display)\n"
        "  mOnlyCore=false\n"
        "  mSafeMode=false\n"
        f"  mViewports=[DisplayViewport{{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='{uid}', "
        f"physicalPort=0, orientation=0, logicalFrame=Rect(0, 0 - {w}, {h}), physicalFrame=Rect(0, 0 - {w}, {h}), "
        f"deviceWidth={w}, deviceHeight={h}}}]\n"
        "\nDisplay Devices: size=1\n"
        f"  DisplayDeviceInfo{{\"Built-in Screen\": uniqueId=\"{uid}\", {w} x {h}, modeId 1, defaultModeId 1, "
        f"density {dpi}, {dpi}.0 x {dpi}.0 dpi, appVsyncOff 0, presDeadline 16666666, touch INTERNAL, rotation 0, "
        "type INTERNAL, state ON, FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE}\n"
        f"    mBaseDisplayInfo=DisplayInfo{{\"Built-in Screen\", displayId 0, real {w} x {h}, largest app {w} x {h}, "
        f"smallest app {w} x {h}, rotation 0, density {dpi} ({dpi}.0 x {dpi}.0) dpi, state ON}}\n"
    )


def _dumpsys_input_method(sh: Shell) -> str:
    shown = "true" if sh.system.keyboard_visible else "false"
    current = sh.system.settings.get("secure", "default_input_method") or LATIN_IME
    return (
        "Current Input Method Manager state:\n"
        f"  mCurMethodId={current}\n"
        f"  mCurFocusedWindowClient={'null' if shown == 'false' else 'ClientState{active}'}\n"
        f"  mShowRequested={shown} mShowExplicitlyRequested=false mShowForced=false mInputShown={shown}\n"
        "  mSystemReady=true mInteractive=true\n"
    )


_BATTERY = """Current Battery Service state:
  AC powered: true
  USB powered: false
  Wireless powered: false
  Dock powered: false
  Max charging current: 500000
  Max charging voltage: 5000000
  Charge counter: 10000
  status: 2
  health: 2
  present: true
  level: 100
  scale: 100
  voltage: 5000
  temperature: 250
  technology: Li-ion
"""


#: ``dumpsys`` services apps provide (``telephony.registry`` from the phone app...), by service name.
DUMPSYS: dict[str, Callable[[Shell, list[str]], str]] = {}


def dumpsys_service(name: str) -> Callable[[Callable[[Shell, list[str]], str]], Callable[[Shell, list[str]], str]]:
    """Register what ``dumpsys <name>`` prints."""
    def register(fn: Callable[[Shell, list[str]], str]) -> Callable[[Shell, list[str]], str]:
        DUMPSYS[name] = fn
        return fn

    return register


@command("dumpsys")
def _dumpsys(sh: Shell, argv: list[str]) -> Result:
    service, rest = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    if service in DUMPSYS:
        return ok(DUMPSYS[service](sh, rest))
    if service == "window":
        return ok(_dumpsys_window(sh))
    if service == "activity":
        if rest[:1] == ["top"]:
            return ok(_dumpsys_activity_top(sh))
        return ok(_dumpsys_activities(sh))
    if service == "display":
        return ok(_dumpsys_display(sh))
    if service == "input_method":
        return ok(_dumpsys_input_method(sh))
    if service == "power":
        return ok("POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mWakefulness=Awake\n"
                  "  mHoldingDisplaySuspendBlocker=true\n  mDisplayReady=true\n")
    if service == "battery":
        return ok(_BATTERY)
    return ok(f"Can't find service: {service}\n")


@command("md5sum")
def _md5sum(sh: Shell, argv: list[str]) -> Result:
    brief = "-b" in argv[1:]
    out, status = "", 0
    for p in _paths(argv):
        fs = sh.system.fs
        if not fs.exists(p):
            out += f"md5sum: {p}: No such file or directory\n"
            status = 1
        elif fs.isdir(p):
            out += f"md5sum: {p}: Is a directory\n"
            status = 1
        else:
            digest = hashlib.md5(fs.read(p)).hexdigest()
            out += f"{digest}\n" if brief else f"{digest}  {p}\n"
    return out.encode(), status


@command("ime")
def _ime(sh: Shell, argv: list[str]) -> Result:
    verb = argv[1] if len(argv) > 1 else ""
    if verb == "list":
        if "-s" in argv:
            return ok("".join(f"{m}\n" for m in INPUT_METHODS))
        return ok("".join(f"{m}:\n  mId={m} mSettingsActivity=null\n" for m in INPUT_METHODS))
    if verb in ("enable", "disable", "set") and len(argv) > 2:
        ime = argv[2]
        if ime not in INPUT_METHODS:
            action = {"enable": "enabled", "disable": "disabled", "set": "selected"}[verb]
            return fail(f"Unknown input method {ime} cannot be {action} for user #0\n")
        if verb == "set":
            sh.system.settings.put("secure", "default_input_method", ime)
            return ok(f"Input method {ime} selected for user #0\n")
        return ok(f"Input method {ime}: already {verb}d for user #0\n")
    return fail("usage: ime list [-a] [-s] | enable ID | disable ID | set ID\n")


@command("app_process")
def _app_process(sh: Shell, argv: list[str]) -> Result:
    # The uiautomator2 server runs until its stream closes; the adb wire server intercepts this
    # command line and keeps the socket open. A plain shell call just returns (as if detached).
    if U2_MAIN in argv:
        return ok()
    cls = next((a for a in argv[1:] if not a.startswith("-") and not a.startswith("/")), "")
    return fail(f"Error: Could not find class '{cls}'\n")


def _file_type(st: os.stat_result) -> str:
    if stat_mod.S_ISDIR(st.st_mode):
        return "directory"
    if stat_mod.S_ISLNK(st.st_mode):
        return "symbolic link"
    return "regular file" if st.st_size else "regular empty file"


def _user_name(uid: str) -> str:
    """An Android user name: root, system (1000), shell (2000), or u0_aNN for app uids (10000 + NN)."""
    names = {"0": "root", "1000": "system", "2000": "shell"}
    return names.get(uid, f"u0_a{int(uid) - 10000}" if uid.isdigit() and int(uid) >= 10000 else uid)


def _stat_format(fmt: str, path: str, st: os.stat_result, owner: str = "0:0") -> str:
    uid, gid = owner.split(":")
    fields = {"s": str(st.st_size), "n": path, "N": f"'{path}'", "F": _file_type(st), "a": f"{st.st_mode & 0o7777:o}",
              "A": stat_mod.filemode(st.st_mode), "Y": str(int(st.st_mtime)), "X": str(int(st.st_atime)),
              "Z": str(int(st.st_ctime)), "u": uid, "g": gid, "U": _user_name(uid), "G": _user_name(gid),
              "f": f"{st.st_mode:x}",
              "i": str(st.st_ino), "h": str(st.st_nlink), "%": "%"}
    return re.sub(r"%(.)", lambda m: fields.get(m.group(1), "?"), fmt)


@command("stat")
def _stat(sh: Shell, argv: list[str]) -> Result:
    args, fmt = argv[1:], None
    if "-c" in args:
        i = args.index("-c")
        fmt = args[i + 1] if i + 1 < len(args) else ""
        args = args[:i] + args[i + 2:]
    out, status = "", 0
    for p in [a for a in args if not a.startswith("-")]:
        st = sh.system.fs.stat(p)
        if st is None:
            out += f"stat: '{p}': No such file or directory\n"
            status = 1
            continue
        if fmt is not None:
            out += _stat_format(fmt, p, st, sh.system.fs.owner(p)) + "\n"
            continue
        when = dt.datetime.fromtimestamp(st.st_mtime, dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f000 +0000")
        out += (f"  File: {p}\n  Size: {st.st_size}\t Blocks: {st.st_blocks}\t IO Blocks: 4096\t{_file_type(st)}\n"
                f"Device: fd05h/64773d\t Inode: {st.st_ino}\t Links: {st.st_nlink}\n"
                f"Access: ({st.st_mode & 0o7777:04o}/{stat_mod.filemode(st.st_mode)})\tUid: (    0/    root)\t"
                f"Gid: (    0/    root)\nAccess: {when}\nModify: {when}\nChange: {when}\n")
    return out.encode(), status


@command("chown")
def _chown(sh: Shell, argv: list[str]) -> Result:
    """toybox ``chown [-R] USER[:GROUP] FILE...`` (numbers or names); root only, as on a phone."""
    args = [a for a in argv[1:] if a not in ("-R", "-h")]
    if len(args) < 2:
        return fail("chown: Needs 2 arguments (see \"chown --help\")\n")
    user, _, group = args[0].partition(":")
    ids = {name: uid for uid, name in (("0", "root"), ("1000", "system"), ("2000", "shell"))}
    uid = ids.get(user, user)
    gid = ids.get(group, group) if group else uid
    if not (uid.isdigit() and gid.isdigit()):
        return fail(f"chown: bad user '{args[0]}'\n")
    out, status = "", 0
    for path in args[1:]:
        if not sh.system.fs.exists(path):
            out, status = out + f"chown: {path}: No such file or directory\n", 1
            continue
        sh.system.fs.chown(path, f"{uid}:{gid}")
    return out.encode(), status


@command("restorecon")
def _restorecon(sh: Shell, argv: list[str]) -> Result:
    """``restorecon [-R] PATH...``: SELinux labels are not simulated; a missing path fails as on a phone."""
    missing = [p for p in argv[1:] if not p.startswith("-") and not sh.system.fs.exists(p)]
    if missing:
        return fail("".join(f"SELinux: Could not get canonical path for {p} restorecon: "
                            "No such file or directory.\n" for p in missing), 255)
    return ok()


#: Processes every simulated phone runs, as ``(user, pid, ppid, name)``.
_SYSTEM_PROCESSES = [("root", 1, 0, "init"), ("root", 310, 1, "zygote64"), ("system", services.SYSTEM_PID, 310,
                     "system_server"), ("u0_a134", services.SYSTEMUI_PID, 310, "com.android.systemui"),
                     ("radio", services.PHONE_PID, 310, "com.android.phone")]
_IME_PACKAGE = LATIN_IME.split("/")[0]


def _processes(sh: Shell) -> list[tuple[str, int, int, str]]:
    procs = list(_SYSTEM_PROCESSES)
    for pkg in sorted([*sh.system.apps, _IME_PACKAGE]):
        if sh.system.running(pkg):
            app = sh.system.apps.get(pkg)
            uid = app.uid if app is not None else 10120
            procs.append((f"u0_a{uid % 1000}", sh.system.pid_of(pkg), 310, pkg))
    return procs


@command("pidof")
def _pidof(sh: Shell, argv: list[str]) -> Result:
    wanted = set(_paths(argv))
    pids = [str(pid) for _u, pid, _pp, name in _processes(sh) if name in wanted]
    return (ok(" ".join(pids) + "\n") if pids else fail(""))


@command("ps")
def _ps(sh: Shell, argv: list[str]) -> Result:
    def row(user: str, pid: object, ppid: object, vsz: object, rss: object, wchan: str, addr: object, s: str,
            name: str) -> str:
        return f"{user:<10}{pid!s:>8}{ppid!s:>6}{vsz!s:>11}{rss!s:>7} {wchan:<16}{addr!s:>5} {s} {name}\n"

    every = any(a in ("-A", "-e") or (a.startswith("-") and "A" in a) for a in argv[1:])
    procs = _processes(sh) if every else [("shell", 7001, 1, "sh"), ("shell", 7002, 7001, "ps")]
    out = row("USER", "PID", "PPID", "VSZ", "RSS", "WCHAN", "ADDR", "S", "NAME")
    for user, pid, ppid, name in procs:
        out += row(user, pid, ppid, 10_000_000 + pid, 90_000, "do_epoll_wait", 0, "S", name)
    return ok(out)

# -- content providers -----------------------------------------------------------------------------------------

ContentHandler = Callable[["Shell", str, dict[str, Any]], Result]
#: Content providers apps install, by URI authority (``contacts``, ``sms``...).
CONTENT_PROVIDERS: dict[str, ContentHandler] = {}


def content_provider(*authorities: str) -> Callable[[ContentHandler], ContentHandler]:
    """Register the handler of ``content query|insert|update|delete --uri content://<authority>/...``.

    The handler gets the verb and the parsed options (``uri``, ``projection``,
    ``where``, ``sort``, ``bind``: a list of ``column:type:value``).
    """
    def register(fn: ContentHandler) -> ContentHandler:
        for authority in authorities:
            CONTENT_PROVIDERS[authority] = fn
        return fn

    return register


def _content_args(argv: list[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {"verb": argv[1] if len(argv) > 1 else "", "bind": []}
    i = 2
    while i < len(argv):
        key = argv[i]
        if key in ("--uri", "--projection", "--where", "--sort", "--user", "--arg", "--method", "--extra") \
                and i + 1 < len(argv):
            if key == "--extra":
                opts["bind"].append(argv[i + 1])
            else:
                opts[key[2:]] = argv[i + 1]
            i += 2
        elif key == "--bind" and i + 1 < len(argv):
            opts["bind"].append(argv[i + 1])
            i += 2
        else:
            i += 1
    return opts


def binding(spec: str) -> tuple[str, Any]:
    """A ``--bind column:type:value`` of the ``content`` tool (types s, i, l, f, d, b, n)."""
    column, kind, value = [*spec.split(":", 2), "", ""][:3]
    casts = {"s": str, "i": int, "l": int, "f": float, "d": float, "b": lambda v: int(v.lower() == "true"),
             "n": lambda v: None}
    if kind not in casts:
        raise ValueError(f"Unsupported type: {kind}")
    return column, casts[kind](value)



def provider_error(uri: str, message: str) -> Result:
    authority = uri.split("://", 1)[-1].split("/", 1)[0]
    return fail(f"Error while accessing provider:{authority}\n{message}\n")




@command("content")
def _content(sh: Shell, argv: list[str]) -> Result:
    opts = _content_args(argv)
    verb, uri = opts["verb"], opts.get("uri", "")
    if verb not in ("query", "insert", "update", "delete") or not uri:
        return fail("usage: adb shell content [subcommand] [options]\n\n"
                    "usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> "
                    "[--bind <BINDING>...]\n", 1)
    authority = uri.split("://", 1)[-1].split("/", 1)[0]
    handler = CONTENT_PROVIDERS.get(authority)
    if handler is None:
        return provider_error(uri, f"java.lang.IllegalArgumentException: Unknown authority {authority}")
    return handler(sh, verb, opts)
