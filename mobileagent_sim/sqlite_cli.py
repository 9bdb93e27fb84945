"""The on-device ``sqlite3`` command-line shell, as Android 13 ships it (SQLite 3.32, ``external/sqlite``'s
``dist/shell.c``; its ``README.version`` names the version).

What AndroidWorld's validators run through adb (``sqlite3 /data/data/.../mmssms.db "SELECT ..."``,
``adb_utils.execute_sql_command``) and what scripts commonly send: ``sqlite3 [OPTIONS] FILE [SQL|.CMD]...``, or the
SQL on standard input. The statements run on the simulated file through Python's ``sqlite3``; the shell's own
parts are those of 3.32's ``shell.c``:

- output modes ``list`` (default, ``|`` between columns, no header), ``csv``, ``line``, ``column``, ``tabs``,
  ``quote``; ``-header``/``-noheader``, ``-separator``, ``-newline``, ``-nullvalue``, ``-bail``, ``-cmd``,
  ``-readonly``, ``-version``;
- dot commands ``.tables``, ``.schema``, ``.headers``, ``.mode``, ``.separator``, ``.nullvalue``, ``.quit``;
- errors on standard error as ``shell.c`` prints them (``Error: no such table: x``; ``Error: near line N: ...``
  for SQL read from standard input), exit status 1 (SQLite's error code);
- a real number as ``%!.15g`` prints it (``3.0``, ``1.0e+20``).

Not simulated (usage error naming it): other dot commands (``.dump``, ``.import``...), the modes of later SQLite
(``json``, ``box``, ``markdown``, ``table`` came with 3.33), interactive use.

A write through ``sqlite3`` reaches the app's database while the app runs, as on a phone: the app reads it on
its next query (the screen is rebuilt); nothing is stopped. A database file ``sqlite3`` creates is its caller's
(root after ``adb root``), as the file a root process creates is on a phone.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mobileagent_sim.shell import Result, Shell, command, with_stderr

#: ``sqlite3 -version`` of Android 13's build (SQLite 3.32.2 as ``external/sqlite`` carries it).
VERSION = "3.32.2 2020-06-04 12:58:43 ec02243ea6ce33b090870ae55ab8aa2534b54d216d45c4aa2fdbb00e86861e8c"

_MODES = ("list", "csv", "line", "column", "tabs", "quote")


class _Exit(Exception):
    """``.quit``: stop reading commands."""


@dataclass
class _Cli:
    """The shell's settings (``ShellState`` in ``shell.c``) and what it printed."""

    mode: str = "list"
    separator: str = "|"
    newline: str = "\n"
    nullvalue: str = ""
    headers: bool = False
    bail: bool = False
    readonly: bool = False
    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)
    wrote: bool = False

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        if mode == "csv":
            self.separator, self.newline = ",", "\r\n"
        elif mode == "tabs":
            self.mode, self.separator = "list", "\t"
        elif mode == "list" and self.separator in (",", "\t"):
            self.separator = "|"


def real_text(value: float) -> str:
    """A REAL as ``sqlite3_column_text`` gives it (``%!.15g``: always a decimal point)."""
    text = f"{value:.15g}"
    if "inf" in text or "nan" in text:
        return {"inf": "Inf", "-inf": "-Inf"}.get(text, text)
    mantissa, e, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + (f"e{exponent}" if e else "")


