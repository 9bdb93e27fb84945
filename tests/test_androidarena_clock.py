"""Google Clock as AndroidArena's clock tasks use it: timers started by intent, seeded paused timers, the world
clock's cities, the answer check of "the current time in London", and constrained task 6's forbidden app."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.android import deskclock
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import deskclock as clock
from suites.androidarena.tasks_clock import ClockTimeInCity, ConstrainedClockTimeInCity, tells_time, time_in


@pytest.fixture
def d() -> Iterator[SimDevice]:
    device = SimDevice(serial="sim-arena-clock")
    device.set_time(DEFAULT_TIME)
    yield device
    device.close()


def test_set_timer_intent_starts_a_timer_without_the_app(d: SimDevice) -> None:
    clock.start_timer(d, 300)
    assert clock.timers(d) == [{"id": 0, "state": deskclock.TIMER_RUNNING, "length": 300_000, "left": 300_000}]
    assert d.current_activity()[0] != deskclock.PACKAGE


def test_paused_timer_and_cities_seed_what_the_app_shows(d: SimDevice) -> None:
    clock.seed_paused_timer(d, 3, 600_000, 400_000)
    clock.seed_cities(d, [deskclock.city_id("Beijing"), deskclock.city_id("London")])
    clock.select_tab(d, "Timer")
    d.start_app(deskclock.PACKAGE)
    assert 'text="6:40"' in d.hierarchy() and 'content-desc="Start"' in d.hierarchy()
    clock.select_tab(d, "Clock")
    d.start_app(deskclock.PACKAGE)
    assert 'text="Beijing"' in d.hierarchy() and 'text="23:34"' in d.hierarchy()
    assert clock.selected_cities(d) == ["C32", "C178"]


def test_time_answers() -> None:
    assert tells_time("It is 4:34 PM in London", 16, 34)
    assert tells_time("16:35", 16, 34) and tells_time("4:33", 16, 34)
    assert not tells_time("4:34 AM", 16, 34) and not tells_time("about four", 16, 34) and not tells_time(None, 16, 34)


def test_london_time_follows_the_device_clock(d: SimDevice) -> None:
    assert time_in(d, "London") == (16, 34)  # British Summer Time on 15 October 2023


class _ClockWay(OracleAgent):
    """Answers the constrained task the unconstrained way, in the Clock app."""

    def solution(self, task: Task, ui: UI) -> Iterator[Action]:
        return ClockTimeInCity.oracle(task, ui)  # type: ignore[arg-type]


def test_the_clock_app_breaks_the_constraint_of_task_6(d: SimDevice) -> None:
    task = ConstrainedClockTimeInCity({"city": "London", "others": [], "start_tab": "Alarm", "clock_24h": True})
    assert task.goal == "View the current time in London in Google Clock.\nConstraint: Do NOT use the Clock APP."
    d.snapshot_save("clean")
    assert play(d, task, OracleAgent()).success == 1.0
    d.snapshot_load("clean")
    d.set_time(DEFAULT_TIME)
    result = play(d, task, _ClockWay())
    assert result.success == 0.0 and result.constraint_violations
    assert deskclock.PACKAGE in " ".join(result.constraint_violations)
