"""The one device protocol every backend implements.

Tasks, validators, agents and reports only ever see a :class:`Device`. The
embedded simulator (:class:`mobileagent_sim.SimDevice`) and the adb
backend (:class:`pytest_mobileagent.device.adb.AdbDevice`) both implement it,
so a validator written against one works unchanged on the other. Devices are
opened by device backends (:mod:`pytest_mobileagent.device.backend`).
"""

from __future__ import annotations

import datetime as dt
import shlex
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pytest_mobileagent.device.profile import DeviceProfile

#: ``KeyEvent.KEYCODE_*`` of Android 13 in code order (AOSP ``frameworks/base/core/java/android/view/KeyEvent.java``;
#: ``frameworks/native/include/android/keycodes.h``): the name of code N is at index N, without its ``KEYCODE_``.
KEYEVENT_NAMES: tuple[str, ...] = (
    "UNKNOWN", "SOFT_LEFT", "SOFT_RIGHT", "HOME", "BACK", "CALL", "ENDCALL", "0", "1", "2", "3", "4", "5", "6",
    "7", "8", "9", "STAR", "POUND", "DPAD_UP", "DPAD_DOWN", "DPAD_LEFT", "DPAD_RIGHT", "DPAD_CENTER",
    "VOLUME_UP", "VOLUME_DOWN", "POWER", "CAMERA", "CLEAR", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J",
    "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "COMMA", "PERIOD",
    "ALT_LEFT", "ALT_RIGHT", "SHIFT_LEFT", "SHIFT_RIGHT", "TAB", "SPACE", "SYM", "EXPLORER", "ENVELOPE", "ENTER",
    "DEL", "GRAVE", "MINUS", "EQUALS", "LEFT_BRACKET", "RIGHT_BRACKET", "BACKSLASH", "SEMICOLON", "APOSTROPHE",
    "SLASH", "AT", "NUM", "HEADSETHOOK", "FOCUS", "PLUS", "MENU", "NOTIFICATION", "SEARCH", "MEDIA_PLAY_PAUSE",
    "MEDIA_STOP", "MEDIA_NEXT", "MEDIA_PREVIOUS", "MEDIA_REWIND", "MEDIA_FAST_FORWARD", "MUTE", "PAGE_UP",
    "PAGE_DOWN", "PICTSYMBOLS", "SWITCH_CHARSET", "BUTTON_A", "BUTTON_B", "BUTTON_C", "BUTTON_X", "BUTTON_Y",
    "BUTTON_Z", "BUTTON_L1", "BUTTON_R1", "BUTTON_L2", "BUTTON_R2", "BUTTON_THUMBL", "BUTTON_THUMBR",
    "BUTTON_START", "BUTTON_SELECT", "BUTTON_MODE", "ESCAPE", "FORWARD_DEL", "CTRL_LEFT", "CTRL_RIGHT",
    "CAPS_LOCK", "SCROLL_LOCK", "META_LEFT", "META_RIGHT", "FUNCTION", "SYSRQ", "BREAK", "MOVE_HOME", "MOVE_END",
    "INSERT", "FORWARD", "MEDIA_PLAY", "MEDIA_PAUSE", "MEDIA_CLOSE", "MEDIA_EJECT", "MEDIA_RECORD", "F1", "F2",
    "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "NUM_LOCK", "NUMPAD_0", "NUMPAD_1",
    "NUMPAD_2", "NUMPAD_3", "NUMPAD_4", "NUMPAD_5", "NUMPAD_6", "NUMPAD_7", "NUMPAD_8", "NUMPAD_9",
    "NUMPAD_DIVIDE", "NUMPAD_MULTIPLY", "NUMPAD_SUBTRACT", "NUMPAD_ADD", "NUMPAD_DOT", "NUMPAD_COMMA",
    "NUMPAD_ENTER", "NUMPAD_EQUALS", "NUMPAD_LEFT_PAREN", "NUMPAD_RIGHT_PAREN", "VOLUME_MUTE", "INFO",
    "CHANNEL_UP", "CHANNEL_DOWN", "ZOOM_IN", "ZOOM_OUT", "TV", "WINDOW", "GUIDE", "DVR", "BOOKMARK", "CAPTIONS",
    "SETTINGS", "TV_POWER", "TV_INPUT", "STB_POWER", "STB_INPUT", "AVR_POWER", "AVR_INPUT", "PROG_RED",
    "PROG_GREEN", "PROG_YELLOW", "PROG_BLUE", "APP_SWITCH", "BUTTON_1", "BUTTON_2", "BUTTON_3", "BUTTON_4",
    "BUTTON_5", "BUTTON_6", "BUTTON_7", "BUTTON_8", "BUTTON_9", "BUTTON_10", "BUTTON_11", "BUTTON_12",
    "BUTTON_13", "BUTTON_14", "BUTTON_15", "BUTTON_16", "LANGUAGE_SWITCH", "MANNER_MODE", "3D_MODE", "CONTACTS",
    "CALENDAR", "MUSIC", "CALCULATOR", "ZENKAKU_HANKAKU", "EISU", "MUHENKAN", "HENKAN", "KATAKANA_HIRAGANA",
    "YEN", "RO", "KANA", "ASSIST", "BRIGHTNESS_DOWN", "BRIGHTNESS_UP", "MEDIA_AUDIO_TRACK", "SLEEP", "WAKEUP",
    "PAIRING", "MEDIA_TOP_MENU", "11", "12", "LAST_CHANNEL", "TV_DATA_SERVICE", "VOICE_ASSIST",
    "TV_RADIO_SERVICE", "TV_TELETEXT", "TV_NUMBER_ENTRY", "TV_TERRESTRIAL_ANALOG", "TV_TERRESTRIAL_DIGITAL",
    "TV_SATELLITE", "TV_SATELLITE_BS", "TV_SATELLITE_CS", "TV_SATELLITE_SERVICE", "TV_NETWORK",
    "TV_ANTENNA_CABLE", "TV_INPUT_HDMI_1", "TV_INPUT_HDMI_2", "TV_INPUT_HDMI_3", "TV_INPUT_HDMI_4",
    "TV_INPUT_COMPOSITE_1", "TV_INPUT_COMPOSITE_2", "TV_INPUT_COMPONENT_1", "TV_INPUT_COMPONENT_2",
    "TV_INPUT_VGA_1", "TV_AUDIO_DESCRIPTION", "TV_AUDIO_DESCRIPTION_MIX_UP", "TV_AUDIO_DESCRIPTION_MIX_DOWN",
    "TV_ZOOM_MODE", "TV_CONTENTS_MENU", "TV_MEDIA_CONTEXT_MENU", "TV_TIMER_PROGRAMMING", "HELP",
    "NAVIGATE_PREVIOUS", "NAVIGATE_NEXT", "NAVIGATE_IN", "NAVIGATE_OUT", "STEM_PRIMARY", "STEM_1", "STEM_2",
    "STEM_3", "DPAD_UP_LEFT", "DPAD_DOWN_LEFT", "DPAD_UP_RIGHT", "DPAD_DOWN_RIGHT", "MEDIA_SKIP_FORWARD",
    "MEDIA_SKIP_BACKWARD", "MEDIA_STEP_FORWARD", "MEDIA_STEP_BACKWARD", "SOFT_SLEEP", "CUT", "COPY", "PASTE",
    "SYSTEM_NAVIGATION_UP", "SYSTEM_NAVIGATION_DOWN", "SYSTEM_NAVIGATION_LEFT", "SYSTEM_NAVIGATION_RIGHT",
    "ALL_APPS", "REFRESH", "THUMBS_UP", "THUMBS_DOWN", "PROFILE_SWITCH", "VIDEO_APP_1", "VIDEO_APP_2",
    "VIDEO_APP_3", "VIDEO_APP_4", "VIDEO_APP_5", "VIDEO_APP_6", "VIDEO_APP_7", "VIDEO_APP_8", "FEATURED_APP_1",
    "FEATURED_APP_2", "FEATURED_APP_3", "FEATURED_APP_4", "DEMO_APP_1", "DEMO_APP_2", "DEMO_APP_3", "DEMO_APP_4",
)

