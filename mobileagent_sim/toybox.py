"""toybox, Android's userland (its command-line toolbox since 6.0), on the simulated phone.

Same options, messages and exit statuses as toybox 0.8.9 (what Android 13 ships): options are parsed from
each command's own option string as toybox's ``lib/args.c`` does (``ls: Unknown option 'z' (see "ls --help")``),
files are reached as adbd's user may reach them (``ls: /data/data: Permission denied`` for the shell user), and
long listings, ``stat`` and ``find`` print what ``toys/posix/ls.c``, ``toys/other/stat.c`` and
``toys/posix/find.c`` print.
"""

from __future__ import annotations

import base64 as base64_mod
import contextlib
import datetime as dt
import errno
import fnmatch
import hashlib
import itertools
import os
import posixpath
import re
import stat as stat_mod
import time
import zoneinfo
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import mobileagent_sim.kernel as kernel
import mobileagent_sim.stores as stores
from mobileagent_sim.shell import (
    COMMANDS,
    SHELL_PID,
    Process,
    Result,
    Shell,
    builtin,
    command,
    default_action,
    fail,
    job_of,
    ok,
    operands,
    process,
    signal_number,
    strerror,
    with_stderr,
)
from mobileagent_sim.stores import STORAGE, Entry
from mobileagent_sim.users import user_id, user_name

# -- options, as toybox's lib/args.c reads them ------------------------------------------------------------


class _UsageError(ValueError):
    """Options a toybox tool rejects: printed as ``NAME: TEXT (see "NAME --help")``."""


class _Error(ValueError):
    """A toybox ``error_exit``: printed as ``NAME: TEXT``."""


@dataclass
class _Opt:
    char: str | None
    longs: list[str] = field(default_factory=list)
    kind: str = ""  # "" flag (counted), ":" string, "*" list, "#" integer, "-" integer (tail -5)
    optional: bool = False  # ";": a --long option's argument only with =
    low: int | None = None
    high: int | None = None
    default: Any = None
    clears: set[str] = field(default_factory=set)
    excludes: set[str] = field(default_factory=set)
    implies: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        return self.char or self.longs[0]


@dataclass
class _Spec:
    """A toybox option string parsed: prefix ``^<N>N?``, options ``c(long)`` with ``: * # -`` types and
    ``<N =N`` bounds, then ``[-ab]`` (last wins), ``[+ab]`` (implies) and ``[!ab]`` (exclusive) groups."""

    opts: list[_Opt]
    minargs: int = 0
    maxargs: int | None = None
    stop: bool = False
    noerror: bool = False


_SPECS: dict[str, _Spec] = {}


def _spec(optstring: str) -> _Spec:
    if optstring in _SPECS:
        return _SPECS[optstring]
    s, i = optstring, 0
    spec = _Spec([])
    while i < len(s) and s[i] in "^<>?&0":
        if s[i] == "^":
            spec.stop = True
        elif s[i] == "<":
            i += 1
            spec.minargs = int(s[i])
        elif s[i] == ">":
            i += 1
            spec.maxargs = int(s[i])
        elif s[i] == "?":
            spec.noerror = True
        i += 1
    current: _Opt | None = None
    while i < len(s) and s[i] != "[":
        c = s[i]
        if c == "(":
            end = s.index(")", i)
            if current is None or current.char is None:  # after a bare --long option, another one
                current = _Opt(None)
                spec.opts.append(current)
            current.longs.append(s[i + 1:end])
            i = end + 1
            continue
        if current is not None and c in ":*#-.%@":
            current.kind = c
        elif current is not None and c == ";":
            current.optional = True
        elif current is not None and c in "|^ ":
            pass
        elif current is not None and c in "<>=":
            m = re.match(r"-?\d+", s[i + 1:])
            if m:
                value = int(m.group(0))
                if c == "<":
                    current.low = value
                elif c == ">":
                    current.high = value
                else:
                    current.default = value
                i += len(m.group(0))
        else:
            current = _Opt(c)
            spec.opts.append(current)
        i += 1
    by_char = {o.char: o for o in spec.opts if o.char}
    for kind, members in re.findall(r"\[([-+!])([^\]]+)\]", s[i:]):
        for m in members:
            others = set(members) - {m}
            if m in by_char:
                {"-": by_char[m].clears, "+": by_char[m].implies, "!": by_char[m].excludes}[kind].update(others)
    _SPECS[optstring] = spec
    return spec


def _parse(argv: list[str], optstring: str) -> tuple[dict[str, Any], list[str]]:
    """``argv``'s options (flags count their repeats, ``*`` options collect a list) and operands."""
    spec = _spec(optstring)
    found: dict[str, Any] = {}
    args: list[str] = []
    stopped = False

    def take(opt: _Opt, value: str | None) -> None:
        for other in opt.clears:
            found.pop(other, None)
        for other in opt.excludes:
            if other in found:
                raise _UsageError(f"No '{opt.char}' with '{other}'")
        for other in opt.implies:
            found.setdefault(other, 1)
        if opt.kind in ("", "@"):
            found[opt.key] = found.get(opt.key, 0) + 1
            return
        if value is None:  # a --long option whose argument is optional, given bare
            found[opt.key] = found.get(opt.key) or ""
            return
        if opt.kind == "*":
            found.setdefault(opt.key, []).append(value)
        elif opt.kind in "#-":
            number = _atolx(value)
            if opt.kind == "-" and value[:1] not in "+-":
                number = -number
            if opt.low is not None and number < opt.low:
                raise _UsageError(f"-{opt.char} < {opt.low}")
            if opt.high is not None and number > opt.high:
                raise _UsageError(f"-{opt.char} > {opt.high}")
            found[opt.key] = number
        else:
            found[opt.key] = value

    i = 1
    while i < len(argv):
        a = argv[i]
        if stopped or a == "-" or not a.startswith("-"):
            args.append(a)
            stopped = stopped or spec.stop
            i += 1
            continue
        if a == "--":
            args += argv[i + 1:]
            break
        if a.startswith("--"):
            body, eq, value = a[2:].partition("=")
            matches = [o for o in spec.opts for name in o.longs if name.startswith(body)]
            exact = [o for o in spec.opts if body in o.longs]
            if exact:
                matches = exact[:1]
            if len({id(o) for o in matches}) > 1:
                names = " ".join(n for o in matches for n in o.longs if n.startswith(body))
                raise _Error(f"bad --{a[2:]} ({names})")
            if not matches:
                if spec.noerror:
                    args.append(a)
                    i += 1
                    continue
                raise _UsageError(f"Unknown option '{a[2:]}'")
            opt = matches[0]
            if opt.kind and not eq and not opt.optional:
                i += 1
                if i >= len(argv):
                    raise _UsageError(f"Missing argument to --{opt.longs[0]}")
                value = argv[i]
            take(opt, value if (eq or (opt.kind and not opt.optional)) else None)
            i += 1
            continue
        rest = a[1:]
        while rest:
            opt = next((o for o in reversed(spec.opts) if o.char == rest[0]), None)
            if opt is None:
                if spec.noerror:
                    args.append(a)
                    break
                raise _UsageError(f"Unknown option '{rest}'")
            rest = rest[1:]
            if opt.kind and opt.kind != "@" and opt.optional and not rest:
                take(opt, None)  # ";": an optional argument only attached (sed -i, sed -i.bak)
            elif opt.kind and opt.kind != "@":
                if rest:
                    value, rest = rest, ""
                else:
                    i += 1
                    if i >= len(argv):
                        raise _UsageError(f"Missing argument to -{opt.char}")
                    value = argv[i]
                take(opt, value)
            else:
                take(opt, None)
        i += 1
    if len(args) < spec.minargs:
        raise _UsageError(f"Need{'s' if spec.minargs == 1 else ''} {spec.minargs} argument"
                          f"{'' if spec.minargs == 1 else 's'}")
    if spec.maxargs is not None and len(args) > spec.maxargs:
        raise _UsageError(f"Max {spec.maxargs} argument{'' if spec.maxargs == 1 else 's'}")
    for opt in spec.opts:
        if opt.default is not None:
            found.setdefault(opt.key, opt.default)
    return found, args


def _atolx(text: str) -> int:
    """toybox's ``atolx``: an integer (decimal, 0x hex, 0 octal) with an optional suffix: c (1), w (2), b (512),
    k m g t p e (powers of 1024, or of 1000 with a ``d`` after), else ``not integer: TEXT``."""
    m = re.fullmatch(r"\s*([-+]?(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*))(?:([cwbkmgtpeCWBKMGTPE])([dD]?))?\s*", text)
    if not m or (m.group(3) and m.group(2).lower() in "cwb"):
        raise _Error(f"not integer: {text}")
    value = int(m.group(1), 0) if not re.fullmatch(r"[-+]?0[0-7]+", m.group(1)) else int(m.group(1), 8)
    suffix = (m.group(2) or "").lower()
    if suffix:
        shift = "cwbkmgtpe".index(suffix) - 2
        value *= 2 if shift == -1 else 512 if shift == 0 else 1 if shift < 0 else (
            1000 ** shift if m.group(3) else 1 << (10 * shift))
    return value


def _refuse(opts: dict[str, Any], *unsupported: str) -> None:
    """Options toybox has that the simulator does not carry out: an error naming them, never ignored."""
    for key in unsupported:
        if key in opts:
            raise _Error(f"{'-' if len(key) == 1 else '--'}{key} is not simulated")


def toy(*names: str, options: str = "", status: int = 1) -> Callable[[Callable[..., Result]], Callable[..., Result]]:
    """Register a toybox command whose handler takes ``(sh, name, opts, args)``; option errors print as toybox
    prints them, with the command's argument-failure ``status`` (``TOYFLAG_ARGFAIL``). With no ``names`` the
    handler is returned unregistered (for a command that rewrites its words first)."""

    def register(fn: Callable[..., Result]) -> Callable[..., Result]:
        def handler(sh: Shell, argv: list[str]) -> Result:
            name = argv[0].rsplit("/", 1)[-1]
            before, sh._kernel_command = getattr(sh, "_kernel_command", None), argv  # /proc/self is this tool
            try:
                opts, args = _parse(argv, options)
                return fn(sh, name, opts, args)
            except _UsageError as e:
                return with_stderr(sh, b"", status, f'{name}: {e} (see "{name} --help")\n')
            except _Error as e:
                return with_stderr(sh, b"", status, f"{name}: {e}\n")
            finally:
                sh._kernel_command = before

        handler.__doc__ = fn.__doc__
        return command(*names)(handler) if names else handler

    return register


# -- files as adbd's user reaches them -----------------------------------------------------------------------


def _oserror(code: int) -> OSError:
    return OSError(code, os.strerror(code))


def _lookup(sh: Shell, path: str, follow: bool = True) -> Entry:
    """The ``stat`` (``lstat`` with ``follow=False``) of a path as adbd's user; raises OSError as the kernel."""
    fs = sh.system.fs
    p = sh.resolve(path)
    parts = [q for q in p.split("/") if q]
    for k in range(len(parts) - 1):  # every folder on the way must be one, and searchable
        folder = "/" + "/".join(parts[:k + 1])
        entry = fs.info(folder)
        if entry is None:
            raise _oserror(errno.ENOENT)
        if not entry.is_dir:
            raise _oserror(errno.ENOTDIR)
        if not fs.allowed(folder, sh.uid, "x"):
            raise _oserror(errno.EACCES)
    if path.endswith("/") and len(p) > 1:
        follow = True
    entry = fs.info(p, follow)
    if entry is None:
        raise _oserror(errno.ENOENT)
    if path.endswith("/") and not entry.is_dir and len(p) > 1:
        raise _oserror(errno.ENOTDIR)
    return entry


def _may(sh: Shell, path: str, want: str) -> None:
    """Raise EACCES unless adbd's user may ``want`` (r, w, x) the path itself."""
    if not sh.system.fs.allowed(sh.resolve(path), sh.uid, want):
        raise _oserror(errno.EACCES)


def _read(sh: Shell, path: str) -> bytes:
    """A file's bytes as ``open(O_RDONLY)`` gives them to adbd's user."""
    if path == "/dev/null":
        return b""
    entry = _lookup(sh, path)
    if entry.is_dir:
        raise _oserror(errno.EISDIR)
    _may(sh, path, "r")
    if sh.system.fs.program(entry.path) is not None:
        raise OSError(errno.ENOTSUP, "the system image's programs are not simulated as files")
    return sh.system.fs.read(sh.resolve(path))


def _listing(sh: Shell, path: str) -> list[str]:
    """A folder's names (``opendir``) as adbd's user may read them."""
    entry = _lookup(sh, path)
    if not entry.is_dir:
        raise _oserror(errno.ENOTDIR)
    _may(sh, path, "r")
    return sh.system.fs.entries(sh.resolve(path))


def _may_change(sh: Shell, path: str) -> None:
    """Creating, removing or renaming ``path`` needs write and search permission on its folder."""
    folder = posixpath.dirname(sh.resolve(path))
    if not sh.system.fs.allowed(folder, sh.uid, "w") or not sh.system.fs.allowed(folder, sh.uid, "x"):
        raise _oserror(errno.EACCES)


def _write(sh: Shell, path: str, data: bytes) -> None:
    """Write a file as adbd's user (a new one is that user's, outside shared storage)."""
    p = sh.resolve(path)
    try:
        entry = _lookup(sh, p)
    except FileNotFoundError:
        entry = None
    if entry is None:
        _lookup(sh, posixpath.dirname(p) or "/")
        _may_change(sh, p)
    elif entry.is_dir:
        raise _oserror(errno.EISDIR)
    else:
        _may(sh, p, "w")
    sh.device.write_file(p, data)
    if entry is None:
        _own(sh, p)


def read_as_user(sh: Shell, path: str) -> bytes:
    """A file's bytes as adbd's user opens it, relative paths from the shell's folder (for ``< FILE``); raises
    OSError with the kernel's errno (ENOENT, EISDIR, EACCES...)."""
    return _read(sh, path)


def write_as_user(sh: Shell, path: str, data: bytes, append: bool = False) -> None:
    """Write (or append to) a file as adbd's user opens it with ``O_CREAT`` (for ``> FILE`` and ``>> FILE``): a new
    file is that user's; raises OSError with the kernel's errno."""
    if append:
        with contextlib.suppress(FileNotFoundError):
            data = _read(sh, path) + data
    _write(sh, path, data)


def _own(sh: Shell, path: str) -> None:
    """A path adbd's user just made is that user's (shared storage stays the FUSE daemon's)."""
    fs = sh.system.fs
    who = f"{sh.uid}:{sh.uid}"
    if fs.owner(path) != who and not fs.canonical(path).startswith(STORAGE):
        fs.chown(path, who)


def _err(tool: str, path: str, e: OSError) -> str:
    return f"{tool}: {path}: {strerror(e)}\n"


def _zone(sh: Shell) -> dt.tzinfo:
    name = getattr(sh.system.clock, "timezone", "UTC") or "UTC"
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.timezone.utc


