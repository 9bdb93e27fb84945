"""Google Calendar's events on a device: seeding them and reading them back from the calendar provider.

Google Calendar keeps its events in ``com.android.providers.calendar``'s ``calendar.db`` (``Events``,
``Attendees``, ``Reminders``), readable with root on an emulator as on the simulator. :func:`seed_events` is the one
call other tasks (cross-app ones) use to make "the event titled 'meeting'" exist.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from pytest_mobileagent.android.aosp_calendar import DB_PATH
from pytest_mobileagent.android.google_calendar import MAIN_ACTIVITY, PACKAGE
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.state import insert_rows, table_rows


@dataclass(frozen=True)
class CalendarEvent:
    """An ``Events`` row (times as UTC datetimes, the device's zone) with its guests' addresses."""

    title: str
    start: dt.datetime
    end: dt.datetime
    location: str = ""
    guests: tuple[str, ...] = ()
    #: Minutes before the start of a notification (a ``Reminders`` row), or None.
    reminder: int | None = None
    id: int = -1


def _ms(t: dt.datetime) -> int:
    return int(t.timestamp() * 1000)


def _time(ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc)


def seed_events(device: Device, events: Iterable[CalendarEvent]) -> list[CalendarEvent]:
    """Make ``events`` the provider's only events (in calendar 1, "Phone") and return them as stored, with ids."""
    device.stop_app(PACKAGE)
    for table in ("Attendees", "Reminders", "Events"):
        device.sqlite(DB_PATH, f"DELETE FROM {table}")
    for e in events:
        insert_rows(device, DB_PATH, "Events", [{
            "calendar_id": 1, "title": e.title, "eventLocation": e.location, "description": "",
            "dtstart": _ms(e.start), "dtend": _ms(e.end), "allDay": 0}])
        (event_id,), = device.sqlite(DB_PATH, "SELECT max(_id) FROM Events")
        insert_rows(device, DB_PATH, "Attendees", [{
            "event_id": event_id, "attendeeName": "", "attendeeEmail": g, "attendeeStatus": 1,
            "attendeeRelationship": 1, "attendeeType": 1} for g in e.guests])
        if e.reminder is not None:
            insert_rows(device, DB_PATH, "Reminders", [{"event_id": event_id, "minutes": e.reminder, "method": 1}])
    return list_events(device)


def list_events(device: Device) -> list[CalendarEvent]:
    """Every live (not deleted) event, by id, with its guests."""
    guests: dict[int, list[str]] = {}
    for event_id, email in table_rows(device, DB_PATH, "Attendees", "event_id, attendeeEmail",
                                      "attendeeRelationship != 2 ORDER BY _id"):
        guests.setdefault(event_id, []).append(email)
    reminders = dict(table_rows(device, DB_PATH, "Reminders", "event_id, minutes"))
    return [CalendarEvent(title or "", _time(start), _time(end), location or "", tuple(guests.get(i, ())),
                          reminders.get(i), i)
            for i, title, location, start, end in table_rows(
                device, DB_PATH, "Events", "_id, title, eventLocation, dtstart, dtend", "deleted = 0 ORDER BY _id")]


def titled(events: Iterable[CalendarEvent], title: str) -> list[CalendarEvent]:
    """The events whose title is ``title`` (up to case and surrounding spaces)."""
    want = title.strip().lower()
    return [e for e in events if e.title.strip().lower() == want]


def in_front(device: Device) -> bool:
    """Google Calendar's main screen is in the foreground."""
    return tuple(device.current_activity()) == (PACKAGE, MAIN_ACTIVITY)


__all__ = ["CalendarEvent", "in_front", "list_events", "seed_events", "titled"]