#: Key codes by ``KeyEvent`` name (``HOME``, ``DPAD_CENTER``, ``A``, ``0``...).
KEYEVENT_CODES: dict[str, int] = {name: code for code, name in enumerate(KEYEVENT_NAMES)}

#: Android key codes for the keys the action space names: every ``KeyEvent`` name in lower case, and the
#: action space's own aliases (``delete``, ``recent``, ``overview``).
KEYCODES: dict[str, int] = {
    **{name.lower(): code for name, code in KEYEVENT_CODES.items() if not name.isdigit()},
    "delete": 67,
    "recent": 187,
    "overview": 187,
}


def keycode(key: str | int) -> int:
    """Return the Android key code for a key name (``"back"``, ``"KEYCODE_0"``) or number (``"4"``); a name or
    number that is no key (:data:`KEYEVENT_NAMES`, ``KEYCODE_UNKNOWN`` included) raises :class:`ActionRefused`."""
    if isinstance(key, int) or key.isdigit():
        code = int(key)
        if not 0 < code < len(KEYEVENT_NAMES):
            raise ActionRefused(f"unknown key code {code}: key codes run from 1 to {len(KEYEVENT_NAMES) - 1}")
        return code
    if key.upper().startswith("KEYCODE_") and key[8:].upper() in KEYEVENT_CODES:
        return KEYEVENT_CODES[key[8:].upper()]
    try:
        return KEYCODES[key.lower()]
    except KeyError:
        raise ActionRefused(f"unknown key {key!r:.80}; known keys: {', '.join(sorted(KEYCODES))}") from None


