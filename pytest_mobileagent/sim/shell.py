"""The simulated ``adb shell``: mksh's grammar and builtins, and the registry of the commands it runs.

Android's ``/system/bin/sh`` is mksh; its userland is toybox. The simulated shell is in three parts:

- this module: lines read as mksh reads them (:mod:`pytest_mobileagent.sim.sh_parse`, never evaluated by a host
  shell), run with mksh's builtins (``echo``, ``test``, ``exit``, ``export``...);
- :mod:`pytest_mobileagent.sim.toybox`: the userland commands (``ls``, ``cat``, ``grep``, ``stat``...);
- :mod:`pytest_mobileagent.sim.framework`: the framework's commands (``am``, ``pm``, ``cmd``, ``settings``,
  ``content``, ``dumpsys``, ``input``, ``wm``, ``uiautomator``...).

Each command is dispatched on its first word to a handler that returns output bytes and an exit status and
prints the same text the real tool prints. adbutils appends ``; echo X4EXIT:$?`` to ``shell2`` and
uiautomator2 chains dumps with ``&& echo success``.
"""

from __future__ import annotations

import errno
import os
import posixpath
import re
import stat as stat_mod
from collections.abc import Callable
from typing import TYPE_CHECKING

from pytest_mobileagent.sim import sh_parse

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
        #: Standard input of the command being run (the previous pipeline stage's output, ``< file``), or None
        #: for the line's own, which the first command to read it takes (:attr:`stdin`).
        self._stdin: bytes | None = b""
        #: Error output the running handler set apart from its standard output (None: not separated).
        self.stderr: bytes | None = None
        #: Properties ``setprop`` set that the framework has not read yet (``persist.sys.locale`` until
        #: ``setprop ctl.restart zygote``).
        self.props: dict[str, str] = {}
        #: The working folder of the line being run: adbd starts ``sh -c`` in ``/``.
        self.cwd = "/"
        #: The uid adbd runs commands as: 0 after ``adb root`` (how the in-process phone is driven), 2000 (shell)
        #: as a google_apis emulator's adbd starts.
        self.uid = 0
        #: How real time passes for ``sleep`` and the like: in process not at all (the simulated clock moves
        #: instead); over the wire the adb server sets ``time.sleep``, since clients measure it.
        self.wait: Callable[[float], None] = lambda seconds: None
        self._line_stdin = b""

    @property
    def system(self):
        return self.device.system

    @property
    def stdin(self) -> bytes:
        """The running command's standard input; the line's own is read once, by the first command reading it."""
        if self._stdin is None:
            self._stdin, self._line_stdin = self._line_stdin, b""
        return self._stdin

    @stdin.setter
    def stdin(self, data: bytes | None) -> None:
        self._stdin = data

    def resolve(self, path: str) -> str:
        """``path`` as an absolute device path, relative ones from :attr:`cwd`."""
        return posixpath.normpath(posixpath.join(self.cwd, path)) if path else path

    def run(self, line: str) -> tuple[str, int]:
        out, status = self.run_bytes(line)
        return out.decode("utf-8", errors="replace"), status

    def run_bytes(self, line: str) -> Result:
        """Run a command line as ``sh -c``; return everything it printed (both streams, in order) and its status."""
        terminal = bytearray()
        status = self._run_line(line, b"", terminal, terminal)
        return bytes(terminal), status

    def execute(self, line: str, stdin: bytes = b"") -> tuple[bytes, bytes, int]:
        """Run a command line as ``sh -c`` with ``stdin``; return its standard output, error output and status
        apart (what adb's shell protocol v2 carries)."""
        out, err = bytearray(), bytearray()
        status = self._run_line(line, stdin, out, err)
        return bytes(out), bytes(err), status

    def _run_line(self, line: str, stdin: bytes, out: bytearray, err: bytearray) -> int:
        # a nested ``sh -c`` must not disturb its caller
        saved = self.vars, self._stdin, self.stderr, self.cwd, self._line_stdin
        self.vars, self.last_status = {}, 0
        self._line_stdin = stdin
        try:
            for and_or in sh_parse.parse(line):
                self._and_or(and_or, out, err)
        except sh_parse.ShellSyntaxError as e:
            err += f"/system/bin/sh: syntax error: {e}\n".encode()
            self.last_status = 2
        except ShellExit as e:
            err += e.message.encode()
            self.last_status = e.status
        finally:
            self.vars, self._stdin, self.stderr, self.cwd, self._line_stdin = saved
        return self.last_status

    def lookup(self, name: str) -> str:
        """The value of ``$name`` (empty when unset)."""
        if name == "?":
            return str(self.last_status)
        if name == "0":
            return "/system/bin/sh"
        return self.vars.get(name, "")

    def _and_or(self, node: sh_parse.AndOr, out: bytearray, err: bytearray) -> None:
        self.last_status = self._pipeline(node.first, out, err)
        for op, pipeline in node.rest:
            if (op == "&&") == (self.last_status == 0):
                self.last_status = self._pipeline(pipeline, out, err)

    def _pipeline(self, pipeline: sh_parse.Pipeline, out: bytearray, err: bytearray) -> int:
        """Run ``a | b | c``: each stage reads the one before; the last stage's status counts."""
        if len(pipeline.commands) == 1:
            status = self._simple(pipeline.commands[0], None, out, err)
        else:
            data: bytes | None = None
            status = 0
            for i, command in enumerate(pipeline.commands):
                stage = out if i == len(pipeline.commands) - 1 else bytearray()
                status = self._subshell(command, data, stage, err)
                data = bytes(stage)
        return int(status == 0) if pipeline.negated else status

    def _subshell(self, command: sh_parse.Command, stdin: bytes | None, out: bytearray, err: bytearray) -> int:
        """A pipeline stage: mksh forks every stage, so its ``exit`` and assignments stay inside."""
        saved = dict(self.vars)
        try:
            return self._simple(command, stdin, out, err)
        except ShellExit as e:
            err += e.message.encode()
            return e.status
        finally:
            self.vars = saved

    def _simple(self, command: sh_parse.Command, stdin: bytes | None, out: bytearray, err: bytearray) -> int:
        argv = [f for word in command.words for f in sh_parse.expand(word, self.lookup)]
        streams = _Streams(self, stdin, out, err)
        for redirect in command.redirects:
            error = streams.redirect(redirect)
            if error:
                err += error.encode()
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

    def _invoke(self, argv: list[str], stdin: bytes | None) -> tuple[bytes, bytes, int]:
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


