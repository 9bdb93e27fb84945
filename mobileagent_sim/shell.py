"""The simulated ``adb shell``: mksh's grammar and builtins, and the registry of the commands it runs.

Android's ``/system/bin/sh`` is mksh (R59c on Android 13, AOSP ``external/mksh``); its userland is toybox. The
simulated shell is in three parts:

- this module: scripts read as mksh reads them (:mod:`mobileagent_sim.sh_parse`, never evaluated by a
  host shell) and run with mksh's semantics and builtins (``echo``, ``print``, ``read``, ``cd``, ``pwd``,
  ``eval``, ``exec``, ``set``, ``test``, ``whence``...; the table is ``mkshbuiltins`` in mksh's ``funcs.c``);
- :mod:`mobileagent_sim.toybox`: the userland commands (``ls``, ``cat``, ``grep``, ``stat``...);
- :mod:`mobileagent_sim.framework`: the framework's commands (``am``, ``pm``, ``cmd``, ``settings``,
  ``content``, ``dumpsys``, ``input``, ``wm``, ``uiautomator``...).

Each command is dispatched on its first word to a handler that returns output bytes and an exit status and
prints the same text the real tool prints. adbutils appends ``; echo X4EXIT:$?`` to ``shell2`` and
uiautomator2 chains dumps with ``&& echo success``; ``adb logcat`` sends ``export ANDROID_LOG_TAGS=...; exec
logcat ...``.

Where it differs from a phone's mksh, deliberately: ``&`` starts a command that runs until stopped (one of
:data:`PROCESSES`, such as ``screenrecord``) as a :class:`Process` (``$!``, ``kill``, ``wait``, listed by ``ps``)
but runs any other list to its end at once, since it ends by itself; jobs still running when the line ends get
``SIGHUP`` then, as nothing runs between lines; traps are kept but no signal ever arrives at the shell (an
``EXIT`` trap runs when the script ends); what mksh has and this shell does not (``select``, ``getopts``, ``alias``,
``${x/a/b}``, arrays, co-processes...) is an error naming it, never run wrongly.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import posixpath
import random
import re
import stat as stat_mod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import mobileagent_sim.sh_parse as sh_parse

if TYPE_CHECKING:
    from mobileagent_sim.device import SimDevice

Result = tuple[bytes, int]


Handler = Callable[["Shell", list[str]], Result]


COMMANDS: dict[str, Handler] = {}

#: Builtins that run in the shell itself, with its streams: ``(sh, argv, io) -> status``.
Builtin = Callable[["Shell", list[str], "_IO"], int]
BUILTINS: dict[str, Builtin] = {}

#: mksh's builtins (``funcs.c`` ``mkshbuiltins``, as AOSP's ``external/mksh`` build flags have it: ``HAVE_SELECT=1``
#: gives ``sleep``,
#: ``HAVE_MKNOD=0`` drops ``mknod``; ``cat`` is found on ``PATH`` first; ``local`` and ``type`` are mksh's
#: default aliases for ``typeset`` and ``whence -v``). ``type`` and
#: ``whence`` answer "a shell builtin" for these; the special ones can change the shell's own state.
MKSH_BUILTINS = frozenset({
    ".", ":", "[", "alias", "bg", "bind", "break", "builtin", "cd", "chdir", "command", "continue", "echo", "eval",
    "exec", "exit", "export", "false", "fc", "fg", "getopts", "jobs", "kill", "let", "print", "pwd", "read",
    "readonly", "realpath", "rename", "return", "set", "shift", "sleep", "source", "suspend", "test", "times",
    "trap", "true", "typeset", "ulimit", "umask", "unalias", "unset", "wait", "whence"})
SPECIAL_BUILTINS = frozenset({".", ":", "break", "continue", "eval", "exec", "exit", "export", "readonly",
                              "return", "set", "shift", "times", "trap", "unset"})
#: mksh's default aliases that scripts use as commands (``main.c`` ``initcoms``).
_ALIASES = {"local": "typeset", "type": "whence -v", "integer": "typeset -i", "hash": "alias -t",
            "autoload": "typeset -fu", "functions": "typeset -f", "history": "fc -l", "nohup": "nohup ",
            "r": "fc -e -", "source": ".", "login": "exec login", "nameref": "typeset -n", "stop": "kill -STOP"}
#: adbd's environment for ``adb shell`` on Android 13 (``system/core/rootdir/init.environ.rc.in``; adbd's
#: ``shell_service.cpp`` sets ``HOME``, ``TMPDIR``), as the differential harness gives its Android root.
ENVIRONMENT = {
    "PATH": "/product/bin:/apex/com.android.runtime/bin:/system_ext/bin:/system/bin:/system/xbin:/vendor/bin",
    "HOME": "/", "TMPDIR": "/data/local/tmp", "ANDROID_DATA": "/data", "ANDROID_ROOT": "/system",
    "EXTERNAL_STORAGE": "/sdcard"}


def adbd_environment(uid: int) -> dict[str, str]:
    """What ``adb shell`` starts with: :data:`ENVIRONMENT` and what ``shell_service.cpp`` adds from the user's
    ``passwd`` entry (``LOGNAME``, ``USER``, ``SHELL``) and ``HOSTNAME`` (``ro.product.device``, the kernel's
    name being ``localhost``)."""
    user = "root" if uid == 0 else "shell" if uid == 2000 else f"u0_a{uid % 1000}"
    return {**_INIT_ENVIRONMENT, **ENVIRONMENT, "HOSTNAME": "emu64x", "LOGNAME": user, "SHELL": "/bin/sh",
            "USER": user}


#: The rest of what ``init.environ.rc`` exports to every process (adbd passes it on).
_INIT_ENVIRONMENT = {
    "ANDROID_ART_ROOT": "/apex/com.android.art", "ANDROID_ASSETS": "/system/app", "ANDROID_BOOTLOGO": "1",
    "ANDROID_I18N_ROOT": "/apex/com.android.i18n", "ANDROID_STORAGE": "/storage",
    "ANDROID_TZDATA_ROOT": "/apex/com.android.tzdata", "ASEC_MOUNTPOINT": "/mnt/asec",
    "DOWNLOAD_CACHE": "/data/cache"}
#: ``$$``: adbd's shell is a fresh process; one fixed id keeps runs deterministic (``$PPID`` is adbd's).
SHELL_PID = 4242
_ARRAY_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\[.*\]\+?=")
ADBD_PID = 391
#: ``$KSH_VERSION``: R59c's (``sh.h`` ``MKSH_VERSION``) with the vendor suffix AOSP's build adds.
KSH_VERSION = "@(#)MIRBSD KSH R59 2020/10/31 Android"


def command(*names: str) -> Callable[[Handler], Handler]:
    """Register a shell command handler under one or more names."""

    def register(fn: Handler) -> Handler:
        for name in names:
            COMMANDS[name] = fn
        return fn

    return register


def builtin(*names: str) -> Callable[[Builtin], Builtin]:
    """Register a builtin that runs inside the shell with its streams (``eval``, ``read``, ``cd``...)."""

    def register(fn: Builtin) -> Builtin:
        for name in names:
            BUILTINS[name] = fn
        return fn

    return register


def ok(text: str | bytes = "") -> Result:
    return (text.encode() if isinstance(text, str) else text), 0


def fail(text: str, status: int = 1) -> Result:
    return text.encode(), status


class ShellExit(Exception):
    """The shell ends (``exit N``, a fatal error) with status N, after printing ``message``."""

    def __init__(self, status: int, message: str = ""):
        super().__init__(status)
        self.status = status
        self.message = message


class _Break(Exception):
    def __init__(self, levels: int, cont: bool):
        super().__init__(levels)
        self.levels, self.cont = levels, cont


class _Return(Exception):
    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class Reader(Protocol):
    """A stream a command reads as it goes (a client's input over the wire): ``read()`` the rest, to its end;
    ``readline()`` one line with its newline (empty, or None, at the end)."""

    def read(self) -> bytes: ...

    def readline(self) -> bytes | None: ...


class _Input:
    """A readable stream: a pipe, a file, a here-document, the line's own standard input (which a caller may
    give as a function, called when a command first reads it, or as a :class:`Reader` read as commands read:
    a client's input over the wire, where ``read`` takes one line of a stream the client keeps open)."""

    __slots__ = ("_source", "data", "pos")

    def __init__(self, data: bytes | Callable[[], bytes] | Reader):
        self._source = None if isinstance(data, (bytes, bytearray)) else data
        self.data, self.pos = (data if self._source is None else b""), 0

    def _fill(self) -> None:
        if self._source is not None and callable(self._source):
            self.data, self._source = self._source(), None

    def read(self) -> bytes:
        self._fill()
        rest = self.data[self.pos:] if self.pos else self.data
        self.pos = len(self.data)
        if self._source is not None:  # a Reader: the rest of what it will give
            rest, self._source = rest + self._source.read(), None
        return rest

    def readline(self) -> bytes | None:
        """One line with its newline (the last may lack it); None at the end."""
        self._fill()
        if self.pos >= len(self.data):
            return (self._source.readline() or None) if self._source is not None else None
        end = self.data.find(b"\n", self.pos)
        end = len(self.data) if end < 0 else end + 1
        line, self.pos = self.data[self.pos:end], end
        return line


class _Sink:
    """Where output nobody reads goes (``/dev/null``, a closed descriptor)."""

    def write(self, data: bytes) -> None:
        pass


class _File:
    """A device file open for writing (``>``, ``>>``): what is written reaches it at once, as with a real fd."""

    def __init__(self, sh: Shell, path: str):
        self.sh, self.path = sh, path

    def write(self, data: bytes) -> None:
        fs = self.sh.system.fs
        before = fs.read(self.path) if fs.exists(self.path) else b""
        self.sh.device.write_file(self.path, before + data)


Target = bytearray | _File | _Sink | _Input


class _IO:
    """A command's open descriptors: 0 reads, 1 and 2 (and any other) write or read."""

    __slots__ = ("fds",)

    def __init__(self, fds: dict[int, Target]):
        self.fds = fds

    def copy(self) -> _IO:
        return _IO(dict(self.fds))

    def write(self, fd: int, data: bytes | str) -> None:
        if not data:
            return
        if isinstance(data, str):
            data = data.encode()
        target = self.fds.get(fd)
        if isinstance(target, bytearray):
            target += data
        elif target is not None and not isinstance(target, _Input):
            target.write(data)

    def input(self, fd: int = 0) -> _Input:
        target = self.fds.get(fd)
        return target if isinstance(target, _Input) else _Input(b"")


class _State:
    """What a subshell copies and its parent gets back unchanged."""

    __slots__ = ("argv0", "cwd", "exported", "functions", "locals", "options", "params", "traps", "vars")

    def __init__(self, sh: Shell):
        self.vars, self.exported = dict(sh.vars), set(sh.exported)
        self.params, self.argv0 = list(sh.params), sh.argv0
        self.functions, self.cwd = dict(sh.functions), sh.cwd
        self.options, self.traps, self.locals = set(sh.options), dict(sh.traps), list(sh.locals)

    def restore(self, sh: Shell) -> None:
        sh.vars, sh.exported, sh.params, sh.argv0 = self.vars, self.exported, self.params, self.argv0
        sh.functions, sh.cwd, sh.options, sh.traps, sh.locals = (
            self.functions, self.cwd, self.options, self.traps, self.locals)


_BREAK = ("", -1)  # between the fields "$@" makes
_LIT, _QUOTED, _EXPANDED = 0, 1, 2  # how a piece of a word takes part in splitting and globbing


def _no_wait(seconds: float) -> None:
    """In process no real time passes: the simulated clock moves instead."""


def _streaming(emit: Callable[[bytes], None] | None, terminal: bytearray | None
               ) -> Callable[[bytes], None] | None:
    """``emit`` sending first what the line wrote to ``terminal`` before, so the client gets it in order."""
    if emit is None or terminal is None:
        return emit

    def send(data: bytes) -> None:
        if terminal:
            before = bytes(terminal)
            terminal.clear()
            emit(before)
        if data:
            emit(data)

    return send


@dataclass(frozen=True)
class _Prompted:
    """A :class:`Reader` that calls ``flush`` before each read."""

    reader: Reader
    flush: Callable[[], None]

    def read(self) -> bytes:
        self.flush()
        return self.reader.read()

    def readline(self) -> bytes | None:
        self.flush()
        return self.reader.readline()


def _hang_up(jobs: tuple[Process, ...]) -> None:
    """The line has ended: its background jobs still running get ``SIGHUP``. The simulator runs nothing once a
    line has ended (deliberately unlike a phone, where a job may outlive its shell)."""
    for job in jobs:
        job.signal(1)


@dataclass(frozen=True)
class Caller:
    """Who runs a line and what it is wired to: adbd for a client over the wire (adbd's uid, the client's input
    read when a command reads it, real time, output sent while a command runs), or, by default, the harness in
    process (root, no input, simulated time only, output when the command ends)."""

    uid: int = 0
    #: The line's standard input: read as commands read it (``read`` takes a line, ``cat`` all until the client
    #: closes it), or a function called when a command first reads it, giving all of it.
    stdin: Reader | Callable[[], bytes] | None = None
    #: Lets real time pass (``sleep``, ``am start -W``, swipes); None: only the simulated clock moves.
    wait: Callable[[float], None] | None = None
    #: Sends output now, for a command that runs until stopped (``logcat``); None: such a command ends.
    emit: Callable[[bytes], None] | None = None


def default_action(number: int) -> int | None:
    """A signal's default action on a process that does not catch it: the end, status 128 + N (``SIGCHLD``,
    ``SIGWINCH``, ``SIGURG`` and ``SIGCONT`` are ignored; stopping is not simulated, so ``STOP``/``TSTP`` too)."""
    return None if _SIGNAL_ORDER[number] in ("CHLD", "WINCH", "URG", "CONT", "STOP", "TSTP", "TTIN", "TTOU") \
        else 128 + number


@dataclass(eq=False)
class Process:
    """A process the phone runs besides its apps and system ones: a background job of a shell, a served
    uiautomator2 ``app_process``. ``ps`` lists it while it runs (:attr:`status` None), ``kill`` signals it,
    ``wait`` waits for it (see :attr:`Shell.processes`)."""

    pid: int
    #: What ``ps`` shows as its NAME.
    name: str
    uid: int
    ppid: int = SHELL_PID
    #: Delivers a signal (its number): the exit status if the process ends of it, None if it goes on.
    on_signal: Callable[[int], int | None] = default_action
    #: Runs it to its own end (real time over the wire, the simulated clock in process): its exit status. None:
    #: it runs until stopped.
    run_out: Callable[[], int] | None = None
    #: Its exit status once it has ended (128 + N killed by signal N).
    status: int | None = None

    def signal(self, number: int) -> None:
        if self.status is None:
            self.status = self.on_signal(number)


#: Commands that run until stopped and can run in the background (``screenrecord``): ``(sh, argv) -> Process``
#: started (see :meth:`Shell.spawn`), or a Result when they fail at once (a usage error).
PROCESSES: dict[str, Callable[[Shell, list[str]], Process | Result]] = {}


def process(*names: str) -> Callable[[Callable[[Shell, list[str]], Process | Result]],
                                     Callable[[Shell, list[str]], Process | Result]]:
    """Register a command that runs as a process until stopped, for ``CMD &`` (see :data:`PROCESSES`)."""

    def register(fn: Callable[[Shell, list[str]], Process | Result]) -> Callable[[Shell, list[str]], Process | Result]:
        for name in names:
            PROCESSES[name] = fn
        return fn

    return register


#: The first pid of the processes shells start (apps' pids are the system's, far below).
FIRST_JOB_PID = 20001


class ProcessTable(dict[int, Process]):
    """The processes started on a phone besides its apps and system ones, by pid, and the next pid to give."""

    def __init__(self) -> None:
        super().__init__()
        self.next_pid = FIRST_JOB_PID

    def new_pid(self) -> int:
        pid, self.next_pid = self.next_pid, self.next_pid + 1
        return pid


class Shell:
    """Runs scripts against a :class:`SimDevice` the way ``adb shell`` does.

    adbd runs each line with ``/system/bin/sh -c``, so every line starts with adbd's environment, no
    functions and ``$?`` 0. Handlers read :attr:`stdin` (their pipe, ``<`` input, or the line's own) and may
    put their error output in :attr:`stderr`; if they leave it None, a failing command's output is taken as its
    error output (the diagnostics handlers print).
    """

    def __init__(self, device: SimDevice):
        self.device = device
        self.last_status = 0
        #: Shell variables of the script being run (``NAME=value``, ``export``, ``read``...).
        self.vars: dict[str, str] = {}
        #: The variables a child ``sh`` inherits.
        self.exported: set[str] = set()
        #: ``$1 $2 ...`` and ``$0``.
        self.params: list[str] = []
        self.argv0 = "/system/bin/sh"
        #: How the shell was called (mksh's ``kshname``): what its messages start with.
        self.name = "/system/bin/sh"
        #: The script file (``<stdin>`` for one read from standard input) and the line being run, which mksh
        #: names in its messages (None for ``sh -c``).
        self.source: str | None = None
        self.line = 1
        self.functions: dict[str, sh_parse.Node] = {}
        #: ``set`` options by letter (``a C e f u x``) and ``pipefail``.
        self.options: set[str] = set()
        #: ``trap`` actions by condition name (``EXIT``, ``INT``...): kept; only ``EXIT`` ever runs.
        self.traps: dict[str, str] = {}
        #: Per function call: the variables ``local`` shadowed, with their values before (None: unset).
        self.locals: list[dict[str, str | None]] = []
        #: Error output the running handler set apart from its standard output (None: not separated).
        self.stderr: bytes | None = None
        #: Properties ``setprop`` set that the framework has not read yet (``persist.sys.locale`` until
        #: ``setprop ctl.restart zygote``).
        self.props: dict[str, str] = {}
        #: The working folder of the script being run: adbd starts ``sh -c`` in ``/``.
        self.cwd = "/"
        #: The uid adbd runs commands as: 0 after ``adb root`` (how the in-process phone is driven), 2000 (shell)
        #: as a google_apis emulator's adbd starts.
        self.uid = 0
        #: How real time passes for ``sleep`` and the like: in process not at all (the simulated clock moves
        #: instead); over the wire the adb server sets ``time.sleep``, since clients measure it.
        self.wait: Callable[[float], None] = _no_wait
        #: How a command still running sends output (:attr:`Caller.emit`, after what the line wrote before): None
        #: in process, and for a command whose output goes to a pipe, a file or ``$(...)``.
        self.emit: Callable[[bytes], None] | None = None
        #: Processes started on the phone besides apps and the system's (background jobs, a served
        #: uiautomator2's ``app_process``) by pid; toybox's ``ps`` lists those still running.
        self.processes = ProcessTable()
        #: The background jobs of the script being run (``wait``, ``$!``), and of the line being run (stopped
        #: with ``SIGHUP`` when it ends).
        self._jobs: tuple[Process, ...] = ()
        self._session: tuple[Process, ...] | None = None
        #: Over the wire, the caller's :attr:`emit` (sending the line's output so far first) and the line's own
        #: output: a command sees :attr:`emit` only when it writes there, not into a pipe, file or ``$(...)``.
        #: (Few attributes: past 30, CPython gives up the compact instance layout and every one is slower.)
        self._stream: tuple[Callable[[bytes], None], bytearray] | None = None
        self._input = _Input(b"")
        self._random = random.Random(SHELL_PID)
        self._loops = 0
        self._errexit_off = 0
        #: The status of the last command substitution of the simple command being expanded (``x=$(false)``).
        self._substituted: int | None = None

    @property
    def system(self):
        return self.device.system

    @property
    def prefix(self) -> str:
        """What the shell's messages start with (``main.c`` ``error_prefix``): ``NAME: `` or ``NAME: FILE[LINE]: ``."""
        if not self.source:
            return f"{self.name}: "
        return ("" if self.source == self.name else f"{self.name}: ") + f"{self.source}[{self.line}]: "

    @property
    def stdin(self) -> bytes:
        """The running command's standard input, read to its end (a pipe, a file, or the line's own)."""
        return self._input.read()

    @stdin.setter
    def stdin(self, data: bytes | None) -> None:
        self._input = _Input(data or b"")

    def let_time_pass(self, seconds: float) -> None:
        """``seconds`` pass for the running command: on the simulated clock in process; over the wire in real time
        (:attr:`wait`), which a served phone's clock follows (the adb server moves it)."""
        if self.wait is _no_wait:
            self.system.tick(seconds)
            self.system.invalidate()
        else:
            self.wait(seconds)

    def resolve(self, path: str) -> str:
        """``path`` as an absolute device path, relative ones from :attr:`cwd`."""
        return posixpath.normpath(posixpath.join(self.cwd, path)) if path else path

    def run(self, line: str) -> tuple[str, int]:
        out, status = self.run_bytes(line)
        return out.decode("utf-8", errors="replace"), status

    def run_bytes(self, line: str) -> Result:
        """Run a command line as ``sh -c``; return everything it printed (both streams, in order) and its status."""
        terminal = bytearray()
        status = self._run_script(line, b"", terminal, terminal)
        return bytes(terminal), status

    def execute(self, line: str, stdin: bytes | Callable[[], bytes] | Reader = b"", args: list[str] | None = None,
                env: dict[str, str] | None = None, name: str | None = None,
                source: str | None = None, caller: Caller | None = None) -> tuple[bytes, bytes, int]:
        """Run a command line as ``sh -c LINE [ARGV0 ARGS...]`` with ``stdin``; return its standard output,
        error output and status apart (what adb's shell protocol v2 carries). ``env`` replaces adbd's
        environment (a child ``sh`` gets its parent's exported variables); ``name`` is how the shell was called,
        what its messages start with (by default ``ARGV0`` when given, else ``/system/bin/sh``, as adbd calls it);
        ``source`` the script file they name with the line (``<stdin>`` for a script read from standard input);
        ``caller`` who runs it (:class:`Caller`; its ``stdin`` replaces ``stdin``)."""
        out, err = bytearray(), bytearray()
        with self.called_by(caller, out):
            source_in = self._line_input(caller) if caller is not None and caller.stdin is not None else stdin
            status = self._run_script(line, source_in, out, err, args, env, name, source)
        return bytes(out), bytes(err), status

    def run_merged(self, line: str, caller: Caller) -> Result:
        """:meth:`run_bytes` for ``caller``: both streams in the order written (adb's shell protocol v1)."""
        terminal = bytearray()
        with self.called_by(caller, terminal):
            status = self._run_script(line, self._line_input(caller), terminal, terminal)
        return bytes(terminal), status

    @contextlib.contextmanager
    def called_by(self, caller: Caller | None, terminal: bytearray | None = None) -> Iterator[None]:
        """Run as ``caller`` (adbd's uid, real time, streaming to ``terminal``'s reader) until the block ends: one
        line of a client, whose background jobs still running at its end are hung up."""
        if caller is None:
            yield
            return
        saved = self.uid, self.wait, self.emit, self._stream, self._session
        self.uid, self.wait, self.emit = caller.uid, caller.wait or _no_wait, None
        emit = _streaming(caller.emit, terminal)
        self._stream = (emit, terminal) if emit is not None and terminal is not None else None
        self._session = ()
        try:
            yield
        finally:
            session = self._session or ()
            self.uid, self.wait, self.emit, self._stream, self._session = saved
            _hang_up(session)

    def _line_input(self, caller: Caller) -> bytes | Callable[[], bytes] | Reader:
        """The caller's input; a :class:`Reader` is read after sending what the line wrote so far, as a phone's
        commands have written it by the time one waits for input (the client may be waiting for it to answer)."""
        stdin, stream = caller.stdin, self._stream
        if stdin is None or callable(stdin) or stream is None:
            return stdin or b""
        emit = stream[0]
        return _Prompted(stdin, lambda: emit(b""))

    @property
    def real_time(self) -> bool:
        """Whether real time passes for this line's commands (over the wire), not only the simulated clock."""
        return self.wait is not _no_wait

    def spawn(self, name: str, uid: int | None = None, on_signal: Callable[[int], int | None] = default_action,
              run_out: Callable[[], int] | None = None, ppid: int = SHELL_PID) -> Process:
        """A new running process in :attr:`processes` (ended ones leave it when the next starts)."""
        for pid in [pid for pid, p in self.processes.items() if p.status is not None]:
            del self.processes[pid]
        proc = Process(self.processes.new_pid(), name, self.uid if uid is None else uid, ppid, on_signal, run_out)
        self.processes[proc.pid] = proc
        return proc

    def _run_script(self, script: str, stdin: bytes | Callable[[], bytes] | Reader, out: bytearray, err: bytearray,
                    args: list[str] | None = None, env: dict[str, str] | None = None,
                    name: str | None = None, source: str | None = None) -> int:
        # a nested ``sh -c`` must not disturb its caller
        saved = (_State(self), self._input, self.stderr, self.last_status, self._loops, self._errexit_off,
                 self.name, self.source, self.line, self._jobs)
        line = self._session is None  # in process: a line of the harness (over the wire: see called_by)
        if line:
            self._session = ()
        self.name = name or (args[0] if args else "/system/bin/sh")
        self.source, self.line = source, 1
        environment = adbd_environment(self.uid) if env is None else env
        self.cwd = "/" if env is None else self.cwd
        self.vars = {**self._shell_variables(), **environment}
        self.exported = {*environment, "HOME", "PATH", "SHELL"}  # main.c initcoms: typeset -x HOME PATH SHELL
        self.argv0, self.params = (args[0], list(args[1:])) if args else ("/system/bin/sh", [])
        self.functions, self.options, self.traps, self.locals = {}, set(), {}, []
        self.last_status, self._loops, self._errexit_off, self._jobs = 0, 0, 0, ()
        io = _IO({0: _Input(stdin), 1: out, 2: err})
        try:
            self._script(sh_parse.parse(script), io)
            self._exit_trap(io)
        finally:
            (state, self._input, self.stderr, status, self._loops, self._errexit_off, self.name, self.source,
             self.line, self._jobs) = saved
            if line:
                session, self._session = self._session, None
                if session:
                    _hang_up(session)
            result = self.last_status
            state.restore(self)
            self.last_status = status
        return result

    def _shell_variables(self) -> dict[str, str]:
        """The variables mksh sets itself when it starts (``main.c`` ``initsubs``, ``main``)."""
        uid = str(self.uid)
        return {"IFS": " \t\n", "KSH_VERSION": KSH_VERSION, "OPTIND": "1", "PATHSEP": ":",
                "PS1": "# " if self.uid == 0 else "$ ", "PS2": "> ", "PS3": "#? ", "PS4": "+ ", "PWD": self.cwd,
                "SECONDS": "0", "TMOUT": "0", "USER_ID": uid, "KSHUID": uid, "KSHGID": uid, "KSHEGID": uid,
                "PPID": str(ADBD_PID), "PGRP": str(SHELL_PID), "BASHPID": str(SHELL_PID), "RANDOM": "0",
                "EPOCHREALTIME": "0", "PIPESTATUS": "0"}

    def _script(self, nodes: tuple[sh_parse.Node, ...], io: _IO) -> None:
        """Run a whole script as a shell process does: ``exit``, ``return`` and fatal errors end it."""
        try:
            self._body(nodes, io)
        except ShellExit as e:
            io.write(2, e.message)
            self.last_status = e.status
        except _Return as e:
            self.last_status = e.status
        except _Break:  # a break out of a function's loops ends at the script
            pass
        except RecursionError:  # mksh recurses until its stack overflows (SIGSEGV, status 139); Python stops sooner
            io.write(2, f"{self.prefix}nesting too deep for the simulated shell\n")
            self.last_status = 139

    def _exit_trap(self, io: _IO) -> None:
        action = self.traps.pop("EXIT", "")
        if action:
            status = self.last_status
            self._script(sh_parse.parse(action), io)
            self.last_status = status

    # -- running the tree ----------------------------------------------------------------

    def _body(self, nodes: tuple[sh_parse.Node, ...], io: _IO) -> int:
        for node in nodes:
            self._run(node, io)
        return self.last_status

    def _run(self, node: sh_parse.Node, io: _IO) -> int:
        return _RUNNERS[type(node)](self, node, io)

    def _and_or(self, node: sh_parse.AndOr, io: _IO) -> int:
        if node.background:
            return self._background(node, io)
        if node.rest:
            self._errexit_off += 1
            try:
                status = self._pipeline(node.first, io)
                last = len(node.rest) - 1
                for k, (op, pipeline) in enumerate(node.rest):
                    if (op == "&&") == (status == 0):
                        if k == last:
                            self._errexit_off -= 1
                            try:
                                status = self._pipeline(pipeline, io)
                            finally:
                                self._errexit_off += 1
                            self.last_status = status
                            self._errexit(status, pipeline)
                            return status
                        status = self._pipeline(pipeline, io)
            finally:
                self._errexit_off -= 1
            self.last_status = status
            return status
        status = self.last_status = self._pipeline(node.first, io)
        self._errexit(status, node.first)
        return status

    def _background(self, node: sh_parse.AndOr, io: _IO) -> int:
        """``LIST &``: a command that runs until stopped (one of :data:`PROCESSES`, such as ``screenrecord``)
        starts as a process and the script goes on; any other list runs to its end now, in a subshell (it ends by
        itself, so only when its output comes differs from a phone). Its standard input is ``/dev/null``, as
        mksh gives a job without job control; ``$!`` is its pid."""
        jobio = io.copy()
        jobio.fds[0] = _Input(b"")
        cmd = node.first.commands[0] if len(node.first.commands) == 1 and not node.rest else None
        job: Process | None = None
        if isinstance(cmd, sh_parse.Simple) and cmd.words and not (cmd.assignments or cmd.redirects
                                                                    or node.first.negated):
            argv = [f for w in cmd.words for f in self.expand(w, jobio)]
            start = PROCESSES.get(argv[0].rsplit("/", 1)[-1]) if argv and argv[0] not in self.functions else None
            if start is not None:
                self._input, self.stderr = jobio.input(), None
                started = start(self, argv)
                if isinstance(started, Process):
                    job = started
                else:  # it failed at once (a usage error): its output as invoke() writes it
                    out, status = started
                    jobio.write(2 if status and self.stderr is None else 1, out)
                    jobio.write(2, self.stderr or b"")
                    job = Process(self.processes.new_pid(), argv[0], self.uid, status=status)
            else:
                status = self._subshell(lambda: self.invoke(argv, jobio) if argv else 0, jobio)
                job = Process(self.processes.new_pid(), argv[0] if argv else "sh", self.uid, status=status)
        if job is None:
            status = self._subshell(
                lambda: self._and_or(dataclasses.replace(node, background=False), jobio), jobio)
            job = Process(self.processes.new_pid(), "sh", self.uid, status=status)
        self._jobs = (*self._jobs, job)
        if self._session is not None and job.status is None:
            self._session = (*self._session, job)
        self.last_status = 0
        return 0

    def _errexit(self, status: int, pipeline: sh_parse.Pipeline) -> None:
        """``set -e``: a failing command ends the shell, but not in a condition or a negated pipeline."""
        if status and "e" in self.options and not self._errexit_off and not pipeline.negated:
            raise ShellExit(status)

    def _pipeline(self, pipeline: sh_parse.Pipeline, io: _IO) -> int:
        """``a | b | c``: mksh forks every stage (so assignments and ``exit`` stay inside); the last one's status
        counts."""
        commands = pipeline.commands
        if len(commands) == 1:
            if pipeline.negated:
                self._errexit_off += 1
                try:
                    return int(self._run(commands[0], io) == 0)
                finally:
                    self._errexit_off -= 1
            return self._run(commands[0], io)
        status = first = failed = 0
        data: bytes | None = None
        for i, cmd in enumerate(commands):
            stage = io.copy()
            if data is not None:
                stage.fds[0] = _Input(data)
            buffer = bytearray()
            if i < len(commands) - 1:
                stage.fds[1] = buffer
            status = self._subshell(lambda n=cmd, s=stage: self._run(n, s), stage)
            if i == 0:
                first = status
            if status:
                failed = status
            data = bytes(buffer)
        self.vars["PIPESTATUS"] = str(first)  # ${PIPESTATUS[0]}: the first stage's status
        if "pipefail" in self.options:  # the last stage that failed
            status = failed
        self.last_status = int(status == 0) if pipeline.negated else status
        return self.last_status

    def _subshell(self, run: Callable[[], int], io: _IO) -> int:
        """Run in a copy of the shell: its variables, folder, functions and ``exit`` stay inside."""
        state = _State(self)
        loops, errexit_off = self._loops, self._errexit_off
        self._loops = 0
        try:
            return run()
        except ShellExit as e:
            io.write(2, e.message)
            return e.status
        except _Return as e:
            return e.status
        except _Break:
            return 0
        finally:
            state.restore(self)
            self._loops, self._errexit_off = loops, errexit_off

    def _group(self, node: sh_parse.Group, io: _IO) -> int:
        if node.subshell:
            self.last_status = self._subshell(lambda: self._body(node.body, io), io)
            return self.last_status
        return self._body(node.body, io) if node.body else 0

    def _redirected(self, node: sh_parse.Redirected, io: _IO) -> int:
        inner = io.copy()
        error = self._apply_redirects(node.redirects, inner)
        if error:
            io.write(2, error)
            self.last_status = 1
            return 1
        return self._run(node.command, inner)

    def _condition(self, body: tuple[sh_parse.Node, ...], io: _IO) -> int:
        self._errexit_off += 1
        try:
            return self._body(body, io)
        finally:
            self._errexit_off -= 1

    def _if(self, node: sh_parse.If, io: _IO) -> int:
        for cond, then in node.clauses:
            if self._condition(cond, io) == 0:
                return self._body(then, io)
        if node.otherwise is not None:
            return self._body(node.otherwise, io)
        self.last_status = 0
        return 0

    def _loop_body(self, body: tuple[sh_parse.Node, ...], io: _IO) -> bool:
        """One pass of a loop body; False when ``break`` ends the loop (``break N`` re-raised outwards)."""
        try:
            self._body(body, io)
        except _Break as b:
            if b.levels > 1:
                b.levels -= 1
                raise
            return b.cont
        return True

    def _for(self, node: sh_parse.For, io: _IO) -> int:
        values = self.params if node.words is None else [f for w in node.words for f in self.expand(w, io)]
        self.last_status = 0
        self._loops += 1
        try:
            for value in list(values):
                self.set_var(node.name, value)
                if not self._loop_body(node.body, io):
                    break
        finally:
            self._loops -= 1
        return self.last_status

    def _while(self, node: sh_parse.Loop, io: _IO) -> int:
        status = 0
        self._loops += 1
        try:
            while (self._condition(node.cond, io) == 0) != node.until:
                if not self._loop_body(node.body, io):
                    break
                status = self.last_status
        finally:
            self._loops -= 1
        self.last_status = status
        return status

    def _case(self, node: sh_parse.Case, io: _IO) -> int:
        subject = self.expand_text(node.word, io)
        self.last_status = 0
        falling = False
        for item in node.items:
            if falling or any(sh_parse.matches(self.pattern(p, io), subject) for p in item.patterns):
                self._body(item.body, io)
                if item.terminator == ";;":
                    break
                falling = item.terminator == ";&"
        return self.last_status

    def _funcdef(self, node: sh_parse.FuncDef, io: _IO) -> int:
        self.functions[node.name] = node.body
        self.last_status = 0
        return 0

    def _arith_command(self, node: sh_parse.ArithCommand, io: _IO) -> int:
        self.last_status = int(self.arith(self.expand_text(node.expr, io)) == 0)
        return self.last_status

    def _cond_command(self, node: sh_parse.CondCommand, io: _IO) -> int:
        words: list[str] = []
        for w in node.words:
            if w.keyword in ("&&", "||", "(", ")", "<", ">", "!"):
                words.append(w.keyword)
            elif words and words[-1] in ("=", "==", "!="):  # the right side is a pattern, but what is quoted
                words.append(self.pattern(w, io))
            else:
                words.append(self.expand_text(w, io))
        try:
            self.last_status = 0 if _cond_eval(self, words) else 1
        except _TestError as e:
            raise ShellExit(1, f"{self.prefix}[[: {e}\n") from None
        return self.last_status

    def _line(self, node: sh_parse.Line, io: _IO) -> int:
        self.line = node.line
        return self._body(node.body, io)

    def _syntax_failure(self, node: sh_parse.SyntaxFailure, io: _IO) -> int:
        self.line = node.line
        raise ShellExit(node.error.status, f"{self.prefix}{node.error}\n")

    # -- simple commands -------------------------------------------------------------------

    def _simple(self, cmd: sh_parse.Simple, io: _IO) -> int:
        self._substituted = None
        argv = [f for w in cmd.words for f in self.expand(w, io)] if cmd.words else []
        if not argv:
            for name, op, value in cmd.assignments:
                text = self.expand_text(value, io)
                self.set_var(name, self.vars.get(name, "") + text if op == "+=" else text)
            status = self._substituted or 0
            if cmd.redirects:
                error = self._apply_redirects(cmd.redirects, io.copy())
                if error:
                    io.write(2, error)
                    status = 1
            self.last_status = status
            return status
        if argv[0] == "exec" and len(argv) == 1:  # redirections for the rest of the script
            error = self._apply_redirects(cmd.redirects, io)
            if error:
                raise ShellExit(1, error)
            self.last_status = 0
            return 0
        if cmd.redirects:
            io = io.copy()
            error = self._apply_redirects(cmd.redirects, io)
            if error:
                io.write(2, error)
                self.last_status = 1
                return 1
        if "x" in self.options:
            io.write(2, "+ " + " ".join(argv) + "\n")
        if cmd.assignments:
            return self._with_assignments(cmd.assignments, argv, io)
        self.last_status = self.invoke(argv, io)
        return self.last_status

    def _with_assignments(self, assignments: tuple, argv: list[str], io: _IO) -> int:
        """``NAME=value cmd``: the variables for that command only (for good before a special builtin)."""
        values = [(name, self.expand_text(value, io)) for name, _op, value in assignments]
        keep = argv[0] in SPECIAL_BUILTINS and argv[0] not in self.functions
        before = {name: (self.vars.get(name), name in self.exported) for name, _ in values}
        for name, value in values:
            self.vars[name] = value
            if not keep:
                self.exported.add(name)
        try:
            self.last_status = self.invoke(argv, io)
        finally:
            if not keep:
                for name, (old, was_exported) in before.items():
                    if old is None:
                        self.vars.pop(name, None)
                    else:
                        self.vars[name] = old
                    if not was_exported:
                        self.exported.discard(name)
        return self.last_status

    def invoke(self, argv: list[str], io: _IO, functions: bool = True) -> int:
        """Run one command (function, builtin, or registered command) with its streams; return its status."""
        name = argv[0]
        if functions and name in self.functions:
            return self._call(self.functions[name], argv, io)
        if "[" in name and _ARRAY_ASSIGNMENT.match(name):
            io.write(2, f"{self.prefix}{name}: arrays are not simulated\n")
            return 127
        if name in _ALIASES and name not in COMMANDS:
            argv = _ALIASES[name].split() + argv[1:]
            name = argv[0]
        fn = BUILTINS.get(name)
        if fn is not None:
            try:
                return fn(self, argv, io)
            except ShellExit as e:  # a builtin's error goes where its own standard error does (2>&1...)
                io.write(2, e.message)
                e.message = ""
                raise
        if name in MKSH_BUILTINS and name not in COMMANDS:
            io.write(2, f"{self.prefix}{name}: builtin not simulated\n")
            return 127
        if "/" in name or not name:
            status = self._run_file(argv, io)
            if status is not None:
                return status
        if name == "toybox" and len(argv) > 1:
            argv = argv[1:]
        handler = COMMANDS.get(argv[0].rsplit("/", 1)[-1])
        if handler is None:
            io.write(2, f"{self.prefix}{argv[0]}: inaccessible or not found\n")
            return 127
        self._input, self.stderr = io.input(), None
        if self._stream is not None:  # over the wire
            self.emit = self._stream[0] if io.fds.get(1) is self._stream[1] else None
        out, status = handler(self, argv)
        if self.stderr is not None:
            io.write(1, out)
            io.write(2, self.stderr)
        elif status:
            io.write(2, out)
        else:
            io.write(1, out)
        return status



    def _run_file(self, argv: list[str], io: _IO) -> int | None:
        """A command named by its path: a file on the simulated phone is run as mksh runs it (a shell script, with
        ``#!/system/bin/sh`` or without: AOSP builds ``MKSH_DEFAULT_EXECSHELL="/system/bin/sh"``) or refused as mksh
        refuses it (``exec.c``: ``can't execute``, 126);
        None when no such file exists, so the registered command of that name in ``/system/bin`` runs (or
        mksh's "not found")."""
        name = argv[0]
        fs = self.system.fs
        path = self.resolve(name) if name else ""
        if not name or fs.isdir(path):  # "" is found as a PATH folder, as in mksh
            io.write(2, f"{self.prefix}{name}: can't execute: Is a directory\n")
            return 126
        st = _test_stat(self, path)
        if st is None:
            base = posixpath.dirname(posixpath.normpath(path))
            return None if base in ENVIRONMENT["PATH"].split(":") else self._not_found(name, io)
        if not st.st_mode & 0o111:
            io.write(2, f"{self.prefix}{name}: can't execute: Permission denied\n")
            return 126
        script = fs.read(path)
        first = script.split(b"\n", 1)[0]
        interpreter = first[2:].split()[0].decode(errors="replace") if first.startswith(b"#!") and first[2:].split() \
            else "/system/bin/sh"
        if script.startswith(b"\x7fELF") or posixpath.basename(interpreter) not in ("sh", "mksh"):
            what = "ELF binaries" if script.startswith(b"\x7fELF") else f"scripts for {interpreter}"
            io.write(2, f"{self.prefix}{name}: can't execute: {what} are not simulated\n")
            return 126
        env = {n: self.vars[n] for n in self.exported if n in self.vars}
        cwd = self.cwd
        out, err, status = self.execute(script.decode("utf-8", errors="replace"), io.input().read(), argv, env,
                                        "/system/bin/sh", name)
        self.cwd = cwd
        io.write(1, out)
        io.write(2, err)
        return status

    def _not_found(self, name: str, io: _IO) -> int:
        io.write(2, f"{self.prefix}{name}: inaccessible or not found\n")
        return 127

    def _call(self, body: sh_parse.Node, argv: list[str], io: _IO) -> int:
        saved = self.params
        self.params = argv[1:]
        self.locals.append({})
        loops, self._loops = self._loops, 0
        try:
            status = self._run(body, io)
        except _Return as r:
            status = r.status
        finally:
            self._loops = loops
            self.params = saved
            for name, old in self.locals.pop().items():
                if old is None:
                    self.vars.pop(name, None)
                else:
                    self.vars[name] = old
        self.last_status = status
        return status

    # -- redirections ----------------------------------------------------------------------

    def _apply_redirects(self, redirects: tuple[sh_parse.Redirect, ...], io: _IO) -> str | None:
        """Open the redirections on ``io``, in order; return mksh's error text if one cannot be made."""
        for r in redirects:
            error = self._redirect(r, io)
            if error:
                return error
        return None

    def _redirect(self, r: sh_parse.Redirect, io: _IO) -> str | None:
        if r.heredoc is not None:
            body = r.heredoc.body
            io.fds[r.fd] = _Input(self.expand_text(body, io).encode() if body else b"")
            return None
        target = self.expand_text(r.target, io)
        if r.op == "<<<":
            io.fds[r.fd] = _Input((target + "\n").encode())
            return None
        if r.op in (">&", "<&"):
            if target == "-":
                io.fds.pop(r.fd, None)
            elif target.isdigit() and int(target) in io.fds:
                io.fds[r.fd] = io.fds[int(target)]
            elif target.isdigit():  # exec.c iosetup: the redirection as mksh prints it (snptreef), then why
                shown = ("" if r.fd == (0 if r.op[0] == "<" else 1) else str(r.fd)) + r.op + target
                return f"{self.prefix}{shown} : bad file descriptor\n"
            else:
                return f"{self.prefix}{target}: illegal file descriptor name\n"
            return None
        path = self.resolve(target)
        if r.op in ("<", "<>"):
            try:
                io.fds[r.fd] = _Input(self.read_file(path))
            except OSError as e:
                return f"{self.prefix}can't open {target}: {strerror(e)}\n"
            return None
        if path == "/dev/null":
            io.fds[r.fd] = _Sink()
            return None
        if r.op == ">" and "C" in self.options and self.system.fs.exists(path) and not self.system.fs.isdir(path):
            return f"{self.prefix}can't create {target}: File exists\n"  # set -C; >| overrides it
        try:
            self._create(path, r.op == ">>")
        except OSError as e:
            return f"{self.prefix}can't create {target}: {strerror(e)}\n"
        io.fds[r.fd] = _File(self, path)
        return None

    def _create(self, path: str, append: bool) -> None:
        """Open ``path`` for writing as ``>`` does before the command runs: truncated (so ``cat f > f`` empties
        ``f``), or kept for ``>>``."""
        fs = self.system.fs
        if fs.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        folder = posixpath.dirname(fs.canonical(path))
        if not fs.isdir(folder):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        if not fs.allowed(path if fs.exists(path) else folder, self.uid, "w"):  # as adbd's user may
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        if not (append and fs.exists(path)):
            self.device.write_file(path, b"")

    def read_file(self, path: str) -> bytes:
        """A device file's bytes for a command; raises OSError with the errno toybox reports."""
        if path == "/dev/null":
            return b""
        fs = self.system.fs
        if not fs.exists(path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        if fs.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not fs.allowed(path, self.uid, "r"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return fs.read(path)

    # -- variables -------------------------------------------------------------------------

    def lookup(self, name: str) -> str:
        """The value of ``$name`` (empty when unset)."""
        value = self.get_var(name)
        return "" if value is None else value

    def get_var(self, name: str) -> str | None:
        """The value of a variable or special parameter; None when unset."""
        if name in self.vars:
            if name == "RANDOM":  # a new number at each use, from a seeded generator: runs stay reproducible
                self.vars[name] = str(self._random.randrange(32768))
            elif name == "EPOCHREALTIME":  # the phone's clock
                self.vars[name] = f"{self.system.clock.now.timestamp():.6f}"
            return self.vars[name]
        if len(name) == 1 and not name.isalpha() and name != "_":
            if name == "?":
                return str(self.last_status)
            if name == "#":
                return str(len(self.params))
            if name == "$":
                return str(SHELL_PID)
            if name == "0":
                return self.argv0
            if name in "@*":
                return " ".join(self.params) if self.params else None
            if name == "-":  # in mksh's order; h (trackall) is on; utf8-mode is off for sh -c (main.c)
                opts = self.options
                return "".join(f for f in "aeCfu" if f in opts) + "h" + ("x" if "x" in opts else "") + "c"
            if name == "!":
                return str(self._jobs[-1].pid) if self._jobs else None
        if name.isdigit():
            k = int(name)
            return self.params[k - 1] if 0 < k <= len(self.params) else None
        return None

    def set_var(self, name: str, value: str) -> None:
        self.vars[name] = value
        if "a" in self.options:  # set -a
            self.exported.add(name)

    def arith(self, text: str) -> int:
        try:
            return sh_parse.arith(text, self.lookup, self.set_var)
        except sh_parse.ArithError as e:
            raise ShellExit(1, f"{self.prefix}{e}\n") from None

    # -- expansion -------------------------------------------------------------------------

    def expand(self, word: sh_parse.Word, io: _IO) -> list[str]:
        """The fields a word becomes: expanded, split on ``IFS`` where unquoted, and globbed."""
        if word.literal is not None:
            return [word.literal]
        if word.braces:
            fields = []
            for parts in sh_parse.brace_expand(word):
                pieces: list[tuple[str, int]] = []
                self._pieces(parts, pieces, io, first=True)
                fields.extend(self._fields(pieces) or [""])  # mksh keeps the empty words {a,} makes
            return fields
        pieces = []
        self._pieces(word.parts, pieces, io, first=True)
        return self._fields(pieces)

    def expand_text(self, word: sh_parse.Word, io: _IO) -> str:
        """A word expanded as one string, unsplit and unglobbed (assignments, redirections, ``case``)."""
        if word.literal is not None:
            return word.literal
        pieces: list[tuple[str, int]] = []
        self._pieces(word.parts, pieces, io, first=True, joined=True)
        return "".join(text for text, _ in pieces)

    def pattern(self, word: sh_parse.Word, io: _IO) -> str:
        """A word as a pattern: what was quoted matches itself."""
        pieces: list[tuple[str, int]] = []
        self._pieces(word.parts, pieces, io, joined=True)
        return sh_parse.pattern_text([(t, m != _QUOTED) for t, m in pieces])

    def _pieces(self, parts: tuple[sh_parse.WordPart, ...], out: list[tuple[str, int]], io: _IO,
                first: bool = False, joined: bool = False, in_arg: bool = False) -> None:
        for k, part in enumerate(parts):
            if isinstance(part, sh_parse.Lit):
                text = part.text
                if first and k == 0 and not part.quoted and text.startswith("~") and text[1:2] in ("", "/"):
                    out.append((self.lookup("HOME"), _QUOTED))
                    text = text[1:]
                if text or part.quoted:
                    out.append((text, _QUOTED if part.quoted else _EXPANDED if in_arg else _LIT))
            elif isinstance(part, sh_parse.Param):
                self._param(part, out, io, joined)
            elif isinstance(part, sh_parse.CmdSub):
                out.append((self._command_substitution(part.body, io), _QUOTED if part.quoted else _EXPANDED))
            else:
                value = str(self.arith(self.expand_text(part.expr, io)))
                out.append((value, _QUOTED if part.quoted else _EXPANDED))

    def _param(self, part: sh_parse.Param, out: list[tuple[str, int]], io: _IO, joined: bool) -> None:
        name, op = part.name, part.op
        mode = _QUOTED if part.quoted else _EXPANDED
        if op == "bad":
            raise ShellExit(1, f"{self.prefix}{name}: not simulated\n")
        if name in "@*" and op in ("", "len") and len(name) == 1:
            if op == "len":
                out.append((str(len(self.params)), mode))
            elif joined or (name == "*" and part.quoted):
                sep = " " if joined else self.vars.get("IFS", " \t\n")[:1]
                out.append((sep.join(self.params), mode))
            elif not self.params:
                pass  # "$@" with no parameters is no field at all
            else:
                for k, p in enumerate(self.params):
                    if k:
                        out.append(_BREAK)
                    out.append((p, mode))
            return
        value = self.get_var(name)
        if op == "":
            if value is None and "u" in self.options:
                raise ShellExit(1, f"{self.prefix}{name}: parameter not set\n")
            out.append((value or "", mode))
            return
        if op == "len":
            out.append((str(len(value or "")), mode))
            return
        colon = op.startswith(":") and op != ":sub"
        present = value is not None and (bool(value) or not colon)
        assert part.arg is not None
        kind = op.lstrip(":")
        if kind == "-":
            if present:
                out.append((value or "", mode))
            else:
                self._pieces(part.arg.parts, out, io, joined=joined, in_arg=True)
        elif kind == "+":
            if present:
                self._pieces(part.arg.parts, out, io, joined=joined, in_arg=True)
        elif kind == "=":
            if not present:
                if not sh_parse.is_name(name):
                    raise ShellExit(1, f"{self.prefix}{name}: bad substitution\n")
                value = self.expand_text(part.arg, io)
                self.set_var(name, value)
            out.append((value or "", mode))
        elif kind == "?":
            if not present:
                message = self.expand_text(part.arg, io) or "parameter null or not set"
                raise ShellExit(1, f"{self.prefix}{name}: {message}\n")
            out.append((value or "", mode))
        elif kind == "sub":
            out.append((self._substring(value or "", part, io), mode))
        elif kind[0] == "/":
            replacement = self.expand_text(part.arg2, io) if part.arg2 else ""
            out.append((sh_parse.replace(value or "", self.pattern(part.arg, io), replacement, op), mode))
        else:  # # ## % %%
            out.append((sh_parse.trim(value or "", self.pattern(part.arg, io), op), mode))

    def _substring(self, value: str, part: sh_parse.Param, io: _IO) -> str:
        """``${x:offset[:length]}``: a negative offset counts from the end; a negative length takes the rest."""
        assert part.arg is not None
        offset = self.arith(self.expand_text(part.arg, io))
        if offset < 0:
            offset = max(len(value) + offset, 0)
        if part.arg2 is None:
            return value[offset:]
        length = self.arith(self.expand_text(part.arg2, io))
        return value[offset:] if length < 0 else value[offset:offset + length]

    def _command_substitution(self, body: tuple[sh_parse.Node, ...], io: _IO) -> str:
        """``$(...)``: the script's output in a subshell, trailing newlines removed; ``$?`` becomes its status."""
        buffer = bytearray()
        sub = io.copy()
        sub.fds[1] = buffer
        before = self.last_status  # ``$?`` in the same command is still the previous command's
        status = self._subshell(lambda: self._body(body, sub), sub)
        self.last_status, self._substituted = before, status
        return buffer.decode("utf-8", errors="replace").rstrip("\n")

    def _fields(self, pieces: list[tuple[str, int]]) -> list[str]:
        """Split the unquoted expansions on ``IFS``, then glob the fields with unquoted pattern characters."""
        ifs = self.vars.get("IFS", " \t\n")
        white = "".join(c for c in ifs if c in " \t\n")
        fields: list[list[tuple[str, bool]]] = []
        current: list[tuple[str, bool]] = []
        started = False
        after_white = False
        for text, mode in pieces:
            if mode == -1:  # between "$@" fields
                if started:
                    fields.append(current)
                current, started = [], False
                continue
            if mode != _EXPANDED or not ifs:
                current.append((text, mode != _QUOTED))
                started = True
                after_white = False
                continue
            i, n = 0, len(text)
            while i < n:
                c = text[i]
                if c in white:
                    if started:
                        fields.append(current)
                        current, started = [], False
                    after_white = True
                    i += 1
                elif c in ifs:
                    if started or not after_white:
                        fields.append(current)
                    current, started, after_white = [], False, False
                    i += 1
                else:
                    j = i
                    while j < n and text[j] not in ifs:
                        j += 1
                    current.append((text[i:j], True))
                    started, after_white = True, False
                    i = j
        if started:
            fields.append(current)
        result: list[str] = []
        for f in fields:
            if "f" not in self.options and any(active and sh_parse.has_magic(t) for t, active in f):
                found = self._glob(f)
                if found:
                    result.extend(found)
                    continue
            result.append("".join(t for t, _ in f))
        return result

    def _glob(self, field: list[tuple[str, bool]]) -> list[str]:
        """Pathnames matching a field, sorted as mksh sorts them (``strcmp``); ``*`` and ``?`` skip dot files,
        and ``.`` and ``..`` never match (mksh's ``eval.c`` ``globit``)."""
        chars = [(c, active) for text, active in field for c in text]
        components: list[list[tuple[str, bool]]] = [[]]
        for c, active in chars:
            if c == "/":
                components.append([])
            else:
                components[-1].append((c, active))
        absolute = not components[0] and len(components) > 1
        paths = ["/"] if absolute else [""]
        fs = self.system.fs
        comps = components[1:] if absolute else components
        for k, comp in enumerate(comps):
            last = k == len(comps) - 1
            if not comp:  # a trailing or doubled slash: folders only
                paths = [p + "/" for p in paths if fs.isdir(self.resolve(p or "."))] if last else paths
                continue
            magic = any(active and c in "*?[" for c, active in comp)
            if not magic:
                name = "".join(c for c, _ in comp)
                paths = [p + name if p.endswith("/") or not p else p + "/" + name for p in paths]
                continue
            pattern = sh_parse.pattern_text([(c, active) for c, active in comp])
            dots = comp[0][0] == "."
            found = []
            for p in paths:
                folder = self.resolve(p or ".")
                if not fs.isdir(folder):
                    continue
                try:
                    names = fs.listdir(folder)
                except OSError:
                    continue
                for n in names:
                    if (n.startswith(".") and (not dots or n in (".", ".."))) or not sh_parse.matches(pattern, n):
                        continue
                    found.append(p + n if p.endswith("/") or not p else p + "/" + n)
            paths = found
            if not paths:
                return []
        return sorted(p for p in paths if p.endswith("/") or self.system.fs.exists(self.resolve(p)))


_RUNNERS: dict[type, Callable[[Shell, object, _IO], int]] = {
    sh_parse.AndOr: Shell._and_or, sh_parse.Pipeline: Shell._pipeline, sh_parse.Simple: Shell._simple,
    sh_parse.If: Shell._if, sh_parse.For: Shell._for, sh_parse.Loop: Shell._while, sh_parse.Case: Shell._case,
    sh_parse.Group: Shell._group, sh_parse.FuncDef: Shell._funcdef, sh_parse.Redirected: Shell._redirected,
    sh_parse.ArithCommand: Shell._arith_command, sh_parse.CondCommand: Shell._cond_command,
    sh_parse.SyntaxFailure: Shell._syntax_failure, sh_parse.Line: Shell._line,
}  # type: ignore[dict-item]


def strerror(e: OSError) -> str:
    if e.strerror:
        return e.strerror
    return os.strerror(errno.EACCES) if isinstance(e, PermissionError) else str(e)


# -- mksh's builtins (``funcs.c``, ``misc.c`` ``c_cd``) ---------------------------------------------------------


def _error(sh: Shell, name: str, text: str) -> str:
    """A builtin's message: the shell's name (``$0``), the builtin's, the text (``bi_errorf``)."""
    return f"{sh.prefix}{name}: {text}\n"


def _special_error(sh: Shell, name: str, text: str) -> ShellExit:
    """An error in a special builtin ends a non-interactive mksh (``bi_errorf`` unwinds)."""
    return ShellExit(1, _error(sh, name, text))


_PRINT_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
                  "\\": "\\"}


def _print_escapes(text: str) -> tuple[str, bool]:
    """mksh's ``print``/``echo`` backslash escapes; False when ``\\c`` asks for no final newline."""
    out = []
    more = True
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c != "\\" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        e = text[i + 1]
        if e in _PRINT_ESCAPES:
            out.append(_PRINT_ESCAPES[e])
            i += 2
        elif e == "c":  # no newline at the end, but the output goes on ("AT&T brain damage", funcs.c c_print)
            more = False
            i += 2
        elif e == "0":
            m = re.compile(r"[0-7]{0,3}").match(text, i + 2)
            out.append(chr(int(m.group() or "0", 8)))  # type: ignore[union-attr]
            i = m.end()  # type: ignore[union-attr]
        elif e == "x":
            m = re.compile(r"[0-9A-Fa-f]{1,2}").match(text, i + 2)
            if m:
                out.append(chr(int(m.group(), 16)))
                i = m.end()
            else:
                out.append("\\x")
                i += 2
        else:
            out.append("\\" + e)
            i += 2
    return "".join(out), more


def _emit_text(io: _IO, fd: int, args: list[str], newline: bool, escapes: bool) -> int:
    text = " ".join(args)
    more = True
    if escapes:
        text, more = _print_escapes(text)
    io.write(fd, text + ("\n" if newline and more else ""))
    return 0


@builtin("echo")
def _echo_builtin(sh: Shell, argv: list[str], io: _IO) -> int:
    """mksh's ``echo``: escapes on, options ``-n -e -E`` (combined too), no ``--``."""
    args, newline, escapes = argv[1:], True, True
    while args and re.fullmatch(r"-[neE]+", args[0]):
        for flag in args[0][1:]:
            if flag == "n":
                newline = False
            else:
                escapes = flag == "e"
        args = args[1:]
    return _emit_text(io, 1, args, newline, escapes)


@builtin("print")
def _print(sh: Shell, argv: list[str], io: _IO) -> int:
    """mksh's ``print [-nrRe] [-u fd] [--] args``."""
    args, newline, escapes, fd = argv[1:], True, True, 1
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flags = args.pop(0)
        if flags == "--":
            break
        for k, flag in enumerate(flags[1:]):
            if flag == "n":
                newline = False
            elif flag in "rR":
                escapes = False
            elif flag == "e":
                escapes = True
            elif flag == "u":
                rest = flags[k + 2:]
                fd = int(rest) if rest.isdigit() else 1
                break
            else:
                io.write(2, _error(sh, "print", f"-{flag}: unknown option"))
                return 1
        if flags == "-R":
            break
    return _emit_text(io, fd, args, newline, escapes)


def _path_options(sh: Shell, name: str, argv: list[str], io: _IO) -> list[str] | None:
    """The operands of ``cd``/``pwd`` after their ``-L``/``-P`` options; None (reported) at an unknown option."""
    args = argv[1:]
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flags = args.pop(0)
        if flags == "--":
            break
        bad = sorted(set(flags[1:]) - {"L", "P"})
        if bad:
            io.write(2, _error(sh, name, f"-{bad[0]}: unknown option"))
            return None
    return args


@builtin("pwd")
def _pwd(sh: Shell, argv: list[str], io: _IO) -> int:
    """``pwd [-LP]``: the folder as ``cd`` reached it (``/sdcard`` stays ``/sdcard``)."""
    args = _path_options(sh, "pwd", argv, io)
    if args is None:
        return 1
    if args:
        io.write(2, _error(sh, "pwd", "too many arguments"))
        return 1
    io.write(1, sh.cwd + "\n")
    return 0


@builtin("cd", "chdir")
def _cd(sh: Shell, argv: list[str], io: _IO) -> int:
    """``cd [-L|-P] [dir|-]``: the folder for the rest of the script; mksh names the path it tried."""
    args = _path_options(sh, "cd", argv, io)
    if args is None:
        return 2
    if len(args) > 2:
        io.write(2, _error(sh, "cd", "too many arguments"))
        return 2
    show = False
    if len(args) == 2:  # cd OLD NEW: OLD replaced by NEW in the current folder
        if args[0] not in sh.cwd:
            io.write(2, _error(sh, "cd", "bad substitution"))
            return 2
        args, show = [sh.cwd.replace(args[0], args[1], 1)], True
    target = args[0] if args else sh.lookup("HOME")
    if target == "-":
        target, show = sh.vars.get("OLDPWD", ""), True
        if not target:
            io.write(2, _error(sh, "cd", "no OLDPWD"))
            return 2
    path = sh.resolve(target)
    fs = sh.system.fs
    if not fs.isdir(path):
        reason = "Not a directory" if fs.exists(path) else "No such file or directory"
        io.write(2, _error(sh, "cd", f"{path}: {reason}"))
        return 2
    sh.vars["OLDPWD"], sh.cwd = sh.cwd, path
    sh.vars["PWD"] = path
    if show:
        io.write(1, path + "\n")
    return 0


@builtin("exit")
def _exit(sh: Shell, argv: list[str], io: _IO) -> int:
    """End the script with status N (mod 256), or with ``$?`` when N is omitted."""
    if len(argv) > 2:
        raise _special_error(sh, "exit", "too many arguments")
    if len(argv) < 2:
        raise ShellExit(sh.last_status)
    if not re.fullmatch(r"[-+]?\d+", argv[1]):
        raise _special_error(sh, "exit", f"bad number: {argv[1]}")
    raise ShellExit(int(argv[1]) & 0xFF)


@builtin("return")
def _return(sh: Shell, argv: list[str], io: _IO) -> int:
    """Leave the function (or ``.`` script); at the top of the script mksh exits."""
    if len(argv) > 2:
        raise _special_error(sh, "return", "too many arguments")
    if len(argv) == 2 and not re.fullmatch(r"[-+]?\d+", argv[1]):
        raise _special_error(sh, "return", f"bad number: {argv[1]}")
    raise _Return(int(argv[1]) & 0xFF if len(argv) == 2 else sh.last_status)


@builtin("break", "continue")
def _break(sh: Shell, argv: list[str], io: _IO) -> int:
    name = argv[0]
    levels = 1
    if len(argv) > 1:
        if not argv[1].isdigit() or int(argv[1]) < 1:
            raise _special_error(sh, name, f"bad number: {argv[1]}")
        levels = int(argv[1])
    if not sh._loops:
        io.write(2, _error(sh, name, f"can't {name}"))
        return 0
    raise _Break(min(levels, sh._loops), cont=name == "continue")


@builtin("eval")
def _eval(sh: Shell, argv: list[str], io: _IO) -> int:
    sh.last_status = 0
    return sh._body(sh_parse.parse(" ".join(argv[1:])), io)


@builtin(".")
def _dot(sh: Shell, argv: list[str], io: _IO) -> int:
    """``. FILE [args]``: a script read and run in this shell."""
    if len(argv) < 2:
        raise _special_error(sh, ".", "missing argument")
    try:
        text = sh.read_file(sh.resolve(argv[1])).decode("utf-8", errors="replace")
    except OSError:
        raise _special_error(sh, ".", f"{argv[1]}: not found") from None
    saved = sh.params
    if len(argv) > 2:
        sh.params = argv[2:]
    try:
        sh.last_status = 0
        return sh._body(sh_parse.parse(text), io)
    except _Return as r:
        sh.last_status = r.status
        return r.status
    finally:
        if len(argv) > 2:
            sh.params = saved


@builtin("exec")
def _exec(sh: Shell, argv: list[str], io: _IO) -> int:
    """``exec CMD ARGS``: CMD replaces the shell, so the script ends with its status (``adb logcat`` sends
    ``exec logcat ...``). ``exec`` with only redirections is applied by the shell itself."""
    if len(argv) == 1:
        return 0
    raise ShellExit(sh.invoke(argv[1:], io, functions=False))


@builtin("command")
def _command(sh: Shell, argv: list[str], io: _IO) -> int:
    args = argv[1:]
    verbose: bool | None = None
    while args and args[0].startswith("-") and args[0] != "-":
        flags = args.pop(0)
        if flags == "--":
            break
        for flag in flags[1:]:
            if flag == "v":
                verbose = False
            elif flag == "V":
                verbose = True
            elif flag != "p":
                io.write(2, _error(sh, "command", f"-{flag}: unknown option"))
                return 1
    if verbose is not None:
        return _whence_names(sh, args, io, verbose, command=True)
    if not args:
        return 0
    return sh.invoke(args, io, functions=False)


@builtin("builtin")
def _builtin(sh: Shell, argv: list[str], io: _IO) -> int:
    args = argv[1:]
    if args and args[0] == "--":
        args = args[1:]
    if not args:
        return 0
    if args[0] not in MKSH_BUILTINS and args[0] not in _ALIASES:
        io.write(2, _error(sh, "builtin", f"{args[0]}: not a builtin"))
        return 1
    return sh.invoke(args, io, functions=False)


@builtin("whence")
def _whence(sh: Shell, argv: list[str], io: _IO) -> int:
    args = argv[1:]
    verbose = False
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flags = args.pop(0)
        if flags == "--":
            break
        if set(flags[1:]) - {"v", "p"}:
            io.write(2, _error(sh, "whence", f"-{(set(flags[1:]) - {'v', 'p'}).pop()}: unknown option"))
            return 1
        verbose = verbose or "v" in flags
    return _whence_names(sh, args, io, verbose)


def _whence_names(sh: Shell, names: list[str], io: _IO, verbose: bool, command: bool = False) -> int:
    """mksh's ``do_whence``: reserved words, aliases, functions, builtins, then ``PATH`` (every registered
    command lives in ``/system/bin``; mksh tracks what it finds there, hence "a tracked alias")."""
    status = 0
    for name in names:
        if not verbose and status:
            break
        if name in sh_parse.KEYWORDS:
            io.write(1, f"{name} is a reserved word\n" if verbose else f"{name}\n")
        elif name in _ALIASES and name not in sh.functions:
            value = "'\\\\builtin " + _ALIASES[name] + "'"
            io.write(1, f"{name} is an alias for {value}\n" if verbose
                     else f"alias {name}={value}\n" if command else f"{value}\n")
        elif name in sh.functions:
            io.write(1, f"{name} is a function\n" if verbose else f"{name}\n")
        elif name in MKSH_BUILTINS:
            kind = "special shell builtin" if name in SPECIAL_BUILTINS else "shell builtin"
            io.write(1, f"{name} is a {kind}\n" if verbose else f"{name}\n")
        elif "/" not in name and name in COMMANDS:
            io.write(1, f"{name} is a tracked alias for /system/bin/{name}\n" if verbose
                     else f"/system/bin/{name}\n")
        elif "/" in name and name.rsplit("/", 1)[-1] in COMMANDS and sh.system.fs.exists(sh.resolve(name)):
            io.write(1, f"{name} is {name}\n" if verbose else f"{name}\n")
        else:
            if verbose:
                io.write(1, f"{name} not found\n")
            status = 1
    return status


#: The options this shell has, by ``set -o`` name and letter (``pipefail`` has no letter).
_OPTION_NAMES = {"allexport": "a", "errexit": "e", "noclobber": "C", "noglob": "f", "nounset": "u", "xtrace": "x",
                 "pipefail": "pipefail"}
#: mksh's other options (``sh_flags.opt``): known, not simulated.
_OTHER_OPTIONS = {"bgnice", "braceexpand", "emacs", "gmacs", "ignoreeof", "inherit-xtrace", "interactive", "keyword",
                  "login", "markdirs", "monitor", "noexec", "nohup", "nolog", "notify", "physical", "posix",
                  "privileged", "restricted", "sh", "stdin", "trackall", "utf8-mode", "verbose", "vi", "viraw",
                  "vi-esccomplete", "vi-tabcomplete", "asis"}
_OTHER_LETTERS = "bhiklmnprsUvX"


@builtin("set")
def _set(sh: Shell, argv: list[str], io: _IO) -> int:
    """``set [-aCefux] [+aCefux] [-o NAME] [--] [args]``; with no arguments the variables, as mksh quotes them."""
    args = argv[1:]
    if not args:  # mksh also lists COLUMNS, LINES and SHELL, typed but unset, by their bare names
        for name in sorted({*sh.vars, "COLUMNS", "LINES", "SHELL"}):
            value = sh.get_var(name) if name in sh.vars else None
            io.write(1, f"{name}\n" if value is None else f"{name}={_quote(value)}\n")
        return 0
    if args[0] == "-A" or args[0] == "+A":
        raise _special_error(sh, "set", "-A: arrays are not simulated")
    while args and args[0][:1] in ("-", "+") and args[0] not in ("-", "+"):
        flags = args.pop(0)
        if flags == "--":
            sh.params = list(args)
            return 0
        on = flags[0] == "-"
        for flag in flags[1:]:
            if flag == "o":
                if not args:
                    raise _special_error(sh, "set", "-o: listing the options is not simulated")
                option = args.pop(0)
                if option in _OTHER_OPTIONS:
                    raise _special_error(sh, "set", f"{option}: option not simulated")
                if option not in _OPTION_NAMES:
                    raise _special_error(sh, "set", f"{option}: unknown option")
                flag = _OPTION_NAMES[option]
            elif flag in _OTHER_LETTERS:
                raise _special_error(sh, "set", f"-{flag}: option not simulated")
            elif flag not in "aCefux":
                raise _special_error(sh, "set", f"-{flag}: unknown option")
            if on:
                sh.options.add(flag)
            else:
                sh.options.discard(flag)
    if args:
        sh.params = list(args)
    return 0


_C_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r", "\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v",
              "\x1b": "\\E", "'": "\\'", "\\": "\\\\"}


def _quote(value: str) -> str:
    """A value as mksh prints it (``misc.c`` ``print_value_quoted``): bare when safe, ``$'...'`` with control
    characters, else in single quotes."""
    if value and re.fullmatch(r"[A-Za-z0-9_./:%+,=@-]+", value):
        return value
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        return "$'" + "".join(_C_ESCAPES.get(c, c if 32 <= ord(c) != 127 else f"\\{ord(c):03o}")
                              for c in value) + "'"
    return "'" + value.replace("'", "'\\''") + "'"


@builtin("shift")
def _shift(sh: Shell, argv: list[str], io: _IO) -> int:
    n = 1
    if len(argv) > 1:
        if argv[1].startswith("-") and len(argv[1]) > 1 and argv[1] != "--":
            raise _special_error(sh, "shift", f"{argv[1]}: unknown option")
        n = sh.arith(argv[1]) if argv[1] != "--" else 1  # mksh evaluates the count: shift x reads $x
    if n > len(sh.params):
        raise _special_error(sh, "shift", "nothing to shift")
    sh.params = sh.params[n:]
    return 0


@builtin("export")
def _export(sh: Shell, argv: list[str], io: _IO) -> int:
    args = [a for a in argv[1:] if a != "--"]
    if not args or args == ["-p"]:
        for name in sorted(sh.exported):
            value = f"={_quote(sh.vars[name])}" if name in sh.vars else ""
            io.write(1, f"export {name}{value}\n" if args else f"{name}\n")
        return 0
    for arg in args:
        name, eq, value = arg.partition("=")
        if not sh_parse.is_name(name):
            raise _special_error(sh, "export", f"{name}: is not an identifier")
        if eq:
            sh.vars[name] = value
        sh.exported.add(name)
    return 0


@builtin("typeset")
def _typeset(sh: Shell, argv: list[str], io: _IO) -> int:
    """``typeset``/``local`` ``[-x] NAME[=value]...``: in a function, the names are its own until it returns."""
    export = False
    args = argv[1:]
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flags = args.pop(0)
        if flags == "--":
            break
        for flag in flags[1:]:
            if flag != "x":
                io.write(2, _error(sh, argv[0], f"-{flag}: option not simulated"))
                return 127
            export = True
    for arg in args:
        name, eq, value = arg.partition("=")
        if not sh_parse.is_name(name):
            io.write(2, _error(sh, argv[0], f"{name}: is not an identifier"))
            return 1
        if sh.locals and name not in sh.locals[-1]:
            sh.locals[-1][name] = sh.vars.get(name)
            if not eq:
                sh.vars.pop(name, None)
        if eq:
            sh.vars[name] = value
        if export:
            sh.exported.add(name)
    return 0


@builtin("unset")
def _unset(sh: Shell, argv: list[str], io: _IO) -> int:
    args = argv[1:]
    functions = False
    while args and args[0] in ("-f", "-v"):
        functions = args.pop(0) == "-f"
    for name in args:
        if functions:
            sh.functions.pop(name, None)
        elif not sh_parse.is_name(name):
            raise _special_error(sh, "unset", f"{name}: is not an identifier")
        else:
            sh.vars.pop(name, None)
            sh.exported.discard(name)
    return 0


@builtin("read")
def _read(sh: Shell, argv: list[str], io: _IO) -> int:
    """``read [-r] [-u fd] [NAME...]``: one line of standard input, split on ``IFS``, the rest to the last name
    (``REPLY`` when none is given). Status 1 at end of input."""
    args = argv[1:]
    raw, fd = False, 0
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flags = args.pop(0)
        if flags == "--":
            break
        for k, flag in enumerate(flags[1:]):
            if flag == "r":
                raw = True
            elif flag == "u":
                rest = flags[k + 2:] or (args.pop(0) if args else "")
                if not rest.isdigit():
                    io.write(2, _error(sh, "read", f"-u: {rest}: bad number"))
                    return 1
                fd = int(rest)
                break
            else:
                io.write(2, _error(sh, "read", f"-{flag}: option not simulated"))
                return 127
    names = args or ["REPLY"]
    stream = io.input(fd)
    text, complete = "", False
    while True:
        line = stream.readline()
        if line is None:
            break
        chunk = line.decode("utf-8", errors="replace")
        complete = chunk.endswith("\n")
        chunk = chunk[:-1] if complete else chunk
        if not raw and chunk.endswith("\\") and not chunk.endswith("\\\\") and complete:
            text += chunk[:-1]
            continue
        text += chunk
        break
    if not raw:
        text = re.sub(r"\\(.)", r"\1", text)
    ifs = sh.vars.get("IFS", " \t\n")
    for name, value in zip(names, _read_split(text, ifs, len(names))):
        sh.set_var(name, value)
    return 0 if complete else 1


def _read_split(text: str, ifs: str, count: int) -> list[str]:
    white = "".join(c for c in ifs if c in " \t\n")
    values: list[str] = []
    rest = text.strip(white) if white else text
    while len(values) < count - 1 and rest:
        k = next((i for i, c in enumerate(rest) if c in ifs), len(rest))
        values.append(rest[:k])
        rest = rest[k:]
        if rest and rest[0] in ifs:
            rest = rest.lstrip(white)
            if rest and rest[0] in ifs and rest[0] not in white:
                rest = rest[1:].lstrip(white)
    values.append(rest)
    return values + [""] * (count - len(values))


@builtin("let")
def _let(sh: Shell, argv: list[str], io: _IO) -> int:
    if len(argv) < 2:
        io.write(2, _error(sh, "let", "missing argument"))
        return 1
    value = 0
    for expr in argv[1:]:
        value = sh.arith(expr)
    return int(value == 0)


#: How often a shell waiting over the wire for a job that runs until stopped looks again (seconds).
WAIT_POLL_S = 0.05


@builtin("wait")
def _wait(sh: Shell, argv: list[str], io: _IO) -> int:
    """``wait [PID|%N...]``: until the script's background jobs (all, or those named) have ended; the last named
    one's status, 127 for one that is no job of this shell (mksh's ``jobs.c`` ``j_wait``)."""
    args = argv[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    if not args:
        for job in sh._jobs:
            if _join(sh, job, io) is None:
                return 127
        return 0
    status = 0
    for arg in args:
        job = job_of(sh, arg)
        if job is None:  # silently, as mksh
            status = 127
            continue
        ended = _join(sh, job, io)
        status = 127 if ended is None else ended
    return status


def job_of(sh: Shell, spec: str) -> Process | None:
    """The script's background job ``spec`` names: a pid or ``%N`` (the Nth started)."""
    if spec.startswith("%") and spec[1:].isdigit():
        k = int(spec[1:])
        return sh._jobs[k - 1] if 0 < k <= len(sh._jobs) else None
    return next((job for job in sh._jobs if str(job.pid) == spec), None)


def _join(sh: Shell, job: Process, io: _IO) -> int | None:
    """Wait for ``job`` to end; its status. A job that runs until stopped is waited for in real time over the wire
    (another client may stop it); in process nothing could, so it is an error (None)."""
    if job.status is None and job.run_out is not None:
        job.status = job.run_out()
    while job.status is None:
        if not sh.real_time:
            io.write(2, _error(sh, "wait", f"{job.pid} ({job.name}) runs until stopped, and in process nothing can "
                                           "stop it: not simulated"))
            return None
        sh.wait(WAIT_POLL_S)
    return job.status


#: Linux's signals by number (bionic's), with mksh's ``EXIT`` (0) and ``ERR``, in the order ``trap`` lists them.
_SIGNAL_ORDER = ["EXIT", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2",
                 "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU",
                 "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS", "ERR"]
_SIGNALS = {str(k): name for k, name in enumerate(_SIGNAL_ORDER[:-1])}


def signal_number(spec: str) -> int | None:
    """A signal's number from its name (``INT``, ``SIGINT``, any case) or number; None if there is none such."""
    name = spec.upper().removeprefix("SIG")
    name = _SIGNALS.get(name, name)
    return _SIGNAL_ORDER.index(name) if name in _SIGNAL_ORDER[:-1] else None


@builtin("trap")
def _trap(sh: Shell, argv: list[str], io: _IO) -> int:
    """``trap [ACTION CONDITION...]``: kept (listed by ``trap``); no signal arrives here, ``EXIT`` runs at the
    end of the script."""
    args = argv[1:]
    if args and args[0] == "--":
        args = args[1:]
    if not args:
        for name in sorted(sh.traps, key=lambda n: _SIGNAL_ORDER.index(n) if n in _SIGNAL_ORDER else 99):
            io.write(1, f"trap -- {_quote(sh.traps[name]) if sh.traps[name] else chr(39) * 2} {name}\n")
        return 0
    action, conditions = args[0], args[1:]
    if not conditions and action.isdigit():
        action, conditions = "-", args
    for cond in conditions:
        name = cond.upper().removeprefix("SIG")
        name = _SIGNALS.get(name, name)
        if name not in _SIGNAL_ORDER:
            io.write(2, _error(sh, "trap", f"bad signal '{cond}'"))
            return 1
        if action == "-":
            sh.traps.pop(name, None)
        else:
            sh.traps[name] = action
    return 0


@command("true", ":")
def _true(sh: Shell, argv: list[str]) -> Result:
    return ok()


@command("false")
def _false(sh: Shell, argv: list[str]) -> Result:
    return b"", 1


@command("echo")
def _echo(sh: Shell, argv: list[str]) -> Result:
    """``/system/bin/echo`` (the shell's own ``echo`` is the builtin above)."""
    if argv[1:2] == ["-n"]:
        return ok(" ".join(argv[2:]))
    return ok(" ".join(argv[1:]) + "\n")


@command("sh")
def _sh(sh: Shell, argv: list[str]) -> Result:
    """``sh -c LINE [ARGV0 ARGS...]``, ``sh FILE [ARGS...]``, or ``sh``/``sh -s`` reading the script from standard
    input: a child shell with the caller's exported variables, folder and standard input."""
    args = argv[1:]
    env = {name: sh.vars[name] for name in sh.exported if name in sh.vars}
    if args[:1] == ["-c"]:
        if len(args) < 2:
            return fail(f"{argv[0]}: -c: option requires an argument\n", 1)
        script, params = args[1], args[2:] or None
        stdin, name, source = sh._input, None if params else argv[0], None  # read when the child reads
    elif not args or args[0] == "-s":
        script, params, stdin = sh.stdin.decode("utf-8", errors="replace"), [argv[0], *args[1:]], b""
        name, source = argv[0], "<stdin>"
    elif args[0].startswith("-"):
        return fail(f"{argv[0]}: {args[0]}: option not simulated\n", 127)
    else:
        try:
            script = sh.read_file(sh.resolve(args[0])).decode("utf-8", errors="replace")
        except OSError:
            return fail(f"{argv[0]}: {args[0]}: No such file or directory\n", 127)
        params, stdin, name, source = args, sh._input, args[0], args[0]
    cwd = sh.cwd
    out, err, status = sh.execute(script, stdin, params, env, name, source)
    sh.cwd = cwd
    return with_stderr(sh, out, status, err)


class _TestError(Exception):
    """An expression ``test`` cannot evaluate (status 2); ``named``: mksh puts the builtin's name before it."""

    def __init__(self, message: str, named: bool = True):
        super().__init__(message)
        self.named = named


#: mksh's ``test`` operators (``funcs.c`` ``u_ops``, ``b_ops``).
_TEST_UNARY = frozenset({"-a", "-b", "-c", "-d", "-e", "-f", "-G", "-g", "-H", "-h", "-k", "-L", "-n", "-O", "-o",
                         "-p", "-r", "-S", "-s", "-t", "-u", "-v", "-w", "-x", "-z"})
_TEST_BINARY = frozenset({"=", "==", "!=", "<", ">", "-eq", "-ne", "-gt", "-ge", "-lt", "-le", "-ef", "-nt", "-ot"})
_TEST_INT_OPS: dict[str, Callable[[int, int], bool]] = {
    "-eq": lambda a, b: a == b, "-ne": lambda a, b: a != b, "-lt": lambda a, b: a < b,
    "-le": lambda a, b: a <= b, "-gt": lambda a, b: a > b, "-ge": lambda a, b: a >= b}
_TEST_MODES = {"-c": stat_mod.S_ISCHR, "-b": stat_mod.S_ISBLK, "-p": stat_mod.S_ISFIFO, "-S": stat_mod.S_ISSOCK,
               "-f": stat_mod.S_ISREG, "-d": stat_mod.S_ISDIR}
_TEST_BITS = {"-u": stat_mod.S_ISUID, "-g": stat_mod.S_ISGID, "-k": stat_mod.S_ISVTX}


def _test_stat(sh: Shell, path: str) -> os.stat_result | None:
    try:
        return sh.system.fs.stat(sh.resolve(path)) if path else None
    except (PermissionError, OSError):
        return None


def _test_symlink(sh: Shell, path: str) -> bool:
    """``-h``/``-L``: the folders the phone links (``/sdcard``...), or a link in the simulated files."""
    if not path:
        return False
    p = posixpath.normpath(sh.resolve(path))
    if p in sh.system.fs.ALIASES:
        return True
    try:
        return os.path.islink(sh.system.fs.host(p))
    except PermissionError:
        return False


def _test_integer(sh: Shell, text: str) -> int:
    """mksh reads ``-eq`` operands as arithmetic expressions (``evaluate``): ``[ x -eq 1 ]`` reads ``$x``."""
    try:
        return sh_parse.arith(text, sh.lookup, sh.set_var)
    except sh_parse.ArithError as e:
        raise _TestError(str(e), named=False) from None


def _test_op(sh: Shell, op: str, a: str, b: str | None = None, dbracket: bool = False) -> bool:
    """One operator of ``test`` (``funcs.c`` ``test_eval``), as root or adbd's user sees the simulated files."""
    if op == "-n":
        return a != ""
    if op == "-z":
        return a == ""
    if op == "-v":
        return sh.get_var(a) is not None
    if op == "-o":
        name = a.lstrip("!?")
        flag = _OPTION_NAMES.get(name)
        value = flag in sh.options if flag else False
        return True if a.startswith("?") else (not value if a.startswith("!") else value)
    if op in ("-h", "-L"):
        return _test_symlink(sh, a)
    if op == "-t":
        return False  # no terminal: adbd runs sh -c with pipes
    if op in ("=", "==", "!="):
        assert b is not None
        equal = sh_parse.matches(b, a) if dbracket else a == b
        return equal == (op != "!=")
    if op in ("<", ">"):
        assert b is not None
        return a < b if op == "<" else a > b
    if op in _TEST_INT_OPS:
        assert b is not None
        return _TEST_INT_OPS[op](_test_integer(sh, a), _test_integer(sh, b))
    st = _test_stat(sh, a)
    if op in ("-nt", "-ot", "-ef"):
        assert b is not None
        other = _test_stat(sh, b)
        if op == "-ef":
            return st is not None and other is not None and (st.st_dev, st.st_ino) == (other.st_dev, other.st_ino)
        first, second = (st, other) if op == "-nt" else (other, st)
        return first is not None and (second is None or first.st_mtime_ns > second.st_mtime_ns)
    if st is None:
        return False
    if op in _TEST_MODES:
        return _TEST_MODES[op](st.st_mode)
    if op in _TEST_BITS:
        return bool(st.st_mode & _TEST_BITS[op])
    if op == "-s":
        return st.st_size > 0
    if op == "-x":
        return stat_mod.S_ISDIR(st.st_mode) or bool(st.st_mode & 0o111)
    if op in ("-O", "-G"):
        return sh.uid == 0 or (st.st_uid if op == "-O" else st.st_gid) == sh.uid
    return op != "-H"  # -e, -a; -r and -w for root; no HP-UX context-dependent files


class _Test:
    """``test``/``[``: POSIX's rules by the number of arguments, then mksh's grammar (``funcs.c`` ``c_test``,
    ``test_parse``): ``-o`` below ``-a`` below ``!``; a unary operator yields to a binary one after it."""

    def __init__(self, sh: Shell, name: str, args: list[str]):
        self.sh, self.name, self.args, self.pos = sh, name, args, 0

    def _isa(self, token: str) -> bool:
        if self.pos < len(self.args) and self.args[self.pos] == token:
            self.pos += 1
            return True
        return False

    def _error(self, offset: int, message: str) -> _TestError:
        k = self.pos + offset
        return _TestError(f"{self.args[k]}: {message}" if 0 <= k < len(self.args) else message)

    def run(self) -> bool:
        args = self.args
        n = len(args)
        invert = False
        if n == 0:
            return False
        if n == 4:
            if args[0] == "!":
                return not _Test(self.sh, self.name, args[1:]).run()
            if args[0] == "(" and args[3] == ")":
                return _Test(self.sh, self.name, args[1:3]).run()
        if n == 3:
            if args[1] in _TEST_BINARY:
                return _test_op(self.sh, args[1], args[0], args[2])
            if args[1] in ("-a", "-o"):
                a, b = args[0] != "", args[2] != ""
                return (a and b) if args[1] == "-a" else (a or b)
            if args[0] == "!":
                return not _Test(self.sh, self.name, args[1:]).run()
            if args[0] == "(" and args[2] == ")":
                return args[1] != ""
        if n == 2:
            if args[0] == "!":
                invert, args = True, args[1:]
            elif args[0] in _TEST_UNARY:
                return _test_op(self.sh, args[0], args[1])
        if len(args) == 1:
            return (args[0] != "") != invert
        value = self._or(True)
        if self.pos != len(self.args):
            raise self._error(0, "unexpected operator/operand")
        return value

    def _or(self, live: bool) -> bool:
        value = self._and(live)
        if self._isa("-o"):
            return self._or(live and not value) or value
        return value

    def _and(self, live: bool) -> bool:
        value = self._not(live)
        if self._isa("-a"):
            return self._and(live and value) and value
        return value

    def _not(self, live: bool) -> bool:
        if self._isa("!"):
            return not self._not(live)
        return self._primary(live)

    def _primary(self, live: bool) -> bool:
        args = self.args
        if self._isa("("):
            value = self._or(live)
            if not self._isa(")"):
                raise self._error(0, "missing )")
            return value
        if self.pos + 1 < len(args) and args[self.pos + 1] not in _TEST_BINARY and args[self.pos] in _TEST_UNARY:
            op = args[self.pos]
            self.pos += 2
            return live and _test_op(self.sh, op, args[self.pos - 1])
        if self.pos >= len(args):
            raise self._error(0, "expression expected")
        first = args[self.pos]
        self.pos += 1
        if self.pos < len(args) and args[self.pos] in _TEST_BINARY:
            op = args[self.pos]
            self.pos += 1
            if self.pos >= len(args):
                raise self._error(-1, "missing second argument")
            self.pos += 1
            return live and _test_op(self.sh, op, first, args[self.pos - 1])
        return first != ""


@command("test", "[")
def _test(sh: Shell, argv: list[str]) -> Result:
    name, args = argv[0].rsplit("/", 1)[-1], argv[1:]
    if name == "[":
        if not args or args[-1] != "]":
            return fail(f"{sh.prefix}[: missing ]\n", 2)
        args = args[:-1]
    try:
        return b"", 0 if _Test(sh, name, args).run() else 1
    except _TestError as e:
        return fail(f"{sh.prefix}{name}: {e}\n" if e.named else f"{sh.prefix}{e}\n", 2)


def _cond_eval(sh: Shell, words: list[str]) -> bool:
    """mksh's ``[[ ]]``: ``test``'s operators with ``&& || ! ( )``, and patterns on the right of ``==``/``!=``."""
    pos = 0

    def peek() -> str | None:
        return words[pos] if pos < len(words) else None

    def take() -> str:
        nonlocal pos
        if pos >= len(words):
            raise _TestError("missing expression")
        pos += 1
        return words[pos - 1]

    def disjunction() -> bool:
        value = conjunction()
        while peek() == "||":
            take()
            value = conjunction() or value
        return value

    def conjunction() -> bool:
        value = negation()
        while peek() == "&&":
            take()
            value = negation() and value
        return value

    def negation() -> bool:
        if peek() == "!":
            take()
            return not negation()
        return primary()

    def primary() -> bool:
        first = take()
        if first == "(":
            value = disjunction()
            if take() != ")":
                raise _TestError("missing )")
            return value
        if first in _TEST_UNARY and peek() not in (None, "&&", "||", ")"):
            return _test_op(sh, first, take())
        op = peek()
        if op is not None and op in _TEST_BINARY:
            take()
            return _test_op(sh, op, first, take(), dbracket=True)
        if op == "=~":  # mksh has no regular expressions in [[ ]]
            raise ShellExit(1, f"{sh.prefix}syntax error: unexpected operator/operand '=~'\n")
        return first != ""

    result = disjunction()
    if pos != len(words):
        raise _TestError(f"{words[pos]}: unexpected operator/operand")
    return result


def with_stderr(sh: Shell, out: bytes, status: int, errors: str | bytes = "") -> Result:
    """A result with its error output kept apart (``grep -c`` prints 0 and fails, on standard output)."""
    sh.stderr = errors.encode() if isinstance(errors, str) else errors
    return out, status


def operands(argv: list[str]) -> list[str]:
    return [a for a in argv[1:] if not a.startswith("-")]
