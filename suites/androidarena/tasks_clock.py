"""AndroidArena's Google Clock tasks (``clock.yaml``) and its constrained Clock task, judged on the Clock's state.

The checks read where Google Clock keeps its state on a device (:mod:`pytest_mobileagent.android.deskclock`):
alarms in ``alarms.db``, the stopwatch, timers and world-clock cities in its preferences. Seeded around the task:
alarms with other labels (some on), world-clock cities, the 12/24-hour setting and the tab the app opens on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import deskclock
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import ANSWER_ONLY
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import create_alarm, in_row, open_tab, row_control, shown_time
from pytest_mobileagent.validators import deskclock as clock
from pytest_mobileagent.validators.deskclock import AlarmRow
from suites.androidarena.common import ArenaTask

#: Alarms a user might have besides the labelled one (ids from 10 up; none labelled like a task's alarm).
NOISE_ALARMS = (AlarmRow(10, 7, 0, deskclock.WEEKDAYS, True, "Wake up"), AlarmRow(11, 21, 0, 0, False, "Pills"),
                AlarmRow(12, 9, 30, deskclock.WEEKEND, True), AlarmRow(13, 18, 15, 0, True, "Gym"))
LABEL_ID = 1
#: Labels an alarm of a task may have ("meeting" is the published one).
LABELS = ("meeting", "dentist", "standup", "school run", "medicine", "yoga")
#: World-clock cities the city tasks name (Beijing is the published one), and others a user may have.
TASK_CITIES = ("Beijing", "London", "Tokyo", "Paris", "New York", "Sydney")
OTHER_CITIES = ("Berlin", "Chicago", "Dubai", "Seoul", "Toronto")


def spoken_hour(hour: int) -> str:
    """AndroidArena's wording of a whole hour: ``3PM``, ``11AM``."""
    return f"{hour % 12 or 12}{'AM' if hour < 12 else 'PM'}"


def noise() -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(range(len(NOISE_ALARMS))), max_size=3, unique=True).map(sorted)