def _local(sh: Shell, ns: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ns // 10**9, _zone(sh))


def _iso_time(sh: Shell, ns: int) -> str:
    """toybox's ``format_iso_time``: ``YYYY-MM-DD HH:MM:SS.NNNNNNNNN +ZZZZ``."""
    when = _local(sh, ns)
    return when.strftime("%Y-%m-%d %H:%M:%S.") + f"{ns % 10**9:09d}" + when.strftime(" %z")


def _mode_string(mode: int) -> str:
    """``ls -l``'s mode column (``drwxrws---``)."""
    return stat_mod.filemode(mode)


def _human(num: int, style_1000: bool = False) -> str:
    """toybox's ``human_readable``: at most 3 digits, rounding, ``1.2M`` for one digit (``lib/lib.c``)."""
    divisor, unit, snap = (1000 if style_1000 else 1024), 0, 0
    while len(str(num)) > 3:
        snap, num = num, (num + divisor // 2) // divisor
        unit += 1
    text = str(num)
    if unit and len(text) == 1:
        whole = snap // divisor
        tenth = ((snap - whole * divisor) * 100 + 50) // divisor // 10
        text = f"{whole}.{tenth}"
    if unit:
        letter = " kMGTPEZY"[unit]
        text += letter if style_1000 else letter.upper()
    return text


def _blocks_1k(entry: Entry) -> int:
    return entry.blocks // 2


# -- ls ------------------------------------------------------------------------------------------------------

_LS_OPTIONS = ("(color):;(full-time)(show-control-chars)ZgoACFHLNRSabcdfhikl@mnpqrstuw#<0x1"  # (w's =80: below)
               "[-Cxm1][-Cxml][-Cxmo][-Cxmg][-cu][-ftS][-HL][-Nqb]")


@dataclass
class _Listed:
    name: str
    path: str
    entry: Entry


def _ls_time(opts: dict[str, Any], e: Entry) -> int:
    return e.atime_ns if opts.get("u") else e.ctime_ns if opts.get("c") else e.mtime_ns


def _ls_sort(opts: dict[str, Any], items: list[_Listed]) -> list[_Listed]:
    """toybox's ``compare``: size (-S) or time (-t), then name, all reversed by -r; -f leaves them be."""
    if opts.get("f"):
        return items

    def key(item: _Listed) -> tuple[int, int, bytes]:
        size = -item.entry.size if opts.get("S") else 0
        when = -_ls_time(opts, item.entry) if opts.get("t") else 0
        return size, when, item.name.encode("utf-8", "surrogateescape")

    return sorted(items, key=key, reverse=bool(opts.get("r")))


def _ls_long(opts: dict[str, Any]) -> bool:
    return any(opts.get(c) for c in "long")


def _ls_widths(sh: Shell, opts: dict[str, Any], items: list[_Listed]) -> dict[str, int]:
    widths = dict.fromkeys(("ino", "links", "user", "group", "size", "blocks"), 0)
    for item in items:
        e = item.entry
        row = {"ino": len(str(e.ino)) if opts.get("i") else 0, "links": len(str(e.nlink)),
               "user": len(str(e.uid) if opts.get("n") else user_name(e.uid)),
               "group": len(str(e.gid) if opts.get("n") else user_name(e.gid)),
               "size": len(str(e.rdev[0])) + 5 if e.rdev else len(_ls_size(opts, e.size)),
               "blocks": len(_ls_size(opts, _blocks_1k(e), 1024))
               if opts.get("s") else 0}
        for k, v in row.items():
            widths[k] = max(widths[k], v)
    return widths


def _ls_size(opts: dict[str, Any], value: int, units: int = 1) -> str:
    return _human(value * units) if opts.get("h") else str(value)


def _ls_line(sh: Shell, opts: dict[str, Any], item: _Listed, w: dict[str, int]) -> str:
    e = item.entry
    line = ""
    if opts.get("i"):
        line += f"{e.ino:>{w['ino']}} "
    if opts.get("s"):
        line += f"{_ls_size(opts, _blocks_1k(e), 1024):>{w['blocks']}} "
    if _ls_long(opts):
        line += _mode_string(e.mode) + f"{e.nlink:>{w['links'] + 1}}"
        if not opts.get("g"):
            user = str(e.uid) if opts.get("n") else user_name(e.uid)
            line += f" {user:<{w['user']}}"
        if not opts.get("o"):
            group = str(e.gid) if opts.get("n") else user_name(e.gid)
            line += f" {group:<{w['group']}}"
        if e.rdev:  # a device's major and minor numbers (ls.c: "% *d,% 4d")
            line += f"{e.rdev[0]: {w['size'] - 4}d},{e.rdev[1]: 4d}"
        else:
            line += f"{_ls_size(opts, e.size):>{w['size'] + 1}}"
        ns = _ls_time(opts, e)
        when = _local(sh, ns)
        stamp = when.strftime(" %Y-%m-%d %H:%M")
        if opts.get("l", 0) > 1 or opts.get("full-time"):
            stamp += f":{when.second:02d}.{ns % 10**9:09d} " + when.strftime("%z")
        line += f"{stamp} "
    name = item.name
    if opts.get("color") is not None:
        color = _ls_color(e.mode)
        if color:
            name = f"\x1b[{color >> 8};{color & 255}m{name}\x1b[0m"
    line += name
    if _ls_long(opts) and e.is_link:
        line += f" -> {e.link}"
    if (opts.get("F") or opts.get("p")) and e.is_dir:
        line += "/"
    elif opts.get("F") and e.is_link:
        line += "@"
    elif opts.get("F") and stat_mod.S_ISREG(e.mode) and e.mode & 0o111:
        line += "*"
    return line


def _ls_next(ul: int, count: int, columns: int, down: bool) -> tuple[int, int]:
    """toybox's ``next_column``: the entry shown at position ``ul`` and its column (``-C`` fills down)."""
    if not down:
        return ul, ul % columns
    height = -(-count // columns)
    extra = count % height
    if extra and ul >= extra * columns:
        ul -= extra * columns
        columns -= 1
    else:
        extra = 0
    return (ul % columns) * height + extra + ul // columns, ul % columns


def _shown_len(cell: str) -> int:
    """How wide a cell shows (colour escapes take no room)."""
    return len(re.sub(r"\x1b\[[0-9;]*m", "", cell))


def _ls_columns(opts: dict[str, Any], cells: list[str]) -> list[str]:
    """``ls -C``/``-x``: as many columns as fit the width (80 with no terminal, ``-w``), two spaces apart."""
    screen = max(opts["w"] + 2 if "w" in opts else 80, 2)  # ls_main: -w N is N+2 wide, else 80 (no terminal)
    down = bool(opts.get("C"))
    count = len(cells)
    columns = min(screen // 2, count)
    sizes: list[int] = []
    while columns > 1:
        sizes = [0] * columns
        total, ul = columns, 0
        while ul < count:
            cc, c = _ls_next(ul, count, columns, down)
            if cc >= count:
                break
            size = _shown_len(cells[cc]) + (2 if c < columns - 1 else 0)
            if size > sizes[c]:
                total += size - sizes[c]
                sizes[c] = size
                if total > screen:
                    break
            ul += 1
        if ul == count:
            break
        columns -= 1
    if columns <= 1:
        return cells
    lines, line, last = [], "", 0
    for ul in range(count):
        cc, col = _ls_next(ul, count, columns, down)
        if ul:
            if not col:
                lines.append(line)
                line = ""
            else:
                _prev, prev_col = _ls_next(ul - 1, count, columns, down)
                line += " " * max(sizes[prev_col] - last, 1)
        line += cells[cc]
        last = _shown_len(cells[cc])
    return [*lines, line]


def _ls_color(mode: int) -> int:
    if stat_mod.S_ISDIR(mode):
        return 256 + 34
    if stat_mod.S_ISLNK(mode):
        return 256 + 36
    if stat_mod.S_ISREG(mode) and mode & 0o111:
        return 256 + 32
    return 0


def _ls_entries(sh: Shell, opts: dict[str, Any], folder: str) -> list[_Listed]:
    names = _listing(sh, folder)
    if opts.get("a") or opts.get("f"):
        names = [".", "..", *names]
    elif not opts.get("A"):
        names = [n for n in names if not n.startswith(".")]
    base = sh.system.fs.canonical(sh.resolve(folder))
    items = []
    for n in names:
        path = posixpath.join(folder, n)
        target = posixpath.normpath(posixpath.join(base, n))
        entry = sh.system.fs.info(target, follow=bool(opts.get("L")))
        if entry is not None:
            items.append(_Listed(n, path, entry))
    return items


class _LsRun:
    """One ``ls``: what it printed so far (``nl_title``) and its errors."""

    def __init__(self, sh: Shell, opts: dict[str, Any]):
        self.sh, self.opts = sh, opts
        self.out: list[str] = []
        self.errors = ""
        self.titled = False

    def listing(self, items: list[_Listed], top: bool) -> None:
        """Print one folder's (or the operands') entries, then recurse as toybox's ``listfiles`` does."""
        opts = self.opts
        items = _ls_sort(opts, items)
        widths = _ls_widths(self.sh, opts, items)
        if not top and (opts.get("h") or _ls_long(opts) or opts.get("s")):
            total = sum(_blocks_1k(i.entry) for i in items)
            self.out.append(f"total {_ls_size(opts, total, 1024)}")
        shown = [i for i in items if opts.get("d") or not top or not i.entry.is_dir]
        if shown:
            self.titled = True
        if opts.get("m"):
            if shown:
                self.out.append(", ".join(i.name for i in shown))
        elif (opts.get("C") or opts.get("x")) and not _ls_long(opts) and shown:
            self.out += _ls_columns(opts, [_ls_line(self.sh, opts, i, widths) for i in shown])
        else:
            self.out += [_ls_line(self.sh, opts, i, widths) for i in shown]
        if opts.get("d"):
            return
        for item in items:
            if not item.entry.is_dir or (not top and (not opts.get("R") or item.name in (".", ".."))):
                continue
            self.folder(item.path)

    def folder(self, path: str, title: bool = True) -> None:
        try:
            items = _ls_entries(self.sh, self.opts, path)
        except OSError as e:
            self.errors += _err("ls", path, e)
            return
        if title:
            self.out.append(("\n" if self.titled else "") + f"{path}:")
            self.titled = True
        self.listing(items, top=False)


@toy("ls", options=_LS_OPTIONS)
def _ls(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "Z")
    if opts.get("full-time"):
        opts["l"] = 2
    if opts.get("d"):
        opts.pop("R", None)
    if opts.get("color") is not None and opts.get("color") != "":
        opts.pop("color", None)  # no terminal over adb: --color=WHEN switches colours off, bare --color on
    run = _LsRun(sh, opts)
    follow = not (_ls_long(opts) or opts.get("d") or opts.get("F")) or bool(opts.get("L") or opts.get("H"))
    top: list[_Listed] = []
    status = 0
    for arg in args or ["."]:
        try:
            top.append(_Listed(arg, arg, _lookup(sh, arg, follow)))
        except OSError as e:
            run.errors += _err("ls", arg, e)
            status = 1
    if len(top) == 1 and top[0].entry.is_dir and not (opts.get("d") or opts.get("R")):
        run.folder(top[0].path, title=False)
    else:
        run.listing(top, top=True)
    if run.errors:
        status = 1
    text = "".join(f"{line}\n" for line in run.out)
    return with_stderr(sh, text.encode("utf-8", "surrogateescape"), status, run.errors)


# -- stat ----------------------------------------------------------------------------------------------------

_FILE_TYPES = {stat_mod.S_IFCHR: "character device", stat_mod.S_IFDIR: "directory",
               stat_mod.S_IFBLK: "block device", stat_mod.S_IFREG: "regular file",
               stat_mod.S_IFLNK: "symbolic link", stat_mod.S_IFSOCK: "socket", stat_mod.S_IFIFO: "FIFO (named pipe)"}

#: Device numbers ``stat`` reports: userdata (``/dev/block/dm-5``, 253:5) and shared storage's FUSE mount.
_DATA_DEV, _FUSE_DEV = 0xFD05, 0x3A

_STAT_DEFAULT = ("  File: %N\n  Size: %s\t Blocks: %b\t IO Blocks: %B\t %F\n"
                 "Device: %Dh/%dd\t Inode: %i\t Links: %h\t Device type: %t,%T\n"
                 "Access: (%04a/%A)\tUid: (%5u/%8U)\tGid: (%5g/%8G)\n"
                 "Access: %x\nModify: %y\nChange: %z")
_STAT_TERSE = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %o"


def _stat_field(sh: Shell, kind: str, name: str, e: Entry) -> tuple[str, Any]:
    """One ``%`` escape of ``stat -c``: printf conversion and value."""
    dev = _FUSE_DEV if e.path.startswith(STORAGE) else _DATA_DEV
    ftype = "regular empty file" if stat_mod.S_ISREG(e.mode) and not e.size else _FILE_TYPES.get(
        stat_mod.S_IFMT(e.mode), "unknown")
    table: dict[str, tuple[str, Any]] = {
        "a": ("o", e.mode & 0o7777), "A": ("s", _mode_string(e.mode)), "b": ("d", e.blocks), "B": ("d", 512),
        "C": ("s", "u:object_r:media_rw_data_file:s0" if dev == _FUSE_DEV else "u:object_r:system_data_file:s0"),
        "d": ("d", dev), "D": ("x", dev), "f": ("x", e.mode), "F": ("s", ftype), "g": ("d", e.gid),
        "G": ("s", user_name(e.gid)), "h": ("d", e.nlink), "i": ("d", e.ino),
        "m": ("s", "/storage/emulated" if dev == _FUSE_DEV else "/data"),
        "n": ("s", name), "o": ("d", 4096), "s": ("d", e.size), "t": ("x", e.rdev[0] if e.rdev else 0),
        "T": ("x", e.rdev[1] if e.rdev else 0), "u": ("d", e.uid),
        "U": ("s", user_name(e.uid)), "x": ("s", _iso_time(sh, e.atime_ns)), "X": ("d", e.atime_ns // 10**9),
        "y": ("s", _iso_time(sh, e.mtime_ns)), "Y": ("d", e.mtime_ns // 10**9),
        "z": ("s", _iso_time(sh, e.ctime_ns)), "Z": ("d", e.ctime_ns // 10**9)}
    return table.get(kind, ("s", "?"))


def _stat_line(sh: Shell, fmt: str, name: str, e: Entry) -> str:
    out, i = "", 0
    while i < len(fmt):
        c = fmt[i]
        if c != "%" or i + 1 >= len(fmt):
            out += c
            i += 1
            continue
        if fmt[i + 1] == "%":
            out += "%"
            i += 2
            continue
        m = re.match(r"%([-+ #0]*\d*(?:\.\d+)?)(.?)", fmt[i:])
        assert m is not None
        flags, kind = m.group(1), m.group(2)
        if not kind:
            raise _Error(f"bad %{flags}")
        if kind == "N":
            value = name + (f" -> '{e.link}'" if e.is_link else "")
            out += value
        else:
            conv, value = _stat_field(sh, kind, name, e)
            out += ("%" + flags + conv) % value
        i += len(m.group(0))
    return out + "\n"


@toy("stat", options="<1c:(format)fLt")
def _stat(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if opts.get("f"):
        raise _Error("-f (file system status) is not simulated")
    fmt = opts.get("c") if "c" in opts else _STAT_TERSE if opts.get("t") else _STAT_DEFAULT
    out, errors = "", ""
    for path in args:
        try:
            entry = _lookup(sh, path, follow=bool(opts.get("L")))
        except OSError as e:
            errors += f"stat: '{path}': {strerror(e)}\n"
            continue
        out += _stat_line(sh, fmt, path, entry)
    return with_stderr(sh, out.encode("utf-8", "surrogateescape"), 1 if errors else 0, errors)


# -- find ----------------------------------------------------------------------------------------------------


class _FindError(ValueError):
    pass


@dataclass
class _Found:
    path: str  # as find prints it: the operand, then names joined with "/"
    name: str
    entry: Entry
    depth: int


class _Find:
    """toybox's ``find``: an expression of tests and actions over each path under the operands."""

    def __init__(self, sh: Shell, expr: list[str]):
        self.sh, self.expr = sh, expr
        self.out: list[str] = []
        self.errors = ""
        self.now = int(sh.system.clock.now.timestamp())
        self.depth_first = any(a in ("-depth", "-d", "-delete") for a in expr)
        self.prints = any(a in ("-print", "-print0", "-exec", "-execdir", "-ok", "-okdir", "-printf")
                          for a in expr)
        self.status = 0
        self.pending: dict[int, list[str]] = {}  # "-exec ... {} +" batches, by position
        self.newer: dict[int, int] = {}
        self._check_syntax()

    def _check_syntax(self) -> None:
        takes = {"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname",
                 "-type", "-perm", "-size", "-links", "-inum", "-mindepth", "-maxdepth", "-user", "-group",
                 "-newer", "-samefile", "-atime", "-ctime", "-mtime", "-amin", "-cmin", "-mmin", "-context",
                 "-printf", "-anewer", "-cnewer", "-newermm", "-newerma", "-newermc", "-neweram", "-newercm"}
        bare = {"-xdev", "-delete", "-depth", "-d", "-o", "-or", "-not", "-true", "-false", "-a", "-and",
                "-noleaf", "-print", "-print0", "-empty", "-nouser", "-nogroup", "-prune", "-executable", "-quit"}
        i = 0
        while i < len(self.expr):
            a = self.expr[i]
            if a in ("!", "(", ")") or a in bare:
                i += 1
            elif a in takes:
                if i + 1 >= len(self.expr):
                    raise _Error(f"'{a}' needs 1 arg")
                if a in ("-newer", "-anewer", "-cnewer", "-samefile") or a.startswith("-newer"):
                    try:
                        entry = _lookup(self.sh, self.expr[i + 1])
                    except OSError as e:
                        raise _Error(f"Can't stat {self.expr[i + 1]}: {strerror(e)}") from e
                    self.newer[i] = entry.mtime_ns
                if a == "-type":
                    for c in self.expr[i + 1]:
                        if c != "," and c not in "bcdlpfs":
                            raise _Error(f"bad -type '{c}'")
                i += 2
            elif a in ("-exec", "-execdir", "-ok", "-okdir"):
                j = i + 1
                if j >= len(self.expr) or self.expr[j] == ";":
                    raise _Error(f"'{a[1:]}' needs 1 arg")
                while j < len(self.expr) and not (self.expr[j] == ";" or (
                        self.expr[j] == "+" and self.expr[j - 1] == "{}")):
                    j += 1
                if j >= len(self.expr):
                    raise _Error("-exec without \\;")
                i = j + 1
            else:  # toybox reports the word after the unknown one ("(null)" at the end)
                raise _Error(f"bad arg '{self.expr[i + 1] if i + 1 < len(self.expr) else '(null)'}'")

    # expression evaluation: or-list of and-lists of (possibly negated) primaries

    def _or(self, f: _Found, i: int, active: bool) -> tuple[bool, int, bool]:
        result, i, recurse = self._and(f, i, active)
        while i < len(self.expr) and self.expr[i] in ("-o", "-or"):
            right, i, r2 = self._and(f, i + 1, active and not result)
            recurse = recurse and r2
            result = result or right
        return result, i, recurse

    def _and(self, f: _Found, i: int, active: bool) -> tuple[bool, int, bool]:
        result, recurse = True, True
        while i < len(self.expr) and self.expr[i] not in ("-o", "-or", ")"):
            if self.expr[i] in ("-a", "-and", "-noleaf"):
                i += 1
                continue
            value, i, r = self._unary(f, i, active and result)
            recurse = recurse and r
            result = result and value
        return result, i, recurse

    def _unary(self, f: _Found, i: int, active: bool) -> tuple[bool, int, bool]:
        a = self.expr[i]
        if a in ("!", "-not"):
            value, i, r = self._unary(f, i + 1, active)
            return not value, i, r
        if a == "(":
            value, i, r = self._or(f, i + 1, active)
            return value, i + 1, r
        return self._primary(f, i, active)

    def _primary(self, f: _Found, i: int, active: bool) -> tuple[bool, int, bool]:
        a = self.expr[i]
        arg = self.expr[i + 1] if i + 1 < len(self.expr) else ""
        e = f.entry
        if a in ("-exec", "-execdir", "-ok", "-okdir"):
            j = i + 1
            while not (self.expr[j] == ";" or (self.expr[j] == "+" and self.expr[j - 1] == "{}")):
                j += 1
            if active:
                return self._exec(i, self.expr[i + 1:j], self.expr[j] == "+", f), j + 1, True
            return False, j + 1, True
        simple = {"-xdev": True, "-depth": True, "-d": True, "-true": True, "-false": False, "-print": True,
                  "-print0": True, "-nouser": False, "-nogroup": False, "-executable": bool(e.mode & 0o111)}
        if a in simple:
            if active and a in ("-print", "-print0"):
                self.out.append(f.path + ("\n" if a == "-print" else "\0"))
            return simple[a], i + 1, True
        if a == "-delete":
            if active:
                return self._delete(f), i + 1, True
            return False, i + 1, True
        if a == "-prune":
            return True, i + 1, not (active and e.is_dir and not self.depth_first)
        if a == "-quit":
            if active:
                raise _FindQuit()
            return True, i + 1, True
        if a == "-empty":
            if e.is_dir:
                return not self.sh.system.fs.entries(e.path), i + 1, True
            return stat_mod.S_ISREG(e.mode) and not e.size, i + 1, True
        if not active:
            return False, i + 2, True
        if a in ("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename"):
            fold = a[1] == "i"
            subject = f.name if a.endswith("name") and "whole" not in a else f.path
            pattern = arg
            if fold:
                subject, pattern = subject.lower(), pattern.lower()
            return _fnmatch(subject, pattern), i + 2, True
        if a == "-type":
            kinds = {"b": stat_mod.S_IFBLK, "c": stat_mod.S_IFCHR, "d": stat_mod.S_IFDIR, "l": stat_mod.S_IFLNK,
                     "p": stat_mod.S_IFIFO, "f": stat_mod.S_IFREG, "s": stat_mod.S_IFSOCK}
            return any(stat_mod.S_IFMT(e.mode) == kinds[c] for c in arg if c != ","), i + 2, True
        if a in ("-mindepth", "-maxdepth"):
            limit = _atolx(arg)
            if a == "-mindepth":
                return f.depth >= limit, i + 2, True
            return f.depth <= limit, i + 2, f.depth != limit
        if a[1:] in ("atime", "ctime", "mtime", "amin", "cmin", "mmin"):
            when = {"a": e.atime_ns, "c": e.ctime_ns, "m": e.mtime_ns}[a[1]] // 10**9
            units = 60 if a[2:] == "min" else 86400
            value = arg
            if value and value[-1].lower() in "dhms":
                units = {"d": 86400, "h": 3600, "m": 60, "s": 1}[value[-1].lower()]
                value = value[:-1]
            return _numsign(self.now - when, units, value), i + 2, True
        if a == "-size":
            return _numsign(e.size, 512, arg), i + 2, True
        if a == "-links":
            return _numsign(e.nlink, 0, arg), i + 2, True
        if a == "-inum":
            return _numsign(e.ino, 0, arg), i + 2, True
        if a in ("-user", "-group"):
            wanted = user_id(arg)
            return wanted == (e.uid if a == "-user" else e.gid), i + 2, True
        if a == "-perm":
            return _perm_matches(e.mode & 0o7777, arg), i + 2, True
        if a.startswith("-newer") or a in ("-anewer", "-cnewer"):
            return e.mtime_ns > self.newer[i], i + 2, True
        if a == "-samefile":
            raise _Error("-samefile is not simulated")
        raise _Error(f"-{a[1:]} is not simulated")

    def _exec(self, i: int, words: list[str], batch: bool, f: _Found) -> bool:
        if batch:
            self.pending.setdefault(i, []).append(f.path)
            return True
        argv = [f.path if w == "{}" else w for w in words]  # only a word that is exactly {} (toys/posix/find.c)
        status = self._run(argv)
        return status == 0

    def _run(self, argv: list[str]) -> int:
        out, err, status = _run_argv(self.sh, argv)
        self.out.append(out.decode("utf-8", "surrogateescape"))
        self.errors += err.decode("utf-8", "surrogateescape")
        return status

    def flush(self) -> None:
        for i, paths in self.pending.items():
            j = i + 1
            while self.expr[j] != "{}" or self.expr[j + 1] != "+":
                j += 1
            words = self.expr[i + 1:j] + paths
            if self._run(words):
                self.status = 1
        self.pending = {}

    def _delete(self, f: _Found) -> bool:
        fs = self.sh.system.fs
        if f.entry.is_dir and fs.entries(f.entry.path):
            self.errors += f"find: {f.path}: Directory not empty\n"
            self.status = 1
            return False
        try:
            _may_change(self.sh, f.entry.path)
        except OSError as e:
            self.errors += _err("find", f.path, e)
            self.status = 1
            return False
        fs.remove(f.entry.path)
        return True

    def visit(self, f: _Found) -> bool:
        """Evaluate the expression on one path; whether to descend into it."""
        if not self.expr:
            self.out.append(f.path + "\n")
            return True
        result, _, recurse = self._or(f, 0, True)
        if result and not self.prints:
            self.out.append(f.path + "\n")
        return recurse

    def walk(self, path: str, name: str, entry: Entry, depth: int) -> None:
        f = _Found(path, name, entry, depth)
        recurse = True
        if not (entry.is_dir and self.depth_first):
            recurse = self.visit(f)
        if entry.is_dir and recurse:
            try:
                names = _listing(self.sh, entry.path)
            except OSError as e:  # lib/dirtree.c: the folder that cannot be opened, unquoted
                self.errors += f"find: {path}: {strerror(e)}\n"
                self.status = 1
                names = []
            for n in names:
                child = self.sh.system.fs.info(posixpath.join(entry.path, n), follow=False)
                if child is not None:
                    self.walk(f"{path.rstrip('/') if path != '/' else ''}/{n}" if not path.endswith("/")
                              else path + n, n, child, depth + 1)
        if entry.is_dir and self.depth_first:
            self.visit(f)


class _FindQuit(Exception):
    pass


def _fnmatch(name: str, pattern: str) -> bool:
    """``fnmatch(3)`` (no special case for dots; ``[!x]`` and ``\\`` escapes as fnmatch's)."""
    return re.fullmatch(fnmatch.translate(pattern), name, re.DOTALL) is not None


def _numsign(value: int, units: int, text: str) -> bool:
    """find's ``compare_numsign``: ``+N`` more than, ``-N`` less than, ``N`` exactly N units."""
    sign = text[:1] if text[:1] in "+-" else ""
    body = text[len(sign):]
    if not body[:1].isdigit():
        raise _Error(f"{body} not [+-]N")
    number = _atolx(body)
    if units and body[-1:].isdigit():
        number *= units
    return value > number if sign == "+" else value < number if sign == "-" else value == number


def _perm_matches(bits: int, spec: str) -> bool:
    least, any_of = spec.startswith("-"), spec.startswith("/")
    wanted = _parse_mode(spec[1:] if least or any_of else spec, 0)
    if least or any_of:
        have = bits & wanted
        return (not wanted or bool(have)) if any_of else have == wanted
    return bits == wanted


def _run_argv(sh: Shell, argv: list[str], stdin: bytes = b"") -> tuple[bytes, bytes, int]:
    """Run a command by name, as ``find -exec`` and ``xargs`` do (no shell in between)."""
    name = argv[0].rsplit("/", 1)[-1]
    handler = COMMANDS.get(name)
    if handler is None or name in _SHELL_ONLY:
        return b"", f"{argv[0]}: No such file or directory\n".encode(), 127
    saved_stdin, saved_err = sh._input, sh.stderr  # the input itself, unread: the caller's may still be open
    sh.stdin, sh.stderr = stdin, None
    try:
        out, status = handler(sh, argv)
        err = sh.stderr
        if err is None:
            out, err = (b"", out) if status else (out, b"")
        return out, err, status
    finally:
        sh._input, sh.stderr = saved_stdin, saved_err


#: mksh builtins with no /system/bin program: ``find -exec`` and ``xargs`` cannot run them.
_SHELL_ONLY = {"exit", "export", "unset", "cd", ":", "[", "if", "then", "fi"}


@toy("find", options="?^HL[-HL]")
def _find(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    split = next((k for k, a in enumerate(args) if a.startswith("-") or a in ("!", "(")), len(args))
    paths, expr = args[:split] or ["."], args[split:]
    run = _Find(sh, expr)
    try:
        for path in paths:
            try:
                entry = _lookup(sh, path, follow=bool(opts.get("L") or opts.get("H")))
            except OSError as e:
                run.errors += f"find: '{path}': {strerror(e)}\n"
                run.status = 1
                continue
            run.walk(path, posixpath.basename(path.rstrip("/")) or path, entry, 0)
    except _FindQuit:
        pass
    run.flush()
    sh.system.invalidate()
    text = "".join(run.out)
    return with_stderr(sh, text.encode("utf-8", "surrogateescape"), run.status, run.errors)


# -- making and changing files -------------------------------------------------------------------------------

_WHO = {"u": 0o4700, "g": 0o2070, "o": 0o1007, "a": 0o7777}


def _parse_mode(spec: str, mode: int, is_dir: bool = False, umask: int = 0) -> int:
    """toybox's ``string_to_mode``: octal, or ``[ugoa]*[-+=][rwxXst]*|[ugo]`` clauses joined by commas."""
    if re.fullmatch(r"[0-7]+", spec):
        value = int(spec, 8)
        if value > 0o7777:
            raise _Error(f"bad mode '{spec}'")
        return value
    for clause in spec.split(","):
        m = re.fullmatch(r"([ugoa]*)((?:[-+=][rwxXst]*|[-+=][ugo])+)", clause)
        if not m:
            raise _Error(f"bad mode '{spec}'")
        who = m.group(1) or "a"
        mask = 0
        for w in who:
            mask |= _WHO[w]
        for op, perms in re.findall(r"([-+=])([rwxXst]*|[ugo])", m.group(2)):
            bits = 0
            if perms in ("u", "g", "o"):
                part = {"u": (mode >> 6) & 7, "g": (mode >> 3) & 7, "o": mode & 7}[perms]
                bits = part << 6 | part << 3 | part
            else:
                for p in perms:
                    bits |= {"r": 0o444, "w": 0o222, "x": 0o111, "s": 0o6000, "t": 0o1000,
                             "X": 0o111 if is_dir or mode & 0o111 else 0}[p]
            bits &= mask if m.group(1) else mask & ~umask
            if op == "+":
                mode |= bits
            elif op == "-":
                mode &= ~bits
            else:
                mode = (mode & ~(mask & 0o7777 if m.group(1) else 0o777 | 0o7000)) | bits
    return mode


def _walk_paths(sh: Shell, path: str) -> Iterator[str]:
    """``path`` and, for a folder, everything below it (parents first)."""
    yield path
    try:
        entry = _lookup(sh, path, follow=False)
    except OSError:
        return
    if entry.is_dir:
        for n in _listing(sh, path):
            yield from _walk_paths(sh, posixpath.join(path, n))


@toy("chmod", options="<2?vfR[-vf]")
def _chmod(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    spec, paths = args[0], args[1:]
    _parse_mode(spec, 0)  # a bad mode fails before any file is touched
    errors, out = "", ""
    for path in paths:
        for each in (_walk_paths(sh, path) if opts.get("R") else [path]):
            try:
                entry = _lookup(sh, each)
            except OSError as e:
                if not opts.get("f"):
                    errors += _err("chmod", each, e)
                continue
            mode = _parse_mode(spec, entry.mode & 0o7777, entry.is_dir)
            if sh.system.fs.shared(sh.resolve(each)):
                # MediaProvider's FuseDaemon.cpp pf_setattr changes no mode and answers success (AndroidWorld
                # chmods the files it pushes to /sdcard as the shell user)
                if opts.get("v"):
                    out += f"chmod '{each}' to {spec}\n"
                continue
            if sh.uid not in (0, entry.uid):  # lib/lib.c wfchmodat
                shown = each if each == path else posixpath.basename(each)  # dirtree's name: the operand, or
                errors += f"chmod: chmod '{shown}' to {mode:04o}: Operation not permitted\n"  # a child's own
                continue
            sh.system.fs.chmod(sh.resolve(each), mode)
            if opts.get("v"):
                out += f"chmod '{each}' to {spec}\n"
    return with_stderr(sh, out.encode("utf-8", "surrogateescape"), 1 if errors else 0, errors)


def _make_time(text: str, year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0,
               zone: dt.tzinfo = dt.timezone.utc) -> dt.datetime:
    """A date as ``mktime`` makes it: a day past the month's end runs into the next (2024-02-30 is March 1st);
    a month, hour, minute or second out of range is ``bad date``."""
    if not (1 <= month <= 12 and 0 <= hour < 24 and 0 <= minute < 60 and 0 <= second <= 60 and 1 <= day <= 31):
        raise _Error(f"bad date {text}")
    return dt.datetime(year, month, 1, hour, minute, min(second, 59), tzinfo=zone) + dt.timedelta(days=day - 1)


def _parse_date(sh: Shell, text: str) -> int:
    """toybox's ``xparsedate`` (``touch -d``, ``date -d``): ``@SECONDS``, ``YYYY-MM-DD[T ]hh:mm[:ss[.N]]``,
    ``hh:mm[:ss]``, with an optional ``Z``/``UTC``; nanoseconds since the epoch."""
    zone = _zone(sh)
    t = text.strip()
    m = re.fullmatch(r"@(-?\d+)(?:\.(\d{1,9}))?", t)
    if m:
        return int(m.group(1)) * 10**9 + int((m.group(2) or "0").ljust(9, "0"))
    if t.endswith("Z") or t.endswith(" UTC"):
        zone, t = dt.timezone.utc, t[:-1] if t.endswith("Z") else t[:-4]
    now = _local(sh, int(sh.system.clock.now.timestamp()) * 10**9)
    m = re.fullmatch(r"(?:(\d{4})-(\d{1,2})-(\d{1,2})[T ])?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?", t)
    if m:
        year, month, day = (int(m.group(k)) for k in (1, 2, 3)) if m.group(1) else (now.year, now.month, now.day)
        when = _make_time(text, year, month, day, int(m.group(4)), int(m.group(5)), int(m.group(6) or 0), zone)
        return int(when.timestamp()) * 10**9 + int((m.group(7) or "0").ljust(9, "0"))
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t)
    if m:
        when = _make_time(text, int(m.group(1)), int(m.group(2)), int(m.group(3)), zone=zone)
        return int(when.timestamp()) * 10**9
    raise _Error(f"bad date {text}")


def _parse_stamp(sh: Shell, text: str) -> int:
    """``touch -t [[CC]YY]MMDDhhmm[.ss]``."""
    m = re.fullmatch(r"(\d{2}|\d{4})?(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d{2}))?", text)
    if not m:
        raise _Error(f"bad date {text}")
    now = _local(sh, int(sh.system.clock.now.timestamp()) * 10**9)
    year = int(m.group(1)) if m.group(1) else now.year
    if m.group(1) and len(m.group(1)) == 2:
        year += 2000 if year < 69 else 1900
    when = _make_time(text, year, int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)),
                      int(m.group(6) or 0), _zone(sh))
    return int(when.timestamp()) * 10**9


def _now_ns(sh: Shell) -> int:
    now = sh.system.clock.now
    return int(now.replace(microsecond=0).timestamp()) * 10**9 + now.microsecond * 1000


@toy("touch", options="<1acd:fmr:t:h[!dtr]")
def _touch(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if "d" in opts:
        when: int | None = _parse_date(sh, opts["d"])
    elif "t" in opts:
        when = _parse_stamp(sh, opts["t"])
    else:
        when = None
    ref = None
    if "r" in opts:
        try:
            ref = _lookup(sh, opts["r"])
        except OSError as e:
            return with_stderr(sh, b"", 1, f"touch: '{opts['r']}': {strerror(e)}\n")
    both = not (opts.get("a") or opts.get("m"))
    errors = ""
    fs = sh.system.fs
    for path in args:
        try:
            try:
                _lookup(sh, path)
            except FileNotFoundError:
                if opts.get("c"):
                    continue
                _write(sh, path, b"")
            else:
                _may(sh, path, "w")
            stamp = when if when is not None else _now_ns(sh)
            atime = ref.atime_ns if ref else stamp
            mtime = ref.mtime_ns if ref else stamp
            fs.set_times(sh.resolve(path), atime if both or opts.get("a") else None,
                         mtime if both or opts.get("m") else None)
        except OSError as e:
            errors += f"touch: '{path}': {strerror(e)}\n"
    sh.system.invalidate()
    return with_stderr(sh, b"", 1 if errors else 0, errors)


@toy("mkdir", options="<1vp(parent)(parents)m:")
def _mkdir(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    mode = _parse_mode(opts["m"], 0o777, True) if "m" in opts else None
    errors, out = "", ""
    fs = sh.system.fs
    for path in args:
        try:
            parts = sh.resolve(path).split("/")
            made = []
            for k in range(2, len(parts) + 1):
                step = "/".join(parts[:k]) or "/"
                last = k == len(parts)
                try:
                    entry = _lookup(sh, step)
                except FileNotFoundError:
                    if not (last or opts.get("p")):
                        raise
                    _may_change(sh, step)
                    fs.mkdirs(step)
                    _own(sh, step)
                    made.append(step)
                    continue
                if not entry.is_dir:
                    raise _oserror(errno.ENOTDIR)
                if last and not opts.get("p"):
                    raise _oserror(errno.EEXIST)
            if mode is not None and made:
                fs.chmod(made[-1], mode)
            if opts.get("v") and made:  # on standard error, as toybox's error_msg
                out += "".join(f"mkdir: created directory '{m}'\n" for m in made)
        except OSError as e:
            errors += f"mkdir: '{path}': {strerror(e)}\n"
    sh.system.invalidate()
    return with_stderr(sh, b"", 1 if errors else 0, out + errors)


@toy("rmdir", options="<1(ignore-fail-on-non-empty)p(parents)")
def _rmdir(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    errors = ""
    for path in args:
        target = path.rstrip("/") or path
        while True:
            try:
                entry = _lookup(sh, target, follow=False)
                if not entry.is_dir:
                    raise _oserror(errno.ENOTDIR)
                if sh.system.fs.entries(entry.path):
                    raise _oserror(errno.ENOTEMPTY)
                _may_change(sh, target)
                sh.system.fs.remove(entry.path)
            except OSError as e:
                if not (e.errno == errno.ENOTEMPTY and opts.get("ignore-fail-on-non-empty")):
                    errors += _err("rmdir", target, e)
                break
            if not opts.get("p") or "/" not in target.strip("/"):
                break
            target = posixpath.dirname(target)
    sh.system.invalidate()
    return with_stderr(sh, b"", 1 if errors else 0, errors)


@toy("rm", options="f(force)iRrv[-fi]")
def _rm(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if not args and not opts.get("f"):
        raise _UsageError("Needs 1 argument")
    errors, out = "", ""
    recursive = opts.get("r") or opts.get("R")
    for path in args:
        try:
            entry = _lookup(sh, path, follow=False)
        except OSError as e:
            if not (opts.get("f") and e.errno == errno.ENOENT):
                errors += _err("rm", path, e)
            continue
        if entry.is_dir and not recursive:
            errors += f"rm: {path}: Is a directory\n"
            continue
        errors += _remove_tree(sh, path, entry)
        if opts.get("v"):
            out += f"rm '{path}'\n"
    sh.system.invalidate()
    return with_stderr(sh, out.encode(), 1 if errors else 0, errors)


def _remove_tree(sh: Shell, path: str, entry: Entry) -> str:
    """Remove a file or folder as ``rm -r`` does, children first; the error lines of what could not go."""
    errors = ""
    if entry.is_dir and entry.path != entry.path + "/":
        try:
            names = _listing(sh, path)
        except OSError as e:
            return _err("rm", path, e)
        for n in names:
            child = posixpath.join(path, n)
            child_entry = sh.system.fs.info(sh.resolve(child), follow=False)
            if child_entry is not None:
                errors += _remove_tree(sh, child, child_entry)
        if errors:
            return errors
    try:
        _may_change(sh, path)
    except OSError as e:
        return _err("rm", path, e)
    if entry.is_link:
        return "rm: cannot remove a link Android itself made: " + path + "\n"
    sh.system.fs.remove(entry.path)
    return ""


def _destination(sh: Shell, sources: list[str], dest: str, tool: str) -> tuple[bool, str | None]:
    """Whether ``dest`` is a folder to put the sources in; an error when several sources need one."""
    try:
        into = _lookup(sh, dest).is_dir
    except OSError:
        into = False
    if len(sources) > 1 and not into:
        return False, f"{tool}: '{dest}' not directory\n"
    return into, None


def _copy_one(sh: Shell, src: str, dst: str, opts: dict[str, Any]) -> str:
    """Copy a file or (with -r) a folder to ``dst``; the error lines."""
    fs = sh.system.fs
    try:
        entry = _lookup(sh, src, follow=not (opts.get("d") or opts.get("P")))
    except OSError as e:
        return f"cp: bad '{src}': {strerror(e)}\n"
    try:
        existing: Entry | None = _lookup(sh, dst)
    except FileNotFoundError:
        existing = None
    except OSError as e:
        return _err("cp", dst, e)
    if existing is not None and existing.ino == entry.ino and existing.path == entry.path:
        return f"cp: '{src}' is '{dst}'\n"
    preserve = bool(opts.get("p") or opts.get("a"))
    if entry.is_dir:
        if not (opts.get("r") or opts.get("R")):  # toybox names the destination, with a stale errno
            return f"cp: Skipped dir '{dst}'" + (": No such file or directory\n" if existing is None else "\n")
        if existing is not None and not existing.is_dir:
            return f"cp: dir at '{dst}'\n"
        if (sh.resolve(dst) + "/").startswith(entry.path + "/"):
            return f"cp: '{dst}' is '{src}'\n"
        errors = ""
        if existing is None:
            try:
                _may_change(sh, dst)
                fs.mkdirs(sh.resolve(dst))
                _own(sh, sh.resolve(dst))
            except OSError as e:
                return _err("cp", dst, e)
        try:
            names = _listing(sh, src)
        except OSError as e:
            return _err("cp", src, e)
        for n in names:
            errors += _copy_one(sh, posixpath.join(src, n), posixpath.join(dst, n), opts)
        _copy_meta(sh, entry, dst, preserve, fresh=existing is None)
        return errors
    if existing is not None:
        if opts.get("n"):
            return ""
        if existing.is_dir:
            return f"cp: dir at '{dst}'\n"
    try:
        data = _read(sh, src)
        _write(sh, dst, data)
    except OSError as e:
        return _err("cp", dst if isinstance(e, PermissionError) else src, e)
    _copy_meta(sh, entry, dst, preserve, fresh=existing is None)
    return ""


def _copy_meta(sh: Shell, entry: Entry, dst: str, preserve: bool, fresh: bool) -> None:
    """A copy's mode (the source's, less the umask when new), and with -p its times and owner."""
    fs = sh.system.fs
    target = sh.resolve(dst)
    if preserve:
        fs.chmod(target, entry.mode & 0o7777)
        fs.set_times(target, entry.atime_ns, entry.mtime_ns)
        if sh.uid == 0 and not fs.canonical(target).startswith(STORAGE):
            fs.chown(target, f"{entry.uid}:{entry.gid}")
    elif fresh and not fs.canonical(target).startswith(STORAGE):
        fs.chmod(target, entry.mode & 0o7777 & ~0o022)


@toy("cp", options="<1(preserve):;D(parents)RHLPprudaslvnF(remove-destination)fit:T[-HLPd][-niu][+Rr]")
def _cp(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "D", "u", "i", "T", "preserve")
    if opts.get("a"):
        opts.update(d=1, p=1, r=1)
    if opts.get("s") or opts.get("l"):
        raise _Error("links (-s, -l) are not simulated")
    if "t" in opts:
        args = [*args, opts["t"]]
    if len(args) < 2:
        raise _Error("Needs 2 arguments")
    *sources, dest = args
    into, problem = _destination(sh, sources, dest, "cp")
    if problem:
        return with_stderr(sh, b"", 1, problem)
    errors = ""
    out = ""
    for src in sources:
        target = posixpath.join(dest, posixpath.basename(src.rstrip("/")) or src) if into else dest
        problem = _copy_one(sh, src, target, opts)
        errors += problem
        if opts.get("v") and not problem:
            out += f"cp '{src}'\n"
    sh.system.invalidate()
    return with_stderr(sh, out.encode("utf-8", "surrogateescape"), 1 if errors else 0, errors)


@toy("mv", options="<1v(verbose)nF(remove-destination)fit:T[-ni]")
def _mv(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "i", "T")
    if "t" in opts:
        args = [*args, opts["t"]]
    if len(args) < 2:
        raise _Error("Needs 2 arguments")
    *sources, dest = args
    into, problem = _destination(sh, sources, dest, "mv")
    if problem:
        return with_stderr(sh, b"", 1, problem)
    errors = ""
    fs = sh.system.fs
    for src in sources:
        target = posixpath.join(dest, posixpath.basename(src.rstrip("/"))) if into else dest
        try:
            entry = _lookup(sh, src, follow=False)
            old, new = entry.path, fs.canonical(sh.resolve(target))
            if new == old:
                continue
            if (new + "/").startswith(old + "/"):
                raise _oserror(errno.EINVAL)
            _lookup(sh, posixpath.dirname(sh.resolve(target)) or "/")
            try:
                there: Entry | None = _lookup(sh, target, follow=False)
            except FileNotFoundError:
                there = None
            if there is not None:
                if opts.get("n"):
                    continue
                if there.is_dir and not entry.is_dir:
                    raise _oserror(errno.EISDIR)
                if entry.is_dir and not there.is_dir:
                    raise _oserror(errno.ENOTDIR)
                if there.is_dir and fs.entries(there.path):
                    raise _oserror(errno.ENOTEMPTY)
                fs.remove(there.path)
            _may_change(sh, src)
            _may_change(sh, target)
            fs.move(old, new)
        except OSError as e:
            errors += f"mv: bad '{src}': {strerror(e)}\n"
    sh.system.invalidate()
    return with_stderr(sh, b"", 1 if errors else 0, errors)


@toy("ln", options="<1rt:Tvnfs")
def _ln(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    raise _Error("links are not simulated on this phone's file system")


# -- reading files -------------------------------------------------------------------------------------------


def _inputs(sh: Shell, tool: str, paths: list[str], folders: str = "error") -> tuple[list[tuple[str, bytes]], str]:
    """The contents of each input (standard input when there are none, or for ``-``) and the error lines. A folder
    opens but does not read: per tool, an error (``folders="error"``), nothing at all (``"empty"``: md5sum, sort,
    tail, cut) or nothing and an error (``"both"``: wc)."""
    found: list[tuple[str, bytes]] = []
    errors = ""
    for path in paths or ["-"]:
        if path == "-":
            found.append(("-", sh.stdin))
            continue
        try:
            found.append((path, _read(sh, path)))
        except IsADirectoryError as e:
            if folders in ("empty", "both"):
                found.append((path, b""))
            if folders in ("error", "both"):
                errors += _err(tool, path, e)
        except OSError as e:
            errors += _err(tool, path, e)
    return found, errors


def _lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` with their newlines; an unterminated last line is kept as it is."""
    parts = data.split(b"\n")
    return [p + b"\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _decode(line: bytes) -> str:
    return line.rstrip(b"\n").decode("utf-8", "surrogateescape")


def _encode(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode("utf-8", "surrogateescape")


@toy("cat", options="uvte")
def _cat(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """Files in order (standard input with no file or for ``-``); a missing one is reported and skipped."""
    inputs, errors = _inputs(sh, "cat", args)
    data = b"".join(d for _, d in inputs)
    if opts.get("v") or opts.get("e") or opts.get("t"):
        data = _cat_visible(data, bool(opts.get("e")), bool(opts.get("t")), bool(opts.get("v")))
    return with_stderr(sh, data, 1 if errors else 0, errors)


def _cat_visible(data: bytes, ends: bool, tabs: bool, visible: bool) -> bytes:
    """``cat -v``: ``M-`` for high bytes, ``^X`` for control bytes (a newline stays one); ``-e`` ends lines with
    ``$``, ``-t`` shows tabs as ``^I``."""
    out = bytearray()
    for b in data:
        if visible and b >= 128:
            out += b"M-"
            b -= 128
        if b == 10:
            out += b"$\n" if ends else b"\n"
        elif (visible and ((b < 32 and b != 9) or b == 127)) or (tabs and b == 9):
            out += b"^" + bytes([b ^ 64])
        else:
            out.append(b)
    return bytes(out)


def _each_input(sh: Shell, tool: str, args: list[str], opts: dict[str, Any],
                pick: Callable[[bytes], bytes]) -> Result:
    """``head``/``tail``: ``pick`` chooses part of each input; several files get ``==> f <==`` headers."""
    inputs, errors = _inputs(sh, tool, args, folders="empty" if tool == "tail" else "error")
    out = b""
    for k, (name, data) in enumerate(inputs):
        if (len(args) > 1 and not opts.get("q")) or opts.get("v"):
            out += f"{chr(10) if k else ''}==> {name} <==\n".encode()
        out += pick(data)
    return with_stderr(sh, out, 1 if errors else 0, errors)


def _dash_count(argv: list[str]) -> list[str]:
    """``head -5`` is ``head -n 5``."""
    return [x for k, a in enumerate(argv) for x in (["-n", a[1:]] if k and re.fullmatch(r"-\d+", a) else [a])]


@command("head")
def _head(sh: Shell, argv: list[str]) -> Result:
    return _head_toy(sh, _dash_count(argv))


@toy(options="?n(lines)#<0=10c(bytes)#<0qv[-nc]")
def _head_toy(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if "c" in opts:
        return _each_input(sh, "head", args, opts, lambda d: d[:opts["c"]])
    return _each_input(sh, "head", args, opts, lambda d: b"".join(_lines(d)[:opts["n"]]))


@command("tail")
def _tail(sh: Shell, argv: list[str]) -> Result:
    return _tail_toy(sh, _dash_count(argv))


@toy(options="?fFs:c(bytes)-n(lines)-[-cn][-fF]")
def _tail_toy(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if opts.get("f") or opts.get("F"):
        raise _Error("-f (follow) is not simulated: a file never grows while tail waits")
    # type "-": a count is from the end (negative) unless written +N (from the start)
    if "c" in opts:
        count = opts["c"]
        return _each_input(sh, "tail", args, opts,
                           lambda d: d[max(count - 1, 0):] if count >= 0 else d[count:])
    count = opts.get("n", -10)

    def pick(d: bytes) -> bytes:
        lines = _lines(d)
        if count >= 0:  # +N, and 0 (toybox reads -n 0 as +0: all of it)
            return b"".join(lines[max(count - 1, 0):])
        return b"".join(lines[count:]) if count else b""

    return _each_input(sh, "tail", args, opts, pick)


@toy("wc", options="mcwl")
def _wc(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    columns = [c for c in "lwcm" if opts.get(c)] or ["l", "w", "c"]
    inputs, errors = _inputs(sh, "wc", args, folders="both")
    rows: list[list[int]] = []
    names: list[str] = []
    totals = [0] * len(columns)
    for name_, data in inputs:
        counts = {"l": data.count(b"\n"), "w": len(data.split()), "c": len(data),
                  "m": len(data.decode("utf-8", "replace"))}
        row = [counts[c] for c in columns]
        totals = [a + b for a, b in zip(totals, row)]
        rows.append(row)
        names.append(name_ if args else "")
    if len(inputs) > 1:
        rows.append(totals)
        names.append("total")
    # toys/posix/wc.c: 7-wide columns, but for one file, or standard input counted one way
    width = 0 if len(args) == 1 or (not args and len(columns) == 1) else 7
    lines = [" ".join(f"{v:>{width}}" for v in row) + (f" {label}" if args else "")
             for row, label in zip(rows, names)]
    return with_stderr(sh, _encode(lines), 1 if errors else 0, errors)


# -- text ----------------------------------------------------------------------------------------------------

_POSIX_CLASSES = {"[:digit:]": "0-9", "[:alpha:]": "A-Za-z", "[:alnum:]": "A-Za-z0-9", "[:upper:]": "A-Z",
                  "[:lower:]": "a-z", "[:space:]": " \\t\\n\\r\\f\\v", "[:blank:]": " \\t",
                  "[:xdigit:]": "0-9A-Fa-f", "[:punct:]": "!-/:-@\\[-`{-~"}


def _basic_regex(pattern: str) -> str:
    r"""A POSIX basic regular expression in Python's syntax: ``\( \) \{ \}`` group and repeat; bare
    ``( ) { } | + ?`` are literal, and so are ``\+ \? \|`` (bionic's regex has no GNU extensions)."""
    out, i = "", 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            nxt = pattern[i + 1]
            out += nxt if nxt in "(){}" else "\\" + nxt if nxt in "|+?" else c + nxt
            i += 2
            continue
        out += "\\" + c if c in "(){}|+?" else c
        i += 1
    return out


def _regex(pattern: str, extended: bool, flags: int = 0) -> re.Pattern[str]:
    body = pattern if extended else _basic_regex(pattern)
    for posix, python in _POSIX_CLASSES.items():
        body = body.replace(posix, python)
    return re.compile(body, flags)


def _grep_regex(patterns: list[str], opts: dict[str, Any]) -> re.Pattern[str]:
    if opts.get("F"):
        body = "|".join(re.escape(p) for p in patterns)
    else:
        converted = [p if opts.get("E") else _basic_regex(p) for p in patterns]
        body = "|".join(f"(?:{p})" for p in converted)
        for posix, python in _POSIX_CLASSES.items():
            body = body.replace(posix, python)
    if opts.get("w"):
        body = rf"(?<!\w)(?:{body})(?!\w)"
    if opts.get("x"):
        body = rf"^(?:{body})$"
    return re.compile(body, re.IGNORECASE if opts.get("i") else 0)


_GREP_OPTIONS = ("(line-buffered)(color):;(exclude-dir)*S(exclude)*M(include)*ZzEFHIab(byte-offset)h(no-filename)"
                 "ino(only-matching)rRsvwc(count)L(files-without-match)l(files-with-matches)q(quiet)(silent)"
                 "e*f*C#B#A#m#x[!wx][!EF]")


def _grep_files(sh: Shell, args: list[str], recursive: bool) -> tuple[list[tuple[str, bytes]], str]:
    """The inputs, folders walked with -r (as toybox: names joined with ``/``), and the error lines."""
    if not recursive:
        found, errors = _inputs(sh, "grep", args)
        return [("(standard input)" if n == "-" else n, d) for n, d in found], errors
    found, errors = [], ""
    for arg in args or ["."]:
        stack = [arg]
        while stack:
            path = stack.pop(0)
            try:
                entry = _lookup(sh, path)
                if entry.is_dir:
                    stack = [posixpath.join(path, n) if not path.endswith("/") else path + n
                             for n in _listing(sh, path)] + stack
                    continue
                found.append((path, _read(sh, path)))
            except OSError as e:
                errors += _err("grep", path, e)
    return found, errors


@toy("grep", "egrep", "fgrep", options=_GREP_OPTIONS, status=2)
def _grep(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """Exit 0 when a line matched, 1 when none did, 2 on an error (an unreadable file, a bad pattern)."""
    _refuse(opts, "exclude-dir", "S", "M", "Z", "z")
    if name in ("egrep", "fgrep"):
        opts[name[0].upper()] = 1
    patterns = list(opts.get("e", []))
    for source in opts.get("f", []):
        try:
            patterns += [_decode(line) for line in _lines(_read(sh, source))]
        except OSError as e:
            return with_stderr(sh, b"", 2, _err("grep", source, e))
    if "e" not in opts and "f" not in opts:
        if not args:
            raise _Error("no REGEX")
        patterns, args = args[:1], args[1:]
    patterns = [q for p in patterns for q in p.split("\n")]
    try:
        regex = _grep_regex(patterns, opts)
    except re.error:
        return with_stderr(sh, b"", 2, f"grep: bad REGEX '{patterns[0]}'\n")
    recursive = bool(opts.get("r") or opts.get("R"))
    inputs, errors = _grep_files(sh, args, recursive)
    named = (len(args) > 1 or recursive or opts.get("H")) and not opts.get("h")
    after, before = opts.get("A", opts.get("C", 0)), opts.get("B", opts.get("C", 0))
    out: list[str] = []
    matched = False
    for file, data in inputs:
        lines = list(map(_decode, _lines(data)))
        hits = [n for n, text in enumerate(lines) if bool(regex.search(text)) != bool(opts.get("v"))]
        if "m" in opts:
            hits = hits[:opts["m"]]
        matched = matched or bool(hits)
        if opts.get("q"):
            if matched:
                return with_stderr(sh, b"", 0)
            continue
        prefix = f"{file}:" if named else ""
        if opts.get("c"):
            out.append(f"{prefix}{len(hits)}")
        elif opts.get("l"):
            out += [file] if hits else []
        elif opts.get("L"):
            out += [] if hits else [file]
        else:
            out += _grep_lines(file if named else None, lines, hits, regex, opts, before, after)
    # an unreadable file fails the search, even with -s; a folder (without -r) is only mentioned
    failed = any(not line.endswith(": Is a directory") for line in errors.splitlines())
    status = 2 if failed else 0 if matched else 1
    return with_stderr(sh, _encode(out), status, "" if opts.get("s") else errors)


def _grep_lines(file: str | None, lines: list[str], hits: list[int], regex: re.Pattern[str],
                opts: dict[str, Any], before: int, after: int) -> list[str]:
    """Matching lines with their context (``--`` between groups), prefixed as toybox does."""
    out: list[str] = []
    wanted = set(hits)
    shown = -1
    starts = [0]  # each line's byte offset (-b)
    for line in lines:
        starts.append(starts[-1] + len(line.encode("utf-8", "surrogateescape")) + 1)
    for n in hits:
        first = max(n - before, shown + 1)
        if (before or after) and shown >= 0 and first > shown + 1:
            out.append("--")
        for k in range(first, n):
            out.append(_grep_prefix(file, k, opts, "-") + lines[k])
        if opts.get("o") and not opts.get("v"):
            out += [_grep_prefix(file, n, opts, ":", starts[n] + len(lines[n][:m.start()].encode(
                "utf-8", "surrogateescape"))) + m.group(0) for m in regex.finditer(lines[n]) if m.group(0)]
        else:
            out.append(_grep_prefix(file, n, opts, ":", starts[n]) + lines[n])
        shown = n
        k = n + 1
        while k < len(lines) and k <= n + after and k not in wanted:
            out.append(_grep_prefix(file, k, opts, "-") + lines[k])
            shown = k
            k += 1
    return out


def _grep_prefix(file: str | None, n: int, opts: dict[str, Any], sep: str, offset: int | None = None) -> str:
    """``FILE:LINE:OFFSET:`` as asked (-H, -n, -b; a context line has ``-`` and no offset)."""
    return ((f"{file}{sep}" if file is not None else "") + (f"{n + 1}{sep}" if opts.get("n") else "")
            + (f"{offset}{sep}" if opts.get("b") and offset is not None else ""))


def _ranges(spec: str) -> list[tuple[int, int]]:
    """``cut``'s lists: ``N``, ``N-``, ``-M``, ``N-M``, comma-separated (1-based, inclusive)."""
    found = []
    for part in spec.split(","):
        m = re.fullmatch(r"(\d*)(-?)(\d*)", part)
        if not m or part in ("", "-") or (not m.group(2) and not m.group(1)):
            raise _Error(f"bad list '{spec}'")
        low = int(m.group(1)) if m.group(1) else 1
        high = (int(m.group(3)) if m.group(3) else 2**31) if m.group(2) else low
        if low < 1:
            raise _Error(f"bad list '{spec}'")
        found.append((low, high))
    return found


def _in_ranges(k: int, ranges: list[tuple[int, int]]) -> bool:
    return any(low <= k <= high for low, high in ranges)


@toy("cut", options="b*|c*|f*|F*|C*|O(output-delimiter):d:sDn[!cbfF]")
def _cut(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "F", "C")
    kind = next((k for k in "bcfFC" if k in opts), None)
    if kind is None:
        raise _UsageError("Needs one of -CFfcb")
    if opts.get("s") and kind not in "fF":
        raise _Error("-s needs -Ff")
    if "d" in opts and kind not in "fF":
        raise _Error("-d needs -Ff")
    ranges = _ranges(",".join(opts[kind]))
    delim = opts.get("d", "\t")
    inputs, errors = _inputs(sh, "cut", args, folders="empty")
    out: list[str] = []
    for _, data in inputs:
        for line in map(_decode, _lines(data)):
            if kind == "f":
                if delim not in line:  # the whole line, as field 1 (posix); -s skips it unless field 1 was asked
                    if not opts.get("s") or _in_ranges(1, ranges):
                        out.append(line)
                    continue
                fields = line.split(delim)
                out.append(opts.get("O", delim).join(f for k, f in enumerate(fields, 1) if _in_ranges(k, ranges)))
            elif kind == "b":
                raw = line.encode("utf-8", "surrogateescape")
                out.append(bytes(b for k, b in enumerate(raw, 1) if _in_ranges(k, ranges)).decode(
                    "utf-8", "surrogateescape"))
            else:
                out.append("".join(c for k, c in enumerate(line, 1) if _in_ranges(k, ranges)))
    return with_stderr(sh, _encode(out), 1 if errors else 0, errors)


def _sort_number(text: str) -> float:
    m = re.match(r"\s*[-+]?(\d+\.?\d*|\.\d+)", text)
    return float(m.group(0)) if m else 0.0


def _sort_key_text(line: str, key: str, sep: str | None) -> str:
    """The part of ``line`` a ``-k F[.C][,F[.C]]`` key selects."""
    m = re.fullmatch(r"(\d+)(?:\.(\d+))?[bdfinr]*(?:,(\d+)(?:\.(\d+))?[bdfinr]*)?", key)
    if not m:
        raise _Error(f"bad -k '{key}'")
    if sep is not None:
        fields = line.split(sep)
        starts, pos = [], 0
        for f in fields:
            starts.append(pos)
            pos += len(f) + len(sep)
        ends = [s + len(f) for s, f in zip(starts, fields)]
    else:
        spans = [mm.span() for mm in re.finditer(r"\s*\S+", line)]
        starts, ends = [s for s, _ in spans], [e for _, e in spans]
    f1 = int(m.group(1)) - 1
    if f1 >= len(starts):
        return ""
    begin = starts[f1] + (int(m.group(2)) - 1 if m.group(2) else 0)
    if m.group(3):
        f2 = int(m.group(3)) - 1
        end = len(line) if f2 >= len(ends) else (starts[f2] + int(m.group(4)) if m.group(4) else ends[f2])
    else:
        end = len(line)
    return line[begin:end]


@toy("sort", options="gS:T:mo:k*t:xVbMCcszdfirun", status=2)
def _sort(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "x", "V", "M", "z", "d", "i", "C")
    inputs, errors = _inputs(sh, "sort", args, folders="empty")
    if errors:
        return with_stderr(sh, b"", 2, errors)
    lines = [_decode(line) for _, data in inputs for line in _lines(data)]
    sep = opts.get("t")
    keys = opts.get("k", [])

    def fold(text: str) -> str:
        text = text.lstrip() if opts.get("b") else text
        return text.upper() if opts.get("f") else text

    def value(text: str, key: str | None) -> Any:
        flags = re.sub(r"[\d.,]", "", key or "")
        part = _sort_key_text(text, key, sep) if key else text
        if opts.get("n") or "n" in flags or opts.get("g"):
            return _sort_number(part)
        if "b" in flags:
            part = part.lstrip()
        return fold(part).encode("utf-8", "surrogateescape")

    def full(text: str) -> tuple[Any, ...]:
        main = tuple(value(text, k) for k in keys) if keys else (value(text, None),)
        tie = () if opts.get("s") or (opts.get("u")) else (text.encode("utf-8", "surrogateescape"),)
        return main + tie

    lines.sort(key=full, reverse=bool(opts.get("r")))
    if opts.get("u"):
        kept: list[str] = []
        for t in lines:
            if not kept or full(t)[: len(keys) or 1] != full(kept[-1])[: len(keys) or 1]:
                kept.append(t)
        lines = kept
    if opts.get("c"):
        for a, b in itertools.pairwise(lines):
            if full(b) < full(a):
                return with_stderr(sh, b"", 1, f"sort: disorder: {b}\n")
        return with_stderr(sh, b"", 0)
    if "o" in opts:
        _write(sh, opts["o"], _encode(lines))
        return with_stderr(sh, b"", 0)
    return with_stderr(sh, _encode(lines), 0)


@toy("uniq", options="f#s#w#zicdu")
def _uniq(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "z")
    if len(args) > 2:
        raise _UsageError("Max 2 arguments")
    inputs, errors = _inputs(sh, "uniq", args[:1])
    if errors:
        return with_stderr(sh, b"", 1, errors)

    def key(text: str) -> str:
        for _ in range(opts.get("f", 0)):
            text = re.sub(r"^\s*\S+", "", text, count=1)
        text = text[opts.get("s", 0):]
        if "w" in opts:
            text = text[:opts["w"]]
        return text.lower() if opts.get("i") else text

    groups: list[list[str]] = []
    for line in (_decode(x) for _, d in inputs for x in _lines(d)):
        if groups and key(groups[-1][0]) == key(line):
            groups[-1].append(line)
        else:
            groups.append([line])
    out = []
    for g in groups:
        if (opts.get("d") and len(g) < 2) or (opts.get("u") and len(g) > 1):
            continue
        out.append(f"{len(g):7} {g[0]}" if opts.get("c") else g[0])
    data = _encode(out)
    if len(args) == 2:
        _write(sh, args[1], data)
        data = b""
    return with_stderr(sh, data, 0)


_TR_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_TR_CLASSES = {"[:lower:]": "abcdefghijklmnopqrstuvwxyz", "[:upper:]": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
               "[:digit:]": "0123456789", "[:space:]": " \t\n\r\f\v", "[:blank:]": " \t",
               "[:alpha:]": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
               "[:alnum:]": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"}


def _tr_set(spec: str) -> str:
    """A ``tr`` set spelled out: classes, ``\\n`` escapes and ``a-z`` ranges."""
    for name, chars in _TR_CLASSES.items():
        spec = spec.replace(name, chars)
    spec = re.sub(r"\\([0-7]{1,3}|.)", lambda m: chr(int(m.group(1), 8)) if m.group(1)[0] in "01234567"
                  else _TR_ESCAPES.get(m.group(1), m.group(1)), spec)
    return re.sub(r"(.)-(.)", lambda m: "".join(map(chr, range(ord(m.group(1)), ord(m.group(2)) + 1))), spec)


@toy("tr", options="^<1>2Ccstd[+cC]")
def _tr(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """Android's toybox has ``tr`` (toys/posix/tr.c); Debian's build leaves it out."""
    if len(args) < 2 and not (opts.get("d") or opts.get("s")):
        raise _UsageError("Needs 2 arguments")
    text = sh.stdin.decode("utf-8", "surrogateescape")
    source = _tr_set(args[0])
    if opts.get("c") or opts.get("C"):
        source = "".join(sorted(set(map(chr, range(256))) - set(source)))
    if opts.get("d"):
        text = text.translate(dict.fromkeys(map(ord, source)))
        squeeze = _tr_set(args[1]) if len(args) > 1 else ""
    else:
        if len(args) > 1:
            target = _tr_set(args[1])
            target = target + target[-1:] * (len(source) - len(target))
            text = text.translate({ord(a): b for a, b in zip(source, target)})
            squeeze = target
        else:
            squeeze = source
    if opts.get("s") and squeeze:
        text = re.sub("([" + re.escape(squeeze) + "])\\1+", r"\1", text)
    return with_stderr(sh, text.encode("utf-8", "surrogateescape"), 0)


def _xargs_words(data: str, null: bool, eof: str | None) -> list[str]:
    if null:
        return [w for w in data.split("\0") if w]
    words: list[str] = []
    for m in re.finditer(r"""(?:[^\s'"\\]|\\.|'[^']*'|"[^"]*")+""", data):
        word = re.sub(r"""\\(.)|'([^']*)'|"([^"]*)\"""", lambda x: x.group(1) or x.group(2) or x.group(3) or "",
                      m.group(0))
        if eof is not None and word == eof:
            break
        words.append(word)
    return words


@toy("xargs", options="^E:P#<0(null)=1optr(no-run-if-empty)n#<1(max-args)s#0[!0E]")
def _xargs(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """Run a command (``echo`` by default) with words from standard input, as toybox's xargs:
    123 if an invocation failed, 127 if the command was not found."""
    _refuse(opts, "p")
    words = _xargs_words(sh.stdin.decode("utf-8", "surrogateescape"), bool(opts.get("0")), opts.get("E"))
    command_words = args or ["echo"]
    if not words and opts.get("r"):
        return with_stderr(sh, b"", 0)
    size = opts.get("n") or max(len(words), 1)
    out, err, status = b"", b"", 0
    for k in range(0, max(len(words), 1), size):
        batch = command_words + words[k:k + size]
        if opts.get("t"):
            err += "".join(f"{w} " for w in batch).encode() + b"\n"
        o, e, s = _run_argv(sh, batch)
        if s == 127 and batch[0].rsplit("/", 1)[-1] not in COMMANDS:
            return with_stderr(sh, out, 127, err + f"xargs: exec {batch[0]}: No such file or directory\n".encode())
        out, err = out + o, err + e
        if s:
            status = 123
    return with_stderr(sh, out, status, err)


def _seq_number(text: str) -> float:
    try:
        return float(text)
    except ValueError as e:
        raise _Error(f"not a number: '{text}'") from e


@toy("seq", options="<1>3?f:s:w[!fw]")
def _seq(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    numbers = [_seq_number(a) for a in args]
    first, step, last = (1.0, 1.0, numbers[0]) if len(numbers) == 1 else (
        (numbers[0], 1.0, numbers[1]) if len(numbers) == 2 else tuple(numbers))
    if not step:  # toys/lsb/seq.c: nothing to count
        return with_stderr(sh, b"", 0)
    decimals = max((len(a.partition(".")[2]) for a in args if "." in a), default=0)
    fmt = opts.get("f")
    values = []
    k = 0
    while True:
        v = first + k * step
        if (step > 0 and v > last + 1e-9) or (step < 0 and v < last - 1e-9):
            break
        values.append(v)
        k += 1
    if fmt:
        texts = [_c_format(fmt, [v]) for v in values]
    else:
        texts = [f"{v:.{decimals}f}" if decimals else f"{int(round(v))}" for v in values]
        if opts.get("w") and texts:
            width = max(len(t) for t in texts)
            texts = [t.zfill(width) if not t.startswith("-") else "-" + t[1:].zfill(width - 1) for t in texts]
    sep = opts.get("s", "\n")
    return with_stderr(sh, (sep.join(texts) + "\n" if texts else "").encode(), 0)


def _c_format(spec: str, values: list[Any]) -> str:
    """One C printf conversion applied to Python values (``%g`` etc.)."""
    try:
        return spec % tuple(values)
    except (TypeError, ValueError) as e:
        raise _Error(f"bad format '{spec}'") from e


_ESCAPES = {"\\": "\\", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
            "v": "\v", '"': '"', "'": "'"}


def _unescape(text: str, b_style: bool = False) -> tuple[str, bool]:
    """Backslash escapes as printf (and ``%b``) reads them; True when ``\\c`` stops output."""
    out, i = "", 0
    while i < len(text):
        c = text[i]
        if c != "\\" or i + 1 >= len(text):
            out += c
            i += 1
            continue
        nxt = text[i + 1]
        if nxt == "c" and b_style:
            return out, True
        if nxt in _ESCAPES:
            out += _ESCAPES[nxt]
            i += 2
        elif nxt in "01234567" or (nxt == "0" and b_style):
            m = re.match(r"0?[0-7]{1,3}" if b_style else r"[0-7]{1,3}", text[i + 1:])
            assert m is not None
            out += chr(int(m.group(0), 8) & 255)
            i += 1 + len(m.group(0))
        elif nxt == "x" and re.match(r"[0-9a-fA-F]", text[i + 2:i + 3]):
            m = re.match(r"[0-9a-fA-F]{1,2}", text[i + 2:])
            assert m is not None
            out += chr(int(m.group(0), 16))
            i += 2 + len(m.group(0))
        else:
            out += c
            i += 1
    return out, False


def _printf_number(text: str, errors: list[str], integer: bool) -> Any:
    if text[:1] in "'\"" and len(text) > 1:
        return ord(text[1])
    try:
        return int(text, 0) if integer else float(text)
    except ValueError:
        try:
            return int(float(text)) if integer else float(int(text, 0))
        except ValueError:
            errors.append(text)
            return 0


@command("printf")
def _printf(sh: Shell, argv: list[str]) -> Result:
    """toybox's printf: the format reused while arguments remain; ``%b`` expands escapes in its argument."""
    if len(argv) < 2:
        return with_stderr(sh, b"", 1, 'printf: Needs 1 argument (see "printf --help")\n')
    fmt, values = argv[1], argv[2:]
    out, errors = "", []
    pos = 0
    while True:
        used = 0
        i = 0
        while i < len(fmt):
            c = fmt[i]
            if c == "\\":
                m = re.match(r"\\(?:[0-7]{1,3}|x[0-9a-fA-F]{1,2}|.)", fmt[i:])
                chunk = m.group(0) if m else "\\"
                out += _unescape(chunk)[0]
                i += len(chunk)
                continue
            if c != "%":
                out += c
                i += 1
                continue
            m = re.match(r"%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?([diouxXeEfFgGcsb%])", fmt[i:])
            if not m:
                return with_stderr(sh, out.encode("utf-8", "surrogateescape"), 1,
                                   "".join(errors) + f"printf: bad %{fmt[i + 1:i + 2]}@{i + 2}\n")
            i += len(m.group(0))
            conv = m.group(4)
            if conv == "%":
                out += "%"
                continue
            flags, width, precision = m.group(1), m.group(2) or "", m.group(3)
            if width == "*":
                width = values[pos] if pos < len(values) else "0"
                pos, used = pos + 1, used + 1
            if precision == "*":
                precision = values[pos] if pos < len(values) else "0"
                pos, used = pos + 1, used + 1
            arg = values[pos] if pos < len(values) else None
            if arg is not None:
                pos, used = pos + 1, used + 1
            spec = "%" + flags + width + (f".{precision}" if precision is not None else "")
            if conv in "sb":
                text = arg or ""
                if conv == "b":
                    text, stop = _unescape(text, b_style=True)
                    if stop:
                        return with_stderr(sh, (out + (spec + "s") % text).encode("utf-8", "surrogateescape"),
                                           1 if errors else 0, "".join(errors))
                out += (spec + "s") % text
            elif conv == "c":
                out += (spec + "s") % ((arg or "")[:1])
            else:
                integer = conv in "diouxX"
                bad = len(errors)
                number = _printf_number(arg, errors, integer) if arg is not None else (0 if integer else 0.0)
                if len(errors) > bad:  # toys/posix/printf.c: "bad %d abc"
                    errors[-1] = f"printf: bad %{conv} {errors[-1]}\n"
                out += (spec + ("d" if conv in "iu" else conv)) % number
        if not used or pos >= len(values):
            break
    return with_stderr(sh, out.encode("utf-8", "surrogateescape"), 1 if errors else 0, "".join(errors))


@toy("basename", options="^<1as:")
def _basename(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    suffix = opts.get("s")
    if not (opts.get("a") or suffix is not None) and len(args) == 2:
        args, suffix = args[:1], args[1]
    elif not (opts.get("a") or suffix is not None) and len(args) > 2:
        raise _UsageError("Max 2 arguments")
    out = []
    for arg in args:
        base = arg.rstrip("/").rsplit("/", 1)[-1] or ("/" if arg.startswith("/") else ".")
        if suffix and base.endswith(suffix) and base != suffix:
            base = base[: -len(suffix)]
        out.append(base)
    return with_stderr(sh, _encode(out), 0)


@toy("dirname", options="<1")
def _dirname(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    out = []
    for arg in args:
        path = arg.rstrip("/")
        if not path:
            out.append("/" if arg else ".")
            continue
        head = path.rsplit("/", 1)[0] if "/" in path else "."
        out.append(head.rstrip("/") or "/")
    return with_stderr(sh, _encode(out), 0)


def _canonical(sh: Shell, path: str, need: str) -> str:
    """``realpath``/``readlink -f``: the absolute path with links followed; ``need``: ``all`` components must
    exist (-e), ``parent`` (the default), or ``none`` (-m)."""
    absolute = sh.resolve(path)
    fs = sh.system.fs
    parts = [p for p in absolute.split("/") if p]
    current = "/"
    for k, part in enumerate(parts):
        candidate = posixpath.join(current, part)
        link = fs.info(candidate, follow=False)
        last = k == len(parts) - 1
        if link is None and need != "none" and not (last and need == "parent"):
            raise _oserror(errno.ENOENT)
        current = posixpath.normpath(link.link if link is not None and link.is_link else candidate)
        if link is not None and link.is_link:
            current = _canonical(sh, current, "none")
    return current


@command("realpath")
def _realpath(sh: Shell, argv: list[str]) -> Result:
    """mksh's builtin ``realpath [--] NAME`` (it runs before toybox's): the path with links followed, its last
    part may be missing; errors as mksh prints them (``E: /system/bin/sh: realpath: ...``), status 2."""
    args = argv[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    if len(args) != 1 or args[0].startswith("-"):
        return with_stderr(sh, b"", 2, "E: /system/bin/sh: realpath: syntax error\n")
    try:
        return with_stderr(sh, _encode([_canonical(sh, args[0], "parent")]), 0)
    except OSError as e:
        return with_stderr(sh, b"", 2, f"E: /system/bin/sh: realpath: {args[0]}: {strerror(e)}\n")


@toy("readlink", options="<1vnf(canonicalize)emqz[-mef][-qv]")
def _readlink(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "z")
    out, status, errors = [], 0, ""
    end = "" if opts.get("n") else "\n"
    for arg in args:
        if opts.get("f") or opts.get("e") or opts.get("m"):
            need = "all" if opts.get("e") else "none" if opts.get("m") else "parent"
            try:
                out.append(_canonical(sh, arg, need) + end)
            except OSError as e:
                status = 1
                if opts.get("v"):
                    errors += _err("readlink", arg, e)
            continue
        entry = sh.system.fs.info(sh.resolve(arg), follow=False)
        if entry is not None and entry.is_link:
            out.append(f"{entry.link}{end}")
        else:
            status = 1
    return with_stderr(sh, "".join(out).encode(), status, errors)


# -- space ---------------------------------------------------------------------------------------------------


def _du_walk(sh: Shell, path: str, depth: int, opts: dict[str, Any], rows: list[tuple[int, str]],
             errors: list[str]) -> int:
    """Kilobytes used under ``path``; appends the rows ``du`` prints (children before their folder)."""
    try:
        entry = _lookup(sh, path, follow=bool(opts.get("L") or (depth == 0 and opts.get("H"))))
    except OSError as e:
        errors.append(_err("du", path, e))
        return 0
    size = _blocks_1k(entry)
    if entry.is_dir:
        try:
            names = _listing(sh, path)
        except OSError as e:
            errors.append(_err("du", path, e))
            names = []
        for n in names:
            size += _du_walk(sh, posixpath.join(path, n) if not path.endswith("/") else path + n, depth + 1,
                             opts, rows, errors)
    limit = opts.get("d", -1)
    shown = (entry.is_dir or opts.get("a") or depth == 0) and (not opts.get("s") or depth == 0)
    if shown and (limit < 0 or depth <= limit):
        rows.append((size, path))
    return size


@toy("du", options="d#<0=-1hmlcaHkKLsxb[-HL][-kKmh]")
def _du(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "b", "x")
    rows: list[tuple[int, str]] = []
    errors: list[str] = []
    total = sum(_du_walk(sh, arg, 0, opts, rows, errors) for arg in args or ["."])
    if opts.get("c"):
        rows.append((total, "total"))

    def size(kb: int) -> str:
        if opts.get("h"):
            return _human(kb * 1024)
        return str(-(-kb // 1024)) if opts.get("m") else str(kb)

    text = "".join(f"{size(kb)}\t{path}\n" for kb, path in rows)
    return with_stderr(sh, text.encode("utf-8", "surrogateescape"), 1 if errors else 0, "".join(errors))


def _tree_kb(sh: Shell, path: str) -> int:
    total = 0
    for folder, dirs, files in os.walk(sh.system.fs.host(path)):
        total += 4 * len(dirs) + sum(-(-os.path.getsize(os.path.join(folder, f)) // 4096) * 4 for f in files)
    return total


@toy("df", options="HPkhit*a[-HPh]")
def _df(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "i")
    used_by_files = _tree_kb(sh, "/data")
    table = [m for m in kernel.MOUNTS if m.size_kb or opts.get("a")]
    if "t" in opts:
        table = [m for m in table if m.type in opts["t"]]
    mounts = [(m.device, m.point, m.size_kb,
               m.used_kb + (used_by_files if m.point in ("/data", "/storage/emulated") else 0)) for m in table]
    errors = ""
    if args:
        picked = []
        for arg in args:
            try:
                entry = _lookup(sh, arg)
            except OSError as e:
                errors += f"df: '{arg}': {strerror(e)}\n"
                continue
            point = max((m for m in mounts if (entry.path + "/").startswith(m[1].rstrip("/") + "/")),
                        key=lambda m: len(m[1]))
            picked.append(point)
        mounts = picked
    human = opts.get("h") or opts.get("H")
    units = 512 if opts.get("P") and not opts.get("k") else 1024
    rows = [["Filesystem", "Size" if human else ("512-blocks" if units == 512 else
             "1024-blocks" if opts.get("P") else "1K-blocks"), "Used", "Avail" if human else "Available",
             "Capacity" if opts.get("P") and not human else "Use%", "Mounted on"]]
    for dev, point, size, used in mounts:
        used = min(used, size)
        free = size - used
        pct = -(-used * 100 // (used + free)) if used + free else 0
        values = [v * 1024 for v in (size, used, free)]
        texts = [_human(v, bool(opts.get("H"))) for v in values] if human else [str(v // units) for v in values]
        rows.append([dev, *texts, f"{pct}%", point])
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    widths[0] = max(widths[0], 14 + bool(human))
    lines = [f"{r[0]:<{widths[0]}}" + "".join(f" {r[k]:>{widths[k]}}" for k in range(1, 5)) + f" {r[5]}"
             for r in rows]
    return with_stderr(sh, _encode(lines), 1 if errors else 0, errors)


# -- who and where -------------------------------------------------------------------------------------------

#: adbd's supplementary groups on Android 13 (``packages/modules/adb/daemon/main.cpp``), root or shell alike.
_ADBD_GROUPS = [1004, 1007, 1011, 1015, 1028, 1078, 1079, 3001, 3002, 3003, 3006, 3009, 3011, 3012]


@toy("id", options=">1nGgru[!Ggu]")
def _id(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    uid = sh.uid
    if args:
        found = user_id(args[0])
        if found is None:
            raise _Error(f"no such user '{args[0]}'")
        uid = found
    groups = [uid, *_ADBD_GROUPS] if uid == sh.uid else [uid]

    def show(n: int) -> str:
        return user_name(n) if opts.get("n") else str(n)

    if opts.get("u") or opts.get("g"):
        return ok(show(uid) + "\n")
    if opts.get("G"):
        return ok(" ".join(show(g) for g in groups) + "\n")
    context = "u:r:su:s0" if uid == 0 else "u:r:shell:s0"
    listed = ",".join(f"{g}({user_name(g)})" for g in groups)
    return ok(f"uid={uid}({user_name(uid)}) gid={uid}({user_name(uid)}) groups={listed} context={context}\n")


@toy("whoami", options=">0")
def _whoami(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    return ok(user_name(sh.uid) + "\n")


#: What a phone's ``PATH`` has outside ``/system/bin`` for the commands simulated here: nothing, all
#: (toybox's applets, mksh, the framework's scripts) live in ``/system/bin`` on Android 13.
_PATH_DIR = "/system/bin"


@toy("which", options="<1a")
def _which(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    out, status = [], 0
    for arg in args:
        if "/" in arg:
            try:
                entry = _lookup(sh, arg)
                found = stat_mod.S_ISREG(entry.mode) and bool(entry.mode & 0o111)
            except OSError:
                found = False
            if found:
                out.append(arg)
            else:
                status = 1
        elif arg in COMMANDS and arg not in _SHELL_ONLY:
            out.append(f"{'/system/xbin' if arg in _XBIN else _PATH_DIR}/{arg}")
        else:
            status = 1
    return with_stderr(sh, _encode(out), status)


def _environment(sh: Shell) -> dict[str, str]:
    """The exported variables (adbd's environment and what the line exported), as a command gets them."""
    given = getattr(sh, "_toybox_env", None)
    if given is not None:  # a command run by env: the environment env made
        return dict(given)
    vars_ = getattr(sh, "vars", {})
    return {"_": "/system/bin/env", **{n: vars_[n] for n in vars_ if n in getattr(sh, "exported", ())}}


@toy("env", "printenv", options="^i0u*", status=125)
def _env(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    env = {} if opts.get("i") or (args[:1] == ["-"]) else _environment(sh)
    if args[:1] == ["-"]:
        args = args[1:]
    for key in opts.get("u", []):
        env.pop(key, None)
    while args and "=" in args[0] and not args[0].startswith("="):
        key, _, value = args.pop(0).partition("=")
        env[key] = value
    if name == "printenv":
        wanted = [env[a] for a in args if a in env]
        return with_stderr(sh, _encode(wanted) if args else _encode(f"{k}={v}" for k, v in sorted(env.items())),
                           0 if len(wanted) == len(args) else 1)
    if not args:
        end = "\0" if opts.get("0") else "\n"
        return ok("".join(f"{k}={v}{end}" for k, v in env.items()))
    saved, saved_env = dict(sh.vars), getattr(sh, "_toybox_env", None)
    sh.vars.update(env)
    sh._toybox_env = env
    try:
        out, err, status = _run_argv(sh, args)
    finally:
        sh.vars, sh._toybox_env = saved, saved_env
    if status == 127 and not err.startswith(b"/"):
        err = f"env: {args[0]}: No such file or directory\n".encode()
    return with_stderr(sh, out, status, err)


def _boot(sh: Shell) -> dt.datetime:
    return kernel.boot_time(sh.system)


@toy("uptime", options=">0ps")
def _uptime(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    now, boot = sh.system.clock.now, _boot(sh)
    local = now.astimezone(_zone(sh))
    if opts.get("s"):
        return ok(boot.astimezone(_zone(sh)).strftime("%Y-%m-%d %H:%M:%S") + "\n")
    minutes_up = int((now - boot).total_seconds()) // 60
    minutes, hours, days = minutes_up % 60, minutes_up // 60 % 24, minutes_up // 1440
    load = " load average: 0.00, 0.00, 0.00\n"
    if opts.get("p"):
        weeks, days = days // 7, days % 7

        def plural(n: int, unit: str) -> str:
            return f"{n} {unit}{'' if n == 1 else 's'}"

        return ok(f"up {plural(weeks, 'week')}, {plural(days, 'day')}, {plural(hours, 'hour')}, "
                  f"{plural(minutes, 'minute')}, " + load)
    text = local.strftime(" %H:%M:%S up ")
    if days:
        text += f"{days} day{'' if days == 1 else 's'}, "
    text += f"{hours:2d}:{minutes:02d}, " if hours else f"{minutes} min, "
    return ok(text + " 0 users, " + load)


def _strftime(when: dt.datetime, fmt: str) -> str:
    """``strftime`` with toybox's ``%N`` (nanoseconds) and an exact ``%s``, not the host's local zone."""
    fmt = fmt.replace("%s", str(int(when.timestamp()))).replace("%N", f"{when.microsecond * 1000:09d}")
    fmt = fmt.replace("%:z", when.strftime("%z")[:3] + ":" + when.strftime("%z")[3:])
    if "%Z" in fmt and when.tzinfo is dt.timezone.utc:
        fmt = fmt.replace("%Z", "UTC")
    return when.strftime(fmt)


@toy("date", options="d:D:I(iso-8601):;r:s:u(utc)[!dr]")
def _date(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "D")
    zone = dt.timezone.utc if opts.get("u") else _zone(sh)
    fmt = "%a %b %e %H:%M:%S %Z %Y"
    if args and args[0].startswith("+"):
        fmt, args = args[0][1:], args[1:]
    if "I" in opts:
        fmt = {"date": "%Y-%m-%d", "hours": "%Y-%m-%dT%H%:z", "minutes": "%Y-%m-%dT%H:%M%:z",
               "seconds": "%Y-%m-%dT%H:%M:%S%:z", "ns": "%Y-%m-%dT%H:%M:%S,%N%:z"}.get(opts["I"] or "date", "")
        if not fmt:
            raise _Error(f"bad -I: {opts['I']}")
    if "d" in opts:
        ns = _parse_date(sh, opts["d"])
        when = dt.datetime.fromtimestamp(ns // 10**9, zone).replace(microsecond=ns % 10**9 // 1000)
    elif "r" in opts:
        try:
            ns = _lookup(sh, opts["r"]).mtime_ns
        except OSError as e:
            raise _Error(f"{opts['r']}: {strerror(e)}") from e
        when = dt.datetime.fromtimestamp(ns // 10**9, zone).replace(microsecond=ns % 10**9 // 1000)
    else:
        when = sh.system.clock.now.astimezone(zone)
    setting = opts.get("s")
    if args:
        if setting is not None or len(args) > 1:
            raise _UsageError("can't set two dates at once" if setting is not None else "Max 1 argument")
        setting = args[0]
    errors = ""
    if setting is not None:
        when = _parse_stamp_date(sh, setting)
        if sh.uid == 0:  # settimeofday(2) needs CAP_SYS_TIME; the shell user is told so, and the date shown
            sh.device.set_time(when.astimezone(dt.timezone.utc))
        else:
            errors = "date: cannot set date: Operation not permitted\n"
        when = when.astimezone(zone)
    return with_stderr(sh, (_strftime(when, fmt) + "\n").encode(), 1 if errors else 0, errors)


def _parse_stamp_date(sh: Shell, stamp: str) -> dt.datetime:
    """The date to set: ``MMDDhhmm[[CC]YY][.ss]`` (toybox's own form) or what ``-d`` reads."""
    m = re.fullmatch(r"(\d{2})(\d{2})(\d{2})(\d{2})(\d{4}|\d{2})?(?:\.(\d{2}))?", stamp)
    if not m:
        ns = _parse_date(sh, stamp)
        return dt.datetime.fromtimestamp(ns // 10**9, _zone(sh))
    now = sh.system.clock.now
    year = int(m.group(5) or now.year)
    year += 2000 if year < 100 else 0  # YY, as AndroidWorld's set_datetime writes it (%m%d%H%M%y.%S)
    return _make_time(stamp, year, int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)),
                      int(m.group(6) or 0), _zone(sh))


def _seconds(args: list[str]) -> float:
    total = 0.0
    for arg in args:
        m = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)([smhd]?)", arg)
        if not m:
            raise _Error(f"Not a number '{arg}'")
        total += float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]
    return total


def _pass(sh: Shell, seconds: float) -> None:
    """Time passes: on the simulated clock in process, for real over the wire, where clients measure it."""
    sh.let_time_pass(max(seconds, 0.0))


@toy("sleep", options="<1")
def _sleep(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """Time passes on the simulated clock and, over the wire, for real: clients measure it."""
    _pass(sh, _seconds(args))
    return ok()


@process("sleep")
@toy(options="<1")
def _sleep_job(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Process:
    """``sleep N &``: a process until its time has passed (``wait`` lets it pass). As a job of a shell without job
    control it ignores ``SIGINT``/``SIGQUIT`` (POSIX: the shell starts it so); other signals end it."""
    total, real, started, clock_start = _seconds(args), sh.real_time, time.monotonic(), sh.system.clock.now

    def run_out() -> int:
        done = (sh.system.clock.now - clock_start).total_seconds()
        if real:
            done = max(done, time.monotonic() - started)
        _pass(sh, total - done)
        return 0

    def on_signal(number: int) -> int | None:
        return None if number in (signal_number("INT"), signal_number("QUIT")) else default_action(number)

    return sh.spawn("sleep", on_signal=on_signal, run_out=run_out)


def _digest(algorithm: str) -> Callable[[Shell, str, dict[str, Any], list[str]], Result]:
    def run(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
        if opts.get("c"):
            raise _Error("-c (check) is not simulated")
        inputs, errors = _inputs(sh, name, args, folders="empty")
        out = "".join(f"{hashlib.new(algorithm, data).hexdigest()}" + ("" if opts.get("b") else f"  {n}") + "\n"
                      for n, data in inputs)
        return with_stderr(sh, out.encode("utf-8", "surrogateescape"), 1 if errors else 0, errors)

    return run


for _name, _algorithm in (("md5sum", "md5"), ("sha1sum", "sha1"), ("sha224sum", "sha224"),
                          ("sha256sum", "sha256"), ("sha384sum", "sha384"), ("sha512sum", "sha512")):
    toy(_name, options="bc(check)s(status)[!bc]")(_digest(_algorithm))


@toy("base64", options="diw#<0=76[!dw]")
def _base64(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if len(args) > 1:
        raise _UsageError("Max 1 argument")
    inputs, errors = _inputs(sh, "base64", args)
    if errors:
        return with_stderr(sh, b"", 1, "base64: xread: Is a directory\n" if "Is a directory" in errors else errors)
    data = inputs[0][1]
    if opts.get("d"):
        text = re.sub(rb"[^A-Za-z0-9+/=]", b"", data) if opts.get("i") else re.sub(rb"\s", b"", data)
        text = re.sub(rb"[^A-Za-z0-9+/]", b"", text.split(b"=")[0])
        return with_stderr(sh, base64_mod.b64decode(text + b"=" * (-len(text) % 4)) if len(text) % 4 != 1 else
                           base64_mod.b64decode(text[:-1] + b"=" * (-(len(text) - 1) % 4)), 0)
    encoded = base64_mod.b64encode(data)
    width = opts.get("w", 76)
    if width:
        encoded = b"\n".join(encoded[k:k + width] for k in range(0, len(encoded), width))
    return with_stderr(sh, encoded + b"\n" if encoded and width else encoded, 0)


# -- the machine ---------------------------------------------------------------------------------------------

@toy("uname", options="paomvrns")
def _uname(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if args:
        raise _UsageError("Max 0 arguments")
    if opts.get("a"):
        keys = "snrvmo"
    else:
        keys = "".join(k for k in "snrvmpo" if opts.get(k)) or "s"
    parts = ["unknown" if k == "p" else kernel.UNAME[k] for k in keys]
    return ok(" ".join(parts) + "\n")


@toy("nproc", options="(all)")
def _nproc(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    return ok(f"{kernel.CPUS}\n")


@toy("hostname", options=">1bdsfF:[!bdsf]")
def _hostname(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    if args or "F" in opts:
        if sh.uid != 0:
            raise _Error("sethostname: Operation not permitted")
        raise _Error("setting the host name is not simulated")
    return ok("\n" if opts.get("d") else "localhost\n")


@toy("free", options="hgmkb[!hgmkb]")
def _free(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    shift = next((10 * k for k, c in enumerate("bkmg") if opts.get(c)), 0)

    def show(value: int) -> str:
        return _human(value) if opts.get("h") else str(value >> shift)

    m = {"total": kernel.memory_bytes("MemTotal"), "free": kernel.memory_bytes("MemFree"),
         "shared": kernel.memory_bytes("Shmem"), "buffers": kernel.memory_bytes("Buffers")}  # sysinfo(2)
    text = ("\t\ttotal        used        free      shared     buffers\n"
            f"Mem:{show(m['total']):>17}{show(m['total'] - m['free']):>12}{show(m['free']):>12}"
            f"{show(m['shared']):>12}{show(m['buffers']):>12}\n"
            f"-/+ buffers/cache:{show(m['total'] - m['free'] - m['buffers']):>15}"
            f"{show(m['free'] + m['buffers']):>12}\n"
            f"Swap:{show(0):>16}{show(0):>12}{show(0):>12}\n")
    return ok(text)


def _mask(prefix: int) -> str:
    bits = (0xFFFFFFFF << (32 - prefix)) & 0xFFFFFFFF
    return ".".join(str(bits >> s & 255) for s in (24, 16, 8, 0))


def _ifconfig_block(i: kernel.Interface) -> str:
    encap = "Local Loopback" if i.kind == "loopback" else "Ethernet"
    head = f"{i.name:<9} Link encap:{encap}  "
    if i.kind == "ether":
        head += f"HWaddr {i.mac}"
        if i.name in ("wlan0", "radio0"):
            head += "  Driver " + ("mac80211_hwsim" if i.name == "wlan0" else "virtio_net")
    lines = [head]
    if i.inet:
        address, prefix, brd = i.inet
        text = f"{'':10}inet addr:{address} "
        if brd:
            text += f" Bcast:{brd} "
        lines.append(text + f" Mask:{_mask(prefix)} ")
    for address, prefix, scope in i.inet6:
        lines.append(f"{'':10}inet6 addr: {address}/{prefix} Scope: {scope.capitalize()}")
    flags = ["UP"] + (["LOOPBACK"] if i.kind == "loopback" else ["BROADCAST"]) + ["RUNNING"]
    if "NOARP" in i.flags:
        flags.append("NOARP")
    if "MULTICAST" in i.flags:
        flags.append("MULTICAST")
    lines.append(f"{'':10}{' '.join(flags)}  MTU:{i.mtu}  Metric:1")
    lines += [f"{'':10}RX packets:0 errors:0 dropped:0 overruns:0 frame:0 ",
              f"{'':10}TX packets:0 errors:0 dropped:0 overruns:0 carrier:0 ",
              f"{'':10}collisions:0 txqueuelen:1000 ", f"{'':10}RX bytes:0 TX bytes:0 ", ""]
    return "\n".join(lines) + "\n"


@command("ifconfig")
def _ifconfig(sh: Shell, argv: list[str]) -> Result:
    """toybox ``ifconfig [-aS] [INTERFACE]``: shows the emulator's interfaces; changing them is refused."""
    args = argv[1:]
    show_all = "-a" in args
    args = [a for a in args if a != "-a"]
    if not args:
        return ok("".join(_ifconfig_block(i) for i in kernel.INTERFACES if show_all or "UP" in i.flags))
    found = next((i for i in kernel.INTERFACES if i.name == args[0]), None)
    if found is None:
        return with_stderr(sh, b"", 1, f"ifconfig: {args[0]}: No such device\n")
    if len(args) > 1:
        if sh.uid != 0:
            return with_stderr(sh, b"", 1, "ifconfig: SIOCSIFFLAGS: Permission denied\n")
        return with_stderr(sh, b"", 1, "ifconfig: changing interfaces is not simulated\n")
    return ok(_ifconfig_block(found))


def _ip_addr_block(i: kernel.Interface, brief_link: bool = False) -> str:
    state = "UNKNOWN" if i.kind == "loopback" or "NOARP" in i.flags else "UP"
    qdisc = "noqueue" if i.kind == "loopback" or "NOARP" in i.flags else "mq" if i.name == "wlan0" else "pfifo_fast"
    text = (f"{i.index}: {i.name}: <{i.flags}> mtu {i.mtu} qdisc {qdisc} state {state} group default qlen 1000\n"
            f"    link/{i.kind} {i.mac} brd {'00:00:00:00:00:00' if i.kind == 'loopback' else 'ff:ff:ff:ff:ff:ff'}\n")
    if brief_link:
        return text
    if i.inet:
        address, prefix, brd = i.inet
        scope = "host" if i.kind == "loopback" else "global"
        text += f"    inet {address}/{prefix}" + (f" brd {brd}" if brd else "") + f" scope {scope} {i.name}\n"
        text += "       valid_lft forever preferred_lft forever\n"
    for address, prefix, scope in i.inet6:
        text += f"    inet6 {address}/{prefix} scope {scope} \n       valid_lft forever preferred_lft forever\n"
    return text


@command("ip")
def _ip(sh: Shell, argv: list[str]) -> Result:
    """iproute2's ``ip`` (Android ships it, not toybox's): ``addr``/``link``/``route`` shown as an emulator shows
    them; changes are refused."""
    args = [a for a in argv[1:] if a not in ("-4", "-6")]
    if not args:
        return with_stderr(sh, b"", 255, "Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\n")
    objects = {"a": "address", "ad": "address", "addr": "address", "address": "address", "l": "link",
               "li": "link", "link": "link", "r": "route", "ro": "route", "route": "route"}
    obj = objects.get(args[0])
    if obj is None:
        return with_stderr(sh, b"", 255, f'Object "{args[0]}" is unknown, try "ip help".\n')
    rest = args[1:]
    if rest and rest[0] in ("show", "list", "ls", "sh", "s", "l"):
        rest = rest[1:]
    if rest and rest[0] == "dev":
        rest = rest[1:]
    if obj == "route":
        if rest and rest[0] not in ("table",):
            return with_stderr(sh, b"", 255, "changing routes is not simulated\n") if rest[0] in (
                "add", "del", "change", "replace") else with_stderr(sh, b"", 255, f'Error: ip route: "{rest[0]}" '
                                                                     'is unknown\n')
        return ok("10.0.2.0/24 dev wlan0 proto kernel scope link src 10.0.2.16 \n"
                  "192.168.200.0/24 dev radio0 proto kernel scope link src 192.168.200.2 \n")
    if rest and rest[0] in ("add", "del", "set", "change", "replace", "flush"):
        return with_stderr(sh, b"", 2, "RTNETLINK answers: Operation not permitted\n" if sh.uid else
                           "changing interfaces is not simulated\n")
    chosen = kernel.INTERFACES
    if rest:
        chosen = [i for i in kernel.INTERFACES if i.name == rest[0]]
        if not chosen:
            return with_stderr(sh, b"", 1, f'Device "{rest[0]}" does not exist.\n')
    return ok("".join(_ip_addr_block(i, obj == "link") for i in chosen))


# -- owners, labels, processes -------------------------------------------------------------------------------


@toy("chown", "chgrp", options="<2hPLHRfv[-HLP]")
def _chown(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """toybox ``chown [-R] USER[:GROUP] FILE...`` (numbers or names); root only, as on a phone."""
    spec, paths = args[0], args[1:]
    if name == "chgrp":
        user_part, group_part = "", spec
    else:
        user_part, _, group_part = spec.replace(".", ":", 1).partition(":")
    uid = user_id(user_part) if user_part else None
    gid = user_id(group_part) if group_part else None
    if (user_part and uid is None) or (group_part and gid is None):
        bad = user_part if user_part and uid is None else group_part
        raise _Error(f"bad {'user' if bad == user_part and name != 'chgrp' else 'group'} '{bad}'")
    errors, status = "", 0
    fs = sh.system.fs
    for path in paths:
        for each in (_walk_paths(sh, path) if opts.get("R") else [path]):
            try:
                entry = _lookup(sh, each)
            except OSError as e:
                errors, status = errors + _err(name, each, e), status or 1
                continue
            if sh.uid != 0:  # toys/posix/chgrp.c: fchownat's -1 goes into the exit status
                if not opts.get("f"):
                    errors += f"{name}: '{each}' to '{user_part}:{group_part}': Operation not permitted\n"
                status = 255
                continue
            new_uid = entry.uid if uid is None else uid
            new_gid = entry.gid if gid is None else gid
            fs.chown(sh.resolve(each), f"{new_uid}:{new_gid}")
    return with_stderr(sh, b"", status, errors)


@command("restorecon")
def _restorecon(sh: Shell, argv: list[str]) -> Result:
    """``restorecon [-R] PATH...``: SELinux labels are not simulated; a missing path fails as on a phone."""
    missing = [p for p in argv[1:] if not p.startswith("-") and not sh.system.fs.exists(sh.resolve(p))]
    if missing:
        return fail("".join(f"SELinux: Could not get canonical path for {p} restorecon: "
                            "No such file or directory.\n" for p in missing), 255)
    return ok()


def _processes(sh: Shell) -> list[kernel.Proc]:
    return kernel.processes(sh)


@command("pidof")
def _pidof(sh: Shell, argv: list[str]) -> Result:
    wanted = set(operands(argv))
    pids = [str(pid) for _u, pid, _pp, name in _processes(sh) if name in wanted]
    return (ok(" ".join(pids) + "\n") if pids else fail(""))


#: ``ps -o`` fields: header, width (negative: left-aligned) and value, as toybox's ``ps`` table has them.
_PS_FIELDS: dict[str, tuple[int, Callable[[tuple[str, int, int, str]], object]]] = {
    "PID": (5, lambda p: p[1]), "PPID": (5, lambda p: p[2]), "USER": (-12, lambda p: p[0]),
    "UID": (5, lambda p: user_id(p[0]) or 0), "NAME": (-27, lambda p: p[3]), "CMD": (-27, lambda p: p[3]),
    "COMM": (-27, lambda p: p[3]), "ARGS": (-27, lambda p: p[3]), "CMDLINE": (-27, lambda p: p[3]),
    "S": (1, lambda p: "R" if p[1] == SHELL_PID + 1 else "S"), "RSS": (6, kernel.rss_kb),
    "VSZ": (7, kernel.vsz_kb),
}


@toy("ps", options="k(sort)*P(ppid)*aAdeflMno*O*p(pid)*s*t*Tu*U*g*G*wZ[!ol][+Ae][!oO]")
def _ps(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """Android's ``ps`` (toybox's, with Android's default columns): every process with -A/-e, by user with -u/-U,
    by id with -p, the ``-o`` fields above, ``-f``'s full format; other selections are refused."""
    _refuse(opts, "k", "P", "O", "s", "t", "T", "g", "G", "M", "Z", "d", "l", "n")
    procs = _processes(sh)
    users = [u for group in opts.get("u", []) + opts.get("U", []) for u in group.split(",")]
    pids = [p for group in opts.get("p", []) + args for p in group.split(",")]
    if users or pids:
        procs = [p for p in procs if p[0] in users or str(user_id(p[0])) in users or str(p[1]) in pids]
    elif not (opts.get("A") or opts.get("e") or opts.get("a")):
        procs = [p for p in procs if kernel.is_own(p)]  # the shell running the line and ps itself
    if "o" in opts:
        fields = [f.split("=")[0].upper() for group in opts["o"] for f in group.split(",")]
        for f in fields:
            if f not in _PS_FIELDS:
                raise _Error(f"bad -o {f}")
        cells = [[(f, _PS_FIELDS[f][0], f) for f in fields]] + [
            [(f, _PS_FIELDS[f][0], str(_PS_FIELDS[f][1](p))) for f in fields] for p in procs]
        lines = []
        for row_no, row in enumerate(cells):
            parts = []
            for k, (_f, width, text) in enumerate(row):
                last = k == len(row) - 1
                if width < 0:
                    parts.append(text if last and row_no else f"{text:<{-width}}")
                else:
                    parts.append(f"{text:>{width}}")
            lines.append(" ".join(parts))
        return ok(_encode(lines))
    if opts.get("f"):
        out = [f"{'UID':<12}{'PID':>7}{'PPID':>6} C STIME TTY          TIME CMD"]
        out += [f"{p[0]:<12}{p[1]:>7}{p[2]:>6} 0 {_boot(sh).astimezone(_zone(sh)):%H:%M:%S} ?     00:00:00 {p[3]}"
                for p in procs]
        return ok(_encode(out))

    def row(user: str, pid: object, ppid: object, vsz: object, rss: object, wchan: str, addr: object, st: str,
            pname: str) -> str:
        return f"{user:<10}{pid!s:>8}{ppid!s:>6}{vsz!s:>11}{rss!s:>7} {wchan:<16}{addr!s:>5} {st} {pname}\n"

    out = row("USER", "PID", "PPID", "VSZ", "RSS", "WCHAN", "ADDR", "S", "NAME")
    for p in procs:
        running = p.pid == SHELL_PID + 1
        out += row(p.user, p.pid, p.ppid, kernel.vsz_kb(p), kernel.rss_kb(p), "0" if running else "do_epoll_wait", 0,
                   "R" if running else "S", p.name)
    return ok(out)


def _matching(sh: Shell, opts: dict[str, Any], args: list[str]) -> list[tuple[str, int, int, str]]:
    """``pgrep``/``pkill``'s choice: names matching the pattern (-x whole, -f the command line), by user (-u)."""
    if not args:
        raise _UsageError("No PATTERN")
    pattern = re.compile(args[0])
    users = [u for group in opts.get("u", []) + opts.get("U", []) for u in group.split(",")]
    match = pattern.fullmatch if opts.get("x") else pattern.search
    found = [p for p in _processes(sh) if not kernel.is_own(p) and match(p[3])]  # not the shell nor the tool
    found = [p for p in found if not users or p[0] in users or str(user_id(p[0])) in users]
    if opts.get("n"):
        found = found[-1:]
    elif opts.get("o"):
        found = found[:1]
    return found


@toy("pgrep", options="?cld:u*U*t*s*P*g*G*fnovxL:[-no]")
def _pgrep(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "t", "s", "P", "g", "G", "v", "L")
    found = _matching(sh, opts, args)
    if opts.get("c"):
        return with_stderr(sh, f"{len(found)}\n".encode(), 0 if found else 1)
    sep = opts.get("d", "\n")
    text = sep.join(f"{p[1]} {p[3]}" if opts.get("l") else str(p[1]) for p in found)
    return with_stderr(sh, (text + "\n").encode() if found else b"", 0 if found else 1)


@toy("pkill", options="?Vu*U*t*s*P*g*G*fnovxl:[-no]")
def _pkill(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """A process a shell started gets SIGTERM; an app's is stopped (as ``am force-stop``; the shell user may not);
    the system's are refused."""
    _refuse(opts, "t", "s", "P", "g", "G", "v", "V", "l")
    found = _matching(sh, opts, args)
    errors = ""
    for user, pid, _ppid, pname in found:
        if pid in sh.processes and (sh.uid == 0 or user == user_name(sh.uid)):
            sh.processes[pid].signal(15)  # SIGTERM
        elif pname in sh.system.apps and (sh.uid == 0 or user == user_name(sh.uid)):
            sh.system.stop_app(pname)
        elif sh.uid != 0:
            errors += f"pkill: {pid}: Operation not permitted\n"
        else:
            errors += f"pkill: {pid} ({pname}): killing the system's processes is not simulated\n"
    sh.system.invalidate()
    return with_stderr(sh, b"", 0 if found and not errors else 1, errors)


_KILL_USAGE = "usage:\tkill [-s signame | -signum | -signame] { job | pid | pgrp } ...\n\tkill -l [exit_status ...]\n"


@builtin("kill")
def _kill(sh: Shell, argv: list[str], io: Any) -> int:
    """mksh's ``kill [-s NAME | -NAME | -N] PID|%JOB...`` (``funcs.c`` ``c_kill``; a builtin, found before toybox's):
    a process a shell started (:attr:`Shell.processes`) gets the signal; an app's process is stopped as
    ``am force-stop`` stops it (by root or its own user); other users' processes are ``Operation not permitted``
    to the shell user and the system's are not simulated. Process groups and ``-l`` are refused."""
    args, number = argv[1:], 15
    if args[:1] == ["-s"] and len(args) > 1:
        spec, args = args[1], args[2:]
    elif args and args[0].startswith("-") and args[0] not in ("-", "--") and args[0] != "-l":
        spec, args = args[0][1:], args[1:]
    else:
        spec = None
    if args[:1] == ["--"]:
        args = args[1:]
    prefix = f"{sh.prefix}kill: "
    if args[:1] == ["-l"]:
        io.write(2, f"{prefix}-l: not simulated\n")
        return 127
    if spec is not None:
        found = signal_number(spec)
        if found is None:
            io.write(2, f"{prefix}bad signal: {spec}\n")
            return 1
        number = found
    if not args:
        io.write(2, _KILL_USAGE)
        return 1
    status = 0
    for target in args:
        error = _signal(sh, target, number)
        if error:
            io.write(2, f"{prefix}{target}: {error}\n")
            status = 1
    return status


def _signal(sh: Shell, target: str, number: int) -> str:
    """Send signal ``number`` to ``target`` (a pid or ``%N``); the error, or ``""``."""
    if target.startswith("%"):
        job = job_of(sh, target)
        if job is None:
            return "no such job"
        target = str(job.pid)
    if not target.isdigit():
        return "arguments must be jobs or process IDs" if not target.lstrip("-").isdigit() \
            else "process groups are not simulated"
    proc: Process | None = sh.processes.get(int(target))
    if proc is not None and proc.status is None:
        if sh.uid != 0 and proc.uid != sh.uid:
            return "Operation not permitted"
        if number:
            proc.signal(number)
        return ""
    row = next((p for p in _processes(sh) if p[1] == int(target)), None)
    if row is None:
        return "No such process"
    user, _pid, _ppid, pname = row
    if sh.uid != 0 and user != user_name(sh.uid):
        return "Operation not permitted"
    if pname not in sh.system.apps:
        return f"signalling {pname} is not simulated"
    if number and signal_number("CHLD") != number:
        sh.system.stop_app(pname)
        sh.system.invalidate()
    return ""


# -- sed (the commonly scripted part) ------------------------------------------------------------------------


@dataclass
class _SedCommand:
    first: str | None
    last: str | None
    negate: bool
    name: str
    regex: re.Pattern[str] | None = None
    replacement: str = ""
    count: int = 1
    every: bool = False
    print_after: bool = False
    text: str = ""
    in_range: bool = False


def _sed_split(script: str, i: int, delim: str) -> tuple[str, int]:
    """Read up to the next unescaped ``delim`` from ``i``; the part and the index after the delimiter."""
    out = ""
    while i < len(script):
        c = script[i]
        if c == "\\" and i + 1 < len(script):
            out += c + script[i + 1] if script[i + 1] != delim else delim
            i += 2
            continue
        if c == delim:
            return out, i + 1
        out += c
        i += 1
    raise ValueError("unterminated")


def _sed_address(script: str, i: int) -> tuple[str | None, int]:
    if i < len(script) and script[i] == "$":
        return "$", i + 1
    m = re.match(r"\d+", script[i:])
    if m:
        return m.group(0), i + len(m.group(0))
    if i < len(script) and script[i] in "/\\":
        delim = script[i + 1] if script[i] == "\\" else "/"
        start = i + (2 if script[i] == "\\" else 1)
        body, end = _sed_split(script, start, delim)
        return "/" + body, end
    return None, i


def _sed_parse(script: str, extended: bool, icase: bool = False) -> list[_SedCommand]:
    commands = []
    i = 0
    while i < len(script):
        start = i
        while i < len(script) and script[i] in " \t\n;":
            i += 1
        if i >= len(script):
            break
        try:
            first, i = _sed_address(script, i)
            last = None
            if first is not None and i < len(script) and script[i] == ",":
                last, i = _sed_address(script, i + 1)
            while i < len(script) and script[i] == " ":
                i += 1
            negate = i < len(script) and script[i] == "!"
            i += negate
            name = script[i] if i < len(script) else ""
            i += 1
            cmd = _SedCommand(first, last, negate, name)
            if name == "s":
                delim = script[i]
                pattern, i = _sed_split(script, i + 1, delim)
                replacement, i = _sed_split(script, i, delim)
                m = re.match(r"[gpI0-9i]*", script[i:])
                flags = m.group(0) if m else ""
                i += len(flags)
                cmd.regex = _regex(pattern, extended, re.IGNORECASE if "I" in flags or "i" in flags else 0)
                cmd.replacement, cmd.every, cmd.print_after = replacement, "g" in flags, "p" in flags
                digits = re.sub(r"\D", "", flags)
                cmd.count = int(digits) if digits else 1
            elif name in "aic":
                text = script[i:].split("\n", 1)[0]
                i += len(text)
                cmd.text = text[1:].lstrip() if text.startswith("\\") else text.lstrip()
            elif name and name in "{}:AbDgGhHlnNPrtTvwWxyz#":  # toybox's, not carried out here
                raise _Error(f"command '{name}' is not simulated")
            elif name not in "dpqQ=":
                raise ValueError(name)
        except _Error:
            raise
        except (ValueError, IndexError, re.error) as e:
            raise _Error(f"bad pattern '{script}'@{i} ({script[start:i].strip()[-1:] or ' '})") from e
        commands.append(cmd)
    return commands


def _sed_matches(address: str, n: int, last_line: bool, line: str, extended: bool) -> bool:
    if address == "$":
        return last_line
    if address.startswith("/"):
        return bool(_regex(address[1:], extended).search(line))
    return n == int(address)


def _sed_selected(cmd: _SedCommand, n: int, last_line: bool, line: str, extended: bool) -> bool:
    if cmd.first is None:
        chosen = True
    elif cmd.last is None:
        chosen = _sed_matches(cmd.first, n, last_line, line, extended)
    elif cmd.in_range:
        chosen = True
        if _sed_matches(cmd.last, n, last_line, line, extended) or (cmd.last.isdigit() and n >= int(cmd.last)):
            cmd.in_range = False
    else:
        chosen = _sed_matches(cmd.first, n, last_line, line, extended)
        if chosen:
            cmd.in_range = not (cmd.last.isdigit() and n >= int(cmd.last))
    return chosen != cmd.negate


def _sed_replacement(template: str, m: re.Match[str]) -> str:
    def piece(x: re.Match[str]) -> str:
        token = x.group(0)
        if token == "&":
            return m.group(0)
        if token[1:].isdigit():
            return m.group(int(token[1:])) or ""
        return {"\\n": "\n", "\\t": "\t"}.get(token, token[1:])

    return re.sub(r"\\.|&", piece, template)


def _sed_run(commands: list[_SedCommand], text: str, quiet: bool, extended: bool) -> str:
    lines = text.split("\n")
    ends_newline = text.endswith("\n")
    if ends_newline:
        lines = lines[:-1]
    out: list[str] = []
    for n, line in enumerate(lines, 1):
        last_line = n == len(lines)
        deleted = False
        appended: list[str] = []
        stop = False
        for cmd in commands:
            if not _sed_selected(cmd, n, last_line, line, extended):
                continue
            if cmd.name == "s" and cmd.regex is not None:
                hits = 0

                def replace(m: re.Match[str], cmd: _SedCommand = cmd) -> str:
                    nonlocal hits
                    hits += 1
                    if hits == cmd.count or (cmd.every and hits >= cmd.count):
                        return _sed_replacement(cmd.replacement, m)
                    return m.group(0)

                new = cmd.regex.sub(replace, line)
                if hits >= cmd.count and cmd.print_after:
                    out.append(new)
                line = new
            elif cmd.name == "d":
                deleted = True
                break
            elif cmd.name == "p":
                out.append(line)
            elif cmd.name == "=":
                out.append(str(n))
            elif cmd.name == "a":
                appended.append(cmd.text)
            elif cmd.name == "i":
                out.append(cmd.text)
            elif cmd.name == "c":
                if cmd.last is None or not cmd.in_range:
                    out.append(cmd.text)
                deleted = True
                break
            elif cmd.name in "qQ":
                stop = True
                if cmd.name == "Q":
                    deleted = True
                break
        if not deleted and not quiet:
            out.append(line)
        out += appended
        if stop:
            break
    return "".join(f"{x}\n" for x in out) if out and (ends_newline or len(out) > 1) else (
        "\n".join(out) + ("\n" if ends_newline else ""))


@toy("sed", options="(help)(version)(tarxform)e*f*i:;nErz(null-data)s[+Er]")
def _sed(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """toybox sed's common part: ``s///[gpIN]``, ``d p q Q = a i c``, line/``$``/regex addresses and ranges,
    ``-n -e -E -i``; anything else is refused as a bad pattern, never ignored."""
    scripts = list(opts.get("e", []))
    for source in opts.get("f", []):
        try:
            scripts.append(_read(sh, source).decode("utf-8", "surrogateescape"))
        except OSError as e:
            raise _Error(f"{source}: {strerror(e)}") from e
    if not scripts:
        if not args:
            raise _Error("no pattern")
        scripts, args = args[:1], args[1:]
    extended = bool(opts.get("E") or opts.get("r"))
    commands = _sed_parse("\n".join(scripts), extended)
    quiet = bool(opts.get("n"))
    if "i" in opts:
        errors = ""
        for path in args:
            try:
                text = _read(sh, path).decode("utf-8", "surrogateescape")
                for cmd in commands:
                    cmd.in_range = False
                result = _sed_run(commands, text, quiet, extended)
                if opts["i"]:
                    _write(sh, path + opts["i"], text.encode("utf-8", "surrogateescape"))
                _write(sh, path, result.encode("utf-8", "surrogateescape"))
            except OSError as e:
                errors += _err("sed", path, e)
        return with_stderr(sh, b"", 1 if errors else 0, errors)
    inputs, errors = _inputs(sh, "sed", args)
    text = b"".join(d for _, d in inputs).decode("utf-8", "surrogateescape")
    return with_stderr(sh, _sed_run(commands, text, quiet, extended).encode("utf-8", "surrogateescape"),
                       1 if errors else 0, errors)


# -- small tools ---------------------------------------------------------------------------------------------


@toy("tee", options="ia")
def _tee(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    data = sh.stdin
    errors = ""
    for path in args:
        try:
            write_as_user(sh, path, data, append=bool(opts.get("a")))
        except OSError as e:
            errors += _err("tee", path, e)
    sh.system.invalidate()
    return with_stderr(sh, data, 1 if errors else 0, errors)


@toy("tac", options="")
def _tac(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    inputs, errors = _inputs(sh, "tac", args)
    out = b"".join(b"".join(reversed(_lines(data if data.endswith(b"\n") or not data else data + b"\n")))
                   for _, data in inputs)
    return with_stderr(sh, out, 1 if errors else 0, errors)


@toy("rev", options="")
def _rev(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    inputs, errors = _inputs(sh, "rev", args)
    out = [_decode(line)[::-1] for _, data in inputs for line in _lines(data)]
    return with_stderr(sh, _encode(out), 1 if errors else 0, errors)


@toy("nl", options="v#=1l#w#<0=6b:n:s:E")
def _nl(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    inputs, errors = _inputs(sh, "nl", args)
    number, width, sep = opts.get("v", 1), opts.get("w", 6), opts.get("s", "\t")
    style = opts.get("b", "t")
    align = {"ln": "<", "rn": ">", "rz": "0>"}.get(opts.get("n", "rn"), ">")
    out = []
    for _, data in inputs:
        for line in map(_decode, _lines(data)):
            if style == "a" or (style == "t" and line):
                out.append(f"{number:{align}{width}}{sep}{line}")
                number += 1
            else:
                out.append(" " * (width + len(sep)) + line)
    return with_stderr(sh, _encode(out), 1 if errors else 0, errors)


@toy("paste", options="d:s")
def _paste(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    inputs, errors = _inputs(sh, "paste", args)
    delims = _unescape(opts.get("d", "\t"))[0] or "\t"
    columns = [[_decode(x) for x in _lines(data)] for _, data in inputs]
    out = []
    if opts.get("s"):
        for col in columns:
            out.append("".join(v + (delims[k % len(delims)] if k < len(col) - 1 else "") for k, v in enumerate(col)))
    else:
        for row in range(max((len(c) for c in columns), default=0)):
            cells = [c[row] if row < len(c) else "" for c in columns]
            out.append("".join(v + (delims[k % len(delims)] if k < len(cells) - 1 else "")
                               for k, v in enumerate(cells)))
    return with_stderr(sh, _encode(out), 1 if errors else 0, errors)


@toy("comm", options="<2>2321")
def _comm(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    inputs, errors = _inputs(sh, "comm", args)
    if errors:
        return with_stderr(sh, b"", 1, errors)
    a, b = ([_decode(x) for x in _lines(d)] for _, d in inputs)
    out, i, j = [], 0, 0
    shown = [not opts.get("1"), not opts.get("2"), not opts.get("3")]

    def emit(col: int, text: str) -> None:
        if shown[col]:
            out.append("\t" * sum(shown[:col]) + text)

    while i < len(a) or j < len(b):
        if j >= len(b) or (i < len(a) and a[i] < b[j]):
            emit(0, a[i])
            i += 1
        elif i >= len(a) or b[j] < a[i]:
            emit(1, b[j])
            j += 1
        else:
            emit(2, a[i])
            i, j = i + 1, j + 1
    return with_stderr(sh, _encode(out), 0)


@toy("cmp", options="<1>4ls(silent)(quiet)n#<1[!ls]", status=2)
def _cmp(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    _refuse(opts, "n")
    names = args[:2] if len(args) > 1 else [args[0], "-"]
    inputs, errors = _inputs(sh, "cmp", names)
    if errors:
        return with_stderr(sh, b"", 2, "" if opts.get("s") else errors)
    (n1, a), (n2, b) = inputs
    out, line = [], 1
    for k, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            if opts.get("s"):
                return with_stderr(sh, b"", 1)
            if not opts.get("l"):
                return with_stderr(sh, f"{n1} {n2} differ: char {k}, line {line}\n".encode(), 1)
            out.append(f"{k} {x:o} {y:o}")
        line += x == 10
    if len(a) != len(b):
        short = n1 if len(a) < len(b) else n2
        common = min(len(a), len(b))
        where = "" if opts.get("l") else f", line {a[:common].count(10)}"
        # an end of file after differences (-l) keeps status 1; alone it is an error (2)
        return with_stderr(sh, _encode(out), 1 if out else 2, "" if opts.get("s") else
                           f"cmp: EOF on {short} after byte {common}{where}\n")
    return with_stderr(sh, _encode(out), 1 if out else 0)


@toy("truncate", options="<1s:|c")
def _truncate(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    spec = opts["s"]
    m = re.fullmatch(r"([-+<>/%]?)(\d+)([kmgtKMGT]?)", spec)
    if not m:
        raise _Error(f"bad -s '{spec}'")
    size = _atolx(m.group(2) + m.group(3))
    errors = ""
    for path in args:
        try:
            try:
                data = _read(sh, path)
            except FileNotFoundError:
                if opts.get("c"):
                    continue
                data = b""
            current = len(data)
            target = {"": size, "+": current + size, "-": max(current - size, 0), "<": min(current, size),
                      ">": max(current, size), "/": current // size * size if size else current,
                      "%": -(-current // size) * size if size else current}[m.group(1)]
            _write(sh, path, data[:target] + b"\0" * max(target - current, 0))
        except OSError as e:
            errors += _err("truncate", path, e)
    return with_stderr(sh, b"", 1 if errors else 0, errors)


@toy("unlink", options="<1>1")
def _unlink(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    path = args[0]
    try:
        entry = _lookup(sh, path, follow=False)
        if entry.is_dir:
            raise _oserror(errno.EISDIR)
        _may_change(sh, path)
    except OSError as e:
        raise _Error(f"couldn't unlink '{path}': {strerror(e)}") from e
    sh.system.fs.remove(entry.path)
    return ok()


@toy("mktemp", options=">1(tmpdir);:uqd(directory)p:t")
def _mktemp(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    template = args[0] if args else "tmp.XXXXXXXXXX"
    folder = opts.get("p") or opts.get("tmpdir") or "/data/local/tmp"
    if "/" not in template or opts.get("t") or "p" in opts:
        template = posixpath.join(folder, template)
    if not template.endswith("XXX"):  # toys/lsb/mktemp.c, with the errno it happens to hold
        raise _Error("need XXX: No such file or directory")
    if not template.endswith("XXXXXX"):  # bionic's mkstemp wants six
        raise _Error(f"Failed to create {'directory' if opts.get('d') else 'file'} {template}: Invalid argument")
    stem = template.rstrip("X")
    count = len(template) - len(stem)
    seed = int(sh.system.clock.now.timestamp() * 1000)
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    for attempt in range(100):
        value, suffix = seed + attempt * 7919, ""
        for _ in range(count):
            value, k = divmod(value * 1103515245 + 12345, len(letters))
            suffix += letters[k]
        path = stem + suffix
        if not sh.system.fs.exists(sh.resolve(path)):
            break
    if not opts.get("u"):
        try:
            if opts.get("d"):
                _may_change(sh, path)
                sh.system.fs.mkdirs(sh.resolve(path))
                sh.system.fs.chmod(sh.resolve(path), 0o700)
                _own(sh, sh.resolve(path))
            else:
                _write(sh, path, b"")
                sh.system.fs.chmod(sh.resolve(path), 0o600)
        except OSError as e:
            if opts.get("q"):
                return with_stderr(sh, b"", 1)
            raise _Error(f"Failed to create {'directory' if opts.get('d') else 'file'} {path}: "
                         f"{strerror(e)}") from e
    return ok(path + "\n")


@toy("groups", options="")
def _groups(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    ids = [sh.uid, *_ADBD_GROUPS]
    return ok(" ".join(user_name(g) for g in ids) + "\n")


@toy("logname", options=">0")
def _logname(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    return ok(user_name(sh.uid) + "\n")


@toy("tty", options="s")
def _tty(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """``adb shell CMD`` runs without a terminal (``adb shell -t`` is not simulated)."""
    return with_stderr(sh, b"" if opts.get("s") else b"not a tty\n", 1)


@toy("sync", options="")
def _sync(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    return ok()


@toy("usleep", options="<1>1")
def _usleep(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    micro = _atolx(args[0])
    sh.let_time_pass(micro / 1e6)
    return ok()


@toy("timeout", options="<2^(foreground)(preserve-status)vk:s(signal):i", status=125)
def _timeout(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """``timeout DURATION COMMAND...``: simulated commands finish at once, within any duration."""
    if not re.fullmatch(r"(\d+(\.\d*)?|\.\d+)[smhd]?", args[0]):
        raise _Error(f"Not a number '{args[0]}'")
    out, err, status = _run_argv(sh, args[1:])
    if status == 127 and args[1].rsplit("/", 1)[-1] not in COMMANDS:
        return with_stderr(sh, out, 127, f"timeout: exec {args[1]}: No such file or directory\n")
    return with_stderr(sh, out, status, err)


_TOYBOX_APPLETS: set[str] = set()


#: Round-trip times (ms) the loopback answers in, one per packet in turn.
_LOOPBACK_RTT = (0.041, 0.052, 0.047, 0.058, 0.044)
_PING_USAGE = ("Usage: ping [-LRUbdfnqrvVaAD] [-c count] [-i interval] [-w deadline]\n"
               "            [-p pattern] [-s packetsize] [-t ttl] [-I interface]\n"
               "            [-M pmtudisc-hint] [-m mark] [-S sndbuf]\n"
               "            [-T tstamp-options] [-Q tos] [hop1 ...] destination\n")


def _ping_target(host: str) -> str | None:
    """The IPv4 address a host name or dotted address stands for, or None: the phone resolves ``localhost``
    from ``/system/etc/hosts``, and no other name (it has no DNS server it can reach)."""
    import ipaddress

    if host == "localhost":
        return "127.0.0.1"
    try:
        return str(ipaddress.IPv4Address(host))
    except ValueError:
        return None


def _ping_routed(address: str) -> bool:
    """Whether a route leads to the address: loopback, and the networks of the interfaces (``ip route``); no
    default route, as the simulated phone has no network beyond itself."""
    import ipaddress

    ip = ipaddress.IPv4Address(address)
    if ip.is_loopback:
        return True
    return any(i.inet is not None and ip in ipaddress.IPv4Network(f"{i.inet[0]}/{i.inet[1]}", strict=False)
               for i in kernel.INTERFACES)


@command("ping")
def _ping(sh: Shell, argv: list[str]) -> Result:
    """Android's ``ping`` (iputils, ``external/iputils/ping.c``), not toybox's: the phone answers itself (its
    loopback and its own addresses); a host on its Wi-Fi network never answers (100% loss after ``-W`` seconds,
    status 1), any other address has no route (``connect: Network is unreachable``, status 2) and names other
    than ``localhost`` do not resolve (``ping: unknown host NAME``, status 2), as on a phone without a network."""
    count, interval, linger, quiet, target = None, 1.0, 10.0, False, None
    args = argv[1:]
    k = 0
    try:
        while k < len(args):
            a = args[k]
            if a in ("-c", "-i", "-W", "-w", "-s", "-t", "-I", "-p", "-Q", "-m", "-S", "-M", "-T"):
                value = args[k + 1]
                if a == "-c":
                    count = int(value)
                elif a == "-i":
                    interval = float(value)
                elif a == "-W":
                    linger = float(value)
                k += 2
                continue
            if a.startswith("-") and len(a) > 1:
                if a.startswith("-c") and a[2:].isdigit():
                    count = int(a[2:])
                elif set(a[1:]) <= set("LRUbdfnqrvVaAD"):
                    quiet = quiet or "q" in a
                else:
                    return with_stderr(sh, b"", 2, f"ping: invalid option -- '{a[1]}'\n" + _PING_USAGE)
                k += 1
                continue
            target = a
            k += 1
    except (IndexError, ValueError):
        return with_stderr(sh, b"", 2, _PING_USAGE)
    if target is None:
        return with_stderr(sh, b"", 2, _PING_USAGE)
    address = _ping_target(target)
    if address is None:
        return with_stderr(sh, b"", 2, f"ping: unknown host {target}\n")
    if not _ping_routed(address):
        return with_stderr(sh, b"", 2, "connect: Network is unreachable\n")
    if count is None:
        raise_text = "ping: pinging until stopped is not simulated: give -c COUNT\n"
        return with_stderr(sh, b"", 2, raise_text)
    mine = address.startswith("127.") or any(i.inet is not None and i.inet[0] == address for i in kernel.INTERFACES)
    shown = address if target == address else f"{target} ({address})"
    out = f"PING {target} ({address}) 56(84) bytes of data.\n"
    times = []
    for n in range(1, count + 1):
        if mine:
            rtt = _LOOPBACK_RTT[(n - 1) % len(_LOOPBACK_RTT)]
            times.append(rtt)
            if not quiet:
                out += f"64 bytes from {shown}: icmp_seq={n} ttl=64 time={rtt:.3f} ms\n"
        if n < count:
            sh.wait(interval)
    if not mine:
        sh.wait(linger)
    elapsed = round((count - 1) * interval * 1000) + (count - 1) * 2 if count > 1 else 0
    lost = 100 - len(times) * 100 // count
    out += (f"\n--- {target} ping statistics ---\n{count} packets transmitted, {len(times)} received, "
            f"{lost}% packet loss, time {elapsed}ms\n")
    if times:
        avg = sum(times) / len(times)
        mdev = (sum(t * t for t in times) / len(times) - avg * avg) ** 0.5
        out += f"rtt min/avg/max/mdev = {min(times):.3f}/{avg:.3f}/{max(times):.3f}/{mdev:.3f} ms\n"
    else:
        out += "\n"
    return with_stderr(sh, out.encode(), 0 if times else 1)


# -- od ------------------------------------------------------------------------------------------------------------

#: ``od -t a``'s names of the control characters and space (``toys/posix/od.c``).
_OD_NAMES = ["nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr", "so", "si",
             "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us",
             "sp"]
_OD_ESCAPES = {8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 7: "\\a", 11: "\\v", 0: "\\0"}


def _od_types(spec: str) -> list[tuple[str, int]]:
    """The (type, size) pairs of one ``-t`` argument: ``a``/``c`` take a byte, integers 1 to 8 (``CSIL`` or a
    number, 4 without); floats are not simulated."""
    found, k = [], 0
    while k < len(spec):
        kind = spec[k]
        k += 1
        if kind == "f":
            raise _Error("-t f: floating point dumps are not simulated")
        if kind not in "acduox":
            raise _Error(f"bad -t {spec}")
        size = 1
        digits = re.match(r"\d+", spec[k:])
        if digits:
            size, k = int(digits.group()), k + len(digits.group())
            if (kind in "ac" and size != 1) or not 1 <= size <= 8:
                raise _Error(f"bad -t {spec}")
        elif kind not in "ac":
            size = 4
            if k < len(spec) and spec[k] in "CSIL":
                size, k = 1 << "CSIL".index(spec[k]), k + 1
        found.append((kind, size))
    return found


def _od_width(kind: str, size: int) -> int:
    """The digits of a type's largest value (toybox's ``throw``), one more for a sign."""
    if kind in "ac":
        return 3
    top = (1 << 8 * size) - 1
    if kind == "d":
        return len(str(top >> 1 if size == 8 else top)) + 1
    return len({"u": str(top), "o": f"{top:o}", "x": f"{top:x}"}[kind])


def _od_cell(kind: str, size: int, data: bytes) -> str:
    if kind == "a":
        c = data[0] & 127
        return _OD_NAMES[c] if c <= 32 else "del" if c == 127 else chr(c)
    if kind == "c":
        c = data[0]
        return _OD_ESCAPES.get(c) or (f"{c:03o}" if c < 32 or c >= 127 else chr(c))
    value = int.from_bytes(data[:size], "little", signed=kind == "d")
    width = _od_width(kind, size)
    return {"d": f"{value}", "u": f"{value}", "o": f"{value:0{width}o}", "x": f"{value:0{width}x}"}[kind]


def _od_lines(data: bytes, types: list[tuple[str, int]], width: int, start: int, address: str,
              squeeze: bool) -> list[str]:
    """``od_outline`` for each ``width`` bytes: the address, then a line per type, every value right-aligned in
    the widest type's width per byte; a line the same as the one before is one ``*``."""
    formats = {"n": "", "d": "{:07d}", "o": "{:07o}", "x": "{:06x}"}[address]
    pad = max(-(-(4 if kind in "ac" else _od_width(kind, size) + 1) // size) for kind, size in types)
    lines, previous, star, pos = [], None, False, start
    for k in range(0, len(data), width):
        chunk = data[k:k + width]
        full = chunk + bytes(width - len(chunk))
        if squeeze and previous == full and pos != start:
            if not star:
                lines.append("*")
                star = True
            pos += len(chunk)
            continue
        star, previous = False, full
        head = formats.format(pos)
        for i, (kind, size) in enumerate(types):
            row = "" if i else head
            for j in range(0, len(chunk), size):
                cell = _od_cell(kind, size, full[j:j + size])
                row += f"{cell:>{pad * size + (7 if i and not j else 0)}}"
            lines.append(row)
        pos += len(chunk)
    if formats:
        lines.append(formats.format(pos))
    return lines


@toy("od", options="j#vw#<1=16N#xsodcbA:t*")
def _od(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """toybox's ``od`` (``toys/posix/od.c``): the files (or standard input) from ``-j`` for ``-N`` bytes, ``-w``
    a line, in the ``-t`` types and their aliases (``-bcdosx``), addresses in ``-A`` base."""
    address = opts.get("A", "o")
    if address[:1] not in ("n", "d", "o", "x"):
        raise _Error(f"bad -A '{address[:1]}'")
    types = [t for spec in opts.get("t", []) for t in _od_types(spec)]
    for flag, spec in (("b", "o1"), ("c", "c"), ("d", "u2"), ("o", "o2"), ("s", "d2"), ("x", "x2")):
        if opts.get(flag):
            types += _od_types(spec)
    types = types or _od_types("o2")
    inputs, errors = _inputs(sh, name, args)
    data = b"".join(content for _path, content in inputs)
    skip = opts.get("j", 0)
    data = data[skip:]
    if "N" in opts:
        data = data[:opts["N"]]
    lines = _od_lines(data, types, opts.get("w", 16), skip, address[0], not opts.get("v"))
    return with_stderr(sh, _encode(lines), 1 if errors else 0, errors)

#: The debug programs of a userdebug image's ``/system/xbin``.
_XBIN = frozenset({"su"})
_SU_USAGE = ("usage: su [WHO [COMMAND...]]\n\nSwitch to WHO (default 'root') and run the given COMMAND (default sh)."
             "\n\nWHO is a comma-separated list of user, group, and supplementary groups\nin that order.\n\n")


@command("su")
def _su(sh: Shell, argv: list[str]) -> Result:
    """``su [WHO [COMMAND...]]`` of the userdebug image (AOSP ``system/extras/su/su.cpp``): root and the shell
    user may switch to WHO (a uid or user name, root by default) and run COMMAND as it (execvp: a program, not
    a shell line; ``sh`` when none), with adbd's supplementary groups kept."""
    if sh.uid not in (0, 2000):
        return with_stderr(sh, b"", 1, "su: not allowed\n")
    args = argv[1:]
    if args[:1] in (["-h"], ["--help"]):
        return with_stderr(sh, b"", 0, _SU_USAGE)
    uid: int | None = 0
    if args:
        who = args.pop(0).split(",")[0]
        uid = int(who) if who.isdigit() else user_id(who)
        if uid is None:
            return with_stderr(sh, b"", 1, f"su: invalid uid/gid '{who}'\n")
    command = args or ["/system/bin/sh"]
    name = command[0].rsplit("/", 1)[-1]
    handler = COMMANDS.get(name)
    if handler is None or name in _SHELL_ONLY:
        return with_stderr(sh, b"", 1, f"su: failed to exec {command[0]}: No such file or directory\n")
    before, sh.uid = sh.uid, uid
    saved_err, sh.stderr = sh.stderr, None
    try:
        out, status = handler(sh, command)
        err = sh.stderr
    finally:
        sh.uid, sh.stderr = before, saved_err
    if err is None:
        out, err = (b"", out) if status else (out, b"")
    return with_stderr(sh, out, status, err)


# -- the machine at work: top, mount, getenforce, netstat ------------------------------------------------------

#: ``top``'s ``-o`` fields: (width: negative left-aligned, as toybox's ``typos`` table; value of a process).
_TOP_FIELDS: dict[str, tuple[int, Callable[[Shell, kernel.Proc], str]]] = {
    "PID": (5, lambda sh, p: str(p.pid)), "PPID": (5, lambda sh, p: str(p.ppid)),
    "TID": (5, lambda sh, p: str(p.pid)),
    "UID": (5, lambda sh, p: str(user_id(p.user) or 0)), "USER": (-12, lambda sh, p: p.user),
    "PR": (2, lambda sh, p: "20"), "NI": (3, lambda sh, p: "0"),
    "VIRT": (4, lambda sh, p: _human(kernel.vsz_kb(p) * 1024)),
    "RES": (4, lambda sh, p: _human(kernel.rss_kb(p) * 1024)),
    "SHR": (4, lambda sh, p: _human(kernel.shared_kb(p) * 1024)),
    "S": (1, lambda sh, p: kernel.state(p, sh)), "%CPU": (4, lambda sh, p: "0.0"),
    "%MEM": (5, lambda sh, p: f"{kernel.rss_kb(p) * 100 / kernel.MEMINFO['MemTotal']:.1f}"),
    "TIME+": (9, lambda sh, p: _top_time(kernel.cpu_centis(p), True)),
    "TIME": (8, lambda sh, p: _top_time(kernel.cpu_centis(p), False)),
    "ARGS": (-27, lambda sh, p: _top_args(sh, p, strip=True)),
    "CMDLINE": (-27, lambda sh, p: _top_args(sh, p, strip=False)),
    "NAME": (-27, lambda sh, p: _top_args(sh, p, strip=False).split(" ")[0]),
    "CMD": (-15, lambda sh, p: p.name[:15]),
}


def _top_time(centis: int, fine: bool) -> str:
    """``TIME+`` (``m:ss.hh``) or ``TIME`` (``hh:mm:ss``) of CPU time in hundredths of a second."""
    seconds = centis // 100
    if fine:
        return f"{seconds // 60}:{seconds % 60:02d}.{centis % 100:02d}"
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _top_args(sh: Shell, p: kernel.Proc, strip: bool) -> str:
    """A process's command line, ``ARGS`` without the program's folder."""
    line = kernel.cmdline(p, sh)
    return line.split(" ", 1)[0].rsplit("/", 1)[-1] + line[len(line.split(" ", 1)[0]):] if strip else line


def _top_fields(opts: dict[str, Any]) -> list[str]:
    """The columns: ``-o``'s, else toybox's default for top (``-O`` adds after PID,USER)."""
    if "o" in opts:
        spec = ",".join(opts["o"])
    else:
        spec = "PID,USER," + ("" if "O" in opts else "PR,NI,VIRT,RES,SHR,S,") + "%CPU,%MEM,TIME+,ARGS"
        if "O" in opts:
            spec = "PID,USER," + ",".join(opts["O"]) + ",%CPU,%MEM,TIME+,ARGS"
    fields = []
    for name in spec.split(","):
        key = name.split("=")[0].split(":")[0].upper()
        if key not in _TOP_FIELDS:
            at = len(spec) - len(spec.split(name, 1)[1]) - len(name) if name else 0
            raise _Error(f"bad -o '{spec}'\n{' ' * (len('top: bad -o ') + 1 + at)}^")
        fields.append(key)
    return fields


def _top_row(cells: list[str], widths: list[int], width: int) -> str:
    """One line of columns a space apart, the last left-aligned one without trailing spaces; cut at ``width``
    with ``+`` standing for what is cut (toybox ``show_ps``)."""
    parts = []
    for k, (text, w) in enumerate(zip(cells, widths, strict=True)):
        last = k == len(cells) - 1
        parts.append(text if last and w < 0 else f"{text:<{-w}}" if w < 0 else f"{text:>{w}}")
    line = " ".join(parts)
    return line if len(line) <= width else line[:width - 1] + "+"


def _top_header(fields: list[str], widths: list[int], sort: int) -> str:
    """The column names with the sort column in brackets (the bracket takes the space before and after)."""
    line = list(_top_row(fields, widths, 99999))
    starts = [m.start() for m in re.finditer(r"\S+", "".join(line))]
    start = starts[sort]
    end = start + len(fields[sort])
    if start:
        line[start - 1] = "["
    if end < len(line):
        line[end] = "]"
    return "".join(line).rstrip()


def _top_frame(sh: Shell, opts: dict[str, Any], fields: list[str],
               width: int) -> tuple[list[str], list[tuple[str, bool]]]:
    """One refresh of ``top``: the summary lines (from ``/proc/meminfo``'s figures) with the column names, and
    each process's line with whether it is running."""
    procs = _processes(sh)
    if opts.get("u"):
        users = [u for group in opts["u"] for u in group.split(",")]
        procs = [p for p in procs if p.user in users or str(user_id(p.user)) in users]
    if opts.get("p"):
        pids = [x for group in opts["p"] for x in group.split(",")]
        procs = [p for p in procs if str(p.pid) in pids]
    procs.sort(key=lambda p: (p.pid != SHELL_PID + 1, -p.pid))  # busiest first: only top itself runs
    running = sum(kernel.state(p, sh) == "R" for p in procs)
    m = kernel.MEMINFO

    def kb(key: str) -> str:
        return f"{m[key]}K"

    used = f"{m['MemTotal'] - m['MemFree']}K"
    lines = [f"Tasks: {len(procs)} total, {running:3d} running, {len(procs) - running:3d} sleeping, "
             f"{0:3d} stopped, {0:3d} zombie",
             f"  Mem:{kb('MemTotal'):>10} total,{used:>10} used,{kb('MemFree'):>10} free,{kb('Buffers'):>10} buffers",
             f" Swap:{kb('SwapTotal'):>10} total,{'0K':>10} used,{kb('SwapFree'):>10} free,{kb('Cached'):>10} cached",
             f"{kernel.CPUS * 100}%cpu" + "".join(f"{v:>4}%{n}" for n, v in (
                 ("user", 0), ("nice", 0), ("sys", 0), ("idle", kernel.CPUS * 100), ("iow", 0), ("irq", 0),
                 ("sirq", 0), ("host", 0)))]
    if opts.get("q"):
        lines = []
    widths = [_TOP_FIELDS[f][0] for f in fields]
    sort = min(opts.get("s", 9), len(fields)) - 1
    if not opts.get("q"):
        lines.append(_top_header(fields, widths, sort))
    count = opts["m"] + 5 * bool(opts.get("q")) if "m" in opts else (len(procs) if opts.get("b") else 20)
    rows = [(_top_row([_TOP_FIELDS[f][1](sh, p) for f in fields], widths, width), kernel.state(p, sh) == "R")
            for p in procs[:count]]
    return lines, rows


@toy("top", options=">0O*hHk*o*p*u*s#<1d:m#n#<1bq[!oO]")
def _top(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """toybox's ``top`` (``toys/posix/ps.c``): ``-b`` batch lines; without it the screen's escape codes for an
    80x25 terminal (adbd's ``sh -c`` has no terminal, so toybox assumes that size). The simulated phone is idle:
    every process at 0% CPU but top itself. Runs ``-n`` refreshes ``-d`` seconds apart (forever without ``-n``:
    until the client hangs up)."""
    _refuse(opts, "H", "k", "h")
    fields = _top_fields(opts)
    delay = float(opts.get("d", "3"))
    batch = bool(opts.get("b"))
    frames = opts.get("n", 0)
    if not frames:
        raise _Error("running until stopped is not simulated: give -n")
    out = ""
    if not batch:
        out += "\x1b[s\x1b[999C\x1b[999B\x1b[6n\x1b[u\x1b[H\x1b[J\x1b[?25l"
    for k in range(frames):
        lines, rows = _top_frame(sh, opts, fields, 99999 if batch else 80)
        if batch:
            out += "".join(f"{line}\n" for line in lines + [row for row, _running in rows])
            if k < frames - 1:
                sh.wait(delay)
                out += "\n\n"
            continue
        out += "\x1b[H\x1b[J\x1b[s\x1b[999C\x1b[999B\x1b[6n\x1b[u"
        out += "".join(f"{line[:80]}\r\n" for line in lines[:-1])
        if lines:
            out += f"\x1b[7m{lines[-1]:<80.80}\x1b[0m\r\n"
        out += "\n".join(f"\x1b[1m{row}\r\x1b[m" if running else f"{row}\r" for row, running in rows)
        if k < frames - 1:
            sh.wait(delay)
    if not batch:
        out += "\x1b[?25h\x1b[0m\x1b[999H\x1b[K"
    return ok(out)


@toy("getenforce", options=">0")
def _getenforce(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """SELinux enforces on the google_apis image (``toys/android/getenforce.c``)."""
    return ok("Enforcing\n")


@toy("mount", options="?RO:afnrvwt:o*[-rw]")
def _mount(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """``mount`` with no operand lists ``/proc/mounts`` (``-t`` picks a type) as ``toys/lsb/mount.c`` prints it;
    mounting anything is refused: the shell user may not, and the simulated phone's partitions are fixed."""
    if args or opts.get("a"):
        if sh.uid != 0:
            raise _Error("need root")
        raise _Error("mounting is not simulated")
    lines = []
    for line in _read(sh, "/proc/mounts").decode().splitlines():
        device, point, kind, options = line.split()[:4]
        if "t" not in opts or opts["t"] == kind:
            lines.append(f"{device} on {point} type {kind} ({options})")
    return ok(_encode(lines))


def _socket_address(text: str, six: bool) -> tuple[str, int]:
    """A ``/proc/net`` address (hex, host byte order per 32-bit word) as ``inet_ntop`` writes it, and its port."""
    addr, port = text.split(":")
    raw = b"".join(bytes.fromhex(addr[k:k + 8])[::-1] for k in range(0, len(addr), 8))
    import ipaddress

    ip = str(ipaddress.IPv6Address(raw) if six else ipaddress.IPv4Address(raw))
    return ip, int(port, 16)


def _netstat_ip(sh: Shell, opts: dict[str, Any], proto: str) -> list[str]:
    """The sockets of ``/proc/net/PROTO`` that ``netstat``'s options pick (``show_ip``)."""
    pad = 51 if opts.get("W") else 23
    lines = []
    for row in _read(sh, f"/proc/net/{proto}").decode().splitlines()[1:]:
        cols = row.split()
        (lip, lport), (rip, rport) = (_socket_address(c, proto.endswith("6")) for c in cols[1:3])
        st = int(cols[3], 16)
        txq, rxq = (int(x, 16) for x in cols[4].split(":"))
        if not (opts.get("l") and not rport and st & 0xA) and not opts.get("a") and not rport & 0x70:
            continue
        shown = []
        for ip, port in ((lip, lport), (rip, rport)):
            ip = "[::]" if ip == "::" else ip
            shown.append((ip + (f":{port}" if port else ":*"))[-pad:] if len(ip) + 6 > pad else
                         ip + (f":{port}" if port else ":*"))
        if proto.startswith("tcp"):
            label = kernel.TCP_STATES.get(st, "UNKNOWN")
        else:
            label = "ESTABLISHED" if st == 1 else "" if st == 7 else "UNKNOWN"
        line = f"{proto:<6}{rxq:6d}{txq:7d} {shown[0]:<{pad}.{pad}} {shown[1]:<{pad}.{pad}} {label:<11}"
        if opts.get("e"):
            uid = int(cols[7])
            line += f" {str(uid) if opts.get('n') else user_name(uid):<10} {cols[9]:<11}"
        if opts.get("p"):
            line += " -"
        lines.append(line)
    return lines


@toy("netstat", options="pWrxwutneal")
def _netstat(sh: Shell, name: str, opts: dict[str, Any], args: list[str]) -> Result:
    """toybox's ``netstat`` (``toys/net/netstat.c``): the sockets of ``/proc/net``; the idle phone has adbd
    listening on 5555 and no connection (adb reaches an emulator through its pipe). The routing table (``-r``)
    is ``ip route``'s."""
    _refuse(opts, "r")
    if not any(opts.get(c) for c in "tuwx"):
        opts = {**opts, "t": 1, "u": 1, "w": 1, "x": 1}
    kind = "servers and established" if opts.get("a") else "only servers" if opts.get("l") else "w/o servers"
    pad = 51 if opts.get("W") else 23
    lines = []
    if any(opts.get(c) for c in "tuw"):
        head = f"Proto Recv-Q Send-Q {'Local Address':<{pad}} {'Foreign Address':<{pad}} State      "
        head += " User       Inode      " if opts.get("e") else ""
        head += " PID/Program Name" if opts.get("p") else ""
        lines += [f"Active Internet connections ({kind})", head]
        for proto in ("tcp", "tcp6") * bool(opts.get("t")) + ("udp", "udp6") * bool(opts.get("u")) + \
                ("raw", "raw6") * bool(opts.get("w")):
            lines += _netstat_ip(sh, opts, proto)
    if opts.get("x"):
        lines += [f"Active UNIX domain sockets ({kind})",
                  "Proto RefCnt Flags       Type       State         I-Node" +
                  ("   PID/Program Name     " if opts.get("p") else "   ") + "Path"]
    return ok(_encode(lines))


def _programs() -> list[str]:
    """What ``/system/bin`` holds: every command the shell can run but mksh's own builtins and ``/system/xbin``'s."""
    return sorted(n for n in COMMANDS if n not in _SHELL_ONLY and "/" not in n and n not in (":", "[", *_XBIN))


#: toybox's applets among them (``toybox`` lists them; links to ``toybox`` in ``/system/bin``).
_TOYBOX_APPLETS.update({
    "basename", "base64", "cat", "chgrp", "chmod", "chown", "cmp", "comm", "cp", "cut", "date", "df", "dirname",
    "du", "echo", "egrep", "env", "false", "fgrep", "find", "free", "grep", "groups", "head", "hostname", "id",
    "ifconfig", "ln", "logname", "ls", "md5sum", "mkdir", "mktemp", "mv", "nl", "nproc", "paste", "pidof", "printenv",
    "printf", "ps", "readlink", "realpath", "restorecon", "rev", "rm", "rmdir", "sed", "seq", "sha1sum", "sha224sum",
    "sha256sum", "sha384sum", "sha512sum", "sleep", "sort", "stat", "sync", "tac", "tail", "tee", "test", "timeout",
    "touch", "tr", "true", "truncate", "tty", "uname", "uniq", "unlink", "uptime", "usleep", "wc", "which", "whoami",
    "xargs", "top", "getenforce", "mount", "netstat", "od"})
stores.PROGRAMS = _programs
stores.TOYBOX_APPLETS = lambda: _TOYBOX_APPLETS
