"""AndroidWorld's Simple Calendar Pro families that add or delete events (the question families are imported
from the information-retrieval textproto).

The parameters are AndroidWorld's (``generate_random_params()``): the events as ``row_objects`` (the event to add,
or the events to delete) and ``noise_row_objects``, rows with the fields of AndroidWorld's ``CalendarEvent`` (the
project's :class:`~pytest_mobileagent.android.calendar.Event`, or AndroidWorld's own), beside the goal's fields
(``year``, ``month``, ``day``, ``hour``, ``duration_mins``, ``event_title``, ``event_description``,
``repeat_rule``, ``day_of_week``); ``day_of_week`` derives from the first row where AndroidWorld leaves it to its
goal. Setup makes the given events (targets for deletions, noise always) the calendar's only rows, as
AndroidWorld does. Checks are AndroidWorld's integrity checks on ``events`` (see
:mod:`pytest_mobileagent.validators.calendar`): the expected rows added (start, end, free text fuzzily,
repetition for repeating events) or removed, every other row unchanged, nothing else added.
Dates are in October 2023 around the frozen "today", Sunday October 15.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.calendar import DAY, WEEK, Event, weekly_repeat_rule
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI, OracleError
from pytest_mobileagent.tasks.walks import set_picker
from pytest_mobileagent.validators.calendar import events_added, events_removed, list_events, seed_events

TODAY = dt.date(2023, 10, 15)
#: The month grid's first cell (a Sunday), for October 2023.
GRID_START = dt.date(2023, 9, 24)
TITLES = ("Project kickoff", "Quarterly review", "Coffee with Mateo", "Dentist appointment", "Yoga session",
          "Team offsite planning", "Grocery run", "Call with the bank", "Board game night", "Guitar lesson",
          "Design critique", "Vet visit", "Budget check-in", "Book club", "Client demo", "Running club")
DESCRIPTIONS = ("Bring the printed agenda.", "Discuss next steps and owners.", "Remember to confirm by email.",
                "Prepare three questions beforehand.", "Pack water and a towel.", "Review last week's notes first.",
                "Share the slides afterwards.", "Ask about the new schedule.")
DURATIONS = (15, 30, 45, 60, 90, 120)


@st.composite
def events_on(draw: Any, days: tuple[int, int], titles: tuple[str, ...] = TITLES) -> Event:
    """An event in October 2023 on a day in ``days`` (inclusive), between 08:00 and 20:00."""
    day = dt.date(2023, 10, draw(st.integers(*days)))
    return Event.at(day, draw(st.integers(8, 20)), 0, draw(st.sampled_from(DURATIONS)),
                    title=draw(st.sampled_from(titles)), description=draw(st.sampled_from(DESCRIPTIONS)),
                    source="simple-calendar")


def noise_events(n: tuple[int, int], avoid: Any) -> st.SearchStrategy[list[Event]]:
    """Other events of the month that ``avoid(event)`` accepts."""
    return st.lists(events_on((1, 31)).filter(avoid), min_size=n[0], max_size=n[1])


def params_of(event: Event) -> dict[str, Any]:
    return {"year": event.start.year, "month": event.start.month, "day": event.start.day,
            "hour": event.start.hour, "duration_mins": event.duration_mins, "event_title": event.title,
            "event_description": event.description}


def as_event(row: Any) -> Event:
    """A row of the parameters as an :class:`Event`: the project's own, or AndroidWorld's ``CalendarEvent``
    (the same fields)."""
    if isinstance(row, Event):
        return row
    return Event(**{f.name: getattr(row, f.name) for f in dataclasses.fields(Event) if hasattr(row, f.name)})


class _CalendarTask(Task):
    __abstract__ = True
    apps = ("simple calendar pro",)

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """AndroidWorld's dicts leave ``day_of_week`` to the goal: it derives from the first row."""
        rows = params.get("row_objects")
        if rows and "day_of_week" not in params:
            return {**params, "day_of_week": as_event(rows[0]).start.strftime("%A")}
        return params

    def rows(self) -> list[Event]:
        return [as_event(r) for r in self.params["row_objects"]]

    def noise(self) -> list[Event]:
        return [as_event(r) for r in self.params["noise_row_objects"]]

    def describe_state(self, device: Device) -> str:
        return "events: " + "; ".join(f"{e.id} {e.title!r} {e.start:%m-%d %H:%M}-{e.end:%H:%M}"
                                      for e in list_events(device))


