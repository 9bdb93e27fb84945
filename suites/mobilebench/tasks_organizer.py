"""Reminders, to-dos and recordings (Mobile-Bench's ``calendar``, ``todoList`` and ``recorder`` domains) on the
simulated Simple Calendar Pro, Tasks (org.tasks) and Audio Recorder, judged on their databases and files.

Mobile-Bench's phones kept reminders in MIUI's calendar (``com.android.calendar``), to-dos in MIUI Notes and
recordings in MIUI's sound recorder (``com.android.soundrecorder``); a real user of the simulated phone has
Simple Calendar Pro (a reminder is an event with a reminder, read from its ``events`` table), Tasks (a to-do is a
row of its ``tasks`` table) and Audio Recorder (a recording is an ``.m4a`` file in its folder).
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import audio_recorder, calendar, mp4, tasks_app
from pytest_mobileagent.android.calendar import Event
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import set_picker
from pytest_mobileagent.validators.calendar import list_events, seed_events
from suites.mobilebench.common import MobileBenchTask, lang

# -- calendar reminders -----------------------------------------------------------------------------------------

#: What the user is reminded of: (Chinese, English). Mobile-Bench 160 reminds of a meeting, 159 of breakfast.
THINGS = (("开会", "meeting"), ("做早餐", "make breakfast"), ("交报告", "hand in the report"),
          ("给妈妈打电话", "call Mom"), ("去健身房", "go to the gym"))
#: Days ahead as the query says them: (Chinese, English).
DAYS = {1: ("明天", "tomorrow"), 2: ("后天", "the day after tomorrow")}


def normalized(text: str) -> str:
    return " ".join(text.split()).casefold()


def add_event(ui: UI, title: str, start: dt.datetime, today: dt.date) -> Iterator[Action]:
    """Simple Calendar Pro: a new event titled ``title`` starting at ``start`` (whole hours), with the app's
    default reminder; the date picker is set from ``today``."""
    yield ui.open_app("Simple Calendar Pro")
    yield ui.click(desc="New Event")
    yield ui.click(text="Event")
    yield ui.type(title, rid="event_title")
    moved = [("year", start.year)] if start.year != today.year else []
    moved += [("month", start.month)] if start.month != today.month else []
    yield from set_picker(ui, "event_start_date", [*moved, ("day", start.day)])
    yield from set_picker(ui, "event_start_time", [("hour", start.hour), ("minute", 0)])
    yield ui.click(rid="save")
    if ui.exists(text="Disclaimer"):
        yield ui.click(text="OK")


def reminded(device: Device, before: list[Event], start: dt.datetime, title: str) -> bool:
    """The events seeded ``before`` are kept, and a new one starts at ``start``, its title containing ``title`` (up
    to case and spacing), with a reminder."""
    events = list_events(device)
    new = [e for e in events if e.id not in {b.id for b in before}]
    return all(e in events for e in before) and any(
        e.start_ts == int(start.timestamp()) and normalized(title) in normalized(e.title)
        and max(e.reminder_1_minutes, e.reminder_2_minutes, e.reminder_3_minutes) >= 0 for e in new)


class MobileBenchCalendarReminder(MobileBenchTask):
    """Mobile-Bench 160 "后天上午8点提醒我开会": a new event at that hour, its title naming the thing, with a
    reminder (Simple Calendar Pro gives a new event its default reminder, 10 minutes before); earlier events kept.
    A title that says more than the thing ("开会 with Li Hua") counts."""

    template = "remind me to {thing_en} {when_en} at {hour} AM"
    template_zh = "{when_zh}上午{hour}点提醒我{thing_zh}"
    apps = ("simple calendar pro",)
    tags = ("sast", "calendar")
    complexity = 2.0
    optimal_steps = 10
    packages = frozenset({calendar.PACKAGE})
    published = ({"lang": "zh", "days": 2, "hour": 8, "thing_zh": "开会"},)
    check_point = {"package": calendar.PACKAGE, "activity": f"{calendar.PACKAGE}.activities.EventActivity",
                   "resource-id": ["event_title", "event_start_time", "save"]}
    tolerates = {"text:append": "a title that says more than the thing still names it"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(cls.around, lang(), st.sampled_from(sorted(DAYS)), st.integers(6, 11),
                         st.sampled_from(THINGS))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        thing = next(t for t in THINGS if t[0] == row["thing_zh"])
        return st.just(cls.around(row["lang"], row["days"], row["hour"], thing))

    @staticmethod
    def around(lg: str, days: int, hour: int, thing: tuple[str, str]) -> dict[str, Any]:
        return {"lang": lg, "days": days, "hour": hour, "when_zh": DAYS[days][0], "when_en": DAYS[days][1],
                "thing_zh": thing[0], "thing_en": thing[1]}

    @property
    def thing(self) -> str:
        return self.params["thing_zh" if self.params["lang"] == "zh" else "thing_en"]

    def setup(self, device: Device) -> None:
        self.today = today = device.now().date()
        self.start = dt.datetime.combine(today + dt.timedelta(days=self.params["days"]),
                                         dt.time(self.params["hour"]), dt.timezone.utc)
        others = [Event.at(today + dt.timedelta(days=1), 14, title="Dentist", reminder_1_minutes=30),
                  Event.at(self.start.date(), self.params["hour"] + 5, title="Lunch with Li Hua")]
        self.before = seed_events(device, others)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if reminded(device, self.before, self.start, self.thing) else 0.0

    def describe_state(self, device: Device) -> str:
        return "events: " + "; ".join(f"{e.title!r} {e.start:%m-%d %H:%M} reminder {e.reminder_1_minutes}"
                                      for e in list_events(device))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from add_event(ui, self.thing, self.start, self.today)
        yield ui.complete()


# -- to-dos -----------------------------------------------------------------------------------------------------

#: To-dos the user adds: (Chinese, English).
TODOS = (("买牛奶", "buy milk"), ("交水电费", "pay the utility bills"), ("预约牙医", "book a dentist appointment"),
         ("取快递", "pick up the parcel"), ("给花浇水", "water the plants"))
#: To-dos already on the list (one done), which must stay as they are.
EARLIER_TODOS = (("Renew passport", 0), ("Call the plumber", 1700000000000))


def todos(device: Device) -> list[tuple[Any, ...]]:
    """(id, title, completed) of the to-dos not deleted, by id."""
    if not device.exists(tasks_app.DB_PATH):
        return []
    return [tuple(r) for r in device.sqlite(tasks_app.DB_PATH,
                                            "SELECT _id, title, completed FROM tasks WHERE deleted = 0 ORDER BY _id")]


class MobileBenchAddTodo(MobileBenchTask):
    """A new to-do in Tasks whose title is the item (up to case and spacing); the earlier to-dos kept."""

    template = "add a to-do: {todo_en}"
    template_zh = "添加一个待办：{todo_zh}"
    apps = ("tasks",)
    tags = ("sast", "todoList")
    complexity = 1.0
    optimal_steps = 4
    packages = frozenset({tasks_app.PACKAGE})
    check_point = {"package": tasks_app.PACKAGE, "activity": tasks_app.MAIN_ACTIVITY, "resource-id": "fab"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda lg, t: {"lang": lg, "todo_zh": t[0], "todo_en": t[1]}, lang(), st.sampled_from(TODOS))

    @property
    def todo(self) -> str:
        return self.params["todo_zh" if self.params["lang"] == "zh" else "todo_en"]

    def setup(self, device: Device) -> None:
        device.stop_app(tasks_app.PACKAGE)
        device.sqlite(tasks_app.DB_PATH, "DELETE FROM tasks")
        for title, completed in EARLIER_TODOS:
            device.sqlite(tasks_app.DB_PATH, "INSERT INTO tasks (title, completed, importance) VALUES (?, ?, 2)",
                          (title, completed))
        self.before = todos(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        after = todos(device)
        new = [t for t in after if t not in self.before]
        kept = all(t in after for t in self.before)
        ok = kept and len(new) == 1 and normalized(new[0][1] or "") == normalized(self.todo) and not new[0][2]
        return 1.0 if ok else 0.0

    def describe_state(self, device: Device) -> str:
        return f"to-dos: {todos(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Tasks")
        yield ui.click(desc="Create new task")
        yield ui.type(self.todo, hint="Task name")
        yield ui.click(desc="Save")
        yield ui.complete()


# -- recordings -------------------------------------------------------------------------------------------------

#: A recording shorter than this is a slip of the finger, not a recording (by its MP4 ``mvhd`` box).
MIN_SECONDS = 2.0
NAMES = ("meeting_notes", "voice_memo", "lecture", "song_idea", "interview")


def recordings(device: Device) -> dict[str, bytes]:
    """Audio Recorder's recordings: file name -> contents."""
    folder = audio_recorder.RECORDS_DIR
    if not device.exists(folder):
        return {}
    return {n: device.read_file(posixpath.join(folder, n)) for n in device.list_dir(folder)}


