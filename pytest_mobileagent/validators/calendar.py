"""Simple Calendar Pro's events on a device: seeding them, and AndroidWorld's checks on them. The database,
its schema and the row type are the app's contract, :mod:`pytest_mobileagent.android.calendar`.

:class:`Event` mirrors a row of ``events`` with the defaults AndroidWorld's
``sqlite_schema_utils.CalendarEvent`` seeds rows with. :func:`seed_events`
replaces the table's rows (what AndroidWorld does before each calendar task);
:func:`events_added` and :func:`events_removed` are AndroidWorld's
``validate_rows_addition_integrity`` / ``validate_rows_removal_integrity``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pytest_mobileagent.android.calendar import COLUMNS, DB_PATH, EVENTS_TABLE, PACKAGE, Event, event_from_row
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.answers import text_matches
from pytest_mobileagent.validators.state import insert_rows

#: Fields AndroidWorld compares on an added event; the free-text ones up to case and spacing.
ADDED_FIELDS = ("start_ts", "end_ts", "title", "location", "description")
FREE_FORM_FIELDS = ("title", "location", "description")



def list_events(device: Device) -> list[Event]:
    """Every row of ``events``, by id (empty if the app has no database yet)."""
    if not device.exists(DB_PATH):
        return []
    cols = ", ".join(f"`{c}`" for c in COLUMNS)
    return [event_from_row(r) for r in device.sqlite(DB_PATH, f"SELECT {cols} FROM events ORDER BY id")]


def add_events(device: Device, events: Iterable[Event]) -> None:
    """Insert events as new rows (ids are assigned by the database, in order)."""
    insert_rows(device, DB_PATH, EVENTS_TABLE, [e.row() for e in events])


def clear_events(device: Device) -> None:
    """Delete every event (AndroidWorld's ``clear_calendar_db``)."""
    device.sqlite(DB_PATH, "DELETE FROM events")


def seed_events(device: Device, events: Iterable[Event]) -> list[Event]:
    """Make ``events`` the calendar's only events and return them as stored (with their ids).

    The app is stopped first, as AndroidWorld closes it before pushing its database.
    """
    device.stop_app(PACKAGE)
    clear_events(device)
    add_events(device, list(events))
    return list_events(device)


def event_matches(reference: Event, row: Event, fields: Sequence[str] = ADDED_FIELDS,
                  free_form: Sequence[str] = FREE_FORM_FIELDS) -> bool:
    """``row`` has ``reference``'s values in ``fields``: free text up to case and spacing, the rest exactly."""
    for name in fields:
        want, got = getattr(reference, name), getattr(row, name)
        if name in free_form:
            if not text_matches(got, want):
                return False
        elif want != got:
            return False
    return True


def events_added(before: Sequence[Event], after: Sequence[Event], expected: Sequence[Event],
                 fields: Sequence[str] = ADDED_FIELDS) -> bool:
    """AndroidWorld's addition check: each expected event is in ``after``, exactly ``len(expected)`` rows were
    added, and every row of ``before`` is still there unchanged."""
    if not all(any(event_matches(ref, row, fields) for row in after) for ref in expected):
        return False
    if len(after) != len(before) + len(expected):
        return False
    return all(row in after for row in before)


def events_removed(before: Sequence[Event], after: Sequence[Event], ids: Iterable[int]) -> bool:
    """AndroidWorld's removal check: the rows with ``ids`` are gone, every other row of ``before`` is unchanged,
    and no row was added."""
    targets = set(ids)
    for row in before:
        if (row.id in targets) == (row in after):
            return False
    return all(row in before for row in after)


__all__ = [
    "ADDED_FIELDS",
    "add_events",
    "clear_events",
    "event_matches",
    "events_added",
    "events_removed",
    "list_events",
    "seed_events",
]
