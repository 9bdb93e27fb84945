"""Google Drive on the simulator: the account's files (seeded and read from the account store) and the theme
preference (a ``SharedPreferences`` file, readable on a rooted device too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_mobileagent.android.drive import PACKAGE, PREFS, THEME_KEY, new_account
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.account_state import read_state, write_state
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs


def drive_items(device: Device, trashed: bool = False) -> list[dict[str, Any]]:
    """The account's items (those in the trash only with ``trashed``)."""
    items = {**new_account(), **read_state(device, PACKAGE)}["items"]
    return [i for i in items if trashed or not i["trashed"]]


def find_item(device: Device, name: str, folder: str = "") -> dict[str, Any] | None:
    """The item ``name`` in ``folder`` ("" for My Drive), or None."""
    return next((i for i in drive_items(device) if i["name"] == name and i["folder"] == folder), None)


def seed_drive(device: Device, items: Sequence[dict[str, Any]]) -> None:
    """Replace the account's items (built with :func:`pytest_mobileagent.android.drive.item`)."""
    write_state(device, PACKAGE, {**new_account(), "items": list(items)})


def theme(device: Device) -> str:
    """The theme preference ("system" when never set)."""
    return str(read_prefs(device, PREFS).get(THEME_KEY, "system"))


def set_theme(device: Device, value: str) -> None:
    device.stop_app(PACKAGE)
    update_prefs(device, PREFS, {THEME_KEY: value})


__all__ = ["drive_items", "find_item", "seed_drive", "set_theme", "theme"]
