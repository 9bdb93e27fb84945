"""OpenTracks: tracks from its database on screen, and AndroidWorld's distance rounding."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.validators.state import insert_rows
from suites.androidworld.information_retrieval import OpenTracksAdapter, miles_rounded
from suites.androidworld.tasks_information_retrieval import SportsTrackerLongestDistanceActivity

DB = "/data/data/de.dennisguse.opentracks/databases/database.db"


def test_track_list_and_details_show_miles_and_category() -> None:
    with SimDevice() as d:
        adapter = OpenTracksAdapter()
        insert_rows(d, DB, "tracks", [adapter.track("October 12 2023", "8:00am", "Slow day", "running", "Windy",
                                                    30, 800, 50, 40)])
        d.start_app("de.dennisguse.opentracks")
        texts = [e.text for e in ui_elements(d.hierarchy())]
        assert {"Slow day", "0:30:00 (0.50 mi)", "running", "Oct 12, 2023", "08:00"} <= set(texts)
        row = next(e for e in ui_elements(d.hierarchy()) if e.text == "Slow day")
        d.tap(*row.center)
        texts = [e.text for e in ui_elements(d.hierarchy())]
        assert "Windy" in texts and "50 ft" in texts


def test_distance_answers_use_the_rounded_distance_the_app_can_show() -> None:
    assert miles_rounded(100) == 97 and miles_rounded(800) == 805
    cls = SportsTrackerLongestDistanceActivity
    params = {name: values[0] for name, values in cls.spec.params.items()} | {"seed": 3}
    task = cls(params)
    assert task.expected_answer == str(miles_rounded(float(params["distance"])))
    assert task.check(None, task.expected_answer) == 1.0  # type: ignore[arg-type]
    assert task.check(None, str(int(task.expected_answer) + 9)) == 1.0  # within AndroidWorld's tolerance of 10 m
    assert task.check(None, str(int(task.expected_answer) + 10)) == 0.0  # type: ignore[arg-type]
