"""Android ``SharedPreferences`` files on a device: read, edit and check them. The file format (and
:class:`Long`, :func:`parse_prefs`, :func:`format_prefs`) is :mod:`pytest_mobileagent.android.shared_prefs`."""

from __future__ import annotations

from pytest_mobileagent.android.shared_prefs import Prefs, format_prefs, parse_prefs
from pytest_mobileagent.device.base import Device


def read_prefs(device: Device, path: str) -> Prefs:
    """The preferences at ``path`` on the device (empty if the file does not exist)."""
    if not device.exists(path):
        return {}
    return parse_prefs(device.read_file(path))


def update_prefs(device: Device, path: str, put: Prefs | None = None, remove: tuple[str, ...] = ()) -> None:
    """Edit a preferences file like ``prefs.edit().put...().remove(...).commit()``.

    The app must not be running: a live process keeps its preferences in
    memory and would write them back over the file.
    """
    prefs = read_prefs(device, path)
    for key in remove:
        prefs.pop(key, None)
    prefs.update(put or {})
    device.write_file(path, format_prefs(prefs))
