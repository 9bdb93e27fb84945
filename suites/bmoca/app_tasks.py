"""What B-MoCA's one-app rows share: its reset, its logcat judgement, and "open the X app".

B-MoCA's reset presses HOME on a snapshot where the app is not running and reads logcat from there on; its
success is a regex over the lines of one tag (``ActivityTaskManager: START u0 {... cmp=...}``, Gboard's
``AndroidIME: LatinIme.onActivate() ... packageName=...`` and the apps' own lines), which the simulated system and
apps print as a real phone does. "Open the X app" leaves state behind, the app in front, and is judged on it as
the Clock and Contacts rows are.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.state import logcat_matches


class AppTask(Task):
    """``package`` stopped (so its next start is cold), :meth:`prepare`, HOME, then logcat from here on; success is
    B-MoCA's ``regex`` over the lines of ``tag``."""

    __abstract__ = True
    difficulty = "easy"
    package: ClassVar[str] = ""
    regex: ClassVar[str] = ""
    tag: ClassVar[str] = ""

    def setup(self, device: Device) -> None:
        if self.package:
            device.stop_app(self.package)
        self.prepare(device)
        device.press("home")
        device.shell("logcat -c")

    def prepare(self, device: Device) -> None:
        """What the task seeds before logcat starts counting."""

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if logcat_matches(device, self.regex, tag=self.tag) else 0.0


class OpenAppTask(AppTask):
    """"Open the X app": ``package`` in front at the end (its START line is printed too, for B-MoCA's regex)."""

    __abstract__ = True
    complexity = 0.4
    optimal_steps = 1
    #: The name the oracle opens the app by.
    app_name: ClassVar[str] = ""

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0] == self.package else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app(self.app_name)
        yield ui.complete()
