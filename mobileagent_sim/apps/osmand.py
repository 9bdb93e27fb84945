"""OsmAnd (``net.osmand``): an offline map of Liechtenstein with search, favourites, markers and planned routes.

State is where OsmAnd keeps it and AndroidWorld reads it: favourites as GPX 1.1 waypoints in
``files/favorites/favorites.gpx``, markers as rows of ``map_markers`` in ``databases/map_markers_db``,
saved routes as GPX tracks in ``files/tracks/`` (``files`` is the app's external folder,
``/storage/emulated/0/Android/data/net.osmand/files``).

Screens: the map (its centre under a crosshair; Menu, Search, zoom and a coordinate readout), the
search (place names of the preloaded map, or typed "lat, lon"), the context menu of a picked place
(Favorite, Marker, Directions, Share), the "Add favorite" editor, and "Plan a route" (Add point at
the crosshair, Search to move the map, Save as a named track).
"""

from __future__ import annotations

import re
import uuid
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from lxml import etree

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import Button, Column, Dialog, ImageButton, ListItem, Row, Scroll, Text, View
from pytest_mobileagent.android.osmand import MAIN_ACTIVITY, PACKAGE
from pytest_mobileagent.android.osmand import MARKERS_DB_NAME as MARKERS_DB

FILES = f"/storage/emulated/0/Android/data/{PACKAGE}/files"
FAVORITES = f"{FILES}/favorites/favorites.gpx"
TRACKS = f"{FILES}/tracks"
GPX_NS = "http://www.topografix.com/GPX/1/1"
MARKERS_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS map_markers (marker_id TEXT PRIMARY KEY, marker_lat double, marker_lon double, "
    "marker_description TEXT, marker_active int, marker_added long, marker_visited long, group_name TEXT, "
    "group_key TEXT, marker_color int, marker_next_key TEXT, marker_disabled int, marker_selected int, "
    "marker_map_object_name TEXT)"
)
#: Places of the preloaded map (name, latitude, longitude).
PLACES = (("Balzers", 47.0688832, 9.5061564), ("Bendern", 47.2122151, 9.5062101), ("Malbun", 47.1026191, 9.6083057),
          ("Nendeln", 47.1973857, 9.5430636), ("Oberplanken", 47.1784977, 9.5450163),
          ("Planken", 47.1858882, 9.5452201), ("Rotenboden", 47.1275785, 9.5387131),
          ("Ruggell", 47.23976, 9.5262837), ("Schaan", 47.1663432, 9.5103085),
          ("Schaanwald", 47.2165476, 9.5699984), ("Schönberg", 47.1303814, 9.5930117),
          ("Triesen", 47.106997, 9.5274854), ("Vaduz", 47.1410303, 9.5209277))
HOME = (47.1410303, 9.5209277)


def coordinates(text: str) -> tuple[float, float] | None:
    """``"47.2, 9.5"`` as (lat, lon), if the text is exactly two numbers."""
    numbers = re.findall(r"-?\d+(?:\.\d+)?", text)
    if len(numbers) != 2 or re.sub(r"[-\d.,\s°NSEW]", "", text):
        return None
    lat, lon = float(numbers[0]), float(numbers[1])
    return (lat, lon) if -90 <= lat <= 90 and -180 <= lon <= 180 else None


def gpx(body: str, name: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<gpx version="1.1" creator="OsmAnd" '
            f'xmlns="{GPX_NS}">\n  <metadata>\n    <name>{escape(name)}</name>\n  </metadata>\n{body}</gpx>\n'
            ).encode()


