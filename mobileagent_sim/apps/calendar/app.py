"""The calendar package: its database, preferences and activities."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import uuid
from dataclasses import replace
from typing import Any

from mobileagent_sim.app import App
from mobileagent_sim.apps.calendar.event_activity import (
    EventActivity,
)
from mobileagent_sim.apps.calendar.main_activity import (
    MainActivity,
)
from mobileagent_sim.apps.calendar.model import (
    DB,
    DELETE_ALL,
    DELETE_FUTURE,
    MONTHLY_VIEW,
    PREFS,
    PRIMARY_COLOR,
    VIEWS,
    Occurrence,
    day_code,
    day_of,
    occurrences_of,
    ts_of,
)
from pytest_mobileagent.android.calendar import (
    COLUMNS,
    PACKAGE,
    REGULAR_EVENT_TYPE_ID,
    SCHEMA,
    SCHEMA_VERSION,
    Event,
    event_from_row,
)
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs


class CalendarApp(App):
    """Simple Calendar Pro: ``events.db`` and ``Prefs.xml``."""

    package = PACKAGE
    label = "Calendar"
    icon = "calendar"
    activities = (MainActivity, EventActivity)
    uid = 10163

    def __init__(self, system: Any):
        super().__init__(system)
        self.uuid_counter = 0

    def install(self) -> None:
        """First-run state: the database with "Regular event" (id 1) and the preferences shown to be set."""
        with self.db(DB) as db:
            for statement in SCHEMA:
                db.execute(statement)
            db.execute("INSERT INTO event_types (id, title, color, caldav_calendar_id, caldav_display_name, "
                       "caldav_email, type) VALUES (?, 'Regular event', ?, 0, '', '', 0)",
                       (REGULAR_EVENT_TYPE_ID, PRIMARY_COLOR))
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.system.fs.write(PREFS, format_prefs({"display_event_types": {str(REGULAR_EVENT_TYPE_ID)}}))

    # -- time ------------------------------------------------------------------------------------------

    @property
    def today(self) -> dt.date:
        return self.system.clock.now.date()

    @property
    def now_ts(self) -> int:
        return int(self.system.clock.now.timestamp())

    def new_import_id(self) -> str:
        """``generateImportId``: a dashless UUID and the time in ms (the UUID derived from the clock, so runs
        repeat)."""
        self.uuid_counter += 1
        seed = hashlib.sha256(f"{self.system.clock.millis()}-{self.uuid_counter}".encode()).digest()[:16]
        return uuid.UUID(bytes=seed, version=4).hex + str(self.system.clock.millis())

    # -- preferences -------------------------------------------------------------------------------------

    def prefs(self) -> dict[str, Any]:
        return parse_prefs(self.system.fs.read(PREFS)) if self.system.fs.exists(PREFS) else {}

    def put_prefs(self, **values: Any) -> None:
        prefs = self.prefs()
        prefs.update(values)
        self.system.fs.write(PREFS, format_prefs(prefs))

    def stored_view(self) -> int:
        view = int(self.prefs().get("view", MONTHLY_VIEW))
        return view if view in dict(VIEWS) else MONTHLY_VIEW

    # -- events ------------------------------------------------------------------------------------------

    def events(self) -> list[Event]:
        cols = ", ".join(f"`{c}`" for c in COLUMNS)
        with self.db(DB) as db:
            return [event_from_row(r) for r in db.execute(f"SELECT {cols} FROM events ORDER BY id").fetchall()]

    def event(self, event_id: int | None) -> Event | None:
        return next((e for e in self.events() if e.id == event_id), None)

    def occurrences(self, start: int, end: int, query: str = "") -> list[Occurrence]:
        """Occurrences overlapping ``[start, end]``; with ``query``, of events whose title, location or
        description contains it (``LIKE %query%``)."""
        low = query.lower()
        found: list[Occurrence] = []
        for e in self.events():
            if low and not any(low in s.lower() for s in (e.title, e.location, e.description)):
                continue
            found += occurrences_of(e, start, end)
        return found

    def event_types(self) -> list[tuple[int, str]]:
        with self.db(DB) as db:
            return [(r[0], r[1]) for r in db.execute("SELECT id, title FROM event_types ORDER BY id").fetchall()]

    def event_type_title(self, type_id: int) -> str:
        return next((t for i, t in self.event_types() if i == type_id), "Regular event")

    def insert(self, event: Event) -> int:
        row = event.row()
        names = ", ".join(f"`{c}`" for c in row)
        with self.db(DB) as db:
            cur = db.execute(f"INSERT INTO events ({names}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
            return int(cur.lastrowid or 0)

    def update(self, event: Event) -> None:
        row = event.row()
        with self.db(DB) as db:
            db.execute(f"UPDATE events SET {', '.join(f'`{c}` = ?' for c in row)} WHERE id = ?",
                       (*row.values(), event.id))

    def delete(self, ids: list[int]) -> None:
        """``deleteEvents``: the rows and their child events (exceptions of a series)."""
        if not ids:
            return
        marks = ", ".join("?" * len(ids))
        with self.db(DB) as db:
            db.execute(f"DELETE FROM events WHERE id IN ({marks}) OR parent_id IN ({marks})", (*ids, *ids))

    def delete_occurrences(self, keys: list[tuple[int, int]], rule: int) -> None:
        """Delete selected events; repeating ones by ``rule``: this occurrence, it and later ones, or all."""
        single = [i for i, _ in keys if (e := self.event(i)) is not None and e.repeat_interval == 0]
        self.delete(single)
        for event_id, occurrence in keys:
            event = self.event(event_id)
            if event is None or event.repeat_interval == 0:
                continue
            if rule == DELETE_ALL:
                self.delete([event_id])
            elif rule == DELETE_FUTURE:
                previous = day_of(occurrence - event.repeat_interval)
                limit = ts_of(previous) if event.is_all_day else ts_of(previous, 23, 59) + 59
                self.update(replace(event, repeat_limit=limit))
            else:
                exceptions = json.loads(event.repetition_exceptions or "[]")
                code = day_code(day_of(occurrence))
                if code not in exceptions:
                    exceptions.append(code)
                self.update(replace(event, repetition_exceptions=json.dumps(exceptions, separators=(",", ":"))))


__all__ = ["CalendarApp"]