def strerror(e: OSError) -> str:
    if e.strerror:
        return e.strerror
    return os.strerror(errno.EACCES) if isinstance(e, PermissionError) else str(e)


class _Streams:
    """One command's standard input, output and error after its redirections.

    Files are written through the device's file system, like ``cat`` and ``rm``
    reach them; ``>`` truncates when it is set up, before the command runs, as a
    real shell does (so ``cat f > f`` empties ``f``).
    """

    def __init__(self, sh: Shell, stdin: bytes | None, out: bytearray, err: bytearray):
        self.sh = sh
        self.stdin = stdin
        self.fds: dict[int, bytearray] = {1: out, 2: err}
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
                return f"/system/bin/sh: can't open {target}: {strerror(e)}\n"
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
            return f"/system/bin/sh: can't create {target}: {strerror(e)}\n"
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


@command("echo")
def _echo(sh: Shell, argv: list[str]) -> Result:
    if argv[1:2] == ["-n"]:
        return ok(" ".join(argv[2:]))
    return ok(" ".join(argv[1:]) + "\n")


@command("true", ":")
def _true(sh: Shell, argv: list[str]) -> Result:
    return ok()


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
    """``sh -c LINE``: a child shell with the caller's standard input, so its ``exit`` ends only LINE."""
    if argv[1:2] != ["-c"] or len(argv) < 3:
        return fail("/system/bin/sh: interactive shells are not simulated; use sh -c LINE\n", 2)
    out, err, status = sh.execute(argv[2], sh.stdin)
    return with_stderr(sh, out, status, err)


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


def with_stderr(sh: Shell, out: bytes, status: int, errors: str | bytes = "") -> Result:
    """A result with its error output kept apart (``grep -c`` prints 0 and fails, on standard output)."""
    sh.stderr = errors.encode() if isinstance(errors, str) else errors
    return out, status


def operands(argv: list[str]) -> list[str]:
    return [a for a in argv[1:] if not a.startswith("-")]


# the commands register themselves when their modules load
from pytest_mobileagent.sim import framework, toybox  # noqa: E402, F401
