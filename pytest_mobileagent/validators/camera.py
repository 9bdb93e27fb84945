"""Camera2's settings on a device: read and seed them where the app keeps them
(:mod:`pytest_mobileagent.android.camera`; the app's private files, readable with root)."""

from __future__ import annotations

from pytest_mobileagent.android.camera import DEFAULTS, MEDIA_DIRS, PACKAGE, prefs_file
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs


def setting(device: Device, key: str) -> str:
    """A Camera2 setting's value (its default when unset)."""
    return str(read_prefs(device, prefs_file(key)).get(key, DEFAULTS[key]))


def seed_settings(device: Device, values: dict[str, str]) -> None:
    """Set Camera2 settings (string values), the app stopped first so it does not write its own back."""
    device.stop_app(PACKAGE)
    for key, value in values.items():
        update_prefs(device, prefs_file(key), {key: value})




def shots(device: Device) -> set[str]:
    """The files in the camera's folders (photos ``Pictures/IMG_*``, videos ``Movies/VID_*``)."""
    return {f"{folder}/{name}" for folder in MEDIA_DIRS if device.exists(folder) for name in device.list_dir(folder)}


def recording(device: Device) -> bool:
    """The camera is in front and recording (its recording timer on screen: the file is written at the stop)."""
    if device.current_activity()[0] != PACKAGE:
        return False
    return f'resource-id="{PACKAGE}:id/recording_time"' in device.hierarchy()


__all__ = ["recording", "seed_settings", "setting", "shots"]