class MapActivity(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.center = list(HOME)
        self.zoom = 12
        self.screen = "map"  # map | search | favorite
        self.picked: dict[str, Any] | None = None  # the place whose context menu is open
        self.route: list[list[float]] | None = None  # points of a route being planned

    # -- screens -------------------------------------------------------------------------------

    def build(self) -> View:
        if self.screen == "search":
            return self.build_search()
        if self.screen == "favorite":
            return self.build_favorite()
        lat, lon = self.center
        layers = [View(cls="android.view.SurfaceView", id="MapView", weight=1, style="map")]
        top = Row(ImageButton("Menu", lambda: self.open_menu("main"), icon="menu", id="map_menu_button"),
                  View(weight=1), ImageButton("Search", self.open_search, icon="search", id="map_search_button"),
                  height=64, padding=8)
        info = Text(f"{lat:.5f}, {lon:.5f}", id="map_center_info", height=32)
        zoom = Row(View(weight=1), Column(ImageButton("Zoom in", self.zoom_in, icon="add", id="map_zoom_in_button"),
                                         ImageButton("Zoom out", self.zoom_out, icon="remove",
                                                     id="map_zoom_out_button"), width=56), height=120)
        bottom: View | None = None
        if self.route is not None:
            bottom = Column(Text(f"{len(self.route)} points", id="route_points"),
                            Row(Button("Cancel", self.cancel_route, id="cancel_button"),
                                Button("Add point", self.add_route_point, id="add_point_button"),
                                Button("Save", self.ask_track_name, id="save_button", enabled=len(self.route) > 1),
                                height=56), id="plan_route_bottom_sheet", style="sheet")
        elif self.picked is not None:
            bottom = Column(Text(self.picked["name"], id="context_menu_line1", style="item-title"),
                            Text(f"{self.picked['lat']:.5f}, {self.picked['lon']:.5f}", id="context_menu_line2",
                                 style="item-summary"),
                            Row(Button("Favorite", self.open_favorite, id="context_menu_fav_button"),
                                Button("Marker", self.add_marker, id="context_menu_marker_button"),
                                Button("Directions", None, id="context_menu_route_button"),
                                Button("Share", None, id="context_menu_share_button"), height=56),
                            id="context_menu_main", style="sheet")
        return Column(top, info, *layers, zoom, bottom)

    def build_search(self) -> View:
        query = self.fields.get("searchEditText", "")
        q = query.strip().lower()
        results = [ListItem(n, "Village, Liechtenstein", lambda p=(n, la, lo): self.pick(*p), id="search_result",
                            title_id="title", summary_id="subtitle")
                   for n, la, lo in sorted(PLACES, key=lambda p: (not p[0].lower().startswith(q), p[0]))
                   if q and q in f"{n.lower()}, liechtenstein"]  # names that start with the query first
        coords = coordinates(query)
        if coords:
            results.insert(0, ListItem(f"{coords[0]}, {coords[1]}", "Location", lambda c=coords: self.pick(
                f"{c[0]}, {c[1]}", *c), id="search_result", title_id="title", summary_id="subtitle"))
        return Column(Row(ImageButton("Back", self.close_search, icon="arrow_back"),
                          self.field("searchEditText", hint="Search", weight=1), height=64, style="toolbar"),
                      Scroll(*results, id="search_results", weight=1) if results else
                      Text("Type a place or coordinates" if not query else "Nothing found", id="empty", weight=1))

    def build_favorite(self) -> View:
        assert self.picked is not None
        return Column(Row(ImageButton("Back", self.close_favorite, icon="arrow_back"),
                          Text("Add favorite", style="title", weight=1, height=56), height=64, style="toolbar"),
                      self.field("name_edit", hint="Name"),
                      self.field("description_edit", hint="Description"),
                      Text("Group: Favorites", id="group_name"),
                      Row(View(weight=1), Button("Save", self.save_favorite, id="save_button"), height=64))

    def menu_items(self, name: str):
        return [("My places", self.close_menu), ("Plan a route", self.start_route), ("Map markers", self.close_menu),
                ("Settings", self.close_menu)]

    def build_dialog(self, name: str) -> View:
        return Dialog("Save as new track", self.field("track_name", hint="Name"),
                      buttons=[Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2"),
                               Button("Save", self.save_track, id="android:id/button1")])

    # -- moving around ---------------------------------------------------------------------------

    def zoom_in(self) -> None:
        self.zoom = min(self.zoom + 1, 19)

    def zoom_out(self) -> None:
        self.zoom = max(self.zoom - 1, 3)

    def open_search(self) -> None:
        self.screen = "search"
        self.fields["searchEditText"] = ""
        self.request_focus("searchEditText")

    def close_search(self) -> None:
        self.screen = "map"

    def pick(self, name: str, lat: float, lon: float) -> None:
        """Show the place: centre the map on it and, unless planning a route, open its context menu."""
        self.center = [lat, lon]
        self.screen = "map"
        self.system.clear_focus(self)
        if self.route is None:
            self.picked = {"name": name, "lat": lat, "lon": lon}

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.screen != "map":
            self.screen = "map"
            return True
        if self.picked is not None:
            self.picked = None
            return True
        return False

    # -- favourites and markers ----------------------------------------------------------------------

    def open_favorite(self) -> None:
        assert self.picked is not None
        self.fields = {"name_edit": self.picked["name"], "description_edit": ""}
        self.screen = "favorite"

    def close_favorite(self) -> None:
        self.screen = "map"

    def save_favorite(self) -> None:
        assert self.picked is not None
        fs = self.system.fs
        existing = b""
        if fs.exists(FAVORITES):
            root = etree.fromstring(fs.read(FAVORITES))
            existing = b"".join(etree.tostring(w) for w in root.findall(f"{{{GPX_NS}}}wpt"))
        when = self.system.clock.now.strftime("%Y-%m-%dT%H:%M:%SZ")
        desc = self.fields.get("description_edit", "")
        point = (f'  <wpt lat="{self.picked["lat"]:.7f}" lon="{self.picked["lon"]:.7f}">\n'
                 f"    <time>{when}</time>\n    <name>{escape(self.fields.get('name_edit', ''))}</name>\n"
                 + (f"    <desc>{escape(desc)}</desc>\n" if desc else "") + "  </wpt>\n")
        body = existing.decode().replace(f' xmlns="{GPX_NS}"', "") + point
        fs.write(FAVORITES, gpx(body, "favorites"))
        self.log("OsmAnd", f"favorite saved: {self.fields.get('name_edit', '')}")
        self.screen, self.picked = "map", None

    def add_marker(self) -> None:
        assert self.picked is not None
        now = int(self.system.clock.now.timestamp() * 1000)
        with self.app.db(MARKERS_DB) as db:
            db.execute("INSERT INTO map_markers VALUES (?, ?, ?, ?, 1, ?, 0, '', '', 0, '', 0, 0, ?)",
                       (str(uuid.UUID(int=now)), self.picked["lat"], self.picked["lon"],
                        f"{self.picked['name']}", now, self.picked["name"]))
        self.toast("Marker added")
        self.picked = None

    # -- routes --------------------------------------------------------------------------------------

    def start_route(self) -> None:
        self.close_menu()
        self.route, self.picked = [], None

    def add_route_point(self) -> None:
        assert self.route is not None
        self.route.append(list(self.center))

    def cancel_route(self) -> None:
        self.route = None

    def ask_track_name(self) -> None:
        stamp = self.system.clock.now.strftime("%Y-%m-%d_%H-%M")
        self.fields = {"track_name": f"Plan route {stamp}"}
        self.dialog = "track"
        self.request_focus("track_name")

    def save_track(self) -> None:
        assert self.route is not None
        name = self.fields.get("track_name", "").strip() or "Track"
        points = "".join(f'      <trkpt lat="{la:.7f}" lon="{lo:.7f}"/>\n' for la, lo in self.route)
        body = f"  <trk>\n    <name>{escape(name)}</name>\n    <trkseg>\n{points}    </trkseg>\n  </trk>\n"
        self.system.fs.write(f"{TRACKS}/{name}.gpx", gpx(body, name))
        self.toast(f"Saved as {quoteattr(name)[1:-1]}")
        self.route, self.dialog = None, None


class OsmAndApp(App):
    package = PACKAGE
    label = "OsmAnd"
    icon = "map"
    activities = (MapActivity,)
    uid = 10068

    def install(self) -> None:
        with self.db(MARKERS_DB) as db:
            db.execute(MARKERS_SCHEMA)
        self.system.fs.mkdirs(TRACKS)
        self.system.fs.write(FAVORITES, gpx("", "favorites"))


__all__ = ["FAVORITES", "MARKERS_DB", "PLACES", "TRACKS", "MapActivity", "OsmAndApp", "coordinates"]