# -- adding ---------------------------------------------------------------------------------------------------


class _AddEvent(_CalendarTask):
    __abstract__ = True
    complexity = 3.4
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    days: tuple[int, int] = (1, 31)
    repeating = False

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            event = d(events_on(cls.days))
            params: dict[str, Any] = {}
            if cls.repeating:
                rule = d(st.sampled_from(("daily", "weekly")))
                interval = DAY if rule == "daily" else WEEK
                event = dataclasses.replace(
                    event, repeat_interval=interval,
                    repeat_rule=weekly_repeat_rule(event.start.date()) if rule == "weekly" else 0)
                params["repeat_rule"] = rule
            noise = d(noise_events((0, 20), lambda e, t=event.title: e.title != t))
            return {**params_of(event), **params, "day_of_week": event.start.strftime("%A"),
                    "row_objects": [event], "noise_row_objects": noise}
        return draw()

    def setup(self, device: Device) -> None:
        self.before = seed_events(device, self.noise())

    def check(self, device: Device, answer: str | None = None) -> float:
        fields = ("start_ts", "end_ts", "title", "location", "description") + \
            (("repeat_interval", "repeat_rule") if self.repeating else ())
        ok = events_added(self.before, list_events(device), self.rows()[:1], fields)
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        target = self.rows()[0]
        yield ui.open_app("Simple Calendar Pro")
        yield ui.click(desc="New Event")
        yield ui.click(text="Event")
        yield ui.type(target.title, rid="event_title")
        yield ui.type(target.description, rid="event_description")
        yield from set_picker(ui, "event_start_date", [("day", target.start.day)], target.start.date() != TODAY)
        yield from set_picker(ui, "event_start_time", [("hour", target.start.hour), ("minute", target.start.minute)])
        if target.end.date() != target.start.date():
            yield from set_picker(ui, "event_end_date", [("day", target.end.day)])
        yield from set_picker(ui, "event_end_time", [("hour", target.end.hour), ("minute", target.end.minute)])
        if target.repeat_interval:
            yield ui.click(rid="event_repetition")
            yield ui.click(text="Daily" if target.repeat_interval == DAY else "Weekly")
        yield ui.click(rid="save")
        if ui.exists(text="Disclaimer"):
            yield ui.click(text="OK")
        yield ui.complete()


class SimpleCalendarAddOneEvent(_AddEvent):
    template = ("In Simple Calendar Pro, create a calendar event on {year}-{month}-{day} at {hour}h with the title "
                "'{event_title}' and the description '{event_description}'. The event should last for "
                "{duration_mins} mins.")
    difficulty = "hard"
    tags = ("data_entry", "complex_ui_understanding", "parameterized")
    optimal_steps = 17


class SimpleCalendarAddOneEventRelativeDay(_AddEvent):
    template = ("In Simple Calendar Pro, create a calendar event for this {day_of_week} at {hour}h with the title "
                "'{event_title}' and the description '{event_description}'. The event should last for "
                "{duration_mins} mins.")
    tags = ("data_entry", "parameterized")
    optimal_steps = 17
    days = (16, 21)  # Monday to Saturday of the current week


class SimpleCalendarAddOneEventTomorrow(_AddEvent):
    template = ("In Simple Calendar Pro, create a calendar event for tomorrow at {hour}h with the title "
                "'{event_title}' and the description '{event_description}'. The event should last for "
                "{duration_mins} mins.")
    tags = ("data_entry", "parameterized")
    optimal_steps = 13
    days = (16, 16)


class SimpleCalendarAddOneEventInTwoWeeks(_AddEvent):
    template = ("In Simple Calendar Pro, create a calendar event in two weeks from today at {hour}h with the title "
                "'{event_title}' and the description '{event_description}'. The event should last for "
                "{duration_mins} mins.")
    difficulty = "medium"
    tags = ("data_entry", "math_counting", "parameterized")
    optimal_steps = 10
    days = (29, 29)


