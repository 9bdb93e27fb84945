"""B-MoCA's Clock tasks (``asset/tasks/clock``), judged on state instead of B-MoCA's logcat regexes.

B-MoCA rewards a logcat line (``Created new alarm instance``, ``Removed alarm``,
``Events: [Stopwatch] [Show Tab] [Tap]``, ``nextUserAlarmTime ... 06:30:00``);
the simulated Clock prints those lines too, but these checks read what the
lines stand for: the rows of ``alarms.db`` (hour, minutes, enabled, daysofweek,
as B-MoCA's own evaluator scripts do), the stopwatch state in the app's
preferences, and for "go to the ... page" the page on screen. Step budgets are
B-MoCA's (``complexity = step_limit / 10``; the paper's table where it has the
task, the v2 task files otherwise).

Noise: other alarms (among them 9 PM and 9:30 ones next to "9 am"), the 12/24-hour
setting, and the tab the app opens on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import deskclock
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import create_alarm, in_row, open_tab, row_control, shown_time
from pytest_mobileagent.validators import deskclock as clock
from pytest_mobileagent.validators.deskclock import AlarmRow

#: The six times of B-MoCA's "create alarm at ..." tasks.
BMOCA_TIMES = ((6, 30), (10, 30), (13, 30), (17, 30), (20, 30), (23, 30))
#: Alarms a user might have besides the one a task is about (ids from 10 up).
NOISE_ALARMS = (AlarmRow(10, 8, 30, deskclock.WEEKDAYS, False), AlarmRow(11, 21, 0, 0, False),
                AlarmRow(12, 9, 30, deskclock.WEEKDAYS, True), AlarmRow(13, 6, 45, 0, False),
                AlarmRow(14, 7, 15, deskclock.WEEKEND, True, "Gym"))
NINE_AM_ID = 1
REPEATS = {"weekday": deskclock.WEEKDAYS, "weekend": deskclock.WEEKEND}


# -- parameters and setup ------------------------------------------------------------------------


def noise_alarms() -> st.SearchStrategy[list[int]]:
    """Indexes into NOISE_ALARMS (at most three, so the list stays short)."""
    return st.lists(st.sampled_from(range(len(NOISE_ALARMS))), max_size=3, unique=True).map(sorted)


def spoken(hour: int, minutes: int) -> str:
    """B-MoCA's wording of a time: ``06:30 am``, ``13:30 pm``."""
    return f"{hour:02d}:{minutes:02d} {'am' if hour < 12 else 'pm'}"


def seeded(params: dict[str, Any]) -> list[AlarmRow]:
    rows = [NOISE_ALARMS[i] for i in params["noise"]]
    if "nine_am_days" in params:
        rows.append(AlarmRow(NINE_AM_ID, 9, 0, params["nine_am_days"], params.get("nine_am_on", False)))
    return rows


def prepare(device: Device, params: dict[str, Any], tab: str | None = None) -> None:
    """Seed the alarms, the clock format and the tab the app opens on."""
    clock.seed_alarms(device, seeded(params))
    device.settings_put("system", "time_12_24", "24" if params["clock_24h"] else "12")
    clock.select_tab(device, tab or params.get("start_tab", "Alarm"))


# -- oracle helpers ------------------------------------------------------------------------------------


def delete_nine_am(ui: UI, h24: bool) -> Iterator[Action]:
    row = f"{shown_time(9, 0, h24)} Alarm"
    yield from ui.scroll_to(container={"scrollable": True}, desc=row)  # over the list, not the FAB under it
    if row_control(ui, row, desc="Expand alarm") is None:  # the header is the list's last line on screen
        yield ui.scroll("down", scrollable=True)
    yield in_row(ui, row, desc="Expand alarm")
    yield from ui.scroll_to(rid="delete")
    yield ui.click(rid="delete")


# -- tasks -------------------------------------------------------------------------------------------------


class _BmocaClock(Task):
    __abstract__ = True
    suite = "bmoca"
    apps = ("clock",)
    difficulty = "easy"

    def describe_state(self, device: Device) -> str:
        return f"alarms={clock.alarms(device)} stopwatch={clock.stopwatch(device)} page={clock.shown_page(device)}"


class ClockOpenApp(_BmocaClock):
    template = "open the clock app"
    complexity = 0.4
    optimal_steps = 1

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0] == deskclock.PACKAGE else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Clock")
        yield ui.complete()


