"""Google Messages' own state: named, archived and pinned conversations, starred and scheduled messages (its
``bugle_db``), the "Notifications" switch (its preferences), and Android's blocked numbers.

The SMS themselves are the telephony provider's (:mod:`pytest_mobileagent.validators.sms`). ``bugle_db`` and the
preferences are the simulated app's documented stores (:mod:`pytest_mobileagent.android.messages`): a check that
reads them needs the simulator (``sim_app_state``). Blocked numbers are the system's ``blockednumbers.db``, read
with root as on a rooted emulator.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

from pytest_mobileagent.android import blocked_numbers
from pytest_mobileagent.android.messages import BUGLE_DB, NOTIFICATIONS_KEY, PREFS
from pytest_mobileagent.android.telephony import SMS_URI
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.contacts import query_rows
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs
from pytest_mobileagent.validators.state import table_rows


def digits(number: str) -> str:
    return re.sub(r"\D", "", number)


# -- conversations ---------------------------------------------------------------------------------------------


def thread_for(device: Device, numbers: list[str]) -> int:
    """The telephony thread of exactly these recipients, created if needed (``Threads.getOrCreateThreadId``)."""
    query = "&".join(f"recipient={n}" for n in numbers)
    out = device.shell(f"content query --uri {shlex.quote(f'content://mms-sms/threadID?{query}')}")
    m = re.search(r"_id=(\d+)", out)
    if not m:
        raise RuntimeError(f"the telephony provider gave no thread for {numbers}: {out.strip()}")
    return int(m.group(1))


def thread_recipients(device: Device, thread_id: int) -> list[str]:
    """The recipients' addresses of a thread, through ``content://mms-sms``."""
    rows = query_rows(device, f"content://mms-sms/conversations/{thread_id}", ["recipient_ids"])
    ids = rows[0]["recipient_ids"].split() if rows else []
    addresses = {r["_id"]: r["address"] for r in query_rows(device, "content://mms-sms/canonical-addresses",
                                                             ["_id", "address"])}
    return [addresses[i] for i in ids if i in addresses]


def add_thread_sms(device: Device, thread_id: int, address: str, body: str, kind: int, date_ms: int) -> None:
    """A message of a (group) thread, stored through the provider."""
    binds = {"thread_id": f"l:{thread_id}", "address": f"s:{address}", "body": f"s:{body}", "type": f"i:{kind}",
             "date": f"l:{date_ms}", "read": "i:1", "seen": "i:1", "sub_id": "i:1"}
    device.shell(f"content insert --uri {SMS_URI} " + " ".join(f"--bind {shlex.quote(f'{k}:{v}')}"
                                                               for k, v in binds.items()))


def set_conversation(device: Device, thread_id: int, **values: Any) -> None:
    """Messages' row of a thread: ``name``, ``archive_status``, ``pin_state``."""
    device.sqlite(BUGLE_DB, "INSERT OR IGNORE INTO conversations (sms_thread_id) VALUES (?)", (thread_id,))
    sets = ", ".join(f"{c} = ?" for c in values)
    device.sqlite(BUGLE_DB, f"UPDATE conversations SET {sets} WHERE sms_thread_id = ?", (*values.values(), thread_id))


def conversations(device: Device) -> dict[int, dict[str, Any]]:
    """Messages' rows by telephony thread id: ``name``, ``archived``, ``pinned``."""
    rows = table_rows(device, BUGLE_DB, "conversations", "sms_thread_id, name, archive_status, pin_state")
    return {int(r[0]): {"name": r[1], "archived": bool(r[2]), "pinned": bool(r[3])} for r in rows}


def named(device: Device, name: str) -> list[int]:
    """The threads Messages shows under this name."""
    return [tid for tid, c in conversations(device).items() if (c["name"] or "").strip() == name]


# -- messages --------------------------------------------------------------------------------------------------


def starred(device: Device) -> set[int]:
    """The ``sms._id`` of the starred messages."""
    return {int(r[0]) for r in table_rows(device, BUGLE_DB, "starred_messages", "sms_id")}


def scheduled(device: Device) -> list[dict[str, Any]]:
    """The scheduled messages: ``recipients`` (addresses), ``body``, ``time`` (device ms)."""
    rows = table_rows(device, BUGLE_DB, "scheduled_messages", "recipients, body, scheduled_time")
    return [{"recipients": (r[0] or "").split(), "body": r[1] or "", "time": int(r[2] or 0)} for r in rows]


# -- notifications and blocked numbers -------------------------------------------------------------------------


def notifications_enabled(device: Device) -> bool:
    """The app's "Notifications" switch (on unless turned off)."""
    return bool(read_prefs(device, PREFS).get(NOTIFICATIONS_KEY, True))


def set_notifications(device: Device, on: bool) -> None:
    device.shell(f"am force-stop {PREFS.split('/')[3]}")
    update_prefs(device, PREFS, {NOTIFICATIONS_KEY: on})


def blocked(device: Device) -> list[str]:
    """The blocked numbers as entered (``original_number``)."""
    return [r[0] for r in table_rows(device, blocked_numbers.DB, "blocked", "original_number")]


def is_blocked(device: Device, number: str) -> bool:
    return any(digits(n) == digits(number) for n in blocked(device))


def block(device: Device, number: str) -> None:
    """Add a blocked number as the system's provider stores it."""
    device.sqlite(blocked_numbers.DB, "INSERT OR IGNORE INTO blocked (original_number) VALUES (?)", (number,))
