"""System services: the one place radios, display and audio change state.

Settings screens, ``svc``/``cmd`` shell commands and hardware keys all call
these, so every path updates the same ``settings`` keys and prints the same
logcat lines the real services print.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_mobileagent.android import settings_app, zen_mode
from pytest_mobileagent.android.audio import STREAM_MAX, STREAM_MIN, persisted_key

if TYPE_CHECKING:
    from mobileagent_sim.system import System

SYSTEM_PID = 1000
PHONE_PID = 1873
SYSTEMUI_PID = 1402

#: Stream names the volume dialog logs for each settings key.
STREAM_NAMES = {"volume_music": "STREAM_MUSIC", "volume_ring": "STREAM_RING", "volume_alarm": "STREAM_ALARM",
                "volume_voice": "STREAM_VOICE_CALL", "volume_notification": "STREAM_NOTIFICATION"}
#: What the volume panel calls each stream (B-MoCA's regexes match these words).
STREAM_LABELS = {"volume_music": "MEDIA", "volume_ring": "RING", "volume_alarm": "ALARM",
                 "volume_voice": "CALL", "volume_notification": "NOTIFICATION"}


def _flag(on: bool) -> str:
    return "1" if on else "0"


def set_wifi(system: System, on: bool, caller: str = settings_app.PACKAGE) -> None:
    if system.settings.get("global", "airplane_mode_on") == "1" and on and caller == "airplane":
        return
    uid = system.apps[caller].uid if caller in system.apps else 2000
    system.log("WifiService", f"setWifiEnabled package={caller} uid={uid} enable={'true' if on else 'false'}",
               pid=SYSTEM_PID, tid=2411)
    system.settings.put("global", "wifi_on", _flag(on))
    system.invalidate()


def set_bluetooth(system: System, on: bool, caller: str = settings_app.PACKAGE) -> None:
    state = "OFF" if on else "ON"
    verb = "enable" if on else "disable"
    system.log("BluetoothManagerService", f"{verb}({caller}):  mBluetooth = null mBinding = false mState = {state}",
               pid=SYSTEM_PID, tid=1530)
    system.settings.put("global", "bluetooth_on", _flag(on))
    system.invalidate()


def set_airplane(system: System, on: bool) -> None:
    system.settings.put("global", "airplane_mode_on", _flag(on))
    system.log("PhoneGlobals", f"Turning radio {'off' if on else 'on'} - airplane", pid=PHONE_PID)
    system.log("ActivityManager", "Sending broadcast android.intent.action.AIRPLANE_MODE", pid=SYSTEM_PID)
    system.invalidate()


def set_brightness(system: System, level: int) -> None:
    level = max(0, min(255, int(level)))
    system.settings.put("system", "screen_brightness_mode", "0")
    system.settings.put("system", "screen_brightness", str(level))
    system.log("DisplayPowerController", f"Brightness [{level / 255:.7f}] reason changing to: 'manual', "
               "previous reason: 'manual'.", pid=SYSTEM_PID, tid=1583)
    system.invalidate()


def set_auto_brightness(system: System, on: bool) -> None:
    system.settings.put("system", "screen_brightness_mode", _flag(on))
    system.invalidate()


def set_night_mode(system: System, on: bool) -> None:
    """UiModeManagerService.setNightMode: the configuration changes, and ``secure ui_night_mode`` is persisted
    (a ``settings put`` of that key alone changes neither the configuration nor what this service reports)."""
    system.night_mode = on
    system.settings.put("secure", "ui_night_mode", "2" if on else "1")
    system.log("UiModeManager", f"updateConfigurationLocked: mDisableCarMode=false mCarModeEnabled=false "
               f"mNightMode={2 if on else 1}", pid=SYSTEM_PID)
    system.log("SettingsProvider", f"content://settings/secure/ui_night_mode dark_mode={'on' if on else 'off'}",
               pid=SYSTEM_PID)
    system.invalidate()


def set_zen_mode(system: System, mode: int) -> None:
    """ZenModeHelper.setManualZenMode: the service's mode, mirrored in ``global zen_mode``."""
    system.settings.put("global", zen_mode.KEY, str(int(mode)))
    system.invalidate()


def put_setting(system: System, namespace: str, key: str, value: str) -> None:
    """A write to the settings provider, then what the system's observers of that key do about it: ZenModeHelper
    writes its own mode back over ``global zen_mode`` (:mod:`pytest_mobileagent.android.zen_mode`)."""
    if (namespace, key) == ("global", zen_mode.KEY):
        system.settings.put(namespace, key, system.settings.get(namespace, key) or str(zen_mode.OFF))
    else:
        system.settings.put(namespace, key, value)
    system.invalidate()


def stream_volume(system: System, key: str) -> int:
    """AudioService's index for a stream (what it persisted; the bare ``volume_<stream>`` key is not read)."""
    return int(system.settings.get("system", persisted_key(key)) or 0)


def set_volume(system: System, key: str, level: int) -> None:
    """AudioService.setStreamVolume: the index, clamped, persisted under the device's key."""
    level = max(STREAM_MIN[key], min(STREAM_MAX[key], int(level)))
    system.settings.put("system", persisted_key(key), str(level))
    system.log("vol.Events", f"writeEvent level_changed {STREAM_NAMES[key]} {level} {STREAM_LABELS[key]}",
               pid=SYSTEMUI_PID)
    system.invalidate()


def adjust_volume(system: System, key: str, delta: int) -> None:
    set_volume(system, key, stream_volume(system, key) + delta)