class ClockTurnOnAlarm(_BmocaClock):
    """Switch on the (off) 9 AM alarm; other alarms keep their state."""

    template = "turn on alarm at 9 am"
    complexity = 0.4
    optimal_steps = 2

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"noise": noise_alarms(), "clock_24h": st.booleans(),
                                      "nine_am_days": st.sampled_from((deskclock.WEEKEND, deskclock.WEEKDAYS, 0))})

    def setup(self, device: Device) -> None:
        prepare(device, self.params, tab="Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        target = next((a for a in clock.alarms(device) if a.id == NINE_AM_ID), None)
        ok = (target is not None and (target.hour, target.minutes) == (9, 0) and target.enabled
              and clock.unchanged(device, seeded(self.params)[:-1]))
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Alarm")
        row = f"{shown_time(9, 0, self.params['clock_24h'])} Alarm"
        yield from ui.scroll_to(desc=row)
        yield in_row(ui, row, rid="onoff")
        yield ui.complete()


class ClockDeleteAlarm(_BmocaClock):
    """Delete the 9 AM alarm and no other."""

    template = "delete alarm at 9 am"
    complexity = 0.5
    optimal_steps = 3

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"noise": noise_alarms(), "clock_24h": st.booleans(),
                                      "nine_am_days": st.sampled_from((deskclock.WEEKEND, deskclock.WEEKDAYS, 0)),
                                      "nine_am_on": st.booleans()})

    def setup(self, device: Device) -> None:
        prepare(device, self.params, tab="Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        gone = not clock.alarms_at(device, 9, 0)
        return 1.0 if gone and clock.unchanged(device, seeded(self.params)[:-1]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Alarm")
        yield from delete_nine_am(ui, self.params["clock_24h"])
        yield ui.complete()


class ClockGoToPage(_BmocaClock):
    """Show one page of the Clock; the app opens on another one."""

    template = "go to the {page} page in clock"
    published = ({"page": "alarm"}, {"page": "stopwatch"}, {"page": "timer"})
    complexity = 0.5
    optimal_steps = 2

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        pages = st.sampled_from(("alarm", "stopwatch", "timer"))
        return pages.flatmap(lambda page: st.fixed_dictionaries({
            "page": st.just(page),
            "start_tab": st.sampled_from([t for t in deskclock.TABS if t.lower() != page]),
            "clock_24h": st.booleans(), "noise": noise_alarms()}))

    def setup(self, device: Device) -> None:
        prepare(device, self.params)

    def check(self, device: Device, answer: str | None = None) -> float:
        # The task is about what the app shows: the page's tab must be the selected one on screen.
        return 1.0 if clock.shown_page(device) == self.params["page"].capitalize() else 0.0

    def goal_in_state(self, device: Device) -> float:
        """The tab the app opens on (``selected_tab``)."""
        return 1.0 if clock.selected_tab(device) == self.params["page"].capitalize() else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, self.params["page"].capitalize())
        yield ui.complete()


def stopwatch_params() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"start_tab": st.sampled_from(deskclock.TABS), "clock_24h": st.booleans(),
                                  "noise": noise_alarms(), "seconds": st.integers(1, 2 * 3600),
                                  "laps": st.integers(0, 3)})


class ClockStartStopwatch(_BmocaClock):
    template = "start the stopwatch in clock"
    complexity = 0.5
    optimal_steps = 3

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return stopwatch_params()

    def setup(self, device: Device) -> None:
        prepare(device, self.params)
        clock.seed_stopwatch(device, deskclock.SW_RESET)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if clock.stopwatch(device)["state"] == deskclock.SW_RUNNING else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Stopwatch")
        yield ui.click(desc="Start")
        yield ui.complete()


class ClockPauseStopwatch(_BmocaClock):
    template = "pause the stopwatch in clock"
    complexity = 0.5
    optimal_steps = 3

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return stopwatch_params()

    def setup(self, device: Device) -> None:
        prepare(device, self.params)
        clock.seed_stopwatch(device, deskclock.SW_RUNNING, self.params["seconds"] * 1000, self.params["laps"])

    def check(self, device: Device, answer: str | None = None) -> float:
        watch = clock.stopwatch(device)
        return 1.0 if watch["state"] == deskclock.SW_PAUSED and watch["accumulated"] > 0 else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Stopwatch")
        yield ui.click(desc="Pause")
        yield ui.complete()


class ClockResetStopwatch(_BmocaClock):
    """Reset a paused or running stopwatch (time and laps cleared)."""

    template = "reset the stopwatch in clock"
    complexity = 0.5
    optimal_steps = 3

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda p, running: p | {"running": running}, stopwatch_params(), st.booleans())

    def setup(self, device: Device) -> None:
        prepare(device, self.params)
        state = deskclock.SW_RUNNING if self.params["running"] else deskclock.SW_PAUSED
        clock.seed_stopwatch(device, state, self.params["seconds"] * 1000, self.params["laps"])

    def check(self, device: Device, answer: str | None = None) -> float:
        watch = clock.stopwatch(device)
        return 1.0 if watch["state"] == deskclock.SW_RESET and watch["laps"] == 0 else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Stopwatch")
        yield ui.click(desc="Reset")
        yield ui.complete()