def _text(value: Any, cli: _Cli) -> str:
    if value is None:
        return cli.nullvalue
    if isinstance(value, float):
        return real_text(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


def _quoted(value: Any) -> str:
    """A value as ``.mode quote`` (and ``.dump``) writes it as an SQL literal."""
    if value is None:
        return "NULL"
    if isinstance(value, (int, float)):
        return real_text(value) if isinstance(value, float) else str(value)
    if isinstance(value, bytes):
        return "X'" + value.hex() + "'"
    return "'" + str(value).replace("'", "''") + "'"


def _csv_cell(text: str, separator: str) -> str:
    """``output_csv``: quoted when it holds the separator or a character of ``needCsvQuote`` (controls, space,
    ``"``, ``'``, and everything beyond ASCII)."""
    if separator in text or any(ord(c) <= 0x20 or c in "\"'" or ord(c) >= 0x7F for c in text):
        return '"' + text.replace('"', '""') + '"'
    return text


def _print_rows(cli: _Cli, names: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """``shell_callback`` for each mode: one result set."""
    if cli.mode == "line":
        width = max(5, *(len(n) for n in names))  # shell.c: at least 5
        for i, row in enumerate(rows):
            if i:
                cli.out.append("\n")
            cli.out.extend(f"{n:>{width}} = {_text(v, cli)}{cli.newline}" for n, v in zip(names, row))
        return
    if cli.mode == "column":  # widths from the names and the first row, at least 10; every cell padded
        texts = [[_text(v, cli) for v in row] for row in rows]
        first = texts[0] if texts else ["" for _ in names]
        widths = [max(10, len(n), len(t)) for n, t in zip(names, first)]
        lines = []
        if cli.headers:
            lines.append("  ".join(f"{n:<{w}}" for n, w in zip(names, widths)))
            lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(f"{t[:w]:<{w}}" for t, w in zip(row, widths)) for row in texts]
        cli.out.extend(line + cli.newline for line in lines)
        return
    if cli.mode == "csv":
        cell = lambda t: _csv_cell(t, cli.separator)  # noqa: E731
        if cli.headers:
            cli.out.append(cli.separator.join(cell(n) for n in names) + cli.newline)
        cli.out.extend(cli.separator.join(cell(_text(v, cli)) if v is not None else cli.nullvalue for v in row)
                       + cli.newline for row in rows)
        return
    if cli.mode == "quote":
        if cli.headers:
            cli.out.append(",".join(_quoted(n) for n in names) + cli.newline)
        cli.out.extend(",".join(_quoted(v) for v in row) + cli.newline for row in rows)
        return
    if cli.headers and rows:
        cli.out.append(cli.separator.join(names) + cli.newline)
    cli.out.extend(cli.separator.join(_text(v, cli) for v in row) + cli.newline for row in rows)


def _statements(sql: str) -> list[str]:
    """``sql`` cut into complete statements (``sqlite3_complete``), the last one even without its ``;``."""
    out, current = [], ""
    for piece in re.split(r"(;)", sql):
        current += piece
        if piece == ";" and sqlite3.complete_statement(current):
            out.append(current)
            current = ""
    if current.strip():
        out.append(current)
    return out


def _run_sql(cli: _Cli, conn: sqlite3.Connection, sql: str) -> str | None:
    """Run every statement of ``sql``, printing each result set; the first error's message, if any."""
    for statement in _statements(sql):
        if not statement.strip().rstrip(";").strip():
            continue
        try:
            cur = conn.execute(statement)
            rows = cur.fetchall()
        except sqlite3.Warning as e:  # "You can only execute one statement at a time": not with the split above
            return str(e)
        except sqlite3.Error as e:
            return str(e)
        if cur.description is not None:
            _print_rows(cli, [d[0] for d in cur.description], rows)
        if conn.in_transaction or conn.total_changes:
            cli.wrote = True
    return None


def _tables(cli: _Cli, conn: sqlite3.Connection, pattern: str | None) -> None:
    """``.tables``: the names in columns as wide as the longest, as many as fit in 80 characters."""
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' "
        "AND name LIKE ?1 ORDER BY 1", (pattern or "%",))]
    if not names:
        return
    width = max(len(n) for n in names)
    per_line = max(1, 80 // (width + 2))
    rows = (len(names) + per_line - 1) // per_line
    for i in range(rows):
        cells = [names[j] for j in range(i, len(names), rows)]
        cli.out.append("  ".join(f"{c:<{width}}" for c in cells).rstrip() + "\n")


def _schema(cli: _Cli, conn: sqlite3.Connection, pattern: str | None) -> None:
    """``.schema [PATTERN]``: each object's ``CREATE`` statement with its ``;``."""
    sql = ("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
           + (" AND tbl_name LIKE ?1" if pattern else "") + " ORDER BY rowid")
    for (text,) in conn.execute(sql, (pattern,) if pattern else ()):
        cli.out.append(f"{text};\n")


def _on_off(word: str) -> bool | None:
    w = word.lower()
    if w in ("on", "yes", "true", "1"):
        return True
    if w in ("off", "no", "false", "0"):
        return False
    return None


def _dot(cli: _Cli, conn: sqlite3.Connection, line: str) -> str | None:
    """A dot command; the error text if it fails (``shell.c``'s wording)."""
    words = line[1:].split()
    name, args = (words[0], words[1:]) if words else ("", [])
    if name in ("quit", "exit"):
        raise _Exit
    if name in ("headers", "header") and len(args) == 1 and _on_off(args[0]) is not None:
        cli.headers = bool(_on_off(args[0]))
    elif name == "mode" and len(args) == 1:
        if args[0] not in _MODES:
            return ("Error: mode should be one of: ascii column csv html insert line list quote tabs tcl\n")
        cli.set_mode(args[0])
    elif name == "separator" and 1 <= len(args) <= 2:
        cli.separator = args[0].encode().decode("unicode_escape")
        if len(args) == 2:
            cli.newline = args[1].encode().decode("unicode_escape")
    elif name == "nullvalue" and len(args) == 1:
        cli.nullvalue = args[0]
    elif name == "tables" and len(args) <= 1:
        _tables(cli, conn, args[0] if args else None)
    elif name == "schema" and len(args) <= 1:
        _schema(cli, conn, args[0] if args else None)
    else:
        return f'Error: unknown command or invalid arguments:  "{name}". Enter ".help" for help\n'
    return None


_FLAGS = {"-header": ("headers", True), "-noheader": ("headers", False), "-bail": ("bail", True),
          "-readonly": ("readonly", True)}
_MODE_FLAGS = {f"-{m}": m for m in _MODES}
_VALUED = ("-separator", "-newline", "-nullvalue", "-cmd")
_IGNORED = ("-batch", "-interactive", "-echo", "-stats")


def _options(argv: list[str]) -> tuple[_Cli, list[str], list[str], str | None]:
    """(settings, ``-cmd`` commands, positional arguments, an unknown option if any)."""
    cli, cmds, positional = _Cli(), [], []
    i = 0
    while i < len(argv):
        a = argv[i]
        opt = "-" + a.lstrip("-") if a.startswith("-") and len(a) > 1 else a
        if not a.startswith("-") or a == "-":
            positional.append(a)
        elif opt in _FLAGS:
            setattr(cli, *_FLAGS[opt])
        elif opt in _MODE_FLAGS:
            cli.set_mode(_MODE_FLAGS[opt])
            cli.newline = "\n"  # -csv sets the column separator only; ".mode csv" also ends rows with CRLF
        elif opt in _VALUED and i + 1 < len(argv):
            i += 1
            value = argv[i]
            if opt == "-cmd":
                cmds.append(value)
            else:
                setattr(cli, opt[1:], value)
        elif opt in _IGNORED:
            pass
        else:
            return cli, cmds, positional, a
        i += 1
    return cli, cmds, positional, None


def _run_commands(cli: _Cli, conn: sqlite3.Connection, commands: list[str]) -> int:
    """Command-line SQL and dot commands (``main`` in ``shell.c``): the first failure ends the run."""
    for text in commands:
        if text.startswith("."):
            error = _dot(cli, conn, text)
        else:
            message = _run_sql(cli, conn, text)
            error = f"Error: {message}\n" if message is not None else None
        if error:
            cli.err.append(error)
            return 1
    return 0


def _run_input(cli: _Cli, conn: sqlite3.Connection, script: str) -> int:
    """SQL read from standard input (``process_input``): errors name their line; the rest still runs."""
    errors, pending, start = 0, "", 0
    for number, line in enumerate(script.splitlines(), 1):
        if not pending and line.lstrip().startswith("."):
            error = _dot(cli, conn, line.strip())
            if error:
                cli.err.append(error)
                errors += 1
            continue
        if not pending:
            start = number
        pending += line + "\n"
        if sqlite3.complete_statement(pending):
            message = _run_sql(cli, conn, pending)
            pending = ""
            if message is not None:
                cli.err.append(f"Error: near line {start}: {message}\n")
                errors += 1
        if errors and cli.bail:
            return 1
    if pending.strip():
        message = _run_sql(cli, conn, pending)
        if message is not None:
            cli.err.append(f"Error: near line {start}: {message}\n")
            errors += 1
    return 1 if errors else 0


def _may_open(sh: Shell, path: str) -> bool:
    """The caller may open ``path``: root anything, the shell user (2000) nothing in another uid's data."""
    if sh.uid == 0 or path == ":memory:":
        return True
    canonical = sh.system.fs.canonical(path)
    return not (canonical.startswith("/data/") and not canonical.startswith("/data/local/tmp/"))


@command("sqlite3")
def _sqlite3(sh: Shell, argv: list[str]) -> Result:
    cli, cmds, positional, unknown = _options(argv[1:])
    if unknown is not None:
        return with_stderr(sh, b"", 1, f"sqlite3: Error: unknown option: {unknown}\nUse -help for a list of "
                                       "options.\n")
    if "-version" in argv or "--version" in argv:
        return with_stderr(sh, f"{VERSION}\n".encode(), 0)
    if not positional:
        return with_stderr(sh, b"", 1, "sqlite3: interactive use is not simulated; give a database and SQL, "
                                       "or SQL on standard input\n")
    path, commands = sh.resolve(positional[0]) if positional[0] != ":memory:" else ":memory:", positional[1:]
    fs = sh.system.fs
    status, created = 0, False
    if path != ":memory:":
        folder = path.rsplit("/", 1)[0] or "/"
        if not _may_open(sh, path) or not fs.isdir(folder) or fs.isdir(path):
            return with_stderr(sh, b"", 1, f'Error: unable to open database "{positional[0]}": unable to open '
                                           "database file\n")
        created = not fs.exists(path)
    conn = sqlite3.connect(":memory:") if path == ":memory:" else None
    try:
        if conn is not None:
            status = _session(sh, cli, conn, cmds, commands)
        else:
            with fs.sqlite(path, shared=False) as db:
                status = _session(sh, cli, db, cmds, commands)
    finally:
        if conn is not None:
            conn.close()
    if created:
        fs.chown(path, f"{sh.uid}:{sh.uid}")
    if cli.wrote:
        sh.system.invalidate()  # the app reads its database anew, as a real app's next query does
    return with_stderr(sh, "".join(cli.out).encode(), status, "".join(cli.err))


def _session(sh: Shell, cli: _Cli, conn: sqlite3.Connection, cmds: list[str], commands: list[str]) -> int:
    conn.isolation_level = None  # autocommit, as the CLI: each statement is its own transaction
    if cli.readonly:
        conn.execute("PRAGMA query_only = ON")
    try:
        status = _run_commands(cli, conn, cmds)
        if status:
            return status
        if commands:
            return _run_commands(cli, conn, commands)
        return _run_input(cli, conn, sh.stdin.decode("utf-8", errors="replace"))
    except _Exit:
        return 0

