"""toybox, Android's userland (its command-line toolbox since 6.0), on the simulated phone.

Same options, messages (``grep: FILE: No such file or directory``) and exit statuses as toybox's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import stat as stat_mod
from collections.abc import Callable
from typing import Any

from pytest_mobileagent.android.keyboard import PACKAGE as _IME_PACKAGE
from pytest_mobileagent.sim import services
from pytest_mobileagent.sim.shell import Result, Shell, command, fail, ok, operands, strerror, with_stderr


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


@command("sleep")
def _sleep(sh: Shell, argv: list[str]) -> Result:
    # Simulated time passes at once: the device never really waits.
    try:
        sh.system.tick(float(argv[1]) if len(argv) > 1 else 0.0)
    except ValueError:
        return fail(f"sleep: invalid number '{argv[1]}'\n")
    sh.system.invalidate()
    return ok()


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
            errors += f"{tool}: {path}: {strerror(e)}\n"
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
        return with_stderr(sh, b"", 2, f"grep: {e}\n")
    flavour = {"egrep": "E", "fgrep": "F"}.get(argv[0].rsplit("/", 1)[-1])
    if flavour:
        opts[flavour] = True
    patterns = opts.get("e") or rest[:1]
    files = rest if "e" in opts else rest[1:]
    if not patterns:
        return with_stderr(sh, b"", 2, "grep: Need 1 argument\n")
    try:
        regex = _grep_regex(patterns, opts)
    except re.error as e:
        return with_stderr(sh, b"", 2, f"grep: bad REGEX '{patterns[0]}': {e}\n")
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
                return with_stderr(sh, b"", 0)
        elif opts.get("c"):
            out.append(f"{name}:{len(hits)}" if named else str(len(hits)))
        elif opts.get("l"):
            out += [name] if hits else []
        else:
            out += [f"{name}:" * bool(named) + f"{n}:" * bool(opts.get("n")) + text for n, text in hits]
    errors = "" if opts.get("s") else errors
    return with_stderr(sh, _encode(out), 2 if errors else int(not matched), errors)


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
        return with_stderr(sh, b"", 1, f"{tool}: {e}\n")
    inputs, errors = _inputs(sh, tool, paths)
    out = b""
    for k, (name, data) in enumerate(inputs):
        if (len(paths) > 1 and not opts.get("q")) or opts.get("v"):
            out += f"{chr(10) if k else ''}==> {name} <==\n".encode()
        out += b"".join(pick(_lines(data), count))
    return with_stderr(sh, out, 1 if errors else 0, errors)


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
        return with_stderr(sh, b"", 1, f"wc: {e}\n")
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
    return with_stderr(sh, _encode(rows), 1 if errors else 0, errors)


def _sort_number(line: str) -> float:
    m = re.match(r"\s*[-+]?(\d+\.?\d*|\.\d+)", line)
    return float(m.group(0)) if m else 0.0


@command("sort")
def _sort(sh: Shell, argv: list[str]) -> Result:
    try:
        opts, paths = _options(argv[1:], "rnuf")
    except _UsageError as e:
        return with_stderr(sh, b"", 2, f"sort: {e}\n")
    inputs, errors = _inputs(sh, "sort", paths)
    if errors:
        return with_stderr(sh, b"", 2, errors)
    lines = [_decode(line) for _, data in inputs for line in _lines(data)]
    fold = (lambda t: t.upper()) if opts.get("f") else (lambda t: t)
    if opts.get("n"):
        lines.sort(key=lambda t: (_sort_number(t), t), reverse=bool(opts.get("r")))
    else:
        lines.sort(key=lambda t: (fold(t).encode("utf-8", "surrogateescape"), t), reverse=bool(opts.get("r")))
    if opts.get("u"):
        lines = [t for i, t in enumerate(lines) if i == 0 or fold(t) != fold(lines[i - 1])]
    return with_stderr(sh, _encode(lines), 0)


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
        return with_stderr(sh, b"", 1, f"tr: {e}\n")
    if len(sets) != (1 if opts.get("d") else 2):
        return with_stderr(sh, b"", 1, f"tr: Need {1 if opts.get('d') else 2} arguments\n")
    text = sh.stdin.decode("utf-8", "surrogateescape")
    source = _tr_set(sets[0])
    if opts.get("d"):
        table = dict.fromkeys(map(ord, source))
    else:
        target = _tr_set(sets[1])
        target = target + target[-1:] * (len(source) - len(target))
        table = {ord(a): b for a, b in zip(source, target)}
    return with_stderr(sh, text.translate(table).encode("utf-8", "surrogateescape"), 0)


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
    return with_stderr(sh, b"".join(data for _, data in inputs), 1 if errors else 0, errors)


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


@command("id")
def _id(sh: Shell, argv: list[str]) -> Result:
    # adbd runs as root, as on an emulator after `adb root` (reading /data/data and setting the clock need it)
    if "-u" in argv[1:]:
        return ok("0\n")
    return ok("uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),1011(adb),1015(sdcard_rw),"
              "1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats) context=u:r:su:s0\n")


@command("md5sum")
def _md5sum(sh: Shell, argv: list[str]) -> Result:
    brief = "-b" in argv[1:]
    out, status = "", 0
    for p in operands(argv):
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
    wanted = set(operands(argv))
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