def alarm_time() -> st.SearchStrategy[tuple[int, int]]:
    """B-MoCA's six times, and any other time of day."""
    return st.one_of(st.sampled_from(BMOCA_TIMES), st.tuples(st.integers(0, 23), st.integers(0, 59)))


def new_alarms(device: Device, params: dict[str, Any]) -> list[AlarmRow]:
    """Alarms that are not one of the seeded ones (ids are no help: SQLite reuses a deleted row's id)."""
    old = seeded(params)
    return [a for a in clock.alarms(device) if a not in old]


def created(device: Device, params: dict[str, Any], days: int | None = None) -> bool:
    """A new alarm is on at the task's time (and repeats on ``days``); the other alarms were left alone."""
    noise = [a for a in seeded(params) if a.id != NINE_AM_ID]
    return clock.unchanged(device, noise) and any(
        (a.hour, a.minutes, a.enabled) == (params["hour"], params["minutes"], True) and days in (None, a.days)
        for a in new_alarms(device, params))


class ClockCreateAlarm(_BmocaClock):
    """A new alarm, on, at the given time (B-MoCA: ``nextUserAlarmTime`` shows it)."""

    template = "create alarm at {time}"
    complexity = 1.1
    optimal_steps = 5
    published = tuple({"hour": h, "minutes": m} for h, m in BMOCA_TIMES)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return cls.around(alarm_time())

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return cls.around(st.just((row["hour"], row["minutes"])))

    @staticmethod
    def around(times: st.SearchStrategy[tuple[int, int]]) -> st.SearchStrategy[dict[str, Any]]:
        """An alarm time from ``times``, with the seeded alarms and the clock format drawn."""
        return st.builds(lambda t, noise, h24: {"hour": t[0], "minutes": t[1], "time": spoken(*t),
                                                "noise": noise, "clock_24h": h24},
                         times, noise_alarms(), st.booleans())

    def setup(self, device: Device) -> None:
        prepare(device, self.params, tab="Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if created(device, self.params) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Alarm")
        yield from create_alarm(ui, self.params["hour"], self.params["minutes"], self.params["clock_24h"])
        yield ui.complete()


class ClockCreateRepeatingAlarm(_BmocaClock):
    """A new alarm at the given time repeating on weekdays (Mon-Fri) or the weekend (Sat, Sun)."""

    template = "create alarm at {time} on every {repeat}"
    complexity = 1.5
    optimal_steps = 9

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda t, repeat, noise, h24: {"hour": t[0], "minutes": t[1], "time": spoken(*t),
                                                        "repeat": repeat, "noise": noise, "clock_24h": h24},
                         alarm_time(), st.sampled_from(sorted(REPEATS)), noise_alarms(), st.booleans())

    def setup(self, device: Device) -> None:
        prepare(device, self.params, tab="Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if created(device, self.params, REPEATS[self.params["repeat"]]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_tab(ui, "Alarm")
        yield from create_alarm(ui, p["hour"], p["minutes"], p["clock_24h"])
        for day, bit in deskclock.DAY_BITS.items():
            if REPEATS[p["repeat"]] & bit:
                yield from ui.scroll_to(desc=day)
                yield ui.click(desc=day)
        yield ui.complete()


class ClockDeleteAndCreateAlarm(_BmocaClock):
    """Two goals, each worth half: the 9 AM alarm is gone, a new alarm is on at the given time."""

    template = "delete alarm at 9 am and create alarm at {time}"
    complexity = 1.2
    optimal_steps = 8

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        times = st.one_of(st.just((10, 30)), alarm_time()).filter(lambda t: t != (9, 0))
        return st.builds(lambda t, noise, h24, days: {"hour": t[0], "minutes": t[1], "time": spoken(*t),
                                                      "noise": noise, "clock_24h": h24, "nine_am_days": days},
                         times, noise_alarms(), st.booleans(), st.sampled_from((deskclock.WEEKEND, 0)))

    def setup(self, device: Device) -> None:
        prepare(device, self.params, tab="Alarm")

    def check(self, device: Device, answer: str | None = None) -> float:
        deleted = not clock.alarms_at(device, 9, 0) and clock.unchanged(device, seeded(self.params)[:-1])
        return (deleted + created(device, self.params)) / 2

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_tab(ui, "Alarm")
        yield from delete_nine_am(ui, p["clock_24h"])
        yield from create_alarm(ui, p["hour"], p["minutes"], p["clock_24h"])
        yield ui.complete()