class SimpleCalendarAddRepeatingEvent(_AddEvent):
    template = ("In Simple Calendar Pro, create a recurring calendar event titled '{event_title}' starting on "
                "{year}-{month}-{day} at {hour}h. The event recurs {repeat_rule}, forever, and lasts for "
                "{duration_mins} minutes each occurrence. The event description should be '{event_description}'.")
    tags = ("data_entry", "complex_ui_understanding", "parameterized")
    optimal_steps = 14
    repeating = True


# -- deleting -------------------------------------------------------------------------------------------------


def open_day(ui: UI, day: dt.date) -> Iterator[Action]:
    """Tap the day's cell in October's month grid, which opens the day's event list."""
    cells = ui.find_all(rid="month_view_background")
    if len(cells) != 42:
        raise OracleError("the month grid is not on screen")
    yield Action.click(index=cells[(day - GRID_START).days][0])


def delete_listed(ui: UI, titles: list[str]) -> Iterator[Action]:
    """Select the day's rows with these titles (long press, then taps) and delete them."""
    for i, title in enumerate(titles):
        found = ui.find_all(rid="event_item_title", text=title)
        n = titles[:i].count(title)  # same-titled rows, in list order
        if n >= len(found):
            raise OracleError(f"{title!r} is not listed")
        _, row = found[n]
        yield Action("long_press" if i == 0 else "click", index=found[n][0], x=row.center[0], y=row.center[1])
    yield ui.click(desc="Delete")
    yield ui.click(text="Yes")


class _DeleteEvents(_CalendarTask):
    __abstract__ = True
    template = "In Simple Calendar Pro, delete all the calendar events on {year}-{month}-{day}"
    n_targets = 3
    days: tuple[int, int] = (1, 31)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            day = d(st.integers(*cls.days))
            targets = d(st.lists(events_on((day, day)), min_size=cls.n_targets, max_size=cls.n_targets))
            noise = d(noise_events((20, 20), lambda e, day=day: e.start.day != day))
            return {"year": 2023, "month": 10, "day": day, "day_of_week": dt.date(2023, 10, day).strftime("%A"),
                    "row_objects": targets, "noise_row_objects": noise}
        return draw()

    def setup(self, device: Device) -> None:
        stored = seed_events(device, self.rows() + self.noise())
        self.before = stored
        self.target_ids = [e.id for e in stored[:len(self.params["row_objects"])]]

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if events_removed(self.before, list_events(device), self.target_ids) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Simple Calendar Pro")
        yield from open_day(ui, dt.date(2023, 10, self.params["day"]))
        yield from delete_listed(ui, [t.title for t in sorted(self.rows(), key=lambda t: (t.start_ts, t.end_ts))])
        yield ui.complete()


class SimpleCalendarDeleteEvents(_DeleteEvents):
    difficulty = "easy"
    tags = ("parameterized", "data_edit")
    complexity = 1.4
    optimal_steps = 7


class SimpleCalendarDeleteEventsOnRelativeDay(_DeleteEvents):
    template = "In Simple Calendar Pro, delete all events scheduled for this {day_of_week}."
    difficulty = "medium"
    tags = ("data_edit", "parameterized")
    complexity = 1.2
    optimal_steps = 6
    n_targets = 2
    days = (16, 21)


class SimpleCalendarDeleteOneEvent(_DeleteEvents):
    """One event; other events may share its day, but not its start or its title."""

    template = ("In Simple Calendar Pro, delete the calendar event on {year}-{month}-{day} at {hour}h with the "
                "title '{event_title}'")
    difficulty = "easy"
    tags = ("data_edit", "complex_ui_understanding", "parameterized")
    complexity = 1.2
    optimal_steps = 6
    n_targets = 1

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            target = d(events_on((1, 31)))
            noise = d(noise_events((20, 20), lambda e: e.start_ts != target.start_ts and e.title != target.title))
            return {**params_of(target), "row_objects": [target], "noise_row_objects": noise}
        return draw()
