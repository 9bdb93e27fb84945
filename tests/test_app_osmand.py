"""OsmAnd: search, favourites in GPX, markers in map_markers_db, planned routes as tracks; the tasks' checks."""

from __future__ import annotations

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.apps.osmand import coordinates
from suites.androidworld.tasks_osmand import (
    FAVORITES,
    MARKERS_DB,
    TRACKS,
    OsmAndFavorite,
    OsmAndMarker,
    OsmAndTrack,
    favorites,
    markers,
    passes_in_order,
)
from tests.screen import elements, find, tap

RUGGELL = (47.23976, 9.5262837)


def search(d: SimDevice, text: str) -> None:
    tap(d, desc="Search")
    d.input_text(text)
    tap(d, rid="title")


def test_coordinates_parse_only_pairs() -> None:
    assert coordinates("47.2, 9.5") == (47.2, 9.5)
    assert coordinates("Ruggell") is None and coordinates("47.2") is None and coordinates("95, 200") is None


def test_search_ranks_prefix_matches_and_favorite_is_a_gpx_waypoint(d: SimDevice) -> None:
    OsmAndFavorite({"location": "Planken, Liechtenstein"}).setup(d)
    d.start_app("net.osmand")
    tap(d, desc="Search")
    d.input_text("planken")
    assert [e.text for e in elements(d) if e.resource_name == "title"] == ["Planken", "Oberplanken"]
    tap(d, text="Planken")
    assert find(d, rid="context_menu_line1").text == "Planken"
    tap(d, text="Favorite")
    tap(d, text="Save")
    assert ("Planken", 47.1858882, 9.5452201) in favorites(d)
    assert d.read_file(FAVORITES).startswith(b"<?xml")


def test_marker_and_route(d: SimDevice) -> None:
    OsmAndMarker({"location": "Ruggell, Liechtenstein"}).setup(d)
    d.start_app("net.osmand")
    search(d, "47.23976, 9.5262837")
    tap(d, text="Marker")
    assert RUGGELL in markers(d)
    tap(d, desc="Menu")
    tap(d, text="Plan a route")
    for place in ("Ruggell", "Bendern"):
        search(d, place)
        tap(d, text="Add point")
    tap(d, text="Save")
    tap(d, rid="button1")
    [track] = d.list_dir(TRACKS)
    assert track.endswith(".gpx") and b"<trkpt" in d.read_file(f"{TRACKS}/{track}")


@pytest.mark.parametrize("where,expected", [((47.2398, 9.5263), 1.0), ((47.2420, 9.5263), 0.0)])
def test_marker_check_tolerance(d: SimDevice, where: tuple[float, float], expected: float) -> None:
    task = OsmAndMarker({"location": "47.23976, 9.5262837"})
    task.setup(d)
    d.sqlite(MARKERS_DB, "INSERT INTO map_markers (marker_id, marker_lat, marker_lon) VALUES ('m', ?, ?)", where)
    assert task.check(d) == expected


def test_favorite_check_wants_the_kept_favorite_too(d: SimDevice) -> None:
    task = OsmAndFavorite({"location": "Ruggell, Liechtenstein"})
    task.setup(d)
    d.write_file(FAVORITES, b'<gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="47.23976" lon="9.52628">'
                            b"<name>Ruggell</name></wpt></gpx>")
    assert task.check(d) == 0.0  # the earlier favourite was lost


def test_track_order_matters() -> None:
    a, b = (47.0, 9.0), (47.1, 9.1)
    assert passes_in_order([a, (47.05, 9.05), b], [a, b])
    assert not passes_in_order([b, a], [a, b])
    assert not passes_in_order([a], [a, b])


def test_track_check(d: SimDevice) -> None:
    task = OsmAndTrack({"waypoints": ["Ruggell, Liechtenstein", "Bendern, Liechtenstein"]})
    task.setup(d)
    d.write_file(f"{TRACKS}/t.gpx", b'<gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>'
                                    b'<trkpt lat="47.2122151" lon="9.5062101"/><trkpt lat="47.23976" lon="9.5262837"/>'
                                    b"</trkseg></trk></gpx>")
    assert task.check(d) == 0.0  # reversed
    d.write_file(f"{TRACKS}/u.gpx", b'<gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>'
                                    b'<trkpt lat="47.23976" lon="9.5262837"/><trkpt lat="47.2122151" lon="9.5062101"/>'
                                    b"</trkseg></trk></gpx>")
    assert task.check(d) == 1.0
