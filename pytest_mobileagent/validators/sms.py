"""Text messages on the device, read and seeded through the telephony provider, as AndroidWorld's SMS tasks do.

Reading is ``content query --uri content://sms/...`` (``sms_validators``);
AndroidWorld's success rule for its SMS families is "a message to the number,
its body fuzzily equal to the goal's, sent within the last five minutes of
device time" (:func:`was_sent`); here the body must equal the goal's up to case
and spacing (see ``validators.answers``). Clearing goes through the provider
(``content delete``). Incoming texts come from the network: the emulator
console's ``sms send`` (``adb emu``, as AndroidWorld sends them); on a device
without a console, the message is written to the provider's inbox as the
default SMS app's receiver writes it (:func:`receive_sms`).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.android.sms_messenger import PACKAGE as SMS_APP
from pytest_mobileagent.android.telephony import DRAFT, SENT, SMS_URI
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.answers import text_matches

#: AndroidWorld's window: a message counts as just sent if at most this old.
SENT_WITHIN_MINUTES = 5
_COLUMNS = ("_id", "thread_id", "address", "date", "type", "read", "body")
_ROW = re.compile(r"^Row: \d+ " + ", ".join(f"{c}=" + ("(.*)" if c == "body" else "(.*?)") for c in _COLUMNS) + r"\Z",
                  re.S)


@dataclass(frozen=True)
class Sms:
    """One row of the ``sms`` table, as the provider prints it."""

    id: int
    thread_id: int
    address: str
    date: int
    type: int
    read: int
    body: str

    @property
    def key(self) -> tuple[int, int, str, int, int, str]:
        """What must not change for a message to count as untouched (opening a thread may mark it read)."""
        return self.id, self.thread_id, self.address, self.date, self.type, self.body


def _int(value: str) -> int:
    return int(value) if value.lstrip("-").isdigit() else 0


def messages(device: Device, box: str = "", where: str = "") -> list[Sms]:
    """Messages of a box (``inbox``, ``sent``, ``draft``... or all), newest first."""
    uri = f"{SMS_URI}/{box}" if box else SMS_URI
    cmd = f"content query --uri {uri} --projection {':'.join(_COLUMNS)}"
    if where:
        cmd += f" --where {shlex.quote(where)}"
    out = device.shell(cmd)
    found = []
    # a body may hold newlines: records start at "Row: N " at the start of a line
    for record in re.split(r"\n(?=Row: \d+ )", out.rstrip("\n")):
        m = _ROW.match(record)
        if m:
            rid, thread, address, date, kind, read, body = m.groups()
            found.append(Sms(_int(rid), _int(thread), address, _int(date), _int(kind), _int(read), body))
    return found


def sent_messages(device: Device) -> list[Sms]:
    """``content query --uri content://sms/sent``: what AndroidWorld's validators read, newest first."""
    return messages(device, "sent")


def clean_address(address: str) -> str:
    """AndroidWorld compares numbers with dashes and spaces removed."""
    return address.replace("-", "").replace(" ", "")


def device_time_ms(device: Device) -> int:
    """The device clock at second precision (``date +%s``), as AndroidWorld reads it."""
    return int(device.shell("date +%s").strip()) * 1000


def was_sent(sent: list[Sms], number: str, body: str, now_ms: int, minutes: int = SENT_WITHIN_MINUTES) -> bool:
    """AndroidWorld's ``_was_sent``, with exact bodies: some message to ``number`` with a body equal to ``body``
    up to case and spacing, at most ``minutes`` old."""
    return any(clean_address(m.address) == clean_address(number) and text_matches(m.body, body)
               and now_ms - m.date <= minutes * 60_000 for m in sent)


def in_sms_app(device: Device) -> bool:
    """Simple SMS Messenger is in the foreground (AndroidWorld's SMS checks require it)."""
    return device.current_activity()[0] == SMS_APP


def snapshot(device: Device) -> list[tuple[Any, ...]]:
    """Every stored message but drafts, by what must stay untouched (see :attr:`Sms.key`)."""
    return sorted(m.key for m in messages(device) if m.type != DRAFT)


def added_since(device: Device, before: list[tuple[Any, ...]]) -> list[Sms] | None:
    """The messages added since ``before`` (a :func:`snapshot`), or None if one of those was changed or removed."""
    now = [m for m in messages(device) if m.type != DRAFT]
    keys = {m.key for m in now}
    if not set(before) <= keys:
        return None
    old = set(before)
    return [m for m in now if m.key not in old]


def only_sent(added: list[Sms] | None, number: str, body: str, now_ms: int) -> bool:
    """Exactly one message was added, a sent one that :func:`was_sent` accepts."""
    return added is not None and len(added) == 1 and added[0].type == SENT and was_sent(added, number, body, now_ms)


# -- seeding ------------------------------------------------------------------------------------------


def clear_sms_and_threads(device: Device) -> None:
    """Every message and conversation gone, through the telephony provider (``content delete``: the provider
    drops threads left without messages): swapping ``mmssms.db`` under the live provider, which runs in the
    persistent phone process, would not reach it."""
    device.shell(f"content delete --uri {SMS_URI}")


def _binds(values: dict[str, Any]) -> str:
    kinds = {int: "l", str: "s"}
    return " ".join("--bind " + shlex.quote(f"{k}:{kinds[type(v)]}:{v}") for k, v in values.items())


def add_sms(device: Device, address: str, body: str, kind: int, date_ms: int, read: bool = True) -> None:
    """Store a message of the conversation history (received or sent at ``date_ms``) through the provider."""
    values = {"address": address, "body": body, "type": kind, "date": date_ms, "read": int(read), "seen": int(read),
              "sub_id": 1}
    device.shell(f"content insert --uri {SMS_URI} {_binds(values)}")


def receive_sms(device: Device, number: str, body: str) -> None:
    """A text arrives from ``number`` now: through the modem (the emulator console's ``sms send``, as
    AndroidWorld's ``text_emulator`` does) where there is a console, else stored as the default SMS app's
    receiver would store it."""
    sender = re.sub(r"[^0-9+]", "", number)
    if "console" in device.capabilities and "\n" not in body and "\r" not in body:
        device.console(f"sms send {sender} {body}")
        return
    values = {"address": sender, "subject": "", "body": body, "read": 0, "sub_id": 1}
    device.shell(f"content insert --uri {SMS_URI}/inbox {_binds(values)}")
