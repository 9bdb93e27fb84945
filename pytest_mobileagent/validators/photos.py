"""Google Photos on a device: seeding photos with their times, and the account's albums, creations and settings
(the simulator's account store: tasks judged on those declare ``sim_app_state``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from pytest_mobileagent.android import media
from pytest_mobileagent.android.photos import PACKAGE, new_account
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.account_state import read_state, write_state

CAMERA_DIR = "/sdcard/DCIM/Camera"


def seed_photos(device: Device, names: Sequence[str], folder: str = CAMERA_DIR) -> list[str]:
    """Write pictures named ``names``, oldest first (a day apart, the last a day before now), so that Photos
    shows them newest first; their paths in that order (newest first). Each is dated as a camera dates it, in its
    EXIF, and written while the clock reads that date (a pushed file's time is the host's, so over adb only the
    EXIF date orders them)."""
    now = device.now()
    paths = []
    for days, name in enumerate(names):
        taken = now - dt.timedelta(days=len(names) - days)
        device.set_time(taken)
        device.write_file(f"{folder}/{name}", media.jpeg_with_text([name], taken=taken))
        paths.append(f"{folder}/{name}")
    device.set_time(now)
    return paths[::-1]


def photos_account(device: Device) -> dict[str, Any]:
    return {**new_account(), **read_state(device, PACKAGE)}


def seed_photos_account(device: Device, **state: Any) -> None:
    """Replace the account's state (albums, creations, face_grouping) by ``state`` over a fresh account's."""
    write_state(device, PACKAGE, {**new_account(), **state})


__all__ = ["CAMERA_DIR", "photos_account", "seed_photos", "seed_photos_account"]
