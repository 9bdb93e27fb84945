"""AndroidWorld's app-opening and composite system families.

Composite families score the mean of their parts (partial credit), as
AndroidWorld's composite tasks do; their oracles chain the parts' oracles.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from suites.androidworld.tasks_system import (
    SystemBluetoothTurnOn,
    SystemWifiTurnOff,
    SystemWifiTurnOn,
)

#: Apps an instruction may name: AndroidWorld's (lower-case) names and the suite's other apps.
APP_NAMES = ("settings", "clock", "contacts", "dialer", "Tasks", "Joplin", "OpenTracks")


def foreground_is(device: Device, app_name: str) -> bool:
    """The app named ``app_name`` is in front (its package owns the focused window)."""
    return device.current_activity()[0] == resolve_app(app_name)[0]


def steps_of(task: Task, ui: UI) -> Iterator[Action]:
    """A part's oracle without its final status action, to chain it into a composite."""
    for action in task.oracle(ui):
        if action.kind != "status":
            yield action


class OpenAppTaskEval(Task):
    """Open an app by name; the check reads which package is in front."""

    template = ("Open the {app_name} app. Clear any pop-ups that may appear by granting all permissions that are "
                "required.")
    apps = ("launcher",)
    difficulty = "easy"
    tags = ("parameterized",)
    complexity = 1
    optimal_steps = 2

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"app_name": st.sampled_from(APP_NAMES)})

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if foreground_is(device, self.params["app_name"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app(self.params["app_name"])
        yield ui.complete()


class TurnOnWifiAndOpenApp(Task):
    """Wi-Fi on, then an app in front: half credit for each."""

    template = "Turn on Wifi, then open the {app_name} app"
    apps = ("settings", "launcher")
    difficulty = "easy"
    tags = ("parameterized",)
    complexity = 2
    optimal_steps = 4

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"app_name": st.sampled_from([a for a in APP_NAMES if a != "settings"])})

    def setup(self, device: Device) -> None:
        SystemWifiTurnOn().setup(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        parts = [SystemWifiTurnOn().check(device), 1.0 if foreground_is(device, self.params["app_name"]) else 0.0]
        return sum(parts) / len(parts)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from steps_of(SystemWifiTurnOn(), ui)
        yield ui.open_app(self.params["app_name"])
        yield ui.complete()


class TurnOffWifiAndTurnOnBluetooth(Task):
    """Wi-Fi off and Bluetooth on: half credit for each."""

    template = "Turn off WiFi, then enable bluetooth"
    apps = ("settings",)
    difficulty = "medium"
    complexity = 3
    optimal_steps = 5

    def setup(self, device: Device) -> None:
        SystemWifiTurnOff().setup(device)
        SystemBluetoothTurnOn().setup(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        return (SystemWifiTurnOff().check(device) + SystemBluetoothTurnOn().check(device)) / 2

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from steps_of(SystemWifiTurnOff(), ui)
        yield from steps_of(SystemBluetoothTurnOn(), ui)
        yield ui.complete()
