"""Checks on settings, files, databases and logcat."""

from __future__ import annotations

import re
from typing import Any

from pytest_mobileagent.android import strings
from pytest_mobileagent.android.logcat import parse_line
from pytest_mobileagent.device.base import Device


def table_rows(device: Device, db_path: str, table: str, columns: str = "*", where: str = "",
               params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows of a table in an on-device database (empty if the database does not exist)."""
    if not device.exists(db_path):
        return []
    sql = f"SELECT {columns} FROM {table}" + (f" WHERE {where}" if where else "")
    return device.sqlite(db_path, sql, params)


def insert_rows(device: Device, db_path: str, table: str, rows: list[dict[str, Any]], chunk: int = 200) -> None:
    """Insert rows (dicts of column to value) with few multi-row statements, not one call per row.

    Column names come from task code, never from agent output; values are bound as parameters.
    """
    if not rows:
        return
    columns = list(rows[0])
    if any(list(r) != columns for r in rows):
        raise ValueError(f"rows for {table} must all have the columns {columns}")
    names = ", ".join(f'"{c}"' for c in columns)
    one = "(" + ", ".join("?" * len(columns)) + ")"
    for start in range(0, len(rows), chunk):
        part = rows[start:start + chunk]
        params = tuple(v for r in part for v in r.values())
        device.sqlite(db_path, f"INSERT INTO {table} ({names}) VALUES {', '.join([one] * len(part))}", params)


def logcat_matches(device: Device, pattern: str, tag: str | None = None, since=None) -> bool:
    """Some logcat line (optionally of ``tag``) matches the regex ``pattern`` (B-MoCA's success rule)."""
    regex = re.compile(pattern)
    for line in device.logcat(since):
        if tag is not None and ((parsed := parse_line(line)) is None or parsed.tag != tag):
            continue
        message = line.partition(": ")[2]
        if regex.search(message) or regex.search(line):
            return True
    return False


def device_locale(device: Device) -> str:
    """The device's locale (``persist.sys.locale``; "" when it does not say)."""
    return device.shell("getprop persist.sys.locale").strip()


def shown(device: Device, package: str, *english: str) -> dict[str, str]:
    """Each of ``english``, strings of ``package``'s, as the device shows it in its locale (for checks that read the
    screen), asking the device its locale once."""
    locale = device_locale(device)
    return {e: strings.translate(e, package, locale) for e in english}
