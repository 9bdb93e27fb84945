"""OpenTracks (``de.dennisguse.opentracks``): recorded activities in the app's ``tracks`` table.

Distances are stored in meters and times in epoch milliseconds, as in the real
database (``/data/data/de.dennisguse.opentracks/databases/database.db``); the
list and the details show miles, as the app does on a US-locale phone. Ids follow 4.11.3's layouts
(``track_list.xml``, ``track_list_item.xml``, ``statistics_recorded.xml``; the contract module's ``EVIDENCE``):
a row shows the name, "total time (distance)", the start's date and time, and the category (the real row shows the
category only for an activity type it does not know, the type otherwise being its icon, described "Track").
A list row is as tall as its texts (a long name wraps and pushes the rest down, as the app's wrap_content rows
do), so nothing is cut.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import Column, Image, Row, Scroll, Text, Toolbar, View
from pytest_mobileagent.android.opentracks import DB_NAME as DB
from pytest_mobileagent.android.opentracks import MAIN_ACTIVITY, PACKAGE, activity_icon

METERS_PER_MILE = 1609.34
SCHEMA = """CREATE TABLE IF NOT EXISTS tracks (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, description TEXT,
  category TEXT, starttime INTEGER, stoptime INTEGER, numpoints INTEGER, totaldistance FLOAT, totaltime INTEGER,
  movingtime INTEGER, avgspeed FLOAT, avgmovingspeed FLOAT, maxspeed FLOAT, minelevation FLOAT, maxelevation FLOAT,
  elevationgain FLOAT, icon TEXT, uuid BLOB, elevationloss FLOAT, starttime_offset INTEGER, activity_type TEXT)"""
COLUMNS = ("_id, name, description, category, starttime, totaldistance, totaltime, elevationgain, elevationloss, "
           "activity_type")


def miles(meters: float) -> str:
    return f"{meters / METERS_PER_MILE:.2f} mi"


def duration(ms: int) -> str:
    seconds = int(ms // 1000)
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def started(ms: int) -> str:
    return f"{started_day(ms)} {started_time(ms)}"


def started_day(ms: int) -> str:
    when = dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc)
    return f"{when:%b} {when.day}, {when.year}"


def started_time(ms: int) -> str:
    return f"{dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc):%H:%M}"


class TrackList(Activity):
    """The list of recorded tracks, newest first; a track opens its statistics."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.track: int | None = None

    def rows(self) -> list[tuple[Any, ...]]:
        with self.app.db(DB) as db:
            return db.execute(f"SELECT {COLUMNS} FROM tracks ORDER BY starttime DESC").fetchall()

    def build(self) -> View:
        if self.track is not None:
            return self.build_track()
        items = [
            Row(
                Image(desc="Track", icon=activity_icon(kind), id="track_list_item_icon", width=48, height=48),
                Column(Text(name, id="track_list_item_name", style="item-title"),
                       Text(f"{duration(total)} ({miles(dist)})", id="track_list_item_time_distance"),
                       Text(category or "", id="track_list_item_category_description", style="item-summary"),
                       weight=1),
                Column(Text(started_day(start), id="track_list_item_date", style="item-summary"),
                       Text(started_time(start), id="track_list_item_time", style="item-summary"), width=130),
                clickable=True, focusable=True, on_click=lambda t=tid: self.open(t), padding=8,
            )
            for tid, name, _desc, category, start, dist, total, _gain, _loss, kind in self.rows()
        ]
        return Column(Toolbar("OpenTracks", id="track_list_toolbar"),
                      Scroll(*items, id="track_list", weight=1) if items else
                      Column(Text("Start recording your next adventure here"), id="track_list_empty_view",
                             weight=1))

    def build_track(self) -> View:
        with self.app.db(DB) as db:
            row = db.execute(f"SELECT {COLUMNS} FROM tracks WHERE _id = ?", (self.track,)).fetchone()
        _tid, name, desc, category, start, dist, total, gain, loss, kind = row
        stat = lambda label, value, rid: Column(Text(label, style="caption"), Text(value, id=rid))  # noqa: E731
        return Column(
            Toolbar(name, navigate_up=self.close),
            Row(Image(desc=category or "", icon=activity_icon(kind), id="stats_activity_type_icon", width=48),
                Text(name, id="stats_name_value", weight=1)),
            Text(desc or "", id="stats_description_value"),
            Text(started(start), id="stats_start_datetime_value"),
            Row(stat("Distance", miles(dist), "stats_distance_value"),
                stat("Total time", duration(total), "stats_total_time_value"), height=72),
            Row(stat("Elevation gain", f"{gain:.0f} ft", "stats_altitude_gain_value"),
                stat("Elevation loss", f"{loss:.0f} ft", "stats_altitude_loss_value"), height=72),
        )

    def open(self, track_id: int) -> None:
        self.track = track_id

    def close(self) -> None:
        self.track = None

    def on_back(self) -> bool:
        if self.track is not None:
            self.track = None
            return True
        return super().on_back()


class OpenTracksApp(App):
    package = PACKAGE
    label = "OpenTracks"
    icon = "activity"
    activities = (TrackList,)
    uid = 10164

    def install(self) -> None:
        with self.db(DB) as db:
            db.execute(SCHEMA)