def alarm_params(hours: st.SearchStrategy[int], labels: st.SearchStrategy[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A labelled alarm's hour and label, with the seeded alarms, its on/off state and the clock format drawn."""
    return st.builds(lambda h, label, n, on, h24: {"hour": h, "time": spoken_hour(h), "label": label, "noise": n,
                                                   "on": on, "clock_24h": h24},
                     hours, labels, noise(), st.booleans(), st.booleans())


def city_params(cities: st.SearchStrategy[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A city and the other cities on the world clock (in an order drawn), with the tab the app opens on."""
    return st.builds(lambda city, others, tab, h24: {"city": city, "others": others, "start_tab": tab,
                                                     "clock_24h": h24},
                     cities, st.lists(st.sampled_from(OTHER_CITIES), max_size=3, unique=True),
                     st.sampled_from(deskclock.TABS), st.booleans())


class _Clock(ArenaTask):
    __abstract__ = True
    apps = ("clock",)

    def prepare(self, device: Device, tab: str | None = None) -> None:
        """The clock format and the tab the app opens on."""
        device.settings_put("system", "time_12_24", "24" if self.params.get("clock_24h") else "12")
        clock.select_tab(device, tab or self.params.get("start_tab", "Alarm"))

    def describe_state(self, device: Device) -> str:
        return (f"alarms={clock.alarms(device)} timers={clock.timers(device)} stopwatch={clock.stopwatch(device)} "
                f"cities={clock.selected_cities(device)}")


class ClockOpen(_Clock):
    """The Clock is the app in front at the end."""

    template = "Open Google Clock."

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0] == deskclock.PACKAGE else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Clock")
        yield ui.complete()


# -- alarms ------------------------------------------------------------------------------------------------------


class _LabelledAlarm(_Clock):
    __abstract__ = True
    published = ({"time": "3PM", "label": "meeting"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return alarm_params(st.integers(0, 23), st.sampled_from(LABELS))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        hour = next(h for h in range(24) if spoken_hour(h) == row["time"])
        return alarm_params(st.just(hour), st.just(row["label"]))

    def noise(self) -> list[AlarmRow]:
        return [NOISE_ALARMS[i] for i in self.params["noise"]]

    def target(self) -> AlarmRow:
        p = self.params
        return AlarmRow(LABEL_ID, p["hour"], 0, 0, p["on"], p["label"])

    def row(self) -> str:
        """The alarm row's description: its time as the list shows it, then its label."""
        return f"{shown_time(self.params['hour'], 0, self.params['clock_24h'])} {self.params['label']}"


class ClockSetLabelledAlarm(_LabelledAlarm):
    """A new alarm, on, at the hour, labelled as asked (case and surrounding spaces aside); the other alarms are
    left alone."""

    template = 'Set an alarm for {time} with the label "{label}" using Google Clock.'

    def setup(self, device: Device) -> None:
        clock.seed_alarms(device, self.noise())
        self.prepare(device, "Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        p, old = self.params, self.noise()
        new = [a for a in clock.alarms(device) if a not in old]
        made = any((a.hour, a.minutes, a.enabled, a.label.strip().lower()) == (p["hour"], 0, True, p["label"])
                   for a in new)
        return 1.0 if made and clock.unchanged(device, old) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Alarm")
        yield from create_alarm(ui, self.params["hour"], 0, self.params["clock_24h"])
        yield ui.click(rid="edit_label")
        yield ui.type(self.params["label"], rid="label_input_field")
        yield ui.click(rid="android:id/button1")
        yield ui.complete()


class ClockTurnOffLabelledAlarm(_LabelledAlarm):
    """The alarm with the label is off; every other alarm is as seeded."""

    template = 'Turn off the alarm with the label "{label}" using Google Clock.'
    published = ({"label": "meeting"},)

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return alarm_params(st.just(15), st.just(row["label"]))

    def setup(self, device: Device) -> None:
        clock.seed_alarms(device, [*self.noise(), AlarmRow(LABEL_ID, self.params["hour"], 0, 0, True,
                                                           self.params["label"])])
        self.prepare(device, "Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        target = next((a for a in clock.alarms(device) if a.id == LABEL_ID), None)
        ok = target is not None and not target.enabled and target.label == self.params["label"]
        return 1.0 if ok and clock.unchanged(device, self.noise()) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Alarm")
        yield from ui.scroll_to(desc=self.row())
        yield in_row(ui, self.row(), rid="onoff")
        yield ui.complete()


class ClockDeleteLabelledAlarm(_LabelledAlarm):
    """No alarm has the label any more; every other alarm is as seeded. The labelled alarm is on or off."""

    template = 'Delete the alarm with the label "{label}" using Google Clock.'
    published = ({"label": "meeting"},)

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return alarm_params(st.just(15), st.just(row["label"]))

    def setup(self, device: Device) -> None:
        clock.seed_alarms(device, [*self.noise(), self.target()])
        self.prepare(device, "Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        gone = all(a.label != self.params["label"] for a in clock.alarms(device))
        return 1.0 if gone and clock.unchanged(device, self.noise()) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        row = self.row()
        yield from open_tab(ui, "Alarm")
        yield from ui.scroll_to(container={"scrollable": True}, desc=row)
        if row_control(ui, row, desc="Expand alarm") is None:  # the header is the list's last line on screen
            yield ui.scroll("down", scrollable=True)
        yield in_row(ui, row, desc="Expand alarm")
        yield from ui.scroll_to(rid="delete")
        yield ui.click(rid="delete")
        yield ui.complete()


# -- timer ---------------------------------------------------------------------------------------------------------


class ClockSetTimer(_Clock):
    """A timer of that many seconds was started (in any state since: a 5-second timer soon rings). Entering the
    digits without starting it sets no timer."""

    template = "Set a timer for {seconds} seconds using Google Clock."
    published = ({"seconds": 5},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return cls.timer_parameters(st.integers(2, 59))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return cls.timer_parameters(st.just(row["seconds"]))

    @staticmethod
    def timer_parameters(seconds: st.SearchStrategy[int]) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"seconds": seconds, "start_tab": st.sampled_from(deskclock.TABS)})

    def setup(self, device: Device) -> None:
        clock.clear_timers(device)
        self.prepare(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if any(t["length"] == self.params["seconds"] * 1000 for t in clock.timers(device)) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Timer")
        for digit in str(self.params["seconds"]):
            yield ui.click(rid=f"timer_setup_digit_{digit}")
        yield ui.click(desc="Start")
        yield ui.complete()


def timer_params() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"minutes": st.integers(2, 90), "start_tab": st.sampled_from(deskclock.TABS)})


class _Timer(_Clock):
    """One timer of some minutes, running (started through ``ACTION_SET_TIMER``) or paused."""

    __abstract__ = True
    #: Whether setup leaves the timer running (a ``running`` parameter decides where the task draws it).
    running = True

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return timer_params()

    def setup(self, device: Device) -> None:
        clock.clear_timers(device)
        length = self.params["minutes"] * 60
        if self.params.get("running", self.running):
            clock.start_timer(device, length)
        else:
            clock.seed_paused_timer(device, 0, length * 1000, length * 1000 * 2 // 3)
        self.prepare(device)

    def states(self, device: Device) -> list[int]:
        return [t["state"] for t in clock.timers(device)]


class ClockPauseTimer(_Timer):
    """The running timer is paused."""

    template = "Pause the timer using Google Clock."

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.states(device) == [deskclock.TIMER_PAUSED] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Timer")
        yield ui.click(desc="Pause")
        yield ui.complete()


class ClockResumeTimer(_Timer):
    """The paused timer runs again."""

    template = "Resume the timer using Google Clock."
    running = False

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.states(device) == [deskclock.TIMER_RUNNING] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Timer")
        yield ui.click(desc="Start")
        yield ui.complete()


class ClockCancelTimer(_Timer):
    """The timer is gone (deleted with its card's close button; resetting it to its length keeps it, which is
    not cancelling). Seeded running or paused."""

    template = "Cancel the timer using Google Clock."

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda p, running: p | {"running": running}, timer_params(), st.booleans())

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if not clock.timers(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Timer")
        yield ui.click(rid="close", desc="Delete")
        yield ui.complete()


# -- stopwatch -----------------------------------------------------------------------------------------------------


def stopwatch_params() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"start_tab": st.sampled_from(deskclock.TABS), "seconds": st.integers(1, 7200),
                                  "laps": st.integers(0, 3)})


class _Stopwatch(_Clock):
    __abstract__ = True
    #: The stopwatch's state after setup.
    seeded_state = deskclock.SW_RESET
    #: What the task presses.
    button = ""

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return stopwatch_params()

    def setup(self, device: Device) -> None:
        if self.seeded_state == deskclock.SW_RESET:
            clock.seed_stopwatch(device, deskclock.SW_RESET)
        else:
            clock.seed_stopwatch(device, self.seeded_state, self.params["seconds"] * 1000, self.params["laps"])
        self.prepare(device)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Stopwatch")
        yield ui.click(desc=self.button)
        yield ui.complete()


class ClockStartStopwatch(_Stopwatch):
    """The stopwatch, at zero, runs."""

    template = "Start the stopwatch using Google Clock."
    button = "Start"

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if clock.stopwatch(device)["state"] == deskclock.SW_RUNNING else 0.0


class ClockStopStopwatch(_Stopwatch):
    """The running stopwatch is stopped (paused, its time kept: Google Clock's stop is its pause button)."""

    template = "Stop the stopwatch using Google Clock."
    seeded_state, button = deskclock.SW_RUNNING, "Pause"

    def check(self, device: Device, answer: str | None = None) -> float:
        watch = clock.stopwatch(device)
        return 1.0 if watch["state"] == deskclock.SW_PAUSED and watch["accumulated"] > 0 else 0.0


class ClockResetStopwatch(_Stopwatch):
    """The paused stopwatch is back at zero with no laps."""

    template = "Reset the stopwatch using Google Clock."
    seeded_state, button = deskclock.SW_PAUSED, "Reset"

    def check(self, device: Device, answer: str | None = None) -> float:
        watch = clock.stopwatch(device)
        return 1.0 if watch["state"] == deskclock.SW_RESET and watch["laps"] == 0 else 0.0


# -- world clock ---------------------------------------------------------------------------------------------------

_TIME = re.compile(r"\b(\d{1,2})[:.](\d{2})\s*([ap])?\.?\s*m?\b", re.IGNORECASE)


def time_in(device: Device, city: str) -> tuple[int, int]:
    """The city's wall-clock time now, by the device's clock."""
    from zoneinfo import ZoneInfo

    tz = next(zone for _, name, zone in deskclock.CITIES if name == city)
    there = device.now().astimezone(ZoneInfo(tz))
    return there.hour, there.minute


def tells_time(answer: str | None, hour: int, minute: int, slack: int = 3) -> bool:
    """The answer gives ``hour:minute`` (12- or 24-hour; without AM/PM either half of the day), within ``slack``
    minutes: the episode's steps take device time."""
    for m in _TIME.finditer(answer or ""):
        h, mi, half = int(m.group(1)), int(m.group(2)), (m.group(3) or "").lower()
        if half:
            candidates = [h % 12 + (12 if half == "p" else 0)]
        else:
            candidates = [h % 24, (h + 12) % 24]
        for c in candidates:
            if abs((c * 60 + mi - hour * 60 - minute + 720) % 1440 - 720) <= slack:
                return True
    return False


class ClockTimeInCity(_Clock):
    """An answer task: the answer gives the city's current time (by the device clock, a few minutes' slack for
    the episode). "View" is made checkable as telling the time the app shows; the oracle reads it from the
    world clock's city list (searching the city shows its time without adding it)."""

    template = "View the current time in {city} in Google Clock."
    published = ({"city": "London"},)
    answer_required = True
    tolerates = {**ANSWER_ONLY, "answer:duplicate": "telling the time twice still tells it",
                 "answer:last_digit": "the last number of the time is its minutes: one minute on is within the slack "
                 "the check gives for the device time the episode takes",
                 "answer:append": "a stray letter after the time (after its AM/PM, as the app shows it) leaves the "
                 "hour and minute it tells unchanged"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return city_params(st.sampled_from(TASK_CITIES[1:]))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return city_params(st.just(row["city"]))

    def setup(self, device: Device) -> None:
        clock.seed_cities(device, [deskclock.city_id(c) for c in self.params["others"]])
        self.prepare(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if tells_time(answer, *time_in(device, self.params["city"])) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Clock")
        yield ui.click(desc="Add city")
        yield ui.type(self.params["city"], rid="open_search_view_edit_text")
        _, shown = ui.element(rid="city_time")
        yield ui.answer(shown.text)


class _City(_Clock):
    __abstract__ = True
    published = ({"city": "Beijing"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return city_params(st.sampled_from(TASK_CITIES))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return city_params(st.just(row["city"]))

    def ids(self) -> list[str]:
        return [deskclock.city_id(c) for c in self.params["others"]]

    def toggle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Clock")
        yield ui.click(desc="Add city")
        yield ui.tolerate(ui.type(self.params["city"], rid="open_search_view_edit_text"),
                          "a prefix of the city's name lists the same city", "text:drop")
        yield ui.click(rid="city_name", text=self.params["city"])
        yield ui.complete()


class ClockAddCity(_City):
    """The city is on the world clock, with the cities that were there."""

    template = "Add a new city {city} to World Clock in Google Clock."

    def setup(self, device: Device) -> None:
        clock.seed_cities(device, self.ids())
        self.prepare(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        now = clock.selected_cities(device)
        return 1.0 if deskclock.city_id(self.params["city"]) in now and set(self.ids()) <= set(now) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        return self.toggle(ui)


class ClockDeleteCity(_City):
    """The city is off the world clock; the other cities stay. (AndroidArena's "Delete the city Beijing to World
    Clock" means from it.)"""

    template = "Delete the city {city} to World Clock in Google Clock."

    def setup(self, device: Device) -> None:
        ids = self.ids()
        ids.insert(len(ids) // 2, deskclock.city_id(self.params["city"]))
        clock.seed_cities(device, ids)
        self.prepare(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        now = clock.selected_cities(device)
        return 1.0 if deskclock.city_id(self.params["city"]) not in now and set(self.ids()) <= set(now) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        return self.toggle(ui)



# -- constrained ---------------------------------------------------------------------------------------------------


class ConstrainedClockTimeInCity(ClockTimeInCity):
    """Constrained task 6: the time in the city, without the Clock app (``apps`` forbids its package). The same
    answer check; the oracle asks Google Search ("time in London"), whose clock card answers from the device's
    clock."""

    type = "constrained"
    constraint = "Do NOT use the Clock APP."
    constraints = {"apps": [deskclock.PACKAGE]}

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Google")
        yield ui.click(rid="googleapp_hint_text")
        yield ui.type(f"time in {self.params['city']}", rid="googleapp_search_box")
        yield ui.enter()
        _, shown = ui.element(rid="googleapp_time_card_time")
        yield ui.answer(shown.text)
