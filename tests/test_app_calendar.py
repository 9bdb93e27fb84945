"""Simple Calendar Pro: events made and deleted through its screens land in events.db; the tasks' checks."""

from __future__ import annotations

import datetime as dt

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android.calendar import DAY, WEEK, Event
from pytest_mobileagent.validators.calendar import list_events, seed_events
from suites.androidworld.information_retrieval import parse_minutes
from suites.androidworld.tasks_calendar import (
    GRID_START,
    SimpleCalendarAddOneEvent,
    SimpleCalendarAddRepeatingEvent,
    SimpleCalendarDeleteEvents,
    SimpleCalendarDeleteOneEvent,
)
from tests.screen import elements, find, tap

OCT20 = dt.date(2023, 10, 20)


def ev(day: dt.date, hour: int, title: str, minutes: int = 60, **kw: object) -> Event:
    return Event.at(day, hour, 0, minutes, title=title, description="Notes.", source="simple-calendar", **kw)


def test_durations_as_people_write_them() -> None:
    assert [parse_minutes(t) for t in ("30 m", "60 minutes", "45min", "1 h", "2 hours", "1.5 hours", "90 min")] == \
        [30, 60, 45, 60, 120, 90, 90]


def test_new_event_through_the_editor_is_a_row(d: SimDevice) -> None:
    d.start_app("com.simplemobiletools.calendar.pro")
    tap(d, desc="New Event")
    tap(d, text="Event")
    tap(d, rid="event_title")
    d.input_text("Dentist")
    tap(d, rid="event_start_date")
    fields = [e for e in elements(d) if e.resource_name == "numberpicker_input"]
    d.tap(*fields[1].center)
    for _ in range(2):
        d.press("KEYCODE_DEL")
    d.input_text("20")
    tap(d, text="OK")
    tap(d, rid="save")
    if any(e.text == "Disclaimer" for e in elements(d)):
        tap(d, text="OK")
    [row] = list_events(d)
    assert (row.title, row.start.date(), row.duration_mins) == ("Dentist", OCT20, 0)  # default duration 0


def test_month_cell_opens_the_day_and_selection_deletes(d: SimDevice) -> None:
    seed_events(d, [ev(OCT20, 9, "Gym"), ev(OCT20, 14, "Lunch"), ev(OCT20 + dt.timedelta(days=1), 9, "Other")])
    d.start_app("com.simplemobiletools.calendar.pro")
    cells = [e for e in elements(d) if e.resource_name == "month_view_background"]
    d.tap(*cells[(OCT20 - GRID_START).days].center)
    assert find(d, rid="top_value").text == "October 20 (Fri)"
    d.long_press(*find(d, text="Gym").center)
    tap(d, desc="Delete")
    tap(d, text="Yes")
    assert [e.title for e in list_events(d)] == ["Lunch", "Other"]


def add_task(d: SimDevice, repeating: bool = False) -> SimpleCalendarAddOneEvent:
    target = ev(OCT20, 10, "Book club", 45, **({"repeat_interval": WEEK, "repeat_rule": 16} if repeating else {}))
    cls = SimpleCalendarAddRepeatingEvent if repeating else SimpleCalendarAddOneEvent
    task = cls({"row_objects": [target], "noise_row_objects": [ev(OCT20, 8, "Run")]})
    task.setup(d)
    return task


def add(d: SimDevice, event: Event) -> None:
    from pytest_mobileagent.validators.calendar import add_events

    add_events(d, [event])


@pytest.mark.parametrize("made,expected", [
    (ev(OCT20, 10, "Book club", 45), 1.0),
    (ev(OCT20, 10, "Bok club", 45), 0.0),  # a typo (AndroidWorld's fuzzy match let it pass)
    (ev(OCT20, 10, "book  Club", 45), 1.0),  # case and spacing do not matter
    (ev(OCT20, 11, "Book club", 45), 0.0),
    (ev(OCT20, 10, "Book club", 60), 0.0),
    (ev(OCT20 + dt.timedelta(days=1), 10, "Book club", 45), 0.0),
    (ev(OCT20, 10, "Movie night", 45), 0.0),
])
def test_add_check(d: SimDevice, made: Event, expected: float) -> None:
    task = add_task(d)
    add(d, made)
    assert task.check(d) == expected


def test_add_check_rejects_a_changed_noise_event_and_a_second_row(d: SimDevice) -> None:
    task = add_task(d)
    add(d, ev(OCT20, 10, "Book club", 45))
    add(d, ev(OCT20, 12, "Extra"))
    assert task.check(d) == 0.0
    task = add_task(d)
    add(d, ev(OCT20, 10, "Book club", 45))
    d.sqlite("/data/data/com.simplemobiletools.calendar.pro/databases/events.db",
             "UPDATE events SET title = 'Walk' WHERE title = 'Run'")
    assert task.check(d) == 0.0


@pytest.mark.parametrize("interval,rule,expected", [(WEEK, 16, 1.0), (DAY, 0, 0.0), (WEEK, 1, 0.0), (0, 0, 0.0)])
def test_repeating_check_wants_the_repetition(d: SimDevice, interval: int, rule: int, expected: float) -> None:
    task = add_task(d, repeating=True)
    add(d, ev(OCT20, 10, "Book club", 45, repeat_interval=interval, repeat_rule=rule))
    assert task.check(d) == expected


def delete_task(d: SimDevice) -> SimpleCalendarDeleteEvents:
    targets = [ev(OCT20, 9, "Gym"), ev(OCT20, 13, "Lunch")]
    task = SimpleCalendarDeleteEvents({"day": 20, "row_objects": targets,
                                       "noise_row_objects": [ev(OCT20 + dt.timedelta(days=1), 9, "Other")]})
    task.setup(d)
    return task


@pytest.mark.parametrize("deleted,expected", [(["Gym", "Lunch"], 1.0), (["Gym"], 0.0),
                                              (["Gym", "Lunch", "Other"], 0.0)])
def test_delete_check(d: SimDevice, deleted: list[str], expected: float) -> None:
    task = delete_task(d)
    for title in deleted:
        d.sqlite("/data/data/com.simplemobiletools.calendar.pro/databases/events.db",
                 "DELETE FROM events WHERE title = ?", (title,))
    assert task.check(d) == expected


def test_delete_one_check_notices_an_edit_to_another_event(d: SimDevice) -> None:
    task = SimpleCalendarDeleteOneEvent({"row_objects": [ev(OCT20, 9, "Gym")],
                                         "noise_row_objects": [ev(OCT20, 11, "Lunch")]})
    task.setup(d)
    db = "/data/data/com.simplemobiletools.calendar.pro/databases/events.db"
    d.sqlite(db, "DELETE FROM events WHERE title = 'Gym'")
    d.sqlite(db, "UPDATE events SET end_ts = end_ts + 900 WHERE title = 'Lunch'")
    assert task.check(d) == 0.0
