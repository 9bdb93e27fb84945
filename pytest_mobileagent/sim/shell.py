"""The simulated ``adb shell``: the commands tasks, adbutils and uiautomator2 send.

Commands are parsed with :mod:`shlex` (never evaluated) and dispatched on
their first word; each handler returns output bytes and an exit status, and
prints the same text the real Android tool prints. ``cmd1; cmd2`` and
``cmd1 && cmd2`` sequences are supported because adbutils appends
``; echo X4EXIT:$?`` and uiautomator2 chains dumps with ``&& echo success``.
"""

from __future__ import annotations

import datetime as dt
import re
import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING

from pytest_mobileagent.device.base import keycode
from pytest_mobileagent.sim import services

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


class Shell:
    """Runs shell command lines against a :class:`SimDevice`."""

    def __init__(self, device: SimDevice):
        self.device = device
        self.last_status = 0

    @property
    def system(self):
        return self.device.system

    def run(self, line: str) -> tuple[str, int]:
        out, status = self.run_bytes(line)
        return out.decode("utf-8", errors="replace"), status

    def run_bytes(self, line: str) -> Result:
        """Run a command line; return its combined output and the last exit status."""
        output = b""
        status = 0
        for op, part in _split_sequence(line):
            if op == "&&" and status != 0:
                continue
            if op == "||" and status == 0:
                continue
            out, status = self._run_one(part)
            output += out
            self.last_status = status
        return output, status

    def _run_one(self, part: str) -> Result:
        part = part.strip()
        if not part:
            return ok()
        part = part.replace("$?", str(self.last_status))
        try:
            argv = shlex.split(part)
        except ValueError as e:
            return fail(f"/system/bin/sh: syntax error: {e}\n", 2)
        while argv and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", argv[0]):
            argv = argv[1:]  # VAR=value prefixes (CLASSPATH=... app_process)
        if not argv:
            return ok()
        if argv[0] == "toybox" and len(argv) > 1:
            argv = argv[1:]
        handler = COMMANDS.get(argv[0].rsplit("/", 1)[-1])
        if handler is None:
            return fail(f"/system/bin/sh: {argv[0]}: inaccessible or not found\n", 127)
        return handler(self, argv)


def _split_sequence(line: str) -> list[tuple[str, str]]:
    """Split on ``;``, ``&&`` and ``||`` outside quotes."""
    parts: list[tuple[str, str]] = []
    buf, op, quote, i = "", ";", "", 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == quote:
                quote = ""
            elif c == "\\" and quote == '"' and i + 1 < len(line):
                buf += c
                i += 1
                c = line[i]
            buf += c
        elif c in "'\"":
            quote = c
            buf += c
        elif c == ";" or line.startswith("&&", i) or line.startswith("||", i):
            parts.append((op, buf))
            op = ";" if c == ";" else line[i:i + 2]
            buf = ""
            i += 0 if c == ";" else 1
        else:
            buf += c
        i += 1
    parts.append((op, buf))
    return parts


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
    elif (ns, key) == ("secure", "ui_night_mode"):
        services.set_night_mode(sh.system, value == "2")
    else:
        sh.system.settings.put(ns, key, value)
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
        services.set_night_mode(sh.system, args[2] == "yes")
        return ok(f"Night mode: {args[2]}\n")
    return fail(f"cmd: unknown command {' '.join(args)}\n", 255)


# -- activity manager, packages, input -------------------------------------------


def _package_activity(component: str) -> tuple[str, str | None]:
    if "/" in component:
        pkg, act = component.split("/", 1)
        return pkg, act
    return component, None


@command("am")
def _am(sh: Shell, argv: list[str]) -> Result:
    if len(argv) < 2:
        return fail("usage: am [subcommand] [options]\n")
    verb = argv[1]
    if verb == "force-stop" and len(argv) >= 3:
        sh.system.stop_app(argv[-1])
        return ok()
    if verb in ("start", "start-activity"):
        component, extras, i = "", {}, 2
        while i < len(argv):
            a = argv[i]
            if a == "-n" and i + 1 < len(argv):
                component = argv[i + 1]
                i += 2
            elif a in ("--es", "--ei", "--ez") and i + 2 < len(argv):
                extras[argv[i + 1]] = argv[i + 2]
                i += 3
            elif a in ("-a", "-c", "-d", "-t", "-f", "--user") and i + 1 < len(argv):
                i += 2
            else:
                i += 1
        if not component:
            return fail("Error: no component given (only explicit -n starts are simulated)\n")
        pkg, act = _package_activity(component)
        try:
            sh.system.launch(pkg, act, extras)
        except LookupError as e:
            return ok(f"Starting: Intent {{ cmp={component} }}\nError type 3\nError: {e}\n")
        return ok(f"Starting: Intent {{ cmp={component} }}\n")
    if verb == "broadcast":
        return ok("Broadcasting: Intent { }\nBroadcast completed: result=0\n")
    return fail(f"Error: unknown command '{verb}'\n")


@command("monkey")
def _monkey(sh: Shell, argv: list[str]) -> Result:
    if "-p" not in argv:
        return fail("** No package given\n")
    pkg = argv[argv.index("-p") + 1]
    if pkg not in sh.system.apps:
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
            m = re.fullmatch(r"(\d{2})(\d{2})(\d{2})(\d{2})(\d{4})?(?:\.(\d{2}))?", stamp)
            if not m:
                raise ValueError(stamp)
            year = int(m.group(5) or sh.system.clock.now.year)
            when = dt.datetime(year, int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)),
                               int(m.group(6) or 0), tzinfo=dt.timezone.utc)
        except ValueError:
            return fail(f"date: bad date '{stamp}'\n")
        sh.device.set_time(when)
    now = sh.system.clock.now
    if args and args[0].startswith("+"):
        return ok(now.strftime(args[0][1:]) + "\n")
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


@command("getprop")
def _getprop(sh: Shell, argv: list[str]) -> Result:
    props = dict(PROPS, **{"ro.sf.lcd_density": str(sh.system.density),
                            "persist.sys.locale": sh.system.locale})
    if len(argv) > 1:
        return ok(props.get(argv[1], "") + "\n")
    return ok("".join(f"[{k}]: [{v}]\n" for k, v in sorted(props.items())))


@command("echo")
def _echo(sh: Shell, argv: list[str]) -> Result:
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


@command("true")
def _true(sh: Shell, argv: list[str]) -> Result:
    return ok()


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
    out = b""
    for p in argv[1:]:
        if not sh.system.fs.exists(p) or sh.system.fs.isdir(p):
            return fail(f"cat: {p}: No such file or directory\n")
        out += sh.system.fs.read(p)
    return ok(out)


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


@command("wm")
def _wm(sh: Shell, argv: list[str]) -> Result:
    s = sh.system
    if argv[1:2] == ["size"]:
        return ok(f"Physical size: {s.width}x{s.height}\n")
    if argv[1:2] == ["density"]:
        return ok(f"Physical density: {s.density}\n")
    return fail("wm: unknown command\n")
