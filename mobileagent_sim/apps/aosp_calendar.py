"""AOSP Calendar (``com.android.calendar``) over the calendar provider's ``calendar.db``.

``AllInOneActivity`` opens on the month of the device's date: the month's title, a seven-column grid of
days (each described as "Tuesday, November 24", today selected, a dot for days with events) and below it the
month's events in order ("Agenda"); the toolbar switches between "Month" and "Agenda" (every event from
today on). Tapping an event opens ``EventInfoActivity`` (title, when, where, description). The provider
package (:class:`CalendarProviderApp`) owns the database, as ``com.android.providers.calendar`` does; a new
device has the local "Phone" calendar and no events. Resource ids are plausible, not confirmed. Not
simulated: creating or editing events, week and day views, reminders.
"""

from __future__ import annotations

import calendar as cal
import datetime as dt
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import Button, Column, ImageButton, ListItem, Row, Scroll, Text, View
from pytest_mobileagent.android.aosp_calendar import (
    DB_PATH,
    EVENT_INFO_ACTIVITY,
    MAIN_ACTIVITY,
    PACKAGE,
    PROVIDER_PACKAGE,
    SCHEMA,
)

VIEWS = ("Month", "Agenda")


def events(app: App, start_ms: int, end_ms: int | None = None) -> list[dict[str, Any]]:
    """Events overlapping ``[start_ms, end_ms)`` (no end: from ``start_ms`` on), by start time."""
    with app.system.fs.sqlite(DB_PATH) as db:
        rows = db.execute("SELECT _id, title, eventLocation, description, dtstart, dtend, allDay FROM Events "
                          "WHERE deleted = 0 AND dtend > ? AND dtstart < ? ORDER BY dtstart, _id",
                          (start_ms, end_ms if end_ms is not None else 2**62)).fetchall()
    keys = ("id", "title", "location", "description", "start", "end", "all_day")
    return [dict(zip(keys, r)) for r in rows]


def when(ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc)


def clock(t: dt.datetime) -> str:
    return f"{t.hour % 12 or 12}:{t:%M} {'AM' if t.hour < 12 else 'PM'}"


def span(event: dict[str, Any]) -> str:
    """``Tue, Nov 24, 9:00 AM – 10:00 AM``, or the day alone for an all-day event."""
    start, end = when(event["start"]), when(event["end"])
    day = f"{start:%a}, {start:%b} {start.day}"
    return day if event["all_day"] else f"{day}, {clock(start)} \u2013 {clock(end)}"


def ms(day: dt.date) -> int:
    return int(dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp() * 1000)


class AllInOneActivity(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.view = "Month"
        today = self.system.clock.now.date()
        self.month = (today.year, today.month)

    def build(self) -> View:
        year, month = self.month
        title = f"{cal.month_name[month]} {year}" if self.view == "Month" else "Agenda"
        # The framework ActionBar: the view pulldown (actionbar_pulldown_menu_top_button.xml) and "Today"
        # (menu/all_in_one_title_bar.xml); the pulldown lists the views (the simulator offers Month and Agenda).
        toolbar = Row(
            Column(Text(title, id="top_button_date", style="title"), clickable=True, focusable=True, weight=1,
                   height=56, on_click=lambda: self.open_menu("views")),
            Button("Today", self.today, id="action_today", style="flat", width=88),
            id="android:id/action_bar", height=64, style="toolbar")
        if self.view == "Agenda":
            rows = [self.event_row(e) for e in events(self.app, ms(self.system.clock.now.date()))]
            return Column(toolbar, Scroll(*rows, id="agenda_events_list", weight=1) if rows else
                          Text("No upcoming events", weight=1))
        return Column(toolbar, self.month_grid(), Scroll(*[self.event_row(e) for e in self.month_events()],
                                                         id="month_events_list", weight=1))

    def month_events(self) -> list[dict[str, Any]]:
        year, month = self.month
        first = dt.date(year, month, 1)
        after = dt.date(year + month // 12, month % 12 + 1, 1)
        return events(self.app, ms(first), ms(after))

    def month_grid(self) -> View:
        year, month = self.month
        today = self.system.clock.now.date()
        busy = {when(e["start"]).date() for e in self.month_events()}
        header = Row(*[Text(d, style="caption", weight=1, height=24) for d in ("S", "M", "T", "W", "T", "F", "S")])
        weeks = []
        for week in cal.Calendar(firstweekday=6).monthdatescalendar(year, month):
            cells = [Text(str(d.day) if d.month == month else "", desc=f"{d:%A}, {d:%B} {d.day}" if d.month == month
                          else "", id="month_day", selected=d == today, weight=1, height=48,
                          style="day-busy" if d in busy else "") for d in week]
            weeks.append(Row(*cells, height=48))
        return Column(Row(ImageButton("Previous month", lambda: self.move(-1), icon="chevron_left"), View(weight=1),
                          ImageButton("Next month", lambda: self.move(1), icon="chevron_right"), height=48),
                      header, *weeks, id="month_view")

    def event_row(self, e: dict[str, Any]) -> View:
        return ListItem(e["title"] or "(No title)", span(e), lambda i=e["id"]: self.start(EventInfoActivity, id=i),
                        title_id="title", summary_id="when")

    def menu_items(self, name: str):
        return [(v, lambda v=v: self.show(v)) for v in VIEWS]

    def show(self, view: str) -> None:
        self.close_menu()
        self.view = view
        self.view_state.clear()

    def today(self) -> None:
        now = self.system.clock.now.date()
        self.month = (now.year, now.month)

    def move(self, months: int) -> None:
        year, month = self.month
        index = year * 12 + month - 1 + months
        self.month = (index // 12, index % 12 + 1)


class EventInfoActivity(Activity):
    name = EVENT_INFO_ACTIVITY

    def build(self) -> View:
        found = [e for e in events(self.app, 0) if e["id"] == self.intent.extras.get("id")]
        if not found:
            return Column(Text("Event not found", id="title", weight=1))
        e = found[0]
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"), View(weight=1), id="toolbar", height=64),
            Text(e["title"] or "(No title)", id="title", style="headline", height=56),
            Text(span(e), id="when_datetime", height=32),
            Text(e["location"] or "", id="where", height=32) if e["location"] else None,
            Text(e["description"] or "", id="description", weight=1),
        )


class CalendarProviderApp(App):
    """``com.android.providers.calendar``: no activities, only ``calendar.db``."""

    package = PROVIDER_PACKAGE
    label = "Calendar Storage"
    launchable = False
    uid = 10121

    def install(self) -> None:
        with self.db("calendar.db") as db:
            for stmt in SCHEMA:
                db.execute(stmt)


class AospCalendarApp(App):
    package = PACKAGE
    label = "Calendar"
    icon = "calendar_month"
    activities = (AllInOneActivity, EventInfoActivity)
    uid = 10122


__all__ = ["AllInOneActivity", "AospCalendarApp", "CalendarProviderApp", "EventInfoActivity", "events"]
