"""AndroidWorld's OsmAnd tasks: a favourite, a marker, and a saved track through waypoints, on the preloaded
Liechtenstein map.

Locations are named places or "lat, lon" text; checks read OsmAnd's own files and database as
AndroidWorld does, matching coordinates within 0.001 degrees (50 to 100 m). Stricter than AndroidWorld:
earlier favourites and markers seeded by setup must survive. AndroidWorld gives OsmAndTrack a
complexity of 1 (10 steps) for a task whose optimal path it puts at 60 steps; here it gets 4.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st
from lxml import etree

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.osmand import MARKERS_DB_PATH as MARKERS_DB
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.state import table_rows

FILES = "/storage/emulated/0/Android/data/net.osmand/files"
FAVORITES = f"{FILES}/favorites/favorites.gpx"
TRACKS = f"{FILES}/tracks"
NS = {"gpx": "http://www.topografix.com/GPX/1/1"}
PLACES = {"Balzers, Liechtenstein": (47.0688832, 9.5061564), "Bendern, Liechtenstein": (47.2122151, 9.5062101),
          "Malbun, Liechtenstein": (47.1026191, 9.6083057), "Nendeln, Liechtenstein": (47.1973857, 9.5430636),
          "Oberplanken, Liechtenstein": (47.1784977, 9.5450163), "Planken, Liechtenstein": (47.1858882, 9.5452201),
          "Rotenboden, Liechtenstein": (47.1275785, 9.5387131), "Ruggell, Liechtenstein": (47.23976, 9.5262837),
          "Schaan, Liechtenstein": (47.1663432, 9.5103085), "Schaanwald, Liechtenstein": (47.2165476, 9.5699984),
          "Schönberg, Liechtenstein": (47.1303814, 9.5930117), "Triesen, Liechtenstein": (47.106997, 9.5274854)}
TOLERANCE = 0.001
#: A favourite and a marker already on the phone, which must stay.
KEPT_FAVORITE = ("Vaduz Castle", 47.1393, 9.5238)


def location_text() -> st.SearchStrategy[str]:
    """A place name, or its coordinates as text (as AndroidWorld draws them)."""
    return st.sampled_from(sorted(PLACES)).flatmap(
        lambda name: st.sampled_from((name, f"{PLACES[name][0]}, {PLACES[name][1]}")))


def coords_of(location: str) -> tuple[float, float]:
    if location in PLACES:
        return PLACES[location]
    lat, lon = (float(x) for x in location.split(","))
    return lat, lon


def near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < TOLERANCE and abs(a[1] - b[1]) < TOLERANCE


def favorites(device: Device) -> list[tuple[str, float, float]]:
    if not device.exists(FAVORITES):
        return []
    root = etree.fromstring(device.read_file(FAVORITES))
    return [(w.findtext("gpx:name", "", NS), float(w.get("lat")), float(w.get("lon")))
            for w in root.findall("gpx:wpt", NS)]


def markers(device: Device) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in table_rows(device, MARKERS_DB, "map_markers", "marker_lat, marker_lon")]


def go_to(ui: UI, location: str) -> Iterator[Action]:
    """Search the location (its name without the country, or the coordinates) and pick the first result."""
    yield ui.click(desc="Search")
    if location in PLACES:
        yield ui.tolerate(ui.type(location.split(",")[0], rid="searchEditText"),
                          "a place name a letter short still lists the place first", "text:drop")
    else:
        yield ui.tolerate(ui.type(location, rid="searchEditText"),
                          "coordinates are compared to 0.001 degrees, so a last digit more or less is the same place",
                          "text:append", "text:drop")
    yield ui.click(rid="title")  # the first result


class _OsmTask(Task):
    __abstract__ = True
    apps = ("osmand",)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"location": location_text()})

    def setup(self, device: Device) -> None:
        name, lat, lon = KEPT_FAVORITE
        device.write_file(FAVORITES, (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<gpx version="1.1" creator="OsmAnd" '
            f'xmlns="{NS["gpx"]}">\n  <wpt lat="{lat}" lon="{lon}">\n    <name>{name}</name>\n  </wpt>\n</gpx>\n'
        ).encode())
        device.sqlite(MARKERS_DB, "DELETE FROM map_markers")
        device.sqlite(MARKERS_DB, "INSERT INTO map_markers VALUES ('kept', 47.0552, 9.5208, 'Gutenberg', 1, 0, 0, "
                                  "'', '', 0, '', 0, 0, 'Gutenberg')")
        for name in device.list_dir(TRACKS) if device.exists(TRACKS) else []:
            device.remove(posixpath.join(TRACKS, name))

    def kept(self, device: Device) -> bool:
        return KEPT_FAVORITE in favorites(device) and (47.0552, 9.5208) in markers(device)


class OsmAndFavorite(_OsmTask):
    template = "Add a favorite location marker for {location} in the OsmAnd maps app."
    difficulty = "medium"
    tags = ("search", "complex_ui_understanding", "parameterized")
    complexity = 1
    optimal_steps = 6

    def check(self, device: Device, answer: str | None = None) -> float:
        target = coords_of(self.params["location"])
        name = self.params["location"].split(",")[0] if self.params["location"] in PLACES else None
        found = any((name and name in n) or near((la, lo), target) for n, la, lo in favorites(device)
                    if (n, la, lo) != KEPT_FAVORITE)
        return 1.0 if found and self.kept(device) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"favorites: {favorites(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("OsmAnd")
        yield from go_to(ui, self.params["location"])
        yield ui.click(text="Favorite")
        yield ui.click(text="Save")
        yield ui.complete()


class OsmAndMarker(_OsmTask):
    template = "Add a location marker for {location} in the OsmAnd maps app."
    difficulty = "hard"
    tags = ("complex_ui_understanding", "search", "parameterized")
    complexity = 1
    optimal_steps = 10

    def check(self, device: Device, answer: str | None = None) -> float:
        target = coords_of(self.params["location"])
        found = any(near(m, target) for m in markers(device))
        return 1.0 if found and self.kept(device) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"markers: {markers(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("OsmAnd")
        yield from go_to(ui, self.params["location"])
        yield ui.click(text="Marker")
        yield ui.complete()


def track_points(device: Device) -> dict[str, list[tuple[float, float]]]:
    """Track file name -> its points in order."""
    found = {}
    for name in device.list_dir(TRACKS) if device.exists(TRACKS) else []:
        root = etree.fromstring(device.read_file(posixpath.join(TRACKS, name)))
        found[name] = [(float(p.get("lat")), float(p.get("lon"))) for p in root.iterfind(".//gpx:trkpt", NS)]
    return found


def passes_in_order(points: list[tuple[float, float]], waypoints: list[tuple[float, float]]) -> bool:
    """Every waypoint is near some track point, in order, with any points between (AndroidWorld's rule)."""
    left = iter(waypoints)
    want = next(left, None)
    for point in points:
        if want is not None and near(point, want):
            want = next(left, None)
    return want is None


class OsmAndTrack(_OsmTask):
    template = "Save a track with waypoints {waypoints} in the OsmAnd maps app in the same order as listed."
    difficulty = "hard"
    tags = ("complex_ui_understanding", "search", "data_entry", "repetition", "parameterized")
    complexity = 4
    optimal_steps = 60

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        # AndroidWorld's params: the waypoints' names, in order
        return st.lists(st.sampled_from(sorted(PLACES)), min_size=2, max_size=4, unique=True).map(
            lambda names: {"waypoints": names})

    @property
    def goal(self) -> str:
        return self.template.format(**{**self.params, "waypoints": ", ".join(self.params["waypoints"])})

    def check(self, device: Device, answer: str | None = None) -> float:
        wanted = [PLACES[n] for n in self.params["waypoints"]]
        found = any(passes_in_order(points, wanted) for points in track_points(device).values())
        return 1.0 if found and self.kept(device) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"tracks: {track_points(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("OsmAnd")
        yield ui.click(desc="Menu")
        yield ui.click(text="Plan a route")
        for name in self.params["waypoints"]:
            yield from go_to(ui, name)
            yield ui.click(text="Add point")
        yield ui.click(text="Save")
        yield ui.click(text="Save", rid="button1")
        yield ui.complete()
