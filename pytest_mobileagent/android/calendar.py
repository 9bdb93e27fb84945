"""Simple Calendar Pro (``com.simplemobiletools.calendar.pro``, 6.22.2 as on AndroidWorld's image): its Room
database ``events.db`` (schema version 8 of ``EventsDatabase``), the row type of ``events`` and the app's
constants. Times are epoch seconds; the device's time zone is UTC, so a wall-clock time on the phone is the
same time in UTC.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

PACKAGE = "com.simplemobiletools.calendar.pro"
DB_PATH = f"/data/data/{PACKAGE}/databases/events.db"
EVENTS_TABLE = "events"
#: ``repeat_interval`` values of the app's repetition choices (``helpers/Constants.kt``).
DAY, WEEK, MONTH, YEAR = 86400, 604800, 2592001, 31536000
#: ``flags`` bits.
FLAG_ALL_DAY = 1
REGULAR_EVENT_TYPE_ID = 1
SOURCE_SIMPLE_CALENDAR = "simple-calendar"
SOURCE_IMPORTED_ICS = "imported-ics"
#: Room's identity hash of ``EventsDatabase`` version 8 (``app/schemas/.../8.json``).
IDENTITY_HASH = "1d5b2fddcb258e43f2935820863057a9"
SCHEMA_VERSION = 8
#: The statements Room runs to create version 8, plus the ``android_metadata`` table of every SQLiteOpenHelper.
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)",
    "INSERT INTO android_metadata VALUES ('en_US')",
    "CREATE TABLE IF NOT EXISTS `events` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `start_ts` INTEGER NOT NULL, "
    "`end_ts` INTEGER NOT NULL, `title` TEXT NOT NULL, `location` TEXT NOT NULL, `description` TEXT NOT NULL, "
    "`reminder_1_minutes` INTEGER NOT NULL, `reminder_2_minutes` INTEGER NOT NULL, "
    "`reminder_3_minutes` INTEGER NOT NULL, `reminder_1_type` INTEGER NOT NULL, `reminder_2_type` INTEGER NOT NULL, "
    "`reminder_3_type` INTEGER NOT NULL, `repeat_interval` INTEGER NOT NULL, `repeat_rule` INTEGER NOT NULL, "
    "`repeat_limit` INTEGER NOT NULL, `repetition_exceptions` TEXT NOT NULL, `attendees` TEXT NOT NULL, "
    "`import_id` TEXT NOT NULL, `time_zone` TEXT NOT NULL, `flags` INTEGER NOT NULL, `event_type` INTEGER NOT NULL, "
    "`parent_id` INTEGER NOT NULL, `last_updated` INTEGER NOT NULL, `source` TEXT NOT NULL, "
    "`availability` INTEGER NOT NULL, `color` INTEGER NOT NULL, `type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_events_id` ON `events` (`id`)",
    "CREATE TABLE IF NOT EXISTS `event_types` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `title` TEXT NOT NULL, "
    "`color` INTEGER NOT NULL, `caldav_calendar_id` INTEGER NOT NULL, `caldav_display_name` TEXT NOT NULL, "
    "`caldav_email` TEXT NOT NULL, `type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_event_types_id` ON `event_types` (`id`)",
    "CREATE TABLE IF NOT EXISTS `widgets` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `widget_id` INTEGER NOT NULL, "
    "`period` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_widgets_widget_id` ON `widgets` (`widget_id`)",
    "CREATE TABLE IF NOT EXISTS `tasks` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `task_id` INTEGER NOT NULL, "
    "`start_ts` INTEGER NOT NULL, `flags` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_tasks_id_task_id` ON `tasks` (`id`, `task_id`)",
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)",
    f"INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '{IDENTITY_HASH}')",
)
@dataclass(frozen=True)
class Event:
    """A row of ``events``. Defaults are those AndroidWorld seeds rows with (``CalendarEvent``).

    ``id`` is -1 for an event not read from the database (the row id is assigned on insert).
    """

    start_ts: int
    end_ts: int
    title: str
    location: str = ""
    description: str = ""
    repeat_interval: int = 0
    repeat_rule: int = 0
    reminder_1_minutes: int = -1
    reminder_2_minutes: int = -1
    reminder_3_minutes: int = -1
    reminder_1_type: int = 0
    reminder_2_type: int = 0
    reminder_3_type: int = 0
    repeat_limit: int = 0
    repetition_exceptions: str = "[]"
    attendees: str = ""
    import_id: str = ""
    time_zone: str = "UTC"
    flags: int = 0
    event_type: int = REGULAR_EVENT_TYPE_ID
    parent_id: int = 0
    last_updated: int = 0
    source: str = SOURCE_IMPORTED_ICS
    availability: int = 0
    color: int = 0
    type: int = 0
    id: int = -1

    @classmethod
    def at(cls, day: dt.date, hour: int, minute: int = 0, duration_mins: int = 60, **fields: Any) -> Event:
        """An event starting on ``day`` at ``hour:minute`` (device time, UTC) lasting ``duration_mins``."""
        start = int(dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=dt.timezone.utc).timestamp())
        return cls(start_ts=start, end_ts=start + duration_mins * 60, **fields)

    @property
    def start(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.start_ts, dt.timezone.utc)

    @property
    def end(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.end_ts, dt.timezone.utc)

    @property
    def duration_mins(self) -> int:
        return (self.end_ts - self.start_ts) // 60

    @property
    def is_all_day(self) -> bool:
        return bool(self.flags & FLAG_ALL_DAY)

    def row(self) -> dict[str, Any]:
        """The column values to insert (without ``id``, which the database assigns)."""
        return {k: v for k, v in dataclasses.asdict(self).items() if k != "id"}

    def without_id(self) -> Event:
        return dataclasses.replace(self, id=-1)


COLUMNS = tuple(f.name for f in dataclasses.fields(Event))


def event_from_row(values: Sequence[Any]) -> Event:
    """An :class:`Event` from a ``SELECT`` of :data:`COLUMNS`, in that order."""
    return Event(**dict(zip(COLUMNS, values)))


def weekly_repeat_rule(day: dt.date) -> int:
    """The app's weekly ``repeat_rule`` for one weekday: bit ``2**(isoweekday - 1)`` (Monday is 1)."""
    return 1 << (day.isoweekday() - 1)


__all__ = ["COLUMNS", "DAY", "DB_PATH", "EVENTS_TABLE", "FLAG_ALL_DAY", "IDENTITY_HASH", "MONTH", "PACKAGE",
           "REGULAR_EVENT_TYPE_ID", "SCHEMA", "SCHEMA_VERSION", "SOURCE_IMPORTED_ICS", "SOURCE_SIMPLE_CALENDAR",
           "WEEK", "YEAR", "Event", "event_from_row", "weekly_repeat_rule"]
