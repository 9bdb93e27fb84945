"""Tasks (org.tasks) and Joplin: screens from their real databases, and changes written back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lxml import etree

from mobileagent_sim import SimDevice
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.validators.state import insert_rows, table_rows

TASKS_DB = "/data/data/org.tasks/databases/database"
JOPLIN_DB = "/data/data/net.cozic.joplin/databases/joplin.sqlite"
OCT16 = 1697414400000  # 2023-10-16 00:00 UTC in ms


@pytest.fixture
def device() -> Iterator[SimDevice]:
    with SimDevice() as d:
        yield d


def tap(device: SimDevice, **match: str) -> None:
    for el in ui_elements(device.hierarchy()):
        if all(getattr(el, k) == v for k, v in match.items()):
            device.tap(*el.center)
            return
    raise AssertionError(f"no element {match}")


def texts(device: SimDevice) -> list[str]:
    return [e.text for e in ui_elements(device.hierarchy())]


def test_tasks_list_hides_completed_until_asked(device: SimDevice) -> None:
    insert_rows(device, TASKS_DB, "tasks", [
        {"title": "Pay rent", "importance": 0, "dueDate": OCT16, "completed": 0},
        {"title": "Old chore", "importance": 2, "dueDate": OCT16 - 86400000 * 5, "completed": OCT16 - 86400000 * 6},
    ])
    device.start_app("org.tasks")
    assert "Pay rent" in texts(device) and "Old chore" not in texts(device)
    assert "Mon, Oct 16" in texts(device)
    high = [e for e in ui_elements(device.hierarchy()) if e.content_description == "High priority"]
    assert high and high[0].checkable
    tap(device, content_description="More options")
    tap(device, text="Show completed")
    assert "Old chore" in texts(device)
    etree.fromstring(device.hierarchy().encode())


def test_tasks_completing_and_creating_write_the_database(device: SimDevice) -> None:
    insert_rows(device, TASKS_DB, "tasks", [{"title": "Pay rent", "importance": 0, "dueDate": OCT16}])
    device.start_app("org.tasks")
    tap(device, content_description="High priority")
    assert table_rows(device, TASKS_DB, "tasks", "title, completed > 0") == [("Pay rent", 1)]
    tap(device, content_description="Create new task")
    tap(device, text="Task name")
    device.input_text("Call the bank")
    tap(device, text="High")
    tap(device, content_description="Save")
    assert ("Call the bank", 0) in table_rows(device, TASKS_DB, "tasks", "title, importance")


def test_joplin_notebooks_search_and_note_view(device: SimDevice) -> None:
    insert_rows(device, JOPLIN_DB, "folders", [{"id": "f" * 32, "title": "Travel"}, {"id": "e" * 32, "title": "Work"}])
    insert_rows(device, JOPLIN_DB, "notes", [
        {"id": "a" * 32, "parent_id": "f" * 32, "title": "Lisbon", "body": "Day 1 Alfama", "is_todo": 0},
        {"id": "b" * 32, "parent_id": "e" * 32, "title": "Ship it", "body": "Friday", "is_todo": 1},
    ])
    device.start_app("net.cozic.joplin")
    assert {"Lisbon", "Ship it"} <= set(texts(device))
    assert any(e.content_description == "to-do: Ship it" for e in ui_elements(device.hierarchy()))
    tap(device, content_description="Sidebar")
    tap(device, text="Travel")
    assert "Lisbon" in texts(device) and "Ship it" not in texts(device)
    tap(device, content_description="Search")
    tap(device, class_name="android.widget.EditText")
    device.input_text("Ship")
    tap(device, text="Ship it")
    assert "Friday" in texts(device)
    tap(device, content_description="to-do")
    assert table_rows(device, JOPLIN_DB, "notes", "todo_completed > 0", "id = ?", ("b" * 32,)) == [(1,)]


def test_insert_rows_rejects_ragged_rows(device: SimDevice) -> None:
    with pytest.raises(ValueError):
        insert_rows(device, TASKS_DB, "tasks", [{"title": "a"}, {"title": "b", "importance": 1}])
