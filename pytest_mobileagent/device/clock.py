"""The device clock as AndroidWorld prepares it once per session (``datetime_utils.setup_datetime``): automatic
date, time and time zone off (so no network time moves it), 24-hour format, UTC. Each item then sets its own
time (:meth:`~pytest_mobileagent.device.base.Device.set_time`)."""

from __future__ import annotations

import datetime as dt

from pytest_mobileagent.device.base import Device, DeviceError

#: The time every item starts at (AndroidWorld freezes its clock here), on every backend.
DEFAULT_TIME = dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.timezone.utc)

#: IAlarmManager.setTimeZone is transaction 3: AndroidWorld's ``_set_timezone_to_utc``.
SET_UTC = "service call alarm 3 s16 UTC"
#: What the session does, for the report header.
DESCRIPTION = "UTC, 24-hour format, automatic date, time and time zone off"


def prepare_clock(device: Device) -> None:
    """Turn automatic time and time zone off, use the 24-hour format and UTC; DeviceError if the zone is refused."""
    device.settings_put("global", "auto_time", "0")
    device.settings_put("global", "auto_time_zone", "0")
    device.settings_put("system", "time_12_24", "24")
    answer = device.shell(SET_UTC)
    if not answer.startswith("Result: Parcel(00000000"):  # a status word other than 0 is an exception's parcel
        raise DeviceError(f"setting the time zone to UTC failed ({SET_UTC}): {answer.strip()[:200]}")


__all__ = ["DEFAULT_TIME", "DESCRIPTION", "SET_UTC", "prepare_clock"]
