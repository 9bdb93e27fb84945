"""The one device protocol every backend implements.

Tasks, validators, agents and reports only ever see a :class:`Device`. The
embedded simulator (:class:`pytest_mobileagent.sim.SimDevice`) and the adb
backend (:class:`pytest_mobileagent.device.adb.AdbDevice`) both implement it,
so a validator written against one works unchanged on the other.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Protocol, runtime_checkable

#: Android key codes for the keys the action space names (``KeyEvent.KEYCODE_*``).
KEYCODES: dict[str, int] = {
    "home": 3,
    "back": 4,
    "call": 5,
    "endcall": 6,
    "dpad_up": 19,
    "dpad_down": 20,
    "dpad_left": 21,
    "dpad_right": 22,
    "volume_up": 24,
    "volume_down": 25,
    "power": 26,
    "camera": 27,
    "tab": 61,
    "space": 62,
    "enter": 66,
    "delete": 67,
    "del": 67,
    "menu": 82,
    "search": 84,
    "forward_del": 112,
    "move_home": 122,
    "move_end": 123,
    "volume_mute": 164,
    "app_switch": 187,
    "recent": 187,
    "overview": 187,
}


def keycode(key: str | int) -> int:
    """Return the Android key code for a key name (``"back"``) or number."""
    if isinstance(key, int):
        return key
    name = key.lower().removeprefix("keycode_")
    if name.isdigit():
        return int(name)
    try:
        return KEYCODES[name]
    except KeyError:
        raise ValueError(f"unknown key {key!r}; known keys: {', '.join(sorted(KEYCODES))}") from None


class InfrastructureError(Exception):
    """A failure of what the agent runs on (device, adb, model endpoint): a pytest error, never an agent outcome."""

    #: What a user can do about it, shown under the error in the report.
    hint = "fix what failed, then finish the run with --ma-resume <run-id>"


class DeviceError(InfrastructureError):
    """The device failed: lost, adb timed out, its uiautomator server died for good."""

    hint = "check the device (adb devices; is it booted?), then finish the run with --ma-resume <run-id>"


@runtime_checkable
class Device(Protocol):
    """A phone: observation, input, state access and lifecycle."""

    serial: str

    # observation
    def hierarchy(self) -> str:
        """The UI tree in uiautomator's XML format."""

    def screenshot(self) -> bytes:
        """The screen as PNG bytes."""

    def window_size(self) -> tuple[int, int]:
        """Screen width and height in pixels."""

    def current_activity(self) -> tuple[str, str]:
        """``(package, activity)`` of the focused window."""

    # input
    def tap(self, x: int, y: int) -> None: ...

    def long_press(self, x: int, y: int, duration_ms: int = 1000) -> None: ...

    def double_tap(self, x: int, y: int) -> None: ...

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None: ...

    def input_text(self, text: str) -> None:
        """Type text into the focused field."""

    def press(self, key: str | int) -> None:
        """Press a key by name (``"back"``, ``"home"``, ``"enter"``...) or key code."""

    def start_app(self, package: str, activity: str | None = None) -> None: ...

    def stop_app(self, package: str) -> None: ...

    # state
    def shell(self, command: str) -> str:
        """Run an ``adb shell`` command and return its output."""

    def sqlite(self, db_path: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run SQL against an on-device database and return the rows."""

    def settings_get(self, namespace: str, key: str) -> str | None: ...

    def settings_put(self, namespace: str, key: str, value: str) -> None: ...

    def read_file(self, path: str) -> bytes: ...

    def write_file(self, path: str, data: bytes) -> None: ...

    def list_dir(self, path: str) -> list[str]: ...

    def remove(self, path: str) -> None: ...

    def exists(self, path: str) -> bool: ...

    def logcat(self, since: dt.datetime | None = None) -> list[str]:
        """Logcat lines in ``threadtime`` format, optionally only those at or after ``since``."""

    def clipboard_get(self) -> str: ...

    def clipboard_set(self, text: str) -> None: ...

    def now(self) -> dt.datetime:
        """The device's wall clock (timezone-aware, UTC)."""

    def set_time(self, when: dt.datetime) -> None: ...

    # lifecycle
    def snapshot_save(self, name: str) -> None: ...

    def snapshot_load(self, name: str) -> None: ...

    def close(self) -> None: ...
