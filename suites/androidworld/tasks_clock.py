"""AndroidWorld's Clock tasks (``task_evals/single/clock.py``): stopwatch and timer.

AndroidWorld judges these on the screen: the stopwatch and timer have no state
an evaluator can query, so the check reads the UI tree, as AndroidWorld does
(the Clock must be in front showing the result). Noise: the tab the app opens
on, time already on the stopwatch, and the 12/24-hour setting.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import deskclock
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import deskclock as clock


def open_tab(ui: UI, tab: str) -> Iterator[Action]:
    """Open the Clock on ``tab`` (tapping it only if the app did not open there)."""
    yield ui.open_app("Clock")
    if not ui.exists(desc=tab, selected=True):
        yield ui.click(desc=tab)


def noise() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"start_tab": st.sampled_from(deskclock.TABS), "clock_24h": st.booleans()})


def set_noise(device: Device, params: dict[str, Any]) -> None:
    clock.select_tab(device, params["start_tab"])
    device.settings_put("system", "time_12_24", "24" if params["clock_24h"] else "12")


class _ClockTask(Task):
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts
    __abstract__ = True
    suite = "androidworld"
    apps = ("clock",)
    difficulty = "easy"
    complexity = 1

    def describe_state(self, device: Device) -> str:
        shown = [el.text or el.content_description for el in clock.screen(device)
                 if el.text or el.content_description]
        return f"front={device.current_activity()} stopwatch={clock.stopwatch(device)} screen={shown[:40]}"


class ClockStopWatchPausedVerify(_ClockTask):
    """Pause a running stopwatch.

    Deviation: AndroidWorld starts with the stopwatch already paused (at zero), so a
    do-nothing agent passes there. Here setup leaves it running, so the agent must
    open the stopwatch and pause it (optimal steps 3, not AndroidWorld's 1). The
    check also requires "Reset" on screen, so resetting instead of pausing fails.
    """

    template = "Pause the stopwatch."
    tags = ("verification",)
    optimal_steps = 3

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda n, s: n | {"seconds": s}, noise(), st.integers(0, 3 * 3600))

    def setup(self, device: Device) -> None:
        set_noise(device, self.params)
        clock.seed_stopwatch(device, deskclock.SW_RUNNING, self.params["seconds"] * 1000)

    def check(self, device: Device, answer: str | None = None) -> float:
        # The task is about the screen (AndroidWorld reads the UI): the paused stopwatch must be shown.
        return 1.0 if clock.stopwatch_paused_on_screen(device) else 0.0

    def goal_in_state(self, device: Device) -> float:
        return 1.0 if clock.stopwatch(device)["state"] == deskclock.SW_PAUSED else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Stopwatch")
        yield ui.click(desc="Pause")
        yield ui.complete()


class ClockStopWatchRunning(_ClockTask):
    """Start the stopwatch from reset (AndroidWorld's precondition) or from a pause (noise)."""

    template = "Run the stopwatch."
    optimal_steps = 3

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda n, s: n | {"paused_seconds": s}, noise(),
                         st.one_of(st.just(0), st.integers(1, 3 * 3600)))

    def setup(self, device: Device) -> None:
        set_noise(device, self.params)
        seconds = self.params["paused_seconds"]
        clock.seed_stopwatch(device, deskclock.SW_PAUSED if seconds else deskclock.SW_RESET, seconds * 1000)

    def check(self, device: Device, answer: str | None = None) -> float:
        # The task is about the screen (AndroidWorld reads the UI): Pause and Lap show while it runs.
        return 1.0 if clock.stopwatch_running_on_screen(device) else 0.0

    def goal_in_state(self, device: Device) -> float:
        return 1.0 if clock.stopwatch(device)["state"] == deskclock.SW_RUNNING else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Stopwatch")
        yield ui.click(desc="Start")
        yield ui.complete()


class ClockTimerEntry(_ClockTask):
    """Key a duration into the timer without starting it (AndroidWorld draws 0-23 h, 0-59 m, 0-59 s)."""

    template = "Create a timer with {hours} hours, {minutes} minutes, and {seconds} seconds. Do not start the timer."
    tags = ("data_entry", "parameterized")
    optimal_steps = 3

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        # 0 h 0 m 0 s is what an untouched keypad shows: a do-nothing agent would pass.
        duration = st.fixed_dictionaries({"hours": st.integers(0, 23), "minutes": st.integers(0, 59),
                                          "seconds": st.integers(0, 59)}).filter(lambda d: any(d.values()))
        return st.builds(lambda n, d: n | d, noise(), duration)

    def setup(self, device: Device) -> None:
        set_noise(device, self.params)
        clock.clear_timers(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        # The task is about the screen (AndroidWorld reads the UI): the keypad display shows the duration.
        p = self.params
        return 1.0 if clock.timer_on_screen(device, p["hours"], p["minutes"], p["seconds"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_tab(ui, "Timer")
        p = self.params
        for key in keypad_presses(f"{p['hours']:02d}{p['minutes']:02d}{p['seconds']:02d}"):
            yield ui.click(rid=f"timer_setup_digit_{key}")
        yield ui.complete()


def keypad_presses(digits: str) -> list[str]:
    """Keys that enter ``digits`` (leading zeros skipped, as the keypad ignores them; "00" for zero pairs)."""
    digits = digits.lstrip("0")
    keys: list[str] = []
    i = 0
    while i < len(digits):
        if digits.startswith("00", i):
            keys.append("00")
            i += 2
        else:
            keys.append(digits[i])
            i += 1
    return keys