def keycode_from_string(text: str) -> int:
    """``KeyEvent.keyCodeFromString``: a number in range, else a name with or without ``KEYCODE_`` (case matters),
    else 0 (``KEYCODE_UNKNOWN``)."""
    if text.isdigit() and int(text) < len(KEYEVENT_NAMES):
        return int(text)
    name = text.removeprefix("KEYCODE_")
    return KEYEVENT_CODES.get(name, 0) if not name.isdigit() or text.startswith("KEYCODE_") else 0


class InfrastructureError(Exception):
    """A failure of what the agent runs on (device, adb, model endpoint): a pytest error, never an agent outcome."""

    #: What a user can do about it, shown under the error in the report.
    hint = "fix what failed, then finish the run with --ma-resume <run-id>"


class DeviceError(InfrastructureError):
    """The device failed: lost, adb timed out, its uiautomator server died for good."""

    hint = "check the device (adb devices; is it booted?), then finish the run with --ma-resume <run-id>"


class ActionRefused(ValueError):
    """The phone refused an input the agent sent, as a real one would not carry it out: a key that does not
    exist, a file name the storage refuses (longer than 255 bytes, a NUL in it). The agent's mistake: the episode
    records an invalid-action step and goes on; never an infrastructure error."""


class AppNotInstalled(ActionRefused, LookupError):
    """``start_app`` of a package that is not installed, or of an activity it does not have (``am start``'s
    ``Error: Activity class {...} does not exist.``, ``monkey``'s ``No activities found to run``)."""


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
class ScreenImages(Protocol):
    """A device that draws its own screen (the simulator) gives the picture without encoding it: a trace then
    compresses it once, as WebP, instead of decoding the PNG :meth:`Device.screenshot` would have encoded. The
    image is the device's: copy it before drawing on it."""

    def screenshot_image(self) -> Any: ...


@runtime_checkable
class Device(Protocol):
    """A phone: observation, input, state access and lifecycle.

    An input the phone refuses raises :class:`ActionRefused` (an agent's mistake); a failure of the phone or of
    the connection to it raises :class:`DeviceError`.

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

    def start_app(self, package: str, activity: str | None = None) -> None:
        """Start the app (its launch activity unless ``activity`` is given); :class:`AppNotInstalled` if the
        phone has no such app or activity."""

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
