"""Calls: the telephony call state, placing and ending calls, and the call log of the contacts provider.

These are the commands AndroidWorld's ``adb_utils`` sends (``dumpsys
telephony.registry``, ``am start -a android.intent.action.CALL``, ``input
keyevent KEYCODE_ENDCALL``, ``content delete --uri content://call_log/calls``).
"""

from __future__ import annotations

import re
import shlex

from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.contacts import clean_number, query_rows

CALLS_URI = "content://call_log/calls"
#: ``CallLog.Calls.TYPE`` values.
INCOMING, OUTGOING, MISSED = 1, 2, 3
CALL_STATES = {"0": "IDLE", "1": "RINGING", "2": "OFFHOOK"}


def call_state(device: Device) -> str:
    """``IDLE``, ``RINGING`` or ``OFFHOOK`` (``UNKNOWN`` if telephony does not say)."""
    m = re.search(r"mCallState=(\d)", device.shell("dumpsys telephony.registry"))
    return CALL_STATES.get(m.group(1), "UNKNOWN") if m else "UNKNOWN"


def call(device: Device, number: str) -> None:
    """Place an outgoing call, as an app sending ``ACTION_CALL`` does."""
    device.shell(f"am start -a android.intent.action.CALL -d tel:{clean_number(number)}")


def dial(device: Device, number: str) -> None:
    """Open the dial pad with the number entered (``ACTION_DIAL``), without calling."""
    device.shell(f"am start -a android.intent.action.DIAL -d tel:{clean_number(number)}")


def end_call_if_active(device: Device) -> None:
    """Hang up a ringing or active call (ENDCALL with no call would turn the screen off)."""
    if call_state(device) in ("OFFHOOK", "RINGING"):
        device.shell("input keyevent KEYCODE_ENDCALL")


def call_log(device: Device) -> list[dict[str, str]]:
    """The call log, newest first: ``number``, ``type``, ``date`` (ms) and ``duration`` (s) of each call."""
    return query_rows(device, CALLS_URI, ["number", "type", "date", "duration"], sort="date DESC")


def clear_call_log(device: Device) -> None:
    device.shell(f"content delete --uri {CALLS_URI}")


def add_call(device: Device, number: str, call_type: int, date_ms: int, duration_s: int = 0) -> None:
    """Append a call to the log (seeding recents)."""
    binds = [f"number:s:{number}", f"type:i:{call_type}", f"date:l:{date_ms}", f"duration:l:{duration_s}"]
    device.shell(f"content insert --uri {CALLS_URI} " + " ".join(f"--bind {shlex.quote(b)}" for b in binds))