class MobileBenchRecordMemo(MobileBenchTask):
    """Record a voice memo and save it under a name: ``<name>.m4a`` in Audio Recorder's folder, at least two
    seconds long; the earlier recording kept."""

    template = 'record a voice memo and save it as "{name}"'
    template_zh = "录一段音，保存为“{name}”"
    apps = ("audio recorder",)
    tags = ("sast", "recorder")
    complexity = 1.5
    optimal_steps = 7
    packages = frozenset({audio_recorder.PACKAGE})
    check_point = {"package": audio_recorder.PACKAGE, "activity": audio_recorder.MAIN_ACTIVITY,
                   "resource-id": ["btn_record", "btn_record_stop"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda lg, n: {"lang": lg, "name": n}, lang(), st.sampled_from(NAMES))

    def setup(self, device: Device) -> None:
        for name in recordings(device):
            device.remove(posixpath.join(audio_recorder.RECORDS_DIR, name))
        device.write_file(posixpath.join(audio_recorder.RECORDS_DIR, "Record-1.m4a"), mp4.recording(b"M4A ", 5))
        self.before = recordings(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        after = recordings(device)
        made = after.get(f"{self.params['name']}.m4a")
        kept = all(after.get(n) == data for n, data in self.before.items())
        return 1.0 if kept and made is not None and (mp4.duration(made) or 0) >= MIN_SECONDS else 0.0

    def describe_state(self, device: Device) -> str:
        return "recordings: " + ", ".join(f"{n} ({mp4.duration(d)} s)" for n, d in recordings(device).items())

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Audio Recorder")
        if ui.exists(rid="btn_action"):  # the app's first run: welcome page, then setup
            yield ui.click(text="Get started")
            yield ui.click(text="Apply")
        yield ui.click(rid="btn_record")
        yield ui.wait(2)
        yield ui.click(rid="btn_record_stop")
        yield ui.type(self.params["name"], clear=True, rid="input_name")
        yield ui.click(text="Save")
        yield ui.complete()
