"""The one device protocol every backend implements.

Tasks, validators, agents and reports only ever see a :class:`Device`. The
embedded simulator (:class:`pytest_mobileagent.sim.SimDevice`) and the adb
backend (:class:`pytest_mobileagent.device.adb.AdbDevice`) both implement it,
so a validator written against one works unchanged on the other.
"""

from __future__ import annotations

import datetime as dt
import shlex
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pytest_mobileagent.device.profile import DeviceProfile

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


#: What a device may be able to do beyond the calls every device answers, by the name ``Device.capabilities``
#: holds and ``Task.requires`` names. The first four are powers of the backend; the ``sim_*`` ones are what only
#: the simulator does today, which tasks written against it may rely on.
CAPABILITIES: dict[str, str] = {
    "snapshots": "snapshot_save/snapshot_load save and restore the whole device, as the simulator and an "
                 "emulator's console do",
    "console": "an emulator console, what `adb emu` talks to: snapshots, sms, geo, power",
    "profile": "apply_profile sets screen size, density, locale and dark mode",
    "settle": "settle() really waits until the UI is idle; without it settle() returns at once",
    "sim_media": "its players read the simulator's synthetic media as content: the words an MP4's frame box "
                 "names (VLC) and an MP3's length from its ID3 TLEN tag (Retro Music); real players decode "
                 "the audio and video, which these files do not carry",
    "sim_shell": "its shell is the simulator's, which runs the commands the simulator implements: an API call "
                 "whose command it cannot run is refused as not on the simulator (on a phone the command runs)",
    "sim_app_state": "its apps keep on the device the state that real apps keep on their servers or in stores "
                     "no shell can read (Gmail's mail, Slack's messages, Drive's files): a task judged on that "
                     "state can be checked on the simulator only",
}


class UnsupportedCapability(NotImplementedError):
    """The device cannot do what was asked (it lacks a capability of :data:`CAPABILITIES`).

    A setup problem, never an infrastructure error: retrying does not help, another backend or device spec does.
    """

    def __init__(self, capability: str, device: str, detail: str = ""):
        self.capability, self.device = capability, device
        what = CAPABILITIES.get(capability, "not a capability pytest-mobileagent documents")
        super().__init__(f"device {device} lacks the {capability!r} capability ({what})"
                         + (f": {detail}" if detail else ""))


def require(device: Device, capability: str, why: str) -> None:
    """Raise :class:`UnsupportedCapability` saying ``why`` it is needed unless ``device`` has ``capability``."""
    if capability not in device.capabilities:
        raise UnsupportedCapability(capability, device.serial, why)


def has_package(device: Device, package: str) -> bool:
    """Whether ``package`` is installed on ``device``: ``pm path`` prints ``package:<apk>`` for it."""
    return device.shell(f"pm path {shlex.quote(package)}").startswith("package:")


@runtime_checkable
class SimulatedClock(Protocol):
    """A device whose clock moves only when told (the simulator): on a phone, time passes while an agent thinks;
    here the episode passes it on (:meth:`elapse`) so that time windows judge alike."""

    def elapse(self, seconds: float) -> None: ...


@runtime_checkable
class Device(Protocol):
    """A phone: observation, input, state access and lifecycle.

    ``capabilities`` names what this device can do of :data:`CAPABILITIES`; a call that needs one the device
    lacks raises :class:`UnsupportedCapability` (``settle`` excepted: it returns at once).
    """

    serial: str
    capabilities: frozenset[str]

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

    def settle(self, timeout_s: float = 10.0) -> None:
        """Wait until the UI is idle (input handled, transitions done), at most ``timeout_s`` seconds."""

    # lifecycle
    def snapshot_save(self, name: str) -> None:
        """Save the whole device as ``name`` (capability ``snapshots``)."""

    def snapshot_load(self, name: str) -> None:
        """Restore the device saved as ``name`` (capability ``snapshots``)."""

    def apply_profile(self, profile: DeviceProfile) -> None:
        """Configure the device as ``profile`` says; ``None`` fields stay as they are (capability ``profile``)."""

    def console(self, command: str) -> list[str]:
        """Send one line to the emulator console (``sms send 5551234 hi``): its reply lines before ``OK``; a
        ``KO`` reply raises (capability ``console``)."""
        ...

    def close(self) -> None: ...
