"""AOSP Calendar (``com.android.calendar``) and the calendar provider it reads.

``com.android.calendar.AllInOneActivity`` is the launcher entry (Google Calendar,
``com.google.android.calendar``, keeps the same activity class, so B-MoCA's
``START(.*?)com.android.calendar`` matches either). Events live in the calendar provider's
``calendar.db`` (``com.android.providers.calendar``); the simulated table keeps a subset of the real
``Events`` columns (``_id``, ``calendar_id``, ``title``, ``eventLocation``, ``description``, ``dtstart``,
``dtend``, ``allDay``, ``deleted``; times in epoch milliseconds, UTC), and of ``Attendees`` (an event's guests:
``attendeeRelationship`` 1 attendee / 2 organizer, ``attendeeStatus`` 0 none / 3 invited) and ``Reminders``
(``method`` 1 alert).
"""

from __future__ import annotations

PACKAGE = "com.android.calendar"
MAIN_ACTIVITY = f"{PACKAGE}.AllInOneActivity"
EVENT_INFO_ACTIVITY = f"{PACKAGE}.EventInfoActivity"
PROVIDER_PACKAGE = "com.android.providers.calendar"
DB_PATH = f"/data/data/{PROVIDER_PACKAGE}/databases/calendar.db"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS Calendars (_id INTEGER PRIMARY KEY, account_name TEXT, account_type TEXT, "
    "calendar_displayName TEXT, calendar_color INTEGER, visible INTEGER NOT NULL DEFAULT 1)",
    "CREATE TABLE IF NOT EXISTS Events (_id INTEGER PRIMARY KEY AUTOINCREMENT, calendar_id INTEGER NOT NULL, "
    "title TEXT, eventLocation TEXT, description TEXT, dtstart INTEGER, dtend INTEGER, "
    "allDay INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0)",
    "INSERT OR IGNORE INTO Calendars VALUES (1, 'Phone', 'LOCAL', 'Phone', -11751600, 1)",
    "CREATE TABLE IF NOT EXISTS Attendees (_id INTEGER PRIMARY KEY AUTOINCREMENT, event_id INTEGER, "
    "attendeeName TEXT, attendeeEmail TEXT, attendeeStatus INTEGER, attendeeRelationship INTEGER, "
    "attendeeType INTEGER)",
    "CREATE TABLE IF NOT EXISTS Reminders (_id INTEGER PRIMARY KEY AUTOINCREMENT, event_id INTEGER, "
    "minutes INTEGER, method INTEGER NOT NULL DEFAULT 0)",
)

__all__ = ["DB_PATH", "EVENT_INFO_ACTIVITY", "MAIN_ACTIVITY", "PACKAGE", "PROVIDER_PACKAGE", "SCHEMA"]
